//! What a puzzle is, for the tools: a few small traits, each one capability, that a
//! puzzle implements in its own types, and the plain data it describes itself with.
//! This module is the bottom of the crate: it imports none of the modules that use it.
//!
//! - [`Format`]: its judge text format (cases read a case at a time, answers written,
//!   the strict validator); [`Paths`]: its paths written, read and replayed (what a
//!   checker needs); [`Solve`]: its solver (what the judge output needs). Every puzzle
//!   has these three, and names its other capabilities in
//!   [`Adapter::capabilities`](crate::Adapter::capabilities).
//! - [`Oracle`]: the naive oracle the fast solver is checked against.
//! - [`Draw`]: frames and pictures of a solution.
//! - [`Generate`]: generated inputs and invalid ones; [`Shrink`]: smaller candidates of
//!   a case for shrinking.
//! - [`Play`](crate::Play) (in `play`): the playground's game, object-safe, written over
//!   [`Draw`] with the generic functions of `play`.
//! - a [`Package`] for `gridsolve package`, which is data.
//!
//! [`Oracle`], [`Generate`] and [`Shrink`] are object-safe: a puzzle's capabilities hold
//! the puzzle itself as `&dyn Oracle<Case>` and so on. What the tools do with a typed
//! capability ([`Draw`]'s frames, the shrinking of a whole input) is a generic function
//! over it, not a second trait.
//!
//! A puzzle can land with [`Format`], [`Paths`] and [`Solve`] alone; every tool that
//! needs another capability asks for it and says so when the puzzle lacks it
//! ([`Lacks`]).

use crate::invalid::InvalidKind;
use crate::options::{OptionSpec, Options, UsageError};
use grid_core::{LimitError, Limits, MoveCount, Pos, SearchStats, Solution};
use parsers::validate::Report;
use parsers::{Input, InputError, ParseError};
use std::fmt;
use std::io;

/// What a puzzle says about itself: names, words and the sample every tool shows.
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// The `--puzzle` value: lower case, no spaces.
    pub name: &'static str,
    /// One line for `--help`: the judge problem and its goal.
    pub summary: &'static str,
    /// What one answer line answers: `query` or `case` (file names, `--stats`).
    pub unit: &'static str,
    /// The unit as the terminal demo labels an answer (`query`, `case`, `Case`).
    pub label: &'static str,
    /// The spec's sample input, solved by the terminal demo.
    pub sample: &'static str,
    /// What a path's moves are: "the blank's moves".
    pub moves_are: &'static str,
    /// The word for the moves of an answer: "moves", "rolls", "steps".
    pub move_word: &'static str,
    /// What the demo says of an answer with no solution.
    pub never: &'static str,
    /// What the judge's answer line of a case holds.
    pub answer: AnswerLine,
}

/// What [`Draw`] says about a puzzle's frames: the words and symbols of `--show`.
#[derive(Clone, Copy, Debug)]
pub struct Look {
    /// What a frame of `--show` says before a move's letter: "the blank moves".
    pub move_verb: &'static str,
    /// The symbols of `--show` frames and what each stands for.
    pub legend: &'static [(char, &'static str)],
    /// Whether frames also show the input's own labels as they are (`A-Z a-z 0-9`: a
    /// puzzle's named pieces), which one legend entry explains for all.
    pub labels: bool,
}

/// What `gridsolve package` needs of a judge puzzle (the title, statement, validators,
/// tests and accepted submission of `crates/packages/problems/PUZZLE/`), as the
/// `packages` crate reads it; a puzzle's [`Capabilities`](crate::Capabilities) name its
/// package, `packages::find(NAME)`.
pub use packages::{InputValidator, Package};

/// How a cell of a `--show` frame is painted on a terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// As it is.
    Plain,
    /// The thing that moves (yellow).
    Mover,
    /// The rest of a moving body (green).
    Body,
    /// The goal (red).
    Goal,
    /// The blank or empty space that moves (cyan).
    Blank,
}

/// One cell of a `--show` frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The character the frame shows for the cell.
    pub symbol: char,
    /// What the cell is, for the colour a terminal or the playground gives it.
    pub paint: Paint,
}

impl Glyph {
    /// A plain symbol.
    pub const fn plain(symbol: char) -> Glyph {
        Glyph {
            symbol,
            paint: Paint::Plain,
        }
    }

    /// A painted symbol.
    pub const fn painted(symbol: char, paint: Paint) -> Glyph {
        Glyph { symbol, paint }
    }
}

/// The cells from `top_left` to `bottom_right`, both included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// The first cell, 0-based.
    pub top_left: Pos,
    /// The last cell, 0-based, included (at or below and right of `top_left`).
    pub bottom_right: Pos,
}

