//! One search thread: descent with UCT-RAVE, expansion with priors, the
//! playout, and the backup with AMAF; nothing here allocates after the
//! worker is built.

use super::prior::{Prior, PriorContext, PriorSource, PriorWeights};
use super::shared::Shared;
use super::tree::{Stats, AMAF_UNIT, PASS};
use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, SLOTS};
use crate::learn::{move_features, pass_features, Model};
use crate::playout::{logged_move, rng, unit, PlayoutPolicy, Rng};
use crate::rules::TieRule;
use crate::tactics::LadderReader;
use std::cell::RefCell;
use std::sync::atomic::Ordering::*;
/// One [`AMAF_UNIT`] as a fraction of an update of weight 1.
const AMAF_SCALE: f32 = 1.0 / AMAF_UNIT as f32;
/// The deepest the tree descent goes in one simulation.
const MAX_DEPTH: usize = 400;
/// Room for one playout's moves (at most `default_max_moves` of 25x25,
/// 3 x 625 + 20, are played).
const LOG_CAPACITY: usize = 2048;
const _: () = assert!(
    LOG_CAPACITY
        >= crate::playout::default_max_moves(crate::point::MAX_SIZE * crate::point::MAX_SIZE)
);

/// One search thread's private state; nothing here is allocated after
/// construction.
pub(super) struct Worker {
    board: Board,
    policy: PlayoutPolicy,
    path: Vec<(u32, Color)>,
    log: Vec<u16>,
    map: Box<[u8; SLOTS]>,
    /// For each point of `map`, when it was first played (see
    /// [`Worker::amaf`]; kept only when `weighted_amaf`).
    first: Box<[u16; SLOTS]>,
    /// Whether the AMAF updates are weighted on this board
    /// ([`SearchConfig::weights_rave`], resolved once).
    weighted_amaf: bool,
    owner: Box<[i8; SLOTS]>,
    /// A move, its prior and its progressive bias (in 65,535ths).
    buf: Vec<(u16, Prior, u16)>,
    /// The learned model's strengths of the moves of one expansion.
    strengths: Vec<f32>,
    /// The weights of the priors of new nodes.
    weights: PriorWeights,
    /// The scratch board the priors read ladders on.
    ladders: RefCell<LadderReader>,
    /// Draws the shaded results of [`SearchConfig::score_bonus`] (unused
    /// without it, so a search without it plays as before).
    ///
    /// [`SearchConfig::score_bonus`]: super::SearchConfig::score_bonus
    results: Rng,
}

/// Mixed into a worker's seed for its result generator, so that it draws
/// apart from the playouts' generator.
const RESULT_SEED: u64 = 0x005C_0EB0_u64;

impl Worker {
    pub(super) fn new(sh: &Shared<'_>, seed: u64) -> Worker {
        let b = &sh.root_board;
        let policy = sh.config.playout_policy(b, sh.shapes.clone(), seed);
        Worker {
            board: b.clone(),
            policy,
            path: Vec::with_capacity(MAX_DEPTH + 2),
            log: Vec::with_capacity(LOG_CAPACITY),
            map: Box::new([0; SLOTS]),
            first: Box::new([0; SLOTS]),
            weighted_amaf: sh.config.weights_rave(b.size()),
            owner: Box::new([0; SLOTS]),
            buf: Vec::with_capacity(SLOTS + 1),
            strengths: Vec::with_capacity(SLOTS + 1),
            weights: PriorWeights::default(),
            ladders: RefCell::new(LadderReader::new(b)),
            results: rng(seed ^ RESULT_SEED),
        }
    }

    pub(super) fn run(&mut self, sh: &Shared<'_>, t: usize) {
        // Every thread runs at least one simulation (within the playout
        // limit), so that even a search that gets no CPU before its time
        // is up has expanded the root and has a move to give.
        let mut first = true;
        loop {
            if !first && (sh.done.load(Relaxed) || sh.stop.load(Relaxed)) {
                break;
            }
            first = false;
            if sh.playout_limit != u64::MAX && sh.claimed.fetch_add(1, Relaxed) >= sh.playout_limit
            {
                break;
            }
            self.simulate(sh, t);
        }
    }

