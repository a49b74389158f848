//! The rules and edge cases of the spec, one case each; every path is replayed.

use grid_core::{Dir, Pos};
use huarongdao::generate::{Family, GenParams, generate};
use huarongdao::{
    Board, LimitError, Limits, Position, Query, QueryError, ReplayError, Role, SolveError, Solver,
    replay, trace,
};
use rstest::rstest;

/// 1-based (row, col) as in the spec, to 0-based.
fn p(row: usize, col: usize) -> Pos {
    Pos::new(row - 1, col - 1)
}

/// The board and queries `gridsolve gen` makes of these parameters.
fn generated(
    family: Family,
    (rows, cols): (usize, usize),
    density: u32,
    queries: usize,
    seed: u64,
) -> (Board, Vec<Query>) {
    let params = GenParams {
        family,
        rows,
        cols,
        density,
        queries,
        seed,
    };
    generate(&params).unwrap()
}

/// Solves with the fast solver and the oracle, replays both paths, and returns the
/// answer.
fn answer(rows: &[&str], e: Pos, s: Pos, t: Pos) -> Option<u64> {
    let board = Board::from_rows(rows).unwrap();
    let query = Query::new(e, s, t);
    let mut solver = Solver::new();
    let fast = solver.solve_with_path(&board, &query).unwrap();
    let slow = crate::oracle_agreement::oracle_answers(&board, &[query])
        .unwrap()
        .remove(0);
    assert_eq!(
        fast.as_ref().map(|s| s.moves()),
        slow.as_ref().map(|s| s.0),
        "solver vs oracle"
    );
    if let Some(solution) = &fast {
        assert_eq!(replay(&board, &query, &solution.path), Ok(solution.moves()));
    }
    if let Some((moves, path)) = &slow {
        assert_eq!(replay(&board, &query, path), Ok(*moves));
    }
    assert_eq!(
        solver.solve(&board, &query).unwrap(),
        fast.map(|s| s.moves())
    );
    slow.map(|s| s.0)
}

const SAMPLE: [&str; 3] = ["0111", "0110", "0100"];

#[rstest]
#[case::sample_query_1(&SAMPLE, p(3, 2), p(1, 2), p(2, 2), Some(2))]
#[case::sample_query_2_piece_blocks_the_only_way(&SAMPLE, p(1, 2), p(2, 2), p(3, 2), None)]
#[case::piece_on_target_is_zero(&SAMPLE, p(1, 3), p(2, 2), p(2, 2), Some(0))]
#[case::piece_on_target_even_with_walled_in_blank(&["101", "000", "111"], p(1, 1), p(3, 1), p(3, 1), Some(0))]
#[case::target_on_fixed_cell(&SAMPLE, p(1, 3), p(1, 2), p(1, 1), None)]
#[case::walled_in_blank(&["101", "000", "111"], p(1, 1), p(3, 1), p(3, 3), None)]
#[case::blank_next_to_piece_one_move(&["11"], p(1, 2), p(1, 1), p(1, 2), Some(1))]
#[case::one_row_piece_follows_the_blank(&["1111"], p(1, 4), p(1, 1), p(1, 2), Some(3))]
#[case::one_row_piece_cannot_pass_the_blank(&["1111"], p(1, 4), p(1, 2), p(1, 1), None)]
#[case::one_column(&["1", "1", "1"], p(1, 1), p(3, 1), p(2, 1), Some(2))]
#[case::one_column_cannot_pass(&["1", "1", "1"], p(1, 1), p(2, 1), p(3, 1), None)]
#[case::open_2x2_rotation(&["11", "11"], p(1, 1), p(2, 2), p(1, 1), Some(5))]
#[case::single_cell_door(&["111", "010", "111"], p(3, 1), p(3, 2), p(1, 2), None)]
#[case::door_passable_from_the_right_side(&["111", "010", "111"], p(1, 2), p(3, 2), p(2, 2), Some(2))]
#[case::long_way_round(&["11111", "10001", "11111"], p(1, 1), p(1, 2), p(1, 4), Some(22))]
fn rules(
    #[case] rows: &[&str],
    #[case] e: Pos,
    #[case] s: Pos,
    #[case] t: Pos,
    #[case] expected: Option<u64>,
) {
    assert_eq!(answer(rows, e, s, t), expected);
}

