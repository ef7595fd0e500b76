//! The move-prediction model: one gamma per feature value (Coulom's
//! generalised Bradley-Terry model with teams). A move's strength is the
//! product of its features' gammas, and its probability its strength over
//! the sum of the legal moves' strengths.
//!
//! The weights file, little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `TENGENMM` |
//! | 4 | format version, 2 |
//! | 4 | the number of fixed features, [`FIXED_COUNT`] |
//! | 4 | the number of 3x3 patterns `P` |
//! | 4 | the number of large patterns `L` |
//! | 4 x fixed | the fixed features' gammas, `f32` |
//! | 4 | the gamma of a 3x3 pattern not in the table, `f32` |
//! | 4 | the gamma of a move none of whose large patterns is in the table, `f32` |
//! | 8 x `P` | the 3x3 patterns, ascending by code: `u32` code, `f32` gamma |
//! | 12 x `L` | the large patterns, ascending by code: `u64` code, `f32` gamma |
//!
//! Every gamma must be finite and above 0, every code a canonical pattern
//! (3x3 below 2^24; large with its radius in the top byte), and the file
//! must end after the last pattern. Version 1 had no large patterns and
//! 59 fixed features.

use super::features::{
    is_canonical_large, large_symmetries, MoveFeatures, FIXED_COUNT, NO_LARGE, NO_PATTERN,
};
use rustc_hash::FxHashMap;
use std::fmt;

/// The bytes of a weights file's header: magic, version and the three
/// counts.
const HEADER: usize = 24;

/// The magic bytes that start a weights file.
pub const MAGIC: [u8; 8] = *b"TENGENMM";
/// The weights format this build reads and writes.
pub const FORMAT_VERSION: u32 = 2;

/// The weights shipped with tengen (`data/patterns-v2.bin`).
const BUILTIN: &[u8] = include_bytes!("../../data/patterns-v2.bin");

/// Why a weights file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// The file does not start with [`MAGIC`].
    Magic,
    /// The file is of another format version.
    Version(u32),
    /// The file was written for another set of fixed features.
    FixedCount(u32),
    /// The file ends early, or goes on after its last pattern.
    Length {
        /// The bytes the header announces.
        expected: u64,
        /// The bytes there are.
        found: u64,
    },
    /// A gamma is not finite or not above 0 (its index: the fixed
    /// features, then the unknown pattern, then the patterns; the large
    /// patterns' are reported as [`WeightsError::LargeGamma`]).
    Gamma(usize),
    /// A pattern code is out of range, not canonical, or not after the
    /// one before.
    Pattern(u32),
    /// A large pattern's gamma is not finite or not above 0 (its index:
    /// the unknown large pattern, then the large patterns).
    LargeGamma(usize),
    /// A large pattern code is not canonical, or not after the one before.
    LargePattern(u64),
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Magic => f.write_str("not a tengen weights file (wrong magic bytes)"),
            WeightsError::Version(v) => write!(
                f,
                "weights format version {v}; this tengen reads version {FORMAT_VERSION}"
            ),
            WeightsError::FixedCount(n) => write!(
                f,
                "the file has {n} fixed features; this tengen has {FIXED_COUNT}"
            ),
            WeightsError::Length { expected, found } => write!(
                f,
                "the file should be {expected} bytes long but is {found} (truncated or padded)"
            ),
            WeightsError::Gamma(i) => write!(f, "gamma {i} is not a finite number above 0"),
            WeightsError::Pattern(c) => write!(
                f,
                "pattern code {c:#x} is not a canonical pattern in ascending order"
            ),
            WeightsError::LargeGamma(i) => {
                write!(f, "large pattern gamma {i} is not a finite number above 0")
            }
            WeightsError::LargePattern(c) => write!(
                f,
                "large pattern code {c:#x} is not a canonical pattern in ascending order"
            ),
        }
    }
}

impl std::error::Error for WeightsError {}

/// The gammas of every feature value.
#[derive(Clone, PartialEq)]
pub struct Model {
    fixed: [f32; FIXED_COUNT],
    unknown_pattern: f32,
    patterns: FxHashMap<u32, f32>,
    unknown_large: f32,
    /// The large patterns as in the file: canonical codes, ascending.
    large_canonical: Vec<(u64, f32)>,
    /// Every symmetry of every large pattern, so a move's pattern is
    /// matched as seen on the board.
    large: FxHashMap<u64, f32>,
}

impl fmt::Debug for Model {
    /// A summary: the pattern table has hundreds of entries.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Model")
            .field("fixed", &self.fixed)
            .field("unknown_pattern", &self.unknown_pattern)
            .field("patterns", &self.patterns.len())
            .field("unknown_large", &self.unknown_large)
            .field("large", &self.large_canonical.len())
            .finish()
    }
}

