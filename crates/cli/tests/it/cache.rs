//! The cache of built tables: each test has its own directory as `GRIDSOLVE_CACHE_DIR`
//! (never the user's cache). A second run reads what the first built, a damaged file is
//! rebuilt and never trusted, a directory that cannot be written is no cache and no
//! error, `--no-cache` writes nothing, two processes building one table at once leave
//! one whole file, and `gridsolve cache` lists and clears what is there. What a run did
//! is counted in `--stats`' `tables:` line, not timed.

use crate::common::Scratch;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Korf's 82nd 15-puzzle (62 moves): the quick try leaves it to the databases, three
/// tables (6, 6 and 3 tiles). Solved under a budget of 40 million positions, so that
/// the quick try before a build is half of it.
const KORF_82: &str = "4 4\n14 10 2 1\n13 9 8 11\n7 3 6 12\n15 5 4 0\ngoal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n";

/// `gridsolve ARGS` with `cache` as the cache directory and `input` on stdin.
fn run(cache: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .env("GRIDSOLVE_CACHE_DIR", cache)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, input.as_bytes()).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// Korf #82 solved with `--stats`: its stderr and the stats' lines (case and tables).
fn korf_82(cache: &Path, extra: &[&str]) -> (String, String) {
    let mut args = vec!["-p", "fifteen", "--stats", "--max-states", "40000000"];
    args.extend_from_slice(extra);
    let out = run(cache, &args, KORF_82);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "62\n");
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
    let (_, first) = korf_82(&dir, &[]);
    assert!(
        first.contains("tables: 0 read from cache, 3 built and kept in"),
        "{first}"
    );
    let tables = files(&dir);
    assert_eq!(tables.len(), 3, "{tables:?}");
    assert!(tables.iter().all(|t| t.ends_with(".pdb")), "{tables:?}");
    let (_, second) = korf_82(&dir, &[]);
    assert!(
        second.contains("tables: 3 read from cache, 0 built and kept in"),
        "{second}"
    );
    // The same search over the databases either way (a table read is the table built),
    // after a shorter quick try: 200,000 positions where they are at hand, half the
    // budget where they are to be built.
    assert_eq!(counts(&first).0, counts(&second).0);
    assert_eq!(counts(&first).1 - counts(&second).1, 20_000_001 - 200_001);

    // Each file damaged in its own way is rebuilt, said so, and kept whole again.
    let path = |i: usize| dir.join(&tables[i]);
    let whole: Vec<Vec<u8>> = (0..3).map(|i| std::fs::read(path(i)).unwrap()).collect();
    let mut truncated = whole[0].clone();
    truncated.truncate(truncated.len() / 2);
    std::fs::write(path(0), truncated).unwrap();
    let mut corrupted = whole[1].clone();
    let middle = corrupted.len() - 1000;
    corrupted[middle] ^= 0x10;
    std::fs::write(path(1), corrupted).unwrap();
    std::fs::write(
        path(2),
        b"not a table at all, but a file of the same name\n",
    )
    .unwrap();
    let (_, damaged) = korf_82(&dir, &[]);
    assert!(
        damaged.contains("tables: 0 read from cache, 3 built and kept in"),
        "{damaged}"
    );
    assert!(damaged.contains("was truncated: rebuilt"), "{damaged}");
    assert!(damaged.contains("was corrupted"), "{damaged}");
    assert!(damaged.contains("was not a gridsolve table"), "{damaged}");
    assert_eq!(counts(&damaged).0, counts(&first).0);
    for (i, bytes) in whole.iter().enumerate() {
        assert_eq!(&std::fs::read(path(i)).unwrap(), bytes, "{}", tables[i]);
    }
    let (_, again) = korf_82(&dir, &[]);
    assert!(again.contains("tables: 3 read from cache"), "{again}");

    // `gridsolve cache` lists them with their sizes; `--clear` removes them.
    let listed = run(&dir, &["cache"], "");
    let text = String::from_utf8_lossy(&listed.stdout);
    assert_eq!(listed.status.code(), Some(0));
    assert!(text.contains("3 tables (16.0 MiB)"), "{text}");
    for table in &tables {
        assert!(text.contains(table.as_str()), "{text}");
    }
    assert!(text.contains("8.0 MiB"), "{text}");
    let cleared = run(&dir, &["cache", "--clear"], "");
    assert_eq!(cleared.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&cleared.stdout).contains("removed 3 files"),
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
    let (stderr, _) = korf_82(&dir, &["--no-cache"]);
    assert!(!stderr.contains("tables:"), "{stderr}");
    assert!(!dir.exists());
    // Tables there are not read either.
    korf_82(&dir, &[]);
    let (stderr, _) = korf_82(&dir, &["--no-cache"]);
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
    let (_, stats) = korf_82(&file.join("cache"), &[]);
    assert!(stats.contains("3 built and not kept"), "{stats}");

    let read_only = scratch.join("read-only");
    std::fs::create_dir(&read_only).unwrap();
    let mut permissions = std::fs::metadata(&read_only).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&read_only, permissions.clone()).unwrap();
    let (_, stats) = korf_82(&read_only, &[]);
    // Root writes anywhere: then the tables are kept, as in a writable directory.
    assert!(
        stats.contains("3 built and not kept") || stats.contains("3 built and kept"),
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
            .args(["-p", "fifteen", "--stats", "--max-states", "40000000"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, KORF_82.as_bytes()).unwrap();
        child
    };
    let (a, b) = (start(), start());
    for child in [a, b] {
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(String::from_utf8_lossy(&out.stdout), "62\n");
    }
    let tables = files(&dir);
    assert_eq!(tables.len(), 3, "{tables:?}");
    assert!(tables.iter().all(|t| t.ends_with(".pdb")), "{tables:?}");
    let (_, third) = korf_82(&dir, &[]);
    assert!(third.contains("tables: 3 read from cache"), "{third}");
}
