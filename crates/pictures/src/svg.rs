//! SVG pictures of solutions, for `gridsolve --svg DIR`: one standalone SVG 1.1 document
//! per case of any puzzle in the registry (a query, a board, a level).
//!
//! Every picture has the same layout: a caption (the puzzle and the number of moves, or
//! "no solution"), the board to scale, and a legend below it. On the board: the cells,
//! the goal, the start, the route of the thing that moves with one numbered marker per
//! move, and a SMIL animation that plays the moves in a browser, one move per
//! [`SECONDS_PER_MOVE`], looping. A static renderer shows the first frame: the start.
//!
//! The markers are the only elements with `class="step"`, one per move, so a tool can
//! count them. The board is drawn in cell units (a cell is 1 x 1) inside one scaled
//! group, so coordinates stay short; the cells of one kind are one `<path>` of
//! run-length rectangles (strokes a cell wide along each row), which keeps a 500 x 500
//! board in a few hundred kilobytes. Boards over 100 cells a side get smaller cells, so
//! no picture is much over 2400 pixels. All text comes from numbers and fixed words:
//! nothing needs escaping.

use grid_core::Pos;
use std::fmt::{self, Write};

/// The fewest bytes a move adds to any picture: its marker, `<text class="step" x="X"
/// y="Y">N</text>`, is longer. So a picture of `n` moves has at least `n` times this
/// many bytes, which a tool can tell from the move count before anything is drawn (and
/// refuse a picture past its budget without walking the path). Every picture's test
/// checks it.
pub const PICTURE_BYTES_PER_MOVE: usize = 32;

/// Pixels per cell on a board small enough to draw at full size (a puzzle whose cells
/// carry text asks for more: [`picture_sized`]).
const CELL_PX: f64 = 24.0;
/// The longest side a board may take, in pixels; larger boards get smaller cells.
const MAX_BOARD_PX: f64 = 2400.0;
/// Pixels per cell from which grid lines and the markers' dots are drawn (below, they
/// would blur into the cells).
const DETAIL_PX: f64 = 10.0;
const MARGIN_PX: f64 = 12.0;
const CAPTION_PX: f64 = 32.0;
const LEGEND_GAP_PX: f64 = 14.0;
const LEGEND_ROW_PX: f64 = 20.0;
/// The least width of a picture's content, room for its caption.
const LEGEND_WIDTH_PX: f64 = 330.0;
/// The legend's font size, and the room before a label (its swatch and a gap).
const LEGEND_FONT_PX: f64 = 13.0;
const LEGEND_LABEL_X: f64 = 2.0 * 14.0 + 10.0;
/// How long the animation shows each frame, in seconds.
pub const SECONDS_PER_MOVE: f64 = 0.4;
/// Frames the animation holds the start before the first move.
pub const HOLD_START: usize = 2;
/// Frames the animation holds the end after the last move.
pub const HOLD_END: usize = 3;

const PAGE: &str = "#ffffff";
const GRID_LINE: &str = PAGE;
const BOARD_EDGE: &str = "#b8bec6";
const INK: &str = "#222222";
const NO_SOLUTION_INK: &str = "#b00020";

/// Where things go in a picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    rows: usize,
    cols: usize,
    /// Pixels per cell.
    scale: f64,
    /// The board's top-left corner, in pixels.
    board_x: f64,
    board_y: f64,
    width: f64,
    height: f64,
    legend_y: f64,
}

impl Layout {
    /// The layout of a `rows x cols` board with the entries of `legend`.
    pub fn new(rows: usize, cols: usize, legend: &[Legend]) -> Layout {
        Layout::sized(rows, cols, CELL_PX, legend)
    }

    /// As [`Layout::new`], with cells of `cell_px` pixels where the board is small
    /// enough. The picture is as wide as the board or its widest legend label, as the
    /// widest of the usual sans-serif fonts draws it ([`text_width`]), so no renderer
    /// cuts a label.
    pub fn sized(rows: usize, cols: usize, cell_px: f64, legend: &[Legend]) -> Layout {
        let side = rows.max(cols).max(1) as f64;
        let scale = cell_px.min(MAX_BOARD_PX / side);
        let (board_x, board_y) = (MARGIN_PX, MARGIN_PX + CAPTION_PX);
        let board_width = cols as f64 * scale;
        let legend_width = legend
            .iter()
            .map(|entry| LEGEND_LABEL_X + text_width(entry.label, LEGEND_FONT_PX))
            .fold(LEGEND_WIDTH_PX, f64::max);
        let legend_y = board_y + rows as f64 * scale + LEGEND_GAP_PX;
        Layout {
            rows,
            cols,
            scale,
            board_x,
            board_y,
            width: (2.0 * MARGIN_PX + board_width.max(legend_width)).ceil(),
            height: (legend_y + legend.len() as f64 * LEGEND_ROW_PX + MARGIN_PX).ceil(),
            legend_y,
        }
    }