impl Model {
    /// A model where every gamma is 1: all moves equally likely.
    pub fn uniform() -> Model {
        Model {
            fixed: [1.0; FIXED_COUNT],
            unknown_pattern: 1.0,
            patterns: FxHashMap::default(),
            unknown_large: 1.0,
            large_canonical: Vec::new(),
            large: FxHashMap::default(),
        }
    }

    /// A model from its gammas: the fixed features', the unknown pattern's
    /// and the patterns' (code, gamma).
    ///
    /// # Errors
    /// As [`Model::from_bytes`] for a bad gamma or pattern code.
    pub fn from_gammas(
        fixed: [f32; FIXED_COUNT],
        unknown_pattern: f32,
        patterns: &[(u32, f32)],
    ) -> Result<Model, WeightsError> {
        let ok = |g: f32| g.is_finite() && g > 0.0;
        if let Some(i) = fixed.iter().position(|&g| !ok(g)) {
            return Err(WeightsError::Gamma(i));
        }
        if !ok(unknown_pattern) {
            return Err(WeightsError::Gamma(FIXED_COUNT));
        }
        let mut map = FxHashMap::default();
        let mut prev = None;
        for (i, &(code, g)) in patterns.iter().enumerate() {
            if !ok(g) {
                return Err(WeightsError::Gamma(FIXED_COUNT + 1 + i));
            }
            let canonical = code < (1 << 24) && super::features::canonical(states_of(code)) == code;
            if !canonical || prev.is_some_and(|p| p >= code) {
                return Err(WeightsError::Pattern(code));
            }
            prev = Some(code);
            map.insert(code, g);
        }
        Ok(Model {
            fixed,
            unknown_pattern,
            patterns: map,
            unknown_large: 1.0,
            large_canonical: Vec::new(),
            large: FxHashMap::default(),
        })
    }

    /// The model with large patterns: the gamma of a move none of whose
    /// large patterns is known, and the known ones' (code, gamma), codes
    /// ascending.
    ///
    /// # Errors
    /// A gamma that is not finite or not above 0, or a code that is not
    /// a canonical large pattern in ascending order.
    pub fn with_large(mut self, unknown: f32, large: &[(u64, f32)]) -> Result<Model, WeightsError> {
        let ok = |g: f32| g.is_finite() && g > 0.0;
        if !ok(unknown) {
            return Err(WeightsError::LargeGamma(0));
        }
        let mut map = FxHashMap::default();
        let mut prev = None;
        for (i, &(code, g)) in large.iter().enumerate() {
            if !ok(g) {
                return Err(WeightsError::LargeGamma(1 + i));
            }
            if !is_canonical_large(code) || prev.is_some_and(|p| p >= code) {
                return Err(WeightsError::LargePattern(code));
            }
            prev = Some(code);
            for c in large_symmetries(code) {
                map.insert(c, g);
            }
        }
        self.unknown_large = unknown;
        self.large_canonical = large.to_vec();
        self.large = map;
        Ok(self)
    }

