//! The space of an atlas and its ranking: every layout of a board of `rows x cols`
//! cells with one 2x2 piece, any number of 1x2, 2x1 and 1x1 pieces and at least two
//! empty cells, numbered `0..len` with no gaps. (At least two: the published count of
//! the classic board, 29,334,498 layouts, is that space; with exactly two it would
//! be 1,588,914.)
//!
//! A layout is read in reading order: at each cell no piece covers yet stands either
//! an empty cell or the top-left cell of a piece (its anchor). The rank of a layout is
//! its place among all the layouts in the order of those choices (empty, 1x1, 1x2,
//! 2x1, 2x2): the sum, over its choices, of the layouts that choose something smaller
//! at that cell. How many layouts complete a partial one depends only on the cell, on
//! which of the next `cols + 1` cells are already covered, on the empty cells used (up
//! to two: more count as two) and
//! on whether the 2x2 stands: a table of a few thousand counts, so ranking and
//! unranking are one walk over the cells (no table of the layouts themselves).

use super::AtlasError;

/// What stands at a cell no piece covers yet, in the order of the ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// An empty cell.
    Empty = 0,
    /// The anchor of a 1x1 piece.
    Single = 1,
    /// The anchor of a 1-row, 2-column piece.
    Wide = 2,
    /// The anchor of a 2-row, 1-column piece.
    Tall = 3,
    /// The anchor of the 2x2 piece.
    Big = 4,
}

const KINDS: [Kind; 5] = [Kind::Empty, Kind::Single, Kind::Wide, Kind::Tall, Kind::Big];

/// The fewest empty cells of a layout of the space.
pub(crate) const EMPTIES: usize = 2;

/// A layout of the space as bit boards: bit `r * cols + c` of a mask is the anchor
/// (top-left cell) of a piece of that kind at row `r`, column `c`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cells {
    /// Anchors of the 1x1 pieces.
    pub single: u32,
    /// Anchors of the 1x2 pieces.
    pub wide: u32,
    /// Anchors of the 2x1 pieces.
    pub tall: u32,
    /// Anchor of the 2x2 piece.
    pub big: u32,
}

impl Cells {
    /// The anchors of the pieces of kind `kind` (not `Empty`).
    #[inline(always)]
    pub fn anchors(&self, kind: Kind) -> u32 {
        match kind {
            Kind::Single => self.single,
            Kind::Wide => self.wide,
            Kind::Tall => self.tall,
            Kind::Big => self.big,
            Kind::Empty => 0,
        }
    }

    /// The anchors of kind `kind`, to change.
    #[inline(always)]
    pub fn anchors_mut(&mut self, kind: Kind) -> &mut u32 {
        match kind {
            Kind::Single => &mut self.single,
            Kind::Wide => &mut self.wide,
            Kind::Tall => &mut self.tall,
            Kind::Big | Kind::Empty => &mut self.big,
        }
    }
}

/// The ranking walk's state as it reaches a cell: the rank summed so far, the cells
/// covered, the empty cells met (up to two) and whether the 2x2 stands.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Mark {
    rank: u32,
    covered: u64,
    empties: u8,
    big: bool,
}

/// A board shape, its goal and the counting table of its layouts.
#[derive(Clone, Debug)]
pub(crate) struct Space {
    rows: usize,
    cols: usize,
    cells: usize,
    /// The bit of the goal's anchor (where the 2x2's top-left cell must stand).
    goal: u32,
    /// `(1 << cells) - 1`.
    full: u32,
    /// Cells not in the last column.
    not_last_col: u32,
    /// Cells not in the first column.
    not_first_col: u32,
    /// Bits of the window of covered cells kept in a state: `cols + 1`.
    window: u32,
    /// Per state (cell, window, empties used, 2x2 placed) and kind: how many layouts
    /// complete the state with a choice smaller than that kind; the sixth entry is the
    /// count of all completions of the state.
    below: Vec<u32>,
    len: u32,
}

