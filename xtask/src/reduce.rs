//! `cargo xtask bench stress [FILTER]`: the shrinking of `gridsolve stress` against the
//! general test-case reducers `shrinkray` and `picire` (delta debugging), side by side
//! on the same failing programs and the same "still fails" predicate.
//!
//! For each deliberately wrong solution of `examples/` (FILTER: only those whose file
//! name contains it), `gridsolve stress` (default seed) finds the failing input and
//! shrinks it; the same input, written again by the `gridsolve gen` command stress names,
//! is then given to each reducer with `tools/reduce-interesting.sh` as the test: the
//! input is valid (`gridsolve validate`) and the program's output differs from
//! gridsolve's. Every result is measured the same way: the cells of its largest board,
//! its cases, its bytes, the runs of the wrong program, the calls of the test, and the
//! wall time of the shrinking alone (stress's own line for gridsolve). Each reducer runs
//! one test at a time, as stress does, and has `REDUCER_MINUTES` (20 by default) before
//! it is stopped with what it has. The reducers come from `tools/setup-reducers.sh`
//! (`.venv-reducers`); a missing one is said and skipped.
//!
//! Then the question the totals leave open: how many runs gridsolve's shrinking needs
//! until its input is no larger than each reducer's result (no more cells on its largest
//! board and no more bytes), read from stress's `--shrink-trace`, and how many of its
//! runs came after its last smaller input, only confirming that it is 1-minimal.
//!
//! The bench can be stopped and run again: a reducer's result is kept in
//! `REDUCER.result` beside its input and used again while the failing input and
//! `REDUCER_MINUTES` are the same (`BENCH_FRESH=1` runs every reducer again).

use anyhow::{Context, Result, bail};
use puzzles::{Input, Puzzle};
use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The wrong programs of `examples/`, `wrong-PUZZLE-BUG.py`, and their puzzles (found in
/// the registry by the file's name), in the order of the names.
fn examples(root: &Path) -> Result<Vec<(&'static dyn Puzzle, String)>> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(root.join("examples"))? {
        let file = entry?.file_name().to_string_lossy().into_owned();
        let Some(rest) = file
            .strip_prefix("wrong-")
            .and_then(|r| r.strip_suffix(".py"))
        else {
            continue;
        };
        let puzzle = puzzles::PUZZLES
            .iter()
            .copied()
            .filter(|p| rest.starts_with(&format!("{}-", p.about().name)))
            .max_by_key(|p| p.about().name.len())
            .with_context(|| format!("examples/{file} names no puzzle of the registry"))?;
        found.push((puzzle, file));
    }
    found.sort_by(|a, b| a.1.cmp(&b.1));
    Ok(found)
}

/// What one shrinker made of one failing input.
#[derive(Clone, Debug, PartialEq)]
struct Result1 {
    shrinker: &'static str,
    /// The largest board's cells and the cases.
    cells: usize,
    cases: usize,
    bytes: usize,
    /// Runs of the wrong program, and calls of the test (gridsolve: the same).
    runs: u64,
    tests: u64,
    seconds: f64,
    /// What else to say: stopped at the time cap, no longer failing, ...
    note: String,
}

impl Result1 {
    /// The line `REDUCER.result` keeps it as (the note last, it may have spaces).
    fn line(&self, minutes: u64) -> String {
        format!(
            "{minutes} {} {} {} {} {} {} {}\n",
            self.cells, self.cases, self.bytes, self.runs, self.tests, self.seconds, self.note
        )
    }

    /// A result kept by [`Result1::line`] under the same `minutes`.
    fn parse(shrinker: &'static str, line: &str, minutes: u64) -> Option<Result1> {
        let mut words = line.trim_end_matches('\n').splitn(8, ' ');
        let mut next = || words.next();
        if next()?.parse::<u64>().ok()? != minutes {
            return None;
        }
        Some(Result1 {
            shrinker,
            cells: next()?.parse().ok()?,
            cases: next()?.parse().ok()?,
            bytes: next()?.parse().ok()?,
            runs: next()?.parse().ok()?,
            tests: next()?.parse().ok()?,
            seconds: next()?.parse().ok()?,
            note: next().unwrap_or_default().to_string(),
        })
    }
}

/// One line of stress's `--shrink-trace`: the run that found a smaller failing input,
/// its bytes and the cells of its largest board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    run: u64,
    bytes: usize,
    cells: usize,
}

