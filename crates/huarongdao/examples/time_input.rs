//! Times the solver on a judge input, in one process: `solve_all` (threads as it
//! chooses; run under `taskset -c 0` for one), then the same queries one by one on the
//! prepared solver, with the states the searches expanded.
//!
//! ```text
//! cargo run --release -p gridsolve-huarongdao --example time_input -- FILE [ROUNDS]
//! ```

use huarongdao::{Board, Pos, Query, Solver};
use std::io::Write;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let file = args.next().ok_or("usage: time_input FILE [ROUNDS]")?;
    let rounds: usize = args.next().map_or(Ok(1), |r| r.parse())?;
    let text = std::fs::read_to_string(&file)?;
    let mut tokens = text.split_ascii_whitespace().map(|t| t.parse::<usize>());
    let mut next = || {
        tokens
            .next()
            .ok_or("input ends early")
            .map(|t| t.map_err(|e| e.to_string()))
    };
    let (rows, cols, q) = (next()??, next()??, next()??);
    let mut cells = Vec::with_capacity(rows * cols);
    for _ in 0..rows * cols {
        cells.push(next()?? == 1);
    }
    let mut queries = Vec::with_capacity(q);
    for _ in 0..q {
        let mut pos = || -> Result<Pos, Box<dyn std::error::Error>> {
            Ok(Pos::new(next()?? - 1, next()?? - 1))
        };
        queries.push(Query::new(pos()?, pos()?, pos()?));
    }
    for _ in 0..rounds {
        let board = Board::from_cells(rows, cols, &cells)?;
        let mut solver = Solver::new();
        let start = Instant::now();
        let answers = solver
            .solve_all(&board, &queries)
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
        let batch = start.elapsed();
        let sum: u64 = answers.iter().map(|a| a.unwrap_or(0)).sum();
        // The same queries one by one on the same solver (its tables built by now).
        let start = Instant::now();
        let mut expanded = 0;
        for query in &queries {
            solver.solve(&board, query)?;
            expanded += solver.stats().expanded;
        }
        let again = start.elapsed();
        writeln!(
            std::io::stdout(),
            "{file}: solve_all {:.1} ms on {} threads, answers sum {sum}; again one by one {:.1} ms, expanded {expanded}",
            batch.as_secs_f64() * 1e3,
            solver.threads_used(),
            again.as_secs_f64() * 1e3,
        )?;
    }
    Ok(())
}
