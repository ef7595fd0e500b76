//! Zobrist hash keys, generated at compile time (no init call), and the
//! one 64-bit mixer ([`mix64`]) that seeds and splits are hashed with.

use crate::color::Color;
use crate::geometry::SLOTS;

/// The increment of the SplitMix64 generator (the golden ratio's
/// fraction), also the multiplier that spreads small indices before
/// [`mix64`].
pub(crate) const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's finaliser: a bijection of 64-bit words in which nearby
/// inputs land far apart. The one home of the mixing every derived seed
/// (a teacher game's, a balance sample's) and the held-out split use.
#[inline]
pub(crate) const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One step of the SplitMix64 generator, usable in constant evaluation.
const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(GOLDEN_GAMMA);
    (s, mix64(s))
}

const fn build() -> [[u64; SLOTS]; 2] {
    let mut t = [[0u64; SLOTS]; 2];
    let mut state = 0x7465_6E67_656E_2121; // "tengen!!"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        // The off-board slot keeps key 0: it never holds a stone.
        while i < SLOTS - 1 {
            let (s, v) = splitmix(state);
            state = s;
            t[c][i] = v;
            i += 1;
        }
        c += 1;
    }
    t
}

static STONE: [[u64; SLOTS]; 2] = build();

/// The key XOR-ed into a situational hash when White is to move.
pub(crate) const WHITE_TO_MOVE: u64 = splitmix(0x5349_5455_4154_494F).1;

/// The key of a stone of colour `c` at location index `i`.
#[inline(always)]
pub(crate) fn stone(c: Color, i: usize) -> u64 {
    STONE[c.index()][i]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut all: Vec<u64> = STONE.iter().flat_map(|r| r[..SLOTS - 1].to_vec()).collect();
        all.push(WHITE_TO_MOVE);
        assert!(all.iter().all(|&k| k != 0));
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
