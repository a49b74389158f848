//! Bloxorz inputs that break one rule of the judge format (`gen --invalid`).

use crate::invalid::{self, InvalidKind};
use grid_core::SplitMix64;

pub(super) static KINDS: [InvalidKind; 14] = [
    InvalidKind::new(
        "rows-range",
        "R = 501, over the judge's 500 (with its 501 rows)",
    ),
    InvalidKind::new(
        "cols-range",
        "C = 501, over the judge's 500 (rows of 501 cells)",
    ),
    InvalidKind::new("short-header", "a case's first line without C"),
    InvalidKind::new("unknown-char", "a cell other than # . E X O"),
    InvalidKind::new("short-row", "a row one character short"),
    InvalidKind::new("long-row", "a row one character too long"),
    InvalidKind::new("missing-row", "a case one row short"),
    InvalidKind::new("border-open", "a cell of the border other than #"),
    InvalidKind::new("no-target", "a case without O"),
    InvalidKind::new("two-targets", "a case with two O"),
    InvalidKind::new("no-start", "a case without X"),
    InvalidKind::new("three-starts", "a case with three X"),
    InvalidKind::new("starts-apart", "a case with two X that share no edge"),
    InvalidKind::new("missing-terminator", "no final `0 0` line"),
];

/// One case: its rows of cells, the border included, and the columns its header says.
struct Case {
    rows: Vec<Vec<u8>>,
    cols: usize,
}

impl Case {
    /// A random valid case of `rows x cols` (at least 4 x 4): the start lying on
    /// (2, 2) and (2, 3) when `lying_first`, else standing or lying anywhere.
    fn new(rng: &mut SplitMix64, rows: usize, cols: usize, lying_first: bool) -> Case {
        let mut grid = vec![vec![b'#'; cols]; rows];
        let interior: Vec<(usize, usize)> = (1..rows - 1)
            .flat_map(|r| (1..cols - 1).map(move |c| (r, c)))
            .collect();
        for &(r, c) in &interior {
            grid[r][c] = match rng.below(20) {
                0..=11 => b'.',
                12..=14 => b'E',
                _ => b'#',
            };
        }
        let starts = if lying_first {
            vec![(1, 1), (1, 2)]
        } else {
            let (r, c) = interior[rng.index(interior.len())];
            match rng.below(3) {
                0 => vec![(r, c)],
                // Lying towards the inside: right, or down.
                1 if c + 1 < cols - 1 => vec![(r, c), (r, c + 1)],
                _ if r + 1 < rows - 1 => vec![(r, c), (r + 1, c)],
                _ => vec![(r, c)],
            }
        };
        for &(r, c) in &starts {
            grid[r][c] = b'X';
        }
        let free: Vec<&(usize, usize)> = interior.iter().filter(|p| !starts.contains(p)).collect();
        let &(r, c) = free[rng.index(free.len())];
        grid[r][c] = b'O';
        Case { rows: grid, cols }
    }

    fn small(rng: &mut SplitMix64, lying_first: bool) -> Case {
        let rows = rng.range(4, 8) as usize;
        let cols = rng.range(4, 8) as usize;
        Case::new(rng, rows, cols, lying_first)
    }

    /// The interior cells (0-based) that hold one of `bytes`, in reading order.
    fn inside(&self, bytes: &[u8]) -> Vec<(usize, usize)> {
        let (rows, cols) = (self.rows.len(), self.cols);
        (1..rows - 1)
            .flat_map(|r| (1..cols - 1).map(move |c| (r, c)))
            .filter(|&(r, c)| bytes.contains(&self.rows[r][c]))
            .collect()
    }

    /// The case's lines: `R C` and its rows.
    fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!("{} {}", self.rows.len(), self.cols)];
        lines.extend(
            self.rows
                .iter()
                .map(|row| String::from_utf8_lossy(row).into_owned()),
        );
        lines
    }
}

/// 1 to 3 small valid cases.
fn cases(rng: &mut SplitMix64) -> Vec<Case> {
    let count = rng.range(1, 3);
    (0..count).map(|_| Case::small(rng, false)).collect()
}

