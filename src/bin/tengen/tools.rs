//! The `match` and `referee` subcommands of the binary: engine-against-engine
//! matches, in standard Go or in Phantom Go, with a progress bar, one SGF
//! file per game, and the win rate with its confidence interval at the end.

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tengen::arena::{run_match, GameRecord, MatchConfig, MatchSummary, Termination};
use tengen::phantom::run_phantom_match;
use tengen::sgf::{write_sgf_with, GameInfo};
use tengen::{Color, Preset, Rules, TimeSystem};

/// The options of `tengen match` and `tengen referee` that mean the same
/// in both: the engines, the games and where they go.
#[derive(Args, Debug, Clone)]
pub struct GamesArgs {
    /// The first engine's command line (Black in even games), e.g.
    /// "tengen --level hard".
    #[arg(long, alias = "black")]
    pub engine1: String,
    /// The second engine's command line, e.g.
    /// "/usr/games/gnugo --mode gtp --level 10 --chinese-rules".
    #[arg(long, alias = "white")]
    pub engine2: String,
    /// How many games (colours alternate).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Board size of the games.
    #[arg(long, default_value_t = 19, value_parser = clap::value_parser!(u8).range(1..=25))]
    pub size: u8,
    /// Fixed handicap stones for Black (2 to 9 on odd sizes from 9, at most
    /// 4 on 7x7 and even sizes; 0 for none).
    #[arg(long, default_value_t = 0)]
    pub handicap: usize,
    /// engine1 has Black in every game instead of alternating colours (a
    /// handicap match where one engine always gives the stones).
    #[arg(long)]
    pub fixed_colors: bool,
    /// Capture Go: the first to capture this many stones (1 or more) wins.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub capture_goal: Option<u32>,
    /// Play on a toroidal board (engines are told with
    /// `tengen-rules_topology toroidal`; one that refuses it loses).
    #[arg(long)]
    pub toroidal: bool,
    /// Seconds per move sent to the engines (`time_settings 0 T 1`)
    /// [default: none sent].
    #[arg(long)]
    pub time_per_move: Option<f64>,
    /// Seconds an engine may take for any answer before it loses.
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    pub parallel: u16,
    /// Moves after which a game is stopped and scored [default: 3 x the
    /// board's points].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_moves: Option<u32>,
    /// Folder for one SGF file per game (created if missing).
    #[arg(long)]
    pub sgf_dir: Option<PathBuf>,
    /// No progress bar (it is drawn only when standard error is a
    /// terminal).
    #[arg(long)]
    pub no_progress: bool,
}

/// Options of `tengen match`.
#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    #[command(flatten)]
    pub games: GamesArgs,
    /// The rules the referee applies: chinese, japanese, korean, aga,
    /// new-zealand or tromp-taylor; the engines are told the komi, not the
    /// rules (set those on their command lines) [default: the Chinese rules:
    /// area scoring, positional superko, suicide forbidden, a point per
    /// handicap stone for White].
    #[arg(long, value_parser = parse_preset)]
    pub rules: Option<Preset>,
    /// Komi [default: the preset's, 7 without --rules].
    #[arg(long, allow_negative_numbers = true, value_parser = parse_finite)]
    pub komi: Option<f64>,
    /// A real clock the referee keeps, as `kgs-time_settings` takes it:
    /// "absolute MAIN", "byoyomi MAIN PERIOD PERIODS" or "canadian MAIN
    /// PERIOD STONES" (seconds), e.g. "byoyomi 600 20 3". Engines are told
    /// with `kgs-time_settings` (or the nearest `time_settings`) and
    /// `time_left`; a move that overruns the clock loses on time
    /// [default: no clock].
    #[arg(long, value_parser = parse_time_settings)]
    pub time_settings: Option<TimeSystem>,
}

/// A time system in `kgs-time_settings` form.
fn parse_time_settings(s: &str) -> Result<TimeSystem, String> {
    let args: Vec<String> = s.split_whitespace().map(String::from).collect();
    let sys = tengen::gtp::kgs_time_settings(&args).map_err(|_| {
        format!("{s:?} is not a time system (absolute MAIN, byoyomi MAIN PERIOD PERIODS or canadian MAIN PERIOD STONES)")
    })?;
    let finite = match sys {
        TimeSystem::None => true,
        TimeSystem::Absolute { main } => main < 1e6,
        TimeSystem::Canadian { main, period, .. } | TimeSystem::Byoyomi { main, period, .. } => {
            main < 1e6 && period < 1e6
        }
    };
    if finite {
        Ok(sys)
    } else {
        Err(format!("{s:?}: times must be under a million seconds"))
    }
}

