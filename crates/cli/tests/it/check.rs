//! `gridsolve check`: for every puzzle of the registry, right outputs pass (the fixtures'
//! `.out` files, `gridsolve --path` output, whitespace variants) and wrong ones fail
//! naming the first wrong line (a changed answer, a missing or extra line, a
//! path that is suboptimal or does not replay); the Kattis/CLICS validator mode; usage
//! and I/O errors.

use crate::common;

use common::{Run, Scratch, endless, gridsolve, gridsolve_fed, gridsolve_fed_within};
use puzzles::{AnswerLine, Limits, Options, PUZZLES, PathsFor, Puzzle, Solved};
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

/// A scratch directory of this test, removed when dropped.
fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("check-{name}"))
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

/// Whether the judge's answer line of `puzzle` is the path itself (the judges'
/// 8-puzzle): then a changed line is judged by replaying it, and its message says why
/// the moves are wrong, not which line was expected.
fn answers_are_paths(puzzle: &'static dyn Puzzle) -> bool {
    matches!(
        solved(puzzle, puzzle.about().sample)[0].answer_line(),
        AnswerLine::Path { .. }
    )
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
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
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
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
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
    let scratch_dir = scratch("changed");
    let dir = scratch_dir.path();
    for &puzzle in PUZZLES {
        let input = sample_file(puzzle, dir);
        let lines = answer_lines(&solved(puzzle, puzzle.about().sample));
        let unit = puzzle.about().unit;
        for (k, (line, case)) in lines.iter().enumerate() {
            let mut output: Vec<String> = lines.iter().map(|(l, _)| l.clone()).collect();
            output[k] = changed(line);
            let run = check(puzzle, &[], &input, &joined(&output));
            if answers_are_paths(puzzle) {
                let at = format!("<stdin>:{}: {unit} {case}: ", k + 1);
                let found = format!(": {:?}\n", output[k]);
                assert_eq!(run.status, 1, "{}", puzzle.about().name);
                assert!(
                    run.stdout.starts_with(&at) && run.stdout.ends_with(&found),
                    "{}",
                    run.stdout
                );
                continue;
            }
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
                .starts_with(&format!("{}:1: {unit} 1: ", file.display())),
            "{}",
            run.stdout
        );
    }
}

#[test]
fn a_missing_extra_or_blank_line_fails() {
    let scratch_dir = scratch("lines");
    let dir = scratch_dir.path();
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let unit = puzzle.about().unit;
        let input = sample_file(puzzle, dir);
        let lines = answer_lines(&solved(puzzle, puzzle.about().sample));
        let right: Vec<String> = lines.iter().map(|(l, _)| l.clone()).collect();
        let (last, last_case) = lines.last().unwrap();
        let n = lines.len();

        let paths = answers_are_paths(puzzle);
        let missing = joined(&right[..n - 1]);
        let run = check(puzzle, &[], &input, &missing);
        if paths {
            // A line the output does not have is an empty one: here an empty path, which
            // leaves the start as it is.
            assert_eq!(run.status, 1, "{name}");
            assert!(
                run.stdout
                    .starts_with(&format!("<stdin>:{n}: {unit} {last_case}: "))
                    && run.stdout.ends_with("(no line, so empty)\n"),
                "{name}: {}",
                run.stdout
            );
        } else {
            let want = format!(
                "<stdin>:{n}: {unit} {last_case}: expected {last:?}, found end of output\n"
            );
            assert_eq!(
                (run.status, run.stdout.as_str()),
                (1, want.as_str()),
                "{name}"
            );
        }

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
        if paths {
            // An empty path: it leaves the start as it is, not the goal.
            assert_eq!(run.status, 1, "{name}");
            assert!(
                run.stdout.starts_with("<stdin>:1: case 1: ")
                    && run.stdout.ends_with("not in the goal: \"\"\n"),
                "{}",
                run.stdout
            );
        } else {
            // Line breaks are white space like any other, as the default validator has it.
            assert_eq!(run.status, 0, "{name}: {}", run.stdout);
        }

        let run = check(puzzle, &[], &input, "");
        assert_eq!(run.status, 1, "{name}");
        let end = if paths {
            "(no line, so empty)\n"
        } else {
            "found end of output\n"
        };
        assert!(run.stdout.ends_with(end), "{}", run.stdout);

        // Two tokens run together, or one split, is a different token.
        let glued = joined(&right).replacen(' ', "", 1);
        if glued != joined(&right) {
            assert_eq!(check(puzzle, &[], &input, &glued).status, 1, "{name}");
        }
    }
}

