//! The blank's detour table: for every cell and ordered pair of its sides, the length of
//! the blank's shortest walk from one side to the other that never enters the cell.
//!
//! The table is filled lazily, a cell at a time, the first time a search needs the cell:
//! a board with no query does no detour work, and a query pays only for the cells its
//! search reaches. Where two sides of a cell `c` are joined without `c`, the shortest
//! walk between them stays inside the biconnected block that holds both of `c`'s edges
//! to them (the walk and `c` close a cycle, and a cycle lies in one block); so the
//! board's block-cut analysis ([`Blocks`], one depth-first search) says which sides are
//! joined at all, gives the detours of a block that is a simple cycle of `L` cells in
//! closed form (`L - 2`), and tells every other search which sides it will find (so it
//! stops once it has them, rather than sweeping the board for a side walled off).

use grid_core::memory::{AllocError, try_vec, try_with_capacity};
use grid_core::{Dir, Grid, LimitError, Meter, Stamped};
use std::sync::atomic::{AtomicU32, Ordering};

/// Marks a pair of sides the blank cannot join (or a side that is fixed).
pub(crate) const UNREACHABLE: u32 = u32::MAX;
/// Marks an entry not computed yet (real detours are shorter than the board).
const PENDING: u32 = u32::MAX - 1;
/// The side label of a fixed side (no block).
const NO_BLOCK: u32 = u32::MAX;
/// What the block-cut analysis's tables are called in a refusal.
const BLOCKS: &str = "the board's block tables";
/// Marks a cell a detour search has expanded (its distance is final).
const CLOSED: u32 = 1 << 31;

/// Scratch space for computing detours: the search's cells at the current priority and
/// at the next one, its distances, and how many cells the last computation expanded
/// (0 for closed forms).
#[derive(Clone, Debug)]
pub(crate) struct Scratch {
    now: Vec<u32>,
    later: Vec<u32>,
    dist: Stamped<u32>,
    expanded: u64,
}

impl Scratch {
    /// Scratch space for the searches of `grid`'s board (its stacks with room for a
    /// cell each, which a search seldom outgrows).
    ///
    /// # Errors
    /// When the memory is refused.
    pub(crate) fn new(grid: &Grid<bool>) -> Result<Scratch, AllocError> {
        let cells = grid.storage_size();
        let mut dist = Stamped::new(0, 0);
        dist.try_resize(cells)?;
        Ok(Scratch {
            now: try_with_capacity(cells, "the stacks of the detour searches")?,
            later: try_with_capacity(cells, "the stacks of the detour searches")?,
            dist,
            expanded: 0,
        })
    }

    /// The blank's shortest walks from `start` to the sides of `center`, never entering
    /// `center`: each side taken off the queue goes to `side(k, distance)` (`k` in the
    /// order of `Dir::ALL`; its distance is exact by then), and the search stops when
    /// that says so, or when it has expanded every cell it can reach. Returns the cells
    /// it expanded.
    ///
    /// An A* towards `center`, whose heuristic is the Manhattan distance to its nearest
    /// side (consistent: a step changes it by exactly one), so it looks along the way
    /// rather than sweeping a disc: a detour that goes round fixed cells some way out
    /// expands the cells whose way out and back fits in it (computing every detour of
    /// hrd_300's board took 34% fewer instructions than breadth-first). The priority
    /// stays or grows by two at each step, so two stacks, the current priority and the
    /// next, are the whole queue (taken deepest first).
    pub(crate) fn toward_sides(
        &mut self,
        grid: &Grid<bool>,
        coords: &[(u32, u32)],
        center: usize,
        start: usize,
        mut side: impl FnMut(usize, u32) -> bool,
    ) -> u64 {
        let Scratch {
            now, later, dist, ..
        } = self;
        let offsets = Dir::ALL.map(|d| grid.offset(d));
        let (r0, c0) = coords[center];
        let sides = offsets.map(|o| center.wrapping_add_signed(o));
        let mut expanded = 0;
        dist.clear();
        dist.set(center, CLOSED); // never entered
        dist.set(start, 0);
        now.clear();
        later.clear();
        now.push(start as u32);
        loop {
            let Some(here) = now.pop() else {
                if later.is_empty() {
                    break;
                }
                std::mem::swap(now, later);
                continue;
            };
            let here = here as usize;
            let g = dist.get(here).unwrap_or(CLOSED);
            if g & CLOSED != 0 {
                continue; // expanded already, by a shorter way
            }
            dist.set(here, g | CLOSED);
            expanded += 1;
            let (r, c) = coords[here];
            if r.abs_diff(r0) + c.abs_diff(c0) == 1 {
                let k = sides.iter().position(|&s| s == here).expect("a side");
                if side(k, g) {
                    break;
                }
            }
            // A step changes the distance to `center` by one: down in these directions
            // (in the order of `Dir::ALL`), up in the others.
            let closer = [r > r0, r < r0, c > c0, c < c0];
            for (&offset, closer) in offsets.iter().zip(closer) {
                let next = here.wrapping_add_signed(offset);
                // Closed cells (`center` among them) have their shortest distance.
                if !grid[next]
                    || dist
                        .get(next)
                        .is_some_and(|d| d & CLOSED != 0 || d <= g + 1)
                {
                    continue;
                }
                dist.set(next, g + 1);
                if closer {
                    now.push(next as u32);
                } else {
                    later.push(next as u32);
                }
            }
        }
        expanded
    }
}

