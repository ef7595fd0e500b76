//! tengen's Phantom Go GTP extension as one typed command: the referee
//! writes a [`PhantomCommand`] with `Display`, the player reads it back
//! with [`PhantomCommand::parse`] (or `FromStr`).
//!
//! After the usual `boardsize`, `clear_board`, `komi` and (for a handicap)
//! `set_free_handicap`, the referee sends:
//! - `phantom-start [ko=simple|positional|situational]
//!   [suicide=forbidden|allowed] [capture_goal=N] [topology=toroidal]`:
//!   Phantom mode on, with the rules the referee applies.
//! - `genmove COLOR` (ordinary GTP): the engine's try, a vertex or `pass`
//!   (`resign` loses).
//! - `phantom-accepted VERTEX|pass`: the try was played.
//! - `phantom-refused VERTEX`: the try was illegal; the next `genmove`
//!   asks again for the same turn. A point may be tried once a turn.
//! - `phantom-opponent_refused`: one of the opponent's tries was refused.
//! - `phantom-opponent_moved`: the opponent played a stone somewhere.
//! - `phantom-opponent_passed`: the opponent passed.
//! - `phantom-captured COLOR VERTEX...`: these stones of COLOR were removed
//!   (the opponent's by a capture, or the mover's own by a suicide where
//!   the rules allow it); sent to both players.
//! - `phantom-game_over RESULT black VERTEX... white VERTEX...`: the end,
//!   with the real board revealed.
//!
//! Every command is answered with an empty success. The wire format is
//! fixed: engines of every tengen version must understand each other.

use crate::color::Color;
use crate::geometry::Topology;
use crate::phantom::Observation;
use crate::point::{Move, Point};
use crate::rules::{KoRule, Rules, Scoring, SuicideRule};
use crate::score::{Outcome, WinBy};
use std::fmt;
use std::str::FromStr;

/// The name of a Phantom Go command, without its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhantomVerb {
    /// `phantom-start`.
    Start,
    /// `phantom-accepted`.
    Accepted,
    /// `phantom-refused`.
    Refused,
    /// `phantom-opponent_refused`.
    OpponentRefused,
    /// `phantom-opponent_moved`.
    OpponentMoved,
    /// `phantom-opponent_passed`.
    OpponentPassed,
    /// `phantom-captured`.
    Captured,
    /// `phantom-game_over`.
    GameOver,
}

impl PhantomVerb {
    /// Every command of the extension, in the order of the protocol.
    pub const ALL: [PhantomVerb; 8] = [
        PhantomVerb::Start,
        PhantomVerb::Accepted,
        PhantomVerb::Refused,
        PhantomVerb::OpponentRefused,
        PhantomVerb::OpponentMoved,
        PhantomVerb::OpponentPassed,
        PhantomVerb::Captured,
        PhantomVerb::GameOver,
    ];

    /// Every command name, in the order of [`PhantomVerb::ALL`] (for
    /// `list_commands`).
    pub const NAMES: [&'static str; 8] = {
        let mut names = [""; 8];
        let mut i = 0;
        while i < names.len() {
            names[i] = PhantomVerb::ALL[i].name();
            i += 1;
        }
        names
    };

    /// The prefix every command name of the extension starts with.
    pub const PREFIX: &'static str = "phantom-";

    /// The command name on the wire, such as `phantom-start`.
    pub const fn name(self) -> &'static str {
        match self {
            PhantomVerb::Start => "phantom-start",
            PhantomVerb::Accepted => "phantom-accepted",
            PhantomVerb::Refused => "phantom-refused",
            PhantomVerb::OpponentRefused => "phantom-opponent_refused",
            PhantomVerb::OpponentMoved => "phantom-opponent_moved",
            PhantomVerb::OpponentPassed => "phantom-opponent_passed",
            PhantomVerb::Captured => "phantom-captured",
            PhantomVerb::GameOver => "phantom-game_over",
        }
    }

    /// The command with this exact name, if it is one of the extension's.
    pub fn from_name(name: &str) -> Option<PhantomVerb> {
        PhantomVerb::ALL.into_iter().find(|v| v.name() == name)
    }
}

impl fmt::Display for PhantomVerb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rules announced by `phantom-start`: each one given replaces the
/// player's own setting, each one left out keeps it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StartRules {
    /// `ko=simple|positional|situational`.
    pub ko: Option<KoRule>,
    /// `suicide=forbidden|allowed`.
    pub suicide: Option<SuicideRule>,
    /// `capture_goal=N`; 0 means no goal.
    pub capture_goal: Option<u32>,
    /// `topology=planar|toroidal` (`torus` is read as `toroidal`).
    pub topology: Option<Topology>,
}

impl StartRules {
    /// What the referee announces for `rules`: the ko and suicide rules
    /// always, the capture goal if there is one, the topology if toroidal.
    pub fn announce(rules: &Rules) -> StartRules {
        StartRules {
            ko: Some(rules.ko),
            suicide: Some(rules.suicide),
            capture_goal: rules.capture_goal,
            topology: (rules.topology == Topology::Toroidal).then_some(Topology::Toroidal),
        }
    }

