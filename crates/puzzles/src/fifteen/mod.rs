//! The sliding-tile puzzle in the `fifteen` format through the contract: any board of
//! up to 64 cells, any goal; a case is a board. The parts the judges' `eight` format
//! shares (the case, its positions and glyphs, the picture, the playground's moves) are
//! `pub(crate)` here, in [`tiles`] and [`svg`].

mod invalid;
mod look;
pub(crate) mod picture;
pub(crate) mod tiles;

use crate::contract::RunError;
use crate::contract::{
    About, Answer, AnswerLine, Draw, EditError, Format, GenError, Generate, Glyph, Look, Oracle,
    PathError, Paths, Preset, Rect, Shrink, Solve, Unsolved, Walk,
};
use crate::driver::{Adapter, Capabilities, Drawing};
use crate::generating;
use crate::invalid::InvalidKind;
use crate::options::{OptionKind, OptionSpec, Options, UsageError};
use crate::play::Play;
use ::fifteen::generate::{Family, GoalKind};
use ::fifteen::{Board, Solver};
use grid_core::{Dir, LimitError, Limits, Moves, Pos};
use parsers::validate::Report;
use parsers::{Input, InputError};
use std::fmt;
use std::io;
use tiles::{Case, Tiles};

/// The `fifteen` adapter.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fifteen;

static ABOUT: About = About {
    name: "fifteen",
    summary: "The sliding-tile puzzle (8-, 15-, 24-puzzle, any board up to 64 cells, any goal): the fewest moves",
    unit: "case",
    label: "case",
    sample: "3 3\n2 3 4\n1 5 0\n7 6 8\n4 4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 15 14 0\n",
    moves_are: "the blank's moves, U D L R",
    move_word: "moves",
    never: "-1 (the goal cannot be reached)",
    answer: AnswerLine::Count,
};

/// The most boards solved together by the judge: few enough to keep memory small
/// however many cases the input holds.
const BATCH: usize = 64;

/// Boards the judge reads and solves together: one a core (at most [`BATCH`]). A board
/// that fails stops the searches of the later boards beside it at once
/// ([`::fifteen::Solver::solve_until_error`]) and ends the run once the earlier ones
/// have finished, before any later board is read: one a core keeps every core busy.
fn window() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(BATCH))
}

/// The playground's difficulties of a new puzzle: the generator's options and the band
/// of optimal move counts a board must fall in, measured with `gridsolve gen ... |
/// gridsolve --max-states 2000000` over seeds 1-8 (a board outside its band is passed
/// over for the next seed): 3 x 3 walks of 14 moves took 2 to 14, 4 x 4 walks of 40
/// moves 22 to 36. Hard boards are of the usual 4 x 4 size, walks of 50 moves that go
/// further whenever they can (`far`): over seeds 1-20, 38 to 50 moves, the longest
/// search 109,969 positions, and one search (seed 17) stopped at the budget (such a
/// board is passed over too). Each is solved within the playground's budget by IDA*
/// with the Manhattan distance, no database.
static PRESETS: [Preset; 3] = [
    Preset {
        difficulty: "easy",
        options: &[("rows", "3"), ("family", "walk"), ("steps", "14")],
        band: (6, 14),
    },
    Preset {
        difficulty: "medium",
        options: &[("rows", "4"), ("family", "walk"), ("steps", "40")],
        band: (20, 30),
    },
    Preset {
        difficulty: "hard",
        options: &[("rows", "4"), ("family", "far"), ("steps", "50")],
        band: (31, u64::MAX),
    },
];

static GEN_OPTIONS: [OptionSpec; 5] = [ROWS, COLS, tiles::STEPS, GOAL, generating::CASES];

const ROWS: OptionSpec = generating::rows("4", ::fifteen::MAX_CELLS);

const COLS: OptionSpec = generating::cols(generating::AS_ROWS, ::fifteen::MAX_CELLS);

