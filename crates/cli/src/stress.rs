//! `gridsolve stress`: run a program on generated inputs until its output is wrong,
//! then shrink the input that broke it.
//!
//! Inputs come from the puzzle's own generator families, with the options its gen
//! `OptionSpec`s declare drawn afresh for every case from one seeded generator, sizes
//! growing from tiny to the judge's default over the run. Each output is checked as
//! `gridsolve check` checks one. The first failure (a wrong answer, an output that is no
//! answer, a crash, the time limit) is shrunk through the puzzle contract
//! (`Generator::shrink`) to a 1-minimal input, one on which no single candidate (a
//! case, a row or column, a cell made simpler, ...) still fails the same way, unless
//! `--shrink-runs` ends first; it is written to `--out` and shown with both outputs.
//!
//! What CMD writes is bounded by `--output-limit` (stdout and stderr together; past it
//! CMD is killed and the run fails) and streamed to unnamed files beside `--out`; of the
//! failing run the report shows the first [`SHOWN_OUTPUT`] bytes of each stream, escaped,
//! and the files are kept whole as `OUT.stdout` and `OUT.stderr`. Memory follows the
//! limit, not the output: only stdout (which the judge reads) up to the limit and the
//! head of stderr are held.
//!
//! The program runs in a process group of its own, which is killed at the time limit,
//! after every run (so nothing it started outlives it), on SIGINT, SIGTERM and SIGHUP,
//! and by a panic. Its pipes are read by `poll` against the time limit, so a process it
//! started in another session that holds stdout open cannot hold stress. A program that
//! cannot run (not found, not executable, a shell's 126 or 127) is bad usage.

use crate::check::{self, Verdict};
use crate::options::{self, PuzzleArg, SolveOptions, check_options, puzzle_parser};
use crate::words::count;
use crate::{Failure, write_stdout};
use clap::ValueHint;
use puzzles::{Generator, Limits, OptionKind, Options, Puzzle, SplitMix64, Tried};
use std::ffi::OsString;
use std::fmt::{self, Write as _};
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// `gridsolve stress`: test a program against gridsolve on generated inputs.
#[derive(Debug, clap::Args)]
pub(crate) struct StressArgs {
    /// The puzzle whose judge inputs CMD reads.
    #[arg(short, long, value_parser = puzzle_parser())]
    puzzle: PuzzleArg,

    /// Only this generator family (by default the puzzle's families in turn).
    #[arg(long, value_parser = options::families(), hide_possible_values = true)]
    family: Option<String>,

    /// The seed of the whole run: the same seed gives the same inputs.
    #[arg(long, default_value_t = 1, value_hint = ValueHint::Other)]
    seed: u64,

    /// How many inputs to try.
    #[arg(long, value_name = "N", default_value_t = 1000, value_hint = ValueHint::Other)]
    cases: u64,

    /// The time CMD may take on one input, in milliseconds: to end, and to close its
    /// output (a process it leaves behind holding stdout does not stretch it).
    #[arg(long, value_name = "MS", default_value_t = 2000, value_hint = ValueHint::Other)]
    time_limit: u64,

    /// Where to write the smallest failing input; CMD's whole output on it goes beside
    /// it, to FILE.stdout and FILE.stderr.
    #[arg(long, value_name = "FILE", default_value = "stress-fail.in", value_hint = ValueHint::FilePath)]
    out: PathBuf,

    /// The most output CMD may write on one input, stdout and stderr together, in KiB
    /// (DOMjudge's default): past it CMD is killed and the run fails.
    #[arg(long, value_name = "KIB", default_value_t = 8192, value_hint = ValueHint::Other)]
    output_limit: u64,

    /// The most runs of CMD spent on shrinking a failing input.
    #[arg(long, value_name = "N", default_value_t = 1000, value_hint = ValueHint::Other)]
    shrink_runs: u64,

    /// Write the shrinking's way down to FILE, a line `RUN BYTES CELLS` for the input
    /// it was found on (run 0) and then for each smaller failing input as it was found:
    /// the run of CMD that found it, its bytes and the cells of its largest board. The
    /// runs after the last line's only confirmed it.
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    shrink_trace: Option<PathBuf>,

    #[command(flatten)]
    options: SolveOptions,

    /// The program under test and its arguments, after `--`: it reads a judge input on
    /// stdin and writes the judge output on stdout.
    #[arg(
        last = true,
        required = true,
        value_name = "CMD",
        value_hint = ValueHint::CommandWithArguments
    )]
    command: Vec<OsString>,
}

/// How a run of CMD failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Answers, but a wrong one.
    WrongAnswer,
    /// An output that is no judge output: a line that is no answer, lines missing or
    /// lines too many.
    Unreadable,
    /// A non-zero exit status or a signal.
    Crash,
    /// Still running at the time limit.
    TimeLimit,
    /// More output than `--output-limit`.
    OutputLimit,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::WrongAnswer => "wrong answer",
            Kind::Unreadable => "output that does not parse",
            Kind::Crash => "crash",
            Kind::TimeLimit => "time limit",
            Kind::OutputLimit => "output limit",
        })
    }
}

