//! Where inputs come from: files named on the command line, or stdin. Each is read as a
//! stream, so a huge input is never held whole, except where a second pass over stdin
//! needs it kept.

use crate::Failure;
use puzzles::{Input, InputError};
use std::cell::RefCell;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// How much of an input is kept to try other puzzles' formats on after an error.
pub(crate) const PREFIX: usize = 1 << 20;

/// A reader that keeps a copy of the first [`PREFIX`] bytes it reads.
struct Prefix {
    inner: Box<dyn Read>,
    kept: Rc<RefCell<Vec<u8>>>,
}

impl Read for Prefix {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let mut kept = self.kept.borrow_mut();
        let room = PREFIX.saturating_sub(kept.len());
        kept.extend_from_slice(&buf[..n.min(room)]);
        Ok(n)
    }
}

/// One input: a file, or stdin (`-` or no FILE).
#[derive(Clone, Debug)]
pub(crate) enum Source {
    Stdin,
    File(PathBuf),
}

impl Source {
    /// The sources of the FILE arguments: stdin when there are none.
    pub(crate) fn all(files: &[PathBuf]) -> Vec<Source> {
        if files.is_empty() {
            return vec![Source::Stdin];
        }
        files
            .iter()
            .map(|f| {
                if f.as_os_str() == "-" {
                    Source::Stdin
                } else {
                    Source::File(f.clone())
                }
            })
            .collect()
    }

    /// The name messages give it: the path, or `<stdin>`.
    pub(crate) fn name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_string(),
            Source::File(path) => path.display().to_string(),
        }
    }

    /// The stem of the file, for names of files made from it (`<stdin>`: `stdin`).
    pub(crate) fn stem(&self) -> String {
        match self {
            Source::Stdin => "stdin".to_string(),
            Source::File(path) => path
                .file_stem()
                .map_or_else(|| "input".to_string(), |s| s.to_string_lossy().into_owned()),
        }
    }

    /// The input, to be read as it is needed.
    ///
    /// # Errors
    /// A file that cannot be opened, or a closed stdin (exit 3).
    pub(crate) fn open(&self) -> Result<Input<'static>, Failure> {
        match self {
            Source::Stdin => Ok(Input::reader(stdin()?)),
            Source::File(path) => Ok(Input::reader(BufReader::new(open_file(path)?))),
        }
    }

    /// Its bytes as they are, for what is not a judge input (an output to check).
    ///
    /// # Errors
    /// As [`Source::open`].
    pub(crate) fn reader(&self) -> Result<Box<dyn Read>, Failure> {
        Ok(match self {
            Source::Stdin => Box::new(stdin()?),
            Source::File(path) => Box::new(open_file(path)?),
        })
    }

    /// The input, to be read as it is needed, keeping a copy of its first [`PREFIX`]
    /// bytes in `prefix` (to say, after an error, what else the input may be).
    ///
    /// # Errors
    /// As [`Source::open`].
    pub(crate) fn open_keeping_prefix(
        &self,
        prefix: &Rc<RefCell<Vec<u8>>>,
    ) -> Result<Input<'static>, Failure> {
        let reader: Box<dyn Read> = match self {
            Source::Stdin => Box::new(stdin()?),
            Source::File(path) => Box::new(BufReader::new(open_file(path)?)),
        };
        Ok(Input::reader(Prefix {
            inner: reader,
            kept: Rc::clone(prefix),
        }))
    }

    /// The whole input in memory (for stdin read twice).
    ///
    /// # Errors
    /// As [`Source::open`], a failed read, or an input larger than memory allows.
    pub(crate) fn read_all(&self) -> Result<Vec<u8>, Failure> {
        self.open()?.read_all(usize::MAX).map_err(|e| match e {
            InputError::Read(e) => Failure::io(format_args!("read {}", self.name()), &e),
            InputError::Parse(e) => Failure::Input(format!("{}:{e}", self.name())),
            // Any other failure to read is not the input's fault: an I/O error.
            other => Failure::Io(format!("cannot read {}: {other}", self.name())),
        })
    }
}

/// Stdin, if it is open: a closed stdin (`<&-`) is an error, not an empty input.
fn stdin() -> Result<impl Read, Failure> {
    if stdin_was_closed() {
        return Err(Failure::Io(
            "cannot read stdin: it is closed (give a FILE, or redirect stdin)".to_string(),
        ));
    }
    let fd = io::stdin()
        .as_fd()
        .try_clone_to_owned()
        .map_err(|e| Failure::io("read stdin", &e))?;
    Ok(File::from(fd))
}

/// Whether the process started with stdin closed. The Rust runtime reopens a closed
/// standard descriptor on `/dev/null` for reading and writing before `main`, so a
/// closed stdin looks like an empty one; what gives it away is `/dev/null` opened
/// read-write (a shell's `< /dev/null` opens it read-only). Linux tells through
/// `/proc`; elsewhere a closed stdin reads as empty.
fn stdin_was_closed() -> bool {
    let Ok(target) = std::fs::read_link("/proc/self/fd/0") else {
        return false;
    };
    if target != Path::new("/dev/null") {
        return false;
    }
    let Ok(info) = std::fs::read_to_string("/proc/self/fdinfo/0") else {
        return false;
    };
    const ACCESS_MODE: u32 = 0o3;
    const READ_WRITE: u32 = 0o2;
    info.lines()
        .find_map(|line| line.strip_prefix("flags:"))
        .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
        .is_some_and(|flags| flags & ACCESS_MODE == READ_WRITE)
}

fn open_file(path: &Path) -> Result<File, Failure> {
    File::open(path).map_err(|e| Failure::io(format_args!("read {}", path.display()), &e))
}
