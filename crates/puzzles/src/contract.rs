//! What a puzzle is, for the tools: a few small traits, each one capability, that a
//! puzzle implements in its own types, and the plain data it describes itself with.
//!
//! - [`Format`]: its judge text format (cases read a case at a time, answers written,
//!   the strict validator); and [`Solve`]: its solver, paths and replay, and which other
//!   capabilities it has ([`Solve::capabilities`]). Every puzzle has these two.
//! - [`Oracle`]: the naive oracle the fast solver is checked against.
//! - [`Draw`]: frames and pictures of a solution.
//! - [`Generate`]: generated inputs, invalid ones, and smaller candidates for shrinking.
//! - [`Play`]: the playground's moves, hint and board editor (needs [`Draw`]).
//! - a [`Package`] for `gridsolve package`, which is data.
//!
//! A puzzle can land with [`Format`] and [`Solve`] alone; every tool that needs another
//! capability asks for it and says so when the puzzle lacks it ([`Lacks`]).

use crate::invalid::InvalidKind;
use crate::options::{OptionSpec, Options, UsageError};
use grid_core::{LimitError, Limits, MoveCount, Pos, SearchStats, Solution};
use parsers::validate::Report;
use parsers::{Input, InputError};
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

/// What `gridsolve package` needs of a judge puzzle to write a problem package (the
/// Kattis/CLICS format as BAPCtools reads it): the words and scripts only the puzzle
/// knows. The CLI adds the spec's sample, the generated tests with the solver's answers
/// and the `gen --invalid` inputs.
#[derive(Clone, Copy, Debug)]
pub struct Package {
    /// The problem's title (`name` in `problem.yaml`, `\problemname` of the statement).
    pub title: &'static str,
    /// The statement body in LaTeX, written from the spec: the text, then the `Input`
    /// and `Output` environments (BAPCtools' `problem.en.tex` after `\problemname`).
    pub statement: &'static str,
    /// The input validator: exactly the judge's rules of an input, as
    /// `gridsolve validate` checks them.
    pub input_validator: InputValidator,
    /// The answer validator, a Python 3 program run as `answer.py INPUT < ANSWER`
    /// (exit 42 yes, 43 no): one answer line per query or case of INPUT, each of the
    /// output's shape (the answers themselves come from the solver).
    pub answer_validator: &'static str,
    /// The custom output validator, for a format whose answer the default token diff
    /// cannot judge (the judges' 8-puzzle, where any solution is right): a Python 3
    /// program run as `validate.py INPUT ANSWER FEEDBACK_DIR < OUTPUT` that replays the
    /// team's moves (exit 42 accepted, 43 wrong answer). `None`: the default validator.
    pub output_validator: Option<&'static str>,
    /// The secret tests: a name each and the `gridsolve gen` arguments that make it
    /// (`--family F --seed S ...`), across the families, at the judge's maxima and the
    /// adversarial ones.
    pub tests: &'static [(&'static str, &'static str)],
}