/// Options of `tengen referee`.
#[derive(Args, Debug, Clone)]
pub struct RefereeArgs {
    #[command(flatten)]
    pub games: GamesArgs,
    /// The ko and suicide rules of a preset: chinese, japanese, korean,
    /// aga, new-zealand or tromp-taylor; Phantom Go is scored by area
    /// whatever the preset [default: positional superko, suicide
    /// forbidden].
    #[arg(long, value_parser = parse_preset)]
    pub rules: Option<Preset>,
    /// Komi [default: 7.5, or 0.5 with a handicap].
    #[arg(long, allow_negative_numbers = true, value_parser = parse_finite)]
    pub komi: Option<f64>,
}

/// A rules preset by name.
pub fn parse_preset(s: &str) -> Result<Preset, String> {
    s.parse().map_err(|e| format!("{e}"))
}

/// A finite number.
pub fn parse_finite(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(format!("{s:?} is not a finite number")),
    }
}

/// The komi of Phantom Go games when none is given: 7.5, or 0.5 with a
/// handicap.
fn phantom_komi(handicap: usize) -> f64 {
    if handicap >= 2 {
        0.5
    } else {
        7.5
    }
}

impl GamesArgs {
    /// The match configuration under these rules.
    fn config(&self, mut rules: Rules) -> Result<MatchConfig, String> {
        if !(self.timeout.is_finite() && self.timeout > 0.0 && self.timeout < 1e6) {
            return Err("--timeout must be a positive number of seconds".into());
        }
        if let Some(t) = self.time_per_move {
            if !(t.is_finite() && t > 0.0 && t < 1e6) {
                return Err("--time-per-move must be a positive number of seconds".into());
            }
        }
        rules.capture_goal = self.capture_goal;
        if self.toroidal {
            rules.topology = tengen::Topology::Toroidal;
        }
        Ok(MatchConfig {
            engines: [self.engine1.clone(), self.engine2.clone()],
            games: self.games,
            size: usize::from(self.size),
            rules,
            time_per_move: self.time_per_move,
            time_system: TimeSystem::None,
            timeout: Duration::from_secs_f64(self.timeout),
            parallel: usize::from(self.parallel),
            // 0 is the match runner's "3 x the points".
            max_moves: self
                .max_moves
                .map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX)),
            handicap: self.handicap,
            fixed_colors: self.fixed_colors,
        })
    }
}

impl MatchArgs {
    fn config(&self) -> Result<MatchConfig, String> {
        let mut rules = self.rules.map_or_else(Rules::default, Rules::preset);
        if let Some(k) = self.komi {
            rules.komi = k;
        }
        let mut cfg = self.games.config(rules)?;
        cfg.time_system = self.time_settings.unwrap_or_default();
        Ok(cfg)
    }
}

impl RefereeArgs {
    fn config(&self) -> Result<MatchConfig, String> {
        let mut rules = self.rules.map_or_else(Rules::default, Rules::preset);
        rules.komi = self
            .komi
            .unwrap_or_else(|| phantom_komi(self.games.handicap));
        self.games.config(rules)
    }
}

fn termination_text(r: &GameRecord) -> String {
    match &r.termination {
        Termination::Scored => "scored".into(),
        Termination::Resigned(c) => format!("{c} resigned"),
        Termination::IllegalMove(c, m) => format!("{c} illegal move {m}"),
        Termination::Failed(c, m) => format!("{c} failed: {m}"),
        Termination::Protocol(c, m) => format!("{c} protocol error: {m}"),
        Termination::TimeLoss(c) => format!("{c} lost on time"),
    }
}

/// The progress bar of a match on standard error: games done of the total,
/// the rate, the time elapsed and the time left, and the score so far.
/// indicatif draws it only when standard error is a terminal, so a log
/// file gets none of it.
fn progress_bar(total: usize, show: bool) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(
        Some(u64::try_from(total).unwrap_or(u64::MAX)),
        ProgressDrawTarget::stderr(),
    );
    let style = ProgressStyle::with_template(
        "{pos}/{len} games [{bar:12}] {elapsed} elapsed, ETA {eta}, {rate}; {wide_msg}",
    )
    .map(|s| {
        s.progress_chars("#>.").with_key(
            "rate",
            |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.1}/min", 60.0 * s.per_sec());
            },
        )
    })
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_message(score_text(&MatchSummary::default()));
    if !bar.is_hidden() {
        // Elapsed time and ETA move between games, which can be long.
        bar.enable_steady_tick(Duration::from_secs(1));
    }
    bar
}

