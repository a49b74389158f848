//! `gridsolve puzzles`: the registered puzzles and what each one has, a table from the
//! registry.

use crate::Failure;
use puzzles::{Capability, PUZZLES, Puzzle};
use std::fmt::Write as _;

/// The table: a row a puzzle (its name and summary), a column a capability beyond
/// solving (`yes` or `-`).
pub(crate) fn table(puzzles: &[&dyn Puzzle]) -> String {
    let width = puzzles
        .iter()
        .map(|p| p.about().name.len())
        .chain(["puzzle".len()])
        .max()
        .unwrap_or(0);
    let mut text = format!("{:<width$}  solve", "puzzle");
    for capability in Capability::ALL {
        let _ = write!(text, "  {}", capability.name());
    }
    text.push_str("  summary\n");
    for puzzle in puzzles {
        let _ = write!(text, "{:<width$}  yes  ", puzzle.about().name);
        for capability in Capability::ALL {
            let mark = if puzzle.has(capability) { "yes" } else { "-" };
            let _ = write!(text, "  {mark:<len$}", len = capability.name().len());
        }
        let _ = writeln!(text, "  {}", puzzle.about().summary);
    }
    text.push_str(
        "\nsolve     the judge format, solving, --path, validate and check\n\
         oracle    the naive search that the fixtures and the tests check the solver against\n\
         draw      --show, --svg and the playground's board\n\
         generate  gen, gen --invalid and stress\n\
         play      the playground's game\n\
         package   gridsolve package\n\
         atlas     gridsolve atlas and serve --atlas: every position, its group and distance\n",
    );
    text
}

/// Prints the table of every registered puzzle.
pub(crate) fn run() -> Result<(), Failure> {
    crate::write_stdout(&table(PUZZLES))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_has_a_row_and_every_capability_a_column() {
        let text = table(PUZZLES);
        let header = text.lines().next().unwrap();
        for capability in Capability::ALL {
            assert!(header.contains(capability.name()), "{header}");
        }
        for puzzle in PUZZLES {
            let row = text
                .lines()
                .find(|l| l.starts_with(&format!("{} ", puzzle.about().name)))
                .unwrap_or_else(|| panic!("no row for {}", puzzle.about().name));
            let marks = row
                .split_whitespace()
                .skip(1)
                .take(1 + Capability::ALL.len())
                .collect::<Vec<_>>();
            let expected: Vec<&str> = std::iter::once(true)
                .chain(Capability::ALL.iter().map(|c| puzzle.has(*c)))
                .map(|yes| if yes { "yes" } else { "-" })
                .collect();
            assert_eq!(marks, expected, "{row}");
        }
    }
}
