//! Counts in messages, in English: `1 case`, `2 queries`, `1 roll`.

use std::fmt::Display;

/// `n` and `unit` (a singular noun), plural unless `n` is 1: `3 queries`, `1 case`.
pub(crate) fn count(n: impl Display, unit: &str) -> String {
    let n = n.to_string();
    if n == "1" {
        format!("1 {unit}")
    } else {
        format!("{n} {}", plural(unit))
    }
}

/// The plural of a singular noun: `query` -> `queries`, `case` -> `cases`.
pub(crate) fn plural(unit: &str) -> String {
    match unit.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{stem}ies"),
        _ => format!("{unit}s"),
    }
}

/// The singular of a puzzle's word for its moves, which the puzzles give in the plural
/// (`moves`, `rolls`, `steps`).
pub(crate) fn singular(plural: &str) -> &str {
    plural.strip_suffix('s').unwrap_or(plural)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(1_u32, "case", "1 case")]
    #[case(0_u32, "case", "0 cases")]
    #[case(2_u32, "query", "2 queries")]
    #[case(1_u32, "query", "1 query")]
    #[case(3_u32, "day", "3 days")]
    #[case(12_u32, "level", "12 levels")]
    fn counts_agree_with_their_number(#[case] n: u32, #[case] unit: &str, #[case] text: &str) {
        assert_eq!(count(n, unit), text);
    }

    #[test]
    fn every_puzzle_s_move_word_has_a_singular() {
        for puzzle in puzzles::PUZZLES {
            let word = puzzle.about().move_word;
            assert_eq!(plural(singular(word)), word, "{word}");
            assert_eq!(
                count(1_u32, singular(word)),
                format!("1 {}", singular(word))
            );
        }
    }
}
