//! `gridsolve`: the command line. The only crate that touches files, stdin, stdout and
//! exit codes; everything else is glue to the solver and parser crates.

use anyhow::Context;
use clap::{Parser, Subcommand, ValueEnum};
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use std::process::ExitCode;

mod demo;
mod generate;
mod show;
mod solve;
mod svg;
mod validate;

/// Optimal solvers for grid shortest-path judge puzzles.
///
/// Reads a judge input from FILE (or stdin when FILE is absent or `-`) and writes the
/// judge output to stdout. Run with no FILE on a terminal to see a worked example.
/// `gridsolve gen` writes test inputs, `gridsolve validate` checks one strictly against
/// the judge's rules.
///
/// Exit status: 0 solved (or stdout closed early), 1 invalid input, 2 bad usage,
/// 3 I/O failure.
#[derive(Debug, Parser)]
#[command(
    name = "gridsolve",
    version,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// The puzzle whose judge format FILE is in.
    #[arg(long, value_enum, required = true)]
    puzzle: Option<Puzzle>,

    /// The input file; `-` or nothing reads stdin.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,

    /// How to write the answers: `judge` (exactly the judge's output) or `json` (JSON
    /// Lines, one object per query or case, with the path and search statistics).
    #[arg(long, value_enum, default_value = "judge")]
    format: solve::Format,

    /// After each answer line, a line with an optimal path (`U D L R`; `-` when there
    /// is none).
    #[arg(long, conflicts_with = "format")]
    path: bool,

    /// After each answer, the solution as numbered text frames, one per move (coloured
    /// when stdout is a terminal).
    #[arg(long, conflicts_with = "format")]
    show: bool,

    /// Write one SVG picture per query or case into DIR: the board, the route with
    /// numbered steps, and an animation of the moves.
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,

    /// Print search statistics (states expanded and generated) to stderr per query or
    /// case.
    #[arg(long)]
    stats: bool,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Write a generated judge input to stdout: the same arguments give the same bytes.
    Gen(generate::GenArgs),
    /// Check an input strictly against the judge's rules and list every violation.
    ///
    /// Exit status: 0 valid, 1 violations found, 2 bad usage, 3 I/O failure.
    Validate(validate::ValidateArgs),
}

/// The puzzles.
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
    pub const BAD_USAGE: u8 = 2;
    pub const IO_FAILURE: u8 = 3;
}

/// How a run failed, so main can pick the exit status.
#[derive(Debug)]
enum Failure {
    /// The input is not valid (already reported, or with this message).
    Input(String),
    /// The arguments make no sense together (clap cannot tell).
    Usage(String),
    /// Reading or writing failed.
    Io(anyhow::Error),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match (&cli.command, cli.puzzle) {
        (Some(Command::Gen(args)), _) => generate::run(args),
        (Some(Command::Validate(args)), _) => validate::run(args),
        (None, Some(puzzle)) => solve(puzzle, &cli),
        (None, None) => unreachable!("clap requires --puzzle without a subcommand"),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            if !message.is_empty() {
                report(format_args!("{message}"));
            }
            ExitCode::from(status::INVALID_INPUT)
        }
        Err(Failure::Usage(message)) => {
            report(format_args!("{message}"));
            ExitCode::from(status::BAD_USAGE)
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

/// Solves a judge input and writes the judge output (and whatever else was asked).
fn solve(puzzle: Puzzle, cli: &Cli) -> Result<(), Failure> {
    let file = cli.file.as_deref();
    if file.is_none() && io::stdin().is_terminal() {
        return write_stdout(&demo::text(puzzle));
    }
    let (source, bytes) = read_input(file)?;
    let extras = solve::Extras {
        format: cli.format,
        path: cli.path,
        show: cli.show.then(|| show::Style {
            colour: io::stdout().is_terminal(),
        }),
        svg: cli.svg.clone(),
        stats: cli.stats,
    };
    let invalid = |error: parsers::ParseError| Failure::Input(format!("{source}:{error}"));
    if extras.judge_only() {
        let output = match puzzle {
            Puzzle::Huarongdao => parsers::huarongdao::judge(&bytes),
            Puzzle::Bloxorz => parsers::bloxorz::judge(&bytes),
            Puzzle::Holedox => parsers::holedox::judge(&bytes),
        }
        .map_err(invalid)?;
        return write_stdout(&output);
    }
    let outcome = solve::run(puzzle, &bytes, &extras).map_err(invalid)?;
    if let Some(dir) = &extras.svg {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create {}", dir.display()))
            .map_err(Failure::Io)?;
        for (name, contents) in &outcome.pictures {
            let file = dir.join(name);
            std::fs::write(&file, contents)
                .with_context(|| format!("cannot write {}", file.display()))
                .map_err(Failure::Io)?;
        }
    }
    write_stderr(&outcome.stderr);
    write_stdout(&outcome.stdout)
}

/// Writes `text` to stderr as it is (statistics); a failure to write it is ignored, as
/// for every diagnostic.
#[allow(clippy::print_stderr)]
fn write_stderr(text: &str) {
    eprint!("{text}");
}

/// The bytes of `file`, or of stdin when it is absent or `-`, with the name to show in
/// messages (`<stdin>` for stdin).
fn read_input(file: Option<&Path>) -> Result<(String, Vec<u8>), Failure> {
    match file.filter(|f| f.as_os_str() != "-") {
        None => {
            let mut bytes = Vec::new();
            io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .context("cannot read stdin")
                .map_err(Failure::Io)?;
            Ok(("<stdin>".to_string(), bytes))
        }
        Some(path) => {
            let bytes = std::fs::read(path)
                .with_context(|| format!("cannot read {}", path.display()))
                .map_err(Failure::Io)?;
            Ok((path.display().to_string(), bytes))
        }
    }
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
