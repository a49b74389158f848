//! The side the tools see: [`Puzzle`], an object-safe face every [`Solve`] gets for
//! free, and [`Solved`], one solved case with everything that can be asked of it.
//! The loops over cases are written here once.

use crate::contract::{
    About, Capability, Draw, Format, Glyph, Lacks, Look, Package, PathError, Play, Rect, Solve,
};
use crate::generator::Generator;
use crate::options::{OptionSpec, Options, UsageError};
use grid_core::{LimitError, Limits, MoveCount, Pos, SearchStats};
use parsers::validate::Report;
use parsers::{Input, InputError, ParseError};
use std::fmt;
use std::io;

/// A puzzle, as every tool uses it: no tool knows which puzzle it holds. Its
/// capabilities beyond solving are asked for by name ([`Puzzle::has`]) or taken as
/// faces ([`Puzzle::generator`], [`Puzzle::player`], ...), each `None` when the puzzle
/// lacks it.
pub trait Puzzle: Sync {
    /// Names, words and the sample.
    fn about(&self) -> &'static About;

    /// Options of solving beyond the common ones.
    fn solve_options(&self) -> &'static [OptionSpec];

    /// Reads the whole input without solving it: how many cases and how large.
    ///
    /// # Errors
    /// The first place where the input is invalid, or a failed read.
    fn inspect(&self, input: Input<'_>) -> Result<InputSummary, RunError>;

    /// The judge output of `input`, as fast as the puzzle can make it, in one string:
    /// for inputs of a few cases (see [`Puzzle::judge_to`] for any size).
    ///
    /// # Errors
    /// Bad options, the first input error, a failed read, or a case the solver cannot
    /// answer.
    fn judge(
        &self,
        input: Input<'_>,
        options: &Options,
        limits: Limits,
    ) -> Result<String, RunError> {
        let mut out = Vec::new();
        self.judge_to(input, options, limits, &mut out)?;
        Ok(String::from_utf8(out).expect("judge output is text"))
    }

    /// The judge output of `input`, as fast as the puzzle can make it, written to `out`
    /// a case (or a bounded batch of cases) at a time as they are solved: memory
    /// follows the largest batch, not the output. What is written before an error is
    /// the output of the cases before it; a caller that must print nothing for an
    /// invalid input holds the output until this returns (the CLI does).
    ///
    /// # Errors
    /// Bad options, the first input error, a failed read or write, or a case the
    /// solver cannot answer.
    fn judge_to(
        &self,
        input: Input<'_>,
        options: &Options,
        limits: Limits,
        out: &mut dyn io::Write,
    ) -> Result<(), RunError>;

    /// A [`Judge`] for `options` and `limits`: [`Puzzle::judge`] for one input after
    /// another, with one solver kept from each to the next (its buffers and tables
    /// reused, as a run over many files wants).
    ///
    /// # Errors
    /// Bad solve options.
    fn judge_session<'a>(
        &'a self,
        options: &Options,
        limits: Limits,
    ) -> Result<Box<dyn Judge + 'a>, UsageError>;

