//! One truth for the score (issue 12, items 1 and 2): the library's
//! `Game::score_preview` and `Game::dead_stones`, GTP `final_score`,
//! `final_status_list` and `tengen-score`, and the results `tengen match`
//! records, all from the one dead-stone decision, whatever the engine's
//! search budget.

#[path = "common/process.rs"]
mod process;

use process::Engine;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::BTreeSet;
use std::process::Command;
use tengen::{read_sgf, Board, Game, Move, Point, Rules, StoneStatus, Topology};

#[path = "common/positions.rs"]
mod positions;
use positions::LONE_STONES;

/// An SGF file that sets up `diagram` (top row first) with komi 7 under
/// Chinese rules.
fn setup_sgf(diagram: &str) -> String {
    let rows: Vec<&str> = diagram.split_whitespace().collect();
    let size = rows.len();
    let (mut ab, mut aw) = (String::new(), String::new());
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let v = format!("[{}{}]", (b'a' + c as u8) as char, (b'a' + r as u8) as char);
            match ch {
                'X' => ab.push_str(&v),
                'O' => aw.push_str(&v),
                _ => {}
            }
        }
    }
    format!("(;GM[1]FF[4]SZ[{size}]KM[7]RU[Chinese]AB{ab}AW{aw})")
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("tengen-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("write a temporary file");
    path
}

/// The vertices of a `final_status_list` answer (one chain a line).
fn vertex_set(answer: &str) -> BTreeSet<String> {
    answer
        .trim_start_matches('=')
        .split_whitespace()
        .map(str::to_uppercase)
        .collect()
}

#[test]
fn final_score_does_not_depend_on_the_search_budget() {
    let path = temp_file("lone.sgf", &setup_sgf(LONE_STONES));
    let load = format!("loadsgf {}", path.display());
    let budgets: [&[&str]; 4] = [
        &["--playouts", "1"],
        &["--playouts", "5"],
        &["--playouts", "5000"],
        &["--level", "hard", "--time", "0.2"],
    ];
    for budget in budgets {
        let mut args = vec!["--quiet", "--seed", "3"];
        args.extend_from_slice(budget);
        let mut e = Engine::start(&args);
        assert_eq!(e.cmd(&load), "= ", "{budget:?}");
        // A search first, so that whatever it leaves behind is there.
        assert!(e.cmd("genmove w").starts_with('='), "{budget:?}");
        assert_eq!(e.cmd("undo"), "= ");
        assert_eq!(e.cmd("final_score"), "= B+20", "{budget:?}");
        let dead = e.cmd("final_status_list dead");
        assert_eq!(vertex_set(&dead), vertex_set("D3 D8"), "{budget:?}");
        let preview = e.cmd("tengen-score");
        assert!(preview.starts_with("= B+20:"), "{budget:?}: {preview}");
        assert!(preview.ends_with("dead: D3 D8"), "{budget:?}: {preview}");
        let (_, ok) = e.finish();
        assert!(ok);
    }
    let _ = std::fs::remove_file(&path);
}

/// A random game: uniformly random legal moves that do not fill the
/// mover's own eyes, to two passes, or cut after `cut` moves.
fn random_game(size: usize, topology: Topology, cut: usize, rng: &mut impl Rng) -> Game {
    let rules = Rules {
        topology,
        ..Rules::default().with_komi(7.0)
    };
    let mut game = Game::new(size, rules).expect("size");
    while !game.is_over() && game.moves().len() < cut {
        let c = game.to_move();
        let board: &Board = game.board();
        let choices: Vec<Point> = game
            .legal_moves(c)
            .filter(|&p| board.loc(p).is_some_and(|l| !board.is_eye(l, c)))
            .collect();
        let mv = if choices.is_empty() {
            Move::Pass
        } else {
            Move::Play(choices[rng.gen_range(0..choices.len())])
        };
        game.play(mv).expect("a legal move");
    }
    game
}

