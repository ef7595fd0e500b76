//! The one random generator of the playouts and the search, and the
//! draws made from it: a leaf of the playout folder, which every playout
//! rule and the search's workers read.

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The one random generator of the playouts and the search: xoshiro256++,
/// seeded through SplitMix64.
///
/// It replaced a hand-rolled SplitMix64 stepper in the heavy playout and
/// the search at a measured cost of about 1% more instructions per search
/// on 9x9 and 2% on 19x19 (callgrind, one thread, 4,000 playouts, three
/// seeds; the playouts themselves played the same number of moves): below
/// the noise of wall-clock benches, and not worth a second generator.
pub(crate) type Rng = Xoshiro256PlusPlus;

/// A generator seeded with `seed`.
pub(crate) fn rng(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// A uniform random integer below `n` (`n > 0`): Lemire's multiply and
/// shift, with the rare rejection step that makes it exactly uniform.
#[inline(always)]
pub(crate) fn below(rng: &mut Rng, n: u32) -> u32 {
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// A uniform random number in `[0, 1)`.
#[inline(always)]
pub(crate) fn unit(rng: &mut Rng) -> f32 {
    // 24 random bits: every value is exact in an f32, and below 1.
    (rng.next_u32() >> 8) as f32 * (1.0 / (1u32 << 24) as f32)
}

/// For tests: a planar board of `size` after up to `moves` uniformly
/// random legal moves that fill no own eye, Black first.
#[cfg(test)]
pub(crate) fn random_board(size: usize, moves: usize, rng: &mut Rng) -> crate::board::Board {
    use crate::color::Color;
    let mut b = crate::board::Board::new(size, crate::geometry::Topology::Planar).unwrap();
    let mut c = Color::Black;
    for _ in 0..moves {
        let empties: Vec<_> = b
            .empty_locs()
            .filter(|&l| b.is_legal_simple(l, c) && !b.is_eye(l, c))
            .collect();
        if empties.is_empty() {
            break;
        }
        b.play_unchecked(empties[below(rng, empties.len() as u32) as usize], c);
        c = c.opponent();
    }
    b
}

/// True with probability `num / 256`.
#[inline(always)]
pub(crate) fn chance(rng: &mut Rng, num: u32) -> bool {
    (rng.next_u32() >> 24) < num
}
