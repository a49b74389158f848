//! Plain white-space tokens with their places, for the naive oracles: each oracle reads
//! the judge text itself, apart from the `parsers` crate the solvers are fed by, so a
//! bug in that reader cannot confirm itself. [`OracleError`] is what every oracle
//! returns: the text it was given breaks its format (where and what), or its search
//! stopped at its [`Limits`](crate::Limits).

use crate::LimitError;
use std::fmt;

/// Why a naive oracle gave no answer: the one error type of every solver crate's
/// `oracle::solve_text`.
///
/// ```
/// use grid_core::{LimitError, OracleError};
///
/// let error = OracleError::Input { line: 2, column: 5, message: "expected 0 or 1".into() };
/// assert_eq!(error.to_string(), "line 2, column 5: expected 0 or 1");
/// assert_eq!(OracleError::from(LimitError::States(9)), OracleError::Limit(LimitError::States(9)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OracleError {
    /// The text breaks the oracle's input format: where (1-based line and column) and
    /// what is wrong.
    Input {
        /// The line, 1-based.
        line: usize,
        /// The column, 1-based.
        column: usize,
        /// What is wrong there, lower-case.
        message: String,
    },
    /// The search stopped at its budget.
    Limit(LimitError),
}

impl fmt::Display for OracleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OracleError::Input {
                line,
                column,
                message,
            } => write!(f, "line {line}, column {column}: {message}"),
            OracleError::Limit(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for OracleError {}

impl From<LimitError> for OracleError {
    fn from(e: LimitError) -> OracleError {
        OracleError::Limit(e)
    }
}

/// A white-space-separated token and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token.
    pub text: &'a str,
    /// Its line, from 1.
    pub line: usize,
    /// Its column (in characters), from 1.
    pub column: usize,
}

/// The tokens of `text` (a leading byte-order mark skipped), and where the text ends
/// (line, column).
///
/// ```
/// let (tokens, end) = grid_core::tokens::tokens("3 4\n ab\n");
/// assert_eq!(tokens.len(), 3);
/// assert_eq!((tokens[2].text, tokens[2].line, tokens[2].column), ("ab", 2, 2));
/// assert_eq!(end, (3, 1));
/// ```
pub fn tokens(text: &str) -> (Vec<Token<'_>>, (usize, usize)) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    let (mut line, mut column) = (1, 1);
    let mut start: Option<(usize, usize, usize)> = None;
    for (i, ch) in text.char_indices() {
        if ch.is_whitespace() {
            if let Some((from, l, c)) = start.take() {
                out.push(Token {
                    text: &text[from..i],
                    line: l,
                    column: c,
                });
            }
        } else if start.is_none() {
            start = Some((i, line, column));
        }
        if ch == '\n' {
            (line, column) = (line + 1, 1);
        } else {
            column += 1;
        }
    }
    if let Some((from, l, c)) = start {
        out.push(Token {
            text: &text[from..],
            line: l,
            column: c,
        });
    }
    (out, (line, column))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_characters_and_skip_a_byte_order_mark() {
        let (tokens, end) = tokens("\u{feff}é x\r\n\tyz");
        let places: Vec<_> = tokens.iter().map(|t| (t.text, t.line, t.column)).collect();
        assert_eq!(places, [("é", 1, 1), ("x", 1, 3), ("yz", 2, 2)]);
        assert_eq!(end, (2, 4));
        assert_eq!(super::tokens(""), (vec![], (1, 1)));
        assert_eq!(super::tokens("  \n").1, (2, 1));
    }
}
