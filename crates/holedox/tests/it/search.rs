//! What the search counts and where its limits stop it, on games small enough to follow
//! by hand.

use grid_core::{LimitError, Limits, Pos, SearchStats};
use holedox::{Game, Solver};

fn limits(states: u64) -> Limits {
    Limits {
        max_states: Some(states),
        max_time: None,
    }
}

/// The doc's 2 x 2 lair: head on (1,2), tail on the exit. The start (f = 1) steps down
/// only (f = 3, queued for later); that state steps left (f stays 3), and that one up
/// onto the exit: 3 expanded, 4 generated (the start and three steps), 3 steps.
fn square() -> Game {
    Game::new(2, 2, &[], &[Pos::new(0, 1), Pos::new(0, 0)]).unwrap()
}

/// 1 x 2, the tail on the exit: the start has no step at all, and the queue empties.
fn stuck() -> Game {
    Game::new(1, 2, &[], &[Pos::new(0, 1), Pos::new(0, 0)]).unwrap()
}

#[test]
fn the_search_counts_what_it_expands_and_generates() {
    let square_stats = SearchStats {
        expanded: 3,
        generated: 4,
    };
    let stuck_stats = SearchStats {
        expanded: 1,
        generated: 1,
    };
    for (game, answer, stats) in [
        (square(), Some(3), square_stats),
        (stuck(), None, stuck_stats),
    ] {
        let mut solver = Solver::new();
        assert_eq!(solver.solve(&game), Ok(answer));
        assert_eq!(solver.stats(), stats);
        let solution = solver.solve_with_path(&game).unwrap();
        assert_eq!(solution.map(|s| s.moves()), answer);
        assert_eq!(solver.stats(), stats);
    }
    // The exit a stone: answered without a search, and no counts left from the last.
    let mut solver = Solver::new();
    solver.solve(&square()).unwrap();
    let walled = Game::new(2, 2, &[Pos::new(0, 0)], &[Pos::new(0, 1), Pos::new(1, 1)]).unwrap();
    assert_eq!(solver.solve(&walled), Ok(None));
    assert_eq!(solver.stats(), SearchStats::default());
}

#[test]
fn a_budget_counts_every_step_but_the_start() {
    // The square's search takes three steps after its start.
    assert_eq!(Solver::with_limits(limits(3)).solve(&square()), Ok(Some(3)));
    let mut solver = Solver::with_limits(limits(2));
    assert_eq!(solver.solve(&square()), Err(LimitError::States(2)));
    assert_eq!(
        solver.solve_with_path(&square()),
        Err(LimitError::States(2))
    );
    assert_eq!(
        LimitError::States(2).to_string(),
        "the search stopped at its limit of 2 states"
    );
}

#[test]
fn a_memory_limit_stops_a_search_held_in_a_table() {
    // 64 x 64 with a snake of 16: far too many states for one byte each, so they are
    // kept in a table, which may hold only ten.
    let body: Vec<Pos> = (0..16).map(|c| Pos::new(63, 20 + c)).collect();
    let game = Game::new(64, 64, &[], &body).unwrap();
    assert_eq!(
        Solver::with_memory_limit(10).solve(&game),
        Err(LimitError::Memory(10))
    );
    // A lair of one byte per state is not held back by it.
    assert_eq!(Solver::with_memory_limit(10).solve(&square()), Ok(Some(3)));
}
