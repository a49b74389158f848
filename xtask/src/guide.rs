//! `cargo xtask guide`: the lists of the user guide (`docs/src/`) that come from the
//! registry, written to `docs/src/generated/*.md`, which the guide's pages include
//! (`{{#include ../generated/NAME.md}}`). `verify` fails when one is stale, missing or
//! no longer written, as it does for the manual pages (`man.rs`); `regen` rewrites them.
//!
//! The lists: the puzzles (`puzzles.md`), the capabilities of each (`capabilities.md`),
//! every generator family (`families.md`), every option of solving and of `gen`
//! (`options.md`), every kind of invalid input (`invalid-kinds.md`), and for each puzzle
//! its own options, families and kinds (`PUZZLE.md`, on its page).
//!
//! It also holds the front door to that list: README names every puzzle of the registry
//! in its table and links its page, and every puzzle has a page in the guide's summary.
//! Everything here reads the registry through `puzzles::PUZZLES` and the `Puzzle` face
//! alone, so it follows the registry, whatever the puzzles are.

use crate::fixtures::update;
use anyhow::{Context, Result, bail};
use puzzles::{Capability, OptionSpec, PUZZLES, Puzzle};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Where the generated lists are kept, under the workspace root.
const GENERATED: &str = "docs/src/generated";

/// The guide's pages of the puzzles, `PUZZLES_DIR/NAME.md`.
const PUZZLES_DIR: &str = "docs/src/puzzles";

/// The first line of every generated file: where it comes from.
const HEADER: &str = "<!-- Written by `cargo xtask guide` from the registry (puzzles::PUZZLES); `cargo xtask verify` fails when it is stale. Do not edit. -->\n";

/// A table cell: no line break, and `|` escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// The values an option takes when they are a fixed list (empty otherwise): the one
/// place here that reads how `OptionSpec` keeps them.
fn choices(spec: &OptionSpec) -> &'static [&'static str] {
    spec.kind.choices()
}

/// What an option takes: its range, its choices, or its value's name.
fn takes(spec: &OptionSpec) -> String {
    if let Some((min, max)) = spec.range {
        format!("{min} to {max}")
    } else if !choices(spec).is_empty() {
        choices(spec)
            .iter()
            .map(|c| format!("`{c}`"))
            .collect::<Vec<_>>()
            .join(", ")
    } else {
        format!("`{}`", spec.value_name)
    }
}

/// A table of options, or `none` when there are none.
fn options_table(out: &mut String, specs: &[OptionSpec]) {
    if specs.is_empty() {
        out.push_str("none\n");
        return;
    }
    out.push_str("| option | takes | default | what it does |\n|---|---|---|---|\n");
    for spec in specs {
        let default = if spec.default.is_empty() {
            "none".to_string()
        } else {
            cell(spec.default)
        };
        let _ = writeln!(
            out,
            "| `--{}` | {} | {default} | {} |",
            spec.name,
            cell(&takes(spec)),
            cell(spec.help)
        );
    }
}

/// `puzzles.md`: every puzzle, its `--puzzle` value and what it is.
fn puzzles_list() -> String {
    let mut out = String::from(HEADER);
    out.push_str("| `--puzzle` | what it is | an answer line answers a |\n|---|---|---|\n");
    for puzzle in PUZZLES {
        let about = puzzle.about();
        let _ = writeln!(
            out,
            "| `{}` | {} | {} |",
            about.name,
            cell(about.summary),
            about.unit
        );
    }
    out
}

/// `capabilities.md`: which puzzle has which capability beyond solving.
fn capabilities() -> String {
    let mut out = String::from(HEADER);
    out.push_str("| puzzle | solve, validate, check |");
    for capability in Capability::ALL {
        let _ = write!(out, " {} |", capability.name());
    }
    out.push_str("\n|---|---|");
    for _ in Capability::ALL {
        out.push_str("---|");
    }
    out.push('\n');
    for puzzle in PUZZLES {
        let _ = write!(out, "| `{}` | yes |", puzzle.about().name);
        for capability in Capability::ALL {
            out.push_str(if puzzle.has(capability) {
                " yes |"
            } else {
                " no |"
            });
        }
        out.push('\n');
    }
    out.push('\n');
    for capability in Capability::ALL {
        let _ = writeln!(out, "- `{}`: its {}", capability.name(), capability.what());
    }
    out
}

/// `families.md`: every generator family of every puzzle, the default first.
fn families() -> String {
    let mut out = String::from(HEADER);
    out.push_str("| puzzle | family | what it makes |\n|---|---|---|\n");
    for puzzle in PUZZLES {
        let name = puzzle.about().name;
        match puzzle.generator() {
            Some(generator) => {
                for (i, (family, what)) in generator.families().into_iter().enumerate() {
                    let default = if i == 0 { " (the default)" } else { "" };
                    let _ = writeln!(out, "| `{name}` | `{family}`{default} | {} |", cell(what));
                }
            }
            None => {
                let _ = writeln!(out, "| `{name}` | none: it has no generator | |");
            }
        }
    }
    out
}

