//! `Puzzle::shrink`, for every puzzle of the registry: it keeps what the test says
//! still fails, never offers an input the judge's strict rules refuse, ends even when
//! everything "fails", and then has made the input smaller; from a large input it ends
//! 1-minimal (no single candidate of the result still fails), counting runs, not
//! seconds; and the two Bloxorz bugs of issue 26, as predicates that mimic the wrong
//! programs of `examples/`, end on boards of at most 15 and 27 cells; and the trace of
//! a shrink, from which the bench counts the runs it takes to reach a size.

use puzzles::{Generator, Input, Limits, Options, PUZZLES, Puzzle, ShrinkStep, Shrunk, Tried};
use rstest::rstest;
use std::collections::VecDeque;

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
                .unwrap()
                .input;
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
                .unwrap()
                .input;
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
        assert_eq!(shrunk.tests, 1);
        assert!(!shrunk.minimal, "the budget ended it");
        assert_eq!(
            measure(puzzle, shrunk.input.as_bytes()),
            measure(puzzle, &original)
        );
    }
}

/// The answers of an input by gridsolve's judge, as numbers (`-1`: none).
fn answers(puzzle: &dyn Puzzle, text: &str) -> Vec<i64> {
    puzzle
        .judge(Input::bytes(text.as_bytes()), &Options::new(), Limits::NONE)
        .unwrap()
        .lines()
        .map(|line| {
            let last = line.split_whitespace().last().unwrap_or_default();
            last.parse().unwrap_or(-1)
        })
        .collect()
}

/// Shrinks `input` of `puzzle` with `fails` as the test, counting its calls, and
/// checks what every shrink must give: a valid input on which `fails` holds, 1-minimal
/// (`fails` holds on none of its candidates), in fewer tests than `budget`.
fn shrink_to_minimal(
    puzzle: &dyn Puzzle,
    input: &str,
    budget: u64,
    fails: &dyn Fn(&str) -> bool,
) -> Shrunk {
    let name = puzzle.about().name;
    let generator: Generator<'_> = puzzle.generator().unwrap();
    assert!(
        fails(input),
        "{name}: the input to shrink must fail\n{input}"
    );
    let mut calls = 0;
    let shrunk = generator
        .shrink(input.as_bytes(), &Options::new(), &mut |text| {
            calls += 1;
            if calls > budget {
                return Tried::Enough;
            }
            assert_valid(puzzle, text);
            if fails(text) {
                Tried::Fails
            } else {
                Tried::Passes
            }
        })
        .unwrap();
    assert_eq!(shrunk.tests, calls);
    assert!(
        shrunk.minimal,
        "{name}: still shrinking after {budget} tests:\n{}",
        shrunk.input
    );
    assert_valid(puzzle, &shrunk.input);
    assert!(fails(&shrunk.input), "{name}:\n{}", shrunk.input);
    let candidates = generator
        .candidates(shrunk.input.as_bytes(), &Options::new())
        .unwrap();
    for candidate in &candidates {
        assert_valid(puzzle, candidate);
        assert!(
            !fails(candidate),
            "{name}: not 1-minimal, this candidate of\n{}still fails:\n{candidate}",
            shrunk.input
        );
    }
    shrunk
}

/// A large generated input of `puzzle` (the options of `gridsolve gen`).
fn generated(puzzle: &dyn Puzzle, options: &[(&str, &str)]) -> String {
    let mut all = Options::new();
    for (name, value) in options {
        all.set(name, value);
    }
    let mut out = Vec::new();
    puzzle
        .generator()
        .unwrap()
        .generate(&all, &mut out)
        .unwrap();
    String::from_utf8(out).unwrap()
}

