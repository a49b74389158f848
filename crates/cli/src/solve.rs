//! Solving: the judge output, and with it paths, JSON, text frames, SVG pictures and
//! search statistics (`--path`, `--format json`, `--show`, `--svg`, `--stats`), each
//! case written as soon as it is solved; inputs read as streams.

use crate::held::Held;
use crate::options::{SolveOptions, check_options};
use crate::show::{self, Style};
use crate::source::Source;
use crate::{Cli, Failure, closed_pipe_is_fine, demo, write_stdout};
use puzzles::{Input, Limits, PathsFor, Puzzle, RunError, Solved, Warnings};
use std::cell::RefCell;
use std::fmt;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Instant;

/// How the answers are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Exactly the judge's output.
    #[default]
    Judge,
    /// JSON Lines: one object per query or case, with its path and search statistics.
    Json,
}

/// The largest SVG picture written; a larger one is refused for its case. The
/// environment variable `GRIDSOLVE_SVG_MAX_BYTES` sets another (the tests use it).
pub(crate) const MAX_PICTURE: usize = 64 << 20;

/// The picture budget in force.
fn max_picture() -> usize {
    std::env::var("GRIDSOLVE_SVG_MAX_BYTES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(MAX_PICTURE)
}

/// What the run asks beyond the judge output.
fn wants_extras(cli: &Cli) -> bool {
    cli.format == Format::Json || cli.path || cli.show.is_some() || cli.svg.is_some() || cli.stats
}

/// The failure a run error is, for an input named `source`.
pub(crate) fn failure(error: RunError, source: &str) -> Failure {
    match error {
        RunError::Usage(e) => Failure::Usage(e.to_string()),
        RunError::Read(_) | RunError::Write(_) => Failure::Io(error.describe(source)),
        other => Failure::Input(other.describe(source)),
    }
}

/// Solves the FILEs (or stdin) as `cli` asks.
pub(crate) fn run(puzzle: &'static dyn Puzzle, cli: &Cli) -> Result<(), Failure> {
    let options = &cli.options.0;
    check_options(puzzle, options, SolveOptions::SPECS).map_err(Failure::Usage)?;
    if cli.format == Format::Json && (cli.path || cli.show.is_some()) {
        return Err(Failure::Usage(
            "--path and --show go with the judge format, not --format json (which has the paths)"
                .to_string(),
        ));
    }
    if let Some(hint) = cli.files.iter().find_map(|f| crate::subcommand_hint(f)) {
        return Err(Failure::Usage(hint));
    }
    let limits = Limits {
        max_states: cli.max_states,
        max_time: cli.max_seconds,
    };
    if let Some(selection) = cli.case
        && !(cli.path || cli.show.is_some() || cli.svg.is_some() || cli.format == Format::Json)
    {
        crate::warn(&format!(
            "--case {selection} changes nothing without --path, --show, --svg or --format json \
             (it picks the {} they are for)",
            crate::words::plural(puzzle.about().unit)
        ));
    }
    let started = Instant::now();
    let bare = cli.files.is_empty() && crate::stdin_is_terminal();
    if bare && !wants_extras(cli) {
        return write_stdout(&demo::text(puzzle));
    }
    let inputs = if bare {
        // On a terminal with nothing to read: the extras of the sample.
        vec![Named::Sample(puzzle.about().sample)]
    } else {
        Source::all(&cli.files)
            .into_iter()
            .map(Named::Source)
            .collect()
    };
    if !wants_extras(cli) {
        // One solver for every input: its buffers serve them all.
        let mut judge = puzzle
            .judge_session(options, limits)
            .map_err(|e| Failure::Usage(e.to_string()))?;
        for input in &inputs {
            let prefix = Rc::new(RefCell::new(Vec::new()));
            let opened = match input {
                Named::Source(source) => source.open_keeping_prefix(&prefix)?,
                Named::Sample(_) => input.open()?,
            };
            let warnings = Warnings::new();
            let opened = opened.with_warnings(&warnings);
            // Held until the whole input has proved valid, so an invalid one prints
            // nothing; past a few MiB the held output waits in an unlinked file.
            let mut output = Held::new();
            let judged = judge.judge_to(opened, &mut output);
            warn(&input.name(), &warnings);
            judged.map_err(|e| {
                let hint = other_format(puzzle, &e, &prefix.borrow());
                match failure(e, &input.name()) {
                    Failure::Input(message) => Failure::Input(match hint {
                        Some(other) => format!(
                            "{message}\nhint: {} reads as a {other} input: try --puzzle {other}",
                            input.name()
                        ),
                        None => message,
                    }),
                    other => other,
                }
            })?;
            closed_pipe_is_fine(output.release(&mut io::stdout().lock()))?;
        }
        return Ok(());
    }
    if cli.show.is_some() || cli.svg.is_some() {
        puzzle.require(puzzles::Capability::Draw)?;
    }
    let mut writer = Writer::new(puzzle, cli, inputs.len() > 1)?;
    if let Some(look) = puzzle.look().filter(|_| writer.style.is_some()) {
        writer.write(|out| show::write_legend(out, look))?;
    }
    for (k, input) in inputs.iter().enumerate() {
        // Read everything first, so an invalid input prints nothing; then solve and
        // write case by case, so memory does not grow with the output. A file is read
        // twice; stdin once, kept in memory.
        let kept = input.keep()?;
        let name = input.name();
        let first = kept
            .as_ref()
            .map_or_else(|| input.open(), |b| Ok(Input::bytes(b)))?;
        puzzle.inspect(first).map_err(|e| failure(e, &name))?;
        let second = kept
            .as_ref()
            .map_or_else(|| input.open(), |b| Ok(Input::bytes(b)))?;
        let solutions = puzzle
            .solutions(second, options, limits, writer.paths())
            .map_err(|e| Failure::Usage(e.to_string()))?;
        writer.file = (k + 1, input.stem());
        for solved in solutions {
            writer.case(&*solved.map_err(|e| failure(e, &name))?)?;
        }
    }
    if cli.stats {
        let _ = writeln!(
            io::stderr().lock(),
            "run: {} in {:.3} s, peak memory {}",
            crate::words::count(writer.cases, puzzle.about().unit),
            started.elapsed().as_secs_f64(),
            peak_memory().map_or_else(
                || "unknown".to_string(),
                |kib| format!("{:.1} MiB", kib as f64 / 1024.0)
            )
        );
    }
    if let Some(selection) = cli.case
        && !writer.selected
    {
        let unit = puzzle.about().unit;
        let most = crate::words::count(writer.most, unit);
        crate::warn(&format!(
            "--case {selection} selects no {unit}: {}",
            if inputs.len() > 1 {
                format!("the inputs have at most {most} each")
            } else {
                format!("the input has {most}")
            }
        ));
    }
    writer.finish()
}

/// Says on stderr what the reader accepted but a judge might not, and where to look.
fn warn(source: &str, warnings: &Warnings) {
    for warning in warnings.take() {
        let _ = writeln!(
            io::stderr().lock(),
            "warning: {source}:{warning}; `gridsolve validate` checks the judge's layout"
        );
    }
}

/// After `error` reading as `puzzle`, the name of another puzzle whose format the
/// input's first bytes (`prefix`) read as: at least one case, and no error but the end
/// of a prefix cut short.
fn other_format(puzzle: &dyn Puzzle, error: &RunError, prefix: &[u8]) -> Option<&'static str> {
    let RunError::Input(error) = error else {
        return None;
    };
    let at_end = |kind: &puzzles::ErrorKind| {
        matches!(
            kind,
            puzzles::ErrorKind::Expected {
                found: puzzles::Found::EndOfInput,
                ..
            }
        )
    };
    if at_end(&error.kind) || prefix.is_empty() {
        return None;
    }
    let cut = prefix.len() >= crate::source::PREFIX;
    puzzles::PUZZLES
        .iter()
        .filter(|p| p.about().name != puzzle.about().name)
        .find(|p| match p.inspect(Input::bytes(prefix)) {
            Ok(summary) => summary.cases > 0,
            Err(RunError::Input(e)) => cut && at_end(&e.kind),
            Err(_) => false,
        })
        .map(|p| p.about().name)
}

