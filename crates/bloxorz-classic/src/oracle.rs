//! The naive oracle: plain breadth-first search over whole positions.
//!
//! Deliberately naive and slow: a state is the cells under the pieces (a standing block,
//! a lying block as its two cells in reading order, or cube 1 and cube 2 in that order)
//! with one `bool` per bridge, hashed; every move is worked out from the geometry of the
//! pieces and the spec's rules, one after another. It exists to check the fast solver on
//! small levels and shares no code with it, nor with [`replay`](crate::replay) or
//! [`Placement::roll`](bloxorz::Placement::roll); from the crate it uses only the level's
//! tiles and lists.

use crate::{Action, Level, Move, Path, SolveError, Tile};
use grid_core::{Dir, Limits, Meter, Pos};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

/// The pieces: where they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Pieces {
    Standing(Pos),
    /// The block lying on two edge-adjacent cells, in reading order.
    Lying(Pos, Pos),
    /// Cube 1 and cube 2 (on cells that do not share an edge).
    Cubes(Pos, Pos),
}

/// A whole position: the pieces and whether each bridge is on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    pieces: Pieces,
    bridges: Vec<bool>,
}

/// The minimum number of moves that stand the block on the exit, and one optimal path;
/// `None` if no sequence of moves does.
///
/// ```
/// use bloxorz_classic::{oracle, Level};
///
/// let level = Level::from_rows(&["X..O"], vec![], vec![], vec![]).unwrap();
/// let (moves, path) = oracle::solve(&level).unwrap();
/// assert_eq!((moves, path.to_string().as_str()), (2, "RR"));
/// let level = Level::from_rows(&["X#.O"], vec![], vec![], vec![]).unwrap();
/// assert_eq!(oracle::solve(&level), None);
/// ```
pub fn solve(level: &Level) -> Option<(u64, Path)> {
    solve_within(level, Limits::NONE).unwrap_or_else(|e| unreachable!("no limits, yet {e}"))
}

/// As [`solve`], but gives up at `limits` (tests use it to check as many answers as a
/// budget allows).
///
/// # Errors
/// The limit the search stopped at ([`SolveError::Limit`]).
pub fn solve_within(level: &Level, limits: Limits) -> Result<Option<(u64, Path)>, SolveError> {
    let goal = Pieces::Standing(level.exit());
    let mut found = None;
    let came_from = explore(level, limits, |state| {
        let done = state.pieces == goal;
        if done {
            found = Some(state.clone());
        }
        done
    })?;
    let Some(mut at) = found else {
        return Ok(None);
    };
    let mut moves = Vec::new();
    while let Some(Some((before, mv))) = came_from.get(&at) {
        moves.push(*mv);
        at = before.clone();
    }
    moves.reverse();
    Ok(Some((moves.len() as u64, Path::from(moves))))
}

/// Every cell the block can come to stand on from the start, the exit counting as plain
/// floor, in reading order: a level whose exit is moved to one of those that is floor is
/// solvable. For tests that want solvable levels.
///
/// # Errors
/// The limit the search stopped at ([`SolveError::Limit`]).
pub fn standing_cells(level: &Level, limits: Limits) -> Result<Vec<Pos>, SolveError> {
    let came_from = explore(level, limits, |_| false)?;
    let mut cells: Vec<Pos> = came_from
        .keys()
        .filter_map(|state| match state.pieces {
            Pieces::Standing(pos) => Some(pos),
            _ => None,
        })
        .collect();
    cells.sort_unstable();
    cells.dedup();
    Ok(cells)
}