    /// One simulation: descend, maybe expand, play out, back up.
    fn simulate(&mut self, sh: &Shared<'_>, t: usize) {
        let tree = sh.tree;
        self.board.clone_from(&sh.root_board);
        self.path.clear();
        self.log.clear();
        let mut to_move = sh.color;
        let mut last = sh.root_last;
        let mut before = sh.root_before;
        let mut passes = sh.root_passes;
        let mut idx = 0u32;
        tree.root().add_visit();
        self.path.push((0, sh.color.opponent()));
        let mut expanded = false;
        let mut terminal = false;
        loop {
            let node = tree.node(idx);
            let children = match node.children() {
                Some(c) => c,
                None => {
                    let at_root = idx == 0;
                    if expanded
                        || !node.is_leaf()
                        || (!at_root && node.visits() < sh.threshold)
                        || !node.try_begin_expand()
                    {
                        break;
                    }
                    expanded = true;
                    match self.expand(sh, idx, to_move, last, before, passes > 0) {
                        Some(c) => c,
                        None => break,
                    }
                }
            };
            let Some(child) = select(sh, idx, children) else {
                break;
            };
            let cn = tree.node(child);
            cn.add_visit();
            let mv = cn.mv();
            if mv == PASS {
                self.board.pass();
                passes += 1;
                before = last;
                last = None;
            } else {
                self.board.play_unchecked(Loc(mv), to_move);
                passes = 0;
                before = last;
                last = Some(Loc(mv));
            }
            self.path.push((child, to_move));
            to_move = to_move.opponent();
            idx = child;
            if passes >= 2 {
                terminal = sh.score_at_two_passes;
                break;
            }
            if self.path.len() >= MAX_DEPTH {
                break;
            }
        }
        if !terminal {
            self.policy
                .run(&mut self.board, to_move, last, &mut self.log);
        }
        let diff = self.score();
        let m = f64::from(diff) - sh.komi;
        let bonus = sh.config.score_bonus;
        let u = if bonus > 0.0 {
            unit(&mut self.results)
        } else {
            0.0
        };
        let black = black_half_wins(m, self.board.area(), sh.tie, bonus, u);
        let result = |c: Color| if c == Color::Black { black } else { 2 - black };
        for &(n, mover) in &self.path {
            tree.node(n).add_result(result(mover));
        }
        self.amaf(sh, &result);
        self.teach_replies(sh, black);
        let ws = &sh.workers[t];
        for (a, &o) in ws.ownership.iter().zip(self.owner.iter()) {
            if o != 0 {
                a.store(a.load(Relaxed) + i32::from(o), Relaxed);
            }
        }
        ws.score_sum
            .store(ws.score_sum.load(Relaxed) + i64::from(diff), Relaxed);
        // The root move this playout went through (the path's second node).
        if let Some(&(child, _)) = self.path.get(1) {
            let slot = usize::from(tree.node(child).mv());
            if let (Some(s), Some(q), Some(c)) = (
                ws.move_score.get(slot),
                ws.move_score_sq.get(slot),
                ws.move_count.get(slot),
            ) {
                let d = i64::from(diff);
                s.store(s.load(Relaxed) + d, Relaxed);
                q.store(q.load(Relaxed) + d * d, Relaxed);
                c.store(c.load(Relaxed) + 1, Relaxed);
            }
        }
        ws.playouts.store(ws.playouts.load(Relaxed) + 1, Relaxed);
    }

    /// Teaches the playout policy's last good replies (if it keeps them)
    /// the whole simulation: the opponent's move at the root, the tree's
    /// moves, the playout's; `black` is Black's result in half points.
    fn teach_replies(&mut self, sh: &Shared<'_>, black: u32) {
        let Some(replies) = self.policy.replies_mut() else {
            return;
        };
        let winner = match black {
            2 => Some(Color::Black),
            0 => Some(Color::White),
            _ => None,
        };
        let tree = sh.tree;
        let root_last = sh.root_last.map(|l| (l.0, sh.color.opponent()));
        let tree_moves = self.path[1..]
            .iter()
            .map(|&(n, mover)| (tree.node(n).mv(), mover));
        let playout_moves = self.log.iter().map(|&e| logged_move(e));
        replies.learn(
            root_last.into_iter().chain(tree_moves).chain(playout_moves),
            winner,
        );
    }