#[rstest]
#[case::blank_on_fixed(p(1, 1), p(1, 2), p(2, 2), QueryError::Fixed { role: Role::Blank, pos: p(1, 1) })]
#[case::piece_on_fixed(p(1, 2), p(3, 3), p(2, 2), QueryError::Fixed { role: Role::Piece, pos: p(3, 3) })]
#[case::blank_on_piece(p(1, 2), p(1, 2), p(2, 2), QueryError::BlankOnPiece { pos: p(1, 2) })]
#[case::target_outside(p(1, 2), p(2, 2), p(4, 1), QueryError::Outside { role: Role::Target, pos: p(4, 1), rows: 3, cols: 4 })]
#[case::blank_outside(p(1, 5), p(2, 2), p(2, 3), QueryError::Outside { role: Role::Blank, pos: p(1, 5), rows: 3, cols: 4 })]
fn invalid_queries_are_errors(
    #[case] e: Pos,
    #[case] s: Pos,
    #[case] t: Pos,
    #[case] error: QueryError,
) {
    let board = Board::from_rows(&SAMPLE).unwrap();
    let query = Query::new(e, s, t);
    assert_eq!(
        Solver::new().solve(&board, &query),
        Err(SolveError::Query(error))
    );
    // The oracle's own reader refuses the query too.
    assert!(crate::oracle_agreement::oracle_answers(&board, &[query]).is_err());
    assert_eq!(replay(&board, &query, &[]), Err(ReplayError::Query(error)));
}

#[test]
fn error_messages_are_one_based() {
    let e = QueryError::Fixed {
        role: Role::Blank,
        pos: p(1, 1),
    };
    assert_eq!(e.to_string(), "blank (1, 1) is on a fixed cell");
}

#[rstest]
#[case::off_the_board("U", ReplayError::OffBoard { step: 1, dir: Dir::Up, blank: p(1, 3) })]
#[case::into_a_fixed_piece("RD", ReplayError::FixedCell { step: 2, dir: Dir::Down, cell: p(2, 4) })]
#[case::ends_short("L", ReplayError::NotOnTarget { piece: p(1, 3), target: p(2, 3) })]
fn replay_rejects_bad_paths(#[case] path: &str, #[case] error: ReplayError) {
    let board = Board::from_rows(&SAMPLE).unwrap();
    let query = Query::new(p(1, 3), p(1, 2), p(2, 3));
    let path: grid_core::Moves = path.parse().unwrap();
    assert_eq!(replay(&board, &query, &path), Err(error));
}

#[test]
fn one_solver_answers_many_queries() {
    // Buffers reused across queries must not leak state from one query to the next.
    let board = Board::from_rows(&["11111", "10101", "11111", "11011"]).unwrap();
    let mut solver = Solver::new();
    let cells: Vec<Pos> = (0..20)
        .map(|i| Pos::new(i / 5, i % 5))
        .filter(|&q| board.is_movable(q))
        .collect();
    for &e in &cells {
        for &s in &cells {
            if e == s {
                continue;
            }
            for &t in &cells {
                let query = Query::new(e, s, t);
                let expected = crate::oracle_agreement::oracle_answers(&board, &[query]).unwrap()
                    [0]
                .as_ref()
                .map(|x| x.0);
                let got = solver.solve_with_path(&board, &query).unwrap();
                assert_eq!(got.as_ref().map(|x| x.moves()), expected, "{query:?}");
                if let Some(sol) = got {
                    assert_eq!(replay(&board, &query, &sol.path), Ok(sol.moves()));
                }
            }
        }
    }
}

#[test]
fn stats_count_the_search() {
    let board = Board::from_rows(&SAMPLE).unwrap();
    let mut solver = Solver::new();
    solver
        .solve(&board, &Query::new(p(3, 2), p(1, 2), p(2, 2)))
        .unwrap();
    let stats = solver.stats();
    assert!(
        stats.expanded >= 1 && stats.generated >= stats.expanded,
        "{stats:?}"
    );
}