/// A failed run: how, and in words.
#[derive(Debug)]
struct Failed {
    kind: Kind,
    what: String,
}

/// Runs `gridsolve stress`; `Ok` carries the exit status (0 every case passed, 1 a
/// failure found).
pub(crate) fn run(args: &StressArgs) -> Result<u8, Failure> {
    let puzzle = args.puzzle.0;
    check_options(puzzle, &args.options.0, SolveOptions::SPECS).map_err(Failure::Usage)?;
    let generator = crate::generator(puzzle)?;
    let families: Vec<&str> = generator.families().into_iter().map(|(f, _)| f).collect();
    let families = match &args.family {
        None => families,
        Some(family) if families.contains(&family.as_str()) => {
            families.into_iter().filter(|f| f == family).collect()
        }
        Some(family) => {
            return Err(Failure::Usage(format!(
                "{} has no family {family:?} (its families: {})",
                puzzle.about().name,
                families.join(", ")
            )));
        }
    };
    if args.time_limit == 0 {
        return Err(Failure::Usage(
            "--time-limit must be at least 1".to_string(),
        ));
    }
    let output_limit = args
        .output_limit
        .checked_mul(1024)
        .and_then(|bytes| usize::try_from(bytes).ok())
        .filter(|&bytes| bytes > 0)
        .ok_or_else(|| {
            Failure::Usage(format!(
                "--output-limit must be at least 1 and at most {} KiB",
                usize::MAX / 1024
            ))
        })?;
    kill_on_signals();
    let tester = Tester {
        puzzle,
        options: &args.options.0,
        command: &args.command,
        limit: Duration::from_millis(args.time_limit),
        output_limit,
        // Beside --out; when that is a device (/dev/null), the system's temporary place.
        spool: match args.out.parent() {
            _ if std::fs::metadata(&args.out).is_ok_and(|there| !there.is_file()) => {
                std::env::temp_dir()
            }
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => PathBuf::from("."),
        },
    };
    let bar = crate::progress::bar(args.cases, if args.cases == 1 { "case" } else { "cases" });
    let mut rng = SplitMix64::new(args.seed);
    let mut found = None;
    for i in 0..args.cases {
        let family = families[usize::try_from(i).unwrap_or(0) % families.len()];
        let (made, input) = generate(puzzle, generator, family, &mut rng, i, args.cases)?;
        bar.set_message(made.size.clone());
        let run = tester.run(&input).map_err(|e| e.failure(&args.command))?;
        if let Some(failed) = tester.verdict(&input, &run)? {
            found = Some((i + 1, made, input, failed, run));
            break;
        }
        bar.inc(1);
    }
    let Some((number, made, input, failed, first_run)) = found else {
        bar.finish_and_clear();
        write_stdout(&format!(
            "stress: all {} passed ({})\n",
            count(args.cases, "case"),
            shown_command(&args.command)
        ))?;
        return Ok(0);
    };
    bar.set_message(format!("{}: shrinking", failed.kind));
    let started = Instant::now();
    let mut runs = 0;
    let mut smallest = None;
    let mut trouble = None;
    let shrunk = generator
        .shrink(input.as_bytes(), &args.options.0, &mut |text| {
            if runs >= args.shrink_runs {
                return Tried::Enough;
            }
            runs += 1;
            bar.set_message(format!(
                "{}: shrinking, {}",
                failed.kind,
                count(runs, "run")
            ));
            let run = match tester.run(text) {
                Ok(run) => run,
                // Its output cannot be kept: nothing more can be told.
                Err(Trouble::Spool(e)) => {
                    trouble = Some(e);
                    return Tried::Enough;
                }
                Err(Trouble::Cmd(_)) => return Tried::Passes,
            };
            match tester.verdict(text, &run) {
                Ok(Some(again)) if again.kind == failed.kind => {
                    smallest = Some((run, again));
                    Tried::Fails
                }
                _ => Tried::Passes,
            }
        })
        .map_err(|e| Failure::Input(format!("the generated input: {}", e.describe("<input>"))))?;
    let minimal = shrunk.minimal;
    let trace = args.shrink_trace.as_ref().map(|path| {
        let mut lines = String::new();
        for step in &shrunk.trace {
            let _ = writeln!(lines, "{} {} {}", step.test, step.bytes, step.cells);
        }
        (path, write_whole(path, &mut lines.as_bytes()))
    });
    let shrunk = shrunk.input;
    let seconds = started.elapsed().as_secs_f64();
    bar.finish_and_clear();
    // Nothing smaller fails: the input as it was found.
    let (run, failed) = smallest.unwrap_or((first_run, failed));
    // The report goes to stdout whatever happens to --out: a failure found is never
    // lost to a full disk or a bad path.
    let written = write_whole(&args.out, &mut shrunk.as_bytes());
    // Beside a file, not beside a device such as /dev/null.
    let beside_a_file = !std::fs::metadata(&args.out).is_ok_and(|there| !there.is_file());
    let kept = if beside_a_file {
        run.keep(&args.out).map(Some)
    } else {
        Ok(None)
    };
    let expected = match puzzle.judge(shrunk.as_str().into(), &args.options.0, Limits::NONE) {
        Ok(expected) => expected,
        Err(e) => format!("(gridsolve cannot answer it: {})\n", e.describe("<input>")),
    };
    let mut text = format!(
        "stress: {} on case {number} of {} ({})\n  {}\n",
        failed.kind,
        args.cases,
        made.command(puzzle, &generator, &input),
        failed.what
    );
    let _ = writeln!(
        text,
        "shrunk in {} of CMD ({seconds:.1} s): {} -> {}, {}, {}",
        count(runs, "run"),
        count(input.len(), "byte"),
        count(shrunk.len(), "byte"),
        match (&trouble, minimal) {
            (Some(e), _) =>
                format!("stopped: cannot keep CMD's output ({e}), it may not be minimal"),
            (None, true) => "1-minimal (no single cut of it still fails)".to_string(),
            (None, false) => "--shrink-runs ended first: it may not be minimal".to_string(),
        },
        match &written {
            Ok(()) => format!("written to {}", args.out.display()),
            Err(e) => format!("not written (cannot write {}: {e})", args.out.display()),
        }
    );
    let _ = write!(
        text,
        "--- input\n{shrunk}--- expected (gridsolve)\n{expected}--- actual ({})\n{}",
        run.status,
        shown(&run.stdout, run.stdout_len)
    );
    if run.stderr_len > 0 {
        let _ = write!(
            text,
            "--- its stderr\n{}",
            shown(&run.stderr, run.stderr_len)
        );
    }
    match &kept {
        Ok(Some([stdout, stderr])) => {
            let _ = writeln!(
                text,
                "--- CMD's whole output: {} ({}), {} ({})",
                stdout.display(),
                count(run.stdout_len, "byte"),
                stderr.display(),
                count(run.stderr_len, "byte"),
            );
        }
        Ok(None) => {
            let _ = writeln!(
                text,
                "--- CMD's whole output not kept (--out {} is no regular file)",
                args.out.display()
            );
        }
        Err((path, e)) => {
            let _ = writeln!(
                text,
                "--- CMD's whole output not kept (cannot write {}: {e})",
                path.display()
            );
        }
    }
    if let Some((path, Err(e))) = &trace {
        let _ = writeln!(
            text,
            "--- the shrinking's trace not written (cannot write {}: {e})",
            path.display()
        );
    }
    write_stdout(&text)?;
    written.map_err(|e| Failure::io(format_args!("write {}", args.out.display()), &e))?;
    kept.map_err(|(path, e)| Failure::io(format_args!("write {}", path.display()), &e))?;
    if let Some((path, Err(e))) = trace {
        return Err(Failure::io(format_args!("write {}", path.display()), &e));
    }
    Ok(crate::status::INVALID_INPUT)
}

