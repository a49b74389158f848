//! The fast solver: A* over (piece cell, blank side) on top of the detour table.

use crate::detour::{DetourTable, Scratch, UNREACHABLE};
use crate::landmarks::Landmarks;
use crate::reach::Reach;
use crate::{Board, Query, QueryError};
use grid_core::memory::{AllocError, try_push, try_vec, try_with_capacity};
use grid_core::{
    Dir, FifoQueue, Grid, LimitError, Limits, Meter, MonotoneQueue, Moves, SearchStats, Solution,
    Stamped, Stop,
};
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// Why a solver gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// The query breaks the rules ([`Board::check`]).
    Query(QueryError),
    /// The search stopped at one of its [`Limits`].
    Limit(LimitError),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Query(e) => e.fmt(f),
            SolveError::Limit(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<QueryError> for SolveError {
    fn from(e: QueryError) -> SolveError {
        SolveError::Query(e)
    }
}

impl From<LimitError> for SolveError {
    fn from(e: LimitError) -> SolveError {
        SolveError::Limit(e)
    }
}

/// The final state of a query whose piece starts on the target (state ids stay below
/// 2^24).
const NO_STATE: u32 = u32::MAX;

/// Answers queries, board after board.
///
/// The first query on a board computes the board's detour table (kept until a query
/// comes on another board); each query then costs one search of the blank to the
/// piece's sides and an A* search over states (piece cell, side of the blank), where a
/// piece step costs the detour plus one. The heuristic is the exact cost on an endless
/// board without fixed cells (see `heuristic`): at least 3 per step of the piece after
/// the first, 5 when it goes straight on. It is consistent, so the first time the
/// target is taken off the queue its cost is optimal and the search stops.
///
/// Buffers are kept between queries, so a query allocates nothing but its path.
///
/// ```
/// use huarongdao::{Board, Pos, Query, Solver};
///
/// let board = Board::from_rows(&["0111", "0110", "0100"])?;
/// let mut solver = Solver::new();
/// // Blank at (3,2), piece at (1,2), target (2,2), 1-based as in the judge format.
/// let query = Query::new(Pos::new(2, 1), Pos::new(0, 1), Pos::new(1, 1));
/// let solution = solver.solve_with_path(&board, &query)?.expect("solvable");
/// assert_eq!(solution.moves(), 2);
/// assert_eq!(solution.path.to_string(), "UU");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Solver {
    /// The tables and buffers of the last board queried.
    prepared: Option<BoardSolver>,
    limits: Limits,
    stats: SearchStats,
}

impl Solver {
    /// A solver with no board prepared and no limits.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver whose searches stop at `limits` (the detours a search needs are charged
    /// to its time, not to its states).
    ///
    /// ```
    /// use huarongdao::{Board, LimitError, Limits, Pos, Query, SolveError, Solver};
    ///
    /// let board = Board::new(20, 20)?;
    /// let query = Query::new(Pos::new(0, 0), Pos::new(0, 1), Pos::new(19, 19));
    /// let limits = Limits { max_states: Some(10), ..Limits::NONE };
    /// let stopped = Solver::with_limits(limits).solve(&board, &query);
    /// assert_eq!(stopped, Err(SolveError::Limit(LimitError::States(10))));
    /// # Ok::<(), huarongdao::BoardError>(())
    /// ```
    pub fn with_limits(limits: Limits) -> Solver {
        Solver {
            limits,
            ..Solver::default()
        }
    }

    /// The solver of `board`: the one held if it is this board's, else a new one.
    ///
    /// # Errors
    /// When the memory for the board's tables is refused.
    fn prepare(&mut self, board: &Board) -> Result<&mut BoardSolver, SolveError> {
        let held = self
            .prepared
            .as_ref()
            .is_some_and(|prepared| prepared.tables.board.id() == board.id());
        if !held {
            self.prepared = None; // free the old tables before building the new ones
            let prepared = BoardSolver::new(board, self.limits).map_err(LimitError::from)?;
            self.prepared = Some(prepared);
        }
        Ok(self.prepared.as_mut().expect("prepared just above"))
    }

    /// The minimum number of moves for `query` on `board`, or `None` if the piece can
    /// never reach the target.
    ///
    /// # Errors
    /// If the query breaks the rules ([`Board::check`]), or the search stops at the
    /// solver's limits.
    pub fn solve(&mut self, board: &Board, query: &Query) -> Result<Option<u64>, SolveError> {
        let prepared = self.prepare(board)?;
        let answer = prepared.solve(query);
        self.stats = prepared.stats;
        answer
    }

    /// An optimal solution for `query` on `board` with its path (the blank's moves), or
    /// `None` if there is none.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_with_path(
        &mut self,
        board: &Board,
        query: &Query,
    ) -> Result<Option<Solution>, SolveError> {
        let prepared = self.prepare(board)?;
        let solution = prepared.solve_with_path(query);
        self.stats = prepared.stats;
        solution
    }

    /// The answer to every query on `board`, in order, one result a query (`Ok(None)`:
    /// impossible), as every solver crate's `solve_all`: up to the first query that
    /// fails, whose error is the last result. No query after it is started once it has
    /// failed, the searches of later queries on other threads stop at once (their meters
    /// watch a [`Stop`]), and every query before it is answered, so the results are [`Solver::solve`]'s one by one, cut after the first
    /// error.
    ///
    /// With enough work (many queries on a board that is not huge) the queries are split
    /// over the machine's cores, each thread with its own search buffers and the board's
    /// tables shared.
    pub fn solve_all(
        &mut self,
        board: &Board,
        queries: &[Query],
    ) -> Vec<Result<Option<u64>, SolveError>> {
        if queries.is_empty() {
            return Vec::new(); // no query, no tables to build
        }
        let prepared = match self.prepare(board) {
            Ok(prepared) => prepared,
            Err(error) => return vec![Err(error)],
        };
        let (answers, failed) = prepared.solve_all(queries);
        self.stats = prepared.stats;
        answers.into_iter().map(Ok).chain(failed.map(Err)).collect()
    }

    /// What the last search did (for [`Solver::solve_all`], the sums over every search
    /// it ran, a search stopped by a failed query included).
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// How many threads the last [`Solver::solve_all`] answered its queries on, the
    /// calling one included: 1 when it ran them all on the calling thread (too little
    /// work for threads, a huge board, or a single core), and before the first call.
    pub fn threads_used(&self) -> usize {
        self.prepared.as_ref().map_or(1, |p| p.threads_used)
    }
}

