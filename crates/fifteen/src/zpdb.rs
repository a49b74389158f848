//! Zero-aware pattern databases (Clausecker and Reinefeld 2019), and a catalogue of
//! partitions maxed over.
//!
//! An additive pattern database keeps, per placement of its group's tiles, the fewest
//! moves of those tiles home wherever the blank may be. A zero-aware one keeps it per
//! placement *and region of the blank*: the cells the group leaves free fall into
//! regions (4-connected), the blank moves freely within its region (the other tiles'
//! moves cost nothing), and a move of a group's tile into the blank's region costs one.
//! So an entry is exact for its (placement, region), the sum over a partition's groups
//! is a lower bound of the whole puzzle's distance, and it changes by at most one a
//! move on each group (a consistent heuristic). A move of a tile of another group
//! leaves a group's entry as it was: the blank swaps places with a tile free for that
//! group, between two free cells next to each other, so in one region.
//!
//! A table's index has three parts (the layout of Clausecker's `24puzzle`): the
//! occupied cells' rank among the `C(n, k)` sets of `k` cells (colex order), the
//! blank's region among that set's (numbered by their lowest cells), and the order of
//! the group's tiles on those cells (a rank among `k!`):
//! `(first pair of the set + region) * k! + order`. An entry takes one bit (see
//! [`ZeroTable`]): the search, which knows each group's distance before a move, needs
//! only to know whether it goes up or down.
//!
//! A catalogue is a list of partitions of the tiles, each a list of groups; the
//! heuristic is the Manhattan distance plus twice the largest sum of its groups' half
//! excesses. On the 5 x 5 board it is the "small" catalogue of Clausecker and
//! Reinefeld's paper (seven 6-6-6-6 partitions and their reflections: 14 partitions,
//! 28 groups), whose groups share 11 tables through the board's symmetries.

use crate::geometry::{Geometry, Labelled};
use crate::memory::{self, OutOfMemory, Stop};
use crate::pdb::{self, Deadline, Nibbles, Tally};
use crate::store::{TableStore, table_name};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The most tiles a zero-aware group has.
pub(crate) const MAX_TILES: usize = 8;
/// The most cells of a board with zero-aware tables (a region a nibble a cell).
pub(crate) const MAX_CELLS: usize = 32;
/// The most distinct groups and partitions of a catalogue.
pub(crate) const MAX_ZGROUPS: usize = 32;
pub(crate) const MAX_PARTS: usize = 16;

/// An entry not reached (yet) by a build.
const UNSET: u8 = u8::MAX;

/// What a set of occupied cells leaves free: its regions.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(32))]
struct Info {
    /// The number of the set's first (set, region) pair.
    offset: u32,
    /// How many regions.
    count: u8,
    /// Each cell's region, a nibble a cell (0 on occupied cells).
    regions: [u8; MAX_CELLS / 2],
}

impl Info {
    #[inline(always)]
    fn region(&self, cell: usize) -> usize {
        usize::from(self.regions[(cell >> 1) & 15] >> ((cell & 1) << 2) & 15)
    }
}

/// The sets of `k` cells of a board, ranked in colex order, with their regions.
#[derive(Debug)]
pub(crate) struct Maps {
    k: usize,
    /// `binom[i][c]`: `C(c, i)`.
    binom: [[u32; 64]; 16],
    /// The sets by rank.
    masks: Vec<u64>,
    info: Vec<Info>,
    /// Per set, what an index needs of its [`Info`] in 8 bytes rather than 32, so that
    /// the search's reads of them stay in a core's cache: the offset (bits 0 to 30),
    /// whether the set has more than two regions (bit 31), and the free cells outside
    /// its first region (bits 32 to 63).
    slots: Vec<u64>,
    /// The (set, region) pairs in all.
    pairs: usize,
    /// `k!`, and each slot's weight in an order's rank.
    orders: usize,
    weights: [u32; MAX_TILES],
    /// The board's cells, each one's neighbours, and the black squares of a
    /// chessboard colouring (a move changes how many of them a set holds by one).
    full: u64,
    around: [u64; 64],
    black: u64,
}

/// `n!`.
fn factorial(n: usize) -> usize {
    (1..=n).product()
}

impl Maps {
    /// The sets of `k` cells of `geo` (at most [`MAX_CELLS`] cells, 1 to [`MAX_TILES`]
    /// tiles, fewer than the cells).
    pub(crate) fn new(geo: &Geometry, k: usize) -> Result<Maps, OutOfMemory> {
        let n = geo.cells;
        assert!(n <= MAX_CELLS && (1..=MAX_TILES).contains(&k) && k < n);
        let mut binom = [[0u32; 64]; 16];
        for c in 0..=MAX_CELLS {
            binom[0][c] = 1;
            for i in 1..=MAX_TILES.min(c) {
                binom[i][c] = binom[i - 1][c - 1] + if i < c { binom[i][c - 1] } else { 0 };
            }
        }
        let sets = binom[k][n] as usize;
        let mut masks = memory::filled(sets, 0u64)?;
        let mut info = memory::filled(sets, Info::default())?;
        let mut slots = memory::filled(sets, 0u64)?;
        let mut mask: u64 = (1 << k) - 1;
        let mut pairs = 0usize;
        for ((m, i), slot) in masks.iter_mut().zip(info.iter_mut()).zip(slots.iter_mut()) {
            *m = mask;
            let mut rest = geo.full & !mask;
            i.offset = pairs as u32;
            // The free cells outside the first region.
            let mut beyond = 0;
            while rest != 0 {
                let region = geo.flood(rest, rest & rest.wrapping_neg());
                let number = i.count;
                if number == 0 {
                    beyond = rest & !region;
                }
                assert!(number < 16, "at most 16 regions");
                let mut cells = region;
                while cells != 0 {
                    let c = cells.trailing_zeros() as usize;
                    i.regions[c >> 1] |= number << ((c & 1) << 2);
                    cells &= cells - 1;
                }
                i.count += 1;
                rest &= !region;
            }
            assert!(pairs < 1 << 31, "at most 2^31 (set, region) pairs");
            *slot = pairs as u64 | u64::from(i.count > 2) << 31 | beyond << 32;
            pairs += usize::from(i.count);
            // The next set of k cells in colex order (Gosper's hack).
            let low = mask & mask.wrapping_neg();
            let ripple = mask + low;
            mask = (((mask ^ ripple) >> 2) / low) | ripple;
        }
        let mut weights = [0u32; MAX_TILES];
        let mut w = 1;
        for (s, weight) in weights.iter_mut().enumerate().take(k) {
            *weight = w as u32;
            w *= k - s;
        }
        let mut around = [0u64; 64];
        for (c, a) in around.iter_mut().enumerate().take(n) {
            *a = geo.around(c);
        }
        let black = (0..n)
            .filter(|&c| {
                let (r, col) = geo.place(c);
                (r + col) % 2 == 0
            })
            .fold(0u64, |m, c| m | 1 << c);
        Ok(Maps {
            k,
            binom,
            masks,
            info,
            slots,
            pairs,
            orders: factorial(k),
            weights,
            full: geo.full,
            around,
            black,
        })
    }

