//! The command-line conventions people expect from ripgrep, fd and the clap ecosystem:
//! short flags, colour control, completions, hints for misused subcommands and formats,
//! capped and grouped validation reports, layout warnings.

use crate::common;

use common::{BLOXORZ, HUARONGDAO, gridsolve};
use std::process::Command;

/// Runs `sh -c SCRIPT` with the binary as `$G`; (status, stdout, stderr).
fn shell(script: &str) -> (i32, String, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("G", env!("CARGO_BIN_EXE_gridsolve"))
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn colour_follows_the_flag_and_no_color() {
    let always = gridsolve(
        &["-p", "bloxorz", "--show", "--color", "always"],
        BLOXORZ.as_bytes(),
    );
    assert!(
        always.stdout.contains("\x1b[1;33mB\x1b[0m"),
        "{}",
        always.stdout
    );
    let never = gridsolve(
        &["-p", "bloxorz", "--show", "--color", "never"],
        BLOXORZ.as_bytes(),
    );
    assert!(!never.stdout.contains('\x1b'));
    // On a terminal `auto` colours, unless NO_COLOR is set. (`script` gives a terminal;
    // its stdin is not read.)
    let dir = crate::common::Scratch::new("colour");
    let file = dir.join("sample.in");
    std::fs::write(&file, BLOXORZ).unwrap();
    let command = format!(
        "script -qec \"$G -p bloxorz --show --color auto {}\" /dev/null </dev/null",
        file.display()
    );
    let (status, tty, _) = shell(&command);
    assert_eq!(status, 0);
    assert!(tty.contains("\x1b[1;33mB"), "{tty}");
    let (_, tty, _) = shell(&format!("NO_COLOR=1 {command}"));
    assert!(!tty.contains("\x1b[1;33mB"), "{tty}");
}

#[test]
fn completions_come_for_every_shell_clap_knows() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let run = gridsolve(&["completions", shell], b"");
        assert_eq!(run.status, 0, "{shell}");
        assert!(run.stdout.contains("gridsolve"), "{shell}");
        assert!(run.stdout.contains("puzzle"), "{shell}: {}", run.stdout);
    }
    assert_eq!(gridsolve(&["completions", "tcsh"], b"").status, 2);
}

#[test]
fn misspelt_subcommands_get_a_hint_not_cannot_read() {
    for (args, hint) in [
        (
            &["valdate", "x.in"][..],
            "did you mean the subcommand `gridsolve validate`?",
        ),
        (
            &["generate", "-p", "bloxorz"][..],
            "did you mean the subcommand `gridsolve gen`?",
        ),
        (
            &["-p", "holedox", "validat"][..],
            "did you mean the subcommand `gridsolve validate`?",
        ),
    ] {
        let run = gridsolve(args, b"");
        assert_eq!(run.status, 2, "{args:?}");
        assert!(run.stderr.contains(hint), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("cannot read"), "{}", run.stderr);
    }
    let run = gridsolve(&[], b"");
    assert_eq!(run.status, 2);
    let names = format!("--puzzle <PUZZLE> (one of {})", puzzles::names());
    assert!(run.stderr.contains(&names), "{}", run.stderr);
}

#[test]
fn path_goes_with_the_judge_format_named_or_not() {
    let named = gridsolve(
        &["-p", "huarongdao", "--path", "--format", "judge"],
        HUARONGDAO.as_bytes(),
    );
    let plain = gridsolve(&["-p", "huarongdao", "--path"], HUARONGDAO.as_bytes());
    assert_eq!(
        (named.status, named.stdout.as_str()),
        (0, plain.stdout.as_str())
    );
    assert_eq!(
        gridsolve(
            &["-p", "huarongdao", "--path", "--format", "json"],
            HUARONGDAO.as_bytes()
        )
        .status,
        2
    );
}

#[test]
fn another_puzzles_input_says_so() {
    for (wrong, input, right) in [
        ("huarongdao", BLOXORZ, "bloxorz"),
        ("bloxorz", common::HOLEDOX, "holedox"),
        ("holedox", HUARONGDAO, "huarongdao"),
    ] {
        let run = gridsolve(&["-p", wrong], input.as_bytes());
        assert_eq!((run.status, run.stdout.as_str()), (1, ""));
        let hint = format!("hint: <stdin> reads as a {right} input: try --puzzle {right}\n");
        assert!(
            run.stderr.starts_with("error: <stdin>:") && run.stderr.ends_with(&hint),
            "{}",
            run.stderr
        );
    }
    // Junk reads as no puzzle: no hint.
    let run = gridsolve(&["-p", "bloxorz"], b"hello\n");
    assert!(!run.stderr.contains("hint"), "{}", run.stderr);
}

#[test]
fn rows_not_one_per_line_solve_as_the_judge_reads_them_with_a_warning() {
    let split = "3 4 2\n0 1 1\n1 0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";
    let run = gridsolve(&["-p", "huarongdao"], split.as_bytes());
    assert_eq!((run.status, run.stdout.as_str()), (0, "2\n-1\n"));
    assert_eq!(
        run.stderr,
        "warning: <stdin>:3:1: row 1 of the board is not one line of 4 cells (read as the judge reads tokens); `gridsolve validate` checks the judge's layout\n"
    );
    let clean = gridsolve(&["-p", "huarongdao"], HUARONGDAO.as_bytes());
    assert_eq!(clean.stderr, "");
}

#[test]
fn validate_shows_the_first_errors_and_counts_the_rest() {
    // Every cell of a 30 x 30 board out of range: 900 violations.
    let mut input = String::from("30 30 0\n");
    for _ in 0..30 {
        input.push_str(&vec!["7"; 30].join(" "));
        input.push('\n');
    }
    let run = gridsolve(
        &["validate", "-p", "huarongdao", "--max-errors", "3"],
        input.as_bytes(),
    );
    assert_eq!(run.status, 1);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    assert!(
        lines[0].starts_with("<stdin>:2:1: cell (1, 1) = 7 violates 0..=1"),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[3],
        "<stdin>: 900 violations (897 not shown; --max-errors 900 shows them all)"
    );
    let crlf = HUARONGDAO.replace('\n', "\r\n");
    let run = gridsolve(&["validate", "-p", "huarongdao"], crlf.as_bytes());
    assert_eq!(
        run.stdout,
        "<stdin>:1:6: expected \\n line ending, found \\r\\n (and 5 more like it)\n<stdin>: 1 violation\n"
    );
}
