//! Playout policies (light and heavy) and the cheap knowledge that gives
//! new tree nodes their priors: captures, atari escapes, self-atari, 3x3
//! patterns, nakade, distance to the last move and edge lines.
//!
//! Everything the playout loop touches is built before it starts (the
//! pattern table and the direction table are process-wide, built once), so
//! a playout never allocates.

use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, Topology, OFF};
use crate::tactics::{
    dirs, empty_neighbors, escapes_atari, is_self_atari, ladder_captures, nakade_point,
    pattern_code, patterns, touches_own, Captures, Dirs,
};

/// A small, fast, seedable random generator (SplitMix64 stepping).
#[derive(Clone, Debug)]
pub(crate) struct FastRng(u64);

impl FastRng {
    pub(crate) fn new(seed: u64) -> FastRng {
        FastRng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    #[inline(always)]
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0), by multiply-shift.
    #[inline(always)]
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// True with probability `num / 256`.
    #[inline(always)]
    pub(crate) fn chance(&mut self, num: u32) -> bool {
        ((self.next_u64() >> 56) as u32) < num
    }
}

/// Which moves a playout plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PolicyKind {
    /// Uniformly random legal moves that do not fill one's own eye.
    Light,
    /// Answer atari, capture, avoid self-atari, nakade and local 3x3
    /// patterns around the last move, else a random move as in `Light`
    /// that is not a self-atari of more than one stone.
    #[default]
    Heavy,
}

// ---------------------------------------------------------------------------
// The playout

/// A playout move log entry: the location (or `OFF` for a pass) in the low
/// 15 bits and the colour in the top bit.
pub(crate) const LOG_COLOR_BIT: u16 = 1 << 15;

/// A reusable, allocation-free playout runner for one board size.
#[derive(Clone, Debug)]
pub struct PlayoutPolicy {
    kind: PolicyKind,
    rng: FastRng,
    dirs: &'static Dirs,
    patterns: &'static [bool],
    /// Stones of chains that were put in atari lately (a ring; entries
    /// are checked again before use).
    ataris: [u16; ATARI_RING],
    atari_next: usize,
    /// The most moves one playout plays before it is cut and scored
    /// (0: three times the board area plus 20).
    pub max_moves: usize,
}

/// How many chains in atari a playout remembers.
const ATARI_RING: usize = 16;

impl PlayoutPolicy {
    /// A policy of `kind` for boards of `size` and `topology`, seeded.
    pub fn new(kind: PolicyKind, size: usize, topology: Topology, seed: u64) -> PlayoutPolicy {
        PlayoutPolicy {
            kind,
            rng: FastRng::new(seed),
            dirs: dirs(size, topology),
            patterns: patterns(),
            ataris: [OFF; ATARI_RING],
            atari_next: 0,
            max_moves: 0,
        }
    }

    /// Which moves this policy plays.
    pub fn kind(&self) -> PolicyKind {
        self.kind
    }

    /// Picks a move for `c`; `last` is the opponent's last move if it was
    /// a stone. `None` means pass.
    #[inline]
    pub fn pick(&mut self, board: &Board, c: Color, last: Option<Loc>) -> Option<Loc> {
        if self.kind == PolicyKind::Heavy {
            let lm = last.filter(|&lm| board.color_at(lm) == Some(c.opponent()));
            if let Some(lm) = lm {
                if let Some(l) = self.local(board, c, lm) {
                    return Some(l);
                }
            }
            if let Some(l) = self.ataris_anywhere(board, c) {
                return Some(l);
            }
            if let Some(lm) = lm {
                if let Some(l) = self.shapes(board, c, lm) {
                    return Some(l);
                }
            }
        }
        self.random(board, c)
    }

    /// Remembers the chain through `l` if it is in atari.
    #[inline(always)]
    fn note_atari(&mut self, board: &Board, l: u16) {
        if board.liberties(Loc(l)) == 1 && !self.ataris.contains(&l) {
            self.ataris[self.atari_next] = l;
            self.atari_next = (self.atari_next + 1) % ATARI_RING;
        }
    }

    /// Remembers the chains a move at `l` left in atari (its own, and its
    /// neighbours'): a chain loses liberties only to moves next to it.
    #[inline]
    fn note_ataris_around(&mut self, board: &Board, l: Loc) {
        self.note_atari(board, l.0);
        for &n in board.neighbor_slots(l) {
            if n == OFF {
                break;
            }
            if board.cell_code(n as usize) != 0 {
                self.note_atari(board, n);
            }
        }
    }

