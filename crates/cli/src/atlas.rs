//! `gridsolve atlas`: builds the atlas of a puzzle that can enumerate its whole space
//! (every position, its group and its minimum number of moves) into a directory, and
//! answers positions from it, written over the contract's [`puzzles::Atlas`].

use crate::options::{PuzzleArg, puzzle_parser};
use crate::progress;
use crate::solve;
use crate::source::Source;
use crate::{Failure, closed_pipe_is_fine};
use clap::ValueHint;
use indicatif::ProgressBar;
use puzzles::progress::{Progress, Watch};
use puzzles::{AtlasFault, Capability, Puzzle};
use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

/// `gridsolve atlas`: build an atlas, or answer positions from one.
#[derive(Debug, clap::Args)]
pub(crate) struct AtlasArgs {
    /// The puzzle whose space the atlas covers (one that can enumerate it: `gridsolve
    /// puzzles` lists them under `atlas`).
    #[arg(short, long, value_parser = puzzle_parser())]
    puzzle: PuzzleArg,

    /// Build the atlas into DIR (made if missing): the file PUZZLE.atlas, written under
    /// a temporary name and renamed when whole; then print its summary.
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath, required_unless_present = "query", conflicts_with = "query")]
    out: Option<PathBuf>,

    /// Answer the FILEs (or stdin) from the atlas in DIR: exactly what `gridsolve -p
    /// PUZZLE` prints for them.
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    query: Option<PathBuf>,

    /// With --query and no FILE: print the N hardest positions of the atlas instead
    /// (the farthest position of each of the N groups whose farthest is farthest).
    #[arg(long, value_name = "N", requires = "query", conflicts_with = "files")]
    hardest: Option<usize>,

    /// How to write the answers of --query: `judge` (exactly the judge's output) or
    /// `json` (a JSON object a case: puzzle, case, file with several FILEs, answer,
    /// group and group_size).
    #[arg(long, value_enum, default_value = "judge", requires = "query")]
    format: solve::Format,

    /// Threads for the build (by default, one a core).
    #[arg(long, value_name = "N", value_hint = ValueHint::Other)]
    threads: Option<usize>,

    /// The inputs to answer with --query; `-` or nothing reads stdin.
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath, requires = "query")]
    files: Vec<PathBuf>,
}

/// The atlas file of `puzzle` in `dir`.
fn file_of(puzzle: &dyn Puzzle, dir: &Path) -> PathBuf {
    dir.join(format!("{}.atlas", puzzle.about().name))
}

/// Builds or asks the atlas, as `args` say.
pub(crate) fn run(args: &AtlasArgs) -> Result<(), Failure> {
    let puzzle = args.puzzle.0;
    if let Some(dir) = &args.out {
        puzzle.require(Capability::Atlas)?;
        let atlas = puzzle.atlas().ok_or_else(|| {
            Failure::Usage(format!(
                "{} has no atlas of every position",
                puzzle.about().name
            ))
        })?;
        return build(puzzle, atlas, dir, args.threads);
    }
    let dir = args.query.as_ref().expect("clap requires --out or --query");
    let (atlas, mut file, shown) = open(puzzle, dir)?;
    let mut out = String::new();
    if let Some(count) = args.hardest {
        atlas
            .atlas_hardest(&mut file, count, &mut |moves, case| {
                let _ = write!(out, "{moves} moves:\n{case}\n");
                Ok(())
            })
            .map_err(|e| fault(e, &shown, &shown))?;
        return crate::write_stdout(&out);
    }
    let sources = Source::all(&args.files);
    let several = sources.len() > 1;
    for (index, source) in sources.iter().enumerate() {
        let input = source.open()?;
        atlas
            .query_atlas(&mut file, input, &mut |entry| {
                match args.format {
                    solve::Format::Judge => {
                        out.push_str(&entry.line);
                        out.push('\n');
                    }
                    solve::Format::Json => {
                        // In the order of `gridsolve --format json`'s objects.
                        let name = serde_json::Value::from(puzzle.about().name);
                        let _ = write!(out, "{{\"puzzle\":{name},\"case\":1");
                        if several {
                            let _ = write!(out, ",\"file\":{}", index + 1);
                        }
                        let answer = entry.moves.map_or("null".to_string(), |m| m.to_string());
                        let _ = writeln!(
                            out,
                            ",\"answer\":{answer},\"group\":{},\"group_size\":{}}}",
                            entry.group, entry.group_size
                        );
                    }
                }
                Ok(())
            })
            .map_err(|e| fault(e, &source.name(), &shown))?;
    }
    crate::write_stdout(&out)
}

/// The atlas capability of `puzzle` and its file in `dir`, opened, and the file's name.
fn open<'a>(
    puzzle: &'a dyn Puzzle,
    dir: &Path,
) -> Result<(&'a dyn puzzles::Atlas, File, String), Failure> {
    puzzle.require(Capability::Atlas)?;
    let atlas = puzzle.atlas().ok_or_else(|| {
        Failure::Usage(format!(
            "{} has no atlas of every position",
            puzzle.about().name
        ))
    })?;
    let path = file_of(puzzle, dir);
    let file = File::open(&path).map_err(|e| {
        Failure::Io(format!(
            "cannot open the atlas {}: {e} (build it with `gridsolve atlas -p {} --out {}`)",
            path.display(),
            puzzle.about().name,
            dir.display()
        ))
    })?;
    Ok((atlas, file, path.display().to_string()))
}

