//! The decision after a search: resignation, the pass policy and the
//! candidate choice (the most visited move, or a draw among the
//! reasonable ones with a temperature).

use super::result::{Candidate, Decision, SearchResult};
use super::search::Search;
use crate::color::Color;
use crate::game::Game;
use crate::point::Move;
use crate::rules::Scoring;
use crate::score::dead_stones_by_ownership;
use crate::tactics::{is_self_atari, Captures};
use rand::RngCore;
/// In a handicap game, White (giving the handicap) resigns only below
/// this fraction of the resignation threshold: the stones make the early
/// win rates look worse than they are; hand-set.
const RESIGN_HANDICAP_FACTOR: f32 = 0.5;
/// A search counts toward resignation only with at least this many root
/// visits: fewer give no trustworthy win rate; hand-set.
const RESIGN_MIN_VISITS: u64 = 200;
/// Hopeless searches in a row before resigning: one bad reading is not
/// enough; hand-set.
const RESIGN_STREAK: u32 = 3;
/// No resignation before a third of the board's points have been played
/// (as moves): the opening's win rates are noisy; hand-set.
const RESIGN_MIN_MOVES_AREA_DIVISOR: usize = 3;
/// Extra moves before resignation per handicap stone; hand-set.
const RESIGN_MOVES_PER_HANDICAP: usize = 4;
/// Ownership (for the mover, -1..1) beyond which a point counts as settled
/// territory, not worth filling under territory scoring; hand-set.
const SETTLED_OWNERSHIP: f32 = 0.9;
/// Under territory scoring, a pass replaces filling one's settled
/// territory when its win rate is at most this much below the best;
/// hand-set.
const PASS_WINRATE_SLACK: f32 = 0.05;
/// Under area scoring, before the opponent has passed, a stone on an
/// unsettled point replaces a most-visited pass when its win rate is at
/// most this much below the pass's: a pass gives the opponent a free
/// move, and the tree's pass (which has no AMAF statistics) can lead on
/// noise alone when every move looks bad after a surprise (a 19x19 game
/// against GNU Go passed at move 208 at 0.449 and lost by 81.5); hand-set.
const PASS_AREA_SLACK: f32 = 0.10;
/// ... and when it has at least 1 / this of the pass's visits: a move the
/// search looked at, not a blunder; hand-set.
const PASS_AREA_VISIT_DIVISOR: u64 = 10;
/// The lowest temperature used when sampling (avoids dividing by 0).
const MIN_TEMPERATURE: f32 = 0.01;
/// A sampled move needs at least 1 / this of the top move's visits:
/// randomness among moves the search looked at, not blunders; hand-set
/// for the easy level.
const SAMPLE_VISIT_DIVISOR: u64 = 10;
/// A sampled move's win rate is at most this below the top move's;
/// hand-set for the easy level.
const SAMPLE_WINRATE_SLACK: f32 = 0.15;

/// The stone to play instead of the most visited `pass` under area
/// scoring, before the opponent has passed: the most visited candidate on
/// a point that is settled for neither side (by the search's ownership),
/// not a self-atari, with at least 1 / [`PASS_AREA_VISIT_DIVISOR`] of the
/// pass's visits and a win rate at most [`PASS_AREA_SLACK`] below it. At
/// a game's end only one's own territory, the opponent's and seki points
/// are left (settled, or a self-atari), so the pass stands.
fn unsettled_instead_of_pass(
    game: &Game,
    color: Color,
    r: &SearchResult,
    pass: &Candidate,
) -> Option<Move> {
    let board = game.board();
    let settled = |o: Option<&f32>| o.is_some_and(|&o| o.abs() > SETTLED_OWNERSHIP);
    r.candidates
        .iter()
        .filter(|c| {
            c.visits > 0
                && c.visits * PASS_AREA_VISIT_DIVISOR >= pass.visits
                && c.winrate >= pass.winrate - PASS_AREA_SLACK
        })
        .find_map(|c| {
            let Move::Play(p) = c.mv else {
                return None;
            };
            let l = board.loc(p)?;
            let open = !settled(r.ownership.get(l.index()));
            (open
                && game.is_legal(color, c.mv)
                && !is_self_atari(board, l, color, Captures::GiveOneLiberty))
            .then_some(c.mv)
        })
}

