//! Diagram tests for every rule. Diagrams are read by `Board::from_diagram`:
//! `X` Black, `O` White, `.` empty, top row first, so the bottom-left point
//! is A1 as in GTP. Every expected value is worked out by hand in the
//! comments, not taken from the code under test.

use tengen::{
    fixed_handicap_points, max_fixed_handicap, score, Board, CannotUndo, Color, DeadStones, Game,
    GameEnd, HandicapError, KoRule, Move, MoveError, Outcome, Point, Preset, Rules,
    RulesChangeError, Scoring, SuicideRule, TieRule, Topology, WinBy,
};

use Color::{Black, White};

/// A GTP vertex such as `D4`.
fn v(s: &str) -> Point {
    s.parse().expect("a valid vertex")
}

fn mv(s: &str) -> Move {
    s.parse().expect("a valid move")
}

/// A planar board from a diagram.
fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram, Topology::Planar).expect("a valid diagram")
}

/// A game from a diagram with `to_move` to play.
fn game(diagram: &str, to_move: Color, rules: Rules) -> Game {
    let b = Board::from_diagram(diagram, rules.topology).expect("a valid diagram");
    Game::from_board(b, to_move, rules).expect("same topology")
}

/// The diagram of a board with the same layout as the test sources
/// (rows top first, no spaces), for comparing positions.
fn picture(diagram: &str) -> String {
    board(diagram).to_string()
}

fn rules(ko: KoRule, suicide: SuicideRule) -> Rules {
    Rules {
        ko,
        suicide,
        ..Rules::default()
    }
}

const ALL_KO: [KoRule; 3] = [
    KoRule::Simple,
    KoRule::PositionalSuperko,
    KoRule::SituationalSuperko,
];

// ---------------------------------------------------------------- capture

#[test]
fn capture_of_one_stone() {
    let mut g = game(
        "
        . . . . .
        . . X . .
        . X O . .
        . . X . .
        . . . . .",
        Black,
        Rules::default(),
    );
    // White C3 has one liberty, D3.
    let c3 = g.board().loc(v("C3")).unwrap();
    assert_eq!(g.board().liberties(c3), 1);
    assert_eq!(g.board().last_liberty(c3), g.board().loc(v("D3")));
    g.play(mv("D3")).unwrap();
    assert_eq!(g.board().get(v("C3")), None);
    assert_eq!(g.board().captures(Black), 1);
    assert_eq!(g.board().captures(White), 0);
    assert_eq!(
        g.board().to_string(),
        picture(
            "
            . . . . .
            . . X . .
            . X . X .
            . . X . .
            . . . . ."
        )
    );
}

#[test]
fn capture_of_several_chains_at_once() {
    // Four white chains (C5-C4, B3, D3, C2: five stones) all have C3 as
    // their only liberty; Black C3 takes them all.
    let mut g = game(
        "
        . X O X .
        . X O X .
        X O . O X
        . X O X .
        . . X . .",
        Black,
        Rules::default(),
    );
    for p in ["C5", "B3", "D3", "C2"] {
        let l = g.board().loc(v(p)).unwrap();
        assert_eq!(g.board().last_liberty(l), g.board().loc(v("C3")), "{p}");
    }
    g.play(mv("C3")).unwrap();
    assert_eq!(g.board().captures(Black), 5);
    assert_eq!(g.board().stone_count(White), 0);
    assert_eq!(
        g.board().to_string(),
        picture(
            "
            . X . X .
            . X . X .
            X . X . X
            . X . X .
            . . X . ."
        )
    );
}

// ---------------------------------------------------------------- suicide

/// White A1 alone, B1, or the chain A1-B1 plus C1, without liberties.
const SUICIDE: &str = "
    . . . . .
    . . . . .
    . . . . .
    X X X X X
    O O . X .";

#[test]
fn suicide_forbidden() {
    for ko in ALL_KO {
        let mut g = game(SUICIDE, White, rules(ko, SuicideRule::Forbidden));
        let before = g.board().clone();
        // Three stones (A1, B1 and the new C1) would have no liberty.
        assert_eq!(g.play(mv("C1")), Err(MoveError::Suicide));
        // A single stone in the corner E1 has no liberty either.
        assert_eq!(g.play(mv("E1")), Err(MoveError::Suicide));
        assert_eq!(g.board(), &before);
        assert_eq!(g.to_move(), White);
        assert!(g.moves().is_empty());
    }
}

#[test]
fn multi_stone_suicide_allowed() {
    for ko in ALL_KO {
        let mut g = game(SUICIDE, White, rules(ko, SuicideRule::Allowed));
        g.play(mv("C1")).unwrap();
        // The whole chain A1 B1 C1 is removed; Black holds 3 prisoners.
        assert_eq!(g.board().captures(Black), 3, "{ko:?}");
        assert_eq!(g.board().stone_count(White), 0);
        assert_eq!(
            g.board().to_string(),
            picture(
                "
                . . . . .
                . . . . .
                . . . . .
                X X X X X
                . . . X ."
            )
        );
        assert_eq!(g.to_move(), Black);
    }
}

