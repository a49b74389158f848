//! The original Bloxorz (switches, bridges, split cubes) through the contract: a case is
//! a level, one a file.

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
use crate::play::{CellEdit, Play};
use crate::shrinking;
use ::bloxorz_classic::generate::{Family, GenParams};
use ::bloxorz_classic::{
    Action, Body, Bridge, Layout, Level, Path, Position, Solver, Split, Switch, Tile,
};
use grid_core::{Choice, Dir, LimitError, Limits, Moves, Pos};
use parsers::validate::Report;
use parsers::{Input, InputError};
use std::fmt;
use std::io;

/// The classic Bloxorz adapter.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BloxorzClassic;

static ABOUT: About = About {
    name: "bloxorz-classic",
    summary: "The original Bloxorz with switches, bridges and split cubes: stand the block on the exit",
    unit: "level",
    label: "level",
    sample: "6 10\n...#######\n.X....####\n.........#\n#.........\n#####..O..\n######...#\n",
    moves_are: "the block's rolls and the cubes' steps, U D L R (u d l r for cube 2)",
    move_word: "moves",
    never: "-1 (the block can never stand on the exit)",
    answer: AnswerLine::Count,
};

/// The playground's difficulties of a new puzzle: the generator's options and the band
/// of optimal move counts a board must fall in, measured with `gridsolve gen ... |
/// gridsolve` over seeds 1-8 (a board outside its band is passed over for the next seed).
static PRESETS: [Preset; 3] = [
    Preset {
        difficulty: "easy",
        options: &[
            ("rows", "6"),
            ("cols", "10"),
            ("bridges", "1"),
            ("splits", "0"),
        ],
        band: (4, 12),
    },
    Preset {
        difficulty: "medium",
        options: &[
            ("rows", "8"),
            ("cols", "12"),
            ("bridges", "2"),
            ("splits", "0"),
        ],
        band: (7, 20),
    },
    Preset {
        difficulty: "hard",
        options: &[("rows", "10"), ("cols", "15"), ("family", "gates")],
        band: (15, u64::MAX),
    },
];

static LOOK: Look = Look {
    move_verb: "move",
    legend: &[
        ('#', "no tile"),
        ('.', "floor"),
        ('E', "orange: the block may not stand on it"),
        ('o', "soft switch"),
        ('h', "heavy switch: only the standing block presses it"),
        ('s', "split switch"),
        ('=', "bridge, on"),
        ('-', "bridge, off (no tile)"),
        ('O', "the exit"),
        ('B', "the block"),
        ('1', "cube 1 (moved by U D L R)"),
        ('2', "cube 2 (moved by u d l r)"),
    ],
    labels: false,
};

static GEN_OPTIONS: [OptionSpec; 6] = [ROWS, COLS, EMPTY, FRAGILE, BRIDGES, SPLITS];

const ROWS: OptionSpec = generating::rows("10", ::bloxorz_classic::MAX_CELLS);

const COLS: OptionSpec = generating::cols("15", ::bloxorz_classic::MAX_CELLS);

const EMPTY: OptionSpec = generating::empty("10");

const FRAGILE: OptionSpec = generating::fragile("10");

const BRIDGES: OptionSpec = OptionSpec::new(
    OptionKind::Count,
    "bridges",
    "N",
    "Number of bridges (each with a switch that acts on it)",
    "3",
)
// A bit each in the setting of the bridges.
.with_range(0, 64);

// Each takes a cell of its own.
const SPLITS: OptionSpec = OptionSpec::new(
    OptionKind::Count,
    "splits",
    "N",
    "Number of split switches",
    "1",
)
.with_range(0, ::bloxorz_classic::MAX_CELLS as u64);

impl Format for BloxorzClassic {
    type Case = Level;

    const ABOUT: &'static About = &ABOUT;