#[cfg(test)]
impl Scratch {
    /// Whether the last search reached `cell` (gave it a distance), for tests of how
    /// far a search looks.
    pub(crate) fn reached(&self, cell: usize) -> bool {
        self.dist.contains(cell)
    }
}

/// `detour(c, a, b)` for every cell `c` of a board, each cell computed when first asked.
///
/// `detour(c, a, a)` is 0 when side `a` is movable. A piece standing on `c` with the
/// blank on side `a` steps in direction `b` at a cost of `detour(c, a, b) + 1` moves.
///
/// The entries are atomics so that the threads of one board's queries share the table
/// and fill it as they go: a cell's entries are a function of the board alone, so two
/// threads that compute the same cell at once write the same values.
#[derive(Debug)]
pub(crate) struct DetourTable {
    /// 16 entries per stored cell of the padded grid, `[a * 4 + b]`; [`PENDING`] until
    /// the cell is computed (its diagonal entries are written last).
    table: Vec<AtomicU32>,
    blocks: Blocks,
    /// (row, column) of every stored cell.
    coords: Vec<(u32, u32)>,
    /// The longest finite detour computed so far.
    longest: AtomicU32,
}

impl DetourTable {
    /// The table of `grid`'s board with no cell computed yet: only the block-cut
    /// analysis, linear in the board.
    ///
    /// # Errors
    /// When the memory for the table is refused.
    pub(crate) fn new(grid: &Grid<bool>) -> Result<DetourTable, AllocError> {
        let cells = grid.storage_size();
        let mut table = try_with_capacity(cells.saturating_mul(16), "the detour table")?;
        table.extend((0..cells * 16).map(|_| AtomicU32::new(PENDING)));
        let mut coords = try_with_capacity(cells, "the detour table")?;
        coords.extend((0..cells).map(|i| ((i / grid.stride()) as u32, (i % grid.stride()) as u32)));
        Ok(DetourTable {
            table,
            blocks: Blocks::new(grid)?,
            coords,
            longest: AtomicU32::new(0),
        })
    }

    /// The detours from side `state % 4` of cell `state / 4` to each side (the side
    /// `state % 4` must be movable), computing the cell first if it is not yet, in
    /// `scratch`.
    #[inline]
    pub(crate) fn row(&self, grid: &Grid<bool>, state: usize, scratch: &mut Scratch) -> [u32; 4] {
        self.fill(grid, state, scratch);
        self.loaded(state)
    }

    /// [`DetourTable::row`], charging `meter` a state per cell a search visits (so a
    /// time limit stops a query whose detours are long searches).
    ///
    /// # Errors
    /// When `meter` runs out.
    #[inline]
    pub(crate) fn row_within(
        &self,
        grid: &Grid<bool>,
        state: usize,
        scratch: &mut Scratch,
        meter: &mut Meter,
    ) -> Result<[u32; 4], LimitError> {
        if self.fill(grid, state, scratch) {
            meter.charge(scratch.expanded)?;
        }
        Ok(self.loaded(state))
    }

