//! Landmark lower bounds (ALT: A*, landmarks, triangle inequality) for boards with many
//! queries.
//!
//! For a few landmark cells `L`, the exact costs in the state graph from every state to
//! `L` (any side of it) and from `L` to every state are computed once per board. For a
//! query whose target is the set `T` of the target cell's states, the triangle
//! inequality gives two lower bounds on the cost from `s` to `T`:
//!
//! - `d(s, L) <= d(s, t) + d(t, L)` for the best target state `t`, so
//!   `d(s, T) >= d(s, L) - max over t of d(t, L)`;
//! - `d(L, t) <= d(L, s) + d(s, t)`, so `d(s, T) >= min over t of d(L, t) - d(L, s)`.
//!
//! Each is a potential difference, so consistent (as is their maximum with 0 and with
//! any other consistent heuristic); both are 0 on the target's states. States that
//! cannot reach `L` (or that `L` cannot reach) cannot matter to a query whose target
//! can (they cannot reach it either), so their bounds are just kept at 0 where they
//! would be undefined.

use crate::detour::{DetourTable, UNREACHABLE};
use grid_core::{Dir, FifoQueue, Grid, MonotoneQueue, Stamped};

/// Number of landmarks.
pub(crate) const LANDMARKS: usize = 2;

/// Costs are kept below this (else no landmarks), so that sums of two fit in an `i32`;
/// minus it marks a state a landmark cannot reach, and a bound term that cannot bound.
const FAR: i32 = 1 << 30;

/// Per state, `LANDMARKS` costs to the landmarks and `LANDMARKS` from them, stored so
/// that a query's bound is one addition and one maximum per term (a loop the compiler
/// vectorises).
#[derive(Debug)]
pub(crate) struct Landmarks {
    /// `[state * 2 * LANDMARKS + j]`: cost from the state to landmark `j` (0 where it
    /// cannot reach it); `[... + LANDMARKS + j]`: minus the cost from landmark `j` to
    /// the state (`-FAR` where it cannot be reached).
    costs: Vec<i32>,
}

/// One query's constants, added to a state's costs: per landmark, minus the largest
/// cost from a target state to it, and the smallest cost from it to a target state;
/// `-FAR` for a term that cannot bound (the sum is then below 0).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds {
    add: [i32; 2 * LANDMARKS],
}

impl Landmarks {
    /// The landmarks of a board: the movable cells nearest two opposite corners of the
    /// board, in its largest component of movable cells (the other two corners were
    /// measured to tighten no bound further on random boards). Computes every cell's
    /// detours first. The work is split over `threads` threads (the detours by cells,
    /// then one search per landmark and direction). `None` when a cost does not fit
    /// (then the bounds would be wrong).
    pub(crate) fn new(
        grid: &Grid<bool>,
        detour: &DetourTable,
        component: &[u32],
        threads: usize,
    ) -> Option<Landmarks> {
        let states = grid.storage_size() * 4;
        let threads = threads.clamp(1, 2 * LANDMARKS);
        let share = states.div_ceil(threads).next_multiple_of(4);
        let precompute = |part: usize| {
            let (mut queue, mut dist) = (FifoQueue::new(), Stamped::new(grid.storage_size(), 0));
            for state in part * share..((part + 1) * share).min(states) {
                if grid[state / 4] && grid[grid.step(state / 4, Dir::from_index(state % 4))] {
                    detour.row(grid, state, &mut queue, &mut dist);
                }
            }
        };
        if threads == 1 {
            precompute(0); // no thread to start
        } else {
            std::thread::scope(|scope| {
                for part in 0..threads {
                    scope.spawn(move || precompute(part));
                }
            });
        }
        let cells = choose(grid, component);
        let searches: Vec<(usize, bool)> = (0..2 * LANDMARKS)
            .map(|k| (k % LANDMARKS, k < LANDMARKS))
            .collect();
        let search = |&(j, backward): &(usize, bool)| costs_of(grid, detour, cells[j], backward);
        let columns: Vec<Option<Vec<i32>>> = if threads == 1 {
            searches.iter().map(search).collect()
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = searches
                    .chunks(searches.len().div_ceil(threads))
                    .map(|chunk| scope.spawn(move || chunk.iter().map(search).collect::<Vec<_>>()))
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|h| match h.join() {
                        Ok(columns) => columns,
                        Err(panic) => std::panic::resume_unwind(panic),
                    })
                    .collect()
            })
        };
        let mut costs = vec![0i32; states * 2 * LANDMARKS];
        for (column, values) in columns.into_iter().enumerate() {
            for (state, value) in values?.into_iter().enumerate() {
                costs[state * 2 * LANDMARKS + column] = value;
            }
        }
        Some(Landmarks { costs })
    }

    /// The constants of a query whose target states are `targets` (those that exist).
    pub(crate) fn bounds(&self, targets: impl Iterator<Item = usize>) -> Bounds {
        // The largest cost to each landmark, the smallest from it (negated, as stored).
        let mut to = [0i32; LANDMARKS];
        let mut from = [-FAR; LANDMARKS];
        for t in targets {
            let at = t * 2 * LANDMARKS;
            for j in 0..LANDMARKS {
                let (cost_to, minus_from) = (self.costs[at + j], self.costs[at + LANDMARKS + j]);
                // A stored 0 is "cannot reach" unless the state is the landmark's own.
                to[j] = if cost_to == 0 && minus_from != 0 {
                    FAR
                } else {
                    to[j].max(cost_to)
                };
                from[j] = from[j].max(minus_from);
            }
        }
        let mut add = [0; 2 * LANDMARKS];
        for j in 0..LANDMARKS {
            add[j] = -to[j].min(FAR);
            add[LANDMARKS + j] = if from[j] == -FAR { -FAR } else { -from[j] };
        }
        Bounds { add }
    }

    /// The lower bound on the cost from `state` to the query's target.
    #[inline]
    pub(crate) fn bound(&self, bounds: &Bounds, state: usize) -> u64 {
        let at = state * 2 * LANDMARKS;
        let costs: &[i32; 2 * LANDMARKS] = self.costs[at..at + 2 * LANDMARKS]
            .try_into()
            .expect("2 * LANDMARKS costs");
        let mut h = 0;
        for (cost, add) in costs.iter().zip(&bounds.add) {
            h = h.max(cost + add);
        }
        h as u64
    }
}

