//! Holedox inputs that break one rule of the judge format (`gen --invalid`).

use crate::invalid::{self, InvalidKind};
use grid_core::SplitMix64;

pub(super) static KINDS: [InvalidKind; 15] = [
    InvalidKind::new("n-range", "n = 21, over the judge's 20"),
    InvalidKind::new("m-range", "m = 21, over the judge's 20"),
    InvalidKind::new("length-range", "L = 1 or L = 9, outside the judge's 2..=8"),
    InvalidKind::new("short-block", "a block's line without its column"),
    InvalidKind::new("block-outside", "a block outside the lair"),
    InvalidKind::new("block-overlap", "two blocks of the body on one square"),
    InvalidKind::new("block-apart", "two consecutive blocks that share no edge"),
    InvalidKind::new("stone-outside", "a stone outside the lair"),
    InvalidKind::new("stone-on-exit", "a stone on the exit (1, 1)"),
    InvalidKind::new("stone-on-body", "a stone on a block of the body"),
    InvalidKind::new("stone-twice", "two stones on one square"),
    InvalidKind::new("missing-stone", "K one more than the stones given"),
    InvalidKind::new("no-blank-line", "a case not followed by its blank line"),
    InvalidKind::new("two-blank-lines", "two blank lines after a case"),
    InvalidKind::new("missing-terminator", "no final `0 0 0` line"),
];

type Square = (usize, usize);

/// One case, 1-based squares.
#[derive(Clone)]
struct Case {
    n: usize,
    m: usize,
    body: Vec<Square>,
    stones: Vec<Square>,
    /// Whether a blank line stands between K and the first stone (as in the judge's
    /// sample; only with stones).
    blank_before_stones: bool,
    /// The `L` and `K` the case's lines say (the body's and the stones' lengths unless
    /// a kind says otherwise).
    length: usize,
    count: usize,
}

impl Case {
    /// A random valid case on `n x m` (at least 2 squares): a body of 2 to `max_len`
    /// blocks, and 0 to 4 stones.
    fn new(rng: &mut SplitMix64, n: usize, m: usize, max_len: usize) -> Case {
        let target = rng.range(2, max_len as u64) as usize;
        let body = loop {
            let mut body = vec![(
                rng.range(1, n as u64) as usize,
                rng.range(1, m as u64) as usize,
            )];
            while body.len() < target {
                let &(r, c) = body.last().expect("a head");
                let next: Vec<Square> = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                    .into_iter()
                    .filter(|&(r, c)| (1..=n).contains(&r) && (1..=m).contains(&c))
                    .filter(|p| !body.contains(p))
                    .collect();
                if next.is_empty() {
                    break;
                }
                body.push(next[rng.index(next.len())]);
            }
            if body.len() >= 2 {
                break body;
            }
        };
        let mut free: Vec<Square> = squares(n, m)
            .filter(|p| *p != (1, 1) && !body.contains(p))
            .collect();
        rng.shuffle(&mut free);
        free.truncate(rng.range(0, 4) as usize);
        Case {
            n,
            m,
            length: body.len(),
            count: free.len(),
            blank_before_stones: !free.is_empty() && rng.percent(30),
            body,
            stones: free,
        }
    }

    /// A small random case: 3 to 6 rows and columns, a body of 2 to 8 blocks.
    fn small(rng: &mut SplitMix64) -> Case {
        let n = rng.range(3, 6) as usize;
        let m = rng.range(3, 6) as usize;
        Case::new(rng, n, m, 8)
    }

    /// The squares neither the body nor a stone holds.
    fn free(&self) -> Vec<Square> {
        squares(self.n, self.m)
            .filter(|p| !self.body.contains(p) && !self.stones.contains(p))
            .collect()
    }

    /// The case's lines, its blank line after it included.
    fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!("{} {} {}", self.n, self.m, self.length)];
        lines.extend(self.body.iter().map(|(r, c)| format!("{r} {c}")));
        lines.push(self.count.to_string());
        if self.blank_before_stones {
            lines.push(String::new());
        }
        lines.extend(self.stones.iter().map(|(r, c)| format!("{r} {c}")));
        lines.push(String::new());
        lines
    }
}

/// The squares of an `n x m` lair in reading order.
fn squares(n: usize, m: usize) -> impl Iterator<Item = Square> {
    (1..=n).flat_map(move |r| (1..=m).map(move |c| (r, c)))
}

/// 1 to 3 small valid cases.
fn cases(rng: &mut SplitMix64) -> Vec<Case> {
    let count = rng.range(1, 3);
    (0..count).map(|_| Case::small(rng)).collect()
}

/// The input of `lines` (each ended by `\n`), with the final `0 0 0` when `end`.
fn text(lines: &[String], end: bool) -> String {
    let mut text: String = lines.iter().map(|line| format!("{line}\n")).collect();
    if end {
        text.push_str("0 0 0\n");
    }
    text
}