    /// Forgets the remembered chains and finds those in atari on `board`.
    fn scan_ataris(&mut self, board: &Board) {
        self.ataris = [OFF; ATARI_RING];
        self.atari_next = 0;
        for l in board.locs() {
            if board.chain_head(l) == Some(l) {
                self.note_atari(board, l.0);
            }
        }
    }

    /// Captures an opponent chain in atari, or saves one of `c`'s by
    /// extending, anywhere on the board (among the remembered chains).
    #[inline]
    fn ataris_anywhere(&mut self, board: &Board, c: Color) -> Option<Loc> {
        let me = c as u8 + 1;
        let mut cand = [0u16; ATARI_RING];
        let mut nc = 0;
        for k in 0..ATARI_RING {
            let x = self.ataris[k];
            if x == OFF {
                continue;
            }
            let cell = board.cell_code(x as usize);
            let Some(lib) = (cell != 0).then(|| board.last_liberty(Loc(x))).flatten() else {
                // Captured, or out of atari: forget it.
                self.ataris[k] = OFF;
                continue;
            };
            let ok = board.is_legal_simple(lib, c)
                && (cell != me || !is_self_atari(board, lib, c, Captures::GiveOneLiberty))
                && !cand[..nc].contains(&lib.0);
            if ok {
                cand[nc] = lib.0;
                nc += 1;
            }
        }
        if nc > 0 && self.rng.chance(230) {
            return Some(Loc(cand[self.rng.below(nc)]));
        }
        None
    }

    /// The heavy rules around the last move, in priority order.
    #[inline]
    fn local(&mut self, board: &Board, c: Color, lm: Loc) -> Option<Loc> {
        let me = c as u8 + 1;
        let opp = 3 - me;
        if board.cell_code(lm.index()) != opp {
            return None;
        }
        let mut cand = [0u16; 16];
        let mut nc = 0;
        // 1. Capture the stone just played if it is in atari.
        if let Some(lib) = board.last_liberty(lm) {
            if board.is_legal_simple(lib, c) && self.rng.chance(240) {
                return Some(lib);
            }
        }
        // 2. Save own chains the last move put in atari: capture a
        //    neighbouring chain in atari, or extend if that gains liberties.
        for &n in board.neighbor_slots(lm) {
            if n == OFF {
                break;
            }
            if board.cell_code(n as usize) != me || !board.in_atari(Loc(n)) {
                continue;
            }
            let chain = Loc(n);
            for (k, s) in board.chain(chain).enumerate() {
                if k >= 12 {
                    break;
                }
                for &q in board.neighbor_slots(s) {
                    if q == OFF {
                        break;
                    }
                    if board.cell_code(q as usize) == opp {
                        if let Some(lib) = board.last_liberty(Loc(q)) {
                            if nc < cand.len()
                                && board.is_legal_simple(lib, c)
                                && !cand[..nc].contains(&lib.0)
                            {
                                cand[nc] = lib.0;
                                nc += 1;
                            }
                        }
                    }
                }
            }
            if let Some(lib) = board.last_liberty(chain) {
                if nc < cand.len()
                    && board.is_legal_simple(lib, c)
                    && !is_self_atari(board, lib, c, Captures::GiveOneLiberty)
                    && !cand[..nc].contains(&lib.0)
                {
                    cand[nc] = lib.0;
                    nc += 1;
                }
            }
        }
        if nc > 0 && self.rng.chance(230) {
            return Some(Loc(cand[self.rng.below(nc)]));
        }
        // 3. Nakade: the vital point of a small eye space next to it.
        for &n in board.neighbor_slots(lm) {
            if n == OFF {
                break;
            }
            // Every space of three, and the T of four, has an end with
            // one or two empty neighbours: start from such points only.
            if board.cell_code(n as usize) == 0 && empty_neighbors(board, Loc(n)) <= 2 {
                if let Some(v) = nakade_point(board, Loc(n)) {
                    if board.is_legal_simple(v, c)
                        && !is_self_atari(board, v, c, Captures::GiveOneLiberty)
                    {
                        return Some(v);
                    }
                }
            }
        }
        None
    }

