//! The solver around its searches: tables built ahead, many boards at once, what each
//! method reports of its work, the time limit of a build.

use crate::{limits, random};
use fifteen::generate::{Family, GenParams, GoalKind, generate};
use fifteen::{Board, LimitError, Limits, Method, Partition, SearchStats, SolveError, Solver};
use std::time::Duration;

/// A 3 x 4 board 12 moves from its goal: quick for every method that takes it.
fn near_three_by_four() -> Board {
    generate(&GenParams {
        family: Family::Far,
        rows: 3,
        cols: 4,
        steps: 12,
        goal: GoalKind::BlankLast,
        seed: 7,
    })
    .unwrap()
}

#[test]
fn prepare_builds_the_table_or_databases_a_solve_needs() {
    // A 3 x 3 board takes the table.
    let mut solver = Solver::new();
    assert_eq!(solver.prepare(&random(3, 3, 1)), Ok(Method::Table));
    let table = solver.table_bytes();
    assert!(table > 0);
    // The databases of a 3 x 4 board.
    let board = near_three_by_four();
    let mut pdb = Solver::with_limits(limits(1000)).with_method(Method::Pdb);
    // A budget without room for the databases' entries: the solve stops, none built.
    let stopped = Err(SolveError::Limit(LimitError::States(1000)));
    assert_eq!(pdb.solve(&board), stopped);
    assert_eq!(pdb.table_bytes(), 0);
    assert_eq!(pdb.prepare(&board), Ok(Method::Pdb));
    let databases = pdb.table_bytes();
    assert!(databases > 0);
    // Prepared, the solve is charged the same: one budget, one outcome.
    assert_eq!(pdb.solve(&board), stopped);
    let mut pdb = Solver::new().with_method(Method::Pdb);
    let moves = pdb.solve(&board).unwrap().unwrap();
    assert!(moves <= 12, "{moves}");
    // A line needs nothing built; a shape the method does not take is refused.
    let line = Board::with_default_goal(1, 5, &[1, 2, 3, 0, 4]).unwrap();
    assert_eq!(solver.prepare(&line), Ok(Method::Line));
    assert_eq!(solver.table_bytes(), table);
    assert_eq!(
        pdb.prepare(&line),
        Err(SolveError::Unsupported {
            method: Method::Pdb,
            rows: 1,
            cols: 5
        })
    );
}

#[test]
fn each_method_reports_its_own_work() {
    // The line and the table walk without a search: nothing counted.
    let line = Board::with_default_goal(1, 5, &[1, 2, 3, 0, 4]).unwrap();
    let mut solver = Solver::new();
    assert_eq!(solver.solve(&line), Ok(Some(1)));
    assert_eq!(solver.last_method(), Some(Method::Line));
    assert_eq!(solver.stats(), SearchStats::default());
    let square = random(3, 3, 1);
    let moves = solver.solve(&square).unwrap().unwrap();
    assert!(moves > 0);
    assert_eq!(solver.last_method(), Some(Method::Table));
    assert_eq!(solver.stats(), SearchStats::default());
    // IDA* by the Manhattan distance and by the databases: the same answer, and the
    // databases' better estimate expands fewer positions.
    let board = random(3, 4, 5);
    let mut manhattan = Solver::new();
    let by_manhattan = manhattan.solve(&board).unwrap();
    assert_eq!(manhattan.last_method(), Some(Method::Manhattan));
    let mut pdb = Solver::new().with_method(Method::Pdb);
    pdb.prepare(&board).unwrap();
    assert_eq!(pdb.solve(&board).unwrap(), by_manhattan);
    assert_eq!(pdb.last_method(), Some(Method::Pdb));
    let (m, p) = (manhattan.stats(), pdb.stats());
    assert!(p.expanded > 0 && p.expanded < m.expanded, "{p:?} vs {m:?}");
    // Under Auto, a 15-puzzle near its goal is answered by the quick try alone.
    let near = generate(&GenParams {
        family: Family::Walk,
        rows: 4,
        cols: 4,
        steps: 10,
        goal: GoalKind::BlankLast,
        seed: 3,
    })
    .unwrap();
    let mut auto = Solver::new();
    assert!(auto.solve(&near).unwrap().is_some());
    assert_eq!(auto.last_method(), Some(Method::Manhattan));
    assert!(auto.stats().generated > 0);
    assert_eq!(auto.table_bytes(), 0);
    // An unsolvable board: no method runs.
    let mut cells = Board::default_goal(3, 3);
    cells.swap(0, 1);
    let unsolvable = Board::with_default_goal(3, 3, &cells).unwrap();
    assert_eq!(solver.solve(&unsolvable), Ok(None));
    assert_eq!(solver.last_method(), None);
}

