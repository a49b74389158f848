//! The lines of a program's output as a judge reads them, and the words of a path's
//! text: the scanning under `gridsolve check` (and so `stress` and the packages'
//! validators), which reads outputs of tens of megabytes byte by byte. It lives here,
//! beside the other readers, so that it is compiled as they are (optimised even in the
//! dev profile, where the tests run it on such outputs).
//!
//! White space is C's `isspace` (space, tab, LF, CR, VT, FF), as the judges see it.

use crate::words::count;
use std::io::{self, BufRead};

/// The number of white-space-separated words of `text` (white space as Unicode has it,
/// like [`str::split_whitespace`]). Every word of a path is at least one move, so a
/// checker can refuse a path longer than it allows before reading its moves.
///
/// ```
/// assert_eq!(parsers::output::words(" UR  D\u{a0}L\n"), 3);
/// assert_eq!(parsers::output::words(" \t"), 0);
/// ```
pub fn words(text: &str) -> usize {
    text.split_whitespace().count()
}

/// The length of the longest prefix of `text` that ends in white space (Unicode's):
/// where a path's text may be cut between two words. 0 when it has none.
///
/// ```
/// assert_eq!(parsers::output::after_last_space("UR D\u{a0}LL"), 6);
/// assert_eq!(parsers::output::after_last_space("URDL"), 0);
/// ```
pub fn after_last_space(text: &str) -> usize {
    text.char_indices()
        .rev()
        .find(|(_, c)| c.is_whitespace())
        .map_or(0, |(i, c)| i + c.len_utf8())
}

/// How many bytes of a line are kept as they are, for a message about its spacing.
pub const HEAD: usize = 80;

/// One line of the output, as its tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// From 1.
    pub number: usize,
    /// Its tokens joined by single spaces, no more bytes of them than it was read with.
    pub text: Vec<u8>,
    /// It ended with `\n` (the last line may not).
    pub ended: bool,
    /// It holds more tokens than it was read with: reading stopped inside it.
    pub cut: bool,
    /// Its bytes were exactly `text`: one space between tokens, none around them, no
    /// tab or `\r`.
    pub exact: bool,
    /// Its first bytes as they are (one more than [`HEAD`] when it is longer).
    pub head: Vec<u8>,
}

/// Whitespace as C's `isspace` (and so the judges) see it.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

impl Line {
    /// Line `number`, nothing read of it yet.
    fn new(number: usize) -> Line {
        Line {
            number,
            text: Vec::new(),
            ended: false,
            cut: false,
            exact: true,
            head: Vec::new(),
        }
    }

    /// Takes note of `bytes` of the line, which go elsewhere: its spacing, its head and
    /// its first `kept` bytes of tokens; `space` as in [`Line::take`].
    fn observe(&mut self, bytes: &[u8], space: &mut bool, kept: usize) {
        self.keep_head(bytes);
        for &b in bytes {
            if is_space(b) {
                if *space || b != b' ' || self.text.is_empty() {
                    self.exact = false;
                }
                *space = true;
                continue;
            }
            if self.text.len() < kept {
                if *space && !self.text.is_empty() {
                    self.text.push(b' ');
                }
                self.text.push(b);
            }
            *space = false;
        }
    }

    /// Its tokens, as bytes.
    pub fn tokens(&self) -> impl Iterator<Item = &[u8]> {
        self.text.split(|&b| b == b' ').filter(|t| !t.is_empty())
    }

    /// No tokens, and none cut off.
    pub fn is_blank(&self) -> bool {
        !self.cut && self.text.is_empty()
    }

    /// Takes the bytes of `buf` up to the line's end; `space` says whether whitespace
    /// came since the last token. Returns how many bytes it used and whether the line
    /// is done (ended, or cut at `limit` bytes of tokens).
    fn take(&mut self, buf: &[u8], space: &mut bool, limit: usize) -> io::Result<(usize, bool)> {
        let mut i = 0;
        while i < buf.len() {
            let b = buf[i];
            if b == b'\n' {
                self.ended = true;
                return Ok((i + 1, true));
            }
            if is_space(b) {
                if *space || b != b' ' || self.text.is_empty() {
                    self.exact = false;
                }
                *space = true;
                self.keep_head(&buf[i..=i]);
                i += 1;
                continue;
            }
            // A run of a token's bytes, taken at once.
            let end = buf[i..]
                .iter()
                .position(|&b| is_space(b))
                .map_or(buf.len(), |n| i + n);
            let run = &buf[i..end];
            self.keep_head(run);
            let gap = *space && !self.text.is_empty();
            let room = limit.saturating_sub(self.text.len() + usize::from(gap));
            if run.len() > room {
                self.cut = true;
                return Ok((i + room + 1, true));
            }
            grow(&mut self.text, run.len() + 1)?;
            if gap {
                self.text.push(b' ');
            }
            self.text.extend_from_slice(run);
            *space = false;
            i = end;
        }
        Ok((buf.len(), false))
    }