#[test]
fn solve_all_answers_like_solve_in_order() {
    // Work is queries x stored cells (the board and its one-cell border). Only the
    // fourth case is over the solver's THREADED_WORK of 4 million (1,100 x 64 x 61 =
    // 4.29 million), so only it runs on threads (two on a two-core machine); the last
    // (1,001 x 64 x 61 = 3.91 million) stays just under and runs inline like the rest.
    // `solve_all_runs_on_threads_given_enough_work` checks that threads really run.
    for (family, side, queries) in [
        (Family::Random, 20, 300),
        (Family::Rooms, 20, 5),
        (Family::Maze, 20, 129),
        (Family::Random, 62, 1100),
        (Family::Rooms, 62, 1001),
    ] {
        let (board, queries) = generated(family, (side, side - 3), 20, queries, 99);
        let mut solver = Solver::new();
        let one_by_one: Vec<_> = queries
            .iter()
            .map(|q| solver.solve(&board, q).unwrap())
            .collect();
        assert_eq!(
            all(&mut solver, &board, &queries).unwrap(),
            one_by_one,
            "{family}"
        );
    }
}

#[test]
fn solve_all_runs_on_threads_given_enough_work() {
    // 1,200 queries x 66 x 66 stored cells = 5.2 million: over the work threads need.
    let (board, queries) = generated(Family::Random, (64, 64), 20, 1200, 5);
    let mut solver = Solver::new();
    let one_by_one: Vec<_> = queries
        .iter()
        .map(|q| solver.solve(&board, q).unwrap())
        .collect();
    assert_eq!(all(&mut solver, &board, &queries).unwrap(), one_by_one);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cores > 1 {
        assert!(solver.threads_used() > 1, "ran inline on {cores} cores");
    } else {
        // The solver's own unit test forces the threads whatever the machine.
        #[allow(clippy::print_stderr)]
        {
            eprintln!("one core: solve_all ran inline; only its answers were checked");
        }
        assert_eq!(solver.threads_used(), 1);
    }
    // Little work stays on the calling thread.
    assert_eq!(
        all(&mut solver, &board, &queries[..100]).unwrap(),
        one_by_one[..100]
    );
    assert_eq!(solver.threads_used(), 1);
}

#[test]
fn solve_all_reports_the_first_invalid_query() {
    let board = Board::from_rows(&SAMPLE).unwrap();
    let good = Query::new(p(3, 2), p(1, 2), p(2, 2));
    let bad = Query::new(p(1, 1), p(1, 2), p(2, 2));
    let mut queries = vec![good; 100];
    queries[70] = bad;
    let error = QueryError::Fixed {
        role: Role::Blank,
        pos: p(1, 1),
    };
    let results = Solver::new().solve_all(&board, &queries);
    assert_eq!(results.last(), Some(&Err(SolveError::Query(error))));
    assert_eq!(
        results.len(),
        71,
        "the queries after the failed one are not answered"
    );
    assert!(results[..70].iter().all(Result::is_ok));
}

/// [`Solver::solve_all`]'s results as the answers, or the first error.
fn all(
    solver: &mut Solver,
    board: &Board,
    queries: &[Query],
) -> Result<Vec<Option<u64>>, SolveError> {
    solver.solve_all(board, queries).into_iter().collect()
}

#[test]
fn errors_say_what_went_wrong() {
    let query = QueryError::BlankOnPiece { pos: p(1, 2) };
    assert_eq!(SolveError::Query(query).to_string(), query.to_string());
    let limit = LimitError::States(10);
    assert_eq!(SolveError::Limit(limit).to_string(), limit.to_string());
    assert_eq!(ReplayError::Query(query).to_string(), query.to_string());
    for (error, message) in [
        (
            ReplayError::OffBoard {
                step: 1,
                dir: Dir::Up,
                blank: p(1, 3),
            },
            "move 1 (U) takes the blank at (1, 3) off the board",
        ),
        (
            ReplayError::FixedCell {
                step: 2,
                dir: Dir::Down,
                cell: p(2, 4),
            },
            "move 2 (D) would slide the fixed piece at (2, 4)",
        ),
        (
            ReplayError::NotOnTarget {
                piece: p(1, 3),
                target: p(2, 3),
            },
            "the path ends with the piece at (1, 3), not on the target (2, 3)",
        ),
    ] {
        assert_eq!(error.to_string(), message);
    }
}

#[test]
fn trace_gives_every_position() {
    let board = Board::from_rows(&SAMPLE).unwrap();
    // Blank (1, 3), piece (1, 2): the blank goes left, swapping with the piece, then
    // down.
    let query = Query::new(p(1, 3), p(1, 2), p(2, 3));
    let path: grid_core::Moves = "LD".parse().unwrap();
    let at = |blank, piece| Position { blank, piece };
    assert_eq!(
        trace(&board, &query, &path),
        Ok(vec![
            at(p(1, 3), p(1, 2)),
            at(p(1, 2), p(1, 3)),
            at(p(2, 2), p(1, 3)),
        ])
    );
    assert_eq!(
        trace(&board, &query, &path[..1]).map(|t| t.len()),
        Ok(2),
        "one move"
    );
    assert_eq!(
        trace(&board, &query, &"RD".parse::<grid_core::Moves>().unwrap()),
        Err(ReplayError::FixedCell {
            step: 2,
            dir: Dir::Down,
            cell: p(2, 4)
        })
    );
}