#[test]
fn single_stone_suicide_allowed() {
    // Under simple ko a lone suicide is legal: the stone is removed and
    // Black gets a prisoner.
    let mut g = game(SUICIDE, White, rules(KoRule::Simple, SuicideRule::Allowed));
    let stones = g.board().to_string();
    g.play(mv("E1")).unwrap();
    assert_eq!(g.board().to_string(), stones);
    assert_eq!(g.board().captures(Black), 1);
    assert_eq!(g.to_move(), Black);

    // It repeats the whole-board position, so positional superko (as in
    // Tromp-Taylor rules) forbids it...
    let tt = Rules::preset(Preset::TrompTaylor);
    assert_eq!(tt.suicide, SuicideRule::Allowed);
    let mut g = game(SUICIDE, White, tt);
    assert_eq!(g.play(mv("E1")), Err(MoveError::Superko));
    // ...but not the multi-stone suicide, which changes the position.
    assert_eq!(g.play(mv("C1")), Ok(()));

    // Situational superko (New Zealand rules) allows it here: the same
    // stones with Black to move have not been seen before.
    let nz = Rules::preset(Preset::NewZealand);
    assert_eq!(nz.ko, KoRule::SituationalSuperko);
    let mut g = game(SUICIDE, White, nz);
    assert_eq!(g.play(mv("E1")), Ok(()));
    assert_eq!(g.board().captures(Black), 1);
}

// ---------------------------------------------------------------- ko

const KO: &str = "
    . . . . .
    . X O . .
    X O . O .
    . X O . .
    . . . . .";

#[test]
fn simple_ko_under_every_rule() {
    for ko in ALL_KO {
        let mut g = game(KO, Black, rules(ko, SuicideRule::Forbidden));
        // Black C3 takes the white stone B3 and is left with one liberty.
        g.play(mv("C3")).unwrap();
        assert_eq!(g.board().captures(Black), 1);
        let b3 = g.board().loc(v("B3")).unwrap();
        assert_eq!(g.board().ko(), Some((b3, White)));
        // White may not retake at once...
        assert_eq!(g.play(mv("B3")), Err(MoveError::Ko), "{ko:?}");
        let forbidden: Vec<Point> = g.ko_forbidden(White).collect();
        assert_eq!(forbidden, vec![v("B3")]);
        assert!(!g.legal_moves(White).any(|p| p == v("B3")));
        // ...but may after a ko threat and an answer elsewhere.
        g.play(mv("E5")).unwrap();
        g.play(mv("E1")).unwrap();
        assert_eq!(g.play(mv("B3")), Ok(()), "{ko:?}");
        assert_eq!(g.board().get(v("C3")), None);
        assert_eq!(g.board().captures(White), 1);
        // And now Black may not retake at once.
        assert_eq!(g.play(mv("C3")), Err(MoveError::Ko));
    }
}

#[test]
fn ko_threat_answered_by_a_pass() {
    for ko in ALL_KO {
        let mut g = game(KO, Black, rules(ko, SuicideRule::Forbidden));
        g.play(mv("C3")).unwrap();
        g.play(mv("E5")).unwrap(); // White's threat
        g.pass().unwrap(); // Black ignores it
        assert_eq!(g.board().ko(), None);
        assert_eq!(g.play(mv("B3")), Ok(()), "{ko:?}");
        assert_eq!(g.board().captures(White), 1);
    }
}

// ---------------------------------------------------------------- superko

/// The send-two-return-one position of GTP-NOTES (6 wide, 5 high), on a
/// 6x6 board: a sixth row of white stones is added under the bottom row
/// `OOOO.O`. The new row only joins White's bottom stones (already part of
/// the big white chain, whose liberties it does not change) and the lone
/// white stone at the bottom right, whose liberties (the points left of and
/// above it) are already liberties of that chain; it touches no black stone
/// and no point of the fight, so every move plays out as on the 6x5 board.
const SEND_TWO: &str = "
    . O . X X O
    O X X X O .
    O . X . O O
    X X . O O .
    O O O O . O
    O O O O O O";

/// A point given as in GTP-NOTES: (column, row) from the top-left, on a
/// board of side `size`.
fn tl(col: usize, row: usize, size: usize) -> Move {
    Move::Play(Point::new(col, size - 1 - row).unwrap())
}

/// Plays the send-two-return-one sequence up to White's return-one, which
/// is returned unplayed: B(5,1) takes a ko, W passes, B(3,2), W(2,0) sends
/// two, B(0,0) takes them.
fn send_two(ko: KoRule) -> (Game, String) {
    let s = 6;
    let mut g = game(SEND_TWO, Black, rules(ko, SuicideRule::Forbidden));
    g.play(tl(5, 1, s)).unwrap();
    assert_eq!(g.board().captures(Black), 1);
    g.pass().unwrap();
    g.play(tl(3, 2, s)).unwrap();
    let after_b32 = g.board().to_string();
    g.play(tl(2, 0, s)).unwrap();
    g.play(tl(0, 0, s)).unwrap();
    // Black took the two white stones (1,0) and (2,0).
    assert_eq!(g.board().captures(Black), 3);
    (g, after_b32)
}

#[test]
fn send_two_return_one_positional_superko() {
    let (mut g, _) = send_two(KoRule::PositionalSuperko);
    // White's return-one at (1,0) would take one stone and bring back the
    // position after B(3,2).
    assert_eq!(g.play(tl(1, 0, 6)), Err(MoveError::Superko));
    let forbidden: Vec<Point> = g.ko_forbidden(White).collect();
    assert_eq!(forbidden, vec![Point::new(1, 5).unwrap()]);
}

