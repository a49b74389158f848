//! The fast solver against the naive oracle on thousands of random small games.
//!
//! The oracle reads the judge text the tests write here from the game
//! ([`judge_text`]), with its own reader. Each property prints the histogram of the
//! answers it checked (`cargo test -p gridsolve-holedox -- --nocapture`) and fails unless at least
//! half of them are 1 or more and a fifth 10 or more (the long snakes, on lairs the naive
//! oracle can afford, 5%): a generator that drifted to trivial games (the head already
//! home, or walled off) would test little.

#![allow(clippy::print_stderr)] // the histograms

use grid_core::{Choice, Dir, Limits, Pos};
use holedox::generate::{Family, GenParams, generate};
use holedox::{EXIT, Game, Solver, oracle, replay};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use std::cell::RefCell;
use std::fmt::Write as _;

/// Games per property test.
const CASES: u32 = 2000;

/// What a game of [`drawn_game`] is made of, kept for shrinking.
#[derive(Clone, Debug)]
struct Drawn {
    rows: usize,
    cols: usize,
    length: usize,
    /// Percent of squares off the body and the exit that are stones.
    stones: u32,
    /// Whether the exit is a stone (when the body is not on it): against the judge's
    /// guarantee but within the rules, and rare, or most answers would be "never".
    exit_stone: bool,
    /// One random byte per square, turned into a stone by the percentage.
    squares: Vec<u8>,
    /// Picks the square the body search starts from: the farthest from the exit of three.
    start_pick: u16,
    /// One byte per block after the head: which way the body search tries first.
    turns: Vec<u8>,
}

/// Sides 1..=10 (6 or more three times in four: small lairs hold only short answers)
/// with room for the snake, lengths 2..=6, stone densities up to 50% (up to 20% three
/// times in four: dense lairs mostly wall the exit off, and "never" is the answer that
/// tests the least).
fn drawn_game() -> impl Strategy<Value = Drawn> {
    let side = || prop_oneof![1 => 1usize..=5, 3 => 6usize..=10];
    (side(), side(), 2usize..=6)
        .prop_filter("room for the snake", |&(rows, cols, length)| {
            rows * cols >= length
        })
        .prop_flat_map(|(rows, cols, length)| {
            (
                Just((rows, cols, length)),
                prop_oneof![3 => 0u32..=20, 1 => 21u32..=50],
                prop::bool::weighted(0.05),
                prop::collection::vec(any::<u8>(), rows * cols),
                any::<u16>(),
                prop::collection::vec(any::<u8>(), length - 1),
            )
        })
        .prop_map(
            |((rows, cols, length), stones, exit_stone, squares, start_pick, turns)| Drawn {
                rows,
                cols,
                length,
                stones,
                exit_stone,
                squares,
                start_pick,
                turns,
            },
        )
}

impl Drawn {
    /// The game: a self-avoiding body found by depth-first search from the picked
    /// square (or the next ones, if no body of this length starts there), trying
    /// directions in the order the drawn bytes say; then the drawn stones off it.
    fn game(&self) -> Game {
        let squares = self.rows * self.cols;
        let at = |pick: usize| Pos::new(pick % squares / self.cols, pick % squares % self.cols);
        let pick = usize::from(self.start_pick);
        let first = [pick, pick / 31, pick / 961]
            .into_iter()
            .max_by_key(|&p| at(p).manhattan(EXIT))
            .unwrap_or(pick);
        let body = (0..squares)
            .find_map(|k| {
                let start = (first + k) % squares;
                let mut body = vec![Pos::new(start / self.cols, start % self.cols)];
                self.extend(&mut body).then_some(body)
            })
            .expect("a lair with as many squares as blocks holds a snake");
        let stones: Vec<Pos> = (0..squares)
            .map(|i| Pos::new(i / self.cols, i % self.cols))
            .filter(|p| {
                let byte = self.squares[p.row * self.cols + p.col];
                let stone = if *p == EXIT {
                    self.exit_stone
                } else {
                    u32::from(byte) % 100 < self.stones
                };
                stone && !body.contains(p)
            })
            .collect();
        Game::new(self.rows, self.cols, &stones, &body).unwrap()
    }

