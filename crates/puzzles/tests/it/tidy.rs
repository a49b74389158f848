//! Tidy checks in the rust-analyzer style: facts about the source tree itself.
//!
//! The one here keeps the puzzle contract honest: outside a puzzle's own places (its
//! solver crate, its format module in `parsers`, its adapter here, its picture in
//! `pictures`, its problem package in `packages`) and the registry, no
//! code names a puzzle: no Rust, and no script, page or style sheet of the playground
//! (which draws and plays every puzzle from the description the registry serves). So no
//! tool enumerates the puzzles, and a new puzzle needs no edit anywhere else. Comments,
//! tests and `mod NAME;` lines may name them.

use puzzles::PUZZLES;
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The kinds of file tidy reads: Rust, and the playground page's scripts, page and
/// style sheet.
const CODE: [&str; 4] = [".rs", ".js", ".html", ".css"];

/// Every code file ([`CODE`]) under `dir`, skipping build output and installed
/// packages.
fn code_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.is_dir() {
            if name != "target" && name != "node_modules" && !name.starts_with('.') {
                code_files(&path, files);
            }
        } else if CODE.iter().any(|ext| name.ends_with(ext)) {
            files.push(path);
        }
    }
}

/// The places (path prefixes, relative to the workspace) that belong to one puzzle.
fn own_places(name: &str) -> Vec<String> {
    let module = name.replace('-', "_");
    vec![
        format!("crates/{name}/"),
        format!("crates/puzzles/src/{module}/"),
        format!("crates/parsers/src/{module}.rs"),
        format!("crates/parsers/src/validate/{module}.rs"),
        format!("crates/pictures/src/{module}.rs"),
        format!("crates/packages/problems/{name}/"),
    ]
}

/// Whether `word` occurs in `line` on its own (not inside a longer identifier).
fn names(line: &str, word: &str) -> bool {
    let line = line.to_ascii_lowercase();
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    line.match_indices(word).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// Whether `line` (trimmed) declares a module: `mod NAME;` or `pub mod NAME;`.
fn declares_module(line: &str) -> bool {
    line.strip_prefix("pub ")
        .unwrap_or(line)
        .starts_with("mod ")
        && line.ends_with(';')
}

/// The lines of a file that tidy checks: code, not comments, not tests, not the
/// registry, not module declarations nor the `#[cfg(feature = ...)]` that gates one
/// (a format of `parsers` is a feature of its own).
fn checked_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut in_registry = false;
    let lines: Vec<&str> = text
        .lines()
        .take_while(|line| line.trim() != "#[cfg(test)]")
        .collect();
    let gates_module = |i: usize| {
        lines[i].trim().starts_with("#[cfg(feature")
            && lines
                .get(i + 1)
                .is_some_and(|next| declares_module(next.trim()))
    };
    let checked: Vec<(usize, &str)> = lines
        .iter()
        .enumerate()
        .filter(|&(i, line)| {
            let line = line.trim();
            if line.starts_with("pub static PUZZLES") {
                in_registry = true;
            }
            let registry = in_registry;
            if in_registry && line == "];" {
                in_registry = false;
            }
            let comment = ["//", "/*", "<!--"].iter().any(|c| line.starts_with(c));
            !registry && !declares_module(line) && !gates_module(i) && !comment
        })
        .map(|(i, line)| (i + 1, *line))
        .collect();
    checked.into_iter()
}

