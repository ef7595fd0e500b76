//! Points, moves and GTP vertices (`D4`, `pass`).

use std::fmt;
use std::str::FromStr;

/// The largest board side: GTP's letters A-Z without I give 25 columns.
pub const MAX_SIZE: usize = 25;

/// A point of a board, as a column and a row counted from the bottom-left
/// corner from 0: GTP's `A1` is `(0, 0)` and `T19` is `(18, 18)`.
///
/// A point does not know the board it belongs to; a board refuses points
/// outside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    x: u8,
    y: u8,
}

impl Point {
    /// `A1`, the bottom-left corner.
    pub const ORIGIN: Point = Point { x: 0, y: 0 };

    /// The point at column `x` and row `y` (both from 0, row 0 at the
    /// bottom), or `None` if either is 25 or more.
    pub const fn new(x: usize, y: usize) -> Option<Point> {
        if x < MAX_SIZE && y < MAX_SIZE {
            Some(Point {
                x: x as u8,
                y: y as u8,
            })
        } else {
            None
        }
    }

    /// The column, from 0 at the left.
    #[inline]
    pub const fn x(self) -> usize {
        self.x as usize
    }

    /// The row, from 0 at the bottom.
    #[inline]
    pub const fn y(self) -> usize {
        self.y as usize
    }

    /// Parses a GTP vertex such as `D4` or `t19` (not `pass`).
    ///
    /// # Errors
    /// A [`VertexError`] saying what is wrong with the text.
    pub fn from_ascii(s: &[u8]) -> Result<Point, VertexError> {
        if s.is_empty() {
            return Err(VertexError::Empty);
        }
        if s.len() > 3 {
            return Err(VertexError::TooLong);
        }
        let letter = s[0].to_ascii_uppercase();
        let x = match letter {
            b'I' => return Err(VertexError::LetterI),
            b'A'..=b'H' => letter - b'A',
            b'J'..=b'Z' => letter - b'A' - 1,
            _ => return Err(VertexError::BadColumn),
        };
        let digits = &s[1..];
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) || digits[0] == b'0' {
            return Err(VertexError::BadRow);
        }
        let row = digits
            .iter()
            .fold(0usize, |acc, d| acc * 10 + usize::from(d - b'0'));
        if row > MAX_SIZE {
            return Err(VertexError::BadRow);
        }
        Ok(Point {
            x,
            y: (row - 1) as u8,
        })
    }
}

/// The column letter of GTP for column `x` (A-Z without I).
pub(crate) fn column_letter(x: usize) -> char {
    let x = x as u8;
    (if x < 8 { b'A' + x } else { b'A' + x + 1 }) as char
}

impl fmt::Display for Point {
    /// Writes the GTP vertex, such as `D4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_letter(self.x()), self.y() + 1)
    }
}

impl FromStr for Point {
    type Err = VertexError;
    fn from_str(s: &str) -> Result<Point, VertexError> {
        Point::from_ascii(s.as_bytes())
    }
}

/// Why a text is not a GTP vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VertexError {
    /// The text is empty.
    Empty,
    /// The text is longer than any vertex (`Z25` has three characters).
    TooLong,
    /// The column is not a letter A-Z.
    BadColumn,
    /// The letter I, which GTP skips.
    LetterI,
    /// The row is not a number from 1 to 25.
    BadRow,
}

impl fmt::Display for VertexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            VertexError::Empty => "empty vertex",
            VertexError::TooLong => "vertex too long",
            VertexError::BadColumn => "vertex column is not a letter",
            VertexError::LetterI => "the column letter I is not used",
            VertexError::BadRow => "vertex row is not a number from 1 to 25",
        })
    }
}

impl std::error::Error for VertexError {}

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Pass.
    Pass,
    /// A stone on this point.
    Play(Point),
}

impl Move {
    /// Parses a GTP vertex or `pass` (any case).
    ///
    /// # Errors
    /// A [`VertexError`] when the text is neither.
    pub fn from_ascii(s: &[u8]) -> Result<Move, VertexError> {
        if s.eq_ignore_ascii_case(b"pass") {
            Ok(Move::Pass)
        } else {
            Point::from_ascii(s).map(Move::Play)
        }
    }

    /// The point played, or `None` for a pass.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Pass => None,
            Move::Play(p) => Some(p),
        }
    }
}

impl From<Point> for Move {
    fn from(p: Point) -> Move {
        Move::Play(p)
    }
}

impl fmt::Display for Move {
    /// Writes the GTP vertex or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("pass"),
            Move::Play(p) => p.fmt(f),
        }
    }
}

impl FromStr for Move {
    type Err = VertexError;
    fn from_str(s: &str) -> Result<Move, VertexError> {
        Move::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_round_trip() {
        for x in 0..MAX_SIZE {
            for y in 0..MAX_SIZE {
                let p = Point::new(x, y).unwrap();
                assert_eq!(p.to_string().parse::<Point>(), Ok(p));
                assert_eq!(p.to_string().to_lowercase().parse::<Point>(), Ok(p));
            }
        }
    }

    #[test]
    fn known_vertices() {
        assert_eq!("A1".parse::<Point>(), Ok(Point::new(0, 0).unwrap()));
        assert_eq!("J1".parse::<Point>(), Ok(Point::new(8, 0).unwrap()));
        assert_eq!("t19".parse::<Point>(), Ok(Point::new(18, 18).unwrap()));
        assert_eq!("Z25".parse::<Point>(), Ok(Point::new(24, 24).unwrap()));
        assert_eq!("PASS".parse::<Move>(), Ok(Move::Pass));
    }

    #[test]
    fn bad_vertices() {
        assert_eq!("Z99".parse::<Point>(), Err(VertexError::BadRow));
        assert_eq!("A0".parse::<Point>(), Err(VertexError::BadRow));
        assert_eq!("I5".parse::<Point>(), Err(VertexError::LetterI));
        assert_eq!("".parse::<Point>(), Err(VertexError::Empty));
        assert_eq!("A26".parse::<Point>(), Err(VertexError::BadRow));
        assert_eq!("A01".parse::<Point>(), Err(VertexError::BadRow));
        assert_eq!("5A".parse::<Point>(), Err(VertexError::BadColumn));
        assert_eq!("A".parse::<Point>(), Err(VertexError::BadRow));
        assert_eq!("pass".parse::<Point>(), Err(VertexError::TooLong));
        assert_eq!("A".repeat(1000).parse::<Move>(), Err(VertexError::TooLong));
        assert!("é1".parse::<Move>().is_err());
    }
}
