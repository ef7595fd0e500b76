//! Stone colours and per-colour containers.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

/// The colour of a stone or of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, who moves first in an even game.
    Black,
    /// White.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The one-letter name used by SGF and GTP: `B` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// The error for a colour that is not `b`, `black`, `w` or `white`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseColorError;

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid color (expected b, black, w or white)")
    }
}

impl std::error::Error for ParseColorError {}

impl FromStr for Color {
    type Err = ParseColorError;

    /// Parses `b`, `black`, `w` or `white`, in any case.
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        if s.eq_ignore_ascii_case("b") || s.eq_ignore_ascii_case("black") {
            Ok(Color::Black)
        } else if s.eq_ignore_ascii_case("w") || s.eq_ignore_ascii_case("white") {
            Ok(Color::White)
        } else {
            Err(ParseColorError)
        }
    }
}

/// A pair of values, one for each colour, indexed by [`Color`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByColor<T> {
    /// A pair from Black's and White's values.
    pub const fn new(black: T, white: T) -> ByColor<T> {
        ByColor { black, white }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_colors() {
        assert_eq!("B".parse::<Color>(), Ok(Color::Black));
        assert_eq!("white".parse::<Color>(), Ok(Color::White));
        assert_eq!("WHITE".parse::<Color>(), Ok(Color::White));
        assert!("purple".parse::<Color>().is_err());
        assert!("".parse::<Color>().is_err());
        assert_eq!(Color::Black.opponent(), Color::White);
    }
}
