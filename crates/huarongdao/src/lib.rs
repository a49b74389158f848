//! Optimal solver for Huarongdao (NOIP 2013, day 2, problem 3).
//!
//! On an `n x m` board every cell but one holds a 1x1 piece; some pieces are fixed. A
//! move slides a movable piece next to the blank into the blank. Given the blank, a
//! designated piece and a target cell, how many moves bring the piece to the target?
//!
//! Build a [`Board`] in code, make a [`Solver`] for it once, and ask it [`Query`]s. Each
//! answer can come with an optimal path (the blank's moves as `U D L R`), and
//! [`replay`](fn@replay) checks any path against the rules alone:
//!
//! ```
//! use huarongdao::{replay, Board, Pos, Query, Solver};
//!
//! // The judge sample: 0 = fixed piece, 1 = movable piece or the blank.
//! let board = Board::from_rows(&["0111", "0110", "0100"])?;
//! let mut solver = Solver::new();
//!
//! // Positions are 0-based here; the judge format's (3,2) is Pos::new(2, 1).
//! let query = Query::new(Pos::new(2, 1), Pos::new(0, 1), Pos::new(1, 1));
//! let solution = solver.solve_with_path(&board, &query)?.expect("solvable");
//! assert_eq!(solution.moves(), 2);
//! assert_eq!(replay(&board, &query, &solution.path)?, 2);
//!
//! // The piece at (2,2) can never reach (3,2): the answer is "impossible".
//! let query = Query::new(Pos::new(0, 1), Pos::new(1, 1), Pos::new(2, 1));
//! assert_eq!(solver.solve(&board, &query)?, None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every solver crate of gridsolve has this shape: `Solver::new()` (or
//! [`Solver::with_limits`]), `solve` for the number, `solve_with_path` for a
//! [`Solution`], `stats`, and an independent [`replay`](fn@replay). The solver keeps the last
//! board's tables, so ask a board's queries together ([`Solver::solve_all`] spreads
//! many over the cores). The crate also holds a naive `oracle` module for tests and a
//! seeded generator of boards and queries (the `generate` module), behind the
//! features `oracle` and `generate`, off by default (the tests turn them on). It does no I/O; the `parsers` crate reads and
//! writes the judge format.

#![deny(missing_docs)]

// The README's examples run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod board;
mod detour;
#[cfg(feature = "generate")]
pub mod generate;
mod landmarks;
#[cfg(feature = "oracle")]
pub mod oracle;
mod reach;
mod replay;
mod solver;

pub use board::{Board, BoardError, MAX_CELLS, Query, QueryError, Role};
pub use grid_core::{Dir, LimitError, Limits, MoveCount, Moves, Pos, SearchStats, Solution};
pub use replay::{Position, ReplayError, Walk, replay, trace, walk};
pub use solver::{SolveError, Solver};
