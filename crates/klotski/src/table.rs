//! A set of state codes: open addressing over a flat array of code words, with 0 for an
//! empty slot (and a flag for the code 0 itself).

use crate::word::Word;
use grid_core::memory::{AllocError, try_vec};

/// A set of codes in the word `W` (`u64` or `u128`).
#[derive(Clone, Debug)]
pub(crate) struct CodeSet<W> {
    slots: Vec<W>,
    /// Codes in the slots.
    len: usize,
    /// Whether 0 is in the set.
    zero: bool,
    /// `64 - log2(slots.len())`: a hash's top bits pick the slot.
    shift: u32,
    /// Codes the slots take before they grow (see [`limit`]).
    limit: usize,
}

impl<W> Default for CodeSet<W> {
    fn default() -> CodeSet<W> {
        CodeSet {
            slots: Vec::new(),
            len: 0,
            zero: false,
            shift: 0,
            limit: 0,
        }
    }
}

/// Up to this many slots (8 MiB of `u64`) the set is kept at most a quarter full, so that the
/// first slot probed is nearly always the code or empty; past it, where memory matters
/// more than the cache, at most half full.
const QUARTER_FULL_UP_TO: usize = 1 << 20;

/// How many codes `slots` slots take.
fn limit(slots: usize) -> usize {
    if slots <= QUARTER_FULL_UP_TO {
        slots / 4
    } else {
        slots / 2
    }
}

/// Slots of a new set: 2^12, 32 KiB of `u64`.
const FIRST_SLOTS: usize = 1 << 12;

impl<W: Word> CodeSet<W> {
    /// Empties the set. Its slots are cleared, or replaced by fewer when it held far
    /// fewer codes than it had room for (a large search before many small ones would
    /// make every small one clear and probe a table sized for the large one).
    ///
    /// # Errors
    /// When the memory for the new slots is refused.
    pub(crate) fn clear(&mut self) -> Result<(), AllocError> {
        let wanted = (4 * self.len).next_power_of_two().max(FIRST_SLOTS);
        if self.slots.is_empty() || self.slots.len() > 4 * wanted {
            self.slots = Vec::new();
            self.slots = try_vec(wanted, W::default(), "the set of states")?;
            self.shift = 64 - wanted.trailing_zeros();
            self.limit = limit(wanted);
        } else if self.len > 0 {
            self.slots.fill(W::default());
        }
        self.len = 0;
        self.zero = false;
        Ok(())
    }

