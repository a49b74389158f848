//! The visited states of a search: one byte per state seen, in a store sized to the
//! states the search reaches rather than to every state there could be.
//!
//! The state space is `head squares x 4 * 3^(L-2)` shapes: 24 million for a 30 x 30
//! lair with L = 10, 212 million with L = 12, where a typical search sees a few hundred
//! states. A flat array of a byte per possible state costs, per search, either the
//! zeroing of all of it (the allocator hands back memory it has used before, which
//! `calloc` must clear) or a page fault per page touched; for the searches that see
//! few states that was nearly all the work. So a search starts with a small hash table
//! (open addressing, linear probing, a state and its byte packed in one `u64`) and
//! moves to the flat array only when the table would grow past the array's size: then
//! the search has seen a state for every 32 bytes of the array (or more), and the
//! array's zeroing is paid for by that work. A space too large for a flat array
//! ([`Visited::reset`]'s `dense_limit`) stays in the table, up to a number of states.

use grid_core::LimitError;
use grid_core::memory::{AllocError, try_resize, try_vec};
use std::fmt;

/// Slots of a fresh table (8 bytes each): a search that sees up to half as many
/// states never allocates.
const INITIAL_SLOTS: usize = 1 << 8;

/// What the store is called in a refusal.
const STORE: &str = "the table of visited states";

/// Fibonacci hashing's multiplier (2^64 over the golden ratio): consecutive states,
/// such as the shapes at one head square, land far apart.
const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

/// One byte per visited state; a state not visited reads 0.
///
/// Bytes stored must not be 0 (the table tells an empty slot by it).
pub(crate) struct Visited {
    /// Slots of a fresh table: [`INITIAL_SLOTS`] but in tests.
    initial_slots: usize,
    /// While no flat array is in use: slots of `state << 8 | byte`, 0 when empty;
    /// a power of two long, at most half full.
    table: Vec<u64>,
    /// `64 - log2(table.len())`: a hash's top bits index the table.
    shift: u32,
    /// States stored.
    len: usize,
    /// The flat array, one byte per possible state, once the search moved to it; empty
    /// while the table is in use.
    dense: Vec<u8>,
    /// The number of possible states of this search.
    states: u64,
    /// Whether the space is small enough for a flat array.
    may_densify: bool,
    /// Most states the table may hold when it may not move to a flat array.
    limit: usize,
}

impl Default for Visited {
    fn default() -> Visited {
        Visited::with_initial_slots(INITIAL_SLOTS)
    }
}

impl fmt::Debug for Visited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Visited")
            .field("states", &self.states)
            .field("len", &self.len)
            .field("dense", &self.is_dense())
            .field("table_slots", &self.table.len())
            .finish()
    }
}

impl Visited {
    /// An empty store whose tables start at `slots` slots (a power of two, 2 or more), so that
    /// tests on small games see every form the store takes.
    pub(crate) fn with_initial_slots(slots: usize) -> Visited {
        debug_assert!(slots.is_power_of_two() && slots >= 2);
        Visited {
            initial_slots: slots,
            table: Vec::new(),
            shift: 0,
            len: 0,
            dense: Vec::new(),
            states: 0,
            may_densify: false,
            limit: 0,
        }
    }

    /// Empties the store for a search over `states` possible states (`0..states`).
    /// Up to `dense_limit` states, the store may become a flat array of a byte per
    /// state; beyond, it stays a hash table and refuses to hold more than `limit`
    /// states.
    ///
    /// Costs O(the states of the last search) at most: a table the last search grew
    /// is dropped, not cleared, and so is a flat array.
    ///
    /// # Errors
    /// When the memory for the store is refused.
    pub(crate) fn reset(
        &mut self,
        states: u64,
        dense_limit: u64,
        limit: usize,
    ) -> Result<(), AllocError> {
        let small = self.initial_slots * 8;
        self.states = states;
        self.may_densify = states <= dense_limit;
        self.limit = limit;
        self.len = 0;
        if self.dense.capacity() > small {
            self.dense = Vec::new();
        }
        self.dense.clear();
        if self.may_densify && states <= small as u64 {
            // No larger than a fresh table: flat from the start.
            self.table = Vec::new();
            try_resize(&mut self.dense, states as usize, 0, STORE)?;
        } else if self.table.len() == self.initial_slots {
            self.table.fill(0);
        } else {
            self.table = Vec::new();
            self.table = try_vec(self.initial_slots, 0, STORE)?;
        }
        self.shift = 64 - self.initial_slots.trailing_zeros();
        Ok(())
    }

    /// Whether the store is a flat array (for tests).
    pub(crate) fn is_dense(&self) -> bool {
        self.table.is_empty()
    }

