//! An independent checker of solution paths, knowing only the rules.

use crate::{Board, Query, QueryError};
use grid_core::{Dir, Pos};
use std::fmt;

/// Why a path is not a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The query itself breaks the rules.
    Query(QueryError),
    /// Move number `step` (1-based) takes the blank off the board.
    OffBoard { step: usize, dir: Dir, blank: Pos },
    /// Move number `step` (1-based) would slide a fixed piece.
    FixedCell { step: usize, dir: Dir, cell: Pos },
    /// After the last move the piece is not on the target.
    NotOnTarget { piece: Pos, target: Pos },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ReplayError::Query(e) => e.fmt(f),
            ReplayError::OffBoard { step, dir, blank } => {
                write!(
                    f,
                    "move {step} ({dir}) takes the blank at {blank} off the board"
                )
            }
            ReplayError::FixedCell { step, dir, cell } => {
                write!(
                    f,
                    "move {step} ({dir}) would slide the fixed piece at {cell}"
                )
            }
            ReplayError::NotOnTarget { piece, target } => {
                write!(
                    f,
                    "the path ends with the piece at {piece}, not on the target {target}"
                )
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// Plays `path` (the blank's moves) on `board` from `query`'s position and checks that
/// every move is legal and that the piece ends on the target. Returns the number of
/// moves.
///
/// It uses nothing of the solver: positions only, one move at a time.
///
/// ```
/// use grid_core::{Moves, Pos};
/// use huarongdao::{replay, Board, Query};
///
/// let board = Board::from_rows(&["111"]).unwrap();
/// let query = Query::new(Pos::new(0, 1), Pos::new(0, 0), Pos::new(0, 1));
/// let path: Moves = "L".parse().unwrap();
/// assert_eq!(replay(&board, &query, &path), Ok(1));
/// assert!(replay(&board, &query, &[]).is_err());
/// ```
///
/// # Errors
/// The first illegal move, or a piece that does not end on the target.
pub fn replay(board: &Board, query: &Query, path: &[Dir]) -> Result<u64, ReplayError> {
    let positions = trace(board, query, path)?;
    let last = positions[positions.len() - 1];
    if last.piece != query.target {
        return Err(ReplayError::NotOnTarget {
            piece: last.piece,
            target: query.target,
        });
    }
    Ok(path.len() as u64)
}

/// Where the blank and the designated piece are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub blank: Pos,
    pub piece: Pos,
}

/// The positions along `path`: the start, then one after each move (so one more than
/// there are moves), each move checked against the rules as [`replay`] does; whether
/// the piece ends on the target is not checked. For pictures of a solution.
///
/// # Errors
/// The query breaks the rules, or a move is illegal.
pub fn trace(board: &Board, query: &Query, path: &[Dir]) -> Result<Vec<Position>, ReplayError> {
    board.check(query).map_err(ReplayError::Query)?;
    let mut here = Position {
        blank: query.blank,
        piece: query.piece,
    };
    let mut positions = Vec::with_capacity(path.len() + 1);
    positions.push(here);
    for (i, &dir) in path.iter().enumerate() {
        let step = i + 1;
        let next =
            here.blank
                .step(dir)
                .filter(|&p| board.contains(p))
                .ok_or(ReplayError::OffBoard {
                    step,
                    dir,
                    blank: here.blank,
                })?;
        if !board.is_movable(next) {
            return Err(ReplayError::FixedCell {
                step,
                dir,
                cell: next,
            });
        }
        if next == here.piece {
            here.piece = here.blank;
        }
        here.blank = next;
        positions.push(here);
    }
    Ok(positions)
}
