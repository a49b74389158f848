//! The picture of a Holedox case: the lair's free squares and stones, the exit, the snake
//! at its start (head dark), the head's route with every step numbered, and an
//! animation of the snake's blocks.

use ::holedox::{EXIT, Game};
use grid_core::{Dir, Pos};
use pictures::svg::{
    Layout, Legend, Line, MarkerStyle, Step, Swatch, cell_rect, centre, dashed, grid_lines,
    markers, moving_square, picture, route, runs,
};
use std::fmt::{self, Write};

const FREE: &str = "#efe6cc";
const STONE: &str = "#5c636a";
const EXIT_FILL: &str = "#2a9d3f";
const HEAD: &str = "#0b3d91";
const BODY: &str = "#4d96ff";

const LEGEND: [Legend; 6] = [
    Legend {
        swatch: Swatch::Fill(FREE),
        label: "free square",
    },
    Legend {
        swatch: Swatch::Fill(STONE),
        label: "stone",
    },
    Legend {
        swatch: Swatch::Fill(EXIT_FILL),
        label: "exit (1,1)",
    },
    Legend {
        swatch: Swatch::Pair(HEAD, BODY),
        label: "snake: head, body",
    },
    Legend {
        swatch: Swatch::Start(FREE, BODY),
        label: "dashed: the snake's start",
    },
    Legend {
        swatch: Swatch::Route(HEAD),
        label: "route of the head; steps numbered",
    },
];

const MARKER: MarkerStyle = MarkerStyle {
    dot: HEAD,
    ink: "#ffffff",
    bare_ink: "#ffffff",
    radius: 0.3,
    scale: 1.0,
};

/// The SVG picture of `game` solved by `path` (the head's steps), or of the start
/// alone when `path` is `None` (no solution).
///
/// # Panics
/// If the path breaks the rules.
pub fn draw_picture(out: &mut dyn Write, game: &Game, path: Option<&[Dir]>) -> fmt::Result {
    let bodies = ::holedox::trace(game, path.unwrap_or_default()).expect("a legal path");
    picture(
        out,
        "holedox",
        path.map(<[Dir]>::len),
        (game.rows(), game.cols()),
        &LEGEND,
        |out, layout| draw(out, layout, game, &bodies),
    )
}

