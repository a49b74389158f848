//! The puzzle contract of gridsolve: what a puzzle is, for the tools.
//!
//! Each puzzle is a solver crate (model, solver, `replay`, oracle, generator) and a
//! format module in `parsers`; this crate adds one adapter per puzzle, which implements
//! the contract's capabilities in the puzzle's own types ([`Format`], [`Paths`],
//! [`Solve`] and [`Adapter`] always; [`Oracle`], [`Draw`], [`Generate`], [`Shrink`],
//! [`Play`] and a [`Package`] where it has them), and [`PUZZLES`], the registry. Tools
//! see a puzzle as a `&dyn` [`Puzzle`], each solved case as a [`Solved`], and a
//! capability through its face ([`Generator`], [`Play`], [`Solved::frames`], ...),
//! which is `None` where the puzzle lacks it; they never ask which puzzle they hold.
//! The CLI, xtask and the fuzz targets iterate the registry, so a new puzzle is a new
//! crate, one adapter module here and one registry line.
//!
//! ```
//! use puzzles::{Limits, Options, PathsFor};
//!
//! let puzzle = puzzles::find("bloxorz").expect("a registered puzzle");
//! let sample = puzzle.about().sample;
//! assert_eq!(puzzle.judge(sample.into(), &Options::new(), Limits::NONE)?, "10\n");
//! for solved in puzzle.solutions(sample.into(), &Options::new(), Limits::NONE, PathsFor::ALL)? {
//!     let solved = solved?;
//!     let path = solved.path().expect("solvable");
//!     assert_eq!(solved.replay(&path), Ok(10)); // by the rules alone
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

// The README's examples run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod cache;
pub mod checkpoint;
mod contract;
mod driver;
mod generating;
mod generator;
mod invalid;
mod json;
mod options;
mod play;
pub mod progress;
pub mod selfcheck;
mod shrinking;

mod bloxorz;
mod bloxorz_classic;
mod eight;
mod fifteen;
mod holedox;
mod huarongdao;
// Public for the command line's atlas tests alone (the adapter's `solver`).
#[doc(hidden)]
pub mod klotski;

pub use contract::{
    About, Answer, AnswerLine, Atlas, AtlasEntry, AtlasFault, AtlasSource, AtlasSummary,
    Capability, Draw, EditError, Format, Frames, GenError, Generate, Glyph, InputValidator, Lacks,
    Look, Oracle, Package, Paint, PathError, Paths, Preset, Rect, RunError, Shrink, Solve,
    Unsolved, Walk, judge_case_by_case, oracle_on_text, read_answer_line, write_answer_line,
};
pub use driver::{
    ANSWER_HELD, Adapter, AnswerReplay, Capabilities, Drawing, Generator, InputSummary, Judge,
    PathCap, PathsFor, Puzzle, Solutions, Solved,
};
pub use generating::SEED;
pub use generator::{ShrinkStep, Shrunk, Tried};
pub use grid_core::{
    Choice, Dir, Fnv1a64, LimitError, Limits, Pos, SearchStats, SplitMix64, fnv1a64,
};
pub use invalid::InvalidKind;
pub use json::{json_line, write_json_line};
pub use options::{OptionKind, OptionSpec, Options, UsageError};
/// The lines of an output as a judge reads them (`gridsolve check`'s scanning).
pub use parsers::output;
pub use parsers::validate::{Report, Violation};
pub use parsers::{ErrorKind, Found, Input, InputError, ParseError, Warnings};
pub use pictures::PICTURE_BYTES_PER_MOVE;
pub use play::{
    Actors, Arrows, CaseAlone, CellEdit, EditFn, Floor, JoinFn, Key, KindsFn, LeftFn, LineKind,
    LinesFn, Mark, MarkKind, MarksFn, Moves, Picture, Play, PlayLook, Played, Route, StepFn,
    paint_code,
};

/// Every puzzle, in the order `--help` lists them: the registry. Adding a puzzle is one
/// line here.
pub static PUZZLES: &[&dyn Puzzle] = &[
    &huarongdao::Huarongdao,
    &bloxorz::Bloxorz,
    &holedox::Holedox,
    &bloxorz_classic::BloxorzClassic,
    &klotski::Klotski,
    &eight::Eight,
    &fifteen::Fifteen,
];

/// The puzzle called `name` (its `--puzzle` value).
pub fn find(name: &str) -> Option<&'static dyn Puzzle> {
    PUZZLES.iter().copied().find(|p| p.about().name == name)
}

/// The names of every puzzle, comma-separated (for messages).
pub fn names() -> String {
    PUZZLES
        .iter()
        .map(|p| p.about().name)
        .collect::<Vec<_>>()
        .join(", ")
}