impl Space {
    /// The space of the `rows x cols` board whose 2x2 is solved with its top-left cell
    /// on (`goal_row`, `goal_col`), 0-based.
    ///
    /// # Errors
    /// A board of more than 32 cells, a goal where the 2x2 does not fit, a board with
    /// room for no layout, or more layouts than a `u32` numbers.
    pub fn new(
        rows: usize,
        cols: usize,
        goal_row: usize,
        goal_col: usize,
    ) -> Result<Space, AtlasError> {
        let cells = rows * cols;
        // At most 8 columns: the counting table grows with 2^(columns + 1).
        if rows < 2 || !(2..=8).contains(&cols) || cells > 32 {
            return Err(AtlasError::Board(format!(
                "an atlas board has at most 32 cells, at least 2 rows and 2 to 8 columns, not {rows} x {cols}"
            )));
        }
        if goal_row + 1 >= rows || goal_col + 1 >= cols {
            return Err(AtlasError::Board(format!(
                "the 2x2 does not fit at row {}, column {} of a {rows} x {cols} board",
                goal_row + 1,
                goal_col + 1
            )));
        }
        let full = if cells == 32 {
            u32::MAX
        } else {
            (1u32 << cells) - 1
        };
        let mut last_col = 0u32;
        let mut first_col = 0u32;
        for r in 0..rows {
            last_col |= 1 << (r * cols + cols - 1);
            first_col |= 1 << (r * cols);
        }
        let window = cols as u32 + 1;
        let mut space = Space {
            rows,
            cols,
            cells,
            goal: 1 << (goal_row * cols + goal_col),
            full,
            not_last_col: full & !last_col,
            not_first_col: full & !first_col,
            window,
            below: Vec::new(),
            len: 0,
        };
        space.count()?;
        if space.len == 0 {
            return Err(AtlasError::Board(format!(
                "a {rows} x {cols} board holds no layout of the 2x2 and two empty cells"
            )));
        }
        Ok(space)
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Cells of the board.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// The goal anchor's bit.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// The number of layouts.
    pub fn len(&self) -> u32 {
        self.len
    }

    fn state(&self, cell: usize, window: u32, empties: usize, big: bool) -> usize {
        (((cell << self.window) | window as usize) * (EMPTIES + 1) + empties) * 2 + usize::from(big)
    }

    /// The cells a piece of `kind` anchored on bit `at` covers, relative to the anchor
    /// (bit 0), or `None` where it leaves the board (the anchor at `row`, `col`).
    fn footprint(&self, kind: Kind, row: usize, col: usize) -> Option<u32> {
        let c = self.cols;
        let wide = col + 1 < c;
        let tall = row + 1 < self.rows;
        match kind {
            Kind::Empty | Kind::Single => Some(1),
            Kind::Wide => wide.then_some(0b11),
            Kind::Tall => tall.then_some(1 | 1 << c),
            Kind::Big => (wide && tall).then_some(0b11 | 0b11 << c),
        }
    }

    /// Fills `below` and `len` from the last cell back.
    fn count(&mut self) -> Result<(), AtlasError> {
        let states = (self.cells + 1) << self.window;
        let per = (EMPTIES + 1) * 2;
        // all[state]: completions of the state.
        let mut all = vec![0u64; states * per];
        let mut below = vec![0u32; self.cells * (1 << self.window) * per * 6];
        let end = self.state(self.cells, 0, EMPTIES, true);
        all[end] = 1;
        let too_many = || AtlasError::Board("the space has more layouts than 2^32".to_string());
        for cell in (0..self.cells).rev() {
            let (row, col) = (cell / self.cols, cell % self.cols);
            for window in 0..(1u32 << self.window) {
                for empties in 0..=EMPTIES {
                    for big in [false, true] {
                        let here = self.state(cell, window, empties, big);
                        if window & 1 == 1 {
                            all[here] = all[self.state(cell + 1, window >> 1, empties, big)];
                            continue;
                        }
                        let mut sum = 0u64;
                        for kind in KINDS {
                            below[here * 6 + kind as usize] =
                                u32::try_from(sum).map_err(|_| too_many())?;
                            sum += self
                                .next(kind, cell, row, col, window, empties, big)
                                .map_or(0, |next| all[next]);
                        }
                        below[here * 6 + 5] = u32::try_from(sum).map_err(|_| too_many())?;
                        all[here] = sum;
                    }
                }
            }
        }
        self.len = u32::try_from(all[self.state(0, 0, 0, false)]).map_err(|_| too_many())?;
        self.below = below;
        Ok(())
    }

    /// The state after choosing `kind` at the uncovered `cell` of state (`window`,
    /// `empties`, `big`), or `None` where the choice does not fit.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn next(
        &self,
        kind: Kind,
        cell: usize,
        row: usize,
        col: usize,
        window: u32,
        empties: usize,
        big: bool,
    ) -> Option<usize> {
        let covers = self.footprint(kind, row, col)?;
        if window & covers != 0 {
            return None;
        }
        let (empties, big) = match kind {
            Kind::Empty => ((empties + 1).min(EMPTIES), big),
            Kind::Big if big => return None,
            Kind::Big => (empties, true),
            _ => (empties, big),
        };
        Some(self.state(cell + 1, (window | covers) >> 1, empties, big))
    }

