//! A strict whitespace-separated token reader that knows where every token is.

use std::fmt;
use std::ops::RangeInclusive;

/// A token of the input: a maximal run of bytes other than space, tab, `\r` and `\n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's bytes, as in the input (not necessarily UTF-8).
    pub text: &'a [u8],
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in bytes (a tab counts as one).
    pub col: usize,
}

/// What the reader found where it expected something else.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Found {
    /// The input ended.
    EndOfInput,
    /// A token, shown escaped and cut to a readable length.
    Token(String),
}

impl Found {
    /// A token as found, escaped and cut to a readable length.
    pub fn token(text: &[u8]) -> Found {
        const SHOWN: usize = 24;
        let cut = text.len() > SHOWN;
        let mut escaped = escape(&text[..text.len().min(SHOWN)]);
        if cut {
            escaped.push_str("...");
        }
        Found::Token(escaped)
    }
}

/// Bytes as messages show them: valid UTF-8 as it is (control characters and quotes
/// escaped), every byte of invalid UTF-8 as `\\xNN`.
pub fn escape(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        out.extend(chunk.valid().escape_debug());
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out
}

/// The first character of `bytes` quoted and escaped as in messages (`"x"`, `"\\0"`);
/// a byte that begins no UTF-8 character shows as `"\\xNN"`.
pub fn first_char(bytes: &[u8]) -> String {
    let Some(&first) = bytes.first() else {
        return "end of input".to_string();
    };
    let head = &bytes[..bytes.len().min(4)];
    match head
        .utf8_chunks()
        .next()
        .and_then(|c| c.valid().chars().next())
    {
        Some(ch) => format!("\"{}\"", ch.escape_debug()),
        None => format!("\"\\x{first:02x}\""),
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::EndOfInput => f.write_str("end of input"),
            Found::Token(text) => write!(f, "\"{text}\""),
        }
    }
}

/// What is wrong at a place in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Something else stood where `expected` should be.
    Expected {
        /// What the format wants there, in words (`"the number of rows"`).
        expected: String,
        /// What stood there instead.
        found: Found,
    },
    /// A number outside the range its field allows.
    OutOfRange {
        /// The field, as the spec names it (`n`, `rows`).
        name: String,
        /// The number as written (escaped, cut to a readable length).
        value: String,
        /// The range the field allows, as Rust writes it (`1..=30`).
        range: String,
    },
    /// The input is well-formed but breaks a rule of the puzzle.
    Invalid {
        /// The rule broken, in words (lower-case, no final period).
        message: String,
    },
}

/// A parse error: where (1-based line and byte column) and what. It displays as
/// `LINE:COL: MESSAGE`, the place an editor jumps to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line, 1-based.
    pub line: usize,
    /// The byte column, 1-based (a tab counts as one).
    pub col: usize,
    /// What is wrong there.
    pub kind: ErrorKind,
}

impl ParseError {
    /// An error at `token` with `kind`.
    pub fn at(token: &Token<'_>, kind: ErrorKind) -> ParseError {
        ParseError {
            line: token.line,
            col: token.col,
            kind,
        }
    }

    /// A rule broken at `token`, explained by `message`.
    pub fn invalid(token: &Token<'_>, message: impl fmt::Display) -> ParseError {
        ParseError::at(
            token,
            ErrorKind::Invalid {
                message: message.to_string(),
            },
        )
    }

    /// The message alone, without the position.
    pub fn message(&self) -> String {
        match &self.kind {
            ErrorKind::Expected { expected, found } => {
                format!("expected {expected}, found {found}")
            }
            ErrorKind::OutOfRange { name, value, range } => {
                format!("{name} = {value} is out of range {range}")
            }
            ErrorKind::Invalid { message } => message.clone(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message())
    }
}

impl std::error::Error for ParseError {}

/// Reads whitespace-separated tokens from bytes, tracking lines and columns.
///
/// ```
/// use parsers::Reader;
///
/// let mut reader = Reader::new(b"3 4\r\n\n  7");
/// assert_eq!(reader.int("n", 1..=30)?, 3);
/// assert_eq!(reader.int("m", 1..=30)?, 4);
/// let err = reader.int("q", 0..=5).unwrap_err();
/// assert_eq!(err.to_string(), "3:3: q = 7 is out of range 0..=5");
/// reader.finish()?;
/// # Ok::<(), parsers::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    input: &'a [u8],
    pos: usize,
    line: usize,
    line_start: usize,
    /// Line and column just after the last token read, where "end of input" is reported.
    after_last: (usize, usize),
    /// Whether reading looked past the last byte of `input` (a streamed input then reads
    /// more and tries again: what was read may go on).
    touched_end: bool,
}

