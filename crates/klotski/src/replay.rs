//! An independent checker of paths, knowing only the rules: it moves labels about on a
//! grid of bytes, one cell at a time, and shares no code with the solver.

use crate::layout::{Board, EMPTY, Layout};
use crate::{Metric, Path};
use grid_core::Dir;
use std::fmt;

/// Why a path is not a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayError {
    /// Move `step` names a label that is on no cell.
    UnknownPiece {
        /// The move, 1-based.
        step: usize,
        /// The label it names.
        label: char,
    },
    /// Move `step` has no direction at all.
    NoDirection {
        /// The move, 1-based.
        step: usize,
        /// The piece it names.
        label: char,
    },
    /// Move `step` breaks its metric: more than one cell under `step`, a turn under
    /// `slide`.
    Metric {
        /// The move, 1-based.
        step: usize,
        /// The piece it moves.
        label: char,
        /// The metric it breaks.
        metric: Metric,
    },
    /// Cell `cell` of move `step` would take the piece off the board or onto another
    /// piece.
    Blocked {
        /// The move, 1-based.
        step: usize,
        /// The piece it moves.
        label: char,
        /// Which one-cell step of the move, 1-based (a move is one letter a cell).
        cell: usize,
        /// That step's direction.
        dir: Dir,
    },
    /// After the last move no piece of the goal piece's shape stands on the goal.
    NotSolved,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ReplayError::UnknownPiece { step, label } => {
                write!(
                    f,
                    "move {step} moves piece {label}, which is not on the board"
                )
            }
            ReplayError::NoDirection { step, label } => {
                write!(f, "move {step} of piece {label} has no direction")
            }
            ReplayError::Metric {
                step,
                label,
                metric: Metric::Step,
            } => write!(
                f,
                "move {step} takes piece {label} more than one cell, which is more than one move under the step metric"
            ),
            ReplayError::Metric {
                step,
                label,
                metric,
            } => write!(
                f,
                "move {step} turns piece {label}, which is more than one move under the {metric} metric"
            ),
            ReplayError::Blocked {
                step,
                label,
                cell,
                dir,
            } => write!(
                f,
                "move {step}: cell {cell} ({dir}) takes piece {label} off the board or onto another piece"
            ),
            ReplayError::NotSolved => write!(
                f,
                "after the last move no piece of the goal piece's shape is on the goal"
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Plays `path` from the layout's board, cell by cell, checking each move against the
/// rules and `metric`, and checks that the goal is reached at the end. Returns the number
/// of moves.
///
/// ```
/// use klotski::{replay, Goal, Layout, Metric, Path, Pos};
///
/// let layout = Layout::from_rows(&["A.", ".."], Goal::new('A', Pos::new(1, 1)))?;
/// let path: Path = "ARD".parse()?;
/// assert_eq!(replay(&layout, Metric::Move, &path), Ok(1));
/// assert!(replay(&layout, Metric::Slide, &path).is_err(), "a turn is two slides");
/// assert!(replay(&layout, Metric::Move, &"AR".parse()?).is_err(), "not on the goal");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The first move that breaks a rule or its metric, or an end off the goal.
pub fn replay(layout: &Layout, metric: Metric, path: &Path) -> Result<u64, ReplayError> {
    let mut walk = walk(layout, metric, path);
    while let Some(cells) = walk.advance() {
        cells?;
    }
    let end = Board::from_cells(layout.rows(), layout.cols(), walk.cells);
    if !goal_reached(layout, &end) {
        return Err(ReplayError::NotSolved);
    }
    Ok(path.len() as u64)
}

/// The boards along `path`, one at a time: the start, then one after each move (one
/// more than there are moves), each move checked as [`replay`] does; the first move
/// that breaks a rule or its metric ends the walk with its error. Whether the goal is
/// reached is not checked. For pictures of a solution: memory stays that of one board
/// however long the path.
///
/// ```
/// use klotski::{walk, Goal, Layout, Metric, Path, Pos};
///
/// let layout = Layout::from_rows(&["A.", ".."], Goal::new('A', Pos::new(1, 1)))?;
/// let path: Path = "AR AD".parse()?;
/// let boards = walk(&layout, Metric::Slide, &path).collect::<Result<Vec<_>, _>>()?;
/// assert_eq!(boards.len(), 3);
/// assert_eq!(boards[2].cells(), b"...A");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn walk<'a>(layout: &'a Layout, metric: Metric, path: &'a Path) -> Walk<'a> {
    Walk {
        rows: layout.rows(),
        cols: layout.cols(),
        metric,
        path,
        next: 0,
        cells: layout.board().cells().to_vec(),
        failed: false,
        started: false,
    }
}

