//! Klotski (华容道) through the contract: a case is a layout, asked under a move metric
//! (the solve option `--metric`).

mod atlas;

/// The solver crate, for the command line's atlas tests, which write a small board's
/// atlas with its own writer (no manifest but the registry's names a puzzle's crate).
#[doc(hidden)]
pub use ::klotski as solver;
mod invalid;
mod look;
mod picture;

use crate::contract::{
    About, Answer, AnswerLine, Draw, EditError, Format, GenError, Generate, Glyph, Look, Oracle,
    Paint, PathError, Paths, Preset, Rect, Shrink, Solve, Unsolved, Walk, oracle_on_text,
};
use crate::driver::{Adapter, Capabilities, Drawing};
use crate::generating;
use crate::options::{OptionKind, OptionSpec, Options, UsageError};
use crate::play::Play;
use crate::shrinking;
use ::klotski::generate::{Family, GenParams};
use ::klotski::{Board, Layout, Metric, Path, Solver};
use grid_core::{Choice, Dir, LimitError, Limits, Pos};
use parsers::validate::Report;
use parsers::{Input, InputError};
use std::fmt;
use std::io;

/// The Klotski adapter.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Klotski;

/// A layout and the metric its answer counts in.
pub(crate) struct Case {
    layout: Layout,
    metric: Metric,
}

/// A board along a solution, and the label of the piece that moved into it.
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    board: Board,
    moved: Option<char>,
}

static ABOUT: About = About {
    name: "klotski",
    summary: "Klotski (华容道): slide the pieces until the goal piece reaches the exit",
    unit: "case",
    label: "case",
    sample: "5 4\nABBC\nABBC\nDEEF\nDGHF\nI..J\ngoal B 4 2\n",
    moves_are: "the pieces' moves: a label, then the cells it travels, U D L R",
    move_word: "moves",
    never: "-1 (no piece of the goal piece's shape can reach the goal)",
    answer: AnswerLine::Count,
};

/// The playground's difficulties of a new puzzle: the generator's options and the band
/// of optimal move counts a board must fall in, measured with `gridsolve gen ... |
/// gridsolve` over seeds 1-8 (a board outside its band is passed over for the next seed).
static PRESETS: [Preset; 3] = [
    Preset {
        difficulty: "easy",
        options: &[("family", "random"), ("steps", "12")],
        band: (3, 15),
    },
    Preset {
        difficulty: "medium",
        options: &[("family", "loose")],
        band: (10, 40),
    },
    Preset {
        difficulty: "hard",
        options: &[("family", "hard"), ("tries", "1")],
        band: (30, u64::MAX),
    },
];

static LOOK: Look = Look {
    move_verb: "move",
    legend: &[
        ('.', "an empty cell"),
        (
            '*',
            "an empty cell of the goal (where the goal piece must stand)",
        ),
        (
            'A',
            "a cell of piece A (every label A-Z a-z 0-9 is a piece); the goal piece is red, the one that moved yellow",
        ),
    ],
    labels: true,
};

static SOLVE_OPTIONS: [OptionSpec; 1] = [METRIC];

const METRIC: OptionSpec = OptionSpec::new(
    OptionKind::Choice(Metric::NAMES),
    "metric",
    "METRIC",
    "What one move is: step (one cell), slide (a straight run) or move (anywhere through empty cells)",
    "move",
);

static GEN_OPTIONS: [OptionSpec; 7] = [ROWS, COLS, SPACES, SHAPES, STEPS, TRIES, HARD_METRIC];

const ROWS: OptionSpec = generating::rows("5", ::klotski::MAX_CELLS);

const COLS: OptionSpec = generating::cols("4", ::klotski::MAX_CELLS);

/// At least one cell holds a piece.
const SPACES: OptionSpec = OptionSpec::new(
    OptionKind::Count,
    "spaces",
    "N",
    "Empty cells of the board",
    "2",
)
.with_range(0, ::klotski::MAX_CELLS as u64 - 1);

const SHAPES: OptionSpec = OptionSpec::new(
    OptionKind::Choice(::klotski::generate::Shapes::NAMES),
    "shapes",
    "SET",
    "The pieces: classic (2x2, 2x1, 1x2, 1x1) or mixed (polyominoes of up to four cells)",
    "classic",
);

const STEPS: OptionSpec = OptionSpec::new(
    OptionKind::Count,
    "steps",
    "N",
    "One-cell steps a random layout is from solved (the farthest there is, if fewer)",
    "200",
)
.with_range(0, ::klotski::generate::MAX_STEPS as u64);

