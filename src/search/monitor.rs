//! The monitor on the calling thread while the workers search: time
//! limits, early stops, the stop flag and periodic analysis.
//!
//! How a move's time is spent, given its normal time (`target`) and its
//! most (`max`) from the clock ([`Clock::budget`](super::Clock::budget)):
//! - a forced move (one legal point, the pass aside) stops as soon as
//!   [`EARLY_STOP_MIN_PLAYOUTS`] have run;
//! - an obvious one stops before the normal time, once the leader cannot
//!   be caught in the time left;
//! - a critical one goes on past the normal time, up to the most: while
//!   the best move is unstable, or while the win rate has fallen more than
//!   [`SWING`] below what the previous own move expected.

use super::analysis::snapshot;
use super::config::Limits;
use super::result::SearchResult;
use super::shared::Shared;
use super::time::TimeBudget;
use super::tree::{Tree, PASS};
use crate::game::Game;
use std::sync::atomic::Ordering::*;
use std::time::{Duration, Instant};
/// Playouts a search must have run before it may stop early because the
/// leader cannot be caught: fewer give no trustworthy rate or lead (one
/// playout on a briefly starved thread once ended a search after 10 ms).
pub const EARLY_STOP_MIN_PLAYOUTS: u64 = 256;
/// A fall of the leader's win rate by more than this since the previous
/// own move's search makes the move critical (a large swing: the
/// opponent's move changed the game); hand-set.
pub const SWING: f32 = 0.10;
/// Early stops are considered from this fraction (1 / n) of the target
/// time on: before, the visit counts and the rate are too young; hand-set.
const EARLY_STOP_FROM_FRACTION: u32 = 4;
/// How often the monitor wakes up (or the info interval, if shorter):
/// finer costs a little CPU, coarser overshoots the time; hand-set.
const MONITOR_TICK: Duration = Duration::from_millis(2);
/// The least elapsed time (seconds) a playout rate is computed over.
const MIN_RATE_SECONDS: f64 = 1e-3;
/// The top move is unstable while it has under this many times the
/// second's visits: past the target time, the search goes on (up to the
/// maximum) until the lead is clear; hand-set.
const UNSTABLE_LEAD_RATIO: f64 = 1.3;
/// ... or while its lead is under this many times the square root of the
/// two moves' visits (the noise of so few visits); hand-set.
const UNSTABLE_NOISE: f64 = 2.0;

/// The monitoring loop on the calling thread: time limits, early stops,
/// the stop flag and periodic analysis.
pub(super) fn monitor(
    sh: &Shared<'_>,
    threads: usize,
    start: Instant,
    budget: Option<TimeBudget>,
    limits: &Limits,
    game: &Game,
    info: &mut dyn FnMut(&SearchResult),
) {
    let mut last_info = start;
    // One legal point, the pass aside: nothing to think about.
    let forced = sh
        .root_legal
        .iter()
        .enumerate()
        .filter(|&(i, &legal)| legal && i != PASS as usize)
        .count()
        <= 1;
    loop {
        if sh.finished.load(Acquire) >= threads {
            return;
        }
        let tick = limits
            .info_interval
            .map_or(MONITOR_TICK, |i| i.min(MONITOR_TICK));
        std::thread::sleep(tick);
        let now = Instant::now();
        let elapsed = now - start;
        if sh.stop.load(Relaxed) {
            sh.done.store(true, Relaxed);
        }
        if let Some(b) = budget {
            let played = || -> u64 { sh.workers.iter().map(|w| w.playouts.load(Relaxed)).sum() };
            let forced_done =
                forced && limits.playouts.is_none() && played() >= EARLY_STOP_MIN_PLAYOUTS;
            if elapsed >= b.max || forced_done {
                sh.done.store(true, Relaxed);
            } else if elapsed >= b.target {
                if !unstable(sh.tree) && !swung(sh.tree, limits.expected_winrate) {
                    sh.done.store(true, Relaxed);
                }
            } else if b.saves
                && elapsed * EARLY_STOP_FROM_FRACTION >= b.target
                && limits.playouts.is_none()
            {
                // Stop early when the leader cannot be caught in time, but
                // only once the rate estimate rests on enough playouts: a
                // thread starved at the start would otherwise see one
                // playout as an uncatchable lead.
                let done = played();
                if done >= EARLY_STOP_MIN_PLAYOUTS {
                    let rate = done as f64 / elapsed.as_secs_f64().max(MIN_RATE_SECONDS);
                    let left = rate * (b.target - elapsed).as_secs_f64();
                    let (first, second) = top_two(sh.tree);
                    if (first - second) as f64 > left && first > 0 {
                        sh.done.store(true, Relaxed);
                    }
                }
            }
        }
        if let Some(iv) = limits.info_interval {
            if now - last_info >= iv {
                last_info = now;
                info(&snapshot(sh, game, start));
            }
        }
    }
}

