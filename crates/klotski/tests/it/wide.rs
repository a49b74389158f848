//! Layouts whose states need more than 64 bits: 64-cell boards (8 x 8, 4 x 16, 16 x 4)
//! crowded with pieces of thirteen shapes or more (no board under 43 cells needs so
//! many bits: see `word.rs`). The fast solver, in its 128-bit code, against the naive
//! oracle: the same answers under every metric, and every path (of either) replayed by
//! the rules.
//!
//! Two kinds of layout, two or three cells empty. Crowded: packed in reading order with
//! every shape of one to four cells once and 1x1 pieces between, the goal piece on its
//! goal with the empty cells beside it, then scrambled by random one-cell steps that
//! never undo the step before (so it stays solvable). Sealed: the many shapes packed
//! above a row of bars that never move, and below it a strip of 1x1 pieces where a 1x2
//! must reach the far end (often twenty moves or more). The answers are printed as a
//! histogram (`cargo test -p gridsolve-klotski --test it wide -- --nocapture`); at least half must
//! need a move and a fifth ten moves or more, or the test would check little but the
//! start.

use grid_core::Choice;
use klotski::{Goal, Layout, Limits, Metric, Pos, Solver, replay};
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};
use std::cell::RefCell;
use std::ops::Range;

/// Layouts drawn.
const CASES: u32 = 120;

/// Layouts that must be checked (the rest are beyond the oracle's budget, or drew fewer
/// than [`SHAPES_AT_LEAST`] shapes).
const CHECKED: usize = 100;

/// Shapes a checked layout has at least.
const SHAPES_AT_LEAST: usize = 13;

/// Draws of a layout, from other picks each, until one has [`SHAPES_AT_LEAST`] shapes
/// and more than 2^64 arrangements (where [`Layout::arrangements`] saturates): the
/// 128-bit code.
const ATTEMPTS: usize = 20;

/// The shapes the board is packed with: every polyomino of one to four cells (as it
/// lies: a turned shape is another shape).
const SHAPES: &[&[(usize, usize)]] = &[
    &[(0, 0)],
    &[(0, 0), (0, 1)],
    &[(0, 0), (1, 0)],
    &[(0, 0), (0, 1), (0, 2)],
    &[(0, 0), (1, 0), (2, 0)],
    &[(0, 0), (1, 0), (1, 1)],
    &[(0, 1), (1, 0), (1, 1)],
    &[(0, 0), (0, 1), (1, 1)],
    &[(0, 0), (0, 1), (1, 0)],
    &[(0, 0), (0, 1), (1, 0), (1, 1)],
    &[(0, 0), (0, 1), (0, 2), (0, 3)],
    &[(0, 0), (1, 0), (2, 0), (3, 0)],
    &[(0, 0), (0, 1), (0, 2), (1, 1)],
    &[(0, 1), (1, 0), (1, 1), (1, 2)],
    &[(0, 0), (1, 0), (1, 1), (2, 0)],
    &[(0, 1), (1, 0), (1, 1), (2, 1)],
    &[(0, 0), (1, 0), (2, 0), (2, 1)],
    &[(0, 1), (1, 1), (2, 0), (2, 1)],
    &[(0, 0), (0, 1), (1, 1), (1, 2)],
    &[(0, 1), (0, 2), (1, 0), (1, 1)],
    &[(0, 0), (0, 1), (0, 2), (1, 0)],
    &[(0, 0), (1, 0), (1, 1), (2, 1)],
    &[(0, 1), (1, 0), (1, 1), (2, 0)],
    &[(0, 0), (0, 1), (1, 1), (2, 1)],
    &[(0, 2), (1, 0), (1, 1), (1, 2)],
    &[(0, 0), (1, 0), (1, 1), (1, 2)],
    &[(0, 0), (0, 1), (1, 0), (2, 0)],
    &[(0, 0), (0, 1), (0, 2), (1, 2)],
];

/// The goal piece's shapes on a crowded board: small enough to move about.
const GOALS: &[&[(usize, usize)]] = &[
    &[(0, 0), (0, 1)],
    &[(0, 0), (1, 0)],
    &[(0, 0), (1, 0), (1, 1)],
    &[(0, 0), (0, 1), (1, 0), (1, 1)],
];

/// The 1x2, the goal piece of a sealed board.
const WIDE2: &[(usize, usize)] = &[(0, 0), (0, 1)];

const LABELS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// The oracle's budget per layout.
const ORACLE: Limits = Limits {
    max_states: Some(30_000),
    max_time: None,
};

