//! `gridsolve`: the command line. The only crate that touches files, stdin, stdout and
//! exit codes; everything else is glue to the solver and parser crates.

use anyhow::Context;
use clap::{Parser, ValueEnum};
use parsers::ParseError;
use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

mod demo;

/// Optimal solvers for grid shortest-path judge puzzles.
///
/// Reads a judge input from FILE (or stdin when FILE is absent or `-`) and writes the
/// judge output to stdout. Run with no FILE on a terminal to see a worked example.
///
/// Exit status: 0 solved (or stdout closed early), 1 invalid input, 2 bad usage,
/// 3 I/O failure.
#[derive(Debug, Parser)]
#[command(name = "gridsolve", version)]
struct Args {
    /// The puzzle whose judge format FILE is in.
    #[arg(long, value_enum)]
    puzzle: Puzzle,

    /// The input file; `-` or nothing reads stdin.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Puzzle {
    /// NOIP 2013 Huarongdao: bring a piece to a target by sliding pieces into the blank.
    Huarongdao,
    /// POJ 3322 Bloxorz: roll a 1x1x2 box until it stands on the target.
    Bloxorz,
    /// POJ 1324 Holedox Moving: move a snake until its head reaches (1,1).
    Holedox,
}

/// Exit statuses, documented in README.
mod status {
    pub const INVALID_INPUT: u8 = 1;
    pub const IO_FAILURE: u8 = 3;
}

/// How a run failed, so main can pick the exit status.
#[derive(Debug)]
enum Failure {
    /// The input is not a valid judge input.
    Input { source: String, error: ParseError },
    /// Reading or writing failed.
    Io(anyhow::Error),
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input { source, error }) => {
            report(format_args!("{source}:{error}"));
            ExitCode::from(status::INVALID_INPUT)
        }
        Err(Failure::Io(error)) => {
            report(format_args!("{error:#}"));
            ExitCode::from(status::IO_FAILURE)
        }
    }
}

#[allow(clippy::print_stderr)] // the one place that reports to the user
fn report(message: std::fmt::Arguments<'_>) {
    eprintln!("error: {message}");
}

fn run(args: &Args) -> Result<(), Failure> {
    let from_stdin = args.file.as_ref().is_none_or(|f| f.as_os_str() == "-");
    if args.file.is_none() && io::stdin().is_terminal() {
        return write_stdout(&demo::text(args.puzzle));
    }
    let (source, bytes) = if from_stdin {
        let mut bytes = Vec::new();
        io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .context("cannot read stdin")
            .map_err(Failure::Io)?;
        ("<stdin>".to_string(), bytes)
    } else {
        let path = args.file.as_ref().expect("a file when not stdin");
        let bytes = std::fs::read(path)
            .with_context(|| format!("cannot read {}", path.display()))
            .map_err(Failure::Io)?;
        (path.display().to_string(), bytes)
    };
    let output = match args.puzzle {
        Puzzle::Huarongdao => parsers::huarongdao::judge(&bytes),
        Puzzle::Bloxorz => parsers::bloxorz::judge(&bytes),
        Puzzle::Holedox => parsers::holedox::judge(&bytes),
    }
    .map_err(|error| Failure::Input { source, error })?;
    write_stdout(&output)
}

/// Writes `text` to stdout. A closed pipe (`gridsolve ... | head`) is not an error.
fn write_stdout(text: &str) -> Result<(), Failure> {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure::Io(
            anyhow::Error::new(e).context("cannot write stdout"),
        )),
    }
}
