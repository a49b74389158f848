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
use std::time::{Duration, Instant};

/// How soon after the first signal another is the same stop, not a second one: GNU
/// `timeout` sends its signal to the run and then to the run's process group, two
/// signals microseconds apart, which would otherwise end the run at once, without the
/// checkpoint that the first was to write.
const SAME_STOP: Duration = Duration::from_secs(1);

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
/// (its checkpoint written, the run ends with exit status 1), and says so; a signal a
/// second or more after it ends the run at once (130), and one sooner is the same
/// stop ([`SAME_STOP`]).
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
    let watched = Arc::clone(&checkpoints);
    let mut first: Option<Instant> = None;
    ctrlc::set_handler(move || {
        let now = Instant::now();
        match first {
            None => {
                first = Some(now);
                watched.halt.store(true, Ordering::SeqCst);
                crate::report_note(
                    "stopping (a signal a second or more from now ends the run at once, \
                     without a checkpoint of where it stops)",
                );
            }
            Some(then) if now.duration_since(then) >= SAME_STOP => {
                // A checkpoint being written is not left half done under its
                // temporary name.
                let _ = std::fs::remove_file(watched.temporary());
                crate::report_note(&watched.stopped_at_once());
                std::process::exit(130);
            }
            Some(_) => {}
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

    /// What to tell the user when a second signal ends the run at once: the last
    /// checkpoint written before it, if any, to go on from.
    fn stopped_at_once(&self) -> String {
        if self.saved.load(Ordering::SeqCst) {
            format!(
                "stopped at once by a second signal; the last checkpoint written before it is in {0}: go on with --resume {0}",
                self.file.display()
            )
        } else {
            "stopped at once by a second signal, before a checkpoint was written".to_string()
        }
    }

    /// The temporary file a checkpoint is written to before it is renamed.
    fn temporary(&self) -> PathBuf {
        let mut name = self.file.file_name().unwrap_or_default().to_os_string();
        name.push(format!(".{}.partial", std::process::id()));
        self.file.with_file_name(name)
    }

    /// Writes `text` to the checkpoint file: a temporary file beside it, renamed.
    fn write(&self, text: &str) -> io::Result<()> {
        let temporary = self.temporary();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn checkpoints(saved: bool) -> FileCheckpoints {
        FileCheckpoints {
            file: PathBuf::from("dir/run.checkpoint"),
            resume: None,
            halt: Arc::new(AtomicBool::new(true)),
            saved: AtomicBool::new(saved),
            failed: Mutex::new(false),
        }
    }

    /// Ended at once, a run names the last checkpoint it wrote, to go on from, or says
    /// that it wrote none.
    #[test]
    fn a_run_ended_at_once_names_its_last_checkpoint_or_says_there_is_none() {
        assert_eq!(
            checkpoints(true).stopped_at_once(),
            "stopped at once by a second signal; the last checkpoint written before it is \
             in dir/run.checkpoint: go on with --resume dir/run.checkpoint"
        );
        assert_eq!(
            checkpoints(false).stopped_at_once(),
            "stopped at once by a second signal, before a checkpoint was written"
        );
    }

    /// The temporary file is beside the checkpoint, named by this process.
    #[test]
    fn the_temporary_file_is_beside_the_checkpoint() {
        assert_eq!(
            checkpoints(false).temporary(),
            PathBuf::from(format!("dir/run.checkpoint.{}.partial", std::process::id()))
        );
    }
}
