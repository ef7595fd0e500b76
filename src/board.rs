//! The fast board: stones, chains, exact incremental liberties, captures,
//! the simple-ko point and an incremental Zobrist hash.
//!
//! Chains are circular linked lists of stones with a representative (the
//! chain's *head*); merging relabels the smaller chain into the larger one,
//! which is as fast as union-find here and keeps every query O(1).
//! Each head keeps the exact liberty count and the sum of its liberties'
//! indices, so "how many liberties", "in atari" and "the last liberty" are
//! answered in O(1). Nothing here allocates: a board is one fixed-size value.

use crate::color::{ByColor, Color};
use crate::error::MoveError;
use crate::geometry::{geometry, Geometry, Loc, SizeError, Topology, OFF, SLOTS};
use crate::point::{Point, MAX_SIZE};
use crate::zobrist;
use std::fmt;

const EMPTY: u8 = 0;
const BORDER: u8 = 3;

#[inline(always)]
const fn cell_of(c: Color) -> u8 {
    c as u8 + 1
}

#[inline(always)]
fn color_of(cell: u8) -> Option<Color> {
    match cell {
        1 => Some(Color::Black),
        2 => Some(Color::White),
        _ => None,
    }
}

/// A Go board of any size from 1x1 to 25x25, planar or toroidal.
///
/// It knows the simple-ko rule and nothing of turn order, superko or
/// scoring: those live in [`Game`](crate::Game) and [`Rules`](crate::Rules).
#[derive(Clone)]
pub struct Board {
    geom: &'static Geometry,
    /// Per location: empty, black, white, or the border sentinel.
    cell: [u8; SLOTS],
    /// Per stone: the head of its chain.
    head: [u16; SLOTS],
    /// Per stone: the next stone of its chain (a circular list).
    next: [u16; SLOTS],
    /// Per head: the exact number of liberties of the chain.
    libs: [u16; SLOTS],
    /// Per head: the sum of the indices of the chain's liberties.
    lib_sum: [u32; SLOTS],
    /// Per head: the number of stones of the chain.
    stones: [u16; SLOTS],
    /// The empty locations, in no order; `empty_pos` is each one's index.
    empties: [u16; MAX_SIZE * MAX_SIZE],
    empty_pos: [u16; SLOTS],
    n_empty: u16,
    hash: u64,
    /// The simple-ko point, or `OFF`, and the colour it is forbidden to.
    ko: u16,
    ko_color: Color,
    /// Stones captured by each colour (prisoners it holds).
    captures: ByColor<u32>,
    last_move: u16,
}

