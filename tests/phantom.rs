//! The Phantom Go referee: what each player is told, and nothing more.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::atomic::AtomicBool;
use tengen::phantom::{Observation, PlayerView, Referee, TryError, TryOutcome};
use tengen::{Color, Game, Move, Point, Rules, Topology};

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn play(r: &mut Referee, v: &str) -> TryOutcome {
    r.try_move(v.parse::<Move>().unwrap()).unwrap()
}

#[test]
fn refused_try_is_told_to_the_player_and_only_counted_for_the_opponent() {
    let mut r = Referee::new(Game::new(9, Rules::default()).unwrap());
    assert_eq!(
        play(&mut r, "D4"),
        TryOutcome::Accepted { captured: vec![] }
    );
    // White cannot see D4 and tries it.
    assert_eq!(play(&mut r, "D4"), TryOutcome::Refused);
    assert_eq!(r.to_move(), Color::White);
    assert_eq!(r.try_move(Move::Play(pt("D4"))), Err(TryError::RepeatedTry));
    assert_eq!(r.try_move(Move::Play(pt("Z9"))), Err(TryError::OffBoard));
    assert_eq!(
        play(&mut r, "E5"),
        TryOutcome::Accepted { captured: vec![] }
    );
    assert_eq!(
        r.observations(Color::White),
        &[
            Observation::OpponentMoved,
            Observation::Refused(pt("D4")),
            Observation::Accepted(pt("E5")),
        ]
    );
    assert_eq!(
        r.observations(Color::Black),
        &[
            Observation::Accepted(pt("D4")),
            Observation::OpponentRefused,
            Observation::OpponentMoved,
        ]
    );
    // Next turn D4 may be tried again (and is still refused).
    assert_eq!(
        play(&mut r, "A1"),
        TryOutcome::Accepted { captured: vec![] }
    );
    assert_eq!(play(&mut r, "D4"), TryOutcome::Refused);
    assert_eq!(
        r.refused_tries(Color::White),
        &[vec![pt("D4")], vec![pt("D4")]]
    );
}

#[test]
fn captures_are_announced_but_not_the_capturing_point() {
    let mut r = Referee::new(Game::new(9, Rules::default()).unwrap());
    for v in ["B1", "A1", "C9"] {
        play(&mut r, v);
    }
    // White A2 would be its own move; instead White passes and Black A2 captures A1.
    assert_eq!(play(&mut r, "pass"), TryOutcome::Passed);
    assert_eq!(
        play(&mut r, "A2"),
        TryOutcome::Accepted {
            captured: vec![pt("A1")]
        }
    );
    let told = Observation::Captured {
        color: Color::White,
        points: vec![pt("A1")],
    };
    assert!(r.observations(Color::White).contains(&told));
    assert!(r.observations(Color::Black).contains(&told));
    assert!(r
        .observations(Color::White)
        .contains(&Observation::Passed(Color::White)));
    assert!(r
        .observations(Color::Black)
        .contains(&Observation::Passed(Color::White)));
    // White never hears of B1, C9 or A2.
    for o in r.observations(Color::White) {
        let s = format!("{o:?}");
        for hidden in ["B1", "C9", "A2"] {
            let p = format!("{:?}", pt(hidden));
            assert!(!s.contains(&p), "{s} reveals {hidden}");
        }
    }
}

#[test]
fn two_passes_end_and_reveal_the_board() {
    let mut r = Referee::new(Game::new(5, Rules::default()).unwrap());
    play(&mut r, "C3");
    play(&mut r, "pass");
    play(&mut r, "pass");
    assert!(r.is_over());
    // Black's 25 points of area against White's komi of 7.
    assert_eq!(r.result().unwrap().to_string(), "B+18");
    for c in Color::ALL {
        match r.observations(c).last() {
            Some(Observation::GameOver { board, outcome }) => {
                assert_eq!(board.get(pt("C3")), Some(Color::Black));
                assert_eq!(outcome.to_string(), "B+18");
            }
            other => panic!("no reveal: {other:?}"),
        }
    }
    assert_eq!(r.try_move(Move::Pass), Err(TryError::GameOver));
}

#[test]
fn handicap_is_known_to_both() {
    let mut g = Game::new(9, Rules::default().with_komi(0.5)).unwrap();
    g.set_fixed_handicap(2).unwrap();
    let r = Referee::new(g);
    let h = Observation::Handicap(vec![pt("C3"), pt("G7")]);
    assert_eq!(r.observations(Color::White), std::slice::from_ref(&h));
    assert_eq!(r.observations(Color::Black), &[h]);
    assert_eq!(r.to_move(), Color::White);
    let empty = tengen::Board::new(9, Topology::Planar).unwrap();
    let w = PlayerView::new(Color::White, &empty, r.observations(Color::White));
    assert_eq!(w.opponent_stones(), 2);
    assert!(w.my_turn());
}

