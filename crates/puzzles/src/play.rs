//! What the playground (`gridsolve serve`) asks of a puzzle beyond solving: a position
//! reached by a player's moves with the minimum number of moves left from it, a board
//! edited cell by cell (the generic functions a puzzle's [`Play`] is written with, over
//! its typed [`Moves`]), how the page draws and plays it ([`PlayLook`]), and frames as
//! plain data a page can draw.

use crate::contract::{
    Answer, AnswerLine, Draw, EditError, Format, Frames, Glyph, Paint, RunError, Solve, Unsolved,
    read_answer_line, write_answer_line,
};
use crate::options::{Options, UsageError};
use grid_core::{Dir, Limits, MoveCount, Pos, SearchStats};
use parsers::Input;
use strum_macros::{EnumMessage, IntoStaticStr, VariantArray, VariantNames};

/// The playground's game: how the page draws and plays the puzzle, the move a key or
/// click makes with the fewest moves left after it (the live hint), the board editor,
/// and a level cut out of a fixture. One trait, object-safe: the server holds it as
/// `&dyn Play` (`Puzzle::player`), and a puzzle writes it over its own types with the
/// generic functions of its module (`play`, `edit_cell`, `case_alone`), given its
/// typed [`Moves`].
pub trait Play: Sync {
    /// How the puzzle looks and is played on the playground's page (served as JSON, so
    /// the page names no puzzle).
    fn play_look(&self) -> &'static PlayLook;

    /// The playground's move: case `case` (from 1) of `input`, after the moves of
    /// `path` (in the puzzle's notation) and then `key`'s move when the rules allow it,
    /// with the minimum number of moves left from there by the fast solver within
    /// `limits`.
    ///
    /// # Errors
    /// Bad options, an invalid input, no such case, a `path` that does not replay
    /// ([`RunError::Usage`]), or a search stopped at a limit.
    fn play(
        &self,
        input: Input<'_>,
        options: &Options,
        limits: Limits,
        case: usize,
        path: &str,
        key: Option<Key>,
    ) -> Result<Played, RunError>;

    /// The playground's editor: `input` with the cell at `edit.pos` of case `case`
    /// (from 1) made `edit.kind`, a kind of [`Played::kinds`] or of
    /// [`PlayLook::line_kinds`] (with the group and the further cells that kind asks
    /// for), as a judge input. When
    /// the other cases cannot stay in one input with the edited one (queries that share
    /// a board), the input is the edited case alone.
    ///
    /// # Errors
    /// An invalid input, no such case, a cell off the board, or an edit the rules
    /// refuse ([`RunError::Usage`], with the reason).
    fn edit_cell(
        &self,
        input: Input<'_>,
        options: &Options,
        case: usize,
        edit: &CellEdit,
    ) -> Result<String, RunError>;

    /// Case `case` (from 1) of `input` as a judge input of its own, and its answer as
    /// `output`, the judge output of the whole input, gives it (a level of the
    /// playground is one case of a fixture, its optimum the fixture's known answer).
    ///
    /// # Errors
    /// An invalid input, no such case, a case the format cannot write alone, or an
    /// `output` whose lines for the case are not an answer the judge writes
    /// ([`RunError::Usage`], saying which).
    fn case_alone(
        &self,
        input: Input<'_>,
        output: &str,
        options: &Options,
        case: usize,
    ) -> Result<CaseAlone, RunError>;
}

/// A frame as plain data: one string of symbols per row and, beside it, one string of
/// paints per row (see [`paint_code`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The frame's rows (the length of `symbols` and `paints`).
    pub rows: usize,
    /// The frame's columns (the characters of each row).
    pub cols: usize,
    /// Row by row, the symbol of each cell (as `--show` prints it).
    pub symbols: Vec<String>,
    /// Row by row, the paint of each cell, one letter a cell ([`paint_code`]).
    pub paints: Vec<String>,
}

