//! Seeded generators of valid boards and queries, in the families of [`Family`].

use crate::{Board, MAX_CELLS, Query};
use grid_core::{Pos, SplitMix64, UnknownChoice};
use std::fmt;
use strum_macros::{Display, EnumMessage, EnumString, IntoStaticStr, VariantArray, VariantNames};

/// The shape of a generated board: the `--family` of `gridsolve gen`.
///
/// Every family is deterministic: the same [`GenParams`] give the same board and queries
/// on every platform.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Display,
    EnumMessage,
    EnumString,
    IntoStaticStr,
    VariantArray,
    VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[strum(parse_err_ty = UnknownChoice, parse_err_fn = UnknownChoice::of::<Self>)]
pub enum Family {
    /// Each cell fixed with probability `density` percent.
    #[strum(message = "each cell fixed with probability density%")]
    Random,
    /// No fixed cells at all; `density` is ignored.
    #[strum(message = "no fixed cells (density ignored)")]
    Open,
    /// One-cell corridors between fixed pillars; also accepted as `corridors`.
    ///
    /// A depth-first maze; each wall the maze keeps stays with probability `density`
    /// percent (100: a perfect maze, 0: an open grid of pillars). The algorithm is the
    /// one the family had as `corridors`, so old command lines give the same boards.
    #[strum(
        to_string = "maze",
        serialize = "corridors",
        message = "one-cell corridors between pillars; density% of the maze's walls stay (alias: corridors)"
    )]
    Maze,
    /// Rooms split by walls with one-cell doors.
    ///
    /// Recursive division; each wall cell stays with probability `density` percent.
    #[strum(message = "rooms joined by one-cell doors; density% of the wall cells stay")]
    Rooms,
    /// Long detours, pieces that cannot pass a one-cell door, searches that must exhaust.
    ///
    /// The seed picks one of three layouts, in turn (seed % 3 = 0, 1, 2), each along
    /// the rows or the columns (`density` is ignored):
    /// - a serpentine of lanes two cells wide between walls one cell thick, turning
    ///   through two-cell gaps at alternate ends; every step of the piece sends the
    ///   blank round it. In half the boards with three lanes or more, one gap is
    ///   narrowed to a one-cell door the piece can never pass (the blank can).
    /// - city blocks: fixed squares of 3 x 3 up to a quarter of the shorter side (2 x 2
    ///   if that is under 12), between streets one cell wide, so every step of the piece
    ///   along a street sends the blank round a block. With blocks of 3 x 3 or more, one
    ///   block is hollowed into a room whose only door is one cell.
    /// - two open halves split by a wall with a one-cell door.
    ///
    /// Half the queries bring the piece from one end of a long way to the other (corner
    /// to corner: answers many times the Manhattan distance); three in ten put the
    /// target beyond a one-cell door (or, on a board without one, are long ones too):
    /// the target is movable and connected to the piece, yet the answer is -1 and a
    /// search without a reachability check exhausts every state the piece can reach;
    /// the rest are random.
    ///
    /// A board with one row or column, or with both sides at most 4 and one under 4,
    /// is too small for every layout: it stays open, with random queries. A layout
    /// picked by the seed that does not fit is replaced by one, chosen at random, that
    /// does.
    #[strum(
        message = "long detours, targets beyond one-cell doors (-1), exhausting searches (density ignored)"
    )]
    Adversarial,
}

/// What to generate. The same parameters give the same board and queries on every
/// platform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenParams {
    /// The shape of the board.
    pub family: Family,
    /// The board's rows (at least 1; `rows * cols` at most [`MAX_CELLS`]).
    pub rows: usize,
    /// The board's columns (at least 1).
    pub cols: usize,
    /// Percent, 0..=100; what it is the percentage of depends on the [`Family`].
    pub density: u32,
    /// How many queries to draw for the board.
    pub queries: usize,
    /// The seed of the generator: the same seed, the same board and queries.
    pub seed: u64,
}

/// Why [`GenParams`] describe no board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenParamsError {
    /// A side of length 0, or more than [`MAX_CELLS`] cells.
    Size {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// A density over 100 percent.
    Percent {
        /// The density asked for.
        density: u32,
    },
}

impl fmt::Display for GenParamsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GenParamsError::Size { rows, cols } => write!(
                f,
                "expected a board of 1 to {MAX_CELLS} cells, found {rows} x {cols}"
            ),
            GenParamsError::Percent { density } => {
                write!(f, "expected density from 0 to 100 percent, found {density}")
            }
        }
    }
}

impl std::error::Error for GenParamsError {}

impl GenParams {
    /// Whether [`generate`] can make a board of these parameters.
    ///
    /// # Errors
    /// A size out of range or a density over 100.
    pub fn check(&self) -> Result<(), GenParamsError> {
        let (rows, cols) = (self.rows, self.cols);
        if rows == 0 || cols == 0 || rows.checked_mul(cols).is_none_or(|n| n > MAX_CELLS) {
            return Err(GenParamsError::Size { rows, cols });
        }
        if self.density > 100 {
            return Err(GenParamsError::Percent {
                density: self.density,
            });
        }
        Ok(())
    }
}

/// A board of `params`' family and size with `params.queries` valid queries.
///
/// Queries put the blank and the piece on distinct movable cells. Outside
/// [`Family::Adversarial`], about one target in twenty is the piece's own cell and one
/// in twenty is any cell (fixed ones included), the rest are movable cells. A board
/// with fewer than two movable cells gets two (or, if it has fewer than two cells, no
/// queries). Time and memory are linear in the number of cells plus queries.
///
/// ```
/// use huarongdao::generate::{generate, Family, GenParams};
///
/// let params = GenParams { family: Family::Rooms, rows: 12, cols: 9, density: 90, queries: 5, seed: 1 };
/// let (board, queries) = generate(&params)?;
/// assert_eq!((board.rows(), board.cols(), queries.len()), (12, 9, 5));
/// assert!(queries.iter().all(|q| board.check(q).is_ok()));
/// assert_eq!(generate(&params)?, (board, queries)); // reproducible
/// # Ok::<(), huarongdao::generate::GenParamsError>(())
/// ```
///
/// # Errors
/// The first thing [`GenParams::check`] finds wrong with `params`.
pub fn generate(params: &GenParams) -> Result<(Board, Vec<Query>), GenParamsError> {
    let generated = Generated::new(params)?;
    let queries = generated.queries().collect();
    Ok((generated.board, queries))
}

