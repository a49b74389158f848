//! The judges' 8-puzzle (POJ 1077, HDU 1043) through the contract: a case is a line of
//! a 3 x 3 board with the goal `1 2 3 4 5 6 7 8 x`, and its answer line is the path
//! itself ([`AnswerLine::Path`]), in `u d l r`. The board, its positions, glyphs,
//! picture and playground moves are the `fifteen` adapter's.

mod invalid;
mod look;

use crate::contract::{
    About, Answer, AnswerLine, Draw, EditError, Format, GenError, Generate, Glyph, Look, Oracle,
    PathError, Paths, Preset, Rect, Shrink, Solve, Unsolved, Walk,
};
use crate::driver::{Adapter, Capabilities, Drawing};
use crate::fifteen::solve_board;
use crate::fifteen::tiles::{self, Case, Tiles};
use crate::generating;
use crate::invalid::InvalidKind;
use crate::options::{OptionSpec, Options, UsageError};
use crate::play::Play;
use ::fifteen::generate::{Family, GoalKind};
use ::fifteen::{Dir, Solver};
use grid_core::{LimitError, Limits, Moves, Pos};
use parsers::validate::Report;
use parsers::{Input, InputError};
use std::fmt;
use std::io;

/// The `eight` adapter.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Eight;

static ABOUT: About = About {
    name: "eight",
    summary: "The judges' 8-puzzle (POJ 1077, HDU 1043): the blank's moves to 1 2 3 4 5 6 7 8 x",
    unit: "case",
    label: "case",
    sample: "2 3 4 1 5 x 7 6 8\n",
    moves_are: "the blank's moves, u d l r",
    move_word: "moves",
    never: "unsolvable",
    answer: AnswerLine::Path { none: UNSOLVABLE },
};

/// The word of a case with no solution.
const UNSOLVABLE: &str = "unsolvable";

/// The playground's difficulties of a new puzzle: the generator's options and the band
/// of optimal move counts a board must fall in, measured with `gridsolve gen ... |
/// gridsolve` over seeds 1-8 (a board outside its band is passed over for the next seed):
/// walks of 10 moves took 6 to 10, of 40 moves 16 to 26, random positions 15 to 25.
static PRESETS: [Preset; 3] = [
    Preset {
        difficulty: "easy",
        options: &[("family", "walk"), ("steps", "10")],
        band: (4, 10),
    },
    Preset {
        difficulty: "medium",
        options: &[("family", "walk"), ("steps", "40")],
        band: (14, 21),
    },
    Preset {
        difficulty: "hard",
        options: &[("family", "random")],
        band: (22, 31),
    },
];

static GEN_OPTIONS: [OptionSpec; 2] = [tiles::STEPS, generating::CASES];

/// The families, the default first.
const FAMILIES: [Family; 3] = [Family::Random, Family::Walk, Family::Far];

impl Format for Eight {
    type Case = Case;

    const ABOUT: &'static About = &ABOUT;

    fn cases<'a>(
        &'a self,
        input: Input<'a>,
        _options: &Options,
    ) -> Box<dyn Iterator<Item = Result<Case, InputError>> + 'a> {
        Box::new(parsers::eight::Cases::new(input).map(|case| {
            case.map(|(board, place)| Case {
                board,
                place: Some(place),
            })
        }))
    }

    fn board_size(&self, _case: &Case) -> (usize, usize) {
        (3, 3)
    }

    fn place(&self, case: &Case) -> Option<(usize, usize)> {
        case.place
    }

    /// The judge's line is a path ([`AnswerLine::Path`]); from a number alone
    /// this writes `unsolvable`, or the number of moves (one line, as the path's).
    fn write_count(&self, out: &mut String, _number: usize, moves: Option<u64>) {
        match moves {
            Some(moves) => out.push_str(&moves.to_string()),
            None => out.push_str(UNSOLVABLE),
        }
        out.push('\n');
    }

    fn write_input(&self, cases: &[&Case]) -> Option<String> {
        if cases.is_empty() {
            return None;
        }
        let mut text = String::new();
        for case in cases {
            parsers::eight::write_case(&mut text, &case.board);
        }
        Some(text)
    }

    fn violations(&self, input: Input<'_>, max: usize) -> io::Result<Report> {
        parsers::validate::eight::validate_input(input, max)
    }
}

