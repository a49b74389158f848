//! The `eight` judge input (POJ 1077, HDU 1043), checked strictly.

use super::{Checker, Report, Violation};
use crate::Found;

/// Every violation of the `eight` format in `text`; empty if it is valid.
///
/// Rules: one or more lines, each a case of exactly 9 tokens, each `1`-`8` or `x`, each
/// of the nine once; no blank line anywhere (the judges read a line a case).
///
/// ```
/// let v = parsers::validate::eight::validate(b"2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 x x\n");
/// assert_eq!(v[0].to_string(), "2:17: case 2: expected each of 1-8 and x once, found x again (cell 9, after cell 8)");
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

/// Checks every line as a case.
fn cases(check: &mut Checker<'_>) -> Option<()> {
    let mut case = 0;
    while case == 0 || blank_lines(check, case + 1) {
        case += 1;
        check.context = format!("case {case}: ");
        let line = check.expect_line("a case (9 cells of 1-8 and x)")?;
        let tokens = check.tokens(&line, 9, |i| format!("cell {} (1-8 or x)", i + 1));
        // The cell each value was first seen on, 1-based.
        let mut seen = [0usize; 9];
        for (i, token) in tokens.iter().enumerate() {
            let value = match token.text {
                [b'x'] => 0,
                [d @ b'1'..=b'8'] => usize::from(d - b'0'),
                _ => {
                    let found = Found::token(token.text);
                    check.report_at(
                        token,
                        format_args!("expected cell {} (1-8 or x), found {found}", i + 1),
                    );
                    continue;
                }
            };
            if seen[value] != 0 {
                let name = if value == 0 {
                    "x".to_string()
                } else {
                    value.to_string()
                };
                check.report_at(
                    token,
                    format_args!(
                        "expected each of 1-8 and x once, found {name} again (cell {}, after cell {})",
                        i + 1,
                        seen[value]
                    ),
                );
            } else {
                seen[value] = i + 1;
            }
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
                    format_args!("expected case {case} (9 cells of 1-8 and x), found blank line"),
                );
            }
        }
    }
    more
}
