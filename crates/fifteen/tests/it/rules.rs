//! The solver's contract beyond the oracle's boards: the parity rule, budgets counted
//! in positions, methods and the shapes they take, any goal on the 15-puzzle.

use crate::limits;
use fifteen::generate::{Family, GenParams, GoalKind, generate};
use fifteen::{Board, LimitError, Limits, Method, SolveError, Solver, replay};
use rstest::rstest;

/// The default goal of an 8 x 8 board, turned half round: far beyond any budget here.
fn far_eight_by_eight() -> Board {
    let start: Vec<u8> = Board::default_goal(8, 8).into_iter().rev().collect();
    Board::with_default_goal(8, 8, &start).unwrap()
}

#[rstest]
#[case::eight_by_eight(far_eight_by_eight(), Method::Auto)]
#[case::eight_by_eight_pdb_refused(far_eight_by_eight(), Method::Manhattan)]
#[case::four_by_five(generate(&GenParams { family: Family::Random, rows: 4, cols: 5, steps: 0, goal: GoalKind::BlankLast, seed: 3 }).unwrap(), Method::Auto)]
fn budgets_stop_searches_at_their_count(#[case] board: Board, #[case] method: Method) {
    for budget in [1, 1000, 50_000] {
        let mut solver = Solver::with_limits(limits(budget)).with_method(method);
        assert_eq!(
            solver.solve(&board),
            Err(SolveError::Limit(LimitError::States(budget)))
        );
        // The count stops one past the budget: the position that broke it.
        assert_eq!(solver.stats().generated, budget + 1);
    }
}

/// `Solver::new()` has no hidden budget, as every solver crate's; the budget the
/// command line gives is a named one, and finite.
#[test]
fn new_has_no_budget_and_the_named_one_is_finite() {
    assert_eq!(Solver::new().limits(), fifteen::Limits::NONE);
    assert!(fifteen::DEFAULT_LIMITS.max_states.is_some());
}

#[test]
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
fn a_fifteen_puzzle_stops_at_its_budget_before_and_after_its_databases() {
    let board = generate(&GenParams {
        family: Family::Random,
        rows: 4,
        cols: 4,
        steps: 0,
        goal: GoalKind::BlankFirst,
        seed: 11,
    })
    .unwrap();
    // Below the quick try's budget: the quick try's own limit is the user's, and what
    // it generated is counted as for any search.
    let mut solver = Solver::with_limits(limits(500));
    assert_eq!(
        solver.solve(&board),
        Err(SolveError::Limit(LimitError::States(500)))
    );
    assert_eq!(solver.stats().generated, 501);
    // So too for many boards at once, and no databases are built for a budget the
    // quick try spent.
    let outcomes = solver.solve_all(std::slice::from_ref(&board));
    assert_eq!(
        outcomes[0].answer,
        Err(SolveError::Limit(LimitError::States(500)))
    );
    assert_eq!(outcomes[0].stats.generated, 501);
    assert_eq!(solver.table_bytes(), 0);
    // Within the quick try's 200,000 positions: the try is the whole search, and no
    // databases are built.
    let mut solver = Solver::with_limits(limits(150_000));
    assert_eq!(
        solver.solve(&board),
        Err(SolveError::Limit(LimitError::States(150_000)))
    );
    assert_eq!(solver.stats().generated, 150_001);
    assert_eq!(solver.table_bytes(), 0);
    // Short of the quick try (half the budget) and the databases' 11,534,880 entries:
    // none are built either.
    let mut solver = Solver::with_limits(limits(11_000_000));
    assert_eq!(
        solver.solve(&board),
        Err(SolveError::Limit(LimitError::States(11_000_000)))
    );
    assert_eq!(solver.stats().generated, 5_500_001);
    assert_eq!(solver.databases_built(), 0);
    // Enough for both (a try of 12,250,000 positions, the entries, 715,120 left): they
    // are built, and their search stops at the budget (Korf's third instance takes more
    // than a million positions).
    let korf_3: [u8; 16] = [14, 7, 8, 2, 13, 11, 10, 4, 9, 12, 5, 0, 3, 6, 1, 15];
    let korf_goal: Vec<u8> = (0..16).collect();
    let board = Board::new(4, 4, &korf_3, &korf_goal).unwrap();
    let mut solver = Solver::with_limits(limits(24_500_000));
    assert_eq!(
        solver.solve(&board),
        Err(SolveError::Limit(LimitError::States(24_500_000)))
    );
    assert!(solver.table_bytes() > 0);
    // Without a budget, many boards at once: the quick try settles a near board (no
    // databases for it); it fails on Korf's third, whose databases are built and solve
    // it, its count the quick try's and their search's. The try is what the build
    // costs, shared by the two boards that want the databases; once they are held, a
    // solve makes the shortest try (10,000 positions) before them (the same answer).
    let near = generate(&GenParams {
        family: Family::Far,
        rows: 4,
        cols: 4,
        steps: 14,
        goal: GoalKind::BlankFirst,
        seed: 11,
    })
    .unwrap();
    // (One lock for both: other tests use the shared solver between two.)
    let (by_pdb, pdb_generated) = {
        let mut databases = crate::databases();
        (
            databases.solve_with_path(&board),
            databases.stats().generated,
        )
    };
    let mut manhattan = Solver::new().with_method(Method::Manhattan);
    let near_answer = manhattan.solve_with_path(&near);
    let mut solver = Solver::new();
    let outcomes = solver.solve_all(&[near.clone(), board.clone()]);
    assert_eq!(outcomes[0].answer, near_answer);
    assert_eq!(outcomes[0].method, Method::Manhattan);
    assert_eq!(outcomes[0].stats, manhattan.stats());
    assert_eq!(outcomes[1].answer, by_pdb);
    assert_eq!(outcomes[1].method, Method::Pdb);
    assert_eq!(outcomes[1].stats.generated, BUILD / 2 + 1 + pdb_generated);
    assert!(solver.table_bytes() > 0);
    assert_eq!(solver.solve_with_path(&board), by_pdb);
    assert_eq!(solver.last_method(), Some(Method::Pdb));
    assert_eq!(solver.stats().generated, 10_001 + pdb_generated);
    // One at a time on a new solver: the whole cost of the build is tried first, and
    // the try answers it, the same first shortest path, with no database built.
    let mut solver = Solver::new();
    assert_eq!(solver.solve_with_path(&board), by_pdb);
    assert_eq!(solver.last_method(), Some(Method::Manhattan));
    assert_eq!(solver.databases_built(), 0);
    assert!(solver.stats().generated <= BUILD, "{:?}", solver.stats());
}