    /// Extends `body` to the full length by backtracking; `false` if it cannot be.
    fn extend(&self, body: &mut Vec<Pos>) -> bool {
        if body.len() == self.length {
            return true;
        }
        let turn = usize::from(self.turns[body.len() - 1]);
        let last = body[body.len() - 1];
        for k in 0..4 {
            // Bits 0-1 pick the first direction, bit 2 the order of the others.
            let i = if turn & 4 == 0 {
                turn + k
            } else {
                turn + 4 - k
            };
            let Some(next) = last.step(Dir::from_index(i)) else {
                continue;
            };
            if next.row >= self.rows || next.col >= self.cols || body.contains(&next) {
                continue;
            }
            body.push(next);
            if self.extend(body) {
                return true;
            }
            body.pop();
        }
        false
    }
}

/// `game` as a case of a judge input (1-based squares), written from the body and the
/// lair's free squares: what the oracle reads.
fn judge_case(game: &Game) -> String {
    let (rows, cols) = (game.rows(), game.cols());
    let mut text = format!("{rows} {cols} {}\n", game.len());
    for block in game.body() {
        let _ = writeln!(text, "{} {}", block.row + 1, block.col + 1);
    }
    let stones: Vec<Pos> = (0..rows * cols)
        .map(|i| Pos::new(i / cols, i % cols))
        .filter(|&p| !game.is_free(p))
        .collect();
    let _ = writeln!(text, "{}", stones.len());
    for stone in stones {
        let _ = writeln!(text, "{} {}", stone.row + 1, stone.col + 1);
    }
    text.push('\n');
    text
}

/// `game` as a judge input of one case.
pub(crate) fn judge_text(game: &Game) -> String {
    judge_case(game) + "0 0 0\n"
}

/// The oracle's answer on `game`, read from the judge text.
pub(crate) fn oracle_answer(game: &Game) -> oracle::Answer {
    let answers = oracle::solve_text(&judge_text(game), Limits::NONE).unwrap();
    assert_eq!(answers.len(), 1, "one case");
    answers.into_iter().next().flatten()
}

/// How many of the checked answers fall in each range: what a property covered.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Histogram {
    /// "Never", 0, 1-4, 5-9, 10-19, 20 and more.
    counts: [usize; 6],
}

