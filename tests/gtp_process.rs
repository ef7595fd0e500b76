//! The real `tengen` binary driven over pipes: the bad-input table, a full
//! game to two passes with `final_score`, `quit` and the end of input.

use std::process::Command;
use std::time::{Duration, Instant};
use tengen::{Color, DeadStones, Game, Move, Point, Rules};

#[path = "common/process.rs"]
mod process;
use process::Engine;

const ARGS: &[&str] = &[
    "--quiet",
    "--seed",
    "7",
    "--playouts",
    "300",
    "--resign",
    "0",
];

#[test]
fn bad_input_gets_one_clear_answer_each() {
    let mut e = Engine::start(ARGS);
    let long = vec![b'x'; 1_000_000];
    let table: Vec<(&[u8], &str)> = vec![
        (b"frobnicate", "? unknown command"),
        (b"boardsize 9", "= "),
        (b"play black Z99", "? syntax error"),
        (b"play black D4", "= "),
        (b"play white D4", "? illegal move"),
        (b"clear_board", "= "),
        // A ko: Black takes at E4, White may not retake at D4 at once.
        (b"play b C4", "= "),
        (b"play w E5", "= "),
        (b"play b D5", "= "),
        (b"play w F4", "= "),
        (b"play b D3", "= "),
        (b"play w E3", "= "),
        (b"play b H8", "= "),
        (b"play w D4", "= "),
        (b"play b E4", "= "),
        (b"play w D4", "? illegal move"),
        (b"boardsize 0", "? unacceptable size"),
        (b"boardsize 1", "= "),
        (b"boardsize 25", "= "),
        (b"boardsize 26", "? unacceptable size"),
        (b"boardsize 19x", "? syntax error"),
        (b"boardsize -3", "? unacceptable size"),
        (b"boardsize 99999999999999999999", "? unacceptable size"),
        (b"komi abc", "? syntax error"),
        (b"komi nan", "? syntax error"),
        (b"komi inf", "? syntax error"),
        (b"genmove purple", "? syntax error"),
        (b"undo", "? cannot undo"),
        (b"boardsize 19", "= "),
        (b"fixed_handicap 1", "? invalid number of stones"),
        (b"fixed_handicap 10", "? invalid number of stones"),
        (b"set_free_handicap D4 D4", "? bad vertex list"),
        (b"set_free_handicap D4 pass", "? bad vertex list"),
        (b"loadsgf /nonexistent/file.sgf", "? cannot load file"),
        (b"loadsgf tests/gtp/malformed.sgf", "? cannot load file"),
        (b"time_left b -10 0", "? syntax error"),
        (b"time_left w 10 -1", "? syntax error"),
        (&long, "? line too long"),
        (b"\x00\x01\x02\xff\xfe\xfd", "? unknown command"),
        (b"\xc3\x28 play", "? unknown command"),
        (b"12 \xe2\x82", "?12 unknown command"),
        (b"name", "= tengen"),
    ];
    for (input, want) in &table {
        e.send(input);
        let got = e.response();
        assert_eq!(
            &got,
            want,
            "input {:?}",
            String::from_utf8_lossy(&input[..input.len().min(40)])
        );
    }
    // Blank lines and comments get no response: the next answer is the
    // one to `version`.
    e.send(b"        ");
    e.send(b"\t");
    e.send(b"# just a comment");
    e.send(b"");
    assert_eq!(e.cmd("version"), format!("= {}", env!("CARGO_PKG_VERSION")));
    // The engine still works.
    assert_eq!(e.cmd("boardsize 9"), "= ");
    let mv = e.cmd("genmove b");
    assert!(mv.starts_with("= "), "{mv}");
    // `quit` is answered, then the process ends cleanly with no more output.
    assert_eq!(e.cmd("quit"), "= ");
    let (rest, ok) = e.finish();
    assert_eq!(rest, "");
    assert!(ok, "exit status after quit");
}

