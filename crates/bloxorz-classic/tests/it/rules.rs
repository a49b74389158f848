//! The rules and edge cases of the spec, one case each, solved by the fast solver and the
//! naive oracle; every path is replayed. Most come in pairs that differ in one detail,
//! so that getting the rule wrong changes an answer.

use crate::oracle_agreement::oracle_answer;
use bloxorz_classic::{
    Action, Body, Bridge, Level, Move, Orientation, Path, Placement, ReplayError, Solver, Split,
    Switch, replay, trace,
};
use grid_core::{Choice, Dir, Pos};
use rstest::rstest;

/// A level from its rows and its bridge, switch and split lines, written as in a level
/// file (1-based coordinates).
fn level(rows: &[&str], lines: &[&str]) -> Level {
    let (mut bridges, mut switches, mut splits) = (Vec::new(), Vec::new(), Vec::new());
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        let num = |i: usize| words[i].parse::<usize>().unwrap();
        let cell = |i: usize| Pos::new(num(i) - 1, num(i + 1) - 1);
        match words[0] {
            "bridge" => bridges.push(Bridge {
                on: words[2] == "on",
                cells: (3..words.len()).step_by(2).map(cell).collect(),
            }),
            "switch" => switches.push(Switch {
                pos: cell(1),
                actions: (3..words.len())
                    .step_by(2)
                    .map(|i| match words[i] {
                        "toggle" => Action::Toggle(num(i + 1) - 1),
                        "on" => Action::On(num(i + 1) - 1),
                        _ => Action::Off(num(i + 1) - 1),
                    })
                    .collect(),
            }),
            _ => splits.push(Split {
                pos: cell(1),
                landing: [cell(3), cell(5)],
            }),
        }
    }
    Level::from_rows(rows, bridges, switches, splits).unwrap()
}

/// Solves with the fast solver and the oracle, checks they agree, replays both paths,
/// and returns the answer.
fn answer(level: &Level) -> Option<u64> {
    let mut solver = Solver::new();
    let fast = solver.solve_with_path(level).unwrap();
    let slow = oracle_answer(level);
    assert_eq!(
        fast.as_ref().map(|s| s.moves()),
        slow.as_ref().map(|s| s.0),
        "solver vs oracle on\n{level:?}"
    );
    if let Some(solution) = &fast {
        assert_eq!(replay(level, &solution.path), Ok(solution.moves()));
    }
    if let Some((moves, path)) = &slow {
        assert_eq!(replay(level, path), Ok(*moves));
    }
    assert_eq!(solver.solve(level).unwrap(), fast.map(|s| s.moves()));
    slow.map(|s| s.0)
}

/// Level 1 of the original game, the spec's sample.
const LEVEL_1: [&str; 6] = [
    "...#######",
    ".X....####",
    ".........#",
    "#.........",
    "#####..O..",
    "######...#",
];

/// In one row the block stands on every third cell: 0, 3, 6, 9.
const ROW: &str = "X.o..=...O";

