//! Imports run one way inside every crate: no group of a crate's modules imports one
//! another in a loop (a test, over the source of every crate of the workspace; puzzles'
//! own `tests/it/imports.rs` also refuses `crate::` paths through its root's re-exports).
//!
//! A module is a file or folder directly under `src/`; it imports another when its code
//! (comments and its `#[cfg(test)] mod tests` left out) names `crate::OTHER`, or `OTHER`
//! inside a `crate::{...}` group. Modules in a folder module count as the folder.

use anyhow::{Context, Result};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The top-level modules of the crate whose source is `src`, each with the modules it
/// imports.
fn graph(src: &Path) -> Result<BTreeMap<String, BTreeSet<String>>> {
    let mut texts: BTreeMap<String, String> = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in
            std::fs::read_dir(&dir).with_context(|| format!("cannot list {}", dir.display()))?
        {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).unwrap_or(&path);
            let first = relative
                .components()
                .next()
                .map(|c| {
                    c.as_os_str()
                        .to_string_lossy()
                        .trim_end_matches(".rs")
                        .to_string()
                })
                .unwrap_or_default();
            if first == "lib" || first == "main" {
                continue;
            }
            let text = std::fs::read_to_string(&path)?;
            texts.entry(first).or_default().push_str(&code(&text));
        }
    }
    let names: BTreeSet<String> = texts.keys().cloned().collect();
    Ok(texts
        .iter()
        .map(|(module, text)| {
            let uses = imported(text)
                .into_iter()
                .filter(|other| other != module && names.contains(other))
                .collect();
            (module.clone(), uses)
        })
        .collect())
}

/// `text` without its line comments and its `#[cfg(test)] mod tests` block (always the
/// last thing in a file here).
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    text.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names `text` reaches through `crate::`: `crate::NAME` and the names that open
/// each item of a `crate::{...}` group.
fn imported(text: &str) -> BTreeSet<String> {
    let word = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut names = BTreeSet::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The items at the group's own level: after its `{` and each comma there.
            let mut depth = 0usize;
            names.insert(word(group));
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        names.insert(word(&group[j + 1..]));
                    }
                    _ => {}
                }
            }
        } else {
            names.insert(word(rest));
        }
    }
    names.remove("");
    names
}

/// The groups of two or more modules that reach one another, each sorted.
fn loops(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reach = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&String> = graph[from].iter().collect();
        while let Some(next) = stack.pop() {
            if seen.insert(next.clone()) {
                stack.extend(graph.get(next).into_iter().flatten());
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|m| (m, reach(m))).collect();
    let mut groups: BTreeSet<Vec<String>> = BTreeSet::new();
    for (module, from) in &reached {
        let group: Vec<String> = from
            .iter()
            .filter(|other| reached[other].contains(*module))
            .cloned()
            .collect();
        if group.len() > 1 {
            groups.insert(group);
        }
    }
    groups.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_is_found_and_one_way_imports_are_not() {
        let graph: BTreeMap<String, BTreeSet<String>> = [
            ("a", vec!["b"]),
            ("b", vec!["c"]),
            ("c", vec!["a", "d"]),
            ("d", vec![]),
        ]
        .into_iter()
        .map(|(m, uses)| (m.to_string(), uses.into_iter().map(String::from).collect()))
        .collect();
        assert_eq!(loops(&graph), [["a", "b", "c"]]);
        let mut one_way = graph;
        one_way.get_mut("c").unwrap().remove("a");
        assert!(loops(&one_way).is_empty());
        let names =
            imported("use crate::{input::Stream, reader::{A, B}};\nlet x = crate::words::w();");
        assert_eq!(names, ["input", "reader", "words"].map(String::from).into());
    }

    #[test]
    fn imports_run_one_way_inside_every_crate() {
        let root = crate::workspace_root().unwrap();
        let mut sources: Vec<_> = std::fs::read_dir(root.join("crates"))
            .unwrap()
            .map(|entry| entry.unwrap().path().join("src"))
            .filter(|src| src.is_dir())
            .collect();
        sources.push(root.join("xtask/src"));
        assert!(sources.len() >= 10, "only {} crates found", sources.len());
        let mut wrong = Vec::new();
        for src in &sources {
            let name = src
                .parent()
                .and_then(Path::file_name)
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            let found = loops(&graph(src).unwrap());
            if !found.is_empty() {
                wrong.push(format!("{name}: modules import one another: {found:?}"));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
