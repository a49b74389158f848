//! The naive oracle: plain breadth-first search over whole positions, on the layout
//! file.
//!
//! Deliberately naive and slow, and independent of the solver it checks: it reads the
//! layout format with its own small reader into plain data (each piece's label, shape
//! and the corner of its bounding box; no [`Layout`](crate::Layout), no state code, no
//! `parsers`). A state is the sorted list of (shape, corner) of every piece, so pieces of
//! one shape are interchangeable as `specs/klotski.md` says; states live in a hash map; a
//! piece moves one cell at a time on a grid of occupied cells, and a `move` is found by a
//! breadth-first search of that one piece's corners. From outside the module it uses only
//! `grid_core`'s budget ([`Limits`], [`Meter`]), [`Dir`], and the crate's [`Metric`] (the
//! question) and [`Path`] and [`Move`] (the answer's notation).
//!
//! ```
//! use klotski::{oracle, Limits, Metric};
//!
//! let text = "2 4\nA.BB\n....\ngoal A 2 4\n";
//! let (moves, path) = oracle::solve_text(text, Metric::Step, Limits::NONE)?.expect("solvable");
//! assert_eq!((moves, path.len()), (4, 4));
//! // A 2x1 piece in a 2x1 board cannot move at all, but stands on its goal already.
//! let stuck = oracle::solve_text("2 1\nA\nA\ngoal A 1 1\n", Metric::Move, Limits::NONE)?;
//! assert_eq!(stuck.map(|s| s.0), Some(0));
//! # Ok::<(), oracle::OracleError>(())
//! ```

use crate::{Metric, Move, Path};
use grid_core::memory::{room_in_map, room_in_queue_for, room_in_set, room_on_heap};
use grid_core::tokens::tokens;
use grid_core::{Dir, LimitError, Limits, Meter};
use std::collections::VecDeque;
use std::collections::hash_map::Entry;

/// What the oracle's memory is for, in a message that it was refused.
const VISITED: &str = "the oracle's visited states";

/// Why the oracle gave no answer: the one type of every solver crate's oracle.
pub use grid_core::OracleError;

/// The answer: the number of moves and an optimal path with the input's labels, or
/// `None` when no piece of the goal piece's shape can reach the goal.
pub type Answer = Option<(u64, Path)>;

/// The minimum number of moves under `metric` for the layout file `text`, and an optimal
/// path, within `limits`.
///
/// # Errors
/// Text that breaks the layout format, or the limit the search stopped at.
pub fn solve_text(text: &str, metric: Metric, limits: Limits) -> Result<Answer, OracleError> {
    let plan = read(text)?;
    let mut meter = Meter::start(limits);
    let start = plan.start();
    let goal = (plan.goal_class, plan.goal);
    let mut came_from: Map<State, Option<(State, Step)>> = Map::default();
    came_from.insert(start.clone(), None);
    meter.charge(1)?;
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        if state.contains(&goal) {
            let path = plan.path_to(&came_from, state);
            return Ok(Some((path.len() as u64, path)));
        }
        for (next, step) in plan.moves(&state, metric) {
            // Room first, for every state until the map must grow again: a visited set
            // past the memory is an error, not an abort. Each state is three lists of
            // pieces on the heap (the key, the value's, the queue's) and a step.
            if came_from.len() == came_from.capacity() {
                room_in_map(&mut came_from, VISITED).map_err(LimitError::from)?;
                let more = came_from.capacity() - came_from.len();
                room_in_queue_for(&mut queue, came_from.capacity(), VISITED)
                    .map_err(LimitError::from)?;
                room_on_heap(more, 3 * heap_of(&next) + 64, VISITED).map_err(LimitError::from)?;
            }
            if let Entry::Vacant(slot) = came_from.entry(next.clone()) {
                slot.insert(Some((state.clone(), step)));
                queue.push_back(next);
                meter.charge(1)?;
            }
        }
    }
    Ok(None)
}