    /// The byte of `state`, 0 if it was never set.
    #[inline]
    pub(crate) fn get(&self, state: u64) -> u8 {
        if self.is_dense() {
            return self.dense[state as usize];
        }
        let mask = self.table.len() - 1;
        let mut slot = self.slot(state);
        loop {
            let entry = self.table[slot];
            if entry == 0 {
                return 0;
            }
            if entry >> 8 == state {
                return entry as u8;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Sets the byte of `state` to `byte` (not 0) if it has none yet; returns whether it
    /// did.
    ///
    /// # Errors
    /// [`LimitError::Memory`] if `state` is new and the store, a table that may not
    /// become a flat array, holds its limit of states already.
    #[inline]
    pub(crate) fn insert(&mut self, state: u64, byte: u8) -> Result<bool, LimitError> {
        debug_assert!(byte != 0 && state < self.states);
        if self.is_dense() {
            let slot = &mut self.dense[state as usize];
            if *slot != 0 {
                return Ok(false);
            }
            *slot = byte;
            self.len += 1;
            return Ok(true);
        }
        let mask = self.table.len() - 1;
        let mut slot = self.slot(state);
        loop {
            let entry = self.table[slot];
            if entry == 0 {
                break;
            }
            if entry >> 8 == state {
                return Ok(false);
            }
            slot = (slot + 1) & mask;
        }
        if !self.may_densify && self.len >= self.limit {
            return Err(LimitError::Memory(self.len as u64));
        }
        if 2 * (self.len + 1) > self.table.len() {
            self.grow()?;
            return self.insert(state, byte);
        }
        self.table[slot] = state << 8 | u64::from(byte);
        self.len += 1;
        Ok(true)
    }

    /// The table's slot where the search for `state` starts.
    #[inline]
    fn slot(&self, state: u64) -> usize {
        (state.wrapping_mul(MULTIPLIER) >> self.shift) as usize
    }

    /// Doubles the table, or moves to a flat array once that is no larger; when the
    /// memory for either is refused, the table is kept as it was.
    #[cold]
    fn grow(&mut self) -> Result<(), AllocError> {
        let slots = 2 * self.table.len();
        if self.may_densify && (slots * 8) as u64 >= self.states {
            self.dense = try_vec(self.states as usize, 0, STORE)?;
            let old = std::mem::take(&mut self.table);
            for entry in old.into_iter().filter(|&entry| entry != 0) {
                self.dense[(entry >> 8) as usize] = entry as u8;
            }
            return Ok(());
        }
        let new = try_vec(slots, 0, STORE)?;
        let old = std::mem::replace(&mut self.table, new);
        self.shift -= 1;
        let mask = slots - 1;
        for entry in old.into_iter().filter(|&entry| entry != 0) {
            let mut slot = self.slot(entry >> 8);
            while self.table[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.table[slot] = entry;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    proptest! {
        /// The store answers as a map would, whichever form it takes, and moves to a
        /// flat array only when allowed and when the table would outgrow it.
        #[test]
        fn behaves_as_a_map(
            states in 1u64..200_000,
            dense_limit in prop_oneof![Just(0u64), Just(u64::MAX), 0u64..200_000],
            limit in 1usize..5_000,
            picks in prop::collection::vec((any::<u64>(), 1u8..=255), 0..6_000),
            again in 0usize..3,
            initial_log in 1u32..=9,
        ) {
            let initial = 1usize << initial_log;
            let mut visited = Visited::with_initial_slots(initial);
            // The same store through several searches: reset must forget everything.
            for _ in 0..=again {
                visited.reset(states, dense_limit, limit).unwrap();
                let mut model = HashMap::new();
                for &(pick, byte) in &picks {
                    let state = pick % states;
                    match visited.insert(state, byte) {
                        Ok(inserted) => {
                            prop_assert_eq!(inserted, !model.contains_key(&state));
                            model.entry(state).or_insert(byte);
                        }
                        Err(LimitError::Memory(held)) => {
                            prop_assert!(states > dense_limit);
                            prop_assert_eq!(held as usize, model.len());
                            prop_assert!(model.len() >= limit);
                            prop_assert!(!model.contains_key(&state));
                            break;
                        }
                        Err(e) => panic!("unexpected {e}"),
                    }
                }
                if states > dense_limit {
                    prop_assert!(model.len() <= limit);
                }
                prop_assert_eq!(visited.len, model.len());
                if visited.is_dense() {
                    prop_assert!(states <= dense_limit);
                    prop_assert!(
                        states <= (initial * 8) as u64 || 32 * model.len() >= states as usize
                    );
                } else {
                    prop_assert!(2 * model.len() <= visited.table.len());
                }
                for &(pick, _) in &picks {
                    let state = pick % states;
                    prop_assert_eq!(visited.get(state), model.get(&state).copied().unwrap_or(0));
                }
                prop_assert_eq!(visited.get(states - 1), model.get(&(states - 1)).copied().unwrap_or(0));
            }
        }
    }

    /// The home slot of `state` in a table of `slots` slots, worked out here on its own:
    /// the top bits of the state times 2^64 over the golden ratio (Fibonacci hashing).
    fn home(state: u64, slots: usize) -> usize {
        (state.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - slots.trailing_zeros())) as usize
    }

    /// The table holds exactly the `stored` states with their bytes, each in one slot
    /// reached from its home slot over occupied slots only (linear probing), at most
    /// half full, and its shift matches its size.
    fn check_table(visited: &Visited, stored: &[(u64, u8)]) {
        let table = &visited.table;
        let slots = table.len();
        assert!(slots.is_power_of_two(), "{slots} slots");
        assert_eq!(visited.shift, 64 - slots.trailing_zeros(), "{slots} slots");
        assert_eq!(visited.len, stored.len());
        assert!(
            2 * stored.len() <= slots,
            "{} states in {slots} slots",
            stored.len()
        );
        assert_eq!(table.iter().filter(|&&e| e != 0).count(), stored.len());
        for &(state, byte) in stored {
            let entry = state << 8 | u64::from(byte);
            let at = table.iter().position(|&e| e == entry);
            let at = at.unwrap_or_else(|| panic!("state {state} not in {table:x?}"));
            let mut slot = home(state, slots);
            while slot != at {
                assert_ne!(table[slot], 0, "state {state} in slot {at}: {table:x?}");
                slot = (slot + 1) % slots;
            }
        }
    }

    /// A small table step by step: a state goes to its home slot, or to the next free
    /// one after it (wrapping round the end); each is found again by the same probe; and
    /// a table that grows keeps every state, re-placed by the larger table's hash.
    /// Checked after every step, so that a wrong slot fails here rather than making a
    /// later probe go round for ever; and named to run before this module's other tests
    /// (nextest runs a binary's tests in order of name), which may hang on such a probe.
    #[test]
    fn a_probe_starts_at_the_states_home_slot_and_goes_on_to_the_next_free_one() {
        // First, a table that may turn flat grows only when half full: one state keeps it
        // as it is (a table that grew on every insert would turn flat here, where one
        // that may not would grow for ever).
        let mut flat = Visited::with_initial_slots(8);
        flat.reset(4096, u64::MAX, 0).unwrap();
        assert!(!flat.is_dense());
        assert_eq!(flat.insert(7, 0x80), Ok(true));
        assert!(!flat.is_dense());
        assert_eq!(flat.table.len(), 8);
        let mut visited = Visited::with_initial_slots(8);
        visited.reset(1 << 20, 0, 1000).unwrap();
        assert!(!visited.is_dense());
        assert_eq!(visited.table.len(), 8);
        // 15 and 28 share home slot 2 (and 4 of 16 slots); 8 and 21 share slot 7 (and 15).
        let (a, b, c, d) = (15, 28, 8, 21);
        assert_eq!([a, b, c, d].map(|s| home(s, 8)), [2, 2, 7, 7]);
        assert_eq!([a, b, c, d].map(|s| home(s, 16)), [4, 4, 15, 15]);
        let mut stored = Vec::new();
        for (state, byte) in [(a, 0x81), (b, 0x82)] {
            assert_eq!(visited.insert(state, byte), Ok(true));
            stored.push((state, byte));
            check_table(&visited, &stored);
            assert_eq!(visited.get(state), byte);
        }
        assert_eq!(visited.table[2..4], [a << 8 | 0x81, b << 8 | 0x82]);
        assert_eq!(visited.get(a), 0x81, "the first of a run of states");
        for (state, byte) in [(c, 0x83), (d, 0x84)] {
            assert_eq!(visited.insert(state, byte), Ok(true));
            stored.push((state, byte));
            check_table(&visited, &stored);
            assert_eq!(visited.get(state), byte);
        }
        assert_eq!(
            visited.table[0],
            d << 8 | 0x84,
            "past the end, the probe wraps"
        );
        assert_eq!(visited.insert(b, 0x85), Ok(false));
        assert_eq!(visited.get(b), 0x82, "a state's byte is set once");
        // Absent states whose probes cross the runs: 49 starts at slot 2, 29 at slot 7.
        assert_eq!([home(49, 8), home(29, 8)], [2, 7]);
        assert_eq!(visited.get(49), 0);
        assert_eq!(visited.get(29), 0);
        // Doubled: 4 of 8 slots is full, and the states move to their new homes.
        visited.grow().unwrap();
        assert_eq!(visited.table.len(), 16);
        check_table(&visited, &stored);
        for &(state, byte) in &stored {
            assert_eq!(visited.get(state), byte);
        }
        // More states, up to half of 16 slots, then a ninth doubles the table again.
        for state in 100..105 {
            assert_eq!(visited.insert(state, 0x86), Ok(true));
            stored.push((state, 0x86));
            check_table(&visited, &stored);
        }
        assert_eq!(visited.table.len(), 32, "the ninth state doubled 16 slots");
        for &(state, byte) in &stored {
            assert_eq!(visited.get(state), byte);
        }
        assert_eq!(visited.get(49), 0);
    }

    /// A reset keeps a flat array no larger than a fresh table (the next search reuses
    /// it) and drops a larger one, so that a reset costs no more than the last search.
    /// (No lookup in a table here, and two states at most in one: this test must end
    /// on every wrong probe, for the one that catches it to run.)
    #[test]
    fn a_reset_drops_a_flat_array_larger_than_a_fresh_table() {
        let mut visited = Visited::with_initial_slots(2);
        // 16 states: flat from the start, as large as a table of 2 slots of 8 bytes.
        visited.reset(16, u64::MAX, 0).unwrap();
        assert!(visited.is_dense());
        assert_eq!(visited.insert(5, 0x80), Ok(true));
        assert_eq!(visited.dense.capacity(), 16);
        visited.reset(16, u64::MAX, 0).unwrap();
        assert_eq!(visited.get(5), 0, "a kept array is cleared");
        assert_eq!(visited.insert(5, 0x80), Ok(true));
        visited.reset(1 << 20, 0, 100).unwrap();
        assert!(!visited.is_dense());
        assert_eq!(visited.dense.capacity(), 16, "kept");
        assert_eq!((visited.len, visited.table.as_slice()), (0, &[0, 0][..]));
        // 32 states: a table of 2 slots, whose doubling would be as large as a flat array.
        visited.reset(32, u64::MAX, 0).unwrap();
        assert!(!visited.is_dense());
        assert_eq!(visited.insert(0, 0x80), Ok(true));
        assert_eq!(visited.insert(1, 0x80), Ok(true));
        assert!(visited.is_dense());
        assert_eq!(visited.dense.capacity(), 32);
        visited.reset(1 << 20, 0, 100).unwrap();
        assert_eq!(visited.dense.capacity(), 0, "dropped");
    }

    #[test]
    fn the_debug_form_shows_the_stores_size_and_form() {
        let mut visited = Visited::with_initial_slots(8);
        visited.reset(1 << 20, 0, 100).unwrap();
        assert_eq!(visited.insert(3, 0x80), Ok(true));
        assert_eq!(
            format!("{visited:?}"),
            "Visited { states: 1048576, len: 1, dense: false, table_slots: 8 }"
        );
        visited.reset(64, u64::MAX, 0).unwrap();
        assert_eq!(
            format!("{visited:?}"),
            "Visited { states: 64, len: 0, dense: true, table_slots: 0 }"
        );
    }

    #[test]
    fn a_search_that_sees_many_states_moves_to_a_flat_array() {
        let mut visited = Visited::default();
        visited.reset(1 << 20, u64::MAX, 0).unwrap();
        assert!(!visited.is_dense());
        for state in 0..1 << 15 {
            assert_eq!(visited.insert(state * 7 % (1 << 20), 0x80), Ok(true));
        }
        assert!(
            !visited.is_dense(),
            "2^15 states in 2^16 slots: 512 KiB < 1 MiB"
        );
        assert_eq!(visited.insert(1, 0x81), Ok(true));
        assert!(visited.is_dense(), "2^17 slots would be 1 MiB");
        assert_eq!(visited.get(7), 0x80);
        assert_eq!(visited.get(1), 0x81);
        assert_eq!(visited.get(2), 0);
        // The next search starts small again.
        visited.reset(1 << 20, u64::MAX, 0).unwrap();
        assert!(!visited.is_dense());
        assert_eq!(visited.table.len(), INITIAL_SLOTS);
        assert_eq!(visited.get(7), 0);
    }

    #[test]
    fn a_space_too_large_for_a_flat_array_stops_at_its_limit() {
        let mut visited = Visited::default();
        visited.reset(1 << 40, 1 << 29, 3000).unwrap();
        for state in 0..3000 {
            assert_eq!(visited.insert(state << 20, 0x80), Ok(true));
        }
        assert_eq!(visited.insert(5, 0x80), Err(LimitError::Memory(3000)));
        assert_eq!(
            visited.insert(7 << 20, 0x80),
            Ok(false),
            "seen states still answer"
        );
        assert!(!visited.is_dense());
    }
}
