//! The search's playout policy: light (uniformly random moves that do not
//! fill one's own eye) or heavy (answer ataris, capture, nakade and local
//! 3x3 shapes around the last move, avoid self-atari), with the tactics of
//! [`crate::tactics`]; optionally also the two-liberty rules and the last
//! good replies of [`Replies`] (both off by default: no match at equal
//! time showed a gain), and the ladder check that keeps the saving rules
//! and the shapes from running a chain in atari into a ladder.
//!
//! Everything the playout loop touches is built before it starts (the
//! pattern table and the direction table are process-wide, built once), so
//! a playout never allocates.

use super::reply::Replies;
use super::shapes::LearnedShapes;
use super::{below, chance, Rng};
use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, Topology, OFF};
use crate::tactics::{
    dirs, empty_neighbors, gaining_extension, is_self_atari, nakade_point, net_atari, pattern_code,
    patterns, touches_own, Captures, Dirs, LadderReader,
};
use std::sync::Arc;

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
const LOG_COLOR_BIT: u16 = 1 << 15;

/// The location code and the colour of a playout log entry (what
/// [`PlayoutPolicy::run`] writes).
#[inline(always)]
pub(crate) fn logged_move(entry: u16) -> (u16, Color) {
    let c = if entry & LOG_COLOR_BIT != 0 {
        Color::White
    } else {
        Color::Black
    };
    (entry & !LOG_COLOR_BIT, c)
}

/// A reusable, allocation-free playout runner for one board size.
#[derive(Clone, Debug)]
pub struct PlayoutPolicy {
    kind: PolicyKind,
    rng: Rng,
    dirs: &'static Dirs,
    patterns: &'static [bool],
    /// Stones of chains that were put in atari lately (a ring; entries
    /// are checked again before use).
    ataris: [u16; ATARI_RING],
    /// Per remembered chain: the liberty at which extending it was read
    /// to run into a ladder (`OFF` if not read so), so that a chain left
    /// in atari is not read again at every move while that liberty
    /// stays its last.
    laddered: [u16; ATARI_RING],
    atari_next: usize,
    /// The most moves one playout plays before it is cut and scored
    /// (0: three times the board area plus 20).
    pub max_moves: usize,
    /// Last good replies (heavy policy only), if enabled with
    /// [`PlayoutPolicy::remember_replies`].
    replies: Option<Box<Replies>>,
    /// Whether the heavy policy plays the two-liberty rules right after
    /// its rules around the last move: an atari the last move's chain
    /// (two liberties) cannot run from, or an extension that gains
    /// liberties for an own chain the last move left with two.
    pub two_liberties: bool,
    /// If set, the heavy policy picks its local shape around the last move
    /// by these learned gammas instead of the hand-written shapes.
    pub learned_shapes: Option<Arc<LearnedShapes>>,
    /// If set (with [`PlayoutPolicy::read_ladders`]), the scratch board on
    /// which the heavy policy reads whether extending a chain in atari
    /// only runs it into a ladder; such an extension is not played.
    ladders: Option<Box<LadderReader>>,
    /// Whether the heavy policy, when it reads ladders, also attacks
    /// with them: the last move's chain, left with two liberties, is put
    /// in the atari that takes it in a ladder (starting the ladder, or
    /// going on with it after the chain ran).
    pub attack_ladders: bool,
    /// The heavy policy's fill-board tries (0: off): when no rule and no
    /// shape has a move, before the random move, it draws up to this
    /// many random empty points and plays the first whose eight
    /// neighbours are all empty on the board, so that the playouts
    /// spread over the open areas (MoGo's "fill the board" rule, which
    /// MoGo tried before its shapes: that lost here, see
    /// `docs/learning.md`).
    pub fill_board: u32,
}

/// How many chains in atari a playout remembers.
const ATARI_RING: usize = 16;
/// Out of 256: how often a heavy rule with candidates (save or capture
/// anywhere, local save, 3x3 shape) is followed; the rest leaves room for
/// other moves, so the playouts stay varied; hand-set.
const RULE_CHANCE: u32 = 230;
/// Out of 256: how often the stone just played is captured when it is in
/// atari; higher than [`RULE_CHANCE`], as it is nearly always right;
/// hand-set.
const CAPTURE_LAST_CHANCE: u32 = 240;
/// The heavy policy reads a ladder only for chains of fewer stones than
/// this (counting a stone joined twice): a long chain is rarely caught in
/// a ladder and costly to read, every liberty count being a flood fill;
/// hand-set.
const LADDER_MAX_STONES: usize = 10;
/// The stones of an own chain in atari searched for a capturable
/// neighbour: bounds the cost on a long chain; hand-set.
const SAVE_SCAN_STONES: usize = 12;

