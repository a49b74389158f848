//! `gridsolve package` checked by two real judges' tools: every puzzle of the registry
//! makes a package (with a checktestdata or a Python input validator) that BAPCtools'
//! `bt validate` passes (format version 2025-09, the default) and one that Kattis'
//! `verifyproblem` passes (`--format-version legacy`: its config, data, validator and
//! submission checks; its statement check needs a TeX installation, so it is left out).
//! Both fail on a package with a corrupted secret input (of either kind of input
//! validator), and `verifyproblem` on a corrupted answer too.
//!
//! `bt` and `verifyproblem` come from `.venv-tools` (made by `tools/setup-python.sh`), or
//! from `GRIDSOLVE_BT` and `GRIDSOLVE_VERIFYPROBLEM`; `verifyproblem` also needs `g++`
//! (it compiles the accepted submission, statically). The two tests are `#[ignore]`d, so
//! that `cargo test` neither needs the tools nor spends the minutes they take: `cargo test
//! -p cli --test it -- --ignored` runs them (as `.ci/run` does), and then a missing tool
//! fails them. The other tests here need nothing but the binary.
//!
//! The packages go into a contest directory with a `languages.yaml` that runs Python 3
//! programs with CPython: BAPCtools wants PyPy for the language `python3` and, without
//! it, warns at every start, and `bt` fails on any warning. Its own configuration
//! directory is the contest's too (see [`bt_validate`]). problemtools runs `python3` with
//! PyPy too, and is told otherwise the same way (see [`verify`]).

use crate::common::Scratch;
use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `bt` to run, or the reason there is none.
fn bt() -> Result<PathBuf, String> {
    tool("GRIDSOLVE_BT", "bt")
}

/// The `verifyproblem` to run, or the reason there is none.
fn verifyproblem() -> Result<PathBuf, String> {
    tool("GRIDSOLVE_VERIFYPROBLEM", "verifyproblem")
}

