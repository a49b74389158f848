//! The enumeration: one breadth-first search from every solved layout at once (moves
//! are reversible, so a layout's distance from the nearest solved one is its minimum
//! number of moves to the exit), level by level over the whole rank range on every
//! core, and the groups as a union-find over ranks, joined along every move the
//! searches (and a last pass over the layouts they never reach) see. It shares nothing
//! with the solver's search but the rules of a move.

use super::space::Space;
use super::{Atlas, AtlasError, UNSOLVABLE};
use grid_core::progress::Watch;
use std::sync::atomic::{AtomicU8, AtomicU32, AtomicUsize, Ordering::Relaxed};

/// Ranks a thread takes at a time.
const CHUNK: usize = 1 << 14;

/// The union-find over ranks: a root is the smallest rank of its group.
struct Groups(Vec<AtomicU32>);

impl Groups {
    fn find(&self, mut x: u32) -> u32 {
        loop {
            let parent = self.0[x as usize].load(Relaxed);
            if parent == x {
                return x;
            }
            let grand = self.0[parent as usize].load(Relaxed);
            if grand != parent {
                // Path halving; a lost race only leaves a longer path.
                let _ = self.0[x as usize].compare_exchange(parent, grand, Relaxed, Relaxed);
            }
            x = grand;
        }
    }

    fn union(&self, a: u32, b: u32) {
        loop {
            let (ra, rb) = (self.find(a), self.find(b));
            if ra == rb {
                return;
            }
            let (high, low) = if ra > rb { (ra, rb) } else { (rb, ra) };
            if self.0[high as usize]
                .compare_exchange(high, low, Relaxed, Relaxed)
                .is_ok()
            {
                return;
            }
        }
    }
}

/// Runs `work` on every rank below `len` over `threads` threads, chunk by chunk;
/// `done` counts the ranks finished, for the progress.
fn spread(len: usize, threads: usize, work: &(dyn Fn(u32) + Sync), tick: &(dyn Fn(usize) + Sync)) {
    let next = AtomicUsize::new(0);
    let body = || {
        loop {
            let start = next.fetch_add(CHUNK, Relaxed);
            if start >= len {
                break;
            }
            let end = (start + CHUNK).min(len);
            for rank in start..end {
                work(rank as u32);
            }
            tick(end - start);
        }
    };
    if threads <= 1 {
        body();
        return;
    }
    std::thread::scope(|scope| {
        let mut spawned = 0;
        for _ in 1..threads {
            // A thread that cannot start leaves its share to the others.
            if std::thread::Builder::new().spawn_scoped(scope, body).is_ok() {
                spawned += 1;
            }
        }
        let _ = spawned;
        body();
    });
}

/// Builds the atlas of `space` on up to `threads` threads, telling `watch` of the
/// layouts expanded (`building(done, total)`).
pub(crate) fn build(space: Space, threads: usize, watch: &Watch) -> Result<Atlas, AtlasError> {
    let len = space.len() as usize;
    let threads = threads.max(1);
    let mut dist_vec = Vec::new();
    dist_vec
        .try_reserve_exact(len)
        .map_err(|_| AtlasError::Memory)?;
    dist_vec.extend((0..len).map(|_| AtomicU8::new(UNSOLVABLE)));
    let mut parent = Vec::new();
    parent.try_reserve_exact(len).map_err(|_| AtlasError::Memory)?;
    parent.extend((0..len as u32).map(AtomicU32::new));
    let dist = dist_vec;
    let groups = Groups(parent);
    // Progress: every layout is expanded once; the scan for the solved ones is a
    // second share of the same size.
    let total = 2 * len as u64;
    let done = AtomicUsize::new(0);
    let tick = |n: usize| {
        let now = done.fetch_add(n, Relaxed) + n;
        watch.building(now as u64, total);
    };
    let space = &space;

    // Level 0: the solved layouts.
    spread(
        len,
        threads,
        &|rank| {
            if space.is_solved(&space.unrank(rank)) {
                dist[rank as usize].store(0, Relaxed);
            }
        },
        &tick,
    );
    // Level by level: expand the layouts at `level`, joining their groups along every
    // move and setting the layouts first reached to `level + 1`.
    let mut level = 0u8;
    loop {
        let reached = AtomicUsize::new(0);
        let expanded = AtomicUsize::new(0);
        spread(
            len,
            threads,
            &|rank| {
                if dist[rank as usize].load(Relaxed) != level {
                    return;
                }
                expanded.fetch_add(1, Relaxed);
                let mut fresh = 0;
                space.neighbours(&space.unrank(rank), |next| {
                    let other = space.rank(next);
                    if other > rank {
                        groups.union(rank, other);
                    }
                    if dist[other as usize]
                        .compare_exchange(UNSOLVABLE, level + 1, Relaxed, Relaxed)
                        .is_ok()
                    {
                        fresh += 1;
                    }
                });
                if fresh > 0 {
                    reached.fetch_add(fresh, Relaxed);
                }
            },
            &|_| {},
        );
        tick(expanded.load(Relaxed));
        if reached.load(Relaxed) == 0 {
            break;
        }
        level += 1;
        if level == UNSOLVABLE {
            return Err(AtlasError::Board(format!(
                "a layout lies {UNSOLVABLE} or more moves from the exit, past what an atlas records"
            )));
        }
    }
    let unsolvable = AtomicUsize::new(0);
    // The groups that never reach the exit.
    spread(
        len,
        threads,
        &|rank| {
            if dist[rank as usize].load(Relaxed) != UNSOLVABLE {
                return;
            }
            unsolvable.fetch_add(1, Relaxed);
            space.neighbours(&space.unrank(rank), |next| {
                let other = space.rank(next);
                if other > rank {
                    groups.union(rank, other);
                }
            });
        },
        &|_| {},
    );
    tick(unsolvable.load(Relaxed));

    // Every rank straight at its root (the smallest rank of its group), then the groups
    // numbered in the order of their roots.
    spread(
        len,
        threads,
        &|rank| {
            let root = groups.find(rank);
            groups.0[rank as usize].store(root, Relaxed);
        },
        &|_| {},
    );
    let mut group: Vec<u32> = Vec::new();
    group.try_reserve_exact(len).map_err(|_| AtlasError::Memory)?;
    let mut sizes: Vec<u32> = Vec::new();
    let parent = groups.0;
    for (rank, root) in parent.iter().enumerate() {
        let root = root.load(Relaxed) as usize;
        let id = if root == rank {
            sizes.push(0);
            (sizes.len() - 1) as u32
        } else {
            group[root]
        };
        sizes[id as usize] += 1;
        group.push(id);
    }
    drop(parent);
    let distance: Vec<u8> = dist.into_iter().map(AtomicU8::into_inner).collect();
    Ok(Atlas::from_parts(space.clone(), distance, group, sizes))
}