    /// Area score (Black minus White) of the final board, filling `owner`.
    fn score(&mut self) -> i32 {
        self.board.area_owners(&mut self.owner[..])
    }

    /// AMAF update: each expanded node on the path credits its children
    /// whose move its player played first later in the simulation, with
    /// weight 1 or, with [`SearchConfig::rave_weighting`], from 2 for the
    /// move right after the node down to 0 at the simulation's end.
    fn amaf(&mut self, sh: &Shared<'_>, result: &dyn Fn(Color) -> u32) {
        // `map`: 0 unplayed, else the board's code of who played there
        // first; `first`: when (the move's place in the simulation, the
        // root's children being 1).
        let tree = sh.tree;
        let area = self.board.area();
        let weighted = self.weighted_amaf;
        self.map[..area].fill(0);
        let tree_moves = self.path.len() - 1;
        // The end of the simulation: one past its last move.
        let end = (tree_moves + self.log.len() + 1) as u32;
        for (j, &e) in self.log.iter().enumerate().rev() {
            let (l, c) = logged_move(e);
            if usize::from(l) < area {
                self.map[usize::from(l)] = Board::stone_code(c);
                if weighted {
                    self.first[usize::from(l)] = (tree_moves + 1 + j) as u16;
                }
            }
        }
        for k in (0..self.path.len()).rev() {
            let (n, mover) = self.path[k];
            let to_move = mover.opponent();
            if let Some((first, count)) = tree.node(n).children() {
                let code = Board::stone_code(to_move);
                let r = result(to_move);
                for ch in tree.block(first, count) {
                    let mv = ch.mv() as usize;
                    if mv < area && self.map[mv] == code {
                        let w = if weighted {
                            amaf_weight(k as u32, u32::from(self.first[mv]), end)
                        } else {
                            AMAF_UNIT
                        };
                        ch.add_amaf(w, r);
                    }
                }
            }
            if k > 0 {
                let mv = tree.node(n).mv() as usize;
                if mv < area {
                    self.map[mv] = Board::stone_code(mover);
                    if weighted {
                        self.first[mv] = k as u16;
                    }
                }
            }
        }
    }

    /// Expands node `idx` (claimed by this thread) on the current board:
    /// `last` and `before` are the last two moves if stones, `after_pass`
    /// whether the last was a pass.
    fn expand(
        &mut self,
        sh: &Shared<'_>,
        idx: u32,
        to_move: Color,
        last: Option<Loc>,
        before: Option<Loc>,
        after_pass: bool,
    ) -> Option<(u32, u32)> {
        let tree = sh.tree;
        let at_root = idx == 0;
        let ctx = PriorContext {
            board: &self.board,
            dirs: crate::tactics::dirs(self.board.size(), self.board.topology()),
            patterns: crate::tactics::patterns(),
            weights: &self.weights,
            last,
            even: sh.config.prior_even,
            ladders: &self.ladders,
        };
        let source = sh.priors;
        self.buf.clear();
        for l in self.board.empty_locs() {
            let ok = if at_root {
                sh.root_legal.get(l.index()).copied().unwrap_or(false)
            } else {
                self.board.is_legal_simple(l, to_move) && !self.board.is_eye(l, to_move)
            };
            if ok {
                let prior = match source {
                    PriorSource::Learned => PriorWeights::neutral(sh.config.prior_even),
                    // `Auto` is resolved before the search starts.
                    PriorSource::Hand | PriorSource::Blend | PriorSource::Auto => {
                        ctx.prior(l, to_move)
                    }
                };
                self.buf.push((l.0, prior, 0));
            }
        }
        self.buf
            .push((PASS, self.weights.pass(sh.config.prior_even), 0));
        if source != PriorSource::Hand {
            // The learned model's probabilities over the same moves.
            let model = sh
                .config
                .model
                .as_deref()
                .unwrap_or_else(|| Model::builtin());
            self.strengths.clear();
            let mut total = 0.0f32;
            for &(mv, _, _) in &self.buf {
                let f = if mv == PASS {
                    pass_features(after_pass)
                } else {
                    move_features(&self.board, Loc(mv), to_move, last, before)
                };
                let s = model.strength(&f);
                total += s;
                self.strengths.push(s);
            }
            let n = self.buf.len();
            for (entry, &s) in self.buf.iter_mut().zip(&self.strengths) {
                let p = if total > 0.0 {
                    s / total
                } else {
                    1.0 / n as f32
                };
                let v = sh.config.learned_visits;
                if entry.0 != PASS {
                    entry.2 = bias_units(p);
                }
                entry.1 = if sh.learned_wins_only {
                    // The model recommends stones only: pass keeps its
                    // hand prior (with virtual wins, pass would be the
                    // choice of a lost position, where no move wins a
                    // playout, from the first move on).
                    if entry.0 == PASS {
                        entry.1
                    } else {
                        PriorWeights::add_learned_wins(entry.1, v, p)
                    }
                } else {
                    PriorWeights::add_learned(entry.1, v, p, n)
                };
            }
            // Best prior first: the order progressive widening opens the
            // children in; ties in board order (an unstable sort, since a
            // stable one would allocate).
            self.buf.sort_unstable_by(|a, b| {
                let (pa, pb) = (a.1, b.1);
                (u32::from(pb.wins) * u32::from(pa.visits))
                    .cmp(&(u32::from(pa.wins) * u32::from(pb.visits)))
                    .then(a.0.cmp(&b.0))
            });
        }
        let count = self.buf.len() as u32;
        let node = tree.node(idx);
        let Some(first) = tree.alloc(count) else {
            node.freeze();
            return None;
        };
        for (k, &(mv, p, bias)) in self.buf.iter().enumerate() {
            tree.node(first + k as u32)
                .init_biased(mv, p.visits, p.wins, bias);
        }
        node.finish_expand(first, count);
        Some((first, count))
    }
}

