//! The features of a candidate move, for the side to move: its 3x3
//! pattern with the liberties of the neighbouring chains, captures, atari
//! escapes and ataris with their ladder reading, self-atari, the distance
//! to the last two moves, the line from the edge, the open space around
//! it, and the pass. Each feature *value* has one gamma in the model
//! ([`Model`](super::Model)); a move's team is the set of its values.
//!
//! Values other than the pattern are small integers ("fixed features",
//! below [`FIXED_COUNT`]), one at most per group; the pattern is a 24-bit
//! code, the same for the 8 symmetries of the square and for both colours
//! (stones are "own" and "the opponent's", not black and white).

use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, Topology, OFF};
use crate::tactics::{
    escapes_atari, is_self_atari, ladder_captures, liberty_states, symmetries, transform, Captures,
    Dirs,
};
use std::sync::OnceLock;

/// One group of fixed features: a name and its values' range of ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// The group's name, as `tengen train` prints it.
    pub name: &'static str,
    /// Its first id.
    pub start: u16,
    /// The number of its values.
    pub len: u16,
}

/// Captures, by the stones captured: 1, 2-3, 4-6, 7 or more.
pub const CAPTURE: Group = Group {
    name: "capture",
    start: 0,
    len: 4,
};
/// Extending a chain out of atari (no capture): to 3 or more liberties; to
/// 2 liberties that no ladder takes; into a working ladder.
pub const ESCAPE: Group = Group {
    name: "escape",
    start: 4,
    len: 3,
};
/// A self-atari (no capture), by the stones of the chain in atari: 1, 2 to
/// 5, 6 or more.
pub const SELF_ATARI: Group = Group {
    name: "self-atari",
    start: 7,
    len: 3,
};
/// An atari (not a self-atari): the chain cannot escape (ladder read); it
/// can.
pub const ATARI: Group = Group {
    name: "atari",
    start: 10,
    len: 2,
};
/// The distance `dx + dy + max(dx, dy)` to the opponent's last move (a
/// stone): 2 to 16, and 17 or more (Coulom's distance).
pub const DIST_LAST: Group = Group {
    name: "distance to the last move",
    start: 12,
    len: 16,
};
/// The same distance to the move before (one's own last move).
pub const DIST_LAST2: Group = Group {
    name: "distance to the move before",
    start: 28,
    len: 16,
};
/// The line from the edge (planar boards): lines 1 to 4 and 5 or more on
/// boards below 13x13, then the same on larger boards; then, on larger
/// boards in an open area (no stone within [`OPEN_RADIUS`]), the pair of
/// lines along both axes, each 1 to 4 or 5 or more, unordered (15
/// values: a corner's 3-4 point is not a side's third line).
pub const LINE: Group = Group {
    name: "line",
    start: 44,
    len: 25,
};
/// The nearest stone (Chebyshev distance) when none is adjacent: 2, 3, 4
/// or more (an empty board included).
pub const SPACE: Group = Group {
    name: "space",
    start: 69,
    len: 3,
};
/// A pass: after a stone; after the opponent's pass.
pub const PASS: Group = Group {
    name: "pass",
    start: 72,
    len: 2,
};

/// An area is open for the [`LINE`] pair when no stone is within this
/// Chebyshev distance of the move.
pub const OPEN_RADIUS: usize = 2;

/// The radii of the large patterns, largest first: a large pattern is the
/// points at Manhattan distance 1 to `r` around the move (12 points for
/// radius 2, 24 for radius 3), each empty, off the board, own or the
/// opponent's (2 bits, no liberties), matched up to the 8 symmetries
/// (training and the weights file use the canonical form, the smallest
/// code; the model's table holds every symmetry). A move is scored by the largest of its patterns the model knows, as
/// Coulom's and Pachi's models did.
pub const LARGE_RADII: [usize; 2] = [3, 2];

/// A large pattern code meaning "none" (a pass).
pub const NO_LARGE: u64 = u64::MAX;

/// Every group of fixed features, in id order.
pub const GROUPS: [Group; 9] = [
    CAPTURE, ESCAPE, SELF_ATARI, ATARI, DIST_LAST, DIST_LAST2, LINE, SPACE, PASS,
];