const TRIES: OptionSpec = OptionSpec::new(
    OptionKind::Count,
    "tries",
    "N",
    "Packings a hard layout is searched in",
    "8",
)
.with_range(1, ::klotski::generate::MAX_TRIES as u64);

/// `gen --metric`: the solve option's name and default, with its own help.
const HARD_METRIC: OptionSpec = OptionSpec {
    help: "The metric a hard layout is far from solved in: step, slide or move",
    ..METRIC
};

impl Klotski {
    /// The metric of `options` (`--metric`'s default when absent).
    fn metric(options: &Options) -> Result<Metric, UsageError> {
        options.choice(&METRIC)
    }
}

impl Format for Klotski {
    type Case = Case;

    const ABOUT: &'static About = &ABOUT;

    /// One layout; its metric from `options` (which [`Adapter::solver`] has checked).
    fn cases<'a>(
        &'a self,
        input: Input<'a>,
        options: &Options,
    ) -> Box<dyn Iterator<Item = Result<Case, InputError>> + 'a> {
        let metric = Klotski::metric(options).unwrap_or_default();
        Box::new(std::iter::once(
            parsers::klotski::read(input).map(|layout| Case { layout, metric }),
        ))
    }

    fn board_size(&self, case: &Case) -> (usize, usize) {
        (case.layout.rows(), case.layout.cols())
    }

    fn place(&self, _case: &Case) -> Option<(usize, usize)> {
        Some((1, 1))
    }

    fn write_count(&self, out: &mut String, _number: usize, moves: Option<u64>) {
        parsers::klotski::write_answer(out, moves);
    }

    fn write_input(&self, cases: &[&Case]) -> Option<String> {
        let [case] = cases else {
            return None;
        };
        let mut out = String::new();
        parsers::klotski::write_layout(&mut out, &case.layout);
        Some(out)
    }

    fn violations(&self, input: Input<'_>, max: usize) -> io::Result<Report> {
        parsers::validate::klotski::validate_input(input, max)
    }
}

impl Paths for Klotski {
    type Path = Path;

    fn replay_path(&self, case: &Case, path: &Path) -> Result<u64, PathError> {
        ::klotski::replay(&case.layout, case.metric, path).map_err(PathError::rules)
    }
}

impl Solve for Klotski {
    type Solver = Solver;

    const SOLVE_OPTIONS: &'static [OptionSpec] = &SOLVE_OPTIONS;

    fn solver(&self, options: &Options, limits: Limits) -> Result<Solver, UsageError> {
        Klotski::metric(options)?;
        Ok(Solver::with_limits(limits))
    }

    fn solve(
        &self,
        solver: &mut Solver,
        case: &Case,
        with_path: bool,
    ) -> Result<Answer<Path>, Unsolved> {
        let (layout, metric) = (&case.layout, case.metric);
        Answer::search(
            solver,
            with_path,
            |s| s.solve_with_path(layout, metric),
            |s| s.solve(layout, metric),
            Solver::stats,
        )
    }

    fn json_extra(&self, options: &Options) -> Vec<(&'static str, serde_json::Value)> {
        let metric = Klotski::metric(options).unwrap_or_default();
        vec![("metric", metric.name().into())]
    }
}

impl Adapter for Klotski {
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

    fn enumerates(&self) -> Option<&dyn crate::contract::Atlas> {
        Some(self)
    }
}

impl Oracle<Case> for Klotski {
    fn naive_moves(&self, case: &Case, limits: Limits) -> Result<Option<u64>, LimitError> {
        // The oracle reads the layout file with its own reader: the case is written back
        // as an input of its own.
        oracle_on_text(
            self.write_input(&[case]),
            |text| {
                ::klotski::oracle::solve_text(text, case.metric, limits)
                    .map(|answer| vec![answer.map(|(moves, _)| moves)])
            },
            |e| match e {
                ::klotski::oracle::OracleError::Limit(e) => Some(e),
                // Refused (or stopped for a reason it may add later).
                _ => None,
            },
        )
    }

    /// Every way the pieces can stand (an upper bound: most are not reachable), as the
    /// oracle counts them on the layout written back as a layout file.
    fn naive_states(&self, case: &Case) -> u64 {
        self.write_input(&[case])
            .and_then(|text| ::klotski::oracle::state_space(&text).ok())
            .unwrap_or(u64::MAX)
    }
}

impl Draw for Klotski {
    type State = Frame;