#[test]
fn no_tool_names_a_puzzle() {
    let root = workspace();
    let mut files = Vec::new();
    for dir in ["crates", "xtask", "fuzz"] {
        code_files(&root.join(dir), &mut files);
    }
    let names: Vec<&str> = PUZZLES.iter().map(|p| p.about().name).collect();
    let own: Vec<String> = names.iter().flat_map(|n| own_places(n)).collect();
    let mut found = Vec::new();
    let mut checked = 0;
    let mut assets = 0;
    for path in &files {
        let relative = path
            .strip_prefix(&root)
            .expect("under the workspace")
            .to_string_lossy()
            .replace('\\', "/");
        if own.iter().any(|place| relative.starts_with(place.as_str()))
            || relative.contains("/tests/")
        {
            continue;
        }
        checked += 1;
        assets += usize::from(relative.starts_with("crates/playground/src/assets/"));
        let text = std::fs::read_to_string(path).expect("a source file");
        for (number, line) in checked_lines(&text) {
            for name in &names {
                if names_in(line, name) {
                    found.push(format!(
                        "{relative}:{number}: names {name}: {}",
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        checked >= 20,
        "only {checked} files checked: is the walk right?"
    );
    assert!(
        assets >= 4,
        "only {assets} of the playground page's files checked: is the walk right?"
    );
    assert!(
        found.is_empty(),
        "code outside the puzzles' own places names a puzzle (go through the registry):\n{}",
        found.join("\n")
    );
}

fn names_in(line: &str, name: &str) -> bool {
    names(line, name) || names(line, &name.replace('-', "_"))
}

#[test]
fn the_check_sees_a_name_and_lets_comments_and_declarations_be() {
    assert!(names("let p = find(\"bloxorz\");", "bloxorz"));
    assert!(names("Puzzle::Bloxorz => 3,", "bloxorz"));
    assert!(!names("let bloxorzish = 1;", "bloxorz"));
    let text = "// bloxorz here is fine\n#[cfg(feature = \"bloxorz\")]\nmod bloxorz;\npub static PUZZLES: &[&dyn Puzzle] = &[\n    &bloxorz::Bloxorz,\n];\nlet x = bloxorz::Board::new();\n#[cfg(feature = \"bloxorz\")]\nfn only_bloxorz() {}\n#[cfg(test)]\nlet y = \"bloxorz\";\n";
    let flagged: Vec<usize> = checked_lines(text)
        .filter(|(_, line)| names(line, "bloxorz"))
        .map(|(n, _)| n)
        .collect();
    assert_eq!(flagged, [7, 8]);
    let page = "// the bloxorz kit\n/* bloxorz */\n<!-- bloxorz -->\nif (puzzle === \"bloxorz\") {}\nconst BOARDS = { bloxorz: 1 };\nel.style.height = 1;\n";
    let flagged: Vec<usize> = checked_lines(page)
        .filter(|(_, line)| names(line, "bloxorz") || names(line, "eight"))
        .map(|(n, _)| n)
        .collect();
    assert_eq!(flagged, [4, 5]);
}

/// Every crate's package ships the workspace's two license files and a README of its
/// own: copies, since `cargo package` takes nothing from outside the crate, so they must
/// stay the same text as the workspace's.
#[test]
fn every_crate_ships_the_licenses_and_a_readme() {
    let root = workspace();
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .expect("the crates directory")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.join("Cargo.toml").exists())
        .collect();
    crates.sort();
    assert!(crates.len() >= 8, "only {} crates found", crates.len());
    let mut wrong = Vec::new();
    for license in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let text = std::fs::read_to_string(root.join(license)).expect("the workspace's license");
        for dir in &crates {
            if std::fs::read_to_string(dir.join(license)).ok().as_ref() != Some(&text) {
                wrong.push(format!("{}: not the workspace's {license}", dir.display()));
            }
        }
    }
    for dir in &crates {
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("a manifest");
        if !dir.join("README.md").exists() || !manifest.contains("readme = \"README.md\"") {
            wrong.push(format!("{}: no README.md in its manifest", dir.display()));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The data a registered puzzle brings besides its code, and no data of a puzzle that is
/// not registered: its fixtures with a manifest whose `sample` is the spec's sample with
/// its published answers (`given N`), and only registered names in xtask's catalog.
#[test]
fn every_puzzle_brings_its_fixtures_and_no_data_names_another() {
    let root = workspace();
    let names: Vec<&str> = PUZZLES.iter().map(|p| p.about().name).collect();
    for puzzle in PUZZLES {
        let about = puzzle.about();
        let dir = root.join("fixtures").join(about.name);
        let manifest = std::fs::read_to_string(dir.join("manifest.txt")).unwrap_or_else(|e| {
            panic!("{}: fixtures/{}/manifest.txt: {e}", about.name, about.name)
        });
        let sample = manifest
            .lines()
            .find(|l| l.split_whitespace().next() == Some("sample"))
            .unwrap_or_else(|| panic!("{}: the manifest has no `sample` fixture", about.name));
        assert!(
            sample.split_whitespace().nth(1) == Some("given"),
            "{}: the sample's answers are the spec's, `given N`: {sample}",
            about.name
        );
        let text = std::fs::read_to_string(dir.join("sample.in")).expect("sample.in");
        assert_eq!(
            text, about.sample,
            "{}: sample.in is the About sample",
            about.name
        );
    }
    for entry in std::fs::read_dir(root.join("fixtures")).expect("fixtures/") {
        let entry = entry.expect("an entry");
        if entry.path().is_dir() {
            let name = entry.file_name().to_string_lossy().into_owned();
            assert!(
                names.contains(&name.as_str()),
                "fixtures/{name}: no such puzzle"
            );
        }
    }
    let catalog = std::fs::read_to_string(root.join("xtask/catalog.txt")).expect("the catalog");
    for line in catalog.lines().filter(|l| !l.trim_start().starts_with('#')) {
        if let Some(name) = line.split('|').nth(1).map(str::trim) {
            assert!(
                names.contains(&name),
                "xtask/catalog.txt names {name}: {line}"
            );
        }
    }
}
