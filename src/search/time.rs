//! The clock of a game and time management: what is left for each player
//! under the announced [`TimeSystem`], and how long the next move may think
//! (a normal time, and more for an unclear move).

use crate::color::{ByColor, Color};
use crate::time_system::{PlayerClock, TimeSystem};
use std::time::Duration;

/// How long to think: aim for `target`, never pass `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// The normal thinking time.
    pub target: Duration,
    /// The most the move may take (for unclear positions).
    pub max: Duration,
    /// Whether time the move leaves unused is kept for later moves (see
    /// [`Limits::saves_time`](super::Limits::saves_time)).
    pub saves: bool,
}

/// The fewest own moves a clock budget expects still to play, so that the
/// end of a game keeps some time (hand-set).
const MIN_MOVES_TO_GO: usize = 10;

/// The fraction of the board's points still empty when a game usually
/// ends (resignation or the last dame): with byo-yomi as the reserve, the
/// main time is shared over the moves before it (hand-set; 19x19 games
/// against GNU Go ended with a quarter to a half of the board empty, and
/// spent two thirds of a 10-minute main time with half the empty points as
/// the estimate).
const END_EMPTY_FRACTION: f64 = 0.2;

/// The clocks of a game: the time system and what each player has left.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    system: TimeSystem,
    left: ByColor<PlayerClock>,
    /// Time kept back from every budget for transmission lag.
    lag: Duration,
}

