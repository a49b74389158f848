//! IDA* over additive pattern databases, looked up a second time through the board's
//! reflection.
//!
//! A move moves one tile, so it changes one group's entry on each side (the position
//! itself, and its reflection: the reflected tile, in its own group). The search keeps,
//! per side and group, the cells of the group's tiles in its table's frame, the mask
//! of those cells, which tile is on each, and the placement's rank; a move shifts the
//! rank by [`shift`] (a multiplication, rarely an adjustment) and reads one entry. The
//! heuristic is the larger of the two sides' sums.

use crate::geometry::{Geometry, Labelled, NONE, ORDER};
use crate::pdb::{Databases, MAX_GROUP, rank_of, shift, weights};
use grid_core::{Dir, LimitError, Meter, SearchStats};

/// One group's lookup on one side.
#[derive(Clone, Debug)]
struct Lookup {
    /// The rank of the placement in the table.
    index: usize,
    /// The cells of the group's tiles, in the table's frame.
    taken: u64,
    cells: [u8; MAX_GROUP],
    /// The tile (its place in the group) on each cell of `taken`.
    slot_at: [u8; 64],
    /// The entry at `index`.
    entry: u8,
}

/// A tile's move as one side sees it: the group and tile, the cells in the table's
/// frame, the new rank and entry, and the old entry.
#[derive(Clone, Copy, Debug)]
struct Step {
    group: usize,
    slot: usize,
    from: u8,
    to: u8,
    index: usize,
    entry: u8,
    old: u8,
}

/// Where a tile is looked up on one side: its group, its place there, and the map
/// from board cells to the group table's frame.
#[derive(Clone, Copy, Debug)]
struct Slot {
    group: u8,
    slot: u8,
}

