//! The `fifteen` format: any sliding-tile board, any goal (`../shared/specs/fifteen.md`).
//!
//! ```text
//! R C
//! R lines of C integers: the start (0 = the blank; 1 .. R*C-1 each exactly once)
//! [goal
//!  R lines of C integers: the goal, same rules]
//! ... more cases, until the end of the input ...
//! ```
//! Without a `goal` block the goal is `1 2 .. R*C-1` with the blank last. The output is
//! one line per case: the minimum number of moves, or `-1` when the goal cannot be
//! reached; with paths, a second line of the blank's moves in `U D L R`.
//!
//! A row is a line: its cells are on one line, and nothing else is (`R C` and `goal`
//! stand on lines of their own too); within a line any spaces or tabs separate the
//! tokens, and blank lines may stand anywhere.
//!
//! ```
//! let boards = parsers::fifteen::parse(b"2 2\n1 2\n0 3\n")?;
//! assert_eq!(boards[0].goal(), [1, 2, 3, 0]);
//!
//! let err = parsers::fifteen::parse(b"2 2\n1 2\n2 0\n").unwrap_err();
//! assert_eq!(err.to_string(), "3:1: case 1: tile 2 of the start is on (1, 2) and (2, 1)");
//! # Ok::<(), parsers::ParseError>(())
//! ```

use crate::cases::CaseStream;
use crate::reader::board_too_large;
use crate::{ErrorKind, Found, Input, InputError, ParseError, Reader, Token, in_memory};
use fifteen::{BLANK, Board, MAX_CELLS, Part};
use grid_core::Dir;
use std::fmt::Write;

/// Reads every case of an input.
///
/// # Errors
/// The first place where the input leaves the format or breaks a rule: a size out of
/// range or over 64 cells, a value out of range, a tile (or the blank) twice, a row of
/// the wrong length or not on a line of its own, a `goal` not on a line of its own, a
/// missing or extra token.
pub fn parse(text: &[u8]) -> Result<Vec<Board>, ParseError> {
    Cases::new(text)
        .map(|case| case.map(|(board, _)| board))
        .collect::<Result<_, _>>()
        .map_err(in_memory)
}

/// Where a case begins: its 1-based line and column.
pub type Place = (usize, usize);

/// The cases of an input, read one at a time.
#[derive(Debug)]
pub struct Cases<'a>(CaseStream<'a>);

impl<'a> Cases<'a> {
    /// The cases of `input` (bytes in memory, or an [`Input::reader`]).
    pub fn new(input: impl Into<Input<'a>>) -> Cases<'a> {
        Cases(CaseStream::new(input.into()))
    }
}

impl Iterator for Cases<'_> {
    type Item = Result<(Board, Place), InputError>;

    /// The next board, with the line and column where its case begins.
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next_with("R (the rows of a board)", read_case)
    }
}

/// The name of an arrangement in messages.
fn part_name(part: Part) -> &'static str {
    match part {
        Part::Start => "the start",
        Part::Goal => "the goal",
    }
}

/// Reads case number `case`, and checks that what follows begins a new line.
fn read_case(reader: &mut Reader<'_>, case: usize) -> Result<Option<(Board, Place)>, ParseError> {
    let side = MAX_CELLS as u64;
    let (rows, header) = reader.int_token("R", 1..=side)?;
    let (cols, cols_token) = reader.int_token("C", 1..=side)?;
    if cols_token.line != header.line {
        return Err(ParseError::invalid(
            &cols_token,
            format_args!("case {case}: expected C on the line of R"),
        ));
    }
    let (rows, cols) = (rows as usize, cols as usize);
    if rows * cols > MAX_CELLS {
        return Err(board_too_large(&header, rows, cols, MAX_CELLS));
    }
    let invalid = |token: &Token<'_>, message: std::fmt::Arguments<'_>| {
        ParseError::invalid(token, format_args!("case {case}: {message}"))
    };
    let (start, last) = read_cells(reader, case, rows, cols, Part::Start, cols_token, "`R C`")?;
    let goal = match reader.peek_token() {
        Some(token) if token.text == b"goal" => {
            let keyword = reader.token("goal")?;
            if keyword.line == last.line {
                return Err(invalid(
                    &keyword,
                    format_args!(
                        "expected `goal` on a line of its own, found it after row {rows} of the start"
                    ),
                ));
            }
            let (goal, last) = read_cells(reader, case, rows, cols, Part::Goal, keyword, "`goal`")?;
            line_ends(reader, case, &last, rows, cols, Part::Goal)?;
            goal
        }
        _ => {
            line_ends(reader, case, &last, rows, cols, Part::Start)?;
            Board::default_goal(rows, cols)
        }
    };
    let board =
        Board::new(rows, cols, &start, &goal).map_err(|e| invalid(&header, format_args!("{e}")))?;
    Ok(Some((board, (header.line, header.col))))
}