/// Where a [`Reader`] stands: enough to go on from there over more bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Place {
    pub(crate) pos: usize,
    pub(crate) line: usize,
    pub(crate) line_start: usize,
    pub(crate) after_last: (usize, usize),
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The longest token a reader returns whole: no format has a longer one, so a run of
/// bytes without whitespace that goes on past this (a stream of NUL bytes, say) is cut
/// here, and the token one byte longer is the error it is.
pub const MAX_TOKEN: usize = 1 << 20;

impl<'a> Reader<'a> {
    /// A reader at the start of `input` (after a UTF-8 byte-order mark, if any).
    pub fn new(input: &'a [u8]) -> Reader<'a> {
        let pos = if input.starts_with(BOM) { BOM.len() } else { 0 };
        Reader {
            input,
            pos,
            line: 1,
            line_start: 0,
            after_last: (1, 1),
            touched_end: false,
        }
    }

    /// A reader over `input` going on from `place` (from a reader over a shorter or
    /// longer view of the same bytes).
    pub(crate) fn resume(input: &'a [u8], place: Place) -> Reader<'a> {
        Reader {
            input,
            pos: place.pos,
            line: place.line,
            line_start: place.line_start,
            after_last: place.after_last,
            touched_end: false,
        }
    }

    /// Where this reader stands.
    pub(crate) fn place(&self) -> Place {
        Place {
            pos: self.pos,
            line: self.line,
            line_start: self.line_start,
            after_last: self.after_last,
        }
    }

    /// Whether reading looked past the last byte.
    pub(crate) fn touched_end(&self) -> bool {
        self.touched_end
    }

    /// Bytes not read yet (whitespace included).
    pub fn remaining(&self) -> usize {
        self.input.len() - self.pos
    }

    fn skip_whitespace(&mut self) {
        loop {
            let Some(&b) = self.input.get(self.pos) else {
                self.touched_end = true;
                return;
            };
            match b {
                b' ' | b'\t' | b'\r' => {}
                b'\n' => {
                    self.line += 1;
                    self.line_start = self.pos + 1;
                }
                _ => break,
            }
            self.pos += 1;
        }
    }

    fn here(&self) -> (usize, usize) {
        (self.line, self.pos - self.line_start + 1)
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        self.skip_whitespace();
        let (line, col) = self.here();
        let start = self.pos;
        while self.pos - start <= MAX_TOKEN {
            let Some(&b) = self.input.get(self.pos) else {
                self.touched_end = true;
                break;
            };
            if matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
                break;
            }
            self.pos += 1;
        }
        if self.pos == start {
            return None;
        }
        self.after_last = self.here();
        Some(Token {
            text: &self.input[start..self.pos],
            line,
            col,
        })
    }

    /// The next token, without reading it; `None` at the end of the input. Looking past
    /// the last byte counts as this reader's own (so a streamed input reads more and
    /// tries again), which a peek through a clone would lose.
    pub fn peek_token(&mut self) -> Option<Token<'a>> {
        let mut ahead = self.clone();
        let token = ahead.next_token();
        self.touched_end |= ahead.touched_end;
        token
    }

