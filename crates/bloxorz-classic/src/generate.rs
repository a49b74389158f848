//! Seeded generators of valid levels, in the families of [`Family`].

use crate::{Action, Bridge, Layout, Level, LevelError, MAX_CELLS, Split, Switch, Tile};
use grid_core::{Pos, SplitMix64, UnknownChoice};
use std::fmt;
use strum_macros::{Display, EnumMessage, EnumString, IntoStaticStr, VariantArray, VariantNames};

/// The shape of a generated level: the `--family` of `gridsolve gen`.
///
/// Every family is deterministic: the same [`GenParams`] give the same level on every
/// platform.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Display,
    EnumMessage,
    EnumString,
    IntoStaticStr,
    VariantArray,
    VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[strum(parse_err_ty = UnknownChoice, parse_err_fn = UnknownChoice::of::<Self>)]
pub enum Family {
    /// Tiles drawn independently (empty `empty`%, else orange `fragile`%, else floor),
    /// then `bridges` bridges of one or two cells, each with a soft or heavy switch
    /// somewhere that acts on it (and sometimes on another bridge too), and `splits`
    /// split switches with landing cells anywhere. The start and the exit are anywhere:
    /// whether the exit can be reached is left to chance.
    #[strum(message = "tiles, bridges, switches and splits drawn at random")]
    Random,
    /// Rooms side by side, each joined to the next by a bridge that is off at the start,
    /// so the exit (in the last room) is reached only through the switches: each room
    /// has a switch that turns on (or toggles) its way out, and may have a decoy that
    /// turns it off again or closes the way back. With `splits`, some rooms have a split
    /// switch whose cubes land in the room. Room floors have orange tiles (`fragile`%)
    /// away from the doors and the switches; orange tiles can wall a small room in, so a
    /// level is drawn again (up to [`GATES_TRIES`] times, then without orange tiles)
    /// until the solver finds it solvable. The rooms take the whole height and need 3
    /// rows and 8 columns for two of them; `bridges` is the number of doors, fewer if the
    /// columns do not fit them. A level too small for two rooms is made as
    /// [`Family::Random`].
    #[strum(
        message = "rooms joined by bridges that are off at the start: the switches open the way"
    )]
    Gates,
}

/// What to generate. The same parameters give the same level on every platform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenParams {
    /// How the level is laid out.
    pub family: Family,
    /// The level's rows.
    pub rows: usize,
    /// The level's columns.
    pub cols: usize,
    /// Percent, 0..=100, of empty (`#`) cells ([`Family::Random`]).
    pub empty: u32,
    /// Percent, 0..=100, of orange (`E`) cells among the others.
    pub fragile: u32,
    /// The number of bridges (see [`Family`]).
    pub bridges: usize,
    /// The number of split switches.
    pub splits: usize,
    /// The seed of the generator: the same seed, the same level.
    pub seed: u64,
}

/// Why [`GenParams`] describe no level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenParamsError {
    /// A side of length 0, or more than [`MAX_CELLS`] cells.
    Size {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// A percentage over 100.
    Percent {
        /// The field of [`GenParams`]: `empty` or `fragile`.
        name: &'static str,
        /// The percentage asked for.
        value: u32,
    },
    /// The level has no room for the start, the exit and every bridge, switch and split
    /// on cells of their own.
    TooSmall {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
        /// The cells the start, the exit, the bridges, switches and splits need.
        needed: usize,
    },
    /// The level drawn breaks a limit of [`Level::new`] (too many states for its
    /// bridges, say).
    Level(LevelError),
}

impl fmt::Display for GenParamsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GenParamsError::Size { rows, cols } => write!(
                f,
                "expected a level of 1 to {MAX_CELLS} cells, found {rows} x {cols}"
            ),
            GenParamsError::Percent { name, value } => {
                write!(f, "expected {name} from 0 to 100 percent, found {value}")
            }
            GenParamsError::TooSmall { rows, cols, needed } => write!(
                f,
                "a {rows} x {cols} level has no room for the {needed} cells of the start, the \
                 exit, the bridges, the switches and the splits"
            ),
            GenParamsError::Level(e) => write!(f, "the level drawn is refused: {e}"),
        }
    }
}