impl Rect {
    /// The rectangle of one cell.
    pub const fn cell(pos: Pos) -> Rect {
        Rect {
            top_left: pos,
            bottom_right: pos,
        }
    }

    /// The smallest rectangle holding every cell of `cells` (one cell at the origin
    /// when there is none).
    pub fn around(cells: impl IntoIterator<Item = Pos>) -> Rect {
        let mut cells = cells.into_iter();
        let first = cells.next().unwrap_or(Pos::new(0, 0));
        cells.fold(Rect::cell(first), |r, p| Rect {
            top_left: Pos::new(r.top_left.row.min(p.row), r.top_left.col.min(p.col)),
            bottom_right: Pos::new(r.bottom_right.row.max(p.row), r.bottom_right.col.max(p.col)),
        })
    }
}

/// The positions along a path, one at a time: see [`Draw::walk`].
pub type Walk<'a, S> = Box<dyn Iterator<Item = Result<S, PathError>> + 'a>;

/// Why a path is not a solution of a case.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PathError {
    /// The text is not a path in the puzzle's notation.
    Notation(String),
    /// A move breaks a rule, or the path does not end solved.
    Rules(String),
    /// The path has more moves than a checker allows, seen from its words alone,
    /// before it is read (each word of a path is at least one move).
    Longer {
        /// The moves it has at least: its words.
        at_least: u64,
        /// The most the checker allows.
        most: u64,
    },
}

impl PathError {
    /// A notation error, from the notation's own error.
    pub fn notation(e: impl fmt::Display) -> PathError {
        PathError::Notation(e.to_string())
    }

    /// A broken rule, from the replay's own error.
    pub fn rules(e: impl fmt::Display) -> PathError {
        PathError::Rules(e.to_string())
    }
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathError::Notation(e) | PathError::Rules(e) => f.write_str(e),
            PathError::Longer { at_least, most } => {
                write!(f, "a path of at least {at_least} moves, more than {most}")
            }
        }
    }
}

impl std::error::Error for PathError {}

/// Why the board editor refused an edit: the rule it would break, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditError(pub String);

impl EditError {
    /// The refusal, from the rule's own error.
    pub fn new(e: impl fmt::Display) -> EditError {
        EditError(e.to_string())
    }
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EditError {}

/// Why a run over an input stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RunError {
    /// Options that make no sense.
    Usage(UsageError),
    /// The input is invalid here.
    Input(ParseError),
    /// Reading the input failed (not its fault).
    Read(String),
    /// Writing the output failed.
    Write(String),
    /// A valid case the solver could not answer (a limit).
    Unsolved {
        /// The case's unit (`query`, `case`): [`About::unit`](crate::About::unit).
        unit: &'static str,
        /// The case's number in the input, 1-based.
        number: usize,
        /// Where the case begins (line and column, 1-based), when known.
        place: Option<(usize, usize)>,
        /// Why the solver gave up, in words.
        message: String,
    },
}

impl From<ParseError> for RunError {
    fn from(e: ParseError) -> RunError {
        RunError::Input(e)
    }
}

impl From<InputError> for RunError {
    fn from(e: InputError) -> RunError {
        match e {
            InputError::Parse(e) => RunError::Input(e),
            InputError::Read(e) => RunError::Read(e.to_string()),
            // Whatever else stopped the reading was not the input's fault either.
            other => RunError::Read(other.to_string()),
        }
    }
}

impl From<UsageError> for RunError {
    fn from(e: UsageError) -> RunError {
        RunError::Usage(e)
    }
}

impl RunError {
    /// The error as the user reads it, for an input named `source`:
    /// `source:line:col: message`, or `source: message` where no place is known.
    pub fn describe(&self, source: &str) -> String {
        match self {
            RunError::Usage(e) => e.to_string(),
            RunError::Input(e) => format!("{source}:{e}"),
            RunError::Read(e) => format!("cannot read {source}: {e}"),
            RunError::Write(e) => format!("cannot write the output of {source}: {e}"),
            RunError::Unsolved {
                unit,
                number,
                place: Some((line, col)),
                message,
            } => format!("{source}:{line}:{col}: {unit} {number}: {message}"),
            RunError::Unsolved {
                unit,
                number,
                place: None,
                message,
            } => format!("{source}: {unit} {number}: {message}"),
        }
    }
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe("<input>"))
    }
}

impl std::error::Error for RunError {}

