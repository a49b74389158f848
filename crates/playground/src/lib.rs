//! The playground of gridsolve (`gridsolve serve`): a local web server with one page
//! and a small JSON API over the puzzle registry, so every puzzle can be edited, solved
//! (the answer, the path and the board animated move by move) and played (with the
//! minimum number of moves left after every move) in a browser.
//!
//! The page's assets and the repository's fixtures are built into the binary: the
//! server reads no file and fetches nothing. Every error is a JSON object `{"error":
//! ..., "line": ..., "column": ...}` (the place for an input the parser refused).
//!
//! What a request may cost is bounded by the request, never by its answer:
//! - a body of at most [`MAX_BODY`] bytes (413), read within [`Config::timeout`] (408);
//!   hyper gives the head and every idle keep-alive wait the same timeout, and a write
//!   that makes no progress for it closes the connection;
//! - at most [`Config::connections`] open at once: the oldest idle one is closed to
//!   make room, or the new one refused (503); running out of file descriptors closes an
//!   idle connection and waits a moment, never stops the server;
//! - every search under the [`Config`]'s state and time budget, at most
//!   [`Config::solves`] at once (503 past them, or when a thread cannot start) on
//!   threads of their own; a search keeps its place until it has stopped and its
//!   answer is sent (a client that hangs up stops it between cases, and frees nothing
//!   before); a search that runs out of memory is an error (422), not the server's end;
//! - answers sized from the move count before any position is traced: at most
//!   [`MAX_PATH_MOVES`] moves of paths in one answer, frames only within
//!   [`MAX_FRAMES`], [`MAX_FRAME_CELLS`] and [`MAX_CHANGES`] ([`too_long_to_animate`]),
//!   and `/api/play` replays at most [`MAX_REPLAY_CELLS`] moves x cells.
//!
//! The API (all bodies JSON):
//! - `GET /api/puzzles`: every puzzle with its words, legend, options, sample, the
//!   names of its bundled fixtures (`fixtures`), its `levels` (`{name, title, game,
//!   optimum}`: one case each, which opens within the default budget, see [`levels`]),
//!   the `difficulties` of a new puzzle, and as `game` how the page draws and plays it
//!   (its [`PlayLook`](puzzles::PlayLook): `help`, `floor` and `actors` of the page's
//!   kit, `movers`, `mover`, `arrows`, `pick_labels`, `pick`, `piece_word`, `goal`,
//!   `route`, `bridges`, `line_kinds`, `colours`), so the page names no puzzle.
//! - `GET /api/fixtures/{puzzle}/{name}`: a level's text, or a bundled fixture's.
//! - `GET /`, `/app.js`, `/boards.js`, `/style.css`, `/favicon.svg` (also as
//!   `/favicon.ico`): the page.
//! - `GET /api/status`: `searches` running now, `most_searches` ever at once, `solves`
//!   (the cap), `connections` open and `max_connections`.
//! - `POST /api/solve` `{puzzle, input | fixture, options, case}` (`fixture`: a level's
//!   or a bundled fixture's name): `cases`, one object
//!   per case exactly as `gridsolve --format json` writes it, and `frames`, the board of
//!   case `case` (default 1) along its optimal path ([`frames`] says how). The paths
//!   come for the cases around `case` that fit in [`MAX_PATH_MOVES`] together; the
//!   others have `"path": null` and `message` says which. Frames too long to animate
//!   are `{count, start, too_long: true, message}` (`N moves: too long to animate
//!   (why)`).
//! - `POST /api/play` `{puzzle, input | fixture, options, case, path, key}`: the
//!   position after `path` and then `key`'s move (`{"dir": "U", "picked": [row, col]}`,
//!   0-based), with the minimum number of moves left (`null`: lost); with `"hint":
//!   true`, also `next`, the first move of an optimal line from there (`{dir, picked,
//!   path, left}`, `null` when solved or lost; see [`next_move`]), and the case's
//!   `marks` (`[row, col, kind, group, label]`, see [`puzzles::Mark`]) the page draws
//!   the floor with instead of reading the judge text.
//! - `POST /api/generate` `{puzzle, difficulty, seed}`: a new board of the puzzle's
//!   generator at `easy`, `medium` or `hard` (see [`generate`]): `{input, seed,
//!   optimum, difficulty, command}`, where `seed` makes the same board again.
//! - `POST /api/edit` `{puzzle, input | fixture, options, case, cell, kind, group,
//!   cells}`: the input with that cell made that kind (for a kind of the look's
//!   `line_kinds`, with the `group` chosen and the further `cells` it asks for: the
//!   puzzle's own editor writes them into its text, see [`puzzles::CellEdit`]).
//! - `POST /api/atlas` `{puzzle, input | fixture, case}`: what the puzzle's atlas
//!   (loaded by `gridsolve serve --atlas DIR`, see [`Atlases`]) says of the case:
//!   `{in_atlas: true, moves, group, group_size}` or `{in_atlas: false, why}`; 404 when
//!   no atlas of the puzzle is loaded. With an atlas, `/api/puzzles` says `atlas: true`
//!   and lists its [`HARDEST_LEVELS`] hardest positions among the `levels` (`atlas:
//!   true`, named `hardest-K`), which `/api/fixtures` and every `fixture` field open.
//!
//! `max_states` and `max_seconds` in a request lower the server's budget, never raise it.
//!
//! The HTTP side (`router`, `serve`, `run`: axum's router, served by a hand-written
//! accept loop over hyper on a single-threaded tokio runtime) is built with the `server`
//! feature only, which `cli`'s `serve` feature turns on; without it this crate is what
//! the server answers with ([`frames`], [`played_json`]) and the bundled [`FIXTURES`].

