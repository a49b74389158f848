//! The model: a board of labelled pieces, the goal, and the rules a layout must follow.

use crate::count::{BINOMIAL, multinomial};
use grid_core::Pos;
use std::fmt;

/// The most cells a board may have: one bit a cell in a 64-bit mask (8 x 8, 4 x 16, ...).
pub const MAX_CELLS: usize = 64;

/// The byte of an empty cell.
pub(crate) const EMPTY: u8 = b'.';

/// Whether `byte` may label a piece: `A-Z a-z 0-9`.
pub const fn is_label(byte: u8) -> bool {
    byte.is_ascii_alphanumeric()
}

/// A board: `rows x cols` cells, each empty (`.`) or carrying the label of the piece on
/// it. It is what a layout starts from and what [`trace`](crate::trace) shows after each
/// move; it knows no rules.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// Row-major, [`EMPTY`] or a label byte.
    cells: Vec<u8>,
}

impl Board {
    /// A board of `cells` (row-major), unchecked: for the crate's own boards.
    pub(crate) fn from_cells(rows: usize, cols: usize, cells: Vec<u8>) -> Board {
        debug_assert_eq!(cells.len(), rows * cols);
        Board { rows, cols, cells }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The label of the piece on `pos`; `None` when it is empty or off the board.
    pub fn label(&self, pos: Pos) -> Option<char> {
        (pos.row < self.rows && pos.col < self.cols)
            .then(|| self.cells[pos.row * self.cols + pos.col])
            .filter(|&b| b != EMPTY)
            .map(char::from)
    }

    /// The cells, row-major: `b'.'` or a label byte.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Row `r` as text.
    pub fn row(&self, r: usize) -> &str {
        let bytes = &self.cells[r * self.cols..(r + 1) * self.cols];
        std::str::from_utf8(bytes).expect("cells are ASCII")
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}", self.rows, self.cols)?;
        for r in 0..self.rows {
            writeln!(f, "{}", self.row(r))?;
        }
        Ok(())
    }
}

/// The goal: the piece labelled `label` (or any piece of the same shape) with the top-left
/// cell of its bounding box on `pos` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Goal {
    /// The goal piece's label (`A-Z a-z 0-9`), as on the board.
    pub label: char,
    /// Where the top-left cell of the piece's bounding box must be, 0-based.
    pub pos: Pos,
}

impl Goal {
    /// The goal of the piece `label` at 0-based `pos`: the layout file's goal line
    /// `B 4 2` (1-based row and column) is `Goal::new('B', Pos::new(3, 1))`.
    pub const fn new(label: char, pos: Pos) -> Goal {
        Goal { label, pos }
    }
}

/// A shape: the cells of a piece relative to the top-left corner of its bounding box, in
/// reading order. Pieces of equal shape are interchangeable.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape(Vec<(usize, usize)>);

impl Shape {
    /// The cells, `(row, col)` from the bounding box's top-left corner, in reading order.
    pub fn cells(&self) -> &[(usize, usize)] {
        &self.0
    }

    /// Rows and columns of the bounding box.
    pub fn size(&self) -> (usize, usize) {
        let rows = self.0.iter().map(|c| c.0).max().map_or(0, |r| r + 1);
        let cols = self.0.iter().map(|c| c.1).max().map_or(0, |c| c + 1);
        (rows, cols)
    }
}

/// One piece: its label and its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    label: char,
    /// In reading order.
    cells: Vec<Pos>,
}

impl Piece {
    /// The label.
    pub fn label(&self) -> char {
        self.label
    }

    /// The cells, in reading order.
    pub fn cells(&self) -> &[Pos] {
        &self.cells
    }

    /// The top-left corner of the bounding box (the position a goal names).
    pub fn top_left(&self) -> Pos {
        let row = self.cells[0].row;
        let col = self
            .cells
            .iter()
            .map(|p| p.col)
            .min()
            .expect("a piece has cells");
        Pos::new(row, col)
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        let corner = self.top_left();
        Shape(
            self.cells
                .iter()
                .map(|p| (p.row - corner.row, p.col - corner.col))
                .collect(),
        )
    }
}

