//! The fast solver: a breadth-first search over (the pieces, the bridges' setting), with
//! every rule of a move precomputed per cell.

use crate::{Level, Move, Path, Tile};
use grid_core::memory::{try_reserve, try_resize};
use grid_core::{Dir, LimitError, Limits, Meter, SearchStats, Solution};

/// No tile, no split.
const NONE: u32 = u32::MAX;

/// The most states one expansion reaches: the block rolls 4 ways, each cube 4.
const MOST_REACHED: usize = 8;
/// What the search's queue (its states, their parents and moves) is called in a
/// refusal.
const QUEUE: &str = "the queue";

/// Orientations of the block, as in [`bloxorz::Orientation`].
const STANDING: usize = 0;
const HORIZONTAL: usize = 1;
const VERTICAL: usize = 2;

/// [`CellRule::holds`] bits: the cell holds a cube or half a lying block; it holds the
/// block standing.
const HOLDS_HALF: u8 = 1;
const HOLDS_STANDING: u8 = 2;

/// What pressing a switch does to the bridges' bit set: `bits -> (bits & keep) ^ flip`.
/// Every action (toggle, on, off) has this form, and so does any sequence of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Effect {
    keep: u32,
    flip: u32,
}

impl Effect {
    const NOTHING: Effect = Effect { keep: !0, flip: 0 };

    /// This effect followed by `action`.
    fn then(self, action: crate::Action) -> Effect {
        let bit = 1 << action.bridge();
        match action {
            crate::Action::Toggle(_) => Effect {
                keep: self.keep,
                flip: self.flip ^ bit,
            },
            crate::Action::On(_) => Effect {
                keep: self.keep & !bit,
                flip: self.flip | bit,
            },
            crate::Action::Off(_) => Effect {
                keep: self.keep & !bit,
                flip: self.flip & !bit,
            },
        }
    }

    #[inline]
    fn apply(self, bits: u32) -> u32 {
        (bits & self.keep) ^ self.flip
    }
}

/// Everything a move needs to know of one cell of the padded plane.
#[derive(Clone, Copy, Debug)]
struct CellRule {
    /// [`HOLDS_HALF`] and [`HOLDS_STANDING`] bits (0 for no tile; a bridge cell holds
    /// both, when its bridge is on).
    holds: u8,
    /// The bit of this cell's bridge: the bridges' bit set must have it (0: none).
    need: u32,
    /// A cube or half a lying block arriving here presses this (soft switches).
    light: Effect,
    /// The block standing here presses this (soft and heavy switches).
    heavy: Effect,
    /// The split switch here, by index.
    split: u32,
}

const NO_TILE: CellRule = CellRule {
    holds: 0,
    need: 0,
    light: Effect::NOTHING,
    heavy: Effect::NOTHING,
    split: NONE,
};

/// A roll of the block: from an orientation, in a direction.
#[derive(Clone, Copy, Debug, Default)]
struct Roll {
    /// Change of the anchor (top-left) cell's flat index.
    offset: isize,
    /// The orientation after the roll.
    to: usize,
    /// Flat distance from the anchor to the second cell under the block (0 standing).
    second: usize,
    /// The [`CellRule::holds`] bit both cells need.
    needs: u8,
}

/// The level as the search sees it: per-cell rules over the padded plane, and dense
/// numbers for the states.
///
/// A state is `setting * per_setting + local`: `setting` is the bridges' bit set (bit
/// `b` for bridge `b` on) and `local` the pieces, `tile * 4 + orientation` for the block
/// (lying block anchored on its top-left tile) and `4T + pair(i, j)` for the cubes on
/// tiles `i < j` (`pair(i, j) = j(j-1)/2 + i`; cubes are alike, so a pair is unordered,
/// and selecting one is free, so it is no part of the state).
#[derive(Clone, Debug, Default)]
struct Plane {
    rules: Vec<CellRule>,
    /// Per padded cell, its tile number ([`NONE`] for `#`).
    tile_of: Vec<u32>,
    /// Per tile number, its padded cell.
    cell_of: Vec<u32>,
    /// Per split switch, its two landing cells.
    landings: Vec<[usize; 2]>,
    rolls: [[Roll; 4]; 3],
    /// Flat offsets of a cube's step, by direction.
    steps: [isize; 4],
    stride: usize,
    exit: usize,
    per_setting: u32,
    settings: u32,
}