impl Paths for Eight {
    type Path = Moves;

    /// The judges' letters, `u d l r`.
    fn write_path(&self, path: &Moves, out: &mut dyn fmt::Write) -> fmt::Result {
        path.iter()
            .try_for_each(|d| out.write_char(d.letter().to_ascii_lowercase()))
    }

    fn parse_path(&self, text: &str) -> Result<Moves, PathError> {
        text.chars()
            .enumerate()
            .map(|(i, c)| {
                Some(c)
                    .filter(char::is_ascii_lowercase)
                    .and_then(|c| Dir::from_letter(c.to_ascii_uppercase()))
                    .ok_or_else(|| {
                        PathError::Notation(format!(
                            "expected one of u d l r at move {}, found {c:?}",
                            i + 1
                        ))
                    })
            })
            .collect()
    }

    fn replay_path(&self, case: &Case, path: &Moves) -> Result<u64, PathError> {
        ::fifteen::replay(&case.board, path).map_err(broken)
    }

    /// One letter a move: a path may be cut anywhere.
    fn path_cut(&self, text: &str) -> usize {
        text.len()
    }

    /// The start moved along `path` by the rules' walk, the goal kept.
    fn after(&self, case: &Case, path: &Moves) -> Option<Result<Case, PathError>> {
        let mut end = None;
        for cells in ::fifteen::walk(&case.board, path) {
            match cells {
                Ok(cells) => end = Some(cells),
                Err(e) => return Some(Err(broken(e))),
            }
        }
        let end = end?;
        Some(
            case.board
                .with_start(&end)
                .map(|board| Case {
                    board,
                    place: case.place,
                })
                .map_err(PathError::rules),
        )
    }
}

impl Solve for Eight {
    type Solver = Solver;

    fn solver(&self, _options: &Options, limits: Limits) -> Result<Solver, UsageError> {
        Ok(crate::fifteen::solver(limits))
    }

    fn solve(
        &self,
        solver: &mut Solver,
        case: &Case,
        with_path: bool,
    ) -> Result<Answer<Moves>, Unsolved> {
        solve_board(solver, &case.board, with_path)
    }
}

impl Adapter for Eight {
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

/// The words and symbols of the frames: those of [`tiles::LOOK`] that a 3 x 3 board
/// shows (not the letters and signs of tiles 10 to 63).
static LOOK: Look = Look {
    move_verb: "the blank moves",
    legend: &[
        ('_', "the blank"),
        (
            '1',
            "a tile, 1-8; green on its goal cell, yellow the one that just moved",
        ),
    ],
    labels: true,
};

/// A broken rule in the words of eight's format: its blank is `x` and its moves are
/// `u d l r` (the solver crate's own message says `0` and `U D L R`).
fn broken(e: ::fifteen::ReplayError) -> PathError {
    match e {
        ::fifteen::ReplayError::NotGoal { end } => {
            let cells: Vec<String> = end
                .iter()
                .map(|&tile| match tile {
                    ::fifteen::BLANK => "x".to_string(),
                    tile => tile.to_string(),
                })
                .collect();
            PathError::rules(format_args!(
                "the moves end in {}, not in the goal",
                cells.join(" ")
            ))
        }
        ::fifteen::ReplayError::OffBoard { step, dir } => PathError::rules(format_args!(
            "move {step} ({}) takes the blank off the board",
            dir.letter().to_ascii_lowercase()
        )),
        other => PathError::rules(other),
    }
}

impl Oracle<Case> for Eight {
    /// Arrangements of the board: 181,440.
    fn naive_states(&self, case: &Case) -> u64 {
        tiles::state_space(&case.board)
    }

    fn naive_moves(&self, case: &Case, limits: Limits) -> Result<Option<u64>, LimitError> {
        tiles::oracle(&case.board, limits)
    }
}

impl Draw for Eight {
    type State = Tiles;

