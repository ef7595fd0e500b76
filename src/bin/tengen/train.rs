//! The `train` subcommand of the binary: generating training data with a
//! teacher engine, fitting the move-prediction model, and measuring it.

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tengen::arena::{teacher_game, TeacherConfig};
use tengen::learn::{
    fit, move_features, parse_records, pass_features, top_k, visit_positions, FitConfig,
    GameRecord, Model, MoveFeatures, Position, RawPositions, GROUPS,
};
use tengen::search::{
    balance_samples, build_book, compare_balance, hand_prior_score, measure_balance, Balance,
    BookConfig, SearchConfig, Tuning,
};

/// Options of `tengen train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    #[command(subcommand)]
    pub command: TrainCommand,
}

/// What `tengen train` does.
#[derive(Subcommand, Debug)]
pub enum TrainCommand {
    /// Record games of a teacher engine (GNU Go) playing itself, one game
    /// per line (see `docs/learning.md` for the format).
    Gen(GenArgs),
    /// Fit the move-prediction model to the training games (all but the
    /// held-out ones) by minorization-maximization.
    Fit(FitArgs),
    /// Measure move prediction (top-1, top-5) on the held-out games, for
    /// the learned model and for the hand-set priors.
    Eval(EvalArgs),
    /// Build an opening book: from the empty board, search each position
    /// with a fixed number of playouts, record its best move, and go on
    /// with its most visited moves, to a depth (see `docs/learning.md`).
    Book(BookArgs),
    /// Measure the playouts' balance: for sampled positions of the games,
    /// how far the fraction of playouts Black wins strays from the game's
    /// result (mean squared error), for the default playouts and for each
    /// `--try` setting, on the training and the held-out games.
    Balance(BalanceArgs),
}

/// Options of `tengen train balance`.
#[derive(Args, Debug)]
pub struct BalanceArgs {
    #[command(flatten)]
    data: DataArgs,
    /// Sample the position before every this-many-th teacher move.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=1000))]
    every: u64,
    /// Playouts from each sampled position.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    playouts: u32,
    /// The seed of the playouts.
    #[arg(long, default_value_t = 1)]
    playout_seed: u64,
    /// Threads (the measure does not depend on them).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: u16,
    /// A playout setting to measure besides the default: `KEY=VALUE`
    /// assignments of `--set`'s keys, separated by spaces (repeatable).
    #[arg(long = "try", value_name = "SETTING")]
    tries: Vec<String>,
}

/// Options of `tengen train book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// Board size.
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u8).range(2..=25))]
    size: u8,
    /// Komi (area scoring).
    #[arg(long, default_value_t = 7.0, allow_negative_numbers = true, value_parser = crate::tools::parse_finite)]
    komi: f64,
    /// Moves from the empty board the book covers.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=12))]
    depth: u8,
    /// The most visited moves of each position whose positions are
    /// searched next.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=20))]
    branch: u8,
    /// Playouts of each position's search.
    #[arg(long, default_value_t = 200_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    playouts: u64,
    /// The seed of the searches.
    #[arg(long)]
    seed: u64,
    /// Searches run at once, one thread each (the book does not depend on
    /// it).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: u16,
    /// The book file to write (replaced).
    #[arg(long)]
    out: PathBuf,
    /// No progress bar.
    #[arg(long)]
    no_progress: bool,
}

/// Options of `tengen train gen`.
#[derive(Args, Debug)]
pub struct GenArgs {
    /// Board size of the games.
    #[arg(long, default_value_t = 19, value_parser = clap::value_parser!(u8).range(2..=25))]
    size: u8,
    /// How many games.
    #[arg(long)]
    games: u64,
    /// The run's seed: every game's random opening, level and teacher seed
    /// follow from it and the game's index.
    #[arg(long)]
    seed: u64,
    /// The data file to write (replaced).
    #[arg(long)]
    out: PathBuf,
    /// Komi told to the teacher [default: 7 below 13x13, else 7.5].
    #[arg(long, allow_negative_numbers = true, value_parser = crate::tools::parse_finite)]
    komi: Option<f64>,
    /// The teacher's levels, one drawn per game, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "10")]
    levels: Vec<u8>,
    /// The fewest random opening moves of a game.
    #[arg(long, default_value_t = 1)]
    min_random: usize,
    /// The most random opening moves of a game.
    #[arg(long, default_value_t = 4)]
    max_random: usize,
    /// The teacher's command line; `--level L --seed S` are appended.
    #[arg(long, default_value = "/usr/games/gnugo --mode gtp --chinese-rules")]
    teacher: String,
    /// Seconds the teacher may take for one answer.
    #[arg(long, default_value_t = 120.0, value_parser = crate::tools::parse_finite)]
    timeout: f64,
    /// No progress bar.
    #[arg(long)]
    no_progress: bool,
}

