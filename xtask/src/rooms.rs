//! A puzzle is its rooms: the places that are its own, and a few doors to them. A test
//! walks every file of the repository (`git ls-files`, and new files not yet added) and
//! fails where a registered puzzle's name, written as an identifier, stands outside its
//! rooms and outside the [`ALLOWED`] files, printing the file, the line and the puzzle.
//!
//! A puzzle's rooms ([`rooms`]): its solver crate `crates/NAME/`, its adapter folder
//! `crates/puzzles/src/MODULE/`, its format and validator in `parsers`
//! (`src/MODULE.rs`, `src/validate/MODULE.rs`), its problem package `crates/packages/problems/NAME/`, its fixtures `fixtures/NAME/`,
//! its guide pages; any file whose own name names it (`examples/wrong-NAME-...py`,
//! `tests/it/NAME_format.rs`, `docs/NAME-sample.svg`); and tests (files under a `tests/`
//! folder, and the code after a Rust file's `#[cfg(test)]`) and documentation (Markdown,
//! the guide's folder `docs/`, rustdoc comments), which may name any puzzle. A room of
//! one puzzle may name the puzzles it is built on (the classic Bloxorz crate uses
//! Bloxorz's rolls). The doors: a `mod MODULE;` line and the `#[cfg(feature = "NAME")]`
//! that gates it.
//!
//! The name counts when written as code writes it: quoted (`"NAME"`, `'NAME'`,
//! `` `NAME` ``), as a path (`MODULE::`, `::MODULE`, `/NAME/`, `NAME/`, `/NAME`,
//! `MODULE.rs`), as a package (`gridsolve-NAME`), as a key of a manifest (`NAME = ...`,
//! `NAME.workspace = true` at the start of a line) or as a puzzle argument (`-p NAME`,
//! `--puzzle NAME`, `puzzle NAME`); not as a word of prose ("eight cases").

use std::path::Path;
use std::process::Command;

/// The files outside the rooms that may name a puzzle: the manifests that list the
/// crates and features (the workspace's, the contract's, the formats'), the registry
/// (`PUZZLES`, with the adapters' `mod` lines) and xtask's catalogue of the reference
/// programs. No more than six (five today).
pub(crate) const ALLOWED: &[&str] = &[
    "Cargo.toml",
    "crates/puzzles/Cargo.toml",
    "crates/parsers/Cargo.toml",
    "crates/puzzles/src/lib.rs",
    "xtask/catalog.txt",
];

/// Files that are neither code nor settings: written by tools (lock files, pictures,
/// manual pages) or data that no tool reads as a list of puzzles.
const SKIPPED: &[&str] = &[
    ".lock", ".svg", ".png", ".1", ".in", ".out", ".ttc", ".woff2",
];

/// The module form of a puzzle's name (`bloxorz-classic` is `bloxorz_classic`).
fn module(name: &str) -> String {
    name.replace('-', "_")
}

/// The places that belong to the puzzle `name` (path prefixes from the repository's
/// root).
pub(crate) fn rooms(name: &str) -> Vec<String> {
    let module = module(name);
    vec![
        format!("crates/{name}/"),
        format!("crates/puzzles/src/{module}/"),
        format!("crates/parsers/src/{module}.rs"),
        format!("crates/parsers/src/validate/{module}.rs"),
        format!("crates/packages/problems/{name}/"),
        format!("fixtures/{name}/"),
        format!("docs/src/puzzles/{name}.md"),
        format!("docs/src/generated/{name}.md"),
    ]
}

/// Whether the file `path` is one of `name`'s rooms, or names `name` in its own file
/// name (as a word: `holedox_format.rs`, `wrong-holedox-tail.py`).
fn in_rooms(path: &str, name: &str, names: &[&str]) -> bool {
    if rooms(name)
        .iter()
        .any(|room| path.starts_with(room.as_str()))
    {
        return true;
    }
    let file = path.rsplit('/').next().unwrap_or(path).replace('_', "-");
    file.split(['.'])
        .next()
        .is_some_and(|stem| words_name(stem, name, names))
}