    fn walk<'a>(&'a self, case: &'a Case, path: &'a Path) -> Walk<'a, Frame> {
        let boards = ::klotski::walk(&case.layout, case.metric, path);
        let moved = std::iter::once(None).chain(path.iter().map(|m| Some(m.label())));
        Box::new(boards.zip(moved).map(|(board, moved)| {
            board
                .map(|board| Frame { board, moved })
                .map_err(PathError::rules)
        }))
    }

    fn glyph_at(&self, case: &Case, frame: &Frame, pos: Pos) -> Glyph {
        let goal = case.layout.goal();
        match frame.board.label(pos) {
            Some(label) if Some(label) == frame.moved => Glyph::painted(label, Paint::Mover),
            Some(label) if label == goal.label => Glyph::painted(label, Paint::Goal),
            Some(label) => Glyph::plain(label),
            None if in_goal(&case.layout, pos) => Glyph::painted('*', Paint::Goal),
            None => Glyph::plain('.'),
        }
    }

    /// The piece that moved, or the goal piece at the start.
    fn focus_of(&self, case: &Case, frame: &Frame) -> Rect {
        let label = frame.moved.unwrap_or(case.layout.goal().label);
        let cols = frame.board.cols();
        Rect::around(
            frame
                .board
                .cells()
                .iter()
                .enumerate()
                .filter(|&(_, &c)| char::from(c) == label)
                .map(|(i, _)| Pos::new(i / cols, i % cols)),
        )
    }

    fn move_name(&self, path: &Path, i: usize) -> String {
        path[i].to_string()
    }

    fn write_svg(&self, case: &Case, path: Option<&Path>, out: &mut dyn fmt::Write) -> fmt::Result {
        picture::draw_picture(out, &case.layout, case.metric, path)
    }

    const LOOK: &'static Look = &LOOK;
}

impl Generate for Klotski {
    fn gen_options(&self) -> &'static [OptionSpec] {
        &GEN_OPTIONS
    }

    fn families(&self) -> Vec<(&'static str, &'static str)> {
        Family::summaries()
    }

    fn generate(&self, options: &Options, out: &mut dyn io::Write) -> Result<(), GenError> {
        let (rows, cols) = generating::size(options, &ROWS, &COLS)?;
        let params = GenParams {
            family: options.family(Family::ALL[0])?,
            rows,
            cols,
            empty: options.value(&SPACES)?,
            shapes: options.choice(&SHAPES)?,
            steps: options.value(&STEPS)?,
            tries: options.value(&TRIES)?,
            metric: Klotski::metric(options)?,
            seed: generating::seed(options)?,
        };
        let layout = ::klotski::generate::generate(&params).map_err(UsageError::new)?;
        let mut text = String::new();
        parsers::klotski::write_layout(&mut text, &layout);
        out.write_all(text.as_bytes())?;
        Ok(())
    }

    fn own_invalid_kinds(&self) -> &'static [crate::invalid::InvalidKind] {
        &invalid::KINDS
    }

    /// A loose layout: the default family searches the whole group of its layout's
    /// boards, where breaking a rule needs only a valid layout.
    fn invalid_base(&self, seed: u64) -> Option<String> {
        let options = Options::new().with("seed", seed).with("family", "loose");
        let mut out = Vec::new();
        Generate::generate(self, &options, &mut out).ok()?;
        String::from_utf8(out).ok()
    }

    fn invalid(&self, kind: &str, seed: u64) -> Option<String> {
        let mut rng = crate::invalid::rng(seed, kind);
        let base = Generate::invalid_base(self, rng.next_u64())?;
        invalid::make(kind, &base, &mut rng)
    }

    fn presets(&self) -> &'static [Preset] {
        &PRESETS
    }

    fn gen_size(&self) -> String {
        generating::default_size(&ROWS, &COLS)
    }
}

impl Shrink<Case> for Klotski {
    fn smaller<'a>(&'a self, case: &'a Case) -> Box<dyn Iterator<Item = Case> + 'a> {
        let layout = &case.layout;
        let (rows, cols) = (layout.rows(), layout.cols());
        let cells = layout.board().cells().to_vec();
        let goal = layout.goal();
        let metric = case.metric;
        let make = move |rows, cols, cells: &[u8], goal| {
            Layout::new(rows, cols, cells, goal)
                .ok()
                .map(|layout| Case { layout, metric })
        };
        // A piece fewer (not the goal's), ...
        let labels: Vec<u8> = layout
            .pieces()
            .iter()
            .filter(|p| p.label() != goal.label)
            .filter_map(|p| u8::try_from(p.label()).ok())
            .collect();
        let piece_cells = cells.clone();
        let fewer = labels.into_iter().filter_map(move |label| {
            let cells: Vec<u8> = piece_cells
                .iter()
                .map(|&c| if c == label { b'.' } else { c })
                .collect();
            make(rows, cols, &cells, goal)
        });
        // ... then fewer rows or columns (a piece cut through keeps what is left of it).
        let cuts = shrinking::cuts(rows, cols)
            .into_iter()
            .filter_map(move |cut| {
                let goal = ::klotski::Goal::new(goal.label, cut.map(goal.pos)?);
                let (r, c) = cut.size(rows, cols);
                make(r, c, &cut.keep(rows, cols, &cells), goal)
            });
        Box::new(fewer.chain(cuts))
    }
}

