//! The priors of new tree nodes: cheap knowledge (captures, atari escapes
//! and ladders, self-atari, nakade, 3x3 patterns, distance to the last
//! move, edge lines) turned into virtual playouts, with every weight named
//! in [`PriorWeights`].

use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, Topology, OFF};
use crate::tactics::{
    is_self_atari, nakade_point, pattern_code, touches_own, Captures, Dirs, LadderReader,
};
use std::cell::RefCell;

/// Where the priors of new tree nodes come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PriorSource {
    /// The default: [`PriorSource::Blend`] on every board. Below 13x13 the
    /// learned model only adds virtual wins
    /// ([`SearchConfig::learned_wins_only`](super::SearchConfig::learned_wins_only)):
    /// on 9x9 its win-rate mapping had lost to the hand priors alone, and
    /// the wins-only form beat them (see `docs/learning.md`).
    #[default]
    Auto,
    /// The hand-set knowledge of `PriorWeights` (captures, ataris,
    /// self-atari, nakade, shapes, distance, lines).
    Hand,
    /// The learned move-prediction model alone (see `docs/learning.md`).
    Learned,
    /// Both: the hand-set bonuses plus the learned model's.
    Blend,
}

impl PriorSource {
    /// Every source, in the order of their names.
    pub const ALL: [PriorSource; 4] = [
        PriorSource::Auto,
        PriorSource::Hand,
        PriorSource::Learned,
        PriorSource::Blend,
    ];

    /// The source's name: `auto`, `hand`, `learned` or `blend`.
    pub fn name(self) -> &'static str {
        match self {
            PriorSource::Auto => "auto",
            PriorSource::Hand => "hand",
            PriorSource::Learned => "learned",
            PriorSource::Blend => "blend",
        }
    }
}

impl PriorSource {
    /// The source a search uses: [`PriorSource::Auto`] resolved (the
    /// board size decides only how the learned part is counted), the
    /// others as they are.
    ///
    /// ```
    /// use tengen::search::PriorSource;
    ///
    /// assert_eq!(PriorSource::Auto.resolved(), PriorSource::Blend);
    /// assert_eq!(PriorSource::Hand.resolved(), PriorSource::Hand);
    /// ```
    pub fn resolved(self) -> PriorSource {
        match self {
            PriorSource::Auto => PriorSource::Blend,
            other => other,
        }
    }
}

impl std::fmt::Display for PriorSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for PriorSource {
    type Err = String;

    fn from_str(s: &str) -> Result<PriorSource, String> {
        PriorSource::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown prior source {s:?}: auto, hand, learned or blend"))
    }
}

/// Prior knowledge for a move, as virtual playouts: `visits` of which
/// `wins` were won (both in whole playouts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Prior {
    pub(crate) visits: u16,
    pub(crate) wins: u16,
}

/// Virtual playouts one feature adds to a move's prior: `visits` of which
/// `wins` were won. `wins` near `visits` recommends the move, near 0
/// discourages it; the size of `visits` says how long the tree trusts the
/// feature over the real playouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bonus {
    pub(crate) visits: u32,
    pub(crate) wins: u32,
}

const fn bonus(visits: u32, wins: u32) -> Bonus {
    Bonus { visits, wins }
}

