//! Optimal solver for the original Bloxorz: switches, bridges and split cubes.
//!
//! The 1x1x2 block rolls as in POJ 3322 (the `bloxorz` crate) over floor (`.`) and
//! orange tiles (`E`, which a standing block falls through). Bridges (`=`) are floor
//! only while they are on. A soft switch (`o`) is pressed by the block or a cube ending
//! a move on it, a heavy switch (`h`) only by the block standing on it; each press
//! applies the switch's actions (`toggle`, `on`, `off` a bridge) in order. A move is
//! legal only if the tiles hold the piece before the switches fire and still hold every
//! piece after. The block standing on a split switch (`s`) becomes two cubes on the
//! switch's landing cells, moved one at a time (choosing one is free) until they end a
//! move side by side and merge into a lying block. How few moves stand the block on the
//! exit `O`?
//!
//! Build a [`Level`] (from rows of the level file's characters and its bridges,
//! switches and splits, or from a [`Layout`]), solve it with a [`Solver`] (which keeps
//! its buffers for the next level), and check any path with [`replay`](fn@replay), which knows only
//! the rules:
//!
//! ```
//! use bloxorz_classic::{replay, Action, Bridge, Level, Path, Pos, Solver, Split, Switch};
//!
//! // The bridge at (1, 6) is off; the soft switch at (1, 3) turns it on as the block
//! // lies over it.
//! let level = Level::from_rows(
//!     &["X.o..=...O"],
//!     vec![Bridge { on: false, cells: vec![Pos::new(0, 5)] }],
//!     vec![Switch { pos: Pos::new(0, 2), actions: vec![Action::On(0)] }],
//!     vec![],
//! )?;
//! let mut solver = Solver::new();
//! let solution = solver.solve_with_path(&level)?.expect("solvable");
//! assert_eq!((solution.moves(), solution.path.to_string().as_str()), (6, "RRRRRR"));
//! assert_eq!(replay(&level, &solution.path)?, 6); // checked by the rules alone
//!
//! // Standing on `s` splits the block into cube 1 on (1, 5) and cube 2 on (1, 3): they
//! // cross the three orange tiles the block cannot, and merge lying on (1, 8)-(1, 9).
//! let level = Level::from_rows(
//!     &["X..s.EEE.O"],
//!     vec![],
//!     vec![],
//!     vec![Split { pos: Pos::new(0, 3), landing: [Pos::new(0, 4), Pos::new(0, 2)] }],
//! )?;
//! let solution = solver.solve_with_path(&level)?.expect("solvable");
//! assert_eq!(solution.moves(), 12); // R R, cube 1 R R R R, cube 2 r r r r r, R
//! let by_hand: Path = "RRRRRRrrrrrR".parse()?;
//! assert_eq!(replay(&level, &by_hand)?, 12);
//! assert_eq!(replay(&level, &solution.path)?, 12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every solver crate of gridsolve has this shape: `Solver::new()` (or
//! [`Solver::with_limits`]), `solve` for the number, `solve_with_path` for a
//! [`Solution`] (here of a [`Path`], in the notation `U D L R` for the block or cube 1
//! and `u d l r` for cube 2), `stats`, and an independent [`replay`](fn@replay). The crate also
//! holds a naive `oracle` module for tests and a seeded generator of levels (the `generate` module),
//! behind the features `oracle` and `generate`, off by default (the tests turn them on). It does no I/O; the `parsers`
//! crate reads and writes the level-file format.

#![deny(missing_docs)]

// The README's examples run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(feature = "generate")]
pub mod generate;
mod level;
#[cfg(feature = "oracle")]
pub mod oracle;
mod path;
mod replay;
mod solver;

pub use bloxorz::{Orientation, Placement};
pub use grid_core::{Dir, LimitError, Limits, MoveCount, Pos, SearchStats, Solution};
pub use level::{
    Action, Bridge, Layout, Level, LevelError, MAX_CELLS, MAX_STATES, Part, Split, Switch, Tile,
    max_bridges, states_per_setting,
};
pub use path::{Move, ParsePathError, Path};
pub use replay::{Body, Position, ReplayError, Walk, replay, trace, walk};
pub use solver::Solver;