/// The game's moves on the adapter's own types ([`crate::Moves`]).
impl Klotski {
    /// The goal region: the cells the goal piece must cover.
    fn marks(&self, case: &Case) -> Vec<crate::play::Mark> {
        let layout = &case.layout;
        let (goal, label) = (layout.goal().pos, layout.goal().label);
        layout
            .goal_shape()
            .cells()
            .iter()
            .map(|&(r, c)| crate::play::Mark {
                pos: Pos::new(goal.row + r, goal.col + c),
                kind: crate::play::MarkKind::Goal,
                group: 0,
                label: Some(label),
            })
            .collect()
    }

    /// An empty cell, each piece (the cell joins it), and a new piece.
    fn cell_kinds(&self, case: &Case) -> Vec<(char, String)> {
        let mut kinds = vec![('.', "empty cell".to_string())];
        let goal = case.layout.goal().label;
        for piece in case.layout.pieces() {
            let label = piece.label();
            let what = if label == goal {
                "the goal piece"
            } else {
                "piece"
            };
            kinds.push((label, format!("{what} {label}")));
        }
        let unused = ('A'..='Z')
            .chain('a'..='z')
            .chain('0'..='9')
            .find(|&l| case.layout.piece(l).is_none());
        if let Some(label) = unused {
            kinds.push((label, format!("a new piece {label}")));
        }
        kinds
    }

    /// The cell emptied or given to a piece; the layout's rules (connected pieces, the
    /// goal's piece and shape) are checked again.
    fn edit(&self, case: &Case, pos: Pos, kind: char) -> Result<Case, EditError> {
        let board = case.layout.board();
        let mut cells = board.cells().to_vec();
        if !kind.is_ascii() {
            return Err(EditError(format!("{kind:?} is no Klotski label")));
        }
        cells[pos.row * board.cols() + pos.col] = kind as u8;
        let layout = Layout::new(board.rows(), board.cols(), &cells, case.layout.goal())
            .map_err(EditError::new)?;
        Ok(Case {
            layout,
            metric: case.metric,
        })
    }

    /// The picked piece one cell towards `dir`.
    fn play_move(&self, _: &Case, frame: &Frame, picked: Option<Pos>, dir: Dir) -> Option<String> {
        let label = frame.board.label(picked?)?;
        Some(format!("{label}{}", grid_core::Moves::from(vec![dir])))
    }

    /// A step of the piece that just moved is part of its move where the metric allows
    /// (`move`: any turn; `slide`: straight on); any other step is a new move.
    fn join_moves(&self, case: &Case, path: &str, step: &str) -> String {
        let last = path.rsplit(' ').next().unwrap_or("");
        let same_piece = !last.is_empty() && last.chars().next() == step.chars().next();
        let dir = &step[step.len() - 1..];
        let joins = same_piece
            && match case.metric {
                Metric::Move => true,
                Metric::Slide => last.ends_with(dir),
                Metric::Step => false,
            };
        if joins {
            format!("{path}{dir}")
        } else if path.is_empty() {
            step.to_string()
        } else {
            format!("{path} {step}")
        }
    }

    fn moves_left(
        &self,
        solver: &mut Solver,
        case: &Case,
        frame: &Frame,
    ) -> Result<Option<u64>, Unsolved> {
        let from = Case {
            layout: case
                .layout
                .with_board(&frame.board)
                .map_err(Unsolved::new)?,
            metric: case.metric,
        };
        Ok(self.solve(solver, &from, false)?.moves)
    }
}

impl Play for Klotski {
    fn play_look(&self) -> &'static crate::play::PlayLook {
        &look::GAME
    }

    crate::play::play_by_moves!(&crate::play::Moves {
        step: Klotski::play_move,
        join: Klotski::join_moves,
        left: Klotski::moves_left,
        kinds: Klotski::cell_kinds,
        edit: Klotski::edit,
        marks: Klotski::marks,
    });
}

/// Whether `pos` is a cell of the goal piece's shape standing on the goal.
fn in_goal(layout: &Layout, pos: Pos) -> bool {
    let goal = layout.goal().pos;
    layout
        .goal_shape()
        .cells()
        .iter()
        .any(|&(r, c)| Pos::new(goal.row + r, goal.col + c) == pos)
}