/// Every weight of the priors. All were hand-set when their feature was
/// added (the history records no tuning run for any of them); the comment
/// on each field says what it trades off.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PriorWeights {
    /// A capture: sure to be worth a look, all won; hand-set.
    pub(crate) capture: Bonus,
    /// Added to both parts of `capture` per captured stone: bigger
    /// captures first; hand-set.
    pub(crate) capture_per_stone: u32,
    /// Captured stones counted at most for `capture_per_stone`: keeps a
    /// huge capture from freezing the tree on one move; hand-set.
    pub(crate) capture_max_stones: u32,
    /// Extending out of atari when no ladder takes the chain: saving
    /// stones is usually right; hand-set.
    pub(crate) escape: Bonus,
    /// Extending out of atari into a working ladder: looked at (it is
    /// urgent-looking) but nearly all lost, so the tree drops it soon;
    /// hand-set.
    pub(crate) escape_into_ladder: Bonus,
    /// An atari whose chain cannot escape (ladder read): nearly as good as
    /// a capture; hand-set.
    pub(crate) atari_caught: Bonus,
    /// An atari the chain escapes: a small, slightly losing nudge, since
    /// it often only strengthens the opponent; hand-set.
    pub(crate) atari: Bonus,
    /// A self-atari that joins an own chain: many virtual losses, since it
    /// throws away stones that were safe; hand-set.
    pub(crate) self_atari_joined: Bonus,
    /// A self-atari of a lone stone: fewer losses than `self_atari_joined`
    /// (a throw-in can be a tesuji); hand-set.
    pub(crate) self_atari_lone: Bonus,
    /// The vital point of a small eye space: life and death the playouts
    /// read badly; hand-set.
    pub(crate) nakade: Bonus,
    /// A 3x3 shape (hane, cut, edge block) that is not a self-atari: the
    /// playouts' local shape knowledge; hand-set.
    pub(crate) pattern: Bonus,
    /// Within one point (Chebyshev distance) of the opponent's last move:
    /// answers locally first; hand-set.
    pub(crate) near_last: Bonus,
    /// At distance two from the opponent's last move: a weaker
    /// `near_last`; hand-set.
    pub(crate) near_last_2: Bonus,
    /// Boards at least this large (planar) get the edge-line weights:
    /// smaller boards have no opening to speak of; hand-set.
    pub(crate) lines_min_size: usize,
    /// Boards at least this large use `large_lines` instead of
    /// `small_lines`: room for a real opening; hand-set with 13x13.
    pub(crate) large_min_size: usize,
    /// On large boards, a point with no stone within this distance gets
    /// `large_lines`: only open areas follow the opening lines; hand-set.
    pub(crate) large_empty_radius: usize,
    /// On large boards, by line from the edge (0 the first line, the
    /// last entry for the fifth line and beyond): third and fourth lines
    /// first, the first line lost, the centre later; hand-set.
    pub(crate) large_lines: [Bonus; 5],
    /// On smaller boards, a point on the first four lines with no stone
    /// within this distance gets `small_lines`; hand-set.
    pub(crate) small_empty_radius: usize,
    /// On smaller boards, by line from the edge (0 the first line): the
    /// first two lines discouraged in open areas, nothing for the
    /// fourth; hand-set.
    pub(crate) small_lines: [Bonus; 4],
    /// A pass wins one in this many of its neutral virtual playouts: keeps
    /// the tree from passing while moves remain, without forbidding it;
    /// hand-set.
    pub(crate) pass_win_divisor: u16,
}

impl Default for PriorWeights {
    fn default() -> PriorWeights {
        PriorWeights {
            capture: bonus(20, 20),
            capture_per_stone: 4,
            capture_max_stones: 10,
            escape: bonus(20, 20),
            escape_into_ladder: bonus(20, 2),
            atari_caught: bonus(20, 18),
            atari: bonus(4, 2),
            self_atari_joined: bonus(30, 0),
            self_atari_lone: bonus(10, 2),
            nakade: bonus(20, 18),
            pattern: bonus(10, 8),
            near_last: bonus(10, 8),
            near_last_2: bonus(5, 4),
            lines_min_size: 9,
            large_min_size: 13,
            large_empty_radius: 3,
            large_lines: [
                bonus(20, 0),
                bonus(15, 2),
                bonus(15, 13),
                bonus(15, 13),
                bonus(10, 4),
            ],
            small_empty_radius: 2,
            small_lines: [bonus(20, 0), bonus(10, 2), bonus(10, 7), bonus(0, 0)],
            pass_win_divisor: 10,
        }
    }
}

impl PriorWeights {
    /// The neutral prior: `even` virtual playouts, half of them won.
    pub(crate) fn neutral(even: u16) -> Prior {
        Prior {
            visits: even,
            wins: even / 2,
        }
    }

    /// `prior` with `v` virtual playouts of the learned model added for a
    /// move of probability `p` among `n` moves
    /// ([`SearchConfig::learned_visits`](super::SearchConfig::learned_visits)).
    pub(crate) fn add_learned(prior: Prior, v: u32, p: f32, n: usize) -> Prior {
        let w = (v as f32 * learned_win_rate(p, n)).round() as u32;
        Self::add_virtual(prior, v, w)
    }

    /// `prior` with the learned model's recommendation added for a move
    /// of probability `p`: `v * sqrt(p)` virtual playouts, all won
    /// ([`SearchConfig::learned_wins_only`](super::SearchConfig::learned_wins_only)).
    pub(crate) fn add_learned_wins(prior: Prior, v: u32, p: f32) -> Prior {
        let root = if p.is_finite() {
            p.clamp(0.0, 1.0).sqrt()
        } else {
            0.0
        };
        let w = (v as f32 * root).round() as u32;
        Self::add_virtual(prior, w, w)
    }

    /// `prior` with `visits` virtual playouts added, `wins` of them won:
    /// the visits saturate at `u16::MAX`, the wins at the visits.
    fn add_virtual(prior: Prior, visits: u32, wins: u32) -> Prior {
        let visits = (u32::from(prior.visits) + visits).min(u32::from(u16::MAX));
        Prior {
            visits: visits as u16,
            wins: (u32::from(prior.wins) + wins).min(visits) as u16,
        }
    }