/// The score so far from the first engine's side, as the progress bar
/// shows it.
fn score_text(s: &MatchSummary) -> String {
    format!(
        "engine1 won {}, lost {}, drew {}",
        s.wins[0], s.wins[1], s.draws
    )
}

fn summary_text(s: &MatchSummary) -> String {
    let Some(p) = s.win_rate() else {
        return "no games played".into();
    };
    let (lo, hi) = s.confidence_95().unwrap_or((p, p));
    let elo = |x: f64| {
        let e = MatchSummary::elo(x);
        if e.is_finite() {
            // Rounded first, and a negative zero made positive, so that an
            // even score reads +0, not -0.
            format!("{:+.0}", e.round() + 0.0)
        } else if e > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    };
    format!(
        "games {}: engine1 {} wins, engine2 {} wins, {} draws\n\
         engine1 score rate {:.1}% (95% CI {:.1}% to {:.1}%), Elo difference {} ({} to {})",
        s.games(),
        s.wins[0],
        s.wins[1],
        s.draws,
        100.0 * p,
        100.0 * lo,
        100.0 * hi,
        elo(p),
        elo(lo),
        elo(hi)
    )
}

/// Writes one line of results to standard output; if that fails (a
/// reader such as `head -1` has gone), says so on standard error and ends
/// the process with status 1, as the GTP mode does, instead of panicking.
/// The engines see their input close and quit.
fn print_or_exit(line: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
        eprintln!("tengen: cannot write the results: {e}");
        std::process::exit(1);
    }
}

/// Runs `tengen match`.
pub fn run_standard(args: &MatchArgs) -> ExitCode {
    match args.config() {
        Ok(cfg) => run(&args.games, &cfg, false),
        Err(e) => usage_error(&e),
    }
}

/// Runs `tengen referee`: Phantom Go games.
pub fn run_referee(args: &RefereeArgs) -> ExitCode {
    match args.config() {
        Ok(cfg) => run(&args.games, &cfg, true),
        Err(e) => usage_error(&e),
    }
}

fn usage_error(e: &str) -> ExitCode {
    eprintln!("tengen: {e}");
    ExitCode::from(2)
}