    const LOOK: &'static Look = &LOOK;

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
        path[i].letter().to_ascii_lowercase().to_string()
    }

    fn write_svg(
        &self,
        case: &Case,
        path: Option<&Moves>,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        crate::fifteen::picture::draw_picture(out, ABOUT.name, &case.board, path.map(|p| &p[..]))
    }
}

impl Generate for Eight {
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
        "3 x 3 (the judges' only size), one case".to_string()
    }

    fn generate(&self, options: &Options, out: &mut dyn io::Write) -> Result<(), GenError> {
        let start = tiles::start(options, &FAMILIES)?;
        let steps: u64 = options.value(&tiles::STEPS)?;
        generating::write_cases(options, "", out, |seed| {
            let board = tiles::generate(start, (3, 3), steps, GoalKind::BlankLast, seed)?;
            let mut text = String::new();
            parsers::eight::write_case(&mut text, &board);
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

impl Shrink<Case> for Eight {
    /// The start with one more tile on its goal cell (the board stays 3 x 3).
    fn smaller<'a>(&'a self, case: &'a Case) -> Box<dyn Iterator<Item = Case> + 'a> {
        Box::new(
            tiles::shrink(&case.board)
                .filter(|b| (b.rows(), b.cols()) == (3, 3))
                .map(Case::new),
        )
    }
}

/// The game's moves on the adapter's own types ([`crate::Moves`]).
impl Eight {
    fn play_move(
        &self,
        case: &Case,
        here: &Tiles,
        picked: Option<Pos>,
        dir: Dir,
    ) -> Option<String> {
        let step = tiles::play_move(&case.board, here, picked, dir)?;
        Some(step.letter().to_ascii_lowercase().to_string())
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

impl Play for Eight {
    fn play_look(&self) -> &'static crate::play::PlayLook {
        &look::GAME
    }

    crate::play::play_by_moves!(&crate::play::Moves {
        step: Eight::play_move,
        join: crate::play::append,
        left: Eight::moves_left,
        kinds: Eight::cell_kinds,
        edit: Eight::edit,
        marks: crate::play::no_marks,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::Format;

    /// The sample's board.
    fn sample() -> Case {
        Eight
            .cases(Input::bytes(ABOUT.sample.as_bytes()), &Options::new())
            .next()
            .unwrap()
            .unwrap()
    }

    #[test]
    fn the_legend_lists_only_what_a_3x3_board_shows() {
        let case = sample();
        let here = tiles::walk(&case.board, &[]).next().unwrap().unwrap();
        let mut shown: Vec<char> = (0..9)
            .map(|cell| tiles::glyph(&case.board, &here, Pos::new(cell / 3, cell % 3)).symbol)
            .collect();
        shown.sort_unstable();
        assert_eq!(shown, ['1', '2', '3', '4', '5', '6', '7', '8', '_']);
        for (symbol, meaning) in LOOK.legend {
            assert!(shown.contains(symbol), "{symbol} is never shown");
            assert!(
                !meaning.contains("62") && !meaning.contains("A-Z"),
                "{meaning}"
            );
        }
    }

    #[test]
    fn a_broken_rule_is_told_in_eight_s_notation() {
        let case = sample();
        // The sample's start is `2 3 4 / 1 5 x / 7 6 8`.
        let up: Moves = "U".parse().unwrap();
        assert_eq!(
            Paths::replay_path(&Eight, &case, &up)
                .unwrap_err()
                .to_string(),
            "the moves end in 2 3 x 1 5 4 7 6 8, not in the goal"
        );
        let off: Moves = "RR".parse().unwrap();
        assert_eq!(
            Paths::replay_path(&Eight, &case, &off)
                .unwrap_err()
                .to_string(),
            "move 1 (r) takes the blank off the board"
        );
        let Some(Err(e)) = Paths::after(&Eight, &case, &off) else {
            panic!("the walk stops at the edge");
        };
        assert_eq!(e.to_string(), "move 1 (r) takes the blank off the board");
    }
}
