//! What a search found: the decision, the candidates and the analysis
//! behind them.

use crate::point::Move;
use std::time::Duration;

/// An engine's answer to `genmove`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Play this move (or pass).
    Play(Move),
    /// Resign.
    Resign,
}

/// One candidate move at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// Playouts through it.
    pub visits: u64,
    /// Its win rate for the player to move (0..1).
    pub winrate: f32,
    /// Its prior, normalised over the root's moves (0..1).
    pub prior: f32,
    /// A lower confidence bound of its win rate.
    pub lcb: f32,
    /// The expected final lead of the player to move after this move, in
    /// points (komi included), from the playouts through it; the root's
    /// lead while it has none.
    pub score_lead: f32,
    /// The standard deviation of the final score (area, in points) of the
    /// playouts through the move; 0 while it has fewer than two.
    pub score_stdev: f32,
    /// The principal variation starting with the move.
    pub pv: Vec<Move>,
    /// The visits of each position of the principal variation (the first
    /// is the move's own), as many as `pv` has moves.
    pub pv_visits: Vec<u64>,
}

/// The outcome of a search, and the analysis behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The decision: a move or resignation.
    pub best: Decision,
    /// The win rate of the player to move after the best move (0..1).
    pub winrate: f32,
    /// The expected area margin for the player to move (komi included).
    pub score_lead: f32,
    /// The standard deviation of the final score over the playouts of the
    /// root (the same from either side); 0 with fewer than two.
    pub score_stdev: f32,
    /// The root moves, most visited first.
    pub candidates: Vec<Candidate>,
    /// Per board location (`Loc` order: row by row from the bottom-left),
    /// from -1 (White owns it) to 1 (Black owns it), from the playouts.
    pub ownership: Vec<f32>,
    /// Playouts run by this search.
    pub playouts: u64,
    /// Visits at the root after the search (reused ones included).
    pub root_visits: u64,
    /// Visits of the root kept from the previous search.
    pub reused_visits: u64,
    /// Tree nodes in use.
    pub nodes: usize,
    /// Wall time of the search.
    pub elapsed: Duration,
    /// The move is the opening book's ([`Book`](super::Book)): nothing
    /// was searched, and the one candidate is the book's record of it.
    pub from_book: bool,
}
