//! The heavy playout's rules, one function each, in the order
//! [`PlayoutPolicy`](super::PlayoutPolicy) tries them: the fights around
//! the last move (capture it, save what it put in atari, its ladder,
//! nakade), the two-liberty fights, the 3x3 shapes, MoGo's fill-board, and
//! the random move. Each reads the board and draws from the playout's
//! random generator; none keeps state of its own.

use super::ladders::{extends_atari, ladder_atari, runs_into_ladder};
use super::random::{below, chance, Rng};
use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, OFF};
use crate::tactics::{
    gaining_extension, is_self_atari, nakade_point, net_atari, pattern_code, touches_own, Captures,
    Dirs, LadderReader,
};

/// How often, out of 256, the heavy rules are followed when they have a
/// move: the rest leaves room for other moves, so the playouts stay
/// varied. Both defaults were hand-set; `--set rule_chance=N` and
/// `--set capture_last_chance=N` override them for tuning matches (see
/// `docs/learning.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleChances {
    /// A rule with candidates (save or capture anywhere, local save, the
    /// ladder attack, 3x3 shape, the two-liberty rules).
    pub rule: u32,
    /// Capturing the stone just played when it is in atari: higher than
    /// [`rule`](Self::rule), as it is nearly always right.
    pub capture_last: u32,
}

impl RuleChances {
    /// The hand-set chances: 230 and 240 of 256.
    pub const DEFAULT: RuleChances = RuleChances {
        rule: 230,
        capture_last: 240,
    };
    /// The greatest chance (always followed).
    pub const MAX: u32 = 256;
}

impl Default for RuleChances {
    fn default() -> RuleChances {
        RuleChances::DEFAULT
    }
}

/// The stones of an own chain in atari searched for a capturable
/// neighbour: bounds the cost on a long chain; hand-set.
const SAVE_SCAN_STONES: usize = 12;

/// One of a rule's candidates `cand`, at random, if there is one and the
/// rule is followed this time (`num` times in 256,
/// [`RuleChances::rule`]).
#[inline(always)]
pub(super) fn follow(rng: &mut Rng, num: u32, cand: &[u16]) -> Option<Loc> {
    if !cand.is_empty() && chance(rng, num) {
        return Some(Loc(cand[below(rng, cand.len() as u32) as usize]));
    }
    None
}

