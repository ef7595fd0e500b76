//! Differential test: seeded random games played on both `tengen::Game` and
//! the naive reference of `tests/common/naive.rs`, on many board sizes,
//! both topologies, every ko rule and both suicide rules. After every step
//! (move, pass, out-of-turn move, turn change, refused move, undo) both must agree on
//! the position, prisoners, turn, pass count, end of game, and on the
//! verdict (legal, or why not) for every point and both colours.

mod common;

use common::naive::{NaiveGame, NaiveIllegal};
use common::{naive_diagram, naive_ko, naive_of, naive_reason, pt};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tengen::{Color, Game, KoRule, Move, Point, Rules, SuicideRule, Topology};

/// Requires `game` and `naive` to agree on everything observable; the
/// verdicts for every point (the slow part) only when `verdicts` is set.
fn compare(game: &Game, naive: &NaiveGame, ctx: &str, verdicts: bool) {
    let n = game.size();
    if let Err(e) = game.board().check_invariants() {
        panic!("{ctx}: board invariants broken: {e}\n{}", game.board());
    }
    let board = naive_of(game.board());
    assert_eq!(
        board.grid,
        naive.board().grid,
        "{ctx}: positions differ\ntengen:\n{}naive:\n{}",
        game.board(),
        naive_diagram(naive.board())
    );
    for c in Color::ALL {
        assert_eq!(
            game.board().captures(c),
            naive.prisoners(c),
            "{ctx}: prisoners of {c}"
        );
        assert_eq!(
            game.board().stone_count(c),
            naive.board().count(c),
            "{ctx}: stone count of {c}"
        );
    }
    assert_eq!(game.to_move(), naive.to_move(), "{ctx}: turn");
    assert_eq!(
        game.consecutive_passes(),
        naive.passes(),
        "{ctx}: pass count"
    );
    assert_eq!(game.is_over(), naive.is_over(), "{ctx}: game over");
    assert_eq!(game.moves().len(), naive.moves(), "{ctx}: move count");
    if !verdicts {
        return;
    }
    for c in Color::ALL {
        let mut legal = Vec::new();
        let mut ko_only = Vec::new();
        for y in 0..n {
            for x in 0..n {
                let p = pt(x, y);
                let want = naive.check(c, x, y).err();
                let got = game.check(c, Move::Play(p)).err();
                assert_eq!(
                    got.map(naive_reason),
                    want.map(Some),
                    "{ctx}: verdict for {c} at {p} differs (tengen {got:?})\n{}",
                    game.board()
                );
                assert_eq!(
                    game.is_legal(c, Move::Play(p)),
                    want.is_none(),
                    "{ctx}: is_legal {c} {p}"
                );
                match want {
                    None => legal.push(p),
                    Some(NaiveIllegal::Ko | NaiveIllegal::Superko) => ko_only.push(p),
                    Some(_) => {}
                }
            }
        }
        let listed: Vec<Point> = game.legal_moves(c).collect();
        assert_eq!(listed, legal, "{ctx}: legal moves of {c}");
        if !game.is_over() {
            let forbidden: Vec<Point> = game.ko_forbidden(c).collect();
            assert_eq!(forbidden, ko_only, "{ctx}: ko-forbidden points of {c}");
        }
        assert_eq!(
            game.is_legal(c, Move::Pass),
            !naive.is_over(),
            "{ctx}: pass"
        );
    }
}

/// A random game to play on both sides.
#[derive(Clone, Copy)]
struct Setup {
    size: usize,
    /// The number of steps at most.
    steps: u32,
    /// Compare the verdicts for every point after every this many steps
    /// (the rest is compared after every step).
    verdict_every: u32,
}

