//! The naive oracle: plain breadth-first search over whole boards.
//!
//! Deliberately naive and slow: a state is the vector of the cells, hashed; a move is
//! worked out from the blank's row and column. It exists to check the fast solver on
//! small boards, and shares nothing with it: [`solve_text`] reads the `fifteen` judge
//! text with its own reader (`R C`, the start's rows, an optional `goal` and its rows,
//! case after case) into plain vectors of cells (0 for the blank), and uses no type of
//! this crate.
//!
//! ```
//! use fifteen::{Dir, Limits, oracle};
//!
//! let answers = oracle::solve_text("2 2\n1 2\n0 3\n2 2\n2 1\n3 0\n", Limits::NONE)?;
//! assert_eq!(answers, [Some((1, vec![Dir::Right])), None]);
//! # Ok::<(), oracle::OracleError>(())
//! ```

use grid_core::memory::{room_in_map, room_in_queue_for, room_on_heap, try_reserve};
use grid_core::tokens::{Token, tokens};
use grid_core::{Dir, LimitError, Limits, Meter};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

/// What the oracle's memory is for, in a message that it was refused.
const VISITED: &str = "the oracle's visited states";

/// Why the oracle gave no answer: the one type of every solver crate's oracle.
pub use grid_core::OracleError;

/// One answer: the number of moves and the blank's moves, or `None` when the goal cannot
/// be reached.
pub type Answer = Option<(u64, Vec<Dir>)>;

/// The most cells of a board, as the format allows.
const MAX_CELLS: usize = 64;

/// The answer to every case of the `fifteen` judge input `text`, in order, within
/// `limits` (a budget for the whole input).
///
/// # Errors
/// Text that breaks the format (a size out of range or over 64 cells, a row of the wrong
/// length or not on a line of its own, a value out of range or twice, a missing or extra
/// token), or the limit the search stopped at.
pub fn solve_text(text: &str, limits: Limits) -> Result<Vec<Answer>, OracleError> {
    let cases = read(text)?;
    let mut meter = Meter::start(limits);
    cases
        .iter()
        .map(|case| {
            search(case.rows, case.cols, &case.start, &case.goal, &mut meter)
                .map_err(OracleError::from)
        })
        .collect()
}

/// One case: the board's size, its start and its goal, row by row.
struct Case {
    rows: usize,
    cols: usize,
    start: Vec<u8>,
    goal: Vec<u8>,
}

