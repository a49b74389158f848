//! The naive oracle: plain breadth-first search over whole bodies, on the judge text.
//!
//! Deliberately naive and slow, and independent of the solver it checks: it reads the
//! judge format with its own small reader into plain data (the lair's size, a set of
//! stones, the body as a list of squares; no [`Game`](crate::Game), no `parsers`); a
//! state is the whole body, head first, kept in a hash map with the state it came from,
//! and every step is worked out from the rules as `specs/holedox.md` words them. From
//! outside the module it uses only `grid_core`'s budget ([`Limits`], [`Meter`]) and
//! [`Dir`] for the paths.
//!
//! ```
//! use holedox::{oracle, Dir, Limits};
//!
//! // A 2x2 lair, the head on (1,2) and the tail on the exit (1,1): the head may not step
//! // onto the tail's square, so it goes round. In a 1x2 lair it cannot.
//! let answers = oracle::solve_text("2 2 2\n1 2\n1 1\n0\n1 2 2\n1 2\n1 1\n0\n0 0 0\n", Limits::NONE)?;
//! assert_eq!(answers[0], Some((3, vec![Dir::Down, Dir::Left, Dir::Up])));
//! assert_eq!(answers[1], None);
//! # Ok::<(), oracle::OracleError>(())
//! ```

use grid_core::memory::{room_in_map, room_in_queue_for, room_on_heap};
use grid_core::tokens::{Token, tokens};
use grid_core::{Dir, LimitError, Limits, Meter};
use std::collections::VecDeque;
use std::collections::hash_map::Entry;

/// What the oracle's memory is for, in a message that it was refused.
const VISITED: &str = "the oracle's visited states";

/// Why the oracle gave no answer: the one type of every solver crate's oracle.
pub use grid_core::OracleError;

/// One answer: the number of steps and the head's directions, or `None` when the head
/// can never reach (1,1).
pub type Answer = Option<(u64, Vec<Dir>)>;

/// The answer to every case of the judge input `text`, in order, within `limits` (a
/// budget for the whole input).
///
/// # Errors
/// Text that breaks the format (a missing token, a body block or a stone outside the
/// lair, two blocks on one square, consecutive blocks that do not share an edge, a stone
/// on the body, L < 2), or the limit the search stopped at.
pub fn solve_text(text: &str, limits: Limits) -> Result<Vec<Answer>, OracleError> {
    let cases = read(text)?;
    let mut meter = Meter::start(limits);
    cases.iter().map(|case| Ok(case.bfs(&mut meter)?)).collect()
}

/// For every case of `text`, the most bodies the oracle may visit: a head square, the
/// first block's side of it, then one of three ways for each further block.
///
/// # Errors
/// Text that breaks the format, as for [`solve_text`].
pub fn state_space(text: &str) -> Result<Vec<u64>, OracleError> {
    Ok(read(text)?
        .iter()
        .map(|case| {
            let turns = u32::try_from(case.body.len() - 2).unwrap_or(u32::MAX);
            (case.rows as u64)
                .saturating_mul(case.cols as u64)
                .saturating_mul(4)
                .saturating_mul(3u64.saturating_pow(turns))
        })
        .collect())
}

/// A square as (row, column), 0-based.
type Square = (usize, usize);

/// One case as plain data.
struct Case {
    rows: usize,
    cols: usize,
    stones: Set<Square>,
    /// Head first.
    body: Vec<Square>,
}

impl Case {
    /// The body after the head steps in `dir`, if the rules allow it: the head's new
    /// square is in the lair, not a stone, and under no block of the body (the tail's
    /// included, although the tail is about to leave it); then each other block moves
    /// into the square of the block before it.
    fn step(&self, body: &[Square], dir: Dir) -> Option<Vec<Square>> {
        let (r, c) = body[0];
        let (dr, dc) = dir.delta();
        let head = (
            r.checked_add_signed(dr).filter(|&r| r < self.rows)?,
            c.checked_add_signed(dc).filter(|&c| c < self.cols)?,
        );
        if self.stones.contains(&head) || body.contains(&head) {
            return None;
        }
        let mut next = Vec::with_capacity(body.len());
        next.push(head);
        next.extend_from_slice(&body[..body.len() - 1]);
        Some(next)
    }

