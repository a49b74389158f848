//! The solver: picks a method for a board, keeps the tables it built (and its last set
//! of databases) for the next board, and solves many boards on a pool of threads.

use crate::board::Board;
use crate::checkpoint::{Checkpointing, Session};
use crate::fsm::Pruning;
use crate::geometry::{Geometry, Labelled, MoveOrder};
use crate::heuristics::Heuristics;
use crate::memory::{self, Stop};
use crate::pdb::{Deadline, MAX_PDB_CELLS, Partition};
use crate::store::TableStore;
use crate::table::{DistanceTable, MAX_TABLE_CELLS};
use crate::{line, manhattan, pdb_search};
use grid_core::progress::Watch;
use grid_core::{Dir, LimitError, Limits, Meter, Moves, SearchStats, Solution};
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// How a board is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Method {
    /// The solver's choice: [`Method::Line`] for boards one cell wide, [`Method::Table`]
    /// up to 10 cells, [`Method::Pdb`] for 4 x 4 and 5 x 5 (after a quick try with
    /// [`Method::Manhattan`], see [`Solver::solve_all`]), and
    /// [`Method::Manhattan`] for the rest.
    Auto,
    /// Boards of one row or one column: the blank walks straight home.
    Line,
    /// The distance of every arrangement, by one breadth-first search from the goal
    /// (boards of up to 10 cells), then a walk down the distances.
    Table,
    /// IDA* with the Manhattan distance plus linear conflicts (any board).
    Manhattan,
    /// IDA* with additive disjoint pattern databases and their reflected lookup
    /// (6-6-3 on 4 x 4, 6-6-6-6 on 5 x 5, smaller groups on other boards of up to 32
    /// cells).
    Pdb,
}

impl Method {
    /// Every method, in the order `--help` lists them.
    pub const ALL: [Method; 5] = [
        Method::Auto,
        Method::Line,
        Method::Table,
        Method::Manhattan,
        Method::Pdb,
    ];

    /// The method's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Line => "line",
            Method::Table => "table",
            Method::Manhattan => "manhattan",
            Method::Pdb => "pdb",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Method {
    type Err = String;

    fn from_str(s: &str) -> Result<Method, String> {
        Method::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
                format!("expected one of {}, found {s:?}", names.join(", "))
            })
    }
}

