//! The training positions of recorded games: each teacher move with the
//! position before it, its legal moves and the last two moves.

use super::record::GameRecord;
use crate::board::Board;
use crate::color::Color;
use crate::geometry::Loc;
use crate::point::Move;

/// One position where the teacher chose a move.
#[derive(Debug)]
pub struct Position<'a> {
    /// The index of its game among the records given.
    pub game: usize,
    /// The board before the move.
    pub board: &'a Board,
    /// The side to move.
    pub to_move: Color,
    /// The opponent's last move if it was a stone.
    pub last: Option<Loc>,
    /// The move before that (one's own) if it was a stone.
    pub before: Option<Loc>,
    /// Whether the opponent's last move was a pass.
    pub last_was_pass: bool,
    /// The legal stone moves (superko respected); a pass is always legal
    /// too.
    pub legal: &'a [Loc],
    /// The teacher's move: a stone among `legal`, or `None` for a pass.
    pub chosen: Option<Loc>,
}

/// Calls `visit` with every teacher position of the games whose index
/// `keep` accepts.
///
/// # Errors
/// The first game that does not replay (an illegal move), by index.
pub fn visit_positions(
    records: &[GameRecord],
    keep: impl Fn(usize) -> bool,
    mut visit: impl FnMut(&Position<'_>),
) -> Result<(), String> {
    let mut legal = Vec::new();
    for (gi, r) in records.iter().enumerate() {
        if !keep(gi) {
            continue;
        }
        r.replay(|game, c, mv, teacher| {
            if !teacher {
                return;
            }
            let board = game.board();
            let hist = game.moves();
            let loc_of = |m: Option<&(Color, Move)>| {
                m.and_then(|&(_, m)| m.point()).and_then(|p| board.loc(p))
            };
            let last = loc_of(hist.last());
            let before = loc_of(hist.len().checked_sub(2).and_then(|i| hist.get(i)));
            let last_was_pass = matches!(hist.last(), Some((_, Move::Pass)));
            legal.clear();
            legal.extend(board.empty_locs().filter(|&l| game.is_legal_loc(l, c)));
            let chosen = mv.point().and_then(|p| board.loc(p));
            if chosen.is_some_and(|l| !legal.contains(&l)) {
                return;
            }
            visit(&Position {
                game: gi,
                board,
                to_move: c,
                last,
                before,
                last_was_pass,
                legal: &legal,
                chosen,
            });
        })
        .map_err(|e| format!("game {}: {e}", gi + 1))?;
    }
    Ok(())
}
