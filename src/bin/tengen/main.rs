//! The `tengen` binary: a GTP engine on standard input and output.
//!
//! With no subcommand it speaks GTP; logging goes to standard error or to
//! the file given with `--log`, never to standard output.

mod tools;
mod train;

use clap::{Args, Parser, Subcommand};
use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tengen::gtp::ChannelSource;
use tengen::learn::Model;
use tengen::search::{KomiMode, Level, Limits, PriorSource, Tuning};
use tengen::session::{Config, PhantomKind, Session};
use tengen::{Preset, Rules};

/// tengen: a Go (baduk, weiqi) engine speaking GTP version 2.
///
/// The engine's options come before any subcommand (`tengen --time 5`) or
/// after `gtp` (`tengen gtp --time 5`); the other subcommands have their
/// own.
#[derive(Parser, Debug)]
#[command(
    name = "tengen",
    version,
    about,
    long_about = None,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(flatten)]
    engine: EngineArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

/// What to run; GTP when none is given.
#[derive(Subcommand, Debug)]
enum Command {
    /// Speak GTP on standard input and output (the default).
    Gtp(EngineArgs),
    /// Play a match between two GTP engines, refereed and scored by tengen.
    Match(tools::MatchArgs),
    /// Referee Phantom Go games between two engines speaking tengen's
    /// Phantom Go GTP extension.
    Referee(tools::RefereeArgs),
    /// Measure light playouts, full searches (9x9, 19x19) and thread
    /// scaling per second on this machine.
    Bench(BenchArgs),
    /// Learned move knowledge: generate teacher games, fit the model,
    /// measure its move prediction.
    Train(train::TrainArgs),
}

/// The options of `tengen bench`.
#[derive(Args, Debug)]
struct BenchArgs {
    /// A short run (a smoke test rather than figures).
    #[arg(long)]
    quick: bool,
    /// Threads of the thread-scaling search [default: all cores, at least
    /// 2].
    #[arg(long, value_parser = clap::value_parser!(u16).range(2..))]
    threads: Option<u16>,
}

/// The GTP engine's options.
#[derive(Args, Debug)]
struct EngineArgs {
    /// Rules preset: chinese, japanese, korean, aga, new-zealand or
    /// tromp-taylor [default: area scoring, positional superko, suicide
    /// forbidden, komi 7].
    #[arg(long, value_parser = tools::parse_preset)]
    rules: Option<Preset>,

    /// Komi [default: the preset's, 7 without --rules].
    #[arg(long, allow_negative_numbers = true, value_parser = tools::parse_finite)]
    komi: Option<f64>,

    /// Board size until the host sends `boardsize`.
    #[arg(long, default_value_t = 19, value_parser = clap::value_parser!(u8).range(1..=25))]
    size: u8,

    /// Strength: a number from 1 to 10 (2,000 playouts a move per level),
    /// normal (the default: level 5, 10,000 playouts), easy (300 playouts
    /// and some randomness, below level 1) or hard (2 seconds a move);
    /// --playouts and --time override it.
    #[arg(long, default_value_t = Level::default())]
    level: Level,

    /// Search threads of the tree search [default: all cores, or 1 with
    /// --seed, so that a seeded game with --playouts is reproducible].
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,

    /// The most search tree nodes kept, about 32 bytes each; subtrees no
    /// longer reachable are dropped between moves [default: 4000000, about
    /// 128 MB].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1_000..=1_000_000_000))]
    max_nodes: Option<u64>,

    /// Seconds per move at most (a host's clock can shorten it).
    #[arg(long, value_parser = parse_seconds)]
    time: Option<f64>,

    /// Playouts per move at most.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    playouts: Option<u64>,

    /// Random seed [default: from the clock].
    #[arg(long)]
    seed: Option<u64>,

    /// Resign when the best win rate is below this (0 never resigns).
    #[arg(long, default_value_t = 0.1, value_parser = parse_fraction)]
    resign: f64,

    /// Never resign (the same as --resign 0).
    #[arg(long)]
    no_resign: bool,

    /// Ponder: after its own move, search on the opponent's time until the
    /// next command arrives (its move then starts from the tree it built).
    #[arg(long)]
    ponder: bool,

    /// Dynamic komi in handicap games: off, auto (only when tengen takes
    /// the stones, as Black) or on (both colours). `genmove` then searches
    /// against a komi moved to keep its win rate useful, back to the real
    /// komi by about move 200 on 19x19; analysis always uses the real komi.
    #[arg(long, default_value_t = KomiMode::Auto)]
    dynamic_komi: KomiMode,

