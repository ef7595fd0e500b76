//! The training data: whole games as text, one game per line, so that a
//! data file is small, readable, appendable while it is generated, and
//! replayed into positions (and their features) only when training.
//!
//! ```text
//! # comment lines and blank lines are skipped
//! <size> <komi> <level> <move> <move> ...
//! 9 7 10 *e5 *c3 g5 g3 d4 ... pass pass
//! ```
//!
//! Moves are GTP vertices or `pass`, Black first, colours alternating. A
//! move written with a leading `*` was not chosen by the teacher (one of
//! the seeded random opening moves): it is played but never used as a
//! training target. `level` is the teacher's level (GNU Go's `--level`),
//! kept for the record.

use crate::color::Color;
use crate::game::Game;
use crate::point::Move;
use crate::rules::Rules;
use std::fmt;

/// One recorded game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Board side.
    pub size: usize,
    /// Komi the teacher was told.
    pub komi: f64,
    /// The teacher's level.
    pub level: u8,
    /// The moves, Black first; `true` marks a teacher's move (a training
    /// target), `false` a random opening move.
    pub moves: Vec<(Move, bool)>,
}

/// A line of a data file that is not a game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line (1 the first).
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for RecordError {}

impl GameRecord {
    /// The record as one line of a data file (no newline).
    pub fn to_line(&self) -> String {
        let mut s = format!("{} {} {}", self.size, self.komi, self.level);
        for &(mv, teacher) in &self.moves {
            s.push(' ');
            if !teacher {
                s.push('*');
            }
            s.push_str(&mv.to_string().to_ascii_lowercase());
        }
        s
    }

    /// Parses one line (see the module's format); `line` numbers errors.
    /// The moves are checked for legality by [`GameRecord::replay`], not
    /// here.
    ///
    /// # Errors
    /// A [`RecordError`] for a missing or malformed field.
    pub fn parse(text: &str, line: usize) -> Result<GameRecord, RecordError> {
        let err = |message: String| RecordError { line, message };
        let mut words = text.split_ascii_whitespace();
        let mut field = |name: &str| {
            words
                .next()
                .ok_or_else(|| err(format!("the {name} is missing")))
        };
        let size: usize = field("board size")?
            .parse()
            .map_err(|_| err("the board size is not a number".into()))?;
        if !(2..=crate::point::MAX_SIZE).contains(&size) {
            return Err(err(format!("board size {size} is out of range")));
        }
        let komi: f64 = field("komi")?
            .parse()
            .map_err(|_| err("the komi is not a number".into()))?;
        if !komi.is_finite() {
            return Err(err("the komi is not finite".into()));
        }
        let level: u8 = field("level")?
            .parse()
            .map_err(|_| err("the level is not a number from 0 to 255".into()))?;
        let mut moves = Vec::new();
        for w in words {
            let (teacher, v) = match w.strip_prefix('*') {
                Some(v) => (false, v),
                None => (true, w),
            };
            let mv = Move::from_ascii(v.as_bytes())
                .map_err(|e| err(format!("move {}: {e}", moves.len() + 1)))?;
            if mv.point().is_some_and(|p| p.x() >= size || p.y() >= size) {
                return Err(err(format!("move {} is off the board", moves.len() + 1)));
            }
            moves.push((mv, teacher));
        }
        Ok(GameRecord {
            size,
            komi,
            level,
            moves,
        })
    }

    /// Replays the game under Chinese rules (positional superko), calling
    /// `visit(game_before, colour, move, teacher)` before each move.
    ///
    /// # Errors
    /// A message for a board size tengen does not play or the first
    /// illegal move (numbered from 1).
    pub fn replay(&self, visit: impl FnMut(&Game, Color, Move, bool)) -> Result<(), String> {
        self.replay_to_end(visit).map(drop)
    }

    /// [`replay`](Self::replay), giving back the game after its last move
    /// (to score it).
    pub(crate) fn replay_to_end(
        &self,
        mut visit: impl FnMut(&Game, Color, Move, bool),
    ) -> Result<Game, String> {
        let mut rules = Rules::preset(crate::rules::Preset::Chinese);
        rules.komi = self.komi;
        let mut game = Game::new(self.size, rules).map_err(|e| e.to_string())?;
        for (i, &(mv, teacher)) in self.moves.iter().enumerate() {
            let c = game.to_move();
            visit(&game, c, mv, teacher);
            game.play(mv)
                .map_err(|e| format!("move {} ({mv}): {e}", i + 1))?;
        }
        Ok(game)
    }
}

/// Parses a whole data file: every game, or the first bad line.
///
/// # Errors
/// A [`RecordError`] naming the first line that is not a game record.
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, RecordError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        out.push(GameRecord::parse(t, i + 1)?);
    }
    Ok(out)
}

/// Whether game `game` of file `file` (both counted from 0) is held out
/// of training when one game in `holdout` is, for the run seeded `seed`:
/// a hash of the three, so the split is the same for `train fit`,
/// `train eval` and `train balance`, and changes with the seed. A
/// `holdout` of 0 holds nothing out.
///
/// ```
/// use tengen::learn::held_out;
///
/// let out = (0..1000).filter(|&g| held_out(7, 0, g, 5)).count();
/// assert!((150..250).contains(&out)); // about one game in five
/// assert_eq!(held_out(7, 0, 3, 5), held_out(7, 0, 3, 5));
/// assert!(!(0..100).any(|g| held_out(7, 0, g, 0)));
/// ```
pub fn held_out(seed: u64, file: u64, game: u64, holdout: u64) -> bool {
    if holdout == 0 {
        return false;
    }
    let z =
        seed ^ file.wrapping_mul(0xA24B_AED4_963E_E407) ^ game.wrapping_mul(0x9FB2_1C65_1E98_DF25);
    crate::zobrist::mix64(z) % holdout == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::Point;

    #[test]
    fn a_record_survives_its_line() {
        let p = |s: &str| Move::Play(s.parse::<Point>().unwrap());
        let r = GameRecord {
            size: 9,
            komi: 7.0,
            level: 10,
            moves: vec![(p("E5"), false), (p("C3"), true), (Move::Pass, true)],
        };
        let line = r.to_line();
        assert_eq!(line, "9 7 10 *e5 c3 pass");
        assert_eq!(GameRecord::parse(&line, 1).unwrap(), r);
    }

    #[test]
    fn malformed_lines_are_errors_not_panics() {
        for (text, what) in [
            ("", "missing"),
            ("9", "komi is missing"),
            ("x 7 10", "not a number"),
            ("40 7 10", "out of range"),
            ("9 nan 10", "not finite"),
            ("9 7 300", "level"),
            ("9 7 10 z9", "move 1"),
            ("9 7 10 e5 j10", "off the board"),
        ] {
            let e = GameRecord::parse(text, 3).unwrap_err();
            assert_eq!(e.line, 3);
            assert!(e.message.contains(what), "{text:?}: {e}");
        }
        let e = parse_records("# c\n\n9 7 10 e5\n9 7\n").unwrap_err();
        assert_eq!(e.line, 4);
    }

    #[test]
    fn replay_reports_an_illegal_move() {
        let r = GameRecord::parse("9 7 10 e5 e5", 1).unwrap();
        let mut seen = Vec::new();
        let e = r.replay(|_, c, mv, _| seen.push((c, mv))).unwrap_err();
        assert!(e.starts_with("move 2 "), "{e}");
        assert_eq!(seen.len(), 2);
        assert_eq!(seen[1].0, Color::White);
    }
}
