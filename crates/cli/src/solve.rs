//! Solving with more than the judge output: paths, JSON, text frames, SVG pictures and
//! search statistics (`--path`, `--format json`, `--show`, `--svg`, `--stats`).

use crate::show::{self, Style};
use crate::{Puzzle, svg};
use grid_core::{Dir, Moves};
use parsers::ParseError;
use serde::Serialize;
use std::fmt::Write;
use std::path::PathBuf;

/// How the answers are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Exactly the judge's output.
    #[default]
    Judge,
    /// JSON Lines: one object per query or case (see README).
    Json,
}

/// What to produce besides the answers.
#[derive(Clone, Debug, Default)]
pub(crate) struct Extras {
    pub(crate) format: Format,
    pub(crate) path: bool,
    pub(crate) show: Option<Style>,
    pub(crate) svg: Option<PathBuf>,
    pub(crate) stats: bool,
}

impl Extras {
    /// Whether only the judge output is wanted (then the fast path is taken).
    pub(crate) fn judge_only(&self) -> bool {
        self.format == Format::Judge
            && !self.path
            && self.show.is_none()
            && self.svg.is_none()
            && !self.stats
    }
}

/// Everything a run produces, written out only once the whole input is known good.
#[derive(Debug, Default)]
pub(crate) struct Outcome {
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    /// SVG pictures: file name and contents.
    pub(crate) pictures: Vec<(String, String)>,
}

/// One solved query or case.
struct Solved {
    number: usize,
    answer: Option<u64>,
    path: Option<Moves>,
    expanded: u64,
    generated: u64,
    /// The judge's line for it.
    judge: String,
}

impl Solved {
    /// Case `number`, with its answer and path when `found`, the search's `(expanded,
    /// generated)`, and its judge line as `write` writes it.
    fn new(
        number: usize,
        found: Option<(u64, Moves)>,
        (expanded, generated): (u64, u64),
        write: impl FnOnce(&mut String, Option<u64>),
    ) -> Solved {
        let answer = found.as_ref().map(|&(moves, _)| moves);
        let mut judge = String::new();
        write(&mut judge, answer);
        Solved {
            number,
            answer,
            path: found.map(|(_, path)| path),
            expanded,
            generated,
            judge,
        }
    }
}

/// One line of `--format json`.
#[derive(Serialize)]
struct JsonCase<'a> {
    puzzle: &'a str,
    case: usize,
    answer: Option<u64>,
    path: Option<String>,
    expanded: u64,
    generated: u64,
}

impl Outcome {
    /// Adds one solved case to the outputs; `frames` and `picture` are drawn only when
    /// asked for.
    fn add(
        &mut self,
        puzzle: Puzzle,
        extras: &Extras,
        solved: Solved,
        frames: impl FnOnce(&[Dir], Style) -> String,
        picture: impl FnOnce(Option<&[Dir]>) -> String,
    ) {
        let (name, unit) = match puzzle {
            Puzzle::Huarongdao => ("huarongdao", "query"),
            Puzzle::Bloxorz => ("bloxorz", "case"),
            Puzzle::Holedox => ("holedox", "case"),
        };
        let path = solved.path.as_ref().map(|p| p.0.as_slice());
        match extras.format {
            Format::Json => {
                let line = JsonCase {
                    puzzle: name,
                    case: solved.number,
                    answer: solved.answer,
                    path: solved.path.as_ref().map(Moves::to_string),
                    expanded: solved.expanded,
                    generated: solved.generated,
                };
                let json = serde_json::to_string(&line).expect("plain data serialises");
                let _ = writeln!(self.stdout, "{json}");
            }
            Format::Judge => {
                self.stdout.push_str(&solved.judge);
                if extras.path {
                    let _ = writeln!(
                        self.stdout,
                        "{}",
                        solved
                            .path
                            .as_ref()
                            .map_or("-".to_string(), Moves::to_string)
                    );
                }
                if let Some(style) = extras.show {
                    match path {
                        Some(path) => self.stdout.push_str(&frames(path, style)),
                        None => self.stdout.push_str("(no solution)\n\n"),
                    }
                }
            }
        }
        if extras.svg.is_some() {
            let file = format!("{name}-{unit}-{:04}.svg", solved.number);
            self.pictures.push((file, picture(path)));
        }
        if extras.stats {
            let _ = writeln!(
                self.stderr,
                "{unit} {}: expanded {}, generated {}",
                solved.number, solved.expanded, solved.generated
            );
        }
    }
}

/// Solves every query or case of `input` with its path and produces what `extras` asks.
pub(crate) fn run(puzzle: Puzzle, input: &[u8], extras: &Extras) -> Result<Outcome, ParseError> {
    let mut outcome = Outcome::default();
    match puzzle {
        Puzzle::Huarongdao => {
            let input = parsers::huarongdao::parse(input)?;
            let board = &input.board;
            let mut solver = huarongdao::Solver::new(board);
            for (i, query) in input.queries.iter().enumerate() {
                let solution = solver
                    .solve_with_path(query)
                    .expect("queries are checked by the parser");
                let stats = solver.stats();
                let found = solution.map(|s| (s.moves, s.path));
                let solved = Solved::new(
                    i + 1,
                    found,
                    (stats.expanded, stats.generated),
                    |out, answer| {
                        parsers::huarongdao::write_answer(out, answer);
                    },
                );
                outcome.add(
                    puzzle,
                    extras,
                    solved,
                    |path, style| show::huarongdao(board, query, path, style),
                    |path| svg::huarongdao(board, query, path),
                );
            }
        }
        Puzzle::Bloxorz => {
            let mut solver = bloxorz::Solver::new();
            for (i, board) in parsers::bloxorz::Cases::new(input).enumerate() {
                let board = board?;
                let solution = solver.solve_with_path(&board);
                let stats = solver.stats();
                let found = solution.map(|s| (s.moves, s.path));
                let solved = Solved::new(
                    i + 1,
                    found,
                    (stats.expanded, stats.generated),
                    |out, answer| {
                        parsers::bloxorz::write_answer(out, answer);
                    },
                );
                outcome.add(
                    puzzle,
                    extras,
                    solved,
                    |path, style| show::bloxorz(&board, path, style),
                    |path| svg::bloxorz(&board, path),
                );
            }
        }
        Puzzle::Holedox => {
            let mut solver = holedox::Solver::new();
            for (i, case) in parsers::holedox::Cases::new(input).enumerate() {
                let (game, header) = case?;
                let number = i + 1;
                let solution = solver.solve_with_path(&game).map_err(|e| {
                    ParseError::invalid(
                        &header,
                        format_args!("case {number}: too large to solve: {e}"),
                    )
                })?;
                let stats = solver.stats();
                let found = solution.map(|s| (s.moves, s.path));
                let solved = Solved::new(
                    number,
                    found,
                    (stats.expanded, stats.generated),
                    |out, answer| {
                        parsers::holedox::write_answer(out, number, answer);
                    },
                );
                outcome.add(
                    puzzle,
                    extras,
                    solved,
                    |path, style| show::holedox(&game, path, style),
                    |path| svg::holedox(&game, path),
                );
            }
        }
    }
    Ok(outcome)
}
