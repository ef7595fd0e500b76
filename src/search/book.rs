//! The opening book: for the first moves of an even game, the move a much
//! longer search than a game's chose, looked up before searching.
//!
//! The book is built by [`build_book`] (`tengen train book`): from the
//! empty board, each position is searched with a fixed number of
//! playouts, its best move is recorded, and the positions after its few
//! most visited moves are searched in turn, to a fixed depth. Positions
//! are stored once for their 8 symmetries ([`canonical`]). The book built
//! in ([`Book::builtin`], `data/book-9x9.txt`) is for 9x9 with komi 7 and
//! area scoring; any other game (size, komi, scoring, topology, a
//! handicap, a pass or a capture among the moves) is never looked up.
//!
//! ```
//! use tengen::search::Book;
//! use tengen::{Color, Game, Move, Rules};
//!
//! let mut rules = Rules::default();
//! rules.komi = 7.0;
//! let game = Game::new(9, rules).unwrap();
//! let book = Book::builtin();
//! let first = book.lookup(&game, Color::Black).expect("the empty 9x9 board is in the book");
//! assert!(game.is_legal(Color::Black, Move::Play(first.mv)));
//! // White is not to move, and 19x19 is not in this book.
//! assert!(book.lookup(&game, Color::White).is_none());
//! assert!(book.lookup(&Game::new(19, rules).unwrap(), Color::Black).is_none());
//! ```

use super::config::{Limits, SearchConfig};
use super::result::Candidate;
use super::search::Search;
use crate::color::Color;
use crate::game::Game;
use crate::geometry::{SizeError, Topology};
use crate::point::{Move, Point};
use crate::rules::{Rules, Scoring};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

/// The format version written in a book's first line; a book of another
/// version is refused.
pub const BOOK_FORMAT: u32 = 1;

/// The book built in: `data/book-9x9.txt`, made by `tengen train book`
/// (the command is in its header).
const BUILTIN_BOOK: &str = include_str!("../../data/book-9x9.txt");

/// A book move: the move, and the search behind it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BookMove {
    /// The move, on the board as it is (not the stored orientation).
    pub mv: Point,
    /// The playouts of the search that chose it, through the move.
    pub visits: u64,
    /// Its win rate in that search, for the player to move.
    pub winrate: f32,
}

/// An opening book for one board size and komi (area scoring, planar
/// board, no handicap): positions in their canonical orientation and the
/// move to play there.
#[derive(Clone, Debug, PartialEq)]
pub struct Book {
    size: usize,
    komi: f64,
    /// Canonical position text ([`canonical`]) to the move, in that
    /// orientation.
    entries: BTreeMap<String, BookMove>,
}

/// Why a book's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The line, from 1 (0: the text as a whole).
    pub line: usize,
    /// What is wrong with it.
    pub what: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "bad opening book: {}", self.what)
        } else {
            write!(f, "bad opening book, line {}: {}", self.line, self.what)
        }
    }
}

impl std::error::Error for BookError {}

/// The point `(x, y)` of a `size` board under symmetry `t` (0 to 7): bit
/// 0 mirrors the columns, bit 1 the rows, bit 2 swaps them (last).
fn transform(t: usize, size: usize, x: usize, y: usize) -> (usize, usize) {
    let x = if t & 1 != 0 { size - 1 - x } else { x };
    let y = if t & 2 != 0 { size - 1 - y } else { y };
    if t & 4 != 0 {
        (y, x)
    } else {
        (x, y)
    }
}

/// The inverse of [`transform`]: the point that symmetry `t` takes to
/// `(x, y)`.
fn untransform(t: usize, size: usize, x: usize, y: usize) -> (usize, usize) {
    let (x, y) = if t & 4 != 0 { (y, x) } else { (x, y) };
    let x = if t & 1 != 0 { size - 1 - x } else { x };
    let y = if t & 2 != 0 { size - 1 - y } else { y };
    (x, y)
}

