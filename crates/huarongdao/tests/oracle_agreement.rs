//! The fast solver against the naive oracle on thousands of random small boards.

use grid_core::Pos;
use huarongdao::generate::{Family, GenParams, generate};
use huarongdao::{Board, Query, Solver, oracle, replay};
use proptest::prelude::*;

/// A random board up to 8x8 and up to 6 queries on it, with shrinking: cells are a
/// bitmask, queries pick cells by index among the movable ones.
fn board_and_queries() -> impl Strategy<Value = (Board, Vec<Query>)> {
    (
        1usize..=8,
        1usize..=8,
        any::<u64>(),
        0u32..=60,
        prop::collection::vec(any::<(u16, u16, u16)>(), 1..=6),
    )
        .prop_map(|(rows, cols, bits, density, picks)| {
            let mut cells = Vec::with_capacity(rows * cols);
            let mut rng = grid_core::SplitMix64::new(bits);
            for _ in 0..rows * cols {
                cells.push(!rng.percent(density));
            }
            let board = Board::from_cells(rows, cols, &cells).unwrap();
            let movable: Vec<Pos> = (0..rows * cols)
                .map(|i| Pos::new(i / cols, i % cols))
                .filter(|&p| board.is_movable(p))
                .collect();
            let mut queries = Vec::new();
            if movable.len() >= 2 {
                for (e, s, t) in picks {
                    let blank = movable[e as usize % movable.len()];
                    let mut piece = movable[s as usize % movable.len()];
                    if piece == blank {
                        piece = movable[(s as usize + 1) % movable.len()];
                    }
                    let target = Pos::new(t as usize % rows, (t as usize / rows) % cols);
                    queries.push(Query::new(blank, piece, target));
                }
            }
            (board, queries)
        })
}

fn check(board: &Board, queries: &[Query]) -> Result<(), TestCaseError> {
    let mut solver = Solver::new();
    for query in queries {
        let expected = oracle::solve(board, query).unwrap();
        let got = solver.solve_with_path(board, query).unwrap();
        prop_assert_eq!(
            got.as_ref().map(|s| s.moves()),
            expected.as_ref().map(|e| e.0),
            "{:?} {:?}",
            board,
            query
        );
        prop_assert_eq!(solver.solve(board, query).unwrap(), got.as_ref().map(|s| s.moves()));
        if let Some(solution) = got {
            prop_assert_eq!(solution.path.len() as u64, solution.moves());
            prop_assert_eq!(replay(board, query, &solution.path), Ok(solution.moves()));
        }
        if let Some((moves, path)) = expected {
            prop_assert_eq!(replay(board, query, &path), Ok(moves));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn solver_matches_oracle_on_random_boards((board, queries) in board_and_queries()) {
        check(&board, &queries)?;
    }

    #[test]
    fn solver_matches_oracle_on_generated_boards(
        family in prop::sample::select(Family::ALL.to_vec()),
        rows in 1usize..=8,
        cols in 1usize..=8,
        density in 0u32..=100,
        seed in any::<u64>(),
    ) {
        let (board, queries) = generate(&GenParams { family, rows, cols, density, queries: 4, seed }).unwrap();
        check(&board, &queries)?;
    }
}
