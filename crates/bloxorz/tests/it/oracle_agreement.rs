//! The fast solver against the naive oracle on thousands of random small boards.
//!
//! The oracle reads the judge text the tests write here from the board
//! ([`judge_text`]), with its own reader. Each property prints the histogram of the
//! answers it checked (`cargo test -p gridsolve-bloxorz -- --nocapture`) and fails unless at least
//! half of them are 1 or more and a fifth 10 or more: a generator that drifted to
//! trivial boards would test little.

#![allow(clippy::print_stderr)] // the histograms

use bloxorz::generate::{Family, GenParams, StartKind, generate};
use bloxorz::{Board, Cell, Orientation, Placement, Solver, oracle, replay};
use grid_core::{Choice, Dir, Limits, Pos};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use std::cell::RefCell;

/// New cases each property runs (cases replayed from the regressions file come on top).
const CASES: u32 = 2000;

/// What a board of [`drawn_board`] is made of, kept for shrinking.
#[derive(Clone, Debug)]
struct Drawn {
    rows: usize,
    cols: usize,
    border: bool,
    /// Percent of empty cells, and of fragile cells among the others.
    empty: u32,
    fragile: u32,
    /// One pair of random bytes per inner cell, turned into a cell by the percentages.
    cells: Vec<(u8, u8)>,
    orientation: Orientation,
    /// Indices into the start's and the target's possible positions.
    start_pick: u16,
    target_pick: u16,
    /// Draw the target among the cells the box can reach (see [`landing_target`]),
    /// rather than anywhere on the board.
    reachable: bool,
}

/// Inner sides 1..=14 (1..=12 inside a border, so a board is at most 14x14; 6 or more
/// three times in four) with at least two cells, any densities, any start orientation; the target drawn among the
/// cells the box can reach on [`REACHABLE_SHARE`] of the boards, anywhere on the others.
///
/// A target drawn anywhere is out of reach on about three boards of four. A reachable
/// one is reached whenever the box can move at all (on about three boards of four; on
/// the others the target is drawn anywhere), so about two boards in three are solvable.
fn drawn_board() -> impl Strategy<Value = Drawn> {
    // Sides of 6 or more three times in four: small boards hold only short answers.
    let side = || prop_oneof![1 => 1usize..=5, 3 => 6usize..=14];
    (any::<bool>(), side(), side())
        .prop_filter(
            "two cells for a start and a target",
            |&(border, rows, cols)| rows * cols >= 2 && (!border || rows.max(cols) <= 12),
        )
        .prop_flat_map(|(border, rows, cols)| {
            (
                Just((border, rows, cols)),
                // Open boards three times in four: a box hemmed in by holes and orange
                // cells has only short ways or none.
                (
                    prop_oneof![3 => 0u32..=25, 1 => 26u32..=60],
                    prop_oneof![3 => 0u32..=30, 1 => 31u32..=100],
                ),
                prop::collection::vec(any::<(u8, u8)>(), rows * cols),
                prop::sample::select(Orientation::ALL.to_vec()),
                any::<(u16, u16)>(),
                prop::bool::weighted(REACHABLE_SHARE),
            )
        })
        .prop_map(
            |((border, rows, cols), (empty, fragile), cells, orientation, picks, reachable)| {
                Drawn {
                    rows,
                    cols,
                    border,
                    empty,
                    fragile,
                    cells,
                    orientation,
                    start_pick: picks.0,
                    target_pick: picks.1,
                    reachable,
                }
            },
        )
}

/// Share of the boards of [`drawn_board`] whose target is drawn among the cells the box
/// can reach.
const REACHABLE_SHARE: f64 = 0.8;

