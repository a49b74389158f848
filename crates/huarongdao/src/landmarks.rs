//! Landmark lower bounds (ALT: A*, landmarks, triangle inequality) for boards with many
//! queries.
//!
//! For 8 or 16 landmark cells `L` on the board's edges, the exact costs in the state
//! graph from every state to `L` (any side of it) and from `L` to every state are
//! computed once per board: one search per landmark, as moves are reversible (see
//! [`Landmarks::new`]), stored in 16 bits. For a
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

use crate::detour::{DetourTable, Scratch, UNREACHABLE};
use crate::reach::Reach;
use grid_core::memory::try_vec;
use grid_core::{Dir, Grid, MonotoneQueue};
use std::sync::{Mutex, PoisonError};

/// Most landmarks a board gets.
pub(crate) const MAX_LANDMARKS: usize = 16;
/// Costs are kept below this (else no landmarks), so that a state's terms are 16 bits:
/// a saturating addition and a maximum per lane.
const FAR: i16 = i16::MAX;
/// [`costs_to`]'s limit for the table: a cost below it leaves room for one more move
/// below [`FAR`].
const COST_LIMIT: u64 = FAR as u64 - 1;
/// Most costs (states times landmarks) whose columns are all held at once.
const SMALL_COLUMNS: usize = 1 << 20;
/// Stored for a state a landmark cannot reach, and added for a term that cannot bound:
/// the saturating sum is then below 0.
const NEVER: i16 = i16::MIN;

/// Per state, `count` costs to the landmarks and `count` from them, stored so that a
/// query's bound is one saturating addition and one maximum per term (a loop the
/// compiler vectorises).
#[derive(Debug)]
pub(crate) struct Landmarks {
    /// Number of landmarks, 8 or 16.
    count: usize,
    /// `[state * 2 * count + j]`: cost from the state to landmark `j` (0 where it
    /// cannot reach it); `[... + count + j]`: minus the cost from landmark `j` to the
    /// state ([`NEVER`] where it cannot be reached).
    costs: Vec<i16>,
}

/// One query's constants, added (saturating) to a state's costs: per landmark, minus
/// the largest cost from a target state to it, and the smallest cost from it to a
/// target state; [`NEVER`] or `-FAR` for a term that cannot bound (the sum is then
/// below 0).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds {
    add: [i16; 2 * MAX_LANDMARKS],
}