/// A layout as drawn, before it is built.
#[derive(Clone, Debug)]
struct Drawn {
    rows: usize,
    cols: usize,
    /// The pieces above the last rows sealed in (see [`Drawn::layout`]).
    sealed: bool,
    empty: usize,
    /// Random choices: the shapes, the places, the steps.
    picks: Vec<u16>,
    steps: u8,
    metric: Metric,
}

fn drawn() -> impl Strategy<Value = Drawn> {
    (
        prop::sample::select(vec![(8usize, 8usize), (4, 16), (16, 4)]),
        any::<bool>(),
        2usize..=3,
        prop::collection::vec(any::<u16>(), 256),
        0u8..=80,
        prop::sample::select(Metric::ALL.to_vec()),
    )
        .prop_map(
            |((rows, cols), sealed, empty, picks, steps, metric)| Drawn {
                // A sealed board is 8 x 8: room for many shapes above the strip.
                rows: if sealed { 8 } else { rows },
                cols: if sealed { 8 } else { cols },
                sealed,
                // Two empty cells at most in a sealed board: a 1x3 bar never moves down.
                empty: if sealed { 2 } else { empty },
                picks,
                steps,
                metric,
            },
        )
}

/// The cells of a board being packed: 0 free, [`KEPT`] kept empty, else a piece id.
struct Packing<'a> {
    d: &'a Drawn,
    owner: Vec<usize>,
    pieces: usize,
    /// The random choices, and how many were made.
    picks: &'a [u16],
    made: usize,
}

/// A cell kept empty.
const KEPT: usize = usize::MAX;

impl Packing<'_> {
    fn pick(&mut self) -> usize {
        self.made += 1;
        usize::from(self.picks[self.made % self.picks.len()])
    }

    /// Cells of `shape` with its first cell at `i`, if all are free and in rows `rows`.
    fn place(&self, shape: &[(usize, usize)], i: usize, rows: &Range<usize>) -> Option<Vec<usize>> {
        let cols = self.d.cols;
        let (r, c) = (i / cols, i % cols);
        let anchor_col = shape[0].1;
        shape
            .iter()
            .map(|&(dr, dc)| {
                let (row, col) = (r + dr, (c + dc).checked_sub(anchor_col)?);
                (rows.contains(&row) && col < cols && self.owner[row * cols + col] == 0)
                    .then_some(row * cols + col)
            })
            .collect()
    }

    /// A new piece on `cells`.
    fn put(&mut self, cells: Vec<usize>) {
        self.pieces += 1;
        for c in cells {
            self.owner[c] = self.pieces;
        }
    }

    /// A free cell next to the piece `id`, at random, or any free cell if there is none.
    fn free_cell_next_to(&mut self, id: usize) -> usize {
        let (rows, cols) = (self.d.rows, self.d.cols);
        let near: Vec<usize> = (0..rows * cols)
            .filter(|&i| self.owner[i] == 0)
            .filter(|&i| {
                let (r, c) = (i / cols, i % cols);
                [(r > 0).then(|| i - cols), (r + 1 < rows).then(|| i + cols)]
                    .into_iter()
                    .chain([(c > 0).then(|| i - 1), (c + 1 < cols).then(|| i + 1)])
                    .flatten()
                    .any(|n| self.owner[n] == id)
            })
            .collect();
        if near.is_empty() {
            return self.free_cell(&(0..rows));
        }
        near[self.pick() % near.len()]
    }

    /// A free cell of `rows`, at random.
    fn free_cell(&mut self, rows: &Range<usize>) -> usize {
        let cols = self.d.cols;
        let free: Vec<usize> = (rows.start * cols..rows.end * cols)
            .filter(|&i| self.owner[i] == 0)
            .collect();
        free[self.pick() % free.len()]
    }

    /// The goal piece of `shape` somewhere in `rows` (it fits: the rows are free), and
    /// the corner of its bounding box.
    fn goal_piece(&mut self, shape: &[(usize, usize)], rows: &Range<usize>) -> Pos {
        loop {
            let at = self.free_cell(rows);
            if let Some(own) = self.place(shape, at, rows) {
                self.put(own);
                return Pos::new(at / self.d.cols, at % self.d.cols - shape[0].1);
            }
        }
    }

    /// Fills the free cells of `rows` in reading order: on one cell in `ones` a 1x1,
    /// else the first of `wanted` that fits there (taken out of it), or a 1x1.
    fn fill(&mut self, rows: &Range<usize>, wanted: &mut Vec<&[(usize, usize)]>, ones: usize) {
        let cols = self.d.cols;
        for i in rows.start * cols..rows.end * cols {
            if self.owner[i] != 0 || self.pieces == LABELS.len() {
                continue;
            }
            let fits = (self.pick() % ones != 0)
                .then(|| (0..wanted.len()).find_map(|j| Some((j, self.place(wanted[j], i, rows)?))))
                .flatten();
            match fits {
                Some((j, own)) => {
                    wanted.remove(j);
                    self.put(own);
                }
                None => self.put(vec![i]),
            }
        }
    }

    /// The shapes of more than one cell but `but`, in a random order.
    fn shuffled(&mut self, but: &[(usize, usize)]) -> Vec<&'static [(usize, usize)]> {
        let mut shapes: Vec<&[(usize, usize)]> = SHAPES
            .iter()
            .copied()
            .filter(|&s| s != but && s.len() > 1)
            .collect();
        for i in (1..shapes.len()).rev() {
            let j = self.pick() % (i + 1);
            shapes.swap(i, j);
        }
        shapes
    }
}