/// Why a solver gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// The search stopped at one of its [`Limits`].
    Limit(LimitError),
    /// The method asked for does not take boards of this shape.
    Unsupported {
        /// The method.
        method: Method,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// The memory for the board's tables or pattern databases could not be had.
    Memory {
        /// The bytes of the allocation that failed.
        bytes: usize,
    },
    /// A checkpointed search halted (its halt flag raised, or the count it halts after
    /// reached) and handed its checkpoint over (see [`Checkpointing`]): in its search,
    /// or while its databases were built (a checkpoint of the search not begun, or the
    /// one it resumed from). Halted in the quick try of [`Method::Auto`], before any
    /// checkpoint, it hands none over: the run is to be made again.
    Halted,
    /// The checkpoint to resume from was written for another board, other databases or
    /// another version of the program (what differs).
    Mismatch {
        /// What differs: "another board", "other databases", ...
        what: &'static str,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SolveError::Limit(e) => e.fmt(f),
            SolveError::Unsupported { method, rows, cols } => {
                let takes = match method {
                    Method::Line => "boards of one row or one column".to_string(),
                    Method::Table => format!("boards of at most {MAX_TABLE_CELLS} cells"),
                    Method::Pdb => {
                        format!("boards of 2 x 2 to {MAX_PDB_CELLS} cells")
                    }
                    _ => "every board".to_string(),
                };
                write!(f, "the method {method} takes {takes}, not {rows} x {cols}")
            }
            SolveError::Memory { bytes } => write!(
                f,
                "out of memory: the board's tables needed {bytes} bytes more, which could not be allocated"
            ),
            SolveError::Halted => f.write_str("the search was halted"),
            SolveError::Mismatch { what } => write!(
                f,
                "the checkpoint to resume from was written for {what}: refused (start without it)"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<LimitError> for SolveError {
    fn from(e: LimitError) -> SolveError {
        SolveError::Limit(e)
    }
}

/// A budget for a caller that wants one and names none: two billion positions generated
/// (about a minute of IDA*), no time limit. The gridsolve command line gives it to a
/// search whose user set no state limit; [`Solver::new`] has no limit, as every solver
/// crate's, so pass it with [`Solver::with_limits`].
pub const DEFAULT_LIMITS: Limits = Limits {
    max_states: Some(2_000_000_000),
    max_time: None,
};

/// The positions the quick try of [`Method::Auto`] may generate before it reads
/// databases kept in the solver's store (or builds [`Partition::Large`], asked for),
/// and the least it may generate before it builds them (see [`Solver::try_size`]).
const QUICK_TRY: u64 = 200_000;

/// The positions the quick try may generate before it uses databases the solver
/// holds: they cost nothing more to have, and their search never generates more
/// positions than plain IDA*'s (each group's distance is at least the Manhattan
/// distance of its tiles), so the try only answers the boards near their goal, where a
/// position of plain IDA* is cheaper (see [`Solver::try_size`]).
const HELD_TRY: u64 = 10_000;

/// One board's answer from [`Solver::solve_all`], with what its search did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The solution, `None` if the goal cannot be reached.
    pub answer: Result<Option<Solution>, SolveError>,
    /// The search's counts.
    pub stats: SearchStats,
    /// The method that solved it.
    pub method: Method,
}

/// Solves boards one after another (or many at once, [`Solver::solve_all`]), keeping
/// the tables and databases it built for the next board.
///
/// Every path it returns is the shortest path that comes first in the order of the
/// letters' bytes (`D < L < R < U`, the order of the judges' `d l r u`): the tables walk
/// down the distances trying the moves in that order, and IDA* tries them in that order
/// and stops at the first path in its last iteration, which no heuristic that never
/// overestimates can have cut off.
///
/// ```
/// use fifteen::{Board, Method, Solver};
///
/// let mut solver = Solver::new();
/// let board = Board::with_default_goal(3, 3, &[2, 3, 4, 1, 5, 0, 7, 6, 8])?;
/// let solution = solver.solve_with_path(&board)?.expect("solvable");
/// assert_eq!(solution.path.to_string(), "DLURULLDDRURDLLURDR");
///
/// // The same board by IDA*: the same first shortest path.
/// let mut ida = Solver::new().with_method(Method::Manhattan);
/// assert_eq!(ida.solve_with_path(&board)?, Some(solution));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Solver {
    limits: Limits,
    method: Method,
    partition: Partition,
    order: MoveOrder,
    pruning: Pruning,
    threads: usize,
    stats: SearchStats,
    last_method: Option<Method>,
    tables: HashMap<(usize, usize, usize), Arc<DistanceTable>>,
    /// At most one set (see [`Solver::solve_all`]).
    databases: HashMap<(usize, usize, usize), Arc<Heuristics>>,
    databases_built: u64,
    /// Who is told how the builds and searches go (see [`Solver::with_progress`]).
    watch: Watch,
    /// Where built databases are kept between runs (see [`Solver::with_store`]).
    store: Option<Arc<dyn TableStore>>,
    /// How the pattern-database search is checkpointed (see
    /// [`Solver::with_checkpoints`]).
    checkpoints: Option<Checkpointing>,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

/// What solving one board needs, shared by the threads of [`Solver::solve_all`].
#[derive(Debug)]
struct Plan {
    geo: Geometry,
    start: Labelled,
    method: Method,
    table: Option<Arc<DistanceTable>>,
    databases: Option<Arc<Heuristics>>,
    /// The solver's watcher, told of the board's iterations.
    watch: Watch,
    /// The checkpointed search's session, for the board checkpointed.
    session: Option<Arc<Session>>,
    /// The order in which the searches try the blank's moves.
    order: MoveOrder,
    /// Which paths the searches skip.
    pruning: Pruning,
}

impl Plan {
    /// Its board's shape and blank goal cell, which its table or databases depend on.
    fn key(&self) -> (usize, usize, usize) {
        (
            self.geo.rows,
            self.geo.cols,
            usize::from(self.start.blank_label),
        )
    }
}

impl Solver {
    /// A solver with no limits ([`Limits::NONE`]), as every solver crate's `new`: a
    /// budget is [`Solver::with_limits`]'s (e.g. [`DEFAULT_LIMITS`]).
    pub fn new() -> Solver {
        Solver::with_limits(Limits::NONE)
    }

    /// A solver whose searches stop at `limits` (positions generated, time).
    ///
    /// ```
    /// use fifteen::{Board, LimitError, Limits, SolveError, Solver};
    ///
    /// // The 8 x 8 board turned half round: far beyond a budget of a thousand positions.
    /// let start: Vec<u8> = Board::default_goal(8, 8).into_iter().rev().collect();
    /// let board = Board::with_default_goal(8, 8, &start)?;
    /// let limits = Limits { max_states: Some(1000), ..Limits::NONE };
    /// let stopped = Solver::with_limits(limits).solve(&board);
    /// assert_eq!(stopped, Err(SolveError::Limit(LimitError::States(1000))));
    /// # Ok::<(), fifteen::BoardError>(())
    /// ```
    pub fn with_limits(limits: Limits) -> Solver {
        Solver {
            limits,
            method: Method::Auto,
            partition: Partition::Standard,
            order: MoveOrder::LETTERS,
            pruning: Pruning::Automaton,
            threads: 0,
            stats: SearchStats::default(),
            last_method: None,
            tables: HashMap::new(),
            databases: HashMap::new(),
            databases_built: 0,
            watch: Watch::NONE,
            store: None,
            checkpoints: None,
        }
    }

    /// This solver, telling `watch` how its long work goes: a pattern-database build
    /// the entries settled of their total, an IDA* search each iteration's bound and
    /// the positions generated (see [`grid_core::progress`]). Answers, counts and
    /// budgets are the same watched or not.
    #[must_use]
    pub fn with_progress(mut self, watch: Watch) -> Solver {
        self.watch = watch;
        self
    }

    /// This solver, reading its pattern databases from `store` where it keeps them and
    /// giving it those it builds (see [`TableStore`]). Answers, paths, counts and
    /// budgets are the same with a store or without: a table read is charged as one
    /// built.
    #[must_use]
    pub fn with_store(mut self, store: Arc<dyn TableStore>) -> Solver {
        self.store = Some(store);
        self
    }

    /// This solver, checkpointing its pattern-database search as `checkpoints` says
    /// (and resuming it from the checkpoint given there, if any): the answer, path and
    /// counts of a search halted and resumed, any number of times, are those of the
    /// search run through. Checkpoints are for one board: of the boards of one
    /// [`Solver::solve_all`], the first that uses databases is checkpointed; a board
    /// resumed skips the quick try, whose positions the checkpoint counts.
    ///
    /// ```
    /// use fifteen::{Board, Checkpoint, CheckpointSink, Checkpointing, Method, SolveError, Solver};
    /// use std::sync::{Arc, Mutex};
    ///
    /// #[derive(Debug, Default)]
    /// struct Last(Mutex<Option<Checkpoint>>);
    /// impl CheckpointSink for Last {
    ///     fn save(&self, checkpoint: &Checkpoint) {
    ///         *self.0.lock().unwrap() = Some(checkpoint.clone());
    ///     }
    /// }
    ///
    /// let board = Board::with_default_goal(3, 4, &[8, 7, 2, 1, 3, 0, 11, 4, 5, 9, 10, 6])?;
    /// let mut through = Solver::new().with_method(Method::Pdb);
    /// let whole = through.solve_with_path(&board)?;
    ///
    /// let last = Arc::new(Last::default());
    /// let halting = Checkpointing::new(last.clone()).halt_after(500);
    /// let mut first = Solver::new().with_method(Method::Pdb).with_checkpoints(halting);
    /// assert_eq!(first.solve_with_path(&board), Err(SolveError::Halted));
    /// let checkpoint = last.0.lock().unwrap().clone().expect("saved when it halted");
    ///
    /// let resuming = Checkpointing::new(last.clone()).resuming(checkpoint);
    /// let mut second = Solver::new().with_method(Method::Pdb).with_checkpoints(resuming);
    /// assert_eq!(second.solve_with_path(&board)?, whole);
    /// assert_eq!(second.stats(), through.stats());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_checkpoints(mut self, checkpoints: Checkpointing) -> Solver {
        self.checkpoints = Some(checkpoints);
        self
    }

    /// This solver, using `method` for every board.
    #[must_use]
    pub fn with_method(mut self, method: Method) -> Solver {
        self.method = method;
        self
    }

    /// This solver, searching with the pattern databases of `partition` (the
    /// [`Partition::Standard`] ones by default) wherever it searches with databases.
    /// Answers and paths are the same; the counts, the tables' memory and the time to
    /// build them are the partition's.
    #[must_use]
    pub fn with_partition(mut self, partition: Partition) -> Solver {
        if partition != self.partition {
            // The set held is the other partition's.
            self.databases.clear();
        }
        self.partition = partition;
        self
    }

    /// This solver, its searches trying the blank's moves in `order` (the letters'
    /// order, `DLRU`, by default). The answers are the same; each path is a shortest
    /// one, in the letters' order the first, in another order the one the search
    /// meets first (the first in that order of those the search's pruning of
    /// duplicate paths keeps); the counts are the order's.
    ///
    /// ```
    /// use fifteen::{Board, MoveOrder, Solver};
    ///
    /// let board = Board::with_default_goal(3, 3, &[1, 2, 3, 4, 0, 8, 7, 6, 5])?;
    /// let letters = Solver::new().solve_with_path(&board)?.unwrap();
    /// let order: MoveOrder = "ULRD".parse()?;
    /// let other = Solver::new().with_move_order(order).solve_with_path(&board)?.unwrap();
    /// assert_eq!(letters.path.to_string(), "DRULDR");
    /// assert_eq!(other.path.to_string(), "RDLURD");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_move_order(mut self, order: MoveOrder) -> Solver {
        self.order = order;
        self
    }

    /// This solver, its depth-first searches (IDA*, any heuristic) skipping the paths
    /// `pruning` says ([`Pruning::Automaton`] by default). The answers are the same,
    /// and so are the paths in the letters' order (in another, [`Pruning::Parent`]
    /// gives the first shortest path in that order, the automaton the first of those
    /// it keeps); the positions searched are not. [`Pruning::Parent`] is what the
    /// published runs on the 24-puzzle did: with the same tables and order, it
    /// counts what they counted.
    ///
    /// ```
    /// use fifteen::{Board, Method, Pruning, Solver};
    ///
    /// let board = Board::with_default_goal(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1])?;
    /// let mut automaton = Solver::new().with_method(Method::Manhattan);
    /// let mut parent = Solver::new().with_method(Method::Manhattan).with_pruning(Pruning::Parent);
    /// let (a, b) = (automaton.solve_with_path(&board)?, parent.solve_with_path(&board)?);
    /// assert_eq!(a, b);
    /// assert_eq!(a.unwrap().moves(), 31);
    /// assert!(automaton.stats().expanded < parent.stats().expanded);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_pruning(mut self, pruning: Pruning) -> Solver {
        self.pruning = pruning;
        self
    }

    /// This solver, running on `threads` threads (0: as many as the machine has cores):
    /// [`Solver::solve_all`]'s boards, and a pattern-database search's long iterations
    /// split among the threads the other boards leave (a single board's, all of them).
    /// Answers, paths, counts and budgets are the same on any number of threads.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Solver {
        self.threads = threads;
        self
    }

    /// The threads [`Solver::with_threads`] asks for, 0 being every core.
    fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }

    /// The limits of every search.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The minimum number of moves from the start to the goal, or `None` if the goal
    /// cannot be reached (known from the parity rule, without a search).
    ///
    /// # Errors
    /// When the search stops at one of the solver's limits, or the method asked for
    /// does not take the board.
    pub fn solve(&mut self, board: &Board) -> Result<Option<u64>, SolveError> {
        Ok(self
            .solve_with_path(board)?
            .map(|solution| solution.path.len() as u64))
    }

    /// A shortest solution (the first in the order `D < L < R < U`), or `None` if the
    /// goal cannot be reached.
    ///
    /// The board is solved as [`Solver::solve_all`] solves it, the same steps charged
    /// against the same budget, so one board and one budget have one outcome however
    /// they are asked for.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_with_path(&mut self, board: &Board) -> Result<Option<Solution>, SolveError> {
        let outcome = self
            .solve_all(std::slice::from_ref(board))
            .pop()
            .expect("one outcome a board");
        // No search ran for a board the parity rule or the method's shape refused.
        let searched = match &outcome.answer {
            Ok(Some(_)) => true,
            Ok(None) | Err(SolveError::Unsupported { .. }) => false,
            Err(_) => true,
        };
        self.last_method = searched.then_some(outcome.method);
        outcome.answer
    }

    /// Builds what `board` needs (its table or databases), whatever the state budget
    /// (but not past the time limit), so that a later solve does not wait for them;
    /// the method it will be solved with. The budget a solve charges is the same
    /// whether they were prepared or not: see [`Solver::solve_all`].
    ///
    /// # Errors
    /// When the method asked for does not take the board, or the memory for its tables
    /// cannot be had.
    pub fn prepare(&mut self, board: &Board) -> Result<Method, SolveError> {
        let method = self.method_for(board)?;
        let geo = Geometry::new(board.rows(), board.cols());
        let key = (
            board.rows(),
            board.cols(),
            usize::from(Labelled::start(board).blank_label),
        );
        match method {
            Method::Table => {
                self.table_for(&geo, key)?;
            }
            Method::Pdb => {
                self.databases_within(&geo, key)?;
            }
            _ => {}
        }
        Ok(method)
    }

    /// Solves every board, on a pool of threads ([`Solver::with_threads`]), each
    /// search under the solver's limits; [`Solver::solve_with_path`] is this on one
    /// board. The solver's [`Solver::stats`] are then the sums.
    ///
    /// What a board's budget pays for, whatever asks for it: the positions its
    /// searches generate and, where it uses pattern databases, their entries (11.5
    /// million on the 15-puzzle, 255 million on the 24-puzzle), charged in full on
    /// every board that uses them, built by it or by an earlier one. Under
    /// [`Method::Auto`] a 4 x 4 or 5 x 5 board first has a quick try, IDA* with the
    /// Manhattan distance, as long as what having the databases costs: 10,000
    /// positions where the solver holds them, 200,000 where they are kept in its
    /// store, else the positions that take as long as their build (57.7 million on the
    /// 15-puzzle, 2.55 billion on the 24-puzzle), shared among the boards of the call
    /// that need them; within half the budget at most (or the budget, up to 200,000).
    /// So a board that plain IDA* answers costs what plain IDA* costs, up to the price
    /// of the build, and a board that needs the databases at most about twice what it
    /// would building them at once (a build is never wasted on an easy board). Only a
    /// board the try does not settle, and whose budget has room for the try and the
    /// entries, has its databases built (or read) and searched within what is left. So
    /// a larger budget never fails where a smaller one answers: the try only grows with
    /// the budget, and so does what the search over the databases is left. A budget
    /// without room for the databases stops the board ([`LimitError::States`]) without
    /// building them; a build stops at the time limit ([`LimitError::Time`]). What a
    /// try costs depends on whether the databases are at hand, so a board's counts (and
    /// where a tight budget stops it) may differ once they are.
    ///
    /// The solver holds one set of pattern databases at a time: the boards that need
    /// them are solved set by set, in the order of each set's first board, and a new
    /// set is built only after the last one is dropped, so memory follows one board's
    /// databases, not the number of blank goal cells.
    pub fn solve_all(&mut self, boards: &[Board]) -> Vec<Outcome> {
        self.solve_boards(boards, None)
    }

    /// As [`Solver::solve_all`], but it stops at the first board, in order, that
    /// fails: the outcomes up to it, it included (`Err` only in the last). Once a
    /// board fails, the searches of the boards after it that are running beside it
    /// stop at once (their meters watch a [`grid_core::Stop`], looked at every few thousand
    /// positions) and no later board starts, nor a database set that only later boards
    /// need; the boards before it run on, so the error is that of the first board
    /// that fails, as one by one. [`Solver::stats`] are the sums of every search run,
    /// the stopped ones included.
    ///
    /// ```
    /// use fifteen::{Board, Limits, Solver};
    ///
    /// let start: Vec<u8> = Board::default_goal(8, 8).into_iter().rev().collect();
    /// let hopeless = Board::with_default_goal(8, 8, &start)?;
    /// let limits = Limits { max_states: Some(10_000), ..Limits::NONE };
    /// let mut solver = Solver::with_limits(limits).with_threads(1);
    /// let outcomes = solver.solve_until_error(&vec![hopeless; 50]);
    /// assert_eq!(outcomes.len(), 1);
    /// assert!(outcomes[0].answer.is_err());
    /// // The 49 boards after it generated nothing.
    /// assert!(solver.stats().generated < 10_100);
    /// # Ok::<(), fifteen::BoardError>(())
    /// ```
    pub fn solve_until_error(&mut self, boards: &[Board]) -> Vec<Outcome> {
        let stop = grid_core::Stop::new();
        let mut outcomes = self.solve_boards(boards, Some(&stop));
        if let Some(first) = outcomes.iter().position(|o| o.answer.is_err()) {
            outcomes.truncate(first + 1);
        }
        outcomes
    }

    /// [`Solver::solve_all`], each board's searches watching `stop` (if any) with the
    /// board's index as rank, and a board that fails raising it.
    fn solve_boards(&mut self, boards: &[Board], stop: Option<&grid_core::Stop>) -> Vec<Outcome> {
        let auto = self.method == Method::Auto;
        // A failed board stops the boards after it (never for a stop of its own).
        let failed = |i: usize, outcome: &Outcome| {
            if let (Some(stop), Err(e)) = (stop, &outcome.answer)
                && *e != SolveError::Limit(LimitError::Stopped)
            {
                stop.raise(i as u64);
            }
        };
        let stop_at = |i: usize| stop.map(|stop| (stop, i as u64));
        // A board resumed from its checkpoint skips the quick try, whose positions the
        // checkpoint counts (`None` for any other board).
        let resume = self.checkpoints.as_ref().and_then(|c| c.resume.clone());
        let resuming = resume.is_some();
        let resumed = |board: &Board| {
            resume
                .as_ref()
                .filter(|c| {
                    (c.rows, c.cols, &c.start[..], &c.goal[..])
                        == (board.rows(), board.cols(), board.start(), board.goal())
                })
                .map(|c| c.quick)
        };
        // The first board that waits for databases is checkpointed, if any is; the
        // quick tries before halt with its search.
        let mut checkpointed = false;
        let halt = self.checkpoints.as_ref().map(|c| Arc::clone(&c.halt));
        let mut plans = Vec::new();
        if memory::reserve(&mut plans, boards.len()).is_err() {
            let e = SolveError::Memory {
                bytes: boards.len().saturating_mul(size_of::<Plan>()),
            };
            return self.every(boards, e);
        }
        for board in boards {
            let method = self.method_for(board).unwrap_or(Method::Manhattan);
            plans.push((self.plan(board), method));
        }
        // The size of the quick try of each set of databases the boards want.
        let tries: HashMap<(usize, usize, usize), u64> = wanting(&plans)
            .into_iter()
            .map(|(key, boards)| (key, self.try_size(key, boards)))
            .collect();
        let threads = self.thread_count();
        let limits = self.limits;
        let first = threads_each(threads, plans.len());
        let mut outcomes = on_threads(threads, plans.len(), |i| {
            let (plan, method) = &plans[i];
            let attempt = match plan {
                Err(e) => Attempt::Done(Outcome {
                    answer: Err(*e),
                    stats: SearchStats::default(),
                    method: *method,
                }),
                Ok(None) => Attempt::Done(Outcome {
                    answer: Ok(None),
                    stats: SearchStats::default(),
                    method: *method,
                }),
                Ok(Some(plan)) if plan.method == Method::Pdb && !plan.start.is_goal() => {
                    match resumed(&boards[i]) {
                        Some(quick) => Attempt::NeedsDatabases { quick },
                        // Refused before any try: the checkpoint is another board's.
                        None if resuming => Attempt::Done(Outcome {
                            answer: Err(SolveError::Mismatch {
                                what: "another board",
                            }),
                            stats: SearchStats::default(),
                            method: *method,
                        }),
                        None if auto => {
                            let size = tries[&plan.key()];
                            quick_try(plan, limits, size, stop_at(i), halt.as_ref())
                        }
                        None => Attempt::NeedsDatabases { quick: 0 },
                    }
                }
                Ok(Some(_)) if resuming => Attempt::Done(Outcome {
                    answer: Err(SolveError::Mismatch {
                        what: "another board",
                    }),
                    stats: SearchStats::default(),
                    method: *method,
                }),
                Ok(Some(plan)) => Attempt::Done(finish(plan, limits, (0, 0), first, stop_at(i))),
            };
            if let Attempt::Done(outcome) = &attempt {
                failed(i, outcome);
            }
            attempt
        });
        // The boards the quick try left, a set of databases at a time: those whose
        // budget has room for the databases' entries are solved with them.
        let mut keys: Vec<(usize, usize, usize)> = Vec::new();
        for (i, attempt) in outcomes.iter().enumerate() {
            if let (Attempt::NeedsDatabases { .. }, Ok(Some(plan))) = (attempt, &plans[i].0) {
                let key = plan.key();
                if !keys.contains(&key) {
                    keys.push(key);
                }
            }
        }
        for key in keys {
            let geo = Geometry::new(key.0, key.1);
            let entries = Heuristics::entries(&geo, (key.2, self.partition));
            let mut waiting = Vec::new();
            for (i, attempt) in outcomes.iter_mut().enumerate() {
                let Attempt::NeedsDatabases { quick } = *attempt else {
                    continue;
                };
                let Ok(Some(plan)) = &plans[i].0 else {
                    unreachable!("only a plan needs databases");
                };
                if plan.key() != key {
                    continue;
                }
                if stop.is_some_and(|stop| stop.stops(i as u64)) {
                    *attempt = stopped(LimitError::Stopped.into(), quick);
                    continue;
                }
                match limits.max_states {
                    Some(max) if quick.saturating_add(entries) > max => {
                        *attempt = stopped(LimitError::States(max).into(), quick);
                        if let Attempt::Done(outcome) = attempt {
                            failed(i, outcome);
                        }
                    }
                    _ => waiting.push((i, quick)),
                }
            }
            // The board to checkpoint (the first that waits, if none was before), its
            // session made before the databases are built: a checkpoint of other
            // databases or another version is refused without a build, and a halt in
            // the build hands over the checkpoint resumed from, or one of the search not
            // begun (resumed, it skips the quick try the checkpoint counts and begins at
            // the start's bound).
            let mut session = None;
            if let (Some(config), Some(&(i, quick))) = (
                self.checkpoints.as_ref().filter(|_| !checkpointed),
                waiting.first(),
            ) {
                checkpointed = true;
                let names = Heuristics::names(&geo, (key.2, self.partition));
                let made = Session::new(
                    config.clone(),
                    (&boards[i], self.order, self.pruning),
                    names,
                    quick,
                );
                match config.resume.as_ref().and_then(|r| made.mismatch(r)) {
                    Some(what) => {
                        waiting.remove(0);
                        outcomes[i] = stopped(SolveError::Mismatch { what }, quick);
                        if let Attempt::Done(outcome) = &outcomes[i] {
                            failed(i, outcome);
                        }
                    }
                    None => session = Some((i, Arc::new(made))),
                }
            }
            if waiting.is_empty() {
                continue;
            }
            let databases = match self.databases_within(&geo, key) {
                Ok(databases) => databases,
                Err(e) => {
                    if e == SolveError::Halted
                        && let Some((_, session)) = &session
                    {
                        session.save(session.config.resume.as_ref().unwrap_or(&session.template));
                    }
                    for &(i, quick) in &waiting {
                        outcomes[i] = stopped(e, quick);
                        if let Attempt::Done(outcome) = &outcomes[i] {
                            failed(i, outcome);
                        }
                    }
                    continue;
                }
            };
            for &(i, _) in &waiting {
                if let Ok(Some(plan)) = &mut plans[i].0 {
                    plan.databases = Some(Arc::clone(&databases));
                    if let Some((_, made)) = session.as_ref().filter(|(at, _)| *at == i) {
                        plan.session = Some(Arc::clone(made));
                    }
                }
            }
            drop(databases);
            let each = threads_each(threads, waiting.len());
            let finished = on_threads(threads, waiting.len(), |w| {
                let (i, quick) = waiting[w];
                let Ok(Some(plan)) = &plans[i].0 else {
                    unreachable!("only a plan needs databases");
                };
                let outcome = finish(plan, limits, (quick, entries), each, stop_at(i));
                failed(i, &outcome);
                outcome
            });
            for (&(i, _), outcome) in waiting.iter().zip(finished) {
                outcomes[i] = Attempt::Done(outcome);
                // The set is dropped with its last board, before the next is built.
                if let Ok(Some(plan)) = &mut plans[i].0 {
                    plan.databases = None;
                }
            }
        }
        let outcomes: Vec<Outcome> = outcomes
            .into_iter()
            .map(|attempt| match attempt {
                Attempt::Done(outcome) => outcome,
                Attempt::NeedsDatabases { .. } => unreachable!("every board was finished"),
            })
            .collect();
        self.stats = outcomes
            .iter()
            .fold(SearchStats::default(), |sum, o| SearchStats {
                expanded: sum.expanded + o.stats.expanded,
                generated: sum.generated + o.stats.generated,
            });
        self.watch.finished();
        outcomes
    }

    /// Every board answered `e`, no search run.
    fn every(&mut self, boards: &[Board], e: SolveError) -> Vec<Outcome> {
        self.stats = SearchStats::default();
        boards
            .iter()
            .map(|board| Outcome {
                answer: Err(e),
                stats: SearchStats::default(),
                method: self.method_for(board).unwrap_or(Method::Manhattan),
            })
            .collect()
    }

    /// What the last search did (for [`Solver::solve_all`], the sums).
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The method that solved the last board ([`Method::Auto`] resolved), if a search
    /// ran.
    pub fn last_method(&self) -> Option<Method> {
        self.last_method
    }

    /// Bytes held by the tables and databases built so far.
    pub fn table_bytes(&self) -> usize {
        let tables: usize = self.tables.values().map(|t| t.bytes()).sum();
        let databases: usize = self.databases.values().map(|d| d.bytes()).sum();
        tables + databases
    }

    /// Sets of pattern databases held now (one a board shape and blank goal cell; the
    /// solver holds at most one, see [`Solver::solve_all`]).
    pub fn databases_held(&self) -> usize {
        self.databases.len()
    }

    /// Sets of pattern databases built so far (each dropped when the next is built).
    pub fn databases_built(&self) -> u64 {
        self.databases_built
    }

    /// The method for `board`: [`Method::Auto`] resolved, and checked against the
    /// board's shape.
    ///
    /// # Errors
    /// When the method asked for does not take the board.
    pub fn method_for(&self, board: &Board) -> Result<Method, SolveError> {
        let (rows, cols) = (board.rows(), board.cols());
        let thin = rows == 1 || cols == 1;
        let method = match self.method {
            Method::Auto if thin => Method::Line,
            Method::Auto if rows * cols <= MAX_TABLE_CELLS => Method::Table,
            Method::Auto if matches!((rows, cols), (4, 4) | (5, 5)) => Method::Pdb,
            Method::Auto => Method::Manhattan,
            other => other,
        };
        let supported = match method {
            Method::Line => thin,
            Method::Table => rows * cols <= MAX_TABLE_CELLS,
            Method::Pdb => rows * cols <= MAX_PDB_CELLS && !thin,
            _ => true,
        };
        if supported {
            Ok(method)
        } else {
            Err(SolveError::Unsupported { method, rows, cols })
        }
    }

    /// The plan for `board`, its table built (its databases come later, in
    /// [`Solver::solve_all`]); `None` when the parity rule says the goal cannot be
    /// reached.
    fn plan(&mut self, board: &Board) -> Result<Option<Plan>, SolveError> {
        let method = self.method_for(board)?;
        if !board.is_solvable() {
            return Ok(None);
        }
        let geo = Geometry::new(board.rows(), board.cols());
        let start = Labelled::start(board);
        let key = (board.rows(), board.cols(), usize::from(start.blank_label));
        let table = if method == Method::Table {
            Some(self.table_for(&geo, key)?)
        } else {
            None
        };
        Ok(Some(Plan {
            geo,
            start,
            method,
            table,
            databases: None,
            watch: self.watch.clone(),
            session: None,
            order: self.order,
            pruning: self.pruning,
        }))
    }

    fn table_for(
        &mut self,
        geo: &Geometry,
        key: (usize, usize, usize),
    ) -> Result<Arc<DistanceTable>, SolveError> {
        if let Some(table) = self.tables.get(&key) {
            return Ok(Arc::clone(table));
        }
        let built =
            DistanceTable::build(geo, key.2).map_err(|e| SolveError::Memory { bytes: e.bytes })?;
        Ok(Arc::clone(
            self.tables.entry(key).or_insert(Arc::new(built)),
        ))
    }

    /// The databases of `key`, built if need be within the time limit (counted from
    /// now), after the set held before is dropped: the solver holds one set at a time.
    /// A checkpointed solver's build halts as its search does, when the halt flag is
    /// raised ([`SolveError::Halted`]; the tables done by then are kept in the store).
    fn databases_within(
        &mut self,
        geo: &Geometry,
        key: (usize, usize, usize),
    ) -> Result<Arc<Heuristics>, SolveError> {
        if let Some(databases) = self.databases.get(&key) {
            return Ok(Arc::clone(databases));
        }
        self.databases.clear();
        let at = self.limits.max_time.map(|limit| Instant::now() + limit);
        let halt = self.checkpoints.as_ref().map(|c| &*c.halt);
        let deadline = Deadline::at(at).halting_on(halt);
        let which = (key.2, self.partition);
        let built = Heuristics::build_by(geo, which, deadline, &self.watch, self.store.as_deref())
            .map_err(|stop| match stop {
                Stop::Time => LimitError::Time(self.limits.max_time.unwrap_or_default()).into(),
                Stop::Halted => SolveError::Halted,
                Stop::Memory(e) => SolveError::Memory { bytes: e.bytes },
            })?;
        self.databases_built += 1;
        Ok(Arc::clone(
            self.databases.entry(key).or_insert(Arc::new(built)),
        ))
    }
}

