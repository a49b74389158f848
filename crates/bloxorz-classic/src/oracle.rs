//! The naive oracle: plain breadth-first search over whole positions, on the level file.
//!
//! Deliberately naive and slow, and independent of the solver it checks: it reads the
//! level file with its own small reader into plain data (the rows as characters, the
//! bridges, switches and splits in hash maps by cell; no [`Level`](crate::Level), no
//! `parsers`, no [`bloxorz::Placement`]). A state is the cells under the pieces (a
//! standing block, a lying block as its two cells in reading order, or cube 1 and cube 2
//! in that order) with one bit per bridge (up to 64 bridges), hashed; every move is worked out from the
//! pieces' geometry and the rules of `specs/bloxorz-classic.md`, one after another. From
//! outside the module it uses only `grid_core`'s budget ([`Limits`], [`Meter`]), [`Dir`],
//! and the crate's [`Path`] and [`Move`] to write the path in the spec's notation.
//!
//! ```
//! use bloxorz_classic::{oracle, Limits};
//!
//! let (moves, path) = oracle::solve_text("1 4\nX..O\n", Limits::NONE)?.expect("solvable");
//! assert_eq!((moves, path.to_string().as_str()), (2, "RR"));
//! assert_eq!(oracle::solve_text("1 4\nX#.O\n", Limits::NONE)?, None);
//! # Ok::<(), oracle::OracleError>(())
//! ```

use crate::{Move, Path};
use grid_core::memory::{room_in_map, room_in_queue};
use grid_core::tokens::{Token, tokens};
use grid_core::{Dir, LimitError, Limits, Meter};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

/// What the oracle's memory is for, in a message that it was refused.
const VISITED: &str = "the oracle's visited states";

/// Why the oracle gave no answer: the one type of every solver crate's oracle.
pub use grid_core::OracleError;

/// The answer: the number of moves and one optimal path, or `None` when the exit cannot
/// be reached.
pub type Answer = Option<(u64, Path)>;

/// The minimum number of moves that stand the block on the exit of the level file
/// `text`, and one optimal path, within `limits`.
///
/// # Errors
/// Text that breaks the level-file format, or the limit the search stopped at.
pub fn solve_text(text: &str, limits: Limits) -> Result<Answer, OracleError> {
    let level = read(text)?;
    let goal = Pieces::Standing(level.exit);
    let mut found = None;
    let came_from = level.explore(limits, |state, _| {
        let done = state.pieces == goal;
        if done {
            found = Some(*state);
        }
        done
    })?;
    let Some(mut at) = found else {
        return Ok(None);
    };
    let mut moves = Vec::new();
    while let Some(Some((before, mv))) = came_from.get(&at) {
        moves.push(*mv);
        at = *before;
    }
    moves.reverse();
    Ok(Some((moves.len() as u64, Path::from(moves))))
}

/// A cell (0-based row and column) the block can stand on, and the fewest moves that
/// stand it there.
pub type Standing = ((usize, usize), u64);

/// Every cell (0-based row and column) the block can come to stand on from the start of
/// the level file `text`, the exit counting as plain floor, with the fewest moves that
/// stand it there, in reading order: a level whose exit is moved to one of those that is
/// floor is solvable. For tests that want solvable levels (and far exits).
///
/// # Errors
/// Text that breaks the level-file format, or the limit the search stopped at.
pub fn standing_cells(text: &str, limits: Limits) -> Result<Vec<Standing>, OracleError> {
    // States come off the queue in order of their moves: a cell's first is its fewest.
    let mut cells: HashMap<(usize, usize), u64> = HashMap::new();
    read(text)?.explore(limits, |state, moves| {
        if let Pieces::Standing(pos) = state.pieces {
            cells.entry(pos).or_insert(moves);
        }
        false
    })?;
    let mut cells: Vec<Standing> = cells.into_iter().collect();
    cells.sort_unstable();
    Ok(cells)
}

