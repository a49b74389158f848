//! The picture of a sliding-tile board (both formats): the numbered tiles at the start,
//! the blank's route with every move numbered, and an animation in which each tile
//! slides smoothly into the blank and rests there until it moves again.

use ::fifteen::{BLANK, Board, Dir};
use grid_core::Pos;
use pictures::svg::{
    HOLD_END, HOLD_START, Layout, Legend, Line, MarkerStyle, Num, Point, SECONDS_PER_MOVE, Step,
    Swatch, dashed, grid_lines, markers, picture_sized, route,
};
use std::fmt::{self, Write};

const FLOOR: &str = "#e9ecef";
const TILE: &str = "#ead9b0";
const TILE_EDGE: &str = "#8d6e3f";
const TILE_INK: &str = "#3b2a10";
const BLANK_EDGE: &str = "#3a86ff";

const LEGEND: [Legend; 3] = [
    Legend {
        swatch: Swatch::Fill(TILE),
        label: "tile, with its number (they slide in the animation)",
    },
    Legend {
        swatch: Swatch::Start(FLOOR, BLANK_EDGE),
        label: "the blank (dashed: where it starts)",
    },
    Legend {
        swatch: Swatch::Route(BLANK_EDGE),
        label: "blank's route; its moves numbered",
    },
];

/// Pixels per cell: room for a tile's number and, in its corner, a move's marker.
const CELL_PX: f64 = 56.0;

/// Where in a cell the blank's route runs and its markers sit: the top left corner,
/// clear of the tile's number (centred, from 0.21 to 0.79 across for two digits and
/// from 0.34 down), which a marker on the centre hid.
const CORNER: f64 = 0.17;

const BLANK_MARKER: MarkerStyle = MarkerStyle {
    dot: "#cfe0ff",
    ink: "#0b2a6b",
    bare_ink: "#0b2a6b",
    radius: 0.15,
    scale: 0.5,
};

/// The share of a move's time a tile takes to slide (the rest it stands still).
const SLIDE: f64 = 0.7;

/// The SVG picture of `board` solved by `path` (the blank's moves), or of the start
/// alone when `path` is `None` (no solution); titled `puzzle`.
///
/// # Panics
/// If the path takes the blank off the board.
pub fn draw_picture(
    out: &mut dyn Write,
    puzzle: &str,
    board: &Board,
    path: Option<&[Dir]>,
) -> fmt::Result {
    let moves = path.map(<[Dir]>::len);
    let path = path.unwrap_or_default();
    let keys = keyframes(board, path).expect("a legal path");
    picture_sized(
        out,
        puzzle,
        moves,
        (board.rows(), board.cols()),
        CELL_PX,
        &LEGEND,
        |out, layout| draw(out, layout, board, path, &keys),
    )
}

/// The point of `pos` the route goes through: its [`CORNER`].
fn corner(pos: Pos) -> Point {
    (pos.col as f64 + CORNER, pos.row as f64 + CORNER)
}

/// Where each tile is over time: per tile (by value), its times (0 to 1 of the loop)
/// and cells, a pair each time it starts and ends a slide; and the blank's cells.
type Keyframes = (Vec<Vec<(f64, Pos)>>, Vec<Pos>);

fn keyframes(board: &Board, path: &[Dir]) -> Option<Keyframes> {
    let cols = board.cols();
    let at = |cell: usize| Pos::new(cell / cols, cell % cols);
    let frames = (HOLD_START - 1 + path.len() + 1 + HOLD_END) as f64;
    // When state `s` (0: the start) is reached.
    let time = |s: usize| (HOLD_START - 1 + s) as f64 / frames;
    let mut tiles: Vec<Vec<(f64, Pos)>> = vec![Vec::new(); board.cells()];
    let mut blanks = Vec::with_capacity(path.len() + 1);
    let mut previous: Option<Vec<u8>> = None;
    for (s, cells) in ::fifteen::walk(board, path).enumerate() {
        let cells = cells.ok()?;
        let blank = cells.iter().position(|&v| v == BLANK)?;
        if let Some(before) = &previous {
            // The tile now on the blank's old cell slid there from the blank's new one.
            let old = blanks.last().copied().unwrap_or(at(blank));
            let tile = usize::from(before[blank]);
            let keys = &mut tiles[tile];
            let start = time(s - 1) + (1.0 - SLIDE) / frames;
            if keys.is_empty() {
                keys.push((0.0, at(blank)));
            }
            keys.push((start, at(blank)));
            keys.push((time(s), old));
        }
        blanks.push(at(blank));
        previous = Some(cells);
    }
    for keys in &mut tiles {
        if let Some(&(_, last)) = keys.last() {
            keys.push((1.0, last));
        }
    }
    Some((tiles, blanks))
}

