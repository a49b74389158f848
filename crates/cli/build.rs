//! Bundles the accepted submissions of `gridsolve package`: every
//! `src/package/accepted/PUZZLE.EXT` becomes an entry of `ACCEPTED` (puzzle, file name,
//! source) through `include_str!`. A file is a puzzle's by its name alone: nothing here
//! knows which puzzles there are.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/package/accepted");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut entries = Vec::new();
    for file in fs::read_dir(&dir).into_iter().flatten().flatten() {
        let path = file.path();
        let (Some(stem), Some(name)) = (path.file_stem(), path.file_name()) else {
            continue;
        };
        let (stem, name) = (stem.to_string_lossy(), name.to_string_lossy());
        let path = path.canonicalize().unwrap_or_else(|_| path.clone());
        entries.push((stem.into_owned(), name.into_owned(), path));
    }
    entries.sort();
    let mut out = String::from(
        "/// Every accepted submission: puzzle, file name, source (sorted by puzzle).\n",
    );
    out.push_str("pub(crate) static ACCEPTED: &[(&str, &str, &str)] = &[\n");
    for (puzzle, name, path) in &entries {
        let _ = writeln!(
            out,
            "    ({puzzle:?}, {name:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("accepted.rs");
    fs::write(dest, out).expect("OUT_DIR is writable");
}
