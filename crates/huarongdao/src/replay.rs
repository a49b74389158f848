//! An independent checker of solution paths, knowing only the rules.

use crate::{Board, Query, QueryError};
use grid_core::{Dir, Pos};
use std::fmt;

/// Why a path is not a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayError {
    /// The query itself breaks the rules.
    Query(QueryError),
    /// Move number `step` takes the blank off the board.
    OffBoard {
        /// The move, 1-based.
        step: usize,
        /// Its direction (the way the blank goes).
        dir: Dir,
        /// The blank before the move, 0-based.
        blank: Pos,
    },
    /// Move number `step` would slide a fixed piece.
    FixedCell {
        /// The move, 1-based.
        step: usize,
        /// Its direction (the way the blank goes).
        dir: Dir,
        /// The fixed cell the blank would enter, 0-based.
        cell: Pos,
    },
    /// After the last move the piece is not on the target.
    NotOnTarget {
        /// Where the piece ended, 0-based.
        piece: Pos,
        /// The query's target, 0-based.
        target: Pos,
    },
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
/// use huarongdao::{replay, Board, Moves, Pos, Query};
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
    let mut last = None;
    for position in walk(board, query, path) {
        last = Some(position?);
    }
    let last = last.expect("a walk starts with the start");
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
    /// The empty cell, 0-based.
    pub blank: Pos,
    /// The designated piece's cell, 0-based.
    pub piece: Pos,
}

/// The positions along `path`, one at a time: the start, then one after each move (so
/// one more than there are moves), each move checked against the rules as [`replay`]
/// does; a query that breaks the rules, or the first illegal move, ends the walk with
/// its error. Whether the piece ends on the target is not checked. For pictures of a
/// solution: memory stays that of one position however long the path.
///
/// ```
/// use huarongdao::{walk, Board, Moves, Pos, Query};
///
/// let board = Board::from_rows(&["111"]).unwrap();
/// let query = Query::new(Pos::new(0, 1), Pos::new(0, 0), Pos::new(0, 1));
/// let path: Moves = "LR".parse().unwrap();
/// let pieces: Vec<Pos> = walk(&board, &query, &path).map(|p| p.unwrap().piece).collect();
/// assert_eq!(pieces, [Pos::new(0, 0), Pos::new(0, 1), Pos::new(0, 0)]);
/// ```
pub fn walk<'a>(board: &'a Board, query: &Query, path: &'a [Dir]) -> Walk<'a> {
    Walk {
        board,
        path,
        next: 0,
        here: Ok(Position {
            blank: query.blank,
            piece: query.piece,
        }),
        checked: board.check(query).map_err(ReplayError::Query),
        started: false,
    }
}

/// The positions along a path: see [`walk`].
#[derive(Clone, Debug)]
pub struct Walk<'a> {
    board: &'a Board,
    path: &'a [Dir],
    /// The index of the next move.
    next: usize,
    /// Where the blank and the piece are; `Err` once the walk has failed.
    here: Result<Position, ()>,
    /// Whether the query follows the rules (its error is the walk's first item).
    checked: Result<(), ReplayError>,
    started: bool,
}

impl Iterator for Walk<'_> {
    type Item = Result<Position, ReplayError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut here = self.here.ok()?;
        if !self.started {
            self.started = true;
            if let Err(e) = self.checked {
                self.here = Err(());
                return Some(Err(e));
            }
            return Some(Ok(here));
        }
        let &dir = self.path.get(self.next)?;
        self.next += 1;
        let step = self.next;
        let fault = match here.blank.step(dir).filter(|&p| self.board.contains(p)) {
            None => Some(ReplayError::OffBoard {
                step,
                dir,
                blank: here.blank,
            }),
            Some(next) if !self.board.is_movable(next) => Some(ReplayError::FixedCell {
                step,
                dir,
                cell: next,
            }),
            Some(next) => {
                if next == here.piece {
                    here.piece = here.blank;
                }
                here.blank = next;
                None
            }
        };
        match fault {
            Some(e) => {
                self.here = Err(());
                Some(Err(e))
            }
            None => {
                self.here = Ok(here);
                Some(Ok(here))
            }
        }
    }
}

/// The positions along `path` (see [`walk`]), all at once.
///
/// # Errors
/// The query breaks the rules, or a move is illegal.
pub fn trace(board: &Board, query: &Query, path: &[Dir]) -> Result<Vec<Position>, ReplayError> {
    walk(board, query, path).collect()
}
