//! What every solver reports: an optimal path and how much it searched.

use crate::Moves;

/// An optimal solution: its number of moves and the moves.
///
/// What a move is depends on the puzzle (a blank's step, a box's roll, a head's step);
/// each puzzle's `replay` checks a path against its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The minimum number of moves.
    pub moves: u64,
    /// The moves, `moves` of them.
    pub path: Moves,
}

/// How much the last search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// States taken off the queue (or frontier) and expanded.
    pub expanded: u64,
    /// States put on it (reached for the first time, or with a better cost).
    pub generated: u64,
}