    /// Computes the cell of `state` if it is not yet; whether it did.
    #[inline]
    fn fill(&self, grid: &Grid<bool>, state: usize, scratch: &mut Scratch) -> bool {
        let pending = self.table[state * 4 + state % 4].load(Ordering::Acquire) == PENDING;
        if pending {
            self.compute(grid, state / 4, scratch);
        }
        pending
    }

    /// [`DetourTable::row`] of a cell computed already.
    #[inline]
    pub(crate) fn computed_row(&self, state: usize) -> [u32; 4] {
        debug_assert_ne!(
            self.table[state * 4 + state % 4].load(Ordering::Relaxed),
            PENDING
        );
        self.loaded(state)
    }

    /// The row of `state`, computed.
    #[inline]
    fn loaded(&self, state: usize) -> [u32; 4] {
        let row = &self.table[state * 4..state * 4 + 4];
        std::array::from_fn(|b| row[b].load(Ordering::Relaxed))
    }

    /// Which sides of `cell` the blank can join without entering it: bit `a * 4 + b`
    /// is set when sides `a` and `b` are movable and joined (so bit `a * 5` says
    /// whether side `a` is movable). 0 for fixed cells.
    #[inline]
    pub(crate) fn joined(&self, cell: usize) -> u16 {
        self.blocks.joined[cell]
    }

    /// (row, column) of every stored cell of the padded grid.
    pub(crate) fn coords(&self) -> &[(u32, u32)] {
        &self.coords
    }

    /// The longest finite detour computed so far (a later cell may have a longer one).
    pub(crate) fn longest_so_far(&self) -> u32 {
        self.longest.load(Ordering::Relaxed)
    }

    /// Computes the 16 entries of `cell`: the pairs of a cycle block in closed form,
    /// the shortest possible detours where the cells they take are free, the others
    /// with one search per side, stopping as soon as it has reached every other side it
    /// still needs. The search from side `a` finds sides after `a` only; the table is
    /// symmetric.
    ///
    /// The searches are [`Scratch::toward_sides`].
    #[cold]
    fn compute(&self, grid: &Grid<bool>, cell: usize, scratch: &mut Scratch) {
        let label = self.blocks.of(grid, cell);
        let offsets = Dir::ALL.map(|d| grid.offset(d));
        let sides = offsets.map(|o| cell.wrapping_add_signed(o));
        let mut entry = [UNREACHABLE; 16];
        let mut expanded = 0;
        let mut longest = 0;
        for a in 0..4 {
            if label[a] == NO_BLOCK {
                continue;
            }
            entry[a * 4 + a] = 0;
            let cycle = self.blocks.cycle_len(label[a]);
            let mut wanted = 0;
            for b in a + 1..4 {
                if label[b] != label[a] {
                    continue;
                }
                if cycle != 0 {
                    // The walk round the rest of the cycle: every cell but `c` and the
                    // side it starts on.
                    entry[a * 4 + b] = cycle - 2;
                    entry[b * 4 + a] = cycle - 2;
                    longest = longest.max(cycle - 2);
                } else if let Some(d) = shortest_round(grid, cell, &offsets, a, b) {
                    entry[a * 4 + b] = d;
                    entry[b * 4 + a] = d;
                    longest = longest.max(d);
                } else {
                    wanted += 1;
                }
            }
            if wanted == 0 {
                continue;
            }
            // The search of the blank from side `a`, round `cell`. (Keeping it to the
            // block's edges costs more lookups than it saves on random boards.)
            expanded += scratch.toward_sides(grid, &self.coords, cell, sides[a], |b, g| {
                if b > a && entry[a * 4 + b] == UNREACHABLE {
                    entry[a * 4 + b] = g;
                    entry[b * 4 + a] = g;
                    longest = longest.max(g);
                    wanted -= 1;
                }
                wanted == 0
            });
        }
        scratch.expanded = expanded;
        let at = cell * 16;
        for (i, &value) in entry.iter().enumerate() {
            if i % 5 != 0 {
                self.table[at + i].store(value, Ordering::Relaxed);
            }
        }
        self.longest.fetch_max(longest, Ordering::Relaxed);
        // The diagonal last: a reader that sees it computed sees the rest.
        for a in 0..4 {
            self.table[at + a * 5].store(entry[a * 5], Ordering::Release);
        }
    }
}

