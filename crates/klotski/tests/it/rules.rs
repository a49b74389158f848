//! The rules of the spec, one case each, solved by the fast solver and the naive oracle
//! under the metric that shows the rule; every path is replayed.

use crate::oracle_agreement::{layout_text, oracle_answer};
use grid_core::Choice;
use klotski::{
    Dir, Goal, Layout, LimitError, Limits, Metric, Pos, ReplayError, Solver, oracle, replay,
};
use rstest::rstest;

/// Solves `rows` with the goal piece `label` at 1-based (`row`, `col`) by the fast solver
/// and the oracle, checks that they agree and that both paths replay, and returns the
/// answer.
fn answer(rows: &[&str], (label, row, col): (char, usize, usize), metric: Metric) -> Option<u64> {
    let layout = Layout::from_rows(rows, Goal::new(label, Pos::new(row - 1, col - 1))).unwrap();
    let mut solver = Solver::new();
    let fast = solver.solve_with_path(&layout, metric).unwrap();
    let slow = oracle_answer(&layout, metric, Limits::NONE).unwrap();
    assert_eq!(
        fast.as_ref().map(|s| s.moves()),
        slow.as_ref().map(|s| s.0),
        "solver vs oracle under {metric} on {layout:?}"
    );
    if let Some(solution) = &fast {
        assert_eq!(
            replay(&layout, metric, &solution.path),
            Ok(solution.moves())
        );
        // Under step every move is one letter; under slide its letters are the same.
        for m in solution.path.iter() {
            match metric {
                Metric::Step => assert_eq!(m.dirs().len(), 1, "{}", solution.path),
                Metric::Slide => assert!(m.dirs().iter().all(|&d| d == m.dirs()[0])),
                Metric::Move => {}
            }
        }
    }
    if let Some((moves, path)) = &slow {
        assert_eq!(replay(&layout, metric, path), Ok(*moves));
    }
    assert_eq!(
        solver.solve(&layout, metric).unwrap(),
        fast.map(|s| s.moves())
    );
    slow.map(|s| s.0)
}

use Metric::{Move, Slide, Step};

#[rstest]
// A move moves one piece: A goes three cells right, one cell a move, or one slide.
#[case::step_is_one_cell(&["A..."], ('A', 1, 4), Step, Some(3))]
#[case::slide_is_a_straight_run(&["A..."], ('A', 1, 4), Slide, Some(1))]
#[case::move_is_a_straight_run_too(&["A..."], ('A', 1, 4), Move, Some(1))]
// Down then right: two slides, one move (turning as it likes through empty cells).
#[case::a_turn_is_two_slides(&["A..", "..."], ('A', 2, 3), Slide, Some(2))]
#[case::a_turn_is_one_move(&["A..", "..."], ('A', 2, 3), Move, Some(1))]
#[case::a_turn_is_three_steps(&["A..", "..."], ('A', 2, 3), Step, Some(3))]
// The other pieces stay: B is in the way and must move aside first.
#[case::other_pieces_block(&["AB.", "..."], ('A', 1, 3), Move, Some(1))]
#[case::other_pieces_block_a_slide(&["ABB."], ('A', 1, 2), Slide, Some(2))]
// No piece leaves the board, nor passes through another.
#[case::the_board_walls_in(&["ACC"], ('A', 1, 2), Move, None)]
// A can step right, but B (1x2) can never leave row 2.
#[case::walled_in_by_pieces(&["A.", "BB"], ('A', 2, 1), Move, None)]
// A piece moves into cells it leaves: the 1x2 slides one cell right.
#[case::a_piece_moves_into_its_own_cells(&["AA."], ('A', 1, 2), Step, Some(1))]
// The 2x2 needs the column of two free cells beside it; B (1x1) can only shuttle
// between the two cells of the third column.
#[case::a_2x2_needs_room(&["AA.", "AA."], ('A', 1, 2), Step, Some(1))]
#[case::a_2x2_with_one_free_cell_is_stuck(&["AA.", "AAB"], ('A', 1, 2), Step, None)]
// Already solved: no move.
#[case::already_solved(&["AB.", "..."], ('A', 1, 1), Move, Some(0))]
// One piece on a 1xN board.
#[case::one_piece_on_a_row(&["A....."], ('A', 1, 6), Step, Some(5))]
#[case::one_piece_on_a_column(&["A", ".", "."], ('A', 3, 1), Slide, Some(1))]
// Equal shapes are interchangeable: B (1x1, like A) is one step from A's goal.
#[case::an_equal_shape_may_reach_the_goal(&["A..B"], ('A', 1, 3), Step, Some(1))]
// Unequal shapes are not: the 1x2 C cannot stand in for the 1x1 A.
#[case::an_unequal_shape_may_not(&["ACC", "..."], ('A', 2, 3), Move, Some(1))]
// Any 4-connected shape moves: an L, whose goal names its bounding box's corner
// (which is not one of its cells).
#[case::an_l_shape_moves(&[".L.", "LL.", "..."], ('L', 2, 2), Slide, Some(2))]
#[case::an_l_shape_in_one_move(&[".L.", "LL.", "..."], ('L', 2, 2), Move, Some(1))]
// The 1x2 must clear the way (two cells right, one move), then the 2x2 goes down two.
#[case::the_exit_is_reached_after_clearing_it(&["AA..", "AA..", "BB..", "...."], ('A', 3, 1), Move, Some(2))]
fn rules(
    #[case] rows: &[&str],
    #[case] goal: (char, usize, usize),
    #[case] metric: Metric,
    #[case] expected: Option<u64>,
) {
    assert_eq!(answer(rows, goal, metric), expected);
}