/// The weight (in [`AMAF_UNIT`]s) of the AMAF update that a move played
/// first at place `at` of the simulation (the root's children being 1,
/// `end` one past its last move) gives the children of the node at depth
/// `depth` (`depth < at < end`): linear from twice the unit for the move
/// right after the node down to nearly 0 for the last, so the weights
/// over the moves after the node average about one unit.
#[inline(always)]
pub(super) fn amaf_weight(depth: u32, at: u32, end: u32) -> u32 {
    let span = end.saturating_sub(depth + 1).max(1);
    let left = end.saturating_sub(at).min(span);
    2 * AMAF_UNIT * left / span
}

/// Black's result of a simulation in half wins (2 a win, 1 a draw, 0 a
/// loss), given its margin `m` (Black's area less White's, less komi) on
/// a board of `area` points. With `bonus` above 0
/// ([`SearchConfig::score_bonus`]) the margin shades the result. With
/// `s = bonus * (1 - |m| / area)`, a win is worth `1 - s` on average and
/// a loss `s`: one half win less (or more) is drawn with odds `2 s` by
/// `u`, a uniform number in `[0, 1)`, since a half win is the finest
/// result the tree counts.
///
/// [`SearchConfig::score_bonus`]: super::SearchConfig::score_bonus
#[inline(always)]
pub(super) fn black_half_wins(m: f64, area: usize, tie: TieRule, bonus: f32, u: f32) -> u32 {
    let won = m > 0.0;
    if !won && m == 0.0 && tie != TieRule::WhiteWins {
        return 1;
    }
    if bonus <= 0.0 {
        return if won { 2 } else { 0 };
    }
    let shade = bonus * (1.0 - (m.abs() as f32 / area.max(1) as f32).min(1.0));
    // A half win off (or on) with twice the odds of the shade.
    let off = u32::from(u < 2.0 * shade);
    if won {
        2 - off
    } else {
        off
    }
}

/// One 65,535th of the full progressive bias, as stored in a node.
const BIAS_SCALE: f32 = 1.0 / u16::MAX as f32;

/// A move's progressive bias in the units a node stores: its learned
/// probability `p`, clamped to 0..=1 (0 if not a number).
fn bias_units(p: f32) -> u16 {
    if p.is_finite() {
        (p.clamp(0.0, 1.0) * f32::from(u16::MAX)).round() as u16
    } else {
        0
    }
}

