//! How a search behaves ([`SearchConfig`], fixed for the life of a
//! [`Search`](super::Search)) and when one search stops ([`Limits`]).

use super::prior::PriorSource;
use crate::board::Board;
use crate::learn::Model;
use crate::playout::{LearnedShapes, PlayoutPolicy, PolicyKind, RuleChances};
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// How the search behaves: threads, memory, policy and the knobs of the
/// tree policy. Fixed for the life of a [`Search`](super::Search).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Search threads (at least 1).
    pub threads: usize,
    /// The seed of every random choice (with one thread and a playout
    /// limit, the search is fully reproducible).
    pub seed: u64,
    /// The playout policy.
    pub policy: PolicyKind,
    /// The most tree nodes kept (memory is about 32 bytes a node).
    pub node_limit: usize,
    /// Visits a leaf needs before it is expanded (0: by board size).
    pub expand_threshold: u32,
    /// RAVE equivalence: how many real visits weigh as much as the AMAF
    /// statistics (larger trusts AMAF longer).
    pub rave_equiv: f32,
    /// UCB exploration coefficient (0 leaves exploration to RAVE and priors).
    pub explore: f32,
    /// Progressive bias (Chaslot et al. 2008): a child whose move the
    /// learned model gives probability `p` gets `progressive_bias * p /
    /// (visits + 1)` added to its value when the tree selects, so the
    /// model's favourites are tried early however the AMAF statistics
    /// look, and the hint fades with the child's own visits (0: off;
    /// only with learned or blended priors).
    pub progressive_bias: f32,
    /// Weight of the neutral prior given to every move, in virtual playouts.
    pub prior_even: u16,
    /// The learned model's virtual playouts per move (priors `learned`
    /// and `blend`), won at the move's probability over the average
    /// move's, `r / (r + 1)`: how long the tree trusts the model.
    pub learned_visits: u32,
    /// The learned model only recommends, as michi and Pachi use their
    /// pattern probabilities: a move of probability `p` gets
    /// `learned_visits * sqrt(p)` virtual playouts, all won, and no
    /// virtual losses (`Some(false)`: the win-rate mapping of
    /// [`SearchConfig::learned_visits`]; `None`, the default: wins only
    /// on boards smaller than [`AUTO_LEARNED_WINS_ONLY_BELOW`], where it
    /// beat the hand priors at equal time).
    pub learned_wins_only: Option<bool>,
    /// The heavy playouts remember the last good replies (LGRF-2: an
    /// answer to the last move, or to the last two, that won a playout,
    /// forgotten when it loses one) and play them when still sensible.
    pub last_good_reply: bool,
    /// The heavy playouts answer a move that leaves a chain with two
    /// liberties: an atari the opponent's chain cannot run from, or an
    /// extension of an own chain that gains liberties.
    pub two_liberties: bool,
    /// If above 0, the heavy playouts choose their local shape around the
    /// last move by the learned model's 3x3 pattern gammas
    /// ([`LearnedShapes`]) instead of the hand-written Mogo shapes, among
    /// the patterns of at least this gamma (1 is the model's average
    /// move); 0 keeps the hand-written shapes.
    ///
    /// [`LearnedShapes`]: crate::playout::LearnedShapes
    pub learned_shapes: f32,
    /// The heavy playouts read ladders: their saving rules and shapes do
    /// not extend a chain in atari to two liberties that a ladder takes.
    pub playout_ladders: bool,
    /// With [`playout_ladders`](Self::playout_ladders), the heavy
    /// playouts also attack with ladders: the last move's chain, left
    /// with two liberties, is put in the atari that takes it in a ladder.
    pub playout_ladder_attacks: bool,
    /// The heavy playouts' fill-board tries (0: off): in place of their
    /// random move, up to this many random empty points are drawn, and
    /// the first whose eight neighbours are all empty is played (MoGo's
    /// "fill the board").
    pub fill_board: u32,
    /// The hand-written 3x3 shapes the heavy playouts play, one bit per
    /// shape in the order of their table (`src/tactics/pattern3x3.rs`);
    /// [`PlayoutPolicy::ALL_SHAPES`], every one, by default.
    pub playout_shapes: u16,
    /// How often, out of 256, the heavy playouts follow a rule that has a
    /// move ([`RuleChances`]; hand-set 230, and 240 for capturing the
    /// stone just played).
    pub rule_chances: RuleChances,
    /// Weight each AMAF (RAVE) update by how soon after the node its move
    /// was played: from 2 for the next move down to 0 at the end of the
    /// simulation, as Fuego does (`Some(false)`: every update weighs 1;
    /// `None`, the default: weighted on boards smaller than
    /// [`AUTO_RAVE_WEIGHTING_BELOW`], where it won at equal time).
    pub rave_weighting: Option<bool>,
    /// How much a simulation's score margin shades its result, as Fuego's
    /// score modification does (0: a win is a win): a win counts from
    /// `1 - score_bonus` (won by nothing) up to 1 (won by the whole
    /// board), a loss from `score_bonus` (lost by nothing) down to 0, so
    /// the search prefers the larger win and the smaller loss among moves
    /// that win (or lose) equally often.
    pub score_bonus: f32,
    /// Keep the relevant subtree between moves.
    pub reuse_tree: bool,
    /// Resign when the win rate stays below this (`None`: never resign).
    pub resign_threshold: Option<f32>,
    /// Time kept aside per move for network and process lag.
    pub lag_margin: Duration,
    /// 0 plays the most visited move; above 0, a move is drawn among the
    /// reasonable candidates with this temperature (for the easy level).
    pub temperature: f32,
    /// Where the priors of new nodes come from.
    pub priors: PriorSource,
    /// The learned model of the priors (`None`: the one built in,
    /// [`Model::builtin`]).
    pub model: Option<Arc<Model>>,
    /// Progressive widening: with priors from the learned model, a node
    /// considers only its best-ranked children, more as its visits grow
    /// (`None`: every child at once).
    pub widening: Option<Widening>,
    /// Play the opening book's move ([`Book::builtin`]) when the position
    /// is in it, without searching (`genmove` only; analysis always
    /// searches).
    ///
    /// [`Book::builtin`]: super::Book::builtin
    pub opening_book: bool,
}

