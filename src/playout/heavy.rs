//! The search's playout policy: light (uniformly random moves that do not
//! fill one's own eye) or heavy (answer ataris, capture, nakade and local
//! 3x3 shapes around the last move, avoid self-atari), with the tactics of
//! [`crate::tactics`]; optionally also the two-liberty rules and the last
//! good replies of [`Replies`] (both off by default: no match at equal
//! time showed a gain), and the ladder check that keeps the saving rules
//! and the shapes from running a chain in atari into a ladder.
//!
//! This file holds the policy's state and its order of rules; the rules
//! themselves are in `rules.rs`, the remembered chains in atari in
//! `ataris.rs` and the ladder questions in `ladders.rs`.
//!
//! Everything the playout loop touches is built before it starts (the
//! pattern table and the direction table are process-wide, built once), so
//! a playout never allocates.

use super::ataris::{AtariRing, ATARI_RING};
use super::random::Rng;
use super::reply::Replies;
use super::rules::{
    around_last, follow, open_point, random_move, shape_moves, two_liberty_move, RuleChances,
};
use super::shapes::LearnedShapes;
use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, Topology};
use crate::tactics::{dirs, patterns, Dirs, LadderReader};
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
    /// Chains that were put in atari lately.
    ataris: AtariRing,
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
    /// How often the heavy rules are followed when they have a move.
    pub chances: RuleChances,
}

impl PlayoutPolicy {
    /// A policy of `kind` for boards of `size` and `topology`, seeded.
    pub fn new(kind: PolicyKind, size: usize, topology: Topology, seed: u64) -> PlayoutPolicy {
        PlayoutPolicy {
            kind,
            rng: super::random::rng(seed),
            dirs: dirs(size, topology),
            patterns: patterns(),
            ataris: AtariRing::new(),
            max_moves: 0,
            replies: None,
            two_liberties: false,
            learned_shapes: None,
            ladders: None,
            attack_ladders: false,
            fill_board: 0,
            chances: RuleChances::DEFAULT,
        }
    }

    /// Makes the heavy policy play only the hand-written 3x3 shapes in
    /// `mask`, one bit per shape in the order of their table (all of them
    /// by default: [`PlayoutPolicy::ALL_SHAPES`]); for tuning.
    pub fn set_shapes(&mut self, mask: u16) {
        self.patterns = crate::tactics::patterns_of(mask);
    }

    /// The mask of every hand-written shape (13 of them).
    pub const ALL_SHAPES: u16 = crate::tactics::ALL_SHAPES;

