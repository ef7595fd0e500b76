//! The binary's help tells the truth: each subcommand lists only its own
//! options, each default once, and the defaults it states are the ones the
//! program uses. And a match run into a log file gets no progress bar.

use std::io::Write;
use std::process::{Command, Stdio};

fn tengen() -> &'static str {
    env!("CARGO_BIN_EXE_tengen")
}

/// The help text of `tengen ARGS --help`.
fn help(args: &[&str]) -> String {
    let out = Command::new(tengen())
        .args(args)
        .arg("--help")
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{args:?} --help failed");
    String::from_utf8(out.stdout).expect("UTF-8 help")
}

/// The options of a help text: each option's long name (`--size`) with its
/// whole entry (the option's line and the description lines under it).
fn options(help: &str) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = Vec::new();
    let mut in_options = false;
    for line in help.lines() {
        if line.trim_end() == "Options:" {
            in_options = true;
            continue;
        }
        if !in_options || line.trim().is_empty() {
            continue;
        }
        let trimmed = line.trim_start();
        if trimmed.starts_with('-') {
            let name = trimmed
                .split([' ', ','])
                .find(|w| w.starts_with("--"))
                .unwrap_or(trimmed)
                .to_string();
            v.push((name, line.to_string()));
        } else if let Some(last) = v.last_mut() {
            last.1.push(' ');
            last.1.push_str(trimmed);
        }
    }
    v
}

/// The text of an option's `[default: ...]`, if it states one.
fn default_of(entry: &str) -> Option<&str> {
    let rest = entry.split("[default: ").nth(1)?;
    rest.split(']').next()
}

/// Options of the GTP engine that have no meaning for a match or a
/// referee (the engines have their own command lines).
const ENGINE_ONLY: [&str; 12] = [
    "--lag",
    "--phantom-player",
    "--max-nodes",
    "--level",
    "--threads",
    "--time",
    "--playouts",
    "--seed",
    "--resign",
    "--no-resign",
    "--log",
    "--quiet",
];

#[test]
fn each_subcommand_lists_its_own_options_with_each_default_once() {
    let engine = help(&[]);
    let gtp = help(&["gtp"]);
    let subcommands = [
        ("tengen", engine.clone()),
        ("gtp", gtp.clone()),
        ("match", help(&["match"])),
        ("referee", help(&["referee"])),
        ("bench", help(&["bench"])),
    ];
    for (name, text) in &subcommands {
        let opts = options(text);
        assert!(opts.len() >= 2, "{name}: no options read from\n{text}");
        for (opt, entry) in &opts {
            assert!(
                entry.matches("[default:").count() <= 1,
                "{name} {opt} states its default more than once: {entry}"
            );
        }
    }
    // The engine's options are where the engine runs, and not in a match
    // or a referee.
    for opt in ENGINE_ONLY {
        for (name, text) in [("tengen", &engine), ("gtp", &gtp)] {
            assert!(
                options(text).iter().any(|(o, _)| o == opt),
                "{name} lacks {opt}"
            );
        }
        for (name, text) in &subcommands[2..4] {
            assert!(
                !options(text).iter().any(|(o, _)| o == opt),
                "{name} lists the engine's {opt}:\n{text}"
            );
        }
    }
    for (name, text) in &subcommands[2..] {
        assert!(!text.contains("until the host sends"), "{name}:\n{text}");
    }
    // A match and a referee set the games' size, komi and rules themselves.
    for (name, text) in &subcommands[2..4] {
        for opt in ["--size", "--komi", "--rules", "--max-moves", "--engine1"] {
            assert!(
                options(text).iter().any(|(o, _)| o == opt),
                "{name} lacks {opt}"
            );
        }
    }
}

/// The komi of a Phantom game stated in `referee --help`: the number
/// before ", or" and the one before " with a handicap".
fn stated_referee_komi() -> (f64, f64) {
    let text = help(&["referee"]);
    let opts = options(&text);
    let entry = &opts
        .iter()
        .find(|(o, _)| o == "--komi")
        .expect("referee has --komi")
        .1;
    let default = default_of(entry).expect("--komi states its default");
    let (even, rest) = default
        .split_once(", or ")
        .expect("a komi and a handicap komi");
    let handicap = rest
        .strip_suffix(" with a handicap")
        .expect("the handicap komi");
    (
        even.parse().expect("a number"),
        handicap.parse().expect("a number"),
    )
}