/// The number of positions reachable from the layout file's (pieces of one shape
/// interchangeable), within `limits`.
///
/// # Errors
/// Text that breaks the layout format, or the limit the search stopped at.
pub fn reachable_text(text: &str, limits: Limits) -> Result<u64, OracleError> {
    let plan = read(text)?;
    let mut meter = Meter::start(limits);
    let start = plan.start();
    let mut seen: Set<State> = Set::default();
    seen.insert(start.clone());
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        for (next, _) in plan.moves(&state, Metric::Step) {
            if seen.len() == seen.capacity() {
                room_in_set(&mut seen, VISITED).map_err(LimitError::from)?;
                let more = seen.capacity() - seen.len();
                room_in_queue_for(&mut queue, seen.capacity(), VISITED)
                    .map_err(LimitError::from)?;
                room_on_heap(more, 2 * heap_of(&next), VISITED).map_err(LimitError::from)?;
            }
            if seen.insert(next.clone()) {
                queue.push_back(next);
                meter.charge(1)?;
            }
        }
    }
    Ok(seen.len() as u64)
}

/// The most positions the oracle may visit on the layout file `text`: the ways to choose
/// the covered cells times the orders of the pieces' shapes in reading order (a
/// position is one of those: its covered cells and, in reading order of their first
/// cells, the shape each piece has).
///
/// # Errors
/// Text that breaks the layout format.
pub fn state_space(text: &str) -> Result<u64, OracleError> {
    let plan = read(text)?;
    let cells = plan.rows * plan.cols;
    let covered: usize = plan.pieces.iter().map(|p| plan.shapes[p.class].len()).sum();
    let mut counts = vec![0usize; plan.shapes.len()];
    for piece in &plan.pieces {
        counts[piece.class] += 1;
    }
    // C(cells, covered) * pieces! / prod(count!), as a product of binomials.
    let mut total = binomial(cells, covered);
    let mut placed = 0;
    for count in counts {
        placed += count;
        total = total.saturating_mul(binomial(placed, count));
    }
    Ok(u64::try_from(total).unwrap_or(u64::MAX))
}

/// `n` choose `k`, saturating.
fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut value: u128 = 1;
    for i in 0..k as u128 {
        value = value.saturating_mul(n as u128 - i) / (i + 1);
    }
    value
}

/// A cell or a corner as (row, column), 0-based.
type Cell = (usize, usize);

/// A position: (shape class, corner of the bounding box) of every piece, sorted.
type State = Vec<(usize, Cell)>;

/// The bytes a state holds on the heap.
fn heap_of(state: &State) -> usize {
    std::mem::size_of_val(state.as_slice())
}

/// One move as the search made it: the shape class, the corner it left and the one it
/// reached, and the cells it travelled.
type Step = (usize, Cell, Cell, Vec<Dir>);

/// A piece of the input.
#[derive(Clone, Copy, Debug)]
struct Piece {
    label: char,
    class: usize,
    corner: Cell,
}

/// The layout as plain data.
struct Plan {
    rows: usize,
    cols: usize,
    /// Per shape class: its cells, relative to its bounding box's corner.
    shapes: Vec<Vec<Cell>>,
    pieces: Vec<Piece>,
    goal_class: usize,
    goal: Cell,
}

impl Plan {
    fn start(&self) -> State {
        let mut state: State = self.pieces.iter().map(|p| (p.class, p.corner)).collect();
        state.sort_unstable();
        state
    }

    /// The cells of a piece of `class` with its corner on `corner`, if all are on the
    /// board.
    fn cells(&self, class: usize, (r, c): Cell) -> Option<Vec<usize>> {
        self.shapes[class]
            .iter()
            .map(|&(dr, dc)| {
                let (r, c) = (r + dr, c + dc);
                (r < self.rows && c < self.cols).then_some(r * self.cols + c)
            })
            .collect()
    }

