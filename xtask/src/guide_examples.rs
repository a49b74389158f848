//! The Rust examples a user reads in Markdown (README, the guide's pages under
//! `docs/src/`, the crates' READMEs) are whole programs: each has its `fn main`, and
//! compiles and runs exactly as pasted, with only the crates it names as dependencies.
//!
//! For each example this writes a scratch package under `target/xtask-guide-examples/`
//! whose `src/main.rs` is the block's text unchanged (no line hidden, nothing wrapped
//! around it) and whose dependencies are the workspace's library crates the code names
//! (`huarongdao::` or `use huarongdao`), by path with their default features; builds
//! them all in one scratch workspace, and runs each from the workspace root (so a path
//! such as `fixtures/bloxorz/sample.in` means what it means to a reader in a clone).
//! An example that lacks `fn main`, does not build or does not exit 0 fails.

use crate::fixtures::update;
use anyhow::{Context, Result};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the scratch workspace is written, under the target directory.
const SCRATCH: &str = "xtask-guide-examples";

/// A library crate an example may use: its package name, the name code calls it by,
/// and its directory.
#[derive(Debug)]
struct Library {
    package: String,
    ident: String,
    dir: PathBuf,
}

/// One Rust code block of a Markdown file.
#[derive(Debug, PartialEq, Eq)]
struct Block {
    origin: String,
    code: String,
}

/// The value of `key = "..."` in the `[section]` of a manifest.
fn manifest_value(manifest: &str, section: &str, key: &str) -> Option<String> {
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == section;
            continue;
        }
        if inside
            && let Some(rest) = line.strip_prefix(key)
            && let Some(value) = rest.trim_start().strip_prefix('=')
        {
            return Some(value.trim().trim_matches('"').to_string());
        }
    }
    None
}

/// The library crates of `crates/` that a user can depend on (not `publish = false`).
fn libraries(root: &Path) -> Result<Vec<Library>> {
    let mut libraries = Vec::new();
    for entry in std::fs::read_dir(root.join("crates"))? {
        let dir = entry?.path();
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
        let package = manifest_value(&manifest, "[package]", "name")
            .with_context(|| format!("no package name in {}", dir.display()))?;
        let ident =
            manifest_value(&manifest, "[lib]", "name").unwrap_or_else(|| package.replace('-', "_"));
        libraries.push(Library {
            package,
            ident,
            dir,
        });
    }
    libraries.sort_by(|a, b| a.package.cmp(&b.package));
    Ok(libraries)
}

/// The Markdown files a user reads: README, the guide's pages, the crates' READMEs.
fn markdown_files(root: &Path) -> Result<Vec<PathBuf>> {
    fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .with_context(|| format!("cannot list {}", dir.display()))?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()?;
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, files)?;
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
        Ok(())
    }
    let mut files = vec![root.join("README.md")];
    let guide = root.join("docs/src");
    if guide.is_dir() {
        walk(&guide, &mut files)?;
    }
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))?
        .map(|e| e.map(|e| e.path().join("README.md")))
        .collect::<Result<_, _>>()?;
    crates.retain(|p| p.is_file());
    crates.sort();
    files.extend(crates);
    Ok(files)
}

/// The Rust blocks of a Markdown text (fences tagged `rust`, or untagged), as written.
fn blocks(origin: &str, text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, bool, String)> = None;
    for (number, line) in text.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut open, fence) {
            (None, Some(info)) => {
                let rust = info.trim().is_empty()
                    || info.split([',', ' ']).any(|tag| tag.trim() == "rust");
                open = Some((number, rust, String::new()));
            }
            (Some(_), Some(_)) => {
                if let Some((start, true, code)) = open.take() {
                    blocks.push(Block {
                        origin: format!("{origin}:{}", start + 1),
                        code,
                    });
                }
            }
            (Some((_, _, code)), None) => {
                code.push_str(line);
                code.push('\n');
            }
            (None, None) => {}
        }
    }
    blocks
}

/// Whether `code` names the crate called `ident` (`ident::` or `use ident`).
fn names(code: &str, ident: &str) -> bool {
    code.match_indices(ident).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = &code[at + ident.len()..];
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
            && (after.starts_with("::")
                || (after.starts_with([';', ',', ' ', '}'])
                    && code[..at].trim_end().ends_with("use")))
    })
}

