//! The Monte-Carlo tree search on fixed positions, in deterministic mode
//! (one thread, a seed, a fixed playout count).

use std::sync::atomic::AtomicBool;
use tengen::search::{Decision, Limits, PriorSource, Search, SearchConfig, SearchResult, Widening};
use tengen::{Board, Color, Game, Move, Point, Rules, Topology};

/// White A5-F5 has one liberty, G5: capturing it wins the game, letting
/// it out splits Black in two. Black to move, komi 7.
fn capture_position() -> Game {
    game_from(
        ".........\n\
         .........\n\
         .........\n\
         XXXXXX...\n\
         OOOOOO...\n\
         XXXXXX...\n\
         .........\n\
         ......O..\n\
         .........\n",
        Color::Black,
        7.0,
    )
}

fn game_from(diagram: &str, to_move: Color, komi: f64) -> Game {
    let board = Board::from_diagram(diagram, Topology::Planar).unwrap();
    let rules = Rules::default().with_komi(komi);
    Game::from_board(board, to_move, rules).unwrap()
}

fn think(search: &mut Search, game: &Game, color: Color, playouts: u64) -> SearchResult {
    search.think(
        game,
        color,
        &Limits::playouts(playouts),
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

fn play(v: &str) -> Decision {
    Decision::Play(Move::Play(v.parse::<Point>().unwrap()))
}

#[test]
fn finds_an_obvious_capture() {
    // White A5-F5 has one liberty, G5: capturing it wins the game, letting
    // it out splits Black in two.
    let game = capture_position();
    for seed in [1, 2, 3] {
        let mut s = Search::new(SearchConfig::deterministic(seed));
        let r = think(&mut s, &game, Color::Black, 1500);
        assert_eq!(r.best, play("G5"), "seed {seed}: {:?}", &r.candidates[..3]);
    }
}

#[test]
fn saves_a_chain_in_atari() {
    // Black D5 E5 has one liberty, E6; extending joins E7 and lives.
    let game = game_from(
        ".........\n\
         .........\n\
         ....X....\n\
         ...O.O...\n\
         ..OXXO...\n\
         ...OO....\n\
         .........\n\
         ..X......\n\
         .........\n",
        Color::Black,
        0.5,
    );
    for seed in [1, 2, 3] {
        let mut s = Search::new(SearchConfig::deterministic(seed));
        let r = think(&mut s, &game, Color::Black, 1500);
        assert_eq!(r.best, play("E6"), "seed {seed}: {:?}", &r.candidates[..3]);
    }
}

#[test]
fn never_retakes_a_ko_at_once() {
    // Black has just captured at C2 (5x5): White may not retake at B2.
    let mut game = game_from(
        ".....\n\
         .....\n\
         .XO..\n\
         XO.O.\n\
         .XO..\n",
        Color::Black,
        0.5,
    );
    game.play("C2".parse().unwrap()).unwrap();
    assert!(!game.is_legal(Color::White, "B2".parse().unwrap()));
    let mut s = Search::new(SearchConfig::deterministic(5));
    let r = think(&mut s, &game, Color::White, 800);
    let b2 = Move::Play("B2".parse().unwrap());
    assert!(r.candidates.iter().all(|c| c.mv != b2));
    assert_ne!(r.best, Decision::Play(b2));
}

#[test]
fn self_play_moves_are_legal_and_never_fill_own_eyes() {
    let mut game = Game::new(7, Rules::default()).unwrap();
    let mut s = Search::new(SearchConfig {
        reuse_tree: true,
        ..SearchConfig::deterministic(11)
    });
    let mut moves = 0;
    while !game.is_over() && moves < 150 {
        let c = game.to_move();
        let r = think(&mut s, &game, c, 300);
        match r.best {
            Decision::Resign => break,
            Decision::Play(m) => {
                assert!(
                    game.is_legal(c, m),
                    "illegal {m} for {c:?}\n{}",
                    game.board()
                );
                if let Move::Play(p) = m {
                    let l = game.board().loc(p).unwrap();
                    assert!(
                        !game.board().is_eye(l, c),
                        "{c:?} fills its own eye at {p}\n{}",
                        game.board()
                    );
                }
                game.play(m).unwrap();
            }
        }
        moves += 1;
    }
    assert!(moves > 10, "the game ended after {moves} moves");
}

/// 7x7, Black owns columns A-D, White E-G, every empty point an eye.
const SETTLED: &str = ".X.XO.O\n\
                       XXXXOOO\n\
                       X.XXO.O\n\
                       XXXXOOO\n\
                       .X.XOO.\n\
                       XXXXO.O\n\
                       X.XXOOO\n";

#[test]
fn passes_in_a_finished_position() {
    // Black 28 points against White 21, komi 0.5.
    let mut game = game_from(SETTLED, Color::White, 0.5);
    game.pass().unwrap();
    let mut s = Search::new(SearchConfig::deterministic(3));
    let r = think(&mut s, &game, Color::Black, 300);
    assert_eq!(r.best, Decision::Play(Move::Pass));
    // Without the opponent's pass too: no move can gain anything.
    let game = game_from(SETTLED, Color::Black, 0.5);
    let r = think(&mut s, &game, Color::Black, 300);
    assert_eq!(r.best, Decision::Play(Move::Pass));
}

#[test]
fn captures_dead_stones_before_passing_under_area_scoring() {
    // A dead White stone at C2 inside Black's area; White has passed.
    let board = ".X.XO.O\n\
                 XXXXOOO\n\
                 X..XO.O\n\
                 X..XOOO\n\
                 X..XOO.\n\
                 X.OXO.O\n\
                 X..XOOO\n";
    let mut game = game_from(board, Color::White, 0.5);
    game.pass().unwrap();
    let mut s = Search::new(SearchConfig::deterministic(4));
    let r = think(&mut s, &game, Color::Black, 1500);
    assert_ne!(
        r.best,
        Decision::Play(Move::Pass),
        "{:?}",
        &r.candidates[..3]
    );
    // The stone is seen as dead by the playouts.
    let c2 = game.board().loc("C2".parse().unwrap()).unwrap();
    assert!(r.ownership[c2.index()] > 0.5, "{}", r.ownership[c2.index()]);
}

#[test]
fn tree_reuse_keeps_visits() {
    let mut game = Game::new(9, Rules::default()).unwrap();
    let mut s = Search::new(SearchConfig {
        reuse_tree: true,
        ..SearchConfig::deterministic(9)
    });
    let r = think(&mut s, &game, Color::Black, 3000);
    let pv = &r.candidates[0].pv;
    assert!(pv.len() >= 2);
    game.play(pv[0]).unwrap();
    game.play(pv[1]).unwrap();
    let r2 = think(&mut s, &game, Color::Black, 500);
    assert!(r2.reused_visits >= 20, "reused {}", r2.reused_visits);
    assert_eq!(r2.root_visits, r2.reused_visits + 500);
    // Without reuse nothing is kept.
    let mut fresh = Search::new(SearchConfig::deterministic(9));
    let r3 = think(&mut fresh, &game, Color::Black, 500);
    assert_eq!(r3.reused_visits, 0);
    assert_eq!(r3.root_visits, 500);
}

#[test]
fn node_limit_is_respected() {
    let game = Game::new(9, Rules::default()).unwrap();
    let mut s = Search::new(SearchConfig {
        node_limit: 2000,
        ..SearchConfig::deterministic(2)
    });
    let r = think(&mut s, &game, Color::Black, 3000);
    assert!(r.nodes <= 2000, "{} nodes", r.nodes);
    assert_eq!(r.playouts, 3000);
    assert!(matches!(r.best, Decision::Play(Move::Play(_))));
}

#[test]
fn deterministic_mode_repeats_itself() {
    let game = Game::new(9, Rules::default()).unwrap();
    let a = think(
        &mut Search::new(SearchConfig::deterministic(77)),
        &game,
        Color::Black,
        700,
    );
    let b = think(
        &mut Search::new(SearchConfig::deterministic(77)),
        &game,
        Color::Black,
        700,
    );
    assert_eq!(a.best, b.best);
    assert_eq!(a.candidates, b.candidates);
    assert_eq!(a.ownership, b.ownership);
}

#[test]
fn two_threads_search_and_agree_on_the_capture() {
    let game = capture_position();
    let mut s = Search::new(SearchConfig {
        threads: 2,
        ..SearchConfig::deterministic(1)
    });
    let r = think(&mut s, &game, Color::Black, 2000);
    assert!(r.playouts >= 2000);
    // Two threads are not reproducible, and Black wins here whatever it
    // does first (H5, a net, scores nearly as well): the capture must be
    // one of the two moves the threads searched most, and the best move
    // must be judged winning. One thread, reproducibly, plays G5 (above).
    let top: Vec<_> = r.candidates.iter().take(2).map(|c| c.mv).collect();
    assert!(
        top.contains(&Move::Play("G5".parse::<Point>().unwrap())),
        "{:?}",
        &r.candidates[..3]
    );
    assert!(r.winrate > 0.9, "{}", r.winrate);
}

#[test]
fn analysis_callback_is_called_periodically() {
    let game = Game::new(9, Rules::default()).unwrap();
    let mut s = Search::new(SearchConfig::deterministic(1));
    let mut calls = 0;
    let limits = Limits {
        time: Some(std::time::Duration::from_millis(400)),
        info_interval: Some(std::time::Duration::from_millis(50)),
        ..Limits::default()
    };
    let r = s.think(
        &game,
        Color::Black,
        &limits,
        &AtomicBool::new(false),
        &mut |_| calls += 1,
    );
    assert!(calls >= 2, "{calls} calls");
    assert!(r.playouts > 0);
}

#[test]
fn stop_flag_ends_an_unlimited_search() {
    let game = Game::new(9, Rules::default()).unwrap();
    let mut s = Search::new(SearchConfig::deterministic(1));
    let stop = AtomicBool::new(false);
    let start = std::time::Instant::now();
    let r = std::thread::scope(|sc| {
        sc.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        s.think(&game, Color::Black, &Limits::default(), &stop, &mut |_| {})
    });
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    assert!(r.playouts > 0);
}

#[test]
fn cleanup_mode_plays_on_until_dead_stones_are_gone() {
    // Territory scoring: with White's dead stone at C2 inside Black's
    // area and White having passed, Black may pass (the stone is removed
    // by agreement)... unless in cleanup mode, where it plays on.
    let board = ".X.XO.O\n\
                 XXXXOOO\n\
                 X..XO.O\n\
                 X..XOOO\n\
                 X..XOO.\n\
                 X.OXO.O\n\
                 X..XOOO\n";
    let b = Board::from_diagram(board, Topology::Planar).unwrap();
    let rules = Rules::preset(tengen::Preset::Japanese).with_komi(0.5);
    let mut game = Game::from_board(b, Color::White, rules).unwrap();
    game.pass().unwrap();
    let mut s = Search::new(SearchConfig::deterministic(4));
    let r = think(&mut s, &game, Color::Black, 1500);
    assert_eq!(
        r.best,
        Decision::Play(Move::Pass),
        "{:?}",
        &r.candidates[..3]
    );
    let mut s = Search::new(SearchConfig::deterministic(4));
    let limits = Limits {
        cleanup: true,
        ..Limits::playouts(1500)
    };
    let r = s.think(
        &game,
        Color::Black,
        &limits,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert_ne!(
        r.best,
        Decision::Play(Move::Pass),
        "{:?}",
        &r.candidates[..3]
    );
}

#[test]
fn resigns_a_hopeless_game_but_never_early() {
    // 5x5 with komi 30: Black cannot win. Black resigns only after three
    // hopeless searches in a row, and not before move 8 (a third of 25).
    let rules = Rules::default().with_komi(30.0);
    let mut game = Game::new(5, rules).unwrap();
    let mut s = Search::new(SearchConfig {
        resign_threshold: Some(0.1),
        ..SearchConfig::deterministic(6)
    });
    for _ in 0..4 {
        let r = think(&mut s, &game, Color::Black, 300);
        assert_ne!(r.best, Decision::Resign, "resigned at move 0");
    }
    for v in ["C3", "B3", "C2", "B2", "C4", "B4", "D3", "B1"] {
        game.play(v.parse().unwrap()).unwrap();
    }
    let mut s = Search::new(SearchConfig {
        resign_threshold: Some(0.1),
        ..SearchConfig::deterministic(6)
    });
    let mut decisions = Vec::new();
    for _ in 0..3 {
        decisions.push(think(&mut s, &game, Color::Black, 300).best);
    }
    assert_ne!(decisions[0], Decision::Resign, "{decisions:?}");
    assert_ne!(decisions[1], Decision::Resign, "{decisions:?}");
    assert_eq!(decisions[2], Decision::Resign, "{decisions:?}");
    // With resignation off, never.
    let mut s = Search::new(SearchConfig::deterministic(6));
    for _ in 0..4 {
        assert_ne!(
            think(&mut s, &game, Color::Black, 300).best,
            Decision::Resign
        );
    }
}

#[test]
fn every_size_and_topology_searches_without_panic() {
    for topology in [Topology::Planar, Topology::Toroidal] {
        for size in [1, 2, 3, 4, 5, 7, 13, 25] {
            let rules = Rules {
                topology,
                ..Rules::default()
            };
            let mut game = Game::new(size, rules).unwrap();
            let mut s = Search::new(SearchConfig {
                reuse_tree: true,
                ..SearchConfig::deterministic(size as u64)
            });
            for _ in 0..3 {
                let c = game.to_move();
                let r = think(&mut s, &game, c, 60);
                assert_eq!(r.ownership.len(), size * size);
                match r.best {
                    Decision::Play(m) => {
                        assert!(game.is_legal(c, m), "{size} {topology:?}: {m}");
                        game.play(m).unwrap();
                    }
                    Decision::Resign => break,
                }
                if game.is_over() {
                    break;
                }
            }
        }
    }
}

#[test]
fn an_unclear_move_may_think_up_to_the_maximum_time() {
    // On the empty 19x19 board, with wide exploration, the symmetric
    // opening points share the visits, so the leader stays unclear and the
    // search uses the extra time the clock allows, but no more.
    let game = Game::new(19, Rules::default()).unwrap();
    let mut s = Search::new(SearchConfig {
        explore: 2.0,
        rave_equiv: 1.0,
        ..SearchConfig::deterministic(4)
    });
    let limits = Limits {
        time: Some(std::time::Duration::from_millis(20)),
        max_time: Some(std::time::Duration::from_millis(400)),
        ..Limits::default()
    };
    let start = std::time::Instant::now();
    let r = s.think(
        &game,
        Color::Black,
        &limits,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    let took = start.elapsed();
    assert!(r.playouts > 0);
    let top: Vec<_> = r
        .candidates
        .iter()
        .take(3)
        .map(|c| (c.mv, c.visits))
        .collect();
    assert!(
        took >= std::time::Duration::from_millis(150),
        "{took:?} {top:?}"
    );
    assert!(took < std::time::Duration::from_millis(1400), "{took:?}");
}

#[test]
fn a_clear_move_stops_at_the_normal_time() {
    // Without a maximum the normal time is the limit, unclear or not.
    let game = Game::new(19, Rules::default()).unwrap();
    let mut s = Search::new(SearchConfig::deterministic(4));
    let limits = Limits {
        time: Some(std::time::Duration::from_millis(20)),
        ..Limits::default()
    };
    let r = s.think(
        &game,
        Color::Black,
        &limits,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    // Without a limit past the normal time a search that did not stop
    // there would run on without end: a generous bound on the search's
    // own clock tells the two apart on a loaded machine.
    assert!(r.playouts > 0);
    assert!(
        r.elapsed < std::time::Duration::from_secs(2),
        "{:?}",
        r.elapsed
    );
}

#[test]
fn every_candidate_has_its_own_score_lead() {
    // Each candidate's lead comes from the playouts through it, not the
    // root's copied onto all: the leads differ, and weighted by the
    // playouts through each move they add up to the root's lead (every
    // playout after the root's expansion passes through one root move).
    let game = capture_position();
    let mut s = Search::new(SearchConfig::deterministic(5));
    let r = think(&mut s, &game, Color::Black, 3000);
    assert!(r.candidates.iter().all(|c| c.score_lead.is_finite()));
    let distinct = r
        .candidates
        .iter()
        .filter(|c| (c.score_lead - r.score_lead).abs() > 0.05)
        .count();
    assert!(
        distinct > 0,
        "every lead equals the root's: {:?}",
        r.candidates
    );
    let visits: u64 = r.candidates.iter().map(|c| c.visits).sum();
    let mean = r
        .candidates
        .iter()
        .map(|c| f64::from(c.score_lead) * c.visits as f64)
        .sum::<f64>()
        / visits as f64;
    assert!(
        (mean - f64::from(r.score_lead)).abs() < 2.0,
        "the moves' leads average {mean:.2}, the root's is {:.2}",
        r.score_lead
    );
}

#[test]
fn a_forced_move_does_not_spend_its_time() {
    // Black's 5x5 wall with two eyes, A1 and C3 (an 8-point region split
    // by B2's stone): every White move is suicide, only the pass is left.
    // Given 2 s (up to 4), the search stops after its minimum playouts.
    let game = game_from(
        "XXXXX\n\
         XXXXX\n\
         XX.XX\n\
         XXXXX\n\
         .XXXX\n",
        Color::White,
        7.0,
    );
    let mut s = Search::new(SearchConfig::deterministic(1));
    let limits = Limits {
        time: Some(std::time::Duration::from_secs(2)),
        max_time: Some(std::time::Duration::from_secs(4)),
        ..Limits::default()
    };
    let r = s.think(
        &game,
        Color::White,
        &limits,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(r.elapsed.as_secs_f64() < 1.0, "{:?}", r.elapsed);
    assert!(r.playouts >= 256, "{}", r.playouts);
    assert_eq!(r.best, Decision::Play(Move::Pass));
}

#[test]
fn widening_grows_with_the_visits() {
    let w = Widening::DEFAULT;
    assert_eq!(w.width(0), w.start);
    // 1.4^3 = 2.744: after 40 x 1.744 = 70 visits and one more, three
    // more children.
    assert_eq!(w.width(71), w.start + 3);
    let mut prev = 0;
    for n in (0..100_000).step_by(997) {
        assert!(w.width(n) >= prev);
        prev = w.width(n);
    }
}

#[test]
fn progressive_widening_searches_only_the_best_ranked_moves() {
    let game = Game::new(19, Rules::default()).unwrap();
    let n = 3000;
    let run = |widening| {
        let mut s = Search::new(SearchConfig {
            priors: PriorSource::Learned,
            widening,
            ..SearchConfig::deterministic(5)
        });
        think(&mut s, &game, Color::Black, n)
    };
    let w = Widening::DEFAULT;
    let narrow = run(Some(w));
    let wide = run(None);
    let visited = |r: &SearchResult| r.candidates.iter().filter(|c| c.visits > 0).count();
    // The root had at most `width` children open at its last visit.
    let root = narrow.root_visits as u32;
    assert!(
        visited(&narrow) <= w.width(root) as usize,
        "{} visited with a width of {}",
        visited(&narrow),
        w.width(root)
    );
    // Without widening the search goes past that width (20 moves against
    // a width of 10 with today's playouts; the margin depends on them).
    assert!(
        visited(&wide) > w.width(root) as usize,
        "{} visited without widening, {} with a width of {}",
        visited(&wide),
        visited(&narrow),
        w.width(root)
    );
    // The visited moves are among the model's `width` best: fewer than
    // `width` moves rank above the lowest visited one. (An open move may
    // get no visit, so a move ranked above a visited one may be unvisited
    // too; it cannot be one of `width` others.)
    let min_open = narrow
        .candidates
        .iter()
        .filter(|c| c.visits > 0)
        .map(|c| c.prior)
        .fold(f32::INFINITY, f32::min);
    let above = narrow
        .candidates
        .iter()
        .filter(|c| c.prior > min_open + 1e-6)
        .count();
    assert!(
        above < w.width(root) as usize,
        "{above} moves rank above a visited one, with a width of {}",
        w.width(root)
    );
}

#[test]
fn a_search_at_another_komi_starts_a_new_tree() {
    // A dynamic-komi move searches at komi + extra; its win rates are at
    // that komi. The analysis that follows (at the real komi) must not
    // build on them; a search at the same komi may.
    let game = Game::new(9, Rules::default()).unwrap();
    let mut s = Search::new(SearchConfig {
        reuse_tree: true,
        ..SearchConfig::deterministic(2)
    });
    let at = |extra_komi| Limits {
        extra_komi,
        ..Limits::playouts(500)
    };
    let mut run = |l: Limits| {
        s.think(
            &game,
            Color::Black,
            &l,
            &AtomicBool::new(false),
            &mut |_| {},
        )
    };
    run(at(5.0));
    let same = run(at(5.0));
    assert!(same.reused_visits >= 500, "{}", same.reused_visits);
    let real = run(at(0.0));
    assert_eq!(real.reused_visits, 0);
    let again = run(at(0.0));
    assert!(again.reused_visits >= 500, "{}", again.reused_visits);
}
