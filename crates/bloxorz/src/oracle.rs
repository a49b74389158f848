//! The naive oracle: plain breadth-first search over the cells the box covers.
//!
//! Deliberately naive and slow: states are hashed sets of covered cells and every roll is
//! worked out from the geometry of a 1x1x2 box, not from a roll table. It exists to check
//! the fast solver on small boards and shares no code with it (nor with
//! [`Placement::roll`](crate::Placement::roll)); from the crate it uses only the cells,
//! the start and the target of a [`Board`].

use crate::SolveError;
use crate::{Board, Cell};
use grid_core::{Dir, Limits, Meter, Pos};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

/// The cells under the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Cover {
    /// Upright on one cell.
    Standing(Pos),
    /// On two edge-adjacent cells, in reading order (so each lying box has one name).
    Lying(Pos, Pos),
}

impl Cover {
    /// The box lying on `a` and `b`, whichever order they come in.
    fn lying(a: Pos, b: Pos) -> Cover {
        Cover::Lying(a.min(b), a.max(b))
    }

    /// The cells under the box after rolling it over its bottom edge facing `dir`, or
    /// `None` if a covered cell would have a negative coordinate.
    fn roll(self, dir: Dir) -> Option<Cover> {
        match self {
            // Tipped over, the box's two unit cubes lie on the next two cells.
            Cover::Standing(p) => {
                let near = p.step(dir)?;
                Some(Cover::lying(near, near.step(dir)?))
            }
            Cover::Lying(a, b) => {
                if a.step(dir) == Some(b) {
                    // Rolled along its long axis: it stands up just beyond `b`.
                    Some(Cover::Standing(b.step(dir)?))
                } else if b.step(dir) == Some(a) {
                    Some(Cover::Standing(a.step(dir)?))
                } else {
                    // Rolled across its axis: both halves move one cell sideways.
                    Some(Cover::lying(a.step(dir)?, b.step(dir)?))
                }
            }
        }
    }

    /// Whether `board` holds the box here: nothing over an empty cell (outside the
    /// board counts as empty) and no standing box on a fragile cell.
    fn is_held_by(self, board: &Board) -> bool {
        match self {
            Cover::Standing(p) => board.cell(p) == Cell::Rigid,
            Cover::Lying(a, b) => board.cell(a) != Cell::Empty && board.cell(b) != Cell::Empty,
        }
    }
}

/// The minimum number of rolls that bring the box of `board` upright onto its target,
/// and one optimal path of roll directions; `None` if no sequence of rolls does.
///
/// ```
/// use bloxorz::{Board, oracle};
/// use grid_core::Dir;
///
/// // Tip over to the right onto the two middle cells, then stand up on the target.
/// let board = Board::from_rows(&["X..O"]).unwrap();
/// assert_eq!(oracle::solve(&board), Some((2, vec![Dir::Right, Dir::Right])));
/// assert_eq!(oracle::solve(&Board::from_rows(&["X#O"]).unwrap()), None);
/// ```
pub fn solve(board: &Board) -> Option<(u64, Vec<Dir>)> {
    solve_within(board, Limits::NONE).unwrap_or_else(|e| unreachable!("no limits, yet {e}"))
}

/// As [`solve`], but gives up at `limits` (tests use it to check as many answers as
/// a budget allows).
///
/// # Errors
/// The limit the search stopped at ([`SolveError::Limit`]).
pub fn solve_within(board: &Board, limits: Limits) -> Result<Option<(u64, Vec<Dir>)>, SolveError> {
    let mut meter = Meter::start(limits);
    let start = match board.start().cells() {
        (a, None) => Cover::Standing(a),
        (a, Some(b)) => Cover::lying(a, b),
    };
    let goal = Cover::Standing(board.target());
    let mut came_from: HashMap<Cover, Option<(Cover, Dir)>> = HashMap::new();
    came_from.insert(start, None);
    let mut queue = VecDeque::from([start]);
    while let Some(cover) = queue.pop_front() {
        if cover == goal {
            let mut path = Vec::new();
            let mut at = cover;
            while let Some(&Some((prev, dir))) = came_from.get(&at) {
                path.push(dir);
                at = prev;
            }
            path.reverse();
            return Ok(Some((path.len() as u64, path)));
        }
        for dir in Dir::ALL {
            let Some(next) = cover.roll(dir).filter(|next| next.is_held_by(board)) else {
                continue;
            };
            if let Entry::Vacant(slot) = came_from.entry(next) {
                slot.insert(Some((cover, dir)));
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

    #[test]
    fn rolls_follow_the_spec_table() {
        let p = |r, c| Pos::new(r, c);
        let standing = Cover::Standing(p(3, 3));
        assert_eq!(
            standing.roll(Dir::Right),
            Some(Cover::Lying(p(3, 4), p(3, 5)))
        );
        assert_eq!(
            standing.roll(Dir::Left),
            Some(Cover::Lying(p(3, 1), p(3, 2)))
        );
        assert_eq!(standing.roll(Dir::Up), Some(Cover::Lying(p(1, 3), p(2, 3))));
        assert_eq!(
            standing.roll(Dir::Down),
            Some(Cover::Lying(p(4, 3), p(5, 3)))
        );
        let flat = Cover::Lying(p(3, 3), p(3, 4));
        assert_eq!(flat.roll(Dir::Right), Some(Cover::Standing(p(3, 5))));
        assert_eq!(flat.roll(Dir::Left), Some(Cover::Standing(p(3, 2))));
        assert_eq!(flat.roll(Dir::Up), Some(Cover::Lying(p(2, 3), p(2, 4))));
        assert_eq!(flat.roll(Dir::Down), Some(Cover::Lying(p(4, 3), p(4, 4))));
        let tall = Cover::Lying(p(3, 3), p(4, 3));
        assert_eq!(tall.roll(Dir::Up), Some(Cover::Standing(p(2, 3))));
        assert_eq!(tall.roll(Dir::Down), Some(Cover::Standing(p(5, 3))));
        assert_eq!(tall.roll(Dir::Left), Some(Cover::Lying(p(3, 2), p(4, 2))));
        assert_eq!(tall.roll(Dir::Right), Some(Cover::Lying(p(3, 4), p(4, 4))));
    }

    #[test]
    fn rolls_off_the_top_left_are_none() {
        assert_eq!(Cover::Standing(Pos::new(1, 0)).roll(Dir::Up), None);
        assert_eq!(
            Cover::Lying(Pos::new(0, 0), Pos::new(0, 1)).roll(Dir::Left),
            None
        );
        assert_eq!(
            Cover::Lying(Pos::new(0, 0), Pos::new(1, 0)).roll(Dir::Up),
            None
        );
    }

    #[test]
    fn spec_sample_takes_ten_rolls() {
        let board = Board::from_rows(&[
            "#######", "#..X###", "#..##O#", "#....E#", "#....E#", "#.....#", "#######",
        ])
        .unwrap();
        let (moves, path) = solve(&board).unwrap();
        assert_eq!((moves, path.len()), (10, 10));
    }
}
