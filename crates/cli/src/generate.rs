//! `gridsolve gen`: seeded generators of judge inputs.

use crate::{Failure, Puzzle, write_stdout};
use clap::ValueEnum;
use std::fmt::Write;

/// The families of every puzzle with their one-line summaries, for `gridsolve gen
/// --help` (built from the generators, so it cannot fall out of date).
fn families_help() -> String {
    let mut text = String::from("Families (--family):\n");
    let mut puzzle = |name: &str, families: Vec<(&str, &str)>| {
        for (i, (family, summary)) in families.into_iter().enumerate() {
            let label = if i == 0 { name } else { "" };
            let _ = writeln!(text, "  {label:<11} {family:<14} {summary}");
        }
    };
    use bloxorz::generate::Family as B;
    use holedox::generate::Family as D;
    use huarongdao::generate::Family as H;
    puzzle(
        "huarongdao",
        H::ALL.iter().map(|f| (f.name(), f.summary())).collect(),
    );
    puzzle(
        "bloxorz",
        B::ALL.iter().map(|f| (f.name(), f.summary())).collect(),
    );
    puzzle(
        "holedox",
        D::ALL.iter().map(|f| (f.name(), f.summary())).collect(),
    );
    text.push_str(
        "\nEach case of a multi-case input (--cases K) uses seed S, S+1, ..., S+K-1. The same\n\
         arguments give the same bytes on every platform.",
    );
    text
}

/// `gridsolve gen`: write a generated judge input to stdout.
#[derive(Debug, clap::Args)]
#[command(after_long_help = families_help())]
pub(crate) struct GenArgs {
    /// The puzzle to write an input for.
    #[arg(long, value_enum)]
    puzzle: Puzzle,

    /// The generator family (see below).
    #[arg(long, default_value = "random")]
    family: String,

    /// The seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// Rows [default: the judge's maximum: 30 huarongdao, 500 bloxorz, 20 holedox].
    #[arg(long)]
    rows: Option<usize>,

    /// Columns [default: as --rows].
    #[arg(long)]
    cols: Option<usize>,

    /// Huarongdao: percent of fixed cells (random) or of walls that stay (maze, rooms)
    /// [default: 15].
    #[arg(long, value_name = "PERCENT")]
    density: Option<u32>,

    /// Huarongdao: number of queries [default: 500].
    #[arg(long)]
    queries: Option<usize>,

    /// Bloxorz: percent of empty `#` cells [default: 20].
    #[arg(long, value_name = "PERCENT")]
    empty: Option<u32>,

    /// Bloxorz: percent of fragile `E` cells among the non-empty ones [default: 10].
    #[arg(long, value_name = "PERCENT")]
    fragile: Option<u32>,

    /// Bloxorz: how the box starts: standing, horizontal, vertical or random
    /// [default: random].
    #[arg(long, value_name = "HOW")]
    start: Option<String>,

    /// Bloxorz: surround the plane with `#`, as the judge requires [default: yes].
    #[arg(long, value_enum)]
    border: Option<YesNo>,

    /// Holedox: the snake's length L [default: 8].
    #[arg(long)]
    length: Option<usize>,

    /// Holedox: percent of stones [default: 10].
    #[arg(long, value_name = "PERCENT")]
    stones: Option<u32>,

