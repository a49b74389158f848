//! `--checkpoint FILE` and `--resume FILE`: a long search (the sliding-tile puzzle's
//! pattern-database search) writes where it stands to FILE when it starts, at least
//! every minute, and when it is stopped by SIGINT, SIGTERM or SIGHUP; `--resume FILE`
//! goes on from there (and keeps checkpointing to FILE unless `--checkpoint` names
//! another), with the answer, path and counts of a run that was never stopped.

use crate::Failure;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The checkpoints of this run: the file they go to, the one resumed from, the halt
/// flag the signals raise, whether one was handed over, and the first failure to
/// write (said once).
#[derive(Debug)]
pub(crate) struct FileCheckpoints {
    file: PathBuf,
    resume: Option<String>,
    halt: Arc<AtomicBool>,
    saved: AtomicBool,
    failed: Mutex<bool>,
}

/// Sets this run's checkpoints from `--checkpoint` and `--resume` (none without
/// them), and the signal handler that halts the search: the first signal halts it
/// (its checkpoint written, the run ends with exit status 1), a second one ends the
/// run at once (130).
pub(crate) fn install(
    checkpoint: Option<&Path>,
    resume: Option<&Path>,
) -> Result<Option<Arc<FileCheckpoints>>, Failure> {
    let Some(file) = checkpoint.or(resume) else {
        return Ok(None);
    };
    let resume = match resume {
        Some(path) => Some(
            std::fs::read_to_string(path)
                .map_err(|e| Failure::io(format_args!("read {}", path.display()), &e))?,
        ),
        None => None,
    };
    let checkpoints = Arc::new(FileCheckpoints {
        file: file.to_path_buf(),
        resume,
        halt: Arc::new(AtomicBool::new(false)),
        saved: AtomicBool::new(false),
        failed: Mutex::new(false),
    });
    let halt = Arc::clone(&checkpoints.halt);
    ctrlc::set_handler(move || {
        if halt.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    })
    .map_err(|e| Failure::Usage(format!("cannot watch for signals to checkpoint on: {e}")))?;
    puzzles::checkpoint::checkpoint_with(Some(
        Arc::clone(&checkpoints) as Arc<dyn puzzles::checkpoint::Checkpoints>
    ));
    Ok(Some(checkpoints))
}

impl FileCheckpoints {
    /// What to tell the user once the run has ended, if it was stopped: where the
    /// checkpoint is, or that none was written (stopped in the quick try that comes
    /// before the checkpointed search, whose work a run does again, or every write
    /// failed).
    pub(crate) fn report(&self) -> Option<String> {
        if !self.halt.load(Ordering::SeqCst) {
            None
        } else if self.saved.load(Ordering::SeqCst) {
            Some(format!(
                "the search was stopped; where it stood is in {0}: go on with --resume {0}",
                self.file.display()
            ))
        } else {
            Some(format!(
                "the run was stopped before a checkpoint was written to {}: there is nothing to go on from; run it again",
                self.file.display()
            ))
        }
    }

    /// Writes `text` to the checkpoint file: a temporary file beside it, renamed.
    fn write(&self, text: &str) -> io::Result<()> {
        let mut name = self.file.file_name().unwrap_or_default().to_os_string();
        name.push(format!(".{}.partial", std::process::id()));
        let temporary = self.file.with_file_name(name);
        let written = (|| {
            let mut file = std::fs::File::create(&temporary)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            std::fs::rename(&temporary, &self.file)
        })();
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
        written
    }
}

impl puzzles::checkpoint::Checkpoints for FileCheckpoints {
    fn resume(&self) -> Option<&str> {
        self.resume.as_deref()
    }

    fn save(&self, text: &str) {
        let written = self.write(text);
        if written.is_ok() {
            self.saved.store(true, Ordering::SeqCst);
        }
        if let Err(e) = written {
            let mut failed = self.failed.lock().unwrap_or_else(|e| e.into_inner());
            if !*failed {
                *failed = true;
                crate::warn(&format!(
                    "cannot write the checkpoint {}: {e}; the search goes on",
                    self.file.display()
                ));
            }
        }
    }

    fn halt_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.halt)
    }
}
