//! What the search counts, where its limits stop it and the hint from a position, on
//! levels small enough to follow by hand.

use bloxorz_classic::{
    Body, Level, LimitError, Limits, Orientation, Path, Placement, Pos, Position, SearchStats,
    Solver, trace,
};

fn limits(states: u64) -> Limits {
    Limits {
        max_states: Some(states),
        max_time: None,
    }
}

fn row(text: &str) -> Level {
    Level::from_rows(&[text], vec![], vec![], vec![]).unwrap()
}

/// "X..O": the start stands on 0 and rolls right onto 1-2 (the only new state); from
/// there the roll right stands it on the exit: 2 expanded, 2 generated (the start
/// and one), 2 moves. "X...O": the same to standing on 3, which rolls nowhere new, and
/// the exit is never reached: 3 expanded, 3 generated. Mirrored ("O..X", "O...X"), the
/// same counts: the start is not the level's first tile, so its state is not the first
/// bit of the seen set, and a search that failed to mark it seen would reach it again.
#[test]
fn the_search_counts_what_it_expands_and_generates() {
    for (text, answer, stats) in [
        (
            "O..X",
            Some(2),
            SearchStats {
                expanded: 2,
                generated: 2,
            },
        ),
        (
            "O...X",
            None,
            SearchStats {
                expanded: 3,
                generated: 3,
            },
        ),
        (
            "X..O",
            Some(2),
            SearchStats {
                expanded: 2,
                generated: 2,
            },
        ),
        (
            "X...O",
            None,
            SearchStats {
                expanded: 3,
                generated: 3,
            },
        ),
    ] {
        let level = row(text);
        let mut solver = Solver::new();
        assert_eq!(solver.solve(&level), Ok(answer), "{text}");
        assert_eq!(solver.stats(), stats, "{text}");
        let solution = solver.solve_with_path(&level).unwrap();
        assert_eq!(solution.map(|s| s.moves()), answer, "{text}");
        assert_eq!(solver.stats(), stats, "{text}");
    }
}

#[test]
fn a_budget_stops_the_search_one_state_short_of_what_it_needs() {
    for (text, needed, answer) in [("X..O", 2, Some(2)), ("X...O", 3, None)] {
        let level = row(text);
        assert_eq!(
            Solver::with_limits(limits(needed)).solve(&level),
            Ok(answer),
            "{text}"
        );
        let stopped = Err(LimitError::States(needed - 1));
        let mut solver = Solver::with_limits(limits(needed - 1));
        assert_eq!(solver.solve(&level), stopped, "{text}");
        assert_eq!(
            solver.solve_with_path(&level).map(|s| s.map(|s| s.moves())),
            stopped,
            "{text}"
        );
    }
    assert_eq!(
        LimitError::States(4).to_string(),
        "the search stopped at its limit of 4 states"
    );
}

#[test]
fn the_hint_counts_the_moves_left_from_a_position() {
    let level = row("X.....O");
    let path: Path = "RRR".parse().unwrap();
    let positions = trace(&level, &path).unwrap();
    let mut solver = Solver::new();
    for (position, left) in positions.iter().zip([4, 3, 2, 1]) {
        assert_eq!(solver.solve_from(&level, position), Ok(Some(left)));
        assert!(solver.stats().expanded > 0);
    }
    // Standing on the exit: nothing left, and no search.
    let done = Position {
        body: Body::Block(Placement::standing(Pos::new(0, 6))),
        bridges: vec![],
    };
    assert_eq!(solver.solve_from(&level, &done), Ok(Some(0)));
    assert_eq!(solver.stats(), SearchStats::default());
    // A position off the level's tiles, or off the level, is no position of it.
    let level = row("X..#..O");
    for cubes in [
        [Pos::new(0, 1), Pos::new(0, 3)],
        [Pos::new(0, 1), Pos::new(0, 9)],
    ] {
        let off = Position {
            body: Body::Cubes(cubes),
            bridges: vec![],
        };
        assert_eq!(solver.solve_from(&level, &off), Ok(None), "{cubes:?}");
    }
}

#[test]
fn a_body_covers_one_cell_standing_and_two_lying_or_split() {
    let at = Pos::new(2, 3);
    let standing = Placement::standing(at);
    assert_eq!(Body::Block(standing).cells(), vec![at]);
    for (orientation, other) in [
        (Orientation::Horizontal, Pos::new(2, 4)),
        (Orientation::Vertical, Pos::new(3, 3)),
    ] {
        let lying = Placement {
            pos: at,
            orientation,
        };
        assert_eq!(Body::Block(lying).cells(), vec![at, other]);
    }
    let cubes = [Pos::new(0, 5), Pos::new(4, 1)];
    assert_eq!(Body::Cubes(cubes).cells(), cubes.to_vec());
}
