//! `--checkpoint` and `--resume`: a run stopped by SIGTERM leaves a checkpoint, and a
//! run resumed from it answers with the path and the counts of a run never stopped; a
//! checkpoint of another board, or a file that is not one, is refused; the two signals
//! that GNU `timeout` sends are one stop, and a signal a second or more after the first
//! ends the run at once. (The library's tests stop and resume searches at many places,
//! by counts.)
//!
//! The boards are 3 x 4 ones taken through the pattern databases
//! (`GRIDSOLVE_FIFTEEN_METHOD=pdb`; the solver's own choice keeps them for 4 x 4 and
//! 5 x 5 boards), whose tables build in a fraction of a second: the checkpoint is the
//! databases search's, as on the 15-puzzle.

use crate::common::Scratch;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
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

/// Waits until process `pid` catches SIGTERM (polled, with a generous deadline).
fn until_catching_sigterm(pid: u32) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !catches_sigterm(pid) {
        assert!(Instant::now() < deadline, "the run never caught SIGTERM");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The run stopped by SIGTERM before its board is read (once it is known to catch the
/// signal, polled with a generous deadline): the search halts where it starts.
fn stopped(args: &[&str], input: &str) -> Output {
    stopped_by(gridsolve(args), input)
}

/// As [`stopped`], of `command`.
fn stopped_by(mut command: Command, input: &str) -> Output {
    let child = command.spawn().unwrap();
    until_catching_sigterm(child.id());
    signal("TERM", child.id());
    fed_once_stopping(child, input)
}

/// The output of `child`, a run that has been signalled before its board is read, fed
/// `input` once it has said that it is stopping: its handler has then raised the halt
/// (on a thread of its own, which a busy machine may run late: a board fed sooner
/// could be solved before the halt is seen).
fn fed_once_stopping(mut child: Child, input: &str) -> Output {
    let stderr = child.stderr.take().unwrap();
    let (stopping, said) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        for line in BufReader::new(stderr).lines() {
            let line = line.unwrap();
            if line.starts_with("note: stopping") {
                let _ = stopping.send(());
            }
            all.push_str(&line);
            all.push('\n');
        }
        all
    });
    let heard = said.recv_timeout(Duration::from_secs(60));
    let mut stdin = child.stdin.take().unwrap();
    if heard.is_ok() {
        stdin.write_all(input.as_bytes()).unwrap();
    }
    drop(stdin);
    let mut out = child.wait_with_output().unwrap();
    out.stderr = reader.join().unwrap().into_bytes();
    assert!(
        heard.is_ok(),
        "the run never said it was stopping: {}",
        text(&out.stderr)
    );
    out
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

/// The process that `parent` started, once it runs `gridsolve` (from /proc).
fn gridsolve_child_of(parent: u32) -> Option<u32> {
    std::fs::read_dir("/proc")
        .ok()?
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .find(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            // The parent is the second field after the command's closing parenthesis.
            let ppid = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse::<u32>().ok());
            let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
            ppid == Some(parent) && comm.trim() == "gridsolve"
        })
}

/// Whether process `pid` (`timeout`) has set its timer: it has then come back from
/// starting the run, and its SIGALRM is "the time is up" (one that comes sooner may
/// find it not knowing its run yet, and end it alone).
fn timer_armed(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/timers")).is_ok_and(|t| !t.trim().is_empty())
}

/// How many threads process `pid` has (0 if it is gone). A process that `timeout` has
/// started has its name and still `timeout`'s handlers for a moment of its `exec`;
/// with a second thread it is running gridsolve, whose handler (with its thread) is
/// then the one that catches SIGTERM.
fn threads(pid: u32) -> usize {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0)
}

/// Sends the signal `name` (as `kill` names it) to process `pid`.
fn signal(name: &str, pid: u32) {
    let sent = Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// GNU `timeout`, when its time is up, sends SIGTERM to the run and then to the run's
/// process group: two signals microseconds apart, which are one stop. The run, under
/// the real `timeout` (its time cut short by the SIGALRM its own timer would send),
/// writes its checkpoint and says how to go on, twenty times over (a run that took
/// the second signal as "at once", as it once did, lost its checkpoint now and then).
#[test]
fn the_two_signals_of_timeout_are_one_stop_that_leaves_a_checkpoint() {
    let present = Command::new("timeout").arg("--version").output();
    if !Path::new("/proc/self/timers").exists() || !present.is_ok_and(|o| o.status.success()) {
        return; // The processes are found in /proc (Linux), and GNU timeout runs them.
    }
    let scratch = Scratch::new("checkpoint-timeout");
    for round in 0..20 {
        let file = scratch.join(format!("board-{round}.checkpoint"));
        let run = gridsolve(&[]);
        let mut command = Command::new("timeout");
        command
            .args(["--preserve-status", "600"])
            .arg(run.get_program())
            .args(run.get_args())
            .args(OPTIONS)
            .arg("--checkpoint")
            .arg(&file)
            .envs(run.get_envs().filter_map(|(k, v)| Some((k, v?))))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let timeout = command.spawn().unwrap();
        let deadline = Instant::now() + Duration::from_secs(60);
        let solver = loop {
            if timer_armed(timeout.id())
                && let Some(pid) = gridsolve_child_of(timeout.id())
                && catches_sigterm(pid)
                && threads(pid) > 1
            {
                break pid;
            }
            assert!(Instant::now() < deadline, "the run never caught SIGTERM");
            std::thread::sleep(Duration::from_millis(5));
        };
        signal("ALRM", timeout.id());
        let halted = fed_once_stopping(timeout, BOARD);
        let stderr = text(&halted.stderr);
        assert_eq!(
            halted.status.code(),
            Some(1),
            "round {round} (run {solver}): {stderr}"
        );
        assert_eq!(stderr.matches("note: stopping").count(), 1, "{stderr}");
        assert!(
            stderr.contains(&format!("go on with --resume {}", file.display())),
            "{stderr}"
        );
        assert!(file.exists());
    }
}

/// A signal a second or more after the first ends the run at once, with exit status
/// 130: here the run waits for its board, which never comes, so only that ends it; it
/// is signalled every tenth of a second until it does (within a generous deadline).
/// No checkpoint was written, and it says so.
#[test]
fn a_signal_a_second_after_the_first_ends_the_run_at_once() {
    if !Path::new("/proc/self/status").exists() {
        return;
    }
    let scratch = Scratch::new("checkpoint-at-once");
    let file = scratch.join("board.checkpoint");
    let mut child = gridsolve(&[&OPTIONS[..], &["--checkpoint", file.to_str().unwrap()]].concat())
        .spawn()
        .unwrap();
    until_catching_sigterm(child.id());
    let deadline = Instant::now() + Duration::from_secs(60);
    let stdin = child.stdin.take();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            Instant::now() < deadline,
            "the run was never stopped at once"
        );
        signal("TERM", child.id());
        std::thread::sleep(Duration::from_millis(100));
    }
    // Not sooner than a second after the first signal.
    assert!(started.elapsed() >= Duration::from_secs(1));
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(stderr.matches("note: stopping").count(), 1, "{stderr}");
    assert!(
        stderr.contains("stopped at once by a second signal, before a checkpoint was written"),
        "{stderr}"
    );
    assert!(!file.exists());
}
