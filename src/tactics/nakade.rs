//! Nakade: the vital point of a small eye space, where a stone kills (or
//! saves) the chain around it.

use crate::board::Board;
use crate::geometry::{Loc, OFF};

/// The number of empty orthogonal neighbours of `l`.
#[inline(always)]
pub(crate) fn empty_neighbors(board: &Board, l: Loc) -> usize {
    board
        .neighbor_slots(l)
        .iter()
        .take_while(|&&q| q != OFF)
        .filter(|&&q| board.cell_code(q as usize) == Board::EMPTY_CODE)
        .count()
}

/// Whether the region of [`nakade_point`] holds `q` (a point, never
/// `OFF`): the slots not yet filled hold `OFF`, so all four are compared,
/// unrolled, without a call to the slice search.
#[inline(always)]
fn holds(region: &[u16; 4], q: u16) -> bool {
    (region[0] == q) | (region[1] == q) | (region[2] == q) | (region[3] == q)
}

/// The vital point of a small eye space (3 points, or 4 in a T) that
/// contains the empty `l` and is bordered by stones of one colour only.
pub(crate) fn nakade_point(board: &Board, l: Loc) -> Option<Loc> {
    // Quick rejection: a point of a space of at most four has at most
    // three empty neighbours.
    if empty_neighbors(board, l) > 3 {
        return None;
    }
    let mut region = [OFF; 4];
    let mut n = 1;
    region[0] = l.0;
    let mut border = Board::EMPTY_CODE;
    let mut i = 0;
    while i < n {
        let p = region[i];
        for &q in board.neighbor_slots(Loc(p)) {
            if q == OFF {
                break;
            }
            let cell = board.cell_code(q as usize);
            if cell == Board::EMPTY_CODE {
                if !holds(&region, q) {
                    if n == 4 {
                        return None;
                    }
                    region[n] = q;
                    n += 1;
                }
            } else {
                if border != Board::EMPTY_CODE && border != cell {
                    return None;
                }
                border = cell;
            }
        }
        i += 1;
    }
    if !(3..=4).contains(&n) || border == Board::EMPTY_CODE {
        return None;
    }
    // The vital point touches every other point of the space.
    for &p in &region[..n] {
        let inside = board
            .neighbor_slots(Loc(p))
            .iter()
            .take_while(|&&q| q != OFF)
            .filter(|&&q| holds(&region, q))
            .count();
        if inside == n - 1 {
            return Some(Loc(p));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Topology;

    fn board(text: &str) -> Board {
        Board::from_diagram(text, Topology::Planar).unwrap()
    }

    #[test]
    fn nakade_of_three_in_a_row() {
        let b = board(
            "OOOOO\n\
             O...O\n\
             OOOOO\n\
             .....\n\
             .....\n",
        );
        let at = |s: &str| b.loc(s.parse().unwrap()).unwrap();
        assert_eq!(nakade_point(&b, at("B4")), Some(at("C4")));
        assert_eq!(nakade_point(&b, at("D4")), Some(at("C4")));
        assert_eq!(nakade_point(&b, at("A1")), None);
    }
}
