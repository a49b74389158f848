//! The checker of move sequences on its own: the arrangements it walks through, where it
//! stops, and what its errors say.

use fifteen::{Board, Dir, Moves, ReplayError, replay, trace, walk};

/// 2 x 3 with the blank at the top middle: rows and columns differ, and the blank is
/// neither on the first cell nor on the last, so every coordinate counts.
fn two_by_three() -> Board {
    Board::with_default_goal(2, 3, &[1, 0, 2, 4, 5, 3]).unwrap()
}

fn moves(text: &str) -> Moves {
    text.parse().unwrap()
}

#[test]
fn trace_gives_every_arrangement_along_the_path() {
    let board = two_by_three();
    assert_eq!(
        trace(&board, &moves("RD")),
        Ok(vec![
            vec![1, 0, 2, 4, 5, 3],
            vec![1, 2, 0, 4, 5, 3],
            vec![1, 2, 3, 4, 5, 0],
        ])
    );
    assert_eq!(replay(&board, &moves("RD")), Ok(2));
    // Down first, then along the bottom row and back up.
    assert_eq!(
        trace(&board, &moves("DLU")),
        Ok(vec![
            vec![1, 0, 2, 4, 5, 3],
            vec![1, 5, 2, 4, 0, 3],
            vec![1, 5, 2, 0, 4, 3],
            vec![0, 5, 2, 1, 4, 3],
        ])
    );
    assert_eq!(trace(&board, &[]), Ok(vec![vec![1, 0, 2, 4, 5, 3]]));
}

#[test]
fn a_move_off_the_board_is_named_by_its_step() {
    let board = two_by_three();
    for (path, step, dir) in [
        ("U", 1, Dir::Up),
        ("RR", 2, Dir::Right),
        ("LL", 2, Dir::Left),
        ("DLD", 3, Dir::Down),
        ("RDRU", 3, Dir::Right),
    ] {
        let error = ReplayError::OffBoard { step, dir };
        assert_eq!(trace(&board, &moves(path)), Err(error.clone()), "{path}");
        assert_eq!(replay(&board, &moves(path)), Err(error), "{path}");
    }
    assert_eq!(
        ReplayError::OffBoard {
            step: 2,
            dir: Dir::Right
        }
        .to_string(),
        "move 2 (R) takes the blank off the board"
    );
}

#[test]
fn an_end_off_the_goal_is_shown() {
    let board = two_by_three();
    let error = ReplayError::NotGoal {
        end: vec![1, 2, 0, 4, 5, 3],
    };
    assert_eq!(replay(&board, &moves("R")), Err(error.clone()));
    assert_eq!(
        error.to_string(),
        "the moves end in 1 2 0 4 5 3, not in the goal"
    );
    assert_eq!(
        replay(&board, &[]),
        Err(ReplayError::NotGoal {
            end: vec![1, 0, 2, 4, 5, 3]
        })
    );
}

/// A walk tells how many arrangements are left at each step: the start and one a move
/// while the moves go on (at least one while any is left), none once a move has failed.
#[test]
fn a_walk_tells_the_arrangements_left() {
    let board = two_by_three();
    let path = moves("RDLL");
    let mut steps = walk(&board, &path);
    for left in (1..=5).rev() {
        assert_eq!(steps.size_hint(), (1, Some(left)), "{left} left");
        assert!(matches!(steps.next(), Some(Ok(_))));
    }
    assert_eq!(steps.size_hint(), (0, Some(0)));
    assert_eq!(steps.next(), None);
    // Off the board at the second move: two arrangements and the error, then nothing.
    let path = moves("RRD");
    let mut steps = walk(&board, &path);
    assert_eq!(steps.size_hint(), (1, Some(4)));
    assert_eq!(steps.by_ref().take(2).filter(Result::is_ok).count(), 2);
    assert_eq!(steps.size_hint(), (1, Some(2)));
    assert!(matches!(
        steps.next(),
        Some(Err(ReplayError::OffBoard { step: 2, .. }))
    ));
    assert_eq!(steps.size_hint(), (0, Some(0)));
    assert_eq!(steps.next(), None);
    assert_eq!(walk(&board, &[]).size_hint(), (1, Some(1)));
}
