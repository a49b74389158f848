//! `verify`, `regen` and `gen`: fixtures are `fixtures/PUZZLE/NAME.in` + `NAME.out`,
//! listed in `fixtures/PUZZLE/manifest.txt`, for every puzzle of the registry.

use crate::confirm::{self, Recheck};
use crate::manifest::{self, Entry, Origin};
use anyhow::{Context, Result, bail};
use puzzles::{Limits, Options, PUZZLES, PathsFor, Puzzle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The answers `cargo test` re-runs the oracle on: those whose whole state space is
/// this small (a size, not a time, so which answers it re-checks is the same on every
/// machine). The 8-puzzle's 181,440 arrangements fit: a 3 x 3 board has no smaller space.
pub(crate) const TEST_SPACE: u64 = 200_000;

/// What `verify` lets the oracle spend again on an answer it confirmed.
pub(crate) const VERIFY_ORACLE: Limits = Limits {
    max_states: Some(2_000_000),
    max_time: Some(Duration::from_secs(2)),
};

/// One fixture: its manifest entry and its files.
#[derive(Clone, Debug)]
pub(crate) struct Fixture {
    pub(crate) entry: Entry,
    pub(crate) input: PathBuf,
    pub(crate) output: PathBuf,
}

impl Fixture {
    pub(crate) fn read_input(&self) -> Result<Vec<u8>> {
        read(&self.input)
    }

    /// The `.out` file.
    pub(crate) fn expected_output(&self) -> Result<String> {
        std::fs::read_to_string(&self.output).with_context(|| {
            format!(
                "cannot read {}; run `cargo xtask regen`",
                self.output.display()
            )
        })
    }
}

/// What the checks beyond the judge output covered.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Coverage {
    /// Answers checked.
    pub(crate) answers: usize,
    /// Paths replayed by the puzzle's independent checker.
    pub(crate) replayed: usize,
    /// Answers whose confirmation was checked.
    pub(crate) confirmed: usize,
    /// Answers the naive oracle confirmed again in this run.
    pub(crate) oracle_now: usize,
}

impl Coverage {
    fn add(&mut self, other: Coverage) {
        self.answers += other.answers;
        self.replayed += other.replayed;
        self.confirmed += other.confirmed;
        self.oracle_now += other.oracle_now;
    }
}