/// A Klotski layout: the board, its pieces and the goal, checked against the rules.
///
/// ```
/// use klotski::{Goal, Layout, Pos};
///
/// // 横刀立马: B is the 2x2; it must reach row 4, column 2 (1-based).
/// let rows = ["ABBC", "ABBC", "DEEF", "DGHF", "I..J"];
/// let layout = Layout::from_rows(&rows, Goal::new('B', Pos::new(3, 1)))?;
/// assert_eq!(layout.pieces().len(), 10);
/// assert_eq!(layout.piece('E').unwrap().shape().size(), (1, 2));
/// assert!(!layout.is_solved());
/// # Ok::<(), klotski::LayoutError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Layout {
    board: Board,
    goal: Goal,
    /// In reading order of their first cells.
    pieces: Vec<Piece>,
}

impl Layout {
    /// A layout from its cells (row-major, `.` or a label) and its goal.
    ///
    /// # Errors
    /// A size out of range, a cell count that does not match it, a character other than
    /// `.` and `A-Z a-z 0-9`, a label whose cells are not 4-connected, a goal label that is
    /// not on the board, or a goal position that puts the piece outside the board.
    pub fn new(rows: usize, cols: usize, cells: &[u8], goal: Goal) -> Result<Layout, LayoutError> {
        if rows == 0 || cols == 0 {
            return Err(LayoutError::Empty { rows, cols });
        }
        if rows.checked_mul(cols).is_none_or(|n| n > MAX_CELLS) {
            return Err(LayoutError::TooLarge { rows, cols });
        }
        if cells.len() != rows * cols {
            return Err(LayoutError::CellCount {
                expected: rows * cols,
                found: cells.len(),
            });
        }
        if let Some(i) = cells.iter().position(|&b| b != EMPTY && !is_label(b)) {
            return Err(LayoutError::BadChar {
                pos: Pos::new(i / cols, i % cols),
                found: char::from(cells[i]),
            });
        }
        let board = Board::from_cells(rows, cols, cells.to_vec());
        let pieces = pieces(&board)?;
        let layout = Layout {
            board,
            goal,
            pieces,
        };
        let Some(piece) = layout.piece(goal.label) else {
            return Err(LayoutError::NoGoalPiece { label: goal.label });
        };
        let (height, width) = piece.shape().size();
        if goal.pos.row + height > rows || goal.pos.col + width > cols {
            return Err(LayoutError::GoalOutside {
                goal,
                size: (height, width),
                board: (rows, cols),
            });
        }
        Ok(layout)
    }

    /// A layout from rows of text (`.` or a label per cell) and its goal.
    ///
    /// # Errors
    /// Rows of different lengths, or anything [`Layout::new`] refuses.
    pub fn from_rows(rows: &[&str], goal: Goal) -> Result<Layout, LayoutError> {
        let cols = rows.first().map_or(0, |r| r.len());
        let mut cells = Vec::with_capacity(rows.len() * cols);
        for (r, row) in rows.iter().enumerate() {
            if row.len() != cols {
                return Err(LayoutError::RaggedRow {
                    row: r,
                    expected: cols,
                    found: row.len(),
                });
            }
            cells.extend_from_slice(row.as_bytes());
        }
        Layout::new(rows.len(), cols, &cells, goal)
    }

