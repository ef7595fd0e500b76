//! The GTP soak test (issue 12): random valid and invalid commands for a
//! fixed time, interleaved with `lz-analyze` and `genmove`, across board
//! sizes, topologies and rule changes, against a mirror game kept with the
//! library. After every step the engine must agree with the mirror on
//! `is_legal`, the position (`showboard`), the record (`printsgf` read
//! back) and the scores (`final_score`, `tengen-score`,
//! `final_status_list`), and its resident memory must stay under
//! [`MEMORY_BOUND_KB`].
//!
//! Ignored in a plain `cargo test`; `.ci/run` runs it in release for ten
//! minutes: `TENGEN_SOAK_SECS=600 cargo test --release --test soak --
//! --ignored --nocapture`. Without `TENGEN_SOAK_SECS` it runs 60 seconds.
//! `TENGEN_SOAK_SEED` picks another command stream.

#[path = "common/process.rs"]
mod process;

use process::Engine;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tengen::{
    read_sgf, Color, Game, KoRule, Move, Point, Rules, Scoring, StoneStatus, SuicideRule, Topology,
};

/// The most resident memory the engine may use, in KiB (its tree is
/// bounded by `--max-nodes`; the rest is small).
const MEMORY_BOUND_KB: u64 = 512 * 1024;

/// The longest any one answer may take before the watchdog kills the
/// engine (and the test fails at the end of output, instead of hanging).
const WATCHDOG: Duration = Duration::from_secs(60);

/// The engine's options: small searches, so that many commands run.
const ENGINE_ARGS: &[&str] = &[
    "--quiet",
    "--seed",
    "11",
    "--playouts",
    "200",
    "--threads",
    "1",
    "--max-nodes",
    "200000",
];

/// The mirror: the game as the engine should have it.
struct Mirror {
    game: Game,
}

impl Mirror {
    fn rules(&self) -> Rules {
        *self.game.rules()
    }
}

fn random_point(size: usize, rng: &mut impl Rng) -> Point {
    Point::new(rng.gen_range(0..size), rng.gen_range(0..size)).expect("on the board")
}

fn color_word(c: Color, rng: &mut impl Rng) -> &'static str {
    match (c, rng.gen_range(0..3)) {
        (Color::Black, 0) => "b",
        (Color::Black, 1) => "black",
        (Color::Black, _) => "B",
        (Color::White, 0) => "w",
        (Color::White, 1) => "white",
        (Color::White, _) => "W",
    }
}

/// The stones of a `showboard` answer, as (vertex, colour) pairs: the rows
/// between the two letter lines, `X` Black and `O` White.
fn showboard_stones(text: &str, size: usize) -> BTreeSet<(String, char)> {
    let mut out = BTreeSet::new();
    let letters: Vec<char> = "ABCDEFGHJKLMNOPQRSTUVWXYZ".chars().take(size).collect();
    for line in text.lines() {
        let line = line.trim_start_matches('=').trim();
        // ` 9 . X(O). 9`: the row number, then a separator before each
        // cell (a space, or a bracket around the last move).
        let digits: String = line.chars().take_while(char::is_ascii_digit).collect();
        let Ok(row) = digits.parse::<usize>() else {
            continue;
        };
        let cells: Vec<char> = line[digits.len()..].chars().skip(1).collect();
        for (i, &col) in letters.iter().enumerate() {
            match cells.get(2 * i) {
                Some(&s) if s == 'X' || s == 'O' => {
                    out.insert((format!("{col}{row}"), s));
                }
                _ => {}
            }
        }
    }
    out
}

fn mirror_stones(game: &Game) -> BTreeSet<(String, char)> {
    let b = game.board();
    b.locs()
        .filter_map(|l| {
            b.color_at(l).map(|c| {
                let ch = if c == Color::Black { 'X' } else { 'O' };
                (b.point(l).to_string(), ch)
            })
        })
        .collect()
}

fn resident_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
}

/// Drives the engine: one command, its answer, and the progress clock the
/// watchdog reads.
struct Driver {
    engine: Engine,
    progress: Arc<AtomicU64>,
    start: Instant,
    commands: u64,
    /// The last commands and answers, for the failure messages.
    recent: std::collections::VecDeque<String>,
}

