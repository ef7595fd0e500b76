//! The chains in atari a heavy playout remembers: a small ring of stones
//! of chains that were put in atari lately, so that the rule that captures
//! or saves such chains anywhere on the board does not scan the board at
//! every move.

use super::ladders::runs_into_ladder;
use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, OFF};
use crate::tactics::{is_self_atari, Captures, LadderReader};

/// How many chains in atari a playout remembers.
pub(super) const ATARI_RING: usize = 16;

/// Stones of chains put in atari lately (entries are checked again before
/// use, and forgotten once their chain is captured or out of atari).
#[derive(Clone, Debug)]
pub(super) struct AtariRing {
    stones: [u16; ATARI_RING],
    /// Per remembered chain: the liberty at which extending it was read
    /// to run into a ladder (`OFF` if not read so), so that a chain left
    /// in atari is not read again at every move while that liberty stays
    /// its last.
    laddered: [u16; ATARI_RING],
    next: usize,
}

impl AtariRing {
    /// A ring that remembers nothing.
    pub(super) fn new() -> AtariRing {
        AtariRing {
            stones: [OFF; ATARI_RING],
            laddered: [OFF; ATARI_RING],
            next: 0,
        }
    }

    /// Forgets everything and remembers the chains in atari on `board`.
    pub(super) fn scan(&mut self, board: &Board) {
        *self = AtariRing::new();
        for l in board.locs() {
            if board.chain_head(l) == Some(l) {
                self.note(board, l.0);
            }
        }
    }

    /// Remembers the chain through `l` if it is in atari.
    #[inline(always)]
    fn note(&mut self, board: &Board, l: u16) {
        if board.liberties(Loc(l)) == 1 && !self.stones.contains(&l) {
            self.stones[self.next] = l;
            self.laddered[self.next] = OFF;
            self.next = (self.next + 1) % ATARI_RING;
        }
    }

    /// Remembers the chains a move at `l` left in atari (its own, and its
    /// neighbours'): a chain loses liberties only to moves next to it.
    #[inline]
    pub(super) fn note_around(&mut self, board: &Board, l: Loc) {
        self.note(board, l.0);
        for &n in board.neighbor_slots(l) {
            if n == OFF {
                break;
            }
            if board.cell_code(n as usize) != Board::EMPTY_CODE {
                self.note(board, n);
            }
        }
    }

    /// Whether no chain is remembered (one compare of the ring instead of
    /// sixteen).
    #[inline(always)]
    pub(super) fn is_empty(&self) -> bool {
        self.stones == [OFF; ATARI_RING]
    }

    /// The moves of `c` that capture a remembered opponent chain or save
    /// one of its own by extending (legal, no self-atari, and, with a
    /// `reader`, not into a ladder), written to `cand`; returns how many.
    #[inline]
    pub(super) fn moves(
        &mut self,
        board: &Board,
        c: Color,
        mut reader: Option<&mut LadderReader>,
        cand: &mut [u16; ATARI_RING],
    ) -> usize {
        let me = Board::stone_code(c);
        let mut nc = 0;
        for k in 0..ATARI_RING {
            let x = self.stones[k];
            if x == OFF {
                continue;
            }
            let cell = board.cell_code(x as usize);
            let Some(lib) = (cell != Board::EMPTY_CODE)
                .then(|| board.last_liberty(Loc(x)))
                .flatten()
            else {
                // Captured, or out of atari: forget it.
                self.stones[k] = OFF;
                continue;
            };
            let ok = board.is_legal_simple(lib, c)
                && (cell != me
                    || (!is_self_atari(board, lib, c, Captures::GiveOneLiberty)
                        && !self.runs_into_ladder_cached(reader.as_deref_mut(), board, k, lib, c)))
                && !cand[..nc].contains(&lib.0);
            if ok {
                cand[nc] = lib.0;
                nc += 1;
            }
        }
        nc
    }

    /// [`runs_into_ladder`] for the extension at `lib` of the remembered
    /// chain `k`, read once while `lib` stays its last liberty (never,
    /// without a reader).
    #[inline]
    fn runs_into_ladder_cached(
        &mut self,
        reader: Option<&mut LadderReader>,
        board: &Board,
        k: usize,
        lib: Loc,
        c: Color,
    ) -> bool {
        let Some(reader) = reader else {
            return false;
        };
        if self.laddered[k] == lib.0 {
            return true;
        }
        let caught = runs_into_ladder(reader, board, lib, c);
        if caught {
            self.laddered[k] = lib.0;
        }
        caught
    }
}
