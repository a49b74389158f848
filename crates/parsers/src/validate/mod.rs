//! Strict validators of judge inputs, in the spirit of testlib validators.
//!
//! The readers ([`crate::huarongdao::parse`] and the others) are lenient about layout on
//! purpose and stop at the first error. A validator says whether a file is exactly what
//! the judge promises its solutions, and lists every way it is not, in the order of the
//! file, each at its 1-based line and byte column.
//!
//! Layout rules shared by the three formats: no UTF-8 byte-order mark; every line ends
//! with `\n` (not `\r\n`), the last one included; tokens on a line are separated by
//! exactly one space, with no space or tab before the first or after the last; integers
//! have no sign and no leading zero; nothing follows the end of the format, not even a
//! blank line. Each puzzle adds its own rules (see its module's `validate`).
//!
//! No input makes a validator panic, and none makes it reserve memory in proportion to
//! a number it reads: what it keeps is bounded by the length of the input.
//!
//! ```
//! use parsers::validate;
//!
//! let sample = b"3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n";
//! assert!(validate::huarongdao::validate(sample).is_empty());
//!
//! let broken = b"31 4 1\r\n0 1 1 1\n";
//! let found: Vec<String> = validate::huarongdao::validate(broken).iter().map(|v| v.to_string()).collect();
//! assert_eq!(found, [
//!     "1:1: n = 31 violates 1..=30",
//!     "1:7: expected \\n line ending, found \\r\\n",
//!     "3:1: expected row 2 of 31 (4 cells of 0 or 1), found end of input",
//! ]);
//! ```

pub mod bloxorz;
pub mod bloxorz_classic;
pub mod holedox;
pub mod huarongdao;

use crate::{Found, Token};
use std::fmt;
use std::ops::RangeInclusive;

/// One way an input breaks the judge's rules, at 1-based line and byte column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for Violation {}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Whether `byte` separates tokens (the lenient reading the checks go on with).
fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r')
}

/// A line of the input without its `\n`, its `\r` before the `\n` and the byte-order
/// mark.
#[derive(Clone, Copy, Debug)]
struct Line<'a> {
    number: usize,
    text: &'a [u8],
    /// Column of `text[0]`.
    col0: usize,
}

impl<'a> Line<'a> {
    /// The tokens of the line, split on any run of spaces, tabs and `\r`.
    fn tokens(&self) -> impl Iterator<Item = Token<'a>> + use<'a> {
        let Line { number, text, col0 } = *self;
        let mut pos = 0;
        std::iter::from_fn(move || {
            while text.get(pos).is_some_and(|&b| is_space(b)) {
                pos += 1;
            }
            let start = pos;
            while text.get(pos).is_some_and(|&b| !is_space(b)) {
                pos += 1;
            }
            (pos > start).then(|| Token {
                text: &text[start..pos],
                line: number,
                col: col0 + start,
            })
        })
    }

    /// Whether the line holds no token.
    fn is_blank(&self) -> bool {
        self.text.iter().all(|&b| is_space(b))
    }

    /// Whether the line is exactly `count` tokens, each all zeros (the end of the input).
    fn is_zeros(&self, count: usize) -> bool {
        self.tokens().count() == count && self.tokens().all(|t| t.text.iter().all(|&b| b == b'0'))
    }
}

/// An integer read from a token: its value and whether it is within the range its field
/// allows.
#[derive(Clone, Copy, Debug)]
struct Num<'a> {
    value: u64,
    valid: bool,
    token: Token<'a>,
}

/// Walks the lines of an input, collecting violations.
#[derive(Debug)]
struct Checker<'a> {
    lines: Vec<Line<'a>>,
    next: usize,
    /// Line and column just past the last byte, where "end of input" is reported.
    end: (usize, usize),
    /// Most cells a grid built from numbers in the input may have.
    budget: u64,
    /// Prefix of the messages of the part being read (`case 2: `).
    context: String,
    violations: Vec<Violation>,
}

