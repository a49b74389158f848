//! The fast solver: a breadth-first search from both ends over (cell, orientation).

use crate::{Board, Orientation, Placement};
use grid_core::{Dir, LimitError, Limits, Meter, Moves, SearchStats, Solution};
use std::fmt;

/// Why a solver gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The search stopped at one of its [`Limits`].
    Limit(LimitError),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Limit(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<LimitError> for SolveError {
    fn from(e: LimitError) -> SolveError {
        SolveError::Limit(e)
    }
}

/// Per stored cell, the marks of its three states, 4 bits each (orientation `o` at bit
/// `4o`): 0 unvisited, else `1 + side * 4 + direction of the roll that reached it`.
type CellWord = u16;

const FROM_START: u16 = 0;
const FROM_GOAL: u16 = 1;

/// Solves boards one after another, reusing its buffers.
///
/// A state is a cell and an orientation (lying states are anchored on their top-left
/// cell), `cell * 4 + orientation`; a roll adds a fixed offset to the cell (a table
/// indexed by orientation and direction) and the plane is padded, so no roll needs a
/// bounds check. Every roll can be undone, so the graph is undirected and the search
/// runs from the start and from the goal at once, one whole layer at a time, always
/// growing the smaller frontier. The first time a layer reaches a state the other
/// search has seen, the two half-paths make a shortest one; when a frontier empties
/// first, its side is walled in and the answer is "impossible" (often found after
/// exploring only the small side).
///
/// Memory: two bytes of marks per cell of the plane plus the frontiers, so a 3000 x 3000 board
/// stays well under 64 MiB.
///
/// ```
/// use bloxorz::{Board, Solver};
///
/// let board = Board::from_rows(&["X..O"]).unwrap();
/// let mut solver = Solver::new();
/// let solution = solver.solve_with_path(&board)?.expect("solvable");
/// assert_eq!(solution.moves(), 2);
/// assert_eq!(solution.path.to_string(), "RR");
/// # Ok::<(), bloxorz::SolveError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Solver {
    cells: Vec<CellWord>,
    /// Frontiers of the search from the start and from the goal: this layer and next.
    layers: [[Vec<u32>; 2]; 2],
    stats: SearchStats,
    limits: Limits,
}

impl Solver {
    /// A solver with empty buffers and no limits.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver whose searches stop at `limits` (checked once a layer).
    ///
    /// ```
    /// use bloxorz::{Board, LimitError, Limits, SolveError, Solver};
    ///
    /// let board = Board::from_rows(&["X.........O"])?;
    /// let limits = Limits { max_states: Some(3), ..Limits::NONE };
    /// let stopped = Solver::with_limits(limits).solve(&board);
    /// assert_eq!(stopped, Err(SolveError::Limit(LimitError::States(3))));
    /// # Ok::<(), bloxorz::BoardError>(())
    /// ```
    pub fn with_limits(limits: Limits) -> Solver {
        Solver {
            limits,
            ..Solver::default()
        }
    }

    /// The minimum number of rolls that stand the box on the target, or `None` if it
    /// cannot be done.
    ///
    /// # Errors
    /// When the search stops at one of the solver's limits (none by default).
    pub fn solve(&mut self, board: &Board) -> Result<Option<u64>, SolveError> {
        Ok(self.search(board)?.map(|meeting| meeting.moves))
    }

