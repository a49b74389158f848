//! The picture of a Huarongdao query: fixed and movable cells, the target, the blank and
//! the designated piece at their start, the piece's route (and, faintly, the blank's)
//! with every move numbered, and an animation of the piece and the blank.

use ::huarongdao::{Board, Position, Query};
use grid_core::Dir;
use pictures::svg::{
    Layout, Legend, Line, MarkerStyle, Num, Step, Swatch, beacon, cell_rect, centre, dashed,
    grid_lines, markers, moving_square, picture, route, runs,
};
use std::fmt::{self, Write};

const FIXED: &str = "#4a5568";
const MOVABLE: &str = "#ead9b0";
const BLANK: &str = "#ffffff";
const BLANK_EDGE: &str = "#3a86ff";
const PIECE: &str = "#d62828";
const TARGET: &str = "#2a9d3f";

const LEGEND: [Legend; 7] = [
    Legend {
        swatch: Swatch::Fill(FIXED),
        label: "fixed piece",
    },
    Legend {
        swatch: Swatch::Fill(MOVABLE),
        label: "movable piece",
    },
    Legend {
        swatch: Swatch::Start(BLANK, BLANK_EDGE),
        label: "blank (dashed: where it starts)",
    },
    Legend {
        swatch: Swatch::Start(PIECE, PIECE),
        label: "designated piece (dashed: its start)",
    },
    Legend {
        swatch: Swatch::Fill(TARGET),
        label: "target",
    },
    Legend {
        swatch: Swatch::Route(PIECE),
        label: "piece's route; its moves numbered",
    },
    Legend {
        swatch: Swatch::Route(BLANK_EDGE),
        label: "blank's route; its other moves",
    },
];

/// Markers of the moves that slide the designated piece.
const PIECE_MARKER: MarkerStyle = MarkerStyle {
    dot: PIECE,
    ink: "#ffffff",
    bare_ink: "#ffffff",
    radius: 0.3,
    scale: 1.0,
};

/// Markers of the moves that slide another piece: lighter, as the blank's route is.
const BLANK_MARKER: MarkerStyle = MarkerStyle {
    dot: "#cfe0ff",
    ink: "#0b2a6b",
    bare_ink: "#0b2a6b",
    radius: 0.24,
    scale: 1.0,
};

/// The SVG picture of `query` on `board` solved by `path` (the blank's moves), or of
/// the start alone when `path` is `None` (no solution).
///
/// # Panics
/// If the query or the path breaks the rules.
pub fn draw_picture(
    out: &mut dyn Write,
    board: &Board,
    query: &Query,
    path: Option<&[Dir]>,
) -> fmt::Result {
    let positions = ::huarongdao::trace(board, query, path.unwrap_or_default())
        .expect("a legal query and path");
    picture(
        out,
        "huarongdao",
        path.map(<[Dir]>::len),
        (board.rows(), board.cols()),
        &LEGEND,
        |out, layout| draw(out, layout, board, query, &positions),
    )
}