/// For every puzzle, a deliberately wrong test ("fails when some answer is at least 2
/// and the input has a feature F") shrinks a large generated input to a 1-minimal one,
/// which is a single case with an answer of 2 or more and F.
#[test]
fn a_wrong_predicate_shrinks_a_large_input_to_a_1_minimal_one() {
    // (puzzle, gen options, the feature F on the judge text)
    type Feature = fn(&str) -> bool;
    let has_fragile: Feature = |text| text.lines().skip(1).any(|l| l.contains('E'));
    let has_stone: Feature = |text| {
        // The first case: n m L, L body lines, then K.
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let length: usize = tokens[2].parse().unwrap();
        tokens[3 + 2 * length] != "0"
    };
    let has_fixed: Feature = |text| {
        let rows: usize = text.split_whitespace().next().unwrap().parse().unwrap();
        text.lines()
            .skip(1)
            .take(rows)
            .any(|l| l.split_whitespace().any(|t| t == "0"))
    };
    let has_two_pieces: Feature = |text| {
        let grid = text.lines().skip(1).take_while(|l| !l.starts_with("goal"));
        let mut labels: Vec<char> = grid
            .flat_map(str::chars)
            .filter(char::is_ascii_alphanumeric)
            .collect();
        labels.sort_unstable();
        labels.dedup();
        labels.len() >= 2
    };
    type Options = &'static [(&'static str, &'static str)];
    let cases: [(&str, Options, Feature); 5] = [
        (
            "bloxorz",
            &[
                ("rows", "30"),
                ("cols", "30"),
                ("fragile", "15"),
                ("cases", "3"),
                ("seed", "11"),
            ],
            has_fragile,
        ),
        (
            "bloxorz-classic",
            &[("rows", "20"), ("cols", "20"), ("seed", "12")],
            has_fragile,
        ),
        (
            "holedox",
            &[
                ("rows", "12"),
                ("cols", "12"),
                ("cases", "3"),
                ("seed", "13"),
            ],
            has_stone,
        ),
        (
            "huarongdao",
            &[
                ("rows", "12"),
                ("cols", "12"),
                ("queries", "6"),
                ("seed", "14"),
            ],
            has_fixed,
        ),
        ("klotski", &[("seed", "15")], has_two_pieces),
    ];
    for (name, options, feature) in cases {
        let puzzle = puzzles::find(name).unwrap();
        let input = generated(puzzle, options);
        let fails = |text: &str| answers(puzzle, text).iter().any(|&a| a >= 2) && feature(text);
        let shrunk = shrink_to_minimal(puzzle, &input, 5_000, &fails);
        let (before, after) = (
            measure(puzzle, input.as_bytes()),
            measure(puzzle, shrunk.input.as_bytes()),
        );
        assert_eq!(after.1, 1, "{name}: one case is enough\n{}", shrunk.input);
        assert!(after.0 < before.0, "{name}: {before:?} -> {after:?}");
    }
}

/// A Bloxorz bug of `examples/`, mimicked in-process: a plain BFS over (cell,
/// orientation) that counts the goal reached when the box covers `O` (`covers`), or
/// that lets the box stand on a fragile cell (`fragile_ok`). The answers of an input,
/// `-1` for none.
fn wrong_bloxorz(text: &str, covers: bool, fragile_ok: bool) -> Vec<i64> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let mut at = 0;
    let mut answers = Vec::new();
    while at + 1 < tokens.len() && tokens[at..at + 2] != ["0", "0"] {
        let rows: usize = tokens[at].parse().unwrap();
        let board: Vec<&[u8]> = tokens[at + 2..at + 2 + rows]
            .iter()
            .map(|r| r.as_bytes())
            .collect();
        at += 2 + rows;
        let cols = board[0].len() as i64;
        let cell = |r: i64, c: i64| {
            if (0..rows as i64).contains(&r) && (0..cols).contains(&c) {
                board[r as usize][c as usize]
            } else {
                b'#'
            }
        };
        let xs: Vec<(i64, i64)> = (0..rows as i64)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| cell(r, c) == b'X')
            .collect();
        let start = match xs[..] {
            [(r, c)] => (r, c, 0),
            [(r, c), (r2, _)] => (r, c, if r2 == r { 1 } else { 2 }),
            _ => unreachable!(),
        };
        let covered = |(r, c, o): (i64, i64, i64)| match o {
            0 => vec![(r, c)],
            1 => vec![(r, c), (r, c + 1)],
            _ => vec![(r, c), (r + 1, c)],
        };
        let rolls = |o| match o {
            0 => [(-2, 0, 2), (1, 0, 2), (0, -2, 1), (0, 1, 1)],
            1 => [(-1, 0, 1), (1, 0, 1), (0, -1, 0), (0, 2, 0)],
            _ => [(-1, 0, 0), (2, 0, 0), (0, -1, 2), (0, 1, 2)],
        };
        let mut seen = std::collections::HashMap::from([(start, 0)]);
        let mut queue = VecDeque::from([start]);
        let mut answer = -1;
        while let Some(state) = queue.pop_front() {
            let (r, c, o) = state;
            let on_goal = if covers {
                covered(state).iter().any(|&(r, c)| cell(r, c) == b'O')
            } else {
                o == 0 && cell(r, c) == b'O'
            };
            if on_goal {
                answer = seen[&state];
                break;
            }
            for (dr, dc, no) in rolls(o) {
                let next = (r + dr, c + dc, no);
                let under: Vec<u8> = covered(next).iter().map(|&(r, c)| cell(r, c)).collect();
                if under.contains(&b'#')
                    || (no == 0 && under[0] == b'E' && !fragile_ok)
                    || seen.contains_key(&next)
                {
                    continue;
                }
                seen.insert(next, seen[&state] + 1);
                queue.push_back(next);
            }
        }
        answers.push(answer);
    }
    answers
}

