//! What the threads of one search share: the tree, the root position and
//! its rules, the limits, and each worker's statistics that the monitor
//! reads while the search runs.

use super::prior::PriorSource;
use super::tree::Tree;
use super::SearchConfig;
use crate::board::Board;
use crate::color::Color;
use crate::geometry::Loc;
use crate::playout::LearnedShapes;
use crate::rules::TieRule;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicI64, AtomicU64, AtomicUsize};
use std::sync::Arc;

/// Ownership and score sums over the playouts of one root.
#[derive(Clone, Debug, Default)]
pub(super) struct Accumulated {
    pub(super) ownership: Vec<i64>,
    pub(super) score_sum: i64,
    pub(super) playouts: u64,
    /// Per root move (by move code, the pass included): the area scores of
    /// the playouts through it, for each candidate's own expected lead and
    /// its spread. Empty until a search has run.
    pub(super) move_scores: Vec<MoveScores>,
}

/// The area scores (Black minus White) of the playouts through one root
/// move: their sum, the sum of their squares and their number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct MoveScores {
    pub(super) sum: i64,
    pub(super) sum_sq: i64,
    pub(super) count: u64,
}

/// Per-thread statistics the monitor reads while the search runs (each is
/// written by one thread only).
pub(super) struct WorkerShared {
    pub(super) ownership: Box<[AtomicI32]>,
    pub(super) playouts: AtomicU64,
    pub(super) score_sum: AtomicI64,
    /// Per root move (by move code): the score sum, the sum of the squared
    /// scores and the number of this thread's playouts through it.
    pub(super) move_score: Box<[AtomicI64]>,
    pub(super) move_score_sq: Box<[AtomicI64]>,
    pub(super) move_count: Box<[AtomicU64]>,
}

/// Everything the threads of one search share.
pub(super) struct Shared<'a> {
    /// The tree, grown by every thread.
    pub(super) tree: &'a Tree,
    /// The statistics of earlier searches of the same root.
    pub(super) base: &'a Accumulated,
    pub(super) config: &'a SearchConfig,
    /// The position searched, with `color` to move.
    pub(super) root_board: Board,
    pub(super) color: Color,
    /// The opponent's last move at the root, if it was a stone.
    pub(super) root_last: Option<Loc>,
    /// The mover's own last move, if a stone (the move before `root_last`).
    pub(super) root_before: Option<Loc>,
    /// Passes in a row at the root (0 or 1).
    pub(super) root_passes: u32,
    pub(super) komi: f64,
    pub(super) tie: TieRule,
    /// Where the priors come from on this board ([`SearchConfig::priors`]
    /// resolved by [`PriorSource::resolved`]).
    pub(super) priors: PriorSource,
    /// The learned priors only add virtual wins on this board
    /// ([`SearchConfig::learned_wins_only_on`]).
    pub(super) learned_wins_only: bool,
    /// Two passes in the tree end the game and are scored as they stand
    /// (area scoring, or cleanup); else a playout continues.
    pub(super) score_at_two_passes: bool,
    /// Per location (and the pass slot): whether the root move is legal
    /// and sensible (superko checked, own eyes excluded).
    pub(super) root_legal: Box<[bool]>,
    /// The learned playout shapes, if the configuration asks for them.
    pub(super) shapes: Option<Arc<LearnedShapes>>,
    /// Visits a leaf needs before it is expanded.
    pub(super) threshold: u32,
    /// The new playouts allowed (`u64::MAX`: no limit).
    pub(super) playout_limit: u64,
    /// Playouts claimed so far against `playout_limit`.
    pub(super) claimed: AtomicU64,
    /// Raised by the monitor: the workers stop.
    pub(super) done: AtomicBool,
    /// Workers that have ended (or could not start).
    pub(super) finished: AtomicUsize,
    /// The caller's stop flag.
    pub(super) stop: &'a AtomicBool,
    /// Per worker: what the monitor reads while the search runs.
    pub(super) workers: Vec<WorkerShared>,
}
