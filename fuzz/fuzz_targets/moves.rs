//! Random move sequences on every size, topology and rule set: the board's
//! incremental state must always equal a recomputation, and the legal-move
//! list must agree with `is_legal`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen::{Color, Game, KoRule, Move, Point, Rules, SuicideRule, Topology};

fuzz_target!(|data: &[u8]| {
    let [size, flags, rest @ ..] = data else {
        return;
    };
    let size = usize::from(*size % 26);
    let rules = Rules {
        ko: match flags % 3 {
            0 => KoRule::Simple,
            1 => KoRule::PositionalSuperko,
            _ => KoRule::SituationalSuperko,
        },
        suicide: if flags & 4 != 0 { SuicideRule::Allowed } else { SuicideRule::Forbidden },
        topology: if flags & 8 != 0 { Topology::Toroidal } else { Topology::Planar },
        ..Rules::default()
    };
    let Ok(mut game) = Game::new(size, rules) else {
        assert!(size == 0);
        return;
    };
    for pair in rest.chunks(2) {
        let (x, y) = (usize::from(pair[0] % 26), usize::from(*pair.get(1).unwrap_or(&0) % 26));
        let color = if pair[0] & 0x80 != 0 { Color::White } else { game.to_move() };
        let mv = if x == 25 { Move::Pass } else { Point::new(x, y).map_or(Move::Pass, Move::Play) };
        if y == 25 {
            let _ = game.undo();
        } else {
            let legal = game.is_legal(color, mv);
            assert_eq!(game.play_as(color, mv).is_ok(), legal);
        }
        if let Err(e) = game.board().check_invariants() {
            panic!("invariant broken: {e}");
        }
        let c = game.to_move();
        for p in game.legal_moves(c) {
            assert!(game.is_legal(c, Move::Play(p)));
        }
    }
});