    /// An optimal solution with its rolls, or `None` if there is none.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_with_path(&mut self, board: &Board) -> Result<Option<Solution>, SolveError> {
        let Some(meeting) = self.search(board)? else {
            return Ok(None);
        };
        let path = self.path(board, &meeting);
        debug_assert_eq!(path.len() as u64, meeting.moves);
        Ok(Some(Solution { path }))
    }

    /// What the last search did.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Clears the marks for `board` and returns its roll table.
    fn load(&mut self, board: &Board) -> RollTable {
        let grid = board.grid();
        self.cells.clear();
        self.cells.resize(grid.storage_size(), 0);
        roll_table(grid.stride())
    }

    fn search(&mut self, board: &Board) -> Result<Option<Meeting>, LimitError> {
        self.stats = SearchStats::default();
        let mut meter = Meter::start(self.limits);
        let rolls = self.load(board);
        let grid = board.grid();
        let start = state_of(grid.index(board.start().pos), board.start().orientation);
        let goal = state_of(grid.index(board.target()), Orientation::Standing);
        if start == goal {
            return Ok(Some(Meeting {
                moves: 0,
                from_start: start,
                from_goal: goal,
                dir: None,
            }));
        }
        for (side, state) in [(FROM_START, start), (FROM_GOAL, goal)] {
            self.mark(state, side, Dir::Up);
            let layer = &mut self.layers[side as usize];
            layer[0].clear();
            layer[1].clear();
            layer[0].push(state);
            self.stats.generated += 1;
        }
        meter.charge(2)?;
        let mut depth = [0u64; 2];
        loop {
            let side = if self.layers[0][0].len() <= self.layers[1][0].len() {
                FROM_START
            } else {
                FROM_GOAL
            };
            if self.layers[side as usize][0].is_empty() {
                return Ok(None); // that side is walled in, without meeting the other
            }
            let generated = self.stats.generated;
            if let Some(meeting) = self.expand_layer(side, board, &rolls, &depth) {
                return Ok(Some(meeting));
            }
            meter.charge(self.stats.generated - generated)?;
            depth[side as usize] += 1;
            let [now, next] = &mut self.layers[side as usize];
            std::mem::swap(now, next);
            next.clear();
        }
    }

    /// Expands the current layer of one side into its next layer; stops at the first
    /// state the other side has seen.
    fn expand_layer(
        &mut self,
        side: u16,
        board: &Board,
        rolls: &RollTable,
        depth: &[u64; 2],
    ) -> Option<Meeting> {
        let plane = board.grid().cells();
        let [now, next] = &mut self.layers[side as usize];
        let cells = &mut self.cells;
        for &state in now.iter() {
            self.stats.expanded += 1;
            let (cell, orientation) = split(state);
            for roll in &rolls[orientation] {
                let next_cell = cell.wrapping_add_signed(roll.offset);
                // Both cells under the box (the same one twice when standing) must have
                // the bit this orientation needs.
                let under = plane[next_cell] as u8 & plane[next_cell + roll.second] as u8;
                if under & roll.needs == 0 {
                    continue; // the plane does not hold the box there
                }
                let word = cells[next_cell];
                let mark = word >> roll.shift & 0xF;
                let next_state = (next_cell << 2 | roll.to) as u32;
                if mark == 0 {
                    cells[next_cell] =
                        word | (1 + side * 4 + roll.dir.index() as u16) << roll.shift;
                    next.push(next_state);
                    self.stats.generated += 1;
                    continue;
                }
                if (mark - 1) / 4 == side {
                    continue; // seen by this side's search already
                }
                let moves = depth[0] + depth[1] + 1;
                let (from_start, from_goal, dir) = if side == FROM_START {
                    (state, next_state, roll.dir)
                } else {
                    (next_state, state, roll.dir.opposite())
                };
                return Some(Meeting {
                    moves,
                    from_start,
                    from_goal,
                    dir: Some(dir),
                });
            }
        }
        None
    }

    fn mark(&mut self, state: u32, side: u16, dir: Dir) {
        let (cell, orientation) = split(state);
        self.cells[cell] |= (1 + side * 4 + dir.index() as u16) << (4 * orientation);
    }

    /// The direction of the roll that first reached `state` in its side's search.
    fn came_by(&self, state: u32) -> Dir {
        let (cell, orientation) = split(state);
        let mark = self.cells[cell] >> (4 * orientation) & 0xF;
        Dir::from_index(usize::from((mark - 1) % 4))
    }

    /// The rolls of the solution through `meeting`: back from the meeting to the start
    /// along the start side's marks, the meeting roll, then on to the goal along the
    /// goal side's marks (each undone).
    fn path(&self, board: &Board, meeting: &Meeting) -> Moves {
        let grid = board.grid();
        let to_placement = |state: u32| {
            let (cell, orientation) = split(state);
            Placement {
                pos: grid.pos(cell).expect("states are on the board"),
                orientation: Orientation::from_index(orientation),
            }
        };
        let to_state = |p: Placement| state_of(grid.index(p.pos), p.orientation);
        let start = to_state(board.start());
        let goal = to_state(Placement::standing(board.target()));
        let mut path = Vec::with_capacity(meeting.moves as usize);
        let mut state = meeting.from_start;
        while state != start {
            let dir = self.came_by(state);
            path.push(dir);
            state = to_state(
                to_placement(state)
                    .roll(dir.opposite())
                    .expect("on the board"),
            );
        }
        path.reverse();
        if let Some(dir) = meeting.dir {
            path.push(dir);
        }
        let mut state = meeting.from_goal;
        while state != goal {
            let dir = self.came_by(state).opposite();
            path.push(dir);
            state = to_state(to_placement(state).roll(dir).expect("on the board"));
        }
        Moves::from(path)
    }
}

