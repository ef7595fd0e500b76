//! The real `tengen` binary driven over pipes: the bad-input table, a full
//! game to two passes with `final_score`, `quit` and the end of input.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use tengen::{Color, DeadStones, Game, Move, Point, Rules};

/// A running `tengen` process.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tengen");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, line: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(line).expect("write");
        stdin.write_all(b"\n").expect("write");
        stdin.flush().expect("flush");
    }

    /// Reads one response: lines up to the empty line that ends it.
    fn response(&mut self) -> String {
        let mut text = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("read");
            assert!(n > 0, "end of output in the middle of a response: {text:?}");
            if line == "\n" {
                break;
            }
            text.push_str(&line);
        }
        assert!(
            text.starts_with('=') || text.starts_with('?'),
            "not a GTP response: {text:?}"
        );
        text.trim_end_matches('\n').to_string()
    }

    fn cmd(&mut self, line: &str) -> String {
        self.send(line.as_bytes());
        self.response()
    }

    /// Closes stdin and returns the rest of stdout and the exit status.
    fn finish(mut self) -> (String, bool) {
        drop(self.stdin.take());
        let mut rest = String::new();
        self.stdout.read_to_string(&mut rest).expect("read rest");
        let status = self.child.wait().expect("wait");
        (rest, status.success())
    }
}

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
