//! The fast solver: breadth-first search over state codes (64-bit, or 128-bit for the
//! layouts whose states need more), with moves made from bit masks.

#[cfg(feature = "generate")]
use crate::code::Anchors;
use crate::code::{CellCode, CodeKind, Codec, Geometry, MAX_CLASSES, SequenceCode};
use crate::layout::Layout;
#[cfg(feature = "generate")]
use crate::layout::{Board, EMPTY};
use crate::table::CodeSet;
use crate::word::Word;
use crate::{Metric, Move, Path};
use grid_core::memory::try_push;
#[cfg(feature = "generate")]
use grid_core::memory::try_vec;
use grid_core::{Dir, LimitError, Limits, Meter, SearchStats, Solution};

/// The most states one search stores: 12 million, under 1 GiB with its queue (24 bytes a
/// state, in a vector that grows by doubling) and its hash set (16 bytes a state once it
/// is large, half full, and the old table while it grows).
pub const MAX_STATES: usize = 12_000_000;

/// The most states one search stores when the layout's states need more than 64 bits
/// (a 128-bit code): 8 million, under 1 GiB too (40 bytes a state in the queue, 32 in
/// the hash set).
pub const MAX_WIDE_STATES: usize = 8_000_000;

/// The solved boards among those `store`'s last search reached.
///
/// # Errors
/// When the memory for them is refused.
#[cfg(feature = "generate")]
fn solved_codes<C: Codec>(
    store: &Store<C::Code>,
    geo: &Geometry,
    codec: &C,
) -> Result<Vec<C::Code>, LimitError>
where
    C::Code: Stored,
{
    let mut anchors = [0u64; MAX_CLASSES];
    let goal = 1u64 << geo.goal_anchor;
    let mut solved = Vec::new();
    for code in store.queue.iter().map(|e| e.code) {
        codec.decode(geo, code, &mut anchors);
        if anchors[geo.goal_class] & goal != 0 {
            try_push(&mut solved, code, "the solved boards")?;
        }
    }
    Ok(solved)
}

/// The statistics of a search that expanded `expanded` states and reached `reached`.
fn stats(expanded: usize, reached: usize) -> SearchStats {
    SearchStats {
        expanded: expanded as u64,
        generated: reached as u64,
    }
}

/// No piece moved into this state (the start).
const NOBODY: u8 = u8::MAX;

/// Runs `$body` with `$codec` bound to the code `$geo` was made for.
macro_rules! with_codec {
    ($geo:expr, $codec:ident => $body:expr) => {
        match $geo.kind {
            CodeKind::Cells(_) => {
                let $codec = CellCode::new(&$geo);
                $body
            }
            CodeKind::Sequence => {
                let $codec = SequenceCode::<u64>::new(&$geo);
                $body
            }
            CodeKind::Wide => {
                let $codec = SequenceCode::<u128>::new(&$geo);
                $body
            }
        }
    };
}

/// Solves layouts one after another, reusing its buffers.
///
/// A state is one `u64`, or one `u128` for the layouts whose states need more (see the
/// crate docs): pieces of one shape are interchangeable,
/// so boards that differ only by swapping them are one state. The search is a
/// breadth-first search over codes kept in one flat queue, with a hash set of the codes
/// seen (open addressing over the codes themselves: no board is ever hashed). When the
/// board's left-right mirror maps the layout onto itself (every classic layout), a board
/// and its mirror image are equally far from solved, and the search keeps only the
/// smaller of their two codes: half the states.
///
/// To expand a state it decodes, per shape, the anchors of its pieces (one SWAR
/// comparison of the code) and the covered cells; the pieces that touch an empty cell
/// are found with masks too. For each of them the anchors it may stand on are one AND of
/// the free cells shifted by each of its cells, and its moves are the anchors it reaches
/// under the metric (one step; a straight run; or a flood fill through the free cells,
/// for `move`). A move is two XORs on the code. Under `move`, the piece that just moved is
/// not moved again: any place it could go next it could have gone to in the same move,
/// so that state is already seen.
///
/// ```
/// use klotski::{Goal, Layout, Metric, Pos, Solver};
///
/// let layout = Layout::from_rows(&["A.BB", "...."], Goal::new('A', Pos::new(1, 3)))?;
/// let mut solver = Solver::new();
/// assert_eq!(solver.solve(&layout, Metric::Step)?, Some(4));
/// assert_eq!(solver.solve(&layout, Metric::Move)?, Some(1)); // A down and right, at once
/// let solution = solver.solve_with_path(&layout, Metric::Slide)?.expect("solvable");
/// assert_eq!(solution.path.to_string(), "AD ARRR");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Solver {
    limits: Limits,
    stats: SearchStats,
    /// The buffers of the searches over `u64` codes and over `u128` codes.
    stores: Stores,
    /// The code to use instead of the one the layout fits (for tests of every code).
    #[cfg(test)]
    kind: Option<CodeKind>,
    /// Fewer states than the code's `MAX_STATES` to store at most (for tests of the
    /// memory limit).
    #[cfg(test)]
    memory: Option<usize>,
}

