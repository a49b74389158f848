//! The fast solver against the naive oracle on thousands of random small boards.
//!
//! The oracle reads the judge text the tests write here from the board and queries
//! ([`judge_text`]), with its own reader. Each property prints the histogram of the
//! answers it checked (`cargo test -p gridsolve-huarongdao -- --nocapture`) and fails unless at
//! least half of them are 1 or more and a fifth 10 or more: a generator that drifted
//! to trivial queries (the piece already home, or never able to move) would test little.

#![allow(clippy::print_stderr)] // the histograms

use grid_core::{Choice, Dir, Limits, Pos};
use huarongdao::generate::{Family, GenParams, generate};
use huarongdao::{Board, Query, Solver, oracle, replay};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use std::cell::RefCell;
use std::fmt::Write as _;

/// New cases each property runs (cases replayed from the regressions file come on top).
const CASES: u32 = 2000;

/// Share of the queries of [`board_and_queries`] whose target the piece can reach.
const REACHABLE_SHARE: f64 = 0.7;

/// A random board up to 8x8 (mostly 4x4 or more) and up to 6 queries on it, with shrinking: cells are a
/// bitmask, queries pick cells by index among the movable ones.
///
/// A query drawn anywhere (the blank any movable cell, the target any cell, fixed ones
/// included) has no answer about three times in five. So [`REACHABLE_SHARE`] of the
/// queries put the blank in the piece's component of movable cells and the target on
/// another cell the piece can reach; the others keep answers of 0 and "never" tested.
fn board_and_queries() -> impl Strategy<Value = (Board, Vec<Query>)> {
    // Sides of 4 to 8 three times in four: thin boards hold only short answers.
    let side = || prop_oneof![1 => 1usize..=3, 3 => 4usize..=8];
    (
        side(),
        side(),
        any::<u64>(),
        0u32..=60,
        prop::collection::vec(
            (
                any::<(u16, u16, u16)>(),
                prop::bool::weighted(REACHABLE_SHARE),
            ),
            1..=6,
        ),
    )
        .prop_map(|(rows, cols, bits, density, picks)| {
            let mut cells = Vec::with_capacity(rows * cols);
            let mut rng = grid_core::SplitMix64::new(bits);
            for _ in 0..rows * cols {
                cells.push(!rng.percent(density));
            }
            let board = Board::from_cells(rows, cols, &cells).unwrap();
            let queries = queries_on(&board, picks);
            (board, queries)
        })
}

/// Queries on `board` from drawn numbers: a share ([`REACHABLE_SHARE`]) of them with
/// the blank in the piece's component and the target a cell the piece can reach, not
/// its own (when it can reach another).
fn queries_on(board: &Board, picks: Vec<((u16, u16, u16), bool)>) -> Vec<Query> {
    let (rows, cols) = (board.rows(), board.cols());
    let movable: Vec<Pos> = (0..rows * cols)
        .map(|i| Pos::new(i / cols, i % cols))
        .filter(|&p| board.is_movable(p))
        .collect();
    let mut queries = Vec::new();
    if movable.len() >= 2 {
        for ((e, s, t), reachable) in picks {
            let blank = movable[e as usize % movable.len()];
            let mut piece = movable[s as usize % movable.len()];
            if piece == blank {
                piece = movable[(s as usize + 1) % movable.len()];
            }
            let component = in_component(board, piece);
            let reach = (reachable && component.len() >= 2).then(|| {
                // The piece is first in its component; the blank is any other cell.
                let blank = component[1 + e as usize % (component.len() - 1)];
                (blank, piece_reach(board, blank, piece))
            });
            let query = if let Some((blank, reach)) = reach.filter(|(_, r)| r.len() >= 2) {
                Query::new(blank, piece, far_target(&reach, t))
            } else {
                let target = Pos::new(t as usize % rows, (t as usize / rows) % cols);
                Query::new(blank, piece, target)
            };
            queries.push(query);
        }
    }
    queries
}

/// Of three cells of `reach` (the piece's own, first, left out) picked by `t`, the one
/// farthest from the piece: long answers are the ones that test the search most.
fn far_target(reach: &[Pos], t: u16) -> Pos {
    let piece = reach[0];
    let others = &reach[1..];
    [t, t >> 5, t >> 10]
        .map(|pick| others[usize::from(pick) % others.len()])
        .into_iter()
        .max_by_key(|cell| cell.manhattan(piece))
        .unwrap_or(piece)
}

