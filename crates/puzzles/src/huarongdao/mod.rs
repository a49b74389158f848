//! Huarongdao (NOIP 2013) through the contract: a case is a query, with the board it is
//! asked on (shared by all the queries of an input).

mod invalid;
mod look;
mod picture;

use crate::contract::RunError;
use crate::contract::{
    About, Answer, AnswerLine, Draw, EditError, Format, GenError, Generate, Glyph, Look, Oracle,
    Paint, PathError, Paths, Preset, Rect, Shrink, Solve, Unsolved, Walk, oracle_on_text,
};
use crate::driver::{Adapter, Capabilities, Drawing};
use crate::generating;
use crate::invalid::InvalidKind;
use crate::options::{OptionKind, OptionSpec, Options, UsageError};
use crate::play::Play;
use crate::shrinking;
use ::huarongdao::generate::{Family, GenParams, Generated};
use ::huarongdao::{Board, Position, Query, Solver};
use grid_core::{Choice, Dir, LimitError, Limits, Moves, Pos};
use parsers::validate::Report;
use parsers::{Input, InputError};
use std::fmt;
use std::io;
use std::sync::Arc;

/// The Huarongdao adapter.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Huarongdao;

/// A query and its board.
pub(crate) struct Case {
    board: Arc<Board>,
    query: Query,
}

static ABOUT: About = About {
    name: "huarongdao",
    summary: "NOIP 2013 Huarongdao: bring a piece to a target by sliding pieces into the blank",
    unit: "query",
    label: "query",
    sample: "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n",
    moves_are: "the blank's moves, U D L R",
    move_word: "moves",
    never: "-1 (the piece can never reach the target)",
    answer: AnswerLine::Count,
};

/// The playground's difficulties of a new puzzle: the generator's options and the band
/// of optimal move counts a board must fall in, measured with `gridsolve gen ... |
/// gridsolve` over seeds 1-8 (a board outside its band is passed over for the next seed).
static PRESETS: [Preset; 3] = [
    Preset {
        difficulty: "easy",
        options: &[("rows", "4"), ("cols", "4"), ("queries", "1")],
        band: (2, 12),
    },
    Preset {
        difficulty: "medium",
        options: &[("rows", "5"), ("cols", "5"), ("queries", "1")],
        band: (6, 25),
    },
    Preset {
        difficulty: "hard",
        options: &[("rows", "7"), ("cols", "7"), ("queries", "1")],
        band: (14, u64::MAX),
    },
];

static LOOK: Look = Look {
    move_verb: "the blank moves",
    legend: &[
        ('#', "fixed piece"),
        ('.', "movable piece"),
        ('_', "the blank"),
        ('P', "the designated piece"),
        ('T', "the target (when the piece is not on it)"),
    ],
    labels: false,
};

/// Queries solved together by the judge: enough for every core, few enough to keep
/// memory small however many queries the input holds.
const BATCH: usize = 1 << 16;

static GEN_OPTIONS: [OptionSpec; 4] = [ROWS, COLS, DENSITY, QUERIES];

const ROWS: OptionSpec = generating::rows("30", ::huarongdao::MAX_CELLS);

const COLS: OptionSpec = generating::cols(generating::AS_ROWS, ::huarongdao::MAX_CELLS);

const DENSITY: OptionSpec = generating::percent(
    "density",
    "Percent of fixed cells (random) or of walls that stay (maze, rooms)",
    "15",
);

const QUERIES: OptionSpec = OptionSpec::new(
    OptionKind::Count,
    "queries",
    "N",
    "Number of queries",
    "500",
)
.with_range(0, generating::MAX_CASES);

impl Format for Huarongdao {
    type Case = Case;

    const ABOUT: &'static About = &ABOUT;