    /// `rules` with the announced settings in place of its own, scored
    /// by area: Phantom Go always is.
    pub fn apply(&self, mut rules: Rules) -> Rules {
        rules.scoring = Scoring::Area;
        if let Some(ko) = self.ko {
            rules.ko = ko;
        }
        if let Some(suicide) = self.suicide {
            rules.suicide = suicide;
        }
        if let Some(n) = self.capture_goal {
            rules.capture_goal = (n > 0).then_some(n);
        }
        if let Some(topology) = self.topology {
            rules.topology = topology;
        }
        rules
    }

    /// Reads one `key=value` argument into `self`; `None` if it is not one.
    fn read(&mut self, arg: &str) -> Option<()> {
        let (key, value) = arg.split_once('=')?;
        match key {
            "ko" => self.ko = Some(KoRule::ALL.into_iter().find(|k| k.name() == value)?),
            "suicide" => {
                self.suicide = Some(SuicideRule::ALL.into_iter().find(|s| s.name() == value)?);
            }
            "capture_goal" => self.capture_goal = Some(value.parse().ok()?),
            "topology" => {
                self.topology = Some(Topology::from_name(value)?);
            }
            _ => return None,
        }
        Some(())
    }
}

impl fmt::Display for StartRules {
    /// The arguments, each after a space: ` ko=simple suicide=forbidden`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(ko) = self.ko {
            write!(f, " ko={}", ko.name())?;
        }
        if let Some(suicide) = self.suicide {
            write!(f, " suicide={}", suicide.name())?;
        }
        if let Some(n) = self.capture_goal {
            write!(f, " capture_goal={n}")?;
        }
        match self.topology {
            Some(t) => write!(f, " topology={}", t.name()),
            None => Ok(()),
        }
    }
}

/// One command of the Phantom Go extension, with its arguments.
#[derive(Clone, Debug, PartialEq)]
pub enum PhantomCommand {
    /// `phantom-start [ko=..] [suicide=..] [capture_goal=N] [topology=..]`.
    Start(StartRules),
    /// `phantom-accepted VERTEX|pass`: your try was played.
    Accepted(Move),
    /// `phantom-refused VERTEX`: your try was illegal; try again.
    Refused(Point),
    /// `phantom-opponent_refused`: one of the opponent's tries was refused.
    OpponentRefused,
    /// `phantom-opponent_moved`: the opponent played a stone somewhere.
    OpponentMoved,
    /// `phantom-opponent_passed`: the opponent passed.
    OpponentPassed,
    /// `phantom-captured COLOR VERTEX...`: these stones were removed.
    Captured {
        /// The colour of the removed stones.
        color: Color,
        /// Where they stood (at least one point).
        points: Vec<Point>,
    },
    /// `phantom-game_over RESULT black VERTEX... white VERTEX...`: the end,
    /// with the real board revealed.
    GameOver {
        /// The result, as the referee scored it.
        outcome: Outcome,
        /// Black's stones on the final board.
        black: Vec<Point>,
        /// White's stones on the final board.
        white: Vec<Point>,
    },
}

/// A line that is not a well-formed Phantom Go command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParsePhantomError {
    /// The name is not one of the extension's commands.
    UnknownCommand,
    /// A command of the extension with arguments it does not take.
    Arguments(PhantomVerb),
}

impl fmt::Display for ParsePhantomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePhantomError::UnknownCommand => f.write_str("not a Phantom Go command"),
            ParsePhantomError::Arguments(v) => write!(f, "invalid arguments to {v}"),
        }
    }
}

impl std::error::Error for ParsePhantomError {}

impl PhantomCommand {
    /// Which command this is.
    pub fn verb(&self) -> PhantomVerb {
        match self {
            PhantomCommand::Start(_) => PhantomVerb::Start,
            PhantomCommand::Accepted(_) => PhantomVerb::Accepted,
            PhantomCommand::Refused(_) => PhantomVerb::Refused,
            PhantomCommand::OpponentRefused => PhantomVerb::OpponentRefused,
            PhantomCommand::OpponentMoved => PhantomVerb::OpponentMoved,
            PhantomCommand::OpponentPassed => PhantomVerb::OpponentPassed,
            PhantomCommand::Captured { .. } => PhantomVerb::Captured,
            PhantomCommand::GameOver { .. } => PhantomVerb::GameOver,
        }
    }