/// The boards along a path: see [`walk`].
#[derive(Clone, Debug)]
pub struct Walk<'a> {
    rows: usize,
    cols: usize,
    metric: Metric,
    path: &'a Path,
    /// The index of the next move.
    next: usize,
    /// The board now, a label (or [`EMPTY`]) a cell in reading order.
    cells: Vec<u8>,
    failed: bool,
    started: bool,
}

impl Walk<'_> {
    /// The next board's cells, lent: what [`Iterator::next`] gives without a copy.
    fn advance(&mut self) -> Option<Result<&[u8], ReplayError>> {
        if self.failed {
            return None;
        }
        if !self.started {
            self.started = true;
            return Some(Ok(&self.cells));
        }
        let m = self.path.get(self.next)?;
        self.next += 1;
        match self.play(self.next, m) {
            Ok(()) => Some(Ok(&self.cells)),
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }

    /// Plays move number `step` (from 1), `m`, on the cells.
    fn play(&mut self, step: usize, m: &crate::Move) -> Result<(), ReplayError> {
        let label = m.label();
        let byte = label as u8;
        if !label.is_ascii() || byte == EMPTY || !self.cells.contains(&byte) {
            return Err(ReplayError::UnknownPiece { step, label });
        }
        let dirs = m.dirs();
        let Some(&first) = dirs.first() else {
            return Err(ReplayError::NoDirection { step, label });
        };
        let metric = self.metric;
        let breaks = match metric {
            Metric::Step => dirs.len() > 1,
            Metric::Slide => dirs.iter().any(|&d| d != first),
            Metric::Move => false,
        };
        if breaks {
            return Err(ReplayError::Metric {
                step,
                label,
                metric,
            });
        }
        for (j, &dir) in dirs.iter().enumerate() {
            if !shift_piece(&mut self.cells, self.rows, self.cols, byte, dir) {
                return Err(ReplayError::Blocked {
                    step,
                    label,
                    cell: j + 1,
                    dir,
                });
            }
        }
        Ok(())
    }
}

impl Iterator for Walk<'_> {
    type Item = Result<Board, ReplayError>;

    fn next(&mut self) -> Option<Self::Item> {
        let (rows, cols) = (self.rows, self.cols);
        self.advance()
            .map(|cells| cells.map(|cells| Board::from_cells(rows, cols, cells.to_vec())))
    }
}

/// The boards along `path` (see [`walk`]), all at once.
///
/// # Errors
/// The first move that breaks a rule or its metric.
pub fn trace(layout: &Layout, metric: Metric, path: &Path) -> Result<Vec<Board>, ReplayError> {
    walk(layout, metric, path).collect()
}

/// Moves every cell labelled `label` one cell in `dir`, if each lands on the board on an
/// empty cell or one of its own; whether it moved.
fn shift_piece(cells: &mut [u8], rows: usize, cols: usize, label: u8, dir: Dir) -> bool {
    let (dr, dc) = dir.delta();
    let mut moved = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        if c != label {
            continue;
        }
        let (r, col) = ((i / cols) as isize + dr, (i % cols) as isize + dc);
        if r < 0 || col < 0 || r >= rows as isize || col >= cols as isize {
            return false;
        }
        let to = r as usize * cols + col as usize;
        if cells[to] != EMPTY && cells[to] != label {
            return false;
        }
        moved.push(to);
    }
    for c in cells.iter_mut().filter(|c| **c == label) {
        *c = EMPTY;
    }
    for to in moved {
        cells[to] = label;
    }
    true
}

/// Cells as (row, column).
type Cells = Vec<(usize, usize)>;

