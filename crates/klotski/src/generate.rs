//! Seeded generators of layouts, in the families of [`Family`].

use crate::layout::{EMPTY, MAX_CELLS};
use crate::{Goal, Layout, LayoutError, Limits, Metric, Solver};
use grid_core::{Dir, Pos, SplitMix64};
use std::fmt;
use std::str::FromStr;

/// How a layout is made: the `--family` of `gridsolve gen`. Every family packs the board
/// with pieces of the [`Shapes`] palette, leaving `empty` cells free, and puts the goal
/// piece's goal at the bottom centre (except [`Family::Loose`]). The same [`GenParams`]
/// give the same layout on every platform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Solvable by construction: the board is packed with the goal piece on its goal, then
    /// scrambled by `steps` random one-cell steps (never undoing the step before), and by
    /// up to `steps` more while it is still solved, so the goal is at most `2 * steps`
    /// steps away. A packing that stays solved (its goal piece cannot leave the goal) is
    /// packed again, up to 64 times.
    Random,
    /// Far from solved: `tries` boards are packed with the goal piece on its goal; in each
    /// one's group of reachable boards, a board farthest (under `metric`) from every
    /// solved board is found by a breadth-first search from all of them at once; the
    /// farthest of the tries wins. Groups over 200,000 boards are skipped.
    Hard,
    /// Pieces anywhere, the goal anywhere the goal piece fits: solvable or not by chance.
    Loose,
}

impl Family {
    /// Every family, in the order `--help` lists them.
    pub const ALL: [Family; 3] = [Family::Random, Family::Hard, Family::Loose];

    /// The family's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Family::Random => "random",
            Family::Hard => "hard",
            Family::Loose => "loose",
        }
    }

    /// A one-line description, for `--help`.
    pub fn summary(self) -> &'static str {
        match self {
            Family::Random => {
                "packed solved, then scrambled by --steps random steps: always solvable"
            }
            Family::Hard => {
                "the board farthest from solved (under --metric) in the groups of --tries packings"
            }
            Family::Loose => "pieces and goal anywhere: solvable or not by chance",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Family {
    type Err = String;

    fn from_str(s: &str) -> Result<Family, String> {
        Family::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| format!("expected one of random, hard, loose, found {s:?}"))
    }
}

/// The pieces a layout is packed with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shapes {
    /// The classic set: a 2x2 goal piece (1x1 on a board too narrow for it), and 2x1,
    /// 1x2 and 1x1 pieces.
    Classic,
    /// Polyominoes of one to four cells: 1x1, dominoes, straight and L trominoes, the 2x2
    /// square and the T; the goal piece is one of the 2x2, a domino or an L.
    Mixed,
}

impl Shapes {
    /// Both palettes.
    pub const ALL: [Shapes; 2] = [Shapes::Classic, Shapes::Mixed];

    /// The palette's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Shapes::Classic => "classic",
            Shapes::Mixed => "mixed",
        }
    }

    /// The shapes other pieces are drawn from, with weights.
    fn palette(self) -> &'static [(u32, &'static [(usize, usize)])] {
        match self {
            Shapes::Classic => &[(4, SQUARE1), (3, TALL2), (2, WIDE2)],
            Shapes::Mixed => &[
                (5, SQUARE1),
                (3, TALL2),
                (3, WIDE2),
                (1, TALL3),
                (1, WIDE3),
                (1, &[(0, 0), (1, 0), (1, 1)]),
                (1, &[(0, 0), (0, 1), (1, 0)]),
                (1, &[(0, 0), (0, 1), (1, 1)]),
                (1, &[(0, 1), (1, 0), (1, 1)]),
                (1, SQUARE2),
                (1, &[(0, 0), (0, 1), (0, 2), (1, 1)]),
            ],
        }
    }

    /// The goal piece's shapes, most wanted first.
    fn goals(self) -> &'static [&'static [(usize, usize)]] {
        match self {
            Shapes::Classic => &[SQUARE2, SQUARE1],
            Shapes::Mixed => &[SQUARE2, TALL2, WIDE2, &[(0, 0), (1, 0), (1, 1)], SQUARE1],
        }
    }
}

