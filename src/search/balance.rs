//! Playout balance: how far the mean result of a configuration's playouts
//! strays from the real outcome of recorded games, position by position.
//!
//! Silver and Tesauro (2009) showed that what makes a playout policy good
//! for Monte-Carlo search is *balance*, that its errors cancel between the
//! two sides, not the strength of its moves, and fitted the playouts'
//! weights to make the mean playout result match a position's value. This
//! is that measure, used as a cheap proxy for tuning the playouts: for
//! each sampled position of a recorded game, `playouts` playouts are run
//! with the policy a [`SearchConfig`] configures, and the fraction Black
//! wins is compared with the game's result (1 if Black won, 0 if White,
//! a half for a draw). The mean squared error over the positions is the
//! imbalance: the games' own outcomes are noisy targets, but that noise
//! is the same for every configuration measured on the same positions,
//! so differences between configurations are what count
//! ([`compare_balance`] gives a difference with its interval, clustered
//! by game since the positions of one game share its outcome).
//!
//! `tengen train balance` runs it over data files (`docs/learning.md`).
//!
//! ```
//! use tengen::learn::parse_records;
//! use tengen::search::{balance_samples, measure_balance, SearchConfig};
//!
//! // Black takes the centre of a 5x5 board, then both pass: Black owns
//! // the board, 25 points against a komi of 0.5.
//! let games = parse_records("5 0.5 10 c3 pass pass\n").unwrap();
//! let samples = balance_samples(&games, 1).unwrap();
//! assert_eq!(samples.len(), 3, "before each of the three moves");
//! assert!(samples.iter().all(|s| s.black_result == 1.0));
//! let balance = measure_balance(&samples, &SearchConfig::deterministic(1), 16, 1, 1);
//! assert_eq!(balance.positions, 3);
//! assert!(balance.mse >= 0.0 && balance.mse <= 1.0);
//! ```

use super::SearchConfig;
use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, SLOTS};
use crate::learn::GameRecord;
use crate::point::Move;
use crate::zobrist::{mix64, GOLDEN_GAMMA};

/// One sampled position of a recorded game and the game's result.
#[derive(Clone, Debug)]
pub struct BalanceSample {
    /// The index of its game among the records given.
    pub game: usize,
    /// The board before the teacher's move.
    pub board: Board,
    /// The side to move.
    pub to_move: Color,
    /// The last move, if it was a stone.
    pub last: Option<Loc>,
    /// The game's komi.
    pub komi: f64,
    /// The game's result for Black: 1 a win, 0 a loss, 0.5 a draw, scored
    /// as a finished game is ([`Game::dead_stones`](crate::Game::dead_stones)).
    pub black_result: f32,
    /// How far into its game the position is: its move number over the
    /// game's length, in [0, 1).
    pub progress: f32,
}

/// The positions before every `every`-th teacher move (the random opening
/// moves are never sampled) of `records`, with each game's result.
///
/// # Errors
/// The first game that does not replay (an illegal move), by index.
pub fn balance_samples(records: &[GameRecord], every: usize) -> Result<Vec<BalanceSample>, String> {
    let every = every.max(1);
    let mut out = Vec::new();
    for (gi, r) in records.iter().enumerate() {
        let first = out.len();
        let len = r.moves.len().max(1);
        let mut teacher_moves = 0usize;
        let mut index = 0usize;
        let end = r
            .replay_to_end(|game, c, _mv, teacher| {
                let i = index;
                index += 1;
                if !teacher {
                    return;
                }
                teacher_moves += 1;
                if (teacher_moves - 1) % every != 0 {
                    return;
                }
                let last = match game.moves().last() {
                    Some(&(_, Move::Play(p))) => game.board().loc(p),
                    _ => None,
                };
                out.push(BalanceSample {
                    game: gi,
                    board: game.board().clone(),
                    to_move: c,
                    last,
                    komi: r.komi,
                    black_result: 0.0,
                    progress: i as f32 / len as f32,
                });
            })
            .map_err(|e| format!("game {}: {e}", gi + 1))?;
        let result = black_share_of(end.score_with(&end.dead_stones()).margin()) as f32;
        for s in &mut out[first..] {
            s.black_result = result;
        }
    }
    Ok(out)
}

/// Game phases of [`Balance::by_phase`]: the first, second and last third
/// of a game's moves.
pub const BALANCE_PHASES: usize = 3;

