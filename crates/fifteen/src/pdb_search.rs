//! IDA* over additive pattern databases, looked up a second time through the board's
//! reflection.
//!
//! A move moves one tile, so it changes one group's entry on each side (the position
//! itself, and its reflection: the reflected tile, in its own group). The search keeps,
//! per side and group, the placement's index in its table: its spread index (what
//! each tile adds on its cell, summed), so that a move changes one index by what its
//! tile adds on the cell it leaves and the cell it enters; or, for tables laid out by
//! rank, its rank and the cells the group holds, so that a move changes the rank by
//! [`shift`]. Then it reads one entry. An entry is half the group's excess over its
//! Manhattan distance, so the heuristic is the Manhattan distance (the same on both
//! sides) plus twice the larger side's sum.
//!
//! A position's children are all looked up, on both sides, before any is entered, so
//! that their reads from the tables are under way together.
//!
//! An iteration that the one before it shows to be long is split among threads
//! ([`Search::iterate`]): the positions a few moves deep that the bound lets through,
//! in the order the search would enter them, are shares that the threads take in that
//! order. The first share in order that reaches the goal or a limit decides, and the
//! iteration's counts are summed over the shares the search on one thread would have
//! entered, so the path, the counts and where a budget stops are the same on any
//! number of threads.

use crate::checkpoint::{Checkpoint, Session};
use crate::fsm::{DEAD, Fsm, Pruning, START};
use crate::geometry::{Geometry, Labelled, MoveOrder, NONE, ORDER};
use crate::heuristics::Heuristics;
use crate::pdb::{Layout, MAX_GROUP, MAX_GROUPS, Table, rank, shift, weights};
use crate::zpdb::{ZeroLookups, ZeroStep};
use grid_core::progress::Watch;
use grid_core::{Dir, LimitError, Limits, Meter, SearchStats};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

/// How [`Search::dfs`] runs: the whole iteration on this thread, one share of an
/// iteration split among threads, or the split itself (the shares, in order).
const WHOLE: u8 = 0;
const SHARE: u8 = 1;
const SPLIT: u8 = 2;

/// An iteration that the one before it shows to generate fewer positions than this runs
/// on one thread: splitting it would cost more than it saves.
pub(crate) const PARALLEL_FROM: u64 = 1 << 22;

/// An iteration on threads is split into at least this many shares a thread, where
/// the tree is that wide, so that a thread that ends its share early takes another.
const SHARES_PER_THREAD: usize = 64;

/// An iteration of a checkpointed search is split into at least this many shares, so
/// that a checkpoint falls between two of them often enough.
const CHECKPOINT_SHARES: usize = 1024;

/// How many positions a share expands between two looks at whether a share before it
/// has ended the iteration.
const STOP_EVERY: u64 = 1 << 12;

/// The lookups of one side (the position itself, or its reflection).
#[derive(Clone, Debug)]
struct Side {
    /// Per tile label, its group and its place in the group's order.
    group: [u8; 64],
    slot: [u8; 64],
    /// Tables by spread index: `adds[label * 64 + cell]`, what the tile `label` on
    /// board cell `cell` adds to its group's index (the cell in the table's frame,
    /// through the reflection on side 1, times `n` to the power of the tile's place in
    /// the group).
    adds: Box<[u32; 64 * 64]>,
    /// Tables by rank: `frame[label * 64 + cell]`, the cell in the table's frame; per
    /// group, the cells its tiles hold in its table's frame, and on each the tile's
    /// place in the group's order.
    frame: Box<[u8; 64 * 64]>,
    taken: [u64; MAX_GROUPS],
    slot_at: [[u8; 64]; MAX_GROUPS],
    /// Per group: its placement's index in its table, and the entry there.
    index: [u32; MAX_GROUPS],
    entry: [u8; MAX_GROUPS],
    /// The sum of the entries.
    sum: u32,
}

impl Side {
    /// For tables by rank: moves the tile `label` of group `g` from board cell `from`
    /// to board cell `to` in the cells its group holds.
    #[inline(always)]
    fn retake(&mut self, g: usize, (label, from, to): (u8, usize, usize)) {
        let row = usize::from(label & 63) * 64;
        let (p, q) = (self.frame[row | (from & 63)], self.frame[row | (to & 63)]);
        self.taken[g] ^= (1 << (p & 63)) | (1 << (q & 63));
        self.slot_at[g][usize::from(q & 63)] = self.slot[row >> 6];
    }
}

/// A tile's move as one side sees it: the group, its new index and entry, and the
/// old entry.
#[derive(Clone, Copy, Debug, Default)]
struct Step {
    index: u32,
    group: u8,
    entry: u8,
    old: u8,
}

/// What a search looks its positions up in: the databases' entries of the current
/// position, kept up to date move by move.
pub(crate) trait Lookups<'a>: Sized + Clone {
    /// A move as looked up: what [`Lookups::take`] and [`Lookups::untake`] need.
    type Step: Copy + Default;
    /// The lookups of `start` in `dbs`, which are of this kind.
    fn new(geo: &'a Geometry, dbs: &'a Heuristics, start: &Labelled) -> Self;
    /// The position's heuristic, its Manhattan distance being `manhattan`.
    fn h(&self, manhattan: u32) -> u32;
    /// The tile `label` moved from board cell `from` to board cell `to` (the blank
    /// from `to` to `from`), `bounds` the Manhattan distance after it and the room
    /// under the bound: the move looked up, and the heuristic after it. A heuristic
    /// over the room is a move that
    /// will not be taken: its step may be left partial (the heuristic is exact).
    fn look(&self, label: u8, from: usize, to: usize, bounds: (u32, u32)) -> (Self::Step, u32);
    /// Makes the move looked up as `step`.
    /// (which may keep in `step` what it needs to undo it).
    fn take(&mut self, step: &mut Self::Step, label: u8, from: usize, to: usize);
    /// Undoes [`Lookups::take`] of the same move.
    fn untake(&mut self, step: &mut Self::Step, label: u8, from: usize, to: usize);
}

/// A kind of lookups, for any lifetime of the databases.
pub(crate) trait Kind {
    type Of<'a>: Lookups<'a>;
}

/// The step of a search of the kind `K`.
type StepOf<'a, K> = <<K as Kind>::Of<'a> as Lookups<'a>>::Step;

/// Additive databases looked up on the position and its reflection.
pub(crate) struct Additive;
impl Kind for Additive {
    type Of<'a> = AdditiveLookups<'a>;
}

/// Zero-aware tables and their catalogue of partitions.
pub(crate) struct ZeroAware;
impl Kind for ZeroAware {
    type Of<'a> = ZeroLookups<'a>;
}

/// The lookups of additive databases: per side, the groups' indices and entries.
#[derive(Clone)]
pub(crate) struct AdditiveLookups<'a> {
    sides: [Side; 2],
    /// Per group, its table, and the weights of its tiles' digits in a rank.
    tables: [&'a Table; MAX_GROUPS],
    weights: [[usize; MAX_GROUP]; MAX_GROUPS],
    /// Whether the tables are laid out by rank (else by spread index).
    ranked: bool,
    /// Whether side 1 is looked up.
    reflect: bool,
}

/// A move as [`AdditiveLookups`] sees it: its step on each side, and the indices
/// of the two groups it changes before it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct AdditiveStep {
    own: Step,
    image: Step,
    indices: (u32, u32),
}

