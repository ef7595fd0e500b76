//! Scoring: area and territory, komi and ties, dead stones (explicit and
//! conservative), Benson's unconditional life, seki, statuses and previews.
//!
//! Diagrams: top row first, `X` black, `O` white, `.` empty. Positions in
//! comments are (column, row) counted from the top-left, from 0. Every
//! expected number is counted by hand in the comments.

use tengen::{
    benson, benson_with, certain_dead_stones, dead_stones, score, seki_stones, stone_statuses,
    Board, Color, DeadStones, Game, GameEnd, Loc, Move, Outcome, Point, Preset, Rules, Scoring,
    StoneStatus, SuicideRule, TieRule, Topology, WinBy,
};

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram, Topology::Planar).expect("valid diagram")
}

/// The location of (column, row counted from the top).
fn at(b: &Board, col: usize, row: usize) -> Loc {
    let p = Point::new(col, b.size() - 1 - row).expect("on the board");
    b.loc(p).expect("on the board")
}

fn point(size: usize, col: usize, row: usize) -> Point {
    Point::new(col, size - 1 - row).expect("on the board")
}

fn area(komi: f64) -> Rules {
    Rules::default().with_komi(komi)
}

fn territory(komi: f64) -> Rules {
    Rules {
        scoring: Scoring::Territory,
        ..Rules::default()
    }
    .with_komi(komi)
}

/// Black owns column 0, White columns 3 and 4 (5x5).
const COLUMNS: &str = "
.XO..
.XO..
.XO..
.XO..
.XO..
";

#[test]
fn area_versus_territory_on_columns() {
    let b = board(COLUMNS);
    // Area: Black 5 stones + 5 points of column 0 = 10;
    // White 5 stones + 10 points of columns 3-4 = 15.
    let s = score(&b, &area(0.5), &DeadStones::none());
    assert_eq!(s.points.black, 10.0);
    assert_eq!(s.points.white, 15.0);
    assert_eq!(s.territory.black, 5);
    assert_eq!(s.territory.white, 10);
    assert_eq!(s.stones.black, 5);
    assert_eq!(s.neutral, 0);
    // 10 - (15 + 0.5) = -5.5.
    assert_eq!(s.margin(), -5.5);
    assert_eq!(s.outcome(TieRule::Draw).to_string(), "W+5.5");
    assert_eq!(s.to_string(), "Black 10, White 15.5 (komi 0.5)");
    // Territory: Black 5, White 10, no prisoners; 5 - (10 + 0.5) = -5.5.
    let t = score(&b, &territory(0.5), &DeadStones::none());
    assert_eq!(t.points.black, 5.0);
    assert_eq!(t.points.white, 10.0);
    assert_eq!(t.margin(), -5.5);
}

/// Black owns columns 0-1, White columns 2-3 (4x4): 8 points each by area,
/// 4 each by territory.
const HALVES: &str = "
.XO.
.XO.
.XO.
.XO.
";

#[test]
fn integer_komi_draw_and_tie_rule() {
    let b = board(HALVES);
    for rules in [area(0.0), territory(0.0)] {
        let s = score(&b, &rules, &DeadStones::none());
        assert_eq!(s.points.black, s.points.white);
        assert_eq!(s.margin(), 0.0);
        assert_eq!(s.outcome(TieRule::Draw), Outcome::Draw);
        assert_eq!(s.outcome(TieRule::Draw).to_string(), "0");
        assert_eq!(
            s.outcome(TieRule::WhiteWins),
            Outcome::Win {
                winner: Color::White,
                by: WinBy::Points(0.0)
            }
        );
    }
    let s = score(&b, &area(0.5), &DeadStones::none());
    assert_eq!(s.outcome(TieRule::Draw).to_string(), "W+0.5");
    let s = score(&b, &area(-0.5), &DeadStones::none());
    assert_eq!(s.outcome(TieRule::WhiteWins).to_string(), "B+0.5");
    // Area 8 + 8; integer komi 2 gives W+2, and 8 - (8 - 2) = 2 for komi -2.
    assert_eq!(
        score(&b, &area(2.0), &DeadStones::none())
            .outcome(TieRule::Draw)
            .to_string(),
        "W+2"
    );
    assert_eq!(
        score(&b, &area(-2.0), &DeadStones::none())
            .outcome(TieRule::Draw)
            .to_string(),
        "B+2"
    );
}

/// A white stone at (0,2) in Black's column; Black's wall is not
/// unconditionally alive, so only an explicit list may call it dead.
const INVADER: &str = "
.XO..
.XO..
OXO..
.XO..
.XO..
";

