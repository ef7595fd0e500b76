//! `tengen --set KEY=VALUE`: overrides of the search's tuning constants
//! by name ([`Tuning`]), for tuning matches. The constants themselves and
//! their defaults live in [`SearchConfig`].

use super::config::{SearchConfig, Widening};
use crate::playout::{PlayoutPolicy, RuleChances};
use std::fmt;

/// Overrides of the search's tuning constants by name, as
/// `tengen --set KEY=VALUE` takes them, for tuning matches: each `None`
/// keeps the level's value. The keys are those of [`Tuning::KEYS`].
///
/// ```
/// use tengen::search::{SearchConfig, Tuning};
///
/// let mut t = Tuning::default();
/// t.set("rave_equiv=1000").unwrap();
/// t.set("explore=0.2").unwrap();
/// assert!(t.set("rave=1000").is_err()); // unknown key
/// assert!(t.set("explore=-1").is_err()); // out of range
/// let c = t.apply(SearchConfig::default());
/// assert_eq!((c.rave_equiv, c.explore), (1000.0, 0.2));
/// assert_eq!(t.to_string(), "rave_equiv=1000 explore=0.2");
/// // The playout rules are switches: 0 or 1.
/// assert!(!SearchConfig::default().two_liberties);
/// t.set("two_liberties=1").unwrap();
/// assert!(t.set("two_liberties=2").is_err());
/// assert!(t.apply(SearchConfig::default()).two_liberties);
/// assert_eq!(t.to_string(), "rave_equiv=1000 explore=0.2 two_liberties=1");
/// // The learned playout shapes: the least gamma kept, 0 for none.
/// t.set("learned_shapes=2.5").unwrap();
/// assert!(t.set("learned_shapes=-1").is_err());
/// assert_eq!(t.apply(SearchConfig::default()).learned_shapes, 2.5);
/// // Widening from a number of children (0: off).
/// t.set("widen_start=20").unwrap();
/// assert_eq!(t.apply(SearchConfig::default()).widening.unwrap().start, 20);
/// t.set("widen_start=0").unwrap();
/// assert_eq!(t.apply(SearchConfig::default()).widening, None);
/// // The learned priors as wins only, on every size.
/// assert_eq!(SearchConfig::default().learned_wins_only, None);
/// t.set("learned_wins_only=1").unwrap();
/// assert!(t.apply(SearchConfig::default()).learned_wins_only_on(19));
/// t.set("learned_wins_only=0").unwrap();
/// assert!(!t.apply(SearchConfig::default()).learned_wins_only_on(9));
/// // The heavy playouts' rule chances, out of 256; the other keeps
/// // its default.
/// t.set("rule_chance=256").unwrap();
/// assert!(t.set("rule_chance=257").is_err());
/// let chances = t.apply(SearchConfig::default()).rule_chances;
/// assert_eq!((chances.rule, chances.capture_last), (256, 240));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tuning {
    /// [`SearchConfig::rave_equiv`].
    pub rave_equiv: Option<f32>,
    /// [`SearchConfig::explore`].
    pub explore: Option<f32>,
    /// [`SearchConfig::prior_even`].
    pub prior_even: Option<u16>,
    /// [`SearchConfig::learned_visits`].
    pub learned_visits: Option<u32>,
    /// [`SearchConfig::expand_threshold`] (0: by board size).
    pub expand_threshold: Option<u32>,
    /// [`SearchConfig::last_good_reply`] (0 off, 1 on).
    pub last_good_reply: Option<bool>,
    /// [`SearchConfig::two_liberties`] (0 off, 1 on).
    pub two_liberties: Option<bool>,
    /// [`SearchConfig::learned_shapes`] (0 off, else the least gamma).
    pub learned_shapes: Option<f32>,
    /// [`SearchConfig::playout_ladders`] (0 off, 1 on).
    pub playout_ladders: Option<bool>,
    /// [`SearchConfig::playout_ladder_attacks`] (0 off, 1 on).
    pub playout_ladder_attacks: Option<bool>,
    /// [`SearchConfig::fill_board`] (0 off, else the tries).
    pub fill_board: Option<u32>,
    /// [`SearchConfig::rave_weighting`] (0 off, 1 on).
    pub rave_weighting: Option<bool>,
    /// [`SearchConfig::score_bonus`].
    pub score_bonus: Option<f32>,
    /// [`SearchConfig::learned_wins_only`] (0 off, 1 on).
    pub learned_wins_only: Option<bool>,
    /// [`SearchConfig::widening`]: 0 off, else [`Widening::DEFAULT`]
    /// with this [`Widening::start`].
    pub widen_start: Option<u32>,
    /// [`SearchConfig::progressive_bias`].
    pub progressive_bias: Option<f32>,
    /// [`RuleChances::rule`] of [`SearchConfig::rule_chances`].
    pub rule_chance: Option<u32>,
    /// [`RuleChances::capture_last`] of [`SearchConfig::rule_chances`].
    pub capture_last_chance: Option<u32>,
    /// [`SearchConfig::playout_shapes`] (a mask, 0 to 8191).
    pub playout_shapes: Option<u16>,
}

