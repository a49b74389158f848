//! `gridsolve check`: is an output a right judge output for an input? The expected
//! answers come from the puzzle's own solver, case by case as the input is read; the
//! output is read a line at a time beside them, so neither is held whole. With
//! `--path`, every path line is replayed by the puzzle's `replay` (which shares no code
//! with the solver) and must be optimal: any optimal path is right, not only ours.
//!
//! With `--kattis` it is a Kattis/CLICS output validator: `check --kattis INPUT ANSWER
//! FEEDBACK_DIR [FLAGS] < team_output`, exit 42 accepted or 43 wrong answer, the
//! reason in `FEEDBACK_DIR/judgemessage.txt`; any other status is a judge error.

use crate::options::{PuzzleArg, SolveOptions, check_options, puzzle_parser};
use crate::solve::failure;
use crate::source::Source;
use crate::{Failure, write_stdout};
use puzzles::{Input, Limits, PathsFor, Puzzle, Solved};
use std::ffi::OsString;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

/// `gridsolve check`: check an output against an input.
#[derive(Debug, clap::Args)]
pub(crate) struct CheckArgs {
    /// The puzzle whose judge format INPUT is in.
    #[arg(short, long, value_parser = puzzle_parser())]
    puzzle: PuzzleArg,

    /// OUTPUT is what `gridsolve --path` prints: per case its answer line(s), then a line
    /// with a path (`-` when there is none). Each path is replayed by the rules and must
    /// take exactly the optimal number of moves.
    #[arg(long)]
    path: bool,

    /// Run as a Kattis/CLICS output validator: the arguments are INPUT ANSWER
    /// FEEDBACK_DIR [FLAGS...], the output to check is read from stdin, the exit status
    /// is 42 (accepted) or 43 (wrong answer) and the reason goes to
    /// FEEDBACK_DIR/judgemessage.txt. FLAGS as the default validator reads them:
    /// `case_sensitive` (otherwise answer lines are compared ignoring case; paths
    /// always keep theirs), `space_change_sensitive` (lines must match byte for byte);
    /// `float_tolerance E` and its relative and absolute kinds are accepted and
    /// ignored (every answer is an integer), other flags ignored.
    #[arg(long)]
    kattis: bool,

    /// The judge input; `-` reads stdin.
    #[arg(value_name = "INPUT")]
    input: PathBuf,

    /// The output to check (`-` reads stdin); with --kattis, the answer file.
    #[arg(value_name = "OUTPUT")]
    output: PathBuf,

    /// With --kattis: FEEDBACK_DIR, then the validator flags.
    #[arg(value_name = "FEEDBACK_DIR [FLAGS]")]
    rest: Vec<OsString>,

    #[command(flatten)]
    options: SolveOptions,
}

/// The Kattis/CLICS output validator's exit statuses.
pub(crate) mod kattis {
    pub const ACCEPTED: u8 = 42;
    pub const WRONG_ANSWER: u8 = 43;
}

/// What a run found: the output is right, or the first wrong line.
pub(crate) enum Verdict {
    /// Right; the summary says how much was checked.
    Right(String),
    /// Wrong: `OUTPUT:LINE: ...`.
    Wrong(String),
    /// Not even answers: a line that is no answer the puzzle could give, missing
    /// lines or lines past the last answer (`OUTPUT:LINE: ...`).
    Unreadable(String),
}

/// How lines are compared.
#[derive(Clone, Copy, Debug)]
struct Compare {
    /// Answer lines must match in case (paths always must).
    case_sensitive: bool,
    /// Lines must match byte for byte (no trailing spaces, `\r` or blank lines, and
    /// the final newline present), not token for token.
    space_change_sensitive: bool,
}

impl Compare {
    /// `gridsolve check`: tokens per line, case kept.
    const JUDGE: Compare = Compare {
        case_sensitive: true,
        space_change_sensitive: false,
    };
}

