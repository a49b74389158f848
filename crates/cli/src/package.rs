//! `gridsolve package`: a judge problem package in the Kattis/CLICS problem package
//! format, built from what a puzzle's [`puzzles::Package`] says (the `packages` crate:
//! its statement, validators and an accepted submission written apart from the solver,
//! and the files written from them, [`packages::files`]) and from gridsolve's own
//! generators, validator and solver (the sample, the secret tests and their answers,
//! the invalid inputs).
//!
//! Two format versions, as `--format-version` picks: `2025-09`, the one BAPCtools reads
//! (and the only one it reads), and `legacy`, the one Kattis' problemtools reads in full
//! (it reads `legacy` and `2023-07-draft`, not `2025-09`, and warns that its support of
//! the draft is "very incomplete"). No one version is read by both.
//!
//! ```text
//! DIR/problem.yaml                      name, uuid, format version; why the output
//!                                       validator it has (or none)
//! DIR/statement/problem.en.tex          the statement, written from the spec (legacy:
//!                                       problem_statement/problem.en.tex)
//! DIR/data/sample/1.in, 1.ans           the spec's sample, answered by the solver
//! DIR/data/secret/NAME.in, NAME.ans     the puzzle's tests, generated, answered by the solver
//! DIR/data/invalid_input/KIND.in        one `gen --invalid KIND` input per kind (2025-09)
//! DIR/input_validators/PUZZLE.ctd       the checktestdata script of the input, or
//! DIR/input_validators/validate/        validate.py, where checktestdata cannot say the rules
//! DIR/answer_validators/answer/         answer.py: one answer line of the right shape per
//!                                       case (2025-09)
//! DIR/output_validator/replay.py        the puzzle's special judge, where any solution is
//!                                       right (legacy: output_validators/replay/replay.py)
//! DIR/data/test_group.yaml              with that judge (2025-09): its output is case
//!                                       sensitive
//! DIR/submissions/accepted/PUZZLE.cpp   a solution, which problemtools runs on every test
//! ```
//!
//! The same arguments write the same bytes: the tests come from seeded generators, and
//! the uuid from the puzzle and the problem's short name. The package is written beside
//! DIR and renamed into place when complete, so a failure (a full disk) leaves no half
//! package behind.

use crate::Failure;
use crate::options::{PuzzleArg, puzzle_parser};
use clap::ValueHint;
use puzzles::{GenError, Input, Limits, Options, Package, Puzzle};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// `gridsolve package`: write a problem package into a new directory.
#[derive(Debug, clap::Args)]
pub(crate) struct PackageArgs {
    /// The puzzle to package.
    #[arg(short, long, value_parser = puzzle_parser())]
    puzzle: PuzzleArg,

    /// The problem directory to write: new or empty (it is written beside, as
    /// `.DIR.partial-PID`, and renamed into place when complete). Its last component is
    /// the problem's short name: lower case letters and digits only, as BAPCtools and
    /// problemtools want (another is written, with a warning).
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    out: PathBuf,

    /// The problem package format version: `2025-09` for BAPCtools (`bt validate`),
    /// `legacy` for Kattis' problemtools (`verifyproblem`); neither tool reads the other's.
    #[arg(long, value_enum, value_name = "VERSION", default_value = "2025-09")]
    format_version: FormatVersion,
}

/// A version of the problem package format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum FormatVersion {
    /// The 2025-09 version, which BAPCtools reads.
    #[value(name = "2025-09")]
    V2025_09,
    /// The legacy version, which Kattis' problemtools reads.
    Legacy,
}

