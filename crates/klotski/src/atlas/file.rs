//! The atlas file, version 1 (every number little-endian):
//!
//! | offset | bytes | what |
//! |---|---|---|
//! | 0 | 8 | [`MAGIC`] |
//! | 8 | 4 | [`VERSION`] |
//! | 12 | 4 | rows, columns, the goal's row and column (0-based), a byte each |
//! | 16 | 8 | layouts |
//! | 24 | 4 | groups |
//! | 28 | 1 | bytes of a group number in a record (2 or 4) |
//! | 29 | 1 | the largest distance |
//! | 30 | 2 | zero |
//! | 32 | 8 | solvable layouts |
//! | 40 | 4 | ranks a block (a power of two) |
//! | 44 | 4 | zero |
//! | 48 | 8 | FNV-1a of the group table and the block checksums |
//! | 56 | 8 | FNV-1a of bytes 0..56 |
//! | 64 | 9 a group | the groups: size (4), farthest rank (4), its distance (1, 255: never solved) |
//! | | 8 a block | FNV-1a of each block's records |
//! | | width + 1 a layout | the records by rank: group number, distance (255: never solved) |
//!
//! A reader checks the header, the file's length, the tables and the one block it
//! reads, so a truncated, foreign or damaged file is refused rather than misread.

use super::space::Space;
use super::{Atlas, AtlasBoard, AtlasError, Entry, Group, UNSOLVABLE, layout_of, rank_of};
use crate::{Layout, Pos};
use grid_core::Fnv1a64;
use std::io::{self, Read, Seek, SeekFrom, Write};

/// The first eight bytes of an atlas file.
pub const MAGIC: [u8; 8] = *b"GSATLAS\x1a";

/// The version of the format this crate writes and reads.
pub const VERSION: u32 = 1;

const HEADER: usize = 64;
const GROUP_BYTES: usize = 9;
const BLOCK_SHIFT: u32 = 16;

fn fnv(bytes: &[u8]) -> u64 {
    let mut hash = Fnv1a64::new();
    hash.write(bytes);
    hash.finish()
}

/// The bytes of a group number in a record of an atlas of `groups` groups.
fn width(groups: usize) -> usize {
    if groups <= 1 << 16 { 2 } else { 4 }
}

fn record(out: &mut Vec<u8>, width: usize, group: u32, distance: u8) {
    out.extend_from_slice(&group.to_le_bytes()[..width]);
    out.push(distance);
}

/// Writes `atlas` to `out`.
pub(super) fn write(atlas: &Atlas, out: &mut dyn Write) -> io::Result<()> {
    let (group, distance) = atlas.records();
    let groups = atlas.group_table();
    let width = width(groups.len());
    let block = 1usize << BLOCK_SHIFT;
    let mut tables = Vec::with_capacity(groups.len() * GROUP_BYTES);
    for g in groups {
        tables.extend_from_slice(&g.size.to_le_bytes());
        tables.extend_from_slice(&g.farthest.to_le_bytes());
        tables.push(g.distance.unwrap_or(UNSOLVABLE));
    }
    let mut bytes = Vec::with_capacity(block * (width + 1));
    for start in (0..atlas.len()).step_by(block) {
        bytes.clear();
        for rank in start..(start + block).min(atlas.len()) {
            record(&mut bytes, width, group[rank], distance[rank]);
        }
        tables.extend_from_slice(&fnv(&bytes).to_le_bytes());
    }
    let board = atlas.board();
    let max = distance
        .iter()
        .copied()
        .filter(|&d| d != UNSOLVABLE)
        .max()
        .unwrap_or(0);
    let mut header = Vec::with_capacity(HEADER);
    header.extend_from_slice(&MAGIC);
    header.extend_from_slice(&VERSION.to_le_bytes());
    header.extend_from_slice(&[
        board.rows as u8,
        board.cols as u8,
        board.goal.row as u8,
        board.goal.col as u8,
    ]);
    header.extend_from_slice(&(atlas.len() as u64).to_le_bytes());
    header.extend_from_slice(&(groups.len() as u32).to_le_bytes());
    header.extend_from_slice(&[width as u8, max, 0, 0]);
    header.extend_from_slice(&(atlas.solvable() as u64).to_le_bytes());
    header.extend_from_slice(&(1u32 << BLOCK_SHIFT).to_le_bytes());
    header.extend_from_slice(&0u32.to_le_bytes());
    header.extend_from_slice(&fnv(&tables).to_le_bytes());
    let check = fnv(&header);
    header.extend_from_slice(&check.to_le_bytes());
    out.write_all(&header)?;
    out.write_all(&tables)?;
    for start in (0..atlas.len()).step_by(block) {
        bytes.clear();
        for rank in start..(start + block).min(atlas.len()) {
            record(&mut bytes, width, group[rank], distance[rank]);
        }
        out.write_all(&bytes)?;
    }
    out.flush()
}