/// The letter a [`Paint`] is written as in [`Picture::paints`]: `.` plain, `m` the
/// mover, `b` the rest of a moving body, `g` the goal, `k` the blank.
pub fn paint_code(paint: Paint) -> char {
    match paint {
        Paint::Plain => '.',
        Paint::Mover => 'm',
        Paint::Body => 'b',
        Paint::Goal => 'g',
        Paint::Blank => 'k',
    }
}

impl Picture {
    /// The frame `frames` is at, on a board of `size` (rows, columns).
    pub fn of(frames: &dyn Frames, size: (usize, usize)) -> Picture {
        Picture::drawn(size, |pos| frames.glyph(pos))
    }

    fn drawn((rows, cols): (usize, usize), glyph: impl Fn(Pos) -> Glyph) -> Picture {
        let mut symbols = Vec::with_capacity(rows);
        let mut paints = Vec::with_capacity(rows);
        for row in 0..rows {
            let (mut s, mut p) = (String::with_capacity(cols), String::with_capacity(cols));
            for col in 0..cols {
                let g = glyph(Pos::new(row, col));
                s.push(g.symbol);
                p.push(paint_code(g.paint));
            }
            symbols.push(s);
            paints.push(p);
        }
        Picture {
            rows,
            cols,
            symbols,
            paints,
        }
    }
}

/// How a puzzle looks and is played on the playground's page: the description the page
/// draws and plays any puzzle from (served as JSON by `/api/puzzles`), so the page's
/// scripts name no puzzle. The page has a kit of floors and of movers; a puzzle says
/// which of them it is drawn with and how the keys, taps and swipes move it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayLook {
    /// How to play, in a few sentences (the keys every puzzle shares are the page's).
    pub help: &'static str,
    /// What the board's cells are drawn as.
    pub floor: Floor,
    /// What moves over the floor, and how it is drawn.
    pub actors: Actors,
    /// The symbols of the cells that move over the floor (the floor under them is the
    /// one first seen there); with [`Look::labels`](crate::Look), every label too.
    pub movers: &'static str,
    /// The symbol of the cell the arrows and a route start from, or `""` for the cells
    /// painted as the mover ([`Paint::Mover`]).
    pub mover: &'static str,
    /// What an arrow key moves.
    pub arrows: Arrows,
    /// Whether a click picks any labelled piece, and a move needs a piece picked.
    pub pick_labels: bool,
    /// The symbols of the pieces a click picks where none must be picked (split cubes).
    pub pick: &'static str,
    /// What a picked piece is called ("piece", "cube").
    pub piece_word: &'static str,
    /// What the goal cell is called in the picture's titles ("the exit").
    pub goal: &'static str,
    /// How the route of a solution too long to animate is drawn from the moves.
    pub route: Route,
    /// Whether the case's floor has groups of cells that act together (bridges and the
    /// switches that work them: [`Mark`]s with a `group`), so the floor changes with its
    /// symbols and the editor lets the player choose the group a kind with a
    /// [`LineKind::group`] joins.
    pub bridges: bool,
    /// The kinds the editor paints beyond [`Played::kinds`], which the puzzle's own
    /// editor writes into the judge text with a group or further cells
    /// ([`CellEdit`]); the page only asks for what each one needs.
    pub line_kinds: &'static [LineKind],
    /// Named colours of the puzzle's drawing (`"box"`, `"goal-piece"`, ...), over the
    /// kit's own.
    pub colours: &'static [(&'static str, &'static str)],
}

/// A kind of cell the editor paints that needs more than the cell
/// ([`PlayLook::line_kinds`]): the page asks for the group and the further cells, and
/// sends them in a [`CellEdit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineKind {
    /// Its symbol, as [`Draw::glyph_at`] shows it.
    pub kind: char,
    /// What it is, for the palette.
    pub what: &'static str,
    /// What a group is called (`"bridge"`), when it joins or acts on a group the
    /// player chooses (from 1; one more than the groups there are: a new one).
    pub group: Option<&'static str>,
    /// What each further cell it needs is, in order, for the page to ask one click at
    /// a time (a split switch's two landing cells); empty: none.
    pub cells: &'static [&'static str],
}

