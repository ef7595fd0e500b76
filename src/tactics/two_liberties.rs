//! Chains with two liberties: the fights the atari rules see one move too
//! late. A chain with two liberties is put in atari where it cannot run,
//! and an own chain the opponent brought to two liberties extends where
//! it gains some (Fuego's and Pachi's "low liberty" playout rules, written
//! here from their description).

use super::ladder::can_capture_neighbor;
use crate::board::Board;
use crate::geometry::{Loc, OFF};

/// The stones of a chain scanned for a liberty: bounds the cost on a long
/// chain (a longer one is left alone); hand-set.
const SCAN_STONES: usize = 12;

/// The two liberties of the chain through `l`, if it has exactly two and
/// one is found among its first [`SCAN_STONES`] stones.
#[inline]
fn two_liberties(board: &Board, l: Loc) -> Option<(Loc, Loc)> {
    if board.liberties(l) != 2 {
        return None;
    }
    for s in board.chain(l).take(SCAN_STONES) {
        for &n in board.neighbor_slots(s) {
            if n == OFF {
                break;
            }
            if board.cell_code(n as usize) == Board::EMPTY_CODE {
                let a = Loc(n);
                return board.other_liberty(l, a).map(|b| (a, b));
            }
        }
    }
    None
}

/// The empty neighbours of `x` other than `not`, and whether `x` touches
/// a chain of `code` other than the one through `chain` (a merge, whose
/// liberties this count leaves out).
#[inline]
fn around(board: &Board, x: Loc, not: Loc, chain: Loc, code: u8) -> (usize, bool) {
    let head = board.chain_head(chain);
    let mut empty = 0;
    let mut merges = false;
    for &n in board.neighbor_slots(x) {
        if n == OFF {
            break;
        }
        let cell = board.cell_code(n as usize);
        if cell == Board::EMPTY_CODE {
            empty += usize::from(n != not.0);
        } else if cell == code && board.chain_head(Loc(n)) != head {
            merges = true;
        }
    }
    (empty, merges)
}

/// The liberty of the opponent chain through `target` (two liberties)
/// where an atari leaves it no way out: its other liberty, once it
/// extends there, has at most one liberty of its own, joins no other
/// chain, and it has nothing to capture around it. `None` if neither
/// liberty is such an atari.
#[inline]
pub(crate) fn net_atari(board: &Board, target: Loc) -> Option<Loc> {
    let (a, b) = two_liberties(board, target)?;
    if can_capture_neighbor(board, target) {
        return None;
    }
    let code = board.cell_code(target.index());
    [(a, b), (b, a)].into_iter().find_map(|(atari, run)| {
        let (libs, merges) = around(board, run, atari, target, code);
        (libs <= 1 && !merges).then_some(atari)
    })
}

