//! The naive oracle: plain breadth-first search over whole boards.
//!
//! Deliberately naive and slow: a state is the board itself, a `Vec<u8>` of labels,
//! made canonical by relabelling pieces of equal shape in reading order; states live in
//! a hash map; a piece moves one cell at a time by rewriting the board, and a `move` is
//! found by a breadth-first search of that one piece's boards. It exists to check the fast
//! solver on small layouts and shares no code with it (nor with [`replay`](crate::replay));
//! from the crate it uses only the cells and the goal of a [`Layout`].

use crate::layout::{EMPTY, Layout};
use crate::{Limits, Metric, Move, Path, SolveError};
use grid_core::{Dir, Meter};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet, VecDeque};

/// A board: `cols` wide, row-major labels and `.`.
type Cells = Vec<u8>;

/// What the search knows of a layout: its size, which labels have equal shapes, and the
/// goal.
struct Rules {
    rows: usize,
    cols: usize,
    /// Per label byte: the labels of its shape class, sorted.
    class_of: HashMap<u8, Vec<u8>>,
    goal_class: Vec<u8>,
    goal: (usize, usize),
}

/// The cells of `label`, in reading order, as (row, col).
fn cells_of(cells: &[u8], cols: usize, label: u8) -> Vec<(usize, usize)> {
    (0..cells.len())
        .filter(|&i| cells[i] == label)
        .map(|i| (i / cols, i % cols))
        .collect()
}

/// The shape of `label`: its cells less their bounding box's corner, and the corner.
fn shape_of(cells: &[u8], cols: usize, label: u8) -> (Vec<(usize, usize)>, (usize, usize)) {
    let own = cells_of(cells, cols, label);
    let top = own.iter().map(|c| c.0).min().unwrap_or(0);
    let left = own.iter().map(|c| c.1).min().unwrap_or(0);
    let shape = own.iter().map(|&(r, c)| (r - top, c - left)).collect();
    (shape, (top, left))
}

impl Rules {
    fn new(layout: &Layout) -> Rules {
        let (rows, cols) = (layout.rows(), layout.cols());
        let cells = layout.board().cells();
        let mut labels: Vec<u8> = cells.iter().copied().filter(|&c| c != EMPTY).collect();
        labels.sort_unstable();
        labels.dedup();
        let mut class_of = HashMap::new();
        for &label in &labels {
            let shape = shape_of(cells, cols, label).0;
            let same: Vec<u8> = labels
                .iter()
                .copied()
                .filter(|&other| shape_of(cells, cols, other).0 == shape)
                .collect();
            class_of.insert(label, same);
        }
        let goal = layout.goal();
        Rules {
            rows,
            cols,
            goal_class: class_of[&(goal.label as u8)].clone(),
            class_of,
            goal: (goal.pos.row, goal.pos.col),
        }
    }

    /// The board with each class's pieces relabelled, in reading order of their first
    /// cells, with the class's labels in sorted order: one board for all swaps of equal
    /// shapes.
    fn canonical(&self, cells: &[u8]) -> Cells {
        let mut rename: HashMap<u8, u8> = HashMap::new();
        let mut used: HashMap<&[u8], usize> = HashMap::new();
        for &c in cells {
            if c == EMPTY || rename.contains_key(&c) {
                continue;
            }
            let class = self.class_of[&c].as_slice();
            let next = used.entry(class).or_insert(0);
            rename.insert(c, class[*next]);
            *next += 1;
        }
        cells
            .iter()
            .map(|&c| if c == EMPTY { EMPTY } else { rename[&c] })
            .collect()
    }

    /// Whether a piece of the goal's class has its corner on the goal.
    fn solved(&self, cells: &[u8]) -> bool {
        self.goal_class.iter().any(|&label| {
            cells.contains(&label) && shape_of(cells, self.cols, label).1 == self.goal
        })
    }

