//! `verify` and `regen`: every fixture of every puzzle checked (or rewritten) with its
//! confirmations, and the documents made from them (README's confirmations and doc
//! figures, the manual pages, the pictures). The top of the fixture modules: it uses
//! `fixtures`, `confirm`, `docs` and `man`, and none of them uses it.

use crate::confirm::{self, Recheck};
use crate::fixtures::{
    Coverage, Fixture, VERIFY_ORACLE, all, check_output, dir, judge, replay_paths, update,
};
use crate::manifest::Origin;
use anyhow::{Context, Result, bail};
use puzzles::{PUZZLES, Puzzle};
use std::io::IsTerminal;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// `confirm [PUZZLE]`: confirms the fixtures' answers ([`confirm::run`]), then rewrites
/// README's confirmations from the new records.
pub(crate) fn confirm(root: &Path, only: Option<&str>) -> Result<bool> {
    let ok = confirm::run(root, only)?;
    if crate::docs::write_confirmations(root)? {
        println!("README's confirmations rewritten");
    }
    Ok(ok)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::TEST_SPACE;
    use puzzles::Limits;

    /// Every fixture of every puzzle: the solver writes exactly its `.out`, and every
    /// answer in it is confirmed by something other than the solver (a published
    /// answer, the naive oracle, a reference program), the oracle re-run here on the
    /// answers it can re-check within a budget.
    #[test]
    #[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
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
}
