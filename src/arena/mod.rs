//! Engine-against-engine matches over GTP, refereed by the library: the
//! machinery behind `tengen match`. Nothing here prints; progress reaches
//! the caller through a callback.
//!
//! Every command sent to an engine carries an id that its answer must echo
//! ([`GtpClient`]), and each engine runs in its own
//! process group, ended whole when it loses or the match ends.

mod teacher;

pub use teacher::{teacher_game, TeacherConfig};

use crate::color::Color;
use crate::game::Game;
use crate::geometry::{Loc, SizeError, Topology};
use crate::gtp::{kgs_time_settings_args, time_settings_args, ClientError, GtpClient};
use crate::handicap::HandicapError;
use crate::point::Move;
use crate::rules::Rules;
use crate::score::Outcome;
use crate::time_system::{PlayerClock, TimeSystem};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

/// What a match plays.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The two engines' command lines; engine 0 has Black in even games.
    pub engines: [String; 2],
    /// How many games.
    pub games: usize,
    /// Board side.
    pub size: usize,
    /// The rules the referee applies (komi included); engines are told the
    /// board size, komi, time and a toroidal topology
    /// (`tengen-rules_topology`), not the other rules (set those on their
    /// command lines, e.g. GNU Go's `--chinese-rules`).
    pub rules: Rules,
    /// Seconds per move, sent as `time_settings 0 T 1` and `time_left`
    /// (not enforced beyond [`MatchConfig::timeout`]).
    pub time_per_move: Option<f64>,
    /// A real clock kept by the referee ([`TimeSystem::None`]: none): sent
    /// with `kgs-time_settings` (or the nearest `time_settings` to an
    /// engine that refuses it) and `time_left` before every move; a move
    /// that overruns what is left loses the game on time.
    pub time_system: TimeSystem,
    /// The longest wait for any answer; an engine slower than this loses.
    pub timeout: Duration,
    /// Games played at once, each by its own pair of engine processes.
    pub parallel: usize,
    /// Moves after which a game is stopped and scored (0: 3 x the points).
    pub max_moves: usize,
    /// Engine 0 has Black in every game instead of alternating colours
    /// (handicap matches where one engine always gives the stones).
    pub fixed_colors: bool,
    /// Fixed handicap stones for Black (0 for none; otherwise from 2 to
    /// [`max_fixed_handicap`](crate::max_fixed_handicap) of the size), sent
    /// to both engines with `set_free_handicap`.
    pub handicap: usize,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// Two passes or the move limit; scored by the referee.
    Scored,
    /// A player resigned.
    Resigned(Color),
    /// A player sent a move that is illegal under the referee's rules.
    IllegalMove(Color, String),
    /// A player's engine crashed, or answered nothing in time.
    Failed(Color, String),
    /// A player ran out of time on the referee's clock.
    TimeLoss(Color),
    /// A player refused a legal move of its opponent, or sent garbage.
    Protocol(Color, String),
}

impl Termination {
    /// The result of a game ended this way without scoring: a win for the
    /// opponent of the player who resigned or broke the rules or protocol
    /// (written `+R`); `None` for [`Termination::Scored`].
    pub(crate) fn forfeit(&self) -> Option<Outcome> {
        match self {
            Termination::Scored => None,
            Termination::TimeLoss(c) => Some(Outcome::Win {
                winner: c.opponent(),
                by: crate::score::WinBy::Time,
            }),
            Termination::Resigned(c)
            | Termination::IllegalMove(c, _)
            | Termination::Failed(c, _)
            | Termination::Protocol(c, _) => Some(Outcome::Win {
                winner: c.opponent(),
                by: crate::score::WinBy::Resignation,
            }),
        }
    }
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The game's number, from 0.
    pub index: usize,
    /// Which engine (0 or 1) had Black.
    pub black_engine: usize,
    /// The game as the referee saw it.
    pub game: Game,
    /// The result.
    pub outcome: Outcome,
    /// How it ended.
    pub termination: Termination,
    /// The longest time one move took, per colour.
    pub slowest_move: [Duration; 2],
    /// The time all of a colour's `genmove` answers took together, per
    /// colour (over its moves in [`GameRecord::game`]: the mean time a
    /// move).
    pub thinking: [Duration; 2],
    /// Whether both engines, asked `final_status_list dead` after a scored
    /// game, named exactly the dead stones the referee counted with (the
    /// library's one decision, [`Game::dead_stones`]).
    pub engines_agreed_on_dead: bool,
    /// Each engine's `name` and `version` (by engine, not by colour), or
    /// its command line when it did not say.
    pub players: [String; 2],
    /// Under the referee's clock ([`MatchConfig::time_system`]), the
    /// fraction of its main time each colour used (1 once in overtime);
    /// 0 without a clock.
    pub main_time_used: [f64; 2],
}

