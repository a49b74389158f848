//! The cache of built tables: each test has its own directory as `GRIDSOLVE_CACHE_DIR`
//! (never the user's cache). A second run reads what the first built, a damaged file is
//! rebuilt and never trusted, a directory that cannot be written is no cache and no
//! error, `--no-cache` writes nothing, two processes building one table at once leave
//! one whole file, and `gridsolve cache` lists and clears what is there. What a run did
//! is counted in `--stats`' `tables:` line, not timed.
//!
//! The board is a 3 x 4 one taken through the pattern databases
//! (`GRIDSOLVE_FIFTEEN_METHOD=pdb`, where the solver's own choice keeps them for 4 x 4
//! and 5 x 5 boards): its two tables (6 and 5 tiles, 1.5 MiB) build in a fraction of a
//! second, where the 15-puzzle's three (16 MiB) take seconds each run. The same cache
//! code keeps them.

use crate::common::Scratch;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// A 3 x 4 board of 51 moves (119,193 positions expanded over the databases), solved
/// through two tables: tiles 1 to 6 (1.4 MiB) and 7 to 11 (121.6 KiB).
const BOARD: &str = "3 4\n3 2 1 0\n7 6 5 4\n11 10 8 9\ngoal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n";

/// The environment that takes [`BOARD`] through the databases.
const METHOD: (&str, &str) = ("GRIDSOLVE_FIFTEEN_METHOD", "pdb");

/// `gridsolve ARGS` with `cache` as the cache directory and `input` on stdin.
fn run(cache: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .env("GRIDSOLVE_CACHE_DIR", cache)
        .env(METHOD.0, METHOD.1)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A run refused before it reads its board may close the pipe first; that is expected.
    if let Err(e) = std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

/// [`BOARD`] solved with `--stats`: its stderr and the stats' lines (case and tables).
fn solve(cache: &Path, extra: &[&str]) -> (String, String) {
    let mut args = vec!["-p", "fifteen", "--stats"];
    args.extend_from_slice(extra);
    let out = run(cache, &args, BOARD);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "51\n");
    let kept: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("case ") || l.starts_with("tables: "))
        .collect();
    (stderr.clone(), kept.join("\n"))
}

/// The files of the cache directory, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect(),
        Err(_) => Vec::new(),
    };
    names.sort();
    names
}

/// The positions a search expanded and generated, from `case 1: expanded E, generated
/// G`.
fn counts(stats: &str) -> (u64, u64) {
    let line = stats.lines().next().unwrap();
    let numbers: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .map(|n| n.parse().unwrap())
        .collect();
    (numbers[1], numbers[2])
}

#[test]
fn a_second_run_reads_the_tables_the_first_built_and_a_damaged_one_is_rebuilt() {
    let scratch = Scratch::new("cache-reuse");
    let dir = scratch.join("cache");
    let (_, first) = solve(&dir, &[]);
    assert!(
        first.contains("tables: 0 read from cache, 2 built and kept in"),
        "{first}"
    );
    let tables = files(&dir);
    assert_eq!(tables.len(), 2, "{tables:?}");
    assert!(tables.iter().all(|t| t.ends_with(".pdb")), "{tables:?}");
    let (_, second) = solve(&dir, &[]);
    assert!(
        second.contains("tables: 2 read from cache, 0 built and kept in"),
        "{second}"
    );
    // The same search over the databases either way: a table read is the table built.
    assert_eq!(counts(&first), counts(&second));
    assert_eq!(counts(&first).0, 119_193);

    // Each file damaged in its own way is rebuilt, said so, and kept whole again.
    let path = |i: usize| dir.join(&tables[i]);
    let whole: Vec<Vec<u8>> = (0..2).map(|i| std::fs::read(path(i)).unwrap()).collect();
    let mut truncated = whole[0].clone();
    truncated.truncate(truncated.len() / 2);
    std::fs::write(path(0), truncated).unwrap();
    let mut corrupted = whole[1].clone();
    let middle = corrupted.len() - 1000;
    corrupted[middle] ^= 0x10;
    std::fs::write(path(1), corrupted).unwrap();
    let (_, damaged) = solve(&dir, &[]);
    assert!(
        damaged.contains("tables: 0 read from cache, 2 built and kept in"),
        "{damaged}"
    );
    assert!(damaged.contains("was truncated: rebuilt"), "{damaged}");
    assert!(damaged.contains("was corrupted"), "{damaged}");
    assert_eq!(counts(&damaged), counts(&first));
    for (i, bytes) in whole.iter().enumerate() {
        assert_eq!(&std::fs::read(path(i)).unwrap(), bytes, "{}", tables[i]);
    }
    std::fs::write(
        path(0),
        b"not a table at all, but a file of the same name\n",
    )
    .unwrap();
    let (_, foreign) = solve(&dir, &[]);
    assert!(
        foreign.contains("tables: 1 read from cache, 1 built and kept in"),
        "{foreign}"
    );
    assert!(foreign.contains("was not a gridsolve table"), "{foreign}");
    assert_eq!(counts(&foreign), counts(&first));
    assert_eq!(std::fs::read(path(0)).unwrap(), whole[0], "{}", tables[0]);
    let (_, again) = solve(&dir, &[]);
    assert!(again.contains("tables: 2 read from cache"), "{again}");

    // `gridsolve cache` lists them with their sizes; `--clear` removes them.
    let listed = run(&dir, &["cache"], "");
    let text = String::from_utf8_lossy(&listed.stdout);
    assert_eq!(listed.status.code(), Some(0));
    assert!(text.contains("2 tables (1.5 MiB)"), "{text}");
    for table in &tables {
        assert!(text.contains(table.as_str()), "{text}");
    }
    assert!(text.contains("1.4 MiB"), "{text}");
    assert!(text.contains("121.6 KiB"), "{text}");
    let cleared = run(&dir, &["cache", "--clear"], "");
    assert_eq!(cleared.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&cleared.stdout).contains("removed 2 files"),
        "{cleared:?}"
    );
    assert_eq!(files(&dir), Vec::<String>::new());
    let empty = run(&dir, &["cache"], "");
    assert!(String::from_utf8_lossy(&empty.stdout).contains("0 tables (0 B)"));
}