/// The `KM` of the first game of `tengen referee` with random players on
/// 7x7, with `extra` arguments.
fn referee_komi(tag: &str, extra: &[&str]) -> f64 {
    let dir = std::env::temp_dir().join(format!("tengen-help-{tag}-{}", std::process::id()));
    let random = format!("{} --seed 6 --quiet --phantom-player random", tengen());
    let out = Command::new(tengen())
        .args(["referee", "--engine1", &random, "--engine2", &random])
        .args(["--size", "7", "--games", "1", "--no-progress", "--sgf-dir"])
        .arg(&dir)
        .args(extra)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sgf = std::fs::read(dir.join("game-001.sgf")).expect("the game's SGF");
    let _ = std::fs::remove_dir_all(&dir);
    tengen::read_sgf(&sgf)
        .expect("readable SGF")
        .komi
        .expect("KM is written")
}

#[test]
fn the_referee_uses_the_komi_its_help_states() {
    let (even, handicap) = stated_referee_komi();
    assert_eq!(referee_komi("even", &[]), even);
    assert_eq!(referee_komi("handicap", &["--handicap", "2"]), handicap);
}

#[test]
fn the_level_in_force_by_default_is_the_one_the_help_states() {
    let text = help(&[]);
    let opts = options(&text);
    let entry = &opts
        .iter()
        .find(|(o, _)| o == "--level")
        .expect("--level")
        .1;
    let stated = default_of(entry).expect("--level states its default");
    // The default has a name, and the help says which level it is.
    assert_eq!(stated, "normal", "{entry}");
    assert!(entry.contains("level 5"), "{entry}");
    let answers = gtp_answers(
        &["--quiet"],
        "tengen-level\ntengen-level 7\ntengen-level\ntengen-level 5\ntengen-level\nquit\n",
    );
    assert_eq!(answers[0], format!("= {stated}"), "{answers:?}");
    // The numbered levels are GTP levels too, and 5 is the level called
    // normal.
    assert_eq!(
        &answers[1..5],
        ["= ", "= 7", "= ", "= normal"],
        "{answers:?}"
    );
}

#[test]
fn the_set_help_names_every_tuning_key() {
    // The help is written by hand (clap's help is a static string), so it
    // can fall behind the keys `--set` takes: every key must be named.
    let text = help(&[]);
    let opts = options(&text);
    let entry = &opts.iter().find(|(o, _)| o == "--set").expect("--set").1;
    for key in tengen::search::Tuning::KEYS {
        assert!(entry.contains(key.name), "{} missing:\n{entry}", key.name);
    }
}

/// The answers of a GTP session of `tengen ARGS` fed `input`.
fn gtp_answers(args: &[&str], input: &str) -> Vec<String> {
    let mut child = Command::new(tengen())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("the engine reads");
    let out = child.wait_with_output().expect("the engine ends");
    let answers = String::from_utf8_lossy(&out.stdout).into_owned();
    answers.split("\n\n").map(str::to_string).collect()
}

#[test]
fn the_command_line_and_gtp_accept_the_same_levels() {
    // Every level the help names, each number of the scale, and what is
    // refused: `--level X` and `tengen-level X` agree on each, and the
    // level each sets is reported alike.
    let good = [
        "easy", "normal", "hard", "medium", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10",
    ];
    for level in good {
        let command_line = gtp_answers(&["--quiet", "--level", level], "tengen-level\nquit\n");
        let gtp = gtp_answers(
            &["--quiet"],
            &format!("tengen-level {level}\ntengen-level\nquit\n"),
        );
        assert!(
            command_line[0].starts_with("= "),
            "{level}: {command_line:?}"
        );
        assert_eq!(gtp[0], "= ", "{level}: {gtp:?}");
        assert_eq!(command_line[0], gtp[1], "{level}");
    }
    for level in ["0", "11", "expert", "5.0"] {
        // Accepted, the engine would read the empty input and end with 0.
        let out = Command::new(tengen())
            .args(["--quiet", "--level", level])
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs");
        assert!(!out.status.success(), "--level {level} was accepted");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("unknown level"), "{level}: {stderr}");
        let gtp = gtp_answers(&["--quiet"], &format!("tengen-level {level}\nquit\n"));
        assert_eq!(gtp[0], "? syntax error", "{level}");
    }
}

#[test]
fn a_match_logged_to_a_file_has_no_progress_bar() {
    // Standard error is a pipe here, as when it goes to a log file: the
    // progress bar (asked for: no --no-progress) draws nothing, so there
    // are no carriage returns and no bar lines, while the results still
    // come on standard output.
    let engine = format!("{} --playouts 20 --seed 3 --quiet", tengen());
    let out = Command::new(tengen())
        .args(["match", "--engine1", &engine, "--engine2", &engine])
        .args(["--size", "5", "--games", "2"])
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("game   2:"), "{stdout}");
    assert!(stdout.contains("games 2:"), "{stdout}");
    assert!(!stderr.contains('\r'), "{stderr:?}");
    assert!(!stderr.contains("games,"), "{stderr:?}");
    assert!(!stdout.contains('\r'), "{stdout:?}");
}