/// The input validator of a [`Package`], in the language that can say the puzzle's rules.
#[derive(Clone, Copy, Debug)]
pub enum InputValidator {
    /// A checktestdata script (`validators/checktestdata/P.ctd` of this crate), for
    /// formats of counted tokens and ranges.
    Checktestdata(&'static str),
    /// A Python 3 program (`validators/python/P.py` of this crate) run as
    /// `validate.py < INPUT`, exit 42 for a valid input and 43 for an invalid one (the
    /// Kattis convention), for rules checktestdata cannot say (connected pieces, lines
    /// that refer to cells).
    Python(&'static str),
}

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

/// A puzzle's judge text format, in the puzzle's own types. With [`Solve`] it is what
/// every registered puzzle implements.
///
/// A *case* is what one answer line answers: one query with its board, one board, one
/// game or one level, as the puzzle's judge format has it.
pub trait Format: Send + Sync + Sized + 'static {
    /// One case, parsed and checked.
    type Case;

    /// Names, words and the sample.
    fn about(&self) -> &'static About;

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
    fn size(&self, case: &Self::Case) -> (usize, usize);

    /// Where a case begins in the input (line, column), when known, for messages about
    /// the case as a whole.
    fn place(&self, _case: &Self::Case) -> Option<(usize, usize)> {
        None
    }

    /// Writes the judge's line for case `number` (from 1).
    fn write_answer(&self, out: &mut String, number: usize, moves: Option<u64>);

    /// A judge input holding `cases` in this order (as [`Format::cases`] reads them
    /// back), or `None` when they cannot be one input (queries on different boards of a
    /// one-board format; several cases of a one-case format).
    fn write_input(&self, cases: &[&Self::Case]) -> Option<String>;

    /// The violations of the judge's strict rules in `input`, the first `max` of them
    /// kept (the report counts them all).
    ///
    /// # Errors
    /// When reading fails.
    fn validate(&self, input: Input<'_>, max: usize) -> io::Result<Report>;
}

/// A puzzle's solver, its paths and their replay, and the capabilities it has beyond
/// these.
pub trait Solve: Format {
    /// What solving keeps from one case to the next (buffers, per-board tables).
    type Solver;
    /// A path in the puzzle's own moves, written and read in its notation by its
    /// `Display` and `FromStr` (unless [`Solve::write_path`] and [`Solve::parse_path`]
    /// say otherwise).
    type Path: MoveCount + fmt::Display + std::str::FromStr<Err: fmt::Display>;

    /// Options of solving beyond the common ones (none for the judge puzzles).
    fn solve_options(&self) -> &'static [OptionSpec] {
        &[]
    }

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
    /// one input to the next by a [`Judge`](crate::Judge)) and writes the judge output
    /// to `out` as it goes, a case (or a bounded batch of cases) at a time, so memory
    /// follows the largest batch, not the output: the fast path when nothing but the
    /// answers is wanted. The default solves case by case; a puzzle whose cases share
    /// work may do better (queries on one board spread over the cores, say).
    ///
    /// # Errors
    /// The first input error, the first case the solver cannot answer, or a failed
    /// write.
    fn judge(
        &self,
        solver: &mut Self::Solver,
        input: Input<'_>,
        options: &Options,
        out: &mut dyn io::Write,
    ) -> Result<(), crate::RunError> {
        crate::driver::judge_case_by_case(self, solver, input, options, out)
    }

    /// A path written in the puzzle's notation; by default the path's `Display`.
    fn write_path(&self, path: &Self::Path) -> String {
        path.to_string()
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
    fn replay(&self, case: &Self::Case, path: &Self::Path) -> Result<u64, PathError>;

    /// Where a path's text may be cut into pieces that are paths of their own, so that
    /// a long one is read and replayed a piece at a time ([`Solve::after`]): the length
    /// of the longest prefix of `text` that ends between two moves. The default cuts
    /// after the last white space (every word is whole moves, see
    /// [`Solve::parse_path`]); a notation of one character a move may cut anywhere.
    fn path_cut(&self, text: &str) -> usize {
        text.char_indices()
            .rev()
            .find(|(_, c)| c.is_whitespace())
            .map_or(0, |(i, c)| i + c.len_utf8())
    }

    /// `case` as `path` leaves it: its start moved along the path, every move checked by
    /// the rules, its goal unchanged (whether the path ends there is not asked: more
    /// moves may follow), so that a long path is replayed a piece at a time, in the
    /// memory of a piece and a position ([`crate::Solved::answer_replay`]). `None`, the
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

    /// Fields `--format json` adds after the common ones, for these solve options.
    fn json_fields(&self, _options: &Options) -> Vec<(&'static str, serde_json::Value)> {
        Vec::new()
    }

    /// Whether the judge's answer line of a case is a path rather than a number (the
    /// judges' 8-puzzle, `eight`): the judge output is then written with
    /// [`Solve::write_answer_path`] (so every case is solved with its path), and a
    /// team's line is right when it is a solution, read by [`Solve::parse_answer_path`]
    /// and replayed (any solution, as the judges' special judge accepts). `false` by
    /// default: the line is [`Format::write_answer`]'s, and a team's must have its
    /// tokens.
    fn answer_is_path(&self) -> bool {
        false
    }

    /// The judge's line for case `number` (from 1) solved by `path` (`None`: no
    /// solution), for a format whose answer is a path. The default writes the move
    /// count with [`Format::write_answer`].
    fn write_answer_path(&self, out: &mut String, number: usize, path: Option<&Self::Path>) {
        self.write_answer(out, number, path.map(MoveCount::move_count));
    }

    /// A team's answer line read back as a path (`Ok(None)`: it says there is no
    /// solution), for a format whose answer is a path. The line comes with white space
    /// (C's `isspace`) around it removed and every run inside it made one space; one
    /// longer than [`ANSWER_HELD`](crate::ANSWER_HELD) bytes is taken for a path and
    /// read by [`Solve::parse_path`] a piece at a time instead.
    ///
    /// # Errors
    /// A line that is neither a path nor "no solution" (the default: every line, for a
    /// format whose answer is a number).
    fn parse_answer_path(&self, _line: &str) -> Result<Option<Self::Path>, PathError> {
        Err(PathError::Notation(format!(
            "{} answers are numbers, not paths",
            self.about().name
        )))
    }

    /// The capabilities this puzzle has beyond solving: for each, itself when it
    /// implements that trait. The default: none (a puzzle that lands with its format
    /// and solver first).
    fn capabilities(&self) -> Capabilities<'_, Self> {
        Capabilities::NONE
    }
}

/// The naive oracle: a deliberately simple search that shares no model with the fast
/// solver, against which it is checked.
pub trait Oracle: Solve {
    /// The naive oracle's answer, within `limits`.
    ///
    /// # Errors
    /// The limit it stopped at.
    fn oracle(&self, case: &Self::Case, limits: Limits) -> Result<Option<u64>, LimitError>;

