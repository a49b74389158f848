//! What the shrinkers of every puzzle share: cutting rows or columns out of a board,
//! biggest cuts first, with the positions on it moved along.

use grid_core::Pos;

/// Rows or columns `start..start + len` taken out of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cut {
    Rows { start: usize, len: usize },
    Cols { start: usize, len: usize },
}

impl Cut {
    /// Where `pos` is once the cut is made; `None` when it is cut away.
    pub(crate) fn map(self, pos: Pos) -> Option<Pos> {
        let shift = |at: usize, start: usize, len: usize| {
            if at < start {
                Some(at)
            } else if at < start + len {
                None
            } else {
                Some(at - len)
            }
        };
        match self {
            Cut::Rows { start, len } => Some(Pos::new(shift(pos.row, start, len)?, pos.col)),
            Cut::Cols { start, len } => Some(Pos::new(pos.row, shift(pos.col, start, len)?)),
        }
    }

    /// The board's size (rows, columns) after the cut.
    pub(crate) fn size(self, rows: usize, cols: usize) -> (usize, usize) {
        match self {
            Cut::Rows { len, .. } => (rows - len, cols),
            Cut::Cols { len, .. } => (rows, cols - len),
        }
    }

    /// The cells of a row-major `rows x cols` board that stay, in order.
    pub(crate) fn keep<T: Copy>(self, rows: usize, cols: usize, cells: &[T]) -> Vec<T> {
        (0..rows * cols)
            .filter(|&i| self.map(Pos::new(i / cols, i % cols)).is_some())
            .map(|i| cells[i])
            .collect()
    }
}

/// Every cut of a `rows x cols` board that leaves at least one row and one column,
/// biggest first: halves, then quarters, and so on down to single rows and columns (the
/// border ones first, where the judge formats put walls that may be redundant twice).
pub(crate) fn cuts(rows: usize, cols: usize) -> Vec<Cut> {
    let mut all = Vec::new();
    let mut len = rows.max(cols) / 2;
    loop {
        let len_here = len.max(1);
        for (side, make) in [
            (
                rows,
                (|start, len| Cut::Rows { start, len }) as fn(usize, usize) -> Cut,
            ),
            (cols, |start, len| Cut::Cols { start, len }),
        ] {
            if len_here >= side {
                continue;
            }
            let mut starts: Vec<usize> = (0..=side - len_here).step_by(len_here).collect();
            if starts.last() != Some(&(side - len_here)) {
                starts.push(side - len_here);
            }
            if len_here == 1 {
                // The last row (or column) right after the first.
                starts.pop();
                starts.insert(1.min(starts.len()), side - 1);
            }
            all.extend(starts.into_iter().map(|start| make(start, len_here)));
        }
        if len <= 1 {
            break;
        }
        len /= 2;
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_moves_what_is_past_it_and_drops_what_is_in_it() {
        let cut = Cut::Rows { start: 1, len: 2 };
        assert_eq!(cut.map(Pos::new(0, 3)), Some(Pos::new(0, 3)));
        assert_eq!(cut.map(Pos::new(2, 3)), None);
        assert_eq!(cut.map(Pos::new(3, 3)), Some(Pos::new(1, 3)));
        assert_eq!(cut.size(4, 5), (2, 5));
        let cells: Vec<usize> = (0..6).collect();
        assert_eq!(
            Cut::Cols { start: 0, len: 1 }.keep(2, 3, &cells),
            [1, 2, 4, 5]
        );
    }

    #[test]
    fn cuts_go_from_halves_to_single_lines_and_never_empty_a_side() {
        let cuts = cuts(4, 1);
        assert_eq!(cuts[0], Cut::Rows { start: 0, len: 2 });
        assert_eq!(cuts[1], Cut::Rows { start: 2, len: 2 });
        assert_eq!(
            &cuts[2..],
            [0, 3, 1, 2].map(|start| Cut::Rows { start, len: 1 })
        );
        assert!(super::cuts(1, 1).is_empty());
        let cuts = super::cuts(3, 2);
        assert!(cuts.contains(&Cut::Cols { start: 1, len: 1 }));
        assert!(cuts.iter().all(|c| {
            let (r, c) = c.size(3, 2);
            r >= 1 && c >= 1
        }));
    }
}