/// A `--set` assignment [`Tuning`] refuses.
#[derive(Clone, Debug, PartialEq)]
pub enum TuningError {
    /// Not of the form `KEY=VALUE`.
    Syntax(String),
    /// A key that is not one of [`Tuning::KEYS`].
    UnknownKey(String),
    /// A value that is not a number in the key's range.
    BadValue {
        /// The key, with its range.
        key: TuningKey,
        /// The value as given.
        value: String,
    },
}

impl fmt::Display for TuningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TuningError::Syntax(s) => write!(f, "{s:?} is not KEY=VALUE"),
            TuningError::UnknownKey(k) => {
                write!(f, "unknown search setting {k:?} (known: ")?;
                for (i, key) in Tuning::KEYS.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}{}", key.name)?;
                }
                write!(f, ")")
            }
            TuningError::BadValue { key, value } => {
                let kind = if key.integer {
                    "a whole number"
                } else {
                    "a number"
                };
                let TuningKey { name, min, max, .. } = key;
                write!(
                    f,
                    "{name} must be {kind} from {min} to {max}, not {value:?}"
                )
            }
        }
    }
}

impl std::error::Error for TuningError {}

/// One key of [`Tuning`]: its name and the values it takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TuningKey {
    /// The name `--set` takes.
    pub name: &'static str,
    /// The least value.
    pub min: f64,
    /// The greatest value.
    pub max: f64,
    /// Whether only whole numbers are taken.
    pub integer: bool,
}

impl Tuning {
    /// Every key, in the order [`Tuning`]'s display writes them.
    pub const KEYS: [TuningKey; 19] = [
        TuningKey {
            name: "rave_equiv",
            min: 1.0,
            max: 1.0e7,
            integer: false,
        },
        TuningKey {
            name: "explore",
            min: 0.0,
            max: 10.0,
            integer: false,
        },
        TuningKey {
            name: "prior_even",
            min: 0.0,
            max: 1000.0,
            integer: true,
        },
        TuningKey {
            name: "learned_visits",
            min: 0.0,
            max: 1000.0,
            integer: true,
        },
        TuningKey {
            name: "expand_threshold",
            min: 0.0,
            max: 100_000.0,
            integer: true,
        },
        TuningKey {
            name: "last_good_reply",
            min: 0.0,
            max: 1.0,
            integer: true,
        },
        TuningKey {
            name: "two_liberties",
            min: 0.0,
            max: 1.0,
            integer: true,
        },
        TuningKey {
            name: "learned_shapes",
            min: 0.0,
            max: 1000.0,
            integer: false,
        },
        TuningKey {
            name: "playout_ladders",
            min: 0.0,
            max: 1.0,
            integer: true,
        },
        TuningKey {
            name: "playout_ladder_attacks",
            min: 0.0,
            max: 1.0,
            integer: true,
        },
        TuningKey {
            name: "fill_board",
            min: 0.0,
            max: 100.0,
            integer: true,
        },
        TuningKey {
            name: "rave_weighting",
            min: 0.0,
            max: 1.0,
            integer: true,
        },
        TuningKey {
            name: "score_bonus",
            min: 0.0,
            max: 0.5,
            integer: false,
        },
        TuningKey {
            name: "widen_start",
            min: 0.0,
            max: 1000.0,
            integer: true,
        },
        TuningKey {
            name: "learned_wins_only",
            min: 0.0,
            max: 1.0,
            integer: true,
        },
        TuningKey {
            name: "progressive_bias",
            min: 0.0,
            max: 10.0,
            integer: false,
        },
        TuningKey {
            name: "rule_chance",
            min: 0.0,
            max: RuleChances::MAX as f64,
            integer: true,
        },
        TuningKey {
            name: "capture_last_chance",
            min: 0.0,
            max: RuleChances::MAX as f64,
            integer: true,
        },
        TuningKey {
            name: "playout_shapes",
            min: 0.0,
            max: PlayoutPolicy::ALL_SHAPES as f64,
            integer: true,
        },
    ];