#[test]
fn send_two_return_one_simple_ko_cycles() {
    let (mut g, after_b32) = send_two(KoRule::Simple);
    for round in 0..3 {
        // The return-one takes one stone but is no ko retake.
        g.play(tl(1, 0, 6)).unwrap();
        assert_eq!(g.board().to_string(), after_b32, "round {round}");
        g.pass().unwrap(); // Black
        g.play(tl(2, 0, 6)).unwrap(); // White sends two again
        g.play(tl(0, 0, 6)).unwrap(); // Black takes them
    }
    assert_eq!(g.board().captures(Black), 3 + 6);
    assert_eq!(g.board().captures(White), 3);
}

#[test]
fn situational_and_positional_superko_differ() {
    // Under situational superko the return-one is legal: the position after
    // B(3,2) had White to move, and now Black would be to move.
    let (mut g, after_b32) = send_two(KoRule::SituationalSuperko);
    g.play(tl(1, 0, 6)).unwrap();
    assert_eq!(g.board().to_string(), after_b32);
    // Black passes: White to move in that position again, as after B(3,2).
    g.pass().unwrap();
    // Sending two again would repeat the position after the first W(2,0)
    // with Black to move, as then: a situational repeat.
    assert_eq!(g.play(tl(2, 0, 6)), Err(MoveError::Superko));
    // Positional superko already refused the return-one.
    let (mut p, _) = send_two(KoRule::PositionalSuperko);
    assert_eq!(p.play(tl(1, 0, 6)), Err(MoveError::Superko));
}

/// The triple ko of GTP-NOTES (7 wide, 6 high), on a 7x7 board: a seventh,
/// empty row is added under the empty bottom row. Only the white wall of
/// the fifth row has liberties there (the sixth row, unchanged); the new
/// row touches no stone, so the fight is the same.
const TRIPLE_KO: &str = "
    O O O O O O O
    O X O . O . O
    X . X O X O X
    X X X X X X X
    O O O O O O O
    . . . . . . .
    . . . . . . .";

/// The cycle: B(3,1) W(1,2) B(5,1) W(3,2) B(1,1) W(5,2).
const TRIPLE_CYCLE: [(usize, usize); 6] = [(3, 1), (1, 2), (5, 1), (3, 2), (1, 1), (5, 2)];

#[test]
fn triple_ko_cycles_under_simple_ko() {
    let mut g = game(
        TRIPLE_KO,
        Black,
        rules(KoRule::Simple, SuicideRule::Forbidden),
    );
    let start = g.board().to_string();
    for round in 1..=3 {
        for (i, &(c, r)) in TRIPLE_CYCLE.iter().enumerate() {
            assert_eq!(g.play(tl(c, r, 7)), Ok(()), "round {round} move {i}");
        }
        // Each move took one stone; the position is the start again.
        assert_eq!(g.board().to_string(), start);
        assert_eq!(g.board().captures(Black), 3 * round);
        assert_eq!(g.board().captures(White), 3 * round);
    }
}

#[test]
fn triple_ko_ends_under_superko() {
    for ko in [KoRule::PositionalSuperko, KoRule::SituationalSuperko] {
        let mut g = game(TRIPLE_KO, Black, rules(ko, SuicideRule::Forbidden));
        for &(c, r) in &TRIPLE_CYCLE[..5] {
            g.play(tl(c, r, 7)).unwrap();
        }
        // W(5,2) would bring back the start position, Black to move as then.
        assert_eq!(g.play(tl(5, 2, 7)), Err(MoveError::Superko), "{ko:?}");
        // W(1,2) is the immediate retake of the ko B(1,1) just took.
        assert_eq!(g.play(tl(1, 2, 7)), Err(MoveError::Ko), "{ko:?}");
        let mut forbidden: Vec<Point> = g.ko_forbidden(White).collect();
        forbidden.sort();
        let mut want = vec![Point::new(1, 4).unwrap(), Point::new(5, 4).unwrap()];
        want.sort();
        assert_eq!(forbidden, want);
    }
    // Under simple ko W(5,2) is legal after the same five moves.
    let mut g = game(
        TRIPLE_KO,
        Black,
        rules(KoRule::Simple, SuicideRule::Forbidden),
    );
    for &(c, r) in &TRIPLE_CYCLE[..5] {
        g.play(tl(c, r, 7)).unwrap();
    }
    assert_eq!(g.play(tl(1, 2, 7)), Err(MoveError::Ko));
    assert_eq!(g.play(tl(5, 2, 7)), Ok(()));
}

// ---------------------------------------------------------------- scoring

/// A seki in the top-left corner: Black A7-A6 and White C7-C6 each have
/// only the liberties B7 and B6, shared; whoever plays there is captured.
/// Black's outer group lives with the eyes E7 and G7, White's with the
/// three bottom rows.
const SEKI: &str = "
    X . O X . X .
    X . O X X X X
    O X X X O O O
    O O O O O O O
    . . . . . . .
    . . . . . . .
    . . . . . . .";

