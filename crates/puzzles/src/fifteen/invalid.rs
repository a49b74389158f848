//! `fifteen` inputs that break one rule of the format (`gen --invalid`).

use crate::invalid::{self, InvalidKind};
use grid_core::SplitMix64;

pub(super) static KINDS: [InvalidKind; 13] = [
    InvalidKind::new(
        "repeated-tile",
        "a tile twice in the start (so another is missing)",
    ),
    InvalidKind::new(
        "two-blanks",
        "the blank 0 twice in the start (so a tile is missing)",
    ),
    InvalidKind::new("value-range", "a cell of R*C, one past the largest tile"),
    InvalidKind::new("short-row", "a row one cell short"),
    InvalidKind::new("long-row", "a row one cell too long"),
    InvalidKind::new("missing-row", "the start one row short"),
    InvalidKind::new(
        "goal-repeated",
        "a goal block that is not a permutation (a tile twice)",
    ),
    InvalidKind::new("goal-range", "a goal block with a value out of range"),
    InvalidKind::new(
        "goal-word",
        "the line before the goal block other than `goal`",
    ),
    InvalidKind::new(
        "cells-range",
        "R * C = 72, over 64 cells (9 x 8, with its rows)",
    ),
    InvalidKind::new("size-zero", "R = 0"),
    InvalidKind::new("blank-line", "a blank line between two cases"),
    InvalidKind::new("empty", "no case at all"),
];

/// A valid case, as numbers.
struct Base {
    rows: usize,
    cols: usize,
    start: Vec<u8>,
    goal: Option<Vec<u8>>,
}

impl Base {
    /// A random case of `rows x cols`, with a goal block half the time.
    fn new(rng: &mut SplitMix64, rows: usize, cols: usize) -> Base {
        let n = rows * cols;
        let mut start: Vec<u8> = (0..n as u8).collect();
        rng.shuffle(&mut start);
        let goal = rng.percent(50).then(|| {
            let mut goal: Vec<u8> = (0..n as u8).collect();
            rng.shuffle(&mut goal);
            goal
        });
        Base {
            rows,
            cols,
            start,
            goal,
        }
    }

    /// A small random one: 2 to 4 rows and columns.
    fn small(rng: &mut SplitMix64) -> Base {
        let rows = rng.range(2, 4) as usize;
        let cols = rng.range(2, 4) as usize;
        Base::new(rng, rows, cols)
    }

    /// The case as lines of tokens.
    fn lines(&self) -> Vec<Vec<String>> {
        let row = |cells: &[u8]| cells.iter().map(u8::to_string).collect::<Vec<_>>();
        let mut lines = vec![vec![self.rows.to_string(), self.cols.to_string()]];
        lines.extend(self.start.chunks(self.cols).map(row));
        if let Some(goal) = &self.goal {
            lines.push(vec!["goal".to_string()]);
            lines.extend(goal.chunks(self.cols).map(row));
        }
        lines
    }
}

/// The text of `lines`: tokens joined by one space, each line ended by `\n`.
fn text(lines: &[Vec<String>]) -> String {
    lines.iter().map(|line| line.join(" ") + "\n").collect()
}

/// One to three small cases.
fn cases(rng: &mut SplitMix64) -> Vec<Base> {
    let count = rng.range(1, 3) as usize;
    (0..count).map(|_| Base::small(rng)).collect()
}

/// A valid input of seed `seed`.
pub(super) fn base(seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    cases(&mut rng).iter().map(|c| text(&c.lines())).collect()
}

/// An input of seed `seed` that breaks the rule `kind`: one case of it broken, the
/// others as they are.
pub(super) fn make(kind: &str, seed: u64) -> Option<String> {
    let mut rng = invalid::rng(seed, kind);
    let rng = &mut rng;
    let mut all = cases(rng);
    let k = rng.index(all.len());
    let mut texts: Vec<String> = all.iter().map(|c| text(&c.lines())).collect();
    let base = &mut all[k];
    let n = base.rows * base.cols;
    // A cell of the start, 0-based, and its line in the case's lines.
    let cell = rng.index(n);
    let (row, col) = (1 + cell / base.cols, cell % base.cols);
    let broken = match kind {
        "repeated-tile" | "two-blanks" => {
            let value = if kind == "two-blanks" {
                0
            } else {
                1 + rng.index(n - 1) as u8
            };
            let at = base.start.iter().position(|&v| v == value)?;
            let other = (at + 1 + rng.index(n - 1)) % n;
            base.start[other] = value;
            base.lines()
        }
        "value-range" => {
            base.start[cell] = n as u8;
            base.lines()
        }
        "short-row" | "long-row" => {
            let mut lines = base.lines();
            if kind == "short-row" {
                lines[row].remove(col);
            } else {
                lines[row].insert(col, rng.index(n).to_string());
            }
            lines
        }
        "missing-row" => {
            base.goal = None;
            let mut lines = base.lines();
            lines.remove(row);
            // Last, so the input ends where the row should be (before another case, that
            // case's header might read as the row).
            texts.remove(k);
            texts.push(text(&lines));
            return Some(texts.concat());
        }
        "goal-repeated" | "goal-range" => {
            let mut goal: Vec<u8> = (0..n as u8).collect();
            rng.shuffle(&mut goal);
            if kind == "goal-repeated" {
                let other = (cell + 1 + rng.index(n - 1)) % n;
                goal[other] = goal[cell];
            } else {
                goal[cell] = n as u8 + rng.index(3) as u8;
            }
            base.goal = Some(goal);
            base.lines()
        }
        "goal-word" => {
            if base.goal.is_none() {
                base.goal = Some((0..n as u8).collect());
            }
            let mut lines = base.lines();
            let word = ["Goal", "target", "goals", "end"][rng.index(4)];
            lines[1 + base.rows] = vec![word.to_string()];
            lines
        }
        "cells-range" => {
            *base = Base::new(rng, 9, 8);
            base.lines()
        }
        "size-zero" => vec![vec!["0".to_string(), base.cols.to_string()]],
        "blank-line" => {
            if texts.len() < 2 {
                texts.push(text(&Base::small(rng).lines()));
            }
            let at = 1 + rng.index(texts.len() - 1);
            texts.insert(at, "\n".to_string());
            return Some(texts.concat());
        }
        "empty" => return Some(String::new()),
        _ => return None,
    };
    texts[k] = text(&broken);
    Some(texts.concat())
}
