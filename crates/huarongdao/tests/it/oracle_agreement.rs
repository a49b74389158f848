//! The fast solver against the naive oracle on thousands of random small boards.

use grid_core::{Dir, Pos};
use huarongdao::generate::{Family, GenParams, generate};
use huarongdao::{Board, Query, Solver, oracle, replay};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use std::cell::Cell;

/// New cases each property runs (cases replayed from the regressions file come on top).
const CASES: u32 = 2000;

/// Share of the queries of [`board_and_queries`] whose target the piece can reach.
const REACHABLE_SHARE: f64 = 0.5;

/// A random board up to 8x8 and up to 6 queries on it, with shrinking: cells are a
/// bitmask, queries pick cells by index among the movable ones.
///
/// A query drawn anywhere (the blank any movable cell, the target any cell, fixed ones
/// included) has no answer about three times in five. So [`REACHABLE_SHARE`] of the
/// queries put the blank in the piece's component of movable cells and the target on a
/// cell the piece can reach (sometimes its own); about two queries in three are then
/// solvable.
fn board_and_queries() -> impl Strategy<Value = (Board, Vec<Query>)> {
    (
        1usize..=8,
        1usize..=8,
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
/// the blank in the piece's component and the target a cell the piece can reach.
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
            let query = if reachable && component.len() >= 2 {
                // The piece is first in its component; the blank is any other cell.
                let blank = component[1 + e as usize % (component.len() - 1)];
                let reach = piece_reach(board, blank, piece);
                Query::new(blank, piece, reach[t as usize % reach.len()])
            } else {
                let target = Pos::new(t as usize % rows, (t as usize / rows) % cols);
                Query::new(blank, piece, target)
            };
            queries.push(query);
        }
    }
    queries
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

/// The solver agrees with the oracle on every query, and every path either gives is
/// legal and as long as the answer. Returns how many of the queries are solvable (by
/// the oracle).
fn check(board: &Board, queries: &[Query]) -> Result<usize, TestCaseError> {
    let mut solver = Solver::new();
    let mut solvable = 0;
    for query in queries {
        let expected = oracle::solve(board, query).unwrap();
        solvable += usize::from(expected.is_some());
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
    Ok(solvable)
}

/// Runs [`CASES`] new cases of `strategy`, each a board and its queries, through
/// [`check`]; then checks that at least [`CASES`] queries ran and at least half of them
/// were solvable. Mostly impossible queries would leave the solver's search and paths,
/// the parts most likely to go wrong, little tested.
fn run_mostly_solvable<S: Strategy>(strategy: S, case: impl Fn(S::Value) -> (Board, Vec<Query>)) {
    let config = ProptestConfig {
        cases: CASES,
        source_file: Some(file!()),
        ..ProptestConfig::default()
    };
    let (queries, solvable) = (Cell::new(0usize), Cell::new(0usize));
    let mut runner = TestRunner::new(config);
    let result = runner.run(&strategy, |value| {
        let (board, case_queries) = case(value);
        solvable.set(solvable.get() + check(&board, &case_queries)?);
        queries.set(queries.get() + case_queries.len());
        Ok(())
    });
    if let Err(error) = result {
        panic!("{error}\n{runner}");
    }
    let (queries, solvable) = (queries.get(), solvable.get());
    assert!(queries >= CASES as usize, "only {queries} queries checked");
    assert!(
        2 * solvable >= queries,
        "only {solvable} of {queries} queries solvable: the strategy draws too many impossible queries"
    );
}

/// The shrunk failures of the regressions file, as plain tests: its seeds replay the
/// first failing value drawn, not the shrunk one, and the strategies have changed since.
#[test]
fn past_failures_still_pass() {
    let board = Board::from_rows(&["11111111", "11111111"]).unwrap();
    let query = Query::new(Pos::new(1, 2), Pos::new(0, 1), Pos::new(1, 1));
    check(&board, &[query]).unwrap();
    let board = Board::from_rows(&["111111", "111111", "111111"]).unwrap();
    let query = Query::new(Pos::new(1, 0), Pos::new(1, 1), Pos::new(1, 5));
    check(&board, &[query]).unwrap();
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
        check(&board, &queries).unwrap();
    }
}

#[test]
fn solver_matches_oracle_on_random_boards() {
    run_mostly_solvable(board_and_queries(), |case| case);
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
    run_mostly_solvable(strategy, |case| case);
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
    run_mostly_solvable(params, |params| generate(&params).unwrap());
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
    let config = ProptestConfig {
        cases: 300,
        source_file: Some(file!()),
        ..ProptestConfig::default()
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&strategy, |(board, queries)| {
        let expected: Vec<Option<u64>> = queries
            .iter()
            .map(|q| oracle::solve(&board, q).unwrap().map(|(moves, _)| moves))
            .collect();
        let mut solver = Solver::new();
        let answers = solver.solve_all(&board, &queries).unwrap();
        prop_assert_eq!(&answers, &expected, "{:?}", board);
        check(&board, &queries)?;
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
}