#[test]
fn seki_shared_liberties_count_for_nobody() {
    let b = board(SEKI);
    // The seki: both inner chains have exactly the two shared liberties.
    for p in ["A7", "C7"] {
        assert_eq!(b.liberties(b.loc(v(p)).unwrap()), 2, "{p}");
    }
    // Black: 11 stones (A7 D7 F7, A6 D6 E6 F6 G6, B5 C5 D5) and the eyes
    // E7 G7. White: 13 stones (C7, C6, A5 E5 F5 G5, row 4) and 21 points
    // in rows 1-3. B7 and B6 touch both colours: nobody's.
    let area = score(&b, &Rules::default().with_komi(0.0), &DeadStones::none());
    assert_eq!(area.stones.black, 11);
    assert_eq!(area.stones.white, 13);
    assert_eq!(area.territory.black, 2);
    assert_eq!(area.territory.white, 21);
    assert_eq!(area.points.black, 13.0);
    assert_eq!(area.points.white, 34.0);
    let terr_rules = Rules {
        scoring: Scoring::Territory,
        ..Rules::default().with_komi(0.0)
    };
    let terr = score(&b, &terr_rules, &DeadStones::none());
    assert_eq!(terr.points.black, 2.0);
    assert_eq!(terr.points.white, 21.0);
    // The shared liberties are no eye for either side: both are legal
    // (self-atari) and each loses its chain.
    let g = Game::from_board(b, Black, Rules::default()).unwrap();
    assert!(g.is_legal(Black, mv("B7")));
    assert!(g.is_legal(White, mv("B6")));
}

/// Black walls off the three left columns, White the two right ones; a
/// white stone in the corner A1 is in atari.
const SPLIT: &str = "
    . . X O .
    . . X O .
    . . X O .
    X . X O .
    O . X O .";

#[test]
fn area_and_territory_on_the_same_position() {
    let play_out = |scoring: Scoring| {
        let r = Rules {
            scoring,
            ..Rules::default().with_komi(0.5)
        };
        let mut g = game(SPLIT, Black, r);
        g.play(mv("B1")).unwrap(); // takes A1: one prisoner
        g.pass().unwrap();
        g.pass().unwrap();
        assert_eq!(g.end(), Some(GameEnd::TwoPasses));
        g
    };
    // Area: Black 7 stones (column C, A2, B1) + 8 empty points = 15;
    // White 5 stones + 5 empty points = 10, + 0.5 komi: B+4.5.
    let g = play_out(Scoring::Area);
    let s = g.score_with(&DeadStones::none());
    assert_eq!((s.points.black, s.points.white), (15.0, 10.0));
    let result = g.result_with(&DeadStones::none()).unwrap();
    assert_eq!(result.to_string(), "B+4.5");
    // Territory: Black 8 points + 1 prisoner = 9; White 5 + 0.5: B+3.5.
    let g = play_out(Scoring::Territory);
    let s = g.score_with(&DeadStones::none());
    assert_eq!((s.points.black, s.points.white), (9.0, 5.0));
    assert_eq!(s.prisoners.black, 1);
    let result = g.result_with(&DeadStones::none()).unwrap();
    assert_eq!(result.to_string(), "B+3.5");
}

#[test]
fn integer_komi_draws_and_the_tie_rule() {
    // Black walls off three columns, White two.
    let b = board(
        "
        . . X O .
        . . X O .
        . . X O .
        . . X O .
        . . X O .",
    );
    // Area: Black 5 stones + 10 points = 15, White 5 + 5 = 10.
    let at = |komi: f64, tie: TieRule| {
        let r = Rules {
            tie,
            ..Rules::default().with_komi(komi)
        };
        score(&b, &r, &DeadStones::none()).outcome(tie)
    };
    assert_eq!(at(5.0, TieRule::Draw), Outcome::Draw);
    assert_eq!(at(5.0, TieRule::Draw).to_string(), "0");
    let white_tie = at(5.0, TieRule::WhiteWins);
    assert_eq!(white_tie.winner(), Some(White));
    assert_eq!(white_tie.to_string(), "W+0");
    assert_eq!(at(5.5, TieRule::Draw).to_string(), "W+0.5");
    assert_eq!(at(4.0, TieRule::Draw).to_string(), "B+1");
    assert_eq!(at(4.0, TieRule::WhiteWins).to_string(), "B+1");
    assert_eq!(at(-3.0, TieRule::Draw).to_string(), "B+8");

    // A whole game ending in jigo.
    let mut g = Game::from_board(b, Black, Rules::default().with_komi(5.0)).unwrap();
    g.pass().unwrap();
    g.pass().unwrap();
    assert_eq!(g.result_with(&DeadStones::none()), Some(Outcome::Draw));
}

#[test]
fn result_formatting() {
    // B+3.5: the clean split (15 to 10) with komi 1.5.
    let split = "
        . . X O .
        . . X O .
        . . X O .
        . . X O .
        . . X O .";
    let mut g = game(split, Black, Rules::default().with_komi(1.5));
    g.pass().unwrap();
    g.pass().unwrap();
    assert_eq!(
        g.result_with(&DeadStones::none()).unwrap().to_string(),
        "B+3.5"
    );
    // W+7: an empty board is nobody's; komi 7.
    let mut g = Game::new(9, Rules::default()).unwrap();
    g.pass().unwrap();
    g.pass().unwrap();
    let r = g.result_with(&DeadStones::none()).unwrap();
    assert_eq!(
        r,
        Outcome::Win {
            winner: White,
            by: WinBy::Points(7.0)
        }
    );
    assert_eq!(r.to_string(), "W+7");
    // W+R: Black resigns.
    let mut g = Game::new(9, Rules::default()).unwrap();
    g.play(mv("E5")).unwrap();
    assert_eq!(g.result_with(&DeadStones::none()), None);
    g.resign(Black);
    assert_eq!(g.end(), Some(GameEnd::Resigned(Black)));
    assert_eq!(
        g.result_with(&DeadStones::none()).unwrap().to_string(),
        "W+R"
    );
    // 0: an agreed draw.
    let mut g = Game::new(9, Rules::default()).unwrap();
    g.agree_draw();
    assert_eq!(g.end(), Some(GameEnd::AgreedDraw));
    assert_eq!(g.result_with(&DeadStones::none()).unwrap().to_string(), "0");
    // A komi that is not a half-integer (GTP accepts any float): the same
    // split, 15 to 10, with komi 4.1 is B+0.9, not the binary rounding
    // error of 15 - (10 + 4.1) = 0.9000000000000004.
    let mut g = game(split, Black, Rules::default().with_komi(4.1));
    g.pass().unwrap();
    g.pass().unwrap();
    assert_eq!(
        g.result_with(&DeadStones::none()).unwrap().to_string(),
        "B+0.9"
    );
}