    /// The cases of `input`, each solved as it is reached, with a path for the cases
    /// `paths` names. An input error ends the sequence.
    ///
    /// # Errors
    /// Bad solve options.
    fn solutions<'a>(
        &'a self,
        input: Input<'a>,
        options: &Options,
        limits: Limits,
        paths: PathsFor,
    ) -> Result<Solutions<'a>, UsageError>;

    /// The violations of the judge's strict rules, the first `max` kept.
    ///
    /// # Errors
    /// When reading fails.
    fn validate(&self, input: Input<'_>, max: usize) -> io::Result<Report>;

    /// Writes the judge's line(s) for case `number` (from 1) with answer `moves`.
    fn write_answer(&self, out: &mut String, number: usize, moves: Option<u64>);

    /// Fields `--format json` adds after the common ones.
    fn json_fields(&self, options: &Options) -> Vec<(&'static str, serde_json::Value)>;

    /// Whether the puzzle has `capability`.
    fn has(&self, capability: Capability) -> bool;

    /// The words and symbols of its frames, when it draws them ([`Capability::Draw`]).
    fn look(&self) -> Option<&'static Look>;

    /// Its generator, when it has one ([`Capability::Generate`]).
    fn generator(&self) -> Option<&dyn Generator>;

    /// Its playground game, when it has one ([`Capability::Play`]).
    fn player(&self) -> Option<&dyn Play>;

    /// What `gridsolve package` writes for it, when it makes a package
    /// ([`Capability::Package`]).
    fn package(&self) -> Option<&'static Package>;
}

impl dyn Puzzle + '_ {
    /// `Ok` when the puzzle has `capability`, else what it lacks, for the message.
    ///
    /// # Errors
    /// [`Lacks`], naming the puzzle and the capability.
    pub fn require(&self, capability: Capability) -> Result<(), Lacks> {
        if self.has(capability) {
            Ok(())
        } else {
            Err(Lacks {
                puzzle: self.about().name,
                capability,
            })
        }
    }
}

/// What the test of [`Generator::shrink`] says of a smaller input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tried {
    /// It still fails the same way: keep it, and shrink on from it.
    Fails,
    /// It does not: try the next candidate.
    Passes,
    /// Stop shrinking (a budget is spent): keep the smallest found so far.
    Enough,
}

/// The solved cases of an input, one at a time (see [`Puzzle::solutions`]).
pub type Solutions<'a> = Box<dyn Iterator<Item = Result<Box<dyn Solved + 'a>, RunError>> + 'a>;

/// The cases whose paths are wanted: a range of case numbers (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathsFor {
    first: usize,
    last: usize,
}

impl PathsFor {
    /// Every case.
    pub const ALL: PathsFor = PathsFor {
        first: 1,
        last: usize::MAX,
    };
    /// No case.
    pub const NONE: PathsFor = PathsFor { first: 1, last: 0 };

    /// Cases `first` to `last`, both included.
    pub const fn cases(first: usize, last: usize) -> PathsFor {
        PathsFor { first, last }
    }

    /// Whether case `number` gets its path.
    pub fn has(self, number: usize) -> bool {
        (self.first..=self.last).contains(&number)
    }
}

/// What [`Puzzle::inspect`] learnt of an input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InputSummary {
    /// Answer lines the input asks for.
    pub cases: usize,
    /// The largest board, in cells.
    pub largest: usize,
}

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

/// One solved case, with everything a tool may ask of it.
pub trait Solved {
    /// The case's number, from 1.
    fn number(&self) -> usize;

    /// The minimum number of moves, `None` when there is no solution.
    fn moves(&self) -> Option<u64>;

    /// An optimal path in the puzzle's notation, when asked for and solvable.
    fn path(&self) -> Option<String>;

    /// What the search did.
    fn stats(&self) -> SearchStats;

    /// Writes the judge's line(s) for this case.
    fn write_answer(&self, out: &mut String);

    /// Whether the judge's answer line is a path (see [`Solve::answer_is_path`]): then
    /// a team's line is judged by [`Solved::check_answer`], not by its tokens.
    fn answer_is_path(&self) -> bool;

    /// A team's answer line for this case, judged for a format whose answer is a path:
    /// the number of moves of the solution it gives (`None`: it says there is none),
    /// when that is a right answer (any solution, where there is one).
    ///
    /// # Errors
    /// A line that is no path, a path that breaks a rule or does not end solved, or
    /// "no solution" for a case that has one (and a solution for one that has none).
    fn check_answer(&self, line: &str) -> Result<Option<u64>, PathError>;

    /// A team's answer line for this case, judged as [`Solved::check_answer`] judges it
    /// but fed a piece at a time as it is read, so that memory follows the board and a
    /// piece, not the line, where the puzzle replays a path in pieces ([`Solve::after`]).
    fn answer_replay(&self) -> Box<dyn AnswerReplay + '_>;

