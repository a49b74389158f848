//! A flat grid with a padded border.

use crate::Dir;
use std::fmt;
use std::ops::{Index, IndexMut};

/// A cell position, 0-based: `row` from the top, `col` from the left.
///
/// Judge formats count from 1; parsers convert at the edge. [`Display`](fmt::Display)
/// shows the 1-based `(row, col)` a user reads in the input file.
///
/// ```
/// use grid_core::Pos;
///
/// // The judge file's cell (3, 2), third row and second column, is 0-based (2, 1).
/// let pos = Pos::new(2, 1);
/// assert_eq!(pos.to_string(), "(3, 2)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// The row, 0-based from the top (a judge file's row 1 is row 0 here).
    pub row: usize,
    /// The column, 0-based from the left (a judge file's column 1 is column 0 here).
    pub col: usize,
}

impl Pos {
    /// The cell at 0-based `row` and `col`: a judge file's 1-based `(r, c)` is
    /// `Pos::new(r - 1, c - 1)`.
    pub const fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }

    /// The neighbour in direction `d`, or `None` when it would have a negative coordinate.
    pub fn step(self, d: Dir) -> Option<Pos> {
        let (dr, dc) = d.delta();
        Some(Pos {
            row: self.row.checked_add_signed(dr)?,
            col: self.col.checked_add_signed(dc)?,
        })
    }

    /// The Manhattan distance between two cells.
    pub fn manhattan(self, other: Pos) -> usize {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row + 1, self.col + 1)
    }
}

/// A `rows x cols` grid stored row-major in one `Vec`, surrounded by a border `pad` cells
/// wide.
///
/// Cells are addressed by a flat index; [`Grid::step`] moves to a neighbour by adding a
/// fixed offset. Because the border is part of the storage and holds a value of its own
/// (a wall, usually), a search never needs a bounds check: from an inner cell, any
/// `pad` steps stay inside the storage.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid<T> {
    rows: usize,
    cols: usize,
    pad: usize,
    stride: usize,
    cells: Vec<T>,
}

impl<T: Copy> Grid<T> {
    /// The number of stored cells (inner cells plus border) of a grid of this shape, or
    /// `None` if it does not fit in `usize`. Check this before [`Grid::new`] when the
    /// shape comes from untrusted input.
    pub fn storage_len(rows: usize, cols: usize, pad: usize) -> Option<usize> {
        let padded_rows = rows.checked_add(pad.checked_mul(2)?)?;
        let padded_cols = cols.checked_add(pad.checked_mul(2)?)?;
        padded_rows.checked_mul(padded_cols)
    }

    /// A grid whose inner cells hold `inside` and whose border holds `border`.
    ///
    /// # Panics
    /// If the storage size overflows `usize` (see [`Grid::storage_len`]).
    pub fn new(rows: usize, cols: usize, pad: usize, inside: T, border: T) -> Grid<T> {
        let len = Self::storage_len(rows, cols, pad).expect("grid size overflows usize");
        let stride = cols + 2 * pad;
        let mut cells = vec![border; len];
        for r in 0..rows {
            let start = (r + pad) * stride + pad;
            cells[start..start + cols].fill(inside);
        }
        Grid {
            rows,
            cols,
            pad,
            stride,
            cells,
        }
    }

    /// A grid over `cells`, the whole storage of a `rows x cols` grid with a border
    /// `pad` cells wide, row-major, border included: for a grid filled row by row as
    /// its rows are read, with no second copy of the cells.
    ///
    /// ```
    /// use grid_core::{Grid, Pos};
    ///
    /// // A 1 x 2 grid of 1s in a border of 0s one cell wide.
    /// let grid = Grid::from_storage(1, 2, 1, vec![0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
    /// assert_eq!(grid.get(Pos::new(0, 1)), 1);
    /// assert_eq!(grid, Grid::new(1, 2, 1, 1, 0));
    /// ```
    ///
    /// # Panics
    /// If `cells` is not [`Grid::storage_len`] long.
    pub fn from_storage(rows: usize, cols: usize, pad: usize, cells: Vec<T>) -> Grid<T> {
        assert_eq!(
            Some(cells.len()),
            Self::storage_len(rows, cols, pad),
            "storage of a {rows} x {cols} grid padded by {pad}"
        );
        Grid {
            rows,
            cols,
            pad,
            stride: cols + 2 * pad,
            cells,
        }
    }

    /// The value at `pos`.
    ///
    /// # Panics
    /// If `pos` is outside the grid.
    pub fn get(&self, pos: Pos) -> T {
        self.cells[self.index(pos)]
    }

    /// Sets the value at `pos`.
    ///
    /// # Panics
    /// If `pos` is outside the grid.
    pub fn set(&mut self, pos: Pos, value: T) {
        let i = self.index(pos);
        self.cells[i] = value;
    }
}

impl<T> Grid<T> {
    /// Number of inner rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of inner columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Width of the border.
    pub fn pad(&self) -> usize {
        self.pad
    }