    /// The entries of a table of these sets: a (set, region) pair and an order.
    pub(crate) fn entries(&self) -> usize {
        self.pairs * self.orders
    }

    /// The number of tiles, `K` if it is not 0 (then a constant the loops over the
    /// tiles unroll by), else the sets' own.
    #[inline(always)]
    fn tiles<const K: usize>(&self) -> usize {
        if K == 0 { self.k } else { K }
    }

    /// The rank of the set `mask` (of [`Maps::tiles`] cells).
    #[inline(always)]
    fn rank<const K: usize>(&self, mut mask: u64) -> usize {
        let mut rank = 0;
        for i in 0..self.tiles::<K>() {
            let c = mask.trailing_zeros() as usize;
            rank += self.binom[(i + 1) & 15][c & 63] as usize;
            mask &= mask.wrapping_sub(1);
        }
        rank
    }

    /// The rank of the order of the tiles on `cells` (slot `s`'s cell `cells[s]`),
    /// which are `mask`: each slot's digit is its cell's rank among those the slots
    /// before it leave.
    #[inline(always)]
    fn order<const K: usize>(&self, mut mask: u64, cells: &[u8; MAX_TILES]) -> usize {
        let mut rank = 0;
        for s in 0..self.tiles::<K>() {
            let c = cells[s & (MAX_TILES - 1)] & 63;
            let below = (mask & ((1u64 << c) - 1)).count_ones();
            rank += (below * self.weights[s & (MAX_TILES - 1)]) as usize;
            mask &= !(1u64 << c);
        }
        rank
    }

    /// The cells of the order ranked `rank` of the tiles on `mask`.
    fn cells(&self, mut mask: u64, mut rank: usize) -> [u8; MAX_TILES] {
        let mut cells = [0u8; MAX_TILES];
        for (s, cell) in cells.iter_mut().enumerate().take(self.k) {
            let radix = self.k - s;
            let mut digit = rank % radix;
            rank /= radix;
            let mut rest = mask;
            while digit > 0 {
                rest &= rest - 1;
                digit -= 1;
            }
            let c = rest.trailing_zeros();
            *cell = c as u8;
            mask &= !(1u64 << c);
        }
        cells
    }

    /// The parity of how many black squares `mask` holds.
    #[inline(always)]
    fn parity(&self, mask: u64) -> u32 {
        (mask & self.black).count_ones() & 1
    }

    /// The cells of the region of the set ranked `m` numbered `number`.
    fn region(&self, m: usize, mask: u64, number: usize) -> u64 {
        let info = &self.info[m];
        let mut region = 0u64;
        let mut free = self.full & !mask;
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            if info.region(c) == number {
                region |= 1 << c;
            }
            free &= free - 1;
        }
        region
    }

    /// The index of the tiles on `cells` (which are `mask`) with the blank on `blank`.
    #[inline(always)]
    pub(crate) fn index(&self, mask: u64, cells: &[u8; MAX_TILES], blank: usize) -> usize {
        let (rank, order) = self.ranks(mask, cells);
        self.index_at((rank, order), blank)
    }

    /// The rank of the set `mask` and of the order of the tiles on `cells`.
    #[inline(always)]
    pub(crate) fn ranks(&self, mask: u64, cells: &[u8; MAX_TILES]) -> (u32, u32) {
        // The groups of the 5 x 5 catalogue have six tiles: their loops unrolled.
        if self.k == 6 {
            (
                self.rank::<6>(mask) as u32,
                self.order::<6>(mask, cells) as u32,
            )
        } else {
            (
                self.rank::<0>(mask) as u32,
                self.order::<0>(mask, cells) as u32,
            )
        }
    }

    /// [`Maps::ranks`] after the tile on `p` of the set `mask`, whose ranks are
    /// `ranks`, moves to the free cell `q`, the tiles then on `cells`. With no cell of
    /// the set numbered between `p` and `q` (always so for two cells numbered one
    /// apart, and for the others when the set holds none of the cells between), the
    /// order of the cells is the same: the order's rank too, and the set's changes by
    /// one term of its sum.
    #[inline(always)]
    pub(crate) fn ranks_after(
        &self,
        (mask, ranks): (u64, (u32, u32)),
        (p, q): (usize, usize),
        cells: &[u8; MAX_TILES],
    ) -> (u32, u32) {
        let (p, q) = (p & 63, q & 63);
        let (low, high) = (p.min(q), p.max(q));
        let between = mask & ((1u64 << high) - 1) & !((2u64 << low) - 1);
        if between == 0 {
            let i = (mask & ((1u64 << p) - 1)).count_ones() as usize + 1;
            let row = &self.binom[i & 15];
            (ranks.0.wrapping_add(row[q]).wrapping_sub(row[p]), ranks.1)
        } else {
            self.ranks(mask ^ (1 << p) ^ (1 << q), cells)
        }
    }

    /// The index of a set ranked `rank` whose order is ranked `order`, the blank on
    /// `blank`.
    #[inline(always)]
    fn index_at(&self, (rank, order): (u32, u32), blank: usize) -> usize {
        let rank = rank as usize;
        let slot = self.slots[rank];
        // Outside the first region is the second, unless there are more (rare).
        let outside = ((slot >> 32) >> (blank & 31) & 1) as usize;
        let region = if slot >> 31 & 1 == 0 {
            outside
        } else {
            self.info[rank].region(blank)
        };
        ((slot & 0x7fff_ffff) as usize + region) * self.orders + order as usize
    }
}

/// One zero-aware table: a bit an entry, bit 1 of the (placement, region)'s distance
/// `h`. Bit 0 is the parity of the set (of its black squares, against the goal's),
/// and a move of one of the group's tiles changes `h` by exactly one (the abstract
/// graph is bipartite), so a search that knows `h` before a move knows it after from
/// the bit alone: `h + 1` and `h - 1` differ in bit 1. A position's `h` from nothing
/// is a walk downhill to the goal ([`ZeroTable::distance`]).
pub(crate) struct ZeroTable {
    pub(crate) bits: Nibbles,
    /// The goal's index, and its set's parity.
    goal: usize,
    goal_parity: u32,
}

impl std::fmt::Debug for ZeroTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ZeroTable({} bytes)", self.bits.len())
    }
}

/// The bytes of a table of `entries` bits.
fn bytes_of(entries: usize) -> usize {
    entries.div_ceil(8)
}