#[test]
fn explicit_dead_list() {
    let b = board(INVADER);
    // Without dead stones: the two pieces of column 0 touch both colours
    // and count for nobody (4 points). Black 5 stones; White 6 stones + 10.
    let s = score(&b, &area(0.0), &DeadStones::none());
    assert_eq!(s.points.black, 5.0);
    assert_eq!(s.points.white, 16.0);
    assert_eq!(s.neutral, 4);
    // With (0,2) dead: column 0 is Black's, 5 points with the dead stone's.
    let mut dead = DeadStones::none();
    dead.insert(at(&b, 0, 2));
    let s = score(&b, &area(0.0), &dead);
    assert_eq!(s.points.black, 10.0);
    assert_eq!(s.points.white, 15.0);
    assert_eq!(s.stones.white, 5);
    assert_eq!(s.prisoners.black, 1);
    // Territory: Black 5 + 1 prisoner = 6, White 10.
    let t = score(&b, &territory(0.0), &dead);
    assert_eq!(t.points.black, 6.0);
    assert_eq!(t.points.white, 10.0);
    // The conservative removal keeps the stone alive: Black's wall has no
    // eye at all, so nothing here is unconditionally alive.
    let auto = certain_dead_stones(&b, &area(0.0));
    assert_eq!(auto.iter(&b).count(), 0);
}

#[test]
fn prisoners_from_play_count_under_territory() {
    // From INVADER: Black plays (0,1) and (0,3) and captures (0,2); White
    // passes twice, then Black passes: the game ends by two passes.
    let rules = Rules::preset(Preset::Japanese); // territory, komi 6.5
    let mut g = Game::from_board(board(INVADER), Color::Black, rules).unwrap();
    g.play(Move::Play(point(5, 0, 1))).unwrap();
    g.pass().unwrap();
    g.play(Move::Play(point(5, 0, 3))).unwrap();
    g.pass().unwrap();
    assert!(g.result().is_none());
    g.pass().unwrap();
    assert_eq!(g.end(), Some(GameEnd::TwoPasses));
    // Board: Black 7 stones, (0,0) (0,2) (0,4) Black's territory (3),
    // 1 prisoner; White 5 stones and 10 points. Territory: Black 3 + 1 = 4,
    // White 10 + 6.5 = 16.5: W+12.5.
    let s = g.score_preview();
    assert_eq!(s.points.black, 4.0);
    assert_eq!(s.points.white, 10.0);
    assert_eq!(s.prisoners.black, 1);
    assert_eq!(g.result().map(|o| o.to_string()), Some("W+12.5".into()));
    // The same board by area, komi 7: Black 7 + 3 = 10, White 15 + 7 = 22.
    let s = score(g.board(), &area(7.0), &DeadStones::none());
    assert_eq!((s.points.black, s.points.white), (10.0, 15.0));
    assert_eq!(s.outcome(TieRule::Draw).to_string(), "W+12");
}

/// Black's chain (19 stones) has two one-point eyes at (5,0)
/// and (7,0) and a six-point region at columns 1-3, rows 0-1 holding a
/// white stone at (2,1); White has a wall on row 3 and rows 4-8 behind it.
const ALIVE_9: &str = "
X...X.X.X
X.O.XXXXX
XXXXXXXXX
OOOOOOOOO
.........
.........
.........
.........
.........
";

#[test]
fn benson_finds_two_eyed_chain() {
    let b = board(ALIVE_9);
    let r = benson(&b);
    // Black stones: row 0: 4, row 1: 6, row 2: 9; one chain of 19.
    assert_eq!(r.alive.black.len(), 19);
    assert!(r.is_alive(at(&b, 0, 0)));
    // White's wall has one big region behind it: not unconditionally alive.
    assert!(r.alive.white.is_empty());
    assert!(!r.is_alive(at(&b, 0, 3)));
    // Vital regions: the two one-point eyes. The six-point region is not
    // vital: its point (2,0) is no liberty of Black.
    let vital: Vec<Loc> = r.vital.black.iter().collect();
    let mut want = vec![at(&b, 5, 0), at(&b, 7, 0)];
    want.sort();
    assert_eq!(vital, want);
    assert_eq!(r.safe_owner(at(&b, 5, 0)), Some(Color::Black));
    assert_eq!(r.safe_owner(at(&b, 2, 0)), None);
    assert!(r.vital.white.is_empty());
}

#[test]
fn benson_one_eye_is_not_enough() {
    // The same wall with the eye at (7,0) filled: one eye left.
    let b = board(
        "
X...X.XXX
X.O.XXXXX
XXXXXXXXX
OOOOOOOOO
.........
.........
.........
.........
.........
",
    );
    let r = benson(&b);
    assert!(r.alive.black.is_empty());
    assert!(r.vital.black.is_empty());
    // Nothing is clearly dead then: the white stone at (2,1) stays.
    assert_eq!(certain_dead_stones(&b, &area(7.0)).iter(&b).count(), 0);
}

