//! Golden GTP transcripts: each `tests/gtp/NAME.gtp` is fed to an
//! in-process session of the engine the binary ships (the tree search, in
//! deterministic mode: one thread, fixed seed, fixed playout count) and
//! everything it writes must equal `tests/gtp/NAME.out` byte for byte.
//!
//! After a deliberate change of behaviour, `TENGEN_BLESS=1 cargo test
//! --test gtp_golden` rewrites the `.out` files; review their diff before
//! committing it.

use std::path::{Path, PathBuf};
use tengen::session::{transcript, Config};

/// The configuration every transcript runs with.
fn config() -> Config {
    Config::deterministic(1, 200)
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("gtp")
}

fn check(name: &str) {
    let input = std::fs::read(dir().join(format!("{name}.gtp"))).expect("transcript input");
    let got = String::from_utf8(transcript(config(), &input)).expect("output is UTF-8");
    if std::env::var_os("TENGEN_BLESS").is_some() {
        std::fs::write(dir().join(format!("{name}.out")), &got).expect("write the expected output");
        return;
    }
    let want = std::fs::read_to_string(dir().join(format!("{name}.out"))).expect("expected output");
    if got != want {
        let (g, w): (Vec<&str>, Vec<&str>) = (got.lines().collect(), want.lines().collect());
        let at = g
            .iter()
            .zip(&w)
            .position(|(a, b)| a != b)
            .unwrap_or(g.len().min(w.len()));
        panic!(
            "{name}: output differs at line {}\n got: {:?}\nwant: {:?}\n--- full output ---\n{got}",
            at + 1,
            g.get(at),
            w.get(at)
        );
    }
}

macro_rules! golden {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                check(stringify!($name));
            }
        )*

        #[test]
        fn every_transcript_is_run() {
            let listed = [$(stringify!($name)),*];
            for entry in std::fs::read_dir(dir()).expect("tests/gtp") {
                let path = entry.expect("entry").path();
                if path.extension().is_some_and(|e| e == "gtp") {
                    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
                    assert!(listed.contains(&stem), "{stem}.gtp is not in the golden! list");
                }
            }
        }
    };
}

golden!(basics, endgame, errors, handicap, hosts, kata, rules, search, sgf, time);
