//! A scratch directory that is removed when dropped, also when the test panics (its
//! guard drops as the panic unwinds), so a failing test leaves nothing behind:
//! `tempfile::TempDir`, made with a name no other process can guess or take first.

use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// A fresh directory under the system's temporary directory, removed on drop.
#[derive(Debug)]
pub struct Scratch {
    dir: TempDir,
}

impl Scratch {
    /// A new empty directory whose name starts with `gridsolve-NAME-` (then random
    /// letters).
    pub fn new(name: &str) -> Scratch {
        let dir = tempfile::Builder::new()
            .prefix(&format!("gridsolve-{name}-"))
            .tempdir()
            .expect("a scratch directory");
        Scratch { dir }
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// A path inside it.
    pub fn join(&self, name: impl AsRef<Path>) -> PathBuf {
        self.dir.path().join(name)
    }
}