/// The liberty where `c`'s chain through `chain` (two liberties) gains
/// liberties by extending: three or more after the move (or a join with
/// another own chain). `None` if neither liberty gains.
#[inline]
pub(crate) fn gaining_extension(board: &Board, chain: Loc) -> Option<Loc> {
    let (a, b) = two_liberties(board, chain)?;
    let code = board.cell_code(chain.index());
    [(a, b), (b, a)].into_iter().find_map(|(ext, other)| {
        // After the move: the other liberty, and the new empty points
        // around the extension (`around` leaves out `other` itself).
        let (new, merges) = around(board, ext, other, chain, code);
        (1 + new >= 3 || merges).then_some(ext)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;
    use crate::geometry::Topology;

    fn board(text: &str) -> Board {
        Board::from_diagram(text, Topology::Planar).unwrap()
    }

    fn at(b: &Board, s: &str) -> Loc {
        b.loc(s.parse().unwrap()).unwrap()
    }

    /// Liberties of the chain through `l` after `c` plays `m`, by playing.
    fn libs_after(b: &Board, l: Loc, m: Loc, c: Color) -> usize {
        let mut t = b.clone();
        t.play_unchecked(m, c);
        t.liberties(l)
    }

    #[test]
    fn the_two_liberties_of_a_chain_are_found() {
        // White B3 C3: six liberties, not two.
        let b = board(".....\n.....\n.OO..\n.....\n.....\n");
        assert_eq!(two_liberties(&b, at(&b, "B3")), None);
        // White A1 in the corner: A2 and B1.
        let b = board("...\n...\nO..\n");
        let (x, y) = two_liberties(&b, at(&b, "A1")).unwrap();
        let (a2, b1) = (at(&b, "A2"), at(&b, "B1"));
        assert!((x, y) == (a2, b1) || (x, y) == (b1, a2), "{x:?} {y:?}");
    }

    #[test]
    fn an_atari_with_no_way_out_is_found_and_a_runnable_one_is_not() {
        // White C1 next to Black B1 and B2 has two liberties, C2 and D1.
        // Black at C2 leaves D1, where White would have E1 and D2: it
        // runs. Black at D1 leaves C2, whose empty neighbours are C3 and
        // D2: it runs too.
        let b = board(".....\n.....\n.....\n.X...\n.XO..\n");
        assert_eq!(net_atari(&b, at(&b, "C1")), None);
        // With Black at D2 and C3 as well: Black D1 leaves C2, with no
        // empty neighbour; Black C2 leaves D1, with E1 only: nets both.
        let b = board(".....\n.....\n..X..\n.X.X.\n.XO..\n");
        let m = net_atari(&b, at(&b, "C1")).expect("a net");
        // Whichever it is, after Black plays it White cannot extend at the
        // other liberty (a suicide), or has at most one liberty there.
        let (x, y) = two_liberties(&b, at(&b, "C1")).unwrap();
        let run = if m == x { y } else { x };
        let mut t = b.clone();
        t.play_unchecked(m, Color::Black);
        if t.is_legal_simple(run, Color::White) {
            t.play_unchecked(run, Color::White);
            assert!(t.liberties(run) <= 1, "{t}");
        }
        // White at A2 beside Black B1-B2 (liberties A1, B3, C2): still a
        // net, as no Black chain next to C1 is in atari.
        let b = board(".....\n.....\n..X..\nOX.X.\n.XO..\n");
        assert!(net_atari(&b, at(&b, "C1")).is_some());
        // With White at B3 too, Black B1-B2 is in atari: White C1 can
        // capture it instead of running, so no net.
        let b = board(".....\n.....\nOOX..\nOX.X.\nOXO..\n");
        assert!(b.in_atari(at(&b, "B1")));
        assert_eq!(net_atari(&b, at(&b, "C1")), None);
    }

    #[test]
    fn an_extension_that_gains_liberties_is_found() {
        // Black B2 with White on A2 and B3: liberties B1 and C2. C2 gives
        // C1, C3, D2 and B1: more than two; B1 gives A1, C1 and C2.
        let b = board(".....\n.....\n.O...\nOX...\n.....\n");
        let chain = at(&b, "B2");
        let ext = gaining_extension(&b, chain).expect("an extension");
        assert!(libs_after(&b, chain, ext, Color::Black) >= 3);
        // Black A1 with White B2: liberties A2 and B1; A2 gives A3 and B1,
        // two; B1 gives C1 and A2, two. No gain.
        let b = board("...\n.O.\nX..\n");
        assert_eq!(gaining_extension(&b, at(&b, "A1")), None);
        for m in ["A2", "B1"] {
            assert!(libs_after(&b, at(&b, "A1"), at(&b, m), Color::Black) <= 2);
        }
    }

    /// Boards from random legal moves: every chain with two liberties.
    fn random_positions(mut check: impl FnMut(&Board, Loc)) {
        let mut rng = crate::playout::rng(11);
        for game in 0..300 {
            let b = crate::playout::random_board(9, 10 + game % 60, &mut rng);
            for l in b.locs() {
                if b.chain_head(l) == Some(l) && b.liberties(l) == 2 {
                    check(&b, l);
                }
            }
        }
    }

    #[test]
    fn extensions_and_nets_agree_with_playing_them_out() {
        let (mut extensions, mut nets) = (0, 0);
        random_positions(|b, chain| {
            let c = b.color_at(chain).unwrap();
            let (x, y) = two_liberties(b, chain).expect("two liberties, found");
            // Exactly the board's two: each is empty and next to the chain.
            for l in [x, y] {
                assert!(b.is_empty_at(l));
                assert!(b
                    .neighbors(l)
                    .any(|n| b.chain_head(n) == b.chain_head(chain)));
            }
            // An extension that joins no other chain gains what it says;
            // when none is found, neither liberty gains (both by playing)
            // unless by a capture, which this count leaves to the rules
            // for chains in atari.
            let gains = |l: Loc| b.is_legal_simple(l, c) && libs_after(b, chain, l, c) >= 3;
            let captures = |l: Loc| b.clone().play_unchecked(l, c) > 0;
            let joins = |l: Loc| {
                b.neighbors(l)
                    .any(|n| b.color_at(n) == Some(c) && b.chain_head(n) != b.chain_head(chain))
            };
            match gaining_extension(b, chain) {
                Some(e) if !joins(e) => {
                    extensions += 1;
                    assert!(gains(e), "{:?} does not gain\n{b}", b.point(e));
                }
                Some(_) => {}
                None => {
                    for l in [x, y] {
                        assert!(!gains(l) || captures(l), "missed {:?}\n{b}", b.point(l));
                    }
                }
            }
            // A net: after the atari, the chain extending at its other
            // liberty has at most one liberty, or the extension is illegal.
            if let Some(m) = net_atari(b, chain) {
                let attacker = c.opponent();
                if b.is_legal_simple(m, attacker) {
                    nets += 1;
                    let run = if m == x { y } else { x };
                    let mut t = b.clone();
                    t.play_unchecked(m, attacker);
                    if t.is_empty_at(run) && t.is_legal_simple(run, c) {
                        let captured = t.play_unchecked(run, c);
                        assert!(
                            captured > 0 || t.liberties(run) <= 1,
                            "{:?} runs at {:?}\n{b}",
                            b.point(m),
                            b.point(run)
                        );
                    }
                }
            }
        });
        // The positions held cases of both (else this proves nothing).
        assert!(extensions > 50 && nets > 10, "{extensions} {nets}");
    }
}