/// The rules around the last move `lm` (an opponent stone), in priority
/// order: capture it if in atari; save the own chains it put in atari
/// (capture a neighbour in atari, or extend where that gains liberties and,
/// with a `reader`, does not run into a ladder); with `attack` (and a
/// reader), the atari that takes its chain in a ladder; the vital point of
/// a small eye space next to it.
#[inline(always)]
pub(super) fn around_last(
    board: &Board,
    c: Color,
    lm: Loc,
    rng: &mut Rng,
    chances: RuleChances,
    mut reader: Option<&mut LadderReader>,
    attack: bool,
) -> Option<Loc> {
    let me = Board::stone_code(c);
    let opp = Board::stone_code(c.opponent());
    if board.cell_code(lm.index()) != opp {
        return None;
    }
    let mut cand = [0u16; 16];
    let mut nc = 0;
    // 1. Capture the stone just played if it is in atari.
    if let Some(lib) = board.last_liberty(lm) {
        if board.is_legal_simple(lib, c) && chance(rng, chances.capture_last) {
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
                && !reader
                    .as_deref_mut()
                    .is_some_and(|r| runs_into_ladder(r, board, lib, c))
            {
                cand[nc] = lib.0;
                nc += 1;
            }
        }
    }
    if let Some(l) = follow(rng, chances.rule, &cand[..nc]) {
        return Some(l);
    }
    // 3. The ladder that takes the last move's chain, if it has two
    //    liberties.
    if attack {
        if let Some(r) = reader {
            if let Some(a) = ladder_atari(r, board, c, lm) {
                if chance(rng, chances.rule) {
                    return Some(a);
                }
            }
        }
    }
    // 4. Nakade: the vital point of a small eye space next to it.
    for &n in board.neighbor_slots(lm) {
        if n == OFF {
            break;
        }
        // Every space of three, and the T of four, has an end with
        // one or two empty neighbours, and no stone of `c`'s next to it
        // (the space is bordered by the last move's colour only): start
        // from such points only.
        if board.cell_code(n as usize) == Board::EMPTY_CODE && nakade_end(board, Loc(n), me) {
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

/// Whether the empty `l` can be an end of a small eye space of the other
/// colour than the stone code `me`: one or two empty neighbours, and no
/// neighbour of `me`'s. One pass over the neighbours, which rejects most
/// points before [`nakade_point`] fills a region.
#[inline(always)]
fn nakade_end(board: &Board, l: Loc, me: u8) -> bool {
    let mut empty = 0;
    for &q in board.neighbor_slots(l) {
        if q == OFF {
            break;
        }
        let cell = board.cell_code(q as usize);
        if cell == me {
            return false;
        }
        empty += usize::from(cell == Board::EMPTY_CODE);
    }
    (1..=2).contains(&empty)
}

/// The fights the last move `lm` started at two liberties: put its chain,
/// if it has two, in an atari it cannot run from, or extend an own chain
/// next to it that it left with two where that gains liberties; one of
/// these at random, if it is neither illegal nor a self-atari.
#[inline]
pub(super) fn two_liberty_move(
    board: &Board,
    c: Color,
    lm: Loc,
    rng: &mut Rng,
    chances: RuleChances,
) -> Option<Loc> {
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
    follow(rng, chances.rule, &cand[..nc])
}

/// The hand-written 3x3 shapes (`patterns`, indexed by
/// [`pattern_code`]) on the eight points around the last move `lm`: the
/// matching points that are legal, no self-atari and, with a `reader`, no
/// extension of a chain in atari into a ladder, written to `cand`;
/// returns how many (the policy [`follow`]s one of them).
#[inline]
pub(super) fn shape_moves(
    board: &Board,
    c: Color,
    lm: Loc,
    dirs: &Dirs,
    patterns: &[bool],
    mut reader: Option<&mut LadderReader>,
    cand: &mut [u16; 8],
) -> usize {
    let mut nc = 0;
    for &n in &dirs[lm.index()] {
        if n == OFF || board.cell_code(n as usize) != Board::EMPTY_CODE {
            continue;
        }
        let l = Loc(n);
        if patterns[pattern_code(board, dirs, l)]
            && board.is_legal_simple(l, c)
            && !is_self_atari(board, l, c, Captures::GiveOneLiberty)
            && !(reader.is_some()
                && extends_atari(board, l, c)
                && reader
                    .as_deref_mut()
                    .is_some_and(|r| runs_into_ladder(r, board, l, c)))
        {
            cand[nc] = n;
            nc += 1;
        }
    }
    nc
}

/// The fill-board rule: the first of up to `tries` random empty points
/// whose eight neighbours are all empty points of the board (never on the
/// first line). Such a point has liberties and no ko, so it is legal for
/// either colour, and no self-atari.
#[inline]
pub(super) fn open_point(board: &Board, dirs: &Dirs, tries: u32, rng: &mut Rng) -> Option<Loc> {
    let n = board.empty_count();
    if n == 0 {
        return None;
    }
    for _ in 0..tries {
        let l = board.empty_at(below(rng, n as u32) as usize);
        if dirs[l.index()]
            .iter()
            .all(|&d| d != OFF && board.cell_code(d as usize) == Board::EMPTY_CODE)
        {
            return Some(l);
        }
    }
    None
}

/// A random legal move that does not fill `c`'s own eye (and, for the
/// `heavy` policy, is not a self-atari of more than one stone), from a
/// random place in the board's list of empty points onwards.
#[inline]
pub(super) fn random_move(board: &Board, c: Color, heavy: bool, rng: &mut Rng) -> Option<Loc> {
    let n = board.empty_count();
    if n == 0 {
        return None;
    }
    let start = below(rng, n as u32) as usize;
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
        if heavy && touches_own(board, l, c) && is_self_atari(board, l, c, Captures::GiveOneLiberty)
        {
            continue;
        }
        return Some(l);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::random::{random_board, rng};
    use crate::tactics::empty_neighbors;

    /// The nakade rule's filter skips only points where the rule before it
    /// found nothing: on random boards, every empty point next to a stone
    /// of one colour that [`nakade_end`] rejects for the other colour
    /// either has three empty neighbours or more (never a start) or no
    /// vital point, and the filter keeps points that have one.
    #[test]
    fn the_nakade_filter_skips_only_points_without_a_vital_point() {
        let mut r = rng(11);
        let (mut kept_with_point, mut skipped) = (0, 0);
        for game in 0..300 {
            let b = random_board(9, 20 + game % 60, &mut r);
            for l in b.empty_locs() {
                for c in [Color::Black, Color::White] {
                    let opp = Board::stone_code(c.opponent());
                    let next_to_opp = b
                        .neighbor_slots(l)
                        .iter()
                        .take_while(|&&q| q != OFF)
                        .any(|&q| b.cell_code(q as usize) == opp);
                    if !next_to_opp {
                        continue;
                    }
                    let found = empty_neighbors(&b, l) <= 2 && nakade_point(&b, l).is_some();
                    if nakade_end(&b, l, Board::stone_code(c)) {
                        kept_with_point += usize::from(found);
                    } else {
                        assert!(!found, "{l:?} skipped for {c:?} but has a vital point");
                        skipped += 1;
                    }
                }
            }
        }
        assert!(kept_with_point > 20, "only {kept_with_point} points kept");
        assert!(skipped > 1000, "only {skipped} points skipped");
    }
}
