//! The enumeration: one breadth-first search from every solved layout at once (moves
//! are reversible, so a layout's distance from the nearest solved one is its minimum
//! number of moves to the exit), level by level over the whole rank range on every
//! core, and the groups as a union-find over ranks, joined along every move the
//! searches (and a last pass over the layouts they never reach) see. It shares nothing
//! with the solver's search but the rules of a move.

use super::space::{Mark, Space};
use super::{Atlas, AtlasError, UNSOLVABLE};
use grid_core::progress::Watch;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Words of 64 ranks a thread takes at a time.
const CHUNK: usize = 1 << 8;

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

/// Runs `work` on every range of words below `words` over `threads` threads, a chunk
/// of [`CHUNK`] words at a time.
fn spread(words: usize, threads: usize, work: &(dyn Fn(std::ops::Range<usize>) + Sync)) {
    let next = AtomicUsize::new(0);
    let body = || {
        loop {
            let start = next.fetch_add(CHUNK, Relaxed);
            if start >= words {
                break;
            }
            work(start..(start + CHUNK).min(words));
        }
    };
    if threads <= 1 {
        body();
        return;
    }
    std::thread::scope(|scope| {
        for _ in 1..threads {
            // A thread that cannot start leaves its share to the others.
            let _ = std::thread::Builder::new().spawn_scoped(scope, body);
        }
        body();
    });
}

/// Calls `each` with every rank whose bit is set in `bits`, for the words `range`.
#[inline(always)]
fn each_bit(range: std::ops::Range<usize>, bits: impl Fn(usize) -> u64, mut each: impl FnMut(u32)) {
    for word in range {
        let mut w = bits(word);
        while w != 0 {
            each((word * 64) as u32 + w.trailing_zeros());
            w &= w - 1;
        }
    }
}

fn bitset(words: usize) -> Result<Vec<AtomicU64>, AtlasError> {
    let mut bits = Vec::new();
    bits.try_reserve_exact(words)
        .map_err(|_| AtlasError::Memory)?;
    bits.extend((0..words).map(|_| AtomicU64::new(0)));
    Ok(bits)
}

/// Builds the atlas of `space` on up to `threads` threads, telling `watch` of the
/// layouts expanded (`building(done, total)`).
pub(crate) fn build(space: Space, threads: usize, watch: &Watch) -> Result<Atlas, AtlasError> {
    let len = space.len() as usize;
    let threads = threads.max(1);
    let words = len.div_ceil(64);
    let mut distance = Vec::new();
    distance
        .try_reserve_exact(len)
        .map_err(|_| AtlasError::Memory)?;
    distance.resize(len, UNSOLVABLE);
    let mut parent = Vec::new();
    parent
        .try_reserve_exact(len)
        .map_err(|_| AtlasError::Memory)?;
    parent.extend((0..len as u32).map(AtomicU32::new));
    let groups = Groups(parent);
    // The layouts reached so far, and those first reached at the level being expanded.
    let seen = bitset(words)?;
    let mut frontier = bitset(words)?;
    let mut next = bitset(words)?;
    // Progress: every layout is expanded once, after a first pass that finds the
    // solved ones.
    let total = 2 * len as u64;
    let done = AtomicUsize::new(0);
    let tick = |n: usize| {
        let now = done.fetch_add(n, Relaxed) + n;
        watch.building(now as u64, total);
    };
    let space = &space;

    // Level 0: the solved layouts.
    spread(words, threads, &|range| {
        let mut count = 0;
        for word in range {
            let mut bits = 0u64;
            for bit in 0..64 {
                let rank = word * 64 + bit;
                if rank < len && space.is_solved(&space.unrank(rank as u32)) {
                    bits |= 1 << bit;
                }
            }
            seen[word].store(bits, Relaxed);
            frontier[word].store(bits, Relaxed);
            // The word's ranks below `len` (the last word may hold fewer than 64).
            count += (len - word * 64).min(64);
        }
        tick(count);
    });
    // Level by level: expand the layouts at `level`, joining their groups along every
    // move and marking the layouts first reached, which make the next level.
    let mut level = 0u8;
    loop {
        let mut reached = 0usize;
        for (word, bits) in frontier.iter().enumerate() {
            let mut w = bits.load(Relaxed);
            reached += w.count_ones() as usize;
            while w != 0 {
                distance[word * 64 + w.trailing_zeros() as usize] = level;
                w &= w - 1;
            }
        }
        if reached == 0 {
            break;
        }
        if level == UNSOLVABLE {
            return Err(AtlasError::Board(format!(
                "a layout lies {UNSOLVABLE} or more moves from the exit, past what an atlas records"
            )));
        }
        spread(words, threads, &|range| {
            let mut expanded = 0;
            let mut marks = [Mark::default(); 32];
            each_bit(
                range,
                |word| frontier[word].load(Relaxed),
                |rank| {
                    expanded += 1;
                    let cells = space.unrank_marked(rank, &mut marks);
                    space.neighbours(&cells, |moved, first| {
                        let other = space.rank_from(moved, &marks[first], first);
                        if other > rank {
                            groups.union(rank, other);
                        }
                        let (word, bit) = (other as usize / 64, 1u64 << (other % 64));
                        if seen[word].load(Relaxed) & bit == 0
                            && seen[word].fetch_or(bit, Relaxed) & bit == 0
                        {
                            next[word].fetch_or(bit, Relaxed);
                        }
                    });
                },
            );
            tick(expanded);
        });
        std::mem::swap(&mut frontier, &mut next);
        for bits in &next {
            bits.store(0, Relaxed);
        }
        level += 1;
    }
    // The groups that never reach the exit.
    spread(words, threads, &|range| {
        let mut expanded = 0;
        let mut marks = [Mark::default(); 32];
        each_bit(
            range,
            |word| {
                let unseen = !seen[word].load(Relaxed);
                let past = (word + 1) * 64;
                if past > len {
                    unseen & (u64::MAX >> (past - len))
                } else {
                    unseen
                }
            },
            |rank| {
                expanded += 1;
                let cells = space.unrank_marked(rank, &mut marks);
                space.neighbours(&cells, |moved, first| {
                    let other = space.rank_from(moved, &marks[first], first);
                    if other > rank {
                        groups.union(rank, other);
                    }
                });
            },
        );
        tick(expanded);
    });
    drop((seen, frontier, next));

    // The groups numbered in the order of their roots. A rank's parent is never above
    // it (a union points the larger root at the smaller, a halving a rank at its
    // grandparent), so in increasing order of rank a root is a rank that is its own
    // parent, and any other rank's parent has its number already: the number of its
    // root. No rank needs setting straight at its root first.
    let mut group: Vec<u32> = Vec::new();
    group
        .try_reserve_exact(len)
        .map_err(|_| AtlasError::Memory)?;
    let mut sizes: Vec<u32> = Vec::new();
    let parent = groups.0;
    for (rank, up) in parent.iter().enumerate() {
        let up = up.load(Relaxed) as usize;
        debug_assert!(up <= rank, "a parent above its rank");
        let id = if up == rank {
            sizes.push(0);
            (sizes.len() - 1) as u32
        } else {
            group[up]
        };
        sizes[id as usize] += 1;
        group.push(id);
    }
    drop(parent);
    Ok(Atlas::from_parts(space.clone(), distance, group, sizes))
}
