//! Boards one cell wide: the tiles never pass each other, so the only question is how
//! far the blank has to go.

use crate::geometry::Labelled;
use grid_core::Dir;

/// The blank's moves to the goal on a `rows x cols` board with one row or one column,
/// if the tiles are already in the goal's order (the parity rule has said so): a
/// straight walk to its goal cell, the only shortest path.
pub(crate) fn path(rows: usize, start: &Labelled) -> Vec<Dir> {
    let (from, to) = (start.blank, usize::from(start.blank_label));
    let (back, on) = if rows == 1 {
        (Dir::Left, Dir::Right)
    } else {
        (Dir::Up, Dir::Down)
    };
    let dir = if to < from { back } else { on };
    vec![dir; from.abs_diff(to)]
}