    /// Seconds kept back from every clock budget for network lag.
    #[arg(long, default_value_t = 0.5, value_parser = parse_lag)]
    lag: f64,

    /// Write the log to this file instead of standard error.
    #[arg(long)]
    log: Option<PathBuf>,

    /// Write no log at all.
    #[arg(long)]
    quiet: bool,

    /// Where the tree's priors come from: auto (blend, with the learned
    /// part as wins only below 13x13), hand (hand-set knowledge), learned
    /// (the move-prediction model) or blend (both).
    #[arg(long, default_value_t = PriorSource::default())]
    priors: PriorSource,

    /// A weights file for the learned priors (`tengen train fit`) instead
    /// of the built-in one.
    #[arg(long)]
    weights: Option<PathBuf>,

    /// Progressive widening with learned or blend priors: a node
    /// considers only its best-ranked moves, more as its visits grow.
    #[arg(long)]
    widening: bool,

    /// Never play from the opening book (9x9, komi 7, area scoring: the
    /// first moves of an even game, chosen by long searches); without
    /// it, every level but easy plays the book's move when it has one.
    #[arg(long)]
    no_book: bool,

    /// The Phantom Go player in Phantom mode: sampling, naive or random.
    #[arg(long, default_value_t = PhantomKind::Sampling)]
    phantom_player: PhantomKind,

    /// Overrides a tuning constant of the search, for tuning matches
    /// (repeatable): rave_equiv (1 to 1e7, default 3000), explore (0 to
    /// 10, default 0), prior_even (0 to 1000, default 10), learned_visits
    /// (0 to 1000, default 20), expand_threshold (visits before a leaf
    /// is expanded, 0 to 100000; default 0, by board size),
    /// last_good_reply (the playouts' remembered replies, 0 or 1, default
    /// 0), two_liberties (the playouts' two-liberty rules, 0 or 1,
    /// default 0), learned_shapes (the playouts' local shapes by the
    /// learned model's 3x3 gammas, among those of at least this gamma, 0
    /// to 1000; default 0, the hand-written shapes), playout_ladders
    /// (the playouts read ladders before extending a chain in atari, 0
    /// or 1, default 1), playout_ladder_attacks (with them, the
    /// playouts put the last move's chain in a ladder that takes it, 0 or
    /// 1, default 0), fill_board (the playouts' tries at a random point
    /// with eight empty neighbours before their random move, 0 to 100,
    /// default 0: off), rave_weighting (AMAF updates weigh 2 for the
    /// next move down to 0 at the simulation's end, 0 or 1; default 1
    /// below 13x13, 0 from 13x13), score_bonus (how much a playout's
    /// margin shades its win or loss, 0 to 0.5, default 0),
    /// widen_start (progressive widening from this many children, 0 to
    /// 1000; 0 is off, the default without --widening),
    /// learned_wins_only (the learned priors add learned_visits * sqrt(p)
    /// virtual wins and no losses, 0 or 1; default 1 below 13x13, 0 from
    /// 13x13), progressive_bias (a child's value gets this times its
    /// learned probability over its visits plus one, 0 to 10, default 0:
    /// off), rule_chance (how often of 256 the heavy playouts follow a
    /// rule that has a move, 0 to 256, default 230),
    /// capture_last_chance (how often of 256 they capture the stone just
    /// played when it is in atari, 0 to 256, default 240) or
    /// playout_shapes (which of the 13 hand-written 3x3 shapes the heavy
    /// playouts play, a bit mask, 0 to 8191, default 8191: all).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_tuning)]
    set: Vec<String>,
}

/// Checks one `--set` assignment when the command line is read.
fn parse_tuning(s: &str) -> Result<String, String> {
    Tuning::default().set(s).map_err(|e| e.to_string())?;
    Ok(s.to_string())
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match tools::parse_finite(s)? {
        v if v > 0.0 && v < 1.0e6 => Ok(v),
        _ => Err("the time must be above 0 seconds".into()),
    }
}

fn parse_lag(s: &str) -> Result<f64, String> {
    match tools::parse_finite(s)? {
        v if (0.0..1.0e6).contains(&v) => Ok(v),
        _ => Err("the lag must be 0 seconds or more".into()),
    }
}

fn parse_fraction(s: &str) -> Result<f64, String> {
    match tools::parse_finite(s)? {
        v if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err("the resign threshold must be from 0 to 1".into()),
    }
}

