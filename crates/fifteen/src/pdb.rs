//! Additive disjoint pattern databases (Korf and Felner 2002).
//!
//! The tiles are split into disjoint groups. A group's database holds, for every
//! placement of its tiles, the fewest moves of *its* tiles that bring them home, the
//! other tiles being indistinct and their moves free; so the databases of the groups
//! add up to a lower bound of the whole puzzle's distance. Tiles are named by their
//! goal cells (see [`Labelled`](crate::geometry::Labelled)), so a database depends only
//! on the board's shape, the blank's goal cell and the group's goal cells, and serves
//! every goal with that blank cell. A group that a symmetry of the board takes onto
//! another's cells is looked up in that group's table through the symmetry.
//!
//! A database is built by a breadth-first search from the goal over the group's
//! placements and the blank's region: the blank moves freely among the cells the
//! group leaves free (one flood fill of a bit mask), and each move of a group's tile
//! into that region is one step; the placement's entry is the first level any of its
//! regions is reached at. Each level is one scan of the placements in the order of
//! their ranks (among the `n! / (n - k)!` placements of `k` tiles on `n` cells), and a
//! child's rank is its parent's shifted by [`shift`], so the scan reads and writes a
//! few streams. Where the marks of that search would take too much memory (the
//! 24-puzzle's: 127.5 million placements), the blank's place is kept only as its
//! class, one of the first three regions of the free cells or any other (see
//! [`classes`]: a lower bound of the exact database, equal to it on all but a few
//! placements). An entry takes four bits: half its excess over the group's Manhattan
//! distance.

use crate::geometry::Geometry;
use crate::memory::{self, OutOfMemory, Stop};
use crate::store::{TableStore, table_name};
use grid_core::UnknownChoice;
use grid_core::progress::Watch;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;
use strum_macros::{Display, EnumMessage, EnumString, IntoStaticStr, VariantArray, VariantNames};

/// Which pattern databases a board of 4 x 4 or 5 x 5 cells (or, asked for
/// [`Method::Pdb`](crate::Method::Pdb), of up to 32) is searched with: the groups its
/// tiles are split into.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Display,
    EnumMessage,
    EnumString,
    IntoStaticStr,
    VariantArray,
    VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[strum(parse_err_ty = UnknownChoice, parse_err_fn = UnknownChoice::of::<Self>)]
#[non_exhaustive]
pub enum Partition {
    /// Korf and Felner's 6-6-3 on 4 x 4 and 6-6-6-6 on 5 x 5 (2 tables each, 16 MB and
    /// 244 MB, built in seconds and in minutes); on other boards, runs of cells in
    /// reading order of at most 6 tiles and 4,194,304 placements each.
    #[default]
    #[strum(message = "6-6-3 on 4 x 4 and 6-6-6-6 on 5 x 5: built in seconds (4 x 4)")]
    Standard,
    /// Larger groups, slower to build and larger to keep, searched in far fewer
    /// positions: 7-8 on 4 x 4 (the top two rows and the bottom two, with the blank's
    /// goal top left: 57.7 million and 518.9 million placements, 288 MB laid out by
    /// rank); on other boards, runs of at most 8 tiles and 67,108,864 placements each
    /// (on 5 x 5 as [`Partition::Standard`] for now).
    #[strum(
        message = "7-8 on 4 x 4: built in minutes (1.7 GB at the peak, 288 MB kept), searched in far fewer positions"
    )]
    Large,
    /// Zero-aware tables (Clausecker and Reinefeld 2019): an entry per placement of a
    /// group's tiles *and region of the blank* among the cells they leave free, and a
    /// catalogue of partitions maxed over. On 5 x 5, their "small" catalogue: seven
    /// 6-6-6-6 partitions and their reflections, 11 tables of 181 million entries at
    /// one bit each (249 MB), built in about five minutes on two cores; elsewhere the
    /// standard groups and their reflection. Searched in the fewest positions, each
    /// costlier (a move looks up about seven tables where the standard sets look up
    /// two).
    #[strum(
        message = "zero-aware tables, 14 partitions on 5 x 5: built in minutes (249 MB), searched in the fewest positions"
    )]
    ZeroAware,
}

/// The groups of goal cells of a board of shape `geo` whose blank's goal cell is
/// `blank`, as [`Partition`] says.
pub(crate) fn partition(geo: &Geometry, blank: usize, set: Partition) -> Vec<Vec<u8>> {
    let base: Option<&[&[u8]]> = match (geo.rows, geo.cols, set) {
        // Korf and Felner's 6-6-3 partition, the blank's goal in the top left corner: a
        // staircase of 6 down the left, a block of 6 on the right, 3 along the bottom.
        // (Of the partitions tried, it needed the fewest nodes on Korf's instances:
        // 459,029 generated a case against 1,342,067 for the top row of 3 and two halves
        // below, measured when the search only never undid the last move.)
        (4, 4, Partition::Standard) => {
            Some(&[&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]])
        }
        // Korf and Felner's 7-8: the top two rows and the bottom two.
        (4, 4, Partition::Large) => {
            Some(&[&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]])
        }
        // Korf and Felner's 6-6-6-6 partition of the 24-puzzle, blank top left.
        (5, 5, _) => Some(&[
            &[1, 2, 5, 6, 7, 12],
            &[3, 4, 8, 9, 13, 14],
            &[10, 11, 15, 16, 20, 21],
            &[17, 18, 19, 22, 23, 24],
        ]),
        _ => None,
    };
    match base {
        Some(groups) => placed(geo, blank, groups),
        None => {
            let tiles: Vec<u8> = (0..geo.cells as u8)
                .filter(|&c| usize::from(c) != blank)
                .collect();
            let size = group_size(geo.cells, tiles.len(), set);
            tiles.chunks(size.max(1)).map(<[u8]>::to_vec).collect()
        }
    }
}

/// The groups `groups` of a square board's goal cells, drawn for the blank's goal in
/// the top left corner, placed for the blank's goal on `blank`: through the symmetry
/// of the square that brings the top left corner nearest `blank`, a blank elsewhere
/// than in a corner swapping cells with the corner's.
pub(crate) fn placed(geo: &Geometry, blank: usize, groups: &[&[u8]]) -> Vec<Vec<u8>> {
    let n = geo.rows;
    let (r, c) = geo.place(blank);
    let flip_rows = r >= n.div_ceil(2);
    let flip_cols = c >= n.div_ceil(2);
    let map = |cell: u8| -> u8 {
        let (mut cr, mut cc) = geo.place(usize::from(cell));
        if flip_rows {
            cr = n - 1 - cr;
        }
        if flip_cols {
            cc = n - 1 - cc;
        }
        (cr * n + cc) as u8
    };
    let corner = map(0);
    groups
        .iter()
        .map(|group| {
            group
                .iter()
                .map(|&cell| {
                    let cell = map(cell);
                    if usize::from(cell) == blank {
                        corner
                    } else {
                        cell
                    }
                })
                .collect()
        })
        .collect()
}

/// The most entries a database of a generic partition may have: [`Partition::Standard`]'s
/// and [`Partition::Large`]'s.
const MAX_GENERIC_ENTRIES: usize = 1 << 22;
const MAX_LARGE_ENTRIES: usize = 1 << 26;

/// The size of the groups of a generic partition of `tiles` tiles on `cells` cells:
/// [`Partition::Standard`]'s at least two groups (so that tests see them add up), at
/// most 6 tiles and [`MAX_GENERIC_ENTRIES`] entries a group; [`Partition::Large`]'s at
/// most 8 tiles and [`MAX_LARGE_ENTRIES`] entries.
fn group_size(cells: usize, tiles: usize, set: Partition) -> usize {
    let (mut size, most) = match set {
        Partition::Standard | Partition::ZeroAware => {
            (tiles.div_ceil(2).clamp(1, 6), MAX_GENERIC_ENTRIES)
        }
        Partition::Large => (tiles.clamp(1, MAX_GROUP), MAX_LARGE_ENTRIES),
    };
    while size > 1 && placements(cells, size) > most {
        size -= 1;
    }
    size
}

/// `n! / (n - k)!`: the placements of `k` distinct tiles on `n` cells.
pub(crate) fn placements(n: usize, k: usize) -> usize {
    (n - k + 1..=n).product()
}

/// The symmetry of a square board that maps the goal onto itself and that the
/// databases are looked up through a second time (the maximum of both lookups is a
/// lower bound too): the reflection in the main diagonal when the blank's goal cell is
/// on it, in the other diagonal when it is on that one.
pub(crate) fn reflection(geo: &Geometry, blank: usize) -> Option<Vec<u8>> {
    let n = geo.rows;
    if geo.cols != n || n < 2 {
        return None;
    }
    let (r, c) = geo.place(blank);
    let cells = 0..geo.cells;
    if r == c {
        Some(
            cells
                .map(|cell| ((cell % n) * n + cell / n) as u8)
                .collect(),
        )
    } else if r + c == n - 1 {
        Some(
            cells
                .map(|cell| {
                    let (r, c) = geo.place(cell);
                    ((n - 1 - c) * n + (n - 1 - r)) as u8
                })
                .collect(),
        )
    } else {
        None
    }
}

/// The rank of a placement of `k` tiles on `n` cells: `cells[i]` is the cell of the
/// group's tile `i`; radices `n, n - 1, ..., n - k + 1`, the digit of tile `i` its
/// cell's rank among the cells the tiles before it leave.
pub(crate) fn rank(cells: &[u8], n: usize) -> usize {
    let mut index = 0;
    for (i, &p) in cells.iter().enumerate() {
        let before = cells[..i].iter().filter(|&&q| q < p).count();
        index = index * (n - i) + usize::from(p) - before;
    }
    index
}

/// The weight of each tile's digit in [`rank`]: `(n - i - 1) (n - i - 2) .. (n - k + 1)`.
pub(crate) fn weights(n: usize, k: usize) -> [usize; MAX_GROUP] {
    let mut weights = [0; MAX_GROUP];
    for (i, weight) in weights.iter_mut().enumerate().take(k) {
        *weight = (i + 1..k).map(|j| n - j).product();
    }
    weights
}

