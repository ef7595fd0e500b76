//! Phantom Go: Go with hidden stones. Each player sees only their own
//! stones; a [`Referee`] keeps the real game and tells each player only
//! what the Computer Olympiad rules allow, as a stream of [`Observation`]s
//! from which the player's [`PlayerView`] is rebuilt.
//!
//! The rules: a player tries a point; a legal move is played, an illegal
//! one (a stone the player cannot see, suicide, ko) is refused without a
//! reason and the player tries again; each point can be tried once a turn,
//! so every turn ends. The opponent learns that a try was refused, not
//! where. Captured stones' points are announced to both players (not the
//! capturing stone's point). Passes are announced. Two passes end the game;
//! the board is then revealed and scored by area, with the library's
//! conservative dead-stone removal. Handicap stones are known to both.

use crate::board::Board;
use crate::color::{ByColor, Color};
use crate::game::Game;
use crate::geometry::Loc;
use crate::point::{Move, Point};
use crate::score::{LocSet, Outcome};
use std::fmt;

/// One thing a player is told.
#[derive(Clone, Debug, PartialEq)]
pub enum Observation {
    /// Black's handicap stones (known to both players).
    Handicap(Vec<Point>),
    /// Your try was accepted: your stone stands on this point.
    Accepted(Point),
    /// Your try at this point was refused; try another.
    Refused(Point),
    /// The opponent tried a point and was refused (where is not told).
    OpponentRefused,
    /// The opponent played a stone (where is not told).
    OpponentMoved,
    /// This colour passed.
    Passed(Color),
    /// Stones of `color` were captured and removed from these points.
    Captured {
        /// The colour of the removed stones.
        color: Color,
        /// Where they stood.
        points: Vec<Point>,
    },
    /// The game is over: the whole board is revealed, with the result.
    GameOver {
        /// The real final position.
        board: Box<Board>,
        /// The result, scored by the referee.
        outcome: Outcome,
    },
}

/// The answer to a try.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TryOutcome {
    /// The stone was played; these opponent stones were captured.
    Accepted {
        /// Points of the captured stones.
        captured: Vec<Point>,
    },
    /// The move was illegal on the real board; the same player tries again.
    Refused,
    /// The pass was played.
    Passed,
}

/// A try that breaks the referee's protocol (the offender loses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TryError {
    /// The point was already tried this turn.
    RepeatedTry,
    /// The point is off the board.
    OffBoard,
    /// The game is over.
    GameOver,
}

impl fmt::Display for TryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TryError::RepeatedTry => "point already tried this turn",
            TryError::OffBoard => "point off the board",
            TryError::GameOver => "the game is over",
        })
    }
}

impl std::error::Error for TryError {}

/// The Phantom Go referee: the real game, this turn's tried points, and
/// what each player has been told.
#[derive(Clone, Debug)]
pub struct Referee {
    game: Game,
    tried: LocSet,
    refused: ByColor<Vec<Vec<Point>>>,
    log: ByColor<Vec<Observation>>,
}

impl Referee {
    /// A referee for a game that has not started (its handicap stones, if
    /// any, are announced to both players).
    pub fn new(game: Game) -> Referee {
        let mut r = Referee {
            game,
            tried: LocSet::new(),
            refused: ByColor::default(),
            log: ByColor::default(),
        };
        if !r.game.handicap().is_empty() {
            let h = r.game.handicap().to_vec();
            for c in Color::ALL {
                r.log[c].push(Observation::Handicap(h.clone()));
            }
        }
        let first = r.game.to_move();
        r.refused[first].push(Vec::new());
        r
    }

    /// The real game (for the referee and spectators after the end; never
    /// for a player).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Color {
        self.game.to_move()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The result once the game is over.
    pub fn result(&self) -> Option<Outcome> {
        self.game.result()
    }

    /// What `c` has been told so far, in order.
    pub fn observations(&self, c: Color) -> &[Observation] {
        &self.log[c]
    }

    /// The points `c` tried and was refused, turn by turn (one list per
    /// turn of `c` begun so far, the current one last), for the game record.
    pub fn refused_tries(&self, c: Color) -> &[Vec<Point>] {
        &self.refused[c]
    }

