//! Players for Phantom Go, choosing tries from a [`PlayerView`] alone.
//!
//! The [`Sampling`] player guesses where the hidden opponent stones are,
//! many times over, consistently with everything observed (the number of
//! opponent stones, the points refused to it, the handicap, the captures,
//! and that every chain on the board has a liberty), searches each guess
//! with an ordinary [`Engine`], and plays the move with the most search
//! effort summed over the guesses. A refused try becomes an almost sure
//! opponent stone in every later guess, so the next choice takes it into
//! account, and so do the opponent stones around a captured chain of the
//! player's. Each guess is searched with the komi moved against the player
//! by an adaptive *ambition* (a dynamic komi): a hidden opponent cannot
//! answer as well as the search assumes, so aiming for a larger win pays.
//! [`Naive`] plays the standard engine on its partial view as if
//! it were the whole board; [`RandomTries`] tries random points.

use crate::board::Board;
use crate::color::Color;
use crate::game::Game;
use crate::geometry::Loc;
use crate::phantom::PlayerView;
use crate::point::Move;
use crate::rules::Rules;
use crate::search::{Decision, Engine, Limits, Request};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A Phantom Go player: picks the next try from what it knows.
pub trait PhantomPlayer {
    /// The next try (a point not refused this turn, or a pass).
    fn choose(
        &mut self,
        view: &PlayerView,
        rules: &Rules,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Move;
}

/// Whether `l` may be tried now: empty as far as the player knows and not
/// refused this turn.
fn triable(view: &PlayerView, l: Loc) -> bool {
    view.own_board().is_empty_at(l) && !view.refused_now().contains(l)
}

/// Tries uniformly random points that are empty as far as it knows; passes
/// when none is left (or, now and then, never: it passes only when it must).
#[derive(Clone, Debug)]
pub struct RandomTries {
    rng: Xoshiro256PlusPlus,
}

impl RandomTries {
    /// A seeded random player.
    pub fn new(seed: u64) -> RandomTries {
        RandomTries {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }
}

impl PhantomPlayer for RandomTries {
    fn choose(&mut self, view: &PlayerView, _: &Rules, _: &Limits, _: &AtomicBool) -> Move {
        let b = view.own_board();
        let me = view.color();
        let options: Vec<Loc> = b
            .locs()
            .filter(|&l| triable(view, l) && !b.is_eye(l, me))
            .collect();
        options
            .choose(&mut self.rng)
            .map_or(Move::Pass, |&l| Move::Play(b.point(l)))
    }
}

/// The standard engine on the player's partial view, as if it were the
/// whole board; a refused point is skipped for the rest of the turn.
pub struct Naive<E: Engine> {
    engine: E,
}

impl<E: Engine> Naive<E> {
    /// Wraps a standard engine.
    pub fn new(engine: E) -> Naive<E> {
        Naive { engine }
    }
}

impl<E: Engine> PhantomPlayer for Naive<E> {
    fn choose(
        &mut self,
        view: &PlayerView,
        rules: &Rules,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Move {
        let me = view.color();
        let Ok(game) = Game::from_board(view.own_board().clone(), me, *rules) else {
            return Move::Pass;
        };
        let req = Request {
            game: &game,
            color: me,
            cleanup: false,
        };
        let (decision, analysis) = self.engine.genmove(&req, limits, stop);
        let board = view.own_board();
        let ok = |m: Move| match m {
            Move::Pass => true,
            Move::Play(p) => board.loc(p).is_some_and(|l| triable(view, l)),
        };
        match decision {
            Decision::Play(m) if ok(m) => m,
            // The engine wanted a point it may not try: its next choice,
            // else any point it may try (it did not want to pass).
            _ => analysis
                .candidates
                .iter()
                .map(|c| c.mv)
                .find(|&m| m != Move::Pass && ok(m))
                .or_else(|| {
                    board
                        .locs()
                        .find(|&l| triable(view, l) && !board.is_eye(l, me))
                        .map(|l| Move::Play(board.point(l)))
                })
                .unwrap_or(Move::Pass),
        }
    }
}

/// The sampling player (see the module docs).
pub struct Sampling<E: Engine> {
    engine: E,
    rng: Xoshiro256PlusPlus,
    /// How many guesses of the hidden stones each choice searches.
    pub samples: usize,
    /// The points the player tries to win by beyond the komi (see
    /// [`Sampling::ambition`]); it adapts to how the guesses go.
    pub ambition: f64,
    /// Whether the ambition adapts (off: it stays where it is set).
    pub adaptive: bool,
    /// The ambition rises when the guesses' best win rate is above the
    /// second number and falls when it is below the first.
    pub ambition_band: (f64, f64),
    /// The most ambition, as a share of the board's points.
    pub ambition_max_share: f64,
    /// The ambition rises only once this share of the board's points in
    /// opponent stones has been captured.
    pub ambition_evidence: f64,
}

impl<E: Engine> Sampling<E> {
    /// A sampling player over `engine`, seeded.
    pub fn new(engine: E, seed: u64) -> Sampling<E> {
        Sampling {
            engine,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            samples: 8,
            ambition: 0.0,
            adaptive: true,
            ambition_band: (0.5, 0.7),
            ambition_max_share: 1.0 / 3.0,
            ambition_evidence: 0.05,
        }
    }

