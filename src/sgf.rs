//! SGF (FF\[4\]) in and out for Go games.
//!
//! Reading goes through the `sgf-parse` crate (strict mode) after a cheap
//! pre-scan of our own that finds the first game tree, reports truncation
//! and refuses inputs big enough to hurt (see [`MAX_NODES`]). Writing is
//! done here, so that the output is deterministic.
//!
//! Coordinates: SGF counts columns and rows from the top-left corner with
//! letters (`aa` is the top-left point); a [`Point`] counts rows from the
//! bottom, so SGF `(x, y)` is `Point::new(x, size - 1 - y)`.

use crate::board::Board;
use crate::color::Color;
use crate::error::MoveError;
use crate::game::Game;
use crate::geometry::Topology;
use crate::point::{Move, Point, MAX_SIZE};
use crate::rules::{HandicapBonus, KoRule, Preset, Rules, Scoring, SuicideRule};
use sgf_parse::go::{self, Prop};
use sgf_parse::{GameTree, SgfNode, SgfProp};

mod write;
use std::fmt;
pub use write::{write_sgf, write_sgf_annotated, write_sgf_with, GameInfo};

/// The most nodes the first game tree of a file may hold. The parse tree
/// nests one level per node, and freeing it recurses, so an unbounded
/// count could overflow the stack; 5,000 nodes is far more than any game.
pub const MAX_NODES: usize = 5_000;

/// The most points that compressed point lists (`AB[aa:ss]`) may expand to
/// in one file, which bounds the memory a small file can claim.
pub const MAX_LIST_POINTS: usize = 100_000;

/// Values quoted in errors are cut to this many characters.
const QUOTE: usize = 24;

/// Why an SGF text could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum SgfError {
    /// There is no game tree (`(;`) in the input.
    NoGameTree,
    /// The input ends inside a game tree or a property value.
    Truncated,
    /// The text is not well-formed SGF; the message says where it broke.
    Syntax(String),
    /// The game is not Go (`GM` is not 1).
    NotGo,
    /// The first game tree has more than [`MAX_NODES`] nodes, or its point
    /// lists expand to more than [`MAX_LIST_POINTS`] points.
    TooLarge,
    /// `SZ` is not a square board from 1x1 to 25x25; holds the value.
    BadSize(String),
    /// A property this reader uses has a value it cannot take.
    BadValue {
        /// The property identifier (`KM`, `AB`, ...).
        property: String,
        /// The offending value (cut short if long).
        value: String,
    },
    /// A point or move lies outside the board.
    OffBoard {
        /// The property identifier (`B`, `W`, `AB`, `AW`, `AE`).
        property: String,
        /// The offending point in SGF letters.
        value: String,
    },
    /// Set-up stones (`AB`, `AW`) leave a chain without a liberty, a
    /// position no game can reach; the file is refused rather than the
    /// chain silently removed.
    SetupWithoutLiberties {
        /// The property that placed the last stone (`AB` or `AW`).
        property: String,
        /// That stone's point in GTP coordinates.
        point: Point,
    },
    /// A move of the main variation is illegal in the position reached.
    IllegalMove {
        /// The move number, from 1 (every `B` or `W` counts, passes too).
        number: usize,
        /// The colour that played it.
        color: Color,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        error: MoveError,
    },
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::NoGameTree => f.write_str("no SGF game tree found"),
            SgfError::Truncated => f.write_str("the SGF text is truncated"),
            SgfError::Syntax(m) => write!(f, "SGF syntax error: {m}"),
            SgfError::NotGo => f.write_str("the SGF game is not Go (GM is not 1)"),
            SgfError::TooLarge => write!(
                f,
                "the SGF game is too large (more than {MAX_NODES} nodes or {MAX_LIST_POINTS} listed points)"
            ),
            SgfError::BadSize(v) => write!(f, "unsupported board size SZ[{v}] (1 to 25, square)"),
            SgfError::BadValue { property, value } => {
                write!(f, "bad value for {property}: [{value}]")
            }
            SgfError::OffBoard { property, value } => {
                write!(f, "point off the board in {property}: [{value}]")
            }
            SgfError::SetupWithoutLiberties { property, point } => {
                write!(f, "set-up stones without a liberty ({property} at {point})")
            }
            SgfError::IllegalMove {
                number,
                color,
                mv,
                error,
            } => write!(
                f,
                "illegal move {number} ({} {mv}): {error}",
                color.letter()
            ),
        }
    }
}