    /// The side to move tries `mv`.
    ///
    /// # Errors
    /// [`TryError`] for a point already tried this turn, off the board, or
    /// a game that is over; nothing changes then.
    pub fn try_move(&mut self, mv: Move) -> Result<TryOutcome, TryError> {
        if self.game.is_over() {
            return Err(TryError::GameOver);
        }
        let me = self.game.to_move();
        let opp = me.opponent();
        let p = match mv {
            Move::Pass => {
                self.game.pass().map_err(|_| TryError::GameOver)?;
                for c in Color::ALL {
                    self.log[c].push(Observation::Passed(me));
                }
                self.end_turn(me);
                return Ok(TryOutcome::Passed);
            }
            Move::Play(p) => p,
        };
        let l = self.game.board().loc(p).ok_or(TryError::OffBoard)?;
        if !self.tried.insert(l) {
            return Err(TryError::RepeatedTry);
        }
        let before = self.game.board().clone();
        if self.game.play_as(me, mv).is_err() {
            self.log[me].push(Observation::Refused(p));
            self.log[opp].push(Observation::OpponentRefused);
            if let Some(turn) = self.refused[me].last_mut() {
                turn.push(p);
            }
            return Ok(TryOutcome::Refused);
        }
        self.log[me].push(Observation::Accepted(p));
        self.log[opp].push(Observation::OpponentMoved);
        let after = self.game.board();
        let removed = |c: Color| -> Vec<Point> {
            before
                .locs()
                .filter(|&x| before.color_at(x) == Some(c) && after.color_at(x) != Some(c))
                .map(|x| before.point(x))
                .collect()
        };
        let captured = removed(opp);
        // Where suicide is allowed, the mover's own stones may go too.
        let own_lost: Vec<Point> = removed(me).into_iter().filter(|&q| q != p).collect();
        let own_lost = if after.color_at(l) != Some(me) {
            let mut v = own_lost;
            v.push(p);
            v
        } else {
            own_lost
        };
        for (color, points) in [(opp, captured.clone()), (me, own_lost)] {
            if !points.is_empty() {
                for c in Color::ALL {
                    self.log[c].push(Observation::Captured {
                        color,
                        points: points.clone(),
                    });
                }
            }
        }
        self.end_turn(me);
        Ok(TryOutcome::Accepted { captured })
    }

    fn end_turn(&mut self, mover: Color) {
        self.tried = LocSet::new();
        self.refused[mover.opponent()].push(Vec::new());
        if self.game.is_over() {
            let outcome = self.game.result().unwrap_or(Outcome::Draw);
            let board = Box::new(self.game.board().clone());
            for c in Color::ALL {
                self.log[c].push(Observation::GameOver {
                    board: board.clone(),
                    outcome,
                });
            }
        }
    }
}

/// What one player knows, rebuilt from their observations alone.
#[derive(Clone, Debug)]
pub struct PlayerView {
    color: Color,
    /// The player's own stones, as the player can reconstruct them.
    own: Board,
    /// Points refused to the player in the current turn.
    refused_now: LocSet,
    /// Points refused to the player in earlier turns (probably opponent
    /// stones, unless captured since).
    refused_before: LocSet,
    /// Opponent stones the player knows of (handicap stones, capturers of
    /// the player's chains), until captured.
    known_opponent: LocSet,
    opponent_stones: usize,
    opponent_captured: usize,
    opponent_refusals: usize,
    opponent_passed: bool,
    my_turn: bool,
    over: bool,
}

impl PlayerView {
    /// Rebuilds `color`'s view of a game on an empty board like `empty`
    /// (its size and topology) from the observations `color` was given.
    pub fn new(color: Color, empty: &Board, observations: &[Observation]) -> PlayerView {
        let mut blank = empty.clone();
        for l in empty.locs() {
            if empty.color_at(l).is_some() {
                let _ = blank.set(empty.point(l), None);
            }
        }
        let mut v = PlayerView {
            color,
            own: blank,
            refused_now: LocSet::new(),
            refused_before: LocSet::new(),
            known_opponent: LocSet::new(),
            opponent_stones: 0,
            opponent_captured: 0,
            opponent_refusals: 0,
            opponent_passed: false,
            my_turn: color == Color::Black,
            over: false,
        };
        for o in observations {
            v.observe(o);
        }
        v
    }