/// The imbalance of one configuration's playouts over some positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Balance {
    /// Positions measured.
    pub positions: usize,
    /// The mean squared difference between the fraction of playouts Black
    /// won and the game's result.
    pub mse: f64,
    /// The mean difference (positive: the playouts favour Black more than
    /// the games' results do).
    pub bias: f64,
    /// [`mse`](Self::mse) over the positions of each third of the games,
    /// with their counts.
    pub by_phase: [(usize, f64); BALANCE_PHASES],
    /// Each position's squared error, in the order of the samples (for
    /// [`compare_balance`]).
    pub errors: Vec<f64>,
}

/// Black's share of a game that ends `margin` points ahead for Black: 1,
/// 0, or a half for a draw.
fn black_share_of(margin: f64) -> f64 {
    if margin > 0.0 {
        1.0
    } else if margin < 0.0 {
        0.0
    } else {
        0.5
    }
}

/// The fraction of `playouts` playouts from `sample` that Black wins (a
/// draw counts a half), with `config`'s playout policy seeded by `seed`.
fn black_share(
    sample: &BalanceSample,
    config: &SearchConfig,
    shapes: Option<std::sync::Arc<crate::playout::LearnedShapes>>,
    playouts: u32,
    seed: u64,
) -> f64 {
    let mut policy = config.playout_policy(&sample.board, shapes, seed);
    let mut log = Vec::new();
    let mut owner = [0i8; SLOTS];
    let mut black = 0.0;
    for _ in 0..playouts {
        let mut board = sample.board.clone();
        log.clear();
        policy.run(&mut board, sample.to_move, sample.last, &mut log);
        black += black_share_of(f64::from(board.area_owners(&mut owner[..])) - sample.komi);
    }
    black / f64::from(playouts.max(1))
}

/// A 64-bit mix of the run's seed and a sample's index, so that each
/// position's playouts are the same however the samples are shared out.
fn sample_seed(seed: u64, i: usize) -> u64 {
    mix64(seed ^ (i as u64).wrapping_mul(GOLDEN_GAMMA))
}

/// Measures the balance of `config`'s playouts on `samples`, `playouts`
/// playouts a position, on `jobs` threads (the result does not depend on
/// `jobs`: every position's playouts have their own seed from `seed`).
pub fn measure_balance(
    samples: &[BalanceSample],
    config: &SearchConfig,
    playouts: u32,
    seed: u64,
    jobs: usize,
) -> Balance {
    let shapes = config.learned_shapes_table();
    let mut shares = vec![0.0f64; samples.len()];
    let jobs = jobs.clamp(1, samples.len().max(1));
    let chunk = samples.len().div_ceil(jobs).max(1);
    std::thread::scope(|scope| {
        for (k, (out, part)) in shares
            .chunks_mut(chunk)
            .zip(samples.chunks(chunk))
            .enumerate()
        {
            let shapes = shapes.clone();
            scope.spawn(move || {
                for (j, (o, s)) in out.iter_mut().zip(part).enumerate() {
                    let i = k * chunk + j;
                    *o = black_share(s, config, shapes.clone(), playouts, sample_seed(seed, i));
                }
            });
        }
    });
    let mut sum_sq = 0.0;
    let mut sum = 0.0;
    let mut by_phase = [(0usize, 0.0f64); BALANCE_PHASES];
    let mut errors = Vec::with_capacity(samples.len());
    for (s, &share) in samples.iter().zip(&shares) {
        let d = share - f64::from(s.black_result);
        sum += d;
        sum_sq += d * d;
        errors.push(d * d);
        let phase = ((s.progress * BALANCE_PHASES as f32) as usize).min(BALANCE_PHASES - 1);
        by_phase[phase].0 += 1;
        by_phase[phase].1 += d * d;
    }
    for p in &mut by_phase {
        p.1 /= p.0.max(1) as f64;
    }
    let n = samples.len().max(1) as f64;
    Balance {
        positions: samples.len(),
        mse: sum_sq / n,
        bias: sum / n,
        by_phase,
        errors,
    }
}

