//! An independent checker of head-step sequences, knowing only the rules.

use crate::{EXIT, Game};
use grid_core::{Dir, Pos};
use std::fmt;

/// Why a step sequence is not a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayError {
    /// Step number `step` leaves the lair, hits a stone or a block.
    Blocked {
        /// The step, 1-based.
        step: usize,
        /// Its direction.
        dir: Dir,
        /// The head before the step, 0-based.
        head: Pos,
    },
    /// After the last step the head is not on the exit.
    NotOnExit {
        /// Where the head ended, 0-based.
        head: Pos,
    },
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
/// use holedox::{replay, Game, Moves, Pos};
///
/// let game = Game::new(2, 2, &[], &[Pos::new(0, 1), Pos::new(0, 0)]).unwrap();
/// let path: Moves = "DLU".parse().unwrap();
/// assert_eq!(replay(&game, &path), Ok(3));
/// assert!(replay(&game, &[holedox::Dir::Left]).is_err()); // into the tail's square
/// ```
///
/// # Errors
/// The first step that is not allowed, or an end off the exit.
pub fn replay(game: &Game, path: &[Dir]) -> Result<u64, ReplayError> {
    let mut walk = walk(game, path);
    let mut head = game.body()[0];
    while let Some(body) = walk.advance() {
        head = body?[0];
    }
    if head != EXIT {
        return Err(ReplayError::NotOnExit { head });
    }
    Ok(path.len() as u64)
}

/// The snake's bodies along `path` (head first), one at a time: the start, then one
/// after each step (one more than there are steps), each step checked as [`replay`]
/// does; the first step that is not allowed ends the walk with its error. Whether the
/// head ends on the exit is not checked. For pictures of a solution: memory stays that
/// of one body however long the path.
///
/// ```
/// use holedox::{walk, Game, Moves, Pos};
///
/// let game = Game::new(2, 2, &[], &[Pos::new(0, 1), Pos::new(0, 0)]).unwrap();
/// let path: Moves = "DLU".parse().unwrap();
/// let heads: Vec<Pos> = walk(&game, &path).map(|body| body.unwrap()[0]).collect();
/// assert_eq!(heads, [Pos::new(0, 1), Pos::new(1, 1), Pos::new(1, 0), Pos::new(0, 0)]);
/// ```
pub fn walk<'a>(game: &'a Game, path: &'a [Dir]) -> Walk<'a> {
    Walk {
        game,
        path,
        next: 0,
        body: game.body().to_vec(),
        failed: false,
        started: false,
    }
}

/// The bodies along a path: see [`walk`].
#[derive(Clone, Debug)]
pub struct Walk<'a> {
    game: &'a Game,
    path: &'a [Dir],
    /// The index of the next step.
    next: usize,
    /// The body now, head first.
    body: Vec<Pos>,
    failed: bool,
    started: bool,
}

impl Walk<'_> {
    /// The next body, lent: what [`Iterator::next`] gives without a copy.
    fn advance(&mut self) -> Option<Result<&[Pos], ReplayError>> {
        if self.failed {
            return None;
        }
        if !self.started {
            self.started = true;
            return Some(Ok(&self.body));
        }
        let &dir = self.path.get(self.next)?;
        self.next += 1;
        match self.game.step(&self.body, dir) {
            Some(next) => {
                self.body = next;
                Some(Ok(&self.body))
            }
            None => {
                self.failed = true;
                Some(Err(ReplayError::Blocked {
                    step: self.next,
                    dir,
                    head: self.body[0],
                }))
            }
        }
    }
}

impl Iterator for Walk<'_> {
    type Item = Result<Vec<Pos>, ReplayError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.advance().map(|body| body.map(<[Pos]>::to_vec))
    }
}

/// The snake's bodies along `path` (see [`walk`]), all at once.
///
/// # Errors
/// The first step that is not allowed.
pub fn trace(game: &Game, path: &[Dir]) -> Result<Vec<Vec<Pos>>, ReplayError> {
    walk(game, path).collect()
}
