//! Counts in messages, in English: `1 character`, `4 cells`, `2 bridges`.

use std::fmt::Display;

/// `n` and `unit` (a singular noun that takes `s`), plural unless `n` is 1.
pub(crate) fn count(n: impl Display, unit: &str) -> String {
    let n = n.to_string();
    if n == "1" {
        format!("1 {unit}")
    } else {
        format!("{n} {unit}s")
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular_and_any_other_number_plural() {
        assert_eq!(count(1_u8, "cell"), "1 cell");
        assert_eq!(count(0_usize, "cell"), "0 cells");
        assert_eq!(count(21_u64, "character"), "21 characters");
    }
}