/// The cells of an input's largest board.
fn cells(puzzle: &dyn Puzzle, text: &str) -> usize {
    measure(puzzle, text.as_bytes()).0
}

/// Issue 26: the two Bloxorz bugs of `examples/`, mimicked in-process, shrunk from the
/// inputs `gridsolve stress` (default seed) first finds them on, end 1-minimal on
/// boards of at most 15 cells (the goal counted when the box covers it:
/// `#####/#XO.#/#####` is the least there is) and 27 cells (fragile cells taken for
/// rigid: `#X..E..O#` in a 3 x 9 board; a 3 x 8 or a 5 x 5 one is the least).
#[rstest]
#[case::goal(true, false, 15, &[("family", "random"), ("seed", "4196061574266695392"), ("rows", "4"), ("cols", "4"), ("empty", "8"), ("fragile", "20"), ("cases", "5")])]
#[case::fragile(false, true, 27, &[("family", "fragile-heavy"), ("seed", "4380649542100891690"), ("rows", "9"), ("cols", "6"), ("empty", "14"), ("fragile", "5"), ("cases", "5")])]
fn the_two_bloxorz_bugs_of_issue_26_shrink_to_at_most_15_and_27_cells(
    #[case] covers: bool,
    #[case] fragile_ok: bool,
    #[case] most: usize,
    #[case] options: &[(&str, &str)],
) {
    let puzzle = puzzles::find("bloxorz").unwrap();
    let fails = |text: &str| wrong_bloxorz(text, covers, fragile_ok) != answers(puzzle, text);
    let input = generated(puzzle, options);
    let shrunk = shrink_to_minimal(puzzle, &input, 1_000, &fails);
    let after = cells(puzzle, &shrunk.input);
    assert!(after <= most, "{after} cells:\n{}", shrunk.input);
}

/// The same bugs from the first failing input of every generator family (boards of 8
/// to 20 on a side, 3 cases): 1-minimal each time, on at most 15 cells for the goal
/// bug; the fragile bug ends on 24 to 30 cells (a 3 x 8, 5 x 5 or 6 x 5 board: an L of
/// floor, `XXE` one way and `E..O` the other, is 1-minimal, and 30 cells).
#[test]
fn the_two_bloxorz_bugs_shrink_from_every_family() {
    let puzzle = puzzles::find("bloxorz").unwrap();
    let families: Vec<&str> = puzzle
        .generator()
        .unwrap()
        .families()
        .into_iter()
        .map(|(f, _)| f)
        .collect();
    for (covers, fragile_ok, most) in [(true, false, 15), (false, true, 30)] {
        let fails = |text: &str| wrong_bloxorz(text, covers, fragile_ok) != answers(puzzle, text);
        let mut shrunk_any = 0;
        for (i, family) in families.iter().enumerate() {
            // The first failing input of seeds 1.. of this family.
            let found = (1..=40).find_map(|seed| {
                let size = (8 + 3 * (seed % 5)).to_string();
                let seed = (100 * i as u64 + seed).to_string();
                let input = generated(
                    puzzle,
                    &[
                        ("family", family),
                        ("rows", &size),
                        ("cols", &size),
                        ("fragile", "20"),
                        ("cases", "3"),
                        ("seed", &seed),
                    ],
                );
                fails(&input).then_some(input)
            });
            let Some(input) = found else { continue };
            let shrunk = shrink_to_minimal(puzzle, &input, 3_000, &fails);
            let after = cells(puzzle, &shrunk.input);
            assert!(after <= most, "{family}: {after} cells:\n{}", shrunk.input);
            shrunk_any += 1;
        }
        assert!(shrunk_any >= 3, "the bug shows on few families");
    }
}