/// Progressive widening (Coulom 2007; Chaslot et al.): the children of a
/// node are ranked by their prior at expansion, and a node with `n`
/// visits considers its first `start + ln(1 + n / scale) / ln(mu)` (the
/// unconsidered ones keep their statistics for later). Only used when the
/// priors come from the learned model, whose ranking it trusts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Widening {
    /// Children considered from the first visit.
    pub start: u32,
    /// Visits a node needs before the count grows.
    pub scale: f32,
    /// Growth: one more child each time the visits grow by this factor.
    pub mu: f32,
}

impl Widening {
    /// The one tried (`tengen --widening`; see `docs/learning.md`):
    /// Coulom's growth factor, five children to start with.
    pub const DEFAULT: Widening = Widening {
        start: 5,
        scale: 40.0,
        mu: 1.4,
    };

    /// The children a node with `visits` visits considers.
    #[inline]
    pub fn width(&self, visits: u32) -> u32 {
        let grow = (1.0 + visits as f32 / self.scale.max(1.0)).ln() / self.mu.max(1.01).ln();
        self.start.max(1).saturating_add(grow as u32)
    }
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            seed: 0x7465_6E67_656E,
            policy: PolicyKind::Heavy,
            node_limit: 4_000_000,
            expand_threshold: 0,
            rave_equiv: 3000.0,
            explore: 0.0,
            progressive_bias: 0.0,
            prior_even: 10,
            learned_visits: 20,
            learned_wins_only: None,
            last_good_reply: false,
            two_liberties: false,
            playout_ladders: true,
            playout_ladder_attacks: false,
            fill_board: 0,
            playout_shapes: PlayoutPolicy::ALL_SHAPES,
            rule_chances: RuleChances::DEFAULT,
            rave_weighting: None,
            score_bonus: 0.0,
            learned_shapes: 0.0,
            reuse_tree: true,
            resign_threshold: Some(0.1),
            lag_margin: Duration::from_millis(100),
            temperature: 0.0,
            priors: PriorSource::default(),
            model: None,
            widening: None,
            opening_book: true,
        }
    }
}

impl SearchConfig {
    /// The learned playout shapes this configuration plays, built from its
    /// model (or the shipped one) when
    /// [`learned_shapes`](Self::learned_shapes) is on. Built once per
    /// search engine and shared by its playout policies.
    pub fn learned_shapes_table(&self) -> Option<Arc<LearnedShapes>> {
        (self.learned_shapes > 0.0).then(|| {
            let model = self.model.as_deref().unwrap_or_else(|| Model::builtin());
            Arc::new(LearnedShapes::new(model.patterns(), self.learned_shapes))
        })
    }

    /// The playout policy of this configuration for boards like `board`,
    /// seeded: its kind and every playout rule the configuration sets
    /// (the one place a search's playouts are configured; `shapes` is
    /// [`learned_shapes_table`](Self::learned_shapes_table)'s table).
    pub fn playout_policy(
        &self,
        board: &Board,
        shapes: Option<Arc<LearnedShapes>>,
        seed: u64,
    ) -> PlayoutPolicy {
        let mut policy = PlayoutPolicy::new(self.policy, board.size(), board.topology(), seed);
        policy.remember_replies(self.last_good_reply, board.area());
        policy.two_liberties = self.two_liberties;
        policy.learned_shapes = shapes;
        policy.read_ladders(self.playout_ladders, board);
        policy.attack_ladders = self.playout_ladder_attacks;
        policy.fill_board = self.fill_board;
        policy.chances = self.rule_chances;
        policy.set_shapes(self.playout_shapes);
        policy
    }