/// One column of [`Landmarks::costs`]: every state's cost to `cell` (`backward`: over
/// reversed moves; 0 where it cannot reach it), or minus its cost from `cell` (`-FAR`
/// where it cannot be reached); `None` if a cost is `FAR` or more. A Dijkstra search
/// with a bucket queue; every detour is computed by then.
fn costs_of(
    grid: &Grid<bool>,
    detour: &DetourTable,
    cell: usize,
    backward: bool,
) -> Option<Vec<i32>> {
    let states = grid.storage_size() * 4;
    // (Scratch space for detours, which are all computed by now.)
    let (mut queue, mut dist) = (FifoQueue::new(), Stamped::new(grid.storage_size(), 0));
    let mut open = MonotoneQueue::new();
    open.reset(u64::from(detour.longest_so_far()) + 1);
    let mut best = vec![u64::MAX; states];
    for side in 0..4 {
        if grid[grid.step(cell, Dir::from_index(side))] {
            best[cell * 4 + side] = 0;
            open.push(0, (cell * 4 + side) as u32);
        }
    }
    while let Some((d, state)) = open.pop() {
        let state = state as usize;
        if best[state] != d {
            continue;
        }
        let mut relax = |next: usize, w: u32| {
            let w = u64::from(w);
            if d + w < best[next] {
                best[next] = d + w;
                open.push(d + w, next as u32);
            }
        };
        if backward {
            // Into `state` = (c', s') from (c' + s', a): the piece stepped from
            // c = c' + s' the other way, after the blank's detour.
            let side = Dir::from_index(state % 4);
            let from = grid.step(state / 4, side);
            let dir = side.opposite().index();
            let row = detour.row(grid, from * 4 + dir, &mut queue, &mut dist);
            for (a, &w) in row.iter().enumerate() {
                if w != UNREACHABLE {
                    relax(from * 4 + a, w + 1);
                }
            }
        } else {
            let here = state / 4;
            let row = detour.row(grid, state, &mut queue, &mut dist);
            for (b, &w) in row.iter().enumerate() {
                if w != UNREACHABLE {
                    let dir = Dir::from_index(b);
                    relax(grid.step(here, dir) * 4 + dir.opposite().index(), w + 1);
                }
            }
        }
    }
    best.into_iter()
        .map(|d| match (d, backward) {
            (u64::MAX, true) => Some(0),
            (u64::MAX, false) => Some(-FAR),
            (d, true) => i32::try_from(d).ok().filter(|&d| d < FAR),
            (d, false) => i32::try_from(d).ok().filter(|&d| d < FAR).map(|d| -d),
        })
        .collect()
}

/// The movable cells nearest each corner of the board, in its largest component.
fn choose(grid: &Grid<bool>, component: &[u32]) -> [usize; LANDMARKS] {
    let cells: Vec<usize> = grid.inner_indices().filter(|&c| grid[c]).collect();
    let mut sizes = std::collections::HashMap::new();
    for &c in &cells {
        *sizes.entry(component[c]).or_insert(0usize) += 1;
    }
    let largest = sizes
        .iter()
        .max_by_key(|&(label, size)| (*size, std::cmp::Reverse(*label)))
        .map_or(u32::MAX, |(&label, _)| label);
    let (rows, cols) = (grid.rows() as i64, grid.cols() as i64);
    let corners = [(0, 0), (rows - 1, cols - 1), (0, cols - 1), (rows - 1, 0)];
    std::array::from_fn(|i| {
        let (r, c) = corners[i];
        cells
            .iter()
            .copied()
            .filter(|&cell| component[cell] == largest)
            .min_by_key(|&cell| {
                let pos = grid.pos(cell).expect("an inner cell");
                (pos.row as i64 - r).abs() + (pos.col as i64 - c).abs()
            })
            .unwrap_or(cells.first().copied().unwrap_or(0))
    })
}