/// The lines of `cases`.
fn lines(cases: &[Case]) -> Vec<String> {
    cases.iter().flat_map(Case::lines).collect()
}

/// A valid input of seed `seed`.
pub(super) fn base(seed: u64) -> String {
    text(&lines(&cases(&mut SplitMix64::new(seed))), true)
}

/// An input of seed `seed` that breaks the rule `kind`.
pub(super) fn make(kind: &str, seed: u64) -> Option<String> {
    let mut rng = invalid::rng(seed, kind);
    let rng = &mut rng;
    let mut cases = cases(rng);
    let k = rng.index(cases.len());
    // The line where case `k` starts.
    let start = lines(&cases[..k]).len();
    let case = &mut cases[k];
    let (n, m) = (case.n, case.m);
    // Puts `square` in place of a stone of the case, or as its only stone.
    let set_stone = |case: &mut Case, rng: &mut SplitMix64, square: Square| {
        if case.stones.is_empty() {
            case.stones.push(square);
            case.count = 1;
        } else {
            let i = rng.index(case.stones.len());
            case.stones[i] = square;
        }
    };
    match kind {
        "n-range" => *case = Case::new(rng, 21, m, 8),
        "m-range" => *case = Case::new(rng, n, 21, 8),
        "length-range" => {
            if rng.percent(50) {
                case.body.truncate(1);
            } else {
                // Nine blocks back and forth along the rows, on a lair of 9 squares
                // at least; stones on what is left.
                let (n, m) = (n.max(3), m.max(3));
                let mut body: Vec<Square> = squares(n, m)
                    .map(|(r, c)| if r % 2 == 1 { (r, c) } else { (r, m + 1 - c) })
                    .take(9)
                    .collect();
                if rng.percent(50) {
                    body.reverse();
                }
                let stones: Vec<Square> = squares(n, m)
                    .filter(|p| *p != (1, 1) && !body.contains(p))
                    .take(rng.range(0, 2) as usize)
                    .collect();
                *case = Case {
                    n,
                    m,
                    body,
                    count: stones.len(),
                    blank_before_stones: false,
                    stones,
                    length: 0,
                };
            }
            case.length = case.body.len();
        }
        "short-block" => {
            let mut lines = lines(&cases);
            let line = &mut lines[start + 1 + rng.index(cases[k].body.len())];
            let cut = line.find(' ').expect("r c");
            line.truncate(cut);
            return Some(text(&lines, true));
        }
        "block-outside" => {
            let i = rng.index(case.body.len());
            if rng.percent(50) {
                case.body[i].0 = n + 1;
            } else {
                case.body[i].1 = m + 1;
            }
        }
        "block-overlap" => {
            // The third block back on the first: it still touches the second.
            case.body.truncate(2);
            case.body.push(case.body[0]);
            case.length = 3;
        }
        "block-apart" => {
            // At least 4 x 4 and no stones, so a free square away from the body's
            // second last block is left for its last.
            *case = Case::new(rng, n.max(4), m.max(4), 8);
            case.stones.clear();
            case.count = 0;
            case.blank_before_stones = false;
            let &(pr, pc) = case.body.iter().rev().nth(1).expect("two blocks");
            let away: Vec<Square> = case
                .free()
                .into_iter()
                .filter(|&(r, c)| r.abs_diff(pr) + c.abs_diff(pc) > 1)
                .collect();
            let last = case.body.len() - 1;
            case.body[last] = away[rng.index(away.len())];
        }
        "stone-outside" => {
            let square = if rng.percent(50) {
                (n + 1, rng.range(1, m as u64) as usize)
            } else {
                (rng.range(1, n as u64) as usize, m + 1)
            };
            set_stone(case, rng, square);
        }
        "stone-on-exit" => {
            // A body off the exit, so the stone breaks no other rule.
            while case.body.contains(&(1, 1)) {
                *case = Case::small(rng);
            }
            set_stone(case, rng, (1, 1));
        }
        "stone-on-body" => {
            let blocks: Vec<Square> = case.body.iter().copied().filter(|&p| p != (1, 1)).collect();
            let square = blocks[rng.index(blocks.len())];
            set_stone(case, rng, square);
        }
        "stone-twice" => {
            // Two stones at least, the second on the first's square.
            while case.stones.len() < 2 {
                *case = Case::new(rng, n, m, 4);
            }
            let i = rng.index(case.stones.len());
            let j = (i + 1 + rng.index(case.stones.len() - 1)) % case.stones.len();
            case.stones[j] = case.stones[i];
        }
        "missing-stone" => case.count += 1,
        "no-blank-line" | "two-blank-lines" => {
            let mut lines = lines(&cases);
            let blank = start + cases[k].lines().len() - 1;
            if kind == "no-blank-line" {
                lines.remove(blank);
            } else {
                lines.insert(blank, String::new());
            }
            return Some(text(&lines, true));
        }
        "missing-terminator" => return Some(text(&lines(&cases), false)),
        _ => return None,
    }
    Some(text(&lines(&cases), true))
}
