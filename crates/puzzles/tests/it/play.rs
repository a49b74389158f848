//! The playground's moves through the contract, for every puzzle of the registry: along
//! an optimal path of every small fixture's first case, the moves left after each
//! prefix are the answer less the moves played (the fast solver from a position the
//! rules reached, [`Puzzle::play`]); a key's move either extends the path by one move
//! or is refused with the position kept; and an edit gives an input that reads back.

use puzzles::{CellEdit, Dir, Input, Key, Limits, Options, PUZZLES, PathsFor, Pos, Puzzle};
use std::path::Path;

/// Fixture inputs up to this size are played.
const SMALL: u64 = 4_000;

const LIMITS: Limits = Limits {
    max_states: Some(5_000_000),
    max_time: None,
};

/// The small fixtures of `puzzle`, by name, with their text.
fn small_fixtures(puzzle: &dyn Puzzle) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(puzzle.about().name);
    let mut found: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("every puzzle has fixtures")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .filter(|p| p.metadata().is_ok_and(|m| m.len() <= SMALL))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    found.sort();
    found
}

/// The prefixes of a path in the puzzle's notation that end after a whole move: words
/// where the notation has spaces (a labelled piece and its cells), letters otherwise.
fn prefixes(path: &str) -> Vec<String> {
    if path.contains(' ') || path.chars().next().is_some_and(|c| !"UDLRudlr".contains(c)) {
        let words: Vec<&str> = path.split(' ').collect();
        (0..=words.len()).map(|k| words[..k].join(" ")).collect()
    } else {
        (0..=path.len()).map(|k| path[..k].to_string()).collect()
    }
}

#[test]
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
fn moves_left_fall_by_one_along_an_optimal_path() {
    let options = Options::new();
    let mut played = 0;
    for puzzle in PUZZLES {
        for (name, text) in small_fixtures(*puzzle) {
            let Ok(solutions) =
                puzzle.solutions(Input::bytes(&text), &options, LIMITS, PathsFor::cases(1, 1))
            else {
                continue;
            };
            let Some(Ok(first)) = solutions.into_iter().next() else {
                continue;
            };
            let start = puzzle
                .player()
                .unwrap()
                .play(Input::bytes(&text), &options, LIMITS, 1, "", None)
                .unwrap_or_else(|e| panic!("{} {name}: {e}", puzzle.about().name));
            assert_eq!(start.left, first.moves(), "{} {name}", puzzle.about().name);
            assert_eq!(start.moves, 0);
            let Some(path) = first.path() else { continue };
            // Every prefix of a short path; about 8 of a long one, the last included.
            let all = prefixes(&path);
            let stride = all.len().div_ceil(8).max(1);
            let chosen = all
                .iter()
                .enumerate()
                .filter(|(k, _)| k % stride == 0 || *k == all.len() - 1);
            for (k, prefix) in chosen {
                let here = puzzle
                    .player()
                    .unwrap()
                    .play(Input::bytes(&text), &options, LIMITS, 1, prefix, None)
                    .unwrap_or_else(|e| panic!("{} {name} {prefix:?}: {e}", puzzle.about().name));
                assert_eq!(here.moves, k, "{} {name} {prefix:?}", puzzle.about().name);
                assert_eq!(
                    here.left,
                    first.moves().map(|m| m - k as u64),
                    "{} {name} after {prefix:?}",
                    puzzle.about().name
                );
                // The judge's verdict on the moves played: solved, in as many moves as
                // the whole path, exactly at its end.
                let whole = k == all.len() - 1;
                assert_eq!(
                    here.solved,
                    whole.then(|| first.moves().unwrap()),
                    "{} {name} after {prefix:?}",
                    puzzle.about().name
                );
                played += 1;
            }
        }
    }
    assert!(played > 300, "only {played} positions played");
}

#[test]
fn a_key_plays_one_move_or_is_refused() {
    let options = Options::new();
    for puzzle in PUZZLES {
        let sample = puzzle.about().sample.as_bytes();
        let start = puzzle
            .player()
            .unwrap()
            .play(Input::bytes(sample), &options, LIMITS, 1, "", None)
            .unwrap();
        let (rows, cols) = (start.picture.rows, start.picture.cols);
        let mut moved = 0;
        for dir in Dir::ALL {
            // Every cell picked (and none): the key moves what it moves there.
            let picks = std::iter::once(None)
                .chain((0..rows * cols).map(|i| Some(Pos::new(i / cols, i % cols))));
            for picked in picks {
                let key = Key { dir, picked };
                let after = puzzle
                    .player()
                    .unwrap()
                    .play(Input::bytes(sample), &options, LIMITS, 1, "", Some(key))
                    .unwrap();
                match &after.refused {
                    Some(_) => {
                        assert_eq!(after.path, "");
                        assert_eq!(after.picture, start.picture);
                    }
                    None => {
                        assert_eq!(after.moves, 1, "{}: {key:?}", puzzle.about().name);
                        // One move changes the moves left by at most one.
                        let (a, b) = (start.left.unwrap(), after.left.unwrap_or(u64::MAX));
                        assert!(b == u64::MAX || a.abs_diff(b) <= 1, "{a} then {b}");
                        moved += 1;
                    }
                }
            }
        }
        assert!(
            moved > 0,
            "{}: no key moves on the sample",
            puzzle.about().name
        );
    }
}

#[test]
fn an_edit_reads_back_or_says_why_not() {
    let options = Options::new();
    for puzzle in PUZZLES {
        let sample = puzzle.about().sample.as_bytes();
        let start = puzzle
            .player()
            .unwrap()
            .play(Input::bytes(sample), &options, LIMITS, 1, "", None)
            .unwrap();
        assert!(
            !start.kinds.is_empty(),
            "{} has an editor",
            puzzle.about().name
        );
        let (rows, cols) = (start.picture.rows, start.picture.cols);
        let mut accepted = 0;
        for (kind, _) in &start.kinds {
            for i in 0..rows * cols {
                let pos = Pos::new(i / cols, i % cols);
                match puzzle.player().unwrap().edit_cell(
                    Input::bytes(sample),
                    &options,
                    1,
                    &CellEdit::cell(pos, *kind),
                ) {
                    Ok(text) => {
                        let again = puzzle
                            .player()
                            .unwrap()
                            .play(Input::bytes(text.as_bytes()), &options, LIMITS, 1, "", None)
                            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", puzzle.about().name));
                        accepted += 1;
                        let _ = again;
                    }
                    Err(e) => assert!(!e.to_string().is_empty()),
                }
            }
        }
        assert!(accepted > 0, "{}: no edit accepted", puzzle.about().name);
        // Off the board is refused, not a panic.
        assert!(
            puzzle
                .player()
                .unwrap()
                .edit_cell(
                    Input::bytes(sample),
                    &options,
                    1,
                    &CellEdit::cell(Pos::new(rows, 0), start.kinds[0].0)
                )
                .is_err()
        );
    }
}
