//! Bloxorz (POJ 3322) through the contract: a case is a board.

mod invalid;
mod svg;

use crate::contract::{
    About, Answer, Capabilities, Draw, EditError, Format, GenError, Generate, Glyph,
    InputValidator, Look, Oracle, Package, Paint, PathError, Play, Preset, Rect, Solve, Unsolved,
    Walk, oracle_on_text,
};
use crate::generating;
use crate::invalid::InvalidKind;
use crate::options::{OptionSpec, Options, UsageError};
use crate::shrinking;
use ::bloxorz::generate::{Family, GenParams};
use ::bloxorz::{Board, Cell, Placement, Solver};
use grid_core::{Dir, LimitError, Limits, Moves, Pos};
use parsers::validate::Report;
use parsers::{Input, InputError};
use std::fmt;
use std::io;

/// The Bloxorz adapter.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bloxorz;

static ABOUT: About = About {
    name: "bloxorz",
    summary: "POJ 3322 Bloxorz: roll a 1x1x2 box until it stands on the target",
    unit: "case",
    label: "case",
    sample: "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n0 0\n",
    moves_are: "the box's rolls, U D L R",
    move_word: "rolls",
    never: "Impossible",
};

/// The playground's difficulties of a new puzzle: the generator's options and the band
/// of optimal move counts a board must fall in, measured with `gridsolve gen ... |
/// gridsolve` over seeds 1-8 (a board outside its band is passed over for the next seed).
static PRESETS: [Preset; 3] = [
    Preset {
        difficulty: "easy",
        options: &[("rows", "8"), ("cols", "10"), ("empty", "15")],
        band: (4, 12),
    },
    Preset {
        difficulty: "medium",
        options: &[("rows", "12"), ("cols", "16"), ("empty", "15")],
        band: (10, 25),
    },
    Preset {
        difficulty: "hard",
        options: &[("rows", "16"), ("cols", "22"), ("family", "maze")],
        band: (9, u64::MAX),
    },
];

static LOOK: Look = Look {
    move_verb: "roll",
    legend: &[
        ('#', "empty: nothing may be over it"),
        ('.', "rigid"),
        ('E', "fragile: the box may not stand on it"),
        ('O', "the target"),
        ('B', "the box"),
    ],
    labels: false,
};

/// `gridsolve package`: the statement and answer format written from the spec, the
/// checktestdata script of the input, and the secret tests.
static PACKAGE: Package = Package {
    title: "Bloxorz",
    statement: include_str!("statement.tex"),
    input_validator: InputValidator::Checktestdata(include_str!(
        "../../validators/checktestdata/bloxorz.ctd"
    )),
    answer_validator: include_str!("answer.py"),
    output_validator: None,
    tests: &[
        (
            "random-500x500",
            "--family random --rows 500 --cols 500 --empty 20 --fragile 12 --seed 201",
        ),
        (
            "open-500x500",
            "--family open --rows 500 --cols 500 --fragile 10 --seed 202",
        ),
        (
            "maze-500x500",
            "--family maze --rows 500 --cols 500 --seed 203",
        ),
        (
            "fragile-heavy-500x500",
            "--family fragile-heavy --rows 500 --cols 500 --seed 204",
        ),
        (
            "adversarial-500x500",
            "--family adversarial --rows 500 --cols 500 --cases 2 --seed 205",
        ),
        (
            "random-12x12-many",
            "--family random --rows 12 --cols 12 --empty 25 --fragile 15 --cases 100 --seed 206",
        ),
        (
            "random-5x5",
            "--family random --rows 5 --cols 5 --cases 5 --seed 207",
        ),
        (
            "standing-30x30",
            "--family random --rows 30 --cols 30 --start standing --cases 20 --seed 208",
        ),
        (
            "horizontal-30x30",
            "--family random --rows 30 --cols 30 --start horizontal --cases 20 --seed 209",
        ),
        (
            "vertical-30x30",
            "--family random --rows 30 --cols 30 --start vertical --cases 20 --seed 210",
        ),
        (
            "dense-40x40",
            "--family random --rows 40 --cols 40 --empty 45 --fragile 30 --cases 20 --seed 211",
        ),
        (
            "open-10x12-many",
            "--family open --rows 10 --cols 12 --cases 50 --seed 212",
        ),
        (
            "maze-25x31",
            "--family maze --rows 25 --cols 31 --cases 20 --seed 213",
        ),
        (
            "maze-100x100",
            "--family maze --rows 100 --cols 100 --cases 5 --seed 214",
        ),
        (
            "fragile-heavy-15x15",
            "--family fragile-heavy --rows 15 --cols 15 --cases 30 --seed 215",
        ),
        (
            "fragile-heavy-200x200",
            "--family fragile-heavy --rows 200 --cols 200 --cases 3 --seed 216",
        ),
        (
            "adversarial-30x30",
            "--family adversarial --rows 30 --cols 30 --cases 4 --seed 217",
        ),
        (
            "adversarial-14x20",
            "--family adversarial --rows 14 --cols 20 --cases 20 --seed 218",
        ),
        (
            "adversarial-100x100",
            "--family adversarial --rows 100 --cols 100 --cases 4 --seed 219",
        ),
        (
            "random-500x3",
            "--family random --rows 500 --cols 3 --cases 2 --seed 220",
        ),
        (
            "random-3x500",
            "--family random --rows 3 --cols 500 --cases 2 --seed 221",
        ),
    ],
};