    /// The rank of a layout of the space (`cells` must be one: see [`Space::check`]).
    #[inline]
    pub fn rank(&self, cells: &Cells) -> u32 {
        self.rank_from(cells, &Mark::default(), 0)
    }

    /// The rank of a layout of the space that agrees with the one `mark` was taken on
    /// at every cell before `from`: the walk resumes at `from`, from the mark taken
    /// there.
    #[inline]
    pub fn rank_from(&self, cells: &Cells, mark: &Mark, from: usize) -> u32 {
        let mut covered = mark.covered;
        let mut empties = mark.empties as usize;
        let mut big = mark.big;
        let mut rank = mark.rank;
        let mask = (1u64 << self.window) - 1;
        let c = self.cols;
        for cell in from..self.cells {
            if covered >> cell & 1 == 1 {
                continue;
            }
            let bit = 1u32 << cell;
            let (kind, covers) = if cells.big & bit != 0 {
                (Kind::Big, 0b11 | 0b11 << c)
            } else if cells.wide & bit != 0 {
                (Kind::Wide, 0b11)
            } else if cells.tall & bit != 0 {
                (Kind::Tall, 1 | 1 << c)
            } else if cells.single & bit != 0 {
                (Kind::Single, 1)
            } else {
                (Kind::Empty, 1)
            };
            let window = ((covered >> cell) & mask) as u32;
            rank += self.below[self.state(cell, window, empties, big) * 6 + kind as usize];
            covered |= covers << cell;
            match kind {
                Kind::Empty => empties = (empties + 1).min(EMPTIES),
                Kind::Big => big = true,
                _ => {}
            }
        }
        rank
    }

    /// The layout of rank `rank` (below [`Space::len`]).
    pub fn unrank(&self, rank: u32) -> Cells {
        self.unrank_marked(rank, &mut [Mark::default(); 32])
    }

    /// The layout of rank `rank`, and in `marks` the walk's state as it reached each
    /// cell, from which [`Space::rank_from`] resumes on a layout that differs only
    /// from that cell on.
    pub fn unrank_marked(&self, rank: u32, marks: &mut [Mark; 32]) -> Cells {
        let mut out = Cells::default();
        let mut covered = 0u64;
        let mut empties = 0;
        let mut big = false;
        let mut left = rank;
        let mask = (1u64 << self.window) - 1;
        for (cell, mark) in marks.iter_mut().enumerate().take(self.cells) {
            *mark = Mark {
                rank: rank - left,
                covered,
                empties: empties as u8,
                big,
            };
            if covered >> cell & 1 == 1 {
                continue;
            }
            let window = ((covered >> cell) & mask) as u32;
            let here = self.state(cell, window, empties, big) * 6;
            let row = &self.below[here..here + 6];
            // The kind whose smaller choices number no more than the rank left, and
            // whose own layouts take it past: a kind that does not fit adds no layout,
            // so its range is empty.
            let mut kind = Kind::Empty;
            for k in KINDS {
                if row[k as usize] <= left && row[k as usize + 1] > left {
                    kind = k;
                    break;
                }
            }
            left -= row[kind as usize];
            let covers = self
                .footprint(kind, cell / self.cols, cell % self.cols)
                .expect("a counted choice fits");
            covered |= u64::from(covers) << cell;
            match kind {
                Kind::Empty => empties = (empties + 1).min(EMPTIES),
                Kind::Big => {
                    big = true;
                    out.big |= 1 << cell;
                }
                k => *out.anchors_mut(k) |= 1 << cell,
            }
        }
        out
    }

