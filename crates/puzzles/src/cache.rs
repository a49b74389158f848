//! Where the solvers keep what they build for the next run (the sliding-tile puzzle's
//! pattern databases). A program that keeps them (the CLI: a cache directory) sets a
//! [`Store`] with [`keep_tables_in`] before it solves; the adapters hand it to every
//! solver they build from then on, in this process (the playground's too), so the
//! contract's methods need no argument for it. With none set (the tests, xtask, a
//! library user of this crate), nothing is kept and nothing read.

use std::fmt;
use std::sync::{Arc, RwLock};

/// Keeps named tables' bytes between runs.
pub trait Store: Send + Sync + fmt::Debug {
    /// Fills `into` with the bytes kept under `name` if a whole, valid copy of exactly
    /// `into.len()` bytes is kept; `false` when none is (missing, damaged, truncated,
    /// another length or format): the caller then builds the table.
    fn load(&self, name: &str, into: &mut [u8]) -> bool;

    /// Keeps `bytes` under `name` (best effort: a store that cannot write keeps
    /// nothing, and says nothing).
    fn store(&self, name: &str, bytes: &[u8]);

    /// Whether a table of `len` bytes seems to be kept under `name` (its file there,
    /// of the right size; not read): the solver then counts it as cheap to have.
    fn has(&self, name: &str, len: usize) -> bool;
}

static STORE: RwLock<Option<Arc<dyn Store>>> = RwLock::new(None);

/// Keeps the solvers' tables in `store` from now on (`None`: nowhere), for every
/// solver the adapters build afterwards.
pub fn keep_tables_in(store: Option<Arc<dyn Store>>) {
    *STORE
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = store;
}

/// The store set by [`keep_tables_in`], if any.
pub(crate) fn store() -> Option<Arc<dyn Store>> {
    STORE
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone()
}
