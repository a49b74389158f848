//! `eight` inputs that break one rule of the judges' format (`gen --invalid`).

use crate::invalid::{self, InvalidKind};
use grid_core::SplitMix64;

pub(super) static KINDS: [InvalidKind; 7] = [
    InvalidKind::new(
        "repeated-tile",
        "a tile twice on a line (so another is missing)",
    ),
    InvalidKind::new("two-blanks", "x twice on a line (so a tile is missing)"),
    InvalidKind::new("token", "a cell other than 1-8 or x (0, 9, X, 10, a)"),
    InvalidKind::new("short-line", "a case of 8 cells"),
    InvalidKind::new("long-line", "a case of 10 cells"),
    InvalidKind::new("blank-line", "a blank line between two cases"),
    InvalidKind::new("empty", "no case at all"),
];

/// One to five random cases, solvable or not, as lines of tokens.
fn cases(rng: &mut SplitMix64) -> Vec<Vec<String>> {
    let count = rng.range(1, 5) as usize;
    (0..count)
        .map(|_| {
            let mut cells: Vec<String> = (1..=8).map(|v: u8| v.to_string()).collect();
            cells.push("x".to_string());
            rng.shuffle(&mut cells);
            cells
        })
        .collect()
}

/// The text of `lines`: tokens joined by one space, each line ended by `\n`.
fn text(lines: &[Vec<String>]) -> String {
    lines.iter().map(|line| line.join(" ") + "\n").collect()
}

/// A valid input of seed `seed`.
pub(super) fn base(seed: u64) -> String {
    text(&cases(&mut SplitMix64::new(seed)))
}

/// An input of seed `seed` that breaks the rule `kind` on one of its lines.
pub(super) fn make(kind: &str, seed: u64) -> Option<String> {
    let mut rng = invalid::rng(seed, kind);
    let rng = &mut rng;
    let mut lines = cases(rng);
    let k = rng.index(lines.len());
    let cell = rng.index(9);
    let line = &mut lines[k];
    match kind {
        "repeated-tile" | "two-blanks" => {
            let value = if kind == "two-blanks" {
                "x".to_string()
            } else {
                (1 + rng.index(8)).to_string()
            };
            let at = line.iter().position(|t| *t == value)?;
            line[(at + 1 + rng.index(8)) % 9] = value;
        }
        "token" => line[cell] = ["0", "9", "X", "10", "a", "-1"][rng.index(6)].to_string(),
        "short-line" => {
            line.remove(cell);
        }
        "long-line" => line.insert(cell, (1 + rng.index(8)).to_string()),
        "blank-line" => {
            if lines.len() < 2 {
                lines.extend(cases(rng));
            }
            let at = 1 + rng.index(lines.len() - 1);
            lines.insert(at, Vec::new());
        }
        "empty" => return Some(String::new()),
        _ => return None,
    }
    Some(text(&lines))
}