    /// The board's size (rows, columns).
    fn size(&self) -> (usize, usize);

    /// The number of moves `path` (in the puzzle's notation) takes, by the rules alone.
    ///
    /// # Errors
    /// A path that is not one, breaks a rule or does not end solved.
    fn replay(&self, path: &str) -> Result<u64, PathError>;

    /// As [`Solved::replay`], but a path of more than `most` moves is not played: its
    /// move count is returned as soon as it is read (a checker that knows the answer
    /// needs no more to refuse it), and one of more than `most` words is not even read
    /// (memory stays that of the text, however many moves it holds).
    ///
    /// # Errors
    /// As [`Solved::replay`], for a path of at most `most` moves; [`PathError::Longer`]
    /// for one of more than `most` words.
    fn replay_at_most(&self, path: &str, most: u64) -> Result<u64, PathError>;

    /// The naive oracle's answer, within `limits`; `None` when the puzzle has no
    /// oracle ([`Capability::Oracle`]).
    ///
    /// # Errors
    /// The limit it stopped at.
    fn oracle(&self, limits: Limits) -> Option<Result<Option<u64>, LimitError>>;

    /// The most states the naive oracle may visit on this case; `None` without an
    /// oracle.
    fn state_space(&self) -> Option<u64>;

    /// The positions along the path, one at a time, for `--show` and the playground;
    /// `None` when there is no path, or the puzzle does not draw
    /// ([`Capability::Draw`]).
    fn frames(&self) -> Option<Box<dyn Frames + '_>>;

    /// The SVG picture: the board, the route with numbered moves, the animation.
    ///
    /// # Errors
    /// When `out` fails, or the puzzle does not draw (a tool asks
    /// [`Puzzle::has`] first).
    fn svg(&self, out: &mut dyn fmt::Write) -> fmt::Result;
}

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

impl<A: Solve> Puzzle for A {
    fn about(&self) -> &'static About {
        Format::about(self)
    }

    fn solve_options(&self) -> &'static [OptionSpec] {
        Solve::solve_options(self)
    }

    fn inspect(&self, input: Input<'_>) -> Result<InputSummary, RunError> {
        let mut summary = InputSummary::default();
        for case in self.cases(input, &Options::new()) {
            let (rows, cols) = self.size(&case?);
            summary.cases += 1;
            summary.largest = summary.largest.max(rows.saturating_mul(cols));
        }
        Ok(summary)
    }

    fn judge_to(
        &self,
        input: Input<'_>,
        options: &Options,
        limits: Limits,
        out: &mut dyn io::Write,
    ) -> Result<(), RunError> {
        let mut solver = self.solver(options, limits)?;
        Solve::judge(self, &mut solver, input, options, out)
    }

    fn judge_session<'a>(
        &'a self,
        options: &Options,
        limits: Limits,
    ) -> Result<Box<dyn Judge + 'a>, UsageError> {
        Ok(Box::new(Session {
            adapter: self,
            solver: self.solver(options, limits)?,
            options: options.clone(),
        }))
    }

    fn solutions<'a>(
        &'a self,
        input: Input<'a>,
        options: &Options,
        limits: Limits,
        paths: PathsFor,
    ) -> Result<Solutions<'a>, UsageError> {
        let mut solver = self.solver(options, limits)?;
        let mut cases = self.cases(input, options).enumerate();
        let mut failed = false;
        Ok(Box::new(std::iter::from_fn(move || {
            if failed {
                return None;
            }
            let (i, case) = cases.next()?;
            let solved = case.map_err(RunError::from).and_then(|case| {
                let with_path = paths.has(i + 1) || self.answer_is_path();
                let answer = solve_case(self, &mut solver, &case, i + 1, with_path)?;
                Ok(Box::new(SolvedCase {
                    adapter: self,
                    number: i + 1,
                    case,
                    answer,
                }) as Box<dyn Solved + 'a>)
            });
            failed = solved.is_err();
            Some(solved)
        })))
    }

    fn validate(&self, input: Input<'_>, max: usize) -> io::Result<Report> {
        Format::validate(self, input, max)
    }

    fn write_answer(&self, out: &mut String, number: usize, moves: Option<u64>) {
        Format::write_answer(self, out, number, moves);
    }

    fn json_fields(&self, options: &Options) -> Vec<(&'static str, serde_json::Value)> {
        Solve::json_fields(self, options)
    }

    fn has(&self, capability: Capability) -> bool {
        let caps = self.capabilities();
        match capability {
            Capability::Oracle => caps.oracle.is_some(),
            Capability::Draw => caps.draw.is_some(),
            Capability::Generate => caps.generate.is_some(),
            Capability::Play => caps.play.is_some(),
            Capability::Package => caps.package.is_some(),
        }
    }

    fn look(&self) -> Option<&'static Look> {
        self.capabilities().draw.map(|draw| draw.look())
    }

    fn generator(&self) -> Option<&dyn Generator> {
        self.capabilities().generate
    }

    fn player(&self) -> Option<&dyn Play> {
        self.capabilities().play
    }

    fn package(&self) -> Option<&'static Package> {
        self.capabilities().package
    }
}