/// Every case of the input, each rule of the format checked: the tokens taken a line at
/// a time.
fn read(text: &str) -> Result<Vec<Case>, OracleError> {
    let (tokens, end) = tokens(text);
    let mut lines: Vec<&[Token<'_>]> = tokens.chunk_by(|a, b| a.line == b.line).collect::<Vec<_>>();
    lines.reverse(); // popped from the back: the first line last
    let error = |line: Option<&[Token<'_>]>, message: String| {
        let (line, column) = line.map_or(end, |l| (l[0].line, l[0].column));
        OracleError::Input {
            line,
            column,
            message,
        }
    };
    let mut cases = Vec::new();
    while let Some(size) = lines.pop() {
        let number = |t: &Token<'_>| t.text.parse::<usize>().ok();
        let (rows, cols) = match size {
            [r, c] => match (number(r), number(c)) {
                (Some(r), Some(c)) if r >= 1 && c >= 1 && r.saturating_mul(c) <= MAX_CELLS => {
                    (r, c)
                }
                _ => {
                    return Err(error(
                        Some(size),
                        "expected a size R C of 1 to 64 cells".into(),
                    ));
                }
            },
            _ => return Err(error(Some(size), "expected a line `R C`".into())),
        };
        let board = |what: &str, lines: &mut Vec<&[Token<'_>]>| {
            let mut cells = Vec::with_capacity(rows * cols);
            for _ in 0..rows {
                let line = lines.pop();
                let row = line.filter(|l| l.len() == cols).ok_or_else(|| {
                    error(
                        line,
                        format!("expected a row of {cols} cells of the {what}"),
                    )
                })?;
                for token in row {
                    let value = number(token)
                        .filter(|&v| v < rows * cols && !cells.contains(&(v as u8)))
                        .ok_or_else(|| {
                            error(
                                Some(std::slice::from_ref(token)),
                                format!(
                                    "expected a value below {} not seen yet in the {what}",
                                    rows * cols
                                ),
                            )
                        })?;
                    cells.push(value as u8);
                }
            }
            Ok::<_, OracleError>(cells)
        };
        let start = board("start", &mut lines)?;
        let goal = match lines.last() {
            Some([word]) if word.text == "goal" => {
                lines.pop();
                board("goal", &mut lines)?
            }
            _ => (1..rows * cols).map(|v| v as u8).chain([0]).collect(),
        };
        cases.push(Case {
            rows,
            cols,
            start,
            goal,
        });
    }
    if cases.is_empty() {
        return Err(error(None, "expected a case".into()));
    }
    Ok(cases)
}

/// The blank's moves in the order of their letters' bytes (`D L R U`): the order in
/// which [`Space::first_path`] breaks ties.
pub const LETTER_ORDER: [Dir; 4] = [Dir::Down, Dir::Left, Dir::Right, Dir::Up];

/// The arrangement after the blank of `cells` moves in `dir`, if it stays on the board.
fn moved(rows: usize, cols: usize, cells: &[u8], dir: Dir) -> Option<Vec<u8>> {
    let blank = cells.iter().position(|&v| v == 0)?;
    let (row, col) = (blank / cols, blank % cols);
    let (r, c) = match dir {
        Dir::Up => (row.checked_sub(1)?, col),
        Dir::Down => (row + 1, col),
        Dir::Left => (row, col.checked_sub(1)?),
        Dir::Right => (row, col + 1),
    };
    if r >= rows || c >= cols {
        return None;
    }
    let mut next = cells.to_vec();
    next.swap(blank, r * cols + c);
    Some(next)
}

/// The minimum number of moves from `start` to `goal` on a `rows x cols` board and one
/// shortest path of the blank's moves (`None`: the goal cannot be reached), the states
/// reached charged to `meter`.
fn search(
    rows: usize,
    cols: usize,
    start: &[u8],
    goal: &[u8],
    meter: &mut Meter,
) -> Result<Answer, LimitError> {
    // Every state reached, with the index of the one it was reached from and the move.
    let mut states: Vec<(Vec<u8>, usize, Option<Dir>)> = vec![(start.to_vec(), 0, None)];
    let mut seen: HashMap<Vec<u8>, usize> = HashMap::from([(start.to_vec(), 0)]);
    let mut queue = VecDeque::from([0]);
    while let Some(i) = queue.pop_front() {
        if states[i].0 == goal {
            let mut path = Vec::new();
            let mut at = i;
            while let (_, parent, Some(dir)) = &states[at] {
                path.push(*dir);
                at = *parent;
            }
            path.reverse();
            return Ok(Some((path.len() as u64, path)));
        }
        for dir in Dir::ALL {
            let Some(next) = moved(rows, cols, &states[i].0, dir) else {
                continue;
            };
            // Room first, for every state until the set must grow again: a visited set
            // past the memory is an error, not an abort. Each state is two
            // arrangements on the heap (the key, the list's copy).
            if seen.len() == seen.capacity() {
                room_in_map(&mut seen, VISITED).map_err(LimitError::from)?;
                let more = seen.capacity() - seen.len();
                try_reserve(&mut states, more, VISITED).map_err(LimitError::from)?;
                room_in_queue_for(&mut queue, seen.capacity(), VISITED)
                    .map_err(LimitError::from)?;
                room_on_heap(more, 2 * (rows * cols).max(16), VISITED).map_err(LimitError::from)?;
            }
            if let Entry::Vacant(slot) = seen.entry(next.clone()) {
                meter.charge(1)?;
                slot.insert(states.len());
                queue.push_back(states.len());
                states.push((next, i, Some(dir)));
            }
        }
    }
    Ok(None)
}

/// Every arrangement that can reach a goal, with its distance: one breadth-first search
/// from the goal (moves can be undone, so the distance from the goal is the distance to
/// it).
///
/// ```
/// use fifteen::oracle::Space;
///
/// let space = Space::explore(2, 2, &[1, 2, 3, 0]);
/// assert_eq!(space.len(), 12);
/// assert_eq!(space.distance(&[0, 3, 2, 1]), Some(6));
/// assert_eq!(space.distance(&[2, 1, 3, 0]), None);
/// ```
#[derive(Clone, Debug)]
pub struct Space {
    rows: usize,
    cols: usize,
    distances: rustc_hash::FxHashMap<Vec<u8>, u32>,
}

impl Space {
    /// Explores all the arrangements of a `rows x cols` board that reach `goal`.
    pub fn explore(rows: usize, cols: usize, goal: &[u8]) -> Space {
        // rustc's FxHasher, as the other crates' oracles: the whole space of a 2 x 5
        // board (1.8 million arrangements) is hashed several times over.
        let mut distances = rustc_hash::FxHashMap::default();
        distances.insert(goal.to_vec(), 0u32);
        let mut queue = VecDeque::from([goal.to_vec()]);
        while let Some(cells) = queue.pop_front() {
            let d = distances[&cells];
            for dir in Dir::ALL {
                let Some(next) = moved(rows, cols, &cells, dir) else {
                    continue;
                };
                if let Entry::Vacant(slot) = distances.entry(next.clone()) {
                    slot.insert(d + 1);
                    queue.push_back(next);
                }
            }
        }
        Space {
            rows,
            cols,
            distances,
        }
    }

    /// The number of arrangements, the goal included.
    pub fn len(&self) -> usize {
        self.distances.len()
    }

    /// Whether there are none (never: the goal is one).
    pub fn is_empty(&self) -> bool {
        self.distances.is_empty()
    }

    /// The distance of `cells` to the goal, `None` if it cannot reach it.
    pub fn distance(&self, cells: &[u8]) -> Option<u32> {
        self.distances.get(cells).copied()
    }

    /// Every arrangement with its distance, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&[u8], u32)> + '_ {
        self.distances
            .iter()
            .map(|(cells, &d)| (cells.as_slice(), d))
    }

    /// The shortest path from `cells` to the goal that comes first in the order of the
    /// letters' bytes (`D < L < R < U`): at each step the first move, in that order, to
    /// an arrangement one closer. `None` if `cells` cannot reach the goal.
    pub fn first_path(&self, cells: &[u8]) -> Option<Vec<Dir>> {
        self.first_path_in(cells, LETTER_ORDER)
    }

    /// The shortest path from `cells` to the goal that comes first in `order`: at each
    /// step the first move, in that order, to an arrangement one closer.
    pub fn first_path_in(&self, cells: &[u8], order: [Dir; 4]) -> Option<Vec<Dir>> {
        let mut here = cells.to_vec();
        let mut left = self.distance(&here)?;
        let mut path = Vec::with_capacity(left as usize);
        while left > 0 {
            let (dir, next) = order
                .iter()
                .find_map(|&dir| {
                    let next = moved(self.rows, self.cols, &here, dir)?;
                    (self.distance(&next) == Some(left - 1)).then_some((dir, next))
                })
                .expect("a state at distance d > 0 has a neighbour at d - 1");
            path.push(dir);
            here = next;
            left -= 1;
        }
        Some(path)
    }

    /// The largest distance, and how many arrangements are that far.
    pub fn farthest(&self) -> (u32, usize) {
        let max = self.distances.values().copied().max().unwrap_or(0);
        let count = self.distances.values().filter(|&&d| d == max).count();
        (max, count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_puzzle_space_is_the_known_one() {
        let space = Space::explore(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
        assert_eq!(space.len(), 181_440);
        assert_eq!(space.farthest(), (31, 2));
        let sample = [2, 3, 4, 1, 5, 0, 7, 6, 8];
        let path: String = space
            .first_path(&sample)
            .unwrap()
            .iter()
            .map(|d| d.letter().to_ascii_lowercase())
            .collect();
        assert_eq!(path, "dlurullddrurdllurdr");
    }

    /// Every arrangement the space lists is one it knows at its distance, and the 2 x 2
    /// board's two halves are 12 arrangements each, the farthest 6 moves away.
    #[test]
    fn a_space_lists_each_arrangement_at_its_distance() {
        let space = Space::explore(2, 2, &[1, 2, 3, 0]);
        assert!(!space.is_empty());
        let listed: Vec<(&[u8], u32)> = space.iter().collect();
        assert_eq!(listed.len(), space.len());
        assert_eq!(space.len(), 12);
        for &(cells, d) in &listed {
            assert_eq!(space.distance(cells), Some(d), "{cells:?}");
        }
        assert_eq!(listed.iter().map(|&(_, d)| d).max(), Some(6));
        assert_eq!(space.distance(&[2, 1, 3, 0]), None);
    }

    #[test]
    fn solve_text_finds_a_shortest_path_and_stops_at_its_limit() {
        let text = "2 3\n0 1 2\n4 5 3\n";
        let answers = solve_text(text, Limits::NONE).unwrap();
        let (moves, path) = answers[0].clone().unwrap();
        assert_eq!(moves, path.len() as u64);
        let limits = Limits {
            max_states: Some(3),
            max_time: None,
        };
        let far = "2 3\n5 4 3\n2 1 0\ngoal\n1 2 3\n4 5 0\n";
        assert_eq!(
            solve_text(far, limits),
            Err(OracleError::Limit(LimitError::States(3)))
        );
    }

    #[test]
    fn solve_text_reads_the_goal_and_refuses_what_breaks_the_format() {
        let text = "1 3\n1 0 2\ngoal\n0 1 2\n\n1 2\n0 1\n";
        let answers = solve_text(text, Limits::NONE).unwrap();
        assert_eq!(
            answers,
            [Some((1, vec![Dir::Left])), Some((1, vec![Dir::Right]))]
        );
        for (bad, at) in [
            ("", (1, 1)),
            ("2 2\n1 2\n3\n", (3, 1)),
            ("2 2\n1 2 3 0\n", (2, 1)),
            ("2 2\n1 2\n2 0\n", (3, 1)),
            ("2 2\n1 2\n3 4\n", (3, 3)),
            ("9 9\n", (1, 1)),
            ("2 2 2\n", (1, 1)),
            ("2 2\n1 2\n3 0\ngoal\n1 2\n", (6, 1)),
            // A lone word after the start other than `goal` is no goal: the next size.
            ("1 2\n1 0\n5\n0 1\n", (3, 1)),
        ] {
            match solve_text(bad, Limits::NONE) {
                Err(OracleError::Input { line, column, .. }) => {
                    assert_eq!((line, column), at, "{bad:?}");
                }
                other => panic!("{bad:?}: {other:?}"),
            }
        }
    }
}