/// Solves levels one after another, reusing its buffers.
///
/// A breadth-first search over every state of the pieces and the bridges together (see
/// the crate documentation for the rules). Every rule of a move is precomputed per cell
/// of a padded plane (which tiles hold what, which bridge bit a cell needs, what a press
/// there does to the bridges' bit set as one `(bits & keep) ^ flip`), so a move is a few
/// table reads and bit operations, and needs no bounds check. The seen states are a bit
/// set; each reached state keeps its parent and its move, for the path. The goal is
/// tested when a move makes it, so the last layer is never expanded.
///
/// ```
/// use bloxorz_classic::{Level, Solver};
///
/// let level = Level::from_rows(&["X..O"], vec![], vec![], vec![]).unwrap();
/// let mut solver = Solver::new();
/// let solution = solver.solve_with_path(&level)?.expect("solvable");
/// assert_eq!(solution.moves(), 2);
/// assert_eq!(solution.path.to_string(), "RR");
/// # Ok::<(), bloxorz_classic::LimitError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Solver {
    plane: Plane,
    /// One bit per state: reached.
    seen: Vec<u64>,
    /// The reached states in the order reached: the queue.
    states: Vec<u32>,
    /// Per reached state, the index of the state it was reached from...
    parents: Vec<u32>,
    /// ... and the move that reached it (see [`MoveCode`]).
    moves: Vec<u8>,
    stats: SearchStats,
    limits: Limits,
}

/// A move as the search keeps it: `0..4` rolls the block in direction `code`;
/// `4 + 4k + d` steps cube `k` in direction `d`, where cube 0 is the one on the lower
/// tile number (the cubes' numbers of the path are worked out afterwards).
type MoveCode = u8;

/// The state the goal move reached was not stored: its parent and its move are.
#[derive(Clone, Copy, Debug)]
struct Goal {
    parent: u32,
    code: MoveCode,
}

impl Solver {
    /// A solver with empty buffers and no limits.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver whose searches stop at `limits` (checked once per state expanded).
    ///
    /// ```
    /// use bloxorz_classic::{Level, LimitError, Limits, Solver};
    ///
    /// let level = Level::from_rows(&["X.........O"], vec![], vec![], vec![])?;
    /// let limits = Limits { max_states: Some(3), ..Limits::NONE };
    /// let stopped = Solver::with_limits(limits).solve(&level);
    /// assert_eq!(stopped, Err(LimitError::States(3)));
    /// # Ok::<(), bloxorz_classic::LevelError>(())
    /// ```
    pub fn with_limits(limits: Limits) -> Solver {
        Solver {
            limits,
            ..Solver::default()
        }
    }

    /// The minimum number of moves that stand the block on the exit, or `None` if it
    /// cannot be done.
    ///
    /// # Errors
    /// When the search stops at one of the solver's limits (none by default).
    pub fn solve(&mut self, level: &Level) -> Result<Option<u64>, LimitError> {
        Ok(self.search(level)?.map(|goal| self.depth(goal.parent) + 1))
    }

