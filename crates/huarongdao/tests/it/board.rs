//! The board's constructors: the sizes they refuse, their errors' messages, equality and
//! the Debug form.

use huarongdao::{Board, BoardError, MAX_CELLS};

/// A side of 0 is refused, and so is a board of more than [`MAX_CELLS`] cells (by its
/// cell count, not its sides, and without overflowing); the largest boards are built.
#[test]
fn sizes_out_of_range_are_errors() {
    for (rows, cols) in [(0, 3), (3, 0), (0, 0)] {
        assert_eq!(
            Board::new(rows, cols).unwrap_err(),
            BoardError::Empty { rows, cols }
        );
    }
    for (rows, cols) in [(1, MAX_CELLS + 1), (2049, 2048), (usize::MAX, 2)] {
        assert_eq!(
            Board::new(rows, cols).unwrap_err(),
            BoardError::TooLarge { rows, cols }
        );
    }
    for (rows, cols) in [(1, MAX_CELLS), (2048, 2048)] {
        let board = Board::new(rows, cols).unwrap();
        assert_eq!((board.rows(), board.cols()), (rows, cols));
    }
}

/// `from_cells` checks the size first, then that it has `rows * cols` cells.
#[test]
fn from_cells_wants_rows_times_cols_cells() {
    assert_eq!(
        Board::from_cells(3, 4, &[true; 11]).unwrap_err(),
        BoardError::CellCount {
            expected: 12,
            found: 11
        }
    );
    assert_eq!(
        Board::from_cells(0, 4, &[]).unwrap_err(),
        BoardError::Empty { rows: 0, cols: 4 }
    );
    let board = Board::from_cells(2, 3, &[true, false, true, true, true, false]).unwrap();
    assert_eq!(board, Board::from_rows(&["101", "110"]).unwrap());
}

#[test]
fn board_errors_say_what_went_wrong() {
    for (error, message) in [
        (
            Board::new(0, 3).unwrap_err(),
            "a 0 x 3 board has no cells".to_string(),
        ),
        (
            Board::new(1, MAX_CELLS + 1).unwrap_err(),
            format!(
                "a 1 x {} board is larger than the 4194304 cells this solver handles",
                MAX_CELLS + 1
            ),
        ),
        (
            Board::from_cells(3, 4, &[true; 11]).unwrap_err(),
            "expected 12 cells, found 11".to_string(),
        ),
        (
            Board::from_rows(&["01", "011"]).unwrap_err(),
            "row 2 has 3 cells, expected 2 like the first row".to_string(),
        ),
        (
            Board::from_rows(&["01", "0x"]).unwrap_err(),
            "expected 0 or 1 at row 2, column 2, found 'x'".to_string(),
        ),
    ] {
        assert_eq!(error.to_string(), message);
    }
}

/// Boards are equal when their sizes and cells are, whatever their history (a board
/// changed and changed back equals the one it was).
#[test]
fn boards_are_equal_by_size_and_cells() {
    let board = Board::from_rows(&["0111", "0110"]).unwrap();
    let same =
        Board::from_cells(2, 4, &[false, true, true, true, false, true, true, false]).unwrap();
    assert_eq!(board, same);
    assert_eq!(board, board.clone());
    let mut changed = board.clone();
    changed.set_movable(huarongdao::Pos::new(1, 3), true);
    assert_ne!(changed, board);
    changed.set_movable(huarongdao::Pos::new(1, 3), false);
    assert_eq!(changed, board);
    // One side alike, the other not.
    let one = |rows: &[&str]| Board::from_rows(rows).unwrap();
    assert_ne!(one(&["1"]), one(&["11"]));
    assert_ne!(one(&["1"]), one(&["1", "1"]));
    // All fixed, 1 x 2 and 2 x 1: the same 12 stored cells (border included), other sizes.
    assert_eq!(one(&["00"]).grid().cells(), one(&["0", "0"]).grid().cells());
    assert_ne!(one(&["00"]), one(&["0", "0"]));
}

#[test]
fn the_debug_form_shows_the_size_and_cells() {
    let board = Board::from_rows(&["0111", "0110"]).unwrap();
    assert_eq!(format!("{board:?}"), "Board 2x4\n0111\n0110\n");
}