const GOAL: OptionSpec = OptionSpec::new(
    OptionKind::Text,
    "goal",
    "GOAL",
    "The goal: blank-last (the judges'), blank-first (Korf's) or random",
    "blank-last",
);

/// The families, the default first: a walk, whose positions the solver answers without
/// building its pattern databases (a uniformly random 4 x 4 start takes seconds of them).
const FAMILIES: [Family; 3] = [Family::Walk, Family::Random, Family::Far];

impl Format for Fifteen {
    type Case = Case;

    const ABOUT: &'static About = &ABOUT;

    fn cases<'a>(
        &'a self,
        input: Input<'a>,
        _options: &Options,
    ) -> Box<dyn Iterator<Item = Result<Case, InputError>> + 'a> {
        Box::new(parsers::fifteen::Cases::new(input).map(|case| {
            case.map(|(board, place)| Case {
                board,
                place: Some(place),
            })
        }))
    }

    fn board_size(&self, case: &Case) -> (usize, usize) {
        (case.board.rows(), case.board.cols())
    }

    fn place(&self, case: &Case) -> Option<(usize, usize)> {
        case.place
    }

    fn write_count(&self, out: &mut String, _number: usize, moves: Option<u64>) {
        parsers::fifteen::write_answer(out, moves);
    }

    fn write_input(&self, cases: &[&Case]) -> Option<String> {
        if cases.is_empty() {
            return None;
        }
        let mut text = String::new();
        for case in cases {
            parsers::fifteen::write_case(&mut text, &case.board);
        }
        Some(text)
    }

    fn violations(&self, input: Input<'_>, max: usize) -> io::Result<Report> {
        parsers::validate::fifteen::validate_input(input, max)
    }
}

impl Paths for Fifteen {
    type Path = Moves;

    fn replay_path(&self, case: &Case, path: &Moves) -> Result<u64, PathError> {
        ::fifteen::replay(&case.board, path).map_err(PathError::rules)
    }
}

/// The solve options of the sliding-tile puzzle.
static SOLVE_OPTIONS: [OptionSpec; 3] = [PARTITION, MOVE_ORDER, PRUNING];

/// Which pattern databases boards are searched with.
const PARTITION: OptionSpec = OptionSpec::new(
    OptionKind::Choice(<::fifteen::Partition as grid_core::Choice>::NAMES),
    "partition",
    "SET",
    "The pattern databases: standard (6-6-3 on 4 x 4, built in seconds; 6-6-6-6 on 5 x 5), large (7-8 on 4 x 4: built once in minutes with 1.7 GB and kept in the cache, 288 MB; then searched in about an eighth of the positions) or zero-aware (tables that know the blank's region; on 5 x 5 fourteen 6-6-6-6 partitions in 11 tables, built once in minutes and kept in the cache, 249 MB: the fewest positions for the 24-puzzle)",
    "standard",
);

/// The order in which the searches try the blank's moves.
const MOVE_ORDER: OptionSpec = OptionSpec::new(
    OptionKind::Text,
    "move-order",
    "ORDER",
    "The order in which the searches try the blank's moves: D, L, R and U, each once. Every order gives the same answers, each with a shortest path: the default the first in the letters' order (the judges'), another the one the search meets first, in a number of positions that depends on the order (Korf's and Clausecker's 24-puzzle runs use ULRD)",
    "DLRU",
);

/// Which paths the searches skip as duplicates of others.
const PRUNING: OptionSpec = OptionSpec::new(
    OptionKind::Choice(<::fifteen::Pruning as grid_core::Choice>::NAMES),
    "pruning",
    "WHICH",
    "Which paths the searches (IDA*) skip as duplicates: automaton (every path with one of 19,625 strings of up to 14 moves that a shorter or earlier string does the same as: the fewest positions) or parent (only the paths that undo their last move, as the published 24-puzzle runs did: with the same tables and order, their counts). The answers are the same, and in the letters' order the paths too",
    "automaton",
);

