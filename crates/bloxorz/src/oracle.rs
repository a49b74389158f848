//! The naive oracle: plain breadth-first search over the cells the box covers, on the
//! judge text.
//!
//! Deliberately naive and slow, and independent of the solver it checks: it reads the
//! judge format with its own small reader into plain rows of characters (no
//! [`Board`](crate::Board), no [`Placement`](crate::Placement), no `parsers`), states
//! are hashed sets of covered cells, and every roll is worked out from the geometry of a
//! 1x1x2 box as `specs/bloxorz.md` words it, not from a roll table. From outside the
//! module it uses only `grid_core`'s budget ([`Limits`], [`Meter`]) and [`Dir`] for the
//! paths.
//!
//! ```
//! use bloxorz::{oracle, Dir, Limits};
//!
//! // Tip over to the right onto the two middle cells, then stand up on the target; the
//! // second case has a hole in the way.
//! let answers = oracle::solve_text("1 4\nX..O\n1 3\nX#O\n0 0\n", Limits::NONE)?;
//! assert_eq!(answers, [Some((2, vec![Dir::Right, Dir::Right])), None]);
//! # Ok::<(), oracle::OracleError>(())
//! ```

use grid_core::memory::{room_in_map, room_in_queue};
use grid_core::tokens::{Token, tokens};
use grid_core::{Dir, LimitError, Limits, Meter};
use std::collections::VecDeque;
use std::collections::hash_map::Entry;

/// What the oracle's memory is for, in a message that it was refused.
const VISITED: &str = "the oracle's visited states";

/// Why the oracle gave no answer: the one type of every solver crate's oracle.
pub use grid_core::OracleError;

/// One answer: the number of rolls and their directions, or `None` for "Impossible".
pub type Answer = Option<(u64, Vec<Dir>)>;

/// The answer to every case of the judge input `text`, in order, within `limits` (a
/// budget for the whole input).
///
/// # Errors
/// Text that breaks the format (a row of the wrong length, an unknown character, not
/// exactly one `O`, no `X`, more than two, or two that do not share an edge), or the
/// limit the search stopped at.
pub fn solve_text(text: &str, limits: Limits) -> Result<Vec<Answer>, OracleError> {
    let cases = read(text)?;
    let mut meter = Meter::start(limits);
    cases.iter().map(|case| Ok(case.bfs(&mut meter)?)).collect()
}

/// For every case of `text`, the most states the oracle may visit: three per cell.
///
/// # Errors
/// Text that breaks the format, as for [`solve_text`].
pub fn state_space(text: &str) -> Result<Vec<u64>, OracleError> {
    Ok(read(text)?
        .iter()
        .map(|case| (case.rows.len() as u64).saturating_mul(case.cols as u64 * 3))
        .collect())
}

/// A cell as (row, column); off the board on either side is allowed, and empty.
type Cell = (i64, i64);

/// The cells under the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Cover {
    /// Upright on one cell.
    Standing(Cell),
    /// On two edge-adjacent cells, the smaller first (so each lying box has one name).
    Lying(Cell, Cell),
}

fn lying(a: Cell, b: Cell) -> Cover {
    Cover::Lying(a.min(b), a.max(b))
}

fn step((r, c): Cell, dir: Dir) -> Cell {
    let (dr, dc) = dir.delta();
    (r + dr as i64, c + dc as i64)
}

impl Cover {
    /// The cells under the box after rolling it over its bottom edge facing `dir`.
    fn roll(self, dir: Dir) -> Cover {
        match self {
            // Tipped over, the box's two unit cubes lie on the next two cells.
            Cover::Standing(p) => lying(step(p, dir), step(step(p, dir), dir)),
            // Rolled along its long axis: it stands up just beyond the far half.
            Cover::Lying(a, b) if step(a, dir) == b => Cover::Standing(step(b, dir)),
            Cover::Lying(a, b) if step(b, dir) == a => Cover::Standing(step(a, dir)),
            // Rolled across its axis: both halves move one cell sideways.
            Cover::Lying(a, b) => lying(step(a, dir), step(b, dir)),
        }
    }
}

/// One case as plain data.
struct Case {
    /// The rows, as written.
    rows: Vec<Vec<u8>>,
    cols: usize,
    start: Cover,
    target: Cell,
}

impl Case {
    /// The character on `cell`, `#` off the board.
    fn at(&self, (r, c): Cell) -> u8 {
        let row = usize::try_from(r).ok().and_then(|r| self.rows.get(r));
        let col = usize::try_from(c).ok();
        match (row, col) {
            (Some(row), Some(c)) => row.get(c).copied().unwrap_or(b'#'),
            _ => b'#',
        }
    }

