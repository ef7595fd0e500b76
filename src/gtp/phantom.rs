//! tengen as a Phantom Go player over GTP: the `phantom-*` commands of the
//! referee protocol (see [`crate::phantom`]) and `genmove` in Phantom
//! mode, answered from the player's own observations only.

use super::{CommandLine, GtpError, Session};
use crate::board::Board;
use crate::color::Color;
use crate::engine::Engine;
use crate::phantom::player::{Naive, PhantomPlayer, RandomTries, Sampling};
use crate::phantom::{Observation, PlayerView};
use crate::point::{Move, Point};
use crate::rules::Rules;
use crate::search::{MctsEngine, SearchConfig};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::Ordering;

/// Which Phantom Go player tengen is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PhantomKind {
    /// Guesses the hidden stones many times and searches each guess.
    #[default]
    Sampling,
    /// The standard engine on its partial view, as if it were the board.
    Naive,
    /// Random tries among the points it believes empty.
    Random,
}

impl FromStr for PhantomKind {
    type Err = String;
    fn from_str(s: &str) -> Result<PhantomKind, String> {
        match s.to_ascii_lowercase().as_str() {
            "sampling" => Ok(PhantomKind::Sampling),
            "naive" => Ok(PhantomKind::Naive),
            "random" => Ok(PhantomKind::Random),
            _ => Err(format!(
                "unknown Phantom Go player {s:?} (sampling, naive, random)"
            )),
        }
    }
}

impl fmt::Display for PhantomKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PhantomKind::Sampling => "sampling",
            PhantomKind::Naive => "naive",
            PhantomKind::Random => "random",
        })
    }
}

/// The Phantom Go commands, for `list_commands`.
pub const PHANTOM_COMMANDS: [&str; 8] = [
    "phantom-start",
    "phantom-accepted",
    "phantom-refused",
    "phantom-opponent_refused",
    "phantom-opponent_moved",
    "phantom-opponent_passed",
    "phantom-captured",
    "phantom-game_over",
];

/// The state of a Phantom game in progress.
pub(crate) struct PhantomState {
    rules: Rules,
    empty: Board,
    observations: Vec<Observation>,
    player: Box<dyn PhantomPlayer>,
    over: bool,
}

impl fmt::Debug for PhantomState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PhantomState({} observations)", self.observations.len())
    }
}

/// A vertex of a board of side `size`.
fn point_on(arg: &str, size: usize) -> Result<Point, GtpError> {
    let p: Point = arg.parse().map_err(|_| GtpError::Syntax)?;
    if p.x() < size && p.y() < size {
        Ok(p)
    } else {
        Err(GtpError::Syntax)
    }
}

fn one_arg(cl: &CommandLine) -> Result<&str, GtpError> {
    match cl.args.as_slice() {
        [a] => Ok(a.as_str()),
        _ => Err(GtpError::Syntax),
    }
}

impl Session {
    /// Handles a `phantom-*` command, or `genmove` in Phantom mode; `None`
    /// when the line is for the ordinary handlers.
    pub(super) fn phantom_command(&mut self, cl: &CommandLine) -> Option<Result<String, GtpError>> {
        let name = cl.name.as_str();
        if name == "genmove" && self.phantom.as_ref().is_some_and(|p| !p.over) {
            return Some(self.phantom_genmove(cl));
        }
        if !name.starts_with("phantom-") {
            return None;
        }
        if name == "phantom-start" {
            return Some(self.phantom_start(cl));
        }
        let size = self.game.size();
        let point = |a: &str| point_on(a, size);
        let Some(state) = self.phantom.as_mut() else {
            return Some(Err(GtpError::Other("not in a Phantom Go game".into())));
        };
        let obs = match name {
            "phantom-accepted" => one_arg(cl).and_then(|a| match a.parse::<Move>() {
                Ok(Move::Pass) => Ok(Observation::Passed(self.phantom_color)),
                Ok(Move::Play(_)) => point(a).map(Observation::Accepted),
                Err(_) => Err(GtpError::Syntax),
            }),
            "phantom-refused" => one_arg(cl).and_then(point).map(Observation::Refused),
            "phantom-opponent_refused" if cl.args.is_empty() => Ok(Observation::OpponentRefused),
            "phantom-opponent_moved" if cl.args.is_empty() => Ok(Observation::OpponentMoved),
            "phantom-opponent_passed" if cl.args.is_empty() => {
                Ok(Observation::Passed(self.phantom_color.opponent()))
            }
            "phantom-captured" => match cl.args.split_first() {
                Some((c, pts)) if !pts.is_empty() => c
                    .parse::<Color>()
                    .map_err(|_| GtpError::Syntax)
                    .and_then(|color| {
                        let points = pts
                            .iter()
                            .map(|a| point(a))
                            .collect::<Result<Vec<_>, _>>()?;
                        Ok(Observation::Captured { color, points })
                    }),
                _ => Err(GtpError::Syntax),
            },
            "phantom-game_over" => {
                state.over = true;
                return Some(Ok(String::new()));
            }
            _ if PHANTOM_COMMANDS.contains(&name) => Err(GtpError::Syntax),
            _ => Err(GtpError::UnknownCommand),
        };
        Some(obs.map(|o| {
            state.observations.push(o);
            String::new()
        }))
    }