/// The difference in imbalance `a.mse - b.mse` of two measures over the
/// same `samples`, and its 95% half-width: the standard error of a mean
/// over games (the positions of one game share its result, so they are
/// not independent), of each game's summed difference.
///
/// Measures of different lengths compare over the shorter.
pub fn compare_balance(samples: &[BalanceSample], a: &Balance, b: &Balance) -> (f64, f64) {
    let n = samples.len().min(a.errors.len()).min(b.errors.len());
    if n == 0 {
        return (0.0, 0.0);
    }
    // Per game: the summed difference of squared errors.
    let mut per_game: Vec<f64> = Vec::new();
    let mut current = None;
    for ((s, ea), eb) in samples.iter().zip(&a.errors).zip(&b.errors).take(n) {
        if current != Some(s.game) {
            per_game.push(0.0);
            current = Some(s.game);
        }
        if let Some(last) = per_game.last_mut() {
            *last += ea - eb;
        }
    }
    let games = per_game.len() as f64;
    let total: f64 = per_game.iter().sum();
    let diff = total / n as f64;
    // The positions' mean difference is the games' mean sum over the mean
    // positions a game: its standard error is the games' scaled by that.
    let mean_game = total / games;
    let var = per_game
        .iter()
        .map(|x| (x - mean_game).powi(2))
        .sum::<f64>()
        / (games - 1.0).max(1.0);
    let se = (var / games).sqrt() * games / n as f64;
    (diff, 1.96 * se)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::parse_records;

    #[test]
    fn a_game_black_wins_by_area_gives_every_position_a_black_result() {
        // Black's lone stone owns the 5x5 board: 25 points. Against a
        // komi of 24.5 Black wins, of 25.5 loses, of 25 draws.
        for (komi, want) in [("24.5", 1.0), ("25.5", 0.0), ("25", 0.5)] {
            let games = parse_records(&format!("5 {komi} 10 c3 pass pass\n")).unwrap();
            let samples = balance_samples(&games, 1).unwrap();
            assert_eq!(samples.len(), 3, "one position before each of three moves");
            assert!(
                samples.iter().all(|s| s.black_result == want),
                "komi {komi}"
            );
        }
    }

    #[test]
    fn random_opening_moves_are_not_sampled_and_every_thins_the_rest() {
        let text = "9 7 10 *e5 *c3 g7 c7 g3 e3 e7 pass pass\n";
        let games = parse_records(text).unwrap();
        // Seven teacher moves (the passes among them), the first sampled
        // after the two random ones.
        let all = balance_samples(&games, 1).unwrap();
        assert_eq!(all.len(), 7);
        assert_eq!(all[0].board.stone_count(Color::Black), 1);
        assert_eq!(all[0].to_move, Color::Black);
        let thin = balance_samples(&games, 3).unwrap();
        assert_eq!(thin.len(), 3, "teacher moves 1, 4 and 7");
        assert!(thin[0].progress < thin[1].progress && thin[1].progress < thin[2].progress);
    }

    #[test]
    fn a_settled_board_is_balanced_for_the_true_result_and_not_for_the_false() {
        // Black fills a 5x5 board but for two eyes, a1 and e5, while White
        // passes: no playout can change that (White's moves are suicides,
        // Black does not fill its eyes), so Black wins every playout by
        // 25 points against a komi of 0.5.
        let mut text = String::from("5 0.5 10");
        for y in 1..=5 {
            for x in "abcde".chars() {
                let v = format!("{x}{y}");
                if v != "a1" && v != "e5" {
                    text.push_str(&format!(" {v} pass"));
                }
            }
        }
        text.push_str(" pass\n");
        let games = parse_records(&text).unwrap();
        let samples = balance_samples(&games, 1).unwrap();
        let settled: Vec<BalanceSample> = samples
            .iter()
            .filter(|s| s.board.stone_count(Color::Black) == 23)
            .cloned()
            .collect();
        assert_eq!(settled.len(), 2, "before White's last pass and Black's");
        assert!(samples.iter().all(|s| s.black_result == 1.0));
        let config = SearchConfig::deterministic(1);
        let right = measure_balance(&settled, &config, 32, 7, 2);
        assert_eq!(right.mse, 0.0, "every playout agrees with the result");
        let mut wrong = settled.clone();
        for s in &mut wrong {
            s.black_result = 0.0;
        }
        let bad = measure_balance(&wrong, &config, 32, 7, 2);
        assert_eq!(bad.mse, 1.0);
        assert_eq!(
            bad.bias, 1.0,
            "the playouts favour Black over the false result"
        );
        let (d, half) = compare_balance(&wrong, &bad, &right);
        assert_eq!(
            (d, half),
            (1.0, 0.0),
            "one game, the same difference everywhere"
        );
    }

    #[test]
    fn the_measure_does_not_depend_on_the_threads() {
        let text = "9 7 10 *e5 c3 g7 c7 g3 e3 e7 d5 f5 pass pass\n";
        let games = parse_records(text).unwrap();
        let samples = balance_samples(&games, 1).unwrap();
        let config = SearchConfig::deterministic(1);
        let one = measure_balance(&samples, &config, 8, 3, 1);
        let three = measure_balance(&samples, &config, 8, 3, 3);
        assert_eq!(one, three);
        let other = measure_balance(&samples, &config, 8, 4, 1);
        assert_ne!(one.errors, other.errors, "another seed, other playouts");
        let (d, _) = compare_balance(&samples, &one, &one);
        assert_eq!(d, 0.0);
    }
}