impl std::error::Error for SgfError {}

/// A game read from SGF, with the game-info values the file gave.
#[derive(Clone, Debug)]
pub struct SgfGame {
    /// The game: setup and handicap stones, then the main variation's
    /// moves (up to the requested move), under the rules and komi given.
    pub game: Game,
    /// `KM` if the file gave one (the game uses it; without it the game
    /// has the komi of its rules).
    pub komi: Option<f64>,
    /// `RU` as written in the file.
    pub rules_name: Option<String>,
    /// Whether `RU` named a known rule set. When it is `false` (no `RU`, or
    /// an unknown one) the game uses [`Rules::default`].
    pub rules_known: bool,
    /// `RE` as written in the file.
    pub result: Option<String>,
    /// How many moves (`B` and `W`, passes included) the main variation
    /// holds, whether or not all were replayed.
    pub total_moves: usize,
}

/// Reads the first game of an SGF text: its root settings and the whole
/// main variation.
///
/// Supported: `SZ` (1 to 25, default 19), `KM`, `HA` (with as many `AB`
/// stones it becomes the game's free handicap, White to move), `AB`, `AW`,
/// `AE`, `PL`, `B` and `W` (`[]` is a pass, and so is `[tt]` on boards up to
/// 19x19), `RU` and `RE`. `RU` maps to a [`Preset`] (`Chinese`, `Japanese`,
/// `Korean`, `AGA`, `NZ`/`New Zealand`, `Tromp-Taylor`, ... see
/// [`Preset`]'s `FromStr`) or a KataGo-style string such as
/// `koSIMPLEscoreTERRITORYsui0`; anything else gives [`Rules::default`].
/// Only the first child of each node is followed. Moves are played with
/// [`Game::play_as`], so a file may let a colour move twice; moves after
/// two passes resume the game ([`Game::resume`]). Set-up
/// properties after the first move restart the game from the position
/// reached (the earlier moves and their superko history are dropped).
/// Other properties are ignored. Bytes that are not UTF-8 are replaced.
///
/// # Errors
/// An [`SgfError`]: for a missing, truncated, malformed or oversized game
/// tree, a board size outside 1 to 25, a bad value for one of the
/// properties above, a point off the board, or an illegal move (saying
/// which).
pub fn read_sgf(input: &[u8]) -> Result<SgfGame, SgfError> {
    read(input, None)
}

/// Reads the first game of an SGF text up to the position before move
/// `move_number` (counted from 1; passes count), as GTP `loadsgf FILE N`
/// does: `move_number` 0 or 1 gives the position before any move, a
/// number past the end gives the final position. Moves and properties
/// after the stopping point are not checked.
///
/// # Errors
/// As [`read_sgf`], for the part of the file replayed.
pub fn read_sgf_before(input: &[u8], move_number: usize) -> Result<SgfGame, SgfError> {
    read(input, Some(move_number))
}

