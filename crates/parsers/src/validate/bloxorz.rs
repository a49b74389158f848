//! The Bloxorz judge input (POJ 3322), checked strictly.

use super::{Checker, Report, Violation, is_space};
use crate::words::count;
use crate::{Found, Token};
use std::ops::RangeInclusive;

/// The judge's limits on `R` and `C`.
const SIDE: RangeInclusive<u64> = 3..=500;

/// Every violation of the Bloxorz judge format in `text`; empty if it is valid.
///
/// Rules: cases of a line `R C` with `3 <= R, C <= 500` and `R` lines of exactly `C`
/// characters from `# . E X O`; every cell of the first and last row and column is `#`;
/// exactly one `O`; one `X`, or two that share an edge. The last line is `0 0`.
///
/// ```
/// let v = parsers::validate::bloxorz::validate(b"3 3\n###\n#X#\n###\n0 0\n");
/// assert_eq!(v[0].to_string(), "1:1: case 1: expected exactly one O, found none");
/// ```
pub fn validate(text: &[u8]) -> Vec<Violation> {
    super::run_all(cases, text)
}

/// As [`validate`], reading `input` a line at a time and keeping the first `max`
/// violations (the report counts them all).
///
/// # Errors
/// When reading fails.
pub fn validate_input(input: crate::Input<'_>, max: usize) -> std::io::Result<Report> {
    super::run(cases, input, max)
}

/// Checks every case and the final `0 0`; `None` where the structure is lost.
fn cases(check: &mut Checker<'_>) -> Option<()> {
    for case in 1.. {
        check.context.clear();
        let header = check.expect_line("R C or the final `0 0`")?;
        if header.is_zeros(2) {
            check.ints(&header, [(&"R", 0..=0), (&"C", 0..=0)]);
            check.finish();
            return Some(());
        }
        check.context = format!("case {case}: ");
        let [rows, cols] = check.ints(&header, [(&"R", SIDE), (&"C", SIDE)]);
        let (rows, cols) = (rows?, cols?);
        if rows.value == 0 || cols.value == 0 {
            return None; // `0` rows or columns and not `0 0`: no case to read
        }
        board(check, &rows.token, rows.value, cols.value)?;
    }
    Some(())
}

/// Where the start and the target were seen.
#[derive(Default)]
struct Marks {
    /// The first two `X`, each with its cell `(row, col)`, 1-based, and its place in
    /// the file (line, column).
    starts: Vec<((u64, u64), (usize, usize))>,
    target: bool,
}

/// Checks the `rows` lines of a board of `cols` columns whose header starts at `header`.
fn board(check: &mut Checker<'_>, header: &Token<'_>, rows: u64, cols: u64) -> Option<()> {
    let mut marks = Marks::default();
    for r in 1..=rows {
        let line = check.expect_line(format_args!(
            "row {r} of {rows} ({} of # . E X O)",
            count(cols, "character")
        ))?;
        // Spaces around the row are layout violations, already reported.
        let start = line.text.iter().position(|&b| !is_space(b)).unwrap_or(0);
        let end = line
            .text
            .iter()
            .rposition(|&b| !is_space(b))
            .map_or(start, |i| i + 1);
        let row = Token {
            text: &line.text[start..end],
            line: line.number,
            col: line.col0 + start,
        };
        let len = row.text.len() as u64;
        if len != cols {
            let at = (len.min(cols)) as usize;
            check.report(
                row.line,
                row.col + at,
                format_args!("expected {} in row {r}, found {len}", count(cols, "cell")),
            );
        }
        unknown_characters(check, &row);
        let width = len.min(cols) as usize;
        let cells = cell_tokens(&row, width);
        if r == 1 || r == rows {
            border_runs(check, &row, width, r);
        } else {
            for (c, token) in cells.clone() {
                if (c == 1 || c == cols) && is_open(token.text[0]) {
                    let found = Found::token(token.text);
                    check.report_at(
                        &token,
                        format_args!("expected # on the border (column {c}), found {found}"),
                    );
                }
            }
        }
        for (c, token) in cells {
            match token.text[0] {
                b'O' if marks.target => check.report_at(
                    &token,
                    format_args!("expected exactly one O, found another at ({r}, {c})"),
                ),
                b'O' => marks.target = true,
                b'X' if marks.starts.len() == 2 => check.report_at(
                    &token,
                    format_args!(
                        "expected one X or two edge-adjacent X, found a third at ({r}, {c})"
                    ),
                ),
                b'X' => marks.starts.push(((r, c), (token.line, token.col))),
                _ => {}
            }
        }
    }
    if !marks.target {
        check.report_at(header, "expected exactly one O, found none");
    }
    match marks.starts.as_slice() {
        [] => check.report_at(header, "expected one X or two edge-adjacent X, found none"),
        [((r1, c1), _), ((r2, c2), (line, col))] if r1.abs_diff(*r2) + c1.abs_diff(*c2) != 1 => {
            check.report(
                *line,
                *col,
                format_args!(
                    "expected the two X to share an edge, found ({r1}, {c1}) and ({r2}, {c2})"
                ),
            );
        }
        _ => {}
    }
    Some(())
}

/// Whether `byte` is a cell other than `#` (which the border must not hold).
fn is_open(byte: u8) -> bool {
    matches!(byte, b'.' | b'E' | b'X' | b'O')
}

/// Whether `byte` is one of `# . E X O`.
fn is_cell(byte: u8) -> bool {
    byte == b'#' || is_open(byte)
}

/// The first `width` characters of `row`, each as a one-character token with its
/// 1-based column on the board.
fn cell_tokens<'a>(
    row: &Token<'a>,
    width: usize,
) -> impl Iterator<Item = (u64, Token<'a>)> + Clone + use<'a> {
    let row = *row;
    (0..width).map(move |i| {
        let token = Token {
            text: &row.text[i..=i],
            line: row.line,
            col: row.col + i,
        };
        (i as u64 + 1, token)
    })
}

/// The maximal runs of bytes in `text` for which `pick` holds, as `(start, end)`.
fn runs(text: &[u8], pick: impl Fn(u8) -> bool) -> impl Iterator<Item = (usize, usize)> {
    let mut pos = 0;
    std::iter::from_fn(move || {
        while text.get(pos).is_some_and(|&b| !pick(b)) {
            pos += 1;
        }
        let start = pos;
        while text.get(pos).is_some_and(|&b| pick(b)) {
            pos += 1;
        }
        (pos > start).then_some((start, pos))
    })
}

/// Reports each run of characters other than `# . E X O` in `row`.
fn unknown_characters(check: &mut Checker<'_>, row: &Token<'_>) {
    for (start, end) in runs(row.text, |b| !is_cell(b)) {
        let found = Found::token(&row.text[start..end]);
        check.report(
            row.line,
            row.col + start,
            format_args!("expected one of # . E X O, found {found}"),
        );
    }
}

/// Reports each run of cells other than `#` among the first `width` of border row `r`.
fn border_runs(check: &mut Checker<'_>, row: &Token<'_>, width: usize, r: u64) {
    for (start, end) in runs(&row.text[..width], is_open) {
        let found = Found::token(&row.text[start..end]);
        check.report(
            row.line,
            row.col + start,
            format_args!("expected # on the border (row {r}), found {found}"),
        );
    }
}
