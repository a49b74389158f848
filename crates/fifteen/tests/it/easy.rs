//! Easy boards stay easy: under the solver's own choice, a board that IDA* with the
//! Manhattan distance answers in fewer positions than building the databases costs is
//! answered so, exactly as that search answers it (the same path, the same counts),
//! with no database built; once the databases are at hand (kept in a store), the quick
//! try is short and they are used. Counted in positions and builds, not timed.

use crate::walk;
use fifteen::{Board, Method, Solver};

/// Walks of the 15-puzzle that plain IDA* answers in 1.25 million and 5.29 million
/// positions (48 and 50 moves): past the 200,000 of a try before databases at hand,
/// short of the 57.7 million their build costs. And walks of 40 moves on the
/// 24-puzzle.
#[test]
fn a_board_plain_ida_answers_builds_no_database() {
    for board in [
        walk(4, 4, 80, 2),
        walk(4, 4, 100, 4),
        walk(5, 5, 40, 1),
        walk(5, 5, 40, 2),
    ] {
        let mut plain = Solver::new().with_method(Method::Manhattan);
        let expected = plain.solve_with_path(&board);
        let mut auto = Solver::new();
        assert_eq!(auto.solve_with_path(&board), expected);
        assert_eq!(auto.stats(), plain.stats());
        assert_eq!(auto.last_method(), Some(Method::Manhattan));
        assert_eq!(auto.databases_built(), 0);
        assert_eq!(auto.table_bytes(), 0);
    }
}

/// With the databases in the solver's store, the same walk is a short try (200,000
/// positions) and then a search over them: they cost a read, not a build. Once the
/// solver holds them, the next board's try is shorter still (10,000 positions).
#[test]
fn databases_at_hand_make_the_try_short() {
    let store = crate::checkpoint::store();
    let korf_1 = Board::new(
        4,
        4,
        &crate::checkpoint::KORF_1,
        &(0..16).collect::<Vec<u8>>(),
    )
    .unwrap();
    Solver::new()
        .with_method(Method::Pdb)
        .with_store(store.clone())
        .solve(&korf_1)
        .unwrap();
    let board = walk(4, 4, 100, 4);
    let mut plain = Solver::new().with_method(Method::Manhattan);
    let expected = plain.solve_with_path(&board);
    let mut pdb = Solver::new()
        .with_method(Method::Pdb)
        .with_store(store.clone());
    assert_eq!(pdb.solve_with_path(&board), expected);
    let mut auto = Solver::new().with_store(store);
    assert_eq!(auto.solve_with_path(&board), expected);
    assert_eq!(auto.last_method(), Some(Method::Pdb));
    // The try's 200,000 positions and the one past them, then the search's.
    assert_eq!(auto.stats().generated, 200_001 + pdb.stats().generated);
    assert_eq!(auto.stats().expanded, pdb.stats().expanded);
    let board = walk(4, 4, 80, 2);
    let expected = pdb.solve_with_path(&board);
    assert_eq!(auto.solve_with_path(&board), expected);
    assert_eq!(auto.last_method(), Some(Method::Pdb));
    assert_eq!(auto.stats().generated, 10_001 + pdb.stats().generated);
    assert_eq!(auto.databases_built(), 1);
}
