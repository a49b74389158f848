//! `gridsolve validate` on hostile inputs: many violations kept in bounded memory, a
//! huge `--max-errors` that costs nothing for violations that are not there, and no
//! false "missing final newline" after a line too long to read.

use crate::common::{Scratch, gridsolve, gridsolve_fed_within};

/// A Huarongdao board of `side` x `side` cells, each `2` (out of 0..=1): one violation
/// a cell.
fn cells_of_two(side: usize) -> Vec<u8> {
    let row = vec!["2"; side].join(" ") + "\n";
    let mut text = format!("{side} {side} 0\n").into_bytes();
    for _ in 0..side {
        text.extend_from_slice(row.as_bytes());
    }
    text
}

#[test]
fn a_million_violations_are_kept_at_most_a_hundred_thousand_in_bounded_memory() {
    let scratch_dir = Scratch::new("validate-many");
    let dir = scratch_dir.path();
    let file = dir.join("many.in");
    std::fs::write(&file, cells_of_two(1000)).unwrap();
    let file = file.to_str().unwrap();
    // Kept whole, a million violations take some 200 MB.
    let (run, _) = gridsolve_fed_within(
        64,
        &[
            "validate",
            "-p",
            "huarongdao",
            "--max-errors",
            "100000000",
            file,
        ],
        |_| Ok(()),
    );
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 100_001);
    assert!(
        run.stdout.ends_with(&format!(
            "{file}: 1000002 violations (900002 not shown; --max-errors shows at most 100000)\n"
        )),
        "{}",
        &run.stdout[run.stdout.len().saturating_sub(200)..]
    );
    // Fewer asked for: the count says no --max-errors shows them all.
    let (run, _) = gridsolve_fed_within(
        64,
        &["validate", "-p", "huarongdao", "--max-errors", "2", file],
        |_| Ok(()),
    );
    assert!(
        run.stdout.ends_with(&format!(
            "{file}: 1000002 violations (1000000 not shown; --max-errors shows at most 100000)\n"
        )),
        "{}",
        run.stdout
    );
}

#[test]
fn the_largest_max_errors_costs_nothing_on_a_valid_input() {
    let max = usize::MAX.to_string();
    let sample = b"3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n";
    // Room for the program itself (the debug build with `serve` needs more than 32 MiB of
    // address space to start), none for anything reserved by the errors allowed: any
    // finite cap refuses usize::MAX of them.
    let (run, _) = gridsolve_fed_within(
        64,
        &["validate", "-p", "huarongdao", "--max-errors", &max],
        |out| out.write_all(sample),
    );
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (0, "<stdin>: valid\n"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_line_too_long_to_read_is_reported_alone_not_as_a_missing_final_newline() {
    // The header padded past the 2 MiB a line may have, then the board: the file ends
    // with its newline, and reading stopped at the long line.
    let mut text = b"1 1 0".to_vec();
    text.resize((2 << 20) + 100, b' ');
    text.extend_from_slice(b"\n1\n");
    let (run, _) = gridsolve_fed_within(64, &["validate", "-p", "huarongdao"], |out| {
        out.write_all(&text)
    });
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("expected a line of at most 2097152 bytes, found a longer one"),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("end of the file") && !run.stdout.contains("end of input"),
        "{}",
        run.stdout
    );
}

#[test]
fn several_files_are_checked_in_turn_each_report_naming_its_file() {
    let scratch = Scratch::new("validate-several");
    let good = scratch.join("good.in");
    let bad = scratch.join("bad.in");
    std::fs::write(&good, b"3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n").unwrap();
    std::fs::write(&bad, b"3 4 1\n0 1 1 1\n0 1 2 0\n0 1 0 0\n3 2 1 2 2 2\n").unwrap();
    let missing = scratch.join("missing.in");
    let (good, bad, missing) = (
        good.to_str().unwrap(),
        bad.to_str().unwrap(),
        missing.to_str().unwrap(),
    );
    let run = gridsolve(&["validate", "-p", "huarongdao", good, bad, good], b"");
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!(
            "{good}: valid\n{bad}:3:5: cell (2, 3) = 2 violates 0..=1\n{bad}: 1 violation\n{good}: valid\n"
        )
    );
    assert_eq!(run.stderr, "");
    // A file that cannot be read is said on stderr, the others are still checked, and
    // the status says so (3), before an invalid one's (1).
    let run = gridsolve(
        &["validate", "-p", "huarongdao", missing, bad, "-"],
        b"3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n",
    );
    assert_eq!(run.status, 3, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!("{bad}:3:5: cell (2, 3) = 2 violates 0..=1\n{bad}: 1 violation\n<stdin>: valid\n")
    );
    assert!(
        run.stderr
            .starts_with(&format!("error: cannot read {missing}: "))
            && run.stderr.lines().count() == 1,
        "{}",
        run.stderr
    );
    let run = gridsolve(&["validate", "-p", "huarongdao", good, good], b"");
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
}