/// A query's answer and its number (0-based) among [`Solver::solve_all`]'s.
type Numbered = (usize, Result<Option<u64>, SolveError>);

/// Adds the counts of `more` to `sum`.
fn add(sum: &mut SearchStats, more: SearchStats) {
    sum.expanded += more.expanded;
    sum.generated += more.generated;
}

/// The solver of one board: its tables and the buffers of its searches.
#[derive(Clone, Debug)]
struct BoardSolver {
    /// What depends on the board only, shared by the solvers of [`Solver::solve_all`]'s
    /// threads.
    tables: Arc<Tables>,
    queue: FifoQueue,
    blank_dist: Stamped<u32>,
    /// For the blank's search to the piece's sides, and the detours a search needs.
    scratch: Scratch,
    open: MonotoneQueue,
    /// Components of the state graph seen by the reachability check, and its stack.
    reach_seen: Stamped<()>,
    reach_stack: Vec<u32>,
    /// Per state `cell * 4 + side`: best cost found, and whether it has been expanded.
    best: Costs,
    /// The blank's distances to the piece's sides in the last search (the costs of its
    /// start states), for rebuilding paths.
    start_costs: [Option<u64>; 4],
    stats: SearchStats,
    limits: Limits,
    /// A stop the search watches, and the rank of the query it is on: a query that
    /// fails stops the searches of the queries after it on the other threads.
    watch: Option<(Stop, u64)>,
    /// Threads the last [`Solver::solve_all`] ran on, this one included.
    threads_used: usize,
}

/// The per-board part of a solver: computed once, then only read.
#[derive(Debug)]
struct Tables {
    board: Board,
    detour: DetourTable,
    heuristic: HeuristicTable,
    /// Per cell: its connected component of movable cells (the piece never leaves its
    /// own, and neither does the blank).
    component: Vec<u32>,
    /// Which states can lead to which, to answer "never" without a search.
    reach: Reach,
    /// Landmark costs for a tighter heuristic, made by the first batch of queries
    /// large enough to pay for them (`None` inside: they did not fit).
    landmarks: OnceLock<Option<Landmarks>>,
}

/// The longest detour the search's bucket queue is sized for before any is known.
const MIN_WINDOW: u64 = 250;

/// Fewest queries in one [`Solver::solve_all`] worth computing landmarks for: they cost
/// a search over every state of the board each.
const LANDMARK_QUERIES: usize = 64;
/// Largest board that gets landmarks (8 of them take 32 bytes a state).
const MAX_LANDMARK_CELLS: usize = 1 << 20;
/// Boards of more cells than this get 16 landmarks (up to [`MAX_LANDMARK_16_CELLS`]),
/// smaller ones 8. Measured: on 30 x 30 with 500 queries, which expand about 45 states
/// each, 16 landmarks cost more to compute than they save (29.7 M instructions against
/// 26.8 M with 8); on 100 x 100 and 300 x 300 they halve the states expanded again
/// (2.8 M -> 1.5 M, 5.0 M -> 2.6 M); `solve_all` on one thread went from 310-330 to
/// 200-250 ms and from 850-960 to 690-810 ms (two runs each, busy machine).
const LANDMARK_16_CELLS: usize = 64 * 64;
/// Largest board that gets 16 landmarks (64 bytes a state: 64 MiB at this size).
const MAX_LANDMARK_16_CELLS: usize = 1 << 18;

/// How many landmarks a board of `cells` stored cells gets, if any.
fn landmark_count(cells: usize) -> Option<usize> {
    if cells <= LANDMARK_16_CELLS {
        Some(8)
    } else if cells <= MAX_LANDMARK_16_CELLS {
        Some(16)
    } else {
        (cells <= MAX_LANDMARK_CELLS).then_some(8)
    }
}

/// Queries a thread of [`Solver::solve_all`] takes at a time.
const QUERY_BLOCK: usize = 8;
/// Fewest queries per thread worth starting a thread for in [`Solver::solve_all`].
const QUERIES_PER_THREAD: usize = 32;
/// Boards from this many cells on get a thread per query if need be: one query there
/// takes about 0.1 s (1000 x 1000, 25% fixed, 20 queries: 3.2 s on one core).
const HEAVY_QUERY_CELLS: usize = 1 << 18;
/// Least work (queries times board cells) worth starting threads for: below it, the
/// answers take a few milliseconds and a second thread, its buffers and waking a second
/// core cost as much as they save (measured: no gain at 30 x 30 with q = 500, 1.7x
/// at 60 x 60 with q = 5,000).
const THREADED_WORK: usize = 4_000_000;
/// Largest board on which [`Solver::solve_all`] uses threads (each needs its own
/// search buffers: 32 bytes a cell of costs and two 8-byte distance arrays, plus the
/// marks of the reachability check; a second thread at 1000 x 1000 with 25% fixed cells
/// measured 32-44 MiB more at the peak, as much of the costs is never touched).
const MAX_THREADED_CELLS: usize = 1 << 20;
/// Most threads times board cells [`Solver::solve_all`] gives search buffers to (8
/// threads at 1000 x 1000, however many cores the machine has: about 400 MB of
/// buffers at 48 bytes a cell).
const THREADED_BUFFERS: usize = 1 << 23;

/// How [`Solver::solve_all`] shares `queries` queries on a board of `cells` stored cells
/// out on a machine of `cores` cores: the threads to run them on, the calling one
/// included, and how many queries a thread takes at a time; `None` to answer them all
/// on the calling thread.
fn split(cells: usize, queries: usize, cores: usize) -> Option<(usize, usize)> {
    // On a large board a single query is work enough for a thread of its own.
    let per_thread = if cells >= HEAVY_QUERY_CELLS {
        1
    } else {
        QUERIES_PER_THREAD
    };
    let threads = cores
        .min(queries / per_thread)
        .min(THREADED_BUFFERS / cells)
        .max(1);
    let threaded = threads > 1 && cells <= MAX_THREADED_CELLS && queries * cells >= THREADED_WORK;
    // (Blocks of one when there are few queries a thread, as on large boards.)
    let block = || QUERY_BLOCK.min(queries / (threads * QUERY_BLOCK)).max(1);
    threaded.then(|| (threads, block()))
}

