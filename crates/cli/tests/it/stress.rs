//! `gridsolve stress` on real programs nobody here wrote to be wrong: the reference
//! binaries of `../shared/reference/bin` (beside the checkout; a test that needs them
//! says so on stderr and passes when they are not there, unless
//! `GRIDSOLVE_REQUIRE_REFERENCES=1`, which `.ci/run` sets whenever they are), one of
//! them fed a board without its fragile cells, and programs that sleep, crash or do not
//! exist.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// `../shared/reference/bin`, or `None` (said on stderr) when it is not beside the
/// checkout and `GRIDSOLVE_REQUIRE_REFERENCES` does not ask for it.
#[allow(clippy::print_stderr)] // a skipped test says why on stderr
fn references() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference/bin");
    if dir.join("holedox-ref").is_file() && dir.join("bloxorz-ref").is_file() {
        return Some(dir);
    }
    assert!(
        std::env::var_os("GRIDSOLVE_REQUIRE_REFERENCES").is_none(),
        "the reference programs are missing from {}",
        dir.display()
    );
    eprintln!(
        "skipped: the reference programs are not in {}",
        dir.display()
    );
    None
}

/// A directory of this test's own, empty.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridsolve-stress-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `gridsolve stress ARGS`, run in `dir`.
fn stress(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .arg("stress")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `gridsolve ARGS` on `input`, its stdout.
fn gridsolve(args: &[&str], input: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .args(args)
        .arg(input)
        .output()
        .unwrap()
}

/// The first line's numbers of an input.
fn header(input: &str) -> Vec<usize> {
    input
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

/// A program's stdout on `input`.
fn run_on(program: &Path, input: &Path) -> String {
    let output = Command::new(program)
        .stdin(std::fs::File::open(input).unwrap())
        .output()
        .unwrap();
    text(&output.stdout)
}

#[test]
fn holedox_ref_s_tail_rule_bug_is_found_and_shrunk_to_a_lair_of_at_most_6_cells() {
    let Some(references) = references() else {
        return;
    };
    let program = references.join("holedox-ref");
    let dir = scratch("holedox");
    let started = Instant::now();
    let output = stress(
        &dir,
        &[
            "--puzzle",
            "holedox",
            "--cases",
            "300",
            "--",
            program.to_str().unwrap(),
        ],
    );
    let seconds = started.elapsed().as_secs_f64();
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert!(
        stdout.starts_with("stress: wrong answer on case "),
        "{stdout}"
    );
    let file = dir.join("stress-fail.in");
    let input = std::fs::read_to_string(&file).unwrap();
    let [rows, cols, _length] = header(&input)[..] else {
        panic!("{input}")
    };
    assert!(rows * cols <= 6, "a lair of {rows} x {cols}:\n{input}");
    assert!(stdout.contains(&input), "the input is shown:\n{stdout}");
    // On its own: a valid judge input on which holedox-ref still disagrees with
    // gridsolve, whose answer the report shows as expected.
    assert!(
        gridsolve(&["validate", "--puzzle", "holedox"], &file)
            .status
            .success()
    );
    let ours = text(&gridsolve(&["--puzzle", "holedox"], &file).stdout);
    assert_ne!(run_on(&program, &file), ours, "{input}");
    assert!(
        stdout.contains(&format!("--- expected (gridsolve)\n{ours}")),
        "{stdout}"
    );
    assert!(seconds < 30.0, "{seconds} s");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_judge_size_holedox_failure_is_shrunk_too() {
    // With --cases 1 the one input is drawn at the judge's size (lairs of 10 to 20 on a
    // side, snakes of 4 to 8): some seed of the first twenty makes holedox-ref fail.
    let Some(references) = references() else {
        return;
    };
    let program = references.join("holedox-ref");
    let dir = scratch("judge-size");
    let failed = (1..=20).find_map(|seed| {
        let seed = seed.to_string();
        let output = stress(
            &dir,
            &[
                "--puzzle",
                "holedox",
                "--seed",
                &seed,
                "--cases",
                "1",
                "--",
                program.to_str().unwrap(),
            ],
        );
        (output.status.code() == Some(1)).then(|| text(&output.stdout))
    });
    let stdout = failed.expect("holedox-ref fails on some judge-size input");
    let found = stdout.lines().next().unwrap();
    let rows: usize = found
        .split("--rows ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(rows >= 10, "{found}");
    let input = std::fs::read_to_string(dir.join("stress-fail.in")).unwrap();
    let [rows, cols, _length] = header(&input)[..] else {
        panic!("{input}")
    };
    assert!(rows * cols <= 6, "a lair of {rows} x {cols}:\n{input}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_run_is_reproducible_from_its_seed() {
    let Some(references) = references() else {
        return;
    };
    let program = references.join("holedox-ref");
    let dir = scratch("seed");
    let args = [
        "--puzzle",
        "holedox",
        "--seed",
        "77",
        "--cases",
        "300",
        "--",
        program.to_str().unwrap(),
    ];
    let first = stress(&dir, &args);
    let again = stress(&dir, &args);
    assert_eq!(first.status.code(), Some(1));
    // Everything but the time the shrink took is the same.
    let untimed = |output: &Output| {
        let text = text(&output.stdout);
        let at = text.find(" s): ");
        let start = at.and_then(|at| text[..at].rfind('(')).unwrap_or(0);
        match at {
            Some(at) => format!("{}{}", &text[..start], &text[at..]),
            None => text,
        }
    };
    assert_eq!(untimed(&first), untimed(&again));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bloxorz_solution_blind_to_fragile_cells_is_shrunk_to_at_most_40_cells() {
    let Some(references) = references() else {
        return;
    };
    let program = references.join("bloxorz-ref");
    let dir = scratch("fragile");
    let blind = format!("sed 's/E/./g' | {}", program.display());
    let started = Instant::now();
    let output = stress(
        &dir,
        &[
            "--puzzle", "bloxorz", "--cases", "300", "--out", "blind.in", "--", "sh", "-c", &blind,
        ],
    );
    let seconds = started.elapsed().as_secs_f64();
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert!(
        stdout.starts_with("stress: wrong answer on case "),
        "{stdout}"
    );
    let file = dir.join("blind.in");
    let input = std::fs::read_to_string(&file).unwrap();
    let [rows, cols] = header(&input)[..] else {
        panic!("{input}")
    };
    assert!(rows * cols <= 40, "a board of {rows} x {cols}:\n{input}");
    // The failure is the fragile cells': without them the reference is right.
    assert!(input.contains('E'), "{input}");
    assert!(
        gridsolve(&["validate", "--puzzle", "bloxorz"], &file)
            .status
            .success()
    );
    let ours = text(&gridsolve(&["--puzzle", "bloxorz"], &file).stdout);
    assert_eq!(
        run_on(&program, &file),
        ours,
        "bloxorz-ref itself is right here"
    );
    assert!(seconds < 30.0, "{seconds} s");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bloxorz_ref_passes_200_cases() {
    let Some(references) = references() else {
        return;
    };
    let program = references.join("bloxorz-ref");
    let dir = scratch("pass");
    let output = stress(
        &dir,
        &[
            "--puzzle",
            "bloxorz",
            "--cases",
            "200",
            "--",
            program.to_str().unwrap(),
        ],
    );
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert!(
        stdout.starts_with("stress: all 200 cases passed"),
        "{stdout}"
    );
    assert!(!dir.join("stress-fail.in").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_program_that_cannot_be_started_is_bad_usage() {
    let dir = scratch("missing");
    let output = stress(
        &dir,
        &[
            "--puzzle",
            "bloxorz",
            "--",
            "/nonexistent/gridsolve-stress-program",
        ],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("cannot run /nonexistent/gridsolve-stress-program"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The processes whose command line holds `marker`.
fn processes_with(marker: &str) -> Vec<String> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|entry| std::fs::read(entry.ok()?.path().join("cmdline")).ok())
        .map(|cmdline| text(&cmdline).replace('\0', " "))
        .filter(|cmdline| cmdline.contains(marker) && !cmdline.contains("gridsolve"))
        .collect()
}

#[test]
fn a_program_past_the_time_limit_is_killed_with_all_it_started() {
    let dir = scratch("sleep");
    // The shell starts sleep as a child of its own: killing the shell alone would leave
    // it running.
    let marker = format!("{}.25", 40 + std::process::id() % 50);
    let script = format!("sleep {marker}; echo 1");
    let started = Instant::now();
    let output = stress(
        &dir,
        &[
            "--puzzle",
            "holedox",
            "--time-limit",
            "300",
            "--shrink-runs",
            "2",
            "--",
            "sh",
            "-c",
            &script,
        ],
    );
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert!(
        stdout.starts_with("stress: time limit on case 1 "),
        "{stdout}"
    );
    assert!(stdout.contains("still running after 300 ms"), "{stdout}");
    assert!(stdout.contains("shrunk in 2 runs of CMD"), "{stdout}");
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(processes_with(&marker), Vec::<String>::new());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_program_killed_by_a_signal_is_a_crash() {
    let dir = scratch("crash");
    let output = stress(
        &dir,
        &["--puzzle", "bloxorz", "--", "sh", "-c", "kill -SEGV $$"],
    );
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert!(stdout.starts_with("stress: crash on case 1 "), "{stdout}");
    assert!(stdout.contains("SIGSEGV"), "{stdout}");
    let input = std::fs::read_to_string(dir.join("stress-fail.in")).unwrap();
    assert!(stdout.contains(&input));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_program_that_prints_no_answers_is_output_that_does_not_parse() {
    let dir = scratch("cat");
    let output = stress(&dir, &["--puzzle", "bloxorz", "--", "cat"]);
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert!(
        stdout.starts_with("stress: output that does not parse on case 1 "),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
