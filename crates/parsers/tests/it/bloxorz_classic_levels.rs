//! The 33 levels of the original game (fixtures/bloxorz-classic/levelNN.in, from
//! ../shared/corpus/bloxorz-classic) and their minimum move counts.
//!
//! Published figures: levels 1, 2 and 3 take 7, 17 and 19 moves and all 33 take 1999
//! (the spec); levels 1-10 take the moves ../shared/corpus/bloxorz-original/README.md
//! lists (whose total for the 33, 2000, is one more than the spec's); level 13 takes the
//! proven optimum of the same level in ../shared/corpus/bloxorz-original/level13.out. The
//! solver's answers must be those. Every other answer is the fast solver's, pinned here
//! (not regenerated, so `cargo xtask regen` cannot silently change what counts as right)
//! and confirmed by the naive oracle, which reads the level file with its own reader.

use bloxorz_classic::{Solver, oracle, replay};
use grid_core::Limits;

/// Level `i` takes `ANSWERS[i - 1]` moves.
const ANSWERS: [u64; 33] = [
    7, 17, 19, 28, 33, 35, 44, 10, 24, 57, // levels 1-10
    47, 65, 46, 67, 57, 28, 106, 85, 67, 56, // levels 11-20
    71, 65, 75, 57, 55, 104, 71, 100, 104, 114, // levels 21-30
    91, 129, 65, // levels 31-33
];

/// (level, moves) as published: the spec (1-3), the corpus README's list (1-10) and the
/// corpus's judge-format level 13 with its proven optimum.
const PUBLISHED: [(usize, u64); 11] = [
    (1, 7),
    (2, 17),
    (3, 19),
    (4, 28),
    (5, 33),
    (6, 35),
    (7, 44),
    (8, 10),
    (9, 24),
    (10, 57),
    (13, 46),
];

/// The spec's total for the 33 levels.
const PUBLISHED_TOTAL: u64 = 1999;

/// The text of level `i`'s file.
fn level_text(i: usize) -> (String, String) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../fixtures/bloxorz-classic/level{i:02}.in"));
    let text = std::fs::read_to_string(&path).unwrap();
    (path.display().to_string(), text)
}

#[test]
fn the_public_figures_hold() {
    let mut solver = Solver::new();
    let answers: Vec<u64> = (1..=33)
        .map(|i| {
            let (name, text) = level_text(i);
            let level = parsers::bloxorz_classic::parse(text.as_bytes()).unwrap();
            solver
                .solve(&level)
                .unwrap()
                .unwrap_or_else(|| panic!("{name}: no answer"))
        })
        .collect();
    for (level, moves) in PUBLISHED {
        assert_eq!(
            answers[level - 1],
            moves,
            "level {level}: the solver vs the figure"
        );
    }
    assert_eq!(answers.iter().sum::<u64>(), PUBLISHED_TOTAL, "{answers:?}");
}

#[test]
fn every_original_level_takes_its_pinned_answer() {
    let mut solver = Solver::new();
    for (i, &expected) in ANSWERS.iter().enumerate() {
        let (name, text) = level_text(i + 1);
        let level = parsers::bloxorz_classic::parse(text.as_bytes()).unwrap();
        let solution = solver.solve_with_path(&level).unwrap().expect("solvable");
        assert_eq!(solution.moves(), expected, "{name}");
        assert_eq!(replay(&level, &solution.path), Ok(expected), "{name}");
        let (moves, path) = oracle::solve_text(&text, Limits::NONE)
            .unwrap()
            .expect("solvable");
        assert_eq!(moves, expected, "the oracle on {name}");
        assert_eq!(
            replay(&level, &path),
            Ok(expected),
            "the oracle's path on {name}"
        );
    }
}