#[test]
fn end_of_input_is_a_clean_exit() {
    let mut e = Engine::start(ARGS);
    assert_eq!(e.cmd("protocol_version"), "= 2");
    let (rest, ok) = e.finish();
    assert_eq!(rest, "");
    assert!(ok, "exit status at the end of input");
    // Nothing at all is fine too.
    let e = Engine::start(ARGS);
    let (rest, ok) = e.finish();
    assert_eq!(rest, "");
    assert!(ok);
}

#[test]
fn crlf_and_ids_as_gtp2ogs_sends_them() {
    let mut e = Engine::start(ARGS);
    e.send(b"1 list_commands\r");
    let list = e.response();
    assert!(list.starts_with("=1 protocol_version\n"), "{list}");
    for name in [
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "place_free_handicap",
        "set_free_handicap",
        "time_settings",
        "time_left",
        "kgs-time_settings",
        "final_score",
        "showboard",
        "quit",
    ] {
        assert!(
            list.lines().any(|l| l.trim_start_matches("=1 ") == name),
            "{name}"
        );
    }
    e.send(b"2 boardsize 9\r");
    assert_eq!(e.response(), "=2 ");
    e.send(b"3 komi 6.5\r");
    assert_eq!(e.response(), "=3 ");
    e.send(b"4 play black d5\r");
    assert_eq!(e.response(), "=4 ");
    e.send(b"5 kgs-time_settings byoyomi 0 5 3\r");
    assert_eq!(e.response(), "=5 ");
    e.send(b"6 time_left white 5 3\r");
    assert_eq!(e.response(), "=6 ");
    e.send(b"7 genmove white\r");
    let r = e.response();
    let v = r.strip_prefix("=7 ").expect("genmove answered");
    assert!(v == "pass" || v.parse::<Point>().is_ok(), "{r}");
    e.send(b"8 quit\r");
    assert_eq!(e.response(), "=8 ");
    let (_, ok) = e.finish();
    assert!(ok);
}

/// The vertices of a `final_status_list` response.
fn vertex_list(response: &str) -> Vec<Point> {
    response
        .trim_start_matches('=')
        .split_whitespace()
        .map(|v| v.parse::<Point>().expect("vertex"))
        .collect()
}

#[test]
fn full_game_to_two_passes() {
    let mut e = Engine::start(ARGS);
    assert_eq!(e.cmd("boardsize 9"), "= ");
    assert_eq!(e.cmd("clear_board"), "= ");
    assert_eq!(e.cmd("komi 7"), "= ");
    let mut game = Game::new(9, Rules::default().with_komi(7.0)).expect("9x9");
    let mut color = Color::Black;
    let mut passes = 0;
    for _ in 0..400 {
        let r = e.cmd(&format!("genmove {color}"));
        let v = r.strip_prefix("= ").expect("genmove answered");
        let mv: Move = v.parse().expect("a move, never resign");
        game.play_as(color, mv)
            .unwrap_or_else(|err| panic!("tengen played the illegal {mv}: {err}"));
        passes = if mv == Move::Pass { passes + 1 } else { 0 };
        if passes == 2 {
            break;
        }
        color = color.opponent();
    }
    assert_eq!(passes, 2, "the game ended with two passes");
    let score = e.cmd("final_score");
    let dead = vertex_list(&e.cmd("final_status_list dead"));
    let alive = vertex_list(&e.cmd("final_status_list alive"));
    // Every stone is either alive or dead, never both.
    let board = game.board();
    let stones: Vec<Point> = board
        .locs()
        .filter(|&l| board.color_at(l).is_some())
        .map(|l| board.point(l))
        .collect();
    assert_eq!(alive.len() + dead.len(), stones.len());
    for p in &stones {
        assert!(alive.contains(p) != dead.contains(p), "{p}");
    }
    // The score is the library's score with those dead stones.
    let mut set = DeadStones::none();
    for p in &dead {
        set.insert(board.loc(*p).expect("on the board"));
    }
    let want = game.score_with(&set).outcome(game.rules().tie);
    assert_eq!(score, format!("= {want}"));
    assert_eq!(e.cmd("quit"), "= ");
    let (_, ok) = e.finish();
    assert!(ok);
}

