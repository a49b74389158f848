//! The picture of a Klotski case: the board, the goal and its exit, the pieces in a
//! colour a shape (the goal piece's shape in red) with their labels, the goal piece's
//! route, a marker per move where the moved piece lands, and an animation of every
//! piece that moves.

use ::klotski::{Board, Layout as Puzzle, Metric, Path, Shape};
use grid_core::Pos;
use pictures::svg::{
    Layout, Legend, Line, MarkerStyle, Num, Point, Step, Swatch, animate_translate, beacon,
    cell_rect, dashed, frames, grid_lines, markers, picture, route, runs,
};
use std::fmt::{self, Write};

const EMPTY: &str = "#efe9dc";
const GOAL_AREA: &str = "#f4c7c0";
const EXIT: &str = "#9d0208";
const GOAL_PIECE: &str = "#d62828";
const ROUTE: &str = "#6a040f";
const LABEL_INK: &str = "#ffffff";
/// The colours of the other shapes, in the order they first appear.
const SHAPE_COLOURS: [&str; 8] = [
    "#3a86ff", "#2a9d8f", "#e9a400", "#8338ec", "#6c757d", "#f15bb5", "#43aa8b", "#7f5539",
];

const LEGEND: [Legend; 6] = [
    Legend {
        swatch: Swatch::Fill(EMPTY),
        label: "empty cell",
    },
    Legend {
        swatch: Swatch::Fill(GOAL_AREA),
        label: "the goal: where the goal piece must stand",
    },
    Legend {
        swatch: Swatch::Fill(EXIT),
        label: "the exit: the goal's side on the board's edge",
    },
    Legend {
        swatch: Swatch::Fill(GOAL_PIECE),
        label: "goal piece (and any piece of its shape)",
    },
    Legend {
        swatch: Swatch::Pair(SHAPE_COLOURS[0], SHAPE_COLOURS[1]),
        label: "other pieces: one colour a shape",
    },
    Legend {
        swatch: Swatch::Route(ROUTE),
        label: "goal piece's route; moves numbered where they land",
    },
];

/// Small, in a corner of the cell, so the pieces' labels stay readable under them.
const MARKER: MarkerStyle = MarkerStyle {
    dot: ROUTE,
    ink: "#ffffff",
    bare_ink: "#ffffff",
    radius: 0.15,
    scale: 0.5,
};

/// How far a piece's cells sit inside their cells.
const INSET: f64 = 0.06;

/// The SVG picture of `layout` solved by `path` under `metric`, or of the start alone
/// when `path` is `None` (no solution).
///
/// # Panics
/// If the path breaks the rules.
pub fn draw_picture(
    out: &mut dyn Write,
    layout: &Puzzle,
    metric: Metric,
    path: Option<&Path>,
) -> fmt::Result {
    let moves = path.map(|p| p.len());
    let no_moves = Path::default();
    let path = path.unwrap_or(&no_moves);
    let boards = ::klotski::trace(layout, metric, path).expect("a legal path");
    picture(
        out,
        "klotski",
        moves,
        (layout.rows(), layout.cols()),
        &LEGEND,
        |out, grid| draw(out, grid, layout, path, &boards),
    )
}

