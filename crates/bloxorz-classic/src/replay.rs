//! An independent checker of paths, knowing only the rules: each move is played on the
//! level as the spec says, one rule after another.

use crate::{Level, Move, Tile};
use bloxorz::{Orientation, Placement};
use grid_core::Pos;
use std::fmt;

/// Where the pieces are: the block, or the two cubes after a split.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Body {
    /// The block, standing or lying.
    Block(Placement),
    /// Cube 1 (the one that appeared on the split's first landing cell) and cube 2.
    Cubes([Pos; 2]),
}

impl Body {
    /// The cells under the pieces: one or two.
    pub fn cells(self) -> Vec<Pos> {
        match self {
            Body::Block(placement) => {
                let (a, b) = placement.cells();
                [Some(a), b].into_iter().flatten().collect()
            }
            Body::Cubes(cubes) => cubes.to_vec(),
        }
    }
}

impl fmt::Display for Body {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Body::Block(placement) => write!(f, "the block {placement}"),
            Body::Cubes([one, two]) => write!(f, "cube 1 on {one} and cube 2 on {two}"),
        }
    }
}

/// The pieces and the bridges at one point of a path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The block, or the two cubes.
    pub body: Body,
    /// Whether each bridge is on, by index.
    pub bridges: Vec<bool>,
}

impl Position {
    /// The start of `level`: the block standing on `X`, every bridge in its start state.
    pub fn start(level: &Level) -> Position {
        Position {
            body: Body::Block(Placement::standing(level.start())),
            bridges: level.bridges().iter().map(|b| b.on).collect(),
        }
    }
}

/// Why a path is not a solution. Moves are numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayError {
    /// The move puts the moving piece over a cell that is no tile (off the level, `#`, a
    /// bridge that is off), or stands the block on an orange tile.
    Falls {
        /// The move, 1-based.
        step: usize,
        /// The move.
        mv: Move,
    },
    /// The move presses a switch that turns off a bridge under the block or a cube.
    Retracted {
        /// The move, 1-based.
        step: usize,
        /// The move.
        mv: Move,
    },
    /// The move stands the block on a split switch, and a landing cell is no tile.
    SplitFalls {
        /// The move, 1-based.
        step: usize,
        /// The move.
        mv: Move,
    },
    /// The move is a cube 2 letter (`u d l r`), but the block is whole.
    NoSecondCube {
        /// The move, 1-based.
        step: usize,
        /// The move.
        mv: Move,
    },
    /// After the last move the block is not standing on the exit.
    NotSolved {
        /// Where the moves leave the pieces.
        end: Body,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Falls { step, mv } => write!(
                f,
                "move {step} ({mv}) leaves the piece it moves where no tile holds it"
            ),
            ReplayError::Retracted { step, mv } => write!(
                f,
                "move {step} ({mv}) presses a switch that takes a bridge from under a piece"
            ),
            ReplayError::SplitFalls { step, mv } => write!(
                f,
                "move {step} ({mv}) splits the block onto a landing cell with no tile"
            ),
            ReplayError::NoSecondCube { step, mv } => {
                write!(f, "move {step} ({mv}) moves cube 2, but the block is whole")
            }
            ReplayError::NotSolved { end } => {
                write!(
                    f,
                    "the moves end with {end}, not the block standing on the exit"
                )
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// Plays `path` from the start of `level` and checks that every move is legal and that
/// the block ends standing on the exit. Returns the number of moves.
///
/// ```
/// use bloxorz_classic::{replay, Level, Path, ReplayError};
///
/// let level = Level::from_rows(&["X..O"], vec![], vec![], vec![])?;
/// let path: Path = "RR".parse()?;
/// assert_eq!(replay(&level, &path), Ok(2));
/// let wrong: Path = "L".parse()?;
/// assert!(matches!(replay(&level, &wrong), Err(ReplayError::Falls { step: 1, .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The first illegal move, or an end that is not the goal.
pub fn replay(level: &Level, path: &[Move]) -> Result<u64, ReplayError> {
    let mut walk = walk(level, path);
    while let Some(position) = walk.advance() {
        position?;
    }
    let end = walk.here.body;
    if end != Body::Block(Placement::standing(level.exit())) {
        return Err(ReplayError::NotSolved { end });
    }
    Ok(path.len() as u64)
}

/// The positions along `path`, one at a time: the start, then one after each move (one
/// more than there are moves), each move checked as [`replay`] does; the first illegal
/// move ends the walk with its error. Whether the path ends on the exit is not checked.
/// For pictures of a solution: memory stays that of one position however long the
/// path.
///
/// ```
/// use bloxorz_classic::{walk, Level, Path};
///
/// let level = Level::from_rows(&["X..O"], vec![], vec![], vec![])?;
/// let path: Path = "RR".parse()?;
/// assert_eq!(walk(&level, &path).count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn walk<'a>(level: &'a Level, path: &'a [Move]) -> Walk<'a> {
    Walk {
        level,
        path,
        next: 0,
        here: Position::start(level),
        failed: false,
        started: false,
    }
}

/// The positions along a path: see [`walk`].
#[derive(Clone, Debug)]
pub struct Walk<'a> {
    level: &'a Level,
    path: &'a [Move],
    /// The index of the next move.
    next: usize,
    here: Position,
    failed: bool,
    started: bool,
}

