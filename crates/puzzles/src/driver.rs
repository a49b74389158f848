//! The side the tools see: an [`Adapter`] (a puzzle's [`Solve`] and the capabilities
//! it names) is a [`Puzzle`], an object-safe face it gets for free; each solved case is
//! a [`Solved`], with everything that can be asked of it; its generator a
//! [`Generator`]. The loops over cases are written here once, as generic functions over
//! the contract's traits.

use crate::contract::{
    About, Answer, AnswerLine, Atlas, Capability, Draw, Format, Frames, GenError, Generate, Glyph,
    Lacks, Look, Oracle, Package, PathError, Paths, Preset, Rect, RunError, Shrink, Solve, Walk,
    is_judge_space, read_answer_line, solve_case, write_answer_line,
};
use crate::generator::{self, Shrunk, Tried};
use crate::invalid::InvalidKind;
use crate::options::{OptionSpec, Options, UsageError};
use crate::play::Play;
use grid_core::{LimitError, Limits, MoveCount, Pos, SearchStats};
use parsers::Input;
use parsers::validate::Report;
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
    /// for inputs of a few cases (see [`Puzzle::judge_into`] for any size).
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
        self.judge_into(input, options, limits, &mut out)?;
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
    fn judge_into(
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
    ) -> Result<Judge<'a>, UsageError>;

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

    /// Writes the judge's line(s) for case `number` (from 1) from its move count alone
    /// ([`Format::write_count`]).
    fn write_line(&self, out: &mut String, number: usize, moves: Option<u64>);

    /// Fields `--format json` adds after the common ones.
    fn json_fields(&self, options: &Options) -> Vec<(&'static str, serde_json::Value)>;

    /// Whether the puzzle has `capability`.
    fn has(&self, capability: Capability) -> bool;

    /// The words and symbols of its frames, when it draws them ([`Capability::Draw`]).
    fn look(&self) -> Option<&'static Look>;

    /// Its generator, when it has one ([`Capability::Generate`]).
    fn generator(&self) -> Option<Generator<'_>>;

    /// Its playground game, when it has one ([`Capability::Play`]).
    fn player(&self) -> Option<&dyn Play>;

    /// Its atlas of every position, when it can enumerate its space
    /// ([`Capability::Atlas`]).
    fn atlas(&self) -> Option<&dyn Atlas>;

    /// What `gridsolve package` writes for it, when it makes a package
    /// ([`Capability::Package`]).
    fn package(&self) -> Option<&'static Package>;

    /// Shrinks `input`, read under the solve `options`, while `test` says it still
    /// fails: see [`Generator::shrink`], which is how the tools call it.
    ///
    /// # Errors
    /// An invalid `input`.
    fn shrink_input(
        &self,
        input: &[u8],
        options: &Options,
        test: &mut dyn FnMut(&str) -> Tried,
    ) -> Result<Shrunk, RunError>;

    /// Every input one step smaller than `input`: see [`Generator::candidates`].
    ///
    /// # Errors
    /// An invalid `input`.
    fn shrink_candidates(&self, input: &[u8], options: &Options) -> Result<Vec<String>, RunError>;
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

/// The solved cases of an input, one at a time (see [`Puzzle::solutions`]).
pub type Solutions<'a> = Box<dyn Iterator<Item = Result<Box<dyn Solved + 'a>, RunError>> + 'a>;

/// The cases whose paths are wanted: a range of case numbers (from 1), and, where the
/// path is only drawn, the most its drawings may take ([`PathCap`]): then a case's
/// answer is found first without its path, and the path is built only when one of
/// its drawings fits, so a refused drawing costs the memory of the board, not of the
/// path.
#[derive(Clone, Copy, Debug)]
pub struct PathsFor {
    first: usize,
    last: usize,
    /// The drawings a path is built for (none: it is built whatever its length).
    caps: [Option<PathCap>; 2],
}

/// A drawing made from a path, and the most bytes it may take: `least(moves, size)` is
/// the fewest bytes it takes for an answer of `moves` moves on a board of `size` (rows,
/// columns), known before the path is built.
#[derive(Clone, Copy, Debug)]
pub struct PathCap {
    /// The most bytes the drawing may take.
    pub bytes: u64,
    /// The fewest bytes it takes, from the move count and the board's size.
    pub least: fn(u64, (usize, usize)) -> u64,
}

impl PathCap {
    /// Whether the drawing of an answer of `moves` moves on a `size` board fits.
    pub fn fits(&self, moves: u64, size: (usize, usize)) -> bool {
        (self.least)(moves, size) <= self.bytes
    }
}

impl PathsFor {
    /// Every case.
    pub const ALL: PathsFor = PathsFor {
        first: 1,
        last: usize::MAX,
        caps: [None; 2],
    };
    /// No case.
    pub const NONE: PathsFor = PathsFor {
        first: 1,
        last: 0,
        caps: [None; 2],
    };

    /// Cases `first` to `last`, both included.
    pub const fn cases(first: usize, last: usize) -> PathsFor {
        PathsFor {
            first,
            last,
            caps: [None; 2],
        }
    }

    /// These cases, their paths only drawn: a path is built only when one of its
    /// drawings (at most two: frames and a picture) fits its cap.
    ///
    /// # Panics
    /// A third cap.
    #[must_use]
    pub fn drawn_within(mut self, cap: PathCap) -> PathsFor {
        let free = self
            .caps
            .iter_mut()
            .find(|c| c.is_none())
            .expect("at most two drawings of a path");
        *free = Some(cap);
        self
    }

    /// Whether case `number` gets its path.
    pub fn has(self, number: usize) -> bool {
        (self.first..=self.last).contains(&number)
    }

    /// Whether the path of an answer of `moves` moves on a `size` board is worth
    /// building: with no cap always, else when one of the drawings fits.
    pub fn fits(self, moves: u64, size: (usize, usize)) -> bool {
        let mut caps = self.caps.iter().flatten().peekable();
        caps.peek().is_none() || caps.any(|cap| cap.fits(moves, size))
    }

    /// Whether the paths are only drawn, within caps.
    fn capped(self) -> bool {
        self.caps.iter().any(Option::is_some)
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

/// One solved case, with everything a tool may ask of it.
pub trait Solved {
    /// The case's number, from 1.
    fn number(&self) -> usize;

    /// The minimum number of moves, `None` when there is no solution.
    fn moves(&self) -> Option<u64>;

    /// An optimal path in the puzzle's notation, when asked for and solvable.
    fn path(&self) -> Option<String>;

    /// Writes [`Solved::path`] to `out` as it goes, without the whole text in memory
    /// (a path may be hundreds of millions of moves); whether there was one.
    ///
    /// # Errors
    /// Those of `out`.
    fn write_path(&self, out: &mut dyn io::Write) -> io::Result<bool>;

    /// What the search did.
    fn stats(&self) -> SearchStats;

    /// Writes the judge's line(s) for this case, as [`About::answer`] says.
    fn write_answer(&self, out: &mut String);

    /// What the judge's answer line holds ([`About::answer`]): where it is a path, a
    /// team's line is judged by [`Solved::check_answer`], not by its tokens.
    fn answer_line(&self) -> AnswerLine;

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
    /// piece, not the line, where the puzzle replays a path in pieces ([`Paths::after`]).
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

/// A puzzle's format, paths and solver, with the capabilities it has beyond them: what
/// the registry holds (each adapter is a [`Puzzle`] for free).
pub trait Adapter: Solve {
    /// The capabilities this puzzle has beyond solving: for each, itself when it
    /// implements that trait. The default: none (a puzzle that lands with its format
    /// and solver first).
    fn capabilities(&self) -> Capabilities<'_, Self> {
        Capabilities::NONE
    }

    /// Its [`Atlas`], when it can enumerate its space; none by default.
    fn enumerates(&self) -> Option<&dyn Atlas> {
        None
    }
}

/// What a puzzle has beyond [`Format`], [`Paths`] and [`Solve`]: each capability is the
/// puzzle itself, seen through the trait, when it implements it (see
/// [`Adapter::capabilities`]).
///
/// ```text
/// fn capabilities(&self) -> Capabilities<'_, Self> {
///     Capabilities { oracle: Some(self), draw: Some(Drawing::of()), ..Capabilities::NONE }
/// }
/// ```
pub struct Capabilities<'a, A: Solve> {
    /// The naive oracle.
    pub oracle: Option<&'a dyn Oracle<A::Case>>,
    /// Frames and pictures.
    pub draw: Option<Drawing<A>>,
    /// Generated and invalid inputs.
    pub generate: Option<&'a dyn Generate>,
    /// Smaller candidates of a case, for shrinking (none: only whole cases are cut).
    pub shrink: Option<&'a dyn Shrink<A::Case>>,
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
        shrink: None,
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
            .field("shrink", &self.shrink.is_some())
            .field("play", &self.play.is_some())
            .field("package", &self.package.is_some())
            .finish()
    }
}

/// A puzzle's [`Draw`], its positions hidden: the generic functions that make its
/// frames and pictures, taken for its types ([`Drawing::of`]).
pub struct Drawing<A: Solve> {
    look: &'static Look,
    frames: FramesFn<A>,
    svg: SvgFn<A>,
}

/// The frames of a case along a path of so many moves ([`Trace`] over [`Draw`]).
type FramesFn<A> =
    for<'a> fn(&'a A, &'a <A as Format>::Case, &'a <A as Paths>::Path, u64) -> Box<dyn Frames + 'a>;

