//! The level file of the original Bloxorz (specs/bloxorz-classic.md): one level a file.
//!
//! ```text
//! R C
//! R rows of exactly C characters of # . E X O o h s =
//! bridge N on|off r c [r c]...        one line per bridge, N = 1, 2, ... in order
//! switch r c ACTION N [ACTION N]...   one line per o or h cell; ACTION is toggle, on or off
//! split r c r1 c1 r2 c2               one line per s cell: its two landing cells
//! ```
//! Coordinates are 1-based. The bridge lines come first, then the switch lines, then the
//! split lines; the file ends after them. As everywhere in this crate, any whitespace
//! separates tokens: a line ends where the next keyword begins. The output is one line:
//! the minimum number of moves, or `-1`.

use crate::input::Stream;
use crate::reader::{MAX_TOKEN, board_too_large};
use crate::words::count;
use crate::{ErrorKind, Found, Input, InputError, ParseError, Reader, Token, in_memory};
use bloxorz_classic::{
    Action, Bridge, Layout, Level, LevelError, MAX_CELLS, Split, Switch, Tile, max_bridges,
    states_per_setting,
};
use grid_core::Pos;
use std::fmt::Write;

/// Reads a level file.
///
/// ```
/// let level = parsers::bloxorz_classic::parse(b"1 7\nXo.=..O\nbridge 1 off 1 4\nswitch 1 2 on 1\n")?;
/// assert_eq!(level.bridges().len(), 1);
///
/// let err = parsers::bloxorz_classic::parse(b"1 7\nXo.=..O\nbridge 1 off 1 3\n").unwrap_err();
/// assert_eq!(err.to_string(), "3:14: bridge 1 lists (1, 3), which is `.`, not a bridge cell `=`");
/// # Ok::<(), parsers::ParseError>(())
/// ```
///
/// # Errors
/// The first place where the input leaves the format or breaks a rule: a row of the
/// wrong length, an unknown character, no `X` or `O` or more than one; a bridge number
/// out of order, a cell off the level, a bridge, switch or split line for a cell of
/// another kind, a cell listed twice, an action on a bridge the level does not have,
/// both landing cells on one cell, an `=`, `o`, `h` or `s` with no line for it; lines
/// out of order, a missing or extra token; more bridges than the state limit allows
/// (the message says the limit).
pub fn parse(text: &[u8]) -> Result<Level, ParseError> {
    read(text).map_err(in_memory)
}

/// Reads a level file from `input` (bytes in memory, or an [`Input::reader`] read in
/// pieces: a file that cannot be a level fails at its first bad token).
///
/// # Errors
/// As [`parse`], and a failed read.
pub fn read<'a>(input: impl Into<Input<'a>>) -> Result<Level, InputError> {
    Stream::new(input.into()).step(level)
}

/// Reads the whole level from `reader`.
fn level(reader: &mut Reader<'_>) -> Result<Level, ParseError> {
    let limit = MAX_CELLS as u64;
    let (rows, header) = reader.int_token("R", 1..=limit)?;
    // A row is one token, and no token is longer than MAX_TOKEN.
    let cols = reader.int("C", 1..=limit.min(MAX_TOKEN as u64))?;
    let (rows, cols) = (rows as usize, cols as usize);
    if rows * cols > MAX_CELLS {
        return Err(board_too_large(&header, rows, cols, MAX_CELLS));
    }
    let grid = read_grid(reader, &header, rows, cols)?;
    let per_setting = states_per_setting(grid.tile_count, !grid.splits.is_empty());
    let Some(max_bridges) = max_bridges(per_setting) else {
        let error = LevelError::TooManyStates {
            bridges: 0,
            per_setting,
            max_bridges: None,
        };
        return Err(ParseError::invalid(&header, error));
    };
    let mut lines = Lines {
        reader,
        rows,
        cols,
        grid,
        bridges: Vec::new(),
        switches: Vec::new(),
        splits: Vec::new(),
        per_setting,
        max_bridges,
    };
    lines.read()?;
    lines.check_every_cell_listed()?;
    let Lines {
        grid,
        bridges,
        switches,
        splits,
        ..
    } = lines;
    Level::new(Layout {
        rows,
        cols,
        tiles: grid.tiles,
        start: grid.start,
        exit: grid.exit,
        bridges,
        switches,
        splits: splits.into_iter().map(|(split, _)| split).collect(),
    })
    .map_err(|e| ParseError::invalid(&header, e))
}

