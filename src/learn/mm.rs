//! Fitting the gammas by minorization-maximization (Hunter 2004, as
//! Coulom 2007 applied it to Go moves).
//!
//! Every training position is a competition between its legal moves,
//! won by the move the teacher chose. With `W_i` the wins of feature
//! value `i` (the chosen moves that have it) and, for competition `j`,
//! `E_j` the sum of its moves' strengths and `C_ij` the sum, over its
//! moves with value `i`, of their team-mates' product (strength over
//! `gamma_i`), the update
//!
//! ```text
//! gamma_i <- W_i / sum_j (C_ij / E_j)
//! ```
//!
//! maximises a function that touches the log-likelihood from below at the
//! current gammas, so the likelihood never decreases. Within one group a
//! move has one value at most, so a whole group updates at once; the
//! groups take turns. A prior of `prior` virtual wins and as many virtual
//! losses against a virtual move of gamma 1 (Coulom's choice, with 1)
//! adds `prior` to `W_i` and `2 prior / (gamma_i + 1)` to the sum: values
//! seldom or never chosen get a finite gamma below 1 instead of 0.
//!
//! Why MM rather than gradient descent on a softmax: each update is in
//! closed form, needs no learning rate or schedule, never lowers the
//! likelihood, and on this problem (tens of thousands of positions, a few
//! thousand gammas) converges in a few dozen passes over the data.

use super::features::{canonical_large, MoveFeatures, FIXED_COUNT, GROUPS, NO_LARGE, NO_PATTERN};
use super::model::Model;
use rustc_hash::FxHashMap;

/// The most feature ids of a candidate: the fixed ones, the 3x3 pattern
/// and the large one.
const MAX_IDS: usize = super::features::MAX_FIXED + 2;

/// The feature id of a pattern not in the table.
const UNKNOWN_PATTERN: u32 = FIXED_COUNT as u32;

/// Identical candidates of one position, merged.
#[derive(Clone, Debug)]
struct Candidate {
    ids: [u32; MAX_IDS],
    n: u8,
    count: u32,
}

/// One training position: its candidates and the index of the chosen one.
#[derive(Clone, Debug)]
struct Competition {
    start: u32,
    end: u32,
    chosen: u32,
}

/// The training positions with their candidates' features, ready for
/// [`fit`].
#[derive(Clone, Debug, Default)]
pub struct TrainingSet {
    comps: Vec<Competition>,
    cands: Vec<Candidate>,
    /// The patterns with a gamma of their own, by index (id
    /// `UNKNOWN_PATTERN + 1 + index`).
    patterns: Vec<u32>,
    /// The large patterns with a gamma of their own, by index (id
    /// `unknown_large() + 1 + index`).
    large: Vec<u64>,
}

/// The training positions as extracted, before the patterns get ids.
#[derive(Clone, Debug, Default)]
pub struct RawPositions {
    /// Per position: the distinct candidates with their counts, and the
    /// index of the chosen one.
    positions: Vec<(Vec<(MoveFeatures, u32)>, u32)>,
}

impl RawPositions {
    /// An empty set.
    pub fn new() -> RawPositions {
        RawPositions::default()
    }

