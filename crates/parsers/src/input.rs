//! Inputs read in pieces: a format's reader works on the bytes at hand and, when it
//! looked past them before the input's end, runs again over more. So a huge input is
//! never held whole, and an input that cannot be valid is refused as soon as its first
//! bad token is read (`/dev/zero` fails at 1:1 after a MiB, not after all memory).

use crate::reader::{Place, Reader};
use crate::{ErrorKind, ParseError};
use std::fmt;
use std::io::{self, Read};

/// Where the bytes of an input come from: memory, or a reader read in pieces; and
/// where the readers leave warnings, if anyone listens.
pub struct Input<'a> {
    kind: Kind<'a>,
    warnings: Option<Warnings>,
}

/// Things a reader accepted but a judge might not like (rows of a grid not one per
/// line, say): where, and what. [`Input::with_warnings`] collects them.
#[derive(Clone, Debug, Default)]
pub struct Warnings(std::rc::Rc<std::cell::RefCell<Vec<ParseError>>>);

impl Warnings {
    /// An empty collection.
    pub fn new() -> Warnings {
        Warnings::default()
    }

    /// The warnings so far, in the order they came.
    pub fn take(&self) -> Vec<ParseError> {
        std::mem::take(&mut self.0.borrow_mut())
    }

    pub(crate) fn push(&self, warning: ParseError) {
        self.0.borrow_mut().push(warning);
    }
}

enum Kind<'a> {
    Bytes(&'a [u8]),
    Read(Box<dyn Read + 'a>),
}

impl<'a> Input<'a> {
    /// The bytes of `reader`, read as they are needed.
    pub fn reader(reader: impl Read + 'a) -> Input<'a> {
        Input {
            kind: Kind::Read(Box::new(reader)),
            warnings: None,
        }
    }

    /// This input, its readers' warnings going to `warnings`.
    #[must_use]
    pub fn with_warnings(mut self, warnings: &Warnings) -> Input<'a> {
        self.warnings = Some(warnings.clone());
        self
    }

    /// Bytes in memory.
    pub fn bytes(bytes: &'a [u8]) -> Input<'a> {
        Input {
            kind: Kind::Bytes(bytes),
            warnings: None,
        }
    }

    /// The input as buffered lines.
    pub(crate) fn into_buf_read(self) -> Box<dyn io::BufRead + 'a> {
        match self.kind {
            Kind::Bytes(bytes) => Box::new(bytes),
            Kind::Read(reader) => Box::new(io::BufReader::with_capacity(CHUNK, reader)),
        }
    }

    /// Reads the whole input into memory, refusing more than `limit` bytes.
    ///
    /// # Errors
    /// A failed read, or an input over `limit` bytes (or over what memory holds).
    pub fn read_all(self, limit: usize) -> Result<Vec<u8>, InputError> {
        let mut stream = Stream::new(self);
        while !stream.eof {
            if stream.data().len() > limit {
                break;
            }
            stream.fill()?;
        }
        let data = stream.data();
        if data.len() > limit {
            return Err(InputError::Parse(too_large(
                (1, 1),
                format_args!("input longer than {limit} bytes"),
            )));
        }
        Ok(data.to_vec())
    }
}

impl fmt::Debug for Input<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Bytes(bytes) => write!(f, "Input::bytes({} bytes)", bytes.len()),
            Kind::Read(_) => f.write_str("Input::reader(..)"),
        }
    }
}

impl<'a> From<&'a [u8]> for Input<'a> {
    fn from(bytes: &'a [u8]) -> Input<'a> {
        Input::bytes(bytes)
    }
}

impl<'a, const N: usize> From<&'a [u8; N]> for Input<'a> {
    fn from(bytes: &'a [u8; N]) -> Input<'a> {
        Input::bytes(bytes)
    }
}

impl<'a> From<&'a Vec<u8>> for Input<'a> {
    fn from(bytes: &'a Vec<u8>) -> Input<'a> {
        Input::bytes(bytes)
    }
}

impl<'a> From<&'a str> for Input<'a> {
    fn from(text: &'a str) -> Input<'a> {
        Input::bytes(text.as_bytes())
    }
}

