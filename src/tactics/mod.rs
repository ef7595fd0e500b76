//! Cheap Go knowledge shared by the heavy playouts, the priors of new tree
//! nodes and the seki test of scoring: 3x3 patterns, self-atari, nakade,
//! ladders and chains with two liberties. One implementation of each;
//! none of them allocates.

mod ladder;
mod nakade;
mod pattern3x3;
mod self_atari;
mod two_liberties;

pub(crate) use ladder::{escapes_atari, ladder_captures, LadderReader};
pub(crate) use nakade::{empty_neighbors, nakade_point};
#[cfg(test)]
pub(crate) use pattern3x3::DIR_DELTAS;
pub(crate) use pattern3x3::{
    dirs, liberty_states, pattern_code, patterns, patterns_of, symmetries, transform, Dirs,
    ALL_SHAPES,
};
pub(crate) use self_atari::{is_self_atari, touches_own, Captures};
pub(crate) use two_liberties::{gaining_extension, net_atari};
