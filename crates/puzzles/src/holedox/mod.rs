//! Holedox Moving (POJ 1324) through the contract: a case is a game, with the place of
//! its first line for messages about it.

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
use ::holedox::generate::{Family, GenParams};
use ::holedox::{EXIT, Game, Solver};
use grid_core::{Choice, Dir, LimitError, Limits, Moves, Pos};
use parsers::validate::Report;
use parsers::{Input, InputError};
use std::fmt;
use std::io;

/// The Holedox adapter.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Holedox;

/// A game and where its case begins (line, column).
pub(crate) struct Case {
    game: Game,
    place: (usize, usize),
}

static ABOUT: About = About {
    name: "holedox",
    summary: "POJ 1324 Holedox Moving: move a snake until its head reaches (1,1)",
    unit: "case",
    label: "Case",
    sample: "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n\n4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n\n2 1\n2 2\n3 4\n4 2\n\n0 0 0\n",
    moves_are: "the head's steps, U D L R",
    move_word: "steps",
    never: "-1 (the head can never reach (1,1))",
    answer: AnswerLine::Count,
};

/// The playground's difficulties of a new puzzle: the generator's options and the band
/// of optimal move counts a board must fall in, measured with `gridsolve gen ... |
/// gridsolve` over seeds 1-8 (a board outside its band is passed over for the next seed).
static PRESETS: [Preset; 3] = [
    Preset {
        difficulty: "easy",
        options: &[("rows", "6"), ("cols", "6"), ("length", "3")],
        band: (3, 10),
    },
    Preset {
        difficulty: "medium",
        options: &[("rows", "8"), ("cols", "8"), ("length", "5")],
        band: (7, 20),
    },
    Preset {
        difficulty: "hard",
        options: &[("rows", "10"), ("cols", "10"), ("length", "7")],
        band: (10, u64::MAX),
    },
];

static LOOK: Look = Look {
    move_verb: "the head moves",
    legend: &[
        ('.', "free square"),
        ('#', "stone"),
        ('H', "the snake's head"),
        ('s', "the rest of the snake"),
        ('*', "the exit (1,1)"),
    ],
    labels: false,
};

static GEN_OPTIONS: [OptionSpec; 5] = [ROWS, COLS, LENGTH, STONES, generating::CASES];

const ROWS: OptionSpec = generating::rows("20", ::holedox::MAX_SIDE);

const COLS: OptionSpec = generating::cols(generating::AS_ROWS, ::holedox::MAX_SIDE);

const LENGTH: OptionSpec =
    OptionSpec::new(OptionKind::Count, "length", "L", "The snake's length", "8")
        .with_range(::holedox::MIN_LENGTH as u64, ::holedox::MAX_LENGTH as u64);

const STONES: OptionSpec = generating::percent("stones", "Percent of stones", "10");

impl Format for Holedox {
    type Case = Case;

    const ABOUT: &'static About = &ABOUT;

    fn cases<'a>(
        &'a self,
        input: Input<'a>,
        _options: &Options,
    ) -> Box<dyn Iterator<Item = Result<Case, InputError>> + 'a> {
        Box::new(parsers::holedox::Cases::new(input).map(|case| {
            case.map(|(game, header)| Case {
                game,
                place: header,
            })
        }))
    }

    fn board_size(&self, case: &Case) -> (usize, usize) {
        (case.game.rows(), case.game.cols())
    }

    fn place(&self, case: &Case) -> Option<(usize, usize)> {
        Some(case.place)
    }

    fn write_count(&self, out: &mut String, number: usize, moves: Option<u64>) {
        parsers::holedox::write_answer(out, number, moves);
    }

    fn write_input(&self, cases: &[&Case]) -> Option<String> {
        let mut out = String::new();
        for case in cases {
            parsers::holedox::write_game(&mut out, &case.game);
        }
        out.push_str("0 0 0\n");
        Some(out)
    }

    fn violations(&self, input: Input<'_>, max: usize) -> std::io::Result<Report> {
        parsers::validate::holedox::validate_input(input, max)
    }
}

impl Paths for Holedox {
    type Path = Moves;

    fn replay_path(&self, case: &Case, path: &Moves) -> Result<u64, PathError> {
        ::holedox::replay(&case.game, path).map_err(PathError::rules)
    }
}

impl Solve for Holedox {
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
        let too_large = |e: ::holedox::LimitError| format!("too large to solve: {e}");
        Answer::search(
            solver,
            with_path,
            |s| s.solve_with_path(&case.game).map_err(too_large),
            |s| s.solve(&case.game).map_err(too_large),
            Solver::stats,
        )
    }
}

impl Adapter for Holedox {
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

impl Oracle<Case> for Holedox {
    /// A head square and a body shape: a first segment and `L - 2` turns.
    fn naive_states(&self, case: &Case) -> u64 {
        // What the oracle says of the game written back as judge text (unknown: no
        // bound).
        self.write_input(&[case])
            .and_then(|text| ::holedox::oracle::state_space(&text).ok())
            .and_then(|spaces| spaces.first().copied())
            .unwrap_or(u64::MAX)
    }

    fn naive_moves(&self, case: &Case, limits: Limits) -> Result<Option<u64>, LimitError> {
        // The oracle reads the judge text with its own reader: the case is written back
        // as an input of its own.
        oracle_on_text(
            self.write_input(&[case]),
            |text| {
                ::holedox::oracle::solve_text(text, limits).map(|answers| {
                    answers
                        .into_iter()
                        .map(|a| a.map(|(moves, _)| moves))
                        .collect()
                })
            },
            |e| match e {
                ::holedox::oracle::OracleError::Limit(e) => Some(e),
                // Refused (or stopped for a reason it may add later).
                _ => None,
            },
        )
    }
}

impl Draw for Holedox {
    type State = Vec<Pos>;