impl BoardSolver {
    /// A solver for `board`: its tables, in time linear in the board (the detour table
    /// is filled as the searches need it).
    ///
    /// # Errors
    /// When the memory for a table is refused.
    fn new(board: &Board, limits: Limits) -> Result<BoardSolver, AllocError> {
        let grid = board.grid();
        let detour = DetourTable::new(grid)?;
        let reach = Reach::new(grid, &detour)?;
        let tables = Tables {
            board: board.clone(),
            detour,
            heuristic: HeuristicTable::new(grid)?,
            component: components(grid)?,
            reach,
            landmarks: OnceLock::new(),
        };
        BoardSolver::with_tables(Arc::new(tables), limits)
    }

    /// A solver of the board of `tables`, with buffers of its own.
    ///
    /// # Errors
    /// When the memory for a buffer is refused.
    fn with_tables(tables: Arc<Tables>, limits: Limits) -> Result<BoardSolver, AllocError> {
        let cells = tables.board.grid().storage_size();
        let mut reach_seen = Stamped::new(0, ());
        reach_seen.try_resize(tables.reach.components())?;
        let mut blank_dist = Stamped::new(0, 0);
        blank_dist.try_resize(cells)?;
        // For the blank's walks of a path, a cell each at most: pushes never grow it.
        let mut queue = FifoQueue::new();
        queue.try_reserve(cells)?;
        Ok(BoardSolver {
            reach_seen,
            scratch: Scratch::new(tables.board.grid())?,
            // A component at most once on the stack: pushes never grow it.
            reach_stack: try_with_capacity(tables.reach.components(), "a stack")?,
            tables,
            queue,
            blank_dist,
            open: MonotoneQueue::new(),
            best: Costs::new(cells * 4)?,
            start_costs: [None; 4],
            stats: SearchStats::default(),
            limits,
            watch: None,
            threads_used: 1,
        })
    }

    /// Another solver for the same board, sharing its tables, with buffers of its own.
    ///
    /// # Errors
    /// When the memory for a buffer is refused.
    fn worker(&self) -> Result<BoardSolver, AllocError> {
        BoardSolver::with_tables(Arc::clone(&self.tables), self.limits)
    }

    /// See [`Solver::solve_all`]: the answers before the first query that fails, and its
    /// error.
    fn solve_all(&mut self, queries: &[Query]) -> (Vec<Option<u64>>, Option<SolveError>) {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        self.solve_all_on(queries, cores)
    }