/// Checks one `lz-analyze` line: `info move V visits N winrate W prior P
/// lcb L order O scoreLead S pv V ...` for every candidate, orders 0, 1, ...
fn check_info_line(line: &str) -> usize {
    let blocks: Vec<&str> = line.split("info ").filter(|b| !b.is_empty()).collect();
    assert!(!blocks.is_empty(), "{line}");
    for (i, b) in blocks.iter().enumerate() {
        let w: Vec<&str> = b.split_whitespace().collect();
        let keys = [
            "move",
            "visits",
            "winrate",
            "prior",
            "lcb",
            "order",
            "scoreLead",
            "pv",
        ];
        for (k, key) in keys.iter().enumerate() {
            assert_eq!(w.get(2 * k), Some(key), "{b}");
        }
        assert!(w[1].parse::<Move>().is_ok(), "{b}");
        assert!(w[3].parse::<u64>().is_ok_and(|v| v > 0), "{b}");
        for k in [5, 7, 9] {
            assert!(w[k].parse::<u32>().is_ok_and(|v| v <= 10000), "{b}");
        }
        assert_eq!(w[11].parse::<usize>().ok(), Some(i), "{b}");
        assert!(w[13].parse::<f64>().is_ok(), "{b}");
        assert_eq!(w.get(15), Some(&w[1]), "the pv starts with the move: {b}");
        assert!(w[15..].iter().all(|m| m.parse::<Move>().is_ok()), "{b}");
    }
    blocks.len()
}

#[test]
fn a_command_sent_right_behind_lz_analyze_stops_it_at_once() {
    // Both lines in one write: the second was read before the analysis
    // started. Its answer must not wait for the analysis interval (1,000
    // seconds here).
    let mut e = Engine::start(&[
        "--quiet",
        "--seed",
        "1",
        "--threads",
        "1",
        "--size",
        "9",
        "--time",
        "5",
    ]);
    // A watchdog: an engine still analysing after 20 seconds is killed, so
    // that the test fails (end of output) instead of hanging.
    let (done, watch) = std::sync::mpsc::channel::<()>();
    let pid = e.child.id().to_string();
    let watchdog = std::thread::spawn(move || {
        if watch
            .recv_timeout(std::time::Duration::from_secs(20))
            .is_err()
        {
            let _ = Command::new("kill").arg(&pid).status();
        }
    });
    let t = std::time::Instant::now();
    e.send(b"lz-analyze 100000\nname");
    assert_eq!(e.line(), "=");
    loop {
        let l = e.line();
        if l.is_empty() {
            break;
        }
        check_info_line(&l);
    }
    assert_eq!(e.response(), "= tengen");
    assert!(
        t.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        t.elapsed()
    );
    let _ = done.send(());
    let _ = watchdog.join();
}

#[test]
fn lz_analyze_streams_until_the_next_line() {
    let mut e = Engine::start(&["--quiet", "--seed", "1", "--resign", "0"]);
    assert_eq!(e.cmd("boardsize 9"), "= ");
    assert_eq!(e.cmd("play b E5"), "= ");
    e.send(b"7 lz-analyze w 10");
    assert_eq!(e.line(), "=7");
    // It keeps reporting while nothing else arrives.
    for _ in 0..3 {
        let l = e.line();
        assert!(check_info_line(&l) > 1, "{l}");
    }
    e.send(b"8 protocol_version");
    loop {
        let l = e.line();
        if l.is_empty() {
            break;
        }
        check_info_line(&l);
    }
    assert_eq!(e.response(), "=8 2");
    // lz-genmove_analyze ends by itself with the move, which is played.
    e.send(b"lz-genmove_analyze b 10");
    assert_eq!(e.line(), "=");
    let mv = loop {
        let l = e.line();
        if let Some(m) = l.strip_prefix("play ") {
            break m.to_string();
        }
        check_info_line(&l);
    };
    assert_eq!(e.line(), "");
    let p: Point = mv.parse().expect("a vertex");
    assert_eq!(e.cmd(&format!("is_legal w {p}")), "= 0", "{p} was played");
    let (_, ok) = e.finish();
    assert!(ok);
}

