//! Times a puzzle's solver on input files, all in one process: a benchmark for puzzles
//! (or inputs) with no reference program to compare against.
//!
//! ```text
//! cargo run --release -p puzzles --example time -- PUZZLE FILE... [--rounds N]
//! ```
//! Each round reads every file's cases (timed alone: the parse), then solves every case
//! for its answer, then again with its path (each timed with its parse; the parse's time
//! is taken off). It prints each file's answers and, per round kind, the best and the
//! median of the rounds' totals.

use puzzles::{Limits, Options, PathsFor};
use std::io::Write;
use std::time::{Duration, Instant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut rounds = 21;
    if let Some(i) = args.iter().position(|a| a == "--rounds") {
        rounds = args.get(i + 1).ok_or("--rounds needs a value")?.parse()?;
        args.drain(i..i + 2);
    }
    let Some((name, files)) = args.split_first() else {
        return Err(format!(
            "usage: time PUZZLE FILE... [--rounds N]; PUZZLE is one of {}",
            puzzles::names()
        )
        .into());
    };
    let puzzle = puzzles::find(name).ok_or_else(|| format!("no puzzle {name:?}"))?;
    let inputs: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|f| Ok((f.clone(), std::fs::read(f)?)))
        .collect::<Result<_, std::io::Error>>()?;
    let mut out = std::io::stdout().lock();
    let options = Options::new();
    let mut total = 0;
    for (file, input) in &inputs {
        let answers = puzzle.judge(input.into(), &options, Limits::NONE)?;
        let answers: Vec<&str> = answers.lines().collect();
        total += answers
            .iter()
            .filter_map(|a| a.parse::<u64>().ok())
            .sum::<u64>();
        writeln!(out, "{file}: {}", answers.join(" "))?;
    }
    writeln!(out, "{} files, answers sum to {total}", inputs.len())?;
    // One timed pass over every input: `solve` for each case, the time of the whole.
    let pass = |solve: &dyn Fn(&[u8])| {
        let started = Instant::now();
        for (_, input) in &inputs {
            solve(input);
        }
        started.elapsed()
    };
    let parse = |input: &[u8]| {
        puzzle.inspect(input.into()).expect("read once already");
    };
    let answers = |input: &[u8]| {
        puzzle
            .judge(input.into(), &options, Limits::NONE)
            .expect("solved once already");
    };
    let paths = |input: &[u8]| {
        for solved in puzzle
            .solutions(input.into(), &options, Limits::NONE, PathsFor::ALL)
            .expect("no options")
        {
            std::hint::black_box(solved.expect("solved once already").path());
        }
    };
    let mut times: [Vec<Duration>; 3] = Default::default();
    for _ in 0..rounds {
        times[0].push(pass(&parse));
        times[1].push(pass(&answers));
        times[2].push(pass(&paths));
    }
    for list in &mut times {
        list.sort_unstable();
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let (parse_best, parse_median) = (times[0][0], times[0][rounds / 2]);
    writeln!(
        out,
        "{rounds} rounds; reading alone: best {:.3} ms, median {:.3} ms",
        ms(parse_best),
        ms(parse_median)
    )?;
    for (i, what) in [(1, "answers"), (2, "answers with paths")] {
        let (all_best, all_median) = (times[i][0], times[i][rounds / 2]);
        writeln!(
            out,
            "{what}: best {:.3} ms, median {:.3} ms with reading; search alone about {:.3} ms (median less median)",
            ms(all_best),
            ms(all_median),
            ms(all_median.saturating_sub(parse_median))
        )?;
    }
    Ok(())
}
