//! Playouts: the light one (uniformly random moves that keep their own
//! eyes, the public [`Playout`]) and the heavy policy of the search
//! ([`PlayoutPolicy`]: captures, atari answers, nakade, 3x3 shapes, no
//! large self-atari), both seeded, reproducible and allocation-free.

mod heavy;
mod light;

pub(crate) use heavy::{FastRng, LOG_COLOR_BIT};
pub use heavy::{PlayoutPolicy, PolicyKind};
pub use light::{area_diff, Playout, PlayoutResult};
