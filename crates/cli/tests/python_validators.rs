//! The Python input validators of `validators/python/PUZZLE.py` (the ones `gridsolve
//! package` ships where checktestdata cannot say the rules) must agree with `gridsolve
//! validate` on every fixture input of their puzzle and on every `gridsolve gen
//! --invalid` kind on a few seeds: both accept or both refuse. A validator reads the
//! input on stdin and exits 42 (valid) or 43 (invalid), as BAPCtools runs it.
//!
//! The Python is `GRIDSOLVE_PYTHON`, or the one of `.venv-tools` (made by
//! `tools/setup-python.sh`, like the other tools of these tests, so that README's test
//! command stays quick on a fresh clone). Without it the test says so and passes, unless
//! `GRIDSOLVE_REQUIRE_TOOLS=1` (set by `.ci/run`), where a missing tool fails it.
//!
//! As in `checktestdata.rs`, the verdicts are compared with what `gridsolve validate`
//! says, never with fixture names: the fixtures meant to break the judge's rules (lenient
//! layouts, boards beyond the limits) must be refused by both.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The Python to run, or `None` (with the reason) when there is none.
fn python() -> Result<PathBuf, String> {
    let path = std::env::var_os("GRIDSOLVE_PYTHON")
        .map_or_else(|| workspace().join(".venv-tools/bin/python"), PathBuf::from);
    match Command::new(&path).arg("--version").output() {
        Ok(out) if out.status.success() => Ok(path),
        Ok(out) => Err(format!(
            "{} --version failed: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        )),
        Err(e) => Err(format!("cannot run {}: {e}", path.display())),
    }
}

/// Whether the validator `script` accepts `input`: exit 42 yes, 43 no; anything else (a
/// crash of the script) fails the test.
fn python_accepts(python: &Path, script: &Path, input: &Path) -> bool {
    let out = Command::new(python)
        .arg(script)
        .stdin(Stdio::from(std::fs::File::open(input).unwrap()))
        .output()
        .unwrap();
    match out.status.code() {
        Some(42) => true,
        Some(43) => false,
        other => panic!(
            "{} on {}: exit {other:?}\n{}",
            script.display(),
            input.display(),
            String::from_utf8_lossy(&out.stderr)
        ),
    }
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

#[test]
#[allow(clippy::print_stderr)] // a skipped run says why on stderr
fn python_validators_agree_with_gridsolve_validate() {
    let python = match python() {
        Ok(path) => path,
        Err(why) if std::env::var("GRIDSOLVE_REQUIRE_TOOLS").as_deref() == Ok("1") => {
            panic!("GRIDSOLVE_REQUIRE_TOOLS=1 but Python 3 is missing ({why})")
        }
        Err(why) => {
            eprintln!("skipped: no Python of the tools ({why}); run tools/setup-python.sh");
            return;
        }
    };
    let scripts_dir = workspace().join("validators/python");
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(&scripts_dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "py"))
        .collect();
    scripts.sort();
    assert!(
        !scripts.is_empty(),
        "no validator in {}",
        scripts_dir.display()
    );

    let dir = std::env::temp_dir().join(format!("gridsolve-pyval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut cases = Vec::new();
    for script in &scripts {
        let puzzle = script.file_stem().unwrap().to_str().unwrap();
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
                let (cases, python) = (&cases, &python);
                scope.spawn(move || {
                    cases
                        .iter()
                        .skip(half)
                        .step_by(2)
                        .map(|(script, case)| {
                            (
                                python_accepts(python, script, &case.file),
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
    let _ = std::fs::remove_dir_all(&dir);

    let mut disagreements = Vec::new();
    for ((_, case), &(py, validate)) in cases.iter().zip(&results) {
        if case.invalid {
            assert!(!validate, "{}: gridsolve validate accepts it", case.label);
        }
        if py != validate {
            let say = |ok: bool| if ok { "accepts" } else { "refuses" };
            disagreements.push(format!(
                "{}: the Python validator {}, gridsolve validate {}",
                case.label,
                say(py),
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
    // Not vacuous: each validator accepted inputs (its puzzle's valid fixtures) and
    // refused some.
    for script in &scripts {
        let verdicts: Vec<bool> = cases
            .iter()
            .zip(&results)
            .filter(|((s, _), _)| s == script)
            .map(|(_, &(py, _))| py)
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
