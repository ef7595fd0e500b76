//! The one dead-stone decision for a finished game ([`dead_stones`]): the
//! certainly dead stones, plus the chains that a fixed set of seeded
//! playouts from the position gives to the opponent, never a chain in seki.
//!
//! It depends on the stones on the board and the rules alone: not on the
//! move order that led there, not on a search's budget or what its last
//! search left behind. [`Game::score_preview`](crate::Game::score_preview),
//! GTP `final_score`, `final_status_list` and `tengen-score`, `tengen match`
//! and the Phantom Go referee all count with it.

use super::set::LocSet;
use super::status::{certain_dead_stones, seki_stones, stone_statuses_with, StoneStatus};
use super::DeadStones;
use crate::board::Board;
use crate::color::Color;
use crate::geometry::Loc;
use crate::playout::{PlayoutPolicy, PolicyKind};
use crate::rules::Rules;

/// Mean ownership of a chain beyond which (against its colour) the chain
/// counts as dead: three playouts in four give its points to the opponent.
pub const DEAD_OWNERSHIP: f32 = 0.5;

/// The playouts of the final ownership estimate with each colour moving
/// first ([`final_ownership`] runs twice this many). At 256 a chain's mean
/// ownership has a standard error of at most 0.05 (one in twenty of the
/// margin to [`DEAD_OWNERSHIP`]). Measured in a release build on one
/// loaded core: about 1.5 ms for a finished 19x19 position, 150 ms for an
/// empty 19x19 board (the worst case: every playout plays a whole game).
pub const FINAL_PLAYOUTS: usize = 256;

/// The seed of the final ownership estimate's playouts: fixed, so that
/// the same position always gets the same dead stones.
pub const FINAL_SEED: u64 = 0x7465_6e67_656e_0001;

/// The expected owner of every point of `board` after the game is played
/// out, indexed by [`Loc::index`](crate::Loc::index), from -1 (White) to 1
/// (Black): the mean over [`FINAL_PLAYOUTS`] heavy playouts with Black
/// moving first and as many with White first, seeded with [`FINAL_SEED`].
///
/// The playouts start from the position rebuilt from its stones alone
/// (its ko point forgotten), so that two games reaching the same stones by
/// different move orders get the same estimate.
pub fn final_ownership(board: &Board) -> Vec<f32> {
    let start = board.rebuilt();
    let mut policy = PlayoutPolicy::new(
        PolicyKind::Heavy,
        board.size(),
        board.topology(),
        FINAL_SEED,
    );
    let mut sum = vec![0i32; board.area()];
    let mut owners = vec![0i8; board.area()];
    let mut log = Vec::new();
    let mut b = start.clone();
    for first in [Color::Black, Color::White] {
        for _ in 0..FINAL_PLAYOUTS {
            b.clone_from(&start);
            log.clear();
            policy.run(&mut b, first, None, &mut log);
            b.area_owners(&mut owners);
            for (s, &o) in sum.iter_mut().zip(&owners) {
                *s += i32::from(o);
            }
        }
    }
    let n = (2 * FINAL_PLAYOUTS) as f32;
    sum.iter().map(|&s| s as f32 / n).collect()
}

/// The dead stones at the end of a game: the one decision every score of a
/// finished game uses.
///
/// They are the [`certain_dead_stones`], plus every chain that
/// [`final_ownership`] gives to the opponent beyond [`DEAD_OWNERSHIP`] on
/// average over its stones, except the chains in seki on the board with only
/// the certainly dead stones taken off ([`seki_stones`]): playouts may break
/// a seki, the count must not. Stones that no playout can capture
/// (unconditionally alive, [`benson`](crate::benson)) are never dead.
///
/// ```
/// use tengen::{dead_stones, Board, Rules, Topology};
/// // A lone White stone inside Black's living corner is dead.
/// let board = Board::from_diagram(
///     ". X . X O .
///      X X X X O .
///      . O X X O .
///      X X X O O .
///      O O O O . .
///      . . . . . .",
///     Topology::Planar,
/// )
/// .unwrap();
/// let dead = dead_stones(&board, &Rules::default());
/// let listed: Vec<String> = dead.iter(&board).map(|l| board.point(l).to_string()).collect();
/// assert_eq!(listed, ["B4"]);
/// ```
pub fn dead_stones(board: &Board, rules: &Rules) -> DeadStones {
    let certain = certain_dead_stones(board, rules);
    let seki = seki_stones(board, rules, &certain);
    let ownership = final_ownership(board);
    let mut dead = certain;
    for l in chains_owned_by_opponent(board, &ownership).iter() {
        if !seki.contains(l) {
            dead.insert(l);
        }
    }
    dead
}

/// The status of every stone of `board`, in location order, with
/// [`dead_stones`] as the dead list: consistent with
/// [`Game::score_preview`](crate::Game::score_preview).
pub fn stone_statuses(board: &Board, rules: &Rules) -> Vec<(Loc, StoneStatus)> {
    stone_statuses_with(board, rules, &dead_stones(board, rules))
}

/// The dead stones by an ownership estimate (a search's or a model's):
/// the [`certain_dead_stones`], plus every chain whose points the estimate
/// gives to the opponent on average beyond [`DEAD_OWNERSHIP`].
/// `ownership` holds, for every [`Loc::index`](crate::Loc::index), the
/// expected owner from -1 (White) to 1 (Black); with a shorter slice only
/// the certainly dead stones count. The search's pass decision uses it on
/// its own ownership; a finished game is counted with [`dead_stones`].
pub fn dead_stones_by_ownership(board: &Board, rules: &Rules, ownership: &[f32]) -> DeadStones {
    let mut dead = certain_dead_stones(board, rules);
    for l in chains_owned_by_opponent(board, ownership).iter() {
        dead.insert(l);
    }
    dead
}

/// The stones of the chains whose mean `ownership` is beyond
/// [`DEAD_OWNERSHIP`] against their colour; none if `ownership` does not
/// cover the board.
fn chains_owned_by_opponent(board: &Board, ownership: &[f32]) -> LocSet {
    let mut out = LocSet::new();
    if ownership.len() < board.area() {
        return out;
    }
    let mut seen = vec![false; board.area()];
    for l in board.locs() {
        let Some(c) = board.color_at(l) else { continue };
        if seen[l.index()] {
            continue;
        }
        let sign = if c == Color::Black { 1.0 } else { -1.0 };
        let (mut sum, mut n) = (0.0f32, 0usize);
        for m in board.chain(l) {
            seen[m.index()] = true;
            sum += ownership[m.index()] * sign;
            n += 1;
        }
        if sum / (n as f32) < -DEAD_OWNERSHIP {
            out.extend(board.chain(l));
        }
    }
    out
}