/// A generated board whose queries are drawn one at a time (so any number of them
/// takes no memory): [`generate`] without the list.
///
/// ```
/// use huarongdao::generate::{generate, Family, GenParams, Generated};
///
/// let params = GenParams { family: Family::Maze, rows: 9, cols: 9, density: 50, queries: 7, seed: 3 };
/// let generated = Generated::new(&params)?;
/// let queries: Vec<_> = generated.queries().collect();
/// assert_eq!(generate(&params)?, (generated.board.clone(), queries));
/// # Ok::<(), huarongdao::generate::GenParamsError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Generated {
    /// The generated board; [`Generated::queries`] draws its queries.
    pub board: Board,
    movable: Vec<Pos>,
    plan: Plan,
    /// The generator as the board left it: the queries are drawn from here.
    rng: SplitMix64,
    count: usize,
}

impl Generated {
    /// The board of `params`, ready to draw its queries.
    ///
    /// # Errors
    /// The first thing [`GenParams::check`] finds wrong with `params`.
    pub fn new(params: &GenParams) -> Result<Generated, GenParamsError> {
        params.check()?;
        let mut rng = SplitMix64::new(params.seed);
        let mut board = Board::new(params.rows, params.cols).expect("a size checked above");
        let mut plan = Plan::default();
        match params.family {
            Family::Random => fill_random(&mut board, &mut rng, params.density),
            Family::Open => {}
            Family::Maze => carve_maze(&mut board, &mut rng, params.density),
            Family::Rooms => divide_rooms(&mut board, &mut rng, params.density),
            Family::Adversarial => plan = adversarial(&mut board, &mut rng, params.seed),
        }
        let mut movable = movable_cells(&board);
        if movable.len() < 2 && params.rows * params.cols >= 2 {
            for pos in [Pos::new(0, 0), cell_at(&board, 1)] {
                board.set_movable(pos, true);
            }
            movable = movable_cells(&board);
        }
        let count = if movable.len() >= 2 {
            params.queries
        } else {
            0
        };
        Ok(Generated {
            board,
            movable,
            plan,
            rng,
            count,
        })
    }

    /// How many queries [`Generated::queries`] draws.
    pub fn query_count(&self) -> usize {
        self.count
    }

    /// The queries, drawn one at a time (the same ones every time).
    pub fn queries(&self) -> impl Iterator<Item = Query> + '_ {
        let mut rng = self.rng.clone();
        (0..self.count).map(move |_| {
            // (An empty plan draws nothing, so the other families' queries stay as
            // they always were.)
            match self.plan.pick(&mut rng) {
                Some((piece, target)) => {
                    Query::new(blank_off(piece, &self.movable, &mut rng), piece, target)
                }
                None => random_query(&self.board, &self.movable, &mut rng),
            }
        })
    }
}

fn cell_at(board: &Board, i: usize) -> Pos {
    Pos::new(i / board.cols(), i % board.cols())
}

fn movable_cells(board: &Board) -> Vec<Pos> {
    (0..board.rows() * board.cols())
        .map(|i| cell_at(board, i))
        .filter(|&p| board.is_movable(p))
        .collect()
}

fn random_query(board: &Board, movable: &[Pos], rng: &mut SplitMix64) -> Query {
    let blank = movable[rng.index(movable.len())];
    let piece = loop {
        let p = movable[rng.index(movable.len())];
        if p != blank {
            break p;
        }
    };
    let target = match rng.below(20) {
        0 => piece,
        1 => cell_at(board, rng.index(board.rows() * board.cols())),
        _ => movable[rng.index(movable.len())],
    };
    Query::new(blank, piece, target)
}

/// A random movable cell other than `piece` (there are at least two movable cells).
fn blank_off(piece: Pos, movable: &[Pos], rng: &mut SplitMix64) -> Pos {
    loop {
        let p = movable[rng.index(movable.len())];
        if p != piece {
            return p;
        }
    }
}

fn fill_random(board: &mut Board, rng: &mut SplitMix64, density: u32) {
    for i in 0..board.rows() * board.cols() {
        if rng.percent(density) {
            board.set_movable(cell_at(board, i), false);
        }
    }
}

/// [`Family::Maze`]: a depth-first maze over the cells with both coordinates even; the
/// cells between two such cells are walls the maze opens or keeps; cells with both
/// coordinates odd are pillars.
fn carve_maze(board: &mut Board, rng: &mut SplitMix64, density: u32) {
    let (rows, cols) = (board.rows(), board.cols());
    for r in 0..rows {
        for c in 0..cols {
            if r % 2 == 1 || c % 2 == 1 {
                board.set_movable(Pos::new(r, c), false);
            }
        }
    }
    let (mr, mc) = (rows.div_ceil(2), cols.div_ceil(2));
    let mut seen = vec![false; mr * mc];
    let mut stack = vec![(0usize, 0usize)];
    seen[0] = true;
    while let Some(&(r, c)) = stack.last() {
        let mut next = [(0, 0); 4];
        let mut count = 0;
        for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) else {
                continue;
            };
            if nr < mr && nc < mc && !seen[nr * mc + nc] {
                next[count] = (nr, nc);
                count += 1;
            }
        }
        if count == 0 {
            stack.pop();
            continue;
        }
        let (nr, nc) = next[rng.index(count)];
        seen[nr * mc + nc] = true;
        board.set_movable(Pos::new(r + nr, c + nc), true); // the wall between them
        stack.push((nr, nc));
    }
    // Knock out walls (never pillars) to make loops.
    for r in 0..rows {
        for c in 0..cols {
            let pos = Pos::new(r, c);
            if (r % 2 == 1) != (c % 2 == 1) && !board.is_movable(pos) && !rng.percent(density) {
                board.set_movable(pos, true);
            }
        }
    }
}

/// Recursive division: split a region by a wall with one door, recurse on both halves.
fn divide_rooms(board: &mut Board, rng: &mut SplitMix64, density: u32) {
    let mut regions = vec![(0, 0, board.rows(), board.cols())];
    let mut walls = Vec::new();
    while let Some((r0, c0, h, w)) = regions.pop() {
        let split_rows = h >= 5 && (w < 5 || h > w || (h == w && rng.percent(50)));
        if split_rows {
            let wall = r0 + 1 + 2 * rng.index((h - 1) / 2);
            let door = c0 + rng.index(w);
            for c in c0..c0 + w {
                if c != door {
                    walls.push(Pos::new(wall, c));
                }
            }
            regions.push((r0, c0, wall - r0, w));
            regions.push((wall + 1, c0, r0 + h - wall - 1, w));
        } else if w >= 5 {
            let wall = c0 + 1 + 2 * rng.index((w - 1) / 2);
            let door = r0 + rng.index(h);
            for r in r0..r0 + h {
                if r != door {
                    walls.push(Pos::new(r, wall));
                }
            }
            regions.push((r0, c0, h, wall - c0));
            regions.push((r0, wall + 1, h, c0 + w - wall - 1));
        }
    }
    for pos in walls {
        if rng.percent(density) {
            board.set_movable(pos, false);
        }
    }
}