/// A target the box can reach: among the cells off the start where the box can come to
/// stand once the cell is made rigid (as a target is), two times in three the one it
/// reaches last, else the last it reaches of three cells `pick` picks; `None` if there is none (the box cannot move, say). Far
/// targets give the long answers that test the searches most.
///
/// A breadth-first flood fill over the box's placements by the rules alone
/// ([`Placement::roll`] onto non-empty cells, standing only on rigid ones), not by the
/// searches under test; the target is any cell a reachable placement rolls onto
/// standing, whatever it holds, and its depth the rolls to get there.
fn landing_target(
    rows: usize,
    cols: usize,
    cells: &[Cell],
    start: Placement,
    pick: usize,
) -> Option<Pos> {
    let inside = |p: Pos| p.row < rows && p.col < cols;
    let cell = |p: Pos| {
        if inside(p) {
            cells[p.row * cols + p.col]
        } else {
            Cell::Empty
        }
    };
    let holds = |placement: Placement| match placement.cells() {
        (a, None) => cell(a) == Cell::Rigid,
        (a, Some(b)) => cell(a) != Cell::Empty && cell(b) != Cell::Empty,
    };
    let id = |p: Placement| (p.pos.row * cols + p.pos.col) * 3 + p.orientation as usize;
    let mut seen = vec![false; rows * cols * 3];
    // Per cell: the fewest rolls after which the box stands on it.
    let mut landing: Vec<Option<usize>> = vec![None; rows * cols];
    seen[id(start)] = true;
    let mut layer = vec![start];
    let mut depth = 0;
    while !layer.is_empty() {
        depth += 1;
        let mut next_layer = Vec::new();
        for here in layer {
            for next in Dir::ALL.into_iter().filter_map(|dir| here.roll(dir)) {
                if next.orientation == Orientation::Standing && inside(next.pos) {
                    let at = &mut landing[next.pos.row * cols + next.pos.col];
                    at.get_or_insert(depth);
                }
                if holds(next) && !seen[id(next)] {
                    seen[id(next)] = true;
                    next_layer.push(next);
                }
            }
        }
        layer = next_layer;
    }
    let (a, b) = start.cells();
    let targets: Vec<(usize, Pos)> = (0..rows * cols)
        .map(|i| Pos::new(i / cols, i % cols))
        .filter(|&p| ![Some(a), b].contains(&Some(p)))
        .filter_map(|p| landing[p.row * cols + p.col].map(|d| (d, p)))
        .collect();
    if targets.is_empty() {
        return None;
    }
    // Two picks in three the farthest of all (the earliest of those in reading order).
    let far = targets
        .iter()
        .min_by_key(|(d, p)| (usize::MAX - d, *p))
        .copied();
    let picked = [pick / 3, pick / 21, pick / 147]
        .map(|k| targets[k % targets.len()])
        .into_iter()
        .max();
    if pick % 3 == 0 { picked } else { far }.map(|(_, p)| p)
}

impl Drawn {
    /// The board: the drawn cells (in a `#` ring if `border`), the start and the target
    /// made rigid as in the judge format. A lying start that leaves no cell for the
    /// target, or does not fit across a single row or column, stands instead. A reachable
    /// target falls back to one drawn anywhere when the box can reach no cell.
    fn board(&self) -> Board {
        let (rows, cols) = (self.rows, self.cols);
        let mut cells: Vec<Cell> = self
            .cells
            .iter()
            .map(|&(a, b)| {
                if u32::from(a) % 100 < self.empty {
                    Cell::Empty
                } else if u32::from(b) % 100 < self.fragile {
                    Cell::Fragile
                } else {
                    Cell::Rigid
                }
            })
            .collect();
        let fits = match self.orientation {
            Orientation::Standing => true,
            Orientation::Horizontal => cols >= 2 && rows * cols >= 3,
            Orientation::Vertical => rows >= 2 && rows * cols >= 3,
        };
        let orientation = if fits {
            self.orientation
        } else {
            Orientation::Standing
        };
        let (anchor_rows, anchor_cols) = match orientation {
            Orientation::Standing => (rows, cols),
            Orientation::Horizontal => (rows, cols - 1),
            Orientation::Vertical => (rows - 1, cols),
        };
        let anchor = usize::from(self.start_pick) % (anchor_rows * anchor_cols);
        let start = Placement {
            pos: Pos::new(anchor / anchor_cols, anchor % anchor_cols),
            orientation,
        };
        let (a, b) = start.cells();
        for pos in [Some(a), b].into_iter().flatten() {
            cells[pos.row * cols + pos.col] = Cell::Rigid;
        }
        let pick = usize::from(self.target_pick);
        let reachable = self
            .reachable
            .then(|| landing_target(rows, cols, &cells, start, pick))
            .flatten();
        let target = reachable.unwrap_or_else(|| {
            let mut target = pick % (rows * cols);
            while [Some(a), b].contains(&Some(Pos::new(target / cols, target % cols))) {
                target = (target + 1) % (rows * cols);
            }
            Pos::new(target / cols, target % cols)
        });
        cells[target.row * cols + target.col] = Cell::Rigid;
        if !self.border {
            return Board::new(rows, cols, &cells, start, target).unwrap();
        }
        let (outer_rows, outer_cols) = (rows + 2, cols + 2);
        let mut ringed = vec![Cell::Empty; outer_rows * outer_cols];
        for r in 0..rows {
            let from = r * cols;
            let to = (r + 1) * outer_cols + 1;
            ringed[to..to + cols].copy_from_slice(&cells[from..from + cols]);
        }
        let inward = |p: Pos| Pos::new(p.row + 1, p.col + 1);
        let start = Placement {
            pos: inward(start.pos),
            orientation,
        };
        Board::new(outer_rows, outer_cols, &ringed, start, inward(target)).unwrap()
    }
}

