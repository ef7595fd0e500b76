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

/// What is left on one player's clock under a [`TimeSystem`]: seconds,
/// and in overtime the stones (Canadian) or periods (Japanese byo-yomi)
/// left; the accounting of a referee, strict about running out. The
/// engine's own clock ([`search::Clock`](crate::search::Clock)) keeps one
/// per colour too.
///
/// ```
/// use tengen::{PlayerClock, TimeSystem};
///
/// let system = TimeSystem::Byoyomi { main: 10.0, period: 5.0, periods: 2 };
/// let mut clock = PlayerClock::start(system);
/// assert!(clock.spend(system, 12.0).is_ok()); // main time, then 2 s of a period
/// assert_eq!((clock.seconds, clock.stones), (5.0, 2));
/// assert!(clock.spend(system, 6.0).is_ok()); // one period lost
/// assert_eq!(clock.stones, 1);
/// assert!(clock.spend(system, 5.5).is_err()); // the last one overrun
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerClock {
    /// Seconds left: of the main time, or of the current overtime period.
    pub seconds: f64,
    /// 0 in main time; in overtime the stones left to play in this period
    /// (Canadian) or the periods left (Japanese byo-yomi).
    pub stones: u32,
}

/// A player ran out of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime;

impl std::fmt::Display for OutOfTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("out of time")
    }
}

impl std::error::Error for OutOfTime {}

impl PlayerClock {
    /// The clock at the start of a game: the main time, or the first
    /// overtime period when there is no main time.
    pub fn start(system: TimeSystem) -> PlayerClock {
        match system {
            TimeSystem::None => PlayerClock::new(0.0, 0),
            TimeSystem::Absolute { main } => PlayerClock::new(main, 0),
            TimeSystem::Canadian {
                main,
                period,
                stones,
            }
            | TimeSystem::Byoyomi {
                main,
                period,
                periods: stones,
            } => {
                if main > 0.0 {
                    PlayerClock::new(main, 0)
                } else {
                    PlayerClock::new(period, stones)
                }
            }
        }
    }

    /// A clock showing `seconds` and `stones` (as GTP `time_left` says).
    pub fn new(seconds: f64, stones: u32) -> PlayerClock {
        PlayerClock { seconds, stones }
    }

    /// Whether the clock is in overtime (byo-yomi).
    pub fn in_overtime(&self) -> bool {
        self.stones > 0
    }

    /// Charges one move of `spent` seconds. Main time runs into overtime;
    /// a Canadian period starts afresh when its stones are played; a
    /// Japanese period is lost for each whole period a move overruns.
    ///
    /// # Errors
    /// [`OutOfTime`] when the move overran everything that was left (the
    /// clock then shows nothing left).
    pub fn spend(&mut self, system: TimeSystem, spent: f64) -> Result<(), OutOfTime> {
        let spent = if spent.is_finite() {
            spent.max(0.0)
        } else {
            f64::MAX
        };
        let out = |c: &mut PlayerClock| {
            *c = PlayerClock::new(0.0, 0);
            Err(OutOfTime)
        };
        match system {
            TimeSystem::None => Ok(()),
            TimeSystem::Absolute { .. } => {
                self.seconds -= spent;
                if self.seconds < 0.0 {
                    return out(self);
                }
                Ok(())
            }
            TimeSystem::Canadian { period, stones, .. } => {
                // Main time that ran out during the move: the rest of it
                // counts in the first period, as one of its stones.
                let Some(over) = self.spend_main(spent, period, stones) else {
                    return Ok(());
                };
                self.seconds -= over;
                if self.seconds < 0.0 {
                    return out(self);
                }
                self.stones -= 1;
                if self.stones == 0 {
                    *self = PlayerClock::new(period, stones);
                }
                Ok(())
            }
            TimeSystem::Byoyomi {
                period, periods, ..
            } => {
                let Some(mut over) = self.spend_main(spent, period, periods) else {
                    return Ok(());
                };
                // Each whole period the move overran is lost.
                while over > period {
                    over -= period;
                    self.stones -= 1;
                    if self.stones == 0 {
                        return out(self);
                    }
                }
                self.seconds = period;
                Ok(())
            }
        }
    }

