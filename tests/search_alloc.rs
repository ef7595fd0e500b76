//! The search's playouts never allocate: a counting global allocator, in
//! its own test binary (one test, so nothing else runs meanwhile).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use tengen::search::{Limits, PlayoutPolicy, PolicyKind, Search, SearchConfig};
use tengen::{Board, Color, Game, Rules, Topology};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every method forwards its own arguments to the system allocator,
// so `System`'s guarantees hold; counting only touches an atomic.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
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

fn allocations_during<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    let r = f();
    (ALLOCATIONS.load(Ordering::SeqCst) - before, r)
}

fn playouts_allocate_nothing(size: usize, kind: PolicyKind) {
    let start = Board::new(size, Topology::Planar).unwrap();
    let mut policy = PlayoutPolicy::new(kind, size, Topology::Planar, 42);
    let mut log = Vec::with_capacity(4096);
    let mut board = start.clone();
    // Warm up (the process-wide tables are built on first use).
    policy.run(&mut board, Color::Black, None, &mut log);
    let (n, moves) = allocations_during(|| {
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
    for size in [9, 19] {
        playouts_allocate_nothing(size, PolicyKind::Heavy);
        playouts_allocate_nothing(size, PolicyKind::Light);
    }
    // A whole search allocates for its tree and its result, but not per
    // playout: 4000 playouts cost about as many allocations as 1000.
    let game = Game::new(9, Rules::default()).unwrap();
    let run = |n: u64| {
        let mut s = Search::new(SearchConfig::deterministic(3));
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
    let small = run(1000);
    let large = run(4000);
    assert!(
        large < small + 200,
        "1000 playouts: {small} allocations, 4000: {large}"
    );
}
