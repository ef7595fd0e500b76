//! Training data from a teacher engine playing itself: the machinery
//! behind `tengen train gen`. GNU Go is nearly deterministic, so every game
//! starts with a few seeded random moves and draws its level from a list;
//! every other move is the teacher's answer to `genmove`, recorded as a
//! training target ([`GameRecord`]).
//!
//! Each game is a function of the run's seed and its index alone (its own
//! generator, its own teacher process started with a seed derived from
//! both), so a run is reproducible game by game.

use crate::color::Color;
use crate::game::Game;
use crate::gtp::GtpClient;
use crate::learn::GameRecord;
use crate::point::{Move, Point};
use crate::rules::{Preset, Rules};
use crate::zobrist::{mix64, GOLDEN_GAMMA};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Duration;

/// What a teacher run plays.
#[derive(Clone, Debug)]
pub struct TeacherConfig {
    /// The teacher's command line without level or seed, e.g.
    /// `/usr/games/gnugo --mode gtp --chinese-rules`; `--level L --seed S`
    /// are appended for every game.
    pub command: String,
    /// Board side.
    pub size: usize,
    /// Komi told to the teacher.
    pub komi: f64,
    /// The levels a game's teacher plays at, one drawn per game.
    pub levels: Vec<u8>,
    /// The fewest and most random opening moves of a game (inclusive).
    pub random_moves: (usize, usize),
    /// Moves after which a game stops (0: twice the board's points).
    pub max_moves: usize,
    /// The longest wait for one answer of the teacher.
    pub timeout: Duration,
}

/// The seed of game `index` of a run seeded with `seed`.
fn game_seed(seed: u64, index: u64) -> u64 {
    // Mixed: nearby indices far apart.
    mix64(seed ^ index.wrapping_add(1).wrapping_mul(GOLDEN_GAMMA))
}

/// A random opening move for `c`: a legal point away from the first line
/// (the second line too from 13x13), or `None` if there is none.
fn random_move(game: &Game, c: Color, rng: &mut Xoshiro256PlusPlus) -> Option<Point> {
    let s = game.size();
    let margin = if s >= 13 { 2 } else { 1 };
    let inner = |v: usize| v >= margin && v + margin < s;
    let points: Vec<Point> = game
        .legal_moves(c)
        .filter(|p| inner(p.x()) && inner(p.y()))
        .collect();
    if points.is_empty() {
        None
    } else {
        Some(points[rng.gen_range(0..points.len())])
    }
}

/// Plays game `index` of a run seeded with `seed`.
///
/// # Errors
/// A message when the teacher cannot be started, refuses a command,
/// answers too late or plays an illegal move.
pub fn teacher_game(cfg: &TeacherConfig, seed: u64, index: u64) -> Result<GameRecord, String> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(game_seed(seed, index));
    let level = match cfg.levels.len() {
        0 => return Err("no teacher level given".into()),
        n => cfg.levels[rng.gen_range(0..n)],
    };
    let (lo, hi) = cfg.random_moves;
    let randoms = rng.gen_range(lo.min(hi)..=hi.max(lo));
    let teacher_seed = rng.gen_range(1..1_000_000u32);
    let mut rules = Rules::preset(Preset::Chinese);
    rules.komi = cfg.komi;
    let mut game = Game::new(cfg.size, rules).map_err(|e| e.to_string())?;
    let line = format!("{} --level {level} --seed {teacher_seed}", cfg.command);
    let mut gtp = GtpClient::spawn(&line).map_err(|e| e.to_string())?;
    let t = cfg.timeout;
    let send = |gtp: &mut GtpClient, cmd: &str| {
        gtp.send(cmd, t).map_err(|e| format!("{line}: {cmd}: {e}"))
    };
    send(&mut gtp, &format!("boardsize {}", cfg.size))?;
    send(&mut gtp, "clear_board")?;
    send(&mut gtp, &format!("komi {}", cfg.komi))?;
    let max_moves = match cfg.max_moves {
        0 => 2 * cfg.size * cfg.size,
        m => m,
    };
    let mut moves = Vec::new();
    for _ in 0..randoms {
        let c = game.to_move();
        let Some(p) = random_move(&game, c, &mut rng) else {
            break;
        };
        send(&mut gtp, &format!("play {c} {p}"))?;
        game.play(Move::Play(p)).map_err(|e| e.to_string())?;
        moves.push((Move::Play(p), false));
    }
    while !game.is_over() && moves.len() < max_moves {
        let c = game.to_move();
        let answer = send(&mut gtp, &format!("genmove {c}"))?;
        if answer.eq_ignore_ascii_case("resign") {
            break;
        }
        let mv = Move::from_ascii(answer.as_bytes())
            .map_err(|e| format!("{line}: genmove answered {answer:?}: {e}"))?;
        game.play(mv)
            .map_err(|e| format!("{line}: illegal move {mv}: {e}"))?;
        moves.push((mv, true));
    }
    gtp.quit();
    Ok(GameRecord {
        size: cfg.size,
        komi: cfg.komi,
        level,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_seeds_differ_by_index_and_seed() {
        let a: Vec<u64> = (0..100).map(|i| game_seed(1, i)).collect();
        let mut b = a.clone();
        b.sort_unstable();
        b.dedup();
        assert_eq!(b.len(), 100);
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }

    #[test]
    fn random_moves_stay_off_the_edge() {
        let game = Game::new(19, Rules::default()).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        for _ in 0..200 {
            let p = random_move(&game, Color::Black, &mut rng).unwrap();
            assert!((2..17).contains(&p.x()) && (2..17).contains(&p.y()), "{p}");
        }
    }
}