/// `h` after a move of one of a group's tiles, from `h` before it and the bit of the
/// position after it.
#[inline(always)]
pub(crate) fn after(h: u8, bit: u8) -> u8 {
    // Without a branch: which way is as good as a coin toss.
    let down = ((h.wrapping_add(1) >> 1) & 1) ^ (bit & 1);
    h.wrapping_add(1).wrapping_sub(down << 1)
}

impl ZeroTable {
    /// The bit of entry `index`.
    #[inline(always)]
    pub(crate) fn bit(&self, index: usize) -> u8 {
        bit_of(&self.bits, index)
    }

    /// The table of `bits` for the group `tiles` whose blank's goal cell is `blank`.
    fn of(maps: &Maps, (tiles, blank): (&[u8], usize), bits: Nibbles) -> ZeroTable {
        let mut goal = [0u8; MAX_TILES];
        goal[..tiles.len()].copy_from_slice(tiles);
        let goal_mask = tiles.iter().fold(0u64, |m, &c| m | 1 << c);
        ZeroTable {
            bits,
            goal: maps.index(goal_mask, &goal, blank),
            goal_parity: maps.parity(goal_mask),
        }
    }

    /// The distance `h` of the tiles on `cells` (which are `mask`) with the blank on
    /// `blank`: the steps of a walk to the goal, each to a neighbour whose `h` is one
    /// less (the one whose `h` mod 4, its bit and its parity, is one less).
    pub(crate) fn distance(
        &self,
        maps: &Maps,
        (mut mask, mut cells, mut blank): (u64, [u8; MAX_TILES], usize),
    ) -> u8 {
        let mod4 = |mask: u64, index: usize| {
            2 * u32::from(self.bit(index)) + (maps.parity(mask) ^ self.goal_parity)
        };
        for h in 0..UNSET {
            let index = maps.index(mask, &cells, blank);
            if index == self.goal {
                return h;
            }
            let down = (mod4(mask, index) + 3) % 4;
            let m = maps.rank::<0>(mask);
            let region = maps.region(m, mask, maps.info[m].region(blank));
            let mut next = None;
            'find: for s in 0..maps.k {
                let from = usize::from(cells[s]);
                let mut into = maps.around[from] & region;
                while into != 0 {
                    let to = into.trailing_zeros() as usize;
                    into &= into - 1;
                    let moved = mask ^ (1 << from) ^ (1 << to);
                    let mut there = cells;
                    there[s] = to as u8;
                    if mod4(moved, maps.index(moved, &there, from)) == down {
                        next = Some((moved, there, from));
                        break 'find;
                    }
                }
            }
            // Every position a solvable board reaches has a neighbour nearer the goal;
            // one the build never reached (none of a search's) would have none: its
            // bound is then 0, never too much.
            let Some(nearer) = next else { return 0 };
            (mask, cells, blank) = nearer;
        }
        0
    }

    /// The table of the group `tiles` (goal cells) whose blank's goal cell is `blank`:
    /// a breadth-first search over (placement, region) from the goal, a byte an entry,
    /// a level a scan of the entries (only sets of the level's parity are scanned),
    /// then bit 1 of each entry kept.
    pub(crate) fn build(
        maps: &Maps,
        (tiles, blank): (&[u8], usize),
        deadline: Deadline<'_>,
        tally: &Tally,
    ) -> Result<ZeroTable, Stop> {
        let k = maps.k;
        assert_eq!(tiles.len(), k);
        let mut dist = memory::filled(maps.entries(), UNSET)?;
        let mut goal = [0u8; MAX_TILES];
        goal[..k].copy_from_slice(tiles);
        let goal_mask = tiles.iter().fold(0u64, |m, &c| m | 1 << c);
        dist[maps.index(goal_mask, &goal, blank)] = 0;
        let mut step = 0usize;
        for level in 0..UNSET - 1 {
            let parity = (maps.parity(goal_mask) + u32::from(level)) & 1;
            let mut reached = 0u64;
            for (m, &mask) in maps.masks.iter().enumerate() {
                step += maps.orders;
                if let Some(stop) = deadline.stop(step) {
                    return Err(stop);
                }
                if maps.parity(mask) != parity {
                    continue;
                }
                let info = maps.info[m];
                for number in 0..usize::from(info.count) {
                    let base = (info.offset as usize + number) * maps.orders;
                    if !dist[base..base + maps.orders].contains(&level) {
                        continue;
                    }
                    let region = maps.region(m, mask, number);
                    for order in 0..maps.orders {
                        if dist[base + order] != level {
                            continue;
                        }
                        let cells = maps.cells(mask, order);
                        for s in 0..k {
                            let from = usize::from(cells[s]);
                            let mut into = maps.around[from] & region;
                            while into != 0 {
                                let to = into.trailing_zeros() as usize;
                                into &= into - 1;
                                let mut next = cells;
                                next[s] = to as u8;
                                let moved = mask ^ (1 << from) ^ (1 << to);
                                let i = maps.index(moved, &next, from);
                                if dist[i] == UNSET {
                                    dist[i] = level + 1;
                                    reached += 1;
                                }
                            }
                        }
                    }
                }
            }
            let done = reached == 0;
            tally.add(&mut reached);
            if done {
                break;
            }
        }
        let mut bits = Nibbles::zeroed(bytes_of(maps.entries()))?;
        for (i, &d) in dist.iter().enumerate() {
            if d != UNSET {
                bits[i >> 3] |= ((d >> 1) & 1) << (i & 7);
            }
        }
        Ok(ZeroTable::of(maps, (tiles, blank), bits))
    }
}

/// The bit of entry `index` of `bits`.
#[inline(always)]
fn bit_of(bits: &[u8], index: usize) -> u8 {
    bits.get(index >> 3).map_or(0, |b| b >> (index & 7) & 1)
}

/// A group of a catalogue, looked up in a table through a symmetry of the board.
#[derive(Debug, Clone)]
pub(crate) struct ZeroGroup {
    /// Its tiles (goal cells), in the order of the table's under `map`.
    pub(crate) tiles: Vec<u8>,
    pub(crate) table: usize,
    /// Where a board cell is in the table's frame.
    pub(crate) map: [u8; 64],
    /// The partitions it is in, a bit each.
    pub(crate) parts: u32,
}

/// The zero-aware tables of one board shape and blank goal cell, and the catalogue
/// looked up in them.
#[derive(Debug)]
pub(crate) struct ZeroDatabases {
    /// Per tile count, its sets' regions.
    pub(crate) maps: Vec<Option<Arc<Maps>>>,
    pub(crate) tables: Vec<ZeroTable>,
    pub(crate) groups: Vec<ZeroGroup>,
    pub(crate) parts: usize,
    /// Per tile label: the groups it is in and its slot in each, and how many.
    pub(crate) tile_groups: Box<[[(u8, u8); MAX_PARTS]; 64]>,
    pub(crate) tile_count: [u8; 64],
    /// Per tile label and partition: which of the tile's groups (its place in
    /// `tile_groups`) is the partition's; and per partition, 1 (0 past the last).
    pub(crate) tile_which: Box<[[u8; MAX_PARTS]; 64]>,
    pub(crate) live: [u16; MAX_PARTS],
    /// Per group: where a board cell is in its table's frame, and its partitions.
    pub(crate) frames: Box<[[u8; 64]; MAX_ZGROUPS]>,
    pub(crate) parts_of: [u32; MAX_ZGROUPS],
}

