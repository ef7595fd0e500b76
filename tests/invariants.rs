//! proptest invariants over random legal games on several sizes, both
//! topologies, every ko rule and both suicide rules. After every step:
//! - `Board::check_invariants` holds;
//! - the incremental hash equals the hash of the same position rebuilt from
//!   scratch (from its diagram, and stone by stone with `set`), equal
//!   positions have equal hashes and different positions different ones;
//! - chains and liberties equal a naive flood fill, and no chain is left
//!   without a liberty; `hash_after` and `is_suicide` agree with playing
//!   the move;
//! - the legal-move list is exactly the set of moves `is_legal` accepts;
//! - undoing the step restores everything exactly (board, hash, prisoners,
//!   ko point, history, pass count, turn, moves, legal moves);
//! - stones placed minus stones captured equals stones on the board.

mod common;

use common::{naive_of, pt};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use std::collections::HashMap;
use tengen::{Board, Color, Game, GameEnd, KoRule, Loc, Move, Point, Rules, SuicideRule, Topology};

/// Everything a game shows, to compare before a move and after its undo.
#[derive(Debug, PartialEq)]
struct Snapshot {
    board: Board,
    diagram: String,
    hash: u64,
    ko: Option<(Loc, Color)>,
    last_move: Option<Loc>,
    captures: [u32; 2],
    history: Vec<u64>,
    passes: u32,
    to_move: Color,
    moves: Vec<(Color, Move)>,
    end: Option<GameEnd>,
    legal: [Vec<Point>; 2],
    ko_forbidden: [Vec<Point>; 2],
}

impl Snapshot {
    fn of(g: &Game) -> Snapshot {
        let b = g.board();
        Snapshot {
            board: b.clone(),
            diagram: b.to_string(),
            hash: b.hash(),
            ko: b.ko(),
            last_move: b.last_move(),
            captures: [b.captures(Color::Black), b.captures(Color::White)],
            history: g.history().to_vec(),
            passes: g.consecutive_passes(),
            to_move: g.to_move(),
            moves: g.moves().to_vec(),
            end: g.end(),
            legal: Color::ALL.map(|c| g.legal_moves(c).collect()),
            ko_forbidden: Color::ALL.map(|c| g.ko_forbidden(c).collect()),
        }
    }
}

/// Checks every invariant of the current position; `seen` maps each
/// position met so far (its diagram) to its hash and back.
fn check_position(game: &Game, seen: &mut (HashMap<String, u64>, HashMap<u64, String>)) {
    let b = game.board();
    let n = b.size();
    if let Err(e) = b.check_invariants() {
        panic!("invariants: {e}\n{b}");
    }

    // The hash, recomputed from scratch in two ways.
    let diagram = b.to_string();
    let rebuilt = Board::from_diagram(&diagram, b.topology()).expect("Display is a diagram");
    assert_eq!(rebuilt.to_string(), diagram, "diagram round trip");
    assert_eq!(
        rebuilt.hash(),
        b.hash(),
        "hash against a rebuilt board\n{b}"
    );
    let mut set_up = Board::new(n, b.topology()).expect("same size");
    for y in 0..n {
        for x in 0..n {
            let p = pt(x, y);
            if let Some(c) = b.get(p) {
                set_up.set(p, Some(c)).expect("on the board");
            }
        }
    }
    assert_eq!(set_up.hash(), b.hash(), "hash against a board set up\n{b}");
    // Equal positions, equal hashes; different positions, different hashes.
    let (by_diagram, by_hash) = seen;
    let h = *by_diagram.entry(diagram.clone()).or_insert(b.hash());
    assert_eq!(h, b.hash(), "same position, another hash\n{b}");
    let d = by_hash.entry(b.hash()).or_insert(diagram.clone());
    assert_eq!(*d, diagram, "two positions share a hash");

    // Chains and liberties against a flood fill.
    let naive = naive_of(b);
    let loc = |i: usize| b.loc(pt(i % n, i / n)).expect("on the board");
    let mut heads = Vec::new();
    for chain in naive.chains() {
        let libs = naive.liberties(chain[0]);
        assert!(!libs.is_empty(), "a chain without liberties\n{b}");
        let head = b.chain_head(loc(chain[0]));
        assert!(head.is_some(), "a stone without a chain");
        assert!(!heads.contains(&head), "two chains share a head\n{b}");
        heads.push(head);
        let mut listed: Vec<usize> = b.chain(loc(chain[0])).map(|l| l.index()).collect();
        listed.sort_unstable();
        let want: Vec<usize> = chain.iter().map(|&i| loc(i).index()).collect();
        assert_eq!(listed, want, "chain stones\n{b}");
        for &s in &chain {
            let l = loc(s);
            assert_eq!(b.chain_head(l), head, "chain head\n{b}");
            assert_eq!(b.chain_len(l), chain.len(), "chain length\n{b}");
            assert_eq!(
                b.liberties(l),
                libs.len(),
                "liberties at {}\n{b}",
                b.point(l)
            );
            assert_eq!(b.in_atari(l), libs.len() == 1, "atari\n{b}");
            let last = (libs.len() == 1).then(|| loc(libs[0]));
            assert_eq!(b.last_liberty(l), last, "last liberty\n{b}");
        }
    }
    let mut empties: Vec<usize> = b.empty_locs().map(|l| l.index()).collect();
    empties.sort_unstable();
    let want: Vec<usize> = (0..n * n)
        .filter(|&i| naive.grid[i].is_none())
        .map(|i| loc(i).index())
        .collect();
    assert_eq!(empties, want, "empty points");
    assert_eq!(b.empty_count(), want.len());
    for &i in &want {
        let l = loc(i);
        assert_eq!(b.liberties(l), 0);
        assert_eq!(b.chain_len(l), 0);
        assert_eq!(b.chain_head(l), None);
    }

    // The board's own move checks: `hash_after` is the hash after playing
    // (superko relies on it), and `is_suicide` agrees with a flood fill.
    // Every point up to 9x9, a sample of them on larger boards (for time).
    for l in b.locs() {
        if !b.is_empty_at(l) || (n > 9 && l.index() % 7 != game.moves().len() % 7) {
            continue;
        }
        for c in Color::ALL {
            let mut after = b.clone();
            after.play_unchecked(l, c);
            assert_eq!(b.hash_after(l, c), after.hash(), "hash_after {c}\n{b}");
            let mut flood = naive.clone();
            let (captured, lost) = flood.place(l.index(), c);
            assert_eq!(b.is_suicide(l, c), lost > 0, "is_suicide {c}\n{b}");
            assert_eq!(after.captures(c) - b.captures(c), captured);
            assert_eq!(
                after.captures(c.opponent()) - b.captures(c.opponent()),
                lost
            );
            assert_eq!(naive_of(&after).grid, flood.grid, "play_unchecked {c}");
        }
    }

    // The legal-move list is exactly what is_legal accepts.
    for c in Color::ALL {
        let listed: Vec<Point> = game.legal_moves(c).collect();
        let mut accepted = Vec::new();
        for y in 0..n {
            for x in 0..n {
                let p = pt(x, y);
                let legal = game.is_legal(c, Move::Play(p));
                assert_eq!(legal, game.check(c, Move::Play(p)).is_ok());
                assert_eq!(legal, game.is_legal_loc(b.loc(p).expect("on"), c));
                if legal {
                    accepted.push(p);
                }
            }
        }
        let mut sorted = listed.clone();
        sorted.sort_unstable();
        accepted.sort_unstable();
        assert_eq!(sorted, accepted, "legal moves of {c}\n{b}");
        assert_eq!(game.is_legal(c, Move::Pass), !game.is_over());
    }

    // Stones placed minus stones captured is the stones on the board.
    for c in Color::ALL {
        let placed = game
            .moves()
            .iter()
            .filter(|(mc, m)| *mc == c && *m != Move::Pass)
            .count();
        let lost = b.captures(c.opponent()) as usize;
        assert_eq!(placed - lost, b.stone_count(c), "stone count of {c}\n{b}");
        assert_eq!(b.stone_count(c), naive.count(c));
    }
    assert_eq!(game.history().len(), game.moves().len() + 1);
}

