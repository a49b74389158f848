//! The fast solver: a breadth-first search from both ends over (cell, orientation).

use crate::{Board, Orientation, Placement};
use grid_core::memory::{AllocError, try_resize, try_with_capacity};
use grid_core::{Dir, LimitError, Limits, Meter, Moves, SearchStats, Solution};

/// The two searches: from the start and from the goal.
const FROM_START: usize = 0;
const FROM_GOAL: usize = 1;

/// The bit of a plane byte that says state (cell, `orientation`) was seen by the search
/// from `side`. Bits 0 and 1 are the cell's [`Cell`](crate::Cell) kind; then two bits
/// per orientation, the start's below the goal's.
#[inline]
const fn seen_bit(orientation: usize, side: usize) -> u8 {
    1 << (2 + 2 * orientation + side)
}

/// Solves boards one after another, reusing its buffers.
///
/// A state is a cell and an orientation (lying states are anchored on their top-left
/// cell), `cell * 4 + orientation`; a roll adds a fixed offset to the cell (from the
/// spec's roll table) and the plane is padded, so no roll needs a bounds check. Every
/// roll can be undone, so the graph is undirected and the search runs from the start
/// and from the goal at once, one whole layer at a time, always growing the smaller
/// frontier. The first time a layer reaches a state the other search has seen, the two
/// half-paths make a shortest one; when a frontier empties first, its side is walled in
/// and the answer is "impossible" (often found after exploring only the small side).
///
/// Memory: one byte per cell of the plane holds the cell's kind and, for each of its
/// three states, whether each search has seen it, so one load answers both "does the
/// plane hold the box here" and "is this state new" (a path needs one more byte per
/// cell: the roll that first reached each state). The frontiers hold state ids, four
/// bytes each. A 3000 x 3000 board costs the solver 9 MB.
///
/// ```
/// use bloxorz::{Board, Solver};
///
/// let board = Board::from_rows(&["X..O"]).unwrap();
/// let mut solver = Solver::new();
/// let solution = solver.solve_with_path(&board)?.expect("solvable");
/// assert_eq!(solution.moves(), 2);
/// assert_eq!(solution.path.to_string(), "RR");
/// # Ok::<(), bloxorz::LimitError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Solver {
    /// Per stored cell of the padded plane, its kind and the seen bits of its states
    /// (see [`seen_bit`]).
    plane: Vec<u8>,
    /// For paths only: per stored cell, the direction of the roll that first reached
    /// each of its states (two bits each, orientation `o` at bit `2o`).
    came: Vec<u8>,
    /// Frontiers of the search from the start and from the goal: this layer and next.
    layers: [[Frontier; 2]; 2],
    stats: SearchStats,
    limits: Limits,
}

/// A layer of the search: state ids in `buf[..len]`. While a layer is made, its buffer
/// is kept four states longer than the layer for each state of the current chunk of
/// [`CHUNK`] states to expand, so a roll writes its state unconditionally and counts
/// it only if it is new (no branch to mispredict); it grows by doubling, so it stays
/// within twice its longest layer and a few chunks.
#[derive(Clone, Debug, Default)]
struct Frontier {
    buf: Vec<u32>,
    len: usize,
}

impl Frontier {
    fn states(&self) -> &[u32] {
        &self.buf[..self.len]
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    fn push(&mut self, state: u32) -> Result<(), AllocError> {
        make_room(&mut self.buf, self.len + 1)?;
        self.buf[self.len] = state;
        self.len += 1;
        Ok(())
    }
}

/// Makes room in the plane for `cells` cells.
fn try_reserve_plane(plane: &mut Vec<u8>, cells: usize) -> Result<(), AllocError> {
    plane
        .try_reserve_exact(cells)
        .map_err(|_| AllocError::of::<u8>("the plane", cells))
}

/// States expanded between two checks of the room left in the next layer.
const CHUNK: usize = 1024;

/// Makes `buf` at least `len` long, doubling it if it must grow.
#[cold]
fn grow(buf: &mut Vec<u32>, len: usize) -> Result<(), AllocError> {
    let room = len.max(2 * buf.len()).max(64);
    try_resize(buf, room, 0, "a frontier")
}

/// Makes `buf` at least `len` long.
#[inline]
fn make_room(buf: &mut Vec<u32>, len: usize) -> Result<(), AllocError> {
    if buf.len() < len {
        grow(buf, len)?;
    }
    Ok(())
}

impl Solver {
    /// A solver with empty buffers and no limits.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver whose searches stop at `limits` (checked once a layer).
    ///
    /// ```
    /// use bloxorz::{Board, LimitError, Limits, Solver};
    ///
    /// let board = Board::from_rows(&["X.........O"])?;
    /// let limits = Limits { max_states: Some(3), ..Limits::NONE };
    /// let stopped = Solver::with_limits(limits).solve(&board);
    /// assert_eq!(stopped, Err(LimitError::States(3)));
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
    pub fn solve(&mut self, board: &Board) -> Result<Option<u64>, LimitError> {
        Ok(self.search::<false>(board)?.map(|meeting| meeting.moves))
    }

