//! Huarongdao: the deep check of a fixture.

use crate::fixtures::DeepCheck;
use anyhow::{Context, Result, bail};
use huarongdao::{Solver, oracle, replay};

/// The naive oracle costs about (cells)^2 per query; keep `cargo xtask verify` quick.
const ORACLE_BUDGET: usize = 20_000_000;

/// Solves every query with its path, replays each path, and compares with the naive
/// oracle while the total cost stays within budget.
pub(crate) fn deep_check(input: &[u8]) -> Result<DeepCheck> {
    let input = parsers::huarongdao::parse(input)?;
    let board = &input.board;
    let mut solver = Solver::new(board);
    let mut check = DeepCheck::default();
    let oracle_cost = (board.rows() * board.cols()).pow(2);
    let mut budget = ORACLE_BUDGET;
    for (i, query) in input.queries.iter().enumerate() {
        let number = i + 1;
        let solution = solver.solve_with_path(query)?;
        check.answers += 1;
        if let Some(solution) = &solution {
            let moves = replay(board, query, &solution.path.0).with_context(|| {
                format!("query {number}: the path {} does not replay", solution.path)
            })?;
            if moves != solution.moves {
                bail!(
                    "query {number}: the path has {moves} moves, the answer says {}",
                    solution.moves
                );
            }
            check.replayed += 1;
        }
        if oracle_cost <= budget {
            budget -= oracle_cost;
            let expected = oracle::solve(board, query)?.map(|(moves, _)| moves);
            let got = solution.map(|s| s.moves);
            if expected != got {
                bail!("query {number}: the solver says {got:?}, the naive oracle {expected:?}");
            }
            check.oracle += 1;
        }
    }
    Ok(check)
}
