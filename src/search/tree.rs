//! The search tree: nodes in a chunked arena shared by all search threads.
//!
//! Every node field is an atomic, so threads descend, expand and back up
//! without locks. A node's children are one contiguous block allocated
//! when the node is expanded; the arena only grows (bump allocation) up to
//! its node limit, after which nodes simply stop expanding. Tree reuse
//! copies the subtree of the new root into a fresh arena, which frees
//! everything unreachable at once.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU16, AtomicU32, Ordering::*};
use std::sync::OnceLock;

/// The move code of a pass (board locations are below it).
pub(crate) const PASS: u16 = crate::geometry::OFF;

const CHUNK_BITS: u32 = 14;
const CHUNK: usize = 1 << CHUNK_BITS;
const MASK: u32 = (1 << CHUNK_BITS) - 1;

/// Node states.
const LEAF: u16 = 0;
const EXPANDING: u16 = 1;
const EXPANDED: u16 = 2;
/// A leaf that must not be expanded (the arena is full).
const FROZEN: u16 = 3;

/// The AMAF statistics count in units of this much of one update of
/// weight 1, so that weighted updates (see
/// [`SearchConfig::rave_weighting`](super::config::SearchConfig::rave_weighting))
/// keep their fractions.
pub(crate) const AMAF_UNIT: u32 = 16;

/// A node's AMAF visits (in [`AMAF_UNIT`]s) stop growing here: 4 million
/// updates of weight 1, far past the point where the node's own visits
/// outweigh them, and far below the `u32` wins overflowing (a weighted
/// update adds at most `4 * AMAF_UNIT` half wins).
const AMAF_CAP: u32 = 1 << 26;

/// One node: the statistics of the move that leads to it, from the point
/// of view of the player who made that move. Wins are in half points
/// (a win counts 2, a draw 1).
#[derive(Default, Debug)]
pub(crate) struct Node {
    visits: AtomicU32,
    wins: AtomicU32,
    amaf_visits: AtomicU32,
    amaf_wins: AtomicU32,
    /// Prior virtual playouts (low 16 bits) and wins (high 16 bits).
    prior: AtomicU32,
    first_child: AtomicU32,
    /// Move (low 16 bits) and number of children (high 16 bits).
    mv_count: AtomicU32,
    state: AtomicU16,
    /// The learned model's progressive bias for this move, in 65,535ths
    /// (see [`SearchConfig::progressive_bias`](super::SearchConfig::progressive_bias)).
    bias: AtomicU16,
}

/// A plain copy of a node's statistics.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stats {
    pub(crate) visits: u32,
    pub(crate) wins: u32,
    /// In [`AMAF_UNIT`]s.
    pub(crate) amaf_visits: u32,
    /// In half wins times [`AMAF_UNIT`]s.
    pub(crate) amaf_wins: u32,
    pub(crate) prior_visits: u32,
    pub(crate) prior_wins: u32,
    /// In 65,535ths of the full bias.
    pub(crate) bias: u32,
}

impl Node {
    pub(crate) fn init(&self, mv: u16, prior_visits: u16, prior_wins: u16) {
        self.init_biased(mv, prior_visits, prior_wins, 0);
    }

    /// [`init`](Self::init) with a progressive bias (in 65,535ths).
    pub(crate) fn init_biased(&self, mv: u16, prior_visits: u16, prior_wins: u16, bias: u16) {
        self.visits.store(0, Relaxed);
        self.wins.store(0, Relaxed);
        self.amaf_visits.store(0, Relaxed);
        self.amaf_wins.store(0, Relaxed);
        self.prior.store(
            u32::from(prior_visits) | (u32::from(prior_wins) << 16),
            Relaxed,
        );
        self.first_child.store(0, Relaxed);
        self.mv_count.store(u32::from(mv), Relaxed);
        self.state.store(LEAF, Relaxed);
        self.bias.store(bias, Relaxed);
    }

    #[inline(always)]
    pub(crate) fn mv(&self) -> u16 {
        self.mv_count.load(Relaxed) as u16
    }

