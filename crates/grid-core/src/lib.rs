//! Geometry and search building blocks shared by the gridsolve puzzle solvers.
//!
//! This crate knows no puzzle and does no I/O. It offers:
//! - [`Pos`] and [`Dir`]: cells and the four directions, with the `U D L R` notation of
//!   solution paths ([`Moves`]);
//! - [`Grid`]: a flat row-major grid with a padded border, so a step to a neighbour is one
//!   addition and never needs a bounds check;
//! - [`search`]: buffers that a solver keeps across searches ([`FifoQueue`],
//!   [`MonotoneQueue`], [`Stamped`]), so a search allocates nothing and clears nothing;
//! - [`Limits`] and [`Meter`]: what a search may spend (states, time), checked cheaply;
//! - [`progress`]: how far a long piece of work has got, told to whoever watches
//!   ([`progress::Watch`]), with no I/O;
//! - [`memory`]: allocations that report a refusal ([`AllocError`]) instead of aborting;
//! - [`Solution`] and [`SearchStats`]: what every solver reports;
//! - [`tokens`]: the white-space tokens the naive oracles read their text with, and
//!   [`OracleError`], what every oracle returns;
//! - [`SplitMix64`]: a tiny portable seeded generator for reproducible test data, and
//!   [`fnv1a64`], a portable fingerprint of bytes;
//! - [`Choice`]: an enum of named choices (a generator's family) that derives strum's
//!   traits, with its names and summaries, and [`UnknownChoice`], its parse error.
//!
//! ```
//! use grid_core::{Dir, Grid, Pos};
//!
//! // A 2x3 grid of open cells, walled by a border one cell wide.
//! let grid = Grid::new(2, 3, 1, true, false);
//! let start = grid.index(Pos::new(0, 0));
//! assert!(grid[grid.step(start, Dir::Right)]);
//! assert!(!grid[grid.step(start, Dir::Up)]); // the border, no bounds check needed
//! ```

#![deny(missing_docs)]

// The README's examples run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod choice;
mod dir;
mod fnv;
mod grid;
mod limits;
pub mod memory;
pub mod progress;
mod rng;
pub mod search;
mod solution;
pub mod tokens;

pub use choice::{Choice, UnknownChoice};
pub use dir::{Dir, Moves, ParseMovesError};
pub use fnv::{Fnv1a64, fnv1a64};
pub use grid::{Grid, Pos};
pub use limits::{LimitError, Limits, Meter, Stop};
pub use memory::AllocError;
pub use rng::SplitMix64;
pub use search::{FifoQueue, MonotoneQueue, Stamped};
pub use solution::{MoveCount, SearchStats, Solution};
pub use tokens::OracleError;