    /// The cells a piece of `kind` anchored at bit `at` covers.
    #[inline(always)]
    pub fn covers(&self, kind: Kind, at: u32) -> u32 {
        let c = self.cols as u32;
        let bit = 1u32 << at;
        match kind {
            Kind::Empty | Kind::Single => bit,
            Kind::Wide => bit | bit << 1,
            Kind::Tall => bit | bit << c,
            Kind::Big => bit | bit << 1 | bit << c | bit << (c + 1),
        }
    }

    /// The covered cells of a layout.
    #[inline(always)]
    pub fn covered(&self, cells: &Cells) -> u32 {
        let c = self.cols as u32;
        let big = cells.big | cells.big << 1;
        cells.single | cells.wide | cells.wide << 1 | cells.tall | cells.tall << c | big | big << c
    }

    /// Whether the 2x2 stands on the goal.
    #[inline(always)]
    pub fn is_solved(&self, cells: &Cells) -> bool {
        cells.big & self.goal != 0
    }

    /// Whether `cells` is a layout of the space: pieces on the board, no two on one
    /// cell, one 2x2, at least two empty cells.
    pub fn check(&self, cells: &Cells) -> Result<(), String> {
        let mut covered = 0u32;
        for kind in [Kind::Single, Kind::Wide, Kind::Tall, Kind::Big] {
            let mut anchors = cells.anchors(kind);
            while anchors != 0 {
                let at = anchors.trailing_zeros();
                anchors &= anchors - 1;
                let (row, col) = (at as usize / self.cols, at as usize % self.cols);
                if at as usize >= self.cells || self.footprint(kind, row, col).is_none() {
                    return Err("a piece leaves the board".to_string());
                }
                let covers = self.covers(kind, at);
                if covered & covers != 0 {
                    return Err("two pieces overlap".to_string());
                }
                covered |= covers;
            }
        }
        if cells.big.count_ones() != 1 {
            return Err(format!(
                "an atlas layout has one 2x2 piece, not {}",
                cells.big.count_ones()
            ));
        }
        let empty = (self.full & !covered).count_ones() as usize;
        if empty < EMPTIES {
            return Err(format!(
                "an atlas layout has at least {EMPTIES} empty cells, not {empty}"
            ));
        }
        Ok(())
    }

    /// Calls `each` with every layout one move away from `cells` (one piece to any
    /// anchor it reaches through empty cells, turning as it likes), and the first cell
    /// in reading order where it differs from `cells` (the moved piece's anchor before
    /// or after, whichever comes first).
    #[inline]
    pub fn neighbours(&self, cells: &Cells, mut each: impl FnMut(&Cells, usize)) {
        let occupied = self.covered(cells);
        let empty = self.full & !occupied;
        let c = self.cols as u32;
        for kind in [Kind::Single, Kind::Wide, Kind::Tall, Kind::Big] {
            let mut anchors = cells.anchors(kind);
            while anchors != 0 {
                let at = anchors.trailing_zeros();
                let from = anchors & anchors.wrapping_neg();
                anchors &= anchors - 1;
                let own = self.covers(kind, at);
                if self.around(own) & empty == 0 {
                    continue;
                }
                let free = empty | own;
                let fits = match kind {
                    Kind::Single | Kind::Empty => free,
                    Kind::Wide => free & free >> 1 & self.not_last_col,
                    Kind::Tall => free & free >> c,
                    Kind::Big => {
                        let wide = free & free >> 1 & self.not_last_col;
                        wide & wide >> c
                    }
                };
                let mut reach = from;
                loop {
                    let next = (reach | self.around(reach)) & fits;
                    if next == reach {
                        break;
                    }
                    reach = next;
                }
                let mut to = reach & !from;
                while to != 0 {
                    let bit = to & to.wrapping_neg();
                    to &= to - 1;
                    let mut moved = *cells;
                    *moved.anchors_mut(kind) ^= from | bit;
                    each(&moved, (from | bit).trailing_zeros() as usize);
                }
            }
        }
    }