    /// Adds a position: the features of every legal move (pass included)
    /// and the index of the chosen one among them.
    pub fn push(&mut self, mut moves: Vec<MoveFeatures>, chosen: usize) {
        // Large patterns are counted in their canonical form.
        for m in &mut moves {
            m.large = m.large.map(canonical_large);
        }
        let Some(&want) = moves.get(chosen) else {
            return;
        };
        moves.sort_unstable();
        let mut merged: Vec<(MoveFeatures, u32)> = Vec::new();
        for m in moves {
            match merged.last_mut() {
                Some((f, n)) if *f == m => *n += 1,
                _ => merged.push((m, 1)),
            }
        }
        let at = merged.iter().position(|(f, _)| *f == want).unwrap_or(0);
        self.positions.push((merged, at as u32));
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The training set: patterns chosen at least `min_pattern_wins`
    /// times get a gamma of their own, the others share the unknown
    /// pattern's.
    ///
    /// The same threshold decides which large patterns are known; a move
    /// gets the id of the largest of its large patterns that is.
    pub fn into_set(self, min_pattern_wins: u32) -> TrainingSet {
        let mut wins: FxHashMap<u32, u32> = FxHashMap::default();
        let mut large_wins: FxHashMap<u64, u32> = FxHashMap::default();
        for (c, chosen) in &self.positions {
            let f = &c[*chosen as usize].0;
            if f.pattern != NO_PATTERN {
                *wins.entry(f.pattern).or_insert(0) += 1;
            }
            for &code in &f.large {
                if code != NO_LARGE {
                    *large_wins.entry(code).or_insert(0) += 1;
                }
            }
        }
        let large = known(large_wins, min_pattern_wins);
        let patterns = known(wins, min_pattern_wins);
        let index: FxHashMap<u32, u32> = patterns
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, UNKNOWN_PATTERN + 1 + i as u32))
            .collect();
        let unknown_large = UNKNOWN_PATTERN + 1 + patterns.len() as u32;
        let large_index: FxHashMap<u64, u32> = large
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, unknown_large + 1 + i as u32))
            .collect();
        let mut set = TrainingSet {
            patterns,
            large,
            ..TrainingSet::default()
        };
        for (c, chosen) in self.positions {
            let start = set.cands.len() as u32;
            for (f, count) in c {
                let mut ids = [0u32; MAX_IDS];
                let mut n = 0;
                for &id in f.fixed() {
                    ids[n] = u32::from(id);
                    n += 1;
                }
                if f.pattern != NO_PATTERN {
                    ids[n] = index.get(&f.pattern).copied().unwrap_or(UNKNOWN_PATTERN);
                    n += 1;
                }
                if f.large[0] != NO_LARGE {
                    ids[n] = f
                        .large
                        .iter()
                        .find_map(|c| large_index.get(c).copied())
                        .unwrap_or(unknown_large);
                    n += 1;
                }
                set.cands.push(Candidate {
                    ids,
                    n: n as u8,
                    count,
                });
            }
            set.comps.push(Competition {
                start,
                end: set.cands.len() as u32,
                chosen: start + chosen,
            });
        }
        set
    }
}

/// The patterns chosen at least `min_wins` times (at least once),
/// ascending.
fn known<T: Ord + Copy>(wins: FxHashMap<T, u32>, min_wins: u32) -> Vec<T> {
    let mut v: Vec<T> = wins
        .into_iter()
        .filter(|&(_, n)| n >= min_wins.max(1))
        .map(|(p, _)| p)
        .collect();
    v.sort_unstable();
    v
}

impl TrainingSet {
    /// The number of positions.
    pub fn len(&self) -> usize {
        self.comps.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.comps.is_empty()
    }

    /// The number of gammas fitted.
    pub fn gamma_count(&self) -> usize {
        self.unknown_large() as usize + 1 + self.large.len()
    }

    /// The numbers of 3x3 and of large patterns with a gamma of their own.
    pub fn pattern_counts(&self) -> (usize, usize) {
        (self.patterns.len(), self.large.len())
    }

    /// The id of the unknown large pattern (after the 3x3 patterns).
    fn unknown_large(&self) -> u32 {
        UNKNOWN_PATTERN + 1 + self.patterns.len() as u32
    }

    /// The groups of ids that take turns: the fixed groups, then every
    /// 3x3 pattern (the unknown one included), then every large pattern.
    fn groups(&self) -> Vec<(u32, u32)> {
        let mut g: Vec<(u32, u32)> = GROUPS
            .iter()
            .map(|g| (u32::from(g.start), u32::from(g.start + g.len)))
            .collect();
        g.push((UNKNOWN_PATTERN, self.unknown_large()));
        g.push((self.unknown_large(), self.gamma_count() as u32));
        g
    }

    /// The mean log-likelihood of the chosen moves under `gammas`.
    pub fn log_likelihood(&self, gammas: &[f64]) -> f64 {
        if self.comps.is_empty() {
            return 0.0;
        }
        let mut sum = 0.0;
        for c in &self.comps {
            let mut e = 0.0;
            for cand in &self.cands[c.start as usize..c.end as usize] {
                e += f64::from(cand.count) * strength(cand, gammas);
            }
            sum += (strength(&self.cands[c.chosen as usize], gammas) / e).ln();
        }
        sum / self.comps.len() as f64
    }

