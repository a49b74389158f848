//! The fast solver against the naive oracle on thousands of random small levels with
//! bridges, switches and split switches.
//!
//! The oracle reads the level file the tests write here from the level's parts
//! ([`level_text`]), with its own reader. Each property prints the histogram of the
//! answers it checked (`cargo test -p gridsolve-bloxorz-classic -- --nocapture`) and fails unless
//! at least half of them are 1 or more and a fifth 10 or more: a generator that drifted
//! to trivial levels would test little.

#![allow(clippy::print_stderr)] // the histograms

use bloxorz_classic::generate::{Family, GenParams, generate};
use bloxorz_classic::{
    Action, Body, Bridge, Layout, Level, Limits, Move, Solver, Split, Switch, Tile, oracle, replay,
    trace,
};
use grid_core::{Choice, Pos};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use std::cell::{Cell as Counter, RefCell};
use std::fmt::Write as _;

/// New cases each property runs.
const CASES: u32 = 2000;

/// A switch as drawn: its cell, heavy or soft, and its actions (kind, bridge).
type DrawnSwitch = (u16, bool, Vec<(u8, u8)>);

/// What a level of [`drawn_level`] is made of, kept for shrinking.
#[derive(Clone, Debug)]
struct Drawn {
    rows: usize,
    cols: usize,
    /// Percent of empty cells, and of orange cells among the others.
    empty: u32,
    fragile: u32,
    /// One pair of random bytes per cell, turned into a tile by the percentages.
    cells: Vec<(u8, u8)>,
    /// Picks of cells (indices taken modulo the cells still free).
    start: u16,
    exit: u16,
    /// Per bridge: its first cell, the direction of a second one (if any), on or off.
    bridges: Vec<(u16, Option<u8>, bool)>,
    switches: Vec<DrawnSwitch>,
    /// Per split switch: its cell and its landing cells (picks among the tiles that are
    /// not `#`, or any cells if there are fewer than two).
    splits: Vec<(u16, (u16, u16))>,
    /// Move the exit to a cell the block can reach standing, if there is one.
    reachable: bool,
}

/// Sides 1..=8 and 1..=9 (4 and 5 or more five times in six: small levels hold only
/// short answers) with at least six cells, up to three bridges (of one or two cells),
/// two split switches and four switches, the exit on a cell the block can reach
/// standing (see [`far_exit`]) on [`REACHABLE_SHARE`] of the levels and anywhere on the
/// others.
fn drawn_level() -> impl Strategy<Value = Drawn> {
    (
        prop_oneof![1 => 1usize..=3, 5 => 4usize..=8],
        prop_oneof![1 => 1usize..=4, 5 => 5usize..=9],
    )
        .prop_filter("room for the parts", |&(rows, cols)| rows * cols >= 6)
        .prop_flat_map(|(rows, cols)| {
            (
                Just((rows, cols)),
                (0u32..=30, 0u32..=40),
                prop::collection::vec(any::<(u8, u8)>(), rows * cols),
                any::<(u16, u16)>(),
                prop::collection::vec((any::<u16>(), any::<Option<u8>>(), any::<bool>()), 0..=3),
                prop::collection::vec(
                    (
                        any::<u16>(),
                        prop::bool::weighted(0.3),
                        prop::collection::vec(any::<(u8, u8)>(), 1..=2),
                    ),
                    0..=4,
                ),
                prop::collection::vec((any::<u16>(), any::<(u16, u16)>()), 0..=2),
                prop::bool::weighted(REACHABLE_SHARE),
            )
        })
        .prop_map(
            |(
                (rows, cols),
                (empty, fragile),
                cells,
                (start, exit),
                bridges,
                switches,
                splits,
                reachable,
            )| {
                Drawn {
                    rows,
                    cols,
                    empty,
                    fragile,
                    cells,
                    start,
                    exit,
                    bridges,
                    switches,
                    splits,
                    reachable,
                }
            },
        )
}

/// Share of the levels of [`drawn_level`] whose exit is moved where the block can stand.
const REACHABLE_SHARE: f64 = 0.9;

