//! The board, the box's placements and the rules of a roll.

use grid_core::memory::{AllocError, try_reserve, try_resize};
use grid_core::{Dir, Grid, Pos};
use std::fmt;

/// The largest board, in cells, that [`Board`] accepts (8192 x 8192, say). The board
/// keeps a byte per cell and the solver another (two for a path) besides its
/// frontiers, so this bounds their memory to about 130 MiB (200 MiB for a path) and
/// the frontiers.
pub const MAX_CELLS: usize = 1 << 26;

/// What a cell of the plane is.
///
/// The discriminants are bit sets the solver tests without branching: bit 0 "holds half
/// a lying box", bit 1 "holds a standing box".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    /// `#`: nothing; no part of the box may ever be over it.
    Empty = 0,
    /// `.` (also `X` and `O`): holds the box standing or lying.
    Rigid = 3,
    /// `E`: easily broken; holds one half of a lying box, never a standing box.
    Fragile = 1,
}

/// How the box lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    /// Upright on one cell.
    Standing = 0,
    /// Lying along a row, on its cell and the one to the right.
    Horizontal = 1,
    /// Lying along a column, on its cell and the one below.
    Vertical = 2,
}

impl Orientation {
    /// All three, in the order of their discriminants.
    pub const ALL: [Orientation; 3] = [
        Orientation::Standing,
        Orientation::Horizontal,
        Orientation::Vertical,
    ];

    /// The orientation with discriminant `i` (0..3).
    pub const fn from_index(i: usize) -> Orientation {
        match i {
            0 => Orientation::Standing,
            1 => Orientation::Horizontal,
            _ => Orientation::Vertical,
        }
    }
}

/// Where the box is: its orientation and its top-left cell (the only cell when
/// standing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// The cell under the box standing, or the top-left of the two under it lying;
    /// 0-based.
    pub pos: Pos,
    /// Standing, or lying along a row or a column.
    pub orientation: Orientation,
}

impl Placement {
    /// The box standing on `pos`.
    pub const fn standing(pos: Pos) -> Placement {
        Placement {
            pos,
            orientation: Orientation::Standing,
        }
    }

    /// The cells under the box: one when standing, two when lying.
    pub fn cells(self) -> (Pos, Option<Pos>) {
        let Pos { row, col } = self.pos;
        match self.orientation {
            Orientation::Standing => (self.pos, None),
            Orientation::Horizontal => (self.pos, Some(Pos::new(row, col + 1))),
            Orientation::Vertical => (self.pos, Some(Pos::new(row + 1, col))),
        }
    }

    /// The placement after rolling over the bottom edge facing `dir`, or `None` when a
    /// coordinate would become negative (off the top or left of any board).
    ///
    /// ```
    /// use bloxorz::{Dir, Orientation, Placement, Pos};
    ///
    /// let up = Placement::standing(Pos::new(3, 3));
    /// let lying = up.roll(Dir::Right).unwrap();
    /// assert_eq!(lying, Placement { pos: Pos::new(3, 4), orientation: Orientation::Horizontal });
    /// assert_eq!(lying.roll(Dir::Left), Some(up)); // every roll can be undone
    /// ```
    pub fn roll(self, dir: Dir) -> Option<Placement> {
        use Orientation::{Horizontal, Standing, Vertical};
        let Pos { row, col } = self.pos;
        // (row change, column change, new orientation): the roll table of the spec.
        let (dr, dc, orientation) = match (self.orientation, dir) {
            (Standing, Dir::Up) => (-2, 0, Vertical),
            (Standing, Dir::Down) => (1, 0, Vertical),
            (Standing, Dir::Left) => (0, -2, Horizontal),
            (Standing, Dir::Right) => (0, 1, Horizontal),
            (Horizontal, Dir::Up) => (-1, 0, Horizontal),
            (Horizontal, Dir::Down) => (1, 0, Horizontal),
            (Horizontal, Dir::Left) => (0, -1, Standing),
            (Horizontal, Dir::Right) => (0, 2, Standing),
            (Vertical, Dir::Up) => (-1, 0, Standing),
            (Vertical, Dir::Down) => (2, 0, Standing),
            (Vertical, Dir::Left) => (0, -1, Vertical),
            (Vertical, Dir::Right) => (0, 1, Vertical),
        };
        Some(Placement {
            pos: Pos::new(row.checked_add_signed(dr)?, col.checked_add_signed(dc)?),
            orientation,
        })
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cells() {
            (a, None) => write!(f, "standing on {a}"),
            (a, Some(b)) => write!(f, "lying on {a} and {b}"),
        }
    }
}

