//! `cargo xtask bench PUZZLE`: the `dist` binary (fat LTO) against the reference, side
//! by side. (`cargo xtask bench stress`: the shrinking of `gridsolve stress` against the
//! general reducers, in `reduce.rs`.)
//!
//! Each puzzle's benchmarks in `xtask/catalog.txt` say what to solve: an input made by the generator
//! with fixed arguments (so anyone can rerun the same benchmark), or every `.in` file of
//! some directories of `../shared` (a corpus), solved in one run of each program, or one
//! file of `../shared` (Korf's 100, say).
//!
//! A generated or shared input and a judge-style reference go to `../shared/bench/compare`, which
//! alternates the two commands on the input (stdin) and prints the median time ratio
//! and the peak memory of each. A corpus (or a reference that takes files) is timed
//! here the same way: the two commands alternate, each taking every file as an
//! argument, their answers are compared file by file, and the medians and the median
//! of the per-pair ratios are printed. The machine is shared: quote the ratio.

use crate::catalog::{self, Bench, BenchInput, Style};
use crate::reference;
use anyhow::{Context, Result, bail};
use puzzles::Puzzle;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Timed pairs of runs, after one of each to warm up.
const PAIRS: usize = 7;

pub(crate) fn run(root: &Path, args: &[String]) -> Result<()> {
    let usage = || {
        format!(
            "usage: cargo xtask bench PUZZLE|all|stress [FILTER]; PUZZLE is one of: {} \
             (FILTER: only the benches whose name contains it, such as `scale`; stress: \
             gridsolve stress's shrinking against shrinkray and picire)",
            puzzles::names()
        )
    };
    let name = args.first().with_context(usage)?;
    if name == "stress" {
        return crate::reduce::run(root, &args[1..]);
    }
    let filter = args.get(1).map(String::as_str).unwrap_or("");
    if args.len() > 2 {
        bail!(usage());
    }
    let chosen: Vec<&dyn Puzzle> = if name == "all" {
        puzzles::PUZZLES.to_vec()
    } else {
        vec![crate::puzzle(name)?]
    };
    let mut benches = Vec::new();
    for &puzzle in &chosen {
        let about = puzzle.about();
        let entry = catalog::of(root, about.name)?;
        if entry.benches.is_empty() && name != "all" {
            bail!(
                "{name} has no reference program to time against; time its solver alone with \
                 `cargo run --release -p puzzles --example time -- {name} FILE...`"
            );
        }
        let matches = |bench: &Bench| {
            filter.is_empty()
                || bench.name.contains(filter)
                || (filter == "scale" && matches!(bench.input, BenchInput::Scale(_)))
        };
        benches.extend(
            entry
                .benches
                .into_iter()
                .filter(|b| matches(b))
                .map(|b| (puzzle, b)),
        );
    }
    if benches.is_empty() {
        bail!("no bench of {name} matches `{filter}`");
    }
    let shared = reference::require_shared(root, "cargo xtask bench")?;
    let status = Command::new(env!("CARGO"))
        .args(["build", "--profile", "dist", "-p", "cli"])
        .current_dir(root)
        .status()?;
    if !status.success() {
        bail!("cargo build --profile dist failed");
    }
    let target = crate::target_dir(root);
    let out_dir = target.join("bench");
    std::fs::create_dir_all(&out_dir)?;
    let binary = target.join("dist/gridsolve");
    for (puzzle, bench) in &benches {
        let (puzzle, bench) = (*puzzle, bench);
        let files = match &bench.input {
            BenchInput::Generated(gen_args) => {
                let args: Vec<String> = gen_args.split_whitespace().map(str::to_string).collect();
                let path = out_dir.join(format!("{}.in", bench.name));
                std::fs::write(&path, crate::generate(&binary, puzzle, &args)?)?;
                println!("{}: gen {gen_args}", bench.name);
                vec![path]
            }
            BenchInput::Files(dirs) => {
                let files = corpus(&shared, dirs)?;
                println!(
                    "{}: {} files of {}",
                    bench.name,
                    files.len(),
                    dirs.join(", ")
                );
                files
            }
            BenchInput::Shared(file) => {
                let path = shared.join(file);
                if !path.is_file() {
                    bail!("{}: {} is no file", bench.name, path.display());
                }
                println!("{}: {file} of ../shared", bench.name);
                vec![path]
            }
            BenchInput::Scale(input) => {
                let path = scale_input(&shared, &out_dir.join("scale"), input)?;
                let pinned = if bench.one_core { ", one core" } else { "" };
                println!("{}: {input} of bench/scale-inputs{pinned}", bench.name);
                vec![path]
            }
        };
        match (&bench.input, bench.reference.style) {
            (
                BenchInput::Generated(_) | BenchInput::Scale(_) | BenchInput::Shared(_),
                Style::Judge,
            ) => compare(&shared, &binary, puzzle, bench, &files[0])?,
            (_, Style::Files) => side_by_side(&shared, &binary, puzzle, bench, &files)?,
            (BenchInput::Files(_), Style::Judge) => bail!(
                "{}: a corpus needs a reference that takes files; {} reads one input on stdin",
                bench.name,
                bench.reference.program
            ),
        }
    }
    Ok(())
}

/// The scale input `name`, written with all the others into `dir` by
/// `../shared/bench/scale-inputs` the first time one is asked for.
fn scale_input(shared: &Path, dir: &Path, name: &str) -> Result<PathBuf> {
    let path = dir.join(format!("{name}.in"));
    if !path.exists() {
        let script = shared.join("bench/scale-inputs");
        println!(
            "writing the scale inputs: {} {}",
            script.display(),
            dir.display()
        );
        let status = Command::new(&script)
            .arg(dir)
            .stdout(Stdio::null())
            .status()
            .with_context(|| format!("cannot run {}", script.display()))?;
        if !status.success() || !path.exists() {
            bail!("{} did not write {}", script.display(), path.display());
        }
    }
    Ok(path)
}

