//! The naive oracle: plain breadth-first search over every (blank, piece) position.
//!
//! Deliberately simple and slow (O((rows * cols)^2) per query): it exists to check the
//! fast solver on small boards. It shares no code with it beyond [`Board`].

use crate::{Board, Query, QueryError, SolveError};
use grid_core::{Dir, Limits, Meter, Pos};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

/// (blank, piece).
type State = (Pos, Pos);

/// The minimum number of moves for `query` and one optimal path, found by BFS over the
/// whole state space; `None` if the target cannot be reached.
///
/// # Errors
/// If the query breaks the rules ([`Board::check`]).
pub fn solve(board: &Board, query: &Query) -> Result<Option<(u64, Vec<Dir>)>, QueryError> {
    match solve_within(board, query, Limits::NONE) {
        Ok(answer) => Ok(answer),
        Err(SolveError::Query(e)) => Err(e),
        Err(SolveError::Limit(e)) => unreachable!("no limits, yet {e}"),
    }
}

/// As [`solve`], but gives up at `limits` (tests use it to check as many answers as
/// a budget allows).
///
/// # Errors
/// If the query breaks the rules, or the limit the search stopped at.
pub fn solve_within(
    board: &Board,
    query: &Query,
    limits: Limits,
) -> Result<Option<(u64, Vec<Dir>)>, SolveError> {
    board.check(query)?;
    let mut meter = Meter::start(limits);
    let start = (query.blank, query.piece);
    let mut came_from: HashMap<State, Option<(State, Dir)>> = HashMap::new();
    came_from.insert(start, None);
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        let (blank, piece) = state;
        if piece == query.target {
            let mut path = Vec::new();
            let mut at = state;
            while let Some(Some((prev, dir))) = came_from.get(&at) {
                path.push(*dir);
                at = *prev;
            }
            path.reverse();
            return Ok(Some((path.len() as u64, path)));
        }
        for dir in Dir::ALL {
            let Some(next_blank) = blank.step(dir) else {
                continue;
            };
            if !board.is_movable(next_blank) {
                continue;
            }
            let next_piece = if next_blank == piece { blank } else { piece };
            let next = (next_blank, next_piece);
            if let Entry::Vacant(slot) = came_from.entry(next) {
                slot.insert(Some((state, dir)));
                queue.push_back(next);
                meter.charge(1)?;
            }
        }
    }
    Ok(None)
}
