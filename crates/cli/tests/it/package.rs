//! `gridsolve package` checked by the real BAPCtools: every puzzle of the registry makes
//! a package (with a checktestdata or a Python input validator), `bt validate` must pass
//! on each, and must fail on a package with one corrupted secret input (of either kind
//! of input validator).
//!
//! `bt` comes from `.venv-tools` (made by `tools/setup-python.sh`), or from
//! `GRIDSOLVE_BT`. The test is `#[ignore]`d, so that `cargo test` neither needs the tool
//! nor spends the minutes `bt` takes: `cargo test -p cli --test it -- --ignored` runs it
//! (as `.ci/run` does), and then a missing tool fails it. The other tests here need
//! nothing but the binary.
//!
//! The packages go into a contest directory with a `languages.yaml` that runs Python 3
//! programs with CPython: BAPCtools wants PyPy for the language `python3` and, without
//! it, warns at every start, and `bt` fails on any warning. Its own configuration
//! directory is the contest's too (see [`bt_validate`]).

use crate::common::Scratch;
use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `bt` to run, or `None` (with the reason) when there is none.
fn bt() -> Result<PathBuf, String> {
    let path = match std::env::var_os("GRIDSOLVE_BT") {
        Some(path) => PathBuf::from(path),
        None => workspace().join(".venv-tools/bin/bt"),
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

fn gridsolve(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .args(args)
        .output()
        .unwrap()
}

/// A fresh contest directory under the target directory.
fn contest(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("languages.yaml"),
        "python3:\n  compile: python3 -m py_compile {files}\n  run: python3 \"{mainfile}\"\n",
    )
    .unwrap();
    dir
}

/// The problem's short name for `puzzle`: BAPCtools wants `[a-z0-9]+`, so no `-`.
fn short_name(puzzle: &str) -> String {
    puzzle.replace('-', "")
}

/// Writes the package of `puzzle` into `contest/SHORT` (see [`short_name`]).
fn package(contest: &Path, puzzle: &str) -> PathBuf {
    let dir = contest.join(short_name(puzzle));
    let out = gridsolve(&[
        "package",
        "--puzzle",
        puzzle,
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "package {puzzle}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir
}

/// Whether `bt validate` passes on the package of `puzzle` in `contest`, and what it said.
fn bt_validate(bt: &Path, contest: &Path, puzzle: &str) -> (bool, String) {
    let out = Command::new(bt)
        .args(["validate", "--no-bar", "--problem", &short_name(puzzle)])
        .current_dir(contest)
        // BAPCtools remembers every problem's uuid in its configuration directory and
        // warns (so fails) when another directory with the same uuid still exists: a
        // package written elsewhere by hand must not fail the test.
        .env("XDG_CONFIG_HOME", contest.join(".config"))
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), said)
}

/// Every puzzle of the registry.
fn registered() -> Vec<&'static str> {
    puzzles::PUZZLES.iter().map(|p| p.about().name).collect()
}

/// The puzzles that make packages, from `gridsolve package` itself: every one but
/// those it refuses as having no package.
fn packaged() -> Vec<&'static str> {
    registered()
        .into_iter()
        .filter(|puzzle| {
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("probe-{puzzle}"));
            let _ = std::fs::remove_dir_all(&dir);
            let out = gridsolve(&[
                "package",
                "--puzzle",
                puzzle,
                "--out",
                dir.to_str().unwrap(),
            ]);
            let _ = std::fs::remove_dir_all(&dir);
            match out.status.code() {
                Some(0) => true,
                Some(2) => false,
                other => panic!("package {puzzle}: exit {other:?}"),
            }
        })
        .collect()
}