impl GameRecord {
    /// The engine (0 or 1) that won, if the game was not drawn.
    pub fn winner_engine(&self) -> Option<usize> {
        let w = self.outcome.winner()?;
        Some(if w == Color::Black {
            self.black_engine
        } else {
            1 - self.black_engine
        })
    }
}

/// The running totals of a match, from engine 0's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchSummary {
    /// Games won by each engine.
    pub wins: [usize; 2],
    /// Drawn games.
    pub draws: usize,
}

impl MatchSummary {
    /// Games counted.
    pub fn games(&self) -> usize {
        self.wins[0] + self.wins[1] + self.draws
    }

    /// Adds one game.
    pub fn add(&mut self, record: &GameRecord) {
        match record.winner_engine() {
            Some(e) => self.wins[e] += 1,
            None => self.draws += 1,
        }
    }

    /// Engine 0's score rate (a draw counts one half), or `None` before any game.
    pub fn win_rate(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins[0] as f64 + 0.5 * self.draws as f64) / n as f64)
    }

    /// The 95% confidence interval of engine 0's score rate (Wilson score
    /// interval, which behaves at 0% and 100% too).
    pub fn confidence_95(&self) -> Option<(f64, f64)> {
        let p = self.win_rate()?;
        Some(wilson(p, self.games() as f64, 1.959_964))
    }

    /// The Elo difference of engine 0 over engine 1 implied by a score
    /// rate (infinite at 0% and 100%).
    pub fn elo(rate: f64) -> f64 {
        if rate <= 0.0 {
            f64::NEG_INFINITY
        } else if rate >= 1.0 {
            f64::INFINITY
        } else {
            -400.0 * (1.0 / rate - 1.0).log10()
        }
    }
}

/// Why a match cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// An engine cannot be started.
    Engine(ClientError),
    /// The board size is not from 1 to 25.
    Size(SizeError),
    /// The handicap is not a fixed handicap of this board size.
    Handicap(HandicapError),
}

impl std::fmt::Display for MatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchError::Engine(e) => e.fmt(f),
            MatchError::Size(e) => e.fmt(f),
            MatchError::Handicap(e) => write!(f, "handicap: {e}"),
        }
    }
}

impl std::error::Error for MatchError {}

/// Checks a match's settings and that both engines start.
pub(crate) fn preflight(cfg: &MatchConfig) -> Result<(), MatchError> {
    Game::new(cfg.size, cfg.rules).map_err(MatchError::Size)?;
    if cfg.handicap != 0 {
        crate::handicap::fixed_handicap_points(cfg.size, cfg.handicap)
            .map_err(MatchError::Handicap)?;
    }
    for e in &cfg.engines {
        GtpClient::spawn(e).map_err(MatchError::Engine)?.quit();
    }
    Ok(())
}

/// The game a match plays: `cfg.size` if valid (checked by `preflight`),
/// else 9x9.
pub(crate) fn new_game(cfg: &MatchConfig) -> Game {
    Game::new(cfg.size, cfg.rules)
        .or_else(|_| Game::new(9, cfg.rules))
        .unwrap_or_else(|_| unreachable!("9x9 is always a valid size"))
}

