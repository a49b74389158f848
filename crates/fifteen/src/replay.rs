//! An independent checker of move sequences, knowing only the rules.

use crate::Board;
use grid_core::Dir;
use std::fmt;

/// Why a move sequence is not a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayError {
    /// Move number `step` (1-based) would take the blank off the board.
    OffBoard {
        /// The move, 1-based.
        step: usize,
        /// Its direction.
        dir: Dir,
    },
    /// After the last move the tiles are not in the goal arrangement.
    NotGoal {
        /// The arrangement reached, row-major.
        end: Vec<u8>,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::OffBoard { step, dir } => {
                write!(f, "move {step} ({dir}) takes the blank off the board")
            }
            ReplayError::NotGoal { end } => {
                let cells: Vec<String> = end.iter().map(u8::to_string).collect();
                write!(f, "the moves end in {}, not in the goal", cells.join(" "))
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// Plays `path` (the blank's moves: `U` swaps it with the tile above it) from the start
/// and checks that it ends in the goal. Returns the number of moves.
///
/// ```
/// use fifteen::{replay, Board, Moves};
///
/// let board = Board::with_default_goal(2, 2, &[1, 2, 0, 3])?;
/// let path: Moves = "R".parse()?;
/// assert_eq!(replay(&board, &path), Ok(1));
/// assert!(replay(&board, &[]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The first move that takes the blank off the board, or an end that is not the goal.
pub fn replay(board: &Board, path: &[Dir]) -> Result<u64, ReplayError> {
    let end = trace(board, path)?.pop().unwrap_or_default();
    if end != board.goal() {
        return Err(ReplayError::NotGoal { end });
    }
    Ok(path.len() as u64)
}

/// The arrangements along `path`: the start, then one after each move (one more than
/// there are moves); whether the last is the goal is not checked. For pictures.
///
/// # Errors
/// The first move that takes the blank off the board.
pub fn trace(board: &Board, path: &[Dir]) -> Result<Vec<Vec<u8>>, ReplayError> {
    let (rows, cols) = (board.rows() as isize, board.cols() as isize);
    let mut cells = board.start().to_vec();
    let at = cells.iter().position(|&v| v == 0).unwrap_or(0) as isize;
    let (mut row, mut col) = (at / cols, at % cols);
    let mut arrangements = Vec::with_capacity(path.len() + 1);
    arrangements.push(cells.clone());
    for (i, &dir) in path.iter().enumerate() {
        let (dr, dc) = dir.delta();
        let (r, c) = (row + dr, col + dc);
        if !(0..rows).contains(&r) || !(0..cols).contains(&c) {
            return Err(ReplayError::OffBoard { step: i + 1, dir });
        }
        cells.swap((row * cols + col) as usize, (r * cols + c) as usize);
        (row, col) = (r, c);
        arrangements.push(cells.clone());
    }
    Ok(arrangements)
}