/// The change of [`rank`] when tile `i` of a placement moves from cell `p` to the free
/// cell `q`, the other tiles staying: `taken` holds the placement's cells and
/// `slot_at` the tile on each of them. Only the digits of the tiles on the cells
/// between `p` and `q` change besides tile `i`'s (none for a move along a row), so
/// this is a multiplication and, rarely, an adjustment or two.
#[inline(always)]
pub(crate) fn shift(
    weights: &[usize],
    slot_at: &[u8],
    taken: u64,
    i: usize,
    p: u8,
    q: u8,
) -> isize {
    let (lo, hi) = if p < q { (p, q) } else { (q, p) };
    let mut delta = weights[i] as isize * (isize::from(q) - isize::from(p));
    let mut between = taken & ((1u64 << hi) - 1) & !((2u64 << lo).wrapping_sub(1));
    if between != 0 {
        let sign = if q > p { 1 } else { -1 };
        while between != 0 {
            let j = usize::from(slot_at[between.trailing_zeros() as usize]);
            between &= between - 1;
            delta += sign
                * if j > i {
                    weights[j] as isize
                } else {
                    -(weights[i] as isize)
                };
        }
    }
    delta
}

/// The cells of the placement of rank `index` (the inverse of [`rank`]).
fn unrank<const K: usize>(mut index: usize, n: usize) -> [u8; K] {
    let mut digits = [0usize; K];
    for i in (0..K).rev() {
        let radix = n - i;
        digits[i] = index % radix;
        index /= radix;
    }
    let mut cells = [0u8; K];
    let mut used = 0u64;
    for i in 0..K {
        // The digit-th cell that the tiles before leave free.
        let mut free = !used;
        for _ in 0..digits[i] {
            free &= free - 1;
        }
        let cell = free.trailing_zeros() as u8;
        cells[i] = cell;
        used |= 1 << cell;
    }
    cells
}

/// [`unrank`] by tables: the cells of the first half of the tiles by the high part of
/// the rank, the digits of the others by the low part, so that one division splits a
/// rank and only the second half's cells are selected bit by bit.
struct Unranker<const K: usize> {
    /// Tiles in the first half.
    head: usize,
    /// The placements of the low part: `n - head` down to `n - K + 1` multiplied.
    low: usize,
    /// By high part: the first half's cells and their mask.
    heads: Vec<([u8; K], u64)>,
    /// By low part: the second half's digits.
    tails: Vec<[u8; K]>,
}

impl<const K: usize> Unranker<K> {
    fn new(n: usize) -> Unranker<K> {
        let head = K.div_ceil(2);
        let low = placements(n - head, K - head);
        let heads = (0..placements(n, head))
            .map(|h| {
                let mut cells = [0u8; K];
                let mut used = 0u64;
                // The first `head` cells of the placement of rank `h * low`.
                let all = unrank::<K>(h * low, n);
                for i in 0..head {
                    cells[i] = all[i];
                    used |= 1 << all[i];
                }
                (cells, used)
            })
            .collect();
        let tails = (0..low)
            .map(|mut l| {
                let mut digits = [0u8; K];
                for i in (head..K).rev() {
                    let radix = n - i;
                    digits[i] = (l % radix) as u8;
                    l /= radix;
                }
                digits
            })
            .collect();
        Unranker {
            head,
            low,
            heads,
            tails,
        }
    }

    #[inline(always)]
    fn cells(&self, index: usize) -> [u8; K] {
        let (high, low) = (index / self.low, index % self.low);
        let (mut cells, mut used) = self.heads[high];
        let digits = &self.tails[low];
        for i in self.head..K {
            let mut free = !used;
            for _ in 0..digits[i] {
                free &= free - 1;
            }
            let cell = free.trailing_zeros() as u8;
            cells[i] = cell;
            used |= 1 << cell;
        }
        cells
    }
}

/// The most tiles of a group.
pub(crate) const MAX_GROUP: usize = 8;

/// The most groups of a partition.
pub(crate) const MAX_GROUPS: usize = 8;

/// Not reached yet.
const UNSET: u8 = u8::MAX;

/// The most cells of a board the databases are built for.
pub(crate) const MAX_PDB_CELLS: usize = 32;

/// The most bytes the marks of an exact build may take (beyond, [`classes`] builds).
const MAX_MARK_BYTES: usize = 1 << 28;

/// A set of cells, a bit a cell, as the exact build stores it.
trait Mask: Copy + Default + Send + Sync {
    fn from_bits(bits: u64) -> Self;
    fn bits(self) -> u64;
}

impl Mask for u16 {
    #[inline(always)]
    fn from_bits(bits: u64) -> u16 {
        bits as u16
    }
    #[inline(always)]
    fn bits(self) -> u64 {
        u64::from(self)
    }
}

impl Mask for u32 {
    #[inline(always)]
    fn from_bits(bits: u64) -> u32 {
        bits as u32
    }
    #[inline(always)]
    fn bits(self) -> u64 {
        u64::from(self)
    }
}

/// One database: an entry per placement of its tiles, four bits each.
///
/// An entry is at least the Manhattan distance of the group's tiles and has its parity
/// (each move of a tile changes its distance by one), so the table keeps half the
/// excess over it, `(entry - manhattan) / 2`, capped at 15 (a smaller bound is still a
/// bound); the search adds the Manhattan distance, which it keeps up to date anyway.
///
/// The entries are laid out as its [`Layout`] says.
pub(crate) struct Table {
    /// Two entries a byte, by spread index or by rank: the even one in the low half.
    pub(crate) nibbles: Nibbles,
    pub(crate) layout: Layout,
}

/// How a table lays its entries out.
///
/// By spread index, `cells[i] * n^i` summed over the tiles (`cells[i]` the cell of the
/// group's tile `i`), `n^k` entries for `k` tiles on `n` cells: a move of one tile
/// changes the index by what that tile adds on its two cells, two reads of a small
/// table. Indices with a cell twice are never read (the 24-puzzle's 6 tiles: 244
/// million entries against 127.5 million placements; the 15-puzzle's: 16.8 million
/// against 5.8 million).
///
/// By [`rank`], one entry a placement: a move changes the rank by [`shift`], a
/// multiplication and an adjustment for each of the group's tiles on the cells between
/// the two it moves between (none for a move along a row). It is for tables of 7 or 8
/// tiles, whose spread would be 2.5 to 8.3 times larger. The smaller ones keep the
/// spread index: with every table by rank, Korf's 100 over 6-6-3 (the same positions,
/// one thread, 5 runs of each alternating on a loaded machine, 6 December 2026) took
/// 2.08 s of search (median) against 1.67 s, and the 24-puzzle's 40th instance 1.65 to
/// 1.76 s against 1.18 to 1.61 s (3 runs each, tables read from a cache).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    Spread,
    Rank,
}

impl Layout {
    /// The most entries a table by spread index has: the 24-puzzle's 6 tiles, `25^6`.
    const MAX_SPREAD: usize = 244_140_625;

    /// The layout of a set of tables of `sizes` tiles each on `n` cells: by spread
    /// index if each one's fits [`Layout::MAX_SPREAD`], else all by rank (a search
    /// follows one layout).
    pub(crate) fn of(n: usize, mut sizes: impl Iterator<Item = usize>) -> Layout {
        if sizes.all(|k| {
            n.checked_pow(k as u32)
                .is_some_and(|e| e <= Layout::MAX_SPREAD)
        }) {
            Layout::Spread
        } else {
            Layout::Rank
        }
    }

    /// The entries of a table of `k` tiles on `n` cells.
    pub(crate) fn entries(self, n: usize, k: usize) -> usize {
        match self {
            Layout::Spread => n.pow(k as u32),
            Layout::Rank => placements(n, k),
        }
    }

    /// Its format's words in a table's name.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Layout::Spread => "nibble4-spread",
            Layout::Rank => "nibble4-rank",
        }
    }
}

/// A table's bytes: on the heap, or, for a large table, in an anonymous map that Linux
/// is advised to back with huge pages (2 MB), where transparent huge pages are on
/// (`always` or `madvise` in `/sys/kernel/mm/transparent_hugepage/enabled`). The
/// search reads its tables at scattered places; with 4 KB pages most of those reads
/// also miss the TLB, and the 24-puzzle's 244 MB are 122 huge pages.
pub(crate) enum Nibbles {
    Heap(Vec<u8>),
    Mapped(memmap2::MmapMut),
}

impl Nibbles {
    /// From this many bytes on, a table is mapped (the 15-puzzle's 6-tile tables and
    /// the 24-puzzle's are; a small one fits the TLB's reach anyway).
    const MAP_FROM: usize = 4 << 20;

    /// `len` zero bytes: mapped from [`Nibbles::MAP_FROM`] on, unless the map fails;
    /// on the heap if it does, or if the heap has no room either, the bytes asked for.
    pub(crate) fn zeroed(len: usize) -> Result<Nibbles, OutOfMemory> {
        if len >= Self::MAP_FROM
            && let Ok(map) = memmap2::MmapMut::map_anon(len)
        {
            // Advice only: where it is refused (huge pages off), the table works the
            // same on small pages.
            #[cfg(target_os = "linux")]
            let _ = map.advise(memmap2::Advice::HugePage);
            return Ok(Nibbles::Mapped(map));
        }
        memory::filled(len, 0).map(Nibbles::Heap)
    }
}

impl std::ops::Deref for Nibbles {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Nibbles::Heap(v) => v,
            Nibbles::Mapped(m) => m,
        }
    }
}

impl std::ops::DerefMut for Nibbles {
    fn deref_mut(&mut self) -> &mut [u8] {
        match self {
            Nibbles::Heap(v) => v,
            Nibbles::Mapped(m) => m,
        }
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} entries)", 2 * self.nibbles.len())
    }
}

/// The most a table's entry holds.
pub(crate) const MAX_EXCESS: u8 = 15;

/// The spread index of a placement in a [`Table`]: `cells[i]` (the cell of the group's
/// tile `i`) times `n^i`, summed.
#[cfg(test)]
pub(crate) fn spread(cells: &[u8], n: usize) -> usize {
    cells
        .iter()
        .rev()
        .fold(0, |index, &cell| index * n + usize::from(cell))
}

