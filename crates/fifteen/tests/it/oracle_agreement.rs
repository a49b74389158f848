//! The fast solver, by every method, against the naive oracle on thousands of random
//! small boards: the same answer, and the same path (the first shortest one in the
//! letters' order), replayed by the rules; and in another order of the blank's moves,
//! a shortest path, the same by every search.

use fifteen::oracle::Space;
use fifteen::{Board, Method, MoveOrder, Partition, Pruning, Solver, replay};
use grid_core::SplitMix64;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// New cases the property runs: the 2,000 every solver crate's oracle agreement
/// takes at least (each runs four methods, and the databases zero-aware).
const CASES: u32 = 2000;

/// The other orders of the blank's moves tried, one a case.
const ORDERS: [&str; 3] = ["ULRD", "RUDL", "LDUR"];

/// Board shapes and how often they come, out of 100. None of 10 cells: the largest
/// tables (2 x 5, 5 x 2) meet the Manhattan search in `solver::` instead, since the
/// oracle's hash map of their 1.8 million positions took 10 of this test's 14 seconds.
const SHAPES: [((usize, usize), u64); 14] = [
    ((3, 3), 51),
    ((2, 4), 12),
    ((4, 2), 11),
    ((2, 3), 6),
    ((3, 2), 4),
    ((2, 2), 3),
    ((1, 2), 1),
    ((1, 5), 2),
    ((1, 8), 2),
    ((3, 1), 1),
    ((6, 1), 2),
    ((1, 1), 1),
    ((2, 1), 1),
    ((7, 1), 3),
];

/// A case from a seed: a shape, a goal, a start (uniformly random, a random walk from
/// the goal, or unreachable: a random one with two tiles swapped).
fn case(seed: u64) -> Board {
    let mut rng = SplitMix64::new(seed);
    let mut pick = rng.below(100);
    let &((rows, cols), _) = SHAPES
        .iter()
        .find(|&&(_, weight)| {
            let hit = pick < weight;
            pick = pick.saturating_sub(weight);
            hit
        })
        .expect("the weights sum to 100");
    let n = rows * cols;
    let goal: Vec<u8> = if n <= 8 {
        let mut goal: Vec<u8> = (0..n as u8).collect();
        rng.shuffle(&mut goal);
        goal
    } else {
        // Few goals on the larger shapes, so that the oracle explores few spaces.
        shared_goals(rows, cols)[rng.index(shared_goals(rows, cols).len())].clone()
    };
    let kind = rng.below(10);
    let mut start = goal.clone();
    if kind < 4 {
        // A random walk of 10 to 60 moves.
        let steps = rng.range(10, 60);
        let mut blank = start.iter().position(|&v| v == 0).unwrap();
        for _ in 0..steps {
            let (r, c) = (blank / cols, blank % cols);
            let mut next = Vec::new();
            if r > 0 {
                next.push(blank - cols);
            }
            if r + 1 < rows {
                next.push(blank + cols);
            }
            if c > 0 {
                next.push(blank - 1);
            }
            if c + 1 < cols {
                next.push(blank + 1);
            }
            if next.is_empty() {
                break;
            }
            let to = next[rng.index(next.len())];
            start.swap(blank, to);
            blank = to;
        }
    } else {
        rng.shuffle(&mut start);
        let board = Board::new(rows, cols, &start, &goal).unwrap();
        // Seven in ten of these reachable, the rest not.
        if (board.is_solvable() != (kind < 9)) && n >= 3 {
            let tiles: Vec<usize> = (0..n).filter(|&c| start[c] != 0).take(2).collect();
            start.swap(tiles[0], tiles[1]);
        }
    }
    Board::new(rows, cols, &start, &goal).unwrap()
}

/// The goals of a shape of more than 8 cells.
fn shared_goals(rows: usize, cols: usize) -> Vec<Vec<u8>> {
    let n = rows * cols;
    let last = Board::default_goal(rows, cols);
    let first: Vec<u8> = (0..n as u8).collect();
    let mut shuffled = first.clone();
    SplitMix64::new(n as u64).shuffle(&mut shuffled);
    match (rows, cols) {
        (3, 3) => vec![last, first, shuffled],
        _ => vec![first],
    }
}