// The README's examples run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

use puzzles::{Choice, Frames, Limits, Picture, Played, Pos};
use serde::Serialize;
use serde::ser::{Error as _, SerializeMap, SerializeSeq, Serializer};
use std::cell::RefCell;
use std::time::Duration;

mod atlases;
mod game;
#[cfg(feature = "server")]
mod server;

pub use atlases::{AskFault, Atlases, HARDEST_LEVELS, HardLevel, LoadedAtlas, Said};
pub use game::{
    Difficulty, GENERATE_TRIES, Game, GenerateError, Generated, Level, NextMove, find_level,
    generate, levels, next_move,
};
#[cfg(feature = "server")]
pub use server::{router, run, serve};

mod fixtures {
    include!(concat!(env!("OUT_DIR"), "/fixtures.rs"));
}

pub use fixtures::{FIXTURES, LEVEL_LISTS, OUTPUTS};

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
    /// 8 million states and 10 seconds a search; two searches at once; 128
    /// connections; 10 seconds of idleness or of a stalled transfer. Two searches of the
    /// heaviest kind at 8 million states (a sliding-block board that exhausts them, 324 MB
    /// each) and every connection sending a body stay under 1 GiB.
    fn default() -> Config {
        Config {
            limits: Limits {
                max_states: Some(8_000_000),
                max_time: Some(Duration::from_secs(10)),
            },
            solves: 2,
            connections: 128,
            timeout: Duration::from_secs(10),
        }
    }
}

/// The text of the level `name` of `puzzle` (see [`levels`]), or else of its bundled
/// fixture `name`: looked up by name in the tables built in, so no name reaches a file.
pub fn find_fixture(puzzle: &str, name: &str) -> Option<&'static str> {
    find_level(puzzle, name)
        .map(|level| level.text.as_str())
        .or_else(|| {
            FIXTURES
                .iter()
                .find(|(p, n, _)| *p == puzzle && *n == name)
                .map(|(_, _, text)| *text)
        })
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

/// The cases (numbered from 1, both ends included) whose paths one answer holds, given
/// every case's move count: from `case` on, then back before it, while the moves add up
/// to at most `budget`. `first > last`: none (case `case` alone is over the budget).
pub fn paths_within(moves: &[u64], case: usize, budget: u64) -> (usize, usize) {
    let n = moves.len();
    if n == 0 {
        return (1, 0);
    }
    let case = case.clamp(1, n);
    let mut total = 0u64;
    let mut last = case - 1;
    while last < n && total.saturating_add(moves[last]) <= budget {
        total += moves[last];
        last += 1;
    }
    if last == case - 1 {
        return (1, 0);
    }
    let mut first = case - 1;
    while first > 0 && total.saturating_add(moves[first - 1]) <= budget {
        total += moves[first - 1];
        first -= 1;
    }
    (first + 1, last)
}

/// Case numbers (ascending) in words, runs joined: `1-3, 7`.
pub fn case_list(numbers: &[usize]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let mut j = i;
        while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
            j += 1;
        }
        out.push(if i == j {
            numbers[i].to_string()
        } else {
            format!("{}-{}", numbers[i], numbers[j])
        });
        i = j + 1;
    }
    out.join(", ")
}