/// The peak resident memory of this process in KiB (Linux's `VmHWM`), if known.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// An input to solve: a source, or the puzzle's sample (bare on a terminal).
enum Named {
    Source(Source),
    Sample(&'static str),
}

impl Named {
    fn name(&self) -> String {
        match self {
            Named::Source(source) => source.name(),
            Named::Sample(_) => "<sample>".to_string(),
        }
    }

    fn stem(&self) -> String {
        match self {
            Named::Source(source) => source.stem(),
            Named::Sample(_) => "sample".to_string(),
        }
    }

    fn open(&self) -> Result<Input<'static>, Failure> {
        match self {
            Named::Source(source) => source.open(),
            Named::Sample(text) => Ok(Input::bytes(text.as_bytes())),
        }
    }

    /// The input in memory when it cannot be read twice (stdin, the sample).
    fn keep(&self) -> Result<Option<Vec<u8>>, Failure> {
        match self {
            Named::Source(source @ Source::Stdin) => source.read_all().map(Some),
            Named::Source(Source::File(_)) | Named::Sample(_) => Ok(None),
        }
    }
}

/// Writes the cases' outputs as they come.
struct Writer<'a> {
    puzzle: &'static dyn Puzzle,
    cli: &'a Cli,
    out: BufWriter<io::StdoutLock<'static>>,
    style: Option<Style>,
    pictures: Option<Pictures>,
    /// Several inputs: JSON lines and picture names say which.
    several: bool,
    /// The input being written: its number (from 1) and stem.
    file: (usize, String),
    /// Cases written.
    cases: usize,
    /// The highest case number of an input seen.
    most: usize,
    /// Whether `--case` (if given) selected a case.
    selected: bool,
    /// Stdout was closed (`| head`): nothing more goes there.
    closed: bool,
    /// Cases whose `--show` frames were refused as past [`show::MAX_FRAMES_BYTES`].
    refused_frames: usize,
}