/// Runs `gridsolve check`; `Ok` carries the exit status of a verdict.
pub(crate) fn run(args: &CheckArgs) -> Result<u8, Failure> {
    let puzzle = args.puzzle.0;
    check_options(puzzle, &args.options.0, SolveOptions::SPECS).map_err(Failure::Usage)?;
    if args.kattis {
        return run_kattis(args);
    }
    if let Some(extra) = args.rest.first() {
        return Err(Failure::Usage(format!(
            "unexpected argument {extra:?}: check takes INPUT OUTPUT (FEEDBACK_DIR and flags go with --kattis)"
        )));
    }
    let input = Source::all(std::slice::from_ref(&args.input)).remove(0);
    let output = Source::all(std::slice::from_ref(&args.output)).remove(0);
    if matches!((&input, &output), (Source::Stdin, Source::Stdin)) {
        return Err(Failure::Usage(
            "INPUT and OUTPUT cannot both be stdin".to_string(),
        ));
    }
    let verdict = check(args, &input, &output, Compare::JUDGE)?;
    match verdict {
        Verdict::Right(summary) => {
            write_stdout(&format!("{summary}\n"))?;
            Ok(0)
        }
        Verdict::Wrong(message) | Verdict::Unreadable(message) => {
            write_stdout(&format!("{message}\n"))?;
            Ok(crate::status::INVALID_INPUT)
        }
    }
}

/// `--kattis`: INPUT ANSWER FEEDBACK_DIR `[FLAGS]`, the team output on stdin. Nothing is
/// written to stdout (an interactive problem's validator talks to the team there).
fn run_kattis(args: &CheckArgs) -> Result<u8, Failure> {
    let Some((feedback, flags)) = args.rest.split_first() else {
        return Err(Failure::Usage(
            "--kattis takes INPUT ANSWER FEEDBACK_DIR [FLAGS], the team output on stdin"
                .to_string(),
        ));
    };
    let compare = kattis_flags(flags)?;
    let feedback = Path::new(feedback);
    if !feedback.is_dir() {
        return Err(Failure::Io(format!(
            "cannot write the feedback: {} is not a directory",
            feedback.display()
        )));
    }
    // The answer file is not needed (the solver gives the answers), but a judge that
    // names one that cannot be read has a broken setup: say so.
    std::fs::File::open(&args.output)
        .map_err(|e| Failure::io(format_args!("read {}", args.output.display()), &e))?;
    let input = Source::File(args.input.clone());
    let verdict = check(args, &input, &Source::Stdin, compare);
    let message = match &verdict {
        Ok(Verdict::Right(text) | Verdict::Wrong(text) | Verdict::Unreadable(text)) => text.clone(),
        Err(Failure::Input(text) | Failure::Usage(text) | Failure::Io(text)) => {
            format!("judge error: {text}")
        }
    };
    let file = feedback.join("judgemessage.txt");
    std::fs::write(&file, format!("{message}\n"))
        .map_err(|e| Failure::io(format_args!("write {}", file.display()), &e))?;
    match verdict? {
        Verdict::Right(_) => Ok(kattis::ACCEPTED),
        Verdict::Wrong(_) | Verdict::Unreadable(_) => Ok(kattis::WRONG_ANSWER),
    }
}

/// The default output validator's flags, as far as they mean anything here.
fn kattis_flags(flags: &[OsString]) -> Result<Compare, Failure> {
    let mut compare = Compare {
        case_sensitive: false,
        space_change_sensitive: false,
    };
    let mut flags = flags.iter();
    while let Some(flag) = flags.next() {
        match flag.to_str() {
            Some("case_sensitive") => compare.case_sensitive = true,
            Some("space_change_sensitive") => compare.space_change_sensitive = true,
            // The guard takes the value; a flag without one is bad usage.
            Some(
                name
                @ ("float_tolerance" | "float_relative_tolerance" | "float_absolute_tolerance"),
            ) if flags.next().is_none() => {
                return Err(Failure::Usage(format!("{name} takes a value")));
            }
            _ => {}
        }
    }
    Ok(compare)
}