/// The visits of the two most visited root moves.
fn top_two(tree: &Tree) -> (u64, u64) {
    let Some((first, count)) = tree.root().children() else {
        return (0, 0);
    };
    let (mut a, mut b) = (0u64, 0u64);
    for i in first..first + count {
        let v = u64::from(tree.node(i).visits());
        if v > a {
            b = a;
            a = v;
        } else if v > b {
            b = v;
        }
    }
    (a, b)
}

/// The win rate of the most visited root move, for the side to move
/// (`None` before any visit).
fn leader_winrate(tree: &Tree) -> Option<f32> {
    let (first, count) = tree.root().children()?;
    let best = (first..first + count)
        .map(|i| tree.node(i).stats())
        .max_by_key(|s| s.visits)?;
    (best.visits > 0).then(|| best.wins as f32 / (2.0 * best.visits as f32))
}

/// Whether the leader's win rate has fallen more than [`SWING`] below what
/// the previous own move expected.
fn swung(tree: &Tree, expected: Option<f32>) -> bool {
    match (expected, leader_winrate(tree)) {
        (Some(e), Some(now)) => now < e - SWING,
        _ => false,
    }
}

/// Whether the most visited root move may still change: no root move has
/// a visit yet (a thread starved at the start; the root always has at
/// least the pass to choose), or the leader's lead over the second is
/// under 30% of the second's visits, or within the noise of so few visits
/// (twice the square root of their sum).
fn unstable(tree: &Tree) -> bool {
    let (a, b) = top_two(tree);
    let (a, b) = (a as f64, b as f64);
    a == 0.0 || a < UNSTABLE_LEAD_RATIO * b || a - b < UNSTABLE_NOISE * (a + b).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A root with three children visited `visits` times each.
    fn root_with(visits: [u32; 3]) -> Tree {
        let t = Tree::new(100, 0);
        let first = t.alloc(3).expect("room");
        for (k, &v) in visits.iter().enumerate() {
            let node = t.node(first + k as u32);
            node.init(k as u16 + 1, 10, 5);
            for _ in 0..v {
                node.add_visit();
            }
        }
        t.root().finish_expand(first, 3);
        t
    }

    #[test]
    fn a_search_with_nothing_visited_is_unstable() {
        // A thread starved at the start: the root not yet expanded, or
        // expanded with no visit anywhere. Stopping at the target time
        // would choose a move blind.
        assert!(unstable(&Tree::new(100, 0)));
        assert!(unstable(&root_with([0, 0, 0])));
    }

    #[test]
    fn a_fall_of_the_win_rate_is_a_swing() {
        // Three children with 10, 11 and 12 visits, each winning 3.
        let t = Tree::new(100, 0);
        let first = t.alloc(3).expect("room");
        for k in 0..3u32 {
            let node = t.node(first + k);
            node.init(k as u16 + 1, 10, 5);
            for v in 0..(10 + k) {
                node.add_visit();
                node.add_result(if v < 3 { 2 } else { 0 });
            }
        }
        t.root().finish_expand(first, 3);
        // The most visited (the third, 12 visits, 3 wins): 0.25.
        let w = leader_winrate(&t).unwrap();
        assert!((w - 0.25).abs() < 1e-6, "{w}");
        assert!(swung(&t, Some(0.5)));
        assert!(!swung(&t, Some(0.3)));
        assert!(!swung(&t, None));
        assert!(!swung(&Tree::new(10, 0), Some(0.9)));
    }

    #[test]
    fn a_clear_leader_is_stable_and_a_close_one_is_not() {
        // 100 against 10: over 1.3 times the second and 90 > 2 x sqrt(110).
        assert!(!unstable(&root_with([100, 10, 3])));
        // 100 against 90: under 1.3 times the second.
        assert!(unstable(&root_with([100, 90, 3])));
        // 8 against 3: over 1.3 times, but 5 < 2 x sqrt(11) = 6.6, within
        // the noise.
        assert!(unstable(&root_with([8, 3, 0])));
    }
}