#[test]
fn benson_chains_sharing_eyes_are_alive() {
    // Three black chains: the lone stones (1,0) and (3,0), and the wall of
    // rows 1-2 (8 stones). Each one-point region (0,0) (2,0) (4,0) (1,1)
    // (3,1) is a liberty of every chain next to it, so (1,0) has the vital
    // regions (0,0) (1,1) (2,0), (3,0) has (2,0) (3,1) (4,0), and the wall
    // all five: every chain is alive though the stones are not connected.
    let b = board(
        "
.X.X.
X.X.X
XXXXX
.....
..O..
",
    );
    let r = benson(&b);
    assert_eq!(r.alive.black.len(), 10);
    let mut want = vec![
        at(&b, 0, 0),
        at(&b, 2, 0),
        at(&b, 4, 0),
        at(&b, 1, 1),
        at(&b, 3, 1),
    ];
    want.sort();
    assert_eq!(r.vital.black.iter().collect::<Vec<_>>(), want);
    // The white stone at (2,4) is in the two-row region below the wall:
    // row 4 is all interior, (0,4) and (2,4) are apart, White could live
    // there: not clearly dead.
    assert!(r.alive.white.is_empty());
    assert_eq!(certain_dead_stones(&b, &area(7.0)).iter(&b).count(), 0);
}

#[test]
fn stone_in_vital_region_is_dead() {
    // One black chain of 19 stones (rows 0-4: 2 + 5 + 4 + 4 + 4) with the
    // one-point eyes (0,0) (2,0) (4,0) and the region (2,2) (2,3) (2,4):
    // the white stone at (2,3) and its liberties (2,2) and (2,4), both next
    // to Black. That region is vital (all its empty points are Black's
    // liberties), so the white stone is dead.
    let b = board(
        "
.X.X.
XXXXX
XX.XX
XXOXX
XX.XX
",
    );
    let r = benson(&b);
    assert_eq!(r.alive.black.len(), 19);
    assert!(r.vital.black.contains(at(&b, 2, 3)));
    let dead = certain_dead_stones(&b, &area(7.0));
    assert_eq!(dead.iter(&b).collect::<Vec<_>>(), vec![at(&b, 2, 3)]);
    // Area: Black 19 stones + 3 eyes + 3 points = 25, the whole board;
    // White 0. 25 - 7 = B+18.
    let s = score(&b, &area(7.0), &dead);
    assert_eq!((s.points.black, s.points.white), (25.0, 0.0));
    assert_eq!(s.outcome(TieRule::Draw).to_string(), "B+18");
}

#[test]
fn dead_stone_inside_alive_territory_is_removed() {
    let b = board(ALIVE_9);
    // The six-point region at columns 1-3, rows 0-1 is enclosed by the
    // alive chain; its interior (points with no black neighbour) is only
    // (2,0): no room for two eyes, so the white stone at (2,1) is dead.
    let dead = certain_dead_stones(&b, &area(6.5));
    assert_eq!(dead.iter(&b).collect::<Vec<_>>(), vec![at(&b, 2, 1)]);
    // Area: Black 19 stones + 6 + 1 + 1 = 27; White 9 stones + 45 = 54.
    // 27 - (54 + 6.5) = -33.5.
    let s = score(&b, &area(6.5), &dead);
    assert_eq!((s.points.black, s.points.white), (27.0, 54.0));
    assert_eq!(s.outcome(TieRule::Draw).to_string(), "W+33.5");
    // Territory: Black 8 + 1 prisoner = 9; White 45. 9 - 51.5 = -42.5.
    let t = score(&b, &territory(6.5), &dead);
    assert_eq!((t.points.black, t.points.white), (9.0, 45.0));
    assert_eq!(t.outcome(TieRule::Draw).to_string(), "W+42.5");
    // Statuses agree with the removal.
    let st = stone_statuses(&b, &area(6.5));
    assert_eq!(st.len(), 29);
    let dead_st: Vec<Loc> = st
        .iter()
        .filter(|(_, s)| *s == StoneStatus::Dead)
        .map(|(l, _)| *l)
        .collect();
    assert_eq!(dead_st, vec![at(&b, 2, 1)]);
    assert!(st
        .iter()
        .all(|(l, s)| *s != StoneStatus::Seki || dead.contains(*l)));
}

#[test]
fn doubtful_stones_stay_alive() {
    // Black is unconditionally alive (eyes (5,0) and (7,0), and the region
    // at columns 1-3 of row 0 is a third, vital one), but the white stone
    // at (3,5) sits in a big region with room for two eyes: not clearly
    // dead, so it stays.
    let b = board(
        "
X...X.X.X
XXXXXXXXX
.........
.........
.........
...O.....
.........
.........
.........
",
    );
    assert_eq!(benson(&b).alive.black.len(), 13);
    assert_eq!(certain_dead_stones(&b, &area(7.0)).iter(&b).count(), 0);
    // Black is alive by the eyes (6,0) and (8,0); the region of columns
    // 1-4, rows 0-2 has interior points (2,0) (3,0) (2,1) (3,1), among them
    // (2,0) and (3,1) apart: White could make two eyes there, so its stone
    // at (3,1) stays too.
    let b = board(
        "
X....X.X.
X..O.XXXX
X....XXXX
XXXXXXXXX
.........
.........
.........
.........
.........
",
    );
    let r = benson(&b);
    // Black: column 0 rows 0-2 (3) + (5,0) (7,0) (2) + rows 1-2 columns
    // 5-8 (8) + row 3 (9) = 22 stones, one chain.
    assert_eq!(r.alive.black.len(), 22);
    assert_eq!(certain_dead_stones(&b, &area(7.0)).iter(&b).count(), 0);
    // But the region of columns 1-3 of row 0 alone (interior none beyond
    // one point) kills a stone in it: see dead_stone_inside_alive_territory.
}

