//! `gridsolve check`: is an output a right judge output for an input? The expected
//! answers come from the puzzle's own solver, case by case as the input is read; the
//! output is read beside them, so neither is held whole. With `--path`, every path line
//! is replayed by the puzzle's `replay` (which shares no code with the solver) and must
//! be optimal: any optimal path is right, not only ours. Where the answer line is the
//! path itself, `--path` adds no line: the answer line is held to the fewest moves.
//!
//! # The one definition of right
//!
//! Every verdict on an output comes from here: `check`, `check --kattis`, `stress`
//! ([`check_bytes`]), and the package's output validator is written to say the same
//! (the default validator of BAPCtools and problemtools where the answer is a number;
//! the puzzle's own special judge, such as eight's `output.py`, where it is a path;
//! `crates/cli/tests/it/judges.rs` holds them to it). White space is C's `isspace`
//! (space, tab, LF, CR, VT, FF).
//!
//! - **Number answers** are tokens: the output's tokens must be the judge's, one for one,
//!   and line breaks are white space like any other (so blank lines, CRLF, trailing
//!   spaces and a missing final newline are forgiven, and so is an answer split over
//!   lines or two on one). Case is ignored unless `case_sensitive` (plain `check` is
//!   case sensitive).
//! - **Path answers** (the answer line is the path itself, [`Solved::answer_line`]) are
//!   lines: line N is case N's answer, white space around it is forgiven and inside it
//!   is the notation's to read; lines after the last case must be blank, and a line the
//!   output does not have is an empty one (so the empty line of a last case that starts
//!   solved may be missing). Case always counts: a move's letter is the move. Any
//!   solution is right, of any length: the line is replayed as it is read.
//! - **`space_change_sensitive`**: the output must be the judge's byte for byte, but for
//!   the moves of a path answer; every line ends with a newline, none follows the last.
//!   The flags `float_*` are accepted and ignored (every answer is an integer).
//!
//! Reading stops as soon as the verdict is known: at the first wrong token or line, and
//! inside a token once it is longer than any answer could be, a path line once it is
//! longer than [`MAX_LINE`], and a path answer at its first wrong move. A line is kept
//! as its tokens joined by single spaces, tokenized once as it is read, so whitespace
//! costs no memory and time is linear in the output; a path answer is not kept at all
//! ([`Solved::answer_replay`]).
//!
//! With `--kattis` it is a Kattis/CLICS output validator: `check --kattis INPUT ANSWER
//! FEEDBACK_DIR [FLAGS] < team_output`, exit 42 accepted or 43 wrong answer, the
//! reason in `FEEDBACK_DIR/judgemessage.txt` (written afresh on every run, judge errors
//! included); any other status is a judge error.

use crate::options::{PuzzleArg, SolveOptions, check_options, puzzle_parser};
use crate::solve::failure;
use crate::source::Source;
use crate::words::count;
use crate::{Failure, write_stdout};
use clap::ValueHint;
use puzzles::output::{HEAD, Line, Lines};
use puzzles::{AnswerLine, Input, Limits, PathError, PathsFor, Puzzle, Solved};
use std::cell::RefCell;
use std::ffi::OsString;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// `gridsolve check`: check an output against an input.
#[derive(Debug, clap::Args)]
pub(crate) struct CheckArgs {
    /// The puzzle whose judge format INPUT is in.
    #[arg(short, long, value_parser = puzzle_parser())]
    puzzle: PuzzleArg,

    /// OUTPUT is what `gridsolve --path` prints: per case its answer line(s), then a line
    /// with a path (`-` when there is none), but for a puzzle whose answer line is the
    /// path (eight). Each path is replayed by the rules and must take exactly the
    /// optimal number of moves.
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
    #[arg(value_name = "INPUT", value_hint = ValueHint::FilePath)]
    input: PathBuf,