/// Runs `tengen train ...`.
pub fn run(args: &TrainArgs) -> ExitCode {
    match &args.command {
        TrainCommand::Gen(g) => run_gen(g),
        TrainCommand::Fit(f) => run_fit(f),
        TrainCommand::Eval(e) => run_eval(e),
        TrainCommand::Book(b) => run_book(b),
        TrainCommand::Balance(b) => run_balance(b),
    }
}

fn bar(total: u64, unit: &str, show: bool) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let template = format!(
        "{{pos}}/{{len}} {unit} [{{bar:12}}] {{elapsed}} elapsed, ETA {{eta}}; {{wide_msg}}"
    );
    bar.set_style(
        ProgressStyle::with_template(&template)
            .map(|s| s.progress_chars("#>."))
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    if !bar.is_hidden() {
        bar.enable_steady_tick(Duration::from_secs(1));
    }
    bar
}

fn fail(what: std::fmt::Arguments<'_>) -> ExitCode {
    eprintln!("tengen: {what}");
    ExitCode::FAILURE
}

fn run_gen(a: &GenArgs) -> ExitCode {
    let size = usize::from(a.size);
    if a.levels.is_empty() || a.min_random > a.max_random {
        return fail(format_args!(
            "give at least one level, and --min-random <= --max-random"
        ));
    }
    if !(a.timeout > 0.0 && a.timeout < 1.0e6) {
        return fail(format_args!("the timeout must be above 0 seconds"));
    }
    let cfg = TeacherConfig {
        command: a.teacher.clone(),
        size,
        komi: a.komi.unwrap_or(if size < 13 { 7.0 } else { 7.5 }),
        levels: a.levels.clone(),
        random_moves: (a.min_random, a.max_random),
        max_moves: 0,
        timeout: Duration::from_secs_f64(a.timeout),
    };
    let file = match File::create(&a.out) {
        Ok(f) => f,
        Err(e) => return fail(format_args!("cannot create {}: {e}", a.out.display())),
    };
    let mut out = BufWriter::new(file);
    let header = format!(
        "# tengen train gen --size {} --games {} --seed {} --levels {} --min-random {} --max-random {} --komi {}\n# teacher: {}\n",
        size,
        a.games,
        a.seed,
        a.levels.iter().map(u8::to_string).collect::<Vec<_>>().join(","),
        a.min_random,
        a.max_random,
        cfg.komi,
        cfg.command
    );
    if let Err(e) = out.write_all(header.as_bytes()) {
        return fail(format_args!("cannot write {}: {e}", a.out.display()));
    }
    let pb = bar(a.games, "games", !a.no_progress);
    let start = Instant::now();
    let (mut positions, mut failed) = (0usize, 0u64);
    for i in 0..a.games {
        match teacher_game(&cfg, a.seed, i) {
            Ok(r) => {
                positions += r.moves.iter().filter(|m| m.1).count();
                let line = r.to_line();
                if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
                    return fail(format_args!("cannot write {}: {e}", a.out.display()));
                }
            }
            Err(e) => {
                failed += 1;
                pb.suspend(|| eprintln!("tengen: game {i} skipped: {e}"));
            }
        }
        pb.inc(1);
        pb.set_message(format!(
            "{positions} positions, {:.2} s a position",
            start.elapsed().as_secs_f64() / positions.max(1) as f64
        ));
    }
    pb.finish_and_clear();
    println!(
        "{} games ({failed} skipped), {positions} teacher positions in {:.0} s, written to {}",
        a.games - failed,
        start.elapsed().as_secs_f64(),
        a.out.display()
    );
    ExitCode::SUCCESS
}

