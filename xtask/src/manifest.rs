//! `fixtures/PUZZLE/manifest.txt`: how each input was made.
//!
//! ```text
//! # comment
//! NAME  hand: what the input probes                  (.out written by regen)
//! NAME  gen: arguments of `gridsolve gen --puzzle PUZZLE`  (.in and .out by regen)
//! NAME  given: where the input and its answers come from   (neither touched by regen)
//! ```
//!
//! A `given:` fixture's `.out` is a published answer (a spec's sample output, a proven
//! optimum): it is checked, never rewritten, and it confirms itself.

use anyhow::{Context, Result, bail};
use std::path::Path;

/// How an input was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// Written by hand; the text says what it probes.
    Hand(String),
    /// Made by the generator with these arguments.
    Generated(Vec<String>),
    /// Input and answers from outside (the text says where); the `.out` is never
    /// rewritten.
    Given(String),
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
            format!("{}: expected NAME followed by hand:, gen: or given:", at())
        })?;
        let how = how.trim();
        let origin = if let Some(text) = how.strip_prefix("hand:") {
            Origin::Hand(text.trim().to_string())
        } else if let Some(args) = how.strip_prefix("gen:") {
            Origin::Generated(args.split_whitespace().map(str::to_string).collect())
        } else if let Some(text) = how.strip_prefix("given:") {
            Origin::Given(text.trim().to_string())
        } else {
            bail!(
                "{}: expected hand:, gen: or given: after the name, found {how:?}",
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
        Origin::Given(text) => format!("{}  given: {text}", entry.name),
    }
}
