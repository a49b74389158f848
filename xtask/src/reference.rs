//! The programs of `../shared/reference/bin`: run one on an input, with a time limit.

use anyhow::{Context, Result, bail};
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

/// The stdout of `program` run with `input` on stdin, or `None` when it fails, crashes
/// or takes longer than `limit` (then it is killed).
///
/// # Errors
/// When the program cannot be started at all.
pub(crate) fn run(program: &Path, input: &[u8], limit: Duration) -> Result<Option<Vec<u8>>> {
    let mut child = Command::new(program)
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
