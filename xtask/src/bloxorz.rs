//! Bloxorz: the deep check of a fixture.

use crate::fixtures::DeepCheck;
use anyhow::{Context, Result, bail};
use bloxorz::{Solver, oracle, replay};

/// The naive oracle explores every placement through a hash map; keep it to small
/// boards so `cargo xtask verify` stays quick.
const ORACLE_MAX_CELLS: usize = 10_000;

/// Solves every case with its path, replays each path, and compares with the naive
/// oracle on small boards.
pub(crate) fn deep_check(input: &[u8]) -> Result<DeepCheck> {
    let mut solver = Solver::new();
    let mut check = DeepCheck::default();
    for (i, board) in parsers::bloxorz::Cases::new(input).enumerate() {
        let board = board?;
        let number = i + 1;
        let solution = solver.solve_with_path(&board);
        check.answers += 1;
        if let Some(solution) = &solution {
            let moves = replay(&board, &solution.path.0).with_context(|| {
                format!("case {number}: the path {} does not replay", solution.path)
            })?;
            if moves != solution.moves {
                bail!(
                    "case {number}: the path has {moves} rolls, the answer says {}",
                    solution.moves
                );
            }
            check.replayed += 1;
        }
        if board.rows() * board.cols() <= ORACLE_MAX_CELLS {
            let expected = oracle::solve(&board).map(|(moves, _)| moves);
            let got = solution.map(|s| s.moves);
            if expected != got {
                bail!("case {number}: the solver says {got:?}, the naive oracle {expected:?}");
            }
            check.oracle += 1;
        }
    }
    Ok(check)
}