/// The picture of a case solved by a path, or its start alone ([`Draw::write_svg`]).
type SvgFn<A> =
    fn(&A, &<A as Format>::Case, Option<&<A as Paths>::Path>, &mut dyn fmt::Write) -> fmt::Result;

impl<A: Draw + Solve> Drawing<A> {
    /// The drawing of a puzzle that implements [`Draw`].
    pub fn of() -> Drawing<A> {
        Drawing {
            look: A::LOOK,
            frames: |adapter, case, path, moves| Box::new(Trace::new(adapter, case, path, moves)),
            svg: A::write_svg,
        }
    }
}

impl<A: Solve> fmt::Debug for Drawing<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Drawing").field("look", self.look).finish()
    }
}

/// A puzzle's generator as the tools use it (`gridsolve gen`, `stress`, `package`):
/// its [`Generate`], with the options checked before any work, the layout rules every
/// format shares added to its own, and the shrinking of a failing input.
#[derive(Clone, Copy)]
pub struct Generator<'a> {
    puzzle: &'a dyn Puzzle,
    generate: &'a dyn Generate,
}

impl fmt::Debug for Generator<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Generator")
            .field("puzzle", &self.puzzle.about().name)
            .finish()
    }
}

impl<'a> Generator<'a> {
    /// The generator `generate` of `puzzle`.
    pub fn new(puzzle: &'a dyn Puzzle, generate: &'a dyn Generate) -> Generator<'a> {
        Generator { puzzle, generate }
    }

    /// The options of `gridsolve gen` besides `--family` and `--seed`.
    pub fn gen_options(&self) -> &'static [OptionSpec] {
        self.generate.gen_options()
    }

    /// The generator families: name and one-line summary, the default first.
    pub fn families(&self) -> Vec<(&'static str, &'static str)> {
        self.generate.families()
    }

    /// The playground's difficulties of a new puzzle (see [`Generate::presets`]).
    pub fn presets(&self) -> &'static [Preset] {
        self.generate.presets()
    }

    /// The judge's default board size for `gridsolve gen`, in words (for `--help`).
    pub fn gen_size(&self) -> String {
        self.generate.gen_size()
    }

    /// Writes a generated input (see [`Generate::generate`]), once every option given
    /// is in its range ([`Options::check`]).
    ///
    /// # Errors
    /// A value out of its range, options that describe no input, or a failed write.
    pub fn generate(&self, options: &Options, out: &mut dyn io::Write) -> Result<(), GenError> {
        options.check(self.generate.gen_options())?;
        self.generate.generate(options, out)
    }

    /// Every kind `gridsolve gen --invalid` takes for this puzzle: its own rules, then
    /// the layout rules (when it gives a valid input to break them on).
    pub fn invalid_kinds(&self) -> Vec<InvalidKind> {
        generator::invalid_kinds(self.generate)
    }

    /// Writes an input of seed `seed` that breaks the rule `kind` (one of
    /// [`Generator::invalid_kinds`]).
    ///
    /// # Errors
    /// A kind the puzzle does not know (usage), or a failed write.
    pub fn generate_invalid(
        &self,
        kind: &str,
        seed: u64,
        out: &mut dyn io::Write,
    ) -> Result<(), GenError> {
        generator::generate_invalid(self.generate, self.puzzle.about().name, kind, seed, out)
    }

    /// Shrinks `input`, read under the solve `options`, while `test` says it still
    /// fails, to a 1-minimal input (in the sense of delta debugging): one on which no
    /// single candidate of [`Generator::candidates`] still fails. Candidates are tried
    /// biggest cut first (half the cases, down to one case at a time, then each case
    /// made smaller by [`Shrink::smaller`]); a candidate that fails is kept and the
    /// search goes on from where it was, and a whole round in which none fails ends it.
    /// Candidates that break the judge's strict rules are never tested, nor is one text
    /// twice. When `test` says [`Tried::Enough`] the search stops with the smallest
    /// failing input found, which may then not be minimal ([`Shrunk::minimal`]).
    ///
    /// # Errors
    /// An invalid `input`.
    pub fn shrink(
        &self,
        input: &[u8],
        options: &Options,
        test: &mut dyn FnMut(&str) -> Tried,
    ) -> Result<Shrunk, RunError> {
        self.puzzle.shrink_input(input, options, test)
    }

    /// Every input one step smaller than `input` (read under the solve `options`) that
    /// keeps the judge's strict rules, in the order [`Generator::shrink`] tries them:
    /// a block of cases fewer (halves down to single cases), then each case replaced by
    /// one of its [`Shrink::smaller`] candidates. An input is 1-minimal for a test
    /// when the test passes on every one of these.
    ///
    /// # Errors
    /// An invalid `input`.
    pub fn candidates(&self, input: &[u8], options: &Options) -> Result<Vec<String>, RunError> {
        self.puzzle.shrink_candidates(input, options)
    }
}