/// Writes what `from` reads to `path` whole or not at all: into a new file beside it, of
/// a name no one can guess, renamed to `path` once complete. A signal that stops stress
/// meanwhile removes it, so no partial file is ever left behind. A symbolic link to a
/// file stays, the file it points to is replaced; what is no regular file (a device such
/// as `/dev/null`, a pipe) is written to as it is.
fn write_whole(path: &Path, from: &mut dyn Read) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let path = match std::fs::metadata(path) {
        Ok(there) if !there.is_file() => {
            io::copy(from, &mut File::create(path)?)?;
            return Ok(());
        }
        Ok(_) => std::fs::canonicalize(path)?,
        Err(_) => path.to_path_buf(),
    };
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    // As any new file (tempfile's own are the owner's alone): the umask decides.
    let mut file = tempfile::Builder::new()
        .prefix(".gridsolve-stress-")
        .permissions(std::fs::Permissions::from_mode(0o666))
        .tempfile_in(dir)?;
    running().pending = Some(file.path().to_path_buf());
    let written = io::copy(from, &mut file)
        .and_then(|_| file.flush())
        .and_then(|()| file.persist(&path).map(drop).map_err(|e| e.error));
    running().pending = None;
    written
}

/// The options one generated input was made with.
struct Generated {
    options: Options,
    /// Its size in words, for the bar.
    size: String,
}

impl Generated {
    /// The options that make `input`: those drawn, less each one without which
    /// `generator` writes the same bytes (one its family does not read, such as a walk's
    /// length for a family that takes no walk, or one drawn at its default). The family
    /// and the seed always stay.
    fn needed(&self, generator: &Generator<'_>, input: &str) -> Options {
        let mut kept: Vec<(&str, &str)> = self
            .options
            .names()
            .map(|name| (name, self.options.raw(name).unwrap_or("")))
            .collect();
        let options = |kept: &[(&str, &str)]| {
            kept.iter().fold(Options::new(), |options, (name, value)| {
                options.with(name, value)
            })
        };
        let mut i = 0;
        while i < kept.len() {
            if !["family", "seed"].contains(&kept[i].0) {
                let mut without = kept.clone();
                without.remove(i);
                let mut again = Vec::new();
                let same = generator
                    .generate(&options(&without), &mut again)
                    .is_ok_and(|()| again == input.as_bytes());
                if same {
                    kept = without;
                    continue;
                }
            }
            i += 1;
        }
        options(&kept)
    }

