//! Light playouts from the empty 9x9 and 19x19 boards.
//!
//! `cargo bench --bench playout` first checks that playouts really end
//! (every empty point left is an eye, so neither side has a move other than
//! filling its own eye), then prints plain playouts-per-second figures (the
//! median of five one-second runs, per wall-clock second and, on Linux, per
//! second of CPU time of the thread, which a busy shared machine disturbs
//! less), then runs the criterion benchmarks, whose `thrpt` line is also in
//! playouts per second (`elem/s`, wall clock). Each playout starts from a
//! clone of the empty board, which is counted in the time.

use criterion::{black_box, criterion_group, Criterion, Throughput};
use std::time::{Duration, Instant};
use tengen::playout::Playout;
use tengen::{Board, Color, Topology};

/// Plays `n` playouts on `size` and checks every one ended properly:
/// passes by both sides, i.e. no legal non-eye move left for either colour.
fn check_playouts_end(size: usize, n: usize) {
    let empty = Board::new(size, Topology::Planar).expect("valid size");
    let mut p = Playout::new(7);
    let mut ended = 0;
    for _ in 0..n {
        let mut b = empty.clone();
        let r = p.run(&mut b, Color::Black);
        // A playout may be cut by the move limit (a long ko fight); all the
        // others must leave nothing to play.
        if r.moves < 3 * b.area() + 20 {
            let mut probe = Playout::new(0);
            assert_eq!(probe.pick(&b, Color::Black), None, "black move left\n{b}");
            assert_eq!(probe.pick(&b, Color::White), None, "white move left\n{b}");
            // Every empty point is surrounded by one colour only.
            for l in b.empty_locs() {
                let cols: Vec<_> = b.neighbors(l).filter_map(|n| b.color_at(n)).collect();
                assert!(!cols.is_empty() && cols.iter().all(|&c| c == cols[0]));
            }
            ended += 1;
        }
        b.check_invariants().expect("consistent board");
    }
    assert!(ended * 100 >= n * 99, "too many playouts cut: {ended}/{n}");
}

/// The CPU time this thread has run, in seconds, where Linux reports it
/// (`se.sum_exec_runtime` in `/proc/thread-self/sched`, in milliseconds).
/// On a shared machine this is the fairer clock: time spent waiting for
/// the CPU is not counted.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/sched").ok()?;
    let line = text
        .lines()
        .find(|l| l.starts_with("se.sum_exec_runtime"))?;
    let ms: f64 = line.split(':').nth(1)?.trim().parse().ok()?;
    Some(ms / 1000.0)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Playouts per second on an empty `size` board over `runs` runs of about
/// `secs` seconds each: per wall-clock second, and per second of this
/// thread's CPU time where available.
fn rate(size: usize, runs: usize, secs: f64) -> (Vec<f64>, Option<Vec<f64>>) {
    let empty = Board::new(size, Topology::Planar).expect("valid size");
    let mut p = Playout::new(1);
    let mut wall = Vec::with_capacity(runs);
    let mut cpu = Some(Vec::with_capacity(runs));
    for _ in 0..runs {
        let cpu_start = thread_cpu_seconds();
        let start = Instant::now();
        let mut n = 0u64;
        let mut sink = 0i64;
        while start.elapsed().as_secs_f64() < secs {
            for _ in 0..100 {
                let mut b = empty.clone();
                sink += i64::from(p.run(&mut b, Color::Black).area_diff);
            }
            n += 100;
        }
        black_box(sink);
        wall.push(n as f64 / start.elapsed().as_secs_f64());
        match (cpu_start, thread_cpu_seconds(), cpu.as_mut()) {
            (Some(a), Some(b), Some(v)) if b > a => v.push(n as f64 / (b - a)),
            _ => cpu = None,
        }
    }
    (wall, cpu)
}

fn playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("light_playout");
    g.throughput(Throughput::Elements(1));
    for size in [9, 19] {
        let empty = Board::new(size, Topology::Planar).expect("valid size");
        let mut p = Playout::new(1);
        g.bench_function(format!("{size}x{size}"), |b| {
            b.iter(|| {
                let mut board = empty.clone();
                p.run(&mut board, Color::Black)
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    targets = playouts
}

fn main() {
    // `cargo test --benches` runs this binary without `--bench`: keep that quick.
    let full = std::env::args().any(|a| a == "--bench");
    check_playouts_end(9, if full { 2000 } else { 50 });
    check_playouts_end(19, if full { 200 } else { 10 });
    if full {
        for size in [9, 19] {
            let (wall, cpu) = rate(size, 5, 1.0);
            let list = |v: &[f64]| {
                v.iter()
                    .map(|r| format!("{r:.0}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            println!(
                "light playouts {size}x{size}, one thread: {:.0} playouts/s wall clock \
                 (median of 5 one-second runs: {})",
                median(wall.clone()),
                list(&wall)
            );
            if let Some(cpu) = cpu {
                println!(
                    "light playouts {size}x{size}, one thread: {:.0} playouts per CPU second \
                     (median of 5: {})",
                    median(cpu.clone()),
                    list(&cpu)
                );
            }
        }
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
