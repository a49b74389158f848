//! Where built pattern databases are kept between runs: the crate does no I/O, so a
//! caller that wants its tables kept hands the solver a [`TableStore`]
//! ([`Solver::with_store`](crate::Solver::with_store)), which keeps each table's bytes
//! under a name that says what the table is.

use std::fmt;

/// The version of the tables' layout and contents: a change to how a table is built or
/// laid out changes it, and with it every table's [`TableStore`] name, so a table kept
/// by an older build is never read as a newer one.
pub const TABLE_VERSION: u32 = 1;

/// Keeps built tables' bytes between runs (a directory of files, for the command
/// line). A store that cannot keep or give back a table says so by returning `false`
/// (or nothing): the table is then built, as with no store. A store is called from
/// the threads that build the tables, one table at a time each.
pub trait TableStore: Send + Sync + fmt::Debug {
    /// Fills `into` with the bytes kept under `name`, if a whole, valid copy of
    /// exactly `into.len()` bytes is kept; `false` (whatever `into` then holds) when
    /// none is, or it is damaged, truncated or of another length.
    fn load(&self, name: &str, into: &mut [u8]) -> bool;

    /// Keeps `bytes` under `name`, replacing what was kept there (best effort: a store
    /// that cannot write keeps nothing).
    fn store(&self, name: &str, bytes: &[u8]);

    /// Whether a table of `len` bytes seems to be kept under `name` (without reading
    /// it: the solver then counts the table as cheap to have, see
    /// [`Solver::solve_all`](crate::Solver::solve_all)); `false` by default.
    fn has(&self, name: &str, len: usize) -> bool {
        let _ = (name, len);
        false
    }
}

/// The name of a pattern database: the board's shape, the blank's goal cell, the
/// group's tiles (their goal cells), how its entries are had (`exact`, or `classes` of
/// the blank's region), its entry format and layout (`format`: four bits by spread
/// index or by rank, one bit of a zero-aware table) and [`TABLE_VERSION`]; only
/// characters safe in a file name.
pub(crate) fn table_name(
    (rows, cols): (usize, usize),
    blank: usize,
    tiles: &[u8],
    exact: bool,
    format: &str,
) -> String {
    let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
    format!(
        "fifteen-{rows}x{cols}-blank{blank}-tiles{}-{}-{}-v{TABLE_VERSION}.pdb",
        tiles.join("."),
        if exact { "exact" } else { "classes" },
        format,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A store that keeps nothing and says nothing of what it has.
    #[derive(Debug)]
    struct Bare;

    impl TableStore for Bare {
        fn load(&self, _: &str, _: &mut [u8]) -> bool {
            false
        }
        fn store(&self, _: &str, _: &[u8]) {}
    }

    /// A store that does not say what it has is taken to have nothing (the solver
    /// then counts its tables at their build's cost).
    #[test]
    fn a_store_has_nothing_unless_it_says_so() {
        assert!(!Bare.has(
            "fifteen-4x4-blank0-tiles1.4.5-exact-nibble4-spread-v1.pdb",
            10
        ));
    }

    #[test]
    fn a_name_says_shape_blank_tiles_method_format_and_version() {
        let spread = "nibble4-spread";
        assert_eq!(
            table_name((4, 4), 0, &[1, 4, 5], true, spread),
            format!("fifteen-4x4-blank0-tiles1.4.5-exact-nibble4-spread-v{TABLE_VERSION}.pdb")
        );
        assert_eq!(
            table_name((5, 5), 0, &[1, 2, 5, 6, 7, 11, 12], false, "nibble4-rank"),
            format!(
                "fifteen-5x5-blank0-tiles1.2.5.6.7.11.12-classes-nibble4-rank-v{TABLE_VERSION}.pdb"
            )
        );
        assert_ne!(
            table_name((4, 4), 0, &[1, 4, 5], true, spread),
            table_name((4, 4), 15, &[1, 4, 5], true, spread)
        );
    }
}
