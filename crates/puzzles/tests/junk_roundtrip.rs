//! Junk in, checked answers out: arbitrary bytes and fixture inputs mutated by byte flips,
//! insertions, deletions, truncations and splices go through parse -> solve -> replay for
//! every puzzle. Nothing may panic; every reported path replays to exactly its reported
//! answer; and `judge` gives the same output as the answers (or the same error).
//!
//! Inputs whose boards have more than [`MAX_CELLS`] cells or more than [`MAX_QUERIES`]
//! queries are read but not solved, so every case stays fast. Coverage-guided fuzzing of
//! the same pipeline, with wider bounds and a naive-oracle check on small boards, lives in
//! `fuzz/` (see fuzz/README.md).

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;
use std::fmt;
use std::sync::LazyLock;

/// Largest board (in cells) that a case solves; larger ones are only parsed.
const MAX_CELLS: usize = 40 * 40;
/// Most Huarongdao queries that a case solves.
const MAX_QUERIES: usize = 200;
/// Cases per test: the six tests of 500 take well under a second (the search crates are
/// optimised in the dev profile too).
const CASES: u32 = 500;

/// Bytes the formats give meaning to; mutations and noise favour them.
const FORMAT_BYTES: &[u8] = b"0123456789 \t\r\n#.EXO-";

/// The seed inputs of one puzzle: small fixtures, so solving a mutant stays cheap.
macro_rules! seeds {
    ($puzzle:literal: $($name:literal),+ $(,)?) => {
        LazyLock::new(|| {
            vec![$(
                std::fs::read(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../../fixtures/", $puzzle, "/", $name, ".in"
                ))
                .expect(concat!("fixture ", $puzzle, "/", $name, ".in")),
            )+]
        })
    };
}

static HUARONGDAO_SEEDS: LazyLock<Vec<Vec<u8>>> = seeds!("huarongdao":
    "sample", "ring", "one-row", "one-column", "open-2x2", "piece-on-target", "q-zero",
    "single-cell", "single-cell-doors", "target-fixed", "walled-in-blank",
    "crlf-tabs-blank-lines", "corridors-9x9-perfect", "random-8x8-60pct", "rooms-10x10",
);

static BLOXORZ_SEEDS: LazyLock<Vec<Vec<u8>>> = seeds!("bloxorz":
    "sample", "corridor", "fragile-blocks-standing", "fragile-holds-lying", "isolated-target",
    "lying-starts", "no-border", "no-terminator", "one-roll", "return-over-start",
    "original-level01", "original-level06", "original-level13",
);

static HOLEDOX_SEEDS: LazyLock<Vec<Vec<u8>>> = seeds!("holedox":
    "sample", "tail-rule", "turn-round", "corridor-head-last", "head-on-exit",
    "stone-on-exit", "no-terminator-crlf", "l16-open-20x20", "open-20x20-L8-bench",
);

/// An input under test, shown as an escaped byte string when a case fails.
#[derive(Clone)]
struct Bytes(Vec<u8>);

impl fmt::Debug for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "b\"{}\"", self.0.escape_ascii())
    }
}

/// Bytes that stand for the same kind of thing, widest first: a twin edit swaps a byte for
/// another of the narrowest class holding it (a Huarongdao cell `0`/`1` stays a cell), so
/// the mutant often still parses and reaches the solver.
const CLASSES: [&[u8]; 4] = [b"0123456789", b"01", b"#.E", b" \t\n"];

/// One edit of a seed input.
#[derive(Clone, Debug)]
enum Edit {
    /// Replace a byte by another of its class (see [`CLASSES`]).
    Twin(Index, Index),
    /// XOR a byte with a non-zero mask.
    Flip(Index, u8),
    /// Overwrite a byte.
    Set(Index, u8),
    Insert(Index, u8),
    /// Delete up to this many bytes.
    Delete(Index, usize),
    Truncate(Index),
    /// Keep the input up to a cut, then another seed from a cut of its own.
    Splice(Index, Index, Index),
}