#[rstest]
#[case::spec_sample(&LEVEL_1, &[], Some(7))]
// A soft switch under half of a lying block turns the bridge on as the block passes.
#[case::soft_pressed_by_a_lying_half(&[ROW], &["bridge 1 off 1 6", "switch 1 3 on 1"], Some(6))]
// The block cannot stand on column 3 in one row, and lying does not press `h`.
#[case::heavy_not_pressed_lying(&["X.h..=...O"], &["bridge 1 off 1 6", "switch 1 3 on 1"], None)]
#[case::heavy_pressed_standing(&["X..h.=...O"], &["bridge 1 off 1 6", "switch 1 4 on 1"], Some(6))]
#[case::soft_pressed_standing(&["X..o.=...O"], &["bridge 1 off 1 6", "switch 1 4 on 1"], Some(6))]
#[case::bridge_on_at_the_start(&["X....=...O"], &["bridge 1 on 1 6"], Some(6))]
#[case::bridge_off_at_the_start(&["X....=...O"], &["bridge 1 off 1 6"], None)]
// A bridge of two cells, both needed at once by the lying block.
#[case::two_cell_bridge(&["X.o.==...O"], &["bridge 1 off 1 5 1 6", "switch 1 3 toggle 1"], Some(6))]
// Actions apply in order: off then on leaves the bridge on; on then off leaves it off.
#[case::actions_in_order_on_last(&[ROW], &["bridge 1 off 1 6", "switch 1 3 off 1 on 1"], Some(6))]
#[case::actions_in_order_off_last(&[ROW], &["bridge 1 off 1 6", "switch 1 3 on 1 off 1"], None)]
// Both halves of the lying block on soft switches: the top-left one presses first.
#[case::both_halves_left_first(
    &["Xoo..=...O"],
    &["bridge 1 off 1 6", "switch 1 2 off 1", "switch 1 3 on 1"],
    Some(6)
)]
#[case::both_halves_left_first_other_order(
    &["Xoo..=...O"],
    &["bridge 1 off 1 6", "switch 1 2 on 1", "switch 1 3 off 1"],
    None
)]
#[case::both_halves_top_first(
    &["X", "o", "o", ".", ".", "=", ".", ".", ".", "O"],
    &["bridge 1 off 6 1", "switch 2 1 off 1", "switch 3 1 on 1"],
    Some(6)
)]
#[case::both_halves_top_first_other_order(
    &["X", "o", "o", ".", ".", "=", ".", ".", ".", "O"],
    &["bridge 1 off 6 1", "switch 2 1 on 1", "switch 3 1 off 1"],
    None
)]
// The bridge cell must be a tile before the switch under the other half fires...
#[case::tiles_checked_before_the_switches(&["Xo=O"], &["bridge 1 off 1 3", "switch 1 2 on 1"], None)]
#[case::tiles_there_before_and_after(&["Xo=O"], &["bridge 1 on 1 3", "switch 1 2 on 1"], Some(2))]
// ... and still a tile after it fired.
#[case::tiles_checked_after_the_switches(&["Xo=O"], &["bridge 1 on 1 3", "switch 1 2 off 1"], None)]
#[case::toggled_away_under_the_block(&["Xo=O"], &["bridge 1 on 1 3", "switch 1 2 toggle 1"], None)]
// Orange tiles hold a lying block, never a standing one.
#[case::orange_holds_a_lying_block(&["X.E...O"], &[], Some(4))]
#[case::orange_drops_a_standing_block(&["X..E..O"], &[], None)]
// The exit is floor for a lying block: the block's only first move lies over it.
// R (over the exit), R D R U L L.
#[case::lying_over_the_exit_to_stand_on_it(&["XO....", "###...", "###..."], &[], Some(7))]
// A lying block on `s` does nothing: R lies over it, R stands on (1, 4), R R on O.
#[case::lying_on_split_does_nothing(&["X.s...O"], &["split 1 3 1 1 1 6"], Some(4))]
fn rules(#[case] rows: &[&str], #[case] lines: &[&str], #[case] expected: Option<u64>) {
    assert_eq!(answer(&level(rows, lines)), expected);
}

/// Split rules: R R stand the block on the split switch at (1, 4) of this row.
const SPLIT_ROW: &str = "X..s.EEE.O";

/// A corridor the block cannot leave but a cube can: the `o` or `h` at (2, 6) hangs off
/// it, and the bridge at (1, 8) stands between the split and the exit.
const SPUR: [&str; 2] = ["X..s...=..O", "#####o#####"];

#[rstest]
// Cube 1 on (1, 5), cube 2 on (1, 3). The block cannot stand past the three orange
// tiles; the cubes cross them, cube 1 first (cube 2 stepping first would merge them
// before the orange tiles), and merge lying on (1, 8)-(1, 9): R R, cube 1 R R R R,
// cube 2 r r r r r, R. Choosing a cube costs nothing.
#[case::split_and_merge(&[SPLIT_ROW], &["split 1 4 1 5 1 3"], Some(12))]
// A landing cell with no tile makes the move onto `s` illegal; the block has no other.
#[case::landing_on_no_tile(&["X..s.EEE.O#"], &["split 1 4 1 5 1 11"], None)]
#[case::landing_on_an_off_bridge(&["X..s.EEE.O="], &["bridge 1 off 1 11", "split 1 4 1 5 1 11"], None)]
// R R, cube 1 R R R, cube 2 l l (merging on (1, 8)-(1, 9)), R.
#[case::landing_on_an_on_bridge(&["X..s.EEE.O="], &["bridge 1 on 1 11", "split 1 4 1 5 1 11"], Some(8))]
// Adjacent landing cells merge at once into a lying block: R R, then R stands on O.
#[case::adjacent_landing_cells_merge_at_once(&["X..s..O"], &["split 1 4 1 5 1 6"], Some(3))]
// Only a cube can reach the switch at (2, 6), and only a soft one is pressed by a cube.
// R R, cube 1 R and d (presses: the bridge is on), cube 1 u r, cube 2 r r r r (merging
// lying on (1, 6)-(1, 7)), R R R.
#[case::a_cube_presses_soft(&SPUR, &["bridge 1 off 1 8", "switch 2 6 on 1", "split 1 4 1 5 1 2"], Some(13))]
// Cube 1 appears on the switch, which presses nothing: it steps off and back on (U D)
// before the moves above (U R, cube 2 r r r r, R R R).
#[case::appearing_presses_nothing(&SPUR, &["bridge 1 off 1 8", "switch 2 6 on 1", "split 1 4 2 6 1 2"], Some(13))]
// Cube 2 appears on a switch that toggles the bridge; cube 1 walks up to it and they
// merge over the switch, which presses nothing: R R, cube 1 R R R, R R R.
#[case::a_merge_presses_nothing(&["X..s.o.=.O"], &["bridge 1 on 1 8", "switch 1 6 toggle 1", "split 1 4 1 2 1 6"], Some(8))]
// What appearing would give if it pressed: the bridge on at once, two moves fewer.
#[case::as_if_appearing_pressed(&SPUR, &["bridge 1 on 1 8", "switch 2 6 on 1", "split 1 4 2 6 1 2"], Some(11))]
fn split_rules(#[case] rows: &[&str], #[case] lines: &[&str], #[case] expected: Option<u64>) {
    assert_eq!(answer(&level(rows, lines)), expected);
}