    fn cases<'a>(
        &'a self,
        input: Input<'a>,
        _options: &Options,
    ) -> Box<dyn Iterator<Item = Result<Level, InputError>> + 'a> {
        Box::new(std::iter::once_with(move || {
            parsers::bloxorz_classic::read(input)
        }))
    }

    fn board_size(&self, level: &Level) -> (usize, usize) {
        (level.rows(), level.cols())
    }

    fn place(&self, _level: &Level) -> Option<(usize, usize)> {
        Some((1, 1))
    }

    fn write_count(&self, out: &mut String, _number: usize, moves: Option<u64>) {
        parsers::bloxorz_classic::write_answer(out, moves);
    }

    fn write_input(&self, cases: &[&Level]) -> Option<String> {
        let [level] = cases else {
            return None;
        };
        let mut out = String::new();
        parsers::bloxorz_classic::write_level(&mut out, level);
        Some(out)
    }

    fn violations(&self, input: Input<'_>, max: usize) -> std::io::Result<Report> {
        parsers::validate::bloxorz_classic::validate_input(input, max)
    }
}

impl Paths for BloxorzClassic {
    type Path = Path;

    fn replay_path(&self, level: &Level, path: &Path) -> Result<u64, PathError> {
        ::bloxorz_classic::replay(level, path).map_err(PathError::rules)
    }
}

impl Solve for BloxorzClassic {
    type Solver = Solver;

    fn solver(&self, _options: &Options, limits: Limits) -> Result<Solver, UsageError> {
        Ok(Solver::with_limits(limits))
    }

    fn solve(
        &self,
        solver: &mut Solver,
        level: &Level,
        with_path: bool,
    ) -> Result<Answer<Path>, Unsolved> {
        Answer::search(
            solver,
            with_path,
            |s| s.solve_with_path(level),
            |s| s.solve(level),
            Solver::stats,
        )
    }
}

impl Adapter for BloxorzClassic {
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

impl Oracle<Level> for BloxorzClassic {
    /// The oracle's states: three placements of the block per tile and, with a split
    /// switch, every ordered pair of tiles for cube 1 and cube 2, for every setting of
    /// the bridges.
    fn naive_states(&self, level: &Level) -> u64 {
        // What the oracle says of the level written back as a level file (unknown: no
        // bound).
        self.write_input(&[level])
            .and_then(|text| ::bloxorz_classic::oracle::state_space(&text).ok())
            .unwrap_or(u64::MAX)
    }

    fn naive_moves(&self, level: &Level, limits: Limits) -> Result<Option<u64>, LimitError> {
        // The oracle reads the level file with its own reader: the case is written back
        // as an input of its own.
        oracle_on_text(
            self.write_input(&[level]),
            |text| {
                ::bloxorz_classic::oracle::solve_text(text, limits)
                    .map(|answer| vec![answer.map(|(moves, _)| moves)])
            },
            |e| match e {
                ::bloxorz_classic::oracle::OracleError::Limit(e) => Some(e),
                // Refused (or stopped for a reason it may add later).
                _ => None,
            },
        )
    }
}

impl Draw for BloxorzClassic {
    type State = Position;

    fn walk<'a>(&'a self, level: &'a Level, path: &'a Path) -> Walk<'a, Position> {
        Box::new(::bloxorz_classic::walk(level, path).map(|p| p.map_err(PathError::rules)))
    }

    fn glyph_at(&self, level: &Level, position: &Position, pos: Pos) -> Glyph {
        match position.body {
            Body::Block(placement) => {
                let (a, b) = placement.cells();
                if pos == a || Some(pos) == b {
                    return Glyph::painted('B', Paint::Mover);
                }
            }
            Body::Cubes([one, two]) => {
                if pos == one {
                    return Glyph::painted('1', Paint::Mover);
                }
                if pos == two {
                    return Glyph::painted('2', Paint::Body);
                }
            }
        }
        if pos == level.exit() {
            return Glyph::painted('O', Paint::Goal);
        }
        match level.bridge_at(pos) {
            Some(b) if position.bridges[b] => Glyph::plain('='),
            Some(_) => Glyph::plain('-'),
            None => Glyph::plain(level.tile(pos).symbol()),
        }
    }

    fn focus_of(&self, _level: &Level, position: &Position) -> Rect {
        Rect::around(position.body.cells())
    }

    fn move_name(&self, path: &Path, i: usize) -> String {
        path[i].to_string()
    }

    fn write_svg(
        &self,
        level: &Level,
        path: Option<&Path>,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        picture::draw_picture(out, level, path)
    }

    const LOOK: &'static Look = &LOOK;
}

