//! The tree search through its engine interface (as the GTP session and
//! the Phantom player drive it): never an illegal move, never its own eye,
//! passes when nothing is gained (and only then), respects time, resigns
//! hopeless games, and keeps playing in clean-up mode.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tengen::search::{Decision, Engine, Limits, Request, Search, SearchConfig};
use tengen::{Board, Color, Game, KoRule, Move, Rules, Topology};

fn game(diagram: &str, to_move: Color, komi: f64) -> Game {
    let board = Board::from_diagram(diagram, Topology::Planar).expect("diagram");
    Game::from_board(board, to_move, Rules::default().with_komi(komi)).expect("game")
}

fn playouts(n: u64) -> Limits {
    Limits::playouts(n)
}

/// The search with `seed`, one thread, resigning below `resign` (0 never).
fn engine(seed: u64, resign: f32) -> Search {
    Search::new(SearchConfig {
        resign_threshold: (resign > 0.0).then_some(resign),
        ..SearchConfig::deterministic(seed)
    })
}

fn genmove(engine: &mut Search, game: &Game, color: Color, cleanup: bool, n: u64) -> Decision {
    let stop = AtomicBool::new(false);
    let req = Request {
        game,
        color,
        cleanup,
    };
    engine.genmove(&req, &playouts(n), &stop).0
}

#[test]
fn never_fills_its_own_eyes() {
    let g = game("XXXXX\nX.XXX\nXXXXX\nXXX.X\nXXXXX\n", Color::Black, 7.0);
    let mut e = engine(1, 0.0);
    // Black's only legal moves fill its own eyes: it passes.
    assert_eq!(
        genmove(&mut e, &g, Color::Black, false, 500),
        Decision::Play(Move::Pass)
    );
    // White's only moves are suicides: it passes too.
    assert_eq!(
        genmove(&mut e, &g, Color::White, false, 500),
        Decision::Play(Move::Pass)
    );
}

#[test]
fn passes_after_the_opponent_when_ahead_and_settled() {
    let mut g = game(".XO..\n.XO..\n.XO..\n.XO..\n.XO..\n", Color::Black, 0.5);
    g.play(Move::Pass).expect("black passes");
    let mut e = engine(3, 0.0);
    // White leads 15.5 to 10 and nothing is left to play.
    assert_eq!(
        genmove(&mut e, &g, Color::White, false, 2000),
        Decision::Play(Move::Pass)
    );
}

#[test]
fn does_not_pass_with_dame_to_fill() {
    let mut g = game(".X.O.\n.X.O.\n.X.O.\n.X.O.\n.X.O.\n", Color::White, 0.5);
    g.play(Move::Pass).expect("white passes");
    for seed in 0..4 {
        let mut e = engine(seed, 0.0);
        // 10 to 10.5: the open column decides the game, Black must play there.
        match genmove(&mut e, &g, Color::Black, false, 3000) {
            Decision::Play(Move::Play(p)) => assert_eq!(p.x(), 2, "seed {seed}: {p}"),
            d => panic!("seed {seed}: {d:?}"),
        }
    }
}

#[test]
fn clean_up_mode_does_not_pass_over_dead_stones() {
    let mut g = game("..XO.\n.OXO.\n..XO.\n..XO.\n..XO.\n", Color::White, 0.5);
    g.play(Move::Pass).expect("white passes");
    for seed in 0..3 {
        let mut e = engine(seed, 0.0);
        let d = genmove(&mut e, &g, Color::Black, true, 2000);
        assert_ne!(d, Decision::Play(Move::Pass), "seed {seed}");
    }
}

/// Plays a 5x5 game with komi 30 (Black cannot win), Black's engine
/// resigning below `resign`; returns the number of moves before Black
/// resigned, or `None` when the game ended otherwise.
fn hopeless_game(resign: f32) -> Option<usize> {
    let mut g = Game::new(5, Rules::default().with_komi(30.0)).expect("5x5");
    let mut black = engine(5, resign);
    let mut white = engine(6, 0.0);
    while !g.is_over() && g.moves().len() < 60 {
        let c = g.to_move();
        let e = if c == Color::Black {
            &mut black
        } else {
            &mut white
        };
        match genmove(e, &g, c, false, 400) {
            Decision::Resign => return Some(g.moves().len()),
            Decision::Play(mv) => g.play_as(c, mv).expect("a legal move"),
        }
    }
    None
}

