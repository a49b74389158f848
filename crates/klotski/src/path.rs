//! Paths in the spec's notation: `GR HDL BU`, one word a move.

use crate::layout::is_label;
use grid_core::{Dir, MoveCount};
use std::fmt;
use std::str::FromStr;

/// One move: a piece and the cells it travels, one direction a cell.
///
/// Under the `step` metric a move has one direction; under `slide`, all of its directions
/// are the same; under `move`, any (it turns as it likes through empty cells).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    label: char,
    dirs: Vec<Dir>,
}

impl Move {
    /// The piece `label` travelling `dirs`.
    pub fn new(label: char, dirs: Vec<Dir>) -> Move {
        Move { label, dirs }
    }

    /// The piece's label.
    pub fn label(&self) -> char {
        self.label
    }

    /// The cells it travels, one direction each.
    pub fn dirs(&self) -> &[Dir] {
        &self.dirs
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.label)?;
        self.dirs.iter().try_for_each(|d| write!(f, "{d}"))
    }
}

/// A path: moves, written as words separated by single spaces (`GR HDL`); the number of
/// moves is the number of words. The empty path (no move) is the empty string.
///
/// ```
/// use klotski::{Dir, MoveCount, Path};
///
/// let path: Path = "GR HDL".parse()?;
/// assert_eq!(path.move_count(), 2);
/// assert_eq!(path[1].label(), 'H');
/// assert_eq!(path[1].dirs(), [Dir::Down, Dir::Left]);
/// assert_eq!(path.to_string(), "GR HDL");
/// assert!("GR  HDL".parse::<Path>().is_err());
/// # Ok::<(), klotski::ParsePathError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Path(Vec<Move>);

impl Path {
    /// A path of `moves`.
    pub fn new(moves: Vec<Move>) -> Path {
        Path(moves)
    }

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

impl From<Vec<Move>> for Path {
    fn from(moves: Vec<Move>) -> Path {
        Path(moves)
    }
}

impl MoveCount for Path {
    fn move_count(&self) -> u64 {
        self.0.len() as u64
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

/// Why a text is not a path.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParsePathError {
    /// Word `word` is empty: two spaces in a row, or a space at an end.
    EmptyWord {
        /// The word, 1-based.
        word: usize,
    },
    /// Word `word` does not start with a label `A-Z a-z 0-9`.
    BadLabel {
        /// The word, 1-based.
        word: usize,
        /// Its first character.
        found: char,
    },
    /// Word `word` is a label with no direction after it.
    NoDirection {
        /// The word, 1-based.
        word: usize,
    },
    /// Word `word` has a letter other than `U D L R` after its label.
    BadDirection {
        /// The word, 1-based.
        word: usize,
        /// The first character that is no direction.
        found: char,
    },
}

impl fmt::Display for ParsePathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParsePathError::EmptyWord { word } => write!(
                f,
                "move {word} is empty: expected moves separated by single spaces"
            ),
            ParsePathError::BadLabel { word, found } => write!(
                f,
                "move {word}: expected a piece label A-Z a-z 0-9, found {found:?}"
            ),
            ParsePathError::NoDirection { word } => {
                write!(f, "move {word}: expected U, D, L or R after the label")
            }
            ParsePathError::BadDirection { word, found } => {
                write!(f, "move {word}: expected U, D, L or R, found {found:?}")
            }
        }
    }
}

impl std::error::Error for ParsePathError {}

impl FromStr for Path {
    type Err = ParsePathError;

    fn from_str(text: &str) -> Result<Path, ParsePathError> {
        if text.is_empty() {
            return Ok(Path::default());
        }
        let mut moves = Vec::new();
        for (i, word) in text.split(' ').enumerate() {
            let number = i + 1;
            let mut chars = word.chars();
            let label = chars
                .next()
                .ok_or(ParsePathError::EmptyWord { word: number })?;
            if !label.is_ascii() || !is_label(label as u8) {
                return Err(ParsePathError::BadLabel {
                    word: number,
                    found: label,
                });
            }
            let dirs = chars
                .map(|c| {
                    Dir::from_letter(c).ok_or(ParsePathError::BadDirection {
                        word: number,
                        found: c,
                    })
                })
                .collect::<Result<Vec<Dir>, _>>()?;
            if dirs.is_empty() {
                return Err(ParsePathError::NoDirection { word: number });
            }
            moves.push(Move { label, dirs });
        }
        Ok(Path(moves))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("", 0)]
    #[case("GR", 1)]
    #[case("GR HDL 7U", 3)]
    fn paths_round_trip(#[case] text: &str, #[case] moves: u64) {
        let path: Path = text.parse().unwrap();
        assert_eq!(path.move_count(), moves);
        assert_eq!(path.to_string(), text);
        assert_eq!(path.clone().into_vec(), path.to_vec());
    }

    /// A path made from its moves holds them, in order.
    #[test]
    fn a_path_from_moves_holds_them() {
        let moves = "GR HDL".parse::<Path>().unwrap().into_vec();
        let path = Path::from(moves.clone());
        assert_eq!(path.to_vec(), moves);
        assert_eq!(
            (path.move_count(), path.to_string().as_str()),
            (2, "GR HDL")
        );
    }

    #[rstest]
    #[case(" GR", "move 1 is empty: expected moves separated by single spaces")]
    #[case("GR .D", "move 2: expected a piece label A-Z a-z 0-9, found '.'")]
    #[case("GR H", "move 2: expected U, D, L or R after the label")]
    #[case("GX", "move 1: expected U, D, L or R, found 'X'")]
    fn bad_paths_say_why_in_words(#[case] text: &str, #[case] message: &str) {
        assert_eq!(text.parse::<Path>().unwrap_err().to_string(), message);
    }

    #[rstest]
    #[case(" GR", ParsePathError::EmptyWord { word: 1 })]
    #[case("GR ", ParsePathError::EmptyWord { word: 2 })]
    #[case("GR  HD", ParsePathError::EmptyWord { word: 2 })]
    #[case("G", ParsePathError::NoDirection { word: 1 })]
    #[case("GR .D", ParsePathError::BadLabel { word: 2, found: '.' })]
    #[case("GX", ParsePathError::BadDirection { word: 1, found: 'X' })]
    #[case("GRu", ParsePathError::BadDirection { word: 1, found: 'u' })]
    fn bad_paths_say_which_move(#[case] text: &str, #[case] error: ParsePathError) {
        assert_eq!(text.parse::<Path>(), Err(error));
    }
}