    /// How many states the naive oracle may have to visit on `case` at most (the size
    /// of its whole state space), so a check can tell cheap cases without trying them.
    fn state_space(&self, case: &Self::Case) -> u64;
}

/// Frames and pictures of a solution: `--show`, `--svg` and the playground's board.
pub trait Draw: Solve {
    /// One position along a path, as [`Draw::walk`] replays it.
    type State;

    /// The words and symbols of `--show`.
    fn look(&self) -> &'static Look;

    /// The positions along `path` from the start, one at a time (one more than there
    /// are moves), each move checked as [`Solve::replay`] checks it; the first move
    /// that breaks a rule ends the walk with its error. Whether the path ends solved is
    /// not checked. Memory stays that of one position, however long the path:
    /// everything that draws a path (frames, the playground) walks it.
    fn walk<'a>(&'a self, case: &'a Self::Case, path: &'a Self::Path) -> Walk<'a, Self::State>;

    /// What a `--show` frame shows at `pos` in `state`.
    fn glyph(&self, case: &Self::Case, state: &Self::State, pos: Pos) -> Glyph;

    /// The cells a frame of `state` must show: where the moving thing is.
    fn focus(&self, case: &Self::Case, state: &Self::State) -> Rect;

    /// The `i`-th move of `path` (from 0) in words after [`Look::move_verb`]: its
    /// letter, usually.
    fn move_name(&self, path: &Self::Path, i: usize) -> String;

    /// The SVG picture of `case` solved by `path` (`None`: no solution, the start alone).
    /// A move adds at least [`crate::PICTURE_BYTES_PER_MOVE`] bytes to it.
    ///
    /// # Errors
    /// When `out` fails.
    fn svg(
        &self,
        case: &Self::Case,
        path: Option<&Self::Path>,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result;
}

/// Generated inputs (`gridsolve gen`), inputs that break one rule (`gen --invalid`), and
/// smaller candidates of a failing case (`stress`'s shrinking).
pub trait Generate: Solve {
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
    fn invalid_kinds(&self) -> &'static [InvalidKind] {
        &[]
    }