/// Plays one seeded random game on both sides.
fn run(setup: Setup, topology: Topology, ko: KoRule, suicide: SuicideRule, seed: u64) {
    let Setup {
        size,
        steps,
        verdict_every,
    } = setup;
    let rules = Rules {
        ko,
        suicide,
        topology,
        ..Rules::default()
    };
    let mut game = Game::new(size, rules).expect("a valid size");
    let mut naive = NaiveGame::new(
        size,
        topology == Topology::Toroidal,
        naive_ko(ko),
        suicide == SuicideRule::Allowed,
    );
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let name = format!("{size}x{size} {topology:?} {ko:?} {suicide:?} seed {seed}");
    compare(&game, &naive, &name, true);
    for step in 0..steps {
        let ctx = format!("{name} step {step}");
        let r: f64 = rng.gen();
        let me = game.to_move();
        let before = game.board().to_string();
        let action: String;
        if game.is_over() {
            action = "undo after the end".into();
            if r < 0.3 {
                break;
            }
            assert!(game.undo().is_ok(), "{ctx}: undo after the end");
            assert!(naive.undo(), "{ctx}: naive undo after the end");
        } else if r < 0.06 {
            let k = rng.gen_range(1..=3);
            action = format!("undo {k}");
            for _ in 0..k {
                let ok = game.undo().is_ok();
                assert_eq!(ok, naive.undo(), "{ctx}: undo possible");
            }
        } else if r < 0.11 {
            action = format!("{me} passes");
            assert_eq!(game.pass(), Ok(()), "{ctx}: pass");
            assert_eq!(naive.pass(me), Ok(()));
        } else if r < 0.13 {
            // Give the turn to either side explicitly (GTP hosts do).
            let c = if rng.gen_bool(0.5) { me } else { me.opponent() };
            action = format!("turn given to {c}");
            game.set_to_move(c);
            naive.set_to_move(c);
        } else if r < 0.16 {
            // Any point, legal or not: both must give the same verdict and
            // a refused move must leave the game unchanged.
            let (x, y) = (rng.gen_range(0..size), rng.gen_range(0..size));
            let c = if rng.gen_bool(0.5) { me } else { me.opponent() };
            action = format!("{c} tries {}", pt(x, y));
            let got = game.play_as(c, Move::Play(pt(x, y))).err();
            let want = naive.play(c, x, y).err();
            assert_eq!(got.map(naive_reason), want.map(Some), "{ctx}: verdict");
        } else {
            // Mostly the side to move; sometimes the other side (GTP lets
            // either colour play).
            let c = if r < 0.2 { me.opponent() } else { me };
            let legal: Vec<Point> = game.legal_moves(c).collect();
            if legal.is_empty() {
                action = format!("{c} has no move and passes");
                assert_eq!(game.play_as(c, Move::Pass), Ok(()), "{ctx}");
                assert_eq!(naive.pass(c), Ok(()));
            } else {
                let p = legal[rng.gen_range(0..legal.len())];
                action = format!("{c} plays {p}");
                assert_eq!(game.play_as(c, Move::Play(p)), Ok(()), "{ctx}: {c} {p}");
                assert_eq!(naive.play(c, p.x(), p.y()), Ok(()), "{ctx}: naive {c} {p}");
            }
        }
        let verdicts = step % verdict_every == verdict_every - 1 || game.is_over();
        let ctx = format!("{ctx}, {action}, from\n{before}");
        compare(&game, &naive, &ctx, verdicts);
    }
}

const KOS: [KoRule; 3] = [
    KoRule::Simple,
    KoRule::PositionalSuperko,
    KoRule::SituationalSuperko,
];
const SUICIDES: [SuicideRule; 2] = [SuicideRule::Forbidden, SuicideRule::Allowed];
const TOPOLOGIES: [Topology; 2] = [Topology::Planar, Topology::Toroidal];

/// Every rule combination on one size, `games` games each.
fn all_rules(size: usize, games: u64, steps: u32, verdict_every: u32) {
    let setup = Setup {
        size,
        steps,
        verdict_every,
    };
    let mut seed = size as u64 * 1000;
    for topology in TOPOLOGIES {
        for ko in KOS {
            for suicide in SUICIDES {
                for _ in 0..games {
                    seed += 1;
                    run(setup, topology, ko, suicide, seed);
                }
            }
        }
    }
}

#[test]
fn tiny_boards() {
    all_rules(1, 3, 12, 1);
    all_rules(2, 6, 60, 1);
    all_rules(3, 4, 120, 1);
}

#[test]
fn small_boards() {
    all_rules(4, 1, 120, 1);
    all_rules(5, 2, 160, 1);
    all_rules(6, 1, 120, 1);
    all_rules(7, 1, 100, 1);
}

#[test]
fn board_9x9() {
    all_rules(9, 1, 200, 2);
}

#[test]
fn large_boards() {
    all_rules(13, 1, 120, 12);
    all_rules(19, 1, 100, 50);
    all_rules(25, 1, 60, 30);
}
