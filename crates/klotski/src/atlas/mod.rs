//! The atlas: every layout of a board with one 2x2 goal piece, any number of 1x2, 2x1
//! and 1x1 pieces and at least two empty cells (the classic 5 x 4 board by default), its
//! group (the layouts it reaches and that reach it) and its minimum number of moves to
//! the exit under the `move` metric.
//!
//! ```no_run
//! use klotski::atlas::Atlas;
//! use klotski::{Goal, Layout, Pos};
//!
//! let atlas = Atlas::build_classic(2, &klotski::progress::Watch::NONE)?;
//! assert_eq!(atlas.len(), 29_334_498);
//! assert_eq!(atlas.groups(), 25_422);
//! let rows = ["ABBC", "ABBC", "DEEF", "DGHF", "I..J"];
//! let layout = Layout::from_rows(&rows, Goal::new('B', Pos::new(3, 1)))?;
//! let entry = atlas.entry(&layout)?;
//! assert_eq!((entry.distance, entry.group_size), (Some(81), 25_955));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The atlas is written with [`Atlas::write`] and read back a layout at a time with
//! [`AtlasFile`] (which reads only the header, the group table and the block of the
//! layout asked for, each checked against its checksum). [`hardest`] lists an atlas's
//! hardest layouts (the farthest of each of its farthest groups), and
//! [`classic_hardest`] the classic board's, kept in the crate.

mod build;
mod file;
mod hardest;
mod space;

pub use file::{AtlasFile, MAGIC, VERSION};
pub use hardest::{CLASSIC_HARDEST_MOVES, classic_hardest, hardest};

use crate::{Goal, Layout, Pos};
use grid_core::progress::Watch;
use space::{Cells, Kind, Space};
use std::fmt;

/// The distance recorded for a layout that never reaches the exit.
pub(crate) const UNSOLVABLE: u8 = u8::MAX;

/// Why an atlas cannot be built, asked or read.
#[derive(Debug)]
#[non_exhaustive]
pub enum AtlasError {
    /// The board has no atlas (its size, its goal).
    Board(String),
    /// The layout is not one of the atlas's space.
    Outside(String),
    /// The memory for the tables was refused.
    Memory,
    /// The file is not an atlas of this version, or is damaged.
    File(String),
    /// Reading or writing failed.
    Io(std::io::Error),
}

impl fmt::Display for AtlasError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AtlasError::Board(why) => f.write_str(why),
            AtlasError::Outside(why) => write!(f, "not a layout of the atlas: {why}"),
            AtlasError::Memory => f.write_str("not enough memory for the atlas's tables"),
            AtlasError::File(why) => write!(f, "not a usable atlas file: {why}"),
            AtlasError::Io(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for AtlasError {}

impl From<std::io::Error> for AtlasError {
    fn from(error: std::io::Error) -> AtlasError {
        AtlasError::Io(error)
    }
}

/// What the atlas says of one layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The layout's number among all the layouts of the space.
    pub rank: u32,
    /// Its group's number (groups are numbered by their first layout's rank).
    pub group: u32,
    /// The layouts of its group.
    pub group_size: u32,
    /// Its minimum number of moves to the exit, `None` when it never gets there.
    pub distance: Option<u8>,
}

/// One group: its size and its farthest layout from the exit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// The layouts of the group.
    pub size: u32,
    /// The rank of its first layout farthest from the exit (its first layout when the
    /// group never reaches the exit).
    pub farthest: u32,
    /// How far that layout is, `None` when the group never reaches the exit.
    pub distance: Option<u8>,
}

/// The board an atlas covers: its size and where the 2x2 is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtlasBoard {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The 2x2's top-left cell when solved, 0-based.
    pub goal: Pos,
}

impl AtlasBoard {
    /// The classic board: 5 rows, 4 columns, solved at row 4, column 2 (1-based).
    pub const CLASSIC: AtlasBoard = AtlasBoard {
        rows: 5,
        cols: 4,
        goal: Pos { row: 3, col: 1 },
    };

    fn space(&self) -> Result<Space, AtlasError> {
        Space::new(self.rows, self.cols, self.goal.row, self.goal.col)
    }