#[test]
fn whitespace_variants_pass() {
    let scratch_dir = scratch("spaces");
    let dir = scratch_dir.path();
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let input = sample_file(puzzle, dir);
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
}

/// The candidate paths made from `path` by inserting a short string at any place: one
/// or two of its own characters or of the grid letters `U D L R` (a space splits a
/// move in two; a step and its reverse go and come back), or four grid letters (a loop).
/// `path` with one character replaced by another move letter: as long, most of them
/// no solution.
fn substitutions(path: &str) -> impl Iterator<Item = String> + '_ {
    path.char_indices()
        .filter(|(_, c)| *c != ' ')
        .flat_map(move |(at, c)| {
            "UDLR"
                .chars()
                .filter(move |&d| d != c)
                .map(move |d| format!("{}{d}{}", &path[..at], &path[at + c.len_utf8()..]))
        })
}

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
        // Where the answer line is the path, `--path` adds no line.
        if matches!(case.answer_line(), puzzles::AnswerLine::Path { .. }) {
            continue;
        }
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
    let scratch_dir = scratch("paths");
    let dir = scratch_dir.path();
    let mut unsolvable = 0;
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let unit = puzzle.about().unit;
        // A path answer has no path line: `path_once.rs` holds it to the fewest moves.
        if answers_are_paths(puzzle) {
            continue;
        }
        let Detour {
            input,
            cases,
            index,
            longer,
        } = with_a_detour(puzzle, dir);
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
        // (Where its words alone are more than the answer, Klotski's, it is refused
        // before it is read, and said to have at least that many moves.)
        let want = format!(
            "<stdin>:{line}: {unit} {number}: expected a path of {moves} moves, found one of {}: ",
            longer.1
        );
        let words = longer.0.split_whitespace().count();
        let want_words = format!(
            "<stdin>:{line}: {unit} {number}: expected a path of {moves} moves, found one of at least {words}: "
        );
        assert_eq!(run.status, 1, "{name}: {}", run.stdout);
        assert!(
            run.stdout.starts_with(&want)
                || words > moves as usize && run.stdout.starts_with(&want_words),
            "{name}: {} vs {want}",
            run.stdout
        );

        // A path no longer than the answer that breaks a rule or does not end solved
        // (a longer one is refused by its length alone, above).
        let broken = substitutions(&path)
            .chain(detours(&path))
            .find(|p| case.replay_at_most(p, moves).is_err())
            .unwrap();
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
    let scratch_dir = scratch("kattis");
    let dir = scratch_dir.path();
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let cases = solved(puzzle, puzzle.about().sample);
        let lines: Vec<String> = answer_lines(&cases).into_iter().map(|(l, _)| l).collect();
        let right = joined(&lines);

        let (run, message) = kattis(puzzle, dir, &[], &[], &right);
        assert_eq!((run.status, run.stdout.as_str()), (42, ""), "{name}");
        assert!(message.starts_with("<stdin>: right ("), "{name}: {message}");

        let mut wrong = lines.clone();
        wrong[0] = changed(&wrong[0]);
        let (run, message) = kattis(puzzle, dir, &[], &[], &joined(&wrong));
        assert_eq!((run.status, run.stdout.as_str()), (43, ""), "{name}");
        assert!(message.starts_with("<stdin>:1: "), "{name}: {message}");
        // A path answer is replayed: the message ends with the line it replayed.
        let found = if answers_are_paths(puzzle) {
            format!(": {:?}", wrong[0])
        } else {
            format!("found {:?}", wrong[0])
        };
        assert!(message.contains(&found), "{message}");

        let (run, _) = kattis(puzzle, dir, &[], &[], "");
        assert_eq!(run.status, 43, "{name}");

        // With --path, the paths are replayed.
        let with_paths = with_path(&cases, 0, "");
        let (run, message) = kattis(puzzle, dir, &["--path"], &[], &with_paths);
        assert_eq!(run.status, 42, "{name}: {message}");
        let (run, _) = kattis(puzzle, dir, &["--path"], &[], &right);
        // A path answer's line is its path line too.
        let status = if answers_are_paths(puzzle) { 42 } else { 43 };
        assert_eq!(run.status, status, "{name}");

        // The default validator's flags: case and space changes are allowed unless
        // asked otherwise; a tolerance means nothing to integers.
        let lower = right.to_lowercase();
        let (run, _) = kattis(puzzle, dir, &[], &[], &lower);
        assert_eq!(run.status, 42, "{name}");
        let (run, _) = kattis(puzzle, dir, &[], &["case_sensitive"], &lower);
        let standalone = check(puzzle, &[], &sample_file(puzzle, dir), &lower);
        if lower == right {
            assert_eq!((run.status, standalone.status), (42, 0), "{name}");
        } else {
            assert_eq!((run.status, standalone.status), (43, 1), "{name}");
        }
        let spaced = right.replace('\n', " \n");
        let (run, _) = kattis(puzzle, dir, &[], &["float_tolerance", "1e-6"], &spaced);
        assert_eq!(run.status, 42, "{name}");
        let (run, message) = kattis(puzzle, dir, &[], &["space_change_sensitive"], &spaced);
        assert_eq!(run.status, 43, "{name}: {message}");
        let (run, _) = kattis(
            puzzle,
            dir,
            &[],
            &["space_change_sensitive", "case_sensitive"],
            &right,
        );
        assert_eq!(run.status, 42, "{name}");
        let (run, _) = kattis(
            puzzle,
            dir,
            &[],
            &["space_change_sensitive"],
            right.trim_end(),
        );
        assert_eq!(run.status, 43, "{name}");
    }
}