    /// The `gridsolve gen` command that writes `input` again, with only the options
    /// that change it ([`Generated::needed`]).
    fn command(&self, puzzle: &dyn Puzzle, generator: &Generator<'_>, input: &str) -> String {
        let options = self.needed(generator, input);
        let mut text = format!("gridsolve gen --puzzle {}", puzzle.about().name);
        for name in options.names() {
            let _ = write!(text, " --{name} {}", options.raw(name).unwrap_or(""));
        }
        text
    }
}

/// Case `i` of `n`: the options drawn for it and the input they make. Every numeric
/// generator option is drawn from 2 (or its default when smaller) to its default times
/// `((i + 1) / n)^2` (half that at least), so inputs grow from tiny to the judge's size
/// over the run, most of them small (a number whose default is another's, as `--cols`
/// is `--rows`'s, is drawn like that one); `--cases` from 1 to 5; a percentage from 0
/// to twice its default plus 10. Options with words for defaults keep them. When the
/// generator refuses a draw (a board too small for its walls, a snake too long for its
/// lair), it is drawn again with the least value one larger, and at last the defaults
/// are used.
fn generate(
    puzzle: &dyn Puzzle,
    generator: Generator<'_>,
    family: &str,
    rng: &mut SplitMix64,
    i: u64,
    n: u64,
) -> Result<(Generated, String), Failure> {
    let growth = ((i + 1) as f64 / n.max(1) as f64).powi(2);
    const DRAWS: usize = 20;
    for draw in 0..=DRAWS {
        let seed = rng.next_u64() >> 1;
        let mut options = Options::new().with("family", family).with("seed", seed);
        if draw < DRAWS {
            let mut last = None;
            for spec in generator.gen_options() {
                // A number whose default is another's (`--cols`: as --rows) is drawn
                // like that one, independently.
                let default = match spec.default.parse::<u64>() {
                    Ok(default) => default,
                    Err(_) if spec.kind == OptionKind::Size && last.is_some() => last.unwrap_or(0),
                    Err(_) => continue,
                };
                let value = match spec.kind {
                    OptionKind::Percent => rng.range(0, (2 * default + 10).min(100)),
                    OptionKind::Cases => rng.range(1, 5),
                    _ => {
                        last = Some(default);
                        // Each draw again starts a little larger.
                        let lo = default.min(2 + draw as u64);
                        let hi = ((default as f64 * growth).round() as u64).clamp(lo, default);
                        rng.range((hi / 2).max(lo), hi)
                    }
                };
                options.set(spec.name, value);
            }
        }
        let mut input = Vec::new();
        if generator.generate(&options, &mut input).is_err() {
            continue;
        }
        let size = match (options.raw("rows"), options.raw("cols")) {
            (Some(r), Some(c)) => format!("{r} x {c}"),
            (Some(r), None) => format!("{r} x {r}"),
            _ => String::new(),
        };
        let input = String::from_utf8(input)
            .map_err(|_| Failure::Input("a generator wrote bytes that are not UTF-8".into()))?;
        return Ok((Generated { options, size }, input));
    }
    Err(Failure::Usage(format!(
        "the generator of {} made no input for family {family}",
        puzzle.about().name
    )))
}

/// What one run of CMD did.
#[derive(Debug)]
struct Run {
    status: Status,
    /// Its stdout, whole (it is at most the output limit): what the judge reads.
    stdout: Vec<u8>,
    /// The first [`SHOWN_OUTPUT`] bytes of its stderr.
    stderr: Vec<u8>,
    /// How many bytes it wrote on each, up to the limit.
    stdout_len: u64,
    stderr_len: u64,
    /// Both, whole, in unnamed files (gone with them unless kept).
    files: [File; 2],
}

impl Run {
    /// Keeps its output beside `out`, as `OUT.stdout` and `OUT.stderr` (each written
    /// whole or not at all): their paths, or the one that could not be written.
    fn keep(&self, out: &Path) -> Result<[PathBuf; 2], (PathBuf, io::Error)> {
        let paths = ["stdout", "stderr"].map(|stream| {
            let mut path = out.as_os_str().to_owned();
            path.push(".");
            path.push(stream);
            PathBuf::from(path)
        });
        for (path, mut file) in paths.iter().zip(&self.files) {
            file.seek(SeekFrom::Start(0))
                .and_then(|_| write_whole(path, &mut file))
                .map_err(|e| (path.clone(), e))?;
        }
        Ok(paths)
    }
}

/// Why CMD gave no run.
#[derive(Debug)]
enum Trouble {
    /// It could not be started, or its pipes failed.
    Cmd(io::Error),
    /// Its output could not be written to its files.
    Spool(io::Error),
}

impl Trouble {
    /// The failure stress ends with: bad usage for a CMD that cannot run, I/O for output
    /// that cannot be kept.
    fn failure(self, command: &[OsString]) -> Failure {
        match self {
            Trouble::Cmd(e) => {
                Failure::Usage(format!("cannot run {}: {e}", shown_command(command)))
            }
            Trouble::Spool(e) => Failure::io("write CMD's output to a file", &e),
        }
    }
}