impl Table {
    /// The entry at `index` (a spread index or a rank, as laid out): half the excess
    /// over the Manhattan distance.
    #[inline(always)]
    pub(crate) fn get(&self, index: usize) -> u8 {
        self.nibbles[index >> 1] >> ((index & 1) << 2) & 15
    }

    /// The entry of the placement `cells`.
    #[cfg(test)]
    pub(crate) fn at(&self, cells: &[u8], n: usize) -> u8 {
        match self.layout {
            Layout::Spread => self.get(spread(cells, n)),
            Layout::Rank => self.get(rank(cells, n)),
        }
    }

    /// Lays out the halves of excesses of the placements of `k` tiles on `n` cells, one
    /// a byte by [`rank`], as `layout` says, two a byte (capped at [`MAX_EXCESS`]).
    fn pack(excess: &[u8], n: usize, k: usize, layout: Layout) -> Result<Table, OutOfMemory> {
        let mut nibbles = Nibbles::zeroed(layout.entries(n, k).div_ceil(2))?;
        if layout == Layout::Rank {
            for (byte, pair) in nibbles.iter_mut().zip(excess.chunks(2)) {
                let high = pair.get(1).map_or(0, |&e| e.min(MAX_EXCESS));
                *byte = pair[0].min(MAX_EXCESS) | high << 4;
            }
            return Ok(Table { nibbles, layout });
        }
        let mut ranked = excess.iter();
        // The placements in the order of their ranks: tile 0's cell the slowest, each
        // tile's cells in increasing order among those the tiles before it leave.
        fn lay(
            nibbles: &mut [u8],
            ranked: &mut std::slice::Iter<'_, u8>,
            (n, tiles_left): (usize, usize),
            (used, at, weight): (u64, usize, usize),
        ) {
            for cell in 0..n {
                if used >> cell & 1 == 1 {
                    continue;
                }
                let at = at + cell * weight;
                if tiles_left == 1 {
                    let e = ranked.next().copied().unwrap_or(0).min(MAX_EXCESS);
                    nibbles[at >> 1] |= e << ((at & 1) << 2);
                } else {
                    lay(
                        nibbles,
                        ranked,
                        (n, tiles_left - 1),
                        (used | 1 << cell, at, weight * n),
                    );
                }
            }
        }
        lay(&mut nibbles, &mut ranked, (n, k), (0, 0, 1));
        debug_assert!(ranked.next().is_none(), "one excess a placement");
        Ok(Table { nibbles, layout })
    }
}

impl Table {
    /// Builds the database of the group `tiles` on a board of shape `geo` whose blank's
    /// goal cell is `blank` (at most [`MAX_PDB_CELLS`] cells, [`MAX_GROUP`] tiles), laid
    /// out as `layout` says.
    #[cfg(test)]
    pub(crate) fn build(geo: &Geometry, tiles: &[u8], blank: usize, layout: Layout) -> Table {
        Table::build_by(
            geo,
            (tiles, blank, layout),
            Deadline::NEVER,
            &Tally::none(),
            None,
        )
        .expect("no deadline to miss, memory enough")
    }

    /// The table of the group `tiles` (as [`Table::build_by`]) read from `store` if it
    /// keeps a whole copy, else built and given to it to keep.
    pub(crate) fn kept_or_built(
        geo: &Geometry,
        (tiles, blank, layout): (&[u8], usize, Layout),
        deadline: Deadline<'_>,
        tally: &Tally,
        store: Option<&dyn TableStore>,
    ) -> Result<Table, Stop> {
        let what = (tiles, blank, layout);
        let Some(store) = store else {
            return Table::build_by(geo, what, deadline, tally, None);
        };
        let exact = marks_fit(geo.cells, tiles.len());
        let name = table_name((geo.rows, geo.cols), blank, tiles, exact, layout.word());
        let entries = layout.entries(geo.cells, tiles.len());
        let mut nibbles = Nibbles::zeroed(entries.div_ceil(2))?;
        if store.load(&name, &mut nibbles) {
            tally.add(&mut (placements(geo.cells, tiles.len()) as u64));
            return Ok(Table { nibbles, layout });
        }
        // What a failed load left is not trusted: the build starts from zeros.
        drop(nibbles);
        let table = Table::build_by(geo, what, deadline, tally, None)?;
        store.store(&name, &table.nibbles);
        Ok(table)
    }

    /// Builds the database of the group `tiles` on a board of shape `geo` whose blank's
    /// goal cell is `blank` (at most [`MAX_PDB_CELLS`] cells, [`MAX_GROUP`] tiles), laid
    /// out as `layout` says, giving up once `deadline` has passed or an allocation
    /// fails; the entries it settles are counted in `tally`.
    pub(crate) fn build_by(
        geo: &Geometry,
        (tiles, blank, layout): (&[u8], usize, Layout),
        deadline: Deadline<'_>,
        tally: &Tally,
        store: Option<&dyn TableStore>,
    ) -> Result<Table, Stop> {
        if store.is_some() {
            return Table::kept_or_built(geo, (tiles, blank, layout), deadline, tally, store);
        }
        macro_rules! by_size {
            ($($k:literal)*) => {
                match tiles.len() {
                    $($k => {
                        let excess = build_k::<$k>(geo, tiles.try_into().expect("the length matched"), blank, deadline, tally)?;
                        Ok(Table::pack(&excess, geo.cells, $k, layout)?)
                    })*
                    _ => unreachable!("groups have 1 to {MAX_GROUP} tiles"),
                }
            };
        }
        by_size!(1 2 3 4 5 6 7 8)
    }
}

/// [`Table::build_by`] for groups of `K` tiles: exact if its marks fit
/// [`MAX_MARK_BYTES`], by [`classes`] otherwise. One byte an entry, the half excess.
fn build_k<const K: usize>(
    geo: &Geometry,
    tiles: [u8; K],
    blank: usize,
    deadline: Deadline<'_>,
    tally: &Tally,
) -> Result<Vec<u8>, Stop> {
    match build_of(geo.cells, K) {
        Build::Narrow => exact::<u16, K>(geo, tiles, blank, deadline, tally),
        Build::Wide => exact::<u32, K>(geo, tiles, blank, deadline, tally),
        Build::Classes => classes::<K>(geo, tiles, blank, deadline, tally),
    }
}

/// How [`build_k`] builds a group's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Build {
    /// Exact, a cell a bit of a `u16` (boards of up to 16 cells; six bytes of marks
    /// a placement).
    Narrow,
    /// Exact, in `u32`s (up to 32 cells; twelve bytes a placement).
    Wide,
    /// By [`classes`]: marks past [`MAX_MARK_BYTES`].
    Classes,
}

/// How the table of `k` tiles on `n` cells is built: exact if its marks fit
/// [`MAX_MARK_BYTES`], in the narrower masks that hold the board.
fn build_of(n: usize, k: usize) -> Build {
    let size = placements(n, k);
    if n <= 16 && size * 6 <= MAX_MARK_BYTES {
        Build::Narrow
    } else if size * 12 <= MAX_MARK_BYTES {
        Build::Wide
    } else {
        Build::Classes
    }
}

/// The positions an IDA* search with the Manhattan distance generates in the time an
/// exact build settles one placement (the 15-puzzle's 11.5 million in 4.7 s of CPU,
/// against 51 million positions of IDA* in 3.9 s, measured on one machine in one
/// load: 0.41 µs against 0.076 µs).
pub(crate) const BUILD_COST_EXACT: u64 = 5;

/// As [`BUILD_COST_EXACT`] for a build by [`classes`] (the 24-puzzle's 255 million
/// placements in about 200 s of CPU: 0.8 µs a placement).
pub(crate) const BUILD_COST_CLASSES: u64 = 10;

/// Whether [`build_k`]'s exact marks of `k` tiles on `n` cells fit [`MAX_MARK_BYTES`]
/// (else it builds by [`classes`]).
fn marks_fit(n: usize, k: usize) -> bool {
    build_of(n, k) != Build::Classes
}

/// The entries a build of several tables (each on a thread) has settled, of their
/// total, told to a watcher as they grow: each table adds what it settled every
/// [`Deadline::EVERY`] placements it scans, and the rest of its placements when done.
#[derive(Debug)]
pub(crate) struct Tally {
    watch: Watch,
    done: AtomicU64,
    total: u64,
}

impl Tally {
    /// A tally of `total` entries told to `watch`.
    pub(crate) fn new(watch: Watch, total: u64) -> Tally {
        Tally {
            watch,
            done: AtomicU64::new(0),
            total,
        }
    }

    /// A tally nobody watches.
    #[cfg(test)]
    pub(crate) fn none() -> Tally {
        Tally::new(Watch::NONE, 0)
    }

    /// Counts `entries` more settled entries (taken from `settled`, left at 0) and
    /// tells the watcher the sum.
    pub(crate) fn add(&self, settled: &mut u64) {
        let entries = std::mem::take(settled);
        if self.watch.is_watched() && entries > 0 {
            let done = self.done.fetch_add(entries, Ordering::Relaxed) + entries;
            self.watch.building(done.min(self.total), self.total);
        }
    }
}

/// When a build gives up, if ever: once a time has passed, or once a halt flag is
/// raised (by a signal handler, say: a checkpointed search halts while its databases
/// are built as it does while it searches); both looked at every [`Deadline::EVERY`]
/// placements.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Deadline<'a> {
    at: Option<Instant>,
    halt: Option<&'a AtomicBool>,
}

impl<'a> Deadline<'a> {
    /// Placements between two looks at the clock and the flag.
    const EVERY: usize = 1 << 20;

    /// A build that never gives up.
    #[cfg(test)]
    pub(crate) const NEVER: Deadline<'static> = Deadline {
        at: None,
        halt: None,
    };

    /// A build that gives up once `at` has passed (never without it).
    pub(crate) fn at(at: Option<Instant>) -> Deadline<'a> {
        Deadline { at, halt: None }
    }

    /// This deadline, and a build that halts once `flag` (if any) is raised.
    pub(crate) fn halting_on(self, flag: Option<&'a AtomicBool>) -> Deadline<'a> {
        Deadline { halt: flag, ..self }
    }

    /// Why the build is to stop, if it is, looked at if `step` is a multiple of
    /// [`Deadline::EVERY`]: a raised flag first, then the time.
    #[inline(always)]
    pub(crate) fn stop(self, step: usize) -> Option<Stop> {
        if step % Deadline::EVERY != 0 {
            None
        } else if self.halt.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            Some(Stop::Halted)
        } else if self.at.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::Time)
        } else {
            None
        }
    }
}