impl Solve for Fifteen {
    type Solver = Solver;

    const SOLVE_OPTIONS: &'static [OptionSpec] = &SOLVE_OPTIONS;

    /// The solver of [`solver`] with the databases of `--partition`, checkpointing its
    /// search in the program's [`crate::checkpoint::Checkpoints`], if it set any; a
    /// checkpoint to resume from that is not one is bad usage.
    fn solver(&self, options: &Options, limits: Limits) -> Result<Solver, UsageError> {
        let partition = options.choice::<::fifteen::Partition>(&PARTITION)?;
        let order = options.choice::<::fifteen::MoveOrder>(&MOVE_ORDER)?;
        let pruning = options.choice::<::fifteen::Pruning>(&PRUNING)?;
        let solver = solver(limits)
            .with_partition(partition)
            .with_move_order(order)
            .with_pruning(pruning);
        let Some(checkpoints) = crate::checkpoint::checkpoints() else {
            return Ok(solver);
        };
        let mut config = ::fifteen::Checkpointing::new(std::sync::Arc::new(Saved(
            std::sync::Arc::clone(&checkpoints),
        )));
        config = config.halting_on(checkpoints.halt_flag());
        if let Some(text) = checkpoints.resume() {
            let checkpoint = ::fifteen::Checkpoint::parse(text).map_err(|e| {
                UsageError::new(format!("the checkpoint to resume from cannot be used: {e}"))
            })?;
            config = config.resuming(checkpoint);
        }
        Ok(solver.with_checkpoints(config))
    }

    fn solve(
        &self,
        solver: &mut Solver,
        case: &Case,
        with_path: bool,
    ) -> Result<Answer<Moves>, Unsolved> {
        solve_board(solver, &case.board, with_path)
    }

    /// The boards a [`window`] at a time as they are read, each window spread over the
    /// cores (the answers are the same as one by one); the first board that fails, in
    /// order, stops the boards after it beside it and ends the run.
    fn judge_input(
        &self,
        solver: &mut Solver,
        input: Input<'_>,
        _options: &Options,
        out: &mut dyn io::Write,
    ) -> Result<(), RunError> {
        let mut cases = parsers::fifteen::Cases::new(input);
        let mut lines = crate::contract::Lines::new(out);
        let (mut boards, mut places) = (Vec::new(), Vec::new());
        let mut done = 0;
        let window = window();
        loop {
            boards.clear();
            places.clear();
            for case in cases.by_ref().take(window) {
                let (board, place) = case?;
                boards.push(board);
                places.push(place);
            }
            if boards.is_empty() {
                return lines.ship(true);
            }
            // Boards a table or a line answers take no search: answered here, with no
            // thread started for them (a window of threads each two boards cost a
            // file of thousands of 3 x 3 boards more than their answers).
            let instant = boards.iter().all(|board| {
                matches!(
                    solver.method_for(board),
                    Ok(::fifteen::Method::Table | ::fifteen::Method::Line)
                )
            });
            let answers: Vec<_> = if instant {
                boards.iter().map(|board| solver.solve(board)).collect()
            } else {
                let outcomes = solver.solve_until_error(&boards).into_iter();
                outcomes
                    .map(|o| o.answer.map(|s| s.map(|s| s.moves())))
                    .collect()
            };
            for (i, answer) in answers.into_iter().enumerate() {
                match answer {
                    Ok(moves) => parsers::fifteen::write_answer(&mut lines.text, moves),
                    Err(e) => {
                        // The answers before it are written, in order.
                        lines.ship(true)?;
                        return Err(RunError::Unsolved {
                            unit: ABOUT.unit,
                            number: done + i + 1,
                            place: Some(places[i]),
                            message: e.to_string(),
                        });
                    }
                }
            }
            lines.ship(false)?;
            done += boards.len();
        }
    }
}

