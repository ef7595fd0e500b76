//! Matches between small scripted GTP engines, refereed by the library.

use std::time::Duration;
use tengen::arena::{run_match, MatchConfig, MatchError, Termination};
use tengen::{Color, Rules};

/// A shell GTP engine whose `genmove` always answers `reply`.
fn bot(reply: &str) -> String {
    format!(
        r#"sh -c 'while read -r id l; do case "$l" in quit) printf "=$id\n\n"; exit 0;; genmove*) printf "=$id {reply}\n\n";; *) printf "=$id\n\n";; esac; done'"#
    )
}

fn config(a: String, b: String, games: usize) -> MatchConfig {
    MatchConfig {
        engines: [a, b],
        games,
        size: 9,
        rules: Rules::default(),
        time_per_move: None,
        time_system: tengen::TimeSystem::None,
        timeout: Duration::from_secs(10),
        parallel: 2,
        max_moves: 0,
        handicap: 0,
        fixed_colors: false,
    }
}

#[test]
fn passing_engines_split_by_komi() {
    let mut seen = Vec::new();
    let s = run_match(&config(bot("pass"), bot("pass"), 4), |r, _| {
        seen.push(r.index);
        assert_eq!(r.termination, Termination::Scored);
        // An empty board: White wins by the komi of 7.
        assert_eq!(r.outcome.to_string(), "W+7");
    })
    .unwrap();
    seen.sort();
    assert_eq!(seen, vec![0, 1, 2, 3]);
    // Each engine had White twice.
    assert_eq!(s.wins, [2, 2]);
    assert_eq!(s.win_rate(), Some(0.5));
}

#[test]
fn illegal_and_resigning_engines_lose() {
    // The A1 bot repeats A1: its second A1 is illegal (occupied).
    let s = run_match(&config(bot("A1"), bot("resign"), 2), |r, _| {
        match &r.termination {
            Termination::Resigned(c) => assert_eq!(r.outcome.winner(), Some(c.opponent())),
            other => panic!("unexpected end {other:?}"),
        }
    })
    .unwrap();
    assert_eq!(s.wins, [2, 0]);
    let s = run_match(&config(bot("A1"), bot("pass"), 2), |r, _| {
        assert!(
            matches!(r.termination, Termination::IllegalMove(_, _)),
            "{:?}",
            r.termination
        );
    })
    .unwrap();
    assert_eq!(s.wins, [0, 2]);
}

#[test]
fn silent_and_missing_engines_lose_or_fail() {
    let mut cfg = config(bot("pass"), "sleep 30".to_string(), 1);
    cfg.timeout = Duration::from_millis(300);
    let s = run_match(&cfg, |r, _| {
        assert!(
            matches!(r.termination, Termination::Failed(Color::White, _)),
            "{:?}",
            r.termination
        );
    })
    .unwrap();
    assert_eq!(s.wins, [1, 0]);
    assert!(run_match(
        &config(bot("pass"), "/nonexistent/engine".into(), 1),
        |_, _| {}
    )
    .is_err());
}

#[test]
fn a_handicap_the_board_does_not_allow_is_refused_up_front() {
    // 10 stones on 19x19, 5 on 8x8 and 1 anywhere are not fixed handicaps
    // (GTP section 4.1.1): the match must not start, rather than play
    // even games silently.
    for (size, stones) in [(19, 10), (8, 5), (9, 1)] {
        let mut cfg = config(bot("pass"), bot("pass"), 1);
        cfg.size = size;
        cfg.handicap = stones;
        let r = run_match(&cfg, |_, _| panic!("no game may be played"));
        assert!(
            matches!(r, Err(MatchError::Handicap(_))),
            "{size} {stones}: {r:?}"
        );
    }
    // 4 on 8x8 is fine: both engines are told the stones.
    let mut cfg = config(bot("pass"), bot("pass"), 1);
    cfg.size = 8;
    cfg.handicap = 4;
    run_match(&cfg, |r, _| assert_eq!(r.game.handicap().len(), 4)).unwrap();
}

