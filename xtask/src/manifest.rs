//! `fixtures/PUZZLE/manifest.txt`: how each input was made.
//!
//! ```text
//! # comment
//! NAME  hand: what the input probes                  (.out written by regen)
//! NAME  gen: arguments of `gridsolve gen --puzzle PUZZLE`  (.in and .out by regen)
//! NAME  given N[,N]...: where the input and its answers come from  (neither touched by regen)
//! ```
//!
//! A `given` fixture's answers are published figures (a spec's sample output, a proven
//! optimum, a published minimum), and the manifest carries them as data: `N` is the
//! answer of a case, `-1` that it has none, one number per case in input order (`given
//! 81: ...` for a one-case fixture, `given 2,-1: ...` for two). Its `.out` is checked,
//! never rewritten; `confirm` and `verify` compare each of its lines with the published
//! number (see `confirm.rs`).

use anyhow::{Context, Result, bail};
use std::path::Path;

/// How an input was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// Written by hand; the text says what it probes.
    Hand(String),
    /// Made by the generator with these arguments.
    Generated(Vec<String>),
    /// Input and answers from outside (the text says where): the published answer of
    /// each case (`None`: it has none), in order. The `.out` is never rewritten.
    Given {
        answers: Vec<Option<u64>>,
        text: String,
    },
}

/// One line of a manifest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) name: String,
    pub(crate) origin: Origin,
}

pub(crate) fn read(path: &Path) -> Result<Vec<Entry>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut entries: Vec<Entry> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = || format!("{}:{}", path.display(), i + 1);
        let (name, how) = line.split_once(char::is_whitespace).with_context(|| {
            format!(
                "{}: expected NAME followed by hand:, gen: or given N:",
                at()
            )
        })?;
        let how = how.trim();
        let origin = if let Some(text) = how.strip_prefix("hand:") {
            Origin::Hand(text.trim().to_string())
        } else if let Some(args) = how.strip_prefix("gen:") {
            Origin::Generated(args.split_whitespace().map(str::to_string).collect())
        } else if let Some(rest) = how.strip_prefix("given") {
            given(rest).with_context(at)?
        } else {
            bail!(
                "{}: expected hand:, gen: or given N: after the name, found {how:?}",
                at()
            );
        };
        if entries.iter().any(|e| e.name == name) {
            bail!("{}: {name} is listed twice", at());
        }
        entries.push(Entry {
            name: name.to_string(),
            origin,
        });
    }
    Ok(entries)
}

/// The manifest line for an entry.
pub(crate) fn line(entry: &Entry) -> String {
    match &entry.origin {
        Origin::Hand(text) => format!("{}  hand: {text}", entry.name),
        Origin::Generated(args) => format!("{}  gen: {}", entry.name, args.join(" ")),
        Origin::Given { answers, text } => {
            format!("{}  given {}: {text}", entry.name, write_answers(answers))
        }
    }
}

/// ` 81: text` or ` 2,-1: text` (what follows `given`) as its answers and its text.
fn given(rest: &str) -> Result<Origin> {
    let Some((numbers, text)) = rest.split_once(':') else {
        bail!("expected given N[,N]...: with the published answers, found given{rest}");
    };
    if !rest.starts_with(char::is_whitespace) || numbers.trim().is_empty() {
        bail!(
            "a given fixture carries its published answers, one a case: given N[,N]...: (-1 for none)"
        );
    }
    let answers = numbers
        .trim()
        .split(',')
        .map(|n| match n.trim() {
            "-1" => Ok(None),
            n => n
                .parse()
                .map(Some)
                .with_context(|| format!("expected a published answer or -1, found {n:?}")),
        })
        .collect::<Result<_>>()?;
    Ok(Origin::Given {
        answers,
        text: text.trim().to_string(),
    })
}

/// `[Some(2), None]` as `2,-1`.
pub(crate) fn write_answers(answers: &[Option<u64>]) -> String {
    let numbers: Vec<String> = answers
        .iter()
        .map(|a| a.map_or("-1".to_string(), |n| n.to_string()))
        .collect();
    numbers.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn given_answers_are_data() {
        assert_eq!(
            given(" 81: the corpus").unwrap(),
            Origin::Given {
                answers: vec![Some(81)],
                text: "the corpus".into()
            }
        );
        let two = given(" 2,-1: the spec's sample: two queries").unwrap();
        assert_eq!(
            two,
            Origin::Given {
                answers: vec![Some(2), None],
                text: "the spec's sample: two queries".into()
            }
        );
        let entry = Entry {
            name: "sample".into(),
            origin: two,
        };
        assert_eq!(
            line(&entry),
            "sample  given 2,-1: the spec's sample: two queries"
        );
        assert!(given(": a label alone").is_err());
        assert!(given(" (81 moves): prose").is_err());
        assert!(given(" 81").is_err());
        assert!(given("81: glued to the word").is_err());
    }
}
