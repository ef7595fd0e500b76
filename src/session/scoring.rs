//! Scoring over GTP: the dead stones of a position (the library's one
//! decision for a finished game), `final_score`, `final_status_list`,
//! `tengen-score` and the search's ownership board.

use super::handlers::vertices;
use super::Session;
use crate::game::GameEnd;
use crate::geometry::Loc;
use crate::gtp::GtpError;
use crate::point::Point;
use crate::score::{stone_statuses_with, DeadStones, Outcome, StoneStatus};
use crate::search::{Engine, Limits, Request};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The most the ownership board (`gogui-analyze`'s `dboard`) searches.
const SCORING_LIMITS: Limits = Limits {
    playouts: Some(20_000),
    time: Some(Duration::from_secs(2)),
    max_time: None,
    info_interval: None,
    cleanup: false,
    analysis: false,
    extra_komi: 0.0,
    expected_winrate: None,
    saves_time: false,
};

impl Session {
    /// The search limits for the ownership board: the configured ones,
    /// but at most [`SCORING_LIMITS`]'s, so that a long time per move does
    /// not hold it up.
    pub(super) fn scoring_limits(&self) -> Limits {
        fn min<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(std::cmp::min(a, b)),
                (a, b) => a.or(b),
            }
        }
        Limits {
            playouts: min(self.config.limits.playouts, SCORING_LIMITS.playouts),
            time: min(self.config.limits.time, SCORING_LIMITS.time),
            ..SCORING_LIMITS
        }
    }

    /// The stones counted dead at the end of the game: the library's one
    /// decision, [`Game::dead_stones`](crate::Game::dead_stones), so that
    /// `final_score`, `final_status_list`, `tengen-score` and a library
    /// user's [`Game::score_preview`](crate::Game::score_preview) always
    /// agree, whatever the search's budget.
    pub(super) fn dead_stones(&self) -> DeadStones {
        self.game.dead_stones()
    }

    pub(super) fn final_score(&mut self) -> Result<String, GtpError> {
        let dead = self.dead_stones();
        let outcome: Outcome = match self.game.end() {
            Some(GameEnd::TwoPasses | GameEnd::MoveLimit) | None => {
                self.game.score_with(&dead).outcome(self.game.rules().tie)
            }
            Some(_) => self.game.result_with(&dead).ok_or(GtpError::CannotScore)?,
        };
        Ok(outcome.to_string())
    }

    /// `final_status_list`: the stones of that status, one chain a line.
    pub(super) fn status_list(&mut self, status: StoneStatus) -> String {
        let dead = self.dead_stones();
        let board = self.game.board();
        let statuses = stone_statuses_with(board, self.game.rules(), &dead);
        let mut done = vec![false; board.area()];
        let mut lines = Vec::new();
        for &(l, st) in &statuses {
            if st != status || done.get(l.index()).copied().unwrap_or(true) {
                continue;
            }
            let mut chain: Vec<Loc> = board.chain(l).collect();
            chain.sort();
            for &m in &chain {
                if let Some(d) = done.get_mut(m.index()) {
                    *d = true;
                }
            }
            lines.push(vertices(chain.iter().map(|&m| board.point(m))));
        }
        lines.join("\n")
    }

    /// `tengen-score`: the result if the game ended now, the totals and
    /// the dead stones taken off.
    pub(super) fn score_preview(&mut self) -> String {
        let dead = self.dead_stones();
        let s = self.game.score_with(&dead);
        let board = self.game.board();
        let dead_list = vertices(dead.iter(board).map(|l| board.point(l)));
        // A game the rules ended otherwise than by passes (a Capture Go
        // goal, a resignation) has that result, whatever the count says.
        let outcome = match self.game.end() {
            Some(GameEnd::TwoPasses | GameEnd::MoveLimit) | None => {
                s.outcome(self.game.rules().tie)
            }
            Some(_) => self
                .game
                .result_with(&dead)
                .unwrap_or_else(|| s.outcome(self.game.rules().tie)),
        };
        format!(
            "{}: {s}; dead: {}",
            outcome,
            if dead_list.is_empty() {
                "none"
            } else {
                &dead_list
            }
        )
    }

    /// The ownership estimate as a GoGui `dboard`: top row first, +1 for
    /// Black, -1 for White.
    pub(super) fn ownership_board(&mut self) -> String {
        let color = self.game.to_move();
        let limits = self.scoring_limits();
        self.signals.stop.store(false, Ordering::SeqCst);
        let req = Request {
            game: &self.game,
            color,
            cleanup: false,
        };
        let analysis = self.engine.analyze(&req, &limits, &self.signals.stop);
        let board = self.game.board();
        let size = board.size();
        let mut t = String::new();
        for y in (0..size).rev() {
            t.push('\n');
            let row: Vec<String> = (0..size)
                .map(|x| {
                    let v = Point::new(x, y)
                        .and_then(|p| board.loc(p))
                        .and_then(|l| analysis.ownership.get(l.index()))
                        .copied()
                        .unwrap_or(0.0);
                    format!("{v:.2}")
                })
                .collect();
            t.push_str(&row.join(" "));
        }
        t
    }
}
