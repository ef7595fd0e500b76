//! The search proper: descent with UCT-RAVE, expansion with priors,
//! playouts, backup with AMAF, several threads, time control, and the
//! decision (move, pass or resignation).

use super::prior::{Prior, PriorContext, PriorWeights};
use super::time::budget;
use super::tree::{Stats, Tree, PASS};
use super::{Candidate, Decision, Limits, SearchConfig, SearchResult, TimeBudget};
use crate::board::Board;
use crate::color::Color;
use crate::game::Game;
use crate::geometry::{Loc, Topology, OFF, SLOTS};
use crate::playout::{FastRng, PlayoutPolicy, LOG_COLOR_BIT};
use crate::point::Move;
use crate::rules::{Rules, Scoring, TieRule};
use crate::score::DeadStones;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicI64, AtomicU64, AtomicUsize, Ordering::*};
use std::time::{Duration, Instant};

/// The deepest the tree descent goes in one simulation.
const MAX_DEPTH: usize = 400;
/// The stack of a search thread: ladder reading keeps a board per step.
const WORKER_STACK: usize = 32 << 20;
/// Room for one playout's moves (at most 3 x 625 + 20 are played).
const LOG_CAPACITY: usize = 2048;

/// What the previous search was about, for tree reuse.
#[derive(Clone, Debug)]
struct Previous {
    size: usize,
    topology: Topology,
    rules: Rules,
    start_hash: u64,
    moves: Vec<(Color, Move)>,
    color: Color,
}

/// A Monte-Carlo tree search engine. It keeps its tree between moves
/// (when the new position follows from the previous one).
#[derive(Debug)]
pub struct Search {
    config: SearchConfig,
    tree: Tree,
    prev: Option<Previous>,
    low_streak: u32,
    /// Searches run so far (mixed into the seed).
    searches: u64,
    rng: FastRng,
    /// Playout statistics gathered on the current root so far (a search
    /// of the same position continues them).
    acc: Accumulated,
}

/// Ownership and score sums over the playouts of one root.
#[derive(Clone, Debug, Default)]
struct Accumulated {
    ownership: Vec<i64>,
    score_sum: i64,
    playouts: u64,
}

/// Per-thread statistics the monitor reads while the search runs (each is
/// written by one thread only).
struct WorkerShared {
    ownership: Box<[AtomicI32]>,
    playouts: AtomicU64,
    score_sum: AtomicI64,
}

/// Everything the threads of one search share.
struct Shared<'a> {
    tree: &'a Tree,
    base: &'a Accumulated,
    config: &'a SearchConfig,
    root_board: Board,
    color: Color,
    root_last: Option<Loc>,
    root_passes: u32,
    komi: f64,
    tie: TieRule,
    /// Two passes in the tree end the game and are scored as they stand
    /// (area scoring, or cleanup); else a playout continues.
    score_at_two_passes: bool,
    root_legal: Box<[bool]>,
    threshold: u32,
    playout_limit: u64,
    claimed: AtomicU64,
    done: AtomicBool,
    finished: AtomicUsize,
    stop: &'a AtomicBool,
    workers: Vec<WorkerShared>,
}

/// One search thread's private state; nothing here is allocated after
/// construction.
struct Worker {
    board: Board,
    policy: PlayoutPolicy,
    path: Vec<(u32, Color)>,
    log: Vec<u16>,
    map: Box<[u8; SLOTS]>,
    owner: Box<[i8; SLOTS]>,
    buf: Vec<(u16, Prior)>,
    /// The weights of the priors of new nodes.
    weights: PriorWeights,
}

