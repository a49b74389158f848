//! The rules and edge cases of the spec, one case each, solved by the fast solver and the
//! naive oracle; every path is replayed.

use crate::oracle_agreement::oracle_answer;
use bloxorz::generate::{Family, GenParams, StartKind, generate};
use bloxorz::{Board, Orientation, Placement, ReplayError, Solver, replay};
use grid_core::{Choice, Dir, Moves, Pos};
use rstest::rstest;

/// Solves with the fast solver and the oracle, checks they agree, replays both paths,
/// and returns the answer.
fn answer(rows: &[&str]) -> Option<u64> {
    let board = Board::from_rows(rows).unwrap();
    let mut solver = Solver::new();
    let fast = solver.solve_with_path(&board).unwrap();
    let slow = oracle_answer(&board);
    assert_eq!(
        fast.as_ref().map(|s| s.moves()),
        slow.as_ref().map(|s| s.0),
        "solver vs oracle on {board:?}"
    );
    if let Some(solution) = &fast {
        assert_eq!(solution.path.len() as u64, solution.moves());
        assert_eq!(replay(&board, &solution.path), Ok(solution.moves()));
    }
    if let Some((moves, path)) = &slow {
        assert_eq!(replay(&board, path), Ok(*moves));
    }
    assert_eq!(solver.solve(&board).unwrap(), fast.map(|s| s.moves()));
    slow.map(|s| s.0)
}

pub(crate) const SAMPLE: [&str; 7] = [
    "#######", "#..X###", "#..##O#", "#....E#", "#....E#", "#.....#", "#######",
];

/// The sample without its `#` border: outside the grid counts as `#`.
const SAMPLE_UNBORDERED: [&str; 5] = ["..X##", "..##O", "....E", "....E", "....."];

/// A straight corridor, `X` at one end and `O` `3k` cells further: `2k` rolls.
fn corridor(k: usize) -> String {
    format!("X{}O", ".".repeat(3 * k - 1))
}

#[rstest]
#[case::spec_sample(&SAMPLE, Some(10))]
#[case::spec_sample_without_border(&SAMPLE_UNBORDERED, Some(10))]
// Standing on 0, lying on 1-2 (over the E), standing on 3, lying on 4-5, standing on 6.
#[case::fragile_holds_a_lying_box(&["X.E...O"], Some(4))]
// The only way along the row stands the box on the E at 3.
#[case::fragile_never_holds_a_standing_box(&["X..E..O"], None)]
#[case::same_row_without_the_fragile_cell(&["X.....O"], Some(4))]
// The vertical box rolls sideways over both E, then stands on O: R, R, D.
#[case::fragile_holds_both_halves_of_a_lying_box(&["XE.", "XE.", "#.O"], Some(3))]
#[case::horizontal_start_one_roll_win(&["XXO"], Some(1))]
#[case::horizontal_start_rolling_left(&["OXX"], Some(1))]
#[case::vertical_start_one_roll_win(&["X", "X", "O"], Some(1))]
#[case::vertical_start_rolling_up(&["O", "X", "X"], Some(1))]
#[case::horizontal_start_down_a_row(&["XX...O"], Some(3))]
#[case::vertical_start_down_a_column(&["X", "X", ".", ".", ".", "O"], Some(3))]
// A standing box in one row only stands on every third cell.
#[case::one_row_wrong_distance(&["X...O"], None)]
// No border: rolling off the left edge is off the plane, rolling onto it is fine.
#[case::target_on_the_left_edge(&["O..X"], Some(2))]
#[case::target_on_the_top_edge(&["O", ".", ".", "X"], Some(2))]
#[case::off_the_right_edge(&["X.O"], None)]
// O can only be reached from lying on the start cell and its right neighbour, which
// needs the box standing left of its start: LL D RR U, then R R over the start cell.
#[case::back_over_the_start_cell(&["...X.O", "...###", "...###"], Some(8))]
// The three-row block lets the box shift by one column; D R R U L D D R.
#[case::open_three_by_three(&["X..", "...", "..O"], Some(8))]
#[case::target_walled_off(&["#####", "#X#O#", "#####"], None)]
#[case::target_on_an_island(&["X...", "...#", "..#O"], None)]
fn rules(#[case] rows: &[&str], #[case] expected: Option<u64>) {
    assert_eq!(answer(rows), expected);
}