impl Generate for BloxorzClassic {
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
            empty: options.percent(&EMPTY)?,
            fragile: options.percent(&FRAGILE)?,
            bridges: options.value(&BRIDGES)?,
            splits: options.value(&SPLITS)?,
            seed: generating::seed(options)?,
        };
        let level = ::bloxorz_classic::generate::generate(&params).map_err(UsageError::new)?;
        let mut text = String::new();
        parsers::bloxorz_classic::write_level(&mut text, &level);
        out.write_all(text.as_bytes())?;
        Ok(())
    }

    fn own_invalid_kinds(&self) -> &'static [crate::invalid::InvalidKind] {
        &invalid::KINDS
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

impl Shrink<Level> for BloxorzClassic {
    fn smaller<'a>(&'a self, level: &'a Level) -> Box<dyn Iterator<Item = Level> + 'a> {
        let layout = level.layout();
        let make = |layout: Layout| Level::new(layout).ok();
        // A split switch fewer, a switch fewer, a bridge fewer (its cells empty, the
        // actions on it gone), ...
        let splits = (0..layout.splits.len()).filter_map({
            let layout = layout.clone();
            move |i| {
                let mut smaller = layout.clone();
                let split = smaller.splits.remove(i);
                smaller.tiles[split.pos.row * smaller.cols + split.pos.col] = Tile::Floor;
                make(smaller)
            }
        });
        let switches = (0..layout.switches.len()).filter_map({
            let layout = layout.clone();
            move |i| {
                let mut smaller = layout.clone();
                let switch = smaller.switches.remove(i);
                smaller.tiles[switch.pos.row * smaller.cols + switch.pos.col] = Tile::Floor;
                make(smaller)
            }
        });
        let bridges = (0..layout.bridges.len()).filter_map({
            let layout = layout.clone();
            move |i| {
                let mut smaller = layout.clone();
                let bridge = smaller.bridges.remove(i);
                for cell in bridge.cells {
                    smaller.tiles[cell.row * smaller.cols + cell.col] = Tile::Empty;
                }
                for switch in &mut smaller.switches {
                    switch.actions.retain(|a| a.bridge() != i);
                    for action in &mut switch.actions {
                        *action = match *action {
                            Action::Toggle(b) if b > i => Action::Toggle(b - 1),
                            Action::On(b) if b > i => Action::On(b - 1),
                            Action::Off(b) if b > i => Action::Off(b - 1),
                            same => same,
                        };
                    }
                }
                make(smaller)
            }
        });
        // ... then the crop to the frame around the tiles, fewer rows or columns (the
        // start, the exit, the switches and the split landings stay; a bridge keeps
        // the cells left of it), ...
        let cut_layout = layout.clone();
        let cut = move |cut: shrinking::Cut| {
            let layout = &cut_layout;
            let (rows, cols) = cut.size(layout.rows, layout.cols);
            let mut bridges = layout.bridges.clone();
            for bridge in &mut bridges {
                bridge.cells = bridge.cells.iter().filter_map(|&c| cut.map(c)).collect();
            }
            let mut switches = layout.switches.clone();
            for switch in &mut switches {
                switch.pos = cut.map(switch.pos)?;
            }
            let mut splits = layout.splits.clone();
            for split in &mut splits {
                split.pos = cut.map(split.pos)?;
                split.landing = [cut.map(split.landing[0])?, cut.map(split.landing[1])?];
            }
            make(Layout {
                rows,
                cols,
                tiles: cut.keep(layout.rows, layout.cols, &layout.tiles),
                start: cut.map(layout.start)?,
                exit: cut.map(layout.exit)?,
                bridges,
                switches,
                splits,
            })
        };
        let tiles = &layout.tiles;
        let frame = shrinking::frame(layout.rows, layout.cols, 0, |p| {
            tiles[p.row * layout.cols + p.col] != Tile::Empty
        });
        let cuts = frame
            .into_iter()
            .chain(shrinking::cuts(layout.rows, layout.cols))
            .filter_map(cut);
        // ... then floor made empty (all of it but the start and the exit, then halves
        // of it down to single tiles), then fragile tiles made floor, in blocks too.
        let marks = [layout.start, layout.exit].map(|p| p.row * layout.cols + p.col);
        let of_kind = |kinds: &[Tile]| -> Vec<usize> {
            (0..tiles.len())
                .filter(|&i| kinds.contains(&tiles[i]) && !marks.contains(&i))
                .collect()
        };
        let simpler: Vec<(Vec<usize>, Tile)> = [
            (of_kind(&[Tile::Floor, Tile::Fragile]), Tile::Empty),
            (of_kind(&[Tile::Fragile]), Tile::Floor),
        ]
        .into_iter()
        .flat_map(|(cells, to)| {
            shrinking::blocks(cells.len())
                .into_iter()
                .map(move |block| (cells[block].to_vec(), to))
        })
        .collect();
        let cells = simpler.into_iter().filter_map(move |(cells, to)| {
            let mut smaller = layout.clone();
            for i in cells {
                smaller.tiles[i] = to;
            }
            make(smaller)
        });
        Box::new(
            splits
                .chain(switches)
                .chain(bridges)
                .chain(cuts)
                .chain(cells),
        )
    }
}