/// Breadth-first search from the start until `stop` says a state is the one wanted (or
/// every state is seen). Returns how each state seen was first reached.
fn explore(
    level: &Level,
    limits: Limits,
    mut stop: impl FnMut(&State) -> bool,
) -> Result<HashMap<State, Option<(State, Move)>>, SolveError> {
    let mut meter = Meter::start(limits);
    let start = State {
        pieces: Pieces::Standing(level.start()),
        bridges: level.bridges().iter().map(|b| b.on).collect(),
    };
    let mut came_from = HashMap::new();
    came_from.insert(start.clone(), None);
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        if stop(&state) {
            break;
        }
        for dir in Dir::ALL {
            for mv in [Move::First(dir), Move::Second(dir)] {
                let Some(next) = after(level, &state, mv) else {
                    continue;
                };
                if let Entry::Vacant(slot) = came_from.entry(next.clone()) {
                    slot.insert(Some((state.clone(), mv)));
                    queue.push_back(next);
                    meter.charge(1)?;
                }
            }
        }
    }
    Ok(came_from)
}

/// The state after `mv`, or `None` if the rules forbid it.
fn after(level: &Level, state: &State, mv: Move) -> Option<State> {
    let mut bridges = state.bridges.clone();
    let pieces = match (state.pieces, mv) {
        (Pieces::Cubes(one, two), _) => {
            let (mover, stays) = match mv {
                Move::First(_) => (one, two),
                Move::Second(_) => (two, one),
            };
            let to = next_cell(mover, mv.dir())?;
            if !is_tile(level, &bridges, to) {
                return None;
            }
            if level.tile(to) == Tile::Soft {
                press(level, to, &mut bridges);
            }
            if !is_tile(level, &bridges, to) || !is_tile(level, &bridges, stays) {
                return None;
            }
            match mv {
                Move::First(_) => cubes_or_block(to, stays),
                Move::Second(_) => cubes_or_block(stays, to),
            }
        }
        (_, Move::Second(_)) => return None, // no cube 2 while the block is whole
        (block, Move::First(dir)) => {
            let rolled = roll(block, dir)?;
            let (cells, standing) = match rolled {
                Pieces::Standing(p) => (vec![p], true),
                Pieces::Lying(a, b) => (vec![a, b], false),
                Pieces::Cubes(..) => unreachable!("a roll moves the block"),
            };
            if cells.iter().any(|&c| !is_tile(level, &bridges, c)) {
                return None;
            }
            if standing && level.tile(cells[0]) == Tile::Fragile {
                return None;
            }
            for &cell in &cells {
                let pressed = match level.tile(cell) {
                    Tile::Soft => true,
                    Tile::Heavy => standing,
                    _ => false,
                };
                if pressed {
                    press(level, cell, &mut bridges);
                }
            }
            if cells.iter().any(|&c| !is_tile(level, &bridges, c)) {
                return None;
            }
            match level.split_at(cells[0]) {
                Some(split) if standing => {
                    let [one, two] = split.landing;
                    if !is_tile(level, &bridges, one) || !is_tile(level, &bridges, two) {
                        return None;
                    }
                    cubes_or_block(one, two)
                }
                _ => rolled,
            }
        }
    };
    Some(State { pieces, bridges })
}

/// The block after rolling over its bottom edge facing `dir`, or `None` off the top or
/// the left of the plane.
fn roll(block: Pieces, dir: Dir) -> Option<Pieces> {
    match block {
        // Tipped over, the block's two halves lie on the next two cells.
        Pieces::Standing(p) => {
            let near = next_cell(p, dir)?;
            Some(lying(near, next_cell(near, dir)?))
        }
        Pieces::Lying(a, b) if next_cell(a, dir) == Some(b) => {
            Some(Pieces::Standing(next_cell(b, dir)?))
        }
        Pieces::Lying(a, b) if next_cell(b, dir) == Some(a) => {
            Some(Pieces::Standing(next_cell(a, dir)?))
        }
        // Rolled across its length: both halves move one cell sideways.
        Pieces::Lying(a, b) => Some(lying(next_cell(a, dir)?, next_cell(b, dir)?)),
        Pieces::Cubes(..) => None,
    }
}

fn lying(a: Pos, b: Pos) -> Pieces {
    Pieces::Lying(a.min(b), a.max(b))
}

