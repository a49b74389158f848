//! The Holedox judge input (POJ 1324), checked strictly.

use super::{Checker, Num, Report, Violation};
use crate::{Found, Token};
use std::ops::RangeInclusive;

/// The judge's limits on `n` and `m`.
const SIDE: RangeInclusive<u64> = 1..=20;
/// The judge's limits on `L`.
const LENGTH: RangeInclusive<u64> = 2..=8;

/// Every violation of the Holedox judge format in `text`; empty if it is valid.
///
/// Rules: cases of a line `n m L` with `1 <= n, m <= 20` and `2 <= L <= 8`; `L` lines
/// `r c` inside the lair, on distinct squares, each sharing an edge with the one before;
/// a line `K` with `0 <= K <= n*m - L`; `K` lines `r c` inside the lair, off the body,
/// distinct, none on the exit (1, 1); then one blank line. As in the judge's own sample,
/// one blank line may also stand between `K` and the first stone. The last line is
/// `0 0 0`.
///
/// ```
/// let v = parsers::validate::holedox::validate(b"2 2 2\n1 1\n2 2\n0\n\n0 0 0\n");
/// assert_eq!(v[0].to_string(), "3:1: case 1: expected block 2 next to block 1 at (1, 1), found (2, 2)");
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

/// Checks every case, the blank line after each, and the final `0 0 0`; `None` where
/// the structure is lost.
fn cases(check: &mut Checker<'_>) -> Option<()> {
    for case in 1.. {
        check.context.clear();
        let header = check.expect_line("n m L or the final `0 0 0`")?;
        if header.is_zeros(3) {
            check.ints(&header, [(&"n", 0..=0), (&"m", 0..=0), (&"L", 0..=0)]);
            check.finish();
            return Some(());
        }
        check.context = format!("case {case}: ");
        game(check, &header)?;
        match check.peek().map(|line| (line.is_blank(), line.clone())) {
            Some((true, _)) => {
                check.next_line();
            }
            Some((false, line)) => {
                let token = line.tokens().next()?;
                let found = Found::token(token.text);
                check.report_at(
                    &token,
                    format_args!("expected a blank line after the case, found {found}"),
                );
            }
            None => {
                check.report_end("expected a blank line after the case, found end of input");
                return None;
            }
        }
    }
    Some(())
}

/// What stands on a square of the lair.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Square {
    Free,
    /// Block `i` of the body, 1-based.
    Block(u64),
    /// Stone `i`, 1-based.
    Stone(u64),
}

/// The lair as read, kept only if its size fits the input's budget.
struct Lair {
    rows: u64,
    cols: u64,
    squares: Option<Vec<Square>>,
}

impl Lair {
    /// The square at 1-based `(r, c)`, if the lair is kept and holds it.
    fn square(&mut self, (r, c): (u64, u64)) -> Option<&mut Square> {
        let squares = self.squares.as_mut()?;
        let i = (r.checked_sub(1)?)
            .checked_mul(self.cols)?
            .checked_add(c.checked_sub(1)?)?;
        squares.get_mut(usize::try_from(i).ok()?)
    }
}

/// Checks one case after its header line; `None` where the structure is lost.
fn game(check: &mut Checker<'_>, header: &super::Line) -> Option<()> {
    let [n, m, length] = check.ints(header, [(&"n", SIDE), (&"m", SIDE), (&"L", LENGTH)]);
    let length = length?.value;
    // Coordinates are checked against the sides as given, even out of the judge's range.
    let (rows, cols) = (
        n.map_or(u64::MAX, |n| n.value),
        m.map_or(u64::MAX, |m| m.value),
    );
    let mut lair = Lair {
        rows,
        cols,
        squares: rows
            .checked_mul(cols)
            .filter(|&squares| squares <= check.budget)
            .map(|squares| vec![Square::Free; squares as usize]),
    };

    let mut previous: Option<(u64, u64)> = None;
    for i in 1..=length {
        let line = check.expect_line(format_args!("block {i} of {length} (r c)"))?;
        let Some(pos) = square(check, &line, &lair, "block", i) else {
            previous = None;
            continue;
        };
        let (r, c) = (pos.0, pos.1);
        let overlap = match lair.square((r, c)) {
            Some(Square::Block(j)) => Some(*j),
            Some(square) => {
                *square = Square::Block(i);
                None
            }
            None => None,
        };
        if let Some(j) = overlap {
            check.report_at(
                &pos.2,
                format_args!(
                    "expected block {i} on an empty square, found block {j} at ({r}, {c})"
                ),
            );
        } else if let Some((pr, pc)) = previous
            && pr.abs_diff(r) + pc.abs_diff(c) != 1
        {
            check.report_at(
                &pos.2,
                format_args!(
                    "expected block {i} next to block {} at ({pr}, {pc}), found ({r}, {c})",
                    i - 1
                ),
            );
        }
        previous = Some((r, c));
    }

    let line = check.expect_line("K (the number of stones)")?;
    let free = match (n, m) {
        (Some(n), Some(m)) => n.value.saturating_mul(m.value).saturating_sub(length),
        _ => u64::MAX,
    };
    let [count] = check.ints(&line, [(&"K", 0..=free)]);
    let count = count?.value;
    if count > 0 && check.peek().is_some_and(|line| line.is_blank()) {
        check.next_line(); // the judge's own sample has a blank line here
    }
    for i in 1..=count {
        let line = check.expect_line(format_args!("stone {i} of {count} (r c)"))?;
        let Some((r, c, token)) = square(check, &line, &lair, "stone", i) else {
            continue;
        };
        if (r, c) == (1, 1) {
            check.report_at(&token, "the exit (1, 1) must not be a stone");
        }
        match lair.square((r, c)) {
            Some(Square::Block(j)) => {
                let j = *j;
                check.report_at(
                    &token,
                    format_args!("expected stone {i} off the snake, found block {j} at ({r}, {c})"),
                );
            }
            Some(Square::Stone(j)) => {
                let j = *j;
                check.report_at(
                    &token,
                    format_args!(
                        "expected stone {i} on a square of its own, found stone {j} at ({r}, {c})"
                    ),
                );
            }
            Some(square) => *square = Square::Stone(i),
            None => {}
        }
    }
    Some(())
}

/// Reads the line `r c` of the `i`-th `what` (block or stone); the square, with the
/// token of its row, if it lies in the lair.
fn square<'a>(
    check: &mut Checker<'_>,
    line: &'a super::Line,
    lair: &Lair,
    what: &str,
    i: u64,
) -> Option<(u64, u64, Token<'a>)> {
    let [r, c] = check.ints(
        line,
        [
            (&format_args!("r of {what} {i}"), 1..=lair.rows),
            (&format_args!("c of {what} {i}"), 1..=lair.cols),
        ],
    );
    match (r, c) {
        (
            Some(Num {
                value: r,
                valid: true,
                token,
            }),
            Some(Num {
                value: c,
                valid: true,
                ..
            }),
        ) => Some((r, c, token)),
        _ => None,
    }
}
