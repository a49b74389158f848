//! The state code: where a layout's pieces stand, as one integer that is the same for
//! every board that differs only by swapping pieces of equal shape; and the bit masks
//! the moves are made from.
//!
//! A piece is placed by its *anchor*, its first cell in reading order, and pieces of one
//! shape form a *class*. A state is, per class, the set of its anchors. Two codes pack
//! it:
//!
//! - [`CellCode`], the fast one, in a `u64`: `b` bits a cell, holding 0 or `1 + class`
//!   of the piece anchored there (`b = 3` holds up to seven classes on up to 21 cells:
//!   every classic 4 x 5 layout). The masks of the search use the same layout, one bit a
//!   cell at the bottom of its field (*field space*), so the anchors of a class are one
//!   SWAR comparison of the code, and a move is two XORs on it.
//! - [`SequenceCode`], for layouts the first cannot hold in 64 bits: the rank of the set
//!   of covered cells among all sets of that size (or of the free cells, when fewer),
//!   combined with the rank of the order of the pieces' classes in reading order among
//!   all orders of that many pieces of each class. Its masks use one bit a cell.
//!   Decoding walks the covered cells: the first one no piece covers yet is the next
//!   piece's anchor. It is computed in a `u64` when its codes fit one, else in a `u128`,
//!   which holds the codes of every layout (see [`word`](crate::word)).

use crate::count::BINOMIAL;
use crate::layout::{Layout, Shape, arrangements, classes};
use crate::word::Word;

/// The most classes a layout can have: one piece on each cell.
pub(crate) const MAX_CLASSES: usize = 64;

/// Per class, the anchors of its pieces (a mask in field space).
pub(crate) type Anchors = [u64; MAX_CLASSES];

/// The pieces of one shape.
#[derive(Clone, Debug)]
pub(crate) struct Class {
    /// The shape's cells, with its anchor on bit 0 (every other cell comes later in
    /// reading order, so at a higher bit).
    pub(crate) shape: u64,
    /// The cells' distances from the anchor, in bits (the first is 0).
    pub(crate) offsets: Vec<u32>,
    /// The first four offsets, padded with 0 (which changes neither an AND nor an OR of
    /// shifted masks, since offset 0 is always there): no loop for small shapes.
    head: [u32; 4],
    /// The anchors at which the shape lies wholly on the board.
    pub(crate) fits: u64,
    /// The labels of its pieces, sorted: the names given to the pieces of a decoded
    /// state, in reading order.
    pub(crate) labels: Vec<u8>,
}

impl Class {
    /// The anchors at which a piece of this class lies wholly on `free` cells.
    #[inline]
    pub(crate) fn fits_in(&self, free: u64) -> u64 {
        let [_, b, c, d] = self.head;
        let fits = self.fits & free;
        // By the number of cells: the same for every piece of a class, so the branch is
        // foreseen; no shift is spent on padding.
        match self.offsets.len() {
            1 => fits,
            2 => fits & free >> b,
            3 => fits & free >> b & free >> c,
            4 => fits & free >> b & free >> c & free >> d,
            _ => self.offsets[1..]
                .iter()
                .fold(fits, |fits, &o| fits & (free >> o)),
        }
    }

    /// The cells of pieces of this class anchored on each anchor of `anchors`, which must
    /// be a state's (pieces that do not overlap): then the shifted shapes have no bit in
    /// common, and their sum, a product, is their union.
    #[inline]
    pub(crate) fn spread(&self, anchors: u64) -> u64 {
        anchors.wrapping_mul(self.shape)
    }

    /// The anchors at which a piece of this class covers a cell of `cells`.
    #[inline]
    pub(crate) fn touching(&self, cells: u64) -> u64 {
        let [_, b, c, d] = self.head;
        match self.offsets.len() {
            1 => cells,
            2 => cells | cells >> b,
            3 => cells | cells >> b | cells >> c,
            4 => cells | cells >> b | cells >> c | cells >> d,
            _ => self.offsets[1..]
                .iter()
                .fold(cells, |anchors, &o| anchors | cells >> o),
        }
    }
}

/// Which code a layout's states take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CodeKind {
    /// [`CellCode`] with this many bits a cell.
    Cells(u32),
    /// [`SequenceCode`] in a `u64`.
    Sequence,
    /// [`SequenceCode`] in a `u128`.
    Wide,
}

/// A layout's board and classes as bit masks in the field space of its code: cell `i`
/// is bit `i * stride`.
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    #[cfg_attr(not(feature = "generate"), allow(dead_code))]
    pub(crate) rows: usize,
    #[cfg_attr(not(feature = "generate"), allow(dead_code))]
    pub(crate) cols: usize,
    pub(crate) kind: CodeKind,
    /// Bits a cell.
    pub(crate) stride: u32,
    /// Every cell of the board.
    pub(crate) board: u64,
    /// Every cell but those of the first column (where a step right cannot land).
    not_first_col: u64,
    /// Every cell but those of the last column.
    not_last_col: u64,
    /// A row, in bits.
    row_bits: u32,
    /// Per bit of a cell, the cells next to it.
    around: [u64; 64],
    pub(crate) classes: Vec<Class>,
    /// The start.
    pub(crate) start: Anchors,
    /// The labels of the start's pieces, by anchor cell.
    pub(crate) start_labels: [u8; 64],
    pub(crate) goal_class: usize,
    /// The goal piece's anchor on the goal (a bit).
    pub(crate) goal_anchor: u32,
    /// The board's left-right mirror, when it maps the layout's pieces and goal onto
    /// themselves (and the code is [`CellCode`]).
    pub(crate) mirror: Option<Mirror>,
}