/// The trace of a shrink is the input it began with (test 0) and then every candidate
/// the test said still fails, in the order of the tests, measured; from it the tests
/// taken to reach a size, and the tests after the last smaller input (the ones that
/// only confirmed it 1-minimal). On the Bloxorz goal bug from the input stress first
/// finds it on (five 4 x 4 boards): the 15-cell board at the 5th of 10 tests.
#[test]
fn the_trace_counts_the_tests_to_reach_a_size_and_the_confirming_ones() {
    let puzzle = puzzles::find("bloxorz").unwrap();
    let input = generated(
        puzzle,
        &[
            ("family", "random"),
            ("seed", "4196061574266695392"),
            ("rows", "4"),
            ("cols", "4"),
            ("empty", "8"),
            ("fragile", "20"),
            ("cases", "5"),
        ],
    );
    let fails = |text: &str| wrong_bloxorz(text, true, false) != answers(puzzle, text);
    // Every call of the test: its number, the text measured, and whether it failed.
    let mut calls = Vec::new();
    let shrunk = puzzle
        .generator()
        .unwrap()
        .shrink(input.as_bytes(), &Options::new(), &mut |text| {
            let step = ShrinkStep {
                test: calls.len() as u64 + 1,
                bytes: text.len(),
                cells: cells(puzzle, text),
            };
            let failed = fails(text);
            calls.push((step, failed));
            if failed { Tried::Fails } else { Tried::Passes }
        })
        .unwrap();
    assert!(shrunk.minimal);
    assert_eq!(shrunk.tests, calls.len() as u64);
    let mut want = vec![ShrinkStep {
        test: 0,
        bytes: input.len(),
        cells: cells(puzzle, &input),
    }];
    want.extend(calls.iter().filter(|(_, failed)| *failed).map(|(s, _)| *s));
    assert_eq!(shrunk.trace, want);
    let last = shrunk.trace.last().unwrap();
    assert_eq!(
        (last.bytes, last.cells),
        (shrunk.input.len(), cells(puzzle, &shrunk.input))
    );
    // No smaller input after the last one: every later test passed.
    assert!(
        calls[last.test as usize..]
            .iter()
            .all(|(_, failed)| !failed)
    );
    assert_eq!(shrunk.confirming(), shrunk.tests - last.test);
    // Reaching a size: the first failing input at most that large, 0 for the input.
    assert_eq!(shrunk.tests_to(|_| true), Some(0));
    assert_eq!(shrunk.tests_to(|s| s.cells < last.cells), None);
    let first_at_most = |cells: usize| {
        want.iter()
            .find(|s| s.cells <= cells && s.bytes <= last.bytes)
            .map(|s| s.test)
    };
    assert_eq!(
        shrunk.tests_to(|s| s.cells <= 15 && s.bytes <= last.bytes),
        first_at_most(15)
    );
    // The numbers README's example and the bench see for this input.
    assert_eq!(
        (input.len(), cells(puzzle, &input), last.bytes, last.cells),
        (124, 16, 26, 15)
    );
    assert_eq!(shrunk.tests_to(|s| s.cells <= 15), Some(5));
    assert_eq!((shrunk.tests, shrunk.confirming()), (10, 4));
}