/// Cube 1 on `one` and cube 2 on `two`, merged into a lying block when they touch.
fn cubes_or_block(one: Pos, two: Pos) -> Pieces {
    let touch = one.row.abs_diff(two.row) + one.col.abs_diff(two.col) == 1;
    if touch {
        lying(one, two)
    } else {
        Pieces::Cubes(one, two)
    }
}

fn next_cell(p: Pos, dir: Dir) -> Option<Pos> {
    let (dr, dc) = dir.delta();
    Some(Pos::new(
        p.row.checked_add_signed(dr)?,
        p.col.checked_add_signed(dc)?,
    ))
}

fn is_tile(level: &Level, bridges: &[bool], pos: Pos) -> bool {
    match level.tile(pos) {
        Tile::Empty => false,
        Tile::Bridge => level.bridge_at(pos).is_some_and(|b| bridges[b]),
        _ => true,
    }
}

fn press(level: &Level, pos: Pos, bridges: &mut [bool]) {
    for action in level.switch_at(pos).map_or(&[][..], |s| &s.actions) {
        match *action {
            Action::Toggle(b) => bridges[b] = !bridges[b],
            Action::On(b) => bridges[b] = true,
            Action::Off(b) => bridges[b] = false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bridge, Split, Switch};

    #[test]
    fn rolls_follow_the_spec_table() {
        let p = Pos::new;
        let standing = Pieces::Standing(p(3, 3));
        assert_eq!(
            roll(standing, Dir::Right),
            Some(Pieces::Lying(p(3, 4), p(3, 5)))
        );
        assert_eq!(
            roll(standing, Dir::Up),
            Some(Pieces::Lying(p(1, 3), p(2, 3)))
        );
        let flat = Pieces::Lying(p(3, 3), p(3, 4));
        assert_eq!(roll(flat, Dir::Left), Some(Pieces::Standing(p(3, 2))));
        assert_eq!(roll(flat, Dir::Down), Some(Pieces::Lying(p(4, 3), p(4, 4))));
        let tall = Pieces::Lying(p(3, 3), p(4, 3));
        assert_eq!(roll(tall, Dir::Down), Some(Pieces::Standing(p(5, 3))));
        assert_eq!(
            roll(tall, Dir::Right),
            Some(Pieces::Lying(p(3, 4), p(4, 4)))
        );
        assert_eq!(roll(Pieces::Standing(p(1, 0)), Dir::Up), None);
    }

    #[test]
    fn standing_cells_include_those_behind_a_bridge() {
        // The switch turns the bridge on; the block stands on every third cell.
        let level = Level::from_rows(
            &["X.o..=...O..."],
            vec![Bridge {
                on: false,
                cells: vec![Pos::new(0, 5)],
            }],
            vec![Switch {
                pos: Pos::new(0, 2),
                actions: vec![Action::On(0)],
            }],
            vec![],
        )
        .unwrap();
        let cells = standing_cells(&level, Limits::NONE).unwrap();
        let cols: Vec<usize> = cells.iter().map(|p| p.col).collect();
        assert_eq!(cols, [0, 3, 6, 9, 12], "the exit counts as floor");
        assert_eq!(solve(&level).map(|s| s.0), Some(6));
    }

    #[test]
    fn cubes_cross_what_the_block_cannot() {
        // R R split the block; cube 1 (from (1, 5)) must go first, or the cubes merge at
        // once before the orange tiles; they merge on (1, 8)-(1, 9) and R stands the
        // block on the exit: 2 + 4 + 5 + 1 moves.
        let level = Level::from_rows(
            &["X..s.EEE.O"],
            vec![],
            vec![],
            vec![Split {
                pos: Pos::new(0, 3),
                landing: [Pos::new(0, 4), Pos::new(0, 2)],
            }],
        )
        .unwrap();
        let (moves, path) = solve(&level).unwrap();
        assert_eq!(moves, 12);
        assert_eq!(crate::replay(&level, &path), Ok(12));
    }
}