/// What building the 15-puzzle's databases costs, in positions of the quick try: their
/// 11,534,880 placements, five positions each. A try that fails generates one more.
const BUILD: u64 = 11_534_880 * 5;

#[test]
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
fn the_twenty_four_puzzle_s_databases_count_against_the_budget() {
    let board = generate(&GenParams {
        family: Family::Random,
        rows: 5,
        cols: 5,
        steps: 0,
        goal: GoalKind::BlankFirst,
        seed: 5,
    })
    .unwrap();
    for method in [Method::Auto, Method::Pdb] {
        let mut solver = Solver::with_limits(limits(100_000_000)).with_method(method);
        assert_eq!(
            solver.solve(&board),
            Err(SolveError::Limit(LimitError::States(100_000_000)))
        );
        assert_eq!(solver.table_bytes(), 0);
    }
}

/// `solve_all` builds no database past the time limit: a limit already spent stops the
/// quick try, and so the 24-puzzle's build (minutes of it), at once, and the board
/// answers the time limit.
#[test]
fn solving_many_builds_no_database_past_the_time_limit() {
    let board = generate(&GenParams {
        family: Family::Random,
        rows: 5,
        cols: 5,
        steps: 0,
        goal: GoalKind::BlankFirst,
        seed: 5,
    })
    .unwrap();
    let spent = Limits {
        max_states: None,
        max_time: Some(std::time::Duration::ZERO),
    };
    let mut solver = Solver::with_limits(spent);
    let outcomes = solver.solve_all(&[board.clone(), board]);
    for outcome in outcomes {
        assert_eq!(
            outcome.answer,
            Err(SolveError::Limit(LimitError::Time(
                std::time::Duration::ZERO
            )))
        );
    }
    assert_eq!(solver.table_bytes(), 0);
}

#[test]
fn unsolvable_boards_need_no_search_even_on_an_empty_budget() {
    let mut start: Vec<u8> = Board::default_goal(8, 8);
    start.swap(0, 1);
    let board = Board::with_default_goal(8, 8, &start).unwrap();
    let mut solver = Solver::with_limits(limits(0));
    assert_eq!(solver.solve(&board), Ok(None));
    assert_eq!(solver.stats().generated, 0);
    // A line whose tiles are out of order.
    let board = Board::with_default_goal(1, 64, &{
        let mut cells = Board::default_goal(1, 64);
        cells.swap(3, 4);
        cells
    })
    .unwrap();
    assert_eq!(solver.solve(&board), Ok(None));
}

