//! The fast solver: A* over (head square, body shape).

use crate::shape::Shapes;
use crate::visited::Visited;
use crate::{EXIT, Game};
use grid_core::memory::try_push;
use grid_core::{
    Dir, FifoQueue, Grid, LimitError, Limits, Meter, Moves, Pos, SearchStats, Solution,
};

/// Up to this many (head, shape) pairs the visited states may become one byte each in a
/// flat array (512 MiB at most, for a 30 x 30 lair with L = 12, say), once a search has
/// seen enough of them (see the `visited` module); until then, and beyond this many,
/// they are in a hash table of the states seen.
const DENSE_STATES: u64 = 1 << 29;
/// Beyond [`DENSE_STATES`], the hash table stops at this many states: its table then
/// stays at 2^25 slots of 8 bytes (256 MiB), so the search stays well under 1 GiB.
const SPARSE_STATES: usize = 14_000_000;

/// A visited state's byte: bit 7 seen; bits 2-3 the tail segment the step dropped (to
/// rebuild the state before); bits 0-1 the head's step that reached it; bits 4-6 zero.
/// A state is reached first by a shortest way (see [`Solver`]), so the byte is written
/// once and the state queued once.
const SEEN: u8 = 0x80;

/// What the search's queue is called in a refusal.
const QUEUE: &str = "the queue";

/// Solves games one after another, reusing its buffers.
///
/// A state is the head's square and the body's shape packed into one integer
/// (`head * shapes + shape`, see the `shape` module). The search is A* with the head's
/// exact distance to the exit over the lair, ignoring the body, as heuristic: a step
/// moves the head one square, so it is consistent, and `f = g + h` stays or grows by
/// two. So the queue is two stacks, the current `f` and the next, and within one `f`
/// the newest state goes first (the search dives towards the exit instead of widening).
///
/// No `g` is stored, and a state is queued once. Plain A* lowers the `f` of a queued
/// state that is reached again by a shorter way; here that never happens. Every state
/// that can step into a state `X` has its head on `X`'s second block (where `X`'s head
/// was one step before), so all of them have the same `h`. A* with a consistent
/// heuristic expands states in order of `f`, each with its shortest `g`; for states of
/// equal `h` that is the order of `g`, so the first of them to reach `X` has the least
/// `g` of them and a later way to `X` is never shorter. (In particular a state first
/// reached by a step away from the exit is never reached later by a step towards it:
/// which of the two a step into `X` is depends on `X` alone.) So the search is plain A*
/// without the lowering step, which could never fire: each state's byte is written once
/// (how it was reached), and the first time the head reaches the exit the path is a
/// shortest one. When the exit is a stone or the head cannot reach it even ignoring the
/// body, the answer is "never" at once.
///
/// ```
/// use holedox::{Game, Pos, Solver};
///
/// // The tail rule: head on (1,2), tail on (1,1): the head may not enter the tail's square.
/// let game = Game::new(1, 2, &[], &[Pos::new(0, 1), Pos::new(0, 0)]).unwrap();
/// assert_eq!(Solver::new().solve(&game)?, None);
/// let game = Game::new(2, 2, &[], &[Pos::new(0, 1), Pos::new(0, 0)]).unwrap();
/// assert_eq!(Solver::new().solve(&game)?, Some(3));
/// # Ok::<(), holedox::LimitError>(())
/// ```
#[derive(Debug, Default)]
pub struct Solver {
    /// Per stored square of the lair: the head's distance to the exit ignoring the body.
    head_dist: Vec<u32>,
    queue: FifoQueue,
    /// The A* queue: states at the current `f`, and at `f + 2`.
    levels: [Vec<Node>; 2],
    /// The states seen by the search, with how each was reached.
    visited: Visited,
    stats: SearchStats,
    /// Most states a hash-map search may store; `None`: [`SPARSE_STATES`].
    memory_limit: Option<usize>,
    limits: Limits,
}

/// The geometry of one game: how to turn states into squares and back.
struct Layout {
    shapes: Shapes,
    length: usize,
    cols: usize,
    /// The lair's padded grid (for flat square indices).
    stride: usize,
}

