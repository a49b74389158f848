//! The cache of built tables (the sliding-tile puzzle's pattern databases), kept between
//! runs in a directory: `$GRIDSOLVE_CACHE_DIR`, else `$XDG_CACHE_HOME/gridsolve`, else
//! `~/.cache/gridsolve`; `--no-cache` neither reads nor writes it. `gridsolve cache`
//! lists it, `gridsolve cache --clear` empties it.
//!
//! A table is one file, named by the solver for what the table is (shape, partition,
//! blank cell, entry format, version), holding a header (a magic line, the name, the
//! length of the bytes and their checksum) and the bytes. It is written to a
//! temporary name in the same directory and renamed, so two processes that build one
//! table leave one whole file, and a reader never sees half of one. A file that is
//! truncated, damaged or not this table is not trusted: the table is built again (and
//! `--stats` says so). A directory that cannot be made, read or written is no cache:
//! the tables are built, the run goes on.

use crate::Failure;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The first bytes of every table file.
const MAGIC: &[u8; 16] = b"gridsolve table\n";

/// The layout of the header below; a file of another is foreign.
const HEADER_VERSION: u32 = 1;

/// The longest name a header may hold.
const MAX_NAME: usize = 255;

/// The suffix of a temporary file (before its rename).
const TEMPORARY: &str = ".partial";

/// `gridsolve cache`: the directory, what is in it and its sizes; `--clear` removes it.
#[derive(Debug, clap::Args)]
pub(crate) struct CacheArgs {
    /// Remove every table from the cache (and the temporary files of builds that
    /// stopped before their rename).
    #[arg(long)]
    clear: bool,
}

/// The cache directory: `$GRIDSOLVE_CACHE_DIR`, else `$XDG_CACHE_HOME/gridsolve`, else
/// `$HOME/.cache/gridsolve`; `None` when none of them is set (to an absolute path, for
/// the last two, as the XDG specification asks).
pub(crate) fn directory() -> Option<PathBuf> {
    let set = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = set("GRIDSOLVE_CACHE_DIR") {
        return Some(PathBuf::from(dir));
    }
    let absolute = |name: &str| set(name).map(PathBuf::from).filter(|p| p.is_absolute());
    absolute("XDG_CACHE_HOME")
        .or_else(|| absolute("HOME").map(|home| home.join(".cache")))
        .map(|dir| dir.join("gridsolve"))
}

/// Sets the solvers' table store for this run: the cache directory, or none with
/// `--no-cache` (or when no directory is known). Returns the store, for its report.
pub(crate) fn install(no_cache: bool) -> Option<Arc<DirStore>> {
    let store = if no_cache {
        None
    } else {
        directory().map(|dir| Arc::new(DirStore::new(dir)))
    };
    puzzles::cache::keep_tables_in(store.clone().map(|s| s as Arc<dyn puzzles::cache::Store>));
    store
}

/// What a run did with the cache, for `--stats`.
#[derive(Debug, Default)]
struct Counts {
    /// Tables read from the cache.
    read: u64,
    /// Tables built and kept.
    kept: u64,
    /// Tables built that could not be kept (the reason of the first).
    unkept: u64,
    unkept_why: Option<String>,
    /// Files found and not trusted: their names and why.
    rejected: Vec<(String, String)>,
}

/// The tables kept in a directory.
#[derive(Debug)]
pub(crate) struct DirStore {
    dir: PathBuf,
    counts: Mutex<Counts>,
}

