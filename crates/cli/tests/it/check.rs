//! `gridsolve check`: for every puzzle of the registry, right outputs pass (the fixtures'
//! `.out` files, `gridsolve --path` output, whitespace variants) and wrong ones fail
//! naming the first wrong line (a changed answer, a missing, extra or blank line, a
//! path that is suboptimal or does not replay); the Kattis/CLICS validator mode; usage
//! and I/O errors.

use crate::common;

use common::{Run, gridsolve};
use puzzles::{Limits, Options, PUZZLES, PathsFor, Puzzle, Solved};
use std::path::{Path, PathBuf};

fn fixtures(puzzle: &dyn Puzzle) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(puzzle.about().name)
}

/// Every fixture input of `puzzle` with its output, by name.
fn fixture_pairs(puzzle: &dyn Puzzle) -> Vec<(PathBuf, PathBuf)> {
    let mut pairs: Vec<(PathBuf, PathBuf)> = std::fs::read_dir(fixtures(puzzle))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|p| (p.clone(), p.with_extension("out")))
        .collect();
    pairs.sort();
    assert!(!pairs.is_empty(), "{}", puzzle.about().name);
    pairs
}

/// A scratch directory of this test process, made afresh.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridsolve-check-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn str(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The spec's sample as a file of the scratch directory `dir`.
fn sample_file(puzzle: &dyn Puzzle, dir: &Path) -> PathBuf {
    let path = dir.join(format!("{}.in", puzzle.about().name));
    std::fs::write(&path, puzzle.about().sample).unwrap();
    path
}

/// `gridsolve check --puzzle P [EXTRA] INPUT -` with `output` on stdin.
fn check(puzzle: &dyn Puzzle, extra: &[&str], input: &Path, output: &str) -> Run {
    let mut args = vec!["check", "--puzzle", puzzle.about().name];
    args.extend_from_slice(extra);
    args.extend([str(input), "-"]);
    gridsolve(&args, output.as_bytes())
}