/// A Bloxorz plane: the cells, the box's start and the target.
///
/// Everything outside the `rows x cols` rectangle counts as [`Cell::Empty`], so a board
/// need not have a `#` border.
///
/// ```
/// use bloxorz::{Board, Cell, Orientation, Pos};
///
/// let board = Board::from_rows(&["XX.", ".EO"]).unwrap();
/// assert_eq!(board.start().orientation, Orientation::Horizontal);
/// assert_eq!(board.target(), Pos::new(1, 2));
/// assert_eq!(board.cell(Pos::new(1, 1)), Cell::Fragile);
/// assert_eq!(board.cell(Pos::new(9, 9)), Cell::Empty);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    /// Padded by [`PAD`] `Empty` cells on every side.
    grid: Grid<Cell>,
    start: Placement,
    target: Pos,
}

impl Board {
    /// A board from its cells (row-major), the start and the target.
    ///
    /// # Errors
    /// A size out of range, a cell count that does not match it, or a start or target
    /// the plane cannot hold (the start must be on non-empty cells, and not standing on a
    /// fragile one; the target must be rigid).
    pub fn new(
        rows: usize,
        cols: usize,
        cells: &[Cell],
        start: Placement,
        target: Pos,
    ) -> Result<Board, BoardError> {
        let mut board = BoardRows::new(rows, cols)?;
        if cells.len() != rows * cols {
            return Err(BoardError::CellCount {
                expected: rows * cols,
                found: cells.len(),
            });
        }
        for (r, row) in cells.chunks_exact(cols).enumerate() {
            board.set_row(r, row.iter().copied())?;
        }
        board.finish(start, target)
    }

    /// A board from rows of the judge's characters: `#` empty, `.` rigid, `E` fragile,
    /// `X` the start (one standing, two adjacent lying), `O` the target.
    ///
    /// # Errors
    /// Rows of different lengths, another character, no `O` or more than one, no `X`,
    /// more than two, or two that do not share an edge.
    pub fn from_rows(rows: &[&str]) -> Result<Board, BoardError> {
        let cols = rows.first().map_or(0, |r| r.len());
        let mut cells = Vec::with_capacity(rows.len() * cols);
        let mut starts = Vec::new();
        let mut targets = Vec::new();
        for (r, line) in rows.iter().enumerate() {
            if line.len() != cols {
                return Err(BoardError::RaggedRow {
                    row: r,
                    expected: cols,
                    found: line.len(),
                });
            }
            for (c, ch) in line.chars().enumerate() {
                let pos = Pos::new(r, c);
                cells.push(match Cell::from_char(ch) {
                    Some(cell) => cell,
                    None => return Err(BoardError::BadChar { pos, found: ch }),
                });
                match ch {
                    'X' => starts.push(pos),
                    'O' => targets.push(pos),
                    _ => {}
                }
            }
        }
        let target = match targets[..] {
            [t] => t,
            [] => return Err(BoardError::NoTarget),
            [_, second, ..] => return Err(BoardError::SecondTarget { pos: second }),
        };
        let start = start_from(&starts)?;
        Board::new(rows.len(), cols, &cells, start, target)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.grid.rows()
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.grid.cols()
    }

    /// The cell at `pos`; [`Cell::Empty`] outside the board.
    pub fn cell(&self, pos: Pos) -> Cell {
        if self.grid.contains(pos) {
            self.grid.get(pos)
        } else {
            Cell::Empty
        }
    }