impl Walk<'_> {
    /// The next position, lent: what [`Iterator::next`] gives without a copy.
    fn advance(&mut self) -> Option<Result<&Position, ReplayError>> {
        if self.failed {
            return None;
        }
        if !self.started {
            self.started = true;
            return Some(Ok(&self.here));
        }
        let &mv = self.path.get(self.next)?;
        self.next += 1;
        match play(self.level, &self.here, mv) {
            Ok(next) => {
                self.here = next;
                Some(Ok(&self.here))
            }
            Err(fault) => {
                self.failed = true;
                Some(Err(fault.at(self.next, mv)))
            }
        }
    }
}

impl Iterator for Walk<'_> {
    type Item = Result<Position, ReplayError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.advance().map(|position| position.cloned())
    }
}

/// The positions along `path` (see [`walk`]), all at once.
///
/// # Errors
/// The first illegal move.
pub fn trace(level: &Level, path: &[Move]) -> Result<Vec<Position>, ReplayError> {
    walk(level, path).collect()
}

/// What is wrong with one move.
#[derive(Clone, Copy, Debug)]
enum Fault {
    Falls,
    Retracted,
    SplitFalls,
    NoSecondCube,
}

impl Fault {
    fn at(self, step: usize, mv: Move) -> ReplayError {
        match self {
            Fault::Falls => ReplayError::Falls { step, mv },
            Fault::Retracted => ReplayError::Retracted { step, mv },
            Fault::SplitFalls => ReplayError::SplitFalls { step, mv },
            Fault::NoSecondCube => ReplayError::NoSecondCube { step, mv },
        }
    }
}

/// The position after `mv`, by the rules.
fn play(level: &Level, here: &Position, mv: Move) -> Result<Position, Fault> {
    let mut bridges = here.bridges.clone();
    let body = match (here.body, mv) {
        (Body::Block(_), Move::Second(_)) => return Err(Fault::NoSecondCube),
        (Body::Block(placement), Move::First(dir)) => {
            let to = placement.roll(dir).ok_or(Fault::Falls)?;
            // Every cell under the block is a tile before the switches fire...
            if !holds(level, &bridges, to) {
                return Err(Fault::Falls);
            }
            // ... each switch under it is pressed (top-left cell first) ...
            let (first, second) = to.cells();
            for cell in [Some(first), second].into_iter().flatten() {
                let pressed = match level.tile(cell) {
                    Tile::Soft => true,
                    Tile::Heavy => to.orientation == Orientation::Standing,
                    _ => false,
                };
                if pressed {
                    press(level, cell, &mut bridges);
                }
            }
            // ... and every cell is still a tile after they have fired.
            if !holds(level, &bridges, to) {
                return Err(Fault::Retracted);
            }
            match level.split_at(first) {
                Some(split) if to.orientation == Orientation::Standing => {
                    let [one, two] = split.landing;
                    if !is_tile(level, &bridges, one) || !is_tile(level, &bridges, two) {
                        return Err(Fault::SplitFalls);
                    }
                    join_or_keep(one, two)
                }
                _ => Body::Block(to),
            }
        }
        (Body::Cubes(cubes), mv) => {
            let (moving, other) = match mv {
                Move::First(_) => (0, 1),
                Move::Second(_) => (1, 0),
            };
            let to = cubes[moving].step(mv.dir()).ok_or(Fault::Falls)?;
            if !is_tile(level, &bridges, to) {
                return Err(Fault::Falls);
            }
            // A cube presses only soft switches; the cube that stays presses nothing.
            if level.tile(to) == Tile::Soft {
                press(level, to, &mut bridges);
            }
            if !is_tile(level, &bridges, to) || !is_tile(level, &bridges, cubes[other]) {
                return Err(Fault::Retracted);
            }
            let mut moved = cubes;
            moved[moving] = to;
            join_or_keep(moved[0], moved[1])
        }
    };
    Ok(Position { body, bridges })
}

/// Two cubes, merged into a lying block if they share an edge.
fn join_or_keep(one: Pos, two: Pos) -> Body {
    if one.manhattan(two) != 1 {
        return Body::Cubes([one, two]);
    }
    let orientation = if one.row == two.row {
        Orientation::Horizontal
    } else {
        Orientation::Vertical
    };
    Body::Block(Placement {
        pos: one.min(two),
        orientation,
    })
}

/// Applies the actions of the switch on `cell`, in order.
fn press(level: &Level, cell: Pos, bridges: &mut [bool]) {
    let switch = level.switch_at(cell).expect("a switch tile has a switch");
    for &action in &switch.actions {
        match action {
            crate::Action::Toggle(b) => bridges[b] = !bridges[b],
            crate::Action::On(b) => bridges[b] = true,
            crate::Action::Off(b) => bridges[b] = false,
        }
    }
}

/// Whether `pos` is a tile now: not `#`, not off the level, not a bridge that is off.
fn is_tile(level: &Level, bridges: &[bool], pos: Pos) -> bool {
    match level.tile(pos) {
        Tile::Empty => false,
        Tile::Bridge => bridges[level.bridge_at(pos).expect("a bridge tile has a bridge")],
        _ => true,
    }
}

/// Whether the tiles hold the block at `placement`: tiles under it, and no orange tile
/// under it standing.
fn holds(level: &Level, bridges: &[bool], placement: Placement) -> bool {
    match placement.cells() {
        (a, None) => is_tile(level, bridges, a) && level.tile(a) != Tile::Fragile,
        (a, Some(b)) => is_tile(level, bridges, a) && is_tile(level, bridges, b),
    }
}
