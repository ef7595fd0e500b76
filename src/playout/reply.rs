//! Last good replies with forgetting (LGRF-2, Baier and Drake 2010): the
//! playouts remember, for each colour, which answer to the opponent's last
//! move (and to the last two moves) won a playout, and forget it when it
//! loses one. The heavy policy plays a remembered reply when it is still
//! a sensible move; the search teaches the tables after every playout.
//!
//! The tables are built once for a board area and never grow, so a
//! playout neither allocates nor frees.

use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, OFF};
use crate::tactics::{is_self_atari, Captures};

/// The replies of both colours to the last move, and to the last two.
#[derive(Clone, Debug)]
pub struct Replies {
    /// The board's area: move codes below it are points.
    area: usize,
    /// `[colour][last]`: the reply, or `OFF`.
    one: Box<[u16]>,
    /// `[colour][before][last]`: the reply, or `OFF`.
    two: Box<[u16]>,
}

/// Moves of a playout as [`Replies::learn`] reads them: the move code (a
/// point below the area, anything else a pass) and who played it.
pub type PlayedMove = (u16, Color);

impl Replies {
    /// Empty tables for a board of `area` points.
    pub fn new(area: usize) -> Replies {
        Replies {
            area,
            one: vec![OFF; 2 * area].into_boxed_slice(),
            two: vec![OFF; 2 * area * area].into_boxed_slice(),
        }
    }

    #[inline(always)]
    fn one_index(&self, c: Color, last: u16) -> usize {
        (c as usize) * self.area + usize::from(last)
    }

    #[inline(always)]
    fn two_index(&self, c: Color, before: u16, last: u16) -> usize {
        ((c as usize) * self.area + usize::from(before)) * self.area + usize::from(last)
    }

    /// The remembered replies of `c` to `last` (the opponent's move) with
    /// `before` (`c`'s own move before it, if a point): the reply to both
    /// first, then the reply to `last` alone; `OFF` where none is known.
    #[inline]
    pub fn replies(&self, c: Color, before: Option<u16>, last: u16) -> [u16; 2] {
        let area = self.area;
        if usize::from(last) >= area {
            return [OFF; 2];
        }
        let two = match before {
            Some(b) if usize::from(b) < area => self.two[self.two_index(c, b, last)],
            _ => OFF,
        };
        [two, self.one[self.one_index(c, last)]]
    }

    /// The first remembered reply of `c` to `last` (after `before`) that
    /// is still a sensible move on `board`: empty, legal, not `c`'s own eye
    /// and not a self-atari.
    #[inline]
    pub(crate) fn sensible_reply(
        &self,
        board: &Board,
        c: Color,
        before: Option<Loc>,
        last: Loc,
    ) -> Option<Loc> {
        for r in self.replies(c, before.map(|b| b.0), last.0) {
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

    /// Learns from one finished playout: `moves` in the order played
    /// (passes break the chain of replies) and the `winner` (`None`: a
    /// draw, which teaches nothing). Each of the winner's moves becomes
    /// its reply to the one or two moves before it; each of the loser's
    /// is forgotten where it was the remembered reply.
    pub fn learn(&mut self, moves: impl IntoIterator<Item = PlayedMove>, winner: Option<Color>) {
        let Some(winner) = winner else {
            return;
        };
        let area = self.area;
        // The two moves before the current one, as (point, colour).
        let mut last: Option<PlayedMove> = None;
        let mut before: Option<PlayedMove> = None;
        for (mv, c) in moves {
            let point = usize::from(mv) < area;
            if point {
                if let Some((l, _)) = last.filter(|&(_, lc)| lc != c) {
                    let i1 = self.one_index(c, l);
                    let i2 = before
                        .filter(|&(_, bc)| bc == c)
                        .map(|(b, _)| self.two_index(c, b, l));
                    if c == winner {
                        self.one[i1] = mv;
                        if let Some(i2) = i2 {
                            self.two[i2] = mv;
                        }
                    } else {
                        if self.one[i1] == mv {
                            self.one[i1] = OFF;
                        }
                        if let Some(i2) = i2 {
                            if self.two[i2] == mv {
                                self.two[i2] = OFF;
                            }
                        }
                    }
                }
                before = last;
                last = Some((mv, c));
            } else {
                before = None;
                last = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black as B, White as W};

    #[test]
    fn a_winning_reply_is_remembered_and_a_losing_one_forgotten() {
        let mut r = Replies::new(25);
        // Black 3, White 7, Black 12: Black won.
        r.learn([(3, B), (7, W), (12, B)], Some(B));
        assert_eq!(r.replies(B, Some(3), 7), [12, 12]);
        // White's 7 answered Black's 3, but White lost: nothing for White.
        assert_eq!(r.replies(W, None, 3), [OFF, OFF]);
        // Another playout where Black's 12 after White's 7 lost: forgotten
        // (the reply to 3-then-7 is kept, as this one came after 5).
        r.learn([(5, B), (7, W), (12, B)], Some(W));
        assert_eq!(r.replies(B, Some(3), 7), [12, OFF]);
        assert_eq!(r.replies(B, Some(5), 7), [OFF, OFF]);
        // White's 7 after Black's 5 won this time.
        assert_eq!(r.replies(W, None, 5), [OFF, 7]);
    }

    #[test]
    fn passes_and_draws_teach_nothing() {
        let mut r = Replies::new(25);
        r.learn([(3, B), (7, W), (12, B)], None);
        assert_eq!(r.replies(B, Some(3), 7), [OFF, OFF]);
        // A pass (code 25 on a 5x5 area) between two moves: no reply.
        r.learn([(3, B), (25, W), (12, B), (9, W)], Some(B));
        assert_eq!(r.replies(B, None, 3), [OFF, OFF]);
        // Two moves of one colour in a row (a pass left out): no reply.
        r.learn([(4, B), (6, B)], Some(B));
        assert_eq!(r.replies(B, None, 4), [OFF, OFF]);
        // A last move off the board has no reply.
        assert_eq!(r.replies(B, None, 25), [OFF, OFF]);
        r.learn([(1, W), (2, B)], Some(B));
        assert_eq!(r.replies(B, None, 1), [OFF, 2]);
    }
}
