//! `cargo xtask man`: the manual pages `gridsolve man` writes (gridsolve(1) and
//! gridsolve-COMMAND(1) for each subcommand), kept in docs/ for those who install them;
//! `verify` fails when one is stale, missing or no longer a page.

use crate::fixtures::update;
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};

/// Where the pages are kept, as `NAME.1`.
const DOCS: &str = "docs";

/// How a user installs them (README says the same).
const INSTALL: &str = "install -Dm644 -t ~/.local/share/man/man1 docs/*.1";

/// `gridsolve ARGS`' stdout.
fn output(binary: &Path, args: &[&str]) -> Result<String> {
    let output = std::process::Command::new(binary)
        .args(args)
        .output()
        .with_context(|| format!("cannot run gridsolve {}", args.join(" ")))?;
    if !output.status.success() {
        bail!(
            "gridsolve {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    String::from_utf8(output.stdout).with_context(|| {
        format!(
            "gridsolve {} wrote something other than UTF-8",
            args.join(" ")
        )
    })
}

/// Every page as the binary writes it: its name and its roff.
fn pages(binary: &Path) -> Result<Vec<(String, String)>> {
    output(binary, &["man", "--list"])?
        .lines()
        .map(|name| Ok((name.to_string(), output(binary, &["man", name])?)))
        .collect()
}

/// Where page `name` is kept.
fn path(root: &Path, name: &str) -> PathBuf {
    root.join(DOCS).join(format!("{name}.1"))
}

/// The `NAME.1` files in docs/ that are no page (a page that went away).
fn strays(root: &Path, pages: &[(String, String)]) -> Result<Vec<PathBuf>> {
    let dir = root.join(DOCS);
    let mut strays = Vec::new();
    for entry in
        std::fs::read_dir(&dir).with_context(|| format!("cannot list {}", dir.display()))?
    {
        let path = entry?.path();
        let page = path.file_name().unwrap_or_default().to_string_lossy();
        if let Some(name) = page.strip_suffix(".1")
            && !pages.iter().any(|(p, _)| p == name)
        {
            strays.push(path);
        }
    }
    Ok(strays)
}

/// Checks that docs/ holds exactly the pages the binary writes, as it writes them.
pub(crate) fn verify(root: &Path, binary: &Path) -> Result<()> {
    let pages = pages(binary)?;
    let mut stale: Vec<String> = pages
        .iter()
        .filter(|(name, roff)| {
            std::fs::read_to_string(path(root, name)).ok().as_ref() != Some(roff)
        })
        .map(|(name, _)| format!("{DOCS}/{name}.1"))
        .collect();
    stale.extend(
        strays(root, &pages)?
            .iter()
            .map(|p| format!("{} (no such page)", p.display())),
    );
    if !stale.is_empty() {
        bail!(
            "{} not what `gridsolve man` writes now; run `cargo xtask man`",
            stale.join(", ")
        );
    }
    Ok(())
}

/// Writes every page to docs/ and removes the files of pages that went away; says which
/// changed.
pub(crate) fn write(root: &Path, binary: &Path) -> Result<()> {
    let pages = pages(binary)?;
    for (name, roff) in &pages {
        let changed = update(&path(root, name), roff.as_bytes())?;
        println!(
            "{DOCS}/{name}.1 {}",
            if changed { "written" } else { "unchanged" }
        );
    }
    for stray in strays(root, &pages)? {
        std::fs::remove_file(&stray)
            .with_context(|| format!("cannot remove {}", stray.display()))?;
        println!("{} removed (no such page)", stray.display());
    }
    Ok(())
}

/// `cargo xtask man`.
pub(crate) fn run(root: &Path) -> Result<()> {
    let binary = crate::gridsolve(root)?;
    write(root, &binary)?;
    println!("install them with `{INSTALL}`");
    Ok(())
}