/// A left-right mirror of the board that maps every class onto a class of as many pieces
/// and the goal onto itself: then a board and its mirror image are equally far from
/// solved, and a search need only visit one of each pair.
#[derive(Clone, Debug)]
pub(crate) struct Mirror {
    /// Per pair of columns `c` and `cols - 1 - c` (left of the middle), their masks and
    /// how far apart they are in bits.
    pairs: Vec<(u64, u64, u32)>,
    /// The middle column of an odd number of columns.
    middle: u64,
    /// Per class: the class of its mirror image, and how many bits its anchor moves left
    /// beyond the mirror of the cell (a piece's anchor is the first cell of its top row;
    /// mirrored, it is the mirror of the last).
    classes: Vec<(usize, u32)>,
    /// Per class, per anchor bit: the mirrored piece's anchor bit.
    bits: Vec<[u8; 64]>,
}

impl Mirror {
    /// The mirror of a mask of cells.
    #[inline]
    fn cells(&self, x: u64) -> u64 {
        self.pairs
            .iter()
            .fold(x & self.middle, |y, &(left, right, apart)| {
                y | (x & left) << apart | (x & right) >> apart
            })
    }

    /// The code of the mirror image of the state `anchors`.
    #[inline]
    pub(crate) fn code(&self, anchors: &Anchors) -> u64 {
        self.classes
            .iter()
            .enumerate()
            .fold(0, |code, (k, &(image, span))| {
                code | ((self.cells(anchors[k]) >> span) * (image as u64 + 1))
            })
    }

    /// The class of the mirror image of a piece of `class`.
    #[inline]
    pub(crate) fn class(&self, class: usize) -> usize {
        self.classes[class].0
    }

    /// The mirrored anchor bit of a piece of `class` anchored on bit `at`.
    #[inline]
    pub(crate) fn bit(&self, class: usize, at: u32) -> u32 {
        u32::from(self.bits[class][at as usize])
    }
}

impl Geometry {
    /// The geometry of `layout`, for the code its states fit.
    pub(crate) fn new(layout: &Layout) -> Geometry {
        Geometry::with_kind(layout, None)
    }

    /// The geometry of `layout` for the code `kind` (`None`: the code its states fit).
    pub(crate) fn with_kind(layout: &Layout, kind: Option<CodeKind>) -> Geometry {
        let (rows, cols) = (layout.rows(), layout.cols());
        let cells = rows * cols;
        let mut shapes: Vec<Shape> = Vec::new();
        let mut class_of = Vec::new();
        for piece in layout.pieces() {
            let shape = piece.shape();
            let class = shapes.iter().position(|s| *s == shape).unwrap_or_else(|| {
                shapes.push(shape);
                shapes.len() - 1
            });
            class_of.push(class);
        }
        let kind = kind.unwrap_or_else(|| code_kind(layout));
        let stride = match kind {
            CodeKind::Cells(bits) => bits,
            CodeKind::Sequence | CodeKind::Wide => 1,
        };
        let bit = |r: usize, c: usize| (r * cols + c) as u32 * stride;
        let board = (0..cells).fold(0u64, |m, i| m | 1 << (i as u32 * stride));
        let first_col = (0..rows).fold(0u64, |m, r| m | 1 << bit(r, 0));
        let last_col = (0..rows).fold(0u64, |m, r| m | 1 << bit(r, cols - 1));
        let mut classes: Vec<Class> = shapes
            .iter()
            .map(|shape| class_of_shape(shape, rows, cols, stride))
            .collect();
        let mut start = [0u64; MAX_CLASSES];
        let mut start_labels = [0u8; 64];
        for (piece, &class) in layout.pieces().iter().zip(&class_of) {
            let first = piece.cells()[0];
            start[class] |= 1 << bit(first.row, first.col);
            start_labels[first.row * cols + first.col] = piece.label() as u8;
            classes[class].labels.push(piece.label() as u8);
        }
        for class in &mut classes {
            class.labels.sort_unstable();
        }
        let goal = layout.goal();
        let goal_shape = layout.goal_shape();
        let goal_class = shapes
            .iter()
            .position(|s| *s == goal_shape)
            .expect("the goal piece has a class");
        let goal_anchor = bit(goal.pos.row, goal.pos.col + goal_shape.cells()[0].1);
        let counts: Vec<u32> = (0..shapes.len()).map(|k| start[k].count_ones()).collect();
        let mirror = match kind {
            CodeKind::Cells(_) => mirror_of(&shapes, &counts, rows, cols, stride).filter(|m| {
                m.class(goal_class) == goal_class && m.bit(goal_class, goal_anchor) == goal_anchor
            }),
            CodeKind::Sequence | CodeKind::Wide => None,
        };
        let mut geo = Geometry {
            rows,
            cols,
            kind,
            stride,
            board,
            not_first_col: board & !first_col,
            not_last_col: board & !last_col,
            row_bits: cols as u32 * stride,
            classes,
            start,
            start_labels,
            goal_class,
            goal_anchor,
            mirror,
            around: [0; 64],
        };
        for cell in 0..cells {
            let at = cell * stride as usize;
            geo.around[at] = geo.neighbours(1 << at);
        }
        geo
    }

