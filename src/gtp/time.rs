//! Clocks: the time systems GTP hosts announce, what is left for each
//! player, and how long the next move may think.

use crate::color::{ByColor, Color};
use std::time::Duration;

/// A time system as announced by `time_settings` or `kgs-time_settings`.
/// Times are in seconds.
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

/// What is left on one player's clock, as `time_left` reports it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Left {
    seconds: f64,
    /// Stones (Canadian) or periods (Japanese) left; 0 in main time.
    stones: u32,
}

/// The clocks of a game: the time system and what each player has left.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    system: TimeSystem,
    left: ByColor<Left>,
    /// Time kept back from every budget for transmission lag.
    lag: Duration,
}

impl Clock {
    /// A clock with no limit, keeping `lag` back from every budget.
    pub fn new(lag: Duration) -> Clock {
        let mut c = Clock {
            system: TimeSystem::None,
            left: ByColor::new(Left::ZERO, Left::ZERO),
            lag,
        };
        c.set_system(TimeSystem::None);
        c
    }

    /// The time system in force.
    pub fn system(&self) -> TimeSystem {
        self.system
    }

    /// Announces a time system; both clocks start at their main time.
    pub fn set_system(&mut self, system: TimeSystem) {
        self.system = system;
        let start = match system {
            TimeSystem::None => Left::ZERO,
            TimeSystem::Absolute { main } => Left {
                seconds: main,
                stones: 0,
            },
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => {
                if main > 0.0 {
                    Left {
                        seconds: main,
                        stones: 0,
                    }
                } else {
                    Left {
                        seconds: period,
                        stones,
                    }
                }
            }
            TimeSystem::Byoyomi {
                main,
                period,
                periods,
            } => {
                if main > 0.0 {
                    Left {
                        seconds: main,
                        stones: 0,
                    }
                } else {
                    Left {
                        seconds: period,
                        stones: periods,
                    }
                }
            }
        };
        self.left = ByColor::new(start, start);
    }

    /// Records what the host says is left for `c`.
    pub fn set_left(&mut self, c: Color, seconds: f64, stones: u32) {
        self.left[c] = Left { seconds, stones };
    }

    /// Charges `spent` to `c`'s clock (for hosts that do not send
    /// `time_left`); the next `time_left` overrides it.
    pub fn spend(&mut self, c: Color, spent: Duration) {
        let s = spent.as_secs_f64();
        let left = &mut self.left[c];
        match self.system {
            TimeSystem::None => {}
            TimeSystem::Absolute { .. } => left.seconds = (left.seconds - s).max(0.0),
            TimeSystem::Canadian { period, stones, .. } => {
                if left.stones == 0 {
                    left.seconds -= s;
                    if left.seconds <= 0.0 {
                        *left = Left {
                            seconds: period,
                            stones,
                        };
                    }
                } else {
                    left.seconds = (left.seconds - s).max(0.0);
                    left.stones -= 1;
                    if left.stones == 0 {
                        *left = Left {
                            seconds: period,
                            stones,
                        };
                    }
                }
            }
            TimeSystem::Byoyomi {
                period, periods, ..
            } => {
                if left.stones == 0 {
                    left.seconds -= s;
                    if left.seconds <= 0.0 {
                        *left = Left {
                            seconds: period,
                            stones: periods,
                        };
                    }
                } else if s > period {
                    left.stones = left.stones.saturating_sub(1).max(1);
                }
            }
        }
    }

    /// How long `c` may think about the next move, or `None` without a
    /// limit. `moves_to_go` is an estimate of `c`'s remaining moves.
    pub fn budget(&self, c: Color, moves_to_go: u32) -> Option<Duration> {
        let left = self.left[c];
        let lag = self.lag.as_secs_f64();
        let moves = f64::from(moves_to_go.max(1));
        let secs = match self.system {
            TimeSystem::None => return None,
            TimeSystem::Absolute { .. } => (left.seconds - lag) / moves,
            TimeSystem::Canadian { period, stones, .. } => {
                if left.stones == 0 {
                    // Main time: a share of it, plus a little of the first
                    // byo-yomi period.
                    left.seconds / moves + 0.5 * period / f64::from(stones.max(1)) - lag
                } else {
                    (left.seconds - lag) / f64::from(left.stones)
                }
            }
            TimeSystem::Byoyomi { period, .. } => {
                if left.stones == 0 {
                    left.seconds / moves + 0.5 * period - lag
                } else {
                    // Each move may use a whole period without losing it.
                    left.seconds.min(period) - lag
                }
            }
        };
        // Finite inputs give a finite budget; a NaN would panic below.
        let secs = if secs.is_nan() { 0.05 } else { secs };
        Some(Duration::from_secs_f64(secs.clamp(0.05, 1.0e6)))
    }
}

impl Left {
    const ZERO: Left = Left {
        seconds: 0.0,
        stones: 0,
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(d: Option<Duration>) -> f64 {
        d.map(|d| d.as_secs_f64()).unwrap_or(-1.0)
    }

    #[test]
    fn no_limit() {
        let c = Clock::new(Duration::from_millis(500));
        assert_eq!(c.budget(Color::Black, 30), None);
    }

    #[test]
    fn absolute_shares_main_time() {
        let mut c = Clock::new(Duration::from_secs(1));
        c.set_system(TimeSystem::Absolute { main: 61.0 });
        // (61 - 1) / 30 = 2 seconds.
        assert!((secs(c.budget(Color::White, 30)) - 2.0).abs() < 1e-9);
        c.set_left(Color::White, 11.0, 0);
        assert!((secs(c.budget(Color::White, 10)) - 1.0).abs() < 1e-9);
        // Nearly out of time: the floor of 50 ms.
        c.set_left(Color::White, 0.5, 0);
        assert!((secs(c.budget(Color::White, 10)) - 0.05).abs() < 1e-9);
    }

    #[test]
    fn canadian_byo_yomi() {
        let mut c = Clock::new(Duration::from_secs(1));
        c.set_system(TimeSystem::Canadian {
            main: 0.0,
            period: 51.0,
            stones: 10,
        });
        // No main time: (51 - 1) / 10 = 5 seconds a stone.
        assert!((secs(c.budget(Color::Black, 40)) - 5.0).abs() < 1e-9);
        c.set_left(Color::Black, 21.0, 4);
        assert!((secs(c.budget(Color::Black, 40)) - 5.0).abs() < 1e-9);
    }

    #[test]
    fn japanese_byo_yomi() {
        let mut c = Clock::new(Duration::from_millis(500));
        c.set_system(TimeSystem::Byoyomi {
            main: 0.0,
            period: 10.0,
            periods: 3,
        });
        assert!((secs(c.budget(Color::Black, 40)) - 9.5).abs() < 1e-9);
        // Main time: 100 / 20 + 0.5 * 10 - 0.5.
        c.set_left(Color::Black, 100.0, 0);
        assert!((secs(c.budget(Color::Black, 20)) - 9.5).abs() < 1e-9);
    }

    #[test]
    fn spending_enters_byo_yomi() {
        let mut c = Clock::new(Duration::ZERO);
        c.set_system(TimeSystem::Canadian {
            main: 1.0,
            period: 30.0,
            stones: 3,
        });
        c.spend(Color::Black, Duration::from_secs(2));
        // Now in byo-yomi: 30 s for 3 stones.
        assert!((secs(c.budget(Color::Black, 40)) - 10.0).abs() < 1e-9);
        c.spend(Color::Black, Duration::from_secs(6));
        assert!((secs(c.budget(Color::Black, 40)) - 12.0).abs() < 1e-9);
    }
}
