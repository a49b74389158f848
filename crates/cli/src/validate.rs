//! `gridsolve validate`: the judge's rules, strictly.

use crate::options::{PuzzleArg, puzzle_parser};
use crate::{Failure, read_input, write_stdout};
use std::fmt::Write;
use std::path::PathBuf;

/// `gridsolve validate`: check an input strictly against the judge's rules.
#[derive(Debug, clap::Args)]
pub(crate) struct ValidateArgs {
    /// The puzzle whose judge format FILE should be in.
    #[arg(long, value_parser = puzzle_parser())]
    puzzle: PuzzleArg,

    /// The input file; `-` or nothing reads stdin.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

/// Lists every violation as `FILE:LINE:COL: message` on stdout; says `FILE: valid`
/// when there is none. A valid input exits 0, an invalid one 1.
pub(crate) fn run(args: &ValidateArgs) -> Result<(), Failure> {
    let (source, bytes) = read_input(args.file.as_deref())?;
    let violations = args.puzzle.0.validate(&bytes);
    let mut out = String::new();
    if violations.is_empty() {
        let _ = writeln!(out, "{source}: valid");
        return write_stdout(&out);
    }
    for violation in &violations {
        let _ = writeln!(out, "{source}:{violation}");
    }
    let count = violations.len();
    let _ = writeln!(
        out,
        "{source}: {count} violation{}",
        if count == 1 { "" } else { "s" }
    );
    write_stdout(&out)?;
    Err(Failure::Input(String::new()))
}