/// The game's moves on the adapter's own types ([`crate::Moves`]).
impl BloxorzClassic {
    /// Each bridge's cells and the switches that act on it (by their first action), and
    /// where split cubes land: what the level file's lines say beyond the grid.
    fn marks(&self, level: &Level) -> Vec<crate::play::Mark> {
        use crate::play::{Mark, MarkKind};
        let mark = |pos, kind, group| Mark {
            pos,
            kind,
            group,
            label: None,
        };
        let mut marks = Vec::new();
        for (i, bridge) in level.bridges().iter().enumerate() {
            marks.extend(
                bridge
                    .cells
                    .iter()
                    .map(|&p| mark(p, MarkKind::Bridge, i + 1)),
            );
        }
        for switch in level.switches() {
            let group = switch.actions.first().map_or(0, |a| a.bridge() + 1);
            marks.push(mark(switch.pos, MarkKind::Switch, group));
        }
        for split in level.splits() {
            marks.extend(split.landing.iter().map(|&p| mark(p, MarkKind::Landing, 0)));
        }
        marks
    }

    /// The plain tiles, the exit and the block's start (the bridges, switches and split
    /// switches are the look's [`line_kinds`](crate::play::PlayLook::line_kinds), which
    /// need a bridge or landing cells).
    fn cell_kinds(&self, _level: &Level) -> Vec<(char, String)> {
        [
            ('#', "no tile"),
            ('.', "floor"),
            ('E', "orange floor"),
            ('O', "the exit"),
            ('B', "the block's start, standing"),
        ]
        .into_iter()
        .map(|(c, s)| (c, s.to_string()))
        .collect()
    }

    /// A plain kind of cell painted (no bridge, no landing cells).
    fn edit(&self, level: &Level, pos: Pos, kind: char) -> Result<Level, EditError> {
        self.edit_lines(level, &CellEdit::cell(pos, kind))
    }