#[test]
fn phantom_games_stopped_by_the_move_cap_are_scored() {
    // Black plays E5, then the referee's cap of one move stops the game:
    // Black's stone owns the whole empty 9x9 board, 81 points against
    // komi 7, so B+74 (not a draw).
    let mut cfg = config(bot("E5"), bot("pass"), 1);
    cfg.max_moves = 1;
    let s = tengen::phantom::run_phantom_match(&cfg, |r, _| {
        assert_eq!(r.record.termination, Termination::Scored);
        assert_eq!(r.record.game.moves().len(), 1);
        assert_eq!(r.record.outcome.to_string(), "B+74");
    })
    .unwrap();
    assert_eq!(s.wins, [1, 0]);
}

#[test]
fn phantom_games_are_scored_by_area_under_any_rules() {
    // The same game under Japanese rules: territory would count 80 empty
    // points, B+73; Phantom Go counts by area, B+74.
    let mut cfg = config(bot("E5"), bot("pass"), 1);
    cfg.max_moves = 1;
    cfg.rules = Rules {
        komi: 7.0,
        ..Rules::preset(tengen::Preset::Japanese)
    };
    tengen::phantom::run_phantom_match(&cfg, |r, _| {
        assert_eq!(r.record.outcome.to_string(), "B+74");
    })
    .unwrap();
}

/// A shell GTP engine that answers its `genmove`s with `replies` in turn
/// (then `pass`) and appends every command it receives to `log`.
fn scripted(replies: &[&str], log: &std::path::Path) -> String {
    let mut cases = String::new();
    for (i, r) in replies.iter().enumerate() {
        cases.push_str(&format!("{}) printf \"=$id {r}\\n\\n\";; ", i + 1));
    }
    format!(
        r#"sh -c 'n=0; while read -r id l; do echo "$l" >> {log}; case "$l" in quit) printf "=$id\n\n"; exit 0;; genmove*) n=$((n+1)); case $n in {cases}*) printf "=$id pass\n\n";; esac;; *) printf "=$id\n\n";; esac; done'"#,
        log = log.display()
    )
}

