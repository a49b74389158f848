//! The edges a hostile user finds: closed and full output streams, endless or huge
//! inputs, outsized generator options, budgets, pictures that do not fit. Nothing may
//! abort (the release build aborts on panic): each ends with answers or a clear error.

use crate::common;

use common::{HOLEDOX, HUARONGDAO};
use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gridsolve"))
}

/// Waits for `child` at most `limit` (killing it then); its exit code.
fn wait(child: &mut Child, limit: Duration) -> Option<i32> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// What `child` wrote on its stderr (a pipe), once it has ended.
fn stderr_of(child: &mut Child) -> String {
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    stderr
}

/// Runs `sh -c SCRIPT` with the binary as `$G`; (status, stdout, stderr).
fn shell(script: &str) -> (i32, String, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("G", env!("CARGO_BIN_EXE_gridsolve"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_stderr_leaves_the_answers_on_stdout() {
    // `--stats 2>&1 | head -1` closes the pipe stderr writes to.
    let mut child = binary()
        .args(["--puzzle", "holedox", "--stats"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take()); // the reader is gone before anything is written
    child
        .stdin
        .take()
        .unwrap()
        .write_all(HOLEDOX.as_bytes())
        .unwrap();
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    assert_eq!(wait(&mut child, Duration::from_secs(30)), Some(0));
    assert_eq!(stdout, "Case 1: 9\nCase 2: -1\n");
}

#[test]
fn a_full_stderr_leaves_the_answers_on_stdout() {
    let (status, stdout, _) = shell(&format!(
        "printf '{}' | $G -p holedox --stats 2>/dev/full",
        HOLEDOX.replace('\n', "\\n")
    ));
    assert_eq!((status, stdout.as_str()), (0, "Case 1: 9\nCase 2: -1\n"));
}

#[test]
fn help_and_version_to_a_full_stdout_fail_with_a_message() {
    for flag in ["--help", "--version"] {
        let (status, _, stderr) = shell(&format!("$G {flag} >/dev/full"));
        assert_eq!(status, 3, "{flag}");
        assert!(
            stderr.starts_with("error: cannot write stdout: "),
            "{flag}: {stderr}"
        );
    }
}

#[test]
fn a_closed_stdin_is_an_io_error_not_an_empty_input() {
    let (status, stdout, stderr) = shell("$G -p bloxorz <&-");
    assert_eq!((status, stdout.as_str()), (3, ""));
    assert!(
        stderr.starts_with("error: cannot read stdin: it is closed"),
        "{stderr}"
    );
    // An empty stdin is an input, and an invalid one.
    let (status, _, stderr) = shell("$G -p bloxorz </dev/null");
    assert_eq!(status, 1, "{stderr}");
}

/// An endless stdin that cannot be valid fails at its first token, quickly.
#[test]
fn endless_junk_on_stdin_fails_at_once() {
    for (device, found) in [("/dev/zero", "\\0\\0\\0"), ("/dev/urandom", "")] {
        let mut child = binary()
            .args(["--puzzle", "bloxorz"])
            .stdin(std::fs::File::open(device).unwrap())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        assert_eq!(
            wait(&mut child, Duration::from_secs(30)),
            Some(1),
            "{device}"
        );
        let stderr = stderr_of(&mut child);
        assert!(
            stderr.starts_with("error: <stdin>:") && stderr.contains(found),
            "{device}: {stderr}"
        );
    }
}

/// A file of hopeless boards: case 1's failure is the error, in every output mode, and
/// the boards after it are not searched (the plain judge's window; the count of
/// positions is what `puzzles`' own test of the window checks).
#[test]
fn the_first_board_that_fails_is_the_error_in_every_mode() {
    let dir = common::Scratch::new("first-fails");
    let input = dir.join("hopeless.in");
    std::fs::write(&input, hopeless_board().repeat(64)).unwrap();
    for mode in ["", "--path", "--stats", "--format json", "--show"] {
        let mut child = binary()
            .args(["-p", "fifteen", "--max-states", "100000"])
            .args(mode.split_whitespace())
            .arg(&input)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (mut stdout, mut stderr) = (String::new(), String::new());
        child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut stdout)
            .unwrap();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        assert_eq!(wait(&mut child, Duration::from_secs(60)), Some(1), "{mode}");
        assert!(
            !stdout.contains("step") && !stdout.contains('{'),
            "{mode}: {stdout}"
        );
        assert!(
            stderr.ends_with(":1:1: case 1: the search stopped at its limit of 100000 states\n"),
            "{mode}: {stderr}"
        );
    }
}

/// Huarongdao's judge names the first query that fails, in order, as one by one: the
/// queries before it answered, the ones after it not started.
#[test]
fn the_first_query_that_fails_is_named() {
    let dir = common::Scratch::new("first-query");
    let input = dir.join("loop.in");
    let mut queries = vec!["1 1 1 2 1 2"; 69];
    queries.extend(["1 1 1 2 99 50"; 31]);
    std::fs::write(&input, winding_loop(99, &queries)).unwrap();
    for mode in ["", "--path"] {
        let mut child = binary()
            .args(["-p", "huarongdao", "--max-states", "10"])
            .args(mode.split_whitespace())
            .arg(&input)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        assert_eq!(wait(&mut child, Duration::from_secs(60)), Some(1), "{mode}");
        let stderr = stderr_of(&mut child);
        assert!(
            stderr.ends_with(": query 70: the search stopped at its limit of 10 states\n"),
            "{mode}: {stderr}"
        );
    }
}

/// `--show` of a query whose answer is 734,854 moves: frames of at least 25 rows of 80
/// cells each, over a gigabyte, are refused from the move count before one is drawn
/// (as `--svg` refuses a picture), exit 3, naming the size and the way round; the
/// answer line is written (the frames streamed, 1.5 GB of them).
#[test]
fn frames_past_their_cap_are_refused_before_they_are_drawn() {
    let dir = common::Scratch::new("frames-cap");
    let input = dir.join("loop.in");
    std::fs::write(&input, winding_loop(99, &["1 1 1 2 99 50"])).unwrap();
    let mut child = binary()
        .args(["-p", "huarongdao", "--show"])
        .arg(&input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first 64 KiB of stdout, and how long it was: streamed frames must not fill
    // the test's memory.
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let (mut kept, mut total, mut buf) = (Vec::new(), 0, [0; 8192]);
        while let Ok(n @ 1..) = out.read(&mut buf) {
            total += n;
            if kept.len() < 1 << 16 {
                kept.extend_from_slice(&buf[..n]);
            }
        }
        (String::from_utf8_lossy(&kept).into_owned(), total)
    });
    let status = wait(&mut child, Duration::from_secs(60));
    let stderr = stderr_of(&mut child);
    let (stdout, total) = reader.join().unwrap();
    assert_eq!(status, Some(3), "{stderr}");
    assert_eq!(total, stdout.len());
    assert!(
        stdout.ends_with("\n734854\n") && !stdout.contains("step 0"),
        "{stdout}"
    );
    // Its frames: one more than the moves, each at least 25 rows of 80 cells, their
    // line ends and a heading: past 64 MiB.
    let moves: u64 = stdout.lines().last().unwrap().parse().unwrap();
    assert!((moves + 1) * (25 * 81 + 15) > 64 << 20);
    assert_eq!(
        stderr,
        "error: query 1: frames not shown: they would take at least 1499104200 bytes, more \
         than 67108864 bytes; pick fewer queries with --case, or show a smaller board\n\
         error: the frames of 1 query were refused as larger than 67108864 bytes\n"
    );
    // The same board's picture is refused too, and both are said.
    let pictures = dir.join("pictures");
    let out = binary()
        .args(["-p", "huarongdao", "--show", "--svg"])
        .args([&pictures, &input])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.ends_with(
            "error: the frames of 1 query were refused as larger than 67108864 bytes; \
             1 picture was refused as larger than 67108864 bytes\n"
        ),
        "{stderr}"
    );
}

#[test]
fn outsized_generator_options_stream_or_are_refused() {
    let (status, stdout, stderr) = shell("$G gen -p huarongdao --queries 18446744073709551615");
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert_eq!(
        stderr,
        "error: --queries 18446744073709551615 is out of its range, 0 to 4294967295\n"
    );
    // A walk of 2^64 - 1 steps wrote nothing, forever; no case at all was an empty
    // input and exit 0. Each is refused at once, naming the range (a deadline only
    // keeps a hang from hanging the tests).
    for (args, message) in [
        (
            "gen -p fifteen --steps 18446744073709551615",
            "--steps 18446744073709551615 is out of its range, 0 to 1000000",
        ),
        (
            "gen -p eight --family walk --steps 18446744073709551615",
            "--steps 18446744073709551615 is out of its range, 0 to 1000000",
        ),
        (
            "gen -p fifteen --family far --steps 1000001",
            "--steps 1000001 is out of its range, 0 to 1000000",
        ),
        (
            "gen -p fifteen --cases 0",
            "--cases 0 is out of its range, 1 to 4294967295",
        ),
    ] {
        let mut child = binary()
            .args(args.split(' '))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        assert_eq!(wait(&mut child, Duration::from_secs(60)), Some(2), "{args}");
        let (mut stdout, mut stderr) = (String::new(), String::new());
        child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut stdout)
            .unwrap();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        assert_eq!(
            (stdout.as_str(), stderr.as_str()),
            ("", format!("error: {message}\n").as_str()),
            "{args}"
        );
    }
    // Four billion queries, or a hundred million cases: written as they are made, so
    // the first megabyte comes at once and a closed pipe ends the run.
    for args in [
        "gen -p huarongdao --queries 4000000000",
        "gen -p bloxorz --rows 10 --cases 100000000",
        "gen -p holedox --rows 8 --cases 100000000",
    ] {
        let (status, stdout, stderr) = shell(&format!("$G {args} | head -c 1000000 | wc -c"));
        assert_eq!(
            (status, stdout.trim(), stderr.as_str()),
            (0, "1000000", ""),
            "{args}"
        );
    }
}

