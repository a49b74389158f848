//! Solving: the judge output, and with it paths, JSON, text frames, SVG pictures and
//! search statistics (`--path`, `--format json`, `--show`, `--svg`, `--stats`), each
//! case written as soon as it is solved.

use crate::options::{SolveOptions, check_options};
use crate::show::{self, Style};
use crate::{Cli, Failure, closed_pipe_is_fine, demo, read_input, write_stdout};
use puzzles::{Limits, Puzzle, RunError, Solved};
use std::fmt;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// How the answers are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Exactly the judge's output.
    #[default]
    Judge,
    /// JSON Lines: one object per query or case (see README).
    Json,
}

/// Solves FILE (or stdin) as `cli` asks.
pub(crate) fn run(puzzle: &'static dyn Puzzle, cli: &Cli) -> Result<(), Failure> {
    let options = &cli.options.0;
    check_options(puzzle, options, SolveOptions::SPECS).map_err(Failure::Usage)?;
    let file = cli.file.as_deref();
    if file.is_none() && crate::stdin_is_terminal() {
        return write_stdout(&demo::text(puzzle));
    }
    let (source, bytes) = read_input(file)?;
    let invalid = |error: RunError| match error {
        RunError::Usage(e) => Failure::Usage(e.to_string()),
        other => Failure::Input(other.describe(&source)),
    };
    let judge_only = cli.format == Format::Judge
        && !cli.path
        && cli.show.is_none()
        && cli.svg.is_none()
        && !cli.stats;
    if judge_only {
        let output = puzzle
            .judge(&bytes, options, Limits::NONE)
            .map_err(invalid)?;
        return write_stdout(&output);
    }
    // Read everything first, so an invalid input prints nothing; then solve and write
    // case by case, so memory does not grow with the output.
    puzzle
        .inspect(&bytes)
        .map_err(|e| invalid(RunError::Input(e)))?;
    let pictures = match &cli.svg {
        Some(dir) => Some(Pictures::new(dir)?),
        None => None,
    };
    let mut writer = Writer {
        puzzle,
        cli,
        out: BufWriter::new(io::stdout().lock()),
        style: cli.show.map(|mode| Style {
            colour: io::stdout().is_terminal(),
            mode,
        }),
        pictures,
        closed: false,
    };
    if writer.style.is_some() {
        writer.write(|out| show::write_legend(out, puzzle.about()))?;
    }
    let with_path =
        cli.path || cli.show.is_some() || cli.svg.is_some() || cli.format == Format::Json;
    let solutions = puzzle
        .solutions(&bytes, options, Limits::NONE, with_path)
        .map_err(|e| Failure::Usage(e.to_string()))?;
    for solved in solutions {
        writer.case(&*solved.map_err(invalid)?)?;
    }
    writer.finish()
}

/// Writes the cases' outputs as they come.
struct Writer<'a> {
    puzzle: &'static dyn Puzzle,
    cli: &'a Cli,
    out: BufWriter<io::StdoutLock<'static>>,
    style: Option<Style>,
    pictures: Option<Pictures>,
    /// Stdout was closed (`| head`): nothing more goes there.
    closed: bool,
}

impl Writer<'_> {
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
        let about = self.puzzle.about();
        match self.cli.format {
            Format::Json => {
                let line = json_line(self.puzzle, &self.cli.options.0, solved);
                self.write(|out| writeln!(out, "{line}"))?;
            }
            Format::Judge => {
                let mut text = String::new();
                solved.write_answer(&mut text);
                if self.cli.path {
                    text.push_str(&solved.path().unwrap_or_else(|| "-".to_string()));
                    text.push('\n');
                }
                self.write(|out| out.write_all(text.as_bytes()))?;
                if let Some(style) = self.style {
                    let frames = solved
                        .frames()
                        .map_err(|e| Failure::Input(format!("a path that does not replay: {e}")))?;
                    let size = solved.size();
                    self.write(|out| match &frames {
                        Some(frames) => show::write_frames(out, &**frames, size, style),
                        None => out.write_all(b"(no solution)\n\n"),
                    })?;
                }
            }
        }
        if let Some(pictures) = &mut self.pictures {
            let name = format!("{}-{}-{:04}.svg", about.name, about.unit, solved.number());
            pictures.write(&name, |out| solved.svg(out))?;
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
        self.write(|out| out.flush())
    }
}

/// One line of `--format json`: the common fields in their documented order, then the
/// puzzle's own.
fn json_line(puzzle: &dyn Puzzle, options: &puzzles::Options, solved: &dyn Solved) -> String {
    let stats = solved.stats();
    let mut fields: Vec<(&str, serde_json::Value)> = vec![
        ("puzzle", puzzle.about().name.into()),
        ("case", solved.number().into()),
        ("answer", solved.moves().into()),
        ("path", solved.path().into()),
        ("expanded", stats.expanded.into()),
        ("generated", stats.generated.into()),
    ];
    fields.extend(puzzle.json_fields(options));
    let body: Vec<String> = fields
        .iter()
        .map(|(key, value)| format!("{}:{value}", serde_json::Value::from(*key)))
        .collect();
    format!("{{{}}}", body.join(","))
}

/// The `--svg` directory: each picture goes to a temporary file first and is renamed
/// when complete, so a failure leaves no truncated picture.
struct Pictures {
    dir: PathBuf,
    written: usize,
}

impl Pictures {
    fn new(dir: &Path) -> Result<Pictures, Failure> {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::io(format_args!("create {}", dir.display()), &e))?;
        Ok(Pictures {
            dir: dir.to_path_buf(),
            written: 0,
        })
    }

    fn write(
        &mut self,
        name: &str,
        draw: impl FnOnce(&mut dyn fmt::Write) -> fmt::Result,
    ) -> Result<(), Failure> {
        let path = self.dir.join(name);
        let partial = self.dir.join(format!(".{name}.partial"));
        let result = (|| {
            let file = std::fs::File::create(&partial)?;
            let mut out = FmtIo {
                inner: BufWriter::new(file),
                error: None,
            };
            if draw(&mut out).is_err() {
                return Err(out
                    .error
                    .unwrap_or_else(|| io::Error::other("the picture failed")));
            }
            out.inner.flush()?;
            std::fs::rename(&partial, &path)
        })();
        result.map_err(|e| {
            let _ = std::fs::remove_file(&partial);
            Failure::io(
                format_args!(
                    "write {} ({} pictures written before it)",
                    path.display(),
                    self.written
                ),
                &e,
            )
        })?;
        self.written += 1;
        Ok(())
    }
}

/// A `fmt::Write` onto an `io::Write` that keeps the I/O error.
struct FmtIo<W: Write> {
    inner: W,
    error: Option<io::Error>,
}

impl<W: Write> fmt::Write for FmtIo<W> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.inner.write_all(text.as_bytes()).map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}
