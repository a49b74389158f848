//! Judge text -> read -> solve every case -> replay every path -> oracle -> judge, for
//! every puzzle of the registry; see ../README.md.
//!
//! The first byte picks the puzzle (unless `GRIDSOLVE_FUZZ_PUZZLE` names one); the rest
//! is its input. `puzzles::selfcheck::check` asserts that every path replays to exactly
//! its reported answer, that small boards agree with the naive oracle, and that the
//! judge prints the same answers (or fails with the same error as reading).

#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::selfcheck::{Bounds, check};
use puzzles::{PUZZLES, Puzzle};
use std::sync::LazyLock;

/// Inputs with boards larger than this or more cases are read but not solved, and no
/// search goes past 50,000 states, so one execution stays well within the 10 s timeout
/// even where a state costs microseconds (a sliding-block layout too large for the fast state
/// code, in this instrumented build, on a busy machine); small boards also go to the
/// oracle.
const BOUNDS: Bounds = Bounds {
    max_cells: 64 * 64,
    max_cases: 256,
    oracle_states: 50_000,
    max_states: 50_000,
};

/// The puzzle `GRIDSOLVE_FUZZ_PUZZLE` names, if any.
static ONLY: LazyLock<Option<&'static dyn Puzzle>> = LazyLock::new(|| {
    let name = std::env::var("GRIDSOLVE_FUZZ_PUZZLE").ok()?;
    Some(puzzles::find(&name).unwrap_or_else(|| {
        panic!("GRIDSOLVE_FUZZ_PUZZLE={name}: expected one of {}", puzzles::names())
    }))
});

fuzz_target!(|data: &[u8]| {
    let (puzzle, input) = match *ONLY {
        Some(puzzle) => (puzzle, data),
        None => match data.split_first() {
            Some((&pick, rest)) => (PUZZLES[usize::from(pick) % PUZZLES.len()], rest),
            None => return,
        },
    };
    if let Err(problem) = check(puzzle, input, &BOUNDS) {
        panic!("{}: {problem}", puzzle.about().name);
    }
});