/// A query on a generated board whose detours take searches, with its answer and the
/// states its search generated.
fn detour_heavy_query() -> (Board, Query, Option<u64>, u64) {
    let (board, queries) = generated(Family::Random, (30, 30), 25, 20, 7);
    let mut solver = Solver::new();
    let mut best = None;
    for query in queries {
        let answer = solver.solve(&board, &query).unwrap();
        let generated = solver.stats().generated;
        if answer.is_some() && best.is_none_or(|(_, _, g)| generated > g) {
            best = Some((query, answer, generated));
        }
    }
    let (query, answer, generated) = best.unwrap();
    (board, query, answer, generated)
}

/// The state limit counts the search's states, not the cells its detour searches
/// visit (those go to its time only).
#[test]
fn the_state_limit_counts_states_only() {
    let (board, query, answer, generated) = detour_heavy_query();
    let limits = |max| Limits {
        max_states: Some(max),
        ..Limits::NONE
    };
    // Enough for every state: the same answer, however many cells the detours took.
    let mut solver = Solver::with_limits(limits(generated));
    assert_eq!(solver.solve(&board, &query), Ok(answer));
    assert_eq!(solver.stats().generated, generated);
    // Far too few: stopped.
    let mut solver = Solver::with_limits(limits(generated / 10));
    assert_eq!(
        solver.solve(&board, &query),
        Err(SolveError::Limit(LimitError::States(generated / 10)))
    );
    assert_eq!(
        solver.solve_with_path(&board, &query),
        Err(SolveError::Limit(LimitError::States(generated / 10)))
    );
}

/// A solver asked about another board answers on that board, not with the tables of
/// the last one.
#[test]
fn a_solver_follows_the_board() {
    let open = Board::from_rows(&["111", "111", "111"]).unwrap();
    let walled = Board::from_rows(&["111", "101", "111"]).unwrap();
    let query = Query::new(p(1, 1), p(1, 2), p(3, 2));
    let mut solver = Solver::new();
    let on_open = solver.solve(&open, &query).unwrap();
    let on_walled = solver.solve(&walled, &query).unwrap();
    assert_ne!(on_open, on_walled);
    assert_eq!(on_walled, Solver::new().solve(&walled, &query).unwrap());
    assert_eq!(solver.solve(&open, &query).unwrap(), on_open);
    // A clone is the same board.
    assert_eq!(solver.solve(&open.clone(), &query).unwrap(), on_open);
}

/// The states the searches of a generated board's queries expand and generate, to the
/// state: pruning (the piece never steps straight back) and the counting itself are
/// seen in these numbers only. A change to the search's order or its pruning changes
/// them; check the new numbers are no worse and write them here.
#[test]
fn searches_take_the_states_they_took() {
    let mut totals = Vec::new();
    for family in [Family::Random, Family::Rooms, Family::Maze] {
        let (board, queries) = generated(family, (16, 13), 20, 40, 11);
        let mut solver = Solver::new();
        let (mut expanded, mut generated) = (0, 0);
        for query in &queries {
            solver.solve(&board, query).unwrap();
            expanded += solver.stats().expanded;
            generated += solver.stats().generated;
        }
        // `solve_all` (too few queries for landmarks) runs the same searches, on
        // however many threads, and its stats are their sums.
        let mut all = Solver::new();
        assert!(all.solve_all(&board, &queries).iter().all(Result::is_ok));
        assert_eq!(
            (all.stats().expanded, all.stats().generated),
            (expanded, generated),
            "{family}"
        );
        totals.push((family.to_string(), expanded, generated));
    }
    let totals: Vec<_> = totals
        .iter()
        .map(|(f, e, g)| (f.as_str(), *e, *g))
        .collect();
    assert_eq!(
        totals,
        [
            ("random", 1964, 3286),
            ("rooms", 590, 1551),
            ("maze", 2236, 2983)
        ]
    );
}