/// The rules an `RU` value names, if known.
fn rules_from_name(name: &str) -> Option<Rules> {
    if let Ok(p) = name.parse::<Preset>() {
        return Some(Rules::preset(p));
    }
    // KataGo-style: koSIMPLEscoreAREAsui0, with whbN or whbN-1 for a
    // handicap bonus (other fields ignored).
    let key: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let after = |tag: &str| key.find(tag).map(|i| &key[i + tag.len()..]);
    let named = |r: &str, names: &[&'static str]| names.iter().position(|n| r.starts_with(n));
    let ko = after("ko")
        .and_then(|r| named(r, &KoRule::ALL.map(KoRule::name)))
        .map(|i| KoRule::ALL[i])?;
    let scoring = after("score")
        .and_then(|r| named(r, &Scoring::ALL.map(Scoring::name)))
        .map(|i| Scoring::ALL[i])?;
    let suicide = match after("sui") {
        Some(r) if r.starts_with('1') => SuicideRule::Allowed,
        _ => SuicideRule::Forbidden,
    };
    // `whbN-1` and `whbN` (the key lost its `-`: `whbn1`, `whbn`); none
    // without the tag.
    let handicap_bonus = match after("whb") {
        Some(r) if r.starts_with("n1") => HandicapBonus::NMinusOne,
        Some(r) if r.starts_with('n') => HandicapBonus::N,
        _ => HandicapBonus::Zero,
    };
    Some(Rules {
        ko,
        scoring,
        suicide,
        handicap_bonus,
        ..Rules::default()
    })
}

fn quote(v: &str) -> String {
    v.chars().take(QUOTE).collect()
}

fn bad_value(property: &str, values: &[String]) -> SgfError {
    SgfError::BadValue {
        property: quote(property),
        value: quote(&values.join("][")),
    }
}

/// Finds the first game tree, checks it is complete and not too large.
fn first_tree(input: &[u8]) -> Result<&[u8], SgfError> {
    // A game tree starts with `(` and, after optional white space, `;`.
    let start = input
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'(')
        .map(|(i, _)| i)
        .find(|&i| {
            input[i + 1..]
                .iter()
                .find(|b| !b.is_ascii_whitespace())
                .is_some_and(|&b| b == b';')
        })
        .ok_or(SgfError::NoGameTree)?;
    let mut depth = 0usize;
    let mut nodes = 0usize;
    let mut listed = 0usize;
    let mut value_start: Option<usize> = None;
    let mut escaped = false;
    for (i, &b) in input.iter().enumerate().skip(start) {
        if let Some(v) = value_start {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b']' {
                listed += range_points(&input[v..i]);
                if listed > MAX_LIST_POINTS {
                    return Err(SgfError::TooLarge);
                }
                value_start = None;
            }
            continue;
        }
        match b {
            b'[' => value_start = Some(i + 1),
            b'(' => depth += 1,
            b';' => {
                nodes += 1;
                if nodes > MAX_NODES {
                    return Err(SgfError::TooLarge);
                }
            }
            b')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Ok(&input[start..=i]);
                }
            }
            _ => {}
        }
    }
    Err(SgfError::Truncated)
}

/// The number of points a compressed list value `ab:cd` covers (0 for
/// any other value).
fn range_points(v: &[u8]) -> usize {
    // SGF letters: a-z are 0-25, A-Z are 26-51.
    let idx = |b: u8| match b {
        b'a'..=b'z' => Some(usize::from(b - b'a')),
        b'A'..=b'Z' => Some(usize::from(b - b'A') + 26),
        _ => None,
    };
    match v {
        &[a, b, b':', c, d] => match (idx(a), idx(b), idx(c), idx(d)) {
            (Some(a), Some(b), Some(c), Some(d)) => (a.abs_diff(c) + 1) * (b.abs_diff(d) + 1),
            _ => 0,
        },
        _ => 0,
    }
}

/// Frees a parse tree without recursion (dropping it would recurse once
/// per node).
fn dismantle<P: SgfProp>(root: SgfNode<P>) {
    let mut stack = vec![root];
    while let Some(mut node) = stack.pop() {
        stack.append(&mut node.children);
    }
}

fn read(input: &[u8], stop: Option<usize>) -> Result<SgfGame, SgfError> {
    let bytes = first_tree(input)?;
    let text = String::from_utf8_lossy(bytes);
    let trees = sgf_parse::parse(&text).map_err(|e| SgfError::Syntax(e.to_string()))?;
    let mut root = None;
    let mut not_go = false;
    for tree in trees {
        match tree {
            GameTree::GoGame(node) if root.is_none() => root = Some(node),
            GameTree::GoGame(node) => dismantle(node),
            GameTree::Unknown(node) => {
                not_go = true;
                dismantle(node);
            }
        }
    }
    let root = match root {
        Some(r) if !not_go => r,
        Some(r) => {
            dismantle(r);
            return Err(SgfError::NotGo);
        }
        None if not_go => return Err(SgfError::NotGo),
        None => return Err(SgfError::NoGameTree),
    };
    let result = replay(&root, stop);
    dismantle(root);
    result
}

/// Converts an SGF point (letters from the top-left) to a [`Point`] of a
/// board of side `size`.
fn point(p: go::Point, size: usize, property: &str) -> Result<Point, SgfError> {
    let (x, y) = (usize::from(p.x), usize::from(p.y));
    if x < size && y < size {
        if let Some(pt) = Point::new(x, size - 1 - y) {
            return Ok(pt);
        }
    }
    let mut value = String::new();
    for v in [x, y] {
        // SGF letters: a-z then A-Z.
        value.push(match v {
            0..=25 => char::from(b'a' + v as u8),
            26..=51 => char::from(b'A' + (v - 26) as u8),
            _ => '?',
        });
    }
    Err(SgfError::OffBoard {
        property: property.to_string(),
        value,
    })
}

