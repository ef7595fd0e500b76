//! Phantom Go games between two GTP engines that speak tengen's Phantom
//! extension, refereed by [`Referee`]: the machinery behind `tengen
//! referee`. An engine is never sent its opponent's move points.
//!
//! The commands and their wire format are [`PhantomCommand`]'s.

use crate::arena::{
    engine, identities, new_game, run_games, GameRecord, MatchConfig, MatchError, MatchSummary,
    Termination,
};
use crate::color::Color;
use crate::gtp::{ClientError, GtpClient};
use crate::phantom::{Observation, PhantomCommand, Referee, StartRules, TryError, TryOutcome};
use crate::point::{Move, Point};
use crate::rules::{Rules, Scoring};
use std::time::{Duration, Instant};

/// A finished Phantom game: the record, and each move's refused tries.
#[derive(Clone, Debug)]
pub struct PhantomRecord {
    /// The game as refereed (real moves), its result and how it ended.
    pub record: GameRecord,
    /// For each move index (from 0) that had them, the points its player
    /// tried and was refused before it.
    pub refused: Vec<(usize, Vec<Point>)>,
}

/// Plays a whole Phantom match, `parallel` games at a time, calling
/// `on_game` as each ends.
///
/// # Errors
/// [`MatchError`] when the board size or the handicap is invalid, or an
/// engine cannot be started at all.
pub fn run_phantom_match(
    cfg: &MatchConfig,
    on_game: impl FnMut(&PhantomRecord, &MatchSummary),
) -> Result<MatchSummary, MatchError> {
    run_games(cfg, play_phantom_game, |r| &r.record, on_game)
}

fn vertices(points: &[Point]) -> String {
    points.iter().map(|p| format!(" {p}")).collect()
}

