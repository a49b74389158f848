//! The fast solver against the naive oracle on thousands of random small layouts: the
//! same answers under every metric, and every path (of either) replayed by the rules.
//!
//! Layouts are drawn solved (the goal piece on its goal), then either scrambled by random
//! one-cell steps (so they stay solvable: the goal becomes a corner a piece passed where
//! none of its shape stands at the end, so a scramble that ends solved does not answer 0)
//! or given a goal anywhere the goal piece fits where none of its shape stands (solvable
//! or not). Some draws use rectangles only and a goal in the middle of the bottom row,
//! which the solver folds by the board's mirror; some use many shapes on up to 25 cells,
//! which need the solver's second state code. The generator's hard family gives the far
//! layouts.
//!
//! The oracle reads the layout file the tests write here ([`layout_text`]), with its own
//! reader. Each property prints the histogram of the answers it checked (`cargo test -p
//! klotski -- --nocapture`) and fails unless at least half of them are 1 or more, and the
//! generated ones unless a fifth are 10 or more (random scrambles of boards this small
//! end a few moves from a goal): layouts drawn solved and scrambled back to solved, or
//! generated near solved, would test little.

#![allow(clippy::print_stderr)] // the histograms

use grid_core::Choice;
use klotski::generate::{Family, GenParams, Shapes, generate};
use klotski::{Goal, Layout, LayoutError, Limits, Metric, Pos, Solver, oracle, replay};
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};
use std::cell::{Cell as Counter, RefCell};

/// Layouts drawn by each of the two tests.
const CASES: u32 = 1100;

/// Layouts each test must check (the oracle may skip a few beyond its budget): two
/// thousand in all.
const CHECKED: usize = 1000;

/// Shapes a piece may take: rectangles first (the first [`RECTANGLES`]), then others.
const SHAPES: &[&[(usize, usize)]] = &[
    &[(0, 0)],
    &[(0, 0), (1, 0)],
    &[(0, 0), (0, 1)],
    &[(0, 0), (0, 1), (1, 0), (1, 1)],
    &[(0, 0), (0, 1), (0, 2)],
    &[(0, 0), (1, 0), (1, 1)],
    &[(0, 1), (1, 0), (1, 1)],
    &[(0, 0), (0, 1), (1, 1)],
    &[(0, 0), (0, 1), (1, 0)],
    &[(0, 0), (0, 1), (0, 2), (1, 1)],
    &[(0, 1), (1, 0), (1, 1), (1, 2)],
    &[(0, 0), (1, 0), (2, 0)],
];

/// How many of [`SHAPES`] are rectangles.
const RECTANGLES: usize = 4;

const LABELS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// A layout as drawn, before it is built.
#[derive(Clone, Debug)]
struct Drawn {
    rows: usize,
    cols: usize,
    /// Rectangles only, and the goal in the middle of the bottom row.
    mirrored: bool,
    empty: usize,
    shapes: Vec<u8>,
    picks: Vec<u16>,
    /// Random steps to scramble by (the goal then where the goal piece passed), or `None`
    /// for a goal anywhere.
    scramble: Option<u8>,
    metric: Metric,
}

/// Boards of up to 4 x 5 with one to four empty cells.
fn drawn() -> impl Strategy<Value = Drawn> {
    (
        (1usize..=4, 1usize..=5, any::<bool>(), 1usize..=4),
        prop::collection::vec(any::<u8>(), 20),
        prop::collection::vec(any::<u16>(), 64),
        prop::option::weighted(0.7, 0u8..40),
        prop::sample::select(Metric::ALL.to_vec()),
    )
        .prop_map(
            |((rows, cols, mirrored, empty), shapes, picks, scramble, metric)| Drawn {
                rows,
                cols,
                mirrored,
                empty,
                shapes,
                picks,
                scramble,
                metric,
            },
        )
}

