//! The cases of a multi-case input, read one at a time: the stream of an [`Input`] (in
//! `input`) fed to the format's case reader (a [`Reader`] step, in `reader`). It comes
//! after both, so neither needs the other's caller.

use crate::input::{Input, InputError, Stream};
use crate::reader::{ParseError, Reader};

/// What the multi-case formats share: cases read one at a time until a terminator (the
/// case reader recognises it) or the end of the input at a case boundary; an input with
/// nothing in it at all is an error rather than zero cases (more likely a mistake); and
/// nothing more after the first error or the end.
#[derive(Debug)]
pub(crate) struct CaseStream<'a> {
    stream: Stream<'a>,
    /// Cases read so far.
    pub(crate) number: usize,
    done: bool,
}

impl<'a> CaseStream<'a> {
    pub(crate) fn new(input: Input<'a>) -> CaseStream<'a> {
        CaseStream {
            stream: Stream::new(input),
            number: 0,
            done: false,
        }
    }

    /// The next case as `read` reads it (given the case's number; `Ok(None)` at the
    /// terminator); `first` names what an empty input lacks.
    pub(crate) fn next_with<T>(
        &mut self,
        first: &str,
        mut read: impl FnMut(&mut Reader<'_>, usize) -> Result<Option<T>, ParseError>,
    ) -> Option<Result<T, InputError>> {
        if self.done {
            return None;
        }
        let number = self.number + 1;
        let empty = number == 1;
        let next = self.stream.step(|reader| {
            if reader.at_end() {
                return if empty {
                    Err(reader.end_of_input(first))
                } else {
                    Ok(None)
                };
            }
            read(reader, number)
        });
        match next {
            Ok(Some(case)) => {
                self.number = number;
                Some(Ok(case))
            }
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }

    /// Reads on within the case [`CaseStream::next_with`] began (a step of the
    /// stream: see [`Stream::step`](crate::input::Stream::step)); an error ends the cases.
    pub(crate) fn step<T>(
        &mut self,
        read: impl FnMut(&mut Reader<'_>) -> Result<T, ParseError>,
    ) -> Result<T, InputError> {
        let result = self.stream.step(read);
        if result.is_err() {
            self.done = true;
        }
        result
    }

    /// Ends the cases (the one being read broke a rule).
    pub(crate) fn stop(&mut self) {
        self.done = true;
    }
}