/// What a source of bytes an [`AtlasFile`] reads needs: reading and seeking (a
/// `std::fs::File`, a `Cursor`).
pub trait Source: Read + Seek {}

impl<T: Read + Seek> Source for T {}

/// An atlas file opened for queries: its header and group table read and checked; a
/// query reads and checks one block of records.
#[derive(Debug)]
pub struct AtlasFile<S> {
    source: S,
    space: Space,
    board: AtlasBoard,
    layouts: u64,
    width: usize,
    max: u8,
    solvable: u64,
    groups: Vec<Group>,
    blocks: Vec<u64>,
    records: u64,
}

fn bad(why: impl Into<String>) -> AtlasError {
    AtlasError::File(why.into())
}

fn read_exact(source: &mut dyn Source, buf: &mut [u8], what: &str) -> Result<(), AtlasError> {
    source.read_exact(buf).map_err(|error| {
        if error.kind() == io::ErrorKind::UnexpectedEof {
            bad(format!("it ends inside {what} (a truncated file)"))
        } else {
            AtlasError::Io(error)
        }
    })
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("eight bytes"))
}

impl<S: Source> AtlasFile<S> {
    /// Opens the atlas in `source`: reads and checks its header, its length and its
    /// tables.
    ///
    /// # Errors
    /// [`AtlasError::File`] for a file that is not an atlas of this version, truncated
    /// or damaged; [`AtlasError::Io`] when reading fails.
    pub fn open(mut source: S) -> Result<AtlasFile<S>, AtlasError> {
        let length = source.seek(SeekFrom::End(0))?;
        source.seek(SeekFrom::Start(0))?;
        let mut header = [0u8; HEADER];
        read_exact(&mut source, &mut header, "its header")?;
        if header[..8] != MAGIC {
            return Err(bad("it does not start as an atlas does"));
        }
        let version = u32_at(&header, 8);
        if version != VERSION {
            return Err(bad(format!(
                "it is of version {version}, and this program reads version {VERSION}"
            )));
        }
        if u64_at(&header, 56) != fnv(&header[..56]) {
            return Err(bad("its header does not match its checksum"));
        }
        let (rows, cols, goal_row, goal_col) = (
            header[12] as usize,
            header[13] as usize,
            header[14] as usize,
            header[15] as usize,
        );
        let space = Space::new(rows, cols, goal_row, goal_col)
            .map_err(|why| bad(format!("its board: {why}")))?;
        let layouts = u64_at(&header, 16);
        if layouts != u64::from(space.len()) {
            return Err(bad(format!(
                "it holds {layouts} layouts, and its board has {}",
                space.len()
            )));
        }
        let groups = u32_at(&header, 24) as usize;
        let width = header[28] as usize;
        if width != self::width(groups) || groups as u64 > layouts || groups == 0 {
            return Err(bad("its group count and record width disagree"));
        }
        if u32_at(&header, 40) != 1 << BLOCK_SHIFT {
            return Err(bad("its block size is not this version's"));
        }
        let blocks = layouts.div_ceil(1 << BLOCK_SHIFT) as usize;
        let tables = groups * GROUP_BYTES + blocks * 8;
        let records = (HEADER + tables) as u64;
        let expected = records + layouts * (width as u64 + 1);
        if length != expected {
            return Err(bad(format!(
                "it is {length} bytes long, and its header says {expected} (a truncated or damaged file)"
            )));
        }
        let mut table = vec![0u8; tables];
        read_exact(&mut source, &mut table, "its tables")?;
        if fnv(&table) != u64_at(&header, 48) {
            return Err(bad("its tables do not match their checksum"));
        }
        let group_table = table[..groups * GROUP_BYTES]
            .chunks_exact(GROUP_BYTES)
            .map(|g| Group {
                size: u32_at(g, 0),
                farthest: u32_at(g, 4),
                distance: (g[8] != UNSOLVABLE).then_some(g[8]),
            })
            .collect();
        let block_sums = table[groups * GROUP_BYTES..]
            .chunks_exact(8)
            .map(|b| u64_at(b, 0))
            .collect();
        Ok(AtlasFile {
            source,
            board: AtlasBoard {
                rows,
                cols,
                goal: Pos::new(goal_row, goal_col),
            },
            space,
            layouts,
            width,
            max: header[29],
            solvable: u64_at(&header, 32),
            groups: group_table,
            blocks: block_sums,
            records,
        })
    }

    /// The board.
    pub fn board(&self) -> AtlasBoard {
        self.board
    }

    /// The number of layouts.
    pub fn len(&self) -> u64 {
        self.layouts
    }

    /// Whether the atlas holds no layout (never, for a file that opened).
    pub fn is_empty(&self) -> bool {
        self.layouts == 0
    }