    /// What a player told this command learns, having played as `me`;
    /// `None` for the commands that are not observations (start, game
    /// over: the player is not given the revealed board).
    pub fn into_observation(self, me: Color) -> Option<Observation> {
        Some(match self {
            PhantomCommand::Accepted(Move::Pass) => Observation::Passed(me),
            PhantomCommand::Accepted(Move::Play(p)) => Observation::Accepted(p),
            PhantomCommand::Refused(p) => Observation::Refused(p),
            PhantomCommand::OpponentRefused => Observation::OpponentRefused,
            PhantomCommand::OpponentMoved => Observation::OpponentMoved,
            PhantomCommand::OpponentPassed => Observation::Passed(me.opponent()),
            PhantomCommand::Captured { color, points } => Observation::Captured { color, points },
            PhantomCommand::Start(_) | PhantomCommand::GameOver { .. } => return None,
        })
    }

    /// Parses a command already split into its name and arguments (as a
    /// GTP session reads a line). Vertices are checked against the largest
    /// board only; the board in play is the reader's to check.
    ///
    /// # Errors
    /// [`ParsePhantomError`] for a name outside the extension, or
    /// arguments the command does not take.
    pub fn parse<S: AsRef<str>>(name: &str, args: &[S]) -> Result<Self, ParsePhantomError> {
        let verb = PhantomVerb::from_name(name).ok_or(ParsePhantomError::UnknownCommand)?;
        let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
        PhantomCommand::parse_args(verb, &args).ok_or(ParsePhantomError::Arguments(verb))
    }

    fn parse_args(verb: PhantomVerb, args: &[&str]) -> Option<PhantomCommand> {
        let points =
            |args: &[&str]| -> Option<Vec<Point>> { args.iter().map(|a| a.parse().ok()).collect() };
        Some(match (verb, args) {
            (PhantomVerb::Start, args) => {
                let mut rules = StartRules::default();
                for arg in args {
                    rules.read(arg)?;
                }
                PhantomCommand::Start(rules)
            }
            (PhantomVerb::Accepted, [mv]) => PhantomCommand::Accepted(mv.parse().ok()?),
            (PhantomVerb::Refused, [p]) => PhantomCommand::Refused(p.parse().ok()?),
            (PhantomVerb::OpponentRefused, []) => PhantomCommand::OpponentRefused,
            (PhantomVerb::OpponentMoved, []) => PhantomCommand::OpponentMoved,
            (PhantomVerb::OpponentPassed, []) => PhantomCommand::OpponentPassed,
            (PhantomVerb::Captured, [color, rest @ ..]) if !rest.is_empty() => {
                PhantomCommand::Captured {
                    color: color.parse().ok()?,
                    points: points(rest)?,
                }
            }
            (PhantomVerb::GameOver, [result, black, rest @ ..])
                if black.eq_ignore_ascii_case("black") =>
            {
                let w = rest.iter().position(|a| a.eq_ignore_ascii_case("white"))?;
                PhantomCommand::GameOver {
                    outcome: parse_outcome(result)?,
                    black: points(&rest[..w])?,
                    white: points(&rest[w + 1..])?,
                }
            }
            _ => return None,
        })
    }
}

impl fmt::Display for PhantomCommand {
    /// The command line the referee sends, without the newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let vertices = |f: &mut fmt::Formatter<'_>, points: &[Point]| {
            points.iter().try_for_each(|p| write!(f, " {p}"))
        };
        f.write_str(self.verb().name())?;
        match self {
            PhantomCommand::Start(rules) => write!(f, "{rules}"),
            PhantomCommand::Accepted(mv) => write!(f, " {mv}"),
            PhantomCommand::Refused(p) => write!(f, " {p}"),
            PhantomCommand::OpponentRefused
            | PhantomCommand::OpponentMoved
            | PhantomCommand::OpponentPassed => Ok(()),
            PhantomCommand::Captured { color, points } => {
                write!(f, " {color}")?;
                vertices(f, points)
            }
            PhantomCommand::GameOver {
                outcome,
                black,
                white,
            } => {
                write!(f, " {outcome} black")?;
                vertices(f, black)?;
                f.write_str(" white")?;
                vertices(f, white)
            }
        }
    }
}

impl FromStr for PhantomCommand {
    type Err = ParsePhantomError;

    /// Parses a whole command line: the name, then arguments separated by
    /// whitespace.
    fn from_str(s: &str) -> Result<PhantomCommand, ParsePhantomError> {
        let mut words = s.split_whitespace();
        let name = words.next().unwrap_or("");
        PhantomCommand::parse(name, &words.collect::<Vec<_>>())
    }
}

/// Reads a result as [`Outcome`]'s `Display` writes it: `B+3.5`, `W+R`,
/// `B+C`, `W+T`, or `0` for a draw.
fn parse_outcome(s: &str) -> Option<Outcome> {
    if s == "0" {
        return Some(Outcome::Draw);
    }
    let (winner, by) = s.split_once('+')?;
    let winner: Color = winner.parse().ok()?;
    let by = match by {
        "R" => WinBy::Resignation,
        "C" => WinBy::CaptureGoal,
        "T" => WinBy::Time,
        m => WinBy::Points(m.parse().ok().filter(|m: &f64| m.is_finite())?),
    };
    Some(Outcome::Win { winner, by })
}

#[cfg(test)]
mod tests;
