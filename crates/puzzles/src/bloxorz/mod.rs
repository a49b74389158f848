//! Bloxorz (POJ 3322) through the contract: a case is a board.

mod invalid;
mod look;
mod picture;

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
use ::bloxorz::generate::{Family, GenParams};
use ::bloxorz::{Board, Cell, Placement, Solver};
use grid_core::{Choice, Dir, LimitError, Limits, Moves, Pos};
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
    answer: AnswerLine::Count,
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

static GEN_OPTIONS: [OptionSpec; 7] =
    [ROWS, COLS, EMPTY, FRAGILE, START, BORDER, generating::CASES];

const ROWS: OptionSpec = generating::rows("500", ::bloxorz::MAX_CELLS);

const COLS: OptionSpec = generating::cols(generating::AS_ROWS, ::bloxorz::MAX_CELLS);

const EMPTY: OptionSpec = generating::empty("20");

const FRAGILE: OptionSpec = generating::fragile("10");

const START: OptionSpec = OptionSpec::new(
    OptionKind::Choice(::bloxorz::generate::StartKind::NAMES),
    "start",
    "HOW",
    "How the box starts: standing, horizontal, vertical or random",
    "random",
);

const BORDER: OptionSpec = OptionSpec::new(
    OptionKind::Choice(&["yes", "no"]),
    "border",
    "yes|no",
    "Surround the plane with `#`, as the judge requires",
    "yes",
);

impl Format for Bloxorz {
    type Case = Board;

    const ABOUT: &'static About = &ABOUT;

    fn cases<'a>(
        &'a self,
        input: Input<'a>,
        _options: &Options,
    ) -> Box<dyn Iterator<Item = Result<Board, InputError>> + 'a> {
        Box::new(parsers::bloxorz::Cases::new(input))
    }

    fn board_size(&self, board: &Board) -> (usize, usize) {
        (board.rows(), board.cols())
    }

    fn write_count(&self, out: &mut String, _number: usize, moves: Option<u64>) {
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

    fn violations(&self, input: Input<'_>, max: usize) -> std::io::Result<Report> {
        parsers::validate::bloxorz::validate_input(input, max)
    }
}

impl Paths for Bloxorz {
    type Path = Moves;

    fn replay_path(&self, board: &Board, path: &Moves) -> Result<u64, PathError> {
        ::bloxorz::replay(board, path).map_err(PathError::rules)
    }
}

impl Solve for Bloxorz {
    type Solver = Solver;

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
}

impl Adapter for Bloxorz {
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

impl Oracle<Board> for Bloxorz {
    /// A cell and three orientations.
    fn naive_states(&self, board: &Board) -> u64 {
        // What the oracle says of the board written back as judge text (unknown: no
        // bound).
        self.write_input(&[board])
            .and_then(|text| ::bloxorz::oracle::state_space(&text).ok())
            .and_then(|spaces| spaces.first().copied())
            .unwrap_or(u64::MAX)
    }

    fn naive_moves(&self, board: &Board, limits: Limits) -> Result<Option<u64>, LimitError> {
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

    fn glyph_at(&self, board: &Board, placement: &Placement, pos: Pos) -> Glyph {
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

    fn focus_of(&self, _board: &Board, placement: &Placement) -> Rect {
        let (a, b) = placement.cells();
        Rect::around([a].into_iter().chain(b))
    }

    fn move_name(&self, path: &Moves, i: usize) -> String {
        path[i].to_string()
    }

    fn write_svg(
        &self,
        board: &Board,
        path: Option<&Moves>,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        picture::draw_picture(out, board, path.map(|p| &p[..]))
    }

    const LOOK: &'static Look = &LOOK;
}

impl Generate for Bloxorz {
    fn gen_options(&self) -> &'static [OptionSpec] {
        &GEN_OPTIONS
    }

    fn families(&self) -> Vec<(&'static str, &'static str)> {
        Family::summaries()
    }

    fn generate(&self, options: &Options, out: &mut dyn io::Write) -> Result<(), GenError> {
        let (rows, cols) = generating::size(options, &ROWS, &COLS)?;
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
        generating::default_size(&ROWS, &COLS)
    }
}

impl Shrink<Board> for Bloxorz {
    fn smaller<'a>(&'a self, board: &'a Board) -> Box<dyn Iterator<Item = Board> + 'a> {
        let chars = Chars::of(board);
        let edits = chars.edits(board);
        Box::new(edits.into_iter().filter_map(move |edit| chars.apply(edit)))
    }
}

/// The game's moves on the adapter's own types ([`crate::Moves`]).
impl Bloxorz {
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

impl Play for Bloxorz {
    fn play_look(&self) -> &'static crate::play::PlayLook {
        &look::GAME
    }