/// `options.md`: the options of solving and of `gen`, puzzle by puzzle.
fn options() -> String {
    let mut out = String::from(HEADER);
    for puzzle in PUZZLES {
        let name = puzzle.about().name;
        let _ = writeln!(out, "**`--puzzle {name}`**, solving (and `check`): ");
        options_table(&mut out, puzzle.solve_options());
        out.push('\n');
        if let Some(generator) = puzzle.generator() {
            let _ = writeln!(
                out,
                "**`gen --puzzle {name}`**, besides `--family` and `--seed` (the judge's size: {}):\n",
                generator.gen_size()
            );
            options_table(&mut out, generator.gen_options());
            out.push('\n');
        }
    }
    out
}

/// `invalid-kinds.md`: every kind of invalid input `gen --invalid` writes, puzzle by
/// puzzle.
fn invalid_kinds() -> String {
    let mut out = String::from(HEADER);
    out.push_str("| puzzle | kinds of invalid input (`gen --invalid KIND`) |\n|---|---|\n");
    for puzzle in PUZZLES {
        let name = puzzle.about().name;
        let kinds = puzzle.generator().map_or_else(
            || "none: it has no generator".to_string(),
            |g| {
                g.invalid_kinds()
                    .iter()
                    .map(|k| format!("`{}`", k.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            },
        );
        let _ = writeln!(out, "| `{name}` | {kinds} |");
    }
    out
}

/// `PUZZLE.md`: one puzzle's options, families and kinds of invalid input, for its page.
fn one(puzzle: &dyn Puzzle) -> String {
    let name = puzzle.about().name;
    let mut out = String::from(HEADER);
    out.push_str("**Options of solving** (besides those every puzzle takes):\n\n");
    options_table(&mut out, puzzle.solve_options());
    out.push('\n');
    let Some(generator) = puzzle.generator() else {
        let _ = writeln!(out, "`{name}` has no generator yet.");
        return out;
    };
    out.push_str("**Generator families** (`gridsolve gen --family`):\n\n");
    out.push_str("| family | what it makes |\n|---|---|\n");
    for (i, (family, what)) in generator.families().into_iter().enumerate() {
        let default = if i == 0 { " (the default)" } else { "" };
        let _ = writeln!(out, "| `{family}`{default} | {} |", cell(what));
    }
    let _ = writeln!(
        out,
        "\n**Generator options** (besides `--family` and `--seed`; the judge's size: {}):\n",
        generator.gen_size()
    );
    options_table(&mut out, generator.gen_options());
    out.push_str("\n**Kinds of invalid input** (`gridsolve gen --invalid KIND`, each refused by `gridsolve validate`):\n\n");
    out.push_str("| kind | the rule it breaks |\n|---|---|\n");
    for kind in generator.invalid_kinds() {
        let _ = writeln!(out, "| `{}` | {} |", kind.name, cell(kind.summary));
    }
    out
}

/// Every generated file: its name under [`GENERATED`] and its text.
pub(crate) fn files() -> Vec<(String, String)> {
    let mut files = vec![
        ("puzzles.md".to_string(), puzzles_list()),
        ("capabilities.md".to_string(), capabilities()),
        ("families.md".to_string(), families()),
        ("options.md".to_string(), options()),
        ("invalid-kinds.md".to_string(), invalid_kinds()),
    ];
    for &puzzle in PUZZLES {
        files.push((format!("{}.md", puzzle.about().name), one(puzzle)));
    }
    files
}

/// The files of [`GENERATED`] that are no longer written.
fn strays(root: &Path, files: &[(String, String)]) -> Result<Vec<PathBuf>> {
    let dir = root.join(GENERATED);
    let mut strays = Vec::new();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(strays);
    };
    for entry in entries {
        let path = entry?.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if !files.iter().any(|(f, _)| *f == name) {
            strays.push(path);
        }
    }
    strays.sort();
    Ok(strays)
}

/// What is wrong with the front door: a puzzle of the registry that README does not
/// name in its table with a link to its page, or that has no page in the guide's
/// summary.
pub(crate) fn front_door(root: &Path) -> Result<Vec<String>> {
    let readme = std::fs::read_to_string(root.join("README.md")).context("reading README.md")?;
    let summary = std::fs::read_to_string(root.join("docs/src/SUMMARY.md"))
        .context("reading docs/src/SUMMARY.md")?;
    let mut wrong = Vec::new();
    for puzzle in PUZZLES {
        let name = puzzle.about().name;
        let page = format!("{PUZZLES_DIR}/{name}.md");
        let named = readme.lines().any(|line| {
            line.starts_with('|')
                && line.contains(&format!("`{name}`"))
                && line.contains(&format!("]({page})"))
        });
        if !named {
            wrong.push(format!(
                "README.md: no row of the puzzle table names `{name}` and links {page}"
            ));
        }
        if !root.join(&page).is_file() {
            wrong.push(format!(
                "{page}: missing (every puzzle has a page in the guide)"
            ));
        }
        if !summary.contains(&format!("(puzzles/{name}.md)")) {
            wrong.push(format!("docs/src/SUMMARY.md: no chapter puzzles/{name}.md"));
        }
    }
    Ok(wrong)
}

/// The Markdown a user reads that points outside the repository (`../shared`, the
/// maintainers' workbench, which a clone does not have): README, the guide's pages,
/// the crates' READMEs.
pub(crate) fn outside(root: &Path) -> Result<Vec<String>> {
    fn pages(dir: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
        for entry in
            std::fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))?
        {
            let path = entry?.path();
            if path.is_dir() {
                pages(&path, files)?;
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
        Ok(())
    }
    let mut files = vec![root.join("README.md")];
    pages(&root.join("docs/src"), &mut files)?;
    for entry in std::fs::read_dir(root.join("crates"))? {
        let readme = entry?.path().join("README.md");
        if readme.is_file() {
            files.push(readme);
        }
    }
    files.sort();
    let mut wrong = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        for (i, line) in text.lines().enumerate() {
            if line.contains("../shared") {
                wrong.push(format!(
                    "{}:{}: points to ../shared, which a clone does not have",
                    file.strip_prefix(root).unwrap_or(&file).display(),
                    i + 1
                ));
            }
        }
    }
    Ok(wrong)
}