/// Thin boards: one-cell-wide cycles, whose detours are the cycle's length less two.
/// The seed's first choice is a snake loop filling the board (as the 384 x 384 loop of
/// the performance issue, shrunk), else a few rectangular rings that may cross or
/// touch (crossings make blocks that are not cycles) and an odd movable cell or two.
fn loop_board(rows: usize, cols: usize, seed: u64) -> Board {
    let mut rng = grid_core::SplitMix64::new(seed);
    let mut cells = vec![false; rows * cols];
    let mut set = |r: usize, c: usize| cells[r * cols + c] = true;
    if seed % 3 == 0 && rows >= 3 && cols >= 4 {
        // Serpentine over columns 2.., back up column 0; rows 3 mod 4 close the loop.
        let n = rows - (rows + 1) % 4;
        for r in 0..n {
            set(r, 0);
            if r % 2 == 0 {
                (2..cols).for_each(|c| set(r, c));
            } else if r % 4 == 1 {
                set(r, cols - 1);
            } else {
                set(r, 2);
            }
        }
        set(0, 1);
        set(n - 1, 1);
    } else {
        for _ in 0..1 + rng.index(3) {
            let (r0, c0) = (rng.index(rows - 1), rng.index(cols - 1));
            let r1 = r0 + 1 + rng.index(rows - 1 - r0);
            let c1 = c0 + 1 + rng.index(cols - 1 - c0);
            for r in r0..=r1 {
                for c in c0..=c1 {
                    if r == r0 || r == r1 || c == c0 || c == c1 {
                        set(r, c);
                    }
                }
            }
        }
        for _ in 0..rng.index(3) {
            set(rng.index(rows), rng.index(cols));
        }
    }
    Board::from_cells(rows, cols, &cells).unwrap()
}

/// The movable cells joined to `piece` by movable cells, `piece` first: the cells the
/// blank must be on to move the piece at all.
fn in_component(board: &Board, piece: Pos) -> Vec<Pos> {
    let mut component = vec![piece];
    let mut next = 0;
    while let Some(&here) = component.get(next) {
        next += 1;
        for pos in Dir::ALL.into_iter().filter_map(|d| here.step(d)) {
            if board.is_movable(pos) && !component.contains(&pos) {
                component.push(pos);
            }
        }
    }
    component
}

/// The cells the piece can be brought to from `piece` with the blank on `blank`,
/// `piece` first. A flood fill over (blank, piece) positions by the rules alone (the
/// blank swaps with a movable neighbour), not by the solver under test; boards are
/// small enough for its `(rows * cols)^2` positions.
fn piece_reach(board: &Board, blank: Pos, piece: Pos) -> Vec<Pos> {
    let cells = board.rows() * board.cols();
    let id = |(blank, piece): (Pos, Pos)| {
        (blank.row * board.cols() + blank.col) * cells + piece.row * board.cols() + piece.col
    };
    let mut seen = vec![false; cells * cells];
    seen[id((blank, piece))] = true;
    let mut stack = vec![(blank, piece)];
    let mut reach = vec![piece];
    while let Some((blank, piece)) = stack.pop() {
        for next in Dir::ALL.into_iter().filter_map(|d| blank.step(d)) {
            if !board.is_movable(next) {
                continue;
            }
            let state = if next == piece {
                (next, blank)
            } else {
                (next, piece)
            };
            if !seen[id(state)] {
                seen[id(state)] = true;
                stack.push(state);
                if !reach.contains(&state.1) {
                    reach.push(state.1);
                }
            }
        }
    }
    reach
}