impl Histogram {
    const LABELS: [&'static str; 6] = ["never", "0", "1-4", "5-9", "10-19", "20+"];

    pub(crate) fn add(&mut self, answer: Option<u64>) {
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

    /// Prints the histogram (shown by `cargo test -- --nocapture`).
    pub(crate) fn print(&self, name: &str) {
        let parts: Vec<String> = Self::LABELS
            .iter()
            .zip(self.counts)
            .map(|(label, n)| format!("{label}: {n}"))
            .collect();
        eprintln!("{name}: {} answers; {}", self.total(), parts.join(", "));
    }

    /// Prints the histogram and fails unless at least half the answers are 1 or more
    /// and at least `long_percent`% are 10 or more.
    pub(crate) fn assert_covers(&self, name: &str, long_percent: usize) {
        self.print(name);
        let total = self.total();
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

/// Both searches agree on the answer, and every path they give is legal, optimal and
/// as long as the answer. Returns the oracle's answer.
fn check(game: &Game) -> Result<Option<u64>, TestCaseError> {
    let expected = oracle_answer(game);
    let mut solver = Solver::new();
    let got = solver
        .solve_with_path(game)
        .expect("small games are within the solver's limits");
    prop_assert_eq!(
        got.as_ref().map(|s| s.moves()),
        expected.as_ref().map(|e| e.0),
        "solver vs oracle on {:?}",
        game
    );
    prop_assert_eq!(solver.solve(game), Ok(got.as_ref().map(|s| s.moves())));
    if let Some(solution) = got {
        prop_assert_eq!(solution.path.len() as u64, solution.moves());
        prop_assert_eq!(replay(game, &solution.path), Ok(solution.moves()));
    }
    let answer = expected.as_ref().map(|e| e.0);
    if let Some((moves, path)) = expected {
        prop_assert_eq!(path.len() as u64, moves);
        prop_assert_eq!(replay(game, &path), Ok(moves));
    }
    Ok(answer)
}

/// Runs [`check`] on [`CASES`] games drawn by `strategy` (and those of the regressions
/// file, `tests/proptest-regressions/oracle_agreement.txt`: proptest climbs from this
/// file to the folder holding `main.rs`, `tests/it`, and looks beside it), then checks
/// that the answers cover what [`Histogram::assert_covers`] asks, with `long_percent`%
/// of 10 or more.
fn agree_on<S: Strategy>(
    test_name: &'static str,
    strategy: S,
    long_percent: usize,
    game: impl Fn(S::Value) -> Game,
) {
    let mut config = ProptestConfig {
        cases: CASES,
        ..ProptestConfig::default()
    };
    config.source_file = Some(file!());
    config.test_name = Some(test_name);
    let mut runner = TestRunner::new(config);
    let seen = RefCell::new(Histogram::default());
    let result = runner.run(&strategy, |value| {
        let answer = check(&game(value))?;
        seen.borrow_mut().add(answer);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}\n{runner}");
    }
    let seen = seen.into_inner();
    assert!(
        seen.total() >= CASES as usize,
        "only {} games drawn",
        seen.total()
    );
    seen.assert_covers(test_name, long_percent);
}

/// `game` turned half round (each square `(r, c)` to `(rows - 1 - r, cols - 1 - c)`)
/// when that takes the head farther from the exit, a stone it would put on the exit
/// left out: the generators often start the head near the exit, where every answer is
/// short.
fn head_far(game: Game) -> Game {
    let (rows, cols) = (game.rows(), game.cols());
    let turn = |p: Pos| Pos::new(rows - 1 - p.row, cols - 1 - p.col);
    let head = game.body()[0];
    if turn(head).manhattan(EXIT) <= head.manhattan(EXIT) {
        return game;
    }
    let body: Vec<Pos> = game.body().iter().map(|&p| turn(p)).collect();
    let stones: Vec<Pos> = (0..rows * cols)
        .map(|i| Pos::new(i / cols, i % cols))
        .filter(|&p| !game.is_free(p))
        .map(turn)
        .filter(|&p| p != EXIT)
        .collect();
    Game::new(rows, cols, &stones, &body).expect("a turned game is a game")
}

/// Share of the generated games of [`head_far`] turns.
const TURN_SHARE: f64 = 0.5;

/// Every family, the two whose games are mostly "never" (trapped, adversarial) half as
/// often as the others.
fn family() -> impl Strategy<Value = Family> {
    let weighted: Vec<Family> = Family::ALL
        .iter()
        .copied()
        .flat_map(|family| {
            let weight = match family {
                Family::Trapped | Family::Adversarial => 1,
                _ => 2,
            };
            std::iter::repeat_n(family, weight)
        })
        .collect();
    prop::sample::select(weighted)
}

#[test]
fn solver_matches_oracle_on_random_games() {
    agree_on(
        "solver_matches_oracle_on_random_games",
        drawn_game(),
        20,
        |drawn| drawn.game(),
    );
}

#[test]
fn solver_matches_oracle_on_generated_games() {
    // Stones up to 30% three times in four (the random family walls the exit off at
    // high densities); sides of 6 or more three times in four (small lairs hold only
    // short answers).
    let params = generator_params(
        prop_oneof![1 => 1usize..=5, 3 => 6usize..=10],
        2..=6,
        prop_oneof![3 => 0u32..=30, 1 => 31u32..=100],
    );
    agree_on(
        "solver_matches_oracle_on_generated_games",
        (params, prop::bool::weighted(TURN_SHARE)),
        20,
        generated,
    );
}

/// Long snakes, L = 7 to 12 (the scale inputs' L = 10 and 12 among them), on lairs of
/// up to 7 x 7: the shape codes reach 4 * 3^10 per square, so the visited store's
/// search spaces run to millions of states, of which a search sees few. Lairs this
/// small (the naive oracle's whole bodies grow past a second a game beyond them) hold
/// few answers of 10 or more: 5% are asked for.
#[test]
fn solver_matches_oracle_on_long_snakes() {
    // Few stones: a long snake in a small lair is walled in by little.
    let params = generator_params(
        3usize..=7,
        7..=12,
        prop_oneof![3 => 0u32..=10, 1 => 11u32..=40],
    );
    agree_on(
        "solver_matches_oracle_on_long_snakes",
        (params, prop::bool::weighted(TURN_SHARE)),
        5,
        generated,
    );
}

/// The generated game, turned by [`head_far`] if asked.
fn generated((params, turn): (GenParams, bool)) -> Game {
    let game = generate(&params).unwrap();
    if turn { head_far(game) } else { game }
}

/// Generator arguments of any family: rows and columns each in `side`, a snake of
/// `length` blocks, `stones` percent of stones; only those with room for the snake.
fn generator_params(
    side: impl Strategy<Value = usize> + Clone,
    length: std::ops::RangeInclusive<usize>,
    stones: impl Strategy<Value = u32>,
) -> impl Strategy<Value = GenParams> {
    (family(), side.clone(), side, length, stones, any::<u64>())
        .prop_map(|(family, rows, cols, length, stones, seed)| GenParams {
            family,
            rows,
            cols,
            length,
            stones,
            seed,
        })
        .prop_filter("room for the snake", |p| p.check().is_ok())
}

/// Every self-avoiding body of `length` blocks in a `rows x cols` lair, head first.
fn all_bodies(rows: usize, cols: usize, length: usize) -> Vec<Vec<Pos>> {
    fn extend(
        rows: usize,
        cols: usize,
        length: usize,
        body: &mut Vec<Pos>,
        out: &mut Vec<Vec<Pos>>,
    ) {
        if body.len() == length {
            out.push(body.clone());
            return;
        }
        let last = body[body.len() - 1];
        for dir in Dir::ALL {
            match last.step(dir) {
                Some(next) if next.row < rows && next.col < cols && !body.contains(&next) => {
                    body.push(next);
                    extend(rows, cols, length, body, out);
                    body.pop();
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for i in 0..rows * cols {
        extend(
            rows,
            cols,
            length,
            &mut vec![Pos::new(i / cols, i % cols)],
            &mut out,
        );
    }
    out
}

/// Every game on lairs of 3 x 3, 2 x 4 and 3 x 4 (both ways round): every body, every
/// set of stones with the exit free, 242,104 games. The solver queues each state once,
/// on the argument that the first way to it is a shortest one (see `Solver`); here
/// that is checked on every small game, not a sample.
#[test]
fn solver_matches_oracle_on_every_tiny_game() {
    let mut solver = Solver::new();
    let mut seen = Histogram::default();
    for (rows, cols) in [(3, 3), (2, 4), (4, 2), (3, 4), (4, 3)] {
        for length in 2..=rows * cols - 1 {
            for body in all_bodies(rows, cols, length) {
                let free: Vec<Pos> = (0..rows * cols)
                    .map(|i| Pos::new(i / cols, i % cols))
                    .filter(|p| *p != EXIT && !body.contains(p))
                    .collect();
                let games: Vec<Game> = (0u32..1 << free.len())
                    .map(|mask| {
                        let stones: Vec<Pos> = (0..free.len())
                            .filter(|i| mask >> i & 1 == 1)
                            .map(|i| free[i])
                            .collect();
                        Game::new(rows, cols, &stones, &body).unwrap()
                    })
                    .collect();
                // One input of every stone set around this body: the oracle reads it at once.
                let text: String = games.iter().map(judge_case).collect::<String>() + "0 0 0\n";
                let answers = oracle::solve_text(&text, Limits::NONE).unwrap();
                assert_eq!(answers.len(), games.len());
                for (game, expected) in games.iter().zip(answers) {
                    let expected = expected.map(|(moves, _)| moves);
                    seen.add(expected);
                    assert_eq!(solver.solve(game), Ok(expected), "{game:?}");
                }
            }
        }
    }
    // Every game, not a sample: the histogram is what it is (tiny lairs, short answers,
    // most of them walled in).
    seen.print("every tiny game");
}