    fn cases<'a>(
        &'a self,
        input: Input<'a>,
        _options: &Options,
    ) -> Box<dyn Iterator<Item = Result<Case, InputError>> + 'a> {
        match parsers::huarongdao::read(input) {
            Ok(queries) => {
                let board = Arc::clone(queries.board());
                Box::new(queries.map(move |query| {
                    query.map(|query| Case {
                        board: Arc::clone(&board),
                        query,
                    })
                }))
            }
            Err(e) => Box::new(std::iter::once(Err(e))),
        }
    }

    fn board_size(&self, case: &Case) -> (usize, usize) {
        (case.board.rows(), case.board.cols())
    }

    fn write_count(&self, out: &mut String, _number: usize, moves: Option<u64>) {
        parsers::huarongdao::write_answer(out, moves);
    }

    fn write_input(&self, cases: &[&Case]) -> Option<String> {
        let board = &cases.first()?.board;
        if cases
            .iter()
            .any(|c| !Arc::ptr_eq(&c.board, board) && *c.board != **board)
        {
            return None;
        }
        let queries: Vec<Query> = cases.iter().map(|c| c.query).collect();
        Some(parsers::huarongdao::write_input(board, &queries))
    }

    fn violations(&self, input: Input<'_>, max: usize) -> std::io::Result<Report> {
        parsers::validate::huarongdao::validate_input(input, max)
    }
}

impl Paths for Huarongdao {
    type Path = Moves;

    fn replay_path(&self, case: &Case, path: &Moves) -> Result<u64, PathError> {
        ::huarongdao::replay(&case.board, &case.query, path).map_err(PathError::rules)
    }
}

impl Solve for Huarongdao {
    type Solver = Solver;

    fn solver(&self, _options: &Options, limits: Limits) -> Result<Solver, UsageError> {
        Ok(Solver::with_limits(limits))
    }

    fn solve(
        &self,
        solver: &mut Solver,
        case: &Case,
        with_path: bool,
    ) -> Result<Answer<Moves>, Unsolved> {
        let (board, query) = (&*case.board, &case.query);
        Answer::search(
            solver,
            with_path,
            |s| s.solve_with_path(board, query),
            |s| s.solve(board, query),
            Solver::stats,
        )
    }

    /// The queries a batch at a time as they are read, each batch spread over the cores
    /// when it is large (the answers are the same as one by one). No query, no work on
    /// the board. The first query that fails ends the run as one by one would: no
    /// query after it is started, and the queries being solved beside it finish.
    fn judge_input(
        &self,
        solver: &mut Solver,
        input: Input<'_>,
        _options: &Options,
        out: &mut dyn std::io::Write,
    ) -> Result<(), RunError> {
        let mut queries = parsers::huarongdao::read(input)?;
        let board = Arc::clone(queries.board());
        let mut lines = crate::contract::Lines::new(out);
        let mut batch = Vec::new();
        let mut done = 0;
        loop {
            batch.clear();
            for query in queries.by_ref().take(BATCH) {
                batch.push(query?);
            }
            if batch.is_empty() {
                return lines.ship(true);
            }
            // The first query that fails stops the batch: no query after it is
            // started, and the answers before it are written first.
            let mut results = solver.solve_all(&board, &batch);
            let failed = match results.last() {
                Some(Err(_)) => results.pop().and_then(Result::err),
                _ => None,
            };
            let answers: Vec<Option<u64>> = results.into_iter().flatten().collect();
            parsers::huarongdao::write_answers(&mut lines.text, &answers);
            if let Some(e) = failed {
                lines.ship(true)?;
                return Err(RunError::Unsolved {
                    unit: ABOUT.unit,
                    number: done + answers.len() + 1,
                    place: None,
                    message: e.to_string(),
                });
            }
            lines.ship(false)?;
            done += batch.len();
        }
    }
}

impl Adapter for Huarongdao {
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

impl Oracle<Case> for Huarongdao {
    /// (blank, piece) pairs.
    fn naive_states(&self, case: &Case) -> u64 {
        // What the oracle says of the case written back as judge text (unknown: no
        // bound).
        self.write_input(&[case])
            .and_then(|text| ::huarongdao::oracle::state_space(&text).ok())
            .and_then(|spaces| spaces.first().copied())
            .unwrap_or(u64::MAX)
    }

