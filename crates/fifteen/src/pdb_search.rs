//! IDA* over additive pattern databases, looked up a second time through the board's
//! reflection.
//!
//! A move moves one tile, so it changes one group's entry on each side (the position
//! itself, and its reflection: the reflected tile, in its own group). The search keeps,
//! per side and group, the cells of the group's tiles in its table's frame, the mask
//! of those cells, which tile is on each, and the placement's rank; a move shifts the
//! rank by [`shift`] (a multiplication, rarely an adjustment) and reads one entry. An
//! entry is half the group's excess over its Manhattan distance, so the heuristic is
//! the Manhattan distance (the same on both sides) plus twice the larger side's sum.
//!
//! A position's children are all looked up before any is entered, so that their
//! reads from the tables are under way together; the reflected side is read only for
//! the children that the position's own side did not cut off.

use crate::geometry::{Geometry, Labelled, NONE, ORDER};
use crate::pdb::{Databases, MAX_GROUP, MAX_GROUPS, Table, rank_of, shift, weights};
use grid_core::{Dir, LimitError, Meter, SearchStats};

/// Where a tile is looked up on one side: its group, and its place there.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    group: u8,
    slot: u8,
}

/// The lookups of one side (the position itself, or its reflection).
#[derive(Clone, Debug)]
struct Side {
    /// Per tile label, its group and place.
    slots: [Slot; 64],
    /// Per group, board cell to the table's frame (through the reflection on side 1).
    frames: [[u8; 64]; MAX_GROUPS],
    /// Per group: the rank of its placement, the cells it takes (in the table's
    /// frame) as a mask and tile by tile, the tile on each cell, and the entry.
    index: [usize; MAX_GROUPS],
    taken: [u64; MAX_GROUPS],
    cells: [[u8; MAX_GROUP]; MAX_GROUPS],
    slot_at: [[u8; 64]; MAX_GROUPS],
    entry: [u8; MAX_GROUPS],
    /// The sum of the entries.
    sum: u32,
}

/// A tile's move as one side sees it: the group and tile, the cells in the table's
/// frame, the new rank and entry, and the old entry.
#[derive(Clone, Copy, Debug, Default)]
struct Step {
    index: u32,
    group: u8,
    slot: u8,
    from: u8,
    to: u8,
    entry: u8,
    old: u8,
}

/// An IDA* search of one position.
pub(crate) struct Search<'a> {
    geo: &'a Geometry,
    cells: [u8; 64],
    blank: usize,
    blank_label: u8,
    sides: [Side; 2],
    /// The Manhattan distance of the tiles (the same for the reflection).
    manhattan: u32,
    /// `distance[label * 64 + cell]`: a tile's Manhattan distance from `cell` home.
    distance: Vec<u8>,
    /// Per group, the weights of its table's ranks, and its table.
    weights: [[usize; MAX_GROUP]; MAX_GROUPS],
    tables: [&'a Table; MAX_GROUPS],
    /// Whether side 1 is looked up.
    reflect: bool,
    path: Vec<Dir>,
    meter: &'a mut Meter,
    pub(crate) stats: SearchStats,
    next_bound: u32,
}