    /// `cells` moved one cell in `dir` (`U D L R` as 0..4); cells that would leave the
    /// board are dropped.
    #[inline]
    pub(crate) fn shift(&self, cells: u64, dir: usize) -> u64 {
        match dir {
            0 => cells >> self.row_bits,
            1 => (cells << self.row_bits) & self.board,
            2 => (cells >> self.stride) & self.not_last_col,
            _ => (cells << self.stride) & self.not_first_col,
        }
    }

    /// The cells one step from `cells`, in any direction.
    #[inline]
    pub(crate) fn neighbours(&self, cells: u64) -> u64 {
        (cells >> self.row_bits
            | cells << self.row_bits
            | (cells >> self.stride) & self.not_last_col
            | (cells << self.stride) & self.not_first_col)
            & self.board
    }

    /// The cells next to the cell at bit `at`.
    #[inline]
    pub(crate) fn around(&self, at: u32) -> u64 {
        self.around[at as usize]
    }

    /// The anchors at which a piece of `class` lies wholly on `free` cells.
    #[inline]
    pub(crate) fn fits_in(&self, class: usize, free: u64) -> u64 {
        self.classes[class].fits_in(free)
    }

    /// The cells of pieces of `class` anchored on `anchors` (see [`Class::spread`]).
    #[inline]
    pub(crate) fn spread(&self, class: usize, anchors: u64) -> u64 {
        self.classes[class].spread(anchors)
    }

    /// The cells the pieces of `anchors` cover.
    pub(crate) fn covered(&self, anchors: &Anchors) -> u64 {
        (0..self.classes.len()).fold(0, |m, k| m | self.spread(k, anchors[k]))
    }

    /// The cell of a bit.
    pub(crate) fn cell(&self, bit: u32) -> usize {
        (bit / self.stride) as usize
    }
}

/// The left-right mirror of a board of `shapes` (with `counts` pieces each), if it maps
/// every class onto one of as many pieces.
fn mirror_of(
    shapes: &[Shape],
    counts: &[u32],
    rows: usize,
    cols: usize,
    stride: u32,
) -> Option<Mirror> {
    let column = |c: usize| (0..rows).fold(0u64, |m, r| m | 1 << ((r * cols + c) as u32 * stride));
    let pairs = (0..cols / 2)
        .map(|c| {
            (
                column(c),
                column(cols - 1 - c),
                (cols - 1 - 2 * c) as u32 * stride,
            )
        })
        .collect();
    let middle = if cols % 2 == 1 { column(cols / 2) } else { 0 };
    let mut classes = Vec::new();
    let mut bits = Vec::new();
    for (k, shape) in shapes.iter().enumerate() {
        let (_, width) = shape.size();
        let mut image: Vec<(usize, usize)> = shape
            .cells()
            .iter()
            .map(|&(r, c)| (r, width - 1 - c))
            .collect();
        image.sort_unstable();
        let target = shapes.iter().position(|s| s.cells() == image.as_slice())?;
        if counts[target] != counts[k] {
            return None;
        }
        let top: Vec<usize> = shape
            .cells()
            .iter()
            .filter(|c| c.0 == 0)
            .map(|c| c.1)
            .collect();
        let span = top[top.len() - 1] - top[0];
        let mut table = [0u8; 64];
        for r in 0..rows {
            for c in span..cols {
                // The piece's anchor on column `c` - span .. its top row ends on `c`.
                let anchor = c - span;
                let mirrored = cols - 1 - c;
                table[(r * cols + anchor) * stride as usize] =
                    ((r * cols + mirrored) * stride as usize) as u8;
            }
        }
        classes.push((target, span as u32 * stride));
        bits.push(table);
    }
    Some(Mirror {
        pairs,
        middle,
        classes,
        bits,
    })
}

/// The class of pieces of `shape` on a `rows x cols` board, in field space.
fn class_of_shape(shape: &Shape, rows: usize, cols: usize, stride: u32) -> Class {
    let anchor_col = shape.cells()[0].1;
    let offsets: Vec<u32> = shape
        .cells()
        .iter()
        .map(|&(r, c)| (r * cols + c - anchor_col) as u32 * stride)
        .collect();
    let (height, width) = shape.size();
    let mut fits = 0u64;
    for r in 0..=rows - height {
        for c in anchor_col..=cols - width + anchor_col {
            fits |= 1 << ((r * cols + c) as u32 * stride);
        }
    }
    let mut head = [0; 4];
    for (slot, &o) in head.iter_mut().zip(&offsets) {
        *slot = o;
    }
    Class {
        shape: offsets.iter().fold(0, |m, &o| m | 1 << o),
        head,
        offsets,
        fits,
        labels: Vec::new(),
    }
}

