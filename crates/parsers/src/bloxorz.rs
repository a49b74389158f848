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

use crate::cases::CaseStream;
use crate::reader::{MAX_TOKEN, board_too_large};
use crate::words::count;
use crate::{Input, InputError, ParseError, Reader, Token, in_memory};
use bloxorz::{Board, BoardError, BoardRows, Cell, MAX_CELLS};
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
/// board in memory, and a streamed one is read a piece at a time: a row at a time,
/// straight into the board's storage).
#[derive(Debug)]
pub struct Cases<'a>(CaseStream<'a>);

/// A case whose size line has been read: what its rows are read into.
struct Header {
    case: usize,
    rows: usize,
    cols: usize,
    /// Where its `R` is, for errors about the whole board.
    at: (usize, usize),
    board: BoardRows,
}

/// An `X` or an `O` of a row: its column, the byte, and where it is in the input.
type Mark = (usize, u8, (usize, usize));

impl<'a> Cases<'a> {
    /// The cases of `input` (bytes in memory, or an [`Input::reader`]).
    pub fn new(input: impl Into<Input<'a>>) -> Cases<'a> {
        Cases(CaseStream::new(input.into()))
    }

    /// Reads the size line of case number `case`; `Ok(None)` at the terminator `0 0`.
    fn header(reader: &mut Reader<'_>, case: usize) -> Result<Option<Header>, ParseError> {
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
        let board = BoardRows::new(rows, cols)
            .map_err(|e| ParseError::invalid(&rows_token, format_args!("case {case}: {e}")))?;
        Ok(Some(Header {
            case,
            rows,
            cols,
            at: (rows_token.line, rows_token.col),
            board,
        }))
    }

    /// Reads row `r` of a case into its board; returns the row's `X`s and `O`s. Read
    /// again over more bytes, it writes the row again (and finds the same marks).
    fn row(
        reader: &mut Reader<'_>,
        header: &mut Header,
        r: usize,
    ) -> Result<Vec<Mark>, ParseError> {
        let (case, cols) = (header.case, header.cols);
        let row = match reader.token_of_len(cols) {
            Some(row) => row,
            None => reader.token(format_args!(
                "row {} of case {case} ({} of # . E X O)",
                r + 1,
                count(cols, "character")
            ))?,
        };
        if row.text.len() != cols {
            return Err(ParseError::invalid(
                &row,
                format_args!(
                    "case {case}: row {} has {}, expected {cols}",
                    r + 1,
                    count(row.text.len(), "character")
                ),
            ));
        }
        // The whole row at once (rows are long; this is the hot loop of reading): one
        // pass of compares without early exits, which the compiler vectorises, says
        // whether it holds a byte that is no cell and whether it holds an X or an O.
        let kinds = row.text.iter().fold(0, |kinds, &b| kinds | kind_of(b));
        if kinds & UNKNOWN != 0 {
            let c = row
                .text
                .iter()
                .position(|&b| kind_of(b) & UNKNOWN != 0)
                .expect("an unknown byte was seen");
            return Err(ParseError::invalid(
                &char_at(&row, c),
                format_args!(
                    "case {case}: expected one of # . E X O, found {}",
                    crate::reader::first_char(&row.text[c..])
                ),
            ));
        }
        header
            .board
            .set_row(r, row.text.iter().map(|&b| cell_of(b)))
            .map_err(|e| ParseError::invalid(&row, format_args!("case {case}: {e}")))?;
        if kinds & MARK == 0 {
            return Ok(Vec::new());
        }
        Ok(row
            .text
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'X' || b == b'O')
            .map(|(c, &b)| (c, b, (row.line, row.col + c)))
            .collect())
    }

    /// Reads the rows of the case of `header` (a step of the stream each, so only a
    /// few rows' bytes are held at a time) and makes its board.
    fn rows(&mut self, mut header: Header) -> Result<Board, InputError> {
        let case = header.case;
        let mut starts: Vec<(Pos, (usize, usize))> = Vec::new();
        let mut target: Option<Pos> = None;
        for r in 0..header.rows {
            let marks = self.0.step(|reader| Cases::row(reader, &mut header, r))?;
            for (c, byte, at) in marks {
                let pos = Pos::new(r, c);
                if byte == b'X' {
                    if starts.len() == 2 {
                        return Err(
                            invalid_at(at, format_args!("case {case}: a third start X")).into()
                        );
                    }
                    starts.push((pos, at));
                } else {
                    if target.is_some() {
                        return Err(
                            invalid_at(at, format_args!("case {case}: a second target O")).into(),
                        );
                    }
                    target = Some(pos);
                }
            }
        }
        let Some(target) = target else {
            return Err(invalid_at(
                header.at,
                format_args!("case {case}: the board has no target O"),
            )
            .into());
        };
        let xs: Vec<Pos> = starts.iter().map(|(p, _)| *p).collect();
        let start = bloxorz::start_from(&xs).map_err(|e| {
            let at = match e {
                BoardError::StartApart { .. } => starts[1].1,
                _ => header.at,
            };
            invalid_at(at, format_args!("case {case}: {e}"))
        })?;
        let board = header
            .board
            .finish(start, target)
            .map_err(|e| invalid_at(header.at, format_args!("case {case}: {e}")))?;
        Ok(board)
    }
}

impl Iterator for Cases<'_> {
    type Item = Result<Board, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        let header = match self
            .0
            .next_with("R (an integer), or `0 0` for no cases", Cases::header)?
        {
            Ok(header) => header,
            Err(e) => return Some(Err(e)),
        };
        let board = self.rows(header);
        if board.is_err() {
            self.0.stop();
        }
        Some(board)
    }
}

/// What [`kind_of`] says of a byte: it is none of `# . E X O`; it is an `X` or an `O`.
const UNKNOWN: u8 = 1;
const MARK: u8 = 2;

/// The [`UNKNOWN`] and [`MARK`] bits of `byte`, without a branch.
#[inline]
fn kind_of(byte: u8) -> u8 {
    let mark = (byte == b'X') | (byte == b'O');
    let known = mark | (byte == b'#') | (byte == b'.') | (byte == b'E');
    u8::from(!known) | u8::from(mark) << 1
}

/// The cell a byte of a row stands for (the row has only `# . E X O`).
#[inline]
fn cell_of(byte: u8) -> Cell {
    match byte {
        b'.' | b'X' | b'O' => Cell::Rigid,
        b'E' => Cell::Fragile,
        _ => Cell::Empty,
    }
}

/// The one-character token at byte `c` of a row, for error positions.
fn char_at<'a>(row: &Token<'a>, c: usize) -> Token<'a> {
    Token {
        text: &row.text[c..=c],
        line: row.line,
        col: row.col + c,
    }
}

/// A broken rule at `(line, col)`, explained by `message`.
fn invalid_at(at: (usize, usize), message: impl std::fmt::Display) -> ParseError {
    ParseError::invalid(
        &Token {
            text: b"",
            line: at.0,
            col: at.1,
        },
        message,
    )
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