/// The most states the oracle may visit on the level file `text`: per setting of the
/// bridges, three placements of the block per tile and, with a split switch, every
/// ordered pair of tiles for the cubes.
///
/// # Errors
/// Text that breaks the level-file format.
pub fn state_space(text: &str) -> Result<u64, OracleError> {
    let level = read(text)?;
    let tiles = level
        .rows
        .iter()
        .flatten()
        .filter(|&&ch| ch != b'#')
        .count() as u64;
    let pairs = if level.splits.is_empty() {
        0
    } else {
        tiles.saturating_mul(tiles.saturating_sub(1))
    };
    let per_setting = tiles.saturating_mul(3).saturating_add(pairs);
    Ok(u32::try_from(level.bridges.len())
        .ok()
        .and_then(|b| 1u64.checked_shl(b))
        .map_or(u64::MAX, |settings| per_setting.saturating_mul(settings)))
}

/// A cell as (row, column), 0-based.
type Cell = (usize, usize);

/// What a switch does to a bridge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Toggle,
    On,
    Off,
}

/// The level as plain data.
struct Plan {
    /// The rows, as written.
    rows: Vec<Vec<u8>>,
    start: Cell,
    exit: Cell,
    /// Per bridge (from 0): on at the start, and its cells.
    bridges: Vec<(bool, Vec<Cell>)>,
    bridge_of: ByCell<usize>,
    /// Per switch cell: its actions, in order, on bridges from 0.
    switches: ByCell<Vec<(Action, usize)>>,
    /// Per split switch cell: its two landing cells, cube 1's first.
    splits: ByCell<[Cell; 2]>,
}

/// Something per cell of the board, in a plain vector (the board's rows were read as
/// tokens, so its size is the text's).
struct ByCell<T> {
    cols: usize,
    items: Vec<Option<T>>,
}

impl<T> ByCell<T> {
    fn new(rows: usize, cols: usize) -> ByCell<T> {
        ByCell {
            cols,
            items: (0..rows * cols).map(|_| None).collect(),
        }
    }

    fn get(&self, (r, c): Cell) -> Option<&T> {
        let i = r
            .checked_mul(self.cols)?
            .checked_add(c)
            .filter(|_| c < self.cols)?;
        self.items.get(i)?.as_ref()
    }

    /// Sets `cell`'s item (a cell of the board); the one it had before.
    fn insert(&mut self, (r, c): Cell, item: T) -> Option<T> {
        self.items[r * self.cols + c].replace(item)
    }

    fn is_empty(&self) -> bool {
        self.items.iter().all(Option::is_none)
    }
}

/// The pieces: where they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Pieces {
    Standing(Cell),
    /// The block lying on two edge-adjacent cells, in reading order.
    Lying(Cell, Cell),
    /// Cube 1 and cube 2.
    Cubes(Cell, Cell),
}

/// The most bridges the oracle follows: one bit each in a `u64`.
const MAX_BRIDGES: usize = 64;

/// A whole position: the pieces and which bridges are on (bit `b` for bridge `b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct State {
    pieces: Pieces,
    bridges: u64,
}

/// How each state seen was first reached.
type CameFrom = rustc_hash::FxHashMap<State, Option<(State, Move)>>;

/// The cell one step from `cell` in `dir`, if it is on a board this large (off the
/// board there are no tiles).
fn next_cell((r, c): Cell, dir: Dir) -> Option<Cell> {
    let (dr, dc) = dir.delta();
    Some((r.checked_add_signed(dr)?, c.checked_add_signed(dc)?))
}

fn lying(a: Cell, b: Cell) -> Pieces {
    Pieces::Lying(a.min(b), a.max(b))
}

/// Cube 1 on `one` and cube 2 on `two`, merged into a lying block when they touch.
fn cubes_or_block(one: Cell, two: Cell) -> Pieces {
    if one.0.abs_diff(two.0) + one.1.abs_diff(two.1) == 1 {
        lying(one, two)
    } else {
        Pieces::Cubes(one, two)
    }
}