    /// The same pieces on `board` (a position reached from this layout, say), with the
    /// same goal.
    ///
    /// # Errors
    /// As [`Layout::new`].
    pub fn with_board(&self, board: &Board) -> Result<Layout, LayoutError> {
        Layout::new(board.rows(), board.cols(), board.cells(), self.goal)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.board.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.board.cols
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The goal.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// The pieces, in reading order of their first cells.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The piece labelled `label`.
    pub fn piece(&self, label: char) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.label == label)
    }

    /// The shape of the goal piece.
    pub fn goal_shape(&self) -> Shape {
        self.piece(self.goal.label)
            .expect("a layout's goal piece is on its board")
            .shape()
    }

    /// How many ways the pieces can stand on the board, equal shapes interchangeable, at
    /// most (saturating): the sets of as many cells as they cover, times the orders of
    /// their shapes in reading order. It bounds the states of any search of the layout.
    ///
    /// ```
    /// use klotski::{Goal, Layout, Pos};
    ///
    /// // Two 1x1 pieces on three cells: 3 sets of two cells, one order.
    /// let layout = Layout::from_rows(&["AB."], Goal::new('A', Pos::new(0, 0)))?;
    /// assert_eq!(layout.arrangements(), 3);
    /// # Ok::<(), klotski::LayoutError>(())
    /// ```
    pub fn arrangements(&self) -> u64 {
        u64::try_from(arrangements(self)).unwrap_or(u64::MAX)
    }

    /// Whether the layout is solved already: a piece of the goal piece's shape stands on
    /// the goal.
    pub fn is_solved(&self) -> bool {
        let shape = self.goal_shape();
        self.pieces
            .iter()
            .any(|p| p.top_left() == self.goal.pos && p.shape() == shape)
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.board)?;
        writeln!(
            f,
            "goal {} {} {}",
            self.goal.label,
            self.goal.pos.row + 1,
            self.goal.pos.col + 1
        )
    }
}

/// The pieces of `board`, in reading order of their first cells; each label's cells
/// must be 4-connected.
fn pieces(board: &Board) -> Result<Vec<Piece>, LayoutError> {
    let (rows, cols) = (board.rows, board.cols);
    let mut seen = vec![false; rows * cols];
    let mut pieces: Vec<Piece> = Vec::new();
    for start in 0..rows * cols {
        let label = board.cells[start];
        if label == EMPTY || seen[start] {
            continue;
        }
        if pieces.iter().any(|p| p.label == char::from(label)) {
            // A second group of a label seen before: not connected to the first.
            return Err(LayoutError::Disconnected {
                label: char::from(label),
                pos: Pos::new(start / cols, start % cols),
            });
        }
        // Flood fill the label's group from its first cell.
        let mut group = vec![start];
        seen[start] = true;
        let mut next = 0;
        while let Some(&cell) = group.get(next) {
            next += 1;
            let (r, c) = (cell / cols, cell % cols);
            let neighbours = [
                (r > 0).then(|| cell - cols),
                (r + 1 < rows).then(|| cell + cols),
                (c > 0).then(|| cell - 1),
                (c + 1 < cols).then(|| cell + 1),
            ];
            for n in neighbours.into_iter().flatten() {
                if !seen[n] && board.cells[n] == label {
                    seen[n] = true;
                    group.push(n);
                }
            }
        }
        group.sort_unstable();
        pieces.push(Piece {
            label: char::from(label),
            cells: group
                .into_iter()
                .map(|i| Pos::new(i / cols, i % cols))
                .collect(),
        });
    }
    Ok(pieces)
}