#[test]
fn no_cache_neither_reads_nor_writes() {
    let scratch = Scratch::new("cache-none");
    let dir = scratch.join("cache");
    let (stderr, _) = solve(&dir, &["--no-cache"]);
    assert!(!stderr.contains("tables:"), "{stderr}");
    assert!(!dir.exists());
    // Tables there are not read either.
    solve(&dir, &[]);
    let (stderr, _) = solve(&dir, &["--no-cache"]);
    assert!(!stderr.contains("tables:"), "{stderr}");
}

/// A cache directory that cannot be made (its parent is a file) or written (read only,
/// where the user is not root): the tables are built, the answer is the same, the run
/// succeeds, and `--stats` says the tables were not kept.
#[test]
fn a_cache_that_cannot_be_written_is_no_cache() {
    let scratch = Scratch::new("cache-read-only");
    let file = scratch.join("file");
    std::fs::write(&file, "").unwrap();
    let (_, stats) = solve(&file.join("cache"), &[]);
    assert!(stats.contains("2 built and not kept"), "{stats}");

    let read_only = scratch.join("read-only");
    std::fs::create_dir(&read_only).unwrap();
    let mut permissions = std::fs::metadata(&read_only).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&read_only, permissions.clone()).unwrap();
    let (_, stats) = solve(&read_only, &[]);
    // Root writes anywhere: then the tables are kept, as in a writable directory.
    assert!(
        stats.contains("2 built and not kept") || stats.contains("2 built and kept"),
        "{stats}"
    );
    #[allow(clippy::permissions_set_readonly_false)]
    permissions.set_readonly(false);
    std::fs::set_permissions(&read_only, permissions).unwrap();
}

/// Two processes that build the same tables into one empty cache at once: each
/// answers, and the cache holds one whole file a table (no temporary file left),
/// which a third run reads.
#[test]
fn two_builders_at_once_leave_one_whole_file_a_table() {
    let scratch = Scratch::new("cache-race");
    let dir = scratch.join("cache");
    let start = || {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
            .env("GRIDSOLVE_CACHE_DIR", &dir)
            .env(METHOD.0, METHOD.1)
            .args(["-p", "fifteen", "--stats"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, BOARD.as_bytes()).unwrap();
        child
    };
    let (a, b) = (start(), start());
    for child in [a, b] {
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(String::from_utf8_lossy(&out.stdout), "51\n");
    }
    let tables = files(&dir);
    assert_eq!(tables.len(), 2, "{tables:?}");
    assert!(tables.iter().all(|t| t.ends_with(".pdb")), "{tables:?}");
    let (_, third) = solve(&dir, &[]);
    assert!(third.contains("tables: 2 read from cache"), "{third}");
}

#[test]
fn the_large_partition_keeps_its_own_tables_and_searches_fewer_positions() {
    // The judges' 8-puzzle sample taken through the databases: `--partition large` is one
    // table of all 8 tiles on 3 x 3 (362,880 placements, an exact heuristic), kept under
    // its own name beside the standard ones, and read again by the next run.
    let scratch = Scratch::new("cache-large");
    let dir = scratch.join("cache");
    let board = "3 3\n2 3 4\n1 5 0\n7 6 8\n";
    let solve = |extra: &[&str]| {
        let mut args = vec!["-p", "fifteen", "--stats"];
        args.extend_from_slice(extra);
        let out = run(&dir, &args, board);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "19\n");
        stderr
    };
    let standard = solve(&[]);
    assert!(
        standard.contains("tables: 0 read from cache, 2 built"),
        "{standard}"
    );
    let large = solve(&["--partition", "large"]);
    assert!(
        large.contains("tables: 0 read from cache, 1 built"),
        "{large}"
    );
    let again = solve(&["--partition", "large"]);
    assert!(
        again.contains("tables: 1 read from cache, 0 built"),
        "{again}"
    );
    let names = files(&dir);
    assert_eq!(names.len(), 3, "{names:?}");
    assert!(
        names.iter().any(|n| n.contains("-tiles0.1.2.3.4.5.6.7-")),
        "{names:?}"
    );
    let (large, standard) = (counts(&large).0, counts(&standard).0);
    assert!(large < standard, "{large} against {standard}");
    // The zero-aware tables are kept under names of their own too, and read back.
    let zero = solve(&["--partition", "zero-aware"]);
    assert!(zero.contains("tables: 0 read from cache"), "{zero}");
    let again = solve(&["--partition", "zero-aware"]);
    assert!(
        again.contains(" built") && again.contains(", 0 built"),
        "{again}"
    );
    assert!(
        files(&dir).iter().any(|n| n.contains("-bit1-zero-")),
        "{:?}",
        files(&dir)
    );
    // A name that is no partition is bad usage.
    let out = run(&dir, &["-p", "fifteen", "--partition", "huge"], board);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("expected one of standard, large, zero-aware, found \"huge\""),
        "{stderr}"
    );
}
