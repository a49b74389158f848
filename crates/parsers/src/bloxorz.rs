//! The Bloxorz judge format (POJ 3322).
//!
//! ```text
//! R C
//! R rows of exactly C characters from # . E X O
//! ... more cases ...
//! 0 0
//! ```
//! The final `0 0` may be left out (end of input at a case boundary). The output is one
//! line per case: the minimum number of rolls, or `Impossible`.

use crate::reader::{CaseStream, MAX_TOKEN, board_too_large};
use crate::{Input, InputError, ParseError, Reader, Token, in_memory};
use bloxorz::{Board, BoardError, Cell, MAX_CELLS};
use grid_core::Pos;
use std::fmt::Write;

/// Reads every case of an input.
///
/// # Errors
/// The first place where the input leaves the format or breaks a rule: a row of the
/// wrong length, an unknown character, no `O` or more than one, no `X`, more than two,
/// two that do not share an edge, a missing or extra token.
pub fn parse(text: &[u8]) -> Result<Vec<Board>, ParseError> {
    Cases::new(text)
        .collect::<Result<_, _>>()
        .map_err(in_memory)
}

/// The cases of an input, read one at a time (a huge input never holds more than one
/// board in memory, and a streamed one is read a piece at a time).
#[derive(Debug)]
pub struct Cases<'a>(CaseStream<'a>);

impl<'a> Cases<'a> {
    /// The cases of `input` (bytes in memory, or an [`Input::reader`]).
    pub fn new(input: impl Into<Input<'a>>) -> Cases<'a> {
        Cases(CaseStream::new(input.into()))
    }

    /// Reads case number `case`; `Ok(None)` at the terminator `0 0`.
    fn next_case(reader: &mut Reader<'_>, case: usize) -> Result<Option<Board>, ParseError> {
        let limit = MAX_CELLS as u64;
        // Each may be the 0 of the final `0 0`; messages give the ranges of a case.
        let (rows, rows_token) = reader.int_token_or("R", 1..=limit, 0)?;
        // A row is one token, and no token is longer than MAX_TOKEN.
        let (cols, cols_token) = reader.int_token_or("C", 1..=limit.min(MAX_TOKEN as u64), 0)?;
        match (rows, cols) {
            (0, 0) => {
                reader.finish()?;
                return Ok(None);
            }
            (0, _) => return Err(only_zero_zero(&rows_token, "R")),
            (_, 0) => return Err(only_zero_zero(&cols_token, "C")),
            _ => {}
        }
        let (rows, cols) = (rows as usize, cols as usize);
        if rows * cols > MAX_CELLS {
            return Err(board_too_large(&rows_token, rows, cols, MAX_CELLS));
        }
        let mut cells = Vec::with_capacity((rows * cols).min(reader.remaining()));
        let mut starts: Vec<(Pos, Token<'_>)> = Vec::new();
        let mut target: Option<Pos> = None;
        for r in 0..rows {
            let row = match reader.token_of_len(cols) {
                Some(row) => row,
                None => reader.token(format_args!(
                    "row {} of case {case} ({cols} characters of # . E X O)",
                    r + 1
                ))?,
            };
            if row.text.len() != cols {
                return Err(ParseError::invalid(
                    &row,
                    format_args!(
                        "case {case}: row {} has {} characters, expected {cols}",
                        r + 1,
                        row.text.len()
                    ),
                ));
            }
            // The whole row at once (rows are long; this is the hot loop of reading):
            // compares and selects without early exits, which the compiler vectorises.
            let unknown = row
                .text
                .iter()
                .fold(false, |bad, &b| bad | !is_cell_byte(b));
            cells.extend(row.text.iter().map(|&b| match b {
                b'.' | b'X' | b'O' => Cell::Rigid,
                b'E' => Cell::Fragile,
                _ => Cell::Empty,
            }));
            if unknown {
                let c = row
                    .text
                    .iter()
                    .position(|&b| !is_cell_byte(b))
                    .expect("an unknown byte was seen");
                return Err(ParseError::invalid(
                    &char_at(&row, c),
                    format_args!(
                        "case {case}: expected one of # . E X O, found {}",
                        crate::reader::first_char(&row.text[c..])
                    ),
                ));
            }
            if !row.text.iter().any(|&b| b == b'X' || b == b'O') {
                continue;
            }
            for (c, &byte) in row.text.iter().enumerate() {
                let at = char_at(&row, c);
                let pos = Pos::new(r, c);
                if byte == b'X' {
                    if starts.len() == 2 {
                        return Err(ParseError::invalid(
                            &at,
                            format_args!("case {case}: a third start X"),
                        ));
                    }
                    starts.push((pos, at));
                } else if byte == b'O' {
                    if target.is_some() {
                        return Err(ParseError::invalid(
                            &at,
                            format_args!("case {case}: a second target O"),
                        ));
                    }
                    target = Some(pos);
                }
            }
        }
        let Some(target) = target else {
            return Err(ParseError::invalid(
                &rows_token,
                format_args!("case {case}: the board has no target O"),
            ));
        };
        let xs: Vec<Pos> = starts.iter().map(|(p, _)| *p).collect();
        let start = bloxorz::start_from(&xs).map_err(|e| {
            let token = match e {
                BoardError::StartApart { .. } => &starts[1].1,
                _ => &rows_token,
            };
            ParseError::invalid(token, format_args!("case {case}: {e}"))
        })?;
        let board = Board::new(rows, cols, &cells, start, target)
            .map_err(|e| ParseError::invalid(&rows_token, format_args!("case {case}: {e}")))?;
        Ok(Some(board))
    }
}

impl Iterator for Cases<'_> {
    type Item = Result<Board, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0
            .next_with("R (an integer), or `0 0` for no cases", Cases::next_case)
    }
}

