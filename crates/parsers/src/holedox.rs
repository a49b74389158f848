//! The Holedox judge format (POJ 1324).
//!
//! ```text
//! n m L
//! L lines: r c          the body, head first
//! K
//! K lines: r c          the stones
//! ... more cases ...
//! 0 0 0
//! ```
//! Blank lines separate cases but any whitespace may; the final `0 0 0` may be left
//! out (end of input at a case boundary). The output is one line per case,
//! `Case k: N`, with `-1` when the head never reaches (1,1).

use crate::cases::CaseStream;
use crate::{Input, InputError, ParseError, Reader, Token, in_memory};
use grid_core::Pos;
use holedox::{Game, GameError, MAX_LENGTH, MAX_SIDE, MIN_LENGTH};
use std::fmt::Write;

/// Reads every case of an input.
///
/// Lairs may exceed the judge's 20 x 20 up to 64 x 64, and snakes its 8 blocks up to 16.
///
/// # Errors
/// The first place where the input leaves the format or breaks a rule: a block outside
/// the lair, two blocks on one square, consecutive blocks that do not share an edge, a
/// stone outside the lair or on the body, `L` or `K` out of range, a missing or extra
/// token.
pub fn parse(text: &[u8]) -> Result<Vec<Game>, ParseError> {
    Cases::new(text)
        .map(|case| case.map(|(game, _)| game))
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

    /// Reads case number `case`; `Ok(None)` at the terminator `0 0 0`.
    fn next_case(
        reader: &mut Reader<'_>,
        case: usize,
    ) -> Result<Option<(Game, Place)>, ParseError> {
        let side = MAX_SIDE as u64;
        // Each may be the 0 of the final `0 0 0`; messages give the ranges of a case.
        let (rows, header) = reader.int_token_or("n", 1..=side, 0)?;
        let (cols, _) = reader.int_token_or("m", 1..=side, 0)?;
        let lengths = MIN_LENGTH as u64..=MAX_LENGTH as u64;
        let (length, length_token) = reader.int_token_or("L", lengths, 0)?;
        if (rows, cols, length) == (0, 0, 0) {
            reader.finish()?;
            return Ok(None);
        }
        let invalid = |token: &Token<'_>, message: std::fmt::Arguments<'_>| {
            ParseError::invalid(token, format_args!("case {case}: {message}"))
        };
        if rows == 0 || cols == 0 {
            return Err(invalid(
                &header,
                format_args!("a {rows} x {cols} lair has no squares; only `0 0 0` ends the input"),
            ));
        }
        if length < MIN_LENGTH as u64 {
            return Err(invalid(
                &length_token,
                format_args!(
                    "L = {length} is out of range {MIN_LENGTH}..={MAX_LENGTH} (only `0 0 0` ends the input)"
                ),
            ));
        }
        let (rows, cols) = (rows as usize, cols as usize);
        let mut body = Vec::with_capacity(length as usize);
        let mut body_tokens = Vec::with_capacity(length as usize);
        for i in 1..=length as usize {
            let (pos, token) = read_square(reader, rows, cols, "block", i, case)?;
            body.push(pos);
            body_tokens.push(token);
        }
        let count = reader.int(
            format_args!("K (stones of case {case})"),
            0..=(rows * cols) as u64,
        )?;
        let mut stones = Vec::with_capacity(count as usize);
        for i in 1..=count as usize {
            let (pos, token) = read_square(reader, rows, cols, "stone", i, case)?;
            if let Some(block) = body.iter().position(|&b| b == pos) {
                return Err(invalid(
                    &token,
                    format_args!("stone {i} at {pos} is on block {} of the snake", block + 1),
                ));
            }
            stones.push(pos);
        }
        let game = Game::new(rows, cols, &stones, &body).map_err(|e| {
            let token = match e {
                GameError::BlocksOverlap { second: index, .. }
                | GameError::BlocksApart { index, .. }
                | GameError::BlockOutside { index, .. }
                | GameError::BlockOnStone { index, .. } => &body_tokens[index],
                _ => &header,
            };
            invalid(token, format_args!("{e}"))
        })?;
        Ok(Some((game, (header.line, header.col))))
    }
}

/// Reads `r c` of the `index`-th block or stone, each within the lair.
fn read_square<'a>(
    reader: &mut Reader<'a>,
    rows: usize,
    cols: usize,
    what: &str,
    index: usize,
    case: usize,
) -> Result<(Pos, Token<'a>), ParseError> {
    let (r, token) = reader.int_token(
        format_args!("row of {what} {index} (case {case})"),
        1..=rows as u64,
    )?;
    let c = reader.int(
        format_args!("column of {what} {index} (case {case})"),
        1..=cols as u64,
    )?;
    Ok((Pos::new(r as usize - 1, c as usize - 1), token))
}

impl Iterator for Cases<'_> {
    type Item = Result<(Game, Place), InputError>;

    /// The next game, with the line and column where it begins (for errors about the
    /// case as a whole).
    fn next(&mut self) -> Option<Self::Item> {
        // As for Bloxorz, the end of the input at a case boundary ends it too.
        self.0
            .next_with("n (an integer), or `0 0 0` for no cases", Cases::next_case)
    }
}

/// Writes one line of the judge output.
pub fn write_answer(out: &mut String, case: usize, answer: Option<u64>) {
    match answer {
        Some(steps) => writeln!(out, "Case {case}: {steps}"),
        None => writeln!(out, "Case {case}: -1"),
    }
    .expect("writing to a String cannot fail");
}

/// Writes one case of the judge format, with the blank line that separates cases.
pub fn write_game(out: &mut String, game: &Game) {
    let _ = writeln!(out, "{} {} {}", game.rows(), game.cols(), game.len());
    for block in game.body() {
        let _ = writeln!(out, "{} {}", block.row + 1, block.col + 1);
    }
    let stones: Vec<Pos> = (0..game.rows() * game.cols())
        .map(|i| Pos::new(i / game.cols(), i % game.cols()))
        .filter(|&p| !game.is_free(p))
        .collect();
    let _ = writeln!(out, "{}", stones.len());
    for stone in stones {
        let _ = writeln!(out, "{} {}", stone.row + 1, stone.col + 1);
    }
    out.push('\n');
}

/// Writes games in the judge format, ending with `0 0 0`.
pub fn write_input(games: &[Game]) -> String {
    let mut out = String::new();
    for game in games {
        write_game(&mut out, game);
    }
    out.push_str("0 0 0\n");
    out
}
