//! Optimal solver for Bloxorz (POJ 3322, "Bloxorz I").
//!
//! A 1x1x2 box rolls over a plane of rigid (`.`), fragile (`E`) and empty (`#`) cells;
//! it may never be over an empty cell, nor stand upright on a fragile one. How few rolls
//! stand it on the target `O`?
//!
//! Build a [`Board`] (from rows of the judge's characters, or from cells), solve it
//! with a [`Solver`] (which keeps its buffers for the next board), and check any roll
//! sequence with [`replay`](fn@replay), which knows only the rules:
//!
//! ```
//! use bloxorz::{replay, Board, Solver};
//!
//! // The judge sample.
//! let board = Board::from_rows(&[
//!     "#######", "#..X###", "#..##O#", "#....E#", "#....E#", "#.....#", "#######",
//! ])?;
//! let mut solver = Solver::new();
//! let solution = solver.solve_with_path(&board)?.expect("solvable");
//! assert_eq!(solution.moves(), 10);
//! assert_eq!(replay(&board, &solution.path)?, 10);
//!
//! // A box that would have to stand on the fragile cell: impossible.
//! let board = Board::from_rows(&["X.E.O"])?;
//! assert_eq!(solver.solve(&board)?, None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every solver crate of gridsolve has this shape: `Solver::new()` (or
//! [`Solver::with_limits`]), `solve` for the number, `solve_with_path` for a
//! [`Solution`], `stats`, and an independent [`replay`](fn@replay). The crate also holds a naive
//! `oracle` module for tests and a seeded generator of boards (the `generate` module), behind the
//! features `oracle` and `generate`, off by default (the tests turn them on). It does no I/O; the `parsers` crate
//! reads and writes the judge format.

#![deny(missing_docs)]

// The README's examples run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod board;
#[cfg(feature = "generate")]
pub mod generate;
#[cfg(feature = "oracle")]
pub mod oracle;
mod replay;
mod solver;

pub use board::{
    Board, BoardError, BoardRows, Cell, MAX_CELLS, Orientation, Placement, start_from,
};
pub use grid_core::{Dir, LimitError, Limits, MoveCount, Moves, Pos, SearchStats, Solution};
pub use replay::{ReplayError, Walk, replay, trace, walk};
pub use solver::Solver;
