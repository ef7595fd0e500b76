//! Ladders: reading out repeated ataris, for the priors (is an escape or
//! an atari worth anything?).

use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, OFF};

/// The most stones a ladder reading may play before it gives up (and
/// answers "no capture"). Each step keeps a board copy on the stack
/// (about 10 kB), so the search threads get large stacks.
const LADDER_BUDGET: u32 = 160;

/// The distinct liberties of the chain through `l`, at most `out.len()`.
fn chain_liberties(board: &Board, l: Loc, out: &mut [u16]) -> usize {
    let mut n = 0;
    for s in board.chain(l) {
        for &q in board.neighbor_slots(s) {
            if q == OFF {
                break;
            }
            if board.cell_code(q as usize) == Board::EMPTY_CODE && !out[..n].contains(&q) {
                if n == out.len() {
                    return n;
                }
                out[n] = q;
                n += 1;
            }
        }
    }
    n
}

/// Whether the chain through `l` touches a chain of the other colour that
/// is in atari (which it could capture to escape). The ladder reader's, and
/// the two-liberty rules'.
pub(super) fn can_capture_neighbor(board: &Board, l: Loc) -> bool {
    let Some(me) = board.color_at(l) else {
        return false;
    };
    let theirs = Board::stone_code(me.opponent());
    board.chain(l).any(|s| {
        board
            .neighbor_slots(s)
            .iter()
            .take_while(|&&q| q != OFF)
            .any(|&q| board.cell_code(q as usize) == theirs && board.in_atari(Loc(q)))
    })
}

/// With `attacker` to move, whether the chain through `l` (two liberties
/// at most) is captured by a ladder: repeated ataris it can only answer by
/// extending.
pub(crate) fn ladder_captures(board: &Board, l: Loc, attacker: Color) -> bool {
    let mut budget = LADDER_BUDGET;
    attack(board, l, attacker, &mut budget)
}

/// With the defender (owner of `l`'s chain, in atari) to move, whether it
/// escapes: by capturing a neighbour, or by extending to three liberties,
/// or to two that the ladder cannot take.
pub(crate) fn escapes_atari(board: &Board, l: Loc, attacker: Color) -> bool {
    let mut budget = LADDER_BUDGET;
    defend(board, l, attacker, &mut budget)
}

fn attack(board: &Board, l: Loc, attacker: Color, budget: &mut u32) -> bool {
    match board.liberties(l) {
        0 | 1 => return true,
        2 => {}
        _ => return false,
    }
    let mut libs = [0u16; 2];
    if chain_liberties(board, l, &mut libs) != 2 {
        return false;
    }
    for &a in &libs {
        let a = Loc(a);
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        if !board.is_legal_simple(a, attacker) {
            continue;
        }
        let mut b = board.clone();
        b.play_unchecked(a, attacker);
        // An atari stone that can be taken at once does not work.
        if b.liberties(a) <= 1 || b.liberties(l) != 1 {
            continue;
        }
        if !defend(&b, l, attacker, budget) {
            return true;
        }
    }
    false
}

fn defend(board: &Board, l: Loc, attacker: Color, budget: &mut u32) -> bool {
    let Some(defender) = board.color_at(l) else {
        return true;
    };
    if board.liberties(l) >= 2 {
        return !attack(board, l, attacker, budget);
    }
    if can_capture_neighbor(board, l) {
        return true;
    }
    let Some(e) = board.last_liberty(l) else {
        return false;
    };
    if *budget == 0 {
        return true;
    }
    *budget -= 1;
    if !board.is_legal_simple(e, defender) {
        return false;
    }
    let mut b = board.clone();
    b.play_unchecked(e, defender);
    match b.liberties(l) {
        0 | 1 => false,
        2 => !attack(&b, l, attacker, budget),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Topology;

    fn board(text: &str) -> Board {
        Board::from_diagram(text, Topology::Planar).unwrap()
    }

    #[test]
    fn ladders_are_read() {
        // White C3 with liberties C4 and D3, Black B3, C2 and D2 around
        // it: Black C4 starts a ladder toward the top right, where nothing
        // stops it.
        let b = board(
            ".......\n\
             .......\n\
             .......\n\
             .......\n\
             .XO....\n\
             ..XX...\n\
             .......\n",
        );
        let at = |s: &str| b.loc(s.parse().unwrap()).unwrap();
        assert!(ladder_captures(&b, at("C3"), Color::Black));
        // A White stone on the ladder's path (F6) breaks it.
        let mut broken = b.clone();
        broken.play("F6".parse().unwrap(), Color::White).unwrap();
        assert!(!ladder_captures(&broken, at("C3"), Color::Black));
        // In atari after Black C4, White escapes only if the ladder fails;
        // after Black D3 instead, White C4 has three liberties.
        let mut atari = b.clone();
        atari.play("C4".parse().unwrap(), Color::Black).unwrap();
        assert!(!escapes_atari(&atari, at("C3"), Color::Black));
        let mut atari = broken.clone();
        atari.play("C4".parse().unwrap(), Color::Black).unwrap();
        assert!(escapes_atari(&atari, at("C3"), Color::Black));
        let mut wrong_side = b.clone();
        wrong_side
            .play("D3".parse().unwrap(), Color::Black)
            .unwrap();
        assert!(escapes_atari(&wrong_side, at("C3"), Color::Black));
    }
}