impl fmt::Display for Shapes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Shapes {
    type Err = String;

    fn from_str(s: &str) -> Result<Shapes, String> {
        Shapes::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| format!("expected classic or mixed, found {s:?}"))
    }
}

const SQUARE1: &[(usize, usize)] = &[(0, 0)];
const SQUARE2: &[(usize, usize)] = &[(0, 0), (0, 1), (1, 0), (1, 1)];
const TALL2: &[(usize, usize)] = &[(0, 0), (1, 0)];
const WIDE2: &[(usize, usize)] = &[(0, 0), (0, 1)];
const TALL3: &[(usize, usize)] = &[(0, 0), (1, 0), (2, 0)];
const WIDE3: &[(usize, usize)] = &[(0, 0), (0, 1), (0, 2)];

/// Labels in the order pieces get them.
const LABELS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// Boards a [`Family::Hard`] try may have in its group.
const HARD_STATES: u64 = 200_000;

/// Attempts at a packing whose states fit the 64-bit code, before giving up.
const PACKING_TRIES: usize = 64;

/// What to generate. The same parameters give the same layout on every platform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenParams {
    /// How the layout is made: scrambled, searched for a hard one, or loosely packed.
    pub family: Family,
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// Cells left empty.
    pub empty: usize,
    /// The pieces the board is packed with.
    pub shapes: Shapes,
    /// Random steps that scramble a [`Family::Random`] layout.
    pub steps: u32,
    /// Packings a [`Family::Hard`] layout is searched in.
    pub tries: u32,
    /// The metric [`Family::Hard`] measures distance in.
    pub metric: Metric,
    /// The seed of the generator: the same seed, the same layout.
    pub seed: u64,
}

/// Why [`GenParams`] describe no layout.
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
    /// More empty cells than the board has room for beside the goal piece.
    Empty {
        /// The empty cells asked for.
        empty: usize,
        /// The board's cells.
        cells: usize,
    },
    /// `tries` of 0 for the hard family.
    NoTries,
    /// No packing tried fits the 64-bit state code.
    TooManyStates,
    /// Every try's group was over the hard family's limit.
    GroupsTooLarge,
}

impl fmt::Display for GenParamsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GenParamsError::Size { rows, cols } => write!(
                f,
                "expected a board of 1 to {MAX_CELLS} cells, found {rows} x {cols}"
            ),
            GenParamsError::Empty { empty, cells } => write!(
                f,
                "{empty} empty cells leave no room for the goal piece on a board of {cells} cells"
            ),
            GenParamsError::NoTries => write!(f, "the hard family needs at least one try"),
            GenParamsError::TooManyStates => write!(
                f,
                "no packing tried fits the 64-bit state code: try fewer cells, more empty cells or the classic shapes"
            ),
            GenParamsError::GroupsTooLarge => write!(
                f,
                "every try's group has over {HARD_STATES} boards: try a smaller board or fewer empty cells"
            ),
        }
    }
}

impl std::error::Error for GenParamsError {}

impl GenParams {
    /// Whether [`generate`] can try to make a layout of these parameters.
    ///
    /// # Errors
    /// A size out of range, too many empty cells, or no tries.
    pub fn check(&self) -> Result<(), GenParamsError> {
        let (rows, cols) = (self.rows, self.cols);
        if rows == 0 || cols == 0 || rows.checked_mul(cols).is_none_or(|n| n > MAX_CELLS) {
            return Err(GenParamsError::Size { rows, cols });
        }
        let cells = rows * cols;
        if self.empty >= cells {
            return Err(GenParamsError::Empty {
                empty: self.empty,
                cells,
            });
        }
        if self.family == Family::Hard && self.tries == 0 {
            return Err(GenParamsError::NoTries);
        }
        Ok(())
    }
}

