//! `cargo bench -p gridsolve-klotski --bench search`: how long the solver searches 横刀立马 under
//! each metric, the 40 classic layouts (`tests/data/classics.rs`) under `move`, and a
//! crowded 8 x 8 layout whose states need the 128-bit code, in this process (no reading,
//! no writing): the minimum and the median of many runs, with one solver kept from run
//! to run. The machine may be shared: the minimum is the figure least disturbed.

#![allow(clippy::print_stdout)] // a benchmark reports

use grid_core::Choice;
use klotski::{Goal, Layout, Metric, Pos, Solver};

#[path = "../tests/data/classics.rs"]
mod classics;

use classics::CLASSICS;
use std::time::{Duration, Instant};

/// 横刀立马, the spec's sample.
const SAMPLE: [&str; 5] = ["ABBC", "ABBC", "DEEF", "DGHF", "I..J"];

/// 29 pieces of 13 shapes on 62 of 64 cells (from `tests/it/wide.rs`): the 1x2 V must
/// reach row 7, column 1 through the 1x1 pieces of the last two rows; the pieces above
/// the bars of row 6 never move.
const WIDE: [&str; 8] = [
    "ABBCDDDE", "AFBCGGEE", "FFFCCGHE", "IIIJJGHH", "KIJJLMNH", "OOOOPPPP", "QR.ZU.VV", "WXYSTabc",
];

/// Runs `f` `runs` times; the minimum and the median of their times.
fn timed(runs: usize, mut f: impl FnMut()) -> (Duration, Duration) {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    (times[0], times[runs / 2])
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let layout = Layout::from_rows(&SAMPLE, Goal::new('B', Pos::new(3, 1))).expect("the sample");
    let mut solver = Solver::new();
    for &metric in Metric::ALL {
        let answer = solver.solve(&layout, metric).expect("no limit");
        let stats = solver.stats();
        let (min, median) = timed(500, || {
            solver.solve(&layout, metric).expect("no limit");
        });
        println!(
            "横刀立马 {metric:>5}: {answer:?} moves, {} states expanded; search min {:.3} ms, median {:.3} ms (500 runs)",
            stats.expanded,
            ms(min),
            ms(median)
        );
    }
    let classics: Vec<Layout> = CLASSICS
        .iter()
        .map(|(_, _, rows, (label, row, col), _)| {
            Layout::from_rows(rows, Goal::new(*label, Pos::new(row - 1, col - 1)))
                .expect("a classic layout")
        })
        .collect();
    let (min, median) = timed(20, || {
        for layout in &classics {
            solver.solve(layout, Metric::Move).expect("no limit");
        }
    });
    println!(
        "the 40 classic layouts, move: all of them min {:.1} ms, median {:.1} ms (20 runs)",
        ms(min),
        ms(median)
    );
    let wide = Layout::from_rows(&WIDE, Goal::new('V', Pos::new(6, 0))).expect("a layout");
    for &metric in Metric::ALL {
        let answer = solver.solve(&wide, metric).expect("no limit");
        let stats = solver.stats();
        let (min, median) = timed(50, || {
            solver.solve(&wide, metric).expect("no limit");
        });
        println!(
            "crowded 8x8, 128-bit code, {metric:>5}: {answer:?} moves, {} states expanded; search min {:.3} ms, median {:.3} ms (50 runs)",
            stats.expanded,
            ms(min),
            ms(median)
        );
    }
}