/// A board of [`Solver::solve_all`] after its first pass: answered, or left by the
/// quick try for its databases, with the positions the try generated.
enum Attempt {
    Done(Outcome),
    NeedsDatabases { quick: u64 },
}

/// A board that needed databases, stopped by `e` after its quick try's `quick`
/// positions.
fn stopped(e: SolveError, quick: u64) -> Attempt {
    Attempt::Done(Outcome {
        answer: Err(e),
        stats: SearchStats {
            expanded: 0,
            generated: quick,
        },
        method: Method::Pdb,
    })
}

impl Solver {
    /// The positions the quick try may generate (before the budget's cap, see
    /// [`quick_search`]) on a board whose databases are `key`'s, when `boards` boards
    /// of the call want them: [`HELD_TRY`] where the solver holds them; [`QUICK_TRY`]
    /// where all their tables are in the store (a read) or they are asked for
    /// ([`Partition::Large`]: built, since the solver was given them); else what their
    /// build costs ([`Heuristics::build_cost`]) shared among the boards, at least
    /// [`QUICK_TRY`] (rent before buying: a board costs at most about twice the cheaper
    /// of the two ways).
    fn try_size(&self, key: (usize, usize, usize), boards: u64) -> u64 {
        let geo = Geometry::new(key.0, key.1);
        let kept = || {
            self.store.as_ref().is_some_and(|store| {
                Heuristics::kept(&geo, (key.2, self.partition))
                    .iter()
                    .all(|(name, bytes)| store.has(name, *bytes))
            })
        };
        if self.databases.contains_key(&key) {
            HELD_TRY
        } else if self.partition == Partition::Large || kept() {
            QUICK_TRY
        } else {
            (Heuristics::build_cost(&geo, (key.2, self.partition)) / boards.max(1)).max(QUICK_TRY)
        }
    }
}

