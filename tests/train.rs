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