impl Layout {
    fn state(&self, head: Pos, code: u32) -> u64 {
        (head.row * self.cols + head.col) as u64 * u64::from(self.shapes.count()) + u64::from(code)
    }

    fn split(&self, state: u64) -> (Pos, u32) {
        let count = u64::from(self.shapes.count());
        let head = (state / count) as usize;
        (
            Pos::new(head / self.cols, head % self.cols),
            (state % count) as u32,
        )
    }

    /// The flat (padded) index of a square.
    fn flat(&self, pos: Pos) -> usize {
        (pos.row + 1) * self.stride + pos.col + 1
    }
}

impl Solver {
    /// A solver with empty buffers and no limits but memory (see
    /// [`Solver::with_memory_limit`]).
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver whose searches stop at `limits` too.
    ///
    /// ```
    /// use holedox::{Game, LimitError, Limits, Pos, Solver};
    ///
    /// let body: Vec<Pos> = (0..8).map(|c| Pos::new(19, 12 + c)).collect();
    /// let game = Game::new(20, 20, &[], &body)?;
    /// let limits = Limits { max_states: Some(5), ..Limits::NONE };
    /// let stopped = Solver::with_limits(limits).solve(&game);
    /// assert_eq!(stopped, Err(LimitError::States(5)));
    /// assert_eq!(Solver::new().solve(&game)?, Some(31));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_limits(limits: Limits) -> Solver {
        Solver {
            limits,
            ..Solver::default()
        }
    }

    /// A solver whose searches on lairs too large for one byte per possible state (the
    /// hash-map searches: for L = 16, lairs over 28 squares) stop with
    /// [`LimitError::Memory`] after storing `states` states, instead of the default
    /// that keeps them under 1 GiB.
    ///
    /// ```
    /// use holedox::{Game, LimitError, Pos, Solver};
    ///
    /// let body: Vec<Pos> = (0..16).map(|c| Pos::new(63, 20 + c)).collect();
    /// let game = Game::new(64, 64, &[], &body)?;
    /// let stopped = Solver::with_memory_limit(10).solve(&game);
    /// assert_eq!(stopped, Err(LimitError::Memory(10)));
    /// assert!(Solver::new().solve(&game).unwrap().is_some());
    /// # Ok::<(), holedox::GameError>(())
    /// ```
    pub fn with_memory_limit(states: usize) -> Solver {
        Solver {
            memory_limit: Some(states),
            ..Solver::default()
        }
    }

    /// The minimum number of steps that bring the head to the exit, or `None` if it
    /// never gets there.
    ///
    /// # Errors
    /// If the search stops at the solver's limits, or would outgrow its memory limit
    /// (1 GiB; judge-sized games never do).
    pub fn solve(&mut self, game: &Game) -> Result<Option<u64>, LimitError> {
        Ok(self.run(game, false)?.map(|(moves, _)| moves))
    }

    /// An optimal solution with the head's steps, or `None` if there is none.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_with_path(&mut self, game: &Game) -> Result<Option<Solution>, LimitError> {
        Ok(self.run(game, true)?.map(|(_, path)| Solution { path }))
    }

    /// The search: the number of steps, and the path rebuilt from the visited states
    /// when `with_path` (else an empty path).
    fn run(&mut self, game: &Game, with_path: bool) -> Result<Option<(u64, Moves)>, LimitError> {
        self.stats = SearchStats::default();
        let lair = game.lair();
        let head = game.body()[0];
        if head == EXIT {
            return Ok(Some((0, Moves::default())));
        }
        if !game.is_free(EXIT) {
            return Ok(None);
        }
        distances_from(lair, &mut self.queue, &mut self.head_dist, lair.index(EXIT));
        if self.head_dist[lair.index(head)] == UNREACHED {
            return Ok(None); // walled off from the exit even without the body
        }
        let layout = Layout {
            shapes: Shapes::new(game.len()),
            length: game.len(),
            cols: game.cols(),
            stride: lair.stride(),
        };
        let segments: Vec<Dir> = game
            .body()
            .windows(2)
            .map(|pair| direction(pair[0], pair[1]))
            .collect();
        let start = layout.state(head, layout.shapes.encode(&segments));
        let states = (game.rows() * game.cols()) as u64 * u64::from(layout.shapes.count());
        let limit = self.memory_limit.unwrap_or(SPARSE_STATES);
        self.visited.reset(states, DENSE_STATES, limit)?;
        let found = self.search(game, &layout, start)?;
        Ok(found.map(|(goal, moves)| {
            let path = if with_path {
                rebuild(&layout, &self.visited, start, goal)
            } else {
                Moves::default()
            };
            debug_assert!(!with_path || path.len() as u64 == moves);
            (moves, path)
        }))
    }

    /// What the last search did.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// A* from `start`; returns the first state with the head on the exit, and its
    /// number of steps.
    ///
    /// The queue holds [`Node`]s, which carry the head's flat square and its number
    /// besides the shape, so that expanding a state divides by nothing (a state's
    /// number is `square * shapes + shape`, and `shapes` is known only at run time).
    fn search(
        &mut self,
        game: &Game,
        layout: &Layout,
        start: u64,
    ) -> Result<Option<(u64, u64)>, LimitError> {
        let lair = game.lair();
        let offsets = Dir::ALL.map(|d| lair.offset(d));
        let cols = layout.cols as isize;
        // A step's change of the square's number (row-major over the lair, unpadded).
        let square_steps = Dir::ALL.map(|d| {
            let (dr, dc) = d.delta();
            dr * cols + dc
        });
        let count = u64::from(layout.shapes.count());
        let head_dist = &self.head_dist;
        let visited = &mut self.visited;
        let mut meter = Meter::start(self.limits);
        let (head, code) = layout.split(start);
        let start_node = Node::new(layout.flat(head), head.row * layout.cols + head.col, code);
        let mut f = u64::from(head_dist[start_node.flat()]);
        visited.insert(start, SEEN)?;
        let [now, later] = &mut self.levels;
        now.clear();
        later.clear();
        try_push(now, start_node, QUEUE)?;
        self.stats.generated += 1;

        let mut segments = [Dir::Up; crate::MAX_LENGTH];
        let mut body = [0usize; crate::MAX_LENGTH];
        let exit = layout.flat(EXIT);
        loop {
            let Some(node) = now.pop() else {
                if later.is_empty() {
                    return Ok(None);
                }
                std::mem::swap(now, later);
                f += 2;
                continue;
            };
            self.stats.expanded += 1;
            let (head_flat, square, code) = (node.flat(), node.square(), node.code());
            let g = f - u64::from(head_dist[head_flat]);
            // The body's squares, from the head along the segments.
            layout.shapes.decode(code, &mut segments);
            body[0] = head_flat;
            for i in 1..layout.length {
                body[i] = body[i - 1].wrapping_add_signed(offsets[segments[i - 1].index()]);
            }
            let body = &body[..layout.length];
            let tail = segments[layout.length - 2];
            for dir in Dir::ALL {
                let next_head = head_flat.wrapping_add_signed(offsets[dir.index()]);
                // Into the lair, not a stone, not any block (the tail's square included).
                if !lair[next_head] || body.contains(&next_head) {
                    continue;
                }
                let next_code = layout.shapes.after_step(code, segments[0], dir);
                let next_square = square.wrapping_add_signed(square_steps[dir.index()]);
                let next = next_square as u64 * count + u64::from(next_code);
                let next_f = g + 1 + u64::from(head_dist[next_head]);
                // Reached before, and so by a way at least as short (see `Solver`).
                let step = (tail.index() as u8) << 2 | dir.index() as u8;
                if !visited.insert(next, SEEN | step)? {
                    continue;
                }
                self.stats.generated += 1;
                meter.charge(1)?;
                if next_head == exit {
                    return Ok(Some((next, g + 1)));
                }
                let next_node = Node::new(next_head, next_square, next_code);
                let level = if next_f == f { &mut *now } else { &mut *later };
                try_push(level, next_node, QUEUE)?;
            }
        }
    }
}

