//! Small boards: the distance of every arrangement to the goal, by one breadth-first
//! search from the goal over ranked permutations, one byte an arrangement.

use crate::geometry::{Geometry, Labelled, MoveOrder, NONE, ORDER};
use crate::memory::{self, OutOfMemory};
use grid_core::Dir;

/// The most cells of a board whose whole space a table holds (2 x 5: 10! = 3,628,800
/// bytes, of which half are reachable).
pub(crate) const MAX_TABLE_CELLS: usize = 10;

/// Not reached from the goal.
const UNREACHED: u8 = u8::MAX;

/// The distance to the goal of every arrangement of a small board, indexed by the rank
/// of its labelled cells (see [`Labelled`]): the goal is the identity.
pub(crate) struct DistanceTable {
    distances: Vec<u8>,
    /// Arrangements reached (the goal's half of the space).
    reached: usize,
}

impl std::fmt::Debug for DistanceTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "DistanceTable({} arrangements, {} reached)",
            self.distances.len(),
            self.reached
        )
    }
}

/// The rank of a permutation of `0 .. cells.len()` among all of them (Lehmer code).
fn rank(cells: &[u8]) -> usize {
    rank_packed(pack(cells.iter().copied()), cells.len())
}

/// Cells of up to [`MAX_TABLE_CELLS`], four bits each: cell `i` in bits `4i .. 4i + 4`.
fn pack(cells: impl IntoIterator<Item = u8>) -> u64 {
    (cells.into_iter().enumerate()).fold(0, |p, (i, v)| p | u64::from(v) << (4 * i))
}

/// Every nibble of a word set to one.
const ONES: u64 = 0x1111_1111_1111_1111;

/// [`rank`] of the first `n` cells of a [`pack`]ed arrangement (the bits above them
/// are not read): `below`'s nibble `v` counts the values under `v` already seen, so no
/// count of bits is needed (`n` is at most [`MAX_TABLE_CELLS`], under 16).
fn rank_packed(packed: u64, n: usize) -> usize {
    let mut below = 0u64;
    let mut rank = 0;
    for i in 0..n {
        let v = (packed >> (4 * i)) & 15;
        let smaller = v - ((below >> (4 * v)) & 15);
        rank = rank * (n - i) + smaller as usize;
        // One more seen under every value above v (v < 15: the shifts stay under 64).
        below += (ONES << (4 * v)) << 4;
    }
    rank
}

impl DistanceTable {
    /// The table of a board of shape `geo` whose blank's goal cell is `blank`, or the
    /// bytes that could not be allocated for it.
    pub(crate) fn build(geo: &Geometry, blank: usize) -> Result<DistanceTable, OutOfMemory> {
        let n = geo.cells;
        let size: usize = (1..=n).product();
        let mut distances = memory::filled(size, UNREACHED)?;
        // Each entry: the cells, four bits each, and the blank's cell above them; the
        // goal is the identity, and its blank is named `blank`.
        let goal = pack(0..n as u8) | (blank as u64) << 56;
        distances[rank_packed(goal, n)] = 0;
        // The goal's half of the space is reached (all of it on one cell).
        let mut queue = Vec::new();
        memory::reserve(&mut queue, size.div_ceil(2))?;
        queue.push(goal);
        // Layer by layer: the entries of `queue[head .. end]` are `d` moves away.
        let (mut head, mut d) = (0, 0u8);
        while head < queue.len() {
            let end = queue.len();
            while head < end {
                let entry = queue[head];
                head += 1;
                let at = (entry >> 56) as usize;
                for &to in &geo.next[at] {
                    if to == NONE {
                        continue;
                    }
                    let to = usize::from(to);
                    // The blank and the tile on `to` change places.
                    let swap = ((entry >> (4 * to)) ^ blank as u64) & 15;
                    let moved = (entry & !(0xff << 56)) ^ (swap << (4 * at)) ^ (swap << (4 * to));
                    let slot = &mut distances[rank_packed(moved, n)];
                    if *slot == UNREACHED {
                        *slot = d + 1;
                        memory::push(&mut queue, moved | (to as u64) << 56)?;
                    }
                }
            }
            d += 1;
        }
        Ok(DistanceTable {
            distances,
            reached: queue.len(),
        })
    }