/// An IDA* search of one position.
pub(crate) struct Search<'a> {
    geo: &'a Geometry,
    dbs: &'a Databases,
    cells: Vec<u8>,
    blank: usize,
    blank_label: u8,
    /// The lookups of each side: `[0]` the position, `[1]` its reflection.
    lookups: [Vec<Lookup>; 2],
    sums: [u32; 2],
    /// Per side and tile label, the group and place it is looked up in.
    slots: [Vec<Slot>; 2],
    /// Per side and group, board cell to the table's frame (through the reflection on
    /// side 1).
    frames: [Vec<[u8; 64]>; 2],
    /// Per group, the weights of its table's ranks.
    weights: Vec<[usize; MAX_GROUP]>,
    /// The entries of each group's table.
    entries: Vec<&'a [u8]>,
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
        let groups = dbs.groups.len();
        let mut slots = [
            vec![Slot { group: 0, slot: 0 }; n],
            vec![Slot { group: 0, slot: 0 }; n],
        ];
        let mut frames = [vec![[0u8; 64]; groups], vec![[0u8; 64]; groups]];
        for (side, slots) in slots.iter_mut().enumerate() {
            for (label, slot) in slots.iter_mut().enumerate() {
                let tile = if side == 0 {
                    label
                } else {
                    usize::from(mirror[label])
                };
                if tile != usize::from(start.blank_label) {
                    *slot = Slot {
                        group: dbs.group_of[tile],
                        slot: dbs.slot_of[tile],
                    };
                }
            }
        }
        for (g, group) in dbs.groups.iter().enumerate() {
            for cell in 0..n {
                frames[0][g][cell] = group.map[cell];
                frames[1][g][cell] = group.map[usize::from(mirror[cell])];
            }
        }
        let mut lookups = [Vec::with_capacity(groups), Vec::with_capacity(groups)];
        let mut sums = [0u32; 2];
        for side in 0..2 {
            let mut cells = vec![[0u8; MAX_GROUP]; groups];
            for (cell, &label) in start.cells.iter().enumerate() {
                if label == start.blank_label {
                    continue;
                }
                let Slot { group, slot } = slots[side][usize::from(label)];
                let g = usize::from(group);
                cells[g][usize::from(slot)] = frames[side][g][cell];
            }
            for (g, group) in dbs.groups.iter().enumerate() {
                let k = group.tiles.len();
                let index = rank_of(&cells[g][..k], n);
                let mut slot_at = [0u8; 64];
                let mut taken = 0u64;
                for (s, &c) in cells[g][..k].iter().enumerate() {
                    slot_at[usize::from(c)] = s as u8;
                    taken |= 1 << c;
                }
                let entry = dbs.tables[group.table].entries[index];
                sums[side] += u32::from(entry);
                lookups[side].push(Lookup {
                    index,
                    taken,
                    cells: cells[g],
                    slot_at,
                    entry,
                });
            }
        }
        Search {
            geo,
            dbs,
            cells: start.cells.clone(),
            blank: start.blank,
            blank_label: start.blank_label,
            lookups,
            sums,
            slots,
            frames,
            weights: dbs
                .groups
                .iter()
                .map(|g| weights(n, g.tiles.len()))
                .collect(),
            entries: dbs
                .groups
                .iter()
                .map(|g| dbs.tables[g.table].entries.as_slice())
                .collect(),
            reflect: dbs.reflection.is_some(),
            path: Vec::new(),
            meter,
            stats: SearchStats::default(),
            next_bound: u32::MAX,
        }
    }

    fn heuristic(&self) -> u32 {
        if self.reflect {
            self.sums[0].max(self.sums[1])
        } else {
            self.sums[0]
        }
    }

    /// Where moving the tile `label` to board cell `cell` takes its group on `side`:
    /// the move, its new rank and the entry there (read now, so that the reads of all
    /// the children of a position are under way at once).
    #[inline(always)]
    fn look(&self, side: usize, label: u8, cell: usize) -> Step {
        let Slot { group, slot } = self.slots[side][usize::from(label)];
        let (g, s) = (usize::from(group), usize::from(slot));
        let to = self.frames[side][g][cell];
        let lookup = &self.lookups[side][g];
        let from = lookup.cells[s];
        let delta = shift(&self.weights[g], &lookup.slot_at, lookup.taken, s, from, to);
        let index = (lookup.index as isize + delta) as usize;
        Step {
            group: g,
            slot: s,
            from,
            to,
            index,
            entry: self.entries[g][index],
            old: lookup.entry,
        }
    }

    /// Makes the move `step` looked at on `side`.
    #[inline(always)]
    fn take(&mut self, side: usize, step: &Step) {
        let lookup = &mut self.lookups[side][step.group];
        lookup.taken ^= (1 << step.from) | (1 << step.to);
        lookup.cells[step.slot] = step.to;
        lookup.slot_at[usize::from(step.to)] = step.slot as u8;
        lookup.index = step.index;
        lookup.entry = step.entry;
        self.sums[side] = self.sums[side] + u32::from(step.entry) - u32::from(step.old);
    }

    /// Undoes [`Search::take`].
    #[inline(always)]
    fn untake(&mut self, side: usize, step: &Step, index: usize) {
        let lookup = &mut self.lookups[side][step.group];
        lookup.taken ^= (1 << step.from) | (1 << step.to);
        lookup.cells[step.slot] = step.from;
        lookup.slot_at[usize::from(step.from)] = step.slot as u8;
        lookup.index = index;
        lookup.entry = step.old;
        self.sums[side] = self.sums[side] + u32::from(step.old) - u32::from(step.entry);
    }

    /// Runs IDA* to the first shortest path in [`ORDER`].
    pub(crate) fn run(mut self) -> Result<(Option<Vec<Dir>>, SearchStats), LimitError> {
        let _ = self.dbs;
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
    /// start, to `bound`, never undoing the last move. The children's entries are all
    /// read first; a child whose bound is exceeded is then never moved to.
    fn dfs(&mut self, g: u32, bound: u32, back: usize) -> Result<bool, LimitError> {
        if self.sums[0] == 0 {
            return Ok(true);
        }
        self.stats.expanded += 1;
        let at = self.blank;
        let next = self.geo.next[at];
        let mut steps = [None; 4];
        for (k, &to) in next.iter().enumerate() {
            if k == back || to == NONE {
                continue;
            }
            let tile = self.cells[usize::from(to)];
            let own = self.look(0, tile, at);
            let image = if self.reflect {
                self.look(1, tile, at)
            } else {
                own
            };
            steps[k] = Some((own, image));
        }
        for (k, step) in steps.iter().enumerate() {
            let Some((own, image)) = step else {
                continue;
            };
            self.meter.charge(1)?;
            self.stats.generated += 1;
            let h0 = self.sums[0] + u32::from(own.entry) - u32::from(own.old);
            let h = if self.reflect {
                h0.max(self.sums[1] + u32::from(image.entry) - u32::from(image.old))
            } else {
                h0
            };
            let f = g + 1 + h;
            if f > bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            let to = usize::from(next[k]);
            let tile = self.cells[to];
            self.cells[at] = tile;
            self.cells[to] = self.blank_label;
            self.blank = to;
            let indices = (
                self.lookups[0][own.group].index,
                self.lookups[1][image.group].index,
            );
            self.take(0, own);
            if self.reflect {
                self.take(1, image);
            }
            let found = self.dfs(g + 1, bound, 3 - k)?;
            if found {
                self.path.push(ORDER[k]);
                return Ok(true);
            }
            if self.reflect {
                self.untake(1, image, indices.1);
            }
            self.untake(0, own, indices.0);
            self.cells[to] = tile;
            self.cells[at] = self.blank_label;
            self.blank = at;
        }
        Ok(false)
    }
}