/// The block after rolling over its bottom edge facing `dir`, or `None` off the top or
/// the left of the plane.
fn roll(block: Pieces, dir: Dir) -> Option<Pieces> {
    match block {
        // Tipped over, the block's two halves lie on the next two cells.
        Pieces::Standing(p) => {
            let near = next_cell(p, dir)?;
            Some(lying(near, next_cell(near, dir)?))
        }
        // Rolled along its length: it stands just beyond the far half.
        Pieces::Lying(a, b) if next_cell(a, dir) == Some(b) => {
            Some(Pieces::Standing(next_cell(b, dir)?))
        }
        Pieces::Lying(a, b) if next_cell(b, dir) == Some(a) => {
            Some(Pieces::Standing(next_cell(a, dir)?))
        }
        // Rolled across its length: both halves move one cell sideways.
        Pieces::Lying(a, b) => Some(lying(next_cell(a, dir)?, next_cell(b, dir)?)),
        Pieces::Cubes(..) => None,
    }
}

impl Plan {
    /// The character on `cell`, `#` off the board.
    fn at(&self, (r, c): Cell) -> u8 {
        self.rows
            .get(r)
            .and_then(|row| row.get(c))
            .copied()
            .unwrap_or(b'#')
    }

    /// Whether `cell` holds a tile under `bridges`: anything but `#`, and a bridge cell
    /// only while its bridge is on.
    fn is_tile(&self, bridges: u64, cell: Cell) -> bool {
        match self.at(cell) {
            b'#' => false,
            b'=' => self
                .bridge_of
                .get(cell)
                .is_some_and(|&b| bridges >> b & 1 == 1),
            _ => true,
        }
    }

    /// Presses the switch on `cell`, if there is one: its actions in order.
    fn press(&self, cell: Cell, bridges: &mut u64) {
        for &(action, b) in self.switches.get(cell).map_or(&[][..], Vec::as_slice) {
            match action {
                Action::Toggle => *bridges ^= 1 << b,
                Action::On => *bridges |= 1 << b,
                Action::Off => *bridges &= !(1 << b),
            }
        }
    }

    /// The state after `mv`, or `None` if the rules forbid it.
    fn after(&self, state: &State, mv: Move) -> Option<State> {
        let mut bridges = state.bridges;
        let pieces = match (state.pieces, mv) {
            (Pieces::Cubes(one, two), _) => {
                let (mover, stays) = match mv {
                    Move::First(_) => (one, two),
                    Move::Second(_) => (two, one),
                };
                let to = next_cell(mover, mv.dir())?;
                if !self.is_tile(bridges, to) {
                    return None;
                }
                // A cube presses a soft switch, never a heavy one.
                if self.at(to) == b'o' {
                    self.press(to, &mut bridges);
                }
                if !self.is_tile(bridges, to) || !self.is_tile(bridges, stays) {
                    return None;
                }
                match mv {
                    Move::First(_) => cubes_or_block(to, stays),
                    Move::Second(_) => cubes_or_block(stays, to),
                }
            }
            // There is no cube 2 while the block is whole.
            (_, Move::Second(_)) => return None,
            (block, Move::First(dir)) => {
                let rolled = roll(block, dir)?;
                let (cells, standing) = match rolled {
                    Pieces::Standing(p) => (vec![p], true),
                    Pieces::Lying(a, b) => (vec![a, b], false),
                    Pieces::Cubes(..) => return None,
                };
                if cells.iter().any(|&c| !self.is_tile(bridges, c)) {
                    return None;
                }
                if standing && self.at(cells[0]) == b'E' {
                    return None; // it falls through orange floor
                }
                // Top-left half first, as the cells are in reading order.
                for &cell in &cells {
                    let pressed = match self.at(cell) {
                        b'o' => true,
                        b'h' => standing,
                        _ => false,
                    };
                    if pressed {
                        self.press(cell, &mut bridges);
                    }
                }
                if cells.iter().any(|&c| !self.is_tile(bridges, c)) {
                    return None;
                }
                match self.splits.get(cells[0]) {
                    Some(&[one, two]) if standing => {
                        if !self.is_tile(bridges, one) || !self.is_tile(bridges, two) {
                            return None;
                        }
                        cubes_or_block(one, two)
                    }
                    _ => rolled,
                }
            }
        };
        Some(State { pieces, bridges })
    }