// ---------------------------------------------------------------- handicap

/// The fixed handicap points by hand, as GTP vertices (GTP 4.1.1: on 19x19
/// 2 = D4 Q16; 3 = + D16; 4 = + Q4; 5 = + K10; 6 = 4 + D10 Q10; 7 = 6 +
/// K10; 8 = 6 + K4 K16; 9 = 8 + K10), with the same pattern on the other
/// sizes: the third line below 13x13, the fourth from 13x13 up.
fn expected_handicap(size: usize, n: usize) -> Vec<Point> {
    // (low corner, high corner, middle) column letters and row numbers.
    // A column letter and a row number.
    type Vertex = (&'static str, &'static str);
    let (lo, hi, mid): (Vertex, Vertex, Vertex) = match size {
        7 => (("C", "3"), ("E", "5"), ("D", "4")),
        8 => (("C", "3"), ("F", "6"), ("", "")),
        9 => (("C", "3"), ("G", "7"), ("E", "5")),
        12 => (("C", "3"), ("K", "10"), ("", "")),
        13 => (("D", "4"), ("K", "10"), ("G", "7")),
        19 => (("D", "4"), ("Q", "16"), ("K", "10")),
        25 => (("D", "4"), ("W", "22"), ("N", "13")),
        _ => unreachable!("no table for {size}"),
    };
    let at = |c: &str, r: &str| v(&format!("{c}{r}"));
    let mut pts = vec![at(lo.0, lo.1), at(hi.0, hi.1)];
    if n >= 3 {
        pts.push(at(lo.0, hi.1));
    }
    if n >= 4 {
        pts.push(at(hi.0, lo.1));
    }
    if n == 5 || n == 7 || n == 9 {
        pts.push(at(mid.0, mid.1));
    }
    if n >= 6 {
        pts.push(at(lo.0, mid.1));
        pts.push(at(hi.0, mid.1));
    }
    if n >= 8 {
        pts.push(at(mid.0, lo.1));
        pts.push(at(mid.0, hi.1));
    }
    pts
}

#[test]
fn handicap_19x19_spelled_out() {
    // The GTP specification's own list, to check the table builder above.
    let spec: [(usize, &[&str]); 8] = [
        (2, &["D4", "Q16"]),
        (3, &["D4", "Q16", "D16"]),
        (4, &["D4", "Q16", "D16", "Q4"]),
        (5, &["D4", "Q16", "D16", "Q4", "K10"]),
        (6, &["D4", "Q16", "D16", "Q4", "D10", "Q10"]),
        (7, &["D4", "Q16", "D16", "Q4", "D10", "Q10", "K10"]),
        (8, &["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16"]),
        (
            9,
            &["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"],
        ),
    ];
    for (n, want) in spec {
        let mut want: Vec<Point> = want.iter().map(|s| v(s)).collect();
        let mut table = expected_handicap(19, n);
        let mut got = fixed_handicap_points(19, n).unwrap();
        want.sort();
        table.sort();
        got.sort();
        assert_eq!(table, want, "table {n}");
        assert_eq!(got, want, "fixed_handicap_points(19, {n})");
    }
}

#[test]
fn every_fixed_handicap_entry() {
    for (size, max) in [(7, 4), (8, 4), (9, 9), (12, 4), (13, 9), (19, 9), (25, 9)] {
        assert_eq!(max_fixed_handicap(size), max, "max on {size}x{size}");
        for n in 2..=max {
            let mut want = expected_handicap(size, n);
            want.sort();
            let mut got = fixed_handicap_points(size, n).unwrap();
            got.sort();
            assert_eq!(got, want, "{n} stones on {size}x{size}");

            // Through a game: the stones are Black's, White moves first,
            // and the handicap is not a move that can be undone.
            let mut g = Game::new(size, Rules::default()).unwrap();
            let placed = g.set_fixed_handicap(n).unwrap();
            assert_eq!(placed.len(), n);
            assert_eq!(g.to_move(), White);
            assert_eq!(g.board().stone_count(Black), n);
            assert_eq!(g.board().stone_count(White), 0);
            for p in &want {
                assert_eq!(g.board().get(*p), Some(Black), "{p} on {size}x{size}");
            }
            assert!(g.moves().is_empty());
            assert_eq!(g.undo(), Err(CannotUndo));
            assert_eq!(g.board().stone_count(Black), n);
        }
        // Refused counts.
        for n in [0, 1, max + 1, 10, 100] {
            assert_eq!(
                fixed_handicap_points(size, n),
                Err(HandicapError::InvalidNumber),
                "{n} stones on {size}x{size}"
            );
            let mut g = Game::new(size, Rules::default()).unwrap();
            assert_eq!(g.set_fixed_handicap(n), Err(HandicapError::InvalidNumber));
            assert_eq!(g.board().stone_count(Black), 0);
        }
    }
}