impl<'a> Writer<'a> {
    fn new(
        puzzle: &'static dyn Puzzle,
        cli: &'a Cli,
        several: bool,
    ) -> Result<Writer<'a>, Failure> {
        let pictures = match &cli.svg {
            Some(dir) => Some(Pictures::new(dir)?),
            None => None,
        };
        let colour = crate::colour_on(cli.color, io::stdout().is_terminal());
        Ok(Writer {
            puzzle,
            cli,
            out: BufWriter::new(io::stdout().lock()),
            style: cli.show.map(|mode| Style { colour, mode }),
            pictures,
            several,
            file: (1, String::new()),
            cases: 0,
            most: 0,
            selected: false,
            closed: false,
            refused_frames: 0,
        })
    }

    /// The cases whose paths the outputs need: where the paths are only drawn (no
    /// `--path`, no JSON), within the caps of the frames and the pictures, so that a
    /// refused drawing never builds its path.
    fn paths(&self) -> PathsFor {
        let cli = self.cli;
        let extras = cli.path || cli.show.is_some() || cli.svg.is_some();
        if !extras && cli.format != Format::Json {
            return PathsFor::NONE;
        }
        let mut paths = match cli.case {
            None => PathsFor::ALL,
            Some(selection) => selection.paths(),
        };
        if !cli.path && cli.format == Format::Judge {
            if let Some(style) = self.style {
                paths = paths.drawn_within(show::cap(style.mode));
            }
            if let Some(pictures) = &self.pictures {
                paths = paths.drawn_within(puzzles::PathCap {
                    bytes: pictures.budget as u64,
                    least: picture_bytes,
                });
            }
        }
        paths
    }

    /// Runs `write` on stdout unless it is closed; a closed pipe closes it quietly.
    fn write(
        &mut self,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), Failure> {
        if self.closed {
            return Ok(());
        }
        let result = write(&mut self.out);
        if let Err(e) = &result
            && e.kind() == io::ErrorKind::BrokenPipe
        {
            self.closed = true;
        }
        closed_pipe_is_fine(result)
    }

    fn case(&mut self, solved: &dyn Solved) -> Result<(), Failure> {
        self.cases += 1;
        let about = self.puzzle.about();
        let selected = self.cli.case.is_none_or(|s| s.contains(solved.number()));
        self.selected |= selected;
        self.most = self.most.max(solved.number());
        match self.cli.format {
            Format::Json => {
                let file = self.several.then_some(self.file.0);
                let (puzzle, options) = (self.puzzle, &self.cli.options.0);
                self.write(|out| {
                    puzzles::write_json_line(out, puzzle, options, solved, file)?;
                    writeln!(out)
                })?;
            }
            Format::Judge => {
                let mut text = String::new();
                solved.write_answer(&mut text);
                self.write(|out| out.write_all(text.as_bytes()))?;
                // Where the answer line is the path itself (eight), it is not written twice.
                if self.cli.path
                    && selected
                    && !matches!(solved.answer_line(), puzzles::AnswerLine::Path { .. })
                {
                    // Streamed: a path of hundreds of millions of moves is never one
                    // string in memory.
                    self.write(|out| {
                        if !solved.write_path(out)? {
                            out.write_all(b"-")?;
                        }
                        out.write_all(b"\n")
                    })?;
                }
                if let Some(style) = self.style.filter(|_| selected) {
                    let size = solved.size();
                    // Refused from the move count and the board's size, before a frame
                    // is drawn (or the path walked).
                    let least = show::least_bytes(solved.moves().unwrap_or(0), size, style.mode);
                    if least > show::MAX_FRAMES_BYTES {
                        self.refused_frames += 1;
                        crate::report(&format!(
                            "{} {}: frames not shown: they would take at least {}, more than {}; \
                             pick fewer {} with --case, or show a smaller board",
                            about.unit,
                            solved.number(),
                            crate::words::count(least, "byte"),
                            crate::words::count(show::MAX_FRAMES_BYTES, "byte"),
                            crate::words::plural(about.unit),
                        ));
                        return self.rest(solved, selected);
                    }
                    let mut frames = solved.frames();
                    self.write(|out| match &mut frames {
                        Some(frames) => show::write_frames(out, &mut **frames, size, style),
                        None => out.write_all(b"(no solution)\n\n"),
                    })?;
                }
            }
        }
        self.rest(solved, selected)
    }

    /// What comes after a case's text: its picture and its statistics.
    fn rest(&mut self, solved: &dyn Solved, selected: bool) -> Result<(), Failure> {
        let about = self.puzzle.about();
        if let Some(pictures) = self.pictures.as_mut().filter(|_| selected) {
            let name = if self.several {
                format!(
                    "{}-{}-{}-{:04}.svg",
                    about.name,
                    self.file.1,
                    about.unit,
                    solved.number()
                )
            } else {
                format!("{}-{}-{:04}.svg", about.name, about.unit, solved.number())
            };
            pictures.write(&name, solved.moves(), |out| solved.svg(out))?;
        }
        if self.cli.stats {
            let stats = solved.stats();
            // Statistics are diagnostics: a stderr that cannot take them is ignored.
            let _ = writeln!(
                io::stderr().lock(),
                "{} {}: expanded {}, generated {}",
                about.unit,
                solved.number(),
                stats.expanded,
                stats.generated
            );
        }
        Ok(())
    }

    fn finish(mut self) -> Result<(), Failure> {
        self.write(|out| out.flush())?;
        let mut refused = Vec::new();
        if self.refused_frames > 0 {
            let unit = self.puzzle.about().unit;
            refused.push(format!(
                "the frames of {} were refused as larger than {}",
                crate::words::count(self.refused_frames, unit),
                crate::words::count(show::MAX_FRAMES_BYTES, "byte")
            ));
        }
        if let Some(p) = self.pictures.as_ref().filter(|p| p.refused > 0) {
            refused.push(format!(
                "{} picture{} refused as larger than {}",
                p.refused,
                if p.refused == 1 { " was" } else { "s were" },
                crate::words::count(p.budget, "byte")
            ));
        }
        if refused.is_empty() {
            Ok(())
        } else {
            Err(Failure::Io(refused.join("; ")))
        }
    }
}

