//! The judge problem packages of gridsolve's puzzles (the Kattis/CLICS problem package
//! format): for each puzzle that has one, the words and scripts only that puzzle knows,
//! as files of its own folder `problems/PUZZLE/` (the title and secret tests in
//! `problem.txt`, `statement.tex`, the input validator `validate.ctd` or `validate.py`,
//! `answer.py`, optionally `output.py`, and the accepted submission `accepted.cpp`), and
//! [`files`], the package's files written from them.
//!
//! `gridsolve package` adds what only a solver can make: the spec's sample and the
//! generated secret tests with their answers, and the `gen --invalid` inputs. This crate
//! knows no puzzle: a folder is a puzzle's by its name ([`find`]), and the puzzle
//! contract's capabilities name the package (`packages::find(NAME)`).

#![deny(missing_docs)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

include!(concat!(env!("OUT_DIR"), "/problems.rs"));

/// What `gridsolve package` needs of a judge puzzle to write a problem package (the
/// Kattis/CLICS format as BAPCtools reads it): the words and scripts only the puzzle
/// knows. The CLI adds the spec's sample, the generated tests with the solver's answers
/// and the `gen --invalid` inputs.
#[derive(Clone, Copy, Debug)]
pub struct Package {
    /// The problem's title (`name` in `problem.yaml`, `\problemname` of the statement).
    pub title: &'static str,
    /// The statement body in LaTeX, written from the spec: the text, then the `Input`
    /// and `Output` environments (BAPCtools' `problem.en.tex` after `\problemname`).
    pub statement: &'static str,
    /// The input validator: exactly the judge's rules of an input, as
    /// `gridsolve validate` checks them.
    pub input_validator: InputValidator,
    /// The answer validator, a Python 3 program run as `answer.py INPUT < ANSWER`
    /// (exit 42 yes, 43 no): one answer line per query or case of INPUT, each of the
    /// output's shape (the answers themselves come from the solver).
    pub answer_validator: &'static str,
    /// The custom output validator, for a format whose answer the default token diff
    /// cannot judge (the judges' 8-puzzle, where any solution is right): a Python 3
    /// program run as `validate.py INPUT ANSWER FEEDBACK_DIR < OUTPUT` that replays the
    /// team's moves (exit 42 accepted, 43 wrong answer). `None`: the default validator.
    pub output_validator: Option<&'static str>,
    /// The secret tests: a name each and the `gridsolve gen` arguments that make it
    /// (`--family F --seed S ...`), across the families, at the judge's maxima and the
    /// adversarial ones.
    pub tests: &'static [(&'static str, &'static str)],
    /// The accepted submissions, written apart from the solver, which problemtools runs
    /// on every test (`submissions/accepted/FILE`).
    pub accepted: &'static [Submission],
}

/// The input validator of a [`Package`], in the language that can say the puzzle's rules.
#[derive(Clone, Copy, Debug)]
pub enum InputValidator {
    /// A checktestdata script (`problems/PUZZLE/validate.ctd` of this crate), for
    /// formats of counted tokens and ranges.
    Checktestdata(&'static str),
    /// A Python 3 program (`problems/PUZZLE/validate.py` of this crate) run as
    /// `validate.py < INPUT`, exit 42 for a valid input and 43 for an invalid one (the
    /// Kattis convention), for rules checktestdata cannot say (connected pieces, lines
    /// that refer to cells).
    Python(&'static str),
}

/// A submission of a [`Package`]: its file name in the package (`PUZZLE.cpp`) and its
/// source.
#[derive(Clone, Copy, Debug)]
pub struct Submission {
    /// The file name, `PUZZLE.EXT`.
    pub file: &'static str,
    /// The source.
    pub source: &'static str,
}

/// The package of the puzzle called `name` (its `--puzzle` value), if it has one.
pub fn find(name: &str) -> Option<&'static Package> {
    PROBLEMS
        .iter()
        .find(|(problem, _)| *problem == name)
        .map(|(_, package)| package)
}

/// The names of the puzzles that have a package, sorted.
pub fn names() -> impl Iterator<Item = &'static str> {
    PROBLEMS.iter().map(|(name, _)| *name)
}

/// A version of the problem package format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatVersion {
    /// The 2025-09 version, which BAPCtools reads.
    V2025_09,
    /// The legacy version, which Kattis' problemtools reads.
    Legacy,
}