/// The `frames` of a solution that is not animated, as JSON text: the number of
/// frames, the start (when there is a picture of it), `too_long` and the message.
pub fn not_animated(moves: u64, start: Option<&Picture>, message: &str) -> String {
    /// The fields in the order the page has always had them.
    #[derive(Serialize)]
    struct NotAnimated<'a> {
        count: u64,
        message: &'a str,
        start: Option<PictureJson<'a>>,
        too_long: bool,
    }
    to_json(&NotAnimated {
        count: moves.saturating_add(1),
        message,
        start: start.map(PictureJson),
        too_long: true,
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
    /// The path does not replay (a bug of the solver).
    Replay(puzzles::PathError),
}

/// The frames of a solution as the page animates them, as JSON text: `count`; `start`,
/// the first frame whole (rows of symbols and of paints, see [`Picture`]); `changes`,
/// for each later frame, the cells that differ from the frame before, `[row, col,
/// "SP"]` (symbol, paint); and a `heading` per frame.
///
/// Every frame is compared whole: call it only when [`too_long_to_animate`] has said
/// nothing against the move count. `stop` is asked after every frame.
///
/// The frames are walked one at a time (see [`Frames`]) while `changes` is written:
/// memory holds one frame, the headings and the JSON written so far.
///
/// # Errors
/// Past [`MAX_CHANGES`] changed cells, the start alone; `stop` said so; or the path does
/// not replay (a bug of the solver).
pub fn frames(
    trace: &mut dyn Frames,
    size: (usize, usize),
    stop: &dyn Fn() -> bool,
) -> Result<String, Unframed> {
    let count = trace.count();
    if !trace.advance().map_err(Unframed::Replay)? {
        return Err(Unframed::Replay(puzzles::PathError::rules(
            "a solution walks through no position",
        )));
    }
    let start = Picture::of(trace, size);
    let grid = start
        .symbols
        .iter()
        .zip(&start.paints)
        .map(|(s, p)| s.chars().zip(p.chars()).collect())
        .collect();
    let walk = RefCell::new(Walk {
        headings: vec![trace.heading()],
        trace,
        grid,
        changed: 0,
        stop,
        failure: None,
    });
    let animation = Animation {
        count,
        start: &start,
        walk: &walk,
    };
    match serde_json::to_string(&animation) {
        Ok(text) => Ok(text),
        Err(_) => Err(match walk.into_inner().failure {
            Some(Failure::Stopped) => Unframed::Stopped,
            Some(Failure::Replay(e)) => Unframed::Replay(e),
            None => Unframed::Replay(puzzles::PathError::rules("the frames could not be written")),
            Some(Failure::TooLong) => {
                let moves = count - 1;
                let message = format!(
                    "{moves} moves: too long to animate (over {MAX_CHANGES} changed cells)"
                );
                let moves = u64::try_from(moves).unwrap_or(u64::MAX);
                Unframed::TooLong(not_animated(moves, Some(&start), &message))
            }
        }),
    }
}

/// [`frames`]' answer, written as the frames are walked: `changes` walks them.
struct Animation<'a, 't> {
    count: usize,
    start: &'a Picture,
    walk: &'a RefCell<Walk<'t>>,
}

impl Serialize for Animation<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("count", &self.count)?;
        map.serialize_entry("start", &PictureJson(self.start))?;
        map.serialize_entry("changes", &Changes(self.walk))?;
        map.serialize_entry("headings", &self.walk.borrow().headings)?;
        map.end()
    }
}

/// The frames after the first, each as the cells that changed.
struct Changes<'a, 't>(&'a RefCell<Walk<'t>>);

impl Serialize for Changes<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut walk = self.0.borrow_mut();
        let mut frames = serializer.serialize_seq(None)?;
        loop {
            match walk.next_frame() {
                Ok(Some(changes)) => frames.serialize_element(&changes)?,
                Ok(None) => return frames.end(),
                Err(failure) => {
                    walk.failure = Some(failure);
                    return Err(S::Error::custom("the frames stopped"));
                }
            }
        }
    }
}

/// The walk along a path, a frame at a time, against the frame before.
struct Walk<'t> {
    trace: &'t mut dyn Frames,
    /// The frame before, cell by cell: symbol and paint.
    grid: Vec<Vec<(char, char)>>,
    headings: Vec<String>,
    /// Changed cells so far, all frames together.
    changed: usize,
    stop: &'t dyn Fn() -> bool,
    failure: Option<Failure>,
}

/// A cell of a frame that differs from the frame before: row, column and `"SP"`
/// (symbol, paint).
type Change = (usize, usize, String);

/// Why a walk stopped before its end.
enum Failure {
    TooLong,
    Stopped,
    Replay(puzzles::PathError),
}

