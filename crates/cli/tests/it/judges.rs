//! One judge: `gridsolve check --kattis` and the output validator of the package
//! `gridsolve package` writes (the puzzle's own special judge where it ships one, else
//! the default output validator of BAPCtools, compiled from the source in
//! `.venv-tools`) give the same verdict, 42 or 43, on the same outputs, with the flags
//! the package sets (and, on one output in four, `space_change_sensitive` besides, which
//! no package sets but both judges read). The outputs are made from the right ones of
//! small fixture inputs by a seeded SplitMix64: changed, dropped, doubled, swapped,
//! joined and split lines, blank lines anywhere, CRLF, no final newline, spaces and
//! tabs, case changes, bytes put in or taken out (white space of every kind, NUL, bytes
//! that are no ASCII), empty outputs, and a few lines of 1 KiB to 16 MiB (a valid path
//! of that length where the answer is a path, and one that ends elsewhere).
//!
//! Besides: a puzzle's own special judge takes gridsolve's output where the last case
//! starts solved (its empty line there or not), and both judges take a 16 MiB answer
//! line within an address space smaller than holding it would need.
//!
//! The tests that run Python or BAPCtools' source are `#[ignore]`d (the tools come from
//! `tools/setup-python.sh`): `cargo test -p cli --test it judges -- --ignored` runs them.