/// Random Phantom games on several boards and rules: every point a player
/// is told about is its own try, a handicap stone or a captured stone, and
/// the view rebuilt from the observations alone matches the real board.
#[test]
fn views_hold_exactly_what_the_rules_give() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let setups: Vec<(usize, Rules)> = vec![
        (5, Rules::default()),
        (9, Rules::default()),
        (
            7,
            Rules {
                topology: Topology::Toroidal,
                ..Rules::default()
            },
        ),
        (
            9,
            Rules {
                capture_goal: Some(5),
                ..Rules::default()
            },
        ),
        (6, Rules::preset(tengen::Preset::TrompTaylor)),
    ];
    for (game_no, (size, rules)) in setups.into_iter().cycle().take(30).enumerate() {
        let mut g = Game::new(size, rules).unwrap();
        if game_no % 3 == 0 && size >= 7 {
            g.set_fixed_handicap(2).unwrap();
        }
        let empty = tengen::Board::new(size, rules.topology).unwrap();
        let mut r = Referee::new(g);
        let mut tries: [Vec<Point>; 2] = [vec![], vec![]];
        let mut turns = 0;
        while !r.is_over() && turns < 400 {
            let c = r.to_move();
            let mv = if rng.gen_bool(0.05) {
                Move::Pass
            } else {
                Move::Play(Point::new(rng.gen_range(0..size), rng.gen_range(0..size)).unwrap())
            };
            match r.try_move(mv) {
                Ok(TryOutcome::Refused) => {}
                Ok(_) => turns += 1,
                Err(TryError::RepeatedTry) => {
                    r.try_move(Move::Pass).unwrap();
                    turns += 1;
                }
                Err(e) => panic!("{e}"),
            }
            if let Move::Play(p) = mv {
                tries[c.index()].push(p);
            }
            for who in Color::ALL {
                let obs = r.observations(who);
                let v = PlayerView::new(who, &empty, obs);
                let real = r.game().board();
                for l in real.locs() {
                    let mine = real.color_at(l) == Some(who);
                    assert_eq!(v.own_board().color_at(l) == Some(who), mine);
                }
                assert_eq!(v.opponent_stones(), real.stone_count(who.opponent()));
                for o in obs {
                    let allowed: Vec<Point> = match o {
                        Observation::Accepted(p) | Observation::Refused(p) => {
                            assert!(tries[who.index()].contains(p));
                            continue;
                        }
                        Observation::Handicap(h) => h.clone(),
                        Observation::Captured { points, .. } => points.clone(),
                        _ => continue,
                    };
                    assert!(!allowed.is_empty());
                }
            }
        }
    }
}

#[test]
fn a_captured_chain_reveals_its_capturers() {
    // Black B1 and A2 capture White A1: White learns that B1 and A2 hold
    // Black stones (a chain without liberties is surrounded), not C9.
    let mut r = Referee::new(Game::new(9, Rules::default()).unwrap());
    for v in ["B1", "A1", "C9", "pass", "A2"] {
        play(&mut r, v);
    }
    let empty = Game::new(9, Rules::default()).unwrap().board().clone();
    let white = PlayerView::new(Color::White, &empty, r.observations(Color::White));
    let board = white.own_board();
    let known: Vec<Point> = white
        .known_opponent()
        .iter()
        .map(|l| board.point(l))
        .collect();
    let mut known_sorted = known.clone();
    known_sorted.sort_by_key(|p| (p.x(), p.y()));
    assert_eq!(known_sorted, vec![pt("A2"), pt("B1")]);
    assert_eq!(white.opponent_stones(), 3);
    // Black learns nothing new of White from its own capture.
    let black = PlayerView::new(Color::Black, &empty, r.observations(Color::Black));
    assert_eq!(black.known_opponent().iter().count(), 0);
    assert_eq!(black.opponent_captured(), 1);
    assert_eq!(white.opponent_captured(), 0);
    // Once White captures B1 back it is no longer a known Black stone.
    for v in ["C1", "pass", "B2", "pass", "A1"] {
        play(&mut r, v);
    }
    let white = PlayerView::new(Color::White, &empty, r.observations(Color::White));
    let still: Vec<Point> = white
        .known_opponent()
        .iter()
        .map(|l| white.own_board().point(l))
        .collect();
    assert_eq!(still, vec![pt("A2")]);
    assert_eq!(white.opponent_captured(), 1);
}

#[test]
fn the_sampling_player_keeps_to_its_time() {
    use std::time::{Duration, Instant};
    use tengen::phantom::player::{PhantomPlayer, Sampling};
    use tengen::search::{Limits, Search, SearchConfig};
    let game = Game::new(9, Rules::default()).unwrap();
    let empty = game.board().clone();
    let mut r = Referee::new(game);
    for v in ["E5", "C3", "G7", "D4"] {
        play(&mut r, v);
    }
    let view = PlayerView::new(Color::Black, &empty, r.observations(Color::Black));
    let mut s = Sampling::new(Search::new(SearchConfig::deterministic(3)), 3);
    let limits = Limits {
        time: Some(Duration::from_millis(300)),
        ..Limits::default()
    };
    for _ in 0..3 {
        let t = Instant::now();
        let mv = s.choose(&view, &Rules::default(), &limits, &AtomicBool::new(false));
        let took = t.elapsed();
        // Three times the time: room for a loaded test machine.
        assert!(took < Duration::from_millis(900), "{took:?}");
        assert!(
            took >= Duration::from_millis(150),
            "{took:?}: the time is used"
        );
        assert!(matches!(mv, Move::Play(_)), "{mv:?}");
    }
}
