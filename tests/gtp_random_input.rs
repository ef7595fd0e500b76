//! Seeded random GTP input, from command fragments and raw bytes: the
//! session never panics and answers every command line exactly once (the
//! fuzz target `gtp` does the same without a budget).

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tengen::gtp::{check_transcript, preprocess, read_line, CommandLine};
use tengen::session::{Config, Session};

const WORDS: &[&str] = &[
    "play",
    "genmove",
    "b",
    "w",
    "black",
    "white",
    "D4",
    "e5",
    "a1",
    "J9",
    "T19",
    "Z25",
    "pass",
    "boardsize",
    "9",
    "5",
    "2",
    "1",
    "0",
    "-1",
    "19",
    "25",
    "komi",
    "6.5",
    "nan",
    "undo",
    "clear_board",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "final_score",
    "final_status_list",
    "dead",
    "alive",
    "seki",
    "showboard",
    "is_legal",
    "reg_genmove",
    "kgs-genmove_cleanup",
    "time_settings",
    "time_left",
    "kgs-time_settings",
    "byoyomi",
    "canadian",
    "absolute",
    "none",
    "lz-analyze",
    "lz-genmove_analyze",
    "interval",
    "maxmoves",
    "kata-analyze",
    "kata-genmove_analyze",
    "ownership",
    "rootInfo",
    "true",
    "kata-get-rules",
    "kata-set-rules",
    "tromp-taylor",
    "{\"ko\":\"SIMPLE\",",
    "\"scoring\":\"TERRITORY\"}",
    "tengen-rules",
    "tengen-rules_ko",
    "simple",
    "tengen-rules_suicide",
    "allowed",
    "tengen-rules_capture_goal",
    "tengen-rules_move_limit",
    "tengen-rules_topology",
    "toroidal",
    "tengen-ownership",
    "tengen-ko_forbidden",
    "tengen-score",
    "tengen-level",
    "easy",
    "printsgf",
    "known_command",
    "list_commands",
    "kgs-rules",
    "japanese",
    "gogui-analyze_commands",
    "#",
    "\t",
    "\r",
    "7",
    "99999999999999999999",
];

fn random_input(rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..rng.gen_range(1..40) {
        for _ in 0..rng.gen_range(0..5) {
            if rng.gen_bool(0.1) {
                out.push(rng.gen());
            } else {
                out.extend_from_slice(WORDS[rng.gen_range(0..WORDS.len())].as_bytes());
            }
            out.push(b' ');
        }
        out.push(b'\n');
    }
    out
}

/// Whether the input holds a command that touches files (`printsgf FILE`
/// writes wherever it is told; `loadsgf` reads): such inputs are skipped.
fn touches_files(input: &[u8]) -> bool {
    let mut reader = input;
    while let Some(line) = read_line(&mut reader) {
        if let Some(text) = preprocess(&line.bytes) {
            let cl = CommandLine::split(&text);
            if (cl.name == "printsgf" && !cl.args.is_empty()) || cl.name == "loadsgf" {
                return true;
            }
        }
    }
    false
}

#[test]
fn random_input_gets_well_formed_answers() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
    let cases = if cfg!(debug_assertions) { 150 } else { 1500 };
    for case in 0..cases {
        let input = random_input(&mut rng);
        if touches_files(&input) {
            continue;
        }
        let config = Config {
            size: 9,
            ..Config::deterministic(case, 8)
        };
        let session = Session::with_search(config);
        let out = session.expect("a 9x9 session").transcript(&input);
        if let Err(e) = check_transcript(&input, &out) {
            panic!(
                "case {case}: {e}\n--- input ---\n{}\n--- output ---\n{}",
                String::from_utf8_lossy(&input),
                String::from_utf8_lossy(&out)
            );
        }
    }
}

#[test]
fn the_checker_rejects_bad_transcripts() {
    let input = b"1 name\nversion\n\nquit\nname\n";
    assert_eq!(
        check_transcript(input, b"=1 tengen\n\n= 0.1\n\n= \n\n"),
        Ok(3)
    );
    // A missing response, an extra one, a wrong id, an empty line inside,
    // a missing final empty line, a stray line.
    for bad in [
        &b"=1 tengen\n\n= \n\n"[..],
        b"=1 tengen\n\n= 0.1\n\n= \n\n= \n\n",
        b"=2 tengen\n\n= 0.1\n\n= \n\n",
        b"=1 tengen\n\n= 0.1\n\nx\n\n= \n\n",
        b"=1 tengen\n\n= 0.1\n\n= \n",
        b"=12 tengen\n\n= 0.1\n\n= \n\n",
        b"hello\n=1 tengen\n\n= 0.1\n\n= \n\n",
    ] {
        assert!(
            check_transcript(input, bad).is_err(),
            "{:?}",
            String::from_utf8_lossy(bad)
        );
    }
}

#[test]
fn a_command_behind_any_amount_of_blanks_is_answered() {
    // 100 KiB of blanks and control characters, then `quit` on the same
    // line: the session answers it and ends (a hidden quit is not lost).
    let mut input: Vec<u8> = (0..100 * 1024)
        .map(|i| [b' ', b'\t', b'\r', 0, 7][i % 5])
        .collect();
    input.extend_from_slice(b"quit\nname\n");
    let out = tengen::session::transcript(Config::deterministic(1, 10), &input);
    assert_eq!(out, b"= \n\n");
}