    crate::play::play_by_moves!(&crate::play::Moves {
        step: Bloxorz::play_move,
        join: crate::play::append,
        left: Bloxorz::moves_left,
        kinds: Bloxorz::cell_kinds,
        edit: Bloxorz::edit,
        marks: crate::play::no_marks,
    });
}

/// One step of [`Shrink::smaller`] on a Bloxorz board, in the order they are tried.
#[derive(Clone, Debug)]
enum Edit {
    /// Rows or columns cut away (inside the border), or the board cropped to the frame
    /// around its floor.
    Cut(shrinking::Cut),
    /// These cells (indices of the judge's characters) made empty `#`.
    Empty(Vec<usize>),
    /// These fragile cells made rigid.
    Rigid(Vec<usize>),
    /// The box's start moved to a placement it can roll to.
    Start(Placement),
    /// The target moved to another rigid cell.
    Target(Pos),
    /// Another board altogether, of fewer cells.
    Whole {
        rows: usize,
        cols: usize,
        cells: Vec<u8>,
    },
    /// A row or column of the start or the target cut away, the start or the target
    /// moved out of it first.
    Moved {
        cut: shrinking::Cut,
        start: Option<Placement>,
        target: Option<Pos>,
    },
}

/// A board as the judge's characters, row-major, on which shrinking works: the start
/// and the target move with the cells.
struct Chars {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl Chars {
    fn of(board: &Board) -> Chars {
        let mut text = String::new();
        parsers::bloxorz::write_board(&mut text, board);
        Chars {
            rows: board.rows(),
            cols: board.cols(),
            cells: text.lines().skip(1).flat_map(str::bytes).collect(),
        }
    }

