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
        if solved.iter().all(|s| s.answer_is_path()) {
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