    /// An optimal solution with its moves, or `None` if there is none.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_with_path(&mut self, level: &Level) -> Result<Option<Solution<Path>>, LimitError> {
        let Some(goal) = self.search(level)? else {
            return Ok(None);
        };
        Ok(Some(Solution {
            path: self.path(level, goal),
        }))
    }

    /// The minimum number of moves that stand the block on the exit from `from` (a
    /// position reached by legal moves from the level's start, as [`crate::trace`]
    /// gives it), or `None` if it cannot be done: the hint of a game in progress.
    ///
    /// ```
    /// use bloxorz_classic::{Level, Path, Solver};
    ///
    /// let level = Level::from_rows(&["X.....O"], vec![], vec![], vec![])?;
    /// let path: Path = "R".parse().expect("a path");
    /// let after = bloxorz_classic::trace(&level, &path).expect("legal");
    /// assert_eq!(Solver::new().solve(&level), Ok(Some(4)));
    /// assert_eq!(Solver::new().solve_from(&level, &after[1]), Ok(Some(3)));
    /// assert_eq!(Solver::new().solve_from(&level, &after[0]), Ok(Some(4)));
    /// # Ok::<(), bloxorz_classic::LevelError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_from(
        &mut self,
        level: &Level,
        from: &crate::Position,
    ) -> Result<Option<u64>, LimitError> {
        if from.body == crate::Body::Block(bloxorz::Placement::standing(level.exit())) {
            self.stats = SearchStats::default();
            return Ok(Some(0));
        }
        Ok(self
            .search_from(level, Some(from))?
            .map(|goal| self.depth(goal.parent) + 1))
    }

    /// What the last search did.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    fn search(&mut self, level: &Level) -> Result<Option<Goal>, LimitError> {
        self.search_from(level, None)
    }

    /// The search from `from`, or from the level's start.
    fn search_from(
        &mut self,
        level: &Level,
        from: Option<&crate::Position>,
    ) -> Result<Option<Goal>, LimitError> {
        self.stats = SearchStats::default();
        let mut meter = Meter::start(self.limits);
        self.plane = Plane::new(level);
        let plane = &self.plane;
        let total = plane.per_setting as usize * plane.settings as usize;
        self.seen.clear();
        try_resize(
            &mut self.seen,
            total.div_ceil(64),
            0,
            "the table of seen states",
        )?;
        self.states.clear();
        self.parents.clear();
        self.moves.clear();
        let start_position;
        let from = match from {
            Some(from) => from,
            None => {
                start_position = crate::Position::start(level);
                &start_position
            }
        };
        let start_bits = from
            .bridges
            .iter()
            .enumerate()
            .fold(0u32, |bits, (b, &on)| bits | u32::from(on) << b);
        let grid = level.grid();
        let tiles = match from.body {
            crate::Body::Block(placement) => [placement.cells().0, placement.pos],
            crate::Body::Cubes(cubes) => cubes,
        };
        if tiles
            .iter()
            .any(|&p| !grid.contains(p) || plane.tile_of[grid.index(p)] == NONE)
        {
            return Ok(None); // no tile under a piece: no position of this level
        }
        let local = match from.body {
            crate::Body::Block(placement) => {
                plane.block(grid.index(placement.pos), placement.orientation as usize)
            }
            crate::Body::Cubes([a, b]) => plane.cubes(grid.index(a), grid.index(b)),
        };
        let start = local + start_bits * plane.per_setting;
        self.seen[start as usize / 64] |= 1 << (start % 64);
        self.states.push(start);
        self.parents.push(NONE);
        self.moves.push(0);
        self.stats.generated = 1;
        meter.charge(1)?;
        let mut head = 0;
        while head < self.states.len() {
            let state = self.states[head];
            let before = self.states.len();
            // Room for every state one expansion reaches (at most `MOST_REACHED`).
            try_reserve(&mut self.states, MOST_REACHED, QUEUE)?;
            try_reserve(&mut self.parents, MOST_REACHED, QUEUE)?;
            try_reserve(&mut self.moves, MOST_REACHED, QUEUE)?;
            let mut reach = Reach {
                seen: &mut self.seen,
                states: &mut self.states,
                parents: &mut self.parents,
                moves: &mut self.moves,
                parent: head as u32,
                per_setting: plane.per_setting,
            };
            let found = plane.expand(state, &mut reach);
            self.stats.expanded += 1;
            if let Some(code) = found {
                return Ok(Some(Goal {
                    parent: head as u32,
                    code,
                }));
            }
            let added = (self.states.len() - before) as u64;
            self.stats.generated += added;
            meter.charge(added)?;
            head += 1;
        }
        Ok(None)
    }

    /// The number of moves from the start to reached state `index`.
    fn depth(&self, mut index: u32) -> u64 {
        let mut depth = 0;
        while self.parents[index as usize] != NONE {
            index = self.parents[index as usize];
            depth += 1;
        }
        depth
    }

    /// The moves to `goal`, in the spec's notation: the search's cube numbers (by tile
    /// number) become cube 1 and cube 2 (by the split's landing cells) as the cubes are
    /// followed from their split.
    fn path(&self, level: &Level, goal: Goal) -> Path {
        let plane = &self.plane;
        let mut chain = vec![(goal.parent, goal.code)];
        let mut index = goal.parent as usize;
        while self.parents[index] != NONE {
            chain.push((self.parents[index], self.moves[index]));
            index = self.parents[index] as usize;
        }
        chain.reverse();
        // The cells of cube 1 and cube 2 while the block is split.
        let mut cubes: Option<[usize; 2]> = None;
        let mut path = Vec::with_capacity(chain.len());
        for (from, code) in chain {
            let state = self.states[from as usize];
            let local = state % plane.per_setting;
            if code < 4 {
                let dir = Dir::from_index(usize::from(code));
                path.push(Move::First(dir));
                let (cell, orientation) = plane.unblock(local);
                let roll = plane.rolls[orientation][dir.index()];
                let landed = cell.wrapping_add_signed(roll.offset);
                let split = plane.rules[landed].split;
                let splits = roll.to == STANDING && split != NONE;
                cubes = splits
                    .then(|| plane.landings[split as usize])
                    .filter(|[one, two]| !plane.adjacent(*one, *two));
                continue;
            }
            let (k, dir) = (
                usize::from(code - 4) / 4,
                Dir::from_index(usize::from(code)),
            );
            let movers = plane.uncubes(local);
            let [one, two] = cubes.expect("cube moves come after a split");
            let (number, other) = if movers[k] == one { (0, two) } else { (1, one) };
            path.push(if number == 0 {
                Move::First(dir)
            } else {
                Move::Second(dir)
            });
            let to = movers[k].wrapping_add_signed(plane.steps[dir.index()]);
            cubes = (!plane.adjacent(to, other)).then(|| {
                let mut moved = [one, two];
                moved[number] = to;
                moved
            });
        }
        debug_assert_eq!(level.grid().index(level.exit()), plane.exit);
        Path::from(path)
    }
}