    /// Whether a piece of `class` fits on `corner` when `taken` marks the cells of the
    /// other pieces.
    fn fits(&self, class: usize, corner: Cell, taken: &[bool]) -> bool {
        self.cells(class, corner)
            .is_some_and(|cells| cells.iter().all(|&i| !taken[i]))
    }

    /// Every position one move away under `metric`, with the move.
    fn moves(&self, state: &State, metric: Metric) -> Vec<(State, Step)> {
        let mut out = Vec::new();
        for (i, &(class, from)) in state.iter().enumerate() {
            let mut taken = vec![false; self.rows * self.cols];
            for (j, &(other, corner)) in state.iter().enumerate() {
                if j != i {
                    for cell in self.cells(other, corner).unwrap_or_default() {
                        taken[cell] = true;
                    }
                }
            }
            let shifted = |(r, c): Cell, dir: Dir| {
                let (dr, dc) = dir.delta();
                let corner = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
                self.fits(class, corner, &taken).then_some(corner)
            };
            let mut reached: Vec<(Cell, Vec<Dir>)> = Vec::new();
            match metric {
                Metric::Step => {
                    for dir in Dir::ALL {
                        reached.extend(shifted(from, dir).map(|to| (to, vec![dir])));
                    }
                }
                Metric::Slide => {
                    for dir in Dir::ALL {
                        let (mut here, mut dirs) = (from, Vec::new());
                        while let Some(to) = shifted(here, dir) {
                            dirs.push(dir);
                            reached.push((to, dirs.clone()));
                            here = to;
                        }
                    }
                }
                Metric::Move => {
                    // Breadth-first over the corners this piece alone can reach.
                    let mut seen = Set::default();
                    seen.insert(from);
                    let mut queue = VecDeque::from([(from, Vec::new())]);
                    while let Some((here, dirs)) = queue.pop_front() {
                        for dir in Dir::ALL {
                            let Some(to) = shifted(here, dir).filter(|&to| seen.insert(to)) else {
                                continue;
                            };
                            let mut longer = dirs.clone();
                            longer.push(dir);
                            reached.push((to, longer.clone()));
                            queue.push_back((to, longer));
                        }
                    }
                }
            }
            for (to, dirs) in reached {
                let mut next = state.clone();
                next[i] = (class, to);
                next.sort_unstable();
                out.push((next, (class, from, to, dirs)));
            }
        }
        out
    }