    /// The margin the guesses are searched for: the engine plays each
    /// guess with the komi moved this many points against the player.
    ///
    /// Each guess is searched as if the opponent saw the whole board and
    /// answered perfectly, so the plain search settles for a safe, small
    /// win; an opponent who cannot see the player's stones does not answer
    /// perfectly, and the player gains by aiming higher. Like the dynamic
    /// komi of handicap games, the ambition rises while the guesses say the
    /// player wins it comfortably and falls when they say it would lose,
    /// never below 0.
    pub fn ambition(&self) -> f64 {
        self.ambition
    }

    /// Adapts the ambition to the average best win rate of one choice;
    /// `captured` is how many opponent stones died so far.
    fn adapt(&mut self, best_rate: f64, area: usize, captured: usize) {
        if !self.adaptive {
            return;
        }
        let step = (area as f64 / 40.0).max(0.5);
        let (low, high) = self.ambition_band;
        // The guesses' win rates assume an opponent as good as the search;
        // only an opponent who keeps losing stones shows it is weaker.
        let weak = captured as f64 >= area as f64 * self.ambition_evidence;
        if best_rate > high && weak {
            self.ambition += step;
        } else if best_rate < low {
            self.ambition = (self.ambition - 2.0 * step).max(0.0);
        }
        self.ambition = self.ambition.min(area as f64 * self.ambition_max_share);
    }