impl Driver {
    fn tick(&self) {
        let ms = self.start.elapsed().as_millis() as u64;
        self.progress.store(ms, Ordering::SeqCst);
    }

    fn cmd(&mut self, line: &str) -> String {
        self.commands += 1;
        let r = self.engine.cmd(line);
        self.tick();
        self.note(format!("{line:?} -> {:?}", r.lines().next().unwrap_or("")));
        r
    }

    fn note(&mut self, what: String) {
        if self.recent.len() == 40 {
            self.recent.pop_front();
        }
        self.recent.push_back(what);
    }

    /// The last commands, one a line.
    fn history(&self) -> String {
        self.recent.iter().map(|l| format!("  {l}\n")).collect()
    }

    fn ok(&mut self, line: &str) -> String {
        let r = self.cmd(line);
        assert!(r.starts_with('='), "`{line}` failed: {r}");
        r.trim_start_matches('=').trim().to_string()
    }

    fn refused(&mut self, line: &str) {
        let r = self.cmd(line);
        assert!(r.starts_with('?'), "`{line:?}` should be refused: {r}");
    }
}

/// Checks that the engine and the mirror agree on everything observable.
fn check_agreement(d: &mut Driver, m: &Mirror, rng: &mut impl Rng, step: u64) {
    let game = &m.game;
    let size = game.size();
    // The position.
    let shown = d.ok("showboard");
    assert_eq!(
        showboard_stones(&shown, size),
        mirror_stones(game),
        "step {step}: showboard\n{shown}\n{}",
        d.history()
    );
    // Legality of a few points for both colours.
    for _ in 0..3 {
        let p = random_point(size, rng);
        for c in Color::ALL {
            let want = if game.is_legal(c, Move::Play(p)) {
                "1"
            } else {
                "0"
            };
            let got = d.ok(&format!("is_legal {} {p}", color_word(c, rng)));
            assert_eq!(
                got,
                want,
                "step {step}: is_legal {c} {p}\n{shown}\n{}\n{:?}",
                d.history(),
                game.rules()
            );
        }
    }
    // The record reads back to the same stones and rules.
    let sgf = d.ok("printsgf");
    let back = read_sgf(sgf.as_bytes()).unwrap_or_else(|e| panic!("step {step}: {e}\n{sgf}"));
    assert_eq!(
        mirror_stones(&back.game),
        mirror_stones(game),
        "step {step}: printsgf"
    );
    assert_eq!(
        back.game.rules().topology,
        game.rules().topology,
        "step {step}"
    );
    // The scores: the engine's and the library's, from one decision.
    if rng.gen_range(0..3) == 0 {
        let outcome = game.result_preview().to_string();
        assert_eq!(d.ok("final_score"), outcome, "step {step}\n{shown}");
        let preview = d.ok("tengen-score");
        assert!(
            preview.starts_with(&format!("{outcome}:")),
            "step {step}: {preview}"
        );
        let dead: BTreeSet<String> = game
            .stones_with_status(StoneStatus::Dead)
            .iter()
            .map(|p| p.to_string())
            .collect();
        let listed: BTreeSet<String> = d
            .ok("final_status_list dead")
            .split_whitespace()
            .map(str::to_uppercase)
            .collect();
        assert_eq!(listed, dead, "step {step}\n{shown}");
    }
}

