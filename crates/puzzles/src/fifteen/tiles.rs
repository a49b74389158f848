//! What the two sliding-tile formats (`fifteen` and the judges' `eight`) share: the
//! case, the position along a path, its glyphs, the naive oracle's call, the moves of
//! the playground and the board editor, and the shrinking of a case.

use crate::contract::{EditError, Glyph, Look, Paint, PathError, Rect, Unsolved, Walk};
use crate::options::{OptionKind, OptionSpec, Options, UsageError};
use ::fifteen::generate::{Family, GenParams, GoalKind};
use ::fifteen::{BLANK, Board, Dir, LimitError, Limits, Solver};
use grid_core::{Choice, Pos, SplitMix64};

/// A board (its start and its goal) and where its case begins in the input.
#[derive(Clone, Debug)]
pub(crate) struct Case {
    pub(crate) board: Board,
    pub(crate) place: Option<(usize, usize)>,
}

impl Case {
    /// A case that was not read from an input.
    pub(crate) fn new(board: Board) -> Case {
        Case { board, place: None }
    }
}

/// One position along a path: the arrangement, the blank's cell and the cell of the
/// tile that moved into the blank's old cell last (row-major).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tiles {
    pub(crate) cells: Vec<u8>,
    pub(crate) blank: usize,
    pub(crate) moved: Option<usize>,
}

impl Tiles {
    fn new(cells: Vec<u8>, moved: Option<usize>) -> Tiles {
        let blank = cells.iter().position(|&v| v == BLANK).unwrap_or(0);
        Tiles {
            cells,
            blank,
            moved,
        }
    }
}

/// The symbol of tile `value` in a `--show` frame: one character a cell, so tiles past
/// 9 are letters, `1`-`9`, then `A`-`Z` for 10 to 35, `a`-`z` for 36 to 61, and `@`
/// and `$` for 62 and 63 (the 8 x 8 board's last two); the blank is `_`.
pub(crate) fn symbol(value: u8) -> char {
    match value {
        BLANK => '_',
        1..=9 => char::from(b'0' + value),
        10..=35 => char::from(b'A' + value - 10),
        36..=61 => char::from(b'a' + value - 36),
        62 => '@',
        _ => '$',
    }
}

/// The tile a symbol of [`symbol`] stands for (`Some(0)`: the blank).
pub(crate) fn value_of(symbol: char) -> Option<u8> {
    let b = u8::try_from(symbol).ok()?;
    Some(match b {
        b'_' => BLANK,
        b'1'..=b'9' => b - b'0',
        b'A'..=b'Z' => b - b'A' + 10,
        b'a'..=b'z' => b - b'a' + 36,
        b'@' => 62,
        b'$' => 63,
        _ => return None,
    })
}

/// The words and symbols of both formats' frames.
pub(crate) static LOOK: Look = Look {
    move_verb: "the blank moves",
    legend: &[
        ('_', "the blank"),
        (
            '1',
            "a tile: 1-9, then A-Z for 10-35 and a-z for 36-61; green on its goal cell, yellow the one that just moved",
        ),
        ('@', "tile 62, on a board of 63 or 64 cells"),
        ('$', "tile 63, on a board of 64 cells"),
    ],
    labels: true,
};

/// The positions along `path` from the start of `board`, one at a time.
pub(crate) fn walk<'a>(board: &'a Board, path: &'a [Dir]) -> Walk<'a, Tiles> {
    let mut blank = None;
    Box::new(::fifteen::walk(board, path).map(move |cells| {
        let cells = cells.map_err(PathError::rules)?;
        // The tile that moved stands where the blank stood.
        let here = Tiles::new(cells, blank);
        blank = Some(here.blank);
        Ok(here)
    }))
}

/// The `--show` glyph of `pos` in `here`.
pub(crate) fn glyph(board: &Board, here: &Tiles, pos: Pos) -> Glyph {
    let cell = pos.row * board.cols() + pos.col;
    let Some(&value) = here.cells.get(cell) else {
        return Glyph::plain(' ');
    };
    let paint = if value == BLANK {
        Paint::Blank
    } else if here.moved == Some(cell) {
        Paint::Mover
    } else if board.goal().get(cell) == Some(&value) {
        Paint::Body
    } else {
        Paint::Plain
    };
    Glyph::painted(symbol(value), paint)
}