impl Drawn {
    /// The board with the piece `label` one cell further in `dir` (by the rules, written
    /// here again), if it can go.
    fn step(&self, cells: &[u8], label: u8, (dr, dc): (isize, isize)) -> Option<Vec<u8>> {
        let mut next: Vec<u8> = cells
            .iter()
            .map(|&c| if c == label { b'.' } else { c })
            .collect();
        for (i, _) in cells.iter().enumerate().filter(|&(_, &c)| c == label) {
            let r = (i / self.cols) as isize + dr;
            let c = (i % self.cols) as isize + dc;
            if r < 0 || c < 0 || r >= self.rows as isize || c >= self.cols as isize {
                return None;
            }
            let to = r as usize * self.cols + c as usize;
            if next[to] != b'.' {
                return None;
            }
            next[to] = label;
        }
        Some(next)
    }

    /// The layout drawn. Crowded: the goal piece anywhere, on its goal, the empty cells
    /// next to it, and every other shape once where it first fits in reading order, with
    /// 1x1 pieces on every other cell (many pieces of many shapes, small enough to
    /// move); then random steps, one in two by the goal piece when it can. Sealed: the
    /// same with fewer 1x1 pieces in all rows but the last three, which are a row of
    /// 1x3 and 1x4 bars (which two empty cells never let move down) over a strip of two
    /// rows holding a 1x2 goal piece, the empty cells and 1x1 pieces: the many shapes
    /// above never move, and the goal is at the far end of the strip.
    ///
    /// A draw with fewer than [`SHAPES_AT_LEAST`] shapes, or whose states fit 64 bits,
    /// is drawn again from other picks, up to [`ATTEMPTS`] times.
    fn layout(&self) -> Option<Layout> {
        (0..ATTEMPTS)
            .map(|attempt| self.attempt(attempt))
            .find(|layout| shapes(layout) >= SHAPES_AT_LEAST && layout.arrangements() == u64::MAX)
    }

