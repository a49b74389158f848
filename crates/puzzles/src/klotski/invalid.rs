//! Klotski layouts that break one rule of the format (`gen --invalid`), made from a
//! generated layout (`R C`, `R` rows, `goal L r c`).

use crate::invalid::InvalidKind;
use grid_core::SplitMix64;

pub(super) static KINDS: [InvalidKind; 4] = [
    InvalidKind::new("unknown-char", "an empty cell written other than `.`"),
    InvalidKind::new("long-row", "a row one cell too long"),
    InvalidKind::new("goal-label", "a goal whose label is no piece of the board"),
    InvalidKind::new(
        "goal-off-board",
        "a goal that puts its piece past the last row",
    ),
];

/// `valid` (a generated layout) with the rule `kind` broken where `rng` picks.
pub(super) fn make(kind: &str, valid: &str, rng: &mut SplitMix64) -> Option<String> {
    let mut lines: Vec<String> = valid.lines().map(str::to_string).collect();
    let rows = lines.len() - 2;
    let board = 1..=rows;
    match kind {
        "unknown-char" => {
            let empty: Vec<(usize, usize)> = board
                .flat_map(|r| {
                    lines[r]
                        .bytes()
                        .enumerate()
                        .map(move |(c, b)| (r, c, b))
                        .collect::<Vec<_>>()
                })
                .filter(|&(_, _, b)| b == b'.')
                .map(|(r, c, _)| (r, c))
                .collect();
            let (r, c) = empty[rng.index(empty.len())];
            lines[r].replace_range(c..=c, ["#", "_", "*", "-"][rng.index(4)]);
        }
        "long-row" => lines[rng.range(1, rows as u64) as usize].push('.'),
        "goal-label" => {
            let used: Vec<u8> = lines[1..=rows].iter().flat_map(|l| l.bytes()).collect();
            let free: Vec<u8> = (b'A'..=b'Z')
                .chain(b'a'..=b'z')
                .chain(b'0'..=b'9')
                .filter(|b| !used.contains(b))
                .collect();
            let label = char::from(free[rng.index(free.len())]);
            let goal = &mut lines[rows + 1];
            goal.replace_range(5..6, &label.to_string());
        }
        "goal-off-board" => {
            let goal: Vec<String> = lines[rows + 1].split(' ').map(str::to_string).collect();
            lines[rows + 1] = format!("goal {} {} {}", goal[1], rows + 1, goal[3]);
        }
        _ => return None,
    }
    Some(lines.iter().map(|l| format!("{l}\n")).collect())
}