impl Edit {
    fn apply(&self, bytes: &mut Vec<u8>, seeds: &[Vec<u8>]) {
        let len = bytes.len();
        match *self {
            Edit::Insert(at, byte) => bytes.insert(at.index(len + 1), byte),
            Edit::Splice(other, cut, other_cut) => {
                let other = &seeds[other.index(seeds.len())];
                bytes.truncate(cut.index(len + 1));
                bytes.extend_from_slice(&other[other_cut.index(other.len() + 1)..]);
            }
            _ if len == 0 => {}
            Edit::Twin(at, pick) => {
                let at = at.index(len);
                if let Some(class) = CLASSES.iter().rev().find(|c| c.contains(&bytes[at])) {
                    bytes[at] = class[pick.index(class.len())];
                }
            }
            Edit::Flip(at, mask) => bytes[at.index(len)] ^= mask,
            Edit::Set(at, byte) => bytes[at.index(len)] = byte,
            Edit::Delete(at, count) => {
                let start = at.index(len);
                bytes.drain(start..(start + count).min(len));
            }
            Edit::Truncate(at) => bytes.truncate(at.index(len)),
        }
    }
}

/// Any byte, but mostly the ones the formats use.
fn byte() -> impl Strategy<Value = u8> {
    prop_oneof![1 => any::<u8>(), 3 => prop::sample::select(FORMAT_BYTES)]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        20 => any::<(Index, Index)>().prop_map(|(at, pick)| Edit::Twin(at, pick)),
        3 => (any::<Index>(), 1u8..).prop_map(|(at, mask)| Edit::Flip(at, mask)),
        3 => (any::<Index>(), byte()).prop_map(|(at, b)| Edit::Set(at, b)),
        3 => (any::<Index>(), byte()).prop_map(|(at, b)| Edit::Insert(at, b)),
        2 => (any::<Index>(), 1usize..=8).prop_map(|(at, n)| Edit::Delete(at, n)),
        1 => any::<Index>().prop_map(Edit::Truncate),
        1 => any::<(Index, Index, Index)>().prop_map(|(o, c, oc)| Edit::Splice(o, c, oc)),
    ]
}

/// (a) Arbitrary bytes, in runs that look like tokens (small numbers, rows of cells)
/// so that some of their prefixes parse (the tests feed every prefix: a format ends
/// where it ends, and noise after it is an error).
fn noise() -> impl Strategy<Value = Bytes> {
    let run = prop_oneof![
        1 => prop::collection::vec(byte(), 1..4),
        8 => (0u8..=3).prop_map(|n| format!("{n} ").into_bytes()),
        1 => prop::collection::vec(prop::sample::select(&b"#.EXO"[..]), 1..8).prop_map(|mut row| {
            row.push(b'\n');
            row
        }),
    ];
    prop::collection::vec(run, 0..48).prop_map(|runs| Bytes(runs.concat()))
}

/// (b) A seed with one to three edits.
fn mutant(seeds: &'static LazyLock<Vec<Vec<u8>>>) -> impl Strategy<Value = Bytes> {
    (any::<Index>(), prop::collection::vec(edit(), 1..=3)).prop_map(move |(seed, edits)| {
        let seeds: &[Vec<u8>] = seeds;
        let mut bytes = seeds[seed.index(seeds.len())].clone();
        for edit in &edits {
            edit.apply(&mut bytes, seeds);
        }
        Bytes(bytes)
    })
}

fn check_huarongdao(text: &[u8]) -> Result<(), TestCaseError> {
    let input = match parsers::huarongdao::parse(text) {
        Ok(input) => input,
        Err(e) => {
            prop_assert_eq!(parsers::huarongdao::judge(text), Err(e));
            return Ok(());
        }
    };
    let (board, queries) = (&input.board, &input.queries);
    if board.rows() * board.cols() > MAX_CELLS || queries.len() > MAX_QUERIES {
        return Ok(());
    }
    let mut solver = huarongdao::Solver::new(board);
    let mut expected = String::new();
    for query in queries {
        let solution = solver.solve_with_path(query);
        prop_assert!(
            solution.is_ok(),
            "parsed query {query:?} rejected: {solution:?}"
        );
        let solution = solution.unwrap();
        if let Some(solution) = &solution {
            prop_assert_eq!(
                huarongdao::replay(board, query, &solution.path.0),
                Ok(solution.moves),
                "path {} of query {:?}",
                solution.path,
                query
            );
        }
        parsers::huarongdao::write_answer(&mut expected, solution.map(|s| s.moves));
    }
    prop_assert_eq!(parsers::huarongdao::judge(text), Ok(expected));
    Ok(())
}

