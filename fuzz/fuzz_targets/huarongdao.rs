//! Huarongdao judge text -> parse -> solve every query -> replay every path; see
//! ../README.md.
//!
//! Asserts that every path replays to exactly its reported answer, that small boards
//! agree with the naive oracle, and that `judge` prints the same answers (or fails with
//! the same error as `parse`).

#![no_main]

use libfuzzer_sys::fuzz_target;

/// Boards larger than this (cells) or with more queries are parsed but not solved, so
/// one execution stays within milliseconds.
const MAX_CELLS: usize = 64 * 64;
const MAX_QUERIES: usize = 256;
/// On boards up to this many cells, the first queries are also checked by the oracle.
const ORACLE_CELLS: usize = 49;
const ORACLE_QUERIES: usize = 4;

fuzz_target!(|data: &[u8]| {
    let input = match parsers::huarongdao::parse(data) {
        Ok(input) => input,
        Err(e) => {
            assert_eq!(parsers::huarongdao::judge(data), Err(e));
            return;
        }
    };
    let (board, queries) = (&input.board, &input.queries);
    let cells = board.rows() * board.cols();
    if cells > MAX_CELLS || queries.len() > MAX_QUERIES {
        return;
    }
    let mut solver = huarongdao::Solver::new(board);
    let mut expected = String::new();
    for (i, query) in queries.iter().enumerate() {
        let solution = solver
            .solve_with_path(query)
            .unwrap_or_else(|e| panic!("parsed query {query:?} rejected: {e}"));
        let answer = solution.as_ref().map(|s| s.moves);
        if let Some(solution) = &solution {
            assert_eq!(
                huarongdao::replay(board, query, &solution.path.0),
                Ok(solution.moves),
                "path {} of query {}",
                solution.path,
                i + 1
            );
        }
        if cells <= ORACLE_CELLS && i < ORACLE_QUERIES {
            let oracle = huarongdao::oracle::solve(board, query).expect("a checked query");
            assert_eq!(answer, oracle.map(|(moves, _)| moves), "query {}", i + 1);
        }
        parsers::huarongdao::write_answer(&mut expected, answer);
    }
    assert_eq!(parsers::huarongdao::judge(data), Ok(expected));
});