/// The lines of a `--shrink-trace` file.
fn parse_trace(text: &str) -> Result<Vec<Step>> {
    text.lines()
        .map(|line| {
            let words: Vec<&str> = line.split(' ').collect();
            let [run, bytes, cells] = words[..] else {
                bail!("a trace line of three numbers, not {line:?}");
            };
            Ok(Step {
                run: run.parse()?,
                bytes: bytes.parse()?,
                cells: cells.parse()?,
            })
        })
        .collect()
}

/// The run after which gridsolve's input was no larger than `reached` (no more cells,
/// no more bytes), 0 for the input as found; `None` when it never was.
fn runs_to_reach(trace: &[Step], reached: &Result1) -> Option<u64> {
    trace
        .iter()
        .find(|s| s.cells <= reached.cells && s.bytes <= reached.bytes)
        .map(|s| s.run)
}

pub(crate) fn run(root: &Path, args: &[String]) -> Result<()> {
    let filter = args.first().map(String::as_str).unwrap_or("");
    if args.len() > 1 {
        bail!("usage: cargo xtask bench stress [FILTER]");
    }
    let minutes: u64 = match std::env::var("REDUCER_MINUTES") {
        Ok(m) => m.parse().context("REDUCER_MINUTES must be a number")?,
        Err(_) => 20,
    };
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "-p", "cli"])
        .current_dir(root)
        .status()?;
    if !status.success() {
        bail!("cargo build --release -p cli failed");
    }
    let gridsolve = crate::target_dir(root).join("release/gridsolve");
    let work = crate::target_dir(root).join("bench/stress");
    let venv = root.join(".venv-reducers/bin");
    let test = root.join("tools/reduce-interesting.sh");
    let fresh = std::env::var_os("BENCH_FRESH").is_some_and(|v| v != "0");
    let mut table = String::from(
        "| program | found (cells x cases, bytes) | shrinker | cells | cases | bytes | program runs | tests | wall s | |\n|---|---|---|---|---|---|---|---|---|---|\n",
    );
    let mut reach = String::from(
        "| program | gridsolve: cells, bytes | runs to reach shrinkray's size | runs to reach picire's size | runs to 1-minimal | of which confirming |\n|---|---|---|---|---|---|\n",
    );
    for (puzzle, file) in examples(root)?
        .into_iter()
        .filter(|(_, f)| f.contains(filter))
    {
        let file = file.as_str();
        let program = root.join("examples").join(file);
        let dir = work.join(file.trim_end_matches(".py"));
        std::fs::create_dir_all(&dir)?;
        let found = dir.join("found.in");
        let before = std::fs::read_to_string(&found).ok();
        println!("{file}: gridsolve stress");
        let (ours, trace) = stress(&gridsolve, puzzle, &program, &dir, &found)?;
        let found_text = std::fs::read_to_string(&found)?;
        let keep = !fresh && before.as_deref() == Some(found_text.as_str());
        let (found_cells, found_cases) = measure(puzzle, &found_text)?;
        let predicate = Predicate {
            test: &test,
            gridsolve: &gridsolve,
            puzzle: puzzle.about().name,
            program: &program,
            dir: &dir,
        };
        let mut results = vec![ours];
        for reducer in ["shrinkray", "picire"] {
            let binary = venv.join(reducer);
            if !binary.exists() {
                println!(
                    "{file}: no {reducer} in {} (run tools/setup-reducers.sh)",
                    venv.display()
                );
                continue;
            }
            let kept = dir.join(format!("{reducer}.result"));
            let again = std::fs::read_to_string(&kept)
                .ok()
                .filter(|_| keep)
                .and_then(|line| Result1::parse(reducer, &line, minutes));
            if let Some(again) = again {
                println!("{file}: {reducer}, as {} keeps it", kept.display());
                results.push(again);
                continue;
            }
            println!("{file}: {reducer}");
            let result = reduce(reducer, &binary, &predicate, puzzle, &found, minutes)?;
            std::fs::write(&kept, result.line(minutes))?;
            results.push(result);
        }
        let ours = &results[0];
        let to =
            |reducer: &str| {
                results.iter().find(|r| r.shrinker == reducer).map_or(
                    "(not run)".to_string(),
                    |r| match runs_to_reach(&trace, r) {
                        Some(runs) => runs.to_string(),
                        None => format!("not reached ({} cells, {} bytes)", r.cells, r.bytes),
                    },
                )
            };
        let last = trace.last().map_or(0, |s| s.run);
        let _ = writeln!(
            reach,
            "| `{file}` | {}, {} | {} | {} | {} | {} |",
            ours.cells,
            ours.bytes,
            to("shrinkray"),
            to("picire"),
            ours.runs,
            ours.runs - last.min(ours.runs),
        );
        for r in &results {
            let _ = writeln!(
                table,
                "| `{file}` | {found_cells} x {found_cases}, {} | {} | {} | {} | {} | {} | {} | {:.1} | {} |",
                found_text.len(),
                r.shrinker,
                r.cells,
                r.cases,
                r.bytes,
                r.runs,
                r.tests,
                r.seconds,
                r.note
            );
        }
    }
    table.push('\n');
    table.push_str(&reach);
    println!("\n{table}");
    std::fs::write(work.join("table.md"), &table)?;
    println!("(also in {})", work.join("table.md").display());
    Ok(())
}