#[test]
fn handicap_limits_by_size() {
    for size in 1..=25 {
        let want = if size < 7 {
            0
        } else if size == 7 || size % 2 == 0 {
            4
        } else {
            9
        };
        assert_eq!(max_fixed_handicap(size), want, "{size}x{size}");
        if want == 0 {
            assert_eq!(
                fixed_handicap_points(size, 2),
                Err(HandicapError::InvalidNumber)
            );
        }
    }
}

#[test]
fn handicap_not_undone_and_needs_an_empty_board() {
    let mut g = Game::new(19, Rules::default()).unwrap();
    g.set_fixed_handicap(4).unwrap();
    assert_eq!(g.to_move(), White);
    g.play(mv("K10")).unwrap();
    assert_eq!(g.to_move(), Black);
    g.undo().unwrap();
    // The white move is gone; the four handicap stones stay.
    assert_eq!(g.board().stone_count(White), 0);
    assert_eq!(g.board().stone_count(Black), 4);
    assert_eq!(g.to_move(), White);
    assert_eq!(g.undo(), Err(CannotUndo));
    assert_eq!(g.board().stone_count(Black), 4);
    assert_eq!(g.set_fixed_handicap(2), Err(HandicapError::BoardNotEmpty));

    let mut g = Game::new(19, Rules::default()).unwrap();
    g.play(mv("D4")).unwrap();
    assert_eq!(g.set_fixed_handicap(2), Err(HandicapError::BoardNotEmpty));

    // Free placement: White to move, the same refusals.
    let mut g = Game::new(9, Rules::default()).unwrap();
    g.set_free_handicap(&[v("A1"), v("J9"), v("E5")]).unwrap();
    assert_eq!(g.to_move(), White);
    assert_eq!(g.board().stone_count(Black), 3);
    let mut g = Game::new(9, Rules::default()).unwrap();
    assert_eq!(
        g.set_free_handicap(&[v("A1"), v("A1")]),
        Err(HandicapError::BadVertexList)
    );
    assert_eq!(
        g.set_free_handicap(&[v("A1"), v("K10")]),
        Err(HandicapError::BadVertexList)
    );
    assert_eq!(
        g.set_free_handicap(&[v("A1")]),
        Err(HandicapError::InvalidNumber)
    );
}

// ---------------------------------------------------------------- torus

#[test]
fn capture_across_the_edge_of_a_torus() {
    // White C1 touches B1, D1 and C2 on the board, and C5 across the
    // bottom edge: on a torus it keeps that one liberty.
    let diagram = "
        . . . . .
        . . . . .
        . . . . .
        . . X . .
        . X O X .";
    let torus = Rules {
        topology: Topology::Toroidal,
        ..Rules::default()
    };
    let mut g = game(diagram, Black, torus);
    let c1 = g.board().loc(v("C1")).unwrap();
    assert_eq!(g.board().liberties(c1), 1);
    assert_eq!(g.board().last_liberty(c1), g.board().loc(v("C5")));
    g.play(mv("C5")).unwrap();
    assert_eq!(g.board().get(v("C1")), None);
    assert_eq!(g.board().captures(Black), 1);
    // On the ordinary board the same stones leave it no liberty at all:
    // the diagram reader removes it.
    let planar = board(diagram);
    assert_eq!(planar.get(v("C1")), None);

    // Black A3 and E3 are neighbours across the side edge: one chain.
    let t = Board::from_diagram(
        "
        . . . . .
        . . . . .
        X . . . X
        . . . . .
        . . . . .",
        Topology::Toroidal,
    )
    .unwrap();
    let a3 = t.loc(v("A3")).unwrap();
    let e3 = t.loc(v("E3")).unwrap();
    assert_eq!(t.chain_head(a3), t.chain_head(e3));
    assert_eq!(t.chain_len(a3), 2);
    // Liberties: A2 A4 B3 and E2 E4 D3.
    assert_eq!(t.liberties(a3), 6);

    // White A5 in the corner touches B5 (black), A4, and across the edges
    // E5 and A1: three liberties, taken one by one.
    let mut g = game(
        "
        O X . . .
        . . . . .
        . . . . .
        . . . . .
        . . . . .",
        Black,
        torus,
    );
    let a5 = g.board().loc(v("A5")).unwrap();
    assert_eq!(g.board().liberties(a5), 3);
    for m in ["A4", "C3", "E5", "C2"] {
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.board().last_liberty(a5), g.board().loc(v("A1")));
    g.play(mv("A1")).unwrap();
    assert_eq!(g.board().get(v("A5")), None);
    assert_eq!(g.board().captures(Black), 1);
}

// ---------------------------------------------------------------- game ends

#[test]
fn capture_go_goal() {
    let diagram = "
        . . . . .
        . . . . .
        . X . . .
        X O . . .
        . X . . .";
    let goal = |n: u32| Rules {
        capture_goal: Some(n),
        ..Rules::default()
    };
    // Goal 1: Black C2 takes B2 and wins at once.
    let mut g = game(diagram, Black, goal(1));
    g.play(mv("C2")).unwrap();
    assert_eq!(g.end(), Some(GameEnd::CaptureGoal(Black)));
    assert!(g.is_over());
    let r = g.result_with(&DeadStones::none()).unwrap();
    assert_eq!(r.winner(), Some(Black));
    assert_eq!(r.to_string(), "B+C");
    assert_eq!(g.play(mv("E5")), Err(MoveError::GameOver));
    assert_eq!(g.pass(), Err(MoveError::GameOver));
    // Undo reopens the game.
    g.undo().unwrap();
    assert!(!g.is_over());
    // Goal 2: one capture is not enough.
    let mut g = game(diagram, Black, goal(2));
    g.play(mv("C2")).unwrap();
    assert_eq!(g.end(), None);
    // No goal: an ordinary game.
    let mut g = game(diagram, Black, Rules::default());
    g.play(mv("C2")).unwrap();
    assert_eq!(g.end(), None);
}

