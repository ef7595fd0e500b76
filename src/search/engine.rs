//! The engine interface: what a front end (the GTP session, a Phantom Go
//! player) asks of a move-choosing engine, implemented by the tree search
//! itself.
//!
//! The front end asks an [`Engine`] to [`analyze`](Engine::analyze) a
//! position within some [`Limits`] (repeatedly, for live analysis), then to
//! [`decide`](Engine::decide) on a move. [`genmove`](Engine::genmove) does
//! both, except where the opening book ([`Book`]) has the position: on
//! 9x9 at komi 7 the first moves are the book's, played without a search.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use tengen::search::{Decision, Engine, Limits, Request, Search, SearchConfig};
//! use tengen::{Color, Game, Rules};
//!
//! // 13x13: no book there, so the engine searches.
//! let game = Game::new(13, Rules::default()).unwrap();
//! let mut engine = Search::new(SearchConfig::deterministic(1));
//! let req = Request { game: &game, color: Color::Black, cleanup: false };
//! let (decision, analysis) = engine.genmove(&req, &Limits::playouts(300), &AtomicBool::new(false));
//! assert!(analysis.playouts >= 300);
//! assert!(matches!(decision, Decision::Play(m) if game.is_legal(Color::Black, m)));
//! ```

use super::book::Book;
use super::config::Limits;
use super::key::PositionKey;
use super::result::{Candidate, Decision, SearchResult};
use super::search::Search;
use crate::color::Color;
use crate::game::Game;
use crate::point::Move;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// What the engine is asked about.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The game so far.
    pub game: &'a Game,
    /// The colour to find a move for (GTP may ask for either).
    pub color: Color,
    /// Clean-up mode (`kgs-genmove_cleanup`): do not pass while the
    /// opponent has dead stones on the board.
    pub cleanup: bool,
}