fn draw(out: &mut dyn Write, layout: Layout, game: &Game, bodies: &[Vec<Pos>]) -> fmt::Result {
    writeln!(
        out,
        r#"<rect width="{}" height="{}" fill="{FREE}"/>"#,
        game.cols(),
        game.rows()
    )?;
    runs(out, layout, STONE, |pos| !game.is_free(pos))?;
    grid_lines(out, layout)?;
    cell_rect(out, EXIT, EXIT, 0.1, &format!(r#"fill="{EXIT_FILL}""#))?;

    // The start: the body's chain and the head's square, dashed.
    let start = game.body();
    let chain = Line {
        colour: BODY,
        width: 0.06,
        opacity: 1.0,
        dashed: true,
    };
    route(out, layout, start.iter().map(|&p| centre(p)), chain)?;
    cell_rect(out, start[0], start[0], 0.04, &dashed(layout, HEAD))?;

    // The blocks, tail first so the head is on top.
    for block in (0..game.len()).rev() {
        let cells: Vec<Pos> = bodies.iter().map(|body| body[block]).collect();
        let (fill, rounding) = if block == 0 {
            (HEAD, 0.3)
        } else {
            (BODY, 0.15)
        };
        moving_square(
            out,
            &cells,
            0.1,
            &format!(r#"fill="{fill}" rx="{rounding}""#),
        )?;
    }

    route(
        out,
        layout,
        bodies.iter().map(|body| centre(body[0])),
        Line {
            colour: HEAD,
            width: 0.12,
            opacity: 0.85,
            dashed: false,
        },
    )?;
    let steps: Vec<Step> = bodies
        .iter()
        .enumerate()
        .skip(1)
        .map(|(step, body)| (step, centre(body[0])))
        .collect();
    markers(out, layout, MARKER, &steps)
}

/// The picture as a string (for tests).
#[cfg(test)]
pub(crate) fn picture_string(game: &Game, path: Option<&[Dir]>) -> String {
    let mut out = String::new();
    draw_picture(&mut out, game, path).expect("a String takes any text");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::holedox::Solver;
    use ::holedox::generate::{Family, GenParams, generate};
    use pictures::svg::check;
    use rstest::rstest;

    /// A game in the judge's 1-based terms.
    fn game(rows: usize, cols: usize, body: &[(usize, usize)], stones: &[(usize, usize)]) -> Game {
        let pos = |&(r, c): &(usize, usize)| Pos::new(r - 1, c - 1);
        let body: Vec<Pos> = body.iter().map(pos).collect();
        let stones: Vec<Pos> = stones.iter().map(pos).collect();
        Game::new(rows, cols, &stones, &body).unwrap()
    }

    fn sample_one() -> Game {
        game(
            5,
            6,
            &[(4, 1), (4, 2), (3, 2), (3, 1)],
            &[(2, 3), (3, 3), (3, 4)],
        )
    }

    fn sample_two() -> Game {
        game(
            4,
            4,
            &[(2, 3), (1, 3), (1, 4), (2, 4)],
            &[(2, 1), (2, 2), (3, 4), (4, 2)],
        )
    }

    /// The picture of `game`, solved by the solver, checked for well-formedness, its
    /// title and its number of step markers and animation frames; and the answer.
    fn checked_picture(game: &Game) -> (String, Option<usize>) {
        let solution = Solver::new().solve_with_path(game).unwrap();
        let path = solution.as_ref().map(|s| &s.path[..]);
        let svg = picture_string(game, path);
        let moves = path.map(<[Dir]>::len);
        // X and y of each block.
        check::picture(&svg, "holedox", moves, 2 * game.len());
        (svg, moves)
    }

    #[test]
    fn sample_cases() {
        let (svg, moves) = checked_picture(&sample_one());
        assert_eq!(moves, Some(9));
        assert!(svg.contains("<title>holedox: 9 moves</title>"));
        let (svg, moves) = checked_picture(&sample_two());
        assert_eq!(moves, None);
        assert!(svg.contains("<title>holedox: no solution</title>"));
    }

    #[test]
    fn head_on_the_exit_takes_no_steps() {
        let (svg, moves) = checked_picture(&game(2, 2, &[(1, 1), (1, 2)], &[]));
        assert_eq!(moves, Some(0));
        assert!(svg.contains("<title>holedox: 0 moves</title>"));
    }

    #[rstest]
    fn generated_games(
        #[values(
            Family::Random,
            Family::Open,
            Family::Trapped,
            Family::TurnRound,
            Family::Maze
        )]
        family: Family,
        #[values(1, 2)] seed: u64,
    ) {
        let params = GenParams {
            family,
            rows: 8,
            cols: 9,
            length: 5,
            stones: 20,
            seed,
        };
        checked_picture(&generate(&params).unwrap());
    }

    #[cfg(feature = "render-tests")]
    #[test]
    fn sample_renders_in_its_colours() {
        let game = sample_one();
        let (svg, _) = checked_picture(&game);
        let layout = Layout::new(game.rows(), game.cols(), &LEGEND);
        let pixmap = check::render(&svg, layout, "holedox");
        let at = |row, col, colour, what| {
            check::colour_at(&pixmap, layout, Pos::new(row, col), colour, what);
        };
        at(1, 2, STONE, "stone");
        at(2, 3, STONE, "stone");
        at(0, 5, FREE, "free square");
        at(4, 5, FREE, "free square");
        at(0, 0, EXIT_FILL, "exit");
        at(3, 0, HEAD, "head at its start");
        at(3, 1, BODY, "body at its start");
        at(2, 0, BODY, "tail at its start");
    }
}