/// The number of fixed feature ids.
pub const FIXED_COUNT: usize = 74;

/// The most fixed features a move has (one per group but the pass's).
pub const MAX_FIXED: usize = 8;

/// A pattern code meaning "no pattern" (a pass).
pub const NO_PATTERN: u32 = u32::MAX;

/// The features of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveFeatures {
    /// The canonical 3x3 pattern, or [`NO_PATTERN`] for a pass.
    pub pattern: u32,
    /// The large patterns as seen on the board (not canonical: the model
    /// holds every symmetry of its patterns, so matching needs no
    /// canonical form), one per radius of [`LARGE_RADII`] (radius in the
    /// top byte), or [`NO_LARGE`] for a pass; [`canonical_large`] gives
    /// the form training counts.
    pub large: [u64; 2],
    /// The fixed features' ids, ascending, `n` of them.
    pub fixed: [u16; MAX_FIXED],
    /// How many of `fixed` are used.
    pub n: u8,
}

impl MoveFeatures {
    fn new(pattern: u32) -> MoveFeatures {
        MoveFeatures {
            pattern,
            large: [NO_LARGE; 2],
            fixed: [u16::MAX; MAX_FIXED],
            n: 0,
        }
    }

    fn push(&mut self, g: Group, value: usize) {
        debug_assert!(value < usize::from(g.len));
        if usize::from(self.n) < MAX_FIXED {
            self.fixed[usize::from(self.n)] = g.start + value.min(usize::from(g.len) - 1) as u16;
            self.n += 1;
        }
    }

    /// The fixed features' ids.
    pub fn fixed(&self) -> &[u16] {
        &self.fixed[..usize::from(self.n)]
    }
}

/// The features of a pass; `after_pass` when the opponent just passed.
pub fn pass_features(after_pass: bool) -> MoveFeatures {
    let mut f = MoveFeatures::new(NO_PATTERN);
    f.push(PASS, usize::from(after_pass));
    f
}

/// The smallest code of `states` (3 bits per direction) over the 8
/// symmetries.
pub(crate) fn canonical(states: [u8; 8]) -> u32 {
    let mut best = u32::MAX;
    for p in symmetries() {
        let mut code = 0u32;
        for (k, &s) in states.iter().enumerate() {
            code |= u32::from(s) << (3 * u32::from(p[k]));
        }
        best = best.min(code);
    }
    best
}

/// The cells of the large pattern of one radius: their offsets, and
/// where each goes under each of the 8 symmetries.
struct LargeCells {
    offsets: Vec<(isize, isize)>,
    perm: [Vec<u8>; 8],
}

/// The cells of every radius of [`LARGE_RADII`], in that order (the
/// largest has 24).
fn large_cells() -> &'static [LargeCells; 2] {
    static CELLS: OnceLock<[LargeCells; 2]> = OnceLock::new();
    CELLS.get_or_init(|| {
        LARGE_RADII.map(|r| {
            let r = r as isize;
            // Nearest first, so a smaller radius's cells are a prefix of
            // a larger one's.
            let mut offsets = Vec::new();
            for d in 1..=r {
                for dy in -r..=r {
                    for dx in -r..=r {
                        if dx.abs() + dy.abs() == d {
                            offsets.push((dx, dy));
                        }
                    }
                }
            }
            let perm = std::array::from_fn(|t| {
                offsets
                    .iter()
                    .map(|&o| {
                        let to = transform(t, o);
                        offsets.iter().position(|&p| p == to).unwrap_or(0) as u8
                    })
                    .collect()
            });
            LargeCells { offsets, perm }
        })
    })
}

/// The code of the 2-bit `states` with cell `k` moved to `perm[k]`,
/// tagged with the radius `r` in the top byte.
fn permuted(perm: &[u8], r: usize, states: &[u8]) -> u64 {
    let mut code = 0u64;
    for (&to, &s) in perm.iter().zip(states) {
        code |= u64::from(s) << (2 * u64::from(to));
    }
    code | (r as u64) << 56
}