    /// Distance between vertically adjacent cells in the flat storage.
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// Whether `pos` is an inner cell.
    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.rows && pos.col < self.cols
    }

    /// The flat index of inner cell `pos`.
    ///
    /// # Panics
    /// If `pos` is outside the grid (in debug builds; in release the index may address
    /// the border or the wrong cell).
    #[inline]
    pub fn index(&self, pos: Pos) -> usize {
        debug_assert!(
            self.contains(pos),
            "{pos:?} outside {}x{}",
            self.rows,
            self.cols
        );
        (pos.row + self.pad) * self.stride + pos.col + self.pad
    }

    /// The position of flat index `index`, if it is an inner cell.
    pub fn pos(&self, index: usize) -> Option<Pos> {
        let row = (index / self.stride).checked_sub(self.pad)?;
        let col = (index % self.stride).checked_sub(self.pad)?;
        let pos = Pos { row, col };
        self.contains(pos).then_some(pos)
    }

    /// The flat offset of one step in direction `d`.
    #[inline]
    pub fn offset(&self, d: Dir) -> isize {
        // Storage fits in memory, so the stride fits in `isize`.
        let stride = self.stride as isize;
        match d {
            Dir::Up => -stride,
            Dir::Down => stride,
            Dir::Left => -1,
            Dir::Right => 1,
        }
    }

    /// The flat index one step from `index` in direction `d`.
    ///
    /// With a border at least one cell wide (`pad >= 1`), a step from an inner cell
    /// always lands inside the storage (on the border, maybe). With `pad == 0` a step
    /// off the edge is not caught: it wraps to the other end of the row next to it, or
    /// leaves the storage (a huge index after a wrapping subtraction). Such grids must
    /// check [`Grid::contains`] on positions instead.
    #[inline]
    pub fn step(&self, index: usize, d: Dir) -> usize {
        index.wrapping_add_signed(self.offset(d))
    }

    /// The flat indices of all inner cells, row by row.
    pub fn inner_indices(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.rows).flat_map(move |r| {
            let start = (r + self.pad) * self.stride + self.pad;
            start..start + self.cols
        })
    }

    /// The whole storage, border included, indexed by flat index.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// The whole storage, border included, mutably.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// Number of stored cells, border included: the size of a per-cell array.
    pub fn storage_size(&self) -> usize {
        self.cells.len()
    }
}

impl<T> Index<usize> for Grid<T> {
    type Output = T;

    #[inline]
    fn index(&self, index: usize) -> &T {
        &self.cells[index]
    }
}

impl<T> IndexMut<usize> for Grid<T> {
    #[inline]
    fn index_mut(&mut self, index: usize) -> &mut T {
        &mut self.cells[index]
    }
}

impl<T: fmt::Debug> fmt::Debug for Grid<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Grid")
            .field("rows", &self.rows)
            .field("cols", &self.cols)
            .field("pad", &self.pad)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(1, 1, 1)]
    #[case(3, 5, 1)]
    #[case(4, 2, 2)]
    fn border_surrounds_inner_cells(#[case] rows: usize, #[case] cols: usize, #[case] pad: usize) {
        let grid = Grid::new(rows, cols, pad, 1u8, 0u8);
        assert_eq!(grid.storage_size(), (rows + 2 * pad) * (cols + 2 * pad));
        let inner: Vec<usize> = grid.inner_indices().collect();
        assert_eq!(inner.len(), rows * cols);
        assert_eq!(
            grid.cells().iter().filter(|&&v| v == 1).count(),
            rows * cols
        );
        for &i in &inner {
            assert_eq!(grid[i], 1);
            let p = grid.pos(i).unwrap();
            assert_eq!(grid.index(p), i);
            // Every step of up to `pad` cells from an inner cell stays in the storage.
            for d in Dir::ALL {
                let mut j = i;
                for _ in 0..pad {
                    j = grid.step(j, d);
                    assert!(j < grid.storage_size());
                }
            }
        }
    }

    #[test]
    fn steps_match_positions() {
        let grid = Grid::new(3, 4, 1, true, false);
        let p = Pos::new(1, 2);
        for d in Dir::ALL {
            let q = p.step(d).unwrap();
            assert_eq!(grid.step(grid.index(p), d), grid.index(q));
        }
        // Stepping off the top-left corner lands on the border.
        let corner = grid.index(Pos::new(0, 0));
        assert!(!grid[grid.step(corner, Dir::Up)]);
        assert!(!grid[grid.step(corner, Dir::Left)]);
        assert_eq!(grid.pos(grid.step(corner, Dir::Left)), None);
    }

    #[test]
    fn get_and_set() {
        let mut grid = Grid::new(2, 2, 1, 0u32, 9);
        grid.set(Pos::new(1, 0), 7);
        assert_eq!(grid.get(Pos::new(1, 0)), 7);
        assert_eq!(grid.get(Pos::new(0, 1)), 0);
    }

    #[test]
    fn storage_len_overflow_is_none() {
        assert_eq!(Grid::<u8>::storage_len(usize::MAX, 1, 1), None);
        assert_eq!(
            Grid::<u8>::storage_len(usize::MAX / 2, usize::MAX / 2, 0),
            None
        );
        assert_eq!(Grid::<u8>::storage_len(2, 3, 1), Some(20));
    }

    #[test]
    fn pos_helpers() {
        assert_eq!(Pos::new(0, 0).step(Dir::Up), None);
        assert_eq!(Pos::new(2, 3).manhattan(Pos::new(0, 5)), 4);
        assert_eq!(Pos::new(0, 4).to_string(), "(1, 5)");
    }
}