#[test]
fn move_limit_scores_as_after_two_passes() {
    let limited = |n: u32| Rules {
        move_limit: Some(n),
        ..Rules::default()
    };
    // One move allowed: after Black C3 the game ends and is scored: Black
    // has 1 stone and the 24 empty points, White only komi 7: B+18.
    let mut g = Game::new(5, limited(1)).unwrap();
    g.play(mv("C3")).unwrap();
    assert_eq!(g.end(), Some(GameEnd::MoveLimit));
    assert_eq!(g.play(mv("D4")), Err(MoveError::GameOver));
    assert_eq!(
        g.result_with(&DeadStones::none()).unwrap().to_string(),
        "B+18"
    );
    // Passes count as moves: C3 and a White pass reach a limit of 2.
    let mut g = Game::new(5, limited(2)).unwrap();
    g.play(mv("C3")).unwrap();
    assert_eq!(g.end(), None);
    g.pass().unwrap();
    assert_eq!(g.end(), Some(GameEnd::MoveLimit));
    assert_eq!(
        g.result_with(&DeadStones::none()).unwrap().to_string(),
        "B+18"
    );
    // The same moves then two passes give the same result.
    let mut g = Game::new(5, Rules::default()).unwrap();
    g.play(mv("C3")).unwrap();
    g.pass().unwrap();
    g.pass().unwrap();
    assert_eq!(g.end(), Some(GameEnd::TwoPasses));
    assert_eq!(
        g.result_with(&DeadStones::none()).unwrap().to_string(),
        "B+18"
    );
}

#[test]
fn two_passes_end_the_game() {
    let mut g = Game::new(9, Rules::default()).unwrap();
    g.play(mv("E5")).unwrap();
    g.pass().unwrap();
    assert_eq!(g.consecutive_passes(), 1);
    assert!(!g.is_over());
    // A stone between passes resets the count.
    g.play(mv("C3")).unwrap();
    assert_eq!(g.consecutive_passes(), 0);
    g.pass().unwrap();
    assert!(!g.is_over());
    g.pass().unwrap();
    assert_eq!(g.consecutive_passes(), 2);
    assert_eq!(g.end(), Some(GameEnd::TwoPasses));
    assert_eq!(g.play(mv("D4")), Err(MoveError::GameOver));
    assert_eq!(g.play_as(White, mv("D4")), Err(MoveError::GameOver));
    assert_eq!(g.pass(), Err(MoveError::GameOver));
    assert!(!g.is_legal(Black, Move::Pass));
    assert_eq!(g.legal_moves(Black).count(), 0);
    // Undoing the second pass reopens the game.
    g.undo().unwrap();
    assert!(!g.is_over());
    assert_eq!(g.consecutive_passes(), 1);
    assert_eq!(g.play(mv("D4")), Ok(()));
}

#[test]
fn out_of_turn_play_as() {
    let mut g = Game::new(9, Rules::default()).unwrap();
    assert_eq!(g.to_move(), Black);
    // White plays although it is Black's turn; then it is Black's turn.
    g.play_as(White, mv("E5")).unwrap();
    assert_eq!(g.board().get(v("E5")), Some(White));
    assert_eq!(g.to_move(), Black);
    // Black twice in a row.
    g.play_as(Black, mv("C3")).unwrap();
    g.play_as(Black, mv("G7")).unwrap();
    assert_eq!(g.to_move(), White);
    assert_eq!(
        g.moves(),
        &[(White, mv("E5")), (Black, mv("C3")), (Black, mv("G7"))]
    );
    // Undo gives each move back with the turn as it was before it.
    g.undo().unwrap();
    assert_eq!(g.to_move(), White);
    g.undo().unwrap();
    assert_eq!(g.to_move(), Black);
    g.undo().unwrap();
    assert_eq!(g.to_move(), Black);
    assert_eq!(g.board().stone_count(White), 0);
    // set_to_move gives the turn explicitly.
    g.set_to_move(White);
    g.play(mv("D4")).unwrap();
    assert_eq!(g.board().get(v("D4")), Some(White));
    // A refused out-of-turn move changes nothing.
    assert_eq!(g.play_as(White, mv("D4")), Err(MoveError::Occupied));
    assert_eq!(g.to_move(), Black);
}

// ---------------------------------------------------------------- set_rules