/// The failure an atlas fault is, for the input named `input` and the atlas `atlas`.
fn fault(error: AtlasFault, input: &str, atlas: &str) -> Failure {
    match error {
        AtlasFault::Input(e) => solve::failure(e, input),
        AtlasFault::Outside { why, .. } => {
            Failure::Input(format!("{input}: not a layout of the atlas: {why}"))
        }
        AtlasFault::File(why) => Failure::Input(format!("{atlas}: {why}")),
        AtlasFault::Io(e) => Failure::io(format_args!("read {atlas}"), &e),
        other => Failure::Io(other.to_string()),
    }
}

/// Builds the atlas of `puzzle` into `dir` and prints its summary.
fn build(
    puzzle: &dyn Puzzle,
    atlas: &dyn puzzles::Atlas,
    dir: &Path,
    threads: Option<usize>,
) -> Result<(), Failure> {
    fs::create_dir_all(dir).map_err(|e| Failure::io(format_args!("make {}", dir.display()), &e))?;
    let path = file_of(puzzle, dir);
    let shown = path.display().to_string();
    // Stopped by a signal (Ctrl-C, `timeout`, a closed terminal): no half-written file
    // is left behind under its temporary name (the handler is set before the file is
    // made, so no signal comes between).
    let pending: Arc<Mutex<Option<PathBuf>>> = Arc::default();
    let on_signal = (pending.clone(), shown.clone());
    let _ = ctrlc::set_handler(move || {
        let (pending, shown) = &on_signal;
        if let Some(path) = pending
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        {
            let _ = fs::remove_file(path);
        }
        let _ = writeln!(
            io::stderr(),
            "atlas: stopped by a signal, {shown} not written"
        );
        std::process::exit(130);
    });
    let prefix = format!(".{}.atlas.", puzzle.about().name);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix);
    // As any new file (tempfile's own are the owner's alone): the umask decides.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut temp = builder
        .tempfile_in(dir)
        .map_err(|e| Failure::io(format_args!("write in {}", dir.display()), &e))?;
    *pending.lock().unwrap_or_else(PoisonError::into_inner) = Some(temp.path().to_path_buf());
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let bar = Arc::new(Building::default());
    let watch = if progress::shown() {
        Watch::new(bar.clone())
    } else {
        Watch::NONE
    };
    let summary = {
        let mut writer = BufWriter::with_capacity(1 << 20, temp.as_file_mut());
        let summary = atlas.build_atlas(threads, &watch, &mut writer);
        let flushed = writer.flush();
        bar.finished();
        let summary = summary.map_err(|e| match e {
            AtlasFault::Io(e) => Failure::io(format_args!("write {shown}"), &e),
            other => Failure::Io(other.to_string()),
        })?;
        flushed.map_err(|e| Failure::io(format_args!("write {shown}"), &e))?;
        summary
    };
    temp.as_file()
        .sync_all()
        .map_err(|e| Failure::io(format_args!("write {shown}"), &e))?;
    // Renamed whole: nothing for a signal to clean up now (the lock held over the
    // rename, so a signal waits for it).
    {
        let mut pending = pending.lock().unwrap_or_else(PoisonError::into_inner);
        temp.persist(&path)
            .map_err(|e| Failure::io(format_args!("write {shown}"), &e.error))?;
        *pending = None;
    }
    let bytes = fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    let mut out = String::new();
    let _ = writeln!(out, "atlas of {}", atlas.atlas_space());
    let _ = writeln!(out, "written to {shown} ({bytes} bytes)");
    let _ = writeln!(out, "layouts: {}", summary.layouts);
    let _ = writeln!(out, "groups: {}", summary.groups);
    let _ = writeln!(out, "largest group: {}", summary.largest_group);
    let _ = writeln!(out, "solvable layouts: {}", summary.solvable);
    let _ = writeln!(
        out,
        "farthest from the exit: {} moves, {} layouts:",
        summary.farthest,
        summary.farthest_cases.len()
    );
    for case in &summary.farthest_cases {
        let _ = write!(out, "\n{case}");
    }
    closed_pipe_is_fine(io::stdout().lock().write_all(out.as_bytes()))
}

/// The build's bar: the layouts expanded, of all of them.
#[derive(Debug, Default)]
struct Building(Mutex<Option<ProgressBar>>);

impl Progress for Building {
    fn building(&self, done: u64, total: u64) {
        let mut bar = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        bar.get_or_insert_with(|| progress::bar(total, "steps"))
            .set_position(done);
    }

    fn finished(&self) {
        if let Some(bar) = self.0.lock().unwrap_or_else(PoisonError::into_inner).take() {
            bar.finish_and_clear();
        }
    }
}
