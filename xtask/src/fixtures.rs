//! The fixtures, and `gen`: fixtures are `fixtures/PUZZLE/NAME.in` + `NAME.out`, listed
//! in `fixtures/PUZZLE/manifest.txt`, for every puzzle of the registry. What checks and
//! rewrites them all (`verify`, `regen`) is `verify`, above this module and the others
//! it uses (`confirm`, `docs`, `man`), so that the modules import one way.

use crate::manifest::{self, Entry, Origin};
use anyhow::{Context, Result, bail};
use puzzles::{Limits, Options, PathsFor, Puzzle};
use std::path::{Path, PathBuf};
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
    pub(crate) fn add(&mut self, other: Coverage) {
        self.answers += other.answers;
        self.replayed += other.replayed;
        self.confirmed += other.confirmed;
        self.oracle_now += other.oracle_now;
    }
}

pub(crate) fn dir(root: &Path, puzzle: &dyn Puzzle) -> PathBuf {
    root.join("fixtures").join(puzzle.about().name)
}

pub(crate) fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

pub(crate) fn write(path: &Path, contents: &[u8]) -> Result<()> {
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
pub(crate) fn judge(puzzle: &dyn Puzzle, fixture: &Fixture, input: &[u8]) -> Result<String> {
    puzzle
        .judge(input.into(), &Options::new(), Limits::NONE)
        .map_err(|e| anyhow::anyhow!("{}", e.describe(&fixture.input.display().to_string())))
}

/// Checks that the solver's output is the `.out`, byte for byte, with a diff if not.
pub(crate) fn check_output(
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
pub(crate) fn replay_paths(
    puzzle: &dyn Puzzle,
    fixture: &Fixture,
    input: &[u8],
) -> Result<Coverage> {
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
    use puzzles::PUZZLES;

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