/// The rows of a level, read.
struct Grid<'a> {
    tiles: Vec<Tile>,
    start: Pos,
    exit: Pos,
    tile_count: usize,
    /// Every `=`, `o`, `h` and `s` cell, with its character's place, in reading order.
    parts: Vec<(Pos, Token<'a>)>,
    /// The `s` cells.
    splits: Vec<Pos>,
}

/// Whether `byte` is a character of the tile table.
fn is_tile_byte(byte: u8) -> bool {
    matches!(
        byte,
        b'#' | b'.' | b'E' | b'X' | b'O' | b'o' | b'h' | b's' | b'='
    )
}

/// The one-character token at byte `c` of a row, for error positions.
fn char_at<'a>(row: &Token<'a>, c: usize) -> Token<'a> {
    Token {
        text: &row.text[c..=c],
        line: row.line,
        col: row.col + c,
    }
}

fn read_grid<'a>(
    reader: &mut Reader<'a>,
    header: &Token<'a>,
    rows: usize,
    cols: usize,
) -> Result<Grid<'a>, ParseError> {
    let mut tiles = Vec::with_capacity((rows * cols).min(reader.remaining()));
    let (mut start, mut exit) = (None, None);
    let mut parts = Vec::new();
    let mut splits = Vec::new();
    for r in 0..rows {
        let row = match reader.token_of_len(cols) {
            Some(row) => row,
            None => reader.token(format_args!(
                "row {} ({} of # . E X O o h s =)",
                r + 1,
                count(cols, "character")
            ))?,
        };
        if row.text.len() != cols {
            return Err(ParseError::invalid(
                &row,
                format_args!(
                    "row {} has {}, expected {cols}",
                    r + 1,
                    count(row.text.len(), "character")
                ),
            ));
        }
        for (c, &byte) in row.text.iter().enumerate() {
            let at = char_at(&row, c);
            if !is_tile_byte(byte) {
                return Err(ParseError::invalid(
                    &at,
                    format_args!(
                        "expected one of # . E X O o h s =, found {}",
                        crate::reader::first_char(&row.text[c..])
                    ),
                ));
            }
            let pos = Pos::new(r, c);
            let tile = Tile::from_char(char::from(byte)).expect("a tile byte");
            tiles.push(tile);
            match byte {
                b'X' | b'O' => {
                    let (mark, what) = if byte == b'X' {
                        (&mut start, "start X")
                    } else {
                        (&mut exit, "exit O")
                    };
                    if mark.is_some() {
                        return Err(ParseError::invalid(&at, format_args!("a second {what}")));
                    }
                    *mark = Some(pos);
                }
                b'=' | b'o' | b'h' => parts.push((pos, at)),
                b's' => {
                    parts.push((pos, at));
                    splits.push(pos);
                }
                _ => {}
            }
        }
    }
    let missing = |what: &str| ParseError::invalid(header, format_args!("the level has no {what}"));
    Ok(Grid {
        tile_count: tiles.iter().filter(|&&t| t != Tile::Empty).count(),
        tiles,
        start: start.ok_or_else(|| missing("start X"))?,
        exit: exit.ok_or_else(|| missing("exit O"))?,
        parts,
        splits,
    })
}