#[test]
fn kattis_mode_judge_errors_are_neither_42_nor_43() {
    let scratch_dir = scratch("kattis-errors");
    let dir = scratch_dir.path();
    let puzzle = PUZZLES[0];
    let name = puzzle.about().name;
    let input = sample_file(puzzle, dir);
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
}

#[test]
fn usage_and_io_errors() {
    let scratch_dir = scratch("usage");
    let dir = scratch_dir.path();
    let puzzle = PUZZLES[0];
    let name = puzzle.about().name;
    let input = sample_file(puzzle, dir);
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
}

/// The right judge output of the spec's sample of `puzzle`, by line.
fn right_lines(puzzle: &'static dyn Puzzle) -> Vec<String> {
    answer_lines(&solved(puzzle, puzzle.about().sample))
        .into_iter()
        .map(|(l, _)| l)
        .collect()
}

/// What a run may read of an output or an input it must stop reading early: the pipe's
/// buffer and a few chunks of the program's, never the gigabytes an endless feed offers.
const READ_EARLY: u64 = 4 << 20;

#[test]
fn an_endless_output_line_is_judged_without_reading_it_to_the_end() {
    let scratch_dir = scratch("endless");
    let dir = scratch_dir.path();
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let input = sample_file(puzzle, dir);
        // Numbers without end on one line, and NUL bytes without end (as /dev/zero
        // gives): no answer line is that long, so the line is wrong once it is longer
        // than any, read no further.
        for chunk in [&b"1 22 333 4444 "[..], &[0; 4096]] {
            let (run, written) =
                gridsolve_fed(&["check", "-p", name, str(&input), "-"], endless(chunk));
            assert_eq!(run.status, 1, "{name}: {}{}", run.stdout, run.stderr);
            // A long token is cut; numbers are read one at a time across lines where
            // the answers are tokens, and the first wrong one ends the reading.
            let cut = chunk[0] == 0 || answers_are_paths(puzzle);
            assert!(
                run.stdout.starts_with("<stdin>:1: ") && (!cut || run.stdout.ends_with(" (cut)\n")),
                "{name}: {}",
                run.stdout
            );
            assert!(written < READ_EARLY, "{name}: {written} bytes read");
        }
    }
    // The device itself, as OUTPUT and as INPUT.
    let puzzle = PUZZLES[0];
    let name = puzzle.about().name;
    let input = sample_file(puzzle, dir);
    let run = gridsolve(&["check", "-p", name, str(&input), "/dev/zero"], b"");
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert!(run.stdout.starts_with("/dev/zero:1: "), "{}", run.stdout);
    let output = dir.join("right.out");
    std::fs::write(&output, joined(&right_lines(puzzle))).unwrap();
    let run = gridsolve(&["check", "-p", name, "/dev/zero", str(&output)], b"");
    assert_eq!(run.status, 1, "{}", run.stdout);
    assert!(
        run.stderr.starts_with("error: /dev/zero:1:1: "),
        "{}",
        run.stderr
    );
}

