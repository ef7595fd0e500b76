#![doc = include_str!("../README.md")]
#![warn(missing_docs)]
#![deny(unsafe_code)]

mod arena;
mod board;
mod client;
mod color;
pub mod engine;
mod error;
mod game;
mod geometry;
pub mod gtp;
mod handicap;
mod phantom;
mod phantom_arena;
pub mod phantom_player;
mod playout;
mod point;
mod rules;
mod score;
pub mod search;
pub mod sgf;
mod tactics;
mod zobrist;

pub use arena::{
    play_game, run_match, GameRecord, MatchConfig, MatchError, MatchSummary, Termination,
};
pub use board::{Board, DiagramError};
pub use client::{split_command_line, ClientError, GtpClient, MAX_ANSWER};
pub use color::{ByColor, Color, ParseColorError};
pub use error::MoveError;
pub use game::{CannotUndo, Game, GameEnd};
pub use geometry::{Loc, SizeError, Topology};
pub use handicap::{fixed_handicap_points, max_fixed_handicap, HandicapError};
pub use phantom::{Observation, PlayerView, Referee, TryError, TryOutcome};
pub use phantom_arena::{play_phantom_game, run_phantom_match, PhantomRecord};
pub use playout::{area_diff, Playout, PlayoutResult};
pub use point::{Move, Point, VertexError, MAX_SIZE};
pub use rules::{KoRule, Preset, Rules, Scoring, SuicideRule, TieRule, UnknownPreset};
pub use score::{
    benson, benson_with, dead_stones, score, seki_stones, stone_statuses, stone_statuses_with,
    Benson, DeadStones, LocSet, Outcome, ParseStatusError, Score, StoneStatus, WinBy,
};
pub use sgf::{read_sgf, read_sgf_before, write_sgf, write_sgf_annotated, SgfError, SgfGame};
