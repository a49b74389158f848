//! Bundles the fixtures: every `fixtures/PUZZLE/NAME.in` of the repository becomes an
//! entry of `FIXTURES` (puzzle, name, text) through `include_str!`, so the server reads
//! no file at run time. A directory is a puzzle's by its name alone: nothing here knows
//! which puzzles there are. Each `NAME.out` becomes an entry of `OUTPUTS` (the known
//! answers), and each directory's `levels.txt` an entry of `LEVEL_LISTS` (the levels the
//! picker lists, with their titles).

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut entries = Vec::new();
    let mut lists = Vec::new();
    if let Ok(dirs) = fs::read_dir(&root) {
        for dir in dirs.flatten() {
            let puzzle = dir.file_name().to_string_lossy().into_owned();
            println!("cargo:rerun-if-changed={}", dir.path().display());
            let list = dir.path().join("levels.txt");
            if list.is_file() {
                lists.push((puzzle.clone(), list.canonicalize().unwrap_or(list)));
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
                    let out = path.with_extension("out");
                    let out = out.is_file().then(|| out.canonicalize().unwrap_or(out));
                    let path = path.canonicalize().unwrap_or(path);
                    entries.push((puzzle.clone(), name, path, out));
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
    out.push_str("/// Every fixture's judge output: puzzle, name, text (sorted).\n");
    out.push_str("pub static OUTPUTS: &[(&str, &str, &str)] = &[\n");
    for (puzzle, name, _, path) in &entries {
        if let Some(path) = path {
            let _ = writeln!(
                out,
                "    ({puzzle:?}, {name:?}, include_str!({:?})),",
                path.display().to_string()
            );
        }
    }
    out.push_str("];\n");
    lists.sort();
    out.push_str("/// Every puzzle's `levels.txt`: puzzle, text (sorted).\n");
    out.push_str("pub static LEVEL_LISTS: &[(&str, &str)] = &[\n");
    for (puzzle, path) in &lists {
        let _ = writeln!(
            out,
            "    ({puzzle:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("fixtures.rs");
    fs::write(dest, out).expect("OUT_DIR is writable");
}