/// The seven 6-6-6-6 partitions of the 5 x 5 board's "small" catalogue (Clausecker
/// and Reinefeld), blank top left; their reflections in the main diagonal are added.
const SMALL: [[[u8; 6]; 4]; 7] = [
    [
        [1, 5, 6, 10, 11, 12],
        [2, 3, 4, 7, 8, 9],
        [13, 14, 18, 19, 23, 24],
        [15, 16, 17, 20, 21, 22],
    ],
    [
        [1, 2, 5, 6, 10, 11],
        [3, 4, 7, 8, 9, 12],
        [13, 14, 18, 19, 23, 24],
        [15, 16, 17, 20, 21, 22],
    ],
    [
        [1, 5, 6, 10, 11, 12],
        [2, 3, 4, 7, 8, 9],
        [13, 14, 15, 16, 17, 18],
        [19, 20, 21, 22, 23, 24],
    ],
    [
        [1, 2, 5, 6, 10, 11],
        [3, 4, 7, 8, 9, 12],
        [13, 14, 15, 16, 17, 18],
        [19, 20, 21, 22, 23, 24],
    ],
    [
        [1, 5, 6, 10, 15, 20],
        [2, 3, 4, 7, 8, 9],
        [11, 12, 16, 17, 21, 22],
        [13, 14, 18, 19, 23, 24],
    ],
    [
        [1, 2, 5, 6, 10, 11],
        [3, 4, 9, 14, 19, 24],
        [7, 8, 12, 13, 18, 23],
        [15, 16, 17, 20, 21, 22],
    ],
    [
        [1, 5, 6, 10, 15, 20],
        [2, 3, 4, 7, 8, 9],
        [11, 12, 13, 16, 17, 18],
        [14, 19, 21, 22, 23, 24],
    ],
];

/// The partitions (lists of groups of goal cells) of the catalogue of a board of
/// shape `geo` whose blank's goal cell is `blank`: on 5 x 5, [`SMALL`] (placed for the
/// blank as the standard partition is); elsewhere the standard partition; each with
/// its reflection (if the board has one that keeps the goal), when that differs.
pub(crate) fn catalogue(geo: &Geometry, blank: usize) -> Vec<Vec<Vec<u8>>> {
    let mut parts: Vec<Vec<Vec<u8>>> = if (geo.rows, geo.cols) == (5, 5) {
        SMALL
            .iter()
            .map(|p| {
                let groups: Vec<&[u8]> = p.iter().map(|g| &g[..]).collect();
                pdb::placed(geo, blank, &groups)
            })
            .collect()
    } else {
        vec![pdb::partition(geo, blank, pdb::Partition::Standard)]
    };
    if let Some(mirror) = pdb::reflection(geo, blank) {
        let images: Vec<Vec<Vec<u8>>> = parts
            .iter()
            .map(|p| {
                p.iter()
                    .map(|g| g.iter().map(|&c| mirror[usize::from(c)]).collect())
                    .collect()
            })
            .collect();
        for image in images {
            let key = |p: &Vec<Vec<u8>>| {
                let mut sets: Vec<Vec<u8>> = p
                    .iter()
                    .map(|g| {
                        let mut g = g.clone();
                        g.sort_unstable();
                        g
                    })
                    .collect();
                sets.sort();
                sets
            };
            if !parts.iter().any(|p| key(p) == key(&image)) {
                parts.push(image);
            }
        }
    }
    parts
}

impl ZeroDatabases {
    /// The tables to build (their tiles) and the catalogue's groups, which look them
    /// up: a group that a symmetry takes onto an earlier table's tiles, keeping the
    /// blank's goal in the goal region, shares that table.
    pub(crate) fn layout(geo: &Geometry, blank: usize) -> (Vec<Vec<u8>>, Vec<ZeroGroup>, usize) {
        ZeroDatabases::layout_of(geo, blank, &catalogue(geo, blank))
    }

    /// [`ZeroDatabases::layout`] of the catalogue `parts`.
    fn layout_of(
        geo: &Geometry,
        blank: usize,
        parts: &[Vec<Vec<u8>>],
    ) -> (Vec<Vec<u8>>, Vec<ZeroGroup>, usize) {
        assert!(blank < geo.cells && geo.cells <= MAX_CELLS);
        assert!(parts.len() <= MAX_PARTS);
        let mut distinct: Vec<(Vec<u8>, u32)> = Vec::new();
        for (p, part) in parts.iter().enumerate() {
            for group in part {
                let mut sorted = group.clone();
                sorted.sort_unstable();
                match distinct.iter_mut().find(|(g, _)| *g == sorted) {
                    Some((_, bits)) => *bits |= 1 << p,
                    None => distinct.push((sorted, 1 << p)),
                }
            }
        }
        assert!(distinct.len() <= MAX_ZGROUPS);
        let (owners, shared) = pdb::share(geo, blank, distinct.iter().map(|(g, _)| g.clone()));
        let groups = shared
            .into_iter()
            .zip(&distinct)
            .map(|(group, &(_, parts))| {
                let mut map = [0u8; 64];
                map[..geo.cells].copy_from_slice(&group.map);
                ZeroGroup {
                    tiles: group.tiles,
                    table: group.table,
                    map,
                    parts,
                }
            })
            .collect();
        (owners, groups, parts.len())
    }

    /// The entries of the tables [`ZeroDatabases::build_by`] would build.
    pub(crate) fn entries(geo: &Geometry, blank: usize) -> u64 {
        let (owners, _, _) = ZeroDatabases::layout(geo, blank);
        owners
            .iter()
            .map(|o| pairs(geo, o.len()) as u64 * factorial(o.len()) as u64)
            .sum()
    }

    /// The names of the tables and their bytes.
    pub(crate) fn kept(geo: &Geometry, blank: usize) -> Vec<(String, usize)> {
        let (owners, _, _) = ZeroDatabases::layout(geo, blank);
        owners.iter().map(|o| name_of(geo, blank, o)).collect()
    }