    /// Breadth-first search from the start until `stop`, shown each state as it comes off
    /// the queue with its number of moves, says it is the one wanted (or every state is
    /// seen).
    fn explore(
        &self,
        limits: Limits,
        mut stop: impl FnMut(&State, u64) -> bool,
    ) -> Result<CameFrom, LimitError> {
        let mut meter = Meter::start(limits);
        let start = State {
            pieces: Pieces::Standing(self.start),
            bridges: self
                .bridges
                .iter()
                .enumerate()
                .fold(0, |bits, (b, bridge)| bits | u64::from(bridge.0) << b),
        };
        let mut came_from = CameFrom::default();
        came_from.insert(start, None);
        let mut queue = VecDeque::from([(start, 0)]);
        while let Some((state, moves)) = queue.pop_front() {
            if stop(&state, moves) {
                break;
            }
            for dir in Dir::ALL {
                for mv in [Move::First(dir), Move::Second(dir)] {
                    let Some(next) = self.after(&state, mv) else {
                        continue;
                    };
                    // Room first: a visited set past the memory is an error, not an abort.
                    room_in_map(&mut came_from, VISITED).map_err(LimitError::from)?;
                    room_in_queue(&mut queue, VISITED).map_err(LimitError::from)?;
                    if let Entry::Vacant(slot) = came_from.entry(next) {
                        slot.insert(Some((state, mv)));
                        queue.push_back((next, moves + 1));
                        meter.charge(1)?;
                    }
                }
            }
        }
        Ok(came_from)
    }
}

/// Reads the tokens one at a time, with errors that say where.
struct Reader<'a> {
    tokens: Vec<Token<'a>>,
    next: usize,
    end: (usize, usize),
}

impl<'a> Reader<'a> {
    fn error_at(&self, i: usize, message: String) -> OracleError {
        let (line, column) = self.tokens.get(i).map_or(self.end, |t| (t.line, t.column));
        OracleError::Input {
            line,
            column,
            message,
        }
    }

    fn peek(&self) -> Option<&'a str> {
        self.tokens.get(self.next).map(|t| t.text)
    }

    /// The next token, called `what` in messages.
    fn word(&mut self, what: &str) -> Result<&'a str, OracleError> {
        let i = self.next;
        self.next += 1;
        match self.tokens.get(i) {
            Some(token) => Ok(token.text),
            None => Err(self.error_at(i, format!("expected {what}, found the end of the input"))),
        }
    }

    /// The next token as a number, called `what` in messages.
    fn number(&mut self, what: &str) -> Result<usize, OracleError> {
        let i = self.next;
        let word = self.word(what)?;
        word.parse()
            .map_err(|_| self.error_at(i, format!("expected {what}, found {word:?}")))
    }

    /// The next two tokens as a cell of a `rows x cols` board.
    fn cell(&mut self, what: &str, rows: usize, cols: usize) -> Result<Cell, OracleError> {
        let at = self.next;
        let (r, c) = (
            self.number("a row number")?,
            self.number("a column number")?,
        );
        if !(1..=rows).contains(&r) || !(1..=cols).contains(&c) {
            return Err(self.error_at(at, format!("{what} ({r},{c}) is off the board")));
        }
        Ok((r - 1, c - 1))
    }
}