/// Checks `output` against the answers to `input`.
fn check(
    args: &CheckArgs,
    input: &Source,
    output: &Source,
    compare: Compare,
) -> Result<Verdict, Failure> {
    // Read the input once first, so an invalid input is an error, not a verdict.
    let kept = match input {
        Source::Stdin => Some(input.read_all()?),
        Source::File(_) => None,
    };
    let open = || {
        kept.as_ref()
            .map_or_else(|| input.open(), |b| Ok(Input::bytes(b)))
    };
    let checker = Checker {
        puzzle: args.puzzle.0,
        compare,
        with_path: args.path,
        name: output.name(),
        lines: Lines::new(output.reader()?),
        cases: 0,
        paths: 0,
    };
    checker.run(&open, &input.name(), &args.options.0)
}

/// Checks a judge output in memory against the answers to an input in memory, as
/// `gridsolve check` does without `--path` (`gridsolve stress` asks this of every run).
///
/// # Errors
/// An invalid input, bad solve options, or a case the solver cannot answer.
pub(crate) fn check_bytes(
    puzzle: &'static dyn Puzzle,
    options: &puzzles::Options,
    input: &[u8],
    output: &[u8],
) -> Result<Verdict, Failure> {
    let checker = Checker {
        puzzle,
        compare: Compare::JUDGE,
        with_path: false,
        name: "<output>".to_string(),
        lines: Lines::new(Box::new(io::Cursor::new(output.to_vec()))),
        cases: 0,
        paths: 0,
    };
    checker.run(&|| Ok(Input::bytes(input)), "<input>", options)
}

impl Checker {
    /// Checks the output against every case of the input `open` reads (named `name`),
    /// solved under `options`.
    fn run<'i>(
        mut self,
        open: &dyn Fn() -> Result<Input<'i>, Failure>,
        name: &str,
        options: &puzzles::Options,
    ) -> Result<Verdict, Failure> {
        let puzzle = self.puzzle;
        puzzle.inspect(open()?).map_err(|e| failure(e, name))?;
        let solutions = puzzle
            .solutions(open()?, options, Limits::NONE, PathsFor::NONE)
            .map_err(|e| Failure::Usage(e.to_string()))?;
        for solved in solutions {
            let solved = solved.map_err(|e| failure(e, name))?;
            if let Some(wrong) = self.case(&*solved)? {
                return Ok(wrong);
            }
        }
        self.end()
    }
}

/// The output being checked, against one case after another.
struct Checker {
    puzzle: &'static dyn Puzzle,
    compare: Compare,
    with_path: bool,
    /// The output's name in messages.
    name: String,
    lines: Lines,
    /// Cases checked.
    cases: usize,
    /// Paths replayed.
    paths: usize,
}

impl Checker {
    /// A failed read of the output.
    fn read_error(&self, e: &io::Error) -> Failure {
        Failure::io(format_args!("read {}", self.name), e)
    }

    /// `OUTPUT:LINE: unit N: what`.
    fn wrong(&self, line: usize, number: usize, what: &str) -> String {
        let unit = self.puzzle.about().unit;
        format!("{}:{line}: {unit} {number}: {what}", self.name)
    }