impl Clock {
    /// A clock with no limit, keeping `lag` back from every budget.
    pub fn new(lag: Duration) -> Clock {
        let mut c = Clock {
            system: TimeSystem::None,
            left: ByColor::new(PlayerClock::new(0.0, 0), PlayerClock::new(0.0, 0)),
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
        let start = PlayerClock::start(system);
        self.left = ByColor::new(start, start);
    }

    /// Records what the host says is left for `c`.
    pub fn set_left(&mut self, c: Color, seconds: f64, stones: u32) {
        self.left[c] = PlayerClock::new(seconds, stones);
    }

    /// Charges `spent` to `c`'s clock (for hosts that do not send
    /// `time_left`); the next `time_left` overrides it. A move that overran
    /// everything leaves the last overtime period (or nothing, under
    /// absolute time): the host, not the engine, declares a loss on time.
    pub fn spend(&mut self, c: Color, spent: Duration) {
        let system = self.system;
        if self.left[c].spend(system, spent.as_secs_f64()).is_err() {
            self.left[c] = match system {
                TimeSystem::Canadian { period, stones, .. } => PlayerClock::new(period, stones),
                TimeSystem::Byoyomi { period, .. } => PlayerClock::new(period, 1),
                TimeSystem::None | TimeSystem::Absolute { .. } => PlayerClock::new(0.0, 0),
            };
        }
    }

    /// What is left on `c`'s clock, as far as the engine knows.
    pub fn left(&self, c: Color) -> PlayerClock {
        self.left[c]
    }

    /// How long `c` may think about the next move with `empty` empty points
    /// on a board of `area` points: [`budget`](Clock::budget) with an
    /// estimate of `c`'s moves still to play. Under absolute time, half the
    /// empty points (a game may last that long, and nothing comes after
    /// the main time). With overtime after the main time, the byo-yomi is
    /// the reserve for a long end: half the empty points beyond the fifth
    /// of the board that a game usually ends with empty, so the main time
    /// is spent on the moves that decide the game. At least ten moves
    /// either way.
    pub fn budget_for(&self, c: Color, empty: usize, area: usize) -> Option<TimeBudget> {
        let has_overtime = matches!(
            self.system,
            TimeSystem::Canadian { .. } | TimeSystem::Byoyomi { .. }
        );
        let ends_with = if has_overtime {
            (area as f64 * END_EMPTY_FRACTION) as usize
        } else {
            0
        };
        let to_go = (empty.saturating_sub(ends_with) / 2).max(MIN_MOVES_TO_GO);
        self.budget(c, u32::try_from(to_go).unwrap_or(u32::MAX))
    }

    /// How long `c` may think about the next move, or `None` without a
    /// limit: the normal time (`target`) and the most a critical move may
    /// take (`max`). `moves_to_go` is an estimate of `c`'s remaining moves.
    /// In main time a critical move may take up to three normal shares;
    /// in byo-yomi a move aims at 70% of what it may use, and never uses
    /// more than the period (less the lag margin).
    pub fn budget(&self, c: Color, moves_to_go: u32) -> Option<TimeBudget> {
        let left = self.left[c];
        // The lag margin. In a byo-yomi period it is kept whole (each
        // period starts afresh); from a main time it is never more than
        // half of what is left, so near the end of the clock moves still
        // get a share of the rest.
        let lag = if left.stones > 0 {
            self.lag.as_secs_f64()
        } else {
            self.lag.as_secs_f64().min(left.seconds.max(0.0) / 2.0)
        };
        let moves = f64::from(moves_to_go.max(1));
        // Whether time unused now is kept for later moves: in a main time
        // and within a Canadian period with stones to go, not in a
        // Japanese period (each move gets a fresh one).
        let (target, max, saves) = match self.system {
            TimeSystem::None => return None,
            TimeSystem::Absolute { .. } => {
                let usable = left.seconds - lag;
                let share = usable / moves;
                (
                    share,
                    (CRITICAL_SHARES * share).min(usable * ABSOLUTE_MAX_FRACTION),
                    true,
                )
            }
            TimeSystem::Canadian { period, stones, .. } => {
                if left.stones == 0 {
                    // Main time: a share of it, plus a little of the first
                    // byo-yomi period.
                    let extra = MAIN_TIME_PERIOD_SHARE * period / f64::from(stones.max(1));
                    let share = left.seconds / moves + extra - lag;
                    (
                        share,
                        (CRITICAL_SHARES * share)
                            .min(left.seconds * MAIN_MAX_FRACTION + extra - lag),
                        true,
                    )
                } else {
                    let per = (left.seconds - lag) / f64::from(left.stones);
                    (BYO_YOMI_TARGET * per, per, left.stones > 1)
                }
            }
            TimeSystem::Byoyomi { period, .. } => {
                if left.stones == 0 {
                    let share = left.seconds / moves + MAIN_TIME_PERIOD_SHARE * period - lag;
                    let most =
                        left.seconds * MAIN_MAX_FRACTION + BYO_YOMI_PERIOD_MAX * period - lag;
                    (share, (CRITICAL_SHARES * share).min(most), true)
                } else {
                    // Each move may use a whole period without losing it.
                    let most = left.seconds.min(period) - lag;
                    (BYO_YOMI_TARGET * most, most, false)
                }
            }
        };
        // The floor of every budget: a few hundred playouts, but never more
        // than a fraction of the time really left on the clock. Once the
        // lag margin is eaten, a fixed floor would spend the last
        // milliseconds in a few moves and lose on time.
        let floor = MIN_SECONDS.min(left.seconds.max(0.0) * LAST_RESORT_FRACTION);
        // Finite inputs give finite times; a NaN would panic below.
        let finite = |x: f64| if x.is_nan() { floor } else { x };
        let max = finite(max).clamp(floor, 1.0e6);
        let target = finite(target).clamp(floor, max);
        Some(TimeBudget {
            target: Duration::from_secs_f64(target),
            max: Duration::from_secs_f64(max),
            saves,
        })
    }
}

/// The shortest time ever budgeted for a move, in seconds: a search
/// still runs a few hundred playouts in it.
const MIN_SECONDS: f64 = 0.05;

/// With less than the lag margin left, the share of the time really left
/// that one move may take: the clock then shrinks geometrically instead of
/// running out (hand-set; the rest absorbs process and host lag).
const LAST_RESORT_FRACTION: f64 = 0.1;

/// How many normal shares an unclear move may take in main time: more
/// for critical moves, at the cost of later ones (hand-set, as the classic
/// engines do, between 2 and 4).
const CRITICAL_SHARES: f64 = 3.0;

/// Under absolute time, the most of what is left that one move may take.
const ABSOLUTE_MAX_FRACTION: f64 = 0.25;

/// In main time with byo-yomi after it, the most of the main time left
/// that one move may take (the byo-yomi is a reserve, so more than under
/// absolute time).
const MAIN_MAX_FRACTION: f64 = 1.0 / 3.0;

/// In main time, the share of one byo-yomi move added to every normal
/// time: the reserve lets main-time moves think a little longer.
const MAIN_TIME_PERIOD_SHARE: f64 = 0.5;

/// In main time under Japanese byo-yomi, the share of a period an
/// unclear move may add on top of main time.
const BYO_YOMI_PERIOD_MAX: f64 = 0.8;

/// In byo-yomi, the share of the safe maximum a move aims at: the rest
/// absorbs the engine's own start and stop and the host's lag.
const BYO_YOMI_TARGET: f64 = 0.7;

#[cfg(test)]
mod tests {
    use super::*;

