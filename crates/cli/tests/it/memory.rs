//! Running out of memory: under a `ulimit -v` too small for a search's tables, every
//! solver ends with exit status 1 and a message naming the case and what it could not
//! get, never the abort of a failed allocation (134) or a panic (101).
//!
//! The limits leave the program room to start and read its input and none for the
//! search: the inputs are sized so the search's tables are tens of megabytes past
//! what the reading needs (Bloxorz, Klotski, Huarongdao), or, where no search of the
//! puzzle is that large (Holedox: a few hundred thousand states at most), the limit is
//! measured from what the program needs to solve the spec's sample.

use crate::common::{HOLEDOX, Scratch};
use std::fs::File;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// How long a run may take before the test gives up on it (they take a few seconds).
const DEADLINE: Duration = Duration::from_secs(300);

/// What a run did: its exit status (`None`: killed by a signal) and its stderr.
struct Ended {
    status: Option<i32>,
    stderr: String,
}

/// Runs `gridsolve ARGS` with stdin from `input` and stdout into `out`, under an
/// address space of `kib` KiB when given (the shell's `ulimit -v`), polling for its end
/// until [`DEADLINE`].
fn run(kib: Option<u64>, args: &[&str], input: &Path, out: &Path) -> Ended {
    let binary = env!("CARGO_BIN_EXE_gridsolve");
    let mut command = match kib {
        Some(kib) => {
            let mut sh = Command::new("sh");
            sh.arg("-c")
                .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
                .arg(binary);
            sh
        }
        None => Command::new(binary),
    };
    let err = out.with_extension("err");
    let mut child = command
        .args(args)
        .stdin(File::open(input).unwrap())
        .stdout(File::create(out).unwrap())
        .stderr(File::create(&err).unwrap())
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
            panic!("gridsolve {args:?} still running after {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Ended {
        status: status.code(),
        stderr: std::fs::read_to_string(err).unwrap(),
    }
}

/// Writes `gridsolve gen ARGS` into `path`.
fn generate(args: &[&str], path: &Path, scratch: &Scratch) {
    let nothing = scratch.join("empty");
    std::fs::write(&nothing, "").unwrap();
    let command: Vec<&str> = ["gen"].iter().chain(args).copied().collect();
    let ended = run(None, &command, &nothing, path);
    assert_eq!(ended.status, Some(0), "{}", ended.stderr);
}

/// Solves `input` under `kib` KiB: it must end with exit status 1 and a message that
/// names the case (or query) and the memory it could not get, stdout empty.
fn runs_out(puzzle: &str, kib: u64, input: &Path, scratch: &Scratch, unit: &str) -> String {
    let out = scratch.join("out");
    let ended = run(Some(kib), &["--puzzle", puzzle, "-"], input, &out);
    assert_eq!(
        ended.status,
        Some(1),
        "{puzzle} under {kib} KiB: {}",
        ended.stderr
    );
    let message = ended.stderr.trim_end();
    assert!(
        message.contains(&format!("{unit} 1: ")) && message.contains(": no memory for "),
        "{puzzle}: {message}"
    );
    assert!(!message.contains("panicked"), "{message}");
    assert_eq!(std::fs::read_to_string(out).unwrap(), "");
    message.to_string()
}

#[test]
fn a_bloxorz_board_whose_plane_does_not_fit_is_an_error() {
    // 5000 x 5000: reading the board takes 41 MB (its storage grows by doubling), the
    // solver's plane 25 MB more; 64 MiB holds the program and the board, not both.
    let scratch = Scratch::new("memory-bloxorz");
    let input = scratch.join("in");
    let size = ["--rows", "5000", "--cols", "5000"];
    generate(
        &[&["--puzzle", "bloxorz"][..], &size].concat(),
        &input,
        &scratch,
    );
    let message = runs_out("bloxorz", 64 << 10, &input, &scratch, "case");
    assert!(message.ends_with("MB"), "{message}");
}

#[test]
fn a_klotski_search_that_outgrows_memory_is_an_error() {
    // Six classes of pieces on 6 x 6 with four empty cells: millions of states, 30 bytes
    // or more each, where 64 MiB holds about one.
    let scratch = Scratch::new("memory-klotski");
    let input = scratch.join("in");
    let layout = "6 6\nAAbbcd\nAAeefg\nhijjkl\nmnoopq\nrs..tu\nv..wxy\ngoal A 4 4\n";
    std::fs::write(&input, layout).unwrap();
    let message = runs_out("klotski", 64 << 10, &input, &scratch, "case");
    assert!(message.contains("no memory for the "), "{message}");
}

#[test]
fn a_huarongdao_board_whose_tables_do_not_fit_is_an_error() {
    // 2048 x 2048 open cells: the detour table alone is 269 MB (16 entries a cell).
    let scratch = Scratch::new("memory-huarongdao");
    let input = scratch.join("in");
    let args = ["--puzzle", "huarongdao", "--family", "open"];
    let size = ["--rows", "2048", "--queries", "2"];
    generate(&[&args[..], &size].concat(), &input, &scratch);
    let message = runs_out("huarongdao", 200 << 10, &input, &scratch, "query");
    assert!(
        message.contains("no memory for the detour table of 269.0 MB"),
        "{message}"
    );
}

/// The least address space, in KiB to within 64, under which gridsolve solves the
/// spec's Holedox sample: what the program needs before any search of size.
fn least_for_the_sample(scratch: &Scratch) -> u64 {
    let input = scratch.join("sample");
    std::fs::write(&input, HOLEDOX).unwrap();
    let out = scratch.join("sample-out");
    let solves =
        |kib| run(Some(kib), &["--puzzle", "holedox", "-"], &input, &out).status == Some(0);
    let (mut fails, mut works) = (1 << 10, 1 << 20);
    assert!(solves(works), "the sample needs over 1 GiB");
    while works - fails > 64 {
        let middle = (fails + works) / 2;
        if solves(middle) {
            works = middle;
        } else {
            fails = middle;
        }
    }
    works
}

#[test]
fn a_holedox_search_that_outgrows_memory_is_an_error() {
    // Far turns in a winding lair: 205,424 states, whose table of visited states and
    // queue take about 6 MB more than the sample's run; give the search 3 MiB.
    let scratch = Scratch::new("memory-holedox");
    let input = scratch.join("in");
    let args = [
        "--puzzle",
        "holedox",
        "--family",
        "adversarial",
        "--seed",
        "6",
    ];
    let size = ["--rows", "64", "--cols", "64", "--length", "16"];
    generate(&[&args[..], &size].concat(), &input, &scratch);
    let kib = least_for_the_sample(&scratch) + (3 << 10);
    let message = runs_out("holedox", kib, &input, &scratch, "case");
    assert!(message.contains("no memory for the "), "{message}");
}
