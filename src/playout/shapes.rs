//! Learned 3x3 shapes for the heavy playout: the learned model's gamma of
//! each 3x3 pattern with liberties, looked up as the pattern stands on the
//! board (every symmetry of every known pattern is in the table), so a
//! playout scores a point with eight cell reads and one probe.
//!
//! The table is built once per search engine (`Search::new`) from the
//! model's canonical patterns ([`LearnedShapes::new`]) and only read by the playouts, which therefore
//! still allocate nothing. Only the patterns of a gamma worth playing are
//! kept, and a bitmap over the plain 3x3 code (colours only, 16 bits) says
//! whether a point can match one at all, so most points cost no liberty
//! reads.

use super::random::{unit, Rng};
use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, OFF};
use crate::tactics::{is_self_atari, liberty_states, pattern_code, symmetries, Captures, Dirs};

/// The weight of "no local shape" against the candidates' summed gammas
/// in [`LearnedShapes::pick`] (a lone shape of gamma 9 is played 9 times
/// in 10); hand-set.
const SHAPE_ELSEWHERE: f32 = 1.0;

/// A key no pattern has: the states are 3 bits each, 24 bits in all.
const EMPTY_KEY: u32 = u32::MAX;

/// The gammas of the 3x3 patterns with liberties worth playing, by their
/// code as seen on the board (3 bits a neighbour, in the order of the
/// direction table); 0 for any other pattern.
#[derive(Clone)]
pub struct LearnedShapes {
    /// Open addressing with linear probing; a power of two long, at most a
    /// quarter full.
    keys: Box<[u32]>,
    gammas: Box<[f32]>,
    /// Per colour to move (black, white), one bit per plain 3x3 code
    /// ([`pattern_code`](crate::tactics)): some kept pattern looks like
    /// it once its liberties are ignored.
    plain: [Box<[u64]>; 2],
}

impl std::fmt::Debug for LearnedShapes {
    /// A summary: the table has thousands of slots.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LearnedShapes")
            .field(
                "patterns",
                &self.keys.iter().filter(|&&k| k != EMPTY_KEY).count(),
            )
            .finish()
    }
}

/// The plain 3x3 code (the board's cell codes, 2 bits a neighbour) of a
/// pattern with liberties seen with `c` to move.
fn plain_code(code: u32, c: Color) -> usize {
    let mut plain = 0usize;
    for k in 0..8 {
        let cell = match (code >> (3 * k)) & 7 {
            0 => Board::EMPTY_CODE,
            1 => Board::BORDER_CODE,
            2..=4 => Board::stone_code(c),
            _ => Board::stone_code(c.opponent()),
        };
        plain |= usize::from(cell) << (2 * k);
    }
    plain
}

/// The code of the 3-bit `states` seen through permutation `perm`.
fn permuted(states: [u8; 8], perm: &[u8; 8]) -> u32 {
    let mut code = 0u32;
    for (k, &s) in states.iter().enumerate() {
        code |= u32::from(s & 7) << (3 * u32::from(perm[k]));
    }
    code
}

impl LearnedShapes {
    /// The table of those `patterns` (canonical codes and their gammas,
    /// as the learned model holds them) whose gamma is at least `least`
    /// (and above 0); any other pattern has gamma 0.
    pub fn new(patterns: impl IntoIterator<Item = (u32, f32)>, least: f32) -> LearnedShapes {
        let patterns: Vec<(u32, f32)> = patterns
            .into_iter()
            .filter(|&(_, g)| g >= least && g > 0.0)
            .collect();
        let slots = (patterns.len() * 8 * 4).next_power_of_two().max(16);
        let mut table = LearnedShapes {
            keys: vec![EMPTY_KEY; slots].into_boxed_slice(),
            gammas: vec![0.0; slots].into_boxed_slice(),
            plain: [
                vec![0u64; 1 << 10].into_boxed_slice(),
                vec![0u64; 1 << 10].into_boxed_slice(),
            ],
        };
        for (code, gamma) in patterns {
            let mut states = [0u8; 8];
            for (k, s) in states.iter_mut().enumerate() {
                *s = ((code >> (3 * k)) & 7) as u8;
            }
            for perm in symmetries() {
                let turned = permuted(states, perm);
                table.insert(turned, gamma);
                for (i, c) in [Color::Black, Color::White].into_iter().enumerate() {
                    let p = plain_code(turned, c);
                    table.plain[i][p / 64] |= 1 << (p % 64);
                }
            }
        }
        table
    }

    /// Whether a point whose plain 3x3 code is `code`, with `c` to move,
    /// can match a kept pattern (if not, its gamma is 0).
    #[inline(always)]
    pub(crate) fn may_match(&self, code: usize, c: Color) -> bool {
        let bits = &self.plain[usize::from(c == Color::White)];
        bits[(code / 64) & (bits.len() - 1)] & (1 << (code % 64)) != 0
    }

    #[inline(always)]
    fn slot(&self, code: u32) -> usize {
        // Fibonacci hashing onto the table's power-of-two length.
        (code.wrapping_mul(0x9E37_79B9) as usize) & (self.keys.len() - 1)
    }