    /// The cells next to `cells` (not those cells themselves unless next to another).
    #[inline(always)]
    fn around(&self, cells: u32) -> u32 {
        let c = self.cols as u32;
        ((cells << 1 & self.not_first_col)
            | (cells >> 1 & self.not_last_col)
            | cells << c
            | cells >> c)
            & self.full
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A layout is checked for pieces off the board (an anchor past the last cell, or
    /// a piece hanging over the right or the bottom edge), overlaps, its one 2x2 and
    /// its two empty cells.
    #[test]
    fn a_layout_is_checked_piece_by_piece() {
        let space = Space::new(5, 4, 3, 1).unwrap();
        let layout = |single: u32, wide: u32, tall: u32, big: u32| Cells {
            single,
            wide,
            tall,
            big,
        };
        // The 2x2 top left, a single and a vertical piece beside it.
        assert_eq!(space.check(&layout(1 << 2, 0, 1 << 3, 1)), Ok(()));
        let off = Err("a piece leaves the board".to_string());
        assert_eq!(space.check(&layout(1 << 20, 0, 0, 1)), off);
        assert_eq!(space.check(&layout(0, 1 << 3, 0, 1)), off);
        assert_eq!(space.check(&layout(0, 0, 1 << 17, 1)), off);
        assert_eq!(space.check(&layout(0, 0, 0, 1 << 16)), off);
        let overlap = Err("two pieces overlap".to_string());
        assert_eq!(space.check(&layout(1 << 5, 0, 0, 1)), overlap);
        assert!(space.check(&layout(0, 0, 0, 0)).is_err());
        assert!(space.check(&layout(0, 0, 0, 1 | 1 << 2)).is_err());
    }

    /// A piece's footprint is there only where the piece stays on the board: a
    /// vertical piece or the 2x2 not on the last row, a horizontal one or the 2x2 not
    /// on the last column (the count would also leave a piece hanging off the bottom
    /// out, by its cells left past the end, so only this pins it).
    #[test]
    fn a_footprint_is_there_only_where_the_piece_stays_on_the_board() {
        let space = Space::new(5, 4, 3, 1).unwrap();
        let (tall, big) = (1 | 1 << 4, 0b11 | 0b11 << 4);
        for row in 0..5 {
            for col in 0..4 {
                let (down, right) = (row < 4, col < 3);
                assert_eq!(space.footprint(Kind::Single, row, col), Some(1));
                assert_eq!(space.footprint(Kind::Empty, row, col), Some(1));
                assert_eq!(space.footprint(Kind::Wide, row, col), right.then_some(0b11));
                assert_eq!(space.footprint(Kind::Tall, row, col), down.then_some(tall));
                let fits = down && right;
                assert_eq!(space.footprint(Kind::Big, row, col), fits.then_some(big));
            }
        }
    }

    #[test]
    fn ranks_and_unranks_round_trip_on_small_boards() {
        for (rows, cols) in [(3, 2), (2, 3), (3, 3), (4, 3), (3, 4), (4, 4)] {
            let space = Space::new(rows, cols, 0, 0).unwrap();
            for rank in 0..space.len() {
                let cells = space.unrank(rank);
                assert_eq!(space.check(&cells), Ok(()), "{rows}x{cols} rank {rank}");
                assert_eq!(space.rank(&cells), rank, "{rows}x{cols}");
            }
        }
    }

    #[test]
    fn a_rank_resumed_from_the_first_changed_cell_is_the_whole_rank() {
        let space = Space::new(4, 4, 2, 1).unwrap();
        let mut marks = [Mark::default(); 32];
        for rank in (0..space.len()).step_by(7) {
            let cells = space.unrank_marked(rank, &mut marks);
            space.neighbours(&cells, |moved, first| {
                assert_eq!(
                    space.rank_from(moved, &marks[first], first),
                    space.rank(moved)
                );
            });
        }
    }

    /// Every layout one move from `cells`, sorted.
    fn moves(space: &Space, cells: &Cells) -> Vec<(u32, u32, u32, u32)> {
        let mut out = Vec::new();
        space.neighbours(cells, |moved, _| {
            out.push((moved.single, moved.wide, moved.tall, moved.big));
        });
        out.sort_unstable();
        out
    }

    /// The smallest flood: on a 2 x 3 board, the 2x2 on the left with the right column
    /// empty has one move, one step right. (Quick on purpose, and first in the mutation
    /// profile: with the flood's step broken, larger floods go round for ever, and this
    /// one ends, wrongly.)
    #[test]
    fn the_smallest_flood_has_its_one_move() {
        let space = Space::new(2, 3, 0, 1).unwrap();
        let cells = Cells {
            single: 0,
            wide: 0,
            tall: 0,
            big: 1,
        };
        assert_eq!(space.check(&cells), Ok(()));
        assert_eq!(moves(&space, &cells), vec![(0, 0, 0, 1 << 1)]);
    }

    /// A piece reaches a cell that the flood gets to from both sides in the same round
    /// (empty cells all round a blocked one): the cell is one move away, like any other
    /// the piece reaches. Across (the cell's left and right reached together, nothing
    /// above or below it to come from) and along (above and below together).
    #[test]
    fn a_cell_reached_from_both_sides_at_once_is_reached() {
        // 5 rows x 3 columns: the single on (0, 1) goes round the single on (1, 1) to
        // (2, 1), whose neighbours (2, 0) and (2, 2) it reaches in three steps each;
        // below (2, 1) stands the 2x2, and a vertical piece fills the rest.
        let space = Space::new(5, 3, 3, 0).unwrap();
        let cells = Cells {
            single: 1 << 1 | 1 << 4,
            wide: 0,
            tall: 1 << 11,
            big: 1 << 9,
        };
        assert_eq!(space.check(&cells), Ok(()));
        let found = moves(&space, &cells);
        assert!(
            found.contains(&(1 << 4 | 1 << 7, 0, 1 << 11, 1 << 9)),
            "{found:?}"
        );
        // Its every other empty cell too: (0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2).
        for to in [0, 2, 3, 5, 6, 8] {
            assert!(
                found.contains(&(1 << 4 | 1 << to, 0, 1 << 11, 1 << 9)),
                "{to}"
            );
        }
        // The same turned a quarter: 3 rows x 5 columns, the single on (1, 0) round the
        // one on (1, 1) to (1, 2), between the 2x2 on its right and the single.
        let space = Space::new(3, 5, 0, 3).unwrap();
        let cells = Cells {
            single: 1 << 5 | 1 << 6,
            wide: 1 << 13,
            tall: 0,
            big: 1 << 3,
        };
        assert_eq!(space.check(&cells), Ok(()));
        let found = moves(&space, &cells);
        assert!(
            found.contains(&(1 << 6 | 1 << 7, 1 << 13, 0, 1 << 3)),
            "{found:?}"
        );
    }

    #[test]
    fn the_classic_board_has_the_published_number_of_layouts() {
        assert_eq!(Space::new(5, 4, 3, 1).unwrap().len(), 29_334_498);
    }

    #[test]
    fn boards_without_room_are_refused() {
        assert!(Space::new(1, 4, 0, 0).is_err());
        assert!(Space::new(5, 4, 4, 1).is_err());
        assert!(Space::new(8, 5, 0, 0).is_err());
        assert!(Space::new(2, 16, 0, 0).is_err());
        assert!(Space::new(2, 8, 0, 0).is_ok());
    }
}