    /// Every step from `board`, in the order they are tried. Each leaves a board
    /// smaller by the measure (cells; then non-empty cells; then fragile cells; then
    /// the cells under the start; then how many cells come after the target, in
    /// row-major order; then after the start), so shrinking ends:
    /// - a lying start made a standing one the box can roll to, nearest the target
    ///   first (a lying start can leave the box no room to stand anywhere);
    /// - the crop to the frame around the floor (a `#` border kept), then rows or
    ///   columns cut inside the border, halves first;
    /// - floor made empty: all of it but the start and the target, then halves of it
    ///   down to single cells; then fragile cells made rigid, in blocks likewise;
    /// - the start moved to a placement the box can roll to (so the two starts reach
    ///   the same placements, every roll being undone by the opposite one, and the
    ///   answer stays solvable or not) further on in row-major order, then the target
    ///   moved to a rigid cell further on, each nearest the other first;
    /// - the row or column of the target cut away, the target first moved to a rigid
    ///   cell elsewhere; then each row or column of the start, the box first moved to
    ///   a placement it can roll to elsewhere;
    /// - last, each of the smallest boards there are (at most three cells inside the
    ///   border) that has fewer cells but is longer one way, fewest cells first: no
    ///   cut or change of a cell turns a 4 x 4 board into a 3 x 5 one.
    fn edits(&self, board: &Board) -> Vec<Edit> {
        let (rows, cols) = (self.rows, self.cols);
        let (start, target) = (board.start(), board.target());
        let rigid = |pos: Pos| {
            pos.row < rows && pos.col < cols && self.cells[pos.row * cols + pos.col] == b'.'
        };
        // The placements the box can roll to whose cells are rigid, but the start.
        let mut starts: Vec<(usize, Placement)> = reachable(board)
            .into_iter()
            .filter(|&p| {
                let (a, b) = p.cells();
                p != start && rigid(a) && b.is_none_or(rigid)
            })
            .map(|p| (distance(p, target), p))
            .collect();
        starts.sort_by_key(|&(d, _)| d);
        let all_starts = starts.clone();
        let standing = |p: &Placement| p.cells().1.is_none();
        // A lying start made standing first: the simplest start, whose cell the other
        // steps then keep (a lying start can leave the box no room to stand anywhere).
        let mut edits: Vec<Edit> = if standing(&start) {
            Vec::new()
        } else {
            starts
                .iter()
                .filter(|(_, p)| standing(p))
                .map(|&(_, p)| Edit::Start(p))
                .collect()
        };
        let floor = |pos: Pos| self.cells[pos.row * cols + pos.col] != b'#';
        edits.extend(shrinking::frame(rows, cols, 1, floor).map(Edit::Cut));
        edits.extend(
            shrinking::cuts_inside_border(rows, cols)
                .into_iter()
                .map(Edit::Cut),
        );
        let of_kind = |kinds: &[u8]| -> Vec<usize> {
            (0..self.cells.len())
                .filter(|&i| kinds.contains(&self.cells[i]))
                .collect()
        };
        let plain = of_kind(b".E");
        edits.extend(
            shrinking::blocks(plain.len())
                .into_iter()
                .map(|block| Edit::Empty(plain[block].to_vec())),
        );
        let fragile = of_kind(b"E");
        edits.extend(
            shrinking::blocks(fragile.len())
                .into_iter()
                .map(|block| Edit::Rigid(fragile[block].to_vec())),
        );
        // The start moved further on, nearest the target first (a standing start
        // stays standing).
        edits.extend(
            starts
                .into_iter()
                .filter(|&(_, p)| {
                    (p.pos.row, p.pos.col) > (start.pos.row, start.pos.col)
                        && (standing(&p) || !standing(&start))
                })
                .map(|(_, p)| Edit::Start(p)),
        );
        // The target moved to a rigid cell further on, nearest the box first.
        let mut targets: Vec<(usize, Pos)> = (0..rows * cols)
            .map(|i| Pos::new(i / cols, i % cols))
            .filter(|&pos| rigid(pos))
            .map(|pos| (distance(start, pos), pos))
            .filter(|&(_, pos)| (pos.row, pos.col) > (target.row, target.col))
            .collect();
        targets.sort_by_key(|&(d, _)| d);
        edits.extend(targets.into_iter().map(|(_, pos)| Edit::Target(pos)));
        // The row or column of the target cut away, the target first moved to a rigid
        // cell elsewhere (nearest the box first); then likewise the rows and columns of
        // the start, the box first moved to a placement it can roll to elsewhere.
        let lines = |pos: Pos| {
            let mut lines = Vec::new();
            if (1..rows.saturating_sub(1)).contains(&pos.row) {
                lines.push(shrinking::Cut::Rows {
                    start: pos.row,
                    len: 1,
                });
            }
            if (1..cols.saturating_sub(1)).contains(&pos.col) {
                lines.push(shrinking::Cut::Cols {
                    start: pos.col,
                    len: 1,
                });
            }
            lines
        };
        let (a, b) = start.cells();
        let start_cells: Vec<Pos> = [Some(a), b].into_iter().flatten().collect();
        let stays = |cut: shrinking::Cut, pos: Pos| cut.map(pos).is_some();
        for cut in lines(target) {
            if !start_cells.iter().all(|&p| stays(cut, p)) {
                continue;
            }
            let mut to: Vec<(usize, Pos)> = (0..rows * cols)
                .map(|i| Pos::new(i / cols, i % cols))
                .filter(|&pos| rigid(pos) && stays(cut, pos))
                .map(|pos| (distance(start, pos), pos))
                .collect();
            to.sort_by_key(|&(d, _)| d);
            edits.extend(to.into_iter().map(|(_, pos)| Edit::Moved {
                cut,
                start: None,
                target: Some(pos),
            }));
        }
        let mut start_lines: Vec<shrinking::Cut> =
            start_cells.iter().flat_map(|&p| lines(p)).collect();
        start_lines.dedup();
        for cut in start_lines {
            if !stays(cut, target) {
                continue;
            }
            edits.extend(
                all_starts
                    .iter()
                    .filter(|(_, p)| {
                        let (a, b) = p.cells();
                        stays(cut, a) && b.is_none_or(|b| stays(cut, b))
                    })
                    .map(|&(_, p)| Edit::Moved {
                        cut,
                        start: Some(p),
                        target: None,
                    }),
            );
        }
        // Last, the smallest boards there are that no cut of this one makes.
        edits.extend(
            smallest_boards()
                .into_iter()
                .filter(|&(r, c, _)| r * c < rows * cols && (r > rows || c > cols))
                .map(|(rows, cols, cells)| Edit::Whole { rows, cols, cells }),
        );
        edits
    }

