//! The light playout: uniformly random legal moves that do not fill the
//! mover's own eye, to the end of the game, scored by area.

use crate::board::Board;
use crate::color::Color;
use crate::geometry::Loc;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A seeded, reproducible playout runner. It never allocates.
#[derive(Clone, Debug)]
pub struct Playout {
    rng: Xoshiro256PlusPlus,
    /// The most moves one playout may play before it is cut and scored
    /// (a guard against long ko fights under the simple ko rule).
    pub max_moves: usize,
}

/// What a playout ended with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutResult {
    /// Black's area minus White's area (komi not included).
    pub area_diff: i32,
    /// The number of moves played (passes included).
    pub moves: usize,
}

impl PlayoutResult {
    /// The winner with komi `komi` (`None` for a tie).
    pub fn winner(&self, komi: f64) -> Option<Color> {
        let m = f64::from(self.area_diff) - komi;
        if m > 0.0 {
            Some(Color::Black)
        } else if m < 0.0 {
            Some(Color::White)
        } else {
            None
        }
    }
}

impl Playout {
    /// A runner seeded with `seed`.
    pub fn new(seed: u64) -> Playout {
        Playout {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            max_moves: 0,
        }
    }

    /// Picks a uniformly random legal move for `c` that does not fill one
    /// of `c`'s own eyes (simple ko, suicide forbidden), or `None` to pass.
    #[inline]
    pub fn pick(&mut self, board: &Board, c: Color) -> Option<Loc> {
        let mut n = board.empty_count();
        // Candidates are drawn from empty_locs[..n]; a rejected one is
        // swapped out of range in a local index list.
        let mut idx = [0u16; crate::point::MAX_SIZE * crate::point::MAX_SIZE];
        for (i, v) in idx[..n].iter_mut().enumerate() {
            *v = i as u16;
        }
        while n > 0 {
            let k = self.rng.gen_range(0..n);
            let l = board.empty_at(idx[k] as usize);
            if !board.is_eye(l, c) && board.is_legal_simple(l, c) {
                return Some(l);
            }
            n -= 1;
            idx.swap(k, n);
        }
        None
    }

    /// Plays `board` to the end with `to_move` first and scores it by area.
    pub fn run(&mut self, board: &mut Board, mut to_move: Color) -> PlayoutResult {
        let limit = if self.max_moves == 0 {
            3 * board.area() + 20
        } else {
            self.max_moves
        };
        let mut passes = 0;
        let mut moves = 0;
        while passes < 2 && moves < limit {
            match self.pick(board, to_move) {
                Some(l) => {
                    board.play_unchecked(l, to_move);
                    passes = 0;
                }
                None => {
                    board.pass();
                    passes += 1;
                }
            }
            moves += 1;
            to_move = to_move.opponent();
        }
        PlayoutResult {
            area_diff: area_diff(board),
            moves,
        }
    }
}

/// Black's area minus White's on a played-out board: stones, plus empty
/// points whose neighbours are all of one colour.
pub fn area_diff(board: &Board) -> i32 {
    let mut diff = 0;
    for l in board.locs() {
        match board.color_at(l) {
            Some(Color::Black) => diff += 1,
            Some(Color::White) => diff -= 1,
            None => {
                let (mut b, mut w) = (false, false);
                for n in board.neighbors(l) {
                    match board.color_at(n) {
                        Some(Color::Black) => b = true,
                        Some(Color::White) => w = true,
                        None => {}
                    }
                }
                if b && !w {
                    diff += 1;
                } else if w && !b {
                    diff -= 1;
                }
            }
        }
    }
    diff
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Topology;

    /// Steps playouts move by move and checks the board from scratch after
    /// every move, on several sizes and both topologies.
    #[test]
    fn playout_moves_keep_board_invariants() {
        let cases = [
            (1, Topology::Planar),
            (2, Topology::Toroidal),
            (3, Topology::Planar),
            (5, Topology::Toroidal),
            (9, Topology::Planar),
            (13, Topology::Toroidal),
            (19, Topology::Planar),
        ];
        for (size, topo) in cases {
            for seed in 0..8 {
                let mut p = Playout::new(seed);
                let mut b = Board::new(size, topo).unwrap();
                let mut c = Color::Black;
                let mut passes = 0;
                let mut moves = 0;
                while passes < 2 && moves < 3 * size * size + 20 {
                    match p.pick(&b, c) {
                        Some(l) => {
                            assert!(b.is_legal_simple(l, c) && !b.is_eye(l, c));
                            b.play_unchecked(l, c);
                            passes = 0;
                        }
                        None => {
                            b.pass();
                            passes += 1;
                        }
                    }
                    if let Err(e) = b.check_invariants() {
                        panic!("{size}x{size} {topo:?} seed {seed} move {moves}: {e}\n{b}");
                    }
                    moves += 1;
                    c = c.opponent();
                }
            }
        }
    }

    #[test]
    fn playouts_are_reproducible() {
        let empty = Board::new(9, Topology::Planar).unwrap();
        let run = |seed| {
            let mut p = Playout::new(seed);
            (0..20)
                .map(|_| {
                    let mut b = empty.clone();
                    let r = p.run(&mut b, Color::Black);
                    (r, b)
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(run(3), run(3));
        assert_ne!(run(3), run(4));
    }
}
