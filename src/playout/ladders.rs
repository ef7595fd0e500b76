//! The heavy playouts' ladder questions, read on a [`LadderReader`]'s
//! scratch copy of the stones: does extending a chain in atari only run it
//! into a ladder, and which atari takes the last move's chain in one.

use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, OFF};
use crate::tactics::{empty_neighbors, LadderReader};

/// Ladders are read only for chains of fewer stones than this (counting a
/// stone joined twice): a long chain is rarely caught in a ladder and
/// costly to read, every liberty count being a flood fill; hand-set.
pub(super) const LADDER_MAX_STONES: usize = 10;

/// Whether `c` playing at the empty `l`, next to an own chain in atari,
/// leaves the joined chain with two liberties that a ladder takes. A point
/// with three empty neighbours or more always escapes, and a join of
/// [`LADDER_MAX_STONES`] stones or more is not read.
#[inline]
pub(super) fn runs_into_ladder(reader: &mut LadderReader, board: &Board, l: Loc, c: Color) -> bool {
    if empty_neighbors(board, l) >= 3 {
        return false;
    }
    let me = Board::stone_code(c);
    let stones: usize = board
        .neighbor_slots(l)
        .iter()
        .take_while(|&&n| n != OFF)
        .filter(|&&n| board.cell_code(n as usize) == me)
        .map(|&n| board.chain_len(Loc(n)))
        .sum();
    if stones >= LADDER_MAX_STONES {
        return false;
    }
    reader.load(board);
    reader.play(board, l, c);
    reader.captures_two(board, l, c.opponent())
}

/// The legal atari of `c` that takes the last move's chain (`lm`, two
/// liberties, fewer than [`LADDER_MAX_STONES`] stones) in a ladder.
#[inline]
pub(super) fn ladder_atari(
    reader: &mut LadderReader,
    board: &Board,
    c: Color,
    lm: Loc,
) -> Option<Loc> {
    if board.liberties(lm) != 2 || board.chain_len(lm) >= LADDER_MAX_STONES {
        return None;
    }
    reader.load(board);
    let a = reader.ladder_atari(board, lm, c)?;
    board.is_legal_simple(a, c).then_some(a)
}

/// Whether `l` touches a chain of `c`'s in atari.
#[inline]
pub(super) fn extends_atari(board: &Board, l: Loc, c: Color) -> bool {
    let me = Board::stone_code(c);
    board
        .neighbor_slots(l)
        .iter()
        .take_while(|&&n| n != OFF)
        .any(|&n| board.cell_code(n as usize) == me && board.in_atari(Loc(n)))
}
