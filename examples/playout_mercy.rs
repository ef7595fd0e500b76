//! Would a mercy rule pay in the heavy playouts? It stops a playout once
//! one side has captured `T` stones more than the other and scores it as
//! that side's win (libego and Pachi have one). This measures, for
//! several `T`, how many of a playout's stones it would leave unplayed (of
//! all the stones its log holds; passes are not logged) and how often its
//! verdict would differ from the finished playout's (area, komi 7.5).
//!
//! ```sh
//! cargo run --release --example playout_mercy -- SIZE PLAYOUTS OPENING_MOVES
//! cargo run --release --example playout_mercy -- 19 2000 60
//! ```
//!
//! The start position is `OPENING_MOVES` moves of the heavy policy from
//! the empty board; everything is seeded, so a run repeats exactly.

use tengen::playout::{PlayoutPolicy, PolicyKind};
use tengen::{Board, Color, Topology};

/// The capture leads measured.
const THRESHOLDS: [u32; 4] = [10, 20, 30, 50];
/// Komi of the verdicts.
const KOMI: f64 = 7.5;

fn arg(i: usize, default: usize) -> usize {
    std::env::args()
        .nth(i)
        .map(|a| a.parse().expect("a number"))
        .unwrap_or(default)
}

fn main() {
    let (size, playouts, opening) = (arg(1, 19), arg(2, 1000), arg(3, 0));
    let mut board = Board::new(size, Topology::Planar).expect("a board size from 2 to 25");
    let mut opener = PlayoutPolicy::new(PolicyKind::Heavy, size, Topology::Planar, 99);
    let mut to_move = Color::Black;
    for _ in 0..opening {
        if let Some(l) = opener.pick(&board, to_move, None) {
            board.play_unchecked(l, to_move);
        }
        to_move = to_move.opponent();
    }
    let mut policy = PlayoutPolicy::new(PolicyKind::Heavy, size, Topology::Planar, 7);
    policy.read_ladders(true, &board);
    let mut log = Vec::with_capacity(8 * size * size);
    let mut owner = vec![0i8; size * size];
    let (mut moves, mut stones, mut reached, mut saved, mut wrong) = (0, 0, [0; 4], [0; 4], [0; 4]);
    for _ in 0..playouts {
        let mut end = board.clone();
        log.clear();
        moves += policy.run(&mut end, to_move, None, &mut log);
        stones += log.len();
        let black_won = f64::from(end.area_owners(&mut owner)) > KOMI;
        let mut replay = board.clone();
        let mut seen = [false; 4];
        for (j, &e) in log.iter().enumerate() {
            let (l, c) = PlayoutPolicy::logged(e);
            replay.play_unchecked(l, c);
            let lead =
                i64::from(replay.captures(Color::Black)) - i64::from(replay.captures(Color::White));
            for (k, &t) in THRESHOLDS.iter().enumerate() {
                if !seen[k] && lead.unsigned_abs() >= u64::from(t) {
                    seen[k] = true;
                    reached[k] += 1;
                    saved[k] += log.len() - j - 1;
                    wrong[k] += usize::from((lead > 0) != black_won);
                }
            }
        }
    }
    println!(
        "{size}x{size} after {opening} moves, {playouts} playouts: {:.1} moves a playout",
        moves as f64 / playouts.max(1) as f64
    );
    for (k, t) in THRESHOLDS.iter().enumerate() {
        println!(
            "  lead {t:>2}: reached in {:5.1}% of playouts, {:5.1}% of stones saved, \
             verdict wrong in {} of {}",
            100.0 * reached[k] as f64 / playouts.max(1) as f64,
            100.0 * saved[k] as f64 / stones.max(1) as f64,
            wrong[k],
            reached[k]
        );
    }
}
