//! What the shrinkers of every puzzle share: cutting rows or columns out of a board,
//! biggest cuts first, with the positions on it moved along; cropping a board to the
//! frame around what is on it; and the blocks of a list, halves down to single items,
//! that a delta-debugging step changes at once.

use grid_core::Pos;
use std::ops::Range;

/// Rows or columns `start..start + len` taken out of a board, or everything but a
/// frame of it (a crop).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cut {
    Rows {
        start: usize,
        len: usize,
    },
    Cols {
        start: usize,
        len: usize,
    },
    /// Only the `rows x cols` rectangle whose top-left cell is `(top, left)` stays.
    Frame {
        top: usize,
        left: usize,
        rows: usize,
        cols: usize,
    },
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
            Cut::Frame {
                top,
                left,
                rows,
                cols,
            } => {
                let (row, col) = (pos.row.checked_sub(top)?, pos.col.checked_sub(left)?);
                (row < rows && col < cols).then(|| Pos::new(row, col))
            }
        }
    }

    /// The board's size (rows, columns) after the cut.
    pub(crate) fn size(self, rows: usize, cols: usize) -> (usize, usize) {
        match self {
            Cut::Rows { len, .. } => (rows - len, cols),
            Cut::Cols { len, .. } => (rows, cols - len),
            Cut::Frame { rows, cols, .. } => (rows, cols),
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

/// The cuts of [`cuts`] for the inside of a `rows x cols` board with a border one cell
/// wide, which they leave whole (none when there is no inside).
pub(crate) fn cuts_inside_border(rows: usize, cols: usize) -> Vec<Cut> {
    if rows < 3 || cols < 3 {
        return Vec::new();
    }
    cuts(rows - 2, cols - 2)
        .into_iter()
        .map(|cut| match cut {
            Cut::Rows { start, len } => Cut::Rows {
                start: start + 1,
                len,
            },
            Cut::Cols { start, len } => Cut::Cols {
                start: start + 1,
                len,
            },
            frame @ Cut::Frame { .. } => frame,
        })
        .collect()
}

/// The crop of a `rows x cols` board to the smallest frame that holds every cell
/// `inside` says must stay, with `margin` more cells on each side (as far as the board
/// goes): `None` when that is the whole board, or when nothing must stay.
pub(crate) fn frame(
    rows: usize,
    cols: usize,
    margin: usize,
    inside: impl Fn(Pos) -> bool,
) -> Option<Cut> {
    let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
    for row in 0..rows {
        for col in 0..cols {
            if inside(Pos::new(row, col)) {
                (top, bottom) = (top.min(row), bottom.max(row));
                (left, right) = (left.min(col), right.max(col));
            }
        }
    }
    if top == usize::MAX {
        return None;
    }
    let (top, left) = (top.saturating_sub(margin), left.saturating_sub(margin));
    let bottom = (bottom + margin).min(rows - 1);
    let right = (right + margin).min(cols - 1);
    let cut = Cut::Frame {
        top,
        left,
        rows: bottom - top + 1,
        cols: right - left + 1,
    };
    (cut.size(rows, cols) != (rows, cols)).then_some(cut)
}

/// The blocks of a list of `n` items that delta debugging changes at once, biggest
/// first: the whole list, halves, quarters, and so on down to single items (the last
/// block of each size may be shorter).
pub(crate) fn blocks(n: usize) -> Vec<Range<usize>> {
    let mut all = Vec::new();
    let mut len = n;
    while len >= 1 {
        all.extend((0..n).step_by(len).map(|start| start..(start + len).min(n)));
        if len == 1 {
            break;
        }
        len = len.div_ceil(2).min(len - 1);
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

    #[test]
    fn a_frame_keeps_what_must_stay_and_its_margin() {
        // A 5 x 6 board whose content is at (2, 2) and (2, 3).
        let inside = |p: Pos| p.row == 2 && (2..=3).contains(&p.col);
        let cut = frame(5, 6, 1, inside).unwrap();
        assert_eq!(cut.size(5, 6), (3, 4));
        assert_eq!(cut.map(Pos::new(2, 2)), Some(Pos::new(1, 1)));
        assert_eq!(cut.map(Pos::new(0, 0)), None);
        assert_eq!(cut.map(Pos::new(3, 4)), Some(Pos::new(2, 3)));
        assert_eq!(cut.map(Pos::new(4, 4)), None);
        let cells: Vec<usize> = (0..30).collect();
        assert_eq!(
            cut.keep(5, 6, &cells),
            [7, 8, 9, 10, 13, 14, 15, 16, 19, 20, 21, 22]
        );
        // Nothing to crop, or nothing to keep.
        let corners = |p: Pos| p == Pos::new(1, 1) || p == Pos::new(2, 3);
        assert_eq!(frame(4, 5, 1, corners), None);
        assert_eq!(frame(5, 6, 0, |_| false), None);
        assert_eq!(frame(5, 6, 3, inside), None);
    }

    #[test]
    fn blocks_go_from_the_whole_list_to_single_items() {
        assert_eq!(blocks(0), Vec::<Range<usize>>::new());
        assert_eq!(blocks(1), vec![0..1]);
        assert_eq!(blocks(3), [0..3, 0..2, 2..3, 0..1, 1..2, 2..3]);
        let all = blocks(10);
        assert_eq!(all[0], 0..10);
        assert_eq!(all[1..3], [0..5, 5..10]);
        let singles: Vec<Range<usize>> = (0..10).map(|i| i..i + 1).collect();
        assert_eq!(all[all.len() - 10..], singles);
    }
}
