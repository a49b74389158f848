//! The solver tells a watcher how its long work goes (`Solver::with_progress`): the
//! iterations of IDA* with their bounds and positions, the positions inside an
//! iteration, and a database build's entries of their total; and watching changes no
//! answer, path or count.

use crate::random;
use fifteen::progress::{Progress, Watch};
use fifteen::{Board, Method, Solver};
use std::sync::{Arc, Mutex};

/// One call to the watcher.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Told {
    Building { done: u64, total: u64 },
    Iteration { bound: u64, positions: u64 },
    Searched { positions: u64 },
    Finished,
}

/// Keeps every call, in the order they came.
#[derive(Default)]
struct Recorder(Mutex<Vec<Told>>);

impl Progress for Recorder {
    fn building(&self, done: u64, total: u64) {
        self.0.lock().unwrap().push(Told::Building { done, total });
    }
    fn iteration(&self, bound: u64, positions: u64) {
        self.0
            .lock()
            .unwrap()
            .push(Told::Iteration { bound, positions });
    }
    fn searched(&self, positions: u64) {
        self.0.lock().unwrap().push(Told::Searched { positions });
    }
    fn finished(&self) {
        self.0.lock().unwrap().push(Told::Finished);
    }
}

/// `board` solved by `method` under a recording watcher and without one: the calls,
/// and the answer with the positions generated (the same both ways).
fn watched(board: &Board, method: Method) -> (Vec<Told>, u64, u64) {
    let recorder = Arc::new(Recorder::default());
    let mut solver = Solver::new()
        .with_method(method)
        .with_threads(1)
        .with_progress(Watch::new(recorder.clone()));
    let solution = solver.solve_with_path(board).unwrap().expect("solvable");
    let generated = solver.stats().generated;
    let mut plain = Solver::new().with_method(method).with_threads(1);
    assert_eq!(
        plain.solve_with_path(board).unwrap(),
        Some(solution.clone())
    );
    assert_eq!(plain.stats(), solver.stats(), "watching changes no count");
    let mut told = recorder.0.lock().unwrap().clone();
    assert_eq!(told.pop(), Some(Told::Finished), "the end is told last");
    assert!(!told.contains(&Told::Finished), "and once");
    (told, solution.moves(), generated)
}

fn iterations(told: &[Told]) -> Vec<(u64, u64)> {
    told.iter()
        .filter_map(|t| match *t {
            Told::Iteration { bound, positions } => Some((bound, positions)),
            _ => None,
        })
        .collect()
}

#[test]
fn each_iteration_is_told_with_its_bound_and_the_positions_before_it() {
    let board = random(3, 4, 7);
    let (told, moves, generated) = watched(&board, Method::Manhattan);
    let iterations = iterations(&told);
    assert!(iterations.len() >= 2, "{iterations:?}");
    assert_eq!(
        iterations[0].1, 0,
        "the first starts with nothing generated"
    );
    // Each bound is two more than the one before (every path to the goal has the
    // parity of the first bound), the last is the answer.
    for pair in iterations.windows(2) {
        assert_eq!(pair[1].0, pair[0].0 + 2, "{iterations:?}");
        assert!(pair[1].1 > pair[0].1, "{iterations:?}");
    }
    assert_eq!(iterations.last().unwrap().0, moves);
    assert!(iterations.last().unwrap().1 < generated);
    assert!(!told.iter().any(|t| matches!(t, Told::Building { .. })));
}

#[test]
fn a_long_iteration_tells_the_positions_every_million() {
    // A 15-puzzle walk that IDA* with the Manhattan distance takes 5.29 million
    // positions on, in 50 moves.
    let board = crate::walk(4, 4, 100, 4);
    let (told, _, generated) = watched(&board, Method::Manhattan);
    let searched: Vec<u64> = told
        .iter()
        .filter_map(|t| match *t {
            Told::Searched { positions } => Some(positions),
            _ => None,
        })
        .collect();
    assert!(generated > 1 << 20);
    assert!(!searched.is_empty(), "no report in {generated} positions");
    // A million apart, give or take the few positions of one expansion.
    assert!(
        searched
            .windows(2)
            .all(|w| w[1] >= w[0] + (1 << 20) && w[1] < w[0] + (1 << 20) + 8),
        "{searched:?}"
    );
    assert!(searched.len() >= 4, "{searched:?} in {generated}");
    assert!(searched.iter().all(|&p| p <= generated));
    // A report inside an iteration comes after the iteration was told.
    let first = told
        .iter()
        .position(|t| matches!(t, Told::Searched { .. }))
        .expect("a report");
    assert!(matches!(told[0], Told::Iteration { .. }) && first > 0);
}

#[test]
fn a_database_build_tells_its_entries_up_to_the_total() {
    let board = random(3, 4, 11);
    let (told, moves, _) = watched(&board, Method::Pdb);
    let built: Vec<(u64, u64)> = told
        .iter()
        .filter_map(|t| match *t {
            Told::Building { done, total } => Some((done, total)),
            _ => None,
        })
        .collect();
    assert!(!built.is_empty());
    let total = built[0].1;
    assert!(total > 0);
    assert!(
        built
            .iter()
            .all(|&(done, t)| t == total && done > 0 && done <= total)
    );
    // The tables' threads may tell out of order; the count reaches the total.
    assert_eq!(built.iter().map(|&(done, _)| done).max(), Some(total));
    // The build comes before the search, whose last bound is the answer.
    let last_build = told
        .iter()
        .rposition(|t| matches!(t, Told::Building { .. }))
        .unwrap();
    let first_iteration = told
        .iter()
        .position(|t| matches!(t, Told::Iteration { .. }))
        .unwrap();
    assert!(last_build < first_iteration);
    assert_eq!(iterations(&told).last().unwrap().0, moves);
}

#[test]
fn a_watcher_of_quick_work_is_told_only_its_end() {
    // A table answers a 3 x 3 board: no iteration, no database.
    let board = random(3, 3, 5);
    let (told, _, _) = watched(&board, Method::Auto);
    assert_eq!(told, []);
}
