//! Writes the atlas of a small Klotski board into `DIR/klotski.atlas`, in the format
//! `gridsolve atlas --out` writes: for the playground's browser tests (`tools/e2e.sh`
//! serves it with `gridsolve serve --atlas DIR`), which need an atlas built in a moment
//! rather than the classic board's.
//!
//! ```sh
//! cargo run -p gridsolve-klotski --example small_atlas -- DIR [ROWS COLS GOAL_ROW GOAL_COL]
//! ```
//!
//! The board is 4 x 3 with the 2x2 solved at row 3, column 2 by default (1-based, as a
//! layout's `goal` line says it). Exit status 1 with a message when the board has no
//! atlas or the file cannot be written.

use klotski::Pos;
use klotski::atlas::{Atlas, AtlasBoard};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            let _ = writeln!(std::io::stderr(), "error: {why}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: small_atlas DIR [ROWS COLS GOAL_ROW GOAL_COL]";
    let numbers: Vec<usize> = args
        .iter()
        .skip(1)
        .map(|a| {
            a.parse()
                .map_err(|_| format!("{a:?} is not a number; {usage}"))
        })
        .collect::<Result<_, _>>()?;
    let (dir, [rows, cols, goal_row, goal_col]) = match (args.first(), numbers.as_slice()) {
        (Some(dir), []) => (dir, [4, 3, 3, 2]),
        (Some(dir), &[r, c, gr, gc]) => (dir, [r, c, gr, gc]),
        _ => return Err(usage.to_string()),
    };
    if goal_row == 0 || goal_col == 0 {
        return Err(format!("the goal's row and column count from 1; {usage}"));
    }
    let board = AtlasBoard {
        rows,
        cols,
        goal: Pos::new(goal_row - 1, goal_col - 1),
    };
    let atlas = Atlas::build(board, 2, &Default::default()).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    atlas.write(&mut bytes).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    let path = std::path::Path::new(dir).join("klotski.atlas");
    std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    writeln!(
        std::io::stdout(),
        "{}: {} layouts, {} groups",
        path.display(),
        atlas.len(),
        atlas.groups()
    )
    .map_err(|e| format!("stdout: {e}"))
}