impl DirStore {
    pub(crate) fn new(dir: PathBuf) -> DirStore {
        DirStore {
            dir,
            counts: Mutex::new(Counts::default()),
        }
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The `--stats` line of what the run did with the cache, if it looked for a table.
    pub(crate) fn report(&self) -> Option<String> {
        let counts = self.counts();
        if counts.read + counts.kept + counts.unkept == 0 && counts.rejected.is_empty() {
            return None;
        }
        let mut line = format!(
            "tables: {} read from cache, {} built and kept in {}",
            counts.read,
            counts.kept,
            self.dir.display()
        );
        if counts.unkept > 0 {
            line += &format!(
                ", {} built and not kept ({})",
                counts.unkept,
                counts.unkept_why.as_deref().unwrap_or("unknown")
            );
        }
        for (name, why) in &counts.rejected {
            line += &format!("\ntables: {name} in the cache was {why}: rebuilt");
        }
        Some(line)
    }

    /// Reads the file `name` into `into`, or says why it is not trusted (`Ok(false)`:
    /// there is none).
    fn read(&self, name: &str, into: &mut [u8]) -> Result<bool, String> {
        let mut file = match File::open(self.dir.join(name)) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(false),
            Err(e) => return Err(format!("unreadable ({e})")),
        };
        let size = file
            .metadata()
            .map_err(|e| format!("unreadable ({e})"))?
            .len();
        let mut magic = [0; MAGIC.len()];
        let mut word = [0; 4];
        let truncated = |e: io::Error| match e.kind() {
            io::ErrorKind::UnexpectedEof => "truncated".to_string(),
            _ => format!("unreadable ({e})"),
        };
        file.read_exact(&mut magic).map_err(truncated)?;
        if &magic != MAGIC {
            return Err("not a gridsolve table".to_string());
        }
        file.read_exact(&mut word).map_err(truncated)?;
        if u32::from_le_bytes(word) != HEADER_VERSION {
            return Err("of another header version".to_string());
        }
        file.read_exact(&mut word).map_err(truncated)?;
        let length = u32::from_le_bytes(word) as usize;
        if length > MAX_NAME {
            return Err("damaged (its name's length)".to_string());
        }
        let mut stored_name = vec![0; length];
        file.read_exact(&mut stored_name).map_err(truncated)?;
        if stored_name != name.as_bytes() {
            return Err("another table".to_string());
        }
        let mut long = [0; 8];
        file.read_exact(&mut long).map_err(truncated)?;
        let bytes = u64::from_le_bytes(long);
        file.read_exact(&mut long).map_err(truncated)?;
        let sum = u64::from_le_bytes(long);
        if bytes != into.len() as u64 {
            return Err(format!(
                "of another length ({bytes} bytes, not {})",
                into.len()
            ));
        }
        let header = header_len(name);
        if size < header + bytes {
            return Err("truncated".to_string());
        }
        if size > header + bytes {
            return Err("longer than its header says".to_string());
        }
        file.read_exact(into).map_err(truncated)?;
        if checksum(into) != sum {
            return Err("corrupted (its checksum does not match)".to_string());
        }
        Ok(true)
    }

    /// Writes `bytes` as the file `name`: a temporary file in the directory, renamed.
    fn write(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let temporary = self.dir.join(format!(
            ".{name}.{}.{}{TEMPORARY}",
            std::process::id(),
            unique()
        ));
        let written = (|| {
            let mut file = io::BufWriter::new(File::create(&temporary)?);
            file.write_all(MAGIC)?;
            file.write_all(&HEADER_VERSION.to_le_bytes())?;
            file.write_all(&(name.len() as u32).to_le_bytes())?;
            file.write_all(name.as_bytes())?;
            file.write_all(&(bytes.len() as u64).to_le_bytes())?;
            file.write_all(&checksum(bytes).to_le_bytes())?;
            file.write_all(bytes)?;
            file.into_inner().map_err(|e| e.into_error())?.sync_all()?;
            fs::rename(&temporary, self.dir.join(name))
        })();
        if written.is_err() {
            let _ = fs::remove_file(&temporary);
        }
        written
    }
}

/// A number no other temporary file of this process has.
fn unique() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The bytes of the header of the table `name`.
fn header_len(name: &str) -> u64 {
    (MAGIC.len() + 4 + 4 + name.len() + 8 + 8) as u64
}

impl puzzles::cache::Store for DirStore {
    fn load(&self, name: &str, into: &mut [u8]) -> bool {
        if name.len() > MAX_NAME || name.contains(['/', '\\']) || name.starts_with('.') {
            return false;
        }
        match self.read(name, into) {
            Ok(true) => {
                self.counts().read += 1;
                true
            }
            Ok(false) => false,
            Err(why) => {
                self.counts().rejected.push((name.to_string(), why));
                false
            }
        }
    }

    fn has(&self, name: &str, len: usize) -> bool {
        let path = self.dir.join(name);
        !name.starts_with('.')
            && !name.contains(['/', '\\'])
            && std::fs::metadata(path).is_ok_and(|m| m.len() == header_len(name) + len as u64)
    }

    fn store(&self, name: &str, bytes: &[u8]) {
        if name.len() > MAX_NAME || name.contains(['/', '\\']) || name.starts_with('.') {
            return;
        }
        match self.write(name, bytes) {
            Ok(()) => self.counts().kept += 1,
            Err(e) => {
                let mut counts = self.counts();
                counts.unkept += 1;
                counts
                    .unkept_why
                    .get_or_insert_with(|| format!("{}: {e}", self.dir.display()));
            }
        }
    }
}

/// A checksum of `bytes`: each 8-byte word (and the tail) mixed into the sum by steps
/// that are one-to-one in the sum and in the word, so any one word changed changes
/// it; the length is mixed in too.
fn checksum(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mix = |sum: u64, word: u64| (sum ^ word).wrapping_mul(K).rotate_left(29);
    let mut words = bytes.chunks_exact(8);
    let mut sum = mix(0x243F_6A88_85A3_08D3, bytes.len() as u64);
    for word in words.by_ref() {
        sum = mix(sum, u64::from_le_bytes(word.try_into().expect("8 bytes")));
    }
    let mut tail = [0u8; 8];
    tail[..words.remainder().len()].copy_from_slice(words.remainder());
    mix(mix(sum, u64::from_le_bytes(tail)), K)
}