#[test]
fn changing_the_rules_keeps_moves_played_after_an_end() {
    // Black D4, both pass (the game ends), a host plays on (GTP does), then
    // the rules change: all four moves must still be there.
    let mut g = Game::new(9, Rules::default()).unwrap();
    g.play(mv("D4")).unwrap();
    g.pass().unwrap();
    g.pass().unwrap();
    assert_eq!(g.end(), Some(GameEnd::TwoPasses));
    g.resume();
    g.play_as(White, mv("E5")).unwrap();
    g.set_rules(Rules::preset(Preset::Japanese)).unwrap();
    assert_eq!(g.moves().len(), 4);
    assert_eq!(g.board().get(v("E5")), Some(White));
    assert_eq!(g.end(), None);
    assert_eq!(g.to_move(), Black);

    // A move limit of 2 set after 4 moves: the moves stay, the game is over.
    g.set_rules(Rules {
        move_limit: Some(2),
        ..Rules::default()
    })
    .unwrap();
    assert_eq!(g.moves().len(), 4);
    assert_eq!(g.board().get(v("E5")), Some(White));
    assert_eq!(g.end(), Some(GameEnd::MoveLimit));

    // A resignation survives a change of komi-free rules fields.
    let mut r = Game::new(9, Rules::default()).unwrap();
    r.play(mv("C3")).unwrap();
    r.resign(White);
    r.set_rules(Rules::preset(Preset::Chinese)).unwrap();
    assert_eq!(r.end(), Some(GameEnd::Resigned(White)));
    assert_eq!(r.moves().len(), 1);
}

#[test]
fn changing_the_rules_never_drops_a_move() {
    // Black C1, White C2, then Black A3 between two white stones: a
    // suicide of one stone, legal only where suicide is allowed (and under
    // simple ko, as it repeats the position). Forbidding suicide afterwards
    // is refused, naming move 3, and all three moves stay.
    let allowed = rules(KoRule::Simple, SuicideRule::Allowed);
    let mut g = game(
        ".O.
         O..
         ...",
        Black,
        allowed,
    );
    g.play(mv("D4")).unwrap_err();
    g.play(mv("C1")).unwrap();
    g.play(mv("C2")).unwrap();
    g.play(mv("A3")).unwrap();
    assert_eq!(
        g.board().get(v("A3")),
        None,
        "the suicide removed the stone"
    );
    let before = g.clone();
    let err = g
        .set_rules(rules(KoRule::Simple, SuicideRule::Forbidden))
        .unwrap_err();
    assert_eq!(
        err,
        RulesChangeError::ForbiddenMove {
            number: 3,
            color: Black,
            mv: mv("A3"),
            reason: MoveError::Suicide,
        }
    );
    assert_eq!(
        err.to_string(),
        "move 3 (B A3) would be illegal under the new rules: suicide is not allowed"
    );
    assert_eq!(g.moves(), before.moves());
    assert_eq!(*g.rules(), allowed);
    assert_eq!(g.to_move(), White);
    // A change of topology is refused once stones are on the board, and
    // allowed on an empty one.
    assert_eq!(
        g.set_rules(Rules {
            topology: Topology::Toroidal,
            ..allowed
        }),
        Err(RulesChangeError::TopologyMidGame)
    );
    assert_eq!(g.moves().len(), 3);
    let mut empty = Game::new(5, Rules::default()).unwrap();
    empty
        .set_rules(Rules {
            topology: Topology::Toroidal,
            ..Rules::default()
        })
        .unwrap();
    assert_eq!(empty.board().topology(), Topology::Toroidal);
}

#[test]
fn a_refused_rules_change_keeps_the_host_in_sync_over_gtp() {
    // Over GTP: suicide allowed, Black fills its own last liberty at A1
    // (a one-stone suicide, legal under simple ko), then the host asks to
    // forbid suicide. The
    // engine answers an error naming the move, and every move stays.
    let input = b"boardsize 5\ntengen-rules_ko simple\ntengen-rules_suicide allowed\nplay w A2\nplay w B1\nplay b A1\ntengen-rules_suicide forbidden\ntengen-rules_suicide\nprintsgf\n";
    let out = tengen::session::transcript(tengen::session::Config::deterministic(1, 50), input);
    let out = String::from_utf8(out).unwrap();
    let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 9, "{out}");
    assert!(answers[5].starts_with('='), "the suicide is played: {out}");
    assert_eq!(
        answers[6],
        "? move 3 (B A1) would be illegal under the new rules: suicide is not allowed"
    );
    assert_eq!(answers[7], "= allowed");
    assert!(answers[8].contains(";W[ad];W[be];B[ae]"), "{out}");
}

#[test]
fn the_move_limit_holds_after_passes_and_resume() {
    // Six moves allowed, all passes: the sixth reaches the limit, and
    // taking the game back into play after passes (as GTP hosts do) does
    // not lift it.
    let rules = Rules {
        move_limit: Some(6),
        ..Rules::default()
    };
    let mut g = Game::new(9, rules).unwrap();
    for i in 0..6 {
        g.resume();
        assert!(!g.is_over(), "over before move {}", i + 1);
        g.pass().unwrap();
    }
    assert_eq!(g.end(), Some(GameEnd::MoveLimit));
    g.resume();
    assert_eq!(g.end(), Some(GameEnd::MoveLimit));
    assert_eq!(g.play(mv("E5")), Err(MoveError::GameOver));
}

#[test]
fn the_move_limit_holds_over_gtp() {
    // Through the session, as a host would: six passes with a limit of 6,
    // then a stone is refused and the score is the empty board's (komi).
    let input = b"boardsize 9\ntengen-rules_move_limit 6\nplay b pass\nplay w pass\nplay b pass\nplay w pass\nplay b pass\nplay w pass\nplay b E5\nfinal_score\n";
    let out = tengen::session::transcript(tengen::session::Config::deterministic(1, 50), input);
    let out = String::from_utf8(out).unwrap();
    let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 10, "{out}");
    assert!(answers[8].starts_with('?'), "E5 after the limit: {out}");
    assert_eq!(answers[9], "= W+7", "{out}");
}
