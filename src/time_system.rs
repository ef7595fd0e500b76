//! Time systems: how much time each player has for the game, as a host
//! announces it (GTP `time_settings`, `kgs-time_settings`).

/// A time system as announced by `time_settings` or `kgs-time_settings`.
/// Times are in seconds. The clock that keeps it and budgets each move is
/// [`search::Clock`](crate::search::Clock).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum TimeSystem {
    /// No time limit.
    #[default]
    None,
    /// Main time only.
    Absolute {
        /// Main time.
        main: f64,
    },
    /// Canadian byo-yomi: after main time, `stones` moves in each `period`.
    Canadian {
        /// Main time.
        main: f64,
        /// Length of a byo-yomi period.
        period: f64,
        /// Stones to play in each period.
        stones: u32,
    },
    /// Japanese byo-yomi: after main time, `periods` periods of `period`
    /// seconds, one lost each time a move overruns.
    Byoyomi {
        /// Main time.
        main: f64,
        /// Length of one period.
        period: f64,
        /// Number of periods.
        periods: u32,
    },
}