/// The smallest code of the 2-bit `states` over the 8 symmetries, tagged
/// with the radius `r` in the top byte.
fn canonical_of(cells: &LargeCells, r: usize, states: &[u8]) -> u64 {
    cells
        .perm
        .iter()
        .map(|p| permuted(p, r, states))
        .min()
        .unwrap_or(u64::MAX)
}

/// The cells and the 2-bit states of a large pattern code (`None` for a
/// radius not in [`LARGE_RADII`] or bits beyond the cells).
fn decode_large(code: u64) -> Option<(&'static LargeCells, usize, [u8; 24])> {
    let r = (code >> 56) as usize;
    let i = LARGE_RADII.iter().position(|&x| x == r)?;
    let cells = &large_cells()[i];
    let n = cells.offsets.len();
    let body = code & ((1u64 << 56) - 1);
    if body >> (2 * n) != 0 {
        return None;
    }
    let mut states = [0u8; 24];
    for (k, st) in states.iter_mut().enumerate().take(n) {
        *st = ((body >> (2 * k)) & 3) as u8;
    }
    Some((cells, r, states))
}

/// The canonical form of a large pattern code: the smallest over the 8
/// symmetries ([`NO_LARGE`] and malformed codes are returned as they are).
pub fn canonical_large(code: u64) -> u64 {
    match decode_large(code) {
        Some((cells, r, states)) => canonical_of(cells, r, &states[..cells.offsets.len()]),
        None => code,
    }
}

/// The codes of a large pattern under each of the 8 symmetries (some may
/// repeat); empty for a malformed code.
pub(crate) fn large_symmetries(code: u64) -> Vec<u64> {
    let Some((cells, r, states)) = decode_large(code) else {
        return Vec::new();
    };
    let states = &states[..cells.offsets.len()];
    cells.perm.iter().map(|p| permuted(p, r, states)).collect()
}

/// Whether `code` is the canonical code of a large pattern of one of the
/// [`LARGE_RADII`] (what a weights file may hold).
pub(crate) fn is_canonical_large(code: u64) -> bool {
    decode_large(code).is_some() && canonical_large(code) == code
}

/// The large patterns of `me` playing at `l` as seen on the board, one
/// per radius of [`LARGE_RADII`]: each cell 0 empty, 1 off the board, 2
/// own, 3 the opponent's. The smaller radius's cells are a prefix of the
/// larger's, so its code is the larger's low bits.
fn large_patterns(board: &Board, l: Loc, me: u8) -> [u64; 2] {
    let s = board.size() as isize;
    let torus = board.topology() == Topology::Toroidal;
    let p = board.point(l);
    let (x, y) = (p.x() as isize, p.y() as isize);
    let all = large_cells();
    let mut body = 0u64;
    for (k, &(dx, dy)) in all[0].offsets.iter().enumerate() {
        let n = crate::geometry::step(x, y, dx, dy, s, torus);
        let st: u64 = if n == OFF {
            1
        } else {
            match board.cell_code(usize::from(n)) {
                Board::EMPTY_CODE => 0,
                c if c == me => 2,
                _ => 3,
            }
        };
        body |= st << (2 * k);
    }
    let small = 2 * all[1].offsets.len();
    [
        body | (LARGE_RADII[0] as u64) << 56,
        body & ((1u64 << small) - 1) | (LARGE_RADII[1] as u64) << 56,
    ]
}

/// Coulom's distance `dx + dy + max(dx, dy)` between two points (the
/// shortest way round on a torus).
fn coulom_distance(board: &Board, a: Loc, b: Loc) -> usize {
    let (dx, dy) = board.offsets(a, b);
    dx + dy + dx.max(dy)
}

/// The nearest stone's Chebyshev distance from `l`, searched up to `r`
/// (`r + 1` when none is that near).
fn nearest_stone(board: &Board, l: Loc, r: usize) -> usize {
    let s = board.size() as isize;
    let torus = board.topology() == Topology::Toroidal;
    let p = board.point(l);
    let (x, y) = (p.x() as isize, p.y() as isize);
    for d in 1..=r as isize {
        for dy in -d..=d {
            for dx in -d..=d {
                if dx.abs() != d && dy.abs() != d {
                    continue;
                }
                let n = crate::geometry::step(x, y, dx, dy, s, torus);
                if n != OFF && board.cell_code(usize::from(n)) != Board::EMPTY_CODE {
                    return d as usize;
                }
            }
        }
    }
    r + 1
}

