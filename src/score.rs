//! Area and territory scoring, results and their GTP/SGF text; unconditional
//! life (Benson), the certainly dead stones, the one dead-stone decision for
//! a finished game ([`dead_stones`]), seki and stone statuses.

mod benson;
mod estimate;
mod set;
mod status;

pub use benson::{benson, benson_with, Benson};
pub use estimate::{
    dead_stones, dead_stones_by_ownership, final_ownership, stone_statuses, DEAD_OWNERSHIP,
    FINAL_PLAYOUTS, FINAL_SEED,
};
pub use set::LocSet;
pub use status::{
    certain_dead_stones, seki_stones, stone_statuses_with, ParseStatusError, StoneStatus,
};

use crate::board::Board;
use crate::color::{ByColor, Color};
use crate::geometry::{Loc, SLOTS};
use crate::rules::{Rules, Scoring, TieRule};
use std::fmt;

/// The count of a finished (or hypothetically finished) game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// Each side's points before komi: area (stones plus territory) or
    /// territory plus prisoners, as the rules say.
    pub points: ByColor<f64>,
    /// The komi added to White's points.
    pub komi: f64,
    /// Empty points (and dead stones' points) each side surrounds.
    pub territory: ByColor<u32>,
    /// Living stones of each side on the board.
    pub stones: ByColor<u32>,
    /// Prisoners each side holds: stones it captured plus the opponent's
    /// dead stones.
    pub prisoners: ByColor<u32>,
    /// Empty points (and dead stones' points) that count for nobody: dame,
    /// the shared liberties of a seki and, under territory scoring, the
    /// eyes of chains in seki.
    pub neutral: u32,
}

impl Score {
    /// Black's total minus White's total with komi: positive when Black leads.
    pub fn margin(&self) -> f64 {
        self.points.black - (self.points.white + self.komi)
    }

    /// The outcome under the given tie rule.
    pub fn outcome(&self, tie: TieRule) -> Outcome {
        let m = self.margin();
        if m > 0.0 {
            Outcome::Win {
                winner: Color::Black,
                by: WinBy::Points(m),
            }
        } else if m < 0.0 {
            Outcome::Win {
                winner: Color::White,
                by: WinBy::Points(-m),
            }
        } else {
            match tie {
                TieRule::Draw => Outcome::Draw,
                TieRule::WhiteWins => Outcome::Win {
                    winner: Color::White,
                    by: WinBy::Points(0.0),
                },
            }
        }
    }
}

impl fmt::Display for Score {
    /// `Black 41, White 47.5 (komi 6.5)`: each side's total, komi included
    /// in White's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Black {}, White {} (komi {})",
            self.points.black,
            self.points.white + self.komi,
            self.komi
        )
    }
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WinBy {
    /// By this many points (0 when White wins a tie).
    Points(f64),
    /// The loser resigned.
    Resignation,
    /// The winner reached the Capture Go goal.
    CaptureGoal,
    /// The loser ran out of time (a referee's clock).
    Time,
}

/// The result of a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        by: WinBy,
    },
    /// A draw (jigo, or agreed).
    Draw,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// GTP and SGF notation: `B+3.5`, `W+7`, `W+R`, `0` for a draw (margins
    /// rounded to a millionth, so komi 4.1 does not show binary noise), and
    /// `B+C` for a Capture Go win (tengen's notation: SGF has no letter for it),
    /// `W+T` for a win on time.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Draw => f.write_str("0"),
            Outcome::Win { winner, by } => {
                write!(f, "{}+", winner.letter())?;
                match by {
                    WinBy::Points(m) => write!(f, "{}", tidy(*m)),
                    WinBy::Resignation => f.write_str("R"),
                    WinBy::CaptureGoal => f.write_str("C"),
                    WinBy::Time => f.write_str("T"),
                }
            }
        }
    }
}

/// A margin as people write it: rounded to a millionth, so that a komi such
/// as 4.1 gives `0.9` rather than binary noise (`0.9000000000000004`).
fn tidy(m: f64) -> f64 {
    if m.abs() < 1e12 {
        (m * 1e6).round() / 1e6
    } else {
        m
    }
}