/// Seki with no eyes: Black's inner chain (1,0) (1,1) (1,2) (2,2) and
/// White's inner chain (3,0) (3,1) (3,2) share the liberties (2,0) and
/// (2,1) and have no others. White's outer wall owns columns 0-1 of rows
/// 4-6 (6 points); Black's outer wall owns columns 5-6 and (4,4)-(4,6)
/// (17 points).
const SEKI_NO_EYES: &str = "
OX.OX..
OX.OX..
OXXOX..
OOOXX..
..OX...
..OX...
..OX...
";

#[test]
fn seki_without_eyes() {
    let b = board(SEKI_NO_EYES);
    let rules = area(0.0);
    assert_eq!(certain_dead_stones(&b, &rules).iter(&b).count(), 0);
    let seki = seki_stones(&b, &rules, &DeadStones::none());
    let mut want = vec![
        at(&b, 1, 0),
        at(&b, 1, 1),
        at(&b, 1, 2),
        at(&b, 2, 2),
        at(&b, 3, 0),
        at(&b, 3, 1),
        at(&b, 3, 2),
    ];
    want.sort();
    assert_eq!(seki.iter().collect::<Vec<_>>(), want);
    // Area: Black 4 + 8 stones + 17 = 29; White 3 + 9 stones + 6 = 18;
    // the two shared liberties count for nobody.
    let s = score(&b, &rules, &DeadStones::none());
    assert_eq!((s.points.black, s.points.white, s.neutral), (29.0, 18.0, 2));
    // Territory: Black 17, White 6 (no eyes in the seki to lose).
    let t = score(&b, &territory(0.0), &DeadStones::none());
    assert_eq!((t.points.black, t.points.white, t.neutral), (17.0, 6.0, 2));
}

/// Seki with one eye each: Black's inner chain (1,0) (0,1) (1,1) (2,1) has
/// the eye (0,0); White's inner chain (3,0) (3,1) (4,1) (5,1) (5,0) has the
/// eye (4,0); they share the liberty (2,0). White's outer wall owns columns
/// 0-1 of rows 3-6 (8 points), Black's outer wall columns 4-6 of rows 3-6
/// (12 points).
const SEKI_EYES: &str = "
.X.O.OX
XXXOOOX
OOOXXXX
..OX...
..OX...
..OX...
..OX...
";

#[test]
fn seki_with_eyes_under_both_scorings() {
    let b = board(SEKI_EYES);
    let st = stone_statuses(&b, &territory(0.0));
    let count = |s: StoneStatus| st.iter().filter(|(_, x)| *x == s).count();
    // 4 black + 5 white inner stones in seki; 10 + 7 outer stones alive.
    assert_eq!(count(StoneStatus::Seki), 9);
    assert_eq!(count(StoneStatus::Alive), 17);
    assert_eq!(count(StoneStatus::Dead), 0);
    // Area (Chinese): seki eyes count for their owner. Black 4 + 10 stones
    // + eye 1 + 12 = 27; White 5 + 7 stones + eye 1 + 8 = 21; (2,0) for
    // nobody.
    let s = score(&b, &area(0.0), &DeadStones::none());
    assert_eq!((s.points.black, s.points.white, s.neutral), (27.0, 21.0, 1));
    // Territory (Japanese): the eyes of the seki count for nobody. Black 12,
    // White 8; nobody's: (2,0), (0,0), (4,0).
    let t = score(&b, &territory(0.0), &DeadStones::none());
    assert_eq!((t.points.black, t.points.white, t.neutral), (12.0, 8.0, 3));
    assert_eq!(t.outcome(TieRule::Draw).to_string(), "B+4");
}

#[test]
fn open_dame_is_not_seki() {
    // Two walls facing each other across an open column: every point of
    // column 2 can be filled safely, so nothing is in seki.
    let b = board(
        "
.X.O.
.X.O.
.X.O.
.X.O.
.X.O.
",
    );
    assert!(seki_stones(&b, &territory(0.0), &DeadStones::none()).is_empty());
    // Territory: Black 5, White 5, column 2 is dame (5 points).
    let t = score(&b, &territory(0.0), &DeadStones::none());
    assert_eq!((t.points.black, t.points.white, t.neutral), (5.0, 5.0, 5));
}

