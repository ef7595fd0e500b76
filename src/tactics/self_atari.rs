//! Self-atari: whether a move leaves its own chain with one liberty or
//! none. One test for the playouts, the priors and the seki test of
//! scoring; they differ only in how a capture counts ([`Captures`]).

use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, OFF};

/// How a capture counts in [`is_self_atari`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Captures {
    /// Each neighbouring chain the move captures gives back one liberty
    /// (its stone next to the move): a move that captures one stone and
    /// keeps no other liberty is still a self-atari (it can be retaken).
    /// The playouts and the priors read it this way.
    GiveOneLiberty,
    /// A move that captures anything is never a self-atari: the seki test
    /// of scoring asks whether a side can approach a shared point at all.
    Escape,
}

/// Whether `c` playing at the empty `l` would leave its chain with exactly
/// one liberty or none (a suicide included), with captures counted as
/// `captures` says. Without a capture the answer is exact.
#[inline]
pub(crate) fn is_self_atari(board: &Board, l: Loc, c: Color, captures: Captures) -> bool {
    let mut first = OFF;
    let mut add = |x: u16| -> bool {
        if first == OFF {
            first = x;
            false
        } else {
            first != x
        }
    };
    let me = Board::stone_code(c);
    for &n in board.neighbor_slots(l) {
        if n == OFF {
            break;
        }
        let cell = board.cell_code(n as usize);
        if cell == Board::EMPTY_CODE {
            if add(n) {
                return false;
            }
        } else if cell == me {
            match board.liberties(Loc(n)) {
                0 | 1 => {}
                2 => {
                    if let Some(o) = board.other_liberty(Loc(n), l) {
                        if add(o.0) {
                            return false;
                        }
                    }
                }
                _ => return false,
            }
        } else if board.liberties(Loc(n)) == 1 {
            if captures == Captures::Escape {
                return false;
            }
            // Captures: the captured stone next to `l` becomes a liberty.
            if add(n) {
                return false;
            }
        }
    }
    true
}

/// Whether `c` playing at `l` joins an existing chain of its own.
#[inline]
pub(crate) fn touches_own(board: &Board, l: Loc, c: Color) -> bool {
    let me = Board::stone_code(c);
    board
        .neighbor_slots(l)
        .iter()
        .take_while(|&&n| n != OFF)
        .any(|&n| board.cell_code(n as usize) == me)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Topology;

    fn board(text: &str) -> Board {
        Board::from_diagram(text, Topology::Planar).unwrap()
    }

    #[test]
    fn self_atari_detection() {
        // White A2 B1, Black B2.
        let b = board("...\nOX.\n.O.\n");
        let at = |s: &str| b.loc(s.parse().unwrap()).unwrap();
        let self_atari = |s: &str, c: Color| is_self_atari(&b, at(s), c, Captures::GiveOneLiberty);
        // Black A1: no liberty and no capture.
        assert!(self_atari("A1", Color::Black));
        // Black C1: only C2 left.
        assert!(self_atari("C1", Color::Black));
        // Black C2 joins B2 (liberties B3, C3, C1).
        assert!(!self_atari("C2", Color::Black));
        // White A3 would capture nothing and keep liberty B3 only... with
        // A2 joined: liberties B3 and A1: not a self-atari.
        assert!(!self_atari("A3", Color::White));
    }

    #[test]
    fn a_capture_escapes_only_when_asked() {
        // Black A1 captures White B1 (in atari) and keeps only B1 itself
        // (White A2 keeps A3).
        let b = board("...\nOX.\n.OX\n");
        let a1 = b.loc("A1".parse().unwrap()).unwrap();
        assert!(is_self_atari(
            &b,
            a1,
            Color::Black,
            Captures::GiveOneLiberty
        ));
        assert!(!is_self_atari(&b, a1, Color::Black, Captures::Escape));
    }

    /// The reference the scoring used before: play the move on a copy.
    fn by_playing(b: &Board, l: Loc, c: Color) -> bool {
        if b.is_suicide(l, c) {
            return true;
        }
        let mut t = b.clone();
        let captured = t.play_unchecked(l, c);
        captured == 0 && t.liberties(l) <= 1
    }

    #[test]
    fn escape_agrees_with_playing_the_move() {
        for text in [
            "...\nOX.\n.OX\n",
            "...\nOX.\n.O.\n",
            ".XO.\nXO.O\n.XO.\nX.X.\n",
            "XO..\n.XO.\nOX.X\n.O.O\n",
        ] {
            let b = board(text);
            for l in b.empty_locs() {
                for c in Color::ALL {
                    assert_eq!(
                        is_self_atari(&b, l, c, Captures::Escape),
                        by_playing(&b, l, c),
                        "{c:?} at {:?}\n{b}",
                        b.point(l)
                    );
                }
            }
        }
    }
}