/// The cells a frame must show: the blank.
pub(crate) fn focus(board: &Board, here: &Tiles) -> Rect {
    let cols = board.cols();
    Rect::cell(Pos::new(here.blank / cols, here.blank % cols))
}

/// The blank's move an arrow `dir` makes in `here`: the tile on the far side of the
/// blank slides in direction `dir` into it (the blank moves the other way), as a tile
/// follows the finger. With a tile `picked` (a click) the arrow moves that tile: it
/// must be the one beside the blank in the arrow's direction, or the key makes no move
/// (a click on the blank picks nothing). A move off the board is left to the replay to
/// refuse.
pub(crate) fn play_move(board: &Board, here: &Tiles, picked: Option<Pos>, dir: Dir) -> Option<Dir> {
    let cols = board.cols();
    let blank = Pos::new(here.blank / cols, here.blank % cols);
    let step = dir.opposite();
    match picked.filter(|&p| p != blank) {
        Some(tile) if blank.step(step) != Some(tile) => None,
        _ => Some(step),
    }
}

/// The minimum number of moves from `here` to the goal of `board`, by the fast solver.
pub(crate) fn moves_left(
    solver: &mut Solver,
    board: &Board,
    here: &Tiles,
) -> Result<Option<u64>, Unsolved> {
    let from = board.with_start(&here.cells).map_err(Unsolved::new)?;
    solver.solve(&from).map_err(Unsolved::new)
}

/// The kinds the board editor paints: the blank and every tile, each put on the cell
/// clicked (the tile that stood there takes its old cell).
pub(crate) fn cell_kinds(board: &Board) -> Vec<(char, String)> {
    (0..board.cells())
        .map(|v| {
            let v = v as u8;
            let what = if v == BLANK {
                "the blank".to_string()
            } else {
                format!("tile {v}")
            };
            (symbol(v), what)
        })
        .collect()
}

/// `board` with the tile (or the blank) `kind` moved to `pos` in the start, swapped with
/// what stood there.
pub(crate) fn edit(board: &Board, pos: Pos, kind: char) -> Result<Board, EditError> {
    let value = value_of(kind)
        .filter(|&v| usize::from(v) < board.cells())
        .ok_or_else(|| {
            EditError(format!(
                "{kind:?} is no tile of a {} x {} board",
                board.rows(),
                board.cols()
            ))
        })?;
    let mut start = board.start().to_vec();
    let to = pos.row * board.cols() + pos.col;
    let from = start.iter().position(|&v| v == value).unwrap_or(to);
    start.swap(from, to);
    board.with_start(&start).map_err(EditError::new)
}

/// The naive oracle's answer on `board`, within `limits`: the oracle reads the judge
/// text with its own reader, so the board is written back as a `fifteen` input of its
/// own (with its goal, whichever format it was read from).
pub(crate) fn oracle(board: &Board, limits: Limits) -> Result<Option<u64>, LimitError> {
    let mut text = String::new();
    parsers::fifteen::write_case(&mut text, board);
    match ::fifteen::oracle::solve_text(&text, limits) {
        Ok(answers) => Ok(answers.first().cloned().flatten().map(|(moves, _)| moves)),
        Err(::fifteen::oracle::OracleError::Limit(e)) => Err(e),
        // The oracle refuses no board the reader took; anything else is no answer.
        Err(_) => Err(LimitError::States(0)),
    }
}

/// The arrangements the naive oracle may reach from a start: every one on a board one
/// cell wide (the blank's cell), half of all `n!` on the others (the parity rule).
pub(crate) fn state_space(board: &Board) -> u64 {
    let n = board.cells() as u64;
    if board.rows() == 1 || board.cols() == 1 {
        return n;
    }
    (3..=n).try_fold(1u64, u64::checked_mul).unwrap_or(u64::MAX)
}

/// The positions a shrinking candidate's path may take to find, at most: the
/// candidates along a path are offered only when it is found within them.
const SHRINK_STATES: u64 = 1_000_000;