/// A layout of `params`' family.
///
/// ```
/// use klotski::generate::{Family, GenParams, Shapes, generate};
/// use klotski::{Metric, Solver};
///
/// let params = GenParams {
///     family: Family::Random,
///     rows: 5,
///     cols: 4,
///     empty: 2,
///     shapes: Shapes::Classic,
///     steps: 30,
///     tries: 1,
///     metric: Metric::Move,
///     seed: 7,
/// };
/// let layout = generate(&params)?;
/// assert_eq!((layout.rows(), layout.cols()), (5, 4));
/// assert_eq!(generate(&params)?, layout); // reproducible
/// let steps = Solver::new().solve(&layout, Metric::Step).unwrap();
/// assert!(steps.is_some_and(|s| s > 0 && s <= 60));
/// # Ok::<(), klotski::generate::GenParamsError>(())
/// ```
///
/// # Errors
/// The first thing [`GenParams::check`] finds wrong, or no layout found (see
/// [`GenParamsError`]).
pub fn generate(params: &GenParams) -> Result<Layout, GenParamsError> {
    params.check()?;
    let mut rng = SplitMix64::new(params.seed);
    match params.family {
        Family::Random => {
            // A packing whose goal piece cannot leave the goal stays solved however it
            // is scrambled: try another.
            let mut scrambled = None;
            for _ in 0..PACKING_TRIES {
                let (cells, goal) = fitting_packing(params, &mut rng, true)?;
                let mut cells = scramble(params, cells, params.steps, &mut rng);
                for _ in 0..params.steps {
                    if !layout(params, &cells, goal).is_ok_and(|l| l.is_solved()) {
                        break;
                    }
                    cells = scramble(params, cells, 1, &mut rng);
                }
                let done = layout(params, &cells, goal).expect("a scramble keeps a layout valid");
                let solved = done.is_solved();
                scrambled = Some(done);
                if !solved {
                    break;
                }
            }
            Ok(scrambled.expect("at least one packing"))
        }
        Family::Loose => {
            let (cells, goal) = fitting_packing(params, &mut rng, false)?;
            Ok(layout(params, &cells, goal).expect("a fitting packing"))
        }
        Family::Hard => {
            let limits = Limits {
                max_states: Some(HARD_STATES),
                ..Limits::NONE
            };
            let mut solver = Solver::with_limits(limits);
            let mut best: Option<(Layout, u64)> = None;
            for _ in 0..params.tries {
                let (cells, goal) = fitting_packing(params, &mut rng, true)?;
                let solved = layout(params, &cells, goal).expect("a fitting packing");
                let Ok(Some((board, distance))) = solver.farthest(&solved, params.metric) else {
                    continue;
                };
                if best.as_ref().is_none_or(|(_, d)| distance > *d) {
                    let far = solved
                        .with_board(&board)
                        .expect("a board of the same pieces");
                    best = Some((far, distance));
                }
            }
            best.map(|(layout, _)| layout)
                .ok_or(GenParamsError::GroupsTooLarge)
        }
    }
}

fn layout(params: &GenParams, cells: &[u8], goal: Goal) -> Result<Layout, LayoutError> {
    Layout::new(params.rows, params.cols, cells, goal)
}

/// A packing (see [`pack`]) whose layout fits the state code.
fn fitting_packing(
    params: &GenParams,
    rng: &mut SplitMix64,
    solved: bool,
) -> Result<(Vec<u8>, Goal), GenParamsError> {
    for _ in 0..PACKING_TRIES {
        let (cells, goal) = pack(params, rng, solved);
        match layout(params, &cells, goal) {
            Ok(_) => return Ok((cells, goal)),
            Err(LayoutError::TooManyStates { .. }) => continue,
            Err(e) => unreachable!("a packing breaks no other rule, yet {e}"),
        }
    }
    Err(GenParamsError::TooManyStates)
}

/// Cells of the shape `shape` whose first cell (in reading order) is at `at`, if they
/// all lie on the board and `free` holds for each.
fn place(
    params: &GenParams,
    shape: &[(usize, usize)],
    at: Pos,
    free: impl Fn(usize) -> bool,
) -> Option<Vec<usize>> {
    let anchor_col = shape[0].1;
    shape
        .iter()
        .map(|&(dr, dc)| {
            let (r, c) = (at.row + dr, (at.col + dc).checked_sub(anchor_col)?);
            let cell = r * params.cols + c;
            (r < params.rows && c < params.cols && free(cell)).then_some(cell)
        })
        .collect()
}

