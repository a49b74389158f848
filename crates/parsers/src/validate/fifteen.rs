//! The `fifteen` input (`../shared/specs/fifteen.md`), checked strictly.

use super::{Checker, Line, Num, Report, Violation};
use std::ops::RangeInclusive;

/// The limits on `R` and `C`.
const SIDE: RangeInclusive<u64> = 1..=64;

/// The most cells of a board.
const CELLS: u64 = 64;

/// Every violation of the `fifteen` format in `text`; empty if it is valid.
///
/// Rules: one or more cases, each a line `R C` with `1 <= R, C` and `R * C <= 64`, `R`
/// lines of exactly `C` integers (the start: `0 .. R*C-1`, each once), then optionally
/// a line `goal` and `R` more such lines (the goal); no blank line anywhere.
///
/// ```
/// let v = parsers::validate::fifteen::validate(b"2 2\n1 2\n3 3\n");
/// assert_eq!(v[0].to_string(), "3:3: case 1: expected each of 0..=3 once in the start, found 3 again at (2, 2), first at (2, 1)");
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

/// Checks every case; `None` where the structure is lost.
fn cases(check: &mut Checker<'_>) -> Option<()> {
    let mut case = 0;
    while case == 0 || blank_lines(check, case + 1) {
        case += 1;
        check.context = format!("case {case}: ");
        let header = check.expect_line("R C")?;
        let [rows, cols] = check.ints(&header, [(&"R", SIDE), (&"C", SIDE)]);
        let (rows, cols) = (rows?, cols?);
        if !rows.valid || !cols.valid {
            return None;
        }
        let (r, c) = (rows.value, cols.value);
        if r * c > CELLS {
            check.report_at(
                &rows.token,
                format_args!("expected R * C <= {CELLS}, found {r} x {c} = {}", r * c),
            );
            return None;
        }
        block(check, r, c, "the start")?;
        let goal = check
            .peek()
            .and_then(|line| line.tokens().next().map(|t| t.text == b"goal"));
        if goal == Some(true) {
            let line = check.next_line()?;
            check.tokens(&line, 1, |_| "goal".to_string());
            block(check, r, c, "the goal")?;
        }
    }
    check.context.clear();
    Some(())
}

/// Skips the blank lines before case `case`, reporting them: as standing where the
/// case should, or as trailing the input if no case follows. Whether one does.
fn blank_lines(check: &mut Checker<'_>, case: usize) -> bool {
    let mut blanks = Vec::new();
    while let Some(line) = check.peek() {
        if !line.is_blank() {
            break;
        }
        blanks.push((line.number, line.col0));
        check.next_line();
    }
    let more = check.peek().is_some();
    check.context.clear();
    match blanks.first() {
        Some(&(line, col)) if !more => {
            check.report(line, col, "expected end of input, found blank line");
        }
        _ => {
            for &(line, col) in &blanks {
                check.report(
                    line,
                    col,
                    format_args!("expected case {case} (`R C`), found blank line"),
                );
            }
        }
    }
    more
}

/// Checks the `rows` lines of `cols` cells of `part`.
fn block(check: &mut Checker<'_>, rows: u64, cols: u64, part: &str) -> Option<()> {
    let n = rows * cols;
    // Where each value was first seen, 1-based.
    let mut seen = vec![(0u64, 0u64); n as usize];
    for r in 1..=rows {
        let line: Line = check.expect_line(format_args!(
            "row {r} of {rows} of {part} ({cols} integers)"
        ))?;
        let tokens = check.tokens(&line, cols, |i| {
            format!(
                "cell ({r}, {}) of {part} (an integer in 0..={})",
                i + 1,
                n - 1
            )
        });
        for (c, token) in (1..).zip(&tokens) {
            let Some(Num {
                value, valid: true, ..
            }) = check.int(token, format_args!("cell ({r}, {c}) of {part}"), 0..=n - 1)
            else {
                continue;
            };
            let first = &mut seen[value as usize];
            if first.0 != 0 {
                let (fr, fc) = *first;
                check.report_at(
                    token,
                    format_args!(
                        "expected each of 0..={} once in {part}, found {value} again at ({r}, {c}), first at ({fr}, {fc})",
                        n - 1
                    ),
                );
            } else {
                *first = (r, c);
            }
        }
    }
    Some(())
}