/// Checks that nothing follows the last cell of a block on its line.
fn line_ends(
    reader: &mut Reader<'_>,
    case: usize,
    last: &Token<'_>,
    rows: usize,
    cols: usize,
    part: Part,
) -> Result<(), ParseError> {
    match reader.peek_token() {
        Some(next) if next.line == last.line => Err(ParseError::invalid(
            &next,
            format_args!(
                "case {case}: row {rows} of {} has more than {cols} cells",
                part_name(part)
            ),
        )),
        _ => Ok(()),
    }
}

/// Reads the `rows x cols` cells of `part`, a row a line, the first on a line after
/// `before` (the token named `what`); checks that they are a permutation. Returns the
/// cells and the last cell's token.
fn read_cells<'a>(
    reader: &mut Reader<'a>,
    case: usize,
    rows: usize,
    cols: usize,
    part: Part,
    before: Token<'a>,
    what: &str,
) -> Result<(Vec<u8>, Token<'a>), ParseError> {
    let n = rows * cols;
    let name = part_name(part);
    let mut cells = Vec::with_capacity(n);
    // Where each value was seen, 1-based (row, column).
    let mut seen = [(0usize, 0usize); MAX_CELLS];
    let mut previous = before;
    for r in 1..=rows {
        let mut first_line = 0;
        for c in 1..=cols {
            let (value, token) = reader.int_token(
                format_args!("cell ({r}, {c}) of {name} (case {case})"),
                0..=(n as u64 - 1),
            )?;
            if c == 1 && token.line == previous.line {
                let message = if r == 1 {
                    format!(
                        "expected row 1 of {name} on a line after {what}, found {}",
                        Found::token(token.text)
                    )
                } else {
                    format!("row {} of {name} has more than {cols} cells", r - 1)
                };
                return Err(ParseError::invalid(
                    &token,
                    format_args!("case {case}: {message}"),
                ));
            }
            if c == 1 {
                first_line = token.line;
            } else if token.line != first_line {
                let found = c - 1;
                let cells_word = if found == 1 { "cell" } else { "cells" };
                return Err(ParseError {
                    line: previous.line,
                    col: previous.col + previous.text.len(),
                    kind: ErrorKind::Invalid {
                        message: format!(
                            "case {case}: row {r} of {name} has {found} {cells_word}, expected {cols}"
                        ),
                    },
                });
            }
            let value = value as u8;
            let first = &mut seen[usize::from(value)];
            if first.0 != 0 {
                let what = if value == BLANK {
                    "the blank 0".to_string()
                } else {
                    format!("tile {value}")
                };
                return Err(ParseError::invalid(
                    &token,
                    format_args!(
                        "case {case}: {what} of {name} is on ({}, {}) and ({r}, {c})",
                        first.0, first.1
                    ),
                ));
            }
            *first = (r, c);
            cells.push(value);
            previous = token;
        }
    }
    Ok((cells, previous))
}

/// Writes one line of the output: the number of moves, or `-1`.
pub fn write_answer(out: &mut String, answer: Option<u64>) {
    match answer {
        Some(moves) => writeln!(out, "{moves}"),
        None => writeln!(out, "-1"),
    }
    .expect("writing to a String cannot fail");
}

/// Writes a path line: the blank's moves in `U D L R`.
pub fn write_path(out: &mut String, path: &[Dir]) {
    out.extend(path.iter().map(|d| d.letter()));
    out.push('\n');
}

/// Writes one case (the `goal` block only if the goal is not the default one).
pub fn write_case(out: &mut String, board: &Board) {
    let _ = writeln!(out, "{} {}", board.rows(), board.cols());
    write_cells(out, board.cols(), board.start());
    if board.goal() != Board::default_goal(board.rows(), board.cols()) {
        out.push_str("goal\n");
        write_cells(out, board.cols(), board.goal());
    }
}

fn write_cells(out: &mut String, cols: usize, cells: &[u8]) {
    for row in cells.chunks(cols) {
        for (i, v) in row.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            let _ = write!(out, "{v}");
        }
        out.push('\n');
    }
}

/// Writes boards in the `fifteen` format, case after case.
pub fn write_input(boards: &[Board]) -> String {
    let mut out = String::new();
    for board in boards {
        write_case(&mut out, board);
    }
    out
}
