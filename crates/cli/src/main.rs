//! `gridsolve`: the command line. The only crate that touches files, stdin, stdout and
//! exit codes; every puzzle comes from the registry of the `puzzles` crate, so nothing
//! here knows which puzzles there are.

use clap::ValueHint;
use clap::{CommandFactory, Parser, Subcommand};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

mod atlas;
mod cache;
mod cases;
mod check;
mod checkpoint;
mod demo;
mod generate;
mod held;
mod list;
mod man;
mod options;
mod package;
mod progress;
mod serve;
mod show;
mod solve;
mod source;
mod stress;
mod validate;
mod words;

use options::{PuzzleArg, SolveOptions};

/// Optimal solvers for grid shortest-path judge puzzles.
///
/// Reads judge inputs from the FILEs in turn (or stdin when there is none or for `-`)
/// and writes the judge output to stdout. Run bare on a terminal (no FILE, stdin not
/// redirected) to see a worked example: `gridsolve` alone lists the puzzles and works
/// the first one's sample, `gridsolve --puzzle P` works P's.
/// `gridsolve gen` writes test inputs, `gridsolve validate` checks inputs strictly
/// against the judge's rules, `gridsolve check` checks an output (and its paths) against
/// an input, `gridsolve stress` tests a program on generated inputs and shrinks the one
/// it fails on, `gridsolve package` writes a judge problem package.
///
/// Exit status: 0 solved (or stdout closed early), 1 invalid input, 2 bad usage,
/// 3 I/O failure.
///
/// More on each COMMAND: `gridsolve COMMAND --help`, or its manual page (`man
/// gridsolve-COMMAND`).
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

    /// The puzzle whose judge format the FILEs are in.
    #[arg(short, long, value_parser = options::puzzle_parser())]
    puzzle: Option<PuzzleArg>,

    /// The input files, solved in turn; `-` or nothing reads stdin.
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    files: Vec<PathBuf>,

    /// How to write the answers: `judge` (exactly the judge's output) or `json` (JSON
    /// Lines, one object per query or case, in input order: puzzle, case, file (with
    /// several FILEs, from 1), answer and path (null when there is none), expanded and
    /// generated (the search's states), then the puzzle's own fields).
    #[arg(long, value_enum, default_value = "judge")]
    format: solve::Format,

    /// After each answer line, a line with an optimal path (`-` when there is none).
    #[arg(long)]
    path: bool,

    /// After each answer, the solution as numbered text frames, one per move (coloured
    /// when stdout is a terminal). Each frame is a window of at most 25 rows and 80
    /// columns that follows the moving piece; `--show=full` prints whole boards.
    #[arg(
        long,
        value_enum,
        value_name = "HOW",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "window"
    )]
    show: Option<show::Mode>,

    /// Write one SVG picture per query or case into DIR: the board, the route with
    /// numbered steps, and an animation of the moves.
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    svg: Option<PathBuf>,

    /// Print search statistics (states expanded and generated) to stderr per query or
    /// case.
    #[arg(long)]
    stats: bool,

    /// The queries or cases that get --path, --show and --svg: a number (`3`) or a
    /// range (`2-5`, `7-`); the others get their answer line only.
    #[arg(long, value_name = "N|A-B", value_hint = ValueHint::Other)]
    case: Option<cases::Selection>,

    /// When to colour `--show` frames: `auto` (on a terminal, unless NO_COLOR is set),
    /// `always` or `never`.
    #[arg(long, value_enum, value_name = "WHEN", default_value = "auto")]
    color: ColorWhen,

    /// Stop a search that has generated this many states, with an error.
    #[arg(long, value_name = "N", value_hint = ValueHint::Other)]
    max_states: Option<u64>,

    /// Stop a search that has run this long, with an error.
    #[arg(long, value_name = "SECONDS", value_parser = cases::seconds, value_hint = ValueHint::Other)]
    max_seconds: Option<std::time::Duration>,

    /// Draw no progress on stderr. Without it, work that runs longer than a moment (a
    /// pattern-database build, an IDA* search, stress's cases, package's tests, a long
    /// gen) shows how far it has got, when stderr is a terminal.
    #[arg(short, long, global = true)]
    quiet: bool,

    /// Neither read nor write the cache of built tables (the sliding-tile puzzle's
    /// pattern databases, kept in $GRIDSOLVE_CACHE_DIR, else $XDG_CACHE_HOME/gridsolve,
    /// else ~/.cache/gridsolve): build them in memory for this run only.
    #[arg(long, global = true)]
    no_cache: bool,

    /// Write where a long search stands (the sliding-tile puzzle's pattern-database
    /// search: its iteration, the share of it done, the counts so far) to FILE when it
    /// starts, at least every minute, and when SIGINT, SIGTERM or SIGHUP stops it (a
    /// signal a second or more later ends the run at once); `--resume FILE` goes on
    /// from there. For an input of one board.
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    checkpoint: Option<PathBuf>,

    /// Go on with the search whose checkpoint is FILE (written by --checkpoint for the
    /// same board, with this version of gridsolve), checkpointing to FILE again unless
    /// --checkpoint names another: the answer, path and counts are those of a run that
    /// was never stopped.
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    resume: Option<PathBuf>,

    #[command(flatten)]
    options: SolveOptions,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Write a generated judge input to stdout: the same arguments give the same bytes.
    Gen(generate::GenArgs),
    /// Check inputs strictly against the judge's rules and list every violation of each.
    ///
    /// Exit status: 0 every FILE valid, 1 violations found, 2 bad usage, 3 a FILE that
    /// cannot be read (the others are checked all the same).
    Validate(validate::ValidateArgs),
    /// Check that OUTPUT is a right judge output for INPUT (tokens compared line by line,
    /// as judges do), or with --path that every path replays and is optimal.
    ///
    /// Exit status: 0 right, 1 wrong (the first wrong line on stdout, `OUTPUT:LINE: ...`)
    /// or an invalid INPUT, 2 bad usage, 3 I/O failure. With --kattis: 42 accepted, 43
    /// wrong answer, the reason in FEEDBACK_DIR/judgemessage.txt; any other status is a
    /// judge error.
    Check(check::CheckArgs),
    /// Run CMD on generated inputs until its output is wrong, then shrink the input
    /// that broke it (`gridsolve stress --puzzle P -- ./my-solution`).
    ///
    /// Inputs come from the puzzle's generator families, growing from tiny to the
    /// judge's size over the run, all from --seed. Each output is checked as `gridsolve
    /// check` checks one. The first failure (wrong answer, output that does not parse,
    /// crash, time limit, output limit) is shrunk: fewer cases, rows and columns, walls,
    /// stones, pieces, a shorter snake, as long as CMD still fails the same way. The
    /// smallest input goes to --out and is shown with the expected output and the first
    /// few KiB of the actual one, escaped; CMD's whole output on it goes to OUT.stdout
    /// and OUT.stderr.
    ///
    /// Exit status: 0 every case passed, 1 a failure found, 2 bad usage (CMD cannot be
    /// started or run), 3 I/O failure (the report is printed even when --out cannot be
    /// written); 130 when stopped by a signal (CMD is killed first).
    Stress(stress::StressArgs),
    /// Write a problem package (the Kattis/CLICS format) into DIR: problem.yaml, the
    /// statement, the spec's sample, generated secret tests with gridsolve's answers, the
    /// input validator (checktestdata or Python), an accepted submission (C++), and in
    /// format 2025-09 an answer validator (Python) and one invalid input per `gen
    /// --invalid` kind. Format 2025-09 (the default) is the one BAPCtools reads, `legacy`
    /// the one Kattis' problemtools reads. The same arguments write the same package.
    ///
    /// Exit status: 0 written, 1 a test the solver cannot answer, 2 bad usage (a puzzle
    /// with no package, a DIR that is not empty), 3 I/O failure.
    Package(package::PackageArgs),
    /// Build the atlas of a puzzle that can enumerate its whole space (every position,
    /// its group and its minimum number of moves) with --out DIR, or answer positions
    /// from it with --query DIR: exactly what `gridsolve -p PUZZLE` prints for them.
    ///
    /// Exit status: 0 done, 1 an invalid input, a position outside the atlas's space or
    /// an atlas file refused (foreign, truncated, damaged), 2 bad usage (a puzzle
    /// without an atlas), 3 I/O failure.
    Atlas(atlas::AtlasArgs),
    /// Serve the playground: a local web page to pick a puzzle, edit or paste a board,
    /// solve it (the answer, the path, the board animated move by move) and play it
    /// with the arrow keys, shown the minimum number of moves left after every move.
    ///
    /// Built only with the `serve` feature (`cargo run --release -p cli --features
    /// serve -- serve`); without it, exit status 2 and a message saying so. Listens on
    /// 127.0.0.1 unless --bind says otherwise; the page and the fixtures are built in.
    Serve(serve::ServeArgs),
    /// List the cache of built tables (the sliding-tile puzzle's pattern databases) with
    /// their sizes, or remove them with --clear. The cache is $GRIDSOLVE_CACHE_DIR, else
    /// $XDG_CACHE_HOME/gridsolve, else ~/.cache/gridsolve.
    Cache(cache::CacheArgs),
    /// List the puzzles and the capabilities each has beyond solving (frames and
    /// pictures, the generator, the playground's game, a problem package, the naive
    /// oracle); a tool a puzzle lacks the capability for says so.
    Puzzles,
    /// Write a completion script for SHELL to stdout (for example `gridsolve
    /// completions bash > ~/.local/share/bash-completion/completions/gridsolve`).
    Completions {
        /// The shell: bash, elvish, fish, powershell or zsh.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Write a manual page (roff) to stdout, gridsolve(1) or PAGE; `cargo xtask man`
    /// keeps them all in docs/.
    #[command(hide = true)]
    Man {
        /// The page: gridsolve (the default) or gridsolve-COMMAND.
        page: Option<String>,
        /// List the pages, a name a line, instead.
        #[arg(long, conflicts_with = "page")]
        list: bool,
    },
}