/// One random step: a command (valid or not) applied to both sides.
fn step(d: &mut Driver, m: &mut Mirror, rng: &mut impl Rng, n: u64) {
    let size = m.game.size();
    match rng.gen_range(0..100) {
        // A legal move for the side to move (or pass when none is left).
        0..=34 => {
            let c = m.game.to_move();
            let legal: Vec<Point> = m.game.legal_moves(c).collect();
            let mv = if legal.is_empty() || rng.gen_range(0..40) == 0 {
                Move::Pass
            } else {
                Move::Play(legal[rng.gen_range(0..legal.len())])
            };
            d.ok(&format!("play {} {mv}", color_word(c, rng)));
            m.game.play_as(c, mv).expect("legal in the mirror");
            if m.game.is_over() {
                // GTP plays on after two passes; so does the mirror.
                m.game.resume();
            }
        }
        // A move the rules forbid, or nonsense: refused, nothing changes.
        35..=49 => {
            let c = if rng.gen_bool(0.5) {
                Color::Black
            } else {
                Color::White
            };
            let p = random_point(size, rng);
            if !m.game.is_legal(c, Move::Play(p)) {
                d.refused(&format!("play {} {p}", color_word(c, rng)));
            } else {
                let junk = [
                    "play".to_string(),
                    format!("play {} Z99", color_word(c, rng)),
                    format!("play purple {p}"),
                    "boardsize 0".to_string(),
                    "boardsize 26".to_string(),
                    "boardsize -3".to_string(),
                    "komi lots".to_string(),
                    "komi nan".to_string(),
                    "frobnicate 1 2".to_string(),
                    "is_legal b".to_string(),
                    "tengen-rules_ko sideways".to_string(),
                    "tengen-rules_topology klein".to_string(),
                    "loadsgf /nonexistent/file.sgf".to_string(),
                    "genmove purple".to_string(),
                    "lz-analyze b -5".to_string(),
                    format!("play {} {p} extra", color_word(c, rng)),
                    "final_status_list undecided".to_string(),
                ];
                d.refused(&junk[rng.gen_range(0..junk.len())]);
            }
        }
        // genmove: the engine's move is legal and becomes the mirror's.
        50..=59 => {
            let c = m.game.to_move();
            let answer = d.ok(&format!("genmove {}", color_word(c, rng)));
            if answer.eq_ignore_ascii_case("resign") {
                // A resignation plays nothing; GTP goes on.
                return;
            }
            let mv: Move = answer.parse().expect("a move");
            m.game.play_as(c, mv).expect("the engine's move is legal");
            if m.game.is_over() {
                m.game.resume();
            }
        }
        // Live analysis, stopped by the next command after a moment.
        60..=64 => {
            let c = m.game.to_move();
            d.engine
                .send(format!("lz-analyze {} 5", color_word(c, rng)).as_bytes());
            std::thread::sleep(Duration::from_millis(rng.gen_range(0..60)));
            d.engine.send(b"name");
            d.commands += 2;
            d.note("lz-analyze, name".to_string());
            assert_eq!(d.engine.line(), "=", "step {n}: lz-analyze");
            loop {
                let l = d.engine.line();
                if l.is_empty() {
                    break;
                }
                assert!(l.starts_with("info move "), "step {n}: {l}");
            }
            assert_eq!(d.engine.response(), "= tengen");
            d.tick();
        }
        // undo: as the mirror allows.
        65..=71 => {
            if m.game.moves().is_empty() {
                d.refused("undo");
            } else {
                d.ok("undo");
                m.game.undo().expect("a move to undo");
            }
        }
        // A new board size (sometimes on a torus), or a cleared board.
        72..=76 => {
            let size = [5, 7, 9, 13, 19][rng.gen_range(0..5)];
            d.ok(&format!("boardsize {size}"));
            d.ok("clear_board");
            let rules = m.rules();
            m.game = Game::new(size, rules).expect("size");
        }
        77..=79 => {
            d.ok("clear_board");
            let rules = m.rules();
            m.game = Game::new(size, rules).expect("size");
        }
        // Komi.
        80..=82 => {
            let komi = f64::from(rng.gen_range(-20..=20)) / 2.0;
            d.ok(&format!("komi {komi}"));
            m.game.set_komi(komi);
        }
        // A rule change: accepted exactly when the mirror accepts it.
        83..=92 => {
            let mut rules = m.rules();
            let (cmd, word) = match rng.gen_range(0..4) {
                0 => {
                    let ko = [
                        KoRule::Simple,
                        KoRule::PositionalSuperko,
                        KoRule::SituationalSuperko,
                    ][rng.gen_range(0..3)];
                    rules.ko = ko;
                    ("ko", ko.name())
                }
                1 => {
                    let s = [SuicideRule::Forbidden, SuicideRule::Allowed][rng.gen_range(0..2)];
                    rules.suicide = s;
                    ("suicide", s.name())
                }
                2 => {
                    let s = [Scoring::Area, Scoring::Territory][rng.gen_range(0..2)];
                    rules.scoring = s;
                    ("scoring", s.name())
                }
                _ => {
                    let t = Topology::ALL[rng.gen_range(0..2)];
                    rules.topology = t;
                    ("topology", t.name())
                }
            };
            let line = format!("tengen-rules_{cmd} {word}");
            let answer = d.cmd(&line);
            let mut changed = m.game.clone();
            match changed.set_rules(rules) {
                Ok(()) => {
                    assert!(answer.starts_with('='), "step {n}: `{line}`: {answer}");
                    m.game = changed;
                    // The replay ends a game that had two passes; GTP
                    // plays on.
                    if m.game.is_over() {
                        m.game.resume();
                    }
                }
                Err(_) => assert!(answer.starts_with('?'), "step {n}: `{line}`: {answer}"),
            }
        }
        // printsgf into a file and loadsgf it back: the same game.
        93..=95 => {
            let sgf = d.ok("printsgf");
            let path = std::env::temp_dir().join(format!("tengen-soak-{}.sgf", std::process::id()));
            std::fs::write(&path, &sgf).expect("write");
            d.ok(&format!("loadsgf {}", path.display()));
            let back = read_sgf(sgf.as_bytes()).expect("printsgf reads back");
            m.game = back.game;
            if m.game.is_over() {
                m.game.resume();
            }
            let _ = std::fs::remove_file(&path);
        }
        // Harmless queries and blank or control-character lines.
        _ => {
            let q = ["name", "version", "protocol_version", "list_commands"];
            d.ok(q[rng.gen_range(0..q.len())]);
            d.engine.send(b"  \t \x01\x02 ");
            d.engine.send(b"# a comment");
            d.ok("known_command play");
        }
    }
}