fn draw(
    out: &mut dyn Write,
    layout: Layout,
    board: &Board,
    path: &[Dir],
    (tiles, blanks): &Keyframes,
) -> fmt::Result {
    let (rows, cols) = (board.rows(), board.cols());
    writeln!(
        out,
        r#"<rect width="{cols}" height="{rows}" fill="{FLOOR}"/>"#
    )?;
    grid_lines(out, layout)?;
    let start_blank = board.start().iter().position(|&v| v == BLANK).unwrap_or(0);
    let blank = Pos::new(start_blank / cols, start_blank % cols);
    pictures::svg::cell_rect(out, blank, blank, 0.04, &dashed(layout, BLANK_EDGE))?;
    let loop_seconds = Num((HOLD_START - 1 + path.len() + 1 + HOLD_END) as f64 * SECONDS_PER_MOVE);
    let edge = Num(layout.stroke(0.03, 1.0));
    writeln!(
        out,
        r#"<g font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="{TILE_INK}">"#
    )?;
    for (cell, &value) in board.start().iter().enumerate() {
        if value == BLANK {
            continue;
        }
        let pos = Pos::new(cell / cols, cell % cols);
        let size = if value < 10 { 0.5 } else { 0.42 };
        write!(
            out,
            r#"<g transform="translate({} {})"><rect x="0.05" y="0.05" width="0.9" height="0.9" rx="0.12" fill="{TILE}" stroke="{TILE_EDGE}" stroke-width="{edge}"/><text x="0.5" y="{}" font-size="{size}">{value}</text>"#,
            pos.col,
            pos.row,
            Num(0.5 + 0.35 * size)
        )?;
        let keys = &tiles[usize::from(value)];
        if keys.len() > 1 {
            write!(
                out,
                r#"<animateTransform attributeName="transform" type="translate" begin="0s" dur="{loop_seconds}s" calcMode="linear" repeatCount="indefinite" values=""#
            )?;
            for (i, (_, p)) in keys.iter().enumerate() {
                let sep = if i > 0 { ";" } else { "" };
                write!(out, "{sep}{} {}", p.col, p.row)?;
            }
            write!(out, r#"" keyTimes=""#)?;
            for (i, (t, _)) in keys.iter().enumerate() {
                let sep = if i > 0 { ";" } else { "" };
                write!(out, "{sep}{}", KeyTime(*t))?;
            }
            write!(out, r#""/>"#)?;
        }
        writeln!(out, "</g>")?;
    }
    writeln!(out, "</g>")?;
    route(
        out,
        layout,
        blanks.iter().map(|&p| corner(p)),
        Line {
            colour: BLANK_EDGE,
            width: 0.06,
            opacity: 0.5,
            dashed: false,
        },
    )?;
    let steps: Vec<Step> = blanks
        .iter()
        .enumerate()
        .skip(1)
        .map(|(i, &p)| (i, corner(p)))
        .collect();
    markers(out, layout, BLANK_MARKER, &steps)
}

/// A key time: a fraction of the loop with enough decimals to tell the moves of a long
/// path apart (trailing zeros dropped).
struct KeyTime(f64);

impl fmt::Display for KeyTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{:.6}", self.0.clamp(0.0, 1.0));
        let text = text.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if text.is_empty() { "0" } else { text })
    }
}

