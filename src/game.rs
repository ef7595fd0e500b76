//! A game: board, rules, turn, exact superko history, end of game and undo.

use crate::board::Board;
use crate::color::Color;
use crate::error::{MoveError, RulesChangeError};
use crate::geometry::{Loc, SizeError};
use crate::handicap::{fixed_handicap_points, HandicapError};
use crate::point::{Move, Point};
use crate::rules::{KoRule, Rules, SuicideRule};
use crate::score::{
    dead_stones, score, stone_statuses_with, DeadStones, Outcome, Score, StoneStatus, WinBy,
};
use crate::zobrist;
use rustc_hash::FxHashMap;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// Two consecutive passes.
    TwoPasses,
    /// This colour resigned.
    Resigned(Color),
    /// The players agreed to a draw.
    AgreedDraw,
    /// The move limit of the rules was reached; scored as after two passes.
    MoveLimit,
    /// This colour reached the Capture Go goal.
    CaptureGoal(Color),
}

/// The error of an `undo` with nothing to take back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CannotUndo;

impl std::fmt::Display for CannotUndo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("cannot undo")
    }
}

impl std::error::Error for CannotUndo {}

/// A game of Go: the board, the rules in force, whose turn it is, the moves
/// played, and the whole-game position history that superko needs.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    /// The position before the first move (handicap and set-up stones).
    start: Board,
    start_to_move: Color,
    handicap: Vec<Point>,
    board: Board,
    to_move: Color,
    moves: Vec<(Color, Move)>,
    /// Whose turn it was before each move (a move may be played out of
    /// turn), so that undo gives the turn back exactly.
    turns: Vec<Color>,
    /// The key of every position so far, the start included.
    history: Vec<u64>,
    /// How many times each key occurs in `history`.
    seen: FxHashMap<u64, u32>,
    passes: u32,
    end: Option<GameEnd>,
}

impl Game {
    /// A new game on an empty board of side `size`, Black to move.
    ///
    /// # Errors
    /// [`SizeError`] unless `size` is from 1 to 25.
    pub fn new(size: usize, rules: Rules) -> Result<Game, SizeError> {
        let board = Board::new(size, rules.topology)?;
        Ok(Game::from_start(board, Color::Black, rules, Vec::new()))
    }

    /// A game starting from a set-up position with `to_move` to play.
    ///
    /// # Errors
    /// [`MoveError::WrongSize`] if the board's topology is not the rules'.
    pub fn from_board(board: Board, to_move: Color, rules: Rules) -> Result<Game, MoveError> {
        if board.topology() != rules.topology {
            return Err(MoveError::WrongSize);
        }
        Ok(Game::from_start(board, to_move, rules, Vec::new()))
    }

    fn from_start(board: Board, to_move: Color, rules: Rules, handicap: Vec<Point>) -> Game {
        let mut g = Game {
            rules,
            start: board.clone(),
            start_to_move: to_move,
            handicap,
            board,
            to_move,
            moves: Vec::new(),
            turns: Vec::new(),
            history: Vec::new(),
            seen: FxHashMap::default(),
            passes: 0,
            end: None,
        };
        g.record();
        g
    }

    /// The key of the current position for superko (with the side to move
    /// under situational superko).
    fn key(&self) -> u64 {
        self.key_of(self.board.hash(), self.to_move)
    }

    fn key_of(&self, hash: u64, to_move: Color) -> u64 {
        match (self.rules.ko, to_move) {
            (KoRule::SituationalSuperko, Color::White) => hash ^ zobrist::WHITE_TO_MOVE,
            _ => hash,
        }
    }

