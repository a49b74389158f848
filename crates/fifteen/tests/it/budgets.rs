//! One budget, one meaning: a board's outcome under a state budget is the same whether
//! it is solved alone, after others on the same solver, or in a batch, and a larger
//! budget never fails where a smaller one answers; the databases held for a run are one
//! set at a time, however many blank goal cells the boards have.

use crate::checkpoint::store;
use crate::{limits, random};
use fifteen::generate::{Family, GenParams, GoalKind, generate};
use fifteen::{Board, Method, Outcome, SolveError, Solver};

/// Each board's outcome under `budget`: in one batch, one by one on one solver, and
/// each on a solver of its own; the three must agree, counts included. The batch builds
/// its databases; the other two take them from the tests' store once built (a budget
/// charges the same either way).
fn outcomes(boards: &[Board], method: Method, budget: u64) -> Vec<Outcome> {
    let mut batch = Solver::with_limits(limits(budget)).with_method(method);
    let all = batch.solve_all(boards);
    let kept = || {
        Solver::with_limits(limits(budget))
            .with_method(method)
            .with_store(store())
    };
    let mut reused = kept();
    for (i, (board, outcome)) in boards.iter().zip(&all).enumerate() {
        for solver in [&mut reused, &mut kept()] {
            let answer = solver.solve_with_path(board);
            assert_eq!(answer, outcome.answer, "board {i}, budget {budget}");
            assert_eq!(solver.stats(), outcome.stats, "board {i}, budget {budget}");
        }
    }
    all
}

/// A ladder of budgets over boards whose databases are small (3 x 3 and 3 x 4, by the
/// pattern databases; 4 x 4 under `Auto`, whose budgets here leave no room for them):
/// the same outcome however asked, and an answer, once given, given at every larger
/// budget.
#[test]
fn a_budget_has_one_outcome_and_more_of_it_never_answers_less() {
    let cases: [(Vec<Board>, Method, &[u64]); 3] = [
        (
            (1..=3).map(|seed| random(3, 4, seed)).collect(),
            Method::Pdb,
            &[
                0, 100, 10_000, 30_000, 100_000, 300_000, 1_000_000, 3_000_000,
            ],
        ),
        (
            (1..=4).map(|seed| random(3, 3, seed)).collect(),
            Method::Pdb,
            &[0, 1_000, 3_000, 10_000, 100_000],
        ),
        (
            (1..=2)
                .map(|seed| {
                    generate(&GenParams {
                        family: Family::Walk,
                        rows: 4,
                        cols: 4,
                        steps: 60,
                        goal: GoalKind::BlankFirst,
                        seed,
                    })
                    .unwrap()
                })
                .collect(),
            Method::Auto,
            &[0, 1_000, 100_000, 1_000_000],
        ),
    ];
    for (boards, method, ladder) in cases {
        let mut answered: Vec<Option<Outcome>> = vec![None; boards.len()];
        let (mut stopped, mut solved) = (0, 0);
        for &budget in ladder {
            for (i, outcome) in outcomes(&boards, method, budget).into_iter().enumerate() {
                match (&answered[i], &outcome.answer) {
                    (Some(before), now) => {
                        assert_eq!(now, &before.answer, "board {i} at {budget}: {method}");
                    }
                    (None, Ok(_)) => answered[i] = Some(outcome),
                    (None, Err(SolveError::Limit(_))) => stopped += 1,
                    (None, Err(e)) => panic!("board {i} at {budget}: {e}"),
                }
            }
        }
        solved += answered.iter().filter(|a| a.is_some()).count();
        // The ladder spans both: budgets that stop every board, then answers.
        assert!(stopped >= boards.len(), "{method}: {stopped} stopped");
        assert!(solved > 0, "{method}: none solved");
    }
}

/// A board of `rows x cols` whose goal has its blank on `cell` (the tiles in order
/// around it), and its start `steps` random moves of the blank away.
fn with_blank_on(rows: usize, cols: usize, cell: usize, steps: usize, seed: u64) -> Board {
    let n = rows * cols;
    let mut goal: Vec<u8> = (1..n as u8).collect();
    goal.insert(cell, 0);
    let mut start = goal.clone();
    let mut blank = cell;
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for _ in 0..steps {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let (r, c) = (blank / cols, blank % cols);
        let next = match state % 4 {
            0 if r > 0 => blank - cols,
            1 if r + 1 < rows => blank + cols,
            2 if c > 0 => blank - 1,
            3 if c + 1 < cols => blank + 1,
            _ => continue,
        };
        start.swap(blank, next);
        blank = next;
    }
    Board::new(rows, cols, &start, &goal).unwrap()
}

/// Boards of every blank goal cell of a 3 x 3 board, twice over in mixed order, in one
/// batch: one set of databases held at a time (the bytes of one set at the end), each
/// set built once (the batch takes them set by set), and each board answered as alone.
#[test]
fn the_databases_held_are_one_set_whatever_the_blank_goal_cells() {
    let cells: Vec<usize> = (0..9).chain((0..9).rev()).collect();
    let boards: Vec<Board> = cells
        .iter()
        .enumerate()
        .map(|(i, &cell)| with_blank_on(3, 3, cell, 40, i as u64 + 1))
        .collect();
    let mut solver = Solver::new().with_method(Method::Pdb);
    let outcomes = solver.solve_all(&boards);
    let mut one_set = 0;
    for (board, outcome) in boards.iter().zip(&outcomes) {
        let mut alone = Solver::new().with_method(Method::Pdb);
        assert_eq!(alone.solve_with_path(board), outcome.answer);
        assert!(matches!(outcome.answer, Ok(Some(_))));
        one_set = one_set.max(alone.table_bytes());
    }
    assert!(one_set > 0);
    assert!(
        solver.table_bytes() <= one_set,
        "{} bytes held, one set {one_set}",
        solver.table_bytes()
    );
    assert_eq!(solver.databases_held(), 1);
    assert_eq!(solver.databases_built(), 9);
    // One by one, a set is built each time the blank goal cell changes, and still one
    // is held.
    let mut one_by_one = Solver::new().with_method(Method::Pdb);
    for board in &boards {
        one_by_one.solve(board).unwrap();
        assert_eq!(one_by_one.databases_held(), 1);
        assert!(one_by_one.table_bytes() <= one_set);
    }
}