    /// The groups, by number.
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// The number of layouts that reach the exit.
    pub fn solvable(&self) -> u64 {
        self.solvable
    }

    /// The largest distance of a layout from the exit.
    pub fn max_distance(&self) -> u8 {
        self.max
    }

    /// The layout of rank `rank`, labelled in reading order, or `None` past the last.
    pub fn layout(&self, rank: u32) -> Option<Layout> {
        (u64::from(rank) < self.layouts).then(|| layout_of(&self.space, rank))
    }

    /// What the atlas says of `layout`.
    ///
    /// # Errors
    /// [`AtlasError::Outside`] for a layout not of the atlas's space; [`AtlasError::File`]
    /// for a block that does not match its checksum; [`AtlasError::Io`].
    pub fn entry(&mut self, layout: &Layout) -> Result<Entry, AtlasError> {
        let rank = rank_of(&self.space, layout)?;
        self.entry_at(rank)
    }

    /// What the atlas says of the layout of rank `rank`.
    ///
    /// # Errors
    /// As [`AtlasFile::entry`]; a rank past the last is [`AtlasError::Outside`].
    pub fn entry_at(&mut self, rank: u32) -> Result<Entry, AtlasError> {
        if u64::from(rank) >= self.layouts {
            return Err(AtlasError::Outside(format!("no layout has rank {rank}")));
        }
        let block = (rank >> BLOCK_SHIFT) as usize;
        let first = (block as u64) << BLOCK_SHIFT;
        let count = (self.layouts - first).min(1 << BLOCK_SHIFT) as usize;
        let size = self.width + 1;
        let mut bytes = vec![0u8; count * size];
        self.source
            .seek(SeekFrom::Start(self.records + first * size as u64))?;
        read_exact(&mut self.source, &mut bytes, "its records")?;
        if fnv(&bytes) != self.blocks[block] {
            return Err(bad(format!(
                "its records of block {block} do not match their checksum"
            )));
        }
        let at = (u64::from(rank) - first) as usize * size;
        let mut group = [0u8; 4];
        group[..self.width].copy_from_slice(&bytes[at..at + self.width]);
        let group = u32::from_le_bytes(group);
        let distance = bytes[at + self.width];
        let Some(g) = self.groups.get(group as usize) else {
            return Err(bad(format!("its record of rank {rank} names no group")));
        };
        Ok(Entry {
            rank,
            group,
            group_size: g.size,
            distance: (distance != UNSOLVABLE).then_some(distance),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    /// A header whose group count cannot be, or disagrees with its record width, is
    /// refused for it: no groups, more groups than layouts, or a width not the
    /// count's. As many groups as layouts could be (every layout apart), and such a
    /// header is refused only for the length that count makes. (The header's
    /// checksum is made again each time, so that it is these checks that speak.)
    #[test]
    fn a_header_whose_group_count_cannot_be_is_refused() {
        let board = AtlasBoard {
            rows: 4,
            cols: 3,
            goal: Pos::new(2, 1),
        };
        let atlas = Atlas::build(board, 1, &Default::default()).unwrap();
        let mut bytes = Vec::new();
        write(&atlas, &mut bytes).unwrap();
        let layouts = u64_at(&bytes, 16);
        let groups = u64::from(u32_at(&bytes, 24));
        assert!(groups > 1 && groups < layouts);
        let refusal = |groups: u64, width: usize| {
            let mut header = bytes.clone();
            header[24..28].copy_from_slice(&u32::try_from(groups).unwrap().to_le_bytes());
            header[28] = width as u8;
            let sum = fnv(&header[..56]);
            header[56..64].copy_from_slice(&sum.to_le_bytes());
            match AtlasFile::open(Cursor::new(header)) {
                Err(AtlasError::File(why)) => why,
                other => panic!("{groups} groups, width {width}: {other:?}"),
            }
        };
        let disagree = "its group count and record width disagree";
        assert_eq!(refusal(0, 2), disagree);
        assert_eq!(refusal(layouts + 1, width(layouts as usize + 1)), disagree);
        assert_eq!(refusal(groups, 4), disagree);
        let as_many = refusal(layouts, width(layouts as usize));
        assert!(as_many.contains("bytes long"), "{as_many}");
    }

    /// A record's group number takes two bytes while every group's number fits them
    /// (up to 2^16 groups, numbered from 0), four beyond: the file's layout, which a
    /// file written before must keep.
    #[test]
    fn a_group_number_takes_two_bytes_up_to_65536_groups_then_four() {
        for (groups, bytes) in [
            (1, 2),
            (2, 2),
            (1 << 16, 2),
            ((1 << 16) + 1, 4),
            (1 << 20, 4),
        ] {
            assert_eq!(width(groups), bytes, "{groups} groups");
        }
    }
}
