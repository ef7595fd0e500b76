//! The search: the [`Search`] engine, which keeps its tree between moves,
//! and [`think`](Search::think), which starts the worker threads
//! ([`super::worker`]), watches them ([`super::monitor`]) and decides
//! ([`super::decision`]).

use super::analysis::snapshot;
use super::config::{Limits, SearchConfig};
use super::monitor::monitor;
use super::result::{Decision, SearchResult};
use super::shared::{Accumulated, MoveScores, Shared, WorkerShared};
use super::time::TimeBudget;
use super::tree::{Tree, PASS};
use super::worker::Worker;
use crate::color::Color;
use crate::game::Game;
use crate::geometry::{Topology, SLOTS};
use crate::playout::{LearnedShapes, Rng};
use crate::point::Move;
use crate::rules::{Rules, Scoring};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicI64, AtomicU64, AtomicUsize, Ordering::*};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The stack of a search thread: generous, as the ladder reader recurses
/// once per move it tries (up to its budget of 160) and readers built for
/// one question sit on the stack (about 6 kB each).
const WORKER_STACK: usize = 32 << 20;
/// The node limit of the placeholder tree of a fresh or cleared search
/// (the first search builds its own with the configured limit): small, so
/// an idle engine holds little.
const PLACEHOLDER_NODES: usize = 1024;
/// With [`SearchConfig::expand_threshold`] at 0, a leaf is expanded after
/// this many visits plus one per [`EXPAND_AREA_PER_VISIT`] points: larger
/// boards wait longer, which saves memory and prior work per node; hand-set.
const EXPAND_BASE_VISITS: u32 = 3;
/// Board points per extra visit before expansion (see
/// [`EXPAND_BASE_VISITS`]); hand-set.
const EXPAND_AREA_PER_VISIT: usize = 50;
/// The lag margin is at most this fraction (1 / n) of a fixed thinking
/// time: a short time (an analysis interval, say) is not eaten by it.
const MARGIN_MAX_FRACTION: u32 = 10;
/// The least a fixed thinking time leaves after the lag margin: enough to
/// expand the root and run a few playouts.
const MIN_THINK: Duration = Duration::from_millis(5);
/// Seed salts: the search's own generator, the move number, the search
/// count and each thread's offset are mixed into the seed with these
/// (odd, spread bits; any such values do).
const SEED_SALT: u64 = 0x005E_A7C4;
/// See [`SEED_SALT`].
const SEED_MOVES_MIX: u64 = 0x9E37;
/// See [`SEED_SALT`].
const SEED_SEARCHES_MIX: u64 = 0xA24B_AED4_963E_E407;
/// See [`SEED_SALT`].
const SEED_THREAD_STEP: u64 = 0x1_0000_0001;

/// What the previous search was about, for tree reuse.
#[derive(Clone, Debug)]
struct Previous {
    size: usize,
    topology: Topology,
    rules: Rules,
    start_hash: u64,
    moves: Vec<(Color, Move)>,
    color: Color,
    /// The extra komi it searched with ([`Limits::extra_komi`]): its win
    /// rates are at that komi, so a search at another komi (analysis at
    /// the real komi after a dynamic-komi move) must not reuse them.
    extra_komi: f64,
}

/// A Monte-Carlo tree search engine. It keeps its tree between moves
/// (when the new position follows from the previous one).
#[derive(Debug)]
pub struct Search {
    pub(super) config: SearchConfig,
    tree: Tree,
    prev: Option<Previous>,
    pub(super) low_streak: u32,
    /// Searches run so far (mixed into the seed).
    searches: u64,
    pub(super) rng: Rng,
    /// Playout statistics gathered on the current root so far (a search
    /// of the same position continues them).
    acc: Accumulated,
    /// What the engine interface remembers between calls.
    pub(super) memory: super::key::Memory,
    /// The learned playout shapes, built once from the model if
    /// [`SearchConfig::learned_shapes`] is on.
    shapes: Option<Arc<LearnedShapes>>,
}

