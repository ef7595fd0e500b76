//! The failure responses of GTP.

use std::fmt;

/// A failure response of GTP: the standard error strings of the
/// specification, plus a few of tengen's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GtpError {
    /// `unknown command`.
    UnknownCommand,
    /// `syntax error`: missing, extra or malformed arguments.
    Syntax,
    /// `illegal move`.
    IllegalMove,
    /// `unacceptable size`.
    UnacceptableSize,
    /// `cannot undo`.
    CannotUndo,
    /// `board not empty`.
    BoardNotEmpty,
    /// `invalid number of stones`.
    InvalidNumberOfStones,
    /// `bad vertex list`.
    BadVertexList,
    /// `cannot load file`.
    CannotLoadFile,
    /// `cannot score`.
    CannotScore,
    /// Any other failure, with its message (one line).
    Other(String),
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GtpError::UnknownCommand => "unknown command",
            GtpError::Syntax => "syntax error",
            GtpError::IllegalMove => "illegal move",
            GtpError::UnacceptableSize => "unacceptable size",
            GtpError::CannotUndo => "cannot undo",
            GtpError::BoardNotEmpty => "board not empty",
            GtpError::InvalidNumberOfStones => "invalid number of stones",
            GtpError::BadVertexList => "bad vertex list",
            GtpError::CannotLoadFile => "cannot load file",
            GtpError::CannotScore => "cannot score",
            GtpError::Other(s) => s,
        })
    }
}

impl std::error::Error for GtpError {}
