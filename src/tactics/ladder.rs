//! Ladders: reading out repeated ataris, for the priors, the learned
//! model's features and the heavy playouts (is an escape or an atari worth
//! anything?).
//!
//! The reader plays and takes back moves on one scratch copy of the
//! board's stones ([`LadderReader`]): a reading costs one copy of the cells
//! (626 bytes) and flood fills over the chains it touches, where a board
//! copy per step (about 11 kB each, a hundred steps for a long ladder)
//! cost a third of a 19x19 playout's time. A test checks it against that
//! board-copying reader on random positions.

use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, OFF, SLOTS};

/// The most moves a ladder reading may try before it gives up (and
/// answers "no capture" for the attacker, "escaped" for the defender):
/// longer than any ladder across a 25x25 board, with room for the side
/// branches; hand-set.
const LADDER_BUDGET: u32 = 160;

/// Entries of the reader's undo log: every stone the reading places
/// (at most one per unit of budget, plus the caller's own move) and every
/// stone it captures (each at most once along one line of play, and never
/// more than the board's slots) fit.
const LOG_CAP: usize = SLOTS + LADDER_BUDGET as usize + 2;

/// The undo log's encoding: the slot in the low bits, the cell code it
/// held before above them.
const LOG_SHIFT: u32 = 12;

/// A scratch copy of a board's stones on which ladders are read: stones
/// are placed (with captures and the simple ko, as [`Board::play_unchecked`]
/// does) and taken back in reverse order, and liberties are counted by
/// flood fill. Allocation-free; about 6 kB, so keep one where readings
/// repeat (a playout policy) rather than building one per reading.
#[derive(Clone)]
pub(crate) struct LadderReader {
    nbr: &'static [[u16; 4]; SLOTS],
    cell: [u8; SLOTS],
    /// Flood-fill marks: a slot is seen in the current fill when its mark
    /// equals `stamp`.
    mark: [u16; SLOTS],
    stamp: u16,
    /// The flood fill's stack.
    todo: [u16; SLOTS],
    /// The stones of one chain, collected for a scan over its neighbours.
    chain: [u16; SLOTS],
    log: [u16; LOG_CAP],
    log_len: usize,
    ko: u16,
    ko_color: Color,
    budget: u32,
    /// Stones placed since the last load, and stones captured: while
    /// nothing was captured, a chain of the loaded board keeps at least
    /// its liberties there less `placed` (each stone fills one point),
    /// which answers most liberty counts without a fill.
    placed: usize,
    captured: usize,
}

/// What a move on the scratch changes besides the cells, for its undo.
#[derive(Clone, Copy)]
struct Saved {
    log_len: usize,
    ko: u16,
    ko_color: Color,
    placed: usize,
    captured: usize,
}

