//! The level: its tiles, the start and the exit, the bridges, the switches and the split
//! switches, checked to fit together.

use grid_core::{Grid, Pos};
use std::fmt;

/// The largest level, in cells, that [`Level`] accepts (1024 x 1024, say). The solver
/// keeps a few dozen bytes per cell besides its states.
pub const MAX_CELLS: usize = 1 << 20;

/// The most states a level may have (see [`Level::state_space`]): the solver keeps a bit
/// per state and 9 bytes per state it reaches, so this bounds it to about 600 MiB.
pub const MAX_STATES: u64 = 1 << 26;

/// What a cell of the level is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// `#`: no tile; nothing may ever be over it.
    Empty,
    /// `.` (also `X` and `O`): floor.
    Floor,
    /// `E`: orange floor; a standing block falls through it, a lying block or a cube is
    /// fine.
    Fragile,
    /// `o`: a soft switch, on floor; pressed by the block or a cube.
    Soft,
    /// `h`: a heavy switch, on floor; pressed only by the block standing on it.
    Heavy,
    /// `s`: a split switch, on floor; the block standing on it splits into two cubes.
    Split,
    /// `=`: a cell of a bridge: floor while the bridge is on, no tile while it is off.
    Bridge,
}

impl Tile {
    /// Every tile, in the order of the level-file table.
    pub const ALL: [Tile; 7] = [
        Tile::Empty,
        Tile::Floor,
        Tile::Fragile,
        Tile::Soft,
        Tile::Heavy,
        Tile::Split,
        Tile::Bridge,
    ];

    /// The tile a level-file character stands for (`X` and `O` are floor).
    pub const fn from_char(ch: char) -> Option<Tile> {
        Some(match ch {
            '#' => Tile::Empty,
            '.' | 'X' | 'O' => Tile::Floor,
            'E' => Tile::Fragile,
            'o' => Tile::Soft,
            'h' => Tile::Heavy,
            's' => Tile::Split,
            '=' => Tile::Bridge,
            _ => return None,
        })
    }

    /// The tile's character in a level file.
    pub const fn symbol(self) -> char {
        match self {
            Tile::Empty => '#',
            Tile::Floor => '.',
            Tile::Fragile => 'E',
            Tile::Soft => 'o',
            Tile::Heavy => 'h',
            Tile::Split => 's',
            Tile::Bridge => '=',
        }
    }
}

/// A bridge: its state at the start and its cells (`=` tiles).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bridge {
    /// Whether it is on (its cells are floor) at the start.
    pub on: bool,
    /// Its cells, 0-based, each an `=` tile; a level file lists them 1-based.
    pub cells: Vec<Pos>,
}

/// What a switch does to one bridge, by the bridge's index (from 0; level files number
/// bridges from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Turns the bridge on if it is off, off if it is on.
    Toggle(usize),
    /// Turns the bridge on.
    On(usize),
    /// Turns the bridge off.
    Off(usize),
}

impl Action {
    /// The index of the bridge it acts on.
    pub const fn bridge(self) -> usize {
        match self {
            Action::Toggle(b) | Action::On(b) | Action::Off(b) => b,
        }
    }

    /// The action's word in a level file.
    pub const fn word(self) -> &'static str {
        match self {
            Action::Toggle(_) => "toggle",
            Action::On(_) => "on",
            Action::Off(_) => "off",
        }
    }
}

impl fmt::Display for Action {
    /// As in a level file: `toggle 2` for [`Action::Toggle`]`(1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.word(), self.bridge() + 1)
    }
}

/// A soft or heavy switch: its cell and its actions, applied in order on each press.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Switch {
    /// Its cell, 0-based: an `o` (soft) or `h` (heavy) tile.
    pub pos: Pos,
    /// What a press does, in order.
    pub actions: Vec<Action>,
}

/// A split switch: its cell and the two cells the cubes appear on (cube 1 on the first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Split {
    /// Its cell, 0-based: an `s` tile.
    pub pos: Pos,
    /// Where cube 1 and cube 2 appear, 0-based; two distinct floor cells.
    pub landing: [Pos; 2],
}