/// The child of `parent` to descend into: the highest UCT-RAVE value,
/// plus the progressive bias `progressive_bias * p / (visits + 1)` of the
/// learned probability `p` when that is on.
#[inline]
fn select(sh: &Shared<'_>, parent: u32, (first, count): (u32, u32)) -> Option<u32> {
    let tree = sh.tree;
    let at_root = parent == 0;
    let equiv = sh.config.rave_equiv.max(1.0);
    let explore = sh.config.explore;
    let bias = sh.config.progressive_bias;
    let log_parent = if explore > 0.0 {
        (tree.node(parent).visits() as f32 + 1.0).ln()
    } else {
        0.0
    };
    let width = match sh.config.widening {
        Some(w) if sh.priors != PriorSource::Hand => w.width(tree.node(parent).visits()),
        _ => u32::MAX,
    };
    let mut considered = 0u32;
    let mut best = None;
    let mut best_val = f32::NEG_INFINITY;
    for (i, n) in (first..).zip(tree.block(first, count)) {
        if at_root && !sh.root_legal.get(n.mv() as usize).copied().unwrap_or(false) {
            continue;
        }
        if considered >= width {
            break;
        }
        considered += 1;
        let val = child_value(&n.stats(), equiv, (explore, log_parent), bias);
        if val > best_val {
            best_val = val;
            best = Some(i);
        }
    }
    best
}