    /// Builds (or reads from `store`) the tables of a board of shape `geo` whose
    /// blank's goal cell is `blank`, on as many threads as the machine has cores.
    pub(crate) fn build_by(
        geo: &Geometry,
        blank: usize,
        deadline: Deadline<'_>,
        tally: &Tally,
        store: Option<&dyn TableStore>,
    ) -> Result<ZeroDatabases, Stop> {
        let catalogue = catalogue(geo, blank);
        ZeroDatabases::build_of(geo, (blank, &catalogue), deadline, tally, store)
    }

    /// [`ZeroDatabases::build_by`] of the catalogue `parts`.
    pub(crate) fn build_of(
        geo: &Geometry,
        (blank, parts): (usize, &[Vec<Vec<u8>>]),
        deadline: Deadline<'_>,
        tally: &Tally,
        store: Option<&dyn TableStore>,
    ) -> Result<ZeroDatabases, Stop> {
        let (owners, groups, parts) = ZeroDatabases::layout_of(geo, blank, parts);
        let mut maps: Vec<Option<Arc<Maps>>> = vec![None; MAX_TILES + 1];
        for o in &owners {
            if maps[o.len()].is_none() {
                maps[o.len()] = Some(Arc::new(Maps::new(geo, o.len())?));
            }
        }
        let names: Vec<(String, usize)> = owners.iter().map(|o| name_of(geo, blank, o)).collect();
        let next = AtomicUsize::new(0);
        let threads = std::thread::available_parallelism()
            .map_or(1, usize::from)
            .min(owners.len());
        let work = || -> Result<Vec<(usize, ZeroTable)>, Stop> {
            let mut mine = Vec::new();
            loop {
                let t = next.fetch_add(1, Ordering::Relaxed);
                let Some(tiles) = owners.get(t) else {
                    return Ok(mine);
                };
                let m = maps[tiles.len()].as_deref().expect("made above");
                let (name, bytes) = &names[t];
                if let Some(store) = store {
                    let mut bits = Nibbles::zeroed(*bytes)?;
                    if store.load(name, &mut bits) {
                        tally.add(&mut (m.entries() as u64));
                        mine.push((t, ZeroTable::of(m, (tiles, blank), bits)));
                        continue;
                    }
                }
                let table = ZeroTable::build(m, (tiles, blank), deadline, tally)?;
                if let Some(store) = store {
                    store.store(name, &table.bits);
                }
                mine.push((t, table));
            }
        };
        let built: Vec<Result<Vec<(usize, ZeroTable)>, Stop>> = std::thread::scope(|scope| {
            let others: Vec<_> = (1..threads)
                .map_while(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
                .collect();
            let mut all = vec![work()];
            for other in others {
                all.push(
                    other
                        .join()
                        .unwrap_or_else(|e| std::panic::resume_unwind(e)),
                );
            }
            all
        });
        let mut tables: Vec<Option<ZeroTable>> = (0..owners.len()).map(|_| None).collect();
        for part in built {
            for (t, table) in part? {
                tables[t] = Some(table);
            }
        }
        let tables = tables
            .into_iter()
            .map(|t| t.expect("every table built"))
            .collect();
        let mut tile_groups = Box::new([[(0, 0); MAX_PARTS]; 64]);
        let mut tile_count = [0u8; 64];
        let mut frames = Box::new([[0u8; 64]; MAX_ZGROUPS]);
        let mut parts_of = [0u32; MAX_ZGROUPS];
        let mut tile_which = Box::new([[0u8; MAX_PARTS]; 64]);
        for (g, group) in groups.iter().enumerate() {
            frames[g] = group.map;
            parts_of[g] = group.parts;
            for (s, &tile) in group.tiles.iter().enumerate() {
                let t = usize::from(tile);
                for p in 0..parts {
                    if group.parts >> p & 1 == 1 {
                        tile_which[t][p] = tile_count[t];
                    }
                }
                tile_groups[t][usize::from(tile_count[t])] = (g as u8, s as u8);
                tile_count[t] += 1;
            }
        }
        let mut live = [0u16; MAX_PARTS];
        live[..parts].fill(1);
        Ok(ZeroDatabases {
            maps,
            tables,
            groups,
            parts,
            tile_groups,
            tile_count,
            tile_which,
            live,
            frames,
            parts_of,
        })
    }

    /// Bytes the tables take.
    pub(crate) fn bytes(&self) -> usize {
        self.tables.iter().map(|t| t.bits.len()).sum()
    }

    /// The maps of a group's tile count.
    #[inline(always)]
    pub(crate) fn maps_of(&self, k: usize) -> &Maps {
        self.maps[k & 15]
            .as_deref()
            .expect("maps of every table's size")
    }
}

/// The name of the table of the tiles `tiles` and its bytes.
fn name_of(geo: &Geometry, blank: usize, tiles: &[u8]) -> (String, usize) {
    let entries = pairs(geo, tiles.len()) * factorial(tiles.len());
    (
        table_name((geo.rows, geo.cols), blank, tiles, true, "bit1-zero"),
        bytes_of(entries),
    )
}

/// The (set, region) pairs of `k` cells of `geo`.
fn pairs(geo: &Geometry, k: usize) -> usize {
    Maps::new(geo, k).map_or(0, |m| m.pairs)
}

/// The lookups of a search in zero-aware tables: per group, the cells its tiles hold
/// in its table's frame and its distance `h` there; per partition, the sum of its
/// groups'. A move of a tile changes the `h` of each group of that tile by one, up or
/// down as the table's bit of the position after it says.
#[derive(Clone, Debug)]
pub(crate) struct ZeroLookups<'a> {
    dbs: &'a ZeroDatabases,
    /// Per group, its table's bits and its sets.
    bits: [&'a [u8]; MAX_ZGROUPS],
    maps: [&'a Maps; MAX_ZGROUPS],
    mask: [u64; MAX_ZGROUPS],
    at: [[u8; MAX_TILES]; MAX_ZGROUPS],
    /// Per group, the ranks of its set and order ([`Maps::ranks`]).
    ranks: [(u32, u32); MAX_ZGROUPS],
    entry: [u8; MAX_ZGROUPS],
    sums: [u16; MAX_PARTS],
}

/// A tile's move as the zero-aware lookups see it: the groups of the tile (in the
/// order of [`ZeroDatabases::tile_groups`]) whose `h` goes up (a bit each), the sums
/// after, and the groups' ranks after (once taken, before).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ZeroStep {
    up: u32,
    sums: [u16; MAX_PARTS],
    ranks: [(u32, u32); MAX_PARTS],
}

impl<'a> ZeroLookups<'a> {
    pub(crate) fn new(dbs: &'a ZeroDatabases, start: &Labelled) -> ZeroLookups<'a> {
        let any = dbs.maps.iter().flatten().next().map(|m| &**m);
        let empty: &'a [u8] = &[];
        let mut lookups = ZeroLookups {
            dbs,
            bits: [empty; MAX_ZGROUPS],
            maps: [any.unwrap_or(&NO_MAPS); MAX_ZGROUPS],
            mask: [0; MAX_ZGROUPS],
            at: [[0; MAX_TILES]; MAX_ZGROUPS],
            ranks: [(0, 0); MAX_ZGROUPS],
            entry: [0; MAX_ZGROUPS],
            sums: [0; MAX_PARTS],
        };
        let mut cell_of = [0usize; 64];
        for (cell, &label) in start.cells.iter().enumerate() {
            cell_of[usize::from(label)] = cell;
        }
        for (g, group) in dbs.groups.iter().enumerate() {
            let table = &dbs.tables[group.table];
            lookups.bits[g] = &table.bits;
            lookups.maps[g] = dbs.maps_of(group.tiles.len());
            for (s, &tile) in group.tiles.iter().enumerate() {
                let at = group.map[cell_of[usize::from(tile)]];
                lookups.mask[g] |= 1 << at;
                lookups.at[g][s] = at;
            }
            let blank = usize::from(group.map[start.blank]);
            let h = table.distance(lookups.maps[g], (lookups.mask[g], lookups.at[g], blank));
            lookups.entry[g] = h;
            lookups.ranks[g] = lookups.maps[g].ranks(lookups.mask[g], &lookups.at[g]);
            for p in 0..dbs.parts {
                if group.parts >> p & 1 == 1 {
                    lookups.sums[p] += u16::from(h);
                }
            }
        }
        lookups
    }

    /// The largest partition's sum of distances.
    #[inline(always)]
    pub(crate) fn h(&self) -> u32 {
        u32::from(self.sums.iter().copied().max().unwrap_or(0))
    }

    /// The tile `label` moved from board cell `from` to `to` (the blank from `to` to
    /// `from`): the step, and the heuristic after it, which is one more or one less
    /// than before (every partition's sum changes by one: it has one group with the
    /// tile).
    ///
    /// Where one more would be over `room`, the groups of the partitions whose sums
    /// are the largest are looked up first, and if one of them goes up, the heuristic
    /// does too: the move is over the bound, and the step, never taken, is left
    /// partial. Otherwise the indices of all the tile's groups are had first, then
    /// their bits read, so that the reads are under way together.
    #[inline(always)]
    pub(crate) fn look(&self, label: u8, from: usize, to: usize, room: u32) -> (ZeroStep, u32) {
        let dbs = self.dbs;
        let label = usize::from(label) & 63;
        let (groups, count) = (&dbs.tile_groups[label], usize::from(dbs.tile_count[label]));
        let count = count.min(MAX_PARTS);
        let h = self.h();
        let mut step = ZeroStep {
            up: 0,
            sums: self.sums,
            ranks: [(0, 0); MAX_PARTS],
        };
        // The groups looked up already, a bit each.
        let mut known = 0u32;
        if h + 1 > room {
            let mut top = 0u32;
            for (p, &sum) in self.sums.iter().enumerate() {
                top |= u32::from(u32::from(sum) == h) << p;
            }
            for (i, &(g, _)) in groups.iter().enumerate().take(count) {
                known |= u32::from(dbs.parts_of[usize::from(g) % MAX_ZGROUPS] & top != 0) << i;
            }
            step.up = self.read(label, (from, to), known, &mut step.ranks);
            if step.up != 0 {
                return (step, h + 1);
            }
        }
        step.up |= self.read(
            label,
            (from, to),
            !known & ((1 << count) - 1),
            &mut step.ranks,
        );
        self.count(label, step.up, true, &mut step.sums);
        let h = u32::from(step.sums.iter().copied().max().unwrap_or(0));
        (step, h)
    }

    /// Of the tile `label`'s groups `which` (a bit each, in the order of
    /// [`ZeroDatabases::tile_groups`]), those whose `h` goes up when it moves from
    /// board cell `from` to `to`, their ranks after it put in `ranks`: all their
    /// indices first, then their bits.
    #[inline(always)]
    fn read(
        &self,
        label: usize,
        (from, to): (usize, usize),
        which: u32,
        ranks: &mut [(u32, u32); MAX_PARTS],
    ) -> u32 {
        let dbs = self.dbs;
        let groups = &dbs.tile_groups[label];
        let mut index = [0usize; MAX_PARTS];
        let mut rest = which;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize % MAX_PARTS;
            rest &= rest - 1;
            let (g, slot) = groups[i];
            let g = usize::from(g) % MAX_ZGROUPS;
            let map = &dbs.frames[g];
            let (p, q) = (map[from & 63], map[to & 63]);
            let mut cells = self.at[g];
            cells[usize::from(slot) % MAX_TILES] = q;
            let maps = self.maps[g];
            let (p, q) = (usize::from(p), usize::from(q));
            ranks[i] = maps.ranks_after((self.mask[g], self.ranks[g]), (p, q), &cells);
            index[i] = maps.index_at(ranks[i], p);
        }
        let mut up = 0;
        let mut rest = which;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize % MAX_PARTS;
            rest &= rest - 1;
            let g = usize::from(groups[i].0) % MAX_ZGROUPS;
            let old = self.entry[g];
            up |= u32::from(after(old, bit_of(self.bits[g], index[i])) > old) << i;
        }
        up
    }

