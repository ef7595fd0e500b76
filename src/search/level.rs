//! Playing levels: the one place where a level's search configuration and
//! limits are defined.
//!
//! One scale, as GNU Go's `--level`: the numbers 1 to
//! [`MAX_NUMBERED_LEVEL`] search `n` x [`PLAYOUTS_PER_LEVEL`] playouts a
//! move, and `normal` is the name of level [`NORMAL_NUMBER`], the default.
//! Two levels lie off the playout scale: `easy`, below level 1 (few
//! playouts and some randomness, for beginners), and `hard`, which thinks
//! for a fixed time a move rather than a fixed number of playouts.

use super::config::{Limits, SearchConfig};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// Playouts a move per numbered level: level `n` searches `n` times this.
pub const PLAYOUTS_PER_LEVEL: u64 = 2_000;

/// The highest numbered level.
pub const MAX_NUMBERED_LEVEL: u8 = 10;

/// The numbered level called `normal`, the default: 5 x
/// [`PLAYOUTS_PER_LEVEL`] = 10,000 playouts a move. Its strength is what
/// the default has been since the numbered levels were introduced.
pub const NORMAL_NUMBER: u8 = 5;

/// Playouts a move of [`Level::Easy`], which then draws its move among the
/// reasonable candidates: a beginner's opponent that still plays real
/// shapes.
const EASY_PLAYOUTS: u64 = 300;

/// The time a move of [`Level::Hard`] when no clock is set: on 9x9 this
/// project's machine runs about 44,000 playouts in it (`tengen bench`:
/// 23,000 a second, over the 1.9 s the lag margin leaves), over twice
/// level 10's search, so `hard` stays above every numbered level (a
/// second was only 1.4 times `normal`'s search once early stops are
/// counted).
const HARD_TIME: Duration = Duration::from_secs(2);

/// A playing strength: a number from 1 to [`MAX_NUMBERED_LEVEL`] (level `n`
/// searches `n` x [`PLAYOUTS_PER_LEVEL`] playouts a move), `normal` being
/// another name for level [`NORMAL_NUMBER`] (the default), or one of the
/// two levels off that scale, `easy` and `hard`.
///
/// The names and the numbers are parsed and written alike on the command
/// line (`--level`) and over GTP (`tengen-level`); level 5 is written
/// `normal`.
///
/// ```
/// use tengen::search::{Level, Limits};
///
/// assert_eq!("hard".parse::<Level>(), Ok(Level::Hard));
/// assert_eq!("7".parse::<Level>(), Ok(Level::Number(7)));
/// assert_eq!("7".parse::<Level>().unwrap().limits(), Limits::playouts(14_000));
/// // `normal` is level 5, the default, and is written by its name.
/// assert_eq!("normal".parse::<Level>(), "5".parse::<Level>());
/// assert_eq!(Level::default(), Level::NORMAL);
/// assert_eq!(Level::default().to_string(), "normal");
/// assert_eq!(Level::default().limits(), Limits::playouts(10_000));
/// assert!("11".parse::<Level>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// A fair opponent for a beginner, below level 1: few playouts and
    /// some randomness.
    Easy,
    /// A fixed number of playouts a move: `n` x [`PLAYOUTS_PER_LEVEL`],
    /// for `n` from 1 to [`MAX_NUMBERED_LEVEL`]. Level [`NORMAL_NUMBER`]
    /// is [`Level::NORMAL`].
    Number(u8),
    /// The strongest the time allows: up to two seconds a move, however many
    /// playouts that is on the machine.
    Hard,
}

impl Level {
    /// `normal`: the numbered level [`NORMAL_NUMBER`], the default.
    pub const NORMAL: Level = Level::Number(NORMAL_NUMBER);
}

impl Default for Level {
    /// [`Level::NORMAL`]: 10,000 playouts a move.
    fn default() -> Level {
        Level::NORMAL
    }
}

impl Level {
    /// The search configuration of this level.
    pub fn config(self) -> SearchConfig {
        let base = SearchConfig::default();
        match self {
            // A beginner's opponent varies its openings too.
            Level::Easy => SearchConfig {
                temperature: 1.0,
                threads: 1,
                opening_book: false,
                ..base
            },
            Level::Hard | Level::Number(_) => base,
        }
    }

    /// The limits of a move at this level when no clock is set: easy and
    /// the numbered levels (`normal` among them) search a fixed number of
    /// playouts, hard thinks up to two seconds a move.
    pub fn limits(self) -> Limits {
        match self {
            Level::Easy => Limits::playouts(EASY_PLAYOUTS),
            Level::Hard => Limits::time(HARD_TIME),
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
            "normal" | "medium" => Ok(Level::NORMAL),
            "hard" => Ok(Level::Hard),
            _ => Err(UnknownLevel(s.to_string())),
        }
    }
}

impl fmt::Display for Level {
    /// `easy`, `hard`, `normal` for level [`NORMAL_NUMBER`], the number
    /// for the other numbered levels: what [`FromStr`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Level::Easy => f.write_str("easy"),
            Level::NORMAL => f.write_str("normal"),
            Level::Hard => f.write_str("hard"),
            Level::Number(n) => write!(f, "{n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_read_back_from_what_it_writes() {
        let mut all = vec![Level::Easy, Level::Hard];
        all.extend((1..=10).map(Level::Number));
        for level in all {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level), "{level:?}");
        }
    }

    #[test]
    fn the_numbers_are_one_scale_of_two_thousand_playouts_a_step() {
        // The scale as documented: level n searches n x 2,000 playouts.
        assert_eq!(Level::Number(1).limits(), Limits::playouts(2_000));
        assert_eq!(Level::Number(10).limits(), Limits::playouts(20_000));
        for bad in ["0", "11", "255", "-1", "expert", ""] {
            assert!(bad.parse::<Level>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn normal_is_level_five_the_default_of_ten_thousand_playouts() {
        for name in ["normal", "NORMAL", "medium", "5"] {
            assert_eq!(name.parse::<Level>(), Ok(Level::default()), "{name}");
        }
        assert_eq!(Level::default().to_string(), "normal");
        assert_eq!(Level::default().limits(), Limits::playouts(10_000));
        assert_eq!(Level::default().config(), SearchConfig::default());
    }

    #[test]
    fn easy_and_hard_lie_off_the_playout_scale() {
        assert_eq!(Level::Easy.limits(), Limits::playouts(300));
        assert!(Level::Easy.config().temperature > 0.0);
        assert_eq!(Level::Hard.limits(), Limits::time(Duration::from_secs(2)));
        assert_eq!(Level::Hard.limits().playouts, None);
    }
}