/// Draws layouts of 22 to 25 cells with two empty cells: four shapes or more need more
/// than 64 bits at three bits a cell.
fn crowded() -> impl Strategy<Value = Drawn> {
    (
        prop::sample::select(vec![(5usize, 5usize), (4, 6), (6, 4), (2, 11)]),
        prop::collection::vec(any::<u8>(), 20),
        prop::collection::vec(any::<u16>(), 64),
        prop::option::weighted(0.7, 0u8..30),
        prop::sample::select(Metric::ALL.to_vec()),
    )
        .prop_map(|((rows, cols), shapes, picks, scramble, metric)| Drawn {
            rows,
            cols,
            mirrored: false,
            empty: 2,
            shapes,
            picks,
            scramble,
            metric,
        })
}

/// Cells of `shape` with its first cell at `(r, c)`, if all are on the board and free.
fn place(
    d: &Drawn,
    owner: &[usize],
    shape: &[(usize, usize)],
    r: usize,
    c: usize,
) -> Option<Vec<usize>> {
    let anchor_col = shape[0].1;
    shape
        .iter()
        .map(|&(dr, dc)| {
            let (row, col) = (r + dr, (c + dc).checked_sub(anchor_col)?);
            (row < d.rows && col < d.cols && owner[row * d.cols + col] == 0)
                .then_some(row * d.cols + col)
        })
        .collect()
}

/// The board with the piece `label` one cell further in `dir` (by the rules, written
/// here again), if it can go.
fn step(d: &Drawn, cells: &[u8], label: u8, (dr, dc): (isize, isize)) -> Option<Vec<u8>> {
    let mut next: Vec<u8> = cells
        .iter()
        .map(|&c| if c == label { b'.' } else { c })
        .collect();
    for (i, _) in cells.iter().enumerate().filter(|&(_, &c)| c == label) {
        let (r, c) = ((i / d.cols) as isize + dr, (i % d.cols) as isize + dc);
        if r < 0 || c < 0 || r >= d.rows as isize || c >= d.cols as isize {
            return None;
        }
        let to = r as usize * d.cols + c as usize;
        if next[to] != b'.' {
            return None;
        }
        next[to] = label;
    }
    Some(next)
}

/// The cells of `label` on `board`, less the corner of their bounding box, in reading
/// order; and that corner.
fn shape_and_corner(board: &[u8], cols: usize, label: u8) -> (Vec<(usize, usize)>, Pos) {
    let cells: Vec<(usize, usize)> = (0..board.len())
        .filter(|&i| board[i] == label)
        .map(|i| (i / cols, i % cols))
        .collect();
    let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let shape = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
    (shape, Pos::new(top, left))
}

fn shape_of(board: &[u8], cols: usize, label: u8) -> Vec<(usize, usize)> {
    shape_and_corner(board, cols, label).0
}

/// Whether a piece of `shape` has the corner of its bounding box on `goal`.
fn solved(board: &[u8], cols: usize, shape: &[(usize, usize)], goal: Pos) -> bool {
    let mut labels: Vec<u8> = board.iter().copied().filter(|&c| c != b'.').collect();
    labels.sort_unstable();
    labels.dedup();
    labels.into_iter().any(|label| {
        let (own, corner) = shape_and_corner(board, cols, label);
        corner == goal && own == shape
    })
}

