//! `gridsolve validate`: the judge's rules, strictly.

use crate::options::{PuzzleArg, puzzle_parser};
use crate::source::Source;
use crate::{Failure, write_stdout};
use std::fmt::Write;
use std::path::PathBuf;

/// `gridsolve validate`: check an input strictly against the judge's rules.
#[derive(Debug, clap::Args)]
pub(crate) struct ValidateArgs {
    /// The puzzle whose judge format FILE should be in.
    #[arg(short, long, value_parser = puzzle_parser())]
    puzzle: PuzzleArg,

    /// The input file; `-` or nothing reads stdin.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,

    /// Show at most this many violations (the first in the file); the last line says
    /// how many there were in all.
    #[arg(long, value_name = "N", default_value_t = 50)]
    max_errors: usize,
}

/// Lists the violations as `FILE:LINE:COL: message` on stdout, then a count; says
/// `FILE: valid` when there is none. A valid input exits 0, an invalid one 1.
pub(crate) fn run(args: &ValidateArgs) -> Result<(), Failure> {
    let source = Source::all(args.file.as_slice()).remove(0);
    let name = source.name();
    let report = args
        .puzzle
        .0
        .validate(source.open()?, args.max_errors)
        .map_err(|e| Failure::io(format_args!("read {name}"), &e))?;
    let mut out = String::new();
    if report.total == 0 {
        let _ = writeln!(out, "{name}: valid");
        return write_stdout(&out);
    }
    for violation in &report.violations {
        let _ = writeln!(out, "{name}:{violation}");
    }
    let count = report.total;
    let _ = write!(
        out,
        "{name}: {count} violation{}",
        if count == 1 { "" } else { "s" }
    );
    let hidden = count - report.violations.len();
    if hidden > 0 {
        let _ = write!(
            out,
            " ({hidden} not shown; --max-errors {count} shows them all)"
        );
    }
    out.push('\n');
    write_stdout(&out)?;
    Err(Failure::Input(String::new()))
}