    /// Makes the move looked at as `step`.
    #[inline(always)]
    pub(crate) fn take(&mut self, step: &mut ZeroStep, label: u8, from: usize, to: usize) {
        self.shift(label, (from, to), step.up, true);
        self.sums = step.sums;
        self.swap_ranks(step, label);
    }

    /// Swaps the ranks of the tile `label`'s groups with those `step` holds.
    #[inline(always)]
    fn swap_ranks(&mut self, step: &mut ZeroStep, label: u8) {
        let dbs = self.dbs;
        let label = usize::from(label) & 63;
        let (groups, count) = (&dbs.tile_groups[label], usize::from(dbs.tile_count[label]));
        for (i, &(g, _)) in groups.iter().enumerate().take(count.min(MAX_PARTS)) {
            std::mem::swap(
                &mut self.ranks[usize::from(g) % MAX_ZGROUPS],
                &mut step.ranks[i],
            );
        }
    }

    /// Undoes [`ZeroLookups::take`].
    #[inline(always)]
    pub(crate) fn untake(&mut self, step: &mut ZeroStep, label: u8, from: usize, to: usize) {
        self.swap_ranks(step, label);
        self.shift(label, (to, from), step.up, false);
        let mut sums = self.sums;
        self.count(usize::from(label) & 63, step.up, false, &mut sums);
        self.sums = sums;
    }