fn check_bloxorz(text: &[u8]) -> Result<(), TestCaseError> {
    let boards = match parsers::bloxorz::parse(text) {
        Ok(boards) => boards,
        Err(e) => {
            prop_assert_eq!(parsers::bloxorz::judge(text), Err(e));
            return Ok(());
        }
    };
    if boards.iter().any(|b| b.rows() * b.cols() > MAX_CELLS) {
        return Ok(());
    }
    // One solver for all cases, as the judge does: buffers are reused across boards.
    let mut solver = bloxorz::Solver::new();
    let mut expected = String::new();
    for (i, board) in boards.iter().enumerate() {
        let solution = solver.solve_with_path(board);
        if let Some(solution) = &solution {
            prop_assert_eq!(
                bloxorz::replay(board, &solution.path.0),
                Ok(solution.moves),
                "path {} of case {}",
                solution.path,
                i + 1
            );
        }
        parsers::bloxorz::write_answer(&mut expected, solution.map(|s| s.moves));
    }
    prop_assert_eq!(parsers::bloxorz::judge(text), Ok(expected));
    Ok(())
}

fn check_holedox(text: &[u8]) -> Result<(), TestCaseError> {
    let games = match parsers::holedox::parse(text) {
        Ok(games) => games,
        Err(e) => {
            prop_assert_eq!(parsers::holedox::judge(text), Err(e));
            return Ok(());
        }
    };
    if games.iter().any(|g| g.rows() * g.cols() > MAX_CELLS) {
        return Ok(());
    }
    let mut solver = holedox::Solver::new();
    let mut expected = String::new();
    for (i, game) in games.iter().enumerate() {
        let Ok(solution) = solver.solve_with_path(game) else {
            // Over the solver's memory limit: the judge must refuse the input too.
            prop_assert!(parsers::holedox::judge(text).is_err());
            return Ok(());
        };
        if let Some(solution) = &solution {
            prop_assert_eq!(
                holedox::replay(game, &solution.path.0),
                Ok(solution.moves),
                "path {} of case {}",
                solution.path,
                i + 1
            );
        }
        parsers::holedox::write_answer(&mut expected, i + 1, solution.map(|s| s.moves));
    }
    prop_assert_eq!(parsers::holedox::judge(text), Ok(expected));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, ..ProptestConfig::default() })]

    #[test]
    fn huarongdao_noise(text in noise()) {
        for end in 0..=text.0.len() {
            check_huarongdao(&text.0[..end])?;
        }
    }

    #[test]
    fn huarongdao_mutated_fixtures(text in mutant(&HUARONGDAO_SEEDS)) {
        check_huarongdao(&text.0)?;
    }

    #[test]
    fn bloxorz_noise(text in noise()) {
        for end in 0..=text.0.len() {
            check_bloxorz(&text.0[..end])?;
        }
    }

    #[test]
    fn bloxorz_mutated_fixtures(text in mutant(&BLOXORZ_SEEDS)) {
        check_bloxorz(&text.0)?;
    }

    #[test]
    fn holedox_noise(text in noise()) {
        for end in 0..=text.0.len() {
            check_holedox(&text.0[..end])?;
        }
    }

    #[test]
    fn holedox_mutated_fixtures(text in mutant(&HOLEDOX_SEEDS)) {
        check_holedox(&text.0)?;
    }
}

/// The mutants are not all rejected: enough of them parse and get solved for the
/// checks above to mean something.
#[test]
fn mutants_often_parse() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    let mut runner = TestRunner::deterministic();
    for (seeds, parses) in [
        (
            &HUARONGDAO_SEEDS,
            (|t| parsers::huarongdao::parse(t).is_ok()) as fn(&[u8]) -> bool,
        ),
        (&BLOXORZ_SEEDS, |t| parsers::bloxorz::parse(t).is_ok()),
        (&HOLEDOX_SEEDS, |t| parsers::holedox::parse(t).is_ok()),
    ] {
        let strategy = mutant(seeds);
        let parsed = (0..200)
            .filter(|_| parses(&strategy.new_tree(&mut runner).unwrap().current().0))
            .count();
        assert!(parsed >= 30, "only {parsed} of 200 mutants parse");
    }
}