/// The buffers of searches over codes of the word `W`.
#[derive(Clone, Debug, Default)]
struct Store<W: Word> {
    /// The codes seen.
    seen: CodeSet<W>,
    /// Every state reached, in the order reached.
    queue: Vec<Entry<W>>,
}

/// The buffers for each word a code may take.
#[derive(Clone, Debug, Default)]
struct Stores {
    narrow: Store<u64>,
    wide: Store<u128>,
}

/// A word whose searches have buffers in [`Stores`].
trait Stored: Word {
    fn store(stores: &mut Stores) -> &mut Store<Self>;
    fn store_ref(stores: &Stores) -> &Store<Self>;
}

impl Stored for u64 {
    fn store(stores: &mut Stores) -> &mut Store<u64> {
        &mut stores.narrow
    }
    fn store_ref(stores: &Stores) -> &Store<u64> {
        &stores.narrow
    }
}

impl Stored for u128 {
    fn store(stores: &mut Stores) -> &mut Store<u128> {
        &mut stores.wide
    }
    fn store_ref(stores: &Stores) -> &Store<u128> {
        &stores.wide
    }
}

/// A state reached by a search. Packed to 8-byte alignment: 24 bytes for `u64` codes,
/// 40 (not 48) for `u128`.
#[derive(Clone, Copy, Debug)]
#[repr(C, packed(8))]
struct Entry<W> {
    code: W,
    /// The code of its mirror image (when the search folds mirror images), so that
    /// expanding it need not work that out.
    image: W,
    /// The index in the queue of the state it was reached from.
    parent: u32,
    /// The anchor (a bit) of the piece that moved into it.
    moved: u8,
}

/// How a search ended: the goal's state and depth, or the last depth reached.
#[derive(Clone, Copy, Debug)]
struct Outcome {
    /// Index in the queue of the first goal state and its depth.
    found: Option<(usize, u64)>,
    /// The depth of the last state reached.
    #[cfg_attr(not(feature = "generate"), allow(dead_code))]
    depth: u64,
    /// States reached, the starts included.
    reached: usize,
}

impl Solver {
    /// A solver with empty buffers and no limits.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver whose searches stop at `limits` (checked every state expanded).
    ///
    /// ```
    /// use klotski::{Goal, Layout, LimitError, Limits, Metric, Pos, Solver};
    ///
    /// let layout = Layout::from_rows(&["A....", "....."], Goal::new('A', Pos::new(1, 4)))?;
    /// let limits = Limits { max_states: Some(3), ..Limits::NONE };
    /// let stopped = Solver::with_limits(limits).solve(&layout, Metric::Step);
    /// assert_eq!(stopped, Err(LimitError::States(3)));
    /// # Ok::<(), klotski::LayoutError>(())
    /// ```
    pub fn with_limits(limits: Limits) -> Solver {
        Solver {
            limits,
            ..Solver::default()
        }
    }

    /// The minimum number of moves under `metric` that bring a piece of the goal piece's
    /// shape to the goal, or `None` if none can get there.
    ///
    /// # Errors
    /// When the search stops at one of the solver's limits (none by default) or at its
    /// own memory limit ([`LimitError::Memory`]: [`MAX_STATES`] states, or
    /// [`MAX_WIDE_STATES`] for a layout whose states need more than 64 bits).
    pub fn solve(&mut self, layout: &Layout, metric: Metric) -> Result<Option<u64>, LimitError> {
        let geo = self.geometry(layout);
        let outcome = with_codec!(geo, codec => {
            let start = codec.encode(&geo, &geo.start);
            self.bfs(&geo, &codec, metric, &[start], true, true)
        })?;
        Ok(outcome.found.map(|(_, depth)| depth))
    }