    /// The moves from the start to `end`, with the input's labels: each move's piece is
    /// the one of its shape standing where the move began, followed from the start.
    fn path_to(&self, came_from: &Map<State, Option<(State, Step)>>, end: State) -> Path {
        let mut steps = Vec::new();
        let mut at = end;
        while let Some(Some((before, step))) = came_from.get(&at) {
            steps.push(step.clone());
            at = before.clone();
        }
        steps.reverse();
        let mut pieces = self.pieces.clone();
        let mut moves = Vec::new();
        for (class, from, to, dirs) in steps {
            if let Some(piece) = pieces
                .iter_mut()
                .find(|p| p.class == class && p.corner == from)
            {
                piece.corner = to;
                moves.push(Move::new(piece.label, dirs));
            }
        }
        Path::new(moves)
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

/// The layout file as plain data, every rule of the format checked.
fn read(text: &str) -> Result<Plan, OracleError> {
    let (tokens, end) = tokens(text);
    let error = |i: usize, message: String| {
        let (line, column) = tokens.get(i).map_or(end, |t| (t.line, t.column));
        OracleError::Input {
            line,
            column,
            message,
        }
    };
    let word = |i: usize, what: &str| {
        tokens
            .get(i)
            .map(|t| t.text)
            .ok_or_else(|| error(i, format!("expected {what}, found the end of the input")))
    };
    let number = |i: usize, what: &str| {
        let text = word(i, what)?;
        text.parse::<usize>()
            .map_err(|_| error(i, format!("expected {what}, found {text:?}")))
    };
    let (rows, cols) = (number(0, "R")?, number(1, "C")?);
    if rows == 0 || cols == 0 {
        return Err(error(0, format!("a {rows} x {cols} board has no cells")));
    }
    let mut grid: Vec<char> = Vec::new();
    for r in 0..rows {
        let row = word(2 + r, "a row")?;
        if row.chars().count() != cols {
            return Err(error(2 + r, format!("expected a row of {cols} cells")));
        }
        for (c, ch) in row.chars().enumerate() {
            if ch != '.' && !ch.is_ascii_alphanumeric() {
                return Err(OracleError::Input {
                    line: tokens[2 + r].line,
                    column: tokens[2 + r].column + c,
                    message: format!("expected `.` or a label A-Z a-z 0-9, found {ch:?}"),
                });
            }
            grid.push(ch);
        }
    }
    let at = 2 + rows;
    if word(at, "goal")? != "goal" {
        return Err(error(at, "expected goal".into()));
    }
    let goal_label = word(at + 1, "the goal's label")?;
    let (goal_row, goal_col) = (number(at + 2, "a row")?, number(at + 3, "a column")?);
    if tokens.len() > at + 4 {
        return Err(error(at + 4, "expected the end of the input".into()));
    }
    // The pieces in reading order of their first cells, each label 4-connected.
    let mut shapes: Vec<Vec<Cell>> = Vec::new();
    let mut pieces: Vec<Piece> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for first in 0..rows * cols {
        let label = grid[first];
        if label == '.' || !seen.insert(label) {
            continue;
        }
        let cells: Vec<Cell> = (0..rows * cols)
            .filter(|&i| grid[i] == label)
            .map(|i| (i / cols, i % cols))
            .collect();
        let mut joined = vec![cells[0]];
        let mut next = 0;
        while let Some(&(r, c)) = joined.get(next) {
            next += 1;
            for cell in [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ] {
                if cells.contains(&cell) && !joined.contains(&cell) {
                    joined.push(cell);
                }
            }
        }
        if joined.len() != cells.len() {
            return Err(error(
                2 + first / cols,
                format!("the cells of {label} are not 4-connected"),
            ));
        }
        let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let shape: Vec<Cell> = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
        let class = shapes.iter().position(|s| *s == shape).unwrap_or_else(|| {
            shapes.push(shape);
            shapes.len() - 1
        });
        pieces.push(Piece {
            label,
            class,
            corner: (top, left),
        });
    }
    let Some(goal_piece) = pieces
        .iter()
        .find(|p| goal_label.len() == 1 && p.label.to_string() == goal_label)
    else {
        return Err(error(
            at + 1,
            format!("no piece {goal_label:?} on the board"),
        ));
    };
    let goal_class = goal_piece.class;
    let height = shapes[goal_class].iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let width = shapes[goal_class].iter().map(|c| c.1).max().unwrap_or(0) + 1;
    if goal_row == 0 || goal_col == 0 || goal_row - 1 + height > rows || goal_col - 1 + width > cols
    {
        return Err(error(
            at + 2,
            format!("the goal ({goal_row},{goal_col}) puts the piece off the board"),
        ));
    }
    Ok(Plan {
        rows,
        cols,
        shapes,
        pieces,
        goal_class,
        goal: (goal_row - 1, goal_col - 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(text: &str, metric: Metric) -> Option<u64> {
        solve_text(text, metric, Limits::NONE).unwrap().map(|s| s.0)
    }

    #[test]
    fn the_three_metrics_count_differently() {
        let text = "2 4\nA.BB\n....\ngoal A 2 4\n";
        assert_eq!(answer(text, Metric::Step), Some(4));
        assert_eq!(answer(text, Metric::Slide), Some(2));
        assert_eq!(answer(text, Metric::Move), Some(1));
    }

    #[test]
    fn heng_dao_li_ma_takes_81_90_and_116() {
        let text = "5 4\nABBC\nABBC\nDEEF\nDGHF\nI..J\ngoal B 4 2\n";
        assert_eq!(answer(text, Metric::Move), Some(81));
        assert_eq!(reachable_text(text, Limits::NONE), Ok(25_955));
        // 20 cells, 18 covered; 10 pieces of 4 shapes (1, 4, 1, 4 of each).
        assert_eq!(state_space(text), Ok(190 * 6300));
    }

    #[test]
    fn pieces_of_one_shape_are_interchangeable() {
        // C already stands on B's goal; the path names the real pieces.
        let (moves, path) = solve_text("2 3\nCB.\n...\ngoal B 1 1\n", Metric::Step, Limits::NONE)
            .unwrap()
            .unwrap();
        assert_eq!((moves, path.to_string()), (0, String::new()));
        let (_, path) = solve_text("1 3\nA.B\ngoal B 1 2\n", Metric::Step, Limits::NONE)
            .unwrap()
            .unwrap();
        assert_eq!(path.to_string(), "AR");
        // C's corner is on A's goal, but a 1x2 piece is not A's shape: C makes way.
        assert_eq!(answer("2 3\nACC\n...\ngoal A 1 2\n", Metric::Move), Some(2));
    }

    #[test]
    fn a_walled_in_goal_has_no_solution_and_limits_stop_the_search() {
        assert_eq!(answer("2 2\nAB\nBB\ngoal A 2 2\n", Metric::Move), None);
        let limits = Limits {
            max_states: Some(2),
            ..Limits::NONE
        };
        let text = "2 5\nA....\n.....\ngoal A 2 5\n";
        assert!(matches!(
            solve_text(text, Metric::Step, limits),
            Err(OracleError::Limit(_))
        ));
    }

    #[test]
    fn broken_layouts_are_errors_that_say_where() {
        let error = |text: &str| {
            solve_text(text, Metric::Move, Limits::NONE)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            error("1 3\nA.A\ngoal A 1 1\n"),
            "line 2, column 1: the cells of A are not 4-connected"
        );
        assert_eq!(
            error("1 3\nA-.\ngoal A 1 1\n"),
            "line 2, column 2: expected `.` or a label A-Z a-z 0-9, found '-'"
        );
        assert_eq!(
            error("1 3\nA..\ngoal B 1 1\n"),
            "line 3, column 6: no piece \"B\" on the board"
        );
        assert_eq!(
            error("1 3\nAA.\ngoal A 1 3\n"),
            "line 3, column 8: the goal (1,3) puts the piece off the board"
        );
        assert_eq!(
            error("1 3\nA..\ngoal A 1 1 1\n"),
            "line 3, column 12: expected the end of the input"
        );
        // A piece torn apart in a later row, and goals off the board at each side.
        assert_eq!(
            error("3 3\n...\n..B\nB..\ngoal B 1 1\n"),
            "line 3, column 1: the cells of B are not 4-connected"
        );
        for (text, goal) in [
            ("3 1\nA\nA\n.\ngoal A 3 1\n", "(3,1)"),
            ("1 3\nA..\ngoal A 0 1\n", "(0,1)"),
            ("1 3\nA..\ngoal A 1 0\n", "(1,0)"),
        ] {
            let line = text.lines().count();
            assert_eq!(
                error(text),
                format!("line {line}, column 8: the goal {goal} puts the piece off the board")
            );
        }
        // Where a later row goes wrong: its own line, and the cell's column.
        assert_eq!(
            error("2 3\nA..\nA.\ngoal A 1 1\n"),
            "line 3, column 1: expected a row of 3 cells"
        );
        assert_eq!(
            error("2 3\nA..\n .A-\ngoal A 1 1\n"),
            "line 3, column 4: expected `.` or a label A-Z a-z 0-9, found '-'"
        );
        // A board without cells, either way.
        for (text, size) in [
            ("0 3\ngoal A 1 1\n", "0 x 3"),
            ("2 0\ngoal A 1 1\n", "2 x 0"),
        ] {
            assert_eq!(
                error(text),
                format!("line 1, column 1: a {size} board has no cells")
            );
        }
    }
}
