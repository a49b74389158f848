//! What `gridsolve --puzzle P` shows when run bare on a terminal: the spec's sample,
//! solved, with paths, and how to pass your own input.

use crate::words::{count, singular};
use puzzles::{Limits, Options, PathsFor, Puzzle};
use std::fmt::Write;

/// The demonstration text for `puzzle`.
pub(crate) fn text(puzzle: &dyn Puzzle) -> String {
    let about = puzzle.about();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "No input given, so here is the sample from the problem statement:\n"
    );
    for line in about.sample.lines() {
        let _ = writeln!(out, "    {line}");
    }
    let _ = writeln!(out, "\nAnswers (the path is {}):\n", about.moves_are);
    let solutions = puzzle.solutions(
        about.sample.into(),
        &Options::new(),
        Limits::NONE,
        PathsFor::ALL,
    );
    for solved in solutions.into_iter().flatten() {
        let _ = match solved {
            Ok(solved) => match (solved.moves(), solved.path()) {
                (Some(moves), Some(path)) => writeln!(
                    out,
                    "    {} {}: {}, path {path}",
                    about.label,
                    solved.number(),
                    count(moves, singular(about.move_word))
                ),
                _ => writeln!(
                    out,
                    "    {} {}: {}",
                    about.label,
                    solved.number(),
                    about.never
                ),
            },
            Err(e) => writeln!(out, "    the sample cannot be solved: {e}"),
        };
    }
    let _ = writeln!(
        out,
        "\nTo solve your own input:  gridsolve --puzzle {} FILE   (or pipe it to stdin)",
        about.name
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzles::{PUZZLES, Solved};

    /// Every puzzle's demo shows its sample, one line per answer with a path that replays
    /// to the answer shown, and how to go on.
    #[test]
    fn every_demo_shows_the_sample_and_paths_that_replay() {
        for &puzzle in PUZZLES {
            let about = puzzle.about();
            let text = text(puzzle);
            for line in about.sample.lines() {
                assert!(text.contains(&format!("    {line}\n")), "{text}");
            }
            assert!(
                text.contains(&format!("gridsolve --puzzle {} FILE", about.name)),
                "{text}"
            );
            let solved: Vec<Box<dyn Solved>> = puzzle
                .solutions(
                    about.sample.into(),
                    &Options::new(),
                    Limits::NONE,
                    PathsFor::NONE,
                )
                .unwrap()
                .map(Result::unwrap)
                .collect();
            for case in &solved {
                let label = format!("    {} {}: ", about.label, case.number());
                let line = text
                    .lines()
                    .find(|l| l.starts_with(&label))
                    .unwrap_or_else(|| panic!("no {label:?} in {text}"));
                match case.moves() {
                    Some(moves) => {
                        // A path may have spaces (Klotski's moves are words).
                        let (_, path) = line.split_once(", path ").unwrap();
                        assert_eq!(case.replay(path), Ok(moves), "{line}");
                        let word = if moves == 1 {
                            singular(about.move_word)
                        } else {
                            about.move_word
                        };
                        assert!(line.contains(&format!(": {moves} {word}, ")), "{line}");
                    }
                    None => assert!(line.ends_with(about.never), "{line}"),
                }
            }
        }
    }

    #[test]
    fn the_huarongdao_demo_reads_as_before() {
        let text = text(puzzles::find("huarongdao").unwrap());
        assert!(text.contains("    query 1: 2 moves, path UU\n"), "{text}");
        assert!(
            text.contains("    query 2: -1 (the piece can never reach the target)\n"),
            "{text}"
        );
    }
}
