//! The one position key: what identifies the position a cached answer
//! belongs to (the search's engine interface, the GTP session's dead-stone
//! cache), and what the search remembers between the calls of its engine
//! interface.

use super::result::SearchResult;
use crate::color::Color;
use crate::game::Game;
use crate::geometry::Topology;
use crate::point::Move;
use crate::rules::Rules;

/// What identifies the position a cached answer belongs to: everything
/// the answer depends on. The one position key of the engine: the cached
/// search of [`Search`](super::Search)'s engine interface and the GTP session's dead-stone
/// cache both use it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PositionKey {
    /// The hash of the position (stones and the player to move).
    hash: u64,
    /// Moves played since the start position.
    moves: usize,
    size: usize,
    topology: Topology,
    /// Komi, ko, suicide, scoring, ties and the move limit.
    rules: Rules,
    color: Color,
    cleanup: bool,
}

impl PositionKey {
    /// The key of `game`'s position with `color` to find a move for, in
    /// clean-up mode or not.
    pub fn new(game: &Game, color: Color, cleanup: bool) -> PositionKey {
        PositionKey {
            hash: game.history().last().copied().unwrap_or(0),
            moves: game.moves().len(),
            size: game.size(),
            topology: game.board().topology(),
            rules: *game.rules(),
            color,
            cleanup,
        }
    }
}

/// What the search remembers between the calls of its engine interface.
#[derive(Clone, Debug, Default)]
pub(super) struct Memory {
    /// The last analysis, and the position it was of.
    pub(super) last: Option<(PositionKey, SearchResult)>,
    /// The board hash, move count and ownership behind the last decision.
    pub(super) decided: Option<(u64, usize, Vec<f32>)>,
}

impl Memory {
    /// The ownership behind the last decision, if `game` only added passes
    /// to that position.
    pub(super) fn decided_ownership(&self, game: &Game) -> Option<&Vec<f32>> {
        let (hash, n, own) = self.decided.as_ref()?;
        let moves = game.moves();
        let only_passes = moves.len() >= *n && moves[*n..].iter().all(|&(_, m)| m == Move::Pass);
        (game.board().hash() == *hash && only_passes).then_some(own)
    }
}