/// Where [`Plane::expand`] records the states it reaches.
struct Reach<'a> {
    seen: &'a mut [u64],
    states: &'a mut Vec<u32>,
    parents: &'a mut Vec<u32>,
    moves: &'a mut Vec<MoveCode>,
    parent: u32,
    per_setting: u32,
}

impl Reach<'_> {
    /// Records `local` under setting `bits`, reached by `code`, unless seen before.
    #[inline]
    fn visit(&mut self, local: u32, bits: u32, code: MoveCode) {
        let state = bits * self.per_setting + local;
        let (word, bit) = (state as usize / 64, 1u64 << (state % 64));
        if self.seen[word] & bit != 0 {
            return;
        }
        self.seen[word] |= bit;
        self.states.push(state);
        self.parents.push(self.parent);
        self.moves.push(code);
    }
}

impl Plane {
    fn new(level: &Level) -> Plane {
        let grid = level.grid();
        let cells = grid.cells();
        let stride = grid.stride();
        let mut tile_of = vec![NONE; cells.len()];
        let mut cell_of = Vec::with_capacity(level.tile_count());
        let mut rules = vec![NO_TILE; cells.len()];
        let effect =
            |actions: &[crate::Action]| actions.iter().fold(Effect::NOTHING, |e, &a| e.then(a));
        let mut splits = Vec::new();
        for cell in grid.inner_indices() {
            let tile = cells[cell];
            if tile == Tile::Empty {
                continue;
            }
            tile_of[cell] = cell_of.len() as u32;
            cell_of.push(cell as u32);
            let pos = grid.pos(cell).expect("an inner cell");
            let rule = &mut rules[cell];
            rule.holds = HOLDS_HALF | HOLDS_STANDING;
            match tile {
                Tile::Fragile => rule.holds = HOLDS_HALF,
                Tile::Bridge => {
                    rule.need = 1 << level.bridge_at(pos).expect("a bridge cell's bridge");
                }
                Tile::Soft => {
                    let switch = level.switch_at(pos).expect("a switch's actions");
                    rule.light = effect(&switch.actions);
                    rule.heavy = rule.light;
                }
                Tile::Heavy => {
                    let switch = level.switch_at(pos).expect("a switch's actions");
                    rule.heavy = effect(&switch.actions);
                }
                Tile::Split => {
                    let split = level.split_at(pos).expect("a split's landing cells");
                    rule.split = splits.len() as u32;
                    splits.push(split.landing.map(|p| grid.index(p)));
                }
                Tile::Empty | Tile::Floor => {}
            }
        }
        let tiles = cell_of.len() as u32;
        let pairs = if splits.is_empty() {
            0
        } else {
            tiles * (tiles - 1) / 2
        };
        let s = stride as isize;
        Plane {
            rules,
            tile_of,
            cell_of,
            landings: splits,
            rolls: roll_table(stride),
            steps: [-s, s, -1, 1],
            stride,
            exit: grid.index(level.exit()),
            per_setting: 4 * tiles + pairs,
            settings: 1 << level.bridges().len(),
        }
    }

