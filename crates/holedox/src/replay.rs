//! An independent checker of head-step sequences, knowing only the rules.

use crate::{EXIT, Game};
use grid_core::{Dir, Pos};
use std::fmt;

/// Why a step sequence is not a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// Step number `step` (1-based) leaves the lair, hits a stone or a block.
    Blocked { step: usize, dir: Dir, head: Pos },
    /// After the last step the head is not on the exit.
    NotOnExit { head: Pos },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ReplayError::Blocked { step, dir, head } => write!(
                f,
                "step {step} ({dir}) from {head} leaves the lair or runs into a stone or the body"
            ),
            ReplayError::NotOnExit { head } => {
                write!(
                    f,
                    "the steps end with the head at {head}, not on the exit (1, 1)"
                )
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// Moves the snake along `path` (the head's steps) by [`Game::step`] and checks that
/// every step is allowed and that the head ends on the exit. Returns the number of
/// steps.
///
/// ```
/// use grid_core::{Moves, Pos};
/// use holedox::{replay, Game};
///
/// let game = Game::new(2, 2, &[], &[Pos::new(0, 1), Pos::new(0, 0)]).unwrap();
/// let path: Moves = "DLU".parse().unwrap();
/// assert_eq!(replay(&game, &path), Ok(3));
/// assert!(replay(&game, &[grid_core::Dir::Left]).is_err()); // into the tail's square
/// ```
///
/// # Errors
/// The first step that is not allowed, or an end off the exit.
pub fn replay(game: &Game, path: &[Dir]) -> Result<u64, ReplayError> {
    let bodies = trace(game, path)?;
    let head = bodies[bodies.len() - 1][0];
    if head != EXIT {
        return Err(ReplayError::NotOnExit { head });
    }
    Ok(path.len() as u64)
}

/// The snake's bodies along `path` (head first): the start, then one after each step
/// (one more than there are steps), each step checked as [`replay`] does; whether the
/// head ends on the exit is not checked. For pictures of a solution.
///
/// # Errors
/// The first step that is not allowed.
pub fn trace(game: &Game, path: &[Dir]) -> Result<Vec<Vec<Pos>>, ReplayError> {
    let mut bodies = Vec::with_capacity(path.len() + 1);
    bodies.push(game.body().to_vec());
    for (i, &dir) in path.iter().enumerate() {
        let body = &bodies[i];
        let next = game.step(body, dir).ok_or(ReplayError::Blocked {
            step: i + 1,
            dir,
            head: body[0],
        })?;
        bodies.push(next);
    }
    Ok(bodies)
}