#[test]
#[ignore = "a soak: .ci/run runs it for ten minutes in release"]
fn random_commands_keep_the_engine_in_step() {
    let secs: u64 = std::env::var("TENGEN_SOAK_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let seed: u64 = std::env::var("TENGEN_SOAK_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let engine = Engine::start(ENGINE_ARGS);
    let pid = engine.child.id();
    let progress = Arc::new(AtomicU64::new(0));
    let done = Arc::new(AtomicBool::new(false));
    let start = Instant::now();
    let watchdog = {
        let (progress, done) = (progress.clone(), done.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(500));
                let last = Duration::from_millis(progress.load(Ordering::SeqCst));
                if start.elapsed().saturating_sub(last) > WATCHDOG {
                    let _ = std::process::Command::new("kill")
                        .arg(pid.to_string())
                        .status();
                    return;
                }
            }
        })
    };
    let mut d = Driver {
        engine,
        progress,
        start,
        commands: 0,
        recent: Default::default(),
    };
    let mut m = Mirror {
        game: Game::new(19, Rules::default()).expect("19x19"),
    };
    d.ok("boardsize 9");
    d.ok("clear_board");
    d.ok("komi 7.5");
    m.game = Game::new(9, Rules::default().with_komi(7.5)).expect("9x9");
    let mut steps = 0u64;
    let mut peak_kb = 0u64;
    while start.elapsed() < Duration::from_secs(secs) {
        step(&mut d, &mut m, &mut rng, steps);
        steps += 1;
        if steps % 4 == 0 {
            check_agreement(&mut d, &m, &mut rng, steps);
        }
        if steps % 50 == 0 {
            let kb = resident_kb(pid).expect("the engine's /proc status");
            peak_kb = peak_kb.max(kb);
            assert!(kb < MEMORY_BOUND_KB, "step {steps}: {kb} KiB resident");
        }
    }
    check_agreement(&mut d, &m, &mut rng, steps);
    done.store(true, Ordering::SeqCst);
    let _ = watchdog.join();
    let commands = d.commands;
    let (_, ok) = d.engine.finish();
    assert!(ok, "the engine exits cleanly");
    eprintln!(
        "soak: {commands} commands in {steps} steps over {:.0} s (seed {seed}), \
         peak resident memory {} MiB",
        start.elapsed().as_secs_f64(),
        peak_kb / 1024
    );
    assert!(steps > 0 && commands >= steps);
}