    #[inline(always)]
    pub(crate) fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }

    #[inline(always)]
    pub(crate) fn stats(&self) -> Stats {
        let p = self.prior.load(Relaxed);
        Stats {
            visits: self.visits.load(Relaxed),
            wins: self.wins.load(Relaxed),
            amaf_visits: self.amaf_visits.load(Relaxed),
            amaf_wins: self.amaf_wins.load(Relaxed),
            prior_visits: p & 0xFFFF,
            prior_wins: p >> 16,
            bias: u32::from(self.bias.load(Relaxed)),
        }
    }

    /// Adds a visit before the result is known (a virtual loss).
    #[inline(always)]
    pub(crate) fn add_visit(&self) {
        self.visits.fetch_add(1, Relaxed);
    }

    /// Adds the result (in half points) of a visit already counted.
    #[inline(always)]
    pub(crate) fn add_result(&self, half_wins: u32) {
        if half_wins > 0 {
            self.wins.fetch_add(half_wins, Relaxed);
        }
    }

    /// Adds an AMAF update of `weight` (in [`AMAF_UNIT`]s, at most twice
    /// the unit) and result `half_wins` (0 to 2), unless the node's AMAF
    /// visits have reached their cap.
    #[inline(always)]
    pub(crate) fn add_amaf(&self, weight: u32, half_wins: u32) {
        if weight == 0 || self.amaf_visits.load(Relaxed) >= AMAF_CAP {
            return;
        }
        self.amaf_visits.fetch_add(weight, Relaxed);
        if half_wins > 0 {
            self.amaf_wins.fetch_add(weight * half_wins, Relaxed);
        }
    }

    /// The children block `(first, count)` if the node is expanded.
    #[inline(always)]
    pub(crate) fn children(&self) -> Option<(u32, u32)> {
        if self.state.load(Acquire) != EXPANDED {
            return None;
        }
        Some((
            self.first_child.load(Relaxed),
            self.mv_count.load(Relaxed) >> 16,
        ))
    }

    /// Whether the node may still be expanded (a leaf not frozen).
    #[inline(always)]
    pub(crate) fn is_leaf(&self) -> bool {
        self.state.load(Relaxed) == LEAF
    }

    /// Claims the right to expand this leaf.
    #[inline]
    pub(crate) fn try_begin_expand(&self) -> bool {
        self.state
            .compare_exchange(LEAF, EXPANDING, Acquire, Relaxed)
            .is_ok()
    }

    /// Publishes the children written at `first..first + count`.
    pub(crate) fn finish_expand(&self, first: u32, count: u32) {
        self.first_child.store(first, Relaxed);
        let mv = self.mv_count.load(Relaxed) & 0xFFFF;
        self.mv_count.store(mv | (count << 16), Relaxed);
        self.state.store(EXPANDED, Release);
    }

    /// Gives up an expansion (no room): the node stays a leaf for good.
    pub(crate) fn freeze(&self) {
        self.state.store(FROZEN, Release);
    }

    fn copy_from(&self, other: &Node) {
        let s = other.stats();
        self.visits.store(s.visits, Relaxed);
        self.wins.store(s.wins, Relaxed);
        self.amaf_visits.store(s.amaf_visits, Relaxed);
        self.amaf_wins.store(s.amaf_wins, Relaxed);
        self.prior.store(other.prior.load(Relaxed), Relaxed);
        self.first_child.store(0, Relaxed);
        self.mv_count.store(u32::from(other.mv()), Relaxed);
        self.state.store(LEAF, Relaxed);
        self.bias.store(other.bias.load(Relaxed), Relaxed);
    }
}

/// The arena of nodes. Node 0 is the root.
#[derive(Debug)]
pub(crate) struct Tree {
    chunks: Box<[OnceLock<Box<[Node]>>]>,
    next: AtomicU32,
    limit: u32,
    dummy: Node,
}

impl Tree {
    /// An empty tree holding at most `limit` nodes (at least 1), with a
    /// root node for move `root_mv`.
    pub(crate) fn new(limit: usize, root_mv: u16) -> Tree {
        let limit = limit.clamp(1, (u32::MAX / 2) as usize) as u32;
        let n_chunks = (limit as usize).div_ceil(CHUNK) + 1;
        let t = Tree {
            chunks: (0..n_chunks).map(|_| OnceLock::new()).collect(),
            next: AtomicU32::new(0),
            limit,
            dummy: Node::default(),
        };
        if let Some(r) = t.alloc(1) {
            t.node(r).init(root_mv, 0, 0);
        }
        t
    }

    /// The node with index `i`.
    #[inline(always)]
    pub(crate) fn node(&self, i: u32) -> &Node {
        match self
            .chunks
            .get((i >> CHUNK_BITS) as usize)
            .and_then(|c| c.get())
        {
            Some(c) => &c[(i & MASK) as usize],
            None => &self.dummy,
        }
    }

    /// The `count` nodes from `first` (a children block, which never
    /// crosses a chunk), found once for a loop over them; empty if they
    /// are not all allocated in one chunk.
    #[inline(always)]
    pub(crate) fn block(&self, first: u32, count: u32) -> &[Node] {
        let start = (first & MASK) as usize;
        self.chunks
            .get((first >> CHUNK_BITS) as usize)
            .and_then(|c| c.get())
            .and_then(|c| c.get(start..start + count as usize))
            .unwrap_or(&[])
    }

    /// The root node.
    #[inline(always)]
    pub(crate) fn root(&self) -> &Node {
        self.node(0)
    }

    /// The number of node slots used so far.
    pub(crate) fn len(&self) -> usize {
        self.next.load(Relaxed).min(self.limit) as usize
    }

    /// Allocates `n` consecutive nodes (within one chunk), or `None` when
    /// the limit would be exceeded.
    pub(crate) fn alloc(&self, n: u32) -> Option<u32> {
        if n == 0 || n as usize > CHUNK {
            return None;
        }
        let mut cur = self.next.load(Relaxed);
        let start = loop {
            let mut start = cur;
            if (start & MASK) + n > CHUNK as u32 {
                start = (start | MASK) + 1;
            }
            let end = start.checked_add(n)?;
            if end > self.limit {
                return None;
            }
            match self.next.compare_exchange_weak(cur, end, Relaxed, Relaxed) {
                Ok(_) => break start,
                Err(now) => cur = now,
            }
        };
        let chunk = self.chunks.get((start >> CHUNK_BITS) as usize)?;
        chunk.get_or_init(|| (0..CHUNK).map(|_| Node::default()).collect());
        Some(start)
    }