/// Solves case `number`, naming it in the error when the solver gives up.
pub(crate) fn solve_case<A: Solve>(
    adapter: &A,
    solver: &mut A::Solver,
    case: &A::Case,
    number: usize,
    with_path: bool,
) -> Result<crate::contract::Answer<A::Path>, RunError> {
    adapter
        .solve(solver, case, with_path)
        .map_err(|unsolved| RunError::Unsolved {
            unit: adapter.about().unit,
            number,
            place: adapter.place(case),
            message: unsolved.message,
        })
}

/// Judges inputs one after another with one solver (see [`Puzzle::judge_session`]).
pub trait Judge {
    /// The judge output of `input`, as [`Puzzle::judge`] gives it.
    ///
    /// # Errors
    /// As [`Puzzle::judge`], but for the options, checked already.
    fn judge(&mut self, input: Input<'_>) -> Result<String, RunError> {
        let mut out = Vec::new();
        self.judge_to(input, &mut out)?;
        Ok(String::from_utf8(out).expect("judge output is text"))
    }

    /// The judge output of `input` written to `out` as it is made, as
    /// [`Puzzle::judge_to`] writes it.
    ///
    /// # Errors
    /// As [`Puzzle::judge_to`], but for the options, checked already.
    fn judge_to(&mut self, input: Input<'_>, out: &mut dyn io::Write) -> Result<(), RunError>;
}

/// A puzzle, a solver and the options it was made for.
struct Session<'a, A: Solve> {
    adapter: &'a A,
    solver: A::Solver,
    options: Options,
}

impl<A: Solve> Judge for Session<'_, A> {
    fn judge_to(&mut self, input: Input<'_>, out: &mut dyn io::Write) -> Result<(), RunError> {
        Solve::judge(self.adapter, &mut self.solver, input, &self.options, out)
    }
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

/// [`Adapter::judge`]'s default: every case solved in turn, its line written.
pub(crate) fn judge_case_by_case<A: Solve>(
    adapter: &A,
    solver: &mut A::Solver,
    input: Input<'_>,
    options: &Options,
    out: &mut dyn io::Write,
) -> Result<(), RunError> {
    let mut lines = Lines::new(out);
    for (i, case) in adapter.cases(input, options).enumerate() {
        let case = case?;
        if adapter.answer_is_path() {
            let answer = solve_case(adapter, solver, &case, i + 1, true)?;
            adapter.write_answer_path(&mut lines.text, i + 1, answer.path.as_ref());
        } else {
            let answer = solve_case(adapter, solver, &case, i + 1, false)?;
            adapter.write_answer(&mut lines.text, i + 1, answer.moves);
        }
        lines.ship(false)?;
    }
    lines.ship(true)
}