#[test]
fn the_same_arguments_write_the_same_package() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("package-twice");
    let _ = std::fs::remove_dir_all(&dir);
    let a = package(&dir, "holedox");
    let b = dir.join("again");
    let out = gridsolve(&[
        "package",
        "--puzzle",
        "holedox",
        "--out",
        b.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let mut files = Vec::new();
    let mut stack = vec![a.clone()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path.strip_prefix(&a).unwrap().to_path_buf());
            }
        }
    }
    assert!(files.len() > 40, "{files:?}");
    for file in files {
        assert_eq!(
            std::fs::read(a.join(&file)).unwrap(),
            std::fs::read(b.join(&file)).unwrap(),
            "{}",
            file.display()
        );
    }
    // A directory that is not empty is refused (exit 2), not mixed into.
    let out = gridsolve(&[
        "package",
        "--puzzle",
        "holedox",
        "--out",
        a.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
#[ignore = "needs BAPCtools' bt (.venv-tools from tools/setup-python.sh, or GRIDSOLVE_BT) and minutes; run with --include-ignored"]
fn bt_validate_passes_on_every_package_and_fails_on_a_corrupted_one() {
    let bt = bt().unwrap_or_else(|reason| {
        panic!("BAPCtools is missing: {reason} (run tools/setup-python.sh)")
    });
    let puzzles = packaged();
    assert_eq!(puzzles, registered(), "every puzzle makes a package");
    let dir = contest("bt-contest");
    for puzzle in &puzzles {
        let problem = package(&dir, puzzle);
        let secret = std::fs::read_dir(problem.join("data/secret"))
            .unwrap()
            .count();
        assert!(secret >= 40, "{puzzle}: {secret} secret files");
        let (ok, said) = bt_validate(&bt, &dir, puzzle);
        assert!(ok, "bt validate {puzzle} failed:\n{said}");
    }
    // One corrupted secret input (its last line cut off) in a package of each kind of
    // input validator: bt validate must fail.
    let mut kinds = Vec::new();
    for puzzle in &puzzles {
        let problem = dir.join(short_name(puzzle));
        let validators = std::fs::read_dir(problem.join("input_validators"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect::<Vec<_>>()
            .join(",");
        if kinds.contains(&validators) {
            continue;
        }
        kinds.push(validators);
        let mut inputs: Vec<PathBuf> = std::fs::read_dir(problem.join("data/secret"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        inputs.sort();
        let text = std::fs::read_to_string(&inputs[0]).unwrap();
        let cut = text.trim_end().rfind('\n').unwrap();
        std::fs::write(&inputs[0], &text[..=cut]).unwrap();
        let (ok, said) = bt_validate(&bt, &dir, puzzle);
        assert!(
            !ok,
            "bt validate {puzzle} passed on a corrupted input:\n{said}"
        );
        assert!(
            said.contains("rejected"),
            "{puzzle}: not rejected by the input validator:\n{said}"
        );
    }
    kinds.sort();
    assert_eq!(
        kinds,
        ["checktestdata", "validate"],
        "both kinds were corrupted"
    );
}

/// `gridsolve ARGS` as a user the permissions of files apply to: the test's own user,
/// or, for root (whom they do not stop), root without the capabilities that override
/// them (by `setpriv`).
fn gridsolve_without_overrides(args: &[&str], unreadable: &Path) -> std::process::Output {
    if std::fs::read_dir(unreadable).is_err() {
        return gridsolve(args);
    }
    Command::new("setpriv")
        .arg("--bounding-set=-dac_override,-dac_read_search")
        .arg(env!("CARGO_BIN_EXE_gridsolve"))
        .args(args)
        .output()
        .expect("root ignores file permissions: this test needs setpriv (util-linux)")
}

#[test]
fn a_directory_that_cannot_be_listed_is_refused_and_left_as_it_was() {
    use std::os::unix::fs::PermissionsExt;
    let scratch_dir = Scratch::new("package-unlisted");
    let dir = scratch_dir.path();
    let out = dir.join("holedox");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("problem.yaml"), "mine\n").unwrap();
    /// Makes the directory readable again when dropped (so the scratch directory can
    /// be removed), also when the test panics.
    struct Readable<'a>(&'a Path);
    impl Drop for Readable<'_> {
        fn drop(&mut self) {
            let _ = std::fs::set_permissions(self.0, std::fs::Permissions::from_mode(0o755));
        }
    }
    // Writable and searchable, not readable: what it holds is not known.
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o300)).unwrap();
    let readable = Readable(&out);
    let run = gridsolve_without_overrides(
        &[
            "package",
            "--puzzle",
            "holedox",
            "--out",
            out.to_str().unwrap(),
        ],
        &out,
    );
    drop(readable);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.starts_with(&format!("error: cannot read {}: ", out.display())),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("problem.yaml")).unwrap(),
        "mine\n"
    );
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 1);
    assert_eq!(
        std::fs::read_dir(dir).unwrap().count(),
        1,
        "nothing beside it"
    );
}

#[test]
fn a_write_that_fails_midway_leaves_nothing_and_blocks_no_rerun() {
    let scratch_dir = Scratch::new("package-full");
    let dir = scratch_dir.path();
    let out = dir.join("holedox");
    let out_arg = out.to_str().unwrap();
    // A full disk, as the kernel says it to a process past its file size limit (with
    // SIGXFSZ ignored, as the shell passes it on): the larger files fail to write.
    let run = Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 4 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_gridsolve"))
        .args(["package", "--puzzle", "holedox", "--out", out_arg])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(3), "{stderr}");
    assert!(stderr.starts_with("error: cannot write "), "{stderr}");
    assert_eq!(
        std::fs::read_dir(dir).unwrap().count(),
        0,
        "neither DIR nor the partial package is left"
    );
    // A crashed run's leftover beside DIR is not DIR: the rerun writes the package.
    let leftover = dir.join(".holedox.partial-1");
    std::fs::create_dir_all(leftover.join("data")).unwrap();
    let run = gridsolve(&["package", "--puzzle", "holedox", "--out", out_arg]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(out.join("problem.yaml").is_file());
    assert!(out.join("data/secret").is_dir());
}
