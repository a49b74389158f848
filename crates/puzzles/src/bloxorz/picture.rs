//! The picture of a Bloxorz case: rigid and fragile cells (empty ones are not drawn), the
//! target, the box at its start, the route of the box's centre with every roll
//! numbered, and an animation of the box (one cell standing, two lying).

use ::bloxorz::{Board, Cell, Orientation, Placement};
use grid_core::{Dir, Pos};
use pictures::svg::{
    Layout, Legend, Line, MarkerStyle, Num, Point, Step, Swatch, animate, beacon, cell_rect,
    centre, dashed, frames, grid_lines, markers, picture, route, runs,
};
use std::fmt::{self, Write};

const EMPTY_EDGE: &str = "#c8ccd2";
const RIGID: &str = "#9aa5b4";
const FRAGILE: &str = "#f4a259";
const TARGET: &str = "#1f1f1f";
const BOX: &str = "#7b2cbf";
const ROUTE: &str = "#5a189a";

const LEGEND: [Legend; 6] = [
    Legend {
        swatch: Swatch::Outline(EMPTY_EDGE),
        label: "empty (not drawn)",
    },
    Legend {
        swatch: Swatch::Fill(RIGID),
        label: "rigid",
    },
    Legend {
        swatch: Swatch::Fill(FRAGILE),
        label: "fragile: never stand on it",
    },
    Legend {
        swatch: Swatch::Fill(TARGET),
        label: "target: stand on it",
    },
    Legend {
        swatch: Swatch::Start(BOX, BOX),
        label: "box (dashed: where it starts)",
    },
    Legend {
        swatch: Swatch::Route(ROUTE),
        label: "route of the box's centre; rolls numbered",
    },
];

const MARKER: MarkerStyle = MarkerStyle {
    dot: ROUTE,
    ink: "#ffffff",
    bare_ink: "#ffffff",
    radius: 0.3,
    scale: 1.0,
};

/// How far the box and its start outline sit inside their cells.
const BOX_INSET: f64 = 0.1;

/// The SVG picture of `board` solved by `path` (the rolls), or of the start alone when
/// `path` is `None` (no solution).
///
/// # Panics
/// If the path breaks the rules.
pub fn draw_picture(out: &mut dyn Write, board: &Board, path: Option<&[Dir]>) -> fmt::Result {
    let placements = ::bloxorz::trace(board, path.unwrap_or_default()).expect("a legal path");
    picture(
        out,
        "bloxorz",
        path.map(<[Dir]>::len),
        (board.rows(), board.cols()),
        &LEGEND,
        |out, layout| draw(out, layout, board, &placements),
    )
}