/// The classes of the blank's place that [`classes`] tells apart: the regions of the
/// free cells by their lowest cells, the first [`CLASSES`] - 1 each, the rest together.
const CLASSES: usize = 4;

/// [`classes`]' marks of a placement: per class, expanded (bits 0-3), queued for even
/// levels (4-7) and for odd ones (8-11); whether the free cells are known to be one
/// region, or more.
const KNOWN: u16 = 1 << 12;
const SPLIT: u16 = 1 << 13;

/// The mark of class `class` queued for levels of parity `parity`.
const fn queued_mark(class: usize, parity: u8) -> u16 {
    1 << (4 + 4 * parity as usize + class)
}

/// The regions of `free` by their lowest cells: the first [`CLASSES`] - 1, then all the
/// others together.
fn regions(geo: &Geometry, free: u64) -> [u64; CLASSES] {
    let mut regions = [0; CLASSES];
    let mut rest = free;
    for region in regions.iter_mut().take(CLASSES - 1) {
        if rest == 0 {
            break;
        }
        *region = geo.flood(rest, rest & rest.wrapping_neg());
        rest &= !*region;
    }
    regions[CLASSES - 1] = rest;
    regions
}

/// The class of the blank on `cell` among `free`.
fn class_of(geo: &Geometry, free: u64, cell: u8) -> usize {
    let mut rest = free;
    for class in 0..CLASSES - 1 {
        if rest == 0 {
            break;
        }
        let region = geo.flood(rest, rest & rest.wrapping_neg());
        if region >> cell & 1 != 0 {
            return class;
        }
        rest &= !region;
    }
    CLASSES - 1
}

/// The breadth-first search of a database too large for [`exact`]'s marks, two bytes
/// a placement: the blank's place is only its class, the region it is in among the
/// first three of the free cells by their lowest cells, or any other (those merged,
/// as if the blank could pass between them: a lower bound of the exact database, and
/// equal to it wherever the free cells form at most four regions). Levels are scans in
/// rank order, as in [`exact`]; a placement's regions are found by flood fills when it
/// is expanded and when it is first reached, and whether it has more than one is
/// remembered.
fn classes<const K: usize>(
    geo: &Geometry,
    tiles: [u8; K],
    blank: usize,
    deadline: Deadline<'_>,
    tally: &Tally,
) -> Result<Vec<u8>, Stop> {
    let n = geo.cells;
    let size = placements(n, K);
    let all = geo.full;
    let mut table = memory::filled(size, UNSET)?;
    let mut marks = memory::filled(size, 0u16)?;
    let around: Vec<u64> = (0..n).map(|c| geo.around(c)).collect();
    let weights = weights(n, K);
    let unranker = Unranker::<K>::new(n);
    let manhattan = Manhattan::new(geo, &tiles);
    let known = |free: u64| {
        let whole = geo.flood(free, free & free.wrapping_neg()) == free;
        KNOWN | if whole { 0 } else { SPLIT }
    };
    {
        let free = all & !tiles.iter().fold(0u64, |m, &c| m | 1 << c);
        let class = class_of(geo, free, blank as u8);
        marks[rank(&tiles, n)] = known(free) | queued_mark(class, 0);
    }
    let mut slot_at = [0u8; 64];
    let mut depth = 0u8;
    // Entries settled and not yet told to the tally, and all told so far.
    let (mut settled, mut told) = (0u64, 0u64);
    loop {
        let (now, then) = (depth % 2, 1 - depth % 2);
        let now_marks = 0xf << (4 + 4 * now);
        let mut any = false;
        for index in 0..size {
            if index % Deadline::EVERY == 0 {
                told += settled;
                tally.add(&mut settled);
            }
            if let Some(stop) = deadline.stop(index) {
                return Err(stop);
            }
            let mut mark = marks[index];
            if mark & now_marks == 0 {
                continue;
            }
            any = true;
            let cells = unranker.cells(index);
            let taken = cells.iter().fold(0u64, |m, &c| m | 1 << c);
            let free = all & !taken;
            let regions = regions(geo, free);
            let mut expand = 0;
            // A class queued here is not expanded yet: expanding it clears its other
            // parity's mark, and a child's class already expanded is not queued (below).
            for (class, &region) in regions.iter().enumerate() {
                if mark & queued_mark(class, now) != 0 {
                    expand |= region;
                    mark = (mark | 1 << class) & !queued_mark(class, then);
                }
            }
            marks[index] = mark & !now_marks;
            if expand == 0 {
                continue;
            }
            if table[index] == UNSET {
                table[index] = (depth - manhattan.of(&cells)) / 2;
                settled += 1;
            }
            for (t, &c) in cells.iter().enumerate() {
                slot_at[usize::from(c)] = t as u8;
            }
            for (t, &from) in cells.iter().enumerate() {
                let mut into = around[usize::from(from)] & expand;
                while into != 0 {
                    let to = into.trailing_zeros() as u8;
                    into &= into - 1;
                    let child =
                        (index as isize + shift(&weights, &slot_at, taken, t, from, to)) as usize;
                    let mut mark = marks[child];
                    let class = if mark & (KNOWN | SPLIT) == KNOWN {
                        0
                    } else {
                        let free = free ^ (1 << to) ^ (1 << from);
                        mark |= known(free);
                        class_of(geo, free, from)
                    };
                    if mark & (1 << class) == 0 {
                        mark |= queued_mark(class, then);
                    }
                    marks[child] = mark;
                }
            }
        }
        if !any {
            // The placements never reached count as settled too.
            tally.add(&mut (size as u64 - told));
            return Ok(table);
        }
        depth += 1;
    }
}

/// The Manhattan distances of a group's tiles from each cell to their goal cells.
struct Manhattan<const K: usize> {
    /// `distance[i * 64 + cell]`.
    distance: Vec<u8>,
}

impl<const K: usize> Manhattan<K> {
    fn new(geo: &Geometry, tiles: &[u8; K]) -> Manhattan<K> {
        let mut distance = vec![0u8; K * 64];
        for (i, &tile) in tiles.iter().enumerate() {
            let (gr, gc) = geo.place(usize::from(tile));
            for cell in 0..geo.cells {
                let (r, c) = geo.place(cell);
                distance[i * 64 + cell] = (gr.abs_diff(r) + gc.abs_diff(c)) as u8;
            }
        }
        Manhattan { distance }
    }

    /// The distance of the placement `cells`.
    #[inline(always)]
    fn of(&self, cells: &[u8; K]) -> u8 {
        (0..K)
            .map(|i| self.distance[i * 64 + usize::from(cells[i])])
            .sum()
    }
}

/// The exact breadth-first search, by levels. Per placement, two masks of cells side
/// by side (one cache line): the cells of its regions expanded, and the cells the
/// blank is queued on; and per level a bitmap of the placements with queued cells,
/// which the level walks in rank order (the children of a placement lie a few fixed
/// strides away, so the walk reads and writes a few streams rather than at random).
///
/// A child is never a placement of the level being expanded: a move takes one tile to
/// a cell of the other colour of the chessboard, so the tiles' count on black cells
/// changes parity at each level, and a placement is reached only at levels of one
/// parity. (A list of children waiting for the level's end was kept here, with checks
/// of whether the child's bit was still to come in the level: no test could tell it
/// from none, and this is why.)
fn exact<W: Mask, const K: usize>(
    geo: &Geometry,
    tiles: [u8; K],
    blank: usize,
    deadline: Deadline<'_>,
    tally: &Tally,
) -> Result<Vec<u8>, Stop> {
    let n = geo.cells;
    let size = placements(n, K);
    let all = geo.full;
    let mut table = memory::filled(size, UNSET)?;
    // Per placement: [cells of expanded regions, cells queued].
    let mut marks = memory::filled(size, [W::default(); 2])?;
    let words = size.div_ceil(64);
    let mut pending = [memory::filled(words, 0u64)?, memory::filled(words, 0u64)?];
    let start = rank(&tiles, n);
    marks[start][1] = W::from_bits(1 << blank);
    pending[0][start / 64] |= 1 << (start % 64);
    let around: Vec<u64> = (0..n).map(|c| geo.around(c)).collect();
    let weights = weights(n, K);
    let unranker = Unranker::<K>::new(n);
    let manhattan = Manhattan::new(geo, &tiles);
    let mut slot_at = [0u8; 64];
    let mut depth = 0u8;
    // Entries settled and not yet told to the tally, and all told so far.
    let (mut settled, mut told) = (0u64, 0u64);
    loop {
        let now = usize::from(depth % 2);
        let (current, next) = {
            let [even, odd] = &mut pending;
            if now == 0 { (even, odd) } else { (odd, even) }
        };
        let mut any = false;
        for (word, level_bits) in current.iter_mut().enumerate() {
            if word * 64 % Deadline::EVERY == 0 {
                told += settled;
                tally.add(&mut settled);
            }
            if let Some(stop) = deadline.stop(word * 64) {
                return Err(stop);
            }
            let mut bits = *level_bits;
            if bits == 0 {
                continue;
            }
            any = true;
            *level_bits = 0;
            while bits != 0 {
                let index = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let [done, queued] = marks[index];
                let (mut done, mut fresh) = (done.bits(), queued.bits() & !done.bits());
                if fresh == 0 {
                    continue;
                }
                let cells = unranker.cells(index);
                if table[index] == UNSET {
                    table[index] = (depth - manhattan.of(&cells)) / 2;
                    settled += 1;
                }
                let taken = cells.iter().fold(0u64, |m, &c| m | 1 << c);
                let free = all & !taken;
                for (t, &c) in cells.iter().enumerate() {
                    slot_at[usize::from(c)] = t as u8;
                }
                while fresh != 0 {
                    let region = geo.flood(free, fresh & fresh.wrapping_neg());
                    fresh &= !region;
                    done |= region;
                    for (t, &from) in cells.iter().enumerate() {
                        let mut into = around[usize::from(from)] & region;
                        while into != 0 {
                            let to = into.trailing_zeros() as u8;
                            into &= into - 1;
                            let child = (index as isize
                                + shift(&weights, &slot_at, taken, t, from, to))
                                as usize;
                            // The blank takes the cell the tile left: queued there
                            // unless that cell's region is expanded or queued already.
                            let [cdone, cqueued] = marks[child];
                            if (cdone.bits() | cqueued.bits()) >> from & 1 == 0 {
                                marks[child][1] = W::from_bits(cqueued.bits() | 1 << from);
                                next[child / 64] |= 1 << (child % 64);
                            }
                        }
                    }
                }
                marks[index] = [W::from_bits(done), W::default()];
            }
        }
        if !any {
            // The placements never reached count as settled too.
            tally.add(&mut (size as u64 - told));
            return Ok(table);
        }
        depth += 1;
    }
}

