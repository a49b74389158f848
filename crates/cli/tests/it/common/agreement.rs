//! The agreement of a second input validator with `gridsolve validate`, which
//! `checktestdata.rs` and `python_validators.rs` both require: on every fixture input of
//! the validator's puzzle and on every `gridsolve gen --invalid` kind, both accept or
//! both refuse; and each validator accepts something and refuses something.

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn gridsolve(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .args(args)
        .output()
        .unwrap()
}

/// Whether `gridsolve validate` accepts `input` (exit 0) or lists violations (exit 1).
fn validate_accepts(puzzle: &str, input: &Path) -> bool {
    let out = gridsolve(&["validate", "--puzzle", puzzle, input.to_str().unwrap()]);
    match out.status.code() {
        Some(0) => true,
        Some(1) => false,
        other => panic!(
            "validate {puzzle} {}: exit {other:?}\n{}",
            input.display(),
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}

/// One input both validators judge: where it comes from, and its file.
struct Case {
    puzzle: String,
    label: String,
    file: PathBuf,
    /// Made by `gen --invalid`: `gridsolve validate` must refuse it.
    invalid: bool,
}

/// The seeds of every `gen --invalid` kind.
const SEEDS: [u64; 3] = [1, 2, 3];

/// The inputs of `puzzle`: its fixtures, and every `gen --invalid` kind written to
/// `dir`.
fn inputs(puzzle: &str, dir: &Path) -> Vec<Case> {
    let mut cases = Vec::new();
    let fixtures = workspace().join("fixtures").join(puzzle);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&fixtures)
        .unwrap_or_else(|e| panic!("{}: {e}", fixtures.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    files.sort();
    for file in files {
        cases.push(Case {
            puzzle: puzzle.to_string(),
            label: format!("fixture {}", file.display()),
            file,
            invalid: false,
        });
    }
    let list = gridsolve(&["gen", "--puzzle", puzzle, "--invalid", "list"]);
    assert!(list.status.success(), "gen --invalid list for {puzzle}");
    let list = String::from_utf8(list.stdout).unwrap();
    for kind in list
        .lines()
        .filter_map(|line| line.split_whitespace().next())
    {
        for seed in SEEDS {
            let seed = seed.to_string();
            let out = gridsolve(&[
                "gen",
                "--puzzle",
                puzzle,
                "--invalid",
                kind,
                "--seed",
                &seed,
            ]);
            assert!(out.status.success(), "gen --invalid {kind} for {puzzle}");
            let file = dir.join(format!("{puzzle}-{kind}-{seed}.in"));
            std::fs::write(&file, out.stdout).unwrap();
            cases.push(Case {
                puzzle: puzzle.to_string(),
                label: format!("gen --puzzle {puzzle} --invalid {kind} --seed {seed}"),
                file,
                invalid: true,
            });
        }
    }
    cases
}

/// Runs every validator `dir/PUZZLE/validate.ext` (`tool` names it in messages;
/// `accepts` says whether the validator `script` accepts the input file) against
/// `gridsolve validate`.
pub fn validators_agree(
    tool: &str,
    dir: &str,
    ext: &str,
    accepts: impl Fn(&Path, &Path) -> bool + Sync,
) {
    let scripts_dir = workspace().join(dir);
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(&scripts_dir)
        .unwrap()
        .map(|entry| entry.unwrap().path().join(format!("validate.{ext}")))
        .filter(|path| path.is_file())
        .collect();
    scripts.sort();
    assert!(
        !scripts.is_empty(),
        "no script in {}",
        scripts_dir.display()
    );

    let scratch = super::Scratch::new(&format!("agree-{ext}"));
    let dir = scratch.path().to_path_buf();
    let mut cases = Vec::new();
    for script in &scripts {
        let folder = script.parent().unwrap();
        let puzzle = folder.file_name().unwrap().to_str().unwrap();
        assert!(
            puzzles::find(puzzle).is_some(),
            "{}: no puzzle of that name",
            script.display()
        );
        cases.extend(
            inputs(puzzle, &dir)
                .into_iter()
                .map(|case| (script.clone(), case)),
        );
    }

    // Both validators on every input, on two threads (each run starts a Python).
    let results: Vec<(bool, bool)> = std::thread::scope(|scope| {
        let halves: Vec<_> = (0..2)
            .map(|half| {
                let (cases, accepts) = (&cases, &accepts);
                scope.spawn(move || {
                    cases
                        .iter()
                        .skip(half)
                        .step_by(2)
                        .map(|(script, case)| {
                            (
                                accepts(script, &case.file),
                                validate_accepts(&case.puzzle, &case.file),
                            )
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let halves: Vec<Vec<(bool, bool)>> =
            halves.into_iter().map(|h| h.join().unwrap()).collect();
        (0..cases.len()).map(|i| halves[i % 2][i / 2]).collect()
    });

    let mut disagreements = Vec::new();
    for ((_, case), &(ctd, validate)) in cases.iter().zip(&results) {
        if case.invalid {
            assert!(!validate, "{}: gridsolve validate accepts it", case.label);
        }
        if ctd != validate {
            let say = |ok: bool| if ok { "accepts" } else { "refuses" };
            disagreements.push(format!(
                "{}: {tool} {}, gridsolve validate {}",
                case.label,
                say(ctd),
                say(validate)
            ));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    // Not vacuous: each script accepted inputs (its puzzle's valid fixtures) and
    // refused some.
    for script in &scripts {
        let verdicts: Vec<bool> = cases
            .iter()
            .zip(&results)
            .filter(|((s, _), _)| s == script)
            .map(|(_, &(ctd, _))| ctd)
            .collect();
        assert!(
            verdicts.contains(&true),
            "{} accepts nothing",
            script.display()
        );
        assert!(
            verdicts.contains(&false),
            "{} refuses nothing",
            script.display()
        );
    }
}