impl EngineArgs {
    fn config(&self) -> Result<Config, String> {
        let mut rules = self.rules.map_or_else(Rules::default, Rules::preset);
        if let Some(k) = self.komi {
            rules.komi = k;
        }
        let mut limits = Limits {
            playouts: self.playouts,
            time: self.time.map(Duration::from_secs_f64),
            ..Limits::default()
        };
        let mut level = None;
        if limits.playouts.is_none() && limits.time.is_none() {
            limits = self.level.limits();
            level = Some(self.level);
        }
        let seed = self.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
        let model = match &self.weights {
            None => None,
            Some(path) => {
                let bytes = std::fs::read(path)
                    .map_err(|e| format!("cannot read the weights {}: {e}", path.display()))?;
                let m = Model::from_bytes(&bytes)
                    .map_err(|e| format!("bad weights file {}: {e}", path.display()))?;
                Some(std::sync::Arc::new(m))
            }
        };
        // Every `--set`, the last one of a key winning.
        let mut tuning = Tuning::default();
        for s in &self.set {
            tuning.set(s).map_err(|e| format!("--set {e}"))?;
        }
        Ok(Config {
            rules,
            size: usize::from(self.size),
            limits,
            lag: Duration::from_secs_f64(self.lag),
            seed,
            resign_threshold: (!self.no_resign && self.resign > 0.0).then_some(self.resign as f32),
            threads: self.threads(),
            max_nodes: self
                .max_nodes
                .map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
            phantom: self.phantom_player,
            level,
            priors: self.priors,
            model,
            widening: self.widening,
            opening_book: !self.no_book,
            dynamic_komi: self.dynamic_komi,
            ponder: self.ponder,
            tuning,
        })
    }

    /// The search threads: as asked, else 1 when seeded, else every core.
    fn threads(&self) -> usize {
        match (self.threads, self.seed) {
            (Some(n), _) => usize::from(n),
            (None, Some(_)) => 1,
            (None, None) => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    /// Where the log goes.
    fn log(&self) -> io::Result<Box<dyn Write>> {
        Ok(match (&self.log, self.quiet) {
            (_, true) => Box::new(io::sink()),
            (Some(path), false) => Box::new(File::create(path)?),
            (None, false) => Box::new(io::stderr()),
        })
    }
}

fn run_gtp(args: &EngineArgs) -> ExitCode {
    let log = match args.log() {
        Ok(l) => l,
        Err(e) => {
            eprintln!("tengen: cannot open the log file: {e}");
            return ExitCode::FAILURE;
        }
    };
    let config = match args.config() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("tengen: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut session = match Session::with_search_config(config, args.level.config()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tengen: {e}");
            return ExitCode::FAILURE;
        }
    };
    session.set_log(log);
    let mut input = ChannelSource::spawn(io::stdin(), session.signals());
    let mut out = io::stdout().lock();
    match session.run(&mut input, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen: cannot write a response: {e}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => run_gtp(&cli.engine),
        Some(Command::Gtp(engine)) => run_gtp(&engine),
        Some(Command::Match(args)) => tools::run_standard(&args),
        Some(Command::Referee(args)) => tools::run_referee(&args),
        Some(Command::Bench(args)) => run_bench(&args),
        Some(Command::Train(args)) => train::run(&args),
    }
}

/// `tengen bench`: the fixed workload of [`tengen::search::run_bench`].
fn run_bench(args: &BenchArgs) -> ExitCode {
    use tengen::search::{run_bench, BenchSize};
    let size = if args.quick {
        BenchSize::Quick
    } else {
        BenchSize::Full
    };
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let threads = threads.max(2);
    let lines = run_bench(size, threads);
    let mut out = io::stdout().lock();
    for l in &lines {
        let cpu = l
            .per_cpu_second()
            .map_or(String::new(), |c| format!(" ({c:.0} per CPU second)"));
        let _ = writeln!(
            out,
            "{:<28} {:>9} playouts in {:>6.2} s: {:>8.0} per second{cpu}",
            l.name,
            l.playouts,
            l.wall.as_secs_f64(),
            l.per_second(),
        );
    }
    let one = lines
        .iter()
        .find(|l| l.size == 9 && l.threads == 1 && l.name.starts_with("search"));
    let many = lines.iter().find(|l| l.size == 9 && l.threads > 1);
    if let (Some(a), Some(b)) = (one, many) {
        let _ = writeln!(
            out,
            "thread scaling 9x9: {} threads give {:.2}x the playouts per second of 1 (wall clock; \
             a busy machine lowers it)",
            b.threads,
            b.per_second() / a.per_second()
        );
    }
    ExitCode::SUCCESS
}