    /// The next token if it is exactly `len` bytes long, found without looking at each
    /// byte twice (for long fixed-width rows); `None`, having read nothing, if it is
    /// not (then [`Reader::token`] gives the token for an error message).
    pub fn token_of_len(&mut self, len: usize) -> Option<Token<'a>> {
        self.skip_whitespace();
        let start = self.pos;
        let end = start.checked_add(len)?;
        let Some(body) = self.input.get(start..end) else {
            self.touched_end = true;
            return None;
        };
        // No early exit, so this vectorises; any byte at or below b' ' (whitespace
        // among them) sends the caller to the careful path.
        let plain = body.iter().fold(true, |ok, &b| ok & (b > b' '));
        let ends = match self.input.get(end) {
            Some(b) => matches!(b, b' ' | b'\t' | b'\r' | b'\n'),
            None => {
                self.touched_end = true;
                true
            }
        };
        if len == 0 || !plain || !ends {
            return None;
        }
        let (line, col) = self.here();
        self.pos = end;
        self.after_last = self.here();
        Some(Token {
            text: body,
            line,
            col,
        })
    }

    /// An error saying that `expected` was wanted where the input ended: just after
    /// its last token.
    pub fn end_of_input(&mut self, expected: impl fmt::Display) -> ParseError {
        let (line, col) = self.after_last;
        ParseError {
            line,
            col,
            kind: ErrorKind::Expected {
                expected: expected.to_string(),
                found: Found::EndOfInput,
            },
        }
    }

    /// The next token, or an error naming `expected` at the end of the input.
    pub fn token(&mut self, expected: impl fmt::Display) -> Result<Token<'a>, ParseError> {
        match self.next_token() {
            Some(token) => Ok(token),
            None => Err(self.end_of_input(expected)),
        }
    }

    /// The next token as a decimal integer named `name` within `range`, with the token.
    ///
    /// # Errors
    /// End of input, a token that is not all ASCII digits, or a value out of range
    /// (values past `u64` count as out of range).
    pub fn int_token(
        &mut self,
        name: impl fmt::Display,
        range: RangeInclusive<u64>,
    ) -> Result<(u64, Token<'a>), ParseError> {
        self.int_token_or(name, range.clone(), *range.start())
    }

    /// As [`Reader::int_token`], but `also` is accepted besides `range` (the `0` of a
    /// terminator like `0 0`), and messages name `range` alone.
    ///
    /// # Errors
    /// As [`Reader::int_token`].
    pub fn int_token_or(
        &mut self,
        name: impl fmt::Display,
        range: RangeInclusive<u64>,
        also: u64,
    ) -> Result<(u64, Token<'a>), ParseError> {
        if let Some(found) = self.plain_int(&range, also) {
            return Ok(found);
        }
        let token = self.token(format_args!("{name} (an integer in {range:?})"))?;
        if !token.text.iter().all(u8::is_ascii_digit) {
            return Err(ParseError::at(
                &token,
                ErrorKind::Expected {
                    expected: format!("{name} (an integer in {range:?})"),
                    found: Found::token(token.text),
                },
            ));
        }
        let value = token.text.iter().try_fold(0u64, |acc, &d| {
            acc.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        });
        match value {
            Some(v) if range.contains(&v) || v == also => Ok((v, token)),
            _ => Err(ParseError::at(
                &token,
                ErrorKind::OutOfRange {
                    name: name.to_string(),
                    value: match Found::token(token.text) {
                        Found::Token(text) => text,
                        Found::EndOfInput => String::new(),
                    },
                    range: format!("{range:?}"),
                },
            )),
        }
    }

    /// The common case of [`Reader::int_token_or`] in one pass over the bytes: the next
    /// token is at most 18 digits, ends at whitespace or at the end of the input, and is
    /// in `range` or `also`. Anything else reads nothing (but whitespace) and gives
    /// `None`, for the careful path to read and explain.
    #[inline]
    fn plain_int(&mut self, range: &RangeInclusive<u64>, also: u64) -> Option<(u64, Token<'a>)> {
        self.skip_whitespace();
        let start = self.pos;
        let mut end = start;
        let mut value = 0u64;
        while let Some(&b) = self.input.get(end) {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 || end - start == 18 {
                break;
            }
            value = value * 10 + u64::from(digit);
            end += 1;
        }
        let ends = match self.input.get(end) {
            Some(b) => matches!(b, b' ' | b'\t' | b'\r' | b'\n'),
            None => true,
        };
        if end == start || !ends || !(range.contains(&value) || value == also) {
            return None;
        }
        if end == self.input.len() {
            self.touched_end = true;
        }
        let (line, col) = self.here();
        self.pos = end;
        self.after_last = self.here();
        Some((
            value,
            Token {
                text: &self.input[start..end],
                line,
                col,
            },
        ))
    }

    /// The next token as a decimal integer named `name` within `range`.
    ///
    /// # Errors
    /// As [`Reader::int_token`].
    pub fn int(
        &mut self,
        name: impl fmt::Display,
        range: RangeInclusive<u64>,
    ) -> Result<u64, ParseError> {
        self.int_token(name, range).map(|(value, _)| value)
    }

    /// Checks that only whitespace is left.
    ///
    /// # Errors
    /// The first token after the end of the format.
    pub fn finish(&mut self) -> Result<(), ParseError> {
        match self.next_token() {
            None => Ok(()),
            Some(token) => Err(ParseError::at(
                &token,
                ErrorKind::Expected {
                    expected: "end of input".to_string(),
                    found: Found::token(token.text),
                },
            )),
        }
    }

    /// What `look` finds reading on from here, without moving this reader (though if
    /// it looked past the bytes at hand, so did this reader: a streamed input reads
    /// more and tries again).
    pub(crate) fn peek<T>(&mut self, look: impl FnOnce(&mut Reader<'a>) -> T) -> T {
        let mut ahead = self.clone();
        let found = look(&mut ahead);
        self.touched_end |= ahead.touched_end;
        found
    }

    /// Whether only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.pos == self.input.len()
    }
}