    /// The model of fitted `gammas` (as [`fit`] returns them).
    ///
    /// # Errors
    /// A gamma that does not fit in an `f32` above 0.
    pub fn model(&self, gammas: &[f64]) -> Result<Model, super::model::WeightsError> {
        let g = |i: usize| gammas.get(i).copied().unwrap_or(1.0) as f32;
        let mut fixed = [1f32; FIXED_COUNT];
        for (i, f) in fixed.iter_mut().enumerate() {
            *f = g(i);
        }
        let patterns: Vec<(u32, f32)> = self
            .patterns
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, g(UNKNOWN_PATTERN as usize + 1 + i)))
            .collect();
        let ul = self.unknown_large() as usize;
        let large: Vec<(u64, f32)> = self
            .large
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, g(ul + 1 + i)))
            .collect();
        Model::from_gammas(fixed, g(UNKNOWN_PATTERN as usize), &patterns)?.with_large(g(ul), &large)
    }
}

#[inline]
fn strength(c: &Candidate, gammas: &[f64]) -> f64 {
    c.ids[..usize::from(c.n)]
        .iter()
        .map(|&i| gammas[i as usize])
        .product()
}

/// How [`fit`] runs.
#[derive(Clone, Copy, Debug)]
pub struct FitConfig {
    /// Passes over every group.
    pub iterations: usize,
    /// Virtual wins and losses of every gamma against a gamma of 1 (0 for
    /// none: then a value never chosen gets gamma 0).
    pub prior: f64,
}

/// Fits the gammas by MM, starting from 1; calls `progress(iteration,
/// mean log-likelihood)` after each pass. Deterministic.
pub fn fit(set: &TrainingSet, cfg: FitConfig, mut progress: impl FnMut(usize, f64)) -> Vec<f64> {
    let n = set.gamma_count();
    let mut gammas = vec![1.0f64; n];
    let mut wins = vec![0.0f64; n];
    for c in &set.comps {
        let cand = &set.cands[c.chosen as usize];
        for &i in &cand.ids[..usize::from(cand.n)] {
            wins[i as usize] += 1.0;
        }
    }
    let groups = set.groups();
    let mut denom = vec![0.0f64; n];
    let mut strengths: Vec<f64> = vec![0.0; set.cands.len()];
    for it in 0..cfg.iterations {
        for &(lo, hi) in &groups {
            let (lo, hi) = (lo as usize, hi as usize);
            denom[lo..hi].iter_mut().for_each(|d| *d = 0.0);
            for c in &set.comps {
                let range = c.start as usize..c.end as usize;
                let mut e = 0.0;
                for (s, cand) in strengths[range.clone()]
                    .iter_mut()
                    .zip(&set.cands[range.clone()])
                {
                    *s = strength(cand, &gammas);
                    e += f64::from(cand.count) * *s;
                }
                if e <= 0.0 {
                    continue;
                }
                for (s, cand) in strengths[range.clone()].iter().zip(&set.cands[range]) {
                    for &i in &cand.ids[..usize::from(cand.n)] {
                        let i = i as usize;
                        if (lo..hi).contains(&i) {
                            denom[i] += f64::from(cand.count) * s / gammas[i] / e;
                        }
                    }
                }
            }
            for i in lo..hi {
                let d = denom[i] + 2.0 * cfg.prior / (gammas[i] + 1.0);
                if d > 0.0 {
                    gammas[i] = (wins[i] + cfg.prior) / d;
                }
            }
        }
        progress(it + 1, set.log_likelihood(&gammas));
    }
    gammas
}

/// The chance that the chosen move is among the first `k` when moves are
/// ranked by `scores`, ties broken at random: 1 if fewer than `k` moves
/// score better and the ties fit, 0 if `k` or more score better, the
/// fraction of the tied places that fit otherwise.
pub fn top_k(scores: &[f32], chosen: usize, k: usize) -> f64 {
    let Some(&s) = scores.get(chosen) else {
        return 0.0;
    };
    let better = scores.iter().filter(|&&x| x > s).count();
    let tied = scores.iter().filter(|&&x| x == s).count().max(1);
    ((k as f64 - better as f64) / tied as f64).clamp(0.0, 1.0)
}