/// The input of `cases`, each line ended by `\n`, with the final `0 0` when `end`.
fn text(cases: &[Case], end: bool) -> String {
    let mut text: String = cases
        .iter()
        .flat_map(Case::lines)
        .map(|line| line + "\n")
        .collect();
    if end {
        text.push_str("0 0\n");
    }
    text
}

/// A valid input of seed `seed`.
pub(super) fn base(seed: u64) -> String {
    text(&cases(&mut SplitMix64::new(seed)), true)
}

/// An input of seed `seed` that breaks the rule `kind`.
pub(super) fn make(kind: &str, seed: u64) -> Option<String> {
    let mut rng = invalid::rng(seed, kind);
    let rng = &mut rng;
    let mut cases = cases(rng);
    let k = rng.index(cases.len());
    let pick = |rng: &mut SplitMix64, from: &[(usize, usize)]| from[rng.index(from.len())];
    let case = &mut cases[k];
    let (rows, cols) = (case.rows.len(), case.cols);
    match kind {
        "rows-range" => *case = Case::new(rng, 501, cols, false),
        "cols-range" => *case = Case::new(rng, rows, 501, false),
        "short-header" => {
            let mut lines: Vec<String> = cases.iter().flat_map(Case::lines).collect();
            let header = cases[..k].iter().map(|c| c.rows.len() + 1).sum::<usize>();
            lines[header] = rows.to_string();
            return Some(lines.iter().map(|l| format!("{l}\n")).collect::<String>() + "0 0\n");
        }
        "unknown-char" => {
            let (r, c) = pick(rng, &case.inside(b"#.E"));
            case.rows[r][c] = b"abo0-*"[rng.index(6)];
        }
        "short-row" => {
            case.rows[rng.index(rows)].pop();
        }
        "long-row" => case.rows[rng.index(rows)].push(b'#'),
        "missing-row" => {
            case.rows.remove(rng.index(rows));
            // The header still says `rows`.
            let mut lines: Vec<String> = cases.iter().flat_map(Case::lines).collect();
            let header = cases[..k].iter().map(|c| c.rows.len() + 1).sum::<usize>();
            lines[header] = format!("{rows} {cols}");
            return Some(lines.iter().map(|l| format!("{l}\n")).collect::<String>() + "0 0\n");
        }
        "border-open" => {
            let border: Vec<(usize, usize)> = (0..rows)
                .flat_map(|r| (0..cols).map(move |c| (r, c)))
                .filter(|&(r, c)| r == 0 || c == 0 || r == rows - 1 || c == cols - 1)
                .collect();
            let (r, c) = pick(rng, &border);
            case.rows[r][c] = if rng.percent(50) { b'.' } else { b'E' };
        }
        "no-target" => {
            let (r, c) = case.inside(b"O")[0];
            case.rows[r][c] = b'.';
        }
        "two-targets" => {
            let (r, c) = pick(rng, &case.inside(b"#.E"));
            case.rows[r][c] = b'O';
        }
        "no-start" => {
            for (r, c) in case.inside(b"X") {
                case.rows[r][c] = b'.';
            }
        }
        "three-starts" => {
            // The first two lie on (2, 2) and (2, 3): the third after them.
            *case = Case::new(rng, rows, cols, true);
            let after: Vec<(usize, usize)> = case
                .inside(b"#.E")
                .into_iter()
                .filter(|&p| p > (1, 2))
                .collect();
            let (r, c) = pick(rng, &after);
            case.rows[r][c] = b'X';
        }
        "starts-apart" => {
            // At least 3 x 3 inside, so a cell two steps from the start is free.
            *case = Case::new(rng, rows.max(5), cols.max(5), false);
            let starts = case.inside(b"X");
            for &(r, c) in &starts[1..] {
                case.rows[r][c] = b'.';
            }
            let (sr, sc) = starts[0];
            let apart: Vec<(usize, usize)> = case
                .inside(b"#.E")
                .into_iter()
                .filter(|&(r, c)| r.abs_diff(sr) + c.abs_diff(sc) > 1)
                .collect();
            let (r, c) = pick(rng, &apart);
            case.rows[r][c] = b'X';
        }
        "missing-terminator" => return Some(text(&cases, false)),
        _ => return None,
    }
    Some(text(&cases, true))
}