/// When to use colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ColorWhen {
    Auto,
    Always,
    Never,
}

/// Whether to colour output going to a terminal (`terminal`) or not, as `when` says
/// and `NO_COLOR` (any non-empty value) asks.
fn colour_on(when: ColorWhen, terminal: bool) -> bool {
    match when {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

/// Exit statuses, documented in README.
pub(crate) mod status {
    pub const INVALID_INPUT: u8 = 1;
    pub const BAD_USAGE: u8 = 2;
    pub const IO_FAILURE: u8 = 3;
}

/// How a run failed, so main can pick the exit status.
#[derive(Debug)]
enum Failure {
    /// The input is not valid (already reported when empty, or with this message).
    Input(String),
    /// The arguments make no sense together (clap cannot tell).
    Usage(String),
    /// Reading or writing failed (already reported when empty).
    Io(String),
}

impl Failure {
    /// A failed read or write of `what`.
    fn io(what: impl std::fmt::Display, error: &io::Error) -> Failure {
        Failure::Io(format!("cannot {what}: {error}"))
    }
}

impl From<puzzles::Lacks> for Failure {
    /// A tool asked for a capability the puzzle lacks: bad usage, said as
    /// "PUZZLE has no problem package yet".
    fn from(lacks: puzzles::Lacks) -> Failure {
        Failure::Usage(lacks.to_string())
    }
}

/// The generator of `puzzle`, or the usage error that it has none.
fn generator(puzzle: &dyn puzzles::Puzzle) -> Result<puzzles::Generator<'_>, Failure> {
    puzzle.require(puzzles::Capability::Generate)?;
    puzzle
        .generator()
        .ok_or_else(|| Failure::Usage(format!("{} has no generator", puzzle.about().name)))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    progress::init(cli.quiet);
    let store = cache::install(cli.no_cache);
    let result = match (&cli.command, cli.puzzle) {
        (Some(Command::Check(args)), _) => check::run(args).map(ExitCode::from),
        (Some(Command::Stress(args)), _) => stress::run(args).map(ExitCode::from),
        (Some(Command::Gen(args)), _) => generate::run(args).map(|()| ExitCode::SUCCESS),
        (Some(Command::Validate(args)), _) => validate::run(args).map(|()| ExitCode::SUCCESS),
        (Some(Command::Package(args)), _) => package::run(args).map(|()| ExitCode::SUCCESS),
        (Some(Command::Atlas(args)), _) => atlas::run(args).map(|()| ExitCode::SUCCESS),
        (Some(Command::Serve(args)), _) => serve::run(args).map(|()| ExitCode::SUCCESS),
        (Some(Command::Completions { shell }), _) => {
            completions(*shell).map(|()| ExitCode::SUCCESS)
        }
        (Some(Command::Man { page, list }), _) => {
            man(page.as_deref(), *list).map(|()| ExitCode::SUCCESS)
        }
        (Some(Command::Puzzles), _) => list::run().map(|()| ExitCode::SUCCESS),
        (Some(Command::Cache(args)), _) => cache::run(args).map(|()| ExitCode::SUCCESS),
        (None, Some(puzzle)) => {
            checkpoint::install(cli.checkpoint.as_deref(), cli.resume.as_deref()).and_then(
                |checkpoints| {
                    let solved = puzzles::progress::watching(progress::Solving::watch(), || {
                        solve::run(puzzle.0, &cli)
                    });
                    if let Some(report) = checkpoints.and_then(|c| c.report()) {
                        report_note(&report);
                    }
                    solved.map(|()| ExitCode::SUCCESS)
                },
            )
        }
        (None, None) if bare() => write_stdout(&demo::intro()).map(|()| ExitCode::SUCCESS),
        (None, None) => return clap_exit(&missing_puzzle(&cli.files)),
    };
    if let Some(report) = store.filter(|_| cli.stats).and_then(|s| s.report()) {
        let _ = writeln!(io::stderr().lock(), "{report}");
    }
    match result {
        Ok(code) => code,
        Err(Failure::Input(message)) => {
            if !message.is_empty() {
                report(&message);
            }
            ExitCode::from(status::INVALID_INPUT)
        }
        Err(Failure::Usage(message)) => {
            report(&message);
            ExitCode::from(status::BAD_USAGE)
        }
        Err(Failure::Io(message)) => {
            if !message.is_empty() {
                report(&message);
            }
            ExitCode::from(status::IO_FAILURE)
        }
    }
}

/// Whether `gridsolve` was run with no argument at all, on a terminal: it then shows what
/// it does instead of asking for `--puzzle`.
fn bare() -> bool {
    std::env::args_os().len() == 1 && stdin_is_terminal()
}

/// Writes the completion script for `shell`.
fn completions(shell: clap_complete::Shell) -> Result<(), Failure> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "gridsolve", &mut out);
    write_stdout(&String::from_utf8_lossy(&out))
}