impl Search {
    /// A search with configuration `config`.
    pub fn new(config: SearchConfig) -> Search {
        let rng = crate::playout::rng(config.seed ^ SEED_SALT);
        let shapes = config.learned_shapes_table();
        Search {
            shapes,
            tree: Tree::new(config.node_limit.min(PLACEHOLDER_NODES), PASS),
            config,
            prev: None,
            low_streak: 0,
            searches: 0,
            rng,
            acc: Accumulated::default(),
            memory: super::key::Memory::default(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Forgets the tree and the history (for a new game).
    pub fn clear(&mut self) {
        self.tree = Tree::new(PLACEHOLDER_NODES.min(self.config.node_limit), PASS);
        self.prev = None;
        self.low_streak = 0;
        self.acc = Accumulated::default();
        self.memory = super::key::Memory::default();
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
        let (reused, same) = self.prepare_tree(game, color, limits.extra_komi);
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
        let moves = game.moves();
        let root_before = match moves.len().checked_sub(2).and_then(|i| moves.get(i)) {
            Some(&(c, Move::Play(p))) if c == color => board.loc(p),
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
            EXPAND_BASE_VISITS + (area / EXPAND_AREA_PER_VISIT) as u32
        };
        let sh = Shared {
            tree: &self.tree,
            base: &self.acc,
            config: &self.config,
            root_board: board.clone(),
            color,
            root_last,
            root_before,
            root_passes: game.consecutive_passes().min(1),
            // The count's komi: the handicap bonus included, and the
            // dynamic komi of a handicap game.
            komi: game.komi_with_bonus() + limits.extra_komi,
            priors: self.config.priors.resolved(),
            learned_wins_only: self.config.learned_wins_only_on(board.size()),
            tie: rules.tie,
            score_at_two_passes: rules.scoring == Scoring::Area || limits.cleanup,
            root_legal,
            shapes: self.shapes.clone(),
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
                    move_score: (0..SLOTS).map(|_| AtomicI64::new(0)).collect(),
                    move_score_sq: (0..SLOTS).map(|_| AtomicI64::new(0)).collect(),
                    move_count: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
                })
                .collect(),
        };
        let time_budget = limits.time.map(|t| {
            // The margin, but never more than a tenth of a short
            // time (an analysis interval, say).
            let margin = self.config.lag_margin.min(t / MARGIN_MAX_FRACTION);
            let t = t.saturating_sub(margin).max(MIN_THINK);
            let max = limits
                .max_time
                .map_or(t, |m| m.saturating_sub(margin).max(t));
            TimeBudget {
                target: t,
                max,
                saves: limits.saves_time,
            }
        });
        // Seeded by the configuration, the position and how many searches
        // this `Search` has run: reproducible from a fresh `Search`, yet
        // two games of one process do not repeat each other.
        self.searches += 1;
        let seed = self.config.seed
            ^ board.hash()
            ^ (game.moves().len() as u64).wrapping_mul(SEED_MOVES_MIX)
            ^ self.searches.wrapping_mul(SEED_SEARCHES_MIX);
        std::thread::scope(|s| {
            for t in 0..threads {
                let sh = &sh;
                let spawned = std::thread::Builder::new()
                    .name(format!("search-{t}"))
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(s, move || {
                        let mut w = Worker::new(sh, seed.wrapping_add(t as u64 * SEED_THREAD_STEP));
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
            move_scores: if self.acc.move_scores.len() == SLOTS {
                self.acc.move_scores.clone()
            } else {
                vec![MoveScores::default(); SLOTS]
            },
        };
        for w in &sh.workers {
            for (i, m) in acc.move_scores.iter_mut().enumerate() {
                m.sum += w.move_score.get(i).map_or(0, |a| a.load(Relaxed));
                m.sum_sq += w.move_score_sq.get(i).map_or(0, |a| a.load(Relaxed));
                m.count += w.move_count.get(i).map_or(0, |a| a.load(Relaxed));
            }
            for (o, a) in acc.ownership.iter_mut().zip(w.ownership.iter()) {
                *o += i64::from(a.load(Relaxed));
            }
            acc.score_sum += w.score_sum.load(Relaxed);
            acc.playouts += w.playouts.load(Relaxed);
        }
        drop(sh);
        self.acc = acc;
        if !limits.analysis {
            result.best = self.decision(game, color, &result, limits.cleanup);
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
            extra_komi: limits.extra_komi,
        });
        result
    }

    /// Keeps the tree for the same position, reuses the subtree of the new
    /// position if the previous search's position leads to it, or starts
    /// afresh; returns the root visits kept and whether the position is
    /// the same.
    fn prepare_tree(&mut self, game: &Game, color: Color, extra_komi: f64) -> (u64, bool) {
        let limit = self.config.node_limit.max(1);
        match self.find_reusable(game, color, extra_komi) {
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

    fn find_reusable(&self, game: &Game, color: Color, extra_komi: f64) -> Option<u32> {
        let prev = self.prev.as_ref()?;
        let board = game.board();
        if prev.extra_komi != extra_komi
            || prev.size != board.size()
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
}

fn empty_result(area: usize, start: Instant) -> SearchResult {
    SearchResult {
        best: Decision::Play(Move::Pass),
        winrate: 0.5,
        score_lead: 0.0,
        score_stdev: 0.0,
        candidates: Vec::new(),
        ownership: vec![0.0; area],
        playouts: 0,
        root_visits: 0,
        reused_visits: 0,
        nodes: 0,
        elapsed: start.elapsed(),
        from_book: false,
    }
}