/// One edit of the playground's editor ([`Play::edit_cell`]): the cell at `pos` (from
/// 0) made `kind`; for a [`LineKind`], the `group` chosen and its further `cells`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellEdit {
    /// The cell painted, 0-based.
    pub pos: Pos,
    /// What it becomes: a symbol of [`Played::kinds`] or of [`PlayLook::line_kinds`].
    pub kind: char,
    /// The group a kind with a [`LineKind::group`] joins or acts on, from 1.
    pub group: Option<usize>,
    /// The further cells a [`LineKind::cells`] kind needs, 0-based, in its order.
    pub cells: Vec<Pos>,
}

impl CellEdit {
    /// The cell at `pos` made `kind`, with no group and no further cells.
    pub fn cell(pos: Pos, kind: char) -> CellEdit {
        CellEdit {
            pos,
            kind,
            group: None,
            cells: Vec::new(),
        }
    }
}

/// The floors of the page's kit.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, IntoStaticStr, VariantArray, VariantNames, EnumMessage,
)]
#[strum(serialize_all = "lowercase")]
pub enum Floor {
    /// Floor tiles over the void, raised: `#` no tile, `E` fragile, `O` the goal
    /// hole, `-`/`=` a bridge open or closed, `o`/`h`/`s` switches.
    Tiles,
    /// Grass with stones (`#`) and a burrow at the top-left corner.
    Grass,
    /// A dark yard of sockets, fixed pieces as crossed blocks (`#`), and a flag on
    /// the target (`T`).
    Yard,
    /// A wooden frame around a light board, the goal region and its exit marked
    /// (from the case's `goal` line).
    Frame,
    /// A tray with a hollow a cell.
    Tray,
    /// Labelled squares.
    Plain,
}

/// The movers of the page's kit.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, IntoStaticStr, VariantArray, VariantNames, EnumMessage,
)]
#[strum(serialize_all = "lowercase")]
pub enum Actors {
    /// No actors: the floor shows everything.
    #[strum(serialize = "none")]
    Nothing,
    /// A box on `B` cells, standing on one, lying on two; cubes on `1` and `2`.
    Box,
    /// A snake: its head on `H`, its body on `s`.
    Snake,
    /// Movable tiles on `.` and `T`, the designated piece on `P`, the blank `_`.
    Tiles,
    /// Labelled pieces, a piece a label.
    Pieces,
    /// Numbered tiles (`1`-`9`, `A`-`Z` for 10-35, `a`-`z` for 36-61, `@`, `$`).
    Numbers,
}

/// What an arrow key moves.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, IntoStaticStr, VariantArray, VariantNames, EnumMessage,
)]
#[strum(serialize_all = "lowercase")]
pub enum Arrows {
    /// The mover (or the piece picked); a tap moves it towards the cell tapped.
    Mover,
    /// The blank, into a tile beside it; a tap on a tile beside the blank moves
    /// the blank there, and a swipe moves the tile (the blank the other way).
    Blank,
    /// The tile beyond the blank, into it (the blank the other way); a tap slides
    /// a tile beside the blank into it.
    Tile,
}

/// How the route of a solution is drawn from its moves.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, IntoStaticStr, VariantArray, VariantNames, EnumMessage,
)]
#[strum(serialize_all = "lowercase")]
pub enum Route {
    /// No route.
    #[strum(serialize = "none")]
    Nothing,
    /// Each move shifts the mover by a cell.
    Shift,
    /// Each move rolls a box (one cell standing, two lying).
    Roll,
}

/// What a [`Mark`] ties a cell to.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, IntoStaticStr, VariantArray, VariantNames, EnumMessage,
)]
#[strum(serialize_all = "lowercase")]
pub enum MarkKind {
    /// A cell of bridge `group` (from 1).
    Bridge,
    /// A switch whose first action is on bridge `group` (from 1).
    Switch,
    /// Where a split switch's cubes land.
    Landing,
    /// A cell of the goal region, where the piece `label` must stand.
    Goal,
}

