//! `tengen match` and `tengen referee` through the real binary.

use std::process::Command;

fn tengen() -> &'static str {
    env!("CARGO_BIN_EXE_tengen")
}

/// `tengen SUB --engine1 A --engine2 B --size N --games G --no-progress`,
/// then `extra`.
fn games_args(
    sub: &str,
    engines: [&str; 2],
    size: &str,
    games: &str,
    extra: &[&str],
) -> Vec<String> {
    let mut v: Vec<String> = [
        sub,
        "--engine1",
        engines[0],
        "--engine2",
        engines[1],
        "--size",
        size,
        "--games",
        games,
        "--no-progress",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

fn run_games(args: &[String]) -> (bool, String) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run(&args)
}

fn run(args: &[&str]) -> (bool, String) {
    let out = Command::new(tengen())
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn match_between_two_tengens_writes_sgf_and_a_summary() {
    let dir = std::env::temp_dir().join(format!("tengen-match-{}", std::process::id()));
    let engine = format!("{} --playouts 50 --seed 3 --quiet", tengen());
    let (ok, out) = run_games(&games_args(
        "match",
        [&engine, &engine],
        "7",
        "2",
        &["--parallel", "2", "--sgf-dir", dir.to_str().unwrap()],
    ));
    assert!(ok, "{out}");
    assert!(out.contains("games 2:"), "{out}");
    assert!(out.contains("95% CI"), "{out}");
    for i in 1..=2 {
        let sgf = std::fs::read(dir.join(format!("game-{i:03}.sgf"))).unwrap();
        let game = tengen::read_sgf(&sgf).expect("the match writes readable SGF");
        assert_eq!(game.game.size(), 7);
        assert!(game.result.is_some());
        // The players by their GTP name and version, the date, the event.
        let text = String::from_utf8_lossy(&sgf);
        let me = format!("tengen {}", env!("CARGO_PKG_VERSION"));
        assert!(text.contains(&format!("PB[{me}]PW[{me}]DT[")), "{text}");
        assert!(text.contains("]EV[tengen match]"), "{text}");
        let dt = text
            .split("DT[")
            .nth(1)
            .and_then(|r| r.split(']').next())
            .unwrap();
        let parts: Vec<&str> = dt.split('-').collect();
        assert!(
            parts.len() == 3 && parts[0].len() == 4 && parts[1].len() == 2 && parts[2].len() == 2,
            "{dt}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn phantom_referee_plays_sampling_against_random() {
    let dir = std::env::temp_dir().join(format!("tengen-referee-{}", std::process::id()));
    let smart = format!("{} --playouts 200 --seed 5 --quiet", tengen());
    let random = format!("{} --seed 6 --quiet --phantom-player random", tengen());
    let (ok, out) = run_games(&games_args(
        "referee",
        [&smart, &random],
        "7",
        "2",
        &["--sgf-dir", dir.to_str().unwrap()],
    ));
    assert!(ok, "{out}");
    assert!(out.contains("games 2:"), "{out}");
    // No protocol errors, illegal repeats or failures: every game is scored.
    assert_eq!(out.matches("(scored)").count(), 2, "{out}");
    let sgf = std::fs::read_to_string(dir.join("game-001.sgf")).unwrap();
    assert!(sgf.contains("KM[7.5]"), "{sgf}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_match_arguments_fail_cleanly() {
    let (ok, _) = run(&[
        "match",
        "--engine1",
        "/nonexistent/x",
        "--engine2",
        "/nonexistent/y",
        "--games",
        "1",
        "--no-progress",
    ]);
    assert!(!ok);
    let (ok, _) = run(&[
        "match",
        "--engine1",
        "a",
        "--engine2",
        "b",
        "--timeout",
        "-1",
    ]);
    assert!(!ok);
    let (ok, _) = run(&[
        "referee",
        "--size",
        "99",
        "--engine1",
        "a",
        "--engine2",
        "b",
    ]);
    assert!(!ok);
}

#[test]
fn a_closed_output_ends_a_match_without_a_panic() {
    // `tengen match ... | head -1`: the reader goes after the first line.
    // The match says so on standard error and exits with status 1.
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let engine = format!("{} --playouts 20 --seed 3 --quiet", tengen());
    let mut child = Command::new(tengen())
        .args(games_args("match", [&engine, &engine], "5", "6", &[]))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = String::new();
    {
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        out.read_line(&mut first).expect("a first line");
    } // The read end closes here.
    let out = child.wait_with_output().expect("the match ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(first.starts_with("game   1:"), "{first}");
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("tengen: cannot write the results"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn capture_go_matches_are_won_by_capture() {
    // Every game of a Capture Go match ends when a side has captured one
    // stone, and is recorded as that side's win, in the summary lines and
    // in SGF that other programs read (RE[B+] or RE[W+], the reason in GC).
    let dir = std::env::temp_dir().join(format!("tengen-capture-{}", std::process::id()));
    let engine = format!("{} --playouts 30 --seed 4 --quiet", tengen());
    let (ok, out) = run_games(&games_args(
        "match",
        [&engine, &engine],
        "5",
        "2",
        &["--capture-goal", "1", "--sgf-dir", dir.to_str().unwrap()],
    ));
    assert!(ok, "{out}");
    for i in 1..=2 {
        let sgf = std::fs::read(dir.join(format!("game-{i:03}.sgf"))).unwrap();
        let text = String::from_utf8_lossy(&sgf).into_owned();
        let game = tengen::read_sgf(&sgf).expect("readable SGF").game;
        let captured =
            [tengen::Color::Black, tengen::Color::White].map(|c| game.board().captures(c));
        let winner = if captured[0] >= 1 { "B" } else { "W" };
        assert!(
            captured.iter().any(|&n| n >= 1),
            "game {i}: no capture\n{text}"
        );
        assert!(
            text.contains(&format!(
                "RE[{winner}+]GC[{winner}+C: won by reaching the Capture Go goal]"
            )),
            "game {i}: {text}"
        );
        assert!(out.contains(&format!("game {i:>3}: ")), "{out}");
    }
    assert_eq!(out.matches("+C (").count(), 2, "{out}");
    let _ = std::fs::remove_dir_all(&dir);
    // A goal of 0 stones is no goal: refused before any game.
    let (ok, _) = run(&[
        "match",
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--capture-goal",
        "0",
    ]);
    assert!(!ok);
}
