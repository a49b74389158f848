//! The integration tests of this crate, in one test binary: each file of this folder
//! is a module (one binary links the crate graph once, where one per file linked it
//! once each).

use fifteen::generate::{Family, GenParams, GoalKind, generate};
use fifteen::{Board, Limits, Method, Solver};
use std::sync::{Mutex, MutexGuard, OnceLock};

mod budgets;
mod checkpoint;
mod easy;
mod eight_space;
mod korf;
mod oracle_agreement;
mod progress;
mod replay;
mod results;
mod rules;
mod solver;
mod store;

/// One solver by the pattern databases for the tests that need 4 x 4 databases: the set
/// of the last blank goal cell is kept for the next test (a solver holds one set), and
/// every set built is kept in the store the other tests of 4 x 4 databases read
/// ([`checkpoint::store`]), since a build takes seconds of CPU.
pub(crate) fn databases() -> MutexGuard<'static, Solver> {
    static SOLVER: OnceLock<Mutex<Solver>> = OnceLock::new();
    SOLVER
        .get_or_init(|| {
            Mutex::new(
                Solver::new()
                    .with_method(Method::Pdb)
                    .with_store(checkpoint::store()),
            )
        })
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A budget of `states` positions and no time limit.
pub(crate) fn limits(states: u64) -> Limits {
    Limits {
        max_states: Some(states),
        max_time: None,
    }
}

/// A random arrangement of a `rows` x `cols` board towards the blank-last goal.
pub(crate) fn random(rows: usize, cols: usize, seed: u64) -> Board {
    generate(&GenParams {
        family: Family::Random,
        rows,
        cols,
        steps: 0,
        goal: GoalKind::BlankLast,
        seed,
    })
    .unwrap()
}

/// A walk of `steps` random moves of the blank from the blank-last goal of a `rows` x
/// `cols` board.
pub(crate) fn walk(rows: usize, cols: usize, steps: u64, seed: u64) -> Board {
    generate(&GenParams {
        family: Family::Walk,
        rows,
        cols,
        steps,
        goal: GoalKind::BlankLast,
        seed,
    })
    .unwrap()
}