impl<A: Adapter> Puzzle for A {
    fn about(&self) -> &'static About {
        A::ABOUT
    }

    fn solve_options(&self) -> &'static [OptionSpec] {
        A::SOLVE_OPTIONS
    }

    fn inspect(&self, input: Input<'_>) -> Result<InputSummary, RunError> {
        let mut summary = InputSummary::default();
        for case in self.cases(input, &Options::new()) {
            let (rows, cols) = self.board_size(&case?);
            summary.cases += 1;
            summary.largest = summary.largest.max(rows.saturating_mul(cols));
        }
        Ok(summary)
    }

    fn judge_into(
        &self,
        input: Input<'_>,
        options: &Options,
        limits: Limits,
        out: &mut dyn io::Write,
    ) -> Result<(), RunError> {
        let mut solver = self.solver(options, limits)?;
        self.judge_input(&mut solver, input, options, out)
    }

    fn judge_session<'a>(
        &'a self,
        options: &Options,
        limits: Limits,
    ) -> Result<Judge<'a>, UsageError> {
        let mut solver = self.solver(options, limits)?;
        let options = options.clone();
        Ok(Judge {
            judge: Box::new(move |input, out| self.judge_input(&mut solver, input, &options, out)),
        })
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
        let every_path = matches!(A::ABOUT.answer, AnswerLine::Path { .. });
        Ok(Box::new(std::iter::from_fn(move || {
            if failed {
                return None;
            }
            let (i, case) = cases.next()?;
            let solved = case.map_err(RunError::from).and_then(|case| {
                let answer = if every_path {
                    solve_case(self, &mut solver, &case, i + 1, true)?
                } else if !paths.has(i + 1) {
                    solve_case(self, &mut solver, &case, i + 1, false)?
                } else {
                    solve_for_paths(self, &mut solver, &case, i + 1, paths)?
                };
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
        self.violations(input, max)
    }

    fn write_line(&self, out: &mut String, number: usize, moves: Option<u64>) {
        self.write_count(out, number, moves);
    }

    fn json_fields(&self, options: &Options) -> Vec<(&'static str, serde_json::Value)> {
        self.json_extra(options)
    }

    fn has(&self, capability: Capability) -> bool {
        let caps = self.capabilities();
        match capability {
            Capability::Oracle => caps.oracle.is_some(),
            Capability::Draw => caps.draw.is_some(),
            Capability::Generate => caps.generate.is_some(),
            Capability::Play => caps.play.is_some(),
            Capability::Package => caps.package.is_some(),
            Capability::Atlas => self.enumerates().is_some(),
        }
    }

    fn look(&self) -> Option<&'static Look> {
        self.capabilities().draw.map(|draw| draw.look)
    }

    fn generator(&self) -> Option<Generator<'_>> {
        let generate = self.capabilities().generate?;
        Some(Generator::new(self, generate))
    }

    fn player(&self) -> Option<&dyn Play> {
        self.capabilities().play
    }

    fn atlas(&self) -> Option<&dyn Atlas> {
        self.enumerates()
    }

    fn package(&self) -> Option<&'static Package> {
        self.capabilities().package
    }

    fn shrink_input(
        &self,
        input: &[u8],
        options: &Options,
        test: &mut dyn FnMut(&str) -> Tried,
    ) -> Result<Shrunk, RunError> {
        generator::shrink_input(self, self.capabilities().shrink, input, options, test)
    }

    fn shrink_candidates(&self, input: &[u8], options: &Options) -> Result<Vec<String>, RunError> {
        generator::candidates(self, self.capabilities().shrink, input, options)
    }
}

/// Solves case `number` for its path, within the caps of `paths`: where its drawings
/// could pass them (the most moves the case may take, its state space, would), the
/// move count is found first and the path only when a drawing of it fits, so a path of
/// hundreds of millions of moves whose frames are refused is never built.
fn solve_for_paths<A: Adapter>(
    adapter: &A,
    solver: &mut A::Solver,
    case: &A::Case,
    number: usize,
    paths: PathsFor,
) -> Result<crate::contract::Answer<A::Path>, RunError> {
    let size = adapter.board_size(case);
    let most = adapter
        .capabilities()
        .oracle
        .map_or(u64::MAX, |oracle| oracle.naive_states(case));
    if !paths.capped() || paths.fits(most, size) {
        return solve_case(adapter, solver, case, number, true);
    }
    let counted = solve_case(adapter, solver, case, number, false)?;
    match counted.moves {
        Some(moves) if paths.fits(moves, size) => solve_case(adapter, solver, case, number, true),
        _ => Ok(counted),
    }
}

/// Judges inputs one after another with one solver, made for the options once (see
/// [`Puzzle::judge_session`]).
pub struct Judge<'a> {
    judge: JudgeFn<'a>,
}