/// The spaces explored so far, by shape and the goal's blank cell.
type Spaces = HashMap<(usize, usize, usize), Rc<Space>>;

thread_local! {
    static SPACES: RefCell<Spaces> = RefCell::new(HashMap::new());
}

/// The oracle's space for `board`, and its start in that space's labels. Tiles are
/// only names: renaming them on the start and the goal alike changes no move, so every
/// goal with the blank in one cell is answered in one space, explored once, whose goal
/// numbers the other cells 1, 2, ... in order (the solver is given the board's own
/// goal).
fn space_of(board: &Board) -> (Rc<Space>, Vec<u8>) {
    let (rows, cols) = (board.rows(), board.cols());
    let blank = board.goal().iter().position(|&v| v == 0).unwrap();
    let mut plain = vec![0u8; rows * cols];
    let mut names = vec![0u8; rows * cols];
    let mut next = 1;
    for (cell, &tile) in board.goal().iter().enumerate() {
        if cell != blank {
            plain[cell] = next;
            names[usize::from(tile)] = next;
            next += 1;
        }
    }
    let start = board
        .start()
        .iter()
        .map(|&t| names[usize::from(t)])
        .collect();
    let space = SPACES.with(|spaces| {
        Rc::clone(
            spaces
                .borrow_mut()
                .entry((rows, cols, blank))
                .or_insert_with(|| Rc::new(Space::explore(rows, cols, &plain))),
        )
    });
    (space, start)
}

/// Solvers of each method (`N` of them) by what they are for.
type Solvers<K, const N: usize> = RefCell<HashMap<K, [Solver; N]>>;