/// Everything a level is made of, as plain data: what [`Level::new`] checks and builds.
/// Positions are 0-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The level's rows.
    pub rows: usize,
    /// The level's columns.
    pub cols: usize,
    /// The tiles, row-major, `rows * cols` of them.
    pub tiles: Vec<Tile>,
    /// Where the block stands at the start (a floor tile).
    pub start: Pos,
    /// The exit (a floor tile).
    pub exit: Pos,
    /// The bridges, in order (their index is their number less one).
    pub bridges: Vec<Bridge>,
    /// One per `o` and `h` tile.
    pub switches: Vec<Switch>,
    /// One per `s` tile.
    pub splits: Vec<Split>,
}

/// No bridge, switch or split at a cell.
const NONE: u32 = u32::MAX;

/// A level of the original Bloxorz: tiles, the start, the exit, and the bridges, switches
/// and split switches that make it move.
///
/// Everything outside the `rows x cols` rectangle counts as [`Tile::Empty`].
///
/// ```
/// use bloxorz_classic::{Action, Bridge, Level, Pos, Switch, Tile};
///
/// // A soft switch that turns the bridge on, between the start and the exit.
/// let level = Level::from_rows(
///     &["X.o.=..O"],
///     vec![Bridge { on: false, cells: vec![Pos::new(0, 4)] }],
///     vec![Switch { pos: Pos::new(0, 2), actions: vec![Action::On(0)] }],
///     vec![],
/// )?;
/// assert_eq!(level.tile(Pos::new(0, 4)), Tile::Bridge);
/// assert_eq!(level.bridge_at(Pos::new(0, 4)), Some(0));
/// assert_eq!(level.switch_at(Pos::new(0, 2)).map(|s| s.actions.len()), Some(1));
/// assert_eq!(level.tile(Pos::new(5, 5)), Tile::Empty);
/// # Ok::<(), bloxorz_classic::LevelError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Level {
    /// Padded by two `Empty` cells on every side: a roll moves the block's cells at most
    /// two cells away, so no roll from a placement on the level leaves the storage.
    grid: Grid<Tile>,
    /// Per cell (padded alike), the index of its bridge, switch or split; [`NONE`] else.
    owner: Grid<u32>,
    start: Pos,
    exit: Pos,
    bridges: Vec<Bridge>,
    switches: Vec<Switch>,
    splits: Vec<Split>,
    /// Cells that are not [`Tile::Empty`].
    tile_count: usize,
}