/// Smaller or simpler boards than `board`, for shrinking: a row or a column fewer (the
/// last, then the first) where the cells that stay hold the same tiles in the start and
/// the goal (renumbered in order); then, for a board that can be solved, its start moved
/// along a shortest path to 0, 1, 2, 4, ... moves from the goal (fewer moves: each is
/// easier to solve than the board), then the start with one more tile on its goal cell
/// (swapped with what stood there) where that makes it unsolvable; for a board that cannot, one
/// more tile on its goal cell and, where that swap made it solvable, two other tiles
/// away from home swapped too (a solvable scramble may be far harder to solve than the
/// board, so none is offered). Each candidate has fewer cells, or is solvable and nearer
/// the goal, or unsolvable from solvable, or unsolvable with more tiles at home: it ends.
pub(crate) fn shrink(board: &Board) -> impl Iterator<Item = Board> + '_ {
    let (rows, cols) = (board.rows(), board.cols());
    let cuts = [
        (rows > 1).then(|| keep(board, rows - 1, cols, |r, _| r < rows - 1)),
        (cols > 1).then(|| keep(board, rows, cols - 1, |_, c| c < cols - 1)),
        (rows > 1).then(|| keep(board, rows - 1, cols, |r, _| r > 0)),
        (cols > 1).then(|| keep(board, rows, cols - 1, |_, c| c > 0)),
    ]
    .into_iter()
    .flatten()
    .flatten();
    let start = board.start();
    let goal = board.goal();
    let solvable = board.is_solvable();
    let home = move |cell: usize| {
        let mut cells = start.to_vec();
        let from = cells.iter().position(|&v| v == goal[cell])?;
        cells.swap(from, cell);
        Some(cells)
    };
    let nearer = if solvable { nearer(board) } else { Vec::new() };
    let homes = (0..board.cells())
        .filter(move |&c| start[c] != goal[c])
        .filter_map(move |cell| {
            let mut cells = home(cell)?;
            let moved = board.with_start(&cells).ok()?;
            if !moved.is_solvable() {
                return Some(moved);
            }
            if solvable {
                return None; // a scramble, maybe harder: the path's candidates do better
            }
            let mut away = (0..cells.len()).filter(|&c| cells[c] != goal[c] && cells[c] != BLANK);
            let (a, b) = (away.next()?, away.next()?);
            cells.swap(a, b);
            board.with_start(&cells).ok()
        });
    cuts.chain(nearer).chain(homes)
}

/// `board` with its start moved along a shortest path (found within [`SHRINK_STATES`])
/// to 0, 1, 2, 4, ... moves from the goal, fewer than the path's.
fn nearer(board: &Board) -> Vec<Board> {
    let limits = Limits {
        max_states: Some(SHRINK_STATES),
        max_time: None,
    };
    let mut solver = Solver::with_limits(limits).with_method(::fifteen::Method::Manhattan);
    let Ok(Some(solution)) = solver.solve_with_path(board) else {
        return Vec::new();
    };
    let moves = solution.path.len();
    let left: Vec<usize> = std::iter::once(0)
        .chain(std::iter::successors(Some(1), |&d| Some(d * 2)))
        .take_while(|&d| d < moves)
        .collect();
    let mut along = Vec::with_capacity(left.len());
    for (i, cells) in ::fifteen::walk(board, &solution.path).enumerate() {
        let Ok(cells) = cells else { break };
        if left.contains(&(moves - i)) {
            along.extend(board.with_start(&cells).ok());
        }
    }
    along.reverse();
    along
}

