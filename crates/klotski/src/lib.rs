//! Optimal solver for Klotski (华容道), the full sliding-block puzzle.
//!
//! Pieces of any 4-connected shape lie on a board of up to 64 cells; some cells are
//! empty. A move moves one piece; how far depends on the [`Metric`] (one cell; a straight
//! run; or anywhere it can reach through empty cells). How few moves bring the goal
//! piece (or any piece of its shape: equal shapes are interchangeable) to the goal?
//!
//! Build a [`Layout`] (rows of labels and a [`Goal`]), solve it with a [`Solver`]
//! (which keeps its buffers for the next layout), and check any [`Path`] with
//! [`replay`](fn@replay), which knows only the rules:
//!
//! ```
//! use klotski::{replay, Goal, Layout, Metric, Pos, Solver};
//!
//! // 横刀立马: the 2x2 B must reach row 4, column 2 (1-based), above the exit.
//! let rows = ["ABBC", "ABBC", "DEEF", "DGHF", "I..J"];
//! let layout = Layout::from_rows(&rows, Goal::new('B', Pos::new(3, 1)))?;
//! let mut solver = Solver::new();
//! let solution = solver.solve_with_path(&layout, Metric::Move)?.expect("solvable");
//! assert_eq!(solution.moves(), 81);
//! assert_eq!(replay(&layout, Metric::Move, &solution.path)?, 81);
//! assert_eq!(solver.solve(&layout, Metric::Slide)?, Some(90));
//! assert_eq!(solver.solve(&layout, Metric::Step)?, Some(116));
//! assert_eq!(solver.reachable(&layout)?, 25_955);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A state is one integer: on boards of up to 21 cells with up to seven shapes (every
//! classic 4 x 5 layout), three bits a cell of a `u64` hold the shape class of the piece
//! anchored there, so a move is two XORs on the code; other layouts use a ranked code
//! (the covered cells' rank, then the pieces' classes in reading order), in a `u64` when
//! it fits and in a `u128` otherwise (crowded boards of many shapes), which holds every
//! layout of up to 64 cells: every layout [`Layout::new`] accepts is solved, or the
//! search stops at a limit ([`Limits`], [`MAX_STATES`]).
//!
//! Every solver crate of gridsolve has this shape: `Solver::new()` (or
//! [`Solver::with_limits`]), `solve` for the number, `solve_with_path` for a
//! [`Solution`], `stats`, and an independent [`replay`](fn@replay). The crate also holds a naive
//! `oracle` module for tests and a seeded generator of layouts (the `generate` module), behind the
//! features `oracle` and `generate`, off by default (the tests turn them on). It does no I/O; the `parsers` crate
//! reads and writes the layout format.
//!
//! [`atlas`] enumerates a whole space instead: every layout of a board with one 2x2,
//! its group and its distance from the exit (the classic 5 x 4 board's 29,334,498
//! layouts in under a minute of CPU).

#![deny(missing_docs)]

// The README's examples run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod atlas;
mod code;
mod count;
#[cfg(feature = "generate")]
pub mod generate;
mod layout;
mod metric;
#[cfg(feature = "oracle")]
pub mod oracle;
mod path;
mod replay;
mod solver;
mod table;
mod word;

pub use grid_core::progress;
pub use grid_core::{Dir, LimitError, Limits, MoveCount, Pos, SearchStats, Solution};
pub use layout::{Board, Goal, Layout, LayoutError, MAX_CELLS, Piece, Shape, is_label};
pub use metric::Metric;
pub use path::{Move, ParsePathError, Path};
pub use replay::{ReplayError, Walk, replay, trace, walk};
pub use solver::{MAX_STATES, MAX_WIDE_STATES, Solver};