/// Sets up on 7x7 the ten White stones Black captures at D3, their one
/// liberty: every other move lets them out, so the capture soon leads by
/// far more than any other move could catch up.
fn ten_stone_capture(e: &mut Engine) {
    assert_eq!(e.cmd("boardsize 7"), "= ");
    assert_eq!(e.cmd("komi 0.5"), "= ");
    for b in [
        "B6", "C6", "D6", "E6", "F6", "A5", "G5", "A4", "G4", "B3", "C3", "E3", "F3",
    ] {
        assert_eq!(e.cmd(&format!("play b {b}")), "= ", "{b}");
    }
    for w in ["B5", "C5", "D5", "E5", "F5", "B4", "C4", "D4", "E4", "F4"] {
        assert_eq!(e.cmd(&format!("play w {w}")), "= ", "{w}");
    }
}

/// `lz-genmove_analyze` from the ten-stone capture: its `info` lines,
/// the move it plays and how long it thought.
fn genmove_analyze_timed(e: &mut Engine) -> (Vec<String>, String, Duration) {
    let start = Instant::now();
    e.send(b"lz-genmove_analyze b 10");
    assert_eq!(e.line(), "=");
    let mut lines = Vec::new();
    let mv = loop {
        let l = e.line();
        if let Some(m) = l.strip_prefix("play ") {
            break m.to_string();
        }
        check_info_line(&l);
        lines.push(l);
    };
    let spent = start.elapsed();
    assert_eq!(e.line(), "");
    (lines, mv, spent)
}

#[test]
fn genmove_analyze_keeps_the_clock_as_genmove_does() {
    let base = ["--quiet", "--threads", "1", "--resign", "0"];
    // Ten seconds a move at most, so the clock decides.
    let mut args = base.to_vec();
    args.extend(["--time", "10"]);
    // A Canadian period of 25 s for 5 stones keeps what a move saves:
    // genmove and its analysing form both stop once the capture cannot
    // be caught, well before the normal time of 3.49 s (70% of the 4.98 s
    // a stone may use; the analysing form used to think it all, less the
    // lag margin: 3.39 s).
    let canadian = "time_settings 0 25 5";
    let early = Duration::from_millis(2800);
    let mut e = Engine::start(&args);
    ten_stone_capture(&mut e);
    assert_eq!(e.cmd(canadian), "= ");
    let start = Instant::now();
    assert_eq!(e.cmd("genmove b"), "= D3");
    let plain = start.elapsed();
    assert!(plain < early, "genmove {plain:?}");
    let _ = e.finish();
    let mut e = Engine::start(&args);
    ten_stone_capture(&mut e);
    assert_eq!(e.cmd(canadian), "= ");
    let (lines, mv, spent) = genmove_analyze_timed(&mut e);
    assert_eq!(mv, "D3");
    assert!(spent < early, "genmove_analyze {spent:?}");
    // Its last line is the final analysis: D3 first, with the most visits.
    let last = lines.last().expect("an info line");
    assert!(last.starts_with("info move D3 "), "{last}");
    // The move was played and charged to Black's period.
    assert_eq!(e.cmd("is_legal w D3"), "= 0");
    let _ = e.finish();
    // A fixed time a move (`--time 1`): a second saved would be lost, so
    // the analysing form thinks its whole second too (less the lag
    // margin of 100 ms), reporting every tenth of a second on the way.
    let mut fixed = base.to_vec();
    fixed.extend(["--time", "1"]);
    let mut e = Engine::start(&fixed);
    ten_stone_capture(&mut e);
    let (lines, mv, spent) = genmove_analyze_timed(&mut e);
    assert_eq!(mv, "D3");
    assert!(spent >= Duration::from_millis(880), "{spent:?}");
    assert!(lines.len() >= 5, "{} info lines", lines.len());
    let _ = e.finish();
}

