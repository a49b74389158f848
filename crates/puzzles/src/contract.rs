//! What a puzzle is, for the tools: the [`Adapter`] trait a puzzle implements once, and
//! the plain data it describes itself with.

use crate::invalid::InvalidKind;
use crate::options::{OptionSpec, Options, UsageError};
use grid_core::{Dir, LimitError, Limits, MoveCount, Pos, SearchStats};
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
    /// What a frame of `--show` says before a move's letter: "the blank moves".
    pub move_verb: &'static str,
    /// The symbols of `--show` frames and what each stands for.
    pub legend: &'static [(char, &'static str)],
    /// Whether frames also show the input's own labels as they are (`A-Z a-z 0-9`: a
    /// puzzle's named pieces), which one legend entry explains for all.
    pub labels: bool,
    /// The judge's default board size for `gridsolve gen`, in words (for `--help`).
    pub gen_size: &'static str,
    /// Benchmarks against the reference programs of `../shared/reference/bin`.
    pub benches: &'static [Bench],
    /// Programs of `../shared/reference/bin` that solve this puzzle independently and
    /// are trusted where they agree (`cargo xtask confirm`); none with known wrong
    /// answers.
    pub references: &'static [Reference],
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
    /// The secret tests: a name each and the `gridsolve gen` arguments that make it
    /// (`--family F --seed S ...`), across the families, at the judge's maxima and the
    /// adversarial ones.
    pub tests: &'static [(&'static str, &'static str)],
}

/// The input validator of a [`Package`], in the language that can say the puzzle's rules.
#[derive(Clone, Copy, Debug)]
pub enum InputValidator {
    /// A checktestdata script (`validators/checktestdata/P.ctd`), for formats of counted
    /// tokens and ranges.
    Checktestdata(&'static str),
    /// A Python 3 program (`validators/python/P.py`) run as `validate.py < INPUT`, exit
    /// 42 for a valid input and 43 for an invalid one (the Kattis convention), for rules
    /// checktestdata cannot say (connected pieces, lines that refer to cells).
    Python(&'static str),
}

/// A program of `../shared/reference/bin`, and how it takes inputs and gives answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reference {
    /// Its file name.
    pub program: &'static str,
    /// Its arguments, before the input files of a [`Style::Files`] program.
    pub args: &'static [&'static str],
    pub style: Style,
}

impl Reference {
    /// A judge program: no arguments, an input on stdin, the judge output on stdout.
    pub const fn judge(program: &'static str) -> Reference {
        Reference {
            program,
            args: &[],
            style: Style::Judge,
        }
    }
}

/// How a reference program takes inputs and gives answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// One input on stdin; the judge output on stdout.
    Judge,
    /// Input files as arguments (after [`Reference::args`]), any number in one run; for
    /// each a line `FILE ANSWER` on stdout, where `ANSWER` is the judge output of that
    /// file (inputs of one case, answered on one line); other lines are ignored.
    Files,
}

/// One benchmark: its inputs and the reference program to time against.
#[derive(Clone, Copy, Debug)]
pub struct Bench {
    /// The benchmark's name (and, for a generated input, its file name without `.in`).
    pub name: &'static str,
    pub input: BenchInput,
    pub reference: Reference,
    /// Both programs run pinned to one core (`taskset -c 0`): for a solver that uses
    /// every core, what it does per core against a single-threaded reference.
    pub one_core: bool,
}

/// What a benchmark solves.
#[derive(Clone, Copy, Debug)]
pub enum BenchInput {
    /// One input made by `gridsolve gen --puzzle NAME` with these arguments.
    Generated(&'static str),
    /// Every `.in` file of these directories of `../shared`, in one run of each program
    /// (for a [`Style::Files`] reference).
    Files(&'static [&'static str]),
    /// One of the inputs far past the judge limits that `../shared/bench/scale-inputs`
    /// writes (its file name without `.in`, such as `hrd_300`).
    Scale(&'static str),
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
    pub symbol: char,
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
    pub top_left: Pos,
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

/// The positions along a path, one at a time: see [`Adapter::walk`].
pub type Walk<'a, S> = Box<dyn Iterator<Item = Result<S, String>> + 'a>;

/// A solved case as the adapter reports it.
#[derive(Clone, Debug)]
pub struct Answer<P> {
    /// The minimum number of moves; `None` when there is no solution.
    pub moves: Option<u64>,
    /// An optimal path, when one was asked for and there is a solution.
    pub path: Option<P>,
    pub stats: SearchStats,
}

/// A case the solver could not answer (a limit), said in words for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsolved {
    pub message: String,
}

impl Unsolved {
    pub fn new(message: impl fmt::Display) -> Unsolved {
        Unsolved {
            message: message.to_string(),
        }
    }
}

/// Why `gridsolve gen` wrote no input.
#[derive(Debug)]
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

/// Everything the tools need of one puzzle, in the puzzle's own types. Implement it
/// once per puzzle, add the value to [`crate::PUZZLES`], and every tool (the CLI's
/// solve, `--path`, `--show`, `--svg`, `--format json`, `--stats`, `gen`, `validate`;
/// xtask's fixtures and benchmarks; the fuzz targets) works for it.
///
/// A *case* is what one answer line answers: one query with its board, one board, one
/// game or one level, as the puzzle's judge format has it.
pub trait Adapter: Send + Sync + Sized + 'static {
    /// One case, parsed and checked.
    type Case;
    /// What solving keeps from one case to the next (buffers, per-board tables).
    type Solver;
    /// One position along a path, as [`Adapter::walk`] replays it.
    type State;
    /// A path in the puzzle's own moves.
    type Path: MoveCount;