/// `board` as a judge input of one case, written from its cells: what the oracle reads.
pub(crate) fn judge_text(board: &Board) -> String {
    let (rows, cols) = (board.rows(), board.cols());
    let (a, b) = board.start().cells();
    let mut text = format!("{rows} {cols}\n");
    for r in 0..rows {
        for c in 0..cols {
            let p = Pos::new(r, c);
            text.push(if p == a || Some(p) == b {
                'X'
            } else if p == board.target() {
                'O'
            } else {
                match board.cell(p) {
                    Cell::Empty => '#',
                    Cell::Fragile => 'E',
                    Cell::Rigid => '.',
                }
            });
        }
        text.push('\n');
    }
    text.push_str("0 0\n");
    text
}

/// The oracle's answer on `board`, read from the judge text.
pub(crate) fn oracle_answer(board: &Board) -> oracle::Answer {
    let answers = oracle::solve_text(&judge_text(board), Limits::NONE).unwrap();
    assert_eq!(answers.len(), 1, "one case");
    answers.into_iter().next().flatten()
}

/// How many of the checked answers fall in each range: what a property covered.
#[derive(Clone, Copy, Debug, Default)]
struct Histogram {
    /// "Impossible", 0, 1-4, 5-9, 10-19, 20 and more.
    counts: [usize; 6],
}

impl Histogram {
    const LABELS: [&'static str; 6] = ["impossible", "0", "1-4", "5-9", "10-19", "20+"];

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

thread_local! {
    // The solver every `check` of a thread also asks.
    static KEPT: RefCell<Solver> = RefCell::new(Solver::new());
}

/// Both searches agree on the answer, and every path they give is legal, optimal and
/// as long as the answer. Returns the oracle's answer.
fn check(board: &Board) -> Result<Option<u64>, TestCaseError> {
    let expected = oracle_answer(board);
    let mut solver = Solver::new();
    let got = solver.solve_with_path(board).unwrap();
    prop_assert_eq!(
        got.as_ref().map(|s| s.moves()),
        expected.as_ref().map(|e| e.0),
        "solver vs oracle on {:?}",
        board
    );
    prop_assert_eq!(
        solver.solve(board).unwrap(),
        got.as_ref().map(|s| s.moves())
    );
    // A solver kept from board to board (its buffers reused, larger or smaller, and
    // never cleared in between) answers the same.
    let kept = KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        let moves = kept.solve(board).unwrap();
        (moves, kept.solve_with_path(board).unwrap().map(|s| s.path))
    });
    prop_assert_eq!(kept.0, expected.as_ref().map(|e| e.0));
    prop_assert_eq!(kept.1.as_ref(), got.as_ref().map(|s| &s.path));
    if let Some(solution) = got {
        prop_assert_eq!(solution.path.len() as u64, solution.moves());
        prop_assert_eq!(replay(board, &solution.path), Ok(solution.moves()));
    }
    let answer = expected.as_ref().map(|e| e.0);
    if let Some((moves, path)) = expected {
        prop_assert_eq!(path.len() as u64, moves);
        prop_assert_eq!(replay(board, &path), Ok(moves));
    }
    Ok(answer)
}

/// The runner's configuration: `cases` new cases, and the regressions file of this
/// source file (`tests/proptest-regressions/oracle_agreement.txt`: proptest climbs from
/// this file to the folder holding `main.rs`, `tests/it`, and looks beside it).
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        source_file: Some(file!()),
        ..ProptestConfig::default()
    }
}

