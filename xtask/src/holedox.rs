//! Holedox: the deep check of a fixture.

use crate::fixtures::DeepCheck;
use anyhow::{Context, Result, bail};
use holedox::{Solver, oracle, replay};

/// The naive oracle keeps every body it meets in a hash map; keep it to small games so
/// `cargo xtask verify` stays quick.
const ORACLE_MAX_SQUARES: usize = 100;

/// Solves every case with its path, replays each path, and compares with the naive
/// oracle on small games.
pub(crate) fn deep_check(input: &[u8]) -> Result<DeepCheck> {
    let mut solver = Solver::new();
    let mut check = DeepCheck::default();
    for (i, game) in parsers::holedox::parse(input)?.iter().enumerate() {
        let number = i + 1;
        let solution = solver.solve_with_path(game)?;
        check.answers += 1;
        if let Some(solution) = &solution {
            let moves = replay(game, &solution.path.0).with_context(|| {
                format!("case {number}: the path {} does not replay", solution.path)
            })?;
            if moves != solution.moves {
                bail!(
                    "case {number}: the path has {moves} steps, the answer says {}",
                    solution.moves
                );
            }
            check.replayed += 1;
        }
        if game.rows() * game.cols() <= ORACLE_MAX_SQUARES && game.len() <= 8 {
            let expected = oracle::solve(game).map(|(moves, _)| moves);
            let got = solution.map(|s| s.moves);
            if expected != got {
                bail!("case {number}: the solver says {got:?}, the naive oracle {expected:?}");
            }
            check.oracle += 1;
        }
    }
    Ok(check)
}