    /// The normal time of a budget, in seconds (-1 without a limit).
    fn secs(b: Option<TimeBudget>) -> f64 {
        b.map(|b| b.target.as_secs_f64()).unwrap_or(-1.0)
    }

    /// The most a critical move may take, in seconds (-1 without a limit).
    fn most(b: Option<TimeBudget>) -> f64 {
        b.map(|b| b.max.as_secs_f64()).unwrap_or(-1.0)
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
        // A critical move: three shares, under a quarter of what is left.
        assert!((most(c.budget(Color::White, 30)) - 6.0).abs() < 1e-9);
        assert!((most(c.budget(Color::White, 5)) - 15.0).abs() < 1e-9);
        c.set_left(Color::White, 11.0, 0);
        assert!((secs(c.budget(Color::White, 10)) - 1.0).abs() < 1e-9);
        // Nearly out of time: the lag margin shrinks to half of what is
        // left (0.25 s usable), a quarter of that at most, and the floor
        // of 50 ms as the normal time.
        c.set_left(Color::White, 0.5, 0);
        assert!((secs(c.budget(Color::White, 10)) - 0.05).abs() < 1e-9);
        assert!((most(c.budget(Color::White, 10)) - 0.0625).abs() < 1e-9);
        // Under the floor: a tenth of what is really left as the normal
        // time, never the floor itself (43 ms left once got a 50 ms
        // budget and lost on time), and at most an eighth of it.
        c.set_left(Color::White, 0.043, 0);
        assert!((secs(c.budget(Color::White, 10)) - 0.0043).abs() < 1e-9);
        assert!(most(c.budget(Color::White, 10)) <= 0.043 / 8.0 + 1e-9);
        c.set_left(Color::White, 0.0, 0);
        assert_eq!(most(c.budget(Color::White, 10)), 0.0);
    }

    /// Whether the move's unused time is kept (false without a limit).
    fn saves(b: Option<TimeBudget>) -> bool {
        b.is_some_and(|b| b.saves)
    }

    #[test]
    fn only_time_kept_for_later_moves_counts_as_saved() {
        let lag = Duration::from_millis(100);
        let mut c = Clock::new(lag);
        c.set_system(TimeSystem::Absolute { main: 60.0 });
        assert!(saves(c.budget(Color::Black, 30)));
        // Canadian: the main time and a period's stones share their time,
        // the last stone of a period does not (the next one starts afresh):
        // `time_settings 0 T 1` is a fixed time a move.
        c.set_system(TimeSystem::Canadian {
            main: 60.0,
            period: 30.0,
            stones: 5,
        });
        assert!(saves(c.budget(Color::Black, 30)));
        c.set_left(Color::Black, 30.0, 5);
        assert!(saves(c.budget(Color::Black, 30)));
        c.set_left(Color::Black, 6.0, 1);
        assert!(!saves(c.budget(Color::Black, 30)));
        c.set_system(TimeSystem::Canadian {
            main: 0.0,
            period: 2.0,
            stones: 1,
        });
        assert!(!saves(c.budget(Color::Black, 30)));
        // Japanese: the main time does, a period does not.
        c.set_system(TimeSystem::Byoyomi {
            main: 60.0,
            period: 10.0,
            periods: 3,
        });
        assert!(saves(c.budget(Color::Black, 30)));
        c.set_left(Color::Black, 10.0, 3);
        assert!(!saves(c.budget(Color::Black, 30)));
    }