pub(crate) fn dir(root: &Path, puzzle: &dyn Puzzle) -> PathBuf {
    root.join("fixtures").join(puzzle.about().name)
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

fn write(path: &Path, contents: &[u8]) -> Result<()> {
    std::fs::write(path, contents).with_context(|| format!("cannot write {}", path.display()))
}

/// The fixtures of a puzzle, from its manifest, checked against the `.in` files present.
pub(crate) fn all(root: &Path, puzzle: &dyn Puzzle) -> Result<Vec<Fixture>> {
    let dir = dir(root, puzzle);
    let entries = manifest::read(&dir.join("manifest.txt"))?;
    for file in std::fs::read_dir(&dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let path = file?.path();
        if path.extension().is_some_and(|e| e == "in") {
            let stem = path.file_stem().unwrap_or_default().to_string_lossy();
            if !entries.iter().any(|e| e.name == stem) {
                bail!(
                    "{} is not in {}/manifest.txt: say how it was made",
                    path.display(),
                    dir.display()
                );
            }
        }
    }
    Ok(entries
        .into_iter()
        .map(|entry| Fixture {
            input: dir.join(format!("{}.in", entry.name)),
            output: dir.join(format!("{}.out", entry.name)),
            entry,
        })
        .collect())
}

/// The judge output of `fixture`.
fn judge(puzzle: &dyn Puzzle, fixture: &Fixture, input: &[u8]) -> Result<String> {
    puzzle
        .judge(input.into(), &Options::new(), Limits::NONE)
        .map_err(|e| anyhow::anyhow!("{}", e.describe(&fixture.input.display().to_string())))
}

/// Checks that the solver's output is the `.out`, byte for byte, with a diff if not.
fn check_output(
    puzzle: &dyn Puzzle,
    fixture: &Fixture,
    input: &[u8],
    expected: &str,
) -> Result<()> {
    let output = judge(puzzle, fixture, input)?;
    if output != expected {
        let diff = similar::TextDiff::from_lines(expected, &output);
        let expected_name = fixture.output.display().to_string();
        bail!(
            "the output differs from {}:\n{}",
            expected_name,
            diff.unified_diff()
                .header(&expected_name, "gridsolve")
                .context_radius(2)
        );
    }
    Ok(())
}

/// Solves every case with its path and replays each path; the answers and paths checked.
fn replay_paths(puzzle: &dyn Puzzle, fixture: &Fixture, input: &[u8]) -> Result<Coverage> {
    let mut coverage = Coverage::default();
    let solutions = puzzle
        .solutions(input.into(), &Options::new(), Limits::NONE, PathsFor::ALL)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    for solved in solutions {
        let solved = solved
            .map_err(|e| anyhow::anyhow!("{}", e.describe(&fixture.input.display().to_string())))?;
        coverage.answers += 1;
        let number = solved.number();
        match (solved.moves(), solved.path()) {
            (Some(moves), Some(path)) => {
                let replayed = solved
                    .replay(&path)
                    .map_err(|e| anyhow::anyhow!("case {number}: the path does not replay: {e}"))?;
                if replayed != moves {
                    bail!("case {number}: the path has {replayed} moves, the answer says {moves}");
                }
                coverage.replayed += 1;
            }
            (None, None) => {}
            (moves, path) => bail!("case {number}: answer {moves:?} with path {path:?}"),
        }
    }
    Ok(coverage)
}

/// Checks the answers of one fixture: the solver's output is the `.out`, and every
/// answer is confirmed (the oracle re-run within `recheck`).
pub(crate) fn check_answers(
    puzzle: &dyn Puzzle,
    fixture: &Fixture,
    records: &std::collections::BTreeMap<String, confirm::Record>,
    recheck: Recheck,
) -> Result<confirm::Confirmed> {
    let input = fixture.read_input()?;
    let expected = fixture.expected_output()?;
    check_output(puzzle, fixture, &input, &expected)?;
    confirm::check(
        puzzle,
        fixture,
        &expected,
        records.get(&fixture.entry.name),
        recheck,
    )
}

/// Checks every fixture (on every core); prints each problem (with a unified diff for a
/// wrong output) and returns whether all passed.
pub(crate) fn verify(root: &Path) -> Result<bool> {
    let binary = crate::gridsolve(root)?;
    let mut jobs = Vec::new();
    for &puzzle in PUZZLES {
        let records = confirm::read(&dir(root, puzzle))?;
        for fixture in all(root, puzzle)? {
            jobs.push((puzzle, fixture, records.clone()));
        }
    }
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Coverage>>>> =
        Mutex::new(jobs.iter().map(|_| None).collect());
    let progress = std::io::stderr().is_terminal();
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((puzzle, fixture, records)) = jobs.get(i) else {
                        break;
                    };
                    let result = verify_one(&binary, *puzzle, fixture, records);
                    results.lock().expect("no worker panics")[i] = Some(result);
                    let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if progress {
                        eprint!("\rverify: {finished}/{} fixtures", jobs.len());
                    }
                }
            });
        }
    });
    if progress {
        eprint!("\r{:<40}\r", "");
    }
    let results = results.into_inner().expect("no worker panics");
    let (mut passed, mut failed) = (0, 0);
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let mut total = Coverage::default();
        for ((of, fixture, _), result) in jobs.iter().zip(&results) {
            if of.about().name != name {
                continue;
            }
            match result.as_ref().expect("every job ran") {
                Ok(coverage) => {
                    total.add(*coverage);
                    passed += 1;
                }
                Err(problem) => {
                    eprintln!("FAIL {}: {problem:#}\n", fixture.input.display());
                    failed += 1;
                }
            }
        }
        println!(
            "{name}: {} answers checked, {} paths replayed, {} answers confirmed independently ({} by the naive oracle again now)",
            total.answers, total.replayed, total.confirmed, total.oracle_now
        );
    }
    match crate::man::verify(root, &binary) {
        Ok(()) => passed += 1,
        Err(problem) => {
            eprintln!("FAIL the manual pages: {problem:#}\n");
            failed += 1;
        }
    }
    match crate::guide::verify(root) {
        Ok(()) => passed += 1,
        Err(problem) => {
            eprintln!("FAIL the guide's lists: {problem:#}\n");
            failed += 1;
        }
    }
    for &puzzle in PUZZLES {
        match verify_picture(root, &binary, puzzle) {
            Ok(()) => passed += 1,
            Err(problem) => {
                eprintln!("FAIL {}: {problem:#}\n", picture_path(puzzle));
                failed += 1;
            }
        }
    }
    match crate::docs::check(root) {
        Ok(wrong) if wrong.is_empty() => passed += 1,
        Ok(wrong) => {
            eprintln!("FAIL the figures of the docs:\n{}\n", wrong.join("\n"));
            failed += 1;
        }
        Err(problem) => {
            eprintln!("FAIL the figures of the docs: {problem:#}\n");
            failed += 1;
        }
    }
    println!("verify: {passed} passed, {failed} failed");
    if failed > 0 {
        eprintln!(
            "if the change in output is intended, run `cargo xtask regen` and review the diff"
        );
    }
    Ok(failed == 0)
}

