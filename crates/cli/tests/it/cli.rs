//! The binary's contract: stdout, stderr and exit status for each kind of run.

use crate::common;

use common::{
    BLOXORZ as BLOXORZ_SAMPLE, HOLEDOX as HOLEDOX_SAMPLE, HUARONGDAO as SAMPLE, gridsolve,
};
use rstest::rstest;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

fn fixture(name: &str) -> String {
    format!(
        "{}/../../fixtures/huarongdao/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[rstest]
#[case::stdin(&["--puzzle", "huarongdao"])]
#[case::dash(&["--puzzle", "huarongdao", "-"])]
#[case::flag_after_file(&["-", "--puzzle", "huarongdao"])]
fn solves_stdin(#[case] args: &[&str]) {
    let run = gridsolve(args, SAMPLE.as_bytes());
    assert_eq!(
        (run.status, run.stdout.as_str(), run.stderr.as_str()),
        (0, "2\n-1\n", "")
    );
}

#[test]
fn solves_a_file() {
    let path = fixture("sample.in");
    let run = gridsolve(&["--puzzle", "huarongdao", &path], b"ignored");
    assert_eq!(
        (run.status, run.stdout.as_str(), run.stderr.as_str()),
        (0, "2\n-1\n", "")
    );
}

#[rstest]
#[case::bad_cell(b"3 4 0\n0 1 1 1\n0 1 2 0\n0 1 0 0\n" as &[u8], "error: <stdin>:3:5: cell (2, 3) = 2 is out of range 0..=1\n")]
#[case::empty(
    b"",
    "error: <stdin>:1:1: expected n (an integer in 1..=4194304), found end of input\n"
)]
#[case::blank_on_fixed(
    b"3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n1 1 1 2 2 2\n",
    "error: <stdin>:5:1: query 1: blank (1, 1) is on a fixed cell\n"
)]
#[case::random_bytes(
    b"\x89PNG\r\n\x1a\n\0\0",
    "error: <stdin>:1:1: expected n (an integer in 1..=4194304), found \"\\x89PNG\"\n"
)]
#[case::too_large(
    b"1000000000 1000000000 0\n",
    "error: <stdin>:1:1: n = 1000000000 is out of range 1..=4194304\n"
)]
fn invalid_input_exits_1_with_the_place(#[case] input: &[u8], #[case] stderr: &str) {
    let run = gridsolve(&["--puzzle", "huarongdao"], input);
    assert_eq!(
        (run.status, run.stdout.as_str(), run.stderr.as_str()),
        (1, "", stderr)
    );
}

#[test]
fn invalid_file_names_the_file() {
    let dir = crate::common::Scratch::new("cli");
    let path = dir.join("bad.in");
    std::fs::write(&path, "3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2 9\n").unwrap();
    let path = path.to_str().unwrap();
    let run = gridsolve(&["--puzzle", "huarongdao", path], b"");
    assert_eq!(run.status, 1);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        format!("error: {path}:5:13: expected end of input, found \"9\"\n")
    );
}

#[test]
fn missing_file_is_an_io_failure() {
    let run = gridsolve(
        &["--puzzle", "huarongdao", "/nonexistent/gridsolve.in"],
        b"",
    );
    assert_eq!((run.status, run.stdout.as_str()), (3, ""));
    assert!(
        run.stderr
            .starts_with("error: cannot read /nonexistent/gridsolve.in: "),
        "{}",
        run.stderr
    );
}

#[rstest]
#[case::no_puzzle(&[])]
#[case::unknown_puzzle(&["--puzzle", "sokoban"])]
#[case::unknown_flag(&["--puzzle", "huarongdao", "--fast"])]
fn bad_usage_exits_2(#[case] args: &[&str]) {
    let run = gridsolve(args, SAMPLE.as_bytes());
    assert_eq!((run.status, run.stdout.as_str()), (2, ""));
    assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
}

#[test]
fn help_lists_the_puzzles_and_exit_codes() {
    let run = gridsolve(&["--help"], b"");
    assert_eq!(run.status, 0);
    assert!(run.stdout.contains("huarongdao"), "{}", run.stdout);
    assert!(run.stdout.contains("3 I/O failure"), "{}", run.stdout);
}

