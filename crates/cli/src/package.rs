//! `gridsolve package`: a judge problem package in the Kattis/CLICS problem package
//! format, built from what a puzzle's [`puzzles::Package`] says, from gridsolve's own
//! generators, validator and solver, and from an accepted submission written apart from
//! the solver (`package/accepted/PUZZLE.cpp`, bundled by `build.rs`).
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
use puzzles::{GenError, Input, InputValidator, Limits, Options, Package, Puzzle};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

include!(concat!(env!("OUT_DIR"), "/accepted.rs"));

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
    let problem = Problem {
        puzzle,
        package,
        format: args.format_version,
        uuid: uuid(&[
            ("puzzle", name),
            ("name", short_name.as_deref().unwrap_or("")),
        ]),
    };
    let files = files(&problem)?;
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

/// What one package is made of.
struct Problem<'a> {
    puzzle: &'a dyn Puzzle,
    package: &'a Package,
    format: FormatVersion,
    uuid: String,
}

/// Every file of the package, by its path inside the problem directory.
fn files(problem: &Problem<'_>) -> Result<Vec<(PathBuf, Vec<u8>)>, Failure> {
    let Problem {
        puzzle,
        package,
        format,
        ..
    } = *problem;
    let name = puzzle.about().name;
    let legacy = format == FormatVersion::Legacy;
    let (statement_dir, problem_name) = if legacy {
        ("problem_statement", package.title)
    } else {
        // BAPCtools fills the name in from problem.yaml.
        ("statement", "")
    };
    let mut files = vec![
        (
            PathBuf::from("problem.yaml"),
            problem_yaml(problem).into_bytes(),
        ),
        (
            Path::new(statement_dir).join("problem.en.tex"),
            format!("\\problemname{{{problem_name}}}\n\n{}", package.statement).into_bytes(),
        ),
        match package.input_validator {
            // A file of its own: problemtools reads a `.ctd` only as a file, not as a
            // directory's program.
            InputValidator::Checktestdata(script) => (
                Path::new("input_validators").join(format!("{name}.ctd")),
                script.as_bytes().to_vec(),
            ),
            InputValidator::Python(program) => (
                PathBuf::from("input_validators/validate/validate.py"),
                program.as_bytes().to_vec(),
            ),
        },
    ];
    if !legacy {
        files.push((
            PathBuf::from("answer_validators/answer/answer.py"),
            package.answer_validator.as_bytes().to_vec(),
        ));
    }
    if let Some(program) = package.output_validator {
        // 2025-09 has one output validator, `output_validator/`; legacy any number, each
        // a directory of `output_validators/`.
        let path = if legacy {
            "output_validators/replay/replay.py"
        } else {
            "output_validator/replay.py"
        };
        files.push((PathBuf::from(path), program.as_bytes().to_vec()));
        if !legacy {
            // Moves are letters of one case (gridsolve check holds paths to their case
            // too): BAPCtools then does not expect the validator to take a team's
            // output in swapped case. (Spaces it may: the validators forgive them.)
            files.push((
                PathBuf::from("data/test_group.yaml"),
                b"output_validator_args: [case_sensitive]\n".to_vec(),
            ));
        }
    }
    for (_, file, source) in ACCEPTED.iter().filter(|(p, _, _)| *p == name) {
        files.push((
            Path::new("submissions/accepted").join(file),
            source.as_bytes().to_vec(),
        ));
    }
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
    if !legacy {
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

/// `problem.yaml`: the title, the uuid, and why the default output validator (a token
/// diff) is enough, in the format version's own keys.
fn problem_yaml(problem: &Problem<'_>) -> String {
    let name = problem.puzzle.about().name;
    let (version, reader) = match problem.format {
        FormatVersion::V2025_09 => (
            "2025-09",
            "BAPCtools reads it (`bt validate` in this directory)",
        ),
        FormatVersion::Legacy => (
            "legacy",
            "Kattis' problemtools reads it (`verifyproblem DIR`)",
        ),
    };
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Written by `gridsolve package --puzzle {name} --format-version {version}`: the\n\
         # Kattis/CLICS problem package format {version}, as {reader}.\n\
         #"
    );
    let custom = problem.package.output_validator.is_some();
    if custom {
        let (place, key) = match problem.format {
            FormatVersion::V2025_09 => (
                "output_validator/",
                "(its presence says so: this version has no `validation` key)",
            ),
            FormatVersion::Legacy => ("output_validators/replay/", "(`validation: custom`)"),
        };
        let _ = writeln!(
            text,
            "# A custom output validator, {place} {key}: an answer is a\n\
             # solution, and any solution is right, as the judges' special judge takes it; it\n\
             # replays the team's moves. `gridsolve check` judges such answers the same way."
        );
    } else {
        let _ = writeln!(
            text,
            "# No output validator: every judge answer is one line of whole tokens (a number,\n\
             # or the word for no solution), so the default one, a whitespace-tolerant token\n\
             # diff, judges it. `gridsolve check --kattis` is the one to use where paths\n\
             # should be judged too."
        );
    }
    let validation = if custom { "custom" } else { "default" };
    let title = problem.package.title;
    let uuid = &problem.uuid;
    match problem.format {
        FormatVersion::V2025_09 => {
            let _ = writeln!(
                text,
                "problem_format_version: 2025-09\n\
                 type: pass-fail\n\
                 name:\n  en: {title}\n\
                 uuid: {uuid}\n\
                 credits: gridsolve\n\
                 license: unknown"
            );
        }
        FormatVersion::Legacy => {
            let _ = writeln!(
                text,
                "problem_format_version: legacy\n\
                 type: pass-fail\n\
                 name: {title}\n\
                 uuid: {uuid}\n\
                 author: gridsolve\n\
                 license: unknown\n\
                 validation: {validation}"
            );
        }
    }
    text
}

/// A uuid made from the problem's identity (`key`, `value` pairs: the puzzle and the
/// short name), so the same arguments give the same uuid and different problems
/// different ones: two FNV-1a hashes of the pairs, shaped as a version 8 uuid (RFC 9562:
/// made by the application's own rule, as BAPCtools' are).
fn uuid(identity: &[(&str, &str)]) -> String {
    let hash = |salt: u8| {
        let mut hash = puzzles::Fnv1a64::new();
        hash.write(&[salt]);
        for (key, value) in identity {
            for piece in [key.as_bytes(), b"=", value.as_bytes(), b"\n"] {
                hash.write(piece);
            }
        }
        hash.finish()
    };
    let (a, b) = (hash(1), hash(2));
    let a = (a & !0xf000) | 0x8000;
    let b = (b & !(0xc << 60)) | (0x8 << 60);
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        a >> 32,
        (a >> 16) & 0xffff,
        a & 0xffff,
        b >> 48,
        b & 0xffff_ffff_ffff
    )
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
