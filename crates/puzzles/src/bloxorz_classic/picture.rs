//! The picture of a classic Bloxorz level: the tiles (switches marked), the bridges in
//! their start state, the exit, the block at its start, the route of whichever piece
//! moves with every move numbered, and an animation of the block, the two cubes (which
//! appear when the block splits and vanish when they merge) and the bridges that open
//! and close.

use ::bloxorz_classic::{Body, Level, Move, Orientation, Path, Placement, Position, Tile};
use grid_core::Pos;
use pictures::svg::{
    Layout, Legend, Line, MarkerStyle, Num, Point, Step, Swatch, animate, beacon, cell_rect,
    centre, dashed, frames, grid_lines, markers, picture, route, runs,
};
use std::fmt::{self, Write};

const FLOOR: &str = "#9aa5b4";
const FRAGILE: &str = "#f4a259";
const SOFT: &str = "#80b918";
const HEAVY: &str = "#2b6a3f";
const SPLIT: &str = "#3fa7d6";
const BRIDGE: &str = "#a0522d";
const MARK: &str = "#1b1b1b";
const EXIT: &str = "#1f1f1f";
const BLOCK: &str = "#7b2cbf";
const CUBE_1: &str = "#d62828";
const CUBE_2: &str = "#1d4ed8";
const BLOCK_ROUTE: &str = "#5a189a";
const CUBE_1_ROUTE: &str = "#9d0208";
const CUBE_2_ROUTE: &str = "#1e3a8a";

/// How much of a bridge shows while it is off.
const OFF_OPACITY: f64 = 0.2;

const LEGEND: [Legend; 9] = [
    Legend {
        swatch: Swatch::Fill(FLOOR),
        label: "floor (no tile: not drawn)",
    },
    Legend {
        swatch: Swatch::Fill(FRAGILE),
        label: "orange: never stand on it",
    },
    Legend {
        swatch: Swatch::Pair(SOFT, HEAVY),
        label: "switches: soft (ring), heavy (cross)",
    },
    Legend {
        swatch: Swatch::Fill(SPLIT),
        label: "split switch",
    },
    Legend {
        swatch: Swatch::Fill(BRIDGE),
        label: "bridge (faint while off)",
    },
    Legend {
        swatch: Swatch::Fill(EXIT),
        label: "exit: stand on it",
    },
    Legend {
        swatch: Swatch::Start(BLOCK, BLOCK),
        label: "block (dashed: where it starts)",
    },
    Legend {
        swatch: Swatch::Pair(CUBE_1, CUBE_2),
        label: "cube 1 (U D L R), cube 2 (u d l r)",
    },
    Legend {
        swatch: Swatch::Route(BLOCK_ROUTE),
        label: "route of the piece that moves; moves numbered",
    },
];

const MARKER: MarkerStyle = MarkerStyle {
    dot: MARK,
    ink: "#ffffff",
    bare_ink: "#ffffff",
    radius: 0.3,
    scale: 1.0,
};

/// How far the block and the cubes sit inside their cells.
const INSET: f64 = 0.1;

/// The SVG picture of `level` solved by `path`, or of the start alone when `path` is
/// `None` (no solution).
///
/// # Panics
/// If the path breaks the rules.
pub fn draw_picture(out: &mut dyn Write, level: &Level, path: Option<&Path>) -> fmt::Result {
    let moves: &[Move] = path.map_or(&[], |p| p);
    let positions = ::bloxorz_classic::trace(level, moves).expect("a legal path");
    picture(
        out,
        "bloxorz-classic",
        path.map(|p| p.len()),
        (level.rows(), level.cols()),
        &LEGEND,
        |out, layout| draw(out, layout, level, moves, &positions),
    )
}