    /// The local number of the block at `cell` (a tile) in `orientation`.
    #[inline]
    fn block(&self, cell: usize, orientation: usize) -> u32 {
        self.tile_of[cell] << 2 | orientation as u32
    }

    /// The anchor cell and the orientation of a block's local number.
    #[inline]
    fn unblock(&self, local: u32) -> (usize, usize) {
        (
            self.cell_of[local as usize >> 2] as usize,
            local as usize & 3,
        )
    }

    /// The local number of the cubes on cells `a` and `b` (tiles), in either order.
    #[inline]
    fn cubes(&self, a: usize, b: usize) -> u32 {
        let (i, j) = (self.tile_of[a], self.tile_of[b]);
        let (i, j) = (i.min(j), i.max(j));
        4 * self.cell_of.len() as u32 + j * (j - 1) / 2 + i
    }

    /// The cells of the cubes of a local number: the one on the lower tile number first.
    #[inline]
    fn uncubes(&self, local: u32) -> [usize; 2] {
        let pair = local - 4 * self.cell_of.len() as u32;
        // j(j-1)/2 <= pair < j(j+1)/2; the float root is at most one off either way.
        let mut j = ((1.0 + (1.0 + 8.0 * f64::from(pair)).sqrt()) / 2.0) as u32;
        while j * (j - 1) / 2 > pair {
            j -= 1;
        }
        while j * (j + 1) / 2 <= pair {
            j += 1;
        }
        let i = pair - j * (j - 1) / 2;
        [
            self.cell_of[i as usize] as usize,
            self.cell_of[j as usize] as usize,
        ]
    }

    /// Whether two cells share an edge.
    #[inline]
    fn adjacent(&self, a: usize, b: usize) -> bool {
        let gap = a.abs_diff(b);
        gap == 1 || gap == self.stride
    }

    /// The block lying on adjacent cells `a` and `b`, as a local number.
    #[inline]
    fn lying(&self, a: usize, b: usize) -> u32 {
        let orientation = if a.abs_diff(b) == 1 {
            HORIZONTAL
        } else {
            VERTICAL
        };
        self.block(a.min(b), orientation)
    }

    /// Whether `cell` is a tile for a cube or half a block under bridge setting `bits`.
    #[inline]
    fn is_tile(&self, cell: usize, bits: u32) -> bool {
        let rule = &self.rules[cell];
        rule.holds & HOLDS_HALF != 0 && bits & rule.need == rule.need
    }

    /// Reaches every state one move from `state`; returns the move that reaches the
    /// goal, if one does.
    #[inline]
    fn expand(&self, state: u32, reach: &mut Reach<'_>) -> Option<MoveCode> {
        let (bits, local) = (state / self.per_setting, state % self.per_setting);
        if local < 4 * self.cell_of.len() as u32 {
            self.roll_block(local, bits, reach)
        } else {
            self.step_cubes(local, bits, reach);
            None
        }
    }

    fn roll_block(&self, local: u32, bits: u32, reach: &mut Reach<'_>) -> Option<MoveCode> {
        let (cell, orientation) = self.unblock(local);
        for (code, roll) in self.rolls[orientation].iter().enumerate() {
            let code = code as MoveCode;
            let a = cell.wrapping_add_signed(roll.offset);
            let b = a + roll.second;
            let (ra, rb) = (&self.rules[a], &self.rules[b]);
            if ra.holds & rb.holds & roll.needs == 0 {
                continue; // off the tiles, or standing on orange
            }
            let need = ra.need | rb.need;
            if bits & need != need {
                continue; // a bridge under it is off
            }
            let after = if roll.to == STANDING {
                ra.heavy.apply(bits)
            } else {
                rb.light.apply(ra.light.apply(bits)) // the top-left half first
            };
            if after & need != need {
                continue; // a switch took a bridge from under it
            }
            if roll.to != STANDING {
                reach.visit(self.block(a, roll.to), after, code);
            } else if a == self.exit {
                return Some(code);
            } else if ra.split == NONE {
                reach.visit(self.block(a, STANDING), after, code);
            } else {
                let [one, two] = self.landings[ra.split as usize];
                if !self.is_tile(one, after) || !self.is_tile(two, after) {
                    continue; // a cube would land on no tile
                }
                let local = if self.adjacent(one, two) {
                    self.lying(one, two)
                } else {
                    self.cubes(one, two)
                };
                reach.visit(local, after, code);
            }
        }
        None
    }