#[rstest]
#[case::short(1)]
#[case::long(100)]
fn long_corridor(#[case] k: usize) {
    let row = corridor(k);
    assert_eq!(answer(&[&row]), Some(2 * k as u64));
    // The same corridor inside a `#` border, and down a column from a vertical start.
    let wall = "#".repeat(row.len() + 2);
    let inner = format!("#{row}#");
    assert_eq!(answer(&[&wall, &inner, &wall]), Some(2 * k as u64));
    // Lying on rows 0-1, one roll stands it on row 2, then two rolls per three rows.
    let mut column = vec!["X", "X"];
    column.extend(std::iter::repeat_n(".", 3 * k));
    column.push("O");
    assert_eq!(answer(&column), Some(2 * k as u64 + 1));
}

#[test]
fn sample_path_checked_by_hand() {
    // 1-based: from standing on (2,4), L lies on (2,2)-(2,3); D D D D roll it down to
    // (6,2)-(6,3); R stands it on (6,4); U lies on (4,4)-(5,4); R R roll it sideways
    // onto (4,6)-(5,6), the two E; U stands it on O at (3,6).
    let board = Board::from_rows(&SAMPLE).unwrap();
    let path: Moves = "LDDDDRURRU".parse().unwrap();
    assert_eq!(replay(&board, &path), Ok(10));
    assert_eq!(oracle_answer(&board).map(|(moves, _)| moves), Some(10));
}

fn placement(row: usize, col: usize, orientation: Orientation) -> Placement {
    Placement {
        pos: Pos::new(row, col),
        orientation,
    }
}

#[rstest]
#[case::onto_empty_cells(&SAMPLE, "R", ReplayError::Falls {
    step: 1,
    dir: Dir::Right,
    to: Some(placement(1, 4, Orientation::Horizontal)),
})]
#[case::standing_on_fragile(&["X..EO"], "RR", ReplayError::Falls {
    step: 2,
    dir: Dir::Right,
    to: Some(placement(0, 3, Orientation::Standing)),
})]
#[case::off_the_right_edge(&["X.O"], "RR", ReplayError::Falls {
    step: 2,
    dir: Dir::Right,
    to: Some(placement(0, 3, Orientation::Standing)),
})]
#[case::off_the_top_edge(&["X.O"], "U", ReplayError::Falls { step: 1, dir: Dir::Up, to: None })]
#[case::no_rolls(&SAMPLE, "", ReplayError::NotOnTarget { end: placement(1, 3, Orientation::Standing) })]
#[case::ends_lying(&SAMPLE, "L", ReplayError::NotOnTarget { end: placement(1, 1, Orientation::Horizontal) })]
#[case::ends_standing_elsewhere(&SAMPLE, "LDDR", ReplayError::NotOnTarget { end: placement(3, 3, Orientation::Standing) })]
#[case::ends_lying_on_the_target(&["XO."], "R", ReplayError::NotOnTarget { end: placement(0, 1, Orientation::Horizontal) })]
fn replay_rejects_bad_paths(#[case] rows: &[&str], #[case] path: &str, #[case] error: ReplayError) {
    let board = Board::from_rows(rows).unwrap();
    let path: Moves = path.parse().unwrap();
    assert_eq!(replay(&board, &path), Err(error));
}

#[test]
fn one_solver_solves_many_boards() {
    // Buffers reused from board to board (large, small, impossible, solvable) must not
    // leak state from one search into the next.
    let mut solver = Solver::new();
    for seed in 0..120 {
        let family = Family::ALL[seed as usize % Family::ALL.len()];
        let side = [12, 5, 9, 4, 7][seed as usize % 5];
        let params = GenParams {
            family,
            rows: side + (seed as usize % 3),
            cols: side + 2,
            empty: (seed as u32 * 11) % 50,
            fragile: (seed as u32 * 17) % 100,
            start: StartKind::ALL[seed as usize % StartKind::ALL.len()],
            border: seed % 2 == 0,
            seed,
        };
        let board = generate(&params).unwrap();
        let expected = oracle_answer(&board).map(|(moves, _)| moves);
        let got = solver.solve_with_path(&board).unwrap();
        assert_eq!(
            got.as_ref().map(|s| s.moves()),
            expected,
            "{params:?}\n{board:?}"
        );
        if let Some(solution) = got {
            assert_eq!(replay(&board, &solution.path), Ok(solution.moves()));
        }
        assert_eq!(
            solver.solve(&board).unwrap(),
            expected,
            "{params:?}\n{board:?}"
        );
    }
}