/// The lines after the rows, being read.
struct Lines<'r, 'a> {
    reader: &'r mut Reader<'a>,
    rows: usize,
    cols: usize,
    grid: Grid<'a>,
    bridges: Vec<Bridge>,
    switches: Vec<Switch>,
    /// With the place of the split's `r`, for messages.
    splits: Vec<(Split, Token<'a>)>,
    per_setting: u64,
    max_bridges: usize,
}

/// The kinds of line, in the order they come.
const KEYWORDS: [&str; 3] = ["bridge", "switch", "split"];

impl<'a> Lines<'_, 'a> {
    /// The next token, without reading it.
    fn peek(&mut self) -> Option<Token<'a>> {
        self.reader.peek_token()
    }

    fn read(&mut self) -> Result<(), ParseError> {
        // The kind of the last line read: no line may come after one of a later kind.
        let mut stage = 0;
        while let Some(token) = self.reader.next_token() {
            let kind = KEYWORDS.iter().position(|k| k.as_bytes() == token.text);
            match kind {
                Some(kind) if kind >= stage => {
                    stage = kind;
                    match kind {
                        0 => self.bridge(&token)?,
                        1 => self.switch()?,
                        _ => self.split()?,
                    }
                }
                _ => {
                    let allowed = KEYWORDS[stage..]
                        .iter()
                        .map(|k| format!("`{k}`"))
                        .collect::<Vec<_>>()
                        .join(", ");
                    let order = if kind.is_some() {
                        " (bridge lines come first, then switch lines, then split lines)"
                    } else {
                        ""
                    };
                    return Err(ParseError::at(
                        &token,
                        ErrorKind::Expected {
                            expected: format!("a line of {allowed} or end of input{order}"),
                            found: Found::token(token.text),
                        },
                    ));
                }
            }
        }
        Ok(())
    }

    /// A cell `r c`, with the place of its `r`.
    fn cell(&mut self, what: &str) -> Result<(Pos, Token<'a>), ParseError> {
        let (r, token) = self
            .reader
            .int_token(format_args!("the row of {what}"), 1..=self.rows as u64)?;
        let c = self
            .reader
            .int(format_args!("the column of {what}"), 1..=self.cols as u64)?;
        Ok((Pos::new(r as usize - 1, c as usize - 1), token))
    }

    fn tile(&self, pos: Pos) -> Tile {
        self.grid.tiles[pos.row * self.cols + pos.col]
    }

    /// Whether the next token is a number (another cell of a bridge).
    fn number_follows(&mut self) -> bool {
        self.peek()
            .is_some_and(|t| t.text.iter().all(u8::is_ascii_digit))
    }

    fn bridge(&mut self, keyword: &Token<'a>) -> Result<(), ParseError> {
        let number = self.bridges.len() + 1;
        let (n, n_token) = self.reader.int_token("the bridge number", 0..=u64::MAX)?;
        if n != number as u64 {
            return Err(ParseError::invalid(
                &n_token,
                format_args!(
                    "expected bridge {number} (bridges are numbered 1, 2, ... in order), found bridge {n}"
                ),
            ));
        }
        let state = self.reader.token("on or off")?;
        let on = match state.text {
            b"on" => true,
            b"off" => false,
            other => {
                return Err(ParseError::at(
                    &state,
                    ErrorKind::Expected {
                        expected: "on or off".to_string(),
                        found: Found::token(other),
                    },
                ));
            }
        };
        let mut cells = Vec::new();
        loop {
            let (pos, at) = self.cell(&format!("a cell of bridge {number}"))?;
            if self.tile(pos) != Tile::Bridge {
                return Err(wrong_tile(
                    &at,
                    &format!("bridge {number}"),
                    pos,
                    self.tile(pos),
                    "a bridge cell `=`",
                ));
            }
            let earlier = self.bridges.iter().position(|b| b.cells.contains(&pos));
            if let Some(b) = earlier.or(cells.contains(&pos).then_some(number - 1)) {
                return Err(ParseError::invalid(
                    &at,
                    format_args!("{} is already a cell of bridge {}", show(pos), b + 1),
                ));
            }
            cells.push(pos);
            if !self.number_follows() {
                break;
            }
        }
        self.bridges.push(Bridge { on, cells });
        if self.bridges.len() > self.max_bridges {
            let error = LevelError::TooManyStates {
                bridges: self.bridges.len(),
                per_setting: self.per_setting,
                max_bridges: Some(self.max_bridges),
            };
            return Err(ParseError::invalid(keyword, error));
        }
        Ok(())
    }

    fn switch(&mut self) -> Result<(), ParseError> {
        let (pos, at) = self.cell("the switch")?;
        if !matches!(self.tile(pos), Tile::Soft | Tile::Heavy) {
            return Err(wrong_tile(
                &at,
                "the switch line",
                pos,
                self.tile(pos),
                "a switch `o` or `h`",
            ));
        }
        if self.switches.iter().any(|s| s.pos == pos) {
            return Err(ParseError::invalid(
                &at,
                format_args!("a second switch line for {}", show(pos)),
            ));
        }
        let mut actions = Vec::new();
        loop {
            let word = self.reader.token("an action (toggle, on or off)")?;
            let action: fn(usize) -> Action = match word.text {
                b"toggle" => Action::Toggle,
                b"on" => Action::On,
                b"off" => Action::Off,
                other => {
                    return Err(ParseError::at(
                        &word,
                        ErrorKind::Expected {
                            expected: "an action (toggle, on or off)".to_string(),
                            found: Found::token(other),
                        },
                    ));
                }
            };
            let (n, n_token) = self.reader.int_token("the bridge number", 0..=u64::MAX)?;
            if n == 0 || n > self.bridges.len() as u64 {
                return Err(ParseError::invalid(
                    &n_token,
                    format_args!(
                        "unknown bridge {n}: the level has {}",
                        count(self.bridges.len(), "bridge")
                    ),
                ));
            }
            actions.push(action(n as usize - 1));
            let more = self
                .peek()
                .is_some_and(|t| matches!(t.text, b"toggle" | b"on" | b"off"));
            if !more {
                break;
            }
        }
        self.switches.push(Switch { pos, actions });
        Ok(())
    }

    fn split(&mut self) -> Result<(), ParseError> {
        let (pos, at) = self.cell("the split switch")?;
        if self.tile(pos) != Tile::Split {
            return Err(wrong_tile(
                &at,
                "the split line",
                pos,
                self.tile(pos),
                "a split switch `s`",
            ));
        }
        if self.splits.iter().any(|(s, _)| s.pos == pos) {
            return Err(ParseError::invalid(
                &at,
                format_args!("a second split line for {}", show(pos)),
            ));
        }
        let (first, _) = self.cell("the first landing cell")?;
        let (second, second_at) = self.cell("the second landing cell")?;
        if first == second {
            return Err(ParseError::invalid(
                &second_at,
                format_args!("both landing cells are {}: the cubes need two", show(first)),
            ));
        }
        self.splits.push((
            Split {
                pos,
                landing: [first, second],
            },
            at,
        ));
        Ok(())
    }

    /// Every `=` is in a bridge, every `o` and `h` has a switch line, every `s` a split
    /// line; the error is at the first one that is not, in reading order.
    fn check_every_cell_listed(&self) -> Result<(), ParseError> {
        for (pos, at) in &self.grid.parts {
            let (listed, missing) = match self.tile(*pos) {
                Tile::Bridge => (
                    self.bridges.iter().any(|b| b.cells.contains(pos)),
                    "no bridge line lists it",
                ),
                Tile::Split => (
                    self.splits.iter().any(|(s, _)| s.pos == *pos),
                    "it has no split line",
                ),
                _ => (
                    self.switches.iter().any(|s| s.pos == *pos),
                    "it has no switch line",
                ),
            };
            if !listed {
                return Err(ParseError::invalid(
                    at,
                    format_args!(
                        "the `{}` at {} is unused: {missing}",
                        char::from(at.text[0]),
                        show(*pos)
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// A 0-based cell as the file writes it: `(r, c)`, 1-based.
fn show(pos: Pos) -> String {
    pos.to_string()
}

fn wrong_tile(at: &Token<'_>, what: &str, pos: Pos, found: Tile, expected: &str) -> ParseError {
    ParseError::invalid(
        at,
        format_args!(
            "{what} lists {}, which is `{}`, not {expected}",
            show(pos),
            found.symbol()
        ),
    )
}

/// Writes the answer line: the number of moves, or `-1`.
pub fn write_answer(out: &mut String, answer: Option<u64>) {
    match answer {
        Some(moves) => writeln!(out, "{moves}"),
        None => writeln!(out, "-1"),
    }
    .expect("writing to a String cannot fail");
}

/// Writes a level file.
///
/// ```
/// let text = b"1 7\nXo.=..O\nbridge 1 off 1 4\nswitch 1 2 on 1\n";
/// let level = parsers::bloxorz_classic::parse(text)?;
/// let mut out = String::new();
/// parsers::bloxorz_classic::write_level(&mut out, &level);
/// assert_eq!(out.as_bytes(), text);
/// # Ok::<(), parsers::ParseError>(())
/// ```
pub fn write_level(out: &mut String, level: &Level) {
    let _ = writeln!(out, "{} {}", level.rows(), level.cols());
    out.reserve(level.rows() * (level.cols() + 1));
    for r in 0..level.rows() {
        for c in 0..level.cols() {
            out.push(match Pos::new(r, c) {
                p if p == level.start() => 'X',
                p if p == level.exit() => 'O',
                p => level.tile(p).symbol(),
            });
        }
        out.push('\n');
    }
    let cell = |p: Pos| format!("{} {}", p.row + 1, p.col + 1);
    for (b, bridge) in level.bridges().iter().enumerate() {
        let state = if bridge.on { "on" } else { "off" };
        let _ = write!(out, "bridge {} {state}", b + 1);
        for &p in &bridge.cells {
            let _ = write!(out, " {}", cell(p));
        }
        out.push('\n');
    }
    for switch in level.switches() {
        let _ = write!(out, "switch {}", cell(switch.pos));
        for action in &switch.actions {
            let _ = write!(out, " {action}");
        }
        out.push('\n');
    }
    for split in level.splits() {
        let [a, b] = split.landing;
        let _ = writeln!(out, "split {} {} {}", cell(split.pos), cell(a), cell(b));
    }
}