    fn insert(&mut self, code: u32, gamma: f32) {
        let mask = self.keys.len() - 1;
        let mut i = self.slot(code);
        while self.keys[i] != EMPTY_KEY && self.keys[i] != code {
            i = (i + 1) & mask;
        }
        self.keys[i] = code;
        self.gammas[i] = gamma;
    }

    /// The gamma of the pattern whose neighbours have `states` (the
    /// learned model's [`liberty_state`](crate::tactics) codes, in the
    /// direction table's order).
    #[inline(always)]
    pub(crate) fn gamma(&self, states: [u8; 8]) -> f32 {
        let mut code = 0u32;
        for (k, &s) in states.iter().enumerate() {
            code |= u32::from(s) << (3 * k);
        }
        let mask = self.keys.len() - 1;
        let mut i = self.slot(code);
        loop {
            let k = self.keys[i];
            if k == code {
                return self.gammas[i];
            }
            if k == EMPTY_KEY {
                return 0.0;
            }
            i = (i + 1) & mask;
        }
    }

    /// The heavy playout's learned local shape for `c`: among the empty
    /// points next to `lm` whose pattern the table keeps, one drawn in
    /// proportion to its gamma against [`SHAPE_ELSEWHERE`] for none;
    /// played if legal and not a self-atari.
    #[inline]
    pub(crate) fn pick(
        &self,
        rng: &mut Rng,
        dirs: &Dirs,
        board: &Board,
        c: Color,
        lm: Loc,
    ) -> Option<Loc> {
        let me = Board::stone_code(c);
        let mut cand = [0u16; 8];
        let mut weight = [0f32; 8];
        let mut nc = 0;
        let mut total = 0f32;
        for &n in &dirs[lm.index()] {
            if n == OFF || board.cell_code(n as usize) != Board::EMPTY_CODE {
                continue;
            }
            if !self.may_match(pattern_code(board, dirs, Loc(n)), c) {
                continue;
            }
            let g = self.gamma(liberty_states(board, dirs, Loc(n), me));
            if g > 0.0 {
                cand[nc] = n;
                weight[nc] = g;
                total += g;
                nc += 1;
            }
        }
        if nc == 0 {
            return None;
        }
        let mut r = unit(rng) * (total + SHAPE_ELSEWHERE);
        for k in 0..nc {
            if r < weight[k] {
                let l = Loc(cand[k]);
                return (board.is_legal_simple(l, c)
                    && !is_self_atari(board, l, c, Captures::GiveOneLiberty))
                .then_some(l);
            }
            r -= weight[k];
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::{transform, DIR_DELTAS};

    /// A naive reference: the gamma of the first listed pattern equal to
    /// `states` under some symmetry, found by turning the board's offsets.
    fn naive(patterns: &[(u32, f32)], unknown: f32, states: [u8; 8]) -> f32 {
        for &(code, gamma) in patterns {
            for t in 0..8 {
                // The pattern turned by t: the state in direction k moves
                // to the direction k's offset turns into.
                let mut turned = [0u8; 8];
                for (k, &d) in DIR_DELTAS.iter().enumerate() {
                    let to = transform(t, d);
                    let j = DIR_DELTAS.iter().position(|&e| e == to).unwrap();
                    turned[j] = ((code >> (3 * k)) & 7) as u8;
                }
                if turned == states {
                    return gamma;
                }
            }
        }
        unknown
    }

    #[test]
    fn every_symmetry_of_a_known_pattern_has_its_gamma() {
        // 150 random patterns, no two the same under a symmetry, so that
        // every code on the board has one gamma.
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut patterns: Vec<(u32, f32)> = Vec::new();
        while patterns.len() < 150 {
            let code = (next() & 0xFF_FFFF) as u32;
            let mut states = [0u8; 8];
            for (k, s) in states.iter_mut().enumerate() {
                *s = ((code >> (3 * k)) & 7) as u8;
            }
            // Skip a pattern that is a symmetry of one already listed.
            if naive(&patterns, 0.0, states) > 0.0 {
                continue;
            }
            patterns.push((code, 0.5 + patterns.len() as f32));
        }
        let table = LearnedShapes::new(patterns.iter().copied(), 0.0);
        let mut found = 0;
        for _ in 0..4_000 {
            // Half the probes from the listed patterns (turned), half at
            // random.
            let r = next();
            let mut states = [0u8; 8];
            if r & 1 == 0 {
                let (code, _) = patterns[(r >> 8) as usize % patterns.len()];
                let perm = &symmetries()[(r >> 4) as usize % 8];
                for k in 0..8 {
                    states[usize::from(perm[k])] = ((code >> (3 * k)) & 7) as u8;
                }
            } else {
                for (k, s) in states.iter_mut().enumerate() {
                    *s = ((r >> (8 + 3 * k)) & 7) as u8;
                }
            }
            let expected = naive(&patterns, 0.0, states);
            found += usize::from(expected != 0.0);
            assert_eq!(table.gamma(states), expected, "{states:?}");
        }
        assert!(found > 1_800, "{found} probes hit a known pattern");
    }
}