/// Why an input was not read to its end.
#[derive(Debug)]
#[non_exhaustive]
pub enum InputError {
    /// The input is not in the format: where and why.
    Parse(ParseError),
    /// Reading failed (not the input's fault).
    Read(io::Error),
}

impl InputError {
    /// The parse error, if the input is at fault.
    pub fn parse_error(&self) -> Option<&ParseError> {
        match self {
            InputError::Parse(e) => Some(e),
            InputError::Read(_) => None,
        }
    }
}

impl PartialEq for InputError {
    fn eq(&self, other: &InputError) -> bool {
        match (self, other) {
            (InputError::Parse(a), InputError::Parse(b)) => a == b,
            (InputError::Read(a), InputError::Read(b)) => a.kind() == b.kind(),
            _ => false,
        }
    }
}

impl From<ParseError> for InputError {
    fn from(e: ParseError) -> InputError {
        InputError::Parse(e)
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Parse(e) => e.fmt(f),
            InputError::Read(e) => write!(f, "cannot read the input: {e}"),
        }
    }
}

impl std::error::Error for InputError {}

/// The error of an input too large to hold, at `(line, col)`.
fn too_large(place: (usize, usize), what: impl fmt::Display) -> ParseError {
    ParseError {
        line: place.0,
        col: place.1,
        kind: ErrorKind::Invalid {
            message: format!("input too large for the memory available ({what})"),
        },
    }
}

/// The least a read asks for.
const CHUNK: usize = 64 * 1024;

/// An input being read: the bytes not yet consumed (from the start of the line of the
/// next unread byte), and where reading stands.
pub(crate) struct Stream<'a> {
    /// Where the format's readers leave warnings.
    pub(crate) warnings: Option<Warnings>,
    source: Option<Box<dyn Read + 'a>>,
    /// The bytes of a borrowed input, or those buffered from a reader.
    borrowed: Option<&'a [u8]>,
    buffer: Vec<u8>,
    eof: bool,
    place: Place,
    started: bool,
}