impl std::error::Error for GenParamsError {}

impl GenParams {
    /// The cells of their own that the start, the exit and the parts need at least: one
    /// each, a bridge and its switch two.
    fn cells_needed(&self) -> usize {
        2usize
            .saturating_add(self.bridges.saturating_mul(2))
            .saturating_add(self.splits)
    }

    /// Whether [`generate`] can make a level of these parameters (it may still draw one
    /// with more states than [`Level::new`] allows).
    ///
    /// # Errors
    /// A size out of range, a percentage over 100, or a level too small for its parts.
    pub fn check(&self) -> Result<(), GenParamsError> {
        let (rows, cols) = (self.rows, self.cols);
        if rows == 0 || cols == 0 || rows.checked_mul(cols).is_none_or(|n| n > MAX_CELLS) {
            return Err(GenParamsError::Size { rows, cols });
        }
        for (name, value) in [("empty", self.empty), ("fragile", self.fragile)] {
            if value > 100 {
                return Err(GenParamsError::Percent { name, value });
            }
        }
        let needed = self.cells_needed();
        if rows * cols < needed {
            return Err(GenParamsError::TooSmall { rows, cols, needed });
        }
        Ok(())
    }
}

/// A random valid level of `params`' family and size.
///
/// ```
/// use bloxorz_classic::generate::{Family, GenParams, generate};
///
/// let params = GenParams {
///     family: Family::Gates,
///     rows: 6,
///     cols: 16,
///     empty: 0,
///     fragile: 10,
///     bridges: 2,
///     splits: 1,
///     seed: 1,
/// };
/// let level = generate(&params)?;
/// assert_eq!((level.rows(), level.cols()), (6, 16));
/// assert_eq!(level.bridges().len(), 2);
/// assert!(level.bridges().iter().all(|b| !b.on)); // the doors start closed
/// assert_eq!(generate(&params)?, level); // reproducible
/// # Ok::<(), bloxorz_classic::generate::GenParamsError>(())
/// ```
///
/// # Errors
/// The first thing [`GenParams::check`] finds wrong with `params`, or a level drawn with
/// more states than [`Level::new`] allows.
pub fn generate(params: &GenParams) -> Result<Level, GenParamsError> {
    params.check()?;
    let mut rng = SplitMix64::new(params.seed);
    if params.family == Family::Gates {
        let mut solver = crate::Solver::new();
        let solvable = |level: &Level| solver.solve(level).is_ok_and(|answer| answer.is_some());
        if let Some(level) = gates_level(params, &mut rng, solvable)? {
            return Ok(level);
        }
    }
    Level::new(random(params, &mut rng)).map_err(GenParamsError::Level)
}

/// A [`Family::Gates`] level that `solvable` takes: drawn with `params`' orange tiles up
/// to [`GATES_TRIES`] times, then once without; `None` if the level has no room for two
/// rooms or no level drawn is taken.
fn gates_level(
    params: &GenParams,
    rng: &mut SplitMix64,
    mut solvable: impl FnMut(&Level) -> bool,
) -> Result<Option<Level>, GenParamsError> {
    for attempt in 0..=GATES_TRIES {
        let fragile = if attempt < GATES_TRIES {
            params.fragile
        } else {
            0
        };
        let Some(layout) = gates(&GenParams { fragile, ..*params }, rng) else {
            return Ok(None); // no room for two rooms
        };
        let level = Level::new(layout).map_err(GenParamsError::Level)?;
        if solvable(&level) {
            return Ok(Some(level));
        }
    }
    Ok(None)
}

/// How many times [`Family::Gates`] draws a level with orange tiles before it draws one
/// without.
pub const GATES_TRIES: usize = 20;

/// A level being drawn: its tiles, and the cells already given a part.
struct Draft {
    rows: usize,
    cols: usize,
    tiles: Vec<Tile>,
    taken: Vec<bool>,
}

