//! How a search behaves ([`SearchConfig`], fixed for the life of a
//! [`Search`](super::Search)) and when one search stops ([`Limits`]).

use super::prior::PriorSource;
use crate::board::Board;
use crate::learn::Model;
use crate::playout::{LearnedShapes, PlayoutPolicy, PolicyKind, RuleChances};
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
