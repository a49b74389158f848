//! What the playground (`gridsolve serve`) asks of a puzzle beyond solving: a position
//! reached by a player's moves with the minimum number of moves left from it, a board
//! edited cell by cell, and frames as plain data a page can draw. Written once over
//! [`Adapter`], so every puzzle of the registry has them.

use crate::contract::{Adapter, Glyph, Paint};
use crate::driver::{Frames, Puzzle, RunError, Solved};
use crate::options::{Options, UsageError};
use grid_core::{Dir, Limits, Pos};
use parsers::Input;

/// A frame as plain data: one string of symbols per row and, beside it, one string of
/// paints per row (see [`paint_code`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub rows: usize,
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
    /// Frame `i` of `frames`, on a board of `size` (rows, columns).
    pub fn of(frames: &dyn Frames, i: usize, size: (usize, usize)) -> Picture {
        Picture::drawn(size, |pos| frames.glyph(i, pos))
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

/// A key the player pressed: an arrow, with the piece on `picked` chosen (a click).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    pub dir: Dir,
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
    /// Why the key's move was not played: the rules refuse it (the box would fall,
    /// the piece is blocked), or the key makes no move here. The position is the one
    /// before it.
    pub refused: Option<String>,
    /// What the editor paints, symbol and meaning (empty: no editor).
    pub kinds: Vec<(char, String)>,
    /// How many cases the input has (only the one asked for is played).
    pub cases: usize,
}

/// The one JSON object `--format json` writes for a solved case: the common fields in
/// their documented order (with `file`, from 1, after `case` when several inputs are
/// solved), then the puzzle's own.
pub fn json_line(
    puzzle: &dyn Puzzle,
    options: &Options,
    solved: &dyn Solved,
    file: Option<usize>,
) -> String {
    let stats = solved.stats();
    let mut fields: Vec<(&str, serde_json::Value)> = vec![
        ("puzzle", puzzle.about().name.into()),
        ("case", solved.number().into()),
    ];
    if let Some(file) = file {
        fields.push(("file", file.into()));
    }
    fields.extend([
        ("answer", solved.moves().into()),
        ("path", solved.path().into()),
        ("expanded", stats.expanded.into()),
        ("generated", stats.generated.into()),
    ]);
    fields.extend(puzzle.json_fields(options));
    let body: Vec<String> = fields
        .iter()
        .map(|(key, value)| format!("{}:{value}", serde_json::Value::from(*key)))
        .collect();
    format!("{{{}}}", body.join(","))
}

/// Every case of `input`, and the one numbered `case` (from 1) taken out by index.
fn read_cases<A: Adapter>(
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
            adapter.about().unit,
            cases.len()
        ))));
    }
    Ok((cases, case - 1))
}

/// [`Puzzle::play`].
pub(crate) fn play<A: Adapter>(
    adapter: &A,
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
    let unusable = |e: String| {
        RunError::Usage(UsageError::new(format!(
            "the moves played do not replay: {e}"
        )))
    };
    let mut path = path.trim().to_string();
    let mut states = adapter
        .trace(case, &adapter.parse_path(&path).map_err(unusable)?)
        .map_err(unusable)?;
    let mut refused = None;
    if let Some(key) = key {
        let (rows, cols) = adapter.size(case);
        if let Some(pos) = key.picked.filter(|p| p.row >= rows || p.col >= cols) {
            return Err(RunError::Usage(UsageError::new(format!(
                "cell ({}, {}) is off the {rows} x {cols} board",
                pos.row.saturating_add(1),
                pos.col.saturating_add(1)
            ))));
        }
        let here = states.last().expect("a trace holds the start");
        match adapter.play_move(case, here, key.picked, key.dir) {
            None => refused = Some("click a piece to move first".to_string()),
            Some(step) => {
                let longer = adapter.join_moves(case, &path, &step);
                match adapter
                    .parse_path(&longer)
                    .and_then(|p| adapter.trace(case, &p))
                {
                    Ok(longer_states) => {
                        path = longer;
                        states = longer_states;
                    }
                    Err(e) => refused = Some(e),
                }
            }
        }
    }
    let here = states.last().expect("a trace holds the start");
    let left = adapter
        .moves_left(&mut solver, case, here)
        .map_err(|unsolved| RunError::Unsolved {
            unit: adapter.about().unit,
            number: index + 1,
            place: adapter.place(case),
            message: unsolved.message,
        })?;
    Ok(Played {
        path,
        moves: states.len() - 1,
        picture: Picture::drawn(adapter.size(case), |pos| adapter.glyph(case, here, pos)),
        left,
        refused,
        kinds: adapter.cell_kinds(case),
        cases: count,
    })
}

/// [`Puzzle::edit_cell`].
pub(crate) fn edit_cell<A: Adapter>(
    adapter: &A,
    input: Input<'_>,
    options: &Options,
    case: usize,
    pos: Pos,
    kind: char,
) -> Result<String, RunError> {
    let (mut cases, index) = read_cases(adapter, input, options, case)?;
    let (rows, cols) = adapter.size(&cases[index]);
    if pos.row >= rows || pos.col >= cols {
        return Err(RunError::Usage(UsageError::new(format!(
            "cell ({}, {}) is off the {rows} x {cols} board",
            pos.row.saturating_add(1),
            pos.col.saturating_add(1)
        ))));
    }
    let edited = Adapter::edit(adapter, &cases[index], pos, kind)
        .map_err(|e| RunError::Usage(UsageError::new(e)))?;
    cases[index] = edited;
    let all: Vec<&A::Case> = cases.iter().collect();
    adapter
        .write_input(&all)
        .or_else(|| adapter.write_input(&[&cases[index]]))
        .ok_or_else(|| RunError::Usage(UsageError::new("the edited case cannot be written")))
}
