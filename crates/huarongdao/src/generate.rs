//! A seeded generator of valid random boards and queries.

use crate::{Board, Query};
use grid_core::{Pos, SplitMix64};
use std::fmt;
use std::str::FromStr;

/// The shape of a generated board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Each cell fixed with probability `density` percent.
    Random,
    /// A maze of one-cell corridors between fixed pillars; each wall the maze keeps
    /// stays with probability `density` percent (100: a perfect maze, 0: an open grid
    /// of pillars).
    Corridors,
    /// Rooms split by walls with one-cell doors (recursive division); each wall cell
    /// stays with probability `density` percent.
    Rooms,
}

impl Family {
    /// Every family, for documentation and exhaustive tests.
    pub const ALL: [Family; 3] = [Family::Random, Family::Corridors, Family::Rooms];

    /// The family's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Family::Random => "random",
            Family::Corridors => "corridors",
            Family::Rooms => "rooms",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Family {
    type Err = String;

    fn from_str(s: &str) -> Result<Family, String> {
        Family::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| format!("expected one of random, corridors, rooms, found {s:?}"))
    }
}

/// What to generate. The same parameters give the same board and queries on every
/// platform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenParams {
    pub family: Family,
    pub rows: usize,
    pub cols: usize,
    /// Percent, 0..=100; see [`Family`].
    pub density: u32,
    pub queries: usize,
    pub seed: u64,
}

/// A board of `params`' family and size with `params.queries` valid queries.
///
/// Queries put the blank and the piece on distinct movable cells; about one target in
/// twenty is the piece's own cell and one in twenty is any cell (fixed ones included),
/// the rest are movable cells. A board with fewer than two movable cells gets two (or,
/// if it has fewer than two cells, no queries).
///
/// ```
/// use huarongdao::generate::{generate, Family, GenParams};
///
/// let params = GenParams { family: Family::Rooms, rows: 12, cols: 9, density: 90, queries: 5, seed: 1 };
/// let (board, queries) = generate(&params);
/// assert_eq!((board.rows(), board.cols(), queries.len()), (12, 9, 5));
/// assert!(queries.iter().all(|q| board.check(q).is_ok()));
/// assert_eq!(generate(&params), (board, queries)); // reproducible
/// ```
///
/// # Panics
/// If a side is 0, the board is larger than [`crate::MAX_CELLS`] or the density is
/// over 100.
pub fn generate(params: &GenParams) -> (Board, Vec<Query>) {
    assert!(
        params.density <= 100,
        "density {} is over 100",
        params.density
    );
    let mut rng = SplitMix64::new(params.seed);
    let mut board = Board::new(params.rows, params.cols).expect("a valid board size");
    match params.family {
        Family::Random => fill_random(&mut board, &mut rng, params.density),
        Family::Corridors => carve_corridors(&mut board, &mut rng, params.density),
        Family::Rooms => divide_rooms(&mut board, &mut rng, params.density),
    }
    let mut movable = movable_cells(&board);
    if movable.len() < 2 && params.rows * params.cols >= 2 {
        for pos in [Pos::new(0, 0), cell_at(&board, 1)] {
            board.set_movable(pos, true);
        }
        movable = movable_cells(&board);
    }
    let mut queries = Vec::with_capacity(params.queries);
    if movable.len() >= 2 {
        for _ in 0..params.queries {
            queries.push(random_query(&board, &movable, &mut rng));
        }
    }
    (board, queries)
}

fn cell_at(board: &Board, i: usize) -> Pos {
    Pos::new(i / board.cols(), i % board.cols())
}

fn movable_cells(board: &Board) -> Vec<Pos> {
    (0..board.rows() * board.cols())
        .map(|i| cell_at(board, i))
        .filter(|&p| board.is_movable(p))
        .collect()
}

fn random_query(board: &Board, movable: &[Pos], rng: &mut SplitMix64) -> Query {
    let blank = movable[rng.index(movable.len())];
    let piece = loop {
        let p = movable[rng.index(movable.len())];
        if p != blank {
            break p;
        }
    };
    let target = match rng.below(20) {
        0 => piece,
        1 => cell_at(board, rng.index(board.rows() * board.cols())),
        _ => movable[rng.index(movable.len())],
    };
    Query::new(blank, piece, target)
}

fn fill_random(board: &mut Board, rng: &mut SplitMix64, density: u32) {
    for i in 0..board.rows() * board.cols() {
        if rng.percent(density) {
            board.set_movable(cell_at(board, i), false);
        }
    }
}