    /// The board `edit` makes, when it keeps the start and the target whole and is a
    /// board at all.
    fn apply(&self, edit: Edit) -> Option<Board> {
        let (mut rows, mut cols) = (self.rows, self.cols);
        let mut cells = self.cells.clone();
        let (cut, start, target) = match edit {
            Edit::Cut(cut) => (Some(cut), None, None),
            Edit::Empty(at) => {
                at.into_iter().for_each(|i| cells[i] = b'#');
                (None, None, None)
            }
            Edit::Rigid(at) => {
                at.into_iter().for_each(|i| cells[i] = b'.');
                (None, None, None)
            }
            Edit::Start(next) => (None, Some(next), None),
            Edit::Target(next) => (None, None, Some(next)),
            Edit::Moved { cut, start, target } => (Some(cut), start, target),
            Edit::Whole {
                rows: r,
                cols: c,
                cells: whole,
            } => {
                (rows, cols, cells) = (r, c, whole);
                (None, None, None)
            }
        };
        let mut mark = |ch: u8, at: &[Pos]| {
            for c in &mut cells {
                if *c == ch {
                    *c = b'.';
                }
            }
            for pos in at {
                cells[pos.row * cols + pos.col] = ch;
            }
        };
        if let Some(next) = start {
            let (a, b) = next.cells();
            mark(
                b'X',
                &[Some(a), b].into_iter().flatten().collect::<Vec<_>>(),
            );
        }
        if let Some(next) = target {
            mark(b'O', &[next]);
        }
        if let Some(cut) = cut {
            let marks = |cells: &[u8]| {
                let count = |ch| cells.iter().filter(|&&c| c == ch).count();
                (count(b'X'), count(b'O'))
            };
            let kept = cut.keep(rows, cols, &cells);
            if marks(&kept) != marks(&cells) {
                return None;
            }
            cells = kept;
            (rows, cols) = cut.size(rows, cols);
        }
        let lines: Vec<&str> = cells
            .chunks(cols)
            .map(|row| std::str::from_utf8(row).unwrap_or_default())
            .collect();
        debug_assert_eq!(lines.len(), rows);
        Board::from_rows(&lines).ok()
    }
}

/// Every board of 3 x 4, 4 x 3, 3 x 5 or 5 x 3 cells (at most three inside a `#`
/// border, none of them empty: that would be a smaller one cropped) with one target and
/// a start, fewest cells first: (rows, columns, the judge's characters row-major).
/// Whether each is a board at all is left to [`Chars::apply`].
fn smallest_boards() -> Vec<(usize, usize, Vec<u8>)> {
    let mut all = Vec::new();
    for (rows, cols) in [(3, 4), (4, 3), (3, 5), (5, 3)] {
        let inside: Vec<usize> = (0..rows * cols)
            .filter(|&i| {
                let (r, c) = (i / cols, i % cols);
                r > 0 && c > 0 && r < rows - 1 && c < cols - 1
            })
            .collect();
        let kinds = b".EXO";
        let mut choice = vec![0; inside.len()];
        loop {
            let count = |ch| choice.iter().filter(|&&k| kinds[k] == ch).count();
            if count(b'O') == 1 && (1..=2).contains(&count(b'X')) {
                let mut cells = vec![b'#'; rows * cols];
                for (&i, &k) in inside.iter().zip(&choice) {
                    cells[i] = kinds[k];
                }
                all.push((rows, cols, cells));
            }
            // The next choice, as a number in base 4.
            let Some(digit) = choice.iter().position(|&k| k + 1 < kinds.len()) else {
                break;
            };
            choice[digit] += 1;
            choice[..digit].iter_mut().for_each(|k| *k = 0);
        }
    }
    all
}

/// Every placement the box can reach from its start on `board`, by the rules.
fn reachable(board: &Board) -> Vec<Placement> {
    let mut seen = std::collections::HashSet::from([board.start()]);
    let mut order = vec![board.start()];
    let mut at = 0;
    while let Some(&here) = order.get(at) {
        at += 1;
        for dir in Dir::ALL {
            if let Some(next) = here.roll(dir)
                && board.holds(next)
                && seen.insert(next)
            {
                order.push(next);
            }
        }
    }
    order
}

/// How far the box is from standing on `target`: the Manhattan distances of its two
/// cubes to it, added (a standing box has both on one cell).
fn distance(placement: Placement, target: Pos) -> usize {
    match placement.cells() {
        (a, None) => 2 * a.manhattan(target),
        (a, Some(b)) => a.manhattan(target) + b.manhattan(target),
    }
}
