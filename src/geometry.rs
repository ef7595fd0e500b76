//! Board geometry: sizes, topology, and neighbour tables built at compile time.

use crate::point::{Point, MAX_SIZE};
use std::fmt;

/// How the edges of the board behave.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Topology {
    /// The ordinary board: edge points have fewer neighbours.
    #[default]
    Planar,
    /// Edges wrap around both ways: every point has four neighbours.
    Toroidal,
}

impl Topology {
    /// Both topologies.
    pub const ALL: [Topology; 2] = [Topology::Planar, Topology::Toroidal];

    /// The topology's name in GTP extensions and the Phantom protocol
    /// (`planar`, `toroidal`).
    pub fn name(self) -> &'static str {
        match self {
            Topology::Planar => "planar",
            Topology::Toroidal => "toroidal",
        }
    }

    /// The topology named `s`, ignoring case: its [`name`](Self::name), or
    /// `torus`.
    pub fn from_name(s: &str) -> Option<Topology> {
        if s.eq_ignore_ascii_case("torus") {
            return Some(Topology::Toroidal);
        }
        Topology::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
    }
}

/// The number of point slots in every board array: 25x25 points plus one
/// off-board sentinel slot.
pub(crate) const SLOTS: usize = MAX_SIZE * MAX_SIZE + 1;

/// The off-board sentinel location, used to pad neighbour lists.
pub(crate) const OFF: u16 = (MAX_SIZE * MAX_SIZE) as u16;

/// A location on a board of a known size: a compact index `y * size + x`,
/// used by the fast board and the search. Convert with
/// [`Board::loc`](crate::Board::loc) and [`Board::point`](crate::Board::point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loc(pub(crate) u16);

impl Loc {
    /// The index of this location, from 0 to `size * size - 1`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The neighbour and diagonal tables of one board size and topology.
pub(crate) struct Geometry {
    pub(crate) size: u8,
    pub(crate) topology: Topology,
    /// Up to four distinct orthogonal neighbours, padded with [`OFF`].
    pub(crate) nbr: [[u16; 4]; SLOTS],
    /// Up to four distinct diagonal neighbours, padded with [`OFF`].
    pub(crate) diag: [[u16; 4]; SLOTS],
    /// How many of the four neighbours are off the board (planar edges).
    pub(crate) edge: [u8; SLOTS],
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({}, {:?})", self.size, self.topology)
    }
}

const fn wrap(v: isize, size: isize) -> isize {
    ((v % size) + size) % size
}

/// The location at offset `(dx, dy)` from `(x, y)`, or [`OFF`].
pub(crate) const fn step(
    x: isize,
    y: isize,
    dx: isize,
    dy: isize,
    size: isize,
    torus: bool,
) -> u16 {
    let (mut nx, mut ny) = (x + dx, y + dy);
    if torus {
        nx = wrap(nx, size);
        ny = wrap(ny, size);
    } else if nx < 0 || ny < 0 || nx >= size || ny >= size {
        return OFF;
    }
    (ny * size + nx) as u16
}

/// Fills `list` with the distinct locations among `cand` other than `own`.
const fn distinct(cand: [u16; 4], own: u16) -> [u16; 4] {
    let mut out = [OFF; 4];
    let mut n = 0;
    let mut i = 0;
    while i < 4 {
        let c = cand[i];
        let mut dup = c == OFF || c == own;
        let mut j = 0;
        while j < n {
            if out[j] == c {
                dup = true;
            }
            j += 1;
        }
        if !dup {
            out[n] = c;
            n += 1;
        }
        i += 1;
    }
    out
}

const fn build(size: usize, topology: Topology) -> Geometry {
    let torus = matches!(topology, Topology::Toroidal);
    let mut g = Geometry {
        size: size as u8,
        topology,
        nbr: [[OFF; 4]; SLOTS],
        diag: [[OFF; 4]; SLOTS],
        edge: [0; SLOTS],
    };
    let s = size as isize;
    let mut y = 0;
    while y < s {
        let mut x = 0;
        while x < s {
            let own = (y * s + x) as u16;
            let n = [
                step(x, y, 0, 1, s, torus),
                step(x, y, -1, 0, s, torus),
                step(x, y, 1, 0, s, torus),
                step(x, y, 0, -1, s, torus),
            ];
            let d = [
                step(x, y, -1, 1, s, torus),
                step(x, y, 1, 1, s, torus),
                step(x, y, -1, -1, s, torus),
                step(x, y, 1, -1, s, torus),
            ];
            let mut edge = 0;
            let mut i = 0;
            while i < 4 {
                if n[i] == OFF {
                    edge += 1;
                }
                i += 1;
            }
            g.nbr[own as usize] = distinct(n, own);
            g.diag[own as usize] = distinct(d, own);
            g.edge[own as usize] = edge;
            x += 1;
        }
        y += 1;
    }
    g
}

const fn build_all(topology: Topology) -> [Geometry; MAX_SIZE + 1] {
    let mut all = [const {
        Geometry {
            size: 0,
            topology: Topology::Planar,
            nbr: [[OFF; 4]; SLOTS],
            diag: [[OFF; 4]; SLOTS],
            edge: [0; SLOTS],
        }
    }; MAX_SIZE + 1];
    let mut size = 1;
    while size <= MAX_SIZE {
        all[size] = build(size, topology);
        size += 1;
    }
    all
}

static PLANAR: [Geometry; MAX_SIZE + 1] = build_all(Topology::Planar);
static TOROIDAL: [Geometry; MAX_SIZE + 1] = build_all(Topology::Toroidal);

/// The geometry of a board; `size` must be from 1 to 25.
pub(crate) fn geometry(size: usize, topology: Topology) -> &'static Geometry {
    match topology {
        Topology::Planar => &PLANAR[size],
        Topology::Toroidal => &TOROIDAL[size],
    }
}

/// The error for a board size outside 1 to 25.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeError(pub usize);

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unacceptable board size {} (1 to 25)", self.0)
    }
}

impl std::error::Error for SizeError {}

impl Geometry {
    /// The location of a point, if it is on this board.
    #[inline]
    pub(crate) fn loc(&self, p: Point) -> Option<Loc> {
        let s = self.size as usize;
        (p.x() < s && p.y() < s).then(|| Loc((p.y() * s + p.x()) as u16))
    }

    /// The point of a location of this board.
    #[inline]
    pub(crate) fn point(&self, l: Loc) -> Point {
        let s = self.size as usize;
        let i = l.index();
        let clamp = |v: usize| v.min(MAX_SIZE - 1);
        // A location made by another board size may fall outside this one;
        // clamping keeps this total (no panic) and such a misuse visible.
        Point::new(clamp(i % s), clamp(i / s)).unwrap_or(Point::ORIGIN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn planar_corner_and_torus() {
        let g = geometry(9, Topology::Planar);
        let corner = g.nbr[0];
        assert_eq!(corner.iter().filter(|&&n| n != OFF).count(), 2);
        assert_eq!(g.edge[0], 2);
        let t = geometry(9, Topology::Toroidal);
        let mut n: Vec<u16> = t.nbr[0].to_vec();
        n.sort();
        assert_eq!(n, vec![1, 8, 9, 72]);
        // 2x2 torus: left and right neighbour coincide.
        let t2 = geometry(2, Topology::Toroidal);
        assert_eq!(t2.nbr[0].iter().filter(|&&n| n != OFF).count(), 2);
        // 1x1 has no neighbours at all.
        assert!(geometry(1, Topology::Toroidal).nbr[0]
            .iter()
            .all(|&n| n == OFF));
    }
}