    /// A small input of seed `seed` that [`Format::validate`] accepts, on which the
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
    /// [`Generate::invalid_kinds`]) and no other, so [`Format::validate`] refuses it;
    /// `None` for a kind the puzzle does not know.
    fn invalid(&self, _kind: &str, _seed: u64) -> Option<String> {
        None
    }

    /// Cases a little smaller or simpler than `case`, the smallest first, for
    /// shrinking a failing input (`gridsolve stress`): fewer rows or columns, a wall
    /// cleared, a piece or a stone removed, a shorter snake. Each must be smaller than
    /// `case` by some measure that cannot shrink forever (so that taking candidates
    /// again and again ends); a candidate that breaks the judge's strict rules is
    /// dropped by the caller, so an adapter may offer it. The default offers none.
    fn shrink<'a>(&'a self, _case: &'a Self::Case) -> Box<dyn Iterator<Item = Self::Case> + 'a> {
        Box::new(std::iter::empty())
    }
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

/// The playground's game: how the page draws and plays the puzzle, the move a key or
/// click makes with the fewest moves left after it (the live hint), the board editor,
/// and a level cut out of a fixture. One trait, object-safe: the server holds it as
/// `&dyn Play` ([`Puzzle::player`](crate::Puzzle::player)), and a puzzle writes it over
/// its own types with the generic functions of the crate's `play` module (`play`,
/// `edit_cell`, `case_alone`), given its typed [`Moves`](crate::Moves).
pub trait Play: Sync {
    /// How the puzzle looks and is played on the playground's page (served as JSON, so
    /// the page names no puzzle).
    fn play_look(&self) -> &'static crate::play::PlayLook;

    /// The playground's move: case `case` (from 1) of `input`, after the moves of
    /// `path` (in the puzzle's notation) and then `key`'s move when the rules allow it,
    /// with the minimum number of moves left from there by the fast solver within
    /// `limits`.
    ///
    /// # Errors
    /// Bad options, an invalid input, no such case, a `path` that does not replay
    /// ([`RunError::Usage`](crate::RunError::Usage)), or a search stopped at a limit.
    fn play(
        &self,
        input: Input<'_>,
        options: &Options,
        limits: Limits,
        case: usize,
        path: &str,
        key: Option<crate::play::Key>,
    ) -> Result<crate::play::Played, crate::driver::RunError>;

    /// The playground's editor: `input` with the cell at `pos` of case `case` (from 1)
    /// made a `kind` of [`Played::kinds`](crate::Played::kinds), as a judge input. When
    /// the other cases cannot stay in one input with the edited one (queries that share
    /// a board), the input is the edited case alone.
    ///
    /// # Errors
    /// An invalid input, no such case, or an edit the rules refuse
    /// ([`RunError::Usage`](crate::RunError::Usage), with the reason).
    fn edit_cell(
        &self,
        input: Input<'_>,
        options: &Options,
        case: usize,
        pos: Pos,
        kind: char,
    ) -> Result<String, crate::driver::RunError>;

    /// Case `case` (from 1) of `input` as a judge input of its own, and its answer as
    /// `output`, the judge output of the whole input, gives it (a level of the
    /// playground is one case of a fixture, its optimum the fixture's known answer).
    ///
    /// # Errors
    /// An invalid input, no such case, a case the format cannot write alone, or an
    /// `output` whose lines for the case are not an answer the judge writes
    /// ([`RunError::Usage`](crate::RunError::Usage), saying which).
    fn case_alone(
        &self,
        input: Input<'_>,
        output: &str,
        options: &Options,
        case: usize,
    ) -> Result<crate::play::CaseAlone, crate::driver::RunError>;
}

/// What a puzzle has beyond [`Format`] and [`Solve`]: each capability is the puzzle
/// itself, seen through the trait, when it implements it (see [`Solve::capabilities`]).
///
/// ```text
/// fn capabilities(&self) -> Capabilities<'_, Self> {
///     Capabilities { oracle: Some(self), draw: Some(self), ..Capabilities::NONE }
/// }
/// ```
pub struct Capabilities<'a, A: Solve> {
    /// The naive oracle.
    pub oracle: Option<&'a dyn OracleOf<A>>,
    /// Frames and pictures.
    pub draw: Option<&'a dyn DrawOf<A>>,
    /// Generated, invalid and shrunk inputs.
    pub generate: Option<&'a dyn crate::Generator>,
    /// The playground's game.
    pub play: Option<&'a dyn Play>,
    /// The problem package.
    pub package: Option<&'static Package>,
}