/// Packs the board: the goal piece first (on its goal at the bottom centre when
/// `solved`, else anywhere, with the goal anywhere it fits), `empty` cells kept free at
/// random, then at every other cell in reading order a piece of the palette that fits
/// there, drawn by weight. Pieces are labelled in reading order.
fn pack(params: &GenParams, rng: &mut SplitMix64, solved: bool) -> (Vec<u8>, Goal) {
    let (rows, cols) = (params.rows, params.cols);
    let cells = rows * cols;
    let goal_shape = *params
        .shapes
        .goals()
        .iter()
        .find(|s| s.iter().all(|&(r, c)| r < rows && c < cols))
        .expect("a 1x1 goal fits any board");
    let (height, width) = size(goal_shape);
    let corners: Vec<Pos> = (0..=rows - height)
        .flat_map(|r| (0..=cols - width).map(move |c| Pos::new(r, c)))
        .collect();
    let goal_at = if solved {
        Pos::new(rows - height, (cols - width) / 2)
    } else {
        corners[rng.index(corners.len())]
    };
    let piece_at = if solved {
        goal_at
    } else {
        corners[rng.index(corners.len())]
    };
    // Piece ids: 0 free, 1 the goal piece, then in the order placed.
    let mut owner = vec![0usize; cells];
    let goal_cells: Vec<usize> = goal_shape
        .iter()
        .map(|&(r, c)| (piece_at.row + r) * cols + piece_at.col + c)
        .collect();
    for &cell in &goal_cells {
        owner[cell] = 1;
    }
    let mut open: Vec<usize> = (0..cells).filter(|&c| owner[c] == 0).collect();
    rng.shuffle(&mut open);
    let mut kept_free = vec![false; cells];
    for &cell in open.iter().take(params.empty) {
        kept_free[cell] = true;
    }
    let palette = params.shapes.palette();
    let total: u32 = palette.iter().map(|p| p.0).sum();
    let mut pieces = 1;
    for cell in 0..cells {
        if owner[cell] != 0 || kept_free[cell] || pieces == LABELS.len() {
            continue;
        }
        let at = Pos::new(cell / cols, cell % cols);
        // Draw shapes by weight until one fits; the 1x1 always does.
        let mut draws: Vec<usize> = Vec::new();
        while draws.len() < palette.len() {
            let mut pick = rng.below(u64::from(total)) as u32;
            let i = palette
                .iter()
                .position(|&(w, _)| {
                    let hit = pick < w;
                    pick = pick.saturating_sub(w);
                    hit
                })
                .expect("a weight is drawn");
            if !draws.contains(&i) {
                draws.push(i);
            }
            let free = |c: usize| owner[c] == 0 && !kept_free[c];
            if let Some(own) = place(params, palette[i].1, at, free) {
                pieces += 1;
                for c in own {
                    owner[c] = pieces;
                }
                break;
            }
        }
    }
    // Labels in reading order of the pieces' first cells.
    let mut label_of = vec![0u8; pieces + 1];
    let mut next = 0;
    let mut out = vec![EMPTY; cells];
    for cell in 0..cells {
        let id = owner[cell];
        if id == 0 {
            continue;
        }
        if label_of[id] == 0 {
            label_of[id] = LABELS[next];
            next += 1;
        }
        out[cell] = label_of[id];
    }
    let goal = Goal::new(char::from(label_of[1]), goal_at);
    (out, goal)
}

/// Rows and columns of a shape's bounding box.
fn size(shape: &[(usize, usize)]) -> (usize, usize) {
    let rows = shape.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let cols = shape.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    (rows, cols)
}

