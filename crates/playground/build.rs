//! Bundles the fixtures: every `fixtures/PUZZLE/NAME.in` of the repository becomes an
//! entry of `FIXTURES` (puzzle, name, text) through `include_str!`, so the server reads
//! no file at run time. A directory is a puzzle's by its name alone: nothing here knows
//! which puzzles there are. Each directory's `manifest.txt` lines (`NAME  what it is`)
//! become `MANIFEST` (puzzle, name, what), from which the level picker takes titles, and
//! the first line of each `NAME.out` `FIRST_ANSWERS` (the level's optimum).

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut entries = Vec::new();
    let mut manifest = Vec::new();
    if let Ok(dirs) = fs::read_dir(&root) {
        for dir in dirs.flatten() {
            let puzzle = dir.file_name().to_string_lossy().into_owned();
            println!("cargo:rerun-if-changed={}", dir.path().display());
            if let Ok(text) = fs::read_to_string(dir.path().join("manifest.txt")) {
                for line in text.lines().filter(|l| !l.starts_with('#')) {
                    if let Some((name, what)) = line.split_once(char::is_whitespace) {
                        manifest.push((puzzle.clone(), name.to_string(), what.trim().to_string()));
                    }
                }
            }
            let Ok(files) = fs::read_dir(dir.path()) else {
                continue;
            };
            for file in files.flatten() {
                let path = file.path();
                if path.extension().is_some_and(|e| e == "in") {
                    let name = path
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    let answer = fs::read_to_string(path.with_extension("out"))
                        .ok()
                        .and_then(|out| out.lines().next().map(str::to_string))
                        .unwrap_or_default();
                    let path = path.canonicalize().unwrap_or(path);
                    entries.push((puzzle.clone(), name, path, answer));
                }
            }
        }
    }
    entries.sort();
    let mut out = String::from("/// Every bundled fixture: puzzle, name, text (sorted).\n");
    out.push_str("pub static FIXTURES: &[(&str, &str, &str)] = &[\n");
    for (puzzle, name, path, _) in &entries {
        let _ = writeln!(
            out,
            "    ({puzzle:?}, {name:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    out.push_str("/// The first line of every fixture's judge output: puzzle, name, line.\n");
    out.push_str("pub static FIRST_ANSWERS: &[(&str, &str, &str)] = &[\n");
    for (puzzle, name, _, answer) in &entries {
        let _ = writeln!(out, "    ({puzzle:?}, {name:?}, {answer:?}),");
    }
    out.push_str("];\n");
    manifest.sort();
    out.push_str("/// Every manifest line: puzzle, fixture name, what it is (sorted).\n");
    out.push_str("pub static MANIFEST: &[(&str, &str, &str)] = &[\n");
    for (puzzle, name, what) in &manifest {
        let _ = writeln!(out, "    ({puzzle:?}, {name:?}, {what:?}),");
    }
    out.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("fixtures.rs");
    fs::write(dest, out).expect("OUT_DIR is writable");
}