    /// Checks the lines of one case; the verdict on the first wrong one.
    fn case(&mut self, solved: &dyn Solved) -> Result<Option<Verdict>, Failure> {
        self.cases += 1;
        let number = solved.number();
        let mut expected = String::new();
        solved.write_answer(&mut expected);
        for (i, want) in expected.lines().enumerate() {
            let Some(line) = self.lines.next().map_err(|e| self.read_error(&e))? else {
                let at = self.lines.number + 1;
                return Ok(Some(Verdict::Unreadable(self.wrong(
                    at,
                    number,
                    &format!("expected {}, found end of output", quoted(want)),
                ))));
            };
            if !self.compare.matches(want, &line) {
                let what = self.wrong(
                    line.number,
                    number,
                    &format!("expected {}, found {}", quoted(want), line.shown()),
                );
                return Ok(Some(if self.answer_shaped(number, i, &line) {
                    Verdict::Wrong(what)
                } else {
                    Verdict::Unreadable(what)
                }));
            }
        }
        if !self.with_path {
            return Ok(None);
        }
        let Some(line) = self.lines.next().map_err(|e| self.read_error(&e))? else {
            let at = self.lines.number + 1;
            let want = match solved.moves() {
                Some(moves) => format!("a path of {moves} moves"),
                None => "\"-\" (no solution)".to_string(),
            };
            return Ok(Some(Verdict::Unreadable(self.wrong(
                at,
                number,
                &format!("expected {want}, found end of output"),
            ))));
        };
        Ok(self
            .path(solved, &line)
            .map(|what| Verdict::Wrong(self.wrong(line.number, number, &what))))
    }

    /// Whether `line` is line `i` of some answer the puzzle could give case `number`:
    /// its "no solution" line, or its line for a number of moves the line holds.
    fn answer_shaped(&self, number: usize, i: usize, line: &Line) -> bool {
        let answers = line
            .tokens()
            .iter()
            .filter_map(|t| t.parse::<u64>().ok())
            .map(Some)
            .chain([None])
            .collect::<Vec<_>>();
        answers.into_iter().any(|moves| {
            let mut text = String::new();
            self.puzzle.write_answer(&mut text, number, moves);
            text.lines()
                .nth(i)
                .is_some_and(|want| self.compare.matches(want, line))
        })
    }

    /// What is wrong with `line` as the path of `solved`, if anything.
    fn path(&mut self, solved: &dyn Solved, line: &Line) -> Option<String> {
        if line.cut {
            return Some(format!(
                "a path line longer than {MAX_LINE} bytes, not checked"
            ));
        }
        if self.compare.space_change_sensitive
            && let Some(what) = line.spacing()
        {
            return Some(what);
        }
        let text = line.tokens().join(" ");
        match (solved.moves(), text.as_str()) {
            (None, "-") => None,
            (None, _) => Some(format!(
                "expected \"-\" (no solution), found {}",
                line.shown()
            )),
            (Some(moves), "-") => Some(format!("expected a path of {moves} moves, found \"-\"")),
            (Some(moves), _) => {
                self.paths += 1;
                match solved.replay(&text) {
                    Ok(taken) if taken == moves => None,
                    Ok(taken) => Some(format!(
                        "expected a path of {moves} moves, found one of {taken}: {}",
                        line.shown()
                    )),
                    Err(e) => Some(format!("the path does not solve it: {e}: {}", line.shown())),
                }
            }
        }
    }

    /// After the last case: the rest of the output must be empty (or blank lines, unless
    /// space changes count).
    fn end(mut self) -> Result<Verdict, Failure> {
        while let Some(line) = self.lines.next().map_err(|e| self.read_error(&e))? {
            if self.compare.space_change_sensitive || !line.is_blank() {
                return Ok(Verdict::Unreadable(format!(
                    "{}:{}: expected end of output, found {}",
                    self.name,
                    line.number,
                    line.shown()
                )));
            }
        }
        let unit = self.puzzle.about().unit;
        let mut summary = format!("{}: right ({})", self.name, count(self.cases, unit));
        if self.with_path {
            summary.push_str(&format!(", {} replayed", count(self.paths, "path")));
        }
        Ok(Verdict::Right(summary))
    }
}

impl Compare {
    /// Whether `line` is right where `want` is expected (an answer line).
    fn matches(self, want: &str, line: &Line) -> bool {
        if line.cut {
            return false;
        }
        if self.space_change_sensitive {
            return line.ended && line.text == want.as_bytes();
        }
        let found = line.tokens();
        let want: Vec<&str> = want.split_ascii_whitespace().collect();
        found.len() == want.len()
            && found.iter().zip(&want).all(|(f, w)| {
                if self.case_sensitive {
                    f == w
                } else {
                    f.eq_ignore_ascii_case(w)
                }
            })
    }
}