    /// The editor: the cell first leaves whatever it was part of (its switch or split
    /// switch goes; it leaves its bridge, and a bridge left without cells goes, the
    /// bridges after it renumbered, and a switch left without actions becomes floor),
    /// then becomes `edit.kind`: a plain kind of [`Self::cell_kinds`]; `=`, a cell of
    /// bridge `edit.group` (one more than the bridges: a new bridge, off at the start);
    /// `o` or `h`, a soft or heavy switch that toggles bridge `edit.group`; `s`, a split
    /// switch whose cubes land on `edit.cells` (two of them). The cells are on the
    /// level (checked by the caller).
    fn edit_lines(&self, level: &Level, edit: &CellEdit) -> Result<Level, EditError> {
        let CellEdit {
            pos,
            kind,
            group,
            ref cells,
        } = *edit;
        // What the kind needs beyond the cell, as the page is told.
        let line = look::GAME.line_kinds.iter().find(|k| k.kind == kind);
        let takes_group = line.is_some_and(|k| k.group.is_some());
        let takes_cells = line.map_or(0, |k| k.cells.len());
        if group.is_some() && !takes_group {
            return Err(EditError(format!("{kind:?} acts on no bridge")));
        }
        if cells.len() != takes_cells {
            return Err(EditError(match takes_cells {
                0 => format!("{kind:?} takes no landing cells"),
                n => format!(
                    "a split switch needs its {n} landing cells, not {}",
                    cells.len()
                ),
            }));
        }
        let mut layout = level.layout();
        clear(&mut layout, pos);
        let i = pos.row * layout.cols + pos.col;
        let bridges = layout.bridges.len();
        // The bridge chosen, from 1 (`new`: one more than the bridges there are).
        let bridge = |new: bool| -> Result<usize, EditError> {
            let most = if new { bridges + 1 } else { bridges };
            match group {
                _ if most == 0 => Err(EditError(
                    "paint a bridge first: a switch toggles a bridge".to_string(),
                )),
                None => Err(EditError(format!(
                    "{kind:?} needs the bridge it acts on (from 1 to {most})"
                ))),
                Some(g) if g == 0 || g > most => Err(EditError(format!(
                    "there is no bridge {g}: the level has {bridges}{}",
                    if new {
                        " (one more makes a new one)"
                    } else {
                        ""
                    }
                ))),
                Some(g) => Ok(g),
            }
        };
        match kind {
            '#' => layout.tiles[i] = Tile::Empty,
            '.' => layout.tiles[i] = Tile::Floor,
            'E' => layout.tiles[i] = Tile::Fragile,
            'O' => {
                layout.tiles[i] = Tile::Floor;
                layout.exit = pos;
            }
            'B' => {
                layout.tiles[i] = Tile::Floor;
                layout.start = pos;
            }
            '=' => {
                let g = bridge(true)?;
                if g > bridges {
                    layout.bridges.push(Bridge {
                        on: false,
                        cells: vec![pos],
                    });
                } else {
                    layout.bridges[g - 1].cells.push(pos);
                }
                layout.tiles[i] = Tile::Bridge;
            }
            'o' | 'h' => {
                let g = bridge(false)?;
                layout.switches.push(Switch {
                    pos,
                    actions: vec![Action::Toggle(g - 1)],
                });
                layout.tiles[i] = if kind == 'o' { Tile::Soft } else { Tile::Heavy };
            }
            's' => {
                layout.splits.push(Split {
                    pos,
                    landing: [cells[0], cells[1]],
                });
                layout.tiles[i] = Tile::Split;
            }
            other => {
                return Err(EditError(format!(
                    "{other:?} is no kind of Bloxorz classic cell"
                )));
            }
        }
        Level::new(layout).map_err(EditError::new)
    }