fn draw(
    out: &mut dyn Write,
    grid: Layout,
    layout: &Puzzle,
    path: &Path,
    boards: &[Board],
) -> fmt::Result {
    let goal = goal_cells(layout);
    runs(out, grid, EMPTY, |_| true)?;
    runs(out, grid, GOAL_AREA, |pos| goal.contains(&pos))?;
    grid_lines(out, grid)?;
    exit(out, layout, &goal)?;
    let corner = layout.goal().pos;
    let (height, width) = layout.goal_shape().size();
    let far = Pos::new(corner.row + height - 1, corner.col + width - 1);
    cell_rect(out, corner, far, 0.02, &dashed(grid, EXIT))?;
    let colours = colours(layout);
    for piece in layout.pieces() {
        let colour = colours
            .iter()
            .find(|(shape, _)| *shape == piece.shape())
            .map_or(SHAPE_COLOURS[0], |(_, c)| c);
        draw_piece(out, piece.label(), piece.cells(), colour, boards)?;
    }
    let label = layout.goal().label;
    let centres: Vec<Point> = boards.iter().map(|b| centre_of(b, label)).collect();
    beacon(out, grid, centres[0], GOAL_PIECE)?;
    route(
        out,
        grid,
        centres.iter().copied(),
        Line {
            colour: ROUTE,
            width: 0.1,
            opacity: 0.8,
            dashed: true,
        },
    )?;
    // Each move's number in the corner of the first cell where its piece lands.
    let steps: Vec<Step> = path
        .iter()
        .zip(&boards[1..])
        .enumerate()
        .map(|(i, (m, board))| {
            let (x, y) = first_cell(board, m.label());
            (i + 1, (x + 0.8, y + 0.8))
        })
        .collect();
    markers(out, grid, MARKER, &steps)
}

/// The cells of the goal piece's shape standing on the goal.
fn goal_cells(layout: &Puzzle) -> Vec<Pos> {
    let at = layout.goal().pos;
    layout
        .goal_shape()
        .cells()
        .iter()
        .map(|&(r, c)| Pos::new(at.row + r, at.col + c))
        .collect()
}

/// A bar along each side of a goal cell that is on the board's edge: the way out.
fn exit(out: &mut dyn Write, layout: &Puzzle, goal: &[Pos]) -> fmt::Result {
    const THICK: f64 = 0.12;
    let (rows, cols) = (layout.rows(), layout.cols());
    for &Pos { row, col } in goal {
        let (r, c) = (row as f64, col as f64);
        let mut bars = Vec::new();
        if row == 0 {
            bars.push((c, 0.0, 1.0, THICK));
        }
        if row + 1 == rows {
            bars.push((c, rows as f64 - THICK, 1.0, THICK));
        }
        if col == 0 {
            bars.push((0.0, r, THICK, 1.0));
        }
        if col + 1 == cols {
            bars.push((cols as f64 - THICK, r, THICK, 1.0));
        }
        for (x, y, w, h) in bars {
            writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{EXIT}"/>"#,
                Num(x),
                Num(y),
                Num(w),
                Num(h)
            )?;
        }
    }
    Ok(())
}

/// Per shape, its colour: the goal piece's shape red, the others in turn.
fn colours(layout: &Puzzle) -> Vec<(Shape, &'static str)> {
    let goal = layout.goal_shape();
    let mut colours = vec![(goal.clone(), GOAL_PIECE)];
    for piece in layout.pieces() {
        let shape = piece.shape();
        if !colours.iter().any(|(s, _)| *s == shape) {
            let next = SHAPE_COLOURS[(colours.len() - 1) % SHAPE_COLOURS.len()];
            colours.push((shape, next));
        }
    }
    colours
}

/// The top-left corner of the bounding box of `label`'s cells on `board`.
fn corner_of(board: &Board, label: char) -> Point {
    let cols = board.cols();
    let (mut row, mut col) = (usize::MAX, usize::MAX);
    for (i, &c) in board.cells().iter().enumerate() {
        if char::from(c) == label {
            row = row.min(i / cols);
            col = col.min(i % cols);
        }
    }
    (col as f64, row as f64)
}

/// The top-left corner of the first cell of `label` on `board` (in reading order).
fn first_cell(board: &Board, label: char) -> Point {
    let cols = board.cols();
    let i = board
        .cells()
        .iter()
        .position(|&c| char::from(c) == label)
        .expect("the piece is on the board");
    ((i % cols) as f64, (i / cols) as f64)
}

/// The centre of the bounding box of `label`'s cells on `board`, in cell units.
fn centre_of(board: &Board, label: char) -> Point {
    let cols = board.cols();
    let (mut low, mut high) = ((f64::MAX, f64::MAX), (0f64, 0f64));
    for (i, &c) in board.cells().iter().enumerate() {
        if char::from(c) == label {
            let (x, y) = ((i % cols) as f64, (i / cols) as f64);
            low = (low.0.min(x), low.1.min(y));
            high = (high.0.max(x + 1.0), high.1.max(y + 1.0));
        }
    }
    ((low.0 + high.0) / 2.0, (low.1 + high.1) / 2.0)
}