    fn naive_moves(&self, case: &Case, limits: Limits) -> Result<Option<u64>, LimitError> {
        // The oracle reads the judge text with its own reader: the case is written back
        // as an input of its own.
        oracle_on_text(
            self.write_input(&[case]),
            |text| {
                ::huarongdao::oracle::solve_text(text, limits).map(|answers| {
                    answers
                        .into_iter()
                        .map(|a| a.map(|(moves, _)| moves))
                        .collect()
                })
            },
            |e| match e {
                ::huarongdao::oracle::OracleError::Limit(e) => Some(e),
                // Refused (or stopped for a reason it may add later).
                _ => None,
            },
        )
    }
}

impl Draw for Huarongdao {
    type State = Position;

    fn walk<'a>(&'a self, case: &'a Case, path: &'a Moves) -> Walk<'a, Position> {
        Box::new(
            ::huarongdao::walk(&case.board, &case.query, path).map(|p| p.map_err(PathError::rules)),
        )
    }

    fn glyph_at(&self, case: &Case, here: &Position, pos: Pos) -> Glyph {
        if pos == here.piece {
            Glyph::painted('P', Paint::Mover)
        } else if pos == here.blank {
            Glyph::painted('_', Paint::Blank)
        } else if pos == case.query.target {
            Glyph::painted('T', Paint::Goal)
        } else {
            Glyph::plain(if case.board.is_movable(pos) { '.' } else { '#' })
        }
    }

    fn focus_of(&self, _case: &Case, here: &Position) -> Rect {
        Rect::cell(here.blank)
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
        picture::draw_picture(out, &case.board, &case.query, path.map(|p| &p[..]))
    }

    const LOOK: &'static Look = &LOOK;
}

impl Generate for Huarongdao {
    fn gen_options(&self) -> &'static [OptionSpec] {
        &GEN_OPTIONS
    }

    fn families(&self) -> Vec<(&'static str, &'static str)> {
        Family::summaries()
    }

    fn generate(&self, options: &Options, out: &mut dyn io::Write) -> Result<(), GenError> {
        let (rows, cols) = generating::size(options, &ROWS, &COLS)?;
        let queries: usize = options.value(&QUERIES)?;
        if queries > u32::MAX as usize {
            return Err(UsageError::new(format!(
                "--queries {queries} is more than the {} queries an input may hold",
                u32::MAX
            ))
            .into());
        }
        let params = GenParams {
            family: options.family(Family::ALL[0])?,
            rows,
            cols,
            density: options.percent(&DENSITY)?,
            queries,
            seed: generating::seed(options)?,
        };
        let generated = Generated::new(&params).map_err(UsageError::new)?;
        let mut text = String::new();
        parsers::huarongdao::write_board(&mut text, &generated.board, generated.query_count());
        // The queries a block at a time: any number of them in little memory.
        for query in generated.queries() {
            parsers::huarongdao::write_query(&mut text, &query);
            if text.len() >= 1 << 16 {
                out.write_all(text.as_bytes())?;
                text.clear();
            }
        }
        out.write_all(text.as_bytes())?;
        Ok(())
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

    fn presets(&self) -> &'static [Preset] {
        &PRESETS
    }

    fn gen_size(&self) -> String {
        let size = generating::default_size(&ROWS, &COLS);
        format!("{size} with {} queries", QUERIES.default)
    }
}