/// Whether `byte` is one of the cell characters `# . E X O`.
fn is_cell_byte(byte: u8) -> bool {
    matches!(byte, b'#' | b'.' | b'E' | b'X' | b'O')
}

/// The one-character token at byte `c` of a row, for error positions.
fn char_at<'a>(row: &Token<'a>, c: usize) -> Token<'a> {
    Token {
        text: &row.text[c..=c],
        line: row.line,
        col: row.col + c,
    }
}

fn only_zero_zero(token: &Token<'_>, name: &str) -> ParseError {
    ParseError::invalid(
        token,
        format_args!(
            "{name} = 0 is out of range 1..={} (only `0 0` ends the input)",
            if name == "R" {
                MAX_CELLS
            } else {
                MAX_CELLS.min(MAX_TOKEN)
            }
        ),
    )
}

/// Writes one line of the judge output.
pub fn write_answer(out: &mut String, answer: Option<u64>) {
    match answer {
        Some(moves) => writeln!(out, "{moves}"),
        None => writeln!(out, "Impossible"),
    }
    .expect("writing to a String cannot fail");
}

/// Writes boards in the judge format, ending with `0 0` (as generators need).
pub fn write_input(boards: &[Board]) -> String {
    let mut out = String::new();
    for board in boards {
        write_board(&mut out, board);
    }
    out.push_str("0 0\n");
    out
}

/// Writes one case of the judge format.
pub fn write_board(out: &mut String, board: &Board) {
    let _ = writeln!(out, "{} {}", board.rows(), board.cols());
    let (a, b) = board.start().cells();
    out.reserve(board.rows() * (board.cols() + 1));
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            let pos = Pos::new(r, c);
            out.push(if pos == a || Some(pos) == b {
                'X'
            } else if pos == board.target() {
                'O'
            } else {
                match board.cell(pos) {
                    Cell::Empty => '#',
                    Cell::Rigid => '.',
                    Cell::Fragile => 'E',
                }
            });
        }
        out.push('\n');
    }
}