impl<'a> Checker<'a> {
    /// A checker at the first line of `text`, having checked the layout of every line.
    fn new(text: &'a [u8]) -> Checker<'a> {
        let newlines = text.iter().filter(|&&b| b == b'\n').count();
        let last_start = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let mut checker = Checker {
            lines: Vec::with_capacity(newlines + 1),
            next: 0,
            end: (newlines + 1, text.len() - last_start + 1),
            budget: text.len() as u64 + 1024,
            context: String::new(),
            violations: Vec::new(),
        };
        let mut start = 0;
        while start < text.len() {
            let number = checker.lines.len() + 1;
            let (raw, ended) = match text[start..].iter().position(|&b| b == b'\n') {
                Some(len) => (&text[start..start + len], true),
                None => (&text[start..], false),
            };
            start += raw.len() + 1;
            let mut line = Line {
                number,
                text: raw,
                col0: 1,
            };
            if number == 1 && raw.starts_with(BOM) {
                checker.report(1, 1, "expected no byte-order mark, found \"\\u{feff}\"");
                line.text = &raw[BOM.len()..];
                line.col0 += BOM.len();
            }
            if let (true, Some((b'\r', rest))) = (ended, line.text.split_last()) {
                line.text = rest;
                checker.report(
                    number,
                    line.col0 + rest.len(),
                    "expected \\n line ending, found \\r\\n",
                );
            }
            checker.check_spaces(&line);
            checker.lines.push(line);
        }
        if text.last().is_some_and(|&b| b != b'\n') {
            let (line, col) = checker.end;
            checker.report(
                line,
                col,
                "expected \\n at the end of the file, found end of input",
            );
        }
        checker
    }

    /// Reports every run of spaces, tabs and `\r` other than one space between tokens.
    fn check_spaces(&mut self, line: &Line<'_>) {
        let text = line.text;
        if !text.is_empty() && line.is_blank() {
            let found = Found::token(text);
            self.report(
                line.number,
                line.col0,
                format_args!("expected an empty line, found {found}"),
            );
            return;
        }
        let mut pos = 0;
        while pos < text.len() {
            if !is_space(text[pos]) {
                pos += 1;
                continue;
            }
            let start = pos;
            while text.get(pos).is_some_and(|&b| is_space(b)) {
                pos += 1;
            }
            let run = &text[start..pos];
            let found = Found::token(run);
            let expected = if start == 0 {
                "a token at the start of the line"
            } else if pos == text.len() {
                "the end of the line after the last token"
            } else if run != b" " {
                "one space between tokens"
            } else {
                continue;
            };
            self.report(
                line.number,
                line.col0 + start,
                format_args!("expected {expected}, found {found}"),
            );
        }
    }

    /// Records a violation at `line:col`, prefixed by the current context.
    fn report(&mut self, line: usize, col: usize, message: impl fmt::Display) {
        self.violations.push(Violation {
            line,
            col,
            message: format!("{}{message}", self.context),
        });
    }

    /// Records a violation at `token`.
    fn report_at(&mut self, token: &Token<'_>, message: impl fmt::Display) {
        self.report(token.line, token.col, message);
    }

    /// Records a violation at the end of the input.
    fn report_end(&mut self, message: impl fmt::Display) {
        let (line, col) = self.end;
        self.report(line, col, message);
    }

    /// The violations found, in the order of the file.
    fn into_violations(mut self) -> Vec<Violation> {
        self.violations.sort_by_key(|v| (v.line, v.col));
        self.violations
    }

    /// The next line, without reading it.
    fn peek(&self) -> Option<Line<'a>> {
        self.lines.get(self.next).copied()
    }