fn draw(
    out: &mut dyn Write,
    layout: Layout,
    level: &Level,
    moves: &[Move],
    positions: &[Position],
) -> fmt::Result {
    let is = |tile: Tile| move |pos: Pos| level.tile(pos) == tile;
    runs(out, layout, FLOOR, is(Tile::Floor))?;
    runs(out, layout, FRAGILE, is(Tile::Fragile))?;
    runs(out, layout, SOFT, is(Tile::Soft))?;
    runs(out, layout, HEAVY, is(Tile::Heavy))?;
    runs(out, layout, SPLIT, is(Tile::Split))?;
    bridges(out, level, positions)?;
    grid_lines(out, layout)?;
    switch_marks(out, layout, level)?;
    let exit = level.exit();
    cell_rect(out, exit, exit, 0.12, &format!(r#"fill="{EXIT}""#))?;
    let start = Placement::standing(level.start());
    cell_rect(out, start.pos, start.pos, 0.04, &dashed(layout, BLOCK))?;
    beacon(out, layout, centre(exit), EXIT)?;
    beacon(out, layout, centre(start.pos), BLOCK)?;
    pieces(out, positions)?;
    let (segments, steps) = routes(moves, positions);
    for (colour, points) in segments {
        let line = Line {
            colour,
            width: 0.12,
            opacity: 0.85,
            dashed: false,
        };
        route(out, layout, points, line)?;
    }
    markers(out, layout, MARKER, &steps)
}

/// Each bridge's cells in one group, drawn in its start state, its opacity animated
/// through the frames when it opens or closes along the path.
fn bridges(out: &mut dyn Write, level: &Level, positions: &[Position]) -> fmt::Result {
    let opacity = |on: bool| if on { 1.0 } else { OFF_OPACITY };
    for (b, bridge) in level.bridges().iter().enumerate() {
        let states: Vec<bool> = positions.iter().map(|p| p.bridges[b]).collect();
        writeln!(
            out,
            r#"<g fill="{BRIDGE}" opacity="{}">"#,
            Num(opacity(states[0]))
        )?;
        for &cell in &bridge.cells {
            cell_rect(out, cell, cell, 0.0, r#"shape-rendering="crispEdges""#)?;
        }
        if states.iter().any(|&on| on != states[0]) {
            animate(out, "opacity", frames(&states).into_iter().map(opacity))?;
        }
        writeln!(out, "</g>")?;
    }
    Ok(())
}

/// A ring on each soft switch, a cross on each heavy one, two dots on each split switch;
/// all within the middle of the cell, clear of the point where the tests read colours.
fn switch_marks(out: &mut dyn Write, layout: Layout, level: &Level) -> fmt::Result {
    let width = Num(layout.stroke(0.08, 1.0));
    for r in 0..level.rows() {
        for c in 0..level.cols() {
            let pos = Pos::new(r, c);
            let (x, y) = centre(pos);
            match level.tile(pos) {
                Tile::Soft => writeln!(
                    out,
                    r#"<circle cx="{}" cy="{}" r="0.2" fill="none" stroke="{MARK}" stroke-width="{width}"/>"#,
                    Num(x),
                    Num(y)
                )?,
                Tile::Heavy => writeln!(
                    out,
                    r#"<path d="M{} {}l0.36 0.36m0 -0.36l-0.36 0.36" stroke="{MARK}" stroke-width="{width}"/>"#,
                    Num(x - 0.18),
                    Num(y - 0.18)
                )?,
                Tile::Split => writeln!(
                    out,
                    r#"<path d="M{} {}h0.01M{} {}h0.01" stroke="{MARK}" stroke-width="0.2" stroke-linecap="round"/>"#,
                    Num(x - 0.2),
                    Num(y),
                    Num(x + 0.2),
                    Num(y)
                )?,
                _ => {}
            }
        }
    }
    Ok(())
}

/// One frame of the pieces: the block's rectangle (kept where it was while split), the
/// cubes' cells (kept where they were while whole) and which of the two shows.
#[derive(Clone, Copy, Debug)]
struct Frame {
    block: [f64; 4],
    cubes: [Pos; 2],
    split: bool,
}

/// The block and the cubes, animated through `positions` when there are moves; the
/// cubes (and the block's opacity) only when the block splits on the way.
fn pieces(out: &mut dyn Write, positions: &[Position]) -> fmt::Result {
    let rect = |p: Placement| {
        let (first, second) = p.cells();
        let last = second.unwrap_or(first);
        [
            first.col as f64,
            first.row as f64,
            (last.col - first.col + 1) as f64 - 2.0 * INSET,
            (last.row - first.row + 1) as f64 - 2.0 * INSET,
        ]
    };
    let Body::Block(start) = positions[0].body else {
        unreachable!("the block starts whole");
    };
    let mut frame = Frame {
        block: rect(start),
        cubes: [start.pos; 2],
        split: false,
    };
    let mut all = Vec::with_capacity(positions.len());
    for position in positions {
        match position.body {
            Body::Block(p) => {
                frame.block = rect(p);
                frame.split = false;
            }
            Body::Cubes(cubes) => {
                frame.cubes = cubes;
                frame.split = true;
            }
        }
        all.push(frame);
    }
    // Cubes shown before their split start where they first appear.
    if let Some(first) = all.iter().find(|f| f.split).map(|f| f.cubes) {
        for frame in all.iter_mut().take_while(|f| !f.split) {
            frame.cubes = first;
        }
    }
    let splits = all.iter().any(|f| f.split);
    let animated = positions.len() > 1;
    let frames = frames(&all);
    let shown = |on: bool| if on { 1.0 } else { 0.0 };
    let [x, y, width, height] = all[0].block;
    write!(
        out,
        r#"<rect transform="translate({INSET} {INSET})" x="{}" y="{}" width="{}" height="{}" rx="0.12" fill="{BLOCK}""#,
        Num(x),
        Num(y),
        Num(width),
        Num(height)
    )?;
    if animated {
        writeln!(out, ">")?;
        for (i, attribute) in ["x", "y", "width", "height"].into_iter().enumerate() {
            animate(out, attribute, frames.iter().map(|f| f.block[i]))?;
        }
        if splits {
            animate(out, "opacity", frames.iter().map(|f| shown(!f.split)))?;
        }
        writeln!(out, "</rect>")?;
    } else {
        writeln!(out, "/>")?;
    }
    if !splits {
        return Ok(());
    }
    for (k, fill) in [CUBE_1, CUBE_2].into_iter().enumerate() {
        let side = Num(1.0 - 2.0 * INSET);
        let cell = all[0].cubes[k];
        writeln!(
            out,
            r#"<rect transform="translate({INSET} {INSET})" x="{}" y="{}" width="{side}" height="{side}" rx="0.08" fill="{fill}" opacity="{}">"#,
            cell.col,
            cell.row,
            shown(all[0].split)
        )?;
        animate(out, "x", frames.iter().map(|f| f.cubes[k].col as f64))?;
        animate(out, "y", frames.iter().map(|f| f.cubes[k].row as f64))?;
        animate(out, "opacity", frames.iter().map(|f| shown(f.split)))?;
        writeln!(out, "</rect>")?;
    }
    Ok(())
}

/// The centre of the block seen from above, in cell units.
fn block_centre(placement: Placement) -> Point {
    let Pos { row, col } = placement.pos;
    let (row, col) = (row as f64, col as f64);
    match placement.orientation {
        Orientation::Standing => (col + 0.5, row + 0.5),
        Orientation::Horizontal => (col + 1.0, row + 0.5),
        Orientation::Vertical => (col + 0.5, row + 1.0),
    }
}

/// The routes of the pieces (the block's, cube 1's and cube 2's, each a line through
/// the moves it makes in a row) and where each move's marker goes: where the piece that
/// moved ends, the split switch for the move that splits the block.
fn routes(moves: &[Move], positions: &[Position]) -> (Vec<(&'static str, Vec<Point>)>, Vec<Step>) {
    let mut segments: Vec<(&'static str, Vec<Point>)> = Vec::new();
    let mut steps = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        let (before, after) = (positions[i].body, positions[i + 1].body);
        let (colour, from, to) = match (before, mv) {
            (Body::Block(p), Move::First(dir)) => {
                let rolled = p.roll(dir).expect("a legal roll");
                let to = match after {
                    Body::Block(q) => block_centre(q),
                    Body::Cubes(_) => block_centre(rolled), // standing on the split switch
                };
                (BLOCK_ROUTE, block_centre(p), to)
            }
            (Body::Cubes(cubes), mv) => {
                let (k, colour) = match mv {
                    Move::First(_) => (0, CUBE_1_ROUTE),
                    Move::Second(_) => (1, CUBE_2_ROUTE),
                };
                let to = cubes[k].step(mv.dir()).expect("a legal step");
                (colour, centre(cubes[k]), centre(to))
            }
            (Body::Block(_), Move::Second(_)) => unreachable!("a legal path"),
        };
        match segments.last_mut() {
            Some((last, points)) if *last == colour && points.last() == Some(&from) => {
                points.push(to);
            }
            _ => segments.push((colour, vec![from, to])),
        }
        steps.push((i + 1, to));
    }
    (segments, steps)
}

/// The picture as a string (for tests).
#[cfg(test)]
pub(crate) fn picture_string(level: &Level, path: Option<&Path>) -> String {
    let mut out = String::new();
    draw_picture(&mut out, level, path).expect("a String takes any text");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::bloxorz_classic::Solver;
    use ::bloxorz_classic::generate::{Family, GenParams, generate};
    use pictures::svg::check;
    use rstest::rstest;

    fn level(text: &str) -> Level {
        parsers::bloxorz_classic::parse(text.as_bytes()).unwrap()
    }

    /// Level 2 of the original game: two bridges opened by a soft and a heavy switch.
    fn level_2() -> Level {
        level(
            "6 15\n######....##...\n....##..h.##.O.\n..o.##....##...\n....##....##...\n.X..==....==...\n....##....#####\nbridge 1 off 5 5 5 6\nbridge 2 off 5 11 5 12\nswitch 3 3 toggle 1\nswitch 2 9 toggle 2\n",
        )
    }

    /// Level 8 of the original game: the split.
    fn level_8() -> Level {
        level(
            "9 15\n#########...###\n#########...###\n#########...###\n......###......\n.X..s.###....O.\n......###......\n#########...###\n#########...###\n#########...###\nsplit 5 5 2 11 8 11\n",
        )
    }

    /// The picture of `level`, solved by the solver, checked for well-formedness, its
    /// title, its number of step markers and of animations (4 for the block; with a
    /// split, 1 more and 3 for each cube; 1 for each bridge that changes); and the path.
    fn checked_picture(level: &Level) -> (String, Option<Path>) {
        let solution = Solver::new().solve_with_path(level).unwrap();
        let path = solution.map(|s| s.path);
        let svg = picture_string(level, path.as_ref());
        let positions =
            ::bloxorz_classic::trace(level, path.as_deref().unwrap_or_default()).unwrap();
        let splits = positions.iter().any(|p| matches!(p.body, Body::Cubes(_)));
        let changing = (0..level.bridges().len())
            .filter(|&b| {
                positions
                    .iter()
                    .any(|p| p.bridges[b] != positions[0].bridges[b])
            })
            .count();
        let animated = 4 + if splits { 7 } else { 0 } + changing;
        check::picture(
            &svg,
            "bloxorz-classic",
            path.as_ref().map(|p| p.len()),
            animated,
        );
        (svg, path)
    }

    #[test]
    fn level_2_opens_both_bridges() {
        let (svg, path) = checked_picture(&level_2());
        assert_eq!(path.map(|p| p.len()), Some(17));
        assert!(svg.contains("<title>bloxorz-classic: 17 moves</title>"));
        // Both bridges start off (faint) and open along the way.
        let faint_group = format!(r#"<g fill="{BRIDGE}" opacity="0.2">"#);
        assert_eq!(svg.matches(&faint_group).count(), 2);
        assert_eq!(
            svg.matches(r#"<animate attributeName="opacity""#).count(),
            2
        );
    }

    #[test]
    fn level_8_splits_and_merges() {
        let (svg, path) = checked_picture(&level_8());
        let path = path.unwrap();
        assert_eq!(path.len(), 10);
        // The block's opacity goes to 0 at the split and back at the merge; the cubes'
        // the other way.
        let opacities: Vec<&str> = svg
            .lines()
            .filter(|l| l.contains(r#"attributeName="opacity""#))
            .collect();
        assert_eq!(opacities.len(), 3, "{svg}");
        assert!(
            opacities
                .iter()
                .all(|l| l.contains(";0;") && l.contains(";1;"))
        );
    }

    #[test]
    fn no_solution_is_the_start_alone() {
        let level = level("1 5\nX.E.O\n");
        let (svg, path) = checked_picture(&level);
        assert!(path.is_none());
        assert!(svg.contains("<title>bloxorz-classic: no solution</title>"));
    }

    #[rstest]
    fn generated_levels(
        #[values(Family::Random, Family::Gates)] family: Family,
        #[values(1, 2, 3)] seed: u64,
    ) {
        let params = GenParams {
            family,
            rows: 8,
            cols: 16,
            empty: 10,
            fragile: 10,
            bridges: 3,
            splits: 1,
            seed,
        };
        checked_picture(&generate(&params).unwrap());
    }

    #[cfg(feature = "render-tests")]
    #[test]
    fn level_2_renders_in_its_colours() {
        let level = level_2();
        let (svg, _) = checked_picture(&level);
        let layout = Layout::new(level.rows(), level.cols(), &LEGEND);
        let pixmap = check::render(&svg, layout, "bloxorz-classic");
        let at = |row, col, colour, what| {
            check::colour_at(&pixmap, layout, Pos::new(row, col), colour, what);
        };
        at(0, 0, "#ffffff", "no tile");
        at(0, 6, FLOOR, "floor");
        at(2, 2, SOFT, "soft switch");
        at(1, 8, HEAVY, "heavy switch");
        at(1, 13, EXIT, "exit");
        at(4, 1, BLOCK, "block at its start");
        // A bridge that is off shows faintly: its colour at 20% over the white page.
        let faint = |channel: &str| {
            let value = u8::from_str_radix(channel, 16).unwrap() as f64;
            (255.0 - (255.0 - value) * OFF_OPACITY).round() as u8
        };
        let off = format!(
            "#{:02x}{:02x}{:02x}",
            faint(&BRIDGE[1..3]),
            faint(&BRIDGE[3..5]),
            faint(&BRIDGE[5..7])
        );
        at(4, 4, &off, "bridge 1, off");
    }

    #[cfg(feature = "render-tests")]
    #[test]
    fn split_renders_cubes_hidden_at_the_start() {
        let level = level_8();
        let (svg, _) = checked_picture(&level);
        let layout = Layout::new(level.rows(), level.cols(), &LEGEND);
        let pixmap = check::render(&svg, layout, "bloxorz-classic-split");
        // The first frame: the block at its start, no cube on the landing cells.
        check::colour_at(&pixmap, layout, Pos::new(4, 1), BLOCK, "block at its start");
        check::colour_at(
            &pixmap,
            layout,
            Pos::new(1, 10),
            FLOOR,
            "landing cell, no cube yet",
        );
        check::colour_at(&pixmap, layout, Pos::new(4, 4), SPLIT, "split switch");
    }
}