#[test]
fn genmove_analyze_plays_the_opening_book_as_genmove_does() {
    // 9x9 at komi 7, the empty board: the book's move, from a search of
    // a million playouts, where the default level searches 10,000.
    let args = ["--quiet", "--threads", "1", "--resign", "0"];
    let mut e = Engine::start(&args);
    assert_eq!(e.cmd("boardsize 9"), "= ");
    assert_eq!(e.cmd("komi 7"), "= ");
    let plain = e.cmd("genmove b");
    let plain = plain.strip_prefix("= ").expect("a move").to_string();
    let _ = e.finish();
    let mut e = Engine::start(&args);
    assert_eq!(e.cmd("boardsize 9"), "= ");
    assert_eq!(e.cmd("komi 7"), "= ");
    e.send(b"lz-genmove_analyze b 10");
    assert_eq!(e.line(), "=");
    let line = e.line();
    check_info_line(&line);
    let visits: u64 = line
        .split_whitespace()
        .nth(4)
        .and_then(|v| v.parse().ok())
        .expect("visits");
    assert!(visits > 100_000, "{line}");
    assert_eq!(e.line(), format!("play {plain}"));
    assert_eq!(e.line(), "");
    let _ = e.finish();
}

#[test]
fn interrupt_stops_a_long_genmove() {
    let mut e = Engine::start(&["--quiet", "--seed", "1", "--time", "120", "--resign", "0"]);
    assert_eq!(e.cmd("boardsize 9"), "= ");
    e.send(b"genmove b");
    std::thread::sleep(Duration::from_millis(1000));
    let asked = Instant::now();
    e.send(b"# interrupt");
    let r = e.response();
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "{:?}",
        asked.elapsed()
    );
    let v = r.strip_prefix("= ").expect("answered");
    assert!(v.parse::<Point>().is_ok(), "{r}");
    // The interrupt line itself gets no response: the next one is `name`'s.
    assert_eq!(e.cmd("name"), "= tengen");
}

#[test]
fn genmove_respects_the_clock() {
    let mut e = Engine::start(&[
        "--quiet",
        "--seed",
        "1",
        "--playouts",
        "1000000000",
        "--lag",
        "0.5",
        "--resign",
        "0",
    ]);
    // 11x11: no opening book there, so every genmove searches its budget.
    assert_eq!(e.cmd("boardsize 11"), "= ");
    // Canadian byo-yomi: 2 seconds for 1 stone; less the lag, 1.5 s.
    assert_eq!(e.cmd("time_settings 0 2 1"), "= ");
    for (color, command) in [
        ("b", "time_left b 2 1"),
        ("w", "kgs-time_settings byoyomi 0 2 3"),
    ] {
        assert_eq!(e.cmd(command), "= ");
        let start = Instant::now();
        let r = e.cmd(&format!("genmove {color}"));
        let spent = start.elapsed();
        assert!(r.starts_with("= "), "{r}");
        // 1.5 s budget; the bound leaves room for a loaded machine.
        assert!(spent < Duration::from_millis(2500), "{color}: {spent:?}");
        assert!(spent > Duration::from_millis(1000), "{color}: {spent:?}");
    }
}

#[test]
fn reg_genmove_does_not_play_and_printsgf_reads_back() {
    let mut e = Engine::start(ARGS);
    assert_eq!(e.cmd("boardsize 9"), "= ");
    assert_eq!(e.cmd("play b E5"), "= ");
    assert_eq!(e.cmd("play w C3"), "= ");
    let r = e.cmd("reg_genmove b");
    let p: Point = r
        .strip_prefix("= ")
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{r}"));
    // Not played: both colours may still play there, and White is to move.
    assert_eq!(e.cmd(&format!("is_legal w {p}")), "= 1");
    assert_eq!(e.cmd(&format!("is_legal b {p}")), "= 1");
    let sgf = e.cmd("printsgf");
    let text = sgf.strip_prefix("= ").expect("printsgf answered");
    let back = tengen::read_sgf(text.as_bytes()).expect("the SGF reads back");
    let e5 = Move::Play("E5".parse().expect("vertex"));
    let c3 = Move::Play("C3".parse().expect("vertex"));
    assert_eq!(back.game.moves(), &[(Color::Black, e5), (Color::White, c3)]);
    assert_eq!(back.game.to_move(), Color::Black);
    // printsgf FILE writes the same game to the file, and loadsgf reads it.
    let path = std::env::temp_dir().join(format!("tengen-printsgf-{}.sgf", std::process::id()));
    let path_text = path.to_str().expect("UTF-8 temp path");
    assert_eq!(e.cmd(&format!("printsgf {path_text}")), "= ");
    let written = std::fs::read_to_string(&path).expect("file written");
    assert_eq!(written.trim_end(), text);
    assert_eq!(e.cmd("clear_board"), "= ");
    assert_eq!(e.cmd(&format!("loadsgf {path_text}")), "= ");
    assert_eq!(e.cmd("is_legal w E5"), "= 0");
    assert_eq!(e.cmd("is_legal b C3"), "= 0");
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        e.cmd("printsgf /nonexistent-dir/x.sgf").chars().next(),
        Some('?')
    );
}