use crate::common::{Scratch, gridsolve, gridsolve_fed_within};
use puzzles::{AnswerLine, Input, Limits, Options, PUZZLES, PathsFor, Puzzle, Solved, SplitMix64};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn str(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The Python of `.venv-tools`, or `GRIDSOLVE_PYTHON`.
fn python() -> PathBuf {
    let path = std::env::var_os("GRIDSOLVE_PYTHON")
        .map_or_else(|| workspace().join(".venv-tools/bin/python"), PathBuf::from);
    assert!(
        Command::new(&path).arg("--version").output().is_ok(),
        "cannot run {} (tools/setup-python.sh makes it)",
        path.display()
    );
    path
}

/// BAPCtools' default output validator, compiled once into the target directory.
fn default_validator() -> PathBuf {
    let lib = workspace().join(".venv-tools/lib");
    let source = std::fs::read_dir(&lib)
        .into_iter()
        .flatten()
        .map(|python| {
            python
                .unwrap()
                .path()
                .join("site-packages/bapctools/resources/support/default_output_validator.cpp")
        })
        .find(|source| source.is_file())
        .expect("BAPCtools in .venv-tools (tools/setup-python.sh)");
    let program = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bapc-default-output-validator");
    if !program.exists() {
        let partial = program.with_extension("partial");
        let out = Command::new("g++")
            .args(["-std=c++20", "-O2", "-o", str(&partial), str(&source)])
            .output()
            .expect("g++");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::rename(&partial, &program).unwrap();
    }
    program
}

/// The output validator a package ships and the flags it gives it.
struct Judge {
    /// The program and its first arguments (`python3 replay.py`, or the default one).
    command: Vec<PathBuf>,
    flags: Vec<String>,
}

/// The judge of the package of `puzzle`, written into `dir`: its own output validator
/// or the default one, with the `output_validator_args` of its test group.
fn package_judge(puzzle: &dyn Puzzle, dir: &Path) -> Judge {
    let out = dir.join("package");
    let run = gridsolve(
        &[
            "package",
            "--puzzle",
            puzzle.about().name,
            "--out",
            str(&out),
        ],
        b"",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let custom = out.join("output_validator/replay.py");
    let command = if custom.exists() {
        vec![python(), custom]
    } else {
        vec![default_validator()]
    };
    let flags = std::fs::read_to_string(out.join("data/test_group.yaml"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.strip_prefix("output_validator_args:"))
        .flat_map(|l| {
            l.trim()
                .trim_matches(['[', ']'])
                .split(',')
                .map(|f| f.trim().to_string())
                .filter(|f| !f.is_empty())
                .collect::<Vec<_>>()
        })
        .collect();
    Judge { command, flags }
}

/// A program's exit status on `output` as a Kattis output validator.
fn verdict(command: &[PathBuf], args: &[&str], feedback: &Path, output: &[u8]) -> (i32, String) {
    let _ = std::fs::remove_file(feedback.join("judgemessage.txt"));
    let mut child = Command::new(&command[0])
        .args(&command[1..])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A judge may stop reading at its verdict.
    let _ = child.stdin.take().unwrap().write_all(output);
    let out = child.wait_with_output().unwrap();
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
    let said = format!("{message}{}", String::from_utf8_lossy(&out.stderr));
    (out.status.code().unwrap_or(-1), said)
}

/// The fixture inputs of `puzzle` a judge is given: valid by the strict rules, small.
fn inputs(puzzle: &dyn Puzzle) -> Vec<PathBuf> {
    let dir = workspace().join("fixtures").join(puzzle.about().name);
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .filter(|p| {
            let bytes = std::fs::read(p).unwrap();
            bytes.len() <= 2048
                && puzzle
                    .validate(Input::bytes(&bytes), 1)
                    .unwrap()
                    .violations
                    .is_empty()
        })
        .collect();
    inputs.sort();
    inputs.truncate(8);
    assert!(!inputs.is_empty(), "{}", puzzle.about().name);
    inputs
}

/// A byte a mutation puts in: moves' letters, digits, signs, every kind of white space,
/// a NUL and bytes that are no ASCII.
const BYTES: &[u8] = b"udlrUDLRx0123456789- \t\r\n\x0b\x0c\x00\xff\xc2\xa0";

/// Outputs made from `right` (the judge's own), `count` of them.
fn mutations(right: &[u8], rng: &mut SplitMix64, count: usize) -> Vec<Vec<u8>> {
    let text = right.to_vec();
    let lines: Vec<Vec<u8>> = text
        .split(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect::<Vec<_>>();
    // Without the empty piece after the final newline.
    let lines = &lines[..lines.len() - usize::from(text.ends_with(b"\n"))];
    let join = |lines: &[Vec<u8>]| -> Vec<u8> {
        let mut out = Vec::new();
        for line in lines {
            out.extend_from_slice(line);
            out.push(b'\n');
        }
        out
    };
    let mut outputs = vec![text.clone(), Vec::new()];
    while outputs.len() < count {
        let mut lines = lines.to_vec();
        // One to three changes on one output.
        for _ in 0..=rng.below(3) {
            let n = lines.len();
            let i = if n == 0 { 0 } else { rng.index(n) };
            match rng.below(16) {
                0 if n > 0 => {
                    lines.remove(i);
                }
                1 if n > 0 => {
                    let line = lines[i].clone();
                    lines.insert(i, line);
                }
                2 => lines.insert(i.min(n), Vec::new()),
                3 => lines.push(b" \t".to_vec()),
                4 if n > 0 => lines[i].extend_from_slice(b" \t\r"),
                5 if n > 0 => lines[i].insert(0, b' '),
                6 if n > 0 => lines[i].make_ascii_uppercase(),
                7 if n > 0 => {
                    // A number plus one, or the line's last byte another.
                    let line = &mut lines[i];
                    match line.iter().rposition(u8::is_ascii_digit) {
                        Some(at) => line[at] = b'0' + (line[at] - b'0' + 1) % 10,
                        None => line.push(BYTES[rng.index(8)]),
                    }
                }
                8 if n > 1 => {
                    let next = lines.remove((i + 1) % n);
                    let at = i.min(lines.len() - 1);
                    lines[at].push(b' ');
                    lines[at].extend_from_slice(&next);
                }
                9 if n > 0 => {
                    if let Some(at) = lines[i].iter().position(|&b| b == b' ') {
                        let tail = lines[i].split_off(at + 1);
                        lines[i].pop();
                        lines.insert(i + 1, tail);
                    }
                }
                10 if n > 0 => {
                    let at = rng.index(lines[i].len() + 1);
                    lines[i].insert(at, BYTES[rng.index(BYTES.len())]);
                }
                11 if n > 0 && !lines[i].is_empty() => {
                    let at = rng.index(lines[i].len());
                    lines[i].remove(at);
                }
                12 if n > 0 => {
                    // Two moves of the line's own letters: a detour, or none.
                    let line = &mut lines[i];
                    if !line.is_empty() {
                        let a = line[rng.index(line.len())];
                        let b = line[rng.index(line.len())];
                        let at = rng.index(line.len() + 1);
                        line.splice(at..at, [a, b]);
                    }
                }
                13 if n > 1 => lines.swap(i, (i + 1) % n),
                14 if n > 0 => lines[i].make_ascii_lowercase(),
                _ => lines.push(b"0".to_vec()),
            }
        }
        let mut out = join(&lines);
        match rng.below(6) {
            0 => {
                out = out
                    .iter()
                    .flat_map(|&b| {
                        if b == b'\n' {
                            vec![b'\r', b'\n']
                        } else {
                            vec![b]
                        }
                    })
                    .collect()
            }
            1 => {
                out.pop();
            }
            2 => out.extend_from_slice(b"\n\n"),
            _ => {}
        }
        outputs.push(out);
    }
    outputs
}

/// Outputs with one line of `size` bytes: white space before the right output, one
/// token that long, and, where the answer is a path, that path made that long by
/// detours that come back (so it is still right) and one that does not end solved.
fn long_lines(puzzle: &'static dyn Puzzle, input: &str, right: &[u8], size: usize) -> Vec<Vec<u8>> {
    let mut spaces = vec![b' '; size];
    spaces.extend_from_slice(right);
    let mut long = vec![b'7'; size];
    long.push(b'\n');
    long.extend_from_slice(right);
    let mut outputs = vec![spaces, long];
    let cases: Vec<Box<dyn Solved>> = puzzle
        .solutions(input.into(), &Options::new(), Limits::NONE, PathsFor::ALL)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let Some(first) = cases
        .first()
        .filter(|c| matches!(c.answer_line(), AnswerLine::Path { .. }))
    else {
        return outputs;
    };
    let (Some(path), Some(_)) = (first.path(), first.moves()) else {
        return outputs;
    };
    // A pair of letters that goes and comes back on this path's end.
    let letters: Vec<char> = path.chars().chain("udlrUDLR".chars()).collect();
    let pair = letters
        .iter()
        .flat_map(|&a| letters.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| first.check_answer(&format!("{path}{a}{b}{a}{b}")).is_ok());
    let Some((a, b)) = pair else {
        return outputs;
    };
    let rest: Vec<u8> = right
        .splitn(2, |&c| c == b'\n')
        .nth(1)
        .unwrap_or_default()
        .to_vec();
    let mut valid = path.into_bytes();
    while valid.len() + 2 <= size {
        valid.extend_from_slice(&[a as u8, b as u8]);
    }
    let mut ends_elsewhere = valid.clone();
    ends_elsewhere.push(a as u8);
    for line in [valid, ends_elsewhere] {
        let mut out = line;
        out.push(b'\n');
        out.extend_from_slice(&rest);
        outputs.push(out);
    }
    outputs
}

#[test]
#[ignore = "needs the Python of .venv-tools and BAPCtools' source (tools/setup-python.sh), g++, and a minute or two; run with --include-ignored"]
fn check_kattis_and_every_packages_output_validator_agree() {
    let scratch = Scratch::new("judges");
    let dir = scratch.path();
    let feedback = dir.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let mut rng = SplitMix64::new(39);
    let mut counts: BTreeMap<(&str, i32), usize> = BTreeMap::new();
    let mut compared = 0;
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let judge = package_judge(puzzle, &dir.join(name));
        let inputs = inputs(puzzle);
        let per_input = 280 / inputs.len();
        for (k, input) in inputs.iter().enumerate() {
            let answer = dir.join(format!("{name}.ans"));
            let solved = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
                .args(["-p", name, str(input)])
                .output()
                .unwrap();
            assert!(solved.status.success(), "{}", input.display());
            std::fs::write(&answer, &solved.stdout).unwrap();
            let mut outputs = mutations(&solved.stdout, &mut rng, per_input);
            // Lines of 1 KiB and 1 MiB on every first input, of 16 MiB on one.
            if k == 0 {
                let text = std::fs::read_to_string(input).unwrap();
                for size in [1 << 10, 1 << 20, 16 << 20] {
                    outputs.extend(long_lines(puzzle, &text, &solved.stdout, size));
                }
            }
            let args = [str(input), str(&answer), str(&feedback)];
            for (j, output) in outputs.into_iter().enumerate() {
                let mut with_flags: Vec<&str> = args.to_vec();
                with_flags.extend(judge.flags.iter().map(String::as_str));
                // One output in four with space changes counting too.
                if j % 4 == 3 {
                    with_flags.push("space_change_sensitive");
                }
                let (theirs, said) = verdict(&judge.command, &with_flags, &feedback, &output);
                let mut check_args = vec!["check", "--kattis", "-p", name];
                check_args.extend(with_flags.iter().copied());
                let gridsolve = [PathBuf::from(env!("CARGO_BIN_EXE_gridsolve"))];
                let (ours, we_said) = verdict(&gridsolve, &check_args, &feedback, &output);
                let shown = String::from_utf8_lossy(&output[..output.len().min(300)]).into_owned();
                assert!(
                    matches!(theirs, 42 | 43) && theirs == ours,
                    "{name} {} {:?}: the package's judge {theirs} ({said}), check --kattis {ours} ({we_said}), on {shown:?} ({} bytes)",
                    input.display(),
                    &with_flags[3..],
                    output.len()
                );
                *counts.entry((name, ours)).or_default() += 1;
                compared += 1;
            }
        }
    }
    #[allow(clippy::print_stderr)] // the counts, with --nocapture
    {
        eprintln!("{compared} outputs compared: {counts:?}");
    }
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        for status in [42, 43] {
            assert!(
                counts.get(&(name, status)).is_some_and(|&n| n >= 10),
                "{name}: {counts:?}"
            );
        }
    }
}

/// A fixture input of `puzzle` whose last case starts solved (gridsolve's output ends
/// with an empty answer line), with that output as the answer file in `dir`.
fn last_case_solved(puzzle: &dyn Puzzle, dir: &Path) -> (PathBuf, PathBuf, Vec<u8>) {
    for input in inputs(puzzle) {
        let run = gridsolve(&["-p", puzzle.about().name, str(&input)], b"");
        assert_eq!(run.status, 0, "{}", run.stderr);
        if run.stdout == "\n" || run.stdout.ends_with("\n\n") {
            let answer = dir.join("solved-last.ans");
            std::fs::write(&answer, &run.stdout).unwrap();
            return (input, answer, run.stdout.into_bytes());
        }
    }
    panic!(
        "{}: no fixture whose last case starts solved",
        puzzle.about().name
    );
}

/// The packages whose output validator is their own, as `gridsolve package` writes it.
fn special_judges(dir: &Path) -> Vec<(&'static dyn Puzzle, Judge)> {
    PUZZLES
        .iter()
        .filter(|p| p.package().is_some_and(|p| p.output_validator.is_some()))
        .map(|&p| (p, package_judge(p, &dir.join(p.about().name))))
        .collect()
}

#[test]
#[ignore = "needs the Python of .venv-tools (tools/setup-python.sh); run with --include-ignored"]
fn a_special_judge_takes_gridsolves_own_output_where_the_last_case_starts_solved() {
    let scratch = Scratch::new("judges-solved-last");
    let dir = scratch.path();
    let feedback = dir.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let judges = special_judges(dir);
    assert!(!judges.is_empty());
    for (puzzle, judge) in judges {
        let (input, answer, right) = last_case_solved(puzzle, dir);
        let args = [str(&input), str(&answer), str(&feedback)];
        for output in [right.clone(), right[..right.len() - 1].to_vec()] {
            let (status, said) = verdict(&judge.command, &args, &feedback, &output);
            assert_eq!(status, 42, "{}: {said}", puzzle.about().name);
        }
    }
}

/// A right output of `size` bytes of moves on its first line, where the answer is a
/// path, with the rest of `right`.
fn long_right_output(
    puzzle: &'static dyn Puzzle,
    input: &str,
    right: &[u8],
    size: usize,
) -> Vec<u8> {
    long_lines(puzzle, input, right, size)
        .into_iter()
        .nth(2)
        .expect("a path that goes and comes back")
}

#[test]
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
fn a_16_mib_answer_line_is_right_in_less_memory_than_holding_it() {
    // The 19-move answer and 16 MiB of `ud`: gridsolve check takes 16 MiB of address
    // space or so with nothing held (its code, its libraries), so 24 MiB leaves no room
    // for the line.
    let scratch = Scratch::new("judges-16-mib");
    let dir = scratch.path();
    let feedback = dir.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let paths: Vec<_> = PUZZLES
        .iter()
        .filter(|p| p.package().is_some_and(|p| p.output_validator.is_some()))
        .collect();
    assert!(!paths.is_empty());
    for &&puzzle in &paths {
        let name = puzzle.about().name;
        let (input, answer, right) = last_case_solved(puzzle, dir);
        let text = std::fs::read_to_string(&input).unwrap();
        let output = long_right_output(puzzle, &text, &right, 16 << 20);
        for args in [
            vec!["check", "-p", name, str(&input), "-"],
            vec![
                "check",
                "--kattis",
                "-p",
                name,
                str(&input),
                str(&answer),
                str(&feedback),
            ],
        ] {
            let (run, _) = gridsolve_fed_within(24, &args, |out| out.write_all(&output));
            let message =
                std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
            let want = if args[1] == "--kattis" { 42 } else { 0 };
            assert_eq!(
                run.status, want,
                "{name} {args:?}: {}{}{message}",
                run.stdout, run.stderr
            );
        }
    }
}

#[test]
#[ignore = "needs the Python of .venv-tools (tools/setup-python.sh); run with --include-ignored"]
fn a_special_judge_takes_a_16_mib_answer_line_in_less_memory_than_holding_it() {
    // Python takes some 16 MiB of address space to start; the line alone would take
    // 16 MiB more as bytes, and as much again as text.
    let scratch = Scratch::new("judges-python-16-mib");
    let dir = scratch.path();
    let feedback = dir.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    for (puzzle, judge) in special_judges(dir) {
        let (input, answer, right) = last_case_solved(puzzle, dir);
        let text = std::fs::read_to_string(&input).unwrap();
        let output = long_right_output(puzzle, &text, &right, 16 << 20);
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", 24 << 10))
            .args(&judge.command)
            .args([str(&input), str(&answer), str(&feedback)])
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let _ = child.stdin.take().unwrap().write_all(&output);
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(42),
            "{}: {}",
            puzzle.about().name,
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