impl PlayoutPolicy {
    /// A policy of `kind` for boards of `size` and `topology`, seeded.
    pub fn new(kind: PolicyKind, size: usize, topology: Topology, seed: u64) -> PlayoutPolicy {
        PlayoutPolicy {
            kind,
            rng: super::rng(seed),
            dirs: dirs(size, topology),
            patterns: patterns(),
            ataris: [OFF; ATARI_RING],
            laddered: [OFF; ATARI_RING],
            atari_next: 0,
            max_moves: 0,
            replies: None,
            two_liberties: false,
            learned_shapes: None,
            ladders: None,
            attack_ladders: false,
            fill_board: 0,
        }
    }

    /// Makes the heavy policy read ladders before it extends a chain in
    /// atari (in its saving rules and its shapes), for boards like
    /// `board`; `false` turns it off (the default of a new policy; the
    /// search turns it on, as `SearchConfig::playout_ladders` says). The
    /// reader is allocated here, once.
    pub fn read_ladders(&mut self, on: bool, board: &Board) {
        self.ladders = on.then(|| Box::new(LadderReader::new(board)));
    }

    /// Whether `c` playing at the empty `l`, next to an own chain in atari,
    /// leaves the joined chain with two liberties that a ladder takes
    /// (only when ladders are read).
    #[inline]
    fn runs_into_ladder(&mut self, board: &Board, l: Loc, c: Color) -> bool {
        let Some(reader) = self.ladders.as_deref_mut() else {
            return false;
        };
        if empty_neighbors(board, l) >= 3 {
            return false;
        }
        let me = Board::stone_code(c);
        let stones: usize = board
            .neighbor_slots(l)
            .iter()
            .take_while(|&&n| n != OFF)
            .filter(|&&n| board.cell_code(n as usize) == me)
            .map(|&n| board.chain_len(Loc(n)))
            .sum();
        if stones >= LADDER_MAX_STONES {
            return false;
        }
        reader.load(board);
        reader.play(board, l, c);
        reader.captures_two(board, l, c.opponent())
    }

    /// [`runs_into_ladder`](Self::runs_into_ladder) for the extension at
    /// `lib` of the remembered chain `k`, read once while `lib` stays its
    /// last liberty.
    #[inline]
    fn runs_into_ladder_cached(&mut self, board: &Board, k: usize, lib: Loc, c: Color) -> bool {
        if self.laddered[k] == lib.0 {
            return true;
        }
        let caught = self.runs_into_ladder(board, lib, c);
        if caught {
            self.laddered[k] = lib.0;
        }
        caught
    }

    /// The atari of `c` that takes the last move's chain (`lm`, two
    /// liberties, fewer than [`LADDER_MAX_STONES`] stones) in a ladder, if
    /// ladders are read and attacked and the rule is followed this time
    /// ([`RULE_CHANCE`]).
    #[inline]
    fn ladder_attack(&mut self, board: &Board, c: Color, lm: Loc) -> Option<Loc> {
        if !self.attack_ladders
            || board.liberties(lm) != 2
            || board.chain_len(lm) >= LADDER_MAX_STONES
        {
            return None;
        }
        let reader = self.ladders.as_deref_mut()?;
        reader.load(board);
        let a = reader.ladder_atari(board, lm, c)?;
        (board.is_legal_simple(a, c) && chance(&mut self.rng, RULE_CHANCE)).then_some(a)
    }

    /// Whether `l` touches a chain of `c`'s in atari.
    #[inline]
    fn extends_atari(board: &Board, l: Loc, c: Color) -> bool {
        let me = Board::stone_code(c);
        board
            .neighbor_slots(l)
            .iter()
            .take_while(|&&n| n != OFF)
            .any(|&n| board.cell_code(n as usize) == me && board.in_atari(Loc(n)))
    }