impl Level {
    /// A level from its parts.
    ///
    /// # Errors
    /// The first thing that does not fit: a size out of range or a tile count that does
    /// not match it; a start or exit off the level or not on floor, or both on one cell;
    /// a bridge without cells, a bridge cell that is not `=` or is listed twice, an `=`
    /// in no bridge; a switch on a cell other than `o` or `h`, a second switch on a cell,
    /// a switch without actions or acting on a bridge that does not exist, an `o` or `h`
    /// without a switch; a split on a cell other than `s`, a second one on a cell, a
    /// landing cell off the level, both landing cells on one cell, an `s` without a
    /// split; or more states than [`MAX_STATES`].
    pub fn new(layout: Layout) -> Result<Level, LevelError> {
        let Layout {
            rows,
            cols,
            tiles,
            start,
            exit,
            bridges,
            switches,
            splits,
        } = layout;
        if rows == 0 || cols == 0 {
            return Err(LevelError::Empty { rows, cols });
        }
        if rows.checked_mul(cols).is_none_or(|n| n > MAX_CELLS) {
            return Err(LevelError::TooLarge { rows, cols });
        }
        if tiles.len() != rows * cols {
            return Err(LevelError::CellCount {
                expected: rows * cols,
                found: tiles.len(),
            });
        }
        let mut grid = Grid::new(rows, cols, 2, Tile::Empty, Tile::Empty);
        for (r, row) in tiles.chunks_exact(cols).enumerate() {
            let first = grid.index(Pos::new(r, 0));
            grid.cells_mut()[first..first + cols].copy_from_slice(row);
        }
        let tile_count = tiles.iter().filter(|&&t| t != Tile::Empty).count();
        let mut owner = Grid::new(rows, cols, 2, NONE, NONE);
        let at = |pos: Pos| grid.contains(pos).then(|| grid.get(pos));
        for (part, pos) in [(Part::Start, start), (Part::Exit, exit)] {
            match at(pos) {
                None => return Err(LevelError::Outside { part, pos }),
                Some(Tile::Floor) => {}
                Some(found) => return Err(LevelError::WrongTile { part, pos, found }),
            }
        }
        if start == exit {
            return Err(LevelError::StartIsExit { pos: start });
        }
        for (b, bridge) in bridges.iter().enumerate() {
            if bridge.cells.is_empty() {
                return Err(LevelError::NoCells { bridge: b });
            }
            for &pos in &bridge.cells {
                let part = Part::Bridge(b);
                match at(pos) {
                    None => return Err(LevelError::Outside { part, pos }),
                    Some(Tile::Bridge) => {}
                    Some(found) => return Err(LevelError::WrongTile { part, pos, found }),
                }
                if owner.get(pos) != NONE {
                    return Err(LevelError::Duplicate { part, pos });
                }
                owner.set(pos, b as u32);
            }
        }
        for (i, switch) in switches.iter().enumerate() {
            let (part, pos) = (Part::Switch, switch.pos);
            match at(pos) {
                None => return Err(LevelError::Outside { part, pos }),
                Some(Tile::Soft | Tile::Heavy) => {}
                Some(found) => return Err(LevelError::WrongTile { part, pos, found }),
            }
            if owner.get(pos) != NONE {
                return Err(LevelError::Duplicate { part, pos });
            }
            if switch.actions.is_empty() {
                return Err(LevelError::NoActions { pos });
            }
            if let Some(action) = switch.actions.iter().find(|a| a.bridge() >= bridges.len()) {
                return Err(LevelError::UnknownBridge {
                    pos,
                    bridge: action.bridge(),
                    bridges: bridges.len(),
                });
            }
            owner.set(pos, i as u32);
        }
        for (i, split) in splits.iter().enumerate() {
            let (part, pos) = (Part::Split, split.pos);
            match at(pos) {
                None => return Err(LevelError::Outside { part, pos }),
                Some(Tile::Split) => {}
                Some(found) => return Err(LevelError::WrongTile { part, pos, found }),
            }
            if owner.get(pos) != NONE {
                return Err(LevelError::Duplicate { part, pos });
            }
            if let Some(&landing) = split.landing.iter().find(|&&p| at(p).is_none()) {
                return Err(LevelError::Outside {
                    part: Part::Landing,
                    pos: landing,
                });
            }
            if split.landing[0] == split.landing[1] {
                return Err(LevelError::SameLanding { pos });
            }
            owner.set(pos, i as u32);
        }
        for r in 0..rows {
            for c in 0..cols {
                let pos = Pos::new(r, c);
                let tile = grid.get(pos);
                let listed = matches!(tile, Tile::Bridge | Tile::Soft | Tile::Heavy | Tile::Split);
                if listed && owner.get(pos) == NONE {
                    return Err(LevelError::Unlisted { tile, pos });
                }
            }
        }
        let level = Level {
            grid,
            owner,
            start,
            exit,
            bridges,
            switches,
            splits,
            tile_count,
        };
        let bridges = level.bridges.len();
        if level.max_bridges().is_none_or(|max| bridges > max) {
            return Err(LevelError::TooManyStates {
                bridges,
                per_setting: level.states_per_setting(),
                max_bridges: level.max_bridges(),
            });
        }
        Ok(level)
    }