impl<'a> Search<'a> {
    pub(crate) fn new(
        geo: &'a Geometry,
        dbs: &'a Databases,
        start: &Labelled,
        meter: &'a mut Meter,
    ) -> Search<'a> {
        let n = geo.cells;
        let identity: Vec<u8> = (0..n as u8).collect();
        let mirror = dbs.reflection.as_deref().unwrap_or(&identity);
        let empty = Side {
            slots: [Slot::default(); 64],
            frames: [[0; 64]; MAX_GROUPS],
            index: [0; MAX_GROUPS],
            taken: [0; MAX_GROUPS],
            cells: [[0; MAX_GROUP]; MAX_GROUPS],
            slot_at: [[0; 64]; MAX_GROUPS],
            entry: [0; MAX_GROUPS],
            sum: 0,
        };
        let mut sides = [empty.clone(), empty];
        for (side_number, side) in sides.iter_mut().enumerate() {
            let through = |cell: usize| {
                if side_number == 0 {
                    cell
                } else {
                    usize::from(mirror[cell])
                }
            };
            for label in 0..n {
                let tile = through(label);
                if tile != usize::from(start.blank_label) {
                    side.slots[label] = Slot {
                        group: dbs.group_of[tile],
                        slot: dbs.slot_of[tile],
                    };
                }
            }
            for (g, group) in dbs.groups.iter().enumerate() {
                for cell in 0..n {
                    side.frames[g][cell] = group.map[through(cell)];
                }
            }
            for (cell, &label) in start.cells.iter().enumerate() {
                if label == start.blank_label {
                    continue;
                }
                let Slot { group, slot } = side.slots[usize::from(label)];
                let g = usize::from(group);
                side.cells[g][usize::from(slot)] = side.frames[g][cell];
            }
            for (g, group) in dbs.groups.iter().enumerate() {
                let k = group.tiles.len();
                side.index[g] = rank_of(&side.cells[g][..k], n);
                for (s, &c) in side.cells[g][..k].iter().enumerate() {
                    side.slot_at[g][usize::from(c)] = s as u8;
                    side.taken[g] |= 1 << c;
                }
                side.entry[g] = dbs.tables[group.table].get(side.index[g]);
                side.sum += u32::from(side.entry[g]);
            }
        }
        let mut distance = vec![0u8; 64 * 64];
        for label in 0..n {
            let (gr, gc) = geo.place(label);
            for cell in 0..n {
                let (r, c) = geo.place(cell);
                distance[label * 64 + cell] = (gr.abs_diff(r) + gc.abs_diff(c)) as u8;
            }
        }
        let manhattan = start
            .cells
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != start.blank_label)
            .map(|(cell, &v)| u32::from(distance[usize::from(v) * 64 + cell]))
            .sum();
        let mut cells = [0u8; 64];
        cells[..n].copy_from_slice(&start.cells);
        let mut weights_of = [[0; MAX_GROUP]; MAX_GROUPS];
        let mut tables = [&dbs.tables[0]; MAX_GROUPS];
        for (g, group) in dbs.groups.iter().enumerate() {
            weights_of[g] = weights(n, group.tiles.len());
            tables[g] = &dbs.tables[group.table];
        }
        Search {
            geo,
            cells,
            blank: start.blank,
            blank_label: start.blank_label,
            sides,
            manhattan,
            distance,
            weights: weights_of,
            tables,
            reflect: dbs.reflection.is_some(),
            path: Vec::new(),
            meter,
            stats: SearchStats::default(),
            next_bound: u32::MAX,
        }
    }

    fn heuristic(&self) -> u32 {
        let excess = if self.reflect {
            self.sides[0].sum.max(self.sides[1].sum)
        } else {
            self.sides[0].sum
        };
        self.manhattan + 2 * excess
    }

    /// Where moving the tile `label` to board cell `cell` takes its group on `side`:
    /// the move, its new rank and the entry there.
    #[inline(always)]
    fn look(&self, side: usize, label: u8, cell: usize) -> Step {
        let side = &self.sides[side & 1];
        let Slot { group, slot } = side.slots[usize::from(label) & 63];
        let (g, s) = (
            usize::from(group) % MAX_GROUPS,
            usize::from(slot) % MAX_GROUP,
        );
        let to = side.frames[g][cell & 63];
        let from = side.cells[g][s];
        let delta = shift(
            &self.weights[g],
            &side.slot_at[g],
            side.taken[g],
            s,
            from,
            to,
        );
        let index = (side.index[g] as isize + delta) as usize;
        Step {
            index: index as u32,
            group: g as u8,
            slot: s as u8,
            from,
            to,
            entry: self.tables[g].get(index),
            old: side.entry[g],
        }
    }

    /// Makes the move `step` looked at on `side`.
    #[inline(always)]
    fn take(&mut self, side: usize, step: &Step) {
        let side = &mut self.sides[side & 1];
        let g = usize::from(step.group) % MAX_GROUPS;
        side.taken[g] ^= (1 << step.from) | (1 << step.to);
        side.cells[g][usize::from(step.slot) % MAX_GROUP] = step.to;
        side.slot_at[g][usize::from(step.to) & 63] = step.slot;
        side.index[g] = step.index as usize;
        side.entry[g] = step.entry;
        side.sum = side.sum + u32::from(step.entry) - u32::from(step.old);
    }

    /// Undoes [`Search::take`], back to the rank `index`.
    #[inline(always)]
    fn untake(&mut self, side: usize, step: &Step, index: usize) {
        let side = &mut self.sides[side & 1];
        let g = usize::from(step.group) % MAX_GROUPS;
        side.taken[g] ^= (1 << step.from) | (1 << step.to);
        side.cells[g][usize::from(step.slot) % MAX_GROUP] = step.from;
        side.slot_at[g][usize::from(step.from) & 63] = step.slot;
        side.index[g] = index;
        side.entry[g] = step.old;
        side.sum = side.sum + u32::from(step.old) - u32::from(step.entry);
    }

    /// Runs IDA* to the first shortest path in [`ORDER`].
    pub(crate) fn run(mut self) -> Result<(Option<Vec<Dir>>, SearchStats), LimitError> {
        let mut bound = self.heuristic();
        loop {
            self.next_bound = u32::MAX;
            if self.dfs(0, bound, usize::MAX)? {
                self.path.reverse();
                return Ok((Some(self.path), self.stats));
            }
            if self.next_bound == u32::MAX {
                return Ok((None, self.stats));
            }
            bound = self.next_bound;
        }
    }

    /// As [`crate::manhattan`]'s search: below the current position, `g` moves from the
    /// start, to `bound`, never undoing the last move.
    fn dfs(&mut self, g: u32, bound: u32, back: usize) -> Result<bool, LimitError> {
        if self.manhattan == 0 {
            return Ok(true);
        }
        self.stats.expanded += 1;
        let at = self.blank;
        let next = self.geo.next[at];
        // Per child: the Manhattan distance, the own side's step and f by it alone.
        let mut children = [(0u32, Step::default(), u32::MAX); 4];
        for (k, &to) in next.iter().enumerate() {
            if k == back || to == NONE {
                continue;
            }
            let to = usize::from(to);
            let tile = self.cells[to & 63];
            let row = usize::from(tile) * 64;
            let manhattan = self.manhattan + u32::from(self.distance[row + at])
                - u32::from(self.distance[row + to]);
            let own = self.look(0, tile, at);
            let excess = self.sides[0].sum + u32::from(own.entry) - u32::from(own.old);
            children[k] = (manhattan, own, g + 1 + manhattan + 2 * excess);
        }
        // The reflected side, for the children the own side let through.
        let mut images = [Step::default(); 4];
        if self.reflect {
            for (k, &(_, _, f)) in children.iter().enumerate() {
                if f <= bound {
                    let tile = self.cells[usize::from(next[k]) & 63];
                    images[k] = self.look(1, tile, at);
                }
            }
        }
        for (k, &(manhattan, own, f)) in children.iter().enumerate() {
            if f == u32::MAX {
                continue;
            }
            self.meter.charge(1)?;
            self.stats.generated += 1;
            let image = images[k];
            let f = if self.reflect && f <= bound {
                let excess = self.sides[1].sum + u32::from(image.entry) - u32::from(image.old);
                f.max(g + 1 + manhattan + 2 * excess)
            } else {
                f
            };
            if f > bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            let to = usize::from(next[k]);
            let tile = self.cells[to & 63];
            self.cells[at & 63] = tile;
            self.cells[to & 63] = self.blank_label;
            self.blank = to;
            let before = self.manhattan;
            self.manhattan = manhattan;
            let indices = (
                self.sides[0].index[usize::from(own.group) % MAX_GROUPS],
                self.sides[1].index[usize::from(image.group) % MAX_GROUPS],
            );
            self.take(0, &own);
            if self.reflect {
                self.take(1, &image);
            }
            if self.dfs(g + 1, bound, 3 - k)? {
                self.path.push(ORDER[k]);
                return Ok(true);
            }
            if self.reflect {
                self.untake(1, &image, indices.1);
            }
            self.untake(0, &own, indices.0);
            self.manhattan = before;
            self.cells[to & 63] = tile;
            self.cells[at & 63] = self.blank_label;
            self.blank = at;
        }
        Ok(false)
    }
}
