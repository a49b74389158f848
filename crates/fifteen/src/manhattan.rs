//! IDA* with the Manhattan distance and linear conflicts, for any board.
//!
//! The Manhattan distance is kept up to date a move at a time. A line (row or column)
//! adds its linear conflicts: of the tiles in it whose goal is in it too, all but a
//! longest run already in goal order must leave the line and come back, two moves
//! each across it (Hansson, Mayer and Yung 1992); a tile moving along a line keeps its
//! order there, so a move changes the conflicts of the two lines it crosses only.

use crate::fsm::{DEAD, Fsm, Pruning, START};
use crate::geometry::{Geometry, Labelled, MoveOrder, NONE, ORDER};
use grid_core::progress::Watch;
use grid_core::{Dir, LimitError, Meter, SearchStats};

/// Positions generated between two reports to a watcher inside an iteration.
const REPORT_EVERY: u64 = 1 << 20;

/// An IDA* search of one position.
pub(crate) struct Search<'a> {
    geo: &'a Geometry,
    cells: Vec<u8>,
    blank: usize,
    blank_label: u8,
    /// `distance[label * cells + cell]`: the Manhattan distance of a tile from `cell`
    /// to its goal cell `label`.
    distance: Vec<u8>,
    /// The linear conflicts of each row and each column.
    row_conflicts: Vec<u8>,
    col_conflicts: Vec<u8>,
    path: Vec<Dir>,
    meter: &'a mut Meter,
    pub(crate) stats: SearchStats,
    /// The least `f` above the bound seen in this iteration.
    next_bound: u32,
    /// Which paths are never the first shortest one.
    fsm: &'static Fsm,
    /// Who is told of the iterations, and the positions generated at which it is next
    /// told how far the search has got (never, when nobody watches).
    watch: Watch,
    report_at: u64,
    /// The order in which the blank's moves are tried.
    order: MoveOrder,
}