#[test]
fn end_of_input_does_not_cut_a_search_short() {
    // The end of input during a search: the move is still searched with
    // the full playout budget (the log says how many playouts).
    let log = std::env::temp_dir().join(format!("tengen-eof-{}.log", std::process::id()));
    let mut e = Engine::start(&[
        "--seed",
        "1",
        "--playouts",
        "5000",
        "--log",
        log.to_str().expect("UTF-8 temp path"),
    ]);
    e.send(b"boardsize 19");
    e.send(b"genmove b");
    // The input ends while the move is being searched.
    std::thread::sleep(Duration::from_millis(200));
    let (rest, ok) = e.finish();
    assert!(ok);
    assert!(rest.starts_with("= \n\n= "), "{rest}");
    let text = std::fs::read_to_string(&log).expect("log written");
    let _ = std::fs::remove_file(&log);
    assert!(text.contains("after 5000 playouts"), "{text}");
}

/// Black's answers to five `genmove b` in a hopeless 5x5 game (komi 100).
fn hopeless_answers(extra: &[&str]) -> Vec<String> {
    let mut args = vec!["--quiet", "--seed", "1", "--playouts", "200"];
    args.extend_from_slice(extra);
    let mut e = Engine::start(&args);
    for line in [
        "boardsize 5",
        "komi 100",
        "play b A1",
        "play w A5",
        "play b B1",
        "play w B5",
        "play b C1",
        "play w C5",
        "play b D1",
        "play w D5",
    ] {
        assert_eq!(e.cmd(line), "= ", "{line}");
    }
    let mut answers = Vec::new();
    for _ in 0..5 {
        let a = e.cmd("genmove b");
        answers.push(a.clone());
        if a == "= resign" {
            break;
        }
        assert_eq!(e.cmd("play w pass"), "= ");
    }
    answers
}

#[test]
fn no_resign_turns_resignation_off() {
    let resigning = hopeless_answers(&["--resign", "0.99"]);
    assert!(resigning.iter().any(|a| a == "= resign"), "{resigning:?}");
    let never = hopeless_answers(&["--resign", "0.99", "--no-resign"]);
    assert_eq!(never.len(), 5, "{never:?}");
    assert!(
        never.iter().all(|a| a != "= resign" && a.starts_with("= ")),
        "{never:?}"
    );
}

/// The playouts of every move an engine logged ("B: D4 after N playouts
/// in ..."), in order.
fn logged_searches(log: &std::path::Path) -> Vec<(u64, f64)> {
    // `black: D5 after 11410 playouts in 0.68s (win rate 0.500)`
    let text = std::fs::read_to_string(log).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.split(" after ").nth(1))
        .filter_map(|rest| {
            let mut words = rest.split(' ');
            let playouts = words.next()?.parse().ok()?;
            let secs = words.nth(2)?.strip_suffix('s')?.parse().ok()?;
            Some((playouts, secs))
        })
        .collect()
}