/// Checks that [`GENERATED`] holds exactly the lists the registry makes now, and the
/// front door.
pub(crate) fn verify(root: &Path) -> Result<()> {
    let files = files();
    let mut stale: Vec<String> = files
        .iter()
        .filter(|(name, text)| {
            std::fs::read_to_string(root.join(GENERATED).join(name))
                .ok()
                .as_ref()
                != Some(text)
        })
        .map(|(name, _)| format!("{GENERATED}/{name}"))
        .collect();
    stale.extend(
        strays(root, &files)?
            .iter()
            .map(|p| format!("{} (no longer written)", p.display())),
    );
    if !stale.is_empty() {
        bail!(
            "{} not what the registry says now; run `cargo xtask guide`",
            stale.join(", ")
        );
    }
    let mut wrong = front_door(root)?;
    wrong.extend(outside(root)?);
    if !wrong.is_empty() {
        bail!("{}", wrong.join("\n"));
    }
    Ok(())
}

/// Writes every list and removes those no longer written; says which changed.
pub(crate) fn write(root: &Path) -> Result<()> {
    let files = files();
    let dir = root.join(GENERATED);
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (name, text) in &files {
        let changed = update(&dir.join(name), text.as_bytes())?;
        println!(
            "{GENERATED}/{name} {}",
            if changed { "written" } else { "unchanged" }
        );
    }
    for stray in strays(root, &files)? {
        std::fs::remove_file(&stray)
            .with_context(|| format!("cannot remove {}", stray.display()))?;
        println!("{} removed (no longer written)", stray.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        crate::workspace_root().unwrap()
    }

    /// README is the front door: every puzzle of the registry is in its table, with a
    /// link to its page of the guide, which the summary lists.
    #[test]
    fn readme_names_every_puzzle_of_the_registry() {
        let wrong = front_door(&root()).unwrap();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn nothing_a_user_reads_points_outside_the_repository() {
        let wrong = outside(&root()).unwrap();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn readme_is_at_most_250_lines() {
        let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
        let lines = readme.lines().count();
        assert!(
            lines <= 250,
            "README.md has {lines} lines: the rest belongs in the guide"
        );
    }

    #[test]
    fn the_generated_lists_are_current() {
        verify(&root()).unwrap();
    }

    #[test]
    fn every_puzzle_has_its_list_and_every_list_its_header() {
        let files = files();
        for puzzle in PUZZLES {
            let name = format!("{}.md", puzzle.about().name);
            let text = &files.iter().find(|(f, _)| *f == name).unwrap().1;
            assert!(text.contains("**Options of solving**"), "{name}");
        }
        assert!(files.iter().all(|(_, text)| text.starts_with(HEADER)));
        // Every family and kind of the registry is in the lists of all puzzles.
        let (families, kinds) = (
            &files.iter().find(|(f, _)| f == "families.md").unwrap().1,
            &files
                .iter()
                .find(|(f, _)| f == "invalid-kinds.md")
                .unwrap()
                .1,
        );
        for puzzle in PUZZLES {
            if let Some(generator) = puzzle.generator() {
                for (family, _) in generator.families() {
                    assert!(families.contains(&format!("`{family}`")), "{family}");
                }
                for kind in generator.invalid_kinds() {
                    assert!(kinds.contains(&format!("`{}`", kind.name)), "{}", kind.name);
                }
            }
        }
    }

    #[test]
    fn table_cells_keep_their_row() {
        assert_eq!(cell("a|b\nc"), "a\\|b c");
    }
}