/// The level file as plain data, every rule of the format checked.
fn read(text: &str) -> Result<Plan, OracleError> {
    let (tokens, end) = tokens(text);
    let mut reader = Reader {
        tokens,
        next: 0,
        end,
    };
    let (rows, cols) = (reader.number("R")?, reader.number("C")?);
    if rows == 0 || cols == 0 {
        return Err(reader.error_at(0, format!("a {rows} x {cols} level has no cells")));
    }
    let mut grid: Vec<Vec<u8>> = Vec::new();
    let (mut starts, mut exits) = (Vec::new(), Vec::new());
    for r in 0..rows {
        let at = reader.next;
        let row = reader.word("a row")?.as_bytes().to_vec();
        if row.len() != cols {
            return Err(reader.error_at(at, format!("expected a row of {cols} cells")));
        }
        for (c, &ch) in row.iter().enumerate() {
            match ch {
                b'X' => starts.push((r, c)),
                b'O' => exits.push((r, c)),
                b'#' | b'.' | b'E' | b'o' | b'h' | b's' | b'=' => {}
                _ => {
                    let token = &reader.tokens[at];
                    return Err(OracleError::Input {
                        line: token.line,
                        column: token.column + c,
                        message: format!("unknown tile {:?}", char::from(ch)),
                    });
                }
            }
        }
        grid.push(row);
    }
    let ([start], [exit]) = (&starts[..], &exits[..]) else {
        let message = format!("{} X and {} O on the board", starts.len(), exits.len());
        return Err(reader.error_at(0, message));
    };
    let mut plan = Plan {
        rows: grid,
        start: *start,
        exit: *exit,
        bridges: Vec::new(),
        bridge_of: ByCell::new(rows, cols),
        switches: ByCell::new(rows, cols),
        splits: ByCell::new(rows, cols),
    };
    let is_number = |word: Option<&str>| word.is_some_and(|w| w.parse::<usize>().is_ok());
    // Switch actions by the token they were read at, checked once every bridge is known.
    let mut actions_read = Vec::new();
    while reader.next < reader.tokens.len() {
        let line_at = reader.next;
        match reader.word("a line")? {
            "bridge" => {
                let at = reader.next;
                let n = reader.number("the bridge's number")?;
                if n > MAX_BRIDGES {
                    let message = format!("the oracle follows at most {MAX_BRIDGES} bridges");
                    return Err(reader.error_at(at, message));
                }
                if n != plan.bridges.len() + 1 {
                    let expected = plan.bridges.len() + 1;
                    return Err(reader
                        .error_at(at, format!("expected bridge {expected}, found bridge {n}")));
                }
                let on = match reader.word("on or off")? {
                    "on" => true,
                    "off" => false,
                    other => {
                        let message = format!("expected on or off, found {other:?}");
                        return Err(reader.error_at(at + 1, message));
                    }
                };
                let mut cells = Vec::new();
                while is_number(reader.peek()) {
                    let at = reader.next;
                    let cell = reader.cell("the bridge cell", rows, cols)?;
                    if plan.at(cell) != b'=' {
                        return Err(reader.error_at(at, "a bridge cell is not `=`".into()));
                    }
                    if plan.bridge_of.insert(cell, n - 1).is_some() {
                        return Err(reader.error_at(at, "the bridge cell is listed twice".into()));
                    }
                    cells.push(cell);
                }
                if cells.is_empty() {
                    return Err(reader.error_at(line_at, format!("bridge {n} has no cells")));
                }
                plan.bridges.push((on, cells));
            }
            "switch" => {
                let at = reader.next;
                let cell = reader.cell("the switch", rows, cols)?;
                if !matches!(plan.at(cell), b'o' | b'h') {
                    return Err(reader.error_at(at, "the switch is not on `o` or `h`".into()));
                }
                let mut actions = Vec::new();
                while matches!(reader.peek(), Some("toggle" | "on" | "off")) {
                    let action = match reader.word("an action")? {
                        "toggle" => Action::Toggle,
                        "on" => Action::On,
                        _ => Action::Off,
                    };
                    let at = reader.next;
                    let n = reader.number("a bridge's number")?;
                    actions_read.push((at, n));
                    actions.push((action, n.wrapping_sub(1)));
                }
                if actions.is_empty() {
                    return Err(reader.error_at(line_at, "the switch has no actions".into()));
                }
                if plan.switches.insert(cell, actions).is_some() {
                    return Err(reader.error_at(at, "the switch is listed twice".into()));
                }
            }
            "split" => {
                let at = reader.next;
                let cell = reader.cell("the split switch", rows, cols)?;
                if plan.at(cell) != b's' {
                    return Err(reader.error_at(at, "the split switch is not on `s`".into()));
                }
                let one = reader.cell("the first landing cell", rows, cols)?;
                let two = reader.cell("the second landing cell", rows, cols)?;
                if one == two {
                    return Err(reader.error_at(at, "the two landing cells are one".into()));
                }
                if plan.splits.insert(cell, [one, two]).is_some() {
                    return Err(reader.error_at(at, "the split switch is listed twice".into()));
                }
            }
            other => {
                let message = format!("expected bridge, switch or split, found {other:?}");
                return Err(reader.error_at(line_at, message));
            }
        }
    }
    for (at, n) in actions_read {
        if !(1..=plan.bridges.len()).contains(&n) {
            let bridges = plan.bridges.len();
            return Err(reader.error_at(at, format!("bridge {n} is not one of the {bridges}")));
        }
    }
    for (r, row) in plan.rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let listed = match ch {
                b'=' => plan.bridge_of.get((r, c)).is_some(),
                b'o' | b'h' => plan.switches.get((r, c)).is_some(),
                b's' => plan.splits.get((r, c)).is_some(),
                _ => true,
            };
            if !listed {
                let token = &reader.tokens[2 + r];
                return Err(OracleError::Input {
                    line: token.line,
                    column: token.column + c,
                    message: format!("the `{}` has no line of its own", char::from(ch)),
                });
            }
        }
    }
    Ok(plan)
}