/// `steps` random one-cell steps of random pieces, never undoing the step just made
/// (unless nothing else can move).
fn scramble(params: &GenParams, mut cells: Vec<u8>, steps: u32, rng: &mut SplitMix64) -> Vec<u8> {
    let mut last: Option<(u8, Dir)> = None;
    for _ in 0..steps {
        let mut labels: Vec<u8> = cells.iter().copied().filter(|&c| c != EMPTY).collect();
        labels.sort_unstable();
        labels.dedup();
        let mut options: Vec<(u8, Dir)> = Vec::new();
        for &label in &labels {
            for dir in Dir::ALL {
                if stepped(params, &cells, label, dir).is_some() {
                    options.push((label, dir));
                }
            }
        }
        let forward: Vec<(u8, Dir)> = options
            .iter()
            .copied()
            .filter(|&(label, dir)| last != Some((label, dir.opposite())))
            .collect();
        let choices = if forward.is_empty() { options } else { forward };
        if choices.is_empty() {
            break; // nothing can move
        }
        let (label, dir) = choices[rng.index(choices.len())];
        cells = stepped(params, &cells, label, dir).expect("a legal step");
        last = Some((label, dir));
    }
    cells
}

/// The board with `label` one cell further in `dir`, if it can go there.
fn stepped(params: &GenParams, cells: &[u8], label: u8, dir: Dir) -> Option<Vec<u8>> {
    let cols = params.cols;
    let mut next = cells.to_vec();
    for c in next.iter_mut().filter(|c| **c == label) {
        *c = EMPTY;
    }
    for (i, _) in cells.iter().enumerate().filter(|&(_, &c)| c == label) {
        let to = Pos::new(i / cols, i % cols).step(dir)?;
        if to.row >= params.rows || to.col >= cols || next[to.row * cols + to.col] != EMPTY {
            return None;
        }
        next[to.row * cols + to.col] = label;
    }
    Some(next)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(family: Family, rows: usize, cols: usize, seed: u64) -> GenParams {
        GenParams {
            family,
            rows,
            cols,
            empty: 2,
            shapes: Shapes::Classic,
            steps: 40,
            tries: 3,
            metric: Metric::Move,
            seed,
        }
    }

    #[test]
    fn every_family_makes_valid_layouts_of_the_size_asked() {
        for family in Family::ALL {
            for shapes in Shapes::ALL {
                for (rows, cols) in [(5, 4), (1, 6), (3, 3), (3, 5)] {
                    for seed in 0..3 {
                        let p = GenParams {
                            shapes,
                            ..params(family, rows, cols, seed)
                        };
                        let layout = generate(&p).unwrap();
                        assert_eq!((layout.rows(), layout.cols()), (rows, cols));
                        let empty = layout.board().cells().iter().filter(|&&c| c == EMPTY);
                        assert_eq!(empty.count(), 2, "{layout:?}");
                        assert_eq!(generate(&p).unwrap(), layout);
                    }
                }
            }
        }
    }

    #[test]
    fn random_layouts_are_solvable_within_their_steps() {
        let mut solver = Solver::new();
        let mut unsolved = 0;
        for seed in 0..20 {
            let layout = generate(&params(Family::Random, 5, 4, seed)).unwrap();
            let steps = solver.solve(&layout, Metric::Step).unwrap();
            assert!(steps.is_some_and(|s| s <= 80), "{layout:?}");
            unsolved += usize::from(steps != Some(0));
        }
        assert!(unsolved >= 18, "only {unsolved} of 20 need a move");
    }

    #[test]
    fn hard_layouts_are_farther_than_scrambled_ones() {
        let mut solver = Solver::new();
        let hard = generate(&params(Family::Hard, 5, 4, 1)).unwrap();
        let far = solver.solve(&hard, Metric::Move).unwrap().unwrap();
        let random = generate(&params(Family::Random, 5, 4, 1)).unwrap();
        let near = solver.solve(&random, Metric::Move).unwrap().unwrap();
        assert!(far > near && far >= 40, "hard {far}, random {near}");
    }

    #[test]
    fn bad_parameters_are_refused() {
        let too_big = GenParams {
            rows: 9,
            cols: 8,
            ..params(Family::Random, 1, 1, 0)
        };
        assert_eq!(
            generate(&too_big),
            Err(GenParamsError::Size { rows: 9, cols: 8 })
        );
        let all_empty = GenParams {
            empty: 20,
            ..params(Family::Random, 5, 4, 0)
        };
        assert!(matches!(
            generate(&all_empty),
            Err(GenParamsError::Empty { .. })
        ));
    }
}