fn color(c: sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

/// The game-info values of the main variation (first occurrence wins).
#[derive(Default)]
struct Info {
    komi: Option<f64>,
    handicap: Option<usize>,
    rules: Option<String>,
    result: Option<String>,
    topology: Option<Topology>,
}

fn game_info(root: &SgfNode<Prop>) -> Result<Info, SgfError> {
    let mut info = Info::default();
    for node in root.main_variation() {
        for prop in node.properties() {
            match prop {
                Prop::KM(k) if info.komi.is_none() => {
                    if !k.is_finite() {
                        return Err(bad_value("KM", &[k.to_string()]));
                    }
                    info.komi = Some(*k);
                }
                Prop::HA(h) if info.handicap.is_none() => {
                    info.handicap = usize::try_from(*h).ok();
                }
                Prop::RU(t) if info.rules.is_none() => info.rules = Some(t.text.clone()),
                Prop::RE(t) if info.result.is_none() => info.result = Some(t.text.clone()),
                Prop::Unknown(id, values) if id == write::TOPOLOGY && info.topology.is_none() => {
                    info.topology = match values.as_slice() {
                        [v] => Topology::from_name(v.trim()),
                        _ => None,
                    };
                    if info.topology.is_none() {
                        return Err(bad_value(id, values));
                    }
                }
                Prop::Invalid(id, values) => match id.as_str() {
                    "KM" => return Err(bad_value(id, values)),
                    // HA[0] and HA[1] are common and mean no handicap.
                    "HA" => match values.as_slice() {
                        [v] if matches!(v.trim(), "0" | "1") => {}
                        _ => return Err(bad_value(id, values)),
                    },
                    _ => {}
                },
                _ => {}
            }
        }
    }
    Ok(info)
}

fn board_size(root: &SgfNode<Prop>) -> Result<usize, SgfError> {
    for prop in root.properties() {
        match prop {
            Prop::SZ((w, h)) => {
                let (w, h) = (usize::from(*w), usize::from(*h));
                if w != h || w == 0 || w > MAX_SIZE {
                    return Err(SgfError::BadSize(if w == h {
                        w.to_string()
                    } else {
                        format!("{w}:{h}")
                    }));
                }
                return Ok(w);
            }
            Prop::Invalid(id, values) if id == "SZ" => {
                return Err(SgfError::BadSize(quote(&values.join("]["))));
            }
            _ => {}
        }
    }
    Ok(19)
}

/// Applies a node's set-up properties to `board`; returns whether it had
/// any.
fn apply_setup(node: &SgfNode<Prop>, board: &mut Board) -> Result<bool, SgfError> {
    let size = board.size();
    let mut any = false;
    for prop in node.properties() {
        let (points, c, id) = match prop {
            Prop::AB(ps) => (ps, Some(Color::Black), "AB"),
            Prop::AW(ps) => (ps, Some(Color::White), "AW"),
            Prop::AE(ps) => (ps, None, "AE"),
            Prop::Invalid(id, values) if matches!(id.as_str(), "AB" | "AW" | "AE") => {
                return Err(bad_value(id, values));
            }
            _ => continue,
        };
        any = true;
        // Sorted, so the result does not depend on hash-set order.
        let mut pts = points
            .iter()
            .map(|&p| point(p, size, id))
            .collect::<Result<Vec<Point>, SgfError>>()?;
        pts.sort_unstable();
        for p in pts {
            if board.get(p) == c {
                continue;
            }
            // Setting a point adds a stone, turns one or clears one; a
            // chain left without a liberty would be removed by the board.
            let stones = |b: &Board| b.area() - b.empty_count();
            let expected = match (board.get(p), c) {
                (None, Some(_)) => stones(board) + 1,
                (Some(_), None) => stones(board) - 1,
                _ => stones(board),
            };
            board.set(p, c).map_err(|_| SgfError::OffBoard {
                property: id.to_string(),
                value: String::new(),
            })?;
            if stones(board) != expected {
                return Err(SgfError::SetupWithoutLiberties {
                    property: id.to_string(),
                    point: p,
                });
            }
        }
    }
    Ok(any)
}

/// The game before its first move.
fn start_game(
    board: Board,
    handicap: Option<usize>,
    pl: Option<Color>,
    first_mover: Option<Color>,
    rules: Rules,
) -> Result<Game, SgfError> {
    let size = board.size();
    if let Some(n) = handicap.filter(|&n| n >= 2) {
        if board.stone_count(Color::White) == 0 && board.stone_count(Color::Black) == n {
            let pts: Vec<Point> = board
                .locs()
                .filter(|&l| board.color_at(l) == Some(Color::Black))
                .map(|l| board.point(l))
                .collect();
            if let Ok(mut g) = Game::new(size, rules) {
                if g.set_free_handicap(&pts).is_ok() {
                    if let Some(c) = pl {
                        g.set_to_move(c);
                    }
                    return Ok(g);
                }
            }
        }
    }
    let to_move = pl.or(first_mover).unwrap_or(Color::Black);
    Game::from_board(board, to_move, rules).map_err(|_| SgfError::BadSize(size.to_string()))
}

fn replay(root: &SgfNode<Prop>, stop: Option<usize>) -> Result<SgfGame, SgfError> {
    let size = board_size(root)?;
    let info = game_info(root)?;
    let known = info.rules.as_deref().and_then(rules_from_name);
    let mut rules = known.unwrap_or_default();
    if let Some(k) = info.komi {
        rules = rules.with_komi(k);
    }
    rules.topology = info.topology.unwrap_or(Topology::Planar);
    let mut board =
        Board::new(size, rules.topology).map_err(|_| SgfError::BadSize(size.to_string()))?;
    let mut game: Option<Game> = None;
    let mut pl: Option<Color> = None;
    let mut number = 0usize;
    let mut stopped = false;
    for node in root.main_variation() {
        if stopped {
            number += node
                .properties()
                .filter(|p| matches!(p, Prop::B(_) | Prop::W(_)))
                .count();
            continue;
        }
        // Set-up first, then PL and the moves in their order.
        match game.as_mut() {
            None => {
                apply_setup(node, &mut board)?;
            }
            Some(g) => {
                let mut b = g.board().clone();
                if apply_setup(node, &mut b)? {
                    let to_move = g.to_move();
                    *g = Game::from_board(b, to_move, rules)
                        .map_err(|_| SgfError::BadSize(size.to_string()))?;
                }
            }
        }
        for prop in node.properties() {
            let (c, m, id) = match prop {
                Prop::PL(c) if !stopped => {
                    match game.as_mut() {
                        Some(g) => g.set_to_move(color(*c)),
                        None => pl = Some(color(*c)),
                    }
                    continue;
                }
                Prop::B(m) => (Color::Black, m, "B"),
                Prop::W(m) => (Color::White, m, "W"),
                Prop::Invalid(id, values)
                    if !stopped && matches!(id.as_str(), "B" | "W" | "PL") =>
                {
                    return Err(bad_value(id, values));
                }
                _ => continue,
            };
            number += 1;
            if stopped || stop.is_some_and(|n| number >= n) {
                stopped = true;
                continue;
            }
            let mv = match *m {
                go::Move::Pass => Move::Pass,
                go::Move::Move(p) if size <= 19 && p.x == 19 && p.y == 19 => Move::Pass,
                go::Move::Move(p) => Move::Play(point(p, size, id)?),
            };
            let g = match game.as_mut() {
                Some(g) => g,
                None => game.insert(start_game(
                    board.clone(),
                    info.handicap,
                    pl,
                    Some(c),
                    rules,
                )?),
            };
            // A record may go on after two passes (a game resumed after a
            // dispute; a GTP host playing on), so the game is resumed.
            g.resume();
            g.play_as(c, mv).map_err(|error| SgfError::IllegalMove {
                number,
                color: c,
                mv,
                error,
            })?;
        }
    }
    let game = match game {
        Some(g) => g,
        None => start_game(board, info.handicap, pl, None, rules)?,
    };
    Ok(SgfGame {
        game,
        komi: info.komi,
        rules_known: known.is_some(),
        rules_name: info.rules,
        result: info.result,
        total_moves: number,
    })
}