/// A cell of a case that its judge text ties to others beyond the cell's symbol: what
/// the page colours alike (a bridge and the switches that act on it) or marks (where
/// split cubes land, the goal region), so the page reads no judge text to draw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The cell, 0-based.
    pub pos: Pos,
    /// What it is.
    pub kind: MarkKind,
    /// Which bridge (from 1; 0 when none).
    pub group: usize,
    /// The piece it is for ([`MarkKind::Goal`]).
    pub label: Option<char>,
}

/// A key the player pressed: an arrow, with the piece on `picked` chosen (a click).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// The arrow pressed.
    pub dir: Dir,
    /// The cell clicked to choose the piece that moves (one of several pieces, or of two
    /// split cubes), 0-based; with `None`, puzzles of one moving piece move it, and a
    /// puzzle that needs a choice makes no move.
    pub picked: Option<Pos>,
}

/// Where the player stands, and how far from solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The moves played so far, in the puzzle's notation (the key's move added when it
    /// was legal).
    pub path: String,
    /// How many moves that path counts, by the rules.
    pub moves: usize,
    /// The position after them.
    pub picture: Picture,
    /// The minimum number of moves left from there (`Some(0)`: solved), or `None` when
    /// the position is lost (no way to the goal from it).
    pub left: Option<u64>,
    /// The judge's verdict on the moves played: the moves they take to the goal as
    /// `check` replays an answer ([`Paths::replay_path`](crate::Paths::replay_path), the
    /// rules alone), or `None` when they do not end at the goal. The page says
    /// "solved" from this, not from the solver's `left`.
    pub solved: Option<u64>,
    /// Why the key's move was not played: the rules refuse it (the box would fall,
    /// the piece is blocked), or the key makes no move here. The position is the one
    /// before it.
    pub refused: Option<String>,
    /// What the editor paints, symbol and meaning (empty: no editor).
    pub kinds: Vec<(char, String)>,
    /// The case's cells that its text ties to others ([`Mark`]).
    pub marks: Vec<Mark>,
    /// How many cases the input has (only the one asked for is played).
    pub cases: usize,
}

/// Every case of `input`, and the one numbered `case` (from 1) taken out by index.
fn read_cases<A: Solve>(
    adapter: &A,
    input: Input<'_>,
    options: &Options,
    case: usize,
) -> Result<(Vec<A::Case>, usize), RunError> {
    let cases = adapter
        .cases(input, options)
        .collect::<Result<Vec<_>, _>>()?;
    if case == 0 || case > cases.len() {
        return Err(RunError::Usage(UsageError::new(format!(
            "there is no {} {case}: the input has {} (numbered from 1)",
            A::ABOUT.unit,
            cases.len()
        ))));
    }
    Ok((cases, case - 1))
}

/// [`Moves::step`]: a key's move in a position.
pub type StepFn<A> =
    fn(&A, &<A as Format>::Case, &<A as Draw>::State, Option<Pos>, Dir) -> Option<String>;
/// [`Moves::join`]: a path and one more move.
pub type JoinFn<A> = fn(&A, &<A as Format>::Case, &str, &str) -> String;
/// [`Moves::left`]: the fewest moves left from a position.
pub type LeftFn<A> = fn(
    &A,
    &mut <A as Solve>::Solver,
    &<A as Format>::Case,
    &<A as Draw>::State,
) -> Result<Option<u64>, Unsolved>;
/// [`Moves::kinds`]: the editor's kinds of cell.
pub type KindsFn<A> = fn(&A, &<A as Format>::Case) -> Vec<(char, String)>;
/// [`Moves::marks`]: the marks of a case.
pub type MarksFn<A> = fn(&A, &<A as Format>::Case) -> Vec<Mark>;
/// [`Moves::edit`]: a case with one cell edited.
pub type EditFn<A> =
    fn(&A, &<A as Format>::Case, Pos, char) -> Result<<A as Format>::Case, EditError>;
