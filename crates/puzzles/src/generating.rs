//! What the generators of every puzzle share: the common options and the loop that
//! writes the cases of a multi-case input one at a time.

use crate::contract::GenError;
use crate::options::{OptionSpec, Options, UsageError};
use std::io;

/// `--rows` with this puzzle's default (the judge's maximum).
pub(crate) const fn rows(default: &'static str) -> OptionSpec {
    OptionSpec {
        name: "rows",
        value_name: "N",
        help: "Rows of the board",
        default,
    }
}

/// `--cols`, by default as many as `--rows`.
pub(crate) const COLS: OptionSpec = OptionSpec {
    name: "cols",
    value_name: "N",
    help: "Columns of the board",
    default: "as --rows",
};

/// `--cases`, for the multi-case formats.
pub(crate) const CASES: OptionSpec = OptionSpec {
    name: "cases",
    value_name: "K",
    help: "Number of cases; case i uses seed S+i",
    default: "1",
};

/// The size asked for: `--rows` (else `side`) and `--cols` (else as many as the rows).
///
/// # Errors
/// A value that is not a number.
pub(crate) fn size(options: &Options, side: usize) -> Result<(usize, usize), UsageError> {
    let rows = options.get_or("rows", side)?;
    let cols = options.get::<usize>("cols")?;
    let rows_given = options.get::<usize>("rows")?;
    Ok((rows, cols.or(rows_given).unwrap_or(side)))
}

/// The seed (`--seed`, 1 by default).
///
/// # Errors
/// A value that is not a 64-bit number.
pub(crate) fn seed(options: &Options) -> Result<u64, UsageError> {
    options.get_or("seed", 1)
}

/// Writes `--cases` cases (1 by default), case `i` made by `case` from seed `seed + i`,
/// each as soon as it is made, then `terminator`.
///
/// # Errors
/// The first case that cannot be made, or a failed write.
pub(crate) fn write_cases(
    options: &Options,
    terminator: &str,
    out: &mut dyn io::Write,
    mut case: impl FnMut(u64) -> Result<String, UsageError>,
) -> Result<(), GenError> {
    let seed = seed(options)?;
    let cases: u64 = options.get_or("cases", 1)?;
    for i in 0..cases {
        out.write_all(case(seed.wrapping_add(i))?.as_bytes())?;
    }
    out.write_all(terminator.as_bytes())?;
    Ok(())
}