impl Adapter for Fifteen {
    fn capabilities(&self) -> Capabilities<'_, Self> {
        Capabilities {
            oracle: Some(self),
            draw: Some(Drawing::of()),
            generate: Some(self),
            shrink: Some(self),
            play: Some(self),
            package: packages::find(ABOUT.name),
        }
    }
}

/// The solver of both formats for `limits`. No limit on the states is the solver
/// crate's default budget ([`::fifteen::DEFAULT_LIMITS`], two billion positions), so a
/// board no method here solves in reasonable time (an 8 x 8 one) ends with a budget
/// message, not a hang. What a budget pays for is the crate's one rule
/// ([`Solver::solve_all`]): a board's pattern databases are built only when its budget
/// has room for the quick try and their entries (11.5 million on a 4 x 4 board, 255
/// million on a 5 x 5, and a try of at least 200,000 positions), so the playground's
/// never does. It tells the watcher of [`crate::progress::watching`], if any, how its
/// builds and searches go, and keeps its databases in the store the program set
/// ([`crate::cache::keep_tables_in`]), if any.
pub(crate) fn solver(limits: Limits) -> Solver {
    let solver = Solver::with_limits(Limits {
        max_states: limits.max_states.or(::fifteen::DEFAULT_LIMITS.max_states),
        ..limits
    })
    .with_method(forced_method().unwrap_or(::fifteen::Method::Auto))
    .with_progress(crate::progress::watch());
    match crate::cache::store() {
        Some(store) => solver.with_store(std::sync::Arc::new(Kept(store))),
        None => solver,
    }
}

/// The method the environment variable `GRIDSOLVE_FIFTEEN_METHOD` names (`pdb`,
/// `manhattan`, ...), if any: the command line's tests use it to take a small board
/// through the pattern databases, whose tables then build in a moment, where the
/// solver's own choice keeps the databases for 4 x 4 and 5 x 5 boards (16 MB and more
/// of tables). A name that is no method is the solver's own choice.
fn forced_method() -> Option<::fifteen::Method> {
    std::env::var("GRIDSOLVE_FIFTEEN_METHOD")
        .ok()
        .and_then(|name| name.parse().ok())
}

/// The program's checkpoints, as the solver crate takes them.
#[derive(Debug)]
struct Saved(std::sync::Arc<dyn crate::checkpoint::Checkpoints>);

impl ::fifteen::CheckpointSink for Saved {
    fn save(&self, checkpoint: &::fifteen::Checkpoint) {
        self.0.save(&checkpoint.to_text());
    }
}

/// The tables' store the program set ([`crate::cache::keep_tables_in`]), as the
/// solver crate takes it.
#[derive(Debug)]
struct Kept(std::sync::Arc<dyn crate::cache::Store>);

impl ::fifteen::TableStore for Kept {
    fn load(&self, name: &str, into: &mut [u8]) -> bool {
        self.0.load(name, into)
    }

    fn store(&self, name: &str, bytes: &[u8]) {
        self.0.store(name, bytes);
    }

    fn has(&self, name: &str, len: usize) -> bool {
        self.0.has(name, len)
    }
}

/// Solves one board, with its path when `with_path`: both formats' [`Solve::solve`].
pub(crate) fn solve_board(
    solver: &mut Solver,
    board: &Board,
    with_path: bool,
) -> Result<Answer<Moves>, Unsolved> {
    let (moves, path) = if with_path {
        let solution = solver.solve_with_path(board).map_err(Unsolved::new)?;
        (
            solution.as_ref().map(|s| s.moves()),
            solution.map(|s| s.path),
        )
    } else {
        (solver.solve(board).map_err(Unsolved::new)?, None)
    };
    Ok(Answer {
        moves,
        path,
        stats: solver.stats(),
    })
}

