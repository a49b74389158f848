//! The Klotski layout format, checked strictly.

use super::{Checker, Report, Violation, is_space};
use crate::words::count;
use crate::{Found, Token};
use grid_core::Pos;
use klotski::{Goal, Layout, LayoutError, MAX_CELLS, is_label};

/// Every violation of the Klotski layout format in `text`; empty if it is valid.
///
/// Rules: a line `R C` with `1 <= R, C` and `R * C <= 64`; `R` lines of exactly `C`
/// characters from `.` and `A-Z a-z 0-9`; the cells of each label 4-connected; a line
/// `goal L r c` whose `L` labels a piece on the board and whose `r`, `c` put that
/// piece's bounding box inside the board. Nothing follows. (Any such layout is solved:
/// how many bits its states take is the solver's business, not a rule of the format.)
///
/// ```
/// let v = parsers::validate::klotski::validate(b"2 3\nA.A\n...\ngoal A 3 1\n");
/// let found: Vec<String> = v.iter().map(|v| v.to_string()).collect();
/// assert_eq!(found, [
///     "2:3: the cells of piece A are not connected: (1, 3) is apart from its first cell (1, 1)",
///     "4:8: r = 3 violates 1..=2",
/// ]);
/// ```
pub fn validate(text: &[u8]) -> Vec<Violation> {
    super::run_all(layout, text)
}

/// As [`validate`], reading `input` a line at a time and keeping the first `max`
/// violations (the report counts them all).
///
/// # Errors
/// When reading fails.
pub fn validate_input(input: crate::Input<'_>, max: usize) -> std::io::Result<Report> {
    super::run(layout, input, max)
}

/// The board as read: its cells (row-major), with the place (line, column) of each
/// row's first cell.
struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
    row_places: Vec<(usize, usize)>,
}

/// Checks the whole layout; `None` where the structure is lost.
fn layout(check: &mut Checker<'_>) -> Option<()> {
    let header = check.expect_line("R C")?;
    let side = 1..=MAX_CELLS as u64;
    let [rows, cols] = check.ints(&header, [(&"R", side.clone()), (&"C", side)]);
    let (rows, cols) = (rows?, cols?);
    if rows.value == 0 || cols.value == 0 {
        return None; // no rows to read
    }
    let fits = rows.valid && cols.valid && rows.value * cols.value <= MAX_CELLS as u64;
    if rows.valid && cols.valid && !fits {
        check.report_at(
            &rows.token,
            format_args!(
                "R x C = {} x {} violates at most {MAX_CELLS} cells",
                rows.value, cols.value
            ),
        );
    }
    let mut labels = [false; 256];
    let board = read_rows(check, rows.value, cols.value, fits, &mut labels)?;
    let mut valid = board.is_some();
    if let Some(board) = &board {
        valid &= connected(check, board);
    }
    let line = check.expect_line("the goal line `goal L r c`")?;
    let tokens = check.tokens(&line, 4, |i| {
        ["`goal`", "the goal piece's label L", "r", "c"][i].to_string()
    });
    valid &= tokens.len() == 4;
    if let Some(keyword) = tokens.first().filter(|t| t.text != b"goal") {
        let found = Found::token(keyword.text);
        check.report_at(keyword, format_args!("expected `goal`, found {found}"));
        valid = false;
    }
    let label = tokens.get(1).copied();
    if let Some(token) = label {
        let on_board = token.text.len() == 1 && labels[usize::from(token.text[0])];
        if token.text.len() != 1 || !is_label(token.text[0]) {
            let found = Found::token(token.text);
            check.report_at(
                &token,
                format_args!("expected a label A-Z a-z 0-9, found {found}"),
            );
            valid = false;
        } else if !on_board {
            let found = Found::token(token.text);
            check.report_at(
                &token,
                format_args!("expected the label of a piece on the board, found {found}"),
            );
            valid = false;
        }
    }
    let r = tokens
        .get(2)
        .and_then(|t| check.int(t, "r", 1..=rows.value));
    let c = tokens
        .get(3)
        .and_then(|t| check.int(t, "c", 1..=cols.value));
    valid &= r.is_some_and(|r| r.valid) && c.is_some_and(|c| c.valid);
    check.finish();
    let (Some(board), Some(label), Some(r), Some(c), true) = (board, label, r, c, valid) else {
        return Some(());
    };
    let goal = Goal::new(
        char::from(label.text[0]),
        Pos::new(r.value as usize - 1, c.value as usize - 1),
    );
    match Layout::new(board.rows, board.cols, &board.cells, goal) {
        Ok(_) => {}
        Err(e @ LayoutError::GoalOutside { .. }) => check.report_at(&r.token, e),
        Err(e) => check.report_at(&rows.token, format_args!("{e}")),
    }
    Some(())
}