    /// A new tree (limit `limit`) holding a copy of the subtree of `self`
    /// under node `from`, which becomes the new root; copying stops where
    /// the new arena is full.
    pub(crate) fn copy_subtree(&self, from: u32, limit: usize) -> Tree {
        let t = Tree::new(limit, self.node(from).mv());
        t.root().copy_from(self.node(from));
        let mut queue = VecDeque::new();
        queue.push_back((from, 0u32));
        while let Some((src, dst)) = queue.pop_front() {
            let Some((first, count)) = self.node(src).children() else {
                continue;
            };
            let Some(new_first) = t.alloc(count) else {
                continue;
            };
            for k in 0..count {
                t.node(new_first + k).copy_from(self.node(first + k));
                queue.push_back((first + k, new_first + k));
            }
            t.node(dst).finish_expand(new_first, count);
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_stays_32_bytes() {
        // `--max-nodes` tells users a node is about 32 bytes.
        assert_eq!(std::mem::size_of::<Node>(), 32);
        let t = Tree::new(4, 0);
        t.node(0).init_biased(3, 10, 5, 777);
        let s = t.node(0).stats();
        assert_eq!((s.prior_visits, s.prior_wins, s.bias), (10, 5, 777));
        assert!(t.node(0).is_leaf());
    }

    #[test]
    fn alloc_respects_limit_and_chunks() {
        let t = Tree::new(100, PASS);
        assert_eq!(t.len(), 1);
        let a = t.alloc(50).unwrap();
        assert_eq!(a, 1);
        assert!(t.alloc(50).is_none());
        let b = t.alloc(49).unwrap();
        assert_eq!(b, 51);
        assert_eq!(t.len(), 100);
        assert!(t.alloc(1).is_none());
    }

    #[test]
    fn amaf_updates_add_their_weight_until_the_cap() {
        let t = Tree::new(10, PASS);
        let n = t.root();
        n.add_amaf(AMAF_UNIT, 2);
        n.add_amaf(AMAF_UNIT / 2, 1);
        n.add_amaf(0, 2);
        let s = n.stats();
        assert_eq!(s.amaf_visits, 16 + 8);
        assert_eq!(s.amaf_wins, 2 * 16 + 8);
        // Past the cap nothing is added, so the wins cannot overflow.
        n.amaf_visits.store(AMAF_CAP, Relaxed);
        n.add_amaf(2 * AMAF_UNIT, 2);
        assert_eq!(n.stats().amaf_visits, AMAF_CAP);
        assert_eq!(n.stats().amaf_wins, 2 * 16 + 8);
        assert!(u64::from(AMAF_CAP) * 2 + 4 * u64::from(AMAF_UNIT) < u64::from(u32::MAX));
    }

    #[test]
    fn blocks_never_cross_a_chunk() {
        let t = Tree::new(3 * CHUNK, PASS);
        let a = t.alloc(CHUNK as u32 - 10).unwrap();
        assert_eq!(a, 1);
        let b = t.alloc(20).unwrap();
        assert_eq!(b, CHUNK as u32);
        t.node(b + 19).init(7, 1, 1);
        assert_eq!(t.node(b + 19).mv(), 7);
        // A block is the same nodes as one by one.
        let block = t.block(b, 20);
        assert_eq!(block.len(), 20);
        assert_eq!(block[19].mv(), 7);
        assert!(std::ptr::eq(&block[3], t.node(b + 3)));
        // Past the end of a chunk or of the arena: nothing.
        assert!(t.block(CHUNK as u32 - 5, 10).is_empty());
        assert!(t.block(10 * CHUNK as u32, 1).is_empty());
    }

    #[test]
    fn copy_keeps_statistics_below_the_new_root() {
        let t = Tree::new(1000, PASS);
        let root = t.root();
        let first = t.alloc(3).unwrap();
        for k in 0..3 {
            t.node(first + k).init(k as u16, 10, 5);
        }
        root.finish_expand(first, 3);
        let child = t.node(first + 1);
        for _ in 0..7 {
            child.add_visit();
            child.add_result(2);
        }
        let grand = t.alloc(2).unwrap();
        t.node(grand).init(40, 1, 0);
        t.node(grand + 1).init(41, 1, 0);
        t.node(grand + 1).add_visit();
        child.finish_expand(grand, 2);

        let c = t.copy_subtree(first + 1, 1000);
        assert_eq!(c.root().mv(), 1);
        assert_eq!(c.root().stats().visits, 7);
        assert_eq!(c.root().stats().wins, 14);
        let (f, n) = c.root().children().unwrap();
        assert_eq!(n, 2);
        assert_eq!(c.node(f + 1).mv(), 41);
        assert_eq!(c.node(f + 1).visits(), 1);
        assert_eq!(c.len(), 3);
    }
}