    fn record(&mut self) {
        let k = self.key();
        self.history.push(k);
        *self.seen.entry(k).or_insert(0) += 1;
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board before the first move (handicap and set-up stones only).
    pub fn start_board(&self) -> &Board {
        &self.start
    }

    /// Whose turn it was before the first move.
    pub fn start_to_move(&self) -> Color {
        self.start_to_move
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// Changes the rules. The moves are replayed under the new rules, all
    /// of them even past an end on the way (two passes a host played on
    /// after, a move limit or capture goal the new rules set), and the game
    /// then ends if the new rules say so; a resignation or agreed draw
    /// stays. A change never drops a move: if the new rules forbid a move
    /// already played, or change the topology of a game with stones or
    /// moves, the change is refused and the game is left as it was.
    ///
    /// # Errors
    /// [`RulesChangeError::ForbiddenMove`] naming the first move the new
    /// rules forbid; [`RulesChangeError::TopologyMidGame`].
    pub fn set_rules(&mut self, rules: Rules) -> Result<(), RulesChangeError> {
        if rules.topology != self.rules.topology {
            let empty = self.moves.is_empty() && self.start.empty_count() == self.start.area();
            if !empty {
                return Err(RulesChangeError::TopologyMidGame);
            }
            let board = Board::new(self.size(), rules.topology)
                .map_err(|_| RulesChangeError::TopologyMidGame)?;
            *self = Game::from_start(board, Color::Black, rules, Vec::new());
            return Ok(());
        }
        let kept_end = match self.end {
            Some(e @ (GameEnd::Resigned(_) | GameEnd::AgreedDraw)) => Some(e),
            _ => None,
        };
        let mut replay = Game::from_start(
            self.start.clone(),
            self.start_to_move,
            rules,
            self.handicap.clone(),
        );
        for (i, &(c, m)) in self.moves.iter().enumerate() {
            replay.end = None;
            replay
                .play_as(c, m)
                .map_err(|reason| RulesChangeError::ForbiddenMove {
                    number: i + 1,
                    color: c,
                    mv: m,
                    reason,
                })?;
        }
        replay.end = kept_end.or_else(|| replay.end_now());
        *self = replay;
        Ok(())
    }

    /// Sets the komi.
    pub fn set_komi(&mut self, komi: f64) {
        self.rules.komi = komi;
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Gives the turn to `c` (GTP lets either colour move).
    pub fn set_to_move(&mut self, c: Color) {
        if c != self.to_move {
            self.to_move = c;
            // The side to move is part of a situational key.
            if let Some(last) = self.history.last_mut() {
                let old = *last;
                if let Some(n) = self.seen.get_mut(&old) {
                    *n -= 1;
                    if *n == 0 {
                        self.seen.remove(&old);
                    }
                }
                self.history.pop();
            }
            self.record();
        }
    }

    /// The moves played so far, in order, with their colours.
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// The handicap stones placed before the first move.
    pub fn handicap(&self) -> &[Point] {
        &self.handicap
    }

    /// The number of consecutive passes that ended the move list.
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }

    /// Why the game ended, or `None` while it goes on.
    pub fn end(&self) -> Option<GameEnd> {
        self.end
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Why `c` may not play `mv` now.
    ///
    /// # Errors
    /// [`MoveError::GameOver`], [`MoveError::OffBoard`],
    /// [`MoveError::Occupied`], [`MoveError::Ko`], [`MoveError::Suicide`]
    /// or [`MoveError::Superko`].
    pub fn check(&self, c: Color, mv: Move) -> Result<(), MoveError> {
        if self.end.is_some() {
            return Err(MoveError::GameOver);
        }
        match mv {
            Move::Pass => Ok(()),
            Move::Play(p) => {
                let l = self.board.loc(p).ok_or(MoveError::OffBoard)?;
                self.check_loc(l, c)
            }
        }
    }

    /// [`check`](Self::check) for a location of this game's board, without
    /// the game-over test.
    fn check_loc(&self, l: Loc, c: Color) -> Result<(), MoveError> {
        let allow = self.rules.suicide == SuicideRule::Allowed;
        self.board.check(l, c, allow)?;
        if self.rules.ko != KoRule::Simple {
            let k = self.key_of(self.board.hash_after(l, c), c.opponent());
            if self.seen.contains_key(&k) {
                return Err(MoveError::Superko);
            }
        }
        Ok(())
    }

    /// Whether `c` may play `mv` now.
    pub fn is_legal(&self, c: Color, mv: Move) -> bool {
        self.check(c, mv).is_ok()
    }

    /// Whether `c` may play at the location `l` now (the game not being over).
    pub fn is_legal_loc(&self, l: Loc, c: Color) -> bool {
        self.end.is_none() && l.index() < self.board.area() && self.check_loc(l, c).is_ok()
    }

    /// The points where `c` may play now (passing is always legal besides),
    /// in location order; nothing is allocated.
    pub fn legal_moves(&self, c: Color) -> impl Iterator<Item = Point> + '_ {
        self.board
            .locs()
            .filter(move |&l| self.is_legal_loc(l, c))
            .map(|l| self.board.point(l))
    }

    /// The empty points where `c` may not play now only because of the ko
    /// or superko rule (hosts mark them on screen).
    pub fn ko_forbidden(&self, c: Color) -> impl Iterator<Item = Point> + '_ {
        self.board
            .locs()
            .filter(move |&l| {
                matches!(
                    self.check_loc(l, c),
                    Err(MoveError::Ko | MoveError::Superko)
                )
            })
            .map(|l| self.board.point(l))
    }

    /// Plays `mv` for the side to move.
    ///
    /// # Errors
    /// As [`check`](Self::check); the game is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.play_as(self.to_move, mv)
    }

    /// Plays `mv` for `c`, whoever's turn it is (GTP allows this); the turn
    /// then passes to `c`'s opponent.
    ///
    /// # Errors
    /// As [`check`](Self::check); the game is then unchanged.
    pub fn play_as(&mut self, c: Color, mv: Move) -> Result<(), MoveError> {
        self.check(c, mv)?;
        self.apply(c, mv);
        Ok(())
    }