    fn walk<'a>(&'a self, case: &'a Case, path: &'a Moves) -> Walk<'a, Vec<Pos>> {
        Box::new(::holedox::walk(&case.game, path).map(|b| b.map_err(PathError::rules)))
    }

    fn glyph_at(&self, case: &Case, body: &Vec<Pos>, pos: Pos) -> Glyph {
        match body.iter().position(|&b| b == pos) {
            Some(0) => Glyph::painted('H', Paint::Mover),
            Some(_) => Glyph::painted('s', Paint::Body),
            None if pos == EXIT => Glyph::painted('*', Paint::Goal),
            None => Glyph::plain(if case.game.is_free(pos) { '.' } else { '#' }),
        }
    }

    fn focus_of(&self, _case: &Case, body: &Vec<Pos>) -> Rect {
        Rect::cell(body[0])
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
        picture::draw_picture(out, &case.game, path.map(|p| &p[..]))
    }

    const LOOK: &'static Look = &LOOK;
}

impl Generate for Holedox {
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
            length: options.value(&LENGTH)?,
            stones: options.percent(&STONES)?,
            seed: generating::seed(options)?,
        };
        generating::write_cases(options, "0 0 0\n", out, |seed| {
            let game = ::holedox::generate::generate(&GenParams { seed, ..params })
                .map_err(UsageError::new)?;
            let mut text = String::new();
            parsers::holedox::write_game(&mut text, &game);
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

impl Shrink<Case> for Holedox {
    fn smaller<'a>(&'a self, case: &'a Case) -> Box<dyn Iterator<Item = Case> + 'a> {
        let game = &case.game;
        let (rows, cols) = (game.rows(), game.cols());
        let stones = stones_of(game);
        let body = game.body();
        let make = move |rows, cols, stones: &[Pos], body: &[Pos]| {
            Game::new(rows, cols, stones, body).ok().map(|game| Case {
                game,
                place: case.place,
            })
        };
        // The crop to the frame around the exit, the snake and the stones, then fewer
        // rows or columns (the snake must stay whole), ...
        let cut_stones = stones.clone();
        let frame = shrinking::frame(rows, cols, 0, |p| {
            p == Pos::new(0, 0) || body.contains(&p) || stones.contains(&p)
        });
        let cuts = frame
            .into_iter()
            .chain(shrinking::cuts(rows, cols))
            .filter_map(move |cut| {
                let body: Vec<Pos> = body.iter().map(|&b| cut.map(b)).collect::<Option<_>>()?;
                let stones: Vec<Pos> = cut_stones.iter().filter_map(|&s| cut.map(s)).collect();
                let (rows, cols) = cut.size(rows, cols);
                make(rows, cols, &stones, &body)
            });
        // ... a shorter snake (without its tail, or without its head), ...
        let len = body.len();
        let shorter = [&body[..len - 1], &body[1..]]
            .into_iter()
            .filter(|b| b.len() >= ::holedox::MIN_LENGTH)
            .filter_map(move |b| make(rows, cols, &stones_of(game), b));
        // ... a stone fewer.
        let fewer = (0..stones.len()).filter_map(move |i| {
            let mut stones = stones.clone();
            stones.remove(i);
            make(rows, cols, &stones, body)
        });
        Box::new(cuts.chain(shorter).chain(fewer))
    }
}

/// The game's moves on the adapter's own types ([`crate::Moves`]).
impl Holedox {
    fn cell_kinds(&self, _case: &Case) -> Vec<(char, String)> {
        vec![('.', "free square".to_string()), ('#', "stone".to_string())]
    }

    /// A stone laid or lifted; the snake stays where it is (a stone under it is
    /// refused).
    fn edit(&self, case: &Case, pos: Pos, kind: char) -> Result<Case, EditError> {
        let game = &case.game;
        let mut stones = stones_of(game);
        stones.retain(|&p| p != pos);
        match kind {
            '#' => stones.push(pos),
            '.' => {}
            other => return Err(EditError(format!("{other:?} is no kind of Holedox square"))),
        }
        let game =
            Game::new(game.rows(), game.cols(), &stones, game.body()).map_err(EditError::new)?;
        Ok(Case {
            game,
            place: case.place,
        })
    }

    // A body is the adapter's `State`, a `Vec<Pos>`: the moves' types are the walk's.
    #[allow(clippy::ptr_arg)]
    fn play_move(&self, _: &Case, _: &Vec<Pos>, _: Option<Pos>, dir: Dir) -> Option<String> {
        Some(Moves::from(vec![dir]).to_string())
    }

    #[allow(clippy::ptr_arg)]
    fn moves_left(
        &self,
        solver: &mut Solver,
        case: &Case,
        body: &Vec<Pos>,
    ) -> Result<Option<u64>, Unsolved> {
        let game = &case.game;
        let from = Case {
            game: Game::new(game.rows(), game.cols(), &stones_of(game), body)
                .map_err(Unsolved::new)?,
            place: case.place,
        };
        Ok(self.solve(solver, &from, false)?.moves)
    }
}

impl Play for Holedox {
    fn play_look(&self) -> &'static crate::play::PlayLook {
        &look::GAME
    }

    crate::play::play_by_moves!(&crate::play::Moves {
        step: Holedox::play_move,
        join: crate::play::append,
        left: Holedox::moves_left,
        kinds: Holedox::cell_kinds,
        edit: Holedox::edit,
        marks: crate::play::no_marks,
    });
}

/// The stones of `game`, in reading order.
fn stones_of(game: &Game) -> Vec<Pos> {
    let cols = game.cols();
    (0..game.rows() * cols)
        .map(|i| Pos::new(i / cols, i % cols))
        .filter(|&p| !game.is_free(p))
        .collect()
}