impl<'a> Lookups<'a> for AdditiveLookups<'a> {
    type Step = AdditiveStep;

    fn new(geo: &'a Geometry, dbs: &'a Heuristics, start: &Labelled) -> Self {
        let Heuristics::Additive(dbs) = dbs else {
            unreachable!("an additive search of additive databases")
        };
        let n = geo.cells;
        let identity: Vec<u8> = (0..n as u8).collect();
        let mirror = dbs.reflection.as_deref().unwrap_or(&identity);
        let empty = Side {
            group: [0; 64],
            slot: [0; 64],
            adds: Box::new([0; 64 * 64]),
            frame: Box::new([0; 64 * 64]),
            taken: [0; MAX_GROUPS],
            slot_at: [[0; 64]; MAX_GROUPS],
            index: [0; MAX_GROUPS],
            entry: [0; MAX_GROUPS],
            sum: 0,
        };
        let ranked = dbs.layout == Layout::Rank;
        debug_assert!(dbs.tables.iter().all(|t| t.layout == dbs.layout));
        let mut sides = [empty.clone(), empty];
        for (side_number, side) in sides.iter_mut().enumerate() {
            let through = |cell: usize| {
                if side_number == 0 {
                    cell
                } else {
                    usize::from(mirror[cell])
                }
            };
            for label in 0..n {
                let tile = through(label);
                if tile == usize::from(start.blank_label) {
                    continue;
                }
                let g = usize::from(dbs.group_of[tile]);
                side.group[label] = g as u8;
                side.slot[label] = dbs.slot_of[tile];
                let weight = (n as u32).pow(u32::from(dbs.slot_of[tile]));
                for cell in 0..n {
                    let at = dbs.groups[g].map[through(cell)];
                    side.frame[label * 64 + cell] = at;
                    side.adds[label * 64 + cell] = u32::from(at) * weight;
                }
            }
            let mut placed = [[0u8; MAX_GROUP]; MAX_GROUPS];
            for (cell, &label) in start.cells.iter().enumerate() {
                if label != start.blank_label {
                    let label = usize::from(label);
                    let (g, slot) = (usize::from(side.group[label]), side.slot[label]);
                    side.index[g] += side.adds[label * 64 + cell];
                    let at = side.frame[label * 64 + cell];
                    placed[g][usize::from(slot)] = at;
                    side.taken[g] |= 1 << at;
                    side.slot_at[g][usize::from(at)] = slot;
                }
            }
            for (g, group) in dbs.groups.iter().enumerate() {
                if ranked {
                    side.index[g] = rank(&placed[g][..group.tiles.len()], n) as u32;
                }
                side.entry[g] = dbs.tables[group.table].get(side.index[g] as usize);
                side.sum += u32::from(side.entry[g]);
            }
        }
        let mut tables = [&dbs.tables[0]; MAX_GROUPS];
        let mut group_weights = [[0; MAX_GROUP]; MAX_GROUPS];
        for (g, group) in dbs.groups.iter().enumerate() {
            tables[g] = &dbs.tables[group.table];
            group_weights[g] = weights(n, group.tiles.len());
        }
        AdditiveLookups {
            sides,
            tables,
            weights: group_weights,
            ranked,
            reflect: dbs.reflection.is_some(),
        }
    }

    /// The Manhattan distance plus twice the larger side's sum of half excesses.
    #[inline(always)]
    fn h(&self, manhattan: u32) -> u32 {
        let excess = if self.reflect {
            self.sides[0].sum.max(self.sides[1].sum)
        } else {
            self.sides[0].sum
        };
        manhattan + 2 * excess
    }

    #[inline(always)]
    fn look(
        &self,
        label: u8,
        from: usize,
        to: usize,
        (manhattan, _): (u32, u32),
    ) -> (AdditiveStep, u32) {
        let own = self.look_side(0, label, from, to);
        let mut excess = self.sides[0].sum + u32::from(own.entry) - u32::from(own.old);
        let image = if self.reflect {
            let image = self.look_side(1, label, from, to);
            excess = excess.max(self.sides[1].sum + u32::from(image.entry) - u32::from(image.old));
            image
        } else {
            Step::default()
        };
        let indices = (
            self.sides[0].index[usize::from(own.group) % MAX_GROUPS],
            self.sides[1].index[usize::from(image.group) % MAX_GROUPS],
        );
        (
            AdditiveStep {
                own,
                image,
                indices,
            },
            manhattan + 2 * excess,
        )
    }

    #[inline(always)]
    fn take(&mut self, step: &mut AdditiveStep, label: u8, from: usize, to: usize) {
        self.take_side(0, &step.own, (label, from, to));
        if self.reflect {
            self.take_side(1, &step.image, (label, from, to));
        }
    }

    #[inline(always)]
    fn untake(&mut self, step: &mut AdditiveStep, label: u8, from: usize, to: usize) {
        if self.reflect {
            self.untake_side(1, &step.image, step.indices.1, (label, from, to));
        }
        self.untake_side(0, &step.own, step.indices.0, (label, from, to));
    }
}

impl AdditiveLookups<'_> {
    /// Where moving the tile `label` from board cell `from` to board cell `to` takes
    /// its group on `side`: its new index and the entry there.
    #[inline(always)]
    fn look_side(&self, side: usize, label: u8, from: usize, to: usize) -> Step {
        let side = &self.sides[side & 1];
        let row = usize::from(label & 63) * 64;
        let g = usize::from(side.group[row >> 6]) % MAX_GROUPS;
        let (from, to) = (row | (from & 63), row | (to & 63));
        if self.ranked {
            let slot = side.slot[row >> 6];
            let (p, q) = (side.frame[from], side.frame[to]);
            let delta = shift(
                &self.weights[g],
                &side.slot_at[g],
                side.taken[g],
                usize::from(slot),
                p,
                q,
            );
            let index = (side.index[g] as isize + delta) as u32;
            return Step {
                index,
                group: g as u8,
                entry: self.tables[g].get(index as usize),
                old: side.entry[g],
            };
        }
        let index = side.index[g] - side.adds[from] + side.adds[to];
        Step {
            index,
            group: g as u8,
            entry: self.tables[g].get(index as usize),
            old: side.entry[g],
        }
    }

    /// Makes the move `step` looked at on `side`: the tile `label` from board cell
    /// `from` to board cell `to`.
    #[inline(always)]
    fn take_side(&mut self, side: usize, step: &Step, (label, from, to): (u8, usize, usize)) {
        let ranked = self.ranked;
        let side = &mut self.sides[side & 1];
        let g = usize::from(step.group) % MAX_GROUPS;
        side.index[g] = step.index;
        side.entry[g] = step.entry;
        side.sum = side.sum + u32::from(step.entry) - u32::from(step.old);
        if ranked {
            side.retake(g, (label, from, to));
        }
    }

    /// Undoes [`AdditiveLookups::take_side`] of the same move, back to the index `index`.
    #[inline(always)]
    fn untake_side(
        &mut self,
        side: usize,
        step: &Step,
        index: u32,
        (label, from, to): (u8, usize, usize),
    ) {
        let ranked = self.ranked;
        let side = &mut self.sides[side & 1];
        let g = usize::from(step.group) % MAX_GROUPS;
        side.index[g] = index;
        side.entry[g] = step.old;
        side.sum = side.sum + u32::from(step.old) - u32::from(step.entry);
        if ranked {
            side.retake(g, (label, to, from));
        }
    }
}

impl<'a> Lookups<'a> for ZeroLookups<'a> {
    type Step = ZeroStep;

    fn new(_: &'a Geometry, dbs: &'a Heuristics, start: &Labelled) -> Self {
        let Heuristics::ZeroAware(dbs) = dbs else {
            unreachable!("a zero-aware search of zero-aware tables")
        };
        ZeroLookups::new(dbs, start)
    }

    /// The largest partition's sum of distances (each at least its groups'
    /// Manhattan distance).
    #[inline(always)]
    fn h(&self, _: u32) -> u32 {
        ZeroLookups::h(self)
    }

    #[inline(always)]
    fn look(&self, label: u8, from: usize, to: usize, (_, room): (u32, u32)) -> (ZeroStep, u32) {
        ZeroLookups::look(self, label, from, to, room)
    }

    #[inline(always)]
    fn take(&mut self, step: &mut ZeroStep, label: u8, from: usize, to: usize) {
        ZeroLookups::take(self, step, label, from, to);
    }

    #[inline(always)]
    fn untake(&mut self, step: &mut ZeroStep, label: u8, from: usize, to: usize) {
        ZeroLookups::untake(self, step, label, from, to);
    }
}

