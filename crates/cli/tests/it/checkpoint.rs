//! `--checkpoint` and `--resume`: a run stopped by SIGTERM leaves a checkpoint, and a
//! run resumed from it answers with the path and the counts of a run never stopped; a
//! checkpoint of another board, or a file that is not one, is refused. (The library's
//! tests stop and resume searches at many places, by counts.)
//!
//! The boards are 3 x 4 ones taken through the pattern databases
//! (`GRIDSOLVE_FIFTEEN_METHOD=pdb`; the solver's own choice keeps them for 4 x 4 and
//! 5 x 5 boards), whose tables build in a fraction of a second: the checkpoint is the
//! databases search's, as on the 15-puzzle.

use crate::common::Scratch;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A 3 x 4 board of 51 moves (119,193 positions expanded over the databases).
const BOARD: &str = "3 4\n3 2 1 0\n7 6 5 4\n11 10 8 9\ngoal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n";

/// The options of every run here.
const OPTIONS: [&str; 2] = ["-p", "fifteen"];

/// Another 3 x 4 board (40 moves), of the same databases.
const OTHER: &str = "3 4\n8 9 10 11\n4 5 6 7\n0 1 2 3\ngoal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n";

fn gridsolve(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gridsolve"));
    command
        .env("GRIDSOLVE_FIFTEEN_METHOD", "pdb")
        .arg("--no-cache")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

fn run(args: &[&str], input: &str) -> Output {
    let mut child = gridsolve(args).spawn().unwrap();
    // A run that refuses its checkpoint exits before it reads the board; the closed pipe
    // is then expected.
    if let Err(e) = child.stdin.take().unwrap().write_all(input.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

/// Whether process `pid` catches SIGTERM (bit 15 of `SigCgt` in its status).
fn catches_sigterm(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask >> 14 & 1 == 1)
}

/// The run stopped by SIGTERM before its board is read (once it is known to catch the
/// signal, polled with a generous deadline): the search halts where it starts.
fn stopped(args: &[&str], input: &str) -> Output {
    stopped_by(gridsolve(args), input)
}

/// As [`stopped`], of `command`.
fn stopped_by(mut command: Command, input: &str) -> Output {
    let mut child = command.spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !catches_sigterm(child.id()) {
        assert!(Instant::now() < deadline, "the run never caught SIGTERM");
        std::thread::sleep(Duration::from_millis(5));
    }
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_run_stopped_by_sigterm_resumes_to_the_same_answer_path_and_counts() {
    if !Path::new("/proc/self/status").exists() {
        return; // The signal mask is read from /proc (Linux).
    }
    let scratch = Scratch::new("checkpoint");
    let file = scratch.join("board.checkpoint");
    let file = file.to_str().unwrap();
    let through = run(&[&OPTIONS[..], &["--path", "--stats"]].concat(), BOARD);
    assert_eq!(through.status.code(), Some(0), "{}", text(&through.stderr));
    let counts = |out: &Output| {
        text(&out.stderr)
            .lines()
            .find(|l| l.starts_with("case 1: expanded"))
            .map(str::to_string)
    };

    let halted = stopped(&[&OPTIONS[..], &["--checkpoint", file]].concat(), BOARD);
    let stderr = text(&halted.stderr);
    assert_eq!(halted.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("case 1: the search was halted"), "{stderr}");
    assert!(
        stderr.contains(&format!("go on with --resume {file}")),
        "{stderr}"
    );
    let checkpoint = std::fs::read_to_string(file).unwrap();
    assert!(
        checkpoint.starts_with("gridsolve fifteen checkpoint"),
        "{checkpoint}"
    );

    let resumed = run(
        &[&OPTIONS[..], &["--path", "--stats", "--resume", file]].concat(),
        BOARD,
    );
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    assert_eq!(text(&resumed.stdout), text(&through.stdout));
    assert_eq!(counts(&resumed), counts(&through));
    assert!(counts(&through).is_some());
}

#[test]
fn a_checkpoint_of_another_board_or_no_checkpoint_is_refused() {
    if !Path::new("/proc/self/status").exists() {
        return;
    }
    let scratch = Scratch::new("checkpoint-refused");
    let file = scratch.join("board.checkpoint");
    let file = file.to_str().unwrap();
    let halted = stopped(&[&OPTIONS[..], &["--checkpoint", file]].concat(), BOARD);
    assert_eq!(halted.status.code(), Some(1), "{}", text(&halted.stderr));

    let other = run(&[&OPTIONS[..], &["--resume", file]].concat(), OTHER);
    let stderr = text(&other.stderr);
    assert_eq!(other.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("the checkpoint to resume from was written for another board"),
        "{stderr}"
    );

    let junk = scratch.join("junk");
    std::fs::write(&junk, "hello\n").unwrap();
    let refused = run(
        &[&OPTIONS[..], &["--resume", junk.to_str().unwrap()]].concat(),
        BOARD,
    );
    let stderr = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot be used: not a checkpoint"),
        "{stderr}"
    );

    let missing = run(
        &[&OPTIONS[..], &["--resume", "/nonexistent/checkpoint"]].concat(),
        BOARD,
    );
    assert_eq!(missing.status.code(), Some(3), "{}", text(&missing.stderr));
}

/// Korf's 82nd 15-puzzle, which the quick try before the databases does not settle.
const KORF_82: &str = "4 4\n14 10 2 1\n13 9 8 11\n7 3 6 12\n15 5 4 0\ngoal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n";

/// Stopped in the quick try that the solver's own choice makes before its databases
/// and their checkpointed search, a run has written no checkpoint: it says so, and
/// that it is to be run again, and leaves no file.
#[test]
fn a_run_stopped_before_its_first_checkpoint_says_there_is_nothing_to_go_on_from() {
    if !Path::new("/proc/self/status").exists() {
        return;
    }
    let scratch = Scratch::new("checkpoint-quick");
    let file = scratch.join("board.checkpoint");
    let mut command =
        gridsolve(&[&OPTIONS[..], &["--checkpoint", file.to_str().unwrap()]].concat());
    command.env_remove("GRIDSOLVE_FIFTEEN_METHOD");
    let halted = stopped_by(command, KORF_82);
    let stderr = text(&halted.stderr);
    assert_eq!(halted.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("case 1: the search was halted"), "{stderr}");
    assert!(
        stderr.contains("stopped before a checkpoint was written")
            && stderr.contains("run it again"),
        "{stderr}"
    );
    assert!(!stderr.contains("--resume"), "{stderr}");
    assert!(!file.exists());
}