#[test]
fn preview_does_not_change_the_game() {
    let mut g = Game::from_board(board(ALIVE_9), Color::White, area(6.5)).unwrap();
    g.play(Move::Play(point(9, 4, 5))).unwrap();
    let before_board = g.board().clone();
    let before_moves = g.moves().to_vec();
    let before_history = g.history().to_vec();
    let to_move = g.to_move();
    // Preview: White's stone at (4,5) added: area White 10 stones + 44 = 54
    // still; Black 27 with the dead stone at (2,1) taken off.
    let s = g.score_preview();
    assert_eq!((s.points.black, s.points.white), (27.0, 54.0));
    assert_eq!(s.to_string(), "Black 27, White 60.5 (komi 6.5)");
    assert_eq!(g.result(), None);
    let dead = g.stones_with_status(StoneStatus::Dead);
    assert_eq!(dead, vec![point(9, 2, 1)]);
    assert_eq!(g.stone_statuses().len(), 30);
    assert_eq!(g.board(), &before_board);
    assert_eq!(g.moves(), &before_moves[..]);
    assert_eq!(g.history(), &before_history[..]);
    assert_eq!(g.to_move(), to_move);
    assert!(!g.is_over());
    // Finished by two passes, the result uses the same removal: W+33.5.
    g.pass().unwrap();
    g.pass().unwrap();
    assert_eq!(g.result().map(|o| o.to_string()), Some("W+33.5".into()));
}

#[test]
fn result_of_resignation_and_move_limit() {
    let mut g = Game::new(5, area(0.5)).unwrap();
    g.resign(Color::Black);
    assert_eq!(g.result().map(|o| o.to_string()), Some("W+R".into()));
    // A move limit of 2 on an empty 5x5 board: Black plays the centre, White
    // passes; Black's one stone owns the whole board: 25 - 0.5 = B+24.5.
    let rules = Rules {
        move_limit: Some(2),
        ..area(0.5)
    };
    let mut g = Game::new(5, rules).unwrap();
    g.play(Move::Play(Point::new(2, 2).unwrap())).unwrap();
    g.pass().unwrap();
    assert_eq!(g.end(), Some(GameEnd::MoveLimit));
    assert_eq!(g.result().map(|o| o.to_string()), Some("B+24.5".into()));
}

#[test]
fn status_words_parse() {
    for s in [StoneStatus::Alive, StoneStatus::Dead, StoneStatus::Seki] {
        assert_eq!(s.name().parse::<StoneStatus>(), Ok(s));
        assert_eq!(s.to_string(), s.name());
    }
    assert_eq!("SEKI".parse::<StoneStatus>(), Ok(StoneStatus::Seki));
    assert!("zombie".parse::<StoneStatus>().is_err());
}

#[test]
fn result_preview_before_and_after_the_end() {
    // COLUMNS by area with komi 0.5: Black 10, White 15.5: W+5.5 while the
    // game goes on; after White resigns, B+R.
    let mut g = Game::from_board(board(COLUMNS), Color::Black, area(0.5)).unwrap();
    assert_eq!(g.result(), None);
    assert_eq!(g.result_preview().to_string(), "W+5.5");
    g.resign(Color::White);
    assert_eq!(g.result_preview().to_string(), "B+R");
}