    fn step_cubes(&self, local: u32, bits: u32, reach: &mut Reach<'_>) {
        let cubes = self.uncubes(local);
        for (k, &from) in cubes.iter().enumerate() {
            let other = cubes[1 - k];
            for (d, &step) in self.steps.iter().enumerate() {
                let to = from.wrapping_add_signed(step);
                if !self.is_tile(to, bits) {
                    continue;
                }
                let rule = &self.rules[to];
                let after = rule.light.apply(bits);
                let need = rule.need | self.rules[other].need;
                if after & need != need {
                    continue; // a switch took a bridge from under a cube
                }
                let next = if self.adjacent(to, other) {
                    self.lying(to, other) // the cubes merge
                } else {
                    self.cubes(to, other)
                };
                reach.visit(next, after, (4 + 4 * k + d) as MoveCode);
            }
        }
    }
}

/// Per orientation, the four rolls (up, down, left, right) on a plane of row length
/// `stride`: the spec's roll table as offsets of the anchor cell.
fn roll_table(stride: usize) -> [[Roll; 4]; 3] {
    let s = stride as isize;
    // (offset, orientation after) for up, down, left, right.
    let table: [[(isize, usize); 4]; 3] = [
        [
            (-2 * s, VERTICAL),
            (s, VERTICAL),
            (-2, HORIZONTAL),
            (1, HORIZONTAL),
        ],
        [
            (-s, HORIZONTAL),
            (s, HORIZONTAL),
            (-1, STANDING),
            (2, STANDING),
        ],
        [
            (-s, STANDING),
            (2 * s, STANDING),
            (-1, VERTICAL),
            (1, VERTICAL),
        ],
    ];
    table.map(|row| {
        row.map(|(offset, to)| Roll {
            offset,
            to,
            second: [0, 1, stride][to],
            needs: if to == STANDING {
                HOLDS_STANDING
            } else {
                HOLDS_HALF
            },
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use bloxorz::{Orientation, Placement};
    use grid_core::Pos;

    /// The counts of a search are the states it reached, each once (the start among
    /// those generated, the exit not): on one row, the block stands on every third cell
    /// and lies between.
    #[test]
    fn a_search_counts_each_state_it_reaches_once() {
        let limits = Limits {
            max_states: Some(1000),
            ..Limits::NONE
        };
        let mut solver = Solver::with_limits(limits);
        let stats = |solver: &Solver| (solver.stats().expanded, solver.stats().generated);
        // Standing on 0 and lying on 1-2; standing on 3 falls: two states, no exit.
        let walled = Level::from_rows(&["X..#..O"], vec![], vec![], vec![]).unwrap();
        assert_eq!(solver.solve(&walled), Ok(None));
        assert_eq!(stats(&solver), (2, 2));
        // Standing on 0, 3 and 6 and lying on 1-2, 4-5 and 7-8, each expanded once
        // (back and forth), before the exit on 9 is met.
        let open = Level::from_rows(&["X........O"], vec![], vec![], vec![]).unwrap();
        assert_eq!(solver.solve(&open), Ok(Some(6)));
        assert_eq!(stats(&solver), (6, 6));
    }

    /// The offset table agrees with [`Placement::roll`] (the model's, and POJ 3322's).
    #[test]
    fn roll_table_matches_placement_roll() {
        let level = Level::from_rows(
            &["X....", ".....", ".....", ".....", "....O"],
            vec![],
            vec![],
            vec![],
        )
        .unwrap();
        let grid = level.grid();
        let rolls = roll_table(grid.stride());
        for orientation in Orientation::ALL {
            let from = Placement {
                pos: Pos::new(2, 2),
                orientation,
            };
            for dir in Dir::ALL {
                let to = from.roll(dir).unwrap();
                let roll = rolls[orientation as usize][dir.index()];
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

    #[test]
    fn effects_compose_like_the_actions() {
        use crate::Action::{Off, On, Toggle};
        let sequences = [
            vec![Toggle(0)],
            vec![On(1), Toggle(1)],
            vec![Off(2), On(2), Toggle(0), Off(0)],
            vec![Toggle(3), Toggle(3)],
        ];
        for actions in sequences {
            let effect = actions.iter().fold(Effect::NOTHING, |e, &a| e.then(a));
            for bits in 0..16u32 {
                let mut on: Vec<bool> = (0..4).map(|b| bits >> b & 1 == 1).collect();
                for &a in &actions {
                    match a {
                        Toggle(b) => on[b] = !on[b],
                        On(b) => on[b] = true,
                        Off(b) => on[b] = false,
                    }
                }
                let expected = (0..4).fold(0, |acc, b| acc | u32::from(on[b]) << b);
                assert_eq!(effect.apply(bits), expected, "{actions:?} on {bits:04b}");
            }
        }
    }

    #[test]
    fn pairs_number_every_unordered_pair_once() {
        let rows = ["X.....", "......", ".s...O"];
        let level = Level::from_rows(
            &rows,
            vec![],
            vec![],
            vec![crate::Split {
                pos: Pos::new(2, 1),
                landing: [Pos::new(0, 0), Pos::new(0, 5)],
            }],
        )
        .unwrap();
        let plane = Plane::new(&level);
        let cells: Vec<usize> = plane.cell_of.iter().map(|&c| c as usize).collect();
        let mut seen = vec![false; plane.per_setting as usize];
        for (x, &a) in cells.iter().enumerate() {
            for &b in &cells[..x] {
                let local = plane.cubes(a, b);
                assert_eq!(local, plane.cubes(b, a));
                assert!(!seen[local as usize], "{a} {b}");
                seen[local as usize] = true;
                assert_eq!(plane.uncubes(local), [b, a]);
            }
        }
        let n = cells.len();
        assert_eq!(seen.iter().filter(|&&s| s).count(), n * (n - 1) / 2);
        assert_eq!(plane.per_setting as usize, 4 * n + n * (n - 1) / 2);
    }

    /// `uncubes` inverts `cubes` at both ends of every larger tile's run of pairs (the
    /// pair numbers where the float root is nearest to a wrong integer), for tile counts
    /// far past any level's: the local numbers then reach half of `u32`, where an
    /// estimate that is more than one off, or a correction that goes the wrong way,
    /// gives another pair or overflows.
    #[test]
    fn uncubes_inverts_cubes_up_to_the_largest_pair_numbers() {
        let level = Level::from_rows(&["X...O"], vec![], vec![], vec![]).unwrap();
        let mut plane = Plane::new(&level);
        // As many tiles as `j * (j + 1)` allows in a u32 for the largest j, n - 1.
        let tiles: u32 = 1 << 16;
        // Tile t on padded cell 3t + 1, so a wrong tile shows as another cell.
        plane.cell_of = (0..tiles).map(|t| 3 * t + 1).collect();
        plane.tile_of = vec![NONE; 3 * tiles as usize + 2];
        for (t, &cell) in plane.cell_of.iter().enumerate() {
            plane.tile_of[cell as usize] = t as u32;
        }
        let cell = |t: u32| (3 * t + 1) as usize;
        let mut checked = 0;
        for j in 1..tiles {
            // Every pair of a few larger tiles, the ends of each run for the rest.
            let every = j < 200 || j % 9_973 == 0;
            let lower: Vec<u32> = if every {
                (0..j).collect()
            } else {
                vec![0, 1.min(j - 1), j / 2, j - 2.min(j), j - 1]
            };
            for i in lower {
                let local = plane.cubes(cell(i), cell(j));
                assert_eq!(
                    plane.uncubes(local),
                    [cell(i), cell(j)],
                    "tiles {i} and {j}"
                );
                checked += 1;
            }
        }
        assert!(checked > 400_000);
    }
}
