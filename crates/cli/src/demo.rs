//! What `gridsolve --puzzle P` shows when run bare on a terminal: the spec's sample,
//! solved, with paths, and how to pass your own input.

use crate::Puzzle;
use grid_core::Solution;
use std::fmt::Write;

/// The Huarongdao sample of the spec.
const HUARONGDAO_SAMPLE: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";

/// The Bloxorz sample of the spec.
const BLOXORZ_SAMPLE: &str =
    "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n0 0\n";

/// The Holedox sample of the spec.
const HOLEDOX_SAMPLE: &str = "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n\n4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n\n2 1\n2 2\n3 4\n4 2\n\n0 0 0\n";

/// How a puzzle's page words things.
struct Page {
    name: &'static str,
    sample: &'static str,
    /// What a path is made of.
    moves_are: &'static str,
    /// A query or a case, as the judge output names it.
    unit: &'static str,
    /// The unit of an answer.
    word: &'static str,
    /// What an unsolvable one says.
    never: &'static str,
}

/// The demonstration text for `puzzle`.
pub(crate) fn text(puzzle: Puzzle) -> String {
    let valid = "the sample is valid";
    match puzzle {
        Puzzle::Huarongdao => {
            let input = parsers::huarongdao::parse(HUARONGDAO_SAMPLE.as_bytes()).expect(valid);
            let mut solver = huarongdao::Solver::new(&input.board);
            let solutions = input
                .queries
                .iter()
                .map(|q| solver.solve_with_path(q).expect(valid));
            let page = Page {
                name: "huarongdao",
                sample: HUARONGDAO_SAMPLE,
                moves_are: "the blank's moves",
                unit: "query",
                word: "moves",
                never: "-1 (the piece can never reach the target)",
            };
            write_page(&page, solutions)
        }
        Puzzle::Bloxorz => {
            let boards = parsers::bloxorz::parse(BLOXORZ_SAMPLE.as_bytes()).expect(valid);
            let mut solver = bloxorz::Solver::new();
            let page = Page {
                name: "bloxorz",
                sample: BLOXORZ_SAMPLE,
                moves_are: "the box's rolls",
                unit: "case",
                word: "rolls",
                never: "Impossible",
            };
            write_page(&page, boards.iter().map(|b| solver.solve_with_path(b)))
        }
        Puzzle::Holedox => {
            let games = parsers::holedox::parse(HOLEDOX_SAMPLE.as_bytes()).expect(valid);
            let mut solver = holedox::Solver::new();
            let solutions = games
                .iter()
                .map(|g| solver.solve_with_path(g).expect("the sample is small"));
            let page = Page {
                name: "holedox",
                sample: HOLEDOX_SAMPLE,
                moves_are: "the head's steps",
                unit: "Case",
                word: "steps",
                never: "-1 (the head can never reach (1,1))",
            };
            write_page(&page, solutions)
        }
    }
}

/// The sample, its answers with their paths, and how to pass your own input.
fn write_page(page: &Page, solutions: impl Iterator<Item = Option<Solution>>) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "No input given, so here is the sample from the problem statement:\n"
    );
    for line in page.sample.lines() {
        let _ = writeln!(out, "    {line}");
    }
    let _ = writeln!(
        out,
        "\nAnswers (the path is {}, U D L R):\n",
        page.moves_are
    );
    for (i, solution) in solutions.enumerate() {
        let _ = match solution {
            Some(s) => writeln!(
                out,
                "    {} {}: {} {}, path {}",
                page.unit,
                i + 1,
                s.moves,
                page.word,
                s.path
            ),
            None => writeln!(out, "    {} {}: {}", page.unit, i + 1, page.never),
        };
    }
    let _ = writeln!(
        out,
        "\nTo solve your own input:  gridsolve --puzzle {} FILE   (or pipe it to stdin)",
        page.name
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