    /// The number of layouts of the board's space.
    ///
    /// # Errors
    /// A board without an atlas (more than 32 cells, a goal off the board, ...).
    pub fn layouts(&self) -> Result<u32, AtlasError> {
        Ok(self.space()?.len())
    }
}

/// The whole atlas in memory: a distance and a group a layout, by rank.
#[derive(Clone, Debug)]
pub struct Atlas {
    space: Space,
    board: AtlasBoard,
    distance: Vec<u8>,
    group: Vec<u32>,
    groups: Vec<Group>,
}

impl Atlas {
    /// Builds the atlas of the classic board on up to `threads` threads, telling
    /// `watch` how far it has got.
    ///
    /// # Errors
    /// When the memory for its tables is refused.
    pub fn build_classic(threads: usize, watch: &Watch) -> Result<Atlas, AtlasError> {
        Atlas::build(AtlasBoard::CLASSIC, threads, watch)
    }

    /// Builds the atlas of `board`.
    ///
    /// # Errors
    /// A board without an atlas, or refused memory.
    pub fn build(board: AtlasBoard, threads: usize, watch: &Watch) -> Result<Atlas, AtlasError> {
        build::build(board.space()?, threads, watch)
    }

    fn from_parts(space: Space, distance: Vec<u8>, group: Vec<u32>, sizes: Vec<u32>) -> Atlas {
        let mut groups: Vec<Group> = sizes
            .iter()
            .map(|&size| Group {
                size,
                farthest: u32::MAX,
                distance: None,
            })
            .collect();
        for (rank, (&g, &d)) in group.iter().zip(&distance).enumerate() {
            let entry = &mut groups[g as usize];
            if entry.farthest == u32::MAX {
                entry.farthest = rank as u32;
            }
            if d != UNSOLVABLE && entry.distance.is_none_or(|far| d > far) {
                entry.farthest = rank as u32;
                entry.distance = Some(d);
            }
        }
        let board = AtlasBoard {
            rows: space.rows(),
            cols: space.cols(),
            goal: Pos::new(
                space.goal().trailing_zeros() as usize / space.cols(),
                space.goal().trailing_zeros() as usize % space.cols(),
            ),
        };
        Atlas {
            space,
            board,
            distance,
            group,
            groups,
        }
    }

    /// The board.
    pub fn board(&self) -> AtlasBoard {
        self.board
    }

    /// The number of layouts.
    pub fn len(&self) -> usize {
        self.distance.len()
    }

    /// Whether the space has no layout (never: a board without one has no atlas).
    pub fn is_empty(&self) -> bool {
        self.distance.is_empty()
    }

    /// The number of groups.
    pub fn groups(&self) -> usize {
        self.groups.len()
    }

    /// The groups, by number.
    pub fn group_table(&self) -> &[Group] {
        &self.groups
    }

    /// The size of the largest group.
    pub fn largest_group(&self) -> u32 {
        self.groups.iter().map(|g| g.size).max().unwrap_or(0)
    }

    /// The number of layouts that reach the exit.
    pub fn solvable(&self) -> usize {
        self.distance.iter().filter(|&&d| d != UNSOLVABLE).count()
    }

    /// The distance of the layouts farthest from the exit, and their ranks.
    pub fn farthest(&self) -> (u8, Vec<u32>) {
        let max = self
            .distance
            .iter()
            .copied()
            .filter(|&d| d != UNSOLVABLE)
            .max()
            .unwrap_or(0);
        let ranks = (0..self.distance.len() as u32)
            .filter(|&r| self.distance[r as usize] == max)
            .collect();
        (max, ranks)
    }

    /// What the atlas says of the layout of rank `rank` (below [`Atlas::len`]).
    pub fn entry_at(&self, rank: u32) -> Entry {
        let group = self.group[rank as usize];
        let d = self.distance[rank as usize];
        Entry {
            rank,
            group,
            group_size: self.groups[group as usize].size,
            distance: (d != UNSOLVABLE).then_some(d),
        }
    }

