//! The fast solver against the naive oracle on thousands of random small boards.

use bloxorz::generate::{Family, GenParams, StartKind, generate};
use bloxorz::{Board, Cell, Orientation, Placement, Solver, oracle, replay};
use grid_core::Pos;
use proptest::prelude::*;

/// What a board of [`drawn_board`] is made of, kept for shrinking.
#[derive(Clone, Debug)]
struct Drawn {
    rows: usize,
    cols: usize,
    border: bool,
    /// Percent of empty cells, and of fragile cells among the others.
    empty: u32,
    fragile: u32,
    /// One pair of random bytes per inner cell, turned into a cell by the percentages.
    cells: Vec<(u8, u8)>,
    orientation: Orientation,
    /// Indices into the start's and the target's possible positions.
    start_pick: u16,
    target_pick: u16,
}

/// Inner sides 1..=12 (1..=10 inside a border, so a board is at most 12x12) with at
/// least two cells, any densities, any start orientation.
fn drawn_board() -> impl Strategy<Value = Drawn> {
    (any::<bool>(), 1usize..=12, 1usize..=12)
        .prop_filter(
            "two cells for a start and a target",
            |&(border, rows, cols)| rows * cols >= 2 && (!border || rows.max(cols) <= 10),
        )
        .prop_flat_map(|(border, rows, cols)| {
            (
                Just((border, rows, cols)),
                (0u32..=60, 0u32..=100),
                prop::collection::vec(any::<(u8, u8)>(), rows * cols),
                prop::sample::select(Orientation::ALL.to_vec()),
                any::<(u16, u16)>(),
            )
        })
        .prop_map(
            |((border, rows, cols), (empty, fragile), cells, orientation, picks)| Drawn {
                rows,
                cols,
                border,
                empty,
                fragile,
                cells,
                orientation,
                start_pick: picks.0,
                target_pick: picks.1,
            },
        )
}

impl Drawn {
    /// The board: the drawn cells (in a `#` ring if `border`), the start and the target
    /// made rigid as in the judge format. A lying start that leaves no cell for the
    /// target, or does not fit across a single row or column, stands instead.
    fn board(&self) -> Board {
        let (rows, cols) = (self.rows, self.cols);
        let mut cells: Vec<Cell> = self
            .cells
            .iter()
            .map(|&(a, b)| {
                if u32::from(a) % 100 < self.empty {
                    Cell::Empty
                } else if u32::from(b) % 100 < self.fragile {
                    Cell::Fragile
                } else {
                    Cell::Rigid
                }
            })
            .collect();
        let fits = match self.orientation {
            Orientation::Standing => true,
            Orientation::Horizontal => cols >= 2 && rows * cols >= 3,
            Orientation::Vertical => rows >= 2 && rows * cols >= 3,
        };
        let orientation = if fits {
            self.orientation
        } else {
            Orientation::Standing
        };
        let (anchor_rows, anchor_cols) = match orientation {
            Orientation::Standing => (rows, cols),
            Orientation::Horizontal => (rows, cols - 1),
            Orientation::Vertical => (rows - 1, cols),
        };
        let anchor = usize::from(self.start_pick) % (anchor_rows * anchor_cols);
        let start = Placement {
            pos: Pos::new(anchor / anchor_cols, anchor % anchor_cols),
            orientation,
        };
        let (a, b) = start.cells();
        let mut target = usize::from(self.target_pick) % (rows * cols);
        while [Some(a), b].contains(&Some(Pos::new(target / cols, target % cols))) {
            target = (target + 1) % (rows * cols);
        }
        let target = Pos::new(target / cols, target % cols);
        for pos in [Some(a), b, Some(target)].into_iter().flatten() {
            cells[pos.row * cols + pos.col] = Cell::Rigid;
        }
        if !self.border {
            return Board::new(rows, cols, &cells, start, target).unwrap();
        }
        let (outer_rows, outer_cols) = (rows + 2, cols + 2);
        let mut ringed = vec![Cell::Empty; outer_rows * outer_cols];
        for r in 0..rows {
            let from = r * cols;
            let to = (r + 1) * outer_cols + 1;
            ringed[to..to + cols].copy_from_slice(&cells[from..from + cols]);
        }
        let inward = |p: Pos| Pos::new(p.row + 1, p.col + 1);
        let start = Placement {
            pos: inward(start.pos),
            orientation,
        };
        Board::new(outer_rows, outer_cols, &ringed, start, inward(target)).unwrap()
    }
}

/// Both searches agree on the answer, and every path they give is legal, optimal and
/// as long as the answer.
fn check(board: &Board) -> Result<(), TestCaseError> {
    let expected = oracle::solve(board);
    let mut solver = Solver::new();
    let got = solver.solve_with_path(board).unwrap();
    prop_assert_eq!(
        got.as_ref().map(|s| s.moves()),
        expected.as_ref().map(|e| e.0),
        "solver vs oracle on {:?}",
        board
    );
    prop_assert_eq!(solver.solve(board).unwrap(), got.as_ref().map(|s| s.moves()));
    if let Some(solution) = got {
        prop_assert_eq!(solution.path.len() as u64, solution.moves());
        prop_assert_eq!(replay(board, &solution.path), Ok(solution.moves()));
    }
    if let Some((moves, path)) = expected {
        prop_assert_eq!(path.len() as u64, moves);
        prop_assert_eq!(replay(board, &path), Ok(moves));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn solver_matches_oracle_on_random_boards(drawn in drawn_board()) {
        check(&drawn.board())?;
    }

    #[test]
    fn solver_matches_oracle_on_generated_boards(
        params in (
            prop::sample::select(Family::ALL.to_vec()),
            1usize..=12,
            1usize..=12,
            0u32..=100,
            0u32..=100,
            prop::sample::select(StartKind::ALL.to_vec()),
            any::<bool>(),
            any::<u64>(),
        )
            .prop_map(|(family, rows, cols, empty, fragile, start, border, seed)| GenParams {
                family, rows, cols, empty, fragile, start, border, seed,
            })
            .prop_filter("room for the start and a target", |p| p.check().is_ok()),
    ) {
        check(&generate(&params).unwrap())?;
    }
}
