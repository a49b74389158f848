//! The blank's detour table: for every cell and ordered pair of its sides, the length of
//! the blank's shortest walk from one side to the other that never enters the cell.

use crate::Board;
use grid_core::{Dir, FifoQueue, Grid, LimitError, Meter, Stamped};

/// Marks a pair of sides the blank cannot join (or a side that is fixed).
pub(crate) const UNREACHABLE: u32 = u32::MAX;

/// `detour(c, a, b)` for every cell `c` of a board, computed once per board.
///
/// `detour(c, a, a)` is 0 when side `a` is movable. A piece standing on `c` with the
/// blank on side `a` steps in direction `b` at a cost of `detour(c, a, b) + 1` moves.
#[derive(Clone, Debug)]
pub(crate) struct DetourTable {
    /// 16 entries per stored cell of the padded grid, `[a * 4 + b]`.
    table: Vec<u32>,
    /// The longest finite detour on the board.
    longest: u32,
}

impl DetourTable {
    /// Builds the table with one breadth-first search per movable side of every cell,
    /// each stopping as soon as it has reached every other side it still needs. The
    /// search from side `a` reaches sides after `a` only; the table is symmetric.
    ///
    /// Sides the blank cannot join at all (the cell is a cut vertex between them) are
    /// known beforehand from one depth-first search of the board ([`SideGroups`]), so no
    /// search ever sweeps a whole region looking for a side that is not there.
    ///
    /// # Errors
    /// When `meter` runs out (the work is charged a state per cell the searches visit).
    pub(crate) fn new(
        board: &Board,
        queue: &mut FifoQueue,
        dist: &mut Stamped<u32>,
        meter: &mut Meter,
    ) -> Result<DetourTable, LimitError> {
        let grid = board.grid();
        let mut table = vec![UNREACHABLE; grid.storage_size() * 16];
        let mut longest = 0;
        let groups = SideGroups::new(grid);
        let offsets = Dir::ALL.map(|d| grid.offset(d));
        let stride = grid.stride();
        for cell in grid.inner_indices().filter(|&c| grid[c]) {
            let entry = &mut table[cell * 16..cell * 16 + 16];
            let sides: [usize; 4] = offsets.map(|o| cell.wrapping_add_signed(o));
            let group = groups.of(grid, cell);
            for a in 0..4 {
                if !grid[sides[a]] {
                    continue;
                }
                entry[a * 4 + a] = 0;
                let mut wanted = 0;
                for b in a + 1..4 {
                    wanted += usize::from(grid[sides[b]] && group[b] == group[a]);
                }
                if wanted == 0 {
                    continue;
                }
                // Breadth-first search of the blank from side `a`, around `cell`.
                queue.clear();
                dist.clear();
                dist.set(cell, 0); // the piece's cell is never entered
                dist.set(sides[a], 0);
                queue.push(sides[a] as u32);
                'bfs: while let Some(here) = queue.pop() {
                    meter.charge(1)?;
                    let here = here as usize;
                    let d = dist.get(here).unwrap_or(0) + 1;
                    for &offset in &offsets {
                        let next = here.wrapping_add_signed(offset);
                        if !grid[next] || !dist.insert(next, d) {
                            continue;
                        }
                        // Only the cell's neighbours can be sides: one or a row apart.
                        let gap = next.abs_diff(cell);
                        let side = if gap == 1 || gap == stride {
                            sides[a + 1..].iter().position(|&s| s == next)
                        } else {
                            None
                        };
                        if let Some(b) = side {
                            let b = a + 1 + b;
                            entry[a * 4 + b] = d;
                            entry[b * 4 + a] = d;
                            longest = longest.max(d);
                            wanted -= 1;
                            if wanted == 0 {
                                break 'bfs;
                            }
                        }
                        queue.push(next as u32);
                    }
                }
            }
        }
        Ok(DetourTable { table, longest })
    }

    /// The detours from side `state % 4` of cell `state / 4` to each side.
    #[inline]
    pub(crate) fn row(&self, state: usize) -> &[u32; 4] {
        self.table[state * 4..state * 4 + 4]
            .try_into()
            .expect("four sides")
    }

    /// The longest finite detour on the board.
    pub(crate) fn longest(&self) -> u32 {
        self.longest
    }
}

/// For every cell, which of its sides the blank can join without entering it: the
/// classic articulation-point analysis of one depth-first search (Hopcroft and Tarjan).
///
/// Removing cell `c` splits off each DFS child subtree `s` with `low(s) >= disc(c)`; all
/// the rest (the parent's side, and child subtrees with a back edge above `c`) stays in
/// one piece. A neighbour of `c` is either an ancestor (the parent's side) or inside one
/// child's subtree, found by discovery intervals.
struct SideGroups {
    /// DFS discovery time, 1-based; 0 for cells not visited (fixed ones).
    disc: Vec<u32>,
    /// The smallest discovery time reachable from the subtree with one back edge.
    low: Vec<u32>,
    /// The largest discovery time in the subtree.
    last: Vec<u32>,
    parent: Vec<u32>,
}