impl Draft {
    fn new(rows: usize, cols: usize, fill: Tile) -> Draft {
        Draft {
            rows,
            cols,
            tiles: vec![fill; rows * cols],
            taken: vec![false; rows * cols],
        }
    }

    fn at(&self, pos: Pos) -> usize {
        pos.row * self.cols + pos.col
    }

    fn set(&mut self, pos: Pos, tile: Tile) {
        let i = self.at(pos);
        self.tiles[i] = tile;
    }

    /// Gives `pos` a part of the level, on `tile`.
    fn take(&mut self, pos: Pos, tile: Tile) {
        let i = self.at(pos);
        self.tiles[i] = tile;
        self.taken[i] = true;
    }

    /// A random cell not taken yet within `rows` x `cols` (from `top_left`) for which
    /// `fits` holds, if one is found in a few tries or by a scan.
    fn free_cell(
        &self,
        rng: &mut SplitMix64,
        (top, left, rows, cols): (usize, usize, usize, usize),
        fits: impl Fn(Pos) -> bool,
    ) -> Option<Pos> {
        let ok = |p: Pos| !self.taken[self.at(p)] && fits(p);
        for _ in 0..32 {
            let p = Pos::new(top + rng.index(rows), left + rng.index(cols));
            if ok(p) {
                return Some(p);
            }
        }
        let first = rng.index(rows * cols);
        (0..rows * cols)
            .map(|i| (first + i) % (rows * cols))
            .map(|i| Pos::new(top + i / cols, left + i % cols))
            .find(|&p| ok(p))
    }

    /// Anywhere on the level.
    fn anywhere(&self) -> (usize, usize, usize, usize) {
        (0, 0, self.rows, self.cols)
    }
}

/// A random action of a switch on bridge `bridge`: mostly one that can open it.
fn action_on(rng: &mut SplitMix64, bridge: usize) -> Action {
    match rng.below(10) {
        0..=5 => Action::Toggle(bridge),
        6..=8 => Action::On(bridge),
        _ => Action::Off(bridge),
    }
}

fn random(params: &GenParams, rng: &mut SplitMix64) -> Layout {
    let (rows, cols) = (params.rows, params.cols);
    let mut draft = Draft::new(rows, cols, Tile::Floor);
    for i in 0..rows * cols {
        draft.tiles[i] = if rng.percent(params.empty) {
            Tile::Empty
        } else if rng.percent(params.fragile) {
            Tile::Fragile
        } else {
            Tile::Floor
        };
    }
    let any = draft.anywhere();
    // `check` made sure there are cells enough for every part.
    let place = |draft: &mut Draft, rng: &mut SplitMix64, tile: Tile| {
        let pos = draft
            .free_cell(rng, any, |_| true)
            .expect("room for every part");
        draft.take(pos, tile);
        pos
    };
    let start = place(&mut draft, rng, Tile::Floor);
    let exit = place(&mut draft, rng, Tile::Floor);
    let mut bridges = Vec::with_capacity(params.bridges);
    // Cells beyond those the parts need: a bridge's second cell takes one.
    let mut spare = rows * cols - params.cells_needed();
    for _ in 0..params.bridges {
        let first = place(&mut draft, rng, Tile::Bridge);
        let mut cells = vec![first];
        if rng.percent(50) && spare > 0 {
            let dir = grid_core::Dir::ALL[rng.index(4)];
            let second = first
                .step(dir)
                .filter(|p| p.row < rows && p.col < cols && !draft.taken[draft.at(*p)]);
            if let Some(second) = second {
                draft.take(second, Tile::Bridge);
                cells.push(second);
                spare -= 1;
            }
        }
        bridges.push(Bridge {
            on: rng.percent(50),
            cells,
        });
    }
    let mut switches = Vec::with_capacity(params.bridges);
    for b in 0..params.bridges {
        let tile = if rng.percent(70) {
            Tile::Soft
        } else {
            Tile::Heavy
        };
        let pos = place(&mut draft, rng, tile);
        let mut actions = vec![action_on(rng, b)];
        if rng.percent(30) {
            let other = rng.index(params.bridges);
            actions.push(action_on(rng, other));
        }
        switches.push(Switch { pos, actions });
    }
    let mut splits = Vec::with_capacity(params.splits);
    for _ in 0..params.splits {
        let pos = place(&mut draft, rng, Tile::Split);
        let first = Pos::new(rng.index(rows), rng.index(cols));
        let mut second = Pos::new(rng.index(rows), rng.index(cols));
        if second == first {
            // Any other cell; a 1 x 1 level has no split (`check` asks for more cells).
            let i = (draft.at(first) + 1 + rng.index(rows * cols - 1)) % (rows * cols);
            second = Pos::new(i / cols, i % cols);
        }
        splits.push(Split {
            pos,
            landing: [first, second],
        });
    }
    Layout {
        rows,
        cols,
        tiles: draft.tiles,
        start,
        exit,
        bridges,
        switches,
        splits,
    }
}

