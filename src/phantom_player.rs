//! Players for Phantom Go, choosing tries from a [`PlayerView`] alone.
//!
//! The [`Sampling`] player guesses where the hidden opponent stones are,
//! many times over, consistently with everything observed (the number of
//! opponent stones, the points refused to it, the handicap, the captures,
//! and that every chain on the board has a liberty), searches each guess
//! with an ordinary [`Engine`], and plays the move with the most search
//! effort summed over the guesses. A refused try becomes an almost sure
//! opponent stone in every later guess, so the next choice takes it into
//! account. [`Naive`] plays the standard engine on its partial view as if
//! it were the whole board; [`RandomTries`] tries random points.

use crate::board::Board;
use crate::color::Color;
use crate::engine::{Decision, Engine, Limits, Request};
use crate::game::Game;
use crate::geometry::Loc;
use crate::phantom::PlayerView;
use crate::point::Move;
use crate::rules::Rules;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::atomic::AtomicBool;

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
}

impl<E: Engine> Sampling<E> {
    /// A sampling player over `engine`, seeded.
    pub fn new(engine: E, seed: u64) -> Sampling<E> {
        Sampling {
            engine,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            samples: 8,
        }
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
        let per = Limits {
            playouts: limits.playouts.map(|p| (p / n as u64).max(1)),
            // `n as u32` would be 0 for 2^32 samples, and dividing by 0 panics.
            time: limits
                .time
                .map(|t| t / u32::try_from(n).unwrap_or(u32::MAX)),
            max_time: None,
        };
        let area = view.own_board().area();
        let mut effort = vec![0.0f64; area + 1];
        let mut best_rate = 0.0;
        for _ in 0..n {
            let board = self.sample(view);
            let Ok(game) = Game::from_board(board, me, *rules) else {
                continue;
            };
            let req = Request {
                game: &game,
                color: me,
                cleanup: false,
            };
            let analysis = self.engine.analyze(&req, &per, stop);
            let total: u64 = analysis.candidates.iter().map(|c| c.visits).sum();
            best_rate += analysis.candidates.first().map_or(0.0, |c| c.winrate) / n as f64;
            for c in &analysis.candidates {
                let share = c.visits as f64 / total.max(1) as f64;
                let slot = match c.mv {
                    Move::Pass => area,
                    Move::Play(p) => match game.board().loc(p) {
                        Some(l) => l.index(),
                        None => continue,
                    },
                };
                effort[slot] += share * (0.5 + c.winrate);
            }
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
