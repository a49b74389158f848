//! `cargo xtask bench PUZZLE`: the release binary against the reference, side by side.
//!
//! The inputs are made by the generator with fixed arguments (listed here), so anyone
//! can rerun the same benchmark; `../shared/bench/compare` alternates the two commands
//! and prints the median time ratio and the peak memory of each.

use crate::Puzzle;
use anyhow::{Context, Result, bail};
use std::path::Path;
use std::process::Command;

/// The benchmark inputs of a puzzle: name, generator arguments, reference binary.
fn cases(puzzle: Puzzle) -> Vec<(&'static str, &'static str, &'static str)> {
    match puzzle {
        Puzzle::Huarongdao => vec![(
            "huarongdao-30x30-q500",
            "--family random --rows 30 --cols 30 --density 15 --queries 500 --seed 2013",
            "huarongdao-ref-b",
        )],
        Puzzle::Bloxorz => vec![(
            "bloxorz-500x500-5cases",
            "--family random --rows 500 --cols 500 --empty 20 --fragile 10 --cases 5 --seed 3322",
            "bloxorz-ref",
        )],
        Puzzle::Holedox => vec![(
            "holedox-20x20-L8-10cases",
            "--family open --rows 20 --cols 20 --length 8 --cases 10 --seed 1324",
            "holedox-ref",
        )],
    }
}

pub(crate) fn run(root: &Path, args: &[String]) -> Result<()> {
    let puzzle = Puzzle::from_name(args.first().context("usage: cargo xtask bench PUZZLE")?)?;
    let shared = root.join("../shared");
    let compare = shared.join("bench/compare");
    if !compare.exists() {
        bail!(
            "{} not found: the benchmark needs the shared reference binaries",
            compare.display()
        );
    }
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "-p", "cli"])
        .current_dir(root)
        .status()?;
    if !status.success() {
        bail!("cargo build --release failed");
    }
    let out_dir = root.join("target/bench");
    std::fs::create_dir_all(&out_dir)?;
    let binary = root.join("target/release/gridsolve");
    for (name, gen_args, reference) in cases(puzzle) {
        let args: Vec<String> = gen_args.split_whitespace().map(str::to_string).collect();
        let input_path = out_dir.join(format!("{name}.in"));
        std::fs::write(&input_path, crate::generate(&binary, puzzle, &args)?)?;
        println!("{name}: gen {gen_args}");
        let status = Command::new(&compare)
            .arg("--input")
            .arg(&input_path)
            .arg("--a")
            .arg(format!("{} --puzzle {}", binary.display(), puzzle.name()))
            .arg("--b")
            .arg(shared.join("reference/bin").join(reference))
            .status()?;
        if !status.success() {
            bail!("compare failed on {name}");
        }
    }
    Ok(())
}
