//! What an installed user reads, `--help` and the manual pages, is written for them:
//! no rustdoc syntax leaks from the doc comments clap turns into help (an intra-doc link
//! such as [`WINDOW_ROWS`], a Markdown link, a Rust item's name in backticks), nothing
//! sends them to a README they do not have, every page one names exists, and the pages
//! kept in docs/ are the ones the binary writes.

use crate::common::gridsolve;
use std::path::Path;

/// The manual pages, as `gridsolve man --list` names them: gridsolve first.
fn pages() -> Vec<String> {
    let run = gridsolve(&["man", "--list"], b"");
    assert_eq!(run.status, 0, "{}", run.stderr);
    run.stdout.lines().map(str::to_string).collect()
}

/// What a user is shown on `gridsolve ARGS`.
fn shown(args: &[&str]) -> String {
    let run = gridsolve(args, b"");
    assert_eq!(
        run.status,
        0,
        "gridsolve {}: {}",
        args.join(" "),
        run.stderr
    );
    run.stdout
}

/// Rustdoc syntax and pointers to files an installed user has not, found in `text`: one
/// line each, with what is wrong with it.
fn leaks(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let mut why = Vec::new();
        if line.contains("[`") || line.contains("`]") {
            why.push("an intra-doc link");
        }
        if line.contains("](") {
            why.push("a Markdown link");
        }
        if line.contains("README") || line.contains("ARCHITECTURE") {
            why.push("a file of the repository");
        }
        if line.split('`').skip(1).step_by(2).any(rust_item) {
            why.push("a Rust item in backticks");
        }
        if !why.is_empty() {
            found.push(format!("{}: {line}", why.join(", ")));
        }
    }
    found
}

/// Whether a backticked `word` is a Rust item rather than something to type: a path
/// (`a::b`), a constant (`WINDOW_ROWS`) or a type (`OptionSpec`).
fn rust_item(word: &str) -> bool {
    let ident = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let constant = ident && word.contains('_') && word.chars().all(|c| !c.is_ascii_lowercase());
    let camel = ident
        && word.starts_with(|c: char| c.is_ascii_uppercase())
        && word.chars().any(|c| c.is_ascii_lowercase())
        && word.chars().skip(1).any(|c| c.is_ascii_uppercase());
    word.contains("::") || constant || camel
}

#[test]
fn the_leak_finder_finds_what_it_looks_for() {
    for leaked in [
        "a window of at most [`WINDOW_ROWS`] cells",
        "see [the spec](docs/spec.md)",
        "JSON Lines (see README)",
        "as `puzzles::Options` says",
        "at most `MAX_CELLS`",
        "an `OptionSpec` each",
    ] {
        assert_eq!(leaks(leaked).len(), 1, "{leaked}");
    }
    for fine in [
        "`-` or nothing reads stdin",
        "`gridsolve stress --puzzle P -- ./my-solution`",
        "Usage: gridsolve [OPTIONS] [FILE]...",
        "[default: 25]",
        "`OUTPUT:LINE: ...`, `case_sensitive`, `2025-09`, `E`",
    ] {
        assert_eq!(leaks(fine), Vec::<String>::new(), "{fine}");
    }
}

#[test]
fn no_help_shows_rustdoc_or_points_to_the_readme() {
    let mut commands: Vec<Vec<&str>> = vec![vec![]];
    let pages = pages();
    let subcommands: Vec<&str> = pages
        .iter()
        .filter_map(|p| p.strip_prefix("gridsolve-"))
        .collect();
    assert!(subcommands.contains(&"gen"), "{pages:?}");
    commands.extend(subcommands.iter().map(|s| vec![*s]));
    commands.push(vec!["man"]); // hidden, and its help all the same
    let mut found = Vec::new();
    for command in &commands {
        for flag in ["--help", "-h"] {
            let args: Vec<&str> = command.iter().copied().chain([flag]).collect();
            for leak in leaks(&shown(&args)) {
                found.push(format!("gridsolve {}: {leak}", args.join(" ")));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn no_manual_page_shows_rustdoc_and_every_page_named_exists() {
    let pages = pages();
    assert_eq!(pages[0], "gridsolve");
    let mut found = Vec::new();
    for page in &pages {
        let roff = shown(&["man", page]);
        assert!(roff.contains(&format!(".TH {page} 1 ")), "{page}");
        // The text as it reads: roff's escaped hyphens and apostrophes as they print.
        let text = roff.replace("\\-", "-").replace("\\*(Aq", "'");
        for leak in leaks(&text) {
            found.push(format!("{page}(1): {leak}"));
        }
        for named in named_pages(&text) {
            if !pages.contains(&named) {
                found.push(format!("{page}(1) names {named}(1), which is not a page"));
            }
        }
        let see_also = text
            .split(".SH \"SEE ALSO\"\n")
            .nth(1)
            .unwrap_or_else(|| panic!("{page}(1) has no SEE ALSO"));
        let others = named_pages(see_also);
        if page == "gridsolve" {
            assert_eq!(others, pages[1..], "gridsolve(1) names every other page");
        } else {
            assert_eq!(others, ["gridsolve"], "{page}(1)");
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The pages `text` names, `NAME(1)`, in order (not a pattern such as
/// gridsolve-COMMAND(1)).
fn named_pages(text: &str) -> Vec<String> {
    text.match_indices("(1)")
        .filter_map(|(at, _)| {
            let before = &text[..at];
            let start = before
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .map_or(0, |i| i + 1);
            let name = &before[start..];
            let pattern = name.contains(|c: char| c.is_ascii_uppercase());
            (name.starts_with("gridsolve") && !pattern).then(|| name.to_string())
        })
        .collect()
}

#[test]
fn the_pages_in_docs_are_the_ones_the_binary_writes() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    let pages = pages();
    let mut stale = Vec::new();
    for page in &pages {
        let kept = std::fs::read_to_string(docs.join(format!("{page}.1"))).unwrap_or_default();
        if kept != shown(&["man", page]) {
            stale.push(format!("docs/{page}.1"));
        }
    }
    for entry in std::fs::read_dir(&docs).unwrap() {
        let file = entry.unwrap().file_name().to_string_lossy().into_owned();
        if let Some(page) = file.strip_suffix(".1")
            && !pages.iter().any(|p| p == page)
        {
            stale.push(format!("docs/{file} (no such page)"));
        }
    }
    assert!(
        stale.is_empty(),
        "{} not what `gridsolve man` writes: run `cargo xtask man`",
        stale.join(", ")
    );
}

#[test]
fn a_page_that_does_not_exist_is_bad_usage() {
    let run = gridsolve(&["man", "gridsolve-nothing"], b"");
    assert_eq!(run.status, 2);
    assert!(
        run.stderr
            .contains("the pages are gridsolve, gridsolve-gen"),
        "{}",
        run.stderr
    );
}