    /// Reads the next line.
    fn next_line(&mut self) -> Option<Line<'a>> {
        let line = self.peek()?;
        self.next += 1;
        Some(line)
    }

    /// Reads the next line that holds a token, reporting each blank line before it as
    /// standing where `what` should; at the end of the input reports `what` missing.
    fn expect_line(&mut self, what: impl fmt::Display) -> Option<Line<'a>> {
        while let Some(line) = self.next_line() {
            if !line.is_blank() {
                return Some(line);
            }
            self.report(
                line.number,
                line.col0,
                format_args!("expected {what}, found blank line"),
            );
        }
        self.report_end(format_args!("expected {what}, found end of input"));
        None
    }

    /// The first `count` tokens of `line`; reports the first extra token, or the first
    /// missing one (as `missing(index)` describes it) just after the last.
    fn tokens(
        &mut self,
        line: &Line<'a>,
        count: u64,
        missing: impl Fn(usize) -> String,
    ) -> Vec<Token<'a>> {
        let mut tokens = Vec::new();
        for token in line.tokens() {
            if tokens.len() as u64 == count {
                let found = Found::token(token.text);
                self.report_at(&token, format_args!("expected end of line, found {found}"));
                return tokens;
            }
            tokens.push(token);
        }
        if (tokens.len() as u64) < count {
            let col = tokens.last().map_or(line.col0, |t| t.col + t.text.len());
            let expected = missing(tokens.len());
            self.report(
                line.number,
                col,
                format_args!("expected {expected}, found end of line"),
            );
        }
        tokens
    }

    /// A line of exactly `N` integers, each named and ranged by `fields`; `None` for a
    /// field that is missing, not a number or past 64 bits.
    fn ints<const N: usize>(
        &mut self,
        line: &Line<'a>,
        fields: [(&dyn fmt::Display, RangeInclusive<u64>); N],
    ) -> [Option<Num<'a>>; N] {
        let tokens = self.tokens(line, N as u64, |i| {
            let (name, range) = &fields[i];
            format!("{name} (an integer in {range:?})")
        });
        std::array::from_fn(|i| {
            let (name, range) = &fields[i];
            tokens
                .get(i)
                .and_then(|token| self.int(token, name, range.clone()))
        })
    }

    /// `token` as an integer named `name` that should lie in `range`; reports a sign, a
    /// leading zero and a value out of range. `None` if it is not a number or is past
    /// 64 bits (no count or coordinate can be taken from it).
    fn int(
        &mut self,
        token: &Token<'a>,
        name: impl fmt::Display,
        range: RangeInclusive<u64>,
    ) -> Option<Num<'a>> {
        let text = token.text;
        let found = Found::token(text);
        let (plus, digits) = match text.split_first() {
            Some((b'+', rest)) => (true, rest),
            _ => (false, text),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            self.report_at(
                token,
                format_args!("expected {name} (an integer in {range:?}), found {found}"),
            );
            return None;
        }
        if plus {
            self.report_at(
                token,
                format_args!("expected {name} without a sign, found {found}"),
            );
        }
        if digits.len() > 1 && digits[0] == b'0' {
            self.report_at(
                token,
                format_args!("expected {name} without leading zeros, found {found}"),
            );
        }
        let value = digits.iter().try_fold(0u64, |acc, &d| {
            acc.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        });
        let valid = value.is_some_and(|v| range.contains(&v));
        if !valid {
            let shown = match &found {
                Found::Token(shown) => shown.as_str(),
                Found::EndOfInput => "",
            };
            self.report_at(token, format_args!("{name} = {shown} violates {range:?}"));
        }
        Some(Num {
            value: value?,
            valid,
            token: *token,
        })
    }

    /// Checks that the input ends here: no line, not even a blank one, is left.
    fn finish(&mut self) {
        self.context.clear();
        let rest = &self.lines[self.next.min(self.lines.len())..];
        let first_blank = rest.first().filter(|line| line.is_blank()).copied();
        let first_token = rest.iter().flat_map(Line::tokens).next();
        if let Some(line) = first_blank {
            self.report(
                line.number,
                line.col0,
                "expected end of input, found blank line",
            );
        }
        if let Some(token) = first_token {
            let found = Found::token(token.text);
            self.report_at(&token, format_args!("expected end of input, found {found}"));
        }
        self.next = self.lines.len();
    }
}