    /// Charges `spent` to the main time, if the clock is in it: `None`
    /// when the main time covered it all; else the seconds still to charge
    /// to overtime, the clock then showing its first period (`period`
    /// seconds, `stones` stones or periods).
    fn spend_main(&mut self, spent: f64, period: f64, stones: u32) -> Option<f64> {
        if self.stones > 0 {
            return Some(spent);
        }
        if spent <= self.seconds {
            self.seconds -= spent;
            return None;
        }
        let over = spent - self.seconds;
        *self = PlayerClock::new(period, stones);
        Some(over)
    }

    /// The fraction of the main time used (1 once in overtime; 0 without
    /// main time).
    pub fn main_time_used(&self, system: TimeSystem) -> f64 {
        let main = match system {
            TimeSystem::None => return 0.0,
            TimeSystem::Absolute { main }
            | TimeSystem::Canadian { main, .. }
            | TimeSystem::Byoyomi { main, .. } => main,
        };
        if main <= 0.0 {
            0.0
        } else if self.in_overtime() {
            1.0
        } else {
            ((main - self.seconds) / main).clamp(0.0, 1.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_time_runs_out() {
        let sys = TimeSystem::Absolute { main: 10.0 };
        let mut c = PlayerClock::start(sys);
        assert_eq!(c.spend(sys, 4.0), Ok(()));
        assert_eq!(c.seconds, 6.0);
        assert!((c.main_time_used(sys) - 0.4).abs() < 1e-12);
        assert_eq!(c.spend(sys, 6.5), Err(OutOfTime));
    }

    #[test]
    fn canadian_periods_start_afresh_after_their_stones() {
        let sys = TimeSystem::Canadian {
            main: 5.0,
            period: 30.0,
            stones: 3,
        };
        let mut c = PlayerClock::start(sys);
        // 5 s of main time, then 3 s of the period: one stone of three.
        assert_eq!(c.spend(sys, 8.0), Ok(()));
        assert_eq!(c, PlayerClock::new(27.0, 2));
        assert_eq!(c.main_time_used(sys), 1.0);
        assert_eq!(c.spend(sys, 10.0), Ok(()));
        assert_eq!(c.spend(sys, 10.0), Ok(()));
        // Three stones in 23 s: a fresh period.
        assert_eq!(c, PlayerClock::new(30.0, 3));
        assert_eq!(c.spend(sys, 20.0), Ok(()));
        assert_eq!(c.spend(sys, 10.5), Err(OutOfTime));
    }

    #[test]
    fn japanese_periods_are_lost_one_by_one() {
        let sys = TimeSystem::Byoyomi {
            main: 0.0,
            period: 10.0,
            periods: 3,
        };
        let mut c = PlayerClock::start(sys);
        assert_eq!(c, PlayerClock::new(10.0, 3));
        assert_eq!(c.spend(sys, 9.9), Ok(()));
        assert_eq!(c, PlayerClock::new(10.0, 3));
        // 25 s: two periods overrun, the third used.
        assert_eq!(c.spend(sys, 25.0), Ok(()));
        assert_eq!(c, PlayerClock::new(10.0, 1));
        assert_eq!(c.spend(sys, 10.0), Ok(()));
        assert_eq!(c.spend(sys, 10.1), Err(OutOfTime));
        assert_eq!(c, PlayerClock::new(0.0, 0));
    }

    #[test]
    fn no_limit_never_runs_out() {
        let mut c = PlayerClock::start(TimeSystem::None);
        assert_eq!(c.spend(TimeSystem::None, f64::INFINITY), Ok(()));
    }
}
