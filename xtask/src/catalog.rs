//! `xtask/catalog.txt`: the reference programs of `../shared/reference/bin` each puzzle
//! is timed against or confirmed by, and its benchmark inputs. Data of xtask's, kept out
//! of the puzzle contract.

use anyhow::{Context, Result, bail};
use std::path::Path;

/// A program of `../shared/reference/bin`, and how it takes inputs and gives answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reference {
    /// Its file name.
    pub(crate) program: String,
    /// Its arguments, before the input files of a [`Style::Files`] program.
    pub(crate) args: Vec<String>,
    pub(crate) style: Style,
    /// Whether `cargo xtask confirm` trusts its answers (none known wrong).
    pub(crate) trusted: bool,
}

/// How a reference program takes inputs and gives answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// One input on stdin; the judge output on stdout.
    Judge,
    /// Input files as arguments (after [`Reference::args`]), any number in one run; for
    /// each a line `FILE ANSWER` on stdout, where `ANSWER` is the judge output of that
    /// file (inputs of one case, answered on one line); other lines are ignored.
    Files,
}

/// One benchmark: its inputs and the reference program to time against.
#[derive(Clone, Debug)]
pub(crate) struct Bench {
    /// The benchmark's name (and, for a generated input, its file name without `.in`).
    pub(crate) name: String,
    pub(crate) input: BenchInput,
    pub(crate) reference: Reference,
    /// Both programs run pinned to one core (`taskset -c 0`): for a solver that uses
    /// every core, what it does per core against a single-threaded reference.
    pub(crate) one_core: bool,
}

/// What a benchmark solves.
#[derive(Clone, Debug)]
pub(crate) enum BenchInput {
    /// One input made by `gridsolve gen --puzzle NAME` with these arguments.
    Generated(String),
    /// Every `.in` file of these directories of `../shared`, in one run of each program
    /// (for a [`Style::Files`] reference).
    Files(Vec<String>),
    /// One of the inputs far past the judge limits that `../shared/bench/scale-inputs`
    /// writes (its file name without `.in`, such as `hrd_300`).
    Scale(String),
    /// One file of `../shared` (its path there, such as `corpus/fifteen/korf100.in`),
    /// fed on stdin to both programs.
    Shared(String),
}

/// One puzzle's programs and benchmarks.
#[derive(Clone, Debug, Default)]
pub(crate) struct Entry {
    pub(crate) references: Vec<Reference>,
    pub(crate) benches: Vec<Bench>,
}

/// The catalog's entry for `puzzle` (empty when it has none).
///
/// # Errors
/// When the catalog cannot be read or a line of it is malformed.
pub(crate) fn of(root: &Path, puzzle: &str) -> Result<Entry> {
    let path = root.join("xtask/catalog.txt");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("read {}", path.display()))?;
    parse(&text, puzzle).with_context(|| format!("in {}", path.display()))
}

fn parse(text: &str, puzzle: &str) -> Result<Entry> {
    let mut entry = Entry::default();
    let mut benches = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let at = || format!("line {}", n + 1);
        if fields.len() < 5 {
            bail!("{}: expected at least 5 fields separated by `|`", at());
        }
        if fields[1] != puzzle {
            if puzzles::find(fields[1]).is_none() {
                bail!("{}: {} is no registered puzzle", at(), fields[1]);
            }
            continue;
        }
        match fields[0] {
            kind @ ("reference" | "program") => {
                let style = match fields[3] {
                    "judge" => Style::Judge,
                    "files" => Style::Files,
                    other => bail!("{}: style {other:?} is neither judge nor files", at()),
                };
                entry.references.push(Reference {
                    program: fields[2].to_string(),
                    args: fields[4].split_whitespace().map(str::to_string).collect(),
                    style,
                    trusted: kind == "reference",
                });
            }
            "bench" => benches.push((at(), fields)),
            other => bail!(
                "{}: {other:?} is neither reference, program nor bench",
                at()
            ),
        }
    }
    for (at, fields) in benches {
        let (kind, rest) = fields[3].split_once(' ').unwrap_or((fields[3], ""));
        let input = match kind {
            "gen" => BenchInput::Generated(rest.to_string()),
            "scale" => BenchInput::Scale(rest.to_string()),
            "files" => BenchInput::Files(rest.split_whitespace().map(str::to_string).collect()),
            "shared" => BenchInput::Shared(rest.trim().to_string()),
            other => bail!("{at}: input {other:?} is none of gen, scale, files, shared"),
        };
        let reference = entry
            .references
            .iter()
            .find(|r| r.program == fields[4])
            .with_context(|| format!("{at}: {} is none of the puzzle's programs", fields[4]))?
            .clone();
        let one_core = match fields.get(5).copied().unwrap_or("") {
            "" => false,
            "one-core" => true,
            other => bail!("{at}: {other:?} is not one-core"),
        };
        entry.benches.push(Bench {
            name: fields[2].to_string(),
            input,
            reference,
            one_core,
        });
    }
    Ok(entry)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_reads_and_names_only_registered_puzzles() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut benches = 0;
        for puzzle in puzzles::PUZZLES {
            let entry = of(&root, puzzle.about().name).unwrap();
            benches += entry.benches.len();
            for bench in &entry.benches {
                assert!(!bench.name.is_empty());
            }
        }
        assert!(benches > 0, "some puzzle has a benchmark");
    }

    #[test]
    fn a_bench_names_a_program_of_its_puzzle() {
        let text = "reference | bloxorz | bloxorz-probe | judge |\n\
                    bench | bloxorz | b | scale blox_3000 | bloxorz-probe | one-core\n";
        let entry = parse(text, "bloxorz").unwrap();
        assert_eq!(entry.benches.len(), 1);
        assert!(entry.benches[0].one_core);
        assert!(matches!(&entry.benches[0].input, BenchInput::Scale(s) if s == "blox_3000"));
        let wrong = "bench | bloxorz | b | scale x | nobody |\n";
        assert!(parse(wrong, "bloxorz").is_err());
    }
}