/// The Wilson score interval for rate `p` over `n` trials at `z` deviations.
fn wilson(p: f64, n: f64, z: f64) -> (f64, f64) {
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Plays the whole match, `parallel` games at a time, calling `on_game`
/// (on the caller's thread) as each game ends; returns the totals.
///
/// # Errors
/// [`MatchError`] when the board size or the handicap is invalid, or an
/// engine cannot be started at all.
pub fn run_match(
    cfg: &MatchConfig,
    on_game: impl FnMut(&GameRecord, &MatchSummary),
) -> Result<MatchSummary, MatchError> {
    run_games(cfg, play_game, |r| r, on_game)
}

/// Plays games `0..cfg.games` with `play`, `cfg.parallel` at a time, each
/// thread with its own pair of engines (quit at the end); calls `on_game`
/// on the caller's thread as each game ends and returns the totals, counted
/// on the [`GameRecord`] that `record` finds in each result.
pub(crate) fn run_games<R: Send>(
    cfg: &MatchConfig,
    play: impl Fn(&MatchConfig, usize, &mut [Option<GtpClient>; 2]) -> R + Sync,
    record: impl Fn(&R) -> &GameRecord,
    mut on_game: impl FnMut(&R, &MatchSummary),
) -> Result<MatchSummary, MatchError> {
    // Fail early, on the caller's thread.
    preflight(cfg)?;
    let next = AtomicUsize::new(0);
    let (tx, rx) = channel();
    let mut summary = MatchSummary::default();
    std::thread::scope(|scope| {
        for _ in 0..cfg.parallel.clamp(1, cfg.games.max(1)) {
            let tx = tx.clone();
            let (next, play) = (&next, &play);
            scope.spawn(move || {
                let mut engines: [Option<GtpClient>; 2] = [None, None];
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= cfg.games || tx.send(play(cfg, i, &mut engines)).is_err() {
                        break;
                    }
                }
                for e in engines.into_iter().flatten() {
                    e.quit();
                }
            });
        }
        drop(tx);
        for r in rx {
            summary.add(record(&r));
            on_game(&r, &summary);
        }
    });
    Ok(summary)
}

/// A player's engine, started (or restarted after a failure) on demand.
/// Each engine's `name` and `version`, starting any engine that is not
/// running (its command line when it cannot be asked).
pub(crate) fn identities(cfg: &MatchConfig, engines: &mut [Option<GtpClient>; 2]) -> [String; 2] {
    let mut ask = |e: usize| {
        engine(&mut engines[e], &cfg.engines[e])
            .map(|g| g.identity(cfg.timeout))
            .unwrap_or_else(|_| cfg.engines[e].clone())
    };
    [ask(0), ask(1)]
}

pub(crate) fn engine<'a>(
    slot: &'a mut Option<GtpClient>,
    cmd: &str,
) -> Result<&'a mut GtpClient, ClientError> {
    if slot.is_none() {
        *slot = Some(GtpClient::spawn(cmd)?);
    }
    slot.as_mut().ok_or(ClientError::Gone)
}