    /// A level from rows of level-file characters (see [`Tile`]; `X` is the start and `O`
    /// the exit, both floor) and its bridges, switches and splits.
    ///
    /// # Errors
    /// Rows of different lengths, another character, no `X` or `O` or more than one, or
    /// anything [`Level::new`] refuses.
    pub fn from_rows(
        rows: &[&str],
        bridges: Vec<Bridge>,
        switches: Vec<Switch>,
        splits: Vec<Split>,
    ) -> Result<Level, LevelError> {
        let cols = rows.first().map_or(0, |r| r.chars().count());
        let mut tiles = Vec::with_capacity(rows.len() * cols);
        let (mut start, mut exit) = (None, None);
        for (r, line) in rows.iter().enumerate() {
            let found = line.chars().count();
            if found != cols {
                return Err(LevelError::RaggedRow {
                    row: r,
                    expected: cols,
                    found,
                });
            }
            for (c, ch) in line.chars().enumerate() {
                let pos = Pos::new(r, c);
                let tile = Tile::from_char(ch).ok_or(LevelError::BadChar { pos, found: ch })?;
                tiles.push(tile);
                let mark = match ch {
                    'X' => &mut start,
                    'O' => &mut exit,
                    _ => continue,
                };
                if mark.is_some() {
                    return Err(LevelError::Second { symbol: ch, pos });
                }
                *mark = Some(pos);
            }
        }
        Level::new(Layout {
            rows: rows.len(),
            cols,
            tiles,
            start: start.ok_or(LevelError::Missing { symbol: 'X' })?,
            exit: exit.ok_or(LevelError::Missing { symbol: 'O' })?,
            bridges,
            switches,
            splits,
        })
    }

    /// The parts the level was made of.
    pub fn layout(&self) -> Layout {
        let (rows, cols) = (self.rows(), self.cols());
        Layout {
            rows,
            cols,
            tiles: (0..rows * cols)
                .map(|i| self.grid.get(Pos::new(i / cols, i % cols)))
                .collect(),
            start: self.start,
            exit: self.exit,
            bridges: self.bridges.clone(),
            switches: self.switches.clone(),
            splits: self.splits.clone(),
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.grid.rows()
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.grid.cols()
    }

    /// The tile at `pos`; [`Tile::Empty`] outside the level.
    pub fn tile(&self, pos: Pos) -> Tile {
        if self.grid.contains(pos) {
            self.grid.get(pos)
        } else {
            Tile::Empty
        }
    }

    /// Where the block stands at the start.
    pub fn start(&self) -> Pos {
        self.start
    }

    /// The exit: the block must stand on it.
    pub fn exit(&self) -> Pos {
        self.exit
    }

    /// The bridges, by index.
    pub fn bridges(&self) -> &[Bridge] {
        &self.bridges
    }

    /// The soft and heavy switches.
    pub fn switches(&self) -> &[Switch] {
        &self.switches
    }

    /// The split switches.
    pub fn splits(&self) -> &[Split] {
        &self.splits
    }

    /// The index of the bridge `pos` belongs to, if it is an `=` cell.
    pub fn bridge_at(&self, pos: Pos) -> Option<usize> {
        (self.tile(pos) == Tile::Bridge).then(|| self.owner.get(pos) as usize)
    }

    /// The switch on `pos`, if it is an `o` or `h` cell.
    pub fn switch_at(&self, pos: Pos) -> Option<&Switch> {
        matches!(self.tile(pos), Tile::Soft | Tile::Heavy)
            .then(|| &self.switches[self.owner.get(pos) as usize])
    }

    /// The split switch on `pos`, if it is an `s` cell.
    pub fn split_at(&self, pos: Pos) -> Option<&Split> {
        (self.tile(pos) == Tile::Split).then(|| &self.splits[self.owner.get(pos) as usize])
    }

    /// The padded grid of tiles (a border of two [`Tile::Empty`] cells).
    pub fn grid(&self) -> &Grid<Tile> {
        &self.grid
    }

    /// The number of cells that are not [`Tile::Empty`].
    pub fn tile_count(&self) -> usize {
        self.tile_count
    }

    /// The states of the pieces for one setting of the bridges (see
    /// [`states_per_setting`]).
    pub fn states_per_setting(&self) -> u64 {
        states_per_setting(self.tile_count, !self.splits.is_empty())
    }

    /// The number of states: [`Level::states_per_setting`] for each of the `2^B`
    /// settings of the `B` bridges. At most [`MAX_STATES`].
    pub fn state_space(&self) -> u64 {
        self.states_per_setting() << self.bridges.len()
    }

    /// The most bridges this level's tiles allow (see [`max_bridges`]).
    pub fn max_bridges(&self) -> Option<usize> {
        max_bridges(self.states_per_setting())
    }
}

/// The states of the pieces for one setting of the bridges, on a level of `tiles` tiles
/// (cells other than `#`), with a split switch or without: three placements of the block
/// per tile, and with a split every unordered pair of tiles for the cubes
/// (`3T + T(T-1)/2`). Saturates at `u64::MAX`.
///
/// ```
/// assert_eq!(bloxorz_classic::states_per_setting(10, false), 30);
/// assert_eq!(bloxorz_classic::states_per_setting(10, true), 75);
/// ```
pub fn states_per_setting(tiles: usize, split: bool) -> u64 {
    let t = tiles as u64;
    let pairs = if split {
        t.saturating_mul(t.saturating_sub(1)) / 2
    } else {
        0
    };
    t.saturating_mul(3).saturating_add(pairs)
}

/// The most bridges a level with `per_setting` states per setting of its bridges may
/// have: `2^B * per_setting` states are at most [`MAX_STATES`]. `None` when even no
/// bridge fits.
///
/// ```
/// assert_eq!(bloxorz_classic::max_bridges(75), Some(19));
/// assert_eq!(bloxorz_classic::max_bridges(1 << 27), None);
/// ```
pub fn max_bridges(per_setting: u64) -> Option<usize> {
    (MAX_STATES / per_setting.max(1))
        .checked_ilog2()
        .map(|b| b as usize)
}

impl fmt::Debug for Level {
    /// The level as in a level file (1-based coordinates), for test failures.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.rows(), self.cols())?;
        for r in 0..self.rows() {
            let row: String = (0..self.cols())
                .map(|c| match Pos::new(r, c) {
                    p if p == self.start => 'X',
                    p if p == self.exit => 'O',
                    p => self.tile(p).symbol(),
                })
                .collect();
            writeln!(f, "{row}")?;
        }
        let at = |p: Pos| format!("{} {}", p.row + 1, p.col + 1);
        for (b, bridge) in self.bridges.iter().enumerate() {
            let state = if bridge.on { "on" } else { "off" };
            write!(f, "bridge {} {state}", b + 1)?;
            for &cell in &bridge.cells {
                write!(f, " {}", at(cell))?;
            }
            writeln!(f)?;
        }
        for switch in &self.switches {
            write!(f, "switch {}", at(switch.pos))?;
            for action in &switch.actions {
                write!(f, " {action}")?;
            }
            writeln!(f)?;
        }
        for split in &self.splits {
            let [a, b] = split.landing;
            writeln!(f, "split {} {} {}", at(split.pos), at(a), at(b))?;
        }
        Ok(())
    }
}

