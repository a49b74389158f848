//! What `gridsolve --puzzle P` shows when run bare on a terminal: the spec's sample,
//! solved, with paths, and how to pass your own input; and what a bare `gridsolve`
//! shows there: the puzzles, and the first one's sample worked the same way.

use crate::words::{count, singular};
use puzzles::{Limits, Options, PUZZLES, PathsFor, Puzzle};
use std::fmt::Write;

/// The demonstration text for `puzzle`.
pub(crate) fn text(puzzle: &dyn Puzzle) -> String {
    format!(
        "No input given, so here is the sample from the problem statement:\n\n{}",
        worked(puzzle)
    )
}

/// What a bare `gridsolve` (no puzzle, no input) shows on a terminal: the puzzles, and
/// the first one's sample, worked.
pub(crate) fn intro() -> String {
    let mut out =
        String::from("No puzzle given. gridsolve solves these (--puzzle NAME, or -p NAME):\n\n");
    let width = PUZZLES
        .iter()
        .map(|p| p.about().name.len())
        .max()
        .unwrap_or(0);
    for puzzle in PUZZLES {
        let about = puzzle.about();
        let _ = writeln!(out, "  {:<width$}  {}", about.name, about.summary);
    }
    if let Some(first) = PUZZLES.first() {
        let _ = writeln!(
            out,
            "\nFor example, `gridsolve --puzzle {}` on the sample from its problem statement:\n",
            first.about().name
        );
        out.push_str(&worked(*first));
    }
    let _ = writeln!(
        out,
        "\n`gridsolve --help` lists every option and subcommand."
    );
    out
}

/// `puzzle`'s sample, its answers with their paths, and how to pass your own input.
fn worked(puzzle: &dyn Puzzle) -> String {
    let about = puzzle.about();
    let mut out = String::new();
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
    use puzzles::Solved;

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
                        // A path may have spaces (a move may be a word).
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
    fn the_intro_lists_every_puzzle_and_works_the_first_one_s_sample() {
        let text = intro();
        for puzzle in PUZZLES {
            let about = puzzle.about();
            assert!(text.contains(&format!("  {}  ", about.name)), "{text}");
            assert!(text.contains(about.summary), "{text}");
        }
        assert!(text.ends_with(&format!(
            "{}\n`gridsolve --help` lists every option and subcommand.\n",
            worked(PUZZLES[0])
        )));
    }

    /// A puzzle's demo reads as before: every line of its `fixtures/PUZZLE/demo.txt`
    /// (where it has one: lines its bare demo shows, written down once) is a line of it.
    #[test]
    fn every_demo_shows_the_lines_its_fixtures_keep() {
        let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let mut kept = 0;
        for &puzzle in PUZZLES {
            let name = puzzle.about().name;
            let Ok(lines) = std::fs::read_to_string(fixtures.join(name).join("demo.txt")) else {
                continue;
            };
            let text = text(puzzle);
            for line in lines.lines().filter(|l| !l.trim().is_empty()) {
                assert!(
                    text.contains(&format!("{line}\n")),
                    "{name}: no {line:?} in\n{text}"
                );
                kept += 1;
            }
        }
        assert!(kept > 0, "no fixtures/PUZZLE/demo.txt has a line");
    }
}