/// Why a layout could not be built. Positions are 0-based and print 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LayoutError {
    /// A side of length 0.
    Empty {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// More than [`MAX_CELLS`] cells.
    TooLarge {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// The cell list does not match the size.
    CellCount {
        /// `rows * cols`.
        expected: usize,
        /// The cells given.
        found: usize,
    },
    /// A row of another length than the first.
    RaggedRow {
        /// The row, 0-based.
        row: usize,
        /// The first row's length.
        expected: usize,
        /// This row's length.
        found: usize,
    },
    /// A character other than `.` and `A-Z a-z 0-9`.
    BadChar {
        /// Where, 0-based.
        pos: Pos,
        /// The character found there.
        found: char,
    },
    /// A cell of `label` not 4-connected to the label's first cell.
    Disconnected {
        /// The piece's label.
        label: char,
        /// The cell apart from the first one, 0-based.
        pos: Pos,
    },
    /// The goal names a label that is on no cell.
    NoGoalPiece {
        /// The goal's label.
        label: char,
    },
    /// The goal piece, of bounding box `size`, would stick out of the `board` there.
    GoalOutside {
        /// The goal.
        goal: Goal,
        /// The goal piece's bounding box, `(rows, cols)`.
        size: (usize, usize),
        /// The board's size, `(rows, cols)`.
        board: (usize, usize),
    },
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LayoutError::Empty { rows, cols } => write!(f, "a {rows} x {cols} board has no cells"),
            LayoutError::TooLarge { rows, cols } => write!(
                f,
                "a {rows} x {cols} board has more than the {MAX_CELLS} cells the state encoding holds"
            ),
            LayoutError::CellCount { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            LayoutError::RaggedRow {
                row,
                expected,
                found,
            } => write!(f, "row {} has {found} cells, expected {expected}", row + 1),
            LayoutError::BadChar { pos, found } => write!(
                f,
                "expected `.` or a label A-Z a-z 0-9 at {pos}, found {found:?}"
            ),
            LayoutError::Disconnected { label, pos } => write!(
                f,
                "the cells of piece {label} are not connected: {pos} is apart from its first cell"
            ),
            LayoutError::NoGoalPiece { label } => {
                write!(f, "the goal piece {label:?} is not on the board")
            }
            LayoutError::GoalOutside { goal, size, board } => write!(
                f,
                "the goal puts piece {} ({} x {}) at {}, outside the {} x {} board",
                goal.label, size.0, size.1, goal.pos, board.0, board.1
            ),
        }
    }
}

impl std::error::Error for LayoutError {}

/// The number of sequence codes of `layout`: the sets of as many cells as its pieces
/// cover, times the orders of its pieces' classes (saturating). Every state has one, so
/// it bounds the states of any search.
pub(crate) fn arrangements(layout: &Layout) -> u128 {
    let cells = layout.rows() * layout.cols();
    let (_, counts) = classes(layout);
    let covered: usize = layout.pieces().iter().map(|p| p.cells().len()).sum();
    u128::from(BINOMIAL[cells][covered]).saturating_mul(multinomial(&counts))
}