#[test]
fn every_method_agrees_with_the_oracle() {
    // A solver of each method for each shape and blank cell of the goal: a solver holds
    // one set of pattern databases at a time, and the boards come in random order.
    let solvers: Solvers<(usize, usize, usize), 5> = RefCell::new(HashMap::new());
    // And for each of the other orders (the last three skipping only the undoing of
    // a move).
    let ordered: Solvers<(usize, usize, usize, usize), 8> = RefCell::new(HashMap::new());
    // Cases whose path by the searches in another order is not the letters' first.
    let other_paths = RefCell::new(0u64);
    let pruned_away = RefCell::new(0u64);
    // Answers by distance (index 0 counts the unreachable ones).
    let histogram = RefCell::new(vec![0u64; 64]);
    let mut runner = TestRunner::new(Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&any::<u64>(), |seed| {
            let board = case(seed);
            let (space, start) = space_of(&board);
            let expected = space.first_path(&start);
            let slot = expected.as_ref().map_or(0, |p| p.len() + 1);
            histogram.borrow_mut()[slot.min(63)] += 1;
            let blank = board.goal().iter().position(|&v| v == 0).unwrap();
            let mut solvers = solvers.borrow_mut();
            let solvers = solvers
                .entry((board.rows(), board.cols(), blank))
                .or_insert_with(|| {
                    [
                        Solver::new().with_method(Method::Auto),
                        Solver::new().with_method(Method::Table),
                        Solver::new().with_method(Method::Manhattan),
                        Solver::new().with_method(Method::Pdb),
                        Solver::new()
                            .with_method(Method::Pdb)
                            .with_partition(Partition::ZeroAware),
                    ]
                });
            for solver in solvers.iter_mut() {
                let method = solver.method_for(&board);
                if method.is_err() {
                    continue; // a method that does not take the shape
                }
                let got = solver.solve_with_path(&board).unwrap();
                match (&expected, got) {
                    (None, None) => {}
                    (Some(path), Some(solution)) => {
                        prop_assert_eq!(
                            &solution.path[..],
                            &path[..],
                            "{:?} by {:?}",
                            board,
                            method
                        );
                        prop_assert_eq!(replay(&board, &solution.path), Ok(path.len() as u64));
                    }
                    (expected, got) => prop_assert!(
                        false,
                        "{:?} by {:?}: expected {:?}, got {:?}",
                        board,
                        method,
                        expected,
                        got
                    ),
                }
            }
            // Another order: the whole space's table walks to the first shortest path
            // in it; the searches (IDA*, whatever their heuristic) meet the same
            // shortest path, the first in that order that the pruning of duplicate
            // paths keeps: with the automaton, one of them; skipping only the undoing
            // of a move (which no shortest path does), the first of all.
            let which = (seed >> 17) as usize % ORDERS.len();
            let order: MoveOrder = ORDERS[which].parse().unwrap();
            let first = space.first_path_in(&start, order.dirs());
            let mut ordered = ordered.borrow_mut();
            let solvers = ordered
                .entry((board.rows(), board.cols(), blank, which))
                .or_insert_with(|| {
                    let mut solvers = [
                        Method::Table,
                        Method::Auto,
                        Method::Manhattan,
                        Method::Pdb,
                        Method::Pdb,
                        Method::Manhattan,
                        Method::Pdb,
                        Method::Pdb,
                    ]
                    .map(|method| Solver::new().with_method(method).with_move_order(order));
                    for i in [4, 7] {
                        solvers[i] =
                            std::mem::take(&mut solvers[i]).with_partition(Partition::ZeroAware);
                    }
                    for solver in &mut solvers[5..] {
                        *solver = std::mem::take(solver).with_pruning(Pruning::Parent);
                    }
                    solvers
                });
            let mut searched: Option<Vec<fifteen::Dir>> = None;
            for (i, solver) in solvers.iter_mut().enumerate() {
                let method = solver.method_for(&board);
                if method.is_err() {
                    continue;
                }
                let got = solver.solve_with_path(&board).unwrap();
                let (Some(path), Some(solution)) = (&first, got.clone()) else {
                    prop_assert!(first.is_none() && got.is_none(), "{:?} in {}", board, order);
                    continue;
                };
                prop_assert_eq!(replay(&board, &solution.path), Ok(path.len() as u64));
                let method = method.unwrap();
                if i == 0 || i >= 5 || method == Method::Table {
                    prop_assert_eq!(
                        &solution.path[..],
                        &path[..],
                        "{:?} by {:?} in {} (solver {})",
                        board,
                        method,
                        order,
                        i
                    );
                } else if matches!(method, Method::Manhattan | Method::Pdb) {
                    let same = searched.get_or_insert_with(|| solution.path[..].to_vec());
                    prop_assert_eq!(
                        &solution.path[..],
                        &same[..],
                        "{:?} by {:?} in {}",
                        board,
                        method,
                        order
                    );
                }
            }
            if let Some(p) = searched {
                *other_paths.borrow_mut() += u64::from(Some(&p) != expected.as_ref());
                *pruned_away.borrow_mut() += u64::from(Some(&p) != first.as_ref());
            }
            Ok(())
        })
        .unwrap();
    let histogram = histogram.into_inner();
    let total: u64 = histogram.iter().sum();
    let unreachable = histogram[0];
    let far: u64 = histogram[11..].iter().sum();
    let mut report = format!("{total} cases: {unreachable} unreachable; by distance:");
    for (d, &count) in histogram.iter().enumerate().skip(1) {
        if count > 0 {
            report.push_str(&format!(" {}:{count}", d - 1));
        }
    }
    #[allow(clippy::print_stdout)]
    {
        println!("{report}");
    }
    let reachable = total - unreachable;
    // The order is heeded: many searches meet another shortest path than the letters'.
    let other_paths = other_paths.into_inner();
    #[allow(clippy::print_stdout)]
    {
        println!("{other_paths} searched in another order met another path");
    }
    assert!(
        other_paths * 20 >= reachable,
        "{other_paths} of {reachable}"
    );
    // The automaton is heeded: in another order, some searches meet another path
    // than the first in it (which parent pruning alone meets, asserted above).
    let pruned_away = pruned_away.into_inner();
    #[allow(clippy::print_stdout)]
    {
        println!(
            "{pruned_away} searched with the automaton met another path than the order's first"
        );
    }
    assert!(
        pruned_away * 20 >= reachable,
        "{pruned_away} of {reachable}"
    );
    assert!(
        far * 2 >= reachable,
        "{far} of {reachable} 10 or more moves away: {report}"
    );
    assert!(
        unreachable * 20 >= total,
        "{unreachable} of {total} unreachable"
    );
    assert!(
        unreachable * 4 <= total,
        "{unreachable} of {total} unreachable"
    );
}