    fn phantom_start(&mut self, cl: &CommandLine) -> Result<String, GtpError> {
        let mut rules = *self.game.rules();
        for arg in &cl.args {
            let (key, value) = arg.split_once('=').ok_or(GtpError::Syntax)?;
            match key {
                "capture_goal" => {
                    let n: u32 = value.parse().map_err(|_| GtpError::Syntax)?;
                    rules.capture_goal = (n > 0).then_some(n);
                }
                "ko" => {
                    rules.ko = crate::rules::KoRule::ALL
                        .into_iter()
                        .find(|k| k.name() == value)
                        .ok_or(GtpError::Syntax)?;
                }
                "suicide" => {
                    rules.suicide = crate::rules::SuicideRule::ALL
                        .into_iter()
                        .find(|s| s.name() == value)
                        .ok_or(GtpError::Syntax)?;
                }
                "topology" => {
                    rules.topology = match value {
                        "planar" => crate::geometry::Topology::Planar,
                        "toroidal" | "torus" => crate::geometry::Topology::Toroidal,
                        _ => return Err(GtpError::Syntax),
                    };
                }
                _ => return Err(GtpError::Syntax),
            }
        }
        let empty =
            Board::new(self.game.size(), rules.topology).map_err(|_| GtpError::UnacceptableSize)?;
        let mut observations = Vec::new();
        if !self.game.handicap().is_empty() {
            observations.push(Observation::Handicap(self.game.handicap().to_vec()));
        }
        // A different seed every game, so a match does not repeat itself.
        self.phantom_games += 1;
        let seed = self
            .config
            .seed
            .wrapping_add(self.phantom_games.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        // Each guess is a new position: one thread, no tree reuse, no
        // resignation (the Phantom player decides for itself).
        let engine = || -> Box<dyn Engine> {
            Box::new(MctsEngine::new(SearchConfig {
                threads: 1,
                seed,
                reuse_tree: false,
                resign_threshold: None,
                node_limit: 400_000,
                lag_margin: std::time::Duration::ZERO,
                ..SearchConfig::default()
            }))
        };
        let player: Box<dyn PhantomPlayer> = match self.config.phantom {
            PhantomKind::Sampling => Box::new(Sampling::new(engine(), seed)),
            PhantomKind::Naive => Box::new(Naive::new(engine())),
            PhantomKind::Random => Box::new(RandomTries::new(seed)),
        };
        self.phantom = Some(PhantomState {
            rules,
            empty,
            observations,
            player,
            over: false,
        });
        Ok(String::new())
    }

    fn phantom_genmove(&mut self, cl: &CommandLine) -> Result<String, GtpError> {
        let c: Color = one_arg(cl)?.parse().map_err(|_| GtpError::Syntax)?;
        self.phantom_color = c;
        let limits = self.move_limits(c);
        self.signals.stop.store(false, Ordering::SeqCst);
        let Some(state) = self.phantom.as_mut() else {
            return Err(GtpError::Other("not in a Phantom Go game".into()));
        };
        let view = PlayerView::new(c, &state.empty, &state.observations);
        let mv = state
            .player
            .choose(&view, &state.rules, &limits, &self.signals.stop);
        Ok(mv.to_string())
    }
}
