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
use std::fmt::Write as _;
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
/// changed, and every position of the path is held): a longer solution on a larger board
/// comes without its frames. Checked from the answer's move count before any position is
/// traced.
pub const MAX_FRAME_CELLS: usize = 30_000_000;

/// The most frames a solve animates (a frame at least every 30 ms: 50 minutes).
pub const MAX_FRAMES: usize = 100_000;

/// The most changed cells the frames of one solve list in all (about 16 bytes each):
/// past them (a bridge of thousands of cells toggled by every roll) the solution is not
/// animated.
pub const MAX_CHANGES: usize = 1_000_000;

/// The most moves of paths one answer of `/api/solve` holds, all its cases together
/// (a path is written a letter or a word a move): the cases past them come without their
/// path, and the answer says so.
pub const MAX_PATH_MOVES: u64 = 1_000_000;

/// The most moves x cells `/api/play` replays (every position along the moves played is
/// held): the moves of a longer path on the largest board of the input are refused
/// before any is replayed.
pub const MAX_REPLAY_CELLS: usize = 64 << 20;

/// How the server runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The budget of every search (a request may ask for less): states and time.
    pub limits: Limits,
    /// How many requests may search at once; the others are answered 503. A search
    /// holds its place until it has stopped and its answer is sent (or given up on).
    pub solves: usize,
    /// How many connections may be open at once. At the cap, the oldest connection
    /// with no request in hand is closed to make room; when every one has a request,
    /// the new one is refused with 503.
    pub connections: usize,
    /// How long a connection may stay idle, take to send a request's head or its body,
    /// or leave an answer unread before it is closed.
    pub timeout: Duration,
}

impl Default for Config {
    /// 20 million states and 10 seconds a search; two searches at once; 128
    /// connections; 10 seconds of idleness or of a stalled transfer.
    fn default() -> Config {
        Config {
            limits: Limits {
                max_states: Some(20_000_000),
                max_time: Some(Duration::from_secs(10)),
            },
            solves: 2,
            connections: 128,
            timeout: Duration::from_secs(10),
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

/// Why a solution of `moves` moves on a board of `size` is not animated, said as the
/// page shows it (`N moves: too long to animate (...)`), or `None` when it may be: the
/// check made from the move count alone, before any position is traced.
pub fn too_long_to_animate(moves: u64, size: (usize, usize)) -> Option<String> {
    let cells = size.0.saturating_mul(size.1).max(1);
    let frames = usize::try_from(moves).map_or(usize::MAX, |m| m.saturating_add(1));
    if frames > MAX_FRAMES {
        Some(format!(
            "{moves} moves: too long to animate (over {MAX_FRAMES} frames)"
        ))
    } else if frames.saturating_mul(cells) > MAX_FRAME_CELLS {
        Some(format!(
            "{moves} moves: too long to animate (over {MAX_FRAME_CELLS} cells x frames on a board of {cells} cells)"
        ))
    } else {
        None
    }
}

/// The `frames` of a solution that is not animated: the number of frames, the start
/// (when there is a picture of it), `too_long` and the message.
pub fn not_animated(moves: u64, start: Option<&Picture>, message: &str) -> Value {
    json!({
        "count": moves.saturating_add(1),
        "start": start.map(picture_json),
        "too_long": true,
        "message": message,
    })
}

/// What stopped [`frames`] before it was done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unframed {
    /// More changed cells than [`MAX_CHANGES`]: the frames of
    /// [`not_animated`] (with the start), as JSON text.
    TooLong(String),
    /// `stop` said so (the client left).
    Stopped,
}

/// The frames of a solution as the page animates them, as JSON text: `count`; `start`,
/// the first frame whole (rows of symbols and of paints, see [`Picture`]); `changes`,
/// for each later frame, the cells that differ from the frame before, `[row, col,
/// "SP"]` (symbol, paint); and a `heading` per frame.
///
/// Every frame is compared whole: call it only when [`too_long_to_animate`] has said
/// nothing against the move count. `stop` is asked after every frame.
///
/// # Errors
/// Past [`MAX_CHANGES`] changed cells, the start alone; or `stop` said so.
pub fn frames(
    trace: &dyn Frames,
    size: (usize, usize),
    stop: &dyn Fn() -> bool,
) -> Result<String, Unframed> {
    let count = trace.count();
    let start = Picture::of(trace, 0, size);
    let mut grid: Vec<Vec<(char, char)>> = start
        .symbols
        .iter()
        .zip(&start.paints)
        .map(|(s, p)| s.chars().zip(p.chars()).collect())
        .collect();
    let mut changes = String::from("[");
    let mut changed = 0usize;
    for i in 1..count {
        if stop() {
            return Err(Unframed::Stopped);
        }
        if i > 1 {
            changes.push(',');
        }
        changes.push('[');
        let mut first = true;
        for (row, line) in grid.iter_mut().enumerate() {
            for (col, cell) in line.iter_mut().enumerate() {
                let glyph = trace.glyph(i, Pos::new(row, col));
                let now = (glyph.symbol, puzzles::paint_code(glyph.paint));
                if *cell != now {
                    *cell = now;
                    changed += 1;
                    if changed > MAX_CHANGES {
                        let message = format!(
                            "{} moves: too long to animate (over {MAX_CHANGES} changed cells)",
                            count - 1
                        );
                        let moves = u64::try_from(count - 1).unwrap_or(u64::MAX);
                        return Err(Unframed::TooLong(
                            not_animated(moves, Some(&start), &message).to_string(),
                        ));
                    }
                    if !first {
                        changes.push(',');
                    }
                    first = false;
                    let symbol = Value::from(format!("{}{}", now.0, now.1));
                    let _ = write!(changes, "[{row},{col},{symbol}]");
                }
            }
        }
        changes.push(']');
    }
    changes.push(']');
    let mut headings = String::from("[");
    for i in 0..count {
        if i > 0 {
            headings.push(',');
        }
        let _ = write!(headings, "{}", Value::from(trace.heading(i)));
    }
    headings.push(']');
    Ok(format!(
        "{{\"count\":{count},\"start\":{},\"changes\":{changes},\"headings\":{headings}}}",
        picture_json(&start)
    ))
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