impl Board {
    /// An empty board of `size` x `size` points.
    ///
    /// # Errors
    /// [`SizeError`] unless `size` is from 1 to 25.
    pub fn new(size: usize, topology: Topology) -> Result<Board, SizeError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size));
        }
        let geom = geometry(size, topology);
        let n = size * size;
        let mut b = Board {
            geom,
            cell: [BORDER; SLOTS],
            head: [OFF; SLOTS],
            next: [OFF; SLOTS],
            libs: [0; SLOTS],
            lib_sum: [0; SLOTS],
            stones: [0; SLOTS],
            empties: [0; MAX_SIZE * MAX_SIZE],
            empty_pos: [0; SLOTS],
            n_empty: n as u16,
            hash: 0,
            ko: OFF,
            ko_color: Color::Black,
            captures: ByColor::default(),
            last_move: OFF,
        };
        for i in 0..n {
            b.cell[i] = EMPTY;
            b.empties[i] = i as u16;
            b.empty_pos[i] = i as u16;
        }
        Ok(b)
    }

    /// The number of points on a side.
    #[inline]
    pub fn size(&self) -> usize {
        self.geom.size as usize
    }

    /// Planar or toroidal.
    #[inline]
    pub fn topology(&self) -> Topology {
        self.geom.topology
    }

    /// The number of points of the board.
    #[inline]
    pub fn area(&self) -> usize {
        self.size() * self.size()
    }

    /// The location of a point, or `None` if it is off this board.
    #[inline]
    pub fn loc(&self, p: Point) -> Option<Loc> {
        self.geom.loc(p)
    }

    /// The point of a location of this board.
    #[inline]
    pub fn point(&self, l: Loc) -> Point {
        self.geom.point(l)
    }

    /// The column and row distances `(dx, dy)` between two locations: on
    /// a torus, the shortest way round.
    pub fn offsets(&self, a: Loc, b: Loc) -> (usize, usize) {
        let s = self.size();
        let (pa, pb) = (self.point(a), self.point(b));
        let (dx, dy) = (pa.x().abs_diff(pb.x()), pa.y().abs_diff(pb.y()));
        match self.topology() {
            Topology::Toroidal => (dx.min(s - dx), dy.min(s - dy)),
            Topology::Planar => (dx, dy),
        }
    }

    /// Every location of the board, row by row from the bottom.
    pub fn locs(&self) -> impl Iterator<Item = Loc> {
        (0..self.area() as u16).map(Loc)
    }

    /// The colour of the stone on a location, if any.
    #[inline]
    pub fn color_at(&self, l: Loc) -> Option<Color> {
        color_of(self.cell[l.index()])
    }

    /// The colour of the stone on a point, if any (`None` off the board too).
    pub fn get(&self, p: Point) -> Option<Color> {
        self.loc(p).and_then(|l| self.color_at(l))
    }

    /// Whether the location is empty.
    #[inline]
    pub fn is_empty_at(&self, l: Loc) -> bool {
        self.cell[l.index()] == EMPTY
    }

    /// The distinct orthogonal neighbours of a location on the board.
    #[inline]
    pub fn neighbors(&self, l: Loc) -> impl Iterator<Item = Loc> + '_ {
        self.geom.nbr[l.index()]
            .iter()
            .take_while(|&&n| n != OFF)
            .map(|&n| Loc(n))
    }

    /// The distinct diagonal neighbours of a location on the board.
    #[inline]
    pub fn diagonals(&self, l: Loc) -> impl Iterator<Item = Loc> + '_ {
        self.geom.diag[l.index()]
            .iter()
            .take_while(|&&n| n != OFF)
            .map(|&n| Loc(n))
    }

    /// The Zobrist hash of the stones on the board (not of the side to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The simple-ko point and the colour that may not play there now.
    pub fn ko(&self) -> Option<(Loc, Color)> {
        (self.ko != OFF).then_some((Loc(self.ko), self.ko_color))
    }

    /// The location of the last stone played with `play` or `play_unchecked`.
    pub fn last_move(&self) -> Option<Loc> {
        (self.last_move != OFF).then_some(Loc(self.last_move))
    }

    /// The number of stones captured so far by `c` (the prisoners it holds).
    #[inline]
    pub fn captures(&self, c: Color) -> u32 {
        self.captures[c]
    }

    /// The number of stones of colour `c` on the board.
    pub fn stone_count(&self, c: Color) -> usize {
        let want = cell_of(c);
        self.cell[..self.area()]
            .iter()
            .filter(|&&x| x == want)
            .count()
    }

    /// The empty locations, in no particular order.
    #[inline]
    pub fn empty_locs(&self) -> impl Iterator<Item = Loc> + '_ {
        self.empties[..self.n_empty as usize]
            .iter()
            .map(|&i| Loc(i))
    }

    /// The number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.n_empty as usize
    }

    /// The `i`-th empty location, `i` below [`empty_count`](Self::empty_count).
    #[inline]
    pub(crate) fn empty_at(&self, i: usize) -> Loc {
        Loc(self.empties[i])
    }

    /// Exchanges the `i`-th and `j`-th entries of the (unordered) list of
    /// empty locations; both must be below [`empty_count`](Self::empty_count).
    /// The set of empty points is unchanged: playouts use this to set aside
    /// rejected candidates without a scratch array.
    #[inline(always)]
    pub(crate) fn swap_empties(&mut self, i: usize, j: usize) {
        let (a, b) = (self.empties[i], self.empties[j]);
        self.empties[i] = b;
        self.empties[j] = a;
        self.empty_pos[b as usize] = i as u16;
        self.empty_pos[a as usize] = j as u16;
    }

    /// The number of liberties of the chain through `l` (0 for an empty point).
    #[inline]
    pub fn liberties(&self, l: Loc) -> usize {
        if color_of(self.cell[l.index()]).is_none() {
            return 0;
        }
        self.libs[self.head[l.index()] as usize] as usize
    }

    /// Whether the chain through `l` has exactly one liberty.
    #[inline]
    pub fn in_atari(&self, l: Loc) -> bool {
        self.liberties(l) == 1
    }

    /// The only liberty of the chain through `l`, if it has exactly one.
    #[inline]
    pub fn last_liberty(&self, l: Loc) -> Option<Loc> {
        if !self.in_atari(l) {
            return None;
        }
        Some(Loc(self.lib_sum[self.head[l.index()] as usize] as u16))
    }

    /// The number of stones of the chain through `l` (0 for an empty point).
    #[inline]
    pub fn chain_len(&self, l: Loc) -> usize {
        if color_of(self.cell[l.index()]).is_none() {
            return 0;
        }
        self.stones[self.head[l.index()] as usize] as usize
    }

    /// The head (representative) of the chain through the stone at `l`:
    /// two stones are in the same chain exactly when their heads are equal.
    #[inline]
    pub fn chain_head(&self, l: Loc) -> Option<Loc> {
        color_of(self.cell[l.index()]).map(|_| Loc(self.head[l.index()]))
    }

    /// The stones of the chain through `l` (nothing for an empty point).
    pub fn chain(&self, l: Loc) -> impl Iterator<Item = Loc> + '_ {
        let start = l.index() as u16;
        let stone = color_of(self.cell[l.index()]).is_some();
        let mut cur = if stone { Some(start) } else { None };
        std::iter::from_fn(move || {
            let c = cur?;
            let n = self.next[c as usize];
            cur = (n != start).then_some(n);
            Some(Loc(c))
        })
    }

    /// Whether a stone of `c` at `l` would have no liberty and capture
    /// nothing; `l` must be an empty location of this board.
    #[inline]
    pub fn is_suicide(&self, l: Loc, c: Color) -> bool {
        let me = cell_of(c);
        for &n in &self.geom.nbr[l.index()] {
            if n == OFF {
                break;
            }
            let n = n as usize;
            let cn = self.cell[n];
            if cn == EMPTY {
                return false;
            }
            let libs = self.libs[self.head[n] as usize];
            if (cn == me) == (libs > 1) {
                // Own chain keeping a liberty, or opponent chain in atari.
                return false;
            }
        }
        true
    }

    /// Whether `c` may play at `l` under simple ko with suicide forbidden;
    /// `l` must be a location of this board.
    #[inline]
    pub fn is_legal_simple(&self, l: Loc, c: Color) -> bool {
        let i = l.index();
        self.cell[i] == EMPTY
            && !(i as u16 == self.ko && c == self.ko_color)
            && !self.is_suicide(l, c)
    }

    /// If the chain through `l` has exactly two liberties and `lib` is one
    /// of them, the other one.
    #[inline]
    pub fn other_liberty(&self, l: Loc, lib: Loc) -> Option<Loc> {
        if self.liberties(l) != 2 {
            return None;
        }
        let sum = self.lib_sum[self.head[l.index()] as usize];
        let other = sum.checked_sub(u32::from(lib.0))?;
        u16::try_from(other).ok().map(Loc)
    }

    /// The raw cell code of slot `i` (0 empty, 1 black, 2 white, 3 border
    /// or off the board); `i` may be the off-board sentinel. For the
    /// tactics, the playouts and the 3x3 pattern codes; compare it with
    /// [`EMPTY_CODE`](Self::EMPTY_CODE), [`stone_code`](Self::stone_code)
    /// and [`BORDER_CODE`](Self::BORDER_CODE) rather than with literals.
    #[inline(always)]
    pub(crate) fn cell_code(&self, i: usize) -> u8 {
        self.cell[i]
    }

    /// The [`cell_code`](Self::cell_code) of an empty point.
    pub(crate) const EMPTY_CODE: u8 = EMPTY;

    /// The [`cell_code`](Self::cell_code) of a slot off the board.
    pub(crate) const BORDER_CODE: u8 = BORDER;

    /// The [`cell_code`](Self::cell_code) of a stone of `c` (1 black,
    /// 2 white): the one place outside the board's internals that names
    /// the encoding.
    #[inline(always)]
    pub(crate) const fn stone_code(c: Color) -> u8 {
        cell_of(c)
    }

    /// Every slot's [`cell_code`](Self::cell_code), for readers that copy
    /// the stones and play on the copy (the ladder reader).
    #[inline(always)]
    pub(crate) fn cell_codes(&self) -> &[u8; SLOTS] {
        &self.cell
    }

    /// The whole neighbour table of this board's size and topology (each
    /// row as [`neighbor_slots`](Self::neighbor_slots) gives it).
    #[inline(always)]
    pub(crate) fn neighbor_table(&self) -> &'static [[u16; 4]; SLOTS] {
        &self.geom.nbr
    }

    /// The neighbour table row of `l` (distinct neighbours padded with the
    /// off-board sentinel).
    #[inline(always)]
    pub(crate) fn neighbor_slots(&self, l: Loc) -> &[u16; 4] {
        &self.geom.nbr[l.index()]
    }

    /// Whether the empty location `l` is an eye of `c` for playouts: every
    /// neighbour is `c`'s, and too few diagonals are the opponent's (or off
    /// the board) to make it false.
    #[inline]
    pub fn is_eye(&self, l: Loc, c: Color) -> bool {
        let i = l.index();
        let me = cell_of(c);
        // Unused neighbour slots are OFF, whose cell is BORDER.
        let mut all_mine = true;
        for n in self.geom.nbr[i] {
            let cn = self.cell[n as usize];
            all_mine &= cn == me || cn == BORDER;
        }
        all_mine && self.eye_diagonals_ok(i, c)
    }

    // Unchecked reads for the innermost playout loops. A benchmark proved
    // them worth it (about 5% more light playouts per second on 19x19 than
    // with bounds checks: see README, "Speed"). Every index they are given
    // is a slot of this board's arrays by construction: a neighbour or
    // diagonal entry of the geometry tables (a location below size * size
    // <= 625, or OFF = 625, checked for every size and topology by the test
    // `geometry_entries_are_slots`), or a chain head (a location of this
    // board, or OFF for empty points). Debug builds, which run the tests,
    // check the bound on every call.

    /// The cell at slot `n` (< SLOTS), unchecked.
    #[inline(always)]
    #[allow(unsafe_code)]
    fn cell_fast(&self, n: u16) -> u8 {
        debug_assert!((n as usize) < SLOTS);
        // SAFETY: n < SLOTS, the length of `cell` (see above).
        unsafe { *self.cell.get_unchecked(n as usize) }
    }

    /// The chain head stored at slot `n` (< SLOTS), unchecked.
    #[inline(always)]
    #[allow(unsafe_code)]
    fn head_fast(&self, n: u16) -> u16 {
        debug_assert!((n as usize) < SLOTS);
        // SAFETY: n < SLOTS, the length of `head` (see above).
        unsafe { *self.head.get_unchecked(n as usize) }
    }

    /// The liberty count stored at slot `h` (< SLOTS), unchecked.
    #[inline(always)]
    #[allow(unsafe_code)]
    fn libs_fast(&self, h: u16) -> u16 {
        debug_assert!((h as usize) < SLOTS);
        // SAFETY: h < SLOTS, the length of `libs` (see above).
        unsafe { *self.libs.get_unchecked(h as usize) }
    }

    /// The neighbour row of slot `n` (< SLOTS), unchecked.
    #[inline(always)]
    #[allow(unsafe_code)]
    fn nbr_fast(&self, n: u16) -> [u16; 4] {
        debug_assert!((n as usize) < SLOTS);
        // SAFETY: n < SLOTS, the length of the geometry's `nbr` table.
        unsafe { *self.geom.nbr.get_unchecked(n as usize) }
    }

    /// The diagonal half of [`is_eye`](Self::is_eye): fewer than two
    /// "bad" diagonals, counting an edge as one.
    #[inline(always)]
    fn eye_diagonals_ok(&self, i: usize, c: Color) -> bool {
        let opp = cell_of(c.opponent());
        let mut bad = u32::from(self.geom.edge[i] > 0);
        for d in self.geom.diag[i] {
            bad += u32::from(self.cell_fast(d) == opp);
        }
        bad < 2
    }

    /// Whether a light playout may play `c` at the empty location `l`:
    /// the same as `!is_eye(l, c) && is_legal_simple(l, c)`, in one pass
    /// with few branches.
    #[inline(always)]
    pub(crate) fn is_playout_move(&self, l: Loc, c: Color) -> bool {
        let i = l.index();
        let nb = self.geom.nbr[i];
        let cells = nb.map(|n| self.cell_fast(n));
        if (cells[0] == EMPTY) | (cells[1] == EMPTY) | (cells[2] == EMPTY) | (cells[3] == EMPTY) {
            // Not an eye, not suicide, and not the ko point (a ko point
            // has no empty neighbour).
            return true;
        }
        let me = cell_of(c);
        let opp = cell_of(c.opponent());
        let any_opp = (cells[0] == opp) | (cells[1] == opp) | (cells[2] == opp) | (cells[3] == opp);
        if !any_opp && self.eye_diagonals_ok(i, c) {
            // Surrounded by `c` (and the edge): an eye, most rejections.
            return false;
        }
        let mut legal = false;
        for k in 0..4 {
            // Off the board, head[OFF] is OFF and libs[OFF] is 0.
            let libs = self.libs_fast(self.head_fast(nb[k]));
            legal |= ((cells[k] == me) & (libs > 1)) | ((cells[k] == opp) & (libs == 1));
        }
        legal & !((i as u16 == self.ko) & (c == self.ko_color))
    }

    /// Black's area minus White's: stones, plus empty points whose
    /// neighbours are all of one colour. Branch-free, for playouts.
    pub(crate) fn area_diff(&self) -> i32 {
        (0..self.area())
            .map(|i| i32::from(self.area_owner(i)))
            .sum()
    }

    /// The area owner of the point at index `i`: 1 for a Black stone or an
    /// empty point whose neighbours are all Black, -1 likewise for White,
    /// 0 for the rest.
    #[inline(always)]
    fn area_owner(&self, i: usize) -> i8 {
        // Indexed by the black and white bits of a neighbour colour mask.
        const EMPTY_VALUE: [i8; 4] = [0, 1, -1, 0];
        let mut mask = 0u32;
        for n in self.geom.nbr[i] {
            mask |= 1 << self.cell_fast(n);
        }
        let value = [EMPTY_VALUE[(mask >> 1) as usize & 3], 1, -1, 0];
        value[usize::from(self.cell[i] & 3)]
    }

    /// The owner of every point for an area count, written into `out`
    /// (indexed by [`Loc::index`], at least [`area`](Self::area) long): 1
    /// for a Black stone or an empty point whose neighbours are all Black,
    /// -1 likewise for White, 0 for the rest. Returns the sum, Black's area
    /// minus White's. The search's playouts and the final ownership
    /// estimate both count with it.
    #[inline]
    pub fn area_owners(&self, out: &mut [i8]) -> i32 {
        let mut diff = 0i32;
        for (i, o) in out.iter_mut().enumerate().take(self.area()) {
            *o = self.area_owner(i);
            diff += i32::from(*o);
        }
        diff
    }

    /// Plays a stone of `c` at point `p`, forbidding suicide and the simple
    /// ko retake, and returns the number of stones captured.
    ///
    /// # Errors
    /// [`MoveError::OffBoard`], [`MoveError::Occupied`], [`MoveError::Ko`]
    /// or [`MoveError::Suicide`]; the board is then unchanged.
    pub fn play(&mut self, p: Point, c: Color) -> Result<u32, MoveError> {
        let l = self.loc(p).ok_or(MoveError::OffBoard)?;
        self.check(l, c, false)?;
        Ok(self.play_unchecked(l, c))
    }

    /// Why `c` may not play at `l` under simple ko (suicide allowed or not).
    ///
    /// # Errors
    /// [`MoveError::Occupied`], [`MoveError::Ko`] or [`MoveError::Suicide`].
    pub fn check(&self, l: Loc, c: Color, allow_suicide: bool) -> Result<(), MoveError> {
        let i = l.index();
        if i >= self.area() {
            return Err(MoveError::OffBoard);
        }
        if self.cell[i] != EMPTY {
            return Err(MoveError::Occupied);
        }
        if i as u16 == self.ko && c == self.ko_color {
            return Err(MoveError::Ko);
        }
        if self.is_suicide(l, c) {
            // A lone stone with no neighbours at all (1x1) removes itself:
            // still a legal suicide where suicide is allowed.
            if !allow_suicide {
                return Err(MoveError::Suicide);
            }
        }
        Ok(())
    }

    /// Plays a stone of `c` at the empty location `l`, captures, and removes
    /// its own chain if left without liberties (suicide); returns the number
    /// of opponent stones captured. Contract: `l` is an empty location of
    /// this board; ko and suicide rules are the caller's business.
    #[inline]
    pub fn play_unchecked(&mut self, l: Loc, c: Color) -> u32 {
        let p = l.index();
        let me = cell_of(c);
        let opp = cell_of(c.opponent());
        self.remove_empty(p);
        self.cell[p] = me;
        self.head[p] = p as u16;
        self.next[p] = p as u16;
        self.stones[p] = 1;
        self.hash ^= zobrist::stone(c, p);
        self.last_move = p as u16;

        // Empty points and off-board slots have head OFF, so `h` holds the
        // heads of the neighbouring chains, or OFF.
        let nb = self.geom.nbr[p];
        let h = nb.map(|n| self.head_fast(n));
        let mut libs = 0u16;
        let mut sum = 0u32;
        for n in nb {
            let e = self.cell_fast(n) == EMPTY;
            libs += u16::from(e);
            sum += u32::from(e) * u32::from(n);
        }
        self.libs[p] = libs;
        self.lib_sum[p] = sum;
        // Each distinct neighbouring chain loses the liberty p, once.
        let first = [
            h[0] != OFF,
            (h[1] != OFF) & (h[1] != h[0]),
            (h[2] != OFF) & (h[2] != h[0]) & (h[2] != h[1]),
            (h[3] != OFF) & (h[3] != h[0]) & (h[3] != h[1]) & (h[3] != h[2]),
        ];
        let mut own = 0u32;
        let mut dead = 0u32;
        for k in 0..4 {
            let r = h[k] as usize;
            let f = first[k];
            self.libs[r] -= u16::from(f);
            self.lib_sum[r] -= u32::from(f) * p as u32;
            let cr = self.cell_fast(h[k]);
            own |= u32::from(f & (cr == me)) << k;
            dead |= u32::from(f & (cr == opp) & (self.libs_fast(h[k]) == 0)) << k;
        }

        let mut root = p as u16;
        if own != 0 {
            // The stone joins its first friendly chain cheaply, then any
            // further chains merge in the general way.
            let k = own.trailing_zeros() as usize;
            own &= own - 1;
            root = self.join_stone(p as u16, h[k]);
            while own != 0 {
                let k = own.trailing_zeros() as usize;
                own &= own - 1;
                root = self.merge(root, h[k]);
            }
        }
        let mut captured = 0u32;
        let mut ko = OFF;
        while dead != 0 {
            let k = dead.trailing_zeros() as usize;
            dead &= dead - 1;
            captured += self.remove_chain(h[k]);
            ko = h[k];
        }
        self.captures[c] += captured;
        let root = root as usize;
        if self.libs[root] == 0 {
            let lost = self.remove_chain(root as u16);
            self.captures[c.opponent()] += lost;
            self.ko = OFF;
        } else if (captured == 1) & (self.stones[root] == 1) & (self.libs[root] == 1) {
            self.ko = ko;
            self.ko_color = c.opponent();
        } else {
            self.ko = OFF;
        }
        captured
    }

    /// Records a pass by `c`: clears the simple-ko point.
    #[inline]
    pub fn pass(&mut self) {
        self.ko = OFF;
    }

    /// The hash the board would have after `c` plays at the empty location
    /// `l` (with its captures, and its own removal if it is a suicide),
    /// computed without changing the board.
    pub fn hash_after(&self, l: Loc, c: Color) -> u64 {
        let p = l.index();
        let me = cell_of(c);
        let mut h = self.hash ^ zobrist::stone(c, p);
        let mut roots = [OFF; 4];
        let mut nr = 0;
        let mut alive = false;
        for &n in &self.geom.nbr[p] {
            if n == OFF {
                break;
            }
            let cn = self.cell[n as usize];
            if cn == EMPTY {
                alive = true;
                continue;
            }
            let r = self.head[n as usize];
            if roots[..nr].contains(&r) {
                continue;
            }
            roots[nr] = r;
            nr += 1;
            let libs = self.libs[r as usize];
            if cn == me {
                alive |= libs > 1;
            } else if libs == 1 {
                alive = true;
                h ^= self.chain_hash(r);
            }
        }
        if !alive {
            h ^= zobrist::stone(c, p);
            for &r in &roots[..nr] {
                if self.cell[r as usize] == me {
                    h ^= self.chain_hash(r);
                }
            }
        }
        h
    }

    fn chain_hash(&self, r: u16) -> u64 {
        let c = color_of(self.cell[r as usize]).unwrap_or(Color::Black);
        self.chain(Loc(r))
            .fold(0, |h, s| h ^ zobrist::stone(c, s.index()))
    }

    /// Adds the lone new stone `p`, whose own liberties are counted, to the
    /// chain with head `r` of its colour, which has already lost the
    /// liberty `p`; returns `r`, the head of the joined chain.
    #[inline(always)]
    fn join_stone(&mut self, p: u16, r: u16) -> u16 {
        let (pi, ri) = (p as usize, r as usize);
        // p's empty neighbours that are not liberties of r yet. When r has
        // at most one liberty left, its liberty set is known from the sum.
        let (added, added_sum) = match self.libs[ri] {
            0 => (self.libs[pi], self.lib_sum[pi]),
            _ if self.libs[pi] == 0 => (0, 0),
            1 => {
                let only = self.lib_sum[ri];
                let mut added = 0u16;
                let mut sum = 0u32;
                for q in self.geom.nbr[pi] {
                    let new = (self.cell_fast(q) == EMPTY) & (u32::from(q) != only);
                    added += u16::from(new);
                    sum += u32::from(new) * u32::from(q);
                }
                (added, sum)
            }
            _ => {
                let mut added = 0u16;
                let mut sum = 0u32;
                for q in self.geom.nbr[pi] {
                    let mut known = false;
                    for n in self.nbr_fast(q) {
                        known |= self.head_fast(n) == r;
                    }
                    let new = (self.cell_fast(q) == EMPTY) & !known;
                    added += u16::from(new);
                    sum += u32::from(new) * u32::from(q);
                }
                (added, sum)
            }
        };
        self.libs[ri] += added;
        self.lib_sum[ri] += added_sum;
        self.stones[ri] += 1;
        self.head[pi] = r;
        self.next[pi] = self.next[ri];
        self.next[ri] = p;
        r
    }

    /// Merges the chains with heads `a` and `b` (of one colour); returns
    /// the new head.
    fn merge(&mut self, a: u16, b: u16) -> u16 {
        let (big, small) = if self.stones[a as usize] >= self.stones[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let (bi, si) = (big as usize, small as usize);
        // The joined liberties are L(big) + L(small) - the shared ones. When
        // either chain has at most one liberty, its set is known (empty, or
        // the one point `lib_sum`) and the shared ones cost O(1).
        let few = self.libs[bi] <= 1 || self.libs[si] <= 1;
        let (added, added_sum) = if self.libs[bi] == 0 || self.libs[si] == 0 {
            (self.libs[si], self.lib_sum[si])
        } else if few {
            let (one, other) = if self.libs[bi] == 1 {
                (bi, small)
            } else {
                (si, big)
            };
            let only = self.lib_sum[one];
            // Is the one liberty also the other chain's? (OFF never is.)
            let mut shared = false;
            for n in self.geom.nbr[only as usize] {
                shared |= self.head[n as usize] == other;
            }
            (
                self.libs[si] - u16::from(shared),
                self.lib_sum[si] - u32::from(shared) * only,
            )
        } else {
            let mut added = 0u16;
            let mut added_sum = 0u32;
            let mut s = small;
            loop {
                for q in self.geom.nbr[s as usize] {
                    // q is a liberty of `small`: new to `big` unless a stone
                    // labelled `big` touches it (empty and off-board slots
                    // have head OFF). Stones of `small` are relabelled as
                    // they are visited, so a liberty shared by several of
                    // them is counted once, at the first one visited. The
                    // row of OFF is all OFF.
                    let mut known = false;
                    for n in self.nbr_fast(q) {
                        known |= self.head_fast(n) == big;
                    }
                    let new = (self.cell_fast(q) == EMPTY) & !known;
                    added += u16::from(new);
                    added_sum += u32::from(new) * u32::from(q);
                }
                self.head[s as usize] = big;
                s = self.next[s as usize];
                if s == small {
                    break;
                }
            }
            (added, added_sum)
        };
        if few {
            // The scan above relabels as it goes; here it is still to do.
            let mut s = small;
            loop {
                self.head[s as usize] = big;
                s = self.next[s as usize];
                if s == small {
                    break;
                }
            }
        }
        self.libs[bi] += added;
        self.lib_sum[bi] += added_sum;
        self.stones[bi] += self.stones[si];
        self.next.swap(bi, si);
        big
    }

    /// Removes the chain with head `r`, giving its points back as liberties
    /// to the neighbouring chains; returns the number of stones removed.
    fn remove_chain(&mut self, r: u16) -> u32 {
        let Some(c) = color_of(self.cell[r as usize]) else {
            return 0;
        };
        let mut count = 0;
        let mut s = r;
        loop {
            self.cell[s as usize] = EMPTY;
            self.head[s as usize] = OFF;
            self.add_empty(s as usize);
            self.hash ^= zobrist::stone(c, s as usize);
            count += 1;
            s = self.next[s as usize];
            if s == r {
                break;
            }
        }
        loop {
            // The removed stones now have head OFF, like empty points.
            let h = self.geom.nbr[s as usize].map(|n| self.head_fast(n));
            let first = [
                h[0] != OFF,
                (h[1] != OFF) & (h[1] != h[0]),
                (h[2] != OFF) & (h[2] != h[0]) & (h[2] != h[1]),
                (h[3] != OFF) & (h[3] != h[0]) & (h[3] != h[1]) & (h[3] != h[2]),
            ];
            for k in 0..4 {
                let f = first[k];
                self.libs[h[k] as usize] += u16::from(f);
                self.lib_sum[h[k] as usize] += u32::from(f) * u32::from(s);
            }
            s = self.next[s as usize];
            if s == r {
                break;
            }
        }
        count
    }

    #[inline(always)]
    fn remove_empty(&mut self, p: usize) {
        let pos = self.empty_pos[p] as usize;
        self.n_empty -= 1;
        let last = self.empties[self.n_empty as usize];
        self.empties[pos] = last;
        self.empty_pos[last as usize] = pos as u16;
    }

    #[inline(always)]
    fn add_empty(&mut self, p: usize) {
        self.empties[self.n_empty as usize] = p as u16;
        self.empty_pos[p] = self.n_empty;
        self.n_empty += 1;
    }

    /// Puts a stone of `c` on `p`, or clears it with `None`, as a set-up
    /// (handicap, SGF `AB`/`AW`/`AE`): no capture is made by the stone
    /// itself, but any chain then left without a liberty is removed (an
    /// impossible position cannot arise). Clears the ko point. Not for the
    /// hot path: it rebuilds the chains from scratch.
    ///
    /// # Errors
    /// [`MoveError::OffBoard`] if `p` is off this board.
    pub fn set(&mut self, p: Point, c: Option<Color>) -> Result<(), MoveError> {
        let l = self.loc(p).ok_or(MoveError::OffBoard)?;
        self.cell[l.index()] = c.map_or(EMPTY, cell_of);
        self.rebuild();
        Ok(())
    }

    /// This position rebuilt from its stones alone, as if set up: the same
    /// stones, but chains, the empty list and their orders as a fresh board
    /// has them, whatever move order led here, and no ko point.
    pub fn rebuilt(&self) -> Board {
        let mut b = self.clone();
        b.rebuild();
        b
    }

    /// Recomputes chains, liberties, empties and hash from the stones alone,
    /// then removes chains without liberties.
    fn rebuild(&mut self) {
        let n = self.area();
        self.n_empty = 0;
        self.hash = 0;
        self.ko = OFF;
        for i in 0..n {
            if self.cell[i] == EMPTY {
                self.add_empty(i);
                self.head[i] = OFF;
            } else if let Some(c) = color_of(self.cell[i]) {
                self.hash ^= zobrist::stone(c, i);
                self.head[i] = OFF;
            }
        }
        for i in 0..n {
            if color_of(self.cell[i]).is_some() && self.head[i] == OFF {
                self.label_chain(i as u16);
            }
        }
        for i in 0..n {
            if color_of(self.cell[i]).is_some() && self.head[i] == i as u16 && self.libs[i] == 0 {
                self.remove_chain(i as u16);
            }
        }
    }

    /// Labels the chain through the stone `start` (flood fill) with `start`
    /// as head, and counts its liberties.
    fn label_chain(&mut self, start: u16) {
        let col = self.cell[start as usize];
        let mut stack = [0u16; MAX_SIZE * MAX_SIZE];
        let mut top = 0;
        let mut seen_lib = [false; SLOTS];
        self.head[start as usize] = start;
        self.next[start as usize] = start;
        self.stones[start as usize] = 1;
        self.libs[start as usize] = 0;
        self.lib_sum[start as usize] = 0;
        stack[top] = start;
        top += 1;
        while top > 0 {
            top -= 1;
            let s = stack[top];
            for &q in &self.geom.nbr[s as usize] {
                if q == OFF {
                    break;
                }
                let cq = self.cell[q as usize];
                if cq == EMPTY && !seen_lib[q as usize] {
                    seen_lib[q as usize] = true;
                    self.libs[start as usize] += 1;
                    self.lib_sum[start as usize] += u32::from(q);
                } else if cq == col && self.head[q as usize] != start {
                    self.head[q as usize] = start;
                    self.next[q as usize] = self.next[start as usize];
                    self.next[start as usize] = q;
                    self.stones[start as usize] += 1;
                    stack[top] = q;
                    top += 1;
                }
            }
        }
    }

    /// Recomputes everything from the stones alone (chains by flood fill,
    /// liberties, empty list, hash) and reports the first mismatch with the
    /// incremental state. For tests and debugging.
    ///
    /// # Errors
    /// A description of the first inconsistency found.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut fresh = self.clone();
        fresh.rebuild_keep_dead();
        if fresh.hash != self.hash {
            return Err(format!(
                "hash {:#x} != recomputed {:#x}",
                self.hash, fresh.hash
            ));
        }
        let n = self.area();
        let empties: Vec<u16> = {
            let mut v = self.empties[..self.n_empty as usize].to_vec();
            v.sort_unstable();
            v
        };
        let expected: Vec<u16> = (0..n as u16)
            .filter(|&i| self.cell[i as usize] == EMPTY)
            .collect();
        if empties != expected {
            return Err("empty list does not match the empty points".into());
        }
        for &e in &expected {
            if self.empties[self.empty_pos[e as usize] as usize] != e {
                return Err(format!("empty_pos of {e} is wrong"));
            }
        }
        for i in 0..n {
            if color_of(self.cell[i]).is_none() {
                continue;
            }
            let l = Loc(i as u16);
            let h = self.head[i] as usize;
            let fh = fresh.head[i] as usize;
            // Same partition: i and its fresh head must share our head.
            if self.head[fh] as usize != h {
                return Err(format!("stone {} is in the wrong chain", self.point(l)));
            }
            if self.head[h] as usize != h {
                return Err(format!("head of {} is not its own head", self.point(l)));
            }
            if self.libs[h] != fresh.libs[fh] {
                return Err(format!(
                    "chain at {} has {} liberties, recomputed {}",
                    self.point(l),
                    self.libs[h],
                    fresh.libs[fh]
                ));
            }
            if self.lib_sum[h] != fresh.lib_sum[fh] {
                return Err(format!(
                    "liberty sum of chain at {} is wrong",
                    self.point(l)
                ));
            }
            if self.stones[h] != fresh.stones[fh] {
                return Err(format!(
                    "stone count of chain at {} is wrong",
                    self.point(l)
                ));
            }
            if self.libs[h] == 0 {
                return Err(format!("chain at {} has no liberty", self.point(l)));
            }
            if self.chain(l).count() != self.stones[h] as usize {
                return Err(format!("chain list at {} is broken", self.point(l)));
            }
        }
        let off = OFF as usize;
        if self.cell[off] != BORDER
            || self.head[off] != OFF
            || self.libs[off] != 0
            || self.lib_sum[off] != 0
        {
            return Err("the off-board slot was written to".into());
        }
        if let Some(&e) = expected.iter().find(|&&e| self.head[e as usize] != OFF) {
            return Err(format!(
                "empty point {} has a chain head",
                self.point(Loc(e))
            ));
        }
        if self.ko != OFF && self.cell[self.ko as usize] != EMPTY {
            return Err("ko point is occupied".into());
        }
        Ok(())
    }

    /// `rebuild` without removing chains that have no liberty.
    fn rebuild_keep_dead(&mut self) {
        let n = self.area();
        self.hash = 0;
        for i in 0..n {
            if let Some(c) = color_of(self.cell[i]) {
                self.hash ^= zobrist::stone(c, i);
                self.head[i] = OFF;
            }
        }
        for i in 0..n {
            if color_of(self.cell[i]).is_some() && self.head[i] == OFF {
                self.label_chain(i as u16);
            }
        }
    }

    /// Parses a square text diagram, top row first: `X` (or `B`, `#`, `@`)
    /// black, `O` (or `W`) white, `.`, `+` or `-` empty; spaces are ignored,
    /// as are blank lines. Chains without liberties are removed.
    ///
    /// # Errors
    /// [`DiagramError`] for an unknown character, rows of unequal length,
    /// or a shape that is not a square of side 1 to 25.
    pub fn from_diagram(text: &str, topology: Topology) -> Result<Board, DiagramError> {
        let rows: Vec<Vec<Option<Color>>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .map(|r| {
                r.into_iter()
                    .map(|ch| match ch {
                        'X' | 'x' | 'B' | '#' | '@' => Ok(Some(Color::Black)),
                        'O' | 'o' | 'W' => Ok(Some(Color::White)),
                        '.' | '+' | '-' => Ok(None),
                        other => Err(DiagramError::BadChar(other)),
                    })
                    .collect()
            })
            .collect::<Result<_, _>>()?;
        let size = rows.len();
        if size == 0 || size > MAX_SIZE || rows.iter().any(|r| r.len() != size) {
            return Err(DiagramError::NotSquare);
        }
        let mut b = Board::new(size, topology).map_err(|_| DiagramError::NotSquare)?;
        for (row, line) in rows.iter().enumerate() {
            for (x, &c) in line.iter().enumerate() {
                let y = size - 1 - row;
                b.cell[y * size + x] = c.map_or(EMPTY, cell_of);
            }
        }
        b.rebuild();
        Ok(b)
    }
}