/// The cells of `board` where `stays` holds, as a `rows x cols` board, if the start and
/// the goal keep the same tiles there (and the blank).
fn keep(
    board: &Board,
    rows: usize,
    cols: usize,
    stays: impl Fn(usize, usize) -> bool,
) -> Option<Board> {
    let kept = |cells: &[u8]| -> Vec<u8> {
        cells
            .iter()
            .enumerate()
            .filter(|&(i, _)| stays(i / board.cols(), i % board.cols()))
            .map(|(_, &v)| v)
            .collect()
    };
    let (start, goal) = (kept(board.start()), kept(board.goal()));
    let mut values = start.clone();
    values.sort_unstable();
    let mut goal_values = goal.clone();
    goal_values.sort_unstable();
    if values != goal_values || values.first() != Some(&BLANK) {
        return None;
    }
    let rank = |v: u8| values.binary_search(&v).map_or(0, |i| i as u8);
    let renumber = |cells: &[u8]| -> Vec<u8> { cells.iter().map(|&v| rank(v)).collect() };
    Board::new(rows, cols, &renumber(&start), &renumber(&goal)).ok()
}

/// How a generated start is made: one of the crate's families, or any arrangement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Start {
    Family(Family),
    /// A uniformly random arrangement, solvable or not.
    Any,
}

/// `--steps`, the length of a walk (both formats).
pub(crate) const STEPS: OptionSpec = OptionSpec::new(
    OptionKind::Count,
    "steps",
    "N",
    "Random steps that scramble a random layout",
    "30",
)
.with_range(0, MAX_STEPS);

/// The longest walk `--steps` asks for: a million moves of the blank take milliseconds
/// (a walk longer than that scrambles no more).
pub(crate) const MAX_STEPS: u64 = 1_000_000;

/// The family `any`, beside the crate's: the inputs whose answer is "no solution".
pub(crate) const ANY: (&str, &str) = (
    "any",
    "a uniformly random arrangement, solvable or not (half are not)",
);

/// The generator families of `families` and [`ANY`], the first the default.
pub(crate) fn families(families: &[Family]) -> Vec<(&'static str, &'static str)> {
    families
        .iter()
        .map(|f| (f.name(), f.summary()))
        .chain([ANY])
        .collect()
}

/// `--family`, or `default`.
///
/// # Errors
/// A name that is no family.
pub(crate) fn start(options: &Options, families: &[Family]) -> Result<Start, UsageError> {
    let Some(name) = options.raw("family") else {
        return Ok(Start::Family(families[0]));
    };
    if name == ANY.0 {
        return Ok(Start::Any);
    }
    families
        .iter()
        .find(|f| f.name() == name)
        .map(|&f| Start::Family(f))
        .ok_or_else(|| {
            let names: Vec<&str> = families.iter().map(|f| f.name()).chain([ANY.0]).collect();
            UsageError::new(format!(
                "expected one of {}, found {name:?}",
                names.join(", ")
            ))
        })
}