/// How a run ended.
#[derive(Debug)]
enum Status {
    Exited(ExitStatus),
    /// Killed at the time limit: still running, or (`exited`) ended but its output
    /// still held open by a process it started outside its group.
    TimedOut {
        limit: Duration,
        exited: bool,
    },
    /// Killed for writing more than `limit` bytes.
    OutputLimit {
        limit: usize,
    },
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Exited(status) => write!(f, "{status}"),
            Status::TimedOut { limit, .. } => {
                write!(f, "killed at the time limit, {limit:?}")
            }
            Status::OutputLimit { limit } => {
                write!(f, "killed at the output limit, {} KiB", limit / 1024)
            }
        }
    }
}

/// Runs CMD and judges its output.
struct Tester<'a> {
    puzzle: &'static dyn Puzzle,
    options: &'a Options,
    command: &'a [OsString],
    limit: Duration,
    /// `--output-limit`, in bytes.
    output_limit: usize,
    /// Where the files of its output are made (beside `--out`).
    spool: PathBuf,
}

/// How much of each stream of CMD's output the report shows (escaped, so up to four
/// times as many characters); the rest is in the files it names.
const SHOWN_OUTPUT: usize = 2 << 10;

/// The exit statuses of a shell for a command it cannot run: found but not executable
/// (126), not found (127).
const CANNOT_RUN: [i32; 2] = [126, 127];

impl Tester<'_> {
    /// Runs CMD with `input` on stdin, until it ends or the time limit, which bounds the
    /// reading of its output too: a process it started that keeps the pipes open (in a
    /// session of its own, out of reach of the group's kill) cannot hold stress.
    ///
    /// # Errors
    /// When CMD cannot be started, or its pipes fail ([`Trouble::Cmd`]); when its
    /// output cannot be written to a file ([`Trouble::Spool`]).
    fn run(&self, input: &str) -> Result<Run, Trouble> {
        // All of stdout (the limit bounds it), the head of stderr.
        let out = Sink::new(&self.spool, usize::MAX).map_err(Trouble::Spool)?;
        let err = Sink::new(&self.spool, SHOWN_OUTPUT).map_err(Trouble::Spool)?;
        let mut command = Command::new(&self.command[0]);
        command
            .args(&self.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut group = Group::spawn(&mut command).map_err(Trouble::Cmd)?;
        let deadline = Instant::now() + self.limit;
        let mut pipes = Pipes {
            stdin: group.child.stdin.take(),
            input: input.as_bytes(),
            stdout: group.child.stdout.take(),
            stderr: group.child.stderr.take(),
            out,
            err,
            room: self.output_limit,
            over: false,
        };
        let mut exited = None;
        let mut pause = Duration::from_micros(200);
        let status = loop {
            if pipes.over {
                group.kill();
                break Status::OutputLimit {
                    limit: self.output_limit,
                };
            }
            if exited.is_none() {
                exited = group.child.try_wait().map_err(Trouble::Cmd)?;
                if exited.is_some() {
                    // Whatever it started in its group dies with it, so the pipes close.
                    group.kill();
                }
            }
            if let Some(status) = exited
                && pipes.closed()
            {
                break Status::Exited(status);
            }
            let now = Instant::now();
            if now >= deadline {
                group.kill();
                break Status::TimedOut {
                    limit: self.limit,
                    exited: exited.is_some(),
                };
            }
            // The child's end is no event of the pipes: look again within `pause`.
            let wait = pause.min(deadline - now);
            if pipes.closed() {
                std::thread::sleep(wait);
            } else {
                pipes.exchange(wait)?;
            }
            pause = (pause * 2).min(Duration::from_millis(5));
        };
        drop(group);
        let (out, err) = (pipes.out, pipes.err);
        Ok(Run {
            status,
            stdout: out.kept,
            stderr: err.kept,
            stdout_len: out.len,
            stderr_len: err.len,
            files: [out.file, err.file],
        })
    }

    /// How `run` failed on `input`, if it did.
    ///
    /// # Errors
    /// When gridsolve cannot answer the input itself; a CMD that cannot run (a shell's
    /// status 126 or 127) is bad usage.
    fn verdict(&self, input: &str, run: &Run) -> Result<Option<Failed>, Failure> {
        let status = match run.status {
            Status::TimedOut {
                limit,
                exited: false,
            } => {
                return Ok(Some(Failed {
                    kind: Kind::TimeLimit,
                    what: format!("still running after {} ms", limit.as_millis()),
                }));
            }
            Status::TimedOut {
                limit,
                exited: true,
            } => {
                return Ok(Some(Failed {
                    kind: Kind::TimeLimit,
                    what: format!(
                        "it exited, but its output was still open after {} ms (held by a process it started)",
                        limit.as_millis()
                    ),
                }));
            }
            Status::OutputLimit { limit } => {
                return Ok(Some(Failed {
                    kind: Kind::OutputLimit,
                    what: format!(
                        "it wrote more than {} KiB (stdout and stderr together)",
                        limit / 1024
                    ),
                }));
            }
            Status::Exited(status) => status,
        };
        if let Some(code) = status.code().filter(|c| CANNOT_RUN.contains(c)) {
            let mut message = format!(
                "cannot run {}: it exited with status {code}, a shell's way to say a command was {}",
                shown_command(self.command),
                if code == 126 {
                    "found but could not be run"
                } else {
                    "not found"
                }
            );
            let stderr = shown(&run.stderr, run.stderr_len);
            if !stderr.trim().is_empty() {
                let _ = write!(message, "; its stderr: {}", stderr.trim_end());
            }
            return Err(Failure::Usage(message));
        }
        if !status.success() {
            return Ok(Some(Failed {
                kind: Kind::Crash,
                what: format!("it ended with {status}"),
            }));
        }
        Ok(
            match check::check_bytes(self.puzzle, self.options, input.as_bytes(), &run.stdout)? {
                Verdict::Right(_) => None,
                Verdict::Wrong(what) => Some(Failed {
                    kind: Kind::WrongAnswer,
                    what,
                }),
                Verdict::Unreadable(what) => Some(Failed {
                    kind: Kind::Unreadable,
                    what,
                }),
            },
        )
    }
}