/// Writes the package `args` asks for.
pub(crate) fn run(args: &PackageArgs) -> Result<(), Failure> {
    let puzzle = args.puzzle.0;
    let name = puzzle.about().name;
    let Some(package) = puzzle.package() else {
        let lacks = puzzle
            .require(puzzles::Capability::Package)
            .err()
            .map_or_else(
                || format!("{name} has no problem package"),
                |l| l.to_string(),
            );
        return Err(Failure::Usage(format!(
            "{lacks} (packages: {})",
            packaged()
        )));
    };
    let out = &args.out;
    refuse_unfit(out)?;
    let short_name = out.file_name().map(|n| n.to_string_lossy().into_owned());
    if let Some(short) = short_name.as_deref().filter(|n| !is_short_name(n)) {
        crate::warn(&format!(
            "the short name {short:?} (the last component of --out) is not lower case \
             letters and digits only: BAPCtools and problemtools refuse it"
        ));
    }
    let format = match args.format_version {
        FormatVersion::V2025_09 => packages::FormatVersion::V2025_09,
        FormatVersion::Legacy => packages::FormatVersion::Legacy,
    };
    let files = files(puzzle, package, format, short_name.as_deref().unwrap_or(""))?;
    let partial = Partial::new(out)?;
    for (path, bytes) in &files {
        let path = partial.dir.join(path);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)
                .map_err(|e| Failure::io(format!("create {}", dir.display()), &e))?;
        }
        fs::write(&path, bytes)
            .map_err(|e| Failure::io(format!("write {}", path.display()), &e))?;
    }
    partial.finish(out)
}