/// `gridsolve ... | head -1`: the reader goes away early; that is not an error.
#[test]
fn closed_stdout_is_success() {
    let mut input = String::from("2 2 100000\n1 1\n1 1\n");
    for _ in 0..100_000 {
        input.push_str("1 1 2 2 1 1\n");
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .args(["--puzzle", "huarongdao"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 2];
    let writer = {
        let mut stdin = child.stdin.take().unwrap();
        std::thread::spawn(move || stdin.write_all(input.as_bytes()))
    };
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    writer.join().unwrap().unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(&first, b"5\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// Run bare on a terminal, it shows the worked sample instead of waiting for input.
/// `script` (util-linux; in Debian's essential bsdutils) provides the terminal.
#[test]
fn bare_on_a_terminal_shows_the_sample() {
    let command = format!("{} --puzzle huarongdao", env!("CARGO_BIN_EXE_gridsolve"));
    let out = Command::new("/usr/bin/script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("query 1: 2 moves, path UU"), "{text}");
    assert!(
        text.contains("gridsolve --puzzle huarongdao FILE"),
        "{text}"
    );
}

#[test]
fn bloxorz_solves_stdin() {
    let run = gridsolve(&["--puzzle", "bloxorz"], BLOXORZ_SAMPLE.as_bytes());
    assert_eq!(
        (run.status, run.stdout.as_str(), run.stderr.as_str()),
        (0, "10\n", "")
    );
}

#[test]
fn bloxorz_impossible_is_written_exactly() {
    let run = gridsolve(
        &["--puzzle", "bloxorz"],
        b"3 7\n#######\n#X.E.O#\n#######\n0 0\n",
    );
    assert_eq!(
        (run.status, run.stdout.as_str(), run.stderr.as_str()),
        (0, "Impossible\n", "")
    );
}

#[rstest]
#[case::second_target(b"3 3\nOXO\n#.#\n###\n0 0\n" as &[u8], "error: <stdin>:2:3: case 1: a second target O\n")]
#[case::bad_row(
    b"1 3\nX.O\n2 2\nX.\n.\n0 0\n",
    "error: <stdin>:5:1: case 2: row 2 has 1 character, expected 2\n"
)]
fn bloxorz_invalid_input_exits_1_and_prints_nothing(#[case] input: &[u8], #[case] stderr: &str) {
    // The first case is valid: its answer must not be printed either.
    let run = gridsolve(&["--puzzle", "bloxorz"], input);
    assert_eq!(
        (run.status, run.stdout.as_str(), run.stderr.as_str()),
        (1, "", stderr)
    );
}

#[test]
fn holedox_solves_stdin() {
    let run = gridsolve(&["--puzzle", "holedox"], HOLEDOX_SAMPLE.as_bytes());
    assert_eq!(
        (run.status, run.stdout.as_str(), run.stderr.as_str()),
        (0, "Case 1: 9\nCase 2: -1\n", "")
    );
}

#[test]
fn holedox_invalid_input_exits_1_and_prints_nothing() {
    let run = gridsolve(
        &["--puzzle", "holedox"],
        b"2 2 2\n1 2\n1 1\n0\n3 3 2\n1 1\n2 2\n0\n0 0 0\n",
    );
    assert_eq!(run.status, 1);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "error: <stdin>:7:1: case 2: block 2 at (2, 2) does not share an edge with block 1\n"
    );
}

fn stdout_of(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let run = gridsolve(args, stdin);
    assert_eq!(run.status, 0, "{args:?} failed: {}", run.stderr);
    run.stdout.into_bytes()
}

#[test]
fn gen_is_reproducible_valid_and_solvable() {
    for puzzle in puzzles::PUZZLES {
        gen_is_reproducible_valid_and_solvable_for(puzzle.about().name);
    }
}

/// `gen` with its defaults (the judge's sizes) for `puzzle`.
fn gen_is_reproducible_valid_and_solvable_for(puzzle: &str) {
    let args = |seed: &'static str| vec!["gen", "--puzzle", puzzle, "--seed", seed];
    let input = stdout_of(&args("5"), b"");
    assert_eq!(
        stdout_of(&args("5"), b""),
        input,
        "same arguments, same bytes"
    );
    assert_ne!(
        stdout_of(&args("6"), b""),
        input,
        "another seed, another input"
    );
    let verdict = String::from_utf8(stdout_of(&["validate", "--puzzle", puzzle], &input)).unwrap();
    assert_eq!(verdict, "<stdin>: valid\n", "{puzzle}");
    let answers = stdout_of(&["--puzzle", puzzle], &input);
    assert!(!answers.is_empty(), "{puzzle}");
}

/// `gen --puzzle klotski --family random` draws layouts `--steps` one-cell steps from
/// solved: over the seeds 1 to 10 of the default board, the mean of gridsolve's own
/// answers in steps is at least `--steps` (the old scramble's needed 1 to 12 moves; the
/// klotski crate's test measures 20 seeds in-process).
#[test]
fn klotski_random_layouts_are_their_steps_from_solved_on_average() {
    let steps = 30;
    let mut distances = Vec::new();
    for seed in 1..=10 {
        let seed = seed.to_string();
        let args = [
            "gen", "-p", "klotski", "--family", "random", "--steps", "30",
        ];
        let layout = gridsolve(&[&args[..], &["--seed", &seed]].concat(), b"");
        assert_eq!(layout.status, 0, "{}", layout.stderr);
        let solved = gridsolve(
            &["-p", "klotski", "--metric", "step"],
            layout.stdout.as_bytes(),
        );
        assert_eq!(solved.status, 0, "{}", solved.stderr);
        distances.push(solved.stdout.trim().parse::<u64>().unwrap());
    }
    let total: u64 = distances.iter().sum();
    assert!(total >= 10 * steps, "{distances:?}");
}

#[rstest]
#[case::option_of_another_puzzle(&["gen", "--puzzle", "bloxorz", "--queries", "3"], "error: --queries is for huarongdao, not bloxorz\n")]
#[case::unknown_family(&["gen", "--puzzle", "holedox", "--family", "spiral"], "error: expected one of ")]
#[case::too_small(&["gen", "--puzzle", "bloxorz", "--rows", "3", "--cols", "3"], "error: a 3 x 3 board with a border has no room")]
// Once hours of scrambling with no budget: refused before any work.
#[case::too_many_steps(&["gen", "--puzzle", "klotski", "--steps", "4294967295"], "error: --steps 4294967295 is out of its range, 0 to 100000\n")]
#[case::too_many_tries(&["gen", "--puzzle", "klotski", "--family", "hard", "--tries", "65"], "error: --tries 65 is out of its range, 1 to 64\n")]
fn gen_rejects_bad_arguments_as_usage(#[case] args: &[&str], #[case] stderr: &str) {
    let run = gridsolve(args, b"");
    assert_eq!((run.status, run.stdout.as_str()), (2, ""));
    assert!(run.stderr.starts_with(stderr), "{}", run.stderr);
}

#[rstest]
#[case::unknown_kind(&["gen", "--puzzle", "holedox", "--invalid", "spiral"], "error: --invalid spiral is not a kind of invalid holedox input (n-range, ")]
#[case::with_a_gen_option(&["gen", "--puzzle", "bloxorz", "--invalid", "crlf", "--rows", "9"], "error: --rows does not go with --invalid, which takes only --seed\n")]
fn gen_invalid_rejects_bad_arguments_as_usage(#[case] args: &[&str], #[case] stderr: &str) {
    let run = gridsolve(args, b"");
    assert_eq!((run.status, run.stdout.as_str()), (2, ""));
    assert!(run.stderr.starts_with(stderr), "{}", run.stderr);
}

#[test]
fn gen_invalid_lists_its_kinds_and_writes_what_validate_refuses() {
    let list = String::from_utf8(stdout_of(
        &["gen", "-p", "huarongdao", "--invalid", "list"],
        b"",
    ))
    .unwrap();
    assert!(
        list.contains("blank-on-fixed     a query's blank E on a fixed cell (0)\n"),
        "{list}"
    );
    assert!(
        list.contains("crlf               one line ends with \\r\\n\n"),
        "{list}"
    );
    let input = stdout_of(
        &[
            "gen",
            "-p",
            "huarongdao",
            "--invalid",
            "blank-on-piece",
            "--seed",
            "4",
        ],
        b"",
    );
    assert_eq!(
        input,
        stdout_of(
            &[
                "gen",
                "-p",
                "huarongdao",
                "--invalid",
                "blank-on-piece",
                "--seed",
                "4"
            ],
            b""
        ),
        "same seed, same bytes"
    );
    let run = gridsolve(&["validate", "--puzzle", "huarongdao"], &input);
    assert_eq!(run.status, 1, "{}", run.stdout);
    assert!(
        run.stdout
            .contains("expected the blank E and the piece S on different cells"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.ends_with("<stdin>: 1 violation\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn validate_lists_every_violation_and_exits_1() {
    let input = "3 4 2\r\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 1 2 2 3 2";
    let run = gridsolve(&["validate", "--puzzle", "huarongdao"], input.as_bytes());
    assert_eq!(run.status, 1);
    assert_eq!(
        run.stdout,
        "<stdin>:1:6: expected \\n line ending, found \\r\\n\n\
         <stdin>:6:1: query 2: expected the blank E on a movable cell, found cell (1, 1) = 0\n\
         <stdin>:6:12: expected \\n at the end of the file, found end of input\n\
         <stdin>: 3 violations\n"
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn validate_accepts_the_samples() {
    for puzzle in puzzles::PUZZLES {
        let (puzzle, sample) = (puzzle.about().name, puzzle.about().sample);
        let run = gridsolve(&["validate", "--puzzle", puzzle], sample.as_bytes());
        assert_eq!(
            (run.status, run.stdout.as_str()),
            (0, "<stdin>: valid\n"),
            "{puzzle}"
        );
    }
}

#[test]
fn several_files_are_solved_in_order_and_an_error_names_its_file() {
    let run = gridsolve(
        &[
            "-p",
            "huarongdao",
            &fixture("sample.in"),
            "-",
            &fixture("sample.in"),
        ],
        SAMPLE.as_bytes(),
    );
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (0, "2\n-1\n2\n-1\n2\n-1\n")
    );
    let missing = gridsolve(
        &["-p", "huarongdao", &fixture("sample.in"), "no-such.in"],
        b"",
    );
    assert_eq!(missing.status, 3);
    assert_eq!(missing.stdout, "2\n-1\n", "the answers of the files before");
    assert!(
        missing
            .stderr
            .starts_with("error: cannot read no-such.in: "),
        "{}",
        missing.stderr
    );
}

/// A bare `gridsolve` on a terminal does what its help promises: it lists the puzzles
/// and works an example, exit 0; off a terminal it still asks for `--puzzle` (exit 2,
/// `bad_usage_exits_2`).
#[test]
fn bare_gridsolve_on_a_terminal_lists_the_puzzles_and_works_an_example() {
    let out = Command::new("/usr/bin/script")
        .args(["-qec", env!("CARGO_BIN_EXE_gridsolve"), "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    for puzzle in puzzles::PUZZLES {
        assert!(text.contains(puzzle.about().summary), "{text}");
    }
    let first = puzzles::PUZZLES[0].about().name;
    assert!(
        text.contains(&format!("For example, `gridsolve --puzzle {first}`")),
        "{text}"
    );
    assert!(
        text.contains(&format!("gridsolve --puzzle {first} FILE")),
        "{text}"
    );
    assert!(!text.contains("error"), "{text}");
    // What --help says of it.
    let help = gridsolve(&["--help"], b"");
    assert!(
        help.stdout.contains(
            "Run bare on a terminal (no FILE, stdin not redirected) to see a worked example"
        ),
        "{}",
        help.stdout
    );
}

/// `gridsolve completions bash` offers every puzzle's families after `--family`, every
/// kind after `gen --invalid`, the values of the options that take a fixed list, and no
/// file names after any other puzzle option.
#[test]
fn completions_offer_the_families_and_kinds_and_no_files_for_options() {
    let run = gridsolve(&["completions", "bash"], b"");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let script = run.stdout;
    let words_after = |flag: &str| -> Vec<Vec<String>> {
        let mut all = Vec::new();
        let mut lines = script.lines();
        while let Some(line) = lines.next() {
            if line.trim() == format!("{flag})") {
                let next = lines.next().unwrap().trim();
                let words = next
                    .strip_prefix("COMPREPLY=($(compgen -W \"")
                    .and_then(|rest| rest.split_once('"'))
                    .map(|(words, _)| words.split(' ').map(str::to_string).collect())
                    .unwrap_or_else(|| vec![next.to_string()]);
                all.push(words);
            }
        }
        all
    };
    let families = words_after("--family");
    assert_eq!(families.len(), 2, "gen and stress: {families:?}");
    for puzzle in puzzles::PUZZLES {
        for (family, _) in puzzle.generator().unwrap().families() {
            assert!(
                families.iter().all(|w| w.iter().any(|f| f == family)),
                "{family}: {families:?}"
            );
        }
        for kind in puzzle.generator().unwrap().invalid_kinds() {
            assert!(
                words_after("--invalid")[0].iter().any(|k| k == kind.name),
                "{}",
                kind.name
            );
        }
    }
    // The values of the puzzles' options that take a fixed list: Klotski's metric
    // (solving, check, stress and gen) and shapes, Bloxorz's start and border.
    for (flag, values, places) in [
        ("--metric", &["step", "slide", "move"][..], 4),
        ("--shapes", &["classic", "mixed"][..], 1),
        (
            "--start",
            &["standing", "horizontal", "vertical", "random"][..],
            1,
        ),
        ("--border", &["yes", "no"][..], 1),
    ] {
        let offered = words_after(flag);
        assert_eq!(offered.len(), places, "{flag}: {offered:?}");
        assert!(offered.iter().all(|w| w == values), "{flag}: {offered:?}");
    }
    // What a completion offers for a value it cannot list: the word typed so far, no
    // file name.
    let typed_only = ["COMPREPLY=(\"${cur}\")".to_string()];
    for flag in ["--rows", "--seed", "--cases", "--max-errors", "--case"] {
        let offered = words_after(flag);
        assert!(!offered.is_empty(), "{flag}");
        assert!(
            offered.iter().all(|w| w == &typed_only),
            "{flag} completes more than the word typed: {offered:?}"
        );
    }
    // Arguments that are files still complete file names.
    let out = words_after("--out");
    assert!(
        !out.is_empty() && out.iter().all(|w| w != &typed_only),
        "{out:?}"
    );
}

/// `--case` that no output option uses, or that selects nothing, is said on stderr; the
/// output and the exit status stay what they were.
#[rstest]
#[case::no_output_uses_it(
    &["--puzzle", "huarongdao", "--case", "1"],
    "2\n-1\n",
    "warning: --case 1 changes nothing without --path, --show, --svg or --format json (it picks the queries they are for)\n"
)]
#[case::past_the_last_query(
    &["--puzzle", "huarongdao", "--case", "9999", "--path"],
    "2\n-1\n",
    "warning: --case 9999 selects no query: the input has 2 queries\n"
)]
#[case::a_range_past_the_end(
    &["--puzzle", "huarongdao", "--case", "3-", "--format", "json"],
    "",
    "warning: --case 3- selects no query: the input has 2 queries\n"
)]
#[case::one_that_selects(
    &["--puzzle", "huarongdao", "--case", "2", "--path"],
    "2\n-1\n-\n",
    ""
)]
fn a_case_that_does_nothing_is_warned_of(
    #[case] args: &[&str],
    #[case] stdout: &str,
    #[case] stderr: &str,
) {
    let run = gridsolve(args, SAMPLE.as_bytes());
    assert_eq!(run.status, 0, "{}", run.stderr);
    if !stdout.is_empty() {
        assert_eq!(run.stdout, stdout);
    }
    assert_eq!(run.stderr, stderr);
}