    /// The prior of a pass: the neutral `even` virtual playouts, of which
    /// one in `pass_win_divisor` won.
    pub(crate) fn pass(&self, even: u16) -> Prior {
        Prior {
            visits: even,
            wins: even / self.pass_win_divisor.max(1),
        }
    }
}

/// What the prior computation needs to know about the position.
pub(crate) struct PriorContext<'a> {
    pub(crate) board: &'a Board,
    pub(crate) dirs: &'static Dirs,
    pub(crate) patterns: &'static [bool],
    pub(crate) weights: &'a PriorWeights,
    /// The opponent's last move, if it was a stone.
    pub(crate) last: Option<Loc>,
    /// Scale of the neutral prior (the "even" virtual playouts, half won).
    pub(crate) even: u16,
    /// The scratch board the ladders of escapes and ataris are read on.
    pub(crate) ladders: &'a RefCell<LadderReader>,
}

impl PriorContext<'_> {
    /// The prior of `c` playing at the empty `l`.
    pub(crate) fn prior(&self, l: Loc, c: Color) -> Prior {
        let b = self.board;
        let wt = self.weights;
        let me = Board::stone_code(c);
        let opp = Board::stone_code(c.opponent());
        let mut v = u32::from(self.even);
        let mut w = v / 2;
        let mut add = |x: Bonus| {
            v += x.visits;
            w += x.wins;
        };
        let mut captures = 0usize;
        let mut escapes = false;
        let mut ataris = [OFF; 4];
        let mut n_ataris = 0;
        for &n in b.neighbor_slots(l) {
            if n == OFF {
                break;
            }
            let cell = b.cell_code(n as usize);
            if cell == opp && b.in_atari(Loc(n)) {
                captures += b.chain_len(Loc(n));
            } else if cell == me && b.in_atari(Loc(n)) {
                escapes = true;
            } else if cell == opp && b.liberties(Loc(n)) == 2 {
                ataris[n_ataris] = n;
                n_ataris += 1;
            }
        }
        let self_atari = is_self_atari(b, l, c, Captures::GiveOneLiberty);
        if captures > 0 {
            let k = (captures as u32).min(wt.capture_max_stones);
            let extra = wt.capture_per_stone * k;
            add(bonus(wt.capture.visits + extra, wt.capture.wins + extra));
        }
        if escapes && !self_atari && captures == 0 {
            // Extending out of atari: good unless a ladder takes it.
            let mut after = self.ladders.borrow_mut();
            after.load(b);
            after.play(b, l, c);
            if after.captures_two(b, l, c.opponent()) {
                add(wt.escape_into_ladder);
            } else {
                add(wt.escape);
            }
        } else if n_ataris > 0 && !self_atari {
            // An atari: good when the chain cannot escape.
            let mut after = self.ladders.borrow_mut();
            after.load(b);
            after.play(b, l, c);
            let caught = ataris[..n_ataris]
                .iter()
                .any(|&n| after.liberties(b, Loc(n), 2) == 1 && !after.escapes(b, Loc(n), c));
            if caught {
                add(wt.atari_caught);
            } else {
                add(wt.atari);
            }
        }
        if self_atari && captures == 0 {
            if touches_own(b, l, c) {
                add(wt.self_atari_joined);
            } else {
                add(wt.self_atari_lone);
            }
        }
        if !self_atari && nakade_point(b, l) == Some(l) {
            add(wt.nakade);
        }
        if self.patterns[pattern_code(b, self.dirs, l)] && !self_atari {
            add(wt.pattern);
        }
        if let Some(lm) = self.last {
            let d = distance(b, l, lm);
            if d <= 1 {
                add(wt.near_last);
            } else if d == 2 {
                add(wt.near_last_2);
            }
        }
        // Edge lines in an empty neighbourhood.
        let size = b.size();
        let p = b.point(l);
        if size >= wt.lines_min_size && b.topology() == Topology::Planar {
            let line = p.x().min(p.y()).min(size - 1 - p.x()).min(size - 1 - p.y());
            let large = &wt.large_lines;
            let small = &wt.small_lines;
            if size >= wt.large_min_size && empty_around(b, l, wt.large_empty_radius) {
                // Large boards: the third and fourth lines first.
                add(large[line.min(large.len() - 1)]);
            } else if line < small.len() && empty_around(b, l, wt.small_empty_radius) {
                add(small[line]);
            }
        }
        Prior {
            visits: v.min(u32::from(u16::MAX)) as u16,
            wins: w.min(v).min(u32::from(u16::MAX)) as u16,
        }
    }
}

/// The win rate of the learned prior of a move of probability `p` among
/// `n` moves: `r / (r + 1)` with `r = p n`, the move's probability over
/// the average one's. An average move gets one half, as the neutral prior;
/// a move ten times likelier than average 0.91, ten times less 0.09.
pub(crate) fn learned_win_rate(p: f32, n: usize) -> f32 {
    let r = p * n as f32;
    if r.is_finite() && r >= 0.0 {
        r / (r + 1.0)
    } else {
        0.5
    }
}