/// Whether `name` is a problem short name both judges' tools take: `[a-z0-9]+`.
fn is_short_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// Refuses a DIR that holds anything, or that cannot be listed (so what it holds is
/// not known): the package goes into a new or empty directory only.
fn refuse_unfit(out: &Path) -> Result<(), Failure> {
    let cannot = |e: &std::io::Error| Failure::io(format!("read {}", out.display()), e);
    match fs::read_dir(out) {
        Ok(mut entries) => match entries.next() {
            None => Ok(()),
            Some(Ok(_)) => Err(Failure::Usage(format!(
                "{} is not empty: the package goes into a new or empty directory",
                out.display()
            ))),
            Some(Err(e)) => Err(cannot(&e)),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(cannot(&e)),
    }
}

/// The package being written: a directory beside DIR (`.NAME.partial-PID`, in the same
/// parent so it can be renamed into place), removed when dropped unless finished. A
/// failed or interrupted run never leaves DIR half written, and its leftover (after a
/// crash) is not DIR, so it blocks no rerun.
struct Partial {
    dir: PathBuf,
    finished: bool,
}

impl Partial {
    /// A new, empty directory beside `out`.
    fn new(out: &Path) -> Result<Partial, Failure> {
        let Some(name) = out.file_name() else {
            return Err(Failure::Usage(format!(
                "{} names no directory to write the package into",
                out.display()
            )));
        };
        let parent = match out.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        fs::create_dir_all(parent)
            .map_err(|e| Failure::io(format!("create {}", parent.display()), &e))?;
        let mut partial = std::ffi::OsString::from(".");
        partial.push(name);
        partial.push(format!(".partial-{}", std::process::id()));
        let dir = parent.join(partial);
        // Only a crashed run of an earlier process with this id can have left it.
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir(&dir).map_err(|e| Failure::io(format!("create {}", dir.display()), &e))?;
        Ok(Partial {
            dir,
            finished: false,
        })
    }

    /// Renames the complete package to `out` (over an empty directory, if there is one).
    fn finish(mut self, out: &Path) -> Result<(), Failure> {
        fs::rename(&self.dir, out).map_err(|e| {
            Failure::io(
                format!(
                    "move the package from {} to {}",
                    self.dir.display(),
                    out.display()
                ),
                &e,
            )
        })?;
        self.finished = true;
        Ok(())
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        if !self.finished {
            let _ = fs::remove_dir_all(&self.dir);
        }
    }
}

/// The puzzles that make packages, for the error of one that does not.
fn packaged() -> String {
    puzzles::PUZZLES
        .iter()
        .filter(|p| p.package().is_some())
        .map(|p| p.about().name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every file of the package, by its path inside the problem directory: those of
/// [`packages::files`], then the sample, the secret tests and (2025-09) the invalid
/// inputs.
fn files(
    puzzle: &dyn Puzzle,
    package: &Package,
    format: packages::FormatVersion,
    short_name: &str,
) -> Result<Vec<(PathBuf, Vec<u8>)>, Failure> {
    let mut files = packages::files(puzzle.about().name, package, format, short_name);
    let sample = puzzle.about().sample.as_bytes().to_vec();
    files.extend(test(puzzle, "data/sample/1", sample)?);
    let bar = crate::progress::bar(package.tests.len() as u64, "tests");
    for (test_name, gen_args) in package.tests {
        bar.set_message(*test_name);
        let input = generate(puzzle, test_name, gen_args)?;
        files.extend(test(puzzle, &format!("data/secret/{test_name}"), input)?);
        bar.inc(1);
    }
    bar.finish_and_clear();
    if format != packages::FormatVersion::Legacy {
        // The legacy format has no invalid inputs (problemtools refuses a data group
        // other than sample and secret; it tries junk inputs of its own instead).
        files.extend(invalid_inputs(puzzle)?);
    }
    Ok(files)
}

/// `data/invalid_input/KIND.in`: one `gen --invalid KIND` input per kind of the puzzle,
/// each refused by the strict validator (else the package is not written).
fn invalid_inputs(puzzle: &dyn Puzzle) -> Result<Vec<(PathBuf, Vec<u8>)>, Failure> {
    let mut files = Vec::new();
    let generator = crate::generator(puzzle)?;
    for kind in generator.invalid_kinds() {
        let mut input = Vec::new();
        generator
            .generate_invalid(kind.name, 1, &mut input)
            .map_err(|e| gen_failure(e, kind.name))?;
        let report = puzzle
            .validate(Input::bytes(&input), 1)
            .map_err(|e| Failure::io(format!("validate invalid input {}", kind.name), &e))?;
        if report.violations.is_empty() {
            return Err(Failure::Input(format!(
                "gen --invalid {} made an input the strict validator accepts",
                kind.name
            )));
        }
        files.push((
            PathBuf::from(format!("data/invalid_input/{}.in", kind.name)),
            input,
        ));
    }
    Ok(files)
}

/// The input `gen_args` (`--family F --seed S --rows N ...`) describe.
fn generate(puzzle: &dyn Puzzle, test_name: &str, gen_args: &str) -> Result<Vec<u8>, Failure> {
    let mut options = Options::new();
    let mut words = gen_args.split_whitespace();
    while let Some(flag) = words.next() {
        let (Some(option), Some(value)) = (flag.strip_prefix("--"), words.next()) else {
            return Err(Failure::Usage(format!(
                "test {test_name}: `{gen_args}` is not a list of `--option value`"
            )));
        };
        options.set(option, value);
    }
    let mut input = Vec::new();
    crate::generator(puzzle)?
        .generate(&options, &mut input)
        .map_err(|e| gen_failure(e, test_name))?;
    Ok(input)
}

/// A generator's failure for the test or kind `what`.
fn gen_failure(e: GenError, what: &str) -> Failure {
    match e {
        GenError::Usage(e) => Failure::Usage(format!("{what}: {e}")),
        GenError::Io(e) => Failure::io(format!("generate {what}"), &e),
        e => Failure::Usage(format!("{what}: {e}")),
    }
}

/// The files `STEM.in` (`input`) and `STEM.ans` (gridsolve's judge output of it); an
/// input the strict validator refuses is a bug of the package's tests, never written.
fn test(
    puzzle: &dyn Puzzle,
    stem: &str,
    input: Vec<u8>,
) -> Result<[(PathBuf, Vec<u8>); 2], Failure> {
    let report = puzzle
        .validate(Input::bytes(&input), 5)
        .map_err(|e| Failure::io(format!("validate {stem}.in"), &e))?;
    if !report.violations.is_empty() {
        let mut message = format!("{stem}.in breaks the judge's rules:");
        for v in &report.violations {
            let _ = write!(message, "\n  {v}");
        }
        return Err(Failure::Input(message));
    }
    let answer = puzzle
        .judge(Input::bytes(&input), &Options::new(), Limits::NONE)
        .map_err(|e| Failure::Input(e.describe(&format!("{stem}.in"))))?;
    Ok([
        (PathBuf::from(format!("{stem}.in")), input),
        (PathBuf::from(format!("{stem}.ans")), answer.into_bytes()),
    ])
}
