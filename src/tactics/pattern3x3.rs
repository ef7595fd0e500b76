//! 3x3 patterns: the eight neighbours of a point in a fixed order, and a
//! table of the Mogo-style shapes (hane, cut, edge moves) that the heavy
//! playouts and the priors favour.
//!
//! Both tables are process-wide and built on first use, so a playout never
//! builds or allocates one.

use crate::board::Board;
use crate::color::Color;
use crate::geometry::{step, Loc, Topology, OFF, SLOTS};
use crate::point::MAX_SIZE;
use std::sync::OnceLock;

/// The eight neighbours of every location in a fixed order: N, E, S, W,
/// NE, SE, SW, NW (north is toward higher rows); off-board is `OFF`.
///
/// Unlike the board's neighbour and diagonal tables (distinct locations,
/// in no fixed order), a pattern needs each direction in its own slot,
/// repeats included on a small torus; the locations come from the same
/// [`step`] as the board's.
pub(crate) type Dirs = [[u16; 8]; SLOTS];

/// The offsets `(dx, dy)` of the eight directions, in the order of [`Dirs`].
pub(crate) const DIR_DELTAS: [(isize, isize); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

fn build_dirs(size: usize, topology: Topology) -> Box<Dirs> {
    let mut d = Box::new([[OFF; 8]; SLOTS]);
    let s = size as isize;
    let torus = topology == Topology::Toroidal;
    for y in 0..s {
        for x in 0..s {
            let own = (y * s + x) as usize;
            for (k, &(dx, dy)) in DIR_DELTAS.iter().enumerate() {
                d[own][k] = step(x, y, dx, dy, s, torus);
            }
        }
    }
    d
}

/// The direction table of a board size and topology, built on first use.
pub(crate) fn dirs(size: usize, topology: Topology) -> &'static Dirs {
    static TABLES: [[OnceLock<Box<Dirs>>; MAX_SIZE + 1]; 2] =
        [const { [const { OnceLock::new() }; MAX_SIZE + 1] }; 2];
    let t = usize::from(topology == Topology::Toroidal);
    let size = size.min(MAX_SIZE);
    TABLES[t][size].get_or_init(|| build_dirs(size, topology))
}

/// The Mogo-style 3x3 shapes (hane, cut, side moves), written top row
/// first with the move in the centre. `X` and `O` are stones of the two
/// colours (either way round), `.` empty, `x` X or empty, `o` O or empty,
/// `#` off the board, `?` anything.
const SHAPES: [&str; SHAPE_COUNT] = [
    // Hane that encloses.
    "XOX...???",
    // Hane that does not cut.
    "XO....?.?",
    // Magari (turn).
    "XO?X..x.?",
    // Thin hane.
    "XOO...?.?",
    // Unprotected cut.
    "XO?O.o?o?",
    // Peeped cut.
    "XO?O.X???",
    // De (push between).
    "?X?O.Oooo",
    // Cut on the knight's move.
    "OX??.O?o?",
    // Edge: chase.
    "X.?O.?##?",
    // Edge: block the cut.
    "OX?X.O###",
    // Edge: block the connection.
    "?X?x.O###",
    // Edge: sagari.
    "?XOx.x###",
    // Edge: cut.
    "?OXX.O###",
];

/// The number of Mogo-style shapes; a shape mask has one bit per shape, in
/// the order of their table (bit 0 the enclosing hane, bit 12 the edge
/// cut).
pub(crate) const SHAPE_COUNT: usize = 13;

/// The mask of every shape.
pub(crate) const ALL_SHAPES: u16 = (1 << SHAPE_COUNT) - 1;

/// Maps a pattern cell (row, column; row 0 at the top) to the direction
/// index of [`DIR_DELTAS`], or `None` for the centre.
fn dir_of(row: usize, col: usize) -> Option<usize> {
    let dx = col as isize - 1;
    let dy = 1 - row as isize;
    DIR_DELTAS.iter().position(|&d| d == (dx, dy))
}

/// The 8 symmetries of the square, acting on (dx, dy).
pub(crate) fn transform(t: usize, (dx, dy): (isize, isize)) -> (isize, isize) {
    let (dx, dy) = if t & 4 != 0 { (dy, dx) } else { (dx, dy) };
    let dx = if t & 1 != 0 { -dx } else { dx };
    let dy = if t & 2 != 0 { -dy } else { dy };
    (dx, dy)
}

fn build_patterns(mask: u16) -> Box<[bool]> {
    let mut table = vec![false; 1 << 16].into_boxed_slice();
    for (_, shape) in SHAPES
        .iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
    {
        let cells: Vec<u8> = shape.bytes().collect();
        for t in 0..8 {
            for swap in [false, true] {
                // Allowed cell codes per direction.
                let mut allowed: [Vec<u16>; 8] = Default::default();
                for (i, &ch) in cells.iter().enumerate().take(9) {
                    let Some(d) = dir_of(i / 3, i % 3) else {
                        continue;
                    };
                    let (tx, ty) = transform(t, DIR_DELTAS[d]);
                    let Some(td) = DIR_DELTAS.iter().position(|&e| e == (tx, ty)) else {
                        continue;
                    };
                    let (black, white) = (
                        u16::from(Board::stone_code(Color::Black)),
                        u16::from(Board::stone_code(Color::White)),
                    );
                    let (a, b) = if swap { (white, black) } else { (black, white) };
                    let empty = u16::from(Board::EMPTY_CODE);
                    let border = u16::from(Board::BORDER_CODE);
                    allowed[td] = match ch {
                        b'X' => vec![a],
                        b'O' => vec![b],
                        b'.' => vec![empty],
                        b'x' => vec![a, empty],
                        b'o' => vec![b, empty],
                        b'#' => vec![border],
                        _ => vec![empty, a, b, border],
                    };
                }
                // Enumerate every code the shape allows.
                let mut codes = vec![0u16];
                for (d, vals) in allowed.iter().enumerate() {
                    let mut next = Vec::with_capacity(codes.len() * vals.len());
                    for &c in &codes {
                        for &v in vals {
                            next.push(c | (v << (2 * d)));
                        }
                    }
                    codes = next;
                }
                for c in codes {
                    table[c as usize] = true;
                }
            }
        }
    }
    table
}

