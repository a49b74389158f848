//! The databases a pattern-database search looks up: additive ones
//! ([`Databases`]), or zero-aware ones ([`ZeroDatabases`]), as the solver's
//! [`Partition`] says.

use crate::geometry::Geometry;
use crate::memory::Stop;
use crate::pdb::{Databases, Deadline, Partition, Tally};
use crate::store::TableStore;
use crate::zpdb::ZeroDatabases;
use grid_core::progress::Watch;

/// The positions of the quick try that building an entry of a zero-aware table costs
/// (as [`crate::pdb::BUILD_COST_EXACT`]): the 24-puzzle's 11 tables, 1.99 billion
/// entries, in 268 s on two cores, 0.27 µs an entry, about four positions.
const BUILD_COST_ZERO: u64 = 4;

/// The databases of one board shape and blank goal cell.
#[derive(Debug)]
pub(crate) enum Heuristics {
    Additive(Databases),
    ZeroAware(ZeroDatabases),
}

impl Heuristics {
    /// The entries of the tables [`Heuristics::build_by`] would build.
    pub(crate) fn entries(geo: &Geometry, (blank, set): (usize, Partition)) -> u64 {
        match set {
            Partition::ZeroAware => ZeroDatabases::entries(geo, blank),
            _ => Databases::entries(geo, (blank, set)),
        }
    }

    /// What building them costs, in positions of the quick try.
    pub(crate) fn build_cost(geo: &Geometry, (blank, set): (usize, Partition)) -> u64 {
        match set {
            Partition::ZeroAware => ZeroDatabases::entries(geo, blank) * BUILD_COST_ZERO,
            _ => Databases::build_cost(geo, (blank, set)),
        }
    }

    /// The names of their tables and their bytes (see [`TableStore`]), in order.
    pub(crate) fn kept(geo: &Geometry, (blank, set): (usize, Partition)) -> Vec<(String, usize)> {
        match set {
            Partition::ZeroAware => ZeroDatabases::kept(geo, blank),
            _ => Databases::kept(geo, (blank, set)),
        }
    }

    /// The names of their tables.
    pub(crate) fn names(geo: &Geometry, (blank, set): (usize, Partition)) -> Vec<String> {
        match set {
            Partition::ZeroAware => ZeroDatabases::kept(geo, blank)
                .into_iter()
                .map(|(name, _)| name)
                .collect(),
            _ => Databases::names(geo, (blank, set)),
        }
    }

    /// Builds them (or reads them from `store`), giving up once `deadline` has passed
    /// or an allocation fails; `watch` is told the entries settled, of
    /// [`Heuristics::entries`].
    pub(crate) fn build_by(
        geo: &Geometry,
        (blank, set): (usize, Partition),
        deadline: Deadline<'_>,
        watch: &Watch,
        store: Option<&dyn TableStore>,
    ) -> Result<Heuristics, Stop> {
        match set {
            Partition::ZeroAware => {
                let tally = &Tally::new(watch.clone(), ZeroDatabases::entries(geo, blank));
                ZeroDatabases::build_by(geo, blank, deadline, tally, store)
                    .map(Heuristics::ZeroAware)
            }
            _ => Databases::build_by(geo, (blank, set), deadline, watch, store)
                .map(Heuristics::Additive),
        }
    }

    /// As [`Heuristics::build_by`] with no deadline, no watcher and no store.
    #[cfg(test)]
    pub(crate) fn build_of(geo: &Geometry, blank: usize, set: Partition) -> Heuristics {
        Heuristics::build_by(geo, (blank, set), Deadline::NEVER, &Watch::NONE, None)
            .expect("no deadline to miss, memory enough")
    }

    /// Bytes the tables take.
    pub(crate) fn bytes(&self) -> usize {
        match self {
            Heuristics::Additive(d) => d.bytes(),
            Heuristics::ZeroAware(z) => z.bytes(),
        }
    }
}
