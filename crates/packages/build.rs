//! Bundles the problems: every folder `problems/PUZZLE/` becomes an entry of `PROBLEMS`
//! (the puzzle's name and its `Package`), its files through `include_str!`. A folder is
//! a puzzle's by its name alone: nothing here knows which puzzles there are.
//!
//! A folder holds `problem.txt` (`title: T`, then `test NAME: GEN ARGUMENTS` lines; `#`
//! starts a comment line), `statement.tex`, `answer.py`, the input validator
//! `validate.ctd` (checktestdata) or `validate.py` (Python), optionally `output.py` (a
//! custom output validator) and any `accepted.EXT` (accepted submissions).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

/// Fails the build with `message` about `path` (a malformed problem is a build error).
fn refuse(path: &Path, message: &str) -> ! {
    panic!("{}: {message}", path.display())
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut folders: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| refuse(&dir, &e.to_string()))
        .map(|entry| {
            entry
                .unwrap_or_else(|e| refuse(&dir, &e.to_string()))
                .path()
        })
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    let mut out =
        String::from("/// Every problem: the puzzle's name and its package (sorted by name).\n");
    out.push_str("static PROBLEMS: &[(&str, Package)] = &[\n");
    for folder in &folders {
        println!("cargo:rerun-if-changed={}", folder.display());
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let file = |file: &str| {
            let path = folder.join(file);
            path.is_file().then(|| {
                println!("cargo:rerun-if-changed={}", path.display());
                format!("include_str!({:?})", path.display().to_string())
            })
        };
        let need = |f: &str| file(f).unwrap_or_else(|| refuse(folder, &format!("no {f}")));
        let problem = folder.join("problem.txt");
        let text =
            fs::read_to_string(&problem).unwrap_or_else(|e| refuse(&problem, &e.to_string()));
        let mut title = None;
        let mut tests = String::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(t) = line.strip_prefix("title:") {
                title = Some(t.trim().to_string());
            } else if let Some((test, args)) = line
                .strip_prefix("test ")
                .and_then(|rest| rest.split_once(':'))
            {
                let _ = write!(tests, "({:?}, {:?}), ", test.trim(), args.trim());
            } else {
                refuse(
                    &problem,
                    &format!("line {}: expected `title: T` or `test NAME: ARGS`", i + 1),
                );
            }
        }
        let title = title.unwrap_or_else(|| refuse(&problem, "no `title:` line"));
        let input_validator = match (file("validate.ctd"), file("validate.py")) {
            (Some(script), None) => format!("InputValidator::Checktestdata({script})"),
            (None, Some(program)) => format!("InputValidator::Python({program})"),
            _ => refuse(
                folder,
                "expected one input validator, validate.ctd or validate.py",
            ),
        };
        let output_validator =
            file("output.py").map_or("None".to_string(), |p| format!("Some({p})"));
        let mut accepted = String::new();
        let mut entries: Vec<PathBuf> = fs::read_dir(folder)
            .unwrap_or_else(|e| refuse(folder, &e.to_string()))
            .map(|entry| {
                entry
                    .unwrap_or_else(|e| refuse(folder, &e.to_string()))
                    .path()
            })
            .filter(|path| path.file_stem().is_some_and(|s| s == "accepted"))
            .collect();
        entries.sort();
        for path in entries {
            let ext = path
                .extension()
                .map(|e| e.to_string_lossy().into_owned())
                .unwrap_or_default();
            let _ = write!(
                accepted,
                "Submission {{ file: {:?}, source: include_str!({:?}) }}, ",
                format!("{name}.{ext}"),
                path.display().to_string()
            );
        }
        let _ = writeln!(
            out,
            "    ({name:?}, Package {{ title: {title:?}, statement: {}, input_validator: {input_validator}, \
             answer_validator: {}, output_validator: {output_validator}, tests: &[{tests}], accepted: &[{accepted}] }}),",
            need("statement.tex"),
            need("answer.py"),
        );
    }
    out.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("problems.rs");
    fs::write(dest, out).expect("OUT_DIR is writable");
}
