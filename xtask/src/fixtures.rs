//! `verify`, `regen` and `gen`: fixtures are `fixtures/PUZZLE/NAME.in` + `NAME.out`,
//! listed in `fixtures/PUZZLE/manifest.txt`.

use crate::Puzzle;
use crate::manifest::{self, Entry, Origin};
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};

/// What the checks beyond the judge output covered in one input.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DeepCheck {
    /// Answers checked.
    pub(crate) answers: usize,
    /// Paths replayed by the puzzle's independent checker.
    pub(crate) replayed: usize,
    /// Answers compared with the naive oracle.
    pub(crate) oracle: usize,
}

impl DeepCheck {
    fn add(&mut self, other: DeepCheck) {
        self.answers += other.answers;
        self.replayed += other.replayed;
        self.oracle += other.oracle;
    }
}

fn dir(root: &Path, puzzle: Puzzle) -> PathBuf {
    root.join("fixtures").join(puzzle.name())
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

fn write(path: &Path, contents: &[u8]) -> Result<()> {
    std::fs::write(path, contents).with_context(|| format!("cannot write {}", path.display()))
}

/// The manifest of a puzzle, checked against the `.in` files present.
fn entries(root: &Path, puzzle: Puzzle) -> Result<Vec<Entry>> {
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
    Ok(entries)
}

/// Checks every fixture; prints each problem (with a unified diff for a wrong output)
/// and returns whether all passed.
pub(crate) fn verify(root: &Path) -> Result<bool> {
    let binary = crate::gridsolve(root)?;
    let (mut passed, mut failed) = (0, 0);
    for puzzle in Puzzle::ALL {
        let dir = dir(root, puzzle);
        let mut total = DeepCheck::default();
        for entry in entries(root, puzzle)? {
            let input_path = dir.join(format!("{}.in", entry.name));
            let output_path = dir.join(format!("{}.out", entry.name));
            match verify_one(&binary, puzzle, &entry, &input_path, &output_path) {
                Ok(check) => {
                    total.add(check);
                    passed += 1;
                }
                Err(problem) => {
                    eprintln!("FAIL {}: {problem:#}\n", input_path.display());
                    failed += 1;
                }
            }
        }
        println!(
            "{}: {} answers checked, {} paths replayed, {} answers confirmed by the naive oracle",
            puzzle.name(),
            total.answers,
            total.replayed,
            total.oracle
        );
    }
    match verify_picture(root, &binary) {
        Ok(()) => passed += 1,
        Err(problem) => {
            eprintln!("FAIL docs/bloxorz-sample.svg: {problem:#}\n");
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
    puzzle: Puzzle,
    entry: &Entry,
    input_path: &Path,
    output_path: &Path,
) -> Result<DeepCheck> {
    let input = read(input_path)?;
    if let Origin::Generated(args) = &entry.origin {
        let expected = crate::generate(binary, puzzle, args)?;
        if expected.as_bytes() != input {
            bail!(
                "the input is not what its manifest line generates (gen: {}); run `cargo xtask regen`",
                args.join(" ")
            );
        }
    }
    let output = puzzle
        .judge(&input)
        .map_err(|e| anyhow::anyhow!("{}:{e}", input_path.display()))?;
    let expected = std::fs::read_to_string(output_path).with_context(|| {
        format!(
            "cannot read {}; run `cargo xtask regen`",
            output_path.display()
        )
    })?;
    if output != expected {
        let diff = similar::TextDiff::from_lines(&expected, &output);
        let expected_name = output_path.display().to_string();
        bail!(
            "the output differs from {}:\n{}",
            expected_name,
            diff.unified_diff()
                .header(&expected_name, "gridsolve")
                .context_radius(2)
        );
    }
    puzzle.deep_check(&input)
}

/// README's picture, `docs/bloxorz-sample.svg`: what `gridsolve --svg` draws for the
/// Bloxorz sample.
const PICTURE: &str = "docs/bloxorz-sample.svg";

/// Draws README's picture with the binary.
fn draw_picture(root: &Path, binary: &Path) -> Result<String> {
    let dir = root.join("target/xtask-picture");
    let _ = std::fs::remove_dir_all(&dir);
    let status = std::process::Command::new(binary)
        .args(["--puzzle", "bloxorz", "--svg"])
        .arg(&dir)
        .arg(root.join("fixtures/bloxorz/sample.in"))
        .stdout(std::process::Stdio::null())
        .status()
        .context("cannot run gridsolve --svg")?;
    if !status.success() {
        bail!("gridsolve --svg failed");
    }
    std::fs::read_to_string(dir.join("bloxorz-case-0001.svg"))
        .context("gridsolve --svg wrote no picture")
}

fn verify_picture(root: &Path, binary: &Path) -> Result<()> {
    let drawn = draw_picture(root, binary)?;
    let kept = std::fs::read_to_string(root.join(PICTURE))
        .with_context(|| format!("cannot read {PICTURE}"))?;
    if drawn != kept {
        bail!("{PICTURE} is not what gridsolve --svg draws now; run `cargo xtask regen`");
    }
    Ok(())
}

/// Rewrites every generated input from its manifest line and every output.
pub(crate) fn regen(root: &Path) -> Result<()> {
    let binary = crate::gridsolve(root)?;
    for puzzle in Puzzle::ALL {
        let dir = dir(root, puzzle);
        let mut written = 0;
        for entry in entries(root, puzzle)? {
            let input_path = dir.join(format!("{}.in", entry.name));
            if let Origin::Generated(args) = &entry.origin {
                write(
                    &input_path,
                    crate::generate(&binary, puzzle, args)?.as_bytes(),
                )?;
            }
            let input = read(&input_path)?;
            let output = puzzle
                .judge(&input)
                .map_err(|e| anyhow::anyhow!("{}:{e}", input_path.display()))?;
            write(&dir.join(format!("{}.out", entry.name)), output.as_bytes())?;
            written += 1;
        }
        println!("{}: {written} outputs written", puzzle.name());
    }
    write(&root.join(PICTURE), draw_picture(root, &binary)?.as_bytes())?;
    println!("{PICTURE} drawn");
    Ok(())
}

/// `gen PUZZLE ARGS [--name NAME]`: add `gridsolve gen --puzzle PUZZLE ARGS` as a
/// fixture, with its output and a manifest line; without `--name`, print the input.
pub(crate) fn gen_command(root: &Path, args: &[String]) -> Result<()> {
    let Some(name) = args.first() else {
        bail!(
            "usage: cargo xtask gen PUZZLE [ARGS] [--name NAME]; PUZZLE is one of: \
             huarongdao, bloxorz, holedox; ARGS as for `gridsolve gen --help`"
        );
    };
    let puzzle = Puzzle::from_name(name)?;
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
        .judge(input.as_bytes())
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
    println!("added {}/{name}.in and .out", dir.display());
    Ok(())
}
