//! What the search counts and where its limits stop it, on boards small enough to
//! follow by hand.

use bloxorz::{Board, LimitError, Limits, SearchStats, Solver};

fn limits(states: u64) -> Limits {
    Limits {
        max_states: Some(states),
        max_time: None,
    }
}

/// Both searches start with one state each. The start's side (the smaller frontier,
/// ties to the start) rolls its standing box right: one new state. Then, one state a
/// side again, the start's lying box rolls right onto the target, which the goal's side
/// has seen: 2 expanded, 3 generated, 2 rolls.
const CORRIDOR: [&str; 1] = ["X..O"];

/// The target's side is walled in. The start's side expands the start (down and right:
/// two new states); the goal's side, now the smaller, expands the target and reaches
/// nothing, so its frontier empties and the answer is "impossible" without exploring
/// the start's side further: 2 expanded, 4 generated.
const ISLAND: [&str; 3] = ["X...", "...#", "..#O"];

#[test]
fn the_search_counts_what_it_expands_and_generates() {
    for (rows, answer, stats) in [
        (
            &CORRIDOR[..],
            Some(2),
            SearchStats {
                expanded: 2,
                generated: 3,
            },
        ),
        (
            &ISLAND[..],
            None,
            SearchStats {
                expanded: 2,
                generated: 4,
            },
        ),
    ] {
        let board = Board::from_rows(rows).unwrap();
        let mut solver = Solver::new();
        assert_eq!(solver.solve(&board), Ok(answer), "{rows:?}");
        assert_eq!(solver.stats(), stats, "{rows:?}");
        let solution = solver.solve_with_path(&board).unwrap();
        assert_eq!(solution.map(|s| s.moves()), answer, "{rows:?}");
        assert_eq!(solver.stats(), stats, "{rows:?}");
    }
}

#[test]
fn a_budget_stops_the_search_one_state_short_of_what_it_needs() {
    for (rows, needed, answer) in [(&CORRIDOR[..], 3, Some(2)), (&ISLAND[..], 4, None)] {
        let board = Board::from_rows(rows).unwrap();
        assert_eq!(
            Solver::with_limits(limits(needed)).solve(&board),
            Ok(answer),
            "{rows:?}"
        );
        let mut solver = Solver::with_limits(limits(needed - 1));
        let stopped = solver.solve(&board);
        assert_eq!(stopped, Err(LimitError::States(needed - 1)), "{rows:?}");
        assert_eq!(
            solver.solve_with_path(&board),
            Err(LimitError::States(needed - 1)),
            "{rows:?}"
        );
    }
    let error = LimitError::States(7);
    assert_eq!(
        error.to_string(),
        "the search stopped at its limit of 7 states"
    );
}