/// Which points hold dead stones: a fixed-size set over the board.
#[derive(Clone)]
pub struct DeadStones {
    dead: [bool; SLOTS],
}

impl Default for DeadStones {
    fn default() -> DeadStones {
        DeadStones {
            dead: [false; SLOTS],
        }
    }
}

impl fmt::Debug for DeadStones {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.dead.iter().filter(|&&d| d).count();
        write!(f, "DeadStones({n})")
    }
}

impl DeadStones {
    /// No dead stones.
    pub fn none() -> DeadStones {
        DeadStones::default()
    }

    /// Marks the stone at `l` dead.
    pub fn insert(&mut self, l: Loc) {
        self.dead[l.index()] = true;
    }

    /// Whether the stone at `l` is marked dead.
    pub fn contains(&self, l: Loc) -> bool {
        self.dead[l.index()]
    }

    /// The dead stones of a board, in location order.
    pub fn iter<'a>(&'a self, board: &'a Board) -> impl Iterator<Item = Loc> + 'a {
        board
            .locs()
            .filter(move |&l| self.dead[l.index()] && board.color_at(l).is_some())
    }
}

/// Scores `board` under `rules`, with the given stones taken off as dead.
/// Empty regions (dead stones' points included) that touch only one colour
/// are that colour's territory; regions touching both count for nobody, so
/// the shared liberties of a seki count for nobody. Under territory scoring
/// a region touching a chain in seki ([`seki_stones`]) also counts for
/// nobody, as in the Japanese rules; under area scoring the eyes of a seki
/// count for their owner, as in the Chinese rules.
pub fn score(board: &Board, rules: &Rules, dead: &DeadStones) -> Score {
    let seki = match rules.scoring {
        Scoring::Territory => seki_stones(board, rules, dead),
        Scoring::Area => LocSet::new(),
    };
    let mut seen = [false; SLOTS];
    let mut stack = Vec::with_capacity(board.area());
    let mut territory = ByColor::new(0u32, 0u32);
    let mut stones = ByColor::new(0u32, 0u32);
    let mut dead_of = ByColor::new(0u32, 0u32);
    let mut neutral = 0u32;
    let open = |l: Loc| board.color_at(l).is_none() || dead.contains(l);
    for l in board.locs() {
        match board.color_at(l) {
            Some(c) if !dead.contains(l) => stones[c] += 1,
            Some(c) => dead_of[c] += 1,
            None => {}
        }
    }
    for start in board.locs() {
        if !open(start) || seen[start.index()] {
            continue;
        }
        let mut size = 0u32;
        let (mut b, mut w, mut touches_seki) = (false, false, false);
        seen[start.index()] = true;
        stack.push(start);
        while let Some(l) = stack.pop() {
            size += 1;
            for n in board.neighbors(l) {
                if open(n) {
                    if !seen[n.index()] {
                        seen[n.index()] = true;
                        stack.push(n);
                    }
                } else {
                    touches_seki |= seki.contains(n);
                    match board.color_at(n) {
                        Some(Color::Black) => b = true,
                        Some(Color::White) => w = true,
                        None => {}
                    }
                }
            }
        }
        match (b, w, touches_seki) {
            (true, false, false) => territory.black += size,
            (false, true, false) => territory.white += size,
            _ => neutral += size,
        }
    }
    let prisoners = ByColor::new(
        board.captures(Color::Black) + dead_of.white,
        board.captures(Color::White) + dead_of.black,
    );
    let points = match rules.scoring {
        Scoring::Area => ByColor::new(
            f64::from(stones.black + territory.black),
            f64::from(stones.white + territory.white),
        ),
        Scoring::Territory => ByColor::new(
            f64::from(territory.black + prisoners.black),
            f64::from(territory.white + prisoners.white),
        ),
    };
    Score {
        points,
        komi: rules.komi,
        territory,
        stones,
        prisoners,
        neutral,
    }
}