/// A depth-first maze over the cells with both coordinates even; the cells between two
/// such cells are walls the maze opens or keeps; cells with both coordinates odd are
/// pillars.
fn carve_corridors(board: &mut Board, rng: &mut SplitMix64, density: u32) {
    let (rows, cols) = (board.rows(), board.cols());
    for r in 0..rows {
        for c in 0..cols {
            if r % 2 == 1 || c % 2 == 1 {
                board.set_movable(Pos::new(r, c), false);
            }
        }
    }
    let (mr, mc) = (rows.div_ceil(2), cols.div_ceil(2));
    let mut seen = vec![false; mr * mc];
    let mut stack = vec![(0usize, 0usize)];
    seen[0] = true;
    while let Some(&(r, c)) = stack.last() {
        let mut next = [(0, 0); 4];
        let mut count = 0;
        for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) else {
                continue;
            };
            if nr < mr && nc < mc && !seen[nr * mc + nc] {
                next[count] = (nr, nc);
                count += 1;
            }
        }
        if count == 0 {
            stack.pop();
            continue;
        }
        let (nr, nc) = next[rng.index(count)];
        seen[nr * mc + nc] = true;
        board.set_movable(Pos::new(r + nr, c + nc), true); // the wall between them
        stack.push((nr, nc));
    }
    // Knock out walls (never pillars) to make loops.
    for r in 0..rows {
        for c in 0..cols {
            let pos = Pos::new(r, c);
            if (r % 2 == 1) != (c % 2 == 1) && !board.is_movable(pos) && !rng.percent(density) {
                board.set_movable(pos, true);
            }
        }
    }
}

/// Recursive division: split a region by a wall with one door, recurse on both halves.
fn divide_rooms(board: &mut Board, rng: &mut SplitMix64, density: u32) {
    let mut regions = vec![(0, 0, board.rows(), board.cols())];
    let mut walls = Vec::new();
    while let Some((r0, c0, h, w)) = regions.pop() {
        let split_rows = h >= 5 && (w < 5 || h > w || (h == w && rng.percent(50)));
        if split_rows {
            let wall = r0 + 1 + 2 * rng.index((h - 1) / 2);
            let door = c0 + rng.index(w);
            for c in c0..c0 + w {
                if c != door {
                    walls.push(Pos::new(wall, c));
                }
            }
            regions.push((r0, c0, wall - r0, w));
            regions.push((wall + 1, c0, r0 + h - wall - 1, w));
        } else if w >= 5 {
            let wall = c0 + 1 + 2 * rng.index((w - 1) / 2);
            let door = r0 + rng.index(h);
            for r in r0..r0 + h {
                if r != door {
                    walls.push(Pos::new(r, wall));
                }
            }
            regions.push((r0, c0, h, wall - c0));
            regions.push((r0, wall + 1, h, c0 + w - wall - 1));
        }
    }
    for pos in walls {
        if rng.percent(density) {
            board.set_movable(pos, false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_gives_valid_queries() {
        for family in Family::ALL {
            for seed in 0..20 {
                for (rows, cols) in [(1, 1), (1, 2), (1, 7), (6, 1), (5, 5), (8, 8), (9, 30)] {
                    let params = GenParams {
                        family,
                        rows,
                        cols,
                        density: (seed as u32 * 7) % 101,
                        queries: 6,
                        seed,
                    };
                    let (board, queries) = generate(&params);
                    assert_eq!((board.rows(), board.cols()), (rows, cols));
                    let expected = if rows * cols >= 2 { 6 } else { 0 };
                    assert_eq!(queries.len(), expected, "{params:?}");
                    for q in &queries {
                        assert_eq!(board.check(q), Ok(()), "{params:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn random_density_is_roughly_respected() {
        for density in [0, 15, 60] {
            let params = GenParams {
                family: Family::Random,
                rows: 40,
                cols: 40,
                density,
                queries: 0,
                seed: 3,
            };
            let (board, _) = generate(&params);
            let fixed = movable_cells(&board).len().abs_diff(1600);
            let expected = 1600 * density as usize / 100;
            assert!(fixed.abs_diff(expected) <= 80, "{density}%: {fixed} fixed");
        }
    }

    #[test]
    fn family_names_round_trip() {
        for f in Family::ALL {
            assert_eq!(f.name().parse::<Family>(), Ok(f));
        }
        assert!("maze".parse::<Family>().is_err());
    }
}
