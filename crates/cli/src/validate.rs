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

    /// Show at most this many violations (the first in the file; 100000 at most); the
    /// last line says how many there were in all.
    #[arg(long, value_name = "N", default_value_t = 50)]
    max_errors: usize,
}

/// The most violations kept, whatever `--max-errors` asks: each costs memory (some
/// 200 bytes), and a list longer than this is read by no one.
const MOST_KEPT: usize = 100_000;

/// Lists the violations as `FILE:LINE:COL: message` on stdout, then a count; says
/// `FILE: valid` when there is none. A valid input exits 0, an invalid one 1.
pub(crate) fn run(args: &ValidateArgs) -> Result<(), Failure> {
    let source = Source::all(args.file.as_slice()).remove(0);
    let name = source.name();
    let report = args
        .puzzle
        .0
        .validate(source.open()?, args.max_errors.min(MOST_KEPT))
        .map_err(|e| Failure::io(format_args!("read {name}"), &e))?;
    if report.total == 0 {
        return write_stdout(&format!("{name}: valid\n"));
    }
    // Written a piece at a time, so the listing costs no more memory than the report.
    let mut out = String::new();
    for violation in &report.violations {
        let _ = writeln!(out, "{name}:{violation}");
        if out.len() >= 64 << 10 {
            write_stdout(&out)?;
            out.clear();
        }
    }
    let count = report.total;
    let _ = write!(
        out,
        "{name}: {count} violation{}",
        if count == 1 { "" } else { "s" }
    );
    let hidden = count - report.violations.len();
    if hidden > 0 && count <= MOST_KEPT {
        let _ = write!(
            out,
            " ({hidden} not shown; --max-errors {count} shows them all)"
        );
    } else if hidden > 0 {
        let _ = write!(
            out,
            " ({hidden} not shown; --max-errors shows at most {MOST_KEPT})"
        );
    }
    out.push('\n');
    write_stdout(&out)?;
    Err(Failure::Input(String::new()))
}
