//! The Huarongdao judge input (NOIP 2013), checked strictly.
//!
//! ```
//! use parsers::validate;
//!
//! let sample = b"3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n";
//! assert!(validate::huarongdao::validate(sample).is_empty());
//!
//! let broken = b"31 4 1\r\n0 1 1 1\n";
//! let found: Vec<String> = validate::huarongdao::validate(broken).iter().map(|v| v.to_string()).collect();
//! assert_eq!(found, [
//!     "1:1: n = 31 violates 1..=30",
//!     "1:7: expected \\n line ending, found \\r\\n",
//!     "3:1: expected row 2 of 31 (4 cells of 0 or 1), found end of input",
//! ]);
//! ```

use super::{Checker, Num, Report, Violation};
use crate::words::count;
use std::ops::RangeInclusive;

/// The judge's limits on `n` and `m`.
const SIDE: RangeInclusive<u64> = 1..=30;
/// The judge's limits on `q`.
const QUERIES: RangeInclusive<u64> = 0..=500;

/// A cell read as 0; 1 is movable, and a cell that is neither is [`UNKNOWN`].
const FIXED: u8 = 0;
const UNKNOWN: u8 = 2;

/// Every violation of the Huarongdao judge format in `text`; empty if it is valid.
///
/// Rules: a first line `n m q` with `1 <= n, m <= 30` and `0 <= q <= 500`; `n` lines of
/// exactly `m` integers, each 0 or 1; `q` lines of exactly six integers
/// `EX EY SX SY TX TY`, every coordinate on the board, the blank E and the piece S on
/// movable cells (1) and apart. The target T may be any cell of the board.
///
/// ```
/// let v = parsers::validate::huarongdao::validate(b"1 2 1\n1 1\n1 1 1 1 1 2\n");
/// assert_eq!(v[0].to_string(), "3:5: query 1: expected the blank E and the piece S on different cells, found both at (1, 1)");
/// ```
pub fn validate(text: &[u8]) -> Vec<Violation> {
    super::run_all(rules, text)
}

/// As [`validate`], reading `input` a line at a time and keeping the first `max`
/// violations (the report counts them all).
///
/// # Errors
/// When reading fails.
pub fn validate_input(input: crate::Input<'_>, max: usize) -> std::io::Result<Report> {
    super::run(rules, input, max)
}

/// Checks the header, the board and the queries; `None` where the structure is lost.
fn rules(check: &mut Checker<'_>) -> Option<()> {
    let header = check.expect_line("n m q")?;
    let [n, m, q] = check.ints(&header, [(&"n", SIDE), (&"m", SIDE), (&"q", QUERIES)]);
    let (n, m, q) = (n?.value, m?.value, q?.value);
    let mut board = Board {
        cols: m,
        cells: n
            .checked_mul(m)
            .filter(|&cells| cells <= check.budget)
            .map(|cells| vec![UNKNOWN; cells as usize]),
    };
    for r in 1..=n {
        let line = check.expect_line(format_args!(
            "row {r} of {n} ({} of 0 or 1)",
            count(m, "cell")
        ))?;
        let tokens = check.tokens(&line, m, |i| {
            format!("cell ({r}, {}) (an integer in 0..=1)", i + 1)
        });
        for (c, token) in (1..).zip(&tokens) {
            let cell = check.int(token, format_args!("cell ({r}, {c})"), 0..=1);
            if let Some(Num {
                value, valid: true, ..
            }) = cell
            {
                board.set(r, c, value as u8);
            }
        }
    }
    for k in 1..=q {
        check.context.clear();
        let line = check.expect_line(format_args!("query {k} of {q} (EX EY SX SY TX TY)"))?;
        check.context = format!("query {k}: ");
        // Any cell of the board may be the target.
        let [ex, ey, sx, sy, _tx, _ty] = check.ints(
            &line,
            [
                (&"EX", 1..=n),
                (&"EY", 1..=m),
                (&"SX", 1..=n),
                (&"SY", 1..=m),
                (&"TX", 1..=n),
                (&"TY", 1..=m),
            ],
        );
        let blank = cell_of(ex, ey);
        let piece = cell_of(sx, sy);
        for (cell, who) in [(blank, "the blank E"), (piece, "the piece S")] {
            if let Some((r, c, token)) = cell
                && board.get(r, c) == FIXED
            {
                check.report_at(
                    &token,
                    format_args!("expected {who} on a movable cell, found cell ({r}, {c}) = 0"),
                );
            }
        }
        if let (Some((br, bc, _)), Some((pr, pc, token))) = (blank, piece)
            && (br, bc) == (pr, pc)
        {
            check.report_at(
                    &token,
                    format_args!(
                        "expected the blank E and the piece S on different cells, found both at ({pr}, {pc})"
                    ),
                );
        }
    }
    check.finish();
    Some(())
}

/// The board as read, kept only if its size fits the input's budget.
struct Board {
    cols: u64,
    cells: Option<Vec<u8>>,
}

impl Board {
    /// The cell at 1-based `(r, c)` on the board, if the board is kept.
    fn cell(&mut self, r: u64, c: u64) -> Option<&mut u8> {
        let cells = self.cells.as_mut()?;
        let i = (r.checked_sub(1)?)
            .checked_mul(self.cols)?
            .checked_add(c.checked_sub(1)?)?;
        cells.get_mut(usize::try_from(i).ok()?)
    }

    fn set(&mut self, r: u64, c: u64, value: u8) {
        if let Some(cell) = self.cell(r, c) {
            *cell = value;
        }
    }

    fn get(&mut self, r: u64, c: u64) -> u8 {
        self.cell(r, c).map_or(UNKNOWN, |cell| *cell)
    }
}

/// The cell `(row, col)` and the token of its row, if both are on the board.
fn cell_of<'a>(row: Option<Num<'a>>, col: Option<Num<'a>>) -> Option<(u64, u64, crate::Token<'a>)> {
    match (row, col) {
        (Some(r), Some(c)) if r.valid && c.valid => Some((r.value, c.value, r.token)),
        _ => None,
    }
}