/// A rectangle of cells, all movable when it is part of a [`Plan`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    row: usize,
    col: usize,
    rows: usize,
    cols: usize,
}

impl Rect {
    fn sample(self, rng: &mut SplitMix64) -> Pos {
        Pos::new(
            self.row + rng.index(self.rows),
            self.col + rng.index(self.cols),
        )
    }
}

/// Where the queries of a [`Family::Adversarial`] board go; empty for other families.
#[derive(Clone, Debug, Default)]
struct Plan {
    /// The piece can get from any cell of one area to any cell of the other, a long
    /// way round.
    far: Vec<(Rect, Rect)>,
    /// Movable cells joined by a path, but the piece can never get from one area to the
    /// other (a one-cell door lies between them).
    sealed: Vec<(Rect, Rect)>,
}

impl Plan {
    /// The piece and the target of the next query, or `None` (drawing nothing from
    /// `rng` when the plan is empty) for a random query.
    fn pick(&self, rng: &mut SplitMix64) -> Option<(Pos, Pos)> {
        if self.far.is_empty() && self.sealed.is_empty() {
            return None;
        }
        let pairs = match rng.below(10) {
            0..5 => &self.far,
            5..8 if !self.sealed.is_empty() => &self.sealed,
            5..8 => &self.far,
            _ => return None,
        };
        if pairs.is_empty() {
            return None;
        }
        let (mut from, mut to) = pairs[rng.index(pairs.len())];
        if rng.percent(50) {
            (from, to) = (to, from);
        }
        Some((from.sample(rng), to.sample(rng)))
    }
}

/// A board seen along its rows or, `transposed`, along its columns: layouts are
/// written for `rows x cols` frames and [`Frame::pos`] maps them onto the board.
#[derive(Clone, Copy, Debug)]
struct Frame {
    transposed: bool,
    rows: usize,
    cols: usize,
}

impl Frame {
    fn both(board: &Board) -> [Frame; 2] {
        let (rows, cols) = (board.rows(), board.cols());
        [
            Frame {
                transposed: false,
                rows,
                cols,
            },
            Frame {
                transposed: true,
                rows: cols,
                cols: rows,
            },
        ]
    }

    fn pos(self, r: usize, c: usize) -> Pos {
        if self.transposed {
            Pos::new(c, r)
        } else {
            Pos::new(r, c)
        }
    }

    fn rect(self, row: usize, col: usize, rows: usize, cols: usize) -> Rect {
        if self.transposed {
            Rect {
                row: col,
                col: row,
                rows: cols,
                cols: rows,
            }
        } else {
            Rect {
                row,
                col,
                rows,
                cols,
            }
        }
    }

    /// Fixes the frame's cell `(r, c)`.
    fn fix(self, board: &mut Board, r: usize, c: usize) {
        board.set_movable(self.pos(r, c), false);
    }
}

/// The layouts of [`Family::Adversarial`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    Serpentine,
    Blocks,
    Halves,
}

impl Layout {
    const ALL: [Layout; 3] = [Layout::Serpentine, Layout::Blocks, Layout::Halves];

    /// Whether the layout fits a frame of this size.
    fn fits(self, frame: Frame) -> bool {
        let (rows, cols) = (frame.rows, frame.cols);
        match self {
            // Two lanes and the wall between; a wall cell beside each gap.
            Layout::Serpentine => rows >= 5 && cols >= 3,
            // One block of 2 x 2 with streets round it.
            Layout::Blocks => rows >= 4 && cols >= 4,
            // Halves two cells wide either side of the wall.
            Layout::Halves => rows >= 2 && cols >= 5,
        }
    }
}

/// [`Family::Adversarial`]: lays out the layout the seed picks (consecutive seeds take
/// turns), or one chosen at random among those that fit if it does not, and says where
/// its queries go; an empty plan (an open board) if none fits.
fn adversarial(board: &mut Board, rng: &mut SplitMix64, seed: u64) -> Plan {
    let chosen = Layout::ALL[(seed % Layout::ALL.len() as u64) as usize];
    let mut fitting: Vec<(Layout, Frame)> = Frame::both(board)
        .into_iter()
        .filter(|&f| chosen.fits(f))
        .map(|f| (chosen, f))
        .collect();
    if fitting.is_empty() {
        for layout in Layout::ALL {
            for frame in Frame::both(board) {
                if layout.fits(frame) {
                    fitting.push((layout, frame));
                }
            }
        }
    }
    if fitting.is_empty() {
        return Plan::default();
    }
    let (layout, frame) = fitting[rng.index(fitting.len())];
    match layout {
        Layout::Serpentine => serpentine(board, rng, frame),
        Layout::Blocks => blocks(board, rng, frame),
        Layout::Halves => halves(board, rng, frame),
    }
}

/// Lanes on frame rows `3i` and `3i + 1`, walls on rows `3i + 2` open for two cells at
/// the right end after even lanes and the left end after odd ones, so the lanes make
/// one winding way from lane 0's left end. Rows below the last whole lane are fixed.
/// With three lanes or more, half the time one gap keeps only one cell: a door.
fn serpentine(board: &mut Board, rng: &mut SplitMix64, f: Frame) -> Plan {
    let (rows, cols) = (f.rows, f.cols);
    let lanes = (rows + 1) / 3;
    let last_row = 3 * lanes - 2;
    let door = (lanes >= 3 && rng.percent(50)).then(|| rng.index(lanes - 1));
    for r in 0..rows {
        for c in 0..cols {
            let open = match r % 3 {
                _ if r > last_row => false,
                2 if (r / 3) % 2 == 0 => c >= cols - 2,
                2 => c < 2,
                _ => true,
            };
            if !open {
                f.fix(board, r, c);
            }
        }
    }
    if let Some(wall) = door {
        let gap = if wall % 2 == 0 { cols - 2 } else { 0 };
        f.fix(board, 3 * wall + 2, gap + rng.index(2));
    }
    // The two-by-two ends of lane `i`, where the way enters it and where it leaves.
    let left = |i: usize| f.rect(3 * i, 0, 2, 2);
    let right = |i: usize| f.rect(3 * i, cols - 2, 2, 2);
    let entry = |i: usize| if i % 2 == 0 { left(i) } else { right(i) };
    let exit = |i: usize| if i % 2 == 0 { right(i) } else { left(i) };
    match door {
        None => Plan {
            far: vec![(entry(0), exit(lanes - 1))],
            sealed: Vec::new(),
        },
        Some(wall) => Plan {
            far: vec![(entry(0), exit(wall)), (entry(wall + 1), exit(lanes - 1))],
            sealed: vec![(entry(0), exit(lanes - 1)), (exit(wall), entry(wall + 1))],
        },
    }
}

