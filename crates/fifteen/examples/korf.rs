//! The benchmark runner: reads boards in the `fifteen` format (`R C`, the rows, an
//! optional `goal` block, case after case) from FILE or stdin, solves them all in one
//! process on a pool of threads, and prints what `fifteen-peer` prints: one line per
//! case, the minimum number of moves or `-1`. On stderr: the time the databases took,
//! the time of the whole run, and per case the method and the positions the search
//! expanded and generated.
//!
//! ```text
//! cargo run --release -p gridsolve-fifteen --example korf -- [--threads N] [--method M]
//!     [--large] [--max-states N] [--max-seconds S] [--quiet] [--one-by-one] [FILE]
//! ```
//! With `--one-by-one` the cases are solved one after another, each on all the threads
//! and reported on stderr as it ends (for long searches: the 24-puzzle). With `--large`
//! the databases are `Partition::Large`'s (7-8 on 4 x 4). A case that
//! runs out of its budget (`--max-states`, `--max-seconds`: each case's own) prints `?`
//! and the run goes on to the next; the exit status is then 1.

#![allow(clippy::print_stdout, clippy::print_stderr)] // a benchmark reports

use fifteen::{Board, Limits, Method, Partition, Solver};
use std::io::{Read, Write};
use std::time::{Duration, Instant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let started = Instant::now();
    let mut args = std::env::args().skip(1);
    let (mut threads, mut method, mut max_states, mut quiet, mut file) =
        (0, None, None, false, None);
    let (mut one_by_one, mut max_seconds, mut partition) = (false, None, Partition::Standard);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--threads" => threads = args.next().ok_or("--threads N")?.parse()?,
            "--method" => method = Some(args.next().ok_or("--method M")?.parse()?),
            "--max-states" => max_states = Some(args.next().ok_or("--max-states N")?.parse()?),
            "--max-seconds" => {
                max_seconds = Some(Duration::from_secs_f64(
                    args.next().ok_or("--max-seconds S")?.parse()?,
                ));
            }
            "--quiet" => quiet = true,
            "--one-by-one" => one_by_one = true,
            "--large" => partition = Partition::Large,
            _ => file = Some(arg),
        }
    }
    let mut text = String::new();
    match &file {
        Some(path) => text = std::fs::read_to_string(path)?,
        None => {
            std::io::stdin().read_to_string(&mut text)?;
        }
    }
    let boards = read_boards(&text)?;
    let limits = Limits {
        max_states: max_states.or(fifteen::DEFAULT_LIMITS.max_states),
        max_time: max_seconds,
    };
    // Boards of 4 x 4 and 5 x 5 are searched over their prepared databases at once,
    // without the quick try `Method::Auto` makes on each, so the counts are the
    // search's own.
    let method = method.unwrap_or(
        if boards
            .iter()
            .all(|b| matches!((b.rows(), b.cols()), (4, 4) | (5, 5)))
        {
            Method::Pdb
        } else {
            Method::Auto
        },
    );
    let mut solver = Solver::with_limits(limits)
        .with_method(method)
        .with_partition(partition)
        .with_threads(threads);
    let building = Instant::now();
    for board in &boards {
        solver.prepare(board)?;
    }
    let built = building.elapsed();
    if !quiet {
        eprintln!(
            "tables {} MB built in {}",
            solver.table_bytes() / 1_000_000,
            secs(built)
        );
    }
    let solving = Instant::now();
    let outcomes = if one_by_one {
        boards
            .iter()
            .enumerate()
            .map(|(i, board)| {
                let started = Instant::now();
                let answer = solver.solve_with_path(board);
                let outcome = fifteen::Outcome {
                    answer,
                    stats: solver.stats(),
                    method: solver.last_method().unwrap_or(method),
                };
                if !quiet {
                    let moves = match &outcome.answer {
                        Ok(Some(s)) => s.moves().to_string(),
                        Ok(None) => "-1".to_string(),
                        Err(e) => e.to_string(),
                    };
                    eprintln!(
                        "case {}: {moves} in {}, {} expanded, {} generated",
                        i + 1,
                        secs(started.elapsed()),
                        outcome.stats.expanded,
                        outcome.stats.generated
                    );
                }
                outcome
            })
            .collect()
    } else {
        solver.solve_all(&boards)
    };
    let solved = solving.elapsed();
    let mut out = String::new();
    let (mut sum, mut gave_up) = (0, 0);
    for outcome in &outcomes {
        match &outcome.answer {
            Ok(Some(solution)) => {
                sum += solution.moves();
                out.push_str(&format!("{}\n", solution.moves()));
            }
            Ok(None) => out.push_str("-1\n"),
            Err(_) => {
                gave_up += 1;
                out.push_str("?\n");
            }
        }
    }
    std::io::stdout().write_all(out.as_bytes())?;
    if !quiet {
        let mut err = String::new();
        for (i, outcome) in outcomes.iter().enumerate() {
            let moves = match &outcome.answer {
                Ok(Some(s)) => s.moves().to_string(),
                Ok(None) => "-1".to_string(),
                Err(_) => "?".to_string(),
            };
            err.push_str(&format!(
                "case {:3}: {moves:>3} moves, {:9} {:>14} expanded {:>14} generated\n",
                i + 1,
                outcome.method,
                outcome.stats.expanded,
                outcome.stats.generated,
            ));
        }
        // Summed over the outcomes: the solver's own stats are those of its last solve
        // when the cases go one by one.
        let (expanded, generated) = outcomes.iter().fold((0, 0), |(e, g), o| {
            (e + o.stats.expanded, g + o.stats.generated)
        });
        let n = outcomes.len().max(1) as u64;
        err.push_str(&format!(
            "{} cases, moves sum {sum}; tables {} MB built in {}; searches {} on {} threads; \
             expanded {} ({} a case), generated {} ({} a case); whole run {}\n",
            outcomes.len(),
            solver.table_bytes() / 1_000_000,
            secs(built),
            secs(solved),
            if threads == 0 {
                std::thread::available_parallelism().map_or(1, |n| n.get())
            } else {
                threads
            },
            expanded,
            expanded / n,
            generated,
            generated / n,
            secs(started.elapsed()),
        ));
        std::io::stderr().write_all(err.as_bytes())?;
    }
    if gave_up > 0 {
        return Err(format!(
            "{gave_up} of {} searches ran out of their budget",
            outcomes.len()
        )
        .into());
    }
    Ok(())
}

fn secs(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// The cases of a `fifteen` input, read leniently (the `parsers` crate has the strict
/// reader; this one keeps the example free of it).
fn read_boards(text: &str) -> Result<Vec<Board>, Box<dyn std::error::Error>> {
    let mut tokens = text.split_ascii_whitespace().peekable();
    let mut boards = Vec::new();
    while let Some(rows) = tokens.next() {
        let rows: usize = rows.parse()?;
        let cols: usize = tokens.next().ok_or("a size without columns")?.parse()?;
        let cells = |tokens: &mut std::iter::Peekable<std::str::SplitAsciiWhitespace<'_>>| {
            (0..rows * cols)
                .map(|_| -> Result<u8, Box<dyn std::error::Error>> {
                    Ok(tokens.next().ok_or("a board ends early")?.parse()?)
                })
                .collect::<Result<Vec<u8>, _>>()
        };
        let start = cells(&mut tokens)?;
        let board = if tokens.peek() == Some(&"goal") {
            tokens.next();
            let goal = cells(&mut tokens)?;
            Board::new(rows, cols, &start, &goal)?
        } else {
            Board::with_default_goal(rows, cols, &start)?
        };
        boards.push(board);
    }
    Ok(boards)
}