#[test]
fn solve_all_answers_each_board_as_solve_does_and_sums_the_counts() {
    let mut cells = Board::default_goal(3, 3);
    cells.swap(0, 1);
    let boards = vec![
        random(3, 4, 5),
        Board::with_default_goal(3, 3, &cells).unwrap(),
        random(3, 3, 4),
        random(3, 4, 6),
        Board::with_default_goal(1, 5, &[1, 2, 3, 0, 4]).unwrap(),
    ];
    for threads in [1, 2] {
        let mut all = Solver::new().with_threads(threads);
        let outcomes = all.solve_all(&boards);
        assert_eq!(outcomes.len(), boards.len());
        let mut one = Solver::new();
        let mut sum = SearchStats::default();
        for (board, outcome) in boards.iter().zip(&outcomes) {
            let answer = one.solve_with_path(board);
            assert_eq!(outcome.answer, answer, "{board:?}");
            assert_eq!(Ok(outcome.method), one.method_for(board));
            assert_eq!(outcome.stats, one.stats(), "{board:?}");
            sum.expanded += outcome.stats.expanded;
            sum.generated += outcome.stats.generated;
        }
        assert!(outcomes[0].stats.expanded > 0 && outcomes[3].stats.expanded > 0);
        assert_eq!(all.stats(), sum);
        // What was built is what the boards' methods need: the 3 x 3 table, no
        // databases for the boards IDA* solves by the Manhattan distance.
        assert_eq!(all.table_bytes(), one.table_bytes());
    }
    // The solver's method and budget hold on every thread; a board stopped by the
    // budget shows what it had generated.
    let mut manhattan = Solver::with_limits(limits(100_000))
        .with_method(Method::Manhattan)
        .with_threads(2);
    let outcomes = manhattan.solve_all(&[random(3, 3, 4)]);
    assert_eq!(outcomes[0].method, Method::Manhattan);
    assert!(outcomes[0].answer.as_ref().is_ok_and(Option::is_some));
    assert!(outcomes[0].stats.expanded > 0);
    let far: Vec<u8> = Board::default_goal(8, 8).into_iter().rev().collect();
    let outcomes = manhattan.solve_all(&[Board::with_default_goal(8, 8, &far).unwrap()]);
    assert_eq!(
        outcomes[0].answer,
        Err(SolveError::Limit(LimitError::States(100_000)))
    );
    assert_eq!(outcomes[0].stats.generated, 100_001);
    assert!(manhattan.solve_all(&[]).is_empty());
}

/// A file of easy 24-puzzles, as judges give them: the quick try settles every board,
/// on every thread, and no databases are built (a minute and 750 MB of them).
#[test]
fn solve_all_builds_no_databases_the_quick_try_does_without() {
    let boards: Vec<Board> = (1..=6)
        .map(|seed| {
            generate(&GenParams {
                family: Family::Walk,
                rows: 5,
                cols: 5,
                steps: 20,
                goal: GoalKind::BlankLast,
                seed,
            })
            .unwrap()
        })
        .collect();
    let mut manhattan = Solver::new().with_method(Method::Manhattan);
    for threads in [1, 2] {
        let mut solver = Solver::new().with_threads(threads);
        let outcomes = solver.solve_all(&boards);
        for (board, outcome) in boards.iter().zip(&outcomes) {
            assert_eq!(outcome.answer, manhattan.solve_with_path(board));
            assert_eq!(outcome.stats, manhattan.stats());
            assert_eq!(outcome.method, Method::Manhattan);
        }
        assert!(outcomes.iter().any(|o| o.stats.expanded > 0));
        assert_eq!(solver.table_bytes(), 0);
    }
    // A solved board needs no try: it is answered by its method, as `solve` answers it.
    let solved = Board::with_default_goal(5, 5, &Board::default_goal(5, 5)).unwrap();
    let outcomes = Solver::new().solve_all(std::slice::from_ref(&solved));
    assert_eq!(outcomes[0].method, Method::Pdb);
    assert_eq!(outcomes[0].answer, Solver::new().solve_with_path(&solved));
    assert_eq!(outcomes[0].stats, SearchStats::default());
}

