//! Strict validators of judge inputs, in the spirit of testlib validators.
//!
//! The readers (each format's `parse` or `Cases`) are lenient about layout on
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
//! a number it reads or to the length of the input: it reads a line at a time (lines
//! over [`MAX_LINE`] bytes are refused), keeps one case's worth of state (boards of at
//! most [`BUDGET`] cells), and with each module's `validate_input` at most as many
//! violations as it is asked to show.
//!
//! Each format's `validate` shows one at work on a sample of that format.

#[cfg(feature = "bloxorz")]
pub mod bloxorz;
#[cfg(feature = "bloxorz-classic")]
pub mod bloxorz_classic;
#[cfg(feature = "fifteen")]
pub mod eight;
#[cfg(feature = "fifteen")]
pub mod fifteen;
#[cfg(feature = "holedox")]
pub mod holedox;
#[cfg(feature = "huarongdao")]
pub mod huarongdao;
#[cfg(feature = "klotski")]
pub mod klotski;

use crate::{Found, Input, Token};
use std::collections::BinaryHeap;
use std::fmt;
use std::io::{self, BufRead};
use std::ops::RangeInclusive;

/// The longest line a validator reads; a longer one is a violation and ends the check.
pub const MAX_LINE: usize = 1 << 21;

/// The most cells of a board a validator keeps to check coordinates against.
pub const BUDGET: u64 = 1 << 22;

/// What a validator found: the first violations in the order of the file, and how many
/// there were in all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The first violations (as many as asked for), in the order of the file; empty
    /// when the input is valid.
    pub violations: Vec<Violation>,
    /// How many violations there were in all, shown or not.
    pub total: usize,
}

/// The puzzle's rules, as a validator module implements them.
type Rules = fn(&mut Checker<'_>) -> Option<()>;

/// Checks `input` by `rules`, keeping the first `max` violations.
fn run(rules: Rules, input: Input<'_>, max: usize) -> io::Result<Report> {
    let mut check = Checker::new(input.into_buf_read(), max);
    rules(&mut check);
    check.finish_reading();
    check.into_report()
}

/// Checks bytes in memory by `rules`: every violation.
fn run_all(rules: Rules, text: &[u8]) -> Vec<Violation> {
    match run(rules, Input::bytes(text), usize::MAX) {
        Ok(report) => report.violations,
        Err(e) => vec![Violation {
            line: 1,
            col: 1,
            message: format!("cannot read the input: {e}"),
        }],
    }
}

/// One way an input breaks the judge's rules, at 1-based line and byte column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The line, 1-based.
    pub line: usize,
    /// The byte column, 1-based.
    pub col: usize,
    /// The rule broken, in words (`n = 31 violates 1..=30`).
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
#[derive(Clone, Debug)]
struct Line {
    number: usize,
    text: Vec<u8>,
    /// Column of `text[0]`.
    col0: usize,
}

impl Line {
    /// The tokens of the line, split on any run of spaces, tabs and `\r`.
    fn tokens(&self) -> impl Iterator<Item = Token<'_>> + '_ {
        let (number, text, col0) = (self.number, &self.text[..], self.col0);
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

/// A violation kept while checking: ordered by place, then by when it was found.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Kept {
    line: usize,
    col: usize,
    seq: usize,
    message: String,
}

/// Walks the lines of an input, a line at a time, collecting violations.
struct Checker<'a> {
    source: Box<dyn BufRead + 'a>,
    /// The line read ahead, if any.
    ahead: Option<Line>,
    /// Lines read so far.
    number: usize,
    /// Whether the input has ended (or reading stopped).
    ended: bool,
    /// Whether reading stopped before the input's end (at a line past [`MAX_LINE`]).
    stopped: bool,
    /// The last byte read, to tell a missing final newline.
    last_byte: Option<u8>,
    /// Bytes of the current (last) line read so far.
    line_len: usize,
    /// Most cells a grid built from numbers in the input may have.
    budget: u64,
    /// Prefix of the messages of the part being read (`case 2: `).
    context: String,
    /// The first `max` violations by place, the greatest on top.
    kept: BinaryHeap<Kept>,
    max: usize,
    total: usize,
    /// A failed read, reported instead of violations.
    failed: Option<io::Error>,
    /// Layout violations by message: where each was first seen, and how often. A CRLF
    /// file or doubled spaces are one message, not one per line.
    layout: std::collections::BTreeMap<String, (usize, usize, usize)>,
}

impl std::fmt::Debug for Checker<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Checker")
            .field("number", &self.number)
            .field("total", &self.total)
            .finish()
    }
}