/// Whether `stem` (words joined by `-`) holds `name` as whole words, and not as the start
/// of a longer registered name (`bloxorz` in `bloxorz-classic-levels`).
fn words_name(stem: &str, name: &str, names: &[&str]) -> bool {
    stem.match_indices(name).any(|(at, _)| {
        let before_ok = at == 0 || stem.as_bytes()[at - 1] == b'-';
        let rest = &stem[at + name.len()..];
        let after_ok = rest.is_empty() || rest.starts_with('-');
        before_ok && after_ok && !longer_name_at(&stem[at..], name, names)
    })
}

/// Whether another registered name, longer than `name`, starts `text`.
fn longer_name_at(text: &str, name: &str, names: &[&str]) -> bool {
    names.iter().any(|other| {
        other.len() > name.len()
            && other.starts_with(name)
            && (text.starts_with(other) || text.starts_with(module(other).as_str()))
    })
}

/// Whether a file at `path` is tests or documentation, which may name any puzzle.
fn tests_or_docs(path: &str) -> bool {
    path.starts_with("docs/")
        || path.ends_with(".md")
        || path.starts_with("tests/")
        || path.contains("/tests/")
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Whether `line` writes the puzzle `name` as an identifier (see the module's doc).
fn names_puzzle(line: &str, name: &str, names: &[&str]) -> bool {
    let module = module(name);
    let mut forms = vec![name.to_string()];
    if module != name {
        forms.push(module);
    }
    let bytes = line.as_bytes();
    forms.iter().any(|form| {
        line.match_indices(form.as_str()).any(|(at, _)| {
            let end = at + form.len();
            let before = at.checked_sub(1).map(|i| bytes[i]);
            let after = bytes.get(end).copied();
            let text_before = &line[..at];
            let rest = &line[end..];
            if before.is_some_and(is_ident) || longer_name_at(&line[at..], name, names) {
                return false;
            }
            if after.is_some_and(is_ident) {
                return false;
            }
            let quoted = matches!(before, Some(b'"' | b'\'' | b'`')) && after == before;
            let path = before == Some(b'/') || after == Some(b'/') || rest.starts_with(".rs");
            let rust = rest.starts_with("::") || text_before.ends_with("::");
            let package = text_before.ends_with("gridsolve-");
            // A key of a manifest: `NAME = ...`, `NAME.workspace = true`.
            let key = text_before.trim().is_empty()
                && (rest.trim_start().starts_with('=') || rest.starts_with('.'));
            let argument = ["-p ", "--puzzle ", "--puzzle=", "puzzle "]
                .iter()
                .any(|flag| text_before.ends_with(flag));
            // A `-` before, not of `gridsolve-`: a word of a longer name (`wrong-NAME`).
            let hyphened = before == Some(b'-') && !package;
            !hyphened && (quoted || path || rust || package || argument || key)
        })
    })
}

/// Whether the trimmed `line` is a door to a room: `mod MODULE;` (or `pub mod`) or the
/// `#[cfg(feature = "NAME")]` that gates one.
fn is_door(line: &str) -> bool {
    let line = line.trim();
    let module = line.strip_prefix("pub ").unwrap_or(line);
    (module.starts_with("mod ") && module.ends_with(';'))
        || (line.starts_with("#[cfg(feature = \"") && line.ends_with("\")]"))
}

/// One place outside the rooms that names a puzzle.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Stray {
    pub(crate) file: String,
    pub(crate) line: usize,
    pub(crate) puzzle: String,
    pub(crate) text: String,
}

/// Every place of the file `path` (its `text`) that names a puzzle of `names` outside
/// the rooms and the allowed files.
pub(crate) fn strays(path: &str, text: &str, names: &[&str]) -> Vec<Stray> {
    if ALLOWED.contains(&path)
        || tests_or_docs(path)
        || SKIPPED.iter().any(|ext| path.ends_with(ext))
        || names.iter().any(|name| in_rooms(path, name, names))
    {
        return Vec::new();
    }
    let rust = path.ends_with(".rs");
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if rust && trimmed == "#[cfg(test)]" {
            break;
        }
        if (rust && (trimmed.starts_with("///") || trimmed.starts_with("//!"))) || is_door(line) {
            continue;
        }
        for name in names {
            if names_puzzle(line, name, names) {
                found.push(Stray {
                    file: path.to_string(),
                    line: i + 1,
                    puzzle: name.to_string(),
                    text: trimmed.to_string(),
                });
            }
        }
    }
    found
}