/// `gridsolve man`: writes the page called `page` (gridsolve's by default), or with
/// `list` the pages' names.
fn man(page: Option<&str>, list: bool) -> Result<(), Failure> {
    let pages = man::pages(Cli::command());
    if list {
        let names: String = pages
            .iter()
            .map(|p| format!("{}\n", man::name(p)))
            .collect();
        return write_stdout(&names);
    }
    let page = page.unwrap_or("gridsolve");
    let Some(command) = pages.iter().find(|p| man::name(p) == page) else {
        let names: Vec<&str> = pages.iter().map(man::name).collect();
        return Err(Failure::Usage(format!(
            "there is no manual page {page:?}; the pages are {}",
            names.join(", ")
        )));
    };
    let text = man::render(command, &pages).map_err(|e| Failure::io("render the man page", &e))?;
    write_stdout(&text)
}

/// The error for a run without `--puzzle`: a FILE that looks like a misspelt
/// subcommand says so, anything else asks for the puzzle.
fn missing_puzzle(files: &[PathBuf]) -> clap::Error {
    use clap::error::ErrorKind;
    let mut command = Cli::command();
    if let Some(hint) = files.first().and_then(|f| subcommand_hint(f)) {
        return command.error(ErrorKind::InvalidSubcommand, hint);
    }
    command.error(
        ErrorKind::MissingRequiredArgument,
        format!(
            "the following required argument was not provided: --puzzle <PUZZLE> (one of {})",
            puzzles::names()
        ),
    )
}

