//! A second, independent validator: the checktestdata scripts of
//! `crates/packages/problems/PUZZLE/validate.ctd` (the DOMjudge language, run by
//! `pyctd` of the PyPI package `checktestdata`) must agree with `gridsolve validate` on every fixture
//! input of their puzzle and on every `gridsolve gen --invalid` kind: both accept or
//! both refuse.
//!
//! `pyctd` comes from `.venv-tools` (made by `tools/setup-python.sh`), or from
//! `GRIDSOLVE_PYCTD`. The test is `#[ignore]`d, so `cargo test` needs no Python:
//! `cargo test -p cli --test it -- --ignored` runs it (as `.ci/run` does), and then a
//! missing tool fails it.
//!
//! The scripts are compared with what `gridsolve validate` says, never with fixture
//! names: some fixtures are meant to break the judge's rules (boards beyond the judge's
//! limits, which the solvers accept; lenient layouts with `\r\n`, tabs and blank lines,
//! which the readers tolerate), and both validators must refuse exactly those. The
//! specs leave the two no room to differ: a strict validator holds the judge's limits
//! and layout, so no fixture is exempt from the comparison.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::agreement;
use agreement::workspace;

/// The `pyctd` to run, or `None` (with the reason) when there is none.
fn pyctd() -> Result<PathBuf, String> {
    let path = match std::env::var_os("GRIDSOLVE_PYCTD") {
        Some(path) => PathBuf::from(path),
        None => workspace().join(".venv-tools/bin/pyctd"),
    };
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

/// Whether checktestdata accepts `input` under `script`: exit 0 yes, 1 no; anything
/// else (2: an error in the script) fails the test.
fn ctd_accepts(pyctd: &Path, script: &Path, input: &Path) -> bool {
    let out = Command::new(pyctd).arg(script).arg(input).output().unwrap();
    match out.status.code() {
        Some(0) => true,
        Some(1) => false,
        other => panic!(
            "{} {} on {}: exit {other:?}\n{}",
            pyctd.display(),
            script.display(),
            input.display(),
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}

#[test]
#[ignore = "needs checktestdata's pyctd (.venv-tools from tools/setup-python.sh, or GRIDSOLVE_PYCTD); run with --include-ignored"]
fn checktestdata_agrees_with_gridsolve_validate() {
    let pyctd = pyctd().unwrap_or_else(|why| {
        panic!("checktestdata is missing ({why}); run tools/setup-python.sh")
    });
    agreement::validators_agree(
        "checktestdata",
        "crates/packages/problems",
        "ctd",
        |script, input| ctd_accepts(&pyctd, script, input),
    );
}
