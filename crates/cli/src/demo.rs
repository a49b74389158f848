//! What `gridsolve --puzzle P` shows when run bare on a terminal: the spec's sample,
//! solved, with paths, and how to pass your own input.

use crate::Puzzle;
use std::fmt::Write;

/// The Huarongdao sample of the spec.
const HUARONGDAO_SAMPLE: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";

/// The demonstration text for `puzzle`.
pub(crate) fn text(puzzle: Puzzle) -> String {
    match puzzle {
        Puzzle::Huarongdao => huarongdao(),
        Puzzle::Bloxorz => bloxorz(),
        Puzzle::Holedox => holedox(),
    }
}

fn huarongdao() -> String {
    let input =
        parsers::huarongdao::parse(HUARONGDAO_SAMPLE.as_bytes()).expect("the sample is valid");
    let mut solver = huarongdao::Solver::new(&input.board);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "No input given, so here is the sample from the problem statement:\n"
    );
    for line in HUARONGDAO_SAMPLE.lines() {
        let _ = writeln!(out, "    {line}");
    }
    let _ = writeln!(out, "\nAnswers (the path is the blank's moves, U D L R):\n");
    for (i, query) in input.queries.iter().enumerate() {
        let solution = solver
            .solve_with_path(query)
            .expect("the sample queries are valid");
        let _ = match solution {
            Some(s) => writeln!(
                out,
                "    query {}: {} moves, path {}",
                i + 1,
                s.moves,
                s.path
            ),
            None => writeln!(
                out,
                "    query {}: -1 (the piece can never reach the target)",
                i + 1
            ),
        };
    }
    let _ = writeln!(
        out,
        "\nTo solve your own input:  gridsolve --puzzle huarongdao FILE   (or pipe it to stdin)"
    );
    out
}

/// The Bloxorz sample of the spec.
const BLOXORZ_SAMPLE: &str =
    "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n0 0\n";

fn bloxorz() -> String {
    let boards = parsers::bloxorz::parse(BLOXORZ_SAMPLE.as_bytes()).expect("the sample is valid");
    let mut solver = bloxorz::Solver::new();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "No input given, so here is the sample from the problem statement:\n"
    );
    for line in BLOXORZ_SAMPLE.lines() {
        let _ = writeln!(out, "    {line}");
    }
    let _ = writeln!(out, "\nAnswers (the path is the box's rolls, U D L R):\n");
    for (i, board) in boards.iter().enumerate() {
        let _ = match solver.solve_with_path(board) {
            Some(s) => writeln!(
                out,
                "    case {}: {} rolls, path {}",
                i + 1,
                s.moves,
                s.path
            ),
            None => writeln!(out, "    case {}: Impossible", i + 1),
        };
    }
    let _ = writeln!(
        out,
        "\nTo solve your own input:  gridsolve --puzzle bloxorz FILE   (or pipe it to stdin)"
    );
    out
}

/// The Holedox sample of the spec.
const HOLEDOX_SAMPLE: &str = "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n\n4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n\n2 1\n2 2\n3 4\n4 2\n\n0 0 0\n";

fn holedox() -> String {
    let games = parsers::holedox::parse(HOLEDOX_SAMPLE.as_bytes()).expect("the sample is valid");
    let mut solver = holedox::Solver::new();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "No input given, so here is the sample from the problem statement:\n"
    );
    for line in HOLEDOX_SAMPLE.lines() {
        let _ = writeln!(out, "    {line}");
    }
    let _ = writeln!(out, "\nAnswers (the path is the head's steps, U D L R):\n");
    for (i, game) in games.iter().enumerate() {
        let _ = match solver.solve_with_path(game).expect("the sample is small") {
            Some(s) => writeln!(
                out,
                "    Case {}: {} steps, path {}",
                i + 1,
                s.moves,
                s.path
            ),
            None => writeln!(
                out,
                "    Case {}: -1 (the head can never reach (1,1))",
                i + 1
            ),
        };
    }
    let _ = writeln!(
        out,
        "\nTo solve your own input:  gridsolve --puzzle holedox FILE   (or pipe it to stdin)"
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Moves;

    #[test]
    fn huarongdao_demo_shows_answers_paths_and_how_to_use() {
        let text = text(Puzzle::Huarongdao);
        assert!(text.contains("    3 2 1 2 2 2\n"), "{text}");
        assert!(text.contains("query 2: -1"), "{text}");
        assert!(
            text.contains("gridsolve --puzzle huarongdao FILE"),
            "{text}"
        );
        // The path shown for query 1 replays to the answer shown.
        let line = text.lines().find(|l| l.contains("query 1:")).unwrap();
        let path: Moves = line.rsplit(' ').next().unwrap().parse().unwrap();
        let input = parsers::huarongdao::parse(HUARONGDAO_SAMPLE.as_bytes()).unwrap();
        let moves = huarongdao::replay(&input.board, &input.queries[0], &path.0).unwrap();
        assert!(line.contains(&format!("query 1: {moves} moves")), "{line}");
    }

    #[test]
    fn bloxorz_demo_shows_the_answer_and_a_path_that_replays() {
        let text = text(Puzzle::Bloxorz);
        let line = text.lines().find(|l| l.contains("case 1:")).unwrap();
        assert!(line.contains("case 1: 10 rolls, path "), "{line}");
        let path: Moves = line.rsplit(' ').next().unwrap().parse().unwrap();
        let boards = parsers::bloxorz::parse(BLOXORZ_SAMPLE.as_bytes()).unwrap();
        assert_eq!(bloxorz::replay(&boards[0], &path.0), Ok(10));
        assert!(text.contains("gridsolve --puzzle bloxorz FILE"), "{text}");
    }

    #[test]
    fn holedox_demo_shows_the_answers_and_a_path_that_replays() {
        let text = text(Puzzle::Holedox);
        let line = text.lines().find(|l| l.contains("Case 1:")).unwrap();
        assert!(line.contains("Case 1: 9 steps, path "), "{line}");
        let path: Moves = line.rsplit(' ').next().unwrap().parse().unwrap();
        let games = parsers::holedox::parse(HOLEDOX_SAMPLE.as_bytes()).unwrap();
        assert_eq!(holedox::replay(&games[0], &path.0), Ok(9));
        assert!(text.contains("Case 2: -1"), "{text}");
    }
}