#[test]
fn budgets_stop_a_search_with_a_clear_message() {
    let input = "3 10\n##########\n#X.....O##\n##########\n0 0\n";
    let (status, _, stderr) = shell(&format!(
        "printf '{}' | $G -p bloxorz --max-states 3",
        input.replace('\n', "\\n")
    ));
    assert_eq!(status, 1);
    assert_eq!(
        stderr,
        "error: <stdin>: case 1: the search stopped at its limit of 3 states\n"
    );
    let (status, stdout, _) = shell(&format!(
        "printf '{}' | $G -p bloxorz --max-states 100000",
        input.replace('\n', "\\n")
    ));
    assert_eq!((status, stdout.as_str()), (0, "4\n"));
}

/// An 8 x 8 sliding-tile board turned half round, far past what any method here solves
/// optimally: the blank first, then 63 down to 1 (the default goal read backwards,
/// solvable).
fn hopeless_board() -> String {
    let start: Vec<String> = std::iter::once(0)
        .chain((1..64).rev())
        .map(|v| v.to_string())
        .collect();
    let rows: Vec<String> = start.chunks(8).map(|row| row.join(" ")).collect();
    format!("8 8\n{}\n", rows.join("\n"))
}

/// The hopeless board ends at its budget with the same message, one search at a time
/// or the judge's boards at once, and `--max-seconds` stops it too (the time limit
/// itself is not what is tested: the count is, and the one-second limit is far below
/// the minutes the default budget of two billion positions would take).
#[test]
fn an_eight_by_eight_sliding_tile_board_ends_at_its_budget() {
    let input = hopeless_board();
    for extra in ["", " --path"] {
        let (status, stdout, stderr) = shell(&format!(
            "printf '{input}' | $G -p fifteen --max-states 100000{extra}"
        ));
        assert_eq!((status, stdout.as_str()), (1, ""), "{extra}: {stderr}");
        assert_eq!(
            stderr,
            "error: <stdin>:1:1: case 1: the search stopped at its limit of 100000 states\n",
            "{extra}"
        );
    }
    let mut child = binary()
        .args(["-p", "fifteen", "--max-seconds", "1", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    assert_eq!(wait(&mut child, Duration::from_secs(120)), Some(1));
    let stderr = stderr_of(&mut child);
    assert!(stderr.contains("time limit of 1.000 s"), "{stderr}");
}

/// A one-wide loop through a whole `side x side` board (`side` = 4k + 3): down a
/// serpentine in columns 2.., back up column 0. The worst board for Huarongdao's
/// per-board tables: every detour goes round the whole loop.
fn winding_loop(side: usize, queries: &[&str]) -> String {
    assert_eq!(side % 4, 3);
    let open = |r: usize, c: usize| match c {
        0 => true,
        1 => r == 0 || r == side - 1,
        _ => r % 2 == 0 || (r % 4 == 1 && c == side - 1) || (r % 4 == 3 && c == 2),
    };
    let mut text = format!("{side} {side} {}\n", queries.len());
    for r in 0..side {
        let row: Vec<&str> = (0..side)
            .map(|c| if open(r, c) { "1" } else { "0" })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    for q in queries {
        text.push_str(q);
        text.push('\n');
    }
    text
}

#[test]
fn no_query_no_work_and_a_time_budget_stops_the_search() {
    let dir = common::Scratch::new("edges");
    let none = dir.join("none.in");
    std::fs::write(&none, winding_loop(511, &[])).unwrap();
    let mut child = binary()
        .args(["-p", "huarongdao"])
        .arg(&none)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    assert_eq!(
        wait(&mut child, Duration::from_secs(60)),
        Some(0),
        "q = 0 answers at once"
    );
    // The loop is one cycle: its detours need no search, and one query answers well
    // within the budget.
    let one = dir.join("one.in");
    std::fs::write(&one, winding_loop(511, &["1 1 1 2 1 3"])).unwrap();
    let mut child = binary()
        .args(["-p", "huarongdao", "--max-seconds", "5"])
        .arg(&one)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    assert_eq!(wait(&mut child, Duration::from_secs(60)), Some(0));
    // One more open cell, (2,2), closes a 2 x 2 square at the corner: the loop is no
    // longer a cycle, every detour along it is a search round the whole loop, and the
    // budget stops a query whose piece must go half way round. The budget is a
    // nanosecond: the clock is read after a few thousand states, which this search
    // provably passes (half way round is 2^16 cells), and by then more than a
    // nanosecond has gone on any machine, so the verdict does not race its speed.
    let mut rows: Vec<String> = winding_loop(511, &["1 1 1 2 511 256"])
        .lines()
        .map(str::to_owned)
        .collect();
    rows[2].replace_range(2..3, "1");
    std::fs::write(&one, rows.join("\n") + "\n").unwrap();
    let mut child = binary()
        .args(["-p", "huarongdao", "--max-seconds", "1e-9"])
        .arg(&one)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    assert_eq!(wait(&mut child, Duration::from_secs(60)), Some(1));
    let stderr = stderr_of(&mut child);
    assert!(
        stderr.ends_with("query 1: the search stopped at its time limit of 0.000 s\n"),
        "{stderr}"
    );
}

#[test]
fn pictures_past_their_budget_are_refused_and_the_rest_written() {
    let scratch = common::Scratch::new("budget");
    let dir = scratch.join("pictures");
    let out = binary()
        .args(["-p", "holedox", "--svg"])
        .arg(&dir)
        .env("GRIDSOLVE_SVG_MAX_BYTES", "4000")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(HOLEDOX.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Case 1: 9\nCase 2: -1\n"
    );
    assert!(stderr.contains("holedox-case-0001.svg not written: the picture would be larger than 4000 bytes; pick fewer cases with --case"), "{stderr}");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["holedox-case-0002.svg"], "no partial file left");
}

/// Runs `sh -c 'ulimit -v KIB; SCRIPT'` with the binary as `$G` and `$IN` the file
/// `input`: (status, stdout's length, stderr).
fn limited(kib: u64, input: &std::path::Path, script: &str) -> (i32, usize, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && {script}"))
        .env("G", env!("CARGO_BIN_EXE_gridsolve"))
        .env("IN", input)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        out.stdout.len(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_long_answer_is_shown_written_and_refused_in_memory_that_follows_the_board() {
    // A 299 x 299 board that is one 1-wide cycle: the piece goes half way round, and
    // the answer is 20,114,554 moves. One position per move would be 640 MB; the
    // frames' refusal, the JSON line and the picture's refusal must fit in 400 MB of
    // address space (the path itself is 20 MB as moves and as text).
    let dir = common::Scratch::new("long");
    let input = dir.join("loop.in");
    std::fs::write(&input, winding_loop(299, &["1 1 1 2 299 150"])).unwrap();
    let (status, _, stderr) = limited(400_000, &input, "$G -p huarongdao --show \"$IN\"");
    assert_eq!(status, 3, "{stderr}");
    assert!(
        stderr.contains("query 1: frames not shown: they would take at least"),
        "{stderr}"
    );
    let (status, bytes, stderr) =
        limited(400_000, &input, "$G -p huarongdao --format json \"$IN\"");
    assert_eq!((status, stderr.as_str()), (0, ""));
    assert!(
        bytes > 20_114_554,
        "the JSON line holds the whole path: {bytes} bytes"
    );
    let pictures = dir.join("pictures");
    let (status, _, stderr) = limited(
        400_000,
        &input,
        &format!("$G -p huarongdao --svg {} \"$IN\"", pictures.display()),
    );
    assert_eq!(status, 3, "{stderr}");
    assert!(
        stderr.contains("huarongdao-query-0001.svg not written: the picture would be larger than"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_dir(&pictures).unwrap().count(),
        0,
        "no partial file"
    );
}

#[test]
fn case_picks_what_gets_paths_and_pictures() {
    let (status, stdout, _) = shell(&format!(
        "printf '{}' | $G -p huarongdao --path --case 2",
        HUARONGDAO.replace('\n', "\\n")
    ));
    assert_eq!((status, stdout.as_str()), (0, "2\n-1\n-\n"));
    let (status, stdout, stderr) = shell("$G -p bloxorz --case 0 </dev/null");
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert!(stderr.contains("expected a case number from 1"), "{stderr}");
}

#[test]
fn the_demo_honours_the_extras_asked_for() {
    // `script` gives the binary a terminal for stdin, as a user typing the command.
    // (`script` is util-linux's, on every Debian.)
    let (status, stdout, stderr) = shell("script -qec \"$G -p bloxorz --format json\" /dev/null");
    assert_eq!(status, 0, "{stderr}");
    assert!(
        stdout.contains("{\"puzzle\":\"bloxorz\",\"case\":1,\"answer\":10,\"path\":\"LDDDDRURRU\""),
        "{stdout}"
    );
}