/// A case and its answer, for the tools.
struct SolvedCase<'a, A: Solve> {
    adapter: &'a A,
    number: usize,
    case: A::Case,
    answer: crate::contract::Answer<A::Path>,
}

impl<A: Solve> Solved for SolvedCase<'_, A> {
    fn number(&self) -> usize {
        self.number
    }

    fn moves(&self) -> Option<u64> {
        self.answer.moves
    }

    fn path(&self) -> Option<String> {
        self.answer
            .path
            .as_ref()
            .map(|p| self.adapter.write_path(p))
    }

    fn stats(&self) -> SearchStats {
        self.answer.stats
    }

    fn write_answer(&self, out: &mut String) {
        if self.adapter.answer_is_path() {
            let path = self.answer.path.as_ref();
            self.adapter.write_answer_path(out, self.number, path);
        } else {
            Format::write_answer(self.adapter, out, self.number, self.answer.moves);
        }
    }

    fn answer_is_path(&self) -> bool {
        self.adapter.answer_is_path()
    }

    fn check_answer(&self, line: &str) -> Result<Option<u64>, PathError> {
        let mut replay = self.answer_replay();
        replay.feed(line.as_bytes())?;
        replay.finish()
    }

    fn answer_replay(&self) -> Box<dyn AnswerReplay + '_> {
        Box::new(StreamedAnswer {
            adapter: self.adapter,
            start: &self.case,
            moves: self.answer.moves,
            here: None,
            played: 0,
            held: Vec::new(),
            space: false,
            in_pieces: false,
            whole: false,
            try_at: PIECE,
        })
    }

    fn size(&self) -> (usize, usize) {
        self.adapter.size(&self.case)
    }

    fn replay(&self, path: &str) -> Result<u64, PathError> {
        self.replay_at_most(path, u64::MAX)
    }

    fn replay_at_most(&self, path: &str, most: u64) -> Result<u64, PathError> {
        // Each word is at least one move (`Format::parse_path`): counted first, so a
        // path of many short words is refused before its moves are built.
        let at_least = path.split_whitespace().count() as u64;
        if at_least > most {
            return Err(PathError::Longer { at_least, most });
        }
        let path = self.adapter.parse_path(path)?;
        let moves = path.move_count();
        if moves > most {
            return Ok(moves);
        }
        self.adapter.replay(&self.case, &path)
    }

    fn oracle(&self, limits: Limits) -> Option<Result<Option<u64>, LimitError>> {
        let oracle = self.adapter.capabilities().oracle?;
        Some(oracle.oracle(&self.case, limits))
    }

    fn state_space(&self) -> Option<u64> {
        let oracle = self.adapter.capabilities().oracle?;
        Some(oracle.state_space(&self.case))
    }

    fn frames(&self) -> Option<Box<dyn Frames + '_>> {
        let draw = self.adapter.capabilities().draw?;
        let path = self.answer.path.as_ref()?;
        Some(draw.frames(&self.case, path, self.answer.moves?))
    }

    fn svg(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        let draw = self.adapter.capabilities().draw.ok_or(fmt::Error)?;
        draw.svg(&self.case, self.answer.path.as_ref(), out)
    }
}

/// The most bytes of an answer line held before it is taken for a path (the "no
/// solution" line of every puzzle is far shorter) and replayed a piece at a time.
pub const ANSWER_HELD: usize = 4 << 10;

/// How many bytes of a path are read and replayed at a time.
const PIECE: usize = 64 << 10;

/// White space as C's `isspace` (and so the judges) see it.
pub(crate) fn is_judge_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// A team's answer line (where the answer is a path) judged as it is read: the one
/// judgement of such a line, [`Solved::check_answer`] feeds it the whole line at once.
/// White space around the line is ignored and every run inside it counts as one
/// space; a line of at most [`ANSWER_HELD`] bytes is read by
/// [`Solve::parse_answer_path`], a longer one is a path, read by [`Solve::parse_path`]
/// and replayed a piece at a time where the puzzle can ([`Solve::after`]).
pub trait AnswerReplay {
    /// The next bytes of the line (without its `\n`), cut anywhere.
    ///
    /// # Errors
    /// The line is wrong already, whatever follows: read no more of it.
    fn feed(&mut self, bytes: &[u8]) -> Result<(), PathError>;