impl<'a> Search<'a> {
    /// A search from `start` charging `meter`.
    ///
    /// # Errors
    /// When the memory for the automaton that prunes duplicate paths is refused.
    pub(crate) fn new(
        geo: &'a Geometry,
        start: &Labelled,
        meter: &'a mut Meter,
    ) -> Result<Search<'a>, LimitError> {
        let n = geo.cells;
        let mut distance = vec![0u8; n * n];
        for label in 0..n {
            let (gr, gc) = geo.place(label);
            for cell in 0..n {
                let (r, c) = geo.place(cell);
                distance[label * n + cell] = (gr.abs_diff(r) + gc.abs_diff(c)) as u8;
            }
        }
        let mut search = Search {
            geo,
            cells: start.cells.clone(),
            blank: start.blank,
            blank_label: start.blank_label,
            distance,
            row_conflicts: vec![0; geo.rows],
            col_conflicts: vec![0; geo.cols],
            path: Vec::new(),
            meter,
            stats: SearchStats::default(),
            next_bound: u32::MAX,
            fsm: Fsm::shared()?,
            watch: Watch::NONE,
            report_at: u64::MAX,
            order: MoveOrder::LETTERS,
        };
        for r in 0..geo.rows {
            search.row_conflicts[r] = search.row_conflict(r);
        }
        for c in 0..geo.cols {
            search.col_conflicts[c] = search.col_conflict(c);
        }
        Ok(search)
    }

    /// The heuristic of the current position.
    fn heuristic(&self) -> u32 {
        let n = self.geo.cells;
        let manhattan: u32 = self
            .cells
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != self.blank_label)
            .map(|(cell, &v)| u32::from(self.distance[usize::from(v) * n + cell]))
            .sum();
        let conflicts: u32 = self
            .row_conflicts
            .iter()
            .chain(&self.col_conflicts)
            .map(|&c| u32::from(c))
            .sum();
        manhattan + conflicts
    }

    /// Checks `h`, and the lines' conflicts kept move by move, against a count of the
    /// whole position (the unit tests call it at every position a search enters).
    #[cfg(test)]
    fn check_heuristic(&self, h: u32) {
        let rows: Vec<u8> = (0..self.geo.rows).map(|r| self.row_conflict(r)).collect();
        let cols: Vec<u8> = (0..self.geo.cols).map(|c| self.col_conflict(c)).collect();
        assert_eq!((&rows, &cols), (&self.row_conflicts, &self.col_conflicts));
        assert_eq!(h, self.heuristic(), "{:?}", self.cells);
    }

    /// Twice the tiles of row `r` that must leave it.
    fn row_conflict(&self, r: usize) -> u8 {
        let cols = self.geo.cols;
        let goals = (r * cols..r * cols + cols)
            .map(|cell| self.cells[cell])
            .filter(|&v| v != self.blank_label && usize::from(v) / cols == r)
            .map(|v| usize::from(v) % cols);
        conflicts(goals)
    }

    /// Twice the tiles of column `c` that must leave it.
    fn col_conflict(&self, c: usize) -> u8 {
        let cols = self.geo.cols;
        let goals = (0..self.geo.rows)
            .map(|r| self.cells[r * cols + c])
            .filter(|&v| v != self.blank_label && usize::from(v) % cols == c)
            .map(|v| usize::from(v) / cols);
        conflicts(goals)
    }

    /// This search, telling `watch` of its iterations and, every [`REPORT_EVERY`]
    /// positions, of the positions generated.
    pub(crate) fn watched(mut self, watch: &Watch) -> Search<'a> {
        if watch.is_watched() {
            self.watch = watch.clone();
            self.report_at = REPORT_EVERY;
        }
        self
    }

    /// This search, trying the blank's moves in `order`.
    pub(crate) fn ordered(mut self, order: MoveOrder) -> Search<'a> {
        self.order = order;
        self
    }

    /// This search, skipping the paths `pruning` says.
    ///
    /// # Errors
    /// When the memory for its automaton is refused.
    pub(crate) fn pruned(mut self, pruning: Pruning) -> Result<Search<'a>, LimitError> {
        self.fsm = Fsm::of(pruning)?;
        Ok(self)
    }

    /// Runs IDA* to the first shortest path in its order (among those the automaton
    /// keeps: in [`ORDER`], the first of all); `None` if the iterations
    /// run out of positions (never, for a position the parity rule allows).
    pub(crate) fn run(mut self) -> Result<(Option<Vec<Dir>>, SearchStats), LimitError> {
        let h = self.heuristic();
        let mut bound = h;
        loop {
            self.next_bound = u32::MAX;
            self.watch.iteration(u64::from(bound), self.stats.generated);
            if self.dfs(0, h, bound, START)? {
                self.path.reverse();
                return Ok((Some(self.path), self.stats));
            }
            if self.next_bound == u32::MAX {
                return Ok((None, self.stats));
            }
            bound = self.next_bound;
        }
    }

    /// Searches below the current position, `g` moves from the start with heuristic
    /// `h`, to `bound`, in `state` of the [`Fsm`]: never completing a reducible string
    /// of moves (undoing the last move among them). On success the path is left in
    /// `self.path`, last move first.
    fn dfs(&mut self, g: u32, h: u32, bound: u32, state: u32) -> Result<bool, LimitError> {
        // The unit tests check the move-by-move heuristic against the whole count.
        #[cfg(test)]
        self.check_heuristic(h);
        if h == 0 {
            return Ok(true);
        }
        self.stats.expanded += 1;
        if self.stats.generated >= self.report_at {
            self.watch.searched(self.stats.generated);
            self.report_at = self.stats.generated + REPORT_EVERY;
        }
        let n = self.geo.cells;
        let cols = self.geo.cols;
        let at = self.blank;
        for k in self.order.indices() {
            let k = usize::from(k) & 3;
            let dir = ORDER[k];
            let to = self.geo.next[at][k];
            let after_k = self.fsm.step(state, k);
            if after_k == DEAD || to == NONE {
                continue;
            }
            let to = usize::from(to);
            self.meter.charge(1)?;
            self.stats.generated += 1;
            let tile = self.cells[to];
            let row = usize::from(tile) * n;
            let before = i32::from(self.distance[row + to]);
            let after = i32::from(self.distance[row + at]);
            self.cells[at] = tile;
            self.cells[to] = self.blank_label;
            self.blank = to;
            // A vertical move of the blank moves the tile across two rows; a horizontal
            // one, across two columns.
            let vertical = dir.is_vertical();
            let (a, b) = if vertical {
                (at / cols, to / cols)
            } else {
                (at % cols, to % cols)
            };
            let old = if vertical {
                let old = (self.row_conflicts[a], self.row_conflicts[b]);
                self.row_conflicts[a] = self.row_conflict(a);
                self.row_conflicts[b] = self.row_conflict(b);
                old
            } else {
                let old = (self.col_conflicts[a], self.col_conflicts[b]);
                self.col_conflicts[a] = self.col_conflict(a);
                self.col_conflicts[b] = self.col_conflict(b);
                old
            };
            let new = if vertical {
                (self.row_conflicts[a], self.row_conflicts[b])
            } else {
                (self.col_conflicts[a], self.col_conflicts[b])
            };
            let delta = after - before + i32::from(new.0) + i32::from(new.1)
                - i32::from(old.0)
                - i32::from(old.1);
            let h2 = (h as i32 + delta) as u32;
            let f = g + 1 + h2;
            let found = if f > bound {
                self.next_bound = self.next_bound.min(f);
                false
            } else {
                self.dfs(g + 1, h2, bound, after_k)?
            };
            if found {
                self.path.push(dir);
                return Ok(true);
            }
            if vertical {
                (self.row_conflicts[a], self.row_conflicts[b]) = old;
            } else {
                (self.col_conflicts[a], self.col_conflicts[b]) = old;
            }
            self.cells[to] = tile;
            self.cells[at] = self.blank_label;
            self.blank = at;
        }
        Ok(false)
    }
}

