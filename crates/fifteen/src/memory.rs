//! Fallible allocation: a table too large for the memory at hand is an error the solver
//! reports, not an abort.

/// An allocation of `bytes` bytes failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutOfMemory {
    pub(crate) bytes: usize,
}

/// Why a build stopped: its deadline passed, or its memory could not be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    Time,
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
