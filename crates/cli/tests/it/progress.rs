//! Progress on stderr: drawn when stderr is a terminal (here a pseudo-terminal made by
//! util-linux's `script`), nothing extra off a terminal or with `--quiet`.
//!
//! The work is an 8 x 8 board (IDA* with the Manhattan distance, far beyond any budget)
//! stopped by `--max-states`. When progress is drawn is set by
//! `GRIDSOLVE_PROGRESS_DELAY_MS` (0: with the first news; ten minutes: never, for this
//! work), so no verdict here depends on how fast the machine runs the search.

use crate::common::{Scratch, gridsolve, own_cache};
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

/// The message the run ends with, on any stderr.
const STOPPED: &str = "case 1: the search stopped at its limit of 100000 states";

/// Progress drawn with the first news.
const AT_ONCE: &str = "0";

/// Progress drawn after ten minutes: never, for this work.
const NEVER: &str = "600000";

/// Runs `gridsolve -p fifteen --max-states 100000 [--quiet]` on the 8 x 8 board, with
/// `GRIDSOLVE_PROGRESS_DELAY_MS` set to `delay`, on a pseudo-terminal (stdout and
/// stderr) or off one (stderr apart): its exit status, and what the terminal showed
/// (both streams) or stderr, and the board's file.
fn run(delay: &str, quiet: bool, terminal: bool) -> (i32, String, String) {
    let scratch = Scratch::new("progress");
    let input = scratch.join("board.in");
    std::fs::write(&input, board_8x8()).unwrap();
    let mut args = vec![
        env!("CARGO_BIN_EXE_gridsolve"),
        "-p",
        "fifteen",
        "--max-states",
        "100000",
        input.to_str().unwrap(),
    ];
    if quiet {
        args.push("--quiet");
    }
    let mut command = if terminal {
        let quote = |s: &str| format!("'{}'", s.replace('\'', r"'\''"));
        let line: Vec<String> = args.iter().map(|a| quote(a)).collect();
        // -q: no banner; -e: script's status is the program's; -c: the command line; the
        // typescript goes nowhere, what the terminal shows comes on script's stdout.
        let mut script = Command::new("script");
        script.args(["-qec", &line.join(" "), "/dev/null"]);
        script
    } else {
        let mut plain = Command::new(args[0]);
        plain.args(&args[1..]);
        plain
    };
    let _cache = own_cache(&mut command);
    let out = command
        .env("GRIDSOLVE_PROGRESS_DELAY_MS", delay)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the program (on a terminal: under util-linux's script)");
    let (status, text) = if terminal {
        (out.status, out.stdout)
    } else {
        assert_eq!(String::from_utf8_lossy(&out.stdout), "");
        (out.status, out.stderr)
    };
    (
        status.code().expect("exited"),
        String::from_utf8_lossy(&text).into_owned(),
        input.display().to_string(),
    )
}

#[test]
fn a_search_shows_its_bound_and_positions_on_a_terminal() {
    let (status, shown, _) = run(AT_ONCE, false, true);
    assert_eq!(status, 1, "{shown}");
    assert!(shown.contains(STOPPED), "{shown}");
    assert!(shown.contains("IDA*: bound "), "no progress drawn: {shown}");
    assert!(shown.contains(" positions"), "{shown}");
}

#[test]
fn quiet_or_quick_work_draws_nothing_on_a_terminal() {
    for (delay, quiet) in [(AT_ONCE, true), (NEVER, false)] {
        let (status, shown, _) = run(delay, quiet, true);
        assert_eq!(status, 1, "{shown}");
        assert!(shown.contains(STOPPED), "{shown}");
        assert!(
            !shown.contains("IDA*"),
            "drawn (delay {delay}, quiet {quiet}): {shown}"
        );
    }
}

#[test]
fn off_a_terminal_stderr_has_only_the_message() {
    let (status, stderr, input) = run(AT_ONCE, false, false);
    assert_eq!(status, 1);
    assert_eq!(stderr, format!("error: {input}:1:1: {STOPPED}\n"));
}
