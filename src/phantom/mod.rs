//! Phantom Go: Go with hidden stones, and tengen's GTP extension for it.
//!
//! - [`referee`](Referee): the real game, and the [`Observation`]s each
//!   player is told; [`PlayerView`] rebuilds what one player knows from
//!   them.
//! - [`player`]: players that choose tries from a [`PlayerView`] alone.
//! - [`protocol`]: tengen's GTP extension for Phantom Go, one typed
//!   [`PhantomCommand`] that the referee writes and the player reads.
//! - the match driver: `play_phantom_game` and `run_phantom_match`
//!   referee games between two GTP engines (`tengen referee`).
//!
//! Each player sees only their own stones; the referee tells each player
//! only what the Computer Olympiad rules allow. The GTP session that
//! answers the extension as a player lives in [`crate::gtp`].

#[cfg(feature = "process")]
mod arena;
pub mod player;
pub mod protocol;
mod referee;

#[cfg(feature = "process")]
pub use arena::{play_phantom_game, run_phantom_match, PhantomRecord};
pub use protocol::{ParsePhantomError, PhantomCommand, PhantomVerb, StartRules};
pub use referee::{Observation, PlayerView, Referee, TryError, TryOutcome};
