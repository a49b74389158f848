//! What the generators of every puzzle share: the common options and the loop that
//! writes the cases of a multi-case input one at a time.

use crate::contract::GenError;
use crate::options::{OptionKind, OptionSpec, Options, UsageError};
use std::io;

/// `--rows` with this puzzle's default (the judge's maximum), from 1 to `max`.
pub(crate) const fn rows(default: &'static str, max: usize) -> OptionSpec {
    OptionSpec::new(OptionKind::Size, "rows", "N", "Rows of the board", default)
        .with_range(1, max as u64)
}

/// `--cols` with this puzzle's default ([`AS_ROWS`]: as many as `--rows`), from 1 to
/// `max`.
pub(crate) const fn cols(default: &'static str, max: usize) -> OptionSpec {
    OptionSpec::new(
        OptionKind::Size,
        "cols",
        "N",
        "Columns of the board",
        default,
    )
    .with_range(1, max as u64)
}

/// The default of a `--cols` that follows `--rows`: as many columns as rows.
pub(crate) const AS_ROWS: &str = "as --rows";

/// The most cases (and Huarongdao queries) a generated input may have: each is
/// written as soon as it is made, so even this many stream (and a closed pipe ends
/// the run).
pub(crate) const MAX_CASES: u64 = u32::MAX as u64;

/// `--cases`, for the multi-case formats: at least one (an input of no case is no
/// judge input).
pub(crate) const CASES: OptionSpec = OptionSpec::new(
    OptionKind::Cases,
    "cases",
    "K",
    "Number of cases; case i uses seed S+i",
    "1",
)
.with_range(1, MAX_CASES);

/// A percentage option, 0 to 100.
pub(crate) const fn percent(
    name: &'static str,
    help: &'static str,
    default: &'static str,
) -> OptionSpec {
    OptionSpec::new(OptionKind::Percent, name, "PERCENT", help, default).with_range(0, 100)
}

/// `--empty`, for the formats of `#`, `.` and `E` cells.
pub(crate) const fn empty(default: &'static str) -> OptionSpec {
    percent("empty", "Percent of empty `#` cells", default)
}

/// `--fragile`, for the formats of `#`, `.` and `E` cells.
pub(crate) const fn fragile(default: &'static str) -> OptionSpec {
    percent(
        "fragile",
        "Percent of fragile `E` cells among the non-empty ones",
        default,
    )
}

/// `--seed`, which every generator takes (`gridsolve gen` declares it itself).
pub const SEED: OptionSpec = OptionSpec::new(OptionKind::Seed, "seed", "SEED", "The seed", "1");

/// The size asked for: `rows` and `cols` (the specs of `--rows` and `--cols`), each
/// given or its default; a default of [`AS_ROWS`] is as many as the rows.
///
/// # Errors
/// A value that is not a number.
pub(crate) fn size(
    options: &Options,
    rows: &OptionSpec,
    cols: &OptionSpec,
) -> Result<(usize, usize), UsageError> {
    let r = options.value(rows)?;
    let c = match options.get(cols.name)? {
        Some(c) => c,
        None if cols.default == AS_ROWS => r,
        None => cols.default_value()?,
    };
    Ok((r, c))
}

/// The seed (`--seed`, [`SEED`]'s default when not given).
///
/// # Errors
/// A value that is not a 64-bit number.
pub(crate) fn seed(options: &Options) -> Result<u64, UsageError> {
    options.value(&SEED)
}

/// The judge's size of a generated input, for `gridsolve gen --help`: the defaults of
/// `rows` and `cols` (`30 x 30`).
pub(crate) fn default_size(rows: &OptionSpec, cols: &OptionSpec) -> String {
    let cols = if cols.default == AS_ROWS {
        rows.default
    } else {
        cols.default
    };
    format!("{} x {cols}", rows.default)
}

/// Writes `--cases` cases ([`CASES`]' default when not given), case `i` made by `case`
/// from seed `seed + i`, each as soon as it is made, then `terminator`.
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
    let cases: u64 = options.value(&CASES)?;
    for i in 0..cases {
        out.write_all(case(seed.wrapping_add(i))?.as_bytes())?;
    }
    out.write_all(terminator.as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_follow_the_rows_unless_they_have_a_default_of_their_own() {
        let (rows, square, own) = (rows("30", 99), cols(AS_ROWS, 99), cols("4", 99));
        let none = Options::new();
        assert_eq!(size(&none, &rows, &square), Ok((30, 30)));
        assert_eq!(size(&none, &rows, &own), Ok((30, 4)));
        let given = Options::new().with("rows", 7);
        assert_eq!(size(&given, &rows, &square), Ok((7, 7)));
        assert_eq!(size(&given, &rows, &own), Ok((7, 4)));
        let both = given.with("cols", 9);
        assert_eq!(size(&both, &rows, &square), Ok((7, 9)));
        assert_eq!(default_size(&rows, &square), "30 x 30");
        assert_eq!(default_size(&rows, &own), "30 x 4");
    }
}