    /// An optimal solution with its rolls, or `None` if there is none.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_with_path(&mut self, board: &Board) -> Result<Option<Solution>, LimitError> {
        let Some(meeting) = self.search::<true>(board)? else {
            return Ok(None);
        };
        let path = self.path(board, &meeting).map_err(LimitError::from)?;
        debug_assert_eq!(path.len() as u64, meeting.moves);
        Ok(Some(Solution { path }))
    }

    /// What the last search did.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Copies `board`'s cells into the plane, no state seen (and, for paths, clears
    /// the directions).
    ///
    /// # Errors
    /// When the memory for the plane is refused.
    fn load<const PATHS: bool>(&mut self, board: &Board) -> Result<(), AllocError> {
        let cells = board.grid().cells();
        self.plane.clear();
        try_reserve_plane(&mut self.plane, cells.len())?;
        self.plane.extend(cells.iter().map(|&cell| cell as u8));
        if PATHS {
            self.came.clear();
            try_resize(&mut self.came, cells.len(), 0, "the table of rolls")?;
        }
        Ok(())
    }

    fn search<const PATHS: bool>(&mut self, board: &Board) -> Result<Option<Meeting>, LimitError> {
        self.stats = SearchStats::default();
        let mut meter = Meter::start(self.limits);
        self.load::<PATHS>(board)?;
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
            let (cell, orientation) = split(state);
            self.plane[cell] |= seen_bit(orientation, side);
            let [now, next] = &mut self.layers[side];
            now.clear();
            next.clear();
            now.push(state)?;
            self.stats.generated += 1;
        }
        meter.charge(2)?;
        let mut depth = [0u64; 2];
        loop {
            let side = if self.layers[FROM_START][0].len <= self.layers[FROM_GOAL][0].len {
                FROM_START
            } else {
                FROM_GOAL
            };
            if self.layers[side][0].len == 0 {
                return Ok(None); // that side is walled in, without meeting the other
            }
            let generated = self.stats.generated;
            if let Some(meeting) = self.expand_layer::<PATHS>(side, grid.stride(), &depth)? {
                return Ok(Some(meeting));
            }
            meter.charge(self.stats.generated - generated)?;
            depth[side] += 1;
            let [now, next] = &mut self.layers[side];
            std::mem::swap(now, next);
            next.clear();
        }
    }

    /// Expands the current layer of one side into its next layer; stops at the first
    /// state the other side has seen.
    fn expand_layer<const PATHS: bool>(
        &mut self,
        side: usize,
        stride: usize,
        depth: &[u64; 2],
    ) -> Result<Option<Meeting>, AllocError> {
        let [now, next] = &mut self.layers[side];
        let mut rolls = Rolls {
            plane: &mut self.plane,
            came: &mut self.came,
            next: &mut next.buf,
            len: next.len,
        };
        let table = roll_table(stride, side);
        let mut expanded = 0;
        let mut meeting = None;
        // Room for four rolls of every state of a chunk, made once a chunk.
        'layer: for chunk in now.states().chunks(CHUNK) {
            if let Err(e) = make_room(rolls.next, rolls.len + 4 * chunk.len()) {
                self.stats.expanded += expanded;
                self.stats.generated += (rolls.len - next.len) as u64;
                next.len = rolls.len;
                return Err(e);
            }
            for &state in chunk {
                expanded += 1;
                let (cell, orientation) = split(state);
                let Some((next_state, dir)) = rolls.from::<PATHS>(cell, &table[orientation]) else {
                    continue;
                };
                let (from_start, from_goal, dir) = if side == FROM_START {
                    (state, next_state, dir)
                } else {
                    (next_state, state, dir.opposite())
                };
                meeting = Some(Meeting {
                    moves: depth[0] + depth[1] + 1,
                    from_start,
                    from_goal,
                    dir: Some(dir),
                });
                break 'layer;
            }
        }
        self.stats.expanded += expanded;
        self.stats.generated += (rolls.len - next.len) as u64;
        next.len = rolls.len;
        Ok(meeting)
    }

    /// The direction of the roll that first reached `state` in its side's search
    /// (kept only by a search for a path).
    fn came_by(&self, state: u32) -> Dir {
        let (cell, orientation) = split(state);
        Dir::from_index(usize::from(self.came[cell] >> (2 * orientation) & 3))
    }

    /// The rolls of the solution through `meeting`: back from the meeting to the start
    /// along the start side's marks, the meeting roll, then on to the goal along the
    /// goal side's marks (each undone).
    ///
    /// # Errors
    /// When the memory for the path is refused.
    fn path(&self, board: &Board, meeting: &Meeting) -> Result<Moves, AllocError> {
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
        let mut path = try_with_capacity(meeting.moves as usize, "the path")?;
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
        Ok(Moves::from(path))
    }
}

