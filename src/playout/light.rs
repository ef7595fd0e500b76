//! The light playout: uniformly random legal moves that do not fill the
//! mover's own eye, to the end of the game, scored by area.

use crate::board::Board;
use crate::color::Color;
use crate::geometry::Loc;
use crate::point::MAX_SIZE;

/// The moves a playout plays at most when its `max_moves` is 0: three
/// times the board's area plus 20, far beyond a normal game's length, a
/// guard against endless ko fights under the simple ko rule (the search's
/// playout log is sized for it at 25x25).
pub(crate) const fn default_max_moves(area: usize) -> usize {
    3 * area + 20
}

/// A seeded, reproducible playout runner. It never allocates.
///
/// The same seed, board and colour always give the same playout.
#[derive(Clone, Debug)]
pub struct Playout {
    rng: super::random::Rng,
    /// Scratch for [`pick`](Self::pick): always the identity permutation
    /// between calls (each call undoes its own swaps), so a pick costs
    /// nothing per empty point.
    idx: [u16; MAX_SIZE * MAX_SIZE],
    /// The most moves one playout may play before it is cut and scored
    /// (a guard against long ko fights under the simple ko rule); 0 means
    /// the default, three times the board's area plus 20.
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
        let mut idx = [0u16; MAX_SIZE * MAX_SIZE];
        for (i, v) in idx.iter_mut().enumerate() {
            *v = i as u16;
        }
        Playout {
            rng: super::random::rng(seed),
            idx,
            max_moves: 0,
        }
    }

    /// A uniform random integer below `n` (`n > 0`).
    #[inline(always)]
    fn below(&mut self, n: u32) -> u32 {
        super::random::below(&mut self.rng, n)
    }

    /// Picks a uniformly random legal move for `c` that does not fill one
    /// of `c`'s own eyes (simple ko, suicide forbidden), or `None` to pass.
    pub fn pick(&mut self, board: &Board, c: Color) -> Option<Loc> {
        // Sampling without replacement: a rejected candidate is swapped out
        // of the range still drawn from, in the scratch permutation; the
        // swaps are undone (in reverse) before returning.
        let total = board.empty_count();
        let mut n = total;
        let mut found = None;
        while n > 0 {
            let k = self.below(n as u32) as usize;
            let l = board.empty_at(usize::from(self.idx[k]));
            if board.is_playout_move(l, c) {
                found = Some(l);
                break;
            }
            n -= 1;
            // idx[n] is never drawn from again: it records k instead of
            // the value swapped there.
            self.idx[k] = self.idx[n];
            self.idx[n] = k as u16;
        }
        // Back to the identity: only the positions n..total and the k they
        // record were written. Restoring record j writes only positions at
        // or below j, so in increasing order each record is read intact.
        for j in n..total {
            let k = usize::from(self.idx[j]);
            self.idx[k] = k as u16;
            self.idx[j] = j as u16;
        }
        found
    }

    /// Like [`pick`](Self::pick), but sets rejected candidates aside by
    /// reordering the board's own list of empty points (its order has no
    /// meaning), which saves the undo work.
    #[inline(always)]
    fn pick_reorder(&mut self, board: &mut Board, c: Color) -> Option<Loc> {
        let mut n = board.empty_count();
        while n > 0 {
            let k = self.below(n as u32) as usize;
            let l = board.empty_at(k);
            if board.is_playout_move(l, c) {
                return Some(l);
            }
            n -= 1;
            board.swap_empties(k, n);
        }
        None
    }

    /// Plays `board` to the end with `to_move` first and scores it by area.
    ///
    /// Both sides play uniformly random legal moves that do not fill their
    /// own eyes (simple ko, suicide forbidden) and pass when none is left;
    /// the playout ends after two passes in a row, or is cut after
    /// [`max_moves`](Self::max_moves) moves. The board is left in its final
    /// position.
    pub fn run(&mut self, board: &mut Board, mut to_move: Color) -> PlayoutResult {
        let limit = if self.max_moves == 0 {
            default_max_moves(board.area())
        } else {
            self.max_moves
        };
        let mut passes = 0;
        let mut moves = 0;
        while passes < 2 && moves < limit {
            match self.pick_reorder(board, to_move) {
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
    board.area_diff()
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
                while passes < 2 && moves < default_max_moves(size * size) {
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

    /// The plain definition: stones, and empty points all of whose
    /// neighbours have one colour.
    fn naive_area_diff(b: &Board) -> i32 {
        let mut diff = 0;
        for l in b.locs() {
            let sign = |c: Color| if c == Color::Black { 1 } else { -1 };
            match b.color_at(l) {
                Some(c) => diff += sign(c),
                None => {
                    let cols: Vec<Color> = b.neighbors(l).filter_map(|n| b.color_at(n)).collect();
                    if !cols.is_empty() && cols.iter().all(|&c| c == cols[0]) {
                        diff += sign(cols[0]);
                    }
                }
            }
        }
        diff
    }

    #[test]
    fn area_diff_counts_stones_and_one_colour_regions() {
        // Counted by hand: A3 and A1 are Black's, B3 and C1 are mixed.
        let b = Board::from_diagram(
            "..O\n\
             XXO\n\
             .X.",
            Topology::Planar,
        )
        .unwrap();
        // Stones: black 3, white 2. Empty: A3 touches A2(X) and B3(.) ->
        // black only; B3 touches A3(.), C3(O), B2(X) -> mixed; A1 touches
        // A2(X), B1(X) -> black; C1 touches B1(X), C2(O) -> mixed.
        assert_eq!(area_diff(&b), 3 - 2 + 2);
        let mut p = Playout::new(11);
        for (size, topo) in [
            (9, Topology::Planar),
            (7, Topology::Toroidal),
            (1, Topology::Planar),
        ] {
            for _ in 0..20 {
                let mut b = Board::new(size, topo).unwrap();
                p.max_moves = 30; // stop early too, with mixed regions left
                p.run(&mut b, Color::Black);
                assert_eq!(area_diff(&b), naive_area_diff(&b));
                p.max_moves = 0;
                p.run(&mut b, Color::White);
                assert_eq!(area_diff(&b), naive_area_diff(&b));
            }
        }
    }

    /// Counts `draws` picks by `pick` and by the reordering pick used in
    /// `run`, and checks both against the legal non-eye moves found with
    /// the public `is_eye` and `is_legal_simple`: never anything else, and
    /// each candidate about equally often.
    fn check_uniform(b: &Board, c: Color, seed: u64) {
        let cands: Vec<Loc> = b
            .empty_locs()
            .filter(|&l| !b.is_eye(l, c) && b.is_legal_simple(l, c))
            .collect();
        let mut p = Playout::new(seed);
        let mut reordered = b.clone();
        if cands.is_empty() {
            assert_eq!(p.pick(b, c), None);
            assert_eq!(p.pick_reorder(&mut reordered, c), None);
            return;
        }
        let k = cands.len();
        let draws = 400 * k;
        for method in 0..2 {
            let mut counts = vec![0usize; b.area()];
            for _ in 0..draws {
                let l = if method == 0 {
                    p.pick(b, c)
                } else {
                    p.pick_reorder(&mut reordered, c)
                };
                counts[l.expect("a move exists").index()] += 1;
            }
            let expected = draws as f64 / k as f64;
            let sd = (expected * (1.0 - 1.0 / k as f64)).sqrt();
            for l in b.locs() {
                let n = counts[l.index()];
                if cands.contains(&l) {
                    assert!(
                        (n as f64 - expected).abs() <= 5.0 * sd,
                        "method {method}: {n} draws of {}, expected {expected:.0}\n{b}",
                        b.point(l)
                    );
                } else {
                    assert_eq!(n, 0, "method {method} drew {}\n{b}", b.point(l));
                }
            }
        }
        // The reordering changed the order of the empty points only.
        assert_eq!(&reordered, b);
        assert_eq!(reordered.hash(), b.hash());
    }

    #[test]
    fn picks_are_uniform_over_legal_non_eye_moves() {
        let mut p = Playout::new(99);
        for (size, topo) in [(9, Topology::Planar), (5, Topology::Toroidal)] {
            for (i, stop) in [0, 10, 40, 70, 100, 400].into_iter().enumerate() {
                let mut b = Board::new(size, topo).unwrap();
                p.max_moves = stop;
                if stop > 0 {
                    p.run(&mut b, Color::Black);
                }
                check_uniform(&b, Color::Black, i as u64);
                check_uniform(&b, Color::White, 100 + i as u64);
            }
        }
        // A ko and a suicide point: neither may be drawn.
        let mut b = Board::from_diagram(
            ".XO..\n\
             XO.O.\n\
             .XO..\n\
             .....\n\
             ...XO",
            Topology::Planar,
        )
        .unwrap();
        b.play("C4".parse().unwrap(), Color::Black).unwrap();
        assert!(b.ko().is_some());
        check_uniform(&b, Color::White, 7);
        check_uniform(&b, Color::Black, 8);
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