    #[test]
    fn canadian_byo_yomi() {
        let mut c = Clock::new(Duration::from_secs(1));
        c.set_system(TimeSystem::Canadian {
            main: 0.0,
            period: 51.0,
            stones: 10,
        });
        // No main time: (51 - 1) / 10 = 5 seconds a stone at most, 3.5
        // normally.
        assert!((most(c.budget(Color::Black, 40)) - 5.0).abs() < 1e-9);
        assert!((secs(c.budget(Color::Black, 40)) - 3.5).abs() < 1e-9);
        c.set_left(Color::Black, 21.0, 4);
        assert!((most(c.budget(Color::Black, 40)) - 5.0).abs() < 1e-9);
    }

    #[test]
    fn japanese_byo_yomi() {
        let mut c = Clock::new(Duration::from_millis(500));
        c.set_system(TimeSystem::Byoyomi {
            main: 0.0,
            period: 10.0,
            periods: 3,
        });
        // In a period: never more than the period less the lag.
        assert!((most(c.budget(Color::Black, 40)) - 9.5).abs() < 1e-9);
        assert!((secs(c.budget(Color::Black, 40)) - 6.65).abs() < 1e-9);
        // Main time: 100 / 20 + 0.5 * 10 - 0.5, up to three times that.
        c.set_left(Color::Black, 100.0, 0);
        assert!((secs(c.budget(Color::Black, 20)) - 9.5).abs() < 1e-9);
        assert!((most(c.budget(Color::Black, 20)) - 28.5).abs() < 1e-9);
        // Little main time left: a third of it plus most of a period.
        c.set_left(Color::Black, 3.0, 0);
        assert!((most(c.budget(Color::Black, 20)) - 8.5).abs() < 1e-9);
    }

    #[test]
    fn byo_yomi_is_the_reserve_of_main_time() {
        // 19x19, 300 points empty: under absolute time 150 own moves to
        // go; with byo-yomi after it, (300 - 72) / 2 = 114.
        let mut c = Clock::new(Duration::ZERO);
        c.set_system(TimeSystem::Absolute { main: 600.0 });
        assert!((secs(c.budget_for(Color::Black, 300, 361)) - 4.0).abs() < 1e-9);
        c.set_system(TimeSystem::Byoyomi {
            main: 600.0,
            period: 20.0,
            periods: 3,
        });
        // 600 / 114 + half a period.
        let want = 600.0 / 114.0 + 10.0;
        assert!((secs(c.budget_for(Color::Black, 300, 361)) - want).abs() < 1e-9);
        // Near the end, at least ten moves to go.
        let want = 600.0 / 10.0 + 10.0;
        assert!((secs(c.budget_for(Color::Black, 80, 361)) - want).abs() < 1e-9);
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
        // Now in byo-yomi: the move's last second was its first stone of
        // the period, so 29 s for 2 stones.
        assert!((most(c.budget(Color::Black, 40)) - 14.5).abs() < 1e-9);
        c.spend(Color::Black, Duration::from_secs(6));
        assert!((most(c.budget(Color::Black, 40)) - 23.0).abs() < 1e-9);
        // The period's last stone: a fresh period.
        c.spend(Color::Black, Duration::from_secs(20));
        assert!((most(c.budget(Color::Black, 40)) - 10.0).abs() < 1e-9);
        // An overrun: the engine keeps counting from a fresh period (the
        // host declares losses).
        c.spend(Color::Black, Duration::from_secs(60));
        assert!((most(c.budget(Color::Black, 40)) - 10.0).abs() < 1e-9);
    }
}
