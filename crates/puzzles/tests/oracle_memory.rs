//! The naive oracles under a small address space: a visited set that outgrows the
//! memory ends the oracle with an error that says so (`LimitError::NoMemory`, naming
//! its size), never the abort of a failed allocation. Each oracle runs in a child
//! process (this test binary again, told by an environment variable which oracle to
//! run) under `ulimit -v`, on a case whose state space is far past the limit.

use grid_core::{LimitError, Limits};
use std::io::{Read, Seek, SeekFrom, Write};
use std::process::Command;
use std::time::{Duration, Instant};

/// The environment variable that makes this binary a child running one oracle.
const CHILD: &str = "PUZZLES_ORACLE_MEMORY_CHILD";

/// The child's address space: room for the test binary and a few megabytes more.
const KIB: u64 = 64 << 10;

/// How long a child may take (each fills its memory in seconds).
const DEADLINE: Duration = Duration::from_secs(300);

/// An open `side` x `side` Huarongdao board, the piece to go from one corner to the
/// other: the search explores (blank, piece) pairs, `side^4` of them.
fn huarongdao(side: usize) -> String {
    let row = vec!["1"; side].join(" ");
    format!(
        "{side} {side} 1\n{}1 1 1 2 {side} {side}\n",
        format!("{row}\n").repeat(side)
    )
}

/// An open Bloxorz board whose hole, in a corner, has no floor beside it: every cover
/// of the board is visited.
fn bloxorz(side: usize) -> String {
    let mut text = format!("{side} {side}\n");
    let last = side - 1;
    for r in 0..side {
        let row: String = (0..side)
            .map(|c| match (r, c) {
                (0, 0) => 'X',
                (r, c) if (r, c) == (last, last) => 'O',
                (r, c) if r + c == 2 * last - 1 => '#',
                _ => '.',
            })
            .collect();
        text.push_str(&row);
        text.push('\n');
    }
    text.push_str("0 0\n");
    text
}

/// What the oracle `name` says of its hopeless case, in words.
fn run_oracle(name: &str) -> String {
    match name {
        "huarongdao" => format!(
            "{:?}",
            huarongdao::oracle::solve_text(&huarongdao(300), Limits::NONE)
        ),
        "bloxorz" => format!(
            "{:?}",
            bloxorz::oracle::solve_text(&bloxorz(3000), Limits::NONE)
        ),
        "klotski" => format!(
            "{:?}",
            klotski::oracle::solve_text(
                "6 6\nAAbbcd\nAAeefg\nhijjkl\nmnoopq\nrs..tu\nv..wxy\ngoal A 4 4\n",
                klotski::Metric::Step,
                Limits::NONE
            )
        ),
        "fifteen" => format!(
            "{:?}",
            // Korf's first board, its goal with the blank first.
            fifteen::oracle::solve_text(
                "4 4\n14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 10 3\ngoal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n",
                Limits::NONE
            )
        ),
        other => panic!("no oracle {other}"),
    }
}

/// Runs this test in a child under [`KIB`] KiB as the oracle `name`: its exit status
/// (`None`: a signal) and what it printed.
fn in_child(name: &str) -> (Option<i32>, String, String) {
    let exe = std::env::current_exe().unwrap();
    // Files with no name, gone with their handles however the test ends (a pipe could
    // fill while the child is polled).
    let (mut out, mut err) = (tempfile::tempfile().unwrap(), tempfile::tempfile().unwrap());
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {KIB} && exec \"$0\" \"$@\""))
        .arg(exe)
        .args([
            "--exact",
            "every_oracle_runs_out_of_memory_with_an_error",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, name)
        // One heap for every thread: a thread's own arena reserves 64 MiB of address
        // space at a time, which a limit this small cannot count on.
        .env("MALLOC_ARENA_MAX", "1")
        .stdout(out.try_clone().unwrap())
        .stderr(err.try_clone().unwrap())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the {name} oracle still running after {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let read = |file: &mut std::fs::File| {
        let mut bytes = Vec::new();
        file.seek(SeekFrom::Start(0)).unwrap();
        file.read_to_end(&mut bytes).unwrap();
        String::from_utf8_lossy(&bytes).into_owned()
    };
    (status.code(), read(&mut out), read(&mut err))
}

#[test]
fn every_oracle_runs_out_of_memory_with_an_error() {
    if let Ok(name) = std::env::var(CHILD) {
        // Said on stdout for the parent (the harness's own lines come around it).
        let said = run_oracle(&name);
        writeln!(std::io::stdout(), "said: {said}").unwrap();
        return;
    }
    for name in ["huarongdao", "bloxorz", "klotski", "fifteen"] {
        let (status, stdout, stderr) = in_child(name);
        assert_eq!(status, Some(0), "{name}: {stdout}\n{stderr}");
        let said = stdout
            .lines()
            .find_map(|l| l.split_once("said: ").map(|(_, said)| said))
            .unwrap_or_else(|| panic!("{name}: {stdout}"));
        assert!(
            said.contains("NoMemory") && said.contains("the oracle's visited states"),
            "{name}: {said}"
        );
    }
    // The message a user reads of it names the size.
    let e = LimitError::from(grid_core::AllocError::new(
        "the oracle's visited states",
        50_331_648,
    ));
    assert_eq!(
        e.to_string(),
        "no memory for the oracle's visited states of 50.3 MB"
    );
}
