//! The classic board's hardest layouts the crate keeps (`klotski::atlas::classic_hardest`,
//! written from the whole atlas, against which the ignored atlas test checks them): each
//! one as far from the exit as the solver finds, the farthest first.

use klotski::atlas::{AtlasBoard, CLASSIC_HARDEST_MOVES, classic_hardest};
use klotski::{Metric, Solver};

#[test]
fn every_kept_hardest_layout_is_as_far_as_the_solver_finds() {
    let listed = classic_hardest();
    assert_eq!(listed.len(), 45);
    let mut solver = Solver::new();
    for (i, (moves, layout)) in listed.iter().enumerate() {
        assert_eq!(
            (layout.rows(), layout.cols(), layout.goal().pos),
            (5, 4, AtlasBoard::CLASSIC.goal),
            "{layout:?}"
        );
        assert!(*moves >= CLASSIC_HARDEST_MOVES, "{moves}");
        if let Some((before, _)) = i.checked_sub(1).map(|j| &listed[j]) {
            assert!(before >= moves, "not farthest first at line {i}");
        }
        let solved = solver.solve(layout, Metric::Move).unwrap();
        assert_eq!(solved, Some(u64::from(*moves)), "{layout:?}");
    }
    assert_eq!(listed[0].0, 138);
}
