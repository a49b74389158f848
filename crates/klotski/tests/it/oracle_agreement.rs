//! The fast solver against the naive oracle on thousands of random small layouts: the
//! same answers under every metric, and every path (of either) replayed by the rules.
//!
//! Layouts are drawn solved (the goal piece on its goal), then either scrambled by random
//! one-cell steps (so they stay solvable) or given a goal anywhere the goal piece fits
//! (solvable or not); at least half must be solvable, or the paths, the part most likely
//! to go wrong, would be little tested. Some draws use rectangles only and a goal in the
//! middle of the bottom row, which the solver folds by the board's mirror; some use many
//! shapes on up to 20 cells, which need the solver's second state code.

use klotski::{Goal, Layout, LayoutError, Limits, Metric, Pos, Solver, oracle, replay};
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};
use std::cell::Cell as Counter;

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
    /// Random steps to scramble by, or `None` for a goal anywhere.
    scramble: Option<u8>,
    metric: Metric,
}

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

impl Drawn {
    /// The layout, or why it cannot be built (too many states for the code).
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
                // Random steps of random pieces: the goal stays reachable.
                for _ in 0..steps {
                    let moves: Vec<(u8, (isize, isize))> = LABELS[..next]
                        .iter()
                        .flat_map(|&l| [(-1, 0), (1, 0), (0, -1), (0, 1)].map(|d| (l, d)))
                        .filter(|&(l, d)| step(self, &board, l, d).is_some())
                        .collect();
                    if moves.is_empty() {
                        break;
                    }
                    let (l, d) = moves[picks.next().unwrap() % moves.len()];
                    board = step(self, &board, l, d).unwrap();
                }
                Goal::new(char::from(label), corner)
            }
            None => {
                let spots = (rows - height + 1) * (cols - width + 1);
                let at = picks.next().unwrap() % spots;
                Goal::new(
                    char::from(label),
                    Pos::new(at / (cols - width + 1), at % (cols - width + 1)),
                )
            }
        };
        Layout::new(rows, cols, &board, goal)
    }
}

/// What checking one layout found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Checked {
    Solvable,
    Unsolvable,
    /// Beyond the oracle's budget, or over the 64-bit code: not checked.
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
    let Ok(expected) = oracle::solve_within(&layout, d.metric, ORACLE) else {
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
    Ok(match expected {
        Some((moves, path)) => {
            prop_assert_eq!(
                replay(&layout, d.metric, &path),
                Ok(moves),
                "oracle path {}",
                path
            );
            Checked::Solvable
        }
        None => Checked::Unsolvable,
    })
}

/// Runs [`CASES`] layouts of `strategy` through [`check`]; then checks that most were
/// checked and at least half of those were solvable.
fn run(strategy: impl Strategy<Value = Drawn>) {
    let config = ProptestConfig {
        cases: CASES,
        source_file: Some(file!()),
        ..ProptestConfig::default()
    };
    let (checked, solvable, skipped) = (
        Counter::new(0usize),
        Counter::new(0usize),
        Counter::new(0usize),
    );
    let mut runner = TestRunner::new(config);
    let result = runner.run(&strategy, |d| {
        match check(&d)? {
            Checked::Solvable => solvable.set(solvable.get() + 1),
            Checked::Unsolvable => {}
            Checked::Skipped => {
                skipped.set(skipped.get() + 1);
                return Ok(());
            }
        }
        checked.set(checked.get() + 1);
        Ok(())
    });
    if let Err(error) = result {
        panic!("{error}\n{runner}");
    }
    let (checked, solvable, skipped) = (checked.get(), solvable.get(), skipped.get());
    assert!(
        checked >= CHECKED,
        "only {checked} layouts checked ({skipped} skipped)"
    );
    assert!(
        2 * solvable >= checked,
        "only {solvable} of {checked} layouts solvable: the strategy draws too many unsolvable ones"
    );
}

#[test]
fn solver_matches_oracle_on_random_layouts() {
    run(drawn());
}

#[test]
fn solver_matches_oracle_on_crowded_layouts() {
    run(crowded());
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
