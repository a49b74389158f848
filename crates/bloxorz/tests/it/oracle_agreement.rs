//! The fast solver against the naive oracle on thousands of random small boards.

use bloxorz::generate::{Family, GenParams, StartKind, generate};
use bloxorz::{Board, Cell, Orientation, Placement, Solver, oracle, replay};
use grid_core::{Dir, Pos};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use std::cell::{Cell as Counter, RefCell};

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

/// Inner sides 1..=12 (1..=10 inside a border, so a board is at most 12x12) with at
/// least two cells, any densities, any start orientation; the target drawn among the
/// cells the box can reach on [`REACHABLE_SHARE`] of the boards, anywhere on the others.
///
/// A target drawn anywhere is out of reach on about three boards of four. A reachable
/// one is reached whenever the box can move at all (on about three boards of four; on
/// the others the target is drawn anywhere), so about two boards in three are solvable.
fn drawn_board() -> impl Strategy<Value = Drawn> {
    (any::<bool>(), 1usize..=12, 1usize..=12)
        .prop_filter(
            "two cells for a start and a target",
            |&(border, rows, cols)| rows * cols >= 2 && (!border || rows.max(cols) <= 10),
        )
        .prop_flat_map(|(border, rows, cols)| {
            (
                Just((border, rows, cols)),
                (0u32..=60, 0u32..=100),
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

/// A target the box can reach: the `pick`th, in row-major order, of the cells off the
/// start where the box can come to stand once the cell is made rigid (as a target is),
/// or `None` if there is none (the box cannot move, say).
///
/// A flood fill over the box's placements by the rules alone ([`Placement::roll`]
/// onto non-empty cells, standing only on rigid ones), not by the searches under test;
/// the target is any cell a reachable placement rolls onto standing, whatever it holds.
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
    let mut landing = vec![false; rows * cols];
    seen[id(start)] = true;
    let mut stack = vec![start];
    while let Some(here) = stack.pop() {
        for next in Dir::ALL.into_iter().filter_map(|dir| here.roll(dir)) {
            if next.orientation == Orientation::Standing && inside(next.pos) {
                landing[next.pos.row * cols + next.pos.col] = true;
            }
            if holds(next) && !seen[id(next)] {
                seen[id(next)] = true;
                stack.push(next);
            }
        }
    }
    let (a, b) = start.cells();
    let targets: Vec<Pos> = (0..rows * cols)
        .map(|i| Pos::new(i / cols, i % cols))
        .filter(|&p| landing[p.row * cols + p.col] && ![Some(a), b].contains(&Some(p)))
        .collect();
    (!targets.is_empty()).then(|| targets[pick % targets.len()])
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

thread_local! {
    // The solver every `check` of a thread also asks.
    static KEPT: RefCell<Solver> = RefCell::new(Solver::new());
}

/// Both searches agree on the answer, and every path they give is legal, optimal and
/// as long as the answer. Returns whether the board is solvable (by the oracle).
fn check(board: &Board) -> Result<bool, TestCaseError> {
    let expected = oracle::solve(board);
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
    let solvable = expected.is_some();
    if let Some((moves, path)) = expected {
        prop_assert_eq!(path.len() as u64, moves);
        prop_assert_eq!(replay(board, &path), Ok(moves));
    }
    Ok(solvable)
}

/// Runs [`CASES`] new cases of `strategy` through `test`, which returns whether its
/// board was solvable; then checks that at least half were. Mostly impossible boards
/// would leave the searches' paths, the part most likely to go wrong, little tested.
fn run_mostly_solvable<S: Strategy>(
    strategy: S,
    test: impl Fn(S::Value) -> Result<bool, TestCaseError>,
) {
    let config = ProptestConfig {
        cases: CASES,
        source_file: Some(file!()),
        ..ProptestConfig::default()
    };
    let (boards, solvable) = (Counter::new(0usize), Counter::new(0usize));
    let mut runner = TestRunner::new(config);
    let result = runner.run(&strategy, |value| {
        let solved = test(value)?;
        boards.set(boards.get() + 1);
        solvable.set(solvable.get() + usize::from(solved));
        Ok(())
    });
    if let Err(error) = result {
        panic!("{error}\n{runner}");
    }
    let (boards, solvable) = (boards.get(), solvable.get());
    assert!(boards >= CASES as usize, "only {boards} boards checked");
    assert!(
        2 * solvable >= boards,
        "only {solvable} of {boards} boards solvable: the strategy draws too many impossible boards"
    );
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
    run_mostly_solvable(drawn_board(), |drawn| check(&drawn.board()));
}

/// Share of the boards of [`generated_board`] that keep the generator's target; the
/// others get a target the box can reach (see [`landing_target`]).
const KEEP_GENERATED_TARGET: f64 = 0.4;

/// Parameters of any family the generator accepts, and `Some(pick)` to replace the
/// generator's target by the `pick`th cell the box can reach. The generator places its
/// target anywhere (and the adversarial family makes half its boards impossible on
/// purpose): the box never reaches it on about five boards of eight. With the targets
/// replaced, about two boards in three are solvable.
fn generated_board() -> impl Strategy<Value = (GenParams, Option<u16>)> {
    let params = (
        prop::sample::select(Family::ALL.to_vec()),
        1usize..=12,
        1usize..=12,
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
    run_mostly_solvable(generated_board(), |drawn| check(&generated(&drawn)));
}
