//! The drawing kit of gridsolve's SVG pictures: one standalone SVG 1.1 document per case
//! (a query, a board, a level), drawn from a puzzle's own model and, when it has one,
//! its solution's path (its route, a numbered marker per move and an animation).
//!
//! This crate knows no puzzle: it gives the layout every picture shares (the caption,
//! the board to scale, the legend), runs of cells, routes, markers and animations. Each
//! puzzle draws its own picture with it, in its adapter (`crates/puzzles/src/NAME/
//! picture.rs`), for the contract's `Draw` capability; nothing here knows the registry,
//! the judge text or the command line. With the feature `check`, `svg::check` gives
//! the pictures' tests their checks (and with `render`, renders to pixels with resvg).

#![deny(missing_docs)]

pub mod svg;

pub use svg::PICTURE_BYTES_PER_MOVE;
