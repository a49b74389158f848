//! Bloxorz judge text -> parse -> solve every case -> replay every path; see
//! ../README.md.
//!
//! Asserts that every path replays to exactly its reported answer, that small boards
//! agree with the naive oracle, and that `judge` prints the same answers (or fails with
//! the same error as `parse`).

#![no_main]

use libfuzzer_sys::fuzz_target;

/// Inputs with a board larger than this (cells) are parsed but not solved, so one
/// execution stays within milliseconds.
const MAX_CELLS: usize = 64 * 64;
/// Boards up to this many cells are also checked by the oracle.
const ORACLE_CELLS: usize = 400;

fuzz_target!(|data: &[u8]| {
    let boards = match parsers::bloxorz::parse(data) {
        Ok(boards) => boards,
        Err(e) => {
            assert_eq!(parsers::bloxorz::judge(data), Err(e));
            return;
        }
    };
    if boards.iter().any(|b| b.rows() * b.cols() > MAX_CELLS) {
        return;
    }
    // One solver for every case, as the judge does: its buffers are reused.
    let mut solver = bloxorz::Solver::new();
    let mut expected = String::new();
    for (i, board) in boards.iter().enumerate() {
        let solution = solver.solve_with_path(board);
        let answer = solution.as_ref().map(|s| s.moves);
        if let Some(solution) = &solution {
            assert_eq!(
                bloxorz::replay(board, &solution.path.0),
                Ok(solution.moves),
                "path {} of case {}",
                solution.path,
                i + 1
            );
        }
        if board.rows() * board.cols() <= ORACLE_CELLS {
            let oracle = bloxorz::oracle::solve(board).map(|(moves, _)| moves);
            assert_eq!(answer, oracle, "case {}", i + 1);
        }
        parsers::bloxorz::write_answer(&mut expected, answer);
    }
    assert_eq!(parsers::bloxorz::judge(data), Ok(expected));
});