    /// Names, words, the sample and the legend.
    fn about(&self) -> &'static About;

    /// Options of solving beyond the common ones (none for the judge puzzles).
    fn solve_options(&self) -> &'static [OptionSpec] {
        &[]
    }

    /// The options of `gridsolve gen` besides `--family` and `--seed`.
    fn gen_options(&self) -> &'static [OptionSpec];

    /// The generator families: name and one-line summary, the default first.
    fn families(&self) -> Vec<(&'static str, &'static str)>;

    /// The cases of `input`, each read when it is asked for (an input is never held
    /// whole where the format allows); the first error ends the input.
    ///
    /// `options` are the solve options the cases are asked under. A puzzle whose
    /// question depends on one (which move metric counts) keeps it in its case, so that
    /// `replay`, `oracle`, `walk` and `svg`, which see only the case, answer the same
    /// question as `solve`; the others ignore them. They have passed
    /// [`Adapter::solver`] already, or are empty.
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

    /// Writes the judge's line for case `number` (from 1).
    fn write_answer(&self, out: &mut String, number: usize, moves: Option<u64>);

    /// A path written in the puzzle's notation.
    fn write_path(&self, path: &Self::Path) -> String;

    /// A path read from the puzzle's notation.
    ///
    /// # Errors
    /// Text that is not a path, said in words.
    fn parse_path(&self, text: &str) -> Result<Self::Path, String>;

    /// The number of moves `path` takes to solve `case`, by the rules alone.
    ///
    /// # Errors
    /// A move the rules forbid, or a path that does not end solved.
    fn replay(&self, case: &Self::Case, path: &Self::Path) -> Result<u64, String>;

    /// The naive oracle's answer, within `limits`.
    ///
    /// # Errors
    /// The limit it stopped at.
    fn oracle(&self, case: &Self::Case, limits: Limits) -> Result<Option<u64>, LimitError>;

    /// How many states the naive oracle may have to visit on `case` at most (the size
    /// of its whole state space), so a check can tell cheap cases without trying them.
    fn state_space(&self, case: &Self::Case) -> u64;

    /// Writes a generated input for `options` to `out`, a case at a time.
    ///
    /// # Errors
    /// Options that describe no input, or a failed write.
    fn generate(&self, options: &Options, out: &mut dyn io::Write) -> Result<(), GenError>;

    /// What `gridsolve package` writes for this puzzle; `None` (the default): no problem
    /// package.
    fn package(&self) -> Option<&'static Package> {
        None
    }

    /// The rules of the puzzle's own format that `gridsolve gen --invalid KIND` breaks,
    /// one a kind, besides the layout rules every format shares (which every
    /// puzzle with an [`Adapter::invalid_base`] gets). None by default.
    fn invalid_kinds(&self) -> &'static [InvalidKind] {
        &[]
    }

    /// A small input of seed `seed` that [`Adapter::validate`] accepts, on which the
    /// layout kinds are broken; `None` (the default): no layout kinds.
    fn invalid_base(&self, _seed: u64) -> Option<String> {
        None
    }

    /// An input of seed `seed` that breaks the rule `kind` (one of
    /// [`Adapter::invalid_kinds`]) and no other, so [`Adapter::validate`] refuses it;
    /// `None` for a kind the puzzle does not know.
    fn invalid(&self, _kind: &str, _seed: u64) -> Option<String> {
        None
    }

    /// The violations of the judge's strict rules in `input`, the first `max` of them
    /// kept (the report counts them all).
    ///
    /// # Errors
    /// When reading fails.
    fn validate(&self, input: Input<'_>, max: usize) -> std::io::Result<Report>;

    /// The positions along `path` from the start, one at a time (one more than there
    /// are moves), each move checked as [`Adapter::replay`] checks it; the first move
    /// that breaks a rule ends the walk with its error, said in words. Whether the path
    /// ends solved is not checked. Memory stays that of one position, however long the
    /// path: everything that draws a path (frames, pictures, the playground) walks it.
    fn walk<'a>(&'a self, case: &'a Self::Case, path: &'a Self::Path) -> Walk<'a, Self::State>;

    /// What a `--show` frame shows at `pos` in `state`.
    fn glyph(&self, case: &Self::Case, state: &Self::State, pos: Pos) -> Glyph;

    /// The cells a frame of `state` must show: where the moving thing is.
    fn focus(&self, case: &Self::Case, state: &Self::State) -> Rect;

    /// The `i`-th move of `path` (from 0) in words after [`About::move_verb`]: its
    /// letter, usually.
    fn move_name(&self, path: &Self::Path, i: usize) -> String;

    /// The SVG picture of `case` solved by `path` (`None`: no solution, the start alone).
    ///
    /// # Errors
    /// When `out` fails.
    fn svg(
        &self,
        case: &Self::Case,
        path: Option<&Self::Path>,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result;

    /// Cases a little smaller or simpler than `case`, the smallest first, for
    /// shrinking a failing input (`gridsolve stress`): fewer rows or columns, a wall
    /// cleared, a piece or a stone removed, a shorter snake. Each must be smaller than
    /// `case` by some measure that cannot shrink forever (so that taking candidates
    /// again and again ends); a candidate that breaks the judge's strict rules is
    /// dropped by the caller, so an adapter may offer it. The default offers none.
    fn shrink<'a>(&'a self, _case: &'a Self::Case) -> Box<dyn Iterator<Item = Self::Case> + 'a> {
        Box::new(std::iter::empty())
    }

    /// A judge input holding `cases` in this order (as [`Adapter::cases`] reads them
    /// back), or `None` when they cannot be one input (queries on different boards of a
    /// one-board format; several cases of a one-case format).
    fn write_input(&self, cases: &[&Self::Case]) -> Option<String>;

    /// Fields `--format json` adds after the common ones, for these solve options.
    fn json_fields(&self, _options: &Options) -> Vec<(&'static str, serde_json::Value)> {
        Vec::new()
    }

    /// The kinds of cell the playground's board editor paints on `case`: the symbol
    /// (as [`Adapter::glyph`] shows it) and what it is. None by default: no editor.
    fn cell_kinds(&self, _case: &Self::Case) -> Vec<(char, String)> {
        Vec::new()
    }

    /// `case` with the cell at `pos` made a `kind` (one of [`Adapter::cell_kinds`]),
    /// what else that implies changed with it (a second target cleared, a piece grown).
    ///
    /// # Errors
    /// An edit the rules refuse (a start on no floor, a piece cut in two), said in words.
    fn edit(&self, _case: &Self::Case, _pos: Pos, _kind: char) -> Result<Self::Case, String> {
        Err(format!(
            "{} boards are not edited by cell",
            self.about().name
        ))
    }

    /// The move a player makes in `state` by pressing the arrow `dir`, with the piece
    /// on `picked` chosen by a click (one of several pieces, or of two split cubes), in the
    /// notation of [`Adapter::parse_path`]; `None` when the key makes no move there (no
    /// piece picked). The rules are not checked here: the path is replayed.
    fn play_move(
        &self,
        case: &Self::Case,
        state: &Self::State,
        picked: Option<Pos>,
        dir: Dir,
    ) -> Option<String>;

    /// The path `path` of `case` (in the puzzle's notation, maybe empty) followed by
    /// the one move `step`. The default writes them one after the other; a puzzle whose path words
    /// are moves of pieces joins a step of the piece that just moved onto its word.
    fn join_moves(&self, _case: &Self::Case, path: &str, step: &str) -> String {
        format!("{path}{step}")
    }

    /// The minimum number of moves that solve `case` from `state` on (`None`: it
    /// cannot be solved from there), by the fast solver: the live hint of the
    /// playground.
    ///
    /// # Errors
    /// When the solver stops at a limit, or `state` cannot be a start.
    fn moves_left(
        &self,
        solver: &mut Self::Solver,
        case: &Self::Case,
        state: &Self::State,
    ) -> Result<Option<u64>, Unsolved>;
}