    fn attempt(&self, attempt: usize) -> Layout {
        let (rows, cols) = (self.rows, self.cols);
        let mut p = Packing {
            d: self,
            owner: vec![0; rows * cols],
            pieces: 0,
            picks: &self.picks,
            made: attempt * 37,
        };
        let (goal_shape, top, strip) = if self.sealed {
            (WIDE2, 0..rows - 3, rows - 2..rows)
        } else {
            (GOALS[p.pick() % GOALS.len()], 0..rows, 0..rows)
        };
        let mut corner = p.goal_piece(goal_shape, &strip);
        for _ in 0..self.empty {
            let cell = if self.sealed {
                p.free_cell(&strip)
            } else {
                p.free_cell_next_to(1)
            };
            p.owner[cell] = KEPT;
        }
        let mut wanted = p.shuffled(goal_shape);
        p.fill(&top, &mut wanted, if self.sealed { usize::MAX } else { 2 });
        if self.sealed {
            let seal = rows - 3;
            let mut col = 0;
            while col < cols {
                let width = if cols - col == 7 || cols - col == 3 {
                    3
                } else {
                    4
                };
                p.put((col..col + width).map(|c| seal * cols + c).collect());
                col += width;
            }
            p.fill(&strip, &mut Vec::new(), 1);
            let far = if corner.col >= (cols - 2) / 2 {
                0
            } else {
                cols - 2
            };
            corner = Pos::new(strip.start + p.pick() % 2, far);
        }
        let (owner, pieces) = (p.owner, p.pieces);
        let mut label_of = vec![b'.'; pieces + 1];
        let mut next = 0;
        let mut board: Vec<u8> = owner
            .iter()
            .map(|&id| {
                if id == 0 || id == KEPT {
                    return b'.';
                }
                if label_of[id] == b'.' {
                    label_of[id] = LABELS[next];
                    next += 1;
                }
                label_of[id]
            })
            .collect();
        let goal_label = label_of[1];
        let mut picks = self
            .picks
            .iter()
            .rev()
            .map(|&p| usize::from(p))
            .cycle()
            .skip(attempt);
        let mut last: Option<(u8, (isize, isize))> = None;
        for _ in 0..self.steps {
            let moves: Vec<(u8, (isize, isize))> = LABELS[..next]
                .iter()
                .flat_map(|&l| [(-1, 0), (1, 0), (0, -1), (0, 1)].map(|d| (l, d)))
                .filter(|&(l, d)| last != Some((l, (-d.0, -d.1))))
                .filter(|&(l, d)| self.step(&board, l, d).is_some())
                .collect();
            if moves.is_empty() {
                break;
            }
            let goal_moves: Vec<_> = moves.iter().filter(|m| m.0 == goal_label).collect();
            let pick = picks.next().unwrap();
            let (l, d) = if pick % 2 == 0 && !goal_moves.is_empty() {
                *goal_moves[pick / 2 % goal_moves.len()]
            } else {
                moves[pick / 2 % moves.len()]
            };
            board = self.step(&board, l, d).unwrap();
            last = Some((l, d));
        }
        let goal = Goal::new(char::from(goal_label), corner);
        Layout::new(rows, cols, &board, goal).expect("a packing breaks no rule")
    }
}

/// The number of distinct shapes of `layout`'s pieces.
fn shapes(layout: &Layout) -> usize {
    let mut shapes: Vec<_> = layout.pieces().iter().map(|p| p.shape()).collect();
    shapes.sort();
    shapes.dedup();
    shapes.len()
}

/// The fast solver and the oracle agree, and every path replays to its answer; the
/// answer, or `None` when the layout is not one this test checks.
fn check(d: &Drawn) -> Result<Option<u64>, TestCaseError> {
    let Some(layout) = d.layout() else {
        return Ok(None);
    };
    let Ok(expected) = crate::oracle_agreement::oracle_answer(&layout, d.metric, ORACLE) else {
        return Ok(None);
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
    let solution = got.expect("a scrambled layout is solvable");
    prop_assert_eq!(
        replay(&layout, d.metric, &solution.path),
        Ok(solution.moves()),
        "{}",
        solution.path
    );
    let (moves, path) = expected.expect("as the solver found");
    prop_assert_eq!(
        replay(&layout, d.metric, &path),
        Ok(moves),
        "oracle path {}",
        path
    );
    Ok(Some(moves))
}

#[test]
#[allow(clippy::print_stdout)] // the histogram is the test's report (`--nocapture`)
fn solver_matches_oracle_on_crowded_layouts_past_64_bits() {
    let config = ProptestConfig {
        cases: CASES,
        source_file: Some(file!()),
        ..ProptestConfig::default()
    };
    let answers = RefCell::new(Vec::new());
    let skipped = RefCell::new(0usize);
    let mut runner = TestRunner::new(config);
    let result = runner.run(&drawn(), |d| {
        match check(&d)? {
            Some(moves) => answers.borrow_mut().push(moves),
            None => *skipped.borrow_mut() += 1,
        }
        Ok(())
    });
    if let Err(error) = result {
        panic!("{error}\n{runner}");
    }
    let answers = answers.into_inner();
    let mut histogram = std::collections::BTreeMap::new();
    for &a in &answers {
        *histogram.entry(a).or_insert(0usize) += 1;
    }
    let line: Vec<String> = histogram.iter().map(|(a, n)| format!("{a}: {n}")).collect();
    println!(
        "wide layouts checked: {} ({} skipped); answers (moves: layouts) {}",
        answers.len(),
        skipped.into_inner(),
        line.join(", ")
    );
    let checked = answers.len();
    assert!(checked >= CHECKED, "only {checked} layouts checked");
    let moving = answers.iter().filter(|&&a| a >= 1).count();
    let far = answers.iter().filter(|&&a| a >= 10).count();
    assert!(
        2 * moving >= checked,
        "only {moving} of {checked} need a move"
    );
    assert!(
        5 * far >= checked,
        "only {far} of {checked} need ten moves or more"
    );
}