    /// `U D L R` move the block, or cube 1; `u d l r` cube 2, when it is picked.
    fn play_move(
        &self,
        _: &Level,
        position: &Position,
        picked: Option<Pos>,
        dir: Dir,
    ) -> Option<String> {
        let letter = Moves::from(vec![dir]).to_string();
        Some(match position.body {
            Body::Cubes([_, two]) if picked == Some(two) => letter.to_lowercase(),
            _ => letter,
        })
    }

    fn moves_left(
        &self,
        solver: &mut Solver,
        level: &Level,
        position: &Position,
    ) -> Result<Option<u64>, Unsolved> {
        solver.solve_from(level, position).map_err(Unsolved::new)
    }
}

/// `layout` with the cell at `pos` part of no bridge, switch or split switch: its switch
/// or split goes, it leaves its bridge, and a bridge left without cells goes (the
/// bridges after it renumbered; a switch left without actions goes, its cell floor).
/// A cell that was a switch, a split switch or a bridge is floor.
fn clear(layout: &mut Layout, pos: Pos) {
    let cols = layout.cols;
    layout.switches.retain(|switch| switch.pos != pos);
    layout.splits.retain(|split| split.pos != pos);
    for bridge in &mut layout.bridges {
        bridge.cells.retain(|&cell| cell != pos);
    }
    while let Some(gone) = layout.bridges.iter().position(|b| b.cells.is_empty()) {
        layout.bridges.remove(gone);
        let renumber = |action: Action| {
            let b = action.bridge();
            let b = match b.cmp(&gone) {
                std::cmp::Ordering::Less => b,
                std::cmp::Ordering::Equal => return None,
                std::cmp::Ordering::Greater => b - 1,
            };
            Some(match action {
                Action::Toggle(_) => Action::Toggle(b),
                Action::On(_) => Action::On(b),
                Action::Off(_) => Action::Off(b),
            })
        };
        for switch in &mut layout.switches {
            switch.actions = switch.actions.iter().filter_map(|&a| renumber(a)).collect();
            if switch.actions.is_empty() {
                layout.tiles[switch.pos.row * cols + switch.pos.col] = Tile::Floor;
            }
        }
        layout.switches.retain(|switch| !switch.actions.is_empty());
    }
    let tile = &mut layout.tiles[pos.row * cols + pos.col];
    if matches!(tile, Tile::Bridge | Tile::Soft | Tile::Heavy | Tile::Split) {
        *tile = Tile::Floor;
    }
}