impl<'a> Stream<'a> {
    pub(crate) fn new(input: Input<'a>) -> Stream<'a> {
        let place = Place {
            pos: 0,
            line: 1,
            line_start: 0,
            after_last: (1, 1),
        };
        let warnings = input.warnings;
        match input.kind {
            Kind::Bytes(bytes) => Stream {
                warnings,
                source: None,
                borrowed: Some(bytes),
                buffer: Vec::new(),
                eof: true,
                place,
                started: false,
            },
            Kind::Read(reader) => Stream {
                warnings,
                source: Some(reader),
                borrowed: None,
                buffer: Vec::new(),
                eof: false,
                place,
                started: false,
            },
        }
    }

    fn data(&self) -> &[u8] {
        self.borrowed.unwrap_or(&self.buffer)
    }

    /// Reads more: at least [`CHUNK`] bytes, and at least as many as are held past the
    /// last consumed line, so a step re-run over a growing buffer costs linear time.
    fn fill(&mut self) -> Result<(), InputError> {
        let Some(source) = &mut self.source else {
            self.eof = true;
            return Ok(());
        };
        let held = self.buffer.len() - self.place.line_start;
        let want = held.max(CHUNK);
        let at = (self.place.line, self.place.pos - self.place.line_start + 1);
        self.buffer
            .try_reserve(want)
            .map_err(|_| too_large(at, format_args!("{} bytes held", self.buffer.len())))?;
        // `read_to_end` reads into the spare capacity without zeroing it first (a
        // `resize` per read zeroed the whole chunk, most of it for nothing on a small
        // input: 4% of a small Holedox run), and retries interrupted reads itself.
        let start = self.buffer.len();
        match Read::take(source.as_mut(), want as u64).read_to_end(&mut self.buffer) {
            Ok(read) if read < want => {
                self.eof = true;
                self.source = None;
            }
            Ok(_) => {}
            Err(e) => {
                self.buffer.truncate(start);
                return Err(InputError::Read(e));
            }
        }
        Ok(())
    }

    /// Runs `step` on a reader at the next unread byte, over more bytes while it looks
    /// past the end of those held; keeps its place when it succeeds.
    pub(crate) fn step<T>(
        &mut self,
        mut step: impl FnMut(&mut Reader<'_>) -> Result<T, ParseError>,
    ) -> Result<T, InputError> {
        loop {
            if !self.eof && self.data().len() - self.place.pos < CHUNK {
                self.fill()?;
            }
            if !self.started {
                // The byte-order mark, if any, is skipped as the first reader would.
                self.place.pos = Reader::new(self.data()).place().pos;
                self.started = true;
            }
            let mut reader = Reader::resume(self.data(), self.place);
            let result = step(&mut reader);
            if reader.touched_end() && !self.eof {
                self.fill()?;
                continue;
            }
            if result.is_ok() {
                self.place = reader.place();
                self.compact();
            }
            return result.map_err(InputError::Parse);
        }
    }

    /// Drops the buffered bytes before the current line once they are most of the
    /// buffer (a borrowed input drops nothing).
    fn compact(&mut self) {
        let cut = self.place.line_start;
        if self.borrowed.is_some() || cut < CHUNK || cut < self.buffer.len() / 2 {
            return;
        }
        self.buffer.drain(..cut);
        self.place.pos -= cut;
        self.place.line_start = 0;
    }
}

impl fmt::Debug for Stream<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Stream")
            .field("held", &self.data().len())
            .field("eof", &self.eof)
            .field("place", &self.place)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out one byte at a time, the worst case for the re-runs.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match (self.0.split_first(), buf.first_mut()) {
                (Some((&b, rest)), Some(slot)) => {
                    *slot = b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    fn ints(input: Input<'_>) -> Result<Vec<u64>, InputError> {
        let mut stream = Stream::new(input);
        let mut out = Vec::new();
        loop {
            let next = stream.step(|r| {
                if r.at_end() {
                    return Ok(None);
                }
                r.int("x", 0..=1_000_000).map(Some)
            })?;
            match next {
                Some(x) => out.push(x),
                None => return Ok(out),
            }
        }
    }

    #[test]
    fn a_trickled_input_reads_as_the_same_bytes_in_memory() {
        let text: String = (0..50_000).map(|i| format!("{i}\n")).collect();
        let bytes = text.as_bytes();
        let whole = ints(Input::bytes(bytes)).unwrap();
        assert_eq!(whole.len(), 50_000);
        assert_eq!(ints(Input::reader(Trickle(bytes))).unwrap(), whole);
    }

    #[test]
    fn errors_keep_their_place_across_pieces() {
        let mut text: String = (0..40_000).map(|i| format!("{i} ")).collect();
        text.push_str("\n\n  12x");
        let in_memory = ints(Input::bytes(text.as_bytes())).unwrap_err();
        let streamed = ints(Input::reader(Trickle(text.as_bytes()))).unwrap_err();
        assert_eq!(in_memory, streamed);
        assert_eq!(
            streamed.to_string(),
            "3:3: expected x (an integer in 0..=1000000), found \"12x\""
        );
    }

    #[test]
    fn an_endless_token_is_cut_and_refused_after_a_mib() {
        let zeros = io::repeat(0).take(1 << 40);
        let error = ints(Input::reader(zeros)).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("1:1: expected x (an integer in 0..=1000000), found \"\\0\\0"),
            "{error}"
        );
    }

    #[test]
    fn read_failures_are_not_parse_errors() {
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let error = ints(Input::reader(Broken)).unwrap_err();
        assert!(matches!(error, InputError::Read(_)));
        assert_eq!(error.to_string(), "cannot read the input: disk on fire");
    }

    #[test]
    fn read_all_stops_at_its_limit() {
        let error = Input::reader(io::repeat(b'1').take(1 << 30))
            .read_all(1000)
            .unwrap_err();
        assert!(
            error.to_string().contains("input longer than 1000 bytes"),
            "{error}"
        );
        assert_eq!(Input::bytes(b"12 3").read_all(10).unwrap(), b"12 3");
    }
}
