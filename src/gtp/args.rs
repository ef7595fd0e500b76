//! Command arguments: numbers, colours, moves, counts and keywords, each
//! a [`GtpError::Syntax`] when malformed.

use super::error::GtpError;
use crate::color::Color;
use crate::point::Move;

/// Parses a GTP integer: an optional sign and decimal digits. Values
/// beyond `i64` saturate (they are out of every range anyway).
///
/// # Errors
/// [`GtpError::Syntax`] for anything else (empty, a lone sign, a decimal
/// point, non-ASCII digits).
pub fn parse_int(s: &str) -> Result<i64, GtpError> {
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(GtpError::Syntax);
    }
    let v = digits.bytes().fold(0i64, |acc, d| {
        acc.saturating_mul(10).saturating_add(i64::from(d - b'0'))
    });
    Ok(if neg { -v } else { v })
}

/// Parses a finite floating-point number.
///
/// # Errors
/// [`GtpError::Syntax`] for text that is not a number, and for `nan` and
/// `inf`.
pub fn parse_float(s: &str) -> Result<f64, GtpError> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(GtpError::Syntax),
    }
}

/// Parses a finite, non-negative number of seconds.
pub(super) fn parse_seconds(s: &str) -> Result<f64, GtpError> {
    let v = parse_float(s)?;
    if v < 0.0 {
        Err(GtpError::Syntax)
    } else {
        Ok(v)
    }
}

/// Parses a non-negative count that fits in `u32`.
pub(super) fn parse_count(s: &str) -> Result<u32, GtpError> {
    let v = parse_int(s)?;
    u32::try_from(v).map_err(|_| GtpError::Syntax)
}

pub(super) fn parse_color(s: &str) -> Result<Color, GtpError> {
    s.parse().map_err(|_| GtpError::Syntax)
}

pub(super) fn parse_move(s: &str) -> Result<Move, GtpError> {
    s.parse().map_err(|_| GtpError::Syntax)
}

/// The arguments, checked for their number.
pub(super) fn exact<const N: usize>(args: &[String]) -> Result<[&str; N], GtpError> {
    if args.len() != N {
        return Err(GtpError::Syntax);
    }
    let mut out = [""; N];
    for (o, a) in out.iter_mut().zip(args) {
        *o = a.as_str();
    }
    Ok(out)
}

/// At most one argument.
pub(super) fn optional(args: &[String]) -> Result<Option<&str>, GtpError> {
    match args {
        [] => Ok(None),
        [a] => Ok(Some(a.as_str())),
        _ => Err(GtpError::Syntax),
    }
}

pub(super) fn keyword<T: Copy>(s: &str, table: &[(&str, T)]) -> Result<T, GtpError> {
    table
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(s))
        .map(|&(_, v)| v)
        .ok_or(GtpError::Syntax)
}

/// `N` or `none`.
pub(super) fn parse_limit(s: &str) -> Result<Option<u32>, GtpError> {
    if s.eq_ignore_ascii_case("none") || s == "0" {
        Ok(None)
    } else {
        parse_count(s).map(Some)
    }
}