/// The `--svg` directory: each picture goes to a temporary file first and is renamed
/// when complete, so a failure leaves no truncated picture; one past [`MAX_PICTURE`]
/// bytes is refused, said on stderr, and the run goes on.
struct Pictures {
    dir: PathBuf,
    written: usize,
    refused: usize,
    budget: usize,
}

impl Pictures {
    fn new(dir: &Path) -> Result<Pictures, Failure> {
        if dir.exists() && !dir.is_dir() {
            return Err(Failure::Io(format!(
                "cannot write pictures into {}: it is not a directory",
                dir.display()
            )));
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::io(format_args!("create {}", dir.display()), &e))?;
        Ok(Pictures {
            dir: dir.to_path_buf(),
            written: 0,
            refused: 0,
            budget: max_picture(),
        })
    }

    /// Writes the picture `draw` draws of a solution of `moves` moves as `name`. One whose
    /// move count alone puts it past the budget is refused before anything is drawn
    /// (or walked, or created on disk).
    fn write(
        &mut self,
        name: &str,
        moves: Option<u64>,
        draw: impl FnOnce(&mut dyn fmt::Write) -> fmt::Result,
    ) -> Result<(), Failure> {
        let path = self.dir.join(name);
        let partial = self.dir.join(format!(".{name}.partial"));
        let least = picture_bytes(moves.unwrap_or(0), (0, 0));
        let mut over = least > self.budget as u64;
        let result = (|| {
            if over {
                return Err(io::Error::other("the picture is past its budget"));
            }
            let file = std::fs::File::create(&partial)?;
            let mut out = Budgeted {
                inner: BufWriter::new(file),
                left: self.budget,
                error: None,
                over: false,
            };
            let drawn = draw(&mut out);
            over = out.over;
            if drawn.is_err() || over {
                return Err(out
                    .error
                    .unwrap_or_else(|| io::Error::other("the picture failed")));
            }
            out.inner.flush()?;
            drop(out);
            std::fs::rename(&partial, &path)
        })();
        if let Err(e) = result {
            let _ = std::fs::remove_file(&partial);
            if over {
                self.refused += 1;
                crate::report(&format!(
                    "{} not written: the picture would be larger than {}; pick fewer cases with --case, or draw a smaller board",
                    path.display(),
                    crate::words::count(self.budget, "byte")
                ));
                return Ok(());
            }
            return Err(Failure::io(
                format_args!(
                    "write {} ({} written before it)",
                    path.display(),
                    crate::words::count(self.written, "picture")
                ),
                &e,
            ));
        }
        self.written += 1;
        Ok(())
    }
}