/// The picture as a string (for tests).
#[cfg(test)]
pub(crate) fn picture_string(puzzle: &str, board: &Board, path: Option<&[Dir]>) -> String {
    let mut out = String::new();
    draw_picture(&mut out, puzzle, board, path).expect("a String takes any text");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::fifteen::Solver;
    use pictures::svg::check;

    /// The `<animateTransform>`s of `svg`: per tile, its values and key times, checked
    /// to be as many, the times rising from 0 to 1.
    fn slides(svg: &str) -> usize {
        let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
        let mut count = 0;
        for n in doc
            .descendants()
            .filter(|n| n.has_tag_name("animateTransform"))
        {
            assert_eq!(n.attribute("calcMode"), Some("linear"));
            let values = n.attribute("values").unwrap().split(';').count();
            let times: Vec<f64> = n
                .attribute("keyTimes")
                .unwrap()
                .split(';')
                .map(|t| t.parse().unwrap())
                .collect();
            assert_eq!(values, times.len());
            assert_eq!(times[0], 0.0);
            assert_eq!(*times.last().unwrap(), 1.0);
            assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
            count += 1;
        }
        count
    }

    #[test]
    fn the_judges_sample_slides_its_tiles() {
        let board = Board::with_default_goal(3, 3, &[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
        let path = Solver::new().solve_with_path(&board).unwrap().unwrap().path;
        let svg = picture_string("eight", &board, Some(&path));
        let (title, steps) = check::parse(&svg);
        assert_eq!(title, "eight: 19 moves");
        assert_eq!(steps, 19);
        assert!(svg.len() >= 19 * pictures::svg::PICTURE_BYTES_PER_MOVE);
        // Every tile moves on the way, 7 too (it starts on its goal cell).
        assert_eq!(slides(&svg), 8);
        for tile in 1..=8 {
            assert!(
                svg.contains(&format!(">{tile}</text>")),
                "tile {tile} numbered"
            );
        }
    }

    #[test]
    fn no_solution_and_no_moves_have_no_animation() {
        let swapped = Board::with_default_goal(3, 3, &[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        let svg = picture_string("eight", &swapped, None);
        assert_eq!(check::parse(&svg), ("eight: no solution".to_string(), 0));
        assert_eq!(slides(&svg), 0);
        let solved = Board::with_default_goal(2, 2, &[1, 2, 3, 0]).unwrap();
        let svg = picture_string("fifteen", &solved, Some(&[]));
        assert_eq!(check::parse(&svg), ("fifteen: 0 moves".to_string(), 0));
    }

    #[test]
    fn large_boards_number_their_tiles_in_full() {
        let start: Vec<u8> = (1..64).chain([0]).collect();
        let board = Board::with_default_goal(8, 8, &start).unwrap();
        let path = [Dir::Up, Dir::Left];
        let svg = picture_string("fifteen", &board, Some(&path));
        assert!(svg.contains(">63</text>"));
        assert_eq!(slides(&svg), 2);
        assert_eq!(check::parse(&svg).1, 2);
    }

    /// Korf's first 15-puzzle solved a few moves: the tiles' numbers and the markers.
    #[cfg(feature = "render-tests")]
    fn walked() -> (Board, Vec<Dir>) {
        let start = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
        let goal: Vec<u8> = (0..16).collect();
        let board = Board::new(4, 4, &start, &goal).unwrap();
        // The blank goes round the middle: over tiles 2, 12, 11 and 6 and back.
        let path = [
            Dir::Right,
            Dir::Up,
            Dir::Left,
            Dir::Down,
            Dir::Right,
            Dir::Right,
        ];
        (board, path.to_vec())
    }

    /// The route and its markers leave every tile's number as it is without them
    /// (issue 41: markers on the cells' centres hid the numbers), in the fonts librsvg
    /// and a browser pick, on cells of a readable size.
    #[cfg(feature = "render-tests")]
    #[test]
    fn the_route_renders_clear_of_the_tiles_numbers() {
        let (board, path) = walked();
        let with = picture_string("fifteen", &board, Some(&path));
        let without = picture_string("fifteen", &board, Some(&[]));
        assert_eq!(check::parse(&with).1, path.len());
        let layout = Layout::sized(4, 4, CELL_PX, &LEGEND);
        let cell = layout.to_pixels(1.0, 0.0).0 - layout.to_pixels(0.0, 0.0).0;
        assert_eq!(
            cell, CELL_PX,
            "cells large enough for a number and a marker"
        );
        for font in check::Font::ALL {
            let routed = check::render_in(&with, font, &format!("fifteen-route-{font:?}"));
            let bare = check::render_in(&without, font, &format!("fifteen-bare-{font:?}"));
            let mut inked = 0;
            for cell in 0..16 {
                let pos = Pos::new(cell / 4, cell % 4);
                if board.start()[cell] == BLANK {
                    continue;
                }
                // The number's box: 0.21 to 0.79 across, 0.34 to 0.72 down.
                let (x0, y0) = layout.to_pixels(pos.col as f64 + 0.21, pos.row as f64 + 0.34);
                let (x1, y1) = layout.to_pixels(pos.col as f64 + 0.79, pos.row as f64 + 0.72);
                for x in x0.ceil() as u32..x1 as u32 {
                    for y in y0.ceil() as u32..y1 as u32 {
                        let (a, b) = (routed.pixel(x, y).unwrap(), bare.pixel(x, y).unwrap());
                        assert_eq!(a, b, "{font:?}: tile {} at ({x}, {y})", board.start()[cell]);
                        let ink = (a.red(), a.green(), a.blue()) == (0x3b, 0x2a, 0x10);
                        inked += usize::from(ink);
                    }
                }
            }
            assert!(
                inked > 15 * 20,
                "{font:?}: the numbers are drawn ({inked} pixels)"
            );
        }
    }

    #[test]
    fn key_times_keep_six_decimals() {
        assert_eq!(KeyTime(0.0).to_string(), "0");
        assert_eq!(KeyTime(1.0).to_string(), "1");
        assert_eq!(KeyTime(1.0 / 3.0).to_string(), "0.333333");
    }
}