/// The quick try of [`Method::Auto`] on a board that uses databases: IDA* with the
/// Manhattan distance within `size` positions, capped by the budget (see
/// [`quick_search`]; a budget the try spent is the board's answer: no databases are
/// built). A checkpointed solver's try halts when the `halt` flag is raised, as its
/// search would, with no checkpoint: nothing is done that a run would not do again.
fn quick_try(
    plan: &Plan,
    limits: Limits,
    size: u64,
    stop: StopAt<'_>,
    halt: Option<&Arc<AtomicBool>>,
) -> Attempt {
    let (tried, quick) = quick_search(plan, limits, size, stop, halt);
    match tried {
        Ok((path, stats)) => Attempt::Done(Outcome {
            answer: Ok(path.map(|p| Solution {
                path: Moves::from(p),
            })),
            stats,
            method: Method::Manhattan,
        }),
        // Stopped by the quick try's own budget: the databases may do better.
        Err(LimitError::States(cap)) if limits.max_states.is_none_or(|m| m > cap) => {
            Attempt::NeedsDatabases { quick }
        }
        Err(LimitError::Stopped) if halt.is_some_and(|flag| flag.load(Ordering::Relaxed)) => {
            stopped(SolveError::Halted, quick)
        }
        Err(e) => stopped(e.into(), quick),
    }
}