/// The symmetries of a board's shape, as cell maps: the 8 of the square, or the 4 of a
/// rectangle; the identity first.
fn symmetries(geo: &Geometry) -> Vec<Vec<u8>> {
    let (rows, cols) = (geo.rows, geo.cols);
    let square = rows == cols;
    let mut maps = Vec::new();
    for transpose in [false, true] {
        if transpose && !square {
            continue;
        }
        for flip_rows in [false, true] {
            for flip_cols in [false, true] {
                let map = (0..geo.cells)
                    .map(|cell| {
                        let (mut r, mut c) = geo.place(cell);
                        if transpose {
                            (r, c) = (c, r);
                        }
                        if flip_rows {
                            r = rows - 1 - r;
                        }
                        if flip_cols {
                            c = cols - 1 - c;
                        }
                        (r * cols + c) as u8
                    })
                    .collect();
                maps.push(map);
            }
        }
    }
    maps
}

/// A group of the partition: its tiles, and the table it is looked up in, through a
/// symmetry of the board.
#[derive(Debug)]
pub(crate) struct Group {
    /// Its tiles (their goal cells), in the order of the table's tiles under `map`.
    pub(crate) tiles: Vec<u8>,
    /// The table.
    pub(crate) table: usize,
    /// Where a cell of this group's placements is in the table's.
    pub(crate) map: Vec<u8>,
}

/// The databases of one board shape and blank's goal cell, with what a search needs to
/// look them up.
#[derive(Debug)]
pub(crate) struct Databases {
    pub(crate) tables: Vec<Table>,
    pub(crate) groups: Vec<Group>,
    /// The group of each tile (by label), and its place in the group's order.
    pub(crate) group_of: Vec<u8>,
    pub(crate) slot_of: Vec<u8>,
    /// The symmetry looked up through a second time (cells and labels alike).
    pub(crate) reflection: Option<Vec<u8>>,
    /// How every table lays out its entries.
    pub(crate) layout: Layout,
}

impl Databases {
    /// Builds the databases of a board of shape `geo` whose blank's goal cell is
    /// `blank`, each table on a thread of its own. A group that a symmetry of the board
    /// maps onto an earlier one (with the blank's goal in the same region of the free
    /// cells) is looked up in that one's table.
    #[cfg(test)]
    pub(crate) fn build(geo: &Geometry, blank: usize) -> Databases {
        Databases::build_of(geo, blank, Partition::Standard)
    }

    /// As [`Databases::build`], of the partition `set`.
    #[cfg(test)]
    pub(crate) fn build_of(geo: &Geometry, blank: usize, set: Partition) -> Databases {
        Databases::build_by(geo, (blank, set), Deadline::NEVER, &Watch::NONE, None)
            .expect("no deadline to miss, memory enough")
    }

    /// As [`Databases::build`], every table laid out by rank (which only the larger
    /// sets take otherwise).
    #[cfg(test)]
    pub(crate) fn build_ranked(geo: &Geometry, blank: usize) -> Databases {
        let (owners, groups) = Databases::layout(geo, (blank, Partition::Standard));
        Databases::build_as(
            (geo, blank, Layout::Rank),
            (owners, groups),
            Deadline::NEVER,
            &Tally::none(),
            None,
        )
        .expect("no deadline to miss, memory enough")
    }

    /// The layout of the tables of `owners` on `geo`.
    fn layout_of(geo: &Geometry, owners: &[Vec<u8>]) -> Layout {
        Layout::of(geo.cells, owners.iter().map(Vec::len))
    }

    /// The placements of the tables [`Databases::build_by`] would build (the states of
    /// their breadth-first searches; a table lays them out in more entries).
    pub(crate) fn entries(geo: &Geometry, (blank, set): (usize, Partition)) -> u64 {
        let (owners, _) = Databases::layout(geo, (blank, set));
        owners
            .iter()
            .map(|tiles| placements(geo.cells, tiles.len()) as u64)
            .sum()
    }

    /// What building the databases costs, in positions of an IDA* search with the
    /// Manhattan distance that take the same time: each table's placements times
    /// [`BUILD_COST_EXACT`] or [`BUILD_COST_CLASSES`].
    pub(crate) fn build_cost(geo: &Geometry, (blank, set): (usize, Partition)) -> u64 {
        let (owners, _) = Databases::layout(geo, (blank, set));
        owners
            .iter()
            .map(|tiles| {
                let per = if marks_fit(geo.cells, tiles.len()) {
                    BUILD_COST_EXACT
                } else {
                    BUILD_COST_CLASSES
                };
                placements(geo.cells, tiles.len()) as u64 * per
            })
            .sum()
    }

    /// The names of the tables [`Databases::build_by`] would build and their bytes (see
    /// [`TableStore`]), in order.
    pub(crate) fn kept(geo: &Geometry, (blank, set): (usize, Partition)) -> Vec<(String, usize)> {
        let (owners, _) = Databases::layout(geo, (blank, set));
        let layout = Databases::layout_of(geo, &owners);
        Databases::names(geo, (blank, set))
            .into_iter()
            .zip(&owners)
            .map(|(name, tiles)| (name, layout.entries(geo.cells, tiles.len()).div_ceil(2)))
            .collect()
    }

    /// The names of the tables [`Databases::build_by`] would build (see
    /// [`TableStore`]), in order.
    pub(crate) fn names(geo: &Geometry, (blank, set): (usize, Partition)) -> Vec<String> {
        let (owners, _) = Databases::layout(geo, (blank, set));
        let layout = Databases::layout_of(geo, &owners);
        owners
            .iter()
            .map(|tiles| {
                let exact = marks_fit(geo.cells, tiles.len());
                table_name((geo.rows, geo.cols), blank, tiles, exact, layout.word())
            })
            .collect()
    }

    /// The groups of the partition, and the groups whose tables are built (the others
    /// are looked up in theirs through a symmetry).
    fn layout(geo: &Geometry, (blank, set): (usize, Partition)) -> (Vec<Vec<u8>>, Vec<Group>) {
        // A blank goal cell off the board is a caller's mistake, and a table built for
        // it would have no blank to move (its build would never end): refused here,
        // before anything is counted, named or built.
        assert!(
            blank < geo.cells,
            "the blank's goal cell {blank} is off the {} x {} board",
            geo.rows,
            geo.cols
        );
        share(geo, blank, partition(geo, blank, set).into_iter())
    }

    /// As `Databases::build` (the tests' form), giving up once `deadline` has passed or
    /// an allocation fails. A table whose thread cannot start is built on this one, after
    /// the others. `watch` is told the entries settled, of [`Databases::entries`].
    pub(crate) fn build_by(
        geo: &Geometry,
        (blank, set): (usize, Partition),
        deadline: Deadline<'_>,
        watch: &Watch,
        store: Option<&dyn TableStore>,
    ) -> Result<Databases, Stop> {
        let tally = &Tally::new(watch.clone(), Databases::entries(geo, (blank, set)));
        let (owners, groups) = Databases::layout(geo, (blank, set));
        let layout = Databases::layout_of(geo, &owners);
        Databases::build_as(
            (geo, blank, layout),
            (owners, groups),
            deadline,
            tally,
            store,
        )
    }

