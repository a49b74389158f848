//! The fast solver: A* over (piece cell, blank side) on top of the detour table.

use crate::detour::{DetourTable, UNREACHABLE};
use crate::{Board, Query, QueryError};
use grid_core::{Dir, FifoQueue, Grid, MonotoneQueue, Moves, Stamped};

/// An optimal solution: its number of moves and the blank's moves that achieve it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The minimum number of moves.
    pub moves: u64,
    /// The blank's moves, `moves` of them; see [`crate::replay`].
    pub path: Moves,
}

/// How much the last search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// States taken off the priority queue and expanded.
    pub expanded: u64,
    /// States put on the priority queue (with a better cost than before).
    pub generated: u64,
}

const NO_PARENT: u32 = u32::MAX;

/// Answers queries on one board.
///
/// Building a solver computes the board's detour table once; each query then costs one
/// breadth-first search of the blank to the piece's sides and an A* search over
/// states (piece cell, side of the blank), where a piece step costs the detour plus one.
/// The heuristic is `3k - 2` when the blank is on a side towards the target and `3k`
/// otherwise, `k` being the piece's Manhattan distance to the target: after its first
/// step, every step that does not undo the last one needs the blank to walk round the
/// piece (at least two moves) and then swap (one). It is consistent, so the first time
/// the target is taken off the queue its cost is optimal and the search stops.
///
/// Buffers are kept between queries, so a query allocates nothing but its path.
///
/// ```
/// use grid_core::Pos;
/// use huarongdao::{Board, Query, Solver};
///
/// let board = Board::from_rows(&["0111", "0110", "0100"]).unwrap();
/// let mut solver = Solver::new(&board);
/// // Blank at (3,2), piece at (1,2), target (2,2), 1-based as in the judge format.
/// let query = Query::new(Pos::new(2, 1), Pos::new(0, 1), Pos::new(1, 1));
/// let solution = solver.solve_with_path(&query).unwrap().unwrap();
/// assert_eq!(solution.moves, 2);
/// assert_eq!(solution.path.to_string(), "UU");
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    board: Board,
    detour: DetourTable,
    /// (row, column) of every stored cell, for the heuristic.
    coords: Vec<(u32, u32)>,
    queue: FifoQueue,
    blank_dist: Stamped<u32>,
    open: MonotoneQueue,
    /// Per state `cell * 4 + side`: best cost found and the state it came from.
    best: Stamped<(u64, u32)>,
    stats: SearchStats,
}

impl Solver {
    /// A solver for `board`; computes its detour table.
    pub fn new(board: &Board) -> Solver {
        let grid = board.grid();
        let cells = grid.storage_size();
        let mut queue = FifoQueue::new();
        let mut blank_dist = Stamped::new(cells, 0);
        let detour = DetourTable::new(board, &mut queue, &mut blank_dist);
        let stride = grid.stride();
        let coords = (0..cells)
            .map(|i| ((i / stride) as u32, (i % stride) as u32))
            .collect();
        Solver {
            board: board.clone(),
            detour,
            coords,
            queue,
            blank_dist,
            open: MonotoneQueue::new(),
            best: Stamped::new(cells * 4, (0, NO_PARENT)),
            stats: SearchStats::default(),
        }
    }

    /// The board this solver plays on.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The minimum number of moves for `query`, or `None` if the piece can never reach
    /// the target.
    ///
    /// # Errors
    /// If the query breaks the rules ([`Board::check`]).
    pub fn solve(&mut self, query: &Query) -> Result<Option<u64>, QueryError> {
        Ok(self.search(query)?.map(|(moves, _)| moves))
    }

    /// An optimal solution for `query` with its path, or `None` if there is none.
    ///
    /// # Errors
    /// If the query breaks the rules ([`Board::check`]).
    pub fn solve_with_path(&mut self, query: &Query) -> Result<Option<Solution>, QueryError> {
        let Some((moves, last)) = self.search(query)? else {
            return Ok(None);
        };
        let path = self.path_to(query, last);
        debug_assert_eq!(path.len() as u64, moves);
        Ok(Some(Solution { moves, path }))
    }

    /// What the last search did.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Runs the search; returns the optimal cost and the final state (`NO_PARENT` when
    /// the piece starts on the target).
    fn search(&mut self, query: &Query) -> Result<Option<(u64, u32)>, QueryError> {
        self.board.check(query)?;
        self.stats = SearchStats::default();
        let grid = self.board.grid();
        if query.piece == query.target {
            return Ok(Some((0, NO_PARENT)));
        }
        if !self.board.is_movable(query.target) {
            return Ok(None);
        }
        let piece = grid.index(query.piece);
        let target = grid.index(query.target);
        let blank = grid.index(query.blank);

        // The blank's distances to the piece's four sides, never entering the piece.
        let side_dist = blank_to_sides(grid, &mut self.queue, &mut self.blank_dist, blank, piece);
        let mut starts = [(u64::MAX, Dir::Up, 0); 4];
        let mut count = 0;
        for d in Dir::ALL {
            if let Some(g) = side_dist[d.index()] {
                starts[count] = (g + self.heuristic(piece, d, target), d, g);
                count += 1;
            }
        }
        if count == 0 {
            return Ok(None);
        }
        // Pushed in increasing priority, as the bucket queue wants.
        let starts = &mut starts[..count];
        starts.sort_unstable();

        let max_step = u64::from(self.detour.longest()) + 1 + 5;
        self.open.reset(max_step);
        self.best.clear();
        for &(f, side, g) in starts.iter() {
            let state = (piece * 4 + side.index()) as u32;
            self.best.set(state as usize, (g, NO_PARENT));
            self.open.push(f, state);
            self.stats.generated += 1;
        }

        while let Some((f, state)) = self.open.pop() {
            let cell = state as usize / 4;
            let side = Dir::from_index(state as usize);
            let Some((g, _)) = self.best.get(state as usize) else {
                continue;
            };
            if g + self.heuristic(cell, side, target) != f {
                continue; // a stale entry: this state was improved after it was pushed
            }
            self.stats.expanded += 1;
            if cell == target {
                return Ok(Some((g, state)));
            }
            for dir in Dir::ALL {
                let detour = self.detour.get(cell, side, dir);
                if detour == UNREACHABLE {
                    continue;
                }
                // The blank walks round to the `dir` side, then swaps with the piece.
                let next_cell = grid.step(cell, dir);
                let next_side = dir.opposite();
                let next = next_cell * 4 + next_side.index();
                let next_g = g + u64::from(detour) + 1;
                if self.best.get(next).is_some_and(|(old, _)| old <= next_g) {
                    continue;
                }
                self.best.set(next, (next_g, state));
                let next_f = next_g + self.heuristic(next_cell, next_side, target);
                self.open.push(next_f, next as u32);
                self.stats.generated += 1;
            }
        }
        Ok(None)
    }