    /// [`Solver::solve_all`] as if the machine had `cores` cores (tests pass more than
    /// it has, to run the threaded path on any machine).
    fn solve_all_on(
        &mut self,
        queries: &[Query],
        cores: usize,
    ) -> (Vec<Option<u64>>, Option<SolveError>) {
        let cells = self.tables.board.grid().storage_size();
        let split = split(cells, queries.len(), cores);
        if let Some(count) = landmark_count(cells).filter(|_| queries.len() >= LANDMARK_QUERIES) {
            let tables = &*self.tables;
            tables.landmarks.get_or_init(|| {
                let grid = tables.board.grid();
                let helpers = split.map_or(1, |(threads, _)| threads);
                Landmarks::new(grid, &tables.detour, &tables.reach, count, helpers)
            });
        }
        self.threads_used = 1;
        let Some((threads, block)) = split else {
            let mut answers = Vec::new();
            let mut spent = SearchStats::default();
            for query in queries {
                let answer = self.solve(query);
                add(&mut spent, self.stats);
                match answer {
                    Ok(answer) => answers.push(answer),
                    Err(e) => {
                        self.stats = spent;
                        return (answers, Some(e));
                    }
                }
            }
            self.stats = spent;
            return (answers, None);
        };
        // The threads take blocks of queries in turn, so that one thread's harder
        // queries do not keep the others waiting (queries on one board differ in cost
        // by a thousand times). Once a query fails, no thread starts one after it (the
        // blocks are taken in order, so every query before it is taken, and answered),
        // and the searches of the queries after it that are running stop at once: their
        // meters watch the same stop, raised with the failed query's rank.
        let next = AtomicUsize::new(0);
        let failed = Stop::new();
        let run = |solver: &mut BoardSolver| {
            let mut answers = Vec::new();
            let mut spent = SearchStats::default();
            loop {
                let start = next.fetch_add(block, Ordering::Relaxed);
                if start >= queries.len() || failed.stops(start as u64) {
                    solver.watch = None;
                    return (answers, spent);
                }
                let end = (start + block).min(queries.len());
                for (i, query) in queries[start..end].iter().enumerate() {
                    let i = start + i;
                    if failed.stops(i as u64) {
                        break;
                    }
                    solver.watch = Some((failed.clone(), i as u64));
                    let answer = solver.solve(query);
                    add(&mut spent, solver.stats);
                    if answer
                        .as_ref()
                        .is_err_and(|e| *e != SolveError::Limit(LimitError::Stopped))
                    {
                        failed.raise(i as u64);
                    }
                    answers.push((i, answer));
                }
            }
        };
        // A thread whose buffers are refused, or that cannot start, is one fewer: the
        // others take its blocks.
        std::thread::scope(|scope| {
            let others: Vec<_> = (1..threads)
                .filter_map(|_| {
                    let mut worker = self.worker().ok()?;
                    let run = &run;
                    std::thread::Builder::new()
                        .spawn_scoped(scope, move || run(&mut worker))
                        .ok()
                })
                .collect();
            self.threads_used = 1 + others.len();
            let mut answers: Vec<Option<Result<Option<u64>, SolveError>>> =
                std::iter::repeat_with(|| None)
                    .take(queries.len())
                    .collect();
            let mut spent = SearchStats::default();
            let mut place = |(part, stats): (Vec<Numbered>, SearchStats)| {
                for (i, answer) in part {
                    answers[i] = Some(answer);
                }
                add(&mut spent, stats);
            };
            place(run(self));
            for handle in others {
                match handle.join() {
                    Ok(part) => place(part),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            self.stats = spent;
            let mut done = Vec::with_capacity(queries.len());
            for answer in answers {
                match answer.expect("every query up to the first that failed is answered") {
                    Ok(answer) => done.push(answer),
                    Err(e) => return (done, Some(e)),
                }
            }
            (done, None)
        })
    }

    fn solve(&mut self, query: &Query) -> Result<Option<u64>, SolveError> {
        Ok(self.search(query)?.map(|(moves, _)| moves))
    }

    fn solve_with_path(&mut self, query: &Query) -> Result<Option<Solution>, SolveError> {
        let Some((moves, last)) = self.search(query)? else {
            return Ok(None);
        };
        let path = self.path_to(query, last, moves).map_err(LimitError::from)?;
        debug_assert_eq!(path.len() as u64, moves);
        Ok(Some(Solution { path }))
    }

    /// Runs the search; returns the optimal cost and the final state (`NO_STATE` when
    /// the piece starts on the target).
    fn search(&mut self, query: &Query) -> Result<Option<(u64, u32)>, SolveError> {
        self.tables.board.check(query)?;
        self.stats = SearchStats::default();
        let mut meter = Meter::start(self.limits);
        // The detours a search computes are charged to its time only, a state per cell
        // their searches visit.
        let mut detour_meter = meter.part(Limits {
            max_states: None,
            ..self.limits
        });
        if let Some((stop, rank)) = &self.watch {
            meter = meter.watching(stop, *rank);
            detour_meter = detour_meter.watching(stop, *rank);
        }
        let grid = self.tables.board.grid();
        if query.piece == query.target {
            return Ok(Some((0, NO_STATE)));
        }
        let piece = grid.index(query.piece);
        let target = grid.index(query.target);
        let tables = &*self.tables;
        if !tables.board.is_movable(query.target)
            || tables.component[piece] != tables.component[target]
        {
            return Ok(None);
        }
        let blank = grid.index(query.blank);

        // The blank's distances to the piece's four sides, never entering the piece.
        let side_dist = blank_to_sides(&tables.detour, grid, &mut self.scratch, blank, piece);
        self.start_costs = side_dist;
        // With landmarks, the heuristic is the larger of the open-board cost and their
        // bounds (both consistent).
        let landmarks = tables.landmarks.get().and_then(Option::as_ref);
        let targets = (0..4)
            .filter(move |&side| grid[grid.step(target, Dir::from_index(side))])
            .map(move |side| target * 4 + side);
        let bounds = landmarks.map(|l| (l, l.bounds(targets)));
        let landmark_bound = |state: usize| bounds.as_ref().map_or(0, |(l, b)| l.bound(b, state));
        let mut starts = [(u64::MAX, Dir::Up, 0); 4];
        let mut count = 0;
        for d in Dir::ALL {
            if let Some(g) = side_dist[d.index()] {
                let open_board = tables.heuristic.get(
                    tables.heuristic.at(
                        tables.detour.coords()[piece],
                        tables.detour.coords()[target],
                    ),
                    d,
                );
                let h = open_board.max(landmark_bound(piece * 4 + d.index()));
                starts[count] = (g + h, d, g);
                count += 1;
            }
        }
        if count == 0 {
            return Ok(None);
        }
        // Pushed in increasing priority, as the bucket queue wants.
        let starts = &mut starts[..count];
        starts.sort_unstable();
        let from = starts.iter().map(|&(_, side, _)| piece * 4 + side.index());
        let goals = [0, 1, 2, 3].map(|side| target * 4 + side);
        if !tables
            .reach
            .any_reachable(from, goals, &mut self.reach_seen, &mut self.reach_stack)
        {
            return Ok(None); // no sequence of moves leads from here to the target
        }

        // Steps cost at most the longest detour plus 1, and the heuristic grows by at
        // most 5. Detours are computed as the searches go, so a later one may be longer
        // than any so far: the queue then turns into a heap (still right, only slower),
        // which a floor on the window makes rare.
        // With landmarks, a step can raise their bound by its cost plus the cost of
        // undoing it (a move back and a detour).
        self.open
            .reset(max_step(tables.detour.longest_so_far(), bounds.is_some()));
        self.best.clear();
        for &(f, side, g) in starts.iter() {
            let state = (piece * 4 + side.index()) as u32;
            self.best.set(state as usize, g);
            self.open.try_push(f, state).map_err(LimitError::from)?;
            self.stats.generated += 1;
        }

        let offsets = Dir::ALL.map(|d| grid.offset(d));
        let target_rc = tables.detour.coords()[target];
        let h_steps = tables.heuristic.steps();
        while let Some((_, state)) = self.open.pop() {
            let cell = state as usize / 4;
            let Some(g) = self.best.open_cost(state as usize) else {
                // A stale entry: the heuristic is consistent, so the state's first
                // expansion had its optimal cost.
                continue;
            };
            self.best.close(state as usize);
            self.stats.expanded += 1;
            if cell == target {
                return Ok(Some((g, state)));
            }
            let detours = tables.detour.row_within(
                grid,
                state as usize,
                &mut self.scratch,
                &mut detour_meter,
            )?;
            let h_here = tables.heuristic.at(tables.detour.coords()[cell], target_rc);
            // A state reached by a move has the blank where the piece came from; moving
            // the piece straight back would undo that move for two moves' cost, which
            // no shortest solution does. (A start state's side is where the blank
            // walked to: stepping into it is a real move.)
            let side = state as usize % 4;
            let back = if cell == piece && self.start_costs[side] == Some(g) {
                usize::MAX
            } else {
                side
            };
            for dir in Dir::ALL {
                let detour = detours[dir.index()];
                if detour == UNREACHABLE || dir.index() == back {
                    continue;
                }
                // The blank walks round to the `dir` side, then swaps with the piece.
                let next_cell = cell.wrapping_add_signed(offsets[dir.index()]);
                let next_side = dir.opposite();
                let next = next_cell * 4 + next_side.index();
                let next_g = g + u64::from(detour) + 1;
                if !self.best.improves(next, next_g) {
                    // Also covers expanded states: their cost cannot improve.
                    continue;
                }
                self.best.set(next, next_g);
                let h_at = h_here.wrapping_add_signed(h_steps[dir.index()]);
                let h = tables
                    .heuristic
                    .get(h_at, next_side)
                    .max(landmark_bound(next));
                let next_f = next_g + h;
                self.open
                    .try_push(next_f, next as u32)
                    .map_err(LimitError::from)?;
                self.stats.generated += 1;
                meter.charge(1)?;
            }
        }
        Ok(None)
    }

    /// The blank's moves of the solution that ends in state `last`: walk back from it
    /// through expanded states whose cost plus the step's equals the state's (the
    /// state that set a cost was expanded, and expanded costs are final), to a start
    /// state; then expand each piece step into the blank's detour and swap.
    ///
    /// The path of `moves` moves is asked for at once, fallibly (a quarter of a
    /// billion moves on a large winding board is hundreds of megabytes): a refusal is
    /// an error, not an abort.
    fn path_to(&mut self, query: &Query, last: u32, moves: u64) -> Result<Moves, AllocError> {
        let grid = self.tables.board.grid();
        let piece = grid.index(query.piece);
        let mut states = Vec::new();
        let mut state = last;
        while state != NO_STATE {
            try_push(&mut states, state, "the path's states")?;
            let (cell, side) = (state as usize / 4, state as usize % 4);
            let g = self
                .best
                .cost(state as usize)
                .expect("a state of the search");
            if cell == piece && self.start_costs[side] == Some(g) {
                break;
            }
            // The piece came from the side the blank is on, stepping the other way.
            let from = grid.step(cell, Dir::from_index(side));
            let dir = Dir::from_index(side).opposite().index();
            state = (0..4)
                .map(|a| from * 4 + a)
                .find(|&prev| {
                    self.best.expanded_cost(prev).is_some_and(|prev_g| {
                        let row = self.tables.detour.row(grid, prev, &mut self.scratch);
                        row[dir] != UNREACHABLE && prev_g + u64::from(row[dir]) + 1 == g
                    })
                })
                .expect("an expanded state set this cost") as u32;
        }
        states.reverse();

        let length = usize::try_from(moves).unwrap_or(usize::MAX);
        let mut path = try_with_capacity(length, "the path")?;
        let Some(&first) = states.first() else {
            return Ok(Moves::from(path)); // the piece starts on the target
        };
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
        Ok(Moves::from(path))
    }
}

/// The most a search's priority (cost plus heuristic) can rise in one step, for its
/// bucket queue, when the longest detour computed so far is `longest_so_far` and the
/// heuristic has landmark bounds or not.
fn max_step(longest_so_far: u32, landmarks: bool) -> u64 {
    let longest = u64::from(longest_so_far).max(MIN_WINDOW) + 1;
    if landmarks {
        2 * longest + 5
    } else {
        longest + 5
    }
}

/// Per state: the best cost found in the current search and whether the state has been
/// expanded, in one `u64` with the search's epoch, so that a search starts in O(1)
/// and a state's check is one load (8 bytes a state, where a `Stamped` cost and parent
/// took 24).
#[derive(Clone, Debug)]
struct Costs {
    /// `epoch << 48 | expanded << 47 | cost`; a slot of another epoch is unset.
    slots: Vec<u64>,
    epoch: u64,
}

/// Costs are below 2^47: a shortest solution takes each of at most 2^24 states once,
/// each step costing at most a detour (under 2^22, the board's cells) plus one.
const COST_BITS: u32 = 47;
const COST_MASK: u64 = (1 << COST_BITS) - 1;
const CLOSED_BIT: u64 = 1 << COST_BITS;
const EPOCH_SHIFT: u32 = 48;

impl Costs {
    fn new(len: usize) -> Result<Costs, AllocError> {
        Ok(Costs {
            slots: try_vec(len, 0, "the search's table of costs")?,
            epoch: 1,
        })
    }

    /// Forgets every cost (a full sweep once every 65,535 searches).
    fn clear(&mut self) {
        self.epoch += 1;
        if self.epoch == 1 << (64 - EPOCH_SHIFT) {
            self.slots.fill(0);
            self.epoch = 1;
        }
    }

    /// The cost of state `i`, if set in this search.
    #[inline]
    fn cost(&self, i: usize) -> Option<u64> {
        let slot = self.slots[i];
        (slot >> EPOCH_SHIFT == self.epoch).then_some(slot & COST_MASK)
    }

    /// The cost of state `i` if it is set and not expanded yet.
    #[inline]
    fn open_cost(&self, i: usize) -> Option<u64> {
        let slot = self.slots[i];
        (slot >> COST_BITS == self.epoch << 1).then_some(slot & COST_MASK)
    }

    /// The cost of state `i` if it has been expanded.
    #[inline]
    fn expanded_cost(&self, i: usize) -> Option<u64> {
        let slot = self.slots[i];
        (slot >> COST_BITS == self.epoch << 1 | 1).then_some(slot & COST_MASK)
    }

    /// Whether `cost` is below state `i`'s (or `i` has none yet).
    #[inline]
    fn improves(&self, i: usize, cost: u64) -> bool {
        let slot = self.slots[i];
        slot >> EPOCH_SHIFT != self.epoch || cost < slot & COST_MASK
    }

    /// Sets state `i`'s cost, not expanded.
    #[inline]
    fn set(&mut self, i: usize, cost: u64) {
        debug_assert!(cost <= COST_MASK);
        self.slots[i] = self.epoch << EPOCH_SHIFT | cost;
    }

    /// Marks state `i` (set in this search) expanded.
    #[inline]
    fn close(&mut self, i: usize) {
        self.slots[i] |= CLOSED_BIT;
    }
}

/// A lower bound on the moves still needed with the piece at `(r, c)`, the blank on its
/// `side` and the target at `(tr, tc)`: the exact cost on an endless board without
/// fixed cells, where the blank's walk round the piece is as short as it can be.
///
/// There, a piece step costs 1 plus the blank's walk to the side it steps to: nothing
/// if the blank is there already, 2 to a neighbouring side, 4 to the opposite one.
/// After a step the blank is behind the piece, so a later step costs 3 when it turns
/// and 5 when it goes straight on (undoing the last step costs 1 but gains nothing).
/// The cheapest way to cover `x` columns and `y` rows alternates the two as long as
/// it can; the longer run goes straight on for the rest. Being an exact cost in a
/// relaxation of the real board (every real detour is at least as long), it is a
/// consistent heuristic.
#[inline]
fn heuristic((r, c): (u32, u32), side: Dir, (tr, tc): (u32, u32)) -> u64 {
    let y = u64::from(r.abs_diff(tr));
    let x = u64::from(c.abs_diff(tc));
    let k = x + y;
    if k == 0 {
        return 0;
    }
    let walk = |to: Dir| -> u64 {
        if side == to {
            0
        } else if side == to.opposite() {
            4
        } else {
            2
        }
    };
    // First step along the axis with `first` steps to go, `other` along the other one.
    let cost = |to: Dir, first: u64, other: u64| -> u64 {
        let straight = if first > other {
            first - other - 1
        } else {
            other - first
        };
        1 + walk(to) + 3 * (k - 1) + 2 * straight
    };
    let vertical = if tr < r { Dir::Up } else { Dir::Down };
    let horizontal = if tc < c { Dir::Left } else { Dir::Right };
    match (y > 0, x > 0) {
        (true, true) => cost(vertical, y, x).min(cost(horizontal, x, y)),
        (true, false) => cost(vertical, y, x),
        _ => cost(horizontal, x, y),
    }
}

/// [`heuristic`] for every offset between a cell and the target and every side,
/// computed once per board: the search looks it up instead of working it out for each
/// state it generates.
#[derive(Debug)]
struct HeuristicTable {
    /// Per (row offset, column offset, side), offsets shifted to be non-negative;
    /// values saturate at `u16::MAX`, which keeps the heuristic admissible and
    /// consistent (min(h, M) is, when h is).
    table: Vec<u16>,
    rows: usize,
    cols: usize,
    /// Number of column offsets, `2 * cols - 1`.
    width: usize,
}

impl HeuristicTable {
    fn new(grid: &Grid<bool>) -> Result<HeuristicTable, AllocError> {
        let (rows, cols) = (grid.rows(), grid.cols());
        let width = 2 * cols - 1;
        let mut table = try_vec((2 * rows - 1) * width * 4, 0, "the heuristic table")?;
        // Any cell works as the origin: the heuristic depends on differences only.
        let origin = (rows as u32, cols as u32);
        for dr in 0..2 * rows - 1 {
            for dc in 0..width {
                let target = (
                    origin.0 + dr as u32 - (rows as u32 - 1),
                    origin.1 + dc as u32 - (cols as u32 - 1),
                );
                let at = (dr * width + dc) * 4;
                for side in Dir::ALL {
                    let h = heuristic(origin, side, target).min(u64::from(u16::MAX));
                    table[at + side.index()] = h as u16;
                }
            }
        }
        Ok(HeuristicTable {
            table,
            rows,
            cols,
            width,
        })
    }

    /// Where the entries of a piece on `(r, c)` with the target on `(tr, tc)` start
    /// (both in the grid's padded coordinates).
    #[inline]
    fn at(&self, (r, c): (u32, u32), (tr, tc): (u32, u32)) -> usize {
        let dr = (tr as usize + self.rows - 1) - r as usize;
        let dc = (tc as usize + self.cols - 1) - c as usize;
        (dr * self.width + dc) * 4
    }

    /// How [`HeuristicTable::at`] changes when the piece steps in each direction.
    fn steps(&self) -> [isize; 4] {
        Dir::ALL.map(|d| {
            let (dr, dc) = d.delta();
            -(dr * self.width as isize + dc) * 4
        })
    }

    /// The heuristic with the blank on `side`, from entries starting at `at`.
    #[inline]
    fn get(&self, at: usize, side: Dir) -> u64 {
        u64::from(self.table[at + side.index()])
    }
}

/// A component label for every stored cell: equal labels for movable cells joined by
/// movable cells; `u32::MAX` for fixed cells and the border.
fn components(grid: &Grid<bool>) -> Result<Vec<u32>, AllocError> {
    let mut label = try_vec(grid.storage_size(), u32::MAX, "the table of components")?;
    let mut queue = FifoQueue::new();
    // A cell a search at most: pushes never grow the queue.
    queue.try_reserve(grid.storage_size())?;
    let mut next_label = 0;
    for start in grid.inner_indices() {
        if !grid[start] || label[start] != u32::MAX {
            continue;
        }
        label[start] = next_label;
        queue.clear();
        queue.push(start as u32);
        while let Some(here) = queue.pop() {
            for dir in Dir::ALL {
                let next = grid.step(here as usize, dir);
                if grid[next] && label[next] == u32::MAX {
                    label[next] = next_label;
                    queue.push(next as u32);
                }
            }
        }
        next_label += 1;
    }
    Ok(label)
}

/// The blank's shortest distances from `blank` to every side of `piece` it can reach,
/// never entering `piece` ([`Scratch::toward_sides`]). Once it has one side, the detour
/// table says which others are reachable, so it never sweeps the rest of the board
/// looking for a side walled off behind the piece.
fn blank_to_sides(
    detour: &DetourTable,
    grid: &Grid<bool>,
    scratch: &mut Scratch,
    blank: usize,
    piece: usize,
) -> [Option<u64>; 4] {
    let mut found = [None; 4];
    let mut wanted = usize::MAX; // unknown until the first side is found
    scratch.toward_sides(grid, detour.coords(), piece, blank, |side, g| {
        found[side] = Some(u64::from(g));
        if wanted == usize::MAX {
            let joined = detour.joined(piece) >> (side * 4) & 0xf;
            wanted = joined.count_ones() as usize;
        }
        wanted -= 1;
        wanted == 0
    });
    found
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Pos;
    use rstest::rstest;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// The sizes are written out: a test in terms of the constants would move with them.
    #[rstest]
    #[case::tiny(1, Some(8))]
    #[case::at_64_x_64(4096, Some(8))]
    #[case::over_64_x_64(4097, Some(16))]
    #[case::at_the_most_for_16(1 << 18, Some(16))]
    #[case::over_the_most_for_16((1 << 18) + 1, Some(8))]
    #[case::at_the_most(1 << 20, Some(8))]
    #[case::too_large((1 << 20) + 1, None)]
    fn landmarks_by_board_size(#[case] cells: usize, #[case] count: Option<usize>) {
        assert_eq!(landmark_count(cells), count);
    }

    /// How `solve_all` shares its queries out, at the edges of each rule (sizes written
    /// out, as above).
    #[rstest]
    #[case::too_little_work(66 * 66, 100, 8, None)]
    #[case::one_core(66 * 66, 1000, 1, None)]
    #[case::two_cores(66 * 66, 1000, 2, Some((2, 8)))]
    // 1000 queries are work for 31 threads of 32 queries; 31 x 8 queries a round.
    #[case::fewer_threads_than_cores(66 * 66, 1000, 40, Some((31, 4)))]
    #[case::just_enough_work(40_000, 100, 8, Some((3, 4)))]
    #[case::just_too_little_work(40_000, 99, 8, None)]
    #[case::too_few_queries_for_two_threads(40_000, 63, 8, None)]
    #[case::just_below_heavy((1 << 18) - 1, 16, 4, None)]
    // From 2^18 cells on, a query is a thread's work; blocks of one query.
    #[case::heavy(1 << 18, 16, 4, Some((4, 1)))]
    #[case::a_thread_a_query(1 << 19, 8, 16, Some((8, 1)))]
    #[case::heavy_blocks_of_two(1 << 18, 32, 2, Some((2, 2)))]
    // At 2^20 cells the buffers of 8 threads are all there may be.
    #[case::buffers_for_eight(1 << 20, 16, 16, Some((8, 1)))]
    #[case::too_large_for_threads((1 << 20) + 1, 16, 16, None)]
    fn queries_are_split_by_work_and_cores(
        #[case] cells: usize,
        #[case] queries: usize,
        #[case] cores: usize,
        #[case] expected: Option<(usize, usize)>,
    ) {
        assert_eq!(split(cells, queries, cores), expected);
    }

    /// The window is the longest detour (at least 250) plus 1 for the move and 5 for
    /// the heuristic; with landmarks twice the step and the same 5.
    #[rstest]
    #[case(0, false, 256)]
    #[case(250, false, 256)]
    #[case(300, false, 306)]
    #[case(0, true, 507)]
    #[case(300, true, 607)]
    fn bucket_window(#[case] longest: u32, #[case] landmarks: bool, #[case] step: u64) {
        assert_eq!(max_step(longest, landmarks), step);
    }

    /// `Costs::clear` is O(1), leaving old slots as they are, but for a sweep once the
    /// epoch has gone through its 16 bits; costs and marks work in every epoch.
    #[test]
    fn costs_forget_in_every_epoch() {
        let mut costs = Costs::new(3).unwrap();
        let check = |costs: &mut Costs| {
            assert_eq!(costs.cost(0), None);
            assert!(costs.improves(0, COST_MASK));
            costs.set(0, 5);
            assert_eq!(costs.cost(0), Some(5));
            assert_eq!(costs.open_cost(0), Some(5));
            assert_eq!(costs.expanded_cost(0), None);
            assert!(costs.improves(0, 4) && !costs.improves(0, 5));
            costs.close(0);
            assert_eq!(costs.cost(0), Some(5));
            assert_eq!(costs.open_cost(0), None);
            assert_eq!(costs.expanded_cost(0), Some(5));
            costs.set(1, COST_MASK);
            assert_eq!(costs.open_cost(1), Some(COST_MASK));
        };
        check(&mut costs);
        costs.set(2, 9); // left from the first epoch
        costs.clear();
        assert_ne!(costs.slots[2], 0, "no sweep");
        assert_eq!(costs.cost(2), None);
        check(&mut costs);
        // Epochs 1 to 2^16 - 1, then a sweep and epoch 1 again.
        for _ in 2..(1 << 16) - 1 {
            costs.clear();
        }
        assert_ne!(costs.slots[2], 0, "no sweep yet");
        check(&mut costs);
        costs.clear();
        assert_eq!(costs.slots, [0; 3], "a sweep");
        assert_eq!(costs.cost(2), None, "the first epoch's slot is gone");
        check(&mut costs);
    }

    /// The blank's search for the piece's sides stops once it has every side it can
    /// reach, rather than sweeping the board.
    #[rstest]
    // One row: the blank, on the piece's left, can never reach its right.
    #[case::one_side(&["1111111111"], (0, 4), (0, 5), [None, None, Some(0), None], (0, 2))]
    // Open board: four sides, then stop short of the far corner.
    #[case::four_sides(&["1111111", "1111111", "1111111", "1111111", "1111111"], (2, 2), (2, 3), [Some(2), Some(2), Some(0), Some(4)], (4, 6))]
    // The piece in a door: the blank has its side already, and the other is past it.
    #[case::in_a_door(&["11111", "11111", "11111", "00100", "11111"], (2, 2), (3, 2), [Some(0), None, None, None], (0, 0))]
    fn blank_to_sides_stops_with_every_side(
        #[case] rows: &[&str],
        #[case] blank: (usize, usize),
        #[case] piece: (usize, usize),
        #[case] expected: [Option<u64>; 4],
        #[case] unvisited: (usize, usize),
    ) {
        let board = Board::from_rows(rows).unwrap();
        let grid = board.grid();
        let detour = DetourTable::new(grid).unwrap();
        let mut scratch = Scratch::new(grid).unwrap();
        let at = |(r, c)| grid.index(Pos::new(r, c));
        let found = blank_to_sides(&detour, grid, &mut scratch, at(blank), at(piece));
        assert_eq!(found, expected);
        assert!(!scratch.reached(at(unvisited)));
    }

    /// The threaded path of `solve_all`, forced on any machine by claiming more cores
    /// than it may have: the answers are those of `solve` one by one, in order, found
    /// on as many threads as there are cores to use.
    #[test]
    fn solve_all_on_threads_answers_like_solve() {
        use crate::generate::{Family, GenParams, generate};
        for family in [Family::Random, Family::Rooms] {
            let params = GenParams {
                family,
                rows: 64,
                cols: 64,
                density: 20,
                queries: 1000,
                seed: 3,
            };
            let (board, queries) = generate(&params).unwrap();
            let mut solver = BoardSolver::new(&board, Limits::NONE).unwrap();
            assert!(queries.len() * board.grid().storage_size() >= THREADED_WORK);
            let one_by_one: Result<Vec<_>, _> = queries.iter().map(|q| solver.solve(q)).collect();
            for cores in [1, 2, 3, 5] {
                // A fresh solver each time: its landmarks are made on `cores` threads.
                let mut solver = BoardSolver::new(&board, Limits::NONE).unwrap();
                assert_eq!(
                    solver.solve_all_on(&queries, cores),
                    (one_by_one.clone().unwrap(), None),
                    "{family} {cores}"
                );
                assert_eq!(solver.threads_used, cores, "{family}");
                assert!(solver.tables.landmarks.get().is_some_and(Option::is_some));
            }
            // Little work stays on the calling thread, however many cores.
            assert_eq!(solver.solve_all_on(&queries[..100], 8).1, None);
            assert_eq!(solver.threads_used, 1, "{family}: too little work");
        }
    }

    /// On a large board a few queries get a thread each, taking one query at a time.
    #[test]
    fn solve_all_gives_queries_on_large_boards_a_thread_each() {
        use crate::generate::{Family, GenParams, generate};
        let params = GenParams {
            family: Family::Random,
            rows: 512,
            cols: 512,
            density: 20,
            queries: 16, // 16 x 514 x 514 = 4.2 million: over THREADED_WORK
            seed: 8,
        };
        let (board, queries) = generate(&params).unwrap();
        assert!(board.grid().storage_size() >= HEAVY_QUERY_CELLS);
        let mut solver = BoardSolver::new(&board, Limits::NONE).unwrap();
        let one_by_one: Result<Vec<_>, _> = queries.iter().map(|q| solver.solve(q)).collect();
        let mut solver = BoardSolver::new(&board, Limits::NONE).unwrap();
        assert_eq!(
            solver.solve_all_on(&queries, 3),
            (one_by_one.unwrap(), None)
        );
        assert_eq!(solver.threads_used, 3);
    }

    /// A query that fails stops `solve_all` on threads as one by one: the answers
    /// before it and its error, the first in order, whichever thread met which first.
    #[test]
    fn solve_all_on_threads_stops_at_the_first_query_that_fails() {
        use crate::generate::{Family, GenParams, generate};
        let params = GenParams {
            family: Family::Random,
            rows: 64,
            cols: 64,
            density: 20,
            queries: 1000,
            seed: 5,
        };
        let (board, mut queries) = generate(&params).unwrap();
        let outside = Pos::new(64, 0);
        for i in [700, 300] {
            queries[i].target = outside;
        }
        let mut solver = BoardSolver::new(&board, Limits::NONE).unwrap();
        let one_by_one: Vec<_> = queries[..300]
            .iter()
            .map(|q| solver.solve(q).unwrap())
            .collect();
        let error = solver.solve(&queries[300]).unwrap_err();
        for cores in [1, 2, 3, 5] {
            let mut solver = BoardSolver::new(&board, Limits::NONE).unwrap();
            assert_eq!(
                solver.solve_all_on(&queries, cores),
                (one_by_one.clone(), Some(error.clone())),
                "{cores}"
            );
        }
        // Every query fails: the first is the one named.
        let mut solver = BoardSolver::new(&board, Limits::NONE).unwrap();
        let none: Vec<Query> = queries
            .iter()
            .map(|q| Query {
                target: outside,
                ..*q
            })
            .collect();
        let (answers, error) = solver.solve_all_on(&none, 3);
        assert_eq!((answers.len(), error.is_some()), (0, true));
    }

    /// A query's search watches the stop of `solve_all`'s threads: raised for an
    /// earlier query, it ends within a look (a few thousand states) where the search
    /// alone generates many times more; raised for a later one, it runs on.
    #[test]
    fn a_raised_stop_ends_the_search_of_a_later_query() {
        use crate::generate::{Family, GenParams, generate};
        let params = GenParams {
            family: Family::Rooms,
            rows: 512,
            cols: 512,
            density: 20,
            queries: 20,
            seed: 4,
        };
        let (board, queries) = generate(&params).unwrap();
        let mut solver = BoardSolver::new(&board, Limits::NONE).unwrap();
        let (query, alone) = queries
            .iter()
            .map(|q| {
                let answer = solver.solve(q);
                (q, answer, solver.stats.generated)
            })
            .max_by_key(|&(_, _, generated)| generated)
            .map(|(q, answer, generated)| ((q, answer), generated))
            .unwrap();
        assert!(alone > 20_000, "the hardest query generates {alone} states");
        let stop = Stop::new();
        stop.raise(3);
        solver.watch = Some((stop.clone(), 4));
        assert_eq!(
            solver.solve(query.0),
            Err(SolveError::Limit(LimitError::Stopped))
        );
        assert!(solver.stats.generated <= 5000, "{:?}", solver.stats);
        solver.watch = Some((stop, 3));
        assert_eq!(solver.solve(query.0), query.1);
        assert_eq!(solver.stats.generated, alone);
    }

    #[test]
    fn heuristic_table_matches_the_formula() {
        for (rows, cols) in [(1, 1), (1, 6), (5, 1), (4, 7), (8, 3)] {
            let grid = Grid::new(rows, cols, 1, true, false);
            let table = HeuristicTable::new(&grid).unwrap();
            for cell in grid.inner_indices() {
                for target in grid.inner_indices() {
                    for side in Dir::ALL {
                        let rc =
                            |i: usize| ((i / grid.stride()) as u32, (i % grid.stride()) as u32);
                        let at = table.at(rc(cell), rc(target));
                        assert_eq!(
                            table.get(at, side),
                            heuristic(rc(cell), side, rc(target)),
                            "{rows}x{cols} cell {cell} target {target} {side}"
                        );
                        // Stepping the piece moves the entries by a fixed amount.
                        for d in Dir::ALL {
                            let next = grid.step(cell, d);
                            if grid[next] {
                                let moved = at.wrapping_add_signed(table.steps()[d.index()]);
                                assert_eq!(moved, table.at(rc(next), rc(target)));
                            }
                        }
                    }
                }
            }
        }
    }

    /// The heuristic equals the exact cost on an open board, found by Dijkstra from
    /// the target backwards over (piece cell, blank side) with the relaxed step costs.
    #[test]
    fn heuristic_is_the_exact_open_board_cost() {
        const R: i64 = 12; // board -R..=R in both axes, target at the centre
        let size = (2 * R + 1) as usize;
        let id =
            |r: i64, c: i64, side: usize| (((r + R) as usize * size) + (c + R) as usize) * 4 + side;
        let mut dist = vec![u64::MAX; size * size * 4];
        let mut heap = BinaryHeap::new();
        for side in 0..4 {
            dist[id(0, 0, side)] = 0;
            heap.push(Reverse((0u64, 0i64, 0i64, side)));
        }
        // Backwards: state (p, s) reached from (p - m, s0) by a step m with s = opp(m).
        while let Some(Reverse((d, r, c, side))) = heap.pop() {
            if d > dist[id(r, c, side)] {
                continue;
            }
            let m = Dir::from_index(side).opposite();
            let (dr, dc) = m.delta();
            let (pr, pc) = (r - dr as i64, c - dc as i64);
            if pr.abs() > R || pc.abs() > R {
                continue;
            }
            for s0 in Dir::ALL {
                let walk = if s0 == m {
                    0
                } else if s0 == m.opposite() {
                    4
                } else {
                    2
                };
                let nd = d + 1 + walk;
                let prev = id(pr, pc, s0.index());
                if nd < dist[prev] {
                    dist[prev] = nd;
                    heap.push(Reverse((nd, pr, pc, s0.index())));
                }
            }
        }
        // Far from the region's edge, where the open-board optimum fits inside.
        for r in -6..=6i64 {
            for c in -6..=6i64 {
                for side in Dir::ALL {
                    let at = ((r + 20) as u32, (c + 20) as u32);
                    assert_eq!(
                        heuristic(at, side, (20, 20)),
                        dist[id(r, c, side.index())],
                        "({r}, {c}) {side}"
                    );
                }
            }
        }
    }
}
