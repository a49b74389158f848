//! Optimal solver for Holedox Moving (POJ 1324).

mod game;
#[cfg(feature = "generate")]
pub mod generate;
#[cfg(feature = "oracle")]
pub mod oracle;
mod replay;
mod shape;
mod solver;

pub use game::{EXIT, Game, GameError, MAX_LENGTH, MAX_SIDE, MIN_LENGTH};
pub use grid_core::{Dir, LimitError, Limits, Moves, Pos, SearchStats, Solution};
pub use replay::{ReplayError, replay, trace};
pub use solver::{SolveError, Solver};