// --- Properties over seeded random positions -------------------------------

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A random position: `moves` random legal moves (simple ko, no suicide,
/// eyes not filled) from an empty board, Black first.
fn random_position(size: usize, moves: usize, rng: &mut Xoshiro256PlusPlus) -> Board {
    let mut b = Board::new(size, Topology::Planar).unwrap();
    let mut playout = tengen::playout::Playout::new(rng.gen());
    let mut c = Color::Black;
    for _ in 0..moves {
        match playout.pick(&b, c) {
            Some(l) => {
                b.play_unchecked(l, c);
            }
            None => b.pass(),
        }
        c = c.opponent();
    }
    b
}

#[test]
fn benson_alive_chains_survive_any_attack() {
    // Benson's claim, tested: with the owner passing for ever, random legal
    // attacks (eyes filled too) never capture a stone of an unconditionally
    // alive chain: with suicide forbidden for `benson`, and with suicide
    // allowed for `benson_with(.., Allowed)`.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x5c0e);
    let mut checked = 0;
    for round in 0..80 {
        let size = [5, 7, 9][round % 3];
        let moves = rng.gen_range(size * size / 2..size * size * 3);
        let start = random_position(size, moves, &mut rng);
        let allow = round % 2 == 1;
        let r = if allow {
            benson_with(&start, SuicideRule::Allowed)
        } else {
            benson(&start)
        };
        for owner in [Color::Black, Color::White] {
            if r.alive[owner].is_empty() {
                continue;
            }
            checked += 1;
            let attacker = owner.opponent();
            let mut b = start.clone();
            for _ in 0..4 * size * size {
                let legal: Vec<Loc> = b
                    .locs()
                    .filter(|&l| b.check(l, attacker, allow).is_ok())
                    .collect();
                if legal.is_empty() {
                    break;
                }
                let l = legal[rng.gen_range(0..legal.len())];
                b.play_unchecked(l, attacker);
                b.pass(); // the owner passes
                for s in r.alive[owner].iter() {
                    assert_eq!(
                        b.color_at(s),
                        Some(owner),
                        "round {round}, suicide {allow}\n{start}"
                    );
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} positions with alive chains");
}

#[test]
fn suicide_can_make_a_shared_eye_false() {
    // White's chain W2 = (3,5) (2,6) (3,6) (4,6) has the vital regions
    // {(2,5)} and {(0,6),(1,6)} when suicide is forbidden: Black's stone at
    // (0,6) can only leave by capture. Where suicide is allowed Black plays
    // (1,6) as a suicide of two stones, then (1,6) and (2,5) capture W2; so
    // W2 is not unconditionally alive there, while W1 (the rest of White,
    // with the one-point eyes (0,0) (2,2) (1,3)) still is.
    let b = board(
        "
.OOOOX.
OOOOOXX
OO.OX.X
O.OXXOX
OOOXXXX
OO.OXXX
X.OOOX.
",
    );
    let w2 = at(&b, 2, 6);
    let w1 = at(&b, 1, 0);
    let forbidden = benson(&b);
    assert!(forbidden.alive.white.contains(w2) && forbidden.alive.white.contains(w1));
    let allowed = benson_with(&b, SuicideRule::Allowed);
    assert!(!allowed.alive.white.contains(w2));
    assert!(allowed.alive.white.contains(w1));
}

#[test]
fn scoring_invariants_on_random_positions() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xda7a);
    for round in 0..80 {
        let size = [5, 7, 9, 13][round % 4];
        let moves = rng.gen_range(0..size * size * 3);
        let b = random_position(size, moves, &mut rng);
        let rules = area(7.5);
        let certain = certain_dead_stones(&b, &rules);
        // The finished-game decision only on every other round: it runs
        // hundreds of playouts, slow in a debug build.
        let decided = (round % 2 == 0).then(|| dead_stones(&b, &rules));
        for dead in std::iter::once(&certain).chain(decided.as_ref()) {
            check_scoring_invariants(&b, &rules, dead, round);
        }
        let Some(decided) = decided else { continue };
        // The decision keeps every certainly dead stone, never calls a
        // chain in seki dead, and is what `stone_statuses` reports.
        for l in certain.iter(&b) {
            assert!(decided.contains(l), "round {round}\n{b}");
        }
        let seki = seki_stones(&b, &rules, &certain);
        for l in decided.iter(&b) {
            assert!(!seki.contains(l), "round {round}: seki stone dead\n{b}");
        }
        let final_seki = seki_stones(&b, &rules, &decided);
        for (l, status) in stone_statuses(&b, &rules) {
            let want = if decided.contains(l) {
                StoneStatus::Dead
            } else if final_seki.contains(l) {
                StoneStatus::Seki
            } else {
                StoneStatus::Alive
            };
            assert_eq!(status, want, "round {round}");
        }
        // Deterministic, and blind to the move order: the same stones set
        // up on a fresh board get the same dead stones.
        let again = dead_stones(&b, &rules);
        assert_eq!(
            decided.iter(&b).collect::<Vec<_>>(),
            again.iter(&b).collect::<Vec<_>>()
        );
        let mut fresh = Board::new(size, Topology::Planar).expect("size");
        for l in b.locs() {
            fresh.set(b.point(l), b.color_at(l)).expect("on the board");
        }
        let set_up = dead_stones(&fresh, &rules);
        assert_eq!(
            decided.iter(&b).map(|l| b.point(l)).collect::<Vec<_>>(),
            set_up
                .iter(&fresh)
                .map(|l| fresh.point(l))
                .collect::<Vec<_>>(),
            "round {round}: the move order changed the dead stones\n{b}"
        );
    }
}

/// What holds for any dead list a decision gives: never an unconditionally
/// alive stone, whole chains, a count that covers the board, and statuses
/// that follow the list.
fn check_scoring_invariants(b: &Board, rules: &Rules, dead: &DeadStones, round: usize) {
    let size = b.size();
    let r = benson(b);
    for l in dead.iter(b) {
        assert!(
            !r.is_alive(l),
            "round {round}: a Benson-alive stone dead\n{b}"
        );
        for s in b.chain(l) {
            assert!(dead.contains(s));
        }
    }
    // Area points plus neutral points cover the board exactly.
    let s = score(b, rules, dead);
    assert_eq!(
        s.points.black + s.points.white + f64::from(s.neutral),
        (size * size) as f64,
        "round {round}\n{b}"
    );
    // Territory: territory plus neutral points plus living stones cover
    // the board; prisoners are captures plus dead stones.
    let t = score(b, &territory(rules.komi), dead);
    let stones = t.stones.black + t.stones.white;
    assert_eq!(
        t.territory.black + t.territory.white + t.neutral + stones,
        (size * size) as u32
    );
    let dead_black = dead
        .iter(b)
        .filter(|&l| b.color_at(l) == Some(Color::Black))
        .count() as u32;
    assert_eq!(t.prisoners.white, b.captures(Color::White) + dead_black);
    // Statuses agree with the dead list and the seki set.
    let seki = seki_stones(b, rules, dead);
    let st = tengen::stone_statuses_with(b, rules, dead);
    assert_eq!(st.len(), b.area() - b.empty_count());
    for (l, status) in st {
        let want = if dead.contains(l) {
            StoneStatus::Dead
        } else if seki.contains(l) {
            StoneStatus::Seki
        } else {
            StoneStatus::Alive
        };
        assert_eq!(status, want);
    }
}

#[test]
fn explicit_dead_list_breaks_a_seki() {
    // SEKI_EYES with White's inner chain (3,0) (3,1) (4,1) (5,1) (5,0)
    // declared dead by the caller: nothing is shared any more, so no seki.
    let b = board(SEKI_EYES);
    let mut dead = DeadStones::none();
    for (c, r) in [(3, 0), (3, 1), (4, 1), (5, 1), (5, 0)] {
        dead.insert(at(&b, c, r));
    }
    let rules = territory(0.0);
    assert!(seki_stones(&b, &rules, &dead).is_empty());
    let st = tengen::stone_statuses_with(&b, &rules, &dead);
    let count = |s: StoneStatus| st.iter().filter(|(_, x)| *x == s).count();
    assert_eq!(
        (
            count(StoneStatus::Dead),
            count(StoneStatus::Seki),
            count(StoneStatus::Alive)
        ),
        (5, 0, 21)
    );
    // Black: 12 + the eye (0,0) + the 7 points (2,0), (4,0) and the five
    // dead stones' = 20 territory, + 5 prisoners = 25. White: 8.
    let t = score(&b, &rules, &dead);
    assert_eq!((t.points.black, t.points.white, t.neutral), (25.0, 8.0, 0));
}

#[test]
fn benson_depends_on_the_topology() {
    // Planar: (0,0) and (2,0) are one-point eyes of Black's 6 stones.
    // Toroidal: (0,0) also touches (0,3) across the edge, and (2,0) touches
    // (2,3): both eyes open into the empty bottom row, nothing is alive.
    let d = "
.X.X
XXXX
OOOO
....
";
    let planar = Board::from_diagram(d, Topology::Planar).unwrap();
    assert_eq!(benson(&planar).alive.black.len(), 6);
    assert!(benson(&planar).alive.white.is_empty());
    let torus = Board::from_diagram(d, Topology::Toroidal).unwrap();
    let r = benson(&torus);
    assert!(r.alive.black.is_empty() && r.alive.white.is_empty());
}

#[test]
fn dead_stones_on_a_torus() {
    // 4x4 torus: Black's rows 0 and 2 and the stones (1,1) (3,1) are one
    // chain with the eyes (0,1) and (2,1) (every neighbour Black, across
    // the edges too). Row 3 touches row 2 and, across the edge, row 0: it
    // is a region of Black whose empty point (2,3) is Black's liberty, so
    // White's chain (0,3) (1,3) (3,3) (joined across the edge) is dead.
    let b = Board::from_diagram(
        "
XXXX
.X.X
XXXX
OO.O
",
        Topology::Toroidal,
    )
    .unwrap();
    let r = benson(&b);
    assert_eq!(r.alive.black.len(), 10);
    let rules = Rules {
        topology: Topology::Toroidal,
        ..area(0.0)
    };
    let dead = certain_dead_stones(&b, &rules);
    let mut want = vec![at(&b, 0, 3), at(&b, 1, 3), at(&b, 3, 3)];
    want.sort();
    assert_eq!(dead.iter(&b).collect::<Vec<_>>(), want);
    // Black: 10 stones + 2 eyes + 4 points of row 3 = 16, all of it.
    let s = score(&b, &rules, &dead);
    assert_eq!((s.points.black, s.points.white), (16.0, 0.0));
}

#[test]
fn every_size_and_topology_scores() {
    // No panic on any size, planar or toroidal, empty or played; an empty
    // board is nobody's (all points neutral) and has no statuses.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for topology in [Topology::Planar, Topology::Toroidal] {
        for size in 1..=25 {
            let rules = Rules {
                topology,
                ..territory(0.5)
            };
            let empty = Board::new(size, topology).unwrap();
            let s = score(&empty, &rules, &certain_dead_stones(&empty, &rules));
            assert_eq!(s.neutral as usize, size * size);
            assert!(stone_statuses(&empty, &rules).is_empty());
            let mut b = empty.clone();
            let mut playout = tengen::playout::Playout::new(rng.gen());
            let mut c = Color::Black;
            for _ in 0..size * size * 2 {
                match playout.pick(&b, c) {
                    Some(l) => {
                        b.play_unchecked(l, c);
                    }
                    None => b.pass(),
                }
                c = c.opponent();
            }
            let dead = certain_dead_stones(&b, &rules);
            let t = score(&b, &rules, &dead);
            let covered = t.territory.black + t.territory.white + t.neutral;
            assert_eq!(
                covered + t.stones.black + t.stones.white,
                (size * size) as u32
            );
            assert_eq!(stone_statuses(&b, &rules).len(), b.area() - b.empty_count());
        }
    }
}

#[test]
fn dead_stones_are_never_taken_from_another_board_size() {
    // A 9x9 game scored, then 13x13 stones on the points whose board
    // indices equal the 9x9 ones, after as many moves: the dead stones and
    // the score must be a fresh engine's, not the 9x9 game's.
    use tengen::session::{transcript, Config};
    let nine = Board::new(9, Topology::Planar).unwrap();
    let thirteen = Board::new(13, Topology::Planar).unwrap();
    // Black walls off column C; White's A5 behind the wall is dead.
    let moves9 = [
        "C1", "A5", "C2", "pass", "C3", "pass", "C4", "pass", "C5", "pass", "C6", "pass", "C7",
        "pass", "C8", "pass", "C9",
    ];
    let same_index = |v: &str| {
        if v == "pass" {
            return v.to_string();
        }
        let i = nine.loc(v.parse().unwrap()).unwrap().index();
        let l = thirteen.locs().find(|l| l.index() == i).unwrap();
        thirteen.point(l).to_string()
    };
    let colour = |i: usize| if i % 2 == 0 { "b" } else { "w" };
    let mut first = String::from("boardsize 9\n");
    for (i, v) in moves9.iter().enumerate() {
        first += &format!("play {} {v}\n", colour(i));
    }
    first += "final_status_list dead\nfinal_score\n";
    let mut second = String::from("boardsize 13\n");
    for (i, v) in moves9.iter().enumerate() {
        second += &format!("play {} {}\n", colour(i), same_index(v));
    }
    second += "final_status_list dead\nfinal_score\n";
    let config = || Config::deterministic(3, 300);
    let nine_only = String::from_utf8(transcript(config(), first.as_bytes())).unwrap();
    assert!(
        nine_only.contains("= A5\n\n"),
        "A5 is dead on 9x9: {nine_only}"
    );
    let both = String::from_utf8(transcript(config(), (first + &second).as_bytes())).unwrap();
    let fresh = String::from_utf8(transcript(config(), second.as_bytes())).unwrap();
    let tail = |s: &str| -> Vec<String> {
        let a: Vec<&str> = s.split("\n\n").filter(|x| !x.is_empty()).collect();
        a[a.len() - 2..].iter().map(|x| x.to_string()).collect()
    };
    assert_eq!(tail(&both), tail(&fresh), "{both}\n---\n{fresh}");
}

#[test]
fn a_capture_go_win_is_the_result_everywhere() {
    // Black captures White's A1 with a goal of one stone: final_score and
    // tengen-score both give Black the win by capture, whatever the count.
    use tengen::session::{transcript, Config};
    let input = b"boardsize 5\ntengen-rules_capture_goal 1\nplay w A1\nplay b A2\nplay w E5\nplay b B1\nfinal_score\ntengen-score\n";
    let out = String::from_utf8(transcript(Config::deterministic(1, 50), input)).unwrap();
    let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 8, "{out}");
    assert_eq!(answers[6], "= B+C", "{out}");
    assert!(answers[7].starts_with("= B+C: "), "{out}");
}

