//! `--path` adds a path line after each answer, except where the answer line is the
//! path itself (the judges' 8-puzzle): there it was written twice.

use crate::common::gridsolve;
use puzzles::{Limits, Options, PUZZLES, PathsFor};

#[test]
fn a_path_answer_is_not_written_again_by_path() {
    let mut seen = 0;
    for &puzzle in PUZZLES {
        let about = puzzle.about();
        let solved: Vec<_> = puzzle
            .solutions(
                about.sample.into(),
                &Options::new(),
                Limits::NONE,
                PathsFor::ALL,
            )
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let plain = gridsolve(&["-p", about.name], about.sample.as_bytes());
        let with = gridsolve(&["-p", about.name, "--path"], about.sample.as_bytes());
        assert_eq!((plain.status, with.status), (0, 0), "{}", with.stderr);
        if solved
            .iter()
            .all(|s| matches!(s.answer_line(), puzzles::AnswerLine::Path { .. }))
        {
            seen += 1;
            assert_eq!(with.stdout, plain.stdout, "{}", about.name);
        } else {
            let lines = |text: &str| text.lines().count();
            assert_eq!(
                lines(&with.stdout),
                lines(&plain.stdout) + solved.len(),
                "{}: a path line a case",
                about.name
            );
        }
    }
    assert!(seen > 0, "a puzzle whose answer is its path");
}

/// `check --path` reads what `--path` writes: where the answer line is the path, no line
/// follows it, and the line must take the fewest moves (plain `check` takes any
/// solution, as the judges' special judge does).
#[test]
fn check_path_holds_a_path_answer_to_the_fewest_moves() {
    let scratch = crate::common::Scratch::new("path-once");
    for &puzzle in PUZZLES {
        let about = puzzle.about();
        let solved: Vec<_> = puzzle
            .solutions(
                about.sample.into(),
                &Options::new(),
                Limits::NONE,
                PathsFor::ALL,
            )
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let Some(case) = solved.iter().find(|s| {
            matches!(s.answer_line(), puzzles::AnswerLine::Path { .. }) && s.moves() > Some(0)
        }) else {
            continue;
        };
        let path = case.path().unwrap();
        // The path, then a step there and back: a solution two moves too long.
        let longer = ["ud", "du", "lr", "rl", "UD", "DU", "LR", "RL"]
            .iter()
            .map(|pair| format!("{path}{pair}"))
            .find(|line| case.replay(line).is_ok())
            .expect("a step there and back");
        let input = scratch.join(format!("{}.in", about.name));
        std::fs::write(&input, about.sample).unwrap();
        let input = input.to_str().unwrap();
        let mut output = String::new();
        for s in &solved {
            s.write_answer(&mut output);
        }
        let right = gridsolve(
            &["check", "-p", about.name, "--path", input, "-"],
            output.as_bytes(),
        );
        assert_eq!(right.status, 0, "{}{}", right.stdout, right.stderr);
        let long = output.replacen(&path, &longer, 1);
        let plain = gridsolve(&["check", "-p", about.name, input, "-"], long.as_bytes());
        assert_eq!(plain.status, 0, "any solution: {}", plain.stdout);
        let held = gridsolve(
            &["check", "-p", about.name, "--path", input, "-"],
            long.as_bytes(),
        );
        assert_eq!(held.status, 1, "{}", held.stdout);
        let moves = case.moves().unwrap();
        assert!(
            held.stdout.contains(&format!(
                "expected a path of {moves} moves, found one of {}",
                moves + 2
            )),
            "{}",
            held.stdout
        );
    }
}
