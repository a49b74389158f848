//! `cargo xtask examples`: every doc example of a library crate compiles in a project
//! that depends on that crate alone.
//!
//! Doctests run inside the workspace, where a crate's examples may name any crate the
//! crate itself depends on (`use grid_core::Pos` in a solver crate's example compiles
//! there, and fails for a user who depends on the solver crate only). So for each
//! publishable library crate under `crates/` this writes a scratch package under
//! `target/xtask-examples/` whose one dependency is that crate (by path, default
//! features), turns every Rust code block of the crate's doc comments (`//!`, `///`) and
//! of its `README.md` into `examples/FILE_N.rs` the way rustdoc wraps a doctest, and
//! builds them all with `cargo build --examples --offline`. The scratch packages are
//! members of one scratch workspace, so the crates they depend on build once; each
//! example still sees only its own package's dependency.

use anyhow::{Context, Result, bail};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the scratch workspace is written, under the target directory.
const SCRATCH: &str = "xtask-examples";

/// One library crate: its package name, its features, its directory and its examples.
#[derive(Debug)]
struct Crate {
    package: String,
    /// Every feature its manifest declares but `default`: the test-only ones (`oracle`,
    /// `generate`) are off by default, and their modules' examples need them.
    features: Vec<String>,
    dir: PathBuf,
    examples: Vec<Example>,
}

/// One code block: where it comes from (`src/board.rs:87`) and its compilable text.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Example {
    origin: String,
    code: String,
}

/// `cargo xtask examples`: `Ok(false)` when an example does not build.
pub(crate) fn run(root: &Path) -> Result<bool> {
    let crates = library_crates(root)?;
    let scratch = crate::target_dir(root).join(SCRATCH);
    std::fs::create_dir_all(&scratch)?;
    let edition = workspace_edition(root)?;
    let mut members = Vec::new();
    let mut count = 0;
    for krate in &crates {
        if krate.examples.is_empty() {
            continue;
        }
        let member = format!("{}-examples", krate.package);
        write_package(&scratch.join(&member), krate, &edition)?;
        members.push(member);
        count += krate.examples.len();
        println!("{:>4} examples of {}", krate.examples.len(), krate.package);
    }
    // A crate that lost its examples (or its place) must not leave a package behind.
    for entry in std::fs::read_dir(&scratch)? {
        let path = entry?.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.is_dir() && name != "target" && !members.iter().any(|m| *m == name) {
            std::fs::remove_dir_all(&path)
                .with_context(|| format!("cannot remove {}", path.display()))?;
        }
    }
    let mut manifest = String::from(
        "# Written by `cargo xtask examples`: one package per library crate, each depending\n\
         # on that crate alone.\n[workspace]\nresolver = \"3\"\nmembers = [\n",
    );
    for member in &members {
        let _ = writeln!(manifest, "    {member:?},");
    }
    manifest.push_str("]\n");
    write_if_changed(&scratch.join("Cargo.toml"), &manifest)?;
    // The workspace's lock file, so the registry crates are the versions already fetched.
    if let Ok(lock) = std::fs::read_to_string(root.join("Cargo.lock")) {
        write_if_changed(&scratch.join("Cargo.lock"), &lock)?;
    }
    let status = Command::new(env!("CARGO"))
        .args([
            "build",
            "--examples",
            "--offline",
            "--quiet",
            "--keep-going",
        ])
        .current_dir(&scratch)
        .env("CARGO_TARGET_DIR", scratch.join("target"))
        .status()
        .context("cannot run cargo build")?;
    if !status.success() {
        eprintln!(
            "an example does not build against its crate alone (the first line of each file in {} says where it comes from): use the crate's own paths, and re-export what the examples need",
            scratch.display()
        );
        return Ok(false);
    }
    println!(
        "{count} examples of {} crates build, each with its crate as the only dependency",
        members.len()
    );
    Ok(true)
}

/// The edition of `[workspace.package]`, which every crate inherits.
fn workspace_edition(root: &Path) -> Result<String> {
    let text = std::fs::read_to_string(root.join("Cargo.toml"))?;
    text.lines()
        .find_map(|line| {
            let value = line.trim().strip_prefix("edition")?.trim_start();
            Some(
                value
                    .strip_prefix('=')?
                    .trim()
                    .trim_matches('"')
                    .to_string(),
            )
        })
        .context("no edition in the workspace's Cargo.toml")
}

