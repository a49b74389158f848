//! `gridsolve stress`: run a program on generated inputs until its output is wrong,
//! then shrink the input that broke it.
//!
//! Inputs come from the puzzle's own generator families, with the options its gen
//! `OptionSpec`s declare drawn afresh for every case from one seeded generator, sizes
//! growing from tiny to the judge's default over the run. Each output is checked as
//! `gridsolve check` checks one. The first failure (a wrong answer, an output that is no
//! answer, a crash, the time limit) is shrunk through the puzzle contract
//! (`Puzzle::shrink`): the smallest input on which the program still fails the same
//! way is written to `--out` and shown with both outputs.
//!
//! The program runs in a process group of its own, which is killed at the time limit,
//! after every run (so nothing it started outlives it) and on Ctrl-C.

use crate::check::{self, Verdict};
use crate::options::{PuzzleArg, SolveOptions, check_options, puzzle_parser};
use crate::{Failure, write_stdout};
use indicatif::{ProgressBar, ProgressStyle};
use puzzles::{Limits, Options, Puzzle, SplitMix64, Tried};
use std::ffi::OsString;
use std::fmt::{self, Write as _};
use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::{Duration, Instant};

/// `gridsolve stress`: test a program against gridsolve on generated inputs.
#[derive(Debug, clap::Args)]
pub(crate) struct StressArgs {
    /// The puzzle whose judge inputs CMD reads.
    #[arg(short, long, value_parser = puzzle_parser())]
    puzzle: PuzzleArg,

    /// Only this generator family (by default the puzzle's families in turn).
    #[arg(long)]
    family: Option<String>,

    /// The seed of the whole run: the same seed gives the same inputs.
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// How many inputs to try.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    cases: u64,

    /// The time CMD may take on one input, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 2000)]
    time_limit: u64,

    /// Where to write the smallest failing input.
    #[arg(long, value_name = "FILE", default_value = "stress-fail.in")]
    out: PathBuf,

    /// The most runs of CMD spent on shrinking a failing input.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    shrink_runs: u64,

    #[command(flatten)]
    options: SolveOptions,

