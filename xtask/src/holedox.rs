//! Holedox: generator arguments and the deep check of a fixture.

use crate::fixtures::DeepCheck;
use anyhow::{Context, Result, bail};
use holedox::generate::{Family, GenParams, generate as generate_game};
use holedox::{Solver, oracle, replay};

pub(crate) const GEN_HELP: &str = "\
cargo xtask gen holedox [--family random|open|trapped|turn-round|maze] [--rows N] [--cols N]
                        [--length L] [--stones PERCENT] [--cases K] [--seed S] [--name NAME]

  --family    random: a random body and random stones (default); open: no stones;
              trapped: the snake walled into a pocket; turn-round: the exit at the end of
              a dead end the snake faces away from; maze: stones forming corridors
  --rows, --cols  lair size, 1..=64 (default 20 x 20)
  --length    snake length L, 2..=16 (default 8)
  --stones    percent of squares that are stones (default 10)
  --cases     number of cases in the input (default 1); case i uses seed S + i
  --seed      generator seed (default 1); same arguments, same bytes
  --name      write fixtures/holedox/NAME.in and .out and add a manifest line";

/// Parses generator arguments and returns the judge input text.
pub(crate) fn generate(args: &[String]) -> Result<String> {
    let mut params = GenParams {
        family: Family::Random,
        rows: 20,
        cols: 20,
        length: 8,
        stones: 10,
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
            "--length" => params.length = number()? as usize,
            "--stones" => params.stones = number()?.min(1000) as u32,
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
        parsers::holedox::write_game(&mut out, &generate_game(&case));
    }
    out.push_str("0 0 0\n");
    Ok(out)
}

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