    /// 3x3 patterns on the eight points around the last move.
    #[inline]
    fn shapes(&mut self, board: &Board, c: Color, lm: Loc) -> Option<Loc> {
        let mut cand = [0u16; 8];
        let mut nc = 0;
        for &n in &self.dirs[lm.index()] {
            if n == OFF || board.cell_code(n as usize) != 0 {
                continue;
            }
            let l = Loc(n);
            if self.patterns[pattern_code(board, self.dirs, l)]
                && board.is_legal_simple(l, c)
                && !is_self_atari(board, l, c, Captures::GiveOneLiberty)
            {
                cand[nc] = n;
                nc += 1;
            }
        }
        if nc > 0 && self.rng.chance(230) {
            return Some(Loc(cand[self.rng.below(nc)]));
        }
        None
    }

    /// A random legal move that does not fill `c`'s own eye (and, for the
    /// heavy policy, is not a self-atari of more than one stone).
    #[inline]
    fn random(&mut self, board: &Board, c: Color) -> Option<Loc> {
        let n = board.empty_count();
        if n == 0 {
            return None;
        }
        let start = self.rng.below(n);
        let heavy = self.kind == PolicyKind::Heavy;
        let mut i = start;
        for _ in 0..n {
            let l = board.empty_at(i);
            i += 1;
            if i == n {
                i = 0;
            }
            if board.is_eye(l, c) || !board.is_legal_simple(l, c) {
                continue;
            }
            if heavy
                && touches_own(board, l, c)
                && is_self_atari(board, l, c, Captures::GiveOneLiberty)
            {
                continue;
            }
            return Some(l);
        }
        None
    }

    /// Plays `board` out with `to_move` first until both sides pass (or
    /// the move limit), logging each move into `log` within its existing
    /// capacity (never growing it). Returns the number of moves played.
    pub fn run(
        &mut self,
        board: &mut Board,
        mut to_move: Color,
        mut last: Option<Loc>,
        log: &mut Vec<u16>,
    ) -> usize {
        let limit = if self.max_moves == 0 {
            3 * board.area() + 20
        } else {
            self.max_moves
        };
        let heavy = self.kind == PolicyKind::Heavy;
        if heavy {
            self.scan_ataris(board);
        }
        let mut passes = 0;
        let mut moves = 0;
        while passes < 2 && moves < limit {
            let bit = if to_move == Color::White {
                LOG_COLOR_BIT
            } else {
                0
            };
            match self.pick(board, to_move, last) {
                Some(l) => {
                    board.play_unchecked(l, to_move);
                    // A suicide cannot happen (the policy only picks legal
                    // moves); the stone stays, so it is the last move.
                    last = Some(l);
                    if heavy {
                        self.note_ataris_around(board, l);
                    }
                    passes = 0;
                    if log.len() < log.capacity() {
                        log.push(l.0 | bit);
                    }
                }
                None => {
                    board.pass();
                    last = None;
                    passes += 1;
                }
            }
            moves += 1;
            to_move = to_move.opponent();
        }
        moves
    }
}

// ---------------------------------------------------------------------------
// Priors

/// Prior knowledge for a move, as virtual playouts: `visits` of which
/// `wins` were won (both in whole playouts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Prior {
    pub(crate) visits: u16,
    pub(crate) wins: u16,
}

/// What the prior computation needs to know about the position.
pub(crate) struct PriorContext<'a> {
    pub(crate) board: &'a Board,
    pub(crate) dirs: &'static Dirs,
    pub(crate) patterns: &'static [bool],
    /// The opponent's last move, if it was a stone.
    pub(crate) last: Option<Loc>,
    /// Scale of the neutral prior (the "even" virtual playouts).
    pub(crate) even: u16,
}