    /// A lower bound on the moves still needed with the piece on `cell` and the blank on
    /// its `side` (see the type's documentation).
    #[inline]
    fn heuristic(&self, cell: usize, side: Dir, target: usize) -> u64 {
        let (r, c) = self.coords[cell];
        let (tr, tc) = self.coords[target];
        let k = u64::from(r.abs_diff(tr) + c.abs_diff(tc));
        if k == 0 {
            return 0;
        }
        let towards = match side {
            Dir::Up => tr < r,
            Dir::Down => tr > r,
            Dir::Left => tc < c,
            Dir::Right => tc > c,
        };
        3 * k - if towards { 2 } else { 0 }
    }

    /// The blank's moves of the solution that ends in state `last`: walk the parent
    /// links back, then expand each piece step into the blank's detour and swap.
    fn path_to(&mut self, query: &Query, last: u32) -> Moves {
        let mut states = Vec::new();
        let mut state = last;
        while state != NO_PARENT {
            states.push(state);
            state = self.best.get(state as usize).map_or(NO_PARENT, |(_, p)| p);
        }
        states.reverse();

        let grid = self.board.grid();
        let mut path = Vec::new();
        let Some(&first) = states.first() else {
            return Moves(path); // the piece starts on the target
        };
        let piece = grid.index(query.piece);
        let mut blank = grid.index(query.blank);
        let start_side = grid.step(piece, Dir::from_index(first as usize));
        blank_walk(
            grid,
            &mut self.queue,
            &mut self.blank_dist,
            (blank, start_side),
            piece,
            &mut path,
        );
        blank = start_side;
        for pair in states.windows(2) {
            let (cell, next_cell) = (pair[0] as usize / 4, pair[1] as usize / 4);
            let dir = Dir::ALL
                .into_iter()
                .find(|&d| grid.step(cell, d) == next_cell)
                .expect("consecutive states are neighbours");
            blank_walk(
                grid,
                &mut self.queue,
                &mut self.blank_dist,
                (blank, next_cell),
                cell,
                &mut path,
            );
            path.push(dir.opposite());
            blank = cell;
        }
        Moves(path)
    }
}

/// Breadth-first search of the blank from `blank`, never entering `piece`, until it
/// has reached every movable side of `piece` or run out of cells.
fn blank_to_sides(
    grid: &Grid<bool>,
    queue: &mut FifoQueue,
    dist: &mut Stamped<u32>,
    blank: usize,
    piece: usize,
) -> [Option<u64>; 4] {
    let sides = Dir::ALL.map(|d| grid.step(piece, d));
    let mut found = [None; 4];
    let mut wanted = sides.iter().filter(|&&s| grid[s]).count();
    dist.clear();
    queue.clear();
    dist.set(piece, 0);
    dist.set(blank, 0);
    queue.push(blank as u32);
    if let Some(i) = sides.iter().position(|&s| s == blank) {
        found[i] = Some(0);
        wanted -= 1;
    }
    while wanted > 0 {
        let Some(here) = queue.pop() else { break };
        let here = here as usize;
        let d = dist.get(here).unwrap_or(0) + 1;
        for dir in Dir::ALL {
            let next = grid.step(here, dir);
            if !grid[next] || !dist.insert(next, d) {
                continue;
            }
            if let Some(i) = sides.iter().position(|&s| s == next) {
                found[i] = Some(u64::from(d));
                wanted -= 1;
            }
            queue.push(next as u32);
        }
    }
    found
}

/// Appends to `path` a shortest walk of the blank from `from` to `to` avoiding
/// `piece`.
fn blank_walk(
    grid: &Grid<bool>,
    queue: &mut FifoQueue,
    came_by: &mut Stamped<u32>,
    (from, to): (usize, usize),
    piece: usize,
    path: &mut Vec<Dir>,
) {
    // `came_by` holds the direction of the move that entered each cell.
    came_by.clear();
    queue.clear();
    came_by.set(piece, 0);
    came_by.set(from, 0);
    queue.push(from as u32);
    while let Some(here) = queue.pop() {
        let here = here as usize;
        if here == to {
            break;
        }
        for dir in Dir::ALL {
            let next = grid.step(here, dir);
            if grid[next] && came_by.insert(next, dir.index() as u32) {
                queue.push(next as u32);
            }
        }
    }
    let start = path.len();
    let mut here = to;
    while here != from {
        let dir = Dir::from_index(came_by.get(here).expect("the detour exists") as usize);
        path.push(dir);
        here = grid.step(here, dir.opposite());
    }
    path[start..].reverse();
}