/// The 3x3 pattern table of every shape, indexed by [`pattern_code`],
/// built on first use.
pub(crate) fn patterns() -> &'static [bool] {
    patterns_of(ALL_SHAPES)
}

/// The 3x3 pattern table of the shapes in `mask` (bits above
/// [`SHAPE_COUNT`] ignored), built on first use of that mask (64 kB each;
/// only tuning runs use more than the full one).
pub(crate) fn patterns_of(mask: u16) -> &'static [bool] {
    static TABLES: [OnceLock<Box<[bool]>>; 1 << SHAPE_COUNT] =
        [const { OnceLock::new() }; 1 << SHAPE_COUNT];
    let mask = mask & ALL_SHAPES;
    TABLES[usize::from(mask)].get_or_init(|| build_patterns(mask))
}

/// The 16-bit code of the 8 neighbours of `l` (2 bits each, in the order
/// of [`DIR_DELTAS`]: the board's [`cell_code`](Board::cell_code), which
/// fits in 2 bits: empty, black, white, off the board).
#[inline(always)]
pub(crate) fn pattern_code(board: &Board, dirs: &Dirs, l: Loc) -> usize {
    let d = &dirs[l.index()];
    let mut code = 0usize;
    for (k, &n) in d.iter().enumerate() {
        code |= (board.cell_code(n as usize) as usize) << (2 * k);
    }
    code
}

/// The 8 direction permutations of the square's symmetries: `perm[t][k]`
/// is where direction `k` goes under symmetry `t` (of [`transform`]).
pub(crate) fn symmetries() -> &'static [[u8; 8]; 8] {
    static PERM: OnceLock<[[u8; 8]; 8]> = OnceLock::new();
    PERM.get_or_init(|| {
        let mut perm = [[0u8; 8]; 8];
        for (t, row) in perm.iter_mut().enumerate() {
            for (k, slot) in row.iter_mut().enumerate() {
                let to = transform(t, DIR_DELTAS[k]);
                *slot = DIR_DELTAS.iter().position(|&d| d == to).unwrap_or(k) as u8;
            }
        }
        perm
    })
}

/// The state of one neighbour point in a pattern with liberties, for the
/// player whose stones have cell code `me`: 0 empty, 1 off the board, 2
/// to 4 an own stone whose chain has 1, 2, 3+ liberties, 5 to 7 the
/// opponent's.
#[inline(always)]
pub(crate) fn liberty_state(board: &Board, n: u16, me: u8) -> u8 {
    if n == OFF {
        return 1;
    }
    let cell = board.cell_code(usize::from(n));
    if cell == Board::EMPTY_CODE {
        return 0;
    }
    let libs = board.liberties(Loc(n)).clamp(1, 3) as u8;
    if cell == me {
        1 + libs
    } else {
        4 + libs
    }
}

/// The [`liberty_state`]s of the 8 neighbours of `l`, in the order of
/// [`DIR_DELTAS`]: the pattern the learned model scores (canonically) and
/// the learned playout shapes look up (as it stands).
#[inline(always)]
pub(crate) fn liberty_states(board: &Board, dirs: &Dirs, l: Loc, me: u8) -> [u8; 8] {
    let mut states = [0u8; 8];
    for (k, &n) in dirs[l.index()].iter().enumerate() {
        states[k] = liberty_state(board, n, me);
    }
    states
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::from_diagram(text, Topology::Planar).unwrap()
    }

    #[test]
    fn hane_pattern_matches_in_every_orientation() {
        // Black C2 with White C3 on top of it: the hane points B3 and D3
        // (next to White, diagonal to Black) match; so does the same shape
        // turned round (White C3, Black C4 above it: B3 and D3 again).
        let d = dirs(5, Topology::Planar);
        for text in [
            ".....\n.....\n..O..\n..X..\n.....\n",
            ".....\n..X..\n..O..\n.....\n.....\n",
        ] {
            let b = board(text);
            let at = |s: &str| b.loc(s.parse().unwrap()).unwrap();
            assert!(patterns()[pattern_code(&b, d, at("B3"))], "{b}");
            assert!(patterns()[pattern_code(&b, d, at("D3"))], "{b}");
            // A point far from any stone matches nothing.
            assert!(!patterns()[pattern_code(&b, d, at("A1"))]);
            assert!(!patterns()[pattern_code(&b, d, at("E5"))]);
        }
    }

    #[test]
    fn a_shape_mask_keeps_exactly_its_shapes_codes() {
        // Each shape alone matches a code the full table matches, the
        // union of the single-shape tables is the full table, and the
        // empty mask matches nothing.
        let full = patterns();
        let mut union = vec![false; full.len()];
        for i in 0..SHAPE_COUNT {
            let one = patterns_of(1 << i);
            assert!(one.iter().any(|&m| m), "shape {i} matches something");
            for (u, (&o, &f)) in union.iter_mut().zip(one.iter().zip(full)) {
                assert!(!o || f, "shape {i} alone matches only what all do");
                *u |= o;
            }
        }
        assert_eq!(&union[..], full);
        assert!(!patterns_of(0).iter().any(|&m| m));
        let without_first = patterns_of(ALL_SHAPES & !1);
        assert!(without_first.iter().zip(full).any(|(&w, &f)| f && !w));
    }
}
