//! `--checkpoint` and `--resume`: a run stopped by SIGTERM leaves a checkpoint, and a
//! run resumed from it answers with the path and the counts of a run never stopped; a
//! checkpoint of another board, or a file that is not one, is refused. (The library's
//! tests stop and resume searches at many places, by counts.)

use crate::common::Scratch;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Korf's 82nd 15-puzzle (62 moves), which the quick try leaves to the databases: under
/// a budget of 40 million positions, 20 million of the quick try.
const KORF_82: &str = "4 4\n14 10 2 1\n13 9 8 11\n7 3 6 12\n15 5 4 0\ngoal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n";

/// The options of every run here.
const BUDGET: [&str; 4] = ["-p", "fifteen", "--max-states", "40000000"];

/// Korf's third (59 moves).
const KORF_3: &str = "4 4\n14 7 8 2\n13 11 10 4\n9 12 5 0\n3 6 1 15\ngoal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n";

fn gridsolve(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gridsolve"));
    command
        .arg("--no-cache")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

fn run(args: &[&str], input: &str) -> Output {
    let mut child = gridsolve(args).spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
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
    let mut child = gridsolve(args).spawn().unwrap();
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
    let file = scratch.join("korf-82.checkpoint");
    let file = file.to_str().unwrap();
    let through = run(&[&BUDGET[..], &["--path", "--stats"]].concat(), KORF_82);
    assert_eq!(through.status.code(), Some(0), "{}", text(&through.stderr));
    let counts = |out: &Output| {
        text(&out.stderr)
            .lines()
            .find(|l| l.starts_with("case 1: expanded"))
            .map(str::to_string)
    };

    let halted = stopped(&[&BUDGET[..], &["--checkpoint", file]].concat(), KORF_82);
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
        &[&BUDGET[..], &["--path", "--stats", "--resume", file]].concat(),
        KORF_82,
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
    let file = scratch.join("korf-82.checkpoint");
    let file = file.to_str().unwrap();
    let halted = stopped(&[&BUDGET[..], &["--checkpoint", file]].concat(), KORF_82);
    assert_eq!(halted.status.code(), Some(1), "{}", text(&halted.stderr));

    let other = run(&[&BUDGET[..], &["--resume", file]].concat(), KORF_3);
    let stderr = text(&other.stderr);
    assert_eq!(other.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("the checkpoint to resume from was written for another board"),
        "{stderr}"
    );

    let junk = scratch.join("junk");
    std::fs::write(&junk, "hello\n").unwrap();
    let refused = run(
        &[&BUDGET[..], &["--resume", junk.to_str().unwrap()]].concat(),
        KORF_82,
    );
    let stderr = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot be used: not a checkpoint"),
        "{stderr}"
    );

    let missing = run(
        &[&BUDGET[..], &["--resume", "/nonexistent/checkpoint"]].concat(),
        KORF_82,
    );
    assert_eq!(missing.status.code(), Some(3), "{}", text(&missing.stderr));
}