impl<'a> Checker<'a> {
    /// A checker at the first line of `source`, keeping the first `max` violations.
    fn new(source: Box<dyn BufRead + 'a>, max: usize) -> Checker<'a> {
        Checker {
            source,
            ahead: None,
            number: 0,
            ended: false,
            stopped: false,
            last_byte: None,
            line_len: 0,
            budget: BUDGET,
            context: String::new(),
            kept: BinaryHeap::new(),
            max,
            total: 0,
            failed: None,
            layout: std::collections::BTreeMap::new(),
        }
    }

    /// Reads the next raw line (without `\n`; whether it ended with one), at most
    /// [`MAX_LINE`] bytes; `None` at the end of the input.
    fn read_raw(&mut self) -> Option<(Vec<u8>, bool)> {
        if self.ended {
            return None;
        }
        let mut line = Vec::new();
        loop {
            let available = match self.source.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.failed = Some(e);
                    self.ended = true;
                    return None;
                }
            };
            if available.is_empty() {
                self.ended = true;
                return (!line.is_empty()).then_some((line, false));
            }
            let (take, newline) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (available.len(), false),
            };
            let room = MAX_LINE.saturating_sub(line.len());
            if take > room {
                // A line past the limit (whether or not its end is in this buffer): the
                // check ends here. The rest is not read, so neither the input's end nor
                // its final newline is known, and neither is reported.
                line.extend_from_slice(&available[..room]);
                self.report_bare(
                    self.number + 1,
                    MAX_LINE + 1,
                    format_args!("expected a line of at most {MAX_LINE} bytes, found a longer one"),
                );
                self.ended = true;
                self.stopped = true;
                return Some((line, false));
            }
            line.extend_from_slice(&available[..take]);
            self.last_byte = available[..take + usize::from(newline)].last().copied();
            self.source.consume(take + usize::from(newline));
            if newline {
                self.line_len = 0;
                return Some((line, true));
            }
            self.line_len += take;
        }
    }

    /// Reads the next line and checks its layout; `None` at the end of the input.
    fn read_line(&mut self) -> Option<Line> {
        let (raw, ended) = self.read_raw()?;
        self.number += 1;
        let number = self.number;
        let mut line = Line {
            number,
            text: raw,
            col0: 1,
        };
        if number == 1 && line.text.starts_with(BOM) {
            self.report_bare(1, 1, "expected no byte-order mark, found \"\\u{feff}\"");
            line.text.drain(..BOM.len());
            line.col0 += BOM.len();
        }
        if ended && line.text.last() == Some(&b'\r') {
            line.text.pop();
            self.report_layout(
                number,
                line.col0 + line.text.len(),
                "expected \\n line ending, found \\r\\n",
            );
        }
        self.check_spaces(&line);
        Some(line)
    }

    /// Where the input ends: just past its last byte.
    fn end(&self) -> (usize, usize) {
        if self.last_byte.is_none_or(|b| b == b'\n') {
            (self.number + 1, 1)
        } else {
            (self.number.max(1), self.line_len + 1)
        }
    }

    /// After the rules: reads what is left (checking its layout) and reports a missing
    /// final newline.
    fn finish_reading(&mut self) {
        while self.next_line().is_some() {}
        if !self.stopped && self.last_byte.is_some_and(|b| b != b'\n') {
            let (line, col) = self.end();
            self.context.clear();
            self.report_bare(
                line,
                col,
                "expected \\n at the end of the file, found end of input",
            );
        }
    }

    /// Reports every run of spaces, tabs and `\r` other than one space between tokens.
    fn check_spaces(&mut self, line: &Line) {
        let text = &line.text[..];
        if !text.is_empty() && line.is_blank() {
            let found = Found::token(text);
            self.report_layout(
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
            self.report_layout(
                line.number,
                line.col0 + start,
                format_args!("expected {expected}, found {found}"),
            );
        }
    }

    /// Records a violation at `line:col`, prefixed by the current context.
    fn report(&mut self, line: usize, col: usize, message: impl fmt::Display) {
        let message = format!("{}{message}", self.context);
        self.report_bare(line, col, message);
    }

    /// Records a violation of the layout that may recur on many lines: the first is
    /// kept, and the count said with it at the end.
    fn report_layout(&mut self, line: usize, col: usize, message: impl fmt::Display) {
        self.layout
            .entry(message.to_string())
            .or_insert((line, col, 0))
            .2 += 1;
    }

    /// Records a violation of the layout (it belongs to no case: no context).
    fn report_bare(&mut self, line: usize, col: usize, message: impl fmt::Display) {
        self.total += 1;
        let seq = self.total;
        self.keep(line, col, seq, message);
    }

    /// Keeps a violation if it is among the first `max` by place (then by `seq`).
    fn keep(&mut self, line: usize, col: usize, seq: usize, message: impl fmt::Display) {
        if self.max == 0 {
            return;
        }
        if self.kept.len() == self.max
            && self
                .kept
                .peek()
                .is_some_and(|top| (top.line, top.col, top.seq) <= (line, col, seq))
        {
            return; // later in the file than every one kept
        }
        self.kept.push(Kept {
            line,
            col,
            seq,
            message: message.to_string(),
        });
        if self.kept.len() > self.max {
            self.kept.pop();
        }
    }

    /// Records a violation at `token`.
    fn report_at(&mut self, token: &Token<'_>, message: impl fmt::Display) {
        self.report(token.line, token.col, message);
    }

    /// Records a violation at the end of the input; none when reading stopped before it
    /// (the input went on, unread).
    fn report_end(&mut self, message: impl fmt::Display) {
        if self.stopped {
            return;
        }
        let (line, col) = self.end();
        self.report(line, col, message);
    }

    /// The violations kept, in the order of the file, and how many there were (a
    /// recurring layout violation counts once).
    fn into_report(mut self) -> io::Result<Report> {
        for (message, (line, col, count)) in std::mem::take(&mut self.layout) {
            // Layout first among the violations at one place, as the file reads.
            self.total += 1;
            match count - 1 {
                0 => self.keep(line, col, 0, message),
                more => self.keep(
                    line,
                    col,
                    0,
                    format_args!("{message} (and {more} more like it)"),
                ),
            }
        }
        if let Some(e) = self.failed {
            return Err(e);
        }
        let violations = self
            .kept
            .into_sorted_vec()
            .into_iter()
            .map(|k| Violation {
                line: k.line,
                col: k.col,
                message: k.message,
            })
            .collect();
        Ok(Report {
            violations,
            total: self.total,
        })
    }

    /// The next line, without reading it.
    fn peek(&mut self) -> Option<&Line> {
        if self.ahead.is_none() {
            self.ahead = self.read_line();
        }
        self.ahead.as_ref()
    }

    /// Reads the next line.
    fn next_line(&mut self) -> Option<Line> {
        match self.ahead.take() {
            Some(line) => Some(line),
            None => self.read_line(),
        }
    }

    /// Reads the next line that holds a token, reporting each blank line before it as
    /// standing where `what` should; at the end of the input reports `what` missing.
    fn expect_line(&mut self, what: impl fmt::Display) -> Option<Line> {
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
    fn tokens<'l>(
        &mut self,
        line: &'l Line,
        count: u64,
        missing: impl Fn(usize) -> String,
    ) -> Vec<Token<'l>> {
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
    fn ints<'l, const N: usize>(
        &mut self,
        line: &'l Line,
        fields: [(&dyn fmt::Display, RangeInclusive<u64>); N],
    ) -> [Option<Num<'l>>; N] {
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
    fn int<'l>(
        &mut self,
        token: &Token<'l>,
        name: impl fmt::Display,
        range: RangeInclusive<u64>,
    ) -> Option<Num<'l>> {
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

    /// Checks that the input ends here: no line, not even a blank one, is left (the
    /// rest is read to its first token, and its layout checked to the end).
    fn finish(&mut self) {
        self.context.clear();
        let mut first = true;
        while let Some(line) = self.next_line() {
            if first && line.is_blank() {
                self.report(
                    line.number,
                    line.col0,
                    "expected end of input, found blank line",
                );
            }
            first = false;
            if let Some(token) = line.tokens().next() {
                let found = Found::token(token.text);
                self.report_at(&token, format_args!("expected end of input, found {found}"));
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Huarongdao input whose first line is `MAX_LINE + extra` bytes long (its header
    /// padded with spaces), then a valid rest: one row, no query.
    fn long_first_line(extra: usize) -> Vec<u8> {
        let mut text = b"1 1 0".to_vec();
        text.resize(MAX_LINE + extra, b' ');
        text.extend_from_slice(b"\n1\n");
        text
    }

    /// The violations of `text` read through a reader, a buffer at a time, and in memory.
    fn both_ways(text: &[u8]) -> [Vec<String>; 2] {
        let shown = |report: Report| -> Vec<String> {
            report.violations.iter().map(ToString::to_string).collect()
        };
        [
            shown(huarongdao::validate_input(Input::reader(text), 10).unwrap()),
            shown(huarongdao::validate_input(Input::bytes(text), 10).unwrap()),
        ]
    }

    #[test]
    fn a_line_past_the_limit_ends_the_check_without_a_false_end_of_input() {
        // Longer by a byte, by less than a buffer, by more: the file has its final
        // newline, so only the long line is reported (and its spaces, which are read).
        for extra in [1, 10, 100_000] {
            for found in both_ways(&long_first_line(extra)) {
                assert!(
                    found.iter().any(|v| v
                        .ends_with("expected a line of at most 2097152 bytes, found a longer one")),
                    "{extra}: {found:?}"
                );
                assert!(
                    found
                        .iter()
                        .all(|v| !v.contains("end of input")
                            && !v.contains("at the end of the file")),
                    "{extra}: {found:?}"
                );
            }
        }
        // A line of exactly the limit is read whole.
        for found in both_ways(&long_first_line(0)) {
            assert!(found.iter().all(|v| !v.contains("at most")), "{found:?}");
        }
    }
}