/// The part of a level a cell was given for, in [`LevelError`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The block's start, `X`.
    Start,
    /// The exit, `O`.
    Exit,
    /// A cell of the bridge of this index (0-based).
    Bridge(usize),
    /// The cell of a soft or heavy switch.
    Switch,
    /// The cell of a split switch.
    Split,
    /// A landing cell of a split switch.
    Landing,
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Part::Start => f.write_str("the start"),
            Part::Exit => f.write_str("the exit"),
            Part::Bridge(b) => write!(f, "bridge {}'s cell", b + 1),
            Part::Switch => f.write_str("the switch"),
            Part::Split => f.write_str("the split switch"),
            Part::Landing => f.write_str("the landing cell"),
        }
    }
}

impl Part {
    /// The tiles this part must be on, in words.
    fn expected(self) -> &'static str {
        match self {
            Part::Start | Part::Exit => "floor",
            Part::Bridge(_) => "a bridge cell `=`",
            Part::Switch => "a switch `o` or `h`",
            Part::Split | Part::Landing => "a split switch `s`",
        }
    }
}

/// Why a level could not be built. Positions are 0-based and print 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LevelError {
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
    /// The tile list does not match the size.
    CellCount {
        /// `rows * cols`.
        expected: usize,
        /// The tiles given.
        found: usize,
    },
    /// A row of another length than the first ([`Level::from_rows`]).
    RaggedRow {
        /// The row, 0-based.
        row: usize,
        /// The first row's length.
        expected: usize,
        /// This row's length.
        found: usize,
    },
    /// A character not in the tile table ([`Level::from_rows`]).
    BadChar {
        /// Where, 0-based.
        pos: Pos,
        /// The character found there.
        found: char,
    },
    /// No `X` or no `O` ([`Level::from_rows`]).
    Missing {
        /// `X` or `O`.
        symbol: char,
    },
    /// A second `X` or `O` ([`Level::from_rows`]).
    Second {
        /// `X` or `O`.
        symbol: char,
        /// The second one, 0-based.
        pos: Pos,
    },
    /// A cell off the level.
    Outside {
        /// What the cell was given for.
        part: Part,
        /// The cell, 0-based.
        pos: Pos,
    },
    /// A cell of the wrong tile for its part.
    WrongTile {
        /// What the cell was given for.
        part: Part,
        /// The cell, 0-based.
        pos: Pos,
        /// The tile there.
        found: Tile,
    },
    /// The start is the exit.
    StartIsExit {
        /// The cell of both, 0-based.
        pos: Pos,
    },
    /// A cell listed a second time: in a bridge, or for a switch or split.
    Duplicate {
        /// What the cell was listed for the second time.
        part: Part,
        /// The cell, 0-based.
        pos: Pos,
    },
    /// A bridge with no cell.
    NoCells {
        /// The bridge's index, 0-based.
        bridge: usize,
    },
    /// A switch with no action.
    NoActions {
        /// The switch's cell, 0-based.
        pos: Pos,
    },
    /// An action on a bridge index the level does not have.
    UnknownBridge {
        /// The switch's cell, 0-based.
        pos: Pos,
        /// The bridge index it names, 0-based.
        bridge: usize,
        /// How many bridges the level has.
        bridges: usize,
    },
    /// A split whose two landing cells are one.
    SameLanding {
        /// The split switch's cell, 0-based.
        pos: Pos,
    },
    /// An `=`, `o`, `h` or `s` with no bridge, switch or split listed for it.
    Unlisted {
        /// The tile.
        tile: Tile,
        /// Its cell, 0-based.
        pos: Pos,
    },
    /// More states than [`MAX_STATES`]: more bridges than the tiles allow
    /// (`max_bridges` is then how many they do), or too many states for the pieces
    /// alone, without any bridge (`max_bridges` is `None`).
    TooManyStates {
        /// How many bridges the level has.
        bridges: usize,
        /// The pieces' states for one setting of the bridges ([`states_per_setting`]).
        per_setting: u64,
        /// The most bridges these tiles allow ([`max_bridges`]).
        max_bridges: Option<usize>,
    },
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LevelError::Empty { rows, cols } => write!(f, "a {rows} x {cols} level has no cells"),
            LevelError::TooLarge { rows, cols } => write!(
                f,
                "a {rows} x {cols} level is larger than the {MAX_CELLS} cells this solver handles"
            ),
            LevelError::CellCount { expected, found } => {
                write!(f, "expected {expected} tiles, found {found}")
            }
            LevelError::RaggedRow {
                row,
                expected,
                found,
            } => write!(f, "row {} has {found} cells, expected {expected}", row + 1),
            LevelError::BadChar { pos, found } => {
                write!(
                    f,
                    "expected one of # . E X O o h s = at {pos}, found {found:?}"
                )
            }
            LevelError::Missing { symbol } => write!(f, "the level has no {symbol}"),
            LevelError::Second { symbol, pos } => write!(f, "a second {symbol} at {pos}"),
            LevelError::Outside { part, pos } => write!(f, "{part} {pos} is off the level"),
            LevelError::WrongTile { part, pos, found } => write!(
                f,
                "{part} {pos} is on `{}`, expected {}",
                found.symbol(),
                part.expected()
            ),
            LevelError::StartIsExit { pos } => write!(f, "the start and the exit are both {pos}"),
            LevelError::Duplicate { part, pos } => write!(f, "{part} {pos} is listed twice"),
            LevelError::NoCells { bridge } => write!(f, "bridge {} has no cells", bridge + 1),
            LevelError::NoActions { pos } => write!(f, "the switch {pos} has no actions"),
            LevelError::UnknownBridge {
                pos,
                bridge,
                bridges,
            } => write!(
                f,
                "the switch {pos} acts on bridge {}, but the level has {bridges} bridges",
                bridge + 1
            ),
            LevelError::SameLanding { pos } => {
                write!(f, "the split switch {pos} lands both cubes on one cell")
            }
            LevelError::Unlisted { tile, pos } => {
                let what = match tile {
                    Tile::Bridge => "no bridge lists it",
                    Tile::Split => "it has no split line",
                    _ => "it has no switch line",
                };
                write!(f, "the `{}` at {pos} is unused: {what}", tile.symbol())
            }
            LevelError::TooManyStates {
                bridges,
                per_setting,
                max_bridges: Some(max_bridges),
            } => write!(
                f,
                "{bridges} bridges make 2^{bridges} x {per_setting} states, more than the limit of \
                 {MAX_STATES}: this level's tiles allow at most {max_bridges} bridges"
            ),
            LevelError::TooManyStates {
                per_setting,
                max_bridges: None,
                ..
            } => write!(
                f,
                "the block and the cubes have {per_setting} states on this level's tiles, more \
                 than the limit of {MAX_STATES}"
            ),
        }
    }
}

