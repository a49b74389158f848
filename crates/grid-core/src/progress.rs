//! How far a long piece of work has got, told to whoever watches: a solver calls a
//! [`Watch`] at a few coarse points (a database built a chunk further, an iteration of
//! an iterative-deepening search begun, a share of one done), and a program draws it
//! (the CLI, as a bar on a terminal). The solver does no I/O: it only calls.
//!
//! A [`Watch`] that nobody set ([`Watch::NONE`], the default) costs a test of an
//! `Option` a call, and the calls are thousands of positions apart.
//!
//! ```
//! use grid_core::progress::{Progress, Watch};
//! use std::sync::{Arc, Mutex};
//!
//! /// Keeps the bounds of the iterations it is told of.
//! #[derive(Default)]
//! struct Bounds(Mutex<Vec<u64>>);
//!
//! impl Progress for Bounds {
//!     fn iteration(&self, bound: u64, _positions: u64) {
//!         self.0.lock().unwrap().push(bound);
//!     }
//! }
//!
//! let bounds = Arc::new(Bounds::default());
//! let watch = Watch::new(bounds.clone());
//! watch.iteration(12, 0);
//! watch.iteration(14, 310);
//! watch.building(5, 10); // not kept: Bounds has the default, which does nothing
//! assert_eq!(*bounds.0.lock().unwrap(), [12, 14]);
//! Watch::NONE.iteration(16, 900); // nobody watches: nothing happens
//! ```

use std::fmt;
use std::sync::Arc;

/// What a watcher is told. Every method has a default that does nothing, so a watcher
/// implements only what it shows. The calls may come from several threads at once.
pub trait Progress: Send + Sync {
    /// Tables being built (a solver's pattern databases): `done` of their `total`
    /// entries are settled. Called again as the count grows, last with `done == total`.
    fn building(&self, done: u64, total: u64) {
        let _ = (done, total);
    }

    /// An iteration of an iterative-deepening search begins, to `bound` moves, after
    /// the search has generated `positions` positions.
    fn iteration(&self, bound: u64, positions: u64) {
        let _ = (bound, positions);
    }

    /// Inside an iteration, the search has generated `positions` positions so far
    /// (told at coarse points: a share of an iteration split among threads done).
    fn searched(&self, positions: u64) {
        let _ = positions;
    }

    /// The work told of so far is over (the boards of a call answered or given up):
    /// what is drawn of it may go.
    fn finished(&self) {}
}

/// Who watches a piece of work, if anyone: a cheap handle to a shared [`Progress`]
/// (cloning it clones an [`Arc`]). [`Watch::NONE`] (the default) tells nobody.
#[derive(Clone, Default)]
pub struct Watch(Option<Arc<dyn Progress>>);

impl Watch {
    /// Nobody watches.
    pub const NONE: Watch = Watch(None);

    /// `progress` watches.
    pub fn new(progress: Arc<dyn Progress>) -> Watch {
        Watch(Some(progress))
    }

    /// Whether anybody watches (a caller may skip counting what nobody is told).
    pub fn is_watched(&self) -> bool {
        self.0.is_some()
    }

    /// Tells [`Progress::building`].
    #[inline]
    pub fn building(&self, done: u64, total: u64) {
        if let Some(progress) = &self.0 {
            progress.building(done, total);
        }
    }

    /// Tells [`Progress::iteration`].
    #[inline]
    pub fn iteration(&self, bound: u64, positions: u64) {
        if let Some(progress) = &self.0 {
            progress.iteration(bound, positions);
        }
    }

    /// Tells [`Progress::searched`].
    #[inline]
    pub fn searched(&self, positions: u64) {
        if let Some(progress) = &self.0 {
            progress.searched(positions);
        }
    }

    /// Tells [`Progress::finished`].
    #[inline]
    pub fn finished(&self) {
        if let Some(progress) = &self.0 {
            progress.finished();
        }
    }
}

impl fmt::Debug for Watch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_watched() {
            "Watch(watched)"
        } else {
            "Watch(NONE)"
        })
    }
}