    /// The picture's point, in pixels, of the board point (`x`, `y`) in cell units.
    pub fn to_pixels(self, x: f64, y: f64) -> (f64, f64) {
        (self.board_x + x * self.scale, self.board_y + y * self.scale)
    }

    /// The picture's size in pixels.
    pub fn size(self) -> (u32, u32) {
        (self.width as u32, self.height as u32)
    }

    /// Whether cells are large enough for grid lines and dots.
    fn detailed(self) -> bool {
        self.scale >= DETAIL_PX
    }

    /// A stroke width in cell units: `cells` wide, but at least `min_px` pixels.
    pub fn stroke(self, cells: f64, min_px: f64) -> f64 {
        cells.max(min_px / self.scale)
    }
}

/// How wide `text` is at `font_px` pixels in any of the sans-serif fonts browsers and
/// librsvg pick (DejaVu Sans, the widest of them, Liberation Sans, Arial, Helvetica),
/// or a little wider: each character at DejaVu Sans' advance rounded up, by classes.
pub fn text_width(text: &str, font_px: f64) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | 'I' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' => 0.32,
            ' ' | 'f' | 't' | 'r' | '(' | ')' | '[' | ']' | '-' | '/' => 0.42,
            'm' | 'M' | 'W' | '@' | '%' | '—' => 1.0,
            'w' => 0.83,
            'A'..='Z' => 0.78,
            _ => 0.66,
        })
        .sum();
    em * font_px
}

/// A number as SVG text: at most three decimals, no trailing zeros, no `-0`.
#[derive(Clone, Copy, Debug)]
pub struct Num(pub f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rounded = (self.0 * 1000.0).round() / 1000.0;
        if rounded == 0.0 {
            f.write_str("0")
        } else {
            write!(f, "{rounded}")
        }
    }
}

/// A point on the board, in cell units.
pub type Point = (f64, f64);

/// A move's number (from 1) and where its marker goes.
pub type Step = (usize, Point);

/// The centre of cell `pos`, in cell units.
pub fn centre(pos: Pos) -> Point {
    (pos.col as f64 + 0.5, pos.row as f64 + 0.5)
}

/// One line of a legend: a swatch and what it stands for.
#[derive(Clone, Copy, Debug)]
pub struct Legend {
    /// How the line's thing is drawn.
    pub swatch: Swatch,
    /// What it stands for, in a few words.
    pub label: &'static str,
}

