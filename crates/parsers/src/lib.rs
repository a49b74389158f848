//! Judge text formats to puzzle models and back.
//!
//! Every reader is strict and total: it accepts exactly the format (with the tolerances
//! listed below) and returns a [`ParseError`] carrying the line, the column, what was
//! expected and what was found for anything else. No input, however broken, makes it
//! panic or reserve memory the input does not justify.
//!
//! Tolerated on purpose, for every format: any mix of spaces, tabs and line breaks
//! (`\n` or `\r\n`) between tokens, runs of blank lines, a missing final newline, a UTF-8
//! byte-order mark at the very start, and leading zeros in numbers (`007` is 7).
//! Rejected: anything else where a token is expected (a sign, a letter, a NUL byte),
//! numbers out of range or past 64 bits, and any token after the end of the format.
//!
//! ```
//! let input = parsers::huarongdao::parse(b"3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n")?;
//! assert_eq!(input.queries.len(), 1);
//!
//! let err = parsers::huarongdao::parse(b"3 4 1\n0 1 1 1\n0 1 2 0\n").unwrap_err();
//! assert_eq!(err.to_string(), "3:5: cell (2, 3) = 2 is out of range 0..=1");
//! # Ok::<(), parsers::ParseError>(())
//! ```
//!
//! Each format is a feature of its own, all on by default: `huarongdao`, `bloxorz`,
//! `holedox`, `bloxorz-classic`, `klotski` and `fifteen` (the sliding-tile puzzle's two
//! formats, `eight` and `fifteen`). A feature brings its module
//! (`parsers::NAME`, the reader and writer), its strict validator
//! (`parsers::validate::NAME`) and its solver crate (without the solver's oracle and
//! generator), whose model the reader builds. To read Bloxorz judge text and build
//! nothing of the other puzzles:
//!
//! ```toml
//! parsers = { package = "gridsolve-parsers", path = "PATH/TO/gridsolve/crates/parsers", default-features = false, features = ["bloxorz"] }
//! ```

#![deny(missing_docs)]
// The reading and validating machinery is shared by the formats, and each uses part of
// it: with only some of the format features on, the parts no enabled format uses are
// dead, and that is fine. With the default features, all of it must be used.
#![cfg_attr(not(feature = "default"), allow(dead_code))]

// The README's examples run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(feature = "bloxorz")]
pub mod bloxorz;
#[cfg(feature = "bloxorz-classic")]
pub mod bloxorz_classic;
mod cases;
#[cfg(feature = "fifteen")]
pub mod eight;
#[cfg(feature = "fifteen")]
pub mod fifteen;
#[cfg(feature = "holedox")]
pub mod holedox;
#[cfg(feature = "huarongdao")]
pub mod huarongdao;
mod input;
#[cfg(feature = "klotski")]
pub mod klotski;
pub mod output;
mod reader;
pub mod validate;
mod words;

pub use input::{Input, InputError, Warnings};
pub use reader::{ErrorKind, Found, MAX_TOKEN, ParseError, Reader, Token};

/// The parse error of an input held in memory (which cannot fail to be read).
fn in_memory(error: InputError) -> ParseError {
    match error {
        InputError::Parse(e) => e,
        InputError::Read(e) => ParseError {
            line: 1,
            col: 1,
            kind: ErrorKind::Invalid {
                message: format!("cannot read the input: {e}"),
            },
        },
    }
}