#[test]
fn an_input_on_stdin_fails_at_its_first_bad_byte_without_reading_on() {
    let scratch_dir = scratch("zero-input");
    let dir = scratch_dir.path();
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let output = dir.join("right.out");
        std::fs::write(&output, joined(&right_lines(puzzle))).unwrap();
        let (run, written) = gridsolve_fed(
            &["check", "-p", name, "-", str(&output)],
            endless(&[0; 4096]),
        );
        assert_eq!(run.status, 1, "{name}: {}", run.stdout);
        assert!(
            run.stderr.starts_with("error: <stdin>:1:1: "),
            "{name}: {}",
            run.stderr
        );
        assert!(written < READ_EARLY, "{name}: {written} bytes read");
    }
}

#[test]
fn reading_stops_at_the_first_wrong_line_or_the_first_extra_one() {
    let scratch_dir = scratch("stop");
    let dir = scratch_dir.path();
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let input = sample_file(puzzle, dir);
        let right = right_lines(puzzle);
        let mut wrong = right.clone();
        wrong[0] = changed(&wrong[0]);
        for (first, want) in [
            (joined(&wrong), "<stdin>:1: ".to_string()),
            (
                joined(&right),
                format!(
                    "<stdin>:{}: expected end of output, found \"7\"\n",
                    right.len() + 1
                ),
            ),
        ] {
            let (run, written) = gridsolve_fed(&["check", "-p", name, str(&input), "-"], |out| {
                out.write_all(first.as_bytes())?;
                endless(b"7\n")(out)
            });
            assert_eq!(run.status, 1, "{name}: {}{}", run.stdout, run.stderr);
            assert!(run.stdout.starts_with(&want), "{name}: {}", run.stdout);
            assert!(written < READ_EARLY, "{name}: {written} bytes read");
        }
    }
}

#[test]
fn a_right_output_after_64_mib_of_spaces_is_right_and_the_spaces_are_not_kept() {
    let scratch_dir = scratch("wide");
    let dir = scratch_dir.path();
    let puzzle = PUZZLES[0];
    let name = puzzle.about().name;
    let input = sample_file(puzzle, dir);
    let right = joined(&right_lines(puzzle));
    // More whitespace than the longest line kept, in less memory than it takes.
    let spaces = vec![b' '; (64 << 20) + 1];
    for tail in [b" \t\r".as_slice(), b""] {
        let (run, _) = gridsolve_fed_within(64, &["check", "-p", name, str(&input), "-"], |out| {
            out.write_all(&spaces)?;
            out.write_all(tail)?;
            out.write_all(right.as_bytes())
        });
        assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
        assert!(run.stdout.starts_with("<stdin>: right ("), "{}", run.stdout);
    }
}

#[test]
fn a_path_line_past_the_longest_kept_is_wrong_without_reading_it_to_the_end() {
    let scratch_dir = scratch("long-path");
    let dir = scratch_dir.path();
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        // A path answer has no path line (an endless answer line: above).
        if answers_are_paths(puzzle) {
            continue;
        }
        let input = sample_file(puzzle, dir);
        let cases = solved(puzzle, puzzle.about().sample);
        // The answer lines of case 1, then a path line without end.
        let mut answer = String::new();
        cases[0].write_answer(&mut answer);
        let (run, written) = gridsolve_fed_within(
            256,
            &["check", "-p", name, "--path", str(&input), "-"],
            |out| {
                out.write_all(answer.as_bytes())?;
                endless(b"UDLR")(out)
            },
        );
        assert_eq!(run.status, 1, "{name}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stdout
                .contains(": a path line longer than 67108864 bytes, not checked"),
            "{name}: {}",
            run.stdout
        );
        assert!(
            written < (64 << 20) + READ_EARLY,
            "{name}: {written} bytes read"
        );
    }
}