#[rstest]
#[case::line(1, 64)]
#[case::column(64, 1)]
fn lines_walk_the_blank_home(#[case] rows: usize, #[case] cols: usize) {
    let n = rows * cols;
    let goal: Vec<u8> = (0..n as u8).collect(); // the blank first
    let start: Vec<u8> = (1..n as u8).chain([0]).collect(); // the blank last
    let board = Board::new(rows, cols, &start, &goal).unwrap();
    let mut solver = Solver::with_limits(limits(0));
    let solution = solver.solve_with_path(&board).unwrap().unwrap();
    assert_eq!(solution.moves(), 63);
    assert_eq!(replay(&board, &solution.path), Ok(63));
    assert_eq!(solver.last_method(), Some(Method::Line));
}

#[test]
fn a_solved_board_has_an_empty_path() {
    let board = Board::with_default_goal(5, 5, &Board::default_goal(5, 5)).unwrap();
    let mut solver = Solver::with_limits(limits(0));
    let solution = solver.solve_with_path(&board).unwrap().unwrap();
    assert!(solution.path.is_empty());
}

#[rstest]
#[case::line_on_a_square(
    Method::Line,
    3,
    3,
    "the method line takes boards of one row or one column, not 3 x 3"
)]
#[case::table_too_large(
    Method::Table,
    3,
    4,
    "the method table takes boards of at most 10 cells, not 3 x 4"
)]
#[case::pdb_too_large(
    Method::Pdb,
    6,
    6,
    "the method pdb takes boards of 2 x 2 to 32 cells, not 6 x 6"
)]
#[case::pdb_on_a_line(
    Method::Pdb,
    1,
    5,
    "the method pdb takes boards of 2 x 2 to 32 cells, not 1 x 5"
)]
fn methods_refuse_shapes_they_do_not_take(
    #[case] method: Method,
    #[case] rows: usize,
    #[case] cols: usize,
    #[case] message: &str,
) {
    let board = Board::with_default_goal(rows, cols, &Board::default_goal(rows, cols)).unwrap();
    let error = Solver::new().with_method(method).solve(&board).unwrap_err();
    assert_eq!(error.to_string(), message);
}

/// Walks of 20 to 34 moves on the 15-puzzle, for every kind of goal, by the
/// databases and by the Manhattan distance: the same first shortest path. The random
/// goals are ones with the blank in a corner the others use (first or last cell), so
/// they map onto databases built already: each set takes seconds of CPU to build.
#[rstest]
#[case::blank_last(GoalKind::BlankLast)]
#[case::blank_first(GoalKind::BlankFirst)]
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
#[case::random_goal(GoalKind::Random)]
fn any_goal_maps_onto_the_databases(#[case] goal: GoalKind) {
    let mut ida = Solver::new().with_method(Method::Manhattan);
    let mut checked = 0;
    for seed in 0.. {
        if checked == 6 {
            break;
        }
        let board = generate(&GenParams {
            family: Family::Walk,
            rows: 4,
            cols: 4,
            steps: 20 + 2 * (seed % 8),
            goal,
            seed,
        })
        .unwrap();
        let blank = board.goal().iter().position(|&t| t == 0);
        if goal == GoalKind::Random && !matches!(blank, Some(0 | 15)) {
            continue;
        }
        if goal == GoalKind::Random {
            assert!(
                board.goal() != Board::default_goal(4, 4)
                    && board.goal() != (0..16).collect::<Vec<u8>>(),
                "a goal of its own"
            );
        }
        checked += 1;
        let by_pdb = crate::databases().solve_with_path(&board).unwrap().unwrap();
        let by_ida = ida.solve_with_path(&board).unwrap().unwrap();
        assert_eq!(by_pdb, by_ida, "{board:?}");
        assert_eq!(replay(&board, &by_pdb.path), Ok(by_pdb.moves()));
    }
}

#[test]
fn methods_parse_from_their_names() {
    for method in Method::ALL {
        assert_eq!(method.name().parse::<Method>(), Ok(method));
    }
    assert!("bfs".parse::<Method>().is_err());
}

#[test]
fn a_solver_s_debug_form_names_its_tables_without_their_entries() {
    let board = Board::with_default_goal(3, 3, &[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
    let mut solver = Solver::new();
    solver.solve(&board).unwrap();
    let shown = format!("{solver:?}");
    assert!(
        shown.contains("362880 arrangements, 181440 reached"),
        "{shown}"
    );
    assert!(shown.len() < 1000);
}
