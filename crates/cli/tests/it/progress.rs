//! Progress on stderr: drawn when stderr is a terminal (here a pseudo-terminal made by
//! util-linux's `script`), nothing extra off a terminal or with `--quiet`.
//!
//! The work is an 8 x 8 board (IDA* with the Manhattan distance, far beyond any budget)
//! stopped by `--max-seconds 2`: it runs two seconds on any machine, much longer than
//! the moment progress waits before it is drawn, and ends with the same message.

use crate::common::{Scratch, gridsolve};
use std::process::Command;

/// `gridsolve gen -p fifteen --family random --rows 8 --seed 1`.
fn board_8x8() -> String {
    let made = gridsolve(
        &[
            "gen", "-p", "fifteen", "--family", "random", "--rows", "8", "--seed", "1",
        ],
        b"",
    );
    assert_eq!(made.status, 0, "{}", made.stderr);
    made.stdout
}

/// The message the run ends with, on any stderr: a run of `--max-seconds 2`, long
/// enough for progress to be drawn (after 0.3 s) on a loaded machine.
const STOPPED: &str = "case 1: the search stopped at its time limit of 2.000 s";

/// The same of a run of `--max-seconds 1`, for the runs that must draw nothing: still
/// past the 0.3 s after which progress would be drawn.
const STOPPED_QUIET: &str = "case 1: the search stopped at its time limit of 1.000 s";

/// Runs `gridsolve ARGS` with stdout and stderr on a pseudo-terminal: its exit status
/// and what the terminal showed (both streams).
fn on_a_terminal(args: &[&str]) -> (i32, String) {
    let quote = |s: &str| format!("'{}'", s.replace('\'', r"'\''"));
    let mut line = quote(env!("CARGO_BIN_EXE_gridsolve"));
    for arg in args {
        line.push(' ');
        line.push_str(&quote(arg));
    }
    // -q: no banner; -e: script's status is the program's; -c: the command line; the
    // typescript goes nowhere, what the terminal shows comes on script's stdout.
    let out = Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("util-linux's script, to run the program on a pseudo-terminal");
    (
        out.status.code().expect("exited"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn a_long_search_shows_its_bound_and_positions_on_a_terminal() {
    let scratch = Scratch::new("progress-terminal");
    let input = scratch.join("board.in");
    std::fs::write(&input, board_8x8()).unwrap();
    let input = input.to_str().unwrap();
    let (status, shown) = on_a_terminal(&["-p", "fifteen", "--max-seconds", "2", input]);
    assert_eq!(status, 1, "{shown}");
    assert!(shown.contains(STOPPED), "{shown}");
    assert!(shown.contains("IDA*: bound "), "no progress drawn: {shown}");
    assert!(shown.contains(" positions"), "{shown}");

    let (status, shown) = on_a_terminal(&["-p", "fifteen", "--max-seconds", "1", "--quiet", input]);
    assert_eq!(status, 1, "{shown}");
    assert!(shown.contains(STOPPED_QUIET), "{shown}");
    assert!(!shown.contains("IDA*"), "--quiet drew progress: {shown}");
}

#[test]
fn off_a_terminal_stderr_has_only_the_message() {
    let run = gridsolve(
        &["-p", "fifteen", "--max-seconds", "1"],
        board_8x8().as_bytes(),
    );
    assert_eq!(run.status, 1);
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr, format!("error: <stdin>:1:1: {STOPPED_QUIET}\n"));
}