/// `gridsolve check --kattis INPUT ANSWER FEEDBACK [FLAGS]` with the right team output
/// on stdin, after an earlier run left a judge message; its status and the message now.
fn kattis_with(
    puzzle: &dyn Puzzle,
    input: &Path,
    answer: &Path,
    feedback: &Path,
    flags: &[&str],
    team: &str,
) -> (i32, String) {
    let message = feedback.join("judgemessage.txt");
    std::fs::write(&message, "accepted by an earlier run\n").unwrap();
    let mut args = vec![
        "check",
        "--puzzle",
        puzzle.about().name,
        "--kattis",
        str(input),
        str(answer),
        str(feedback),
    ];
    args.extend_from_slice(flags);
    let run = gridsolve(&args, team.as_bytes());
    assert_eq!(run.stdout, "");
    // The message is renamed into place from a temporary file: none is left beside it,
    // and it is readable by others, as a file the judge's own tools write would be.
    let left: Vec<_> = std::fs::read_dir(feedback)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(left, ["judgemessage.txt"]);
    let mode = std::os::unix::fs::PermissionsExt::mode(
        &std::fs::metadata(&message).unwrap().permissions(),
    );
    assert_eq!(mode & 0o777, 0o644);
    (
        run.status,
        std::fs::read_to_string(&message).unwrap_or_else(|e| panic!("{}: {e}", message.display())),
    )
}

#[test]
fn kattis_mode_writes_a_fresh_judge_message_on_every_outcome() {
    let scratch_dir = scratch("kattis-fresh");
    let dir = scratch_dir.path();
    let puzzle = PUZZLES[0];
    let input = sample_file(puzzle, dir);
    let team = joined(&right_lines(puzzle));
    let answer = dir.join("answer.ans");
    std::fs::write(&answer, &team).unwrap();
    let feedback = dir.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let missing = dir.join("missing");
    let looped = dir.join("loop");
    std::os::unix::fs::symlink(&looped, &looped).unwrap();
    let directory = dir.join("a-directory");
    std::fs::create_dir_all(&directory).unwrap();
    let bad = dir.join("bad.in");
    std::fs::write(&bad, "x\n").unwrap();

    let (status, message) = kattis_with(puzzle, &input, &answer, &feedback, &[], &team);
    assert_eq!(status, 42, "{message}");
    assert!(message.starts_with("<stdin>: right ("), "{message}");
    let (status, message) = kattis_with(puzzle, &input, &answer, &feedback, &[], "7\n");
    assert_eq!(status, 43, "{message}");
    assert!(message.starts_with("<stdin>:1: "), "{message}");

    // Judge errors: never 42 or 43, and the message says so.
    for (input, answer, flags, status, says) in [
        (
            &input,
            &missing,
            &[][..],
            3,
            format!("cannot read {}", missing.display()),
        ),
        (
            &input,
            &looped,
            &[],
            3,
            format!("cannot read {}", looped.display()),
        ),
        (
            &input,
            &directory,
            &[],
            3,
            format!("cannot read {}: it is a directory", directory.display()),
        ),
        (
            &missing,
            &answer,
            &[],
            3,
            format!("cannot read {}", missing.display()),
        ),
        (
            &directory,
            &answer,
            &[],
            3,
            format!("cannot read {}: it is a directory", directory.display()),
        ),
        (&bad, &answer, &[], 1, format!("{}:1:1: ", bad.display())),
        (
            &input,
            &answer,
            &["float_tolerance"],
            2,
            "float_tolerance takes a value".to_string(),
        ),
    ] {
        let (got, message) = kattis_with(puzzle, input, answer, &feedback, flags, &team);
        assert_eq!(got, status, "{}: {message}", input.display());
        assert!(
            message.starts_with(&format!("judge error: {says}")),
            "{}, {}: {message}",
            input.display(),
            answer.display()
        );
    }
}

#[test]
fn a_directory_is_neither_input_nor_output() {
    let scratch_dir = scratch("directory");
    let dir = scratch_dir.path();
    let puzzle = PUZZLES[0];
    let name = puzzle.about().name;
    let input = sample_file(puzzle, dir);
    let output = dir.join("right.out");
    std::fs::write(&output, joined(&right_lines(puzzle))).unwrap();
    let directory = dir.join("a-directory");
    std::fs::create_dir_all(&directory).unwrap();
    for args in [
        [str(&directory), str(&output)],
        [str(&input), str(&directory)],
    ] {
        let run = gridsolve(&["check", "-p", name, args[0], args[1]], b"");
        assert_eq!(run.status, 3, "{args:?}: {}", run.stdout);
        assert_eq!(
            run.stderr,
            format!(
                "error: cannot read {}: it is a directory\n",
                directory.display()
            )
        );
    }
}