impl std::error::Error for LevelError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn bridge(on: bool, cells: &[(usize, usize)]) -> Bridge {
        Bridge {
            on,
            cells: cells.iter().map(|&(r, c)| Pos::new(r, c)).collect(),
        }
    }

    #[test]
    fn an_action_is_written_as_in_a_level_file() {
        for (action, word, text) in [
            (Action::Toggle(1), "toggle", "toggle 2"),
            (Action::On(0), "on", "on 1"),
            (Action::Off(11), "off", "off 12"),
        ] {
            assert_eq!(action.word(), word);
            assert_eq!(action.to_string(), text);
        }
    }

    #[test]
    fn lookups_follow_the_lists() {
        let level = Level::from_rows(
            &["X.o=h", "s==.O"],
            vec![bridge(true, &[(1, 1)]), bridge(false, &[(0, 3), (1, 2)])],
            vec![
                Switch {
                    pos: Pos::new(0, 4),
                    actions: vec![Action::Off(0)],
                },
                Switch {
                    pos: Pos::new(0, 2),
                    actions: vec![Action::Toggle(1), Action::On(0)],
                },
            ],
            vec![Split {
                pos: Pos::new(1, 0),
                landing: [Pos::new(0, 0), Pos::new(0, 1)],
            }],
        )
        .unwrap();
        assert_eq!(level.bridge_at(Pos::new(1, 2)), Some(1));
        assert_eq!(level.bridge_at(Pos::new(1, 1)), Some(0));
        assert_eq!(level.bridge_at(Pos::new(1, 3)), None);
        assert_eq!(level.switch_at(Pos::new(0, 2)).unwrap().actions.len(), 2);
        assert_eq!(
            level.switch_at(Pos::new(0, 4)).unwrap().actions,
            [Action::Off(0)]
        );
        assert_eq!(
            level.split_at(Pos::new(1, 0)).unwrap().landing[1],
            Pos::new(0, 1)
        );
        assert_eq!(level.split_at(Pos::new(0, 0)), None);
        // Its Debug form is its level file.
        assert_eq!(
            format!("{level:?}"),
            "2 5\nX.o=h\ns==.O\nbridge 1 on 2 2\nbridge 2 off 1 4 2 3\nswitch 1 5 off 1\n\
             switch 1 3 toggle 2 on 1\nsplit 2 1 1 1 1 2\n"
        );
        // The lists in the order given.
        assert_eq!(
            level.switches().iter().map(|s| s.pos).collect::<Vec<_>>(),
            [Pos::new(0, 4), Pos::new(0, 2)]
        );
        assert_eq!(level.splits().len(), 1);
        assert_eq!(level.splits()[0].pos, Pos::new(1, 0));
        assert_eq!(level.bridges().len(), 2);
        assert_eq!(level.tile_count(), 10);
        // 10 tiles: 30 placements and 45 pairs, for each of 4 settings.
        assert_eq!(level.states_per_setting(), 75);
        assert_eq!(level.state_space(), 300);
        assert_eq!(Level::new(level.layout()), Ok(level));
    }

    #[test]
    fn every_mistake_is_named() {
        let one = |cells| vec![bridge(false, cells)];
        let switch = |r, c, actions: Vec<Action>| {
            vec![Switch {
                pos: Pos::new(r, c),
                actions,
            }]
        };
        let cases: Vec<(Result<Level, LevelError>, &str)> = vec![
            (
                Level::from_rows(&["X.=O"], one(&[(0, 1)]), vec![], vec![]),
                "bridge 1's cell (1, 2) is on `.`, expected a bridge cell `=`",
            ),
            (
                Level::from_rows(&["X.=O"], vec![], vec![], vec![]),
                "the `=` at (1, 3) is unused: no bridge lists it",
            ),
            (
                Level::from_rows(&["X.=O"], one(&[(0, 2), (0, 2)]), vec![], vec![]),
                "bridge 1's cell (1, 3) is listed twice",
            ),
            (
                Level::from_rows(&["X.=O"], one(&[(3, 2)]), vec![], vec![]),
                "bridge 1's cell (4, 3) is off the level",
            ),
            (
                Level::from_rows(&["X.=O"], one(&[]), vec![], vec![]),
                "bridge 1 has no cells",
            ),
            (
                Level::from_rows(&["Xo=O"], one(&[(0, 2)]), switch(0, 1, vec![]), vec![]),
                "the switch (1, 2) has no actions",
            ),
            (
                Level::from_rows(
                    &["Xo=O"],
                    one(&[(0, 2)]),
                    switch(0, 1, vec![Action::On(1)]),
                    vec![],
                ),
                "the switch (1, 2) acts on bridge 2, but the level has 1 bridges",
            ),
            (
                Level::from_rows(&["Xh.O"], vec![], vec![], vec![]),
                "the `h` at (1, 2) is unused: it has no switch line",
            ),
            (
                Level::from_rows(&["Xs.O"], vec![], vec![], vec![]),
                "the `s` at (1, 2) is unused: it has no split line",
            ),
            (
                Level::from_rows(
                    &["Xs.O"],
                    vec![],
                    vec![],
                    vec![Split {
                        pos: Pos::new(0, 1),
                        landing: [Pos::new(0, 2), Pos::new(0, 2)],
                    }],
                ),
                "the split switch (1, 2) lands both cubes on one cell",
            ),
            (
                Level::from_rows(
                    &["Xs.O"],
                    vec![],
                    vec![],
                    vec![Split {
                        pos: Pos::new(0, 1),
                        landing: [Pos::new(0, 2), Pos::new(1, 2)],
                    }],
                ),
                "the landing cell (2, 3) is off the level",
            ),
            (
                Level::from_rows(&["X.O", "O.."], vec![], vec![], vec![]),
                "a second O at (2, 1)",
            ),
            (
                Level::from_rows(&["X.;O"], vec![], vec![], vec![]),
                "expected one of # . E X O o h s = at (1, 3), found ';'",
            ),
        ];
        for (result, message) in cases {
            assert_eq!(result.unwrap_err().to_string(), message);
        }
    }

    #[test]
    fn too_many_bridges_are_refused_with_the_limit() {
        // 2 x 32 tiles with a split: 3 * 64 + 64 * 63 / 2 = 2208 states per setting, so
        // at most 2^14 settings (2208 * 2^14 <= 2^26 < 2208 * 2^15).
        let level = |bridges: usize| {
            let top = format!("Xs{}{}", "=".repeat(bridges), ".".repeat(30 - bridges));
            let bottom = format!("{}O", ".".repeat(31));
            Level::from_rows(
                &[&top, &bottom],
                (0..bridges).map(|c| bridge(false, &[(0, c + 2)])).collect(),
                vec![],
                vec![Split {
                    pos: Pos::new(0, 1),
                    landing: [Pos::new(1, 0), Pos::new(1, 5)],
                }],
            )
        };
        let fits = level(14).unwrap();
        assert_eq!(fits.states_per_setting(), 2208);
        assert_eq!(fits.max_bridges(), Some(14));
        assert_eq!(fits.state_space(), 2208 << 14);
        assert_eq!(
            level(15).unwrap_err().to_string(),
            "15 bridges make 2^15 x 2208 states, more than the limit of 67108864: this \
             level's tiles allow at most 14 bridges"
        );
    }
}