/// The positions along a solution, walked one at a time, each drawable cell by cell:
/// memory stays that of one position however long the solution.
///
/// ```
/// let puzzle = puzzles::find("bloxorz").unwrap();
/// let input = puzzles::Input::bytes(b"1 3\nXXO\n0 0\n");
/// let options = puzzles::Options::default();
/// let mut cases = puzzle
///     .solutions(input, &options, puzzles::Limits::NONE, puzzles::PathsFor::ALL)
///     .unwrap();
/// let solved = cases.next().unwrap().unwrap();
/// let mut frames = solved.frames().unwrap();
/// assert_eq!(frames.count(), 2);
/// let mut headings = Vec::new();
/// while frames.advance()? {
///     headings.push(frames.heading());
/// }
/// assert_eq!(headings, ["step 0: start", "step 1: roll R"]);
/// # Ok::<(), puzzles::PathError>(())
/// ```
pub trait Frames {
    /// Positions: one more than there are moves (known before any is walked).
    fn count(&self) -> usize;

    /// Goes to the next position (the first call: the start); `false` past the last.
    ///
    /// # Errors
    /// A move the rules forbid (a bug of the solver).
    fn advance(&mut self) -> Result<bool, PathError>;

    /// The number of the position [`Frames::advance`] went to: 0 for the start.
    fn index(&self) -> usize;

    /// The heading of this frame: `step 0: start`, `step 3: roll R`.
    fn heading(&self) -> String;

    /// What this frame shows at `pos`.
    fn glyph(&self, pos: Pos) -> Glyph;

    /// Where the moving thing is in this frame.
    fn focus(&self) -> Rect;
}

/// A solved case as the adapter reports it.
#[derive(Clone, Debug)]
pub struct Answer<P> {
    /// The minimum number of moves; `None` when there is no solution.
    pub moves: Option<u64>,
    /// An optimal path, when one was asked for and there is a solution.
    pub path: Option<P>,
    /// What the search did (states expanded and generated), for `--stats`.
    pub stats: SearchStats,
}

impl<P: MoveCount> Answer<P> {
    /// The answer of one search by `solver`: `with_path`, by `path` (an optimal
    /// solution or none), else by `number` (the minimum or none), with the search's
    /// `stats` after it; a search that fails leaves the case [`Unsolved`], its error
    /// said in words. What every solver crate's `Solver` (`solve_with_path`, `solve`,
    /// `stats`) makes [`Solve::solve`].
    ///
    /// # Errors
    /// The search's error, as an [`Unsolved`].
    pub fn search<S, E: fmt::Display>(
        solver: &mut S,
        with_path: bool,
        path: impl FnOnce(&mut S) -> Result<Option<Solution<P>>, E>,
        number: impl FnOnce(&mut S) -> Result<Option<u64>, E>,
        stats: impl FnOnce(&S) -> SearchStats,
    ) -> Result<Answer<P>, Unsolved> {
        let (moves, path) = if with_path {
            let solution = path(solver).map_err(Unsolved::new)?;
            (
                solution.as_ref().map(Solution::moves),
                solution.map(|s| s.path),
            )
        } else {
            (number(solver).map_err(Unsolved::new)?, None)
        };
        Ok(Answer {
            moves,
            path,
            stats: stats(solver),
        })
    }
}

/// The answer of a naive oracle that reads the judge text, on one case written back as
/// `text` (`None`: the writer could not write it) and solved by `solve`, which gives
/// the answers of the cases of the text and says which of its errors is a limit.
/// Text the writer made from a parsed case that the oracle refuses, or more or fewer
/// answers than one, is a bug in one of the two readers: it must not count as an
/// answer, so it is reported as the oracle giving up at once (no confirmation).
///
/// # Errors
/// The limit the oracle stopped at, or `LimitError::States(0)` as above.
pub fn oracle_on_text<E>(
    text: Option<String>,
    solve: impl FnOnce(&str) -> Result<Vec<Option<u64>>, E>,
    limit: impl FnOnce(E) -> Option<LimitError>,
) -> Result<Option<u64>, LimitError> {
    let refused = LimitError::States(0);
    let text = text.ok_or(refused)?;
    match solve(&text) {
        Ok(answers) => match answers[..] {
            [answer] => Ok(answer),
            _ => Err(refused),
        },
        Err(e) => Err(limit(e).unwrap_or(refused)),
    }
}

/// Solves case `number`, naming it in the error when the solver gives up.
///
/// # Errors
/// The case the solver could not answer, as a [`RunError::Unsolved`].
pub fn solve_case<A: Solve>(
    adapter: &A,
    solver: &mut A::Solver,
    case: &A::Case,
    number: usize,
    with_path: bool,
) -> Result<Answer<A::Path>, RunError> {
    adapter
        .solve(solver, case, with_path)
        .map_err(|unsolved| RunError::Unsolved {
            unit: A::ABOUT.unit,
            number,
            place: adapter.place(case),
            message: unsolved.message,
        })
}

