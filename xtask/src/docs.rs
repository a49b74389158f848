//! The figures the docs take from the code: each sentence of README or ARCHITECTURE that
//! states a limit or a budget is written in `xtask/figures.txt` (or, where the figure is
//! a puzzle's, in its `fixtures/PUZZLE/figures.txt`) with the constant it states, and
//! `verify`
//! fails when the sentence is not in its file as the constant's value renders it (so a
//! changed constant makes its sentences fail until they are changed too).
//!
//! The guide's list of how the fixtures' answers are confirmed (on the page of
//! `CONFIRMATIONS`) is generated the same way,
//! from the `confirmed.txt` files.
//!
//! A constant is read from its source file (`const NAME: TYPE = EXPR;`, `EXPR` a number
//! with `_`, `A << B` or `A * B`), or given by xtask itself for its own budgets.

use anyhow::{Context, Result, bail};
use puzzles::PUZZLES;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The guide's page that holds the confirmations block.
const CONFIRMATIONS: &str = "docs/src/development.md";

/// The lines of [`CONFIRMATIONS`] between these two hold the confirmations of the fixtures, as
/// [`confirmations`] writes them from every puzzle's `confirmed.txt`.
const BEGIN: &str =
    "<!-- confirmations: written by `cargo xtask regen` and `confirm`, checked by `verify` -->";
const END: &str = "<!-- confirmations end -->";

/// How a value is written in a sentence.
#[derive(Clone, Copy, Debug)]
enum Style {
    /// `4,194,304`.
    Commas,
    /// `2^26`.
    Power,
    /// `16 MiB` (the value in bytes, a whole number of MiB).
    Mib,
    /// `64` as it is.
    Plain,
}

/// Where a figure comes from.
#[derive(Clone, Debug)]
enum Source {
    /// A `const` of a source file: the file, the name.
    Const(String, String),
    /// A budget of xtask itself.
    Value(u64),
}

/// One sentence of a doc with the figure it states: `{}` in `text` is the figure.
#[derive(Clone, Debug)]
struct Figure {
    doc: String,
    text: String,
    source: Source,
    style: Style,
}

/// The file of the figures (data, so that no code here names a puzzle's files).
const FIGURES: &str = "xtask/figures.txt";

/// A puzzle's own figures, in its fixtures' folder (beside its `manifest.txt`), in the
/// form of [`FIGURES`]: a puzzle's limits stay in its own places.
const PUZZLE_FIGURES: &str = "figures.txt";

/// Every table of figures: [`FIGURES`] and each puzzle's [`PUZZLE_FIGURES`] (a puzzle
/// may have none), as (path from the root, text).
fn tables(root: &Path) -> Result<Vec<(String, String)>> {
    let mut tables = vec![(
        FIGURES.to_string(),
        std::fs::read_to_string(root.join(FIGURES)).context(FIGURES)?,
    )];
    for &puzzle in PUZZLES {
        let path = crate::fixtures::dir(root, puzzle).join(PUZZLE_FIGURES);
        if path.exists() {
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            let relative = path.strip_prefix(root).unwrap_or(&path);
            tables.push((relative.display().to_string(), text));
        }
    }
    Ok(tables)
}

/// xtask's own budgets, by the name `figures.txt` gives them.
fn budget(name: &str) -> Option<u64> {
    let verify = crate::fixtures::VERIFY_ORACLE;
    match name {
        "test-space" => Some(crate::fixtures::TEST_SPACE),
        "verify-states" => verify.max_states,
        "verify-seconds" => verify.max_time.map(|t| t.as_secs()),
        "confirm-states" => crate::confirm::CONFIRM_ORACLE.max_states,
        _ => None,
    }
}

