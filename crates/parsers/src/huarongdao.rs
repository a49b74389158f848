//! The Huarongdao judge format (NOIP 2013).
//!
//! ```text
//! n m q
//! n lines of m integers: 0 = fixed piece, 1 = movable piece or the blank
//! q lines: EX EY SX SY TX TY        (1-based row col: blank, piece, target)
//! ```
//! The output is one line per query: the minimum number of moves, or `-1`.

use crate::input::Stream;
use crate::reader::board_too_large;
use crate::words;
use crate::{Input, InputError, ParseError, Reader, Token, in_memory};
use grid_core::Pos;
use huarongdao::{Board, MAX_CELLS, Query, QueryError, Role};
use std::fmt::{self, Write};
use std::sync::Arc;

/// A parsed input: one board and its queries, all checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The board of the input.
    pub board: Board,
    /// Its queries, in input order, each checked against the board (0-based positions:
    /// the file's `3 2` is `Pos::new(2, 1)`).
    pub queries: Vec<Query>,
}

/// Reads a whole input into memory.
///
/// Sides may exceed the judge's 30 up to [`MAX_CELLS`] cells in all; `q` may be any
/// 32-bit count (memory is taken only for queries the input actually holds).
///
/// # Errors
/// The first place where the input leaves the format or breaks a rule: a coordinate
/// outside the board, the blank or the piece on a fixed cell, the blank on the piece, a
/// cell other than 0/1, a missing or extra token.
pub fn parse(text: &[u8]) -> Result<Parsed, ParseError> {
    let queries = read(text).map_err(in_memory)?;
    let board = Board::clone(queries.board());
    let queries = queries.collect::<Result<_, _>>().map_err(in_memory)?;
    Ok(Parsed { board, queries })
}

/// Reads the header and the board of `input`; the queries then come one at a time from
/// the returned iterator, read as they are needed (a huge input is never held whole),
/// and after the last one the end of the input is checked.
///
/// ```
/// let mut queries = parsers::huarongdao::read("3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n")?;
/// assert_eq!((queries.board().rows(), queries.announced()), (3, 1));
/// assert!(queries.next().unwrap().is_ok());
/// assert!(queries.next().is_none());
/// # Ok::<(), parsers::InputError>(())
/// ```
///
/// # Errors
/// As [`parse`], for the header and the board.
pub fn read<'a>(input: impl Into<Input<'a>>) -> Result<Queries<'a>, InputError> {
    let mut stream = Stream::new(input.into());
    let (board, count, layout) = stream.step(read_board)?;
    if let (Some(warnings), Some(warning)) = (&stream.warnings, layout) {
        warnings.push(warning);
    }
    Ok(Queries {
        stream,
        board: Arc::new(board),
        count,
        read: 0,
        done: false,
    })
}

/// The queries of an input, after its board (see [`read`]).
#[derive(Debug)]
pub struct Queries<'a> {
    stream: Stream<'a>,
    board: Arc<Board>,
    count: usize,
    read: usize,
    done: bool,
}

impl Queries<'_> {
    /// The board the queries are asked on.
    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }

    /// The number of queries the input announces (`q`).
    pub fn announced(&self) -> usize {
        self.count
    }
}

impl Iterator for Queries<'_> {
    type Item = Result<Query, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let board = &self.board;
        let number = self.read + 1;
        let next = if self.read < self.count {
            self.stream.step(|reader| read_query(reader, board, number))
        } else {
            self.done = true;
            return self.stream.step(|reader| reader.finish()).err().map(Err);
        };
        self.read += 1;
        if next.is_err() {
            self.done = true;
        }
        Some(next)
    }
}