    /// Keeps the line's first bytes as they are (one more than [`HEAD`]).
    fn keep_head(&mut self, bytes: &[u8]) {
        let room = (HEAD + 1).saturating_sub(self.head.len());
        self.head.extend_from_slice(&bytes[..bytes.len().min(room)]);
    }
}

/// Makes room for `more` bytes in `text` where memory allows: an output line too long
/// to hold is an error, not an abort.
fn grow(text: &mut Vec<u8>, more: usize) -> io::Result<()> {
    text.try_reserve(more).map_err(|_| {
        io::Error::new(
            io::ErrorKind::OutOfMemory,
            format!(
                "no memory for a line of {}",
                count(text.len() + more, "byte")
            ),
        )
    })
}

/// The bytes `reader` has buffered, reading more if it has none (again when a read is
/// interrupted); empty at the end of the output.
fn fill<'r>(reader: &'r mut (dyn BufRead + '_)) -> io::Result<&'r [u8]> {
    loop {
        match reader.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    // Bytes are buffered now (or the output ended): this only hands them out.
    reader.fill_buf()
}

/// The output's lines, one at a time.
pub struct Lines<'o> {
    reader: Box<dyn BufRead + 'o>,
    /// Lines read so far.
    pub number: usize,
    /// The output ended, or reading stopped inside a line.
    done: bool,
}

impl std::fmt::Debug for Lines<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lines")
            .field("number", &self.number)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

impl<'o> Lines<'o> {
    /// The lines of `reader`, none read yet.
    pub fn new(reader: Box<dyn BufRead + 'o>) -> Lines<'o> {
        Lines {
            reader,
            number: 0,
            done: false,
        }
    }

    /// The next line, each of its bytes (but its `\n`) given to `feed` as they are read,
    /// until `feed` says to stop (then the line is `cut` and nothing more is read). The
    /// line's first `kept` bytes of tokens are kept, for messages; `None` at the end of
    /// the output.
    pub fn stream(
        &mut self,
        kept: usize,
        feed: &mut dyn FnMut(&[u8]) -> bool,
    ) -> io::Result<Option<Line>> {
        self.line(|line, buf, space| {
            let (end, used) = match buf.iter().position(|&b| b == b'\n') {
                Some(at) => (at, at + 1),
                None => (buf.len(), buf.len()),
            };
            line.observe(&buf[..end], space, kept);
            if !feed(&buf[..end]) {
                line.cut = true;
            } else if end < used {
                line.ended = true;
            }
            Ok((used, line.cut || line.ended))
        })
    }

    /// The next `count` tokens, over as many lines as they take (line breaks are white
    /// space like any other), as one line of the first token's number, read to at most
    /// `limit` bytes of tokens; `None` when the output has no more. After a token cut
    /// at `limit` nothing more is read.
    pub fn next_tokens(&mut self, count: usize, limit: usize) -> io::Result<Option<Line>> {
        let mut line = Line::new(self.number + 1);
        let mut found = 0;
        'tokens: while found < count && !self.done {
            // White space first, counting the lines it ends.
            let mut started = false;
            loop {
                let buf = fill(&mut *self.reader)?;
                if buf.is_empty() {
                    // The output ends, inside a token or before one.
                    self.done = true;
                    found += usize::from(started);
                    break 'tokens;
                }
                if !started {
                    let skip = buf.iter().position(|&b| !is_space(b));
                    let skipped = &buf[..skip.unwrap_or(buf.len())];
                    self.number += skipped.iter().filter(|&&b| b == b'\n').count();
                    let used = skipped.len();
                    self.reader.consume(used);
                    if skip.is_none() {
                        continue;
                    }
                    started = true;
                    if found == 0 {
                        line.number = self.number + 1;
                    }
                    continue;
                }
                let end = buf.iter().position(|&b| is_space(b));
                let run = &buf[..end.unwrap_or(buf.len())];
                let room = limit.saturating_sub(line.text.len());
                if run.len() > room {
                    line.text.extend_from_slice(&run[..room]);
                    line.cut = true;
                    self.done = true;
                    return Ok(Some(line));
                }
                grow(&mut line.text, run.len())?;
                line.text.extend_from_slice(run);
                let used = run.len();
                self.reader.consume(used);
                if end.is_some() {
                    break;
                }
            }
            found += 1;
            if found < count {
                grow(&mut line.text, 1)?;
                line.text.push(b' ');
            }
        }
        if found == 0 {
            return Ok(None);
        }
        if line.text.last() == Some(&b' ') {
            line.text.pop();
        }
        line.ended = true;
        Ok(Some(line))
    }

    /// The next line, read to at most `limit` bytes of tokens (whitespace is not kept
    /// and costs nothing); `None` at the end of the output. After a line cut at `limit`
    /// nothing more is read.
    #[allow(clippy::should_implement_trait)] // it takes a limit and can fail
    pub fn next(&mut self, limit: usize) -> io::Result<Option<Line>> {
        self.line(|line, buf, space| line.take(buf, space, limit))
    }

    /// The next line, its bytes handed to `take` as they are read: `take` returns how
    /// many of them it used and whether the line is done (its `\n` used, or reading
    /// stops inside it: then it marks the line `cut`). `space` says whether white
    /// space came since the last token. `None` at the end of the output; after a cut
    /// line nothing more is read.
    fn line(
        &mut self,
        mut take: impl FnMut(&mut Line, &[u8], &mut bool) -> io::Result<(usize, bool)>,
    ) -> io::Result<Option<Line>> {
        if self.done {
            return Ok(None);
        }
        let mut line = Line::new(self.number + 1);
        let mut any = false;
        let mut space = false;
        loop {
            let buf = fill(&mut *self.reader)?;
            if buf.is_empty() {
                self.done = true;
                if !any {
                    return Ok(None);
                }
                break;
            }
            any = true;
            let (used, done) = take(&mut line, buf, &mut space)?;
            self.reader.consume(used);
            if done {
                break;
            }
        }
        if space {
            line.exact = false;
        }
        self.done |= line.cut;
        self.number += 1;
        Ok(Some(line))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Lines<'_> {
        // A reader of 3-byte reads, so that lines and tokens span reads.
        Lines::new(Box::new(io::BufReader::with_capacity(3, text.as_bytes())))
    }

    #[test]
    fn a_line_keeps_its_tokens_joined_and_says_whether_its_spacing_was_exact() {
        let mut output = lines("7 12\n  a\tbc \nlast");
        let first = output.next(100).unwrap().unwrap();
        assert_eq!((first.number, &first.text[..]), (1, &b"7 12"[..]));
        assert!(first.exact && first.ended && !first.cut && !first.is_blank());
        assert_eq!(first.tokens().collect::<Vec<_>>(), [&b"7"[..], &b"12"[..]]);
        let second = output.next(100).unwrap().unwrap();
        assert_eq!((second.number, &second.text[..]), (2, &b"a bc"[..]));
        assert!(!second.exact && second.ended);
        assert_eq!(second.head, b"  a\tbc ");
        let last = output.next(100).unwrap().unwrap();
        assert_eq!(&last.text[..], b"last");
        assert!(last.exact && !last.ended);
        assert_eq!(output.next(100).unwrap(), None);
        assert_eq!(output.number, 3);
    }

    #[test]
    fn a_line_past_its_limit_is_cut_and_reading_stops() {
        let mut output = lines("abcdef gh\nnext\n");
        let line = output.next(4).unwrap().unwrap();
        assert!(line.cut && !line.is_blank());
        // The reads are of 3 bytes: the first fits, the second would pass the limit.
        assert_eq!(&line.text[..], b"abc");
        assert_eq!(output.next(4).unwrap(), None);
        let blank = lines(" \t\n").next(4).unwrap().unwrap();
        assert!(blank.is_blank() && !blank.exact);
    }

    #[test]
    fn tokens_are_taken_across_lines_from_the_first_ones_line() {
        let mut output = lines("\n\n 5\n6  7\n8");
        let three = output.next_tokens(3, 100).unwrap().unwrap();
        assert_eq!((three.number, &three.text[..]), (3, &b"5 6 7"[..]));
        let rest = output.next_tokens(3, 100).unwrap().unwrap();
        assert_eq!((rest.number, &rest.text[..]), (5, &b"8"[..]));
        assert_eq!(output.next_tokens(1, 100).unwrap(), None);
        let mut long = lines("123456 7");
        let cut = long.next_tokens(2, 4).unwrap().unwrap();
        assert!(cut.cut);
        assert_eq!(&cut.text[..], b"1234");
    }

    #[test]
    fn a_streamed_line_is_fed_whole_and_kept_to_its_first_bytes() {
        let mut fed = Vec::new();
        let mut output = lines("UR DL  LU\nx\n");
        let line = output
            .stream(5, &mut |bytes| {
                fed.extend_from_slice(bytes);
                true
            })
            .unwrap()
            .unwrap();
        assert_eq!(fed, b"UR DL  LU");
        assert_eq!(&line.text[..], b"UR DL");
        assert!(!line.exact && line.ended && !line.cut);
        // A feed that says stop cuts the line, and nothing more is read.
        let mut output = lines("UR DL LU\nx\n");
        let line = output.stream(50, &mut |_| false).unwrap().unwrap();
        assert!(line.cut);
        assert_eq!(output.next(10).unwrap(), None);
    }

    #[test]
    fn words_and_the_last_space_follow_unicode_white_space() {
        assert_eq!(words("a\u{3000}b\u{85}c d"), 4);
        assert_eq!(words(""), 0);
        assert_eq!(after_last_space("ab\u{3000}c"), 5);
        assert_eq!(after_last_space("ab c\n"), 5);
        assert_eq!(after_last_space(""), 0);
    }
}