/// A queued state, packed in a `u64`: the head's flat (padded) square in bits 48-63,
/// its number in the lair (`row * cols + col`) in bits 32-47, the shape's code in bits
/// 0-31.
#[derive(Clone, Copy, Debug)]
struct Node(u64);

impl Node {
    fn new(flat: usize, square: usize, code: u32) -> Node {
        debug_assert!(flat < 1 << 16 && square < 1 << 16);
        Node((flat as u64) << 48 | (square as u64) << 32 | u64::from(code))
    }

    fn flat(self) -> usize {
        (self.0 >> 48) as usize
    }

    fn square(self) -> usize {
        (self.0 >> 32) as usize & 0xFFFF
    }

    fn code(self) -> u32 {
        self.0 as u32
    }
}

/// The direction from square `a` to the neighbouring square `b`.
fn direction(a: Pos, b: Pos) -> Dir {
    Dir::ALL
        .into_iter()
        .find(|&d| a.step(d) == Some(b))
        .expect("consecutive blocks share an edge")
}

/// The head's steps from `start` to `goal`, walking the visited bytes back: each says
/// which step reached the state and which tail segment it dropped.
fn rebuild(layout: &Layout, visited: &Visited, start: u64, goal: u64) -> Moves {
    let mut steps = Vec::new();
    let mut segments = [Dir::Up; crate::MAX_LENGTH];
    let n = layout.length - 1;
    let mut state = goal;
    while state != start {
        let byte = visited.get(state);
        let dir = Dir::from_index(usize::from(byte & 3));
        let dropped = Dir::from_index(usize::from(byte >> 2 & 3));
        steps.push(dir);
        let (head, code) = layout.split(state);
        layout.shapes.decode(code, &mut segments);
        // Before the step: the head one square back, every segment one place on, and
        // the dropped one at the tail.
        segments.copy_within(1..n, 0);
        segments[n - 1] = dropped;
        let before = head.step(dir.opposite()).expect("inside the lair");
        state = layout.state(before, layout.shapes.encode(&segments[..n]));
    }
    steps.reverse();
    Moves::from(steps)
}

