//! Holedox judge text -> parse -> solve every case -> replay every path; see
//! ../README.md.
//!
//! Asserts that every path replays to exactly its reported answer, that small games
//! agree with the naive oracle, and that `judge` prints the same answers (or fails with
//! the same error as `parse`, or refuses a case the solver cannot hold in memory).

#![no_main]

use libfuzzer_sys::fuzz_target;

/// Inputs with a lair larger than this (squares) are parsed but not solved. The parser
/// already caps sides at 64 and the snake at 16 blocks.
const MAX_CELLS: usize = 64 * 64;
/// Games up to this many squares and blocks are also checked by the oracle (it stores
/// whole bodies, so its work grows as 3^L).
const ORACLE_CELLS: usize = 64;
const ORACLE_LENGTH: usize = 6;

fuzz_target!(|data: &[u8]| {
    let games = match parsers::holedox::parse(data) {
        Ok(games) => games,
        Err(e) => {
            assert_eq!(parsers::holedox::judge(data), Err(e));
            return;
        }
    };
    if games.iter().any(|g| g.rows() * g.cols() > MAX_CELLS) {
        return;
    }
    let mut solver = holedox::Solver::new();
    let mut expected = String::new();
    for (i, game) in games.iter().enumerate() {
        let Ok(solution) = solver.solve_with_path(game) else {
            // Over the solver's memory limit: the judge must refuse the input too.
            assert!(parsers::holedox::judge(data).is_err(), "case {}", i + 1);
            return;
        };
        let answer = solution.as_ref().map(|s| s.moves);
        if let Some(solution) = &solution {
            assert_eq!(
                holedox::replay(game, &solution.path.0),
                Ok(solution.moves),
                "path {} of case {}",
                solution.path,
                i + 1
            );
        }
        if game.rows() * game.cols() <= ORACLE_CELLS && game.len() <= ORACLE_LENGTH {
            let oracle = holedox::oracle::solve(game).map(|(moves, _)| moves);
            assert_eq!(answer, oracle, "case {}", i + 1);
        }
        parsers::holedox::write_answer(&mut expected, i + 1, answer);
    }
    assert_eq!(parsers::holedox::judge(data), Ok(expected));
});