/// Fixed blocks of `b x b` cells (b from 3 to a quarter of the shorter side, or 2 on
/// boards whose shorter side is under 12) between streets one cell wide on every row
/// and column that is a multiple of `b + 1`, and on the last row and column. With
/// `b >= 3` one whole block is hollowed into a room whose only door is one cell of its
/// top wall.
fn blocks(board: &mut Board, rng: &mut SplitMix64, f: Frame) -> Plan {
    let (rows, cols) = (f.rows, f.cols);
    let largest = (rows.min(cols) / 4).max(2) as u64;
    let b = rng.range(largest.min(3), largest) as usize;
    let street =
        |r: usize, c: usize| r % (b + 1) == 0 || c % (b + 1) == 0 || r == rows - 1 || c == cols - 1;
    for r in 0..rows {
        for c in 0..cols {
            if !street(r, c) {
                f.fix(board, r, c);
            }
        }
    }
    let w = (b + 1).min(cols);
    let far = vec![
        (f.rect(0, 0, 1, w), f.rect(rows - 1, cols - w, 1, w)),
        (f.rect(0, cols - w, 1, w), f.rect(rows - 1, 0, 1, w)),
    ];
    let mut sealed = Vec::new();
    if b >= 3 {
        // Block (i, j) spans rows i(b+1)+1 ..= i(b+1)+b; whole if that ends before the
        // last row (which is a street).
        let whole = |n: usize| (n - 2 - b) / (b + 1) + 1;
        let top = rng.index(whole(rows)) * (b + 1) + 1;
        let left = rng.index(whole(cols)) * (b + 1) + 1;
        for r in top + 1..top + b - 1 {
            for c in left + 1..left + b - 1 {
                board.set_movable(f.pos(r, c), true);
            }
        }
        let door = left + 1 + rng.index(b - 2);
        board.set_movable(f.pos(top, door), true);
        let room = f.rect(top + 1, left + 1, b - 2, b - 2);
        sealed.push((room, far[0].0));
        sealed.push((room, far[0].1));
    }
    Plan { far, sealed }
}

