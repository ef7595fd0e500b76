//! The interface between the GTP front end and a move-choosing engine, and
//! a simple flat Monte-Carlo player built on the light playouts.
//!
//! The front end asks an [`Engine`] to [`analyze`](Engine::analyze) a
//! position within some [`Limits`] (repeatedly, for live analysis), then to
//! [`decide`](Engine::decide) on a move. Any engine (the flat player here,
//! a tree search later) plugs in without touching the protocol code.

use crate::color::Color;
use crate::game::Game;
use crate::playout::Playout;
use crate::point::Move;
use crate::score::DeadStones;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How much one search may do. The search stops at the first limit
/// reached; with neither it runs until told to stop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// At most this many playouts.
    pub playouts: Option<u64>,
    /// At most this much wall time, the normal thinking time.
    pub time: Option<Duration>,
    /// When the best move is still unclear at `time`, the search may go on
    /// up to this much wall time (`None`, or less than `time`: stop at
    /// `time`). Clock budgets set it for critical moves.
    pub max_time: Option<Duration>,
}

/// One candidate move of an analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// Playouts (or tree visits) spent on it.
    pub visits: u64,
    /// The estimated win rate for the analysed colour, from 0 to 1.
    pub winrate: f64,
    /// The prior probability the engine gave the move, from 0 to 1.
    pub prior: f64,
    /// A lower confidence bound of the win rate, from 0 to 1.
    pub lcb: f64,
    /// The expected final lead of the analysed colour in points.
    pub score_lead: f64,
    /// The principal variation, starting with `mv`.
    pub pv: Vec<Move>,
}

/// What a search found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// The candidate moves with at least one visit, best first.
    pub candidates: Vec<Candidate>,
    /// Playouts done on this position so far.
    pub playouts: u64,
    /// The expected owner of every point, indexed by
    /// [`Loc::index`](crate::Loc::index): +1 Black, -1 White. Empty when
    /// the engine does not estimate ownership.
    pub ownership: Vec<f64>,
}

/// An engine's answer to `genmove`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Play this move (or pass).
    Play(Move),
    /// Resign.
    Resign,
}

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
    fn analyze(&mut self, req: &Request<'_>, limits: &Limits, stop: &AtomicBool) -> Analysis;

    /// Chooses a move for `req` from what the search found. It must be a
    /// legal move of `req.game` for `req.color`.
    fn decide(&mut self, req: &Request<'_>, analysis: &Analysis) -> Decision;

    /// Searches, then decides.
    fn genmove(
        &mut self,
        req: &Request<'_>,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> (Decision, Analysis) {
        let analysis = self.analyze(req, limits, stop);
        (self.decide(req, &analysis), analysis)
    }

    /// Forgets everything about the previous game.
    fn new_game(&mut self) {}
}

impl<E: Engine + ?Sized> Engine for Box<E> {
    fn analyze(&mut self, req: &Request<'_>, limits: &Limits, stop: &AtomicBool) -> Analysis {
        (**self).analyze(req, limits, stop)
    }

    fn decide(&mut self, req: &Request<'_>, analysis: &Analysis) -> Decision {
        (**self).decide(req, analysis)
    }

    fn genmove(
        &mut self,
        req: &Request<'_>,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> (Decision, Analysis) {
        (**self).genmove(req, limits, stop)
    }

    fn new_game(&mut self) {
        (**self).new_game();
    }
}

/// One root move of the flat search.
#[derive(Clone, Debug)]
struct Arm {
    mv: Move,
    visits: u64,
    wins: f64,
    /// Sum of the analysed colour's final lead (komi included).
    score_sum: f64,
}

impl Arm {
    fn winrate(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.wins / self.visits as f64
        }
    }

    fn score(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.score_sum / self.visits as f64
        }
    }
}

/// What identifies the position a cached search belongs to (shared by
/// the flat player here and the tree search's engine).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Key {
    hash: u64,
    moves: usize,
    color: Color,
    cleanup: bool,
    komi: f64,
    size: usize,
}

impl Key {
    /// The key of a request's position, colour, mode, komi and size.
    pub(crate) fn of(req: &Request<'_>) -> Key {
        Key {
            hash: req.game.history().last().copied().unwrap_or(0),
            moves: req.game.moves().len(),
            color: req.color,
            cleanup: req.cleanup,
            komi: req.game.rules().komi,
            size: req.game.size(),
        }
    }
}

/// The statistics of the position being searched.
#[derive(Clone, Debug)]
struct Tree {
    key: Key,
    arms: Vec<Arm>,
    /// Sum over playouts of each point's owner (+1 Black, -1 White).
    own_sum: Vec<f64>,
    playouts: u64,
}

/// A flat Monte-Carlo player: every legal move that does not fill one of
/// its own eyes (and the pass) is tried with light playouts, chosen among
/// by UCB1, and the most visited is played. It passes when passing is
/// best, when the opponent has passed and it is ahead, or when the board
/// is settled and no move gains; it resigns below a win-rate threshold.
#[derive(Clone, Debug)]
pub struct MonteCarlo {
    playout: Playout,
    resign_below: f64,
    tree: Option<Tree>,
}