/// The cells of `label` on `board`, relative to their bounding box's top-left corner (in
/// reading order), and that corner; `None` if the label is on no cell.
fn outline(board: &Board, label: u8) -> Option<(Cells, (usize, usize))> {
    let cols = board.cols();
    let cells: Cells = board
        .cells()
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c == label)
        .map(|(i, _)| (i / cols, i % cols))
        .collect();
    let top = cells.iter().map(|c| c.0).min()?;
    let left = cells.iter().map(|c| c.1).min()?;
    let relative = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
    Some((relative, (top, left)))
}

/// Whether some piece of `board` has the goal piece's shape (as it is on the layout's own
/// board) and its top-left corner on the goal.
fn goal_reached(layout: &Layout, board: &Board) -> bool {
    let goal = layout.goal();
    let Some((shape, _)) = outline(layout.board(), goal.label as u8) else {
        return false;
    };
    let mut labels: Vec<u8> = board
        .cells()
        .iter()
        .copied()
        .filter(|&c| c != EMPTY)
        .collect();
    labels.sort_unstable();
    labels.dedup();
    labels.into_iter().any(|label| {
        outline(board, label)
            .is_some_and(|(cells, corner)| cells == shape && corner == (goal.pos.row, goal.pos.col))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Goal, Move};
    use grid_core::Pos;

    fn layout(rows: &[&str], label: char, row: usize, col: usize) -> Layout {
        Layout::from_rows(rows, Goal::new(label, Pos::new(row, col))).unwrap()
    }

    fn path(text: &str) -> Path {
        text.parse().unwrap()
    }

    #[test]
    fn a_piece_may_move_into_its_own_cells() {
        let l = layout(&["AA."], 'A', 0, 1);
        assert_eq!(replay(&l, Metric::Step, &path("AR")), Ok(1));
    }

    #[test]
    fn each_rule_has_its_error() {
        let l = layout(&["ABB", "..."], 'A', 1, 2);
        let err = |metric, text: &str| replay(&l, metric, &path(text)).unwrap_err();
        let blocked = |dir| ReplayError::Blocked {
            step: 1,
            label: 'A',
            cell: 1,
            dir,
        };
        let metric = |metric| ReplayError::Metric {
            step: 1,
            label: 'A',
            metric,
        };
        assert_eq!(
            err(Metric::Move, "CR"),
            ReplayError::UnknownPiece {
                step: 1,
                label: 'C'
            }
        );
        assert_eq!(err(Metric::Move, "AR"), blocked(Dir::Right), "onto B");
        assert_eq!(err(Metric::Move, "AU"), blocked(Dir::Up), "off the board");
        assert_eq!(err(Metric::Step, "ADR"), metric(Metric::Step));
        assert_eq!(err(Metric::Slide, "ADR"), metric(Metric::Slide));
        assert_eq!(err(Metric::Move, "AD"), ReplayError::NotSolved);
        let empty = Path::new(vec![Move::new('A', vec![])]);
        assert_eq!(
            replay(&l, Metric::Move, &empty),
            Err(ReplayError::NoDirection {
                step: 1,
                label: 'A'
            })
        );
        assert_eq!(replay(&l, Metric::Move, &path("ADRR")), Ok(1));
        assert_eq!(replay(&l, Metric::Slide, &path("AD ARR")), Ok(2));
        assert_eq!(replay(&l, Metric::Step, &path("AD AR AR")), Ok(3));
    }

    #[test]
    fn any_piece_of_the_goal_shape_will_do() {
        // B has A's shape; moving B onto A's goal solves it.
        let l = layout(&["A.B"], 'A', 0, 1);
        assert_eq!(replay(&l, Metric::Step, &path("BL")), Ok(1));
        // E's bounding box lands on the goal, but E (1x2) is not A's shape.
        let l = layout(&["A..", "EE."], 'A', 1, 1);
        assert_eq!(
            replay(&l, Metric::Slide, &path("ER")),
            Err(ReplayError::NotSolved)
        );
    }

    #[test]
    fn trace_shows_every_board() {
        let l = layout(&["A.", ".."], 'A', 1, 1);
        let boards = trace(&l, Metric::Move, &path("ARD")).unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(boards[1].label(Pos::new(1, 1)), Some('A'));
        assert_eq!(boards[1].label(Pos::new(0, 0)), None);
    }
}
