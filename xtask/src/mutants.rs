//! The rules of a crate's cargo-mutants exclusions (`crates/CRATE/mutants.toml`):
//! each pattern names a function (`in FUNCTION$`, or the function a `replace FUNCTION
//! -> TYPE with VALUE` mutant replaces); its position is any line (`\d+` or `.*`) or
//! one exact line (a column only with it), never a column alone or a range of lines;
//! and an exact line has the comment `# line N: TEXT` above it, TEXT being line N of
//! the source as it is now, so an edit that moves or changes the line fails here
//! (`cargo xtask mutants-exclusions CRATE`, which `tools/mutants.sh` runs before each
//! crate, and this module's test over every crate) instead of letting the pattern hide
//! another mutant.

use anyhow::{Context, Result};
use std::collections::HashMap;
use std::path::Path;

/// What is wrong with the exclusions of `crates/CRATE/mutants.toml` (none: empty; no
/// such file: empty).
pub(crate) fn problems(root: &Path, krate: &str) -> Result<Vec<String>> {
    let path = root.join("crates").join(krate).join("mutants.toml");
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut errors = Vec::new();
    let mut said: HashMap<usize, String> = HashMap::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix('#') {
            if let Some((at, body)) = rest
                .trim()
                .strip_prefix("line ")
                .and_then(|r| r.split_once(": "))
                && let Ok(at) = at.parse::<usize>()
            {
                said.insert(at, body.trim().to_string());
            }
            continue;
        }
        let Some(pattern) = line
            .strip_prefix('\'')
            .and_then(|p| p.strip_suffix("',").or_else(|| p.strip_suffix('\'')))
        else {
            said.clear();
            continue;
        };
        let here = format!("crates/{krate}/mutants.toml:{}: {pattern}", number + 1);
        let Some((file, position)) = pattern.split_once("\\.rs:") else {
            errors.push(format!(
                "{here}: no `crates/CRATE/src/FILE\\.rs:LINE:COLUMN: ` at its start"
            ));
            continue;
        };
        let file = format!("{}.rs", file.replace('\\', ""));
        let (at_line, at_column) = match position.strip_prefix(".*: ") {
            Some(_) => (".*", ""),
            None => {
                let mut parts = position.splitn(3, ':');
                (parts.next().unwrap_or(""), parts.next().unwrap_or(""))
            }
        };
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let any_column = matches!(at_column, r"\d+" | ".*" | "");
        if !(any_column || digits(at_line) && digits(at_column)) {
            errors.push(format!(
                "{here}: a column ({at_column}) names a mutant only on one exact line"
            ));
        }
        if digits(at_line) {
            let at: usize = at_line.parse().unwrap_or(0);
            let source = std::fs::read_to_string(root.join(&file)).unwrap_or_default();
            let now = source.lines().nth(at.wrapping_sub(1)).map(str::trim);
            match (said.get(&at), now) {
                (None, _) => errors.push(format!("{here}: line {at} has no `# line {at}: TEXT` comment above")),
                (Some(text), Some(now)) if text == now => {}
                (Some(text), now) => errors.push(format!(
                    "{here}: line {at} of {file} is now `{}`, not `{text}`: the code moved; name the line again",
                    now.unwrap_or("(past the end)")
                )),
            }
        } else if !matches!(at_line, r"\d+" | ".*") {
            errors.push(format!(
                "{here}: `{at_line}` is a range of lines; name one line or none"
            ));
        }
        let names_function = pattern
            .strip_suffix('$')
            .and_then(|p| p.rsplit_once(" in "))
            .is_some_and(|(_, f)| !f.is_empty() && !f.contains(' '))
            || pattern.contains(": replace ") && pattern.contains(" -> ");
        if !names_function {
            errors.push(format!("{here}: names no function (` in FUNCTION$`)"));
        }
    }
    Ok(errors)
}

/// `cargo xtask mutants-exclusions CRATE...`: prints each problem; whether there were none.
pub(crate) fn run(root: &Path, crates: &[String]) -> Result<bool> {
    let mut clean = true;
    for krate in crates {
        for problem in problems(root, krate)? {
            eprintln!("{problem}");
            clean = false;
        }
    }
    Ok(clean)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    /// Every crate's exclusions keep the rules, and every exact line is still the line
    /// its comment says.
    #[test]
    fn every_crates_exclusions_name_functions_and_lines_that_are_there() {
        let mut checked = 0;
        for entry in std::fs::read_dir(root().join("crates")).unwrap() {
            let krate = entry.unwrap().file_name().to_string_lossy().into_owned();
            if root()
                .join("crates")
                .join(&krate)
                .join("mutants.toml")
                .exists()
            {
                checked += 1;
                let problems = problems(&root(), &krate).unwrap();
                assert!(problems.is_empty(), "{}", problems.join("\n"));
            }
        }
        assert!(
            checked >= 6,
            "the solver crates' mutants.toml ({checked} found)"
        );
    }

    /// The rules themselves, on a scratch crate: a moved line, a range, a column
    /// alone, no function, and a good exact line.
    #[test]
    fn moved_lines_ranges_columns_and_nameless_patterns_are_refused() {
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path();
        let krate = dir.join("crates/demo");
        std::fs::create_dir_all(krate.join("src")).unwrap();
        std::fs::write(krate.join("src/lib.rs"), "fn a() {}\nlet x = y - 1;\n").unwrap();
        let toml = "exclude_re = [\n\
            # line 2: let x = y - 1;\n\
            'crates/demo/src/lib\\.rs:2:\\d+: replace - with \\+ in a$',\n\
            # line 1: let x = y - 1;\n\
            'crates/demo/src/lib\\.rs:1:\\d+: replace - with \\+ in a$',\n\
            'crates/demo/src/lib\\.rs:[12]:\\d+: replace - with \\+ in a$',\n\
            'crates/demo/src/lib\\.rs:\\d+:46: replace - with \\+ in a$',\n\
            'crates/demo/src/lib\\.rs:.*: replace - with \\+',\n\
            'crates/demo/src/lib\\.rs:.*: replace a -> bool with false',\n\
            ]\n";
        std::fs::write(krate.join("mutants.toml"), toml).unwrap();
        let problems = problems(dir, "demo").unwrap();
        assert_eq!(problems.len(), 4, "{problems:#?}");
        assert!(problems[0].contains("line 1 of crates/demo/src/lib.rs is now `fn a() {}`"));
        assert!(problems[1].contains("is a range of lines"));
        assert!(problems[2].contains("a column (46)"));
        assert!(problems[3].contains("names no function"));
    }
}
