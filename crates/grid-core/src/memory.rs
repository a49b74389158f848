//! Allocations a search may be refused: a table, a queue or a set that grows with the
//! input or the search asks for its memory with `try_reserve`, and a refusal is an
//! [`AllocError`] (which a search reports as [`LimitError::NoMemory`]) instead of the
//! abort of a failed `Vec` allocation.
//!
//! ```
//! use grid_core::memory::{AllocError, try_vec};
//!
//! let table = try_vec(1000, 0u32, "a table")?;
//! assert_eq!(table.len(), 1000);
//! let refused = try_vec(usize::MAX / 2, 0u64, "a table").unwrap_err();
//! assert_eq!(refused.what(), "a table");
//! assert!(refused.to_string().starts_with("no memory for a table of "));
//! # Ok::<(), AllocError>(())
//! ```

use crate::LimitError;
use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt;
use std::hash::{BuildHasher, Hash};

/// An allocation the system refused: what it was for and how many bytes it asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocError {
    what: &'static str,
    bytes: u64,
}

impl AllocError {
    /// A refused allocation of `bytes` bytes for `what` ("a table", "the queue").
    pub fn new(what: &'static str, bytes: u64) -> AllocError {
        AllocError { what, bytes }
    }

    /// A refused allocation of `len` values of `T`.
    pub fn of<T>(what: &'static str, len: usize) -> AllocError {
        let bytes = (len as u64).saturating_mul(size_of::<T>() as u64);
        AllocError::new(what, bytes)
    }

    /// What the memory was for.
    pub fn what(&self) -> &'static str {
        self.what
    }

    /// How many bytes were asked for.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

impl fmt::Display for AllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no memory for {} of {}", self.what, Size(self.bytes))
    }
}

impl std::error::Error for AllocError {}

impl From<AllocError> for LimitError {
    fn from(e: AllocError) -> LimitError {
        LimitError::NoMemory(e)
    }
}

/// A number of bytes in words: `84 bytes`, `1.3 MB`, `2.1 GB` (powers of 1000).
struct Size(u64);

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 6] = ["kB", "MB", "GB", "TB", "PB", "EB"];
        if self.0 < 1000 {
            return write!(f, "{} bytes", self.0);
        }
        let mut value = self.0 as f64 / 1000.0;
        let mut unit = 0;
        while value >= 999.95 && unit + 1 < UNITS.len() {
            value /= 1000.0;
            unit += 1;
        }
        write!(f, "{value:.1} {}", UNITS[unit])
    }
}

/// A vector of `len` copies of `value`, or an [`AllocError`] for `what` if the memory is
/// refused (where `vec![value; len]` would abort).
///
/// # Errors
/// When the allocation is refused.
pub fn try_vec<T: Clone>(len: usize, value: T, what: &'static str) -> Result<Vec<T>, AllocError> {
    let mut vec = Vec::new();
    try_resize(&mut vec, len, value, what)?;
    Ok(vec)
}

/// An empty vector with room for `capacity` values, or an [`AllocError`] for `what`.
///
/// # Errors
/// When the allocation is refused.
pub fn try_with_capacity<T>(capacity: usize, what: &'static str) -> Result<Vec<T>, AllocError> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(capacity)
        .map_err(|_| AllocError::of::<T>(what, capacity))?;
    Ok(vec)
}

/// Resizes `vec` to `len` (filling with `value`), reserving exactly what it lacks.
///
/// # Errors
/// When the allocation is refused; `vec` is then unchanged.
pub fn try_resize<T: Clone>(
    vec: &mut Vec<T>,
    len: usize,
    value: T,
    what: &'static str,
) -> Result<(), AllocError> {
    if let Some(more) = len.checked_sub(vec.len()) {
        vec.try_reserve_exact(more)
            .map_err(|_| AllocError::of::<T>(what, len))?;
    }
    vec.resize(len, value);
    Ok(())
}

/// Makes room in `vec` for `additional` more values (growing as `push` would, by at
/// least doubling).
///
/// # Errors
/// When the allocation is refused; `vec` is then unchanged.
#[inline]
pub fn try_reserve<T>(
    vec: &mut Vec<T>,
    additional: usize,
    what: &'static str,
) -> Result<(), AllocError> {
    if vec.capacity() - vec.len() >= additional {
        return Ok(());
    }
    grow(vec, additional, what)
}

#[cold]
#[inline(never)]
fn grow<T>(vec: &mut Vec<T>, additional: usize, what: &'static str) -> Result<(), AllocError> {
    vec.try_reserve(additional).map_err(|_| {
        let wanted = vec.len().saturating_add(additional).max(2 * vec.capacity());
        AllocError::of::<T>(what, wanted)
    })
}

/// Pushes `value` onto `vec`, growing it fallibly.
///
/// # Errors
/// When the allocation is refused; `vec` is then unchanged.
#[inline]
pub fn try_push<T>(vec: &mut Vec<T>, value: T, what: &'static str) -> Result<(), AllocError> {
    try_reserve(vec, 1, what)?;
    vec.push(value);
    Ok(())
}

