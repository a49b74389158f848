//! `gridsolve gen`: seeded generators of judge inputs, written a case at a time.

use crate::options::{self, GenOptions, PuzzleArg, check_options, puzzle_parser};
use crate::{Failure, closed_pipe_is_fine};
use clap::ValueHint;
use puzzles::{GenError, Generator, PUZZLES};
use std::fmt::Write as _;
use std::io::{self, BufWriter, Write};

/// The families of every puzzle with their one-line summaries, for `gridsolve gen
/// --help` (built from the registry, so it cannot fall out of date).
fn families_help() -> String {
    // The columns fit the longest name of a puzzle and of a family.
    let names = PUZZLES
        .iter()
        .map(|p| p.about().name.len())
        .max()
        .unwrap_or(0);
    let families = PUZZLES
        .iter()
        .filter_map(|p| p.generator())
        .flat_map(|g| g.families())
        .map(|(family, _)| family.len())
        .max()
        .unwrap_or(0);
    let mut text = String::from("Families (--family; the first of each puzzle is the default):\n");
    for &puzzle in PUZZLES {
        let Some(generator) = puzzle.generator() else {
            continue;
        };
        for (i, (family, summary)) in generator.families().into_iter().enumerate() {
            let label = if i == 0 { puzzle.about().name } else { "" };
            let _ = writeln!(text, "  {label:<names$}  {family:<families$}  {summary}");
        }
    }
    text.push_str("\nDefault sizes (the judge's maximum, for a judge problem):");
    for &puzzle in PUZZLES {
        if let Some(generator) = puzzle.generator() {
            let name = puzzle.about().name;
            let _ = write!(text, "\n  {name:<names$}  {}", generator.gen_size());
        }
    }
    text.push_str(
        "\n\nEach case of a multi-case input (--cases K) uses seed S, S+1, ..., S+K-1. The same\n\
         arguments give the same bytes on every platform.",
    );
    text
}

/// `gridsolve gen`: write a generated judge input to stdout.
#[derive(Debug, clap::Args)]
#[command(after_long_help = families_help())]
pub(crate) struct GenArgs {
    /// The puzzle to write an input for.
    #[arg(short, long, value_parser = puzzle_parser())]
    puzzle: PuzzleArg,

    /// The generator family (see below; by default the puzzle's first).
    #[arg(long, value_parser = options::families(), hide_possible_values = true)]
    family: Option<String>,

    /// The seed.
    #[arg(long, default_value = puzzles::SEED.default, value_hint = ValueHint::Other)]
    seed: u64,

    /// Write an input that breaks one rule of the judge format instead, made from
    /// --seed (for testing validators); `list` lists the puzzle's kinds.
    #[arg(long, value_name = "KIND", value_parser = options::invalid_kinds(), hide_possible_values = true)]
    invalid: Option<String>,

    #[command(flatten)]
    options: GenOptions,
}

/// Writes the input `args` describe to stdout, a case at a time.
pub(crate) fn run(args: &GenArgs) -> Result<(), Failure> {
    let puzzle = args.puzzle.0;
    let generator = crate::generator(puzzle)?;
    if let Some(kind) = &args.invalid {
        return invalid(args, generator, kind);
    }
    check_options(puzzle, &args.options.0, GenOptions::SPECS).map_err(Failure::Usage)?;
    let mut options = args.options.0.clone().with(puzzles::SEED.name, args.seed);
    if let Some(family) = &args.family {
        options.set("family", family);
    }
    to_stdout(|out| generator.generate(&options, out))
}

/// Runs `write` on a buffered stdout and flushes it: options that describe no input are
/// bad usage, and a closed stdout (`| head`) is fine.
fn to_stdout(write: impl FnOnce(&mut dyn Write) -> Result<(), GenError>) -> Result<(), Failure> {
    let mut out = BufWriter::new(crate::progress::Counted::new(io::stdout().lock()));
    let written = write(&mut out).and_then(|()| out.flush().map_err(GenError::Io));
    out.get_ref().finish();
    match written {
        Ok(()) => Ok(()),
        Err(GenError::Io(e)) => closed_pipe_is_fine(Err(e)),
        Err(e) => Err(Failure::Usage(e.to_string())),
    }
}

/// `gridsolve gen --invalid KIND`: an input that breaks the rule `KIND`, or with
/// `list` the kinds, a line each (`NAME  what it breaks`).
fn invalid(args: &GenArgs, generator: Generator<'_>, kind: &str) -> Result<(), Failure> {
    if let Some(name) = args.options.0.names().next() {
        return Err(Failure::Usage(format!(
            "--{name} does not go with --invalid, which takes only --seed"
        )));
    }
    if kind == "list" {
        let kinds = generator.invalid_kinds();
        let width = kinds.iter().map(|k| k.name.len()).max().unwrap_or(0);
        let mut text = String::new();
        for k in &kinds {
            let _ = writeln!(text, "{:<width$}  {}", k.name, k.summary);
        }
        return crate::write_stdout(&text);
    }
    to_stdout(|out| generator.generate_invalid(kind, args.seed, out))
}