#[test]
fn phantom_suicide_is_announced_to_both_players() {
    // 3x3, simple ko and suicide allowed. Black passes twice while White
    // plays A2 and B1; then Black's A1 is a suicide: the stone is played
    // and removed. Both engines must hear that Black's A1 was taken off,
    // or Black's own view keeps a stone that is not there.
    let dir = std::env::temp_dir().join(format!("tengen-arena-suicide-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (blog, wlog) = (dir.join("black.log"), dir.join("white.log"));
    let mut cfg = config(
        scripted(&["pass", "pass", "A1"], &blog),
        scripted(&["A2", "B1"], &wlog),
        1,
    );
    cfg.size = 3;
    cfg.parallel = 1;
    cfg.rules = Rules {
        ko: tengen::KoRule::Simple,
        suicide: tengen::SuicideRule::Allowed,
        ..Rules::default()
    };
    tengen::phantom::run_phantom_match(&cfg, |r, _| {
        assert_eq!(r.record.termination, Termination::Scored);
        assert!(r
            .record
            .game
            .moves()
            .contains(&(Color::Black, "A1".parse().unwrap())));
    })
    .unwrap();
    let black = std::fs::read_to_string(&blog).unwrap();
    let white = std::fs::read_to_string(&wlog).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(black.contains("phantom-accepted A1"), "{black}");
    for log in [&black, &white] {
        assert!(log.contains("phantom-captured black A1"), "{log}");
    }
}

#[test]
fn an_answer_without_its_id_is_a_protocol_error() {
    // An engine whose `genmove` answer does not carry the command's id
    // (a stray `= resign` of its own) loses by a protocol error, not by
    // resignation.
    let stray = r#"sh -c 'while read -r id l; do case "$l" in quit) printf "=$id\n\n"; exit 0;; genmove*) printf "= resign\n\n";; *) printf "=$id\n\n";; esac; done'"#;
    let s = run_match(&config(stray.to_string(), bot("pass"), 2), |r, _| {
        assert!(
            matches!(r.termination, Termination::Protocol(_, _)),
            "{:?}",
            r.termination
        );
        assert_eq!(
            r.outcome.winner(),
            Some(if r.black_engine == 0 {
                Color::White
            } else {
                Color::Black
            })
        );
    })
    .unwrap();
    assert_eq!(s.wins, [0, 2]);
}

/// A shell GTP engine that appends every command to `log`, answers
/// `genmove` with `reply` after `delay` seconds and, with `kgs` false,
/// refuses `kgs-time_settings` as an engine without it does.
fn clocked_bot(reply: &str, delay: f64, kgs: bool, log: &std::path::Path) -> String {
    let refuse = if kgs {
        String::new()
    } else {
        r#"kgs-time_settings*) printf "?$id unknown command\n\n";; "#.to_string()
    };
    format!(
        r#"sh -c 'while read -r id l; do echo "$l" >> {log}; case "$l" in quit) printf "=$id\n\n"; exit 0;; {refuse}genmove*) sleep {delay}; printf "=$id {reply}\n\n";; *) printf "=$id\n\n";; esac; done'"#,
        log = log.display()
    )
}

#[test]
fn the_referee_clock_flags_a_move_that_overruns_it() {
    let dir = std::env::temp_dir().join(format!("tengen-arena-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (fast_log, slow_log) = (dir.join("fast.log"), dir.join("slow.log"));
    // One period of 0.5 s a move: the slow engine's 1.2 s move loses on
    // time, whichever colour it has; the fast one's passes never do.
    let mut cfg = config(
        clocked_bot("pass", 0.0, true, &fast_log),
        clocked_bot("pass", 1.2, false, &slow_log),
        2,
    );
    cfg.parallel = 1;
    cfg.time_system = tengen::TimeSystem::Byoyomi {
        main: 0.0,
        period: 0.5,
        periods: 1,
    };
    let s = run_match(&cfg, |r, _| {
        let slow = if r.black_engine == 1 {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(
            r.termination,
            Termination::TimeLoss(slow),
            "game {}",
            r.index
        );
        assert_eq!(r.outcome.winner(), Some(slow.opponent()));
        assert!(r.outcome.to_string().ends_with("+T"), "{}", r.outcome);
        assert_eq!(r.main_time_used, [0.0, 0.0]);
    })
    .unwrap();
    assert_eq!(s.wins, [2, 0]);
    let fast = std::fs::read_to_string(&fast_log).unwrap();
    let slow = std::fs::read_to_string(&slow_log).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    // The engine with `kgs-time_settings` is told the byo-yomi exactly and
    // its periods before each move; the other one the nearest plain
    // settings (one stone a period) and one stone.
    assert!(fast.contains("kgs-time_settings byoyomi 0 0.5 1"), "{fast}");
    assert!(
        fast.contains("time_left black 0.50 1") || fast.contains("time_left white 0.50 1"),
        "{fast}"
    );
    assert!(!fast.contains("\ntime_settings"), "{fast}");
    assert!(slow.contains("kgs-time_settings byoyomi 0 0.5 1"), "{slow}");
    assert!(slow.contains("time_settings 0 0 1"), "{slow}");
}

#[test]
fn main_time_used_is_recorded() {
    let dir = std::env::temp_dir().join(format!("tengen-arena-main-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("bot.log");
    // Ten seconds of absolute time each; the 0.5 s pass uses 5% of it.
    let mut cfg = config(
        clocked_bot("pass", 0.5, true, &log),
        clocked_bot("pass", 0.5, true, &log),
        1,
    );
    cfg.time_system = tengen::TimeSystem::Absolute { main: 10.0 };
    run_match(&cfg, |r, _| {
        assert_eq!(r.termination, Termination::Scored);
        for used in r.main_time_used {
            assert!((0.05..0.2).contains(&used), "{:?}", r.main_time_used);
        }
    })
    .unwrap();
    let text = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(text.contains("kgs-time_settings absolute 10"), "{text}");
    assert!(text.contains("time_left black 10 0"), "{text}");
    assert!(text.contains("time_left white 10 0"), "{text}");
    // Told after the board is cleared.
    let clear = text.find("clear_board").unwrap();
    assert!(text[clear..].contains("kgs-time_settings"), "{text}");
}
