//! Playouts, `Board::play_unchecked` and `Board::clone` never allocate:
//! a counting global allocator, local to this test binary, proves it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::hint::black_box;
use tengen::playout::Playout;
use tengen::{Board, Color, Point, Topology};

/// Counts the allocations made by the current thread (the test harness
/// runs other threads, whose allocations must not be counted here).
struct Counting;

thread_local! {
    // `const` and `Cell`: no lazy initialisation and no destructor, so
    // touching it from inside the allocator cannot allocate or recurse.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // During thread teardown the slot may be gone: nothing to count then.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: every method forwards to the system allocator with the caller's
// own arguments, so `System`'s guarantees carry over unchanged; counting
// touches only a thread-local `Cell`.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: forwarded unchanged; the caller upholds `alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: forwarded unchanged, as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: forwarded unchanged; `ptr` came from this allocator,
        // which is `System`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged; `ptr` came from `System`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The number of allocations `f` makes on this thread.
fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn the_counter_sees_allocations() {
    // Without this, a broken counter would make the zero below vacuous.
    let n = allocations_during(|| {
        let v: Vec<u64> = black_box(Vec::with_capacity(16));
        drop(v);
    });
    assert_eq!(n, 1);
    let n = allocations_during(|| {
        let s = black_box(String::from("tengen")) + "!";
        drop(black_box(s));
    });
    assert!(n >= 1);
}

#[test]
fn playouts_clones_and_unchecked_moves_do_not_allocate() {
    let boards = [
        Board::new(9, Topology::Planar).unwrap(),
        Board::new(19, Topology::Planar).unwrap(),
        Board::new(25, Topology::Planar).unwrap(),
        Board::new(7, Topology::Toroidal).unwrap(),
    ];
    // A 2x2 board where White at the top left is suicide: play_unchecked
    // then removes White's own stone.
    let suicide = Board::from_diagram(".X\nX.", Topology::Planar).unwrap();
    let top_left = suicide.loc(Point::new(0, 1).unwrap()).unwrap();
    let mut runner = Playout::new(2026);
    let mut moves = 0;

    let n = allocations_during(|| {
        let mut fresh = Playout::new(7);
        for empty in &boards {
            for _ in 0..20 {
                let mut b = black_box(empty.clone());
                moves += runner.run(&mut b, Color::Black).moves;
                // Step by hand too: pick, play_unchecked, pass.
                let mut b = empty.clone();
                let mut c = Color::White;
                for _ in 0..50 {
                    match fresh.pick(&b, c) {
                        Some(l) => {
                            b.play_unchecked(l, c);
                        }
                        None => b.pass(),
                    }
                    c = c.opponent();
                }
                black_box(&b);
            }
        }
        let mut s = suicide.clone();
        assert_eq!(s.play_unchecked(top_left, Color::White), 0);
        black_box(&s);
    });
    assert_eq!(n, 0, "{n} allocations during playouts");
    // The work really happened: thousands of moves were played.
    assert!(moves > 4 * 20 * 50, "only {moves} moves");
}
