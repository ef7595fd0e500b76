//! Playing levels: the one place where a level's search configuration and
//! limits are defined.

use super::config::{Limits, SearchConfig};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// Playouts a move per numbered level: level `n` searches `n` times this.
pub const PLAYOUTS_PER_LEVEL: u64 = 2_000;

/// The highest numbered level.
pub const MAX_NUMBERED_LEVEL: u8 = 10;

/// A playing strength: a named preset, or a number from 1 to
/// [`MAX_NUMBERED_LEVEL`] (level `n` searches `n` x
/// [`PLAYOUTS_PER_LEVEL`] playouts a move with the default search).
///
/// ```
/// use tengen::search::Level;
///
/// assert_eq!("hard".parse::<Level>(), Ok(Level::Hard));
/// assert_eq!("7".parse::<Level>(), Ok(Level::Number(7)));
/// assert_eq!(Level::default().to_string(), "5");
/// assert!("11".parse::<Level>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// A fair opponent for a beginner: few playouts and some randomness.
    Easy,
    /// A casual player's opponent.
    Normal,
    /// The strongest the time allows: up to a second a move.
    Hard,
    /// A fixed number of playouts a move: `n` x [`PLAYOUTS_PER_LEVEL`].
    Number(u8),
}

impl Default for Level {
    /// Level 5: 10,000 playouts a move.
    fn default() -> Level {
        Level::Number(5)
    }
}

impl Level {
    /// The search configuration of this level.
    pub fn config(self) -> SearchConfig {
        let base = SearchConfig::default();
        match self {
            Level::Easy => SearchConfig {
                temperature: 1.0,
                threads: 1,
                ..base
            },
            Level::Normal | Level::Hard | Level::Number(_) => base,
        }
    }

    /// The limits of a move at this level when no clock is set: easy,
    /// normal and the numbered levels search a fixed number of playouts,
    /// hard thinks up to a second a move.
    pub fn limits(self) -> Limits {
        match self {
            Level::Easy => Limits::playouts(300),
            Level::Normal => Limits::playouts(5_000),
            Level::Hard => Limits::time(Duration::from_secs(1)),
            Level::Number(n) => Limits::playouts(PLAYOUTS_PER_LEVEL * u64::from(n)),
        }
    }
}

/// A level that is neither `easy`, `normal`, `hard` nor a number from 1 to
/// [`MAX_NUMBERED_LEVEL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level {:?} (easy, normal, hard, or 1 to {MAX_NUMBERED_LEVEL})",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        if let Ok(n) = s.parse::<u8>() {
            return if (1..=MAX_NUMBERED_LEVEL).contains(&n) {
                Ok(Level::Number(n))
            } else {
                Err(UnknownLevel(s.to_string()))
            };
        }
        match s.to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "normal" | "medium" => Ok(Level::Normal),
            "hard" => Ok(Level::Hard),
            _ => Err(UnknownLevel(s.to_string())),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Easy => f.write_str("easy"),
            Level::Normal => f.write_str("normal"),
            Level::Hard => f.write_str("hard"),
            Level::Number(n) => write!(f, "{n}"),
        }
    }
}
