//! The analysis of a search so far: candidates with win rates, lower
//! confidence bounds and principal variations, ownership and score lead.

use super::result::{Candidate, Decision, SearchResult};
use super::shared::{MoveScores, Shared};
use super::tree::{Stats, PASS};
use crate::board::Board;
use crate::color::Color;
use crate::game::Game;
use crate::geometry::Loc;
use crate::point::Move;
use std::sync::atomic::Ordering::*;
use std::time::Instant;
/// The normal quantile of the lower confidence bound of a candidate's win
/// rate (97.5%, the usual two-sided 95%).
const LCB_Z: f32 = 1.96;
/// The continuity correction of the lower confidence bound, in playouts:
/// a move of few visits is not trusted at its raw rate.
const LCB_CONTINUITY: f32 = 0.5;
/// The longest principal variation reported per candidate: enough for
/// any display, short enough to build every interval.
const PV_MAX: usize = 32;

/// The win rate of node statistics (wins are counted in half playouts, so
/// a tie is half a win); 0.5 without visits.
fn winrate_of(s: &Stats) -> f32 {
    if s.visits == 0 {
        0.5
    } else {
        s.wins as f32 * 0.5 / s.visits as f32
    }
}

fn code_to_move(board: &Board, code: u16) -> Move {
    if code == PASS {
        Move::Pass
    } else {
        Move::Play(board.point(Loc(code)))
    }
}

/// The analysis of the search so far (best = most visited move).
pub(super) fn snapshot(sh: &Shared<'_>, game: &Game, start: Instant) -> SearchResult {
    let tree = sh.tree;
    let board = &sh.root_board;
    let area = board.area();
    let playouts: u64 = sh.workers.iter().map(|w| w.playouts.load(Relaxed)).sum();
    let total = playouts + sh.base.playouts;
    let mut ownership: Vec<f32> = (0..area)
        .map(|i| sh.base.ownership.get(i).copied().unwrap_or(0) as f32)
        .collect();
    let mut score_sum = sh.base.score_sum;
    for w in &sh.workers {
        for (o, a) in ownership.iter_mut().zip(w.ownership.iter()) {
            *o += a.load(Relaxed) as f32;
        }
        score_sum += w.score_sum.load(Relaxed);
    }
    if total > 0 {
        for o in &mut ownership {
            *o /= total as f32;
        }
    }
    let score_lead = lead(sh, game, score_sum, total).unwrap_or(0.0);
    let mut candidates = Vec::new();
    if let Some((first, count)) = tree.root().children() {
        let mut prior_total = 0.0f32;
        for i in first..first + count {
            let n = tree.node(i);
            if sh.root_legal.get(n.mv() as usize).copied().unwrap_or(false) {
                let s = n.stats();
                prior_total += s.prior_wins as f32 / s.prior_visits.max(1) as f32;
            }
        }
        for i in first..first + count {
            let n = tree.node(i);
            let mv = n.mv();
            if !sh.root_legal.get(mv as usize).copied().unwrap_or(false) {
                continue;
            }
            let s = n.stats();
            let wr = winrate_of(&s);
            let lcb = if s.visits == 0 {
                0.0
            } else {
                let sd = (wr * (1.0 - wr) / s.visits as f32).sqrt();
                (wr - LCB_Z * sd - LCB_CONTINUITY / s.visits as f32).max(0.0)
            };
            let mut pv = vec![code_to_move(board, mv)];
            let mut pv_visits = vec![u64::from(s.visits)];
            let mut idx = i;
            while pv.len() < PV_MAX {
                let Some((f, c)) = tree.node(idx).children() else {
                    break;
                };
                let best = (f..f + c).max_by_key(|&j| tree.node(j).visits());
                match best {
                    Some(j) if tree.node(j).visits() > 0 => {
                        pv.push(code_to_move(board, tree.node(j).mv()));
                        pv_visits.push(u64::from(tree.node(j).visits()));
                        idx = j;
                    }
                    _ => break,
                }
            }
            candidates.push(Candidate {
                mv: code_to_move(board, mv),
                visits: u64::from(s.visits),
                winrate: wr,
                prior: if prior_total > 0.0 {
                    s.prior_wins as f32 / s.prior_visits.max(1) as f32 / prior_total
                } else {
                    0.0
                },
                lcb,
                score_lead: move_lead(sh, game, mv).unwrap_or(score_lead),
                score_stdev: move_stdev(sh, mv),
                pv,
                pv_visits,
            });
        }
    }
    candidates.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.winrate.total_cmp(&a.winrate))
    });
    let (best, winrate) = match candidates.first() {
        Some(c) => (Decision::Play(c.mv), c.winrate),
        None => (Decision::Play(Move::Pass), 0.5),
    };
    SearchResult {
        best,
        winrate,
        score_lead,
        score_stdev: root_stdev(sh),
        candidates,
        ownership,
        playouts,
        root_visits: u64::from(tree.root().visits()),
        reused_visits: 0,
        nodes: tree.len(),
        elapsed: start.elapsed(),
        from_book: false,
    }
}

/// The area scores of the playouts through root move `code`: this
/// search's and the earlier ones' of the same root.
fn move_scores(sh: &Shared<'_>, code: u16) -> MoveScores {
    let slot = usize::from(code);
    let mut m = sh.base.move_scores.get(slot).copied().unwrap_or_default();
    for w in &sh.workers {
        m.sum += w.move_score.get(slot).map_or(0, |s| s.load(Relaxed));
        m.sum_sq += w.move_score_sq.get(slot).map_or(0, |s| s.load(Relaxed));
        m.count += w.move_count.get(slot).map_or(0, |c| c.load(Relaxed));
    }
    m
}

/// The expected lead of the player to move after root move `code`, from
/// the playouts through it; `None` before any.
fn move_lead(sh: &Shared<'_>, game: &Game, code: u16) -> Option<f32> {
    let m = move_scores(sh, code);
    lead(sh, game, m.sum, m.count)
}

/// The standard deviation of the final score of the playouts through root
/// move `code` (the same from either side); 0 with fewer than two.
fn move_stdev(sh: &Shared<'_>, code: u16) -> f32 {
    stdev(move_scores(sh, code))
}

/// The standard deviation of the final score of the playouts through any
/// root move.
fn root_stdev(sh: &Shared<'_>) -> f32 {
    let mut all = MoveScores::default();
    for code in 0..=PASS {
        let m = move_scores(sh, code);
        all.sum += m.sum;
        all.sum_sq += m.sum_sq;
        all.count += m.count;
    }
    stdev(all)
}

/// The standard deviation of a set of scores; 0 with fewer than two.
fn stdev(m: MoveScores) -> f32 {
    if m.count < 2 {
        return 0.0;
    }
    let n = m.count as f64;
    let mean = m.sum as f64 / n;
    ((m.sum_sq as f64 / n - mean * mean).max(0.0)).sqrt() as f32
}

/// The expected lead of the player to move from `n` playouts whose area
/// scores (Black minus White) add up to `sum`, komi (with the handicap
/// bonus) included; `None`
/// without playouts.
fn lead(sh: &Shared<'_>, game: &Game, sum: i64, n: u64) -> Option<f32> {
    let sign = if sh.color == Color::Black { 1.0 } else { -1.0 };
    (n > 0).then(|| ((sum as f64 / n as f64 - game.komi_with_bonus()) * sign) as f32)
}