/// Every crate under `crates/` with a library target and no `publish = false`, with its
/// examples.
fn library_crates(root: &Path) -> Result<Vec<Crate>> {
    let mut crates = Vec::new();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    dirs.sort();
    for dir in dirs {
        let Ok(manifest) = std::fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        if !dir.join("src/lib.rs").exists()
            || manifest
                .lines()
                .any(|l| l.replace(' ', "") == "publish=false")
        {
            continue;
        }
        let package = manifest
            .lines()
            .find_map(|line| {
                let value = line.trim().strip_prefix("name")?.trim_start();
                Some(
                    value
                        .strip_prefix('=')?
                        .trim()
                        .trim_matches('"')
                        .to_string(),
                )
            })
            .with_context(|| format!("no package name in {}", dir.display()))?;
        let features = declared_features(&manifest);
        let mut examples = Vec::new();
        let mut files = Vec::new();
        rust_files(&dir.join("src"), &mut files)?;
        for file in &files {
            let text = std::fs::read_to_string(file)?;
            let relative = file.strip_prefix(&dir).unwrap_or(file);
            examples.extend(doc_examples(&relative.to_string_lossy(), &text));
        }
        if let Ok(readme) = std::fs::read_to_string(dir.join("README.md")) {
            examples.extend(markdown_examples("README.md", readme.lines().enumerate()));
        }
        crates.push(Crate {
            package,
            features,
            dir,
            examples,
        });
    }
    if crates.is_empty() {
        bail!("no library crate under {}", root.join("crates").display());
    }
    Ok(crates)
}

/// The features a manifest declares in its `[features]` table, `default` left out.
fn declared_features(manifest: &str) -> Vec<String> {
    let mut on = false;
    let mut features = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            on = line == "[features]";
        } else if let Some((name, _)) = line.split_once('=').filter(|_| on) {
            let name = name.trim();
            if !name.starts_with('#') && name != "default" {
                features.push(name.to_string());
            }
        }
    }
    features
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, files)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    Ok(())
}

/// Writes the scratch package of `krate`: its manifest and one file per example.
fn write_package(dir: &Path, krate: &Crate, edition: &str) -> Result<()> {
    let examples = dir.join("examples");
    std::fs::create_dir_all(&examples)?;
    let manifest = format!(
        "[package]\nname = \"{}-examples\"\nversion = \"0.0.0\"\nedition = \"{edition}\"\npublish = false\n\n[dependencies]\n{} = {{ path = {:?}, features = {:?} }}\n",
        krate.package,
        krate.package,
        krate.dir.display().to_string(),
        krate.features,
    );
    write_if_changed(&dir.join("Cargo.toml"), &manifest)?;
    // cargo wants a target besides the examples: an empty library.
    std::fs::create_dir_all(dir.join("src"))?;
    write_if_changed(&dir.join("src/lib.rs"), "")?;
    let mut seen = std::collections::HashMap::<String, usize>::new();
    let mut written = Vec::new();
    for example in &krate.examples {
        let (file, _) = example
            .origin
            .split_once(':')
            .unwrap_or((&example.origin, ""));
        let stem = file
            .trim_start_matches("src/")
            .trim_end_matches(".rs")
            .trim_end_matches(".md")
            .replace(['/', '-', '.'], "_")
            .to_ascii_lowercase();
        let n = seen.entry(stem.clone()).or_default();
        *n += 1;
        let text = format!(
            "// {}/{}\n{}",
            krate.dir.display(),
            example.origin,
            example.code
        );
        let name = format!("{stem}_{n}.rs");
        write_if_changed(&examples.join(&name), &text)?;
        written.push(name);
    }
    for entry in std::fs::read_dir(&examples)? {
        let path = entry?.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if !written.iter().any(|w| *w == name) {
            std::fs::remove_file(&path)
                .with_context(|| format!("cannot remove {}", path.display()))?;
        }
    }
    Ok(())
}

/// Writes `text` to `path` unless it holds it already, so cargo rebuilds only what
/// changed.
fn write_if_changed(path: &Path, text: &str) -> Result<()> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// The Rust examples of the doc comments (`//!` and `///`) of a source file.
fn doc_examples(file: &str, text: &str) -> Vec<Example> {
    // Each run of doc lines is one piece of Markdown; a code block never spans two.
    let mut examples = Vec::new();
    let mut run: Vec<(usize, String)> = Vec::new();
    let mut flush = |run: &mut Vec<(usize, String)>| {
        examples.extend(markdown_examples(
            file,
            run.iter().map(|(n, line)| (*n, line.as_str())),
        ));
        run.clear();
    };
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let doc = trimmed
            .strip_prefix("//!")
            .or_else(|| trimmed.strip_prefix("///").filter(|r| !r.starts_with('/')));
        match doc {
            Some(rest) => run.push((number, rest.strip_prefix(' ').unwrap_or(rest).to_string())),
            None => flush(&mut run),
        }
    }
    flush(&mut run);
    examples
}

/// The Rust code blocks of a piece of Markdown, given as numbered (0-based) lines.
fn markdown_examples<'a>(
    file: &str,
    lines: impl Iterator<Item = (usize, &'a str)>,
) -> Vec<Example> {
    let mut examples = Vec::new();
    let mut open: Option<(usize, bool, Vec<&str>)> = None;
    for (number, line) in lines {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut open, fence) {
            (None, Some(info)) => open = Some((number, is_built(info), Vec::new())),
            (Some(_), Some(_)) => {
                if let Some((start, true, code)) = open.take() {
                    examples.push(Example {
                        origin: format!("{file}:{}", start + 1),
                        code: wrap(&code),
                    });
                }
            }
            (Some((_, _, code)), None) => code.push(line),
            (None, None) => {}
        }
    }
    examples
}