/// Plays game number `index` between the engines (engine `index % 2` has
/// Black, or engine 0 always with [`MatchConfig::fixed_colors`]), starting
/// any engine that is not running.
pub fn play_game(
    cfg: &MatchConfig,
    index: usize,
    engines: &mut [Option<GtpClient>; 2],
) -> GameRecord {
    let black_engine = black_engine_of(cfg, index);
    let mut game = new_game(cfg);
    let seat = |c: Color| {
        if c == Color::Black {
            black_engine
        } else {
            1 - black_engine
        }
    };
    let mut slowest = [Duration::ZERO; 2];
    let thinking = std::cell::Cell::new([Duration::ZERO; 2]);
    let t = cfg.timeout;
    let players = identities(cfg, engines);
    let system = cfg.time_system;
    let clocks = std::cell::Cell::new([PlayerClock::start(system); 2]);
    // Whether each colour's engine took `kgs-time_settings` (else it was
    // sent the nearest `time_settings`, and counts periods as one).
    let mut kgs_time = [true; 2];
    let finish = |game: Game, term: Termination, slowest, engines_agreed_on_dead: bool| {
        // The one dead-stone decision of a finished game, whatever the
        // engines say: the same count as `final_score` and the library.
        let dead = game.dead_stones();
        // A forfeit, else the game's own end (a Capture Go goal reached),
        // else the score of the position as it stands.
        let outcome = term.forfeit().unwrap_or_else(|| {
            game.result_with(&dead)
                .unwrap_or_else(|| game.score_with(&dead).outcome(game.rules().tie))
        });
        GameRecord {
            index,
            black_engine,
            game,
            outcome,
            termination: term,
            slowest_move: slowest,
            thinking: thinking.get(),
            engines_agreed_on_dead,
            players: players.clone(),
            main_time_used: clocks.get().map(|c| c.main_time_used(system)),
        }
    };

    if cfg.handicap >= 2 {
        let _ = game.set_fixed_handicap(cfg.handicap);
    }
    let handicap: String = game.handicap().iter().map(|p| format!(" {p}")).collect();
    // Set both engines up.
    for c in Color::ALL {
        let e = seat(c);
        let mut setup = vec![
            format!("boardsize {}", cfg.size),
            "clear_board".to_string(),
            format!("komi {}", cfg.rules.komi),
        ];
        // The topology changes which moves are legal: an engine that
        // cannot play on a torus refuses this and loses the game at once,
        // rather than its every move being judged on another board.
        if cfg.rules.topology != Topology::Planar {
            setup.push(format!(
                "tengen-rules_topology {}",
                cfg.rules.topology.name()
            ));
        }
        if !handicap.is_empty() {
            setup.push(format!("set_free_handicap{handicap}"));
        }
        if let Some(tpm) = cfg.time_per_move {
            setup.push(format!("time_settings 0 {} 1", tpm.ceil().max(1.0)));
        }
        if system != TimeSystem::None {
            // After `clear_board`; an engine that refuses it is sent the
            // nearest plain `time_settings`.
            setup.push(format!(
                "kgs-time_settings {}",
                kgs_time_settings_args(system)
            ));
        }
        for cmd in setup {
            let mut r = engine(&mut engines[e], &cfg.engines[e]).and_then(|g| g.send(&cmd, t));
            if cmd.starts_with("kgs-time_settings ") && matches!(r, Err(ClientError::Refused(_))) {
                kgs_time[c.index()] = false;
                let plain = format!("time_settings {}", time_settings_args(system));
                r = engine(&mut engines[e], &cfg.engines[e]).and_then(|g| g.send(&plain, t));
            }
            if let Err(err) = r {
                engines[e] = None;
                return finish(
                    game,
                    Termination::Failed(c, format!("{cmd}: {err}")),
                    slowest,
                    false,
                );
            }
        }
    }

    let limit = if cfg.max_moves == 0 {
        3 * cfg.size * cfg.size
    } else {
        cfg.max_moves
    };
    while !game.is_over() && game.moves().len() < limit {
        let c = game.to_move();
        let (me, other) = (seat(c), seat(c.opponent()));
        if let Some(tpm) = cfg.time_per_move {
            let cmd = format!("time_left {} {} 1", c, tpm.ceil().max(1.0));
            if let Ok(g) = engine(&mut engines[me], &cfg.engines[me]) {
                let _ = g.send(&cmd, t);
            }
        }
        let left = clocks.get()[c.index()];
        // The longest wait: the timeout, or all that is left on the clock
        // and a little more (an engine past it has lost anyway).
        let mut wait = t;
        if system != TimeSystem::None {
            // Engines told the plain `time_settings` count one stone a
            // Japanese period, as kgsGtp tells them.
            let stones = if kgs_time[c.index()] {
                left.stones
            } else {
                left.stones.min(1)
            };
            let cmd = format!("time_left {c} {} {stones}", clock_seconds(left.seconds));
            if let Ok(g) = engine(&mut engines[me], &cfg.engines[me]) {
                let _ = g.send(&cmd, t);
            }
            wait = wait.max(Duration::from_secs_f64(
                time_on_clock(system, left) + CLOCK_WAIT_GRACE,
            ));
        }
        let started = Instant::now();
        let reply = engine(&mut engines[me], &cfg.engines[me])
            .and_then(|g| g.send(&format!("genmove {c}"), wait));
        let spent = started.elapsed();
        slowest[c.index()] = slowest[c.index()].max(spent);
        let mut th = thinking.get();
        th[c.index()] += spent;
        thinking.set(th);
        if system != TimeSystem::None {
            let mut all = clocks.get();
            let overran = all[c.index()].spend(system, spent.as_secs_f64()).is_err();
            clocks.set(all);
            if overran {
                return finish(game, Termination::TimeLoss(c), slowest, false);
            }
        }
        let text = match reply {
            Ok(text) => text,
            Err(err) => {
                engines[me] = None;
                // An answer that is not GTP, or not to this command (a
                // stray `= resign`), is the engine's protocol error.
                let term = if matches!(err, ClientError::Garbled(_)) {
                    Termination::Protocol(c, format!("genmove: {err}"))
                } else {
                    Termination::Failed(c, format!("genmove: {err}"))
                };
                return finish(game, term, slowest, false);
            }
        };
        if text.eq_ignore_ascii_case("resign") {
            game.resign(c);
            return finish(game, Termination::Resigned(c), slowest, false);
        }
        let mv = match text.parse::<Move>() {
            Ok(mv) => mv,
            Err(_) => {
                return finish(
                    game,
                    Termination::Protocol(c, format!("genmove answered {text:?}")),
                    slowest,
                    false,
                );
            }
        };
        if let Err(e) = game.play_as(c, mv) {
            return finish(
                game,
                Termination::IllegalMove(c, format!("{mv}: {e}")),
                slowest,
                false,
            );
        }
        let cmd = format!("play {c} {mv}");
        if let Err(err) =
            engine(&mut engines[other], &cfg.engines[other]).and_then(|g| g.send(&cmd, t))
        {
            let loser = c.opponent();
            if matches!(err, ClientError::Refused(_)) {
                return finish(
                    game,
                    Termination::Protocol(loser, format!("{cmd}: {err}")),
                    slowest,
                    false,
                );
            }
            engines[other] = None;
            return finish(
                game,
                Termination::Failed(loser, format!("{cmd}: {err}")),
                slowest,
                false,
            );
        }
    }
    // Two passes or the referee's move cap: score the position as it stands,
    // noting whether both engines name the referee's dead stones.
    let referee: Vec<Loc> = {
        let dead = game.dead_stones();
        dead.iter(game.board()).collect()
    };
    let mut agree = true;
    for e in engines.iter_mut() {
        let list = e
            .as_mut()
            .and_then(|g| g.send("final_status_list dead", t).ok())
            .and_then(|text| dead_list(&game, &text));
        agree &= list.as_ref() == Some(&referee);
    }
    finish(game, Termination::Scored, slowest, agree)
}