/// The repository's files: tracked, and new ones not ignored (`git ls-files`).
pub(crate) fn files(root: &Path) -> Vec<String> {
    let out = Command::new("git")
        .args([
            "ls-files",
            "--cached",
            "--others",
            "--exclude-standard",
            "-z",
        ])
        .current_dir(root)
        .output()
        .expect("git ls-files runs (the test needs the repository)");
    assert!(out.status.success(), "git ls-files failed");
    let mut files: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .split('\0')
        .filter(|f| !f.is_empty())
        .map(str::to_string)
        .collect();
    files.sort();
    files.dedup();
    files
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzles::PUZZLES;

    fn root() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    fn names() -> Vec<&'static str> {
        PUZZLES.iter().map(|p| p.about().name).collect()
    }

    #[test]
    fn a_puzzle_is_named_only_in_its_rooms_and_the_allowed_files() {
        let root = root();
        let names = names();
        assert!(ALLOWED.len() <= 6, "at most six files outside the rooms");
        for allowed in ALLOWED {
            assert!(root.join(allowed).is_file(), "{allowed}: no such file");
        }
        let files = files(&root);
        assert!(files.len() > 100, "git ls-files listed the repository");
        let mut strays = Vec::new();
        for file in &files {
            // A file listed but gone (deleted, not yet committed) or not text is skipped.
            let Ok(text) = std::fs::read_to_string(root.join(file)) else {
                continue;
            };
            strays.extend(strays_of(file, &text, &names));
        }
        let shown: Vec<String> = strays
            .iter()
            .map(|s| format!("{}:{}: {}: {}", s.file, s.line, s.puzzle, s.text))
            .collect();
        assert!(
            shown.is_empty(),
            "a puzzle named outside its rooms (ARCHITECTURE, \"Adding a puzzle\"):\n{}",
            shown.join("\n")
        );
    }

    fn strays_of(file: &str, text: &str, names: &[&str]) -> Vec<Stray> {
        strays(file, text, names)
    }

    /// Each allowed file does name a puzzle (else it would not need to be allowed), and
    /// the problem packages' folders are registered puzzles.
    #[test]
    fn the_allowed_files_are_needed_and_the_packages_are_puzzles() {
        let root = root();
        let names = names();
        for allowed in ALLOWED {
            let text = std::fs::read_to_string(root.join(allowed)).unwrap();
            assert!(
                text.lines()
                    .any(|line| names.iter().any(|n| names_puzzle(line, n, &names))),
                "{allowed} names no puzzle: take it off ALLOWED"
            );
        }
        let problems = root.join("crates/packages/problems");
        for entry in std::fs::read_dir(&problems).expect("crates/packages/problems") {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            assert!(
                names.contains(&name.as_str()),
                "{}/{name}: no such puzzle",
                problems.display()
            );
        }
    }

    /// ARCHITECTURE's "Adding a puzzle" names exactly the allowed files, one bullet each
    /// under "And outside the rooms", so the list a new puzzle follows is this test's.
    #[test]
    fn architecture_lists_the_allowed_files() {
        let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
        let start = text
            .find("And outside the rooms")
            .expect("ARCHITECTURE's \"And outside the rooms\"");
        let section = &text[start..];
        let end = section
            .find("Nothing else changes")
            .expect("ARCHITECTURE's \"Nothing else changes\" after the list");
        let section = &section[..end];
        let listed: Vec<&str> = section
            .lines()
            .filter_map(|line| line.strip_prefix("- `"))
            .filter_map(|line| line.split('`').next())
            .collect();
        assert_eq!(listed, ALLOWED, "ARCHITECTURE's list against ALLOWED");
        let words = ["", "one", "two", "three", "four", "five", "six"];
        let count = format!("rooms, {} files", words[ALLOWED.len()]);
        assert!(section.contains(&count), "ARCHITECTURE says {count:?}");
    }

    const NAMES: &[&str] = &["bloxorz", "bloxorz-classic", "eight"];

    #[test]
    fn identifiers_count_and_prose_does_not() {
        let hit = |line: &str, name: &str| names_puzzle(line, name, NAMES);
        for line in [
            "let p = puzzles::find(\"eight\");",
            "use crate::eight::Board;",
            "x = ::eight::walk(b);",
            "'crates/eight/src/solver\\.rs:.*'",
            "docs/src/puzzles/eight.md | x",
            "cargo test -p eight",
            "gridsolve --puzzle eight sample.in",
            "a `gridsolve-eight` crate",
            "crates/parsers/src/eight.rs",
            "peer=../shared/reference/bin/eight",
            "eight = { workspace = true }",
            "    eight.workspace = true",
        ] {
            assert!(hit(line, "eight"), "{line}");
        }
        for line in [
            "eight cases, each of eight moves",
            "Eight is the judges' puzzle",
            "let eighteen = 18;",
            "the eight_space tests",
            "wrong-eight-tiles.py",
        ] {
            assert!(!hit(line, "eight"), "{line}");
        }
        // `bloxorz` inside the longer name is that name's, not `bloxorz`'s.
        assert!(!hit("gridsolve-bloxorz-classic", "bloxorz"));
        assert!(hit("gridsolve-bloxorz-classic", "bloxorz-classic"));
        assert!(!hit("use bloxorz_classic::Level;", "bloxorz"));
        assert!(hit("bloxorz_classic::Level", "bloxorz-classic"));
        assert!(!hit("crates/bloxorz-classic/src", "bloxorz"));
    }

    #[test]
    fn rooms_tests_docs_and_doors_may_name_a_puzzle() {
        let names = NAMES;
        let count = |path: &str, text: &str| strays(path, text, names).len();
        let line = "let p = puzzles::find(\"eight\");\n";
        assert_eq!(count("crates/cli/src/demo.rs", line), 1);
        assert_eq!(count("crates/eight/src/lib.rs", line), 0);
        assert_eq!(count("crates/puzzles/src/bloxorz_classic/mod.rs", line), 0);
        assert_eq!(count("crates/parsers/tests/it/eight_format.rs", line), 0);
        assert_eq!(count("examples/wrong-eight-tiles.py", "\"eight\"\n"), 0);
        assert_eq!(count("crates/cli/tests/it/cli.rs", line), 0);
        assert_eq!(count("README.md", line), 0);
        assert_eq!(count("Cargo.toml", line), 0);
        let text = "mod eight;\n#[cfg(feature = \"eight\")]\n/// `eight::walk`\nfn f() {}\n#[cfg(test)]\nmod tests { \"eight\" }\n";
        assert_eq!(count("crates/parsers/src/lib.rs", text), 0);
        let stray = strays("tools/x.sh", "a\n-p bloxorz-classic\n", names);
        assert_eq!(
            stray,
            [Stray {
                file: "tools/x.sh".into(),
                line: 2,
                puzzle: "bloxorz-classic".into(),
                text: "-p bloxorz-classic".into()
            }]
        );
    }
}