fn verify_one(
    binary: &Path,
    puzzle: &dyn Puzzle,
    fixture: &Fixture,
    records: &std::collections::BTreeMap<String, confirm::Record>,
) -> Result<Coverage> {
    let input = fixture.read_input()?;
    if let Origin::Generated(args) = &fixture.entry.origin {
        let expected = crate::generate(binary, puzzle, args)?;
        if expected.as_bytes() != input {
            bail!(
                "the input is not what its manifest line generates (gen: {}); run `cargo xtask regen`",
                args.join(" ")
            );
        }
    }
    let recheck = Recheck {
        limits: VERIFY_ORACLE,
        max_space: None,
    };
    let confirmed = check_answers(puzzle, fixture, records, recheck)?;
    let mut coverage = replay_paths(puzzle, fixture, &input)?;
    coverage.confirmed = confirmed.answers;
    coverage.oracle_now = confirmed.oracle_now;
    Ok(coverage)
}

/// README's picture of a puzzle: what `gridsolve --svg` draws for its sample.
fn picture_path(puzzle: &dyn Puzzle) -> String {
    format!("docs/{}-sample.svg", puzzle.about().name)
}

/// Draws a puzzle's picture with the binary: the first case of its sample fixture.
fn draw_picture(root: &Path, binary: &Path, puzzle: &dyn Puzzle) -> Result<String> {
    let about = puzzle.about();
    let dir = crate::target_dir(root)
        .join("xtask-picture")
        .join(about.name);
    let _ = std::fs::remove_dir_all(&dir);
    let status = std::process::Command::new(binary)
        .args(["--puzzle", about.name, "--svg"])
        .arg(&dir)
        .arg(self::dir(root, puzzle).join("sample.in"))
        .stdout(std::process::Stdio::null())
        .status()
        .context("cannot run gridsolve --svg")?;
    if !status.success() {
        bail!("gridsolve --svg failed");
    }
    std::fs::read_to_string(dir.join(format!("{}-{}-0001.svg", about.name, about.unit)))
        .context("gridsolve --svg wrote no picture")
}

fn verify_picture(root: &Path, binary: &Path, puzzle: &dyn Puzzle) -> Result<()> {
    let drawn = draw_picture(root, binary, puzzle)?;
    let path = picture_path(puzzle);
    let kept = std::fs::read_to_string(root.join(&path))
        .with_context(|| format!("cannot read {path}; run `cargo xtask regen`"))?;
    if drawn != kept {
        bail!("{path} is not what gridsolve --svg draws now; run `cargo xtask regen`");
    }
    Ok(())
}

/// Rewrites every generated input from its manifest line, every output but the given
/// ones, the pictures and the manual pages; says what changed.
pub(crate) fn regen(root: &Path) -> Result<()> {
    let binary = crate::gridsolve(root)?;
    for &puzzle in PUZZLES {
        let (mut written, mut changed) = (0, 0);
        for fixture in all(root, puzzle)? {
            if let Origin::Generated(args) = &fixture.entry.origin {
                let input = crate::generate(&binary, puzzle, args)?;
                changed += usize::from(update(&fixture.input, input.as_bytes())?);
            }
            if matches!(fixture.entry.origin, Origin::Given { .. }) {
                continue; // a published answer: checked by verify, never rewritten
            }
            let input = fixture.read_input()?;
            let output = judge(puzzle, &fixture, &input)?;
            changed += usize::from(update(&fixture.output, output.as_bytes())?);
            written += 1;
        }
        println!(
            "{}: {written} outputs written, {changed} files changed",
            puzzle.about().name
        );
        if changed > 0 {
            println!(
                "  answers changed: run `cargo xtask confirm {}`",
                puzzle.about().name
            );
        }
    }
    for &puzzle in PUZZLES {
        let path = picture_path(puzzle);
        let changed = update(
            &root.join(&path),
            draw_picture(root, &binary, puzzle)?.as_bytes(),
        )?;
        println!("{path} {}", if changed { "redrawn" } else { "unchanged" });
    }
    let changed = crate::docs::write_confirmations(root)?;
    println!(
        "the guide's confirmations {}",
        if changed { "rewritten" } else { "unchanged" }
    );
    // The pages list the registry's puzzles and their options.
    crate::guide::write(root)?;
    crate::man::write(root, &binary)
}

/// Writes `contents` to `path` unless it holds them already; whether it changed.
pub(crate) fn update(path: &Path, contents: &[u8]) -> Result<bool> {
    if std::fs::read(path).is_ok_and(|old| old == contents) {
        return Ok(false);
    }
    write(path, contents)?;
    Ok(true)
}