    /// The box's start.
    pub fn start(&self) -> Placement {
        self.start
    }

    /// The target cell: the box must stand on it.
    pub fn target(&self) -> Pos {
        self.target
    }

    /// The padded grid (border of two [`Cell::Empty`] cells).
    pub fn grid(&self) -> &Grid<Cell> {
        &self.grid
    }

    /// Whether the plane holds the box at `placement`: every cell under it non-empty,
    /// and not a fragile cell under a standing box.
    pub fn holds(&self, placement: Placement) -> bool {
        match placement.cells() {
            (a, None) => self.cell(a) == Cell::Rigid,
            (a, Some(b)) => self.cell(a) != Cell::Empty && self.cell(b) != Cell::Empty,
        }
    }

    /// Whether `placement` wins: standing on the target.
    pub fn is_goal(&self, placement: Placement) -> bool {
        placement == Placement::standing(self.target)
    }
}

/// Empty cells around the plane: a roll moves the box's cells at most two cells away,
/// so no roll from a valid placement leaves the storage.
const PAD: usize = 2;

/// A [`Board`] written a row at a time, straight into the padded storage the solver
/// reads: a reader of a huge board keeps no second copy of its cells, and allocates
/// only as the rows come.
///
/// ```
/// use bloxorz::{BoardRows, Cell, Placement, Pos};
///
/// let mut rows = BoardRows::new(2, 3)?;
/// rows.set_row(0, [Cell::Rigid, Cell::Rigid, Cell::Fragile])?;
/// rows.set_row(1, [Cell::Empty, Cell::Rigid, Cell::Rigid])?;
/// let board = rows.finish(Placement::standing(Pos::new(0, 0)), Pos::new(1, 2))?;
/// assert_eq!(board.cell(Pos::new(0, 2)), Cell::Fragile);
/// # Ok::<(), bloxorz::BoardError>(())
/// ```
#[derive(Clone, Debug)]
pub struct BoardRows {
    rows: usize,
    cols: usize,
    /// The padded storage up to the end of the last row written, its border included.
    cells: Vec<Cell>,
    /// Rows written.
    written: usize,
}

impl BoardRows {
    /// A board of `rows x cols` cells with no row written yet.
    ///
    /// # Errors
    /// A side of length 0, or more than [`MAX_CELLS`] cells.
    pub fn new(rows: usize, cols: usize) -> Result<BoardRows, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::Empty { rows, cols });
        }
        if rows.checked_mul(cols).is_none_or(|n| n > MAX_CELLS) {
            return Err(BoardError::TooLarge { rows, cols });
        }
        Ok(BoardRows {
            rows,
            cols,
            cells: vec![Cell::Empty; PAD * (cols + 2 * PAD)],
            written: 0,
        })
    }

    /// Writes row `row` (0-based): rows are written in order, so `row` is at most the
    /// number written so far, and writing a row again drops the rows after it (a
    /// reader may read a row twice).
    ///
    /// # Errors
    /// A row past the last, or past the rows written so far, or other than `cols`
    /// cells long; the board is then as it was.
    pub fn set_row(
        &mut self,
        row: usize,
        cells: impl IntoIterator<Item = Cell>,
    ) -> Result<(), BoardError> {
        if row >= self.rows || row > self.written {
            return Err(BoardError::RowOutOfOrder {
                row,
                written: self.written,
            });
        }
        let stride = self.cols + 2 * PAD;
        let start = (row + PAD) * stride;
        self.cells.truncate(start);
        try_reserve(&mut self.cells, stride, "the board").map_err(BoardError::NoMemory)?;
        self.cells.extend([Cell::Empty; PAD]);
        self.cells.extend(cells);
        let found = self.cells.len() - start - PAD;
        self.cells.extend([Cell::Empty; PAD]);
        if found != self.cols {
            self.cells.truncate(start);
            self.written = row;
            return Err(BoardError::RaggedRow {
                row,
                expected: self.cols,
                found,
            });
        }
        self.written = row + 1;
        Ok(())
    }

    /// The board, its start and its target.
    ///
    /// # Errors
    /// Rows not all written, or a start or target the plane cannot hold (see
    /// [`Board::new`]).
    pub fn finish(mut self, start: Placement, target: Pos) -> Result<Board, BoardError> {
        if self.written != self.rows {
            return Err(BoardError::CellCount {
                expected: self.rows * self.cols,
                found: self.written * self.cols,
            });
        }
        let stride = self.cols + 2 * PAD;
        let len = (self.rows + 2 * PAD) * stride;
        try_resize(&mut self.cells, len, Cell::Empty, "the board").map_err(BoardError::NoMemory)?;
        let board = Board {
            grid: Grid::from_storage(self.rows, self.cols, PAD, self.cells),
            start,
            target,
        };
        if !board.holds(start) {
            return Err(BoardError::BadStart { start });
        }
        if board.cell(target) != Cell::Rigid {
            return Err(BoardError::BadTarget { target });
        }
        Ok(board)
    }
}

