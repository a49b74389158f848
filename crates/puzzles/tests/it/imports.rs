//! Imports run one way inside this crate: no group of its modules import one another
//! in a loop (the contract at the bottom, the driver over it, the adapters and the
//! registry on top). A module names another by a `crate::module::...` path (in a `use`
//! or in code); a module that named the crate root's re-exports (`crate::Puzzle`) would
//! hide which module it leans on, so outside `lib.rs` every `crate::` path must start
//! with a module. Comments are not read (a doc link is no import), nor is a file's test
//! module (`#[cfg(test)] mod`, at its end), which may look a puzzle up in the registry.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The top-level modules of `src` (a file `x.rs` or a folder `x/`), each with the text
/// of all its files.
fn modules(src: &Path) -> BTreeMap<String, String> {
    let mut modules = BTreeMap::new();
    for entry in std::fs::read_dir(src).expect("the crate's src folder") {
        let path = entry.expect("a directory entry").path();
        let stem = path.file_stem().unwrap_or_default().to_string_lossy();
        let text = if path.is_dir() {
            let mut text = String::new();
            let mut files: Vec<_> = std::fs::read_dir(&path)
                .expect("a module folder")
                .map(|e| e.expect("a directory entry").path())
                .filter(|p| p.extension().is_some_and(|e| e == "rs"))
                .collect();
            files.sort();
            for file in files {
                text.push_str(without_tests(
                    &std::fs::read_to_string(file).expect("a source file"),
                ));
                text.push('\n');
            }
            text
        } else if path.extension().is_some_and(|e| e == "rs") {
            without_tests(&std::fs::read_to_string(&path).expect("a source file")).to_string()
        } else {
            continue;
        };
        modules.insert(stem.into_owned(), text);
    }
    modules
}

/// A file's text before its test module.
fn without_tests(text: &str) -> &str {
    text.find("\n#[cfg(test)]\nmod ")
        .map_or(text, |end| &text[..end])
}

/// `text` without its comments (`//` to the end of a line, outside strings).
fn code(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        // A quote as a char is no string.
        let line = line.replace("'\"'", "' '");
        let line = line.as_str();
        let mut in_string = false;
        let mut prev = ' ';
        let mut cut = line.len();
        for (i, c) in line.char_indices() {
            if c == '"' && prev != '\\' {
                in_string = !in_string;
            }
            if !in_string && c == '/' && prev == '/' {
                cut = i - 1;
                break;
            }
            prev = c;
        }
        out.push_str(&line[..cut]);
        out.push('\n');
    }
    out
}

/// The identifier at the start of `text`.
fn ident(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The first segment of every `crate::` path in `code`: `crate::a::b` gives `a`,
/// `crate::{a::b, c}` gives `a` and `c`.
fn crate_paths(code: &str) -> Vec<String> {
    let mut firsts = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        // `$crate::` and identifiers ending in `crate` are not paths of this crate.
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        firsts.push(ident(group[start..i].trim()).to_string());
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        firsts.push(ident(group[start..i].trim()).to_string());
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            firsts.push(ident(rest).to_string());
        }
    }
    firsts.retain(|f| !f.is_empty());
    firsts
}

/// The modules each module imports (itself left out), and every `crate::` path whose
/// first segment is no module (`module: name`).
type Imports = (BTreeMap<String, BTreeSet<String>>, Vec<String>);

fn imports(modules: &BTreeMap<String, String>) -> Imports {
    let mut graph = BTreeMap::new();
    let mut not_modules = Vec::new();
    for (name, text) in modules {
        if name == "lib" {
            continue;
        }
        let mut edges = BTreeSet::new();
        for first in crate_paths(&code(without_tests(text))) {
            if modules.contains_key(&first) && first != "lib" {
                if &first != name {
                    edges.insert(first);
                }
            } else {
                not_modules.push(format!("{name}: crate::{first}"));
            }
        }
        graph.insert(name.clone(), edges);
    }
    (graph, not_modules)
}

/// The groups of two or more modules that import one another in a loop (the strongly
/// connected components of `graph`), each sorted, and a module that imports itself
/// cannot be one (the graph leaves it out).
fn loops(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reaches = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(m) = stack.pop() {
            for next in graph.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|m| (m, reaches(m))).collect();
    let mut groups: BTreeSet<Vec<String>> = BTreeSet::new();
    for (m, seen) in &reach {
        if !seen.contains(*m) {
            continue;
        }
        let group: Vec<String> = seen
            .iter()
            .filter(|other| reach.get(other).is_some_and(|r| r.contains(*m)))
            .cloned()
            .collect();
        groups.insert(group);
    }
    groups.into_iter().collect()
}

#[test]
fn the_crate_s_modules_import_one_another_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = modules(&src);
    assert!(
        ["contract", "driver", "generator", "play"]
            .iter()
            .all(|m| modules.contains_key(*m)),
        "{:?}",
        modules.keys()
    );
    let (graph, not_modules) = imports(&modules);
    assert!(
        not_modules.is_empty(),
        "name the module a path leans on, not the crate root's re-export: {not_modules:?}"
    );
    assert_eq!(loops(&graph), Vec::<Vec<String>>::new(), "{graph:#?}");
    // The contract is the bottom: it imports nothing but data modules.
    assert!(
        graph["contract"]
            .iter()
            .all(|m| m == "options" || m == "invalid"),
        "{:?}",
        graph["contract"]
    );
}

#[test]
fn a_loop_or_a_path_through_the_root_is_found() {
    let modules: BTreeMap<String, String> = [
        ("lib", "pub use a::X;"),
        ("a", "use crate::b::Y; // crate::c::Z in a comment\n"),
        ("b", "use crate::{c::{Z, W}, d};\nfn f(_: crate::X) {}"),
        ("c", "fn g() { crate::a::h(); let s = \"// not a comment\"; }"),
        (
            "d",
            "use crate::options::O; fn k() { $crate::a::x(); }\n#[cfg(test)]\nmod t { use crate::a; }",
        ),
    ]
    .into_iter()
    .map(|(m, t)| (m.to_string(), t.to_string()))
    .collect();
    let (graph, not_modules) = imports(&modules);
    assert_eq!(
        not_modules,
        ["b: crate::X", "d: crate::options"],
        "{graph:?}"
    );
    assert_eq!(loops(&graph), [["a", "b", "c"]]);
    assert!(graph["c"].contains("a") && !graph["a"].contains("c"));
}