/// UCB1 exploration constant.
const EXPLORATION: f64 = 0.7;
/// Weight of the mean score beside the win rate when comparing moves, so
/// that a won (or lost) game still prefers the better score.
const SCORE_WEIGHT: f64 = 0.05;
/// Fewest playouts before resigning is considered.
const RESIGN_MIN_PLAYOUTS: u64 = 500;

impl MonteCarlo {
    /// A player seeded with `seed` that resigns when its best win rate is
    /// below `resign_below` (0 never resigns).
    pub fn new(seed: u64, resign_below: f64) -> MonteCarlo {
        MonteCarlo {
            playout: Playout::new(seed),
            resign_below,
            tree: None,
        }
    }

    /// Starts a new search unless the cached one is of this request.
    fn ensure_tree(&mut self, req: &Request<'_>) {
        let key = Key::of(req);
        let fresh = !matches!(&self.tree, Some(t) if t.key == key);
        if fresh {
            let game = req.game;
            let board = game.board();
            let mut arms: Vec<Arm> = Vec::new();
            if !game.is_over() {
                arms.extend(
                    board
                        .locs()
                        .filter(|&l| !board.is_eye(l, req.color) && game.is_legal_loc(l, req.color))
                        .map(|l| Arm {
                            mv: Move::Play(board.point(l)),
                            visits: 0,
                            wins: 0.0,
                            score_sum: 0.0,
                        }),
                );
            }
            arms.push(Arm {
                mv: Move::Pass,
                visits: 0,
                wins: 0.0,
                score_sum: 0.0,
            });
            self.tree = Some(Tree {
                key,
                arms,
                own_sum: vec![0.0; board.area()],
                playouts: 0,
            });
        }
    }

    fn value(arm: &Arm, area: usize) -> f64 {
        arm.winrate() + SCORE_WEIGHT * (arm.score() / area.max(1) as f64).clamp(-1.0, 1.0)
    }

    /// The index of the arm UCB1 tries next.
    fn select(tree: &Tree, area: usize) -> usize {
        let ln = (tree.playouts.max(1) as f64).ln();
        let mut best = 0;
        let mut best_v = f64::NEG_INFINITY;
        for (i, a) in tree.arms.iter().enumerate() {
            if a.visits == 0 {
                return i;
            }
            let v = Self::value(a, area) + EXPLORATION * (ln / a.visits as f64).sqrt();
            if v > best_v {
                best_v = v;
                best = i;
            }
        }
        best
    }

    /// Plays one playout through arm `i` and records it.
    fn simulate(&mut self, req: &Request<'_>, i: usize) {
        let Some(tree) = self.tree.as_mut() else {
            return;
        };
        let Some(arm) = tree.arms.get(i) else {
            return;
        };
        let game = req.game;
        let mut board = game.board().clone();
        match arm.mv {
            Move::Pass => board.pass(),
            Move::Play(p) => {
                if let Some(l) = board.loc(p) {
                    board.play_unchecked(l, req.color);
                }
            }
        }
        let result = self.playout.run(&mut board, req.color.opponent());
        let black_lead = f64::from(result.area_diff) - game.rules().komi;
        let lead = match req.color {
            Color::Black => black_lead,
            Color::White => -black_lead,
        };
        let win = if lead > 0.0 {
            1.0
        } else if lead == 0.0 {
            0.5
        } else {
            0.0
        };
        let arm = &mut tree.arms[i];
        arm.visits += 1;
        arm.wins += win;
        arm.score_sum += lead;
        tree.playouts += 1;
        for l in board.locs() {
            let owner = match board.color_at(l) {
                Some(c) => Some(c),
                None => {
                    let (mut b, mut w) = (false, false);
                    for n in board.neighbors(l) {
                        match board.color_at(n) {
                            Some(Color::Black) => b = true,
                            Some(Color::White) => w = true,
                            None => {}
                        }
                    }
                    match (b, w) {
                        (true, false) => Some(Color::Black),
                        (false, true) => Some(Color::White),
                        _ => None,
                    }
                }
            };
            if let Some(slot) = tree.own_sum.get_mut(l.index()) {
                *slot += match owner {
                    Some(Color::Black) => 1.0,
                    Some(Color::White) => -1.0,
                    None => 0.0,
                };
            }
        }
    }