/// The figures of a table (`file`, for messages: [`FIGURES`] or a puzzle's).
fn figures(file: &str, text: &str) -> Result<Vec<Figure>> {
    let mut figures = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = || format!("{file}:{}", i + 1);
        let parts: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let [doc, text, source, style] = parts[..] else {
            bail!("{}: expected DOC | SENTENCE | SOURCE | STYLE", at());
        };
        if !text.contains("{}") {
            bail!("{}: the sentence has no {{}}", at());
        }
        let source = match source.split_once(' ') {
            Some(("xtask", name)) => {
                Source::Value(budget(name).with_context(|| format!("{}: no budget {name}", at()))?)
            }
            Some((file, name)) => Source::Const(file.to_string(), name.to_string()),
            None => bail!("{}: expected `FILE CONST` or `xtask NAME`", at()),
        };
        let style = match style {
            "commas" => Style::Commas,
            "power" => Style::Power,
            "mib" => Style::Mib,
            "plain" => Style::Plain,
            _ => bail!("{}: no style {style:?}", at()),
        };
        figures.push(Figure {
            doc: doc.to_string(),
            text: text.to_string(),
            source,
            style,
        });
    }
    Ok(figures)
}

/// The block of how the fixtures' answers are confirmed: a line per puzzle, its
/// answers and how many each source confirms (an answer two sources confirm counts for
/// both).
pub(crate) fn confirmations(root: &Path) -> Result<String> {
    let mut out = String::new();
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let records = crate::confirm::read(&crate::fixtures::dir(root, puzzle))?;
        let mut answers = BTreeSet::new();
        let mut by: BTreeMap<&str, usize> = BTreeMap::new();
        for record in records.values() {
            for (source, cases) in &record.sources {
                *by.entry(source.as_str()).or_default() += cases.len();
                answers.extend(cases.iter().map(|&case| (record.name.as_str(), case)));
            }
        }
        let mut by: Vec<_> = by.into_iter().collect();
        by.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let by: Vec<String> = by
            .iter()
            .map(|(source, n)| format!("{} `{source}`", commas(*n as u64)))
            .collect();
        out.push_str(&format!(
            "- {name}: {} answers in {} fixtures; confirmed by {}\n",
            commas(answers.len() as u64),
            records.len(),
            by.join(", ")
        ));
    }
    Ok(out)
}

/// The page with its confirmations block as [`confirmations`] writes it.
fn with_confirmations(root: &Path, readme: &str) -> Result<String> {
    let begin = readme.find(BEGIN).context("no confirmations block")?;
    let end = readme[begin..]
        .find(END)
        .map(|at| begin + at)
        .context("the confirmations block has no end")?;
    Ok(format!(
        "{}{BEGIN}\n{}{}",
        &readme[..begin],
        confirmations(root)?,
        &readme[end..]
    ))
}

/// Rewrites the page's confirmations block; whether it changed.
pub(crate) fn write_confirmations(root: &Path) -> Result<bool> {
    let path = root.join(CONFIRMATIONS);
    let readme = std::fs::read_to_string(&path).context(CONFIRMATIONS)?;
    crate::fixtures::update(&path, with_confirmations(root, &readme)?.as_bytes())
}

/// Checks every figure against its doc, and the confirmations block; the errors,
/// one a line.
pub(crate) fn check(root: &Path) -> Result<Vec<String>> {
    let mut wrong = Vec::new();
    let readme = std::fs::read_to_string(root.join(CONFIRMATIONS)).context(CONFIRMATIONS)?;
    if with_confirmations(root, &readme)? != readme {
        wrong.push(format!(
            "{CONFIRMATIONS}: the confirmations block is not what confirmed.txt says (run `cargo xtask regen`)"
        ));
    }
    let mut all = Vec::new();
    for (file, table) in tables(root)? {
        all.extend(figures(&file, &table)?);
    }
    for figure in all {
        let value = match &figure.source {
            Source::Value(v) => *v,
            Source::Const(file, name) => {
                let text = std::fs::read_to_string(root.join(file))
                    .with_context(|| format!("reading {file}"))?;
                constant(&text, name).with_context(|| format!("{file}: const {name}"))?
            }
        };
        let rendered = render(value, figure.style)
            .with_context(|| format!("{}: {:?}", figure.doc, figure.text))?;
        let sentence = figure.text.replace("{}", &rendered);
        let doc = std::fs::read_to_string(root.join(&figure.doc))
            .with_context(|| format!("reading {}", figure.doc))?;
        if !normalised(&doc).contains(&normalised(&sentence)) {
            wrong.push(format!(
                "{}: no sentence {sentence:?} (the figure is {value}, from {:?})",
                figure.doc, figure.source
            ));
        }
    }
    Ok(wrong)
}