    /// Plays a move already known to be legal.
    fn apply(&mut self, c: Color, mv: Move) {
        match mv {
            Move::Pass => {
                self.board.pass();
                self.passes += 1;
            }
            Move::Play(p) => {
                if let Some(l) = self.board.loc(p) {
                    self.board.play_unchecked(l, c);
                }
                self.passes = 0;
            }
        }
        self.moves.push((c, mv));
        self.turns.push(self.to_move);
        self.to_move = c.opponent();
        self.record();
        self.end = self.end_now();
    }

    fn end_now(&self) -> Option<GameEnd> {
        if let Some(goal) = self.rules.capture_goal {
            for c in Color::ALL {
                if self.board.captures(c) >= goal {
                    return Some(GameEnd::CaptureGoal(c));
                }
            }
        }
        // The move limit before the passes: a game that reaches its limit
        // is over for good, even on a pass ([`resume`](Self::resume) takes
        // back only an end by passes).
        match self.rules.move_limit {
            Some(limit) if self.moves.len() >= limit as usize => return Some(GameEnd::MoveLimit),
            _ => {}
        }
        (self.passes >= 2).then_some(GameEnd::TwoPasses)
    }

    /// The side to move passes.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] if the game is over.
    pub fn pass(&mut self) -> Result<(), MoveError> {
        self.play(Move::Pass)
    }

    /// Takes a game ended by two passes back into play, as GTP hosts may
    /// go on after passes (a dispute, a clean-up phase); the moves stay.
    /// Games ended otherwise (the move limit reached included) are
    /// unchanged.
    pub fn resume(&mut self) {
        if self.end == Some(GameEnd::TwoPasses) {
            self.end = None;
        }
    }

    /// `c` resigns; the game is over.
    pub fn resign(&mut self, c: Color) {
        if self.end.is_none() {
            self.end = Some(GameEnd::Resigned(c));
        }
    }

    /// The players agree to a draw; the game is over.
    pub fn agree_draw(&mut self) {
        if self.end.is_none() {
            self.end = Some(GameEnd::AgreedDraw);
        }
    }

    /// Takes back the last move, exactly: board, hash, prisoners, ko point,
    /// superko history, pass count and turn. A resignation or agreed draw is
    /// taken back first, on its own. Handicap stones are never taken back.
    ///
    /// # Errors
    /// [`CannotUndo`] when there is nothing to take back.
    pub fn undo(&mut self) -> Result<(), CannotUndo> {
        if matches!(self.end, Some(GameEnd::Resigned(_) | GameEnd::AgreedDraw)) {
            self.end = None;
            return Ok(());
        }
        let Some((c, _)) = self.moves.pop() else {
            return Err(CannotUndo);
        };
        let turn = self.turns.pop().unwrap_or(c);
        if let Some(k) = self.history.pop() {
            if let Some(n) = self.seen.get_mut(&k) {
                *n -= 1;
                if *n == 0 {
                    self.seen.remove(&k);
                }
            }
        }
        self.board.clone_from(&self.start);
        for &(mc, mv) in &self.moves {
            match mv {
                Move::Pass => self.board.pass(),
                Move::Play(p) => {
                    if let Some(l) = self.board.loc(p) {
                        self.board.play_unchecked(l, mc);
                    }
                }
            }
        }
        self.passes = self
            .moves
            .iter()
            .rev()
            .take_while(|(_, m)| *m == Move::Pass)
            .count() as u32;
        self.to_move = turn;
        self.end = None;
        Ok(())
    }

    /// Places the fixed handicap of `stones` stones (GTP `fixed_handicap`)
    /// and gives White the move; returns the points.
    ///
    /// # Errors
    /// [`HandicapError::BoardNotEmpty`] once stones or moves are on the
    /// board; [`HandicapError::InvalidNumber`] for a number this size does
    /// not allow.
    pub fn set_fixed_handicap(&mut self, stones: usize) -> Result<Vec<Point>, HandicapError> {
        self.ensure_empty()?;
        let pts = fixed_handicap_points(self.size(), stones)?;
        self.set_free_handicap(&pts)?;
        Ok(pts)
    }

    /// Places handicap stones on the given points (GTP `set_free_handicap`)
    /// and gives White the move.
    ///
    /// # Errors
    /// [`HandicapError::BoardNotEmpty`] once stones or moves are on the
    /// board; [`HandicapError::InvalidNumber`] for fewer than 2 stones or
    /// no empty point left; [`HandicapError::BadVertexList`] for a repeated
    /// or off-board point.
    pub fn set_free_handicap(&mut self, points: &[Point]) -> Result<(), HandicapError> {
        self.ensure_empty()?;
        if points.len() < 2 || points.len() >= self.board.area() {
            return Err(HandicapError::InvalidNumber);
        }
        let mut board = self.start.clone();
        for (i, &p) in points.iter().enumerate() {
            if points[..i].contains(&p) || board.loc(p).is_none() {
                return Err(HandicapError::BadVertexList);
            }
            board
                .set(p, Some(Color::Black))
                .map_err(|_| HandicapError::BadVertexList)?;
        }
        *self = Game::from_start(board, Color::White, self.rules, points.to_vec());
        Ok(())
    }