/// The engine (0 or 1) with Black in game `index`.
pub(crate) fn black_engine_of(cfg: &MatchConfig, index: usize) -> usize {
    if cfg.fixed_colors {
        0
    } else {
        index % 2
    }
}

/// Seconds an engine may wait for a `genmove` answer beyond all the time
/// left on its clock before the referee gives up on it (it has lost on
/// time by then).
const CLOCK_WAIT_GRACE: f64 = 10.0;

/// Seconds as `time_left` sends them: whole seconds, rounded down (GTP's
/// integer), but hundredths under one second rather than nothing.
fn clock_seconds(seconds: f64) -> String {
    if seconds >= 1.0 {
        format!("{}", seconds.floor())
    } else {
        format!("{:.2}", seconds.max(0.0))
    }
}

/// All the time a player could still spend on one move: what is left, and
/// under Japanese byo-yomi every period but the one in progress.
fn time_on_clock(system: TimeSystem, left: PlayerClock) -> f64 {
    match system {
        TimeSystem::None => 0.0,
        TimeSystem::Absolute { .. } => left.seconds,
        TimeSystem::Canadian { period, .. } => {
            if left.in_overtime() {
                left.seconds
            } else {
                left.seconds + period
            }
        }
        TimeSystem::Byoyomi {
            period, periods, ..
        } => {
            if left.in_overtime() {
                left.seconds + period * f64::from(left.stones.saturating_sub(1))
            } else {
                left.seconds + period * f64::from(periods)
            }
        }
    }
}

/// Parses a `final_status_list` answer into sorted locations of stones on
/// the board; `None` if any vertex is bad or not a stone.
fn dead_list(game: &Game, text: &str) -> Option<Vec<Loc>> {
    let board = game.board();
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        let p: crate::point::Point = word.parse().ok()?;
        let l = board.loc(p)?;
        board.color_at(l)?;
        out.push(l);
    }
    out.sort();
    out.dedup();
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_and_elo() {
        let s = MatchSummary {
            wins: [90, 10],
            draws: 0,
        };
        let (lo, hi) = s.confidence_95().unwrap();
        // Known values for 90/100 (Wilson, z = 1.96): about 0.826 to 0.945.
        assert!((lo - 0.8256).abs() < 0.002, "{lo}");
        assert!((hi - 0.9448).abs() < 0.002, "{hi}");
        assert!((MatchSummary::elo(0.75) - 190.85).abs() < 0.1);
        assert_eq!(MatchSummary::elo(0.5), 0.0);
        let all = MatchSummary {
            wins: [10, 0],
            draws: 0,
        };
        let (lo, hi) = all.confidence_95().unwrap();
        assert!(lo > 0.69 && lo < 0.73 && hi > 0.9999, "{lo} {hi}");
        assert_eq!(MatchSummary::default().win_rate(), None);
    }
}
