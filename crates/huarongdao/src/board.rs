//! The board and the queries played on it.

use grid_core::{Grid, Pos};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// The largest board, in cells, that [`Board`] accepts (2048 x 2048, say). The solver
/// keeps about 240 bytes per cell (measured: a 1000 x 1000 open board with 20 queries
/// peaks at 241 MiB, a 2048 x 2048 one with 5 at 983 MiB), so this bounds its memory to
/// under 1 GiB. (Landmarks, 128 bytes more a cell, 256 on boards of 64 x 64 to 2^18
/// cells, are made only on boards of at most 2^20 cells; threads add at least 48 bytes
/// a cell each, and stop at 8 at 2^20 cells.)
pub const MAX_CELLS: usize = 1 << 22;

/// An `rows x cols` board of movable and fixed cells.
///
/// ```
/// use huarongdao::{Board, Pos};
///
/// let board = Board::from_rows(&["0111", "0110"]).unwrap();
/// assert_eq!((board.rows(), board.cols()), (2, 4));
/// assert!(board.is_movable(Pos::new(0, 1)));
/// assert!(!board.is_movable(Pos::new(1, 3)));
/// assert!(!board.is_movable(Pos::new(5, 5))); // outside counts as fixed
/// ```
#[derive(Clone)]
pub struct Board {
    /// `true` = movable (or the blank); the one-cell border is `false` (fixed).
    grid: Grid<bool>,
    /// Names this board's contents: a new board or a change gets a new id (a clone keeps
    /// it), so a [`Solver`](crate::Solver) knows in O(1) whether the tables it holds are
    /// this board's.
    id: u64,
}

/// The next [`Board::id`].
static NEXT_ID: AtomicU64 = AtomicU64::new(0);

fn fresh_id() -> u64 {
    NEXT_ID.fetch_add(1, Ordering::Relaxed)
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.rows() == other.rows()
            && self.cols() == other.cols()
            && self.grid.cells() == other.grid.cells()
    }
}

impl Eq for Board {}

impl Board {
    /// A board whose cells are all movable.
    ///
    /// # Errors
    /// If a side is 0 or the board has more than [`MAX_CELLS`] cells.
    pub fn new(rows: usize, cols: usize) -> Result<Board, BoardError> {
        check_size(rows, cols)?;
        Ok(Board {
            grid: Grid::new(rows, cols, 1, true, false),
            id: fresh_id(),
        })
    }

    /// A board from row-major cells, `true` for movable.
    ///
    /// # Errors
    /// If the size is out of range or `movable` does not hold `rows * cols` cells.
    pub fn from_cells(rows: usize, cols: usize, movable: &[bool]) -> Result<Board, BoardError> {
        let mut board = Board::new(rows, cols)?;
        if movable.len() != rows * cols {
            return Err(BoardError::CellCount {
                expected: rows * cols,
                found: movable.len(),
            });
        }
        // The board is new, so its id is still its own: set the cells directly.
        for (i, &m) in movable.iter().enumerate() {
            board.grid.set(Pos::new(i / cols, i % cols), m);
        }
        Ok(board)
    }

    /// A board from rows of `0` (fixed) and `1` (movable) characters, as in the judge
    /// format but without spaces.
    ///
    /// # Errors
    /// If the rows are empty, of different lengths, or hold another character.
    pub fn from_rows(rows: &[&str]) -> Result<Board, BoardError> {
        let cols = rows.first().map_or(0, |r| r.len());
        let mut cells = Vec::with_capacity(rows.len() * cols);
        for (r, line) in rows.iter().enumerate() {
            if line.len() != cols {
                return Err(BoardError::RaggedRow {
                    row: r,
                    expected: cols,
                    found: line.len(),
                });
            }
            for (c, ch) in line.chars().enumerate() {
                cells.push(match ch {
                    '1' => true,
                    '0' => false,
                    _ => {
                        return Err(BoardError::BadCell {
                            row: r,
                            col: c,
                            found: ch,
                        });
                    }
                });
            }
        }
        Board::from_cells(rows.len(), cols, &cells)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.grid.rows()
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.grid.cols()
    }

    /// Whether `pos` is on the board.
    pub fn contains(&self, pos: Pos) -> bool {
        self.grid.contains(pos)
    }

    /// Whether `pos` holds a movable piece (or the blank); `false` for fixed cells and
    /// for positions outside the board.
    pub fn is_movable(&self, pos: Pos) -> bool {
        self.contains(pos) && self.grid.get(pos)
    }

    /// Makes the cell at `pos` movable or fixed.
    ///
    /// # Panics
    /// If `pos` is outside the board.
    pub fn set_movable(&mut self, pos: Pos, movable: bool) {
        assert!(self.contains(pos), "{pos} is outside the board");
        if self.grid.get(pos) != movable {
            self.grid.set(pos, movable);
            self.id = fresh_id();
        }
    }

    /// The padded grid of the board (`true` = movable; the border is fixed).
    pub fn grid(&self) -> &Grid<bool> {
        &self.grid
    }