/// The judging of one input with the session's solver.
type JudgeFn<'a> = Box<dyn FnMut(Input<'_>, &mut dyn io::Write) -> Result<(), RunError> + 'a>;

impl Judge<'_> {
    /// The judge output of `input`, as [`Puzzle::judge`] gives it.
    ///
    /// # Errors
    /// As [`Puzzle::judge`], but for the options, checked already.
    pub fn judge(&mut self, input: Input<'_>) -> Result<String, RunError> {
        let mut out = Vec::new();
        self.judge_to(input, &mut out)?;
        Ok(String::from_utf8(out).expect("judge output is text"))
    }

    /// The judge output of `input` written to `out` as it is made, as
    /// [`Puzzle::judge_into`] writes it.
    ///
    /// # Errors
    /// As [`Puzzle::judge_into`], but for the options, checked already.
    pub fn judge_to(&mut self, input: Input<'_>, out: &mut dyn io::Write) -> Result<(), RunError> {
        (self.judge)(input, out)
    }
}

impl fmt::Debug for Judge<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Judge")
    }
}

/// A case and its answer, for the tools.
struct SolvedCase<'a, A: Adapter> {
    adapter: &'a A,
    number: usize,
    case: A::Case,
    answer: Answer<A::Path>,
}

impl<A: Adapter> Solved for SolvedCase<'_, A> {
    fn number(&self) -> usize {
        self.number
    }

    fn moves(&self) -> Option<u64> {
        self.answer.moves
    }

    fn path(&self) -> Option<String> {
        self.answer.path.as_ref().map(|p| {
            let mut text = String::new();
            // Writing to a String cannot fail.
            let _ = self.adapter.write_path(p, &mut text);
            text
        })
    }

    fn write_path(&self, out: &mut dyn io::Write) -> io::Result<bool> {
        let Some(path) = &self.answer.path else {
            return Ok(false);
        };
        let mut out = FmtToIo { out, error: None };
        match self.adapter.write_path(path, &mut out) {
            Ok(()) => Ok(true),
            Err(fmt::Error) => Err(out
                .error
                .unwrap_or_else(|| io::Error::other("the path could not be written"))),
        }
    }

    fn stats(&self) -> SearchStats {
        self.answer.stats
    }

    fn write_answer(&self, out: &mut String) {
        write_answer_line(self.adapter, out, self.number, &self.answer);
    }

    fn answer_line(&self) -> AnswerLine {
        A::ABOUT.answer
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
        self.adapter.board_size(&self.case)
    }

    fn replay(&self, path: &str) -> Result<u64, PathError> {
        self.replay_at_most(path, u64::MAX)
    }

    fn replay_at_most(&self, path: &str, most: u64) -> Result<u64, PathError> {
        // Each word is at least one move (`Paths::parse_path`): counted first, so a
        // path of many short words is refused before its moves are built.
        let at_least = parsers::output::words(path) as u64;
        if at_least > most {
            return Err(PathError::Longer { at_least, most });
        }
        let path = self.adapter.parse_path(path)?;
        let moves = path.move_count();
        if moves > most {
            return Ok(moves);
        }
        self.adapter.replay_path(&self.case, &path)
    }

    fn oracle(&self, limits: Limits) -> Option<Result<Option<u64>, LimitError>> {
        let oracle = self.adapter.capabilities().oracle?;
        Some(oracle.naive_moves(&self.case, limits))
    }

    fn state_space(&self) -> Option<u64> {
        let oracle = self.adapter.capabilities().oracle?;
        Some(oracle.naive_states(&self.case))
    }

    fn frames(&self) -> Option<Box<dyn Frames + '_>> {
        let draw = self.adapter.capabilities().draw?;
        let path = self.answer.path.as_ref()?;
        Some((draw.frames)(
            self.adapter,
            &self.case,
            path,
            self.answer.moves?,
        ))
    }

    fn svg(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        let draw = self.adapter.capabilities().draw.ok_or(fmt::Error)?;
        (draw.svg)(self.adapter, &self.case, self.answer.path.as_ref(), out)
    }
}