/// How many bytes of judge output are gathered before they go to the sink.
const JUDGE_CHUNK: usize = 64 << 10;

/// Judge output gathered a chunk at a time on its way to a sink: an adapter writes its
/// lines into [`Lines::text`] and calls [`Lines::ship`] after each case or batch.
pub(crate) struct Lines<'a> {
    pub(crate) text: String,
    out: &'a mut dyn io::Write,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(out: &'a mut dyn io::Write) -> Lines<'a> {
        Lines {
            text: String::new(),
            out,
        }
    }

    /// Sends the text gathered to the sink once it is a chunk long (`all`: whatever
    /// its length).
    pub(crate) fn ship(&mut self, all: bool) -> Result<(), RunError> {
        if self.text.len() >= JUDGE_CHUNK || (all && !self.text.is_empty()) {
            self.out
                .write_all(self.text.as_bytes())
                .map_err(|e| RunError::Write(e.to_string()))?;
            self.text.clear();
        }
        Ok(())
    }
}

/// [`Solve::judge_input`]'s default: every case solved in turn (with its path where
/// [`About::answer`] is one), its line written.
///
/// # Errors
/// As [`Solve::judge_input`].
pub fn judge_case_by_case<A: Solve>(
    adapter: &A,
    solver: &mut A::Solver,
    input: Input<'_>,
    options: &Options,
    out: &mut dyn io::Write,
) -> Result<(), RunError> {
    let mut lines = Lines::new(out);
    let with_path = matches!(A::ABOUT.answer, AnswerLine::Path { .. });
    for (i, case) in adapter.cases(input, options).enumerate() {
        let case = case?;
        let answer = solve_case(adapter, solver, &case, i + 1, with_path)?;
        write_answer_line(adapter, &mut lines.text, i + 1, &answer);
        lines.ship(false)?;
    }
    lines.ship(true)
}

/// Writes the judge's line for case `number` (from 1) with `answer`, as
/// [`About::answer`] says: its move count ([`Format::write_count`]), or its path
/// ([`Paths::write_path`]) or the line of no solution. A path answer must have been
/// solved with its path.
pub fn write_answer_line<A: Paths>(
    adapter: &A,
    out: &mut String,
    number: usize,
    answer: &Answer<A::Path>,
) {
    match A::ABOUT.answer {
        AnswerLine::Count => adapter.write_count(out, number, answer.moves),
        AnswerLine::Path { none } => {
            match &answer.path {
                Some(path) => {
                    // Writing to a String cannot fail.
                    let _ = adapter.write_path(path, out);
                }
                None => out.push_str(none),
            }
            out.push('\n');
        }
    }
}

/// A team's answer line read back as a path (`Ok(None)`: it says there is no
/// solution), for a format whose answer is a path ([`AnswerLine::Path`]). White space
/// (C's `isspace`) around the line is ignored; the rest is read by
/// [`Paths::parse_path`].
///
/// # Errors
/// A line that is neither a path nor the line of no solution, or any line of a format
/// whose answer is a number.
pub fn read_answer_line<A: Paths>(adapter: &A, line: &str) -> Result<Option<A::Path>, PathError> {
    let AnswerLine::Path { none } = A::ABOUT.answer else {
        return Err(PathError::Notation(format!(
            "{} answers are numbers, not paths",
            A::ABOUT.name
        )));
    };
    let space = |c: char| u8::try_from(c).is_ok_and(is_judge_space);
    match line.trim_matches(space) {
        line if line == none => Ok(None),
        moves => adapter.parse_path(moves).map(Some),
    }
}

/// White space as C's `isspace` (and so the judges) see it.
pub(crate) fn is_judge_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// A case the solver could not answer (a limit), said in words for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsolved {
    /// Why, as the user reads it (the limit the search reached).
    pub message: String,
}

impl Unsolved {
    /// A case left unanswered for the reason `message` (a solver's error, say).
    pub fn new(message: impl fmt::Display) -> Unsolved {
        Unsolved {
            message: message.to_string(),
        }
    }
}

/// Why `gridsolve gen` wrote no input.
#[derive(Debug)]
#[non_exhaustive]
pub enum GenError {
    /// The options describe no input (bad usage).
    Usage(UsageError),
    /// Writing failed.
    Io(io::Error),
}

impl From<UsageError> for GenError {
    fn from(e: UsageError) -> GenError {
        GenError::Usage(e)
    }
}