impl Drawn {
    /// The layout, or why it cannot be built (the pieces break a rule).
    fn layout(&self) -> Result<Layout, LayoutError> {
        let (rows, cols) = (self.rows, self.cols);
        let cells = rows * cols;
        let mut picks = self.picks.iter().map(|&p| usize::from(p)).cycle();
        let palette = if self.mirrored {
            RECTANGLES
        } else {
            SHAPES.len()
        };
        // The goal piece: the first drawn shape that fits the board.
        let fits = |s: &&[(usize, usize)]| s.iter().all(|&(r, c)| r < rows && c < cols);
        let goal_shape = (0..palette)
            .map(|i| SHAPES[(usize::from(self.shapes[0]) + i) % palette])
            .find(fits)
            .expect("1x1 fits");
        let height = goal_shape.iter().map(|c| c.0).max().unwrap_or(0) + 1;
        let width = goal_shape.iter().map(|c| c.1).max().unwrap_or(0) + 1;
        let corner = if self.mirrored && (cols - width) % 2 == 0 {
            Pos::new(rows - height, (cols - width) / 2)
        } else {
            let spots = (rows - height + 1) * (cols - width + 1);
            let at = picks.next().unwrap() % spots;
            Pos::new(at / (cols - width + 1), at % (cols - width + 1))
        };
        let mut owner = vec![0usize; cells];
        for &(r, c) in goal_shape {
            owner[(corner.row + r) * cols + corner.col + c] = 1;
        }
        let empty = self.empty.min(cells - goal_shape.len());
        let mut kept = 0;
        while kept < empty {
            let free: Vec<usize> = (0..cells).filter(|&i| owner[i] == 0).collect();
            owner[free[picks.next().unwrap() % free.len()]] = usize::MAX;
            kept += 1;
        }
        let mut pieces = 1;
        let mut shapes = self.shapes[1..].iter().cycle();
        for i in 0..cells {
            if owner[i] != 0 || pieces == LABELS.len() {
                continue;
            }
            let first = usize::from(*shapes.next().unwrap());
            let own = (0..palette)
                .find_map(|j| {
                    place(
                        self,
                        &owner,
                        SHAPES[(first + j) % palette],
                        i / cols,
                        i % cols,
                    )
                })
                .expect("1x1 fits a free cell");
            pieces += 1;
            for c in own {
                owner[c] = pieces;
            }
        }
        let mut label_of = vec![b'.'; pieces + 1];
        let mut next = 0;
        let mut board: Vec<u8> = owner
            .iter()
            .map(|&id| {
                if id == 0 || id == usize::MAX {
                    return b'.';
                }
                if label_of[id] == b'.' {
                    label_of[id] = LABELS[next];
                    next += 1;
                }
                label_of[id]
            })
            .collect();
        let label = label_of[1];
        let goal = match self.scramble {
            Some(steps) => {
                // Random steps of random pieces, every other one of the goal piece if it
                // can move, so that it wanders off. Every step can be undone, so every
                // corner a piece passed is reachable from the end: the goal is such a
                // corner where no piece of its shape stands at the end (an answer of 1 or
                // more), of a piece that passed one (in a crowd the goal piece may never
                // move), else where the goal piece began. Mirrored draws keep the goal
                // piece's own (the middle of the bottom row) where they can.
                let mut passed: Vec<(u8, Vec<Pos>)> = LABELS[..next]
                    .iter()
                    .map(|&l| (l, vec![shape_and_corner(&board, cols, l).1]))
                    .collect();
                for _ in 0..steps {
                    let moves: Vec<(u8, (isize, isize))> = LABELS[..next]
                        .iter()
                        .flat_map(|&l| [(-1, 0), (1, 0), (0, -1), (0, 1)].map(|d| (l, d)))
                        .filter(|&(l, d)| step(self, &board, l, d).is_some())
                        .collect();
                    if moves.is_empty() {
                        break;
                    }
                    let pick = picks.next().unwrap();
                    let own: Vec<&(u8, (isize, isize))> =
                        moves.iter().filter(|(l, _)| *l == label).collect();
                    let (l, d) = if pick % 2 == 0 && !own.is_empty() {
                        *own[pick / 2 % own.len()]
                    } else {
                        moves[pick / 2 % moves.len()]
                    };
                    board = step(self, &board, l, d).unwrap();
                    let (_, at) = shape_and_corner(&board, cols, l);
                    let (_, corners) = passed
                        .iter_mut()
                        .find(|(k, _)| *k == l)
                        .expect("every label is listed");
                    if !corners.contains(&at) {
                        corners.push(at);
                    }
                }
                // Of a piece's corners where none of its shape stands now, the farthest
                // from where it stands, and how far.
                let open = |(l, corners): &(u8, Vec<Pos>)| {
                    let (shape, now) = shape_and_corner(&board, cols, *l);
                    corners
                        .iter()
                        .filter(|&&p| !solved(&board, cols, &shape, p))
                        .map(|&p| (p.manhattan(now), p))
                        .max()
                        .map(|(far, p)| (*l, p, far))
                };
                let alone = |l: u8| {
                    let shape = shape_of(&board, cols, l);
                    passed
                        .iter()
                        .filter(|(k, _)| shape_of(&board, cols, *k) == shape)
                        .count()
                        == 1
                };
                let home = passed
                    .iter()
                    .filter(|(l, _)| *l == label)
                    .find_map(open)
                    .filter(|&(_, p, _)| self.mirrored && p == corner);
                // A piece of a shape of its own, far from its goal, makes the longest
                // answers (one of several shapes is done when the nearest arrives).
                let (l, at, _) = home
                    .or_else(|| {
                        passed
                            .iter()
                            .filter_map(open)
                            .max_by_key(|&(l, p, far)| (alone(l), l == label, far, p))
                    })
                    .unwrap_or((label, corner, 0));
                Goal::new(char::from(l), at)
            }
            None => {
                // A goal where no piece of the goal's shape stands, if there is one.
                let goal_shape = shape_of(&board, cols, label);
                let spots: Vec<Pos> = (0..rows - height + 1)
                    .flat_map(|r| (0..cols - width + 1).map(move |c| Pos::new(r, c)))
                    .collect();
                let open: Vec<Pos> = spots
                    .iter()
                    .copied()
                    .filter(|&p| !solved(&board, cols, &goal_shape, p))
                    .collect();
                let from = if open.is_empty() { &spots } else { &open };
                Goal::new(char::from(label), from[picks.next().unwrap() % from.len()])
            }
        };
        Layout::new(rows, cols, &board, goal)
    }
}