    /// The model shipped with tengen, read once (a uniform model if the
    /// shipped file were ever unreadable, which a test rules out).
    pub fn builtin() -> &'static Model {
        static MODEL: std::sync::OnceLock<Model> = std::sync::OnceLock::new();
        MODEL.get_or_init(|| Model::from_bytes(BUILTIN).unwrap_or_else(|_| Model::uniform()))
    }

    /// The gamma of fixed feature `id` (1 for an id out of range).
    pub fn fixed_gamma(&self, id: u16) -> f32 {
        self.fixed.get(usize::from(id)).copied().unwrap_or(1.0)
    }

    /// The gamma of a canonical pattern code (the unknown pattern's if the
    /// table lacks it; 1 for [`NO_PATTERN`]).
    pub fn pattern_gamma(&self, code: u32) -> f32 {
        if code == NO_PATTERN {
            return 1.0;
        }
        self.patterns
            .get(&code)
            .copied()
            .unwrap_or(self.unknown_pattern)
    }

    /// The 3x3 patterns of the table: canonical codes and their gammas,
    /// in no particular order.
    pub fn patterns(&self) -> impl Iterator<Item = (u32, f32)> + '_ {
        self.patterns.iter().map(|(&c, &g)| (c, g))
    }

    /// The gamma of a 3x3 pattern the table does not hold.
    pub fn unknown_pattern_gamma(&self) -> f32 {
        self.unknown_pattern
    }

    /// The number of patterns in the table.
    pub fn pattern_count(&self) -> usize {
        self.patterns.len()
    }

    /// The number of large patterns in the table (canonical forms).
    pub fn large_count(&self) -> usize {
        self.large_canonical.len()
    }

    /// The gamma of a move's large patterns: the largest the table knows
    /// (the unknown one's if none; 1 for a pass).
    pub fn large_gamma(&self, codes: &[u64; 2]) -> f32 {
        if codes[0] == NO_LARGE {
            return 1.0;
        }
        codes
            .iter()
            .find_map(|c| self.large.get(c).copied())
            .unwrap_or(self.unknown_large)
    }

    /// A move's strength: the product of its features' gammas.
    #[inline]
    pub fn strength(&self, f: &MoveFeatures) -> f32 {
        let mut s = self.pattern_gamma(f.pattern) * self.large_gamma(&f.large);
        for &id in f.fixed() {
            s *= self.fixed_gamma(id);
        }
        s
    }

    /// The model as a weights file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut pats: Vec<(u32, f32)> = self.patterns.iter().map(|(&c, &g)| (c, g)).collect();
        pats.sort_unstable_by_key(|p| p.0);
        let large = &self.large_canonical;
        let mut out =
            Vec::with_capacity(HEADER + 4 * FIXED_COUNT + 8 + 8 * pats.len() + 12 * large.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(FIXED_COUNT as u32).to_le_bytes());
        out.extend_from_slice(&(pats.len() as u32).to_le_bytes());
        out.extend_from_slice(&(large.len() as u32).to_le_bytes());
        for g in self.fixed {
            out.extend_from_slice(&g.to_le_bytes());
        }
        out.extend_from_slice(&self.unknown_pattern.to_le_bytes());
        out.extend_from_slice(&self.unknown_large.to_le_bytes());
        for (c, g) in pats {
            out.extend_from_slice(&c.to_le_bytes());
            out.extend_from_slice(&g.to_le_bytes());
        }
        for &(c, g) in large {
            out.extend_from_slice(&c.to_le_bytes());
            out.extend_from_slice(&g.to_le_bytes());
        }
        out
    }

    /// Reads a weights file (see the module's format).
    ///
    /// # Errors
    /// A [`WeightsError`] saying what is wrong; never a panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<Model, WeightsError> {
        if bytes.len() < 8 || bytes[..8] != MAGIC {
            return Err(WeightsError::Magic);
        }
        let word = |at: usize| -> Option<u32> {
            let b = bytes.get(at..at + 4)?;
            Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        };
        let header = HEADER as u64;
        let short = |expected: u64| WeightsError::Length {
            expected,
            found: bytes.len() as u64,
        };
        let version = word(8).ok_or(short(header))?;
        if version != FORMAT_VERSION {
            return Err(WeightsError::Version(version));
        }
        let fixed_count = word(12).ok_or(short(header))?;
        if fixed_count as usize != FIXED_COUNT {
            return Err(WeightsError::FixedCount(fixed_count));
        }
        let n = u64::from(word(16).ok_or(short(header))?);
        let m = u64::from(word(20).ok_or(short(header))?);
        let expected = header + 4 * FIXED_COUNT as u64 + 8 + 8 * n + 12 * m;
        if bytes.len() as u64 != expected {
            return Err(short(expected));
        }
        let float = |at: usize| f32::from_bits(word(at).unwrap_or(0));
        let mut fixed = [0f32; FIXED_COUNT];
        for (i, g) in fixed.iter_mut().enumerate() {
            *g = float(HEADER + 4 * i);
        }
        let at = HEADER + 4 * FIXED_COUNT;
        let unknown = float(at);
        let unknown_large = float(at + 4);
        let at = at + 8;
        let patterns: Vec<(u32, f32)> = (0..n as usize)
            .map(|i| {
                let p = at + 8 * i;
                (word(p).unwrap_or(u32::MAX), float(p + 4))
            })
            .collect();
        let at = at + 8 * n as usize;
        let large: Vec<(u64, f32)> = (0..m as usize)
            .map(|i| {
                let p = at + 12 * i;
                let lo = u64::from(word(p).unwrap_or(u32::MAX));
                let hi = u64::from(word(p + 4).unwrap_or(u32::MAX));
                (lo | hi << 32, float(p + 8))
            })
            .collect();
        Model::from_gammas(fixed, unknown, &patterns)?.with_large(unknown_large, &large)
    }
}

/// The eight 3-bit states of a pattern code.
fn states_of(code: u32) -> [u8; 8] {
    let mut s = [0u8; 8];
    for (k, v) in s.iter_mut().enumerate() {
        *v = ((code >> (3 * k)) & 7) as u8;
    }
    s
}