impl From<io::Error> for GenError {
    fn from(e: io::Error) -> GenError {
        GenError::Io(e)
    }
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::Usage(e) => e.fmt(f),
            GenError::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GenError {}

/// What a judge's answer line of a case holds ([`About::answer`]): a value every tool
/// reads the same way, not a question each asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerLine {
    /// The minimum number of moves, as [`Format::write_count`] writes it: a team's line
    /// must have the judge's tokens.
    Count,
    /// A solution itself (the judges' 8-puzzle), in the notation of
    /// [`Paths::write_path`], or the words `none` where there is none: every case is
    /// solved with its path, and a team's line is right when it is a solution (any, as
    /// the judges' special judge accepts), read back by [`Paths::parse_path`] and
    /// replayed.
    Path {
        /// The whole line of a case that has no solution (`unsolvable`).
        none: &'static str,
    },
}

/// A puzzle's judge text format, in the puzzle's own types: what every registered
/// puzzle implements, with [`Paths`], [`Solve`] and [`Adapter`](crate::Adapter).
///
/// A *case* is what one answer line answers: one query with its board, one board, one
/// game or one level, as the puzzle's judge format has it.
pub trait Format: Send + Sync + Sized + 'static {
    /// One case, parsed and checked.
    type Case;

    /// Names, words and the sample.
    const ABOUT: &'static About;

    /// The cases of `input`, each read when it is asked for (an input is never held
    /// whole where the format allows); the first error ends the input.
    ///
    /// `options` are the solve options the cases are asked under. A puzzle whose
    /// question depends on one (which move metric counts) keeps it in its case, so that
    /// replay, oracle, frames and pictures, which see only the case, answer the same
    /// question as the solver; the others ignore them. They have passed
    /// [`Solve::solver`] already, or are empty.
    fn cases<'a>(
        &'a self,
        input: Input<'a>,
        options: &Options,
    ) -> Box<dyn Iterator<Item = Result<Self::Case, InputError>> + 'a>;

    /// The board size of a case, in cells (rows, columns).
    fn board_size(&self, case: &Self::Case) -> (usize, usize);

    /// Where a case begins in the input (line, column), when known, for messages about
    /// the case as a whole.
    fn place(&self, _case: &Self::Case) -> Option<(usize, usize)> {
        None
    }

    /// Writes the judge's line for case `number` (from 1) from its move count alone
    /// (`None`: no solution): the whole answer where [`About::answer`] is
    /// [`AnswerLine::Count`].
    fn write_count(&self, out: &mut String, number: usize, moves: Option<u64>);

    /// A judge input holding `cases` in this order (as [`Format::cases`] reads them
    /// back), or `None` when they cannot be one input (queries on different boards of a
    /// one-board format; several cases of a one-case format).
    fn write_input(&self, cases: &[&Self::Case]) -> Option<String>;

    /// The violations of the judge's strict rules in `input`, the first `max` of them
    /// kept (the report counts them all).
    ///
    /// # Errors
    /// When reading fails.
    fn violations(&self, input: Input<'_>, max: usize) -> io::Result<Report>;
}

/// A puzzle's paths: written and read in its notation and replayed by its rules, what a
/// checker needs of it (without a solver).
pub trait Paths: Format {
    /// A path in the puzzle's own moves, written and read in its notation by its
    /// `Display` and `FromStr` (unless [`Paths::write_path`] and [`Paths::parse_path`]
    /// say otherwise).
    type Path: MoveCount + fmt::Display + std::str::FromStr<Err: fmt::Display>;

    /// Writes a path in the puzzle's notation to `out`, as it goes (a path of hundreds
    /// of millions of moves is never one string); by default the path's `Display`.
    ///
    /// # Errors
    /// Only those of `out`.
    fn write_path(&self, path: &Self::Path, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{path}")
    }

    /// A path read from the puzzle's notation. Every word of a path (words are
    /// separated by white space) is at least one move, so a checker can refuse a path
    /// longer than it allows before reading it ([`PathError::Longer`]). By default the
    /// path's `FromStr`.
    ///
    /// # Errors
    /// Text that is not a path ([`PathError::Notation`]).
    fn parse_path(&self, text: &str) -> Result<Self::Path, PathError> {
        text.parse().map_err(PathError::notation)
    }

    /// The number of moves `path` takes to solve `case`, by the rules alone.
    ///
    /// # Errors
    /// A move the rules forbid, or a path that does not end solved
    /// ([`PathError::Rules`]).
    fn replay_path(&self, case: &Self::Case, path: &Self::Path) -> Result<u64, PathError>;

    /// Where a path's text may be cut into pieces that are paths of their own, so that
    /// a long one is read and replayed a piece at a time ([`Paths::after`]): the length
    /// of the longest prefix of `text` that ends between two moves. The default cuts
    /// after the last white space (every word is whole moves, see
    /// [`Paths::parse_path`]); a notation of one character a move may cut anywhere.
    fn path_cut(&self, text: &str) -> usize {
        parsers::output::after_last_space(text)
    }

