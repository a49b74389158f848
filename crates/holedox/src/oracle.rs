//! The naive oracle: plain breadth-first search over whole bodies.
//!
//! Deliberately naive and slow: a state is the whole body (every block's square, head
//! first), kept in a hash map with the state it came from, and every step is worked out
//! from the rules as the spec words them, not by [`Game::step`]. It exists to check the
//! fast solver on small lairs and shares no code with it; from the crate it uses only
//! the lair ([`Game::is_free`]), the starting body and [`EXIT`].

use crate::SolveError;
use crate::{EXIT, Game};
use grid_core::{Dir, Limits, Meter, Pos};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

/// The body after the head steps in `dir`, if the rules allow it: the head's new square
/// is in the lair, not a stone, and not under any block of `body` (the tail's square
/// included, although the tail is about to leave it); each other block then moves into
/// the square of the block before it.
fn step(game: &Game, body: &[Pos], dir: Dir) -> Option<Vec<Pos>> {
    let head = body[0].step(dir)?;
    if !game.is_free(head) || body.contains(&head) {
        return None;
    }
    let mut next = vec![head];
    next.extend(body.iter().take(body.len() - 1).copied());
    Some(next)
}

/// The minimum number of head steps that bring the head of `game`'s snake onto the exit
/// (1,1), and one optimal path of head directions; `Some((0, vec![]))` if the head is
/// already there, `None` if no sequence of steps does it (for example when a stone lies
/// on the exit).
///
/// ```
/// use grid_core::{Dir, Pos};
/// use holedox::{Game, oracle};
///
/// // A 2x2 lair, the head on (1,2) and the tail on the exit (1,1) (1-based): the head may
/// // not step onto the tail's square, so it goes round.
/// let game = Game::new(2, 2, &[], &[Pos::new(0, 1), Pos::new(0, 0)]).unwrap();
/// assert_eq!(
///     oracle::solve(&game),
///     Some((3, vec![Dir::Down, Dir::Left, Dir::Up]))
/// );
/// // In a 1x2 lair it cannot.
/// let game = Game::new(1, 2, &[], &[Pos::new(0, 1), Pos::new(0, 0)]).unwrap();
/// assert_eq!(oracle::solve(&game), None);
/// ```
pub fn solve(game: &Game) -> Option<(u64, Vec<Dir>)> {
    solve_within(game, Limits::NONE).unwrap_or_else(|e| unreachable!("no limits, yet {e}"))
}

/// As [`solve`], but gives up at `limits` (tests use it to check as many answers as
/// a budget allows).
///
/// # Errors
/// The limit the search stopped at ([`SolveError::Limit`]).
pub fn solve_within(game: &Game, limits: Limits) -> Result<Option<(u64, Vec<Dir>)>, SolveError> {
    let mut meter = Meter::start(limits);
    let start = game.body().to_vec();
    let mut came_from: HashMap<Vec<Pos>, Option<(Vec<Pos>, Dir)>> = HashMap::new();
    came_from.insert(start.clone(), None);
    let mut queue = VecDeque::from([start]);
    while let Some(body) = queue.pop_front() {
        if body[0] == EXIT {
            let mut path = Vec::new();
            let mut at = &body;
            while let Some(Some((prev, dir))) = came_from.get(at) {
                path.push(*dir);
                at = prev;
            }
            path.reverse();
            return Ok(Some((path.len() as u64, path)));
        }
        for dir in Dir::ALL {
            let Some(next) = step(game, &body, dir) else {
                continue;
            };
            if let Entry::Vacant(slot) = came_from.entry(next.clone()) {
                slot.insert(Some((body.clone(), dir)));
                queue.push_back(next);
                meter.charge(1)?;
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(rows: usize, cols: usize, stones: &[(usize, usize)], body: &[(usize, usize)]) -> Game {
        let to_pos = |&(r, c): &(usize, usize)| Pos::new(r, c);
        let stones: Vec<Pos> = stones.iter().map(to_pos).collect();
        let body: Vec<Pos> = body.iter().map(to_pos).collect();
        Game::new(rows, cols, &stones, &body).unwrap()
    }

    #[test]
    fn step_moves_every_block_into_the_square_before_it() {
        let game = game(3, 3, &[], &[(1, 1), (1, 2), (2, 2)]);
        let body = game.body();
        assert_eq!(
            step(&game, body, Dir::Up),
            Some(vec![Pos::new(0, 1), Pos::new(1, 1), Pos::new(1, 2)])
        );
        assert_eq!(
            step(&game, body, Dir::Left),
            Some(vec![Pos::new(1, 0), Pos::new(1, 1), Pos::new(1, 2)])
        );
        // Right is the neck's square; down is free.
        assert_eq!(step(&game, body, Dir::Right), None);
        assert!(step(&game, body, Dir::Down).is_some());
    }

    #[test]
    fn step_refuses_the_tail_square_stones_and_the_edge() {
        // A 2x2 ring: the head's only free neighbour would be the tail's square.
        let ring = game(2, 2, &[], &[(0, 0), (0, 1), (1, 1), (1, 0)]);
        assert!(
            Dir::ALL
                .iter()
                .all(|&d| step(&ring, ring.body(), d).is_none())
        );
        let walled = game(2, 3, &[(1, 2)], &[(0, 2), (0, 1)]);
        assert_eq!(step(&walled, walled.body(), Dir::Down), None);
        assert_eq!(step(&walled, walled.body(), Dir::Right), None);
        assert_eq!(step(&walled, walled.body(), Dir::Up), None);
    }

    #[test]
    fn head_on_the_exit_needs_no_step() {
        let game = game(3, 3, &[], &[(0, 0), (0, 1), (0, 2)]);
        assert_eq!(solve(&game), Some((0, vec![])));
    }

    #[test]
    fn stone_on_the_exit_is_never_reached() {
        let game = game(3, 3, &[(0, 0)], &[(2, 2), (2, 1)]);
        assert_eq!(solve(&game), None);
    }

    #[test]
    fn spec_samples() {
        let first = game(
            5,
            6,
            &[(1, 2), (2, 2), (2, 3)],
            &[(3, 0), (3, 1), (2, 1), (2, 0)],
        );
        let (moves, path) = solve(&first).unwrap();
        assert_eq!((moves, path.len()), (9, 9));
        let second = game(
            4,
            4,
            &[(1, 0), (1, 1), (2, 3), (3, 1)],
            &[(1, 2), (0, 2), (0, 3), (1, 3)],
        );
        assert_eq!(solve(&second), None);
    }

    #[test]
    fn the_tail_leaving_the_exit_lets_the_head_in() {
        // Head (2,2), neck (1,2), tail (1,1), 1-based: left, then up onto the vacated exit.
        let game = game(2, 2, &[], &[(1, 1), (0, 1), (0, 0)]);
        assert_eq!(solve(&game), Some((2, vec![Dir::Left, Dir::Up])));
    }
}