/// Runs `gridsolve stress` on `program`: the failing input it found (written again
/// to `found` from the `gridsolve gen` command it names), what its shrinking made of it
/// and the way there (its `--shrink-trace`).
fn stress(
    gridsolve: &Path,
    puzzle: &dyn Puzzle,
    program: &Path,
    dir: &Path,
    found: &Path,
) -> Result<(Result1, Vec<Step>)> {
    let name = puzzle.about().name;
    let ours = dir.join("gridsolve.in");
    let trace = dir.join("gridsolve.trace");
    let output = Command::new(gridsolve)
        .args(["stress", "--puzzle", name, "--time-limit", "20000", "--out"])
        .arg(&ours)
        .arg("--shrink-trace")
        .arg(&trace)
        .arg("--")
        .arg("python3")
        .arg(program)
        .output()?;
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    if output.status.code() != Some(1) {
        bail!(
            "stress found no failure of {}:\n{stdout}",
            program.display()
        );
    }
    let first = stdout.lines().next().unwrap_or_default();
    let gen_args = first
        .split_once("(gridsolve gen ")
        .and_then(|(_, rest)| rest.strip_suffix(')'))
        .with_context(|| format!("no gen command in {first:?}"))?;
    let args: Vec<String> = gen_args.split_whitespace().map(str::to_string).collect();
    let written = Command::new(gridsolve).arg("gen").args(&args).output()?;
    if !written.status.success() {
        bail!("gridsolve gen {gen_args} failed");
    }
    std::fs::write(found, &written.stdout)?;
    let trace = parse_trace(&std::fs::read_to_string(&trace)?)?;
    let line = stdout
        .lines()
        .find(|l| l.starts_with("shrunk in "))
        .with_context(|| format!("no shrink line in\n{stdout}"))?;
    // "shrunk in R runs of CMD (S s): ..., 1-minimal ... | --shrink-runs ended first ..."
    let runs: u64 = line
        .trim_start_matches("shrunk in ")
        .split(' ')
        .next()
        .unwrap_or_default()
        .parse()?;
    let seconds: f64 = line
        .split_once('(')
        .and_then(|(_, rest)| rest.split(' ').next())
        .unwrap_or_default()
        .parse()?;
    let text = std::fs::read_to_string(&ours)?;
    let (cells, cases) = measure(puzzle, &text)?;
    let note = if line.contains("1-minimal") {
        "1-minimal"
    } else {
        "budget ended first"
    };
    Ok((
        Result1 {
            shrinker: "gridsolve stress",
            cells,
            cases,
            bytes: text.len(),
            runs,
            tests: runs,
            seconds,
            note: note.to_string(),
        },
        trace,
    ))
}

/// The test the reducers are given, and where it counts its calls.
struct Predicate<'a> {
    test: &'a Path,
    gridsolve: &'a Path,
    puzzle: &'a str,
    program: &'a Path,
    dir: &'a Path,
}

impl Predicate<'_> {
    fn command(&self, program: &Path) -> Command {
        let mut command = Command::new(program);
        command
            .env("GRIDSOLVE", self.gridsolve)
            .env("PUZZLE", self.puzzle)
            .env("WRONG", self.program);
        command
    }

    /// Whether `file` is still interesting (the counters left alone).
    fn holds(&self, file: &Path) -> Result<bool> {
        Ok(self
            .command(self.test)
            .env_remove("REDUCE_CALLS")
            .env_remove("REDUCE_RUNS")
            .arg(file)
            .status()?
            .success())
    }
}

