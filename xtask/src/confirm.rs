//! `fixtures/PUZZLE/confirmed.txt`: how every answer of every fixture is confirmed by
//! something other than the solver that wrote it, and `cargo xtask confirm`, which
//! finds out and writes it.
//!
//! ```text
//! NAME  out=DIGEST  SOURCE: CASES  [SOURCE: CASES]...
//! ```
//! `DIGEST` is the FNV-1a hash (`fnv1a64`) of the fixture's `.out` when it was confirmed,
//! a fingerprint against a stale record (a changed `.out` needs confirming again);
//! `SOURCE` is `given` (the `.out` line is the published answer the manifest's `given N`
//! carries), `oracle` (the naive BFS, which reads the
//! case written back as judge text with its own reader, found the same answer) or a
//! program of `../shared/reference/bin` that printed the same line; `CASES` are case
//! numbers and ranges (`1-5,9`). A case may have several sources: a given answer is also
//! put to the oracle, and must agree with it where the oracle finishes.
//!
//! A `given` fixture has one published number per case, in order; one that gives more
//! or fewer numbers than its input has cases is refused. `confirm`, `verify` and `cargo
//! test` compare each published number, written as the judge writes it, with the `.out`
//! line, which `verify` and `cargo test` compare with the solver's output. Where the
//! `.out` line is a path (the judges' 8-puzzle), its move count is compared: the path
//! is read back and replayed, so a published number confirms it only if it solves the
//! case in that many moves.

use crate::catalog::{self, Style};
use crate::fixtures::{self, Fixture};
use crate::manifest::{self, Origin};
use crate::reference;
use anyhow::{Context, Result, bail};
use puzzles::{AnswerLine, Limits, Options, PUZZLES, PathsFor, Puzzle, Solved, fnv1a64};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

/// The file beside each puzzle's manifest.
const FILE: &str = "confirmed.txt";

/// What `confirm` lets the oracle spend on one answer: its hash map of states stays
/// within a few GiB.
pub(crate) const CONFIRM_ORACLE: Limits = Limits {
    max_states: Some(6_000_000),
    max_time: Some(Duration::from_secs(20)),
};

/// How long a reference program may take on one fixture.
const REFERENCE_TIME: Duration = Duration::from_secs(120);

/// How one fixture's answers are confirmed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Record {
    pub(crate) name: String,
    pub(crate) digest: u64,
    /// Per source, the case numbers (from 1) it confirms.
    pub(crate) sources: BTreeMap<String, Vec<usize>>,
}

impl Record {
    /// The sources that confirm case `number`.
    pub(crate) fn sources_of(&self, number: usize) -> Vec<&str> {
        self.sources
            .iter()
            .filter(|(_, cases)| cases.binary_search(&number).is_ok())
            .map(|(source, _)| source.as_str())
            .collect()
    }
}

/// The records of a puzzle's fixtures, by name (none when the file is missing).
pub(crate) fn read(dir: &Path) -> Result<BTreeMap<String, Record>> {
    let path = dir.join(FILE);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(BTreeMap::new());
    };
    let mut records = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = || format!("{}:{}", path.display(), i + 1);
        let record = parse_line(line).with_context(at)?;
        records.insert(record.name.clone(), record);
    }
    Ok(records)
}

fn parse_line(line: &str) -> Result<Record> {
    let mut words = line.split_whitespace();
    let name = words.next().context("no name")?.to_string();
    let digest = words
        .next()
        .and_then(|w| w.strip_prefix("out="))
        .and_then(|hex| u64::from_str_radix(hex, 16).ok())
        .context("expected out=DIGEST after the name")?;
    let mut sources = BTreeMap::new();
    while let Some(source) = words.next() {
        let source = source.strip_suffix(':').context("expected SOURCE:")?;
        let cases = parse_cases(words.next().context("expected the cases")?)?;
        sources.insert(source.to_string(), cases);
    }
    Ok(Record {
        name,
        digest,
        sources,
    })
}

/// `1-5,9` as `[1, 2, 3, 4, 5, 9]`.
fn parse_cases(text: &str) -> Result<Vec<usize>> {
    let mut cases = Vec::new();
    for part in text.split(',') {
        let (low, high) = part.split_once('-').unwrap_or((part, part));
        let (low, high): (usize, usize) = (low.parse()?, high.parse()?);
        cases.extend(low..=high);
    }
    cases.sort_unstable();
    Ok(cases)
}