/// `gen PUZZLE ARGS [--name NAME]`: add `gridsolve gen --puzzle PUZZLE ARGS` as a
/// fixture, with its output and a manifest line; without `--name`, print the input.
pub(crate) fn gen_command(root: &Path, args: &[String]) -> Result<()> {
    let Some(name) = args.first() else {
        bail!(
            "usage: cargo xtask gen PUZZLE [ARGS] [--name NAME]; PUZZLE is one of: {}; ARGS as for `gridsolve gen --help`",
            puzzles::names()
        );
    };
    let puzzle = crate::puzzle(name)?;
    let mut gen_args = args[1..].to_vec();
    let fixture = match gen_args.iter().position(|a| a == "--name") {
        Some(i) => {
            let name = gen_args.get(i + 1).context("--name needs a value")?.clone();
            gen_args.drain(i..i + 2);
            Some(name)
        }
        None => None,
    };
    let binary = crate::gridsolve(root)?;
    let input = crate::generate(&binary, puzzle, &gen_args)?;
    let Some(name) = fixture else {
        print!("{input}");
        return Ok(());
    };
    let dir = dir(root, puzzle);
    let manifest_path = dir.join("manifest.txt");
    if manifest::read(&manifest_path)?
        .iter()
        .any(|e| e.name == name)
    {
        bail!("{name} is already in {}", manifest_path.display());
    }
    let output = puzzle
        .judge(input.as_str().into(), &Options::new(), Limits::NONE)
        .map_err(|e| anyhow::anyhow!("generated input: {e}"))?;
    write(&dir.join(format!("{name}.in")), input.as_bytes())?;
    write(&dir.join(format!("{name}.out")), output.as_bytes())?;
    let mut manifest = std::fs::read_to_string(&manifest_path)?;
    if !manifest.ends_with('\n') {
        manifest.push('\n');
    }
    manifest.push_str(&manifest::line(&Entry {
        name: name.clone(),
        origin: Origin::Generated(gen_args),
    }));
    manifest.push('\n');
    write(&manifest_path, manifest.as_bytes())?;
    println!(
        "added {}/{name}.in and .out; run `cargo xtask confirm {}`",
        dir.display(),
        puzzle.about().name
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every fixture of every puzzle: the solver writes exactly its `.out`, and every
    /// answer in it is confirmed by something other than the solver (a published
    /// answer, the naive oracle, a reference program), the oracle re-run here on the
    /// answers it can re-check within a budget.
    #[test]
    fn every_fixture_is_solved_as_its_out_says_and_confirmed() {
        let root = crate::workspace_root().unwrap();
        std::thread::scope(|scope| {
            let handles: Vec<_> = PUZZLES
                .iter()
                .map(|&puzzle| {
                    let root = &root;
                    scope.spawn(move || {
                        let records = confirm::read(&dir(root, puzzle)).unwrap();
                        let recheck = Recheck {
                            limits: Limits::NONE,
                            max_space: Some(TEST_SPACE),
                        };
                        let mut problems = Vec::new();
                        let (mut answers, mut oracle_now) = (0, 0);
                        for fixture in all(root, puzzle).unwrap() {
                            match check_answers(puzzle, &fixture, &records, recheck) {
                                Ok(c) => {
                                    answers += c.answers;
                                    oracle_now += c.oracle_now;
                                }
                                Err(e) => {
                                    problems.push(format!("{}: {e:#}", fixture.input.display()))
                                }
                            }
                        }
                        (puzzle.about().name, answers, oracle_now, problems)
                    })
                })
                .collect();
            for handle in handles {
                let (name, answers, oracle_now, problems) = handle.join().unwrap();
                eprintln!("{name}: {answers} answers, {oracle_now} by the oracle again");
                assert!(problems.is_empty(), "{name}:\n{}", problems.join("\n"));
                assert!(
                    answers > 0 && oracle_now > 0,
                    "{name}: {answers} answers, {oracle_now} by the oracle"
                );
            }
        });
    }

    /// Every puzzle's fixtures include its spec sample, given with the spec's answers.
    #[test]
    fn every_puzzle_has_its_sample_as_a_given_fixture() {
        let root = crate::workspace_root().unwrap();
        for &puzzle in PUZZLES {
            let fixtures = all(&root, puzzle).unwrap();
            let sample = fixtures
                .iter()
                .find(|f| f.entry.name == "sample")
                .unwrap_or_else(|| panic!("{}: no sample fixture", puzzle.about().name));
            assert!(matches!(sample.entry.origin, Origin::Given { .. }));
            assert_eq!(
                sample.read_input().unwrap(),
                puzzle.about().sample.as_bytes()
            );
        }
    }
}