/// The rooms of a [`Family::Gates`] level: the first column and the width of each, and
/// the width of the gap after each but the last. `None` if two rooms do not fit.
fn rooms(
    rng: &mut SplitMix64,
    rows: usize,
    cols: usize,
    doors: usize,
) -> Option<Vec<(usize, usize, usize)>> {
    if rows < 3 || doors == 0 {
        return None;
    }
    let mut rooms = Vec::new();
    let mut left = 0;
    loop {
        let width = 3 + rng.index(3);
        let gap = 1 + rng.index(2);
        let last = rooms.len() == doors;
        // A room after this one needs its gap and 3 columns.
        if last || left + width + gap + 3 > cols {
            let width = cols - left; // the last room takes what is left
            if width < 3 || rooms.is_empty() {
                return None;
            }
            rooms.push((left, width, 0));
            return Some(rooms);
        }
        rooms.push((left, width, gap));
        left += width + gap;
    }
}

fn gates(params: &GenParams, rng: &mut SplitMix64) -> Option<Layout> {
    let (rows, cols) = (params.rows, params.cols);
    let rooms = rooms(rng, rows, cols, params.bridges)?;
    let mut draft = Draft::new(rows, cols, Tile::Empty);
    let mut bridges = Vec::new();
    let mut switches = Vec::new();
    let mut splits = Vec::new();
    // Doors first: their row in each gap, and the room cells beside them stay floor.
    for (k, &(left, width, gap)) in rooms.iter().enumerate() {
        for r in 0..rows {
            for c in left..left + width {
                draft.set(Pos::new(r, c), Tile::Floor);
            }
        }
        if k + 1 == rooms.len() {
            break;
        }
        let row = rng.index(rows);
        let cells: Vec<Pos> = (0..gap).map(|i| Pos::new(row, left + width + i)).collect();
        for &cell in &cells {
            draft.take(cell, Tile::Bridge);
        }
        // Two floor cells on either side of the door, so the block can cross it whatever
        // its phase.
        for c in [
            left + width - 2,
            left + width - 1,
            left + width + gap,
            left + width + gap + 1,
        ] {
            draft.take(Pos::new(row, c), Tile::Floor);
        }
        bridges.push(Bridge { on: false, cells });
    }
    let room = |k: usize| {
        let (left, width, _) = rooms[k];
        (0, left, rows, width)
    };
    let start = draft.free_cell(rng, room(0), |_| true)?;
    draft.take(start, Tile::Floor);
    let exit = draft.free_cell(rng, room(rooms.len() - 1), |_| true)?;
    draft.take(exit, Tile::Floor);
    for k in 0..bridges.len() {
        let (tile, action) = match rng.below(4) {
            0 => (Tile::Heavy, Action::On(k)),
            1 => (Tile::Heavy, Action::Toggle(k)),
            2 => (Tile::Soft, Action::On(k)),
            _ => (Tile::Soft, Action::Toggle(k)),
        };
        let pos = draft.free_cell(rng, room(k), |_| true)?;
        draft.take(pos, tile);
        switches.push(Switch {
            pos,
            actions: vec![action],
        });
        // A decoy: closes this door (the real switch opens it again) or the last one.
        if rng.percent(50) {
            let target = if k > 0 && rng.percent(50) { k - 1 } else { k };
            let action = if target == k && matches!(action, Action::On(_)) {
                Action::Off(k)
            } else {
                Action::Toggle(target)
            };
            if let Some(pos) = draft.free_cell(rng, room(k), |_| true) {
                draft.take(pos, Tile::Soft);
                switches.push(Switch {
                    pos,
                    actions: vec![action],
                });
            }
        }
    }
    for _ in 0..params.splits {
        let k = rng.index(rooms.len());
        let Some(pos) = draft.free_cell(rng, room(k), |_| true) else {
            break;
        };
        draft.take(pos, Tile::Split);
        let (_, left, _, width) = room(k);
        let cell = |rng: &mut SplitMix64| Pos::new(rng.index(rows), left + rng.index(width));
        let first = cell(rng);
        let mut second = cell(rng);
        while second == first {
            second = cell(rng);
        }
        splits.push(Split {
            pos,
            landing: [first, second],
        });
    }
    // Orange tiles on the room floors that are not taken.
    for i in 0..rows * cols {
        if draft.tiles[i] == Tile::Floor && !draft.taken[i] && rng.percent(params.fragile) {
            draft.tiles[i] = Tile::Fragile;
        }
    }
    Some(Layout {
        rows,
        cols,
        tiles: draft.tiles,
        start,
        exit,
        bridges,
        switches,
        splits,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Choice;

    fn params(family: Family, rows: usize, cols: usize, seed: u64) -> GenParams {
        GenParams {
            family,
            rows,
            cols,
            empty: 15,
            fragile: 15,
            bridges: 3,
            splits: 1,
            seed,
        }
    }

    /// How many of `level`'s cells are `tile`.
    fn count(level: &Level, tile: Tile) -> usize {
        level.layout().tiles.iter().filter(|&&t| t == tile).count()
    }

    #[test]
    fn same_params_same_level() {
        for &family in Family::ALL {
            let p = params(family, 9, 17, 5);
            assert_eq!(generate(&p), generate(&p));
            assert_ne!(generate(&p), generate(&GenParams { seed: 6, ..p }));
        }
    }

    #[test]
    fn gates_are_solvable_and_need_their_bridges() {
        for seed in 0..60 {
            let p = GenParams {
                fragile: 25,
                ..params(
                    Family::Gates,
                    4 + seed as usize % 5,
                    12 + seed as usize % 9,
                    seed,
                )
            };
            let level = generate(&p).unwrap();
            assert!(!level.bridges().is_empty(), "{level:?}");
            let answer = crate::oracle::solve_as_text(&level).map(|s| s.0);
            assert!(answer.is_some(), "unsolvable: {level:?}");
            // With no bridges (their cells empty) and no switches (plain floor), the
            // exit is out of reach.
            let mut layout = level.layout();
            for tile in &mut layout.tiles {
                *tile = match *tile {
                    Tile::Bridge => Tile::Empty,
                    Tile::Soft | Tile::Heavy => Tile::Floor,
                    other => other,
                };
            }
            layout.bridges.clear();
            layout.switches.clear();
            let walled = Level::new(layout).unwrap();
            assert_eq!(crate::oracle::solve_as_text(&walled), None, "{level:?}");
        }
    }

    #[test]
    fn parameters_out_of_range_are_refused() {
        let p = params(Family::Random, 2, 3, 1);
        assert_eq!(
            generate(&p).unwrap_err().to_string(),
            "a 2 x 3 level has no room for the 9 cells of the start, the exit, the bridges, \
             the switches and the splits"
        );
        let p = GenParams {
            fragile: 101,
            ..params(Family::Random, 9, 9, 1)
        };
        assert_eq!(
            p.check().unwrap_err().to_string(),
            "expected fragile from 0 to 100 percent, found 101"
        );
        assert!(matches!(
            params(Family::Random, 0, 9, 1).check(),
            Err(GenParamsError::Size { .. })
        ));
        let many = GenParams {
            bridges: 30,
            ..params(Family::Random, 12, 12, 1)
        };
        assert!(matches!(
            generate(&many),
            Err(GenParamsError::Level(LevelError::TooManyStates { .. }))
        ));
    }

    #[test]
    fn check_takes_every_size_and_percentage_in_range_and_no_other() {
        let ok = |rows, cols, empty, fragile| {
            GenParams {
                empty,
                fragile,
                ..params(Family::Random, rows, cols, 1)
            }
            .check()
        };
        // The largest level, and one cell more either way.
        assert_eq!(ok(1 << 10, 1 << 10, 0, 0), Ok(()));
        assert_eq!(ok(1, MAX_CELLS, 0, 0), Ok(()));
        for (rows, cols) in [
            (1 << 10, (1 << 10) + 1),
            (1, MAX_CELLS + 1),
            (usize::MAX / 2, 3),
        ] {
            assert_eq!(
                ok(rows, cols, 0, 0),
                Err(GenParamsError::Size { rows, cols }),
                "{rows} x {cols}"
            );
        }
        // 100 percent is a percentage; 101 is not, in either field.
        assert_eq!(ok(9, 9, 100, 100), Ok(()));
        assert_eq!(
            ok(9, 9, 101, 0),
            Err(GenParamsError::Percent {
                name: "empty",
                value: 101
            })
        );
        // Exactly the cells the parts need (2 + 3 bridges * 2 + 1 split), and one fewer.
        assert_eq!(ok(3, 3, 0, 0), Ok(()));
        assert_eq!(
            ok(2, 4, 0, 0),
            Err(GenParamsError::TooSmall {
                rows: 2,
                cols: 4,
                needed: 9
            })
        );
    }

    #[test]
    fn gates_draw_orange_tiles_and_give_them_up_only_when_no_level_with_them_is_taken() {
        let p = GenParams {
            fragile: 50,
            ..params(Family::Gates, 5, 16, 4)
        };
        let orange = |level: &Level| count(level, Tile::Fragile) > 0;
        // Every level refused: GATES_TRIES with orange tiles, then one without, and none.
        let mut drawn = Vec::new();
        let none = gates_level(&p, &mut SplitMix64::new(1), |level| {
            drawn.push(orange(level));
            false
        });
        assert_eq!(none, Ok(None));
        let mut expected = vec![true; GATES_TRIES];
        expected.push(false);
        assert_eq!(drawn, expected);
        // Only a level without orange tiles taken: the last try's.
        let last = gates_level(&p, &mut SplitMix64::new(1), |level| !orange(level));
        let last = last.unwrap().expect("the last try has no orange tiles");
        assert!(!orange(&last) && last.bridges().iter().all(|b| !b.on));
        // The first level taken: the first try's, orange tiles and all.
        let first = gates_level(&p, &mut SplitMix64::new(1), |_| true);
        assert!(orange(&first.unwrap().expect("taken")));
        // No room for two rooms: none, whatever is taken.
        let narrow = params(Family::Gates, 5, 6, 4);
        assert_eq!(
            gates_level(&narrow, &mut SplitMix64::new(1), |_| true),
            Ok(None)
        );
    }

    #[test]
    fn a_free_cell_is_any_free_cell_of_the_area_the_scan_included() {
        // A 20 x 20 area at (2, 3) of a 25 x 25 draft; every cell of the area is drawn,
        // and none outside it.
        let mut draft = Draft::new(25, 25, Tile::Floor);
        let area = (2, 3, 20, 20);
        let inside = |p: Pos| (2..22).contains(&p.row) && (3..23).contains(&p.col);
        let mut rng = SplitMix64::new(7);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..10_000 {
            let p = draft.free_cell(&mut rng, area, |_| true).unwrap();
            assert!(inside(p), "{p:?}");
            seen.insert(p);
        }
        assert_eq!(seen.len(), 400);
        // All but two cells taken, the 51st and the last of the area: the random tries
        // mostly miss, and the scan, from a random cell of the area, finds the one
        // after it, the last one mostly (from the 349 cells after the 51st).
        for r in 2..22 {
            for c in 3..23 {
                draft.take(Pos::new(r, c), Tile::Floor);
            }
        }
        let (early, last) = (Pos::new(4, 13), Pos::new(21, 22));
        for p in [early, last] {
            let i = draft.at(p);
            draft.taken[i] = false;
        }
        let mut found = [0; 2];
        for _ in 0..3000 {
            let p = draft.free_cell(&mut rng, area, |_| true).unwrap();
            assert!(p == early || p == last, "{p:?}");
            found[usize::from(p == last)] += 1;
        }
        assert!(found[0] > 150 && found[1] > 1800, "{found:?}");
        // A cell that does not fit is never drawn, and where nothing fits: none.
        assert_eq!(draft.free_cell(&mut rng, area, |p| p != last), Some(early));
        assert_eq!(draft.free_cell(&mut rng, area, |_| false), None);
    }

    #[test]
    fn a_switch_mostly_toggles_its_bridge_often_turns_it_on_and_sometimes_off() {
        let mut rng = SplitMix64::new(3);
        let mut counts = [0; 3];
        for _ in 0..10_000 {
            counts[match action_on(&mut rng, 4) {
                Action::Toggle(4) => 0,
                Action::On(4) => 1,
                Action::Off(4) => 2,
                other => panic!("{other:?}"),
            }] += 1;
        }
        // 60%, 30% and 10%, give or take.
        assert!(
            (5700..6300).contains(&counts[0])
                && (2700..3300).contains(&counts[1])
                && (800..1200).contains(&counts[2]),
            "{counts:?}"
        );
    }

    #[test]
    fn random_levels_draw_every_tile_and_two_cell_bridges_of_neighbours() {
        // All empty but the parts' cells.
        let p = GenParams {
            empty: 100,
            ..params(Family::Random, 7, 11, 2)
        };
        let level = generate(&p).unwrap();
        let empty = count(&level, Tile::Empty);
        let parts = 2 + level.bridges().iter().map(|b| b.cells.len()).sum::<usize>() + 3 + 1;
        assert_eq!(empty + parts, 77, "{level:?}");
        // Bridges of two cells are drawn, each of two neighbours inside the level.
        let mut two = 0;
        for seed in 0..40 {
            let level = generate(&params(Family::Random, 6, 9, seed)).unwrap();
            for bridge in level.bridges() {
                if let [a, b] = bridge.cells[..] {
                    two += 1;
                    assert_eq!(
                        a.row.abs_diff(b.row) + a.col.abs_diff(b.col),
                        1,
                        "{level:?}"
                    );
                }
            }
        }
        assert!(two >= 30, "{two} two-cell bridges in 120");
    }

    #[test]
    fn bridges_take_second_cells_only_while_the_level_has_cells_to_spare() {
        // 10 cells for 9 the parts need (start, exit, 3 bridges and 3 switches, a split):
        // one bridge at most has a second cell, and every part still finds a cell.
        let mut two = 0;
        for seed in 0..200 {
            let level = generate(&params(Family::Random, 2, 5, seed)).unwrap();
            let cells: usize = level.bridges().iter().map(|b| b.cells.len()).sum();
            assert!(cells <= 4, "{level:?}");
            two += usize::from(cells == 4);
        }
        assert!(two > 20, "{two} of 200 levels have a bridge of two cells");
    }

    #[test]
    fn a_split_lands_its_cubes_on_two_cells_even_on_the_smallest_levels() {
        // On 3 cells (a start, an exit, a split) the two landings often fall on one cell
        // at first: the second is then moved to another cell of the level.
        for (rows, cols) in [(1, 3), (3, 1), (1, 4), (2, 2)] {
            for seed in 0..50 {
                let p = GenParams {
                    bridges: 0,
                    splits: 1,
                    ..params(Family::Random, rows, cols, seed)
                };
                let level = generate(&p).unwrap();
                let [a, b] = level.splits()[0].landing;
                assert_ne!(a, b, "{level:?}");
                assert!(a.row < rows && a.col < cols && b.row < rows && b.col < cols);
            }
        }
    }

    #[test]
    fn gates_rooms_are_three_to_five_wide_with_the_last_one_taking_the_rest() {
        for seed in 0..30 {
            // The widths the first room and gap will be drawn with.
            let mut peek = SplitMix64::new(seed);
            let (width, gap) = (3 + peek.index(3), 1 + peek.index(2));
            let rooms = |rows, cols, doors| rooms(&mut SplitMix64::new(seed), rows, cols, doors);
            // Room for exactly one more room of 3 after the first: two rooms.
            let cols = width + gap + 3;
            assert_eq!(
                rooms(3, cols, 1),
                Some(vec![(0, width, gap), (width + gap, 3, 0)])
            );
            assert_eq!(rooms(2, cols, 1), None, "two rows are too few");
            assert_eq!(rooms(3, cols, 0), None, "no door, no rooms");
            // One column fewer: the first room would take them all, and one room is none.
            assert_eq!(rooms(3, cols - 1, 1), None);
        }
    }

    #[test]
    fn gates_doors_have_floor_on_both_sides_and_switches_and_decoys_of_every_kind() {
        let mut kinds = std::collections::BTreeSet::new();
        for seed in 0..60 {
            // All orange but what is taken: the start, the exit and the doorsteps stay
            // floor, and nothing else does.
            let p = GenParams {
                fragile: 100,
                splits: 0,
                ..params(Family::Gates, 5, 20, seed)
            };
            let Some(level) = gates_level(&p, &mut SplitMix64::new(seed), |_| true).unwrap() else {
                panic!("two rooms fit 20 columns");
            };
            let mut doorsteps = std::collections::BTreeSet::new();
            for bridge in level.bridges() {
                let row = bridge.cells[0].row;
                let (first, last) = (
                    bridge.cells[0].col,
                    bridge.cells[bridge.cells.len() - 1].col,
                );
                for col in [first - 2, first - 1, last + 1, last + 2] {
                    assert_eq!(level.tile(Pos::new(row, col)), Tile::Floor, "{level:?}");
                    doorsteps.insert(Pos::new(row, col));
                }
            }
            // (A room of 3 columns between two doors in one row shares a doorstep.)
            let floor = count(&level, Tile::Floor);
            assert_eq!(floor, 2 + doorsteps.len(), "{level:?}");
            // Each door's switch (the first acting on it), then perhaps a decoy: soft,
            // turning its door off where its switch turns it on, else toggling it or
            // the door before.
            let mut door: Option<usize> = None;
            let mut real = Action::On(0);
            for switch in level.switches() {
                let tile = level.tile(switch.pos);
                let [action] = switch.actions[..] else {
                    panic!("{level:?}");
                };
                if action.bridge() == door.map_or(0, |d| d + 1) && !matches!(action, Action::Off(_))
                {
                    door = Some(action.bridge());
                    real = action;
                    kinds.insert(format!("{tile:?} {}", action.word()));
                    continue;
                }
                let k = door.expect("a decoy follows its door's switch");
                assert_eq!(tile, Tile::Soft, "{level:?}");
                match action {
                    Action::Off(b) => assert!(b == k && real == Action::On(k), "{level:?}"),
                    Action::Toggle(b) if b == k => {
                        assert_eq!(real, Action::Toggle(k), "{level:?}");
                    }
                    Action::Toggle(b) => assert!(k > 0 && b == k - 1, "{level:?}"),
                    Action::On(_) => panic!("{level:?}"),
                }
                kinds.insert(format!(
                    "decoy {}",
                    if action.bridge() == k { "own" } else { "back" }
                ));
                kinds.insert(format!("decoy {}", action.word()));
            }
        }
        let kinds: Vec<&str> = kinds.iter().map(String::as_str).collect();
        assert_eq!(
            kinds,
            [
                "Heavy on",
                "Heavy toggle",
                "Soft on",
                "Soft toggle",
                "decoy back",
                "decoy off",
                "decoy own",
                "decoy toggle"
            ]
        );
    }

    #[test]
    fn a_small_gates_level_falls_back_to_random() {
        let p = params(Family::Gates, 2, 12, 3);
        let level = generate(&p).unwrap();
        assert_eq!(
            level,
            generate(&GenParams {
                family: Family::Random,
                ..p
            })
            .unwrap()
        );
    }
}
