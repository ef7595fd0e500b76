//! The search's playouts never allocate: a counting global allocator, in
//! its own test binary (one test, so nothing else runs meanwhile).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use tengen::search::{
    Limits, PlayoutPolicy, PolicyKind, PriorSource, Search, SearchConfig, Widening,
};
use tengen::{Board, Color, Game, Rules, Topology};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// This thread's allocations: the test harness's other threads may
    /// allocate at any moment, and must not be charged to the playouts.
    /// (A `const` initialiser with no destructor: using it never allocates.)
    static THREAD_ALLOCATIONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn count() {
    ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    THREAD_ALLOCATIONS.with(|c| c.set(c.get() + 1));
}

// SAFETY: every method forwards its own arguments to the system allocator,
// so `System`'s guarantees hold; counting only touches an atomic.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged; `ptr` came from `System`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged; `ptr` came from `System`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations of every thread while `f` runs (a search's workers
/// included).
fn allocations_during<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    let r = f();
    (ALLOCATIONS.load(Ordering::SeqCst) - before, r)
}

/// The allocations of this thread alone while `f` runs.
fn own_allocations_during<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = THREAD_ALLOCATIONS.with(|c| c.get());
    let r = f();
    (THREAD_ALLOCATIONS.with(|c| c.get()) - before, r)
}

fn playouts_allocate_nothing(size: usize, kind: PolicyKind) {
    let start = Board::new(size, Topology::Planar).unwrap();
    let mut policy = PlayoutPolicy::new(kind, size, Topology::Planar, 42);
    let mut log = Vec::with_capacity(4096);
    let mut board = start.clone();
    // Warm up (the process-wide tables are built on first use).
    policy.run(&mut board, Color::Black, None, &mut log);
    let (n, moves) = own_allocations_during(|| {
        let mut moves = 0;
        for _ in 0..30 {
            board.clone_from(&start);
            log.clear();
            moves += policy.run(&mut board, Color::Black, None, &mut log);
        }
        moves
    });
    assert!(moves > 30 * size * size / 2, "{moves} moves");
    assert_eq!(n, 0, "{size}x{size} {kind:?}: {n} allocations");
}

#[test]
fn playouts_and_searches_do_not_allocate_per_playout() {
    // The counter counts: one vector is one allocation (else every zero
    // below would prove nothing).
    let (n, v) = own_allocations_during(|| Vec::<u64>::with_capacity(8));
    assert_eq!(n, 1);
    drop(v);
    let (n, v) = allocations_during(|| std::thread::spawn(|| vec![0u8; 8]).join());
    assert!(n >= 2, "a thread and its vector: {n}");
    drop(v);
    for size in [9, 19] {
        playouts_allocate_nothing(size, PolicyKind::Heavy);
        playouts_allocate_nothing(size, PolicyKind::Light);
    }
    // A whole search allocates for its tree and its result, but not per
    // playout: 20,000 playouts cost a few dozen allocations more than
    // 4,000; with the hand-set priors and with the learned ones, which
    // compute features at every expansion (`blend` runs both of these
    // paths; its trees grow a little faster, past this bound's margin,
    // while 64,000 playouts still cost only about 100 allocations more
    // than 16,000).
    // The learned priors also with progressive widening, which sorts each
    // expansion's moves by their prior; the hand priors also with the
    // playouts' last good replies, learned after every playout, with the
    // playouts' learned shapes, and with the playouts' ladder reading and attacks.
    for (priors, widening, last_good_reply, learned_shapes, playout_ladders) in [
        (PriorSource::Hand, None, false, 0.0, false),
        (PriorSource::Hand, None, true, 0.0, false),
        (PriorSource::Hand, None, false, 1.0, false),
        (PriorSource::Hand, None, false, 0.0, true),
        (PriorSource::Learned, None, false, 0.0, false),
        (
            PriorSource::Learned,
            Some(Widening::DEFAULT),
            false,
            0.0,
            false,
        ),
    ] {
        search_allocates_per_tree_not_per_playout(
            priors,
            widening,
            last_good_reply,
            learned_shapes,
            playout_ladders,
        );
    }
}

fn search_allocates_per_tree_not_per_playout(
    priors: PriorSource,
    widening: Option<Widening>,
    last_good_reply: bool,
    learned_shapes: f32,
    playout_ladders: bool,
) {
    let game = Game::new(9, Rules::default()).unwrap();
    let run = |n: u64| {
        let mut s = Search::new(SearchConfig {
            priors,
            widening,
            last_good_reply,
            learned_shapes,
            playout_ladders,
            // Ladders read and attacked.
            playout_ladder_attacks: playout_ladders,
            // And the board filled first, with them.
            fill_board: if playout_ladders { 8 } else { 0 },
            // And the AMAF updates weighted.
            rave_weighting: Some(playout_ladders),
            // And the results shaded by the score.
            score_bonus: if playout_ladders { 0.05 } else { 0.0 },
            ..SearchConfig::deterministic(3)
        });
        let (a, r) = allocations_during(|| {
            s.think(
                &game,
                Color::Black,
                &Limits::playouts(n),
                &AtomicBool::new(false),
                &mut |_| {},
            )
        });
        assert_eq!(r.playouts, n);
        a
    };
    // The first search also builds what a process builds once (the
    // learned model): not counted.
    run(1000);
    let small = run(4_000);
    let large = run(20_000);
    // 16,000 more playouts cost a few dozen allocations (43 to 74
    // measured over the five cases): they grow with the tree, not with
    // the playouts (from 32,000 to 64,000 playouts, about 40 more). The
    // bound catches anything that allocates once in 160 playouts or more
    // often (100 more in 16,000). (From 1,000 playouts the margin was too
    // thin: 94 more with the hand priors, 104 with the last good replies.)
    assert!(
        large < small + 100,
        "{priors} {widening:?} replies {last_good_reply} shapes {learned_shapes} ladders {playout_ladders}: 4000 playouts: {small} allocations, 20000: {large}"
    );
}