/// For the crate's unit tests (the generator's): `level` written as a level file from
/// its plain [`Layout`](crate::Layout), then solved by [`solve_text`]. The oracle itself
/// never sees a [`Level`](crate::Level).
#[cfg(test)]
pub(crate) fn solve_as_text(level: &crate::Level) -> Answer {
    use crate::Action;
    use std::fmt::Write as _;
    let layout = level.layout();
    let mut text = format!("{} {}\n", layout.rows, layout.cols);
    for (i, tile) in layout.tiles.iter().enumerate() {
        let pos = grid_core::Pos::new(i / layout.cols, i % layout.cols);
        text.push(match pos {
            p if p == layout.start => 'X',
            p if p == layout.exit => 'O',
            _ => tile.symbol(),
        });
        if (i + 1) % layout.cols == 0 {
            text.push('\n');
        }
    }
    for (b, bridge) in layout.bridges.iter().enumerate() {
        let _ = write!(
            text,
            "bridge {} {}",
            b + 1,
            if bridge.on { "on" } else { "off" }
        );
        for p in &bridge.cells {
            let _ = write!(text, " {} {}", p.row + 1, p.col + 1);
        }
        text.push('\n');
    }
    for switch in &layout.switches {
        let _ = write!(text, "switch {} {}", switch.pos.row + 1, switch.pos.col + 1);
        for action in &switch.actions {
            let (word, b) = match *action {
                Action::Toggle(b) => ("toggle", b),
                Action::On(b) => ("on", b),
                Action::Off(b) => ("off", b),
            };
            let _ = write!(text, " {word} {}", b + 1);
        }
        text.push('\n');
    }
    for split in &layout.splits {
        let [a, b] = split.landing;
        let _ = writeln!(
            text,
            "split {} {} {} {} {} {}",
            split.pos.row + 1,
            split.pos.col + 1,
            a.row + 1,
            a.col + 1,
            b.row + 1,
            b.col + 1
        );
    }
    solve_text(&text, Limits::NONE).expect("a level is a valid level file")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(text: &str) -> Option<u64> {
        solve_text(text, Limits::NONE)
            .unwrap()
            .map(|(moves, _)| moves)
    }

    #[test]
    fn rolls_follow_the_spec_table() {
        let standing = Pieces::Standing((3, 3));
        assert_eq!(
            roll(standing, Dir::Right),
            Some(Pieces::Lying((3, 4), (3, 5)))
        );
        assert_eq!(roll(standing, Dir::Up), Some(Pieces::Lying((1, 3), (2, 3))));
        let flat = Pieces::Lying((3, 3), (3, 4));
        assert_eq!(roll(flat, Dir::Left), Some(Pieces::Standing((3, 2))));
        assert_eq!(roll(flat, Dir::Down), Some(Pieces::Lying((4, 3), (4, 4))));
        let tall = Pieces::Lying((3, 3), (4, 3));
        assert_eq!(roll(tall, Dir::Down), Some(Pieces::Standing((5, 3))));
        assert_eq!(roll(tall, Dir::Right), Some(Pieces::Lying((3, 4), (4, 4))));
        assert_eq!(roll(Pieces::Standing((1, 0)), Dir::Up), None);
    }

    #[test]
    fn the_spec_sample_takes_seven_moves() {
        let sample =
            "6 10\n...#######\n.X....####\n.........#\n#.........\n#####..O..\n######...#\n";
        assert_eq!(answer(sample), Some(7));
    }

    #[test]
    fn standing_cells_include_those_behind_a_bridge() {
        // The switch turns the bridge on; the block stands on every third cell.
        let level = "1 13\nX.o..=...O...\nbridge 1 off 1 6\nswitch 1 3 on 1\n";
        let cells = standing_cells(level, Limits::NONE).unwrap();
        let cols: Vec<(usize, u64)> = cells.iter().map(|&((_, c), moves)| (c, moves)).collect();
        // The exit counts as floor.
        assert_eq!(cols, [(0, 0), (3, 2), (6, 4), (9, 6), (12, 8)]);
        assert_eq!(answer(level), Some(6));
        assert_eq!(state_space(level), Ok(3 * 13 * 2));
    }

    #[test]
    fn cubes_cross_what_the_block_cannot() {
        // R R split the block; cube 1 (from (1, 5)) must go first, or the cubes merge at
        // once before the orange tiles; they merge on (1, 8)-(1, 9) and R stands the
        // block on the exit: 2 + 4 + 5 + 1 moves.
        let level = "1 10\nX..s.EEE.O\nsplit 1 4 1 5 1 3\n";
        let (moves, path) = solve_text(level, Limits::NONE).unwrap().unwrap();
        assert_eq!(moves, 12);
        assert_eq!(path.len(), 12);
    }

    #[test]
    fn a_heavy_switch_needs_the_block_standing() {
        // Lying over `h` does not open the bridge (over `o` it does); standing on it does.
        let lying_over = "1 7\nXh..=.O\nbridge 1 off 1 5\nswitch 1 2 on 1\n";
        assert_eq!(answer(lying_over), None);
        assert_eq!(answer(&lying_over.replace("Xh", "Xo")), Some(4));
        let standing_on = "1 7\nX..h=.O\nbridge 1 off 1 5\nswitch 1 4 on 1\n";
        assert_eq!(answer(standing_on), Some(4));
    }

    #[test]
    fn a_cell_s_item_is_its_own_and_no_cell_past_a_row_s_end_has_one() {
        let mut by = ByCell::new(2, 3);
        assert!(by.is_empty());
        assert_eq!(by.insert((1, 0), 'a'), None);
        assert!(!by.is_empty());
        assert_eq!(by.get((1, 0)), Some(&'a'));
        // (0, 3) is no cell, though row 1 starts 3 items on.
        assert_eq!(by.get((0, 3)), None);
        assert_eq!(by.get((2, 0)), None);
        assert_eq!(by.get((0, 0)), None);
        assert_eq!(by.insert((1, 0), 'b'), Some('a'));
    }

    #[test]
    fn broken_levels_are_errors_that_say_where() {
        let error = |text: &str| solve_text(text, Limits::NONE).unwrap_err().to_string();
        assert_eq!(
            error("1 3\nX=O\n"),
            "line 2, column 2: the `=` has no line of its own"
        );
        assert_eq!(error("1 3\nX?O\n"), "line 2, column 2: unknown tile '?'");
        assert_eq!(
            error("1 4\nXo.O\nswitch 1 2 on 1\n"),
            "line 3, column 15: bridge 1 is not one of the 0"
        );
        assert_eq!(
            error("1 4\nX=.O\nbridge 2 on 1 2\n"),
            "line 3, column 8: expected bridge 1, found bridge 2"
        );
        assert_eq!(
            error("1 4\nX=.O\nbridge 1 on 1 3\n"),
            "line 3, column 13: a bridge cell is not `=`"
        );
        assert!(error("1 4\nXs.O\nsplit 1 2 1 3 1 3\n").contains("landing cells are one"));
        assert!(error("1 3\nX.X\n").contains("2 X and 0 O"));
        assert!(error("1 3\nX.O\nteleport 1 2\n").contains("expected bridge, switch or split"));
        // Each reading rule, where it is broken.
        assert_eq!(
            error("0 3\n"),
            "line 1, column 1: a 0 x 3 level has no cells"
        );
        assert_eq!(
            error("3 0\n"),
            "line 1, column 1: a 3 x 0 level has no cells"
        );
        assert_eq!(
            error("1 4\nX=.O\nbridge 1 on 2 2\n"),
            "line 3, column 13: the bridge cell (2,2) is off the board"
        );
        assert_eq!(
            error("1 4\nX=.O\nbridge 1 on 1 5\n"),
            "line 3, column 13: the bridge cell (1,5) is off the board"
        );
        assert_eq!(
            error("1 4\nX=.O\nbridge 1 ajar 1 2\n"),
            "line 3, column 10: expected on or off, found \"ajar\""
        );
        assert_eq!(
            error("2 3\nX.O\n.=.\n"),
            "line 3, column 2: the `=` has no line of its own"
        );
        assert_eq!(
            error("1 3\nXoO\n"),
            "line 2, column 2: the `o` has no line of its own"
        );
        assert_eq!(
            error("1 4\nX.hO\n"),
            "line 2, column 3: the `h` has no line of its own"
        );
        assert_eq!(
            error("1 3\nXsO\n"),
            "line 2, column 2: the `s` has no line of its own"
        );
        // At most MAX_BRIDGES bridges, numbered in order.
        // (One row: the block stands on every third cell, so the exit is put on one.)
        let level = |bridges: usize| {
            let floor = (3 - (bridges + 1) % 3) % 3;
            let (cols, exit) = (bridges + floor + 2, bridges + floor + 1);
            let row = format!("X{}{}O", "=".repeat(bridges), ".".repeat(floor));
            let mut text = format!("1 {cols}\n{row}\n");
            for b in 1..=bridges {
                text += &format!("bridge {b} on 1 {}\n", b + 1);
            }
            (text, exit as u64 / 3 * 2)
        };
        let (text, moves) = level(MAX_BRIDGES);
        assert_eq!(
            solve_text(&text, Limits::NONE).map(|a| a.map(|s| s.0)),
            Ok(Some(moves))
        );
        assert_eq!(
            error(&level(MAX_BRIDGES + 1).0),
            format!("line 67, column 8: the oracle follows at most {MAX_BRIDGES} bridges")
        );
    }
}