/// The pipes of a running CMD: its input still to write, its output read so far.
struct Pipes<'a> {
    stdin: Option<ChildStdin>,
    input: &'a [u8],
    stdout: Option<ChildStdout>,
    stderr: Option<ChildStderr>,
    out: Sink,
    err: Sink,
    /// The output it may still write, stdout and stderr together.
    room: usize,
    /// It wrote more than that.
    over: bool,
}

/// Where one stream of CMD's output goes: whole (up to the output limit) into an unnamed
/// file, which no one else can see and which is gone however stress ends unless kept,
/// and its first `keep` bytes into memory.
struct Sink {
    file: File,
    kept: Vec<u8>,
    keep: usize,
    len: u64,
}

impl Sink {
    /// A sink whose file is in `dir` (or, when no file can be made there, the system's
    /// place for temporary files).
    fn new(dir: &Path, keep: usize) -> io::Result<Sink> {
        let file = tempfile::tempfile_in(dir).or_else(|_| tempfile::tempfile())?;
        Ok(Sink {
            file,
            kept: Vec::new(),
            keep,
            len: 0,
        })
    }

    /// Takes `bytes` of the stream.
    fn take(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.file.write_all(bytes)?;
        let room = self.keep.saturating_sub(self.kept.len());
        self.kept.extend_from_slice(&bytes[..bytes.len().min(room)]);
        self.len += bytes.len() as u64;
        Ok(())
    }
}

impl Pipes<'_> {
    /// Whether CMD's output has ended (and its input is written or refused).
    fn closed(&self) -> bool {
        self.stdin.is_none() && self.stdout.is_none() && self.stderr.is_none()
    }

    /// Waits up to `wait` for a pipe to be ready, then writes what the input pipe takes
    /// and reads what the output pipes hold, never blocking: a pipe that is ready for
    /// writing takes `PIPE_BUF` bytes at once, one ready for reading gives what it has.
    fn exchange(&mut self, wait: Duration) -> Result<(), Trouble> {
        use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
        use std::os::fd::{AsFd, BorrowedFd};
        /// What a pipe ready for writing takes without blocking.
        const PIPE_BUF: usize = 4096;
        let timeout =
            PollTimeout::try_from(wait.max(Duration::from_millis(1))).unwrap_or(PollTimeout::MAX);
        let (write, read_out, read_err) = {
            let mut fds = Vec::with_capacity(3);
            fn watch<'f>(
                fds: &mut Vec<PollFd<'f>>,
                fd: Option<BorrowedFd<'f>>,
                events: PollFlags,
            ) -> Option<usize> {
                fd.map(|fd| {
                    fds.push(PollFd::new(fd, events));
                    fds.len() - 1
                })
            }
            let write = watch(
                &mut fds,
                self.stdin.as_ref().map(AsFd::as_fd),
                PollFlags::POLLOUT,
            );
            let read_out = watch(
                &mut fds,
                self.stdout.as_ref().map(AsFd::as_fd),
                PollFlags::POLLIN,
            );
            let read_err = watch(
                &mut fds,
                self.stderr.as_ref().map(AsFd::as_fd),
                PollFlags::POLLIN,
            );
            match poll(&mut fds, timeout) {
                Ok(_) => {}
                Err(nix::errno::Errno::EINTR) => return Ok(()),
                Err(e) => return Err(Trouble::Cmd(io::Error::from(e))),
            }
            let ready = |i: Option<usize>| i.is_some_and(|i| fds[i].any().unwrap_or(true));
            (ready(write), ready(read_out), ready(read_err))
        };
        if write && let Some(stdin) = &mut self.stdin {
            let chunk = &self.input[..self.input.len().min(PIPE_BUF)];
            match stdin.write(chunk) {
                // A program that stops reading early is not an error here.
                Ok(n) if n < self.input.len() => self.input = &self.input[n..],
                Ok(_) | Err(_) => self.stdin = None,
            }
        }
        if read_out {
            self.over |= read_some(&mut self.stdout, &mut self.out, &mut self.room)?;
        }
        if read_err {
            self.over |= read_some(&mut self.stderr, &mut self.err, &mut self.room)?;
        }
        Ok(())
    }
}