/// The quick try's search, IDA* with the Manhattan distance within `size` positions,
/// and within half the budget (or the budget itself, up to [`QUICK_TRY`]: a larger
/// budget never gives a smaller try), and the positions it generated.
fn quick_search(
    plan: &Plan,
    limits: Limits,
    size: u64,
    stop: StopAt<'_>,
    halt: Option<&Arc<AtomicBool>>,
) -> (Searched, u64) {
    let budget = limits
        .max_states
        .map_or(size, |m| size.min((m / 2).max(m.min(QUICK_TRY))));
    let mut quick = metered(
        Limits {
            max_states: Some(budget),
            ..limits
        },
        stop,
    );
    if let Some(flag) = halt {
        quick = quick.halting_on(flag);
    }
    let tried = manhattan::Search::new(&plan.geo, &plan.start, &mut quick)
        .and_then(|search| search.ordered(plan.order).pruned(plan.pruning))
        .and_then(|search| search.watched(&plan.watch).run());
    (tried, quick.states())
}

/// A planned board's search under `limits` on up to `threads` threads, `(quick,
/// entries)` already spent: the positions of the quick try, counted in its statistics,
/// and the entries of its databases, charged against the budget only.
fn finish(
    plan: &Plan,
    limits: Limits,
    (quick, entries): (u64, u64),
    threads: usize,
    stop: StopAt<'_>,
) -> Outcome {
    let mut meter = metered(limits, stop);
    match meter
        .charge(quick + entries)
        .and_then(|()| run(plan, &mut meter, threads))
    {
        Ok((path, mut stats)) => Outcome {
            answer: Ok(path.map(|p| Solution {
                path: Moves::from(p),
            })),
            stats: {
                stats.generated += quick;
                stats
            },
            method: plan.method,
        },
        Err(e) => Outcome {
            answer: Err(stopped_as(e, plan.session.as_deref())),
            stats: SearchStats {
                expanded: 0,
                generated: meter.states() - entries,
            },
            method: plan.method,
        },
    }
}

