//! tengen: a Go (baduk, weiqi) engine. A rules core that is fast and
//! exact, a Monte-Carlo tree search, the GTP protocol with the session
//! that answers it, Phantom Go, and engine-against-engine matches; the
//! `tengen` binary (feature `cli`) puts them behind a GTP engine for
//! Sabaki, GoGui, OGS and KGS.
//!
//! # The crate root: the rules
//!
//! The root re-exports the rules vocabulary, and only it:
//! [`Board`] (the fast board: chains, liberties, captures, simple ko, the
//! Zobrist hash; planar or [toroidal](Topology), up to [`MAX_SIZE`]),
//! [`Game`] (the board with its history, turn, superko, undo, handicap and
//! end), [`Point`] and [`Move`] (parsed from GTP vertices such as `D4`),
//! [`Color`], [`Rules`] (ko, suicide, scoring, komi, tie: data, with the
//! [`Preset`]s `chinese`, `japanese` and the like), scoring ([`score`],
//! [`Score`], [`Outcome`], [`benson`], [`dead_stones`]: the one dead-stone
//! decision of a finished game) and SGF ([`read_sgf`], [`write_sgf`]).
//! Illegal moves are typed errors ([`MoveError`]), never panics.
//!
//! # The modules
//!
//! - [`search`]: the Monte-Carlo tree search ([`search::Search`]): UCT
//!   with RAVE, priors from cheap Go knowledge, heavy playouts, tree
//!   reuse, threads, time management ([`search::Clock`]) and the playing
//!   levels ([`search::Level`]).
//! - [`gtp`]: the Go Text Protocol itself, ignorant of the search: line
//!   input, the typed [`gtp::Command`] parser, vertices, responses, and
//!   (feature `process`) the client that drives another engine.
//! - [`session`]: the GTP session ([`session::Session`]) that answers
//!   commands with the search: what the binary runs.
//! - [`phantom`]: Phantom Go: the referee, the players' views, the typed
//!   protocol and three players.
#![cfg_attr(
    feature = "process",
    doc = "- [`arena`]: engine-against-engine matches between GTP engines run as"
)]
#![cfg_attr(
    feature = "process",
    doc = "  child processes, refereed and scored by the library (feature `process`)."
)]
#![cfg_attr(
    not(feature = "process"),
    doc = "- `arena` (feature `process`): engine-against-engine matches between GTP"
)]
#![cfg_attr(
    not(feature = "process"),
    doc = "  engines run as child processes, refereed and scored by the library."
)]
//! - [`playout`]: the light playout (uniform random, eyes kept) and the
//!   heavy playout policy, on the bare board.
//! - [`sgf`]: SGF in and out, with the game information of
//!   [`sgf::write_sgf_with`].
//! - [`guide`]: the long-form guides (the search and its levels, strength,
//!   speed, every GTP command, scoring, SGF, Phantom Go, the architecture),
//!   with every figure's command.
//!
//! # Features
//!
//! - `cli` (default): the `tengen` binary, with its argument parser (clap)
//!   and the progress bar of long runs (indicatif). Implies `process`.
//! - `process`: running other engines as child processes: the GTP client
//!   and the match runners (`arena`, `phantom::arena`).
//!
//! A library user who needs neither depends on the crate without default
//! features; the rules, the search, the protocol and the session compile
//! alone:
//!
//! ```toml
//! [dependencies]
//! tengen = { version = "0.1", default-features = false }
//! ```
//!
//! # Examples
//!
//! A board and a capture: Black surrounds a white stone and takes it, the
//! point it leaves is suicide for White, and illegal moves leave the game
//! as it was.
//!
//! ```
//! use tengen::{Color, Game, Move, MoveError, Rules};
//!
//! let mut game = Game::new(9, Rules::default())?;
//! for vertex in ["D5", "E5", "F5", "A1", "E4", "A2", "E6"] {
//!     game.play(vertex.parse::<Move>()?)?;
//! }
//! let e5 = "E5".parse()?;
//! assert_eq!(game.board().get(e5), None, "the white stone is taken");
//! assert_eq!(game.board().captures(Color::Black), 1);
//! assert_eq!(game.to_move(), Color::White);
//! assert_eq!(game.play(Move::Play(e5)), Err(MoveError::Suicide));
//! assert_eq!(game.play("J10".parse::<Move>()?), Err(MoveError::OffBoard));
//! assert_eq!(game.moves().len(), 7);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A finished game, scored. [`Game::dead_stones`] is the one decision that
//! every count uses (the library, GTP `final_score` and the match runner):
//! here the black stone at E3, inside White's living shape, is dead, and
//! area scoring with komi 7 counts Black's 7 stones and 3 eyes (10)
//! against White's 11 stones, 3 empty points and the dead stone's point
//! (15, and 7 of komi).
//!
//! ```
//! use tengen::{Board, Color, Game, Rules, Topology};
//!
//! let board = Board::from_diagram(
//!     ".XOO.
//!      XXOOO
//!      .XO.X
//!      XXOOO
//!      .XOO.",
//!     Topology::Planar,
//! )?;
//! let mut game = Game::from_board(board, Color::Black, Rules::default())?;
//! let e3 = game.board().loc("E3".parse()?).expect("on the board");
//! assert!(game.dead_stones().contains(e3));
//! assert_eq!(game.score_preview().to_string(), "Black 10, White 22 (komi 7)");
//! game.pass()?;
//! game.pass()?;
//! assert!(game.is_over());
//! assert_eq!(game.result().map(|r| r.to_string()).as_deref(), Some("W+12"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! An SGF round trip: a game written with [`write_sgf`] is read back by
//! [`read_sgf`] with its moves, komi, rules and result.
//!
//! ```
//! use tengen::{read_sgf, write_sgf, Game, Move, Preset, Rules};
//!
//! let mut game = Game::new(9, Rules::preset(Preset::Japanese))?;
//! game.set_komi(6.5);
//! for vertex in ["E5", "C3", "G7", "pass"] {
//!     game.play(vertex.parse::<Move>()?)?;
//! }
//! let text = write_sgf(&game, Some("B+R"));
//! let back = read_sgf(text.as_bytes())?;
//! assert_eq!(back.game.moves(), game.moves());
//! assert_eq!(back.game.rules(), game.rules());
//! assert_eq!(back.komi, Some(6.5));
//! assert_eq!(back.result.as_deref(), Some("B+R"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A search: the tree search in its deterministic mode (one thread, a
//! seed) with a fixed number of playouts is reproducible; the guide
//! [`guide::search`] has more.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use tengen::search::{Decision, Limits, Search, SearchConfig};
//! use tengen::{Color, Game, Rules};
//!
//! let game = Game::new(9, Rules::default())?;
//! let stop = AtomicBool::new(false);
//! let mut moves = Vec::new();
//! for _ in 0..2 {
//!     let mut search = Search::new(SearchConfig::deterministic(7));
//!     let result = search.think(&game, Color::Black, &Limits::playouts(200), &stop, &mut |_| {});
//!     moves.push(result.best);
//! }
//! assert!(matches!(moves[0], Decision::Play(_)));
//! assert_eq!(moves[0], moves[1]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
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
pub mod guide;
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
pub use rules::{
    HandicapBonus, KoRule, Preset, Rules, Scoring, SuicideRule, TieRule, UnknownPreset,
};
pub use score::{
    benson, benson_with, certain_dead_stones, dead_stones, dead_stones_by_ownership,
    final_ownership, score, seki_stones, stone_statuses, stone_statuses_with, Benson, DeadStones,
    LocSet, Outcome, ParseStatusError, Score, StoneStatus, WinBy, DEAD_OWNERSHIP, FINAL_PLAYOUTS,
    FINAL_SEED,
};
pub use sgf::{read_sgf, read_sgf_before, write_sgf, write_sgf_annotated, SgfError, SgfGame};
pub use time_system::{OutOfTime, PlayerClock, TimeSystem};

/// The README's examples are compiled and run as tests too (the pages of
/// `docs/` are, as the modules of [`guide`]).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