/// The hand-set priors' score of `c` playing at the empty `l` (a pass for
/// `None`): the win
/// rate of its prior (virtual wins over virtual playouts, with the default
/// [`SearchConfig`](super::SearchConfig)'s neutral prior), the ranking
/// `tengen train eval` compares the learned model with. `last` is the
/// opponent's last move if it was a stone.
pub fn hand_prior_score(board: &Board, c: Color, l: Option<Loc>, last: Option<Loc>) -> f32 {
    thread_local! {
        static WEIGHTS: PriorWeights = PriorWeights::default();
    }
    WEIGHTS.with(|weights| {
        let ladders = RefCell::new(LadderReader::new(board));
        let ctx = PriorContext {
            board,
            dirs: crate::tactics::dirs(board.size(), board.topology()),
            patterns: crate::tactics::patterns(),
            weights,
            last,
            even: super::SearchConfig::default().prior_even,
            ladders: &ladders,
        };
        let p = match l {
            Some(l) => ctx.prior(l, c),
            None => weights.pass(ctx.even),
        };
        f32::from(p.wins) / f32::from(p.visits.max(1))
    })
}

/// The Chebyshev distance between two locations of `board` (planar; on a
/// torus, the shortest way round).
pub(crate) fn distance(board: &Board, a: Loc, b: Loc) -> usize {
    let (dx, dy) = board.offsets(a, b);
    dx.max(dy)
}

/// Whether no stone lies within Chebyshev distance `r` of `l` (planar).
fn empty_around(board: &Board, l: Loc, r: usize) -> bool {
    let s = board.size();
    let p = board.point(l);
    let (x0, x1) = (p.x().saturating_sub(r), (p.x() + r).min(s - 1));
    let (y0, y1) = (p.y().saturating_sub(r), (p.y() + r).min(s - 1));
    for y in y0..=y1 {
        for x in x0..=x1 {
            if board.cell_code(y * s + x) != Board::EMPTY_CODE {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learned_win_rates_centre_on_the_average_move() {
        assert_eq!(learned_win_rate(0.01, 100), 0.5);
        assert!((learned_win_rate(0.1, 100) - 10.0 / 11.0).abs() < 1e-6);
        assert!((learned_win_rate(0.001, 100) - 0.1 / 1.1).abs() < 1e-6);
        assert_eq!(learned_win_rate(f32::NAN, 10), 0.5);
        let p = PriorWeights::add_learned(PriorWeights::neutral(10), 20, 0.1, 100);
        assert_eq!(p.visits, 10 + 20);
        assert_eq!(p.wins, 5 + 18);
        // Wins only: 40 * sqrt(0.25) = 20 virtual playouts, all won; an
        // unlikely move gets nearly nothing, and nothing lost.
        let p = PriorWeights::add_learned_wins(PriorWeights::neutral(10), 40, 0.25);
        assert_eq!((p.visits, p.wins), (10 + 20, 5 + 20));
        let p = PriorWeights::add_learned_wins(PriorWeights::neutral(10), 40, 1e-4);
        assert_eq!((p.visits, p.wins), (10, 5));
        let p = PriorWeights::add_learned_wins(PriorWeights::neutral(10), 40, f32::NAN);
        assert_eq!((p.visits, p.wins), (10, 5));
        for s in ["hand", "learned", "blend"] {
            assert_eq!(s.parse::<PriorSource>().unwrap().to_string(), s);
        }
        assert!("learnt".parse::<PriorSource>().is_err());
    }

    #[test]
    fn edge_lines_follow_the_board_size() {
        // An empty 13x13 board: the third line is favoured, the first
        // line all lost; on 9x9 the fourth line gets nothing.
        let w = PriorWeights::default();
        for (size, line, want) in [
            (13, 0, w.large_lines[0]),
            (13, 2, w.large_lines[2]),
            (13, 6, w.large_lines[4]),
            (9, 0, w.small_lines[0]),
            (9, 3, bonus(0, 0)),
        ] {
            let b = Board::new(size, Topology::Planar).unwrap();
            let ladders = RefCell::new(LadderReader::new(&b));
            let ctx = PriorContext {
                board: &b,
                dirs: crate::tactics::dirs(size, Topology::Planar),
                patterns: crate::tactics::patterns(),
                weights: &w,
                last: None,
                even: 10,
                ladders: &ladders,
            };
            let l = b
                .loc(crate::point::Point::new(line, line).unwrap())
                .unwrap();
            let p = ctx.prior(l, Color::Black);
            assert_eq!(u32::from(p.visits), 10 + want.visits, "{size} {line}");
            assert_eq!(u32::from(p.wins), 5 + want.wins, "{size} {line}");
        }
    }
}