    /// [`Databases::build_by`] of the tables of `owners`, laid out as `layout` says,
    /// looked up by `groups`.
    fn build_as(
        (geo, blank, layout): (&Geometry, usize, Layout),
        (owners, groups): (Vec<Vec<u8>>, Vec<Group>),
        deadline: Deadline<'_>,
        tally: &Tally,
        store: Option<&dyn TableStore>,
    ) -> Result<Databases, Stop> {
        let tables: Result<Vec<Table>, Stop> = std::thread::scope(|scope| {
            let handles: Vec<_> = owners
                .iter()
                .map(|tiles| {
                    let what = (&tiles[..], blank, layout);
                    let build = move || Table::build_by(geo, what, deadline, tally, store);
                    (
                        std::thread::Builder::new().spawn_scoped(scope, build).ok(),
                        tiles,
                    )
                })
                .collect();
            handles
                .into_iter()
                .map(|(handle, tiles)| match handle {
                    Some(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
                    None => Table::build_by(geo, (tiles, blank, layout), deadline, tally, store),
                })
                .collect()
        });
        let tables = tables?;
        let mut group_of = vec![u8::MAX; geo.cells];
        let mut slot_of = vec![u8::MAX; geo.cells];
        for (g, group) in groups.iter().enumerate() {
            for (s, &tile) in group.tiles.iter().enumerate() {
                group_of[usize::from(tile)] = g as u8;
                slot_of[usize::from(tile)] = s as u8;
            }
        }
        Ok(Databases {
            tables,
            groups,
            group_of,
            slot_of,
            reflection: reflection(geo, blank),
            layout,
        })
    }

    /// Bytes the tables take.
    pub(crate) fn bytes(&self) -> usize {
        self.tables.iter().map(|t| t.nibbles.len()).sum()
    }
}

/// The tables that `groups` (of goal cells, on a board of shape `geo` whose blank's
/// goal cell is `blank`) need, by their tiles, and each group with its table: a group
/// that a symmetry of the board maps onto an earlier table's tiles (with the blank's
/// goal in the same region of the free cells) is looked up in that table.
pub(crate) fn share(
    geo: &Geometry,
    blank: usize,
    groups: impl Iterator<Item = Vec<u8>>,
) -> (Vec<Vec<u8>>, Vec<Group>) {
    let symmetries = symmetries(geo);
    let mut owners: Vec<Vec<u8>> = Vec::new();
    let mut shared = Vec::new();
    for cells in groups {
        let found = owners.iter().enumerate().find_map(|(t, owner)| {
            symmetries
                .iter()
                .find(|map| maps_onto(geo, map, &cells, owner, blank))
                .map(|map| (t, map))
        });
        let (table, map) = match found {
            Some((t, map)) => (t, map.clone()),
            None => {
                owners.push(cells.clone());
                (owners.len() - 1, symmetries[0].clone())
            }
        };
        // Order the group's tiles as the table's under the map.
        let owner = &owners[table];
        let tiles = owner
            .iter()
            .map(|&t| {
                *cells
                    .iter()
                    .find(|&&c| map[usize::from(c)] == t)
                    .expect("the map takes the group onto the table's tiles")
            })
            .collect();
        shared.push(Group { tiles, table, map });
    }
    (owners, shared)
}

/// Whether `map` takes the cells of `group` onto those of `owner` and keeps the
/// blank's goal cell in its region of the cells `owner` leaves free: then the group's
/// database is the owner's, looked up through `map`.
fn maps_onto(geo: &Geometry, map: &[u8], group: &[u8], owner: &[u8], blank: usize) -> bool {
    let mask = |cells: &mut dyn Iterator<Item = u8>| cells.fold(0u64, |m, c| m | 1 << c);
    let image = mask(&mut group.iter().map(|&c| map[c as usize]));
    let owned = mask(&mut owner.iter().copied());
    if image != owned {
        return false;
    }
    let region = geo.flood(geo.full & !owned, 1 << blank);
    region >> map[blank] & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    const NEVER: Deadline<'_> = Deadline::NEVER;

    #[test]
    fn a_large_table_is_mapped_and_a_small_one_on_the_heap_both_zeroed() {
        let large = Nibbles::zeroed(Nibbles::MAP_FROM).unwrap();
        assert!(matches!(large, Nibbles::Mapped(_)));
        let small = Nibbles::zeroed(Nibbles::MAP_FROM - 1).unwrap();
        assert!(matches!(small, Nibbles::Heap(_)));
        for (bytes, len) in [(large, Nibbles::MAP_FROM), (small, Nibbles::MAP_FROM - 1)] {
            assert_eq!(bytes.len(), len);
            assert!(bytes.iter().all(|&b| b == 0));
        }
        // Written through, read back.
        let mut large = Nibbles::zeroed(Nibbles::MAP_FROM).unwrap();
        large[Nibbles::MAP_FROM - 1] = 0xa5;
        assert_eq!(large[Nibbles::MAP_FROM - 1], 0xa5);
    }

    /// A passed deadline stops a build, and so does a raised halt flag (before the
    /// time, which it outranks); a flag not raised stops nothing.
    #[test]
    fn a_passed_deadline_or_a_raised_flag_stops_a_build() {
        let geo = Geometry::new(4, 4);
        let past = Deadline::at(Some(Instant::now()));
        let raised = AtomicBool::new(true);
        let lowered = AtomicBool::new(false);
        for (deadline, stop) in [
            (past, Stop::Time),
            (Deadline::NEVER.halting_on(Some(&raised)), Stop::Halted),
            (past.halting_on(Some(&raised)), Stop::Halted),
            (past.halting_on(Some(&lowered)), Stop::Time),
        ] {
            let group = (&[1, 4, 5, 8, 9][..], 0, Layout::Spread);
            let table = Table::build_by(&geo, group, deadline, &Tally::none(), None);
            assert_eq!(table.err(), Some(stop));
            let which = (0, Partition::Standard);
            let built = Databases::build_by(&geo, which, deadline, &Watch::NONE, None);
            assert_eq!(built.err(), Some(stop));
        }
        let group = (&[1, 2][..], 0, Layout::Spread);
        let free = Deadline::NEVER.halting_on(Some(&lowered));
        assert!(Table::build_by(&geo, group, free, &Tally::none(), None).is_ok());
        assert_eq!(
            Databases::entries(&geo, (0, Partition::Standard)),
            2 * 5_765_760 + 3360
        );
        assert_eq!(
            Databases::entries(&geo, (0, Partition::Large)),
            57_657_600 + 518_918_400
        );
    }

    #[test]
    fn ranks_cover_the_placements() {
        let n = 5;
        let mut seen = vec![false; placements(n, 3)];
        for a in 0..n as u8 {
            for b in (0..n as u8).filter(|&b| b != a) {
                for c in (0..n as u8).filter(|&c| c != a && c != b) {
                    let r = rank(&[a, b, c], n);
                    assert!(!seen[r]);
                    seen[r] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn partitions_cover_every_tile_once() {
        for (rows, cols) in [(4, 4), (5, 5), (3, 3), (2, 5), (2, 2), (3, 4)] {
            let geo = Geometry::new(rows, cols);
            for blank in 0..geo.cells {
                for set in [Partition::Standard, Partition::Large] {
                    let mut tiles: Vec<u8> = partition(&geo, blank, set).concat();
                    tiles.sort_unstable();
                    let expected: Vec<u8> = (0..geo.cells as u8)
                        .filter(|&c| usize::from(c) != blank)
                        .collect();
                    assert_eq!(tiles, expected, "{rows} x {cols}, blank {blank}, {set:?}");
                }
            }
        }
    }

    #[test]
    fn the_large_partition_is_7_8_on_4_x_4_and_larger_groups_elsewhere() {
        let geo = Geometry::new(4, 4);
        let large = partition(&geo, 0, Partition::Large);
        assert_eq!(
            large,
            [
                vec![1, 2, 3, 4, 5, 6, 7],
                vec![8, 9, 10, 11, 12, 13, 14, 15]
            ]
        );
        // Blank bottom right: the rows turned round, the blank's cell given the corner's.
        let turned = partition(&geo, 15, Partition::Large);
        assert_eq!(
            turned,
            [vec![14, 13, 12, 11, 10, 9, 8], vec![7, 6, 5, 4, 3, 2, 1, 0]]
        );
        let (owners, _) = Databases::layout(&geo, (0, Partition::Large));
        assert_eq!(Databases::layout_of(&geo, &owners), Layout::Rank);
        let standard = Databases::names(&geo, (0, Partition::Standard));
        let names = Databases::names(&geo, (0, Partition::Large));
        assert_eq!(names.len(), 2);
        assert!(
            names
                .iter()
                .all(|n| n.contains("-rank-") && !standard.contains(n))
        );
        let kept = Databases::kept(&geo, (0, Partition::Large));
        assert_eq!(kept[1].1, 518_918_400 / 2);
        assert_eq!(
            Databases::build_cost(&geo, (0, Partition::Large)),
            (57_657_600 + 518_918_400) * BUILD_COST_CLASSES
        );
        // The 24-puzzle's are the standard ones for now; other shapes group up to 8
        // tiles and 2^26 placements.
        let geo = Geometry::new(5, 5);
        assert_eq!(
            partition(&geo, 0, Partition::Large),
            partition(&geo, 0, Partition::Standard)
        );
        let sizes = |rows, cols, set| -> Vec<usize> {
            let geo = Geometry::new(rows, cols);
            partition(&geo, geo.cells - 1, set)
                .iter()
                .map(Vec::len)
                .collect()
        };
        assert_eq!(sizes(3, 3, Partition::Large), [8]);
        assert_eq!(sizes(3, 3, Partition::Standard), [4, 4]);
        assert_eq!(sizes(3, 4, Partition::Large), [8, 3]);
        assert_eq!(
            sizes(4, 6, Partition::Large),
            [5, 5, 5, 5, 3],
            "24P6 is over 2^26"
        );
    }

    #[test]
    fn every_shape_s_partition_fits_the_search() {
        for rows in 2..=16 {
            for cols in 2..=16 {
                if rows * cols > MAX_PDB_CELLS {
                    continue;
                }
                let geo = Geometry::new(rows, cols);
                let groups = partition(&geo, geo.cells - 1, Partition::Standard);
                assert!(groups.len() <= MAX_GROUPS, "{rows} x {cols}");
                for group in &groups {
                    assert!(!group.is_empty() && group.len() <= MAX_GROUP);
                    assert!(placements(geo.cells, group.len()) <= placements(25, 6));
                    // Spread indices fit the search's `u32`.
                    assert!(geo.cells.pow(group.len() as u32) <= 25usize.pow(6));
                }
                // The large groups' ranks fit it too (the 7-8 of 4 x 4: 518,918,400;
                // 5 x 5: its 6-6-6-6 for now).
                let groups = partition(&geo, geo.cells - 1, Partition::Large);
                assert!(groups.len() <= MAX_GROUPS, "{rows} x {cols}");
                let most = match (rows, cols) {
                    (4, 4) => placements(16, 8),
                    (5, 5) => placements(25, 6),
                    _ => MAX_LARGE_ENTRIES,
                };
                for group in &groups {
                    assert!(!group.is_empty() && group.len() <= MAX_GROUP);
                    assert!(
                        placements(geo.cells, group.len()) <= most,
                        "{rows} x {cols}"
                    );
                }
            }
        }
    }

    #[test]
    fn reflections_fix_the_blank() {
        let geo = Geometry::new(4, 4);
        for blank in 0..16 {
            if let Some(map) = reflection(&geo, blank) {
                assert_eq!(usize::from(map[blank]), blank);
                for cell in 0..16 {
                    assert_eq!(usize::from(map[usize::from(map[cell])]), cell);
                }
            }
        }
        assert!(reflection(&geo, 1).is_none());
        assert!(reflection(&Geometry::new(2, 3), 5).is_none());
        // The smallest square with a reflection is 2 x 2; one cell has nothing to
        // reflect.
        assert!(reflection(&Geometry::new(1, 1), 0).is_none());
        let square = Geometry::new(2, 2);
        assert_eq!(reflection(&square, 0), Some(vec![0, 2, 1, 3]));
        assert_eq!(reflection(&square, 1), Some(vec![3, 1, 2, 0]));
    }

    #[test]
    fn a_lone_tile_costs_its_manhattan_distance() {
        // With one tile in the group, the blank helps for free: the entry is the
        // Manhattan distance of the tile, wherever the blank is.
        let geo = Geometry::new(3, 3);
        let db = Table::build(&geo, &[4], 8, Layout::Spread);
        for cell in 0..9u8 {
            assert_eq!(db.at(&[cell], 9), 0);
        }
    }

    #[test]
    fn shifts_follow_the_ranks() {
        let n = 9;
        let weights = weights(n, 3);
        for index in 0..placements(n, 3) {
            let cells = unrank::<3>(index, n);
            let taken = cells.iter().fold(0u64, |m, &c| m | 1 << c);
            let mut slot_at = [0u8; 64];
            for (i, &c) in cells.iter().enumerate() {
                slot_at[usize::from(c)] = i as u8;
            }
            for i in 0..3 {
                for to in (0..n as u8).filter(|&c| taken >> c & 1 == 0) {
                    let mut moved = cells;
                    moved[i] = to;
                    let delta = shift(&weights, &slot_at, taken, i, cells[i], to);
                    assert_eq!(rank(&moved, n) as isize, index as isize + delta);
                }
            }
        }
    }

    #[test]
    fn unrank_inverts_rank() {
        for index in 0..placements(7, 3) {
            assert_eq!(rank(&unrank::<3>(index, 7), 7), index);
        }
        let unranker = Unranker::<5>::new(9);
        for index in 0..placements(9, 5) {
            assert_eq!(unranker.cells(index), unrank::<5>(index, 9));
        }
        let unranker = Unranker::<1>::new(4);
        for index in 0..4 {
            assert_eq!(unranker.cells(index), [index as u8]);
        }
    }

    /// What a build tells its tally's watcher: the entries settled so far.
    #[derive(Debug, Default)]
    struct Told(std::sync::Mutex<Vec<u64>>);

    impl grid_core::progress::Progress for Told {
        fn building(&self, done: u64, _total: u64) {
            self.0.lock().unwrap().push(done);
        }
    }

    /// Each build tells the tally what it settled at the start of each level (the
    /// level before's entries) and the rest at its end: a count that grows to exactly
    /// its placements, in a few tellings (10 here). The tally's total is twice that,
    /// as when another table is built beside it, so that nothing told is clipped.
    #[test]
    fn builds_tell_the_tally_each_level_and_their_placements_in_all() {
        let geo = Geometry::new(3, 3);
        let size = placements(9, 3) as u64;
        type Build = fn(&Geometry, [u8; 3], usize, Deadline<'_>, &Tally) -> Result<Vec<u8>, Stop>;
        let builds: [(&str, Build); 3] = [
            ("exact u16", exact::<u16, 3>),
            ("exact u32", exact::<u32, 3>),
            ("classes", classes::<3>),
        ];
        for (name, build) in builds {
            let told = std::sync::Arc::new(Told::default());
            let tally = Tally::new(Watch::new(told.clone()), 2 * size);
            build(&geo, [1, 3, 5], 8, NEVER, &tally).unwrap();
            let told = told.0.lock().unwrap().clone();
            assert!(told.windows(2).all(|w| w[0] < w[1]), "{name}: {told:?}");
            assert_eq!(told.last(), Some(&size), "{name}: {told:?}");
            assert!((3..=40).contains(&told.len()), "{name}: {told:?}");
        }
    }

    #[test]
    fn classes_are_exact_up_to_four_regions_and_a_bound_beyond() {
        // Four tiles on 2 x 5, or three on 3 x 3, make at most four regions.
        for (rows, cols, blank) in [(2, 5, 9), (2, 5, 0)] {
            let geo = Geometry::new(rows, cols);
            let whole = exact::<u16, 4>(&geo, [1, 2, 3, 4], blank, NEVER, &Tally::none()).unwrap();
            assert_eq!(
                classes::<4>(&geo, [1, 2, 3, 4], blank, NEVER, &Tally::none()).unwrap(),
                whole
            );
            assert!(whole.iter().all(|&e| e != UNSET));
        }
        let geo = Geometry::new(3, 3);
        let whole = exact::<u16, 3>(&geo, [1, 3, 5], 8, NEVER, &Tally::none()).unwrap();
        assert_eq!(
            classes::<3>(&geo, [1, 3, 5], 8, NEVER, &Tally::none()).unwrap(),
            whole
        );
        // Four on 3 x 3 can make five (a plus of tiles leaves the four corners and the
        // middle apart).
        let whole = exact::<u16, 4>(&geo, [1, 3, 5, 7], 8, NEVER, &Tally::none()).unwrap();
        let merged = classes::<4>(&geo, [1, 3, 5, 7], 8, NEVER, &Tally::none()).unwrap();
        assert!(whole.iter().zip(&merged).all(|(e, m)| e >= m));
        assert_ne!(whole, merged);
        // Five on 4 x 4 can make five.
        let geo = Geometry::new(4, 4);
        let tiles = [1, 4, 5, 8, 9];
        let whole = exact::<u16, 5>(&geo, tiles, 0, NEVER, &Tally::none()).unwrap();
        let merged = classes::<5>(&geo, tiles, 0, NEVER, &Tally::none()).unwrap();
        assert!(whole.iter().zip(&merged).all(|(e, m)| e >= m));
        let differ = whole.iter().zip(&merged).filter(|(e, m)| e != m).count();
        assert!(differ * 100 < whole.len(), "{differ} of {}", whole.len());
    }

    /// A build looks at the clock and the halt flag once every [`Deadline::EVERY`]
    /// placements, from the first: a deadline already reached or a flag raised is seen
    /// there and only there; no deadline, never.
    #[test]
    fn a_deadline_is_looked_at_every_so_many_placements() {
        let reached = Deadline::at(Some(Instant::now()));
        let raised = AtomicBool::new(true);
        let flagged = Deadline::NEVER.halting_on(Some(&raised));
        let every = Deadline::EVERY;
        for (step, looked) in [(0, true), (1, false), (every - 1, false), (every, true)] {
            for at in [step, step + 2 * every] {
                assert_eq!(reached.stop(at), looked.then_some(Stop::Time), "{at}");
                assert_eq!(flagged.stop(at), looked.then_some(Stop::Halted), "{at}");
                assert_eq!(NEVER.stop(at), None);
            }
        }
    }

    /// Each group is built exactly while its marks fit, in the narrow masks on boards
    /// of up to 16 cells: the 15-puzzle's groups of six exactly and of seven by classes,
    /// the 24-puzzle's of five exactly and of six by classes, and on 4 x 5 (27.9
    /// million placements of six: their six bytes of marks would fit, their twelve do
    /// not) six by classes.
    #[test]
    fn a_group_is_built_exactly_while_its_marks_fit() {
        for (n, k, build) in [
            (16, 6, Build::Narrow),
            (16, 7, Build::Classes),
            (25, 4, Build::Wide),
            (25, 5, Build::Wide),
            (25, 6, Build::Classes),
            (20, 5, Build::Wide),
            (20, 6, Build::Classes),
        ] {
            assert_eq!(build_of(n, k), build, "{k} tiles on {n} cells");
            assert_eq!(marks_fit(n, k), build != Build::Classes);
        }
    }

    /// The exact build's wide masks (boards of 17 to 32 cells) mark as the narrow ones
    /// do: the same entries on a board both hold, and on a 3 x 6 board those of the
    /// classes of three tiles (which make at most four regions there: exact).
    #[test]
    fn wide_masks_build_what_narrow_ones_do() {
        let geo = Geometry::new(2, 5);
        let narrow = exact::<u16, 4>(&geo, [1, 2, 3, 4], 9, NEVER, &Tally::none()).unwrap();
        let wide = exact::<u32, 4>(&geo, [1, 2, 3, 4], 9, NEVER, &Tally::none()).unwrap();
        assert_eq!(wide, narrow);
        let geo = Geometry::new(3, 6);
        let wide = exact::<u32, 3>(&geo, [1, 8, 15], 0, NEVER, &Tally::none()).unwrap();
        assert!(wide.iter().any(|&e| e > 0) && wide.iter().all(|&e| e != UNSET));
        let merged = classes::<3>(&geo, [1, 8, 15], 0, NEVER, &Tally::none()).unwrap();
        assert_eq!(merged, wide);
    }

    #[test]
    fn each_placement_s_entry_sits_at_its_spread_index_or_its_rank() {
        // A group of three on 4 x 4 (3,360 placements) and one of two on 2 x 3: every
        // placement's half excess (capped) is read at its spread index, and every
        // index with a cell twice holds zero; laid out by rank, at its rank, in a
        // table of one entry a placement.
        fn check<const K: usize>(rows: usize, cols: usize, tiles: [u8; K]) {
            let geo = Geometry::new(rows, cols);
            let n = geo.cells;
            let table = Table::build(&geo, &tiles, 0, Layout::Spread);
            let ranked = Table::build(&geo, &tiles, 0, Layout::Rank);
            let entries = 2 * placements(n, K).div_ceil(2);
            assert_eq!(format!("{ranked:?}"), format!("Table({entries} entries)"));
            let excess = exact::<u16, K>(&geo, tiles, 0, NEVER, &Tally::none()).unwrap();
            assert_eq!(excess.len(), placements(n, K));
            assert_eq!(ranked.nibbles.len(), placements(n, K).div_ceil(2));
            assert_eq!(table.nibbles.len(), n.pow(K as u32).div_ceil(2));
            let mut seen = vec![false; n.pow(K as u32)];
            for (index, &e) in excess.iter().enumerate() {
                let cells = unrank::<K>(index, n);
                assert_eq!(table.at(&cells, n), e.min(MAX_EXCESS), "{cells:?}");
                assert_eq!(rank(&cells, n), index);
                assert_eq!(ranked.get(index), e.min(MAX_EXCESS), "{cells:?}");
                assert_eq!(ranked.at(&cells, n), e.min(MAX_EXCESS), "{cells:?}");
                seen[spread(&cells, n)] = true;
            }
            assert!(K == 1 || excess.iter().any(|&e| e > 0));
            for (index, seen) in seen.iter().enumerate() {
                if !seen {
                    assert_eq!(table.get(index), 0, "{index}");
                }
            }
        }
        check(4, 4, [1, 4, 6]);
        check(2, 3, [2, 4]);
        // An odd number of placements (one tile on 3 x 3: 9): the last one's in the low
        // half of the last byte.
        check(3, 3, [4]);
    }

    #[test]
    fn tables_too_large_by_spread_index_are_all_laid_out_by_rank() {
        // 6 tiles on 25 cells are the largest by spread index; 7 on 16 are over it.
        assert_eq!(Layout::of(25, [6, 6, 6, 6].into_iter()), Layout::Spread);
        assert_eq!(Layout::of(16, [6, 6, 3].into_iter()), Layout::Spread);
        assert_eq!(Layout::of(16, [7, 8].into_iter()), Layout::Rank);
        assert_eq!(Layout::of(16, [3, 7].into_iter()), Layout::Rank);
        assert_eq!(Layout::of(25, [7, 6].into_iter()), Layout::Rank);
        assert_eq!(
            Layout::of(64, [20].into_iter()),
            Layout::Rank,
            "n^k overflows"
        );
        assert_eq!(Layout::Spread.entries(16, 6), 1 << 24);
        assert_eq!(Layout::Rank.entries(16, 6), 5_765_760);
        assert_eq!(Layout::MAX_SPREAD, 25usize.pow(6));
    }

    /// A set's bytes are its tables' entries at two a byte (four bits an entry), an
    /// odd count rounded up: what a solver holding it reports.
    #[test]
    fn a_sets_bytes_are_its_tables_entries_at_two_a_byte() {
        for (rows, cols) in [(3, 3), (3, 4), (2, 5)] {
            let geo = Geometry::new(rows, cols);
            let dbs = Databases::build(&geo, 0);
            let (owners, _) = Databases::layout(&geo, (0, Partition::Standard));
            let halves: usize = owners
                .iter()
                .map(|tiles| dbs.layout.entries(geo.cells, tiles.len()).div_ceil(2))
                .sum();
            assert!(halves > 0);
            assert_eq!(dbs.bytes(), halves, "{rows} x {cols}");
        }
    }

    /// The symmetries of a board are its maps onto itself: the identity first, then
    /// the flips of the columns, of the rows and of both (in that order), and on a
    /// square board the same four after a transpose; written out here on 3 x 4 and
    /// 3 x 3.
    #[test]
    fn the_symmetries_are_the_flips_and_the_transposes_of_the_board() {
        let rect: Vec<Vec<u8>> = vec![
            (0..12).collect(),
            vec![3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8],
            vec![8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3],
            (0..12).rev().collect(),
        ];
        assert_eq!(symmetries(&Geometry::new(3, 4)), rect);
        let square: Vec<Vec<u8>> = vec![
            (0..9).collect(),
            vec![2, 1, 0, 5, 4, 3, 8, 7, 6],
            vec![6, 7, 8, 3, 4, 5, 0, 1, 2],
            (0..9).rev().collect(),
            vec![0, 3, 6, 1, 4, 7, 2, 5, 8],
            vec![2, 5, 8, 1, 4, 7, 0, 3, 6],
            vec![6, 3, 0, 7, 4, 1, 8, 5, 2],
            vec![8, 5, 2, 7, 4, 1, 6, 3, 0],
        ];
        assert_eq!(symmetries(&Geometry::new(3, 3)), square);
    }

    #[test]
    fn a_group_looked_up_through_a_symmetry_reads_its_own_entries() {
        // On a 3 x 3 board with the blank's goal top left, the group {1, 2} and its
        // transpose {3, 6}.
        let geo = Geometry::new(3, 3);
        let transpose = &symmetries(&geo)[4];
        assert!(maps_onto(&geo, transpose, &[3, 6], &[1, 2], 0));
        assert!(!maps_onto(&geo, transpose, &[3, 7], &[1, 2], 0));
        let owner = Table::build(&geo, &[1, 2], 0, Layout::Spread);
        let direct = Table::build(&geo, &[3, 6], 0, Layout::Spread);
        for index in 0..placements(9, 2) {
            let cells = unrank::<2>(index, 9);
            let image = cells.map(|c| transpose[usize::from(c)]);
            assert_eq!(direct.at(&cells, 9), owner.at(&image, 9));
        }
    }

    /// A group shares its owner's table through a map only if the map takes the
    /// group's cells onto the owner's and the blank's goal cell into the region of the
    /// free cells it is in: on 3 x 3, tiles on cells 1 and 3 shut cell 0 off, so the
    /// half turn, which takes {7, 5} onto {1, 3} and the blank's goal 0 to 8, does not
    /// do; with the goal in the middle (one region with the corners) the transpose does.
    #[test]
    fn a_map_shares_a_table_only_if_the_blank_stays_in_its_region() {
        let geo = Geometry::new(3, 3);
        let maps = symmetries(&geo);
        let (transpose, half_turn) = (&maps[4], &maps[3]);
        assert!(!maps_onto(&geo, half_turn, &[7, 5], &[1, 3], 0));
        assert!(maps_onto(&geo, half_turn, &[7, 5], &[1, 3], 4));
        assert!(maps_onto(&geo, transpose, &[3, 6], &[1, 2], 4));
        assert!(maps_onto(&geo, transpose, &[3, 6], &[1, 2], 0));
        for blank in [0, 4, 8] {
            assert!(maps_onto(&geo, &maps[0], &[1, 3], &[1, 3], blank));
        }
    }

    #[test]
    fn mirror_image_groups_share_a_table() {
        // The left and right halves below the top row of the 15-puzzle, blank top left:
        // the mirror takes one onto the other, and the blank's goal stays in the free
        // cells' one region.
        let geo = Geometry::new(4, 4);
        let (left, right) = ([4, 5, 8, 9, 12, 13], [6, 7, 10, 11, 14, 15]);
        let symmetries = symmetries(&geo);
        assert!(
            symmetries
                .iter()
                .any(|map| maps_onto(&geo, map, &right, &left, 0))
        );
        // Korf and Felner's staircase and block are not images of each other.
        let (stairs, block) = ([1, 4, 5, 8, 9, 12], [2, 3, 6, 7, 10, 11]);
        assert!(
            !symmetries
                .iter()
                .any(|map| maps_onto(&geo, map, &block, &stairs, 0))
        );
    }

    /// A group's entries by a naive search that shares nothing with the builds: over
    /// the group's cells and the blank's own cell, a blank's move onto a cell none of
    /// the group's tiles takes costs nothing and onto one of them one (a 0-1
    /// breadth-first search from the goal, the moves their own inverses); a
    /// placement's distance is the least over the blank's cells. By placement.
    fn naive_entries(geo: &Geometry, tiles: &[u8], blank: usize) -> HashMap<Vec<u8>, u8> {
        let mut seen: HashMap<(Vec<u8>, usize), u8> = HashMap::new();
        let mut queue = std::collections::VecDeque::from([(tiles.to_vec(), blank, 0u8)]);
        while let Some((cells, at, d)) = queue.pop_front() {
            // The first time a state is taken from the queue is at its least distance.
            match seen.entry((cells.clone(), at)) {
                std::collections::hash_map::Entry::Occupied(_) => continue,
                std::collections::hash_map::Entry::Vacant(v) => v.insert(d),
            };
            let (r, c) = geo.place(at);
            let mut next = Vec::new();
            if r > 0 {
                next.push(at - geo.cols);
            }
            if r + 1 < geo.rows {
                next.push(at + geo.cols);
            }
            if c > 0 {
                next.push(at - 1);
            }
            if c + 1 < geo.cols {
                next.push(at + 1);
            }
            for to in next {
                let mut moved = cells.clone();
                match cells.iter().position(|&t| usize::from(t) == to) {
                    Some(i) => {
                        moved[i] = at as u8;
                        queue.push_back((moved, to, d + 1));
                    }
                    None => queue.push_front((moved, to, d)),
                }
            }
        }
        let mut least: HashMap<Vec<u8>, u8> = HashMap::new();
        for ((cells, _), d) in seen {
            let e = least.entry(cells).or_insert(d);
            *e = (*e).min(d);
        }
        least
    }

    #[test]
    fn every_build_gives_each_placement_the_naive_searchs_distance() {
        // Groups whose tiles wall the free cells into several regions (a tile in a
        // corner, two along an edge), so a region reached a level later than another of
        // the same placement matters; each placement's half excess over its Manhattan
        // distance, from the exact build in both widths of marks and by classes.
        fn check<const K: usize>(rows: usize, cols: usize, tiles: [u8; K], blank: usize) {
            let geo = Geometry::new(rows, cols);
            let n = geo.cells;
            let naive = naive_entries(&geo, &tiles, blank);
            let wide = exact::<u32, K>(&geo, tiles, blank, NEVER, &Tally::none()).unwrap();
            let merged = classes::<K>(&geo, tiles, blank, NEVER, &Tally::none()).unwrap();
            let narrow = exact::<u16, K>(&geo, tiles, blank, NEVER, &Tally::none()).unwrap();
            let manhattan = Manhattan::new(&geo, &tiles);
            assert_eq!(
                naive.len(),
                placements(n, K),
                "{rows}x{cols} {tiles:?}: all reached"
            );
            let mut deeper = 0;
            for (cells, &d) in &naive {
                let cells: [u8; K] = cells.as_slice().try_into().unwrap();
                let index = rank(&cells, n);
                let half = (d - manhattan.of(&cells)) / 2;
                assert_eq!(narrow[index], half, "{rows}x{cols} {tiles:?} {cells:?}");
                assert_eq!(wide[index], half, "{rows}x{cols} {tiles:?} {cells:?}");
                // Classes merge the regions past the third: never more than exact.
                assert!(merged[index] <= half, "{rows}x{cols} {tiles:?} {cells:?}");
                deeper += usize::from(half > 0);
            }
            assert!(deeper > 0, "{rows}x{cols} {tiles:?}");
        }
        check(3, 4, [1, 5, 6], 0);
        check(3, 3, [1, 3, 4], 0);
        check(3, 3, [0, 2, 6], 4);
        check(2, 4, [1, 2, 5, 6], 0);
        check(4, 4, [1, 4, 5], 0);
        check(3, 4, [2, 4, 7, 9], 11);
    }
}