/// An IDA* search of one position.
pub(crate) struct Search<'a, K: Kind> {
    geo: &'a Geometry,
    /// The tile on each cell; the blank's own cell is not kept up to date (a move
    /// reads only the cell it takes the blank to, never the blank's).
    cells: [u8; 64],
    blank: usize,
    /// The databases' lookups of the current position.
    lookups: K::Of<'a>,
    /// The Manhattan distance of the tiles (the same for the reflection).
    manhattan: u32,
    /// `distance[label * 64 + cell]`: a tile's Manhattan distance from `cell` home.
    distance: Vec<u8>,
    /// Whether a child far over the bound prunes its parent (tests turn it off).
    pathmax: bool,
    path: Vec<Dir>,
    meter: &'a mut Meter,
    pub(crate) stats: SearchStats,
    next_bound: u32,
    /// What a share on another thread is built from.
    dbs: &'a Heuristics,
    start: &'a Labelled,
    /// Iterations from this many positions on run on threads (see [`PARALLEL_FROM`]).
    parallel_from: u64,
    /// A share's stop: the lowest share that has ended the iteration so far (found the
    /// goal or hit a limit), and this share's number; and whether it has stopped.
    stop: Option<(&'a AtomicUsize, usize)>,
    stopped: bool,
    /// The split of an iteration being made.
    split: Split,
    /// Which paths are never the first shortest one.
    fsm: &'static Fsm,
    /// Who is told of the iterations and of the shares done, and the positions the
    /// search had generated before the iteration under way.
    watch: Watch,
    iteration_base: u64,
    /// The checkpointed search's session, if it is one; a share's halt flag, and
    /// whether it halted.
    session: Option<&'a Session>,
    halt: Option<&'a AtomicBool>,
    halted: bool,
    /// The order in which the blank's moves are tried.
    order: MoveOrder,
}

/// An iteration split into shares: every position at `depth` moves that the bound lets
/// through, in the order the search would enter them.
#[derive(Debug, Default)]
struct Split {
    depth: u32,
    /// The moves (indices into [`ORDER`]) from the start to where the split is.
    moves: Vec<u8>,
    shares: Vec<Share>,
}

/// One position of a split: its moves from the start; what the iteration had done
/// before entering it, in the search's order (its own generation included); and
/// whether it is the goal (met above the split's depth, it ends the split).
#[derive(Clone, Debug)]
struct Share {
    moves: Vec<u8>,
    before: SearchStats,
    goal: bool,
}

/// How a share's search ended.
#[derive(Debug)]
struct Ended {
    /// The path below the share, in order, if it reached the goal.
    found: Option<Vec<Dir>>,
    error: Option<LimitError>,
    stats: SearchStats,
    /// What its meter was charged (one past its budget when that stopped it).
    charged: u64,
    next_bound: u32,
    /// Whether the halt flag stopped it (its counts are then not whole).
    halted: bool,
}

impl Ended {
    /// Whether the share decided its iteration: it found the goal or hit a limit (the
    /// first such share in order ends the iteration, and the shares after it are not
    /// searched or not counted).
    fn decided(&self) -> bool {
        self.found.is_some() || self.error.is_some()
    }
}

/// Whether share `i` of `len` is taken by a thread free for the next: one that is
/// there, not after the first share (`lowest`) that decided the iteration, with the
/// halt flag down.
fn takes(i: usize, len: usize, lowest: usize, halt: Option<&AtomicBool>) -> bool {
    i < len && !after_decided(lowest, i) && !raised(halt)
}

/// Whether share `me` comes after `lowest`, the first share in order that has decided
/// the iteration (`usize::MAX`: none has): then it need not be searched.
fn after_decided(lowest: usize, me: usize) -> bool {
    lowest < me
}

/// Whether a checkpointed search's halt flag is up.
fn raised(halt: Option<&AtomicBool>) -> bool {
    halt.is_some_and(|h| h.load(Ordering::Relaxed))
}

/// Whether a share looks at the stops (a share before it decided, the halt flag) after
/// expanding `expanded` positions: first when it starts, then every [`STOP_EVERY`].
fn looks(expanded: u64) -> bool {
    expanded % STOP_EVERY == 0
}

/// What an iteration of a checkpointed search tells [`Search::search_shares`]: its
/// session, the counts before the shares (the iterations before, the split, the shares
/// done before a resume), and where the iteration is.
struct Control<'s> {
    session: &'s Session,
    /// The counts of the iterations before, of the split, and of the shares done before
    /// a resume, with their least f over the bound.
    before: SearchStats,
    split: SearchStats,
    prior: (SearchStats, u32),
    /// The bound and the split's depth; the shares skipped (done before a resume) and
    /// all the split's shares.
    at: (u32, u32),
    skip: usize,
    shares: usize,
}

/// The shares of a checkpointed iteration done so far: each one's counts once it is
/// done, the prefix of them in order that is done (its counts and least f), and the
/// prefix the search halts at, once it halts.
struct Done {
    ended: Vec<Option<(SearchStats, u32, bool)>>,
    prefix: usize,
    stats: SearchStats,
    next_bound: u32,
    frozen: Option<usize>,
}

/// What a move changed, for [`Search::leave`] to undo.
#[derive(Clone, Copy, Debug)]
struct Undo {
    at: usize,
    to: usize,
    tile: u8,
    manhattan: u32,
}