/// The group of sides on the parent's side of a cell.
const ABOVE: u32 = u32::MAX;

impl SideGroups {
    fn new(grid: &Grid<bool>) -> SideGroups {
        let n = grid.storage_size();
        let mut groups = SideGroups {
            disc: vec![0; n],
            low: vec![0; n],
            last: vec![0; n],
            parent: vec![u32::MAX; n],
        };
        let mut time = 0;
        // An explicit stack of (cell, next direction to try): boards are far too large
        // for recursion.
        let mut stack: Vec<(u32, u8)> = Vec::new();
        for root in grid.inner_indices() {
            if !grid[root] || groups.disc[root] != 0 {
                continue;
            }
            time += 1;
            groups.disc[root] = time;
            groups.low[root] = time;
            stack.push((root as u32, 0));
            while let Some(top) = stack.last_mut() {
                let (cell, dir) = (top.0 as usize, top.1);
                if dir == 4 {
                    stack.pop();
                    groups.last[cell] = time;
                    let parent = groups.parent[cell];
                    if parent != u32::MAX {
                        let p = parent as usize;
                        groups.low[p] = groups.low[p].min(groups.low[cell]);
                    }
                    continue;
                }
                top.1 += 1;
                let next = grid.step(cell, Dir::from_index(usize::from(dir)));
                if !grid[next] {
                    continue;
                }
                if groups.disc[next] == 0 {
                    time += 1;
                    groups.disc[next] = time;
                    groups.low[next] = time;
                    groups.parent[next] = cell as u32;
                    stack.push((next as u32, 0));
                } else if next as u32 != groups.parent[cell] {
                    groups.low[cell] = groups.low[cell].min(groups.disc[next]);
                }
            }
        }
        groups
    }

    /// A group label per side of `cell` (meaningful for movable sides): two sides have
    /// the same label exactly when the blank can walk from one to the other without
    /// entering `cell`.
    fn of(&self, grid: &Grid<bool>, cell: usize) -> [u32; 4] {
        let disc = self.disc[cell];
        Dir::ALL.map(|d| {
            let side = grid.step(cell, d);
            if !grid[side] || self.disc[side] < disc {
                return ABOVE; // fixed, or an ancestor: the parent's side
            }
            // A descendant: in the subtree of the child whose interval holds it.
            let child = Dir::ALL
                .into_iter()
                .map(|e| grid.step(cell, e))
                .find(|&c| {
                    grid[c]
                        && self.parent[c] == cell as u32
                        && self.disc[c] <= self.disc[side]
                        && self.disc[side] <= self.last[c]
                })
                .expect("a descendant neighbour lies in a child's subtree");
            if self.low[child] >= disc || self.parent[cell] == u32::MAX {
                // Cut off from the parent's side (or `cell` is the root, which has
                // no parent's side: every child subtree is a group of its own).
                child as u32
            } else {
                ABOVE
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::SplitMix64;

    /// Side groups agree with a plain search of the board without the cell.
    #[test]
    fn side_groups_match_connectivity_without_the_cell() {
        let mut rng = SplitMix64::new(11);
        for round in 0..300 {
            let (rows, cols) = (1 + rng.index(9), 1 + rng.index(9));
            let density = (round % 7) as u32 * 10;
            let mut grid = Grid::new(rows, cols, 1, true, false);
            for i in grid.inner_indices().collect::<Vec<_>>() {
                grid[i] = !rng.percent(density);
            }
            let groups = SideGroups::new(&grid);
            for cell in grid.inner_indices().filter(|&c| grid[c]) {
                let label = groups.of(&grid, cell);
                let sides = Dir::ALL.map(|d| grid.step(cell, d));
                for a in 0..4 {
                    for b in 0..4 {
                        if !grid[sides[a]] || !grid[sides[b]] {
                            continue;
                        }
                        let joined = reachable(&grid, sides[a], sides[b], cell);
                        assert_eq!(
                            label[a] == label[b],
                            joined,
                            "round {round} cell {cell} sides {a} {b}"
                        );
                    }
                }
            }
        }
    }

    fn reachable(grid: &Grid<bool>, from: usize, to: usize, avoid: usize) -> bool {
        let mut seen = vec![false; grid.storage_size()];
        seen[avoid] = true;
        seen[from] = true;
        let mut stack = vec![from];
        while let Some(here) = stack.pop() {
            if here == to {
                return true;
            }
            for d in Dir::ALL {
                let next = grid.step(here, d);
                if grid[next] && !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        false
    }
}