    /// Bloxorz and Holedox: number of cases [default: 1].
    #[arg(long)]
    cases: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum YesNo {
    Yes,
    No,
}

pub(crate) fn run(args: &GenArgs) -> Result<(), Failure> {
    let text = generate(args).map_err(Failure::Usage)?;
    write_stdout(&text)
}

/// The input `args` describe, or what is wrong with them.
pub(crate) fn generate(args: &GenArgs) -> Result<String, String> {
    let only = |name: &str, set: bool, puzzles: &str| {
        if set {
            Err(format!(
                "--{name} is for {puzzles}, not {}",
                args.puzzle_name()
            ))
        } else {
            Ok(())
        }
    };
    let huarongdao = args.puzzle == Puzzle::Huarongdao;
    let bloxorz = args.puzzle == Puzzle::Bloxorz;
    let holedox = args.puzzle == Puzzle::Holedox;
    only(
        "density",
        args.density.is_some() && !huarongdao,
        "huarongdao",
    )?;
    only(
        "queries",
        args.queries.is_some() && !huarongdao,
        "huarongdao",
    )?;
    only("empty", args.empty.is_some() && !bloxorz, "bloxorz")?;
    only("fragile", args.fragile.is_some() && !bloxorz, "bloxorz")?;
    only("start", args.start.is_some() && !bloxorz, "bloxorz")?;
    only("border", args.border.is_some() && !bloxorz, "bloxorz")?;
    only("length", args.length.is_some() && !holedox, "holedox")?;
    only("stones", args.stones.is_some() && !holedox, "holedox")?;
    only(
        "cases",
        args.cases.is_some() && huarongdao,
        "bloxorz and holedox",
    )?;
    let side = match args.puzzle {
        Puzzle::Huarongdao => 30,
        Puzzle::Bloxorz => 500,
        Puzzle::Holedox => 20,
    };
    let rows = args.rows.unwrap_or(side);
    let cols = args.cols.or(args.rows).unwrap_or(side);
    let cases = args.cases.unwrap_or(1);
    match args.puzzle {
        Puzzle::Huarongdao => {
            use huarongdao::generate::{GenParams, generate};
            let params = GenParams {
                family: args.family.parse()?,
                rows,
                cols,
                density: percent("density", args.density.unwrap_or(15))?,
                queries: args.queries.unwrap_or(500),
                seed: args.seed,
            };
            huarongdao::Board::new(rows, cols).map_err(|e| e.to_string())?;
            let (board, queries) = generate(&params);
            Ok(parsers::huarongdao::write_input(&board, &queries))
        }
        Puzzle::Bloxorz => {
            use bloxorz::generate::{GenParams, generate};
            let params = GenParams {
                family: args.family.parse()?,
                rows,
                cols,
                empty: args.empty.unwrap_or(20),
                fragile: args.fragile.unwrap_or(10),
                start: args.start.as_deref().unwrap_or("random").parse()?,
                border: args.border != Some(YesNo::No),
                seed: args.seed,
            };
            params.check().map_err(|e| e.to_string())?;
            Ok(multi_case(args.seed, cases, "0 0\n", |out, seed| {
                parsers::bloxorz::write_board(out, &generate(&GenParams { seed, ..params }));
            }))
        }
        Puzzle::Holedox => {
            use holedox::generate::{GenParams, generate};
            let params = GenParams {
                family: args.family.parse()?,
                rows,
                cols,
                length: args.length.unwrap_or(8),
                stones: args.stones.unwrap_or(10),
                seed: args.seed,
            };
            params.check().map_err(|e| e.to_string())?;
            Ok(multi_case(args.seed, cases, "0 0 0\n", |out, seed| {
                parsers::holedox::write_game(out, &generate(&GenParams { seed, ..params }));
            }))
        }
    }
}

/// `cases` cases written by `write` with seeds `seed`, `seed + 1`, ..., then the
/// format's terminator.
fn multi_case(
    seed: u64,
    cases: u64,
    terminator: &str,
    mut write: impl FnMut(&mut String, u64),
) -> String {
    let mut out = String::new();
    for i in 0..cases {
        write(&mut out, seed.wrapping_add(i));
    }
    out.push_str(terminator);
    out
}

fn percent(name: &str, value: u32) -> Result<u32, String> {
    if value > 100 {
        return Err(format!("--{name} {value} is over 100 percent"));
    }
    Ok(value)
}

impl GenArgs {
    fn puzzle_name(&self) -> &'static str {
        match self.puzzle {
            Puzzle::Huarongdao => "huarongdao",
            Puzzle::Bloxorz => "bloxorz",
            Puzzle::Holedox => "holedox",
        }
    }
}
