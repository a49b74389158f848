//! The blank's detour table: for every cell and ordered pair of its sides, the length of
//! the blank's shortest walk from one side to the other that never enters the cell.

use crate::Board;
use grid_core::{Dir, FifoQueue, Stamped};

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
    pub(crate) fn new(
        board: &Board,
        queue: &mut FifoQueue,
        dist: &mut Stamped<u32>,
    ) -> DetourTable {
        let grid = board.grid();
        let mut table = vec![UNREACHABLE; grid.storage_size() * 16];
        let mut longest = 0;
        for cell in grid.inner_indices().filter(|&c| grid[c]) {
            let entry = &mut table[cell * 16..cell * 16 + 16];
            let sides: [usize; 4] = Dir::ALL.map(|d| grid.step(cell, d));
            for a in 0..4 {
                if !grid[sides[a]] {
                    continue;
                }
                entry[a * 4 + a] = 0;
                let mut wanted = 0;
                for b in a + 1..4 {
                    wanted += usize::from(grid[sides[b]]);
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
                    let here = here as usize;
                    let d = dist.get(here).unwrap_or(0) + 1;
                    for dir in Dir::ALL {
                        let next = grid.step(here, dir);
                        if !grid[next] || !dist.insert(next, d) {
                            continue;
                        }
                        if let Some(b) = sides[a + 1..].iter().position(|&s| s == next) {
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
        DetourTable { table, longest }
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