/// A square the head cannot reach from the exit, in the solver's `head_dist`.
const UNREACHED: u32 = u32::MAX;
/// A stone or the border, in `head_dist` (never asked: the search looks at the lair
/// first).
const STONE: u32 = u32::MAX - 1;

/// Breadth-first distances over the squares without stones from `source`, into `dist`
/// ([`UNREACHED`] where unreachable, [`STONE`] on stones and the border).
///
/// Marking stones in `dist` itself leaves the loop one test a neighbour instead of
/// two (the lair, then the distance); with the search itself down to a few hundred
/// states on a 30 x 30 lair, this walk of every square was most of a case's work.
fn distances_from(lair: &Grid<bool>, queue: &mut FifoQueue, dist: &mut Vec<u32>, source: usize) {
    dist.clear();
    dist.extend(
        lair.cells()
            .iter()
            .map(|&free| if free { UNREACHED } else { STONE }),
    );
    let offsets = Dir::ALL.map(|d| lair.offset(d));
    queue.clear();
    dist[source] = 0;
    queue.push(source as u32);
    while let Some(here) = queue.pop() {
        let here = here as usize;
        let d = dist[here] + 1;
        for offset in offsets {
            let next = here.wrapping_add_signed(offset);
            if dist[next] == UNREACHED {
                dist[next] = d;
                queue.push(next as u32);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Family, GenParams, generate};
    use crate::oracle;
    use grid_core::Choice;

    /// Small games with hand-checked answers (the spec's samples, the tail rule, a
    /// short way round), each path replayed: quick, so that a search that goes wrong
    /// fails here before the slow tests. Each has 2048 states or fewer, so the store is
    /// a flat array from the start: a wrong hash table fails the `visited` module's
    /// tests, not a search here that hangs on it.
    #[test]
    fn small_games_have_their_known_answers_and_paths() {
        let at = |cells: &[(usize, usize)]| -> Vec<Pos> {
            cells.iter().map(|&(r, c)| Pos::new(r, c)).collect()
        };
        let cases = [
            // The spec's first sample: 9 steps; its second: none.
            (
                5,
                6,
                at(&[(1, 2), (2, 2), (2, 3)]),
                at(&[(3, 0), (3, 1), (2, 1), (2, 0)]),
                Some(9),
            ),
            (
                4,
                4,
                at(&[(1, 0), (1, 1), (2, 3), (3, 1)]),
                at(&[(1, 2), (0, 2), (0, 3), (1, 3)]),
                None,
            ),
            // Head on (1,2), tail on the exit: round the 2 x 2 lair, not through the tail.
            (2, 2, vec![], at(&[(0, 1), (0, 0)]), Some(3)),
            (1, 2, vec![], at(&[(0, 1), (0, 0)]), None),
            // The tail leaving the exit lets the head in.
            (2, 2, vec![], at(&[(1, 1), (0, 1), (0, 0)]), Some(2)),
            // Up the right-hand column and along the top row.
            (3, 3, vec![], at(&[(2, 2), (2, 1)]), Some(4)),
        ];
        for (rows, cols, _, body, _) in &cases {
            let count = Shapes::new(body.len()).count();
            assert!((rows * cols) as u64 * u64::from(count) <= 2048);
        }
        let mut solver = Solver::new();
        for (rows, cols, stones, body, expected) in cases {
            let game = Game::new(rows, cols, &stones, &body).unwrap();
            assert_eq!(solver.solve(&game), Ok(expected), "{game:?}");
            let solution = solver.solve_with_path(&game).unwrap();
            assert_eq!(solution.as_ref().map(Solution::moves), expected, "{game:?}");
            if let Some(solution) = solution {
                assert_eq!(crate::replay(&game, &solution.path), Ok(solution.moves()));
            }
        }
    }

    /// The visited store takes all its forms on small games when its tables start
    /// small (a flat array from the start, a hash table throughout, a table that became
    /// a flat array mid-search), and the answers and paths agree with the oracle in
    /// each, and with a solver whose store has the default size. Two halves of the
    /// seeds, as two cases that the test threads share.
    #[rstest::rstest]
    #[case(0..300)]
    #[case(300..600)]
    fn every_form_of_the_visited_store_agrees_with_the_oracle(#[case] seeds: std::ops::Range<u64>) {
        let mut solver = Solver::new();
        let mut small = Solver {
            visited: Visited::with_initial_slots(4),
            ..Solver::new()
        };
        // Searches that were flat from the start (default store), that ended in the table
        // and that moved from the table to a flat array (small store).
        let mut forms = [0u32; 3];
        for seed in seeds {
            let family = Family::ALL[seed as usize % Family::ALL.len()];
            let side = 3 + (seed / 7 % 6) as usize;
            let params = GenParams {
                family,
                rows: side,
                cols: side + (seed / 3 % 2) as usize,
                length: (2 + (seed / 11 % 11) as usize).min(side * side),
                stones: (seed / 5 % 4) as u32 * 8,
                seed,
            };
            let game = generate(&params).unwrap();
            let expected = oracle::solve_as_text(&game).map(|(moves, _)| moves);
            for solver in [&mut solver, &mut small] {
                let got = solver.solve_with_path(&game).unwrap();
                assert_eq!(got.as_ref().map(Solution::moves), expected, "{params:?}");
                if let Some(solution) = got {
                    assert_eq!(crate::replay(&game, &solution.path), Ok(solution.moves()));
                }
            }
            if small.stats().generated == 0 {
                continue; // answered before any search
            }
            let states =
                (game.rows() * game.cols()) as u64 * u64::from(Shapes::new(game.len()).count());
            // The default store is flat from the start up to 2048 states.
            if states <= 2048 {
                assert!(solver.visited.is_dense());
                forms[0] += 1;
            }
            if small.visited.is_dense() {
                assert!(
                    states > 4 * 8,
                    "a small store is flat from the start only to 32"
                );
                forms[2] += 1;
            } else {
                forms[1] += 1;
            }
        }
        assert!(
            forms.iter().all(|&n| n >= 10),
            "searches per form: {forms:?}"
        );
    }
}