/// The editor of a puzzle with [`PlayLook::line_kinds`]: a case with a [`CellEdit`]
/// made, of any kind (the plain ones too, which may have to leave a group), its cells
/// already checked to lie on the board.
pub type LinesFn<A> =
    fn(&A, &<A as Format>::Case, &CellEdit) -> Result<<A as Format>::Case, EditError>;

/// A puzzle's moves on its own types, which the generic functions its `impl Play` is
/// written with (`play`, `edit_cell`) play: the adapter's own functions, no trait.
pub struct Moves<A: Draw + Solve> {
    /// The move a player makes in a position by pressing the arrow `dir`, with the
    /// piece on `picked` chosen by a click (one of several pieces, or of two split
    /// cubes), in the notation of [`Paths::parse_path`](crate::Paths::parse_path); `None` when the key makes no
    /// move there (no piece picked). The rules are not checked here: the path is
    /// replayed.
    pub step: StepFn<A>,
    /// The path of a case (in the puzzle's notation, maybe empty) followed by one move:
    /// `append` (one after the other), or for a puzzle whose path words are moves of pieces, a step of the
    /// piece that just moved joined onto its word.
    pub join: JoinFn<A>,
    /// The minimum number of moves that solve the case from a position on (`None`: it
    /// cannot be solved from there), by the fast solver: the live hint.
    pub left: LeftFn<A>,
    /// The kinds of cell the board editor paints on a case: the symbol (as
    /// [`Draw::glyph_at`] shows it) and what it is (none: no editor).
    pub kinds: KindsFn<A>,
    /// The case with the cell at a position made a kind (one of `kinds`), what else
    /// that implies changed with it (a second target cleared, a piece grown); an edit
    /// the rules refuse is said in words.
    pub edit: EditFn<A>,
    /// The case's [`Mark`]s (`no_marks`: none).
    pub marks: MarksFn<A>,
}

impl<A: Draw + Solve> std::fmt::Debug for Moves<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Moves").finish_non_exhaustive()
    }
}

/// Inside a puzzle's `impl Play`: the methods written with this module's generic
/// functions over the puzzle's typed moves, `$moves` (a `&Moves<Self>`), and for a
/// puzzle with [`PlayLook::line_kinds`], `lines: $lines` (its [`LinesFn`]).
macro_rules! play_by_moves {
    ($moves:expr) => {
        crate::play::play_by_moves!($moves, lines: None);
    };
    ($moves:expr, lines: $lines:expr) => {
        fn play(
            &self,
            input: parsers::Input<'_>,
            options: &crate::options::Options,
            limits: grid_core::Limits,
            case: usize,
            path: &str,
            key: Option<crate::play::Key>,
        ) -> Result<crate::play::Played, crate::contract::RunError> {
            crate::play::play(self, $moves, input, options, limits, case, path, key)
        }

        fn edit_cell(
            &self,
            input: parsers::Input<'_>,
            options: &crate::options::Options,
            case: usize,
            edit: &crate::play::CellEdit,
        ) -> Result<String, crate::contract::RunError> {
            crate::play::edit_cell(self, $moves, $lines, input, options, case, edit)
        }

        fn case_alone(
            &self,
            input: parsers::Input<'_>,
            output: &str,
            options: &crate::options::Options,
            case: usize,
        ) -> Result<crate::play::CaseAlone, crate::contract::RunError> {
            crate::play::case_alone(self, input, output, options, case)
        }
    };
}
pub(crate) use play_by_moves;

/// [`Moves::marks`] of a puzzle whose cells are all their symbols say.
pub fn no_marks<A: Draw + Solve>(_: &A, _: &A::Case) -> Vec<Mark> {
    Vec::new()
}

/// [`Moves::join`] of a puzzle whose paths are moves one after the other.
pub fn append<A: Draw + Solve>(_: &A, _: &A::Case, path: &str, step: &str) -> String {
    format!("{path}{step}")
}

/// One case of an input on its own, with its known answer ([`Play::case_alone`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseAlone {
    /// The case alone, as a judge input.
    pub input: String,
    /// Its minimum number of moves as the judge output gives it (`None`: no solution).
    pub answer: Option<u64>,
    /// How many cases the whole input has.
    pub cases: usize,
}