#[test]
fn a_heavy_spur() {
    let rows = [SPUR[0], &SPUR[1].replace('o', "h")];
    let lines = ["bridge 1 off 1 8", "switch 2 6 on 1", "split 1 4 1 5 1 2"];
    assert_eq!(answer(&level(&rows, &lines)), None);
}

fn moves(text: &str) -> Path {
    text.parse().unwrap()
}

fn bridges_along(level: &Level, path: &str) -> Vec<Vec<bool>> {
    trace(level, &moves(path))
        .unwrap()
        .into_iter()
        .map(|p| p.bridges)
        .collect()
}

#[test]
fn a_switch_is_pressed_on_every_arrival_and_not_while_staying() {
    let level = level(&[ROW], &["bridge 1 off 1 6", "switch 1 3 toggle 1"]);
    // R lies over the switch (on), L stands beside it (no press), R lies over it again
    // (off).
    let seen = bridges_along(&level, "RLR");
    assert_eq!(seen, [[false], [true], [true], [false]]);
}

#[test]
fn merging_presses_only_under_the_moving_cube() {
    // R R split the block onto cube 1 on (3, 1) and cube 2 on (3, 4), soft switches
    // that toggle bridges 1 and 3. Cube 2 steps left onto (3, 3), which toggles bridge
    // 2; then cube 1 steps right onto (3, 2), plain floor, next to cube 2: they merge,
    // lying on (3, 2)-(3, 3). Only bridge 2 was toggled: appearing, staying (cube 1
    // while cube 2 moves) and merging (over the switch at (3, 3)) press nothing.
    let level = level(
        &["X..s=", "....O", "o.oo.", "==..."],
        &[
            "bridge 1 off 4 1",
            "bridge 2 off 4 2",
            "bridge 3 off 1 5",
            "switch 3 1 toggle 1",
            "switch 3 3 toggle 2",
            "switch 3 4 toggle 3",
            "split 1 4 3 1 3 4",
        ],
    );
    let path = moves("RRlR");
    let positions = trace(&level, &path).unwrap();
    let bodies: Vec<Body> = positions.iter().map(|p| p.body).collect();
    assert_eq!(bodies[2], Body::Cubes([Pos::new(2, 0), Pos::new(2, 3)]));
    assert_eq!(bodies[3], Body::Cubes([Pos::new(2, 0), Pos::new(2, 2)]));
    assert_eq!(
        bodies[4],
        Body::Block(Placement {
            pos: Pos::new(2, 1),
            orientation: Orientation::Horizontal
        })
    );
    let bridges: Vec<Vec<bool>> = positions.into_iter().map(|p| p.bridges).collect();
    assert_eq!(
        bridges,
        [
            [false, false, false],
            [false, false, false],
            [false, false, false],
            [false, true, false],
            [false, true, false],
        ]
    );
}

#[test]
fn a_cube_may_not_retract_the_bridge_under_the_other() {
    // Cube 2 appears on the bridge at (1, 6); cube 1 steps onto the soft switch that
    // turns it off.
    let level = level(
        &["X..s.=", "o....O"],
        &["bridge 1 on 1 6", "switch 2 1 off 1", "split 1 4 2 2 1 6"],
    );
    let error = replay(&level, &moves("RRL")).unwrap_err();
    assert_eq!(
        error,
        ReplayError::Retracted {
            step: 3,
            mv: Move::First(Dir::Left)
        }
    );
}

