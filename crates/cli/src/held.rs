//! Judge output held back until the whole input has proved valid, so an invalid input
//! prints nothing, in memory that does not grow with the output: past [`IN_MEMORY`]
//! bytes it goes on in a temporary file that is unlinked as soon as it is made (nothing
//! is left behind, whatever ends the process), and is copied to stdout at the end.

use std::fs::File;
use std::io::{self, Seek, Write};

/// The judge output kept in memory before the rest goes to a temporary file.
const IN_MEMORY: usize = 16 << 20;

/// A sink that holds what it is given until [`Held::release`].
#[derive(Debug, Default)]
pub(crate) struct Held {
    memory: Vec<u8>,
    /// The unlinked file the output goes on in, once it is past [`IN_MEMORY`].
    spill: Option<io::BufWriter<File>>,
}

impl Held {
    pub(crate) fn new() -> Held {
        Held::default()
    }

    /// Writes everything held to `out`, in order.
    ///
    /// # Errors
    /// When reading the temporary file back or writing `out` fails.
    pub(crate) fn release(self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(&self.memory)?;
        if let Some(spill) = self.spill {
            let mut file = spill.into_inner().map_err(io::IntoInnerError::into_error)?;
            file.rewind()?;
            io::copy(&mut file, out)?;
        }
        out.flush()
    }

    /// A new file in the temporary directory that has no name (`tempfile`: unlinked at
    /// once, or never linked where the system can), so nothing is left behind.
    fn spill_file() -> io::Result<File> {
        tempfile::tempfile().map_err(|e| {
            io::Error::new(
                e.kind(),
                format!(
                    "a temporary file in {}: {e}",
                    std::env::temp_dir().display()
                ),
            )
        })
    }
}

impl Write for Held {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if let Some(spill) = &mut self.spill {
            return spill.write(bytes);
        }
        if self.memory.len() + bytes.len() <= IN_MEMORY {
            self.memory.extend_from_slice(bytes);
            return Ok(bytes.len());
        }
        let mut spill = io::BufWriter::with_capacity(1 << 20, Held::spill_file()?);
        spill.write_all(bytes)?;
        self.spill = Some(spill);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_past_the_memory_part_comes_back_whole_and_in_order() {
        let mut held = Held::new();
        let line: Vec<u8> = (0..=255u8).cycle().take(1000).collect();
        let mut expected = Vec::new();
        for _ in 0..(IN_MEMORY / line.len() + 50) {
            held.write_all(&line).unwrap();
            expected.extend_from_slice(&line);
        }
        assert!(held.spill.is_some(), "past the memory part it spills");
        assert!(held.memory.len() <= IN_MEMORY);
        let mut out = Vec::new();
        held.release(&mut out).unwrap();
        assert_eq!(out, expected);
    }

    /// The spill file has no name in the file system: the kernel calls the file of its
    /// descriptor deleted (an unlinked file, or one made without a name).
    #[cfg(target_os = "linux")]
    #[test]
    fn the_spill_file_has_no_name() {
        use std::os::fd::AsRawFd;
        let file = Held::spill_file().unwrap();
        let link = std::fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd())).unwrap();
        assert!(
            link.to_string_lossy().ends_with(" (deleted)"),
            "{}",
            link.display()
        );
    }
}