/// A generated board: `start` of `rows x cols` with the goal `goal`, from `seed`.
///
/// # Errors
/// A size out of range.
pub(crate) fn generate(
    start: Start,
    (rows, cols): (usize, usize),
    steps: u64,
    goal: GoalKind,
    seed: u64,
) -> Result<Board, UsageError> {
    let family = match start {
        Start::Family(family) => family,
        Start::Any => Family::Random,
    };
    let params = GenParams {
        family,
        rows,
        cols,
        steps,
        goal,
        seed,
    };
    let board = ::fifteen::generate::generate(&params).map_err(UsageError::new)?;
    if start != Start::Any {
        return Ok(board);
    }
    let mut cells = board.start().to_vec();
    SplitMix64::new(seed ^ 0x616e_7920_7374_6172).shuffle(&mut cells);
    board.with_start(&cells).map_err(UsageError::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tile_has_one_symbol_and_back() {
        let mut seen = std::collections::HashSet::new();
        for v in 0..64u8 {
            let s = symbol(v);
            assert!(seen.insert(s), "{v}: {s} twice");
            assert_eq!(value_of(s), Some(v));
            assert!(
                LOOK.legend.iter().any(|(l, _)| *l == s) || s.is_ascii_alphanumeric(),
                "{s}"
            );
        }
        assert_eq!(value_of('#'), None);
    }

    #[test]
    fn the_walk_marks_the_tile_that_moved() {
        let board = Board::with_default_goal(2, 2, &[1, 2, 0, 3]).unwrap();
        let path = [Dir::Right];
        let positions: Vec<Tiles> = walk(&board, &path).map(Result::unwrap).collect();
        assert_eq!(positions[0].moved, None);
        assert_eq!(positions[1].cells, [1, 2, 3, 0]);
        assert_eq!(
            positions[1].moved,
            Some(2),
            "tile 3 moved to the blank's cell"
        );
        let g = glyph(&board, &positions[1], Pos::new(1, 0));
        assert_eq!((g.symbol, g.paint), ('3', Paint::Mover));
        let g = glyph(&board, &positions[1], Pos::new(0, 0));
        assert_eq!((g.symbol, g.paint), ('1', Paint::Body));
    }

    #[test]
    fn an_arrow_slides_a_tile_into_the_blank() {
        let board = Board::with_default_goal(2, 2, &[1, 2, 0, 3]).unwrap();
        let here = walk(&board, &[]).next().unwrap().unwrap();
        // Tile 3, right of the blank, slides left: the blank moves right.
        assert_eq!(play_move(&board, &here, None, Dir::Left), Some(Dir::Right));
        assert_eq!(
            play_move(&board, &here, Some(Pos::new(1, 1)), Dir::Left),
            Some(Dir::Right)
        );
        // Tile 1 cannot slide left into the blank.
        assert_eq!(
            play_move(&board, &here, Some(Pos::new(0, 0)), Dir::Left),
            None
        );
        assert_eq!(
            play_move(&board, &here, Some(Pos::new(0, 0)), Dir::Down),
            Some(Dir::Up)
        );
    }

    #[test]
    fn edits_swap_a_tile_onto_the_cell() {
        let board = Board::with_default_goal(2, 2, &[1, 2, 0, 3]).unwrap();
        let edited = edit(&board, Pos::new(0, 0), '_').unwrap();
        assert_eq!(edited.start(), [0, 2, 1, 3]);
        assert!(edit(&board, Pos::new(0, 0), '9').is_err());
        assert_eq!(cell_kinds(&board).len(), 4);
    }

    #[test]
    fn shrinking_keeps_boards_whole_and_ends() {
        let board = Board::with_default_goal(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8]).unwrap();
        let smaller: Vec<Board> = shrink(&board).collect();
        // The blank is in the last row; the last two rows hold 4..8 and the blank in
        // start and goal alike, renumbered 1..5.
        assert_eq!(smaller[0].start(), [1, 2, 3, 0, 4, 5]);
        assert_eq!(smaller[0].goal(), [1, 2, 3, 4, 5, 0]);
        assert!(smaller.iter().all(|b| b.cells() < 9 || b != &board));
        assert_eq!(state_space(&board), 181_440);
        assert_eq!(
            state_space(&Board::with_default_goal(1, 5, &[1, 2, 3, 4, 0]).unwrap()),
            5
        );
    }

    #[test]
    fn a_solvable_board_shrinks_along_its_path_and_an_unsolvable_one_stays_unsolvable() {
        // The judges' sample: solvable, 19 moves.
        let board = Board::with_default_goal(3, 3, &[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
        let square: Vec<Board> = shrink(&board).filter(|b| b.cells() == 9).collect();
        let solvable: Vec<&Board> = square.iter().filter(|b| b.is_solvable()).collect();
        // 0, 1, 2, 4, 8 and 16 moves from the goal, in that order.
        assert_eq!(solvable.len(), 6, "{square:?}");
        assert!(solvable[0].is_solved());
        let mut solver = Solver::new();
        let left: Vec<u64> = solvable
            .iter()
            .map(|b| solver.solve(b).unwrap().unwrap())
            .collect();
        assert_eq!(left, [0, 1, 2, 4, 8, 16]);
        let at_home = |b: &Board| (0..9).filter(|&c| b.start()[c] == b.goal()[c]).count();
        // Three tiles swapped: unsolvable.
        let unsolvable = Board::with_default_goal(3, 3, &[2, 1, 3, 5, 4, 6, 8, 7, 0]).unwrap();
        let smaller: Vec<Board> = shrink(&unsolvable).filter(|b| b.cells() == 9).collect();
        assert!(!smaller.is_empty(), "{smaller:?}");
        assert!(
            smaller
                .iter()
                .all(|b| !b.is_solvable() && at_home(b) > at_home(&unsolvable))
        );
    }
}