/// Runs `reducer` (`binary`) on a copy of `found`, one test at a time, for at most
/// `minutes`.
fn reduce(
    reducer: &'static str,
    binary: &Path,
    predicate: &Predicate<'_>,
    puzzle: &dyn Puzzle,
    found: &Path,
    minutes: u64,
) -> Result<Result1> {
    let calls = predicate.dir.join(format!("{reducer}.calls"));
    let runs = predicate.dir.join(format!("{reducer}.runs"));
    // What an earlier run of the bench left (the counters append).
    for stale in [&calls, &runs] {
        if stale.exists() {
            std::fs::remove_file(stale)?;
        }
    }
    let picire_out = predicate.dir.join("picire");
    if picire_out.exists() {
        std::fs::remove_dir_all(&picire_out)?;
    }
    let mut command = predicate.command(binary);
    command
        .env("REDUCE_CALLS", &calls)
        .env("REDUCE_RUNS", &runs)
        .current_dir(predicate.dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let result = match reducer {
        "shrinkray" => {
            let file = predicate.dir.join("shrinkray.in");
            std::fs::copy(found, &file)?;
            command
                .args([
                    "--no-llm",
                    "--ui",
                    "basic",
                    "--volume",
                    "quiet",
                    "--parallelism",
                    "1",
                    "--input-type",
                    "arg",
                    "--timeout",
                    "60",
                    "--no-history",
                    "--exit-on-completion",
                ])
                .arg(predicate.test)
                .arg(&file);
            file
        }
        _ => {
            let out = picire_out;
            command
                .arg("--input")
                .arg(found)
                .arg("--test")
                .arg(predicate.test)
                .args(["--atom", "both", "--quiet", "--out"])
                .arg(&out);
            out.join(found.file_name().unwrap_or_default())
        }
    };
    let started = Instant::now();
    let mut child = command.spawn()?;
    let cap = Duration::from_secs(60 * minutes);
    let mut capped = false;
    while child.try_wait()?.is_none() {
        if started.elapsed() > cap {
            capped = true;
            let _ = child.kill();
            let _ = child.wait();
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let seconds = started.elapsed().as_secs_f64();
    let lines = |path: &Path| std::fs::read_to_string(path).map_or(0, |t| t.lines().count() as u64);
    // picire leaves nothing behind when stopped; the input is then what it had.
    let (text, mut note) = match std::fs::read_to_string(&result) {
        Ok(text) => (text, String::new()),
        Err(_) => (
            std::fs::read_to_string(found)?,
            "no result written; ".to_string(),
        ),
    };
    if capped {
        note.push_str(&format!("stopped after {minutes} min; "));
    }
    if !predicate.holds(&result).unwrap_or(false) {
        note.push_str("does not fail any more; ");
    }
    let (cells, cases) = measure(puzzle, &text).unwrap_or((0, 0));
    Ok(Result1 {
        shrinker: reducer,
        cells,
        cases,
        bytes: text.len(),
        runs: lines(&runs),
        tests: lines(&calls),
        seconds,
        note: note.trim_end_matches("; ").to_string(),
    })
}

/// The cells of the largest board of `text` and its cases.
fn measure(puzzle: &dyn Puzzle, text: &str) -> Result<(usize, usize)> {
    let summary = puzzle
        .inspect(Input::bytes(text.as_bytes()))
        .map_err(|e| anyhow::anyhow!("{}", e.describe("<input>")))?;
    Ok((summary.largest, summary.cases))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(cells: usize, bytes: usize) -> Result1 {
        Result1 {
            shrinker: "shrinkray",
            cells,
            cases: 1,
            bytes,
            runs: 19,
            tests: 849,
            seconds: 27.25,
            note: "stopped after 3 min; does not fail any more".to_string(),
        }
    }

    #[test]
    fn a_kept_result_is_read_back_under_the_same_minutes_only() {
        let kept = result(16, 28);
        let line = kept.line(3);
        assert_eq!(Result1::parse("shrinkray", &line, 3), Some(kept));
        assert_eq!(Result1::parse("shrinkray", &line, 20), None);
        assert_eq!(Result1::parse("shrinkray", "3 16 1", 3), None);
    }

    #[test]
    fn the_runs_to_reach_a_size_are_the_first_step_no_larger_in_both() {
        let trace = parse_trace("0 124 16\n1 76 16\n2 28 16\n5 26 15\n6 26 15\n").unwrap();
        assert_eq!(trace.len(), 5);
        assert_eq!(runs_to_reach(&trace, &result(16, 124)), Some(0));
        assert_eq!(runs_to_reach(&trace, &result(16, 28)), Some(2));
        // Fewer bytes alone is not enough: the cells too.
        assert_eq!(runs_to_reach(&trace, &result(15, 100)), Some(5));
        assert_eq!(runs_to_reach(&trace, &result(9, 18)), None);
        assert!(parse_trace("0 124\n").is_err());
    }
}
