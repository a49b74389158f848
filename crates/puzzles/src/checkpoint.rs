//! Checkpoints of long searches (the sliding-tile puzzle's pattern-database search):
//! a program that wants a search it can stop and resume (the CLI's `--checkpoint` and
//! `--resume`) sets [`Checkpoints`] with [`checkpoint_with`] before it solves; the
//! adapters that can checkpoint hand them to the solver they build for the run, so the
//! contract's methods need no argument for them. With none set, nothing is saved.

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, RwLock};

/// Where a search's checkpoints go, the one it resumes from, and its halt flag.
pub trait Checkpoints: Send + Sync + fmt::Debug {
    /// The text of the checkpoint to resume from, if any.
    fn resume(&self) -> Option<&str>;

    /// Keeps `text`, the search's latest checkpoint, in place of the one before (best
    /// effort: one that cannot be kept is said so by the program, the search goes on).
    fn save(&self, text: &str);

    /// The flag that, raised (by a signal handler), halts the search: it saves its
    /// checkpoint and ends its board with an error.
    fn halt_flag(&self) -> Arc<AtomicBool>;
}

static CHECKPOINTS: RwLock<Option<Arc<dyn Checkpoints>>> = RwLock::new(None);

/// Checkpoints the searches of the solvers built from now on in `checkpoints` (`None`:
/// not at all).
pub fn checkpoint_with(checkpoints: Option<Arc<dyn Checkpoints>>) {
    *CHECKPOINTS
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = checkpoints;
}

/// The checkpoints set by [`checkpoint_with`], if any.
pub(crate) fn checkpoints() -> Option<Arc<dyn Checkpoints>> {
    CHECKPOINTS
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone()
}