static GEN_OPTIONS: [OptionSpec; 7] = [
    ROWS,
    generating::COLS,
    EMPTY,
    FRAGILE,
    START,
    BORDER,
    generating::CASES,
];

const ROWS: OptionSpec = generating::rows("500");

const EMPTY: OptionSpec = generating::empty("20");

const FRAGILE: OptionSpec = generating::fragile("10");

const START: OptionSpec = OptionSpec::new(
    "start",
    "HOW",
    "How the box starts: standing, horizontal, vertical or random",
    "random",
);

const BORDER: OptionSpec = OptionSpec::new(
    "border",
    "yes|no",
    "Surround the plane with `#`, as the judge requires",
    "yes",
);

impl Format for Bloxorz {
    type Case = Board;

    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn cases<'a>(
        &'a self,
        input: Input<'a>,
        _options: &Options,
    ) -> Box<dyn Iterator<Item = Result<Board, InputError>> + 'a> {
        Box::new(parsers::bloxorz::Cases::new(input))
    }

    fn size(&self, board: &Board) -> (usize, usize) {
        (board.rows(), board.cols())
    }

    fn write_answer(&self, out: &mut String, _number: usize, moves: Option<u64>) {
        parsers::bloxorz::write_answer(out, moves);
    }

    fn write_input(&self, boards: &[&Board]) -> Option<String> {
        let mut out = String::new();
        for board in boards {
            parsers::bloxorz::write_board(&mut out, board);
        }
        out.push_str("0 0\n");
        Some(out)
    }

    fn validate(&self, input: Input<'_>, max: usize) -> std::io::Result<Report> {
        parsers::validate::bloxorz::validate_input(input, max)
    }
}

impl Solve for Bloxorz {
    type Solver = Solver;

    type Path = Moves;

    fn solver(&self, _options: &Options, limits: Limits) -> Result<Solver, UsageError> {
        Ok(Solver::with_limits(limits))
    }

    fn solve(
        &self,
        solver: &mut Solver,
        board: &Board,
        with_path: bool,
    ) -> Result<Answer<Moves>, Unsolved> {
        Answer::search(
            solver,
            with_path,
            |s| s.solve_with_path(board),
            |s| s.solve(board),
            Solver::stats,
        )
    }

    fn write_path(&self, path: &Moves) -> String {
        path.to_string()
    }

    fn parse_path(&self, text: &str) -> Result<Moves, PathError> {
        text.parse().map_err(PathError::notation)
    }

    fn replay(&self, board: &Board, path: &Moves) -> Result<u64, PathError> {
        ::bloxorz::replay(board, path).map_err(PathError::rules)
    }

    fn capabilities(&self) -> Capabilities<'_, Self> {
        Capabilities {
            oracle: Some(self),
            draw: Some(self),
            generate: Some(self),
            play: Some(self),
            package: Some(&PACKAGE),
        }
    }
}

impl Oracle for Bloxorz {
    /// A cell and three orientations.
    fn state_space(&self, board: &Board) -> u64 {
        // What the oracle says of the board written back as judge text (unknown: no
        // bound).
        self.write_input(&[board])
            .and_then(|text| ::bloxorz::oracle::state_space(&text).ok())
            .and_then(|spaces| spaces.first().copied())
            .unwrap_or(u64::MAX)
    }