/// Text with every run of white space one space, so a sentence may wrap anywhere.
fn normalised(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The value of `const NAME: TYPE = EXPR;` in `source`.
fn constant(source: &str, name: &str) -> Result<u64> {
    let needle = format!("const {name}:");
    let start = source
        .find(&needle)
        .with_context(|| format!("no `{needle}`"))?;
    let rest = &source[start..];
    let eq = rest.find('=').context("no `=`")?;
    let end = rest.find(';').context("no `;`")?;
    evaluate(rest[eq + 1..end].trim())
}

/// `1_000`, `1 << 20`, `16 * 1024`.
fn evaluate(expr: &str) -> Result<u64> {
    let number = |s: &str| -> Result<u64> {
        s.trim()
            .replace('_', "")
            .parse::<u64>()
            .with_context(|| format!("not a number: {s:?}"))
    };
    if let Some((a, b)) = expr.split_once("<<") {
        let (a, b) = (number(a)?, number(b)?);
        return u32::try_from(b)
            .ok()
            .and_then(|b| a.checked_shl(b))
            .context("shift out of range");
    }
    if expr.contains('*') {
        return expr.split('*').try_fold(1u64, |acc, f| {
            acc.checked_mul(number(f)?).context("product out of range")
        });
    }
    number(expr)
}

/// `6812` as `6,812`.
fn commas(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn render(value: u64, style: Style) -> Result<String> {
    Ok(match style {
        Style::Plain => value.to_string(),
        Style::Commas => commas(value),
        Style::Power => {
            if !value.is_power_of_two() {
                bail!("{value} is not a power of two");
            }
            format!("2^{}", value.trailing_zeros())
        }
        Style::Mib => {
            if value % (1 << 20) != 0 {
                bail!("{value} bytes is not a whole number of MiB");
            }
            format!("{} MiB", value >> 20)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_are_read_as_rust_writes_them() {
        let source = "pub const A: usize = 1 << 22;\nconst B: u64 = 2_000_000;\nconst C: usize = 16 * 1024;\n";
        assert_eq!(constant(source, "A").unwrap(), 4_194_304);
        assert_eq!(constant(source, "B").unwrap(), 2_000_000);
        assert_eq!(constant(source, "C").unwrap(), 16_384);
        assert!(constant(source, "D").is_err());
        assert!(evaluate("u32::MAX").is_err());
    }

    #[test]
    fn figures_render_as_the_docs_write_them() {
        assert_eq!(render(4_194_304, Style::Commas).unwrap(), "4,194,304");
        assert_eq!(render(100, Style::Commas).unwrap(), "100");
        assert_eq!(render(1 << 26, Style::Power).unwrap(), "2^26");
        assert_eq!(render(16 << 20, Style::Mib).unwrap(), "16 MiB");
        assert!(render(3, Style::Power).is_err());
        assert!(render(1000, Style::Mib).is_err());
    }

    /// The puzzles' own tables (`fixtures/PUZZLE/figures.txt`) are read with xtask's,
    /// so `check` (below) checks their figures too.
    #[test]
    fn the_puzzles_tables_are_read_with_xtask_s() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let tables = tables(&root).unwrap();
        assert!(tables.len() > 1, "the puzzles' figures.txt are read");
        let puzzle_figures: usize = tables[1..]
            .iter()
            .map(|(file, text)| figures(file, text).unwrap().len())
            .sum();
        assert!(puzzle_figures > 0, "the puzzles' tables hold figures");
    }

    #[test]
    fn the_table_is_read_strictly() {
        let ok = figures(FIGURES, "# c\nREADME.md | at most {} MiB | a.rs MAX | plain\nA | {} | xtask test-space | commas\n").unwrap();
        assert_eq!(ok.len(), 2);
        assert!(matches!(
            ok[1].source,
            Source::Value(crate::fixtures::TEST_SPACE)
        ));
        for bad in [
            "README.md | no figure | a.rs MAX | plain",
            "README.md | {} | a.rs MAX | bold",
            "README.md | {} | xtask nothing | plain",
            "README.md | {} | plain",
            "README.md | {} | file | plain",
        ] {
            assert!(figures(FIGURES, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_figure_stands_in_its_doc() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let wrong = check(&root).unwrap();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