/// `board` and `queries` in the judge format (1-based `row col`), written from the
/// board's cells: what the oracle reads.
pub(crate) fn judge_text(board: &Board, queries: &[Query]) -> String {
    let (rows, cols) = (board.rows(), board.cols());
    let mut text = format!("{rows} {cols} {}\n", queries.len());
    for r in 0..rows {
        let row: Vec<&str> = (0..cols)
            .map(|c| {
                if board.is_movable(Pos::new(r, c)) {
                    "1"
                } else {
                    "0"
                }
            })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    for q in queries {
        let [e, s, t] = [q.blank, q.piece, q.target].map(|p| (p.row + 1, p.col + 1));
        let _ = writeln!(text, "{} {} {} {} {} {}", e.0, e.1, s.0, s.1, t.0, t.1);
    }
    text
}

/// The oracle's answers to `queries` on `board`, read from the judge text.
pub(crate) fn oracle_answers(
    board: &Board,
    queries: &[Query],
) -> Result<Vec<oracle::Answer>, oracle::OracleError> {
    oracle::solve_text(&judge_text(board, queries), Limits::NONE)
}

/// How many of the checked answers fall in each range: what a property covered.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Histogram {
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

/// The solver agrees with the oracle on every query, and every path either gives is
/// legal and as long as the answer. Adds the oracle's answers to `seen` and returns them.
fn check(
    board: &Board,
    queries: &[Query],
    seen: &RefCell<Histogram>,
) -> Result<Vec<Option<u64>>, TestCaseError> {
    let mut solver = Solver::new();
    let expected = oracle_answers(board, queries).unwrap();
    prop_assert_eq!(expected.len(), queries.len());
    let answers = expected.iter().map(|e| e.as_ref().map(|e| e.0)).collect();
    for (query, expected) in queries.iter().zip(expected) {
        seen.borrow_mut().add(expected.as_ref().map(|e| e.0));
        let got = solver.solve_with_path(board, query).unwrap();
        prop_assert_eq!(
            got.as_ref().map(|s| s.moves()),
            expected.as_ref().map(|e| e.0),
            "{:?} {:?}",
            board,
            query
        );
        prop_assert_eq!(
            solver.solve(board, query).unwrap(),
            got.as_ref().map(|s| s.moves())
        );
        if let Some(solution) = got {
            prop_assert_eq!(solution.path.len() as u64, solution.moves());
            prop_assert_eq!(replay(board, query, &solution.path), Ok(solution.moves()));
        }
        if let Some((moves, path)) = expected {
            prop_assert_eq!(replay(board, query, &path), Ok(moves));
        }
    }
    Ok(answers)
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

/// Runs [`CASES`] new cases of `strategy`, each a board and its queries, through
/// [`check`]; then checks that at least [`CASES`] queries ran and that their answers
/// cover what [`Histogram::assert_covers`] asks, with `long_percent`% of 10 or more.
fn run_covering<S: Strategy>(
    name: &str,
    strategy: S,
    long_percent: usize,
    case: impl Fn(S::Value) -> (Board, Vec<Query>),
) {
    let seen = RefCell::new(Histogram::default());
    let mut runner = TestRunner::new(config(CASES));
    let result = runner.run(&strategy, |value| {
        let (board, queries) = case(value);
        check(&board, &queries, &seen).map(drop)
    });
    if let Err(error) = result {
        panic!("{error}\n{runner}");
    }
    let seen = seen.into_inner();
    assert!(
        seen.total() >= CASES as usize,
        "only {} queries checked",
        seen.total()
    );
    seen.assert_covers(name, long_percent);
}

/// The shrunk failures of the regressions file, as plain tests: its seeds replay the
/// first failing value drawn, not the shrunk one, and the strategies have changed since.
#[test]
fn past_failures_still_pass() {
    let seen = RefCell::new(Histogram::default());
    let board = Board::from_rows(&["11111111", "11111111"]).unwrap();
    let query = Query::new(Pos::new(1, 2), Pos::new(0, 1), Pos::new(1, 1));
    check(&board, &[query], &seen).unwrap();
    let board = Board::from_rows(&["111111", "111111", "111111"]).unwrap();
    let query = Query::new(Pos::new(1, 0), Pos::new(1, 1), Pos::new(1, 5));
    check(&board, &[query], &seen).unwrap();
    for (family, rows, cols, seed) in [
        (Family::Rooms, 3, 5, 15222462738055556704),
        (Family::Random, 8, 4, 3771955882263321624),
    ] {
        let params = GenParams {
            family,
            rows,
            cols,
            density: 0,
            queries: 4,
            seed,
        };
        let (board, queries) = generate(&params).unwrap();
        check(&board, &queries, &seen).unwrap();
    }
}

#[test]
fn solver_matches_oracle_on_random_boards() {
    run_covering("random boards", board_and_queries(), 20, |case| case);
}

#[test]
fn solver_matches_oracle_on_loops() {
    let strategy = (
        2usize..=8,
        2usize..=8,
        any::<u64>(),
        prop::collection::vec(
            (
                any::<(u16, u16, u16)>(),
                prop::bool::weighted(REACHABLE_SHARE),
            ),
            1..=6,
        ),
    )
        .prop_map(|(rows, cols, seed, picks)| {
            let board = loop_board(rows, cols, seed);
            let queries = queries_on(&board, picks);
            (board, queries)
        });
    run_covering("loops", strategy, 20, |case| case);
}

/// Share of the generator's queries of [`solver_matches_oracle_on_generated_boards`]
/// whose target is moved to a far cell the piece can reach: left as they are, a third
/// of them have no answer and a sixth answer 0.
const RETARGET_SHARE: f64 = 0.5;

/// The generator's queries with those `picks` mark moved to a far cell the piece can
/// reach (when it can reach another), the others as generated.
fn retargeted(board: &Board, queries: Vec<Query>, picks: &[Option<u16>]) -> Vec<Query> {
    queries
        .into_iter()
        .zip(picks.iter().cycle())
        .map(|(query, pick)| match pick {
            Some(t) => {
                let reach = piece_reach(board, query.blank, query.piece);
                if reach.len() >= 2 {
                    Query::new(query.blank, query.piece, far_target(&reach, *t))
                } else {
                    query
                }
            }
            None => query,
        })
        .collect()
}

#[test]
fn solver_matches_oracle_on_generated_boards() {
    let params = (
        prop::sample::select(Family::ALL.to_vec()),
        1usize..=8,
        1usize..=8,
        0u32..=100,
        any::<u64>(),
    )
        .prop_map(|(family, rows, cols, density, seed)| GenParams {
            family,
            rows,
            cols,
            density,
            queries: 4,
            seed,
        });
    let picks = prop::collection::vec(prop::option::weighted(RETARGET_SHARE, any::<u16>()), 4);
    run_covering(
        "generated boards",
        (params, picks),
        20,
        |(params, picks)| {
            let (board, queries) = generate(&params).unwrap();
            let queries = retargeted(&board, queries, &picks);
            (board, queries)
        },
    );
}

/// Batches of 64 queries or more get landmark bounds in their heuristic
/// ([`Solver::solve_all`] computes them): the answers of a batch, and the paths asked
/// one by one afterwards (with the landmarks kept), still agree with the oracle.
#[test]
fn solver_with_landmarks_matches_oracle() {
    let picks = prop::collection::vec(
        (
            any::<(u16, u16, u16)>(),
            prop::bool::weighted(REACHABLE_SHARE),
        ),
        64..=80,
    );
    let strategy = (1usize..=8, 1usize..=8, any::<u64>(), 0u32..=60, picks).prop_map(
        |(rows, cols, seed, density, picks)| {
            let board = if seed % 2 == 0 && rows >= 2 && cols >= 2 {
                loop_board(rows, cols, seed / 2)
            } else {
                let mut rng = grid_core::SplitMix64::new(seed);
                let cells: Vec<bool> = (0..rows * cols).map(|_| !rng.percent(density)).collect();
                Board::from_cells(rows, cols, &cells).unwrap()
            };
            let queries = queries_on(&board, picks);
            (board, queries)
        },
    );
    let seen = RefCell::new(Histogram::default());
    let mut runner = TestRunner::new(config(300));
    let result = runner.run(&strategy, |(board, queries)| {
        let expected = check(&board, &queries, &seen)?;
        let mut solver = Solver::new();
        let answers: Vec<_> = solver
            .solve_all(&board, &queries)
            .into_iter()
            .collect::<Result<_, _>>()
            .unwrap();
        prop_assert_eq!(&answers, &expected, "{:?}", board);
        for (query, answer) in queries.iter().zip(&answers) {
            let solution = solver.solve_with_path(&board, query).unwrap();
            prop_assert_eq!(solution.as_ref().map(|s| s.moves()), *answer);
            if let Some(solution) = solution {
                prop_assert_eq!(replay(&board, query, &solution.path), Ok(solution.moves()));
            }
        }
        Ok(())
    });
    if let Err(error) = result {
        panic!("{error}\n{runner}");
    }
    seen.into_inner().assert_covers("landmark batches", 20);
}
