//! Small boards: the distance of every arrangement to the goal, by one breadth-first
//! search from the goal over ranked permutations, one byte an arrangement.

use crate::geometry::{Geometry, Labelled, NONE, ORDER};
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
    let n = cells.len();
    let mut used = 0u32;
    let mut rank = 0;
    for (i, &v) in cells.iter().enumerate() {
        let smaller = u32::from(v) - (used & ((1 << v) - 1)).count_ones();
        rank = rank * (n - i) + smaller as usize;
        used |= 1 << v;
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
        let goal: Vec<u8> = (0..n as u8).collect();
        distances[rank(&goal)] = 0;
        // Each entry: the cells, four bits each, and the blank's cell above them.
        let pack = |cells: &[u8], at: usize| -> u64 {
            cells
                .iter()
                .enumerate()
                .fold((at as u64) << 56, |p, (i, &v)| p | u64::from(v) << (4 * i))
        };
        // The goal's half of the space is reached (all of it on one cell).
        let mut queue = Vec::new();
        memory::reserve(&mut queue, size.div_ceil(2))?;
        queue.push(pack(&goal, blank));
        let mut head = 0;
        let mut cells = vec![0u8; n];
        while head < queue.len() {
            let entry = queue[head];
            head += 1;
            for (i, cell) in cells.iter_mut().enumerate() {
                *cell = (entry >> (4 * i) & 15) as u8;
            }
            let at = (entry >> 56) as usize;
            let d = distances[rank(&cells)];
            for &to in &geo.next[at] {
                if to == NONE {
                    continue;
                }
                let to = usize::from(to);
                cells.swap(at, to);
                let slot = &mut distances[rank(&cells)];
                if *slot == UNREACHED {
                    *slot = d + 1;
                    memory::push(&mut queue, pack(&cells, to))?;
                }
                cells.swap(at, to);
            }
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

    /// The shortest path from `start` that comes first in [`ORDER`]: at each step the
    /// first move to an arrangement one closer.
    pub(crate) fn path(&self, geo: &Geometry, start: &Labelled) -> Option<Vec<Dir>> {
        let mut cells = start.cells.clone();
        let mut at = start.blank;
        let mut left = self.distance(&cells)?;
        let mut path = Vec::with_capacity(left as usize);
        while left > 0 {
            let step = (0..4).find(|&k| {
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

    #[test]
    fn the_eight_puzzle_has_its_known_space() {
        let geo = Geometry::new(3, 3);
        let table = DistanceTable::build(&geo, 8).unwrap();
        assert_eq!(table.reached(), 181_440);
        let max = table.distances.iter().filter(|&&d| d != UNREACHED).max();
        assert_eq!(max, Some(&31));
    }
}