impl Landmarks {
    /// `count` landmarks (8 or 16) on the edges of a board (see `choose`). Computes
    /// every cell's detours first. The work is split over `threads` threads (the
    /// detours by cells, then the landmarks' searches; a thread that cannot start leaves
    /// its part to the calling one). `None` when a cost does not fit (then the bounds
    /// would be wrong), or when the memory for them is refused.
    pub(crate) fn new(
        grid: &Grid<bool>,
        detour: &DetourTable,
        reach: &Reach,
        count: usize,
        threads: usize,
    ) -> Option<Landmarks> {
        assert!(count == 8 || count == MAX_LANDMARKS, "8 or 16 landmarks");
        let states = grid.storage_size() * 4;
        let threads = threads.clamp(1, count);
        let share = states.div_ceil(threads).next_multiple_of(4);
        // Whether the part's detours are all computed (not when its scratch is refused).
        let precompute = |part: usize| {
            let Ok(mut scratch) = Scratch::new(grid) else {
                return false;
            };
            for state in part * share..((part + 1) * share).min(states) {
                if grid[state / 4] && grid[grid.step(state / 4, Dir::from_index(state % 4))] {
                    detour.row(grid, state, &mut scratch);
                }
            }
            true
        };
        if !in_parallel(threads, precompute)
            .into_iter()
            .all(|done| done)
        {
            return None;
        }
        let cells = choose(grid, reach, count)?;
        let offsets = Dir::ALL.map(|d| grid.offset(d));
        let mut costs = try_vec(states * 2 * count, 0i16, "the landmark table").ok()?;
        // A wave of searches at a time, whose columns go into the terms before the next
        // wave: on a large board a wave is a search a thread, so that only its columns
        // are held at once (16 of them at 300 x 300 would be another 23 MB at the peak);
        // on a small one, all of them (a pass over the states per wave costs more than
        // the columns: 2.3 M instructions more on the judge input in waves of one).
        let wave = if states * count <= SMALL_COLUMNS {
            count
        } else {
            threads
        };
        for (number, landmarks) in cells.chunks(wave).enumerate() {
            let first = number * wave;
            let per_thread = landmarks.len().div_ceil(threads);
            let columns: Vec<_> = in_parallel(landmarks.len().div_ceil(per_thread), |part| {
                let part = &landmarks[part * per_thread..];
                let part = &part[..per_thread.min(part.len())];
                part.iter()
                    .map(|&cell| costs_to(grid, detour, cell, COST_LIMIT))
                    .collect::<Vec<_>>()
            })
            .into_iter()
            .flatten()
            .collect();
            let columns: Vec<Vec<u32>> = columns.into_iter().collect::<Option<_>>()?;
            // The wave's terms of the states from `state` on, a state at a time.
            let fill = |state: usize, out: &mut [i16]| {
                for (i, terms) in out.chunks_exact_mut(2 * count).enumerate() {
                    let (cell, side) = ((state + i) / 4, (state + i) % 4);
                    if !grid[cell] || !grid[cell.wrapping_add_signed(offsets[side])] {
                        // No such state.
                        terms[count + first..count + first + columns.len()].fill(NEVER);
                        continue;
                    }
                    // The cost from a landmark is that of the reversed moves: the piece
                    // steps back to the side first (one move, the blank is there), then
                    // goes to the landmark as cheaply as it can (where it arrives, the
                    // blank is next to it, on the side it came from; from there the
                    // reversed path starts).
                    let next = cell.wrapping_add_signed(offsets[side]);
                    let back = next * 4 + Dir::from_index(side).opposite().index();
                    // (Costs are below FAR - 1, or `costs_to` would have said `None`.)
                    for (j, to) in (first..).zip(&columns) {
                        terms[j] = match to[state + i] {
                            u32::MAX => 0,
                            cost => cost as i16,
                        };
                        terms[count + j] = match to[back] {
                            _ if cell == cells[j] => 0,
                            u32::MAX => NEVER,
                            cost => -(cost as i16) - 1,
                        };
                    }
                }
            };
            if threads == 1 {
                fill(0, &mut costs);
            } else {
                let parts: Vec<Mutex<&mut [i16]>> = costs
                    .chunks_mut(share * 2 * count)
                    .map(Mutex::new)
                    .collect();
                in_parallel(parts.len(), |part| {
                    let mut out = parts[part].lock().unwrap_or_else(PoisonError::into_inner);
                    fill(part * share, &mut out);
                });
            }
        }
        Some(Landmarks { count, costs })
    }

    /// The constants of a query whose target states are `targets` (those that exist).
    pub(crate) fn bounds(&self, targets: impl Iterator<Item = usize>) -> Bounds {
        // The largest cost to each landmark, the smallest from it (negated, as stored).
        let count = self.count;
        let mut to = [0i16; MAX_LANDMARKS];
        let mut from = [NEVER; MAX_LANDMARKS];
        for t in targets {
            let at = t * 2 * count;
            for j in 0..count {
                let (cost_to, minus_from) = (self.costs[at + j], self.costs[at + count + j]);
                // A stored 0 is "cannot reach" unless the state is the landmark's own.
                to[j] = if cost_to == 0 && minus_from != 0 {
                    FAR
                } else {
                    to[j].max(cost_to)
                };
                from[j] = from[j].max(minus_from);
            }
        }
        let mut add = [0; 2 * MAX_LANDMARKS];
        for j in 0..count {
            add[j] = -to[j];
            add[count + j] = if from[j] == NEVER { NEVER } else { -from[j] };
        }
        Bounds { add }
    }