    /// Makes the heavy policy play the last good replies
    /// ([`Replies`], LGRF-2) it learns through [`PlayoutPolicy::replies_mut`]
    /// on a board of `area` points; `false` turns them off. The tables
    /// are allocated here, once.
    pub(crate) fn remember_replies(&mut self, on: bool, area: usize) {
        self.replies = on.then(|| Box::new(Replies::new(area)));
    }

    /// The last good replies, if remembered, to teach after a playout.
    pub(crate) fn replies_mut(&mut self) -> Option<&mut Replies> {
        self.replies.as_deref_mut()
    }

    /// Which moves this policy plays.
    pub fn kind(&self) -> PolicyKind {
        self.kind
    }

    /// Picks a move for `c`; `last` is the opponent's last move if it was
    /// a stone. `None` means pass.
    #[inline]
    pub fn pick(&mut self, board: &Board, c: Color, last: Option<Loc>) -> Option<Loc> {
        self.pick_after(board, c, last, None)
    }

    /// [`PlayoutPolicy::pick`], knowing also `before`, `c`'s own move
    /// before `last` if it was a stone (for the replies to two moves).
    #[inline]
    fn pick_after(
        &mut self,
        board: &Board,
        c: Color,
        last: Option<Loc>,
        before: Option<Loc>,
    ) -> Option<Loc> {
        if self.kind == PolicyKind::Heavy {
            let lm = last.filter(|&lm| board.color_at(lm) == Some(c.opponent()));
            if let Some(lm) = lm {
                if let Some(l) = self.local(board, c, lm) {
                    return Some(l);
                }
                if self.two_liberties {
                    if let Some(l) = self.two_liberty_move(board, c, lm) {
                        return Some(l);
                    }
                }
            }
            if let Some(l) = self.ataris_anywhere(board, c) {
                return Some(l);
            }
            if let Some(lm) = lm {
                if let Some(l) = self.shapes(board, c, lm) {
                    return Some(l);
                }
                if let Some(l) = self.reply(board, c, before, lm) {
                    return Some(l);
                }
            }
            if self.fill_board > 0 {
                if let Some(l) = self.open_point(board) {
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
            self.laddered[self.atari_next] = OFF;
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
            if board.cell_code(n as usize) != Board::EMPTY_CODE {
                self.note_atari(board, n);
            }
        }
    }

    /// Forgets the remembered chains and finds those in atari on `board`.
    fn scan_ataris(&mut self, board: &Board) {
        self.ataris = [OFF; ATARI_RING];
        self.laddered = [OFF; ATARI_RING];
        self.atari_next = 0;
        for l in board.locs() {
            if board.chain_head(l) == Some(l) {
                self.note_atari(board, l.0);
            }
        }
    }

    /// One of a heavy rule's candidates `cand`, at random, if there is one
    /// and the rule is followed this time ([`RULE_CHANCE`]).
    #[inline(always)]
    fn follow(&mut self, cand: &[u16]) -> Option<Loc> {
        if !cand.is_empty() && chance(&mut self.rng, RULE_CHANCE) {
            return Some(Loc(cand[below(&mut self.rng, cand.len() as u32) as usize]));
        }
        None
    }

    /// Captures an opponent chain in atari, or saves one of `c`'s by
    /// extending, anywhere on the board (among the remembered chains).
    #[inline]
    fn ataris_anywhere(&mut self, board: &Board, c: Color) -> Option<Loc> {
        // Usually nothing is remembered (entries are forgotten below once
        // out of atari): one compare of the ring instead of sixteen.
        if self.ataris == [OFF; ATARI_RING] {
            return None;
        }
        let me = Board::stone_code(c);
        let mut cand = [0u16; ATARI_RING];
        let mut nc = 0;
        for k in 0..ATARI_RING {
            let x = self.ataris[k];
            if x == OFF {
                continue;
            }
            let cell = board.cell_code(x as usize);
            let Some(lib) = (cell != Board::EMPTY_CODE)
                .then(|| board.last_liberty(Loc(x)))
                .flatten()
            else {
                // Captured, or out of atari: forget it.
                self.ataris[k] = OFF;
                continue;
            };
            let ok = board.is_legal_simple(lib, c)
                && (cell != me
                    || (!is_self_atari(board, lib, c, Captures::GiveOneLiberty)
                        && !self.runs_into_ladder_cached(board, k, lib, c)))
                && !cand[..nc].contains(&lib.0);
            if ok {
                cand[nc] = lib.0;
                nc += 1;
            }
        }
        self.follow(&cand[..nc])
    }

    /// The heavy rules around the last move, in priority order.
    #[inline]
    fn local(&mut self, board: &Board, c: Color, lm: Loc) -> Option<Loc> {
        let me = Board::stone_code(c);
        let opp = Board::stone_code(c.opponent());
        if board.cell_code(lm.index()) != opp {
            return None;
        }
        let mut cand = [0u16; 16];
        let mut nc = 0;
        // 1. Capture the stone just played if it is in atari.
        if let Some(lib) = board.last_liberty(lm) {
            if board.is_legal_simple(lib, c) && chance(&mut self.rng, CAPTURE_LAST_CHANCE) {
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
                if k >= SAVE_SCAN_STONES {
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
                    && !self.runs_into_ladder(board, lib, c)
                {
                    cand[nc] = lib.0;
                    nc += 1;
                }
            }
        }
        if let Some(l) = self.follow(&cand[..nc]) {
            return Some(l);
        }
        // 3. The ladder that takes the last move's chain, if it has two
        //    liberties.
        if let Some(l) = self.ladder_attack(board, c, lm) {
            return Some(l);
        }
        // 4. Nakade: the vital point of a small eye space next to it.
        for &n in board.neighbor_slots(lm) {
            if n == OFF {
                break;
            }
            // Every space of three, and the T of four, has an end with
            // one or two empty neighbours: start from such points only.
            if board.cell_code(n as usize) == Board::EMPTY_CODE
                && empty_neighbors(board, Loc(n)) <= 2
            {
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

    /// The fights the last move started at two liberties: put its chain,
    /// if it has two, in an atari it cannot run from, or extend an own
    /// chain next to it that it left with two where that gains liberties;
    /// one of these at random, if it is neither illegal nor a self-atari.
    #[inline]
    fn two_liberty_move(&mut self, board: &Board, c: Color, lm: Loc) -> Option<Loc> {
        let me = Board::stone_code(c);
        let mut cand = [0u16; 5];
        let mut nc = 0;
        let mut add = |l: Option<Loc>, cand: &mut [u16; 5]| {
            if let Some(l) = l {
                if board.is_legal_simple(l, c)
                    && !is_self_atari(board, l, c, Captures::GiveOneLiberty)
                    && !cand[..nc].contains(&l.0)
                {
                    cand[nc] = l.0;
                    nc += 1;
                }
            }
        };
        add(net_atari(board, lm), &mut cand);
        for &n in board.neighbor_slots(lm) {
            if n == OFF {
                break;
            }
            if board.cell_code(n as usize) == me {
                add(gaining_extension(board, Loc(n)), &mut cand);
            }
        }
        self.follow(&cand[..nc])
    }

    /// The remembered reply of `c` to `lm` (after `before`), if it is still
    /// a sensible move: empty, legal, not `c`'s own eye and not a
    /// self-atari.
    #[inline]
    fn reply(&self, board: &Board, c: Color, before: Option<Loc>, lm: Loc) -> Option<Loc> {
        let replies = self.replies.as_deref()?;
        for r in replies.replies(c, before.map(|b| b.0), lm.0) {
            let l = Loc(r);
            // `is_legal_simple` also asks that the point be empty.
            if r != OFF
                && board.is_legal_simple(l, c)
                && !board.is_eye(l, c)
                && !is_self_atari(board, l, c, Captures::GiveOneLiberty)
            {
                return Some(l);
            }
        }
        None
    }

    /// The fill-board rule: the first of up to `fill_board` random empty
    /// points whose eight neighbours are all empty points of the board
    /// (never on the first line). Such a point has liberties and no ko,
    /// so it is legal for either colour, and no self-atari.
    #[inline]
    fn open_point(&mut self, board: &Board) -> Option<Loc> {
        let n = board.empty_count();
        if n == 0 {
            return None;
        }
        for _ in 0..self.fill_board {
            let l = board.empty_at(below(&mut self.rng, n as u32) as usize);
            if self.dirs[l.index()]
                .iter()
                .all(|&d| d != OFF && board.cell_code(d as usize) == Board::EMPTY_CODE)
            {
                return Some(l);
            }
        }
        None
    }

    /// 3x3 patterns on the eight points around the last move.
    #[inline]
    fn shapes(&mut self, board: &Board, c: Color, lm: Loc) -> Option<Loc> {
        if let Some(learned) = self.learned_shapes.as_deref() {
            return learned.pick(&mut self.rng, self.dirs, board, c, lm);
        }
        let mut cand = [0u16; 8];
        let mut nc = 0;
        for &n in &self.dirs[lm.index()] {
            if n == OFF || board.cell_code(n as usize) != Board::EMPTY_CODE {
                continue;
            }
            let l = Loc(n);
            if self.patterns[pattern_code(board, self.dirs, l)]
                && board.is_legal_simple(l, c)
                && !is_self_atari(board, l, c, Captures::GiveOneLiberty)
                && !(self.ladders.is_some()
                    && Self::extends_atari(board, l, c)
                    && self.runs_into_ladder(board, l, c))
            {
                cand[nc] = n;
                nc += 1;
            }
        }
        self.follow(&cand[..nc])
    }

    /// A random legal move that does not fill `c`'s own eye (and, for the
    /// heavy policy, is not a self-atari of more than one stone).
    #[inline]
    fn random(&mut self, board: &Board, c: Color) -> Option<Loc> {
        let n = board.empty_count();
        if n == 0 {
            return None;
        }
        let start = below(&mut self.rng, n as u32) as usize;
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
            super::default_max_moves(board.area())
        } else {
            self.max_moves
        };
        let heavy = self.kind == PolicyKind::Heavy;
        if heavy {
            self.scan_ataris(board);
        }
        let mut passes = 0;
        let mut moves = 0;
        // `to_move`'s own move before `last`, if a stone.
        let mut before = None;
        while passes < 2 && moves < limit {
            let bit = if to_move == Color::White {
                LOG_COLOR_BIT
            } else {
                0
            };
            match self.pick_after(board, to_move, last, before) {
                Some(l) => {
                    board.play_unchecked(l, to_move);
                    // A suicide cannot happen (the policy only picks legal
                    // moves); the stone stays, so it is the last move.
                    before = last;
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
                    before = None;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::liberty_states;

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

    #[test]
    fn learned_shapes_play_a_strong_shape_by_its_gamma() {
        // White's last stone C3 between D3 and Black's E3: D3's pattern is
        // the only one of its kind next to C3 (no symmetry of it fits
        // another neighbour), and no rule before the shapes has anything
        // to do.
        let b = board(
            ".....\n\
             .....\n\
             ..O.X\n\
             .....\n\
             .....\n",
        );
        let at = |s: &str| b.loc(s.parse().unwrap()).unwrap();
        let (c3, d3) = (at("C3"), at("D3"));
        let me = Board::stone_code(Color::Black);
        let d = dirs(5, Topology::Planar);
        let mut code = 0u32;
        for (k, s) in liberty_states(&b, d, d3, me).into_iter().enumerate() {
            code |= u32::from(s) << (3 * k);
        }
        let rate = |gamma: f32| {
            let mut p = PlayoutPolicy::new(PolicyKind::Heavy, 5, Topology::Planar, 3);
            p.learned_shapes = Some(Arc::new(LearnedShapes::new([(code, gamma)], 1.0)));
            (0..400)
                .filter(|_| p.pick(&b, Color::Black, Some(c3)) == Some(d3))
                .count()
        };
        // Gamma 9 against the weight 1 of no local shape: nine times in ten (360 of
        // 400), plus the random moves' share of D3.
        let strong = rate(9.0);
        assert!((330..=385).contains(&strong), "D3 {strong} times of 400");
        // Gamma 1: half the time.
        let even = rate(1.0);
        assert!((160..=250).contains(&even), "D3 {even} times of 400");
        // Below the least gamma the table keeps: only as a random move
        // (one of 22 points).
        let weak = rate(0.5);
        assert!(weak < 50, "D3 {weak} times of 400");
    }

    #[test]
    fn heavy_playout_plays_a_remembered_reply_while_it_makes_sense() {
        // A quiet position: no atari and no shape around White's last
        // stone at C3 to play before the reply.
        let mut b = board(
            ".....\n\
             .....\n\
             ..O..\n\
             .....\n\
             .X...\n",
        );
        let at = |b: &Board, s: &str| b.loc(s.parse().unwrap()).unwrap();
        let (a1, b1, c3) = (at(&b, "A1"), at(&b, "B1"), at(&b, "C3"));
        let (d4, e5) = (at(&b, "D4"), at(&b, "E5"));
        // How often (of 50) Black answers C3 with `want`, after `before`.
        let rate = |p: &mut PlayoutPolicy, b: &Board, before: Option<Loc>, want: Loc| {
            (0..50)
                .filter(|_| p.pick_after(b, Color::Black, Some(c3), before) == Some(want))
                .count()
        };
        let won = |p: &mut PlayoutPolicy, before: Loc, reply: Loc, winner: Color| {
            let moves = [
                (before.0, Color::Black),
                (c3.0, Color::White),
                (reply.0, Color::Black),
            ];
            p.replies_mut().unwrap().learn(moves, Some(winner));
        };
        let mut p = PlayoutPolicy::new(PolicyKind::Heavy, 5, Topology::Planar, 7);
        // Nothing remembered: D4 is one random move among many.
        assert!(rate(&mut p, &b, Some(b1), d4) < 25);
        // Black's E5 answered B1-C3 and won; then D4 answered A1-C3 and
        // won, so D4 is the reply to C3 alone and E5 the reply to B1-C3,
        // which comes first.
        p.remember_replies(true, b.area());
        won(&mut p, b1, e5, Color::Black);
        won(&mut p, a1, d4, Color::Black);
        assert_eq!(rate(&mut p, &b, Some(b1), e5), 50);
        assert_eq!(rate(&mut p, &b, Some(a1), d4), 50);
        assert_eq!(rate(&mut p, &b, None, d4), 50);
        // E5 after B1-C3 lost a playout: forgotten, D4 is played instead.
        won(&mut p, b1, e5, Color::White);
        assert_eq!(rate(&mut p, &b, Some(b1), d4), 50);
        // An occupied reply is passed over for another move.
        b.play("D4".parse().unwrap(), Color::White).unwrap();
        assert_eq!(rate(&mut p, &b, Some(b1), d4), 0);
    }

    /// How often of 50 seeds White, after Black's D5 put D4 in atari,
    /// extends at E4, with and without reading ladders.
    fn extensions(text: &str, ladders: bool) -> usize {
        let b = board(text);
        let at = |s: &str| b.loc(s.parse().unwrap()).unwrap();
        (0..50)
            .filter(|&seed| {
                let mut p = PlayoutPolicy::new(PolicyKind::Heavy, 9, Topology::Planar, seed);
                p.read_ladders(ladders, &b);
                p.pick(&b, Color::White, Some(at("D5"))) == Some(at("E4"))
            })
            .count()
    }

    #[test]
    fn reading_ladders_the_heavy_playout_does_not_run_into_one() {
        // E3 makes E4 an escape to two liberties (E5 and F4), and the
        // ladder runs up to the top edge on an empty board: with ladders
        // read, no rule plays it (only the random move may, one point
        // among 70); without, the saving rule does.
        let ladder = ".........\n\
                      .........\n\
                      .........\n\
                      .........\n\
                      ...X.....\n\
                      ..XO.....\n\
                      ...XX....\n\
                      .........\n\
                      .........\n";
        let (read, unread) = (extensions(ladder, true), extensions(ladder, false));
        assert!(read <= 3 && unread >= 40, "read {read}, unread {unread}");
        // A White stone on the ladder's path (G7) breaks it: extended.
        let broken = ".........\n\
                      .........\n\
                      ......O..\n\
                      .........\n\
                      ...X.....\n\
                      ..XO.....\n\
                      ...XX....\n\
                      .........\n\
                      .........\n";
        // Without E3 the extension gets three liberties: it is played.
        let open = ladder.replacen("...XX....", "...X.....", 1);
        let (broken, open) = (extensions(broken, true), extensions(&open, true));
        assert!(broken >= 40 && open >= 40, "broken {broken}, open {open}");
    }

    /// Black's move after White's D4 (two liberties, D3 and E4) for
    /// seeds 0 to 49, with ladder attacks on or off, and how many of them
    /// are an atari that a ladder follows through (by the board-copying
    /// one-question reader).
    fn answers(text: &str, attacks: bool) -> (Vec<Option<Loc>>, usize) {
        let b = board(text);
        let d4 = b.loc("D4".parse().unwrap()).unwrap();
        let picks: Vec<_> = (0..50)
            .map(|seed| {
                let mut p = PlayoutPolicy::new(PolicyKind::Heavy, 9, Topology::Planar, seed);
                p.read_ladders(true, &b);
                p.attack_ladders = attacks;
                p.pick(&b, Color::Black, Some(d4))
            })
            .collect();
        let working = picks
            .iter()
            .flatten()
            .filter(|&&a| {
                let mut after = b.clone();
                after.play_unchecked(a, Color::Black);
                after.liberties(d4) == 1 && !crate::tactics::escapes_atari(&after, d4, Color::Black)
            })
            .count();
        (picks, working)
    }

    #[test]
    fn attacking_ladders_the_heavy_playout_starts_one_that_works() {
        // White's D4, between C4, D5 and E3, has two liberties; an atari
        // at either drives it along a ladder that runs to the edge of the
        // empty board. With attacks, the rule plays one (it is followed
        // 230 times in 256); without, only the shapes and the random
        // move may.
        let open = ".........\n\
                    .........\n\
                    .........\n\
                    .........\n\
                    ...X.....\n\
                    ..XO.....\n\
                    ....X....\n\
                    .........\n\
                    .........\n";
        let ((_, on), (_, off)) = (answers(open, true), answers(open, false));
        assert!(on >= 40 && off <= 30, "on {on}, off {off}");
        // White stones on both paths (B2, and F7 with G6) break the
        // ladders: the rule finds nothing, and every seed plays as
        // without it.
        let broken = ".........\n\
                      .........\n\
                      .....O...\n\
                      ......O..\n\
                      ...X.....\n\
                      ..XO.....\n\
                      ....X....\n\
                      .O.......\n\
                      .........\n";
        let ((with, _), (without, _)) = (answers(broken, true), answers(broken, false));
        assert_eq!(with, without);
    }

    #[test]
    fn filling_the_board_plays_only_points_with_eight_empty_neighbours() {
        // Stones on B, E and H of rows 2, 5 and 8 leave no point of the
        // board with eight empty neighbours; without the stone at E5, the
        // points D4 to F6 have them (and only those: the first line never
        // has eight neighbours).
        let grid = ".........\n\
                    .X..X..X.\n\
                    .........\n\
                    .........\n\
                    .X..X..X.\n\
                    .........\n\
                    .........\n\
                    .X..X..X.\n\
                    .........\n";
        let open = grid.replacen(
            "X..X..X.\n.........\n.........\n.X..X",
            "X..X..X.\n.........\n.........\n.X...",
            1,
        );
        let b = board(grid);
        let o = board(&open);
        assert_eq!(o.empty_count(), b.empty_count() + 1);
        let middle: Vec<Loc> = ["D4", "E4", "F4", "D5", "E5", "F5", "D6", "E6", "F6"]
            .iter()
            .map(|s| o.loc(s.parse().unwrap()).unwrap())
            .collect();
        let mut found = 0;
        for seed in 0..50 {
            let mut p = PlayoutPolicy::new(PolicyKind::Heavy, 9, Topology::Planar, seed);
            p.fill_board = 100;
            assert_eq!(p.open_point(&b), None, "seed {seed}");
            if let Some(l) = p.open_point(&o) {
                assert!(middle.contains(&l), "seed {seed}: {l:?}");
                found += 1;
            }
            // Through the policy: with no last move and no atari, the
            // rule comes before the random move.
            let l = p.pick(&o, Color::White, None).unwrap();
            assert!(middle.contains(&l), "seed {seed}: picked {l:?}");
        }
        // 100 draws among 73 empty points miss all nine one time in
        // about half a million.
        assert_eq!(found, 50);
        // Off, the policy's random move lands among the nine only now
        // and then (nine points of 73).
        let hits = (0..50)
            .filter(|&seed| {
                let mut p = PlayoutPolicy::new(PolicyKind::Heavy, 9, Topology::Planar, seed);
                middle.contains(&p.pick(&o, Color::White, None).unwrap())
            })
            .count();
        assert!(hits < 25, "{hits} of 50 without the rule");
    }
}