impl Cell {
    /// The cell a judge character stands for (`X` and `O` are rigid).
    pub const fn from_char(ch: char) -> Option<Cell> {
        match ch {
            '#' => Some(Cell::Empty),
            '.' | 'X' | 'O' => Some(Cell::Rigid),
            'E' => Some(Cell::Fragile),
            _ => None,
        }
    }
}

/// The start placement from the positions of the `X`s, in reading order.
///
/// # Errors
/// No `X`, more than two, or two that do not share an edge.
pub fn start_from(xs: &[Pos]) -> Result<Placement, BoardError> {
    match *xs {
        [] => Err(BoardError::NoStart),
        [p] => Ok(Placement::standing(p)),
        [a, b] if a.row == b.row && a.col + 1 == b.col => Ok(Placement {
            pos: a,
            orientation: Orientation::Horizontal,
        }),
        [a, b] if a.col == b.col && a.row + 1 == b.row => Ok(Placement {
            pos: a,
            orientation: Orientation::Vertical,
        }),
        [a, b] => Err(BoardError::StartApart {
            first: a,
            second: b,
        }),
        [_, _, third, ..] => Err(BoardError::ThirdStart { pos: third }),
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}", self.rows(), self.cols())?;
        let (a, b) = self.start.cells();
        for r in 0..self.rows() {
            let row: String = (0..self.cols())
                .map(|c| {
                    let pos = Pos::new(r, c);
                    if pos == a || Some(pos) == b {
                        'X'
                    } else if pos == self.target {
                        'O'
                    } else {
                        match self.cell(pos) {
                            Cell::Empty => '#',
                            Cell::Rigid => '.',
                            Cell::Fragile => 'E',
                        }
                    }
                })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

/// Why a board could not be built. Positions are 0-based and print 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
        /// The row, 0-based.
        row: usize,
        /// The first row's length.
        expected: usize,
        /// This row's length.
        found: usize,
    },
    /// A row written out of order (see [`BoardRows::set_row`]).
    RowOutOfOrder {
        /// The row given, 0-based.
        row: usize,
        /// The rows written so far (the row expected next).
        written: usize,
    },
    /// A character other than `# . E X O`.
    BadChar {
        /// Where, 0-based.
        pos: Pos,
        /// The character found there.
        found: char,
    },
    /// No `O`.
    NoTarget,
    /// A second `O`.
    SecondTarget {
        /// The second `O`, 0-based.
        pos: Pos,
    },
    /// No `X`.
    NoStart,
    /// A third `X`.
    ThirdStart {
        /// The third `X`, 0-based.
        pos: Pos,
    },
    /// Two `X` that do not share an edge.
    StartApart {
        /// The first `X` in reading order, 0-based.
        first: Pos,
        /// The second, 0-based.
        second: Pos,
    },
    /// The start is over an empty cell, or stands on a fragile one.
    BadStart {
        /// The box as the `X` cells place it.
        start: Placement,
    },
    /// The target is not a rigid cell.
    BadTarget {
        /// The `O`, 0-based.
        target: Pos,
    },
    /// The memory for the board was refused.
    NoMemory(AllocError),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BoardError::Empty { rows, cols } => write!(f, "a {rows} x {cols} board has no cells"),
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
            } => write!(f, "row {} has {found} cells, expected {expected}", row + 1),
            BoardError::RowOutOfOrder { row, written } => write!(
                f,
                "row {} written after {written} rows (rows go in order)",
                row + 1
            ),
            BoardError::BadChar { pos, found } => {
                write!(f, "expected one of # . E X O at {pos}, found {found:?}")
            }
            BoardError::NoTarget => write!(f, "the board has no target O"),
            BoardError::SecondTarget { pos } => write!(f, "a second target O at {pos}"),
            BoardError::NoStart => write!(f, "the board has no start X"),
            BoardError::ThirdStart { pos } => write!(f, "a third start X at {pos}"),
            BoardError::StartApart { first, second } => {
                write!(
                    f,
                    "the start X at {first} and {second} do not share an edge"
                )
            }
            BoardError::BadStart { start } => write!(f, "the plane cannot hold the box {start}"),
            BoardError::BadTarget { target } => {
                write!(f, "the target {target} is not a rigid cell")
            }
            BoardError::NoMemory(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BoardError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_roll_can_be_undone() {
        for orientation in Orientation::ALL {
            let p = Placement {
                pos: Pos::new(5, 5),
                orientation,
            };
            for dir in Dir::ALL {
                let q = p.roll(dir).unwrap();
                assert_eq!(q.roll(dir.opposite()), Some(p), "{p:?} {dir}");
            }
        }
    }

    #[test]
    fn rows_are_written_in_order_and_rewritten_from_any_row() {
        let mut rows = BoardRows::new(3, 2).unwrap();
        assert_eq!(
            rows.set_row(1, [Cell::Rigid; 2]),
            Err(BoardError::RowOutOfOrder { row: 1, written: 0 })
        );
        rows.set_row(0, [Cell::Fragile; 2]).unwrap();
        rows.set_row(1, [Cell::Fragile; 2]).unwrap();
        rows.set_row(2, [Cell::Fragile; 2]).unwrap();
        // Row 1 again: row 2 is gone and must be written again.
        rows.set_row(1, [Cell::Rigid; 2]).unwrap();
        let start = Placement::standing(Pos::new(1, 0));
        assert_eq!(
            rows.clone().finish(start, Pos::new(1, 1)),
            Err(BoardError::CellCount {
                expected: 6,
                found: 4
            })
        );
        // A ragged row leaves the rows before it.
        assert_eq!(
            rows.set_row(2, [Cell::Rigid; 3]),
            Err(BoardError::RaggedRow {
                row: 2,
                expected: 2,
                found: 3
            })
        );
        assert_eq!(
            rows.set_row(3, [Cell::Rigid; 2]),
            Err(BoardError::RowOutOfOrder { row: 3, written: 2 })
        );
        rows.set_row(2, [Cell::Empty, Cell::Rigid]).unwrap();
        let board = rows.finish(start, Pos::new(1, 1)).unwrap();
        let cells = [
            Cell::Fragile,
            Cell::Fragile,
            Cell::Rigid,
            Cell::Rigid,
            Cell::Empty,
            Cell::Rigid,
        ];
        assert_eq!(
            board,
            Board::new(3, 2, &cells, start, Pos::new(1, 1)).unwrap()
        );
        assert_eq!(board.grid().storage_size(), 7 * 6);
        assert_eq!(board.cell(Pos::new(2, 1)), Cell::Rigid);
    }

    /// Finishing before every row is written counts the cells of the rows written.
    #[test]
    fn an_unfinished_board_counts_the_cells_written() {
        let mut rows = BoardRows::new(3, 4).unwrap();
        rows.set_row(0, [Cell::Rigid; 4]).unwrap();
        assert_eq!(
            rows.finish(Placement::standing(Pos::new(0, 0)), Pos::new(0, 3)),
            Err(BoardError::CellCount {
                expected: 12,
                found: 4
            })
        );
    }

    /// Two `X`s make a lying box only where they share an edge.
    #[test]
    fn the_start_is_one_x_or_two_that_share_an_edge() {
        let p = Pos::new;
        let lying = |pos, orientation| Ok(Placement { pos, orientation });
        assert_eq!(start_from(&[]), Err(BoardError::NoStart));
        assert_eq!(start_from(&[p(2, 3)]), Ok(Placement::standing(p(2, 3))));
        assert_eq!(
            start_from(&[p(2, 3), p(2, 4)]),
            lying(p(2, 3), Orientation::Horizontal)
        );
        assert_eq!(
            start_from(&[p(2, 3), p(3, 3)]),
            lying(p(2, 3), Orientation::Vertical)
        );
        for (a, b) in [
            (p(2, 3), p(2, 5)), // one row, a cell between
            (p(2, 3), p(4, 3)), // one column, a cell between
            (p(2, 3), p(3, 4)), // diagonal
            (p(2, 4), p(3, 3)), // the other diagonal
            (p(2, 3), p(3, 2)),
            (p(1, 3), p(3, 4)),
        ] {
            assert_eq!(
                start_from(&[a, b]),
                Err(BoardError::StartApart {
                    first: a,
                    second: b
                }),
                "{a} {b}"
            );
        }
        assert_eq!(
            start_from(&[p(0, 0), p(0, 1), p(0, 2)]),
            Err(BoardError::ThirdStart { pos: p(0, 2) })
        );
    }

    /// A board's debug form draws it as the judge's text does.
    #[test]
    fn a_board_debugs_as_its_rows() {
        use Cell::{Empty as H, Fragile as E, Rigid as R};
        let cells = [R, R, H, E, R, R, R, R, E, H, R, R];
        let start = Placement {
            pos: Pos::new(0, 0),
            orientation: Orientation::Vertical,
        };
        let board = Board::new(3, 4, &cells, start, Pos::new(0, 1)).unwrap();
        assert_eq!(format!("{board:?}"), "Board 3x4\nXO#E\nX...\nE#..\n");
        let standing = Placement::standing(Pos::new(1, 3));
        let board = Board::new(3, 4, &cells, standing, Pos::new(2, 2)).unwrap();
        assert_eq!(format!("{board:?}"), "Board 3x4\n..#E\n...X\nE#O.\n");
    }

    /// Each error says what is wrong, and where, in 1-based positions.
    #[test]
    fn errors_say_what_and_where() {
        let p = Pos::new;
        for (error, message) in [
            (
                BoardError::Empty { rows: 0, cols: 3 },
                "a 0 x 3 board has no cells",
            ),
            (
                BoardError::CellCount {
                    expected: 12,
                    found: 4,
                },
                "expected 12 cells, found 4",
            ),
            (
                BoardError::RaggedRow {
                    row: 2,
                    expected: 2,
                    found: 3,
                },
                "row 3 has 3 cells, expected 2",
            ),
            (BoardError::NoStart, "the board has no start X"),
            (
                BoardError::StartApart {
                    first: p(0, 0),
                    second: p(1, 1),
                },
                "the start X at (1, 1) and (2, 2) do not share an edge",
            ),
            (
                BoardError::BadStart {
                    start: Placement::standing(p(0, 2)),
                },
                "the plane cannot hold the box standing on (1, 3)",
            ),
            (
                BoardError::BadTarget { target: p(4, 0) },
                "the target (5, 1) is not a rigid cell",
            ),
        ] {
            assert_eq!(error.to_string(), message);
        }
    }

    #[test]
    fn rolls_off_the_top_left_are_none() {
        assert_eq!(Placement::standing(Pos::new(1, 1)).roll(Dir::Up), None);
        assert_eq!(
            Placement::standing(Pos::new(0, 5))
                .roll(Dir::Left)
                .map(|p| p.pos),
            Some(Pos::new(0, 3))
        );
    }
}