/// [`Play::play`] of a puzzle whose moves are `moves`.
///
/// # Errors
/// As [`Play::play`].
#[allow(clippy::too_many_arguments)]
pub fn play<A: Draw + Solve>(
    adapter: &A,
    moves: &Moves<A>,
    input: Input<'_>,
    options: &Options,
    limits: Limits,
    case: usize,
    path: &str,
    key: Option<Key>,
) -> Result<Played, RunError> {
    let mut solver = adapter.solver(options, limits)?;
    let (cases, index) = read_cases(adapter, input, options, case)?;
    let count = cases.len();
    let case = &cases[index];
    let unusable = |e: crate::contract::PathError| {
        RunError::Usage(UsageError::new(format!(
            "the moves played do not replay: {e}"
        )))
    };
    let mut path = path.trim().to_string();
    let (mut here, mut length) = walk_to_end(adapter, case, &path).map_err(unusable)?;
    let mut refused = None;
    if let Some(key) = key {
        let (rows, cols) = adapter.board_size(case);
        if let Some(pos) = key.picked.filter(|p| p.row >= rows || p.col >= cols) {
            return Err(RunError::Usage(UsageError::new(format!(
                "cell ({}, {}) is off the {rows} x {cols} board",
                pos.row.saturating_add(1),
                pos.col.saturating_add(1)
            ))));
        }
        match (moves.step)(adapter, case, &here, key.picked, key.dir) {
            None => refused = Some("click a piece to move first".to_string()),
            Some(step) => {
                let longer = (moves.join)(adapter, case, &path, &step);
                match walk_to_end(adapter, case, &longer) {
                    Ok((there, count)) => {
                        path = longer;
                        here = there;
                        length = count;
                    }
                    Err(e) => refused = Some(e.to_string()),
                }
            }
        }
    }
    let here = &here;
    // The path played is legal (walked above), so the replay's only verdict is whether
    // it ends at the goal.
    let solved = adapter
        .parse_path(&path)
        .ok()
        .and_then(|parsed| adapter.replay_path(case, &parsed).ok());
    let left =
        (moves.left)(adapter, &mut solver, case, here).map_err(|unsolved| RunError::Unsolved {
            unit: A::ABOUT.unit,
            number: index + 1,
            place: adapter.place(case),
            message: unsolved.message,
        })?;
    Ok(Played {
        path,
        moves: length,
        picture: Picture::drawn(adapter.board_size(case), |pos| {
            adapter.glyph_at(case, here, pos)
        }),
        left,
        solved,
        refused,
        kinds: (moves.kinds)(adapter, case),
        marks: (moves.marks)(adapter, case),
        cases: count,
    })
}

/// Where `path` (in the puzzle's notation) leads on `case`, walked one move at a time,
/// and how many moves it has.
fn walk_to_end<A: Draw + Solve>(
    adapter: &A,
    case: &A::Case,
    path: &str,
) -> Result<(A::State, usize), crate::contract::PathError> {
    let path = adapter.parse_path(path)?;
    let mut end = None;
    let mut positions = 0usize;
    for state in adapter.walk(case, &path) {
        end = Some(state?);
        positions += 1;
    }
    let end =
        end.ok_or_else(|| crate::contract::PathError::rules("a walk starts with the start"))?;
    Ok((end, positions - 1))
}

