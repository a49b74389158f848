//! Huarongdao (NOIP 2013) through the contract: a case is a query, with the board it is
//! asked on (shared by all the queries of an input).

mod svg;

use crate::contract::{About, Adapter, Answer, Bench, GenError, Glyph, Paint, Rect, Unsolved};
use crate::driver::{RunError, judge_case_by_case};
use crate::generating;
use crate::options::{OptionSpec, Options, UsageError};
use ::huarongdao::generate::{Family, GenParams};
use ::huarongdao::{Board, Position, Query, Solver};
use grid_core::{LimitError, Limits, Moves, Pos};
use parsers::ParseError;
use parsers::validate::Violation;
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
    move_verb: "the blank moves",
    legend: &[
        ('#', "fixed piece"),
        ('.', "movable piece"),
        ('_', "the blank"),
        ('P', "the designated piece"),
        ('T', "the target (when the piece is not on it)"),
    ],
    gen_size: "30 x 30 with 500 queries",
    benches: &[Bench {
        name: "huarongdao-30x30-q500",
        gen_args: "--family random --rows 30 --cols 30 --density 15 --queries 500 --seed 2013",
        reference: "huarongdao-ref-b",
    }],
    references: &["huarongdao-probe", "huarongdao-ref-b", "huarongdao-ref-a"],
};

static GEN_OPTIONS: [OptionSpec; 4] = [
    generating::rows("30"),
    generating::COLS,
    OptionSpec {
        name: "density",
        value_name: "PERCENT",
        help: "Percent of fixed cells (random) or of walls that stay (maze, rooms)",
        default: "15",
    },
    OptionSpec {
        name: "queries",
        value_name: "N",
        help: "Number of queries",
        default: "500",
    },
];

impl Adapter for Huarongdao {
    type Case = Case;
    type Solver = Solver;
    type State = Position;
    type Path = Moves;

    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn gen_options(&self) -> &'static [OptionSpec] {
        &GEN_OPTIONS
    }

    fn families(&self) -> Vec<(&'static str, &'static str)> {
        Family::ALL
            .iter()
            .map(|f| (f.name(), f.summary()))
            .collect()
    }

    fn cases<'a>(
        &'a self,
        input: &'a [u8],
    ) -> Box<dyn Iterator<Item = Result<Case, ParseError>> + 'a> {
        match parsers::huarongdao::parse(input) {
            Ok(parsed) => {
                let board = Arc::new(parsed.board);
                Box::new(parsed.queries.into_iter().map(move |query| {
                    Ok(Case {
                        board: Arc::clone(&board),
                        query,
                    })
                }))
            }
            Err(e) => Box::new(std::iter::once(Err(e))),
        }
    }

    fn size(&self, case: &Case) -> (usize, usize) {
        (case.board.rows(), case.board.cols())
    }

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
        let (moves, path) = if with_path {
            let solution = solver
                .solve_with_path(board, query)
                .map_err(Unsolved::new)?;
            (
                solution.as_ref().map(|s| s.moves()),
                solution.map(|s| s.path),
            )
        } else {
            (solver.solve(board, query).map_err(Unsolved::new)?, None)
        };
        Ok(Answer {
            moves,
            path,
            stats: solver.stats(),
        })
    }

    /// All queries at once, spread over the cores when there are many (the answers are
    /// the same as one by one).
    fn judge(&self, input: &[u8], options: &Options, limits: Limits) -> Result<String, RunError> {
        let parsed = parsers::huarongdao::parse(input)?;
        let mut solver = self.solver(options, limits)?;
        match solver.solve_all(&parsed.board, &parsed.queries) {
            Ok(answers) => {
                let mut out = String::with_capacity(answers.len() * 4);
                parsers::huarongdao::write_answers(&mut out, &answers);
                Ok(out)
            }
            // Only a limit stops a search: go again one by one to say which query.
            Err(_) => judge_case_by_case(self, input, options, limits),
        }
    }

    fn write_answer(&self, out: &mut String, _number: usize, moves: Option<u64>) {
        parsers::huarongdao::write_answer(out, moves);
    }

    fn write_path(&self, path: &Moves) -> String {
        path.to_string()
    }

    fn parse_path(&self, text: &str) -> Result<Moves, String> {
        text.parse().map_err(|e| format!("{e}"))
    }

    fn replay(&self, case: &Case, path: &Moves) -> Result<u64, String> {
        ::huarongdao::replay(&case.board, &case.query, path).map_err(|e| e.to_string())
    }

    /// (blank, piece) pairs.
    fn state_space(&self, case: &Case) -> u64 {
        let cells = (case.board.rows() * case.board.cols()) as u64;
        cells.saturating_mul(cells)
    }

    fn oracle(&self, case: &Case, limits: Limits) -> Result<Option<u64>, LimitError> {
        match ::huarongdao::oracle::solve_within(&case.board, &case.query, limits) {
            Ok(answer) => Ok(answer.map(|(moves, _)| moves)),
            Err(::huarongdao::SolveError::Limit(e)) => Err(e),
            // Parsed queries follow the rules; an oracle that says otherwise has no
            // answer to give, which the checks report as a disagreement.
            Err(::huarongdao::SolveError::Query(_)) => Ok(None),
        }
    }

    fn generate(&self, options: &Options, out: &mut dyn io::Write) -> Result<(), GenError> {
        let (rows, cols) = generating::size(options, 30)?;
        let params = GenParams {
            family: options.choice("family", Family::Random)?,
            rows,
            cols,
            density: options.percent("density", 15)?,
            queries: options.get_or("queries", 500)?,
            seed: generating::seed(options)?,
        };
        let (board, queries) =
            ::huarongdao::generate::generate(&params).map_err(UsageError::new)?;
        out.write_all(parsers::huarongdao::write_input(&board, &queries).as_bytes())?;
        Ok(())
    }

    fn validate(&self, input: &[u8]) -> Vec<Violation> {
        parsers::validate::huarongdao::validate(input)
    }

    fn trace(&self, case: &Case, path: &Moves) -> Result<Vec<Position>, String> {
        ::huarongdao::trace(&case.board, &case.query, path).map_err(|e| e.to_string())
    }

    fn glyph(&self, case: &Case, here: &Position, pos: Pos) -> Glyph {
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

    fn focus(&self, _case: &Case, here: &Position) -> Rect {
        Rect::cell(here.blank)
    }

    fn move_name(&self, path: &Moves, i: usize) -> String {
        path[i].to_string()
    }

    fn svg(&self, case: &Case, path: Option<&Moves>, out: &mut dyn fmt::Write) -> fmt::Result {
        svg::draw_picture(out, &case.board, &case.query, path.map(|p| &p[..]))
    }
}