impl std::fmt::Debug for LadderReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LadderReader")
            .field("log_len", &self.log_len)
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl LadderReader {
    /// A reader with `board` loaded (as [`load`](Self::load) does: its
    /// stones and its simple-ko point).
    pub(crate) fn new(board: &Board) -> LadderReader {
        let mut reader = LadderReader {
            nbr: board.neighbor_table(),
            cell: *board.cell_codes(),
            mark: [0; SLOTS],
            stamp: 0,
            todo: [0; SLOTS],
            chain: [0; SLOTS],
            log: [0; LOG_CAP],
            log_len: 0,
            ko: OFF,
            ko_color: Color::Black,
            budget: 0,
            placed: 0,
            captured: 0,
        };
        reader.load(board);
        reader
    }

    /// Copies `board`'s stones and simple-ko point onto the scratch. The
    /// reading methods take the same `board` again: its liberty counts
    /// bound the scratch's while the reading has captured nothing.
    #[inline]
    pub(crate) fn load(&mut self, board: &Board) {
        self.nbr = board.neighbor_table();
        self.cell = *board.cell_codes();
        self.log_len = 0;
        self.placed = 0;
        self.captured = 0;
        (self.ko, self.ko_color) = match board.ko() {
            Some((l, c)) => (l.0, c),
            None => (OFF, Color::Black),
        };
    }

    /// Plays `c` at the empty `l` of the loaded position, capturing as the
    /// board does; the move stays until the next [`load`](Self::load).
    /// Contract: `l` is empty (ko and suicide are the caller's business).
    #[inline]
    pub(crate) fn play(&mut self, b: &Board, l: Loc, c: Color) {
        self.place(b, l.0, c);
    }

    /// The liberties of the chain through the stone at `l`, counted up to
    /// `cap` (a count of `cap` means "`cap` or more"); 0 if `l` holds no
    /// stone.
    #[inline]
    pub(crate) fn liberties(&mut self, b: &Board, l: Loc, cap: usize) -> usize {
        match self.cell[l.index()] {
            1 | 2 => self.libs(b, l.0, cap, &mut []),
            _ => 0,
        }
    }

    /// With `attacker` to move, whether the chain through `l` (two
    /// liberties at most) is captured by a ladder: repeated ataris it can
    /// only answer by extending.
    pub(crate) fn captures(&mut self, b: &Board, l: Loc, attacker: Color) -> bool {
        self.budget = LADDER_BUDGET;
        self.attack(b, l.0, attacker)
    }

    /// With `attacker` to move, whether the chain through `l` has exactly
    /// two liberties and a ladder captures it (one fill fewer than asking
    /// [`liberties`](Self::liberties) first).
    pub(crate) fn captures_two(&mut self, b: &Board, l: Loc, attacker: Color) -> bool {
        let mut libs = [0u16; 2];
        if self.liberties_into(b, l, &mut libs) != 2 {
            return false;
        }
        self.budget = LADDER_BUDGET;
        self.attack_two(b, l.0, libs, attacker)
    }

    /// With `attacker` to move, the atari that captures the chain through
    /// `l` in a ladder, if the chain has exactly two liberties and one of
    /// them is such an atari (the lower-indexed one first, as
    /// [`captures_two`](Self::captures_two) reads them).
    pub(crate) fn ladder_atari(&mut self, b: &Board, l: Loc, attacker: Color) -> Option<Loc> {
        let mut libs = [0u16; 2];
        if self.liberties_into(b, l, &mut libs) != 2 {
            return None;
        }
        self.budget = LADDER_BUDGET;
        self.attack_two_at(b, l.0, libs, attacker).map(Loc)
    }

    /// The liberties of the stone at `l`'s chain up to 3, the first two
    /// written to `out`; 0 if `l` holds no stone.
    fn liberties_into(&mut self, b: &Board, l: Loc, out: &mut [u16; 2]) -> usize {
        match self.cell[l.index()] {
            1 | 2 => self.libs(b, l.0, 3, out),
            _ => 0,
        }
    }

    /// With the owner of `l`'s chain (in atari) to move, whether it
    /// escapes: by capturing a neighbour, or by extending to three
    /// liberties, or to two that the ladder cannot take.
    pub(crate) fn escapes(&mut self, b: &Board, l: Loc, attacker: Color) -> bool {
        self.budget = LADDER_BUDGET;
        self.defend(b, l.0, attacker)
    }

    #[inline(always)]
    fn set(&mut self, p: u16, code: u8) {
        let i = p as usize;
        self.log[self.log_len] = p | (u16::from(self.cell[i]) << LOG_SHIFT);
        self.log_len += 1;
        self.cell[i] = code;
    }

    /// The state a move's [`undo`](Self::undo) returns to.
    fn save(&self) -> Saved {
        Saved {
            log_len: self.log_len,
            ko: self.ko,
            ko_color: self.ko_color,
            placed: self.placed,
            captured: self.captured,
        }
    }

    /// Takes back every change since `saved`.
    fn undo(&mut self, saved: Saved) {
        while self.log_len > saved.log_len {
            self.log_len -= 1;
            let e = self.log[self.log_len];
            self.cell[(e & ((1 << LOG_SHIFT) - 1)) as usize] = (e >> LOG_SHIFT) as u8;
        }
        (self.ko, self.ko_color) = (saved.ko, saved.ko_color);
        (self.placed, self.captured) = (saved.placed, saved.captured);
    }

    fn next_stamp(&mut self) -> u16 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark = [0; SLOTS];
            self.stamp = 1;
        }
        self.stamp
    }

    /// The distinct liberties of the chain through the stone at `p`,
    /// counted up to `cap`; the first of them are written to `out`.
    fn libs(&mut self, b: &Board, p: u16, cap: usize, out: &mut [u16]) -> usize {
        let code = self.cell[p as usize];
        if out.is_empty()
            && self.captured == 0
            && b.cell_code(p as usize) == code
            && b.liberties(Loc(p)) >= self.placed + cap
        {
            return cap;
        }
        let s = self.next_stamp();
        let mut n = 0;
        self.mark[p as usize] = s;
        self.todo[0] = p;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let x = self.todo[top];
            for &q in &self.nbr[x as usize] {
                if q == OFF {
                    break;
                }
                let qi = q as usize;
                if self.mark[qi] == s {
                    continue;
                }
                let cq = self.cell[qi];
                if cq == Board::EMPTY_CODE {
                    self.mark[qi] = s;
                    if n < out.len() {
                        out[n] = q;
                    }
                    n += 1;
                    if n >= cap {
                        return n;
                    }
                } else if cq == code {
                    self.mark[qi] = s;
                    self.todo[top] = q;
                    top += 1;
                }
            }
        }
        n
    }

    /// Collects the stones of the chain through `p` into `chain`; returns
    /// how many.
    fn collect_chain(&mut self, p: u16) -> usize {
        let s = self.next_stamp();
        let code = self.cell[p as usize];
        self.mark[p as usize] = s;
        self.chain[0] = p;
        let mut len = 1;
        let mut i = 0;
        while i < len {
            let x = self.chain[i];
            i += 1;
            for &q in &self.nbr[x as usize] {
                if q == OFF {
                    break;
                }
                let qi = q as usize;
                if self.mark[qi] != s && self.cell[qi] == code {
                    self.mark[qi] = s;
                    self.chain[len] = q;
                    len += 1;
                }
            }
        }
        len
    }

    /// Whether the chain through `p` touches a chain of the other colour
    /// in atari (which it could capture to escape).
    fn can_capture_neighbor(&mut self, b: &Board, p: u16) -> bool {
        let code = self.cell[p as usize];
        let theirs = 3 - code;
        let len = self.collect_chain(p);
        // The fills below take the stamps from `first` on: a stone marked
        // with one of them was reached by an earlier fill of this scan, so
        // its chain, which had two liberties, need not be filled again.
        // (Should the stamps wrap, the marks are cleared and nothing is
        // skipped.)
        let first = self.stamp.wrapping_add(1);
        for i in 0..len {
            let x = self.chain[i];
            for k in 0..4 {
                let q = self.nbr[x as usize][k];
                if q == OFF {
                    break;
                }
                if self.cell[q as usize] == theirs
                    && !(first != 0 && self.mark[q as usize] >= first)
                    && self.libs(b, q, 2, &mut []) == 1
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a stone of `c` at `p` would have no liberty and capture
    /// nothing (`p` empty).
    fn is_suicide(&mut self, b: &Board, p: u16, c: Color) -> bool {
        let me = Board::stone_code(c);
        let row = self.nbr[p as usize];
        // An empty neighbour first: it needs no fill.
        if row
            .iter()
            .take_while(|&&q| q != OFF)
            .any(|&q| self.cell[q as usize] == Board::EMPTY_CODE)
        {
            return false;
        }
        for q in row {
            if q == OFF {
                break;
            }
            let cq = self.cell[q as usize];
            if cq == Board::BORDER_CODE {
                continue;
            }
            let libs = self.libs(b, q, 2, &mut []);
            if (cq == me) == (libs > 1) {
                return false;
            }
        }
        true
    }

    /// [`Board::is_legal_simple`] on the scratch.
    fn is_legal(&mut self, b: &Board, p: u16, c: Color) -> bool {
        self.cell[p as usize] == Board::EMPTY_CODE
            && !(p == self.ko && c == self.ko_color)
            && !self.is_suicide(b, p, c)
    }

    /// Places a stone of `c` at the empty `p`, removes the opponent chains
    /// it leaves without liberties and sets the simple-ko point as
    /// [`Board::play_unchecked`] does (a legal move: no suicide).
    fn place(&mut self, b: &Board, p: u16, c: Color) {
        let me = Board::stone_code(c);
        let opp = Board::stone_code(c.opponent());
        self.set(p, me);
        self.placed += 1;
        let mut captured = 0;
        let mut ko = OFF;
        for k in 0..4 {
            let q = self.nbr[p as usize][k];
            if q == OFF {
                break;
            }
            if self.cell[q as usize] == opp && self.libs(b, q, 1, &mut []) == 0 {
                let len = self.collect_chain(q);
                for i in 0..len {
                    let x = self.chain[i];
                    self.set(x, Board::EMPTY_CODE);
                }
                captured += len;
                self.captured += len;
                ko = q;
            }
        }
        let alone = self.nbr[p as usize]
            .iter()
            .take_while(|&&q| q != OFF)
            .all(|&q| self.cell[q as usize] != me);
        if captured == 1 && alone && self.libs(b, p, 2, &mut []) == 1 {
            self.ko = ko;
            self.ko_color = c.opponent();
        } else {
            self.ko = OFF;
        }
    }

    fn attack(&mut self, b: &Board, l: u16, attacker: Color) -> bool {
        let mut libs = [0u16; 2];
        match self.libs(b, l, 3, &mut libs) {
            0 | 1 => true,
            2 => self.attack_two(b, l, libs, attacker),
            _ => false,
        }
    }

    /// [`attack`](Self::attack) of a chain whose liberties are exactly
    /// `libs`.
    #[inline]
    fn attack_two(&mut self, b: &Board, l: u16, libs: [u16; 2], attacker: Color) -> bool {
        self.attack_two_at(b, l, libs, attacker).is_some()
    }

    /// The first of `libs` (in index order) where an atari captures the
    /// chain through `l` in a ladder, if any.
    fn attack_two_at(&mut self, b: &Board, l: u16, libs: [u16; 2], attacker: Color) -> Option<u16> {
        // In index order, so that a reading that runs out of budget gives
        // the same answer whichever way the chain was walked.
        let (x, y) = (libs[0].min(libs[1]), libs[0].max(libs[1]));
        for (a, other) in [(x, y), (y, x)] {
            if self.budget == 0 {
                return None;
            }
            self.budget -= 1;
            if !self.is_legal(b, a, attacker) {
                continue;
            }
            let saved = self.save();
            self.place(b, a, attacker);
            // The chain is in atari at `other`: the atari captures only
            // stones of the chain's colour that are not in it, which frees
            // no liberty of it. An atari stone that can be taken at once
            // does not work; `defend_last` sees it as a capture.
            let works = !self.defend_last(b, l, other, attacker);
            self.undo(saved);
            if works {
                return Some(a);
            }
        }
        None
    }

    fn defend(&mut self, b: &Board, l: u16, attacker: Color) -> bool {
        if !matches!(self.cell[l as usize], 1 | 2) {
            return true;
        }
        let mut libs = [0u16; 2];
        match self.libs(b, l, 3, &mut libs) {
            0 => self.can_capture_neighbor(b, l),
            1 => self.defend_last(b, l, libs[0], attacker),
            2 => !self.attack_two(b, l, libs, attacker),
            _ => true,
        }
    }

    /// [`defend`](Self::defend) of a chain in atari at `e`.
    fn defend_last(&mut self, b: &Board, l: u16, e: u16, attacker: Color) -> bool {
        if self.can_capture_neighbor(b, l) {
            return true;
        }
        if self.budget == 0 {
            return true;
        }
        self.budget -= 1;
        let defender = attacker.opponent();
        if !self.is_legal(b, e, defender) {
            return false;
        }
        let saved = self.save();
        self.place(b, e, defender);
        let mut libs = [0u16; 2];
        let escaped = match self.libs(b, l, 3, &mut libs) {
            0 | 1 => false,
            2 => !self.attack_two(b, l, libs, attacker),
            _ => true,
        };
        self.undo(saved);
        escaped
    }
}

/// Whether the chain through `l` touches a chain of the other colour that
/// is in atari (which it could capture to escape). The two-liberty rules'.
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
/// extending. Builds a reader for the one question; see [`LadderReader`]
/// to read several.
pub(crate) fn ladder_captures(board: &Board, l: Loc, attacker: Color) -> bool {
    match board.liberties(l) {
        0 | 1 => true,
        2 => LadderReader::new(board).captures(board, l, attacker),
        _ => false,
    }
}

/// With the defender (owner of `l`'s chain, in atari) to move, whether it
/// escapes: by capturing a neighbour, or by extending to three liberties,
/// or to two that the ladder cannot take.
pub(crate) fn escapes_atari(board: &Board, l: Loc, attacker: Color) -> bool {
    if board.is_empty_at(l) {
        return true;
    }
    LadderReader::new(board).escapes(board, l, attacker)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Topology;
    use crate::playout::{random_board, rng};

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

    /// The reader this one replaced, kept as the naive reference: a board
    /// copy per step, the board's own liberty counts and captures.
    mod naive {
        use super::super::{can_capture_neighbor, LADDER_BUDGET};
        use crate::board::Board;
        use crate::color::Color;
        use crate::geometry::{Loc, OFF};

        /// The two liberties of the chain through `l`, in index order.
        fn two_liberties(board: &Board, l: Loc) -> [u16; 2] {
            let mut out = [OFF; 2];
            let mut n = 0;
            for s in board.chain(l) {
                for &q in board.neighbor_slots(s) {
                    if q != OFF
                        && board.cell_code(q as usize) == Board::EMPTY_CODE
                        && !out[..n].contains(&q)
                    {
                        out[n] = q;
                        n += 1;
                    }
                }
            }
            out.sort_unstable();
            out
        }

        pub(super) fn captures(board: &Board, l: Loc, attacker: Color) -> bool {
            attack(board, l, attacker, &mut LADDER_BUDGET.clone())
        }

        pub(super) fn escapes(board: &Board, l: Loc, attacker: Color) -> bool {
            defend(board, l, attacker, &mut LADDER_BUDGET.clone())
        }

        fn attack(board: &Board, l: Loc, attacker: Color, budget: &mut u32) -> bool {
            match board.liberties(l) {
                0 | 1 => return true,
                2 => {}
                _ => return false,
            }
            for a in two_liberties(board, l) {
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
    }

    /// The reader agrees with the board-copying reference on every chain
    /// with one or two liberties of random positions (both questions, for
    /// both colours), and a reading leaves the scratch as it found it.
    #[test]
    fn the_reader_agrees_with_the_board_copying_reference() {
        let mut r = rng(11);
        let (mut checked, mut caught, mut escaped, mut ataris) = (0, 0, 0, 0);
        for (k, size) in [7usize, 9, 13, 19]
            .into_iter()
            .cycle()
            .take(240)
            .enumerate()
        {
            let moves = [size * size / 3, size * size / 2, size * size][k % 3];
            let b = random_board(size, moves, &mut r);
            let mut reader = LadderReader::new(&b);
            for l in b.locs() {
                let Some(owner) = b.color_at(l) else {
                    continue;
                };
                let attacker = owner.opponent();
                match b.liberties(l) {
                    1 => {
                        reader.load(&b);
                        let fast = reader.escapes(&b, l, attacker);
                        assert_eq!(fast, naive::escapes(&b, l, attacker), "{b:?} {l:?}");
                        escaped += usize::from(fast);
                        assert_eq!(&reader.cell, b.cell_codes(), "the scratch was changed");
                    }
                    2 => {
                        reader.load(&b);
                        let fast = reader.captures(&b, l, attacker);
                        assert_eq!(fast, naive::captures(&b, l, attacker), "{b:?} {l:?}");
                        caught += usize::from(fast);
                        assert_eq!(&reader.cell, b.cell_codes(), "the scratch was changed");
                        assert_eq!(fast, ladder_captures(&b, l, attacker));
                        reader.load(&b);
                        assert_eq!(fast, reader.captures_two(&b, l, attacker));
                        // The atari it names is one of the chain's two
                        // liberties, and on the real board the chain in
                        // that atari cannot escape (the reference's
                        // reading).
                        reader.load(&b);
                        let atari = reader.ladder_atari(&b, l, attacker);
                        assert_eq!(atari.is_some(), fast, "{b:?} {l:?}");
                        if let Some(a) = atari {
                            assert!(b.is_legal_simple(a, attacker), "{b:?} {a:?}");
                            let mut after = b.clone();
                            after.play_unchecked(a, attacker);
                            assert_eq!(after.liberties(l), 1, "{b:?} {l:?} {a:?}");
                            assert!(!naive::escapes(&after, l, attacker), "{b:?} {a:?}");
                            ataris += 1;
                        }
                    }
                    _ => continue,
                }
                checked += 1;
            }
        }
        // Both answers occur often enough for the comparison to mean
        // something.
        assert!(checked > 3000, "{checked}");
        assert!(caught > 300 && caught < checked, "{caught} of {checked}");
        assert!(escaped > 100, "{escaped}");
        assert_eq!(ataris, caught);
    }

    /// A move played on the scratch captures and counts liberties as the
    /// board does.
    #[test]
    fn a_move_on_the_scratch_plays_as_on_the_board() {
        let mut r = rng(5);
        let mut kos = 0;
        for _ in 0..60 {
            let b = random_board(9, 50, &mut r);
            let mut reader = LadderReader::new(&b);
            for c in [Color::Black, Color::White] {
                for l in b.empty_locs() {
                    if !b.is_legal_simple(l, c) {
                        continue;
                    }
                    let mut after = b.clone();
                    after.play_unchecked(l, c);
                    reader.load(&b);
                    reader.play(&b, l, c);
                    assert_eq!(&reader.cell, after.cell_codes());
                    // Every chain's count, from a fill or from the loaded
                    // board's bound, is the board's after the move.
                    for s in after.locs().filter(|&s| !after.is_empty_at(s)) {
                        for cap in 1..=4 {
                            let want = after.liberties(s).min(cap);
                            assert_eq!(reader.liberties(&b, s, cap), want, "{s:?} {cap}");
                        }
                    }
                    let ko = after.ko().map(|(k, kc)| (k.0, kc));
                    let mine = (reader.ko != OFF).then_some((reader.ko, reader.ko_color));
                    assert_eq!(mine, ko);
                    // A reader built on a board starts from its ko too.
                    let fresh = LadderReader::new(&after);
                    assert_eq!((fresh.ko != OFF).then_some((fresh.ko, fresh.ko_color)), ko);
                    kos += usize::from(ko.is_some());
                }
            }
        }
        // Moves that take a ko occur, so the ko checks mean something.
        assert!(kos > 0, "no ko in the sample");
    }
}