    fn report(&self) -> Analysis {
        let Some(tree) = &self.tree else {
            return Analysis::default();
        };
        let n_arms = tree.arms.len().max(1) as f64;
        let mut arms: Vec<&Arm> = tree.arms.iter().filter(|a| a.visits > 0).collect();
        arms.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.winrate().total_cmp(&a.winrate()))
        });
        let candidates = arms
            .into_iter()
            .map(|a| {
                let p = a.winrate();
                let n = a.visits as f64;
                Candidate {
                    mv: a.mv,
                    visits: a.visits,
                    winrate: p,
                    prior: 1.0 / n_arms,
                    lcb: (p - 1.96 * (p * (1.0 - p) / n).sqrt()).max(0.0),
                    score_lead: a.score(),
                    pv: vec![a.mv],
                }
            })
            .collect();
        let n = tree.playouts.max(1) as f64;
        Analysis {
            candidates,
            playouts: tree.playouts,
            ownership: tree.own_sum.iter().map(|s| s / n).collect(),
        }
    }
}

/// The dead stones of `game` by an ownership estimate: the library's
/// conservative dead stones ([`Game::dead_stones`]), plus every chain whose
/// points the estimate gives to the opponent on average in more than three
/// playouts out of four (mean ownership beyond 0.5 the other way). With no
/// estimate, only the conservative ones.
pub fn estimated_dead_stones(game: &Game, ownership: &[f64]) -> DeadStones {
    let board = game.board();
    let mut dead = game.dead_stones();
    if ownership.len() < board.area() {
        return dead;
    }
    let mut seen = vec![false; board.area()];
    for l in board.locs() {
        let Some(c) = board.color_at(l) else { continue };
        if seen[l.index()] {
            continue;
        }
        let (mut sum, mut n) = (0.0, 0.0);
        for m in board.chain(l) {
            seen[m.index()] = true;
            sum += ownership[m.index()];
            n += 1.0;
        }
        let mean = sum / n;
        let lost = match c {
            Color::Black => mean < -0.5,
            Color::White => mean > 0.5,
        };
        if lost {
            for m in board.chain(l) {
                dead.insert(m);
            }
        }
    }
    dead
}

impl Engine for MonteCarlo {
    fn analyze(&mut self, req: &Request<'_>, limits: &Limits, stop: &AtomicBool) -> Analysis {
        let start = Instant::now();
        let area = req.game.board().area();
        self.ensure_tree(req);
        let (arms, before) = self
            .tree
            .as_ref()
            .map_or((0, 0), |t| (t.arms.len() as u64, t.playouts));
        let mut done = 0u64;
        while let Some(tree) = &self.tree {
            // Every move gets one playout before any limit is looked at,
            // unless the search is being stopped from outside.
            let warm = tree.playouts >= arms;
            if warm || stop.load(Ordering::Relaxed) {
                if stop.load(Ordering::Relaxed) && tree.playouts > 0 {
                    break;
                }
                if limits.playouts.is_some_and(|n| done >= n) {
                    break;
                }
                if done % 8 == 0 && limits.time.is_some_and(|t| start.elapsed() >= t) {
                    break;
                }
            }
            let i = Self::select(tree, area);
            self.simulate(req, i);
            done = self.tree.as_ref().map_or(done + 1, |t| t.playouts - before);
        }
        self.report()
    }

    fn decide(&mut self, req: &Request<'_>, analysis: &Analysis) -> Decision {
        let game = req.game;
        let color = req.color;
        let area = game.board().area();
        let Some(tree) = self.tree.as_ref().filter(|t| t.key == Key::of(req)) else {
            return Decision::Play(Move::Pass);
        };
        let dead = estimated_dead_stones(game, &analysis.ownership);
        let board = game.board();
        let opponent_dead = dead
            .iter(board)
            .any(|l| board.color_at(l) == Some(color.opponent()));
        let exclude_pass = req.cleanup && opponent_dead;
        let pass = tree.arms.iter().find(|a| a.mv == Move::Pass);
        let best = tree
            .arms
            .iter()
            .filter(|a| a.visits > 0 && !(exclude_pass && a.mv == Move::Pass))
            .max_by(|a, b| {
                a.visits
                    .cmp(&b.visits)
                    .then(Self::value(a, area).total_cmp(&Self::value(b, area)))
            });
        let Some(best) = best else {
            return Decision::Play(Move::Pass);
        };
        if self.resign_below > 0.0
            && tree.playouts >= RESIGN_MIN_PLAYOUTS
            && best.winrate() < self.resign_below
        {
            return Decision::Resign;
        }
        if best.mv == Move::Pass {
            return Decision::Play(Move::Pass);
        }
        if !req.cleanup {
            let opponent_passed = game.moves().last() == Some(&(color.opponent(), Move::Pass));
            let margin = game.score_with(&dead).margin();
            let ahead = match color {
                Color::Black => margin > 0.0,
                Color::White => margin < 0.0,
            };
            if opponent_passed && ahead {
                return Decision::Play(Move::Pass);
            }
            let settled = analysis.ownership.iter().all(|o| o.abs() >= 0.8);
            if settled && pass.is_some_and(|p| p.visits > 0 && best.score() - p.score() < 1.0) {
                return Decision::Play(Move::Pass);
            }
        }
        Decision::Play(best.mv)
    }

    fn new_game(&mut self) {
        self.tree = None;
    }
}