/// Plays a random game steered by `choices` and checks every step.
fn random_game(size: usize, rules: Rules, choices: &[u32]) {
    let mut game = Game::new(size, rules).expect("a valid size");
    let fresh = Snapshot::of(&game);
    let mut seen = (HashMap::new(), HashMap::new());
    check_position(&game, &mut seen);
    for &ch in choices {
        let before = Snapshot::of(&game);
        let kind = ch % 100;
        let mut played = None;
        if game.is_over() || kind < 4 {
            let can = !game.moves().is_empty();
            assert_eq!(game.undo().is_ok(), can, "undo");
            if can {
                // Playing the taken-back move again gives the same game.
                let (c, m) = before.moves[before.moves.len() - 1];
                let mut again = game.clone();
                again.play_as(c, m).expect("it was legal");
                assert_eq!(Snapshot::of(&again), before, "redo after undo");
            }
        } else if kind < 9 {
            played = Some((game.to_move(), Move::Pass));
        } else {
            let c = if kind < 13 {
                game.to_move().opponent()
            } else {
                game.to_move()
            };
            let legal: Vec<Point> = game.legal_moves(c).collect();
            let m = if legal.is_empty() {
                Move::Pass
            } else {
                Move::Play(legal[(ch / 100) as usize % legal.len()])
            };
            played = Some((c, m));
        }
        if let Some((c, m)) = played {
            assert_eq!(game.play_as(c, m), Ok(()), "{c} {m}");
            let mut back = game.clone();
            assert_eq!(back.undo(), Ok(()));
            assert_eq!(Snapshot::of(&back), before, "undo of {c} {m}");
        }
        check_position(&game, &mut seen);
    }
    // Undo everything: back to the start.
    while game.undo().is_ok() {}
    assert_eq!(Snapshot::of(&game), fresh, "undo to the start");
}

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (
        prop::sample::select(vec![
            KoRule::Simple,
            KoRule::PositionalSuperko,
            KoRule::SituationalSuperko,
        ]),
        prop::sample::select(vec![SuicideRule::Forbidden, SuicideRule::Allowed]),
        prop::sample::select(vec![Topology::Planar, Topology::Toroidal]),
    )
        .prop_map(|(ko, suicide, topology)| Rules {
            ko,
            suicide,
            topology,
            ..Rules::default()
        })
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x7e46e),
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn small_board_games(
        size in 1usize..=6,
        rules in rules_strategy(),
        choices in prop::collection::vec(any::<u32>(), 0..160),
    ) {
        random_game(size, rules, &choices);
    }
}

proptest! {
    #![proptest_config(config(24))]

    #[test]
    fn larger_board_games(
        size in prop::sample::select(vec![7usize, 9, 13, 19]),
        rules in rules_strategy(),
        choices in prop::collection::vec(any::<u32>(), 0..120),
    ) {
        random_game(size, rules, &choices);
    }
}