impl Oracle<Case> for Fifteen {
    /// Arrangements of the board.
    fn naive_states(&self, case: &Case) -> u64 {
        tiles::state_space(&case.board)
    }

    fn naive_moves(&self, case: &Case, limits: Limits) -> Result<Option<u64>, LimitError> {
        tiles::oracle(&case.board, limits)
    }
}

impl Draw for Fifteen {
    type State = Tiles;

    const LOOK: &'static Look = &tiles::LOOK;

    fn walk<'a>(&'a self, case: &'a Case, path: &'a Moves) -> Walk<'a, Tiles> {
        tiles::walk(&case.board, path)
    }

    fn glyph_at(&self, case: &Case, here: &Tiles, pos: Pos) -> Glyph {
        tiles::glyph(&case.board, here, pos)
    }

    fn focus_of(&self, case: &Case, here: &Tiles) -> Rect {
        tiles::focus(&case.board, here)
    }

    fn move_name(&self, path: &Moves, i: usize) -> String {
        path[i].to_string()
    }

    fn write_svg(
        &self,
        case: &Case,
        path: Option<&Moves>,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        picture::draw_picture(out, ABOUT.name, &case.board, path.map(|p| &p[..]))
    }
}

impl Generate for Fifteen {
    fn gen_options(&self) -> &'static [OptionSpec] {
        &GEN_OPTIONS
    }

    fn families(&self) -> Vec<(&'static str, &'static str)> {
        tiles::families(&FAMILIES)
    }

    fn presets(&self) -> &'static [Preset] {
        &PRESETS
    }

    fn gen_size(&self) -> String {
        format!(
            "{}, a walk of {} moves",
            generating::default_size(&ROWS, &COLS),
            tiles::STEPS.default
        )
    }

    fn generate(&self, options: &Options, out: &mut dyn io::Write) -> Result<(), GenError> {
        let (rows, cols) = generating::size(options, &ROWS, &COLS)?;
        let start = tiles::start(options, &FAMILIES)?;
        let steps: u64 = options.value(&tiles::STEPS)?;
        let goal = options.choice::<GoalKind>(&GOAL)?;
        generating::write_cases(options, "", out, |seed| {
            let board = tiles::generate(start, (rows, cols), steps, goal, seed)?;
            let mut text = String::new();
            parsers::fifteen::write_case(&mut text, &board);
            Ok(text)
        })
    }

    fn own_invalid_kinds(&self) -> &'static [InvalidKind] {
        &invalid::KINDS
    }

    fn invalid_base(&self, seed: u64) -> Option<String> {
        Some(invalid::base(seed))
    }

    fn invalid(&self, kind: &str, seed: u64) -> Option<String> {
        invalid::make(kind, seed)
    }
}

impl Shrink<Case> for Fifteen {
    fn smaller<'a>(&'a self, case: &'a Case) -> Box<dyn Iterator<Item = Case> + 'a> {
        Box::new(tiles::shrink(&case.board).map(Case::new))
    }
}

/// The game's moves on the adapter's own types ([`crate::Moves`]).
impl Fifteen {
    fn play_move(
        &self,
        case: &Case,
        here: &Tiles,
        picked: Option<Pos>,
        dir: Dir,
    ) -> Option<String> {
        let step = tiles::play_move(&case.board, here, picked, dir)?;
        Some(step.to_string())
    }

    fn moves_left(
        &self,
        solver: &mut Solver,
        case: &Case,
        here: &Tiles,
    ) -> Result<Option<u64>, Unsolved> {
        tiles::moves_left(solver, &case.board, here)
    }

    fn cell_kinds(&self, case: &Case) -> Vec<(char, String)> {
        tiles::cell_kinds(&case.board)
    }

    fn edit(&self, case: &Case, pos: Pos, kind: char) -> Result<Case, EditError> {
        tiles::edit(&case.board, pos, kind).map(Case::new)
    }
}