/// The tool `name` of `.venv-tools`, or the one `variable` names, if it runs.
fn tool(variable: &str, name: &str) -> Result<PathBuf, String> {
    let path = match std::env::var_os(variable) {
        Some(path) => PathBuf::from(path),
        None => workspace().join(".venv-tools/bin").join(name),
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

/// The temporary directory of the tools run on `contest`: inside it, so what they leave
/// behind goes with the contest (under the target directory), not into /tmp.
fn temporary(contest: &Path) -> PathBuf {
    let dir = contest.join(".tmp");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The problem's short name for `puzzle`: BAPCtools wants `[a-z0-9]+`, so no `-`.
fn short_name(puzzle: &str) -> String {
    puzzle.replace('-', "")
}

/// Writes the package of `puzzle` into `contest/SHORT` (see [`short_name`]).
fn package(contest: &Path, puzzle: &str) -> PathBuf {
    package_as(contest, puzzle, "2025-09")
}

/// Writes the package of `puzzle` in format `version` into `contest/SHORT`.
fn package_as(contest: &Path, puzzle: &str, version: &str) -> PathBuf {
    let dir = contest.join(short_name(puzzle));
    let out = gridsolve(&[
        "package",
        "--puzzle",
        puzzle,
        "--format-version",
        version,
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
        // Its work folders (`bapctools_*`) in the contest, not in the machine's /tmp.
        .env("TMPDIR", temporary(contest))
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
    let scratch = Scratch::new("package-twice");
    let dir = scratch.path();
    let a = package(dir, "holedox");
    // The same arguments: the same short name, elsewhere.
    let b = dir.join("again/holedox");
    let out = gridsolve(&[
        "package",
        "--puzzle",
        "holedox",
        "--out",
        b.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let files = tree(&a);
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
        let kind = validator_kind(&problem);
        if kinds.contains(&kind) {
            continue;
        }
        kinds.push(kind);
        cut_last_line(&secret_files(&problem, "in")[0]);
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
        ["checktestdata", "python"],
        "both kinds were corrupted"
    );
}

/// The kind of a package's input validator: `checktestdata` (a `.ctd` script) or
/// `python` (a directory with a Python program).
fn validator_kind(problem: &Path) -> &'static str {
    let entries: Vec<PathBuf> = std::fs::read_dir(problem.join("input_validators"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    match entries.as_slice() {
        [one] if one.extension().is_some_and(|e| e == "ctd") => "checktestdata",
        [one] if one.join("validate.py").is_file() => "python",
        other => panic!("{}: input validators {other:?}", problem.display()),
    }
}

/// The secret test files of a package with extension `ext`, sorted.
fn secret_files(problem: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(problem.join("data/secret"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

/// Cuts a file's last line off.
fn cut_last_line(file: &Path) {
    let text = std::fs::read_to_string(file).unwrap();
    let cut = text.trim_end().rfind('\n').unwrap();
    std::fs::write(file, &text[..=cut]).unwrap();
}

/// Runs `verifyproblem` on `problem` (its config, data, validator and submission checks,
/// on the data `filter` names if any), and says whether it passed and what it said.
/// Its configuration directory has a `languages.yaml` that runs `python3` with CPython
/// (problemtools runs it with PyPy by default, which this machine need not have).
fn verify(verifyproblem: &Path, problem: &Path, filter: Option<&str>) -> (bool, String) {
    let config = problem.parent().unwrap().join(".config");
    std::fs::create_dir_all(config.join("problemtools")).unwrap();
    std::fs::write(
        config.join("problemtools/languages.yaml"),
        "python3:\n  name: Python 3 (CPython)\n  compile: python3 -m py_compile {files}\n  run: python3 \"{mainfile}\"\n",
    )
    .unwrap();
    let mut command = Command::new(verifyproblem);
    command.arg(problem);
    if let Some(filter) = filter {
        command.args(["-d", filter]);
    }
    let out = command
        .args(["-p", "config", "data", "validators", "submissions"])
        .env("XDG_CONFIG_HOME", &config)
        // Its work folders in the contest, not in the machine's /tmp.
        .env("TMPDIR", temporary(problem.parent().unwrap()))
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let name = problem.file_name().unwrap().to_string_lossy();
    let passed = out.status.success() && said.contains(&format!("{name} tested: 0 errors"));
    (passed, said)
}

#[test]
#[ignore = "needs Kattis' problemtools (verifyproblem in .venv-tools from tools/setup-python.sh, or GRIDSOLVE_VERIFYPROBLEM), g++, and a few minutes; run with --include-ignored"]
fn verifyproblem_passes_on_every_legacy_package_and_fails_on_corrupted_ones() {
    let verifyproblem = verifyproblem().unwrap_or_else(|reason| {
        panic!("problemtools is missing: {reason} (run tools/setup-python.sh)")
    });
    let scratch = Scratch::new("verifyproblem");
    let puzzles = registered();
    for puzzle in &puzzles {
        let problem = package_as(scratch.path(), puzzle, "legacy");
        let (ok, said) = verify(&verifyproblem, &problem, None);
        assert!(ok, "verifyproblem {puzzle} failed:\n{said}");
        assert!(
            said.contains(&format!("accepted/{puzzle}.cpp (C++) OK: AC")),
            "{puzzle}: the accepted submission was not run:\n{said}"
        );
    }
    // In a package of each kind of input validator, one secret input with its last line
    // cut off (the validator refuses it) and another one's answer made wrong (the
    // accepted submission gets it wrong): verifyproblem must fail on both.
    let mut kinds = Vec::new();
    for puzzle in &puzzles {
        let problem = scratch.path().join(short_name(puzzle));
        let kind = validator_kind(&problem);
        if kinds.contains(&kind) {
            continue;
        }
        kinds.push(kind);
        let inputs = secret_files(&problem, "in");
        cut_last_line(&inputs[0]);
        let answer = inputs[1].with_extension("ans");
        let text = std::fs::read_to_string(&answer).unwrap();
        let (first, rest) = text.split_once('\n').unwrap();
        let wrong = match first.rsplit_once(' ') {
            Some((head, _)) => format!("{head} 12345"),
            None => "12345".to_string(),
        };
        assert_ne!(first, wrong);
        std::fs::write(&answer, format!("{wrong}\n{rest}")).unwrap();
        let stem = |file: &Path| file.file_stem().unwrap().to_string_lossy().into_owned();
        let filter = format!("secret/({}|{})$", stem(&inputs[0]), stem(&inputs[1]));
        let (ok, said) = verify(&verifyproblem, &problem, Some(&filter));
        assert!(
            !ok,
            "verifyproblem {puzzle} passed a corrupted package:\n{said}"
        );
        assert!(
            said.contains("did not accept input"),
            "{puzzle}: the cut input was not refused by the input validator:\n{said}"
        );
        assert!(
            said.contains(&format!("accepted/{puzzle}.cpp (C++) got WA")),
            "{puzzle}: the wrong answer did not fail the accepted submission:\n{said}"
        );
    }
    kinds.sort();
    assert_eq!(
        kinds,
        ["checktestdata", "python"],
        "both kinds were corrupted"
    );
}

/// The files under `dir`, relative to it, sorted.
fn tree(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    files.sort();
    files
}

/// The `uuid:` of a package.
fn uuid_of(problem: &Path) -> String {
    let yaml = std::fs::read_to_string(problem.join("problem.yaml")).unwrap();
    yaml.lines()
        .find_map(|l| l.strip_prefix("uuid: "))
        .unwrap_or_else(|| panic!("no uuid in {yaml}"))
        .to_string()
}

#[test]
fn each_problem_has_its_own_uuid_and_each_format_version_its_own_layout() {
    let scratch = Scratch::new("package-uuids");
    let dir = scratch.path();
    let write = |puzzle: &str, version: &str, out: &str| {
        let path = dir.join(out);
        let run = gridsolve(&[
            "package",
            "--puzzle",
            puzzle,
            "--format-version",
            version,
            "--out",
            path.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
        assert!(run.status.success(), "{stderr}");
        (path, stderr)
    };
    let (holedox, said) = write("holedox", "2025-09", "a/holedox");
    assert_eq!(said, "");
    let (bloxorz, _) = write("bloxorz", "2025-09", "a/bloxorz");
    let (renamed, _) = write("holedox", "2025-09", "a/snake2");
    let (legacy, _) = write("holedox", "legacy", "b/holedox");
    // A short name the judges' tools refuse is written, with a warning.
    let (_, said) = write("holedox", "legacy", "c/Holedox-2");
    assert_eq!(
        said,
        "warning: the short name \"Holedox-2\" (the last component of --out) is not lower \
         case letters and digits only: BAPCtools and problemtools refuse it\n"
    );
    let uuids = [&holedox, &bloxorz, &renamed, &legacy].map(|p| uuid_of(p));
    for uuid in &uuids {
        // 8-4-4-4-12 hex digits, version 8, variant 10.
        let groups: Vec<&str> = uuid.split('-').collect();
        let lengths: Vec<usize> = groups.iter().map(|g| g.len()).collect();
        assert_eq!(lengths, [8, 4, 4, 4, 12], "{uuid}");
        assert!(
            uuid.bytes().all(|b| b == b'-' || b.is_ascii_hexdigit()),
            "{uuid}"
        );
        assert!(groups[2].starts_with('8'), "{uuid}");
        assert!(matches!(&groups[3][..1], "8" | "9" | "a" | "b"), "{uuid}");
    }
    // Different puzzles, or one puzzle under two short names, are different problems;
    // one problem written in both format versions is one problem.
    assert_ne!(uuids[0], uuids[1]);
    assert_ne!(uuids[0], uuids[2]);
    assert_eq!(uuids[0], uuids[3]);

    let modern = tree(&holedox);
    let old = tree(&legacy);
    let has = |files: &[PathBuf], prefix: &str| files.iter().any(|f| f.starts_with(prefix));
    for files in [&modern, &old] {
        assert!(files.contains(&PathBuf::from("submissions/accepted/holedox.cpp")));
        assert!(files.contains(&PathBuf::from("input_validators/holedox.ctd")));
        assert!(has(files, "data/secret"));
    }
    assert!(modern.contains(&PathBuf::from("statement/problem.en.tex")));
    assert!(has(&modern, "data/invalid_input") && has(&modern, "answer_validators"));
    assert!(old.contains(&PathBuf::from("problem_statement/problem.en.tex")));
    assert!(!has(&old, "data/invalid_input") && !has(&old, "answer_validators"));
    let yaml = std::fs::read_to_string(legacy.join("problem.yaml")).unwrap();
    assert!(
        yaml.contains("\nproblem_format_version: legacy\n"),
        "{yaml}"
    );
    assert!(yaml.contains("\nname: Holedox Moving\n"), "{yaml}");
    // The tests are the same in both.
    for file in modern.iter().filter(|f| f.starts_with("data/secret")) {
        assert_eq!(
            std::fs::read(holedox.join(file)).unwrap(),
            std::fs::read(legacy.join(file)).unwrap()
        );
    }
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
