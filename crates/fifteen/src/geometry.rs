//! The board as the searches see it: cells and their neighbours, bit masks, and the
//! tiles named by their goal cells.

use crate::board::{BLANK, Board};
use grid_core::Dir;

/// The blank's moves in the order of their letters' bytes (`D L R U`). Every search
/// tries them in this order, so the first shortest path it finds is the first in that
/// order (see [`Solver`](crate::Solver)).
pub(crate) const ORDER: [Dir; 4] = [Dir::Down, Dir::Left, Dir::Right, Dir::Up];

/// The order in which the searches try the blank's moves, as four letters (`D`, `L`,
/// `R` and `U`, the blank's moves down, left, right and up, each once).
///
/// Every order gives the same answer, and a shortest path. The default, `DLRU` (the
/// letters' own order), gives the path the judges expect: the first shortest path in
/// it. Another order gives the shortest path that the search meets first in that
/// order, which can differ, and changes how many positions the last iteration of an
/// IDA* search expands before it meets one: on a hard 24-puzzle, by a factor of up to
/// seven (Korf's and Clausecker's published runs use `ULRD`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveOrder([u8; 4]);

impl MoveOrder {
    /// `DLRU`, the letters' order.
    pub const LETTERS: MoveOrder = MoveOrder([0, 1, 2, 3]);

    /// The moves in this order, as indices into [`ORDER`].
    #[inline(always)]
    pub(crate) fn indices(self) -> [u8; 4] {
        self.0
    }

    /// The moves in this order.
    pub fn dirs(self) -> [Dir; 4] {
        self.0.map(|k| ORDER[usize::from(k)])
    }
}

impl Default for MoveOrder {
    fn default() -> MoveOrder {
        MoveOrder::LETTERS
    }
}

impl std::fmt::Display for MoveOrder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.dirs()
            .iter()
            .try_for_each(|d| write!(f, "{}", d.letter()))
    }
}

/// Why a text is not a [`MoveOrder`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveOrderError(String);

impl std::fmt::Display for MoveOrderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "expected the letters D, L, R and U, each once, in the order to try the blank's moves (as DLRU or ULRD), found {:?}",
            self.0
        )
    }
}

impl std::error::Error for MoveOrderError {}

impl std::str::FromStr for MoveOrder {
    type Err = MoveOrderError;

    /// Four letters, `D`, `L`, `R` and `U` each once, in either case.
    fn from_str(text: &str) -> Result<MoveOrder, MoveOrderError> {
        let refuse = || MoveOrderError(text.chars().take(40).collect());
        let mut order = [0u8; 4];
        let mut seen = 0u8;
        let mut letters = text.chars();
        for slot in &mut order {
            let dir = letters
                .next()
                .and_then(|c| Dir::from_letter(c.to_ascii_uppercase()))
                .ok_or_else(refuse)?;
            let k = ORDER.iter().position(|&d| d == dir).ok_or_else(refuse)?;
            if seen >> k & 1 == 1 {
                return Err(refuse());
            }
            seen |= 1 << k;
            *slot = k as u8;
        }
        if letters.next().is_some() {
            return Err(refuse());
        }
        Ok(MoveOrder(order))
    }
}

/// No neighbour that way.
pub(crate) const NONE: u8 = u8::MAX;

/// The shape of a board.
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) cells: usize,
    /// The neighbour of each cell in each direction of [`ORDER`], or [`NONE`].
    pub(crate) next: Vec<[u8; 4]>,
    /// Every cell.
    pub(crate) full: u64,
    /// Every cell but those of the first column.
    not_first_col: u64,
    /// Every cell but those of the last column.
    not_last_col: u64,
}

impl Geometry {
    pub(crate) fn new(rows: usize, cols: usize) -> Geometry {
        let cells = rows * cols;
        let next = (0..cells)
            .map(|c| {
                let (r, k) = (c / cols, c % cols);
                ORDER.map(|dir| {
                    let (dr, dc) = dir.delta();
                    let (nr, nk) = (r as isize + dr, k as isize + dc);
                    if (0..rows as isize).contains(&nr) && (0..cols as isize).contains(&nk) {
                        (nr as usize * cols + nk as usize) as u8
                    } else {
                        NONE
                    }
                })
            })
            .collect();
        let mask = |keep: &dyn Fn(usize) -> bool| {
            (0..cells)
                .filter(|&c| keep(c))
                .fold(0u64, |m, c| m | 1 << c)
        };
        Geometry {
            rows,
            cols,
            cells,
            next,
            full: mask(&|_| true),
            not_first_col: mask(&|c| c % cols != 0),
            not_last_col: mask(&|c| c % cols != cols - 1),
        }
    }

    /// The row and column of `cell`.
    #[inline]
    pub(crate) fn place(&self, cell: usize) -> (usize, usize) {
        (cell / self.cols, cell % self.cols)
    }

    /// The cells of `free` connected to those of `seed` through cells of `free`.
    #[inline]
    pub(crate) fn flood(&self, free: u64, seed: u64) -> u64 {
        let mut region = seed & free;
        // Each round but the last adds a cell: 64 rounds are enough for any board.
        for _ in 0..64 {
            let grown = (region
                | ((region << 1) & self.not_first_col)
                | ((region >> 1) & self.not_last_col)
                | region.checked_shl(self.cols as u32).unwrap_or(0)
                | region.checked_shr(self.cols as u32).unwrap_or(0))
                & free;
            if grown == region {
                break;
            }
            region = grown;
        }
        region
    }