/// `layout` as a layout file: what the oracle reads.
pub(crate) fn layout_text(layout: &Layout) -> String {
    let board = layout.board();
    let mut text = format!("{} {}\n", layout.rows(), layout.cols());
    for r in 0..layout.rows() {
        text.push_str(board.row(r));
        text.push('\n');
    }
    let goal = layout.goal();
    text.push_str(&format!(
        "goal {} {} {}\n",
        goal.label,
        goal.pos.row + 1,
        goal.pos.col + 1
    ));
    text
}

/// The oracle's answer on `layout` under `metric`, read from its layout file, within
/// `limits`.
pub(crate) fn oracle_answer(
    layout: &Layout,
    metric: Metric,
    limits: Limits,
) -> Result<oracle::Answer, oracle::OracleError> {
    oracle::solve_text(&layout_text(layout), metric, limits)
}

/// How many of the checked answers fall in each range: what a property covered.
#[derive(Clone, Copy, Debug, Default)]
struct Histogram {
    /// "Never", 0, 1-4, 5-9, 10-19, 20 and more.
    counts: [usize; 6],
}

impl Histogram {
    const LABELS: [&'static str; 6] = ["never", "0", "1-4", "5-9", "10-19", "20+"];

    fn add(&mut self, answer: Option<u64>) {
        let bucket = match answer {
            None => 0,
            Some(0) => 1,
            Some(1..=4) => 2,
            Some(5..=9) => 3,
            Some(10..=19) => 4,
            Some(_) => 5,
        };
        self.counts[bucket] += 1;
    }

    fn total(&self) -> usize {
        self.counts.iter().sum()
    }

    /// Prints the histogram and fails unless at least half the answers are 1 or more
    /// and at least `long_percent`% are 10 or more.
    fn assert_covers(&self, name: &str, long_percent: usize) {
        let total = self.total();
        let parts: Vec<String> = Self::LABELS
            .iter()
            .zip(self.counts)
            .map(|(label, n)| format!("{label}: {n}"))
            .collect();
        eprintln!("{name}: {total} answers; {}", parts.join(", "));
        let moving: usize = self.counts[2..].iter().sum();
        let long: usize = self.counts[4..].iter().sum();
        assert!(
            2 * moving >= total,
            "{name}: only {moving} of {total} answers are 1 or more"
        );
        assert!(
            100 * long >= long_percent * total,
            "{name}: only {long} of {total} answers are 10 or more (at least {long_percent}% wanted)"
        );
    }
}

/// What checking one layout found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Checked {
    /// The answer both gave.
    Answer(Option<u64>),
    /// Beyond the oracle's budget: not checked.
    Skipped,
}

