//! Fixed handicap placement, as the GTP specification (section 4.1.1) and
//! GNU Go place the stones.

use crate::point::Point;
use std::fmt;

/// Why a handicap cannot be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapError {
    /// The number of stones is not allowed on this board size.
    InvalidNumber,
    /// Stones or moves are already on the board.
    BoardNotEmpty,
    /// A point is repeated, off the board, or a pass.
    BadVertexList,
}

impl fmt::Display for HandicapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HandicapError::InvalidNumber => "invalid number of stones",
            HandicapError::BoardNotEmpty => "board not empty",
            HandicapError::BadVertexList => "bad vertex list",
        })
    }
}

impl std::error::Error for HandicapError {}

/// The largest fixed handicap on a board of side `size`: 9 on odd sizes
/// from 9 up, 4 on 7x7 and even sizes from 8 up, none on smaller boards.
pub fn max_fixed_handicap(size: usize) -> usize {
    match size {
        0..=6 => 0,
        7 | 8 => 4,
        s if s % 2 == 1 => 9,
        _ => 4,
    }
}

/// The fixed handicap points for `stones` stones on a board of side `size`,
/// in the order of the GTP specification: D4 Q16, D16, Q4, then the centre
/// (5, 7, 9), the side middles D10 Q10 (6 to 9) and K4 K16 (8, 9). Stones
/// are on the third line below 13x13 and on the fourth from 13x13 up.
///
/// # Errors
/// [`HandicapError::InvalidNumber`] unless `stones` is from 2 to
/// [`max_fixed_handicap`]`(size)`.
pub fn fixed_handicap_points(size: usize, stones: usize) -> Result<Vec<Point>, HandicapError> {
    if stones < 2 || stones > max_fixed_handicap(size) {
        return Err(HandicapError::InvalidNumber);
    }
    let lo = if size >= 13 { 3 } else { 2 };
    let hi = size - 1 - lo;
    let mid = size / 2;
    let p = |x: usize, y: usize| Point::new(x, y).ok_or(HandicapError::InvalidNumber);
    let mut pts = vec![p(lo, lo)?, p(hi, hi)?];
    if stones >= 3 {
        pts.push(p(lo, hi)?);
    }
    if stones >= 4 {
        pts.push(p(hi, lo)?);
    }
    if stones >= 6 {
        pts.push(p(lo, mid)?);
        pts.push(p(hi, mid)?);
    }
    if stones >= 8 {
        pts.push(p(mid, lo)?);
        pts.push(p(mid, hi)?);
    }
    if stones % 2 == 1 && stones >= 5 {
        pts.push(p(mid, mid)?);
    }
    Ok(pts)
}
