//! `tengen train` through the real binary: the shipped weights are what
//! the documented command fits from the committed data.

use std::process::Command;

/// The command of `docs/learning.md` refits `data/patterns-v2.bin` byte
/// for byte from the committed games (about 10 s in release; run by CI
/// with the other slow tests).
#[test]
#[ignore = "slow: a full MM fit; run with --ignored (CI does)"]
fn the_shipped_weights_are_what_the_documented_fit_gives() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = std::env::temp_dir().join(format!("tengen-fit-{}.bin", std::process::id()));
    let status = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .current_dir(root)
        .args([
            "train",
            "fit",
            "--data",
            "data/games/gnugo-19x19-seed19.txt",
            "data/games/gnugo-9x9-seed9.txt",
            "--seed",
            "1",
            "--holdout",
            "5",
            "--iterations",
            "30",
            "--no-progress",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let fitted = std::fs::read(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    let shipped = std::fs::read(format!("{root}/data/patterns-v2.bin")).unwrap();
    assert!(
        fitted == shipped,
        "the fit gave {} bytes, the shipped file has {}",
        fitted.len(),
        shipped.len()
    );
}

/// `tengen train balance` on a data file of two games: the default line,
/// one line per `--try`, and a clear error for a setting it cannot take.
#[test]
fn train_balance_measures_the_default_and_each_setting() {
    let dir = std::env::temp_dir().join(format!("tengen-balance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("games.txt");
    // Black owns the 5x5 board after one stone (a win at komi 0.5); in
    // the second game White does.
    std::fs::write(&data, "5 0.5 10 c3 pass pass\n5 0.5 10 pass c3 pass pass\n").unwrap();
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(["train", "balance", "--data"])
            .arg(&data)
            .args(["--holdout", "2", "--every", "1", "--playouts", "8"])
            .args(["--no-progress"])
            .args(extra)
            .output()
            .unwrap()
    };
    let out = run(&["--try", "rule_chance=256 playout_shapes=0"]);
    let bad = run(&["--try", "playout_shapes=9000"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("2 games, one in 2 held out"), "{text}");
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("default") || l.starts_with("rule_chance"))
        .collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(
        rows[1].starts_with("rule_chance=256 playout_shapes=0"),
        "{text}"
    );
    assert!(!bad.status.success());
    let err = String::from_utf8(bad.stderr).unwrap();
    assert!(
        err.contains("playout_shapes must be a whole number from 0 to 8191"),
        "{err}"
    );
}