/// Reads what a ready `pipe` holds into `sink`, up to `room` bytes (which it lessens);
/// closes it at its end or on an error. Whether it held more than `room`.
///
/// # Errors
/// When the sink cannot take it.
fn read_some(
    pipe: &mut Option<impl Read>,
    sink: &mut Sink,
    room: &mut usize,
) -> Result<bool, Trouble> {
    let Some(reader) = pipe else {
        return Ok(false);
    };
    let mut buf = [0; 64 << 10];
    match reader.read(&mut buf) {
        Ok(0) | Err(_) => *pipe = None,
        Ok(n) => {
            let fits = n.min(*room);
            sink.take(&buf[..fits]).map_err(Trouble::Spool)?;
            *room -= fits;
            return Ok(fits < n);
        }
    }
    Ok(false)
}

/// An output of `len` bytes as the report shows it, from `head`, its first bytes: the
/// first [`SHOWN_OUTPUT`] of them with line ends kept and every other control character
/// and `\` escaped as Rust writes them (`\0`, `\t`, `\x1b`, `\u{85}`, `\\`), each byte of
/// invalid UTF-8 as `\xNN`, ending with a line end; then a line saying how many bytes
/// more there are.
fn shown(head: &[u8], len: u64) -> String {
    let head = &head[..head.len().min(SHOWN_OUTPUT)];
    let mut text = String::new();
    for chunk in head.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\n' => text.push('\n'),
                '\\' => text.push_str("\\\\"),
                '\0' => text.push_str("\\0"),
                '\t' => text.push_str("\\t"),
                '\r' => text.push_str("\\r"),
                c if c.is_ascii_control() => {
                    let _ = write!(text, "\\x{:02x}", u32::from(c));
                }
                c if c.is_control() => {
                    let _ = write!(text, "\\u{{{:x}}}", u32::from(c));
                }
                c => text.push(c),
            }
        }
        for byte in chunk.invalid() {
            let _ = write!(text, "\\x{byte:02x}");
        }
    }
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    let more = len.saturating_sub(head.len() as u64);
    if more > 0 {
        let _ = writeln!(text, "[... {} more]", count(more, "byte"));
    }
    text
}

/// The process group of the running CMD (0: none), whether a signal is stopping stress
/// (then no CMD is started any more), and the file being written whole (removed by a
/// signal before it is complete).
struct Running {
    group: i32,
    stopping: bool,
    pending: Option<PathBuf>,
}

static RUNNING: Mutex<Running> = Mutex::new(Running {
    group: 0,
    stopping: false,
    pending: None,
});

/// [`RUNNING`], whatever a panic left it as.
fn running() -> MutexGuard<'static, Running> {
    RUNNING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A child in a process group of its own, killed (with all its group) when dropped: on
/// every way out of a run, errors included.
struct Group {
    child: Child,
}

impl Group {
    /// Starts `command` as the leader of a new process group, unless a signal is
    /// stopping stress.
    fn spawn(command: &mut Command) -> io::Result<Group> {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
        // Started and recorded under the lock: a signal between the two would
        // otherwise miss the group.
        let mut running = running();
        if running.stopping {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "stress is stopping",
            ));
        }
        let child = command.spawn()?;
        running.group = i32::try_from(child.id()).unwrap_or(0);
        Ok(Group { child })
    }

    /// Kills the group (the child is reaped by `wait` or on drop).
    fn kill(&mut self) {
        kill_group(self.child.id());
        let _ = self.child.kill();
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill();
        let _ = self.child.wait();
        running().group = 0;
    }
}

/// Sends SIGKILL to the process group `id` (a child made its leader).
fn kill_group(id: u32) {
    use nix::sys::signal::{Signal, killpg};
    use nix::unistd::Pid;
    if let Ok(id) = i32::try_from(id)
        && id > 0
    {
        let _ = killpg(Pid::from_raw(id), Signal::SIGKILL);
    }
}

/// On SIGINT, SIGTERM or SIGHUP (Ctrl-C, `timeout`, a closed terminal): kill the
/// running CMD's group (which a terminal's signal does not reach, being another group,
/// and which `timeout` and a hang-up never knew of), then exit 130. A panic kills it
/// too, before the default report (and, in release, the abort).
fn kill_on_signals() {
    let _ = ctrlc::set_handler(|| {
        let mut running = running();
        running.stopping = true;
        if let Ok(group) = u32::try_from(running.group) {
            kill_group(group);
        }
        if let Some(pending) = running.pending.take() {
            let _ = std::fs::remove_file(pending);
        }
        let _ = writeln!(io::stderr(), "stress: stopped by a signal, CMD killed");
        std::process::exit(130);
    });
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if let Ok(running) = RUNNING.try_lock()
            && let Ok(group) = u32::try_from(running.group)
        {
            kill_group(group);
        }
        report(info);
    }));
}

