//! The 33 levels of the original game (fixtures/bloxorz-classic/levelNN.in, from
//! ../shared/corpus/bloxorz-classic) and their minimum move counts. Levels 1, 2 and 3
//! take 7, 17 and 19 moves and all 33 take 1999 (public figures); the other answers are
//! the fast solver's, confirmed by the naive oracle, and pinned here, not regenerated, so
//! `cargo xtask regen` cannot silently change what counts as right. Levels 1-10 also match
//! the list in ../shared/corpus/bloxorz-original/README.md, whose total (2000) is one more
//! than the 1999 these add up to.

use bloxorz_classic::{Solver, oracle, replay};

/// Level `i` takes `ANSWERS[i - 1]` moves.
const ANSWERS: [u64; 33] = [
    7, 17, 19, 28, 33, 35, 44, 10, 24, 57, // levels 1-10
    47, 65, 46, 67, 57, 28, 106, 85, 67, 56, // levels 11-20
    71, 65, 75, 57, 55, 104, 71, 100, 104, 114, // levels 21-30
    91, 129, 65, // levels 31-33
];

#[test]
fn the_public_figures_hold() {
    assert_eq!(&ANSWERS[..3], [7, 17, 19]);
    assert_eq!(ANSWERS.iter().sum::<u64>(), 1999);
}

#[test]
fn every_original_level_takes_its_pinned_answer() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/bloxorz-classic");
    let mut solver = Solver::new();
    for (i, &expected) in ANSWERS.iter().enumerate() {
        let path = dir.join(format!("level{:02}.in", i + 1));
        let level = parsers::bloxorz_classic::parse(&std::fs::read(&path).unwrap()).unwrap();
        let solution = solver.solve_with_path(&level).unwrap().expect("solvable");
        let name = path.display();
        assert_eq!(solution.moves(), expected, "{name}");
        assert_eq!(replay(&level, &solution.path), Ok(expected), "{name}");
        let (moves, path) = oracle::solve(&level).expect("solvable");
        assert_eq!(moves, expected, "the oracle on {name}");
        assert_eq!(
            replay(&level, &path),
            Ok(expected),
            "the oracle's path on {name}"
        );
    }
}