impl Search {
    /// Turns an analysis of `game` for `color` (a result of
    /// [`think`](Self::think) with `limits.analysis`) into a decision:
    /// resignation (a streak of hopeless searches, never early, patient in
    /// handicap games), the pass policy (pass when the opponent has passed
    /// and the game is won; under area scoring or in `cleanup` mode, not
    /// while dead opponent stones remain; under area scoring, never first
    /// while a searched stone on an unsettled point is nearly as good;
    /// under territory scoring, rather than fill one's own settled
    /// territory), and the configured randomness.
    pub fn decision(
        &mut self,
        game: &Game,
        color: Color,
        r: &SearchResult,
        cleanup: bool,
    ) -> Decision {
        let Some(top) = r.candidates.first() else {
            return Decision::Play(Move::Pass);
        };
        // Resignation: a streak of hopeless searches, never early, with
        // more patience when giving handicap.
        if let Some(th) = self.config.resign_threshold {
            let handicap = game.handicap().len();
            let th = if handicap > 0 && color == Color::White {
                th * RESIGN_HANDICAP_FACTOR
            } else {
                th
            };
            if top.winrate < th && r.root_visits >= RESIGN_MIN_VISITS {
                self.low_streak += 1;
            } else {
                self.low_streak = 0;
            }
            let min_moves = game.board().area() / RESIGN_MIN_MOVES_AREA_DIVISOR
                + RESIGN_MOVES_PER_HANDICAP * handicap;
            if self.low_streak >= RESIGN_STREAK && game.moves().len() >= min_moves {
                return Decision::Resign;
            }
        }
        let board = game.board();
        let opp = color.opponent();
        let dead = dead_stones_by_ownership(board, game.rules(), &r.ownership);
        let opp_dead = dead.iter(board).any(|l| board.color_at(l) == Some(opp));
        let mut choice = top.mv;
        if self.config.temperature > 0.0 && choice != Move::Pass {
            choice = self.sample(r);
        }
        let keep_playing = opp_dead && (cleanup || game.rules().scoring == Scoring::Area);
        let opponent_passed = matches!(game.moves().last(), Some(&(c, Move::Pass)) if c == opp);
        if choice == Move::Pass {
            if cleanup && opp_dead {
                if let Some(c) = r.candidates.iter().find(|c| c.mv != Move::Pass) {
                    choice = c.mv;
                }
            } else if game.rules().scoring == Scoring::Area && !opponent_passed {
                if let Some(c) = unsettled_instead_of_pass(game, color, r, top) {
                    choice = c;
                }
            }
            return Decision::Play(choice);
        }
        let win_if_ended = game.score_with(&dead).outcome(game.rules().tie).winner() == Some(color);
        if opponent_passed && win_if_ended && !keep_playing {
            return Decision::Play(Move::Pass);
        }
        // Under territory scoring, do not fill one's own settled territory
        // when passing is as good.
        if game.rules().scoring == Scoring::Territory && win_if_ended {
            if let Move::Play(p) = choice {
                let sign = if color == Color::Black { 1.0 } else { -1.0 };
                let settled = board.loc(p).is_some_and(|l| {
                    r.ownership
                        .get(l.index())
                        .is_some_and(|&o| o * sign > SETTLED_OWNERSHIP)
                        && board.neighbors(l).all(|n| {
                            r.ownership
                                .get(n.index())
                                .is_some_and(|&o| o * sign > SETTLED_OWNERSHIP)
                        })
                });
                let pass_ok = r
                    .candidates
                    .iter()
                    .find(|c| c.mv == Move::Pass)
                    .is_some_and(|c| c.visits > 0 && c.winrate >= top.winrate - PASS_WINRATE_SLACK);
                if settled && pass_ok {
                    return Decision::Play(Move::Pass);
                }
            }
        }
        Decision::Play(choice)
    }

    /// Draws a move among the reasonable candidates, weighted by visits
    /// raised to 1 / temperature.
    fn sample(&mut self, r: &SearchResult) -> Move {
        let Some(top) = r.candidates.first() else {
            return Move::Pass;
        };
        let t = f64::from(self.config.temperature.max(MIN_TEMPERATURE));
        let ok = |c: &Candidate| {
            c.mv != Move::Pass
                && c.visits * SAMPLE_VISIT_DIVISOR >= top.visits
                && c.winrate >= top.winrate - SAMPLE_WINRATE_SLACK
        };
        let weights: Vec<(Move, f64)> = r
            .candidates
            .iter()
            .filter(|c| ok(c))
            .map(|c| (c.mv, (c.visits as f64).powf(1.0 / t)))
            .collect();
        let total: f64 = weights.iter().map(|w| w.1).sum();
        if total <= 0.0 {
            return top.mv;
        }
        let mut x = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        for (m, w) in &weights {
            if x < *w {
                return *m;
            }
            x -= w;
        }
        top.mv
    }
}
