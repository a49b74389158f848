//! An independent checker of roll sequences, knowing only the rules.

use crate::{Board, Placement};
use grid_core::Dir;
use std::fmt;

/// Why a roll sequence is not a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// Roll number `step` (1-based) puts the box where the plane does not hold it.
    Falls {
        step: usize,
        dir: Dir,
        to: Option<Placement>,
    },
    /// After the last roll the box is not standing on the target.
    NotOnTarget { end: Placement },
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
///
/// ```
/// use bloxorz::{replay, Board};
/// use grid_core::Moves;
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
    let placements = trace(board, path)?;
    let end = placements[placements.len() - 1];
    if !board.is_goal(end) {
        return Err(ReplayError::NotOnTarget { end });
    }
    Ok(path.len() as u64)
}

/// The box's placements along `path`: the start, then one after each roll (one more
/// than there are rolls), each roll checked as [`replay`] does; whether the box ends
/// on the target is not checked. For pictures of a solution.
///
/// # Errors
/// The first roll after which the plane does not hold the box.
pub fn trace(board: &Board, path: &[Dir]) -> Result<Vec<Placement>, ReplayError> {
    let mut here = board.start();
    let mut placements = Vec::with_capacity(path.len() + 1);
    placements.push(here);
    for (i, &dir) in path.iter().enumerate() {
        let to = here.roll(dir);
        match to {
            Some(next) if board.holds(next) => here = next,
            _ => {
                return Err(ReplayError::Falls {
                    step: i + 1,
                    dir,
                    to,
                });
            }
        }
        placements.push(here);
    }
    Ok(placements)
}