/// `3 queries`, `1 case`, `2 paths`.
fn count(n: usize, unit: &str) -> String {
    match (n, unit.strip_suffix('y')) {
        (1, _) => format!("1 {unit}"),
        (_, Some(stem)) => format!("{n} {stem}ies"),
        (_, None) => format!("{n} {unit}s"),
    }
}

/// A text in double quotes, escaped, and cut short when long.
fn quoted(text: &str) -> String {
    const SHOWN: usize = 60;
    match text.char_indices().nth(SHOWN) {
        Some((at, _)) => format!("{:?}...", &text[..at]),
        None => format!("{text:?}"),
    }
}

/// The longest line kept; past it only whether a line holds more than whitespace is
/// known (a path longer than this is not checked).
const MAX_LINE: usize = 64 << 20;

/// One line of the output.
struct Line {
    /// From 1.
    number: usize,
    /// Its bytes without the `\n`, the first [`MAX_LINE`] of them.
    text: Vec<u8>,
    /// It ended with `\n` (the last line may not).
    ended: bool,
    /// There is more than whitespace past [`MAX_LINE`] bytes.
    cut: bool,
}

/// Whitespace as C's `isspace` (and so the judges) see it.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

impl Line {
    /// Its tokens (invalid UTF-8 shown with replacement characters).
    fn tokens(&self) -> Vec<String> {
        self.text
            .split(|&b| is_space(b))
            .filter(|t| !t.is_empty())
            .map(|t| String::from_utf8_lossy(t).into_owned())
            .collect()
    }

    fn is_blank(&self) -> bool {
        !self.cut && self.text.iter().all(|&b| is_space(b))
    }

    /// The line as a message shows it: its tokens, quoted.
    fn shown(&self) -> String {
        let shown = quoted(&self.tokens().join(" "));
        if self.cut {
            format!("{shown} (cut)")
        } else {
            shown
        }
    }

    /// Under `space_change_sensitive`: what is wrong with the line's spacing.
    fn spacing(&self) -> Option<String> {
        let joined = self.tokens().join(" ");
        if self.text != joined.as_bytes() {
            return Some(format!(
                "spacing differs from single spaces: {:?}",
                String::from_utf8_lossy(&self.text)
            ));
        }
        (!self.ended).then(|| "no newline at the end of the output".to_string())
    }
}

/// The output's lines, one at a time.
struct Lines {
    reader: Box<dyn BufRead>,
    /// Lines read so far.
    number: usize,
    done: bool,
}

impl Lines {
    fn new(reader: Box<dyn io::Read>) -> Lines {
        Lines {
            reader: Box::new(BufReader::new(reader)),
            number: 0,
            done: false,
        }
    }

    /// The next line; `None` at the end of the output.
    fn next(&mut self) -> io::Result<Option<Line>> {
        if self.done {
            return Ok(None);
        }
        let mut text = Vec::new();
        let mut cut = false;
        let mut any = false;
        let ended = loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                self.done = true;
                if !any {
                    return Ok(None);
                }
                break false;
            }
            any = true;
            let end = buf.iter().position(|&b| b == b'\n');
            let chunk = &buf[..end.unwrap_or(buf.len())];
            let room = MAX_LINE - text.len();
            text.extend_from_slice(&chunk[..chunk.len().min(room)]);
            if chunk.len() > room && !chunk[room..].iter().all(|&b| is_space(b)) {
                cut = true;
            }
            let used = end.map_or(buf.len(), |at| at + 1);
            self.reader.consume(used);
            if end.is_some() {
                break true;
            }
        };
        self.number += 1;
        Ok(Some(Line {
            number: self.number,
            text,
            ended,
            cut,
        }))
    }
}
