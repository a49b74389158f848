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

/// What is wrong with the exclusions of `crates/CRATE/mutants.toml` and the judged
/// loops of `crates/CRATE/mutants-loops.txt` (none: empty; no such file: empty).
pub(crate) fn problems(root: &Path, krate: &str) -> Result<Vec<String>> {
    let path = root.join("crates").join(krate).join("mutants.toml");
    if !path.exists() {
        return loop_problems(root, krate);
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
        if pattern.contains('\'') {
            errors.push(format!(
                "{here}: a `'` inside ends TOML's literal string there (cargo-mutants would \
                 not read the file): match it with `.`"
            ));
        }
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
    errors.extend(loop_problems(root, krate)?);
    Ok(errors)
}

/// What is wrong with the judged loops of `crates/CRATE/mutants-loops.txt` (a mutant's
/// name as cargo-mutants gives it, a tab, why it never ends): a timeout named there
/// counts as caught, so a name must still be that mutant. An operator's mutant
/// (`FILE:LINE:COLUMN: replace OP with NEW in FUNCTION`) must find OP at that line and
/// column of the source as it is now, and a function's (`replace FUNCTION -> TYPE with
/// VALUE`, placed on the body's first line) `fn NAME` on that line or the 10 above it;
/// every entry must give its reason. An edit that moves the code fails here, rather than
/// leaving a judged name that no mutant has, while the same mutant, renamed, times out
/// unjudged (or another takes the name).
fn loop_problems(root: &Path, krate: &str) -> Result<Vec<String>> {
    let path = root.join("crates").join(krate).join("mutants-loops.txt");
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut errors = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let here = format!("crates/{krate}/mutants-loops.txt:{}", number + 1);
        let (name, why) = line.split_once('\t').unwrap_or((line, ""));
        if why.trim().is_empty() {
            errors.push(format!("{here}: no reason after a tab"));
        }
        let mut parts = name.splitn(4, ':');
        let (file, at_line, at_column, mutant) = (
            parts.next().unwrap_or(""),
            parts.next().and_then(|n| n.parse::<usize>().ok()),
            parts.next().and_then(|n| n.parse::<usize>().ok()),
            parts.next().unwrap_or("").trim(),
        );
        let (Some(at_line), Some(at_column)) = (at_line, at_column) else {
            errors.push(format!("{here}: no `FILE:LINE:COLUMN: ` at its start"));
            continue;
        };
        let source = std::fs::read_to_string(root.join(file)).unwrap_or_default();
        let lines: Vec<&str> = source.lines().collect();
        let Some(code) = lines.get(at_line.wrapping_sub(1)) else {
            errors.push(format!("{here}: {file} has no line {at_line}"));
            continue;
        };
        let replaced = mutant.strip_prefix("replace ").unwrap_or("");
        if let Some((function, _)) = replaced.split_once(" -> ") {
            let short = function.rsplit("::").next().unwrap_or(function);
            let short = short.rsplit('>').next().unwrap_or(short).trim();
            let above = &lines[at_line.saturating_sub(11)..at_line];
            // `fn NAME(` or `fn NAME<`: not a longer name that starts with it.
            let declares = |l: &&str| {
                ["(", "<"]
                    .iter()
                    .any(|after| l.contains(&format!("fn {short}{after}")))
            };
            if !above.iter().any(declares) {
                errors.push(format!(
                    "{here}: no `fn {short}` at line {at_line} of {file} or the 10 above: the code moved; name the mutant again"
                ));
            }
        } else if let Some((operator, _)) = replaced.split_once(" with ") {
            let at = code
                .char_indices()
                .nth(at_column.wrapping_sub(1))
                .map(|(i, _)| i);
            if !at.is_some_and(|i| code[i..].starts_with(operator)) {
                errors.push(format!(
                    "{here}: line {at_line} of {file} has no `{operator}` at column {at_column} (it is `{}`): the code moved; name the mutant again",
                    code.trim()
                ));
            }
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

    /// Every crate's exclusions keep the rules, every exact line is still the line its
    /// comment says, and every judged loop still names its mutant.
    #[test]
    fn every_crates_exclusions_name_functions_and_lines_that_are_there() {
        let mut checked = 0;
        for entry in std::fs::read_dir(root().join("crates")).unwrap() {
            let krate = entry.unwrap().file_name().to_string_lossy().into_owned();
            let dir = root().join("crates").join(&krate);
            if dir.join("mutants.toml").exists() || dir.join("mutants-loops.txt").exists() {
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

    /// A scratch workspace of one crate, `crates/demo`: its `src/lib.rs` and one file of
    /// its own (`name`, holding `text`).
    fn demo_crate(lib: &str, name: &str, text: &str) -> tempfile::TempDir {
        let scratch = tempfile::tempdir().unwrap();
        let krate = scratch.path().join("crates/demo");
        std::fs::create_dir_all(krate.join("src")).unwrap();
        std::fs::write(krate.join("src/lib.rs"), lib).unwrap();
        std::fs::write(krate.join(name), text).unwrap();
        scratch
    }

    /// A judged loop whose code moved, or that gives no reason, is refused; one whose
    /// operator or function is where its name says passes.
    #[test]
    fn judged_loops_must_name_mutants_that_are_there() {
        let loops = "# judged loops\n\
            crates/demo/src/lib.rs:2:7: replace * with / in grow\tit loops\n\
            crates/demo/src/lib.rs:2:11: replace + with * in grow\tit loops\n\
            crates/demo/src/lib.rs:2:9: replace + with * in grow\tmoved\n\
            crates/demo/src/lib.rs:2:5: replace grow -> u8 with 0\tit loops\n\
            crates/demo/src/lib.rs:1:5: replace shrink -> u8 with 0\tno such function\n\
            crates/demo/src/lib.rs:9:1: replace * with / in grow\tpast the end\n\
            crates/demo/src/lib.rs:2:7: replace * with + in grow\n";
        let scratch = demo_crate(
            "fn grow(n: u8) -> u8 {\n    n * 2 + 1\n}\n",
            "mutants-loops.txt",
            loops,
        );
        let problems = problems(scratch.path(), "demo").unwrap();
        assert_eq!(problems.len(), 4, "{problems:#?}");
        assert!(
            problems[0].contains(":4: line 2 of crates/demo/src/lib.rs has no `+` at column 9")
        );
        assert!(problems[1].contains(":6: no `fn shrink`"));
        assert!(problems[2].contains(":7: crates/demo/src/lib.rs has no line 9"));
        assert!(problems[3].contains(":8: no reason after a tab"));
    }

    /// The rules themselves, on a scratch crate: a moved line, a range, a column
    /// alone, no function, a quote that would end the string, and a good exact line.
    #[test]
    fn moved_lines_ranges_columns_and_nameless_patterns_are_refused() {
        let toml = "exclude_re = [\n\
            # line 2: let x = y - 1;\n\
            'crates/demo/src/lib\\.rs:2:\\d+: replace - with \\+ in a$',\n\
            # line 1: let x = y - 1;\n\
            'crates/demo/src/lib\\.rs:1:\\d+: replace - with \\+ in a$',\n\
            'crates/demo/src/lib\\.rs:[12]:\\d+: replace - with \\+ in a$',\n\
            'crates/demo/src/lib\\.rs:\\d+:46: replace - with \\+ in a$',\n\
            'crates/demo/src/lib\\.rs:.*: replace - with \\+',\n\
            'crates/demo/src/lib\\.rs:.*: replace a -> bool with false',\n\
            'crates/demo/src/lib\\.rs:.*: replace - with \\+ in S<'a>::a$',\n\
            ]\n";
        let scratch = demo_crate("fn a() {}\nlet x = y - 1;\n", "mutants.toml", toml);
        let problems = problems(scratch.path(), "demo").unwrap();
        assert_eq!(problems.len(), 5, "{problems:#?}");
        assert!(problems[0].contains("line 1 of crates/demo/src/lib.rs is now `fn a() {}`"));
        assert!(problems[1].contains("is a range of lines"));
        assert!(problems[2].contains("a column (46)"));
        assert!(problems[3].contains("names no function"));
        assert!(problems[4].contains(":10: ") && problems[4].contains("match it with `.`"));
    }
}