    /// The line ended: the number of moves of the solution it gives (`None`: it says
    /// there is none), when that is a right answer.
    ///
    /// # Errors
    /// As [`Solved::check_answer`].
    fn finish(&mut self) -> Result<Option<u64>, PathError>;
}

/// [`AnswerReplay`] over a solved case.
struct StreamedAnswer<'a, A: Solve> {
    adapter: &'a A,
    start: &'a A::Case,
    /// The optimal number of moves, `None`: no solution.
    moves: Option<u64>,
    /// The case as the pieces replayed so far leave it.
    here: Option<A::Case>,
    /// Moves replayed so far.
    played: u64,
    /// The line's bytes not yet replayed, white space made single spaces.
    held: Vec<u8>,
    /// White space came since the last byte held.
    space: bool,
    /// The line is longer than [`ANSWER_HELD`]: a path, replayed in pieces.
    in_pieces: bool,
    /// The puzzle cannot replay in pieces: the path is held whole.
    whole: bool,
    /// The length of the held bytes at which a piece is replayed next.
    try_at: usize,
}

impl<A: Solve> StreamedAnswer<'_, A> {
    /// The case as the moves so far leave it.
    fn here(&self) -> &A::Case {
        self.here.as_ref().unwrap_or(self.start)
    }

    /// An error of the moves after the first `played`, said so.
    fn after_played(&self, e: PathError) -> PathError {
        if self.played == 0 {
            return e;
        }
        let played = self.played;
        match e {
            PathError::Notation(what) => {
                PathError::Notation(format!("after move {played}: {what}"))
            }
            PathError::Rules(what) => PathError::Rules(format!("after move {played}: {what}")),
            e => e,
        }
    }

    /// The held bytes up to `end` as text.
    fn text(&self, end: usize) -> Result<&str, PathError> {
        std::str::from_utf8(&self.held[..end])
            .map_err(|_| PathError::Notation("bytes that are not UTF-8 text".to_string()))
    }

    /// Replays the held bytes but a last piece that may go on.
    fn replay_pieces(&mut self) -> Result<(), PathError> {
        // Not inside a character: a character is at most 4 bytes.
        let mut end = self.held.len();
        while end > 0 && end + 4 > self.held.len() && self.held[end - 1] & 0xc0 == 0x80 {
            end -= 1;
        }
        if end > 0 && self.held[end - 1] >= 0xc0 {
            end -= 1;
        }
        let text = self.text(end)?;
        let cut = self.adapter.path_cut(text).min(text.len());
        if !text.is_char_boundary(cut) {
            // No place to cut yet: tried again with more.
            return Ok(());
        }
        // As it is: a space it ends or starts with is the notation's to read.
        let piece = &text[..cut];
        if piece.is_empty() {
            return Ok(());
        }
        let path = self
            .adapter
            .parse_path(piece)
            .map_err(|e| self.after_played(e))?;
        match self.adapter.after(self.here(), &path) {
            None => {
                self.whole = true;
                return Ok(());
            }
            Some(Err(e)) => return Err(self.after_played(e)),
            Some(Ok(case)) => self.here = Some(case),
        }
        self.played = self.played.saturating_add(path.move_count());
        self.held.drain(..cut);
        Ok(())
    }

    /// Keeps `byte` of a token, after a space if white space came before it.
    fn hold(&mut self, byte: u8) -> Result<(), PathError> {
        let gap = self.space && !(self.held.is_empty() && self.played == 0);
        self.held.try_reserve(2).map_err(|_| {
            PathError::Rules(format!(
                "no memory to hold an answer line of {} bytes",
                self.held.len()
            ))
        })?;
        if gap {
            self.held.push(b' ');
        }
        self.held.push(byte);
        self.space = false;
        Ok(())
    }
}