/// The oracle's budget per layout: enough for every board of these sizes but the odd
/// crowded one.
const ORACLE: Limits = Limits {
    max_states: Some(60_000),
    max_time: None,
};

/// The fast solver and the oracle agree, and every path replays to its answer.
fn check(d: &Drawn) -> Result<Checked, TestCaseError> {
    let Ok(layout) = d.layout() else {
        return Ok(Checked::Skipped);
    };
    let Ok(expected) = oracle_answer(&layout, d.metric, ORACLE) else {
        return Ok(Checked::Skipped);
    };
    let mut solver = Solver::new();
    let got = solver.solve_with_path(&layout, d.metric).unwrap();
    prop_assert_eq!(
        got.as_ref().map(|s| s.moves()),
        expected.as_ref().map(|e| e.0),
        "solver vs oracle under {} on {:?}",
        d.metric,
        layout
    );
    prop_assert_eq!(
        solver.solve(&layout, d.metric).unwrap(),
        got.as_ref().map(|s| s.moves())
    );
    if let Some(solution) = &got {
        prop_assert_eq!(
            replay(&layout, d.metric, &solution.path),
            Ok(solution.moves()),
            "{}",
            solution.path
        );
    }
    let answer = expected.as_ref().map(|e| e.0);
    if let Some((moves, path)) = expected {
        prop_assert_eq!(
            replay(&layout, d.metric, &path),
            Ok(moves),
            "oracle path {}",
            path
        );
    }
    Ok(Checked::Answer(answer))
}

/// Runs [`CASES`] layouts of `strategy` through [`check`] (and those of the regressions
/// file, `tests/proptest-regressions/oracle_agreement.txt`: proptest climbs from this
/// file to the folder holding `main.rs`, `tests/it`, and looks beside it); then checks
/// that most were checked and that their answers cover what
/// [`Histogram::assert_covers`] asks, with `long_percent`% of 10 or more.
fn run(name: &str, strategy: impl Strategy<Value = Drawn>, long_percent: usize) {
    let config = ProptestConfig {
        cases: CASES,
        source_file: Some(file!()),
        ..ProptestConfig::default()
    };
    let seen = RefCell::new(Histogram::default());
    let skipped = Counter::new(0usize);
    let mut runner = TestRunner::new(config);
    let result = runner.run(&strategy, |d| {
        match check(&d)? {
            Checked::Answer(answer) => seen.borrow_mut().add(answer),
            Checked::Skipped => skipped.set(skipped.get() + 1),
        }
        Ok(())
    });
    if let Err(error) = result {
        panic!("{error}\n{runner}");
    }
    let (seen, skipped) = (seen.into_inner(), skipped.get());
    assert!(
        seen.total() >= CHECKED,
        "only {} layouts checked ({skipped} skipped)",
        seen.total()
    );
    seen.assert_covers(name, long_percent);
}

/// Random scrambles of boards this small end a few moves from a goal (1 to 4 moves for
/// most, 10 or more for about 2%), so the long answers are asked of the generated
/// layouts (see [`solver_matches_oracle_on_generated_layouts`]), not here.
#[test]
fn solver_matches_oracle_on_random_layouts() {
    run("random layouts", drawn(), 0);
}