fn draw(
    out: &mut dyn Write,
    layout: Layout,
    board: &Board,
    placements: &[Placement],
) -> fmt::Result {
    runs(out, layout, RIGID, |pos| board.cell(pos) == Cell::Rigid)?;
    runs(out, layout, FRAGILE, |pos| board.cell(pos) == Cell::Fragile)?;
    grid_lines(out, layout)?;
    let target = board.target();
    cell_rect(out, target, target, 0.12, &format!(r#"fill="{TARGET}""#))?;
    let (first, last) = corners(board.start());
    cell_rect(out, first, last, 0.04, &dashed(layout, BOX))?;
    beacon(out, layout, centre(target), TARGET)?;
    beacon(out, layout, box_centre(board.start()), BOX)?;
    moving_box(out, placements)?;
    route(
        out,
        layout,
        placements.iter().map(|&p| box_centre(p)),
        Line {
            colour: ROUTE,
            width: 0.12,
            opacity: 0.85,
            dashed: false,
        },
    )?;
    let steps: Vec<Step> = placements
        .iter()
        .enumerate()
        .skip(1)
        .map(|(step, &p)| (step, box_centre(p)))
        .collect();
    markers(out, layout, MARKER, &steps)
}

/// The top-left and bottom-right cells under the box.
fn corners(placement: Placement) -> (Pos, Pos) {
    let (first, second) = placement.cells();
    (first, second.unwrap_or(first))
}

/// The centre of the box seen from above, in cell units.
fn box_centre(placement: Placement) -> Point {
    let Pos { row, col } = placement.pos;
    let (row, col) = (row as f64, col as f64);
    match placement.orientation {
        Orientation::Standing => (col + 0.5, row + 0.5),
        Orientation::Horizontal => (col + 1.0, row + 0.5),
        Orientation::Vertical => (col + 0.5, row + 1.0),
    }
}

/// The box at its start, animated through `placements` when there are rolls.
fn moving_box(out: &mut dyn Write, placements: &[Placement]) -> fmt::Result {
    // x, y, width and height of the box's rectangle at a placement (the inset is a
    // transform, so x and y are whole cells).
    let rect = |p: Placement| {
        let (first, last) = corners(p);
        [
            first.col as f64,
            first.row as f64,
            (last.col - first.col + 1) as f64 - 2.0 * BOX_INSET,
            (last.row - first.row + 1) as f64 - 2.0 * BOX_INSET,
        ]
    };
    let [x, y, width, height] = rect(placements[0]);
    write!(
        out,
        r#"<rect transform="translate({BOX_INSET} {BOX_INSET})" x="{}" y="{}" width="{}" height="{}" rx="0.12" fill="{BOX}""#,
        Num(x),
        Num(y),
        Num(width),
        Num(height)
    )?;
    if placements.len() < 2 {
        return writeln!(out, "/>");
    }
    writeln!(out, ">")?;
    let frames: Vec<[f64; 4]> = frames(placements).into_iter().map(rect).collect();
    for (i, attribute) in ["x", "y", "width", "height"].into_iter().enumerate() {
        animate(out, attribute, frames.iter().map(|f| f[i]))?;
    }
    writeln!(out, "</rect>")
}

/// The picture as a string (for tests).
#[cfg(test)]
pub(crate) fn picture_string(board: &Board, path: Option<&[Dir]>) -> String {
    let mut out = String::new();
    draw_picture(&mut out, board, path).expect("a String takes any text");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::bloxorz::Solver;
    use ::bloxorz::generate::{Family, GenParams, StartKind, generate};
    use pictures::svg::check;
    use rstest::rstest;

    fn sample() -> Board {
        Board::from_rows(&[
            "#######", "#..X###", "#..##O#", "#....E#", "#....E#", "#.....#", "#######",
        ])
        .unwrap()
    }

    /// The picture of `board`, solved by the solver, checked for well-formedness, its
    /// title and its number of step markers and animation frames; and the answer.
    fn checked_picture(board: &Board) -> (String, Option<usize>) {
        let solution = Solver::new().solve_with_path(board).unwrap();
        let path = solution.as_ref().map(|s| &s.path[..]);
        let svg = picture_string(board, path);
        let moves = path.map(<[Dir]>::len);
        // X, y, width and height of the box.
        check::picture(&svg, "bloxorz", moves, 4);
        (svg, moves)
    }

    #[test]
    fn sample_case() {
        let (svg, moves) = checked_picture(&sample());
        assert_eq!(moves, Some(10));
        assert!(svg.contains("<title>bloxorz: 10 moves</title>"));
    }

    #[test]
    fn impossible_case() {
        let board = Board::from_rows(&["X.E.O"]).unwrap();
        let (svg, moves) = checked_picture(&board);
        assert_eq!(moves, None);
        assert!(svg.contains("<title>bloxorz: no solution</title>"));
    }

    #[test]
    fn lying_box_covers_two_cells() {
        let board = Board::from_rows(&["XXO"]).unwrap();
        let (svg, moves) = checked_picture(&board);
        assert_eq!(moves, Some(1));
        // Lying on (1,1)-(1,2), then standing on (1,3).
        assert!(svg.contains(r#"<animate attributeName="width" begin="0s" dur="2.4s" calcMode="discrete" repeatCount="indefinite" values="1.8;1.8;0.8;0.8;0.8;0.8"/>"#), "{svg}");
    }

    #[rstest]
    fn generated_boards(
        #[values(
            Family::Random,
            Family::Maze,
            Family::FragileHeavy,
            Family::Adversarial
        )]
        family: Family,
        #[values(StartKind::Standing, StartKind::Random)] start: StartKind,
        #[values(1, 2)] seed: u64,
    ) {
        let params = GenParams {
            family,
            rows: 12,
            cols: 14,
            empty: 20,
            fragile: 15,
            start,
            border: true,
            seed,
        };
        checked_picture(&generate(&params).unwrap());
    }

    #[cfg(feature = "render-tests")]
    #[test]
    fn sample_renders_in_its_colours() {
        let board = sample();
        let (svg, _) = checked_picture(&board);
        let layout = Layout::new(board.rows(), board.cols(), &LEGEND);
        let pixmap = check::render(&svg, layout, "bloxorz");
        let at = |row, col, colour, what| {
            check::colour_at(&pixmap, layout, Pos::new(row, col), colour, what);
        };
        at(0, 0, "#ffffff", "empty cell");
        at(2, 3, "#ffffff", "empty cell");
        at(1, 1, RIGID, "rigid cell");
        at(3, 5, FRAGILE, "fragile cell");
        at(2, 5, TARGET, "target");
        at(1, 3, BOX, "box at its start");
    }

    #[test]
    fn a_500_by_500_case_stays_compact() {
        let params = GenParams {
            family: Family::Random,
            rows: 500,
            cols: 500,
            empty: 15,
            fragile: 10,
            start: StartKind::Standing,
            border: true,
            seed: 1,
        };
        let board = generate(&params).unwrap();
        let (svg, _) = checked_picture(&board);
        // Runs of cells, not one element per cell: under 4 bytes a cell.
        assert!(svg.len() < 1_000_000, "{} bytes", svg.len());
    }
}