impl<A: Solve> AnswerReplay for StreamedAnswer<'_, A> {
    fn feed(&mut self, bytes: &[u8]) -> Result<(), PathError> {
        for &b in bytes {
            if is_judge_space(b) {
                self.space = true;
                continue;
            }
            self.hold(b)?;
            if !self.in_pieces && self.held.len() > ANSWER_HELD {
                self.in_pieces = true;
                if self.moves.is_none() {
                    return Err(PathError::Rules(
                        "the answer gives a path, but the case has no solution".to_string(),
                    ));
                }
            }
            if self.in_pieces && !self.whole && self.held.len() >= self.try_at {
                self.replay_pieces()?;
                // A text that cannot be cut yet is tried again when twice as long.
                self.try_at = PIECE.max(2 * self.held.len());
            }
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<Option<u64>, PathError> {
        let path = if self.in_pieces {
            let text = self.text(self.held.len())?;
            let path = self
                .adapter
                .parse_path(text)
                .map_err(|e| self.after_played(e))?;
            Some(path)
        } else {
            self.adapter
                .parse_answer_path(self.text(self.held.len())?)?
        };
        match (path, self.moves) {
            (None, None) => Ok(None),
            (Some(path), Some(_)) => {
                let moves = self
                    .adapter
                    .replay(self.here(), &path)
                    .map_err(|e| self.after_played(e))?;
                Ok(Some(self.played.saturating_add(moves)))
            }
            (None, Some(moves)) => Err(PathError::Rules(format!(
                "the answer says there is no solution, but one of {moves} moves exists"
            ))),
            (Some(_), None) => Err(PathError::Rules(
                "the answer gives a path, but the case has no solution".to_string(),
            )),
        }
    }
}

/// The positions along a path, walked: the [`Frames`] of every [`Draw`].
pub(crate) struct Trace<'a, A: Draw> {
    adapter: &'a A,
    case: &'a A::Case,
    path: &'a A::Path,
    count: usize,
    walk: crate::contract::Walk<'a, A::State>,
    /// The position now; `None` before the first [`Frames::advance`].
    here: Option<A::State>,
    index: usize,
}

impl<'a, A: Draw> Trace<'a, A> {
    /// The frames of `case` along `path`, which has `moves` moves.
    pub(crate) fn new(adapter: &'a A, case: &'a A::Case, path: &'a A::Path, moves: u64) -> Self {
        Trace {
            adapter,
            case,
            path,
            count: usize::try_from(moves)
                .unwrap_or(usize::MAX)
                .saturating_add(1),
            walk: adapter.walk(case, path),
            here: None,
            index: 0,
        }
    }

    fn here(&self) -> &A::State {
        self.here
            .as_ref()
            .expect("Frames::advance goes to the start first")
    }
}

impl<A: Draw> Frames for Trace<'_, A> {
    fn count(&self) -> usize {
        self.count
    }

    fn advance(&mut self) -> Result<bool, PathError> {
        match self.walk.next() {
            None => Ok(false),
            Some(state) => {
                if self.here.is_some() {
                    self.index += 1;
                }
                self.here = Some(state?);
                Ok(true)
            }
        }
    }

    fn index(&self) -> usize {
        self.index
    }

    fn heading(&self) -> String {
        let i = self.index;
        if i == 0 {
            "step 0: start".to_string()
        } else {
            format!(
                "step {i}: {} {}",
                self.adapter.look().move_verb,
                self.adapter.move_name(self.path, i - 1)
            )
        }
    }

    fn glyph(&self, pos: Pos) -> Glyph {
        self.adapter.glyph(self.case, self.here(), pos)
    }

    fn focus(&self) -> Rect {
        self.adapter.focus(self.case, self.here())
    }
}