    /// The lower bound on the cost from `state` to the query's target.
    #[inline]
    pub(crate) fn bound(&self, bounds: &Bounds, state: usize) -> u64 {
        // One loop per count, of a length the compiler knows.
        match self.count {
            8 => self.bound_of::<16>(bounds, state),
            _ => self.bound_of::<32>(bounds, state),
        }
    }

    /// [`Landmarks::bound`] with `TERMS` = 2 * `count`.
    #[inline]
    fn bound_of<const TERMS: usize>(&self, bounds: &Bounds, state: usize) -> u64 {
        let costs: &[i16; TERMS] = self.costs[state * TERMS..(state + 1) * TERMS]
            .try_into()
            .expect("TERMS costs");
        let add: &[i16; TERMS] = bounds.add[..TERMS].try_into().expect("TERMS terms");
        let mut h = 0;
        for (cost, add) in costs.iter().zip(add) {
            h = h.max(cost.saturating_add(*add));
        }
        h as u64
    }
}

/// `work(part)` for each part in `0..parts`, each on a thread of its own (the calling
/// thread alone for one part); a part whose thread cannot start is done by the calling
/// thread, after the others have started.
fn in_parallel<T: Send>(parts: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    if parts == 1 {
        return vec![work(0)];
    }
    let work = &work;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..parts)
            .map(|part| {
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || work(part))
                    .ok()
            })
            .collect();
        handles
            .into_iter()
            .enumerate()
            .map(|(part, h)| match h {
                Some(h) => h
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                None => work(part),
            })
            .collect()
    })
}

/// Every state's cost to `cell` (any side of it; `u32::MAX` where it cannot reach it),
/// `None` if one is `limit` or more (at most `FAR - 1`: [`COST_LIMIT`] for the table,
/// so that one more move is still below `FAR`), or if its memory is refused: a Dijkstra
/// search over reversed moves, with a bucket queue. Every detour must be computed by
/// then.
fn costs_to(grid: &Grid<bool>, detour: &DetourTable, cell: usize, limit: u64) -> Option<Vec<u32>> {
    let states = grid.storage_size() * 4;
    let offsets = Dir::ALL.map(|d| grid.offset(d));
    let mut open = MonotoneQueue::new();
    open.reset(u64::from(detour.longest_so_far()) + 1);
    let mut best = try_vec(states, u32::MAX, "the landmark table").ok()?;
    for side in 0..4 {
        if grid[cell.wrapping_add_signed(offsets[side])] {
            best[cell * 4 + side] = 0;
            open.try_push(0, (cell * 4 + side) as u32).ok()?;
        }
    }
    while let Some((d, state)) = open.pop() {
        if d >= limit {
            return None; // (and the sums below stay far below u32::MAX)
        }
        let (d, state) = (d as u32, state as usize);
        if best[state] != d {
            continue;
        }
        // Into `state` = (c', s') from (c' + s', a): the piece stepped from
        // c = c' + s' the other way, after the blank's detour.
        let from = (state / 4).wrapping_add_signed(offsets[state % 4]);
        let dir = Dir::from_index(state % 4).opposite().index();
        let row = detour.computed_row(from * 4 + dir);
        for (a, &w) in row.iter().enumerate() {
            if w == UNREACHABLE {
                continue;
            }
            let (next, cost) = (from * 4 + a, d + w + 1);
            if cost < best[next] {
                best[next] = cost;
                open.try_push(u64::from(cost), next as u32).ok()?;
            }
        }
    }
    Some(best)
}