/// How many of the boards' plans want each set of databases (a board's shape and blank
/// goal cell): those to be searched with databases, not already at their goal.
fn wanting(
    plans: &[(Result<Option<Plan>, SolveError>, Method)],
) -> HashMap<(usize, usize, usize), u64> {
    let mut wanting: HashMap<(usize, usize, usize), u64> = HashMap::new();
    for (plan, _) in plans {
        if let Ok(Some(plan)) = plan
            && plan.method == Method::Pdb
            && !plan.start.is_goal()
        {
            *wanting.entry(plan.key()).or_default() += 1;
        }
    }
    wanting
}

/// The threads a board's search may split itself among when `boards` boards share
/// `threads`: those the other boards leave it, at least one.
fn threads_each(threads: usize, boards: usize) -> usize {
    (threads / boards.max(1)).max(1)
}

/// The error of a search stopped at `e`: a checkpointed search (`session`) stopped
/// with its halt flag up has halted (its checkpoint handed over); any other stop is
/// the limit's own.
fn stopped_as(e: LimitError, session: Option<&Session>) -> SolveError {
    match (e, session) {
        (LimitError::Stopped, Some(session)) if session.halting() => SolveError::Halted,
        _ => e.into(),
    }
}

/// A stop a board's searches watch, and the board's rank (its index).
type StopAt<'a> = Option<(&'a grid_core::Stop, u64)>;

/// A meter under `limits` starting now, watching the stop and rank of `stop` (if any).
fn metered(limits: Limits, stop: StopAt<'_>) -> Meter {
    let meter = Meter::start(limits);
    match stop {
        Some((stop, rank)) => meter.watching(stop, rank),
        None => meter,
    }
}

/// `work(0)` to `work(count - 1)` on up to `threads` threads (this one and the others
/// that start: a thread that cannot start leaves its share to those that did), each
/// taking the next index when it is free; the results in index order.
fn on_threads<T: Send>(threads: usize, count: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= count {
                return done;
            }
            done.push((i, work(i)));
        }
    };
    let mut done: Vec<(usize, T)> = std::thread::scope(|scope| {
        let others: Vec<_> = (1..threads.clamp(1, count.max(1)))
            .map_while(|_| std::thread::Builder::new().spawn_scoped(scope, worker).ok())
            .collect();
        let mut done = worker();
        for other in others {
            done.extend(
                other
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            );
        }
        done
    });
    done.sort_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, t)| t).collect()
}

/// A search's path (`None`: the goal cannot be reached) and what it did, or the limit
/// that stopped it.
pub(crate) type Searched = Result<(Option<Vec<Dir>>, SearchStats), LimitError>;

/// Solves a planned board, a pattern-database search on up to `threads` threads: the
/// path, and what the search did (the same on any number of threads).
fn run(plan: &Plan, meter: &mut Meter, threads: usize) -> Searched {
    if plan.start.is_goal() {
        return Ok((Some(Vec::new()), SearchStats::default()));
    }
    match plan.method {
        Method::Line => Ok((
            Some(line::path(plan.geo.rows, &plan.start)),
            SearchStats::default(),
        )),
        Method::Table => {
            let table = plan.table.as_ref().expect("planned with its table");
            Ok((
                table.path(&plan.geo, &plan.start, plan.order),
                SearchStats::default(),
            ))
        }
        Method::Pdb => {
            let databases = plan.databases.as_ref().expect("planned with its databases");
            match **databases {
                Heuristics::ZeroAware(_) => {
                    search_of::<pdb_search::ZeroAware>(plan, databases, meter, threads)
                }
                Heuristics::Additive(_) => {
                    search_of::<pdb_search::Additive>(plan, databases, meter, threads)
                }
            }
        }
        _ => manhattan::Search::new(&plan.geo, &plan.start, meter)?
            .ordered(plan.order)
            .pruned(plan.pruning)?
            .watched(&plan.watch)
            .run(),
    }
}