    /// Bytes the table takes.
    pub(crate) fn bytes(&self) -> usize {
        self.distances.len()
    }

    /// Arrangements that reach the goal.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn reached(&self) -> usize {
        self.reached
    }

    /// The distance of `cells` to the goal, if it reaches it.
    pub(crate) fn distance(&self, cells: &[u8]) -> Option<u64> {
        let d = self.distances[rank(cells)];
        (d != UNREACHED).then_some(u64::from(d))
    }

    /// The shortest path from `start` that comes first in `order`: at each step the
    /// first move to an arrangement one closer.
    pub(crate) fn path(
        &self,
        geo: &Geometry,
        start: &Labelled,
        order: MoveOrder,
    ) -> Option<Vec<Dir>> {
        let mut cells = start.cells.clone();
        let mut at = start.blank;
        let mut left = self.distance(&cells)?;
        let mut path = Vec::with_capacity(left as usize);
        while left > 0 {
            let step = order.indices().map(usize::from).into_iter().find(|&k| {
                let to = geo.next[at][k];
                if to == NONE {
                    return false;
                }
                cells.swap(at, usize::from(to));
                let closer = self.distance(&cells) == Some(left - 1);
                cells.swap(at, usize::from(to));
                closer
            })?;
            let to = usize::from(geo.next[at][step]);
            cells.swap(at, to);
            at = to;
            path.push(ORDER[step]);
            left -= 1;
        }
        Some(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection() {
        let mut seen = [false; 24];
        let mut perm = [0u8, 1, 2, 3];
        // All 24 permutations of four, by Heap's algorithm.
        let mut c = [0usize; 4];
        seen[rank(&perm)] = true;
        let mut i = 0;
        while i < 4 {
            if c[i] < i {
                perm.swap(if i % 2 == 0 { 0 } else { c[i] }, i);
                seen[rank(&perm)] = true;
                c[i] += 1;
                i = 0;
            } else {
                c[i] = 0;
                i += 1;
            }
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(rank(&[0, 1, 2, 3]), 0);
        assert_eq!(rank(&[3, 2, 1, 0]), 23);
    }

    /// The rank is the place in lexicographic order, on every arrangement of up to
    /// seven cells, and the count of smaller values to the right on random ones of
    /// eight to ten.
    #[test]
    fn a_packed_arrangement_has_the_rank_of_its_cells() {
        for n in 1..=7usize {
            let mut cells: Vec<u8> = (0..n as u8).collect();
            // Every permutation, in lexicographic order: its rank is its place.
            let mut place = 0;
            loop {
                assert_eq!(
                    rank_packed(pack(cells.iter().copied()), n),
                    place,
                    "{cells:?}"
                );
                assert_eq!(rank(&cells), place);
                place += 1;
                let Some(i) = (1..n).rev().find(|&i| cells[i - 1] < cells[i]) else {
                    break;
                };
                let j = (i..n).rev().find(|&j| cells[j] > cells[i - 1]).unwrap();
                cells.swap(i - 1, j);
                cells[i..].reverse();
            }
            assert_eq!(place, (1..=n).product::<usize>(), "{n}");
        }
        let mut state = 7u64;
        for n in 8..=MAX_TABLE_CELLS {
            for _ in 0..200 {
                let mut cells: Vec<u8> = (0..n as u8).collect();
                for i in (1..n).rev() {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    cells.swap(i, (state >> 33) as usize % (i + 1));
                }
                // The bits above the cells are not read.
                assert_eq!(
                    rank_packed(pack(cells.iter().copied()) | 0xab << 56, n),
                    rank(&cells)
                );
                // The rank by its definition: the smaller values to the right of each
                // cell, weighted by the factorial of the cells left after it.
                let naive = (0..n).fold(0, |r, i| {
                    r * (n - i) + cells[i + 1..].iter().filter(|&&v| v < cells[i]).count()
                });
                assert_eq!(rank(&cells), naive, "{cells:?}");
            }
        }
    }

    #[test]
    fn the_eight_puzzle_has_its_known_space() {
        let geo = Geometry::new(3, 3);
        let table = DistanceTable::build(&geo, 8).unwrap();
        assert_eq!(table.reached(), 181_440);
        let max = table.distances.iter().filter(|&&d| d != UNREACHED).max();
        assert_eq!(max, Some(&31));
    }
}