/// The detour between sides `a` and `b` of `cell` when it is as short as any can be:
/// 2 round the corner between neighbouring sides, 4 along one flank between opposite
/// ones (the blank must change row or column round `cell`); `None` when that way is
/// blocked (a search finds the detour).
#[inline]
fn shortest_round(
    grid: &Grid<bool>,
    cell: usize,
    offsets: &[isize; 4],
    a: usize,
    b: usize,
) -> Option<u32> {
    let (da, db) = (Dir::from_index(a), Dir::from_index(b));
    let at = |steps: &[usize]| {
        steps
            .iter()
            .fold(cell, |here, &d| here.wrapping_add_signed(offsets[d]))
    };
    if db != da.opposite() {
        return grid[at(&[a, b])].then_some(2);
    }
    // Opposite sides: either flank, three cells.
    Dir::ALL
        .into_iter()
        .filter(|&p| p != da && p != db)
        .any(|p| {
            let p = p.index();
            grid[at(&[a, p])] && grid[at(&[p])] && grid[at(&[b, p])]
        })
        .then_some(4)
}

/// The board's biconnected blocks, from one depth-first search (Hopcroft and Tarjan):
/// which of a cell's sides the blank can join without entering it, which block each
/// edge lies in, and which blocks are simple cycles.
///
/// A block is named by its head: the first cell the search entered it by (the child
/// `v` of a tree edge `(p, v)` with `low(v) >= disc(p)`). Every edge of a grid's
/// depth-first search joins a cell to an ancestor, and lies in the block of its deeper
/// end's tree edge, `head(v)`: `v` itself when `v` starts a block, else `head(parent)`.
/// Removing cell `c` splits off each child subtree that starts a block; everything
/// else (the parent's side, and child subtrees with a back edge above `c`) stays in the
/// block of `c`'s own tree edge. So a side's label is `head(c)` for a side above `c`
/// and `head(child)` for a side in a child's subtree (found by discovery intervals).
#[derive(Debug)]
struct Blocks {
    /// Depth-first discovery time, 1-based; 0 for cells not visited (fixed ones).
    disc: Vec<u32>,
    /// The largest discovery time in the cell's subtree.
    last: Vec<u32>,
    parent: Vec<u32>,
    /// The block of the cell's tree edge to its parent (unused for roots).
    head: Vec<u32>,
    /// Per block head: the block's number of cells when it is a simple cycle, else 0.
    cycle: Vec<u32>,
    /// Per cell, its sides' [`DetourTable::joined`] bits.
    joined: Vec<u16>,
}

impl Blocks {
    fn new(grid: &Grid<bool>) -> Result<Blocks, AllocError> {
        let n = grid.storage_size();
        let mut disc = try_vec(n, 0u32, BLOCKS)?;
        let mut low = try_vec(n, 0u32, BLOCKS)?;
        let mut last = try_vec(n, 0u32, BLOCKS)?;
        let mut parent = try_vec(n, u32::MAX, BLOCKS)?;
        // Cells in discovery order, to set heads parents first (each cell at most once).
        let mut order: Vec<u32> = try_with_capacity(n, BLOCKS)?;
        let mut time = 0;
        // An explicit stack of (cell, next direction to try): boards are far too large
        // for recursion (each cell on it at most once).
        let mut stack: Vec<(u32, u8)> = try_with_capacity(n, BLOCKS)?;
        for root in grid.inner_indices() {
            if !grid[root] || disc[root] != 0 {
                continue;
            }
            time += 1;
            disc[root] = time;
            low[root] = time;
            order.push(root as u32);
            stack.push((root as u32, 0));
            while let Some(top) = stack.last_mut() {
                let (cell, dir) = (top.0 as usize, top.1);
                if dir == 4 {
                    stack.pop();
                    last[cell] = time;
                    if parent[cell] != u32::MAX {
                        let p = parent[cell] as usize;
                        low[p] = low[p].min(low[cell]);
                    }
                    continue;
                }
                top.1 += 1;
                let next = grid.step(cell, Dir::from_index(usize::from(dir)));
                if !grid[next] {
                    continue;
                }
                if disc[next] == 0 {
                    time += 1;
                    disc[next] = time;
                    low[next] = time;
                    parent[next] = cell as u32;
                    order.push(next as u32);
                    stack.push((next as u32, 0));
                } else if next as u32 != parent[cell] {
                    low[cell] = low[cell].min(disc[next]);
                }
            }
        }
        drop(stack);
        let mut head = low; // reused: each cell's low is read before its head is set
        // Per block head: its cells other than the head's parent, then its back edges.
        let mut cells = try_vec(n, 0u32, BLOCKS)?;
        let mut back = try_vec(n, 0u32, BLOCKS)?;
        for &v in &order {
            let v = v as usize;
            let p = parent[v];
            if p == u32::MAX {
                continue; // a root: no tree edge above it
            }
            let p = p as usize;
            let h = if head[v] >= disc[p] {
                v
            } else {
                head[p] as usize
            };
            head[v] = h as u32;
            cells[h] += 1;
            for d in Dir::ALL {
                let u = grid.step(v, d);
                if grid[u] && disc[u] < disc[v] && u != p {
                    back[h] += 1; // a back edge from `v` up to an ancestor
                }
            }
        }
        for &v in &order {
            let v = v as usize;
            if parent[v] == u32::MAX {
                head[v] = u32::MAX;
            }
        }
        // A block of `k + 1` cells is a simple cycle when it has `k + 1` edges: its `k`
        // tree edges and one back edge.
        let mut cycle = cells;
        for (h, count) in cycle.iter_mut().enumerate() {
            *count = if back[h] == 1 { *count + 1 } else { 0 };
        }
        let mut blocks = Blocks {
            disc,
            last,
            parent,
            head,
            cycle,
            joined: Vec::new(),
        };
        let mut joined = try_vec(n, 0u16, BLOCKS)?;
        for &v in &order {
            let label = blocks.of(grid, v as usize);
            for a in 0..4 {
                for b in 0..4 {
                    if label[a] != NO_BLOCK && label[a] == label[b] {
                        joined[v as usize] |= 1 << (a * 4 + b);
                    }
                }
            }
        }
        blocks.joined = joined;
        Ok(blocks)
    }

