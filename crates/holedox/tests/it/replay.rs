//! The checker of head steps on its own: the bodies it walks through, where it stops,
//! and what its errors say.

use grid_core::{Dir, Moves, Pos};
use holedox::{Game, ReplayError, replay, trace, walk};

/// A snake of three in an empty 3 x 3 lair, its head in the middle, bent round the
/// bottom-right corner.
fn bent_snake() -> Game {
    Game::new(3, 3, &[], &[Pos::new(1, 1), Pos::new(1, 2), Pos::new(2, 2)]).unwrap()
}

fn moves(text: &str) -> Moves {
    text.parse().unwrap()
}

#[test]
fn trace_gives_every_body_along_the_path() {
    let game = bent_snake();
    let p = Pos::new;
    let bodies = vec![
        vec![p(1, 1), p(1, 2), p(2, 2)],
        vec![p(0, 1), p(1, 1), p(1, 2)],
        vec![p(0, 0), p(0, 1), p(1, 1)],
    ];
    assert_eq!(trace(&game, &moves("UL")), Ok(bodies.clone()));
    let walked: Vec<Vec<Pos>> = walk(&game, &moves("UL")).map(Result::unwrap).collect();
    assert_eq!(walked, bodies);
    assert_eq!(replay(&game, &moves("UL")), Ok(2));
    assert_eq!(trace(&game, &[]), Ok(vec![bodies[0].clone()]));
}

#[test]
fn a_walk_ends_at_its_first_blocked_step() {
    let game = bent_snake();
    // Up, then up off the lair's top edge; the third step is never taken.
    let blocked = ReplayError::Blocked {
        step: 2,
        dir: Dir::Up,
        head: Pos::new(0, 1),
    };
    let path = moves("UUL");
    let mut steps = walk(&game, &path);
    assert!(matches!(steps.next(), Some(Ok(_))));
    assert!(matches!(steps.next(), Some(Ok(_))));
    assert_eq!(steps.next(), Some(Err(blocked)));
    assert_eq!(steps.next(), None);
    assert_eq!(trace(&game, &path), Err(blocked));
    assert_eq!(replay(&game, &path), Err(blocked));
    // Into its own neck.
    assert_eq!(
        replay(&game, &moves("R")),
        Err(ReplayError::Blocked {
            step: 1,
            dir: Dir::Right,
            head: Pos::new(1, 1),
        })
    );
}

#[test]
fn errors_say_where_the_head_is() {
    assert_eq!(
        ReplayError::Blocked {
            step: 2,
            dir: Dir::Up,
            head: Pos::new(0, 1),
        }
        .to_string(),
        "step 2 (U) from (1, 2) leaves the lair or runs into a stone or the body"
    );
    let game = bent_snake();
    let end = replay(&game, &moves("U")).unwrap_err();
    assert_eq!(
        end,
        ReplayError::NotOnExit {
            head: Pos::new(0, 1)
        }
    );
    assert_eq!(
        end.to_string(),
        "the steps end with the head at (1, 2), not on the exit (1, 1)"
    );
}
