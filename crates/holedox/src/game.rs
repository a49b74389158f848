//! The lair, its stones and the snake.

use grid_core::{Dir, Grid, Pos};
use std::fmt;

/// The largest lair side this crate handles (the judge's is 20).
pub const MAX_SIDE: usize = 64;
/// The longest snake this crate handles (the judge's is 8).
pub const MAX_LENGTH: usize = 16;
/// The shortest snake: a head and one block.
pub const MIN_LENGTH: usize = 2;

/// The exit: the head must reach it. 0-based, so the judge's (1,1).
pub const EXIT: Pos = Pos::new(0, 0);

/// A game: an `rows x cols` lair with stones, and the snake in it, head first.
///
/// ```
/// use holedox::{Game, Pos};
///
/// // A 2x2 lair, no stones, the head on (1,2) and the tail on (1,1) (1-based).
/// let game = Game::new(2, 2, &[], &[Pos::new(0, 1), Pos::new(0, 0)]).unwrap();
/// assert_eq!(game.len(), 2);
/// assert!(game.is_free(Pos::new(1, 1)));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Game {
    /// `true` where there is no stone; the one-cell border is `false`.
    lair: Grid<bool>,
    body: Vec<Pos>,
}

impl Game {
    /// A game on an `rows x cols` lair with `stones`, the snake's `body` head first.
    /// Squares are 0-based: the judge input's block `3 1` (row 3, column 1) is
    /// `Pos::new(2, 0)`, and the exit, the judge's `(1, 1)`, is [`EXIT`].
    ///
    /// # Errors
    /// A size out of range, a body of the wrong length, a block outside the lair or on a
    /// stone, two blocks on one square, consecutive blocks that do not share an edge, or
    /// a stone outside the lair. A stone on the exit is allowed (the answer is then
    /// "never").
    pub fn new(rows: usize, cols: usize, stones: &[Pos], body: &[Pos]) -> Result<Game, GameError> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(GameError::Size { rows, cols });
        }
        if !(MIN_LENGTH..=MAX_LENGTH).contains(&body.len()) {
            return Err(GameError::Length { length: body.len() });
        }
        let mut lair = Grid::new(rows, cols, 1, true, false);
        for (i, &stone) in stones.iter().enumerate() {
            if !lair.contains(stone) {
                return Err(GameError::StoneOutside {
                    index: i,
                    pos: stone,
                });
            }
            lair.set(stone, false);
        }
        for (i, &block) in body.iter().enumerate() {
            if !lair.contains(block) {
                return Err(GameError::BlockOutside {
                    index: i,
                    pos: block,
                });
            }
            if !lair.get(block) {
                return Err(GameError::BlockOnStone {
                    index: i,
                    pos: block,
                });
            }
            if let Some(j) = body[..i].iter().position(|&b| b == block) {
                return Err(GameError::BlocksOverlap {
                    first: j,
                    second: i,
                    pos: block,
                });
            }
            if i > 0 && body[i - 1].manhattan(block) != 1 {
                return Err(GameError::BlocksApart {
                    index: i,
                    pos: block,
                });
            }
        }
        Ok(Game {
            lair,
            body: body.to_vec(),
        })
    }

    /// Number of rows of the lair.
    pub fn rows(&self) -> usize {
        self.lair.rows()
    }

    /// Number of columns of the lair.
    pub fn cols(&self) -> usize {
        self.lair.cols()
    }

    /// The snake's length `L`.
    pub fn len(&self) -> usize {
        self.body.len()
    }

    /// Always `false`: a snake has at least [`MIN_LENGTH`] blocks.
    pub fn is_empty(&self) -> bool {
        self.body.is_empty()
    }

    /// The snake, head first.
    pub fn body(&self) -> &[Pos] {
        &self.body
    }

    /// Whether `pos` is a square of the lair without a stone (the body does not count).
    pub fn is_free(&self, pos: Pos) -> bool {
        self.lair.contains(pos) && self.lair.get(pos)
    }

    /// The padded lair: `true` where there is no stone, a `false` border around it.
    pub fn lair(&self) -> &Grid<bool> {
        &self.lair
    }

    /// The body after the head steps in `dir` from `body`, if the rules allow the step:
    /// the new square is in the lair, not a stone, and not under any block, the tail's
    /// included.
    pub fn step(&self, body: &[Pos], dir: Dir) -> Option<Vec<Pos>> {
        let head = body.first()?.step(dir)?;
        if !self.is_free(head) || body.contains(&head) {
            return None;
        }
        let mut next = Vec::with_capacity(body.len());
        next.push(head);
        next.extend_from_slice(&body[..body.len() - 1]);
        Some(next)
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Game {}x{} L={}", self.rows(), self.cols(), self.len())?;
        for r in 0..self.rows() {
            let row: String = (0..self.cols())
                .map(|c| {
                    let pos = Pos::new(r, c);
                    match self.body.iter().position(|&b| b == pos) {
                        Some(0) => 'H',
                        Some(i) if i < 10 => char::from(b'0' + i as u8),
                        Some(_) => 'b',
                        None if !self.is_free(pos) => '#',
                        None => '.',
                    }
                })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

/// Why a game could not be built. Positions are 0-based and print 1-based; block and
/// stone indices are 0-based (block 0 is the head).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameError {
    /// A side outside `1..=MAX_SIDE`.
    Size {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// A body length outside `MIN_LENGTH..=MAX_LENGTH`.
    Length {
        /// The blocks given.
        length: usize,
    },
    /// A stone outside the lair.
    StoneOutside {
        /// The stone's index in the list, 0-based.
        index: usize,
        /// Where it is, 0-based.
        pos: Pos,
    },
    /// A block outside the lair.
    BlockOutside {
        /// The block's index, 0-based from the head.
        index: usize,
        /// Where it is, 0-based.
        pos: Pos,
    },
    /// A block on a stone.
    BlockOnStone {
        /// The block's index, 0-based from the head.
        index: usize,
        /// The square of both, 0-based.
        pos: Pos,
    },
    /// Two blocks on one square.
    BlocksOverlap {
        /// The first block's index, 0-based from the head.
        first: usize,
        /// The second block's index, 0-based from the head.
        second: usize,
        /// The square of both, 0-based.
        pos: Pos,
    },
    /// A block that does not share an edge with the one before it.
    BlocksApart {
        /// The block's index, 0-based from the head (at least 1).
        index: usize,
        /// Where it is, 0-based.
        pos: Pos,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameError::Size { rows, cols } => {
                write!(
                    f,
                    "a {rows} x {cols} lair is outside 1..={MAX_SIDE} on a side"
                )
            }
            GameError::Length { length } => write!(
                f,
                "a snake of length {length} is outside {MIN_LENGTH}..={MAX_LENGTH}"
            ),
            GameError::StoneOutside { index, pos } => {
                write!(f, "stone {} at {pos} is outside the lair", index + 1)
            }
            GameError::BlockOutside { index, pos } => {
                write!(f, "block {} at {pos} is outside the lair", index + 1)
            }
            GameError::BlockOnStone { index, pos } => {
                write!(f, "block {} at {pos} is on a stone", index + 1)
            }
            GameError::BlocksOverlap { first, second, pos } => write!(
                f,
                "blocks {} and {} are both at {pos}",
                first + 1,
                second + 1
            ),
            GameError::BlocksApart { index, pos } => write!(
                f,
                "block {} at {pos} does not share an edge with block {}",
                index + 1,
                index
            ),
        }
    }
}

impl std::error::Error for GameError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each error says what is wrong and where: positions, blocks and stones 1-based.
    #[test]
    fn errors_say_what_and_where() {
        let p = Pos::new;
        for (error, message) in [
            (
                GameError::Size { rows: 0, cols: 65 },
                "a 0 x 65 lair is outside 1..=64 on a side",
            ),
            (
                GameError::Length { length: 17 },
                "a snake of length 17 is outside 2..=16",
            ),
            (
                GameError::StoneOutside {
                    index: 2,
                    pos: p(4, 0),
                },
                "stone 3 at (5, 1) is outside the lair",
            ),
            (
                GameError::BlockOutside {
                    index: 3,
                    pos: p(0, 7),
                },
                "block 4 at (1, 8) is outside the lair",
            ),
            (
                GameError::BlockOnStone {
                    index: 4,
                    pos: p(2, 2),
                },
                "block 5 at (3, 3) is on a stone",
            ),
            (
                GameError::BlocksOverlap {
                    first: 2,
                    second: 5,
                    pos: p(1, 1),
                },
                "blocks 3 and 6 are both at (2, 2)",
            ),
            (
                GameError::BlocksApart {
                    index: 3,
                    pos: p(6, 6),
                },
                "block 4 at (7, 7) does not share an edge with block 3",
            ),
        ] {
            assert_eq!(error.to_string(), message);
        }
    }

    /// The picture: a header with the size and length, then `H` for the head, digits
    /// for blocks 1 to 9, `b` for the blocks beyond, `#` for stones and `.` for the rest;
    /// and a snake is never empty, however long.
    #[test]
    fn the_picture_shows_the_head_the_first_nine_blocks_and_the_rest() {
        let p = Pos::new;
        // A snake of 12 blocks winding through a 3 x 6 lair, two stones.
        let body = [
            p(0, 0),
            p(0, 1),
            p(0, 2),
            p(0, 3),
            p(0, 4),
            p(0, 5),
            p(1, 5),
            p(1, 4),
            p(1, 3),
            p(1, 2),
            p(1, 1),
            p(2, 1),
        ];
        let game = Game::new(3, 6, &[p(2, 3), p(1, 0)], &body).unwrap();
        assert_eq!(
            format!("{game:?}"),
            "Game 3x6 L=12\nH12345\n#b9876\n.b.#..\n"
        );
        assert!(!game.is_empty());
        let short = Game::new(1, 2, &[], &[p(0, 1), p(0, 0)]).unwrap();
        assert_eq!(format!("{short:?}"), "Game 1x2 L=2\n1H\n");
        assert!(!short.is_empty());
    }
}
