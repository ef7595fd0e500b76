//! A fixed benchmark workload: light playouts, full searches on 9x9 and
//! 19x19, and the scaling of the search with threads. The binary's
//! `tengen bench` prints it.

use super::config::{Limits, SearchConfig};
use super::search::Search;
use crate::color::Color;
use crate::game::Game;
use crate::geometry::Topology;
use crate::playout::Playout;
use crate::rules::Rules;
use crate::Board;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// One measured item of the benchmark.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchLine {
    /// What was measured, e.g. `search 9x9, 1 thread`.
    pub name: String,
    /// Board size.
    pub size: usize,
    /// Search threads (1 for playouts alone).
    pub threads: usize,
    /// Playouts run.
    pub playouts: u64,
    /// Wall time taken.
    pub wall: Duration,
    /// CPU time the process used meanwhile, where the system tells it.
    pub cpu: Option<Duration>,
}

impl BenchLine {
    /// Playouts per second of wall time.
    pub fn per_second(&self) -> f64 {
        self.playouts as f64 / self.wall.as_secs_f64().max(1e-9)
    }

    /// Playouts per second of CPU time (what one thread does per second
    /// when it has a core to itself; 10 ms resolution).
    pub fn per_cpu_second(&self) -> Option<f64> {
        let cpu = self.cpu?.as_secs_f64();
        (cpu > 0.0).then(|| self.playouts as f64 / cpu)
    }
}

/// The workload's size: `Quick` for a smoke test, `Full` for figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchSize {
    /// A fraction of a second per item.
    Quick,
    /// A few seconds per item.
    Full,
}

/// The CPU time of this process (user plus system) from `/proc/self/stat`,
/// in clock ticks of 10 ms; `None` where unavailable.
fn process_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses).
    let rest = text.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the whole line, so 12 and 13
    // of the fields after the name (state is the first of them).
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(Duration::from_millis((utime + stime) * 10))
}

fn measure(name: String, size: usize, threads: usize, f: impl FnOnce() -> u64) -> BenchLine {
    let cpu0 = process_cpu();
    let t0 = Instant::now();
    let playouts = f();
    let wall = t0.elapsed();
    let cpu = match (cpu0, process_cpu()) {
        (Some(a), Some(b)) => Some(b.saturating_sub(a)),
        _ => None,
    };
    BenchLine {
        name,
        size,
        threads,
        playouts,
        wall,
        cpu,
    }
}

fn light(size: usize, n: u64) -> BenchLine {
    measure(format!("light playouts {size}x{size}"), size, 1, || {
        let Ok(start) = Board::new(size, Topology::Planar) else {
            return 0;
        };
        let mut p = Playout::new(1);
        let mut b = start.clone();
        for _ in 0..n {
            b.clone_from(&start);
            p.run(&mut b, Color::Black);
        }
        n
    })
}

fn search(size: usize, threads: usize, n: u64) -> BenchLine {
    let name = format!(
        "search {size}x{size}, {threads} thread{}",
        if threads == 1 { "" } else { "s" }
    );
    measure(name, size, threads, || {
        let Ok(game) = Game::new(size, Rules::default()) else {
            return 0;
        };
        let mut s = Search::new(SearchConfig {
            threads,
            ..SearchConfig::deterministic(1)
        });
        let r = s.think(
            &game,
            Color::Black,
            &Limits::playouts(n),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        r.playouts
    })
}

/// Runs the benchmark: light playouts and one-thread searches on 9x9 and
/// 19x19, then the 9x9 search with `threads` threads (if more than one).
pub fn run_bench(size: BenchSize, threads: usize) -> Vec<BenchLine> {
    let k = match size {
        BenchSize::Quick => 1,
        BenchSize::Full => 10,
    };
    let mut lines = vec![
        light(9, 4_000 * k),
        light(19, 800 * k),
        search(9, 1, 4_000 * k),
        search(19, 1, 1_000 * k),
    ];
    if threads > 1 {
        lines.push(search(9, threads, 4_000 * k));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_items_count_their_playouts() {
        let l = light(9, 100);
        assert_eq!(l.playouts, 100);
        assert!(l.per_second() > 0.0);
        let s = search(9, 2, 300);
        assert!(s.playouts >= 300);
        assert_eq!(s.threads, 2);
        assert_eq!(s.name, "search 9x9, 2 threads");
    }
}