    /// The board with `label` one cell further in `dir`, if every cell of it lands on the
    /// board, on an empty cell or one of its own.
    fn shifted(&self, cells: &[u8], label: u8, dir: Dir) -> Option<Cells> {
        let mut next = cells.to_vec();
        for c in next.iter_mut().filter(|c| **c == label) {
            *c = EMPTY;
        }
        for (r, c) in cells_of(cells, self.cols, label) {
            let (r, c) = match dir {
                Dir::Up => (r.checked_sub(1)?, c),
                Dir::Down => (r + 1, c),
                Dir::Left => (r, c.checked_sub(1)?),
                Dir::Right => (r, c + 1),
            };
            if r >= self.rows || c >= self.cols || next[r * self.cols + c] != EMPTY {
                return None;
            }
            next[r * self.cols + c] = label;
        }
        Some(next)
    }

    /// Every board one move of `label` away under `metric`, with the cells it travels.
    fn moves_of(&self, cells: &[u8], label: u8, metric: Metric) -> Vec<(Cells, Vec<Dir>)> {
        let mut out = Vec::new();
        match metric {
            Metric::Step => {
                for dir in Dir::ALL {
                    if let Some(next) = self.shifted(cells, label, dir) {
                        out.push((next, vec![dir]));
                    }
                }
            }
            Metric::Slide => {
                for dir in Dir::ALL {
                    let mut here = cells.to_vec();
                    let mut dirs = Vec::new();
                    while let Some(next) = self.shifted(&here, label, dir) {
                        dirs.push(dir);
                        out.push((next.clone(), dirs.clone()));
                        here = next;
                    }
                }
            }
            Metric::Move => {
                // Breadth-first over the boards where only this piece has moved.
                let mut seen: HashSet<Cells> = HashSet::from([cells.to_vec()]);
                let mut queue = VecDeque::from([(cells.to_vec(), Vec::new())]);
                while let Some((here, dirs)) = queue.pop_front() {
                    for dir in Dir::ALL {
                        let Some(next) = self.shifted(&here, label, dir) else {
                            continue;
                        };
                        if seen.insert(next.clone()) {
                            let mut longer: Vec<Dir> = dirs.clone();
                            longer.push(dir);
                            out.push((next.clone(), longer.clone()));
                            queue.push_back((next, longer));
                        }
                    }
                }
            }
        }
        out
    }
}

/// How a board was first reached: the board before, the label moved (as it is written on
/// that board) and the cells it travelled.
type Parent = Option<(Cells, u8, Vec<Dir>)>;

/// The minimum number of moves under `metric` and an optimal path (with the input's
/// labels), or `None` when no piece of the goal's shape can reach the goal.
///
/// ```
/// use klotski::{oracle, Goal, Layout, Metric};
/// use grid_core::Pos;
///
/// let layout = Layout::from_rows(&["A.BB", "...."], Goal::new('A', Pos::new(1, 3)))?;
/// let (moves, path) = oracle::solve(&layout, Metric::Step).expect("solvable");
/// assert_eq!((moves, path.len()), (4, 4));
/// // A 2x1 piece in a 2x1 board cannot move at all.
/// let stuck = Layout::from_rows(&["A", "A"], Goal::new('A', Pos::new(0, 0)))?;
/// assert_eq!(oracle::solve(&stuck, Metric::Move).map(|s| s.0), Some(0));
/// # Ok::<(), klotski::LayoutError>(())
/// ```
pub fn solve(layout: &Layout, metric: Metric) -> Option<(u64, Path)> {
    solve_within(layout, metric, Limits::NONE)
        .unwrap_or_else(|e| unreachable!("no limits, yet {e}"))
}

/// As [`solve`], but gives up at `limits`.
///
/// # Errors
/// The limit the search stopped at ([`SolveError::Limit`]).
pub fn solve_within(
    layout: &Layout,
    metric: Metric,
    limits: Limits,
) -> Result<Option<(u64, Path)>, SolveError> {
    let rules = Rules::new(layout);
    let mut meter = Meter::start(limits);
    let start = rules.canonical(layout.board().cells());
    let mut came_from: HashMap<Cells, Parent> = HashMap::from([(start.clone(), None)]);
    meter.charge(1)?;
    let mut queue = VecDeque::from([start]);
    while let Some(board) = queue.pop_front() {
        if rules.solved(&board) {
            let path = path_to(&rules, layout, &came_from, board);
            return Ok(Some((path.len() as u64, path)));
        }
        let mut labels: Vec<u8> = board.iter().copied().filter(|&c| c != EMPTY).collect();
        labels.sort_unstable();
        labels.dedup();
        for label in labels {
            for (next, dirs) in rules.moves_of(&board, label, metric) {
                let next = rules.canonical(&next);
                if let Entry::Vacant(slot) = came_from.entry(next.clone()) {
                    slot.insert(Some((board.clone(), label, dirs)));
                    queue.push_back(next);
                    meter.charge(1)?;
                }
            }
        }
    }
    Ok(None)
}

