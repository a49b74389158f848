//! SVG pictures of gridsolve's puzzles: one standalone SVG 1.1 document per case (a
//! query, a board, a level), drawn from the puzzle's own model and, when it has one,
//! its solution's path (its route, a numbered marker per move and an animation).
//!
//! One module per puzzle, each with a `draw_picture` over its solver crate's types,
//! and the drawing kit they share (the layout, the legend, runs of cells, routes,
//! markers, animations). The puzzle contract's `Draw` capability (crate `puzzles`)
//! calls them; they know nothing of the registry, the judge text or the command line.

#![deny(missing_docs)]

mod svg;

pub mod bloxorz;
pub mod bloxorz_classic;
pub mod fifteen;
pub mod holedox;
pub mod huarongdao;
pub mod klotski;

pub use svg::PICTURE_BYTES_PER_MOVE;
