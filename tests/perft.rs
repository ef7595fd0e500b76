//! Perft: the number of legal move sequences (no passes, suicide forbidden,
//! positional superko), against the published counts.

use tengen::{Color, Game, Move, Rules};

fn perft(game: &mut Game, depth: u32) -> u64 {
    let c = game.to_move();
    if depth == 1 {
        return game.legal_moves(c).count() as u64;
    }
    let moves: Vec<_> = game.legal_moves(c).collect();
    let mut total = 0;
    for p in moves {
        game.play(Move::Play(p)).expect("a listed move is legal");
        total += perft(game, depth - 1);
        game.undo().expect("a move was just played");
    }
    total
}

fn count(size: usize, depth: u32) -> u64 {
    let mut g = Game::new(size, Rules::default()).unwrap();
    assert_eq!(g.to_move(), Color::Black);
    perft(&mut g, depth)
}

#[test]
fn perft_9x9_shallow() {
    assert_eq!(count(9, 1), 81);
    assert_eq!(count(9, 2), 6_480);
}

#[test]
fn perft_5x5_shallow() {
    assert_eq!(count(5, 1), 25);
    assert_eq!(count(5, 2), 600);
    assert_eq!(count(5, 3), 13_800);
    assert_eq!(count(5, 4), 303_424);
}

#[test]
#[ignore = "slow in debug builds: run by .ci/run in release"]
fn perft_9x9_deep() {
    assert_eq!(count(9, 3), 511_920);
    assert_eq!(count(9, 4), 39_929_136);
}

#[test]
#[ignore = "slow in debug builds: run by .ci/run in release"]
fn perft_5x5_deep() {
    assert_eq!(count(5, 5), 6_368_416);
    assert_eq!(count(5, 6), 127_124_176);
}
