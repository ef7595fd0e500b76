#![doc = include_str!("../README.md")]
#![warn(missing_docs)]
#![deny(unsafe_code)]

#[cfg(feature = "process")]
pub mod arena;
mod board;
mod color;
mod error;
mod game;
mod geometry;
pub mod gtp;
mod handicap;
pub mod learn;
pub mod phantom;
pub mod playout;
mod point;
mod rules;
mod score;
pub mod search;
pub mod session;
pub mod sgf;
mod tactics;
mod time_system;
mod zobrist;

pub use board::{Board, DiagramError};
pub use color::{ByColor, Color, ParseColorError};
pub use error::{MoveError, RulesChangeError};
pub use game::{CannotUndo, Game, GameEnd};
pub use geometry::{Loc, SizeError, Topology};
pub use handicap::{fixed_handicap_points, max_fixed_handicap, HandicapError};
pub use point::{Move, Point, VertexError, MAX_SIZE};
pub use rules::{KoRule, Preset, Rules, Scoring, SuicideRule, TieRule, UnknownPreset};
pub use score::{
    benson, benson_with, certain_dead_stones, dead_stones, dead_stones_by_ownership,
    final_ownership, score, seki_stones, stone_statuses, stone_statuses_with, Benson, DeadStones,
    LocSet, Outcome, ParseStatusError, Score, StoneStatus, WinBy, DEAD_OWNERSHIP, FINAL_PLAYOUTS,
    FINAL_SEED,
};
pub use sgf::{read_sgf, read_sgf_before, write_sgf, write_sgf_annotated, SgfError, SgfGame};
pub use time_system::TimeSystem;

/// The examples of the pages in `docs/` are compiled and run as tests too.
#[cfg(doctest)]
#[doc = include_str!("../docs/search.md")]
struct SearchDocs;

#[cfg(doctest)]
#[doc = include_str!("../docs/gtp.md")]
struct GtpDocs;

#[cfg(doctest)]
#[doc = include_str!("../docs/scoring.md")]
struct ScoringDocs;