/// The rolls out of one layer's states: the plane and the next layer.
struct Rolls<'a> {
    plane: &'a mut [u8],
    came: &'a mut [u8],
    next: &'a mut Vec<u32>,
    /// States in `next`.
    len: usize,
}

impl Rolls<'_> {
    /// The four rolls `rolls` of the box from `cell`, in the order of [`Dir::ALL`]:
    /// each state reached is marked and put in the next layer if the plane holds it
    /// and this side has not seen it; the first that the other side has seen is
    /// returned, with the roll's direction.
    ///
    /// Whether a state is new is a coin toss the branch predictor loses, so nothing
    /// branches on it: the mark is or-ed in as 0 or the bit, and the state is written
    /// to the next layer always and counted only when new. Everything a roll needs is
    /// in its table entry (no shift by a variable amount).
    #[inline(always)]
    fn from<const PATHS: bool>(&mut self, cell: usize, rolls: &[Roll; 4]) -> Option<(u32, Dir)> {
        for (roll, dir) in rolls.iter().zip(Dir::ALL) {
            let anchor = cell.wrapping_add_signed(roll.offset);
            let here = self.plane[anchor];
            let state = (anchor << 2 | roll.to) as u32;
            if here & roll.other != 0 {
                return Some((state, dir)); // the other side has been here: the searches meet
            }
            let under = here & self.plane[anchor + roll.second] & roll.needs;
            let fresh = u8::from(under != 0) & u8::from(here & roll.own == 0);
            self.plane[anchor] = here | (fresh * roll.own);
            if PATHS {
                self.came[anchor] |= fresh * roll.came;
            }
            self.next[self.len] = state;
            self.len += usize::from(fresh);
        }
        None
    }
}

/// One roll out of an orientation, for one side's search on a plane of a given row
/// length.
#[derive(Clone, Copy, Debug)]
struct Roll {
    /// Change of the anchor cell's flat index.
    offset: isize,
    /// Flat distance from the anchor to the second cell under the box (0 standing).
    second: usize,
    /// The kind bit both cells under the box need: "holds a standing box" (2) or
    /// "holds half a lying one" (1).
    needs: u8,
    /// The orientation after the roll.
    to: usize,
    /// The seen bits of the state reached: this side's and the other side's.
    own: u8,
    other: u8,
    /// The roll's direction where the path marks of the state reached keep it.
    came: u8,
}

/// The rolls of [`ROLLS`] for the search from `side`, as flat offsets on a plane of
/// row length `stride`.
fn roll_table(stride: usize, side: usize) -> [[Roll; 4]; 3] {
    ROLLS.map(|row| {
        let mut dirs = Dir::ALL.into_iter();
        row.map(|(dr, dc, to)| Roll {
            offset: dr * stride as isize + dc,
            second: [0, 1, stride][to],
            needs: if to == 0 { 2 } else { 1 },
            to,
            own: seen_bit(to, side),
            other: seen_bit(to, 1 - side),
            came: (dirs.next().expect("four directions").index() as u8) << (2 * to),
        })
    })
}

