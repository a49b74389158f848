//! `gridsolve validate`: the judge's rules, strictly, file after file.

use crate::options::{PuzzleArg, puzzle_parser};
use crate::source::Source;
use crate::{Failure, words, write_stdout};
use clap::ValueHint;
use std::fmt::Write;
use std::path::PathBuf;

/// `gridsolve validate`: check an input strictly against the judge's rules.
#[derive(Debug, clap::Args)]
pub(crate) struct ValidateArgs {
    /// The puzzle whose judge format the FILEs should be in.
    #[arg(short, long, value_parser = puzzle_parser())]
    puzzle: PuzzleArg,

    /// The input files, checked in turn; `-` or nothing reads stdin.
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    files: Vec<PathBuf>,

    /// Show at most this many violations of each file (the first in it; 100000 at
    /// most); the last line of its report says how many there were in all.
    #[arg(long, value_name = "N", default_value_t = 50, value_hint = ValueHint::Other)]
    max_errors: usize,
}

/// The most violations kept, whatever `--max-errors` asks: each costs memory (some
/// 200 bytes), and a list longer than this is read by no one.
const MOST_KEPT: usize = 100_000;

/// Lists each file's violations as `FILE:LINE:COL: message` on stdout, then a count; says
/// `FILE: valid` when there is none. A file that cannot be read is said on stderr and
/// the others are still checked. The exit status is 3 when a file could not be read,
/// else 1 when one is invalid, else 0.
pub(crate) fn run(args: &ValidateArgs) -> Result<(), Failure> {
    let (mut unreadable, mut invalid) = (false, false);
    for source in Source::all(&args.files) {
        match report(args, &source)? {
            Some(valid) => invalid |= !valid,
            None => unreadable = true,
        }
    }
    // Each file's trouble is said already: only the status is left to give.
    if unreadable {
        Err(Failure::Io(String::new()))
    } else if invalid {
        Err(Failure::Input(String::new()))
    } else {
        Ok(())
    }
}

/// Writes the report of one file: whether it is valid, or `None` when it cannot be read
/// (said on stderr). A failure to write stdout ends the run.
fn report(args: &ValidateArgs, source: &Source) -> Result<Option<bool>, Failure> {
    let name = source.name();
    let validated = source.open().and_then(|input| {
        args.puzzle
            .0
            .validate(input, args.max_errors.min(MOST_KEPT))
            .map_err(|e| Failure::io(format_args!("read {name}"), &e))
    });
    let report = match validated {
        Ok(report) => report,
        Err(Failure::Io(message)) => {
            crate::report(&message);
            return Ok(None);
        }
        Err(other) => return Err(other),
    };
    if report.total == 0 {
        write_stdout(&format!("{name}: valid\n"))?;
        return Ok(Some(true));
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
    let _ = write!(out, "{name}: {}", words::count(count, "violation"));
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
    Ok(Some(false))
}
