//! The four directions and solution paths written as `U D L R` strings.

use std::fmt;
use std::str::FromStr;

/// One of the four grid directions. Row 0 is at the top, so [`Dir::Up`] decreases the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Towards row 0 (`U`): the row decreases by one.
    Up = 0,
    /// Away from row 0 (`D`): the row increases by one.
    Down = 1,
    /// Towards column 0 (`L`): the column decreases by one.
    Left = 2,
    /// Away from column 0 (`R`): the column increases by one.
    Right = 3,
}

impl Dir {
    /// All four directions, in the order of their discriminants (`U D L R`).
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The direction with discriminant `i & 3`.
    #[inline]
    pub const fn from_index(i: usize) -> Dir {
        match i & 3 {
            0 => Dir::Up,
            1 => Dir::Down,
            2 => Dir::Left,
            _ => Dir::Right,
        }
    }

    /// This direction's index in [`Dir::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction pointing the other way.
    #[inline]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// Whether this direction moves along a column (up or down).
    #[inline]
    pub const fn is_vertical(self) -> bool {
        (self as usize) < 2
    }

    /// The change in (row, column) of one step.
    #[inline]
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    /// The letter of this direction in solution paths.
    #[inline]
    pub const fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }

    /// The direction written as `letter`, if it is one of `U D L R`.
    pub const fn from_letter(letter: char) -> Option<Dir> {
        match letter {
            'U' => Some(Dir::Up),
            'D' => Some(Dir::Down),
            'L' => Some(Dir::Left),
            'R' => Some(Dir::Right),
            _ => None,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A solution path: a sequence of moves, written as a `U D L R` string.
///
/// It is a `[Dir]` for every other purpose: iterate it, index it, take its `len`, or pass
/// `&moves` where a `&[Dir]` is wanted.
///
/// ```
/// use grid_core::{Dir, Moves};
///
/// let moves: Moves = "RRD".parse().unwrap();
/// assert_eq!(moves.len(), 3);
/// assert_eq!(moves[2], Dir::Down);
/// assert_eq!(moves.iter().filter(|&&d| d == Dir::Right).count(), 2);
/// assert_eq!(moves.to_string(), "RRD");
/// let slice: &[Dir] = &moves;
/// assert_eq!(slice, [Dir::Right, Dir::Right, Dir::Down]);
/// assert!("RX".parse::<Moves>().is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Moves(Vec<Dir>);

impl Moves {
    /// The moves as a vector.
    pub fn into_vec(self) -> Vec<Dir> {
        self.0
    }
}

impl std::ops::Deref for Moves {
    type Target = [Dir];

    fn deref(&self) -> &[Dir] {
        &self.0
    }
}

impl AsRef<[Dir]> for Moves {
    fn as_ref(&self) -> &[Dir] {
        &self.0
    }
}

impl From<Vec<Dir>> for Moves {
    fn from(moves: Vec<Dir>) -> Moves {
        Moves(moves)
    }
}

impl From<&[Dir]> for Moves {
    fn from(moves: &[Dir]) -> Moves {
        Moves(moves.to_vec())
    }
}

impl FromIterator<Dir> for Moves {
    fn from_iter<I: IntoIterator<Item = Dir>>(iter: I) -> Moves {
        Moves(iter.into_iter().collect())
    }
}

impl<'a> IntoIterator for &'a Moves {
    type Item = &'a Dir;
    type IntoIter = std::slice::Iter<'a, Dir>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl IntoIterator for Moves {
    type Item = Dir;
    type IntoIter = std::vec::IntoIter<Dir>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl fmt::Display for Moves {
    /// Written a few thousand letters at a time, so a path of hundreds of millions of
    /// moves streams through the formatter in the memory of one piece.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut piece = [0u8; 4096];
        for dirs in self.0.chunks(piece.len()) {
            for (byte, d) in piece.iter_mut().zip(dirs) {
                *byte = d.letter() as u8;
            }
            let letters = std::str::from_utf8(&piece[..dirs.len()]).map_err(|_| fmt::Error)?;
            f.write_str(letters)?;
        }
        Ok(())
    }
}

/// A character in a path string that is not one of `U D L R`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMovesError {
    /// 0-based character index of the offending character.
    pub index: usize,
    /// The character found there.
    pub found: char,
}

impl fmt::Display for ParseMovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected one of U D L R at move {}, found {:?}",
            self.index + 1,
            self.found
        )
    }
}

impl std::error::Error for ParseMovesError {}

impl FromStr for Moves {
    type Err = ParseMovesError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.chars()
            .enumerate()
            .map(|(index, found)| Dir::from_letter(found).ok_or(ParseMovesError { index, found }))
            .collect::<Result<Vec<_>, _>>()
            .map(Moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(Dir::Up, Dir::Down)]
    #[case(Dir::Down, Dir::Up)]
    #[case(Dir::Left, Dir::Right)]
    #[case(Dir::Right, Dir::Left)]
    fn opposite_pairs(#[case] d: Dir, #[case] o: Dir) {
        assert_eq!(d.opposite(), o);
        let (dr, dc) = d.delta();
        let (or, oc) = o.delta();
        assert_eq!((dr + or, dc + oc), (0, 0));
    }

    #[test]
    fn letters_round_trip() {
        for d in Dir::ALL {
            assert_eq!(Dir::from_letter(d.letter()), Some(d));
            assert_eq!(Dir::from_index(d.index()), d);
        }
        assert_eq!(Dir::from_letter('u'), None);
    }

    #[test]
    fn vertical_directions() {
        assert!(Dir::Up.is_vertical() && Dir::Down.is_vertical());
        assert!(!Dir::Left.is_vertical() && !Dir::Right.is_vertical());
    }

    #[rstest]
    #[case("", 0)]
    #[case("UDLR", 4)]
    fn moves_parse(#[case] text: &str, #[case] len: usize) {
        let moves: Moves = text.parse().unwrap();
        assert_eq!(moves.len(), len);
        assert_eq!(moves.to_string(), text);
    }

    #[test]
    fn moves_reject_other_letters() {
        let err = "UDx".parse::<Moves>().unwrap_err();
        assert_eq!(
            err,
            ParseMovesError {
                index: 2,
                found: 'x'
            }
        );
        assert_eq!(
            err.to_string(),
            "expected one of U D L R at move 3, found 'x'"
        );
    }
}