impl Play for Fifteen {
    fn play_look(&self) -> &'static crate::play::PlayLook {
        &look::GAME
    }

    crate::play::play_by_moves!(&crate::play::Moves {
        step: Fifteen::play_move,
        join: crate::play::append,
        left: Fifteen::moves_left,
        kinds: Fifteen::cell_kinds,
        edit: Fifteen::edit,
        marks: crate::play::no_marks,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 8 x 8 board turned half round, as a judge case: far past any budget here.
    fn hopeless() -> String {
        let start: Vec<u8> = Board::default_goal(8, 8).into_iter().rev().collect();
        let mut text = String::new();
        parsers::fifteen::write_case(&mut text, &Board::with_default_goal(8, 8, &start).unwrap());
        text
    }

    /// 64 boards that each stop at the budget: the judge names case 1 and has searched
    /// only the boards of its window (the batch of 64 searched them all, 64 budgets,
    /// before it said so), counted in positions, not in time.
    #[test]
    fn the_first_board_that_fails_ends_the_judge_before_the_boards_after_its_window() {
        const BUDGET: u64 = 20_000;
        let limits = Limits {
            max_states: Some(BUDGET),
            max_time: None,
        };
        let mut solver = solver(limits);
        let input = hopeless().repeat(BATCH);
        let mut out = Vec::new();
        let judged = Solve::judge_input(
            &Fifteen,
            &mut solver,
            Input::bytes(input.as_bytes()),
            &Options::new(),
            &mut out,
        );
        let Err(RunError::Unsolved { number, .. }) = judged else {
            panic!("{judged:?}");
        };
        assert_eq!((number, out.as_slice()), (1, &b""[..]));
        let searched = solver.stats().generated;
        // A search stops a few positions past its budget (the children of the last
        // position it expands).
        let most = window() as u64 * (BUDGET + 100);
        assert!(
            searched <= most,
            "{searched} positions searched, at most {most}"
        );
        assert!(searched > BUDGET, "{searched}");
    }

    /// A board that fails after boards that do not: their answers are written first.
    #[test]
    fn the_answers_before_the_board_that_fails_are_written() {
        let mut solver = solver(Limits {
            max_states: Some(1000),
            max_time: None,
        });
        let input = format!("2 2\n1 2\n3 0\n{}{}", hopeless(), hopeless());
        let mut out = Vec::new();
        let judged = Solve::judge_input(
            &Fifteen,
            &mut solver,
            Input::bytes(input.as_bytes()),
            &Options::new(),
            &mut out,
        );
        let Err(RunError::Unsolved { number, place, .. }) = judged else {
            panic!("{judged:?}");
        };
        assert_eq!((number, place), (2, Some((4, 1))));
        assert_eq!(String::from_utf8(out).unwrap(), "0\n");
    }

    #[test]
    fn no_state_limit_is_the_solver_s_finite_default() {
        let unbounded = solver(Limits::NONE);
        assert_eq!(
            unbounded.limits().max_states,
            ::fifteen::DEFAULT_LIMITS.max_states
        );
    }

    /// The playground's budget (8 million states) has no room for a database's
    /// entries: a board the quick try does not settle stops at the budget, none built.
    #[test]
    fn the_playground_s_budget_builds_no_database() {
        let mut playground = solver(Limits {
            max_states: Some(8_000_000),
            max_time: Some(std::time::Duration::from_secs(60)),
        });
        let korf_3: [u8; 16] = [14, 7, 8, 2, 13, 11, 10, 4, 9, 12, 5, 0, 3, 6, 1, 15];
        let goal: Vec<u8> = (0..16).collect();
        let board = ::fifteen::Board::new(4, 4, &korf_3, &goal).unwrap();
        assert_eq!(
            playground.solve(&board),
            Err(::fifteen::SolveError::Limit(LimitError::States(8_000_000)))
        );
        assert_eq!(playground.databases_built(), 0);
    }
}