/// For a FILE that does not exist and reads like a misspelt subcommand (`valdate`,
/// `generate`), a hint naming the subcommand.
fn subcommand_hint(file: &std::path::Path) -> Option<String> {
    if file.exists() {
        return None;
    }
    let word = file.to_str()?;
    let meant = [
        ("gen", "gen"),
        ("generate", "gen"),
        ("generator", "gen"),
        ("validate", "validate"),
        ("validator", "validate"),
        ("check", "check"),
        ("stress", "stress"),
        ("checker", "check"),
    ]
    .into_iter()
    .find(|(like, _)| *like == word || edit_distance(like, word) <= 2 && word.len() > 3)?
    .1;
    Some(format!(
        "there is no file {word:?}; did you mean the subcommand `gridsolve {meant}`?"
    ))
}

/// The number of single-character insertions, deletions and substitutions between
/// `a` and `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Prints clap's help, version or usage error; help and version go to stdout, and a
/// stdout that cannot take them is a failure (exit 3), not a silent success.
fn clap_exit(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let text = rendered(error, io::stdout().is_terminal());
            let mut stdout = io::stdout().lock();
            let written = stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush());
            match written {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    report(&format!("cannot write stdout: {e}"));
                    ExitCode::from(status::IO_FAILURE)
                }
            }
        }
        _ => {
            let text = rendered(error, io::stderr().is_terminal());
            let _ = io::stderr().lock().write_all(text.as_bytes());
            ExitCode::from(status::BAD_USAGE)
        }
    }
}