/// Whether a code block whose fence says `info` is Rust that rustdoc builds: no tag, or
/// only rustdoc's own tags (`rust`, `no_run`, `should_panic`, `edition2021`, ...), and
/// neither `ignore` nor `compile_fail`.
fn is_built(info: &str) -> bool {
    let tags: Vec<&str> = info
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    let rustdoc_tag = |t: &str| {
        matches!(
            t,
            "rust" | "no_run" | "should_panic" | "test_harness" | "standalone_crate"
        ) || t.starts_with("edition")
            || t.starts_with("ignore")
            || t == "compile_fail"
            || (t.starts_with('E') && t[1..].chars().all(|c| c.is_ascii_digit()))
    };
    let rust = tags.contains(&"rust") || tags.iter().all(|t| rustdoc_tag(t));
    rust && !tags
        .iter()
        .any(|t| t.starts_with("ignore") || *t == "compile_fail")
}

/// A doctest's lines as rustdoc compiles them: hidden lines (`# `) shown, inner
/// attributes kept at the top, and the code put in `fn main` unless it has one; code
/// ending in `Ok::<(), E>(())` goes in a function returning `Result<(), impl Debug>`,
/// unwrapped (the `E` of the last line says which error).
fn wrap(lines: &[&str]) -> String {
    let shown: Vec<String> = lines
        .iter()
        .map(|line| {
            let trimmed = line.trim();
            if trimmed == "#" {
                String::new()
            } else if let Some(rest) = trimmed.strip_prefix("# ") {
                rest.to_string()
            } else if trimmed.starts_with("##") {
                line.replacen("##", "#", 1)
            } else {
                (*line).to_string()
            }
        })
        .collect();
    let mut attributes = String::from("#![allow(unused)]\n");
    let mut body = String::new();
    for line in &shown {
        if line.trim_start().starts_with("#![") && body.trim().is_empty() {
            attributes.push_str(line);
            attributes.push('\n');
        } else {
            body.push_str(line);
            body.push('\n');
        }
    }
    if body.contains("fn main") {
        return attributes + &body;
    }
    if body.trim_end().ends_with("(())") && body.contains("Ok::<(),") {
        return format!(
            "{attributes}fn main() {{\n    fn _inner() -> Result<(), impl core::fmt::Debug> {{\n{body}    }}\n    _inner().unwrap()\n}}\n"
        );
    }
    format!("{attributes}fn main() {{\n{body}}}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_blocks_are_taken_and_others_left() {
        let text = "//! Intro.\n//!\n//! ```\n//! let a = 1;\n//! # let b = 2;\n//! ```\n//!\n//! ```text\n//! not rust\n//! ```\n/// ```no_run\n/// run_me();\n/// ```\n/// ```ignore\n/// nope();\n/// ```\n/// ```compile_fail\n/// nope();\n/// ```\n/// ```toml\n/// a = 1\n/// ```\nfn f() {}\n";
        let found = doc_examples("src/lib.rs", text);
        let origins: Vec<&str> = found.iter().map(|e| e.origin.as_str()).collect();
        assert_eq!(origins, ["src/lib.rs:3", "src/lib.rs:11"]);
        assert_eq!(
            found[0].code,
            "#![allow(unused)]\nfn main() {\nlet a = 1;\nlet b = 2;\n}\n"
        );
        assert!(found[1].code.contains("run_me();"));
    }

    #[test]
    fn wrapping_follows_rustdoc() {
        let ok = wrap(&[
            "use x::Y;",
            "let y = Y::new()?;",
            "# Ok::<(), x::Error>(())",
        ]);
        assert_eq!(
            ok,
            "#![allow(unused)]\nfn main() {\n    fn _inner() -> Result<(), impl core::fmt::Debug> {\nuse x::Y;\nlet y = Y::new()?;\nOk::<(), x::Error>(())\n    }\n    _inner().unwrap()\n}\n"
        );
        let plain = wrap(&["let ok: Result<(), ()> = Ok(());"]);
        assert!(plain.starts_with("#![allow(unused)]\nfn main() {\nlet ok"));
        let main = wrap(&["#![allow(dead_code)]", "fn main() {}"]);
        assert_eq!(
            main,
            "#![allow(unused)]\n#![allow(dead_code)]\nfn main() {}\n"
        );
        assert_eq!(
            wrap(&["##[derive(Debug)]", "#"]),
            "#![allow(unused)]\nfn main() {\n#[derive(Debug)]\n\n}\n"
        );
    }

    #[test]
    fn features_are_the_declared_ones_but_default() {
        let manifest = "[package]\nname = \"a\"\n\n[features]\n# off\ndefault = []\ngenerate = []\noracle = [\"dep:x\"]\n\n[dev-dependencies]\nx = \"1\"\n";
        assert_eq!(declared_features(manifest), ["generate", "oracle"]);
        assert!(declared_features("[package]\nname = \"a\"\n").is_empty());
    }

    #[test]
    fn readme_blocks_are_markdown() {
        let readme = "# Crate\n\n```rust\nlet x = 1;\n```\n\n```sh\ncargo add x\n```\n";
        let found = markdown_examples("README.md", readme.lines().enumerate());
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].origin, "README.md:3");
    }
}