    /// The cells next to `cell`, as a mask.
    pub(crate) fn around(&self, cell: usize) -> u64 {
        self.next[cell]
            .iter()
            .filter(|&&n| n != NONE)
            .fold(0, |m, &n| m | 1 << n)
    }
}

/// A position with every tile named by its goal cell: `cells[c]` is the goal cell of
/// the tile on `c`, and the blank is named by its own goal cell, so the goal is
/// `cells[c] == c` everywhere. Every search works on this form, whatever the goal.
#[derive(Clone, Debug)]
pub(crate) struct Labelled {
    pub(crate) cells: Vec<u8>,
    /// The blank's cell.
    pub(crate) blank: usize,
    /// The blank's name: its goal cell.
    pub(crate) blank_label: u8,
}

impl Labelled {
    /// The start of `board`, named by the goal.
    pub(crate) fn start(board: &Board) -> Labelled {
        let mut label = [0u8; 64];
        for (cell, &value) in board.goal().iter().enumerate() {
            label[usize::from(value)] = cell as u8;
        }
        let cells: Vec<u8> = board
            .start()
            .iter()
            .map(|&v| label[usize::from(v)])
            .collect();
        let blank = board.start().iter().position(|&v| v == BLANK).unwrap_or(0);
        Labelled {
            cells,
            blank,
            blank_label: label[usize::from(BLANK)],
        }
    }

    /// Whether every tile is home.
    pub(crate) fn is_goal(&self) -> bool {
        self.cells
            .iter()
            .enumerate()
            .all(|(c, &v)| usize::from(v) == c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_order_is_the_four_letters_each_once() {
        let mut seen = std::collections::HashSet::new();
        for a in "DLRU".chars() {
            for b in "DLRU".chars() {
                for c in "DLRU".chars() {
                    for d in "DLRU".chars() {
                        let text: String = [a, b, c, d].into_iter().collect();
                        let parsed = text.parse::<MoveOrder>();
                        let distinct = [a, b, c, d]
                            .into_iter()
                            .collect::<std::collections::HashSet<_>>()
                            .len();
                        if distinct == 4 {
                            let order = parsed.unwrap();
                            assert_eq!(order.to_string(), text);
                            assert_eq!(text.to_lowercase().parse::<MoveOrder>(), Ok(order));
                            let letters: String = order.dirs().iter().map(|d| d.letter()).collect();
                            assert_eq!(letters, text);
                            seen.insert(order);
                        } else {
                            assert!(parsed.is_err(), "{text}");
                        }
                    }
                }
            }
        }
        assert_eq!(seen.len(), 24);
        assert_eq!(MoveOrder::default().to_string(), "DLRU");
        assert_eq!(MoveOrder::LETTERS.dirs(), ORDER);
        for bad in ["", "DLR", "DLRUD", "DLRX", "D LRU", "DLRU "] {
            let error = bad.parse::<MoveOrder>().unwrap_err().to_string();
            assert!(
                error.starts_with("expected the letters D, L, R and U, each once")
                    && error.ends_with(&format!("found {bad:?}")),
                "{error}"
            );
        }
    }

    #[test]
    fn neighbours_follow_the_letter_order() {
        let geo = Geometry::new(2, 3);
        // Cell 1 (row 0, column 1): down 4, left 0, right 2, up none.
        assert_eq!(geo.next[1], [4, 0, 2, NONE]);
        assert_eq!(geo.next[5], [NONE, 4, NONE, 2]);
        assert_eq!(geo.around(4), 0b10_1010);
    }

    #[test]
    fn flood_stays_in_its_region() {
        let geo = Geometry::new(3, 3);
        // A wall down the middle column: the left column is a region of its own.
        let free = geo.full & !0b010_010_010;
        assert_eq!(geo.flood(free, 1), 0b001_001_001);
        assert_eq!(geo.flood(geo.full, 1), geo.full);
    }

    /// The flood against a breadth-first search over `around`, on random masks of
    /// boards of several shapes (up to the full 64 cells), from random seeds.
    #[test]
    fn flood_is_a_breadth_first_search_of_the_free_cells() {
        let mut rng = grid_core::SplitMix64::new(9);
        for (rows, cols) in [(3, 3), (4, 4), (5, 5), (2, 7), (8, 8), (1, 6)] {
            let geo = Geometry::new(rows, cols);
            for _ in 0..300 {
                // About two cells in three free.
                let free = rng.next_u64() | rng.next_u64();
                let free = free & geo.full;
                let seed = 1u64 << rng.index(rows * cols);
                let mut region = seed & free;
                let mut queue: Vec<usize> = (0..64).filter(|&c| region >> c & 1 == 1).collect();
                while let Some(cell) = queue.pop() {
                    let mut next = geo.around(cell) & free & !region;
                    region |= next;
                    while next != 0 {
                        queue.push(next.trailing_zeros() as usize);
                        next &= next - 1;
                    }
                }
                assert_eq!(
                    geo.flood(free, seed),
                    region,
                    "{rows}x{cols} {free:b} {seed:b}"
                );
            }
        }
    }

    #[test]
    fn labels_are_goal_cells() {
        let board = Board::new(2, 2, &[3, 0, 1, 2], &[0, 1, 2, 3]).unwrap();
        let labelled = Labelled::start(&board);
        assert_eq!(labelled.cells, [3, 0, 1, 2]);
        assert_eq!((labelled.blank, labelled.blank_label), (1, 0));
        let board = Board::new(2, 2, &[3, 0, 1, 2], &[1, 2, 3, 0]).unwrap();
        let labelled = Labelled::start(&board);
        assert_eq!(labelled.cells, [2, 3, 0, 1]);
        assert_eq!(labelled.blank_label, 3);
    }
}
