//! `cargo xtask bench PUZZLE`: the `dist` binary (fat LTO) against the reference, side
//! by side.
//!
//! The inputs are made by the generator with fixed arguments (each puzzle's
//! `About::benches`), so anyone can rerun the same benchmark; `../shared/bench/compare`
//! alternates the two commands and prints the median time ratio and the peak memory of
//! each.

use crate::reference;
use anyhow::{Context, Result, bail};
use std::path::Path;
use std::process::Command;

pub(crate) fn run(root: &Path, args: &[String]) -> Result<()> {
    let name = args.first().with_context(|| {
        format!(
            "usage: cargo xtask bench PUZZLE; PUZZLE is one of: {}",
            puzzles::names()
        )
    })?;
    let puzzle = crate::puzzle(name)?;
    if puzzle.about().benches.is_empty() {
        bail!(
            "{name} has no reference program to time against; time its solver alone with \
             `cargo run --release -p puzzles --example time -- {name} FILE...`"
        );
    }
    let shared = reference::require_shared(root, "cargo xtask bench")?;
    let compare = shared.join("bench/compare");
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
    for bench in puzzle.about().benches {
        let args: Vec<String> = bench
            .gen_args
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let input_path = out_dir.join(format!("{}.in", bench.name));
        std::fs::write(&input_path, crate::generate(&binary, puzzle, &args)?)?;
        println!("{}: gen {}", bench.name, bench.gen_args);
        let status = Command::new(&compare)
            .arg("--input")
            .arg(&input_path)
            .arg("--a")
            .arg(format!(
                "{} --puzzle {}",
                binary.display(),
                puzzle.about().name
            ))
            .arg("--b")
            .arg(shared.join("reference/bin").join(bench.reference))
            .status()?;
        if !status.success() {
            bail!("compare failed on {}", bench.name);
        }
    }
    Ok(())
}
