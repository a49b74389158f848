//! Paths in the spec's notation: `U D L R` move the block (or cube 1 while it is split),
//! `u d l r` move cube 2.

use grid_core::{Dir, MoveCount};
use std::fmt;
use std::str::FromStr;

/// One move: a direction, and which piece it moves.
///
/// While the block is whole, only [`Move::First`] is a move (it rolls the block). While
/// it is split, [`Move::First`] steps cube 1 (the cube that appeared on the split's
/// first landing cell) and [`Move::Second`] steps cube 2; choosing the cube is implied
/// by the move and costs nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// `U D L R`: roll the block, or step cube 1.
    First(Dir),
    /// `u d l r`: step cube 2.
    Second(Dir),
}

impl Move {
    /// The direction of the move.
    pub const fn dir(self) -> Dir {
        match self {
            Move::First(dir) | Move::Second(dir) => dir,
        }
    }

    /// The move's letter: `U D L R`, or `u d l r` for cube 2.
    pub const fn letter(self) -> char {
        match self {
            Move::First(dir) => dir.letter(),
            Move::Second(dir) => dir.letter().to_ascii_lowercase(),
        }
    }

    /// The move a letter stands for.
    pub const fn from_letter(letter: char) -> Option<Move> {
        match Dir::from_letter(letter) {
            Some(dir) => Some(Move::First(dir)),
            None => match Dir::from_letter(letter.to_ascii_uppercase()) {
                Some(dir) => Some(Move::Second(dir)),
                None => None,
            },
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A solution path: moves, written as a string over `U D L R u d l r`. It is a `[Move]`
/// for every other purpose.
///
/// ```
/// use bloxorz_classic::{Dir, Move, MoveCount, Path};
///
/// let path: Path = "RDrU".parse()?;
/// assert_eq!(path.move_count(), 4);
/// assert_eq!(path[2], Move::Second(Dir::Right));
/// assert_eq!(path.to_string(), "RDrU");
/// assert_eq!(
///     "RDx".parse::<Path>().unwrap_err().to_string(),
///     "expected one of U D L R u d l r at move 3, found 'x'"
/// );
/// # Ok::<(), bloxorz_classic::ParsePathError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Path(Vec<Move>);

impl Path {
    /// The moves as a vector.
    pub fn into_vec(self) -> Vec<Move> {
        self.0
    }
}

impl std::ops::Deref for Path {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl AsRef<[Move]> for Path {
    fn as_ref(&self) -> &[Move] {
        &self.0
    }
}

impl From<Vec<Move>> for Path {
    fn from(moves: Vec<Move>) -> Path {
        Path(moves)
    }
}

impl FromIterator<Move> for Path {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Path {
        Path(iter.into_iter().collect())
    }
}

impl<'a> IntoIterator for &'a Path {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl MoveCount for Path {
    fn move_count(&self) -> u64 {
        self.0.len() as u64
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: String = self.0.iter().map(|m| m.letter()).collect();
        f.write_str(&text)
    }
}

/// A character in a path string that is not one of `U D L R u d l r`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePathError {
    /// 0-based character index of the offending character.
    pub index: usize,
    /// The character found there.
    pub found: char,
}

impl fmt::Display for ParsePathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected one of U D L R u d l r at move {}, found {:?}",
            self.index + 1,
            self.found
        )
    }
}

impl std::error::Error for ParsePathError {}

impl FromStr for Path {
    type Err = ParsePathError;

    fn from_str(s: &str) -> Result<Path, ParsePathError> {
        s.chars()
            .enumerate()
            .map(|(index, found)| Move::from_letter(found).ok_or(ParsePathError { index, found }))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for dir in Dir::ALL {
            for mv in [Move::First(dir), Move::Second(dir)] {
                assert_eq!(Move::from_letter(mv.letter()), Some(mv));
                assert_eq!(mv.dir(), dir);
            }
        }
        assert_eq!(Move::Second(Dir::Left).letter(), 'l');
        for bad in ['x', 'X', ' ', 'é'] {
            assert_eq!(Move::from_letter(bad), None);
        }
        assert_eq!("".parse::<Path>(), Ok(Path::default()));
    }

    #[test]
    fn a_path_gives_its_moves_every_way_and_is_written_in_letters() {
        let path: Path = "RDrU".parse().unwrap();
        let moves = [
            Move::First(Dir::Right),
            Move::First(Dir::Down),
            Move::Second(Dir::Right),
            Move::First(Dir::Up),
        ];
        assert_eq!(path.as_ref(), moves);
        assert_eq!((&path).into_iter().copied().collect::<Vec<_>>(), moves);
        assert_eq!(path.to_string(), "RDrU");
        assert_eq!(path.clone().into_vec(), moves);
        assert_eq!(Path::from(moves.to_vec()), path);
        let error = "RDx".parse::<Path>().unwrap_err();
        assert_eq!(
            error,
            ParsePathError {
                index: 2,
                found: 'x'
            }
        );
        assert_eq!(
            error.to_string(),
            "expected one of U D L R u d l r at move 3, found 'x'"
        );
    }
}