#[path = "common/positions.rs"]
mod positions;
use positions::LONE_STONES;

#[test]
fn lone_stones_in_a_living_wall_are_dead_for_every_scorer() {
    let b = board(LONE_STONES);
    let rules = area(7.0);
    let dead = dead_stones(&b, &rules);
    let listed: Vec<String> = dead.iter(&b).map(|l| b.point(l).to_string()).collect();
    assert_eq!(listed, ["D3", "D8"]);
    let s = score(&b, &rules, &dead);
    assert_eq!(
        s.outcome(TieRule::Draw),
        Outcome::Win {
            winner: Color::Black,
            by: WinBy::Points(20.0)
        }
    );
    // The library's game agrees with the free function.
    let game = Game::from_board(b.clone(), Color::Black, rules).expect("legal position");
    assert_eq!(
        game.score_preview().outcome(TieRule::Draw),
        s.outcome(TieRule::Draw)
    );
    // The certain removal alone leaves them alive: the playouts decide.
    assert!(certain_dead_stones(&b, &rules).iter(&b).next().is_none());
}

#[test]
fn white_gets_the_handicap_bonus_of_the_rules() {
    // Four handicap stones on an otherwise empty 9x9 board, counted at
    // once by area: Black's area is the whole board, 81. White has komi
    // 0.5 plus the bonus: 4 under the Chinese rules (a point a stone), 3
    // under AGA (after the first), none under Tromp-Taylor.
    for (preset, bonus, margin) in [
        (Preset::Chinese, 4.0, 76.5),
        (Preset::Aga, 3.0, 77.5),
        (Preset::TrompTaylor, 0.0, 80.5),
    ] {
        let mut game = Game::new(9, Rules::preset(preset).with_komi(0.5)).expect("9x9");
        game.set_fixed_handicap(4).expect("four stones fit");
        assert_eq!(game.komi_with_bonus(), 0.5 + bonus, "{preset}");
        let s = game.score_preview();
        assert_eq!(s.points.black, 81.0, "{preset}");
        assert_eq!(
            s.outcome(TieRule::Draw),
            Outcome::Win {
                winner: Color::Black,
                by: WinBy::Points(margin)
            },
            "{preset}"
        );
    }
    // No handicap, no bonus.
    let even = Game::new(9, Rules::preset(Preset::Chinese).with_komi(7.5)).expect("9x9");
    assert_eq!(even.komi_with_bonus(), 7.5);
}
