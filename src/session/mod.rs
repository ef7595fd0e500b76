//! The GTP session: the game, the clock and the engine. A [`Session`]
//! reads lines from a [`LineSource`] and writes responses to any
//! [`Write`], so tests run it in process; each line is parsed by the
//! protocol ([`crate::gtp`]) and answered with the tree search
//! ([`crate::search`]), exactly once.
//!
//! ```
//! use tengen::session::{transcript, Config};
//!
//! let out = transcript(Config::default(), b"1 boardsize 9\nplay b e5\n2 showboard\nfoo\n");
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.starts_with("=1 \n\n= \n\n=2 \n"));
//! assert!(text.ends_with("? unknown command\n\n"));
//! ```

mod analyze;
mod files;
mod handlers;
mod phantom;
mod ponder;
mod scoring;

pub use phantom::{PhantomKind, PHANTOM_COMMANDS};

use analyze::Format;

use crate::game::Game;
use crate::geometry::SizeError;
use crate::gtp::{
    preprocess, respond, Command, CommandLine, GtpError, Line, LineSource, ReaderSource, Signals,
};
use crate::learn::Model;
use crate::rules::Rules;
use crate::search::{
    Clock, DynamicKomi, Engine, KomiMode, Level, Limits, PriorSource, Search, SearchConfig, Tuning,
    Widening,
};
use std::io::{self, Write};
use std::sync::Arc;
use std::time::Duration;

/// How a session starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The rules, komi included, until a host changes them.
    pub rules: Rules,
    /// The board size until `boardsize`.
    pub size: usize,
    /// The search limits of one move (a clock announced by the host can
    /// shorten the time). With neither a playout count nor a time set, the
    /// default level's ([`Level::default`]).
    pub limits: Limits,
    /// Time kept back from every clock budget for network lag.
    pub lag: Duration,
    /// The seed of the search.
    pub seed: u64,
    /// Resign below this win rate (`None`: never resign).
    pub resign_threshold: Option<f32>,
    /// Search threads.
    pub threads: usize,
    /// The most tree nodes the tree search keeps, about 32 bytes each
    /// (`None`: the search configuration's own limit).
    pub max_nodes: Option<usize>,
    /// Which Phantom Go player answers `genmove` in Phantom mode.
    pub phantom: PhantomKind,
    /// The playing level whose limits are in force (`None`: limits set
    /// by playouts or time).
    pub level: Option<Level>,
    /// Where the tree search's priors come from (kept when the level
    /// changes).
    pub priors: PriorSource,
    /// The learned model of the priors (`None`: the one built in).
    pub model: Option<Arc<Model>>,
    /// Progressive widening by the learned ranking (with `learned` or
    /// `blend` priors): [`Widening::DEFAULT`] when on.
    pub widening: bool,
    /// Play the opening book's move when the position is in it
    /// ([`SearchConfig::opening_book`]; levels that vary their play,
    /// `easy`, never do).
    pub opening_book: bool,
    /// Dynamic komi in handicap games ([`DynamicKomi`]): `genmove`
    /// searches against a komi moved to keep its win rate useful; by
    /// default only when the engine takes stones.
    pub dynamic_komi: KomiMode,
    /// Ponder: after its own `genmove`, search on the opponent's time
    /// until the next command arrives (interactive input only).
    pub ponder: bool,
    /// Overrides of the search's tuning constants (`--set`), kept when
    /// the level changes.
    pub tuning: Tuning,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            rules: Rules::default(),
            size: 19,
            limits: Level::default().limits(),
            lag: Duration::from_millis(500),
            seed: 1,
            resign_threshold: None,
            threads: 1,
            max_nodes: None,
            phantom: PhantomKind::default(),
            level: Some(Level::default()),
            priors: PriorSource::default(),
            model: None,
            widening: false,
            opening_book: true,
            dynamic_komi: KomiMode::default(),
            ponder: false,
            tuning: Tuning::default(),
        }
    }
}

impl Config {
    /// The configuration of reproducible sessions (golden transcripts,
    /// tests): one search thread, `seed`, `playouts` a move, no
    /// resignation, otherwise the defaults.
    pub fn deterministic(seed: u64, playouts: u64) -> Config {
        Config {
            seed,
            threads: 1,
            limits: Limits::playouts(playouts),
            level: None,
            resign_threshold: None,
            ..Config::default()
        }
    }
}

/// A GTP session: the game, the clocks and the engine.
pub struct Session {
    game: Game,
    engine: Box<dyn Engine>,
    config: Config,
    clock: Clock,
    /// The dynamic komi of the game in progress.
    komi: DynamicKomi,
    signals: Arc<Signals>,
    log: Box<dyn Write>,
    quit: bool,
    phantom: Option<phantom::PhantomState>,
    phantom_color: crate::color::Color,
    phantom_games: u64,
    /// Whether the engine is the tree search, rebuilt for each level.
    levels: bool,
    /// The position right after the engine's own last move (`genmove`),
    /// as its board hash and move count: while the game stands there, the
    /// opponent is to move and the engine may ponder.
    ponder_from: Option<(u64, usize)>,
    /// The colour, move count and win rate of the engine's last own
    /// search: the next move of that colour, two moves later, is critical
    /// if its win rate falls far below it.
    expected: Option<(crate::color::Color, usize, f32)>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("game", &self.game)
            .field("config", &self.config)
            .field("clock", &self.clock)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// A session with the given engine, logging nowhere.
    ///
    /// # Errors
    /// [`SizeError`] if the configured board size is not from 1 to 25.
    pub fn new(mut config: Config, engine: Box<dyn Engine>) -> Result<Session, SizeError> {
        if config.limits.playouts.is_none() && config.limits.time.is_none() {
            config.limits = Level::default().limits();
        }
        let game = Game::new(config.size, config.rules)?;
        Ok(Session {
            game,
            engine,
            clock: Clock::new(config.lag),
            komi: DynamicKomi::new(config.dynamic_komi),
            config,
            signals: Arc::new(Signals::default()),
            log: Box::new(io::sink()),
            quit: false,
            phantom: None,
            phantom_color: crate::color::Color::Black,
            phantom_games: 0,
            levels: false,
            ponder_from: None,
            expected: None,
        })
    }