impl Drawn {
    /// The level: tiles by the percentages, then the start, the exit, the bridges, the
    /// splits and the switches each on a cell not yet given a part (parts that find no
    /// cell, and switches with no bridge to act on, are left out). With `reachable`,
    /// the exit moves to a floor cell where the oracle's exploration finds the block
    /// can stand.
    fn level(&self) -> Level {
        let (rows, cols) = (self.rows, self.cols);
        let n = rows * cols;
        let mut tiles: Vec<Tile> = self
            .cells
            .iter()
            .map(|&(a, b)| {
                if u32::from(a) % 100 < self.empty {
                    Tile::Empty
                } else if u32::from(b) % 100 < self.fragile {
                    Tile::Fragile
                } else {
                    Tile::Floor
                }
            })
            .collect();
        let mut taken = vec![false; n];
        let take = |pick: u16, taken: &mut [bool], tiles: &mut [Tile], tile: Tile| {
            let free: Vec<usize> = (0..n).filter(|&i| !taken[i]).collect();
            let i = *free.get(usize::from(pick) % free.len().max(1))?;
            taken[i] = true;
            tiles[i] = tile;
            Some(i)
        };
        let pos = |i: usize| Pos::new(i / cols, i % cols);
        let start = take(self.start, &mut taken, &mut tiles, Tile::Floor).expect("four cells");
        let exit = take(self.exit, &mut taken, &mut tiles, Tile::Floor).expect("four cells");
        let mut bridges = Vec::new();
        for &(pick, second, on) in &self.bridges {
            let Some(first) = take(pick, &mut taken, &mut tiles, Tile::Bridge) else {
                break;
            };
            let mut cells = vec![pos(first)];
            let next =
                second.and_then(|d| pos(first).step(grid_core::Dir::ALL[usize::from(d) % 4]));
            if let Some(p) = next.filter(|p| p.row < rows && p.col < cols) {
                let i = p.row * cols + p.col;
                if !taken[i] {
                    taken[i] = true;
                    tiles[i] = Tile::Bridge;
                    cells.push(p);
                }
            }
            bridges.push(Bridge { on, cells });
        }
        let mut splits = Vec::new();
        for &(pick, (one, two)) in &self.splits {
            let Some(cell) = take(pick, &mut taken, &mut tiles, Tile::Split) else {
                break;
            };
            let mut landing: Vec<usize> = (0..n).filter(|&i| tiles[i] != Tile::Empty).collect();
            if landing.len() < 2 {
                landing = (0..n).collect();
            }
            let one = usize::from(one) % landing.len();
            let mut two = usize::from(two) % landing.len();
            if two == one {
                two = (one + 1) % landing.len();
            }
            splits.push(Split {
                pos: pos(cell),
                landing: [pos(landing[one]), pos(landing[two])],
            });
        }
        let mut switches = Vec::new();
        for (pick, heavy, actions) in &self.switches {
            if bridges.is_empty() {
                break;
            }
            let tile = if *heavy { Tile::Heavy } else { Tile::Soft };
            let Some(cell) = take(*pick, &mut taken, &mut tiles, tile) else {
                break;
            };
            let actions = actions
                .iter()
                .map(|&(kind, b)| {
                    let b = usize::from(b) % bridges.len();
                    match kind % 3 {
                        0 => Action::Toggle(b),
                        1 => Action::On(b),
                        _ => Action::Off(b),
                    }
                })
                .collect();
            switches.push(Switch {
                pos: pos(cell),
                actions,
            });
        }
        let layout = Layout {
            rows,
            cols,
            tiles,
            start: pos(start),
            exit: pos(exit),
            bridges,
            switches,
            splits,
        };
        let level = Level::new(layout.clone()).expect("a valid level");
        if !self.reachable {
            return level;
        }
        far_exit(&level, self.exit).unwrap_or(level)
    }
}

/// `level` with its exit moved to a floor cell the block can come to stand on, if there
/// is one: three picks in four the one it takes the most moves to stand on (the first
/// of those in reading order), else the `pick`th. Far exits give the long answers that
/// test the searches most.
fn far_exit(level: &Level, pick: u16) -> Option<Level> {
    let layout = level.layout();
    let standing = oracle::standing_cells(&level_text(&layout), Limits::NONE).unwrap();
    let floor: Vec<(u64, Pos)> = standing
        .into_iter()
        .map(|((r, c), moves)| (moves, Pos::new(r, c)))
        .filter(|&(_, p)| level.tile(p) == Tile::Floor && p != level.start())
        .collect();
    let pick = usize::from(pick);
    let (_, exit) = if pick % 4 == 0 {
        *floor.get(pick / 4 % floor.len().max(1))?
    } else {
        *floor
            .iter()
            .min_by_key(|(moves, p)| (u64::MAX - moves, *p))?
    };
    Some(Level::new(Layout { exit, ..layout }).expect("the exit moved to another floor cell"))
}

