//! Monte-Carlo tree search: UCT with RAVE (AMAF) and priors from cheap
//! knowledge, heavy playouts, tree reuse, a node limit, several threads,
//! time management and the pass/resign policy.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use tengen::search::{Limits, Search, SearchConfig};
//! use tengen::{Color, Game, Rules};
//!
//! let game = Game::new(9, Rules::default()).unwrap();
//! let mut search = Search::new(SearchConfig::deterministic(1));
//! let limits = Limits::playouts(200);
//! let result = search.think(&game, Color::Black, &limits, &AtomicBool::new(false), &mut |_| {});
//! assert!(result.playouts >= 200);
//! ```

mod analysis;
mod balance;
mod bench;
mod book;
mod config;
mod decision;
mod engine;
mod key;
pub mod komi;
mod level;
pub mod monitor;
mod prior;
mod result;
#[allow(clippy::module_inception)]
mod search;
mod shared;
mod time;
mod tree;
mod tuning;
mod worker;

pub use crate::playout::{PlayoutPolicy, PolicyKind};
pub use balance::{
    balance_samples, compare_balance, measure_balance, Balance, BalanceSample, BALANCE_PHASES,
};
pub use bench::{run_bench, BenchLine, BenchSize};
pub use book::{build_book, canonical, Book, BookConfig, BookError, BookMove, BOOK_FORMAT};
pub use config::{
    Limits, SearchConfig, Widening, AUTO_LEARNED_WINS_ONLY_BELOW, AUTO_RAVE_WEIGHTING_BELOW,
};
pub use engine::{Engine, Request};
pub use key::PositionKey;
pub use komi::{DynamicKomi, KomiMode};
pub use level::{Level, UnknownLevel, MAX_NUMBERED_LEVEL, NORMAL_NUMBER, PLAYOUTS_PER_LEVEL};
pub use prior::{hand_prior_score, PriorSource};
pub use result::{Candidate, Decision, SearchResult};
pub use search::Search;
pub use time::{Clock, TimeBudget};
pub use tuning::{Tuning, TuningError, TuningKey};