    /// Changes `sums` by a move of the tile `label` whose groups go up where `up`
    /// says (`forward`), or back.
    #[inline(always)]
    fn count(&self, label: usize, up: u32, forward: bool, sums: &mut [u16; MAX_PARTS]) {
        // Every partition has one group with the tile: its sum goes the group's way.
        // Each lane without a branch (which way is a coin toss).
        let (which, live) = (&self.dbs.tile_which[label & 63], &self.dbs.live);
        for p in 0..MAX_PARTS {
            let rises = ((up >> (which[p] & 31)) & 1) as u16 ^ u16::from(!forward);
            let change = (rises << 1).wrapping_sub(1).wrapping_mul(live[p]);
            sums[p] = sums[p].wrapping_add(change);
        }
    }

    /// Moves the tile `label` from board cell `from` to `to` in its groups, each
    /// group's `h` one up where `up` says (`forward`) or back.
    #[inline(always)]
    fn shift(&mut self, label: u8, (from, to): (usize, usize), up: u32, forward: bool) {
        let dbs = self.dbs;
        let label = usize::from(label) & 63;
        let (groups, count) = (&dbs.tile_groups[label], usize::from(dbs.tile_count[label]));
        for (i, &(g, slot)) in groups.iter().enumerate().take(count) {
            let g = usize::from(g) % MAX_ZGROUPS;
            let map = &dbs.frames[g];
            let (p, q) = (map[from & 63], map[to & 63]);
            self.mask[g] ^= (1 << (p & 63)) ^ (1 << (q & 63));
            self.at[g][usize::from(slot) % MAX_TILES] = q;
            let rises = ((up >> i) & 1) as u8 ^ u8::from(!forward);
            self.entry[g] = self.entry[g].wrapping_add(rises << 1).wrapping_sub(1);
        }
    }
}