impl<A: Solve> Capabilities<'_, A> {
    /// No capability beyond solving.
    pub const NONE: Self = Capabilities {
        oracle: None,
        draw: None,
        generate: None,
        play: None,
        package: None,
    };
}

impl<A: Solve> fmt::Debug for Capabilities<'_, A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Capabilities")
            .field("oracle", &self.oracle.is_some())
            .field("draw", &self.draw.is_some())
            .field("generate", &self.generate.is_some())
            .field("play", &self.play.is_some())
            .field("package", &self.package.is_some())
            .finish()
    }
}

/// [`Oracle`] of a puzzle `A`, object-safe: what [`Capabilities::oracle`] holds.
pub trait OracleOf<A: Solve>: Sync {
    /// [`Oracle::oracle`].
    ///
    /// # Errors
    /// The limit it stopped at.
    fn oracle(&self, case: &A::Case, limits: Limits) -> Result<Option<u64>, LimitError>;

    /// [`Oracle::state_space`].
    fn state_space(&self, case: &A::Case) -> u64;
}

impl<A: Oracle> OracleOf<A> for A {
    fn oracle(&self, case: &A::Case, limits: Limits) -> Result<Option<u64>, LimitError> {
        Oracle::oracle(self, case, limits)
    }

    fn state_space(&self, case: &A::Case) -> u64 {
        Oracle::state_space(self, case)
    }
}

/// [`Draw`] of a puzzle `A`, object-safe (its positions hidden behind [`Frames`]): what
/// [`Capabilities::draw`] holds.
///
/// [`Frames`]: crate::Frames
pub trait DrawOf<A: Solve>: Sync {
    /// [`Draw::look`].
    fn look(&self) -> &'static Look;

    /// The frames of `case` along `path`, which has `moves` moves.
    fn frames<'a>(
        &'a self,
        case: &'a A::Case,
        path: &'a A::Path,
        moves: u64,
    ) -> Box<dyn crate::Frames + 'a>;

    /// [`Draw::svg`].
    ///
    /// # Errors
    /// When `out` fails.
    fn svg(&self, case: &A::Case, path: Option<&A::Path>, out: &mut dyn fmt::Write) -> fmt::Result;
}

impl<A: Draw> DrawOf<A> for A {
    fn look(&self) -> &'static Look {
        Draw::look(self)
    }

    fn frames<'a>(
        &'a self,
        case: &'a A::Case,
        path: &'a A::Path,
        moves: u64,
    ) -> Box<dyn crate::Frames + 'a> {
        Box::new(crate::driver::Trace::new(self, case, path, moves))
    }

    fn svg(&self, case: &A::Case, path: Option<&A::Path>, out: &mut dyn fmt::Write) -> fmt::Result {
        Draw::svg(self, case, path, out)
    }
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
    /// [`Play`].
    Play,
    /// A [`Package`].
    Package,
}

impl Capability {
    /// Every capability, in the order `gridsolve puzzles` lists them.
    pub const ALL: [Capability; 5] = [
        Capability::Oracle,
        Capability::Draw,
        Capability::Generate,
        Capability::Play,
        Capability::Package,
    ];

    /// Its name in `gridsolve puzzles`: `oracle`, `draw`, `generate`, `play`,
    /// `package`.
    pub fn name(self) -> &'static str {
        match self {
            Capability::Oracle => "oracle",
            Capability::Draw => "draw",
            Capability::Generate => "generate",
            Capability::Play => "play",
            Capability::Package => "package",
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
