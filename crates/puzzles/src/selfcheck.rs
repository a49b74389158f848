//! One input through every part of a puzzle, each part checked against the others: the
//! pipeline the fuzz targets and the junk tests drive with arbitrary bytes.

use crate::contract::PathError;
use crate::contract::RunError;
use crate::driver::{PathsFor, Puzzle};
use crate::options::{Options, UsageError};
use grid_core::{LimitError, Limits};
use std::fmt;

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
/// The first disagreement.
pub fn check(puzzle: &dyn Puzzle, input: &[u8], bounds: &Bounds) -> Result<Coverage, Disagreement> {
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
                Err(Disagreement::Reading {
                    read: e,
                    judged: Box::new(judged),
                })
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
        .map_err(Disagreement::Options)?;
    for solved in solutions {
        let solved = match solved {
            Ok(solved) => solved,
            Err(unsolved @ RunError::Unsolved { .. }) => {
                // Over the state limit or a solver's own memory limit: the judge must
                // refuse it too.
                return match judged {
                    Err(e) if e == unsolved => Ok(coverage),
                    judged => Err(Disagreement::Unsolved {
                        unsolved,
                        judged: Box::new(judged),
                    }),
                };
            }
            Err(e) => return Err(Disagreement::Failed(e)),
        };
        let number = solved.number();
        coverage.solved += 1;
        match (solved.moves(), solved.path()) {
            (Some(moves), Some(path)) => {
                let replayed = solved.replay(&path);
                if replayed != Ok(moves) {
                    return Err(Disagreement::Replay {
                        case: number,
                        path,
                        replayed,
                        moves,
                    });
                }
                coverage.replayed += 1;
            }
            (None, None) => {}
            (moves, path) => {
                return Err(Disagreement::Path {
                    case: number,
                    moves,
                    path,
                });
            }
        }
        if let Some(states) = solved.state_space()
            && states <= bounds.oracle_states
            && let Some(oracle) = solved.oracle(Limits::NONE)
        {
            let oracle = oracle.map_err(|e| Disagreement::OracleStopped(number, e))?;
            if oracle != solved.moves() {
                return Err(Disagreement::Oracle {
                    case: number,
                    solver: solved.moves(),
                    oracle,
                });
            }
            coverage.confirmed += 1;
        }
        solved.write_answer(&mut expected);
    }
    if judged.as_ref() != Ok(&expected) {
        return Err(Disagreement::Judge {
            judged: Box::new(judged),
            expected,
        });
    }
    Ok(coverage)
}

/// Where two parts of a puzzle disagree on one input (a bug, in one of them).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Disagreement {
    /// Reading refused the input; the judge answered otherwise.
    Reading {
        /// Why reading refused it.
        read: RunError,
        /// What the judge answered.
        judged: Box<Result<String, RunError>>,
    },
    /// The puzzle refused the empty options.
    Options(UsageError),
    /// Solving stopped at a limit; the judge answered otherwise.
    Unsolved {
        /// The limit solving stopped at.
        unsolved: RunError,
        /// What the judge answered.
        judged: Box<Result<String, RunError>>,
    },
    /// The input read, then solving failed.
    Failed(RunError),
    /// A path that does not replay to its case's answer.
    Replay {
        /// The case, from 1.
        case: usize,
        /// The path, as the puzzle writes it.
        path: String,
        /// What replaying it gave.
        replayed: Result<u64, PathError>,
        /// The case's answer.
        moves: u64,
    },
    /// An answer without a path, or a path without an answer.
    Path {
        /// The case, from 1.
        case: usize,
        /// The answer, if any.
        moves: Option<u64>,
        /// The path, if any.
        path: Option<String>,
    },
    /// The oracle stopped at its limit on a case within the bounds.
    OracleStopped(usize, LimitError),
    /// The solver and the oracle gave other answers.
    Oracle {
        /// The case, from 1.
        case: usize,
        /// The solver's answer (`None`: unsolvable).
        solver: Option<u64>,
        /// The oracle's answer (`None`: unsolvable).
        oracle: Option<u64>,
    },
    /// The judge output is not the cases' answers.
    Judge {
        /// What the judge wrote.
        judged: Box<Result<String, RunError>>,
        /// The cases' answers, as the judge writes them.
        expected: String,
    },
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Disagreement::Reading { read, judged } => {
                write!(f, "reading says {read}, the judge says {judged:?}")
            }
            Disagreement::Options(e) => write!(f, "no options, yet: {e}"),
            Disagreement::Unsolved { unsolved, judged } => {
                write!(f, "solving says {unsolved}, the judge says {judged:?}")
            }
            Disagreement::Failed(e) => write!(f, "the input read, then failed: {e}"),
            Disagreement::Replay {
                case,
                path,
                replayed,
                moves,
            } => write!(
                f,
                "case {case}: path {path} replays to {replayed:?}, the answer is {moves}"
            ),
            Disagreement::Path { case, moves, path } => {
                write!(f, "case {case}: answer {moves:?} with path {path:?}")
            }
            Disagreement::OracleStopped(case, e) => {
                write!(f, "case {case}: the oracle stopped: {e}")
            }
            Disagreement::Oracle {
                case,
                solver,
                oracle,
            } => write!(
                f,
                "case {case}: the solver says {solver:?}, the oracle {oracle:?}"
            ),
            Disagreement::Judge { judged, expected } => {
                write!(f, "the judge wrote {judged:?}, the cases {expected:?}")
            }
        }
    }
}

impl std::error::Error for Disagreement {}