/// `gridsolve cache`: lists the cache directory's tables with their sizes, or with
/// `--clear` removes them.
pub(crate) fn run(args: &CacheArgs) -> Result<(), Failure> {
    let Some(dir) = directory() else {
        return crate::write_stdout(
            "no cache directory: none of GRIDSOLVE_CACHE_DIR, XDG_CACHE_HOME and HOME is set\n",
        );
    };
    let entries = match list(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(Failure::io(format_args!("read {}", dir.display()), &e)),
    };
    let mut text = String::new();
    let total: u64 = entries.iter().map(|(_, size)| size).sum();
    if args.clear {
        for (name, _) in &entries {
            fs::remove_file(dir.join(name)).map_err(|e| {
                Failure::io(format_args!("remove {}", dir.join(name).display()), &e)
            })?;
        }
        text += &format!(
            "{}: removed {} ({})\n",
            dir.display(),
            crate::words::count(entries.len() as u64, "file"),
            size(total)
        );
    } else {
        text += &format!(
            "{}: {} ({})\n",
            dir.display(),
            crate::words::count(entries.len() as u64, "table"),
            size(total)
        );
        for (name, bytes) in &entries {
            text += &format!("{:>10}  {name}\n", size(*bytes));
        }
    }
    crate::write_stdout(&text)
}

/// The cache's files (the tables, and temporary files left by a build that stopped
/// before its rename), by name, with their sizes.
fn list(dir: &Path) -> io::Result<Vec<(String, u64)>> {
    let mut entries = Vec::new();
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let ours = name.ends_with(".pdb")
            || (name.starts_with('.') && name.ends_with(TEMPORARY) && name.contains(".pdb."));
        if ours && entry.file_type()?.is_file() {
            entries.push((name, entry.metadata()?.len()));
        }
    }
    entries.sort();
    Ok(entries)
}

/// `bytes` for a person: B, KiB, MiB or GiB.
fn size(bytes: u64) -> String {
    match bytes {
        0..1024 => format!("{bytes} B"),
        1024..1_048_576 => format!("{:.1} KiB", bytes as f64 / 1024.0),
        1_048_576..1_073_741_824 => format!("{:.1} MiB", bytes as f64 / 1_048_576.0),
        _ => format!("{:.2} GiB", bytes as f64 / 1_073_741_824.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzles::cache::Store;

    #[test]
    fn the_checksum_sees_any_byte_changed_and_any_length() {
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        let sum = checksum(&bytes);
        for i in [0, 7, 8, 500, 999] {
            let mut changed = bytes.clone();
            changed[i] ^= 1;
            assert_ne!(checksum(&changed), sum, "{i}");
        }
        assert_ne!(checksum(&bytes[..999]), sum);
        assert_ne!(checksum(&[0; 8]), checksum(&[0; 9]));
    }

    #[test]
    fn a_table_kept_is_read_back_and_a_damaged_one_is_refused() {
        let dir = tempfile::TempDir::new().unwrap();
        let store = DirStore::new(dir.path().join("new"));
        let name = "fifteen-test.pdb";
        let bytes: Vec<u8> = (0..=255).collect();
        let mut into = vec![0; 256];
        assert!(!store.load(name, &mut into));
        assert!(!store.has(name, 256));
        store.store(name, &bytes);
        // What the solver asks before a quick try (a table at hand makes it short).
        assert!(store.has(name, 256));
        assert!(!store.has(name, 255), "another length");
        assert!(store.load(name, &mut into));
        assert_eq!(into, bytes);
        assert!(!store.load(name, &mut [0; 255]), "another length");
        let path = dir.path().join("new").join(name);
        let mut file = fs::read(&path).unwrap();
        let last = file.len() - 1;
        file[last] ^= 0x40;
        fs::write(&path, &file).unwrap();
        assert!(!store.load(name, &mut into));
        fs::write(&path, &file[..file.len() - 10]).unwrap();
        assert!(!store.has(name, 256), "truncated");
        assert!(!store.load(name, &mut into));
        let counts = store.counts();
        assert_eq!((counts.read, counts.kept), (1, 1));
        let why: Vec<&str> = counts.rejected.iter().map(|(_, w)| w.as_str()).collect();
        assert_eq!(
            why,
            [
                "of another length (256 bytes, not 255)",
                "corrupted (its checksum does not match)",
                "truncated"
            ]
        );
    }
}