    /// An optimal solution with its moves, or `None` if there is none.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_with_path(
        &mut self,
        layout: &Layout,
        metric: Metric,
    ) -> Result<Option<Solution<Path>>, LimitError> {
        let geo = self.geometry(layout);
        with_codec!(geo, codec => {
            let start = codec.encode(&geo, &geo.start);
            let Some((index, depth)) = self.bfs(&geo, &codec, metric, &[start], true, true)?.found
            else {
                return Ok(None);
            };
            let path = self.path(&geo, &codec, metric, start, index);
            debug_assert_eq!(path.len() as u64, depth);
            Ok(Some(Solution { path }))
        })
    }

    /// The number of states reachable from `layout`, the layout included: its whole
    /// connected group (the same under every metric), goal or no goal.
    ///
    /// ```
    /// use klotski::{Goal, Layout, Pos, Solver};
    ///
    /// // Two interchangeable 1x1 pieces on a 1x3 board: AB., A.B, .AB.
    /// let layout = Layout::from_rows(&["AB."], Goal::new('A', Pos::new(0, 0)))?;
    /// assert_eq!(Solver::new().reachable(&layout)?, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn reachable(&mut self, layout: &Layout) -> Result<u64, LimitError> {
        let geo = self.geometry(layout);
        let outcome = with_codec!(geo, codec => {
            let start = codec.encode(&geo, &geo.start);
            self.bfs(&geo, &codec, Metric::Step, &[start], false, false)
        })?;
        Ok(outcome.reached as u64)
    }

    /// What the last search did: states expanded, and states reached (generated), the
    /// start included.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// A board farthest from solved in `layout`'s group under `metric`, and its distance
    /// to the nearest solved board; `None` when no board of the group is solved.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    #[cfg(feature = "generate")]
    pub(crate) fn farthest(
        &mut self,
        layout: &Layout,
        metric: Metric,
    ) -> Result<Option<(Board, u64)>, LimitError> {
        let geo = self.geometry(layout);
        with_codec!(geo, codec => self.farthest_in(&geo, &codec, metric))
    }

    /// [`Solver::farthest`] in the code `codec`.
    #[cfg(feature = "generate")]
    fn farthest_in<C: Codec>(
        &mut self,
        geo: &Geometry,
        codec: &C,
        metric: Metric,
    ) -> Result<Option<(Board, u64)>, LimitError>
    where
        C::Code: Stored,
    {
        let start = codec.encode(geo, &geo.start);
        self.bfs(geo, codec, Metric::Step, &[start], false, false)?;
        let mut anchors = [0u64; MAX_CLASSES];
        let solved = solved_codes(C::Code::store_ref(&self.stores), geo, codec)?;
        if solved.is_empty() {
            return Ok(None);
        }
        let outcome = self.bfs(geo, codec, metric, &solved, false, true)?;
        let queue = &C::Code::store_ref(&self.stores).queue;
        let last = queue.last().expect("the solved boards are reached").code;
        codec.decode(geo, last, &mut anchors);
        Ok(Some((board_of(geo, &anchors), outcome.depth)))
    }

    /// A board `steps` one-cell steps from the nearest solved board of `layout`'s group
    /// (`layout` itself solved), or one farthest from them when none is that far, drawn
    /// at random among those at that distance by `pick` (given how many there are, it
    /// returns an index below that); with the distance, and the boards of the group.
    ///
    /// # Errors
    /// As [`Solver::solve`]: the group is over the solver's [`Limits`].
    #[cfg(feature = "generate")]
    pub(crate) fn at_distance(
        &mut self,
        layout: &Layout,
        steps: u64,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Result<(Board, u64, usize), LimitError> {
        let geo = self.geometry(layout);
        with_codec!(geo, codec => self.at_distance_in(&geo, &codec, steps, pick))
    }

    /// [`Solver::at_distance`] in the code `codec`.
    #[cfg(feature = "generate")]
    fn at_distance_in<C: Codec>(
        &mut self,
        geo: &Geometry,
        codec: &C,
        steps: u64,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Result<(Board, u64, usize), LimitError>
    where
        C::Code: Stored,
    {
        let start = codec.encode(geo, &geo.start);
        self.bfs(geo, codec, Metric::Step, &[start], false, false)?;
        let mut anchors = [0u64; MAX_CLASSES];
        let solved = solved_codes(C::Code::store_ref(&self.stores), geo, codec)?;
        let reached = self
            .bfs(geo, codec, Metric::Step, &solved, false, false)?
            .reached;
        let queue = &C::Code::store_ref(&self.stores).queue;
        // Each board's distance, its parent's plus one: in the queue's order (a parent
        // comes first), which is also the order of the distances.
        let mut depth =
            try_vec(queue.len(), 0u64, "a table of distances").map_err(LimitError::from)?;
        for (i, e) in queue.iter().enumerate() {
            if e.parent != u32::MAX {
                depth[i] = depth[e.parent as usize] + 1;
            }
        }
        let want = steps.min(depth.last().copied().unwrap_or(0));
        let first = depth.partition_point(|&d| d < want);
        let end = depth.partition_point(|&d| d <= want);
        let chosen = first + pick(end - first).min(end - first - 1);
        codec.decode(geo, queue[chosen].code, &mut anchors);
        Ok((board_of(geo, &anchors), want, reached))
    }

    /// How many one-cell steps `layout` is at least from solved: the exact distance when
    /// a search within the solver's [`Limits`] finds it, else the depth the search had
    /// reached without a solved board (every board nearer was reached and is not);
    /// `u64::MAX` when no board of its group is solved.
    #[cfg(feature = "generate")]
    pub(crate) fn steps_at_least(&mut self, layout: &Layout) -> u64 {
        let geo = self.geometry(layout);
        with_codec!(geo, codec => self.steps_at_least_in(&geo, &codec))
    }

    /// [`Solver::steps_at_least`] in the code `codec`.
    #[cfg(feature = "generate")]
    fn steps_at_least_in<C: Codec>(&mut self, geo: &Geometry, codec: &C) -> u64
    where
        C::Code: Stored,
    {
        let start = codec.encode(geo, &geo.start);
        if let Ok(outcome) = self.bfs(geo, codec, Metric::Step, &[start], true, true) {
            return outcome.found.map_or(u64::MAX, |(_, depth)| depth);
        }
        // Stopped at a limit: the last board reached is as deep as the search went.
        let queue = &C::Code::store_ref(&self.stores).queue;
        let (mut at, mut depth) = (queue.len() - 1, 0);
        while queue[at].parent != u32::MAX {
            at = queue[at].parent as usize;
            depth += 1;
        }
        depth
    }

    /// The geometry of `layout`, for the code its states fit (or the one a test forces).
    fn geometry(&self, layout: &Layout) -> Geometry {
        #[cfg(test)]
        return Geometry::with_kind(layout, self.kind);
        #[cfg(not(test))]
        Geometry::new(layout)
    }

    /// Breadth-first search from `starts` until a goal state is reached (when
    /// `stop_at_goal`) or every state is. With `fold`, a state and its mirror image are
    /// one (see [`Mirror`](crate::code::Mirror)), when the layout has a mirror: the queue
    /// then holds the smaller of each pair's codes.
    fn bfs<C: Codec>(
        &mut self,
        geo: &Geometry,
        codec: &C,
        metric: Metric,
        starts: &[C::Code],
        stop_at_goal: bool,
        fold: bool,
    ) -> Result<Outcome, LimitError>
    where
        C::Code: Stored,
    {
        // A copy of the search for each small number of classes, whose loops over the
        // classes the compiler unrolls (0: any number).
        match geo.classes.len() {
            1 => self.bfs_k::<C, 1>(geo, codec, metric, starts, stop_at_goal, fold),
            2 => self.bfs_k::<C, 2>(geo, codec, metric, starts, stop_at_goal, fold),
            3 => self.bfs_k::<C, 3>(geo, codec, metric, starts, stop_at_goal, fold),
            4 => self.bfs_k::<C, 4>(geo, codec, metric, starts, stop_at_goal, fold),
            5 => self.bfs_k::<C, 5>(geo, codec, metric, starts, stop_at_goal, fold),
            _ => self.bfs_k::<C, 0>(geo, codec, metric, starts, stop_at_goal, fold),
        }
    }

    fn bfs_k<C: Codec, const K: usize>(
        &mut self,
        geo: &Geometry,
        codec: &C,
        metric: Metric,
        starts: &[C::Code],
        stop_at_goal: bool,
        fold: bool,
    ) -> Result<Outcome, LimitError>
    where
        C::Code: Stored,
    {
        let classes = if K == 0 {
            &geo.classes[..]
        } else {
            &geo.classes[..K]
        };
        self.stats = SearchStats::default();
        let mut meter = Meter::start(self.limits);
        #[cfg(test)]
        let most = self.memory.unwrap_or(C::Code::MAX_STATES);
        #[cfg(not(test))]
        let most = C::Code::MAX_STATES;
        let Store { seen, queue } = C::Code::store(&mut self.stores);
        seen.clear()?;
        queue.clear();
        let mirror = geo.mirror.as_ref().filter(|_| fold);
        let mut anchors = [0u64; MAX_CLASSES];
        let goal_bit = 1u64 << geo.goal_anchor;
        for &start in starts {
            codec.decode(geo, start, &mut anchors);
            let image = mirror.map_or(start, |m| C::Code::from(m.code(&anchors)));
            let code = start.min(image);
            if !seen.insert(code)? {
                continue;
            }
            try_push(
                queue,
                Entry {
                    code,
                    image: start.max(image),
                    parent: u32::MAX,
                    moved: NOBODY,
                },
                "the queue",
            )?;
            self.stats.generated += 1;
            if stop_at_goal && anchors[geo.goal_class] & goal_bit != 0 {
                return Ok(Outcome {
                    found: Some((queue.len() - 1, 0)),
                    depth: 0,
                    reached: queue.len(),
                });
            }
        }
        meter.charge(self.stats.generated)?;
        let skip_last = metric == Metric::Move;
        let (mut head, mut layer_end, mut depth) = (0, queue.len(), 0u64);
        while head < queue.len() {
            if head == layer_end {
                depth += 1;
                layer_end = queue.len();
            }
            let Entry {
                code,
                image: mirrored,
                moved,
                ..
            } = queue[head];
            let last = if skip_last { moved } else { NOBODY };
            let covered = codec.decode_k::<K>(geo, code, &mut anchors);
            let empty = geo.board & !covered;
            // Covered cells next to an empty one: a piece can move only if it has one.
            let edge = geo.neighbours(empty) & covered;
            let before = queue.len();
            let not_last = all_but(last);
            for (class, info) in classes.iter().enumerate() {
                let mut movers = anchors[class] & info.touching(edge) & not_last;
                while movers != 0 {
                    let from = movers.trailing_zeros();
                    movers &= movers - 1;
                    let own = info.shape << from;
                    let fits = info.fits_in(empty | own);
                    let mut targets = destinations(geo, metric, from, fits);
                    while targets != 0 {
                        let to = targets.trailing_zeros();
                        targets &= targets - 1;
                        let moved = codec.relocate(geo, code, &anchors, class, from, to);
                        let (mut next, mut image, mut landed) = (moved, moved, to);
                        if let Some(m) = mirror {
                            let value = C::Code::from(m.class(class) as u64 + 1);
                            let other =
                                mirrored ^ value << m.bit(class, from) ^ value << m.bit(class, to);
                            // The smaller code is the one kept (without a branch: which
                            // one it is, is anyone's guess).
                            let flip = other < moved;
                            next = moved.min(other);
                            image = moved.max(other);
                            landed = if flip { m.bit(class, to) } else { to };
                        }
                        // Pushed, and taken back when not new: no branch on whether it
                        // was (see `CodeSet::insert`).
                        let entry = Entry {
                            code: next,
                            image,
                            parent: head as u32,
                            moved: landed as u8,
                        };
                        let new = match seen
                            .insert(next)
                            .and_then(|new| try_push(queue, entry, "the queue").map(|()| new))
                        {
                            Ok(new) => new,
                            Err(e) => {
                                self.stats = stats(head, queue.len());
                                return Err(e.into());
                            }
                        };
                        queue.truncate(queue.len() - usize::from(!new));
                        if new & (class == geo.goal_class) & (to == geo.goal_anchor) && stop_at_goal
                        {
                            self.stats = stats(head + 1, queue.len());
                            return Ok(Outcome {
                                found: Some((queue.len() - 1, depth + 1)),
                                depth: depth + 1,
                                reached: queue.len(),
                            });
                        }
                    }
                }
            }
            head += 1;
            // Every state reached is in the queue, every state before `head` expanded:
            // the statistics are written when the search stops, not kept on the way.
            if let Err(e) = meter.charge((queue.len() - before) as u64) {
                self.stats = stats(head, queue.len());
                return Err(e);
            }
            if queue.len() > most {
                self.stats = stats(head, queue.len());
                return Err(LimitError::Memory(queue.len() as u64));
            }
        }
        self.stats = stats(head, queue.len());
        // `depth` is the last layer's: the loop ends at the end of a layer (when `head`
        // passes a layer's end with more states queued, the next layer begins).
        Ok(Outcome {
            found: None,
            depth,
            reached: queue.len(),
        })
    }

    /// The moves from `start` to the state at `index` of the queue, with the labels of
    /// the input. Each step between two states of the queue is the one piece whose
    /// anchor changed, routed through the free cells of the earlier state; when the
    /// search folded mirror images, the next state is the stored one or its image,
    /// whichever is one move away.
    fn path<C: Codec>(
        &self,
        geo: &Geometry,
        codec: &C,
        metric: Metric,
        start: C::Code,
        index: usize,
    ) -> Path
    where
        C::Code: Stored,
    {
        let queue = &C::Code::store_ref(&self.stores).queue;
        let mut chain = vec![queue[index].code];
        let mut at = index;
        while queue[at].parent != u32::MAX {
            at = queue[at].parent as usize;
            chain.push(queue[at].code);
        }
        chain.reverse();
        let mut label_at = geo.start_labels;
        let mut anchors = [0u64; MAX_CLASSES];
        let mut real = start;
        let mut moves = Vec::with_capacity(chain.len() - 1);
        for &stored in &chain[1..] {
            let image = geo.mirror.as_ref().map(|m| {
                codec.decode(geo, stored, &mut anchors);
                C::Code::from(m.code(&anchors))
            });
            let (next, (from, to, dirs)) = [Some(stored), image]
                .into_iter()
                .flatten()
                .find_map(|next| Some((next, one_move(geo, codec, metric, real, next)?)))
                .expect("each state of the chain is one move from the one before");
            let label = std::mem::take(&mut label_at[geo.cell(from)]);
            label_at[geo.cell(to)] = label;
            moves.push(Move::new(char::from(label), dirs));
            real = next;
        }
        Path::new(moves)
    }
}

/// The move under `metric` from state `before` to `after` (codes): the moving piece's
/// anchor bits before and after, and the cells it travels; `None` if no one move does it.
fn one_move<C: Codec>(
    geo: &Geometry,
    codec: &C,
    metric: Metric,
    before: C::Code,
    after: C::Code,
) -> Option<(u32, u32, Vec<Dir>)> {
    let mut old = [0u64; MAX_CLASSES];
    let mut new = [0u64; MAX_CLASSES];
    let covered = codec.decode(geo, before, &mut old);
    codec.decode(geo, after, &mut new);
    let changed: Vec<usize> = (0..geo.classes.len())
        .filter(|&k| old[k] != new[k])
        .collect();
    let &[class] = changed.as_slice() else {
        return None;
    };
    let (gone, came) = (old[class] & !new[class], new[class] & !old[class]);
    if gone.count_ones() != 1 || came.count_ones() != 1 {
        return None;
    }
    let (from, to) = (gone.trailing_zeros(), came.trailing_zeros());
    let own = geo.spread(class, gone);
    let fits = geo.fits_in(class, geo.board & !covered | own);
    if destinations(geo, metric, from, fits) & came == 0 {
        return None;
    }
    Some((from, to, route(geo, metric, from, to, fits)))
}

/// The anchors a piece anchored on bit `from` reaches in one move under `metric`,
/// staying on anchors where it `fits` (which holds `from`).
#[inline(always)]
fn destinations(geo: &Geometry, metric: Metric, from: u32, fits: u64) -> u64 {
    let at = 1u64 << from;
    match metric {
        Metric::Step => geo.around(from) & fits,
        Metric::Slide => {
            let mut out = 0;
            for dir in 0..4 {
                let mut run = at;
                loop {
                    run = geo.shift(run, dir) & fits;
                    if run == 0 {
                        break;
                    }
                    out |= run;
                }
            }
            out
        }
        Metric::Move => {
            let first = geo.around(from) & fits;
            if nowhere_further(at, first, fits) {
                return first;
            }
            let mut reach = at | first;
            loop {
                let next = (reach | geo.neighbours(reach)) & fits;
                if next == reach {
                    break;
                }
                reach = next;
            }
            reach & !at
        }
    }
}

/// Whether a piece on `at` (a bit) whose one-step moves are `first` can go nowhere
/// further: no move at all, or `fits` holds no other anchor. Only a shortcut: the flood
/// of [`destinations`] would end where it starts and give `first` too.
#[inline(always)]
fn nowhere_further(at: u64, first: u64, fits: u64) -> bool {
    first == 0 || fits & !(at | first) == 0
}

/// The cells a piece travels from anchor `from` to `to` (bits) in one move under
/// `metric`: the straight run for `step` and `slide`, a shortest way through the anchors
/// where it `fits` for `move`.
fn route(geo: &Geometry, metric: Metric, from: u32, to: u32, fits: u64) -> Vec<Dir> {
    // Breadth-first over anchors, a layer (one mask) at a time, then back from `to`; for
    // `step` and `slide` the way is straight, so it only walks along the one line.
    let mut layers = vec![1u64 << from];
    let mut seen = 1u64 << from;
    while seen & 1 << to == 0 {
        let last = *layers.last().expect("a first layer");
        let next = geo.neighbours(last) & fits & !seen;
        assert_ne!(next, 0, "the target is reachable");
        seen |= next;
        layers.push(next);
    }
    let mut dirs = Vec::with_capacity(layers.len() - 1);
    let mut at = 1u64 << to;
    for layer in layers.iter().rev().skip(1) {
        // A step back into the previous layer, and the step forward it undoes.
        let (dir, back) = Dir::ALL
            .iter()
            .find_map(|&d| {
                let back = geo.shift(at, d.opposite().index()) & layer;
                (back != 0).then_some((d, back))
            })
            .expect("each layer touches the next");
        dirs.push(dir);
        at = back;
    }
    dirs.reverse();
    debug_assert!(
        metric == Metric::Move || dirs.iter().all(|&d| d == dirs[0]),
        "a slide or step goes straight"
    );
    dirs
}

/// The board of `anchors`, each class's pieces labelled with its labels in order.
#[cfg(feature = "generate")]
fn board_of(geo: &Geometry, anchors: &Anchors) -> Board {
    let mut cells = vec![EMPTY; geo.rows * geo.cols];
    for (k, class) in geo.classes.iter().enumerate() {
        let mut rest = anchors[k];
        let mut labels = class.labels.iter();
        while rest != 0 {
            let at = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let label = *labels.next().expect("as many labels as pieces");
            let mut cells_of = geo.spread(k, at);
            while cells_of != 0 {
                cells[geo.cell(cells_of.trailing_zeros())] = label;
                cells_of &= cells_of - 1;
            }
        }
    }
    Board::from_cells(geo.rows, geo.cols, cells)
}

/// The anchors a search may move: every one but `last`'s, the piece that moved into
/// the state (under `move`, where it could have gone on in the same move), or every one
/// when no piece did ([`NOBODY`]). Skipping it only spares work: its moves lead to
/// states already reached.
#[inline]
fn all_but(last: u8) -> u64 {
    if u32::from(last) < 64 {
        !(1u64 << last)
    } else {
        u64::MAX
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Goal, replay};
    use grid_core::Choice;
    use grid_core::Pos;

    /// The classic Klotski (Huarongdao) layout: 25,955 boards in its group.
    const CLASSIC: [&str; 5] = ["ABBC", "ABBC", "DEEF", "DGHF", "I..J"];

    /// The layout of `rows` whose goal puts `label`'s piece at (`row`, `col`).
    fn parsed(rows: &[&str], label: char, row: usize, col: usize) -> Layout {
        Layout::from_rows(rows, Goal::new(label, Pos::new(row, col))).unwrap()
    }

    /// The ranked code (which never folds mirror images) in 64 and in 128 bits and the
    /// cell code with the fold give the same answers, and paths that replay, on layouts
    /// that fit all three.
    #[test]
    fn every_code_agrees_with_and_without_the_mirror() {
        let layouts = [
            (CLASSIC.to_vec(), 'B', 3, 1),
            (vec!["A.BB", "....", "CC.D"], 'A', 2, 3),
            (vec![".L..", "LLJ.", "..J.", ".JJ.", "...."], 'L', 3, 2),
            (vec!["AB..", "AB..", "CCDD"], 'A', 0, 3),
        ];
        for (rows, label, row, col) in layouts {
            let layout = parsed(&rows, label, row, col);
            for &metric in Metric::ALL {
                let mut fast = Solver::new();
                for kind in [CodeKind::Sequence, CodeKind::Wide] {
                    let mut ranked = Solver {
                        kind: Some(kind),
                        ..Solver::new()
                    };
                    let a = fast.solve_with_path(&layout, metric).unwrap();
                    let b = ranked.solve_with_path(&layout, metric).unwrap();
                    assert_eq!(a.as_ref().map(|s| s.moves()), b.as_ref().map(|s| s.moves()));
                    for solution in [a, b].into_iter().flatten() {
                        let moves = solution.moves();
                        assert_eq!(replay(&layout, metric, &solution.path), Ok(moves));
                    }
                    assert_eq!(fast.reachable(&layout), ranked.reachable(&layout));
                }
            }
        }
    }

    /// Layouts for the test of `steps_at_least`, with their one-cell step distances from
    /// solved (solved ones and far ones among them).
    #[cfg(feature = "generate")]
    fn stepped() -> Vec<(Layout, Option<u64>)> {
        [
            (CLASSIC.to_vec(), 'B', 3, 1),
            (vec!["A.BB", "....", "CC.D"], 'A', 2, 3),
            (vec![".L..", "LLJ.", "..J.", ".JJ.", "...."], 'L', 3, 2),
            (vec!["AB..", "AB..", "CCDD"], 'A', 0, 3),
            (vec!["AB..", "AB..", "CCDD"], 'A', 0, 0),
        ]
        .into_iter()
        .map(|(rows, label, row, col)| {
            let layout = parsed(&rows, label, row, col);
            let exact = Solver::new().solve(&layout, Metric::Step).unwrap();
            (layout, exact)
        })
        .collect()
    }

    /// Without a limit, `steps_at_least` is the step distance (`u64::MAX` where no board
    /// of the group is solved); a search stopped by its limit gives the depth it had
    /// reached: at least 1 once it is past the start's layer, never more than the
    /// distance, and no less under a larger limit.
    #[cfg(feature = "generate")]
    #[test]
    fn steps_at_least_is_the_distance_or_the_depth_a_limit_stopped_at() {
        let mut distances = Vec::new();
        for (layout, exact) in stepped() {
            let distance = Solver::new().steps_at_least(&layout);
            assert_eq!(distance, exact.unwrap_or(u64::MAX));
            distances.push(distance);
            let Some(exact) = exact.filter(|&d| d >= 10) else {
                continue;
            };
            let mut before = 1;
            for max in [40, 200, 1000] {
                let mut limited = Solver::with_limits(Limits {
                    max_states: Some(max),
                    ..Limits::NONE
                });
                let at_least = limited.steps_at_least(&layout);
                assert!(
                    (before..=exact).contains(&at_least),
                    "{at_least} under {max}"
                );
                before = at_least;
            }
            assert!(before >= 3, "1000 states reach depth {before}");
        }
        // The cases above: solved ones and far ones.
        assert!(distances.contains(&0));
        assert!(distances.iter().any(|&d| (10..u64::MAX).contains(&d)));
    }

    /// `at_distance` draws a board at the distance asked from a solved layout (or the
    /// farthest), whatever `pick` returns: an index past the boards at that distance
    /// means the last of them.
    #[cfg(feature = "generate")]
    #[test]
    fn at_distance_draws_a_board_that_far_from_solved() {
        let solved = [
            (CLASSIC.to_vec(), 'B', 0, 1),
            (vec!["A.BB", "....", "CC.D"], 'A', 0, 0),
            (vec!["AB..", "AB..", "CCDD"], 'A', 0, 0),
        ];
        let mut farthest = Vec::new();
        for (rows, label, row, col) in solved {
            let solved = parsed(&rows, label, row, col);
            assert!(solved.is_solved());
            for steps in [1, 3, 1000] {
                for pick in [0, 1, usize::MAX] {
                    let mut solver = Solver::new();
                    let (board, distance, boards) = solver
                        .at_distance(&solved, steps, &mut |n| pick.min(n.saturating_add(5)))
                        .unwrap();
                    assert!(distance <= steps && boards > 1);
                    let far = solved.with_board(&board).unwrap();
                    let own = Solver::new().solve(&far, Metric::Step).unwrap();
                    assert_eq!(own, Some(distance), "steps {steps}, pick {pick}");
                    if steps <= 3 {
                        assert_eq!(distance, steps);
                    } else {
                        farthest.push(distance);
                    }
                }
            }
        }
        assert!(
            farthest.iter().all(|&d| (4..1000).contains(&d)),
            "{farthest:?}"
        );
    }

    /// `pick` is told how many boards are at the distance, and each index draws another.
    #[cfg(feature = "generate")]
    #[test]
    fn at_distance_picks_among_every_board_that_far() {
        let solved = parsed(&["A.BB", "....", "CC.D"], 'A', 0, 0);
        for steps in [1, 2, 4] {
            let mut count = 0;
            Solver::new()
                .at_distance(&solved, steps, &mut |n| {
                    count = n;
                    0
                })
                .unwrap();
            let mut drawn = std::collections::HashSet::new();
            for k in 0..count {
                let (board, distance, _) = Solver::new()
                    .at_distance(&solved, steps, &mut |_| k)
                    .unwrap();
                assert_eq!(distance, steps);
                drawn.insert(format!("{board:?}"));
            }
            assert_eq!(drawn.len(), count, "{steps} steps");
            assert!(count > 1, "{steps} steps: {count} boards");
        }
    }

    /// A state budget counts the states reached: a search of the whole group (with
    /// `reachable`) ends within a budget of exactly as many states and stops one short
    /// of it; a solve ends within a budget of the states it generated.
    #[test]
    fn a_state_budget_is_the_states_reached() {
        let limited = |states: u64| {
            Solver::with_limits(Limits {
                max_states: Some(states),
                ..Limits::NONE
            })
        };
        let layouts = [
            (CLASSIC.to_vec(), 'B', 3, 1, 25_955),
            (vec!["A.BB", "....", "CC.D"], 'A', 0, 3, 840),
            (vec![".L..", "LLJ.", "..J.", ".JJ.", "...."], 'L', 3, 2, 52),
        ];
        for (rows, label, row, col, group) in layouts {
            let layout = parsed(&rows, label, row, col);
            assert_eq!(Solver::new().reachable(&layout), Ok(group));
            assert_eq!(limited(group).reachable(&layout), Ok(group));
            assert_eq!(
                limited(group - 1).reachable(&layout),
                Err(LimitError::States(group - 1))
            );
            for &metric in Metric::ALL {
                let mut solver = Solver::new();
                let answer = solver.solve(&layout, metric).unwrap();
                let generated = solver.stats().generated;
                assert!(answer.is_some_and(|a| a > 0) && generated > 1);
                assert_eq!(limited(generated).solve(&layout, metric), Ok(answer));
                assert!(limited(generated / 2).solve(&layout, metric).is_err());
            }
        }
    }

    /// `farthest` names a board of the group as far from solved as it says, under every
    /// metric.
    #[cfg(feature = "generate")]
    #[test]
    fn the_farthest_board_is_as_far_as_it_says() {
        let solved = [
            (vec!["A.BB", "....", "CC.D"], 'A', 0, 0),
            (vec!["AB..", "AB..", "CCDD"], 'A', 0, 0),
            (vec![".L..", "LLJ.", "..J.", ".JJ.", "...."], 'L', 0, 0),
        ];
        for (rows, label, row, col) in solved {
            let layout = parsed(&rows, label, row, col);
            for &metric in Metric::ALL {
                let (board, depth) = Solver::new().farthest(&layout, metric).unwrap().unwrap();
                let far = layout.with_board(&board).unwrap();
                assert!(depth > 0, "{metric:?}");
                assert_eq!(
                    Solver::new().solve(&far, metric),
                    Ok(Some(depth)),
                    "{metric:?}"
                );
            }
        }
    }

    /// The memory limit (here a test's few states in place of [`MAX_STATES`]) stops a
    /// search that stores more states than it, and only such a search.
    #[test]
    fn the_memory_limit_stops_a_search_that_stores_more() {
        let layout = parsed(&CLASSIC, 'B', 3, 1);
        let storing = |most| Solver {
            memory: Some(most),
            ..Solver::new()
        };
        let group = 25_955;
        assert_eq!(storing(group).reachable(&layout), Ok(group as u64));
        for most in [group - 1, 1000, 10] {
            let mut solver = storing(most);
            let Err(LimitError::Memory(stored)) = solver.reachable(&layout) else {
                panic!("{most} states stored at most");
            };
            // Stopped after the expansion that went past the limit.
            assert!(
                stored > most as u64 && stored <= most as u64 + 20,
                "{stored}"
            );
            assert_eq!(solver.stats().generated, stored);
        }
    }

    /// A solve's counts, pinned: the states expanded (the one that reached the goal
    /// included) and generated, under each metric.
    #[test]
    fn a_solve_counts_what_it_expanded_and_generated() {
        let cases = [
            (
                CLASSIC.to_vec(),
                'B',
                3,
                1,
                [
                    (116, 12_012, 12_048),
                    (90, 11_910, 11_971),
                    (81, 11_908, 11_980),
                ],
            ),
            (
                vec![".L..", "LLJ.", "..J.", ".JJ.", "...."],
                'L',
                3,
                2,
                [(7, 33, 38), (4, 22, 31), (2, 4, 17)],
            ),
        ];
        for (rows, label, row, col, counts) in cases {
            let layout = parsed(&rows, label, row, col);
            for (metric, (moves, expanded, generated)) in Metric::ALL.iter().copied().zip(counts) {
                let mut solver = Solver::new();
                assert_eq!(solver.solve(&layout, metric), Ok(Some(moves)));
                let stats = solver.stats();
                assert_eq!(
                    (stats.expanded, stats.generated),
                    (expanded, generated),
                    "{metric:?}"
                );
            }
        }
    }
}