    /// An id for this board's contents: equal ids mean equal boards (the id changes
    /// with every change of a cell; clones share it). Unequal ids say nothing.
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// Checks that `query` can be played on this board: all three cells on the board,
    /// the blank and the piece on movable cells and apart. The target may be fixed (the
    /// answer is then "impossible").
    ///
    /// # Errors
    /// The first rule the query breaks.
    pub fn check(&self, query: &Query) -> Result<(), QueryError> {
        for (role, pos) in [
            (Role::Blank, query.blank),
            (Role::Piece, query.piece),
            (Role::Target, query.target),
        ] {
            if !self.contains(pos) {
                return Err(QueryError::Outside {
                    role,
                    pos,
                    rows: self.rows(),
                    cols: self.cols(),
                });
            }
        }
        for (role, pos) in [(Role::Blank, query.blank), (Role::Piece, query.piece)] {
            if !self.is_movable(pos) {
                return Err(QueryError::Fixed { role, pos });
            }
        }
        if query.blank == query.piece {
            return Err(QueryError::BlankOnPiece { pos: query.blank });
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}", self.rows(), self.cols())?;
        for r in 0..self.rows() {
            let row: String = (0..self.cols())
                .map(|c| {
                    if self.is_movable(Pos::new(r, c)) {
                        '1'
                    } else {
                        '0'
                    }
                })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

fn check_size(rows: usize, cols: usize) -> Result<(), BoardError> {
    if rows == 0 || cols == 0 {
        return Err(BoardError::Empty { rows, cols });
    }
    match rows.checked_mul(cols) {
        Some(cells) if cells <= MAX_CELLS => Ok(()),
        _ => Err(BoardError::TooLarge { rows, cols }),
    }
}

/// Why a board could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
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
        /// The row, 0-based (its message says it 1-based).
        row: usize,
        /// The first row's length.
        expected: usize,
        /// This row's length.
        found: usize,
    },
    /// A character other than `0` or `1`.
    BadCell {
        /// The row, 0-based (its message says it 1-based).
        row: usize,
        /// The column, 0-based (its message says it 1-based).
        col: usize,
        /// The character found there.
        found: char,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BoardError::Empty { rows, cols } => {
                write!(f, "a {rows} x {cols} board has no cells")
            }
            BoardError::TooLarge { rows, cols } => write!(
                f,
                "a {rows} x {cols} board is larger than the {MAX_CELLS} cells this solver handles"
            ),
            BoardError::CellCount { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            BoardError::RaggedRow {
                row,
                expected,
                found,
            } => write!(
                f,
                "row {} has {found} cells, expected {expected} like the first row",
                row + 1
            ),
            BoardError::BadCell { row, col, found } => write!(
                f,
                "expected 0 or 1 at row {}, column {}, found {found:?}",
                row + 1,
                col + 1
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// One game on a board: the blank at `blank`, the designated piece at `piece`, to be
/// brought to `target`. Positions are 0-based; the judge format's line `EX EY SX SY TX
/// TY` counts from 1, so its blank is `Pos::new(EX - 1, EY - 1)`. [`Board::check`] says
/// whether a query can be played on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Query {
    /// The empty cell, 0-based.
    pub blank: Pos,
    /// The designated piece's cell, 0-based.
    pub piece: Pos,
    /// Where the designated piece must go, 0-based.
    pub target: Pos,
}

impl Query {
    /// A query from its three 0-based positions (the judge file's `(3, 2)` is
    /// `Pos::new(2, 1)`).
    pub const fn new(blank: Pos, piece: Pos, target: Pos) -> Query {
        Query {
            blank,
            piece,
            target,
        }
    }
}

/// The cell a [`QueryError`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The query's blank, [`Query::blank`].
    Blank,
    /// The designated piece, [`Query::piece`].
    Piece,
    /// The piece's target, [`Query::target`].
    Target,
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Blank => "blank",
            Role::Piece => "piece",
            Role::Target => "target",
        })
    }
}

/// Why a query cannot be played on a board. Positions print 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum QueryError {
    /// A position outside the `rows x cols` board.
    Outside {
        /// Which of the query's cells.
        role: Role,
        /// Where it is, 0-based.
        pos: Pos,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// The blank or the piece on a fixed cell.
    Fixed {
        /// The blank or the piece.
        role: Role,
        /// The fixed cell, 0-based.
        pos: Pos,
    },
    /// The blank and the piece on the same cell.
    BlankOnPiece {
        /// The cell they share, 0-based.
        pos: Pos,
    },
}

impl QueryError {
    /// The cell the error is about.
    pub fn role(&self) -> Role {
        match *self {
            QueryError::Outside { role, .. } | QueryError::Fixed { role, .. } => role,
            QueryError::BlankOnPiece { .. } => Role::Piece,
        }
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            QueryError::Outside {
                role,
                pos,
                rows,
                cols,
            } => write!(f, "{role} {pos} is outside the {rows} x {cols} board"),
            QueryError::Fixed { role, pos } => write!(f, "{role} {pos} is on a fixed cell"),
            QueryError::BlankOnPiece { pos } => {
                write!(f, "piece {pos} is on the blank's cell")
            }
        }
    }
}

impl std::error::Error for QueryError {}