/// `layout` as a level file (1-based coordinates): what the oracle reads.
pub(crate) fn level_text(layout: &Layout) -> String {
    let mut text = format!("{} {}\n", layout.rows, layout.cols);
    for (i, tile) in layout.tiles.iter().enumerate() {
        let pos = Pos::new(i / layout.cols, i % layout.cols);
        text.push(match pos {
            p if p == layout.start => 'X',
            p if p == layout.exit => 'O',
            _ => tile.symbol(),
        });
        if (i + 1) % layout.cols == 0 {
            text.push('\n');
        }
    }
    let at = |p: Pos| format!("{} {}", p.row + 1, p.col + 1);
    for (b, bridge) in layout.bridges.iter().enumerate() {
        let state = if bridge.on { "on" } else { "off" };
        let _ = write!(text, "bridge {} {state}", b + 1);
        for &p in &bridge.cells {
            let _ = write!(text, " {}", at(p));
        }
        text.push('\n');
    }
    for switch in &layout.switches {
        let _ = write!(text, "switch {}", at(switch.pos));
        for action in &switch.actions {
            let (word, b) = match *action {
                Action::Toggle(b) => ("toggle", b),
                Action::On(b) => ("on", b),
                Action::Off(b) => ("off", b),
            };
            let _ = write!(text, " {word} {}", b + 1);
        }
        text.push('\n');
    }
    for split in &layout.splits {
        let [one, two] = split.landing;
        let _ = writeln!(text, "split {} {} {}", at(split.pos), at(one), at(two));
    }
    text
}

/// The oracle's answer on `level`, read from its level file.
pub(crate) fn oracle_answer(level: &Level) -> oracle::Answer {
    oracle::solve_text(&level_text(&level.layout()), Limits::NONE).unwrap()
}

/// How many of the checked answers fall in each range: what a property covered.
#[derive(Clone, Copy, Debug, Default)]
struct Histogram {
    /// "Never", 0, 1-4, 5-9, 10-19, 20 and more.
    counts: [usize; 6],
}

