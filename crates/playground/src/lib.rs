//! The playground of gridsolve (`gridsolve serve`): a local web server with one page
//! and a small JSON API over the puzzle registry, so every puzzle can be edited, solved
//! (the answer, the path and the board animated move by move) and played (with the
//! minimum number of moves left after every move) in a browser.
//!
//! The page's assets and the repository's fixtures are built into the binary: the
//! server reads no file and fetches nothing. Request bodies are capped at [`MAX_BODY`],
//! every search runs under the [`Config`]'s state and time budget, at most
//! [`Config::solves`] searches run at once (on tokio's blocking threads), and every
//! error is a JSON object `{"error": ..., "line": ..., "column": ...}` (the place for an
//! input the parser refused).
//!
//! The API (all bodies JSON):
//! - `GET /api/puzzles`: every puzzle with its words, legend, options, sample and the
//!   names of its bundled fixtures.
//! - `GET /api/fixtures/{puzzle}/{name}`: a bundled fixture's text.
//! - `POST /api/solve` `{puzzle, input | fixture, options, case}`: `cases`, one object
//!   per case exactly as `gridsolve --format json` writes it, and `frames`, the board of
//!   case `case` (default 1) along its optimal path ([`frames`] says how).
//! - `POST /api/play` `{puzzle, input | fixture, options, case, path, key}`: the
//!   position after `path` and then `key`'s move (`{"dir": "U", "picked": [row, col]}`,
//!   0-based), with the minimum number of moves left (`null`: lost).
//! - `POST /api/edit` `{puzzle, input | fixture, options, case, cell, kind}`: the input
//!   with that cell made that kind.
//!
//! `max_states` and `max_seconds` in a request lower the server's budget, never raise it.
//!
//! The HTTP side (`router`, `serve`, `run`: axum on a single-threaded tokio runtime) is
//! built with the `server` feature only, which `cli`'s `serve` feature turns on; without
//! it this crate is what the server answers with ([`frames`], [`played_json`]) and the
//! bundled [`FIXTURES`].

use puzzles::{Frames, Limits, Picture, Played, Pos};
use serde_json::{Value, json};
use std::time::Duration;

#[cfg(feature = "server")]
mod server;
#[cfg(feature = "server")]
pub use server::{router, run, serve};

mod fixtures {
    include!(concat!(env!("OUT_DIR"), "/fixtures.rs"));
}

pub use fixtures::FIXTURES;

/// The largest request body taken, in bytes (a larger one is answered 413).
pub const MAX_BODY: usize = 1 << 20;

/// The most cells x frames a solve animates (each frame is drawn whole to find what
/// changed): a longer solution on a larger board comes without its frames.
pub const MAX_FRAME_CELLS: usize = 30_000_000;

/// How the server runs its searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The budget of every search (a request may ask for less): states and time.
    pub limits: Limits,
    /// How many requests may search at once; the others are answered 503.
    pub solves: usize,
}

impl Default for Config {
    /// 20 million states and 10 seconds a search; two searches at once.
    fn default() -> Config {
        Config {
            limits: Limits {
                max_states: Some(20_000_000),
                max_time: Some(Duration::from_secs(10)),
            },
            solves: 2,
        }
    }
}

/// The text of the bundled fixture `name` of `puzzle`: looked up by name in the table
/// built in, so no name reaches a file.
pub fn find_fixture(puzzle: &str, name: &str) -> Option<&'static str> {
    FIXTURES
        .iter()
        .find(|(p, n, _)| *p == puzzle && *n == name)
        .map(|(_, _, text)| *text)
}

/// The frames of a solution as the page animates them: `start`, the first frame whole
/// (rows of symbols and of paints, see [`Picture`]); `changes`, for each later frame, the
/// cells that differ from the frame before, `[row, col, "SP"]` (symbol, paint); and a
/// `heading` per frame. Every frame is compared whole, so past [`MAX_FRAME_CELLS`]
/// cells x frames (a long solution on a large board) there is only the start and
/// `too_long`, told from the move count before any later frame is walked.
///
/// # Errors
/// A path that does not replay (a bug of the solver), said in words.
pub fn frames(trace: &mut dyn Frames, size: (usize, usize)) -> Result<Value, String> {
    let (rows, cols) = size;
    let count = trace.count();
    if !trace.advance()? {
        return Err("a solution walks through no position".to_string());
    }
    let start = Picture::of(trace, size);
    let start_json = picture_json(&start);
    if rows.saturating_mul(cols).saturating_mul(count) > MAX_FRAME_CELLS {
        return Ok(json!({"count": count, "start": start_json, "too_long": true}));
    }
    let mut grid: Vec<Vec<(char, char)>> = start
        .symbols
        .iter()
        .zip(&start.paints)
        .map(|(s, p)| s.chars().zip(p.chars()).collect())
        .collect();
    let mut changes = Vec::with_capacity(count.saturating_sub(1));
    let mut headings = Vec::with_capacity(count);
    headings.push(trace.heading());
    while trace.advance()? {
        let mut changed = Vec::new();
        for (row, line) in grid.iter_mut().enumerate() {
            for (col, cell) in line.iter_mut().enumerate() {
                let glyph = trace.glyph(Pos::new(row, col));
                let now = (glyph.symbol, puzzles::paint_code(glyph.paint));
                if *cell != now {
                    *cell = now;
                    changed.push(json!([row, col, format!("{}{}", now.0, now.1)]));
                }
            }
        }
        changes.push(Value::from(changed));
        headings.push(trace.heading());
    }
    Ok(json!({"count": count, "start": start_json, "changes": changes, "headings": headings}))
}

/// A [`Picture`] as JSON: `rows`, `cols`, `symbols` and `paints` (a string a row).
pub fn picture_json(picture: &Picture) -> Value {
    json!({
        "rows": picture.rows,
        "cols": picture.cols,
        "symbols": picture.symbols,
        "paints": picture.paints,
    })
}

/// The answer of `POST /api/play`: the path and the number of moves played, the
/// picture, the moves left (`null` and `lost` when lost; `solved` at 0), why a key
/// was refused, the editor's kinds and the number of cases.
pub fn played_json(played: &Played) -> Value {
    json!({
        "path": played.path,
        "moves": played.moves,
        "picture": picture_json(&played.picture),
        "left": played.left,
        "lost": played.left.is_none(),
        "solved": played.left == Some(0),
        "refused": played.refused,
        "kinds": played.kinds.iter().map(|(c, what)| json!([c.to_string(), what])).collect::<Vec<_>>(),
        "cases": played.cases,
    })
}