/// Room for one more entry in `map`, grown fallibly (doubled, as an insertion would
/// grow it), so that the insertion that follows allocates nothing: a search's visited
/// set that outgrows the memory is an [`AllocError`] for `what`, not an abort.
///
/// ```
/// use grid_core::memory::room_in_map;
/// use std::collections::HashMap;
///
/// let mut seen = HashMap::new();
/// for k in 0..100 {
///     room_in_map(&mut seen, "the visited set")?;
///     let capacity = seen.capacity();
///     seen.insert(k, ());
///     assert_eq!(seen.capacity(), capacity);
/// }
/// # Ok::<(), grid_core::AllocError>(())
/// ```
///
/// # Errors
/// When the allocation is refused; `map` is then unchanged.
#[inline]
pub fn room_in_map<K: Eq + Hash, V, S: BuildHasher>(
    map: &mut HashMap<K, V, S>,
    what: &'static str,
) -> Result<(), AllocError> {
    if map.len() < map.capacity() {
        return Ok(());
    }
    map.try_reserve(1)
        .map_err(|_| AllocError::of::<(K, V)>(what, map.len().saturating_mul(2).max(4)))
}

/// Asks for (and gives back at once) the heap that `entries` more entries of a search's
/// visited set will take with their own allocations (a key's, a value's, a queue's
/// copy) of about `heap` bytes each, twice over for the allocator's own: called when
/// the set grows, after the set and its queue have made room for those entries, so
/// that a refusal is met there, as an error, rather than in one of the many small
/// allocations after it, which would abort.
///
/// # Errors
/// When the memory is refused.
#[cold]
pub fn room_on_heap(entries: usize, heap: usize, what: &'static str) -> Result<(), AllocError> {
    let bytes = entries.saturating_mul(heap).saturating_mul(2);
    let mut probe: Vec<u8> = Vec::new();
    probe
        .try_reserve_exact(bytes)
        .map_err(|_| AllocError::new(what, bytes as u64))
}

/// Room in `queue` for `total` values in all, grown fallibly.
///
/// # Errors
/// When the allocation is refused; `queue` is then unchanged.
pub fn room_in_queue_for<T>(
    queue: &mut VecDeque<T>,
    total: usize,
    what: &'static str,
) -> Result<(), AllocError> {
    let more = total.saturating_sub(queue.len());
    queue
        .try_reserve(more)
        .map_err(|_| AllocError::of::<T>(what, total))
}

/// [`room_in_map`] for a set.
///
/// # Errors
/// When the allocation is refused; `set` is then unchanged.
#[inline]
pub fn room_in_set<K: Eq + Hash, S: BuildHasher>(
    set: &mut HashSet<K, S>,
    what: &'static str,
) -> Result<(), AllocError> {
    if set.len() < set.capacity() {
        return Ok(());
    }
    set.try_reserve(1)
        .map_err(|_| AllocError::of::<K>(what, set.len().saturating_mul(2).max(4)))
}

/// [`room_in_map`] for a queue.
///
/// # Errors
/// When the allocation is refused; `queue` is then unchanged.
#[inline]
pub fn room_in_queue<T>(queue: &mut VecDeque<T>, what: &'static str) -> Result<(), AllocError> {
    if queue.len() < queue.capacity() {
        return Ok(());
    }
    queue
        .try_reserve(1)
        .map_err(|_| AllocError::of::<T>(what, queue.len().saturating_mul(2).max(4)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_words() {
        let said = |bytes| AllocError::new("a table", bytes).to_string();
        assert_eq!(said(84), "no memory for a table of 84 bytes");
        assert_eq!(said(1_300_000), "no memory for a table of 1.3 MB");
        assert_eq!(said(2_100_000_000), "no memory for a table of 2.1 GB");
        assert_eq!(said(999_999), "no memory for a table of 1.0 MB");
        assert_eq!(said(u64::MAX), "no memory for a table of 18.4 EB");
    }

    #[test]
    fn a_refused_allocation_is_an_error_and_changes_nothing() {
        let mut vec = vec![1u64, 2, 3];
        let e = try_resize(&mut vec, usize::MAX / 4, 0, "the queue").unwrap_err();
        assert_eq!(e.what(), "the queue");
        assert_eq!(e.bytes(), u64::MAX); // saturated
        assert_eq!(vec, [1, 2, 3]);
        assert!(try_reserve(&mut vec, usize::MAX / 4, "the queue").is_err());
        assert_eq!(vec, [1, 2, 3]);
        try_push(&mut vec, 4, "the queue").unwrap();
        assert_eq!(vec, [1, 2, 3, 4]);
        try_resize(&mut vec, 2, 0, "the queue").unwrap();
        assert_eq!(vec, [1, 2]);
        assert_eq!(
            LimitError::from(e).to_string(),
            format!("no memory for the queue of {}", Size(e.bytes()))
        );
    }
}
