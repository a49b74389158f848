//! Huarongdao: generator arguments and the deep check of a fixture.

use crate::fixtures::DeepCheck;
use anyhow::{Context, Result, bail};
use huarongdao::generate::{Family, GenParams, generate as generate_board};
use huarongdao::{Solver, oracle, replay};

pub(crate) const GEN_HELP: &str = "\
cargo xtask gen huarongdao [--family random|corridors|rooms] [--rows N] [--cols N]
                           [--density PERCENT] [--queries Q] [--seed S] [--name NAME]

  --family    random: each cell fixed with probability density% (default)
              corridors: a maze of one-cell corridors; density% of its walls stay
              rooms: rooms with one-cell doors; density% of the wall cells stay
  --rows, --cols  board size (default 30 x 30)
  --density   percent, 0..=100 (default 15)
  --queries   number of queries (default 10)
  --seed      generator seed (default 1); same arguments, same bytes
  --name      write fixtures/huarongdao/NAME.in and .out and add a manifest line";

/// Parses generator arguments and returns the judge input text.
pub(crate) fn generate(args: &[String]) -> Result<String> {
    let mut params = GenParams {
        family: Family::Random,
        rows: 30,
        cols: 30,
        density: 15,
        queries: 10,
        seed: 1,
    };
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
            "--density" => params.density = number()?.min(101) as u32,
            "--queries" => params.queries = number()? as usize,
            "--seed" => params.seed = number()?,
            _ => bail!("unknown option {flag:?}\n{GEN_HELP}"),
        }
    }
    if params.density > 100 {
        bail!("--density must be 0..=100");
    }
    huarongdao::Board::new(params.rows, params.cols).map_err(anyhow::Error::msg)?;
    let (board, queries) = generate_board(&params);
    Ok(parsers::huarongdao::write_input(&board, &queries))
}

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
