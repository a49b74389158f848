//! Huarongdao inputs that break one rule of the judge format (`gen --invalid`).

use crate::invalid::{self, InvalidKind};
use grid_core::SplitMix64;

pub(super) static KINDS: [InvalidKind; 14] = [
    InvalidKind::new("n-range", "n = 31, over the judge's 30 (with its 31 rows)"),
    InvalidKind::new("m-range", "m = 31, over the judge's 30 (rows of 31 cells)"),
    InvalidKind::new("n-zero", "n = 0 (no rows, no queries)"),
    InvalidKind::new(
        "q-range",
        "q = 501, over the judge's 500 (with its 501 queries)",
    ),
    InvalidKind::new("cell-value", "a cell other than 0 or 1"),
    InvalidKind::new("short-row", "a row one cell short"),
    InvalidKind::new("long-row", "a row one cell too long"),
    InvalidKind::new("coordinate-range", "a coordinate of a query off the board"),
    InvalidKind::new("blank-on-fixed", "a query's blank E on a fixed cell (0)"),
    InvalidKind::new("piece-on-fixed", "a query's piece S on a fixed cell (0)"),
    InvalidKind::new("blank-on-piece", "a query with E == S"),
    InvalidKind::new("short-query", "a query of five numbers"),
    InvalidKind::new("long-query", "a query of seven numbers"),
    InvalidKind::new("missing-query", "q one more than the queries given"),
];

/// A valid input, as numbers.
struct Base {
    rows: usize,
    cols: usize,
    /// Row-major, 0 fixed and 1 movable.
    cells: Vec<u8>,
    /// `EX EY SX SY TX TY`, 1-based.
    queries: Vec<[usize; 6]>,
    /// How many queries the header says.
    q: usize,
}

impl Base {
    /// A random board of `rows x cols` (at least 3 cells) with a fixed cell and two
    /// movable ones at least, and `queries` valid queries.
    fn new(rng: &mut SplitMix64, rows: usize, cols: usize, queries: usize) -> Base {
        let count = rows * cols;
        let mut cells: Vec<u8> = (0..count).map(|_| u8::from(!rng.percent(25))).collect();
        let mut order: Vec<usize> = (0..count).collect();
        rng.shuffle(&mut order);
        // The first cell of `order` fixed, the next two movable.
        cells[order[0]] = 0;
        cells[order[1]] = 1;
        cells[order[2]] = 1;
        let movable: Vec<usize> = (0..count).filter(|&i| cells[i] == 1).collect();
        let at = |i: usize| (i / cols + 1, i % cols + 1);
        let queries = (0..queries)
            .map(|_| {
                let e = movable[rng.index(movable.len())];
                let s = loop {
                    let s = movable[rng.index(movable.len())];
                    if s != e {
                        break s;
                    }
                };
                let t = rng.index(count);
                let ((ex, ey), (sx, sy), (tx, ty)) = (at(e), at(s), at(t));
                [ex, ey, sx, sy, tx, ty]
            })
            .collect::<Vec<_>>();
        Base {
            rows,
            cols,
            cells,
            q: queries.len(),
            queries,
        }
    }

    /// A small random one: 2 to 7 rows and columns, 1 to 5 queries.
    fn small(rng: &mut SplitMix64) -> Base {
        let rows = rng.range(2, 7) as usize;
        let cols = rng.range(2, 7) as usize;
        let queries = rng.range(1, 5) as usize;
        Base::new(rng, rows, cols, queries)
    }

    /// The cells of a kind (`0` or `1`), as 1-based `(row, col)`.
    fn cells_of(&self, kind: u8) -> Vec<(usize, usize)> {
        (0..self.cells.len())
            .filter(|&i| self.cells[i] == kind)
            .map(|i| (i / self.cols + 1, i % self.cols + 1))
            .collect()
    }

    /// The judge input, as lines of tokens (so a kind can edit a line).
    fn lines(&self) -> Vec<Vec<String>> {
        let mut lines = vec![vec![
            self.rows.to_string(),
            self.cols.to_string(),
            self.q.to_string(),
        ]];
        for row in self.cells.chunks(self.cols) {
            lines.push(row.iter().map(u8::to_string).collect());
        }
        for query in &self.queries {
            lines.push(query.iter().map(usize::to_string).collect());
        }
        lines
    }
}

/// The text of `lines`: tokens joined by one space, each line ended by `\n`.
fn text(lines: &[Vec<String>]) -> String {
    lines.iter().map(|line| line.join(" ") + "\n").collect()
}

/// A valid input of seed `seed`.
pub(super) fn base(seed: u64) -> String {
    text(&Base::small(&mut SplitMix64::new(seed)).lines())
}

/// An input of seed `seed` that breaks the rule `kind`.
pub(super) fn make(kind: &str, seed: u64) -> Option<String> {
    let mut rng = invalid::rng(seed, kind);
    let rng = &mut rng;
    let mut base = Base::small(rng);
    let first_query = 1 + base.rows;
    let lines = match kind {
        "n-range" => {
            let cols = base.cols;
            Base::new(rng, 31, cols, 3).lines()
        }
        "m-range" => {
            let rows = base.rows;
            Base::new(rng, rows, 31, 3).lines()
        }
        "n-zero" => vec![vec!["0".into(), base.cols.to_string(), "0".into()]],
        "q-range" => {
            let (rows, cols) = (base.rows, base.cols);
            Base::new(rng, rows, cols, 501).lines()
        }
        "cell-value" => {
            let mut lines = base.lines();
            let r = rng.range(1, base.rows as u64) as usize;
            let c = rng.index(base.cols);
            lines[r][c] = rng.range(2, 9).to_string();
            lines
        }
        "short-row" | "long-row" => {
            let mut lines = base.lines();
            let r = rng.range(1, base.rows as u64) as usize;
            if kind == "short-row" {
                lines[r].pop();
            } else {
                lines[r].push(rng.range(0, 1).to_string());
            }
            lines
        }
        "coordinate-range" => {
            let mut lines = base.lines();
            let k = first_query + rng.index(base.q);
            let field = rng.index(6);
            let over = if field % 2 == 0 { base.rows } else { base.cols } + 1;
            // Off the board: past its last row or column, or 0.
            lines[k][field] = if rng.percent(50) { over } else { 0 }.to_string();
            lines
        }
        "blank-on-fixed" | "piece-on-fixed" => {
            let fixed = base.cells_of(0);
            let (r, c) = fixed[rng.index(fixed.len())];
            let k = rng.index(base.q);
            let field = if kind == "blank-on-fixed" { 0 } else { 2 };
            base.queries[k][field] = r;
            base.queries[k][field + 1] = c;
            base.lines()
        }
        "blank-on-piece" => {
            let k = rng.index(base.q);
            let query = &mut base.queries[k];
            if rng.percent(50) {
                query[0] = query[2];
                query[1] = query[3];
            } else {
                query[2] = query[0];
                query[3] = query[1];
            }
            base.lines()
        }
        "short-query" | "long-query" => {
            let mut lines = base.lines();
            let k = first_query + rng.index(base.q);
            if kind == "short-query" {
                lines[k].pop();
            } else {
                lines[k].push("1".into());
            }
            lines
        }
        "missing-query" => {
            base.q += 1;
            base.lines()
        }
        _ => return None,
    };
    Some(text(&lines))
}