/// The shapes of `layout`'s pieces, and how many pieces have each.
pub(crate) fn classes(layout: &Layout) -> (Vec<Shape>, Vec<u32>) {
    let mut shapes: Vec<Shape> = Vec::new();
    let mut counts: Vec<u32> = Vec::new();
    for piece in layout.pieces() {
        let shape = piece.shape();
        match shapes.iter().position(|s| *s == shape) {
            Some(k) => counts[k] += 1,
            None => {
                shapes.push(shape);
                counts.push(1);
            }
        }
    }
    (shapes, counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn goal(label: char, row: usize, col: usize) -> Goal {
        Goal::new(label, Pos::new(row, col))
    }

    /// A piece's cells are found by a flood from its first cell in reading order, up
    /// as well as down: a U opening upwards is one piece, its right arm reached from
    /// below.
    #[test]
    fn a_piece_s_cells_are_flooded_every_way() {
        let layout = Layout::from_rows(&["A.AB", "AAAB", "C..."], goal('C', 2, 0)).unwrap();
        let a = layout.piece('A').unwrap();
        assert_eq!(a.cells().len(), 5);
        assert!(a.cells().contains(&Pos::new(0, 2)));
        assert_eq!(layout.pieces().len(), 3);
    }

    /// What is wrong with a layout, said in words: its rows, its pieces, its goal.
    #[test]
    fn layout_errors_say_what_is_wrong() {
        let error = |rows: &[&str], g: Goal| Layout::from_rows(rows, g).unwrap_err().to_string();
        assert_eq!(
            error(&["AA", "A"], goal('A', 0, 0)),
            "row 2 has 1 cells, expected 2"
        );
        assert_eq!(
            error(&["A.A", "..."], goal('A', 0, 0)),
            "the cells of piece A are not connected: (1, 3) is apart from its first cell"
        );
        assert_eq!(
            error(&["AB", ".."], goal('C', 0, 0)),
            "the goal piece 'C' is not on the board"
        );
    }

    /// A layout's debug form is its board, row by row, and its goal, 1-based (what a
    /// failing test prints).
    #[test]
    fn a_layout_debugs_as_its_rows_and_goal() {
        let layout = Layout::from_rows(&["AAB", "AA.", "CDD"], goal('A', 0, 0)).unwrap();
        assert_eq!(
            format!("{layout:?}"),
            "Board 3x3\nAAB\nAA.\nCDD\ngoal A 1 1\n"
        );
    }

    /// A cell's label, on the board and off it: the last row and column are on it,
    /// one past either is not (as an empty cell, `None`).
    #[test]
    fn labels_stop_at_the_board_s_edges() {
        let layout = Layout::from_rows(&["AAB", "AA.", "CDD"], goal('A', 0, 0)).unwrap();
        let board = layout.board();
        assert_eq!(board.label(Pos::new(0, 0)), Some('A'));
        assert_eq!(board.label(Pos::new(0, 2)), Some('B'));
        assert_eq!(board.label(Pos::new(1, 2)), None);
        assert_eq!(board.label(Pos::new(2, 2)), Some('D'));
        assert_eq!(board.label(Pos::new(2, 0)), Some('C'));
        for off in [
            Pos::new(3, 0),
            Pos::new(0, 3),
            Pos::new(3, 3),
            Pos::new(1, 3),
        ] {
            assert_eq!(board.label(off), None, "{off:?}");
        }
    }

    #[test]
    fn pieces_come_in_reading_order_with_their_shapes() {
        let layout = Layout::from_rows(&[".AB", "AAB", "C.."], goal('B', 1, 2)).unwrap();
        let labels: Vec<char> = layout.pieces().iter().map(Piece::label).collect();
        assert_eq!(labels, ['A', 'B', 'C']);
        let a = layout.piece('A').unwrap();
        assert_eq!(a.top_left(), Pos::new(0, 0));
        assert_eq!(a.shape().cells(), [(0, 1), (1, 0), (1, 1)]);
        assert_eq!(a.shape().size(), (2, 2));
    }

    #[test]
    fn rules_are_checked_in_order() {
        let bad = |rows: &[&str], g| Layout::from_rows(rows, g).unwrap_err();
        assert_eq!(
            bad(&["A.A"], goal('A', 0, 0)),
            LayoutError::Disconnected {
                label: 'A',
                pos: Pos::new(0, 2)
            }
        );
        assert_eq!(
            bad(&["A#"], goal('A', 0, 0)),
            LayoutError::BadChar {
                pos: Pos::new(0, 1),
                found: '#'
            }
        );
        assert_eq!(
            bad(&["AB", "A"], goal('A', 0, 0)),
            LayoutError::RaggedRow {
                row: 1,
                expected: 2,
                found: 1
            }
        );
        assert_eq!(
            bad(&["A."], goal('Z', 0, 0)),
            LayoutError::NoGoalPiece { label: 'Z' }
        );
        assert!(matches!(
            bad(&["AA."], goal('A', 0, 2)),
            LayoutError::GoalOutside { .. }
        ));
        assert!(Layout::from_rows(&["AA."], goal('A', 0, 1)).is_ok());
        let wide = ".".repeat(65);
        assert_eq!(
            bad(&[wide.as_str()], goal('A', 0, 0)),
            LayoutError::TooLarge { rows: 1, cols: 65 }
        );
    }

    #[test]
    fn solved_means_any_piece_of_the_goal_shape_on_the_goal() {
        let layout = Layout::from_rows(&["AB."], goal('A', 0, 1)).unwrap();
        assert!(layout.is_solved(), "B has A's shape and stands on A's goal");
        let layout = Layout::from_rows(&["A.BB"], goal('A', 0, 2)).unwrap();
        assert!(!layout.is_solved());
    }
}