/// The little picture in front of a legend label.
#[derive(Clone, Copy, Debug)]
pub enum Swatch {
    /// A square of this colour.
    Fill(&'static str),
    /// An empty square with an outline of this colour.
    Outline(&'static str),
    /// A square of the first colour with a dashed outline of the second: a start.
    Start(&'static str, &'static str),
    /// Two squares side by side: a head and a body.
    Pair(&'static str, &'static str),
    /// A line with a dot: a route, the dot standing for its numbered markers.
    Route(&'static str),
}

/// How the markers of some steps look.
#[derive(Clone, Copy, Debug)]
pub struct MarkerStyle {
    /// The dot under the number (opaque, so a later marker on the same point hides the
    /// earlier one cleanly).
    pub dot: &'static str,
    /// The number's colour on the dot.
    pub ink: &'static str,
    /// The number's colour on boards too small for dots, where it sits on the route.
    pub bare_ink: &'static str,
    /// The dot's radius in cell units.
    pub radius: f64,
    /// How large the numbers are, as a share of the size that suits a dot of 0.3 cells.
    pub scale: f64,
}

/// The title of a picture: the puzzle and the number of moves, or "no solution".
pub fn title(puzzle: &str, moves: Option<usize>) -> String {
    match moves {
        None => format!("{puzzle}: no solution"),
        Some(1) => format!("{puzzle}: 1 move"),
        Some(n) => format!("{puzzle}: {n} moves"),
    }
}

/// A whole picture, written to `out` as it is drawn: `board` draws the board in cell
/// units (see [`Layout`]); this adds the document, the caption and the legend.
pub fn picture(
    out: &mut dyn Write,
    puzzle: &str,
    moves: Option<usize>,
    size: (usize, usize),
    legend: &[Legend],
    board: impl FnOnce(&mut dyn Write, Layout) -> fmt::Result,
) -> fmt::Result {
    picture_sized(out, puzzle, moves, size, CELL_PX, legend, board)
}

/// As [`picture`], with cells of `cell_px` pixels where the board is small enough
/// ([`Layout::sized`]): for cells that carry text.
pub fn picture_sized(
    out: &mut dyn Write,
    puzzle: &str,
    moves: Option<usize>,
    (rows, cols): (usize, usize),
    cell_px: f64,
    legend: &[Legend],
    board: impl FnOnce(&mut dyn Write, Layout) -> fmt::Result,
) -> fmt::Result {
    let layout = Layout::sized(rows, cols, cell_px, legend);
    write_picture(out, puzzle, moves, layout, legend, board)
}

fn write_picture(
    out: &mut dyn Write,
    puzzle: &str,
    moves: Option<usize>,
    layout: Layout,
    legend: &[Legend],
    board: impl FnOnce(&mut dyn Write, Layout) -> fmt::Result,
) -> fmt::Result {
    let Layout {
        rows,
        cols,
        scale,
        board_x,
        board_y,
        width,
        height,
        ..
    } = layout;
    let title = title(puzzle, moves);
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    )?;
    writeln!(out, "<title>{title}</title>")?;
    writeln!(
        out,
        "<desc>A {rows} x {cols} board. Markers number the moves; the animation plays them, \
         {SECONDS_PER_MOVE} s each.</desc>"
    )?;
    writeln!(
        out,
        r#"<rect width="{width}" height="{height}" fill="{PAGE}"/>"#
    )?;
    let ink = if moves.is_some() {
        INK
    } else {
        NO_SOLUTION_INK
    };
    writeln!(
        out,
        r#"<text x="{MARGIN_PX}" y="{}" font-family="sans-serif" font-size="16" font-weight="bold" fill="{ink}">{title}</text>"#,
        MARGIN_PX + 18.0
    )?;
    writeln!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{BOARD_EDGE}"/>"#,
        Num(board_x - 0.5),
        Num(board_y - 0.5),
        Num(cols as f64 * scale + 1.0),
        Num(rows as f64 * scale + 1.0)
    )?;
    writeln!(
        out,
        r#"<g transform="translate({board_x} {board_y}) scale({scale})">"#
    )?;
    board(out, layout)?;
    writeln!(out, "</g>")?;
    write_legend(out, layout, legend)?;
    writeln!(out, "</svg>")
}

fn write_legend(out: &mut dyn Write, layout: Layout, legend: &[Legend]) -> fmt::Result {
    const SIDE: f64 = 14.0;
    writeln!(
        out,
        r#"<g font-family="sans-serif" font-size="{LEGEND_FONT_PX}" fill="{INK}">"#
    )?;
    for (i, entry) in legend.iter().enumerate() {
        let (x, y) = (MARGIN_PX, layout.legend_y + i as f64 * LEGEND_ROW_PX);
        let square = |out: &mut dyn Write, x: f64, fill: &str, stroke: &str| {
            writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{SIDE}" height="{SIDE}" fill="{fill}"{stroke}/>"#
            )
        };
        match entry.swatch {
            Swatch::Fill(fill) => square(out, x, fill, "")?,
            Swatch::Outline(edge) => square(out, x, PAGE, &format!(r#" stroke="{edge}""#))?,
            Swatch::Start(fill, edge) => {
                square(
                    out,
                    x,
                    "none",
                    &format!(r#" stroke="{edge}" stroke-width="1.5" stroke-dasharray="3 2""#),
                )?;
                writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="{edge}"/>"#,
                    x + 3.5,
                    y + 3.5,
                    SIDE - 7.0,
                    SIDE - 7.0
                )?;
            }
            Swatch::Pair(head, body) => {
                square(out, x, head, "")?;
                square(out, x + SIDE + 2.0, body, "")?;
            }
            Swatch::Route(colour) => {
                let mid = y + SIDE / 2.0;
                writeln!(
                    out,
                    r#"<line x1="{x}" y1="{mid}" x2="{}" y2="{mid}" stroke="{colour}" stroke-width="3"/><circle cx="{}" cy="{mid}" r="5" fill="{colour}"/>"#,
                    x + 2.0 * SIDE + 2.0,
                    x + SIDE + 1.0
                )?;
            }
        }
        writeln!(
            out,
            r#"<text x="{}" y="{}">{}</text>"#,
            x + LEGEND_LABEL_X,
            y + 11.5,
            entry.label
        )?;
    }
    writeln!(out, "</g>")
}

/// The cells where `pick` holds, as run-length rectangles: each maximal run of them in a
/// row is one stroke a cell wide along the row's middle, written relative to the end of
/// the run before (`m3 0h5`), so a cell costs a few bytes at most.
pub fn runs(
    out: &mut dyn Write,
    layout: Layout,
    colour: &str,
    mut pick: impl FnMut(Pos) -> bool,
) -> fmt::Result {
    let mut started = false;
    for row in 0..layout.rows {
        // Where the previous run of this row ended.
        let mut end = None;
        let mut col = 0;
        while col < layout.cols {
            if !pick(Pos::new(row, col)) {
                col += 1;
                continue;
            }
            let start = col;
            while col < layout.cols && pick(Pos::new(row, col)) {
                col += 1;
            }
            if !started {
                write!(
                    out,
                    r#"<path fill="none" stroke="{colour}" stroke-width="1" shape-rendering="crispEdges" d=""#
                )?;
                started = true;
            }
            match end {
                None => write!(out, "M{start} {row}.5")?,
                Some(end) => write!(out, "m{} 0", start - end)?,
            }
            write!(out, "h{}", col - start)?;
            end = Some(col);
        }
        if end.is_some() {
            out.write_char('\n')?;
        }
    }
    if started {
        writeln!(out, r#""/>"#)?;
    }
    Ok(())
}

/// Thin lines between the cells, on boards whose cells are large enough.
pub fn grid_lines(out: &mut dyn Write, layout: Layout) -> fmt::Result {
    if !layout.detailed() {
        return Ok(());
    }
    let Layout { rows, cols, .. } = layout;
    write!(
        out,
        r#"<path fill="none" stroke="{GRID_LINE}" stroke-width="{}" d=""#,
        Num(layout.stroke(0.06, 1.0))
    )?;
    for row in 0..=rows {
        write!(out, "M0 {row}h{cols}")?;
    }
    for col in 0..=cols {
        write!(out, "M{col} 0v{rows}")?;
    }
    writeln!(out, r#""/>"#)
}

/// A rectangle over cells `top_left` to `bottom_right` (inclusive), inset by `inset`
/// cells on every side, with extra attributes `attributes`.
pub fn cell_rect(
    out: &mut dyn Write,
    top_left: Pos,
    bottom_right: Pos,
    inset: f64,
    attributes: &str,
) -> fmt::Result {
    writeln!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" {attributes}/>"#,
        Num(top_left.col as f64 + inset),
        Num(top_left.row as f64 + inset),
        Num((bottom_right.col - top_left.col + 1) as f64 - 2.0 * inset),
        Num((bottom_right.row - top_left.row + 1) as f64 - 2.0 * inset),
    )
}

/// The attributes of a dashed outline of `colour`: a start marking.
pub fn dashed(layout: Layout, colour: &str) -> String {
    let width = layout.stroke(0.08, 1.0);
    format!(
        r#"fill="none" stroke="{colour}" stroke-width="{}" stroke-dasharray="{} {}""#,
        Num(width),
        Num(3.0 * width),
        Num(2.0 * width)
    )
}

/// The frames of the animation of `states` (one per position, so one more than there
/// are moves): the start held a while, each move, the end held a while.
pub fn frames<T: Copy>(states: &[T]) -> Vec<T> {
    let (Some(&first), Some(&last)) = (states.first(), states.last()) else {
        return Vec::new();
    };
    let mut frames = vec![first; HOLD_START - 1];
    frames.extend_from_slice(states);
    frames.extend(std::iter::repeat_n(last, HOLD_END));
    frames
}

/// An `<animate>` of `attribute` through `values`, one frame each, discrete, looping.
/// All animations of a picture have as many frames, so they stay in step.
pub fn animate(
    out: &mut dyn Write,
    attribute: &str,
    values: impl ExactSizeIterator<Item = f64>,
) -> fmt::Result {
    write!(
        out,
        r#"<animate attributeName="{attribute}" begin="0s" dur="{}s" calcMode="discrete" repeatCount="indefinite" values=""#,
        Num(values.len() as f64 * SECONDS_PER_MOVE)
    )?;
    for (i, value) in values.enumerate() {
        if i > 0 {
            out.write_char(';')?;
        }
        write!(out, "{}", Num(value))?;
    }
    writeln!(out, r#""/>"#)
}

/// An `<animateTransform>` that translates its element by each of `offsets` (x, y, in
/// cell units), one frame each, discrete, looping: for a group drawn at its start, so a
/// shape of any outline moves as one.
pub fn animate_translate(
    out: &mut dyn Write,
    offsets: impl ExactSizeIterator<Item = Point>,
) -> fmt::Result {
    write!(
        out,
        r#"<animateTransform attributeName="transform" type="translate" begin="0s" dur="{}s" calcMode="discrete" repeatCount="indefinite" values=""#,
        Num(offsets.len() as f64 * SECONDS_PER_MOVE)
    )?;
    for (i, (x, y)) in offsets.enumerate() {
        if i > 0 {
            out.write_char(';')?;
        }
        write!(out, "{} {}", Num(x), Num(y))?;
    }
    writeln!(out, r#""/>"#)
}

/// A square over one cell, inset by `inset`, that moves through `cells` (one per
/// position): drawn at the first, animated through all of them when there are moves.
pub fn moving_square(
    out: &mut dyn Write,
    cells: &[Pos],
    inset: f64,
    attributes: &str,
) -> fmt::Result {
    let Some(&start) = cells.first() else {
        return Ok(());
    };
    // The inset is a transform, so the animated coordinates are whole cells.
    let side = Num(1.0 - 2.0 * inset);
    write!(
        out,
        r#"<rect transform="translate({} {})" x="{}" y="{}" width="{side}" height="{side}" {attributes}"#,
        Num(inset),
        Num(inset),
        start.col,
        start.row,
    )?;
    if cells.len() < 2 {
        return writeln!(out, "/>");
    }
    writeln!(out, ">")?;
    let frames = frames(cells);
    animate(out, "x", frames.iter().map(|p| p.col as f64))?;
    animate(out, "y", frames.iter().map(|p| p.row as f64))?;
    writeln!(out, "</rect>")
}

/// How a route is stroked.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    /// Its colour, `#rrggbb`.
    pub colour: &'static str,
    /// Width in cells (at least 2 pixels; on boards too small for dots, at least half a
    /// cell, to carry the step numbers).
    pub width: f64,
    /// From 0 (unseen) to 1 (opaque).
    pub opacity: f64,
    /// Dashed rather than solid.
    pub dashed: bool,
}

/// A line through `points` (consecutive repeats dropped): a `<path>` of relative
/// steps, short since routes go along rows and columns.
pub fn route(
    out: &mut dyn Write,
    layout: Layout,
    points: impl IntoIterator<Item = Point>,
    line: Line,
) -> fmt::Result {
    let mut points: Vec<Point> = points.into_iter().collect();
    points.dedup();
    if points.len() < 2 {
        return Ok(());
    }
    // On small cells the numbers have no dots: they sit on the line, which must hold them.
    let cells = if layout.detailed() {
        line.width
    } else {
        line.width.max(0.5)
    };
    let width = layout.stroke(cells, 2.0);
    write!(
        out,
        r#"<path fill="none" stroke="{}" stroke-opacity="{}" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round""#,
        line.colour,
        line.opacity,
        Num(width)
    )?;
    if line.dashed {
        write!(
            out,
            r#" stroke-dasharray="{} {}""#,
            Num(2.0 * width),
            Num(2.0 * width)
        )?;
    }
    let (x, y) = points[0];
    write!(out, r#" d="M{} {}"#, Num(x), Num(y))?;
    for pair in points.windows(2) {
        let (dx, dy) = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
        if dy == 0.0 {
            write!(out, "h{}", Num(dx))?;
        } else if dx == 0.0 {
            write!(out, "v{}", Num(dy))?;
        } else {
            write!(out, "l{} {}", Num(dx), Num(dy))?;
        }
    }
    writeln!(out, r#""/>"#)
}

/// The numbered markers of `steps` (move number, where): a dot (on boards large enough
/// to see it) under a number, the `<text class="step">`, in step order so later ones lie
/// on top.
pub fn markers(
    out: &mut dyn Write,
    layout: Layout,
    style: MarkerStyle,
    steps: &[Step],
) -> fmt::Result {
    if steps.is_empty() {
        return Ok(());
    }
    let ink = if layout.detailed() {
        style.ink
    } else {
        style.bare_ink
    };
    writeln!(
        out,
        r#"<g fill="{ink}" font-family="sans-serif" text-anchor="middle">"#
    )?;
    // Steps come in order, so the numbers of each length are together: one group each,
    // whose font shrinks with the length to stay on the dots.
    let mut digits = 0;
    for &(step, (x, y)) in steps {
        let length = step.checked_ilog10().map_or(1, |d| d as usize + 1);
        let size = font_size(length) * style.scale;
        if length != digits {
            if digits > 0 {
                writeln!(out, "</g>")?;
            }
            writeln!(out, r#"<g font-size="{}">"#, Num(size))?;
            digits = length;
        }
        if layout.detailed() {
            write!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" fill="{}"/>"#,
                Num(x),
                Num(y),
                style.radius,
                style.dot
            )?;
        }
        writeln!(
            out,
            r#"<text class="step" x="{}" y="{}">{step}</text>"#,
            Num(x),
            // The baseline, so the digits' middle is on the point.
            Num(y + 0.35 * size)
        )?;
    }
    writeln!(out, "</g>\n</g>")
}

/// The font size, in cells, of a step number `digits` long.
fn font_size(digits: usize) -> f64 {
    if digits <= 2 {
        0.4
    } else {
        0.9 / digits as f64
    }
}

/// On boards too small to see single cells: a ring round `point` so it can be found.
pub fn beacon(out: &mut dyn Write, layout: Layout, point: Point, colour: &str) -> fmt::Result {
    if layout.detailed() {
        return Ok(());
    }
    writeln!(
        out,
        r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{colour}" stroke-width="{}"/>"#,
        Num(point.0),
        Num(point.1),
        Num(layout.stroke(1.0, 10.0)),
        Num(layout.stroke(0.1, 2.5))
    )
}

/// Checks shared by the tests of the pictures (feature `check`; the renders, feature
/// `render`): helpers that panic with a message when a picture is not what it should be.
#[cfg(feature = "check")]
pub mod check {
    #[cfg(feature = "render")]
    use {super::Layout, resvg::tiny_skia::Pixmap};

    /// Parses `svg` as XML and checks it is an SVG 1.1 document with a size; returns
    /// its title and its number of `class="step"` elements.
    pub fn parse(svg: &str) -> (String, usize) {
        let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert_eq!(
            root.tag_name().namespace(),
            Some("http://www.w3.org/2000/svg")
        );
        assert_eq!(root.attribute("version"), Some("1.1"));
        for attribute in ["width", "height", "viewBox"] {
            assert!(root.has_attribute(attribute), "no {attribute}");
        }
        let title = root
            .children()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text())
            .expect("a title")
            .to_string();
        let steps = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("step"))
            .count();
        assert!(
            doc.descendants()
                .filter_map(|n| n.attribute("class"))
                .all(|class| class == "step"),
            "no other class"
        );
        (title, steps)
    }

    /// Checks a picture of a solution of `moves` moves (`None`: no solution): its title,
    /// one step marker per move, and, when there are moves, `animated` animations that
    /// all play the same frames (the start held once more, each move, the end held three
    /// times); none otherwise.
    pub fn picture(svg: &str, puzzle: &str, moves: Option<usize>, animated: usize) {
        let (title, steps) = parse(svg);
        assert_eq!(title, super::title(puzzle, moves));
        assert_eq!(steps, moves.unwrap_or(0), "one marker per move");
        assert!(
            svg.len() >= moves.unwrap_or(0) * super::PICTURE_BYTES_PER_MOVE,
            "a move adds at least PICTURE_BYTES_PER_MOVE bytes"
        );
        let animations = animations(svg);
        match moves {
            Some(n) if n > 0 => {
                assert_eq!(animations.len(), animated);
                assert!(animations.iter().all(|a| *a == animations[0]));
                assert_eq!(animations[0].0, n + 1 + 1 + 3);
            }
            _ => assert!(animations.is_empty()),
        }
    }

    /// The `<animate>` elements of `svg`: (number of values, duration) of each.
    pub fn animations(svg: &str) -> Vec<(usize, String)> {
        let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
        doc.descendants()
            .filter(|n| n.has_tag_name("animate"))
            .map(|n| {
                assert_eq!(n.attribute("calcMode"), Some("discrete"));
                assert_eq!(n.attribute("repeatCount"), Some("indefinite"));
                let values = n.attribute("values").expect("values").split(';').count();
                (values, n.attribute("dur").expect("dur").to_string())
            })
            .collect()
    }

    /// A sans-serif font a renderer picks: librsvg's on Debian (fontconfig's
    /// `sans-serif`) and the browsers' Arial-wide one.
    #[cfg(feature = "render")]
    #[derive(Clone, Copy, Debug)]
    pub enum Font {
        /// DejaVu Sans, the wider.
        DejaVu,
        /// Liberation Sans, Arial's widths.
        Liberation,
    }

    #[cfg(feature = "render")]
    impl Font {
        /// Both fonts.
        pub const ALL: [Font; 2] = [Font::DejaVu, Font::Liberation];

        /// Its family name and the files of its regular and bold faces.
        fn files(self) -> (&'static str, [&'static str; 2]) {
            match self {
                Font::DejaVu => (
                    "DejaVu Sans",
                    [
                        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
                    ],
                ),
                Font::Liberation => (
                    "Liberation Sans",
                    [
                        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
                        "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
                    ],
                ),
            }
        }
    }

    #[cfg(feature = "render")]
    /// `svg` rendered to pixels (the first frame: renderers ignore animations) with
    /// DejaVu Sans for `sans-serif`, as librsvg draws it; see [`render_in`].
    pub fn render(svg: &str, layout: Layout, name: &str) -> Pixmap {
        let pixmap = render_in(svg, Font::DejaVu, name);
        assert_eq!((pixmap.width(), pixmap.height()), layout.size());
        pixmap
    }

    #[cfg(feature = "render")]
    /// `svg` rendered to pixels at its own size with `font` for `sans-serif`, also
    /// written with the SVG to `$GRIDSOLVE_SVG_CHECK/NAME.{png,svg}` to be looked at
    /// when that variable names a directory (the tests leave nothing behind otherwise).
    pub fn render_in(svg: &str, font: Font, name: &str) -> Pixmap {
        let mut options = resvg::usvg::Options::default();
        let mut fonts = resvg::usvg::fontdb::Database::new();
        let (family, files) = font.files();
        for file in files {
            let data = std::fs::read(file).unwrap_or_else(|e| {
                panic!(
                    "{file}: {e}; the render tests draw text in DejaVu Sans and Liberation \
                     Sans: `bash tools/setup-fonts.sh` installs them"
                )
            });
            fonts.load_font_data(data);
        }
        fonts.set_sans_serif_family(family);
        options.font_family = family.to_string();
        options.fontdb = std::sync::Arc::new(fonts);
        let tree = resvg::usvg::Tree::from_str(svg, &options).expect("a valid SVG");
        let (width, height) = (tree.size().width(), tree.size().height());
        assert_eq!((width.fract(), height.fract()), (0.0, 0.0), "a whole size");
        let (width, height) = (width as u32, height as u32);
        let mut pixmap = Pixmap::new(width, height).expect("a non-empty picture");
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::default(),
            &mut pixmap.as_mut(),
        );
        if let Some(dir) = std::env::var_os("GRIDSOLVE_SVG_CHECK") {
            let dir = std::path::PathBuf::from(dir);
            std::fs::create_dir_all(&dir).expect("a scratch directory");
            std::fs::write(dir.join(format!("{name}.svg")), svg).expect("an SVG written");
            pixmap
                .save_png(dir.join(format!("{name}.png")))
                .expect("a PNG written");
        }
        pixmap
    }

    #[cfg(feature = "render")]
    /// Checks the colour of the point a quarter of a cell into `cell` (clear of the
    /// routes and markers through cell centres).
    #[track_caller]
    pub fn colour_at(
        pixmap: &Pixmap,
        layout: Layout,
        cell: grid_core::Pos,
        colour: &str,
        what: &str,
    ) {
        let (x, y) = layout.to_pixels(cell.col as f64 + 0.25, cell.row as f64 + 0.25);
        let pixel = pixmap
            .pixel(x as u32, y as u32)
            .expect("a point in the picture");
        let expected = rgb(colour);
        let found = (pixel.red(), pixel.green(), pixel.blue(), pixel.alpha());
        let close = |a: u8, b: u8| a.abs_diff(b) <= 2;
        assert!(
            close(found.0, expected.0)
                && close(found.1, expected.1)
                && close(found.2, expected.2)
                && found.3 == 255,
            "{what} at {cell}: expected {colour} = {expected:?}, found {found:?}"
        );
    }

    #[cfg(feature = "render")]
    fn rgb(colour: &str) -> (u8, u8, u8) {
        let hex = colour.strip_prefix('#').expect("a #rrggbb colour");
        let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex digits");
        (channel(0), channel(2), channel(4))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(3.0, "3")]
    #[case(3.1, "3.1")]
    #[case(0.1 + 0.2, "0.3")]
    #[case(1.0 / 3.0, "0.333")]
    #[case(-0.0001, "0")]
    #[case(-1.5, "-1.5")]
    #[case(8191.88, "8191.88")]
    fn numbers_are_short(#[case] value: f64, #[case] text: &str) {
        assert_eq!(Num(value).to_string(), text);
    }

    #[test]
    fn titles_count_moves() {
        assert_eq!(title("bloxorz", None), "bloxorz: no solution");
        assert_eq!(title("bloxorz", Some(0)), "bloxorz: 0 moves");
        assert_eq!(title("bloxorz", Some(1)), "bloxorz: 1 move");
        assert_eq!(title("bloxorz", Some(12)), "bloxorz: 12 moves");
    }

    #[test]
    fn frames_hold_the_start_and_the_end() {
        assert_eq!(frames(&[1, 2, 3]), [1, 1, 2, 3, 3, 3, 3]);
        assert!(frames::<u8>(&[]).is_empty());
    }

    /// A legend entry of ordinary words, for layouts.
    const TEXT_LEGEND: Legend = Legend {
        swatch: Swatch::Fill("#000000"),
        label: "a label of ordinary words",
    };

    #[test]
    fn a_long_label_widens_the_picture() {
        let short = Layout::new(3, 3, &[TEXT_LEGEND]);
        assert_eq!(short.size().0, (2.0 * MARGIN_PX + LEGEND_WIDTH_PX) as u32);
        let long = Legend {
            swatch: Swatch::Fill("#000000"),
            label: "a label of many more words than the least width of a picture holds",
        };
        let wide = Layout::new(3, 3, &[TEXT_LEGEND, long]);
        let needed = MARGIN_PX + LEGEND_LABEL_X + text_width(long.label, LEGEND_FONT_PX);
        assert!(f64::from(wide.size().0) >= needed + MARGIN_PX, "{wide:?}");
        assert_eq!(wide.scale, short.scale);
    }

    /// No renderer cuts a legend label (issue 41: librsvg cut them on the right): every
    /// puzzle's sample picture (the guide's `docs/PUZZLE-sample.svg`, which `cargo xtask
    /// verify` keeps equal to what `gridsolve --svg` draws), drawn in DejaVu Sans
    /// (librsvg's sans-serif on Debian) and in Liberation Sans (Arial's widths, a
    /// browser's), leaves its right margin blank, its labels drawn up to near it.
    #[cfg(feature = "render")]
    #[test]
    fn every_legend_renders_whole_in_the_fonts_renderers_pick() {
        let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
        let mut samples: Vec<_> = std::fs::read_dir(&docs)
            .expect("the guide's folder")
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|path| {
                path.file_name()
                    .is_some_and(|n| n.to_string_lossy().ends_with("-sample.svg"))
            })
            .collect();
        samples.sort();
        assert!(
            samples.len() >= 2,
            "the sample pictures in {}",
            docs.display()
        );
        for sample in samples {
            let svg = std::fs::read_to_string(&sample).expect("a sample picture");
            let stem = sample.file_stem().unwrap_or_default().to_string_lossy();
            for font in check::Font::ALL {
                let name = format!("{stem}-{font:?}");
                let pixmap = check::render_in(&svg, font, &name);
                let (width, height) = (pixmap.width(), pixmap.height());
                let inked = |x: u32, y: u32| {
                    let p = pixmap.pixel(x, y).unwrap();
                    (p.red(), p.green(), p.blue()) != (255, 255, 255)
                };
                let margin = MARGIN_PX as u32 - 2;
                for x in width - margin..width {
                    for y in 0..height {
                        assert!(
                            !inked(x, y),
                            "{name}: drawn at ({x}, {y}) in the right margin"
                        );
                    }
                }
                // The labels are there: ink in the legend's rows well right of the
                // swatches.
                let legend_top = height - MARGIN_PX as u32 - 20;
                let rightmost = (0..width - margin)
                    .rev()
                    .find(|&x| (legend_top..height).any(|y| inked(x, y)))
                    .unwrap_or(0);
                assert!(
                    f64::from(rightmost) > MARGIN_PX + LEGEND_LABEL_X + 40.0,
                    "{name}: no label drawn ({rightmost})"
                );
            }
        }
    }

    #[rstest]
    #[case::judge_sized(30, 30, 24.0)]
    #[case::largest_at_full_size(100, 7, 24.0)]
    #[case::bloxorz_judge_max(500, 500, 4.8)]
    #[case::one_long_row(1, 4800, 0.5)]
    fn large_boards_get_small_cells(#[case] rows: usize, #[case] cols: usize, #[case] scale: f64) {
        let layout = Layout::new(rows, cols, &[TEXT_LEGEND; 6]);
        assert_eq!(layout.scale, scale);
        let (width, height) = layout.size();
        assert!(width <= 2 * 12 + 2400 && height <= 44 + 2400 + 14 + 6 * 20 + 12);
    }

    #[test]
    fn runs_merge_cells_along_rows() {
        let layout = Layout::new(2, 6, &[]);
        let cells = ["##.###", "......"];
        let mut out = String::new();
        runs(&mut out, layout, "#000000", |p| {
            cells[p.row].as_bytes()[p.col] == b'#'
        })
        .unwrap();
        assert!(out.ends_with(" d=\"M0 0.5h2m1 0h3\n\"/>\n"), "{out}");

        let mut out = String::new();
        runs(&mut out, layout, "#000000", |_| false).unwrap();
        assert_eq!(out, "", "no cells, no path");
    }
}
