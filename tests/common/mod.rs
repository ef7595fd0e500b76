//! Helpers shared by the integration tests.
// Each test crate uses only part of this module.
#![allow(dead_code)]

pub mod naive;

use naive::{NaiveBoard, NaiveIllegal, NaiveKo};
use tengen::{Board, Color, KoRule, MoveError, Point, Topology};

/// The point `(x, y)`; panics on a point off every board (test data only).
pub fn pt(x: usize, y: usize) -> Point {
    Point::new(x, y).expect("a point of a 25x25 board")
}

/// The naive ko rule for a tengen one.
pub fn naive_ko(ko: KoRule) -> NaiveKo {
    match ko {
        KoRule::Simple => NaiveKo::Simple,
        KoRule::PositionalSuperko => NaiveKo::Positional,
        KoRule::SituationalSuperko => NaiveKo::Situational,
    }
}

/// The naive reason for a tengen move error, if there is one.
pub fn naive_reason(e: MoveError) -> Option<NaiveIllegal> {
    Some(match e {
        MoveError::Occupied => NaiveIllegal::Occupied,
        MoveError::Ko => NaiveIllegal::Ko,
        MoveError::Suicide => NaiveIllegal::Suicide,
        MoveError::Superko => NaiveIllegal::Superko,
        MoveError::GameOver => NaiveIllegal::GameOver,
        _ => return None,
    })
}

/// The naive copy of a tengen board's stones (read point by point).
pub fn naive_of(board: &Board) -> NaiveBoard {
    let n = board.size();
    let mut b = NaiveBoard::new(n, board.topology() == Topology::Toroidal);
    for y in 0..n {
        for x in 0..n {
            b.grid[y * n + x] = board.get(pt(x, y));
        }
    }
    b
}

/// A readable diagram of a naive board, top row first.
pub fn naive_diagram(b: &NaiveBoard) -> String {
    let mut s = String::new();
    for y in (0..b.size).rev() {
        for x in 0..b.size {
            s.push(match b.at(x, y) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            });
        }
        s.push('\n');
    }
    s
}