fn run_book(a: &BookArgs) -> ExitCode {
    let cfg = BookConfig {
        size: usize::from(a.size),
        komi: a.komi,
        depth: usize::from(a.depth),
        branch: usize::from(a.branch),
        playouts: a.playouts,
        seed: a.seed,
        jobs: usize::from(a.jobs),
    };
    let pb = bar(1, "positions", !a.no_progress);
    let start = Instant::now();
    let book = match build_book(&cfg, &|done, total| {
        pb.set_length(total as u64);
        pb.set_position(done as u64);
    }) {
        Ok(book) => book,
        Err(e) => return fail(format_args!("{e}")),
    };
    pb.finish_and_clear();
    let header = format!(
        "An opening book of tengen's own searches, made by:\n\
         tengen train book --size {} --komi {} --depth {} --branch {} --playouts {} --seed {}\n\
         Each line: the position (canonical orientation, rows from the bottom, X black, O white), the move, its visits and win rate.",
        a.size, a.komi, a.depth, a.branch, a.playouts, a.seed
    );
    if let Err(e) = std::fs::write(&a.out, book.to_text(&header)) {
        return fail(format_args!("cannot write {}: {e}", a.out.display()));
    }
    println!(
        "{} positions in {:.0} s, written to {}",
        book.len(),
        start.elapsed().as_secs_f64(),
        a.out.display()
    );
    ExitCode::SUCCESS
}

/// The options of `train fit` and `train eval` that choose the data and
/// the held-out games.
#[derive(Args, Debug)]
pub struct DataArgs {
    /// Data files written by `tengen train gen`.
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// The seed of the split: which games are held out for `eval`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// One game in this many is held out (never trained on).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(2..))]
    holdout: u64,
    /// No progress bar.
    #[arg(long)]
    no_progress: bool,
}

/// Options of `tengen train fit`.
#[derive(Args, Debug)]
pub struct FitArgs {
    #[command(flatten)]
    data: DataArgs,
    /// The weights file to write.
    #[arg(long)]
    out: PathBuf,
    /// MM passes over every feature group.
    #[arg(long, default_value_t = 30)]
    iterations: usize,
    /// Patterns chosen fewer times than this share one gamma.
    #[arg(long, default_value_t = 3)]
    min_pattern_wins: u32,
}

/// Options of `tengen train eval`.
#[derive(Args, Debug)]
pub struct EvalArgs {
    #[command(flatten)]
    data: DataArgs,
    /// The weights to measure [default: the ones built in].
    #[arg(long)]
    weights: Option<PathBuf>,
}