#[test]
fn resigns_a_hopeless_game_but_not_at_once() {
    // The engine resigns only after a streak of hopeless searches, and
    // never in the first third of the board's points.
    let at = hopeless_game(0.1).expect("Black resigns");
    assert!(at >= 25 / 3, "resigned at move {at}");
    // With resigning off it plays on.
    assert_eq!(hopeless_game(0.0), None);
}

#[test]
fn respects_the_time_limit_and_the_stop_flag() {
    let g = Game::new(9, Rules::default()).expect("9x9");
    let mut e = engine(1, 0.0);
    let req = Request {
        game: &g,
        color: Color::Black,
        cleanup: false,
    };
    let limit = Duration::from_millis(200);
    let start = Instant::now();
    let a = e.analyze(&req, &Limits::time(limit), &AtomicBool::new(false));
    let spent = start.elapsed();
    // A fixed time (no clock keeps what is saved): the search thinks it
    // all, and has searched more than a little.
    // Generous: the machine may be loaded; without the time check the
    // search would never end.
    assert!(spent < limit + Duration::from_secs(1), "overran: {spent:?}");
    assert!(a.playouts > 82, "{}", a.playouts);
    // A search told to stop returns at once, with something to play.
    let mut e = engine(1, 0.0);
    let start = Instant::now();
    let (d, _) = e.genmove(&req, &Limits::default(), &AtomicBool::new(true));
    assert!(start.elapsed() < Duration::from_secs(1));
    assert!(matches!(d, Decision::Play(_)));
}

#[test]
fn self_play_is_always_legal() {
    for (i, ko) in [
        KoRule::Simple,
        KoRule::PositionalSuperko,
        KoRule::SituationalSuperko,
    ]
    .into_iter()
    .enumerate()
    {
        let rules = Rules {
            ko,
            ..Rules::default()
        };
        let mut g = Game::new(7, rules).expect("7x7");
        let mut e = engine(i as u64, 0.0);
        let mut plies = 0;
        while !g.is_over() && plies < 300 {
            let c = g.to_move();
            match genmove(&mut e, &g, c, false, 150) {
                Decision::Play(mv) => {
                    if let Move::Play(p) = mv {
                        let l = g.board().loc(p).expect("on the board");
                        assert!(!g.board().is_eye(l, c), "{c} filled its eye at {p}");
                    }
                    g.play_as(c, mv)
                        .unwrap_or_else(|err| panic!("{ko:?}: illegal {mv}: {err}"));
                }
                Decision::Resign => panic!("resigned with resigning off"),
            }
            plies += 1;
        }
        assert!(g.is_over(), "{ko:?}: no two passes in 300 moves");
    }
}

#[test]
fn stops_early_only_when_the_time_saved_is_kept() {
    // Black captures ten stones at D3 (the one liberty of White's chain);
    // every other move lets them out: the capture soon leads so far that
    // no other move can catch it in the time left.
    let g = game(
        ".......\n\
         .XXXXX.\n\
         XOOOOOX\n\
         XOOOOOX\n\
         .XX.XX.\n\
         .......\n\
         .......\n",
        Color::Black,
        0.5,
    );
    let req = Request {
        game: &g,
        color: Color::Black,
        cleanup: false,
    };
    let time = Duration::from_millis(1000);
    let stop = AtomicBool::new(false);
    let timed = |saves_time: bool| {
        let mut e = engine(5, 0.0);
        let limits = Limits {
            saves_time,
            ..Limits::time(time)
        };
        let start = Instant::now();
        let (d, _) = e.genmove(&req, &limits, &stop);
        (d, start.elapsed())
    };
    let capture = Decision::Play(Move::Play("D3".parse().expect("vertex")));
    // A fixed time a move: a second saved would be lost, so the search
    // thinks its whole time less the lag margin (100 ms).
    let (d, spent) = timed(false);
    assert_eq!(d, capture);
    assert!(spent >= time - Duration::from_millis(100), "{spent:?}");
    // A clock that keeps the time: the search stops once the capture
    // cannot be caught (after about half of the time).
    let (d, spent) = timed(true);
    assert_eq!(d, capture);
    assert!(spent < time - Duration::from_millis(200), "{spent:?}");
}