    /// One guess of the full board: the player's stones plus as many
    /// opponent stones as there are, placed first on the points known or
    /// refused, then at random where no chain is left without a liberty.
    pub fn sample(&mut self, view: &PlayerView) -> Board {
        let me = view.color();
        let opp = me.opponent();
        let mut board = view.own_board().clone();
        let mut left = view.opponent_stones();
        let mut sure: Vec<Loc> = view
            .known_opponent()
            .iter()
            .chain(view.refused_now().iter())
            .chain(view.refused_before().iter())
            .collect();
        sure.sort();
        sure.dedup();
        sure.shuffle(&mut self.rng);
        for l in sure {
            if left == 0 {
                break;
            }
            if board.is_empty_at(l) && place(&mut board, l, opp) {
                left -= 1;
            }
        }
        let mut empties: Vec<Loc> = board.empty_locs().collect();
        empties.sort();
        empties.shuffle(&mut self.rng);
        for l in empties {
            if left == 0 {
                break;
            }
            // Opponent stones rarely sit inside the player's eyes.
            if board.is_eye(l, me) && self.rng.gen_bool(0.9) {
                continue;
            }
            if place(&mut board, l, opp) {
                left -= 1;
            }
        }
        board
    }
}

/// Puts a stone of `c` on the empty `l` if every chain keeps a liberty.
fn place(board: &mut Board, l: Loc, c: Color) -> bool {
    let own_ok = !board.is_suicide(l, c);
    let captures = board
        .neighbors(l)
        .any(|n| board.color_at(n) == Some(c.opponent()) && board.liberties(n) == 1);
    if !own_ok || captures {
        return false;
    }
    board.set(board.point(l), Some(c)).is_ok()
}

impl<E: Engine> PhantomPlayer for Sampling<E> {
    fn choose(
        &mut self,
        view: &PlayerView,
        rules: &Rules,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Move {
        let me = view.color();
        let n = self.samples.max(1);
        // The time is shared out as it goes: each guess gets an even share
        // of what is left, and a tenth (at most 50 ms) is kept for the
        // sampling itself and the answer.
        let started = Instant::now();
        let deadline = limits
            .time
            .map(|t| started + t.saturating_sub((t / 10).min(Duration::from_millis(50))));
        let area = view.own_board().area();
        let mut effort = vec![0.0f64; area + 1];
        let (mut best_sum, mut searched) = (0.0, 0u32);
        // A caller may have set any ambition: a non-finite one counts as 0.
        let ambition = if self.ambition.is_finite() {
            self.ambition
        } else {
            0.0
        };
        let mut ambitious = *rules;
        ambitious.komi += match me {
            Color::Black => ambition,
            Color::White => -ambition,
        };
        for i in 0..n {
            let time = match deadline {
                Some(d) => {
                    let left = d.saturating_duration_since(Instant::now());
                    if left.is_zero() && i > 0 {
                        break;
                    }
                    // `n - i` is at least 1; as u32 it could not be 0 below
                    // 2^32 guesses, and a larger count saturates.
                    Some(left / u32::try_from(n - i).unwrap_or(u32::MAX).max(1))
                }
                None => None,
            };
            let per = Limits {
                playouts: limits.playouts.map(|p| (p / n as u64).max(1)),
                time,
                // A sample's unused time goes to the samples after it.
                saves_time: i + 1 < n || limits.saves_time,
                ..Limits::default()
            };
            let board = self.sample(view);
            let Ok(game) = Game::from_board(board, me, ambitious) else {
                continue;
            };
            let req = Request {
                game: &game,
                color: me,
                cleanup: false,
            };
            let analysis = self.engine.analyze(&req, &per, stop);
            let total: u64 = analysis.candidates.iter().map(|c| c.visits).sum();
            best_sum += analysis
                .candidates
                .first()
                .map_or(0.0, |c| f64::from(c.winrate));
            searched += 1;
            for c in &analysis.candidates {
                let share = c.visits as f64 / total.max(1) as f64;
                let slot = match c.mv {
                    Move::Pass => area,
                    Move::Play(p) => match game.board().loc(p) {
                        Some(l) => l.index(),
                        None => continue,
                    },
                };
                effort[slot] += share * (0.5 + f64::from(c.winrate));
            }
        }
        let best_rate = best_sum / f64::from(searched.max(1));
        // Refused tries of the same turn search the same situation again:
        // adapt once a turn, on its first choice.
        if view.refused_now().iter().next().is_none() {
            self.adapt(best_rate, area, view.opponent_captured());
        }
        let board = view.own_board();
        let best = board
            .locs()
            .filter(|&l| {
                triable(view, l) && !board.is_eye(l, me) && !view.known_opponent().contains(l)
            })
            .max_by(|&a, &b| effort[a.index()].total_cmp(&effort[b.index()]));
        // Under area scoring a stone in one's own area costs nothing, so
        // play on; pass only to end a game the guesses say is won (the
        // opponent having passed), or when nothing is left to try.
        match best {
            Some(_) if view.opponent_passed() && best_rate >= 0.6 => Move::Pass,
            Some(l) => Move::Play(board.point(l)),
            None => Move::Pass,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Search, SearchConfig};

    fn player() -> Sampling<Search> {
        Sampling::new(Search::new(SearchConfig::deterministic(1)), 1)
    }

    #[test]
    fn ambition_rises_while_winning_and_falls_when_losing() {
        let mut s = player();
        assert_eq!(s.ambition(), 0.0);
        // 9x9: a step of 81 / 40 points.
        s.adapt(0.9, 81, 81);
        s.adapt(0.9, 81, 81);
        assert!((s.ambition() - 2.0 * 81.0 / 40.0).abs() < 1e-9);
        // In between: no change.
        s.adapt(0.6, 81, 81);
        assert!((s.ambition() - 2.0 * 81.0 / 40.0).abs() < 1e-9);
        // Losing: down twice as fast, never below 0.
        s.adapt(0.3, 81, 81);
        assert_eq!(s.ambition(), 0.0);
        s.adapt(0.1, 81, 81);
        assert_eq!(s.ambition(), 0.0);
        // Never more than a third of the board.
        for _ in 0..100 {
            s.adapt(1.0, 81, 81);
        }
        assert!((s.ambition() - 27.0).abs() < 1e-9);
    }

    #[test]
    fn ambition_waits_for_captured_opponent_stones() {
        let mut s = player();
        // 5% of 81 points: 4.05, so 4 captured stones are not enough.
        s.adapt(0.95, 81, 4);
        assert_eq!(s.ambition(), 0.0);
        s.adapt(0.95, 81, 5);
        assert!(s.ambition() > 0.0);
    }

    #[test]
    fn a_non_finite_ambition_counts_as_none() {
        let empty = Board::new(5, crate::geometry::Topology::Planar).unwrap();
        let view = PlayerView::new(Color::Black, &empty, &[]);
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let mut s = player();
            s.adaptive = false;
            s.ambition = bad;
            let limits = Limits {
                playouts: Some(200),
                ..Limits::default()
            };
            let mv = s.choose(&view, &Rules::default(), &limits, &AtomicBool::new(false));
            assert!(matches!(mv, Move::Play(_)), "{bad}: {mv:?}");
        }
    }

    #[test]
    fn fixed_ambition_does_not_move() {
        let mut s = player();
        s.adaptive = false;
        s.ambition = 5.0;
        s.adapt(1.0, 81, 81);
        s.adapt(0.0, 81, 81);
        assert_eq!(s.ambition(), 5.0);
    }
}
