//! Playouts: the light one (uniformly random moves that keep their own
//! eyes, the public [`Playout`]) and the heavy policy of the search
//! ([`PlayoutPolicy`]: captures, atari answers, nakade, 3x3 shapes, no
//! large self-atari), both seeded, reproducible and allocation-free.

mod ataris;
mod heavy;
mod ladders;
mod light;
mod random;
mod reply;
mod rules;
mod shapes;

pub(crate) use heavy::logged_move;
pub use heavy::{PlayoutPolicy, PolicyKind};
pub(crate) use light::default_max_moves;
pub use light::{area_diff, Playout, PlayoutResult};
pub use rules::RuleChances;
pub use shapes::LearnedShapes;

#[cfg(test)]
pub(crate) use random::random_board;
pub(crate) use random::{rng, unit, Rng};