/// The spec's sample, 横刀立马, under each metric.
#[rstest]
#[case(Move, 81)]
#[case(Slide, 90)]
#[case(Step, 116)]
fn the_spec_sample(#[case] metric: Metric, #[case] expected: u64) {
    let rows = ["ABBC", "ABBC", "DEEF", "DGHF", "I..J"];
    let layout = Layout::from_rows(&rows, Goal::new('B', Pos::new(3, 1))).unwrap();
    let solution = Solver::new()
        .solve_with_path(&layout, metric)
        .unwrap()
        .unwrap();
    assert_eq!(solution.moves(), expected);
    assert_eq!(replay(&layout, metric, &solution.path), Ok(expected));
}

/// 横刀立马 has 25,955 reachable states, equal shapes interchangeable: by the solver and
/// by the oracle.
#[test]
fn heng_dao_li_ma_has_25955_states() {
    let rows = ["ABBC", "ABBC", "DEEF", "DGHF", "I..J"];
    let layout = Layout::from_rows(&rows, Goal::new('B', Pos::new(3, 1))).unwrap();
    assert_eq!(Solver::new().reachable(&layout), Ok(25_955));
    assert_eq!(
        oracle::reachable_text(&layout_text(&layout), Limits::NONE),
        Ok(25_955)
    );
}

/// Boards up to 8 x 8: 64 cells, two shapes (1x1 and 1x8), so two bits a cell would be
/// 128: the ranked code. Only the 1x1 pieces can move, along rows 1 and 8.
#[test]
fn an_8x8_board_solves() {
    let rows = [
        "A.B.....", "CCCCCCCC", "DDDDDDDD", "EEEEEEEE", "FFFFFFFF", "GGGGGGGG", "HHHHHHHH",
        "I.......",
    ];
    let layout = Layout::from_rows(&rows, Goal::new('A', Pos::new(7, 7))).unwrap();
    for &metric in Metric::ALL {
        let answer = Solver::new().solve(&layout, metric).unwrap();
        let oracle = oracle_answer(&layout, metric, Limits::NONE)
            .unwrap()
            .map(|s| s.0);
        assert_eq!(answer, oracle);
        // I, a 1x1 like A, goes along row 8 to its end: one move, seven steps.
        let expected = if metric == Step { 7 } else { 1 };
        assert_eq!(answer, Some(expected));
    }
    assert_eq!(Solver::new().reachable(&layout), Ok(28 * 8));
}

/// A layout whose states need more than 64 bits (29 pieces of five shapes on 64 cells:
/// C(64, 62) * 29! / (8! 5! 8! 2! 6!) > 2^65) is solved in the 128-bit code, under every
/// metric, as the oracle solves it; the paths replay.
#[rstest]
#[case::step(Step, 2)]
#[case::slide(Slide, 1)]
#[case::move_(Move, 1)]
fn a_layout_past_64_bits_solves(#[case] metric: Metric, #[case] expected: u64) {
    let rows = [
        "ABCDEFGH", "ABCDEFGH", "IIJJKKLL", "MNOPQRST", "MNOPQRST", "MNOPQRST", "UUUVVVWW",
        "XYZabc..",
    ];
    // c, a 1x1, two cells right to the corner.
    assert_eq!(answer(&rows, ('c', 8, 8), metric), Some(expected));
    let layout = Layout::from_rows(&rows, Goal::new('A', Pos::new(0, 0))).unwrap();
    // More arrangements than 2^64 (where the count saturates): the 128-bit code.
    assert_eq!(layout.arrangements(), u64::MAX);
    assert_eq!(Solver::new().solve(&layout, metric), Ok(Some(0)));
}

