//! The Klotski layout format (`../shared/specs/klotski.md`).
//!
//! ```text
//! R C
//! R rows of exactly C characters: `.` empty, `A-Z a-z 0-9` the label of a piece
//! goal L r c
//! ```
//! One layout a file. A piece is all the cells of one label, which must be 4-connected;
//! the goal is reached when a piece of the shape of `L` has the top-left corner of its
//! bounding box on row `r`, column `c` (1-based). The output is one line: the minimum
//! number of moves, or `-1`.
//!
//! ```
//! let layout = parsers::klotski::parse(b"2 3\nAB.\n.B.\ngoal A 2 3\n")?;
//! assert_eq!(layout.pieces().len(), 2);
//!
//! let err = parsers::klotski::parse(b"2 3\nAB.\n..B\ngoal A 2 3\n").unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "3:3: the cells of piece B are not connected: (2, 3) is apart from its first cell"
//! );
//! # Ok::<(), parsers::ParseError>(())
//! ```

use crate::input::Stream;
use crate::reader::first_char;
use crate::words::count;
use crate::{ErrorKind, Found, Input, InputError, ParseError, Reader, Token, in_memory};
use grid_core::Pos;
use klotski::{Goal, Layout, LayoutError, MAX_CELLS, is_label};
use std::fmt::Write;

/// What a row holds, for messages.
const CELLS: &str = "`.` or labels A-Z a-z 0-9";

/// Reads a layout held in memory.
///
/// # Errors
/// The first place where the input leaves the format or breaks a rule: a size out of
/// range or over 64 cells, a row of the wrong length, an unknown character, a label in
/// two places, a missing or malformed goal line, a goal label that is not on the board,
/// a goal position that puts the piece outside the board, or anything after the goal
/// line.
pub fn parse(text: &[u8]) -> Result<Layout, ParseError> {
    read(text).map_err(in_memory)
}

/// Reads a layout from `input` (bytes in memory, or an [`Input::reader`] read as far as
/// it needs).
///
/// # Errors
/// As [`parse`], or a failed read.
pub fn read<'a>(input: impl Into<Input<'a>>) -> Result<Layout, InputError> {
    Stream::new(input.into()).step(read_layout)
}

/// Reads a whole layout, and the end of the input after it.
fn read_layout(reader: &mut Reader<'_>) -> Result<Layout, ParseError> {
    let side = MAX_CELLS as u64;
    let (rows, header) = reader.int_token("R", 1..=side)?;
    let cols = reader.int("C", 1..=side)?;
    let (rows, cols) = (rows as usize, cols as usize);
    if rows * cols > MAX_CELLS {
        let error = LayoutError::TooLarge { rows, cols };
        return Err(ParseError::invalid(&header, error));
    }
    let mut cells = Vec::with_capacity(rows * cols);
    let mut row_tokens: Vec<Token<'_>> = Vec::with_capacity(rows);
    for r in 1..=rows {
        let row = reader.token(format_args!(
            "row {r} of {rows} ({} of {CELLS})",
            count(cols, "character")
        ))?;
        if row.text == b"goal" && reader.peek(|ahead| is_goal_line(ahead, &row)) {
            return Err(ParseError::at(
                &row,
                ErrorKind::Expected {
                    expected: format!(
                        "row {r} of {rows} ({} of {CELLS})",
                        count(cols, "character")
                    ),
                    found: Found::Token("goal line".to_string()),
                },
            ));
        }
        if let Some(c) = row.text.iter().position(|&b| b != b'.' && !is_label(b)) {
            return Err(ParseError::invalid(
                &char_at(&row, c),
                format_args!("expected {CELLS}, found {}", first_char(&row.text[c..])),
            ));
        }
        if row.text.len() != cols {
            return Err(ParseError::invalid(
                &row,
                format_args!(
                    "row {r} has {}, expected {cols}",
                    count(row.text.len(), "character")
                ),
            ));
        }
        cells.extend_from_slice(row.text);
        row_tokens.push(row);
    }
    let keyword = reader.token("the goal line `goal L r c`")?;
    if keyword.text != b"goal" {
        return Err(ParseError::at(
            &keyword,
            ErrorKind::Expected {
                expected: "the goal line `goal L r c`".to_string(),
                found: Found::token(keyword.text),
            },
        ));
    }
    let label = reader.token("the goal piece's label L")?;
    let &[byte] = label.text else {
        return Err(expected_label(&label));
    };
    if !is_label(byte) {
        return Err(expected_label(&label));
    }
    let (r, r_token) = reader.int_token("r (the goal's row)", 1..=rows as u64)?;
    let c = reader.int("c (the goal's column)", 1..=cols as u64)?;
    reader.finish()?;
    let goal = Goal::new(char::from(byte), Pos::new(r as usize - 1, c as usize - 1));
    Layout::new(rows, cols, &cells, goal).map_err(|e| {
        let token = match e {
            LayoutError::Disconnected { pos, .. } => char_at(&row_tokens[pos.row], pos.col),
            LayoutError::NoGoalPiece { .. } => label,
            LayoutError::GoalOutside { .. } => r_token,
            _ => header,
        };
        ParseError::invalid(&token, e)
    })
}