/// The games of the data files, each with whether it is held out.
fn load(d: &DataArgs) -> Result<Vec<(GameRecord, bool)>, String> {
    let mut out = Vec::new();
    for (fi, path) in d.data.iter().enumerate() {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let games = parse_records(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        for (gi, g) in games.into_iter().enumerate() {
            out.push((
                g,
                tengen::learn::held_out(d.seed, fi as u64, gi as u64, d.holdout),
            ));
        }
    }
    Ok(out)
}

/// The features of every legal move of a position, the pass last, and the
/// index of the chosen move among them.
fn position_features(p: &Position<'_>) -> (Vec<MoveFeatures>, usize) {
    let mut moves: Vec<MoveFeatures> = p
        .legal
        .iter()
        .map(|&l| move_features(p.board, l, p.to_move, p.last, p.before))
        .collect();
    moves.push(pass_features(p.last_was_pass));
    let chosen = p
        .chosen
        .and_then(|c| p.legal.iter().position(|&l| l == c))
        .unwrap_or(p.legal.len());
    (moves, chosen)
}

fn run_fit(a: &FitArgs) -> ExitCode {
    let games = match load(&a.data) {
        Ok(g) => g,
        Err(e) => return fail(format_args!("{e}")),
    };
    let train: Vec<GameRecord> = games.iter().filter(|g| !g.1).map(|g| g.0.clone()).collect();
    let start = Instant::now();
    let pb = bar(train.len() as u64, "games read", !a.data.no_progress);
    let mut raw = RawPositions::new();
    let mut last_game = usize::MAX;
    let r = visit_positions(
        &train,
        |_| true,
        |p| {
            if p.game != last_game {
                last_game = p.game;
                pb.set_position(p.game as u64 + 1);
            }
            let (moves, chosen) = position_features(p);
            raw.push(moves, chosen);
        },
    );
    pb.finish_and_clear();
    if let Err(e) = r {
        return fail(format_args!("{e}"));
    }
    let positions = raw.len();
    let set = raw.into_set(a.min_pattern_wins);
    let read = start.elapsed().as_secs_f64();
    println!(
        "{} training games, {positions} positions, {} gammas ({} 3x3 patterns, {} large) in {read:.0} s",
        train.len(),
        set.gamma_count(),
        set.pattern_counts().0,
        set.pattern_counts().1
    );
    let pb = bar(a.iterations as u64, "MM passes", !a.data.no_progress);
    let cfg = FitConfig {
        iterations: a.iterations,
        prior: 1.0,
    };
    let gammas = fit(&set, cfg, |it, ll| {
        pb.set_position(it as u64);
        pb.set_message(format!("mean log-likelihood {ll:.4}"));
        if a.data.no_progress {
            eprintln!("pass {it}: mean log-likelihood {ll:.4}");
        }
    });
    pb.finish_and_clear();
    let model = match set.model(&gammas) {
        Ok(m) => m,
        Err(e) => return fail(format_args!("the fitted gammas are unusable: {e}")),
    };
    if let Err(e) = std::fs::write(&a.out, model.to_bytes()) {
        return fail(format_args!("cannot write {}: {e}", a.out.display()));
    }
    println!(
        "mean log-likelihood {:.4} after {} passes; {} s in all; weights written to {}",
        set.log_likelihood(&gammas),
        a.iterations,
        start.elapsed().as_secs_f64().round(),
        a.out.display()
    );
    for g in GROUPS {
        let vals: Vec<String> = (g.start..g.start + g.len)
            .map(|i| format!("{:.2}", model.fixed_gamma(i)))
            .collect();
        println!("  {}: {}", g.name, vals.join(" "));
    }
    ExitCode::SUCCESS
}

/// Top-1 and top-5 sums of one ranking.
#[derive(Default, Clone, Copy)]
struct Hits {
    top1: f64,
    top5: f64,
}

fn run_eval(a: &EvalArgs) -> ExitCode {
    let model = match &a.weights {
        None => Model::builtin().clone(),
        Some(path) => match std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|b| Model::from_bytes(&b).map_err(|e| e.to_string()))
        {
            Ok(m) => m,
            Err(e) => return fail(format_args!("{}: {e}", path.display())),
        },
    };
    let games = match load(&a.data) {
        Ok(g) => g,
        Err(e) => return fail(format_args!("{e}")),
    };
    let test: Vec<GameRecord> = games.iter().filter(|g| g.1).map(|g| g.0.clone()).collect();
    let pb = bar(test.len() as u64, "held-out games", !a.data.no_progress);
    // By board size: positions, the model's hits, the hand priors' hits.
    let mut by_size: std::collections::BTreeMap<usize, (usize, Hits, Hits)> = Default::default();
    let mut scores = Vec::new();
    let r = visit_positions(
        &test,
        |_| true,
        |p| {
            pb.set_position(p.game as u64 + 1);
            let (moves, chosen) = position_features(p);
            let e = by_size.entry(p.board.size()).or_default();
            e.0 += 1;
            scores.clear();
            scores.extend(moves.iter().map(|f| model.strength(f)));
            e.1.top1 += top_k(&scores, chosen, 1);
            e.1.top5 += top_k(&scores, chosen, 5);
            scores.clear();
            scores.extend(
                p.legal
                    .iter()
                    .map(|&l| hand_prior_score(p.board, p.to_move, Some(l), p.last)),
            );
            scores.push(hand_prior_score(p.board, p.to_move, None, p.last));
            e.2.top1 += top_k(&scores, chosen, 1);
            e.2.top5 += top_k(&scores, chosen, 5);
        },
    );
    pb.finish_and_clear();
    if let Err(e) = r {
        return fail(format_args!("{e}"));
    }
    println!(
        "{} held-out games (one in {}, split seed {}); ties count as a fair random draw",
        test.len(),
        a.data.holdout,
        a.data.seed
    );
    println!("size  positions  learned top-1  top-5   hand priors top-1  top-5");
    for (size, (n, m, h)) in by_size {
        let pc = |x: f64| 100.0 * x / n.max(1) as f64;
        println!(
            "{size:>2}x{size:<2} {n:>9}  {:>12.1}%  {:>5.1}%  {:>17.1}%  {:>5.1}%",
            pc(m.top1),
            pc(m.top5),
            pc(h.top1),
            pc(h.top5)
        );
    }
    ExitCode::SUCCESS
}