/// Why a text is not a board diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagramError {
    /// A character that is not a stone or an empty point.
    BadChar(char),
    /// The rows do not form a square of side 1 to 25.
    NotSquare,
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::BadChar(c) => write!(f, "unexpected character {c:?} in diagram"),
            DiagramError::NotSquare => f.write_str("diagram is not a square of side 1 to 25"),
        }
    }
}

impl std::error::Error for DiagramError {}

impl fmt::Display for Board {
    /// The diagram, top row first: `X` black, `O` white, `.` empty, one row
    /// a line, no spaces (the format [`Board::from_diagram`] reads).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.size();
        for row in (0..s).rev() {
            for x in 0..s {
                let ch = match color_of(self.cell[row * s + x]) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Board {}x{} {:?}\n{}",
            self.size(),
            self.size(),
            self.topology(),
            self
        )
    }
}

impl PartialEq for Board {
    /// Two boards are equal when they have the same size, topology, stones,
    /// ko point and prisoners.
    fn eq(&self, other: &Board) -> bool {
        self.size() == other.size()
            && self.topology() == other.topology()
            && self.cell[..self.area()] == other.cell[..other.area()]
            && self.ko() == other.ko()
            && self.captures == other.captures
    }
}

impl Eq for Board {}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn capture_in_corner() {
        let mut b = Board::new(9, Topology::Planar).unwrap();
        b.play(pt("A1"), Color::White).unwrap();
        b.play(pt("A2"), Color::Black).unwrap();
        assert_eq!(b.play(pt("B1"), Color::Black), Ok(1));
        assert_eq!(b.get(pt("A1")), None);
        assert_eq!(b.captures(Color::Black), 1);
        b.check_invariants().unwrap();
    }

    #[test]
    fn diagram_round_trip() {
        let d = "X.O\n.XO\nOO.\n";
        let b = Board::from_diagram(d, Topology::Planar).unwrap();
        assert_eq!(b.to_string(), d);
        assert!(Board::from_diagram("X.\n.", Topology::Planar).is_err());
        assert!(Board::from_diagram("X?\n..", Topology::Planar).is_err());
        b.check_invariants().unwrap();
    }

    #[test]
    fn ko_is_forbidden_at_once() {
        let mut b =
            Board::from_diagram(".XO..\nXO.O.\n.XO..\n.....\n.....", Topology::Planar).unwrap();
        // Black captures at C4 (x=2, y=3), White may not retake at B4.
        assert_eq!(b.play(pt("C4"), Color::Black), Ok(1));
        assert_eq!(b.play(pt("B4"), Color::White), Err(MoveError::Ko));
        b.check_invariants().unwrap();
    }

    #[test]
    fn merge_counts_shared_liberty_once() {
        // Played in this order, the chain F8-F9-G8 lists F9 before G8, and
        // both touch the liberty G9. Black E9 then joins it to D9-D8 (White
        // E8 between them). The joined chain's liberties, counted by hand:
        // C9 C8 D7 F7 G9 G7 H8. G9 was once lost in the merge.
        let mut b = Board::new(9, Topology::Planar).unwrap();
        for v in ["G8", "F8", "F9", "D9", "D8"] {
            b.play(pt(v), Color::Black).unwrap();
        }
        b.play(pt("E8"), Color::White).unwrap();
        assert_eq!(b.play(pt("E9"), Color::Black), Ok(0));
        let g8 = b.loc(pt("G8")).unwrap();
        assert_eq!(b.chain_len(g8), 6);
        assert_eq!(b.liberties(g8), 7);
        b.check_invariants().unwrap();
    }

    #[test]
    fn merge_keeps_liberties_shared_by_two_stones() {
        // Found by fuzzing: White A2 joins two chains on a torus; C2 is a
        // liberty touched by two stones of the smaller chain.
        let mut rows = vec!["O...................".to_string()];
        rows.extend(std::iter::repeat_n(".".repeat(20), 15));
        rows.push("..O.................".into());
        rows.push(".OOO................".into());
        rows.push(".O.................O".into());
        rows.push("O.XX...............O".into());
        let mut b = Board::from_diagram(&rows.join("\n"), Topology::Toroidal).unwrap();
        b.play(pt("A2"), Color::White).unwrap();
        b.check_invariants().unwrap();
    }

    #[test]
    fn geometry_entries_are_slots() {
        // The unchecked reads rely on this: every neighbour and diagonal
        // entry of every geometry is a location of its board or OFF.
        for topo in [Topology::Planar, Topology::Toroidal] {
            for size in 1..=MAX_SIZE {
                let g = geometry(size, topo);
                for i in 0..SLOTS {
                    for n in g.nbr[i].into_iter().chain(g.diag[i]) {
                        assert!(
                            n == OFF || (n as usize) < size * size,
                            "{size} {topo:?} {i}"
                        );
                    }
                    if i >= size * size {
                        assert_eq!(g.nbr[i], [OFF; 4]);
                    }
                }
            }
        }
        assert!((OFF as usize) < SLOTS);
    }

    #[test]
    fn set_up_stones_keep_invariants_and_playouts_continue() {
        // Set-up rebuilds the chains: a point cleared by `set` must look
        // like any other empty point to the fast paths afterwards.
        let mut b = Board::new(5, Topology::Planar).unwrap();
        for v in ["B2", "C2", "C3", "D4"] {
            b.set(pt(v), Some(Color::Black)).unwrap();
        }
        b.set(pt("C2"), None).unwrap();
        b.check_invariants().unwrap();
        let mut p = crate::playout::Playout::new(3);
        for c in [Color::White, Color::Black] {
            let mut copy = b.clone();
            p.run(&mut copy, c);
            copy.check_invariants().unwrap();
        }
    }

    #[test]
    fn sizes() {
        assert!(Board::new(0, Topology::Planar).is_err());
        assert!(Board::new(26, Topology::Planar).is_err());
        for s in 1..=25 {
            let b = Board::new(s, Topology::Toroidal).unwrap();
            assert_eq!(b.empty_count(), s * s);
        }
    }
}