impl Search {
    /// A search with configuration `config`.
    pub fn new(config: SearchConfig) -> Search {
        let rng = FastRng::new(config.seed ^ 0x005E_A7C4);
        Search {
            tree: Tree::new(config.node_limit.min(1024), PASS),
            config,
            prev: None,
            low_streak: 0,
            searches: 0,
            rng,
            acc: Accumulated::default(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Forgets the tree and the history (for a new game).
    pub fn clear(&mut self) {
        self.tree = Tree::new(1024.min(self.config.node_limit), PASS);
        self.prev = None;
        self.low_streak = 0;
        self.acc = Accumulated::default();
    }

    /// Searches the position of `game` with `color` to move, within
    /// `limits` or until `stop` is raised; `info` is called every
    /// `limits.info_interval` with the analysis so far (and never
    /// otherwise). Returns the decision and the analysis.
    ///
    /// Searching the same position again continues the search; a position
    /// that follows from the previous one by its moves reuses the subtree
    /// (with [`SearchConfig::reuse_tree`]).
    pub fn think(
        &mut self,
        game: &Game,
        color: Color,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        let start = Instant::now();
        let board = game.board();
        let area = board.area();
        if game.is_over() {
            return empty_result(area, start);
        }
        let (reused, same) = self.prepare_tree(game, color);
        if !same || self.acc.ownership.len() != area {
            self.acc = Accumulated {
                ownership: vec![0; area],
                ..Accumulated::default()
            };
        }
        let root_last = match game.moves().last() {
            Some(&(c, Move::Play(p))) if c != color => board.loc(p),
            _ => None,
        };
        let mut root_legal = vec![false; SLOTS].into_boxed_slice();
        for l in board.empty_locs() {
            root_legal[l.index()] = game.is_legal_loc(l, color)
                && !board.is_suicide(l, color)
                && !board.is_eye(l, color);
        }
        root_legal[PASS as usize] = true;
        let rules = game.rules();
        let threads = self.config.threads.max(1);
        let threshold = if self.config.expand_threshold > 0 {
            self.config.expand_threshold
        } else {
            3 + (area / 50) as u32
        };
        let sh = Shared {
            tree: &self.tree,
            base: &self.acc,
            config: &self.config,
            root_board: board.clone(),
            color,
            root_last,
            root_passes: game.consecutive_passes().min(1),
            komi: rules.komi,
            tie: rules.tie,
            score_at_two_passes: rules.scoring == Scoring::Area || limits.cleanup,
            root_legal,
            threshold,
            playout_limit: limits.playouts.unwrap_or(u64::MAX),
            claimed: AtomicU64::new(0),
            done: AtomicBool::new(false),
            finished: AtomicUsize::new(0),
            stop,
            workers: (0..threads)
                .map(|_| WorkerShared {
                    ownership: (0..area).map(|_| AtomicI32::new(0)).collect(),
                    playouts: AtomicU64::new(0),
                    score_sum: AtomicI64::new(0),
                })
                .collect(),
        };
        let time_budget = limits
            .time
            .map(|t| {
                // The margin, but never more than a tenth of a short
                // time (an analysis interval, say).
                let margin = self.config.lag_margin.min(t / 10);
                let t = t.saturating_sub(margin).max(Duration::from_millis(5));
                let max = limits
                    .max_time
                    .map_or(t, |m| m.saturating_sub(margin).max(t));
                TimeBudget { target: t, max }
            })
            .or_else(|| {
                limits
                    .clock
                    .as_ref()
                    .and_then(|c| budget(c, board.empty_count(), area, self.config.lag_margin))
            });
        // Seeded by the configuration, the position and how many searches
        // this `Search` has run: reproducible from a fresh `Search`, yet
        // two games of one process do not repeat each other.
        self.searches += 1;
        let seed = self.config.seed
            ^ board.hash()
            ^ (game.moves().len() as u64).wrapping_mul(0x9E37)
            ^ self.searches.wrapping_mul(0xA24B_AED4_963E_E407);
        std::thread::scope(|s| {
            for t in 0..threads {
                let sh = &sh;
                let spawned = std::thread::Builder::new()
                    .name(format!("search-{t}"))
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(s, move || {
                        let mut w = Worker::new(sh, seed.wrapping_add(t as u64 * 0x1_0000_0001));
                        w.run(sh, t);
                        sh.finished.fetch_add(1, Release);
                    });
                if spawned.is_err() {
                    sh.finished.fetch_add(1, Release);
                }
            }
            if sh.finished.load(Acquire) >= threads {
                // No thread could be started: search on this one.
                let mut w = Worker::new(&sh, seed);
                w.run(&sh, 0);
                return;
            }
            monitor(&sh, threads, start, time_budget, limits, game, info);
        });
        let mut result = snapshot(&sh, game, start);
        result.reused_visits = reused;
        let mut acc = Accumulated {
            ownership: self.acc.ownership.clone(),
            score_sum: self.acc.score_sum,
            playouts: self.acc.playouts,
        };
        for w in &sh.workers {
            for (o, a) in acc.ownership.iter_mut().zip(w.ownership.iter()) {
                *o += i64::from(a.load(Relaxed));
            }
            acc.score_sum += w.score_sum.load(Relaxed);
            acc.playouts += w.playouts.load(Relaxed);
        }
        drop(sh);
        self.acc = acc;
        if !limits.analysis {
            result.best = self.decide(game, color, &result, limits.cleanup);
            if let Decision::Play(m) = result.best {
                if let Some(c) = result.candidates.iter().find(|c| c.mv == m) {
                    result.winrate = c.winrate;
                }
            }
        }
        self.prev = Some(Previous {
            size: board.size(),
            topology: board.topology(),
            rules: *game.rules(),
            start_hash: game.start_board().hash(),
            moves: game.moves().to_vec(),
            color,
        });
        result
    }

    /// Keeps the tree for the same position, reuses the subtree of the new
    /// position if the previous search's position leads to it, or starts
    /// afresh; returns the root visits kept and whether the position is
    /// the same.
    fn prepare_tree(&mut self, game: &Game, color: Color) -> (u64, bool) {
        let limit = self.config.node_limit.max(1);
        match self.find_reusable(game, color) {
            Some(0) => (u64::from(self.tree.root().visits()), true),
            Some(idx) if self.config.reuse_tree => {
                self.tree = self.tree.copy_subtree(idx, limit);
                (u64::from(self.tree.root().visits()), false)
            }
            _ => {
                self.tree = Tree::new(limit, PASS);
                (0, false)
            }
        }
    }

    fn find_reusable(&self, game: &Game, color: Color) -> Option<u32> {
        let prev = self.prev.as_ref()?;
        let board = game.board();
        if prev.size != board.size()
            || prev.topology != board.topology()
            || prev.rules != *game.rules()
            || prev.start_hash != game.start_board().hash()
            || game.moves().len() < prev.moves.len()
            || game.moves()[..prev.moves.len()] != prev.moves[..]
        {
            return None;
        }
        let mut idx = 0u32;
        let mut to_move = prev.color;
        for &(c, mv) in &game.moves()[prev.moves.len()..] {
            if c != to_move {
                return None;
            }
            let code = match mv {
                Move::Pass => PASS,
                Move::Play(p) => board.loc(p)?.0,
            };
            let (first, count) = self.tree.node(idx).children()?;
            idx = (first..first + count).find(|&i| self.tree.node(i).mv() == code)?;
            to_move = to_move.opponent();
        }
        (to_move == color).then_some(idx)
    }

    /// Turns an analysis of `game` for `color` (a result of
    /// [`think`](Self::think) with `limits.analysis`) into a decision:
    /// resignation (a streak of hopeless searches, never early, patient in
    /// handicap games), the pass policy (pass when the opponent has passed
    /// and the game is won; under area scoring or in `cleanup` mode, not
    /// while dead opponent stones remain; under territory scoring, rather
    /// than fill one's own settled territory), and the configured
    /// randomness.
    pub fn decide(
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
                th * 0.5
            } else {
                th
            };
            if top.winrate < th && r.root_visits >= 200 {
                self.low_streak += 1;
            } else {
                self.low_streak = 0;
            }
            let min_moves = game.board().area() / 3 + 4 * handicap;
            if self.low_streak >= 3 && game.moves().len() >= min_moves {
                return Decision::Resign;
            }
        }
        let board = game.board();
        let opp = color.opponent();
        let dead = dead_stones(board, &r.ownership);
        let opp_dead = dead.iter(board).any(|l| board.color_at(l) == Some(opp));
        let mut choice = top.mv;
        if self.config.temperature > 0.0 && choice != Move::Pass {
            choice = self.sample(r);
        }
        let keep_playing = opp_dead && (cleanup || game.rules().scoring == Scoring::Area);
        if choice == Move::Pass {
            if cleanup && opp_dead {
                if let Some(c) = r.candidates.iter().find(|c| c.mv != Move::Pass) {
                    choice = c.mv;
                }
            }
            return Decision::Play(choice);
        }
        let opponent_passed = matches!(game.moves().last(), Some(&(c, Move::Pass)) if c == opp);
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
                    r.ownership.get(l.index()).is_some_and(|&o| o * sign > 0.9)
                        && board
                            .neighbors(l)
                            .all(|n| r.ownership.get(n.index()).is_some_and(|&o| o * sign > 0.9))
                });
                let pass_ok = r
                    .candidates
                    .iter()
                    .find(|c| c.mv == Move::Pass)
                    .is_some_and(|c| c.visits > 0 && c.winrate >= top.winrate - 0.05);
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
        let t = f64::from(self.config.temperature.max(0.01));
        let ok = |c: &Candidate| {
            c.mv != Move::Pass && c.visits * 10 >= top.visits && c.winrate >= top.winrate - 0.15
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

/// The stones whose chain the playouts give to the opponent (average
/// ownership of the chain beyond one half against it): the dead stones for
/// `final_status_list` and scoring. `ownership` is as in
/// [`SearchResult::ownership`].
pub fn dead_stones(board: &Board, ownership: &[f32]) -> DeadStones {
    let mut dead = DeadStones::none();
    let mut seen = vec![false; board.area()];
    for l in board.locs() {
        let Some(c) = board.color_at(l) else {
            continue;
        };
        if seen.get(l.index()).copied().unwrap_or(true) {
            continue;
        }
        let sign = if c == Color::Black { 1.0 } else { -1.0 };
        let (mut sum, mut n) = (0.0f32, 0usize);
        for s in board.chain(l) {
            if let Some(v) = seen.get_mut(s.index()) {
                *v = true;
            }
            sum += ownership.get(s.index()).copied().unwrap_or(0.0) * sign;
            n += 1;
        }
        if n > 0 && sum / (n as f32) < -0.5 {
            for s in board.chain(l) {
                dead.insert(s);
            }
        }
    }
    dead
}

fn empty_result(area: usize, start: Instant) -> SearchResult {
    SearchResult {
        best: Decision::Play(Move::Pass),
        winrate: 0.5,
        score_lead: 0.0,
        candidates: Vec::new(),
        ownership: vec![0.0; area],
        playouts: 0,
        root_visits: 0,
        reused_visits: 0,
        nodes: 0,
        elapsed: start.elapsed(),
    }
}

/// Playouts a search must have run before it may stop early because the
/// leader cannot be caught: fewer give no trustworthy rate or lead (one
/// playout on a briefly starved thread once ended a search after 10 ms).
const EARLY_STOP_MIN_PLAYOUTS: u64 = 256;

/// The monitoring loop on the calling thread: time limits, early stops,
/// the stop flag and periodic analysis.
fn monitor(
    sh: &Shared<'_>,
    threads: usize,
    start: Instant,
    budget: Option<TimeBudget>,
    limits: &Limits,
    game: &Game,
    info: &mut dyn FnMut(&SearchResult),
) {
    let mut last_info = start;
    loop {
        if sh.finished.load(Acquire) >= threads {
            return;
        }
        let tick = limits.info_interval.map_or(Duration::from_millis(2), |i| {
            i.min(Duration::from_millis(2))
        });
        std::thread::sleep(tick);
        let now = Instant::now();
        let elapsed = now - start;
        if sh.stop.load(Relaxed) {
            sh.done.store(true, Relaxed);
        }
        if let Some(b) = budget {
            if elapsed >= b.max {
                sh.done.store(true, Relaxed);
            } else if elapsed >= b.target {
                if !unstable(sh.tree) {
                    sh.done.store(true, Relaxed);
                }
            } else if elapsed * 4 >= b.target && limits.playouts.is_none() {
                // Stop early when the leader cannot be caught in time, but
                // only once the rate estimate rests on enough playouts: a
                // thread starved at the start would otherwise see one
                // playout as an uncatchable lead.
                let done: u64 = sh.workers.iter().map(|w| w.playouts.load(Relaxed)).sum();
                if done >= EARLY_STOP_MIN_PLAYOUTS {
                    let rate = done as f64 / elapsed.as_secs_f64().max(1e-3);
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

/// Whether the most visited root move may still change: its lead over the
/// second is under 30% of the second's visits, or within the noise of so
/// few visits (twice the square root of their sum).
fn unstable(tree: &Tree) -> bool {
    let (a, b) = top_two(tree);
    let (a, b) = (a as f64, b as f64);
    a > 0.0 && (a < 1.3 * b || a - b < 2.0 * (a + b).sqrt())
}

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
fn snapshot(sh: &Shared<'_>, game: &Game, start: Instant) -> SearchResult {
    let tree = sh.tree;
    let board = &sh.root_board;
    let area = board.area();
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
                (wr - 1.96 * sd - 0.5 / s.visits as f32).max(0.0)
            };
            let mut pv = vec![code_to_move(board, mv)];
            let mut idx = i;
            while pv.len() < 32 {
                let Some((f, c)) = tree.node(idx).children() else {
                    break;
                };
                let best = (f..f + c).max_by_key(|&j| tree.node(j).visits());
                match best {
                    Some(j) if tree.node(j).visits() > 0 => {
                        pv.push(code_to_move(board, tree.node(j).mv()));
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
                pv,
            });
        }
    }
    candidates.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.winrate.total_cmp(&a.winrate))
    });
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
    let sign = if sh.color == Color::Black { 1.0 } else { -1.0 };
    let score_lead = if total > 0 {
        ((score_sum as f64 / total as f64 - game.rules().komi) * sign) as f32
    } else {
        0.0
    };
    let (best, winrate) = match candidates.first() {
        Some(c) => (Decision::Play(c.mv), c.winrate),
        None => (Decision::Play(Move::Pass), 0.5),
    };
    SearchResult {
        best,
        winrate,
        score_lead,
        candidates,
        ownership,
        playouts,
        root_visits: u64::from(tree.root().visits()),
        reused_visits: 0,
        nodes: tree.len(),
        elapsed: start.elapsed(),
    }
}

impl Worker {
    fn new(sh: &Shared<'_>, seed: u64) -> Worker {
        let b = &sh.root_board;
        Worker {
            board: b.clone(),
            policy: PlayoutPolicy::new(sh.config.policy, b.size(), b.topology(), seed),
            path: Vec::with_capacity(MAX_DEPTH + 2),
            log: Vec::with_capacity(LOG_CAPACITY),
            map: Box::new([0; SLOTS]),
            owner: Box::new([0; SLOTS]),
            buf: Vec::with_capacity(SLOTS + 1),
            weights: PriorWeights::default(),
        }
    }

    fn run(&mut self, sh: &Shared<'_>, t: usize) {
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
                    match self.expand(sh, idx, to_move, last) {
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
                last = None;
            } else {
                self.board.play_unchecked(Loc(mv), to_move);
                passes = 0;
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
        let black = if m > 0.0 {
            2
        } else if m < 0.0 || sh.tie == TieRule::WhiteWins {
            0
        } else {
            1
        };
        let result = |c: Color| if c == Color::Black { black } else { 2 - black };
        for &(n, mover) in &self.path {
            tree.node(n).add_result(result(mover));
        }
        self.amaf(sh, &result);
        let ws = &sh.workers[t];
        for (a, &o) in ws.ownership.iter().zip(self.owner.iter()) {
            if o != 0 {
                a.store(a.load(Relaxed) + i32::from(o), Relaxed);
            }
        }
        ws.score_sum
            .store(ws.score_sum.load(Relaxed) + i64::from(diff), Relaxed);
        ws.playouts.store(ws.playouts.load(Relaxed) + 1, Relaxed);
    }

    /// Area score (Black minus White) of the final board, filling `owner`.
    fn score(&mut self) -> i32 {
        let b = &self.board;
        let mut diff = 0i32;
        for i in 0..b.area() {
            let o: i8 = match b.cell_code(i) {
                1 => 1,
                2 => -1,
                _ => {
                    let (mut bl, mut wh) = (false, false);
                    for &n in b.neighbor_slots(Loc(i as u16)) {
                        if n == OFF {
                            break;
                        }
                        match b.cell_code(n as usize) {
                            1 => bl = true,
                            2 => wh = true,
                            _ => {}
                        }
                    }
                    i8::from(bl && !wh) - i8::from(wh && !bl)
                }
            };
            self.owner[i] = o;
            diff += i32::from(o);
        }
        diff
    }

    /// AMAF update: each expanded node on the path credits its children
    /// whose move its player played first later in the simulation.
    fn amaf(&mut self, sh: &Shared<'_>, result: &dyn Fn(Color) -> u32) {
        let tree = sh.tree;
        let area = self.board.area();
        self.map[..area].fill(0);
        for &e in self.log.iter().rev() {
            let l = (e & !LOG_COLOR_BIT) as usize;
            if l < area {
                self.map[l] = if e & LOG_COLOR_BIT != 0 { 2 } else { 1 };
            }
        }
        for k in (0..self.path.len()).rev() {
            let (n, mover) = self.path[k];
            let to_move = mover.opponent();
            if let Some((first, count)) = tree.node(n).children() {
                let code = to_move as u8 + 1;
                let r = result(to_move);
                for i in first..first + count {
                    let ch = tree.node(i);
                    let mv = ch.mv() as usize;
                    if mv < area && self.map[mv] == code {
                        ch.add_amaf(r);
                    }
                }
            }
            if k > 0 {
                let mv = tree.node(n).mv() as usize;
                if mv < area {
                    self.map[mv] = mover as u8 + 1;
                }
            }
        }
    }

    /// Expands node `idx` (claimed by this thread) on the current board.
    fn expand(
        &mut self,
        sh: &Shared<'_>,
        idx: u32,
        to_move: Color,
        last: Option<Loc>,
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
        };
        self.buf.clear();
        for l in self.board.empty_locs() {
            let ok = if at_root {
                sh.root_legal.get(l.index()).copied().unwrap_or(false)
            } else {
                self.board.is_legal_simple(l, to_move) && !self.board.is_eye(l, to_move)
            };
            if ok {
                self.buf.push((l.0, ctx.prior(l, to_move)));
            }
        }
        self.buf
            .push((PASS, self.weights.pass(sh.config.prior_even)));
        let count = self.buf.len() as u32;
        let node = tree.node(idx);
        let Some(first) = tree.alloc(count) else {
            node.freeze();
            return None;
        };
        for (k, &(mv, p)) in self.buf.iter().enumerate() {
            tree.node(first + k as u32).init(mv, p.visits, p.wins);
        }
        node.finish_expand(first, count);
        Some((first, count))
    }
}

/// The child of `parent` to descend into: the highest UCT-RAVE value.
#[inline]
fn select(sh: &Shared<'_>, parent: u32, (first, count): (u32, u32)) -> Option<u32> {
    let tree = sh.tree;
    let at_root = parent == 0;
    let equiv = sh.config.rave_equiv.max(1.0);
    let explore = sh.config.explore;
    let log_parent = if explore > 0.0 {
        (tree.node(parent).visits() as f32 + 1.0).ln()
    } else {
        0.0
    };
    let mut best = None;
    let mut best_val = f32::NEG_INFINITY;
    for i in first..first + count {
        let n = tree.node(i);
        if at_root && !sh.root_legal.get(n.mv() as usize).copied().unwrap_or(false) {
            continue;
        }
        let s = n.stats();
        let pv = s.prior_visits as f32;
        let pw = s.prior_wins as f32;
        let nv = s.visits as f32;
        let q = if nv + pv > 0.0 {
            (s.wins as f32 * 0.5 + pw) / (nv + pv)
        } else {
            0.5
        };
        let an = s.amaf_visits as f32 + pv;
        let mut val = if an > 0.0 {
            let aq = (s.amaf_wins as f32 * 0.5 + pw) / an;
            let beta = an / (an + nv + nv * an / equiv);
            (1.0 - beta) * q + beta * aq
        } else {
            q
        };
        if explore > 0.0 {
            val += explore * (log_parent / (nv + 1.0)).sqrt();
        }
        if val > best_val {
            best_val = val;
            best = Some(i);
        }
    }
    best
}