/// A piece at its start: its cells (and the gaps between neighbouring ones) and its
/// label; when it moves, a translation through the corner of its place on each board.
fn draw_piece(
    out: &mut dyn Write,
    label: char,
    cells: &[Pos],
    colour: &str,
    boards: &[Board],
) -> fmt::Result {
    let start = corner_of(&boards[0], label);
    let offsets: Vec<Point> = boards
        .iter()
        .map(|b| {
            let (x, y) = corner_of(b, label);
            (x - start.0, y - start.1)
        })
        .collect();
    writeln!(out, r#"<g fill="{colour}">"#)?;
    if offsets.iter().any(|&o| o != (0.0, 0.0)) {
        animate_translate(out, frames(&offsets).into_iter())?;
    }
    for &cell in cells {
        cell_rect(out, cell, cell, INSET, r#"rx="0.1""#)?;
        // Bridges to the neighbours right and below, so a piece is one shape.
        let right = Pos::new(cell.row, cell.col + 1);
        if cells.contains(&right) {
            writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
                Num(cell.col as f64 + 0.5),
                Num(cell.row as f64 + INSET),
                Num(1.0),
                Num(1.0 - 2.0 * INSET)
            )?;
        }
        let below = Pos::new(cell.row + 1, cell.col);
        if cells.contains(&below) {
            writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
                Num(cell.col as f64 + INSET),
                Num(cell.row as f64 + 0.5),
                Num(1.0 - 2.0 * INSET),
                Num(1.0)
            )?;
        }
    }
    let first = cells[0];
    writeln!(
        out,
        r#"<text x="{}" y="{}" font-family="sans-serif" font-size="0.45" font-weight="bold" text-anchor="middle" fill="{LABEL_INK}">{label}</text>"#,
        Num(first.col as f64 + 0.5),
        Num(first.row as f64 + 0.66)
    )?;
    writeln!(out, "</g>")
}