    fn loc(&self, p: Point) -> Option<Loc> {
        self.own.loc(p)
    }

    /// Takes one more observation into account.
    pub fn observe(&mut self, o: &Observation) {
        let me = self.color;
        match o {
            Observation::Handicap(points) => {
                for &p in points {
                    if me == Color::Black {
                        let _ = self.own.set(p, Some(me));
                    } else if let Some(l) = self.loc(p) {
                        self.known_opponent.insert(l);
                        self.opponent_stones += 1;
                    }
                }
                self.my_turn = me == Color::White;
            }
            Observation::Accepted(p) => {
                if let Some(l) = self.loc(*p) {
                    if self.own.is_empty_at(l) {
                        // Own stones only: no capture can happen here; the
                        // referee announces captures separately.
                        let _ = self.own.set(*p, Some(me));
                    }
                }
                self.end_my_turn();
            }
            Observation::Refused(p) => {
                if let Some(l) = self.loc(*p) {
                    self.refused_now.insert(l);
                }
            }
            Observation::OpponentRefused => self.opponent_refusals += 1,
            Observation::OpponentMoved => {
                self.opponent_passed = false;
                self.opponent_stones += 1;
                self.my_turn = true;
            }
            Observation::Passed(c) => {
                if *c == me {
                    self.end_my_turn();
                } else {
                    self.opponent_passed = true;
                    self.my_turn = true;
                }
            }
            Observation::Captured { color, points } => {
                if *color == me {
                    self.infer_capturers(points);
                }
                for &p in points {
                    if let Some(l) = self.loc(p) {
                        if *color == me {
                            let _ = self.own.set(p, None);
                        } else {
                            self.opponent_stones = self.opponent_stones.saturating_sub(1);
                            self.opponent_captured += 1;
                            self.known_opponent.remove(l);
                        }
                        self.refused_before.remove(l);
                    }
                }
            }
            Observation::GameOver { .. } => self.over = true,
        }
    }

    /// A captured chain of the player's had no liberty left: every point
    /// next to it that is not its own holds an opponent stone.
    fn infer_capturers(&mut self, points: &[Point]) {
        let mut gone = LocSet::new();
        for &p in points {
            if let Some(l) = self.loc(p) {
                gone.insert(l);
            }
        }
        for l in gone.iter() {
            for n in self.own.neighbors(l) {
                if !gone.contains(n) && self.own.color_at(n) != Some(self.color) {
                    self.known_opponent.insert(n);
                }
            }
        }
    }

    fn end_my_turn(&mut self) {
        for l in self.refused_now.iter() {
            self.refused_before.insert(l);
        }
        self.refused_now = LocSet::new();
        self.my_turn = false;
    }

    /// The player's colour.
    pub fn color(&self) -> Color {
        self.color
    }

    /// A board holding only the player's own stones.
    pub fn own_board(&self) -> &Board {
        &self.own
    }

    /// Points refused this turn: they may not be tried again now.
    pub fn refused_now(&self) -> &LocSet {
        &self.refused_now
    }

    /// Points refused in earlier turns and not since cleared by a capture.
    pub fn refused_before(&self) -> &LocSet {
        &self.refused_before
    }

    /// Opponent stones whose place the player knows: handicap stones, and
    /// the stones around a chain of the player's when it was captured
    /// (until they are captured in turn).
    pub fn known_opponent(&self) -> &LocSet {
        &self.known_opponent
    }

    /// How many opponent stones are on the board.
    pub fn opponent_stones(&self) -> usize {
        self.opponent_stones
    }

    /// How many opponent stones were captured in all (by the player, or
    /// by the opponent's own suicide where the rules allow it).
    pub fn opponent_captured(&self) -> usize {
        self.opponent_captured
    }

    /// How many of the opponent's tries were refused, in all.
    pub fn opponent_refusals(&self) -> usize {
        self.opponent_refusals
    }

    /// Whether the opponent's last turn was a pass.
    pub fn opponent_passed(&self) -> bool {
        self.opponent_passed
    }

    /// Whether it is the player's turn.
    pub fn my_turn(&self) -> bool {
        self.my_turn && !self.over
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }
}