#[test]
fn kattis_mode_killed_before_its_verdict_leaves_a_judge_error_not_an_earlier_message() {
    let scratch_dir = scratch("kattis-killed");
    let dir = scratch_dir.path();
    let puzzle = PUZZLES[0];
    let input = sample_file(puzzle, dir);
    let feedback = dir.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let message = feedback.join("judgemessage.txt");
    std::fs::write(&message, "accepted by an earlier run\n").unwrap();
    // The team output never ends (its pipe stays open): the validator is killed while
    // it waits, as a judge's time limit would.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .args(["check", "-p", puzzle.about().name, "--kattis"])
        .args([&input, &input, &feedback])
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while std::fs::read_to_string(&message).is_ok_and(|m| m.starts_with("accepted"))
        && std::time::Instant::now() < until
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let said = std::fs::read_to_string(&message).unwrap();
    assert!(
        said.starts_with("judge error: gridsolve check stopped before its verdict"),
        "{said}"
    );
}

#[test]
fn a_60_mb_path_costs_no_more_than_its_text_and_its_moves() {
    // A lair where the snake circles for ever (ULDR brings it back where it was), and a
    // path line of 60 MB whose last letter is no move: its text is kept and parsed whole,
    // and refused before any replay, in 256 MiB of address space.
    let scratch_dir = scratch("60mb");
    let dir = scratch_dir.path();
    let input = dir.join("open.in");
    std::fs::write(&input, "5 5 2\n5 5\n5 4\n0\n\n0 0 0\n").unwrap();
    let circles = b"ULDR".repeat(1 << 14);
    let (run, _) = gridsolve_fed_within(
        256,
        &["check", "-p", "holedox", "--path", str(&input), "-"],
        |out| {
            out.write_all(b"Case 1: 8\n")?;
            for _ in 0..(60_000_000 / circles.len()) {
                out.write_all(&circles)?;
            }
            out.write_all(b"X\n")
        },
    );
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .starts_with("<stdin>:2: case 1: the path does not solve it: "),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("found 'X'"), "{}", run.stdout);
}

#[test]
fn a_60_mb_path_longer_than_the_answer_is_refused_before_it_is_played() {
    // The same lair and path, now ending on the exit: a legal path, but of 60,000,008
    // moves where the answer is 8, which its length alone shows, in 256 MiB.
    let scratch_dir = scratch("60mb-legal");
    let dir = scratch_dir.path();
    let input = dir.join("open.in");
    std::fs::write(&input, "5 5 2\n5 5\n5 4\n0\n\n0 0 0\n").unwrap();
    let circles = b"ULDR".repeat(1 << 14);
    let (run, _) = gridsolve_fed_within(
        256,
        &["check", "-p", "holedox", "--path", str(&input), "-"],
        |out| {
            out.write_all(b"Case 1: 8\n")?;
            for _ in 0..(60_000_000 / circles.len()) {
                out.write_all(&circles)?;
            }
            out.write_all(b"ULLLLUUU\n")
        },
    );
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.starts_with(&format!(
            "<stdin>:2: case 1: expected a path of 8 moves, found one of {}",
            60_000_000 / circles.len() * circles.len() + 8
        )),
        "{}",
        run.stdout
    );
}

#[test]
fn a_klotski_path_of_20_million_words_is_refused_from_its_words_alone() {
    // Klotski's moves are words (`GR HDL`); built as moves they take tens of bytes each,
    // so a 60 MB path line of 20 million one-move words would need about a gigabyte. Its
    // words are counted first: more than the answer's moves, refused in 256 MiB.
    let scratch_dir = scratch("klotski-words");
    let input = scratch_dir.path().join("sample.in");
    std::fs::copy(
        fixtures(puzzles::find("klotski").unwrap()).join("sample.in"),
        &input,
    )
    .unwrap();
    let words = b"IR IL ".repeat(1 << 13);
    let chunks = 60_000_000 / words.len();
    let (run, _) = gridsolve_fed_within(
        256,
        &["check", "-p", "klotski", "--path", str(&input), "-"],
        |out| {
            out.write_all(
                b"81
",
            )?;
            for _ in 0..chunks {
                out.write_all(&words)?;
            }
            out.write_all(
                b"IR
",
            )
        },
    );
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.starts_with(&format!(
            "<stdin>:2: case 1: expected a path of 81 moves, found one of at least {}",
            chunks * (1 << 14) + 1
        )),
        "{}",
        run.stdout
    );
}

