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
//! | 4 | format version, 1 |
//! | 4 | the number of fixed features, [`FIXED_COUNT`] |
//! | 4 | the number of patterns `P` |
//! | 4 x fixed | the fixed features' gammas, `f32` |
//! | 4 | the gamma of a pattern not in the table, `f32` |
//! | 8 x `P` | the patterns, ascending by code: `u32` code, `f32` gamma |
//!
//! Every gamma must be finite and above 0, every code a canonical pattern
//! below 2^24, and the file must end after the last pattern.

use super::features::{MoveFeatures, FIXED_COUNT, NO_PATTERN};
use rustc_hash::FxHashMap;
use std::fmt;

/// The magic bytes that start a weights file.
pub const MAGIC: [u8; 8] = *b"TENGENMM";
/// The weights format this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// The weights shipped with tengen (`data/patterns-v1.bin`).
const BUILTIN: &[u8] = include_bytes!("../../data/patterns-v1.bin");

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
    /// features, then the unknown pattern, then the patterns).
    Gamma(usize),
    /// A pattern code is out of range, not canonical, or not after the
    /// one before.
    Pattern(u32),
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
}

impl fmt::Debug for Model {
    /// A summary: the pattern table has hundreds of entries.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Model")
            .field("fixed", &self.fixed)
            .field("unknown_pattern", &self.unknown_pattern)
            .field("patterns", &self.patterns.len())
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
        })
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

    /// The number of patterns in the table.
    pub fn pattern_count(&self) -> usize {
        self.patterns.len()
    }

    /// A move's strength: the product of its features' gammas.
    #[inline]
    pub fn strength(&self, f: &MoveFeatures) -> f32 {
        let mut s = self.pattern_gamma(f.pattern);
        for &id in f.fixed() {
            s *= self.fixed_gamma(id);
        }
        s
    }

    /// The model as a weights file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut pats: Vec<(u32, f32)> = self.patterns.iter().map(|(&c, &g)| (c, g)).collect();
        pats.sort_unstable_by_key(|p| p.0);
        let mut out = Vec::with_capacity(24 + 4 * FIXED_COUNT + 4 + 8 * pats.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(FIXED_COUNT as u32).to_le_bytes());
        out.extend_from_slice(&(pats.len() as u32).to_le_bytes());
        for g in self.fixed {
            out.extend_from_slice(&g.to_le_bytes());
        }
        out.extend_from_slice(&self.unknown_pattern.to_le_bytes());
        for (c, g) in pats {
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
        let header = 20u64;
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
        let expected = header + 4 * FIXED_COUNT as u64 + 4 + 8 * n;
        if bytes.len() as u64 != expected {
            return Err(short(expected));
        }
        let float = |at: usize| f32::from_bits(word(at).unwrap_or(0));
        let mut fixed = [0f32; FIXED_COUNT];
        for (i, g) in fixed.iter_mut().enumerate() {
            *g = float(20 + 4 * i);
        }
        let at = 20 + 4 * FIXED_COUNT;
        let unknown = float(at);
        let patterns: Vec<(u32, f32)> = (0..n as usize)
            .map(|i| {
                let p = at + 4 + 8 * i;
                (word(p).unwrap_or(u32::MAX), float(p + 4))
            })
            .collect();
        Model::from_gammas(fixed, unknown, &patterns)
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