fn draw(
    out: &mut dyn Write,
    layout: Layout,
    board: &Board,
    query: &Query,
    positions: &[Position],
) -> fmt::Result {
    writeln!(
        out,
        r#"<rect width="{}" height="{}" fill="{MOVABLE}"/>"#,
        board.cols(),
        board.rows()
    )?;
    runs(out, layout, FIXED, |pos| !board.is_movable(pos))?;
    grid_lines(out, layout)?;
    cell_rect(
        out,
        query.target,
        query.target,
        0.1,
        &format!(r#"fill="{TARGET}""#),
    )?;
    cell_rect(
        out,
        query.blank,
        query.blank,
        0.04,
        &dashed(layout, BLANK_EDGE),
    )?;
    cell_rect(out, query.piece, query.piece, 0.04, &dashed(layout, PIECE))?;
    beacon(out, layout, centre(query.target), TARGET)?;
    beacon(out, layout, centre(query.piece), PIECE)?;

    let blanks: Vec<_> = positions.iter().map(|p| p.blank).collect();
    let pieces: Vec<_> = positions.iter().map(|p| p.piece).collect();
    let edge = Num(layout.stroke(0.04, 1.0));
    moving_square(
        out,
        &blanks,
        0.12,
        &format!(r#"fill="{BLANK}" stroke="{BLANK_EDGE}" stroke-width="{edge}""#),
    )?;
    moving_square(out, &pieces, 0.12, &format!(r#"fill="{PIECE}" rx="0.15""#))?;

    route(
        out,
        layout,
        blanks.iter().map(|&p| centre(p)),
        Line {
            colour: BLANK_EDGE,
            width: 0.08,
            opacity: 0.45,
            dashed: false,
        },
    )?;
    route(
        out,
        layout,
        pieces.iter().map(|&p| centre(p)),
        Line {
            colour: PIECE,
            width: 0.14,
            opacity: 0.8,
            dashed: false,
        },
    )?;

    // Each move is numbered where the piece it slides lands if that is the designated
    // piece, else where the blank lands.
    let (mut piece_steps, mut blank_steps): (Vec<Step>, Vec<Step>) = (Vec::new(), Vec::new());
    for (step, pair) in positions.windows(2).enumerate() {
        let (before, after) = (pair[0], pair[1]);
        if after.piece != before.piece {
            piece_steps.push((step + 1, centre(after.piece)));
        } else {
            blank_steps.push((step + 1, centre(after.blank)));
        }
    }
    markers(out, layout, BLANK_MARKER, &blank_steps)?;
    markers(out, layout, PIECE_MARKER, &piece_steps)
}

/// The picture as a string (for tests).
#[cfg(test)]
pub(crate) fn picture_string(board: &Board, query: &Query, path: Option<&[Dir]>) -> String {
    let mut out = String::new();
    draw_picture(&mut out, board, query, path).expect("a String takes any text");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::huarongdao::Solver;
    use ::huarongdao::generate::{Family, GenParams, generate};
    use grid_core::Pos;
    use pictures::svg::check;
    use rstest::rstest;

    /// The spec's sample board.
    fn sample() -> Board {
        Board::from_rows(&["0111", "0110", "0100"]).unwrap()
    }

    /// The picture of `query`, solved by the solver, checked for well-formedness, its
    /// title and its number of step markers and animation frames; and the answer.
    fn checked_picture(board: &Board, query: &Query) -> (String, Option<usize>) {
        let solution = Solver::new().solve_with_path(board, query).unwrap();
        let path = solution.as_ref().map(|s| &s.path[..]);
        let svg = picture_string(board, query, path);
        let moves = path.map(<[Dir]>::len);
        // X and y of the blank and of the piece.
        check::picture(&svg, "huarongdao", moves, 4);
        (svg, moves)
    }

    #[test]
    fn sample_queries() {
        let board = sample();
        let solved = Query::new(Pos::new(2, 1), Pos::new(0, 1), Pos::new(1, 1));
        let (svg, moves) = checked_picture(&board, &solved);
        assert_eq!(moves, Some(2));
        assert!(svg.contains("<title>huarongdao: 2 moves</title>"));

        let impossible = Query::new(Pos::new(0, 1), Pos::new(1, 1), Pos::new(2, 1));
        let (svg, moves) = checked_picture(&board, &impossible);
        assert_eq!(moves, None);
        assert!(svg.contains("<title>huarongdao: no solution</title>"));
        assert!(svg.contains(">huarongdao: no solution</text>"), "a caption");
    }

    #[test]
    fn piece_on_target_takes_no_moves() {
        let query = Query::new(Pos::new(0, 2), Pos::new(0, 1), Pos::new(0, 1));
        let (svg, moves) = checked_picture(&sample(), &query);
        assert_eq!(moves, Some(0));
        assert!(svg.contains("<title>huarongdao: 0 moves</title>"));
    }

    #[test]
    fn one_move_is_singular() {
        let board = Board::from_rows(&["111"]).unwrap();
        let query = Query::new(Pos::new(0, 1), Pos::new(0, 0), Pos::new(0, 1));
        let (svg, moves) = checked_picture(&board, &query);
        assert_eq!(moves, Some(1));
        assert!(svg.contains("<title>huarongdao: 1 move</title>"));
    }

    #[rstest]
    fn generated_queries(
        #[values(Family::Random, Family::Maze, Family::Rooms, Family::Adversarial)] family: Family,
        #[values(1, 2)] seed: u64,
    ) {
        let params = GenParams {
            family,
            rows: 7,
            cols: 9,
            density: 25,
            queries: 6,
            seed,
        };
        let (board, queries) = generate(&params).unwrap();
        for query in &queries {
            checked_picture(&board, query);
        }
    }

    #[cfg(feature = "render-tests")]
    #[test]
    fn sample_renders_in_its_colours() {
        let board = sample();
        let query = Query::new(Pos::new(2, 1), Pos::new(0, 1), Pos::new(1, 1));
        let (svg, _) = checked_picture(&board, &query);
        let layout = Layout::new(board.rows(), board.cols(), &LEGEND);
        let pixmap = check::render(&svg, layout, "huarongdao");
        let at = |row, col, colour, what| {
            check::colour_at(&pixmap, layout, Pos::new(row, col), colour, what);
        };
        at(0, 0, FIXED, "fixed cell");
        at(2, 3, FIXED, "fixed cell");
        at(0, 3, MOVABLE, "movable cell");
        at(1, 1, TARGET, "target");
        at(0, 1, PIECE, "designated piece at its start");
        at(2, 1, BLANK, "blank at its start");
    }

    #[test]
    fn a_30_by_30_query_stays_small() {
        let params = GenParams {
            family: Family::Random,
            rows: 30,
            cols: 30,
            density: 20,
            queries: 20,
            seed: 3,
        };
        let (board, queries) = generate(&params).unwrap();
        let mut solver = Solver::new();
        let (query, solution) = queries
            .iter()
            .filter_map(|q| Some((q, solver.solve_with_path(&board, q).unwrap()?)))
            .max_by_key(|(_, s)| s.moves())
            .expect("a solvable query");
        let svg = picture_string(&board, query, Some(&solution.path));
        let (_, steps) = check::parse(&svg);
        assert_eq!(steps as u64, solution.moves());
        assert!(svg.len() < 100_000, "{} bytes", svg.len());
    }
}