/// `[1, 2, 3, 4, 5, 9]` as `1-5,9`.
fn write_cases(cases: &[usize]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < cases.len() {
        let mut j = i;
        while j + 1 < cases.len() && cases[j + 1] == cases[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            cases[i].to_string()
        } else {
            format!("{}-{}", cases[i], cases[j])
        });
        i = j + 1;
    }
    parts.join(",")
}

fn write(dir: &Path, name: &str, records: &BTreeMap<String, Record>) -> Result<()> {
    let mut text = format!(
        "# How each answer of fixtures/{name} is confirmed by something other than the solver\n\
         # (see xtask/src/confirm.rs). Written by `cargo xtask confirm {name}`.\n\
         # NAME  out=DIGEST  SOURCE: CASES ...\n"
    );
    for record in records.values() {
        let _ = write!(text, "{}  out={:016x}", record.name, record.digest);
        for (source, cases) in &record.sources {
            let _ = write!(text, "  {source}: {}", write_cases(cases));
        }
        text.push('\n');
    }
    let path = dir.join(FILE);
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// The lines of an output, case by case: case `n` takes as many lines as the puzzle
/// writes for one answer.
pub(crate) fn case_lines<'a>(puzzle: &dyn Puzzle, out: &'a str, cases: usize) -> Vec<&'a str> {
    let mut rest = out;
    (1..=cases)
        .map(|number| {
            let mut one = String::new();
            puzzle.write_line(&mut one, number, Some(0));
            let mut end = 0;
            for _ in 0..one.matches('\n').count() {
                end = rest[end..].find('\n').map_or(rest.len(), |i| end + i + 1);
            }
            let (lines, tail) = rest.split_at(end);
            rest = tail;
            lines
        })
        .collect()
}

/// The answer an `.out` line gives, as the judge writes it from a number, so it can be
/// compared with a published number or the oracle's: the line itself, or for a format
/// whose answer line is a path (the judges' 8-puzzle) the line for its move count, the
/// path read back and replayed by [`Solved::check_answer`] (a path that does not solve
/// the case is an error).
fn answer_line(puzzle: &dyn Puzzle, case: &dyn Solved, line: &str) -> Result<String> {
    if case.answer_line() == AnswerLine::Count {
        return Ok(line.to_string());
    }
    let number = case.number();
    let moves = case
        .check_answer(line)
        .map_err(|e| anyhow::anyhow!("case {number}: the .out line {:?}: {e}", line.trim_end()))?;
    let mut text = String::new();
    puzzle.write_line(&mut text, number, moves);
    Ok(text)
}

/// `cargo xtask confirm [PUZZLE]`: confirms every answer of every fixture (of one
/// puzzle) and rewrites the records. Fails if an answer cannot be confirmed or a
/// confirmer disagrees.
pub(crate) fn run(root: &Path, only: Option<&str>) -> Result<bool> {
    let shared = reference::shared(root);
    if shared.is_none() {
        eprintln!(
            "note: {} is missing: only the naive oracle confirms answers",
            root.join("../shared/reference/bin").display()
        );
    }
    let mut ok = true;
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        if only.is_some_and(|o| o != name) {
            continue;
        }
        let dir = fixtures::dir(root, puzzle);
        let mut records = read(&dir)?;
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        for fixture in fixtures::all(root, puzzle)? {
            let out = fixture.expected_output()?;
            let record = match confirm_one(puzzle, &fixture, &out, shared.as_deref()) {
                Ok(record) => record,
                Err(problem) => {
                    eprintln!("FAIL {}: {problem:#}", fixture.input.display());
                    ok = false;
                    continue;
                }
            };
            for (source, cases) in &record.sources {
                *counts.entry(source.clone()).or_default() += cases.len();
            }
            records.insert(record.name.clone(), record);
        }
        records.retain(|n, _| dir.join(format!("{n}.in")).exists());
        write(&dir, name, &records)?;
        let summary: Vec<String> = counts.iter().map(|(s, n)| format!("{n} by {s}")).collect();
        println!("{name}: answers confirmed: {}", summary.join(", "));
    }
    if crate::docs::write_confirmations(root)? {
        println!("README's confirmations rewritten");
    }
    Ok(ok)
}

