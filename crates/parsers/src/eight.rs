//! The `eight` format: the judges' 8-puzzle (POJ 1077 "Eight", HDU 1043), byte for byte.
//!
//! ```text
//! 2 3 4 1 5 x 7 6 8
//! ... more cases, a line each, until the end of the input ...
//! ```
//! A case is a line of the 9 cells of a 3 x 3 board in row-major order, `1`-`8` and `x`
//! (the blank), separated by spaces or tabs; the goal is `1 2 3 4 5 6 7 8 x`. Blank
//! lines between cases are refused (a judge reading lines would see a case there);
//! before the first case and after the last they are tolerated. The output is one line
//! per case: the blank's moves from the start to the goal in `u d l r` (the first
//! shortest path in the order of the letters' bytes, so the output is one exact
//! string), `unsolvable`, or an empty line for a start that is the goal.
//!
//! ```
//! let boards = parsers::eight::parse(b"2 3 4 1 5 x 7 6 8\n")?;
//! assert_eq!(boards[0].start(), [2, 3, 4, 1, 5, 0, 7, 6, 8]);
//!
//! let err = parsers::eight::parse(b"2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 7 8 x\n").unwrap_err();
//! assert_eq!(err.to_string(), "2:1: expected case 2 on the line after case 1, found a blank line");
//! # Ok::<(), parsers::ParseError>(())
//! ```

use crate::cases::CaseStream;
use crate::{ErrorKind, Found, Input, InputError, ParseError, Reader, in_memory};
use fifteen::{BLANK, Board};
use grid_core::Dir;

/// Cells on a board.
const CELLS: usize = 9;

/// What a cell token may be, for messages.
const CELL: &str = "a cell (1-8 or x)";

/// Reads every case of an input.
///
/// # Errors
/// The first place where the input leaves the format or breaks a rule: a token that is
/// not `1`-`8` or `x`, a cell twice, a line of other than 9 cells, a blank line between
/// cases, an empty input.
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
pub struct Cases<'a> {
    stream: CaseStream<'a>,
    /// The line of the last case read.
    last_line: Option<usize>,
}

impl<'a> Cases<'a> {
    /// The cases of `input` (bytes in memory, or an [`Input::reader`]).
    pub fn new(input: impl Into<Input<'a>>) -> Cases<'a> {
        Cases {
            stream: CaseStream::new(input.into()),
            last_line: None,
        }
    }
}

impl Iterator for Cases<'_> {
    type Item = Result<(Board, Place), InputError>;

    /// The next board, with the line and column where its case begins.
    fn next(&mut self) -> Option<Self::Item> {
        let last_line = self.last_line;
        let next = self
            .stream
            .next_with("a case (9 cells of 1-8 and x on a line)", |reader, case| {
                read_case(reader, case, last_line)
            });
        if let Some(Ok((_, (line, _)))) = &next {
            self.last_line = Some(*line);
        }
        next
    }
}

/// Reads case number `case`, the case before it on line `last_line`.
fn read_case(
    reader: &mut Reader<'_>,
    case: usize,
    last_line: Option<usize>,
) -> Result<Option<(Board, Place)>, ParseError> {
    let mut cells = [0u8; CELLS];
    let mut seen = [0usize; CELLS];
    let first = reader.token(format_args!("cell 1 of case {case} ({CELL})"))?;
    if let Some(last) = last_line
        && first.line > last + 1
    {
        return Err(ParseError {
            line: last + 1,
            col: 1,
            kind: ErrorKind::Invalid {
                message: format!(
                    "expected case {case} on the line after case {}, found a blank line",
                    case - 1
                ),
            },
        });
    }
    let mut token = first;
    for (i, cell) in cells.iter_mut().enumerate() {
        if i > 0 {
            let next = reader.peek_token();
            match next {
                Some(next) if next.line == first.line => {
                    token = reader.token(CELL)?;
                }
                _ => {
                    return Err(ParseError {
                        line: token.line,
                        col: token.col + token.text.len(),
                        kind: ErrorKind::Invalid {
                            message: format!(
                                "expected cell {} of case {case} ({CELL}), found end of line",
                                i + 1
                            ),
                        },
                    });
                }
            }
        }
        let value = match token.text {
            [b'x'] => BLANK,
            [d @ b'1'..=b'8'] => d - b'0',
            _ => {
                return Err(ParseError::at(
                    &token,
                    ErrorKind::Expected {
                        expected: format!("cell {} of case {case} ({CELL})", i + 1),
                        found: Found::token(token.text),
                    },
                ));
            }
        };
        let slot = &mut seen[usize::from(value)];
        if *slot != 0 {
            let name = if value == BLANK {
                "x".to_string()
            } else {
                value.to_string()
            };
            return Err(ParseError::invalid(
                &token,
                format_args!("case {case}: {name} is cell {} and cell {}", *slot, i + 1),
            ));
        }
        *slot = i + 1;
        *cell = value;
    }
    if let Some(extra) = reader.peek_token()
        && extra.line == first.line
    {
        return Err(ParseError::at(
            &extra,
            ErrorKind::Expected {
                expected: format!("the end of case {case} after 9 cells"),
                found: Found::token(extra.text),
            },
        ));
    }
    let board = Board::with_default_goal(3, 3, &cells)
        .map_err(|e| ParseError::invalid(&first, format_args!("case {case}: {e}")))?;
    Ok(Some((board, (first.line, first.col))))
}

/// Writes one line of the output: the path in `u d l r`, or `unsolvable`.
pub fn write_answer(out: &mut String, path: Option<&[Dir]>) {
    match path {
        Some(path) => out.extend(path.iter().map(|d| d.letter().to_ascii_lowercase())),
        None => out.push_str("unsolvable"),
    }
    out.push('\n');
}

/// Writes the start of `board` as a case line (`x` for the blank). The format's boards
/// are 3 x 3 with the goal `1 2 3 4 5 6 7 8 x`: another board writes a line that the
/// reader refuses or reads with that goal.
pub fn write_case(out: &mut String, board: &Board) {
    for (i, &v) in board.start().iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match v {
            BLANK => out.push('x'),
            v => out.push_str(&v.to_string()),
        }
    }
    out.push('\n');
}

/// Writes boards in the `eight` format, a line each.
pub fn write_input(boards: &[Board]) -> String {
    let mut out = String::new();
    for board in boards {
        write_case(&mut out, board);
    }
    out
}