impl PriorContext<'_> {
    /// The prior of `c` playing at the empty `l`.
    pub(crate) fn prior(&self, l: Loc, c: Color) -> Prior {
        let b = self.board;
        let me = c as u8 + 1;
        let opp = 3 - me;
        let mut v = u32::from(self.even);
        let mut w = v / 2;
        let mut add = |dv: u32, dw: u32| {
            v += dv;
            w += dw;
        };
        let mut captures = 0usize;
        let mut escapes = false;
        let mut ataris = [OFF; 4];
        let mut n_ataris = 0;
        for &n in b.neighbor_slots(l) {
            if n == OFF {
                break;
            }
            let cell = b.cell_code(n as usize);
            if cell == opp && b.in_atari(Loc(n)) {
                captures += b.chain_len(Loc(n));
            } else if cell == me && b.in_atari(Loc(n)) {
                escapes = true;
            } else if cell == opp && b.liberties(Loc(n)) == 2 {
                ataris[n_ataris] = n;
                n_ataris += 1;
            }
        }
        let self_atari = is_self_atari(b, l, c, Captures::GiveOneLiberty);
        if captures > 0 {
            let k = (captures as u32).min(10);
            add(20 + 4 * k, 20 + 4 * k);
        }
        if escapes && !self_atari && captures == 0 {
            // Extending out of atari: good unless a ladder takes it.
            let mut after = b.clone();
            after.play_unchecked(l, c);
            if after.liberties(l) == 2 && ladder_captures(&after, l, c.opponent()) {
                add(20, 2);
            } else {
                add(20, 20);
            }
        } else if n_ataris > 0 && !self_atari {
            // An atari: good when the chain cannot escape.
            let mut after = b.clone();
            after.play_unchecked(l, c);
            let caught = ataris[..n_ataris].iter().any(|&n| {
                after.in_atari(Loc(n))
                    && after.chain_len(Loc(n)) >= 1
                    && !escapes_atari(&after, Loc(n), c)
            });
            if caught {
                add(20, 18);
            } else {
                add(4, 2);
            }
        }
        if self_atari && captures == 0 {
            if touches_own(b, l, c) {
                add(30, 0);
            } else {
                add(10, 2);
            }
        }
        if !self_atari && nakade_point(b, l) == Some(l) {
            add(20, 18);
        }
        if self.patterns[pattern_code(b, self.dirs, l)] && !self_atari {
            add(10, 8);
        }
        if let Some(lm) = self.last {
            let d = distance(b, l, lm);
            if d <= 1 {
                add(10, 8);
            } else if d == 2 {
                add(5, 4);
            }
        }
        // Edge lines in an empty neighbourhood.
        let size = b.size();
        let p = b.point(l);
        if size >= 9 && b.topology() == Topology::Planar {
            let line = p.x().min(p.y()).min(size - 1 - p.x()).min(size - 1 - p.y());
            if size >= 13 && empty_around(b, l, 3) {
                // Large boards: the third and fourth lines first.
                match line {
                    0 => add(20, 0),
                    1 => add(15, 2),
                    2 | 3 => add(15, 13),
                    _ => add(10, 4),
                }
            } else if line <= 3 && empty_around(b, l, 2) {
                match line {
                    0 => add(20, 0),
                    1 => add(10, 2),
                    2 => add(10, 7),
                    _ => {}
                }
            }
        }
        Prior {
            visits: v.min(u32::from(u16::MAX)) as u16,
            wins: w.min(v).min(u32::from(u16::MAX)) as u16,
        }
    }
}

/// The Chebyshev distance between two locations of `board` (planar; on a
/// torus, the shortest way round).
pub(crate) fn distance(board: &Board, a: Loc, b: Loc) -> usize {
    let s = board.size();
    let (pa, pb) = (board.point(a), board.point(b));
    let mut dx = pa.x().abs_diff(pb.x());
    let mut dy = pa.y().abs_diff(pb.y());
    if board.topology() == Topology::Toroidal {
        dx = dx.min(s - dx);
        dy = dy.min(s - dy);
    }
    dx.max(dy)
}

/// Whether no stone lies within Chebyshev distance `r` of `l` (planar).
fn empty_around(board: &Board, l: Loc, r: usize) -> bool {
    let s = board.size();
    let p = board.point(l);
    let (x0, x1) = (p.x().saturating_sub(r), (p.x() + r).min(s - 1));
    let (y0, y1) = (p.y().saturating_sub(r), (p.y() + r).min(s - 1));
    for y in y0..=y1 {
        for x in x0..=x1 {
            if board.cell_code(y * s + x) != 0 {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::from_diagram(text, Topology::Planar).unwrap()
    }

    #[test]
    fn heavy_playout_captures_a_stone_in_atari() {
        // White's last stone at B2 is in atari (only liberty B1... set up):
        let b = board(
            ".....\n\
             .....\n\
             .X...\n\
             XOX..\n\
             .....\n",
        );
        let at = |s: &str| b.loc(s.parse().unwrap()).unwrap();
        let mut hits = 0;
        for seed in 0..50 {
            let mut p = PlayoutPolicy::new(PolicyKind::Heavy, 5, Topology::Planar, seed);
            if p.pick(&b, Color::Black, Some(at("B2"))) == Some(at("B1")) {
                hits += 1;
            }
        }
        assert!(hits >= 40, "captured only {hits} times of 50");
    }
}