/// The picture as a string (for tests).
#[cfg(test)]
pub(crate) fn picture_string(layout: &Puzzle, metric: Metric, path: Option<&Path>) -> String {
    let mut out = String::new();
    draw_picture(&mut out, layout, metric, path).expect("a String takes any text");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::klotski::{Goal, Solver};
    use pictures::svg::check;
    use rstest::rstest;

    fn layout(rows: &[&str], label: char, row: usize, col: usize) -> Puzzle {
        Puzzle::from_rows(rows, Goal::new(label, Pos::new(row, col))).unwrap()
    }

    fn sample() -> Puzzle {
        layout(&["ABBC", "ABBC", "DEEF", "DGHF", "I..J"], 'B', 3, 1)
    }

    /// The `<animateTransform>` elements of `svg`: number of values of each, all with the
    /// same duration.
    fn translations(svg: &str) -> Vec<usize> {
        let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
        let found: Vec<(usize, String)> = doc
            .descendants()
            .filter(|n| n.has_tag_name("animateTransform"))
            .map(|n| {
                assert_eq!(n.attribute("type"), Some("translate"));
                assert_eq!(n.attribute("calcMode"), Some("discrete"));
                let values = n.attribute("values").expect("values").split(';').count();
                (values, n.attribute("dur").expect("dur").to_string())
            })
            .collect();
        assert!(found.iter().all(|f| *f == found[0]), "in step: {found:?}");
        found.into_iter().map(|f| f.0).collect()
    }

    /// The picture of `layout` solved under `metric`, checked: well-formed, its title,
    /// one marker per move, one animation per piece that moves (holding the start once
    /// more and the end three times more). Returns it and the answer.
    fn checked(layout: &Puzzle, metric: Metric) -> (String, Option<usize>) {
        let solution = Solver::new().solve_with_path(layout, metric).unwrap();
        let path = solution.as_ref().map(|s| &s.path);
        let svg = picture_string(layout, metric, path);
        let moves = path.map(|p| p.len());
        let (title, steps) = check::parse(&svg);
        assert_eq!(title, pictures::svg::title("klotski", moves));
        assert_eq!(steps, moves.unwrap_or(0), "one marker per move");
        assert!(
            check::animations(&svg).is_empty(),
            "pieces move by translation"
        );
        let movers = path.map_or(0, |p| {
            let mut labels: Vec<char> = p.iter().map(|m| m.label()).collect();
            labels.sort_unstable();
            labels.dedup();
            labels.len()
        });
        let animations = translations(&svg);
        assert_eq!(animations.len(), movers);
        if let Some(n) = moves.filter(|&n| n > 0) {
            assert!(animations.iter().all(|&v| v == n + 1 + 1 + 3));
        }
        (svg, moves)
    }

    #[test]
    fn the_sample_takes_81_moves() {
        let (svg, moves) = checked(&sample(), Metric::Move);
        assert_eq!(moves, Some(81));
        assert!(svg.contains("<title>klotski: 81 moves</title>"));
    }

    #[rstest]
    #[case::step(Metric::Step, 116)]
    #[case::slide(Metric::Slide, 90)]
    fn every_metric_draws(#[case] metric: Metric, #[case] expected: usize) {
        assert_eq!(checked(&sample(), metric).1, Some(expected));
    }

    #[test]
    fn no_solution_and_already_solved() {
        let stuck = layout(&["AB.", "BB."], 'A', 1, 1);
        let (svg, moves) = checked(&layout(&["A.", "BB"], 'A', 1, 0), Metric::Move);
        assert_eq!(moves, None);
        assert!(svg.contains("<title>klotski: no solution</title>"));
        let (svg, moves) = checked(&layout(&["AB."], 'A', 0, 0), Metric::Move);
        assert_eq!(moves, Some(0));
        assert!(svg.contains("<title>klotski: 0 moves</title>"));
        checked(&stuck, Metric::Step);
    }

    #[test]
    fn any_shape_and_board_draw() {
        checked(&layout(&[".L.", "LL.", "..."], 'L', 1, 1), Metric::Slide);
        checked(&layout(&["A....."], 'A', 0, 5), Metric::Step);
        let eight = [
            "A.B.....", "CCCCCCCC", "DDDDDDDD", "EEEEEEEE", "FFFFFFFF", "GGGGGGGG", "HHHHHHHH",
            "I.......",
        ];
        checked(&layout(&eight, 'A', 7, 7), Metric::Move);
    }

    #[cfg(feature = "render-tests")]
    #[test]
    fn the_sample_renders_in_its_colours() {
        let (svg, _) = checked(&sample(), Metric::Move);
        let grid = Layout::new(5, 4, &LEGEND);
        let pixmap = check::render(&svg, grid, "klotski");
        let at = |row, col, colour, what| {
            check::colour_at(&pixmap, grid, Pos::new(row, col), colour, what);
        };
        at(4, 1, GOAL_AREA, "empty goal cell");
        at(0, 1, GOAL_PIECE, "the 2x2 goal piece");
        at(
            0,
            0,
            SHAPE_COLOURS[0],
            "a 2x1 piece (the first other shape)",
        );
        at(2, 1, SHAPE_COLOURS[1], "the 1x2 piece");
        at(3, 1, SHAPE_COLOURS[2], "a 1x1 piece");
        // The exit: a bar along the bottom edge under the goal.
        let (x, y) = grid.to_pixels(1.5, 4.97);
        let pixel = pixmap.pixel(x as u32, y as u32).unwrap();
        assert_eq!(
            (pixel.red(), pixel.green(), pixel.blue()),
            (0x9d, 0x02, 0x08),
            "the exit"
        );
        // Outside the goal the bottom edge is not marked.
        let (x, y) = grid.to_pixels(0.2, 4.97);
        let pixel = pixmap.pixel(x as u32, y as u32).unwrap();
        assert_ne!(
            (pixel.red(), pixel.green(), pixel.blue()),
            (0x9d, 0x02, 0x08)
        );
    }
}
