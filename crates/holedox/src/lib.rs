//! Optimal solver for Holedox Moving (POJ 1324).
//!
//! A snake lies in a lair with stones and moves like the game Snake: the head steps onto
//! a free neighbouring square (not a stone, not any block of the body, the tail's
//! included) and every other block follows into the square of the block before it. How
//! few steps bring the head to the exit, the top-left square?
//!
//! Build a [`Game`] (the lair's size, the stones and the body, head first, as 0-based
//! `(row, column)` squares: the exit is [`EXIT`], `Pos::new(0, 0)`), solve it with a
//! [`Solver`] (which keeps its buffers for the next game), and check any sequence of
//! head steps with [`replay`](fn@replay), which knows only the rules:
//!
//! ```
//! use holedox::{replay, Game, Pos, Solver};
//!
//! // The judge's first sample: a 5 x 6 lair, a snake of 4 blocks, 3 stones.
//! let body = [Pos::new(3, 0), Pos::new(3, 1), Pos::new(2, 1), Pos::new(2, 0)];
//! let stones = [Pos::new(1, 2), Pos::new(2, 2), Pos::new(2, 3)];
//! let game = Game::new(5, 6, &stones, &body)?;
//! let mut solver = Solver::new();
//! let solution = solver.solve_with_path(&game)?.expect("the head reaches the exit");
//! assert_eq!(solution.moves(), 9);
//! assert_eq!(replay(&game, &solution.path)?, 9);
//!
//! // The second: the head can never reach the exit.
//! let body = [Pos::new(1, 2), Pos::new(0, 2), Pos::new(0, 3), Pos::new(1, 3)];
//! let stones = [Pos::new(1, 0), Pos::new(1, 1), Pos::new(2, 3), Pos::new(3, 1)];
//! let game = Game::new(4, 4, &stones, &body)?;
//! assert_eq!(solver.solve(&game)?, None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every solver crate of gridsolve has this shape: `Solver::new()` (or
//! [`Solver::with_limits`]), `solve` for the number, `solve_with_path` for a
//! [`Solution`], `stats`, and an independent [`replay`](fn@replay). The crate also holds a naive
//! `oracle` module for tests and a seeded generator of games (the `generate` module), behind the
//! features `oracle` and `generate`, off by default (the tests turn them on). It does no I/O; the `parsers` crate
//! reads and writes the judge format.

#![deny(missing_docs)]

// The README's examples run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod game;
#[cfg(feature = "generate")]
pub mod generate;
#[cfg(feature = "oracle")]
pub mod oracle;
mod replay;
mod shape;
mod solver;
mod visited;

pub use game::{EXIT, Game, GameError, MAX_LENGTH, MAX_SIDE, MIN_LENGTH};
pub use grid_core::{Dir, LimitError, Limits, MoveCount, Moves, Pos, SearchStats, Solution};
pub use replay::{ReplayError, Walk, replay, trace, walk};
pub use solver::Solver;
