//! Optimal solver for Holedox Moving (POJ 1324).

mod game;
pub mod generate;
pub mod oracle;
mod replay;
mod shape;
mod solver;

pub use game::{EXIT, Game, GameError, MAX_LENGTH, MAX_SIDE, MIN_LENGTH};
pub use grid_core::{SearchStats, Solution};
pub use replay::{ReplayError, replay, trace};
pub use solver::{LimitError, Solver};