    /// What the atlas says of `layout`.
    ///
    /// # Errors
    /// [`AtlasError::Outside`] when `layout` is not a layout of the atlas's space.
    pub fn entry(&self, layout: &Layout) -> Result<Entry, AtlasError> {
        Ok(self.entry_at(rank_of(&self.space, layout)?))
    }

    /// The layout of rank `rank`, its pieces labelled in reading order (`A`, `B`, ...).
    pub fn layout(&self, rank: u32) -> Layout {
        layout_of(&self.space, rank)
    }

    /// Writes the atlas file.
    ///
    /// # Errors
    /// The writer's.
    pub fn write(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        file::write(self, out)
    }

    pub(crate) fn records(&self) -> (&[u32], &[u8]) {
        (&self.group, &self.distance)
    }
}

/// The rank of `layout` in `space`.
pub(crate) fn rank_of(space: &Space, layout: &Layout) -> Result<u32, AtlasError> {
    let cells = cells_of(space, layout).map_err(AtlasError::Outside)?;
    Ok(space.rank(&cells))
}

/// `layout` as bit boards of `space`, or why it is not one of its layouts.
fn cells_of(space: &Space, layout: &Layout) -> Result<Cells, String> {
    if layout.rows() != space.rows() || layout.cols() != space.cols() {
        return Err(format!(
            "the board is {} x {}, the atlas's {} x {}",
            layout.rows(),
            layout.cols(),
            space.rows(),
            space.cols()
        ));
    }
    let mut cells = Cells::default();
    let mut goal_kind = None;
    for piece in layout.pieces() {
        let shape = piece.shape();
        let kind = match (shape.cells().len(), shape.size()) {
            (1, _) => Kind::Single,
            (2, (1, 2)) => Kind::Wide,
            (2, (2, 1)) => Kind::Tall,
            (4, (2, 2)) => Kind::Big,
            _ => {
                return Err(format!(
                    "piece {} is not a 1x1, 1x2, 2x1 or 2x2 rectangle",
                    piece.label()
                ));
            }
        };
        if piece.label() == layout.goal().label {
            goal_kind = Some(kind);
        }
        let at = piece.top_left();
        *cells.anchors_mut(kind) |= 1 << (at.row * space.cols() + at.col);
    }
    if cells.big.count_ones() != 1 {
        return Err(format!(
            "it has {} 2x2 pieces, the atlas's layouts one",
            cells.big.count_ones()
        ));
    }
    if goal_kind != Some(Kind::Big) {
        return Err(format!(
            "its goal piece {} is not the 2x2",
            layout.goal().label
        ));
    }
    let goal = layout.goal().pos;
    if 1u32 << (goal.row * space.cols() + goal.col) != space.goal() {
        let at = space.goal().trailing_zeros() as usize;
        return Err(format!(
            "its goal is row {}, column {}, the atlas's row {}, column {}",
            goal.row + 1,
            goal.col + 1,
            at / space.cols() + 1,
            at % space.cols() + 1
        ));
    }
    space.check(&cells).map_err(|why| format!("it has {why}"))?;
    Ok(cells)
}

/// The layout of rank `rank` of `space`, labelled in reading order.
fn layout_of(space: &Space, rank: u32) -> Layout {
    let cells = space.unrank(rank);
    let cols = space.cols();
    let mut board = vec![b'.'; space.cells()];
    let labels = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut next = 0;
    let mut goal = 'A';
    for cell in 0..space.cells() {
        if board[cell] != b'.' {
            continue;
        }
        let bit = 1u32 << cell;
        let kind = [Kind::Big, Kind::Wide, Kind::Tall, Kind::Single]
            .into_iter()
            .find(|&k| cells.anchors(k) & bit != 0);
        let Some(kind) = kind else { continue };
        let label = labels[next];
        next += 1;
        if kind == Kind::Big {
            goal = char::from(label);
        }
        let mut covers = space.covers(kind, cell as u32);
        while covers != 0 {
            board[covers.trailing_zeros() as usize] = label;
            covers &= covers - 1;
        }
    }
    let at = space.goal().trailing_zeros() as usize;
    Layout::new(
        space.rows(),
        cols,
        &board,
        Goal::new(goal, Pos::new(at / cols, at % cols)),
    )
    .expect("a layout of the space follows the rules")
}