/// CMD as the user typed it, for messages.
fn shown_command(command: &[OsString]) -> String {
    command
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzles::{Input, PUZZLES};

    /// The largest board of an input, in cells.
    fn largest(puzzle: &dyn Puzzle, input: &str) -> usize {
        puzzle
            .inspect(Input::bytes(input.as_bytes()))
            .unwrap()
            .largest
    }

    #[test]
    fn output_is_shown_escaped_and_cut() {
        assert_eq!(shown(b"", 0), "");
        assert_eq!(shown(b"6\n", 2), "6\n");
        assert_eq!(
            shown(b"a\\b\0\t\r\x07\x7f", 8),
            "a\\\\b\\0\\t\\r\\x07\\x7f\n"
        );
        // A C1 control character, a printable one, invalid UTF-8.
        assert_eq!(
            shown("\u{85}\u{e9}\u{2603}".as_bytes(), 7),
            "\\u{85}\u{e9}\u{2603}\n"
        );
        assert_eq!(shown(b"\xff\xc3(", 3), "\\xff\\xc3(\n");
        // Cut at the head, through a character; the rest counted.
        let long = "\u{e9}".repeat(SHOWN_OUTPUT);
        let text = shown(long.as_bytes(), long.len() as u64 + 10);
        assert!(text.starts_with("\u{e9}\u{e9}"), "{text}");
        assert!(
            text.ends_with(&format!(
                "\n[... {} bytes more]\n",
                long.len() + 10 - SHOWN_OUTPUT
            )),
            "{text}"
        );
        assert_eq!(text.lines().count(), 2);
    }

    #[test]
    fn inputs_are_valid_grow_over_the_run_and_repeat_with_the_seed() {
        const N: u64 = 60;
        for &puzzle in PUZZLES {
            let name = puzzle.about().name;
            let generator = puzzle.generator().expect("every puzzle generates");
            let families: Vec<&str> = generator.families().into_iter().map(|(f, _)| f).collect();
            let mut rng = SplitMix64::new(5);
            let mut sizes = Vec::new();
            let mut texts = Vec::new();
            for i in 0..N {
                let family = families[i as usize % families.len()];
                let (made, input) = generate(puzzle, generator, family, &mut rng, i, N).unwrap();
                let report = puzzle.validate(Input::bytes(input.as_bytes()), 3).unwrap();
                let command = made.command(puzzle, &generator, &input);
                assert_eq!(report.total, 0, "{name}: {command}\n{input}");
                sizes.push(largest(puzzle, &input));
                texts.push(input);
            }
            let third = N as usize / 3;
            let early: usize = sizes[..third].iter().sum();
            let late: usize = sizes[N as usize - third..].iter().sum();
            // A format of one board size (no `--rows`: the judges' 8-puzzle) cannot grow.
            let one_size = !generator
                .gen_options()
                .iter()
                .any(|s| s.kind == OptionKind::Size);
            if one_size {
                assert!(sizes.iter().all(|&s| s == sizes[0]), "{name}: {sizes:?}");
            } else {
                assert!(early < late, "{name}: {sizes:?}");
            }
            let mut again = SplitMix64::new(5);
            let (_, first) = generate(puzzle, generator, families[0], &mut again, 0, N).unwrap();
            assert_eq!(first, texts[0], "{name}");
        }
    }

    /// The command a failure is reported with writes the same input, and names no
    /// option the input does not depend on (issue 41: `--family any ... --steps 2`).
    #[test]
    fn the_reported_command_names_only_the_options_that_make_the_input() {
        const N: u64 = 24;
        let mut dropped = 0;
        for &puzzle in PUZZLES {
            let name = puzzle.about().name;
            let generator = puzzle.generator().expect("every puzzle generates");
            let families: Vec<&str> = generator.families().into_iter().map(|(f, _)| f).collect();
            let mut rng = SplitMix64::new(9);
            for i in 0..N {
                let family = families[i as usize % families.len()];
                let (made, input) = generate(puzzle, generator, family, &mut rng, i, N).unwrap();
                let needed = made.needed(&generator, &input);
                let mut again = Vec::new();
                generator.generate(&needed, &mut again).unwrap();
                assert_eq!(
                    String::from_utf8(again).unwrap(),
                    input,
                    "{name}: {needed:?}"
                );
                for option in needed.names().filter(|n| !["family", "seed"].contains(n)) {
                    let without = needed
                        .names()
                        .filter(|n| n != &option)
                        .fold(Options::new(), |o, n| o.with(n, needed.raw(n).unwrap()));
                    let mut other = Vec::new();
                    let made_other = generator.generate(&without, &mut other).is_ok();
                    assert!(
                        !made_other || other != input.as_bytes(),
                        "{name}: --{option} changes nothing in {needed:?}"
                    );
                }
                dropped += made.options.names().count() - needed.names().count();
                let command = made.command(puzzle, &generator, &input);
                assert!(
                    command.contains(&format!("--family {family} ")),
                    "{command}"
                );
            }
        }
        assert!(dropped > 0, "some drawn option is never needed");
    }
}