    /// A session with the Monte-Carlo tree search ([`Search`]): the
    /// configured seed, threads and resignation threshold.
    ///
    /// # Errors
    /// As [`Session::new`].
    pub fn with_search(config: Config) -> Result<Session, SizeError> {
        Session::with_search_config(config, SearchConfig::default())
    }

    /// A session with the tree search configured as `base` (a level's
    /// preset, say), but with the session's seed, threads and resignation
    /// threshold.
    ///
    /// # Errors
    /// As [`Session::new`].
    pub fn with_search_config(config: Config, base: SearchConfig) -> Result<Session, SizeError> {
        let engine = search_engine(&config, base);
        let mut s = Session::new(config, Box::new(engine))?;
        s.levels = true;
        Ok(s)
    }

    /// Switches to a playing level: its limits and, with the tree search,
    /// its search configuration (the session's seed, threads and
    /// resignation threshold kept).
    pub fn set_level(&mut self, level: Level) {
        self.config.limits = level.limits();
        self.config.level = Some(level);
        if self.levels {
            self.engine = Box::new(search_engine(&self.config, level.config()));
        }
    }

    /// Sends log lines (one per move generated, and the like) to `log`.
    pub fn set_log(&mut self, log: Box<dyn Write>) {
        self.log = log;
    }

    /// The flags a reader thread uses to stop a running search; give them
    /// to [`ChannelSource::spawn`](crate::gtp::ChannelSource::spawn).
    pub fn signals(&self) -> Arc<Signals> {
        Arc::clone(&self.signals)
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether `quit` was received.
    pub fn quit_received(&self) -> bool {
        self.quit
    }

    /// Answers every line of `src` on `out` until `quit` or the end of
    /// input. Only a failure to write stops it early.
    ///
    /// # Errors
    /// The first error writing to `out`.
    pub fn run(&mut self, src: &mut dyn LineSource, out: &mut dyn Write) -> io::Result<()> {
        while let Some(line) = src.next_line() {
            self.answer(&line, src, out)?;
            if self.quit {
                break;
            }
            // On the opponent's time, until the next line arrives.
            if self.should_ponder() && !src.line_waiting() {
                self.ponder(src);
            }
        }
        Ok(())
    }

    /// Answers one raw line (nothing for a blank or comment line).
    fn answer(
        &mut self,
        line: &Line,
        src: &mut dyn LineSource,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let Some(text) = preprocess(&line.bytes) else {
            return Ok(());
        };
        let cl = CommandLine::split(&text);
        let id = cl.id.as_deref().unwrap_or("");
        if line.overlong {
            return respond(out, id, Err(GtpError::Other("line too long".into())));
        }
        if let Some(result) = self.phantom_command(&cl) {
            return respond(out, id, result);
        }
        match Command::parse(&cl.name, &cl.args) {
            Ok(Command::LzAnalyze(args)) => self.analyze(id, args, Format::Leela, false, src, out),
            Ok(Command::LzGenmoveAnalyze(args)) => {
                self.analyze(id, args, Format::Leela, true, src, out)
            }
            Ok(Command::KataAnalyze(args)) => self.analyze(id, args, Format::Kata, false, src, out),
            Ok(Command::KataGenmoveAnalyze(args)) => {
                self.analyze(id, args, Format::Kata, true, src, out)
            }
            Ok(cmd) => {
                let result = self.handle(cmd);
                respond(out, id, result)
            }
            Err(e) => respond(out, id, Err(e)),
        }
    }
}

/// Runs a whole session over `input` with the tree search, as the binary
/// plays, and returns everything written: the in-process way to drive
/// tengen (golden tests, fuzzing). With one thread and a playout limit
/// (see [`Config::deterministic`]) the output is reproducible. A
/// configuration with a bad board size gives no output.
pub fn transcript(config: Config, input: &[u8]) -> Vec<u8> {
    match Session::with_search(config) {
        Ok(mut session) => session.transcript(input),
        Err(_) => Vec::new(),
    }
}

impl Session {
    /// Answers all of `input` (read in place) and returns everything
    /// written.
    pub fn transcript(&mut self, input: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut src = ReaderSource::new(input);
        // Writing to a vector cannot fail.
        let _ = self.run(&mut src, &mut out);
        out
    }
}

/// The tree search configured as `base` (a level's preset, say), with the
/// session's seed, threads, resignation threshold, priors and `--set`
/// tuning on top.
fn search_engine(config: &Config, base: SearchConfig) -> Search {
    Search::new(config.tuning.apply(SearchConfig {
        threads: config.threads.max(1),
        seed: config.seed,
        node_limit: config.max_nodes.unwrap_or(base.node_limit),
        resign_threshold: config.resign_threshold,
        // The session's clock budgets already keep `lag` back; this
        // covers the search's own start and stop and the answer, so a
        // fixed time a move is not exceeded.
        lag_margin: Duration::from_millis(50),
        priors: config.priors,
        model: config.model.clone(),
        widening: config.widening.then_some(Widening::DEFAULT),
        opening_book: base.opening_book && config.opening_book,
        ..base
    }))
}