/// The most bytes of an answer line held before it is taken for a path (the "no
/// solution" line of every puzzle is far shorter) and replayed a piece at a time.
pub const ANSWER_HELD: usize = 4 << 10;

/// How many bytes of a path are read and replayed at a time.
const PIECE: usize = 64 << 10;

/// A team's answer line (where the answer is a path) judged as it is read: the one
/// judgement of such a line, [`Solved::check_answer`] feeds it the whole line at once.
/// White space around the line is ignored and every run inside it counts as one
/// space; a line of at most [`ANSWER_HELD`] bytes is read by
/// [`read_answer_line`](crate::read_answer_line), a longer one is a path, read by
/// [`Paths::parse_path`] and replayed a piece at a time where the puzzle can
/// ([`Paths::after`]).
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
            read_answer_line(self.adapter, self.text(self.held.len())?)?
        };
        match (path, self.moves) {
            (None, None) => Ok(None),
            (Some(path), Some(_)) => {
                let moves = self
                    .adapter
                    .replay_path(self.here(), &path)
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
    walk: Walk<'a, A::State>,
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
                A::LOOK.move_verb,
                self.adapter.move_name(self.path, i - 1)
            )
        }
    }

    fn glyph(&self, pos: Pos) -> Glyph {
        self.adapter.glyph_at(self.case, self.here(), pos)
    }

    fn focus(&self) -> Rect {
        self.adapter.focus_of(self.case, self.here())
    }
}

/// An [`io::Write`] seen as a [`fmt::Write`], keeping the I/O error a write met (which
/// `fmt::Error` cannot carry).
struct FmtToIo<'a> {
    out: &'a mut dyn io::Write,
    error: Option<io::Error>,
}

impl fmt::Write for FmtToIo<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.out.write_all(text.as_bytes()).map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}