#[test]
fn the_level_command_sets_and_reports_the_level() {
    let log = std::env::temp_dir().join(format!("tengen-level-{}.log", std::process::id()));
    let log_arg = log.to_str().expect("a UTF-8 temporary path").to_string();
    let mut e = Engine::start(&["--seed", "2", "--level", "normal", "--log", &log_arg]);
    assert_eq!(e.cmd("tengen-level"), "= normal");
    // `normal` is level 5 of the numbered scale, reported by its name.
    assert_eq!(e.cmd("tengen-level 5"), "= ");
    assert_eq!(e.cmd("tengen-level"), "= normal");
    // 11x11: no opening book there, so every genmove searches its level.
    assert_eq!(e.cmd("boardsize 11"), "= ");
    assert_eq!(e.cmd("tengen-level expert"), "? syntax error");
    assert_eq!(e.cmd("tengen-level 11"), "? syntax error");
    assert_eq!(e.cmd("tengen-level"), "= normal");
    assert_eq!(e.cmd("tengen-level easy"), "= ");
    assert_eq!(e.cmd("tengen-level"), "= easy");
    assert!(e.cmd("genmove b").starts_with("= "));
    assert_eq!(e.cmd("tengen-level hard"), "= ");
    assert_eq!(e.cmd("tengen-level"), "= hard");
    assert!(e.cmd("genmove w").starts_with("= "));
    // The numbered levels are the same levels over GTP as on the command
    // line: level 1 searches 2,000 playouts.
    assert_eq!(e.cmd("tengen-level 1"), "= ");
    assert_eq!(e.cmd("tengen-level"), "= 1");
    assert!(e.cmd("genmove b").starts_with("= "));
    assert_eq!(e.cmd("quit"), "= ");
    let searches = logged_searches(&log);
    let _ = std::fs::remove_file(&log);
    let playouts: Vec<u64> = searches.iter().map(|s| s.0).collect();
    assert_eq!(playouts.len(), 3, "{searches:?}");
    // Easy searches 300 playouts (a tree kept from an earlier move may add
    // a few), level 1 searches 2,000; hard thinks for up to two seconds,
    // never past its time: more playouts than easy, unless a starved
    // machine held it to fewer in that time (then it spent the time).
    assert!((300..400).contains(&playouts[0]), "easy: {searches:?}");
    assert!(
        playouts[1] > playouts[0] || searches[1].1 >= 0.5,
        "hard: {searches:?}"
    );
    assert!(
        (2_000..2_200).contains(&playouts[2]),
        "level 1: {playouts:?}"
    );
    // Hard's two seconds by the engine's own clock (its log), not the
    // wall time a loaded machine stretches: a little over is the stop's
    // lag.
    assert!(searches[1].1 <= 2.3, "hard: {searches:?}");
    // Explicit limits are a custom level.
    let mut e = Engine::start(&["--quiet", "--seed", "2", "--playouts", "100"]);
    assert_eq!(e.cmd("tengen-level"), "= custom");
}

#[test]
fn the_default_level_is_normal_and_searches_ten_thousand_playouts() {
    // No --level: the default, which the help and `tengen-level` call
    // normal, level 5 of the 2,000-playout scale (5 x 2,000).
    let log = std::env::temp_dir().join(format!("tengen-default-{}.log", std::process::id()));
    let log_arg = log.to_str().expect("a UTF-8 temporary path").to_string();
    let mut e = Engine::start(&["--seed", "3", "--log", &log_arg]);
    assert_eq!(e.cmd("tengen-level"), "= normal");
    assert_eq!(e.cmd("boardsize 5"), "= ");
    assert!(e.cmd("genmove b").starts_with("= "));
    assert_eq!(e.cmd("quit"), "= ");
    let searches = logged_searches(&log);
    let _ = std::fs::remove_file(&log);
    assert_eq!(searches.len(), 1, "{searches:?}");
    assert!((10_000..10_100).contains(&searches[0].0), "{searches:?}");
}