/// The cases of `input` solved by the library, with paths.
fn solved(puzzle: &'static dyn Puzzle, input: &'static str) -> Vec<Box<dyn Solved>> {
    puzzle
        .solutions(input.into(), &Options::new(), Limits::NONE, PathsFor::ALL)
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// The judge output's lines, each with the number of its case.
fn answer_lines(cases: &[Box<dyn Solved>]) -> Vec<(String, usize)> {
    let mut lines = Vec::new();
    for case in cases {
        let mut text = String::new();
        case.write_answer(&mut text);
        lines.extend(text.lines().map(|l| (l.to_string(), case.number())));
    }
    lines
}

fn joined(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// `line` with its last token changed: a number plus one, anything else `0`.
fn changed(line: &str) -> String {
    let (head, last) = line.rsplit_once(' ').unwrap_or(("", line));
    let other = match last.parse::<i64>() {
        Ok(n) => (n + 1).to_string(),
        Err(_) => "0".to_string(),
    };
    if head.is_empty() {
        other
    } else {
        format!("{head} {other}")
    }
}

#[test]
fn every_fixture_output_is_right() {
    for &puzzle in PUZZLES {
        for (input, output) in fixture_pairs(puzzle) {
            let run = gridsolve(
                &[
                    "check",
                    "-p",
                    puzzle.about().name,
                    str(&input),
                    str(&output),
                ],
                b"",
            );
            assert_eq!(
                run.status,
                0,
                "{}: {}{}",
                input.display(),
                run.stdout,
                run.stderr
            );
            assert!(
                run.stdout
                    .starts_with(&format!("{}: right (", output.display())),
                "{}",
                run.stdout
            );
        }
    }
}

#[test]
fn gridsolve_path_output_passes_for_every_fixture() {
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        for (input, _) in fixture_pairs(puzzle) {
            let solved = gridsolve(&["-p", name, "--path", str(&input)], b"");
            assert_eq!(solved.status, 0, "{}", input.display());
            let run = check(puzzle, &["--path"], &input, &solved.stdout);
            assert_eq!(
                run.status,
                0,
                "{}: {}{}",
                input.display(),
                run.stdout,
                run.stderr
            );
            assert!(run.stdout.contains(" replayed\n"), "{}", run.stdout);
        }
    }
}

#[test]
fn a_changed_answer_fails_naming_its_line_and_case() {
    let dir = scratch("changed");
    for &puzzle in PUZZLES {
        let input = sample_file(puzzle, &dir);
        let lines = answer_lines(&solved(puzzle, puzzle.about().sample));
        let unit = puzzle.about().unit;
        for (k, (line, case)) in lines.iter().enumerate() {
            let mut output: Vec<String> = lines.iter().map(|(l, _)| l.clone()).collect();
            output[k] = changed(line);
            let run = check(puzzle, &[], &input, &joined(&output));
            assert_eq!(
                (run.status, run.stdout.as_str(), run.stderr.as_str()),
                (
                    1,
                    format!(
                        "<stdin>:{}: {unit} {case}: expected {line:?}, found {:?}\n",
                        k + 1,
                        output[k]
                    )
                    .as_str(),
                    ""
                ),
                "{}",
                puzzle.about().name
            );
        }
        // The output's name is the file's, when it is one.
        let file = dir.join("changed.out");
        let mut output: Vec<String> = lines.iter().map(|(l, _)| l.clone()).collect();
        output[0] = changed(&output[0]);
        std::fs::write(&file, joined(&output)).unwrap();
        let run = gridsolve(
            &["check", "-p", puzzle.about().name, str(&input), str(&file)],
            b"",
        );
        assert_eq!(run.status, 1);
        assert!(
            run.stdout
                .starts_with(&format!("{}:1: {unit} 1: expected ", file.display())),
            "{}",
            run.stdout
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_extra_or_blank_line_fails() {
    let dir = scratch("lines");
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let unit = puzzle.about().unit;
        let input = sample_file(puzzle, &dir);
        let lines = answer_lines(&solved(puzzle, puzzle.about().sample));
        let right: Vec<String> = lines.iter().map(|(l, _)| l.clone()).collect();
        let (last, last_case) = lines.last().unwrap();
        let n = lines.len();

        let missing = joined(&right[..n - 1]);
        let run = check(puzzle, &[], &input, &missing);
        let want =
            format!("<stdin>:{n}: {unit} {last_case}: expected {last:?}, found end of output\n");
        assert_eq!(
            (run.status, run.stdout.as_str()),
            (1, want.as_str()),
            "{name}"
        );

        let extra = format!("{}7\n", joined(&right));
        let run = check(puzzle, &[], &input, &extra);
        let want = format!("<stdin>:{}: expected end of output, found \"7\"\n", n + 1);
        assert_eq!(
            (run.status, run.stdout.as_str()),
            (1, want.as_str()),
            "{name}"
        );

        let blank = format!("\n{}", joined(&right));
        let run = check(puzzle, &[], &input, &blank);
        let want = format!("<stdin>:1: {unit} 1: expected {:?}, found \"\"\n", right[0]);
        assert_eq!(
            (run.status, run.stdout.as_str()),
            (1, want.as_str()),
            "{name}"
        );

        let run = check(puzzle, &[], &input, "");
        assert_eq!(run.status, 1, "{name}");
        assert!(
            run.stdout.ends_with("found end of output\n"),
            "{}",
            run.stdout
        );

        // Two tokens run together, or one split, is a different token.
        let glued = joined(&right).replacen(' ', "", 1);
        if glued != joined(&right) {
            assert_eq!(check(puzzle, &[], &input, &glued).status, 1, "{name}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn whitespace_variants_pass() {
    let dir = scratch("spaces");
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let input = sample_file(puzzle, &dir);
        let right = joined(
            &answer_lines(&solved(puzzle, puzzle.about().sample))
                .into_iter()
                .map(|(l, _)| l)
                .collect::<Vec<_>>(),
        );
        let variants = [
            right.clone(),
            right.replace('\n', "\r\n"),
            right.replace('\n', "  \n"),
            right.replace('\n', "\t\n"),
            right.replace(' ', "   "),
            right.replace(' ', "\t"),
            right.lines().map(|l| format!("  {l}\n")).collect(),
            right.trim_end().to_string(),
            format!("{right}\n\n  \n"),
        ];
        for variant in variants {
            let run = check(puzzle, &[], &input, &variant);
            assert_eq!(run.status, 0, "{name} {variant:?}: {}", run.stdout);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The candidate paths made from `path` by inserting a short string at any place: one
/// or two of its own characters or of the grid letters `U D L R` (a space splits a
/// move in two; a step and its reverse go and come back), or four grid letters (a loop).
fn detours(path: &str) -> impl Iterator<Item = String> + '_ {
    let mut alphabet: Vec<char> = path.chars().chain("UDLR ".chars()).collect();
    alphabet.sort_unstable();
    alphabet.dedup();
    let mut inserts: Vec<String> = alphabet.iter().map(char::to_string).collect();
    for &a in &alphabet {
        for &b in &alphabet {
            inserts.push(format!("{a}{b}"));
        }
    }
    // Loops of four steps, for a body that cannot turn back on itself.
    let steps = ["U", "D", "L", "R"];
    for a in steps {
        for b in steps {
            for c in steps {
                for d in steps {
                    inserts.push(format!("{a}{b}{c}{d}"));
                }
            }
        }
    }
    let places: Vec<usize> = path
        .char_indices()
        .map(|(i, _)| i)
        .chain([path.len()])
        .collect();
    places
        .into_iter()
        .flat_map(move |at| {
            inserts
                .clone()
                .into_iter()
                .map(move |s| format!("{}{s}{}", &path[..at], &path[at..]))
        })
        // As an output line is read: tokens, so spaces at the ends or doubled change nothing.
        .filter(|p| p.split_whitespace().collect::<Vec<_>>().join(" ") == *p)
}

/// `gridsolve --path` output with the path of case `number` replaced by `path`.
fn with_path(cases: &[Box<dyn Solved>], number: usize, path: &str) -> String {
    let mut out = String::new();
    for case in cases {
        case.write_answer(&mut out);
        if case.number() == number {
            out.push_str(path);
        } else {
            out.push_str(&case.path().unwrap_or_else(|| "-".to_string()));
        }
        out.push('\n');
    }
    out
}

/// See [`with_a_detour`].
struct Detour {
    input: PathBuf,
    cases: Vec<Box<dyn Solved>>,
    index: usize,
    longer: (String, u64),
}

/// An input of `puzzle` (its sample, else the first fixture that has one) with a case
/// for which a path a little longer than the optimal one also solves it, found by the
/// rules alone: the input's file, its cases, the case's index, the longer path and its
/// moves.
fn with_a_detour(puzzle: &'static dyn Puzzle, dir: &Path) -> Detour {
    let small = fixture_pairs(puzzle)
        .into_iter()
        .map(|(input, _)| input)
        .filter(|input| std::fs::metadata(input).unwrap().len() < 20_000);
    for input in std::iter::once(sample_file(puzzle, dir)).chain(small) {
        let text: &'static str = String::leak(std::fs::read_to_string(&input).unwrap());
        let cases = solved(puzzle, text);
        for (index, case) in cases.iter().enumerate() {
            let (Some(moves), Some(path)) = (case.moves(), case.path()) else {
                continue;
            };
            if moves == 0 || path.len() > 200 {
                continue;
            }
            let longer = detours(&path).find_map(|p| match case.replay(&p) {
                Ok(m) if m > moves => Some((p, m)),
                _ => None,
            });
            if let Some(longer) = longer {
                return Detour {
                    input,
                    cases,
                    index,
                    longer,
                };
            }
        }
    }
    panic!(
        "{}: no input with a longer path near an optimal one",
        puzzle.about().name
    )
}

#[test]
fn a_suboptimal_or_illegal_path_fails() {
    let dir = scratch("paths");
    let mut unsolvable = 0;
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let unit = puzzle.about().unit;
        let Detour {
            input,
            cases,
            index,
            longer,
        } = with_a_detour(puzzle, &dir);
        let case = &cases[index];
        let (number, moves) = (case.number(), case.moves().unwrap());
        let path = case.path().unwrap();
        // The path's line: after the answer lines and paths of the cases before it.
        let line = {
            let mut before = String::new();
            for c in cases.iter().take_while(|c| c.number() <= number) {
                c.write_answer(&mut before);
                if c.number() < number {
                    before.push_str("x\n");
                }
            }
            before.lines().count() + 1
        };

        let right = with_path(&cases, number, &path);
        assert_eq!(
            check(puzzle, &["--path"], &input, &right).status,
            0,
            "{name}"
        );
        // Spaces around the path are whitespace like any other.
        let spaced = with_path(&cases, number, &format!("  {path} \r"));
        assert_eq!(
            check(puzzle, &["--path"], &input, &spaced).status,
            0,
            "{name}"
        );

        // A longer path that still solves the case.
        let run = check(
            puzzle,
            &["--path"],
            &input,
            &with_path(&cases, number, &longer.0),
        );
        let want = format!(
            "<stdin>:{line}: {unit} {number}: expected a path of {moves} moves, found one of {}: ",
            longer.1
        );
        assert_eq!(run.status, 1, "{name}: {}", run.stdout);
        assert!(
            run.stdout.starts_with(&want),
            "{name}: {} vs {want}",
            run.stdout
        );

        // A path that breaks a rule or does not end solved.
        let broken = detours(&path).find(|p| case.replay(p).is_err()).unwrap();
        let run = check(
            puzzle,
            &["--path"],
            &input,
            &with_path(&cases, number, &broken),
        );
        let want = format!("<stdin>:{line}: {unit} {number}: the path does not solve it: ");
        assert_eq!(run.status, 1, "{name}");
        assert!(run.stdout.starts_with(&want), "{name}: {}", run.stdout);
        let truncated: String = path.chars().take(path.chars().count() - 1).collect();
        if !truncated.trim().is_empty() {
            let run = check(
                puzzle,
                &["--path"],
                &input,
                &with_path(&cases, number, &truncated),
            );
            assert_eq!(run.status, 1, "{name}");
        }

        // `-` for a case with a solution; a path for a case without one; none at all.
        let run = check(puzzle, &["--path"], &input, &with_path(&cases, number, "-"));
        let want = format!(
            "<stdin>:{line}: {unit} {number}: expected a path of {moves} moves, found \"-\"\n"
        );
        assert_eq!(
            (run.status, run.stdout.as_str()),
            (1, want.as_str()),
            "{name}"
        );
        if let Some(none) = cases.iter().find(|c| c.moves().is_none()) {
            unsolvable += 1;
            let run = check(
                puzzle,
                &["--path"],
                &input,
                &with_path(&cases, none.number(), &path),
            );
            assert_eq!(run.status, 1, "{name}");
            assert!(
                run.stdout.contains(&format!(
                    "{unit} {}: expected \"-\" (no solution), found ",
                    none.number()
                )),
                "{name}: {}",
                run.stdout
            );
        }
        let answers_only = joined(
            &answer_lines(&cases)
                .into_iter()
                .map(|(l, _)| l)
                .collect::<Vec<_>>(),
        );
        assert_eq!(
            check(puzzle, &["--path"], &input, &answers_only).status,
            1,
            "{name}"
        );
        // And the paths must not be taken for answers without --path.
        assert_eq!(check(puzzle, &[], &input, &right).status, 1, "{name}");
    }
    assert!(unsolvable > 0, "some input had a case without a solution");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `gridsolve check --kattis` as a judge runs it: the team output on stdin.
fn kattis(
    puzzle: &dyn Puzzle,
    dir: &Path,
    extra: &[&str],
    flags: &[&str],
    team: &str,
) -> (Run, String) {
    let input = sample_file(puzzle, dir);
    let answer = dir.join("answer.ans");
    std::fs::write(&answer, "not read\n").unwrap();
    let feedback = dir.join("feedback");
    let _ = std::fs::remove_dir_all(&feedback);
    std::fs::create_dir_all(&feedback).unwrap();
    let mut args = vec!["check", "--puzzle", puzzle.about().name, "--kattis"];
    args.extend_from_slice(extra);
    let feedback_arg = format!("{}/", feedback.display());
    args.extend([str(&input), str(&answer), feedback_arg.as_str()]);
    args.extend_from_slice(flags);
    let run = gridsolve(&args, team.as_bytes());
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
    (run, message)
}

#[test]
fn kattis_mode_exits_42_or_43_with_a_judge_message() {
    let dir = scratch("kattis");
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let cases = solved(puzzle, puzzle.about().sample);
        let lines: Vec<String> = answer_lines(&cases).into_iter().map(|(l, _)| l).collect();
        let right = joined(&lines);

        let (run, message) = kattis(puzzle, &dir, &[], &[], &right);
        assert_eq!((run.status, run.stdout.as_str()), (42, ""), "{name}");
        assert!(message.starts_with("<stdin>: right ("), "{name}: {message}");

        let mut wrong = lines.clone();
        wrong[0] = changed(&wrong[0]);
        let (run, message) = kattis(puzzle, &dir, &[], &[], &joined(&wrong));
        assert_eq!((run.status, run.stdout.as_str()), (43, ""), "{name}");
        assert!(message.starts_with("<stdin>:1: "), "{name}: {message}");
        assert!(
            message.contains(&format!("found {:?}", wrong[0])),
            "{message}"
        );

        let (run, _) = kattis(puzzle, &dir, &[], &[], "");
        assert_eq!(run.status, 43, "{name}");

        // With --path, the paths are replayed.
        let with_paths = with_path(&cases, 0, "");
        let (run, message) = kattis(puzzle, &dir, &["--path"], &[], &with_paths);
        assert_eq!(run.status, 42, "{name}: {message}");
        let (run, _) = kattis(puzzle, &dir, &["--path"], &[], &right);
        assert_eq!(run.status, 43, "{name}");

        // The default validator's flags: case and space changes are allowed unless
        // asked otherwise; a tolerance means nothing to integers.
        let lower = right.to_lowercase();
        let (run, _) = kattis(puzzle, &dir, &[], &[], &lower);
        assert_eq!(run.status, 42, "{name}");
        let (run, _) = kattis(puzzle, &dir, &[], &["case_sensitive"], &lower);
        let standalone = check(puzzle, &[], &sample_file(puzzle, &dir), &lower);
        if lower == right {
            assert_eq!((run.status, standalone.status), (42, 0), "{name}");
        } else {
            assert_eq!((run.status, standalone.status), (43, 1), "{name}");
        }
        let spaced = right.replace('\n', " \n");
        let (run, _) = kattis(puzzle, &dir, &[], &["float_tolerance", "1e-6"], &spaced);
        assert_eq!(run.status, 42, "{name}");
        let (run, message) = kattis(puzzle, &dir, &[], &["space_change_sensitive"], &spaced);
        assert_eq!(run.status, 43, "{name}: {message}");
        let (run, _) = kattis(
            puzzle,
            &dir,
            &[],
            &["space_change_sensitive", "case_sensitive"],
            &right,
        );
        assert_eq!(run.status, 42, "{name}");
        let (run, _) = kattis(
            puzzle,
            &dir,
            &[],
            &["space_change_sensitive"],
            right.trim_end(),
        );
        assert_eq!(run.status, 43, "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn kattis_mode_judge_errors_are_neither_42_nor_43() {
    let dir = scratch("kattis-errors");
    let puzzle = PUZZLES[0];
    let name = puzzle.about().name;
    let input = sample_file(puzzle, &dir);
    let feedback = dir.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let missing = dir.join("missing");
    let run = |args: &[&str]| {
        let mut all = vec!["check", "-p", name, "--kattis"];
        all.extend_from_slice(args);
        gridsolve(&all, b"")
    };
    // No feedback directory given: bad usage.
    assert_eq!(run(&[str(&input), str(&input)]).status, 2);
    // A feedback directory, answer file or input that is not there: I/O.
    assert_eq!(run(&[str(&input), str(&input), str(&missing)]).status, 3);
    assert_eq!(run(&[str(&input), str(&missing), str(&feedback)]).status, 3);
    assert_eq!(run(&[str(&missing), str(&input), str(&feedback)]).status, 3);
    // An input that is not valid: the judges' mistake, said in the judge message.
    let bad = dir.join("bad.in");
    std::fs::write(&bad, "x\n").unwrap();
    let failed = run(&[str(&bad), str(&input), str(&feedback)]);
    assert_eq!(failed.status, 1);
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    assert!(message.starts_with("judge error: "), "{message}");
    // A tolerance flag without its value.
    assert_eq!(
        run(&[str(&input), str(&input), str(&feedback), "float_tolerance"]).status,
        2
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_and_io_errors() {
    let dir = scratch("usage");
    let puzzle = PUZZLES[0];
    let name = puzzle.about().name;
    let input = sample_file(puzzle, &dir);
    let missing = dir.join("missing");
    let right = joined(
        &answer_lines(&solved(puzzle, puzzle.about().sample))
            .into_iter()
            .map(|(l, _)| l)
            .collect::<Vec<_>>(),
    );
    let output = dir.join("right.out");
    std::fs::write(&output, &right).unwrap();

    for args in [
        &["check", "-p", name, str(&input)][..],
        &["check", str(&input), str(&output)],
        &["check", "-p", "sokoban", str(&input), str(&output)],
        &["check", "-p", name, str(&input), str(&output), "extra"],
        &["check", "-p", name, "-", "-"],
        &[
            "check",
            "-p",
            name,
            "--no-such-flag",
            str(&input),
            str(&output),
        ],
    ] {
        let run = gridsolve(args, b"");
        assert_eq!(run.status, 2, "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
    }
    // An option another puzzle takes is bad usage for this one.
    for &other in PUZZLES {
        if let Some(spec) = other
            .solve_options()
            .iter()
            .find(|s| !puzzle.solve_options().iter().any(|o| o.name == s.name))
        {
            let flag = format!("--{}", spec.name);
            let value = if spec.default.is_empty() {
                "1"
            } else {
                spec.default
            };
            let run = gridsolve(
                &["check", "-p", name, &flag, value, str(&input), str(&output)],
                b"",
            );
            assert_eq!(run.status, 2, "{flag}: {}", run.stderr);
        }
    }

    let run = gridsolve(&["check", "-p", name, str(&missing), str(&output)], b"");
    assert_eq!(run.status, 3);
    assert!(
        run.stderr.starts_with("error: cannot read "),
        "{}",
        run.stderr
    );
    let run = gridsolve(&["check", "-p", name, str(&input), str(&missing)], b"");
    assert_eq!(run.status, 3);
    assert!(
        run.stderr
            .contains(&format!("cannot read {}", missing.display())),
        "{}",
        run.stderr
    );

    // An invalid INPUT is an error (exit 1 on stderr), not a verdict.
    let bad = dir.join("bad.in");
    std::fs::write(&bad, "x\n").unwrap();
    let run = gridsolve(&["check", "-p", name, str(&bad), str(&output)], b"");
    assert_eq!(run.status, 1);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .starts_with(&format!("error: {}:1:1: ", bad.display())),
        "{}",
        run.stderr
    );

    // INPUT may come on stdin instead of OUTPUT.
    let run = gridsolve(
        &["check", "-p", name, "-", str(&output)],
        puzzle.about().sample.as_bytes(),
    );
    assert_eq!(run.status, 0, "{}", run.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}