    /// Makes the heavy policy read ladders before it extends a chain in
    /// atari (in its saving rules and its shapes), for boards like
    /// `board`; `false` turns it off (the default of a new policy; the
    /// search turns it on, as `SearchConfig::playout_ladders` says). The
    /// reader is allocated here, once.
    pub fn read_ladders(&mut self, on: bool, board: &Board) {
        self.ladders = on.then(|| Box::new(LadderReader::new(board)));
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
    /// The heavy rules in order: around the last move, the two-liberty
    /// fights (if on), the remembered chains in atari anywhere, the 3x3
    /// shapes, the last good replies (if on), fill-board (if on), and
    /// last the random move.
    #[inline(always)]
    fn pick_after(
        &mut self,
        board: &Board,
        c: Color,
        last: Option<Loc>,
        before: Option<Loc>,
    ) -> Option<Loc> {
        let heavy = self.kind == PolicyKind::Heavy;
        if heavy {
            let lm = last.filter(|&lm| board.color_at(lm) == Some(c.opponent()));
            if let Some(lm) = lm {
                let reader = self.ladders.as_deref_mut();
                if let Some(l) = around_last(
                    board,
                    c,
                    lm,
                    &mut self.rng,
                    self.chances,
                    reader,
                    self.attack_ladders,
                ) {
                    return Some(l);
                }
                if self.two_liberties {
                    if let Some(l) = two_liberty_move(board, c, lm, &mut self.rng, self.chances) {
                        return Some(l);
                    }
                }
            }
            // Usually no chain in atari is remembered.
            if !self.ataris.is_empty() {
                if let Some(l) = self.ataris_anywhere(board, c) {
                    return Some(l);
                }
            }
            if let Some(lm) = lm {
                let shape = match self.learned_shapes.as_deref() {
                    Some(learned) => learned.pick(&mut self.rng, self.dirs, board, c, lm),
                    None => {
                        let reader = self.ladders.as_deref_mut();
                        let mut cand = [0u16; 8];
                        let nc =
                            shape_moves(board, c, lm, self.dirs, self.patterns, reader, &mut cand);
                        follow(&mut self.rng, self.chances.rule, &cand[..nc])
                    }
                };
                if let Some(l) = shape {
                    return Some(l);
                }
                let reply = self.replies.as_deref();
                if let Some(l) = reply.and_then(|r| r.sensible_reply(board, c, before, lm)) {
                    return Some(l);
                }
            }
            if self.fill_board > 0 {
                if let Some(l) = open_point(board, self.dirs, self.fill_board, &mut self.rng) {
                    return Some(l);
                }
            }
        }
        random_move(board, c, heavy, &mut self.rng)
    }

    /// Captures a remembered opponent chain in atari, or saves one of
    /// `c`'s by extending, anywhere on the board (see [`AtariRing::moves`]).
    #[inline]
    fn ataris_anywhere(&mut self, board: &Board, c: Color) -> Option<Loc> {
        let mut cand = [0u16; ATARI_RING];
        let nc = self
            .ataris
            .moves(board, c, self.ladders.as_deref_mut(), &mut cand);
        follow(&mut self.rng, self.chances.rule, &cand[..nc])
    }

    /// The stone and its colour of an entry of the log [`run`](Self::run)
    /// writes (passes are not logged).
    ///
    /// ```
    /// use tengen::playout::{PlayoutPolicy, PolicyKind};
    /// use tengen::{Board, Color, Topology};
    ///
    /// let mut board = Board::new(9, Topology::Planar).unwrap();
    /// let mut policy = PlayoutPolicy::new(PolicyKind::Heavy, 9, Topology::Planar, 1);
    /// let mut log = Vec::with_capacity(500);
    /// let mut replay = board.clone();
    /// policy.run(&mut board, Color::Black, None, &mut log);
    /// for &e in &log {
    ///     let (l, c) = PlayoutPolicy::logged(e);
    ///     replay.play_unchecked(l, c);
    /// }
    /// assert_eq!(replay.hash(), board.hash());
    /// ```
    pub fn logged(entry: u16) -> (Loc, Color) {
        let (l, c) = logged_move(entry);
        (Loc(l), c)
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
            super::light::default_max_moves(board.area())
        } else {
            self.max_moves
        };
        let heavy = self.kind == PolicyKind::Heavy;
        if heavy {
            self.ataris.scan(board);
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
                        self.ataris.note_around(board, l);
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

    /// White's last stone at B2, in atari at B1.
    fn atari_at_b1() -> Board {
        board(
            ".....\n\
             .....\n\
             .X...\n\
             XOX..\n\
             .....\n",
        )
    }

    #[test]
    fn heavy_playout_captures_a_stone_in_atari() {
        let b = atari_at_b1();
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
    fn a_shape_mask_plays_only_its_shapes() {
        // White's C4 between Black's B4 and D4.
        let b = board(
            ".....\n\
             .XOX.\n\
             .....\n\
             .....\n\
             .....\n",
        );
        let at = |s: &str| b.loc(s.parse().unwrap()).unwrap();
        let hanes = |mask: u16| {
            (0..200)
                .filter(|&seed| {
                    let mut p = PlayoutPolicy::new(PolicyKind::Heavy, 5, Topology::Planar, seed);
                    p.set_shapes(mask);
                    p.pick(&b, Color::Black, Some(at("C4"))) == Some(at("C3"))
                })
                .count()
        };
        // C3 and C5 are the two enclosing hanes (the first shape, seen
        // from either side); with that shape alone, each is played about
        // 230 / 256 / 2 of the time (some 90 of 200 seeds).
        let first = hanes(1);
        assert!(
            (70..=115).contains(&first),
            "the hane alone: {first} of 200"
        );
        // With every shape, more points around C4 compete.
        let all = hanes(PlayoutPolicy::ALL_SHAPES);
        assert!(all < first - 20, "all shapes: {all} of 200");
        // Without it, or with none, C3 is only a random move (one point
        // of some twenty, a tenth of the time or when no rule has one).
        let without = hanes(PlayoutPolicy::ALL_SHAPES & !1);
        let none = hanes(0);
        assert!(without < 20 && none < 30, "{without} {none} of 200");
    }

    #[test]
    fn the_rule_chances_set_how_often_a_rule_is_followed() {
        // Capturing White's B2 is the first rule.
        let b = atari_at_b1();
        let at = |s: &str| b.loc(s.parse().unwrap()).unwrap();
        let captures = |chances: RuleChances| {
            (0..200)
                .filter(|&seed| {
                    let mut p = PlayoutPolicy::new(PolicyKind::Heavy, 5, Topology::Planar, seed);
                    p.chances = chances;
                    p.pick(&b, Color::Black, Some(at("B2"))) == Some(at("B1"))
                })
                .count()
        };
        // Always followed: every seed captures.
        let always = RuleChances {
            rule: 256,
            capture_last: 256,
        };
        assert_eq!(captures(always), 200);
        // Never followed: B1 only as the random move's pick, one legal
        // point among about twenty.
        let never = RuleChances {
            rule: 0,
            capture_last: 0,
        };
        let rare = captures(never);
        assert!(
            rare < 40,
            "captured {rare} times of 200 with no rule followed"
        );
        // The defaults: 240 of 256, about 188 of 200, plus the random
        // move's share of the rest.
        let default = captures(RuleChances::DEFAULT);
        assert!(
            (170..200).contains(&default),
            "captured {default} times of 200"
        );
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
            assert_eq!(
                open_point(&b, p.dirs, p.fill_board, &mut p.rng),
                None,
                "seed {seed}"
            );
            if let Some(l) = open_point(&o, p.dirs, p.fill_board, &mut p.rng) {
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
