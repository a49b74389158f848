//! The board: its size, the start and the goal, and the parity rule.

use std::fmt;

/// The most cells a board may have (8 x 8, or 1 x 64, or 2 x 32, ...).
pub const MAX_CELLS: usize = 64;

/// The blank, in the cells of [`Board::start`] and [`Board::goal`].
pub const BLANK: u8 = 0;

/// Which arrangement of a board a [`BoardError`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// The start.
    Start,
    /// The goal.
    Goal,
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Part::Start => "the start",
            Part::Goal => "the goal",
        })
    }
}

/// Why cells make no board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// A side of 0, or more than [`MAX_CELLS`] cells.
    Size {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// An arrangement with the wrong number of cells.
    Length {
        /// The arrangement.
        part: Part,
        /// `rows * cols`.
        expected: usize,
        /// The cells given.
        found: usize,
    },
    /// A value outside `0 .. rows * cols`.
    OutOfRange {
        /// The arrangement.
        part: Part,
        /// The cell, 0-based in row-major order.
        cell: usize,
        /// The value found there.
        value: u8,
    },
    /// A value that stands on two cells.
    Repeated {
        /// The arrangement.
        part: Part,
        /// The cell of its second appearance, 0-based in row-major order.
        cell: usize,
        /// The cell of its first appearance.
        first: usize,
        /// The value.
        value: u8,
    },
}

