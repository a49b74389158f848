//! `Puzzle::shrink`, for every puzzle of the registry: it keeps what the test says
//! still fails, never offers an input the judge's strict rules refuse, ends even when
//! everything "fails", and then has made the input smaller.

use puzzles::{Input, Limits, Options, PUZZLES, Puzzle, Tried};

/// A generated input of a few small cases (or one, for a one-case format).
fn input(puzzle: &dyn Puzzle, seed: u64) -> Vec<u8> {
    let mut options = Options::new().with("seed", seed);
    for spec in puzzle.generator().unwrap().gen_options() {
        match spec.name {
            // At most 7 on a side, the puzzle's default when smaller.
            "rows" | "cols" => {
                options.set(
                    spec.name,
                    spec.default.parse().map_or(7, |d: usize| d.min(7)),
                );
            }
            "cases" => options.set(spec.name, 3),
            "queries" => options.set(spec.name, 4),
            _ => {}
        }
    }
    let mut out = Vec::new();
    puzzle
        .generator()
        .unwrap()
        .generate(&options, &mut out)
        .unwrap();
    out
}

/// The largest board of an input, in cells, and its number of cases.
fn measure(puzzle: &dyn Puzzle, input: &[u8]) -> (usize, usize) {
    let summary = puzzle.inspect(Input::bytes(input)).unwrap();
    (summary.largest, summary.cases)
}

fn assert_valid(puzzle: &dyn Puzzle, text: &str) {
    let report = puzzle.validate(Input::bytes(text.as_bytes()), 5).unwrap();
    assert_eq!(
        report.total,
        0,
        "{}: {report:?}\n{text}",
        puzzle.about().name
    );
}

#[test]
fn shrinking_everything_ends_and_makes_every_input_smaller() {
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        for seed in 1..=2 {
            let original = input(puzzle, seed);
            let mut tests = 0;
            let shrunk = puzzle
                .generator()
                .unwrap()
                .shrink(&original, &Options::new(), &mut |text| {
                    tests += 1;
                    assert!(tests < 20_000, "{name}: shrinking does not end");
                    assert_valid(puzzle, text);
                    Tried::Fails
                })
                .unwrap();
            assert_valid(puzzle, &shrunk);
            let (before, after) = (
                measure(puzzle, &original),
                measure(puzzle, shrunk.as_bytes()),
            );
            assert!(tests > 0, "{name}: nothing tried");
            // A format of one board size (no `--rows`: the judges' 8-puzzle) shrinks
            // its cases and what is on its board, not the board.
            let one_size = !puzzle
                .generator()
                .unwrap()
                .gen_options()
                .iter()
                .any(|s| s.name == "rows");
            assert!(
                (after.0 < before.0 || one_size && after.0 == before.0) && after.1 <= 1,
                "{name} seed {seed}: {before:?} -> {after:?}\n{shrunk}"
            );
        }
    }
}

#[test]
fn shrinking_keeps_what_still_fails() {
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        for seed in 1..=2 {
            let original = input(puzzle, seed);
            let judge = |text: &[u8]| {
                puzzle
                    .judge(Input::bytes(text), &Options::new(), Limits::NONE)
                    .unwrap()
            };
            // "Fails": the first answer stays as it was.
            let first = |out: String| out.lines().next().unwrap_or_default().to_string();
            let want = first(judge(&original));
            let mut kept = 0;
            let shrunk = puzzle
                .generator()
                .unwrap()
                .shrink(&original, &Options::new(), &mut |text| {
                    if first(judge(text.as_bytes())) == want {
                        kept += 1;
                        Tried::Fails
                    } else {
                        Tried::Passes
                    }
                })
                .unwrap();
            assert_eq!(first(judge(shrunk.as_bytes())), want, "{name}:\n{shrunk}");
            let (before, after) = (
                measure(puzzle, &original),
                measure(puzzle, shrunk.as_bytes()),
            );
            assert!(after.0 <= before.0, "{name}: {before:?} -> {after:?}");
            assert!(
                kept > 0 || before.1 == 1,
                "{name} seed {seed}: nothing kept"
            );
        }
    }
}

#[test]
fn enough_stops_at_once_with_the_input_as_it_was() {
    for &puzzle in PUZZLES {
        let original = input(puzzle, 7);
        let mut tests = 0;
        let shrunk = puzzle
            .generator()
            .unwrap()
            .shrink(&original, &Options::new(), &mut |_| {
                tests += 1;
                Tried::Enough
            })
            .unwrap();
        assert_eq!(tests, 1, "{}", puzzle.about().name);
        assert_eq!(
            measure(puzzle, shrunk.as_bytes()),
            measure(puzzle, &original)
        );
    }
}