/// A wall down the middle column with a one-cell door; both halves open.
fn halves(board: &mut Board, rng: &mut SplitMix64, f: Frame) -> Plan {
    let (rows, cols) = (f.rows, f.cols);
    let wall = cols / 2;
    let door = rng.index(rows);
    for r in (0..rows).filter(|&r| r != door) {
        f.fix(board, r, wall);
    }
    // The corners are 2 x 2: a frame the layout fits has 2 rows or more and 2 columns
    // or more on each side of the wall (5 columns or more).
    debug_assert!(Layout::Halves.fits(f));
    let corner = |row: usize, col: usize| f.rect(row, col, 2, 2);
    Plan {
        far: vec![
            (corner(0, 0), corner(rows - 2, wall - 2)),
            (corner(0, cols - 2), corner(rows - 2, wall + 1)),
        ],
        sealed: vec![(
            f.rect(0, 0, rows, wall),
            f.rect(0, wall + 1, rows, cols - wall - 1),
        )],
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Choice;

    /// `check` refuses a side of 0, more than [`MAX_CELLS`] cells (overflow included)
    /// and a density over 100, and says so in its message; the edges of the ranges pass.
    #[test]
    fn parameters_out_of_range_are_errors() {
        let params = |rows, cols, density| GenParams {
            family: Family::Open,
            rows,
            cols,
            density,
            queries: 1,
            seed: 0,
        };
        for (rows, cols) in [(0, 3), (3, 0), (1, MAX_CELLS + 1), (usize::MAX, 2)] {
            let error = GenParamsError::Size { rows, cols };
            assert_eq!(params(rows, cols, 50).check(), Err(error));
            assert_eq!(Generated::new(&params(rows, cols, 50)).unwrap_err(), error);
        }
        assert_eq!(
            params(3, 4, 101).check(),
            Err(GenParamsError::Percent { density: 101 })
        );
        for (rows, cols, density) in [(1, 1, 0), (1, MAX_CELLS, 100), (2048, 2048, 0)] {
            assert_eq!(params(rows, cols, density).check(), Ok(()));
        }
        assert_eq!(
            GenParamsError::Size { rows: 0, cols: 3 }.to_string(),
            "expected a board of 1 to 4194304 cells, found 0 x 3"
        );
        assert_eq!(
            GenParamsError::Percent { density: 101 }.to_string(),
            "expected density from 0 to 100 percent, found 101"
        );
    }

    /// `query_count` is the queries asked for, or 0 on a board of one cell.
    #[test]
    fn the_query_count_is_what_queries_draws() {
        for (rows, cols, expected) in [(3, 4, 5), (1, 1, 0)] {
            let params = GenParams {
                family: Family::Random,
                rows,
                cols,
                density: 30,
                queries: 5,
                seed: 2,
            };
            let generated = Generated::new(&params).unwrap();
            assert_eq!(generated.query_count(), expected);
            assert_eq!(generated.queries().count(), expected);
        }
    }

    /// Cells are numbered row-major: the movable ones come in that order. (Named to run
    /// first of this module's tests: with every cell at one place, drawing a query loops
    /// for ever, and the generating tests after it would hold both test threads.)
    #[test]
    fn a_cell_number_is_its_row_major_position() {
        let board = Board::from_rows(&["01", "10", "11"]).unwrap();
        assert_eq!(cell_at(&board, 5), Pos::new(2, 1));
        assert_eq!(
            movable_cells(&board),
            [
                Pos::new(0, 1),
                Pos::new(1, 0),
                Pos::new(2, 0),
                Pos::new(2, 1)
            ]
        );
    }

    #[test]
    fn every_family_gives_valid_queries() {
        for &family in Family::ALL {
            for seed in 0..20 {
                for (rows, cols) in [(1, 1), (1, 2), (1, 7), (6, 1), (5, 5), (8, 8), (9, 30)] {
                    let params = GenParams {
                        family,
                        rows,
                        cols,
                        density: (seed as u32 * 7) % 101,
                        queries: 6,
                        seed,
                    };
                    let (board, queries) = generate(&params).unwrap();
                    assert_eq!((board.rows(), board.cols()), (rows, cols));
                    let expected = if rows * cols >= 2 { 6 } else { 0 };
                    assert_eq!(queries.len(), expected, "{params:?}");
                    for q in &queries {
                        assert_eq!(board.check(q), Ok(()), "{params:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn random_density_is_roughly_respected() {
        for density in [0, 15, 60] {
            let params = GenParams {
                family: Family::Random,
                rows: 40,
                cols: 40,
                density,
                queries: 0,
                seed: 3,
            };
            let (board, _) = generate(&params).unwrap();
            let fixed = movable_cells(&board).len().abs_diff(1600);
            let expected = 1600 * density as usize / 100;
            assert!(fixed.abs_diff(expected) <= 80, "{density}%: {fixed} fixed");
        }
    }

    #[test]
    fn family_names_round_trip() {
        for &f in Family::ALL {
            assert_eq!(f.name().parse::<Family>(), Ok(f));
            assert_eq!(f.to_string(), f.name());
            let summary = f.summary();
            assert!(!summary.is_empty() && !summary.contains('\n'), "{f}");
        }
        assert_eq!("corridors".parse::<Family>(), Ok(Family::Maze));
        assert_eq!(
            "walls".parse::<Family>().unwrap_err().to_string(),
            "expected one of random, open, maze, rooms, adversarial, found \"walls\""
        );
    }

    #[test]
    fn maze_is_the_old_corridors_family() {
        // Pinned output of the family when it was called `corridors`: the fixtures made
        // with `--family corridors` must regenerate byte for byte.
        let params = GenParams {
            family: "corridors".parse().unwrap(),
            rows: 7,
            cols: 9,
            density: 70,
            queries: 3,
            seed: 5,
        };
        let (board, queries) = generate(&params).unwrap();
        let expected = Board::from_rows(&[
            "101110111",
            "101010101",
            "111011111",
            "001010101",
            "111011101",
            "101010101",
            "101111111",
        ])
        .unwrap();
        assert_eq!(board, expected);
        let q = |b: (usize, usize), p: (usize, usize), t: (usize, usize)| {
            Query::new(Pos::new(b.0, b.1), Pos::new(p.0, p.1), Pos::new(t.0, t.1))
        };
        assert_eq!(
            queries,
            [
                q((1, 2), (6, 8), (6, 7)),
                q((5, 0), (2, 5), (0, 7)),
                q((0, 0), (3, 8), (3, 2))
            ]
        );
    }

    #[test]
    fn open_boards_have_no_fixed_cells() {
        for (rows, cols, density) in [(1, 2, 100), (5, 7, 50), (30, 30, 15)] {
            let params = GenParams {
                family: Family::Open,
                rows,
                cols,
                density,
                queries: 10,
                seed: 4,
            };
            let (board, queries) = generate(&params).unwrap();
            assert_eq!(movable_cells(&board).len(), rows * cols);
            assert_eq!(queries.len(), 10);
        }
    }

    fn adversarial(rows: usize, cols: usize, queries: usize, seed: u64) -> GenParams {
        GenParams {
            family: Family::Adversarial,
            rows,
            cols,
            density: 30,
            queries,
            seed,
        }
    }

    #[test]
    fn adversarial_is_valid_from_tiny_to_huge() {
        let sizes = [
            (2, 2),
            (2, 5),
            (3, 3),
            (3, 4),
            (4, 4),
            (4, 3),
            (5, 3),
            (3, 5),
            (6, 6),
            (7, 2),
            (11, 4),
            (20, 20),
            (30, 30),
            (2, 40),
            (40, 2),
            (31, 17),
            (1, 1000),
        ];
        for (rows, cols) in sizes {
            for seed in 0..12 {
                let params = adversarial(rows, cols, 50, seed);
                let (board, queries) = generate(&params).unwrap();
                assert_eq!(queries.len(), 50, "{params:?}");
                for q in &queries {
                    assert_eq!(board.check(q), Ok(()), "{params:?}");
                }
            }
        }
        for seed in 0..3 {
            let params = adversarial(2048, 2048, 500, seed);
            let (board, queries) = generate(&params).unwrap();
            assert_eq!((board.rows(), board.cols()), (2048, 2048));
            assert!(queries.iter().all(|q| board.check(q).is_ok()), "{params:?}");
        }
    }

    #[test]
    fn small_boards_fall_back_to_open() {
        for (rows, cols) in [(1, 9), (9, 1), (3, 4), (4, 3), (2, 4)] {
            let (board, _) = generate(&adversarial(rows, cols, 5, 1)).unwrap();
            assert_eq!(movable_cells(&board).len(), rows * cols, "{rows} x {cols}");
        }
    }

    /// Whether the target is movable and joined to the piece by movable cells.
    fn connected(board: &Board, from: Pos, to: Pos) -> bool {
        let cols = board.cols();
        let mut seen = vec![false; board.rows() * cols];
        seen[from.row * cols + from.col] = true;
        let mut stack = vec![from];
        while let Some(here) = stack.pop() {
            if here == to {
                return true;
            }
            for next in grid_core::Dir::ALL.into_iter().filter_map(|d| here.step(d)) {
                if board.is_movable(next) && !seen[next.row * cols + next.col] {
                    seen[next.row * cols + next.col] = true;
                    stack.push(next);
                }
            }
        }
        false
    }

    /// How many (blank, piece) states a plain breadth-first search visits from `query`
    /// when it never finds the target: all those reachable.
    fn reachable_states(board: &Board, query: &Query) -> usize {
        let cols = board.cols();
        let cells = board.rows() * cols;
        let index = |p: Pos| p.row * cols + p.col;
        let mut seen = vec![false; cells * cells];
        seen[index(query.blank) * cells + index(query.piece)] = true;
        let mut stack = vec![(query.blank, query.piece)];
        let mut count = 0;
        while let Some((blank, piece)) = stack.pop() {
            count += 1;
            for next in grid_core::Dir::ALL
                .into_iter()
                .filter_map(|d| blank.step(d))
            {
                if !board.is_movable(next) {
                    continue;
                }
                let piece = if next == piece { blank } else { piece };
                let state = index(next) * cells + index(piece);
                if !seen[state] {
                    seen[state] = true;
                    stack.push((next, piece));
                }
            }
        }
        count
    }

    #[test]
    fn adversarial_is_hard_in_the_intended_ways() {
        let (mut sealed, mut exhausting, mut long, mut longest) = (0, 0, 0, 0);
        for seed in 0..12 {
            let (board, queries) = generate(&adversarial(20, 20, 40, seed)).unwrap();
            let mut solver = crate::Solver::new();
            for (i, q) in queries.iter().enumerate() {
                let answer = solver.solve(&board, q).unwrap();
                if i % 4 == 0 {
                    // The naive oracle agrees (on a sample: it is slow).
                    let naive = crate::oracle::solve_as_text(&board, q).map(|(m, _)| m);
                    assert_eq!(answer, naive, "seed {seed}: {q:?}");
                }
                match answer {
                    None if connected(&board, q.piece, q.target) => {
                        sealed += 1;
                        // A search that does not know better visits every state.
                        if reachable_states(&board, q) >= 10_000 {
                            exhausting += 1;
                        }
                    }
                    None => {}
                    Some(moves) => {
                        let manhattan = q.piece.manhattan(q.target) as u64;
                        if moves >= 10 * manhattan + 50 {
                            long += 1;
                        }
                        longest = longest.max(moves);
                    }
                }
            }
        }
        // 480 queries; measured: 135 sealed (108 of them exhausting), 168 long, the
        // longest 821 moves.
        assert!(sealed >= 60, "{sealed} answers -1 with a connected target");
        assert!(exhausting >= 60, "{exhausting} exhausting searches");
        assert!(long >= 100, "{long} answers over 10 x Manhattan + 50");
        assert!(longest >= 500, "longest answer {longest}");
    }

    /// The board as rows of `1` (movable) and `0` (fixed), as `Board::from_rows` reads.
    fn picture(board: &Board) -> Vec<String> {
        (0..board.rows())
            .map(|r| {
                (0..board.cols())
                    .map(|c| {
                        if board.is_movable(Pos::new(r, c)) {
                            '1'
                        } else {
                            '0'
                        }
                    })
                    .collect()
            })
            .collect()
    }

    fn rect(row: usize, col: usize, rows: usize, cols: usize) -> Rect {
        Rect {
            row,
            col,
            rows,
            cols,
        }
    }

    /// Lays `layout` out on an open board of `rows x cols` frame cells (the board is
    /// `cols x rows` when `transposed`), from `SplitMix64::new(seed)`.
    fn lay_out(
        layout: fn(&mut Board, &mut SplitMix64, Frame) -> Plan,
        (rows, cols): (usize, usize),
        transposed: bool,
        seed: u64,
    ) -> (Vec<String>, Plan) {
        let (board_rows, board_cols) = if transposed {
            (cols, rows)
        } else {
            (rows, cols)
        };
        let mut board = Board::new(board_rows, board_cols).unwrap();
        let frame = Frame {
            transposed,
            rows,
            cols,
        };
        let plan = layout(&mut board, &mut SplitMix64::new(seed), frame);
        (picture(&board), plan)
    }

    /// `pick` rolls 0..10: below 5 a far pair, 5..8 a sealed pair (a far one when there
    /// is none), 8 and 9 a random query (`None`), as a plan with no pair of the kind
    /// rolled; then a pair, which way round, and a cell of each area.
    #[test]
    fn a_plan_picks_by_its_roll() {
        let far = vec![(rect(0, 0, 2, 2), rect(10, 10, 2, 2))];
        let sealed = vec![(rect(20, 0, 1, 3), rect(30, 5, 3, 1))];
        // The first roll of seeds 0..10; every kind of roll is among them.
        let rolls: Vec<u64> = (0..10).map(|s| SplitMix64::new(s).below(10)).collect();
        assert_eq!(rolls, [8, 5, 5, 1, 4, 3, 7, 3, 6, 6]);
        // The piece's and the target's cells, as (row, column).
        type Pick = ((usize, usize), (usize, usize));
        let picks = |plan: &Plan| -> Vec<Option<Pick>> {
            (0..10)
                .map(|seed| {
                    let pick = plan.pick(&mut SplitMix64::new(seed));
                    pick.map(|(a, b)| ((a.row, a.col), (b.row, b.col)))
                })
                .collect()
        };
        let both = Plan {
            far: far.clone(),
            sealed: sealed.clone(),
        };
        assert_eq!(
            picks(&both),
            [
                None,
                Some(((20, 1), (32, 5))),
                Some(((20, 0), (31, 5))),
                Some(((0, 0), (11, 10))),
                Some(((0, 0), (11, 11))),
                Some(((10, 10), (0, 1))),
                Some(((30, 5), (20, 0))),
                Some(((1, 0), (10, 10))),
                Some(((20, 0), (31, 5))),
                Some(((32, 5), (20, 1))),
            ]
        );
        // Without sealed pairs, rolls 5..8 take a far pair too.
        let far_only = Plan {
            far: far.clone(),
            sealed: Vec::new(),
        };
        assert_eq!(
            picks(&far_only),
            [
                None,
                Some(((0, 0), (11, 11))),
                Some(((1, 0), (10, 11))),
                Some(((0, 0), (11, 10))),
                Some(((0, 0), (11, 11))),
                Some(((10, 10), (0, 1))),
                Some(((10, 11), (1, 0))),
                Some(((1, 0), (10, 10))),
                Some(((1, 0), (10, 11))),
                Some(((11, 10), (0, 1))),
            ]
        );
        // Without far pairs, rolls below 5 are random queries.
        let sealed_only = Plan {
            far: Vec::new(),
            sealed,
        };
        assert_eq!(
            picks(&sealed_only),
            [
                None,
                Some(((20, 1), (32, 5))),
                Some(((20, 0), (31, 5))),
                None,
                None,
                None,
                Some(((30, 5), (20, 0))),
                None,
                Some(((20, 0), (31, 5))),
                Some(((32, 5), (20, 1))),
            ]
        );
        // An empty plan draws nothing.
        let mut rng = SplitMix64::new(3);
        assert_eq!(Plan::default().pick(&mut rng), None);
        assert_eq!(rng.next_u64(), SplitMix64::new(3).next_u64());
    }

    /// Halves: a wall down the middle column with a one-cell door; the far pairs from
    /// each half's top outer corner to its bottom corner by the wall, the halves sealed
    /// from each other.
    #[test]
    fn halves_wall_the_middle_column_but_its_door() {
        for seed in 0..4 {
            let (picture, plan) = lay_out(halves, (2, 5), false, seed);
            let door = usize::from(picture[0] != "11111");
            let mut expected = ["11011", "11011"];
            expected[door] = "11111";
            assert_eq!(picture, expected, "seed {seed}");
            assert_eq!(
                plan.far,
                [
                    (rect(0, 0, 2, 2), rect(0, 0, 2, 2)),
                    (rect(0, 3, 2, 2), rect(0, 3, 2, 2))
                ]
            );
            assert_eq!(plan.sealed, [(rect(0, 0, 2, 2), rect(0, 3, 2, 2))]);
        }
        let (picture, plan) = lay_out(halves, (4, 8), false, 1);
        assert_eq!(
            picture
                .iter()
                .filter(|row| row.as_bytes()[4] == b'1')
                .count(),
            1
        );
        assert_eq!(
            plan.far,
            [
                (rect(0, 0, 2, 2), rect(2, 2, 2, 2)),
                (rect(0, 6, 2, 2), rect(2, 5, 2, 2))
            ]
        );
        assert_eq!(plan.sealed, [(rect(0, 0, 4, 4), rect(0, 5, 4, 3))]);
        // Transposed: the same in the board's columns.
        let (_, plan) = lay_out(halves, (4, 8), true, 1);
        assert_eq!(plan.far[1], (rect(6, 0, 2, 2), rect(5, 2, 2, 2)));
    }

    /// Each layout fits from its smallest frame on, and not one row or column less.
    #[test]
    fn layouts_fit_from_their_smallest_frame() {
        let fits = |layout: Layout, rows, cols| {
            layout.fits(Frame {
                transposed: false,
                rows,
                cols,
            })
        };
        for (layout, rows, cols) in [
            (Layout::Serpentine, 5, 3),
            (Layout::Blocks, 4, 4),
            (Layout::Halves, 2, 5),
        ] {
            assert!(fits(layout, rows, cols), "{layout:?} {rows} x {cols}");
            assert!(fits(layout, rows + 9, cols + 9), "{layout:?}");
            assert!(
                !fits(layout, rows - 1, cols),
                "{layout:?} {rows} - 1 x {cols}"
            );
            assert!(
                !fits(layout, rows, cols - 1),
                "{layout:?} {rows} x {cols} - 1"
            );
            assert!(!fits(layout, rows - 1, cols - 1), "{layout:?}");
        }
    }

    /// Serpentines of (rows + 1) / 3 lanes and no door: with two lanes (never a door,
    /// whatever the seed) and with three and four (on seeds whose coin says no door).
    /// Walls open at the right after lanes 0 and 2, at the left after lane 1; rows
    /// below the last lane fixed; the far pair from lane 0's left end to the last
    /// lane's exit (left after an odd lane, right after an even one).
    #[test]
    fn a_serpentine_winds_through_its_lanes() {
        let serpentine = |size, transposed, seed| lay_out(serpentine, size, transposed, seed);
        for seed in 0..8 {
            let (picture, plan) = serpentine((6, 5), false, seed);
            assert_eq!(
                picture,
                ["11111", "11111", "00011", "11111", "11111", "00000"],
                "seed {seed}"
            );
            assert_eq!(plan.far, [(rect(0, 0, 2, 2), rect(3, 0, 2, 2))]);
            assert_eq!(plan.sealed, []);
        }
        // Seeds 0, 1 and 2 draw no door.
        for seed in 0..3 {
            let (picture, plan) = serpentine((8, 5), false, seed);
            let expected = [
                "11111", "11111", "00011", "11111", "11111", "11000", "11111", "11111",
            ];
            assert_eq!(picture, expected, "seed {seed}");
            assert_eq!(plan.far, [(rect(0, 0, 2, 2), rect(6, 3, 2, 2))]);
            assert_eq!(plan.sealed, []);
        }
        let (picture, plan) = serpentine((10, 5), false, 0);
        assert_eq!(
            picture,
            [
                "11111", "11111", "00011", "11111", "11111", "11000", "11111", "11111", "00000",
                "00000"
            ]
        );
        assert_eq!(plan.far, [(rect(0, 0, 2, 2), rect(6, 3, 2, 2))]);
        let (picture, plan) = serpentine((11, 6), false, 0);
        assert_eq!(
            picture,
            [
                "111111", "111111", "000011", "111111", "111111", "110000", "111111", "111111",
                "000011", "111111", "111111"
            ]
        );
        assert_eq!(plan.far, [(rect(0, 0, 2, 2), rect(9, 0, 2, 2))]);
        assert_eq!(plan.sealed, []);
        // Along the columns: frame row r is board column r.
        let (picture, plan) = serpentine((5, 8), true, 0);
        assert_eq!(
            picture,
            [
                "11011", "11011", "11011", "11011", "11011", "11011", "11111", "11111"
            ]
        );
        assert_eq!(plan.far, [(rect(0, 0, 2, 2), rect(0, 3, 2, 2))]);
        assert_eq!(plan.sealed, []);
    }

    /// With three lanes or more and the coin on yes, one gap (wall `index(lanes - 1)`)
    /// keeps one of its two cells: the far pairs end and start at that door, and the
    /// sealed ones cross it.
    #[test]
    fn a_serpentine_door_narrows_one_gap() {
        let serpentine = |size, seed| lay_out(serpentine, size, false, seed);
        let lanes = |i: usize, left: bool| rect(3 * i, if left { 0 } else { 3 }, 2, 2);
        // Seed 7: wall 0, at the right; its column 4 fixed, 3 the door.
        let (picture, plan) = serpentine((8, 5), 7);
        let expected = [
            "11111", "11111", "00010", "11111", "11111", "11000", "11111", "11111",
        ];
        assert_eq!(picture, expected);
        let (entry0, exit0) = (lanes(0, true), lanes(0, false));
        let (entry1, exit2) = (lanes(1, false), lanes(2, false));
        assert_eq!(plan.far, [(entry0, exit0), (entry1, exit2)]);
        assert_eq!(plan.sealed, [(entry0, exit2), (exit0, entry1)]);
        // Seeds 3, 4 and 5: wall 1, at the left; the door in column 0, or 1 for seed 5.
        for (seed, wall) in [(3, "10000"), (4, "10000"), (5, "01000")] {
            let (picture, plan) = serpentine((8, 5), seed);
            let expected = [
                "11111", "11111", "00011", "11111", "11111", wall, "11111", "11111",
            ];
            assert_eq!(picture, expected, "seed {seed}");
            let (exit1, entry2) = (lanes(1, true), lanes(2, true));
            assert_eq!(plan.far, [(entry0, exit1), (entry2, exit2)], "seed {seed}");
            assert_eq!(
                plan.sealed,
                [(entry0, exit2), (exit1, entry2)],
                "seed {seed}"
            );
        }
        // Four lanes, seeds 3, 4 and 5: wall 2, at the right, six columns wide.
        for (seed, wall) in [(3, "000010"), (4, "000010"), (5, "000001")] {
            let (picture, plan) = serpentine((11, 6), seed);
            let expected = [
                "111111", "111111", "000011", "111111", "111111", "110000", "111111", "111111",
                wall, "111111", "111111",
            ];
            assert_eq!(picture, expected, "seed {seed}");
            let (entry0, exit2) = (rect(0, 0, 2, 2), rect(6, 4, 2, 2));
            let (entry3, exit3) = (rect(9, 4, 2, 2), rect(9, 0, 2, 2));
            assert_eq!(plan.far, [(entry0, exit2), (entry3, exit3)], "seed {seed}");
            assert_eq!(
                plan.sealed,
                [(entry0, exit3), (exit2, entry3)],
                "seed {seed}"
            );
        }
    }

    /// City blocks on a `rows x cols` frame: streets on the rows and columns that are
    /// multiples of `b + 1` and on the last ones, every other cell fixed but a room's:
    /// `(top, left, door)` hollows the `(b - 2) x (b - 2)` inside of the block whose
    /// top left cell is `(top, left)` and opens `(top, door)`. Written out cell by cell
    /// (the board is `cols x rows`, transposed, when `transposed`).
    fn city(
        (rows, cols): (usize, usize),
        transposed: bool,
        b: usize,
        room: Option<(usize, usize, usize)>,
    ) -> Vec<String> {
        let open = |r: usize, c: usize| {
            let street = r % (b + 1) == 0 || c % (b + 1) == 0 || r == rows - 1 || c == cols - 1;
            let hollow = room.is_some_and(|(top, left, door)| {
                (r == top && c == door)
                    || ((top + 1..top + b - 1).contains(&r)
                        && (left + 1..left + b - 1).contains(&c))
            });
            street || hollow
        };
        let (board_rows, board_cols) = if transposed {
            (cols, rows)
        } else {
            (rows, cols)
        };
        (0..board_rows)
            .map(|i| {
                (0..board_cols)
                    .map(|j| {
                        let (r, c) = if transposed { (j, i) } else { (i, j) };
                        if open(r, c) { '1' } else { '0' }
                    })
                    .collect()
            })
            .collect()
    }

    /// Blocks of 2 x 2 on boards whose shorter side is under 12 (no room), from 3 x 3 to
    /// a quarter of the shorter side on larger ones (with a room); the far pairs join
    /// the first row's ends to the last row's opposite ends, `b + 1` wide, and the
    /// sealed ones the room to the first far pair.
    #[test]
    fn city_blocks_are_laid_out_by_their_size() {
        let blocks = |size, transposed, seed| lay_out(blocks, size, transposed, seed);
        let expected = [
            "111111111",
            "100100101",
            "100100101",
            "111111111",
            "100100101",
            "100100101",
            "111111111",
            "111111111",
        ];
        for seed in 0..4 {
            let (picture, plan) = blocks((8, 9), false, seed);
            assert_eq!(picture, expected, "seed {seed}");
            assert_eq!(picture, city((8, 9), false, 2, None));
            let far = [
                (rect(0, 0, 1, 3), rect(7, 6, 1, 3)),
                (rect(0, 6, 1, 3), rect(7, 0, 1, 3)),
            ];
            assert_eq!(plan.far, far, "seed {seed}");
            assert_eq!(plan.sealed, []);
        }
        // 12 x 13: blocks of 3 x 3; the room is the top left block's middle cell, its
        // door above it.
        let (picture, plan) = blocks((12, 13), false, 0);
        let expected = [
            "1111111111111",
            "1010100010001",
            "1010100010001",
            "1000100010001",
            "1111111111111",
            "1000100010001",
            "1000100010001",
            "1000100010001",
            "1111111111111",
            "1000100010001",
            "1000100010001",
            "1111111111111",
        ];
        assert_eq!(picture, expected);
        assert_eq!(picture, city((12, 13), false, 3, Some((1, 1, 2))));
        let far = [
            (rect(0, 0, 1, 4), rect(11, 9, 1, 4)),
            (rect(0, 9, 1, 4), rect(11, 0, 1, 4)),
        ];
        assert_eq!(plan.far, far);
        let room = rect(2, 2, 1, 1);
        assert_eq!(plan.sealed, [(room, far[0].0), (room, far[0].1)]);
        // 17 x 16: blocks of 4 x 4 (seeds 0, 1, 2) or 3 x 3 (seed 3), rooms anywhere;
        // 20 x 21: blocks of 5 x 5, rooms of 3 x 3 with the door at any of three cells.
        for ((rows, cols), seed, b, room) in [
            ((17, 16), 0, 4, (6, 1, 3)),
            ((17, 16), 1, 4, (11, 11, 12)),
            ((17, 16), 2, 4, (11, 6, 8)),
            ((17, 16), 3, 3, (9, 5, 6)),
            ((20, 21), 0, 5, (7, 1, 4)),
            ((20, 21), 6, 5, (7, 1, 2)),
            ((20, 21), 9, 5, (13, 1, 4)),
            ((20, 21), 13, 5, (1, 7, 8)),
        ] {
            let (picture, plan) = blocks((rows, cols), false, seed);
            let expected = city((rows, cols), false, b, Some(room));
            assert_eq!(picture, expected, "{rows} x {cols}, seed {seed}");
            let w = b + 1;
            let far = [
                (rect(0, 0, 1, w), rect(rows - 1, cols - w, 1, w)),
                (rect(0, cols - w, 1, w), rect(rows - 1, 0, 1, w)),
            ];
            assert_eq!(plan.far, far, "{rows} x {cols}, seed {seed}");
            let room = rect(room.0 + 1, room.1 + 1, b - 2, b - 2);
            assert_eq!(plan.sealed, [(room, far[0].0), (room, far[0].1)]);
        }
        // Along the columns: the frame's 13 rows are the board's columns.
        let (picture, plan) = blocks((13, 12), true, 1);
        assert_eq!(picture, city((13, 12), true, 3, Some((9, 5, 6))));
        assert_eq!(picture[6], "1000100011101");
        let far = [
            (rect(0, 0, 4, 1), rect(8, 12, 4, 1)),
            (rect(8, 0, 4, 1), rect(0, 12, 4, 1)),
        ];
        assert_eq!(plan.far, far);
        let room = rect(6, 10, 1, 1);
        assert_eq!(plan.sealed, [(room, far[0].0), (room, far[0].1)]);
    }
}
