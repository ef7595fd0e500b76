//! Dead stones, seki and per-stone status at the end of a game.
//!
//! The exact tests are documented on [`certain_dead_stones`] and
//! [`seki_stones`].

use super::benson::{analyse, Region};
use super::set::LocSet;
use super::DeadStones;
use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, SLOTS};
use crate::rules::Rules;
use crate::tactics::{is_self_atari, Captures};
use std::fmt;
use std::str::FromStr;

/// The status of a stone at the end of a game, as GTP
/// `final_status_list alive|seki|dead` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StoneStatus {
    /// Alive (and not in seki): the default for every doubtful chain.
    Alive,
    /// Dead: taken off before counting; its points count for the opponent.
    Dead,
    /// Alive in seki: under territory scoring its eyes count for nobody.
    Seki,
}

impl StoneStatus {
    /// The GTP word: `alive`, `dead` or `seki`.
    pub fn name(self) -> &'static str {
        match self {
            StoneStatus::Alive => "alive",
            StoneStatus::Dead => "dead",
            StoneStatus::Seki => "seki",
        }
    }
}

impl fmt::Display for StoneStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a word that is not `alive`, `dead` or `seki`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseStatusError;

impl fmt::Display for ParseStatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected alive, dead or seki")
    }
}

impl std::error::Error for ParseStatusError {}

impl FromStr for StoneStatus {
    type Err = ParseStatusError;
    /// Parses `alive`, `dead` or `seki`, in any case.
    fn from_str(s: &str) -> Result<StoneStatus, ParseStatusError> {
        match s.to_ascii_lowercase().as_str() {
            "alive" => Ok(StoneStatus::Alive),
            "dead" => Ok(StoneStatus::Dead),
            "seki" => Ok(StoneStatus::Seki),
            _ => Err(ParseStatusError),
        }
    }
}

/// The stones of `board` that are clearly dead, found conservatively and
/// deterministically: only stones inside regions enclosed by the opponent's
/// unconditionally alive chains with no room for two eyes. Every doubtful
/// chain is left alive. The rules' suicide rule decides which chains are
/// unconditionally alive ([`benson_with`](crate::benson_with)).
///
/// The test: for each colour `c`, take `c`'s regions (maximal
/// connected sets of points holding no `c` stone) that are touched only by
/// `c`'s unconditionally alive chains ([`benson_with`](crate::benson_with)
/// under the rules' suicide rule). The
/// opponent's stones in such a region are dead when
/// - the region is vital to one of those chains (every empty point of it
///   is a liberty of the chain), or
/// - the region has no room for two eyes: among its *interior* points (the
///   points of the region with no `c` stone next to them) no two are
///   apart (distinct and not neighbours).
///
/// Why this is sound: `c` can always fill an empty point next to an
/// unconditionally alive chain (the stone joins the chain, which keeps
/// liberties in its vital regions), so an eye of the opponent can only be an
/// interior point, and two eyes need two interior points apart (two
/// neighbouring interior points make one eye at most). Without two
/// eyes, and with nothing to share liberties with (every enclosing chain can
/// fill its liberties safely), the opponent's stones cannot live or make
/// seki there. Stones of an unconditionally alive chain are never dead.
/// Everything else is alive, however hopeless it looks.
///
pub fn certain_dead_stones(board: &Board, rules: &Rules) -> DeadStones {
    let mut dead = DeadStones::none();
    let analyses = [
        analyse(board, Color::Black, rules.suicide),
        analyse(board, Color::White, rules.suicide),
    ];
    for c in Color::ALL {
        let a = &analyses[c.index()];
        let opp_alive = &analyses[c.opponent().index()].alive_heads;
        for (i, r) in a.regions.iter().enumerate() {
            if !a.is_enclosed_by_alive(i) {
                continue;
            }
            let clearly_dead = a.is_vital(i) || !room_for_two_eyes(board, r, c);
            if !clearly_dead {
                continue;
            }
            let opp_stone = |p: &Loc| board.color_at(*p) == Some(c.opponent());
            let safe_inside = r
                .points
                .iter()
                .filter(|p| opp_stone(p))
                .any(|&p| board.chain_head(p).is_some_and(|h| opp_alive.contains(h)));
            if safe_inside {
                continue; // cannot happen by Benson's theorem; stay safe
            }
            for &p in r.points.iter().filter(|p| opp_stone(p)) {
                dead.insert(p);
            }
        }
    }
    dead
}

/// Whether region `r` of colour `c` has two interior points apart: points
/// with no `c` stone next to them that are distinct and not neighbours.
fn room_for_two_eyes(board: &Board, r: &Region, c: Color) -> bool {
    let interior: Vec<Loc> = r
        .points
        .iter()
        .copied()
        .filter(|&p| board.neighbors(p).all(|n| board.color_at(n) != Some(c)))
        .collect();
    interior.iter().enumerate().any(|(i, &p)| {
        interior[i + 1..]
            .iter()
            .any(|&q| !board.neighbors(p).any(|n| n == q))
    })
}