/// Twice the number of values to remove so that the rest increase: the linear
/// conflicts of a line whose tiles have these goal places along it, in line order.
fn conflicts(goals: impl Iterator<Item = usize>) -> u8 {
    // Patience sorting: `tails[i]` is the least last value of an increasing run of
    // length i + 1.
    let mut tails = [0usize; 64];
    let (mut runs, mut count) = (0, 0);
    for goal in goals {
        count += 1;
        let i = tails[..runs].partition_point(|&t| t < goal);
        tails[i] = goal;
        runs = runs.max(i + 1);
    }
    (2 * (count - runs)) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflicts_count_the_tiles_out_of_order() {
        assert_eq!(conflicts([0, 1, 2, 3].into_iter()), 0);
        assert_eq!(conflicts([1, 0].into_iter()), 2);
        assert_eq!(conflicts([3, 2, 1, 0].into_iter()), 6);
        assert_eq!(conflicts([2, 0, 1, 3].into_iter()), 2);
        assert_eq!(conflicts(std::iter::empty()), 0);
    }

    /// The heuristic of a position: its Manhattan distance and, per row and column,
    /// twice the tiles at home in that line that must leave it for the rest to be in
    /// order, counted here by brute force over which tiles stay.
    #[test]
    fn the_heuristic_is_manhattan_plus_the_lines_conflicts() {
        use crate::Board;
        use crate::geometry::{Geometry, Labelled};
        use grid_core::{Limits, Meter};
        // Twice the tiles to remove so that the rest increase, trying every subset.
        let naive = |goals: &[usize]| -> u32 {
            let n = goals.len();
            let keep = (0u32..1 << n)
                .filter(|set| {
                    let kept: Vec<usize> = (0..n)
                        .filter(|i| set >> i & 1 == 1)
                        .map(|i| goals[i])
                        .collect();
                    kept.windows(2).all(|w| w[0] < w[1])
                })
                .map(u32::count_ones)
                .max()
                .unwrap_or(0);
            2 * (n as u32 - keep)
        };
        let mut rng = grid_core::SplitMix64::new(17);
        let mut with_conflicts = 0;
        for (rows, cols) in [(4, 4), (3, 5), (5, 3), (4, 4)] {
            let geo = Geometry::new(rows, cols);
            for _ in 0..100 {
                let mut start: Vec<u8> = (0..(rows * cols) as u8).collect();
                rng.shuffle(&mut start);
                let board = Board::with_default_goal(rows, cols, &start).unwrap();
                let labelled = Labelled::start(&board);
                let cells = &labelled.cells;
                let blank = labelled.blank_label;
                let mut expected = 0;
                for (cell, &v) in cells.iter().enumerate().filter(|&(_, &v)| v != blank) {
                    let (gr, gc) = geo.place(usize::from(v));
                    let (r, c) = geo.place(cell);
                    expected += (gr.abs_diff(r) + gc.abs_diff(c)) as u32;
                }
                let mut lines = 0;
                for r in 0..rows {
                    let goals: Vec<usize> = (0..cols)
                        .map(|c| usize::from(cells[r * cols + c]))
                        .filter(|&v| v != usize::from(blank) && v / cols == r)
                        .map(|v| v % cols)
                        .collect();
                    lines += naive(&goals);
                }
                for c in 0..cols {
                    let goals: Vec<usize> = (0..rows)
                        .map(|r| usize::from(cells[r * cols + c]))
                        .filter(|&v| v != usize::from(blank) && v % cols == c)
                        .map(|v| v / cols)
                        .collect();
                    lines += naive(&goals);
                }
                with_conflicts += usize::from(lines > 0);
                let mut meter = Meter::start(Limits::NONE);
                let search = Search::new(&geo, &labelled, &mut meter).unwrap();
                assert_eq!(search.heuristic(), expected + lines, "{start:?}");
            }
        }
        assert!(with_conflicts > 100, "{with_conflicts}");
    }

    /// Searches on boards of several shapes, each position's heuristic (kept up to
    /// date a move at a time) checked against the whole count as the search enters it
    /// (the assertion at the top of `dfs`, in the unit tests only), and each path
    /// walked to the goal.
    #[test]
    fn the_heuristic_kept_move_by_move_is_the_whole_count() {
        use crate::Board;
        use crate::generate::{Family, GenParams, GoalKind, generate};
        use crate::geometry::{Geometry, Labelled};
        use grid_core::{Limits, Meter};
        for (rows, cols, steps) in [(4, 4, 40), (3, 5, 40), (5, 3, 40), (2, 6, 30), (5, 5, 30)] {
            for seed in 0..4 {
                let params = GenParams {
                    family: Family::Walk,
                    rows,
                    cols,
                    steps,
                    goal: GoalKind::BlankLast,
                    seed,
                };
                let board: Board = generate(&params).unwrap();
                let geo = Geometry::new(rows, cols);
                let mut meter = Meter::start(Limits::NONE);
                let search = Search::new(&geo, &Labelled::start(&board), &mut meter).unwrap();
                let start = search.heuristic();
                let (path, _) = search.run().unwrap();
                let path = path.expect("a walk goes back");
                // No more than the moves (it never overestimates), and of their parity
                // (a move changes the distance by one, the conflicts by an even count).
                let moves = path.len() as u32;
                assert!(
                    moves >= start && (moves - start) % 2 == 0,
                    "{moves} {start}"
                );
                let frames = crate::replay::trace(&board, &path).unwrap();
                assert_eq!(frames.last().unwrap(), board.goal(), "{rows}x{cols} {seed}");
            }
        }
    }
}