/// The published answers of a `given` fixture with `cases` cases, as the judge writes
/// them; `None` for a fixture that is not given.
///
/// # Errors
/// A given fixture whose manifest has more or fewer numbers than cases.
fn published(puzzle: &dyn Puzzle, fixture: &Fixture, cases: usize) -> Result<Option<Vec<String>>> {
    let Origin::Given { answers, .. } = &fixture.entry.origin else {
        return Ok(None);
    };
    if answers.len() != cases {
        bail!(
            "the manifest gives {} published answers ({}), the input has {cases} cases",
            answers.len(),
            manifest::write_answers(answers)
        );
    }
    let lines = answers
        .iter()
        .enumerate()
        .map(|(i, &answer)| {
            let mut line = String::new();
            puzzle.write_line(&mut line, i + 1, answer);
            line
        })
        .collect();
    Ok(Some(lines))
}

/// Confirms each answer of one fixture: by its published number (given), the oracle, or a
/// reference program.
fn confirm_one(
    puzzle: &dyn Puzzle,
    fixture: &Fixture,
    out: &str,
    shared: Option<&Path>,
) -> Result<Record> {
    let input = fixture.read_input()?;
    let solved: Vec<_> = puzzle
        .solutions(
            input.as_slice().into(),
            &Options::new(),
            Limits::NONE,
            PathsFor::NONE,
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .collect::<Result<_, _>>()
        .map_err(|e| anyhow::anyhow!("{}", e.describe(&fixture.input.display().to_string())))?;
    let expected = case_lines(puzzle, out, solved.len());
    let published = published(puzzle, fixture, solved.len())?;
    let mut sources: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut pending = Vec::new();
    for (case, line) in solved.iter().zip(&expected) {
        let number = case.number();
        let line = &answer_line(puzzle, case.as_ref(), line)?;
        let given = published.as_ref().map(|lines| &lines[number - 1]);
        if let Some(given) = given {
            if given != line {
                bail!(
                    "case {number}: the .out says {:?}, the published answer is {:?}",
                    line.trim_end(),
                    given.trim_end()
                );
            }
            sources.entry("given".into()).or_default().push(number);
        }
        // A published answer needs no oracle; it is asked all the same where its whole
        // space fits the budget, not where the search can only run into the budget
        // (Korf's 100: a minute of the oracle each, for nothing).
        let beyond = case
            .state_space()
            .is_none_or(|states| CONFIRM_ORACLE.max_states.is_some_and(|max| states > max));
        if given.is_some() && beyond {
            continue;
        }
        match case.oracle(CONFIRM_ORACLE) {
            Some(Ok(answer)) => {
                let mut oracle_line = String::new();
                puzzle.write_line(&mut oracle_line, number, answer);
                if oracle_line != *line {
                    bail!(
                        "case {number}: the .out says {:?}, the naive oracle {oracle_line:?}",
                        line.trim_end()
                    );
                }
                sources.entry("oracle".into()).or_default().push(number);
            }
            Some(Err(_)) | None if given.is_some() => {}
            Some(Err(_)) | None => pending.push(number),
        }
    }
    if !pending.is_empty() {
        let Some(shared) = shared else {
            bail!(
                "cases {} are beyond the oracle and there are no reference programs",
                write_cases(&pending)
            );
        };
        let root = crate::workspace_root()?;
        let trusted = catalog::of(&root, puzzle.about().name)?.references;
        for reference in trusted.iter().filter(|r| r.trusted) {
            if pending.is_empty() {
                break;
            }
            // A program of input files answers a whole file: one case.
            if reference.style == Style::Files && solved.len() != 1 {
                continue;
            }
            let Some(output) =
                reference::judge_output(shared, reference, &input, &fixture.input, REFERENCE_TIME)?
            else {
                continue;
            };
            let theirs = case_lines(puzzle, &output, solved.len());
            pending.retain(|&number| {
                let agrees = theirs[number - 1] == expected[number - 1];
                if agrees {
                    sources
                        .entry(reference.program.to_string())
                        .or_default()
                        .push(number);
                }
                !agrees
            });
        }
        if !pending.is_empty() {
            bail!(
                "cases {} are beyond the oracle and no reference program agrees",
                write_cases(&pending)
            );
        }
    }
    Ok(Record {
        name: fixture.entry.name.clone(),
        digest: fnv1a64(out.as_bytes()),
        sources,
    })
}

/// How the checks of `verify` and `cargo test` re-run the oracle.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Recheck {
    /// What the oracle may spend on one answer.
    pub(crate) limits: Limits,
    /// Only answers whose whole state space is at most this large (`None`: all).
    pub(crate) max_space: Option<u64>,
}