/// The canonical text of `game`'s stones, the same for all 8 symmetries
/// of the position: the least, over the symmetries, of the board written
/// row by row (`.` empty, `X` black, `O` white); with the symmetry that
/// gives it.
pub fn canonical(game: &Game) -> (String, usize) {
    let board = game.board();
    let n = board.size();
    let mut best: Option<(Vec<u8>, usize)> = None;
    for t in 0..8 {
        let mut text = vec![b'.'; n * n];
        for y in 0..n {
            for x in 0..n {
                let c = Point::new(x, y).and_then(|p| board.get(p));
                let (tx, ty) = transform(t, n, x, y);
                text[ty * n + tx] = match c {
                    Some(Color::Black) => b'X',
                    Some(Color::White) => b'O',
                    None => b'.',
                };
            }
        }
        if best.as_ref().is_none_or(|(b, _)| text < *b) {
            best = Some((text, t));
        }
    }
    let (text, t) = best.unwrap_or_default();
    (String::from_utf8(text).unwrap_or_default(), t)
}

impl Book {
    /// An empty book for `size` and `komi`.
    pub fn new(size: usize, komi: f64) -> Book {
        Book {
            size,
            komi,
            entries: BTreeMap::new(),
        }
    }

    /// The book built in (9x9, komi 7), parsed once.
    pub fn builtin() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| {
            // Its text is checked by a test: a bad one cannot ship.
            Book::parse(BUILTIN_BOOK).unwrap_or_else(|_| Book::new(9, 7.0))
        })
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether a game with these rules and this size may use the book.
    fn fits(&self, size: usize, rules: &Rules) -> bool {
        size == self.size
            && rules.komi == self.komi
            && rules.scoring == Scoring::Area
            && rules.topology == Topology::Planar
            && rules.capture_goal.is_none()
    }

    /// The book's move for `color` in `game`, if the game may use the book
    /// and its position is in it: an even game from the empty board with
    /// the book's size and komi, area scoring, no pass and no capture so
    /// far, and `color` to move.
    pub fn lookup(&self, game: &Game, color: Color) -> Option<BookMove> {
        let board = game.board();
        let moves = game.moves();
        let stones = board.stone_count(Color::Black) + board.stone_count(Color::White);
        let even_start = game.handicap().is_empty()
            && game.start_to_move() == Color::Black
            && game.start_board().stone_count(Color::Black) == 0
            && game.start_board().stone_count(Color::White) == 0;
        if !self.fits(game.size(), game.rules())
            || !even_start
            || game.to_move() != color
            || stones != moves.len()
            || moves.iter().any(|&(_, m)| m == Move::Pass)
        {
            return None;
        }
        let (key, t) = canonical(game);
        let stored = self.entries.get(&key)?;
        let (x, y) = untransform(t, self.size, stored.mv.x(), stored.mv.y());
        let mv = Point::new(x, y)?;
        game.is_legal(color, Move::Play(mv))
            .then_some(BookMove { mv, ..*stored })
    }

    /// Records `mv` (on the board as it is) as the move of `game`'s
    /// position.
    pub fn insert(&mut self, game: &Game, mv: BookMove) {
        let (key, t) = canonical(game);
        let (x, y) = transform(t, self.size, mv.mv.x(), mv.mv.y());
        if let Some(p) = Point::new(x, y) {
            self.entries.insert(key, BookMove { mv: p, ..mv });
        }
    }

    /// Reads a book written by [`Book::to_text`]: `#` comment lines, then
    /// `tengen-book VERSION SIZE KOMI`, then one position a line: its
    /// canonical text, the move, its visits and its win rate.
    ///
    /// # Errors
    /// A [`BookError`] naming the first line that is wrong.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut book: Option<Book> = None;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |what: String| BookError { line: i + 1, what };
            let f: Vec<&str> = line.split_whitespace().collect();
            let Some(b) = book.as_mut() else {
                let ["tengen-book", version, size, komi] = f[..] else {
                    return Err(bad("expected `tengen-book VERSION SIZE KOMI`".into()));
                };
                if version != BOOK_FORMAT.to_string() {
                    return Err(bad(format!(
                        "format {version}, but this tengen reads {BOOK_FORMAT}"
                    )));
                }
                let size: usize = size
                    .parse()
                    .ok()
                    .filter(|s| (2..=crate::point::MAX_SIZE).contains(s))
                    .ok_or_else(|| bad(format!("bad size {size:?}")))?;
                let komi: f64 = komi
                    .parse()
                    .ok()
                    .filter(|k: &f64| k.is_finite())
                    .ok_or_else(|| bad(format!("bad komi {komi:?}")))?;
                book = Some(Book::new(size, komi));
                continue;
            };
            let [key, vertex, visits, winrate] = f[..] else {
                return Err(bad("expected POSITION MOVE VISITS WINRATE".into()));
            };
            if key.len() != b.size * b.size || key.bytes().any(|c| !b".XO".contains(&c)) {
                return Err(bad(format!(
                    "a position is {} of `.`, `X` and `O`",
                    b.size * b.size
                )));
            }
            let mv: Point = vertex
                .parse()
                .ok()
                .filter(|p: &Point| p.x() < b.size && p.y() < b.size)
                .ok_or_else(|| bad(format!("bad move {vertex:?}")))?;
            if key.as_bytes()[mv.y() * b.size + mv.x()] != b'.' {
                return Err(bad(format!("{vertex} is not empty in its position")));
            }
            let visits: u64 = visits
                .parse()
                .map_err(|_| bad(format!("bad visits {visits:?}")))?;
            let winrate: f32 = winrate
                .parse()
                .ok()
                .filter(|w| (0.0..=1.0).contains(w))
                .ok_or_else(|| bad(format!("bad win rate {winrate:?}")))?;
            let entry = BookMove {
                mv,
                visits,
                winrate,
            };
            if b.entries.insert(key.to_string(), entry).is_some() {
                return Err(bad("a position given twice".into()));
            }
        }
        book.ok_or(BookError {
            line: 0,
            what: "no `tengen-book` line".into(),
        })
    }

    /// The book as text, as [`Book::parse`] reads it, after the comment
    /// lines of `header`.
    pub fn to_text(&self, header: &str) -> String {
        let mut s = String::new();
        for line in header.lines() {
            s.push_str("# ");
            s.push_str(line);
            s.push('\n');
        }
        s.push_str(&format!(
            "tengen-book {BOOK_FORMAT} {} {}\n",
            self.size, self.komi
        ));
        for (key, m) in &self.entries {
            s.push_str(&format!("{key} {} {} {:.4}\n", m.mv, m.visits, m.winrate));
        }
        s
    }
}

