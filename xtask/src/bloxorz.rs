//! Bloxorz: generator arguments and the deep check of a fixture.

use crate::fixtures::DeepCheck;
use anyhow::{Context, Result, bail};
use bloxorz::generate::{Family, GenParams, StartKind, generate as generate_board};
use bloxorz::{Solver, oracle, replay};

pub(crate) const GEN_HELP: &str = "\
cargo xtask gen bloxorz [--family random|open|maze|fragile-heavy] [--rows N] [--cols N]
                        [--empty PERCENT] [--fragile PERCENT]
                        [--start standing|horizontal|vertical|random] [--border yes|no]
                        [--cases K] [--seed S] [--name NAME]

  --family    random: cells drawn independently (default); open: no empty cells inside;
              maze: winding corridors; fragile-heavy: mostly E with rigid islands
  --rows, --cols  board size (default 20 x 20)
  --empty     percent of # cells (default 20)
  --fragile   percent of E among the others (default 10)
  --start     how the box starts (default random)
  --border    surround with # as the judge requires (default yes)
  --cases     number of cases in the input (default 1); case i uses seed S + i
  --seed      generator seed (default 1); same arguments, same bytes
  --name      write fixtures/bloxorz/NAME.in and .out and add a manifest line";

/// Parses generator arguments and returns the judge input text.
pub(crate) fn generate(args: &[String]) -> Result<String> {
    let mut params = GenParams {
        family: Family::Random,
        rows: 20,
        cols: 20,
        empty: 20,
        fragile: 10,
        start: StartKind::Random,
        border: true,
        seed: 1,
    };
    let mut cases = 1;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().with_context(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .with_context(|| format!("{flag} {value:?}: expected a number"))
        };
        match flag.as_str() {
            "--family" => params.family = value.parse().map_err(anyhow::Error::msg)?,
            "--rows" => params.rows = number()? as usize,
            "--cols" => params.cols = number()? as usize,
            "--empty" => params.empty = number()?.min(1000) as u32,
            "--fragile" => params.fragile = number()?.min(1000) as u32,
            "--start" => params.start = value.parse().map_err(anyhow::Error::msg)?,
            "--border" => {
                params.border = match value.as_str() {
                    "yes" => true,
                    "no" => false,
                    _ => bail!("--border {value:?}: expected yes or no"),
                }
            }
            "--cases" => cases = number()?,
            "--seed" => params.seed = number()?,
            _ => bail!("unknown option {flag:?}\n{GEN_HELP}"),
        }
    }
    params.check().map_err(anyhow::Error::msg)?;
    let mut out = String::new();
    for i in 0..cases {
        let case = GenParams {
            seed: params.seed.wrapping_add(i),
            ..params
        };
        parsers::bloxorz::write_board(&mut out, &generate_board(&case));
    }
    out.push_str("0 0\n");
    Ok(out)
}

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
