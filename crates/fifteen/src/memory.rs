//! Fallible allocation: a table too large for the memory at hand is an error the solver
//! reports, not an abort.

/// An allocation of `bytes` bytes failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutOfMemory {
    pub(crate) bytes: usize,
}

/// Why a build stopped: its deadline passed, its halt flag was raised, or its memory
/// could not be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    Time,
    Halted,
    Memory(OutOfMemory),
}

impl From<OutOfMemory> for Stop {
    fn from(e: OutOfMemory) -> Stop {
        Stop::Memory(e)
    }
}

/// `len` copies of `value`, or the bytes that could not be allocated.
pub(crate) fn filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, OutOfMemory> {
    let mut v = Vec::new();
    reserve(&mut v, len)?;
    v.resize(len, value);
    Ok(v)
}

/// Room for `more` elements in `v`, or the bytes that could not be allocated.
pub(crate) fn reserve<T>(v: &mut Vec<T>, more: usize) -> Result<(), OutOfMemory> {
    v.try_reserve_exact(more).map_err(|_| OutOfMemory {
        bytes: more.saturating_mul(size_of::<T>()),
    })
}

/// One more element pushed on `v` (its room doubled when full), or the bytes that could
/// not be allocated.
pub(crate) fn push<T>(v: &mut Vec<T>, value: T) -> Result<(), OutOfMemory> {
    if v.len() == v.capacity() {
        reserve(v, v.len().max(4))?;
    }
    v.push(value);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Room that can never be had (more bytes than an address space holds) is an
    /// error naming the bytes asked for, not an abort; room that can be had is had.
    #[test]
    fn room_past_any_memory_is_refused_with_its_bytes() {
        let mut v: Vec<u64> = Vec::new();
        let more = usize::MAX / 4;
        assert_eq!(
            reserve(&mut v, more),
            Err(OutOfMemory { bytes: usize::MAX })
        );
        assert_eq!(
            filled(usize::MAX, 0u8),
            Err(OutOfMemory { bytes: usize::MAX })
        );
        reserve(&mut v, 10).unwrap();
        assert!(v.capacity() >= 10);
        push(&mut v, 7).unwrap();
        assert_eq!(filled(3, 1u8), Ok(vec![1, 1, 1]));
    }

    /// `push` makes room only when the vector is full, and then at least doubles it
    /// (to four at least): never between, so a vector of `n` pushes is reallocated
    /// about log2(n) times.
    #[test]
    fn push_doubles_the_room_when_full_and_only_then() {
        let mut v: Vec<u8> = Vec::new();
        let mut grew = 0;
        for i in 0..100 {
            let (len, room) = (v.len(), v.capacity());
            push(&mut v, i).unwrap();
            if len < room {
                assert_eq!(v.capacity(), room, "room changed at {len} of {room}");
            } else {
                assert!(
                    v.capacity() >= (2 * len).max(4),
                    "{len} -> {}",
                    v.capacity()
                );
                grew += 1;
            }
        }
        assert_eq!(v, (0..100).collect::<Vec<u8>>());
        assert!((5..=7).contains(&grew), "{grew} reallocations");
    }
}
