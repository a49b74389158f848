//! No thread can start: the searches that split their work among threads (the
//! sliding-tile judge's window of boards, a pattern-database build and an iteration
//! split in shares, Huarongdao's queries spread over cores) do it all on the calling
//! thread and give the same answers, never a panic. The refusal is the system's own:
//! `RUST_MIN_STACK` asks every new thread for a stack larger than the address space
//! `ulimit -v` allows (the server's test of the same shows each spawn refused), so no
//! knob of gridsolve is needed to force it.

use std::process::Command;

/// `gridsolve ARGS` on the file `input`, with every thread spawn refused when `refused`:
/// (status, stdout, stderr).
fn run(refused: bool, args: &[&str], input: &std::path::Path) -> (i32, String, String) {
    let script = if refused {
        // 1 GiB of address space, 2 GiB asked for each thread's stack.
        "ulimit -v 1048576 && RUST_MIN_STACK=2147483648 exec \"$0\" \"$@\""
    } else {
        "exec \"$0\" \"$@\""
    };
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_gridsolve"))
        .arg("--no-cache")
        .args(args)
        .arg(input)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The same answers with threads and without, in the judge output and with paths.
fn same_without_threads(puzzle: &str, input: &str) {
    let dir = crate::common::Scratch::new(&format!("no-threads-{puzzle}"));
    let file = dir.join("in");
    std::fs::write(&file, input).unwrap();
    for mode in [&[][..], &["--path"][..]] {
        let args: Vec<&str> = ["-p", puzzle].iter().chain(mode).copied().collect();
        let threaded = run(false, &args, &file);
        assert_eq!(threaded.0, 0, "{puzzle} {mode:?}: {}", threaded.2);
        let alone = run(true, &args, &file);
        assert_eq!(alone, threaded, "{puzzle} {mode:?}");
    }
}

#[test]
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
fn sliding_tiles_are_answered_on_one_thread() {
    // Korf's 82nd 15-puzzle (databases built, the search split in shares) beside
    // boards of the judge's window.
    let korf_82 = "4 4\n14 10 2 1\n13 9 8 11\n7 3 6 12\n15 5 4 0\ngoal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n";
    let walk = "6 6\n1 2 4 5 6 12\n7 8 3 10 11 18\n14 15 9 16 23 27\n13 19 20 0 22 17\n26 31 21 35 30 24\n25 32 33 28 29 34\n";
    same_without_threads("fifteen", &format!("{korf_82}{walk}{walk}{korf_82}"));
}

#[test]
fn huarongdao_queries_are_answered_on_one_thread() {
    // 5,000 queries on an open 60 x 60 board: work enough for every core.
    let side = 60;
    let mut text = format!("{side} {side} 5000\n");
    let row = vec!["1"; side].join(" ");
    for _ in 0..side {
        text.push_str(&row);
        text.push('\n');
    }
    let mut rng = 7u64;
    let mut next = |n: u64| {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        1 + (rng >> 33) % n
    };
    for _ in 0..5000 {
        let (blank, piece, target) = loop {
            let cells = [(); 3].map(|()| (next(side as u64), next(side as u64)));
            if cells[0] != cells[1] {
                break (cells[0], cells[1], cells[2]);
            }
        };
        text.push_str(&format!(
            "{} {} {} {} {} {}\n",
            blank.0, blank.1, piece.0, piece.1, target.0, target.1
        ));
    }
    same_without_threads("huarongdao", &text);
}