/// The error for an `rows x cols` board over `limit` cells, at the token of its size.
pub(crate) fn board_too_large(
    token: &Token<'_>,
    rows: usize,
    cols: usize,
    limit: usize,
) -> ParseError {
    ParseError::invalid(
        token,
        format_args!(
            "a {rows} x {cols} board is larger than the {limit} cells this solver handles"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::plain(b"12", Ok(12))]
    #[case::leading_zeros(b"007", Ok(7))]
    #[case::max(
        b"18446744073709551615",
        Err("1:1: x = 18446744073709551615 is out of range 0..=1000")
    )]
    #[case::past_64_bits(
        b"18446744073709551616",
        Err("1:1: x = 18446744073709551616 is out of range 0..=1000")
    )]
    #[case::negative(b"-3", Err("1:1: expected x (an integer in 0..=1000), found \"-3\""))]
    #[case::plus(b"+3", Err("1:1: expected x (an integer in 0..=1000), found \"+3\""))]
    #[case::letters(
        b"  12a",
        Err("1:3: expected x (an integer in 0..=1000), found \"12a\"")
    )]
    #[case::nul(
        b"\n\0",
        Err("2:1: expected x (an integer in 0..=1000), found \"\\0\"")
    )]
    #[case::invalid_utf8(
        b"\xff\xfe",
        Err("1:1: expected x (an integer in 0..=1000), found \"\\xff\\xfe\"")
    )]
    #[case::empty(
        b"",
        Err("1:1: expected x (an integer in 0..=1000), found end of input")
    )]
    #[case::only_whitespace(
        b" \r\n\t\n ",
        Err("1:1: expected x (an integer in 0..=1000), found end of input")
    )]
    #[case::bom(b"\xEF\xBB\xBF5", Ok(5))]
    #[case::overlong_token_is_cut(
        b"1234567890123456789012345678901234567890",
        Err("1:1: x = 123456789012345678901234... is out of range 0..=1000")
    )]
    fn integers(#[case] input: &[u8], #[case] expected: Result<u64, &str>) {
        let got = Reader::new(input)
            .int("x", 0..=1000)
            .map_err(|e| e.to_string());
        assert_eq!(got, expected.map_err(str::to_string));
    }

    #[test]
    fn lines_and_columns_follow_crlf_and_tabs() {
        let mut r = Reader::new(b"1\r\n\r\n\t 2  3\n");
        assert_eq!(r.next_token().map(|t| (t.line, t.col)), Some((1, 1)));
        assert_eq!(r.next_token().map(|t| (t.line, t.col)), Some((3, 3)));
        assert_eq!(r.next_token().map(|t| (t.line, t.col)), Some((3, 6)));
        assert_eq!(r.next_token(), None);
        assert!(r.at_end());
        assert_eq!(r.finish(), Ok(()));
    }

    #[test]
    fn trailing_token_is_an_error() {
        let mut r = Reader::new(b"1 2\n3");
        r.int("a", 0..=9).unwrap();
        r.int("b", 0..=9).unwrap();
        assert_eq!(r.remaining(), 2);
        assert_eq!(
            r.finish().unwrap_err().to_string(),
            "2:1: expected end of input, found \"3\""
        );
    }
}
