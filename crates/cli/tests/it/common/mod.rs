//! What the CLI tests share: running the binary, and the specs' samples.

#![allow(dead_code)] // each test file uses a part

mod scratch;
pub use scratch::Scratch;

use std::io::Write;
use std::process::{Command, Stdio};

/// The Huarongdao sample of the spec.
pub const HUARONGDAO: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";
/// The Bloxorz sample of the spec.
pub const BLOXORZ: &str =
    "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n0 0\n";
/// Level 2 of the original Bloxorz (the classic spec's corpus): bridges and switches.
pub const BLOXORZ_CLASSIC: &str = "6 15\n######....##...\n....##..h.##.O.\n..o.##....##...\n....##....##...\n.X..==....==...\n....##....#####\nbridge 1 off 5 5 5 6\nbridge 2 off 5 11 5 12\nswitch 3 3 toggle 1\nswitch 2 9 toggle 2\n";
/// The Holedox sample of the spec.
pub const HOLEDOX: &str = "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n\n4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n\n2 1\n2 2\n3 4\n4 2\n\n0 0 0\n";

/// What a run of the binary did.
pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

/// The cache of built tables for one run: an empty scratch directory, removed with
/// it, so no test reads or writes the user's cache and every run builds its tables
/// as the first run would (the cache's own tests set theirs).
pub fn own_cache(command: &mut Command) -> Scratch {
    let cache = Scratch::new("cache");
    command.env("GRIDSOLVE_CACHE_DIR", cache.path());
    cache
}

/// Runs `gridsolve ARGS` with `stdin` piped in.
pub fn gridsolve(args: &[&str], stdin: &[u8]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gridsolve"));
    let _cache = own_cache(&mut command);
    let mut child = command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A run that does not read all of stdin (bad usage, a FILE, input rejected early)
    // may exit before we finish writing; the closed pipe is then expected.
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    let out = child.wait_with_output().unwrap();
    Run {
        status: out.status.code().expect("exited, not killed by a signal"),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

pub mod agreement;

/// Runs `gridsolve ARGS` with stdin written by `feed` on a thread of its own: it may
/// write without end, a closed pipe stops it. Returns the run and how many bytes went
/// into the pipe (the pipe holds some the program never read).
pub fn gridsolve_fed(
    args: &[&str],
    feed: impl FnOnce(&mut dyn Write) -> std::io::Result<()> + Send,
) -> (Run, u64) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gridsolve"));
    command.args(args);
    fed(command, feed)
}

/// As [`gridsolve_fed`], with the program's address space limited to `mib` MiB (by the
/// shell's `ulimit -v`): a run that needs more fails to allocate, and aborts.
pub fn gridsolve_fed_within(
    mib: u64,
    args: &[&str],
    feed: impl FnOnce(&mut dyn Write) -> std::io::Result<()> + Send,
) -> (Run, u64) {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", mib << 10))
        .arg(env!("CARGO_BIN_EXE_gridsolve"))
        .args(args);
    fed(command, feed)
}

fn fed(
    mut command: Command,
    feed: impl FnOnce(&mut dyn Write) -> std::io::Result<()> + Send,
) -> (Run, u64) {
    let _cache = own_cache(&mut command);
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = Counted {
        inner: child.stdin.take().unwrap(),
        count: 0,
    };
    let (out, written) = std::thread::scope(|scope| {
        let writer = scope.spawn(move || {
            // Ended by the program closing its end, or by the feed ending.
            let _ = feed(&mut stdin);
            stdin.count
        });
        let out = child.wait_with_output().unwrap();
        (out, writer.join().unwrap())
    });
    (
        Run {
            status: out.status.code().unwrap_or_else(|| {
                panic!(
                    "killed by a signal, not exited: {}",
                    String::from_utf8_lossy(&out.stderr)
                )
            }),
            stdout: String::from_utf8(out.stdout).unwrap(),
            stderr: String::from_utf8(out.stderr).unwrap(),
        },
        written,
    )
}

/// Writes `chunk` again and again until the reader goes away (64 KiB at a time).
pub fn endless(chunk: &[u8]) -> impl FnOnce(&mut dyn Write) -> std::io::Result<()> + Send {
    let many = chunk.repeat((64 << 10) / chunk.len().max(1) + 1);
    move |out| loop {
        out.write_all(&many)?;
    }
}

/// A writer that counts the bytes it passes on.
struct Counted<W> {
    inner: W,
    count: u64,
}

impl<W: Write> Write for Counted<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.count += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// A `side` x `side` Huarongdao board (side = 3 mod 4) whose movable cells are one
/// winding corridor, with `query` asked on it.
pub fn winding_loop(side: usize, query: &str) -> String {
    assert_eq!(side % 4, 3);
    let open = |r: usize, c: usize| match c {
        0 => true,
        1 => r == 0 || r == side - 1,
        _ => r % 2 == 0 || (r % 4 == 1 && c == side - 1) || (r % 4 == 3 && c == 2),
    };
    let mut text = format!("{side} {side} 1\n");
    for r in 0..side {
        let row: Vec<&str> = (0..side)
            .map(|c| if open(r, c) { "1" } else { "0" })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text.push_str(query);
    text.push('\n');
    text
}