    /// One thread, a fixed seed, no tree reuse and no resignation: with a
    /// playout limit the results are reproducible.
    pub fn deterministic(seed: u64) -> SearchConfig {
        SearchConfig {
            threads: 1,
            seed,
            reuse_tree: false,
            resign_threshold: None,
            ..SearchConfig::default()
        }
    }

    /// Whether the AMAF updates are weighted on a board of `size`
    /// ([`SearchConfig::rave_weighting`], resolved).
    ///
    /// ```
    /// use tengen::search::SearchConfig;
    /// let auto = SearchConfig::default();
    /// assert!(auto.weights_rave(9) && !auto.weights_rave(19));
    /// let off = SearchConfig { rave_weighting: Some(false), ..auto };
    /// assert!(!off.weights_rave(9));
    /// ```
    pub fn weights_rave(&self, size: usize) -> bool {
        self.rave_weighting
            .unwrap_or(size < AUTO_RAVE_WEIGHTING_BELOW)
    }

    /// Whether the learned priors only add virtual wins on a board of
    /// `size` ([`SearchConfig::learned_wins_only`], resolved).
    ///
    /// ```
    /// use tengen::search::SearchConfig;
    /// let auto = SearchConfig::default();
    /// assert!(auto.learned_wins_only_on(9) && !auto.learned_wins_only_on(19));
    /// let off = SearchConfig { learned_wins_only: Some(false), ..auto };
    /// assert!(!off.learned_wins_only_on(9));
    /// ```
    pub fn learned_wins_only_on(&self, size: usize) -> bool {
        self.learned_wins_only
            .unwrap_or(size < AUTO_LEARNED_WINS_ONLY_BELOW)
    }
}

/// Boards smaller than this weight their AMAF updates by default
/// ([`SearchConfig::rave_weighting`]): on 9x9 the weighting won 59.0% of
/// 200 games at equal time, on 19x19 it lost 18 of 40 (13x13 is not
/// measured, so it keeps the plain updates).
pub const AUTO_RAVE_WEIGHTING_BELOW: usize = 13;

/// Boards smaller than this give the learned priors as wins only by
/// default ([`SearchConfig::learned_wins_only`]): on 9x9 the blend of hand
/// and learned priors that way beat the hand priors alone at equal time
/// (`docs/learning.md`), while on 19x19 it lost 17 of 20 (at weight 40)
/// and the win-rate mapping stays (13x13 is not measured).
pub const AUTO_LEARNED_WINS_ONLY_BELOW: usize = 13;

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

/// When to stop one search. The search stops at the first limit reached
/// (or when the stop flag is raised); with none at all it runs until the
/// stop flag is raised.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// New playouts to run.
    pub playouts: Option<u64>,
    /// Wall time to think (the lag margin is taken off it).
    pub time: Option<Duration>,
    /// When the best move is still unclear at `time`, go on up to this
    /// (the lag margin taken off too; `None`: stop at `time`).
    pub max_time: Option<Duration>,
    /// How often the analysis callback is called (`None`: only at the end).
    pub info_interval: Option<Duration>,
    /// Cleanup mode (`kgs-genmove_cleanup`): do not pass while dead
    /// opponent stones remain on the board.
    pub cleanup: bool,
    /// Analysis only (`lz-analyze`): never resign, report the most
    /// visited move even if it is a pass.
    pub analysis: bool,
    /// Points added to White's komi for this search only: the dynamic komi
    /// of handicap games ([`DynamicKomi`](super::DynamicKomi)). Win rates
    /// are then at that komi; score leads stay the real game's.
    pub extra_komi: f64,
    /// The win rate the engine's previous own search expected (for the
    /// side to move): a fall of more than
    /// [`SWING`](super::monitor::SWING) below it makes this move critical,
    /// so it may think up to [`Limits::max_time`].
    pub expected_winrate: Option<f32>,
    /// Whether time this move leaves unused is kept for later moves (a
    /// main time, or a Canadian period with more stones to play): only
    /// then does a timed search stop before its time because the leader
    /// cannot be caught, as Leela Zero's `--timemanage on` does. Under a
    /// fixed time a move (`--time`, `hard`, a Japanese byo-yomi period) a
    /// second saved would be lost, so the search goes on and deepens the
    /// tree the next move reuses.
    pub saves_time: bool,
}

impl Limits {
    /// A fixed number of new playouts.
    pub fn playouts(n: u64) -> Limits {
        Limits {
            playouts: Some(n),
            ..Limits::default()
        }
    }

    /// A fixed thinking time.
    pub fn time(t: Duration) -> Limits {
        Limits {
            time: Some(t),
            ..Limits::default()
        }
    }
}
