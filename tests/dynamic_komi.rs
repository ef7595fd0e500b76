//! Dynamic komi in handicap games through the binary: which colour uses
//! it in each mode, that the search's komi is logged beside the real one,
//! that analysis keeps the real komi, and that resignation waits for the
//! dynamic komi to come back to the real komi.

use std::path::PathBuf;
use std::time::Duration;
use tengen::gtp::GtpClient;

fn run(extra: &str, commands: &[&str]) -> (Vec<String>, String) {
    let log: PathBuf = std::env::temp_dir().join(format!(
        "tengen-dynkomi-{}-{}.log",
        std::process::id(),
        extra.replace([' ', '.'], "_")
    ));
    let cmd = format!(
        "{} --threads 1 --seed 3 --playouts 300 --log {} {extra}",
        env!("CARGO_BIN_EXE_tengen"),
        log.display()
    );
    let mut e = GtpClient::spawn(&cmd).expect("tengen starts");
    let answers = commands
        .iter()
        .map(|c| {
            e.send(c, Duration::from_secs(60))
                .unwrap_or_else(|err| panic!("{c}: {err:?}"))
        })
        .collect();
    e.quit();
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&log);
    (answers, text)
}

const HANDICAP_GAME: [&str; 5] = [
    "boardsize 9",
    "clear_board",
    "komi 0.5",
    "fixed_handicap 3",
    "genmove w",
];

#[test]
fn on_uses_it_for_white_and_auto_does_not() {
    let (_, on) = run("--dynamic-komi on --no-resign", &HANDICAP_GAME);
    // It starts at the real komi: 0.5 and, under the default
    // Chinese-style rules, a point per handicap stone.
    assert!(
        on.contains("dynamic komi: searched at komi 3.5 (real 3.5)"),
        "{on}"
    );
    let (_, auto) = run("--no-resign", &HANDICAP_GAME);
    assert!(!auto.contains("dynamic komi"), "{auto}");
    let (_, off) = run("--dynamic-komi off --no-resign", &HANDICAP_GAME);
    assert!(!off.contains("dynamic komi"), "{off}");
}

#[test]
fn auto_is_used_by_black_taking_stones() {
    let (_, auto) = run(
        "--no-resign",
        &[
            "boardsize 9",
            "clear_board",
            "komi 0.5",
            "fixed_handicap 3",
            "play w E5",
            "genmove b",
            "play w D4",
            "genmove b",
        ],
    );
    let komis: Vec<f64> = auto
        .lines()
        .filter(|l| l.starts_with("dynamic komi"))
        .filter_map(|l| l.split("komi ").nth(1)?.split(' ').next()?.parse().ok())
        .collect();
    assert_eq!(komis.len(), 2, "{auto}");
    // From the real komi, then a point either way or none.
    assert_eq!(komis[0], 3.5, "{auto}");
    assert!([2.5, 3.5, 4.5].contains(&komis[1]), "{auto}");
}

#[test]
fn no_resignation_while_the_dynamic_komi_is_on() {
    // Black, taking three stones, with a resignation threshold of 0.99:
    // every search is hopeless, so without dynamic komi the third one in a
    // row resigns (the decision allows it from move 39 of this game; the
    // searches come at moves 39, 41 and 43). With it (auto, for Black),
    // its cap is still above nothing at move 43 (the ramp ends at 44.55),
    // so Black plays on.
    let mut cmds = vec!["boardsize 9", "clear_board", "komi 0.5", "fixed_handicap 3"];
    for _ in 0..19 {
        cmds.push("play w pass");
        cmds.push("play b pass");
    }
    cmds.extend([
        "play w pass",
        "genmove b",
        "play w pass",
        "genmove b",
        "play w pass",
        "genmove b",
    ]);
    let (off, _) = run("--dynamic-komi off --resign 0.99", &cmds);
    assert_eq!(off.last().map(String::as_str), Some("resign"), "{off:?}");
    let (auto, log) = run("--resign 0.99", &cmds);
    assert!(!auto.iter().any(|a| a == "resign"), "{auto:?}\n{log}");
    assert_eq!(log.matches("dynamic komi").count(), 3, "{log}");
    assert!(log.contains("no resignation yet"), "{log}");
}

#[test]
fn white_giving_stones_does_not_resign_before_the_ramp_ends_either() {
    // White under the default (auto: searching at the real komi) with a
    // threshold of 0.99, searches at moves 40, 42 and 44 of a 3-stone
    // 9x9 game: the ramp ends at 44.55, so no resignation; with
    // `--dynamic-komi off` the decision's own patience (until move 39
    // with three stones) has passed, and it resigns.
    let mut cmds = vec!["boardsize 9", "clear_board", "komi 0.5", "fixed_handicap 3"];
    for _ in 0..20 {
        cmds.push("play w pass");
        cmds.push("play b pass");
    }
    cmds.extend([
        "genmove w",
        "play b pass",
        "genmove w",
        "play b pass",
        "genmove w",
    ]);
    // A 0.99 threshold is halved for White in a handicap game: the
    // decision's own patience; 0.999 still leaves everything hopeless.
    let (off, _) = run("--dynamic-komi off --resign 0.999", &cmds);
    assert_eq!(off.last().map(String::as_str), Some("resign"), "{off:?}");
    let (auto, log) = run("--resign 0.999", &cmds);
    assert!(!auto.iter().any(|a| a == "resign"), "{auto:?}\n{log}");
    assert!(!log.contains("dynamic komi:"), "{log}");
}
