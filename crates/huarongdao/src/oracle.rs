//! The naive oracle: plain breadth-first search over every (blank, piece) position, on
//! the judge text.
//!
//! Deliberately simple and slow (O((n * m)^2) states per query), and independent of the
//! solver it checks: it reads the judge format with its own small reader into a plain
//! grid of `bool`s (no [`Board`](crate::Board), no [`Query`](crate::Query), no `parsers`)
//! and applies the rules as `specs/huarongdao.md` words them, the blank swapping with a
//! movable neighbour, in a hash map of whole positions. From outside the module it uses
//! only `grid_core`'s budget ([`Limits`], [`Meter`]) and [`Dir`] for the paths.
//!
//! ```
//! use huarongdao::{oracle, Dir, Limits};
//!
//! let sample = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";
//! let answers = oracle::solve_text(sample, Limits::NONE)?;
//! assert_eq!(answers[0], Some((2, vec![Dir::Up, Dir::Up])));
//! assert_eq!(answers[1], None);
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

/// One answer: the number of moves and the blank's moves, or `None` when the piece can
/// never reach the target.
pub type Answer = Option<(u64, Vec<Dir>)>;

/// The answer to every query of the judge input `text`, in order, within `limits` (a
/// budget for the whole input).
///
/// # Errors
/// Text that breaks the format (a missing or extra token, a cell other than 0/1, a
/// coordinate off the board, the blank or the piece on a fixed cell, the blank on the
/// piece), or the limit the search stopped at.
pub fn solve_text(text: &str, limits: Limits) -> Result<Vec<Answer>, OracleError> {
    let input = read(text)?;
    let mut meter = Meter::start(limits);
    input
        .queries
        .iter()
        .map(|&query| Ok(input.bfs(query, &mut meter)?))
        .collect()
}

/// For every query of `text`, the most positions the oracle may visit: `(n * m)^2`.
///
/// # Errors
/// Text that breaks the format, as for [`solve_text`].
pub fn state_space(text: &str) -> Result<Vec<u64>, OracleError> {
    let input = read(text)?;
    let cells = (input.rows * input.cols) as u64;
    Ok(vec![cells.saturating_mul(cells); input.queries.len()])
}

/// A position: the blank's cell and the piece's (row-major indices).
type Position = (usize, usize);

/// A query as three cells (row-major indices): blank, piece, target.
type Cells3 = [usize; 3];

/// The input as plain data.
struct Input {
    rows: usize,
    cols: usize,
    /// Per cell, row-major: whether it holds a movable piece (or the blank).
    movable: Vec<bool>,
    queries: Vec<Cells3>,
}

impl Input {
    /// The neighbour of `cell` in `dir`, if it is on the board.
    fn neighbour(&self, cell: usize, dir: Dir) -> Option<usize> {
        let (r, c) = (cell / self.cols, cell % self.cols);
        let (dr, dc) = dir.delta();
        let r = r.checked_add_signed(dr).filter(|&r| r < self.rows)?;
        let c = c.checked_add_signed(dc).filter(|&c| c < self.cols)?;
        Some(r * self.cols + c)
    }

