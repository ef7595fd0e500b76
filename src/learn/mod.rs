//! Learned move knowledge: the features of a move ([`move_features`]), the
//! Bradley-Terry model over them ([`Model`]), its fitting by
//! minorization-maximization ([`fit`]), and the training data: games of a
//! teacher engine, one per line ([`GameRecord`]).
//!
//! The features and the model use only the board and the tactics; the
//! records replay games, so this folder sits with the game layer, under
//! the search that uses the model for its priors.

mod features;
mod mm;
mod model;
mod positions;
mod record;

pub use features::{
    canonical_large, move_features, pass_features, Group, MoveFeatures, ATARI, CAPTURE, DIST_LAST,
    DIST_LAST2, ESCAPE, FIXED_COUNT, GROUPS, LARGE_RADII, LINE, MAX_FIXED, NO_LARGE, NO_PATTERN,
    OPEN_RADIUS, PASS, SELF_ATARI, SPACE,
};
pub use mm::{fit, top_k, FitConfig, RawPositions, TrainingSet};
pub use model::{Model, WeightsError, FORMAT_VERSION, MAGIC};
pub use positions::{visit_positions, Position};
pub use record::{held_out, parse_records, GameRecord, RecordError};

#[cfg(test)]
mod tests;
