//! A fixed-size set of board locations.

use crate::geometry::{Loc, SLOTS};
use std::fmt;

const WORDS: usize = SLOTS.div_ceil(64);

/// A set of locations of one board: a fixed-size bit set (no heap), cheap
/// to copy. Iteration is in location order.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct LocSet {
    words: [u64; WORDS],
}

impl LocSet {
    /// The empty set.
    pub const fn new() -> LocSet {
        LocSet { words: [0; WORDS] }
    }

    /// Adds `l`; returns whether it was absent.
    pub fn insert(&mut self, l: Loc) -> bool {
        let (w, b) = (l.index() / 64, 1u64 << (l.index() % 64));
        let fresh = self.words[w] & b == 0;
        self.words[w] |= b;
        fresh
    }

    /// Removes `l`; returns whether it was present.
    pub fn remove(&mut self, l: Loc) -> bool {
        let (w, b) = (l.index() / 64, 1u64 << (l.index() % 64));
        let had = self.words[w] & b != 0;
        self.words[w] &= !b;
        had
    }

    /// Whether `l` is in the set.
    pub fn contains(&self, l: Loc) -> bool {
        self.words[l.index() / 64] & (1u64 << (l.index() % 64)) != 0
    }

    /// The number of locations in the set.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The locations of the set, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Loc> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(Loc((i * 64 + b) as u16))
            })
        })
    }
}

impl FromIterator<Loc> for LocSet {
    fn from_iter<I: IntoIterator<Item = Loc>>(iter: I) -> LocSet {
        let mut s = LocSet::new();
        for l in iter {
            s.insert(l);
        }
        s
    }
}

impl Extend<Loc> for LocSet {
    fn extend<I: IntoIterator<Item = Loc>>(&mut self, iter: I) {
        for l in iter {
            self.insert(l);
        }
    }
}

impl fmt::Debug for LocSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|l| l.index()))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate() {
        let mut s = LocSet::new();
        assert!(s.is_empty());
        assert!(s.insert(Loc(624)));
        assert!(s.insert(Loc(0)));
        assert!(s.insert(Loc(64)));
        assert!(!s.insert(Loc(64)));
        assert_eq!(s.len(), 3);
        assert!(s.contains(Loc(624)) && !s.contains(Loc(63)));
        assert_eq!(
            s.iter().map(|l| l.index()).collect::<Vec<_>>(),
            vec![0, 64, 624]
        );
        assert!(s.remove(Loc(0)));
        assert!(!s.remove(Loc(0)));
        assert_eq!(s.len(), 2);
    }
}