/// The maps of lookups of a catalogue without groups (a board of one cell).
static NO_MAPS: Maps = Maps {
    k: 0,
    binom: [[0; 64]; 16],
    masks: Vec::new(),
    info: Vec::new(),
    slots: Vec::new(),
    pairs: 0,
    orders: 1,
    weights: [0; MAX_TILES],
    full: 0,
    around: [0; 64],
    black: 0,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::NONE;
    use std::collections::{HashMap, VecDeque};

    /// The fewest moves of the tiles `tiles` home with the blank ending on `blank`,
    /// from every placement and blank cell: a 0-1 breadth-first search from the goal
    /// over the tiles' cells and the blank's exact cell, the blank's moves among the
    /// other cells free. Shares nothing with the tables but the board's shape.
    fn naive(rows: usize, cols: usize, tiles: &[u8], blank: u8) -> HashMap<(Vec<u8>, u8), u8> {
        let next = |cell: u8| {
            let (r, c) = (usize::from(cell) / cols, usize::from(cell) % cols);
            let mut out = Vec::new();
            if r > 0 {
                out.push(cell - cols as u8);
            }
            if r + 1 < rows {
                out.push(cell + cols as u8);
            }
            if c > 0 {
                out.push(cell - 1);
            }
            if c + 1 < cols {
                out.push(cell + 1);
            }
            out
        };
        let mut dist = HashMap::new();
        let mut queue = VecDeque::new();
        queue.push_back(((tiles.to_vec(), blank), 0u8));
        while let Some(((cells, b), d)) = queue.pop_front() {
            if dist.contains_key(&(cells.clone(), b)) {
                continue;
            }
            dist.insert((cells.clone(), b), d);
            for to in next(b) {
                match cells.iter().position(|&c| c == to) {
                    Some(s) => {
                        let mut moved = cells.clone();
                        moved[s] = b;
                        queue.push_back(((moved, to), d + 1));
                    }
                    None => queue.push_front(((cells.clone(), to), d)),
                }
            }
        }
        dist
    }

    #[test]
    fn sets_are_ranked_in_colex_order_and_orders_unranked() {
        let geo = Geometry::new(4, 4);
        for k in 1..=6 {
            let maps = Maps::new(&geo, k).unwrap();
            for (m, &mask) in maps.masks.iter().enumerate() {
                assert_eq!(maps.rank::<0>(mask), m);
                if m % 97 == 0 {
                    for order in 0..maps.orders {
                        let cells = maps.cells(mask, order);
                        assert_eq!(maps.order::<0>(mask, &cells), order);
                    }
                }
            }
        }
    }

    /// The ranks after a move, had from the ranks before it, are those of the
    /// placement after it: every set of 1 to 7 tiles of the 4 x 4 board, every move of
    /// each of its tiles to a free neighbour (along a row, and along a column with
    /// none, some or all of the cells between held), in a few orders of the tiles.
    #[test]
    fn ranks_kept_move_by_move_are_the_ranks_afresh() {
        let geo = Geometry::new(4, 4);
        let (mut moves, mut full_between) = (0, 0);
        for k in 1..=7 {
            let maps = Maps::new(&geo, k).unwrap();
            for &mask in &maps.masks {
                for order in [0, maps.orders / 3, maps.orders - 1] {
                    let cells = maps.cells(mask, order);
                    let ranks = maps.ranks(mask, &cells);
                    assert_eq!(ranks, (maps.rank::<0>(mask) as u32, order as u32));
                    for (s, &p) in cells.iter().enumerate().take(k) {
                        let p = usize::from(p);
                        for &q in geo.next[p].iter().filter(|&&q| q != NONE) {
                            let q = usize::from(q);
                            if mask >> q & 1 == 1 {
                                continue;
                            }
                            let mut after = cells;
                            after[s] = q as u8;
                            let moved = mask ^ (1 << p) ^ (1 << q);
                            assert_eq!(
                                maps.ranks_after((mask, ranks), (p, q), &after),
                                maps.ranks(moved, &after),
                                "{mask:#b}: {p} to {q}"
                            );
                            moves += 1;
                            let (low, high) = (p.min(q), p.max(q));
                            let between = ((1u64 << high) - 1) & !((2u64 << low) - 1);
                            full_between +=
                                usize::from(high - low > 1 && mask & between == between);
                        }
                    }
                }
            }
        }
        assert!(
            moves > 100_000 && full_between > 1_000,
            "{moves} {full_between}"
        );
    }

    /// An index read from a set's 8 bytes is the one its full region record gives:
    /// every set of 1 to 7 tiles of the 4 x 4 board, every free cell of the blank
    /// (sets of one region, of two, and of more).
    #[test]
    fn an_index_places_the_blank_in_its_region() {
        let geo = Geometry::new(4, 4);
        let mut by_regions = [0usize; 16];
        for k in 1..=7 {
            let maps = Maps::new(&geo, k).unwrap();
            for (m, &mask) in maps.masks.iter().enumerate() {
                let info = maps.info[m];
                by_regions[usize::from(info.count)] += 1;
                let order = (m * 7) % maps.orders;
                let cells = maps.cells(mask, order);
                for blank in (0..16).filter(|&c| mask >> c & 1 == 0) {
                    let region = info.offset as usize + info.region(blank);
                    assert_eq!(
                        maps.index(mask, &cells, blank),
                        region * maps.orders + order,
                        "{mask:#b}, blank on {blank}"
                    );
                }
            }
        }
        assert!(
            by_regions[1] > 0 && by_regions[2] > 0 && by_regions[3] > 100,
            "{by_regions:?}"
        );
    }

    #[test]
    fn the_5_x_5_board_has_the_published_region_counts() {
        let geo = Geometry::new(5, 5);
        let maps = Maps::new(&geo, 6).unwrap();
        assert_eq!((maps.masks.len(), maps.pairs), (177_100, 251_400));
        assert_eq!(maps.entries(), 181_008_000);
    }

    #[test]
    fn every_entry_is_the_naive_search_s_distance() {
        for (rows, cols, tiles, blank) in [
            (3, 3, &[1u8, 2, 5][..], 0u8),
            (3, 3, &[4, 7, 8], 0),
            (3, 4, &[1, 2, 5, 6], 0),
            (3, 4, &[3, 7, 10, 11], 5),
            (4, 4, &[1, 4, 5], 0),
            (4, 4, &[2, 3, 7], 0),
        ] {
            let geo = Geometry::new(rows, cols);
            let maps = Maps::new(&geo, tiles.len()).unwrap();
            let table = ZeroTable::build(
                &maps,
                (tiles, usize::from(blank)),
                Deadline::NEVER,
                &Tally::none(),
            )
            .unwrap();
            let truth = naive(rows, cols, tiles, blank);
            // Every entry's bit; the walk to the goal from every eleventh (each
            // walk takes up to a few hundred lookups).
            for (n, ((cells, b), d)) in truth.iter().enumerate() {
                let mut at = [0u8; MAX_TILES];
                at[..cells.len()].copy_from_slice(cells);
                let mask = cells.iter().fold(0u64, |m, &c| m | 1 << c);
                let i = maps.index(mask, &at, usize::from(*b));
                assert_eq!(
                    table.bit(i),
                    (d >> 1) & 1,
                    "{rows} x {cols}, tiles {tiles:?} on {cells:?}, blank on {b}"
                );
                if n % 11 == 0 || *d < 3 {
                    assert_eq!(
                        table.distance(&maps, (mask, at, usize::from(*b))),
                        *d,
                        "{rows} x {cols}, tiles {tiles:?} on {cells:?}, blank on {b}"
                    );
                }
            }
        }
    }

    /// A catalogue of four partitions of the 3 x 3 board's tiles (and their
    /// reflections) in groups of two to four.
    fn rich() -> Vec<Vec<Vec<u8>>> {
        let parts: [&[&[u8]]; 4] = [
            &[&[1, 2, 3], &[4, 5, 6], &[7, 8]],
            &[&[1, 4, 7], &[2, 5, 8], &[3, 6]],
            &[&[1, 2, 4, 5], &[3, 6, 7, 8]],
            &[&[1, 3], &[2, 4, 6], &[5, 7, 8]],
        ];
        let mirror = [0u8, 3, 6, 1, 4, 7, 2, 5, 8];
        let mut all: Vec<Vec<Vec<u8>>> = parts
            .iter()
            .map(|p| p.iter().map(|g| g.to_vec()).collect())
            .collect();
        for p in parts {
            all.push(
                p.iter()
                    .map(|g| g.iter().map(|&c| mirror[usize::from(c)]).collect())
                    .collect(),
            );
        }
        all
    }

    #[test]
    fn a_catalogue_s_heuristic_is_consistent_admissible_and_kept_up_to_date_move_by_move() {
        let geo = Geometry::new(3, 3);
        let parts = rich();
        let dbs = ZeroDatabases::build_of(&geo, (0, &parts), Deadline::NEVER, &Tally::none(), None)
            .unwrap();
        // Groups shared by partitions (a reflection's image that is another's group)
        // are looked up once.
        assert_eq!(dbs.parts, 8);
        assert!(dbs.groups.len() < 8 * 3);
        let space = crate::oracle::Space::explore(3, 3, &[0, 1, 2, 3, 4, 5, 6, 7, 8]);
        let far = |a: usize, b: usize| (a / 3).abs_diff(b / 3) + (a % 3).abs_diff(b % 3);
        let (mut exact, mut positions) = (0, 0);
        // Every fifth position (and its moves): a fresh lookup walks to the goal in
        // each table, and all of them take a while in a test build.
        for (cells, d) in space.iter().step_by(5) {
            let blank = cells.iter().position(|&v| v == 0).unwrap();
            let start = Labelled {
                cells: cells.to_vec(),
                blank,
                blank_label: 0,
            };
            let lookups = ZeroLookups::new(&dbs, &start);
            let here = lookups.h() as usize;
            assert!(here <= d as usize, "{cells:?}: h {here} over {d}");
            exact += usize::from(here == d as usize);
            positions += 1;
            // The heuristic is the largest partition's sum, each at least the
            // Manhattan distance.
            let manhattan: usize = (0..9)
                .filter(|&c| cells[c] != 0)
                .map(|c| far(c, usize::from(cells[c])))
                .sum();
            for p in 0..dbs.parts {
                assert!(usize::from(lookups.sums[p]) <= here);
                assert!(usize::from(lookups.sums[p]) >= manhattan);
            }
            for to in (0..9).filter(|&c| far(c, blank) == 1) {
                let tile = cells[to];
                let (mut step, after) = lookups.look(tile, to, blank, u32::MAX);
                let mut moved = cells.to_vec();
                moved.swap(to, blank);
                let child = Labelled {
                    cells: moved.clone(),
                    blank: to,
                    blank_label: 0,
                };
                let fresh = ZeroLookups::new(&dbs, &child);
                assert_eq!(after, fresh.h(), "{cells:?} moving {tile}");
                let mut taken = lookups.clone();
                taken.take(&mut step, tile, to, blank);
                assert_eq!(taken.sums, fresh.sums);
                assert_eq!(taken.entry, fresh.entry);
                assert_eq!(taken.mask, fresh.mask);
                // The ranks kept move by move, as ranked afresh.
                assert_eq!(taken.ranks, fresh.ranks, "{cells:?} moving {tile}");
                assert_eq!(
                    (taken.h() as usize).abs_diff(here),
                    1,
                    "{cells:?} moving {tile}"
                );
                taken.untake(&mut step, tile, to, blank);
                assert_eq!(
                    (taken.sums, taken.entry, taken.mask, taken.at, taken.ranks),
                    (
                        lookups.sums,
                        lookups.entry,
                        lookups.mask,
                        lookups.at,
                        lookups.ranks
                    )
                );
            }
        }
        assert_eq!(positions, 181_440usize.div_ceil(5));
        // Not a heuristic of zeros: exact on a share of the positions.
        assert!(exact * 20 > positions, "{exact} of {positions} exact");
    }
}