#[test]
fn a_case_past_a_one_case_file_is_warned_of_in_the_singular() {
    let run = gridsolve(
        &["--puzzle", "bloxorz", "--case", "9999", "--path"],
        BLOXORZ_SAMPLE.as_bytes(),
    );
    assert_eq!((run.status, run.stdout.as_str()), (0, "10\n"));
    assert_eq!(
        run.stderr,
        "warning: --case 9999 selects no case: the input has 1 case\n"
    );
}

/// Counts of one are singular: a one-roll answer's path is "a path of 1 move".
#[test]
fn a_one_move_answer_is_counted_in_the_singular() {
    let scratch = common::Scratch::new("one-move");
    let input = scratch.join("one.in");
    std::fs::write(&input, "3 4\n####\n#XXO\n####\n0 0\n").unwrap();
    let output = scratch.join("one.out");
    std::fs::write(&output, "1\n-\n").unwrap();
    let run = gridsolve(
        &[
            "check",
            "--puzzle",
            "bloxorz",
            "--path",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!(
            "{}:2: case 1: expected a path of 1 move, found \"-\"\n",
            output.display()
        )
    );
}

/// A picture budget of one byte is counted in the singular too.
#[test]
fn a_one_byte_picture_budget_is_counted_in_the_singular() {
    let scratch = common::Scratch::new("one-byte");
    let out = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .args([
            "--puzzle",
            "bloxorz",
            "--svg",
            scratch.path().to_str().unwrap(),
            "-",
        ])
        .env("GRIDSOLVE_SVG_MAX_BYTES", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .unwrap()
                .write_all(BLOXORZ_SAMPLE.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("the picture would be larger than 1 byte; ")
            && stderr.ends_with("error: 1 picture was refused as larger than 1 byte\n"),
        "{stderr}"
    );
}

#[test]
fn puzzles_lists_every_puzzle_with_its_capabilities() {
    let run = gridsolve(&["puzzles"], b"");
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    let header = run.stdout.lines().next().unwrap();
    assert!(header.starts_with("puzzle"), "{header}");
    for name in ["solve", "oracle", "draw", "generate", "play", "package"] {
        assert!(header.contains(name), "{header}");
    }
    for puzzle in puzzles::PUZZLES {
        let name = puzzle.about().name;
        assert!(
            run.stdout
                .lines()
                .any(|l| l.starts_with(&format!("{name} "))),
            "no row for {name}: {}",
            run.stdout
        );
    }
}

/// `--pruning parent` skips only the paths that undo their last move: the same answer
/// and path, more positions searched; another value is bad usage.
#[test]
fn fifteen_pruning_changes_the_counts_not_the_answer() {
    let board = b"3 4\n1 8 5 2\n3 0 6 11\n4 10 9 7\n";
    let run = |pruning: &[&str]| {
        let mut args = vec!["-p", "fifteen", "--format", "json", "--stats"];
        args.extend_from_slice(pruning);
        let run = gridsolve(&args, board);
        assert_eq!(run.status, 0, "{}", run.stderr);
        let line: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
        let expanded = line["expanded"].as_u64().unwrap();
        (line["answer"].clone(), line["path"].clone(), expanded)
    };
    let automaton = run(&[]);
    assert_eq!(run(&["--pruning", "automaton"]), automaton);
    let parent = run(&["--pruning", "parent"]);
    assert_eq!(automaton.0, 35);
    assert_eq!((&parent.0, &parent.1), (&automaton.0, &automaton.1));
    assert!(parent.2 > automaton.2, "{parent:?} against {automaton:?}");
    let bad = gridsolve(&["-p", "fifteen", "--pruning", "none"], board);
    assert_eq!((bad.status, bad.stdout.as_str()), (2, ""));
    assert!(
        bad.stderr
            .contains(r#"expected one of automaton, parent, found "none""#),
        "{}",
        bad.stderr
    );
}

/// `--move-order` tries the blank's moves in another order: the same answer, another
/// shortest path where there is one; a value that is not the four letters once each
/// is bad usage.
#[test]
fn fifteen_move_order_changes_the_path_not_the_answer() {
    let board = b"3 3\n1 2 3\n4 0 8\n7 6 5\n";
    let path = |order: &[&str]| {
        let mut args = vec!["-p", "fifteen", "--format", "json"];
        args.extend_from_slice(order);
        let run = gridsolve(&args, board);
        assert_eq!((run.status, run.stderr.as_str()), (0, ""));
        run.stdout
    };
    let letters = path(&[]);
    assert!(
        letters.contains(r#""answer":6,"path":"DRULDR""#),
        "{letters}"
    );
    assert_eq!(path(&["--move-order", "DLRU"]), letters);
    let other = path(&["--move-order", "ulrd"]);
    assert!(other.contains(r#""answer":6,"path":"RDLURD""#), "{other}");
    for bad in ["ULR", "ULRDU", "UURD", "up"] {
        let run = gridsolve(&["-p", "fifteen", "--move-order", bad], board);
        assert_eq!((run.status, run.stdout.as_str()), (2, ""), "{bad}");
        assert!(
            run.stderr
                .contains("expected the letters D, L, R and U, each once")
                && run.stderr.contains(&format!("found {bad:?}")),
            "{}",
            run.stderr
        );
    }
}