    /// `body` as the key of the search's map: each square as one number, `r * cols + c`
    /// (the squares fit, [`read`] checks), a quarter the memory of the pairs.
    fn key(&self, body: &[Square]) -> Vec<u32> {
        body.iter()
            .map(|&(r, c)| (r * self.cols + c) as u32)
            .collect()
    }

    fn bfs(&self, meter: &mut Meter) -> Result<Answer, LimitError> {
        let start = self.body.clone();
        let mut came_from: Map<Vec<u32>, Option<(Vec<u32>, Dir)>> = Map::default();
        came_from.insert(self.key(&start), None);
        let mut queue = VecDeque::from([start]);
        while let Some(body) = queue.pop_front() {
            if body[0] == (0, 0) {
                let mut path = Vec::new();
                let mut at = self.key(&body);
                while let Some(Some((before, dir))) = came_from.get(&at) {
                    path.push(*dir);
                    at = before.clone();
                }
                path.reverse();
                return Ok(Some((path.len() as u64, path)));
            }
            let here = self.key(&body);
            for dir in Dir::ALL {
                let Some(next) = self.step(&body, dir) else {
                    continue;
                };
                // Room first, for every state until the map must grow again: a visited
                // set past the memory is an error, not an abort. Each state is two keys
                // (the entry's, its successor's) and a body on the heap.
                if came_from.len() == came_from.capacity() {
                    room_in_map(&mut came_from, VISITED).map_err(LimitError::from)?;
                    let more = came_from.capacity() - came_from.len();
                    room_in_queue_for(&mut queue, came_from.capacity(), VISITED)
                        .map_err(LimitError::from)?;
                    let heap = 3 * std::mem::size_of_val(next.as_slice());
                    room_on_heap(more, heap, VISITED).map_err(LimitError::from)?;
                }
                if let Entry::Vacant(slot) = came_from.entry(self.key(&next)) {
                    slot.insert(Some((here.clone(), dir)));
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
/// The oracle's hash set, hashed a word at a time (rustc's `FxHasher`: the states are a few words each and the maps hold
/// up to millions of them, where the default SipHash costs most of the search; only the
/// speed differs).
type Set<K> = rustc_hash::FxHashSet<K>;

/// Reads the tokens one at a time, with errors that say where.
struct Reader<'a> {
    tokens: Vec<Token<'a>>,
    next: usize,
    end: (usize, usize),
}

impl Reader<'_> {
    fn error_at(&self, i: usize, message: String) -> OracleError {
        let (line, column) = self.tokens.get(i).map_or(self.end, |t| (t.line, t.column));
        OracleError::Input {
            line,
            column,
            message,
        }
    }

    /// The next token as a number, called what `what` says in messages.
    fn number(&mut self, what: impl Fn() -> String) -> Result<usize, OracleError> {
        let i = self.next;
        self.next += 1;
        match self.tokens.get(i) {
            Some(token) => token.text.parse().map_err(|_| {
                self.error_at(i, format!("expected {}, found {:?}", what(), token.text))
            }),
            None => Err(self.error_at(
                i,
                format!("expected {}, found the end of the input", what()),
            )),
        }
    }

    /// The next two tokens as a square of a `rows x cols` lair, for `what` (`block`,
    /// `stone`) number `n`.
    fn square(
        &mut self,
        what: &str,
        n: usize,
        rows: usize,
        cols: usize,
    ) -> Result<Square, OracleError> {
        let at = self.next;
        let r = self.number(|| format!("{what} {n}'s row"))?;
        let c = self.number(|| format!("{what} {n}'s column"))?;
        if !(1..=rows).contains(&r) || !(1..=cols).contains(&c) {
            return Err(self.error_at(at, format!("{what} {n} ({r},{c}) is outside the lair")));
        }
        Ok((r - 1, c - 1))
    }
}

/// Every case of the judge input, each rule of the format checked. The input ends with
/// `0 0 0` or, at a case boundary, with the text.
fn read(text: &str) -> Result<Vec<Case>, OracleError> {
    let (tokens, end) = tokens(text);
    let mut reader = Reader {
        tokens,
        next: 0,
        end,
    };
    let mut cases = Vec::new();
    while reader.next < reader.tokens.len() {
        let at = reader.next;
        let rows = reader.number(|| "n".into())?;
        let cols = reader.number(|| "m".into())?;
        let length = reader.number(|| "L".into())?;
        if (rows, cols, length) == (0, 0, 0) {
            break;
        }
        if rows
            .checked_mul(cols)
            .is_none_or(|squares| squares > u32::MAX as usize)
        {
            let message =
                format!("a {rows} x {cols} lair has more squares than the oracle numbers");
            return Err(reader.error_at(at, message));
        }
        if rows == 0 || cols == 0 || length < 2 {
            let message = format!(
                "n = {rows}, m = {cols}, L = {length}: a lair and a snake of 2 blocks or more expected"
            );
            return Err(reader.error_at(at, message));
        }
        let mut body: Vec<Square> = Vec::new();
        for i in 1..=length {
            let at = reader.next;
            let block = reader.square("block", i, rows, cols)?;
            if body.contains(&block) {
                return Err(reader.error_at(at, format!("block {i} is on another block")));
            }
            if let Some(&(r, c)) = body.last()
                && r.abs_diff(block.0) + c.abs_diff(block.1) != 1
            {
                return Err(
                    reader.error_at(at, format!("block {i} does not touch block {}", i - 1))
                );
            }
            body.push(block);
        }
        let k = reader.number(|| "K".into())?;
        let mut stones = Set::default();
        for i in 1..=k {
            let at = reader.next;
            let stone = reader.square("stone", i, rows, cols)?;
            if body.contains(&stone) {
                return Err(reader.error_at(at, format!("stone {i} is on the body")));
            }
            stones.insert(stone);
        }
        cases.push(Case {
            rows,
            cols,
            stones,
            body,
        });
    }
    Ok(cases)
}

/// For the crate's unit tests (the generator's and the solver's): `game` written in the
/// judge format from its public accessors, then solved by [`solve_text`]. The oracle
/// itself never sees a [`Game`](crate::Game).
#[cfg(test)]
pub(crate) fn solve_as_text(game: &crate::Game) -> Answer {
    use std::fmt::Write as _;
    let (rows, cols) = (game.rows(), game.cols());
    let mut text = format!("{rows} {cols} {}\n", game.len());
    for block in game.body() {
        let _ = writeln!(text, "{} {}", block.row + 1, block.col + 1);
    }
    let stones: Vec<grid_core::Pos> = (0..rows * cols)
        .map(|i| grid_core::Pos::new(i / cols, i % cols))
        .filter(|&p| !game.is_free(p))
        .collect();
    let _ = writeln!(text, "{}", stones.len());
    for stone in stones {
        let _ = writeln!(text, "{} {}", stone.row + 1, stone.col + 1);
    }
    text.push_str("0 0 0\n");
    let mut answers = solve_text(&text, Limits::NONE).expect("a game is a valid judge input");
    answers.pop().expect("one case")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(rows: usize, cols: usize, stones: &[Square], body: &[Square]) -> Case {
        Case {
            rows,
            cols,
            stones: stones.iter().copied().collect(),
            body: body.to_vec(),
        }
    }

    fn answers(text: &str) -> Vec<Option<u64>> {
        let answers = solve_text(text, Limits::NONE).unwrap();
        answers
            .into_iter()
            .map(|a| a.map(|(moves, _)| moves))
            .collect()
    }

    #[test]
    fn a_step_moves_every_block_into_the_square_before_it() {
        let game = case(3, 3, &[], &[(1, 1), (1, 2), (2, 2)]);
        let body = &game.body;
        assert_eq!(game.step(body, Dir::Up), Some(vec![(0, 1), (1, 1), (1, 2)]));
        assert_eq!(
            game.step(body, Dir::Left),
            Some(vec![(1, 0), (1, 1), (1, 2)])
        );
        // Right is the neck's square; down is free.
        assert_eq!(game.step(body, Dir::Right), None);
        assert!(game.step(body, Dir::Down).is_some());
        // A 2x2 ring: the head's only free neighbour would be the tail's square.
        let ring = case(2, 2, &[], &[(0, 0), (0, 1), (1, 1), (1, 0)]);
        assert!(Dir::ALL.iter().all(|&d| ring.step(&ring.body, d).is_none()));
        let walled = case(2, 3, &[(1, 2)], &[(0, 2), (0, 1)]);
        for dir in [Dir::Down, Dir::Right, Dir::Up] {
            assert_eq!(walled.step(&walled.body, dir), None);
        }
    }

    #[test]
    fn the_spec_samples_and_rules_hold() {
        let sample = "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n\n\
                      4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n\n2 1\n2 2\n3 4\n4 2\n\n0 0 0\n";
        assert_eq!(answers(sample), [Some(9), None]);
        // Head on the exit: 0, even when it cannot move; a stone on the exit: never.
        assert_eq!(answers("1 2 2\n1 1\n1 2\n0\n"), [Some(0)]);
        assert_eq!(answers("3 3 2\n3 3\n3 2\n1\n1 1\n"), [None]);
        // The tail leaving the exit lets the head in.
        assert_eq!(answers("2 2 3\n2 2\n1 2\n1 1\n0\n0 0 0\n"), [Some(2)]);
        assert_eq!(state_space(sample), Ok(vec![30 * 4 * 9, 16 * 4 * 9]));
    }

    #[test]
    fn broken_inputs_are_errors_that_say_where() {
        let error = |text: &str| solve_text(text, Limits::NONE).unwrap_err().to_string();
        assert_eq!(
            error("2 2 2\n1 1\n2 2\n0\n"),
            "line 3, column 1: block 2 does not touch block 1"
        );
        assert_eq!(
            error("2 2 2\n1 1\n1 3\n0\n"),
            "line 3, column 1: block 2 (1,3) is outside the lair"
        );
        assert_eq!(
            error("2 2 2\n1 1\n1 2\n1\n1 2\n"),
            "line 5, column 1: stone 1 is on the body"
        );
        assert!(error("2 2 1\n1 1\n0\n").contains("2 blocks or more"));
        assert!(error("100000 100000 2\n1 1\n1 2\n0\n").contains("more squares"));
        assert!(error("2 2 2\n1 1\n1 2\n").contains("expected K, found the end"));
        // A lair of no rows or no columns is refused as such, before its blocks are read.
        for text in ["0 2 2\n1 1\n1 2\n0\n", "2 0 2\n1 1\n2 1\n0\n"] {
            assert_eq!(
                error(text),
                format!(
                    "line 1, column 1: n = {}, m = {}, L = 2: a lair and a snake of 2 blocks or more expected",
                    &text[..1],
                    &text[2..3]
                )
            );
        }
    }

    /// The squares are numbered in a `u32`: a lair of exactly `u32::MAX` squares
    /// (65537 x 65535) is read, one more is refused.
    #[test]
    fn a_lair_of_u32_max_squares_is_the_largest_read() {
        let largest = "65537 65535 2\n1 1\n1 2\n0\n";
        assert_eq!(state_space(largest), Ok(vec![u64::from(u32::MAX) * 4]));
        assert_eq!(answers(largest), [Some(0)], "the head is on the exit");
        let error = solve_text("65536 65536 2\n1 1\n1 2\n0\n", Limits::NONE).unwrap_err();
        assert!(error.to_string().contains("more squares"), "{error}");
    }

    /// A head square, the first block's side of it, then three ways for each block
    /// after the second: squares x 4 x 3^(L-2), for L = 2, 3 and 5.
    #[test]
    fn the_state_space_has_three_ways_per_block_after_the_second() {
        let text = "1 2 2\n1 1\n1 2\n0\n\
                    2 3 3\n1 1\n1 2\n1 3\n0\n\
                    1 5 5\n1 1\n1 2\n1 3\n1 4\n1 5\n0\n0 0 0\n";
        assert_eq!(state_space(text), Ok(vec![2 * 4, 6 * 4 * 3, 5 * 4 * 27]));
    }
}
