//! Klotski's atlas: every layout of the classic board (`klotski::atlas`), built into a
//! file and read back a layout at a time.

use super::Klotski;
use crate::contract::{Atlas, AtlasEntry, AtlasFault, AtlasSource, AtlasSummary, Format};
use crate::options::Options;
use ::klotski::atlas::{Atlas as Map, AtlasError, AtlasFile, hardest};
use grid_core::progress::Watch;
use parsers::Input;
use std::io;

/// An error of the atlas crate as the contract's, for case `number`.
fn fault(error: AtlasError, number: usize) -> AtlasFault {
    match error {
        AtlasError::Outside(why) => AtlasFault::Outside { number, why },
        AtlasError::Memory => AtlasFault::Memory(error.to_string()),
        AtlasError::Io(e) => AtlasFault::Io(e),
        // A board without an atlas is a file's header naming one.
        AtlasError::File(_) | AtlasError::Board(_) => AtlasFault::File(error.to_string()),
        other => AtlasFault::File(other.to_string()),
    }
}

/// `layout` as a layout file.
fn text(layout: &::klotski::Layout) -> String {
    let mut out = String::new();
    parsers::klotski::write_layout(&mut out, layout);
    out
}

impl Atlas for Klotski {
    fn atlas_space(&self) -> &'static str {
        "every layout of the classic 5 x 4 board with one 2x2 goal piece (solved at row 4, \
         column 2), any number of 1x2, 2x1 and 1x1 pieces and at least two empty cells, \
         under the move metric"
    }

    fn build_atlas(
        &self,
        threads: usize,
        watch: &Watch,
        out: &mut dyn io::Write,
    ) -> Result<AtlasSummary, AtlasFault> {
        let map = Map::build_classic(threads, watch).map_err(|e| fault(e, 0))?;
        map.write(out).map_err(AtlasFault::Io)?;
        let (farthest, ranks) = map.farthest();
        Ok(AtlasSummary {
            layouts: map.len() as u64,
            groups: map.groups() as u64,
            largest_group: u64::from(map.largest_group()),
            solvable: map.solvable() as u64,
            farthest: u64::from(farthest),
            farthest_cases: ranks.iter().map(|&rank| text(&map.layout(rank))).collect(),
        })
    }

    fn query_atlas(
        &self,
        atlas: &mut dyn AtlasSource,
        input: Input<'_>,
        each: &mut dyn FnMut(AtlasEntry) -> io::Result<()>,
    ) -> Result<(), AtlasFault> {
        let mut file = AtlasFile::open(atlas).map_err(|e| fault(e, 0))?;
        for (index, case) in self.cases(input, &Options::new()).enumerate() {
            let number = index + 1;
            let case = case.map_err(|e| AtlasFault::Input(e.into()))?;
            let entry = file.entry(&case.layout).map_err(|e| fault(e, number))?;
            let moves = entry.distance.map(u64::from);
            let mut line = String::new();
            self.write_count(&mut line, number, moves);
            let line = line.trim_end_matches('\n').to_string();
            each(AtlasEntry {
                line,
                moves,
                group: u64::from(entry.group),
                group_size: u64::from(entry.group_size),
            })
            .map_err(AtlasFault::Io)?;
        }
        Ok(())
    }

    fn atlas_hardest(
        &self,
        atlas: &mut dyn AtlasSource,
        count: usize,
        out: &mut dyn FnMut(u64, &str) -> io::Result<()>,
    ) -> Result<(), AtlasFault> {
        let file = AtlasFile::open(atlas).map_err(|e| fault(e, 0))?;
        // In the order of the crate's own list of the classic board's hardest layouts.
        for (distance, rank) in hardest(file.groups(), count) {
            let layout = file.layout(rank).ok_or_else(|| {
                AtlasFault::File(format!(
                    "its group table names rank {rank}, past its layouts"
                ))
            })?;
            out(u64::from(distance), &text(&layout)).map_err(AtlasFault::Io)?;
        }
        Ok(())
    }
}