impl Shrink<Case> for Huarongdao {
    fn smaller<'a>(&'a self, case: &'a Case) -> Box<dyn Iterator<Item = Case> + 'a> {
        let board = &*case.board;
        let (rows, cols) = (board.rows(), board.cols());
        let cells: Vec<bool> = (0..rows * cols)
            .map(|i| board.is_movable(Pos::new(i / cols, i % cols)))
            .collect();
        let make = |rows, cols, cells: &[bool], query: Query| {
            let board = Board::from_cells(rows, cols, cells).ok()?;
            board.check(&query).ok()?;
            Some(Case {
                board: Arc::new(board),
                query,
            })
        };
        let q = case.query;
        // The crop to the frame around the movable cells (what is outside is as good
        // as fixed), then fewer rows or columns (the blank, the piece and the target
        // stay), ...
        let cut_cells = cells.clone();
        let frame = shrinking::frame(rows, cols, 0, |p| cells[p.row * cols + p.col]);
        let cuts = frame
            .into_iter()
            .chain(shrinking::cuts(rows, cols))
            .filter_map(move |cut| {
                let query = Query::new(cut.map(q.blank)?, cut.map(q.piece)?, cut.map(q.target)?);
                let (r, c) = cut.size(rows, cols);
                make(r, c, &cut.keep(rows, cols, &cut_cells), query)
            });
        // ... then fixed cells made movable: all of them, then halves of them down to
        // single cells.
        let fixed: Vec<usize> = (0..cells.len()).filter(|&i| !cells[i]).collect();
        let cleared = shrinking::blocks(fixed.len())
            .into_iter()
            .filter_map(move |block| {
                let mut cells = cells.clone();
                for &i in &fixed[block] {
                    cells[i] = true;
                }
                make(rows, cols, &cells, q)
            });
        Box::new(cuts.chain(cleared))
    }
}

/// The game's moves on the adapter's own types ([`crate::Moves`]).
impl Huarongdao {
    fn cell_kinds(&self, _case: &Case) -> Vec<(char, String)> {
        [
            ('#', "fixed piece"),
            ('.', "movable piece"),
            ('_', "the blank"),
            ('P', "the designated piece"),
            ('T', "the target"),
        ]
        .into_iter()
        .map(|(c, s)| (c, s.to_string()))
        .collect()
    }

    /// A cell made fixed or movable changes the board (and so every query on it); the
    /// blank, the piece and the target move this query's positions.
    fn edit(&self, case: &Case, pos: Pos, kind: char) -> Result<Case, EditError> {
        let mut query = case.query;
        let mut board = Arc::clone(&case.board);
        match kind {
            '#' | '.' => {
                let (rows, cols) = (board.rows(), board.cols());
                let movable: Vec<bool> = (0..rows * cols)
                    .map(|i| {
                        let p = Pos::new(i / cols, i % cols);
                        if p == pos {
                            kind == '.'
                        } else {
                            board.is_movable(p)
                        }
                    })
                    .collect();
                board = Arc::new(Board::from_cells(rows, cols, &movable).map_err(EditError::new)?);
            }
            '_' => query.blank = pos,
            'P' => query.piece = pos,
            'T' => query.target = pos,
            other => {
                return Err(EditError(format!(
                    "{other:?} is no kind of Huarongdao cell"
                )));
            }
        }
        board.check(&query).map_err(EditError::new)?;
        Ok(Case { board, query })
    }

    fn play_move(&self, _: &Case, _: &Position, _: Option<Pos>, dir: Dir) -> Option<String> {
        Some(Moves::from(vec![dir]).to_string())
    }

    fn moves_left(
        &self,
        solver: &mut Solver,
        case: &Case,
        here: &Position,
    ) -> Result<Option<u64>, Unsolved> {
        let from = Case {
            board: Arc::clone(&case.board),
            query: Query::new(here.blank, here.piece, case.query.target),
        };
        Ok(self.solve(solver, &from, false)?.moves)
    }
}

impl Play for Huarongdao {
    fn play_look(&self) -> &'static crate::play::PlayLook {
        &look::GAME
    }

    crate::play::play_by_moves!(&crate::play::Moves {
        step: Huarongdao::play_move,
        join: crate::play::append,
        left: Huarongdao::moves_left,
        kinds: Huarongdao::cell_kinds,
        edit: Huarongdao::edit,
        marks: crate::play::no_marks,
    });
}