/// The fewest bytes the picture of an answer of `moves` moves takes (on any board).
fn picture_bytes(moves: u64, _size: (usize, usize)) -> u64 {
    moves.saturating_mul(puzzles::PICTURE_BYTES_PER_MOVE as u64)
}

/// A `fmt::Write` onto an `io::Write` that keeps the I/O error and stops past a budget
/// of bytes.
struct Budgeted<W: Write> {
    inner: W,
    left: usize,
    error: Option<io::Error>,
    over: bool,
}

impl<W: Write> fmt::Write for Budgeted<W> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        if text.len() > self.left {
            self.over = true;
            return Err(fmt::Error);
        }
        self.left -= text.len();
        self.inner.write_all(text.as_bytes()).map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that fails once it has taken `room` bytes: a full disk.
    struct Full {
        room: usize,
    }

    impl Write for Full {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.room == 0 {
                return Err(io::Error::from(io::ErrorKind::StorageFull));
            }
            let n = buf.len().min(self.room);
            self.room -= n;
            Ok(n)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_full_disk_is_an_error_the_picture_writer_keeps() {
        use std::fmt::Write as _;
        let mut out = Budgeted {
            inner: Full { room: 10 },
            left: MAX_PICTURE,
            error: None,
            over: false,
        };
        assert!(out.write_str("0123456789abc").is_err());
        assert_eq!(out.error.unwrap().kind(), io::ErrorKind::StorageFull);
        assert!(!out.over);
    }

    #[test]
    fn a_picture_past_its_budget_stops() {
        use std::fmt::Write as _;
        let mut out = Budgeted {
            inner: Vec::new(),
            left: 5,
            error: None,
            over: false,
        };
        assert!(out.write_str("abc").is_ok());
        assert!(out.write_str("def").is_err());
        assert!(out.over && out.error.is_none());
        assert_eq!(out.inner, b"abc");
    }
}