/// Plays the match of `cfg`, standard or (with `phantom`) Phantom Go.
fn run(args: &GamesArgs, cfg: &MatchConfig, phantom: bool) -> ExitCode {
    if let Some(dir) = &args.sgf_dir {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("tengen: cannot create {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    }
    let bar = progress_bar(cfg.games, !args.no_progress);
    // Per engine: the seconds its moves took and how many it made; the
    // fractions of main time it used over its games, and its losses on
    // time.
    let times = std::cell::Cell::new([(0.0f64, 0usize); 2]);
    let clock_use = std::cell::Cell::new([(0.0f64, 0usize); 2]);
    let time_losses = std::cell::Cell::new([0usize; 2]);
    let report = |r: &GameRecord, sgf: String, s: &MatchSummary| {
        let black = r.black_engine + 1;
        let mut t = times.get();
        let mut used = clock_use.get();
        let mut lost = time_losses.get();
        for c in [Color::Black, Color::White] {
            let engine = if c == Color::Black {
                r.black_engine
            } else {
                1 - r.black_engine
            };
            let moves = r.game.moves().iter().filter(|m| m.0 == c).count();
            t[engine].0 += r.thinking[c.index()].as_secs_f64();
            t[engine].1 += moves;
            used[engine].0 += r.main_time_used[c.index()];
            used[engine].1 += 1;
            if r.termination == Termination::TimeLoss(c) {
                lost[engine] += 1;
            }
        }
        times.set(t);
        clock_use.set(used);
        time_losses.set(lost);
        // The bar is taken off while the line is written, then redrawn.
        bar.suspend(|| {
            print_or_exit(format_args!(
                "game {:>3}: engine{black} black, {} ({}), {} moves, slowest move B {:.2}s W {:.2}s{}",
                r.index + 1,
                r.outcome,
                termination_text(r),
                r.game.moves().len(),
                r.slowest_move[0].as_secs_f64(),
                r.slowest_move[1].as_secs_f64(),
                if cfg.time_system == TimeSystem::None {
                    String::new()
                } else {
                    format!(
                        ", main time used B {:.0}% W {:.0}%",
                        100.0 * r.main_time_used[0],
                        100.0 * r.main_time_used[1]
                    )
                },
            ));
            if let Some(dir) = &args.sgf_dir {
                let path = dir.join(format!("game-{:03}.sgf", r.index + 1));
                if let Err(e) = std::fs::write(&path, sgf) {
                    eprintln!("tengen: cannot write {}: {e}", path.display());
                }
            }
        });
        bar.set_message(score_text(s));
        bar.inc(1);
    };
    let result = if phantom {
        run_phantom_match(cfg, |p, s| {
            let comment = |i: usize| {
                p.refused.iter().find(|(m, _)| *m == i).map(|(_, pts)| {
                    let list: Vec<String> = pts.iter().map(|q| q.to_string()).collect();
                    format!("refused before this move: {}", list.join(" "))
                })
            };
            let sgf = write_sgf_with(
                &p.record.game,
                Some(&p.record.outcome.to_string()),
                &game_info(
                    &p.record,
                    "tengen referee (Phantom Go)",
                    overtime_text(cfg, args.time_per_move),
                ),
                &comment,
            );
            report(&p.record, sgf, s);
        })
    } else {
        run_match(cfg, |r, s| {
            let sgf = write_sgf_with(
                &r.game,
                Some(&r.outcome.to_string()),
                &game_info(r, "tengen match", overtime_text(cfg, args.time_per_move)),
                &|_| None,
            );
            report(r, sgf, s);
        })
    };
    bar.finish();
    if !bar.is_hidden() {
        // indicatif leaves the cursor on the bar's line.
        eprintln!();
    }
    match result {
        Ok(s) => {
            print_or_exit(format_args!("{}", summary_text(&s)));
            let t = times.get();
            let mean = |(secs, n): (f64, usize)| secs / n.max(1) as f64;
            print_or_exit(format_args!(
                "mean time a move: engine1 {:.3} s, engine2 {:.3} s",
                mean(t[0]),
                mean(t[1])
            ));
            if cfg.time_system != TimeSystem::None {
                let u = clock_use.get();
                let l = time_losses.get();
                print_or_exit(format_args!(
                    "main time used: engine1 {:.0}%, engine2 {:.0}%; losses on time: engine1 {}, engine2 {}",
                    100.0 * mean(u[0]),
                    100.0 * mean(u[1]),
                    l[0],
                    l[1]
                ));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tengen: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The SGF game information of a match game: who played which colour,
/// today's date, the event and the time a move.
/// The SGF overtime text of a match: the referee's clock, or the time a
/// move sent to the engines.
fn overtime_text(cfg: &MatchConfig, time_per_move: Option<f64>) -> Option<String> {
    match cfg.time_system {
        TimeSystem::None => time_per_move.map(|t| format!("{} s a move", t.ceil().max(1.0))),
        sys => Some(tengen::gtp::kgs_time_settings_args(sys)),
    }
}

fn game_info(r: &GameRecord, event: &str, overtime: Option<String>) -> GameInfo {
    let black = r.black_engine;
    GameInfo {
        black: Some(r.players[black].clone()),
        white: Some(r.players[1 - black].clone()),
        date: Some(today()),
        event: Some(event.to_string()),
        overtime,
    }
}

/// Today's date (UTC) as `YYYY-MM-DD`.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_date(i64::try_from(secs / 86_400).unwrap_or(0));
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date of `days` after 1970-01-01 (the civil
/// calendar's arithmetic: 400-year eras of 146,097 days, years counted from
/// March so that the leap day falls last).
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::{civil_date, summary_text};
    use tengen::arena::MatchSummary;

    #[test]
    fn an_even_score_is_no_elo_difference() {
        let s = MatchSummary {
            wins: [2, 2],
            draws: 0,
        };
        let text = summary_text(&s);
        assert!(text.contains("score rate 50.0%"), "{text}");
        assert!(text.contains("Elo difference +0 ("), "{text}");
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        // 2000-02-29, a leap day of a century year divisible by 400.
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(11_017), (2000, 3, 1));
        assert_eq!(civil_date(20_788), (2026, 12, 1));
        assert_eq!(civil_date(-1), (1969, 12, 31));
    }
}