    fn oracle(&self, board: &Board, limits: Limits) -> Result<Option<u64>, LimitError> {
        // The oracle reads the judge text with its own reader: the case is written back
        // as an input of its own.
        oracle_on_text(
            self.write_input(&[board]),
            |text| {
                ::bloxorz::oracle::solve_text(text, limits).map(|answers| {
                    answers
                        .into_iter()
                        .map(|a| a.map(|(moves, _)| moves))
                        .collect()
                })
            },
            |e| match e {
                ::bloxorz::oracle::OracleError::Limit(e) => Some(e),
                // Refused (or stopped for a reason it may add later).
                _ => None,
            },
        )
    }
}

impl Draw for Bloxorz {
    type State = Placement;

    fn walk<'a>(&'a self, board: &'a Board, path: &'a Moves) -> Walk<'a, Placement> {
        Box::new(::bloxorz::walk(board, path).map(|p| p.map_err(PathError::rules)))
    }

    fn glyph(&self, board: &Board, placement: &Placement, pos: Pos) -> Glyph {
        let (a, b) = placement.cells();
        if pos == a || Some(pos) == b {
            Glyph::painted('B', Paint::Mover)
        } else if pos == board.target() {
            Glyph::painted('O', Paint::Goal)
        } else {
            Glyph::plain(match board.cell(pos) {
                Cell::Empty => '#',
                Cell::Rigid => '.',
                Cell::Fragile => 'E',
            })
        }
    }

    fn focus(&self, _board: &Board, placement: &Placement) -> Rect {
        let (a, b) = placement.cells();
        Rect::around([a].into_iter().chain(b))
    }

    fn move_name(&self, path: &Moves, i: usize) -> String {
        path[i].to_string()
    }

    fn svg(&self, board: &Board, path: Option<&Moves>, out: &mut dyn fmt::Write) -> fmt::Result {
        svg::draw_picture(out, board, path.map(|p| &p[..]))
    }

    fn look(&self) -> &'static Look {
        &LOOK
    }
}

impl Generate for Bloxorz {
    fn gen_options(&self) -> &'static [OptionSpec] {
        &GEN_OPTIONS
    }

    fn families(&self) -> Vec<(&'static str, &'static str)> {
        Family::SUMMARIES.to_vec()
    }

    fn generate(&self, options: &Options, out: &mut dyn io::Write) -> Result<(), GenError> {
        let (rows, cols) = generating::size(options, &ROWS, &generating::COLS)?;
        let border = match options.raw(BORDER.name).unwrap_or(BORDER.default) {
            "yes" => true,
            "no" => false,
            other => {
                return Err(UsageError::new(format!(
                    "invalid value {other:?} for --border: expected yes or no"
                ))
                .into());
            }
        };
        let params = GenParams {
            family: options.family(Family::ALL[0])?,
            rows,
            cols,
            empty: options.percent(&EMPTY)?,
            fragile: options.percent(&FRAGILE)?,
            start: options.choice(&START)?,
            border,
            seed: generating::seed(options)?,
        };
        generating::write_cases(options, "0 0\n", out, |seed| {
            let board = ::bloxorz::generate::generate(&GenParams { seed, ..params })
                .map_err(UsageError::new)?;
            let mut text = String::new();
            parsers::bloxorz::write_board(&mut text, &board);
            Ok(text)
        })
    }

    fn shrink<'a>(&'a self, board: &'a Board) -> Box<dyn Iterator<Item = Board> + 'a> {
        // Worked on the judge's characters, so the start and the target move with the
        // cells; a candidate must keep both whole (a lying box cut in half would stand).
        let mut text = String::new();
        parsers::bloxorz::write_board(&mut text, board);
        let (rows, cols) = (board.rows(), board.cols());
        let chars: Vec<u8> = text.lines().skip(1).flat_map(str::bytes).collect();
        let marks = |cells: &[u8]| {
            let count = |ch| cells.iter().filter(|&&c| c == ch).count();
            (count(b'X'), count(b'O'))
        };
        let whole = marks(&chars);
        let make = move |rows: usize, cols: usize, cells: &[u8]| {
            if marks(cells) != whole {
                return None;
            }
            let lines: Vec<&str> = cells
                .chunks(cols)
                .map(|row| std::str::from_utf8(row).unwrap_or_default())
                .collect();
            debug_assert_eq!(lines.len(), rows);
            Board::from_rows(&lines).ok()
        };
        let cut_chars = chars.clone();
        // Fewer rows or columns, ...
        let cuts = shrinking::cuts(rows, cols)
            .into_iter()
            .filter_map(move |cut| {
                let (r, c) = cut.size(rows, cols);
                make(r, c, &cut.keep(rows, cols, &cut_chars))
            });
        // ... then a fragile cell made rigid, then a rigid one made empty (a wall added:
        // less floor to roll on). Each candidate has fewer cells, or as many and fewer
        // fragile ones, or as many of both and less floor: the loop ends. (Walls removed
        // would undo walls added, so they are not offered.)
        let spots: Vec<(usize, u8)> = [(b'E', b'.'), (b'.', b'#')]
            .into_iter()
            .flat_map(|(from, to)| {
                let chars = &chars;
                (0..chars.len())
                    .filter(move |&i| chars[i] == from)
                    .map(move |i| (i, to))
            })
            .collect();
        let simpler = spots.into_iter().filter_map(move |(i, to)| {
            let mut cells = chars.clone();
            cells[i] = to;
            make(rows, cols, &cells)
        });
        Box::new(cuts.chain(simpler))
    }

    fn invalid_kinds(&self) -> &'static [InvalidKind] {
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
        generating::default_size(&ROWS, &generating::COLS)
    }
}

