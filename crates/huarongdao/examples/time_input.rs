//! Times the solver on a judge input, in one process, on one thread: the board's tables
//! (the first query) apart from the queries, with the states the searches expanded.
//!
//! ```text
//! cargo run --release -p huarongdao --example time_input -- FILE [ROUNDS]
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
        let (mut sum, mut expanded) = (0u64, 0u64);
        let mut first = None;
        for query in &queries {
            sum += solver.solve(&board, query)?.unwrap_or(0);
            expanded += solver.stats().expanded;
            first.get_or_insert_with(|| start.elapsed());
        }
        let first = first.unwrap_or_default();
        let total = start.elapsed();
        writeln!(
            std::io::stdout(),
            "{file}: first query {:.1} ms, all {q} {:.1} ms, answers sum {sum}, expanded {expanded}",
            first.as_secs_f64() * 1e3,
            total.as_secs_f64() * 1e3
        )?;
    }
    Ok(())
}