    /// Whether the plane holds the box here: nothing over `#`, and no standing box on
    /// `E`.
    fn holds(&self, cover: Cover) -> bool {
        match cover {
            Cover::Standing(p) => !matches!(self.at(p), b'#' | b'E'),
            Cover::Lying(a, b) => self.at(a) != b'#' && self.at(b) != b'#',
        }
    }

    fn bfs(&self, meter: &mut Meter) -> Result<Answer, LimitError> {
        let goal = Cover::Standing(self.target);
        let mut came_from: Map<Cover, Option<(Cover, Dir)>> = Map::default();
        came_from.insert(self.start, None);
        let mut queue = VecDeque::from([self.start]);
        while let Some(cover) = queue.pop_front() {
            if cover == goal {
                let mut path = Vec::new();
                let mut at = cover;
                while let Some(&Some((before, dir))) = came_from.get(&at) {
                    path.push(dir);
                    at = before;
                }
                path.reverse();
                return Ok(Some((path.len() as u64, path)));
            }
            for dir in Dir::ALL {
                let next = cover.roll(dir);
                if !self.holds(next) {
                    continue;
                }
                // Room first: a visited set past the memory is an error, not an abort.
                room_in_map(&mut came_from, VISITED).map_err(LimitError::from)?;
                room_in_queue(&mut queue, VISITED).map_err(LimitError::from)?;
                if let Entry::Vacant(slot) = came_from.entry(next) {
                    slot.insert(Some((cover, dir)));
                    queue.push_back(next);
                    meter.charge(1)?;
                }
            }
        }
        Ok(None)
    }
}

/// The oracle's hash map, hashed a word at a time (rustc's `FxHasher`: the states are a few words each and the maps hold
/// up to millions of them, where the default SipHash costs most of the search; only the
/// speed differs).
type Map<K, V> = rustc_hash::FxHashMap<K, V>;

/// What a message says was found: the token, or the end of the input.
fn found(token: Option<&Token<'_>>) -> String {
    token.map_or("the end of the input".into(), |t| format!("{:?}", t.text))
}

fn error(token: Option<&Token<'_>>, end: (usize, usize), message: String) -> OracleError {
    let (line, column) = token.map_or(end, |t| (t.line, t.column));
    OracleError::Input {
        line,
        column,
        message,
    }
}

