//! Whole games against the clock: the `tengen` binary plays both colours
//! through GTP under byo-yomi and under an absolute clock, and every
//! move's wall time is checked against the time the clock allowed.
//!
//! The quick games run by default; the full ones (9x9, 1-second byo-yomi
//! and a 60-second absolute clock with the default lag margin) take a few
//! minutes: `cargo test --release --test clock_games -- --ignored`.

use std::time::{Duration, Instant};
use tengen::gtp::GtpClient;

fn engine(extra: &str) -> GtpClient {
    let cmd = format!(
        "{} --quiet --seed 3 --resign 0 --playouts 100000000 {extra}",
        env!("CARGO_BIN_EXE_tengen")
    );
    GtpClient::spawn(&cmd).expect("tengen starts")
}

/// The seconds each search took by the engine's own clock, from its log
/// (`black: C3 after 331 playouts in 0.07s (win rate 0.575)`).
fn logged_search_seconds(log: &std::path::Path) -> Vec<f64> {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.split(" playouts in ").nth(1))
        .filter_map(|rest| rest.split('s').next()?.parse().ok())
        .collect()
}

fn send(e: &mut GtpClient, cmd: &str) -> String {
    e.send(cmd, Duration::from_secs(30))
        .unwrap_or_else(|err| panic!("{cmd}: {err:?}"))
}

/// Plays a game of at most `max_moves` moves; `before(color, e, left)`
/// sends the clock state, and each move's wall time must stay below the
/// time the clock allowed (`allowed(left)`). Returns the moves played.
fn play_game(
    e: &mut GtpClient,
    max_moves: usize,
    mut left: [f64; 2],
    byo_period: Option<f64>,
) -> usize {
    let colors = ["b", "w"];
    let mut passes = 0;
    let mut moves = 0;
    while moves < max_moves && passes < 2 {
        let i = moves % 2;
        let c = colors[i];
        match byo_period {
            Some(p) => send(e, &format!("time_left {c} {p} 1")),
            None => send(e, &format!("time_left {c} {:.3} 0", left[i])),
        };
        let start = Instant::now();
        let mv = send(e, &format!("genmove {c}"));
        let spent = start.elapsed().as_secs_f64();
        let allowed = byo_period.unwrap_or(left[i]);
        assert!(
            spent < allowed,
            "move {moves} ({c} {mv}) took {spent:.3} s with {allowed:.3} s allowed"
        );
        if byo_period.is_none() {
            left[i] -= spent;
        }
        if mv == "resign" {
            break;
        }
        passes = if mv == "pass" { passes + 1 } else { 0 };
        moves += 1;
    }
    moves
}

#[test]
fn quick_byoyomi_game_keeps_every_move_in_the_period() {
    // One second per move, 0.9 s of it kept for lag: searches of at most
    // 0.1 s (70% of it as a rule). Without the lag margin the budget would
    // be 0.7 s to 1 s a move, which the wall-time check alone lets pass:
    // the engine's own log shows what it budgeted.
    let log = std::env::temp_dir().join(format!("tengen-byoyomi-{}.log", std::process::id()));
    let cmd = format!(
        "{} --seed 3 --resign 0 --playouts 100000000 --lag 0.9 --log {}",
        env!("CARGO_BIN_EXE_tengen"),
        log.display()
    );
    let mut e = GtpClient::spawn(&cmd).expect("tengen starts");
    send(&mut e, "boardsize 5");
    send(&mut e, "clear_board");
    send(&mut e, "kgs-time_settings byoyomi 0 1 1");
    let moves = play_game(&mut e, 80, [0.0; 2], Some(1.0));
    assert!(moves >= 8, "{moves} moves");
    e.quit();
    let searches = logged_search_seconds(&log);
    let _ = std::fs::remove_file(&log);
    assert!(searches.len() >= 8, "{searches:?}");
    // Four times the budget's most, far below the 0.7 s a lost margin
    // would give: a loaded machine may overrun a little, never that much.
    let longest = searches.iter().copied().fold(0.0, f64::max);
    assert!(longest <= 0.4, "a search took {longest} s: {searches:?}");
}

#[test]
fn quick_absolute_game_never_runs_out() {
    // Four seconds each for a whole 5x5 game, 0.5 s a move kept for lag
    // (a loaded machine can delay a process that long).
    let mut e = engine("--lag 0.5");
    send(&mut e, "boardsize 5");
    send(&mut e, "clear_board");
    send(&mut e, "time_settings 4 0 0");
    let moves = play_game(&mut e, 80, [4.0, 4.0], None);
    assert!(moves >= 8, "{moves} moves");
    e.quit();
}

#[test]
#[ignore = "a full 9x9 game at one second a move (about a minute)"]
fn byoyomi_one_second_full_game() {
    let mut e = engine("");
    send(&mut e, "boardsize 9");
    send(&mut e, "clear_board");
    send(&mut e, "kgs-time_settings byoyomi 0 1 1");
    let moves = play_game(&mut e, 200, [0.0; 2], Some(1.0));
    assert!(moves >= 20, "{moves} moves");
    e.quit();
}

#[test]
#[ignore = "a full 9x9 game with 60 seconds each (about two minutes)"]
fn absolute_sixty_seconds_full_game() {
    let mut e = engine("");
    send(&mut e, "boardsize 9");
    send(&mut e, "clear_board");
    send(&mut e, "time_settings 60 0 0");
    let moves = play_game(&mut e, 200, [60.0, 60.0], None);
    assert!(moves >= 20, "{moves} moves");
    e.quit();
}
