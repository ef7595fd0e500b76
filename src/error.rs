//! The error of an illegal move.

use std::fmt;

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveError {
    /// The point already holds a stone.
    Occupied,
    /// The move would leave its own chain without liberties and the rules
    /// forbid suicide (or it captures nothing on a board where that
    /// leaves no stone of its own to keep).
    Suicide,
    /// The move retakes a ko at once (simple ko rule).
    Ko,
    /// The move repeats an earlier whole-board position (superko).
    Superko,
    /// The game is over (two passes, resignation, agreement, move limit or
    /// Capture Go goal).
    GameOver,
    /// The point is outside this board.
    OffBoard,
    /// The board size asked for is outside 1 to 25, or a position of one
    /// size was given to a game of another.
    WrongSize,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::Occupied => "the point is occupied",
            MoveError::Suicide => "suicide is not allowed",
            MoveError::Ko => "the ko cannot be retaken at once",
            MoveError::Superko => "the move repeats an earlier position (superko)",
            MoveError::GameOver => "the game is over",
            MoveError::OffBoard => "the point is off the board",
            MoveError::WrongSize => "the board size does not match",
        })
    }
}

impl std::error::Error for MoveError {}
