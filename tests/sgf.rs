//! SGF reading and writing: hand-written files with expected positions,
//! pass forms, stopping before move N, handicap, RU mapping, errors, and
//! round trips of random games.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tengen::sgf::{MAX_LIST_POINTS, MAX_NODES};
use tengen::{
    read_sgf, read_sgf_before, write_sgf, Board, Color, Game, KoRule, Move, MoveError, Point,
    Preset, Rules, Scoring, SgfError, SuicideRule, Topology,
};

fn read(text: &str) -> Result<tengen::SgfGame, SgfError> {
    read_sgf(text.as_bytes())
}

fn diagram(g: &Game) -> String {
    g.board().to_string()
}

/// Lines of a diagram without indentation, each ending in a newline.
fn d(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}

fn pt(v: &str) -> Point {
    v.parse().unwrap()
}

// A capture in the top-left corner, then both pass forms.
const CORNER: &str = "(;GM[1]FF[4]SZ[5]KM[0.5];B[ba];W[aa];B[ab];W[tt];B[])";

#[test]
fn moves_give_the_expected_position() {
    let r = read(CORNER).unwrap();
    let g = &r.game;
    assert_eq!(
        diagram(g),
        d("
            .X...
            X....
            .....
            .....
            .....
        ")
    );
    assert_eq!(g.board().captures(Color::Black), 1);
    assert_eq!(
        g.moves(),
        &[
            (Color::Black, Move::Play(pt("B5"))),
            (Color::White, Move::Play(pt("A5"))),
            (Color::Black, Move::Play(pt("A4"))),
            (Color::White, Move::Pass),
            (Color::Black, Move::Pass),
        ]
    );
    assert_eq!(r.total_moves, 5);
    assert_eq!(r.komi, Some(0.5));
    assert_eq!(g.rules().komi, 0.5);
    assert!(g.is_over());
}

#[test]
fn stopping_before_move_n() {
    let r = read_sgf_before(CORNER.as_bytes(), 3).unwrap();
    assert_eq!(
        diagram(&r.game),
        d("
            OX...
            .....
            .....
            .....
            .....
        ")
    );
    assert_eq!(r.game.moves().len(), 2);
    assert_eq!(r.game.to_move(), Color::Black);
    assert_eq!(r.total_moves, 5);
    for n in [0, 1] {
        let r = read_sgf_before(CORNER.as_bytes(), n).unwrap();
        assert!(r.game.moves().is_empty());
        assert_eq!(r.game.board().stone_count(Color::Black), 0);
        assert_eq!(r.game.to_move(), Color::Black);
    }
    // Before move 5: the white pass is in, the black one is not.
    let r = read_sgf_before(CORNER.as_bytes(), 5).unwrap();
    assert_eq!(r.game.moves().len(), 4);
    assert_eq!(r.game.moves()[3], (Color::White, Move::Pass));
    assert!(!r.game.is_over());
    let r = read_sgf_before(CORNER.as_bytes(), 99).unwrap();
    assert_eq!(r.game.moves().len(), 5);
}

#[test]
fn stopping_skips_illegal_moves_beyond_the_stop() {
    let text = "(;SZ[5];B[aa];W[aa];B[zz])";
    let r = read_sgf_before(text.as_bytes(), 2).unwrap();
    assert_eq!(r.game.moves().len(), 1);
    assert_eq!(r.total_moves, 3);
}

#[test]
fn pass_forms() {
    for size in [9, 13, 19] {
        let r = read(&format!("(;SZ[{size}];B[];W[tt])")).unwrap();
        assert_eq!(
            r.game.moves(),
            &[(Color::Black, Move::Pass), (Color::White, Move::Pass)],
            "size {size}"
        );
        assert!(r.game.is_over());
    }
    // Play after two passes goes on, as GTP hosts do after a dispute (and
    // as tengen's own GTP games record it): the game is resumed.
    let r = read("(;SZ[9];B[];W[];B[aa])").unwrap();
    assert_eq!(r.game.moves().len(), 3);
    assert_eq!(
        r.game.board().get(Point::new(0, 8).unwrap()),
        Some(Color::Black)
    );
    assert!(!r.game.is_over());
    // On a 21x21 board `tt` is the point in column 20, row 20 from the top.
    let r = read("(;SZ[21];B[tt])").unwrap();
    assert_eq!(
        r.game.moves()[0],
        (Color::Black, Move::Play(Point::new(19, 1).unwrap()))
    );
    assert_eq!(r.game.moves()[0].1.to_string(), "U2");
}

#[test]
fn the_main_variation_only() {
    let r = read("(;SZ[5];B[aa](;W[bb];B[cc])(;W[dd]))").unwrap();
    let m: Vec<String> = r.game.moves().iter().map(|(_, m)| m.to_string()).collect();
    assert_eq!(m, ["A5", "B4", "C3"]);
}

#[test]
fn only_the_first_game_of_a_collection() {
    let r = read("junk before (;SZ[5];B[aa])(;SZ[7];B[bb]) junk after").unwrap();
    assert_eq!(r.game.size(), 5);
    assert_eq!(r.game.moves().len(), 1);
}

#[test]
fn handicap_with_matching_stones() {
    let text = "(;GM[1]FF[4]SZ[9]HA[2]KM[0.5]AB[cc][gg])";
    let r = read(text).unwrap();
    let mut h = r.game.handicap().to_vec();
    h.sort();
    let mut want = vec![pt("C7"), pt("G3")];
    want.sort();
    assert_eq!(h, want);
    assert_eq!(r.game.to_move(), Color::White);
    assert_eq!(
        diagram(&r.game),
        d("
            .........
            .........
            ..X......
            .........
            .........
            .........
            ......X..
            .........
            .........
        ")
    );
    let r = read("(;SZ[9]HA[2]AB[cc][gg];W[gc];B[cg])").unwrap();
    assert_eq!(r.game.handicap().len(), 2);
    assert_eq!(r.game.moves()[0], (Color::White, Move::Play(pt("G7"))));
    assert_eq!(r.game.to_move(), Color::White);
}

#[test]
fn handicap_that_does_not_match_is_plain_setup() {
    // HA says 3 but only two stones: setup stones, Black to move.
    let r = read("(;SZ[9]HA[3]AB[cc][gg])").unwrap();
    assert!(r.game.handicap().is_empty());
    assert_eq!(r.game.board().stone_count(Color::Black), 2);
    assert_eq!(r.game.to_move(), Color::Black);
    // HA[0] and HA[1] are common and mean no handicap.
    for ha in ["0", "1"] {
        let r = read(&format!("(;SZ[9]HA[{ha}];B[ee])")).unwrap();
        assert!(r.game.handicap().is_empty());
        assert_eq!(r.game.moves().len(), 1);
    }
}

#[test]
fn setup_properties_and_player_to_move() {
    let r = read("(;SZ[3]AB[aa:bb]AW[cc]AE[bb]PL[W])").unwrap();
    assert_eq!(
        diagram(&r.game),
        d("
            XX.
            X..
            ..O
        ")
    );
    assert_eq!(r.game.to_move(), Color::White);
    assert!(r.game.handicap().is_empty());
    assert_eq!(r.game.start_board().to_string(), diagram(&r.game));
    // Without PL, the first move's colour has the turn at the start.
    let r = read("(;SZ[3]AB[aa];W[cc])").unwrap();
    assert_eq!(r.game.moves(), &[(Color::White, Move::Play(pt("C1")))]);
    assert_eq!(r.game.to_move(), Color::Black);
}

#[test]
fn out_of_turn_moves_are_played() {
    let r = read("(;SZ[5];B[aa];B[bb];W[cc];W[dd])").unwrap();
    let colors: Vec<Color> = r.game.moves().iter().map(|&(c, _)| c).collect();
    assert_eq!(
        colors,
        [Color::Black, Color::Black, Color::White, Color::White]
    );
    assert_eq!(r.game.to_move(), Color::Black);
}

#[test]
fn setup_after_moves_restarts_from_the_position() {
    let r = read("(;SZ[5];B[aa];W[ee];AB[cc];W[bb])").unwrap();
    assert_eq!(
        diagram(&r.game),
        d("
            X....
            .O...
            ..X..
            .....
            ....O
        ")
    );
    assert_eq!(r.game.moves(), &[(Color::White, Move::Play(pt("B4")))]);
}

#[test]
fn rules_mapping() {
    let cases = [
        ("Chinese", Preset::Chinese),
        ("Japanese", Preset::Japanese),
        ("Korean", Preset::Korean),
        ("AGA", Preset::Aga),
        ("NZ", Preset::NewZealand),
        ("New Zealand", Preset::NewZealand),
        ("Tromp-Taylor", Preset::TrompTaylor),
        ("chinese", Preset::Chinese),
    ];
    for (ru, p) in cases {
        let r = read(&format!("(;SZ[9]RU[{ru}]KM[5.5])")).unwrap();
        assert_eq!(*r.game.rules(), Rules::preset(p).with_komi(5.5), "RU[{ru}]");
        assert!(r.rules_known);
        assert_eq!(r.rules_name.as_deref(), Some(ru));
    }
    // Fields spelled out, as a reader of the rules would expect them.
    let r = read("(;RU[Japanese])").unwrap();
    assert_eq!(r.game.rules().scoring, Scoring::Territory);
    assert_eq!(r.game.rules().ko, KoRule::Simple);
    assert_eq!(r.game.rules().komi, 6.5, "no KM: the preset's komi");
    assert_eq!(r.komi, None);
    let r = read("(;RU[NZ])").unwrap();
    assert_eq!(r.game.rules().suicide, SuicideRule::Allowed);
    // KataGo-style strings.
    let r = read("(;RU[koSITUATIONALscoreTERRITORYsui1]KM[3])").unwrap();
    let g = r.game.rules();
    assert_eq!(g.ko, KoRule::SituationalSuperko);
    assert_eq!(g.scoring, Scoring::Territory);
    assert_eq!(g.suicide, SuicideRule::Allowed);
    assert_eq!(g.komi, 3.0);
    // Unknown or missing RU: the default rules.
    for text in ["(;RU[Klingon]KM[5.5])", "(;KM[5.5])"] {
        let r = read(text).unwrap();
        assert_eq!(*r.game.rules(), Rules::default().with_komi(5.5), "{text}");
        assert!(!r.rules_known);
    }
    let r = read("(;SZ[9])").unwrap();
    assert_eq!(r.game.rules().komi, 7.0);
    assert_eq!(r.game.size(), 9);
    assert_eq!(read("(;)").unwrap().game.size(), 19, "SZ defaults to 19");
}

fn err(text: &str) -> SgfError {
    match read(text) {
        Ok(_) => panic!("{text:?} was accepted"),
        Err(e) => e,
    }
}

#[test]
fn truncated_input() {
    assert_eq!(err("(;GM[1]SZ[9];B[aa]"), SgfError::Truncated);
    assert_eq!(err("(;GM[1]SZ[9];B[a"), SgfError::Truncated);
    assert_eq!(err("(;GM[1]C[escaped \\] bracket"), SgfError::Truncated);
    assert_eq!(err("(;"), SgfError::Truncated);
}

#[test]
fn no_game_tree() {
    assert_eq!(err(""), SgfError::NoGameTree);
    assert_eq!(err("hello world"), SgfError::NoGameTree);
    assert_eq!(err("(B[aa])"), SgfError::NoGameTree);
}

#[test]
fn binary_garbage() {
    let bytes: Vec<u8> = (0..=255u8).cycle().take(3000).collect();
    assert!(read_sgf(&bytes).is_err());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for _ in 0..300 {
        let n = rng.gen_range(0..200);
        let mut v: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
        v.splice(0..0, b"(;".iter().copied());
        let _ = read_sgf(&v);
    }
    assert!(read_sgf(b"(;B[\xff\xfe]\x00)").is_err());
}

#[test]
fn syntax_errors() {
    assert!(matches!(err("(;B[aa]C)"), SgfError::Syntax(_)));
    assert!(matches!(err("(;GM[1]GM[1])"), SgfError::Syntax(_)));
    assert!(matches!(err("(;SZ[9](;B[aa])x)"), SgfError::Syntax(_)));
}

#[test]
fn bad_sizes() {
    for sz in ["26", "52", "300", "0", "19:13", "-1", "x", ""] {
        assert!(
            matches!(err(&format!("(;SZ[{sz}])")), SgfError::BadSize(_)),
            "SZ[{sz}]"
        );
    }
    assert_eq!(err("(;SZ[26])"), SgfError::BadSize("26".into()));
    assert_eq!(read("(;SZ[25];B[yy])").unwrap().game.size(), 25);
    assert_eq!(read("(;SZ[1])").unwrap().game.size(), 1);
}

#[test]
fn bad_coordinates() {
    assert_eq!(
        err("(;SZ[9];B[a1])"),
        SgfError::BadValue {
            property: "B".into(),
            value: "a1".into()
        }
    );
    assert_eq!(
        err("(;SZ[9];B[jj])"),
        SgfError::OffBoard {
            property: "B".into(),
            value: "jj".into()
        }
    );
    assert_eq!(
        err("(;SZ[9]AB[aa][jA])"),
        SgfError::OffBoard {
            property: "AB".into(),
            value: "jA".into()
        }
    );
    assert!(matches!(err("(;SZ[9]AW[abc])"), SgfError::BadValue { .. }));
    assert!(matches!(
        err("(;SZ[9];W[aa][bb])"),
        SgfError::BadValue { .. }
    ));
    // `tt` is a pass only as a move.
    assert!(matches!(err("(;SZ[9]AB[tt])"), SgfError::OffBoard { .. }));
}

#[test]
fn wrong_property_values() {
    for (text, prop) in [
        ("(;KM[abc])", "KM"),
        ("(;KM[inf])", "KM"),
        ("(;KM[NaN])", "KM"),
        ("(;KM[])", "KM"),
        ("(;HA[x])", "HA"),
        ("(;HA[-3])", "HA"),
        ("(;SZ[9];PL[X])", "PL"),
    ] {
        match err(text) {
            SgfError::BadValue { property, .. } => assert_eq!(property, prop, "{text}"),
            e => panic!("{text}: {e:?}"),
        }
    }
    assert_eq!(err("(;GM[2];B[aa])"), SgfError::NotGo);
}

#[test]
fn illegal_moves_say_which() {
    assert_eq!(
        err("(;SZ[5];B[aa];W[bb];B[bb])"),
        SgfError::IllegalMove {
            number: 3,
            color: Color::Black,
            mv: Move::Play(pt("B4")),
            error: MoveError::Occupied,
        }
    );
    // Suicide in the corner under the default rules.
    assert_eq!(
        err("(;SZ[5];W[ba];W[ab];B[aa])"),
        SgfError::IllegalMove {
            number: 3,
            color: Color::Black,
            mv: Move::Play(pt("A5")),
            error: MoveError::Suicide,
        }
    );
    // ... which Tromp-Taylor rules allow.
    // (A single-stone suicide there would repeat the position: superko.)
    let r = read("(;SZ[5]RU[Tromp-Taylor]AB[aa]AW[ca][bb][ab];B[ba])").unwrap();
    assert_eq!(r.game.board().captures(Color::White), 2);
    assert_eq!(r.game.board().stone_count(Color::Black), 0);
    // An immediate ko retake.
    let e = err("(;SZ[5]AB[ba][ab][bc]AW[ca][db][cc];B[cb];W[bb];B[cb])");
    assert_eq!(
        e,
        SgfError::IllegalMove {
            number: 3,
            color: Color::Black,
            mv: Move::Play(pt("C4")),
            error: MoveError::Ko,
        }
    );
    assert!(e.to_string().contains("illegal move 3"), "{e}");
}

#[test]
fn oversized_inputs() {
    let many = format!("(;SZ[9]{})", ";B[]".repeat(MAX_NODES + 1));
    assert_eq!(err(&many), SgfError::TooLarge);
    // Nodes that stay within the limit are read; passes end the game early.
    let ok = format!("(;SZ[9]{})", ";C[x]".repeat(MAX_NODES - 1));
    assert!(read(&ok).is_ok());
    let lists = format!(
        "(;SZ[9]{})",
        "C[aa:ZZ]".repeat(MAX_LIST_POINTS / (52 * 52) + 1)
    );
    assert_eq!(err(&lists), SgfError::TooLarge);
}

#[test]
fn errors_display_and_box() {
    let errors = [
        SgfError::NoGameTree,
        SgfError::Truncated,
        SgfError::Syntax("x".into()),
        SgfError::NotGo,
        SgfError::TooLarge,
        err("(;SZ[99])"),
        err("(;KM[x])"),
        err("(;SZ[3];B[dd])"),
        err("(;SZ[3];B[aa];W[aa])"),
    ];
    for e in errors {
        let boxed: Box<dyn std::error::Error> = Box::new(e.clone());
        assert!(!boxed.to_string().is_empty(), "{e:?}");
    }
}

#[test]
fn writes_the_expected_text() {
    let mut g = Game::new(9, Rules::default()).unwrap();
    g.play(Move::Play(pt("E5"))).unwrap();
    g.play(Move::Pass).unwrap();
    let text = write_sgf(&g, Some("W+R"));
    let want = format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[tengen:{}]SZ[9]KM[7]RU[Chinese]RE[W+R]\n;B[ee];W[])\n",
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(text, want);
}

#[test]
fn writes_handicap_and_setup() {
    let mut g = Game::new(19, Rules::preset(Preset::Japanese).with_komi(0.5)).unwrap();
    g.set_fixed_handicap(2).unwrap();
    let text = write_sgf(&g, None);
    assert!(text.contains("HA[2]"), "{text}");
    // D4 is `dp` and Q16 is `pd` in SGF letters.
    assert!(text.contains("AB[dp][pd]"), "{text}");
    assert!(
        text.contains("RU[Japanese]") && text.contains("KM[0.5]"),
        "{text}"
    );
    assert!(!text.contains("RE["), "{text}");
    assert!(!text.contains("PL["), "{text}");

    let b = Board::from_diagram("X..\n.O.\n...\n", Topology::Planar).unwrap();
    let g = Game::from_board(b, Color::White, Rules::default()).unwrap();
    let text = write_sgf(&g, Some("a]b\\c"));
    assert!(text.contains("AB[aa]AW[bb]PL[W]"), "{text}");
    assert!(text.contains("RE[a\\]b\\\\c]"), "{text}");
    let back = read(&text).unwrap();
    assert_eq!(back.result.as_deref(), Some("a]b\\c"));
    assert_eq!(back.game.to_move(), Color::White);
    assert!(back.game.handicap().is_empty());
}

#[test]
fn round_trip_of_a_handicap_game() {
    let mut g = Game::new(13, Rules::preset(Preset::Aga).with_komi(0.5)).unwrap();
    g.set_fixed_handicap(4).unwrap();
    for v in ["F6", "C11", "pass", "L3"] {
        g.play(v.parse().unwrap()).unwrap();
    }
    g.set_to_move(Color::Black);
    let text = write_sgf(&g, Some("B+3.5"));
    assert!(text.ends_with(";PL[B])\n"), "{text}");
    let r = read(&text).unwrap();
    same_game(&g, &r.game);
    assert_eq!(r.result.as_deref(), Some("B+3.5"));
    assert_eq!(r.komi, Some(0.5));
    assert!(r.rules_known);
}

fn same_game(a: &Game, b: &Game) {
    assert_eq!(a.size(), b.size());
    assert_eq!(a.moves(), b.moves());
    assert_eq!(a.start_board().to_string(), b.start_board().to_string());
    assert_eq!(a.board().to_string(), b.board().to_string());
    let mut ha = a.handicap().to_vec();
    let mut hb = b.handicap().to_vec();
    ha.sort();
    hb.sort();
    assert_eq!(ha, hb);
    let (ra, rb) = (a.rules(), b.rules());
    assert_eq!(
        (ra.ko, ra.suicide, ra.scoring, ra.komi),
        (rb.ko, rb.suicide, rb.scoring, rb.komi)
    );
    assert_eq!(a.to_move(), b.to_move());
    assert_eq!(
        a.board().captures(Color::Black),
        b.board().captures(Color::Black)
    );
    assert_eq!(
        a.board().captures(Color::White),
        b.board().captures(Color::White)
    );
    assert_eq!(a.is_over(), b.is_over());
}

/// A random game from a seed: size, rules, komi, start (empty, fixed or
/// free handicap, set-up stones), then random legal moves, some out of
/// turn, some passes.
fn random_game(seed: u64) -> Game {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let size = [1, 2, 3, 5, 7, 9, 13, 19, 25][rng.gen_range(0..9)];
    let mut rules = if rng.gen_bool(0.5) {
        Rules::preset(Preset::ALL[rng.gen_range(0..Preset::ALL.len())])
    } else {
        Rules {
            ko: [
                KoRule::Simple,
                KoRule::PositionalSuperko,
                KoRule::SituationalSuperko,
            ][rng.gen_range(0..3)],
            suicide: [SuicideRule::Forbidden, SuicideRule::Allowed][rng.gen_range(0..2)],
            scoring: [Scoring::Area, Scoring::Territory][rng.gen_range(0..2)],
            ..Rules::default()
        }
    };
    rules.komi = f64::from(rng.gen_range(-40..=40)) * 0.5;
    let mut g = Game::new(size, rules).unwrap();
    match rng.gen_range(0..4) {
        1 => {
            let max = tengen::max_fixed_handicap(size);
            if max >= 2 {
                g.set_fixed_handicap(rng.gen_range(2..=max)).unwrap();
            }
        }
        2 if size * size > 4 => {
            let n = rng.gen_range(2..size * size / 2);
            let mut pts: Vec<Point> = Vec::new();
            while pts.len() < n {
                let p = Point::new(rng.gen_range(0..size), rng.gen_range(0..size)).unwrap();
                if !pts.contains(&p) {
                    pts.push(p);
                }
            }
            g.set_free_handicap(&pts).unwrap();
        }
        3 => {
            let mut b = Board::new(size, Topology::Planar).unwrap();
            for _ in 0..rng.gen_range(0..=size * size / 2) {
                let p = Point::new(rng.gen_range(0..size), rng.gen_range(0..size)).unwrap();
                let c = [None, Some(Color::Black), Some(Color::White)][rng.gen_range(0..3)];
                b.set(p, c).unwrap();
            }
            let to_move = [Color::Black, Color::White][rng.gen_range(0..2)];
            g = Game::from_board(b, to_move, rules).unwrap();
        }
        _ => {}
    }
    let n = rng.gen_range(0..120);
    for _ in 0..n {
        if g.is_over() {
            break;
        }
        let c = if rng.gen_bool(0.05) {
            g.to_move().opponent()
        } else {
            g.to_move()
        };
        let legal: Vec<Point> = g.legal_moves(c).collect();
        let mv = if legal.is_empty() || rng.gen_bool(0.04) {
            Move::Pass
        } else {
            Move::Play(legal[rng.gen_range(0..legal.len())])
        };
        g.play_as(c, mv).unwrap();
    }
    if rng.gen_bool(0.1) {
        g.set_to_move(g.to_move().opponent());
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_round_trip(seed in any::<u64>(), with_result in any::<bool>()) {
        let g = random_game(seed);
        let result = with_result.then_some("W+12.5");
        let text = write_sgf(&g, result);
        let r = read_sgf(text.as_bytes()).unwrap();
        same_game(&g, &r.game);
        prop_assert_eq!(r.result.as_deref(), result);
        prop_assert_eq!(r.total_moves, g.moves().len());
        // Stopping before move N gives the first N-1 moves.
        let n = (seed % (g.moves().len() as u64 + 2)) as usize;
        let part = read_sgf_before(text.as_bytes(), n).unwrap();
        let k = n.saturating_sub(1).min(g.moves().len());
        prop_assert_eq!(part.game.moves(), &g.moves()[..k]);
        // Writing again gives the same text.
        prop_assert_eq!(write_sgf(&r.game, result), text);
    }

    #[test]
    fn any_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = read_sgf(&bytes);
    }

    #[test]
    fn sgf_like_text_never_panics_and_reads_back(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("("), Just(")"), Just(";"), Just("B["), Just("W["), Just("AB["),
                Just("AW["), Just("AE["), Just("PL["), Just("SZ["), Just("KM["), Just("HA["),
                Just("RU["), Just("]"), Just("aa"), Just("bc"), Just("tt"), Just("5"),
                Just("9"), Just("2"), Just("B"), Just("W"), Just("Japanese"), Just(":"),
                Just("\\"), Just("ZZ"), Just("-"), Just(".5"), Just(" "),
            ],
            0..60,
        )
    ) {
        let text = format!("(;{}", parts.concat());
        if let Ok(r) = read_sgf(text.as_bytes()) {
            let again = write_sgf(&r.game, r.result.as_deref());
            let back = read_sgf(again.as_bytes());
            prop_assert!(back.is_ok(), "{:?} -> {:?} -> {:?}", text, again, back);
        }
    }
}

#[test]
fn a_game_resumed_after_two_passes_round_trips() {
    // Black D4, two passes, then both play on: what `write_sgf` writes for
    // such a game (GTP lets a host play on) must read back the same.
    let mut g = Game::new(9, Rules::default()).unwrap();
    g.play(Move::Play("D4".parse().unwrap())).unwrap();
    g.pass().unwrap();
    g.pass().unwrap();
    g.resume();
    g.play(Move::Play("E5".parse().unwrap())).unwrap();
    let text = write_sgf(&g, None);
    let back = read(&text).unwrap();
    assert_eq!(back.game.moves(), g.moves());
    assert_eq!(back.game.board().to_string(), g.board().to_string());
}

#[test]
fn setup_stones_without_liberties_are_refused() {
    // A 3x3 board filled with black set-up stones: the chain has no
    // liberty, a position no game reaches. The file is refused; the stones
    // are not silently taken off.
    let err = read("(;GM[1]SZ[3]AB[aa:cc])").unwrap_err();
    assert!(
        matches!(err, SgfError::SetupWithoutLiberties { ref property, .. } if property == "AB"),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .starts_with("set-up stones without a liberty (AB at "),
        "{err}"
    );
    // A white stone in a black corner: the white stone has no liberty.
    let err = read("(;GM[1]SZ[5]AB[ba][ab]AW[aa])").unwrap_err();
    assert_eq!(
        err,
        SgfError::SetupWithoutLiberties {
            property: "AW".into(),
            point: pt("A5"),
        }
    );
    // The same stones with a liberty left load as they are.
    let g = read("(;GM[1]SZ[3]AB[aa:cb])").unwrap().game;
    assert_eq!(g.board().empty_count(), 3);
    // Over GTP, loadsgf refuses such a file and the position stays.
    let path = std::env::temp_dir().join(format!("tengen-nolib-{}.sgf", std::process::id()));
    std::fs::write(&path, "(;GM[1]SZ[3]AB[aa:cc])").unwrap();
    let input = format!(
        "boardsize 5\nplay b C3\nloadsgf {}\nis_legal w C3\n",
        path.display()
    );
    let out = tengen::session::transcript(
        tengen::session::Config::deterministic(1, 10),
        input.as_bytes(),
    );
    let _ = std::fs::remove_file(&path);
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("\n\n? cannot load file\n\n"), "{out}");
    assert!(out.ends_with("= 0\n\n"), "C3 is still occupied: {out}");
}

#[test]
fn game_information_is_written_and_escaped() {
    use tengen::sgf::{write_sgf_with, GameInfo};
    let mut g = Game::new(9, Rules::default()).unwrap();
    g.play("E5".parse().unwrap()).unwrap();
    let info = GameInfo {
        black: Some("GNU Go 3.8".into()),
        white: Some("odd]name\\".into()),
        date: Some("2026-12-01".into()),
        event: Some("test".into()),
        overtime: Some("2 s a move".into()),
    };
    let text = write_sgf_with(&g, Some("B+R"), &info, &|_| None);
    assert!(
        text.contains("PB[GNU Go 3.8]PW[odd\\]name\\\\]DT[2026-12-01]EV[test]OT[2 s a move]"),
        "{text}"
    );
    // The file still reads back as the same game.
    let back = tengen::read_sgf(text.as_bytes()).unwrap();
    assert_eq!(back.game.moves(), g.moves());
}

#[test]
fn a_torus_game_round_trips_with_its_topology() {
    let rules = Rules {
        topology: Topology::Toroidal,
        ..Rules::default()
    };
    let mut g = Game::new(5, rules).expect("5x5");
    // Black takes A1's four neighbours on the torus: B1, A2, and E1 and A5
    // across the edges.
    for v in ["B1", "C3", "A2", "C4", "E1", "D3", "A5"] {
        g.play(Move::Play(pt(v))).expect("legal on the torus");
    }
    let text = write_sgf(&g, None);
    assert!(text.contains("TOPOLOGY[toroidal]"), "{text}");
    let back = read(&text).expect("reads back");
    assert_eq!(back.game.rules().topology, Topology::Toroidal);
    assert_eq!(back.game.board().topology(), Topology::Toroidal);
    assert_eq!(diagram(&back.game), diagram(&g));
    assert!(!back.game.is_legal(Color::White, Move::Play(pt("A1"))));
    // A planar game writes no topology; a bad one is refused.
    let planar = write_sgf(&Game::new(5, Rules::default()).expect("5x5"), None);
    assert!(!planar.contains("TOPOLOGY"), "{planar}");
    assert!(read("(;GM[1]SZ[5]TOPOLOGY[klein])").is_err());
}

#[test]
fn the_handicap_bonus_round_trips_in_ru() {
    // Not a preset: simple ko with AGA's bonus, in KataGo's spelling.
    for bonus in tengen::HandicapBonus::ALL {
        let rules = Rules {
            ko: KoRule::Simple,
            handicap_bonus: bonus,
            ..Rules::default()
        };
        let text = write_sgf(&Game::new(9, rules).expect("9x9"), None);
        let back = read(&text).expect("reads back");
        assert_eq!(back.game.rules().handicap_bonus, bonus, "{text}");
        assert_eq!(back.game.rules().ko, KoRule::Simple, "{text}");
    }
    let aga = read("(;GM[1]SZ[9]RU[koSITUATIONALscoreAREAtaxNONEsui0whbN-1])").expect("reads");
    assert_eq!(
        aga.game.rules().handicap_bonus,
        tengen::HandicapBonus::NMinusOne
    );
}
