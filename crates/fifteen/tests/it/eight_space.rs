//! The whole 8-puzzle: every one of the 181,440 positions that reach the judges' goal,
//! answered with the first shortest path in the letters' order, against the oracle's
//! paths derived from one breadth-first search from the goal.

use fifteen::oracle::{LETTER_ORDER, Space};
use fifteen::{Board, Method, Solver, replay};
use grid_core::Dir;

const GOAL: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 0];

fn letters(path: &[Dir]) -> String {
    path.iter().map(|d| d.letter()).collect()
}

#[test]
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
fn every_position_gets_the_first_shortest_path() {
    let space = Space::explore(3, 3, &GOAL);
    assert_eq!(space.len(), 181_440);
    assert_eq!(space.farthest(), (31, 2));
    let mut solver = Solver::new();
    let mut by_distance = [0usize; 32];
    for (cells, distance) in space.iter() {
        let board = Board::with_default_goal(3, 3, cells).unwrap();
        let solution = solver.solve_with_path(&board).unwrap().expect("reachable");
        let expected = space.first_path(cells).unwrap();
        assert_eq!(
            letters(&solution.path),
            letters(&expected),
            "from {cells:?}"
        );
        assert_eq!(replay(&board, &solution.path), Ok(u64::from(distance)));
        by_distance[distance as usize] += 1;
    }
    assert_eq!(by_distance[31], 2);
    assert_eq!(by_distance.iter().sum::<usize>(), 181_440);
}

#[test]
fn the_letter_order_is_the_bytes_order() {
    let letters: Vec<u8> = LETTER_ORDER
        .iter()
        .map(|d| d.letter().to_ascii_lowercase() as u8)
        .collect();
    assert!(letters.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn ida_gives_the_same_first_paths() {
    // Every 37th position, by IDA* with the Manhattan distance and with the pattern
    // databases: both must stop at the first shortest path too.
    let space = Space::explore(3, 3, &GOAL);
    let mut ida = Solver::new().with_method(Method::Manhattan);
    let mut pdb = Solver::new().with_method(Method::Pdb);
    let mut positions: Vec<(&[u8], u32)> = space.iter().collect();
    positions.sort_unstable();
    for (cells, distance) in positions.into_iter().step_by(37) {
        let board = Board::with_default_goal(3, 3, cells).unwrap();
        let expected = letters(&space.first_path(cells).unwrap());
        for solver in [&mut ida, &mut pdb] {
            let solution = solver.solve_with_path(&board).unwrap().expect("reachable");
            assert_eq!(letters(&solution.path), expected, "from {cells:?}");
            assert_eq!(solution.path.len() as u32, distance);
        }
    }
}

#[test]
fn unreachable_positions_are_answered_without_search() {
    // The other half of the permutations: two tiles swapped in each reachable one.
    let space = Space::explore(3, 3, &GOAL);
    let mut solver = Solver::with_limits(fifteen::Limits {
        max_states: Some(0),
        max_time: None,
    });
    for (cells, _) in space.iter().take(5000) {
        let mut swapped = cells.to_vec();
        let tiles: Vec<usize> = (0..9).filter(|&c| swapped[c] != 0).take(2).collect();
        swapped.swap(tiles[0], tiles[1]);
        assert_eq!(space.distance(&swapped), None);
        let board = Board::with_default_goal(3, 3, &swapped).unwrap();
        assert!(!board.is_solvable());
        assert_eq!(solver.solve(&board), Ok(None));
        assert_eq!(solver.stats().generated, 0);
    }
}