    fn ensure_empty(&self) -> Result<(), HandicapError> {
        let empty = self.moves.is_empty() && self.start.empty_count() == self.start.area();
        if empty {
            Ok(())
        } else {
            Err(HandicapError::BoardNotEmpty)
        }
    }

    /// The komi the count gives White: the rules' komi plus their
    /// [`HandicapBonus`](crate::HandicapBonus) for this game's handicap
    /// stones (`komi 0.5` and four stones under the Chinese rules: 4.5).
    pub fn komi_with_bonus(&self) -> f64 {
        self.rules.komi + self.rules.handicap_bonus.points(self.handicap.len())
    }

    /// The score if the game ended now with the given dead stones, without
    /// changing the game. Its komi is [`komi_with_bonus`](Self::komi_with_bonus).
    pub fn score_with(&self, dead: &DeadStones) -> Score {
        score(
            &self.board,
            &self.rules.with_komi(self.komi_with_bonus()),
            dead,
        )
    }

    /// The result of a finished game, or `None` while it goes on. Games
    /// ended by passes or the move limit are scored with `dead` taken off.
    pub fn result_with(&self, dead: &DeadStones) -> Option<Outcome> {
        Some(match self.end? {
            GameEnd::Resigned(c) => Outcome::Win {
                winner: c.opponent(),
                by: WinBy::Resignation,
            },
            GameEnd::AgreedDraw => Outcome::Draw,
            GameEnd::CaptureGoal(c) => Outcome::Win {
                winner: c,
                by: WinBy::CaptureGoal,
            },
            GameEnd::TwoPasses | GameEnd::MoveLimit => {
                self.score_with(dead).outcome(self.rules.tie)
            }
        })
    }

    /// The dead stones if the game ended now: the one decision for a
    /// finished game, [`dead_stones`](crate::dead_stones) (the certainly
    /// dead stones plus the chains a fixed set of seeded playouts gives to
    /// the opponent, never a chain in seki). It depends on the stones and
    /// the rules alone; GTP `final_score`, `final_status_list`,
    /// `tengen-score`, `tengen match` and the Phantom referee count with it.
    pub fn dead_stones(&self) -> DeadStones {
        dead_stones(&self.board, &self.rules)
    }

    /// The score if the game ended now, with the dead stones taken
    /// off ([`dead_stones`](Self::dead_stones)), without changing the game.
    /// Its `Display` reads `Black 41, White 47.5 (komi 6.5)`.
    pub fn score_preview(&self) -> Score {
        self.score_with(&self.dead_stones())
    }

    /// The result of a finished game, or `None` while it goes on. Games
    /// ended by passes or the move limit are scored with the dead
    /// stones taken off ([`dead_stones`](Self::dead_stones)).
    pub fn result(&self) -> Option<Outcome> {
        self.end?;
        self.result_with(&self.dead_stones())
    }

    /// The result if the game ended now, without changing the game: the
    /// actual [`result`](Self::result) of a finished game, otherwise the
    /// outcome of [`score_preview`](Self::score_preview) under the tie rule
    /// (for GTP `final_score` asked before the end).
    pub fn result_preview(&self) -> Outcome {
        match self.result() {
            Some(o) => o,
            None => self.score_preview().outcome(self.rules.tie),
        }
    }

    /// The status of every stone on the board, in location order (rows from
    /// the bottom), consistent with [`dead_stones`](Self::dead_stones) and
    /// [`score_preview`](Self::score_preview): for GTP `final_status_list`.
    pub fn stone_statuses(&self) -> Vec<(Point, StoneStatus)> {
        stone_statuses_with(&self.board, &self.rules, &self.dead_stones())
            .into_iter()
            .map(|(l, s)| (self.board.point(l), s))
            .collect()
    }

    /// The points of the stones with status `status`, in location order
    /// (GTP `final_status_list alive|seki|dead`).
    pub fn stones_with_status(&self, status: StoneStatus) -> Vec<Point> {
        self.stone_statuses()
            .into_iter()
            .filter(|&(_, s)| s == status)
            .map(|(p, _)| p)
            .collect()
    }

    /// The Zobrist key of every position of the game so far, the start
    /// included (with the side to move under situational superko).
    pub fn history(&self) -> &[u64] {
        &self.history
    }
}