    /// `case` as `path` leaves it: its start moved along the path, every move checked by
    /// the rules, its goal unchanged (whether the path ends there is not asked: more
    /// moves may follow), so that a long path is replayed a piece at a time, in the
    /// memory of a piece and a position (`Solved::answer_replay`). `None`, the
    /// default, where the puzzle cannot: a path is then held whole.
    ///
    /// # Errors
    /// The first move the rules forbid ([`PathError::Rules`]).
    fn after(
        &self,
        _case: &Self::Case,
        _path: &Self::Path,
    ) -> Option<Result<Self::Case, PathError>> {
        None
    }
}

/// A puzzle's solver: what solving and the judge output need.
pub trait Solve: Paths {
    /// What solving keeps from one case to the next (buffers, per-board tables).
    type Solver;

    /// Options of solving beyond the common ones (none for the judge puzzles).
    const SOLVE_OPTIONS: &'static [OptionSpec] = &[];

    /// A solver for `options` (the solve options) and `limits`.
    ///
    /// # Errors
    /// An option that makes no sense.
    fn solver(&self, options: &Options, limits: Limits) -> Result<Self::Solver, UsageError>;

    /// Solves one case, with an optimal path when `with_path`.
    ///
    /// # Errors
    /// When the solver stops at a limit.
    fn solve(
        &self,
        solver: &mut Self::Solver,
        case: &Self::Case,
        with_path: bool,
    ) -> Result<Answer<Self::Path>, Unsolved>;

    /// Solves every case of `input` with `solver` (made for `options`, and kept from
    /// one input to the next by a `Judge`) and writes the judge output to `out` as it
    /// goes, a case (or a bounded batch of cases) at a time, so memory follows the
    /// largest batch, not the output: the fast path when nothing but the answers is
    /// wanted. The default solves case by case ([`judge_case_by_case`]), each line
    /// written as [`About::answer`] says; a puzzle whose cases share work may do better
    /// (queries on one board spread over the cores, say).
    ///
    /// # Errors
    /// The first input error, the first case the solver cannot answer, or a failed
    /// write.
    fn judge_input(
        &self,
        solver: &mut Self::Solver,
        input: Input<'_>,
        options: &Options,
        out: &mut dyn io::Write,
    ) -> Result<(), RunError> {
        judge_case_by_case(self, solver, input, options, out)
    }

    /// Fields `--format json` adds after the common ones, for these solve options.
    fn json_extra(&self, _options: &Options) -> Vec<(&'static str, serde_json::Value)> {
        Vec::new()
    }
}

/// The naive oracle of a puzzle whose cases are `C`: a deliberately simple search that
/// shares no model with the fast solver, against which it is checked.
pub trait Oracle<C>: Sync {
    /// The naive oracle's answer on `case`, within `limits`.
    ///
    /// # Errors
    /// The limit it stopped at.
    fn naive_moves(&self, case: &C, limits: Limits) -> Result<Option<u64>, LimitError>;

    /// How many states the naive oracle may have to visit on `case` at most (the size
    /// of its whole state space), so a check can tell cheap cases without trying them.
    fn naive_states(&self, case: &C) -> u64;
}

/// Frames and pictures of a solution: `--show`, `--svg` and the playground's board.
pub trait Draw: Paths {
    /// One position along a path, as [`Draw::walk`] replays it.
    type State;

    /// The words and symbols of `--show`.
    const LOOK: &'static Look;

    /// The positions along `path` from the start, one at a time (one more than there
    /// are moves), each move checked as [`Paths::replay_path`] checks it; the first move
    /// that breaks a rule ends the walk with its error. Whether the path ends solved is
    /// not checked. Memory stays that of one position, however long the path:
    /// everything that draws a path (frames, the playground) walks it.
    fn walk<'a>(&'a self, case: &'a Self::Case, path: &'a Self::Path) -> Walk<'a, Self::State>;

    /// What a `--show` frame shows at `pos` in `state`.
    fn glyph_at(&self, case: &Self::Case, state: &Self::State, pos: Pos) -> Glyph;

    /// The cells a frame of `state` must show: where the moving thing is.
    fn focus_of(&self, case: &Self::Case, state: &Self::State) -> Rect;

    /// The `i`-th move of `path` (from 0) in words after [`Look::move_verb`]: its
    /// letter, usually.
    fn move_name(&self, path: &Self::Path, i: usize) -> String;

    /// The SVG picture of `case` solved by `path` (`None`: no solution, the start alone).
    /// A move adds at least [`PICTURE_BYTES_PER_MOVE`](crate::PICTURE_BYTES_PER_MOVE)
    /// bytes to it.
    ///
    /// # Errors
    /// When `out` fails.
    fn write_svg(
        &self,
        case: &Self::Case,
        path: Option<&Self::Path>,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result;
}