/// Per orientation and direction (in the order of [`Dir::ALL`]): the anchor's change
/// of row and column and the orientation after the roll; the spec's roll table.
const ROLLS: [[(isize, isize, usize); 4]; 3] = [
    // standing: up, down, left, right
    [(-2, 0, 2), (1, 0, 2), (0, -2, 1), (0, 1, 1)],
    // lying along a row
    [(-1, 0, 1), (1, 0, 1), (0, -1, 0), (0, 2, 0)],
    // lying along a column
    [(-1, 0, 0), (2, 0, 0), (0, -1, 2), (0, 1, 2)],
];

/// Where the two searches met: the start side's state, the goal side's state, and the
/// roll from the first to the second (`None` when the start is the goal).
#[derive(Clone, Copy, Debug)]
struct Meeting {
    moves: u64,
    from_start: u32,
    from_goal: u32,
    dir: Option<Dir>,
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

    /// The roll table agrees with [`Placement::roll`].
    #[test]
    fn roll_table_matches_placement_roll() {
        for orientation in Orientation::ALL {
            let from = Placement {
                pos: Pos::new(2, 2),
                orientation,
            };
            for (i, dir) in Dir::ALL.into_iter().enumerate() {
                let to = from.roll(dir).unwrap();
                let (dr, dc, o) = ROLLS[orientation as usize][i];
                assert_eq!(to.pos.row as isize, 2 + dr, "{from:?} {dir}");
                assert_eq!(to.pos.col as isize, 2 + dc, "{from:?} {dir}");
                assert_eq!(o, to.orientation as usize, "{from:?} {dir}");
            }
        }
    }

    /// The kind bits of a plane byte are the cell's, below every seen bit.
    #[test]
    fn seen_bits_are_above_the_kind() {
        let kinds = crate::Cell::Rigid as u8 | crate::Cell::Fragile as u8;
        let mut all = kinds;
        for orientation in 0..3 {
            for side in [FROM_START, FROM_GOAL] {
                assert_eq!(all & seen_bit(orientation, side), 0);
                all |= seen_bit(orientation, side);
            }
        }
        assert_eq!(all, u8::MAX);
    }

    /// The plane's room is made before its cells are pushed, so that a refusal is an
    /// error rather than an abort.
    #[test]
    fn room_for_the_plane_is_made_ahead() {
        let mut plane = Vec::new();
        try_reserve_plane(&mut plane, 5000).unwrap();
        assert!(plane.capacity() >= 5000 && plane.is_empty());
        assert!(try_reserve_plane(&mut plane, usize::MAX).is_err());
    }

    /// A frontier grows by doubling (to 64 at least, or to the length asked if that is
    /// more), keeping what it held, so that pushing n states reallocates O(log n)
    /// times; one already long enough is left as it is.
    #[test]
    fn frontiers_double_when_they_grow_and_only_then() {
        let mut buf = Vec::new();
        make_room(&mut buf, 1).unwrap();
        assert_eq!(buf.len(), 64);
        buf.iter_mut().enumerate().for_each(|(i, s)| *s = i as u32);
        make_room(&mut buf, 64).unwrap();
        assert_eq!(buf.len(), 64, "a buffer exactly long enough grew");
        make_room(&mut buf, 65).unwrap();
        assert_eq!(buf.len(), 128);
        assert!(buf[..64].iter().enumerate().all(|(i, &s)| s == i as u32));
        make_room(&mut buf, 1000).unwrap();
        assert_eq!(buf.len(), 1000);
        grow(&mut buf, 1001).unwrap();
        assert_eq!(buf.len(), 2000);
        // Pushing a million states one at a time reallocates 15 times (64 -> 2^20).
        let mut frontier = Frontier::default();
        let mut lengths = vec![frontier.buf.len()];
        for state in 0..1 << 20 {
            frontier.push(state).unwrap();
            if frontier.buf.len() != *lengths.last().unwrap() {
                lengths.push(frontier.buf.len());
            }
        }
        assert_eq!(lengths.len(), 16, "{lengths:?}");
        assert!(
            frontier.buf[..1 << 20]
                .iter()
                .enumerate()
                .all(|(i, &s)| s == i as u32)
        );
    }
}