    /// The output to check (`-` reads stdin); with --kattis, the answer file.
    #[arg(value_name = "OUTPUT", value_hint = ValueHint::FilePath)]
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
    if args.kattis {
        return run_kattis(args);
    }
    let puzzle = args.puzzle.0;
    check_options(puzzle, &args.options.0, SolveOptions::SPECS).map_err(Failure::Usage)?;
    if let Some(extra) = args.rest.first() {
        return Err(Failure::Usage(format!(
            "unexpected argument {extra:?}: check takes INPUT OUTPUT (FEEDBACK_DIR and flags go with --kattis)"
        )));
    }
    let (input, output) = (source(&args.input), source(&args.output));
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

/// The source a path names: `-` is stdin.
fn source(path: &Path) -> Source {
    if path.as_os_str() == "-" {
        Source::Stdin
    } else {
        Source::File(path.to_path_buf())
    }
}

/// The judge message while a `--kattis` run has no verdict yet.
const STOPPED: &str =
    "judge error: gridsolve check stopped before its verdict (killed, or out of memory)";

/// `--kattis`: INPUT ANSWER FEEDBACK_DIR `[FLAGS]`, the team output on stdin. Nothing is
/// written to stdout (an interactive problem's validator talks to the team there).
/// Whatever happens once FEEDBACK_DIR is known, `judgemessage.txt` says it: the verdict,
/// or `judge error: ...`; an earlier run's message is replaced first, so none outlives
/// the run that replaced it.
fn run_kattis(args: &CheckArgs) -> Result<u8, Failure> {
    let Some((feedback, flags)) = args.rest.split_first() else {
        return Err(Failure::Usage(
            "--kattis takes INPUT ANSWER FEEDBACK_DIR [FLAGS], the team output on stdin"
                .to_string(),
        ));
    };
    let feedback = Path::new(feedback);
    if !feedback.is_dir() {
        return Err(Failure::Io(format!(
            "cannot write the feedback: {} is not a directory",
            feedback.display()
        )));
    }
    let file = feedback.join("judgemessage.txt");
    // Each message is written whole under a temporary name and renamed over the last
    // one: a run killed at any instant leaves the old message or the new, never an empty
    // or half-written file (the judge reads whatever is there).
    let write = |message: &str| {
        let failed = |e: &std::io::Error| Failure::io(format_args!("write {}", file.display()), e);
        let mut builder = tempfile::Builder::new();
        // Readable as a file written by `fs::write` would be (tempfile's default is 0600).
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
        let mut next = builder.tempfile_in(feedback).map_err(|e| failed(&e))?;
        writeln!(next, "{message}").map_err(|e| failed(&e))?;
        next.persist(&file).map_err(|e| failed(&e.error))?;
        Ok::<(), Failure>(())
    };
    // Until the verdict replaces it, the message says a run stopped before its verdict:
    // so does a run that is killed (by the judge's limits, say) or aborts.
    write(STOPPED)?;
    let verdict = kattis_verdict(args, flags);
    let message = match &verdict {
        Ok(Verdict::Right(text) | Verdict::Wrong(text) | Verdict::Unreadable(text)) => text.clone(),
        Err(Failure::Input(text) | Failure::Usage(text) | Failure::Io(text)) => {
            format!("judge error: {text}")
        }
    };
    write(&message)?;
    match verdict? {
        Verdict::Right(_) => Ok(kattis::ACCEPTED),
        Verdict::Wrong(_) | Verdict::Unreadable(_) => Ok(kattis::WRONG_ANSWER),
    }
}

/// The verdict of `--kattis` on the team output on stdin.
fn kattis_verdict(args: &CheckArgs, flags: &[OsString]) -> Result<Verdict, Failure> {
    check_options(args.puzzle.0, &args.options.0, SolveOptions::SPECS).map_err(Failure::Usage)?;
    let compare = kattis_flags(flags)?;
    // The answer file is not needed (the solver gives the answers), but a judge that
    // names one that cannot be read has a broken setup: say so.
    open_output(&Source::File(args.output.clone()))?;
    check(
        args,
        &Source::File(args.input.clone()),
        &Source::Stdin,
        compare,
    )
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

/// The bytes of `source`, a file that is no directory or stdin.
fn open_output(source: &Source) -> Result<Box<dyn Read>, Failure> {
    if let Source::File(path) = source {
        refuse_directory(path)?;
    }
    source.reader()
}

/// A directory is no file to read, though opening it succeeds.
fn refuse_directory(path: &Path) -> Result<(), Failure> {
    if path.is_dir() {
        return Err(Failure::Io(format!(
            "cannot read {}: it is a directory",
            path.display()
        )));
    }
    Ok(())
}

/// Checks `output` against the answers to `input`.
fn check(
    args: &CheckArgs,
    input: &Source,
    output: &Source,
    compare: Compare,
) -> Result<Verdict, Failure> {
    let reader = open_output(output)?;
    let twice = TwoPass::new(input)?;
    let checker = Checker {
        puzzle: args.puzzle.0,
        compare,
        with_path: args.path,
        name: output.name(),
        lines: Lines::new(Box::new(BufReader::with_capacity(READ_CHUNK, reader))),
        cases: 0,
        paths: 0,
    };
    checker.run(&twice, &input.name(), &args.options.0)
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
        lines: Lines::new(Box::new(output)),
        cases: 0,
        paths: 0,
    };
    checker.run(&TwoPass::Bytes(input), "<input>", options)
}

/// The input, read twice: once whole, so that an invalid input is an error and not a
/// verdict, then case by case beside the output.
enum TwoPass<'i> {
    /// A regular file, opened again.
    File(Source),
    /// Bytes in memory.
    Bytes(&'i [u8]),
    /// A stream (stdin, a pipe, a device): the first pass keeps the bytes it reads, and
    /// stops at the input's first bad token (so `/dev/zero` costs a chunk, not memory);
    /// the second reads them again, then whatever the first did not reach.
    Stream {
        reader: Shared,
        kept: Rc<RefCell<Vec<u8>>>,
    },
}

impl TwoPass<'static> {
    /// How `source` is read twice.
    fn new(source: &Source) -> Result<TwoPass<'static>, Failure> {
        if let Source::File(path) = source {
            let metadata = std::fs::metadata(path)
                .map_err(|e| Failure::io(format_args!("read {}", path.display()), &e))?;
            refuse_directory(path)?;
            if metadata.is_file() {
                return Ok(TwoPass::File(source.clone()));
            }
        }
        Ok(TwoPass::Stream {
            reader: Shared(Rc::new(RefCell::new(source.reader()?))),
            kept: Rc::default(),
        })
    }
}