/// Two empty cells in a crowd: few pieces can move at all, and an answer of 10 or more
/// is rare (under 1%); these layouts are here for the ranked state code.
#[test]
fn solver_matches_oracle_on_crowded_layouts() {
    run("crowded layouts", crowded(), 0);
}

/// The strategies reach both state codes and the mirror fold.
#[test]
fn the_strategies_reach_every_code_and_the_mirror() {
    use proptest::strategy::ValueTree;

    let mut runner = TestRunner::deterministic();
    let (mut mirrored, mut ranked) = (0, 0);
    for strategy in [drawn().boxed(), crowded().boxed()] {
        for _ in 0..300 {
            let d = strategy.new_tree(&mut runner).unwrap().current();
            let Ok(layout) = d.layout() else { continue };
            let mut shapes: Vec<_> = layout.pieces().iter().map(|p| p.shape()).collect();
            shapes.sort();
            shapes.dedup();
            let bits = (usize::BITS - shapes.len().leading_zeros()) as usize;
            ranked += usize::from(layout.rows() * layout.cols() * bits > 64);
            mirrored += usize::from(d.mirrored && layout.cols() > 1);
        }
    }
    assert!(mirrored >= 50, "{mirrored} layouts for the mirror fold");
    assert!(ranked >= 100, "{ranked} layouts beyond three bits a cell");
}

/// Layouts of the crate's generator checked by [`solver_matches_oracle_on_generated_layouts`].
const GENERATED_CASES: u32 = 300;

/// Parameters of the generator's hard family (the board farthest from solved in the
/// groups of two or three packings, found by the fast solver's own search; the oracle
/// checks the answer all the same) on boards of up to 16 cells, where the oracle finishes
/// within its budget, under any metric: the long answers.
fn generated() -> impl Strategy<Value = GenParams> {
    (
        Just(Family::Hard),
        prop::sample::select(vec![
            (3usize, 3usize),
            (3, 4),
            (4, 3),
            (4, 4),
            (2, 5),
            (3, 5),
        ]),
        2usize..=3,
        prop::sample::select(Shapes::ALL.to_vec()),
        20u32..200,
        2u32..=3,
        prop::sample::select(Metric::ALL.to_vec()),
        any::<u64>(),
    )
        .prop_map(
            |(family, (rows, cols), empty, shapes, steps, tries, metric, seed)| GenParams {
                family,
                rows,
                cols,
                empty,
                shapes,
                steps,
                tries,
                metric,
                seed,
            },
        )
}

/// The fast solver and the oracle agree on far-from-solved layouts, and at least a fifth
/// of the answers are 10 or more.
#[test]
fn solver_matches_oracle_on_generated_layouts() {
    let config = ProptestConfig {
        cases: GENERATED_CASES,
        source_file: Some(file!()),
        ..ProptestConfig::default()
    };
    let seen = RefCell::new(Histogram::default());
    let mut runner = TestRunner::new(config);
    let result = runner.run(&generated(), |params| {
        let Ok(layout) = generate(&params) else {
            return Ok(());
        };
        let Ok(expected) = oracle_answer(&layout, params.metric, ORACLE) else {
            return Ok(());
        };
        let got = Solver::new()
            .solve_with_path(&layout, params.metric)
            .unwrap();
        prop_assert_eq!(
            got.as_ref().map(|s| s.moves()),
            expected.as_ref().map(|e| e.0),
            "solver vs oracle under {} on {:?}",
            params.metric,
            layout
        );
        if let Some(solution) = &got {
            prop_assert_eq!(
                replay(&layout, params.metric, &solution.path),
                Ok(solution.moves())
            );
        }
        if let Some((moves, path)) = &expected {
            prop_assert_eq!(replay(&layout, params.metric, path), Ok(*moves));
        }
        seen.borrow_mut().add(expected.map(|e| e.0));
        Ok(())
    });
    if let Err(error) = result {
        panic!("{error}\n{runner}");
    }
    seen.into_inner().assert_covers("generated layouts", 20);
}