    /// The program under test and its arguments, after `--`: it reads a judge input on
    /// stdin and writes the judge output on stdout.
    #[arg(last = true, required = true, value_name = "CMD")]
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
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::WrongAnswer => "wrong answer",
            Kind::Unreadable => "output that does not parse",
            Kind::Crash => "crash",
            Kind::TimeLimit => "time limit",
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
    let families: Vec<&str> = puzzle.families().into_iter().map(|(f, _)| f).collect();
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
    kill_on_interrupt();
    let tester = Tester {
        puzzle,
        options: &args.options.0,
        command: &args.command,
        limit: Duration::from_millis(args.time_limit),
    };
    let bar = progress_bar(args.cases);
    let mut rng = SplitMix64::new(args.seed);
    let mut found = None;
    for i in 0..args.cases {
        let family = families[usize::try_from(i).unwrap_or(0) % families.len()];
        let (made, input) = generate(puzzle, family, &mut rng, i, args.cases)?;
        bar.set_message(made.size.clone());
        let run = tester.run(&input).map_err(|e| {
            Failure::Usage(format!("cannot run {}: {e}", shown_command(&args.command)))
        })?;
        if let Some(failed) = tester.verdict(&input, &run)? {
            found = Some((i + 1, made, input, failed));
            break;
        }
        bar.inc(1);
    }
    let Some((number, made, input, failed)) = found else {
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
    let shrunk = puzzle
        .shrink(input.as_bytes(), &args.options.0, &mut |text| {
            if runs >= args.shrink_runs {
                return Tried::Enough;
            }
            runs += 1;
            bar.set_message(format!("{}: shrinking, {runs} runs", failed.kind));
            let Ok(run) = tester.run(text) else {
                return Tried::Passes;
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
    let seconds = started.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let (run, failed) = match smallest {
        Some(last) => last,
        None => {
            // Nothing smaller fails: show the input as it was found.
            let run = tester.run(&input).map_err(|e| Failure::io("run CMD", &e))?;
            (run, failed)
        }
    };
    std::fs::write(&args.out, &shrunk)
        .map_err(|e| Failure::io(format_args!("write {}", args.out.display()), &e))?;
    let expected = puzzle
        .judge(shrunk.as_str().into(), &args.options.0, Limits::NONE)
        .map_err(|e| Failure::Input(e.describe("<input>")))?;
    let mut text = format!(
        "stress: {} on case {number} of {} ({})\n  {}\n",
        failed.kind,
        args.cases,
        made.command(puzzle),
        failed.what
    );
    let _ = writeln!(
        text,
        "shrunk in {runs} runs of CMD ({seconds:.1} s): {} bytes -> {} bytes, written to {}",
        input.len(),
        shrunk.len(),
        args.out.display()
    );
    let _ = write!(
        text,
        "--- input\n{shrunk}--- expected (gridsolve)\n{expected}--- actual ({})\n{}",
        run.status,
        String::from_utf8_lossy(&run.stdout)
    );
    if !run.stdout.is_empty() && !run.stdout.ends_with(b"\n") {
        text.push('\n');
    }
    if !run.stderr.is_empty() {
        let stderr = String::from_utf8_lossy(&run.stderr);
        let _ = write!(text, "--- its stderr\n{stderr}");
        if !stderr.ends_with('\n') {
            text.push('\n');
        }
    }
    write_stdout(&text)?;
    Ok(crate::status::INVALID_INPUT)
}

/// The bar on a terminal (stderr), nothing otherwise.
fn progress_bar(cases: u64) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(cases);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} cases, {elapsed} {wide_msg}")
    {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// The options one generated input was made with.
struct Generated {
    options: Options,
    /// Its size in words, for the bar.
    size: String,
}

impl Generated {
    /// The `gridsolve gen` command that writes the same input.
    fn command(&self, puzzle: &dyn Puzzle) -> String {
        let mut text = format!("gridsolve gen --puzzle {}", puzzle.about().name);
        for name in self.options.names() {
            let _ = write!(text, " --{name} {}", self.options.raw(name).unwrap_or(""));
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
            for spec in puzzle.gen_options() {
                // A number whose default is another's (`--cols`: as --rows) is drawn
                // like that one, independently.
                let default = match spec.default.parse::<u64>() {
                    Ok(default) => default,
                    Err(_) if spec.value_name == "N" && last.is_some() => last.unwrap_or(0),
                    Err(_) => continue,
                };
                let value = if spec.value_name == "PERCENT" {
                    rng.range(0, (2 * default + 10).min(100))
                } else if spec.name == "cases" {
                    rng.range(1, 5)
                } else {
                    last = Some(default);
                    // Each draw again starts a little larger.
                    let lo = default.min(2 + draw as u64);
                    let hi = ((default as f64 * growth).round() as u64).clamp(lo, default);
                    rng.range((hi / 2).max(lo), hi)
                };
                options.set(spec.name, value);
            }
        }
        let mut input = Vec::new();
        if puzzle.generate(&options, &mut input).is_err() {
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
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// How a run ended.
#[derive(Debug)]
enum Status {
    Exited(ExitStatus),
    TimedOut(Duration),
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Exited(status) => write!(f, "{status}"),
            Status::TimedOut(limit) => write!(f, "killed at the time limit, {limit:?}"),
        }
    }
}

/// Runs CMD and judges its output.
struct Tester<'a> {
    puzzle: &'static dyn Puzzle,
    options: &'a Options,
    command: &'a [OsString],
    limit: Duration,
}

/// The most output of a run that is kept (the rest is read and dropped).
const KEPT_OUTPUT: u64 = 64 << 20;

impl Tester<'_> {
    /// Runs CMD with `input` on stdin, until it ends or the time limit.
    ///
    /// # Errors
    /// When CMD cannot be started.
    fn run(&self, input: &str) -> io::Result<Run> {
        let mut command = Command::new(&self.command[0]);
        command
            .args(&self.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let child = command.spawn()?;
        let mut group = Group::new(child);
        let id = group.child.id();
        let child = &mut group.child;
        let mut stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        let started = Instant::now();
        let (status, stdout, stderr) = std::thread::scope(|scope| {
            scope.spawn(move || {
                if let Some(stdin) = stdin.as_mut() {
                    // A program that stops reading early is not an error here.
                    let _ = stdin.write_all(input.as_bytes());
                }
                drop(stdin);
            });
            let out = scope.spawn(move || drain(stdout));
            let err = scope.spawn(move || drain(stderr));
            let status = wait(child, started, self.limit);
            // Whatever it started dies with it, so the pipes close.
            kill_group(id);
            (
                status,
                out.join().unwrap_or_default(),
                err.join().unwrap_or_default(),
            )
        });
        Ok(Run {
            status: status?,
            stdout,
            stderr,
        })
    }

    /// How `run` failed on `input`, if it did.
    ///
    /// # Errors
    /// When gridsolve cannot answer the input itself.
    fn verdict(&self, input: &str, run: &Run) -> Result<Option<Failed>, Failure> {
        let status = match run.status {
            Status::TimedOut(limit) => {
                return Ok(Some(Failed {
                    kind: Kind::TimeLimit,
                    what: format!("still running after {} ms", limit.as_millis()),
                }));
            }
            Status::Exited(status) => status,
        };
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

/// Reads a pipe to its end, keeping the first [`KEPT_OUTPUT`] bytes.
fn drain(pipe: Option<impl Read>) -> Vec<u8> {
    let mut kept = Vec::new();
    if let Some(mut pipe) = pipe {
        let _ = (&mut pipe).take(KEPT_OUTPUT).read_to_end(&mut kept);
        let _ = io::copy(&mut pipe, &mut io::sink());
    }
    kept
}

/// Waits for `child` until `limit` has passed since `started`; then kills it.
fn wait(child: &mut Child, started: Instant, limit: Duration) -> io::Result<Status> {
    let mut pause = Duration::from_micros(200);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Status::Exited(status));
        }
        let elapsed = started.elapsed();
        if elapsed >= limit {
            kill_group(child.id());
            let _ = child.kill();
            child.wait()?;
            return Ok(Status::TimedOut(limit));
        }
        std::thread::sleep(pause.min(limit - elapsed));
        pause = (pause * 2).min(Duration::from_millis(5));
    }
}

/// The process group of the running CMD, for the Ctrl-C handler (0: none).
static RUNNING: AtomicI32 = AtomicI32::new(0);

/// A child in a process group of its own, killed (with all it started) when dropped.
struct Group {
    child: Child,
}

impl Group {
    fn new(child: Child) -> Group {
        RUNNING.store(i32::try_from(child.id()).unwrap_or(0), Ordering::SeqCst);
        Group { child }
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
        RUNNING.store(0, Ordering::SeqCst);
    }
}

/// Sends SIGKILL to the process group `id` (a child made its leader).
#[cfg(unix)]
fn kill_group(id: u32) {
    use nix::sys::signal::{Signal, killpg};
    use nix::unistd::Pid;
    if let Ok(id) = i32::try_from(id) {
        let _ = killpg(Pid::from_raw(id), Signal::SIGKILL);
    }
}

/// Without process groups only the child itself is killed (by [`Child::kill`]).
#[cfg(not(unix))]
fn kill_group(_id: u32) {}

/// On Ctrl-C: kill the running CMD's group (which the terminal's signal does not
/// reach, being another group), then exit 130 as the shell would.
fn kill_on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        let group = RUNNING.load(Ordering::SeqCst);
        if let Ok(group) = u32::try_from(group)
            && group > 0
        {
            kill_group(group);
        }
        let _ = writeln!(io::stderr(), "stress: interrupted");
        std::process::exit(130);
    });
}