/// `board` with the stones of `dead` taken off.
fn without_dead(board: &Board, dead: &DeadStones) -> Board {
    let mut b = board.clone();
    let gone: Vec<Loc> = dead.iter(board).collect();
    for l in gone {
        // A location of this board: `set` cannot fail here.
        let _ = b.set(board.point(l), None);
    }
    b
}

/// The stones in seki on `board` once the stones of `dead` are taken off.
/// Dead stones are never in seki.
///
/// The test, on the board with the dead stones taken off: an empty region (connected empty points, dead stones' points included) is
/// *shared* when it touches stones of both colours. A shared point is a
/// *seki point* when neither colour can play there without putting itself
/// in atari: the stone would capture nothing and leave its chain with at
/// most one liberty (or be a suicide; the tactics' self-atari test with
/// captures escaping). A chain is in seki when it is not
/// unconditionally alive, it has at least one liberty in a shared region,
/// all of its liberties in shared regions are seki points, and it shares one
/// of those regions with an opponent chain in seki (repeated until stable).
/// This finds the usual sekis (no eyes and two shared liberties; one eye
/// each and one shared liberty) and never calls a chain with an open liberty
/// that either side may approach safely a seki (three or more shared
/// liberties without eyes, for example, are left alive and neutral). The
/// rules' suicide rule only matters for the unconditional life test (a
/// suicide never helps to approach).
pub fn seki_stones(board: &Board, rules: &Rules, dead: &DeadStones) -> LocSet {
    let b = without_dead(board, dead);
    // Empty regions: an id per empty point, and whether each is shared.
    const NONE: u16 = u16::MAX;
    let mut region = [NONE; SLOTS];
    let mut shared: Vec<bool> = Vec::new();
    let mut stack = Vec::new();
    for start in b.locs() {
        if b.color_at(start).is_some() || region[start.index()] != NONE {
            continue;
        }
        let id = shared.len() as u16;
        let (mut black, mut white) = (false, false);
        region[start.index()] = id;
        stack.push(start);
        while let Some(l) = stack.pop() {
            for n in b.neighbors(l) {
                match b.color_at(n) {
                    Some(Color::Black) => black = true,
                    Some(Color::White) => white = true,
                    None if region[n.index()] == NONE => {
                        region[n.index()] = id;
                        stack.push(n);
                    }
                    None => {}
                }
            }
        }
        shared.push(black && white);
    }
    if !shared.iter().any(|&s| s) {
        return LocSet::new();
    }
    let alive = [
        analyse(&b, Color::Black, rules.suicide).alive_heads,
        analyse(&b, Color::White, rules.suicide).alive_heads,
    ];
    // 0 unknown, 1 seki point, 2 approachable.
    let mut point_kind = [0u8; SLOTS];
    // Candidate chains: head -> the shared regions its liberties touch.
    let mut candidates: Vec<(Loc, Color, Vec<u16>)> = Vec::new();
    for h in b.locs() {
        let Some(c) = b.color_at(h) else { continue };
        if b.chain_head(h) != Some(h) || alive[c.index()].contains(h) {
            continue;
        }
        let mut regions_touched = Vec::new();
        let mut ok = true;
        'chain: for s in b.chain(h) {
            for n in b.neighbors(s) {
                if !b.is_empty_at(n) {
                    continue;
                }
                let id = region[n.index()];
                if id == NONE || !shared[id as usize] {
                    continue;
                }
                if point_kind[n.index()] == 0 {
                    let seki = [Color::Black, Color::White]
                        .iter()
                        .all(|&c| is_self_atari(&b, n, c, Captures::Escape));
                    point_kind[n.index()] = if seki { 1 } else { 2 };
                }
                if point_kind[n.index()] == 2 {
                    ok = false;
                    break 'chain;
                }
                if !regions_touched.contains(&id) {
                    regions_touched.push(id);
                }
            }
        }
        if ok && !regions_touched.is_empty() {
            candidates.push((h, c, regions_touched));
        }
    }
    // Keep only chains sharing a region with an opponent chain still kept.
    loop {
        let before = candidates.len();
        let snapshot = candidates.clone();
        candidates.retain(|(_, c, regs)| {
            snapshot
                .iter()
                .any(|(_, oc, oregs)| *oc != *c && regs.iter().any(|r| oregs.contains(r)))
        });
        if candidates.len() == before {
            break;
        }
    }
    let mut out = LocSet::new();
    for (h, _, _) in &candidates {
        out.extend(b.chain(*h));
    }
    out
}

/// The status of every stone of `board`, in location order, given the dead
/// stones: those of `dead` are dead, those of [`seki_stones`] in seki, the
/// rest alive.
pub fn stone_statuses_with(
    board: &Board,
    rules: &Rules,
    dead: &DeadStones,
) -> Vec<(Loc, StoneStatus)> {
    let seki = seki_stones(board, rules, dead);
    board
        .locs()
        .filter(|&l| board.color_at(l).is_some())
        .map(|l| {
            let s = if dead.contains(l) {
                StoneStatus::Dead
            } else if seki.contains(l) {
                StoneStatus::Seki
            } else {
                StoneStatus::Alive
            };
            (l, s)
        })
        .collect()
}