/// 29 pieces of 13 shapes on 62 of 64 cells, past 64 bits too: the 1x2 V crosses the
/// strip of 1x1 pieces below the bars of row 6 (`benches/search.rs` times it).
#[rstest]
#[case::step(Step, 26)]
#[case::slide(Slide, 21)]
#[case::move_(Move, 17)]
fn a_crowded_board_of_thirteen_shapes_solves(#[case] metric: Metric, #[case] expected: u64) {
    let rows = [
        "ABBCDDDE", "AFBCGGEE", "FFFCCGHE", "IIIJJGHH", "KIJJLMNH", "OOOOPPPP", "QR.ZU.VV",
        "WXYSTabc",
    ];
    let layout = Layout::from_rows(&rows, Goal::new('V', Pos::new(6, 0))).unwrap();
    assert_eq!(layout.arrangements(), u64::MAX);
    assert_eq!(answer(&rows, ('V', 7, 1), metric), Some(expected));
}

/// A wide layout with room to move stops at the state budget it is given, with the
/// limit's error, like any other.
#[test]
fn a_wide_layout_stops_at_its_state_budget() {
    let rows = [
        "ABCDEFGH", "ABCDEFGH", "IIJJKKLL", "MNOPQRST", "MNOPQRST", "MNOPQRST", "UU.VVV..",
        "XY......",
    ];
    let layout = Layout::from_rows(&rows, Goal::new('A', Pos::new(6, 7))).unwrap();
    assert_eq!(layout.arrangements(), u64::MAX);
    let limits = Limits {
        max_states: Some(1_000),
        ..Limits::NONE
    };
    let stopped = Solver::with_limits(limits).solve(&layout, Move);
    assert!(
        matches!(stopped, Err(LimitError::States(1_000))),
        "{stopped:?}"
    );
}

/// The one-cell layout of the replay tests: piece A alone on 2 x 2, its goal top left.
fn lone_piece(at: &[&str]) -> Layout {
    Layout::from_rows(at, Goal::new('A', Pos::new(0, 0))).unwrap()
}

#[rstest]
#[case::off_the_top(&["A.", ".."], Dir::Up)]
#[case::off_the_left(&["A.", ".."], Dir::Left)]
#[case::off_the_bottom(&["..", ".A"], Dir::Down)]
#[case::off_the_right(&["..", ".A"], Dir::Right)]
#[case::off_the_bottom_left(&["..", "A."], Dir::Down)]
#[case::off_the_top_right(&[".A", ".."], Dir::Up)]
fn replay_refuses_a_step_off_every_edge(#[case] rows: &[&str], #[case] dir: Dir) {
    let layout = lone_piece(rows);
    let path = klotski::Path::new(vec![klotski::Move::new('A', vec![dir])]);
    let refused = ReplayError::Blocked {
        step: 1,
        label: 'A',
        cell: 1,
        dir,
    };
    for metric in [Metric::Step, Metric::Slide, Metric::Move] {
        assert_eq!(replay(&layout, metric, &path), Err(refused));
    }
    assert_eq!(
        refused.to_string(),
        format!("move 1: cell 1 ({dir}) takes piece A off the board or onto another piece")
    );
}

#[test]
fn replay_refuses_labels_on_no_cell_even_when_their_low_byte_is_a_piece() {
    // 'Ł' is U+0141: its low byte is 'A', the piece on the board; '.' is an empty cell.
    let layout = lone_piece(&["..", ".A"]);
    for label in ['Ł', '.', 'B'] {
        let path = klotski::Path::new(vec![klotski::Move::new(label, vec![Dir::Up])]);
        let refused = ReplayError::UnknownPiece { step: 1, label };
        assert_eq!(replay(&layout, Metric::Move, &path), Err(refused));
        assert_eq!(
            refused.to_string(),
            format!("move 1 moves piece {label}, which is not on the board")
        );
    }
}

#[test]
fn the_errors_say_what_went_wrong() {
    assert_eq!(
        LimitError::States(7).to_string(),
        LimitError::States(7).to_string()
    );
    assert!(!LimitError::States(7).to_string().is_empty());
    assert_eq!(
        ReplayError::NotSolved.to_string(),
        "after the last move no piece of the goal piece's shape is on the goal"
    );
}

#[test]
fn stats_count_the_last_search() {
    // Piece A from the bottom right of an empty 3 x 3 to the top left, under `step`:
    // the search reaches all 9 boards and expands 7 before it meets the goal (the
    // counts are the search's own, the same on every machine).
    let layout = Layout::from_rows(&["...", "...", "..A"], Goal::new('A', Pos::new(0, 0))).unwrap();
    let mut solver = Solver::new();
    assert_eq!(solver.solve(&layout, Metric::Step).unwrap(), Some(4));
    let stats = solver.stats();
    assert_eq!((stats.expanded, stats.generated), (7, 9));
    // A solved start is no search.
    let solved = Layout::from_rows(&["A..", "...", "..."], Goal::new('A', Pos::new(0, 0))).unwrap();
    assert_eq!(solver.solve(&solved, Metric::Step).unwrap(), Some(0));
    assert!(solver.stats().expanded <= 1, "{:?}", solver.stats());
}
