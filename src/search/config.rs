//! How a search behaves ([`SearchConfig`], fixed for the life of a
//! [`Search`](super::Search)) and when one search stops ([`Limits`]).

use super::prior::PriorSource;
use crate::learn::Model;
use crate::playout::PolicyKind;
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
    /// Weight of the neutral prior given to every move, in virtual playouts.
    pub prior_even: u16,
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
            prior_even: 10,
            reuse_tree: true,
            resign_threshold: Some(0.1),
            lag_margin: Duration::from_millis(100),
            temperature: 0.0,
            priors: PriorSource::default(),
            model: None,
            widening: None,
        }
    }
}

impl SearchConfig {
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