impl Play for Bloxorz {
    fn cell_kinds(&self, _board: &Board) -> Vec<(char, String)> {
        [
            ('#', "empty"),
            ('.', "rigid"),
            ('E', "fragile"),
            ('O', "the target"),
            ('B', "the box: standing here, or lying with its other cube"),
        ]
        .into_iter()
        .map(|(c, s)| (c, s.to_string()))
        .collect()
    }

    /// On the judge's characters: one `O` (a new one replaces the old), and the box
    /// standing on the cell clicked, or lying when that cell is next to where it stands.
    fn edit(&self, board: &Board, pos: Pos, kind: char) -> Result<Board, EditError> {
        let (rows, cols) = (board.rows(), board.cols());
        let mut cells: Vec<Vec<u8>> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| match board.cell(Pos::new(r, c)) {
                        Cell::Empty => b'#',
                        Cell::Rigid => b'.',
                        Cell::Fragile => b'E',
                    })
                    .collect()
            })
            .collect();
        let target = board.target();
        cells[target.row][target.col] = b'O';
        let (a, b) = board.start().cells();
        let starts: Vec<Pos> = [Some(a), b].into_iter().flatten().collect();
        for p in &starts {
            cells[p.row][p.col] = b'X';
        }
        match kind {
            '#' | '.' | 'E' => cells[pos.row][pos.col] = kind as u8,
            'O' => {
                cells[target.row][target.col] = b'.';
                cells[pos.row][pos.col] = b'O';
            }
            'B' => {
                let lying = matches!(starts[..], [s] if s != pos
                    && s.row.abs_diff(pos.row) + s.col.abs_diff(pos.col) == 1);
                if !lying {
                    for p in &starts {
                        cells[p.row][p.col] = b'.';
                    }
                }
                cells[pos.row][pos.col] = b'X';
            }
            other => return Err(EditError(format!("{other:?} is no kind of Bloxorz cell"))),
        }
        let lines: Vec<String> = cells
            .into_iter()
            .map(|row| String::from_utf8_lossy(&row).into_owned())
            .collect();
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        Board::from_rows(&lines).map_err(EditError::new)
    }

    fn play_move(&self, _: &Board, _: &Placement, _: Option<Pos>, dir: Dir) -> Option<String> {
        Some(Moves::from(vec![dir]).to_string())
    }

    fn moves_left(
        &self,
        solver: &mut Solver,
        board: &Board,
        here: &Placement,
    ) -> Result<Option<u64>, Unsolved> {
        let (rows, cols) = (board.rows(), board.cols());
        let cells: Vec<Cell> = (0..rows * cols)
            .map(|i| board.cell(Pos::new(i / cols, i % cols)))
            .collect();
        let from = Board::new(rows, cols, &cells, *here, board.target()).map_err(Unsolved::new)?;
        solver.solve(&from).map_err(Unsolved::new)
    }
}