/// Generated inputs (`gridsolve gen`) and inputs that break one rule (`gen --invalid`).
/// The tools reach it through a `Generator`, which checks the options first and adds
/// the layout rules every format shares.
pub trait Generate: Sync {
    /// The options of `gridsolve gen` besides `--family` and `--seed`.
    fn gen_options(&self) -> &'static [OptionSpec];

    /// The generator families: name and one-line summary, the default first.
    fn families(&self) -> Vec<(&'static str, &'static str)>;

    /// The playground's difficulties of a new puzzle (`easy`, `medium`, `hard`), none by
    /// default.
    fn presets(&self) -> &'static [Preset] {
        &[]
    }

    /// The judge's default board size for `gridsolve gen`, in words (for `--help`).
    fn gen_size(&self) -> String;

    /// Writes a generated input for `options` to `out`, a case at a time.
    ///
    /// # Errors
    /// Options that describe no input, or a failed write.
    fn generate(&self, options: &Options, out: &mut dyn io::Write) -> Result<(), GenError>;

    /// The rules of the puzzle's own format that `gridsolve gen --invalid KIND` breaks,
    /// one a kind, besides the layout rules every format shares (broken on
    /// [`Generate::invalid_base`]). None by default.
    fn own_invalid_kinds(&self) -> &'static [InvalidKind] {
        &[]
    }

    /// A small input of seed `seed` that [`Format::violations`] accepts, on which the
    /// layout kinds are broken; by default what [`Generate::generate`] writes for that
    /// seed and no other option. Only `gen --invalid` calls it: listing the kinds (as
    /// the CLI does at every start, for its help and completions) generates nothing.
    fn invalid_base(&self, seed: u64) -> Option<String> {
        let mut out = Vec::new();
        self.generate(&Options::new().with("seed", seed), &mut out)
            .ok()?;
        String::from_utf8(out).ok()
    }

    /// An input of seed `seed` that breaks the rule `kind` (one of
    /// [`Generate::own_invalid_kinds`]) and no other, so [`Format::violations`] refuses
    /// it; `None` for a kind the puzzle does not know.
    fn invalid(&self, _kind: &str, _seed: u64) -> Option<String> {
        None
    }
}

/// Smaller candidates of a failing case `C`, for `stress`'s shrinking.
pub trait Shrink<C>: Sync {
    /// Cases a little smaller or simpler than `case`, the smallest first: fewer rows or
    /// columns, a wall cleared, a piece or a stone removed, a shorter snake. Each must be
    /// smaller than `case` by some measure that cannot shrink forever (so that taking
    /// candidates again and again ends); a candidate that breaks the judge's strict
    /// rules is dropped by the caller, so an adapter may offer it.
    fn smaller<'a>(&'a self, case: &'a C) -> Box<dyn Iterator<Item = C> + 'a>;
}

/// A difficulty of a new puzzle: the generator's options and the band of optimal move
/// counts (both ends included) a generated board must fall in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Its name: `easy`, `medium` or `hard`.
    pub difficulty: &'static str,
    /// The options of `gridsolve gen` (name, value) besides `--seed`.
    pub options: &'static [(&'static str, &'static str)],
    /// The fewest and the most moves a board of this difficulty may need.
    pub band: (u64, u64),
}

/// A source of an atlas's bytes, read and sought (the CLI opens the file; the adapters
/// read no file themselves).
pub trait AtlasSource: io::Read + io::Seek {}

impl<T: io::Read + io::Seek> AtlasSource for T {}

/// What [`Atlas::build_atlas`] found: the figures of the whole space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtlasSummary {
    /// The positions (layouts) of the space.
    pub layouts: u64,
    /// The groups: sets of positions reachable from one another.
    pub groups: u64,
    /// The positions of the largest group.
    pub largest_group: u64,
    /// The positions that reach the goal.
    pub solvable: u64,
    /// The most moves a solvable position needs.
    pub farthest: u64,
    /// The positions that need that many, each written as a judge input.
    pub farthest_cases: Vec<String>,
}

/// What an atlas says of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtlasEntry {
    /// The judge's answer line for the case, without its line break: what solving it
    /// prints.
    pub line: String,
    /// Its minimum number of moves, `None` when it never reaches the goal.
    pub moves: Option<u64>,
    /// Its group's number in the atlas.
    pub group: u64,
    /// The positions of its group.
    pub group_size: u64,
}