impl Histogram {
    const LABELS: [&'static str; 6] = ["never", "0", "1-4", "5-9", "10-19", "20+"];

    fn add(&mut self, answer: Option<u64>) {
        let bucket = match answer {
            None => 0,
            Some(0) => 1,
            Some(1..=4) => 2,
            Some(5..=9) => 3,
            Some(10..=19) => 4,
            Some(_) => 5,
        };
        self.counts[bucket] += 1;
    }

    fn total(&self) -> usize {
        self.counts.iter().sum()
    }

    /// Prints the histogram and fails unless at least half the answers are 1 or more
    /// and at least `long_percent`% are 10 or more.
    fn assert_covers(&self, name: &str, long_percent: usize) {
        let total = self.total();
        let parts: Vec<String> = Self::LABELS
            .iter()
            .zip(self.counts)
            .map(|(label, n)| format!("{label}: {n}"))
            .collect();
        eprintln!("{name}: {total} answers; {}", parts.join(", "));
        let moving: usize = self.counts[2..].iter().sum();
        let long: usize = self.counts[4..].iter().sum();
        assert!(
            2 * moving >= total,
            "{name}: only {moving} of {total} answers are 1 or more"
        );
        assert!(
            100 * long >= long_percent * total,
            "{name}: only {long} of {total} answers are 10 or more (at least {long_percent}% wanted)"
        );
    }
}

/// What the checked levels covered, so the test can tell that the rules were exercised.
#[derive(Clone, Copy, Debug, Default)]
struct Seen {
    levels: usize,
    solvable: usize,
    /// Solvable levels whose optimal path moves a cube.
    cubes: usize,
    /// Solvable levels whose optimal path changes a bridge.
    bridges: usize,
}

/// Both searches agree on the answer, and every path they give is legal, optimal and
/// as long as the answer. Returns what the level covered and the oracle's answer.
fn check(level: &Level) -> Result<(Seen, Option<u64>), TestCaseError> {
    let expected = oracle_answer(level);
    let mut solver = Solver::new();
    let got = solver.solve_with_path(level).unwrap();
    prop_assert_eq!(
        got.as_ref().map(|s| s.moves()),
        expected.as_ref().map(|e| e.0),
        "solver vs oracle on\n{:?}",
        level
    );
    prop_assert_eq!(
        solver.solve(level).unwrap(),
        got.as_ref().map(|s| s.moves())
    );
    let mut seen = Seen {
        levels: 1,
        ..Seen::default()
    };
    if let Some(solution) = got {
        prop_assert_eq!(replay(level, &solution.path), Ok(solution.moves()));
        let positions = trace(level, &solution.path).unwrap();
        seen.solvable = 1;
        seen.cubes = usize::from(positions.iter().any(|p| matches!(p.body, Body::Cubes(_))));
        seen.bridges = usize::from(positions.windows(2).any(|w| w[0].bridges != w[1].bridges));
    }
    let answer = expected.as_ref().map(|e| e.0);
    if let Some((moves, path)) = expected {
        prop_assert_eq!(replay(level, &path), Ok(moves));
        let second = path.iter().any(|m| matches!(m, Move::Second(_)));
        prop_assert!(!second || seen.cubes == 1, "cube 2 moves without a split");
    }
    Ok((seen, answer))
}

/// Runs [`CASES`] new cases of `strategy` through `test` (and those of the regressions
/// file, `tests/proptest-regressions/oracle_agreement.txt`: proptest climbs from this
/// file to the folder holding `main.rs`, `tests/it`, and looks beside it); then checks
/// that the answers cover what [`Histogram::assert_covers`] asks (with `long_percent`%
/// of 10 or more), and that at least `percent` of the solutions moved cubes and as many
/// changed bridges: solutions that never split or press would leave the rules most
/// likely to go wrong little tested.
fn run<S: Strategy>(
    name: &str,
    strategy: S,
    percent: usize,
    long_percent: usize,
    test: impl Fn(S::Value) -> Result<(Seen, Option<u64>), TestCaseError>,
) {
    let config = ProptestConfig {
        cases: CASES,
        source_file: Some(file!()),
        ..ProptestConfig::default()
    };
    let total = Counter::new(Seen::default());
    let answers = RefCell::new(Histogram::default());
    let mut runner = TestRunner::new(config);
    let result = runner.run(&strategy, |value| {
        let (seen, answer) = test(value)?;
        answers.borrow_mut().add(answer);
        let mut sum = total.get();
        sum.levels += seen.levels;
        sum.solvable += seen.solvable;
        sum.cubes += seen.cubes;
        sum.bridges += seen.bridges;
        total.set(sum);
        Ok(())
    });
    if let Err(error) = result {
        panic!("{error}\n{runner}");
    }
    let seen = total.get();
    assert!(
        seen.levels >= CASES as usize,
        "only {} levels checked",
        seen.levels
    );
    answers.into_inner().assert_covers(name, long_percent);
    assert!(
        100 * seen.cubes >= percent * seen.solvable
            && 100 * seen.bridges >= percent * seen.solvable,
        "under {percent}% of the solutions split the block or change a bridge: {seen:?}"
    );
}

/// The shrunk failures of the regressions file, as plain tests: its seeds replay the
/// first failing value drawn, not the shrunk one, and the strategies may change.
#[test]
fn past_failures_still_pass() {
    // The random family ran out of cells when a bridge took a second one that a switch
    // needed (the generator panicked).
    let params = GenParams {
        family: Family::Random,
        rows: 2,
        cols: 3,
        empty: 0,
        fragile: 0,
        bridges: 2,
        splits: 0,
        seed: 667153782940728108,
    };
    check(&generate(&params).unwrap()).unwrap();
}

#[test]
fn solver_matches_oracle_on_random_levels() {
    run("random levels", drawn_level(), 8, 20, |drawn| {
        check(&drawn.level())
    });
}

/// Share of the generated levels whose exit [`far_exit`] moves: the generator's exits
/// are out of reach on two levels in five.
const MOVE_GENERATED_EXIT: f64 = 0.5;

/// Parameters of either family the generator accepts, small enough for the oracle; two
/// in three with split switches.
fn generated_level() -> impl Strategy<Value = GenParams> {
    (
        prop::sample::select(Family::ALL.to_vec()),
        2usize..=7,
        3usize..=14,
        0u32..=40,
        0u32..=40,
        0usize..=3,
        prop_oneof![Just(0usize), 1usize..=2, 1usize..=2],
        any::<u64>(),
    )
        .prop_map(
            |(family, rows, cols, empty, fragile, bridges, splits, seed)| GenParams {
                family,
                rows,
                cols,
                empty,
                fragile,
                bridges,
                splits,
                seed,
            },
        )
        .prop_filter("room for the parts", |p| p.check().is_ok())
}

#[test]
fn solver_matches_oracle_on_generated_levels() {
    // The generator's splits are rarely on the way: 7-8% of the solutions use them.
    let strategy = (
        generated_level(),
        prop::option::weighted(MOVE_GENERATED_EXIT, any::<u16>()),
    );
    run("generated levels", strategy, 5, 20, |(params, exit)| {
        let level = generate(&params).unwrap();
        let level = match exit {
            Some(pick) => far_exit(&level, pick).unwrap_or(level),
            None => level,
        };
        check(&level)
    });
}
