//! The outputs beyond the judge's: `--path`, `--format json`, `--show`, `--svg`,
//! `--stats`, for every puzzle of the registry (on its sample, and on one more input
//! with a case that has no solution). Every path printed in any of them is replayed by
//! the puzzle's checker.

use crate::common;

use common::Run;
use puzzles::{Limits, Options, PUZZLES, PathsFor, Puzzle, Solved};

/// The spec's sample: cases with a solution, and (in most) one without.
fn input(puzzle: &dyn Puzzle) -> &'static str {
    puzzle.about().sample
}

fn gridsolve(puzzle: &dyn Puzzle, args: &[&str]) -> Run {
    let mut all = vec!["--puzzle", puzzle.about().name];
    all.extend_from_slice(args);
    common::gridsolve(&all, input(puzzle).as_bytes())
}

/// The cases of `puzzle`'s input, solved by the library (answers only).
fn cases(puzzle: &'static dyn Puzzle) -> Vec<Box<dyn Solved>> {
    puzzle
        .solutions(
            input(puzzle).into(),
            &Options::new(),
            Limits::NONE,
            PathsFor::NONE,
        )
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// The judge's line(s) of one case.
fn judge_line(case: &dyn Solved) -> String {
    let mut line = String::new();
    case.write_answer(&mut line);
    line
}

#[test]
fn the_samples_cover_cases_with_and_without_a_solution() {
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        assert!(cases(puzzle).iter().any(|c| c.moves().is_some()), "{name}");
    }
    let unsolvable = PUZZLES
        .iter()
        .any(|&p| cases(p).iter().any(|c| c.moves().is_none()));
    assert!(unsolvable, "some sample has a case without a solution");
}

#[test]
fn path_adds_a_replayable_path_after_each_answer() {
    for &puzzle in PUZZLES {
        let run = gridsolve(puzzle, &["--path"]);
        assert_eq!((run.status, run.stderr.as_str()), (0, ""));
        let mut lines = run.stdout.lines();
        for case in cases(puzzle) {
            let answer = lines.next().unwrap();
            assert_eq!(format!("{answer}\n"), judge_line(&*case));
            if matches!(case.answer_line(), puzzles::AnswerLine::Path { .. }) {
                // The answer line is the path: --path adds none.
                if let Some(moves) = case.moves() {
                    assert_eq!(case.replay(answer), Ok(moves), "{answer}");
                }
                continue;
            }
            let path = lines.next().unwrap();
            match case.moves() {
                None => assert_eq!(path, "-"),
                Some(moves) => assert_eq!(case.replay(path), Ok(moves), "{path}"),
            }
        }
        assert_eq!(lines.next(), None, "{}", run.stdout);
    }
}

#[test]
fn json_lines_follow_the_documented_schema() {
    for &puzzle in PUZZLES {
        let run = gridsolve(puzzle, &["--format", "json"]);
        assert_eq!((run.status, run.stderr.as_str()), (0, ""));
        let cases = cases(puzzle);
        let lines: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(lines.len(), cases.len());
        for (line, case) in lines.iter().zip(&cases) {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let keys: Vec<&str> = value
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            // The common keys, then the puzzle's own (Klotski's metric).
            let mut sorted = vec!["answer", "case", "expanded", "generated", "path", "puzzle"];
            let own = puzzle.json_fields(&Options::new());
            sorted.extend(own.iter().map(|(key, _)| *key));
            sorted.sort_unstable();
            assert_eq!(keys, sorted, "{line}");
            assert!(line.starts_with(&format!(
                "{{\"puzzle\":\"{}\",\"case\":{},",
                puzzle.about().name,
                case.number()
            )));
            assert_eq!(value["answer"].as_u64(), case.moves());
            match (&value["answer"], &value["path"]) {
                (serde_json::Value::Null, serde_json::Value::Null) => {}
                (answer, path) => {
                    assert_eq!(case.replay(path.as_str().unwrap()).ok(), answer.as_u64())
                }
            }
            assert!(value["expanded"].as_u64().is_some() && value["generated"].as_u64().is_some());
            for (key, expected) in &own {
                assert_eq!(&value[*key], expected, "{line}");
            }
        }
    }
}

#[test]
fn json_matches_the_documented_example() {
    let run = common::gridsolve(
        &["--puzzle", "bloxorz", "--format", "json"],
        common::BLOXORZ.as_bytes(),
    );
    assert_eq!(
        run.stdout,
        "{\"puzzle\":\"bloxorz\",\"case\":1,\"answer\":10,\"path\":\"LDDDDRURRU\",\"expanded\":14,\"generated\":22}\n"
    );
}

