//! A ladder of address-space limits: from the least a run needs to read its input and
//! answer a board that takes no search, up to the limit where a searched board is
//! answered, every run either answers or ends with exit 1 and a message naming the case
//! and the memory it could not get, never the abort of a failed allocation (134).

use std::process::Command;

/// `gridsolve ARGS` with `input` on stdin under `ulimit -v KIB`: (status, stdout,
/// stderr); a status of -1 for a signal.
fn limited(kib: u64, args: &[&str], input: &str) -> (i32, String, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {kib} && printf '{}' | \"$0\" \"$@\"",
            input.replace('\n', "\\n")
        ))
        .arg(env!("CARGO_BIN_EXE_gridsolve"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// KiB between two rungs of a ladder.
const STEP: u64 = 256;

/// The least limit, in [`STEP`]s from 4 MiB, at which `gridsolve ARGS` answers `input`
/// with `answer`, and the outcome of every rung below it from `from` on.
fn ladder(from: u64, args: &[&str], input: &str, answer: &str) -> (u64, Vec<(u64, i32, String)>) {
    let mut below = Vec::new();
    let mut kib = from;
    loop {
        let (status, stdout, stderr) = limited(kib, args, input);
        if status == 0 && stdout == answer {
            return (kib, below);
        }
        below.push((kib, status, stderr));
        kib += STEP;
        assert!(
            kib < from + (256 << 10),
            "{args:?} never answered: {below:?}"
        );
    }
}

/// A 6 x 6 board (a walk 46 moves from its goal) is searched by IDA* with the
/// Manhattan distance, whose automaton that prunes duplicate paths is built at the
/// first search (a few megabytes at its peak): between the limit where a board that
/// needs no search answers and the one where this board does, each run says case 1
/// had no memory for it (it aborted from 16,000 to 18,816 KiB on one machine).
#[test]
fn a_search_without_room_for_its_automaton_is_an_error() {
    let args = ["--puzzle", "fifteen", "-"];
    let line = "1 4\n1 2 0 3\n";
    let (least, _) = ladder(4 << 10, &args, line, "1\n");
    let walk = "6 6\n1 2 4 5 6 12\n7 8 3 10 11 18\n14 15 9 16 23 27\n13 19 20 0 22 17\n26 31 21 35 30 24\n25 32 33 28 29 34\n";
    let (answered, below) = ladder(least, &args, walk, "46\n");
    assert!(!below.is_empty(), "answered at once at {answered} KiB");
    for (kib, status, stderr) in &below {
        assert_eq!(*status, 1, "{kib} KiB: {stderr}");
        assert!(
            stderr.contains(":1:1: case 1: no memory for ")
                && stderr.ends_with(" kB\n") | stderr.ends_with(" MB\n"),
            "{kib} KiB: {stderr}"
        );
    }
    assert!(
        below
            .iter()
            .any(|(_, _, e)| e.contains("the automaton that prunes duplicate paths")),
        "{below:?}"
    );
}