#[rstest]
#[case::cube_2_while_whole(&[ROW], &["bridge 1 off 1 6", "switch 1 3 on 1"], "r", ReplayError::NoSecondCube { step: 1, mv: Move::Second(Dir::Right) })]
#[case::off_the_level(&[ROW], &["bridge 1 off 1 6", "switch 1 3 on 1"], "L", ReplayError::Falls { step: 1, mv: Move::First(Dir::Left) })]
#[case::onto_an_off_bridge(&["X....=...O"], &["bridge 1 off 1 6"], "RRR", ReplayError::Falls { step: 3, mv: Move::First(Dir::Right) })]
#[case::standing_on_orange(&["X..E..O"], &[], "RR", ReplayError::Falls { step: 2, mv: Move::First(Dir::Right) })]
#[case::bridge_retracted(&["Xo=O"], &["bridge 1 on 1 3", "switch 1 2 off 1"], "R", ReplayError::Retracted { step: 1, mv: Move::First(Dir::Right) })]
#[case::split_onto_no_tile(&[SPLIT_ROW, "#........."], &["split 1 4 1 5 2 1"], "RR", ReplayError::SplitFalls { step: 2, mv: Move::First(Dir::Right) })]
#[case::ends_lying(&[ROW], &["bridge 1 off 1 6", "switch 1 3 on 1"], "R", ReplayError::NotSolved {
    end: Body::Block(Placement { pos: Pos::new(0, 1), orientation: Orientation::Horizontal }),
})]
#[case::ends_as_cubes(&[SPLIT_ROW], &["split 1 4 1 5 1 3"], "RR", ReplayError::NotSolved {
    end: Body::Cubes([Pos::new(0, 4), Pos::new(0, 2)]),
})]
fn replay_rejects_bad_paths(
    #[case] rows: &[&str],
    #[case] lines: &[&str],
    #[case] path: &str,
    #[case] error: ReplayError,
) {
    assert_eq!(replay(&level(rows, lines), &moves(path)), Err(error));
}

#[test]
fn the_exit_does_not_count_under_a_cube() {
    // Cube 1 lands on the exit: not the goal, the block must stand on it.
    let level = level(&["X..s.O..."], &["split 1 4 1 6 1 9"]);
    let error = replay(&level, &moves("RR")).unwrap_err();
    assert_eq!(
        error,
        ReplayError::NotSolved {
            end: Body::Cubes([Pos::new(0, 5), Pos::new(0, 8)])
        }
    );
    assert!(answer(&level).is_some_and(|moves| moves > 2));
}

#[test]
fn one_solver_solves_many_levels() {
    // Buffers reused from level to level (with and without splits, bridges, solutions)
    // must not leak state from one search into the next.
    use bloxorz_classic::generate::{Family, GenParams, generate};
    let mut solver = Solver::new();
    for seed in 0..80 {
        let params = GenParams {
            family: Family::ALL[seed as usize % 2],
            rows: 4 + seed as usize % 4,
            cols: 6 + seed as usize % 7,
            empty: 15,
            fragile: 15,
            bridges: seed as usize % 4,
            splits: seed as usize % 2,
            seed,
        };
        let level = generate(&params).unwrap();
        let fresh = Solver::new().solve(&level).unwrap();
        assert_eq!(solver.solve(&level).unwrap(), fresh, "{level:?}");
        assert_eq!(oracle_answer(&level).map(|s| s.0), fresh, "{level:?}");
    }
}

#[test]
fn errors_say_which_move_and_where_the_pieces_are() {
    let (up, left) = (Move::First(Dir::Up), Move::Second(Dir::Left));
    for (error, text) in [
        (
            ReplayError::Falls { step: 2, mv: up },
            "move 2 (U) leaves the piece it moves where no tile holds it",
        ),
        (
            ReplayError::Retracted { step: 3, mv: left },
            "move 3 (l) presses a switch that takes a bridge from under a piece",
        ),
        (
            ReplayError::SplitFalls { step: 4, mv: up },
            "move 4 (U) splits the block onto a landing cell with no tile",
        ),
        (
            ReplayError::NoSecondCube { step: 1, mv: left },
            "move 1 (l) moves cube 2, but the block is whole",
        ),
        (
            ReplayError::NotSolved {
                end: Body::Block(Placement {
                    pos: Pos::new(0, 1),
                    orientation: Orientation::Vertical,
                }),
            },
            "the moves end with the block lying on (1, 2) and (2, 2), not the block \
             standing on the exit",
        ),
        (
            ReplayError::NotSolved {
                end: Body::Cubes([Pos::new(0, 5), Pos::new(2, 8)]),
            },
            "the moves end with cube 1 on (1, 6) and cube 2 on (3, 9), not the block \
             standing on the exit",
        ),
    ] {
        assert_eq!(error.to_string(), text);
    }
}
