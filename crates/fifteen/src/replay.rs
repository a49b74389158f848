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
    let mut end = None;
    for cells in walk(board, path) {
        end = Some(cells?);
    }
    let end = end.unwrap_or_default();
    if end != board.goal() {
        return Err(ReplayError::NotGoal { end });
    }
    Ok(path.len() as u64)
}

/// The arrangements along `path`: the start, then one after each move (one more than
/// there are moves); whether the last is the goal is not checked. For pictures; see
/// [`walk`] for one arrangement at a time.
///
/// # Errors
/// The first move that takes the blank off the board.
pub fn trace(board: &Board, path: &[Dir]) -> Result<Vec<Vec<u8>>, ReplayError> {
    walk(board, path).collect()
}

/// The arrangements along `path`, one at a time, as [`trace`] lists them: the start,
/// then one after each move, each checked as it is reached; the first move that takes
/// the blank off the board ends the walk with its error. Memory stays that of one
/// arrangement, however long the path.
///
/// ```
/// use fifteen::{walk, Board, Dir};
///
/// let board = Board::with_default_goal(2, 2, &[1, 2, 0, 3])?;
/// let mut steps = walk(&board, &[Dir::Right, Dir::Right]);
/// assert_eq!(steps.next(), Some(Ok(vec![1, 2, 0, 3])));
/// assert_eq!(steps.next(), Some(Ok(vec![1, 2, 3, 0])));
/// assert!(matches!(steps.next(), Some(Err(_))));
/// assert_eq!(steps.next(), None);
/// # Ok::<(), fifteen::BoardError>(())
/// ```
pub fn walk<'a>(board: &Board, path: &'a [Dir]) -> Walk<'a> {
    let cells = board.start().to_vec();
    let blank = cells.iter().position(|&v| v == 0).unwrap_or(0);
    Walk {
        rows: board.rows(),
        cols: board.cols(),
        path,
        next: 0,
        blank,
        cells: Some(cells),
        started: false,
    }
}

/// The arrangements along a path: see [`walk`].
#[derive(Clone, Debug)]
pub struct Walk<'a> {
    rows: usize,
    cols: usize,
    path: &'a [Dir],
    /// The index of the next move.
    next: usize,
    /// The blank's cell, row-major.
    blank: usize,
    /// The arrangement now; `None` once the walk has failed.
    cells: Option<Vec<u8>>,
    started: bool,
}

impl Iterator for Walk<'_> {
    type Item = Result<Vec<u8>, ReplayError>;

    fn next(&mut self) -> Option<Self::Item> {
        let cells = self.cells.as_mut()?;
        if !self.started {
            self.started = true;
            return Some(Ok(cells.clone()));
        }
        let &dir = self.path.get(self.next)?;
        self.next += 1;
        let (row, col) = (self.blank / self.cols, self.blank % self.cols);
        let (dr, dc) = dir.delta();
        let (r, c) = (row as isize + dr, col as isize + dc);
        if !(0..self.rows as isize).contains(&r) || !(0..self.cols as isize).contains(&c) {
            self.cells = None;
            return Some(Err(ReplayError::OffBoard {
                step: self.next,
                dir,
            }));
        }
        let to = r as usize * self.cols + c as usize;
        cells.swap(self.blank, to);
        self.blank = to;
        Some(Ok(cells.clone()))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self.cells {
            None => (0, Some(0)),
            Some(_) => {
                let left = self.path.len() - self.next + usize::from(!self.started);
                (left.min(1), Some(left))
            }
        }
    }
}
