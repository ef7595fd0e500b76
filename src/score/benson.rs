//! Unconditional life by Benson's algorithm.
//!
//! For a colour `c`, a *region* is a maximal connected set of points that
//! hold no `c` stone (empty points and opponent stones). A region is *vital*
//! to a `c` chain when the chain touches the region and every empty point
//! of the region is a liberty of the chain. Start with every `c` chain and
//! every region; then repeat until nothing changes: drop each chain with
//! fewer than two vital regions among the regions left, and drop each region
//! touched by a dropped chain. The chains left are *unconditionally alive*:
//! the opponent cannot capture them even if `c` passes for ever (D. B.
//! Benson, "Life in the game of Go", 1976).
//!
//! Benson's theorem assumes suicide is forbidden: opponent stones inside a
//! region can then leave it only by being captured. Where suicide is
//! allowed the opponent can empty a point of the region by a suicide, so a
//! region is vital only when *every* point of it (opponent stones included)
//! is next to the chain.

use super::set::LocSet;
use crate::board::Board;
use crate::color::{ByColor, Color};
use crate::geometry::{Loc, SLOTS};
use crate::rules::SuicideRule;

/// A region of one colour: a maximal connected set of points holding no
/// stone of that colour.
#[derive(Clone, Debug)]
pub(crate) struct Region {
    /// The points of the region (empty points and opponent stones).
    pub(crate) points: Vec<Loc>,
    /// Heads of the chains of the colour that touch the region, no repeats.
    pub(crate) border: Vec<Loc>,
    /// Heads of the chains to which the region is vital: chains of which
    /// every empty point of the region is a liberty (none when the region
    /// has no empty point).
    pub(crate) vital_to: Vec<Loc>,
}

/// Benson's analysis for one colour.
#[derive(Clone, Debug)]
pub(crate) struct Analysis {
    /// Every region of the colour.
    pub(crate) regions: Vec<Region>,
    /// Whether each region survived: every chain touching it is alive.
    pub(crate) healthy: Vec<bool>,
    /// Heads of the unconditionally alive chains.
    pub(crate) alive_heads: LocSet,
}

impl Analysis {
    /// Whether region `i` survived and is vital to an alive chain.
    pub(crate) fn is_vital(&self, i: usize) -> bool {
        self.healthy[i]
            && self.regions[i]
                .vital_to
                .iter()
                .any(|&h| self.alive_heads.contains(h))
    }

    /// Whether region `i` is touched by chains of the colour, all of them
    /// unconditionally alive.
    pub(crate) fn is_enclosed_by_alive(&self, i: usize) -> bool {
        self.healthy[i] && !self.regions[i].border.is_empty()
    }
}

/// The regions of colour `c` on `board`, in order of their first location.
/// With `suicide` allowed, vitality asks every point of a region to be next
/// to the chain, not only the empty ones.
pub(crate) fn regions(board: &Board, c: Color, suicide: SuicideRule) -> Vec<Region> {
    let strict = suicide == SuicideRule::Allowed;
    let mut seen = [false; SLOTS];
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for start in board.locs() {
        if seen[start.index()] || board.color_at(start) == Some(c) {
            continue;
        }
        seen[start.index()] = true;
        stack.push(start);
        let mut points = Vec::new();
        let mut border = Vec::new();
        while let Some(l) = stack.pop() {
            points.push(l);
            for n in board.neighbors(l) {
                if board.color_at(n) == Some(c) {
                    if let Some(h) = board.chain_head(n) {
                        if !border.contains(&h) {
                            border.push(h);
                        }
                    }
                } else if !seen[n.index()] {
                    seen[n.index()] = true;
                    stack.push(n);
                }
            }
        }
        points.sort_unstable();
        border.sort_unstable();
        let mut vital_to = border.clone();
        let mut any_empty = false;
        for &p in &points {
            if board.color_at(p).is_some() {
                if !strict {
                    continue;
                }
            } else {
                any_empty = true;
            }
            vital_to.retain(|&h| board.neighbors(p).any(|n| board.chain_head(n) == Some(h)));
        }
        if !any_empty {
            vital_to.clear();
        }
        out.push(Region {
            points,
            border,
            vital_to,
        });
    }
    out
}

/// Runs Benson's algorithm for colour `c`.
pub(crate) fn analyse(board: &Board, c: Color, suicide: SuicideRule) -> Analysis {
    let regions = regions(board, c, suicide);
    let mut healthy = vec![true; regions.len()];
    let mut alive_heads = LocSet::new();
    for l in board.locs() {
        if board.color_at(l) == Some(c) && board.chain_head(l) == Some(l) {
            alive_heads.insert(l);
        }
    }
    loop {
        let mut changed = false;
        let mut vital_count = [0u8; SLOTS];
        for (r, ok) in regions.iter().zip(&healthy) {
            if *ok {
                for &h in &r.vital_to {
                    vital_count[h.index()] = vital_count[h.index()].saturating_add(1);
                }
            }
        }
        let heads: Vec<Loc> = alive_heads.iter().collect();
        for h in heads {
            if vital_count[h.index()] < 2 {
                alive_heads.remove(h);
                changed = true;
            }
        }
        for (r, ok) in regions.iter().zip(healthy.iter_mut()) {
            if *ok && r.border.iter().any(|&h| !alive_heads.contains(h)) {
                *ok = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Analysis {
        regions,
        healthy,
        alive_heads,
    }
}

/// The result of Benson's algorithm for both colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Benson {
    /// The stones of each colour's unconditionally alive chains.
    pub alive: ByColor<LocSet>,
    /// The points of each colour's vital regions: regions touched only by
    /// that colour's unconditionally alive chains and vital to at least one
    /// of them. They hold empty points and opponent stones; the opponent can
    /// never live there, so they are that colour's safe territory.
    pub vital: ByColor<LocSet>,
}

impl Benson {
    /// Whether the stone at `l` belongs to an unconditionally alive chain.
    pub fn is_alive(&self, l: Loc) -> bool {
        self.alive.black.contains(l) || self.alive.white.contains(l)
    }

    /// The colour whose safe territory (vital region) holds `l`, if any.
    pub fn safe_owner(&self, l: Loc) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.vital[c].contains(l))
    }
}

/// Benson's algorithm on `board` with suicide forbidden: each colour's
/// unconditionally alive chains (alive even if their owner passes for ever)
/// and the vital regions they make safe. Works on planar and toroidal
/// boards. Where suicide is allowed use [`benson_with`].
pub fn benson(board: &Board) -> Benson {
    benson_with(board, SuicideRule::Forbidden)
}

/// Benson's algorithm on `board` under the given suicide rule: with suicide
/// allowed a region is vital to a chain only when every point of it is next
/// to the chain (the opponent could otherwise empty a point far from the
/// chain by a suicide and make an eye false).
pub fn benson_with(board: &Board, suicide: SuicideRule) -> Benson {
    let mut out = Benson {
        alive: ByColor::new(LocSet::new(), LocSet::new()),
        vital: ByColor::new(LocSet::new(), LocSet::new()),
    };
    for c in Color::ALL {
        let a = analyse(board, c, suicide);
        for l in board.locs() {
            if let Some(h) = board.chain_head(l) {
                if board.color_at(l) == Some(c) && a.alive_heads.contains(h) {
                    out.alive[c].insert(l);
                }
            }
        }
        for (i, r) in a.regions.iter().enumerate() {
            if a.is_vital(i) {
                out.vital[c].extend(r.points.iter().copied());
            }
        }
    }
    out
}
