//! The figures the docs take from the code: each sentence of README or ARCHITECTURE that
//! states a limit or a budget is written here with the constant it states, and `verify`
//! fails when the sentence is not in its file as the constant's value renders it (so a
//! changed constant makes its sentences fail until they are changed too).
//!
//! README's list of how the fixtures' answers are confirmed is generated the same way,
//! from the `confirmed.txt` files.
//!
//! A constant is read from its source file (`const NAME: TYPE = EXPR;`, `EXPR` a number
//! with `_`, `A << B` or `A * B`), or given by xtask itself for its own budgets.

use anyhow::{Context, Result, bail};
use puzzles::PUZZLES;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The lines of README between these two hold the confirmations of the fixtures, as
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
#[derive(Clone, Copy, Debug)]
enum Source {
    /// A `const` of a source file.
    Const(&'static str, &'static str),
    /// A value of xtask itself.
    Value(u64),
}

/// One sentence of a doc with the figure it states: `{}` in `text` is the figure.
#[derive(Clone, Copy, Debug)]
struct Figure {
    doc: &'static str,
    text: &'static str,
    source: Source,
    style: Style,
}

const fn figure(doc: &'static str, text: &'static str, source: Source, style: Style) -> Figure {
    Figure {
        doc,
        text,
        source,
        style,
    }
}

/// The figures, by doc.
fn figures() -> Vec<Figure> {
    use Source::{Const, Value};
    use Style::{Commas, Mib, Plain, Power};
    let verify = crate::fixtures::VERIFY_ORACLE;
    vec![
        figure(
            "README.md",
            "the oracle is run\nagain on the recorded answers it can redo within {} states",
            Value(crate::fixtures::TEST_SPACE),
            Commas,
        ),
        figure(
            "README.md",
            "rerun the oracle within {} states",
            Value(verify.max_states.unwrap_or(0)),
            Commas,
        ),
        figure(
            "README.md",
            "states or {} s an",
            Value(verify.max_time.map_or(0, |t| t.as_secs())),
            Plain,
        ),
        figure(
            "README.md",
            "(plain BFS, within {} states)",
            Value(crate::confirm::CONFIRM_ORACLE.max_states.unwrap_or(0)),
            Commas,
        ),
        figure(
            "README.md",
            "up to {} cells with rows",
            Const("crates/bloxorz/src/board.rs", "MAX_CELLS"),
            Commas,
        ),
        figure(
            "README.md",
            "rows of up to {} characters",
            Const("crates/parsers/src/reader.rs", "MAX_TOKEN"),
            Commas,
        ),
        figure(
            "README.md",
            "{} cells (for example 2048 x 2048)",
            Const("crates/huarongdao/src/board.rs", "MAX_CELLS"),
            Commas,
        ),
        figure(
            "README.md",
            "lairs up to {} x",
            Const("crates/holedox/src/game.rs", "MAX_SIDE"),
            Plain,
        ),
        figure(
            "README.md",
            "space allows ({} states",
            Const("crates/bloxorz-classic/src/level.rs", "MAX_STATES"),
            Power,
        ),
        figure(
            "README.md",
            "a line over {} is a violation",
            Const("crates/parsers/src/validate/mod.rs", "MAX_LINE"),
            Mib,
        ),
        figure(
            "README.md",
            "past {} in a temporary",
            Const("crates/cli/src/held.rs", "IN_MEMORY"),
            Mib,
        ),
        figure(
            "README.md",
            "A path line holds at most {} of tokens",
            Const("crates/cli/src/check.rs", "MAX_LINE"),
            Mib,
        ),
        figure(
            "README.md",
            "A request body over {} is refused (413)",
            Const("crates/playground/src/lib.rs", "MAX_BODY"),
            Mib,
        ),
        figure(
            "ARCHITECTURE.md",
            "`DENSE_STATES` ({})",
            Const("crates/holedox/src/solver.rs", "DENSE_STATES"),
            Power,
        ),
    ]
}

/// The README block of how the fixtures' answers are confirmed: a line per puzzle, its
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

/// README with its confirmations block as [`confirmations`] writes it.
fn with_confirmations(root: &Path, readme: &str) -> Result<String> {
    let begin = readme
        .find(BEGIN)
        .context("README has no confirmations block")?;
    let end = readme[begin..]
        .find(END)
        .map(|at| begin + at)
        .context("README's confirmations block has no end")?;
    Ok(format!(
        "{}{BEGIN}\n{}{}",
        &readme[..begin],
        confirmations(root)?,
        &readme[end..]
    ))
}

/// Rewrites README's confirmations block; whether it changed.
pub(crate) fn write_confirmations(root: &Path) -> Result<bool> {
    let path = root.join("README.md");
    let readme = std::fs::read_to_string(&path).context("reading README.md")?;
    crate::fixtures::update(&path, with_confirmations(root, &readme)?.as_bytes())
}

/// Checks every figure against its doc, and README's confirmations block; the errors,
/// one a line.
pub(crate) fn check(root: &Path) -> Result<Vec<String>> {
    let mut wrong = Vec::new();
    let readme = std::fs::read_to_string(root.join("README.md")).context("reading README.md")?;
    if with_confirmations(root, &readme)? != readme {
        wrong.push(
            "README.md: the confirmations block is not what confirmed.txt says (run `cargo xtask regen`)"
                .to_string(),
        );
    }
    for figure in figures() {
        let value = match figure.source {
            Source::Value(v) => v,
            Source::Const(file, name) => {
                let text = std::fs::read_to_string(root.join(file))
                    .with_context(|| format!("reading {file}"))?;
                constant(&text, name).with_context(|| format!("{file}: const {name}"))?
            }
        };
        let rendered = render(value, figure.style)
            .with_context(|| format!("{}: {:?}", figure.doc, figure.text))?;
        let sentence = figure.text.replace("{}", &rendered);
        let doc = std::fs::read_to_string(root.join(figure.doc))
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

    #[test]
    fn every_figure_stands_in_its_doc() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let wrong = check(&root).unwrap();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