/// [`Play::edit_cell`] of a puzzle whose moves are `moves`.
///
/// # Errors
/// As [`Play::edit_cell`].
pub fn edit_cell<A: Draw + Solve>(
    adapter: &A,
    moves: &Moves<A>,
    lines: Option<LinesFn<A>>,
    input: Input<'_>,
    options: &Options,
    case: usize,
    edit: &CellEdit,
) -> Result<String, RunError> {
    let usage = |e: String| RunError::Usage(UsageError::new(e));
    let (mut cases, index) = read_cases(adapter, input, options, case)?;
    let (rows, cols) = adapter.board_size(&cases[index]);
    for pos in std::iter::once(&edit.pos).chain(&edit.cells) {
        if pos.row >= rows || pos.col >= cols {
            return Err(usage(format!(
                "cell ({}, {}) is off the {rows} x {cols} board",
                pos.row.saturating_add(1),
                pos.col.saturating_add(1)
            )));
        }
    }
    let edited = match lines {
        Some(lines) => lines(adapter, &cases[index], edit),
        None if edit.group.is_some() || !edit.cells.is_empty() => {
            return Err(usage(format!(
                "{:?} takes no group and no further cells",
                edit.kind
            )));
        }
        None => (moves.edit)(adapter, &cases[index], edit.pos, edit.kind),
    }
    .map_err(|e| usage(e.to_string()))?;
    cases[index] = edited;
    let all: Vec<&A::Case> = cases.iter().collect();
    adapter
        .write_input(&all)
        .or_else(|| adapter.write_input(&[&cases[index]]))
        .ok_or_else(|| RunError::Usage(UsageError::new("the edited case cannot be written")))
}

/// [`Play::case_alone`] of any puzzle.
///
/// # Errors
/// As [`Play::case_alone`].
pub fn case_alone<A: Solve>(
    adapter: &A,
    input: Input<'_>,
    output: &str,
    options: &Options,
    case: usize,
) -> Result<CaseAlone, RunError> {
    let (cases, index) = read_cases(adapter, input, options, case)?;
    let usage = |message: String| RunError::Usage(UsageError::new(message));
    let text = adapter
        .write_input(&[&cases[index]])
        .ok_or_else(|| usage(format!("case {case} cannot be written alone")))?;
    // The judge writes the same number of lines for every case: as many as a "no
    // solution" line of this case takes.
    let mut none = String::new();
    let unsolved = Answer {
        moves: None,
        path: None,
        stats: SearchStats::default(),
    };
    write_answer_line(adapter, &mut none, case, &unsolved);
    let per_case = none.lines().count().max(1);
    let lines: Vec<&str> = output
        .lines()
        .skip(index.saturating_mul(per_case))
        .take(per_case)
        .collect();
    if lines.len() < per_case {
        return Err(usage(format!("the output has no answer for case {case}")));
    }
    let mut chunk = lines.join("\n");
    chunk.push('\n');
    let wrong = || {
        usage(format!(
            "the answer of case {case} is not one the judge writes: {chunk:?}"
        ))
    };
    let answer = if matches!(A::ABOUT.answer, AnswerLine::Path { .. }) {
        read_answer_line(adapter, &chunk)
            .map_err(|_| wrong())?
            .map(|path| path.move_count())
    } else if chunk == none {
        None
    } else {
        let number = chunk
            .split(|c: char| !c.is_ascii_digit())
            .rfind(|w| !w.is_empty())
            .and_then(|w| w.parse::<u64>().ok())
            .ok_or_else(wrong)?;
        let mut line = String::new();
        adapter.write_count(&mut line, case, Some(number));
        if line != chunk {
            return Err(wrong());
        }
        Some(number)
    };
    Ok(CaseAlone {
        input: text,
        answer,
        cases: cases.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Choice;

    /// The names the page knows the look's kinds by (`app.js` and `boards.js` draw by
    /// them): a renamed variant must not rename what the page reads.
    #[test]
    fn the_page_knows_each_kind_by_its_name() {
        assert_eq!(
            Floor::NAMES,
            ["tiles", "grass", "yard", "frame", "tray", "plain"]
        );
        assert_eq!(
            Actors::NAMES,
            ["none", "box", "snake", "tiles", "pieces", "numbers"]
        );
        assert_eq!(Arrows::NAMES, ["mover", "blank", "tile"]);
        assert_eq!(Route::NAMES, ["none", "shift", "roll"]);
        assert_eq!(Route::Roll.name(), "roll");
        assert_eq!(MarkKind::NAMES, ["bridge", "switch", "landing", "goal"]);
        for kind in MarkKind::ALL {
            assert_eq!(MarkKind::NAMES[*kind as usize], kind.name());
        }
    }
}