/// The features of `c` playing at the empty `l`, a legal move; `last`
/// and `before` are the last two moves when they were stones (the
/// opponent's, then one's own).
pub fn move_features(
    board: &Board,
    l: Loc,
    c: Color,
    last: Option<Loc>,
    before: Option<Loc>,
) -> MoveFeatures {
    let me = Board::stone_code(c);
    let opp = Board::stone_code(c.opponent());
    let dirs: &Dirs = crate::tactics::dirs(board.size(), board.topology());
    let mut f = MoveFeatures::new(canonical(liberty_states(board, dirs, l, me)));
    f.large = large_patterns(board, l, me);
    // Neighbouring chains: captured stones (each chain once), own chains
    // in atari, the opponent's at two liberties.
    let mut heads = [OFF; 4];
    let mut captured = 0usize;
    let mut own_stones = 0usize;
    let mut own_in_atari = false;
    let mut two_libs = [OFF; 4];
    let mut n_two = 0;
    for (i, &n) in board.neighbor_slots(l).iter().enumerate() {
        if n == OFF {
            break;
        }
        let cell = board.cell_code(usize::from(n));
        if cell == Board::EMPTY_CODE {
            continue;
        }
        let head = board.chain_head(Loc(n)).map_or(n, |h| h.0);
        if heads[..i].contains(&head) {
            continue;
        }
        heads[i] = head;
        let libs = board.liberties(Loc(n));
        if cell == opp && libs == 1 {
            captured += board.chain_len(Loc(n));
        } else if cell == me {
            own_stones += board.chain_len(Loc(n));
            own_in_atari |= libs == 1;
        } else if cell == opp && libs == 2 {
            two_libs[n_two] = n;
            n_two += 1;
        }
    }
    let self_atari = captured == 0 && is_self_atari(board, l, c, Captures::GiveOneLiberty);
    if captured > 0 {
        let bucket = match captured {
            1 => 0,
            2..=3 => 1,
            4..=6 => 2,
            _ => 3,
        };
        f.push(CAPTURE, bucket);
    } else if self_atari {
        let bucket = match own_stones + 1 {
            1 => 0,
            2..=5 => 1,
            _ => 2,
        };
        f.push(SELF_ATARI, bucket);
    } else if own_in_atari || n_two > 0 {
        let mut after = board.clone();
        after.play_unchecked(l, c);
        if own_in_atari {
            let value = match after.liberties(l) {
                0..=2 if ladder_captures(&after, l, c.opponent()) => 2,
                0..=2 => 1,
                _ => 0,
            };
            f.push(ESCAPE, value);
        }
        if n_two > 0 {
            let mut ataris = two_libs[..n_two]
                .iter()
                .filter(|&&n| after.in_atari(Loc(n)))
                .peekable();
            if ataris.peek().is_some() {
                let caught = ataris.any(|&n| !escapes_atari(&after, Loc(n), c));
                f.push(ATARI, usize::from(!caught));
            }
        }
    }
    for (g, m) in [(DIST_LAST, last), (DIST_LAST2, before)] {
        if let Some(m) = m {
            f.push(g, coulom_distance(board, l, m).clamp(2, 17) - 2);
        }
    }
    let near = nearest_stone(board, l, 3);
    if board.topology() == Topology::Planar {
        let s = board.size();
        let p = board.point(l);
        let lx = p.x().min(s - 1 - p.x()).min(4);
        let ly = p.y().min(s - 1 - p.y()).min(4);
        let value = if s < 13 {
            lx.min(ly)
        } else if near > OPEN_RADIUS {
            let (a, b) = (lx.min(ly), lx.max(ly));
            // Unordered pairs a <= b of 0..5, row by row.
            10 + a * 5 - a * (a.saturating_sub(1)) / 2 + (b - a)
        } else {
            5 + lx.min(ly)
        };
        f.push(LINE, value);
    }
    if near >= 2 {
        f.push(SPACE, near - 2);
    }
    f.fixed[..usize::from(f.n)].sort_unstable();
    f
}