/// CMD as the user typed it, for messages.
fn shown_command(command: &[OsString]) -> String {
    command
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `1 case`, `200 cases`.
fn count(n: u64, unit: &str) -> String {
    if n == 1 {
        format!("1 {unit}")
    } else {
        format!("{n} {unit}s")
    }
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
    fn inputs_are_valid_grow_over_the_run_and_repeat_with_the_seed() {
        const N: u64 = 60;
        for &puzzle in PUZZLES {
            let name = puzzle.about().name;
            let families: Vec<&str> = puzzle.families().into_iter().map(|(f, _)| f).collect();
            let mut rng = SplitMix64::new(5);
            let mut sizes = Vec::new();
            let mut texts = Vec::new();
            for i in 0..N {
                let family = families[i as usize % families.len()];
                let (made, input) = generate(puzzle, family, &mut rng, i, N).unwrap();
                let report = puzzle.validate(Input::bytes(input.as_bytes()), 3).unwrap();
                assert_eq!(report.total, 0, "{name}: {}\n{input}", made.command(puzzle));
                sizes.push(largest(puzzle, &input));
                texts.push(input);
            }
            let third = N as usize / 3;
            let early: usize = sizes[..third].iter().sum();
            let late: usize = sizes[N as usize - third..].iter().sum();
            assert!(early < late, "{name}: {sizes:?}");
            let mut again = SplitMix64::new(5);
            let (_, first) = generate(puzzle, families[0], &mut again, 0, N).unwrap();
            assert_eq!(first, texts[0], "{name}");
        }
    }
}