/// How [`build_book`] builds a book.
#[derive(Clone, Debug, PartialEq)]
pub struct BookConfig {
    /// Board size.
    pub size: usize,
    /// Komi (area scoring).
    pub komi: f64,
    /// Moves from the empty board covered: positions after up to
    /// `depth - 1` moves are searched.
    pub depth: usize,
    /// After each searched position, its this many most visited moves
    /// lead to the positions searched next.
    pub branch: usize,
    /// Playouts of each position's search.
    pub playouts: u64,
    /// The seed; each position's search is seeded from it and the
    /// position, so the book does not depend on `jobs`.
    pub seed: u64,
    /// Searches run at once (one thread each).
    pub jobs: usize,
}

/// Builds a book as [`BookConfig`] says, calling `progress(done, total)`
/// after each position's search (the total grows ply by ply).
///
/// # Errors
/// [`SizeError`] if `cfg.size` is not a board size tengen plays.
pub fn build_book(
    cfg: &BookConfig,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Book, SizeError> {
    let rules = Rules {
        komi: cfg.komi,
        scoring: Scoring::Area,
        ..Rules::default()
    };
    let mut book = Book::new(cfg.size, cfg.komi);
    let empty = Game::new(cfg.size, rules)?;
    let mut ply: Vec<Game> = vec![empty];
    let done = AtomicUsize::new(0);
    let mut total = 0;
    for depth in 0..cfg.depth {
        // One game for each new position, in a fixed order.
        let mut seen = BTreeMap::new();
        for g in ply {
            let (key, _) = canonical(&g);
            if !book.entries.contains_key(&key) {
                seen.entry(key).or_insert(g);
            }
        }
        let games: Vec<(String, Game)> = seen.into_iter().collect();
        total += games.len();
        let results: Mutex<Vec<Option<Vec<Candidate>>>> = Mutex::new(vec![None; games.len()]);
        let next = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..cfg.jobs.max(1) {
                s.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((key, game)) = games.get(i) else {
                        return;
                    };
                    let seed = cfg.seed ^ fnv(key.as_bytes());
                    let mut search = Search::new(SearchConfig {
                        threads: 1,
                        seed,
                        reuse_tree: false,
                        resign_threshold: None,
                        ..SearchConfig::default()
                    });
                    let r = search.think(
                        game,
                        game.to_move(),
                        &Limits::playouts(cfg.playouts),
                        &AtomicBool::new(false),
                        &mut |_| {},
                    );
                    if let Ok(mut all) = results.lock() {
                        all[i] = Some(r.candidates);
                    }
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                });
            }
        });
        let results = results.into_inner().unwrap_or_default();
        let mut following = Vec::new();
        for ((_, game), cands) in games.iter().zip(results) {
            let cands = cands.unwrap_or_default();
            let mut stones = cands.iter().filter_map(|c| c.mv.point().map(|p| (p, c)));
            let Some((best, c)) = stones.next() else {
                continue;
            };
            let mv = BookMove {
                mv: best,
                visits: c.visits,
                winrate: c.winrate,
            };
            book.insert(game, mv);
            if depth + 1 < cfg.depth {
                let top = std::iter::once((best, c)).chain(stones).take(cfg.branch);
                for (p, _) in top {
                    let mut g = game.clone();
                    if g.play(Move::Play(p)).is_ok() {
                        following.push(g);
                    }
                }
            }
        }
        ply = following;
    }
    Ok(book)
}