/// The mask of the `n` lowest bits.
const fn low_bits(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// How a state becomes a code and back.
pub(crate) trait Codec {
    /// The word the codes are kept in.
    type Code: Word;

    /// The code of `anchors`.
    fn encode(&self, geo: &Geometry, anchors: &Anchors) -> Self::Code;

    /// The anchors of `code`; returns the covered cells.
    fn decode(&self, geo: &Geometry, code: Self::Code, anchors: &mut Anchors) -> u64;

    /// As [`Codec::decode`], for a layout of `K` classes (0: any number).
    #[inline]
    fn decode_k<const K: usize>(
        &self,
        geo: &Geometry,
        code: Self::Code,
        anchors: &mut Anchors,
    ) -> u64 {
        self.decode(geo, code, anchors)
    }

    /// The code after the piece of `class` anchored on bit `from` of `anchors` (decoded
    /// from `code`) moves its anchor to bit `to`.
    fn relocate(
        &self,
        geo: &Geometry,
        code: Self::Code,
        anchors: &Anchors,
        class: usize,
        from: u32,
        to: u32,
    ) -> Self::Code;
}

/// Bits a cell needs to hold 0 or `1 + class` for `classes` classes.
fn field_bits(classes: usize) -> u32 {
    usize::BITS - classes.leading_zeros()
}

/// Whether `layout`'s states need more than 64 bits (the 128-bit ranked code).
#[cfg(feature = "generate")]
pub(crate) fn is_wide(layout: &Layout) -> bool {
    code_kind(layout) == CodeKind::Wide
}

/// The code `layout`'s states take: three (or `b`) bits a cell when that fits 64 bits,
/// else the ranked code, in 64 bits when its codes fit, else in 128.
fn code_kind(layout: &Layout) -> CodeKind {
    let cells = layout.rows() * layout.cols();
    let bits = field_bits(classes(layout).0.len());
    if cells * bits as usize <= 64 {
        CodeKind::Cells(bits)
    } else if sequence_bits(layout) <= 64 {
        CodeKind::Sequence
    } else {
        CodeKind::Wide
    }
}

/// `b` bits a cell: 0, or `1 + class` on the anchor of a piece of that class.
#[derive(Clone, Debug)]
pub(crate) struct CellCode {
    /// `1 + class` in every field, per class.
    repeated: Vec<u64>,
    /// The low `b - 1` bits of every field.
    low: u64,
    /// `b - 1`.
    top: u32,
}

impl CellCode {
    pub(crate) fn new(geo: &Geometry) -> CellCode {
        assert!(matches!(geo.kind, CodeKind::Cells(_)), "a layout that fits");
        let top = geo.stride - 1;
        CellCode {
            repeated: (0..geo.classes.len())
                .map(|k| geo.board * (k as u64 + 1))
                .collect(),
            low: geo.board * ((1 << top) - 1),
            top,
        }
    }
}

impl Codec for CellCode {
    type Code = u64;

    fn encode(&self, geo: &Geometry, anchors: &Anchors) -> u64 {
        (0..geo.classes.len()).fold(0, |code, k| code | (anchors[k] * (k as u64 + 1)))
    }

    #[inline]
    fn decode(&self, geo: &Geometry, code: u64, anchors: &mut Anchors) -> u64 {
        self.decode_k::<0>(geo, code, anchors)
    }

    #[inline]
    fn decode_k<const K: usize>(&self, geo: &Geometry, code: u64, anchors: &mut Anchors) -> u64 {
        let (repeated, classes) = if K == 0 {
            (&self.repeated[..], &geo.classes[..])
        } else {
            (&self.repeated[..K], &geo.classes[..K])
        };
        let mut covered = 0;
        for ((mine, &repeated), class) in anchors.iter_mut().zip(repeated).zip(classes) {
            // The fields equal to 1 + k are those where `code ^ repeated` is zero. Adding
            // the low bits to themselves carries into a field's top bit when any is set
            // (and never out of the field); with the top bit itself, that is "non-zero".
            let diff = code ^ repeated;
            let nonzero = (((diff & self.low) + self.low) | diff) >> self.top;
            *mine = !nonzero & geo.board;
            covered |= class.spread(*mine);
        }
        covered
    }

    #[inline]
    fn relocate(
        &self,
        _geo: &Geometry,
        code: u64,
        _anchors: &Anchors,
        class: usize,
        from: u32,
        to: u32,
    ) -> u64 {
        let value = class as u64 + 1;
        code ^ value << from ^ value << to
    }
}

/// The rank of the covered cells among the sets of as many cells, times the number of
/// orders of the pieces' classes, plus the rank of the classes of the pieces in anchor
/// order among those orders (`P! / (n_1! ... n_K!)` of them, for `n_k` pieces of class
/// `k`), in the word `W`.
///
/// The whole code is below 2^64 for `u64` (a layout whose codes are not takes `u128`,
/// which holds every layout's), so arithmetic modulo the word computes it exactly; only
/// the count of orders may itself be 2^64 in a `u64` (when the pieces cover the board,
/// and that set's rank is 0), and is kept as 0.
#[derive(Clone, Debug)]
pub(crate) struct SequenceCode<W> {
    /// Cells the pieces cover, and whether the code ranks the free cells instead (the
    /// smaller set: as many sets of either size, and a shorter walk).
    covered: usize,
    ranks_free: bool,
    /// Pieces in all.
    pieces: usize,
    /// The classes in the order they are ranked: by their numbers of pieces, the largest
    /// last, whose pieces take the slots left and need no rank.
    order: Vec<usize>,
    /// Per class in that order: its pieces, how many subsets of the slots the classes
    /// before it left they may take (`C(left, count)`), and the product of those of the
    /// classes before it.
    counts: Vec<usize>,
    radices: Vec<W>,
    weights: Vec<W>,
    /// How many orders of the pieces' classes there are, modulo the word.
    sequences: W,
}

impl<W: Word> SequenceCode<W> {
    pub(crate) fn new(geo: &Geometry) -> SequenceCode<W> {
        let kinds = geo.classes.len();
        let count_of = |k: usize| geo.start[k].count_ones() as usize;
        let covered: usize = (0..kinds)
            .map(|k| count_of(k) * geo.classes[k].offsets.len())
            .sum();
        let cells = (geo.board.count_ones()) as usize;
        let mut order: Vec<usize> = (0..kinds).collect();
        order.sort_by_key(|&k| count_of(k));
        let pieces: usize = order.iter().map(|&k| count_of(k)).sum();
        let (mut counts, mut radices, mut weights) = (Vec::new(), Vec::new(), Vec::new());
        let (mut left, mut weight) = (pieces, W::from(1));
        for &k in &order {
            let radix = W::from(BINOMIAL[left][count_of(k)]);
            counts.push(count_of(k));
            radices.push(radix);
            weights.push(weight);
            weight = weight.wrapping_mul(radix);
            left -= count_of(k);
        }
        SequenceCode {
            covered,
            ranks_free: cells - covered < covered,
            pieces,
            order,
            counts,
            radices,
            weights,
            sequences: weight,
        }
    }

    /// The set of cells the code ranks, and its size.
    fn ranked(&self, geo: &Geometry, covered: u64) -> (u64, usize) {
        if self.ranks_free {
            let cells = geo.board.count_ones() as usize;
            (geo.board & !covered, cells - self.covered)
        } else {
            (covered, self.covered)
        }
    }
}

/// The colex rank of `set` among the sets of as many bits: the sum of `C(p_i, i)` over
/// its bits `p_1 < p_2 < ...`.
fn rank_set(mut set: u64) -> u64 {
    let mut rank = 0u64;
    let mut i = 1;
    while set != 0 {
        rank += BINOMIAL[set.trailing_zeros() as usize][i];
        i += 1;
        set &= set - 1;
    }
    rank
}

/// The set of `size` bits below bit `below` whose colex rank is `rank`: its highest bit
/// is the largest `p` with `C(p, size) <= rank`, and so on down. Each search starts
/// at the bit above its answer and steps down at once: the first from `below`, as
/// `rank < C(below, size)`; each next from the bit just taken, `p`, as what is left of
/// the rank is under `C(p + 1, i) - C(p, i) = C(p, i - 1)`.
fn unrank_set(mut rank: u64, size: usize, below: usize) -> u64 {
    let mut set = 0u64;
    let mut p = below;
    for i in (1..=size).rev() {
        while BINOMIAL[p][i] > rank {
            p -= 1;
        }
        rank -= BINOMIAL[p][i];
        set |= 1 << p;
    }
    set
}

impl<W: Word> Codec for SequenceCode<W> {
    type Code = W;

    fn encode(&self, geo: &Geometry, anchors: &Anchors) -> W {
        // The pieces in reading order are slots 0..P. Class by class (in `self.order`),
        // the slots its pieces hold among those the classes before left: a subset,
        // ranked in colex order, and the ranks combined in mixed radix. A piece's slot
        // among those left is the number of pieces left before its anchor.
        let mut left = self.order.iter().fold(0, |m, &k| m | anchors[k]);
        let mut order = W::default();
        let last = self.order.len().saturating_sub(1);
        for (&k, &weight) in self.order[..last].iter().zip(&self.weights) {
            let mut mine = anchors[k];
            let mut rank = 0u64;
            let mut i = 1;
            while mine != 0 {
                let at = mine & mine.wrapping_neg();
                mine ^= at;
                rank += BINOMIAL[(left & (at - 1)).count_ones() as usize][i];
                i += 1;
            }
            order = order.wrapping_add(W::from(rank).wrapping_mul(weight));
            left &= !anchors[k];
        }
        let (set, _) = self.ranked(geo, geo.covered(anchors));
        W::from(rank_set(set))
            .wrapping_mul(self.sequences)
            .wrapping_add(order)
    }

    fn decode(&self, geo: &Geometry, code: W, anchors: &mut Anchors) -> u64 {
        anchors[..geo.classes.len()].fill(0);
        let (rank, mut order) = if self.sequences == W::default() {
            (0, code)
        } else {
            let (rank, order) = code.div_rem(self.sequences);
            (rank.low(), order)
        };
        let cells = geo.board.count_ones() as usize;
        let (_, size) = self.ranked(geo, 0);
        let set = unrank_set(rank, size, cells);
        let covered = if self.ranks_free {
            geo.board & !set
        } else {
            set
        };
        // The class of each slot, class by class (see `encode`).
        let mut class_of = [0u8; 64];
        let mut left = low_bits(self.pieces);
        for (j, &k) in self.order.iter().enumerate() {
            let chosen = if j + 1 == self.order.len() {
                low_bits(self.counts[j])
            } else {
                let (rest, rank) = order.div_rem(self.radices[j]);
                order = rest;
                unrank_set(rank.low(), self.counts[j], self.pieces)
            };
            // The chosen indices among the slots left.
            let mut rest = left;
            let mut index = 0;
            while rest != 0 {
                let slot = rest.trailing_zeros();
                rest &= rest - 1;
                if chosen >> index & 1 == 1 {
                    class_of[slot as usize] = k as u8;
                    left &= !(1 << slot);
                }
                index += 1;
            }
        }
        let mut rest = covered;
        let mut slot = 0;
        while rest != 0 {
            let at = rest & rest.wrapping_neg();
            let class = usize::from(class_of[slot]);
            slot += 1;
            anchors[class] |= at;
            rest &= !geo.spread(class, at);
        }
        covered
    }

    fn relocate(
        &self,
        geo: &Geometry,
        _code: W,
        anchors: &Anchors,
        class: usize,
        from: u32,
        to: u32,
    ) -> W {
        let mut moved = *anchors;
        moved[class] ^= 1 << from | 1 << to;
        self.encode(geo, &moved)
    }
}

/// The bits the ranked code of `layout` needs (codes run from 0 to the count of
/// arrangements less one).
fn sequence_bits(layout: &Layout) -> u32 {
    u128::BITS - arrangements(layout).saturating_sub(1).leading_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Goal, Layout};
    use grid_core::{Pos, SplitMix64};

    fn classic() -> Layout {
        let rows = ["ABBC", "ABBC", "DEEF", "DGHF", "I..J"];
        Layout::from_rows(&rows, Goal::new('B', Pos::new(3, 1))).unwrap()
    }

    #[test]
    fn the_classic_board_takes_three_bits_a_cell() {
        let geo = Geometry::new(&classic());
        assert_eq!(geo.classes.len(), 4);
        assert_eq!(geo.kind, CodeKind::Cells(3));
        // C(20, 18) * 10! / (4! 4! 1! 1!) = 190 * 6300 < 2^21.
        assert_eq!(sequence_bits(&classic()), 21);
        // The 2x2 fits at 3 x 4 anchors; its anchor is its top-left cell.
        assert_eq!(geo.classes[1].fits.count_ones(), 12);
        assert_eq!(geo.goal_anchor, 13 * 3);
        // On the empty board it fits at all 12; on the start's two free cells nowhere;
        // with the 2x2's own cells free too, only where it stands.
        assert_eq!(geo.fits_in(1, geo.board), geo.classes[1].fits);
        let covered = geo.covered(&geo.start);
        assert_eq!(geo.fits_in(1, geo.board & !covered), 0);
        let own = geo.spread(1, geo.start[1]);
        assert_eq!(geo.fits_in(1, geo.board & !covered | own), geo.start[1]);
    }

    #[test]
    fn an_anchor_may_lie_right_of_the_bounding_box_corner() {
        // The L's first cell is (0, 1); its corner (0, 0) is another piece's cell.
        let layout = Layout::from_rows(&["AL.", "LL."], Goal::new('L', Pos::new(0, 1))).unwrap();
        let geo = Geometry::new(&layout);
        assert_eq!(geo.stride, 2);
        let l = &geo.classes[1];
        assert_eq!(
            l.offsets,
            [0, 4, 6],
            "cells 0, 2, 3 from the anchor, two bits a cell"
        );
        assert_eq!(l.fits, 1 << 2 | 1 << 4, "anchors on row 0, columns 1 and 2");
        assert_eq!(geo.goal_anchor, 2 * 2);
    }

    /// `touching` and `fits_in` against their meaning, anchor by anchor, for every
    /// class of the classic board (shapes of 1, 2 and 4 cells), of an L (3 cells) and
    /// of a long L (5 cells), on random masks of cells.
    #[test]
    fn touching_and_fits_in_mean_what_they_say() {
        let l = Layout::from_rows(&["AL..", "LL..", "...."], Goal::new('L', Pos::new(0, 1)));
        let long = ["LLL..", "L....", "L...A", "....."];
        let long = Layout::from_rows(&long, Goal::new('L', Pos::new(1, 1)));
        let mut rng = SplitMix64::new(3);
        let layouts = [classic(), l.unwrap(), long.unwrap()];
        for geo in layouts.iter().map(Geometry::new) {
            for (k, class) in geo.classes.iter().enumerate() {
                for _ in 0..200 {
                    let cells = rng.next_u64() & geo.board;
                    let (mut touching, mut fits) = (0u64, 0u64);
                    for at in 0..64 {
                        if class.fits >> at & 1 == 1 {
                            let covers = geo.spread(k, 1 << at);
                            touching |= u64::from(covers & cells != 0) << at;
                            fits |= u64::from(covers & !cells == 0) << at;
                        }
                    }
                    assert_eq!(
                        class.touching(cells) & class.fits,
                        touching,
                        "{k} {cells:b}"
                    );
                    assert_eq!(class.fits_in(cells), fits, "{k} {cells:b}");
                }
            }
        }
    }

    #[test]
    fn low_bits_are_the_lowest_n_and_all_64() {
        assert_eq!(low_bits(0), 0);
        assert_eq!(low_bits(3), 0b111);
        assert_eq!(low_bits(63), u64::MAX >> 1);
        assert_eq!(low_bits(64), u64::MAX);
    }

    /// The classic board's states fit three bits a cell, not the 128-bit code.
    #[cfg(feature = "generate")]
    #[test]
    fn the_classic_board_is_not_wide() {
        assert!(!is_wide(&classic()));
    }

    /// A shift moves each cell one step up, down, left or right, and drops those that
    /// would leave the board; the neighbours are the four shifts together.
    #[test]
    fn shifts_move_cells_one_step_within_the_board() {
        for geo in [
            Geometry::new(&classic()),
            Geometry::with_kind(&classic(), Some(CodeKind::Sequence)),
        ] {
            let (rows, cols) = (geo.rows as isize, geo.cols as isize);
            let bit = |r: isize, c: isize| {
                let inside = (0..rows).contains(&r) && (0..cols).contains(&c);
                if inside {
                    1u64 << ((r * cols + c) as u32 * geo.stride)
                } else {
                    0
                }
            };
            for r in 0..rows {
                for c in 0..cols {
                    let steps = [bit(r - 1, c), bit(r + 1, c), bit(r, c - 1), bit(r, c + 1)];
                    for (dir, &to) in steps.iter().enumerate() {
                        assert_eq!(geo.shift(bit(r, c), dir), to, "({r}, {c}) {dir}");
                    }
                    let all = steps.iter().fold(0, |m, s| m | s);
                    assert_eq!(geo.neighbours(bit(r, c)), all, "({r}, {c})");
                }
            }
        }
    }

    /// Random placements of the layout's pieces.
    fn random_states(geo: &Geometry, count: usize) -> Vec<Anchors> {
        let mut rng = SplitMix64::new(11);
        let mut states = Vec::new();
        while states.len() < count {
            let mut covered = 0u64;
            let mut anchors = [0u64; MAX_CLASSES];
            let mut placed = true;
            for (k, mine) in anchors.iter_mut().enumerate().take(geo.classes.len()) {
                for _ in 0..geo.start[k].count_ones() {
                    let fits = geo.fits_in(k, geo.board & !covered);
                    if fits == 0 {
                        placed = false;
                        break;
                    }
                    let mut f = fits;
                    for _ in 0..rng.index(fits.count_ones() as usize) {
                        f &= f - 1;
                    }
                    let at = f & f.wrapping_neg();
                    *mine |= at;
                    covered |= geo.spread(k, at);
                }
            }
            if placed {
                states.push(anchors);
            }
        }
        states
    }

    /// States `count` random relocations from the start apart (a piece to any anchor
    /// where it fits): for boards too crowded for random placements to fill.
    fn walked_states(geo: &Geometry, count: usize) -> Vec<Anchors> {
        let mut rng = SplitMix64::new(5);
        let mut anchors = geo.start;
        let mut states = Vec::new();
        while states.len() < count {
            let k = rng.index(geo.classes.len());
            let pieces = anchors[k].count_ones() as usize;
            let mut mine = anchors[k];
            for _ in 0..rng.index(pieces) {
                mine &= mine - 1;
            }
            let from = mine & mine.wrapping_neg();
            let free = geo.board & !geo.covered(&anchors) | geo.spread(k, from);
            let fits = geo.fits_in(k, free);
            let mut to = fits;
            for _ in 0..rng.index(fits.count_ones() as usize) {
                to &= to - 1;
            }
            // Staying put (`to == from`) changes nothing.
            anchors[k] ^= from ^ (to & to.wrapping_neg());
            states.push(anchors);
        }
        states
    }

    fn round_trips(geo: &Geometry, codec: &impl Codec) {
        round_trips_on(geo, codec, random_states(geo, 300));
    }

    fn round_trips_on(geo: &Geometry, codec: &impl Codec, states: Vec<Anchors>) {
        let mut decoded = [0u64; MAX_CLASSES];
        for anchors in states {
            let code = codec.encode(geo, &anchors);
            let covered = codec.decode(geo, code, &mut decoded);
            assert_eq!(decoded[..geo.classes.len()], anchors[..geo.classes.len()]);
            assert_eq!(covered, geo.covered(&anchors));
            // Moving a piece to any free anchor of its class: relocate = encode.
            for k in 0..geo.classes.len() {
                let mut pieces = anchors[k];
                while pieces != 0 {
                    let from = pieces.trailing_zeros();
                    pieces &= pieces - 1;
                    let own = geo.spread(k, 1 << from);
                    let mut free = geo.fits_in(k, geo.board & !covered | own) & !(1 << from);
                    while free != 0 {
                        let to = free.trailing_zeros();
                        free &= free - 1;
                        let mut moved = anchors;
                        moved[k] ^= 1 << from | 1 << to;
                        assert_eq!(
                            codec.relocate(geo, code, &anchors, k, from, to),
                            codec.encode(geo, &moved)
                        );
                    }
                }
            }
        }
    }

    /// Every set of bits below 12 has a colex rank under `C(12, size)`, and the set of
    /// that size and rank is itself: the ranks of a size are `0..C(12, size)`, each once.
    #[test]
    fn colex_ranks_and_unranks_are_inverse() {
        let below = 12;
        let mut seen = vec![0u32; below + 1];
        for set in 0u64..1 << below {
            let size = set.count_ones() as usize;
            let rank = rank_set(set);
            assert!(rank < BINOMIAL[below][size], "{set:#b}: {rank}");
            assert_eq!(unrank_set(rank, size, below), set, "{set:#b}: {rank}");
            seen[size] += 1;
        }
        assert!((0..=below).all(|size| u64::from(seen[size]) == BINOMIAL[below][size]));
        // The colex order: by the highest bit first.
        assert_eq!(rank_set(0b111), 0);
        assert_eq!(rank_set(0b1011), 1);
        assert_eq!(rank_set(0b1101), 2);
        assert_eq!(rank_set(0b1110), 3);
        assert_eq!(rank_set(0b10011), 4);
    }

    #[test]
    fn both_codes_round_trip_and_relocate_like_encode() {
        let geo = Geometry::new(&classic());
        round_trips(&geo, &CellCode::new(&geo));
        // The sequence code on the same layout, in its own field space.
        let geo = Geometry::with_kind(&classic(), Some(CodeKind::Sequence));
        round_trips(&geo, &SequenceCode::<u64>::new(&geo));
        // And in 128 bits.
        let geo = Geometry::with_kind(&classic(), Some(CodeKind::Wide));
        round_trips(&geo, &SequenceCode::<u128>::new(&geo));
    }

    #[test]
    fn swapping_equal_shapes_gives_the_same_code() {
        let a = classic();
        let swapped = Layout::from_rows(
            &["CBBA", "CBBA", "DEEF", "DHGF", "I..J"],
            Goal::new('B', Pos::new(3, 1)),
        )
        .unwrap();
        let (ga, gb) = (Geometry::new(&a), Geometry::new(&swapped));
        let (ca, cb) = (CellCode::new(&ga), CellCode::new(&gb));
        assert_eq!(ca.encode(&ga, &ga.start), cb.encode(&gb, &gb.start));
    }

    #[test]
    fn an_8x8_board_with_three_shapes_needs_the_sequence_code() {
        let rows = [
            "AAB.....", "AAB.....", "CC......", "........", "........", "........", "........",
            "DD......",
        ];
        let layout = Layout::from_rows(&rows, Goal::new('A', Pos::new(6, 6))).unwrap();
        let geo = Geometry::new(&layout);
        assert_eq!(geo.kind, CodeKind::Sequence, "2 bits a cell is 128 bits");
        let code = SequenceCode::<u64>::new(&geo);
        round_trips(&geo, &code);
        assert!(!code.ranks_free, "10 covered cells, 54 free");
        codes_are_below_the_count(&layout, &geo, &code);
        // C(64, 10) * 4! / (1! 1! 2!) < 2^41 (10 covered cells; pieces A, B, CC, DD).
        assert_eq!(sequence_bits(&layout), 41);
    }

    #[test]
    fn the_sequence_code_ranks_the_free_cells_of_a_crowded_board() {
        // 18 pieces of four shapes cover 32 of 36 cells (found by fuzzing: 1.4 million
        // states, once slow to code). The code ranks the four free cells, and every code
        // is below the count of arrangements.
        let rows = ["AB.C.G", "ABECJJ", "HIKKDF", "HIOOLM", "NNOOLP", ".QQRR."];
        let layout = Layout::from_rows(&rows, Goal::new('O', Pos::new(0, 2))).unwrap();
        let geo = Geometry::new(&layout);
        assert_eq!(geo.kind, CodeKind::Sequence, "3 bits a cell is 108 bits");
        let code = SequenceCode::<u64>::new(&geo);
        assert!(code.ranks_free);
        round_trips(&geo, &code);
        codes_are_below_the_count(&layout, &geo, &code);
        // C(36, 4) sets of free cells, 18! / (6! 6! 5! 1!) orders of the classes.
        assert_eq!(arrangements(&layout), 58_905 * 102_918_816);
    }

    #[test]
    fn a_layout_past_64_bits_takes_the_wide_code() {
        // 29 pieces of five shapes on 64 cells: C(64, 62) * 29! / (8! 5! 8! 2! 6!)
        // arrangements need 66 bits, and three bits a cell 192.
        let rows = [
            "ABCDEFGH", "ABCDEFGH", "IIJJKKLL", "MNOPQRST", "MNOPQRST", "MNOPQRST", "UUUVVVWW",
            "XYZabc..",
        ];
        let layout = Layout::from_rows(&rows, Goal::new('A', Pos::new(0, 0))).unwrap();
        assert_eq!(sequence_bits(&layout), 66);
        let geo = Geometry::new(&layout);
        assert_eq!(geo.kind, CodeKind::Wide);
        let code = SequenceCode::<u128>::new(&geo);
        assert!(code.ranks_free, "2 free cells");
        round_trips(&geo, &code);
        codes_are_below_the_count(&layout, &geo, &code);
        let count = arrangements(&layout);
        assert!(count > 1 << 65 && count <= 1 << 66);
    }

    #[test]
    fn the_wide_code_holds_more_orders_than_a_u64() {
        // 27 pieces of 16 shapes (every polyomino of two or three cells, and some of
        // four): 27! / 12! orders of the classes (the 1x1s are the 12), over 2^64.
        let rows = [
            "AABCCCDE", "FGBHIIDE", "FFHHJIDE", "KKLJJJME", "KNLLOMMP", "QNLROSMT", "UNNOOVWX",
            "YYYYZa..",
        ];
        let layout = Layout::from_rows(&rows, Goal::new('A', Pos::new(0, 0))).unwrap();
        let geo = Geometry::new(&layout);
        assert_eq!(geo.kind, CodeKind::Wide);
        let code = SequenceCode::<u128>::new(&geo);
        assert!(code.sequences > 1 << 64);
        let states = walked_states(&geo, 2_000);
        // Some states' orders need more than 64 bits themselves.
        let wide_orders = states
            .iter()
            .filter(|anchors| code.encode(&geo, anchors) % code.sequences >= 1 << 64)
            .count();
        assert!(wide_orders >= 100, "{wide_orders}");
        let count = arrangements(&layout);
        assert!(states.iter().all(|a| code.encode(&geo, a) < count));
        round_trips_on(&geo, &code, states);
    }

    fn codes_are_below_the_count<W: Word + Into<u128>>(
        layout: &Layout,
        geo: &Geometry,
        code: &SequenceCode<W>,
    ) {
        let count = arrangements(layout);
        for anchors in random_states(geo, 300) {
            assert!(code.encode(geo, &anchors).into() < count);
        }
    }
}