#[test]
fn show_prints_the_legend_once_and_one_frame_per_move_plus_the_start() {
    for &puzzle in PUZZLES {
        let run = gridsolve(puzzle, &["--show"]);
        assert_eq!(run.status, 0);
        let cases = cases(puzzle);
        let frames: u64 = cases.iter().filter_map(|c| c.moves()).map(|m| m + 1).sum();
        let unsolved = cases.iter().filter(|c| c.moves().is_none()).count();
        assert_eq!(
            run.stdout.matches("step ").count() as u64,
            frames,
            "{}",
            run.stdout
        );
        assert_eq!(run.stdout.matches("(no solution)").count(), unsolved);
        assert_eq!(run.stdout.matches("Symbols:").count(), 1);
        assert!(run.stdout.starts_with("Symbols:\n"));
        assert!(
            !run.stdout.contains('\x1b'),
            "no colour when stdout is not a terminal"
        );
        let full = gridsolve(puzzle, &["--show=full"]);
        assert_eq!(full.stdout, run.stdout, "the samples fit a window");
    }
}

#[test]
fn stats_go_to_stderr_per_case() {
    for &puzzle in PUZZLES {
        let run = gridsolve(puzzle, &["--stats"]);
        assert_eq!(run.status, 0);
        let judge = gridsolve(puzzle, &[]);
        assert_eq!(run.stdout, judge.stdout, "stdout stays the judge output");
        let lines: Vec<&str> = run.stderr.lines().collect();
        assert_eq!(lines.len(), cases(puzzle).len() + 1);
        let run_line = lines[lines.len() - 1];
        // `run: 1 case in`, `run: 2 queries in`: the puzzle's unit, counted.
        let counted = match (cases(puzzle).len(), puzzle.about().unit) {
            (1, unit) => format!("1 {unit}"),
            (n, "query") => format!("{n} queries"),
            (n, unit) => format!("{n} {unit}s"),
        };
        assert!(
            run_line.starts_with(&format!("run: {counted} in "))
                && run_line.contains(" s, peak memory ")
                && run_line.ends_with(" MiB"),
            "{run_line}"
        );
        let lines = &lines[..lines.len() - 1];
        for (i, line) in lines.iter().enumerate() {
            let unit = puzzle.about().unit;
            assert!(
                line.starts_with(&format!("{unit} {}: expanded ", i + 1)),
                "{line}"
            );
        }
    }
}

#[test]
fn svg_writes_one_well_formed_picture_per_case() {
    for &puzzle in PUZZLES {
        let about = puzzle.about();
        let scratch = common::Scratch::new("svg");
        let dir = scratch.join(about.name);
        let run = gridsolve(puzzle, &["--svg", dir.to_str().unwrap()]);
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert_eq!(run.stdout, gridsolve(puzzle, &[]).stdout);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        let cases = cases(puzzle);
        let expected: Vec<String> = cases
            .iter()
            .map(|c| format!("{}-{}-{:04}.svg", about.name, about.unit, c.number()))
            .collect();
        assert_eq!(names, expected, "one picture per case, nothing else");
        for (file, case) in expected.iter().zip(&cases) {
            let text = std::fs::read_to_string(dir.join(file)).unwrap();
            let doc = roxmltree::Document::parse(&text).unwrap();
            let marked = doc
                .descendants()
                .filter(|n| n.attribute("class") == Some("step"))
                .count();
            assert_eq!(marked as u64, case.moves().unwrap_or(0), "{file}");
        }
    }
}

#[test]
fn svg_into_a_plain_file_is_an_io_failure() {
    let dir = common::Scratch::new("svg-file");
    let file = dir.join("plain");
    std::fs::write(&file, "").unwrap();
    let run = common::gridsolve(
        &["--puzzle", "bloxorz", "--svg", file.to_str().unwrap()],
        common::BLOXORZ.as_bytes(),
    );
    assert_eq!((run.status, run.stdout.as_str()), (3, ""));
    assert!(
        run.stderr.ends_with(": it is not a directory\n"),
        "{}",
        run.stderr
    );
}

#[test]
fn json_conflicts_with_path_and_show() {
    for flag in ["--path", "--show"] {
        let run = common::gridsolve(
            &["--puzzle", "bloxorz", "--format", "json", flag],
            common::BLOXORZ.as_bytes(),
        );
        assert_eq!(run.status, 2, "{flag}");
    }
}