/// Why an atlas could not be built or asked.
#[derive(Debug)]
#[non_exhaustive]
pub enum AtlasFault {
    /// The input is invalid.
    Input(RunError),
    /// Case `number` (from 1) is not a position of the atlas's space: why.
    Outside {
        /// The case's number in its input, from 1.
        number: usize,
        /// Why, in words.
        why: String,
    },
    /// The atlas file is not one this program reads (foreign, of another version,
    /// truncated or damaged).
    File(String),
    /// Reading or writing failed.
    Io(io::Error),
    /// The memory for the atlas was refused.
    Memory(String),
}

impl fmt::Display for AtlasFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AtlasFault::Input(e) => write!(f, "{e}"),
            AtlasFault::Outside { number, why } => write!(f, "case {number}: {why}"),
            AtlasFault::File(why) | AtlasFault::Memory(why) => f.write_str(why),
            AtlasFault::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for AtlasFault {}

/// A puzzle that can enumerate its whole space of positions: every position's group
/// and minimum number of moves, built once into a file and then read a position at a
/// time. Object-safe: the tools hold it as `&dyn Atlas` ([`Puzzle::atlas`](crate::Puzzle::atlas)).
pub trait Atlas: Sync {
    /// The space the atlas covers, in words (for `--help` and the summary).
    fn atlas_space(&self) -> &'static str;

    /// Builds the atlas on up to `threads` threads, telling `watch` how far it has
    /// got, and writes its file to `out`.
    ///
    /// # Errors
    /// Refused memory, or a failed write.
    fn build_atlas(
        &self,
        threads: usize,
        watch: &grid_core::progress::Watch,
        out: &mut dyn io::Write,
    ) -> Result<AtlasSummary, AtlasFault>;

    /// What the atlas in `atlas` says of each case of `input`, in order, handed to
    /// `each` as it is read.
    ///
    /// # Errors
    /// An invalid input or a case outside the space ([`AtlasFault::Input`]), an atlas
    /// file refused, a failed read, or what `each` returns.
    fn query_atlas(
        &self,
        atlas: &mut dyn AtlasSource,
        input: Input<'_>,
        each: &mut dyn FnMut(AtlasEntry) -> io::Result<()>,
    ) -> Result<(), AtlasFault>;

    /// Writes `count` of the atlas's hardest positions as judge inputs to `out`, one
    /// after another: the farthest position of each of the groups whose farthest is
    /// farthest, the farthest first.
    ///
    /// # Errors
    /// An atlas file refused, or a failed read or write.
    fn atlas_hardest(
        &self,
        atlas: &mut dyn AtlasSource,
        count: usize,
        out: &mut dyn FnMut(u64, &str) -> io::Result<()>,
    ) -> Result<(), AtlasFault>;
}

/// One capability beyond solving, as tools name it when a puzzle lacks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Capability {
    /// [`Oracle`].
    Oracle,
    /// [`Draw`].
    Draw,
    /// [`Generate`].
    Generate,
    /// [`Play`](crate::Play).
    Play,
    /// A [`Package`].
    Package,
    /// An [`Atlas`].
    Atlas,
}

impl Capability {
    /// Every capability, in the order `gridsolve puzzles` lists them.
    pub const ALL: [Capability; 6] = [
        Capability::Oracle,
        Capability::Draw,
        Capability::Generate,
        Capability::Play,
        Capability::Package,
        Capability::Atlas,
    ];

    /// Its name in `gridsolve puzzles`: `oracle`, `draw`, `generate`, `play`,
    /// `package`, `atlas`.
    pub fn name(self) -> &'static str {
        match self {
            Capability::Oracle => "oracle",
            Capability::Draw => "draw",
            Capability::Generate => "generate",
            Capability::Play => "play",
            Capability::Package => "package",
            Capability::Atlas => "atlas",
        }
    }

    /// What it gives, for messages: "a naive oracle", "pictures", ...
    pub fn what(self) -> &'static str {
        match self {
            Capability::Oracle => "naive oracle",
            Capability::Draw => "frames or pictures",
            Capability::Generate => "generator",
            Capability::Play => "playground game",
            Capability::Package => "problem package",
            Capability::Atlas => "atlas of every position",
        }
    }
}

/// A puzzle lacks a capability a tool needs: "klotski has no problem package yet".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lacks {
    /// The puzzle's name.
    pub puzzle: &'static str,
    /// What it lacks.
    pub capability: Capability,
}

impl fmt::Display for Lacks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} has no {} yet", self.puzzle, self.capability.what())
    }
}

impl std::error::Error for Lacks {}