/// `cargo xtask examples`, the part of the Markdown a user reads: `Ok(false)` when an
/// example is no whole program, does not build or does not run.
pub(crate) fn run(root: &Path) -> Result<bool> {
    let libraries = libraries(root)?;
    let scratch = crate::target_dir(root).join(SCRATCH);
    std::fs::create_dir_all(&scratch)?;
    let mut ok = true;
    let mut members: Vec<(String, String)> = Vec::new();
    for file in markdown_files(root)? {
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        let origin = file
            .strip_prefix(root)
            .unwrap_or(&file)
            .display()
            .to_string();
        for block in blocks(&origin, &text) {
            if !block.code.contains("fn main") {
                eprintln!(
                    "{}: a Rust example with no `fn main`: write it as a whole program, as a reader pastes it",
                    block.origin
                );
                ok = false;
                continue;
            }
            let member = format!("example-{}", members.len() + 1);
            let mut manifest = format!(
                "# {}\n[package]\nname = \"{member}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\n",
                block.origin
            );
            for library in libraries.iter().filter(|l| names(&block.code, &l.ident)) {
                let _ = writeln!(
                    manifest,
                    "{} = {{ path = {:?} }}",
                    library.package,
                    library.dir.display().to_string()
                );
            }
            let dir = scratch.join(&member);
            std::fs::create_dir_all(dir.join("src"))?;
            // Written only when changed, so cargo rebuilds only what changed.
            update(&dir.join("Cargo.toml"), manifest.as_bytes())?;
            update(&dir.join("src/main.rs"), block.code.as_bytes())?;
            members.push((member, block.origin));
        }
    }
    // Packages of examples that went away must not stay behind.
    for entry in std::fs::read_dir(&scratch)? {
        let path = entry?.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.is_dir() && name != "target" && !members.iter().any(|(m, _)| *m == name) {
            std::fs::remove_dir_all(&path)
                .with_context(|| format!("cannot remove {}", path.display()))?;
        }
    }
    let mut workspace = String::from(
        "# Written by `cargo xtask examples`: one package per Rust example of the Markdown\n\
         # a user reads, each depending on the crates it names.\n[workspace]\nresolver = \"3\"\nmembers = [\n",
    );
    for (member, _) in &members {
        let _ = writeln!(workspace, "    {member:?},");
    }
    workspace.push_str("]\n");
    update(&scratch.join("Cargo.toml"), workspace.as_bytes())?;
    if let Ok(lock) = std::fs::read(root.join("Cargo.lock")) {
        update(&scratch.join("Cargo.lock"), &lock)?;
    }
    let target = scratch.join("target");
    let status = Command::new(env!("CARGO"))
        .args([
            "build",
            "--offline",
            "--quiet",
            "--keep-going",
            "--workspace",
        ])
        .current_dir(&scratch)
        .env("CARGO_TARGET_DIR", &target)
        .status()
        .context("cannot run cargo build")?;
    if !status.success() {
        eprintln!(
            "a Markdown example does not build as pasted (the first line of each {}/example-N/Cargo.toml says where it comes from)",
            scratch.display()
        );
        return Ok(false);
    }
    for (member, origin) in &members {
        let binary = target.join("debug").join(member);
        let output = Command::new(&binary)
            .current_dir(root)
            .output()
            .with_context(|| format!("cannot run {}", binary.display()))?;
        if !output.status.success() {
            eprintln!(
                "{origin}: the example ran and failed ({}): {}",
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            );
            ok = false;
        }
    }
    if ok {
        println!(
            "{} Rust examples of README, the guide and the crates' READMEs build and run as pasted",
            members.len()
        );
    }
    Ok(ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_blocks_are_taken_as_written() {
        let text = "# A\n\n```rust\nfn main() {}\n```\n\n```sh\ncargo run\n```\n\n```\nlet a = 1;\n```\n\n```toml\na = 1\n```\n";
        let found = blocks("README.md", text);
        assert_eq!(
            found,
            [
                Block {
                    origin: "README.md:3".into(),
                    code: "fn main() {}\n".into()
                },
                Block {
                    origin: "README.md:11".into(),
                    code: "let a = 1;\n".into()
                },
            ]
        );
    }

    #[test]
    fn the_crates_an_example_names_are_its_dependencies() {
        let code = "use huarongdao::{Board, Pos};\nuse parsers;\nfn main() { grid_core::Pos::new(0, 0); bloxorz_classic::x(); }\n";
        assert!(names(code, "huarongdao"));
        assert!(names(code, "parsers"));
        assert!(names(code, "grid_core"));
        assert!(names(code, "bloxorz_classic"));
        // `bloxorz` is only a part of `bloxorz_classic` here.
        assert!(!names(code, "bloxorz"));
        assert!(!names("let klotski_board = 1;", "klotski"));
        assert!(!names("use a::klotski::B;", "klotski"));
    }

    #[test]
    fn manifests_are_read_by_section() {
        let manifest = "[package]\nname = \"gridsolve-klotski\"\n\n[lib]\nname = \"klotski\"\n";
        assert_eq!(
            manifest_value(manifest, "[package]", "name").as_deref(),
            Some("gridsolve-klotski")
        );
        assert_eq!(
            manifest_value(manifest, "[lib]", "name").as_deref(),
            Some("klotski")
        );
        assert_eq!(manifest_value(manifest, "[lib]", "path"), None);
    }
}