impl Play for BloxorzClassic {
    fn play_look(&self) -> &'static crate::play::PlayLook {
        &look::GAME
    }

    crate::play::play_by_moves!(&crate::play::Moves {
        step: BloxorzClassic::play_move,
        join: crate::play::append,
        left: BloxorzClassic::moves_left,
        kinds: BloxorzClassic::cell_kinds,
        edit: BloxorzClassic::edit,
        marks: BloxorzClassic::marks,
    }, lines: Some(BloxorzClassic::edit_lines));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PUZZLES;
    use ::bloxorz_classic::Tile;

    #[test]
    fn the_sample_is_level_1_and_takes_7_moves() {
        let puzzle = PUZZLES
            .iter()
            .find(|p| p.about().name == "bloxorz-classic")
            .expect("registered");
        let out = puzzle
            .judge(ABOUT.sample.into(), &Options::new(), Limits::NONE)
            .unwrap();
        assert_eq!(out, "7\n");
    }

    /// `text` with `edit` made by the playground's editor.
    fn edited(text: &str, edit: CellEdit) -> Result<String, String> {
        BloxorzClassic
            .edit_cell(Input::bytes(text.as_bytes()), &Options::new(), 1, &edit)
            .map_err(|e| e.to_string())
    }

    fn line(
        pos: (usize, usize),
        kind: char,
        group: Option<usize>,
        cells: &[(usize, usize)],
    ) -> CellEdit {
        CellEdit {
            pos: Pos::new(pos.0, pos.1),
            kind,
            group,
            cells: cells.iter().map(|&(r, c)| Pos::new(r, c)).collect(),
        }
    }

    fn has_line(text: &str, wanted: &str) -> bool {
        text.lines().any(|l| l.trim() == wanted)
    }

    #[test]
    fn the_editor_writes_bridges_switches_and_splits_and_takes_them_out_again() {
        let bridged = edited(ABOUT.sample, line((0, 0), '=', Some(1), &[])).unwrap();
        assert!(has_line(&bridged, "bridge 1 off 1 1"), "{bridged}");
        assert!(
            bridged.lines().nth(1).unwrap().starts_with('='),
            "{bridged}"
        );
        // A second cell of the same bridge, then a switch that toggles it.
        let longer = edited(&bridged, line((0, 1), '=', Some(1), &[])).unwrap();
        assert!(has_line(&longer, "bridge 1 off 1 1 1 2"), "{longer}");
        let switched = edited(&bridged, line((1, 0), 'h', Some(1), &[])).unwrap();
        assert!(has_line(&switched, "switch 2 1 toggle 1"), "{switched}");
        assert!(
            switched.lines().nth(2).unwrap().starts_with('h'),
            "{switched}"
        );
        let split = edited(&switched, line((2, 0), 's', None, &[(2, 1), (3, 1)])).unwrap();
        assert!(has_line(&split, "split 3 1 3 2 4 2"), "{split}");
        // Floor over the bridge's only cell takes the bridge out, and the switch that
        // worked only that bridge becomes floor; the split stays.
        let cleared = edited(&split, line((0, 0), '.', None, &[])).unwrap();
        assert!(
            !cleared.contains("bridge") && !cleared.contains("switch"),
            "{cleared}"
        );
        assert!(
            cleared.lines().nth(2).unwrap().starts_with('.'),
            "{cleared}"
        );
        assert!(has_line(&cleared, "split 3 1 3 2 4 2"), "{cleared}");
        // A switch repainted as a switch of the other kind is replaced, not doubled.
        let soft = edited(&switched, line((1, 0), 'o', Some(1), &[])).unwrap();
        assert_eq!(soft.matches("switch").count(), 1, "{soft}");
    }

    #[test]
    fn every_line_kind_the_page_is_told_of_is_one_the_editor_writes() {
        let bridged = edited(ABOUT.sample, line((0, 0), '=', Some(1), &[])).unwrap();
        for k in look::GAME.line_kinds {
            let cells = &[(3, 1), (3, 2), (3, 3)][..k.cells.len()];
            let edit = line((2, 1), k.kind, k.group.map(|_| 1), cells);
            let text = edited(&bridged, edit).unwrap_or_else(|e| panic!("{:?}: {e}", k.kind));
            // The text's row 3 (its line 4, after the size) has the kind in column 2.
            let row = text.lines().nth(3).unwrap();
            assert_eq!(row.chars().nth(1), Some(k.kind), "{text}");
        }
    }

    #[test]
    fn a_removed_bridge_renumbers_the_bridges_after_it() {
        let one = edited(ABOUT.sample, line((0, 0), '=', Some(1), &[])).unwrap();
        let two = edited(&one, line((0, 1), '=', Some(2), &[])).unwrap();
        let switch = edited(&two, line((1, 0), 'o', Some(2), &[])).unwrap();
        assert!(has_line(&switch, "switch 2 1 toggle 2"), "{switch}");
        let after = edited(&switch, line((0, 0), '#', None, &[])).unwrap();
        assert!(has_line(&after, "bridge 1 off 1 2"), "{after}");
        assert!(has_line(&after, "switch 2 1 toggle 1"), "{after}");
    }

    #[test]
    fn hostile_edits_are_refused_with_the_reason() {
        let bridged = edited(ABOUT.sample, line((0, 0), '=', Some(1), &[])).unwrap();
        let refused = |text: &str, edit: CellEdit, says: &str| {
            let error = edited(text, edit).unwrap_err();
            assert!(error.contains(says), "{error:?} does not say {says:?}");
        };
        refused(
            ABOUT.sample,
            line((1, 2), 'o', Some(1), &[]),
            "paint a bridge first",
        );
        refused(
            ABOUT.sample,
            line((1, 2), 'o', None, &[]),
            "paint a bridge first",
        );
        refused(
            &bridged,
            line((1, 2), 'o', Some(2), &[]),
            "there is no bridge 2",
        );
        refused(
            &bridged,
            line((1, 2), 'o', Some(0), &[]),
            "there is no bridge 0",
        );
        refused(
            &bridged,
            line((1, 2), 'h', None, &[]),
            "needs the bridge it acts on",
        );
        refused(
            &bridged,
            line((1, 2), '=', Some(3), &[]),
            "there is no bridge 3",
        );
        refused(
            &bridged,
            line((1, 2), '=', Some(usize::MAX), &[]),
            "no bridge",
        );
        refused(
            &bridged,
            line((6, 0), '=', Some(1), &[]),
            "off the 6 x 10 board",
        );
        refused(
            &bridged,
            line((0, 10), '.', None, &[]),
            "off the 6 x 10 board",
        );
        let far = usize::MAX;
        refused(
            &bridged,
            line((2, 0), 's', None, &[(2, 1), (far, far)]),
            "off the",
        );
        refused(
            &bridged,
            line((2, 0), 's', None, &[(2, 1)]),
            "needs its 2 landing cells",
        );
        refused(
            &bridged,
            line((2, 0), 's', None, &[]),
            "needs its 2 landing cells",
        );
        refused(
            &bridged,
            line((2, 0), 's', Some(1), &[(2, 1), (3, 1)]),
            "acts on no bridge",
        );
        refused(
            &bridged,
            line((2, 0), '.', None, &[(2, 1)]),
            "takes no landing cells",
        );
        refused(
            &bridged,
            line((2, 0), '.', Some(1), &[]),
            "acts on no bridge",
        );
        refused(
            &bridged,
            line((2, 0), 'Z', None, &[]),
            "no kind of Bloxorz classic cell",
        );
        // Both cubes on one cell: the level's own rules.
        refused(&bridged, line((2, 0), 's', None, &[(2, 1), (2, 1)]), "");
        // The block's start is floor: a bridge there is refused, the level unchanged.
        refused(&bridged, line((1, 1), '=', Some(1), &[]), "");
    }

    #[test]
    fn a_puzzle_without_line_kinds_refuses_a_group_or_further_cells() {
        let bloxorz = PUZZLES
            .iter()
            .find(|p| p.about().name == "bloxorz")
            .and_then(|p| p.player())
            .expect("registered, with a player");
        let sample = "3 6\n######\n#X..O#\n######\n";
        let options = Options::new();
        let edit = |group, cells: &[(usize, usize)]| {
            bloxorz
                .edit_cell(
                    Input::bytes(sample.as_bytes()),
                    &options,
                    1,
                    &line((1, 2), '.', group, cells),
                )
                .map_err(|e| e.to_string())
        };
        assert!(edit(None, &[]).is_ok());
        for error in [edit(Some(1), &[]), edit(None, &[(1, 3)])] {
            let error = error.unwrap_err();
            assert!(
                error.contains("takes no group and no further cells"),
                "{error}"
            );
        }
    }

    #[test]
    fn the_legend_names_every_symbol_a_frame_draws() {
        let symbols: Vec<char> = LOOK.legend.iter().map(|(c, _)| *c).collect();
        for tile in Tile::ALL {
            assert!(symbols.contains(&tile.symbol()), "{tile:?}");
        }
        for symbol in ['-', 'O', 'B', '1', '2'] {
            assert!(symbols.contains(&symbol), "{symbol}");
        }
    }
}