#[test]
fn a_time_limit_far_off_lets_a_solve_build_its_databases() {
    let board = near_three_by_four();
    let mut solver = Solver::with_limits(Limits {
        max_states: None,
        max_time: Some(Duration::from_secs(3600)),
    })
    .with_method(Method::Pdb);
    assert!(solver.solve(&board).unwrap().is_some());
    assert!(solver.table_bytes() > 0);
}

#[test]
fn the_large_partition_finds_the_same_paths_in_fewer_positions() {
    // On 3 x 3, Partition::Large is one group of all 8 tiles, an exact heuristic: the
    // same first shortest paths in never more positions, and far fewer in all.
    let boards: Vec<Board> = (0..20).map(|seed| random(3, 3, seed)).collect();
    let (mut standard, mut large) = (0, 0);
    let mut kept = Solver::new().with_method(Method::Pdb);
    for board in &boards {
        let by = |partition| {
            let mut solver = Solver::new()
                .with_method(Method::Pdb)
                .with_partition(partition);
            let solution = solver.solve_with_path(board).unwrap();
            (solution, solver.stats().expanded)
        };
        let (a, spent_a) = by(Partition::Standard);
        let (b, spent_b) = by(Partition::Large);
        assert_eq!(a, b, "{board:?}");
        assert!(spent_b <= spent_a, "{spent_b} against {spent_a}: {board:?}");
        (standard, large) = (standard + spent_a, large + spent_b);
        // A solver that held the standard set searches with the large one once asked.
        kept.solve(board).unwrap();
        assert_eq!(kept.stats().expanded, spent_a);
        kept = kept.with_partition(Partition::Large);
        kept.solve(board).unwrap();
        assert_eq!(kept.stats().expanded, spent_b);
        kept = kept.with_partition(Partition::Standard);
    }
    // The counts of these seeded boards, pinned.
    assert_eq!((large, standard), (409, 1147));
}

#[test]
fn the_largest_tables_agree_with_the_manhattan_search() {
    // 2 x 5 and 5 x 2 are the largest boards a table holds (10 cells). The oracle
    // agreement leaves them out (its hash map of 1.8 million positions costs seconds),
    // so here the table meets the Manhattan search, which that agreement checks on every
    // other shape: the same first shortest path, or none, on random boards of each.
    for (rows, cols) in [(2, 5), (5, 2)] {
        let mut table = Solver::new().with_method(Method::Table);
        let mut manhattan = Solver::new().with_method(Method::Manhattan);
        let mut lengths = Vec::new();
        for seed in 0..12 {
            let mut board = random(rows, cols, seed);
            if seed % 4 == 3 {
                // Two tiles swapped: the other half of the space, which no path reaches.
                let mut start = board.start().to_vec();
                let tiles: Vec<usize> = (0..start.len()).filter(|&c| start[c] != 0).collect();
                start.swap(tiles[0], tiles[1]);
                board = Board::new(rows, cols, &start, board.goal()).unwrap();
            }
            assert_eq!(Solver::new().method_for(&board), Ok(Method::Table));
            let by_table = table.solve_with_path(&board).unwrap().map(|s| s.path);
            let by_manhattan = manhattan.solve_with_path(&board).unwrap().map(|s| s.path);
            assert_eq!(by_table, by_manhattan, "{board:?}");
            assert_eq!(by_table.is_none(), seed % 4 == 3, "{board:?}");
            if let Some(path) = by_table {
                assert_eq!(fifteen::replay(&board, &path), Ok(path.len() as u64));
                lengths.push(path.len());
            }
        }
        // The whole space of 10! arrangements, a byte each.
        assert_eq!(table.table_bytes(), 3_628_800);
        assert!(lengths.iter().all(|&n| n >= 10), "{lengths:?}");
    }
}