impl<'i> TwoPass<'i> {
    /// The input for the first pass.
    fn first(&self) -> Result<Input<'i>, Failure> {
        Ok(match self {
            TwoPass::File(source) => source.open()?,
            TwoPass::Bytes(bytes) => Input::bytes(bytes),
            TwoPass::Stream { reader, kept } => Input::reader(Tee {
                reader: reader.clone(),
                kept: Rc::clone(kept),
            }),
        })
    }

    /// The input for the second pass.
    fn second(&self) -> Result<Input<'i>, Failure> {
        Ok(match self {
            TwoPass::File(source) => source.open()?,
            TwoPass::Bytes(bytes) => Input::bytes(bytes),
            TwoPass::Stream { reader, kept } => {
                let kept = std::mem::take(&mut *kept.borrow_mut());
                Input::reader(io::Cursor::new(kept).chain(reader.clone()))
            }
        })
    }
}

/// One reader that both passes over a stream read from.
#[derive(Clone)]
struct Shared(Rc<RefCell<Box<dyn Read>>>);

impl Read for Shared {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.borrow_mut().read(buf)
    }
}

/// A reader that keeps a copy of all it reads.
struct Tee {
    reader: Shared,
    kept: Rc<RefCell<Vec<u8>>>,
}

impl Read for Tee {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.reader.read(buf)?;
        let mut kept = self.kept.borrow_mut();
        kept.try_reserve(n).map_err(|_| {
            io::Error::new(
                io::ErrorKind::OutOfMemory,
                format!(
                    "no memory to keep more than {} of it",
                    count(kept.len(), "byte")
                ),
            )
        })?;
        kept.extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

impl Checker<'_> {
    /// Checks the output against every case of `input` (named `name`), solved under
    /// `options`.
    fn run(
        mut self,
        input: &TwoPass<'_>,
        name: &str,
        options: &puzzles::Options,
    ) -> Result<Verdict, Failure> {
        let puzzle = self.puzzle;
        puzzle
            .inspect(input.first()?)
            .map_err(|e| failure(e, name))?;
        let solutions = puzzle
            .solutions(input.second()?, options, Limits::NONE, PathsFor::NONE)
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
struct Checker<'o> {
    puzzle: &'static dyn Puzzle,
    compare: Compare,
    with_path: bool,
    /// The output's name in messages.
    name: String,
    lines: Lines<'o>,
    /// Cases checked.
    cases: usize,
    /// Paths replayed.
    paths: usize,
}

impl Checker<'_> {
    /// The next line of the output, read to at most `limit` bytes of tokens.
    fn next_line(&mut self, limit: usize) -> Result<Option<Line>, Failure> {
        self.lines
            .next(limit)
            .map_err(|e| Failure::io(format_args!("read {}", self.name), &e))
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
        if matches!(solved.answer_line(), AnswerLine::Path { .. }) {
            // The answer line is the path: with --path too, no line more.
            return self.path_answer(solved);
        }
        solved.write_answer(&mut expected);
        // Line breaks are white space like any other, unless space changes count or
        // paths follow on lines of their own.
        let by_tokens = !self.compare.space_change_sensitive && !self.with_path;
        for (i, want) in expected.lines().enumerate() {
            let limit = self.answer_limit(number, i);
            let line = if by_tokens {
                let tokens = want.split_ascii_whitespace().count();
                if tokens == 0 {
                    continue;
                }
                self.lines
                    .next_tokens(tokens, limit)
                    .map_err(|e| Failure::io(format_args!("read {}", self.name), &e))?
            } else {
                self.next_line(limit)?
            };
            let Some(line) = line else {
                let at = self.lines.number + 1;
                return Ok(Some(Verdict::Unreadable(self.wrong(
                    at,
                    number,
                    &format!("expected {}, found end of output", quoted(want)),
                ))));
            };
            if !self.compare.matches(want, &line) {
                let mut line = line;
                if by_tokens && !line.cut {
                    // The rest of the wrong token's line, to say whether it is an
                    // answer at all, and to show it.
                    let room = limit.saturating_sub(line.text.len());
                    if let Some(rest) = self.next_line(room)?
                        && (!rest.text.is_empty() || rest.cut)
                    {
                        line.text.push(b' ');
                        line.text.extend_from_slice(&rest.text);
                        line.cut = rest.cut;
                    }
                }
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
        let Some(line) = self.next_line(MAX_LINE)? else {
            let at = self.lines.number + 1;
            let want = match solved.moves() {
                Some(moves) => format!("a path of {}", count(moves, "move")),
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

    /// Checks a case whose answer line is a path (the judges' 8-puzzle): any solution is
    /// right, as the judges' special judge takes it, and "no solution" exactly when
    /// there is none. The line is replayed as it is read ([`Solved::answer_replay`]),
    /// so a long one costs a piece and the board, not its length. A line past the end
    /// of the output is an empty one (unless space changes count). With `--path` the
    /// line is held to the fewest moves, as a path line is.
    fn path_answer(&mut self, solved: &dyn Solved) -> Result<Option<Verdict>, Failure> {
        let number = solved.number();
        let mut replay = solved.answer_replay();
        let mut failed = None;
        // The bytes of tokens kept: what a message shows, and one more.
        const KEPT: usize = 4 * (SHOWN + 1) + 1;
        let line = self
            .lines
            .stream(KEPT, &mut |bytes| match replay.feed(bytes) {
                Ok(()) => true,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            })
            .map_err(|e| Failure::io(format_args!("read {}", self.name), &e))?;
        let Some(line) = line else {
            let at = self.lines.number + 1;
            if self.compare.space_change_sensitive {
                return Ok(Some(Verdict::Unreadable(self.wrong(
                    at,
                    number,
                    "expected an answer, found end of output",
                ))));
            }
            self.paths += 1;
            return Ok(replay.finish().err().map(|e| {
                Verdict::Wrong(self.wrong(at, number, &format!("{e}: (no line, so empty)")))
            }));
        };
        self.paths += 1;
        let wrong = |what: &str| Some(Verdict::Wrong(self.wrong(line.number, number, what)));
        if let Some(e) = failed {
            return Ok(wrong(&format!("{e}: {}", line.shown())));
        }
        if self.compare.space_change_sensitive
            && let Some(what) = line.spacing()
        {
            return Ok(wrong(&what));
        }
        Ok(match replay.finish() {
            Ok(Some(taken)) if self.with_path && solved.moves().is_some_and(|m| m != taken) => {
                wrong(&format!(
                    "expected a path of {}, found one of {taken}: {}",
                    count(solved.moves().unwrap_or(0), "move"),
                    line.shown()
                ))
            }
            Ok(_) => None,
            Err(e) => wrong(&format!("{e}: {}", line.shown())),
        })
    }

    /// The most bytes of tokens line `i` of an answer to case `number` can have: the
    /// longest of the "no solution" line and the lines of the fewest and the most moves,
    /// and some room. A longer line is neither right nor any answer, so reading it
    /// stops there.
    fn answer_limit(&self, number: usize, i: usize) -> usize {
        const ROOM: usize = 64;
        let mut text = String::new();
        let mut longest = 0;
        for moves in [None, Some(0), Some(u64::MAX)] {
            text.clear();
            self.puzzle.write_line(&mut text, number, moves);
            longest = longest.max(text.lines().nth(i).map_or(0, str::len));
        }
        longest + ROOM
    }

    /// Whether `line` is line `i` of some answer the puzzle could give case `number`:
    /// its "no solution" line, or its line for a number of moves the line holds. The
    /// line is at most [`Checker::answer_limit`] long, so this is quick.
    fn answer_shaped(&self, number: usize, i: usize, line: &Line) -> bool {
        let numbers = line
            .tokens()
            .filter_map(|t| std::str::from_utf8(t).ok()?.parse::<u64>().ok());
        let mut text = String::new();
        std::iter::once(None).chain(numbers.map(Some)).any(|moves| {
            text.clear();
            self.puzzle.write_line(&mut text, number, moves);
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
        // The line's tokens joined by single spaces already: no copy unless the bytes
        // are not UTF-8 (then no notation reads them anyway).
        let text = String::from_utf8_lossy(&line.text);
        match (solved.moves(), &*text) {
            (None, "-") => None,
            (None, _) => Some(format!(
                "expected \"-\" (no solution), found {}",
                line.shown()
            )),
            (Some(moves), "-") => Some(format!(
                "expected a path of {}, found \"-\"",
                count(moves, "move")
            )),
            (Some(moves), _) => {
                self.paths += 1;
                // A path longer than the answer is wrong without playing it.
                match solved.replay_at_most(&text, moves) {
                    Ok(taken) if taken == moves => None,
                    Ok(taken) => Some(format!(
                        "expected a path of {}, found one of {taken}: {}",
                        count(moves, "move"),
                        line.shown()
                    )),
                    Err(PathError::Longer { at_least, .. }) => Some(format!(
                        "expected a path of {}, found one of at least {at_least}: {}",
                        count(moves, "move"),
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
        /// Past the answers any token is wrong: a line is read only as far as the
        /// message shows it.
        const SHOWN_PAST_END: usize = 256;
        while let Some(line) = self.next_line(SHOWN_PAST_END)? {
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
            let same = if self.case_sensitive {
                line.text == want.as_bytes()
            } else {
                line.text.eq_ignore_ascii_case(want.as_bytes())
            };
            return line.exact && line.ended && same;
        }
        let mut found = line.tokens();
        let mut want = want.split_ascii_whitespace().map(str::as_bytes);
        loop {
            match (found.next(), want.next()) {
                (None, None) => return true,
                (Some(f), Some(w)) if self.case_sensitive && f == w => {}
                (Some(f), Some(w)) if !self.case_sensitive && f.eq_ignore_ascii_case(w) => {}
                _ => return false,
            }
        }
    }
}

/// How many characters of a text messages show.
const SHOWN: usize = 60;

/// A text in double quotes, escaped, and cut short when long.
fn quoted(text: &str) -> String {
    match text.char_indices().nth(SHOWN) {
        Some((at, _)) => format!("{:?}...", &text[..at]),
        None => format!("{text:?}"),
    }
}

/// The most bytes of tokens a path line may have; reading a longer one stops there, and
/// the path is not checked.
const MAX_LINE: usize = 64 << 20;

/// How much of the output is asked for at a time.
const READ_CHUNK: usize = 64 << 10;

/// How the messages show a line of the output.
trait Shown {
    /// The line as a message shows it: its tokens, quoted.
    fn shown(&self) -> String;
    /// Under `space_change_sensitive`: what is wrong with the line's spacing.
    fn spacing(&self) -> Option<String>;
}

impl Shown for Line {
    fn shown(&self) -> String {
        // Four bytes a character at most: enough for `quoted` to see it is longer.
        let end = self.text.len().min(4 * (SHOWN + 1));
        let shown = quoted(&String::from_utf8_lossy(&self.text[..end]));
        if self.cut {
            format!("{shown} (cut)")
        } else {
            shown
        }
    }

    fn spacing(&self) -> Option<String> {
        if !self.exact {
            let end = self.head.len().min(HEAD);
            let more = if self.head.len() > HEAD { "..." } else { "" };
            return Some(format!(
                "spacing differs from single spaces: {:?}{more}",
                String::from_utf8_lossy(&self.head[..end])
            ));
        }
        (!self.ended).then(|| "no newline at the end of the output".to_string())
    }
}
