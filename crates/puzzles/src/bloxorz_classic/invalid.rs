//! Bloxorz classic levels that break one rule of the level-file format (`gen --invalid`),
//! made from a generated level of the default size (`R C`, `R` rows, then its `bridge`,
//! `switch` and `split` lines: three bridges, a switch for each, one split switch).

use crate::invalid::InvalidKind;
use grid_core::SplitMix64;

pub(super) static KINDS: [InvalidKind; 7] = [
    InvalidKind::new(
        "unknown-char",
        "a floor cell written as a character of no tile",
    ),
    InvalidKind::new("long-row", "a row one cell too long"),
    InvalidKind::new("no-exit", "the exit `O` made floor: a level with no exit"),
    InvalidKind::new("two-starts", "a floor cell made a second start `X`"),
    InvalidKind::new(
        "unlisted-switch",
        "a switch cell whose `switch` line is gone",
    ),
    InvalidKind::new(
        "split-same-cells",
        "a split whose two landing cells are one",
    ),
    InvalidKind::new(
        "split-early",
        "the `split` line before the last `switch` line",
    ),
];

/// `valid` (a generated level) with the rule `kind` broken where `rng` picks; `None`
/// when the level lacks what the kind needs.
pub(super) fn make(kind: &str, valid: &str, rng: &mut SplitMix64) -> Option<String> {
    let mut lines: Vec<String> = valid.lines().map(str::to_string).collect();
    let rows: usize = lines[0].split(' ').next()?.parse().ok()?;
    let board = 1..=rows;
    let cells_of = |lines: &[String], of: u8| -> Vec<(usize, usize)> {
        board
            .clone()
            .flat_map(|r| {
                lines[r]
                    .bytes()
                    .enumerate()
                    .filter(move |&(_, b)| b == of)
                    .map(move |(c, _)| (r, c))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let starting = |word: &str| -> Vec<usize> {
        (rows + 1..lines.len())
            .filter(|&i| lines[i].starts_with(word))
            .collect()
    };
    match kind {
        "unknown-char" | "two-starts" => {
            let floor = cells_of(&lines, b'.');
            let (r, c) = *floor.get(rng.index(floor.len().max(1)))?;
            let to = if kind == "two-starts" {
                "X"
            } else {
                ["?", "_", "*", "x"][rng.index(4)]
            };
            lines[r].replace_range(c..=c, to);
        }
        "long-row" => lines[rng.range(1, rows as u64) as usize].push('.'),
        "no-exit" => {
            let (r, c) = *cells_of(&lines, b'O').first()?;
            lines[r].replace_range(c..=c, ".");
        }
        "unlisted-switch" => {
            let switches = starting("switch ");
            let line = *switches.get(rng.index(switches.len().max(1)))?;
            lines.remove(line);
        }
        "split-same-cells" => {
            let line = *starting("split ").first()?;
            let words: Vec<&str> = lines[line].split(' ').collect();
            lines[line] = format!(
                "split {} {} {} {} {} {}",
                words[1], words[2], words[3], words[4], words[3], words[4]
            );
        }
        "split-early" => {
            let switch = *starting("switch ").last()?;
            let split = *starting("split ").first()?;
            let line = lines.remove(split);
            lines.insert(switch, line);
        }
        _ => return None,
    }
    Some(lines.iter().map(|l| format!("{l}\n")).collect())
}
