//! tengen as a Phantom Go player over GTP: the `phantom-*` commands of the
//! referee protocol (see [`crate::phantom::protocol`]) and `genmove` in Phantom
//! mode, answered from the player's own observations only.

use super::Session;
use crate::board::Board;
use crate::color::Color;
use crate::game::Game;
use crate::gtp::{CommandLine, GtpError};
use crate::phantom::player::{Naive, PhantomPlayer, RandomTries, Sampling};
use crate::phantom::{
    Observation, ParsePhantomError, PhantomCommand, PhantomVerb, PlayerView, StartRules,
};
use crate::point::Point;
use crate::rules::Rules;
use crate::search::{Engine, Search, SearchConfig};
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
pub const PHANTOM_COMMANDS: [&str; 8] = PhantomVerb::NAMES;

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

/// Whether every point `o` names is on a board of side `size`.
fn on_board(o: &Observation, size: usize) -> bool {
    let on = |p: &Point| p.x() < size && p.y() < size;
    match o {
        Observation::Accepted(p) | Observation::Refused(p) => on(p),
        Observation::Captured { points, .. } => points.iter().all(on),
        _ => true,
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
        if !name.starts_with(PhantomVerb::PREFIX) {
            return None;
        }
        let command = PhantomCommand::parse(name, &cl.args);
        let me = self.phantom_color;
        let size = self.game.size();
        Some(match command {
            Ok(PhantomCommand::Start(rules)) => self.phantom_start(&rules),
            Err(ParsePhantomError::Arguments(PhantomVerb::Start)) => Err(GtpError::Syntax),
            _ if self.phantom.is_none() => Err(GtpError::Other("not in a Phantom Go game".into())),
            Err(ParsePhantomError::UnknownCommand) => Err(GtpError::UnknownCommand),
            // The revealed board is of no use to the player: any
            // `phantom-game_over` ends the game.
            Ok(PhantomCommand::GameOver { .. })
            | Err(ParsePhantomError::Arguments(PhantomVerb::GameOver)) => {
                if let Some(state) = self.phantom.as_mut() {
                    state.over = true;
                }
                Ok(String::new())
            }
            Err(ParsePhantomError::Arguments(_)) => Err(GtpError::Syntax),
            Ok(command) => match (command.into_observation(me), self.phantom.as_mut()) {
                (Some(o), Some(state)) if on_board(&o, size) => {
                    // A try accepted on a point the player's own stone
                    // holds cannot be: the host and the player disagree.
                    if let Observation::Accepted(p) = o {
                        let view = PlayerView::new(me, &state.empty, &state.observations);
                        if view.own_board().get(p).is_some() {
                            return Some(Err(GtpError::IllegalMove));
                        }
                    }
                    state.observations.push(o);
                    Ok(String::new())
                }
                _ => Err(GtpError::Syntax),
            },
        })
    }

    fn phantom_start(&mut self, announced: &StartRules) -> Result<String, GtpError> {
        let rules = announced.apply(*self.game.rules());
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
            Box::new(Search::new(SearchConfig {
                threads: 1,
                seed,
                reuse_tree: false,
                resign_threshold: None,
                node_limit: 400_000,
                lag_margin: std::time::Duration::ZERO,
                // The book knows full boards, not a Phantom player's view.
                opening_book: false,
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

    /// In Phantom mode, the player's own view of the board for
    /// `showboard`: its own stones, as it knows them (the opponent's are
    /// hidden from it); `None` outside Phantom mode.
    pub(super) fn phantom_board(&self) -> Option<Game> {
        let state = self.phantom.as_ref()?;
        let view = PlayerView::new(self.phantom_color, &state.empty, &state.observations);
        Game::from_board(view.own_board().clone(), self.phantom_color, state.rules).ok()
    }

    fn phantom_genmove(&mut self, cl: &CommandLine) -> Result<String, GtpError> {
        let c: Color = match cl.args.as_slice() {
            [a] => a.parse().map_err(|_| GtpError::Syntax)?,
            _ => return Err(GtpError::Syntax),
        };
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
