//! The checker of roll sequences on its own: the placements it walks through, where it
//! stops, and what its errors say.

use crate::rules::SAMPLE;
use bloxorz::{Board, Orientation, Placement, ReplayError, trace, walk};
use grid_core::{Dir, Moves, Pos};

fn placement(row: usize, col: usize, orientation: Orientation) -> Placement {
    Placement {
        pos: Pos::new(row, col),
        orientation,
    }
}

#[test]
fn trace_gives_every_placement_of_the_sample_s_solution() {
    use Orientation::{Horizontal, Standing, Vertical};
    let board = Board::from_rows(&SAMPLE).unwrap();
    let path: Moves = "LDDDDRURRU".parse().unwrap();
    let expected = vec![
        placement(1, 3, Standing),
        placement(1, 1, Horizontal),
        placement(2, 1, Horizontal),
        placement(3, 1, Horizontal),
        placement(4, 1, Horizontal),
        placement(5, 1, Horizontal),
        placement(5, 3, Standing),
        placement(3, 3, Vertical),
        placement(3, 4, Vertical),
        placement(3, 5, Vertical),
        placement(2, 5, Standing),
    ];
    assert_eq!(trace(&board, &path), Ok(expected.clone()));
    let walked: Vec<Placement> = walk(&board, &path).map(Result::unwrap).collect();
    assert_eq!(walked, expected);
    assert_eq!(trace(&board, &[]), Ok(vec![placement(1, 3, Standing)]));
}

#[test]
fn a_walk_knows_how_many_placements_are_left() {
    let board = Board::from_rows(&SAMPLE).unwrap();
    let path: Moves = "LDDDDRURRU".parse().unwrap();
    let mut walk = walk(&board, &path);
    for left in (1..=11).rev() {
        assert_eq!(walk.size_hint(), (0, Some(left)));
        assert!(walk.next().is_some());
    }
    assert_eq!(walk.size_hint(), (0, Some(0)));
    assert_eq!(walk.next(), None);
}

#[test]
fn a_walk_ends_at_its_first_fall() {
    let board = Board::from_rows(&["X.O"]).unwrap();
    // The second roll stands the box past the right edge; the third is never rolled.
    let path: Moves = "RRR".parse().unwrap();
    let fall = ReplayError::Falls {
        step: 2,
        dir: Dir::Right,
        to: Some(placement(0, 3, Orientation::Standing)),
    };
    let mut walk = walk(&board, &path);
    assert_eq!(
        walk.next(),
        Some(Ok(placement(0, 0, Orientation::Standing)))
    );
    assert_eq!(
        walk.next(),
        Some(Ok(placement(0, 1, Orientation::Horizontal)))
    );
    assert_eq!(walk.next(), Some(Err(fall)));
    assert_eq!(walk.size_hint(), (0, Some(0)));
    assert_eq!(walk.next(), None);
    assert_eq!(trace(&board, &path), Err(fall));
}

#[test]
fn errors_say_where_the_box_is() {
    assert_eq!(
        ReplayError::Falls {
            step: 1,
            dir: Dir::Right,
            to: Some(placement(1, 4, Orientation::Horizontal)),
        }
        .to_string(),
        "roll 1 (R) leaves the box lying on (2, 5) and (2, 6), which the plane does not hold"
    );
    assert_eq!(
        ReplayError::Falls {
            step: 3,
            dir: Dir::Up,
            to: None,
        }
        .to_string(),
        "roll 3 (U) rolls the box off the plane"
    );
    assert_eq!(
        ReplayError::NotOnTarget {
            end: placement(1, 3, Orientation::Standing),
        }
        .to_string(),
        "the rolls end with the box standing on (2, 4), not standing on the target"
    );
}