/// The search configuration of a `--try` setting: `KEY=VALUE` assignments
/// separated by spaces, over the defaults.
fn try_config(setting: &str) -> Result<SearchConfig, String> {
    let mut tuning = Tuning::default();
    for kv in setting.split_whitespace() {
        tuning
            .set(kv)
            .map_err(|e| format!("--try {setting:?}: {e}"))?;
    }
    Ok(tuning.apply(SearchConfig::default()))
}

fn run_balance(a: &BalanceArgs) -> ExitCode {
    let mut settings = vec![("default".to_string(), SearchConfig::default())];
    for t in &a.tries {
        match try_config(t) {
            Ok(c) => settings.push((t.trim().to_string(), c)),
            Err(e) => return fail(format_args!("{e}")),
        }
    }
    let games = match load(&a.data) {
        Ok(g) => g,
        Err(e) => return fail(format_args!("{e}")),
    };
    let split = |held: bool| -> Vec<GameRecord> {
        games
            .iter()
            .filter(|g| g.1 == held)
            .map(|g| g.0.clone())
            .collect()
    };
    let every = a.every as usize;
    let (train, test) = match (
        balance_samples(&split(false), every),
        balance_samples(&split(true), every),
    ) {
        (Ok(tr), Ok(te)) => (tr, te),
        (Err(e), _) | (_, Err(e)) => return fail(format_args!("{e}")),
    };
    println!(
        "{} games, one in {} held out (split seed {}): {} training and {} held-out positions \
         (every {} teacher move), {} playouts a position, playout seed {}",
        games.len(),
        a.data.holdout,
        a.data.seed,
        train.len(),
        test.len(),
        a.every,
        a.playouts,
        a.playout_seed
    );
    println!(
        "MSE: mean squared difference between the share of playouts Black wins and the game's \
         result; lower is better balanced; differences to the default with 95% intervals over games"
    );
    let pb = bar(settings.len() as u64, "settings", !a.data.no_progress);
    let jobs = usize::from(a.jobs);
    let mut base: Option<(Balance, Balance)> = None;
    let start = Instant::now();
    println!(
        "{:<32} {:>9} {:>20} {:>9} {:>20} {:>7}  held-out MSE by third of the game",
        "setting", "train MSE", "vs default", "held-out", "vs default", "bias"
    );
    for (i, (name, config)) in settings.iter().enumerate() {
        let tr = measure_balance(&train, config, a.playouts, a.playout_seed, jobs);
        let te = measure_balance(&test, config, a.playouts, a.playout_seed, jobs);
        pb.set_position(i as u64 + 1);
        let vs = |samples, now: &Balance, then: Option<&Balance>| match then {
            Some(b) => {
                let (d, h) = compare_balance(samples, now, b);
                format!("{d:+.4} ± {h:.4}")
            }
            None => String::new(),
        };
        let phases: Vec<String> = te
            .by_phase
            .iter()
            .map(|(n, m)| format!("{m:.4} ({n})"))
            .collect();
        pb.suspend(|| {
            println!(
                "{:<32} {:>9.4} {:>20} {:>9.4} {:>20} {:>+7.4}  {}",
                name,
                tr.mse,
                vs(&train, &tr, base.as_ref().map(|b| &b.0)),
                te.mse,
                vs(&test, &te, base.as_ref().map(|b| &b.1)),
                te.bias,
                phases.join(" ")
            );
        });
        if base.is_none() {
            base = Some((tr, te));
        }
    }
    pb.finish_and_clear();
    println!("{:.0} s", start.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