    /// A label per side of `cell` (a movable cell): two movable sides have the same
    /// label exactly when the blank can walk from one to the other without entering
    /// `cell`; [`NO_BLOCK`] for fixed sides.
    fn of(&self, grid: &Grid<bool>, cell: usize) -> [u32; 4] {
        let disc = self.disc[cell];
        Dir::ALL.map(|d| {
            let side = grid.step(cell, d);
            if !grid[side] {
                return NO_BLOCK;
            }
            if self.disc[side] < disc {
                return self.head[cell]; // an ancestor: the block of the edge above
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
            self.head[child]
        })
    }

    /// The number of cells of `block` if it is a simple cycle, else 0.
    fn cycle_len(&self, block: u32) -> u32 {
        self.cycle[block as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::{Limits, SplitMix64};

    /// Random boards, and boards of one-cell-wide rings (some crossing, some touching
    /// open patches): cycle blocks, blocks that are not cycles, and cut cells.
    fn boards() -> Vec<Grid<bool>> {
        let mut rng = SplitMix64::new(11);
        let mut boards = Vec::new();
        for round in 0..300 {
            let (rows, cols) = (1 + rng.index(9), 1 + rng.index(9));
            let density = (round % 7) as u32 * 10;
            let mut grid = Grid::new(rows, cols, 1, true, false);
            for i in grid.inner_indices().collect::<Vec<_>>() {
                grid[i] = !rng.percent(density);
            }
            boards.push(grid);
        }
        for round in 0..200 {
            let (rows, cols) = (2 + rng.index(10), 2 + rng.index(10));
            let mut grid = Grid::new(rows, cols, 1, false, false);
            for _ in 0..1 + round % 4 {
                let (r0, c0) = (rng.index(rows - 1), rng.index(cols - 1));
                let (r1, c1) = (
                    r0 + 1 + rng.index(rows - 1 - r0),
                    c0 + 1 + rng.index(cols - 1 - c0),
                );
                for r in r0..=r1 {
                    for c in c0..=c1 {
                        if r == r0 || r == r1 || c == c0 || c == c1 {
                            grid.set(grid_core::Pos::new(r, c), true);
                        }
                    }
                }
            }
            if round % 5 == 0 {
                let p = grid_core::Pos::new(rng.index(rows), rng.index(cols));
                grid.set(p, true);
            }
            boards.push(grid);
        }
        boards
    }

    /// Side labels agree with a plain search of the board without the cell.
    #[test]
    fn side_labels_match_connectivity_without_the_cell() {
        for (round, grid) in boards().iter().enumerate() {
            let blocks = Blocks::new(grid).unwrap();
            for cell in grid.inner_indices().filter(|&c| grid[c]) {
                let label = blocks.of(grid, cell);
                let sides = Dir::ALL.map(|d| grid.step(cell, d));
                for a in 0..4 {
                    assert_eq!(label[a] == NO_BLOCK, !grid[sides[a]]);
                    for b in 0..4 {
                        if !grid[sides[a]] || !grid[sides[b]] {
                            continue;
                        }
                        let joined = distance(grid, sides[a], sides[b], cell).is_some();
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

    /// Every entry, computed lazily in any order (closed form in cycles, searches kept
    /// in their block elsewhere), is the plain breadth-first distance round the cell.
    #[test]
    fn detours_match_plain_search() {
        let mut rng = SplitMix64::new(5);
        let mut cycles = 0;
        for (round, grid) in boards().iter().enumerate() {
            let table = DetourTable::new(grid).unwrap();
            let mut scratch = Scratch::new(grid).unwrap();
            let states = open_states(grid, &mut rng);
            let mut longest = 0;
            for state in states {
                let (cell, a) = (state / 4, state % 4);
                let row = table.row(grid, state, &mut scratch);
                for (b, &got) in row.iter().enumerate() {
                    let side_b = grid.step(cell, Dir::from_index(b));
                    let expected = if grid[side_b] {
                        distance(grid, grid.step(cell, Dir::from_index(a)), side_b, cell)
                    } else {
                        None
                    };
                    assert_eq!(
                        got,
                        expected.unwrap_or(UNREACHABLE),
                        "round {round} cell {cell} sides {a} {b}"
                    );
                    longest = longest.max(expected.unwrap_or(0));
                    let joined = table.joined(cell) & 1 << (a * 4 + b) != 0;
                    assert_eq!(joined, expected.is_some(), "round {round} cell {cell}");
                }
                let label = table.blocks.of(grid, cell)[a];
                cycles += usize::from(table.blocks.cycle_len(label) != 0);
            }
            assert_eq!(table.longest_so_far(), longest, "round {round}");
        }
        assert!(cycles > 1000, "only {cycles} states in cycle blocks");
    }

    /// A cell's detours cost the searches they need and no more: the cells expanded,
    /// summed over every cell of the test boards (each computed once, from its first
    /// open side in storage order), pinned. A cell whose detours are all short (round a
    /// corner, along a flank) or in a cycle needs no search, and a search stops once it
    /// has reached every side it was wanted for.
    #[test]
    fn detours_take_the_searches_they_need() {
        let (mut expanded, mut searched) = (0, 0);
        for grid in boards() {
            let table = DetourTable::new(&grid).unwrap();
            let mut scratch = Scratch::new(&grid).unwrap();
            let mut meter = Meter::start(Limits::NONE);
            for cell in 0..grid.storage_size() {
                let Some(a) =
                    (0..4).find(|&a| grid[cell] && grid[grid.step(cell, Dir::from_index(a))])
                else {
                    continue;
                };
                let before = meter.states();
                table
                    .row_within(&grid, cell * 4 + a, &mut scratch, &mut meter)
                    .unwrap();
                expanded += meter.states() - before;
                searched += u64::from(meter.states() > before);
            }
        }
        assert_eq!((expanded, searched), (23_266, 1_258));
    }

    /// A one-cell-wide loop is one cycle block: every detour is the loop's length less
    /// two, without a search.
    #[test]
    fn a_loop_is_one_cycle() {
        let (rows, cols) = (5, 7);
        let mut grid = Grid::new(rows, cols, 1, false, false);
        for r in 0..rows {
            for c in 0..cols {
                if r == 0 || c == 0 || r == rows - 1 || c == cols - 1 {
                    grid.set(grid_core::Pos::new(r, c), true);
                }
            }
        }
        let table = DetourTable::new(&grid).unwrap();
        let mut scratch = Scratch::new(&grid).unwrap();
        let cell = grid.index(grid_core::Pos::new(0, 3));
        let row = table.row(&grid, cell * 4 + Dir::Left.index(), &mut scratch);
        assert_eq!(row[Dir::Right.index()], 2 * (rows + cols) as u32 - 4 - 2);
        assert_eq!(scratch.expanded, 0, "no search in a cycle");
    }

    /// A search that `side` never stops expands every cell it can reach but `center`,
    /// each once (its count, `expanded`, is the number of cells it reached less
    /// `center`), and reports each side it reaches once, at its breadth-first distance.
    /// Stopped at any side after its start, it leaves on each of its two stacks (one
    /// priority each) no cell twice: a cell is pushed again only for a shorter
    /// distance, which is a lower priority.
    #[test]
    fn a_search_expands_each_cell_once() {
        let (mut reports, mut pending) = (0, 0);
        for (round, grid) in boards().iter().enumerate() {
            let table = DetourTable::new(grid).unwrap();
            let mut scratch = Scratch::new(grid).unwrap();
            for center in grid.inner_indices().filter(|&c| grid[c]) {
                let sides = Dir::ALL.map(|d| grid.step(center, d));
                for &start in sides.iter().filter(|&&s| grid[s]) {
                    let mut seen = [None; 4];
                    let expanded =
                        scratch.toward_sides(grid, table.coords(), center, start, |k, g| {
                            assert_eq!(seen[k], None, "round {round}: side {k} twice");
                            seen[k] = Some(g);
                            false
                        });
                    let reached = (0..grid.storage_size())
                        .filter(|&c| scratch.reached(c))
                        .count();
                    assert_eq!(expanded, reached as u64 - 1, "round {round} cell {center}");
                    for (k, &side) in sides.iter().enumerate() {
                        let expected = if grid[side] {
                            distance(grid, start, side, center)
                        } else {
                            None
                        };
                        assert_eq!(seen[k], expected, "round {round} cell {center} side {k}");
                        reports += usize::from(expected.is_some());
                    }
                    // Stopped at each side it reaches after its start.
                    let reachable = seen.iter().flatten().count();
                    for stop in 2..=reachable {
                        let mut found = 0;
                        scratch.toward_sides(grid, table.coords(), center, start, |_, _| {
                            found += 1;
                            found == stop
                        });
                        for stack in [&scratch.now, &scratch.later] {
                            let mut cells = stack.clone();
                            cells.sort_unstable();
                            cells.dedup();
                            assert_eq!(cells.len(), stack.len(), "round {round} cell {center}");
                            pending += stack.len();
                        }
                    }
                }
            }
        }
        assert!(reports > 10_000, "only {reports} sides reached");
        assert!(pending > 10_000, "only {pending} cells left on the stacks");
    }

    /// A cell is computed once: the first `fill` of any of its states computes it
    /// (and says so), every later one of any state of it finds it done.
    #[test]
    fn a_cell_is_filled_once() {
        let mut rng = SplitMix64::new(3);
        for (round, grid) in boards().iter().enumerate() {
            let table = DetourTable::new(grid).unwrap();
            let mut scratch = Scratch::new(grid).unwrap();
            let states = open_states(grid, &mut rng);
            let mut done = vec![false; grid.storage_size()];
            for state in states {
                let computed = table.fill(grid, state, &mut scratch);
                assert_eq!(computed, !done[state / 4], "round {round} state {state}");
                done[state / 4] = true;
            }
        }
    }

    /// Every state of `grid` whose cell and side are both open (cell * 4 + side), in an
    /// order `rng` shuffles.
    fn open_states(grid: &Grid<bool>, rng: &mut SplitMix64) -> Vec<usize> {
        let mut states: Vec<usize> = (0..grid.storage_size() * 4)
            .filter(|&s| grid[s / 4] && grid[grid.step(s / 4, Dir::from_index(s % 4))])
            .collect();
        rng.shuffle(&mut states);
        states
    }

    /// Breadth-first distance from `from` to `to` never entering `avoid`.
    fn distance(grid: &Grid<bool>, from: usize, to: usize, avoid: usize) -> Option<u32> {
        let mut dist = vec![u32::MAX; grid.storage_size()];
        dist[avoid] = 0;
        dist[from] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(here) = queue.pop_front() {
            if here == to {
                return Some(dist[here]);
            }
            for d in Dir::ALL {
                let next = grid.step(here, d);
                if grid[next] && dist[next] == u32::MAX {
                    dist[next] = dist[here] + 1;
                    queue.push_back(next);
                }
            }
        }
        None
    }
}