/// What checking one fixture's confirmations found.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Confirmed {
    /// Answers whose record was checked.
    pub(crate) answers: usize,
    /// Answers the oracle confirmed again now.
    pub(crate) oracle_now: usize,
}

/// Checks that `record` confirms every one of the fixture's answers (`out`, with
/// `cases` cases) and re-runs the oracle, within `recheck`, on those it confirmed.
pub(crate) fn check(
    puzzle: &dyn Puzzle,
    fixture: &Fixture,
    out: &str,
    record: Option<&Record>,
    recheck: Recheck,
) -> Result<Confirmed> {
    let name = puzzle.about().name;
    let rerun = || format!("run `cargo xtask confirm {name}`");
    let Some(record) = record else {
        bail!(
            "no confirmation recorded in fixtures/{name}/{FILE}; {}",
            rerun()
        );
    };
    if record.digest != fnv1a64(out.as_bytes()) {
        bail!(
            "the .out changed since its answers were confirmed; {}",
            rerun()
        );
    }
    let input = fixture.read_input()?;
    let mut confirmed = Confirmed::default();
    let solved = puzzle
        .solutions(
            input.as_slice().into(),
            &Options::new(),
            Limits::NONE,
            PathsFor::NONE,
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let solved: Vec<_> = solved
        .collect::<Result<_, _>>()
        .map_err(|e| anyhow::anyhow!("{}", e.describe(&fixture.input.display().to_string())))?;
    let expected = case_lines(puzzle, out, solved.len());
    let published = published(puzzle, fixture, solved.len())?;
    for (case, line) in solved.iter().zip(&expected) {
        let number = case.number();
        let line = &answer_line(puzzle, case.as_ref(), line)?;
        let sources = record.sources_of(number);
        if sources.is_empty() {
            bail!("case {number} has no confirmation; {}", rerun());
        }
        confirmed.answers += 1;
        // A published number is compared whatever the record says.
        match published.as_ref().map(|lines| &lines[number - 1]) {
            Some(given) if given != line => bail!(
                "case {number}: the .out says {:?}, the published answer is {:?}",
                line.trim_end(),
                given.trim_end()
            ),
            None if sources.contains(&"given") => bail!(
                "case {number} is recorded as given, but the manifest gives no answer; {}",
                rerun()
            ),
            _ => {}
        }
        if !sources.contains(&"oracle")
            || recheck
                .max_space
                .is_some_and(|max| case.state_space().is_none_or(|states| states > max))
        {
            continue;
        }
        if let Some(Ok(answer)) = case.oracle(recheck.limits) {
            let mut oracle_line = String::new();
            puzzle.write_line(&mut oracle_line, number, answer);
            if oracle_line != *line {
                bail!(
                    "case {number}: the .out says {:?}, the naive oracle now {oracle_line:?}",
                    line.trim_end()
                );
            }
            confirmed.oracle_now += 1;
        }
    }
    Ok(confirmed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_round_trip_as_ranges() {
        let cases = vec![1, 2, 3, 4, 5, 9, 11, 12];
        assert_eq!(write_cases(&cases), "1-5,9,11-12");
        assert_eq!(parse_cases("1-5,9,11-12").unwrap(), cases);
    }

    #[test]
    fn records_round_trip() {
        let line = "maze-small  out=00000000deadbeef  holedox-probe: 3  oracle: 1-2,4-50";
        let record = parse_line(line).unwrap();
        assert_eq!(record.digest, 0xdead_beef);
        assert_eq!(record.sources_of(3), ["holedox-probe"]);
        assert_eq!(record.sources_of(4), ["oracle"]);
        assert!(record.sources_of(51).is_empty());
        let both = parse_line("level04  out=1  given: 1  oracle: 1").unwrap();
        assert_eq!(both.sources_of(1), ["given", "oracle"]);
    }
}