/// `count` cells spread along the edges of the board, the corners first (then the
/// middles of the sides, then the quarters, ...): each the cell nearest its point that
/// holds a state of the state graph's largest strongly connected component (a cell
/// nearer the point may be one the piece can enter but never leave, or never enter: its
/// costs would bound nothing). `None` on a board with no state (no two movable cells
/// side by side).
fn choose(grid: &Grid<bool>, reach: &Reach, count: usize) -> Option<Vec<usize>> {
    let largest = reach.largest().ok()??;
    let (rows, cols) = (grid.rows() as i64, grid.cols() as i64);
    // Per side, points at 0, 1/k, ..., (k-1)/k of its length, going round the board.
    let per_side = count / 4;
    let along = |i: usize, length: i64| (length - 1) * i as i64 / per_side as i64;
    let mut points = Vec::with_capacity(count);
    for i in 0..per_side {
        points.push((0, along(i, cols)));
        points.push((along(i, rows), cols - 1));
        points.push((rows - 1, cols - 1 - along(i, cols)));
        points.push((rows - 1 - along(i, rows), 0));
    }
    let mut best = vec![(i64::MAX, None); count];
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            let cell = grid.index(grid_core::Pos::new(row, col));
            if !(0..4).any(|s| reach.component(cell * 4 + s) == Some(largest)) {
                continue;
            }
            for (&(r, c), best) in points.iter().zip(&mut best) {
                let distance = (row as i64 - r).abs() + (col as i64 - c).abs();
                if distance < best.0 {
                    *best = (distance, Some(cell));
                }
            }
        }
    }
    best.into_iter().map(|(_, cell)| cell).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use crate::generate::{Family, GenParams, generate};

    /// Each state's cost from every landmark, by a plain forward Dijkstra search; the
    /// landmarks derive them from the costs to the landmark instead.
    #[test]
    fn costs_from_a_landmark_are_those_of_a_forward_search() {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        // The last board is large enough for the searches to go in waves, one a thread.
        for (family, side, threads, seed) in [
            (Family::Random, 12, 2, 4),
            (Family::Rooms, 12, 1, 5),
            (Family::Random, 12, 3, 6),
            (Family::Random, 130, 3, 7),
        ] {
            let params = GenParams {
                family,
                rows: side,
                cols: side + 3,
                density: 25,
                queries: 0,
                seed,
            };
            let (board, _) = generate(&params).expect("valid parameters");
            let grid = board.grid();
            let detour = DetourTable::new(grid).unwrap();
            let reach = Reach::new(grid, &detour).unwrap();
            let states = grid.storage_size() * 4;
            assert_eq!(side > 100, states * 16 > SMALL_COLUMNS);
            let landmarks = Landmarks::new(grid, &detour, &reach, 16, threads).expect("fit");
            let cells = choose(grid, &reach, 16).expect("states exist");
            let mut scratch = Scratch::new(grid).unwrap();
            for (j, &landmark) in cells.iter().enumerate() {
                let states = grid.storage_size() * 4;
                let mut best = vec![u64::MAX; states];
                let mut heap = BinaryHeap::new();
                for side in Dir::ALL {
                    if grid[grid.step(landmark, side)] {
                        best[landmark * 4 + side.index()] = 0;
                        heap.push(Reverse((0, landmark * 4 + side.index())));
                    }
                }
                while let Some(Reverse((d, state))) = heap.pop() {
                    if d > best[state] {
                        continue;
                    }
                    let row = detour.row(grid, state, &mut scratch);
                    for dir in Dir::ALL {
                        if row[dir.index()] == UNREACHABLE {
                            continue;
                        }
                        let next = grid.step(state / 4, dir) * 4 + dir.opposite().index();
                        let cost = d + u64::from(row[dir.index()]) + 1;
                        if cost < best[next] {
                            best[next] = cost;
                            heap.push(Reverse((cost, next)));
                        }
                    }
                }
                let mut reached = 0;
                for state in (0..states).filter(|&s| reach.component(s).is_some()) {
                    let stored = landmarks.costs[state * 32 + 16 + j];
                    if best[state] == u64::MAX {
                        assert_eq!(stored, NEVER, "state {state}, landmark {landmark}");
                    } else {
                        assert_eq!(-i64::from(stored), best[state] as i64, "state {state}");
                        reached += 1;
                    }
                }
                assert!(reached > 50, "{reached} states reached from {landmark}");
            }
        }
    }

    /// Every bound is at most the exact cost to the target (found by the same search
    /// the landmarks use, run backward from the target), and is 0 on the target.
    fn assert_bounds_hold(
        board: &Board,
        count: usize,
        targets: impl Iterator<Item = usize>,
    ) -> usize {
        let grid = board.grid();
        let detour = DetourTable::new(grid).unwrap();
        let reach = Reach::new(grid, &detour).unwrap();
        let landmarks = Landmarks::new(grid, &detour, &reach, count, 1).expect("costs fit");
        let mut tight = 0;
        for target in targets {
            let exact = costs_to(grid, &detour, target, COST_LIMIT).expect("costs fit");
            let goals = (0..4).map(|side| target * 4 + side);
            let bounds = landmarks.bounds(goals.filter(|&s| reach.component(s).is_some()));
            for state in (0..exact.len()).filter(|&s| reach.component(s).is_some()) {
                let bound = landmarks.bound(&bounds, state);
                if state / 4 == target {
                    assert_eq!(bound, 0, "state {state} is on the target {target}");
                } else if exact[state] > 0 {
                    assert!(
                        bound <= exact[state] as u64,
                        "state {state}, target {target}"
                    );
                    tight += usize::from(bound == exact[state] as u64);
                }
            }
        }
        tight
    }

    #[test]
    fn bounds_are_lower_bounds() {
        for (family, seed) in [(Family::Random, 1), (Family::Rooms, 2), (Family::Random, 3)] {
            let params = GenParams {
                family,
                rows: 14,
                cols: 17,
                density: 20,
                queries: 0,
                seed,
            };
            let (board, _) = generate(&params).expect("valid parameters");
            let cells: Vec<usize> = board.grid().inner_indices().step_by(7).collect();
            for count in [8, 16] {
                assert!(assert_bounds_hold(&board, count, cells.iter().copied()) > 0);
            }
        }
    }

    /// A corner cell the piece can never enter (its only movable neighbour is the way
    /// in) is not a landmark: the landmark near it bounds, and exactly, the costs of the
    /// states in line with it.
    #[test]
    fn landmarks_are_cells_the_piece_can_reach() {
        let board = Board::from_rows(&[
            "10111111", //
            "11111111", "11101111", "11111011", "11111111", "11111101",
        ])
        .expect("a board");
        let grid = board.grid();
        let detour = DetourTable::new(grid).unwrap();
        let reach = Reach::new(grid, &detour).unwrap();
        let largest = reach.largest().unwrap();
        let cells = choose(grid, &reach, 16).expect("states exist");
        assert_ne!(cells[0], grid.index(grid_core::Pos::new(0, 0)));
        for cell in cells {
            assert!((0..4).any(|s| reach.component(cell * 4 + s) == largest));
        }
        let corner = grid.index(grid_core::Pos::new(1, 1));
        assert!(assert_bounds_hold(&board, 8, std::iter::once(corner)) > 0);
    }

    /// The cells at (row, column) `cells` of `board`.
    fn cells_at(board: &Board, cells: &[(usize, usize)]) -> Vec<usize> {
        let grid = board.grid();
        cells
            .iter()
            .map(|&(r, c)| grid.index(grid_core::Pos::new(r, c)))
            .collect()
    }

    fn chosen(board: &Board, count: usize) -> Vec<usize> {
        let grid = board.grid();
        let detour = DetourTable::new(grid).unwrap();
        let reach = Reach::new(grid, &detour).unwrap();
        choose(grid, &reach, count).expect("states exist")
    }

    /// On an open 6 x 9 board the landmarks are the points themselves: the corners, then
    /// (8) the middles of the sides, rounded down from the start of each side going
    /// round, or (16) its quarters: columns 0, 2, 4, 6 of 8 and rows 0, 1, 2, 3 of 5.
    #[test]
    fn landmarks_of_an_open_board_are_the_points() {
        let board = Board::from_rows(&["111111111"; 6]).expect("a board");
        let corners = [(0, 0), (0, 8), (5, 8), (5, 0)];
        let middles = [(0, 4), (2, 8), (5, 4), (3, 0)];
        assert_eq!(
            chosen(&board, 8),
            cells_at(&board, &[corners.as_slice(), &middles].concat())
        );
        let quarters = [
            (0, 2),
            (1, 8),
            (5, 6),
            (4, 0),
            (0, 4),
            (2, 8),
            (5, 4),
            (3, 0),
            (0, 6),
            (3, 8),
            (5, 2),
            (2, 0),
        ];
        assert_eq!(
            chosen(&board, 16),
            cells_at(&board, &[corners.as_slice(), &quarters].concat())
        );
    }

    /// A point on a fixed cell takes the nearest movable one, the first in row order of
    /// those as near: (3, 0) fixed, its point goes to (2, 0), not (3, 1) or (4, 0); the
    /// point (0, 4), fixed and with (0, 3) and (0, 5) fixed, goes to (1, 4), at 1 (the
    /// row's (0, 2) and (0, 6) are at 2); the corner (5, 8), movable but with its two
    /// neighbours fixed (no state), to (3, 8) (before (4, 7) and (5, 6), all at 2).
    #[test]
    fn a_fixed_point_takes_the_nearest_movable_cell() {
        let board = Board::from_rows(&[
            "111000111",
            "111111111",
            "111111111",
            "011111111",
            "111111110",
            "111111101",
        ])
        .expect("a board");
        let expected = [
            (0, 0),
            (0, 8),
            (3, 8),
            (5, 0),
            (1, 4),
            (2, 8),
            (5, 4),
            (2, 0),
        ];
        assert_eq!(chosen(&board, 8), cells_at(&board, &expected));
    }

    /// Every state's cost to `cell` (any side of it; `u32::MAX` where it cannot reach
    /// it, and for a state that does not exist) by a plain breadth-first search over
    /// (piece, blank) positions, a move a step.
    fn plain_costs_to(grid: &Grid<bool>, cell: usize) -> Vec<u32> {
        let size = grid.storage_size();
        let mut dist = vec![u32::MAX; size * size];
        let mut queue = std::collections::VecDeque::new();
        for d in Dir::ALL {
            let blank = grid.step(cell, d);
            if grid[cell] && grid[blank] {
                dist[cell * size + blank] = 0;
                queue.push_back((cell, blank));
            }
        }
        // Moves are reversible: the search from the target gives the costs to it.
        while let Some((piece, blank)) = queue.pop_front() {
            let here = dist[piece * size + blank];
            for d in Dir::ALL {
                let to = grid.step(blank, d);
                if !grid[to] {
                    continue;
                }
                let (piece, blank) = if to == piece {
                    (blank, piece)
                } else {
                    (piece, to)
                };
                if dist[piece * size + blank] == u32::MAX {
                    dist[piece * size + blank] = here + 1;
                    queue.push_back((piece, blank));
                }
            }
        }
        (0..size * 4)
            .map(|state| {
                let cell = state / 4;
                if !grid[cell] {
                    return u32::MAX;
                }
                let blank = grid.step(cell, Dir::from_index(state % 4));
                if grid[blank] {
                    dist[cell * size + blank]
                } else {
                    u32::MAX
                }
            })
            .collect()
    }

    /// (cell, side) state of `(row, col)` with the blank on `side`.
    fn state(grid: &Grid<bool>, row: usize, col: usize, side: Dir) -> usize {
        grid.index(grid_core::Pos::new(row, col)) * 4 + side.index()
    }

    /// The detours of every state of `grid`, computed (as [`Landmarks::new`] does first).
    fn computed_detours(grid: &Grid<bool>) -> DetourTable {
        let detour = DetourTable::new(grid).unwrap();
        let mut scratch = Scratch::new(grid).unwrap();
        for state in 0..grid.storage_size() * 4 {
            if grid[state / 4] && grid[grid.step(state / 4, Dir::from_index(state % 4))] {
                detour.row(grid, state, &mut scratch);
            }
        }
        detour
    }

    /// On a 2 x 3 board, the costs to the corner (0, 0) by hand, and all of them as a
    /// plain search finds them; with a limit at the largest cost, none.
    #[test]
    fn costs_to_a_cell_are_those_of_a_plain_search() {
        let board = Board::from_rows(&["111", "111"]).expect("a board");
        let grid = board.grid();
        let detour = computed_detours(grid);
        let corner = grid.index(grid_core::Pos::new(0, 0));
        let costs = costs_to(grid, &detour, corner, COST_LIMIT).expect("costs fit");
        assert_eq!(costs[state(grid, 0, 0, Dir::Right)], 0);
        assert_eq!(costs[state(grid, 0, 0, Dir::Down)], 0);
        // The piece steps left into the blank.
        assert_eq!(costs[state(grid, 0, 1, Dir::Left)], 1);
        // The blank goes round by row 1 to (0, 0) (4 moves), then the piece steps left.
        assert_eq!(costs[state(grid, 0, 1, Dir::Right)], 5);
        // From (1, 0): up into the blank; or the blank from (1, 1) to (0, 0) first (2).
        assert_eq!(costs[state(grid, 1, 0, Dir::Up)], 1);
        assert_eq!(costs[state(grid, 1, 0, Dir::Right)], 3);
        // From (1, 2), blank left: the piece steps left (1), the blank from (1, 2) by
        // (0, 2) to (0, 1) (2), up (1), the blank from (1, 1) by (1, 0) to (0, 0) (2),
        // left (1): 7.
        assert_eq!(costs[state(grid, 1, 2, Dir::Left)], 7);
        assert_eq!(costs, plain_costs_to(grid, corner));
        let largest = u64::from(*costs.iter().filter(|&&c| c != u32::MAX).max().unwrap());
        assert!(costs_to(grid, &detour, corner, largest + 1).is_some());
        assert!(costs_to(grid, &detour, corner, largest).is_none());

        for (rows, target) in [
            (
                &[
                    "10111111", "11111111", "11101111", "11111011", "11111111", "11111101",
                ][..],
                (1, 1),
            ),
            (&["1111", "1011", "1111", "0111"][..], (3, 3)),
        ] {
            let board = Board::from_rows(rows).expect("a board");
            let grid = board.grid();
            let detour = computed_detours(grid);
            let target = grid.index(grid_core::Pos::new(target.0, target.1));
            let costs = costs_to(grid, &detour, target, COST_LIMIT).expect("costs fit");
            assert_eq!(costs, plain_costs_to(grid, target));
        }
    }

    /// The largest cost `costs_to` lets through with [`COST_LIMIT`] plus one more move (the
    /// step back of a cost from a landmark) is below [`FAR`], so its stored term is
    /// above [`NEVER`]; and the limit is no lower than that needs.
    #[test]
    fn the_cost_limit_leaves_room_for_one_more_move() {
        let largest = COST_LIMIT - 1;
        assert!(largest + 1 < FAR as u64);
        assert!(-(largest as i16) - 1 > NEVER);
        assert_eq!(largest + 2, FAR as u64);
    }

    /// A query's constants, from costs set by hand (8 landmarks, 3 target states): per
    /// landmark the largest cost to it (FAR where a target state cannot reach it, which
    /// a stored 0 says unless the state is the landmark's own) and the smallest cost
    /// from it (NEVER where no target state is reached).
    #[test]
    fn bounds_take_the_largest_cost_to_and_the_smallest_from() {
        // Per landmark, per target state: (cost to, minus the cost from).
        let mut given = [[(0i16, 0i16); 3]; 8];
        given[0] = [(3, -5), (7, -2), (4, NEVER)];
        given[1] = [(0, -4), (6, -1), (2, -3)];
        given[2] = [(0, 0), (2, -3), (1, -6)];
        given[3] = [(5, NEVER), (9, NEVER), (1, NEVER)];
        for (j, given) in given.iter_mut().enumerate().skip(4) {
            let j = j as i16;
            *given = [(j, -(j + 10)), (j + 1, -(j + 20)), (j + 2, -(j + 30))];
        }
        let mut costs = vec![0i16; 3 * 16];
        for (j, per_state) in given.iter().enumerate() {
            for (t, &(to, minus_from)) in per_state.iter().enumerate() {
                costs[t * 16 + j] = to;
                costs[t * 16 + 8 + j] = minus_from;
            }
        }
        let landmarks = Landmarks { count: 8, costs };
        let bounds = landmarks.bounds(0..3);
        assert_eq!(
            bounds.add[..16],
            [
                -7, -FAR, -2, -9, -6, -7, -8, -9, 2, 1, 0, NEVER, 14, 15, 16, 17
            ]
        );
        assert_eq!(bounds.add[16..], [0; 16]);
        // A state 3 to landmark 4 and 12 from it: max(3 - 6, 14 - 12) = 2; one 30 to
        // landmark 0 (30 - 7) and 20 from landmark 6 (16 - 20): 23; one 7 from landmark
        // 2 (0 - 7) and 1 to landmark 3 (1 - 9): 0.
        assert_eq!(landmarks_bound(&[(4, 3, -12)], &bounds), 2);
        assert_eq!(landmarks_bound(&[(0, 30, NEVER), (6, 0, -20)], &bounds), 23);
        assert_eq!(landmarks_bound(&[(2, 0, -7), (3, 1, NEVER)], &bounds), 0);
    }

    /// The bound of a state whose terms are `terms` (landmark, to, minus from; every
    /// other landmark 0 and NEVER), under `bounds`, for 8 landmarks.
    fn landmarks_bound(terms: &[(usize, i16, i16)], bounds: &Bounds) -> u64 {
        let mut costs = [0i16; 16];
        costs[8..].fill(NEVER);
        for &(j, to, minus_from) in terms {
            costs[j] = to;
            costs[8 + j] = minus_from;
        }
        let landmarks = Landmarks {
            count: 8,
            costs: costs.to_vec(),
        };
        landmarks.bound(bounds, 0)
    }

    /// On small boards, every state's bound to every target cell is at most its cost by
    /// a plain search, and 0 on the target's states; many are exact.
    #[test]
    fn bounds_are_below_a_plain_search() {
        // (Measured: bounds equal to the cost, and below it, of states off the target.)
        for (rows, expected) in [
            (&["1111", "1011", "1111", "0111"][..], (403, 65)),
            (&["11111", "11011", "11111"][..], (432, 36)),
        ] {
            let board = Board::from_rows(rows).expect("a board");
            let grid = board.grid();
            let detour = DetourTable::new(grid).unwrap();
            let reach = Reach::new(grid, &detour).unwrap();
            let landmarks = Landmarks::new(grid, &detour, &reach, 8, 1).expect("costs fit");
            let (mut tight, mut loose) = (0, 0);
            for target in grid.inner_indices().filter(|&c| grid[c]) {
                let exact = plain_costs_to(grid, target);
                let goals = (0..4).map(|side| target * 4 + side);
                let bounds = landmarks.bounds(goals.filter(|&s| reach.component(s).is_some()));
                for state in (0..exact.len()).filter(|&s| exact[s] != u32::MAX) {
                    let bound = landmarks.bound(&bounds, state);
                    assert!(
                        bound <= u64::from(exact[state]),
                        "state {state}, target {target}"
                    );
                    if state / 4 == target {
                        assert_eq!(bound, 0);
                    } else if bound == u64::from(exact[state]) {
                        tight += 1;
                    } else {
                        loose += 1;
                    }
                }
            }
            assert_eq!((tight, loose), expected, "{rows:?}");
        }
    }
}
