//! `gen --invalid`: every kind of every puzzle, on several seeds, is an input the
//! puzzle's strict validator refuses; the same seed gives the same bytes.

use puzzles::{Input, PUZZLES, Puzzle};

/// The validator's count of violations in `text`.
fn violations(puzzle: &dyn Puzzle, text: &[u8]) -> usize {
    puzzle
        .validate(Input::bytes(text), 5)
        .expect("bytes in memory read")
        .total
}

fn invalid(puzzle: &dyn Puzzle, kind: &str, seed: u64) -> Vec<u8> {
    let mut out = Vec::new();
    puzzle
        .generator()
        .unwrap()
        .generate_invalid(kind, seed, &mut out)
        .unwrap_or_else(|e| {
            panic!(
                "{} --invalid {kind} --seed {seed}: {e}",
                puzzle.about().name
            )
        });
    out
}

#[test]
fn every_invalid_kind_is_refused_by_the_validator() {
    let mut checked = 0;
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        for kind in puzzle.generator().unwrap().invalid_kinds() {
            for seed in 0..12 {
                let text = invalid(puzzle, kind.name, seed);
                assert!(
                    violations(puzzle, &text) > 0,
                    "{name} --invalid {} --seed {seed} passes validate:\n{}",
                    kind.name,
                    String::from_utf8_lossy(&text)
                );
                assert_eq!(text, invalid(puzzle, kind.name, seed), "the same bytes");
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "no puzzle has invalid kinds");
}

#[test]
fn the_three_judge_formats_have_kinds_of_their_own_and_the_layout_ones() {
    // Every puzzle gets the layout kinds; a puzzle whose kinds are only those is one
    // whose own rules are not yet broken by `gen --invalid` (said in --invalid list).
    let layout = [
        "crlf",
        "double-space",
        "no-final-newline",
        "leading-zero",
        "bom",
    ];
    for &puzzle in PUZZLES {
        let kinds: Vec<&str> = puzzle
            .generator()
            .unwrap()
            .invalid_kinds()
            .iter()
            .map(|k| k.name)
            .collect();
        for name in layout {
            assert!(kinds.contains(&name), "{}: {name}", puzzle.about().name);
        }
        let mut unique = kinds.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(
            unique.len(),
            kinds.len(),
            "{}: a kind twice",
            puzzle.about().name
        );
    }
    let with_own = PUZZLES
        .iter()
        .filter(|p| p.generator().unwrap().invalid_kinds().len() > layout.len() + 6)
        .count();
    assert!(
        with_own >= 3,
        "the three judge formats break their own rules"
    );
}

#[test]
fn most_kinds_break_exactly_one_rule() {
    // A kind breaks one rule; the validator then says one thing, except where the
    // broken rule costs it its place in the file (a missing row or stone: what follows
    // is read as what should have been there). At least nine kinds in ten say one.
    for &puzzle in PUZZLES {
        let kinds = puzzle.generator().unwrap().invalid_kinds();
        let single = kinds
            .iter()
            .filter(|k| (0..6).all(|seed| violations(puzzle, &invalid(puzzle, k.name, seed)) == 1))
            .count();
        assert!(
            single * 10 >= kinds.len() * 9,
            "{}: {single} of {} kinds report one violation",
            puzzle.about().name,
            kinds.len()
        );
    }
}

#[test]
fn an_unknown_kind_is_bad_usage_naming_the_kinds() {
    for &puzzle in PUZZLES {
        let err = puzzle
            .generator()
            .unwrap()
            .generate_invalid("no-such-kind", 1, &mut Vec::new())
            .unwrap_err()
            .to_string();
        assert!(err.contains("--invalid no-such-kind"), "{err}");
        assert!(err.contains("crlf"), "{err}");
    }
}