/// The number of boards reachable from the layout's (equal shapes interchangeable).
///
/// # Errors
/// The limit the search stopped at.
pub fn reachable_within(layout: &Layout, limits: Limits) -> Result<u64, SolveError> {
    let rules = Rules::new(layout);
    let mut meter = Meter::start(limits);
    let start = rules.canonical(layout.board().cells());
    let mut seen: HashSet<Cells> = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    while let Some(board) = queue.pop_front() {
        for label in board
            .iter()
            .copied()
            .filter(|&c| c != EMPTY)
            .collect::<HashSet<u8>>()
        {
            for (next, _) in rules.moves_of(&board, label, Metric::Step) {
                let next = rules.canonical(&next);
                if seen.insert(next.clone()) {
                    queue.push_back(next);
                    meter.charge(1)?;
                }
            }
        }
    }
    Ok(seen.len() as u64)
}

/// The moves from the start to `end`, with the labels of the input: each move's label,
/// written on a canonical board, is looked up on the real board, which the move then
/// changes.
fn path_to(rules: &Rules, layout: &Layout, came_from: &HashMap<Cells, Parent>, end: Cells) -> Path {
    let mut steps = Vec::new();
    let mut at = end;
    while let Some(Some((before, label, dirs))) = came_from.get(&at) {
        steps.push((before.clone(), *label, dirs.clone()));
        at = before.clone();
    }
    steps.reverse();
    let mut real = layout.board().cells().to_vec();
    let mut moves = Vec::new();
    for (canonical, label, dirs) in steps {
        let first = canonical
            .iter()
            .position(|&c| c == label)
            .expect("on its board");
        let real_label = real[first];
        for &dir in &dirs {
            real = rules
                .shifted(&real, real_label, dir)
                .expect("a move the search made");
        }
        moves.push(Move::new(char::from(real_label), dirs));
    }
    Path::new(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Goal, replay};
    use grid_core::Pos;

    fn layout(rows: &[&str], label: char, row: usize, col: usize) -> Layout {
        Layout::from_rows(rows, Goal::new(label, Pos::new(row, col))).unwrap()
    }

    #[test]
    fn the_three_metrics_count_differently() {
        let l = layout(&["A.BB", "...."], 'A', 1, 3);
        let answer = |metric| solve(&l, metric).map(|s| s.0);
        assert_eq!(answer(Metric::Step), Some(4));
        assert_eq!(answer(Metric::Slide), Some(2));
        assert_eq!(answer(Metric::Move), Some(1));
    }

    #[test]
    fn paths_use_the_input_labels_after_swaps() {
        // C and B are interchangeable; the path must still name the real pieces.
        let l = layout(&["CB.", "..."], 'B', 0, 0);
        for metric in Metric::ALL {
            let (moves, path) = solve(&l, metric).unwrap();
            assert_eq!(moves, 0, "C already stands on B's goal");
            assert_eq!(replay(&l, metric, &path), Ok(0));
        }
        let l = layout(&["AC.", "BB."], 'C', 1, 2);
        for metric in Metric::ALL {
            let (moves, path) = solve(&l, metric).unwrap();
            assert_eq!(replay(&l, metric, &path), Ok(moves), "{path}");
        }
    }

    #[test]
    fn a_walled_in_goal_has_no_solution() {
        let l = layout(&["AB", "BB"], 'A', 1, 1);
        assert_eq!(solve(&l, Metric::Move), None);
    }

    #[test]
    fn limits_stop_the_search() {
        let l = layout(&["A....", "....."], 'A', 1, 4);
        let limits = Limits {
            max_states: Some(2),
            ..Limits::NONE
        };
        assert!(solve_within(&l, Metric::Step, limits).is_err());
    }
}
