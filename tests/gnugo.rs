//! Interoperability with an independent GTP engine: complete 9x9 games
//! between tengen and GNU Go (`/usr/games/gnugo --mode gtp`), refereed over
//! GTP. Neither side may refuse a move of the other, and both engines'
//! `final_score` must name the same winner under area scoring.
//!
//! Ignored in a plain `cargo test` (it needs GNU Go and takes a while);
//! `.ci/run` runs it with `cargo test --release -- --ignored`.

use std::path::Path;
use std::time::Duration;
use tengen::gtp::GtpClient;
use tengen::{Color, Move};

const GNUGO: &str = "/usr/games/gnugo";
const TIMEOUT: Duration = Duration::from_secs(60);

fn send(engine: &mut GtpClient, who: &str, cmd: &str) -> String {
    engine
        .send(cmd, TIMEOUT)
        .unwrap_or_else(|e| panic!("{who} failed `{cmd}`: {e}"))
}

/// The winner letter of a GTP score (`B+3.5` → `B`, `0` → `0`).
fn winner(score: &str) -> String {
    score
        .chars()
        .next()
        .map(|c| c.to_ascii_uppercase().to_string())
        .unwrap_or_default()
}

/// Plays one game (with `handicap` stones for Black, if any); returns both
/// engines' final scores and the number of moves.
fn play(game: u64, tengen_color: Color, handicap: usize) -> (String, String, usize) {
    let tengen_cmd = format!(
        "{} --quiet --seed {game} --playouts 1500 --resign 0 --komi 7",
        env!("CARGO_BIN_EXE_tengen")
    );
    let gnugo_cmd =
        format!("{GNUGO} --mode gtp --level 1 --chinese-rules --never-resign --seed {game}");
    let mut tengen = GtpClient::spawn(&tengen_cmd).expect("start tengen");
    let mut gnugo = GtpClient::spawn(&gnugo_cmd).expect("start GNU Go");
    for cmd in ["boardsize 9", "clear_board", "komi 7"] {
        send(&mut tengen, "tengen", cmd);
        send(&mut gnugo, "GNU Go", cmd);
    }
    let mut color = Color::Black;
    if handicap > 0 {
        // Both place the same fixed stones (GTP 4.1.1), then White moves.
        let t = send(&mut tengen, "tengen", &format!("fixed_handicap {handicap}"));
        let g = send(&mut gnugo, "GNU Go", &format!("fixed_handicap {handicap}"));
        let sorted = |s: &str| {
            let mut v: Vec<String> = s.split_whitespace().map(str::to_uppercase).collect();
            v.sort();
            v
        };
        assert_eq!(sorted(&t), sorted(&g), "the handicap stones differ");
        // GNU Go's Chinese counting gives White a point per handicap
        // stone; tengen's rules have no such compensation, so it gets it
        // as komi and both count the same.
        send(
            &mut tengen,
            "tengen",
            &format!("komi {}", 0.5 + handicap as f64),
        );
        send(&mut gnugo, "GNU Go", "komi 0.5");
        color = Color::White;
    }
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 {
        assert!(moves < 400, "game {game}: no end after {moves} moves");
        let (mover, mover_name, other, other_name) = if color == tengen_color {
            (&mut tengen, "tengen", &mut gnugo, "GNU Go")
        } else {
            (&mut gnugo, "GNU Go", &mut tengen, "tengen")
        };
        let answer = send(mover, mover_name, &format!("genmove {color}"));
        assert!(
            !answer.eq_ignore_ascii_case("resign"),
            "game {game}: {mover_name} resigned at move {moves}"
        );
        let mv: Move = answer
            .parse()
            .unwrap_or_else(|e| panic!("game {game}: {mover_name} answered {answer:?}: {e}"));
        send(other, other_name, &format!("play {color} {mv}"));
        passes = if mv == Move::Pass { passes + 1 } else { 0 };
        moves += 1;
        color = color.opponent();
    }
    let t = send(&mut tengen, "tengen", "final_score");
    let g = send(&mut gnugo, "GNU Go", "final_score");
    if std::env::var_os("TENGEN_DEBUG").is_some() {
        eprintln!("{}", send(&mut gnugo, "GNU Go", "showboard"));
        eprintln!(
            "tengen dead: {}",
            send(&mut tengen, "tengen", "final_status_list dead")
        );
        eprintln!(
            "GNU Go dead: {}",
            send(&mut gnugo, "GNU Go", "final_status_list dead")
        );
        eprintln!("tengen: {}", send(&mut tengen, "tengen", "tengen-score"));
    }
    tengen.quit();
    gnugo.quit();
    (t, g, moves)
}

#[test]
#[ignore = "needs GNU Go; .ci/run runs it in release"]
fn complete_games_against_gnugo_agree_on_the_winner() {
    assert!(
        Path::new(GNUGO).exists(),
        "GNU Go is not installed at {GNUGO} (apt-get install gnugo)"
    );
    let mut disagreements = Vec::new();
    // Even games with either colour, then handicap games for tengen.
    let games = [
        (Color::Black, 0),
        (Color::White, 0),
        (Color::Black, 0),
        (Color::White, 0),
        (Color::Black, 4),
        (Color::Black, 5),
        (Color::Black, 9),
        (Color::Black, 9),
    ];
    // TENGEN_GNUGO_SEED shifts the seeds, to try other games by hand.
    let offset: u64 = std::env::var("TENGEN_GNUGO_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    for (game, &(tengen_color, handicap)) in games.iter().enumerate() {
        let game = game as u64 + offset;
        let (t, g, moves) = play(game, tengen_color, handicap);
        eprintln!(
            "game {game}: tengen {tengen_color}, handicap {handicap}, {moves} moves, \
             tengen says {t}, GNU Go says {g}"
        );
        if winner(&t) != winner(&g) {
            disagreements.push(format!("game {game}: tengen {t}, GNU Go {g}"));
        }
    }
    assert!(disagreements.is_empty(), "{disagreements:?}");
}