/// FNV-1a of `bytes`: a position's seed, stable across builds.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn komi7() -> Rules {
        Rules {
            komi: 7.0,
            ..Rules::default()
        }
    }

    fn game(moves: &[&str]) -> Game {
        let mut g = Game::new(9, komi7()).unwrap();
        for m in moves {
            g.play(Move::Play(m.parse().unwrap())).unwrap();
        }
        g
    }

    #[test]
    fn symmetries_are_undone_by_their_inverse_and_are_eight() {
        let mut images = std::collections::BTreeSet::new();
        for t in 0..8 {
            let (x, y) = transform(t, 9, 1, 3);
            assert_eq!(untransform(t, 9, x, y), (1, 3), "t {t}");
            images.insert((x, y));
        }
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn a_position_and_its_mirror_images_share_one_canonical_text() {
        let a = canonical(&game(&["C3", "G7", "C7"])).0;
        // The same shape turned a quarter and mirrored.
        assert_eq!(a, canonical(&game(&["C7", "G3", "G7"])).0);
        assert_eq!(a, canonical(&game(&["G3", "C7", "C3"])).0);
        assert_ne!(a, canonical(&game(&["C3", "G7", "D7"])).0);
        assert_eq!(a.len(), 81);
        assert_eq!(a.bytes().filter(|&c| c == b'X').count(), 2);
    }

    #[test]
    fn a_move_recorded_in_one_orientation_is_answered_in_every_other() {
        let mut book = Book::new(9, 7.0);
        let g = game(&["C3", "G7"]);
        let mv = BookMove {
            mv: "C7".parse().unwrap(),
            visits: 10,
            winrate: 0.5,
        };
        book.insert(&g, mv);
        // Mirrored left to right: C3 -> G3, G7 -> C7, and C7 -> G7.
        let m = book.lookup(&game(&["G3", "C7"]), Color::Black).unwrap();
        assert_eq!(m.mv.to_string(), "G7");
        // Mirrored about the diagonal: C3 and G7 stay, C7 -> G3.
        let m = book.lookup(&g, Color::Black).unwrap();
        assert!(
            ["C7", "G3"].contains(&m.mv.to_string().as_str()),
            "{}",
            m.mv
        );
        // Not for White, nor another komi, nor after a pass.
        assert!(book.lookup(&g, Color::White).is_none());
        let mut other = g.clone();
        other.set_komi(6.5);
        assert!(book.lookup(&other, Color::Black).is_none());
        let mut passed = game(&["C3"]);
        passed.pass().unwrap();
        assert!(book.lookup(&passed, Color::Black).is_none());
        // Read back from its text.
        assert_eq!(Book::parse(&book.to_text("test")).unwrap(), book);
    }

    #[test]
    fn a_bad_book_is_refused_with_its_line() {
        let empty = ".".repeat(81);
        let good = format!("# c\ntengen-book 1 9 7\n{empty} E5 100 0.5\n");
        assert_eq!(Book::parse(&good).unwrap().len(), 1);
        let cases = [
            ("tengen-book 2 9 7\n".to_string(), 1),
            ("tengen-book 1 99 7\n".to_string(), 1),
            ("tengen-book 1 9 x\n".to_string(), 1),
            (format!("tengen-book 1 9 7\n{empty} Z5 100 0.5\n"), 2),
            (format!("tengen-book 1 9 7\n{empty} E5 100 1.5\n"), 2),
            (format!("tengen-book 1 9 7\n{empty} E5 -1 0.5\n"), 2),
            (format!("tengen-book 1 9 7\n{empty}. E5 100 0.5\n"), 2),
            (format!("tengen-book 1 9 7\n{empty} E5 100\n"), 2),
            (
                format!("tengen-book 1 9 7\n{empty} E5 1 0.5\n{empty} E5 1 0.5\n"),
                3,
            ),
            ("# nothing\n".to_string(), 0),
        ];
        for (text, line) in cases {
            let e = Book::parse(&text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
        }
        let taken = format!(
            "tengen-book 1 9 7\n{}X{} E5 1 0.5\n",
            &empty[..40],
            &empty[41..]
        );
        assert!(Book::parse(&taken).is_err());
    }

    #[test]
    fn the_builtin_book_parses_and_answers_the_empty_board_and_its_replies() {
        let book = Book::parse(BUILTIN_BOOK).expect("the built-in book parses");
        assert_eq!(&book, Book::builtin());
        assert!(book.len() >= 10, "{} positions", book.len());
        let g = game(&[]);
        let first = book.lookup(&g, Color::Black).unwrap();
        // Every entry's move is legal in its own position.
        for (key, m) in &book.entries {
            assert_eq!(key.as_bytes()[m.mv.y() * 9 + m.mv.x()], b'.');
        }
        let mut after = g.clone();
        after.play(Move::Play(first.mv)).unwrap();
        assert!(book.lookup(&after, Color::White).is_some());
    }

    #[test]
    fn a_tiny_book_is_built_the_same_whatever_the_jobs() {
        let cfg = BookConfig {
            size: 5,
            komi: 7.0,
            depth: 2,
            branch: 2,
            playouts: 200,
            seed: 3,
            jobs: 1,
        };
        let one = build_book(&cfg, &|_, _| {}).unwrap();
        let two = build_book(&BookConfig { jobs: 2, ..cfg }, &|_, _| {}).unwrap();
        assert_eq!(one, two);
        assert_eq!(
            build_book(&BookConfig { size: 30, ..cfg }, &|_, _| {}),
            Err(SizeError(30))
        );
        // The empty board and its two most visited replies (fewer if two
        // are mirror images).
        assert!((2..=3).contains(&one.len()), "{}", one.len());
        let mut rules = komi7();
        rules.komi = 7.0;
        let empty = Game::new(5, rules).unwrap();
        assert!(one.lookup(&empty, Color::Black).is_some());
    }
}