/// clap's message, styled only for a terminal.
fn rendered(error: &clap::Error, terminal: bool) -> String {
    let styled = error.render();
    if terminal {
        styled.ansi().to_string()
    } else {
        styled.to_string()
    }
}

/// Says what went wrong on stderr; a stderr that cannot be written to is ignored (the
/// exit status still tells).
fn report(message: &str) {
    let _ = writeln!(io::stderr().lock(), "error: {message}");
}

/// Warns on stderr (the exit status is not changed); a stderr that cannot be written to
/// is ignored.
/// Tells the user something about the run on stderr, after its answers or its error.
fn report_note(message: &str) {
    let _ = writeln!(io::stderr().lock(), "note: {message}");
}

fn warn(message: &str) {
    let _ = writeln!(io::stderr().lock(), "warning: {message}");
}

/// Whether stdin is a terminal (the bare `gridsolve --puzzle P` shows a demo then).
fn stdin_is_terminal() -> bool {
    io::stdin().is_terminal()
}

/// Writes `text` to stdout. A closed pipe (`gridsolve ... | head`) is not an error.
fn write_stdout(text: &str) -> Result<(), Failure> {
    let mut stdout = io::stdout().lock();
    closed_pipe_is_fine(
        stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush()),
    )
}

/// A write's result, with a closed stdout (`| head`) counted as success.
fn closed_pipe_is_fine(result: io::Result<()>) -> Result<(), Failure> {
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure::io("write stdout", &e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_the_help_promises_is_the_one_drawn() {
        let window = format!(
            "at most {} rows and {} columns",
            show::WINDOW_ROWS,
            show::WINDOW_COLS
        );
        let command = Cli::command();
        let show = command
            .get_arguments()
            .find(|a| a.get_id() == "show")
            .expect("--show");
        let help = show.get_long_help().or(show.get_help()).expect("a help");
        assert!(help.to_string().contains(&window), "{help}");
        let mode = clap::ValueEnum::to_possible_value(&show::Mode::Window).expect("a value");
        let help = mode.get_help().expect("a help").to_string();
        assert!(help.contains(&window), "{help}");
    }
}
