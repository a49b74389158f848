//! Junk in, checked answers out: for every puzzle of the registry, arbitrary bytes and
//! its fixture inputs mutated by byte flips, insertions, deletions, truncations and
//! splices go through read -> solve -> replay -> oracle -> judge
//! ([`puzzles::selfcheck::check`]). Nothing may panic; every reported path replays to
//! exactly its reported answer; the oracle agrees on small boards; and the judge gives
//! the same output as the answers (or the same error).
//!
//! Inputs with boards over [`BOUNDS`]' cells or more cases are read but not solved, so
//! every case stays fast. Coverage-guided fuzzing of the same pipeline lives in `fuzz/`
//! (see fuzz/README.md).

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use puzzles::selfcheck::{Bounds, check};
use puzzles::{PUZZLES, Puzzle};
use std::fmt;
use std::path::Path;

const BOUNDS: Bounds = Bounds {
    max_cells: 40 * 40,
    max_cases: 200,
    oracle_states: 5_000,
    max_states: 1_000_000,
};

/// Cases per puzzle and kind of junk.
const CASES: u32 = 500;

/// Fixture inputs up to this size seed the mutants, so solving a mutant stays cheap.
const SEED_BYTES: u64 = 3000;

/// The seed inputs of a puzzle: its small fixtures and its sample.
fn seeds(puzzle: &dyn Puzzle) -> Vec<Vec<u8>> {
    let name = puzzle.about().name;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(name);
    let mut seeds = vec![puzzle.about().sample.as_bytes().to_vec()];
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .filter(|p| p.metadata().is_ok_and(|m| m.len() <= SEED_BYTES))
        .collect();
    files.sort();
    seeds.extend(files.iter().map(|p| std::fs::read(p).expect("a fixture")));
    assert!(seeds.len() >= 5, "{name}: too few small fixtures to mutate");
    seeds
}

/// The bytes the puzzle's format gives meaning to (those of its sample, and the digits):
/// mutations and noise favour them.
fn format_bytes(puzzle: &dyn Puzzle) -> Vec<u8> {
    let mut bytes: Vec<u8> = puzzle
        .about()
        .sample
        .bytes()
        .chain(*b"0123456789 \t\r\n-")
        .collect();
    bytes.sort_unstable();
    bytes.dedup();
    bytes
}

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
fn classes(symbols: &[u8]) -> Vec<Vec<u8>> {
    vec![
        b"0123456789".to_vec(),
        b"01".to_vec(),
        symbols.to_vec(),
        b" \t\n".to_vec(),
    ]
}

/// The sample's bytes that are neither digits nor spaces: the format's symbols.
fn symbols(puzzle: &dyn Puzzle) -> Vec<u8> {
    let mut symbols: Vec<u8> = puzzle
        .about()
        .sample
        .bytes()
        .filter(|b| b.is_ascii_graphic() && !b.is_ascii_digit())
        .collect();
    symbols.sort_unstable();
    symbols.dedup();
    if symbols.is_empty() {
        symbols.push(b'#');
    }
    symbols
}