/// A root candidate of a hand-made analysis: `mv` with `visits` at
/// `winrate`.
fn candidate(mv: &str, visits: u64, winrate: f32) -> tengen::search::Candidate {
    let mv: Move = mv.parse().expect("move");
    tengen::search::Candidate {
        mv,
        visits,
        winrate,
        prior: 0.0,
        lcb: winrate,
        score_lead: 0.0,
        score_stdev: 0.0,
        pv: vec![mv],
        pv_visits: vec![visits],
    }
}

/// An analysis of `game` whose most visited move is a pass, then the
/// `others`, with `ownership` everywhere (Black's, -1 to 1).
fn pass_first(
    game: &Game,
    others: Vec<tengen::search::Candidate>,
    ownership: f32,
) -> tengen::search::SearchResult {
    let mut candidates = vec![candidate("pass", 1000, 0.45)];
    candidates.extend(others);
    tengen::search::SearchResult {
        best: Decision::Play(Move::Pass),
        winrate: 0.45,
        score_lead: 0.0,
        score_stdev: 0.0,
        candidates,
        ownership: vec![ownership; game.board().area()],
        playouts: 2000,
        root_visits: 2000,
        reused_visits: 0,
        nodes: 100,
        elapsed: Duration::from_secs(1),
        from_book: false,
    }
}

/// Under area scoring a pass gives the opponent a free move: before the
/// opponent has passed, a stone on an open point that the search found
/// nearly as good is played instead of a most-visited pass (a 19x19 game
/// against GNU Go passed mid-game and lost by 81.5). The pass stands
/// after the opponent's pass, when no stone comes close, on settled
/// points, and under territory scoring.
#[test]
fn does_not_pass_first_under_area_scoring_while_open_points_are_as_good() {
    let open = Game::new(9, Rules::default()).expect("9x9");
    let mut e = engine(1, 0.0);
    let d4 = || candidate("D4", 300, 0.40);
    let pass = Decision::Play(Move::Pass);
    // 0.40 against 0.45, with 300 of 1000 visits: D4 instead.
    let r = pass_first(&open, vec![d4()], 0.0);
    assert_eq!(
        e.decision(&open, Color::Black, &r, false),
        Decision::Play("D4".parse().unwrap())
    );
    // Far behind the pass, or barely searched: the pass stands.
    let r = pass_first(&open, vec![candidate("D4", 300, 0.30)], 0.0);
    assert_eq!(e.decision(&open, Color::Black, &r, false), pass);
    let r = pass_first(&open, vec![candidate("D4", 50, 0.44)], 0.0);
    assert_eq!(e.decision(&open, Color::Black, &r, false), pass);
    // Every point settled, Black's own or White's: nothing to gain.
    for own in [1.0, -1.0] {
        let r = pass_first(&open, vec![d4()], own);
        assert_eq!(e.decision(&open, Color::Black, &r, false), pass, "{own}");
    }
    // After Black's pass, White passing back is the host's business.
    let mut passed = Game::new(9, Rules::default()).expect("9x9");
    passed.play(Move::Pass).expect("black passes");
    let r = pass_first(&passed, vec![d4()], 0.0);
    assert_eq!(e.decision(&passed, Color::White, &r, false), pass);
    // Territory scoring keeps its own pass policy.
    let japanese = Game::new(9, Rules::preset(tengen::Preset::Japanese)).expect("9x9");
    let r = pass_first(&japanese, vec![d4()], 0.0);
    assert_eq!(e.decision(&japanese, Color::Black, &r, false), pass);
}
