//! An independent checker of roll sequences, knowing only the rules.

use crate::{Board, Placement};
use grid_core::Dir;
use std::fmt;

/// Why a roll sequence is not a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayError {
    /// Roll number `step` (1-based) puts the box where the plane does not hold it.
    Falls {
        /// The roll, 1-based.
        step: usize,
        /// Its direction.
        dir: Dir,
        /// Where the box lands; `None` when it would go past the first row or column
        /// (no placement has a negative coordinate).
        to: Option<Placement>,
    },
    /// After the last roll the box is not standing on the target.
    NotOnTarget {
        /// Where the rolls leave the box.
        end: Placement,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Falls {
                step,
                dir,
                to: Some(to),
            } => {
                write!(
                    f,
                    "roll {step} ({dir}) leaves the box {to}, which the plane does not hold"
                )
            }
            ReplayError::Falls {
                step,
                dir,
                to: None,
            } => {
                write!(f, "roll {step} ({dir}) rolls the box off the plane")
            }
            ReplayError::NotOnTarget { end } => {
                write!(
                    f,
                    "the rolls end with the box {end}, not standing on the target"
                )
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// Rolls the box from the start along `path` and checks that the plane holds it after
/// every roll and that it ends standing on the target. Returns the number of rolls.
/// It walks the path one roll at a time ([`walk`]) and keeps only where the box is.
///
/// ```
/// use bloxorz::{replay, Board, Moves};
///
/// let board = Board::from_rows(&["XXO"]).unwrap();
/// let path: Moves = "R".parse().unwrap();
/// assert_eq!(replay(&board, &path), Ok(1));
/// assert!(replay(&board, &[]).is_err());
/// ```
///
/// # Errors
/// The first roll after which the box falls, or an end off the target.
pub fn replay(board: &Board, path: &[Dir]) -> Result<u64, ReplayError> {
    let mut end = board.start();
    for placement in walk(board, path) {
        end = placement?;
    }
    if !board.is_goal(end) {
        return Err(ReplayError::NotOnTarget { end });
    }
    Ok(path.len() as u64)
}

/// The box's placements along `path`, one at a time: the start, then one after each
/// roll (one more than there are rolls), each roll checked as [`replay`] does; the
/// first roll that breaks a rule ends the walk with its error. Whether the box ends on
/// the target is not checked. For pictures of a solution: memory stays that of one
/// placement however long the path.
///
/// ```
/// use bloxorz::{walk, Board, Moves};
///
/// let board = Board::from_rows(&["XXO"]).unwrap();
/// let path: Moves = "RL".parse().unwrap();
/// assert_eq!(walk(&board, &path).count(), 3);
/// ```
pub fn walk<'a>(board: &'a Board, path: &'a [Dir]) -> Walk<'a> {
    Walk {
        board,
        path,
        next: 0,
        here: Some(board.start()),
        started: false,
    }
}

/// The placements along a path: see [`walk`].
#[derive(Clone, Debug)]
pub struct Walk<'a> {
    board: &'a Board,
    path: &'a [Dir],
    /// The index of the next roll.
    next: usize,
    /// Where the box is; `None` once a roll has failed.
    here: Option<Placement>,
    started: bool,
}

impl Iterator for Walk<'_> {
    type Item = Result<Placement, ReplayError>;

    fn next(&mut self) -> Option<Self::Item> {
        let here = self.here?;
        if !self.started {
            self.started = true;
            return Some(Ok(here));
        }
        let &dir = self.path.get(self.next)?;
        self.next += 1;
        let to = here.roll(dir);
        match to {
            Some(next) if self.board.holds(next) => {
                self.here = Some(next);
                Some(Ok(next))
            }
            _ => {
                self.here = None;
                Some(Err(ReplayError::Falls {
                    step: self.next,
                    dir,
                    to,
                }))
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self.here {
            None => (0, Some(0)),
            Some(_) => {
                let left = self.path.len() - self.next + usize::from(!self.started);
                (0, Some(left))
            }
        }
    }
}

/// The box's placements along `path` (see [`walk`]), all at once.
///
/// # Errors
/// The first roll after which the plane does not hold the box.
pub fn trace(board: &Board, path: &[Dir]) -> Result<Vec<Placement>, ReplayError> {
    walk(board, path).collect()
}
