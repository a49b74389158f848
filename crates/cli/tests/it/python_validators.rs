//! The Python input validators of `crates/packages/problems/PUZZLE/validate.py` (the ones
//! `gridsolve package` ships where checktestdata cannot say the rules) must agree with
//! `gridsolve validate` on every fixture input of their puzzle and on every `gridsolve
//! gen --invalid` kind on a few seeds: both accept or both refuse. A validator reads the
//! input on stdin and exits 42 (valid) or 43 (invalid), as BAPCtools runs it.
//!
//! The Python is `GRIDSOLVE_PYTHON`, or the one of `.venv-tools` (made by
//! `tools/setup-python.sh`, like the other tools of these tests, so that README's test
//! command stays quick on a fresh clone). The test is `#[ignore]`d: `cargo test -p cli
//! --test it -- --ignored` runs it (as `.ci/run` does), and then a missing Python fails
//! it.
//!
//! As in `checktestdata.rs`, the verdicts are compared with what `gridsolve validate`
//! says, never with fixture names: the fixtures meant to break the judge's rules (lenient
//! layouts, boards beyond the limits) must be refused by both.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::agreement;
use agreement::workspace;

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

#[test]
#[ignore = "needs the Python of .venv-tools (tools/setup-python.sh, or GRIDSOLVE_PYTHON); run with --include-ignored"]
fn python_validators_agree_with_gridsolve_validate() {
    let python = python()
        .unwrap_or_else(|why| panic!("no Python of the tools ({why}); run tools/setup-python.sh"));
    agreement::validators_agree(
        "the Python validator",
        "crates/packages/problems",
        "py",
        |script, input| python_accepts(&python, script, input),
    );
}