/// Reads `n m q` and the board; with a warning if its rows are not one per line (the
/// judge reads tokens, so it reads the same board, but a person would not).
fn read_board(reader: &mut Reader<'_>) -> Result<(Board, usize, Option<ParseError>), ParseError> {
    let (rows, rows_token) = reader.int_token("n", 1..=MAX_CELLS as u64)?;
    let cols = reader.int("m", 1..=MAX_CELLS as u64)?;
    let (rows, cols) = (rows as usize, cols as usize);
    if rows * cols > MAX_CELLS {
        return Err(board_too_large(&rows_token, rows, cols, MAX_CELLS));
    }
    let (count, q_token) = reader.int_token("q", 0..=u64::from(u32::MAX))?;
    let count = count as usize;

    // Reserve no more than the input can fill (a cell takes at least two bytes).
    let mut cells = Vec::with_capacity((rows * cols).min(reader.remaining() / 2 + 1));
    let mut layout = None;
    let mut last_line = q_token.line;
    for r in 0..rows {
        let mut line = 0;
        for c in 0..cols {
            let (cell, token) = reader.int_token(CellName(Pos::new(r, c)), 0..=1)?;
            cells.push(cell == 1);
            let off = if c == 0 {
                token.line == last_line
            } else {
                token.line != line
            };
            if off && layout.is_none() {
                layout = Some(ParseError::invalid(
                    &token,
                    format_args!(
                        "row {} of the board is not one line of {} (read as the judge reads tokens)",
                        r + 1,
                        words::count(cols, "cell")
                    ),
                ));
            }
            line = token.line;
        }
        last_line = line;
    }
    let board = Board::from_cells(rows, cols, &cells).expect("size checked above");
    Ok((board, count, layout))
}

/// The name of a cell value in error messages.
struct CellName(Pos);

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cell {}", self.0)
    }
}

fn read_query(reader: &mut Reader<'_>, board: &Board, number: usize) -> Result<Query, ParseError> {
    let (n, m) = (board.rows() as u64, board.cols() as u64);
    let mut read_pos = |row: &str, col: &str| -> Result<(Pos, Token<'_>), ParseError> {
        let (r, token) = reader.int_token(QueryField(row, number), 1..=n)?;
        let c = reader.int(QueryField(col, number), 1..=m)?;
        Ok((Pos::new(r as usize - 1, c as usize - 1), token))
    };
    let (blank, blank_token) = read_pos("EX", "EY")?;
    let (piece, piece_token) = read_pos("SX", "SY")?;
    let (target, target_token) = read_pos("TX", "TY")?;
    let query = Query::new(blank, piece, target);
    board.check(&query).map_err(|e: QueryError| {
        let token = match e.role() {
            Role::Blank => blank_token,
            Role::Piece => piece_token,
            Role::Target => target_token,
        };
        ParseError::invalid(&token, format_args!("query {number}: {e}"))
    })?;
    Ok(query)
}

/// The name of a query field in error messages: `EX of query 3`.
struct QueryField<'a>(&'a str, usize);

impl fmt::Display for QueryField<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} of query {}", self.0, self.1)
    }
}

/// Writes the judge output: one line per answer, `-1` for `None`.
pub fn write_answers(out: &mut String, answers: &[Option<u64>]) {
    for answer in answers {
        write_answer(out, *answer);
    }
}

/// Writes one line of the judge output.
pub fn write_answer(out: &mut String, answer: Option<u64>) {
    match answer {
        Some(moves) => writeln!(out, "{moves}"),
        None => writeln!(out, "-1"),
    }
    .expect("writing to a String cannot fail");
}

/// Writes a board and queries in the judge format (as generators need).
pub fn write_input(board: &Board, queries: &[Query]) -> String {
    let mut out = String::with_capacity(board.rows() * board.cols() * 2 + queries.len() * 16 + 16);
    write_board(&mut out, board, queries.len());
    for query in queries {
        write_query(&mut out, query);
    }
    out
}

/// Writes the first line (announcing `queries` queries) and the board.
pub fn write_board(out: &mut String, board: &Board, queries: usize) {
    let _ = writeln!(out, "{} {} {}", board.rows(), board.cols(), queries);
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            if c > 0 {
                out.push(' ');
            }
            out.push(if board.is_movable(Pos::new(r, c)) {
                '1'
            } else {
                '0'
            });
        }
        out.push('\n');
    }
}

/// Writes one query line.
pub fn write_query(out: &mut String, q: &Query) {
    let _ = writeln!(
        out,
        "{} {} {} {} {} {}",
        q.blank.row + 1,
        q.blank.col + 1,
        q.piece.row + 1,
        q.piece.col + 1,
        q.target.row + 1,
        q.target.col + 1
    );
}