    /// Number of codes in the set.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.len + usize::from(self.zero)
    }

    /// Adds `code`; whether it was new.
    ///
    /// # Errors
    /// When the set must grow and the memory is refused (the set is then unchanged).
    #[inline]
    pub(crate) fn insert(&mut self, code: W) -> Result<bool, AllocError> {
        let empty = W::default();
        if code == empty {
            return Ok(!std::mem::replace(&mut self.zero, true));
        }
        if self.len >= self.limit {
            self.grow()?;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(code);
        let mut here = self.slots[i];
        // A quarter full (while the set is small enough to matter), the first slot is nearly always empty or the code: the
        // loop is the exception, and whether the code is new is a value, not a branch
        // (a search finds about as many codes seen as new, in no order a predictor sees).
        while (here != empty) & (here != code) {
            i = (i + 1) & mask;
            here = self.slots[i];
        }
        let new = here == empty;
        self.slots[i] = code;
        self.len += usize::from(new);
        Ok(new)
    }

    /// Whether `code` is in the set.
    #[cfg(test)]
    pub(crate) fn contains(&self, code: W) -> bool {
        let empty = W::default();
        if code == empty {
            return self.zero;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(code);
        loop {
            match self.slots[i] {
                here if here == empty => return false,
                here if here == code => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Fibonacci hashing: the top bits of the code (mixed to 64 bits) times 2^64 / phi.
    #[inline]
    fn slot(&self, code: W) -> usize {
        (code.hash().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Doubles the slots; when the memory is refused, the set keeps its old ones.
    #[cold]
    fn grow(&mut self) -> Result<(), AllocError> {
        let slots = (self.slots.len() * 2).max(FIRST_SLOTS);
        let new = try_vec(slots, W::default(), "the set of states")?;
        let old = std::mem::replace(&mut self.slots, new);
        self.shift = 64 - slots.trailing_zeros();
        self.limit = limit(slots);
        self.len = 0;
        for code in old.into_iter().filter(|&c| c != W::default()) {
            // Half full at most: no growth, so no allocation.
            let _ = self.insert(code);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holds_what_was_inserted_across_growth<W: Word>(codes: &[W]) {
        let mut set = CodeSet::default();
        set.clear().unwrap();
        let insert = |set: &mut CodeSet<W>, c| set.insert(c).unwrap();
        for &c in codes {
            assert!(insert(&mut set, c));
        }
        assert_eq!(set.len(), codes.len());
        assert!(
            codes
                .iter()
                .all(|&c| !insert(&mut set, c) && set.contains(c))
        );
        let (seven, zero) = (W::from(7), W::default());
        assert!(!set.contains(seven) && !set.contains(zero));
        assert!(insert(&mut set, zero) && !insert(&mut set, zero) && set.contains(zero));
        assert_eq!(set.len(), codes.len() + 1);
        set.clear().unwrap();
        assert_eq!(set.len(), 0);
        assert!(!set.contains(codes[0]));
        assert!(insert(&mut set, codes[0]));
    }

    /// A code's first slot is the top bits of its hash times 2^64 / phi, and the hash
    /// is the code itself (`u64`) or its low half xor its high half times an odd
    /// constant (`u128`): codes that differ only in the high half part.
    #[test]
    fn a_code_s_slot_is_the_top_bits_of_its_hash_times_the_golden_ratio() {
        assert_eq!(Word::hash(0x0123_4567_89ab_cdef_u64), 0x0123_4567_89ab_cdef);
        let k = 0xD6E8_FEB8_6659_FD93_u64;
        assert_eq!(Word::hash(5u128 << 64 | 3), 3 ^ 5u64.wrapping_mul(k));
        assert_eq!(Word::hash(u128::from(u64::MAX)), u64::MAX);
        let phi = 0x9E37_79B9_7F4A_7C15_u64;
        let mut narrow = CodeSet::<u64>::default();
        narrow.clear().unwrap();
        for code in [1u64, 2, 12345, 1 << 40, u64::MAX] {
            let expected = (code.wrapping_mul(phi) >> 52) as usize;
            assert_eq!(narrow.slot(code), expected, "{code}");
        }
        let mut wide = CodeSet::<u128>::default();
        wide.clear().unwrap();
        let code = 7u128 << 70 | 9;
        let expected = ((9 ^ (7u64 << 6).wrapping_mul(k)).wrapping_mul(phi) >> 52) as usize;
        assert_eq!(wide.slot(code), expected);
        // Across growth the slot takes one more top bit.
        for code in 1..=5000u64 {
            narrow.insert(code).unwrap();
        }
        assert_eq!(narrow.slots.len(), 1 << 15);
        assert_eq!(
            narrow.slot(12345),
            (12345u64.wrapping_mul(phi) >> 49) as usize
        );
    }

    /// The set's room: a quarter full up to 2^20 slots, half full past them; it grows
    /// when a code would pass that; cleared, it keeps its slots for as many codes
    /// again, and takes fewer when it held far fewer than it had room for.
    #[test]
    fn the_slots_follow_the_codes_held() {
        assert_eq!(limit(FIRST_SLOTS), 1 << 10);
        assert_eq!(limit(1 << 20), 1 << 18);
        assert_eq!(limit(1 << 21), 1 << 20);
        let mut set = CodeSet::<u64>::default();
        set.clear().unwrap();
        assert_eq!(set.slots.len(), 1 << 12);
        let mut code = 0u64;
        let mut insert_more = |set: &mut CodeSet<u64>, n: usize| {
            for _ in 0..n {
                code += 1;
                assert!(
                    set.insert(code.wrapping_mul(0x9E37_79B9_7F4A_7C15))
                        .unwrap()
                );
            }
        };
        insert_more(&mut set, 1 << 10);
        assert_eq!(set.slots.len(), 1 << 12, "a quarter full: no growth yet");
        insert_more(&mut set, 1);
        assert_eq!(set.slots.len(), 1 << 13);
        insert_more(&mut set, 100_000 - (1 << 10) - 1);
        assert_eq!(set.slots.len(), 1 << 19);
        // Cleared holding 100,000: the same slots, for as many again.
        set.clear().unwrap();
        assert_eq!((set.len(), set.slots.len()), (0, 1 << 19));
        // Cleared holding 20,000: room for four times as many would be 2^17 slots, a
        // quarter of those it has: kept.
        insert_more(&mut set, 20_000);
        set.clear().unwrap();
        assert_eq!(set.slots.len(), 1 << 19);
        // Cleared holding 3,000: room for four times as many, 16,384 slots.
        insert_more(&mut set, 3000);
        set.clear().unwrap();
        assert_eq!(set.slots.len(), 1 << 14);
        // Past 2^20 slots, half full: 300,000 codes in 2^21 slots.
        insert_more(&mut set, 300_000);
        assert_eq!(set.slots.len(), 1 << 21);
        insert_more(&mut set, (1 << 20) - 300_000);
        assert_eq!(set.slots.len(), 1 << 21);
        insert_more(&mut set, 1);
        assert_eq!(set.slots.len(), 1 << 22);
    }

    #[test]
    fn a_set_of_u64_holds_what_was_inserted_across_growth() {
        let codes: Vec<u64> = (1..100_000u64)
            .map(|i| (i * 0x1_0000_0001) ^ (i << 40))
            .collect();
        holds_what_was_inserted_across_growth(&codes);
    }

    #[test]
    fn a_set_of_u128_holds_codes_that_differ_only_in_the_high_half() {
        // As the wide ranked code's do: the set's rank times a count of orders past 2^64.
        let codes: Vec<u128> = (1..100_000u128).map(|i| i << 70 | (i % 3)).collect();
        holds_what_was_inserted_across_growth(&codes);
    }
}
