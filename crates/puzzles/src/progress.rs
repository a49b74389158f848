//! Who watches the solvers' long work. A program sets a watcher over a piece of its
//! own work with [`watching`] (the CLI draws a bar on a terminal); the adapters hand it
//! to the solvers they build on this thread meanwhile, so the contract's methods need
//! no argument for it, and a solver built anywhere else (the playground, the tests on
//! other threads) is watched by nobody.
//!
//! ```
//! use puzzles::progress::{Progress, Watch, watching};
//! use puzzles::{Input, Limits, Options, PUZZLES};
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
//! let fifteen = PUZZLES.iter().find(|p| p.about().name == "fifteen").unwrap();
//! let bounds = Arc::new(Bounds::default());
//! // A 3 x 4 board: IDA*, one iteration a bound from the heuristic to the answer.
//! let input = Input::bytes(b"3 4\n1 2 3 4\n5 6 7 8\n9 10 0 11\n");
//! let answer = watching(Watch::new(bounds.clone()), || {
//!     fifteen.judge(input, &Options::new(), Limits::NONE)
//! })?;
//! assert_eq!(answer, "1\n");
//! assert_eq!(*bounds.0.lock().unwrap(), [1]);
//! # Ok::<(), puzzles::RunError>(())
//! ```

use std::cell::RefCell;

pub use grid_core::progress::{Progress, Watch};

thread_local! {
    static WATCH: RefCell<Watch> = const { RefCell::new(Watch::NONE) };
}

/// Runs `work` with `watch` told how the solvers built on this thread meanwhile go;
/// the watcher before is back afterwards, even if `work` panics.
pub fn watching<T>(watch: Watch, work: impl FnOnce() -> T) -> T {
    /// Puts the watcher before back when dropped.
    struct Restore(Option<Watch>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(before) = self.0.take() {
                WATCH.with_borrow_mut(|watch| *watch = before);
            }
        }
    }
    let _restore = Restore(Some(
        WATCH.with_borrow_mut(|now| std::mem::replace(now, watch)),
    ));
    work()
}

/// The watcher set on this thread by [`watching`], or [`Watch::NONE`].
pub(crate) fn watch() -> Watch {
    WATCH.with_borrow(Clone::clone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    struct Nobody;
    impl Progress for Nobody {}

    #[test]
    fn a_watcher_holds_only_inside_its_work_and_on_its_thread() {
        assert!(!watch().is_watched());
        let inside = watching(Watch::new(Arc::new(Nobody)), || {
            let elsewhere = std::thread::spawn(|| watch().is_watched()).join().unwrap();
            (watch().is_watched(), elsewhere)
        });
        assert_eq!(inside, (true, false));
        assert!(!watch().is_watched());
        let panicked = std::panic::catch_unwind(|| {
            watching(Watch::new(Arc::new(Nobody)), || panic!("the work failed"))
        });
        assert!(panicked.is_err());
        assert!(!watch().is_watched(), "put back after a panic");
    }
}
