//! The programs of `../shared/reference/bin`: run one on an input, with a time limit.

use crate::catalog::{Reference, Style};
use anyhow::{Context, Result, bail};
use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `../shared`, beside the checkout, if it is there.
pub(crate) fn shared(root: &Path) -> Option<PathBuf> {
    let shared = root.join("../shared");
    shared.join("reference/bin").is_dir().then_some(shared)
}

/// What `../shared` must hold for `purpose`, said when it is missing.
pub(crate) fn require_shared(root: &Path, purpose: &str) -> Result<PathBuf> {
    shared(root).with_context(|| {
        format!(
            "{purpose} needs the reference programs in {}/reference/bin (the team's shared folder beside the checkout); it is not there",
            root.join("../shared").display()
        )
    })
}

/// The judge output `reference` gives for the input `input` stored at `path`, or `None`
/// when it fails, crashes, takes longer than `limit` or has no answer for it.
///
/// # Errors
/// When the program cannot be started at all.
pub(crate) fn judge_output(
    shared: &Path,
    reference: &Reference,
    input: &[u8],
    path: &Path,
    limit: Duration,
) -> Result<Option<String>> {
    let program = shared.join("reference/bin").join(&reference.program);
    let args = reference.args.iter().map(OsStr::new);
    Ok(match reference.style {
        Style::Judge => {
            run(&program, args, input, limit)?.map(|out| String::from_utf8_lossy(&out).into_owned())
        }
        Style::Files => {
            run(&program, args.chain([path.as_os_str()]), b"", limit)?.and_then(|out| {
                let files = [path.to_path_buf()];
                let answer = file_answers(&String::from_utf8_lossy(&out), &files).pop()??;
                Some(format!("{answer}\n"))
            })
        }
    })
}

/// Per file of `files`, the answer of its line `FILE ANSWER` in the output of a
/// [`Style::Files`] program (`None` when there is no such line).
pub(crate) fn file_answers(output: &str, files: &[PathBuf]) -> Vec<Option<String>> {
    let mut answers: Vec<Option<String>> = vec![None; files.len()];
    for line in output.lines() {
        let Some((file, answer)) = line.trim_end().rsplit_once(' ') else {
            continue;
        };
        if let Some(i) = files.iter().position(|f| f.as_os_str() == file) {
            answers[i].get_or_insert_with(|| answer.to_string());
        }
    }
    answers
}

/// The stdout of `program` run with `args` and `input` on stdin, or `None` when it
/// fails, crashes or takes longer than `limit` (then it is killed).
///
/// # Errors
/// When the program cannot be started at all.
pub(crate) fn run<'a>(
    program: &Path,
    args: impl IntoIterator<Item = &'a OsStr>,
    input: &[u8],
    limit: Duration,
) -> Result<Option<Vec<u8>>> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .with_context(|| format!("cannot run {}", program.display()))?;
    let mut stdin = child.stdin.take().context("a piped stdin")?;
    let input = input.to_vec();
    // Feeding stdin on a thread, so a program that writes before reading all cannot
    // block us.
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().context("a piped stdout")?;
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stdout, &mut out);
        out
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = feeder.join();
    let Ok(out) = reader.join() else {
        bail!("the reader of {} failed", program.display());
    };
    Ok(status.filter(|s| s.success()).map(|_| out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_answers_are_found_by_name_and_other_lines_ignored() {
        let files = [
            PathBuf::from("a/001.in"),
            PathBuf::from("b 2.in"),
            PathBuf::from("c.in"),
        ];
        let output = "a/001.in 81\nb 2.in -1\ntotal_solve_ms 3.5\n";
        assert_eq!(
            file_answers(output, &files),
            [Some("81".to_string()), Some("-1".to_string()), None]
        );
    }
}