/// Reads and checks the rows, marking the `labels` on them; the board when every row is
/// right and the size `fits`.
fn read_rows(
    check: &mut Checker<'_>,
    rows: u64,
    cols: u64,
    fits: bool,
    labels: &mut [bool; 256],
) -> Option<Option<Board>> {
    // At most 64 rows of 64 characters are kept; larger sizes are only read.
    let mut board = fits.then(|| Board {
        rows: rows as usize,
        cols: cols as usize,
        cells: Vec::with_capacity((rows * cols) as usize),
        row_places: Vec::new(),
    });
    for r in 1..=rows.min(MAX_CELLS as u64) {
        let line = check.expect_line(format_args!(
            "row {r} of {rows} ({} of . or labels A-Z a-z 0-9)",
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
        for &b in row.text {
            labels[usize::from(b)] |= is_label(b);
        }
        let mut ok = true;
        let mut c = 0;
        while c < row.text.len() {
            if row.text[c] == b'.' || is_label(row.text[c]) {
                c += 1;
                continue;
            }
            let run = c;
            while c < row.text.len() && row.text[c] != b'.' && !is_label(row.text[c]) {
                c += 1;
            }
            let found = Found::token(&row.text[run..c]);
            check.report(
                row.line,
                row.col + run,
                format_args!("expected . or labels A-Z a-z 0-9, found {found}"),
            );
            ok = false;
        }
        let len = row.text.len() as u64;
        if len != cols {
            check.report(
                row.line,
                row.col + len.min(cols) as usize,
                format_args!("expected {} in row {r}, found {len}", count(cols, "cell")),
            );
            ok = false;
        }
        match (&mut board, ok) {
            (Some(b), true) => {
                b.cells.extend_from_slice(row.text);
                b.row_places.push((row.line, row.col));
            }
            _ => board = None,
        }
    }
    Some(board)
}

/// Reports every group of a label apart from its first; whether there was none.
fn connected(check: &mut Checker<'_>, board: &Board) -> bool {
    let (rows, cols) = (board.rows, board.cols);
    let mut group_of = vec![usize::MAX; rows * cols];
    let mut first_of: Vec<(u8, usize)> = Vec::new();
    let mut ok = true;
    for start in 0..rows * cols {
        let label = board.cells[start];
        if label == b'.' || group_of[start] != usize::MAX {
            continue;
        }
        let group = start;
        let mut stack = vec![start];
        group_of[start] = group;
        while let Some(cell) = stack.pop() {
            let (r, c) = (cell / cols, cell % cols);
            let near = [
                (r > 0).then(|| cell - cols),
                (r + 1 < rows).then(|| cell + cols),
                (c > 0).then(|| cell - 1),
                (c + 1 < cols).then(|| cell + 1),
            ];
            for n in near.into_iter().flatten() {
                if board.cells[n] == label && group_of[n] == usize::MAX {
                    group_of[n] = group;
                    stack.push(n);
                }
            }
        }
        match first_of.iter().find(|(l, _)| *l == label) {
            Some(&(_, first)) => {
                let (line, col) = board.row_places[start / cols];
                let at = Pos::new(start / cols, start % cols);
                let first = Pos::new(first / cols, first % cols);
                check.report(
                    line,
                    col + start % cols,
                    format_args!(
                        "the cells of piece {} are not connected: {at} is apart from its first cell {first}",
                        char::from(label)
                    ),
                );
                ok = false;
            }
            None => first_of.push((label, start)),
        }
    }
    ok
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &[u8]) -> Vec<String> {
        validate(text).iter().map(|v| v.to_string()).collect()
    }

    #[test]
    fn the_sample_is_valid() {
        assert_eq!(
            found(b"5 4\nABBC\nABBC\nDEEF\nDGHF\nI..J\ngoal B 4 2\n"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn every_violation_is_listed_with_its_place() {
        let text = b"3 4\nAB#C\nAB.\nA.BCx\ngoal z 4 0\n";
        assert_eq!(
            found(text),
            [
                "2:3: expected . or labels A-Z a-z 0-9, found \"#\"",
                "3:4: expected 4 cells in row 2, found 3",
                "4:5: expected 4 cells in row 3, found 5",
                "5:6: expected the label of a piece on the board, found \"z\"",
                "5:8: r = 4 violates 1..=3",
                "5:10: c = 0 violates 1..=4",
            ]
        );
    }

    #[test]
    fn a_disconnected_label_is_named_at_each_stray_group() {
        assert_eq!(
            found(b"2 4\nA.A.\n...A\ngoal A 1 1\n"),
            [
                "2:3: the cells of piece A are not connected: (1, 3) is apart from its first cell (1, 1)",
                "3:4: the cells of piece A are not connected: (2, 4) is apart from its first cell (1, 1)",
            ]
        );
    }

    #[test]
    fn a_goal_outside_the_board_and_a_too_large_board() {
        assert_eq!(
            found(b"2 3\nAA.\n...\ngoal A 2 3\n"),
            ["4:8: the goal puts piece A (1 x 2) at (2, 3), outside the 2 x 3 board"]
        );
        assert_eq!(
            found(b"9 8\n"),
            [
                "1:1: R x C = 9 x 8 violates at most 64 cells",
                "2:1: expected row 1 of 9 (8 characters of . or labels A-Z a-z 0-9), found end of input"
            ]
        );
    }

    #[test]
    fn layout_rules_apply() {
        assert_eq!(
            found(b"1 2\r\nA.\ngoal  A 1 2"),
            [
                "1:4: expected \\n line ending, found \\r\\n",
                "3:5: expected one space between tokens, found \"  \"",
                "3:12: expected \\n at the end of the file, found end of input",
            ]
        );
        assert_eq!(
            found(b"1 2\nA.\ngoal A 1 2\n\n"),
            ["4:1: expected end of input, found blank line"]
        );
    }
}