/// Plays Phantom game number `index` (engine `index % 2` has Black, or
/// engine 0 always with [`MatchConfig::fixed_colors`]).
pub fn play_phantom_game(
    cfg: &MatchConfig,
    index: usize,
    engines: &mut [Option<GtpClient>; 2],
) -> PhantomRecord {
    let black_engine = crate::arena::black_engine_of(cfg, index);
    let seat = |c: Color| {
        if c == Color::Black {
            black_engine
        } else {
            1 - black_engine
        }
    };
    // Phantom Go is scored by area, whatever the configured rules say
    // (the Computer Olympiad's rules): territory scoring would count the
    // prisoners that the players cannot see.
    let cfg = &MatchConfig {
        rules: Rules {
            scoring: Scoring::Area,
            ..cfg.rules
        },
        ..cfg.clone()
    };
    let mut game = new_game(cfg);
    if cfg.handicap >= 2 {
        let _ = game.set_fixed_handicap(cfg.handicap);
    }
    let handicap = game.handicap().to_vec();
    let mut referee = Referee::new(game);
    let mut slowest = [Duration::ZERO; 2];
    let thinking = std::cell::Cell::new([Duration::ZERO; 2]);
    let mut refused: Vec<(usize, Vec<Point>)> = Vec::new();
    let t = cfg.timeout;
    let players = identities(cfg, engines);
    let finish = |referee: &Referee, term: Termination, slowest, refused| {
        let outcome = term
            .forfeit()
            .unwrap_or_else(|| referee.game().result_preview());
        PhantomRecord {
            record: GameRecord {
                index,
                black_engine,
                game: referee.game().clone(),
                outcome,
                termination: term,
                slowest_move: slowest,
                thinking: thinking.get(),
                engines_agreed_on_dead: false,
                players: players.clone(),
                main_time_used: [0.0; 2],
            },
            refused,
        }
    };
    // Sends `cmd` to colour `c`'s engine; a failure loses the game for `c`.
    macro_rules! tell {
        ($c:expr, $cmd:expr) => {{
            let c: Color = $c;
            let cmd: String = $cmd;
            let e = seat(c);
            if let Err(err) = engine(&mut engines[e], &cfg.engines[e]).and_then(|g| g.send(&cmd, t))
            {
                let term = if matches!(err, ClientError::Refused(_)) {
                    Termination::Protocol(c, format!("{cmd}: {err}"))
                } else {
                    engines[e] = None;
                    Termination::Failed(c, format!("{cmd}: {err}"))
                };
                return finish(&referee, term, slowest, refused);
            }
        }};
    }

    let start = PhantomCommand::Start(StartRules::announce(&cfg.rules));
    for c in Color::ALL {
        tell!(c, format!("boardsize {}", cfg.size));
        tell!(c, "clear_board".to_string());
        tell!(c, format!("komi {}", cfg.rules.komi));
        if !handicap.is_empty() {
            tell!(c, format!("set_free_handicap{}", vertices(&handicap)));
        }
        if let Some(tpm) = cfg.time_per_move {
            tell!(c, format!("time_settings 0 {} 1", tpm.ceil().max(1.0)));
        }
        tell!(c, start.to_string());
    }

    let limit = if cfg.max_moves == 0 {
        3 * cfg.size * cfg.size
    } else {
        cfg.max_moves
    };
    let mut this_turn: Vec<Point> = Vec::new();
    while !referee.is_over() && referee.game().moves().len() < limit {
        let c = referee.to_move();
        let e = seat(c);
        let started = Instant::now();
        let reply = engine(&mut engines[e], &cfg.engines[e])
            .and_then(|g| g.send(&format!("genmove {c}"), t));
        slowest[c.index()] = slowest[c.index()].max(started.elapsed());
        let mut th = thinking.get();
        th[c.index()] += started.elapsed();
        thinking.set(th);
        let text = match reply {
            Ok(text) => text,
            Err(err) => {
                engines[e] = None;
                return finish(
                    &referee,
                    Termination::Failed(c, format!("genmove: {err}")),
                    slowest,
                    refused,
                );
            }
        };
        if text.eq_ignore_ascii_case("resign") {
            return finish(&referee, Termination::Resigned(c), slowest, refused);
        }
        let Ok(mv) = text.parse::<Move>() else {
            return finish(
                &referee,
                Termination::Protocol(c, format!("genmove answered {text:?}")),
                slowest,
                refused,
            );
        };
        let moves_before = referee.game().moves().len();
        let seen = referee.observations(c).len();
        match referee.try_move(mv) {
            Err(err @ (TryError::RepeatedTry | TryError::OffBoard)) => {
                return finish(
                    &referee,
                    Termination::IllegalMove(c, format!("{mv}: {err}")),
                    slowest,
                    refused,
                );
            }
            Err(TryError::GameOver) => break,
            Ok(TryOutcome::Refused) => {
                // Only a point can be refused: a pass is always played.
                if let Move::Play(p) = mv {
                    this_turn.push(p);
                    tell!(c, PhantomCommand::Refused(p).to_string());
                }
                tell!(c.opponent(), PhantomCommand::OpponentRefused.to_string());
            }
            Ok(_) => {
                if !this_turn.is_empty() {
                    refused.push((moves_before, std::mem::take(&mut this_turn)));
                }
                tell!(c, PhantomCommand::Accepted(mv).to_string());
                let told = if mv == Move::Pass {
                    PhantomCommand::OpponentPassed
                } else {
                    PhantomCommand::OpponentMoved
                };
                tell!(c.opponent(), told.to_string());
                // Every removal the referee announced for this move: the
                // opponent's captured stones, and the mover's own where
                // suicide is allowed.
                let removals: Vec<(Color, Vec<Point>)> = referee.observations(c)[seen..]
                    .iter()
                    .filter_map(|o| match o {
                        Observation::Captured { color, points } => Some((*color, points.clone())),
                        _ => None,
                    })
                    .collect();
                for (color, points) in removals {
                    let told = PhantomCommand::Captured { color, points };
                    for who in [c, c.opponent()] {
                        tell!(who, told.to_string());
                    }
                }
            }
        }
    }
    let outcome = referee.game().result_preview();
    let board = referee.game().board();
    let stones = |c: Color| -> Vec<Point> {
        board
            .locs()
            .filter(|&l| board.color_at(l) == Some(c))
            .map(|l| board.point(l))
            .collect()
    };
    let reveal = PhantomCommand::GameOver {
        outcome,
        black: stones(Color::Black),
        white: stones(Color::White),
    }
    .to_string();
    for c in Color::ALL {
        if let Some(g) = engines[seat(c)].as_mut() {
            let _ = g.send(&reveal, t);
        }
    }
    finish(&referee, Termination::Scored, slowest, refused)
}