    /// Breadth-first search over (blank, piece) from the query's start until the piece
    /// stands on the target.
    fn bfs(&self, [blank, piece, target]: Cells3, meter: &mut Meter) -> Result<Answer, LimitError> {
        let start = (blank, piece);
        let mut came_from: Map<Position, Option<(Position, Dir)>> = Map::default();
        came_from.insert(start, None);
        let mut queue = VecDeque::from([start]);
        while let Some(here) = queue.pop_front() {
            let (blank, piece) = here;
            if piece == target {
                let mut path = Vec::new();
                let mut at = here;
                while let Some(&Some((before, dir))) = came_from.get(&at) {
                    path.push(dir);
                    at = before;
                }
                path.reverse();
                return Ok(Some((path.len() as u64, path)));
            }
            for dir in Dir::ALL {
                // The blank moves onto a movable neighbour; that piece takes its place.
                let Some(next) = self.neighbour(blank, dir).filter(|&n| self.movable[n]) else {
                    continue;
                };
                let moved = if next == piece { blank } else { piece };
                // Room first: a visited set past the memory is an error, not an abort.
                room_in_map(&mut came_from, VISITED).map_err(LimitError::from)?;
                room_in_queue(&mut queue, VISITED).map_err(LimitError::from)?;
                if let Entry::Vacant(slot) = came_from.entry((next, moved)) {
                    slot.insert(Some((here, dir)));
                    queue.push_back((next, moved));
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

/// Reads the tokens one at a time, with errors that say where.
struct Reader<'a> {
    tokens: Vec<Token<'a>>,
    next: usize,
    end: (usize, usize),
}

impl<'a> Reader<'a> {
    fn error_at(&self, i: usize, message: String) -> OracleError {
        let (line, column) = self.tokens.get(i).map_or(self.end, |t| (t.line, t.column));
        OracleError::Input {
            line,
            column,
            message,
        }
    }

    fn left(&self) -> usize {
        self.tokens.len() - self.next
    }

    /// The next token as a number in `range`, called `what` in messages.
    fn number(
        &mut self,
        what: &str,
        range: std::ops::RangeInclusive<u64>,
    ) -> Result<u64, OracleError> {
        let i = self.next;
        let Some(token) = self.tokens.get(i) else {
            return Err(self.error_at(i, format!("expected {what}, found the end of the input")));
        };
        self.next += 1;
        match token.text.parse::<u64>() {
            Ok(n) if range.contains(&n) => Ok(n),
            _ => Err(self.error_at(
                i,
                format!(
                    "expected {what} in {}..={}, found {:?}",
                    range.start(),
                    range.end(),
                    token.text
                ),
            )),
        }
    }
}

/// The judge input as plain data, every rule of its format checked.
fn read(text: &str) -> Result<Input, OracleError> {
    let (tokens, end) = tokens(text);
    let mut reader = Reader {
        tokens,
        next: 0,
        end,
    };
    let rows = reader.number("n", 1..=u64::MAX)? as usize;
    let cols = reader.number("m", 1..=u64::MAX)? as usize;
    let q = reader.number("q", 0..=u64::MAX)? as usize;
    // Every cell and query is a token: refuse a size the text cannot hold before
    // allocating for it.
    let cells = rows
        .checked_mul(cols)
        .filter(|&cells| cells <= reader.left())
        .ok_or_else(|| reader.error_at(0, format!("{rows} x {cols} cells do not follow")))?;
    if q.checked_mul(6).is_none_or(|t| t > reader.left() - cells) {
        return Err(reader.error_at(2, format!("{q} queries do not follow")));
    }
    let mut movable = Vec::with_capacity(cells);
    for _ in 0..cells {
        movable.push(reader.number("a cell, 0 or 1", 0..=1)? == 1);
    }
    let mut queries = Vec::with_capacity(q);
    for _ in 0..q {
        let mut query = [0; 3];
        let names = [
            ("blank", "the blank's row", "the blank's column"),
            ("piece", "the piece's row", "the piece's column"),
            ("target", "the target's row", "the target's column"),
        ];
        for (k, (name, row, column)) in names.into_iter().enumerate() {
            let at = reader.next;
            let r = reader.number(row, 1..=rows as u64)? as usize;
            let c = reader.number(column, 1..=cols as u64)? as usize;
            query[k] = (r - 1) * cols + (c - 1);
            if k < 2 && !movable[query[k]] {
                return Err(reader.error_at(at, format!("the {name} is on a fixed cell")));
            }
            if k == 1 && query[1] == query[0] {
                return Err(reader.error_at(at, "the piece is on the blank".into()));
            }
        }
        queries.push(query);
    }
    if reader.left() > 0 {
        let i = reader.next;
        return Err(reader.error_at(i, "expected the end of the input".into()));
    }
    Ok(Input {
        rows,
        cols,
        movable,
        queries,
    })
}

/// For the crate's unit tests (the generator's): `board` and `query` written in the
/// judge format from their public accessors, then solved by [`solve_text`]. The oracle
/// itself never sees a [`Board`](crate::Board) or a [`Query`](crate::Query).
#[cfg(test)]
pub(crate) fn solve_as_text(board: &crate::Board, query: &crate::Query) -> Answer {
    use grid_core::Pos;
    let (rows, cols) = (board.rows(), board.cols());
    let mut text = format!("{rows} {cols} 1\n");
    for r in 0..rows {
        let row: Vec<&str> = (0..cols)
            .map(|c| {
                if board.is_movable(Pos::new(r, c)) {
                    "1"
                } else {
                    "0"
                }
            })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    for p in [query.blank, query.piece, query.target] {
        text.push_str(&format!("{} {} ", p.row + 1, p.col + 1));
    }
    let mut answers = solve_text(&text, Limits::NONE).expect("a checked query is a valid input");
    answers.pop().expect("one query")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(text: &str) -> Vec<Option<u64>> {
        solve_text(text, Limits::NONE)
            .unwrap()
            .into_iter()
            .map(|a| a.map(|(moves, _)| moves))
            .collect()
    }

    #[test]
    fn the_spec_rules_hold() {
        // S == T answers 0 wherever the blank is; T on a fixed cell answers -1.
        assert_eq!(
            answers("1 3 2\n1 1 0\n1 1 1 2 1 2\n1 1 1 2 1 3\n"),
            [Some(0), None]
        );
        // A 1 x 3 row: the piece follows the blank but can never pass it.
        assert_eq!(
            answers("1 3 2\n1 1 1\n1 1 1 2 1 1\n1 1 1 2 1 3\n"),
            [Some(1), None]
        );
        assert_eq!(answers("2 2 0\n1 1\n1 1\n"), []);
    }

    #[test]
    fn broken_inputs_are_errors_that_say_where() {
        let error = |text: &str| solve_text(text, Limits::NONE).unwrap_err().to_string();
        assert_eq!(
            error("1 2 1\n1 0\n1 2 1 1 1 1\n"),
            "line 3, column 1: the blank is on a fixed cell"
        );
        assert_eq!(
            error("1 2 1\n1 1\n1 1 1 1 1 2\n"),
            "line 3, column 5: the piece is on the blank"
        );
        assert_eq!(
            error("1 2 0\n1 2\n"),
            "line 2, column 3: expected a cell, 0 or 1 in 0..=1, found \"2\""
        );
        assert_eq!(
            error("1 2 1\n1 1\n1 1 1 3 1 1\n"),
            "line 3, column 7: expected the piece's column in 1..=2, found \"3\""
        );
        assert!(error("1 2 0\n1 1 1\n").contains("the end of the input"));
        assert!(error("100000 100000 0\n1\n").contains("do not follow"));
        // The cells are there, and two tokens after them: too few for one query (six),
        // refused before any is read.
        assert_eq!(
            error("2 2 1\n1 1\n1 1\n1 1\n"),
            "line 1, column 5: 1 queries do not follow"
        );
    }

    #[test]
    fn the_budget_stops_the_search() {
        let limits = Limits {
            max_states: Some(3),
            max_time: None,
        };
        let open = "3 3 1\n1 1 1\n1 1 1\n1 1 1\n1 1 3 3 1 1\n";
        assert!(matches!(
            solve_text(open, limits),
            Err(OracleError::Limit(_))
        ));
        assert_eq!(state_space(open), Ok(vec![81]));
    }
}
