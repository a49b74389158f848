//! One input through every part of a puzzle, each part checked against the others: the
//! pipeline the fuzz targets and the junk tests drive with arbitrary bytes.

use crate::driver::{PathsFor, Puzzle, RunError};
use crate::options::Options;
use grid_core::Limits;

/// How much of an input a check solves: larger inputs are only read, so one check stays
/// within milliseconds.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Largest board solved, in cells.
    pub max_cells: usize,
    /// Most cases solved.
    pub max_cases: usize,
    /// Cases whose whole state space is at most this many states are also solved by the
    /// naive oracle.
    pub oracle_states: u64,
    /// The most states one search may generate (a board's size does not bound them for
    /// every puzzle): a search past it stops at the limit, which solving and judging must
    /// report alike.
    pub max_states: u64,
}

/// What a check covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Whether the input was valid.
    pub parsed: bool,
    /// Cases solved (0 when the input was only read).
    pub solved: usize,
    /// Paths replayed.
    pub replayed: usize,
    /// Answers the oracle confirmed.
    pub confirmed: usize,
}

/// Reads `input`; if it is valid and within `bounds`, solves every case with its path
/// and checks that each path replays to exactly its answer, that the oracle agrees where
/// it finishes within bounds, and that the judge output is the cases' lines; if it is
/// invalid, checks that solving reports the same error.
///
/// # Errors
/// The first disagreement, in words.
pub fn check(puzzle: &dyn Puzzle, input: &[u8], bounds: &Bounds) -> Result<Coverage, String> {
    let options = Options::new();
    let limits = Limits {
        max_states: Some(bounds.max_states),
        max_time: None,
    };
    let judged = puzzle.judge(input.into(), &options, limits);
    let summary = match puzzle.inspect(input.into()) {
        Ok(summary) => summary,
        Err(e) => {
            return if judged == Err(e.clone()) {
                Ok(Coverage::default())
            } else {
                Err(format!("reading says {e}, the judge says {judged:?}"))
            };
        }
    };
    let mut coverage = Coverage {
        parsed: true,
        ..Coverage::default()
    };
    if summary.largest > bounds.max_cells || summary.cases > bounds.max_cases {
        return Ok(coverage);
    }
    let mut expected = String::new();
    let solutions = puzzle
        .solutions(input.into(), &options, limits, PathsFor::ALL)
        .map_err(|e| format!("no options, yet: {e}"))?;
    for solved in solutions {
        let solved = match solved {
            Ok(solved) => solved,
            Err(unsolved @ RunError::Unsolved { .. }) => {
                // Over the state limit or a solver's own memory limit: the judge must
                // refuse it too.
                return match judged {
                    Err(e) if e == unsolved => Ok(coverage),
                    other => Err(format!("solving says {unsolved}, the judge says {other:?}")),
                };
            }
            Err(e) => return Err(format!("the input read, then failed: {e}")),
        };
        let number = solved.number();
        coverage.solved += 1;
        match (solved.moves(), solved.path()) {
            (Some(moves), Some(path)) => {
                let replayed = solved.replay(&path);
                if replayed != Ok(moves) {
                    return Err(format!(
                        "case {number}: path {path} replays to {replayed:?}, the answer is {moves}"
                    ));
                }
                coverage.replayed += 1;
            }
            (None, None) => {}
            (moves, path) => {
                return Err(format!(
                    "case {number}: answer {moves:?} with path {path:?}"
                ));
            }
        }
        if let Some(states) = solved.state_space()
            && states <= bounds.oracle_states
            && let Some(oracle) = solved.oracle(Limits::NONE)
        {
            let oracle = oracle.map_err(|e| format!("case {number}: the oracle stopped: {e}"))?;
            if oracle != solved.moves() {
                return Err(format!(
                    "case {number}: the solver says {:?}, the oracle {oracle:?}",
                    solved.moves()
                ));
            }
            coverage.confirmed += 1;
        }
        solved.write_answer(&mut expected);
    }
    if judged != Ok(expected.clone()) {
        return Err(format!(
            "the judge wrote {judged:?}, the cases {expected:?}"
        ));
    }
    Ok(coverage)
}
