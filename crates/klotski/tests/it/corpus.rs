//! The 40 classic layouts of `../shared/corpus/klotski` at their published minimum
//! under the `move` metric (`index.tsv`; written out in `data/classics.rs`, so that no
//! regeneration of fixtures can change them), and 横刀立马 under all three metrics.

use klotski::{Goal, Layout, Metric, Pos, Solver, replay};

#[path = "../data/classics.rs"]
pub(crate) mod classics;

use classics::CLASSICS;

fn layout(rows: &[&str], (label, row, col): (char, usize, usize)) -> Layout {
    Layout::from_rows(rows, Goal::new(label, Pos::new(row - 1, col - 1))).unwrap()
}

#[test]
fn every_classic_layout_takes_its_published_minimum() {
    let mut solver = Solver::new();
    let mut wrong = Vec::new();
    for (file, name, rows, goal, published) in CLASSICS {
        let layout = layout(&rows, goal);
        let solution = solver.solve_with_path(&layout, Metric::Move).unwrap();
        let found = solution.as_ref().map_or(-1, |s| s.moves() as i64);
        if found != published {
            wrong.push(format!("{file} {name}: {found}, published {published}"));
        }
        if let Some(solution) = solution {
            assert_eq!(
                replay(&layout, Metric::Move, &solution.path),
                Ok(solution.moves())
            );
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn heng_dao_li_ma_takes_81_moves_90_slides_and_116_steps() {
    let (_, _, rows, goal, _) = CLASSICS[0];
    let layout = layout(&rows, goal);
    let mut solver = Solver::new();
    for (metric, expected) in [(Metric::Move, 81), (Metric::Slide, 90), (Metric::Step, 116)] {
        let solution = solver.solve_with_path(&layout, metric).unwrap().unwrap();
        assert_eq!(solution.moves(), expected, "{metric}");
        assert_eq!(
            replay(&layout, metric, &solution.path),
            Ok(expected),
            "{metric}"
        );
    }
    assert_eq!(solver.reachable(&layout).unwrap(), 25_955);
}
