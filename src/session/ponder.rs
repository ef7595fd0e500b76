//! Pondering: searching on the opponent's time. After the engine's own
//! `genmove`, while no command waits, the session searches the position
//! with the opponent to move; when the opponent's move arrives and was
//! explored, the next search starts from its subtree (tree reuse). Any input
//! line stops the pondering at once: the reader thread raises the stop
//! flag as it does for live analysis, and the search is run in short
//! slices that also look for waiting input.

use super::Session;
use crate::gtp::LineSource;
use crate::search::{Limits, Request, SearchResult};
use std::io::Write;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The length of one slice of pondering: between slices the session looks
/// for waiting input itself, which bounds the delay of a line that slipped
/// past the stop flag; short enough for that, long enough that the cost of
/// starting a search each slice is a fraction of a percent; hand-set.
pub(super) const PONDER_SLICE: Duration = Duration::from_millis(100);

/// The longest the engine ponders on one opponent move: a host that waits
/// for a human all night does not keep a core busy all night; hand-set.
pub(super) const PONDER_MAX: Duration = Duration::from_secs(600);

impl Session {
    /// Whether to ponder now: it is on, the game still stands where the
    /// engine's own last move left it (so the opponent is to move; other
    /// commands such as `time_left` or `name` in between do not matter),
    /// the game goes on, and no Phantom Go game runs.
    pub(super) fn should_ponder(&self) -> bool {
        self.config.ponder
            && self.ponder_from == Some((self.game.board().hash(), self.game.moves().len()))
            && self.phantom.is_none()
            && !self.game.is_over()
    }

    /// Searches the opponent's position until a line arrives (or
    /// [`PONDER_MAX`]), with the dynamic komi of the engine's own moves so
    /// that the tree stays valid for them; logs what it found.
    pub(super) fn ponder(&mut self, src: &mut dyn LineSource) {
        let color = self.game.to_move();
        self.signals.stop.store(false, Ordering::SeqCst);
        self.signals.analyzing.store(true, Ordering::SeqCst);
        let start = Instant::now();
        let mut last: Option<SearchResult> = None;
        // The komi of the engine's own next move (the opponent's colour is
        // to move now).
        let extra_komi = self.komi.extra_komi(&self.game, color.opponent());
        // A line that arrived just before `analyzing` was set raised no
        // stop: look for it before each slice.
        while !src.line_waiting()
            && !self.signals.stop.load(Ordering::SeqCst)
            && start.elapsed() < PONDER_MAX
        {
            let limits = Limits {
                time: Some(PONDER_SLICE),
                extra_komi,
                ..Limits::default()
            };
            let req = Request {
                game: &self.game,
                color,
                cleanup: false,
            };
            let before = last.as_ref().map_or(0, |a| a.root_visits);
            let a = self.engine.analyze(&req, &limits, &self.signals.stop);
            // An engine that makes no progress would spin for ever.
            let stuck = a.root_visits <= before;
            last = Some(a);
            if stuck {
                break;
            }
        }
        self.signals.analyzing.store(false, Ordering::SeqCst);
        self.signals.stop.store(false, Ordering::SeqCst);
        if let Some(a) = last {
            let expect = a
                .candidates
                .first()
                .map_or_else(|| "nothing".to_string(), |c| c.mv.to_string());
            let _ = writeln!(
                self.log,
                "pondered {} visits for {color} in {:.2}s, expecting {expect}",
                a.root_visits,
                start.elapsed().as_secs_f64()
            );
            let _ = self.log.flush();
        }
    }
}