impl Walk<'_> {
    /// The cells of the next frame that differ from the one before (its heading kept
    /// too); `None` past the last frame.
    fn next_frame(&mut self) -> Result<Option<Vec<Change>>, Failure> {
        if !self.trace.advance().map_err(Failure::Replay)? {
            return Ok(None);
        }
        if (self.stop)() {
            return Err(Failure::Stopped);
        }
        self.headings.push(self.trace.heading());
        let mut changes = Vec::new();
        for (row, line) in self.grid.iter_mut().enumerate() {
            for (col, cell) in line.iter_mut().enumerate() {
                let glyph = self.trace.glyph(Pos::new(row, col));
                let now = (glyph.symbol, puzzles::paint_code(glyph.paint));
                if *cell != now {
                    *cell = now;
                    self.changed += 1;
                    if self.changed > MAX_CHANGES {
                        return Err(Failure::TooLong);
                    }
                    changes.push((row, col, format!("{}{}", now.0, now.1)));
                }
            }
        }
        Ok(Some(changes))
    }
}

/// A [`Picture`] as JSON: `cols`, `paints` (a string a row), `rows`, `symbols` (a
/// string a row).
struct PictureJson<'a>(&'a Picture);

impl Serialize for PictureJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let picture = self.0;
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("cols", &picture.cols)?;
        map.serialize_entry("paints", &picture.paints)?;
        map.serialize_entry("rows", &picture.rows)?;
        map.serialize_entry("symbols", &picture.symbols)?;
        map.end()
    }
}

/// The answer of `POST /api/play`, as JSON text: the path and the number of moves
/// played, the picture, the moves left (`null` and `lost` when lost), `solved` (the judge's replay of the moves played ends at the goal), why
/// a key was refused, the editor's kinds, the case's marks and the number of cases.
///
/// `next`, given when a hint was asked for: the [`NextMove`] (`dir`, `left`, `path`,
/// `picked` as `[row, col]` from 0 or `null`), or `null` when there is none.
pub fn played_json(played: &Played, next: Option<Option<&NextMove>>) -> String {
    /// A [`NextMove`]'s fields.
    #[derive(Serialize)]
    struct NextJson<'a> {
        dir: String,
        left: u64,
        path: &'a str,
        picked: Option<[usize; 2]>,
    }
    /// The fields in the order the page has always had them.
    #[derive(Serialize)]
    struct PlayedJson<'a> {
        cases: usize,
        kinds: Vec<(String, &'a str)>,
        left: Option<u64>,
        lost: bool,
        marks: Vec<(usize, usize, &'a str, usize, Option<String>)>,
        moves: usize,
        #[serde(skip_serializing_if = "Option::is_none")]
        next: Option<Option<NextJson<'a>>>,
        path: &'a str,
        picture: PictureJson<'a>,
        refused: Option<&'a str>,
        solved: bool,
    }
    to_json(&PlayedJson {
        cases: played.cases,
        kinds: played
            .kinds
            .iter()
            .map(|(c, what)| (c.to_string(), what.as_str()))
            .collect(),
        left: played.left,
        lost: played.left.is_none(),
        marks: played
            .marks
            .iter()
            .map(|m| {
                let label = m.label.map(|c| c.to_string());
                (m.pos.row, m.pos.col, m.kind.name(), m.group, label)
            })
            .collect(),
        moves: played.moves,
        next: next.map(|next| {
            next.map(|n| NextJson {
                dir: n.key.dir.letter().to_string(),
                left: n.left,
                path: &n.path,
                picked: n.key.picked.map(|p| [p.row, p.col]),
            })
        }),
        path: &played.path,
        picture: PictureJson(&played.picture),
        refused: played.refused.as_deref(),
        solved: played.solved.is_some(),
    })
}