/// Runs [`CASES`] new cases of `strategy` through `test`, which returns its board's
/// answer; then checks that the answers cover what [`Histogram::assert_covers`] asks,
/// with `long_percent`% of 10 or more.
fn run_covering<S: Strategy>(
    name: &str,
    strategy: S,
    long_percent: usize,
    test: impl Fn(S::Value) -> Result<Option<u64>, TestCaseError>,
) {
    let seen = RefCell::new(Histogram::default());
    let mut runner = TestRunner::new(config(CASES));
    let result = runner.run(&strategy, |value| {
        let answer = test(value)?;
        seen.borrow_mut().add(answer);
        Ok(())
    });
    if let Err(error) = result {
        panic!("{error}\n{runner}");
    }
    let seen = seen.into_inner();
    assert!(
        seen.total() >= CASES as usize,
        "only {} boards checked",
        seen.total()
    );
    seen.assert_covers(name, long_percent);
}

/// The shrunk failures of the regressions file, as plain tests: its seeds replay the
/// first failing value drawn, not the shrunk one, and the strategies have changed since.
#[test]
fn past_failures_still_pass() {
    let drawn = Drawn {
        rows: 1,
        cols: 6,
        border: false,
        empty: 0,
        fragile: 20,
        cells: vec![(0, 0); 6],
        orientation: Orientation::Horizontal,
        start_pick: 7269,
        target_pick: 11734,
        reachable: false,
    };
    check(&drawn.board()).unwrap();
    let params = GenParams {
        family: Family::Random,
        rows: 4,
        cols: 6,
        empty: 0,
        fragile: 71,
        start: StartKind::Horizontal,
        border: false,
        seed: 2441875329967131343,
    };
    check(&generate(&params).unwrap()).unwrap();
}

#[test]
fn solver_matches_oracle_on_random_boards() {
    run_covering("random boards", drawn_board(), 20, |drawn| {
        check(&drawn.board())
    });
}

/// Share of the boards of [`generated_board`] that keep the generator's target; the
/// others get a target the box can reach (see [`landing_target`]).
const KEEP_GENERATED_TARGET: f64 = 0.25;

/// Parameters of any family the generator accepts, and `Some(pick)` to replace the
/// generator's target by a cell the box can reach ([`landing_target`]). The generator
/// places its target anywhere (and the adversarial family makes half its boards
/// impossible on purpose): the box never reaches it on about five boards of eight, and
/// the ones it reaches are near. With the targets replaced, about two boards in three
/// are solvable, a fifth in 10 rolls or more.
fn generated_board() -> impl Strategy<Value = (GenParams, Option<u16>)> {
    let side = || prop_oneof![1 => 1usize..=5, 3 => 6usize..=14];
    let params = (
        prop::sample::select(Family::ALL.to_vec()),
        side(),
        side(),
        0u32..=100,
        0u32..=100,
        prop::sample::select(StartKind::ALL.to_vec()),
        any::<bool>(),
        any::<u64>(),
    )
        .prop_map(
            |(family, rows, cols, empty, fragile, start, border, seed)| GenParams {
                family,
                rows,
                cols,
                empty,
                fragile,
                start,
                border,
                seed,
            },
        )
        .prop_filter("room for the start and a target", |p| p.check().is_ok());
    let retarget = prop::option::weighted(1.0 - KEEP_GENERATED_TARGET, any::<u16>());
    (params, retarget)
}

/// The generated board, with its target moved to the `pick`th cell the box can reach if
/// asked and there is one.
fn generated((params, retarget): &(GenParams, Option<u16>)) -> Board {
    let board = generate(params).unwrap();
    let Some(pick) = retarget else {
        return board;
    };
    let (rows, cols) = (board.rows(), board.cols());
    let mut cells: Vec<Cell> = (0..rows * cols)
        .map(|i| board.cell(Pos::new(i / cols, i % cols)))
        .collect();
    let start = board.start();
    match landing_target(rows, cols, &cells, start, usize::from(*pick)) {
        Some(target) => {
            cells[target.row * cols + target.col] = Cell::Rigid;
            Board::new(rows, cols, &cells, start, target).unwrap()
        }
        None => board,
    }
}

#[test]
fn solver_matches_oracle_on_generated_boards() {
    run_covering("generated boards", generated_board(), 20, |drawn| {
        check(&generated(&drawn))
    });
}
