//! A naive reference implementation of the rules of Go, written from the
//! rules themselves and independently of `src/`: a plain grid of
//! `Option<Color>`, chains and liberties found by flood fill every time they
//! are needed, captures and suicide in the Tromp-Taylor order, simple ko as
//! "a move may not capture one stone and so recreate the position just
//! before the opponent's last stone", and superko checked against the full list of earlier positions.
//! No speed tricks: no incremental state, no Zobrist hashing.

use std::collections::HashMap;
use tengen::Color;

/// Which repetitions the reference forbids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NaiveKo {
    /// Only the immediate retake of a ko: a move capturing one stone that
    /// recreates the position before the opponent's last stone.
    Simple,
    /// Simple ko, and no whole-board colouring may repeat.
    Positional,
    /// Simple ko, and no (colouring, player to move) pair may repeat.
    Situational,
}

/// Why the reference refuses a move (in the order the checks are made).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NaiveIllegal {
    /// The point holds a stone.
    Occupied,
    /// The move captures one stone and recreates the position before the
    /// opponent's last stone.
    Ko,
    /// The move's own chain is left without liberties, and suicide is
    /// forbidden.
    Suicide,
    /// The move repeats an earlier position (or situation).
    Superko,
    /// Two consecutive passes ended the game.
    GameOver,
}

/// The stones of a board, row by row from the bottom: `y * size + x`.
pub type Grid = Vec<Option<Color>>;

/// A plain board: the grid and its geometry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveBoard {
    /// The side of the (square) board.
    pub size: usize,
    /// Whether the edges wrap around.
    pub torus: bool,
    /// The stones.
    pub grid: Grid,
}

impl NaiveBoard {
    /// An empty board.
    pub fn new(size: usize, torus: bool) -> NaiveBoard {
        NaiveBoard {
            size,
            torus,
            grid: vec![None; size * size],
        }
    }

    /// The index of `(x, y)`.
    pub fn idx(&self, x: usize, y: usize) -> usize {
        y * self.size + x
    }

    /// The stone at `(x, y)`.
    pub fn at(&self, x: usize, y: usize) -> Option<Color> {
        self.grid[self.idx(x, y)]
    }

