//! Time management: how long to think for one move, given the clock.

use std::time::Duration;

/// A time system, as set by GTP `time_settings` or `kgs-time_settings`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TimeControl {
    /// No time limit.
    #[default]
    None,
    /// Main time only: the whole game must be played within it.
    Absolute {
        /// The main time.
        main: Duration,
    },
    /// Main time, then `stones` moves in each period of `period` (Canadian
    /// byo-yomi; GTP `time_settings`).
    Canadian {
        /// The main time.
        main: Duration,
        /// The length of one byo-yomi period.
        period: Duration,
        /// The stones to play in each period.
        stones: u32,
    },
    /// Main time, then `periods` periods of `period`, one move in each
    /// (Japanese byo-yomi; KGS `byoyomi`).
    Byoyomi {
        /// The main time.
        main: Duration,
        /// The length of one period.
        period: Duration,
        /// The number of periods.
        periods: u32,
    },
}

/// The state of one player's clock before a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Clock {
    /// The time system.
    pub control: TimeControl,
    /// Time left: in main time, the main time left; in byo-yomi, the time
    /// left in the current period.
    pub time_left: Duration,
    /// 0 while in main time. In Canadian byo-yomi, the stones still to play
    /// in the current period; in Japanese byo-yomi, the periods left (as
    /// GTP `time_left` reports them).
    pub stones_left: u32,
}

impl Clock {
    /// A fresh clock at the start of a game under `control`.
    pub fn new(control: TimeControl) -> Clock {
        let (time_left, stones_left) = match control {
            TimeControl::None => (Duration::ZERO, 0),
            TimeControl::Absolute { main } => (main, 0),
            TimeControl::Canadian {
                main,
                period,
                stones,
            } => {
                if main.is_zero() {
                    (period, stones)
                } else {
                    (main, 0)
                }
            }
            TimeControl::Byoyomi {
                main,
                period,
                periods,
            } => {
                if main.is_zero() {
                    (period, periods)
                } else {
                    (main, 0)
                }
            }
        };
        Clock {
            control,
            time_left,
            stones_left,
        }
    }
}

/// How long to think: aim for `target`, never pass `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// The normal thinking time.
    pub target: Duration,
    /// The most the move may take (for unclear positions).
    pub max: Duration,
}

/// The shortest thinking time ever budgeted (a few playouts still run).
const FLOOR: Duration = Duration::from_millis(5);

/// The thinking time for a move with `empty` empty points left on a board
/// of `area` points, keeping `lag` per move for network and process
/// overhead. `None` when the clock imposes no limit.
pub fn budget(clock: &Clock, empty: usize, area: usize, lag: Duration) -> Option<TimeBudget> {
    // Own moves still to play in main time: about half the empty points,
    // with a floor so that the end of the game keeps some time.
    let moves_left = ((empty as u32) / 2).max((area as u32) / 10).max(6) + 2;
    let left = clock.time_left;
    let budget = match clock.control {
        TimeControl::None => return None,
        TimeControl::Absolute { .. } => {
            let usable = left.saturating_sub(lag * 2);
            let target = (usable / moves_left).saturating_sub(lag);
            let max = (usable / 4).saturating_sub(lag).max(target);
            TimeBudget { target, max }
        }
        TimeControl::Canadian { period, stones, .. } => {
            if clock.stones_left == 0 {
                // Main time: spread it, plus part of one byo-yomi move.
                let per_stone = period / stones.max(1);
                let usable = left.saturating_sub(lag);
                let target = (usable / moves_left + per_stone / 2).saturating_sub(lag);
                let max = (usable / 3 + per_stone / 2).saturating_sub(lag);
                let max = max.min(usable + per_stone.saturating_sub(lag * 2));
                TimeBudget {
                    target: target.min(max),
                    max,
                }
            } else {
                let per = left / clock.stones_left.max(1);
                let max = per.saturating_sub(lag);
                TimeBudget {
                    target: max.mul_f64(0.85),
                    max,
                }
            }
        }
        TimeControl::Byoyomi { period, .. } => {
            if clock.stones_left == 0 {
                let usable = left.saturating_sub(lag);
                let target = (usable / moves_left + period.mul_f64(0.8)).saturating_sub(lag);
                let max = (usable / 3 + period.mul_f64(0.8)).saturating_sub(lag);
                TimeBudget {
                    target: target.min(max),
                    max,
                }
            } else {
                // In byo-yomi each move gets the period: keep a margin and
                // never spend a period.
                let max = left.min(period).saturating_sub(lag);
                TimeBudget {
                    target: max.mul_f64(0.8),
                    max,
                }
            }
        }
    };
    Some(TimeBudget {
        target: budget.target.max(FLOOR).min(budget.max.max(FLOOR)),
        max: budget.max.max(FLOOR),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAG: Duration = Duration::from_millis(100);

    #[test]
    fn no_clock_no_budget() {
        assert_eq!(budget(&Clock::default(), 81, 81, LAG), None);
    }

    #[test]
    fn absolute_spreads_main_time() {
        let c = Clock::new(TimeControl::Absolute {
            main: Duration::from_secs(60),
        });
        let b = budget(&c, 81, 81, LAG).unwrap();
        // 60 s over at least 40 moves: under 1.5 s each, and not nothing.
        assert!(b.target < Duration::from_millis(1500), "{b:?}");
        assert!(b.target > Duration::from_millis(500), "{b:?}");
        assert!(b.max <= Duration::from_secs(15));
        // With 1 s left, a move takes well under it.
        let low = Clock {
            time_left: Duration::from_secs(1),
            ..c
        };
        let b = budget(&low, 30, 81, LAG).unwrap();
        assert!(b.max < Duration::from_millis(300), "{b:?}");
    }

    #[test]
    fn byoyomi_keeps_the_margin() {
        let c = Clock::new(TimeControl::Byoyomi {
            main: Duration::ZERO,
            period: Duration::from_secs(1),
            periods: 3,
        });
        assert_eq!(c.stones_left, 3);
        let b = budget(&c, 60, 81, LAG).unwrap();
        assert!(b.max <= Duration::from_millis(900), "{b:?}");
        assert!(b.target <= b.max);
        assert!(b.target >= Duration::from_millis(500), "{b:?}");
    }

    #[test]
    fn canadian_period_divides_by_stones() {
        let c = Clock {
            control: TimeControl::Canadian {
                main: Duration::ZERO,
                period: Duration::from_secs(30),
                stones: 10,
            },
            time_left: Duration::from_secs(20),
            stones_left: 5,
        };
        let b = budget(&c, 100, 361, LAG).unwrap();
        // 20 s for 5 stones: at most 4 s minus the lag.
        assert_eq!(b.max, Duration::from_millis(3900));
        assert!(b.target < b.max);
    }
}