/// Where the two searches met: the start side's state, the goal side's state, and the
/// roll from the first to the second (`None` when the start is the goal).
#[derive(Clone, Copy, Debug)]
struct Meeting {
    moves: u64,
    from_start: u32,
    from_goal: u32,
    dir: Option<Dir>,
}

/// One roll of the table: from an orientation, in direction `dir`.
#[derive(Clone, Copy, Debug)]
struct Roll {
    dir: Dir,
    /// Change of the anchor cell's flat index.
    offset: isize,
    /// The orientation after the roll.
    to: usize,
    /// Flat distance from the anchor to the second cell under the box (0 standing).
    second: usize,
    /// The [`Cell`](crate::Cell) bit both cells under the box need: 2 (rigid) standing, 1 lying.
    needs: u8,
    /// Where the new orientation's mark sits in a [`CellWord`].
    shift: usize,
}

/// Per orientation, the four rolls.
type RollTable = [[Roll; 4]; 3];

/// The roll table for a plane of row length `stride` (the spec's rules, as offsets).
fn roll_table(stride: usize) -> RollTable {
    let s = stride as isize;
    let (standing, horizontal, vertical) = (0, 1, 2);
    // (offset, orientation after) for up, down, left, right.
    let table: [[(isize, usize); 4]; 3] = [
        // standing
        [
            (-2 * s, vertical),
            (s, vertical),
            (-2, horizontal),
            (1, horizontal),
        ],
        // horizontal
        [
            (-s, horizontal),
            (s, horizontal),
            (-1, standing),
            (2, standing),
        ],
        // vertical
        [
            (-s, standing),
            (2 * s, standing),
            (-1, vertical),
            (1, vertical),
        ],
    ];
    table.map(|row| {
        let mut dirs = Dir::ALL.into_iter();
        row.map(|(offset, to)| Roll {
            dir: dirs.next().expect("four directions"),
            offset,
            to,
            second: [0, 1, stride][to],
            needs: if to == standing { 2 } else { 1 },
            shift: 4 * to,
        })
    })
}

/// A state id: the anchor cell and the orientation in its two low bits (one id in four
/// is unused; shifts are cheaper than dividing by three).
#[inline]
fn state_of(cell: usize, orientation: Orientation) -> u32 {
    (cell << 2 | orientation as usize) as u32
}

#[inline]
fn split(state: u32) -> (usize, usize) {
    ((state >> 2) as usize, (state & 3) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Pos;

    /// The offset table agrees with [`Placement::roll`].
    #[test]
    fn roll_table_matches_placement_roll() {
        let board = Board::from_rows(&["X....", ".....", ".....", ".....", "....O"]).unwrap();
        let grid = board.grid();
        let rolls = roll_table(grid.stride());
        for orientation in Orientation::ALL {
            let from = Placement {
                pos: Pos::new(2, 2),
                orientation,
            };
            for dir in Dir::ALL {
                let to = from.roll(dir).unwrap();
                let roll = rolls[orientation as usize][dir.index()];
                assert_eq!(roll.dir, dir);
                assert_eq!(
                    grid.index(from.pos).wrapping_add_signed(roll.offset),
                    grid.index(to.pos)
                );
                assert_eq!(roll.to, to.orientation as usize);
                let second = to
                    .cells()
                    .1
                    .map_or(0, |p| grid.index(p) - grid.index(to.pos));
                assert_eq!(roll.second, second);
            }
        }
    }
}