/// A move-choosing engine.
pub trait Engine {
    /// Searches the position of `req` within `limits`, or until `stop` is
    /// set, and reports what it knows. Calling it again on the same request
    /// continues the search (live analysis relies on this).
    fn analyze(&mut self, req: &Request<'_>, limits: &Limits, stop: &AtomicBool) -> SearchResult;

    /// Chooses a move for `req` from what the search found. It must be a
    /// legal move of `req.game` for `req.color`.
    fn decide(&mut self, req: &Request<'_>, analysis: &SearchResult) -> Decision;

    /// Searches, then decides: [`Engine::genmove_reporting`] without
    /// reports.
    fn genmove(
        &mut self,
        req: &Request<'_>,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> (Decision, SearchResult) {
        self.genmove_reporting(req, limits, stop, &mut |_| {})
    }

    /// [`Engine::genmove`] that also reports while it thinks: `info` is
    /// called with the analysis so far every [`Limits::info_interval`]
    /// (as `lz-genmove_analyze` shows it); the move is the one `genmove`
    /// chooses under the same limits, since `genmove` is this without
    /// reports. The default searches, calls `info` once with the final
    /// analysis (an engine that cannot report during a search), and
    /// decides.
    fn genmove_reporting(
        &mut self,
        req: &Request<'_>,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchResult),
    ) -> (Decision, SearchResult) {
        let analysis = self.analyze(req, limits, stop);
        info(&analysis);
        (self.decide(req, &analysis), analysis)
    }

    /// Forgets everything about the previous game.
    fn new_game(&mut self) {}
}

impl<E: Engine + ?Sized> Engine for Box<E> {
    fn analyze(&mut self, req: &Request<'_>, limits: &Limits, stop: &AtomicBool) -> SearchResult {
        (**self).analyze(req, limits, stop)
    }

    fn decide(&mut self, req: &Request<'_>, analysis: &SearchResult) -> Decision {
        (**self).decide(req, analysis)
    }

    fn genmove_reporting(
        &mut self,
        req: &Request<'_>,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchResult),
    ) -> (Decision, SearchResult) {
        (**self).genmove_reporting(req, limits, stop, info)
    }

    fn new_game(&mut self) {
        (**self).new_game();
    }
}

/// The tree search as an [`Engine`]: `analyze` searches (and continues
/// the search of the same position), `decide` applies the pass and
/// resignation policy to the last analysis.
///
/// After the engine passes, an ownership estimate asked for the same
/// stones (for `final_status_list` or `final_score`) is the one that
/// justified the pass, so the two never disagree.
impl Engine for Search {
    fn analyze(&mut self, req: &Request<'_>, limits: &Limits, stop: &AtomicBool) -> SearchResult {
        self.analyze_reporting(req, limits, stop, &mut |_| {})
    }

    fn decide(&mut self, req: &Request<'_>, analysis: &SearchResult) -> Decision {
        self.decide_remembered(req, analysis)
    }

    /// Plays the opening book's move if the configuration allows it and
    /// the position is in the book ([`Book::lookup`]), reporting it once;
    /// else searches, reporting every [`Limits::info_interval`], and
    /// decides.
    fn genmove_reporting(
        &mut self,
        req: &Request<'_>,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchResult),
    ) -> (Decision, SearchResult) {
        if let Some(result) = self.book_move(req, limits) {
            info(&result);
            return (result.best, result);
        }
        let analysis = self.analyze_reporting(req, limits, stop, info);
        (self.decide_remembered(req, &analysis), analysis)
    }

    fn new_game(&mut self) {
        self.clear();
    }
}

impl Search {
    /// [`Engine::analyze`], calling `info` every
    /// [`Limits::info_interval`] with the analysis so far (its candidates
    /// those with visits, as the final one).
    fn analyze_reporting(
        &mut self,
        req: &Request<'_>,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        let mut l = Limits {
            cleanup: req.cleanup,
            analysis: true,
            ..*limits
        };
        if l.playouts.is_none() && l.time.is_none() {
            // Never search without end unless asked to by the stop flag
            // alone: front ends always set a limit, this is a guard.
            l.playouts = super::Level::default().limits().playouts;
        }
        let mut report = |r: &SearchResult| {
            let mut shown = r.clone();
            shown.candidates.retain(|c| c.visits > 0);
            info(&shown);
        };
        let mut r = self.think(req.game, req.color, &l, stop, &mut report);
        r.candidates.retain(|c| c.visits > 0);
        if let Some(own) = self.memory.decided_ownership(req.game) {
            r.ownership.clone_from(own);
        }
        self.memory.last = Some((key_of(req), r.clone()));
        r
    }

    /// [`Engine::decide`]: the pass and resignation policy applied to the
    /// last analysis of this position.
    fn decide_remembered(&mut self, req: &Request<'_>, analysis: &SearchResult) -> Decision {
        let key = key_of(req);
        let result = match &self.memory.last {
            Some((k, r)) if *k == key => r.clone(),
            _ => {
                // No analysis of this position: fall back on the caller's.
                return match analysis.candidates.first() {
                    Some(c) if req.game.is_legal(req.color, c.mv) => Decision::Play(c.mv),
                    _ => Decision::Play(Move::Pass),
                };
            }
        };
        let mut d = self.decision(req.game, req.color, &result, req.cleanup);
        if let Decision::Play(m) = d {
            if !req.game.is_legal(req.color, m) {
                d = Decision::Play(Move::Pass);
            }
        }
        self.memory.decided = Some((
            req.game.board().hash(),
            req.game.moves().len(),
            result.ownership,
        ));
        d
    }

    /// The opening book's move as a result, if the configuration allows
    /// the book here and the position is in it ([`Book::lookup`]).
    fn book_move(&self, req: &Request<'_>, limits: &Limits) -> Option<SearchResult> {
        let start = Instant::now();
        let b = (self.config().opening_book && !req.cleanup && limits.extra_komi == 0.0)
            .then(|| Book::builtin().lookup(req.game, req.color))
            .flatten()?;
        let mv = Move::Play(b.mv);
        let book = Candidate {
            mv,
            visits: b.visits,
            winrate: b.winrate,
            prior: 1.0,
            lcb: b.winrate,
            score_lead: 0.0,
            score_stdev: 0.0,
            pv: vec![mv],
            pv_visits: vec![b.visits],
        };
        Some(SearchResult {
            best: Decision::Play(mv),
            winrate: b.winrate,
            score_lead: 0.0,
            score_stdev: 0.0,
            candidates: vec![book],
            ownership: vec![0.0; req.game.board().area()],
            playouts: 0,
            root_visits: 0,
            reused_visits: 0,
            nodes: 0,
            elapsed: start.elapsed(),
            from_book: true,
        })
    }
}

/// The position key of a request.
fn key_of(req: &Request<'_>) -> PositionKey {
    PositionKey::new(req.game, req.color, req.cleanup)
}