    /// Sets one key from `KEY=VALUE`.
    pub fn set(&mut self, assignment: &str) -> Result<(), TuningError> {
        let Some((name, value)) = assignment.split_once('=') else {
            return Err(TuningError::Syntax(assignment.to_string()));
        };
        let name = name.trim();
        let Some(key) = Tuning::KEYS.iter().find(|k| k.name == name) else {
            return Err(TuningError::UnknownKey(name.to_string()));
        };
        let bad = || TuningError::BadValue {
            key: *key,
            value: value.to_string(),
        };
        let v: f64 = value.trim().parse().map_err(|_| bad())?;
        if !v.is_finite() || v < key.min || v > key.max || (key.integer && v.fract() != 0.0) {
            return Err(bad());
        }
        match key.name {
            "rave_equiv" => self.rave_equiv = Some(v as f32),
            "explore" => self.explore = Some(v as f32),
            "prior_even" => self.prior_even = Some(v as u16),
            "learned_visits" => self.learned_visits = Some(v as u32),
            "expand_threshold" => self.expand_threshold = Some(v as u32),
            "last_good_reply" => self.last_good_reply = Some(v == 1.0),
            "two_liberties" => self.two_liberties = Some(v == 1.0),
            "playout_ladders" => self.playout_ladders = Some(v == 1.0),
            "playout_ladder_attacks" => self.playout_ladder_attacks = Some(v == 1.0),
            "fill_board" => self.fill_board = Some(v as u32),
            "rave_weighting" => self.rave_weighting = Some(v == 1.0),
            "score_bonus" => self.score_bonus = Some(v as f32),
            "widen_start" => self.widen_start = Some(v as u32),
            "learned_wins_only" => self.learned_wins_only = Some(v == 1.0),
            "progressive_bias" => self.progressive_bias = Some(v as f32),
            "rule_chance" => self.rule_chance = Some(v as u32),
            "capture_last_chance" => self.capture_last_chance = Some(v as u32),
            "playout_shapes" => self.playout_shapes = Some(v as u16),
            _ => self.learned_shapes = Some(v as f32),
        }
        Ok(())
    }

    /// `config` with the set keys overridden.
    pub fn apply(&self, config: SearchConfig) -> SearchConfig {
        SearchConfig {
            rave_equiv: self.rave_equiv.unwrap_or(config.rave_equiv),
            explore: self.explore.unwrap_or(config.explore),
            progressive_bias: self.progressive_bias.unwrap_or(config.progressive_bias),
            prior_even: self.prior_even.unwrap_or(config.prior_even),
            learned_visits: self.learned_visits.unwrap_or(config.learned_visits),
            learned_wins_only: self.learned_wins_only.or(config.learned_wins_only),
            expand_threshold: self.expand_threshold.unwrap_or(config.expand_threshold),
            last_good_reply: self.last_good_reply.unwrap_or(config.last_good_reply),
            two_liberties: self.two_liberties.unwrap_or(config.two_liberties),
            learned_shapes: self.learned_shapes.unwrap_or(config.learned_shapes),
            playout_ladders: self.playout_ladders.unwrap_or(config.playout_ladders),
            playout_ladder_attacks: self
                .playout_ladder_attacks
                .unwrap_or(config.playout_ladder_attacks),
            fill_board: self.fill_board.unwrap_or(config.fill_board),
            playout_shapes: self.playout_shapes.unwrap_or(config.playout_shapes),
            rule_chances: RuleChances {
                rule: self.rule_chance.unwrap_or(config.rule_chances.rule),
                capture_last: self
                    .capture_last_chance
                    .unwrap_or(config.rule_chances.capture_last),
            },
            rave_weighting: self.rave_weighting.or(config.rave_weighting),
            score_bonus: self.score_bonus.unwrap_or(config.score_bonus),
            widening: match self.widen_start {
                None => config.widening,
                Some(0) => None,
                Some(start) => Some(Widening {
                    start,
                    ..Widening::DEFAULT
                }),
            },
            ..config
        }
    }
}

/// The set keys as `KEY=VALUE`, space-separated, in [`Tuning::KEYS`]
/// order (what `--set` takes back).
impl fmt::Display for Tuning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let values = [
            self.rave_equiv.map(f64::from),
            self.explore.map(f64::from),
            self.prior_even.map(f64::from),
            self.learned_visits.map(f64::from),
            self.expand_threshold.map(f64::from),
            self.last_good_reply.map(|on| if on { 1.0 } else { 0.0 }),
            self.two_liberties.map(|on| if on { 1.0 } else { 0.0 }),
            self.learned_shapes.map(f64::from),
            self.playout_ladders.map(|on| if on { 1.0 } else { 0.0 }),
            self.playout_ladder_attacks
                .map(|on| if on { 1.0 } else { 0.0 }),
            self.fill_board.map(f64::from),
            self.rave_weighting.map(|on| if on { 1.0 } else { 0.0 }),
            self.score_bonus.map(f64::from),
            self.widen_start.map(f64::from),
            self.learned_wins_only.map(|on| if on { 1.0 } else { 0.0 }),
            self.progressive_bias.map(f64::from),
            self.rule_chance.map(f64::from),
            self.capture_last_chance.map(f64::from),
            self.playout_shapes.map(f64::from),
        ];
        let mut sep = "";
        for (key, v) in Tuning::KEYS.iter().zip(values) {
            if let Some(v) = v {
                // As the f32 it came from: 0.2 prints as 0.2.
                write!(f, "{sep}{}={}", key.name, v as f32)?;
                sep = " ";
            }
        }
        Ok(())
    }
}
