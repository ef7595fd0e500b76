//! The tree search behind the GTP front end's [`Engine`] interface.

use super::{Limits as SearchLimits, Search, SearchConfig, SearchResult};
use crate::engine::{Analysis, Candidate, Decision, Engine, Key, Limits, Request};
use crate::game::Game;
use crate::point::Move;
use std::sync::atomic::AtomicBool;

/// The Monte-Carlo tree search as an [`Engine`]: `analyze` searches (and
/// continues the search of the same position), `decide` applies the pass
/// and resignation policy to the last analysis.
///
/// After the engine passes, an ownership estimate asked for the same
/// stones (for `final_status_list` or `final_score`) is the one that
/// justified the pass, so the two never disagree.
#[derive(Debug)]
pub struct MctsEngine {
    search: Search,
    /// The last analysis, and the position it was of.
    last: Option<(Key, SearchResult)>,
    /// The board hash, move count and ownership behind the last decision.
    decided: Option<(u64, usize, Vec<f64>)>,
}

impl MctsEngine {
    /// An engine searching with `config`.
    pub fn new(config: SearchConfig) -> MctsEngine {
        MctsEngine {
            search: Search::new(config),
            last: None,
            decided: None,
        }
    }

    /// The search itself.
    pub fn search(&self) -> &Search {
        &self.search
    }

    /// The ownership behind the last decision, if `game` only added passes
    /// to that position.
    fn decided_ownership(&self, game: &Game) -> Option<&Vec<f64>> {
        let (hash, n, own) = self.decided.as_ref()?;
        let moves = game.moves();
        let only_passes = moves.len() >= *n && moves[*n..].iter().all(|&(_, m)| m == Move::Pass);
        (game.board().hash() == *hash && only_passes).then_some(own)
    }
}

fn to_analysis(r: &SearchResult) -> Analysis {
    Analysis {
        candidates: r
            .candidates
            .iter()
            .filter(|c| c.visits > 0)
            .map(|c| Candidate {
                mv: c.mv,
                visits: c.visits,
                winrate: f64::from(c.winrate),
                prior: f64::from(c.prior),
                lcb: f64::from(c.lcb),
                score_lead: f64::from(r.score_lead),
                pv: c.pv.clone(),
            })
            .collect(),
        playouts: r.root_visits,
        ownership: r.ownership.iter().map(|&o| f64::from(o)).collect(),
    }
}

impl Engine for MctsEngine {
    fn analyze(&mut self, req: &Request<'_>, limits: &Limits, stop: &AtomicBool) -> Analysis {
        let mut l = SearchLimits {
            playouts: limits.playouts,
            time: limits.time,
            max_time: limits.max_time,
            cleanup: req.cleanup,
            analysis: true,
            ..SearchLimits::default()
        };
        if l.playouts.is_none() && l.time.is_none() {
            // Never search without end unless asked to by the stop flag
            // alone: the GTP layer always sets a limit, this is a guard.
            l.playouts = Some(crate::gtp::DEFAULT_PLAYOUTS);
        }
        let r = self
            .search
            .think(req.game, req.color, &l, stop, &mut |_| {});
        let mut a = to_analysis(&r);
        if let Some(own) = self.decided_ownership(req.game) {
            a.ownership.clone_from(own);
        }
        self.last = Some((Key::of(req), r));
        a
    }

    fn decide(&mut self, req: &Request<'_>, analysis: &Analysis) -> Decision {
        let key = Key::of(req);
        let result = match &self.last {
            Some((k, r)) if *k == key => r.clone(),
            _ => {
                // No analysis of this position: fall back on the caller's.
                return match analysis.candidates.first() {
                    Some(c) if req.game.is_legal(req.color, c.mv) => Decision::Play(c.mv),
                    _ => Decision::Play(Move::Pass),
                };
            }
        };
        let mut d = self
            .search
            .decide(req.game, req.color, &result, req.cleanup);
        if let Decision::Play(m) = d {
            if !req.game.is_legal(req.color, m) {
                d = Decision::Play(Move::Pass);
            }
        }
        self.decided = Some((
            req.game.board().hash(),
            req.game.moves().len(),
            result.ownership.iter().map(|&o| f64::from(o)).collect(),
        ));
        d
    }

    fn new_game(&mut self) {
        self.search.clear();
        self.last = None;
        self.decided = None;
    }
}