/// Whether the token `goal` read where a row should be starts the goal line: three more
/// tokens on its line.
fn is_goal_line(ahead: &mut Reader<'_>, goal: &Token<'_>) -> bool {
    (0..3).all(|_| ahead.next_token().is_some_and(|t| t.line == goal.line))
}

fn expected_label(token: &Token<'_>) -> ParseError {
    ParseError::at(
        token,
        ErrorKind::Expected {
            expected: "the goal piece's label L (one of A-Z a-z 0-9)".to_string(),
            found: Found::token(token.text),
        },
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

/// Writes the answer line: the minimum number of moves, or `-1`.
pub fn write_answer(out: &mut String, answer: Option<u64>) {
    match answer {
        Some(moves) => writeln!(out, "{moves}"),
        None => writeln!(out, "-1"),
    }
    .expect("writing to a String cannot fail");
}

/// Writes a layout in the format.
pub fn write_layout(out: &mut String, layout: &Layout) {
    let _ = writeln!(out, "{} {}", layout.rows(), layout.cols());
    for r in 0..layout.rows() {
        let _ = writeln!(out, "{}", layout.board().row(r));
    }
    let goal = layout.goal();
    let _ = writeln!(
        out,
        "goal {} {} {}",
        goal.label,
        goal.pos.row + 1,
        goal.pos.col + 1
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    const SAMPLE: &str = "5 4\nABBC\nABBC\nDEEF\nDGHF\nI..J\ngoal B 4 2\n";

    #[test]
    fn the_sample_round_trips() {
        let layout = parse(SAMPLE.as_bytes()).unwrap();
        assert_eq!(layout.pieces().len(), 10);
        let mut out = String::new();
        write_layout(&mut out, &layout);
        assert_eq!(out, SAMPLE);
    }

    #[test]
    fn layout_whitespace_is_tolerated() {
        let layout = parse(b"\xEF\xBB\xBF2 2\r\n AB \r\n\r\n..\ngoal   A 2 1").unwrap();
        assert_eq!(layout.goal(), Goal::new('A', Pos::new(1, 0)));
    }

    #[rstest]
    #[case::empty(b"", "1:1: expected R (an integer in 1..=64), found end of input")]
    #[case::zero_rows(b"0 3\n", "1:1: R = 0 is out of range 1..=64")]
    #[case::over_64_cells(
        b"9 8\n",
        "1:1: a 9 x 8 board has more than the 64 cells the state encoding holds"
    )]
    #[case::short_row(
        b"2 3\nAB.\nA.\ngoal A 1 1\n",
        "3:1: row 2 has 2 characters, expected 3"
    )]
    #[case::long_row(
        b"2 3\nAB.\nA...\ngoal A 1 1\n",
        "3:1: row 2 has 4 characters, expected 3"
    )]
    #[case::unknown_character(
        b"2 3\nAB.\nA#.\ngoal A 1 1\n",
        "3:2: expected `.` or labels A-Z a-z 0-9, found \"#\""
    )]
    #[case::non_ascii(
        b"1 3\nA\xc3\xa9\ngoal A 1 1\n",
        "2:2: expected `.` or labels A-Z a-z 0-9, found \"\u{e9}\""
    )]
    #[case::disconnected(
        b"2 3\nA.A\n...\ngoal A 1 1\n",
        "2:3: the cells of piece A are not connected: (1, 3) is apart from its first cell"
    )]
    #[case::missing_row(
        b"3 3\nA..\n...\ngoal A 1 1\n",
        "4:1: expected row 3 of 3 (3 characters of `.` or labels A-Z a-z 0-9), found \"goal line\""
    )]
    #[case::missing_goal(
        b"1 2\nA.\n",
        "2:3: expected the goal line `goal L r c`, found end of input"
    )]
    #[case::misspelt_goal(
        b"1 2\nA.\nGoal A 1 2\n",
        "3:1: expected the goal line `goal L r c`, found \"Goal\""
    )]
    #[case::long_label(
        b"1 2\nA.\ngoal AB 1 2\n",
        "3:6: expected the goal piece's label L (one of A-Z a-z 0-9), found \"AB\""
    )]
    #[case::goal_label_not_on_board(
        b"1 2\nA.\ngoal Z 1 2\n",
        "3:6: the goal piece 'Z' is not on the board"
    )]
    #[case::goal_row_out_of_range(
        b"1 2\nA.\ngoal A 2 2\n",
        "3:8: r (the goal's row) = 2 is out of range 1..=1"
    )]
    #[case::goal_outside(
        b"2 3\nAA.\n...\ngoal A 1 3\n",
        "4:8: the goal puts piece A (1 x 2) at (1, 3), outside the 2 x 3 board"
    )]
    #[case::trailing(b"1 2\nA.\ngoal A 1 2\n7\n", "4:1: expected end of input, found \"7\"")]
    fn errors_name_the_place(#[case] input: &[u8], #[case] message: &str) {
        assert_eq!(parse(input).unwrap_err().to_string(), message);
    }

    #[test]
    fn a_streamed_input_reads_as_the_same_bytes_in_memory() {
        let padded = format!("{}{SAMPLE}", " \n".repeat(100_000));
        let streamed = read(Input::reader(padded.as_bytes())).unwrap();
        assert_eq!(streamed, parse(padded.as_bytes()).unwrap());
        let broken = format!(
            "{}5 4\nABBC\nABBC\nDEEF\nDGHF\nI..J\ngoal B 5 2\n",
            "\n".repeat(70_000)
        );
        assert_eq!(
            read(Input::reader(broken.as_bytes()))
                .unwrap_err()
                .to_string(),
            "70007:8: the goal puts piece B (2 x 2) at (5, 2), outside the 5 x 4 board"
        );
    }

    #[test]
    fn a_crowded_8x8_board_of_many_shapes_is_a_layout() {
        // Its states need a 66-bit code: the solver takes them in 128 bits.
        let text = b"8 8\nABCDEFGH\nABCDEFGH\nIIJJKKLL\nMNOPQRST\nMNOPQRST\nMNOPQRST\nUUUVVVWW\nXYZabc..\ngoal A 1 1\n";
        let layout = parse(text).unwrap();
        assert_eq!(layout.pieces().len(), 29);
        let mut out = String::new();
        write_layout(&mut out, &layout);
        assert_eq!(out.as_bytes(), text);
    }

    #[test]
    fn a_row_spelt_goal_is_a_row() {
        let layout = parse(b"2 4\ngoal\n....\ngoal g 2 1\n").unwrap();
        assert_eq!(layout.pieces().len(), 4);
    }

    #[test]
    fn answers_are_the_count_or_minus_one() {
        let mut out = String::new();
        write_answer(&mut out, Some(81));
        write_answer(&mut out, None);
        assert_eq!(out, "81\n-1\n");
    }
}