/// `value` as JSON text.
fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("the answers' types serialize without fail")
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzles::{Glyph, Paint, Rect};
    use rstest::rstest;
    use serde_json::{Value, json};

    #[rstest]
    #[case(&[5, 5, 5], 1, 100, (1, 3))]
    #[case(&[5, 5, 5], 2, 10, (2, 3))]
    #[case(&[5, 5, 5], 3, 12, (2, 3))]
    #[case(&[5, 5, 5], 3, 10, (2, 3))]
    #[case(&[5, 50, 5], 1, 10, (1, 1))]
    #[case(&[5, 50, 5], 2, 10, (1, 0))]
    #[case(&[5, 50, 5], 3, 10, (3, 3))]
    #[case(&[0, 0], 9, 0, (1, 2))]
    #[case(&[], 1, 10, (1, 0))]
    #[case(&[u64::MAX, 1], 2, 10, (2, 2))]
    fn the_paths_given_are_a_run_around_the_case_within_the_budget(
        #[case] moves: &[u64],
        #[case] case: usize,
        #[case] budget: u64,
        #[case] run: (usize, usize),
    ) {
        assert_eq!(paths_within(moves, case, budget), run);
    }

    #[test]
    fn case_lists_join_runs() {
        assert_eq!(case_list(&[1, 2, 3, 7, 9, 10]), "1-3, 7, 9-10");
        assert_eq!(case_list(&[4]), "4");
        assert_eq!(case_list(&[]), "");
    }

    #[test]
    fn the_move_count_alone_says_what_is_too_long() {
        assert_eq!(too_long_to_animate(10, (30, 30)), None);
        assert_eq!(too_long_to_animate(0, (0, 0)), None);
        let frames = too_long_to_animate(MAX_FRAMES as u64, (1, 1)).unwrap();
        assert!(frames.starts_with(&format!("{MAX_FRAMES} moves: too long to animate")));
        let cells = too_long_to_animate(256_513_954, (699, 699)).unwrap();
        assert!(
            cells.starts_with("256513954 moves: too long to animate"),
            "{cells}"
        );
        let big = too_long_to_animate(100, (1000, 1000)).unwrap();
        assert!(big.contains("1000000 cells"), "{big}");
        assert!(too_long_to_animate(u64::MAX, (usize::MAX, usize::MAX)).is_some());
    }

    /// A board of `cols` cells in a row, a mover walking right one cell a frame, and
    /// `flips` cells (from the right) that change every frame.
    struct Walk {
        cols: usize,
        count: usize,
        flips: usize,
        /// The frame walked to, from 1 (0: none yet).
        at: usize,
    }

    impl Walk {
        fn new(cols: usize, count: usize, flips: usize) -> Walk {
            Walk {
                cols,
                count,
                flips,
                at: 0,
            }
        }
    }

    impl Frames for Walk {
        fn count(&self) -> usize {
            self.count
        }

        fn advance(&mut self) -> Result<bool, puzzles::PathError> {
            if self.at == self.count {
                return Ok(false);
            }
            self.at += 1;
            Ok(true)
        }

        fn index(&self) -> usize {
            self.at - 1
        }

        fn heading(&self) -> String {
            format!("step {}: \"R\"", self.index())
        }

        fn glyph(&self, pos: Pos) -> Glyph {
            let i = self.index();
            if pos.col == i {
                Glyph::painted('P', Paint::Mover)
            } else if pos.col >= self.cols - self.flips {
                Glyph::plain(if i % 2 == 0 { '=' } else { '-' })
            } else {
                Glyph::plain('.')
            }
        }

        fn focus(&self) -> Rect {
            Rect::cell(Pos::new(0, self.index()))
        }
    }

    #[test]
    fn frames_list_the_cells_that_change() {
        let text = frames(&mut Walk::new(5, 3, 1), (1, 5), &|| false).unwrap();
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["count"], 3);
        assert_eq!(value["start"]["symbols"][0], "P...=");
        assert_eq!(value["start"]["paints"][0], "m....");
        assert_eq!(
            value["changes"],
            json!([
                [[0, 0, ".."], [0, 1, "Pm"], [0, 4, "-."]],
                [[0, 1, ".."], [0, 2, "Pm"], [0, 4, "=."]]
            ])
        );
        assert_eq!(value["headings"][2], "step 2: \"R\"");
        // The text itself, as the page has always been sent it.
        assert_eq!(
            text,
            r#"{"count":3,"start":{"cols":5,"paints":["m...."],"rows":1,"symbols":["P...="]},"changes":[[[0,0,".."],[0,1,"Pm"],[0,4,"-."]],[[0,1,".."],[0,2,"Pm"],[0,4,"=."]]],"headings":["step 0: \"R\"","step 1: \"R\"","step 2: \"R\""]}"#
        );
    }

    #[test]
    fn frames_past_the_changed_cells_cap_give_the_start_alone() {
        const { assert!(1100 * 999 > MAX_CHANGES) };
        let walk = || Walk::new(2200, 1000, 1100);
        let Err(Unframed::TooLong(text)) = frames(&mut walk(), (1, 2200), &|| false) else {
            panic!("animated");
        };
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["too_long"], true);
        assert_eq!(value["count"], 1000);
        assert!(value["message"].as_str().unwrap().contains("changed cells"));
        assert_eq!(value["start"]["cols"], 2200);
        assert_eq!(
            frames(&mut walk(), (1, 2200), &|| true),
            Err(Unframed::Stopped)
        );
    }
}