/// The files of the package of `puzzle` that come from its [`Package`] alone, by their
/// paths inside the problem directory whose last component is `short_name`:
/// `problem.yaml`, the statement, the validators and the accepted submissions (the
/// caller adds the sample, the secret tests and the invalid inputs).
pub fn files(
    puzzle: &str,
    package: &Package,
    format: FormatVersion,
    short_name: &str,
) -> Vec<(PathBuf, Vec<u8>)> {
    let legacy = format == FormatVersion::Legacy;
    let (statement_dir, problem_name) = if legacy {
        ("problem_statement", package.title)
    } else {
        // BAPCtools fills the name in from problem.yaml.
        ("statement", "")
    };
    let uuid = uuid(&[("puzzle", puzzle), ("name", short_name)]);
    let mut files = vec![
        (
            PathBuf::from("problem.yaml"),
            problem_yaml(puzzle, package, format, &uuid).into_bytes(),
        ),
        (
            Path::new(statement_dir).join("problem.en.tex"),
            format!("\\problemname{{{problem_name}}}\n\n{}", package.statement).into_bytes(),
        ),
        match package.input_validator {
            // A file of its own: problemtools reads a `.ctd` only as a file, not as a
            // directory's program.
            InputValidator::Checktestdata(script) => (
                Path::new("input_validators").join(format!("{puzzle}.ctd")),
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
    for submission in package.accepted {
        files.push((
            Path::new("submissions/accepted").join(submission.file),
            submission.source.as_bytes().to_vec(),
        ));
    }
    files
}

/// `problem.yaml`: the title, the uuid, and why the default output validator (a token
/// diff) is enough, in the format version's own keys.
fn problem_yaml(name: &str, package: &Package, format: FormatVersion, uuid: &str) -> String {
    let (version, reader) = match format {
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
    let custom = package.output_validator.is_some();
    if custom {
        let (place, key) = match format {
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
    let title = package.title;
    match format {
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
        let mut hash = grid_core::Fnv1a64::new();
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_problem_is_found_by_its_name_and_has_its_parts() {
        assert!(names().count() >= 2, "the problems folder was bundled");
        for name in names() {
            let package = find(name).expect("found by its name");
            assert!(
                !package.title.is_empty() && !package.statement.is_empty(),
                "{name}"
            );
            assert!(!package.answer_validator.is_empty(), "{name}");
            assert!(
                !package.accepted.is_empty(),
                "{name}: an accepted submission"
            );
            let tests: BTreeSet<&str> = package.tests.iter().map(|(test, _)| *test).collect();
            assert_eq!(
                tests.len(),
                package.tests.len(),
                "{name}: a test name twice"
            );
            for (test, args) in package.tests {
                let words: Vec<&str> = args.split_whitespace().collect();
                assert!(
                    words.len() % 2 == 0 && words.iter().step_by(2).all(|w| w.starts_with("--")),
                    "{name}: test {test}: {args:?} is not `--option value` pairs"
                );
            }
        }
        assert!(find("no such puzzle").is_none());
    }

    #[test]
    fn a_package_s_files_follow_its_format_version() {
        let name = names().next().expect("a problem");
        let package = find(name).expect("found");
        let paths = |format| -> Vec<PathBuf> {
            files(name, package, format, "short")
                .into_iter()
                .map(|(path, _)| path)
                .collect()
        };
        let modern = paths(FormatVersion::V2025_09);
        let legacy = paths(FormatVersion::Legacy);
        assert!(modern.contains(&PathBuf::from("statement/problem.en.tex")));
        assert!(modern.contains(&PathBuf::from("answer_validators/answer/answer.py")));
        assert!(legacy.contains(&PathBuf::from("problem_statement/problem.en.tex")));
        assert!(!legacy.iter().any(|p| p.starts_with("answer_validators")));
        let accepted = Path::new("submissions/accepted").join(format!("{name}.cpp"));
        assert!(modern.contains(&accepted) && legacy.contains(&accepted));
    }

    #[test]
    fn the_uuid_is_a_version_8_uuid_of_the_identity() {
        let one = uuid(&[("puzzle", "a"), ("name", "b")]);
        assert_eq!(one, uuid(&[("puzzle", "a"), ("name", "b")]));
        assert_ne!(one, uuid(&[("puzzle", "a"), ("name", "c")]));
        let groups: Vec<&str> = one.split('-').collect();
        let lengths: Vec<usize> = groups.iter().map(|g| g.len()).collect();
        assert_eq!(lengths, [8, 4, 4, 4, 12], "{one}");
        assert!(groups[2].starts_with('8'), "version 8: {one}");
        assert!("89ab".contains(&groups[3][..1]), "variant 10: {one}");
    }
}