/// The `.in` files of `dirs` (relative to `shared`), each directory's sorted by name.
fn corpus(shared: &Path, dirs: &[String]) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for dir in dirs {
        let dir = shared.join(dir);
        let mut these: Vec<PathBuf> = std::fs::read_dir(&dir)
            .with_context(|| format!("cannot list {}", dir.display()))?
            .map(|entry| entry.map(|e| e.path()))
            .collect::<Result<_, _>>()?;
        these.retain(|p| p.extension().is_some_and(|e| e == "in"));
        these.sort();
        files.extend(these);
    }
    if files.is_empty() {
        bail!("no .in files in {}", dirs.join(", "));
    }
    Ok(files)
}

/// `../shared/bench/compare` on one input, fed on stdin to both programs.
fn compare(
    shared: &Path,
    binary: &Path,
    puzzle: &dyn Puzzle,
    bench: &Bench,
    input: &Path,
) -> Result<()> {
    // `taskset -c 0` pins a program and its threads to the first core.
    let pin = if bench.one_core { "taskset -c 0 " } else { "" };
    let status = Command::new(shared.join("bench/compare"))
        .arg("--input")
        .arg(input)
        .arg("--a")
        .arg(format!(
            "{pin}{} --puzzle {}",
            binary.display(),
            puzzle.about().name
        ))
        .arg("--b")
        .arg(format!(
            "{pin}{}",
            shared
                .join("reference/bin")
                .join(&bench.reference.program)
                .display()
        ))
        .status()?;
    if !status.success() {
        bail!("compare failed on {}", bench.name);
    }
    Ok(())
}

/// One timed run: wall seconds and stdout.
fn timed(command: &mut Command) -> Result<(f64, String)> {
    let start = Instant::now();
    let output = command
        .stderr(Stdio::null())
        .output()
        .with_context(|| format!("cannot run {command:?}"))?;
    let seconds = start.elapsed().as_secs_f64();
    if !output.status.success() {
        bail!("{command:?} failed: {}", output.status);
    }
    Ok((
        seconds,
        String::from_utf8_lossy(&output.stdout).into_owned(),
    ))
}

/// Both programs on all `files` at once, alternating; their answers compared file by
/// file; the medians and the median of the ratios printed.
fn side_by_side(
    shared: &Path,
    binary: &Path,
    puzzle: &dyn Puzzle,
    bench: &Bench,
    files: &[PathBuf],
) -> Result<()> {
    let reference = shared.join("reference/bin").join(&bench.reference.program);
    let ours = || {
        let mut command = Command::new(binary);
        command.args(["--puzzle", puzzle.about().name]).args(files);
        command
    };
    let theirs = || {
        let mut command = Command::new(&reference);
        command.args(&bench.reference.args).args(files);
        command
    };
    let (_, our_output) = timed(&mut ours())?;
    let (_, their_output) = timed(&mut theirs())?;
    check_answers(files, &our_output, &their_output)?;
    let (mut a, mut b, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..PAIRS {
        let (ta, _) = timed(&mut ours())?;
        let (tb, _) = timed(&mut theirs())?;
        a.push(ta);
        b.push(tb);
        ratios.push(ta / tb);
    }
    let ours_line = format!(
        "{} --puzzle {} FILE...",
        binary.display(),
        puzzle.about().name
    );
    let theirs_line = format!(
        "{} {} FILE...",
        reference.display(),
        bench.reference.args.join(" ")
    );
    println!(
        "A          {ours_line}\n           wall median {:.2} ms",
        median(&mut a) * 1e3
    );
    println!(
        "B          {theirs_line}\n           wall median {:.2} ms",
        median(&mut b) * 1e3
    );
    let (low, high) = ratios
        .iter()
        .fold((f64::MAX, 0f64), |(l, h), &r| (l.min(r), h.max(r)));
    println!(
        "ratio A/B  median {:.3} (min {low:.3}, max {high:.3}, {PAIRS} pairs), answers of {} files the same",
        median(&mut ratios),
        files.len()
    );
    Ok(())
}

/// Checks that our judge output, one answer line per file, says what the reference's
/// `FILE ANSWER` lines say.
fn check_answers(files: &[PathBuf], ours: &str, theirs: &str) -> Result<()> {
    let our_lines: Vec<&str> = ours.lines().collect();
    if our_lines.len() != files.len() {
        bail!(
            "gridsolve wrote {} lines for {} files: a corpus bench needs inputs of one answer line",
            our_lines.len(),
            files.len()
        );
    }
    for ((file, ours), theirs) in files
        .iter()
        .zip(our_lines)
        .zip(reference::file_answers(theirs, files))
    {
        if theirs.as_deref() != Some(ours) {
            bail!(
                "{}: gridsolve says {ours}, the reference {theirs:?}: fix correctness first",
                file.display()
            );
        }
    }
    Ok(())
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_must_match_file_by_file() {
        let files = [PathBuf::from("x/1.in"), PathBuf::from("x/2.in")];
        let theirs = "x/1.in 81\nx/2.in -1\ntotal_solve_ms 3\n";
        assert!(check_answers(&files, "81\n-1\n", theirs).is_ok());
        assert!(check_answers(&files, "81\n7\n", theirs).is_err());
        assert!(check_answers(&files, "81\n", theirs).is_err());
    }

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
