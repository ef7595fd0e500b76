//! The error of an illegal move, and of a rules change that would make a
//! move already played illegal.

use crate::color::Color;
use crate::point::Move;
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

/// Why [`Game::set_rules`](crate::Game::set_rules) refused a change: the
/// game is left exactly as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RulesChangeError {
    /// Move `number` (from 1) of the game would be illegal under the new
    /// rules, for `reason`.
    ForbiddenMove {
        /// The move's number, from 1.
        number: usize,
        /// Who played it.
        color: Color,
        /// The move.
        mv: Move,
        /// Why the new rules forbid it.
        reason: MoveError,
    },
    /// The topology cannot change once stones or moves are on the board:
    /// the same points are different positions on another topology.
    TopologyMidGame,
}

impl fmt::Display for RulesChangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesChangeError::ForbiddenMove {
                number,
                color,
                mv,
                reason,
            } => write!(
                f,
                "move {number} ({} {mv}) would be illegal under the new rules: {reason}",
                match color {
                    Color::Black => "B",
                    Color::White => "W",
                }
            ),
            RulesChangeError::TopologyMidGame => {
                f.write_str("the topology cannot change during a game (clear the board first)")
            }
        }
    }
}

impl std::error::Error for RulesChangeError {}