#[test]
fn a_small_node_limit_still_plays_and_a_bad_one_is_refused() {
    // 1,000 nodes for 3,000 playouts: the tree stops growing, the search
    // goes on and answers a legal move.
    let mut e = Engine::start(&[
        "--quiet",
        "--seed",
        "5",
        "--playouts",
        "3000",
        "--max-nodes",
        "1000",
    ]);
    assert_eq!(e.cmd("boardsize 9"), "= ");
    for c in ["b", "w", "b"] {
        let a = e.cmd(&format!("genmove {c}"));
        let v = a.strip_prefix("= ").expect("an answer");
        assert!(v.parse::<Move>().is_ok(), "{a}");
    }
    let (_, ok) = e.finish();
    assert!(ok);
    for bad in ["10", "abc", "-5", "99999999999"] {
        refused(&["--max-nodes", bad]);
    }
}

/// Runs the binary with `args`, which it must refuse: a failure, with an
/// `error:` message and no panic. Returns the message.
fn refused(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(!out.status.success(), "{args:?} accepted");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(err.starts_with("error:"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn search_settings_are_checked_on_the_command_line() {
    // A good setting plays; the last of a key wins.
    let mut e = Engine::start(&[
        "--quiet",
        "--seed",
        "4",
        "--playouts",
        "300",
        "--set",
        "rave_equiv=1000",
        "--set",
        "explore=0.2",
        "--set",
        "rave_equiv=2000",
        "--set",
        "last_good_reply=1",
        "--set",
        "two_liberties=1",
        "--set",
        "learned_shapes=2",
        "--set",
        "playout_ladders=1",
        "--set",
        "playout_ladder_attacks=1",
        "--set",
        "fill_board=8",
        "--set",
        "rave_weighting=1",
        "--set",
        "score_bonus=0.05",
        "--set",
        "widen_start=20",
        "--set",
        "learned_wins_only=1",
        "--set",
        "progressive_bias=1.5",
        "--set",
        "rule_chance=256",
        "--set",
        "capture_last_chance=200",
        "--set",
        "playout_shapes=4095",
    ]);
    assert_eq!(e.cmd("boardsize 9"), "= ");
    let a = e.cmd("genmove b");
    let v = a.strip_prefix("= ").expect("an answer");
    assert!(v.parse::<Move>().is_ok(), "{a}");
    let (_, ok) = e.finish();
    assert!(ok);
    // A bad one is refused with what would be right, and nothing runs.
    for (bad, says) in [
        ("rave=1000", "known: rave_equiv, explore"),
        ("explore=-1", "explore must be a number from 0 to 10"),
        ("prior_even=2.5", "prior_even must be a whole number"),
        ("expand_threshold=1e9", "expand_threshold must be"),
        ("learned_visits=nan", "learned_visits must be"),
        (
            "last_good_reply=2",
            "last_good_reply must be a whole number from 0 to 1",
        ),
        ("two_liberties=0.5", "two_liberties must be a whole number"),
        (
            "learned_shapes=-2",
            "learned_shapes must be a number from 0 to 1000",
        ),
        (
            "playout_ladders=yes",
            "playout_ladders must be a whole number from 0 to 1",
        ),
        (
            "playout_ladder_attacks=0.5",
            "playout_ladder_attacks must be a whole number from 0 to 1",
        ),
        (
            "fill_board=101",
            "fill_board must be a whole number from 0 to 100",
        ),
        (
            "rave_weighting=2",
            "rave_weighting must be a whole number from 0 to 1",
        ),
        (
            "score_bonus=0.6",
            "score_bonus must be a number from 0 to 0.5",
        ),
        (
            "learned_wins_only=2",
            "learned_wins_only must be a whole number from 0 to 1",
        ),
        (
            "widen_start=-1",
            "widen_start must be a whole number from 0 to 1000",
        ),
        (
            "progressive_bias=11",
            "progressive_bias must be a number from 0 to 10",
        ),
        (
            "rule_chance=257",
            "rule_chance must be a whole number from 0 to 256",
        ),
        (
            "capture_last_chance=0.5",
            "capture_last_chance must be a whole number from 0 to 256",
        ),
        (
            "playout_shapes=8192",
            "playout_shapes must be a whole number from 0 to 8191",
        ),
        ("rave_equiv", "is not KEY=VALUE"),
    ] {
        let err = refused(&["--set", bad]);
        assert!(err.contains(says), "--set {bad}: {err}");
    }
}
