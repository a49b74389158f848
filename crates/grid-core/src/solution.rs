//! What every solver reports: an optimal path and how much it searched.

use crate::Moves;

/// An optimal solution: the moves, as many as the minimum.
///
/// What a move is depends on the puzzle (a blank's step, a box's roll, a head's step);
/// each puzzle's `replay` checks a path against its rules. Puzzles whose moves are not
/// `U D L R` letters use their own path type `P`.
///
/// ```
/// use grid_core::{Moves, Solution};
///
/// let solution = Solution { path: "RRD".parse::<Moves>()? };
/// assert_eq!(solution.moves(), 3);
/// # Ok::<(), grid_core::ParseMovesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<P = Moves> {
    /// The moves.
    pub path: P,
}

impl<P: MoveCount> Solution<P> {
    /// The number of moves: the minimum.
    pub fn moves(&self) -> u64 {
        self.path.move_count()
    }
}

/// A path that knows how many moves it makes.
pub trait MoveCount {
    /// The number of moves.
    fn move_count(&self) -> u64;
}

impl MoveCount for Moves {
    fn move_count(&self) -> u64 {
        self.len() as u64
    }
}

/// How much the last search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// States taken off the queue (or frontier) and expanded.
    pub expanded: u64,
    /// States put on it (reached for the first time, or with a better cost).
    pub generated: u64,
}