impl BoardError {
    /// The cell the error is about, 0-based in row-major order, if it is one cell's.
    pub fn cell(&self) -> Option<usize> {
        match *self {
            BoardError::OutOfRange { cell, .. } | BoardError::Repeated { cell, .. } => Some(cell),
            _ => None,
        }
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BoardError::Size { rows, cols } => write!(
                f,
                "expected a board of 1 to {MAX_CELLS} cells, found {rows} x {cols}"
            ),
            BoardError::Length {
                part,
                expected,
                found,
            } => write!(f, "expected {expected} cells in {part}, found {found}"),
            BoardError::OutOfRange { part, cell, value } => write!(
                f,
                "{part}: the value {value} of cell {} is not a tile of the board",
                cell + 1
            ),
            BoardError::Repeated {
                part,
                cell,
                first,
                value,
            } => {
                let what = if value == BLANK {
                    "the blank 0".to_string()
                } else {
                    format!("tile {value}")
                };
                write!(
                    f,
                    "{part}: {what} stands on cells {} and {}",
                    first + 1,
                    cell + 1
                )
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// A sliding-tile board: `rows x cols` cells holding the tiles `1 .. rows * cols - 1`
/// and the blank ([`BLANK`], 0), a start and a goal arrangement, both in row-major
/// order.
///
/// ```
/// use fifteen::Board;
///
/// // The 8-puzzle with the judges' goal `1 2 3 4 5 6 7 8 x`.
/// let board = Board::with_default_goal(3, 3, &[2, 3, 4, 1, 5, 0, 7, 6, 8])?;
/// assert_eq!(board.goal(), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
/// assert!(board.is_solvable());
///
/// // Two tiles swapped: the parity rule says no sequence of moves gets there.
/// let swapped = Board::with_default_goal(3, 3, &[2, 1, 3, 4, 5, 6, 7, 8, 0])?;
/// assert!(!swapped.is_solvable());
/// # Ok::<(), fifteen::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    start: Vec<u8>,
    goal: Vec<u8>,
}

impl Board {
    /// A board of `rows x cols` cells from its start and its goal, each a permutation of
    /// `0 .. rows * cols` in row-major order (0 is the blank).
    ///
    /// # Errors
    /// A size out of range, or an arrangement that is not such a permutation.
    pub fn new(rows: usize, cols: usize, start: &[u8], goal: &[u8]) -> Result<Board, BoardError> {
        check_size(rows, cols)?;
        check_cells(Part::Start, rows * cols, start)?;
        check_cells(Part::Goal, rows * cols, goal)?;
        Ok(Board {
            rows,
            cols,
            start: start.to_vec(),
            goal: goal.to_vec(),
        })
    }

    /// A board whose goal is [`Board::default_goal`]: the tiles in order, the blank last.
    ///
    /// # Errors
    /// As [`Board::new`].
    pub fn with_default_goal(rows: usize, cols: usize, start: &[u8]) -> Result<Board, BoardError> {
        check_size(rows, cols)?;
        Board::new(rows, cols, start, &Board::default_goal(rows, cols))
    }

    /// The judges' goal of a `rows x cols` board: `1 2 .. rows * cols - 1`, then the
    /// blank. (Korf's instances use the blank first, `0 1 2 ..`.)
    pub fn default_goal(rows: usize, cols: usize) -> Vec<u8> {
        let cells = rows * cols;
        (1..cells)
            .chain(std::iter::once(0))
            .map(|v| v as u8)
            .collect()
    }

    /// The same board with the start `start`.
    ///
    /// # Errors
    /// If `start` is not a permutation of the board's cells.
    pub fn with_start(&self, start: &[u8]) -> Result<Board, BoardError> {
        Board::new(self.rows, self.cols, start, &self.goal)
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Cells, `rows * cols`.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The start, row-major, 0 for the blank.
    pub fn start(&self) -> &[u8] {
        &self.start
    }

    /// The goal, row-major, 0 for the blank.
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// Whether the start is the goal.
    pub fn is_solved(&self) -> bool {
        self.start == self.goal
    }

    /// Whether the goal can be reached from the start, by the parity rule (no search).
    ///
    /// On a board of at least 2 rows and 2 columns: with an odd number of columns,
    /// exactly when the tiles' permutations (row-major, the blank left out) have the same
    /// parity in start and goal; with an even number, when that parity difference plus
    /// the blank's row distance is even. On a 1 x N or N x 1 board, exactly when the
    /// tiles read in the same order (they can never pass each other).
    pub fn is_solvable(&self) -> bool {
        let tiles = |cells: &[u8]| cells.iter().copied().filter(|&v| v != BLANK).collect();
        let (start, goal): (Vec<u8>, Vec<u8>) = (tiles(&self.start), tiles(&self.goal));
        if self.rows == 1 || self.cols == 1 {
            return start == goal;
        }
        let mut parity = inversions(&start) + inversions(&goal);
        if self.cols % 2 == 0 {
            let row = |cells: &[u8]| blank_cell(cells) / self.cols;
            parity += row(&self.start).abs_diff(row(&self.goal));
        }
        parity % 2 == 0
    }
}

/// The cell of the blank in a valid arrangement.
pub(crate) fn blank_cell(cells: &[u8]) -> usize {
    cells.iter().position(|&v| v == BLANK).unwrap_or(0)
}

/// The number of pairs out of order in `values` (only its parity matters).
fn inversions(values: &[u8]) -> usize {
    let mut count = 0;
    for (i, &a) in values.iter().enumerate() {
        count += values[i + 1..].iter().filter(|&&b| b < a).count();
    }
    count
}

/// Checks a board size.
pub(crate) fn check_size(rows: usize, cols: usize) -> Result<(), BoardError> {
    if rows == 0 || cols == 0 || rows.checked_mul(cols).is_none_or(|n| n > MAX_CELLS) {
        return Err(BoardError::Size { rows, cols });
    }
    Ok(())
}

/// Checks that `values` is a permutation of `0 .. cells`.
fn check_cells(part: Part, cells: usize, values: &[u8]) -> Result<(), BoardError> {
    if values.len() != cells {
        return Err(BoardError::Length {
            part,
            expected: cells,
            found: values.len(),
        });
    }
    let mut seen = [usize::MAX; MAX_CELLS];
    for (cell, &value) in values.iter().enumerate() {
        if usize::from(value) >= cells {
            return Err(BoardError::OutOfRange { part, cell, value });
        }
        let first = &mut seen[usize::from(value)];
        if *first != usize::MAX {
            return Err(BoardError::Repeated {
                part,
                cell,
                first: *first,
                value,
            });
        }
        *first = cell;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::sample(3, 3, &[2, 3, 4, 1, 5, 0, 7, 6, 8], true)]
    #[case::two_swapped(3, 3, &[2, 1, 3, 4, 5, 6, 7, 8, 0], false)]
    #[case::sam_loyd(4, 4, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0], false)]
    #[case::blank_up_one(4, 4, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 13, 14, 15, 12], true)]
    #[case::even_columns_blank_row_counts(2, 2, &[0, 2, 1, 3], true)]
    #[case::even_columns_swap(2, 2, &[2, 1, 3, 0], false)]
    #[case::line_in_order(1, 4, &[1, 0, 2, 3], true)]
    #[case::line_out_of_order(1, 4, &[2, 1, 3, 0], false)]
    // An even permutation of a line's tiles: the parity rule would allow it.
    #[case::line_cycled(1, 4, &[2, 3, 1, 0], false)]
    #[case::column_cycled(4, 1, &[2, 3, 1, 0], false)]
    // The tiles in order, the blank a row away: the row alone makes the parity odd.
    #[case::even_columns_blank_row_only(2, 2, &[0, 1, 2, 3], false)]
    #[case::column(3, 1, &[0, 1, 2], true)]
    #[case::solved(2, 3, &[1, 2, 3, 4, 5, 0], true)]
    #[case::one_cell(1, 1, &[0], true)]
    fn parity_rule(
        #[case] rows: usize,
        #[case] cols: usize,
        #[case] start: &[u8],
        #[case] solvable: bool,
    ) {
        let board = Board::with_default_goal(rows, cols, start).unwrap();
        assert_eq!(board.is_solvable(), solvable);
        assert_eq!(board.cells(), start.len());
        assert_eq!(board.is_solved(), start == board.goal());
        // The same board from another start: the shape and goal kept.
        let mut other = start.to_vec();
        other.rotate_left(1);
        let moved = board.with_start(&other).unwrap();
        assert_eq!((moved.rows(), moved.cols()), (rows, cols));
        assert_eq!((moved.start(), moved.goal()), (&other[..], board.goal()));
        assert!(board.with_start(&other[1..]).is_err());
    }

    #[rstest]
    #[case::zero_rows(0, 3, &[], "expected a board of 1 to 64 cells, found 0 x 3", None)]
    #[case::too_large(9, 8, &[], "expected a board of 1 to 64 cells, found 9 x 8", None)]
    #[case::short(2, 2, &[1, 2, 0], "expected 4 cells in the start, found 3", None)]
    #[case::out_of_range(2, 2, &[1, 2, 4, 0], "the start: the value 4 of cell 3 is not a tile of the board", Some(2))]
    #[case::repeated(2, 2, &[1, 2, 2, 0], "the start: tile 2 stands on cells 2 and 3", Some(2))]
    #[case::two_blanks(2, 2, &[0, 2, 1, 0], "the start: the blank 0 stands on cells 1 and 4", Some(3))]
    fn rejected(
        #[case] rows: usize,
        #[case] cols: usize,
        #[case] start: &[u8],
        #[case] message: &str,
        #[case] cell: Option<usize>,
    ) {
        let error = Board::with_default_goal(rows, cols, start).unwrap_err();
        assert_eq!(error.to_string(), message);
        assert_eq!(error.cell(), cell, "{message}");
    }

    #[test]
    fn goal_errors_name_the_goal() {
        let error = Board::new(1, 2, &[1, 0], &[1, 1]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the goal: tile 1 stands on cells 1 and 2"
        );
        assert_eq!(error.cell(), Some(1));
    }
}