/// A child's selection value from its statistics `s`: the RAVE blend of
/// its win rate and its AMAF win rate (the prior's virtual playouts in
/// both) with equivalence `equiv`, UCB exploration `(coefficient, log of
/// the parent's visits plus one)` (a coefficient of 0 for none),
/// and the progressive bias of coefficient `bias` (0 for none).
#[inline(always)]
fn child_value(s: &Stats, equiv: f32, (explore, log_parent): (f32, f32), bias: f32) -> f32 {
    let pv = s.prior_visits as f32;
    let pw = s.prior_wins as f32;
    let nv = s.visits as f32;
    let q = if nv + pv > 0.0 {
        (s.wins as f32 * 0.5 + pw) / (nv + pv)
    } else {
        0.5
    };
    let an = s.amaf_visits as f32 * AMAF_SCALE + pv;
    let mut val = if an > 0.0 {
        let aq = (s.amaf_wins as f32 * (0.5 * AMAF_SCALE) + pw) / an;
        let beta = an / (an + nv + nv * an / equiv);
        (1.0 - beta) * q + beta * aq
    } else {
        q
    };
    if explore > 0.0 {
        val += explore * (log_parent / (nv + 1.0)).sqrt();
    }
    if bias > 0.0 {
        val += bias * s.bias as f32 * BIAS_SCALE / (nv + 1.0);
    }
    val
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progressive_bias_fades_with_the_childs_own_visits() {
        // Half the model's probability, 10 visits won 6, AMAF as even.
        let s = Stats {
            visits: 10,
            wins: 12,
            amaf_visits: 20 * AMAF_UNIT,
            amaf_wins: 20 * AMAF_UNIT,
            prior_visits: 0,
            prior_wins: 0,
            bias: u32::from(bias_units(0.5)),
        };
        let plain = child_value(&s, 1000.0, (0.0, 0.0), 0.0);
        // 2 * 0.5 / (10 + 1) on top, and nothing with the bias off.
        let biased = child_value(&s, 1000.0, (0.0, 0.0), 2.0);
        assert!(
            (biased - plain - 1.0 / 11.0).abs() < 1e-4,
            "{plain} {biased}"
        );
        // Unvisited, the full 2 * 0.5 (the value of nothing is one half).
        let fresh = Stats {
            visits: 0,
            wins: 0,
            amaf_visits: 0,
            amaf_wins: 0,
            ..s
        };
        assert!((child_value(&fresh, 1000.0, (0.0, 0.0), 2.0) - 1.5).abs() < 1e-4);
        assert_eq!(child_value(&fresh, 1000.0, (0.0, 0.0), 0.0), 0.5);
        // Probabilities outside 0..=1 are clamped; NaN gives no bias.
        assert_eq!(bias_units(2.0), u16::MAX);
        assert_eq!(bias_units(-1.0), 0);
        assert_eq!(bias_units(f32::NAN), 0);
    }

    /// Black's average result (a win being 1) over evenly spaced `u`.
    fn mean_result(m: f64, tie: TieRule, bonus: f32) -> f64 {
        const STEPS: u32 = 10_000;
        let total: u32 = (0..STEPS)
            .map(|k| black_half_wins(m, 81, tie, bonus, k as f32 / STEPS as f32))
            .sum();
        f64::from(total) / f64::from(2 * STEPS)
    }

    #[test]
    fn without_a_score_bonus_a_win_is_a_win() {
        for u in [0.0, 0.3, 0.999] {
            assert_eq!(black_half_wins(0.5, 81, TieRule::Draw, 0.0, u), 2);
            assert_eq!(black_half_wins(80.5, 81, TieRule::Draw, 0.0, u), 2);
            assert_eq!(black_half_wins(-0.5, 81, TieRule::Draw, 0.0, u), 0);
            assert_eq!(black_half_wins(0.0, 81, TieRule::Draw, 0.0, u), 1);
            assert_eq!(black_half_wins(0.0, 81, TieRule::WhiteWins, 0.0, u), 0);
        }
    }

    #[test]
    fn a_score_bonus_shades_wins_and_losses_by_their_margin() {
        let b = 0.1f32;
        // A jigo stays a draw whatever the bonus.
        assert_eq!(mean_result(0.0, TieRule::Draw, b), 0.5);
        // Won (lost) by the whole board: a full win (loss).
        assert_eq!(mean_result(81.0, TieRule::Draw, b), 1.0);
        assert_eq!(mean_result(-90.0, TieRule::Draw, b), 0.0);
        // Won by half a point: about 0.9, lost by half a point: about 0.1.
        assert!((mean_result(0.5, TieRule::Draw, b) - 0.9).abs() < 0.002);
        assert!((mean_result(-0.5, TieRule::Draw, b) - 0.1).abs() < 0.002);
        // A tie that White wins is Black's loss by nothing.
        assert!((mean_result(0.0, TieRule::WhiteWins, b) - 0.1).abs() < 0.002);
        // The larger win is worth more, the larger loss less; a win
        // always more than any loss.
        let margins = [0.5, 3.5, 10.5, 40.5, 80.5];
        for w in margins.windows(2) {
            assert!(mean_result(w[1], TieRule::Draw, b) > mean_result(w[0], TieRule::Draw, b));
            assert!(mean_result(-w[1], TieRule::Draw, b) < mean_result(-w[0], TieRule::Draw, b));
        }
        assert!(mean_result(0.5, TieRule::Draw, 0.5) > mean_result(-0.5, TieRule::Draw, 0.5));
        // Midway: won by 40.5 of 81, shaded by half the bonus.
        assert!((mean_result(40.5, TieRule::Draw, b) - 0.95).abs() < 0.002);
    }

    #[test]
    fn amaf_weights_fall_from_two_to_nothing_and_average_one() {
        for (depth, end) in [(0u32, 101u32), (3, 250), (10, 12), (0, 2)] {
            let w: Vec<u32> = (depth + 1..end)
                .map(|at| amaf_weight(depth, at, end))
                .collect();
            // The move right after the node weighs two updates.
            assert_eq!(w[0], 2 * AMAF_UNIT, "depth {depth}, end {end}");
            // Never more later, and the last weighs at most a little.
            assert!(w.windows(2).all(|p| p[1] <= p[0]), "{w:?}");
            let n = w.len() as u32;
            assert!(*w.last().unwrap() <= 2 * AMAF_UNIT / n + 1, "{w:?}");
            // About one update each on average (integer division rounds
            // each weight down by less than a unit).
            let mean = f64::from(w.iter().sum::<u32>()) / f64::from(n * AMAF_UNIT);
            if n >= 10 {
                assert!((0.9..=1.1).contains(&mean), "mean {mean} over {n}");
            }
        }
        // Out of range places weigh nothing or at most the first's.
        assert_eq!(amaf_weight(5, 200, 100), 0);
        assert_eq!(amaf_weight(5, 2, 100), 2 * AMAF_UNIT);
    }
}