#[test]
fn a_20_million_move_optimal_path_replays_in_memory_that_follows_the_board() {
    // A 299 x 299 Huarongdao board that is one 1-wide cycle: the optimal path is
    // 20,114,554 moves. check --path replays it move by move, holding its text and its
    // moves (20 MB each), not a position per move (640 MB), in 256 MiB.
    let scratch_dir = scratch("20m");
    let dir = scratch_dir.path();
    let text = common::winding_loop(299, "1 1 1 2 299 150");
    let input = dir.join("loop.in");
    std::fs::write(&input, text).unwrap();
    let output = dir.join("loop.out");
    let solved = std::process::Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .args(["-p", "huarongdao", "--path", str(&input)])
        .output()
        .unwrap();
    assert!(solved.status.success());
    assert!(solved.stdout.starts_with(b"20114554\n"));
    std::fs::write(&output, &solved.stdout).unwrap();
    let (run, _) = gridsolve_fed_within(
        256,
        &[
            "check",
            "-p",
            "huarongdao",
            "--path",
            str(&input),
            str(&output),
        ],
        |_| Ok(()),
    );
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (
            0,
            format!("{}: right (1 query), 1 path replayed\n", str(&output)).as_str()
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn kattis_mode_without_the_memory_for_a_path_line_says_so_in_the_judge_message() {
    // A 60 MB path line cannot be held in 48 MiB of address space: the allocation is
    // refused, and the refusal is a judge error with its message, not an abort.
    let scratch_dir = scratch("kattis-memory");
    let dir = scratch_dir.path();
    let input = dir.join("open.in");
    std::fs::write(&input, "5 5 2\n5 5\n5 4\n0\n\n0 0 0\n").unwrap();
    let feedback = dir.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let circles = b"ULDR".repeat(1 << 14);
    let (run, _) = gridsolve_fed_within(
        48,
        &[
            "check",
            "-p",
            "holedox",
            "--path",
            "--kattis",
            str(&input),
            str(&input),
            str(&feedback),
        ],
        |out| {
            out.write_all(b"Case 1: 8\n")?;
            for _ in 0..(60_000_000 / circles.len()) {
                out.write_all(&circles)?;
            }
            out.write_all(b"\n")
        },
    );
    assert_eq!(run.status, 3, "{}", run.stderr);
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    assert!(
        message.starts_with("judge error: cannot read <stdin>: no memory for a line of "),
        "{message}"
    );
}

/// Every file `--kattis` cannot read is a judge error said in `judgemessage.txt`: an
/// INPUT or ANSWER without read permission, an INPUT that is a symlink loop, and a team
/// output on stdin that is a directory or closed. (A missing or directory INPUT or
/// ANSWER and an ANSWER loop: `kattis_mode_writes_a_fresh_judge_message_on_every_outcome`.)
#[test]
fn kattis_mode_says_judge_error_for_every_file_it_cannot_read() {
    use std::os::unix::fs::PermissionsExt;
    use std::process::{Command, Stdio};
    let scratch_dir = scratch("kattis-unreadable");
    let dir = scratch_dir.path();
    let puzzle = PUZZLES[0];
    let name = puzzle.about().name;
    let input = sample_file(puzzle, dir);
    let team = dir.join("team.out");
    std::fs::write(&team, joined(&right_lines(puzzle))).unwrap();
    let locked = dir.join("locked.in");
    std::fs::write(&locked, puzzle.about().sample).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let looped = dir.join("loop");
    std::os::unix::fs::symlink(&looped, &looped).unwrap();
    let feedback = dir.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let message = feedback.join("judgemessage.txt");
    // Root reads any file: it runs without the capabilities that let it (setpriv).
    let root = std::fs::read(&locked).is_ok();
    let run = |input: &Path, answer: &Path, stdin: Stdio| {
        std::fs::write(&message, "accepted by an earlier run\n").unwrap();
        let mut command = if root {
            let mut command = Command::new("setpriv");
            command
                .arg("--bounding-set=-dac_override,-dac_read_search")
                .arg(env!("CARGO_BIN_EXE_gridsolve"));
            command
        } else {
            Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        };
        let out = command
            .args([
                "check",
                "-p",
                name,
                "--kattis",
                str(input),
                str(answer),
                str(&feedback),
            ])
            .stdin(stdin)
            .output()
            .expect("root ignores file permissions: this test needs setpriv (util-linux)");
        assert_eq!(out.stdout, b"");
        (
            out.status.code(),
            std::fs::read_to_string(&message).unwrap(),
        )
    };
    let team_in = || Stdio::from(std::fs::File::open(&team).unwrap());
    assert_eq!(
        run(&input, &input, team_in()).0,
        Some(42),
        "the setup is right"
    );
    for (input, answer, stdin, says) in [
        (
            &locked,
            &input,
            team_in(),
            format!("cannot read {}: ", locked.display()),
        ),
        (
            &input,
            &locked,
            team_in(),
            format!("cannot read {}: ", locked.display()),
        ),
        (
            &looped,
            &input,
            team_in(),
            format!("cannot read {}: ", looped.display()),
        ),
        (
            &input,
            &input,
            Stdio::from(std::fs::File::open(dir).unwrap()),
            "cannot read <stdin>: ".to_string(),
        ),
    ] {
        let (status, said) = run(input, answer, stdin);
        assert_eq!(status, Some(3), "{said}");
        assert!(said.starts_with(&format!("judge error: {says}")), "{said}");
    }
    // A closed stdin (the shell's `<&-`).
    std::fs::write(&message, "accepted by an earlier run\n").unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" \"$@\" <&-")
        .arg(env!("CARGO_BIN_EXE_gridsolve"))
        .args([
            "check",
            "-p",
            name,
            "--kattis",
            str(&input),
            str(&input),
            str(&feedback),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let said = std::fs::read_to_string(&message).unwrap();
    assert!(
        said.starts_with("judge error: cannot read stdin: it is closed"),
        "{said}"
    );
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o644)).unwrap();
}

/// The judges' 8-puzzle, whose answer line is the path itself: any solution is right (a
/// longer one too, as the judges' special judge takes it), a path that breaks a rule or
/// ends elsewhere is wrong, and `unsolvable` is right exactly where there is no
/// solution.
#[test]
fn an_eight_answer_is_any_solution_and_unsolvable_only_where_there_is_none() {
    let puzzle = puzzles::find("eight").unwrap();
    let scratch = scratch("eight-paths");
    let input = scratch.join("eight.in");
    // The spec's sample (19 moves), a start one move from the goal, two tiles swapped.
    std::fs::write(
        &input,
        "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 x 8\n2 1 3 4 5 6 7 8 x\n",
    )
    .unwrap();
    let optimal = "dlurullddrurdllurdr\nr\nunsolvable\n";
    let run = check(puzzle, &[], &input, optimal);
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    // The judges' own sample answer (another 19 moves), and a detour of 5 moves.
    let other = "ullddrurdllurdruldr\nlrlrr\nunsolvable\n";
    let run = check(puzzle, &[], &input, other);
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    // Spaces around a line are forgiven, as the special judge does.
    let run = check(
        puzzle,
        &[],
        &input,
        "dlurullddrurdllurdr \n r\nunsolvable\n",
    );
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    for (output, line, says) in [
        // A path that ends one move short.
        ("dlurullddrurdllurd\nr\nunsolvable\n", 1, "not in the goal"),
        // Off the board: the blank is in the bottom row.
        ("dlurullddrurdllurdr\nd\nunsolvable\n", 2, "off the board"),
        // "No solution" for a case that has one, and a path for one that has none.
        ("unsolvable\nr\nunsolvable\n", 1, "one of 19 moves exists"),
        ("dlurullddrurdllurdr\nr\n\n", 3, "the case has no solution"),
        // Not the notation: capitals are the fifteen format's.
        (
            "DLURULLDDRURDLLURDR\nr\nunsolvable\n",
            1,
            "expected one of u d l r",
        ),
    ] {
        let run = check(puzzle, &[], &input, output);
        assert_eq!(run.status, 1, "{output:?}: {}{}", run.stdout, run.stderr);
        let said = format!("{}{}", run.stdout, run.stderr);
        assert!(
            said.contains(&format!(":{line}: case {line}: ")) && said.contains(says),
            "{output:?}: {said}"
        );
    }
}
