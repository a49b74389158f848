//! Optimal solver for the sliding-tile puzzle: the 8-puzzle, the 15-puzzle, the
//! 24-puzzle, and any board of up to 64 cells with any goal.
//!
//! An `R x C` frame holds the tiles `1 .. R*C-1` and one blank; a move slides a tile
//! next to the blank into it. How few moves bring the start to the goal?
//!
//! Build a [`Board`] (its start and its goal, row-major, 0 for the blank), solve it
//! with a [`Solver`] (which keeps its tables and its last set of databases for the next
//! board), and check any move sequence with [`replay`](fn@replay), which knows only the
//! rules:
//!
//! ```
//! use fifteen::{replay, Board, Solver};
//!
//! // The judges' sample of the 8-puzzle (POJ 1077), goal `1 2 3 4 5 6 7 8 x`.
//! let board = Board::with_default_goal(3, 3, &[2, 3, 4, 1, 5, 0, 7, 6, 8])?;
//! let mut solver = Solver::new();
//! let solution = solver.solve_with_path(&board)?.expect("solvable");
//! assert_eq!(solution.moves(), 19);
//! assert_eq!(solution.path.to_string().to_lowercase(), "dlurullddrurdllurdr");
//! assert_eq!(replay(&board, &solution.path)?, 19);
//!
//! // Korf's first instance of the 15-puzzle (1985), goal blank first.
//! let start = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
//! let goal: Vec<u8> = (0..16).collect();
//! let board = Board::new(4, 4, &start, &goal)?;
//! assert_eq!(solver.solve(&board)?, Some(57));
//!
//! // Two tiles swapped: the parity rule answers at once, without a search.
//! let board = Board::with_default_goal(3, 3, &[2, 1, 3, 4, 5, 6, 7, 8, 0])?;
//! assert_eq!(solver.solve(&board)?, None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The solver picks a [`Method`] by the board: boards one cell wide walk the blank
//! home (the tiles can never pass each other); boards of up to 10 cells look every
//! arrangement up in a table of distances, one breadth-first search from the goal;
//! 4 x 4 and 5 x 5 boards run IDA* over additive disjoint pattern databases (6-6-3 and
//! 6-6-6-6, built for the goal's blank cell, every goal mapped onto them by naming each
//! tile by its goal cell, and looked up a second time through the reflection in the
//! diagonal); other boards run IDA* with the Manhattan distance and linear conflicts.
//! A search is bounded by the [`Limits`] it is given (none for `Solver::new()`; a sane
//! budget: [`DEFAULT_LIMITS`]), and
//! every path is the shortest that comes first in the order `D < L < R < U`.
//!
//! Every solver crate of gridsolve has this shape: `Solver::new()` (or
//! [`Solver::with_limits`]), `solve` for the number, `solve_with_path` for a
//! [`Solution`], `stats`, and an independent [`replay`](fn@replay). The crate also
//! holds a naive `oracle` module for tests and a seeded generator of boards
//! (the `generate` module), behind the features `oracle` and `generate`, off by default (the tests turn them on). It does no
//! I/O; the `parsers` crate reads and writes the `eight` and `fifteen` formats.

#![deny(missing_docs)]

// The README's examples run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod board;
mod checkpoint;
mod fsm;
#[cfg(feature = "generate")]
pub mod generate;
mod geometry;
mod heuristics;
mod line;
mod manhattan;
mod memory;
#[cfg(feature = "oracle")]
pub mod oracle;
mod pdb;
mod pdb_search;
mod replay;
mod solver;
mod store;
mod table;
mod zpdb;

pub use board::{BLANK, Board, BoardError, MAX_CELLS, Part};
pub use checkpoint::{Checkpoint, CheckpointError, CheckpointSink, Checkpointing};
pub use fsm::Pruning;
pub use geometry::{MoveOrder, MoveOrderError};
/// How the solver tells a watcher how its long work goes ([`Solver::with_progress`]).
pub use grid_core::progress;
pub use grid_core::{Dir, LimitError, Limits, MoveCount, Moves, SearchStats, Solution};
pub use pdb::Partition;
pub use replay::{ReplayError, Walk, replay, trace, walk};
pub use solver::{DEFAULT_LIMITS, Method, Outcome, SolveError, Solver};
pub use store::{TABLE_VERSION, TableStore};