#[test]
fn every_scorer_agrees_over_random_games_on_both_topologies() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x5c0e);
    let mut e = Engine::start(&["--quiet", "--seed", "1", "--playouts", "20"]);
    let mut games = 0;
    for round in 0..24 {
        let size = [5, 7, 9][round % 3];
        let topology = Topology::ALL[(round / 3) % 2];
        // Half the games to the end, half cut in the middle game.
        let cut = if round % 4 < 2 {
            usize::MAX
        } else {
            rng.gen_range(size..size * size)
        };
        let game = random_game(size, topology, cut, &mut rng);
        for cmd in [
            format!("boardsize {size}"),
            "clear_board".to_string(),
            "komi 7".to_string(),
            format!("tengen-rules_topology {}", topology.name()),
        ] {
            assert_eq!(e.cmd(&cmd), "= ", "{cmd}");
        }
        for &(c, mv) in game.moves() {
            assert_eq!(e.cmd(&format!("play {c} {mv}")), "= ", "round {round}");
        }
        let outcome = game.result_preview().to_string();
        let board = game.board();
        let dead: BTreeSet<String> = game
            .stones_with_status(StoneStatus::Dead)
            .iter()
            .map(|p| p.to_string())
            .collect();
        let context = format!("round {round}, {size}x{size} {topology:?}\n{board}");
        assert_eq!(e.cmd("final_score"), format!("= {outcome}"), "{context}");
        assert_eq!(
            vertex_set(&e.cmd("final_status_list dead")),
            dead,
            "{context}"
        );
        let preview = e.cmd("tengen-score");
        assert!(
            preview.starts_with(&format!("= {outcome}:")),
            "{context}{preview}"
        );
        // The library's score preview agrees with its result (these
        // games end by passes or not at all).
        let by_score = game.score_preview().outcome(game.rules().tie).to_string();
        assert_eq!(by_score, outcome, "{context}");
        games += 1;
    }
    assert_eq!(games, 24);
    let (_, ok) = e.finish();
    assert!(ok);
}

#[test]
fn match_results_are_the_library_count_of_the_recorded_games() {
    for toroidal in [false, true] {
        let dir = std::env::temp_dir().join(format!(
            "tengen-one-score-{}-{toroidal}",
            std::process::id()
        ));
        let engine = format!(
            "{} --playouts 30 --seed 5 --quiet --resign 0",
            env!("CARGO_BIN_EXE_tengen")
        );
        let mut args: Vec<String> = [
            "match",
            "--engine1",
            &engine,
            "--engine2",
            &engine,
            "--size",
            "5",
            "--games",
            "4",
            "--no-progress",
            "--sgf-dir",
            dir.to_str().expect("a UTF-8 path"),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        if toroidal {
            args.push("--toroidal".into());
        }
        let out = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(&args)
            .output()
            .expect("the binary runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut gtp = Engine::start(&["--quiet", "--playouts", "1"]);
        for i in 1..=4 {
            let path = dir.join(format!("game-{i:03}.sgf"));
            let sgf = std::fs::read(&path).expect("the match writes each game");
            let record = read_sgf(&sgf).expect("readable SGF");
            let recorded = record.result.expect("a result").to_string();
            // The library's count of the recorded game, and a GTP engine's
            // (the record keeps the torus: `TOPOLOGY[toroidal]`).
            let game = record.game;
            let topology = if toroidal {
                Topology::Toroidal
            } else {
                Topology::Planar
            };
            assert_eq!(game.rules().topology, topology, "game {i}");
            assert_eq!(game.result_preview().to_string(), recorded, "game {i}");
            assert_eq!(
                gtp.cmd(&format!("loadsgf {}", path.display())),
                "= ",
                "game {i}"
            );
            assert_eq!(gtp.cmd("final_score"), format!("= {recorded}"), "game {i}");
        }
        let (_, ok) = gtp.finish();
        assert!(ok);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