    /// The distinct orthogonal neighbours of index `i`, never `i` itself.
    /// On a torus, stepping off one edge comes back on the opposite one.
    pub fn neighbours(&self, i: usize) -> Vec<usize> {
        let n = self.size as i64;
        let (x, y) = ((i % self.size) as i64, (i / self.size) as i64);
        let mut out = Vec::new();
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (mut nx, mut ny) = (x + dx, y + dy);
            if self.torus {
                nx = (nx + n) % n;
                ny = (ny + n) % n;
            } else if nx < 0 || ny < 0 || nx >= n || ny >= n {
                continue;
            }
            let j = (ny * n + nx) as usize;
            if j != i && !out.contains(&j) {
                out.push(j);
            }
        }
        out
    }

    /// The chain through the stone at `i` (flood fill), sorted; empty for
    /// an empty point.
    pub fn chain(&self, i: usize) -> Vec<usize> {
        let Some(c) = self.grid[i] else {
            return Vec::new();
        };
        let mut seen = vec![false; self.grid.len()];
        let mut stack = vec![i];
        let mut out = Vec::new();
        seen[i] = true;
        while let Some(s) = stack.pop() {
            out.push(s);
            for n in self.neighbours(s) {
                if !seen[n] && self.grid[n] == Some(c) {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// The liberties of the chain through the stone at `i`, sorted.
    pub fn liberties(&self, i: usize) -> Vec<usize> {
        let mut libs = Vec::new();
        for s in self.chain(i) {
            for n in self.neighbours(s) {
                if self.grid[n].is_none() && !libs.contains(&n) {
                    libs.push(n);
                }
            }
        }
        libs.sort_unstable();
        libs
    }

    /// Removes the chain through `i`; returns the number of stones removed.
    fn remove_chain(&mut self, i: usize) -> u32 {
        let chain = self.chain(i);
        for &s in &chain {
            self.grid[s] = None;
        }
        chain.len() as u32
    }

    /// Plays a stone of `c` on the empty point `i`: removes the opponent's
    /// chains left without liberties, then its own chain if it has none.
    /// Returns (opponent stones captured, own stones lost).
    pub fn place(&mut self, i: usize, c: Color) -> (u32, u32) {
        assert!(self.grid[i].is_none(), "place on an occupied point");
        self.grid[i] = Some(c);
        let mut captured = 0;
        for n in self.neighbours(i) {
            if self.grid[n] == Some(c.opponent()) && self.liberties(n).is_empty() {
                captured += self.remove_chain(n);
            }
        }
        let lost = if self.liberties(i).is_empty() {
            self.remove_chain(i)
        } else {
            0
        };
        (captured, lost)
    }

    /// Every chain on the board, each as its sorted list of stones.
    pub fn chains(&self) -> Vec<Vec<usize>> {
        let mut done = vec![false; self.grid.len()];
        let mut out = Vec::new();
        for i in 0..self.grid.len() {
            if self.grid[i].is_some() && !done[i] {
                let ch = self.chain(i);
                for &s in &ch {
                    done[s] = true;
                }
                out.push(ch);
            }
        }
        out
    }

    /// The number of stones of colour `c`.
    pub fn count(&self, c: Color) -> usize {
        self.grid.iter().filter(|&&s| s == Some(c)).count()
    }
}

/// One state of a naive game; the game keeps all of them.
#[derive(Clone, Debug)]
struct State {
    board: NaiveBoard,
    /// Stones captured by Black and by White (a suicide's stones count for
    /// the opponent).
    prisoners: [u32; 2],
    to_move: Color,
    passes: u32,
    /// Who made the action that led here and whether it was a stone.
    last: Option<(Color, bool)>,
}

/// A naive game: every state since the start, so undo is a pop and superko
/// looks at every earlier position.
#[derive(Clone, Debug)]
pub struct NaiveGame {
    ko: NaiveKo,
    suicide_allowed: bool,
    states: Vec<State>,
    /// How often each (position, player to move) pair occurs in `states`.
    seen: HashMap<(Grid, Color), u32>,
    /// How often each position occurs in `states`.
    seen_grid: HashMap<Grid, u32>,
}

impl NaiveGame {
    /// A game on an empty board, Black to move.
    pub fn new(size: usize, torus: bool, ko: NaiveKo, suicide_allowed: bool) -> NaiveGame {
        NaiveGame::from_board(
            NaiveBoard::new(size, torus),
            Color::Black,
            ko,
            suicide_allowed,
        )
    }

    /// A game from a set-up position.
    pub fn from_board(
        board: NaiveBoard,
        to_move: Color,
        ko: NaiveKo,
        suicide_allowed: bool,
    ) -> NaiveGame {
        let mut g = NaiveGame {
            ko,
            suicide_allowed,
            states: Vec::new(),
            seen: HashMap::new(),
            seen_grid: HashMap::new(),
        };
        g.push(State {
            board,
            prisoners: [0, 0],
            to_move,
            passes: 0,
            last: None,
        });
        g
    }

    fn push(&mut self, s: State) {
        *self
            .seen
            .entry((s.board.grid.clone(), s.to_move))
            .or_insert(0) += 1;
        *self.seen_grid.entry(s.board.grid.clone()).or_insert(0) += 1;
        self.states.push(s);
    }

    fn cur(&self) -> &State {
        self.states.last().expect("a game always has a state")
    }

    /// The current board.
    pub fn board(&self) -> &NaiveBoard {
        &self.cur().board
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Color {
        self.cur().to_move
    }

    /// The stones `c` has captured.
    pub fn prisoners(&self, c: Color) -> u32 {
        self.cur().prisoners[c as usize]
    }

    /// The number of passes at the end of the move list.
    pub fn passes(&self) -> u32 {
        self.cur().passes
    }

    /// Whether two consecutive passes ended the game.
    pub fn is_over(&self) -> bool {
        self.passes() >= 2
    }

    /// The number of moves played (passes included).
    pub fn moves(&self) -> usize {
        self.states.len() - 1
    }

    /// Why `c` may not play at index `i` now, or `None` if it may. Returns
    /// the position the move would make alongside.
    fn judge(&self, c: Color, i: usize) -> Result<(NaiveBoard, u32, u32), NaiveIllegal> {
        if self.is_over() {
            return Err(NaiveIllegal::GameOver);
        }
        let cur = self.cur();
        if cur.board.grid[i].is_some() {
            return Err(NaiveIllegal::Occupied);
        }
        let mut after = cur.board.clone();
        let (captured, lost) = after.place(i, c);
        // Simple ko: the last action was a stone of the opponent, and this
        // move retakes, capturing one stone and bringing back the position
        // from just before that stone. (Requiring a capture keeps a lone
        // suicide answering a lone suicide, which also repeats the position,
        // outside the simple-ko rule: it is no ko retake.)
        if cur.last == Some((c.opponent(), true)) && captured == 1 {
            let before = &self.states[self.states.len() - 2].board;
            if before.grid == after.grid {
                return Err(NaiveIllegal::Ko);
            }
        }
        if lost > 0 && !self.suicide_allowed {
            return Err(NaiveIllegal::Suicide);
        }
        let repeat = match self.ko {
            NaiveKo::Simple => false,
            NaiveKo::Positional => self.seen_grid.contains_key(&after.grid),
            NaiveKo::Situational => self.seen.contains_key(&(after.grid.clone(), c.opponent())),
        };
        if repeat {
            return Err(NaiveIllegal::Superko);
        }
        Ok((after, captured, lost))
    }

    /// Why `c` may not play at `(x, y)` now.
    pub fn check(&self, c: Color, x: usize, y: usize) -> Result<(), NaiveIllegal> {
        let i = self.board().idx(x, y);
        self.judge(c, i).map(|_| ())
    }

    /// Plays a stone of `c` at `(x, y)`; the turn goes to `c`'s opponent.
    pub fn play(&mut self, c: Color, x: usize, y: usize) -> Result<(), NaiveIllegal> {
        let i = self.board().idx(x, y);
        let (board, captured, lost) = self.judge(c, i)?;
        let mut prisoners = self.cur().prisoners;
        prisoners[c as usize] += captured;
        prisoners[c.opponent() as usize] += lost;
        self.push(State {
            board,
            prisoners,
            to_move: c.opponent(),
            passes: 0,
            last: Some((c, true)),
        });
        Ok(())
    }

    /// `c` passes; the turn goes to `c`'s opponent.
    pub fn pass(&mut self, c: Color) -> Result<(), NaiveIllegal> {
        if self.is_over() {
            return Err(NaiveIllegal::GameOver);
        }
        let cur = self.cur().clone();
        self.push(State {
            passes: cur.passes + 1,
            to_move: c.opponent(),
            last: Some((c, false)),
            ..cur
        });
        Ok(())
    }

    /// Gives the turn to `c` without a move: the current situation (for
    /// situational superko) becomes the position with `c` to move.
    pub fn set_to_move(&mut self, c: Color) {
        let mut s = self.states.pop().expect("a game always has a state");
        self.forget(&s);
        s.to_move = c;
        self.push(s);
    }

    /// Removes one occurrence of `s` from the counts of seen positions.
    fn forget(&mut self, s: &State) {
        let key = (s.board.grid.clone(), s.to_move);
        if let Some(n) = self.seen.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                self.seen.remove(&key);
            }
        }
        if let Some(n) = self.seen_grid.get_mut(&key.0) {
            *n -= 1;
            if *n == 0 {
                self.seen_grid.remove(&key.0);
            }
        }
    }

    /// Takes back the last move; `false` if there is none.
    pub fn undo(&mut self) -> bool {
        if self.states.len() < 2 {
            return false;
        }
        let s = self.states.pop().expect("checked above");
        self.forget(&s);
        true
    }

    /// Every point `(x, y)` where `c` may play now, row by row from the
    /// bottom.
    pub fn legal_points(&self, c: Color) -> Vec<(usize, usize)> {
        let n = self.board().size;
        let mut out = Vec::new();
        for y in 0..n {
            for x in 0..n {
                if self.check(c, x, y).is_ok() {
                    out.push((x, y));
                }
            }
        }
        out
    }
}