/// One edit of a seed input.
#[derive(Clone, Debug)]
enum Edit {
    /// Replace a byte by another of its class (see [`classes`]).
    Twin(Index, Index),
    /// Swap a byte with another of its class elsewhere: the tiles of a sliding-tile
    /// board stay a permutation, where a twin would repeat one.
    Swap(Index, Index),
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
    fn apply(&self, bytes: &mut Vec<u8>, seeds: &[Vec<u8>], classes: &[Vec<u8>]) {
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
                if let Some(class) = classes.iter().rev().find(|c| c.contains(&bytes[at])) {
                    bytes[at] = class[pick.index(class.len())];
                }
            }
            Edit::Swap(at, pick) => {
                let at = at.index(len);
                if let Some(class) = classes.iter().rev().find(|c| c.contains(&bytes[at])) {
                    let others: Vec<usize> = (0..len)
                        .filter(|&i| i != at && class.contains(&bytes[i]))
                        .collect();
                    if !others.is_empty() {
                        bytes.swap(at, others[pick.index(others.len())]);
                    }
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

/// Any byte, but mostly the ones the format uses.
fn byte(format: Vec<u8>) -> impl Strategy<Value = u8> {
    prop_oneof![1 => any::<u8>(), 3 => prop::sample::select(format)]
}

fn edit(format: Vec<u8>) -> impl Strategy<Value = Edit> {
    prop_oneof![
        20 => any::<(Index, Index)>().prop_map(|(at, pick)| Edit::Twin(at, pick)),
        20 => any::<(Index, Index)>().prop_map(|(at, pick)| Edit::Swap(at, pick)),
        3 => (any::<Index>(), 1u8..).prop_map(|(at, mask)| Edit::Flip(at, mask)),
        3 => (any::<Index>(), byte(format.clone())).prop_map(|(at, b)| Edit::Set(at, b)),
        3 => (any::<Index>(), byte(format)).prop_map(|(at, b)| Edit::Insert(at, b)),
        2 => (any::<Index>(), 1usize..=8).prop_map(|(at, n)| Edit::Delete(at, n)),
        1 => any::<Index>().prop_map(Edit::Truncate),
        1 => any::<(Index, Index, Index)>().prop_map(|(o, c, oc)| Edit::Splice(o, c, oc)),
    ]
}

/// (a) Arbitrary bytes, in runs that look like tokens (small numbers, rows of cells)
/// so that some of their prefixes parse (the tests feed every prefix: a format ends
/// where it ends, and noise after it is an error).
fn noise(puzzle: &dyn Puzzle) -> impl Strategy<Value = Bytes> {
    let run = prop_oneof![
        1 => prop::collection::vec(byte(format_bytes(puzzle)), 1..4),
        8 => (0u8..=3).prop_map(|n| format!("{n} ").into_bytes()),
        1 => prop::collection::vec(prop::sample::select(symbols(puzzle)), 1..8).prop_map(|mut row| {
            row.push(b'\n');
            row
        }),
    ];
    prop::collection::vec(run, 0..48).prop_map(|runs| Bytes(runs.concat()))
}

/// (b) A seed with one to three edits.
fn mutant(puzzle: &dyn Puzzle) -> impl Strategy<Value = Bytes> {
    let seeds = seeds(puzzle);
    let classes = classes(&symbols(puzzle));
    let edits = prop::collection::vec(edit(format_bytes(puzzle)), 1..=3);
    (any::<Index>(), edits).prop_map(move |(seed, edits)| {
        let mut bytes = seeds[seed.index(seeds.len())].clone();
        for edit in &edits {
            edit.apply(&mut bytes, &seeds, &classes);
        }
        Bytes(bytes)
    })
}

fn run(puzzle: &dyn Puzzle, strategy: impl Strategy<Value = Bytes>, prefixes: bool) {
    let mut runner = TestRunner::new(Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    });
    let name = puzzle.about().name;
    let result = runner.run(&strategy, |text| {
        let ends = if prefixes {
            0..=text.0.len()
        } else {
            text.0.len()..=text.0.len()
        };
        for end in ends {
            check(puzzle, &text.0[..end], &BOUNDS)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
}

#[test]
fn noise_for_every_puzzle() {
    for &puzzle in PUZZLES {
        run(puzzle, noise(puzzle), true);
    }
}

#[test]
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
fn mutated_fixtures_for_every_puzzle() {
    for &puzzle in PUZZLES {
        run(puzzle, mutant(puzzle), false);
    }
}

/// The mutants are not all rejected: enough of them parse and get solved for the
/// checks above to mean something.
#[test]
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
fn mutants_often_parse_and_get_solved() {
    use proptest::strategy::ValueTree;

    for &puzzle in PUZZLES {
        let mut runner = TestRunner::deterministic();
        let strategy = mutant(puzzle);
        let (mut parsed, mut solved) = (0, 0);
        for _ in 0..200 {
            let text = strategy.new_tree(&mut runner).unwrap().current();
            let coverage = check(puzzle, &text.0, &BOUNDS).unwrap();
            parsed += usize::from(coverage.parsed);
            solved += usize::from(coverage.solved > 0);
        }
        let name = puzzle.about().name;
        assert!(parsed >= 30, "{name}: only {parsed} of 200 mutants parse");
        assert!(
            solved >= 20,
            "{name}: only {solved} of 200 mutants get solved"
        );
    }
}