/// Every case of the judge input, each rule of the format checked. The input ends with
/// `0 0` or, at a case boundary, with the text.
fn read(text: &str) -> Result<Vec<Case>, OracleError> {
    let (tokens, end) = tokens(text);
    let mut next = 0;
    let mut cases = Vec::new();
    let number = |i: usize, what: &str| -> Result<usize, OracleError> {
        let token = tokens.get(i);
        token
            .and_then(|t| t.text.parse::<usize>().ok())
            .ok_or_else(|| {
                error(
                    token,
                    end,
                    format!("expected {what}, found {}", found(token)),
                )
            })
    };
    while next < tokens.len() {
        let (rows, cols) = (number(next, "R")?, number(next + 1, "C")?);
        next += 2;
        if (rows, cols) == (0, 0) {
            break;
        }
        if rows == 0 || cols == 0 {
            return Err(error(
                tokens.get(next - 2),
                end,
                format!("a {rows} x {cols} board"),
            ));
        }
        let mut grid = Vec::new();
        let (mut starts, mut targets) = (Vec::new(), Vec::new());
        for r in 0..rows {
            let token = tokens.get(next + r);
            let row = token.map_or(&b""[..], |t| t.text.as_bytes());
            if row.len() != cols {
                let message = format!("expected a row of {cols} cells, found {}", found(token));
                return Err(error(token, end, message));
            }
            for (c, &ch) in row.iter().enumerate() {
                let cell = (r as i64, c as i64);
                match ch {
                    b'X' => starts.push(cell),
                    b'O' => targets.push(cell),
                    b'#' | b'.' | b'E' => {}
                    _ => {
                        return Err(OracleError::Input {
                            line: token.map_or(0, |t| t.line),
                            column: token.map_or(0, |t| t.column) + c,
                            message: format!("unknown cell {:?}", char::from(ch)),
                        });
                    }
                }
            }
            grid.push(row.to_vec());
        }
        let at = tokens.get(next - 2);
        next += rows;
        let start = match starts[..] {
            [a] => Cover::Standing(a),
            [a, b] if (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1 => lying(a, b),
            [_, _] => return Err(error(at, end, "the two X do not share an edge".into())),
            _ => return Err(error(at, end, format!("{} X on the board", starts.len()))),
        };
        let [target] = targets[..] else {
            return Err(error(at, end, format!("{} O on the board", targets.len())));
        };
        cases.push(Case {
            rows: grid,
            cols,
            start,
            target,
        });
    }
    Ok(cases)
}

/// For the crate's unit tests (the generator's): `board` written in the judge format
/// from its public accessors, then solved by [`solve_text`]. The oracle itself never
/// sees a [`Board`](crate::Board).
#[cfg(test)]
pub(crate) fn solve_as_text(board: &crate::Board) -> Answer {
    use crate::Cell;
    use grid_core::Pos;
    let (rows, cols) = (board.rows(), board.cols());
    let (a, b) = board.start().cells();
    let mut text = format!("{rows} {cols}\n");
    for r in 0..rows {
        for c in 0..cols {
            let p = Pos::new(r, c);
            text.push(if p == a || Some(p) == b {
                'X'
            } else if p == board.target() {
                'O'
            } else {
                match board.cell(p) {
                    Cell::Empty => '#',
                    Cell::Fragile => 'E',
                    Cell::Rigid => '.',
                }
            });
        }
        text.push('\n');
    }
    text.push_str("0 0\n");
    let mut answers = solve_text(&text, Limits::NONE).expect("a board is a valid judge input");
    answers.pop().expect("one case")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_follow_the_spec_table() {
        let standing = Cover::Standing((3, 3));
        assert_eq!(standing.roll(Dir::Right), Cover::Lying((3, 4), (3, 5)));
        assert_eq!(standing.roll(Dir::Left), Cover::Lying((3, 1), (3, 2)));
        assert_eq!(standing.roll(Dir::Up), Cover::Lying((1, 3), (2, 3)));
        assert_eq!(standing.roll(Dir::Down), Cover::Lying((4, 3), (5, 3)));
        let flat = Cover::Lying((3, 3), (3, 4));
        assert_eq!(flat.roll(Dir::Right), Cover::Standing((3, 5)));
        assert_eq!(flat.roll(Dir::Left), Cover::Standing((3, 2)));
        assert_eq!(flat.roll(Dir::Up), Cover::Lying((2, 3), (2, 4)));
        assert_eq!(flat.roll(Dir::Down), Cover::Lying((4, 3), (4, 4)));
        let tall = Cover::Lying((3, 3), (4, 3));
        assert_eq!(tall.roll(Dir::Up), Cover::Standing((2, 3)));
        assert_eq!(tall.roll(Dir::Down), Cover::Standing((5, 3)));
        assert_eq!(tall.roll(Dir::Left), Cover::Lying((3, 2), (4, 2)));
        assert_eq!(tall.roll(Dir::Right), Cover::Lying((3, 4), (4, 4)));
    }

    #[test]
    fn the_spec_sample_takes_ten_rolls() {
        let sample = "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n0 0\n";
        let answers = solve_text(sample, Limits::NONE).unwrap();
        assert_eq!(answers.len(), 1);
        let (moves, path) = answers[0].clone().unwrap();
        assert_eq!((moves, path.len()), (10, 10));
        assert_eq!(state_space(sample), Ok(vec![147]));
    }

    #[test]
    fn the_end_of_the_text_ends_the_input_at_a_case_boundary() {
        let answers = solve_text("1 3\nXXO\n3 1\nX\n.\nO", Limits::NONE).unwrap();
        assert_eq!(answers, [Some((1, vec![Dir::Right])), None]);
        // Off the board is empty: a box lying over the edge has fallen.
        let answers = solve_text("1 2\nXO\n0 0\nwhat follows is not read", Limits::NONE);
        assert_eq!(answers, Ok(vec![None]));
    }

    #[test]
    fn broken_inputs_are_errors_that_say_where() {
        let error = |text: &str| solve_text(text, Limits::NONE).unwrap_err().to_string();
        assert_eq!(
            error("1 4\nX.?O\n0 0\n"),
            "line 2, column 3: unknown cell '?'"
        );
        assert_eq!(
            error("1 4\nX.O\n0 0\n"),
            "line 2, column 1: expected a row of 4 cells, found \"X.O\""
        );
        assert_eq!(
            error("2 2\nX.\n.X\n0 0\n"),
            "line 1, column 1: the two X do not share an edge"
        );
        assert!(error("1 5\nXXX.O\n").contains("3 X"));
        assert!(error("1 3\nX.O\n1").contains("expected C"));
        assert_eq!(error("0 5\n"), "line 1, column 1: a 0 x 5 board");
        assert!(error("3 0\n").contains("a 3 x 0 board"));
    }

    /// The oracle visits only placements the board holds: never more than its state
    /// space, so that many states are budget enough for any case.
    #[test]
    fn the_state_space_is_budget_enough() {
        let sample = "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n0 0\n";
        let impossible = "3 5\nX.#.O\n..#..\n..#..\n0 0\n";
        for text in [sample, impossible] {
            let space = state_space(text).unwrap()[0];
            let limits = Limits {
                max_states: Some(space),
                max_time: None,
            };
            assert_eq!(
                solve_text(text, limits).unwrap(),
                solve_text(text, Limits::NONE).unwrap()
            );
        }
    }
}