/// The pattern-database search of a planned board over `databases`, of the kind `K`.
fn search_of<K: pdb_search::Kind>(
    plan: &Plan,
    databases: &Heuristics,
    meter: &mut Meter,
    threads: usize,
) -> Searched {
    pdb_search::Search::<K>::new(&plan.geo, databases, &plan.start, meter)?
        .ordered(plan.order)
        .pruned(plan.pruning)?
        .watched(&plan.watch)
        .checkpointed(plan.session.as_deref())
        .run(threads)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 8 x 8 board turned half round: far beyond any budget of these tests.
    fn hopeless() -> Board {
        let start: Vec<u8> = Board::default_goal(8, 8).into_iter().rev().collect();
        Board::with_default_goal(8, 8, &start).unwrap()
    }

    fn budget(states: u64) -> Limits {
        Limits {
            max_states: Some(states),
            max_time: None,
        }
    }

    #[test]
    fn the_quick_try_rents_the_standard_databases_and_not_the_large_ones_asked_for() {
        // Cold, the 15-puzzle's 6-6-3 cost 57.7 million positions, shared among the
        // boards that want them; the 7-8, asked for, are built after the shortest try.
        let key = (4, 4, 0);
        let standard = Solver::new();
        assert_eq!(standard.try_size(key, 1), 11_531_520 * 5 + 3360 * 5);
        assert_eq!(standard.try_size(key, 2), (11_531_520 * 5 + 3360 * 5) / 2);
        assert_eq!(standard.try_size(key, 1 << 40), QUICK_TRY);
        let large = Solver::new().with_partition(Partition::Large);
        assert_eq!(large.try_size(key, 1), QUICK_TRY);
        // On a board of another shape, the same.
        assert_eq!(large.try_size((3, 4, 11), 1), QUICK_TRY);
        assert!(standard.try_size((3, 4, 11), 1) > QUICK_TRY);
        // Held, the databases get the shortest try, and only those of the shape held.
        let mut held = Solver::new().with_method(Method::Pdb);
        let near = Board::with_default_goal(3, 4, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11]);
        held.prepare(&near.unwrap()).unwrap();
        assert_eq!(held.try_size((3, 4, 11), 1 << 40), HELD_TRY);
        assert_eq!(held.try_size(key, 1 << 40), QUICK_TRY);
    }

    /// Korf's 82nd 15-puzzle: IDA* with the Manhattan distance answers it in no quick
    /// try (it needs more positions than the databases' build costs).
    fn korf_82() -> Board {
        let start = [14, 10, 2, 1, 13, 9, 8, 11, 7, 3, 6, 12, 15, 5, 4, 0];
        Board::new(4, 4, &start, &(0..16).collect::<Vec<u8>>()).unwrap()
    }

    /// A sink that keeps no checkpoint.
    #[derive(Debug)]
    struct Nowhere;

    impl crate::checkpoint::CheckpointSink for Nowhere {
        fn save(&self, _: &crate::Checkpoint) {}
    }

    /// [`Method::Auto`] by the board's shape: a line on one row or column, the whole
    /// table up to ten cells, the databases on the 15- and 24-puzzle's boards, IDA*
    /// with the Manhattan distance on the others; a method asked for is checked
    /// against the shape.
    #[test]
    fn auto_picks_the_method_by_the_board_s_shape() {
        let board = |rows: usize, cols: usize| {
            Board::with_default_goal(rows, cols, &Board::default_goal(rows, cols)).unwrap()
        };
        let auto = Solver::new();
        let picked: Vec<_> = [
            (1, 5),
            (6, 1),
            (2, 2),
            (3, 3),
            (2, 5),
            (5, 2),
            (3, 4),
            (2, 6),
        ]
        .into_iter()
        .chain([(4, 4), (5, 5), (4, 5), (6, 6)])
        .map(|(rows, cols)| auto.method_for(&board(rows, cols)).unwrap())
        .collect();
        use Method::{Line, Manhattan, Pdb, Table};
        assert_eq!(
            picked,
            [
                Line, Line, Table, Table, Table, Table, Manhattan, Manhattan, Pdb, Pdb, Manhattan,
                Manhattan
            ]
        );
        let asked = |method: Method, rows: usize, cols: usize| {
            Solver::new()
                .with_method(method)
                .method_for(&board(rows, cols))
        };
        assert_eq!(asked(Table, 2, 5), Ok(Table));
        assert!(asked(Table, 3, 4).is_err());
        assert!(asked(Line, 2, 3).is_err());
        assert!(asked(Pdb, 1, 6).is_err());
        assert_eq!(asked(Pdb, 3, 4), Ok(Pdb));
        assert_eq!(asked(Manhattan, 1, 6), Ok(Manhattan));
    }

    #[test]
    fn a_board_gets_the_threads_the_other_boards_leave_it() {
        let each: Vec<usize> = [(8, 1), (8, 2), (8, 3), (2, 5), (3, 0), (1, 1)]
            .iter()
            .map(|&(threads, boards)| threads_each(threads, boards))
            .collect();
        assert_eq!(each, [8, 4, 2, 1, 3, 1]);
    }

    /// The boards that want databases are counted by the set they want (shape and
    /// blank goal cell): not a board at its goal, nor one another method solves.
    #[test]
    fn the_boards_wanting_each_set_of_databases_are_counted() {
        let mut solver = Solver::new();
        let at_goal = Board::with_default_goal(4, 4, &Board::default_goal(4, 4)).unwrap();
        let blank_last = Board::with_default_goal(
            4,
            4,
            &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15],
        )
        .unwrap();
        let small = Board::with_default_goal(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).unwrap();
        let boards = [korf_82(), blank_last, at_goal, small, korf_82(), korf_82()];
        let plans: Vec<_> = boards
            .iter()
            .map(|board| (solver.plan(board), Method::Pdb))
            .collect();
        let want = wanting(&plans);
        assert_eq!(want, HashMap::from([((4, 4, 0), 3), ((4, 4, 15), 1)]));
    }

    /// Every board answered one error, by the method each would have had.
    #[test]
    fn every_board_gets_the_error_when_no_search_can_run() {
        let mut solver = Solver::new();
        let small = Board::with_default_goal(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).unwrap();
        let boards = [korf_82(), small, korf_82()];
        let e = SolveError::Memory { bytes: 5 };
        let outcomes = solver.every(&boards, e);
        let got: Vec<_> = outcomes
            .iter()
            .map(|o| (o.answer.clone(), o.stats, o.method))
            .collect();
        let none = SearchStats::default();
        assert_eq!(
            got,
            [
                (Err(e), none, Method::Pdb),
                (Err(e), none, Method::Table),
                (Err(e), none, Method::Pdb)
            ]
        );
        assert_eq!(solver.stats(), none);
    }

    /// The quick try's budget: half the caller's, or the caller's own up to
    /// [`QUICK_TRY`] (whichever is more), never past the try's size.
    #[test]
    fn the_quick_try_takes_half_the_budget_or_all_of_a_small_one() {
        let plan = Solver::new().plan(&korf_82()).unwrap().unwrap();
        for (max, cap) in [
            (4 * QUICK_TRY, 2 * QUICK_TRY),
            (3 * QUICK_TRY / 2, QUICK_TRY),
            (QUICK_TRY / 2, QUICK_TRY / 2),
        ] {
            let (tried, quick) = quick_search(&plan, budget(max), u64::MAX, None, None);
            assert_eq!(tried, Err(LimitError::States(cap)), "{max}");
            assert!((cap..cap + 100).contains(&quick), "{max}: {quick}");
        }
        let (tried, _) = quick_search(&plan, budget(4 * QUICK_TRY), 1000, None, None);
        assert_eq!(tried, Err(LimitError::States(1000)));
    }

    /// A quick try that spends the whole budget is the board's answer (the limit), and
    /// in `solve_until_error` the boards after it stop at their first look; one
    /// stopped short of a larger budget goes on to the databases, here refused
    /// because their entries do not fit in the budget: the limit is the budget's.
    #[test]
    fn a_quick_try_that_spends_the_budget_answers_the_board() {
        const BUDGET: u64 = 20_000;
        let boards = vec![korf_82(); 8];
        let mut solver = Solver::with_limits(budget(BUDGET)).with_threads(1);
        let outcomes = solver.solve_until_error(&boards);
        assert_eq!(outcomes.len(), 1);
        assert_eq!(
            outcomes[0].answer,
            Err(SolveError::Limit(LimitError::States(BUDGET)))
        );
        let searched = solver.stats().generated;
        assert!((BUDGET..BUDGET + 8 * 100).contains(&searched), "{searched}");
        let mut solver = Solver::with_limits(budget(4 * QUICK_TRY));
        assert_eq!(
            solver.solve(&korf_82()),
            Err(SolveError::Limit(LimitError::States(4 * QUICK_TRY)))
        );
        assert_eq!(solver.databases_built(), 0);
        let searched = solver.stats().generated;
        assert!(
            (2 * QUICK_TRY..2 * QUICK_TRY + 100).contains(&searched),
            "{searched}"
        );
    }

    /// A checkpointed solver's quick try halts when the flag is up: the board halted,
    /// not stopped.
    #[test]
    fn a_quick_try_halts_with_the_flag_up() {
        let config = Checkpointing::new(Arc::new(Nowhere));
        config.halt_flag().store(true, Ordering::Relaxed);
        let mut solver = Solver::new().with_checkpoints(config);
        assert_eq!(solver.solve(&korf_82()), Err(SolveError::Halted));
        assert_eq!(solver.databases_built(), 0);
    }

    /// A search stopped with its session's flag up halted; with the flag down, or with
    /// no session, or at another limit, the stop is the limit's.
    #[test]
    fn a_stop_is_a_halt_only_with_the_flag_up() {
        let session = |up: bool| {
            let config = Checkpointing::new(Arc::new(Nowhere));
            config.halt_flag().store(up, Ordering::Relaxed);
            Session::new(
                config,
                (&korf_82(), MoveOrder::LETTERS, Pruning::Automaton),
                Vec::new(),
                0,
            )
        };
        let (down, up) = (session(false), session(true));
        let stopped = SolveError::Limit(LimitError::Stopped);
        assert_eq!(
            stopped_as(LimitError::Stopped, Some(&up)),
            SolveError::Halted
        );
        assert_eq!(stopped_as(LimitError::Stopped, Some(&down)), stopped);
        assert_eq!(stopped_as(LimitError::Stopped, None), stopped);
        let spent = LimitError::States(5);
        assert_eq!(stopped_as(spent, Some(&up)), SolveError::Limit(spent));
    }

    /// The databases are built for a board whose budget has room for their entries
    /// (charged against the budget, not counted as positions searched), and not for
    /// one whose budget has less; a search stopped at its budget counts the positions
    /// it generated, not the entries.
    #[test]
    fn the_databases_are_built_when_the_budget_has_room_for_their_entries() {
        let board =
            Board::with_default_goal(3, 4, &[11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2, 0]).unwrap();
        let plan = Solver::new().plan(&board).unwrap().unwrap();
        let (rows, cols, blank) = plan.key();
        let entries = Heuristics::entries(&Geometry::new(rows, cols), (blank, Partition::Standard));
        assert!(entries > 1000, "{entries}");
        for (max, built, searched) in [
            (entries - 1, 0, 0..1),
            (entries, 1, 0..100),
            (entries + 1000, 1, 1000..1100),
        ] {
            let mut solver = Solver::with_limits(budget(max)).with_method(Method::Pdb);
            assert_eq!(
                solver.solve(&board),
                Err(SolveError::Limit(LimitError::States(max))),
                "{max}"
            );
            assert_eq!(solver.databases_built(), built, "{max}");
            assert_eq!(solver.databases_held(), built as usize, "{max}");
            let generated = solver.stats().generated;
            assert!(searched.contains(&generated), "{max}: {generated}");
        }
    }

    /// The builders keep what was set before them: a budget given to
    /// [`Solver::with_limits`] is the solver's after its threads, method and partition
    /// are chosen (a builder that dropped it would leave a search with no budget).
    #[test]
    fn a_solver_keeps_its_budget_through_its_builders() {
        let limits = Limits {
            max_states: Some(1234),
            max_time: Some(std::time::Duration::from_secs(56)),
        };
        let solver = Solver::with_limits(limits)
            .with_threads(3)
            .with_method(Method::Pdb)
            .with_partition(Partition::Standard);
        assert_eq!(solver.limits(), limits);
        assert_eq!(solver.thread_count(), 3);
        assert_eq!(Solver::new().limits(), Limits::NONE);
        // And the budget holds: the hopeless board stops at it.
        let mut solver = Solver::with_limits(budget(1234)).with_threads(2);
        assert_eq!(
            solver.solve(&hopeless()),
            Err(SolveError::Limit(LimitError::States(1234)))
        );
    }

    /// Boards of several shapes (and blank cells) in one call each get the databases
    /// of their own shape: the answers are the naive oracle's, and within a budget
    /// that a heuristic made for another shape would not keep to.
    #[test]
    fn boards_of_several_shapes_get_databases_of_their_own_shape() {
        let board = |rows: usize, cols: usize, start: &[u8]| {
            Board::with_default_goal(rows, cols, start).unwrap()
        };
        let boards = [
            board(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]),
            board(3, 4, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11]),
            board(2, 4, &[6, 7, 5, 4, 3, 2, 1, 0]),
            board(3, 4, &[5, 1, 3, 4, 2, 10, 6, 8, 9, 0, 7, 11]),
            Board::new(
                3,
                3,
                &[1, 2, 3, 4, 0, 5, 6, 7, 8],
                &[0, 1, 2, 3, 4, 5, 6, 7, 8],
            )
            .unwrap(),
        ];
        // The boards as the judge's text (rows and columns, the start, `goal` and the
        // goal), for the oracle.
        let rows = |board: &Board, cells: &[u8]| -> String {
            cells
                .chunks(board.cols())
                .map(|row| {
                    let row: Vec<String> = row.iter().map(u8::to_string).collect();
                    row.join(" ") + "\n"
                })
                .collect()
        };
        let text: String = boards
            .iter()
            .map(|b| {
                let (start, goal) = (rows(b, b.start()), rows(b, b.goal()));
                format!("{} {}\n{start}goal\n{goal}", b.rows(), b.cols())
            })
            .collect();
        let oracle = fifteen::oracle::solve_text(&text, Limits::NONE).unwrap();
        let expected: Vec<_> = oracle.iter().map(|a| Ok(a.as_ref().map(|a| a.0))).collect();
        let mut solver = Solver::with_limits(budget(2_000_000))
            .with_method(Method::Pdb)
            .with_threads(2);
        let answers: Vec<_> = solver
            .solve_all(&boards)
            .into_iter()
            .map(|o| o.answer.map(|s| s.map(|s| s.moves())))
            .collect();
        assert_eq!(answers, expected);
        // Four sets (three shapes, two blank goal cells on 3 x 3), and the answers are
        // not trivial.
        assert_eq!(solver.databases_built(), 4, "{answers:?}");
        assert!(
            expected
                .iter()
                .filter(|a| matches!(a, Ok(Some(n)) if *n >= 10))
                .count()
                >= 3,
            "{expected:?}"
        );
    }

    /// The quick try stops at its size, whatever the caller's budget (none here), and
    /// within a budget given (whole, up to [`QUICK_TRY`]): counted in positions. (The board, 28 moves from
    /// its goal, takes the same search 7,276 positions: a try of 1,000 cannot answer
    /// it, one of a million does.)
    #[test]
    fn the_quick_try_stops_at_its_size() {
        let board = Board::with_default_goal(
            4,
            4,
            &[0, 1, 2, 4, 5, 6, 3, 7, 9, 10, 15, 12, 14, 11, 13, 8],
        )
        .unwrap();
        let plan = Solver::new().plan(&board).unwrap().unwrap();
        assert_eq!(plan.method, Method::Pdb);
        let (tried, quick) = quick_search(&plan, Limits::NONE, 1000, None, None);
        assert_eq!(tried, Err(LimitError::States(1000)));
        assert!((1000..1100).contains(&quick), "{quick}");
        let (tried, quick) = quick_search(&plan, budget(1400), 1 << 20, None, None);
        assert_eq!(tried, Err(LimitError::States(1400)));
        assert!((1400..1500).contains(&quick), "{quick}");
        let (tried, quick) = quick_search(&plan, Limits::NONE, 1 << 20, None, None);
        let (path, _) = tried.unwrap();
        assert_eq!(path.map(|p| p.len()), Some(28));
        assert_eq!(quick, 7276);
    }

    /// 64 boards that each stop at the budget: `solve_all` searches every one of them,
    /// `solve_until_error` stops at the first, and the boards after it that start
    /// (on one thread: all of them; on two: those after the first two) stop at their
    /// first look at the stop, counted in positions, not in time.
    #[test]
    fn the_boards_after_one_that_fails_are_not_searched() {
        const BUDGET: u64 = 20_000;
        // A search stops a few positions past its budget (the children of the last
        // position it expands); a board started after the stop, at its first look.
        const SLACK: u64 = 100;
        let boards = vec![hopeless(); 64];
        let mut all = Solver::with_limits(budget(BUDGET)).with_threads(2);
        all.solve_all(&boards);
        assert!(all.stats().generated >= 64 * BUDGET, "{:?}", all.stats());
        for threads in [1, 2, 3] {
            let mut solver = Solver::with_limits(budget(BUDGET)).with_threads(threads);
            let outcomes = solver.solve_until_error(&boards);
            assert_eq!(outcomes.len(), 1, "{threads}");
            assert_eq!(
                outcomes[0].answer,
                Err(SolveError::Limit(LimitError::States(BUDGET)))
            );
            let searched = solver.stats().generated;
            let most = threads as u64 * (BUDGET + SLACK) + 64 * SLACK;
            assert!(
                (BUDGET..=most).contains(&searched),
                "{threads} threads: {searched} positions searched, at most {most}"
            );
        }
    }

    /// The boards before the one that fails run on, whichever fails first in time:
    /// the error is the first in order, after the answers before it.
    #[test]
    fn the_boards_before_one_that_fails_are_answered() {
        let easy = Board::with_default_goal(8, 8, &{
            let mut tiles = Board::default_goal(8, 8);
            tiles.swap(62, 63); // the blank one step from home
            tiles
        })
        .unwrap();
        let boards = [easy.clone(), easy.clone(), hopeless(), easy, hopeless()];
        for threads in [1, 2, 5] {
            let mut solver = Solver::with_limits(budget(5000)).with_threads(threads);
            let outcomes = solver.solve_until_error(&boards);
            let answers: Vec<_> = outcomes
                .iter()
                .map(|o| o.answer.as_ref().map(|s| s.as_ref().map(Solution::moves)))
                .collect();
            assert_eq!(
                answers,
                [
                    Ok(Some(1)),
                    Ok(Some(1)),
                    Err(&SolveError::Limit(LimitError::States(5000)))
                ],
                "{threads}"
            );
        }
    }

    /// A stop raised before a board starts (for a board before it): its search (a quick try, databases, an
    /// IDA*) stops at its first look, and no database set is built for it.
    #[test]
    fn a_board_after_a_raised_stop_builds_nothing() {
        let stop = grid_core::Stop::new();
        stop.raise(0);
        let mut solver = Solver::with_limits(Limits::NONE).with_threads(2);
        let korf_1: [u8; 16] = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
        let goal: Vec<u8> = (0..16).collect();
        let board = Board::new(4, 4, &korf_1, &goal).unwrap();
        let easy = Board::with_default_goal(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).unwrap();
        let outcomes = solver.solve_boards(&[easy, board, hopeless()], Some(&stop));
        // Rank 0 is not after the rank raised: it runs.
        assert!(matches!(outcomes[0].answer, Ok(Some(_))), "{outcomes:?}");
        for outcome in &outcomes[1..] {
            assert_eq!(
                outcome.answer,
                Err(SolveError::Limit(LimitError::Stopped)),
                "{outcome:?}"
            );
        }
        assert_eq!(solver.databases_built(), 0);
        assert!(solver.stats().generated < 100, "{:?}", solver.stats());
    }
}