impl<'a, K: Kind> Search<'a, K> {
    pub(crate) fn new(
        geo: &'a Geometry,
        dbs: &'a Heuristics,
        start: &'a Labelled,
        meter: &'a mut Meter,
    ) -> Result<Search<'a, K>, LimitError> {
        let n = geo.cells;
        let lookups = <K::Of<'a> as Lookups<'a>>::new(geo, dbs, start);
        let mut distance = vec![0u8; 64 * 64];
        for label in 0..n {
            let (gr, gc) = geo.place(label);
            for cell in 0..n {
                let (r, c) = geo.place(cell);
                distance[label * 64 + cell] = (gr.abs_diff(r) + gc.abs_diff(c)) as u8;
            }
        }
        let manhattan = start
            .cells
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != start.blank_label)
            .map(|(cell, &v)| u32::from(distance[usize::from(v) * 64 + cell]))
            .sum();
        let mut cells = [0u8; 64];
        cells[..n].copy_from_slice(&start.cells);
        Ok(Search {
            geo,
            cells,
            blank: start.blank,
            lookups,
            manhattan,
            distance,
            pathmax: true,
            path: Vec::new(),
            meter,
            stats: SearchStats::default(),
            next_bound: u32::MAX,
            dbs,
            start,
            parallel_from: PARALLEL_FROM,
            stop: None,
            stopped: false,
            split: Split::default(),
            fsm: Fsm::shared()?,
            watch: Watch::NONE,
            iteration_base: 0,
            session: None,
            halt: None,
            halted: false,
            order: MoveOrder::LETTERS,
        })
    }

    /// This search, checkpointed in `session` (if any): every iteration split into
    /// shares, the search resumed from the session's checkpoint, if it has one.
    pub(crate) fn checkpointed(mut self, session: Option<&'a Session>) -> Self {
        self.session = session;
        self
    }

    /// This search, trying the blank's moves in `order`.
    pub(crate) fn ordered(mut self, order: MoveOrder) -> Self {
        self.order = order;
        self
    }

    /// This search, skipping the paths `pruning` says.
    ///
    /// # Errors
    /// When the memory for its automaton is refused.
    pub(crate) fn pruned(mut self, pruning: Pruning) -> Result<Self, LimitError> {
        self.fsm = Fsm::of(pruning)?;
        Ok(self)
    }

    /// This search, telling `watch` of its iterations and of each share of an
    /// iteration split among threads as it is done.
    pub(crate) fn watched(mut self, watch: &Watch) -> Self {
        self.watch = watch.clone();
        self
    }

    /// This search without pathmax.
    #[cfg(test)]
    fn without_pathmax(mut self) -> Self {
        self.pathmax = false;
        self
    }

    /// This search, running its iterations on threads from `positions` generated on
    /// (tests split even the smallest).
    #[cfg(test)]
    fn parallel_from(mut self, positions: u64) -> Self {
        self.parallel_from = positions;
        self
    }

    fn heuristic(&self) -> u32 {
        self.lookups.h(self.manhattan)
    }

    /// Makes the move that takes the blank to `to` (the tile there moving to the
    /// blank's cell), looked up as `step`, the Manhattan distance after it `manhattan`;
    /// what [`Search::leave`] needs to undo it.
    #[inline(always)]
    fn enter(&mut self, to: usize, manhattan: u32, step: &mut StepOf<'a, K>) -> Undo {
        let at = self.blank;
        let tile = self.cells[to & 63];
        self.cells[at & 63] = tile;
        self.blank = to;
        let before = self.manhattan;
        self.manhattan = manhattan;
        self.lookups.take(step, tile, to, at);
        Undo {
            at,
            to,
            tile,
            manhattan: before,
        }
    }

    /// Undoes [`Search::enter`].
    #[inline(always)]
    fn leave(&mut self, undo: &Undo, step: &mut StepOf<'a, K>) {
        self.lookups.untake(step, undo.tile, undo.to, undo.at);
        self.manhattan = undo.manhattan;
        self.cells[undo.to & 63] = undo.tile;
        self.blank = undo.at;
    }

    /// Makes the blank's move `k` of [`ORDER`] (to a share's position).
    fn play(&mut self, k: usize) {
        let at = self.blank;
        let to = usize::from(self.geo.next[at][k & 3]);
        let tile = self.cells[to & 63];
        let row = usize::from(tile) * 64;
        let manhattan = self.manhattan + u32::from(self.distance[row + at])
            - u32::from(self.distance[row + to]);
        let (mut step, _) = self.lookups.look(tile, to, at, (manhattan, u32::MAX));
        self.enter(to, manhattan, &mut step);
    }

    /// Runs IDA* to the first shortest path in its order (among those the automaton
    /// keeps: in [`ORDER`], the first of all), each iteration that the one
    /// before shows to be large split among `threads` threads ([`Search::iterate`]).
    /// The path, the counts and where a budget stops it are those of the search on one
    /// thread.
    pub(crate) fn run(
        mut self,
        threads: usize,
    ) -> Result<(Option<Vec<Dir>>, SearchStats), LimitError> {
        let mut bound = self.heuristic();
        let mut last = 0;
        let mut resume = self.session.and_then(|s| s.config.resume.clone());
        if let Some(checkpoint) = &resume {
            // A search halted before it began (while its databases were built) has
            // the bound 0 in its checkpoint: it begins at the start's, as it would have.
            bound = checkpoint.bound.max(bound);
            self.stats = checkpoint.before;
            self.meter.charge(checkpoint.before.generated)?;
        }
        loop {
            self.next_bound = u32::MAX;
            let before = self.stats.generated;
            self.watch.iteration(u64::from(bound), before);
            self.iteration_base = before;
            let found = if let Some(session) = self.session {
                let at = resume.take().filter(|c| c.depth > 0);
                if at.is_none() {
                    let halt = session.halting() || session.enough(self.stats.expanded);
                    if halt || session.due() {
                        let none = (SearchStats::default(), u32::MAX);
                        session.save(&session.at((bound, 0), (0, 0), self.stats, none));
                    }
                    if halt {
                        session.halt();
                        return Err(LimitError::Stopped);
                    }
                }
                self.iterate(bound, threads, at)?
            } else if threads > 1 && last >= self.parallel_from {
                self.iterate(bound, threads, None)?
            } else {
                self.dfs::<WHOLE>(0, bound, START)?
            };
            if found {
                self.path.reverse();
                return Ok((Some(self.path), self.stats));
            }
            if self.next_bound == u32::MAX {
                return Ok((None, self.stats));
            }
            last = self.stats.generated - before;
            bound = self.next_bound;
        }
    }

    /// One iteration to `bound` on `threads` threads. It is split into shares (the
    /// positions at the shallowest depth with enough of them), which the threads take
    /// in order; a share that finds the goal or hits a limit stops the shares after
    /// it, and the first such share in order decides. Its counts are the sums over the
    /// shares the search on one thread would have entered, so they, the path and the
    /// limit are the same as that search's.
    ///
    /// A checkpointed search splits every iteration, into at least
    /// [`CHECKPOINT_SHARES`] shares where the tree is that wide, or at the depth of the
    /// checkpoint `at` it resumes from (whose shares done are skipped, their counts
    /// taken from it); it halts at a prefix of the shares in order (see
    /// [`Search::search_shares`]), its checkpoint handed over, with
    /// [`LimitError::Stopped`].
    fn iterate(
        &mut self,
        bound: u32,
        threads: usize,
        at: Option<Checkpoint>,
    ) -> Result<bool, LimitError> {
        let earlier = self.stats;
        let mut depth = at.as_ref().map_or(1, |c| c.depth);
        let wide = match self.session {
            Some(_) => (threads * SHARES_PER_THREAD).max(CHECKPOINT_SHARES),
            None => threads * SHARES_PER_THREAD,
        };
        let goal = loop {
            self.stats = SearchStats::default();
            self.next_bound = u32::MAX;
            self.split = Split {
                depth,
                ..Split::default()
            };
            let goal = self.dfs::<SPLIT>(0, bound, START)?;
            let count = self.split.shares.len();
            // (No need to ask whether the split met the goal: it meets it only at the
            // bound's depth, since a path that reaches it is a shortest one, of the
            // length of the bound of the iteration that finds it.)
            if at.is_some() || count == 0 || count >= wide || depth >= bound {
                break goal;
            }
            depth += 1;
        };
        let split = self.stats;
        let all = std::mem::take(&mut self.split.shares);
        // The shares done before a resume are skipped; their counts are the
        // checkpoint's.
        let skip = at.as_ref().map_or(0, |c| c.done.min(all.len()));
        let prior = at.as_ref().map_or((SearchStats::default(), u32::MAX), |c| {
            (c.in_shares, c.next_bound)
        });
        let shares = &all[skip..];
        let control = self.session.map(|session| Control {
            session,
            before: earlier,
            split,
            prior,
            at: (bound, depth),
            skip,
            shares: all.len(),
        });
        let (ended, halted) = self.search_shares(shares, bound, threads, control.as_ref());
        if let (Some(checkpoint), Some(session)) = (halted, self.session) {
            session.save(&checkpoint);
            return Err(LimitError::Stopped);
        }
        self.next_bound = self.next_bound.min(prior.1);
        // The first share in order that found the goal or hit a limit, if any.
        let decided = ended.iter().position(Ended::decided);
        let counted = match decided {
            Some(d) => &ended[..=d],
            None => &ended[..],
        };
        let mut total = match decided {
            Some(d) => shares[d].before,
            None => split,
        };
        total.expanded += prior.0.expanded;
        total.generated += prior.0.generated;
        let mut charged = total.generated;
        for e in counted {
            total.expanded += e.stats.expanded;
            total.generated += e.stats.generated;
            charged += e.charged;
        }
        self.stats = SearchStats {
            expanded: earlier.expanded + total.expanded,
            generated: earlier.generated + total.generated,
        };
        let room = self.meter.remaining().max_states.unwrap_or(u64::MAX);
        self.meter.charge(charged.min(room.saturating_add(1)))?;
        let Some(d) = decided else {
            self.next_bound = ended
                .iter()
                .map(|e| e.next_bound)
                .fold(self.next_bound, u32::min);
            return Ok(false);
        };
        if let Some(error) = ended[d].error {
            return Err(match error {
                LimitError::Time(_) => {
                    LimitError::Time(self.meter.limits().max_time.unwrap_or_default())
                }
                other => other,
            });
        }
        debug_assert!(goal || !shares[d].goal);
        let mut path: Vec<Dir> = shares[d]
            .moves
            .iter()
            .map(|&k| ORDER[usize::from(k) & 3])
            .collect();
        path.extend(ended[d].found.iter().flatten());
        path.reverse();
        self.path = path;
        Ok(true)
    }

    /// Searches `shares` to `bound` on `threads` threads, each taking the next share in
    /// order when it is free; how each ended, in order, up to the last one entered (the
    /// shares after one that found the goal or hit a limit are left or stopped).
    ///
    /// In a checkpointed iteration (`control`), the shares done are counted in order
    /// as they end: the search halts at the first prefix by which it has expanded the
    /// positions its session halts after, or at the prefix done when its halt flag is
    /// raised (a share the flag stops is not done); no share starts after that, and
    /// the checkpoint of that prefix is returned. A checkpoint of the prefix done is
    /// also handed over whenever one is due.
    fn search_shares(
        &self,
        shares: &[Share],
        bound: u32,
        threads: usize,
        control: Option<&Control<'_>>,
    ) -> (Vec<Ended>, Option<Checkpoint>) {
        let done = Mutex::new(Done {
            ended: vec![None; shares.len()],
            prefix: 0,
            stats: SearchStats::default(),
            next_bound: u32::MAX,
            frozen: None,
        });
        let halt = control.map(|c| &*c.session.config.halt);
        // The checkpoint of the first `prefix` shares (of `done`).
        let checkpoint = |c: &Control<'_>, done: &Done, prefix: usize| {
            let stats = SearchStats {
                expanded: c.prior.0.expanded + done.stats.expanded,
                generated: c.prior.0.generated + done.stats.generated,
            };
            c.session.at(
                c.at,
                (c.skip + prefix, c.shares),
                c.before,
                (stats, c.prior.1.min(done.next_bound)),
            )
        };
        // Counts the share `i` done (or halted) in `done`.
        let count = |c: &Control<'_>, i: usize, e: &Ended| {
            let mut done = done
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if done.frozen.is_some() {
                return;
            }
            if e.halted {
                done.frozen = Some(done.prefix);
                return;
            }
            let decided = e.decided();
            done.ended[i] = Some((e.stats, e.next_bound, decided));
            while let Some(Some((stats, next_bound, false))) = done.ended.get(done.prefix).copied()
            {
                done.prefix += 1;
                done.stats.expanded += stats.expanded;
                done.stats.generated += stats.generated;
                done.next_bound = done.next_bound.min(next_bound);
                let expanded =
                    c.before.expanded + c.split.expanded + c.prior.0.expanded + done.stats.expanded;
                if c.session.enough(expanded) {
                    done.frozen = Some(done.prefix);
                    c.session.halt();
                    return;
                }
            }
            if c.session.halting() {
                done.frozen = Some(done.prefix);
            } else if c.session.due() {
                c.session.save(&checkpoint(c, &done, done.prefix));
            }
        };
        let next = AtomicUsize::new(0);
        let lowest = AtomicUsize::new(usize::MAX);
        let limits = self.meter.remaining();
        // One deadline for all the shares: a share started late gets what is left of
        // the time, not the time that was left when the iteration began (a share that
        // started late would otherwise run past the limit, and the shares before one
        // that stopped run on, since the first in order decides).
        let began = Instant::now();
        let (geo, dbs, start, order, fsm) = (self.geo, self.dbs, self.start, self.order, self.fsm);
        // The positions of the shares done so far, for the watcher (in the order they
        // end, so only a count of how far the iteration has got).
        let shares_done = AtomicU64::new(0);
        let (watch, before) = (&self.watch, self.iteration_base + self.stats.generated);
        // Each share's meter watches what the search's own watches (a stop raised by
        // another board), so the shares stop with it.
        let parent = self.meter.part(Limits::NONE);
        let worker = || {
            let mut mine = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if !takes(i, shares.len(), lowest.load(Ordering::Relaxed), halt) {
                    return mine;
                }
                let e = search_share::<K>(
                    (geo, order, fsm),
                    dbs,
                    start,
                    &shares[i],
                    bound,
                    parent.part(share_limits(limits, began, Instant::now())),
                    (&lowest, i, halt),
                );
                if let Some(c) = control {
                    count(c, i, &e);
                }
                if e.decided() {
                    lowest.fetch_min(i, Ordering::Relaxed);
                }
                if watch.is_watched() {
                    let done = shares_done.fetch_add(e.stats.generated, Ordering::Relaxed);
                    watch.searched(before + done + e.stats.generated);
                }
                mine.push((i, e));
            }
        };
        // This thread and the others that start (a thread that cannot start leaves its
        // shares to those that did: the same shares, in the same order).
        let mut ended: Vec<(usize, Ended)> = std::thread::scope(|scope| {
            let others: Vec<_> = (1..threads.clamp(1, shares.len().max(1)))
                .map_while(|_| std::thread::Builder::new().spawn_scoped(scope, worker).ok())
                .collect();
            let mut ended = worker();
            for other in others {
                ended.extend(
                    other
                        .join()
                        .unwrap_or_else(|e| std::panic::resume_unwind(e)),
                );
            }
            ended
        });
        ended.sort_by_key(|&(i, _)| i);
        let mut done = done
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // A flag raised between two shares (or before the first) stops the threads
        // before they take the next one, and no share ends to notice it: the shares
        // after the prefix done were not searched, so the iteration halts there too
        // (it is not over: counted as done, its shares not searched would be lost).
        if control.is_some()
            && done.frozen.is_none()
            && done.ended.get(done.prefix).is_some_and(Option::is_none)
        {
            done.frozen = Some(done.prefix);
        }
        let halted = control.and_then(|c| Some(checkpoint(c, &done, done.frozen?)));
        (ended.into_iter().map(|(_, e)| e).collect(), halted)
    }

    /// As [`crate::manhattan`]'s search: below the current position, `g` moves from the
    /// start, to `bound`, never undoing the last move. `MODE` [`SHARE`] stops when a
    /// share before this one has ended the iteration; `MODE` [`SPLIT`] charges no meter
    /// and, instead of entering a position `split.depth` moves from the start, notes it
    /// as a share (and notes the goal met above that depth as the last one).
    fn dfs<const MODE: u8>(&mut self, g: u32, bound: u32, state: u32) -> Result<bool, LimitError> {
        if self.manhattan == 0 {
            if MODE == SPLIT {
                self.note_share(true);
            }
            return Ok(true);
        }
        if MODE == SPLIT && g >= self.split.depth {
            self.note_share(false);
            return Ok(false);
        }
        if MODE == SHARE {
            if self.stopped {
                return Ok(false);
            }
            if looks(self.stats.expanded) {
                if let Some((lowest, me)) = self.stop
                    && after_decided(lowest.load(Ordering::Relaxed), me)
                {
                    self.stopped = true;
                    return Ok(false);
                }
                if raised(self.halt) {
                    self.stopped = true;
                    self.halted = true;
                    return Ok(false);
                }
            }
        }
        self.stats.expanded += 1;
        let at = self.blank;
        let next = self.geo.next[at];
        // Per child: the Manhattan distance, its step on each side and f. Both sides
        // are looked up for every child, so that all the reads from the tables are
        // under way together.
        let mut children = [(0u32, StepOf::<'a, K>::default(), u32::MAX); 4];
        let mut states = [DEAD; 4];
        let (mut live, mut high) = (0, 0);
        for (k, &to) in next.iter().enumerate() {
            states[k] = self.fsm.step(state, k);
            if states[k] == DEAD || to == NONE {
                continue;
            }
            let to = usize::from(to);
            let tile = self.cells[to & 63];
            let row = usize::from(tile) * 64;
            let manhattan = self.manhattan + u32::from(self.distance[row + at])
                - u32::from(self.distance[row + to]);
            let room = bound.saturating_sub(g + 1);
            let (step, h) = self.lookups.look(tile, to, at, (manhattan, room));
            let f = g + 1 + h;
            children[k] = (manhattan, step, f);
            live += 1;
            high = high.max(f);
        }
        // A child is at most one move nearer the goal than its parent, so a child of f
        // (its parent's g + 1 + its h) above the bound + 2 shows the parent itself to be
        // over the bound (bidirectional pathmax, one level): its other children need not
        // be entered. The tables' entries take the best of the blank's regions, so they
        // can fall by more than one a move, and this happens.
        if self.pathmax && high > bound + 2 {
            for _ in 0..live {
                if MODE != SPLIT {
                    self.meter.charge(1)?;
                }
                self.stats.generated += 1;
            }
            self.next_bound = self.next_bound.min(high - 2);
            return Ok(false);
        }
        for k in self.order.indices() {
            let k = usize::from(k) & 3;
            let (manhattan, mut step, f) = children[k];
            if f == u32::MAX {
                continue;
            }
            if MODE != SPLIT {
                self.meter.charge(1)?;
            }
            self.stats.generated += 1;
            if f > bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            let undo = self.enter(usize::from(next[k]), manhattan, &mut step);
            if MODE == SPLIT {
                self.split.moves.push(k as u8);
            }
            let found = self.dfs::<MODE>(g + 1, bound, states[k])?;
            if MODE == SPLIT {
                self.split.moves.pop();
            }
            if found {
                self.path.push(ORDER[k]);
                return Ok(true);
            }
            self.leave(&undo, &mut step);
        }
        Ok(false)
    }

    /// Notes the current position as the next share of the split being made.
    fn note_share(&mut self, goal: bool) {
        self.split.shares.push(Share {
            moves: self.split.moves.clone(),
            before: self.stats,
            goal,
        });
    }
}

/// The limits of a share started at `now` in an iteration that `began` with `limits`
/// left: the iteration's state budget (the shares' counts are charged to the search
/// when the iteration ends), and what is left of its time, none once it has run out.
fn share_limits(limits: Limits, began: Instant, now: Instant) -> Limits {
    let spent = now.saturating_duration_since(began);
    Limits {
        max_states: limits.max_states,
        max_time: limits.max_time.map(|time| time.saturating_sub(spent)),
    }
}

/// Searches one share of an iteration to `bound` on a search of its own charging
/// `meter`, which stops when a share before it (`lowest`: the lowest that has ended the
/// iteration; `me`: this one's number) has ended it, or when `halt` (a checkpointed
/// search's flag) is raised.
fn search_share<K: Kind>(
    (geo, order, fsm): (&Geometry, MoveOrder, &'static Fsm),
    dbs: &Heuristics,
    start: &Labelled,
    share: &Share,
    bound: u32,
    mut meter: Meter,
    (lowest, me, halt): (&AtomicUsize, usize, Option<&AtomicBool>),
) -> Ended {
    if share.goal {
        return Ended {
            found: Some(Vec::new()),
            error: None,
            stats: SearchStats::default(),
            charged: 0,
            next_bound: u32::MAX,
            halted: false,
        };
    }
    let mut search = match Search::<K>::new(geo, dbs, start, &mut meter) {
        Ok(mut search) => {
            search.fsm = fsm;
            search.ordered(order)
        }
        Err(e) => {
            return Ended {
                found: None,
                error: Some(e),
                stats: SearchStats::default(),
                charged: 0,
                next_bound: u32::MAX,
                halted: false,
            };
        }
    };
    for &k in &share.moves {
        search.play(usize::from(k));
    }
    search.stop = Some((lowest, me));
    search.halt = halt;
    let state = search.fsm.after(&share.moves);
    let result = search.dfs::<SHARE>(share.moves.len() as u32, bound, state);
    let (stats, next_bound, halted) = (search.stats, search.next_bound, search.halted);
    let mut path = std::mem::take(&mut search.path);
    path.reverse();
    drop(search);
    Ended {
        found: matches!(result, Ok(true)).then_some(path),
        error: result.err(),
        stats,
        charged: meter.states(),
        next_bound,
        halted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::{Databases, Partition};

    /// An iteration on threads is split once the one before it generated 2^22
    /// positions: a split search's answer, path and counts are one thread's whatever
    /// the threshold (the tests below split from the first iteration), so only this
    /// pins it, as the tuning it is (below it, a split cost more than it saved).
    #[test]
    fn an_iteration_is_split_from_four_million_positions_before_it() {
        assert_eq!(PARALLEL_FROM, 4_194_304);
    }
    use crate::board::Board;

    /// A generator of numbers from a fixed seed (xorshift).
    fn numbers(seed: u64) -> impl FnMut() -> u64 {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64 ^ seed;
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// Boards of `rows x cols` (blank last in the goal): `near` a walk of the blank of
    /// 1, 2, ... moves from the goal, then `far` solvable arrangements drawn uniformly.
    fn boards(rows: usize, cols: usize, near: usize, far: usize) -> Vec<Board> {
        let geo = Geometry::new(rows, cols);
        let mut next = numbers((rows * 64 + cols) as u64);
        let goal = Board::default_goal(rows, cols);
        let mut all = Vec::new();
        for steps in 1..=near {
            let (mut cells, mut blank) = (goal.clone(), goal.len() - 1);
            for _ in 0..steps {
                let moves: Vec<u8> = geo.next[blank]
                    .iter()
                    .copied()
                    .filter(|&c| c != NONE)
                    .collect();
                let to = usize::from(moves[next() as usize % moves.len()]);
                cells.swap(blank, to);
                blank = to;
            }
            all.push(Board::with_default_goal(rows, cols, &cells).expect("a walk"));
        }
        while all.len() < near + far {
            let mut cells = goal.clone();
            for i in (1..cells.len()).rev() {
                cells.swap(i, next() as usize % (i + 1));
            }
            let board = Board::with_default_goal(rows, cols, &cells).expect("a permutation");
            if board.is_solvable() {
                all.push(board);
            }
        }
        all
    }

    /// The search of `board` with `threads` threads under `limits`, split from the
    /// first iteration on when `threads` > 1: its outcome and the meter's count.
    fn search(
        board: &Board,
        dbs: &Heuristics,
        threads: usize,
        limits: Limits,
    ) -> (crate::solver::Searched, u64) {
        let how = (MoveOrder::LETTERS, Pruning::Automaton);
        search_in(board, dbs, (threads, how), limits)
    }

    /// [`search`] trying the blank's moves in `order`, skipping what `pruning` says.
    fn search_in(
        board: &Board,
        dbs: &Heuristics,
        (threads, (order, pruning)): (usize, (MoveOrder, Pruning)),
        limits: Limits,
    ) -> (crate::solver::Searched, u64) {
        let geo = Geometry::new(board.rows(), board.cols());
        let start = Labelled::start(board);
        let mut meter = Meter::start(limits);
        let ran = if let Heuristics::ZeroAware(_) = dbs {
            Search::<ZeroAware>::new(&geo, dbs, &start, &mut meter)
                .and_then(|search| search.ordered(order).pruned(pruning))
                .and_then(|search| search.parallel_from(0).run(threads))
        } else {
            Search::<Additive>::new(&geo, dbs, &start, &mut meter)
                .and_then(|search| search.ordered(order).pruned(pruning))
                .and_then(|search| search.parallel_from(0).run(threads))
        };
        (ran, meter.states())
    }

    /// Of `count` drawn 3 x 4 boards, the one whose search generates the most positions
    /// (each within a million: a broken heuristic fails here, where it would search for
    /// ever).
    fn hardest(dbs: &Heuristics, count: usize) -> (Board, u64) {
        let budget = Limits {
            max_states: Some(1_000_000),
            max_time: None,
        };
        boards(3, 4, 0, count)
            .into_iter()
            .map(|board| {
                let (ran, spent) = search(&board, dbs, 1, budget);
                ran.expect("answered within the budget");
                (board, spent)
            })
            .max_by_key(|&(_, spent)| spent)
            .expect("boards")
    }

    fn databases(rows: usize, cols: usize) -> Heuristics {
        databases_of(rows, cols, Partition::Standard)
    }

    /// The databases of `set` of the boards of [`boards`].
    fn databases_of(rows: usize, cols: usize, set: Partition) -> Heuristics {
        let geo = Geometry::new(rows, cols);
        let blank = Labelled::start(&boards(rows, cols, 1, 0)[0]).blank_label;
        Heuristics::build_of(&geo, usize::from(blank), set)
    }

    /// The search over the databases answers 3 x 4 boards in the few positions its
    /// heuristic allows: each of these within 300,000 positions. A heuristic that
    /// stopped following the moves (a move taken but its entries left as they were,
    /// say) searches nearly blind, far past that. The boards a few moves from the goal
    /// are here for the pruning: a pathmax that cut a subtree whose f is within the
    /// bound would set the next bound no higher than this one and search it again
    /// and again.
    #[test]
    fn boards_are_searched_in_the_positions_the_databases_allow() {
        let dbs = databases(3, 4);
        let budget = Limits {
            max_states: Some(300_000),
            max_time: None,
        };
        let mut most = 0;
        for board in boards(3, 4, 4, 8) {
            let (ran, states) = search(&board, &dbs, 1, budget);
            let (path, _) = ran.expect("answered within the budget");
            assert!(path.is_some(), "{board:?}");
            most = most.max(states);
        }
        // The most a board took here, 23,378, is far under the budget, and the boards
        // are not trivial.
        assert!((1_000..=100_000).contains(&most), "{most}");
    }

    #[test]
    fn tables_by_rank_lead_the_search_where_tables_by_spread_index_do() {
        // The same entries laid out two ways: the same paths and counts, on one thread
        // and split among two (whose shares are entered move by move), through the
        // reflection on the square board.
        let mut searched = 0;
        for (rows, cols) in [(3, 3), (3, 4), (2, 5)] {
            let geo = Geometry::new(rows, cols);
            let blank = Labelled::start(&boards(rows, cols, 1, 0)[0]).blank_label;
            let spread = Databases::build(&geo, usize::from(blank));
            let ranked = Databases::build_ranked(&geo, usize::from(blank));
            assert_eq!(
                (spread.layout, ranked.layout),
                (Layout::Spread, Layout::Rank)
            );
            assert_eq!(ranked.reflection.is_some(), rows == cols);
            let (spread, ranked) = (Heuristics::Additive(spread), Heuristics::Additive(ranked));
            for board in boards(rows, cols, 6, 30) {
                for threads in [1, 2] {
                    let by_spread = search(&board, &spread, threads, Limits::NONE);
                    let by_rank = search(&board, &ranked, threads, Limits::NONE);
                    assert_eq!(by_rank, by_spread, "{rows}x{cols} {:?}", board.cells());
                    searched += by_rank.1;
                }
            }
        }
        assert!(searched > 100_000, "{searched}");
    }

    #[test]
    fn pathmax_finds_the_same_paths_and_spares_positions() {
        let (mut with, mut without, mut generated) = (0, 0, 0);
        for (rows, cols) in [(3, 3), (3, 4), (2, 5)] {
            let geo = Geometry::new(rows, cols);
            let dbs = databases(rows, cols);
            for board in boards(rows, cols, 8, 40) {
                let start = Labelled::start(&board);
                let run = |pathmax: bool| {
                    let mut meter = Meter::start(Limits::NONE);
                    let search = Search::<Additive>::new(&geo, &dbs, &start, &mut meter).unwrap();
                    let search = if pathmax {
                        search
                    } else {
                        search.without_pathmax()
                    };
                    search.run(1).expect("no limit")
                };
                let ((a, sa), (b, sb)) = (run(true), run(false));
                assert_eq!(a, b, "{rows}x{cols} {:?}", board.cells());
                assert!(sa.expanded <= sb.expanded, "{sa:?} against {sb:?}");
                with += sa.expanded;
                without += sb.expanded;
                generated += sa.generated;
            }
        }
        // The tables' entries fall by more than one a move somewhere on these boards.
        assert!(with < without, "{with} against {without}");
        // The counts of these seeded boards, pinned: a change to where pathmax prunes
        // or to the bound it sets for the next iteration moves them.
        // And the positions generated with it: a child of a position cut by pathmax
        // is generated (and charged) all the same.
        assert_eq!((with, without, generated), (241_970, 248_904, 395_216));
    }

    #[test]
    fn an_iteration_split_among_threads_finds_the_same_path_with_the_same_counts() {
        let mut lengths = Vec::new();
        for (rows, cols, set) in [
            (3, 3, Partition::Standard),
            (3, 4, Partition::Standard),
            (2, 5, Partition::Standard),
            (3, 3, Partition::ZeroAware),
            (3, 4, Partition::ZeroAware),
        ] {
            let dbs = databases_of(rows, cols, set);
            for (i, board) in boards(rows, cols, 8, 25).into_iter().enumerate() {
                // Every other board in another order of the moves, and every other
                // pair skipping only the undoing of a move.
                let order = [MoveOrder::LETTERS, "ULRD".parse().unwrap()][i % 2];
                let pruning = [Pruning::Automaton, Pruning::Parent][i / 2 % 2];
                let how = (order, pruning);
                let (one, counted) = search_in(&board, &dbs, (1, how), Limits::NONE);
                let (path, stats) = one.clone().expect("no limit");
                lengths.push(path.as_ref().map_or(0, Vec::len));
                for threads in [2, 3, 5] {
                    assert_eq!(
                        search_in(&board, &dbs, (threads, how), Limits::NONE),
                        (one.clone(), counted),
                        "{rows}x{cols} {:?} on {threads} threads, {set}, {order}, {pruning}",
                        board.start()
                    );
                }
                assert_eq!(stats.generated, counted);
            }
        }
        // Boards at the goal's door (the goal met above the split's depth) and far.
        assert!(lengths.contains(&1));
        assert!(
            lengths.iter().filter(|&&n| n >= 20).count() >= 50,
            "{lengths:?}"
        );
    }

    /// What a search tells its watcher.
    #[derive(Clone, Default)]
    struct Told {
        /// Each iteration's start (the positions before it) and the shares of it told
        /// of (none: it was not split).
        iterations: Vec<(u64, usize)>,
        /// Each count told inside an iteration, with that iteration's start.
        searched: Vec<(u64, u64)>,
    }

    /// A watcher that keeps what it is told.
    #[derive(Default)]
    struct Iterations(Mutex<Told>);

    impl grid_core::progress::Progress for Iterations {
        fn iteration(&self, _bound: u64, positions: u64) {
            self.0.lock().unwrap().iterations.push((positions, 0));
        }
        fn searched(&self, positions: u64) {
            let mut guard = self.0.lock().unwrap();
            let told = &mut *guard;
            if let Some(last) = told.iterations.last_mut() {
                last.1 += 1;
                told.searched.push((last.0, positions));
            }
        }
    }

    /// An iteration is split among the threads when there are several and the
    /// iteration before it generated at least the threshold's positions; on one thread,
    /// never. (The answer and counts are the same either way: the watcher, told of
    /// each share done, sees which iterations were split, and into how many shares:
    /// at least 64 a thread.)
    #[test]
    fn an_iteration_is_split_on_threads_after_one_past_the_threshold() {
        let dbs = databases(3, 4);
        let (board, _) = hardest(&dbs, 8);
        let geo = Geometry::new(3, 4);
        let start = Labelled::start(&board);
        let run = |threads: usize, from: u64| {
            let told = std::sync::Arc::new(Iterations::default());
            let watch = Watch::new(told.clone());
            let mut meter = Meter::start(Limits::NONE);
            let ran = Search::<Additive>::new(&geo, &dbs, &start, &mut meter)
                .and_then(|search| search.watched(&watch).parallel_from(from).run(threads));
            assert!(matches!(ran, Ok((Some(_), _))), "{ran:?}");
            let Told {
                iterations,
                searched,
            } = told.0.lock().unwrap().clone();
            // The positions told inside an iteration lie between its start and the
            // next one's (in the last, past its start: the shares after the one that
            // finds the goal are told of as they end, but not counted).
            for (at, positions) in searched {
                let end = iterations
                    .iter()
                    .map(|&(start, _)| start)
                    .find(|&start| start > at)
                    .unwrap_or(u64::MAX);
                assert!(
                    (at..=end).contains(&positions),
                    "{positions} told in {at}..{end}"
                );
            }
            iterations
        };
        let split = |told: Vec<(u64, usize)>| -> Vec<(u64, bool)> {
            told.into_iter()
                .map(|(at, shares)| (at, shares > 0))
                .collect()
        };
        let whole = split(run(1, 0));
        assert!(whole.len() >= 4, "{whole:?}");
        assert!(whole.iter().all(|&(_, split)| !split), "{whole:?}");
        // Split from the first iteration on: those with room for shares (not the
        // first few, whose trees are narrow), each into 64 shares a thread at least,
        // and fewer than three times that: the split's depth is the first with that
        // many positions, and a position has at most three children (never undoing the
        // move that led to it).
        let wide: Vec<bool> = split(run(2, 0)).iter().map(|&(_, split)| split).collect();
        assert!(wide.iter().filter(|&&w| w).count() >= 2, "{wide:?}");
        for threads in [2, 3] {
            // (The last iteration ends at the share that finds the goal.)
            let told = run(threads, 0);
            for &(at, shares) in &told[..told.len() - 1] {
                assert!(
                    shares == 0 || (64 * threads..3 * 64 * threads).contains(&shares),
                    "{threads} threads: {shares} shares of the iteration from {at}"
                );
            }
        }
        // What each iteration but the last generated: with a threshold at each count
        // and just past it, the iterations after one that reached it are split (those
        // with room), and no other; never on one thread.
        let each: Vec<u64> = whole.windows(2).map(|w| w[1].0 - w[0].0).collect();
        for from in each.iter().flat_map(|&n| [n, n + 1]) {
            let expected: Vec<(u64, bool)> = (0..whole.len())
                .map(|i| (whole[i].0, i > 0 && each[i - 1] >= from && wide[i]))
                .collect();
            assert_eq!(split(run(2, from)), expected, "from {from}");
            assert!(split(run(1, from)).iter().all(|&(_, split)| !split));
        }
    }

    /// A split search with time to spare answers as one with no limit: each share
    /// gets the time left to the iteration's deadline, an hour from its start.
    #[test]
    fn a_split_search_with_time_to_spare_answers_as_one_without_a_limit() {
        let dbs = databases(3, 4);
        let (board, _) = hardest(&dbs, 8);
        let hour = Limits {
            max_states: None,
            max_time: Some(std::time::Duration::from_secs(3600)),
        };
        let free = search(&board, &dbs, 2, Limits::NONE);
        assert!(matches!(free.0, Ok((Some(_), _))), "{free:?}");
        assert_eq!(search(&board, &dbs, 2, hour), free);
    }

    #[test]
    fn a_budget_stops_the_split_search_where_it_stops_the_search_on_one_thread() {
        let dbs = databases(3, 4);
        let (board, _) = hardest(&dbs, 8);
        let (whole, spent) = search(&board, &dbs, 1, Limits::NONE);
        let moves = whole.expect("no limit").0.expect("solvable").len();
        assert!(
            moves >= 30 && spent > 5000,
            "{moves} moves, {spent} positions"
        );
        let mut budgets: Vec<u64> = (0..40).collect();
        budgets.extend((1..40).map(|k| spent * k / 40));
        budgets.extend([spent - 1, spent, spent + 1]);
        for max in budgets {
            let limits = Limits {
                max_states: Some(max),
                max_time: None,
            };
            let one = search(&board, &dbs, 1, limits);
            assert_eq!(one.0.is_ok(), max >= spent, "budget {max}");
            assert_eq!(search(&board, &dbs, 3, limits), one, "budget {max}");
        }
    }

    /// Which shares a free thread takes, and when a share looks at its stops.
    #[test]
    fn a_thread_takes_the_shares_before_the_first_decided_while_the_flag_is_down() {
        let (down, up) = (AtomicBool::new(false), AtomicBool::new(true));
        assert!(takes(0, 3, usize::MAX, None));
        assert!(takes(2, 3, usize::MAX, Some(&down)));
        assert!(!takes(3, 3, usize::MAX, None));
        assert!(!takes(0, 3, usize::MAX, Some(&up)));
        assert!(takes(1, 3, 2, None));
        assert!(takes(2, 3, 2, None));
        assert!(!takes(2, 3, 1, None));
        assert!(after_decided(4, 5) && !after_decided(5, 5) && !after_decided(6, 5));
        assert!(!after_decided(usize::MAX, 5));
        assert!(!raised(None) && !raised(Some(&down)) && raised(Some(&up)));
        let looked: Vec<u64> = (0..3 * STOP_EVERY + 2).filter(|&n| looks(n)).collect();
        assert_eq!(looked, [0, STOP_EVERY, 2 * STOP_EVERY, 3 * STOP_EVERY]);
        assert_eq!(STOP_EVERY, 4096);
        let ended = |found: Option<Vec<Dir>>, error: Option<LimitError>| Ended {
            found,
            error,
            stats: SearchStats::default(),
            charged: 0,
            next_bound: 0,
            halted: false,
        };
        assert!(ended(Some(Vec::new()), None).decided());
        assert!(ended(None, Some(LimitError::States(1))).decided());
        assert!(!ended(None, None).decided());
    }

    /// A share stops at its first look when a share before it has decided the
    /// iteration (not one after it), or when the halt flag is up (then it says it was
    /// halted); otherwise it searches to its end.
    #[test]
    fn a_share_stops_at_its_first_look_after_a_decided_share_or_with_the_flag_up() {
        let dbs = databases(3, 4);
        let (board, _) = hardest(&dbs, 8);
        let geo = Geometry::new(3, 4);
        let start = Labelled::start(&board);
        // Within a budget, so that a broken heuristic fails here rather than searching
        // for ever.
        let budget = Limits {
            max_states: Some(300_000),
            max_time: None,
        };
        let (path, _) = search(&board, &dbs, 1, budget)
            .0
            .expect("within the budget");
        let moves = path.expect("solvable").len() as u32;
        // The whole tree as one share, searched to the bound of the answer.
        let root = Share {
            moves: Vec::new(),
            before: SearchStats::default(),
            goal: false,
        };
        let (down, up) = (AtomicBool::new(false), AtomicBool::new(true));
        let share = |lowest: usize, halt: &AtomicBool| {
            let lowest = AtomicUsize::new(lowest);
            let meter = Meter::start(budget);
            search_share::<Additive>(
                (&geo, MoveOrder::LETTERS, Fsm::shared().unwrap()),
                &dbs,
                &start,
                &root,
                moves,
                meter,
                (&lowest, 5, Some(halt)),
            )
        };
        for free in [share(usize::MAX, &down), share(6, &down), share(5, &down)] {
            assert_eq!(free.found.as_ref().map(Vec::len), Some(moves as usize));
            assert!(free.stats.expanded > STOP_EVERY, "{:?}", free.stats);
            assert!(!free.halted);
        }
        let stopped = share(4, &down);
        assert_eq!((stopped.found, stopped.halted), (None, false));
        assert_eq!(stopped.stats, SearchStats::default());
        let halted = share(usize::MAX, &up);
        assert_eq!((halted.found, halted.halted), (None, true));
        assert_eq!(halted.stats, SearchStats::default());
    }

    #[test]
    fn a_share_gets_the_time_left_to_the_iteration_s_deadline() {
        use std::time::Duration;
        let now = Instant::now();
        let limits = Limits {
            max_states: Some(7),
            max_time: Some(Duration::from_secs(60)),
        };
        for (late, left) in [(0, 60), (1, 59), (59, 1), (60, 0), (167, 0)] {
            assert_eq!(
                share_limits(limits, now, now + Duration::from_secs(late)),
                Limits {
                    max_states: Some(7),
                    max_time: Some(Duration::from_secs(left)),
                },
                "{late} s late"
            );
        }
        let untimed = Limits {
            max_states: None,
            max_time: None,
        };
        assert_eq!(
            share_limits(untimed, now, now + Duration::from_secs(5)),
            untimed
        );
        // A clock read before the iteration's start (none is) takes nothing off.
        assert_eq!(
            share_limits(limits, now + Duration::from_secs(5), now),
            limits
        );
    }

    #[test]
    fn a_time_limit_stops_every_share() {
        let dbs = databases(3, 4);
        let (board, spent) = hardest(&dbs, 60);
        // Past the count at which a meter first looks at the clock.
        assert!(spent > 3 * 4096, "{spent}");
        let limits = Limits {
            max_states: None,
            max_time: Some(std::time::Duration::ZERO),
        };
        let (ran, _) = search(&board, &dbs, 2, limits);
        assert_eq!(ran, Err(LimitError::Time(std::time::Duration::ZERO)));
    }
}
