//! Invalid inputs for `gridsolve gen --invalid KIND`: each breaks one rule of a judge
//! format, so that a validator (`gridsolve validate`, a checktestdata script, a problem
//! package's input validator) can be shown to refuse it.
//!
//! A puzzle names the rules of its own format ([`crate::Generate::own_invalid_kinds`],
//! made by [`crate::Generate::invalid`]); the layout rules every strict validator
//! shares ([`LAYOUT`]: line ends, spaces, signs, leading zeros, the end of the file) are
//! broken here, on a small valid input the puzzle gives
//! ([`crate::Generate::invalid_base`]).

use grid_core::SplitMix64;

/// One way to break a judge format: its `--invalid` name and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidKind {
    /// The `--invalid` value: lower case, words joined by `-`.
    pub name: &'static str,
    /// One line for `--invalid list`.
    pub summary: &'static str,
}

impl InvalidKind {
    pub(crate) const fn new(name: &'static str, summary: &'static str) -> InvalidKind {
        InvalidKind { name, summary }
    }
}

/// The layout rules of every strict validator (see `parsers::validate`), each broken
/// once in a valid input.
pub static LAYOUT: [InvalidKind; 11] = [
    InvalidKind::new("crlf", "one line ends with \\r\\n"),
    InvalidKind::new("double-space", "two spaces between two tokens of a line"),
    InvalidKind::new("tab", "a tab instead of the space between two tokens"),
    InvalidKind::new("leading-space", "a space before the first token of a line"),
    InvalidKind::new("trailing-space", "a space after the last token of a line"),
    InvalidKind::new("no-final-newline", "the last line without its \\n"),
    InvalidKind::new(
        "blank-line-at-end",
        "an empty line after the end of the format",
    ),
    InvalidKind::new(
        "trailing-garbage",
        "a line with a token after the end of the format",
    ),
    InvalidKind::new("bom", "a UTF-8 byte-order mark before the first line"),
    InvalidKind::new("leading-zero", "an integer written with a leading 0"),
    InvalidKind::new("plus-sign", "an integer written with a + sign"),
];

/// The generator of an invalid input of seed `seed` (any kind, any puzzle): the kind
/// picks what it breaks, the seed where.
pub(crate) fn rng(seed: u64, kind: &str) -> SplitMix64 {
    // The kind's name is mixed in so that two kinds of one seed differ in more than
    // the rule they break.
    SplitMix64::new(seed ^ grid_core::fnv1a64(kind.as_bytes()))
}

/// `valid` with the layout rule `kind` broken in one place picked by `rng`; `None` if
/// `kind` is no layout kind, or `valid` has nowhere to break it (no integer for
/// `leading-zero`).
pub(crate) fn break_layout(kind: &str, valid: &str, rng: &mut SplitMix64) -> Option<String> {
    debug_assert!(valid.ends_with('\n'), "a valid input ends with a newline");
    // Byte offsets of the lines (each without its `\n`).
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, b) in valid.bytes().enumerate() {
        if b == b'\n' {
            lines.push((start, i));
            start = i + 1;
        }
    }
    let nonempty: Vec<(usize, usize)> = lines.iter().copied().filter(|(s, e)| e > s).collect();
    let at = |offset: usize, insert: &str| {
        let mut text = valid.to_string();
        text.insert_str(offset, insert);
        text
    };
    let pick = |rng: &mut SplitMix64, from: &[usize]| -> Option<usize> {
        (!from.is_empty()).then(|| from[rng.index(from.len())])
    };
    // The offsets of the spaces between tokens, and the starts of the integer tokens.
    let spaces: Vec<usize> = valid
        .bytes()
        .enumerate()
        .filter(|&(_, b)| b == b' ')
        .map(|(i, _)| i)
        .collect();
    let integers: Vec<usize> = lines
        .iter()
        .flat_map(|&(s, e)| {
            let line = &valid[s..e];
            let mut offset = s;
            line.split(' ')
                .map(move |token| {
                    let here = offset;
                    offset += token.len() + 1;
                    (here, token)
                })
                .filter(|(_, token)| !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()))
                .map(|(here, _)| here)
                .collect::<Vec<_>>()
        })
        .collect();
    let text = match kind {
        "crlf" => {
            let (_, end) = lines[rng.index(lines.len())];
            at(end, "\r")
        }
        "double-space" => at(pick(rng, &spaces)?, " "),
        "tab" => {
            let i = pick(rng, &spaces)?;
            let mut text = valid.to_string();
            text.replace_range(i..=i, "\t");
            text
        }
        "leading-space" => at(nonempty[rng.index(nonempty.len())].0, " "),
        "trailing-space" => at(nonempty[rng.index(nonempty.len())].1, " "),
        "no-final-newline" => valid[..valid.len() - 1].to_string(),
        "blank-line-at-end" => format!("{valid}\n"),
        "trailing-garbage" => format!("{valid}{}\n", rng.range(1, 9)),
        "bom" => format!("\u{feff}{valid}"),
        "leading-zero" => at(pick(rng, &integers)?, "0"),
        // Not on a 0: `+0` where a format ends on a line of zeros starts a case.
        "plus-sign" => {
            let nonzero: Vec<usize> = integers
                .into_iter()
                .filter(|&i| !valid[i..].starts_with("0 ") && !valid[i..].starts_with("0\n"))
                .collect();
            at(pick(rng, &nonzero)?, "+")
        }
        _ => return None,
    };
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_layout_kind_changes_a_valid_input() {
        let valid = "2 3\n#.#\n\n10 0\n";
        for kind in &LAYOUT {
            for seed in 0..20 {
                let text = break_layout(kind.name, valid, &mut rng(seed, kind.name))
                    .unwrap_or_else(|| panic!("{} has a place in {valid:?}", kind.name));
                assert_ne!(text, valid, "{}", kind.name);
            }
        }
        assert_eq!(break_layout("no-such-kind", valid, &mut rng(1, "x")), None);
        // Integers only: `#.#` holds none.
        let mut r = rng(3, "leading-zero");
        for _ in 0..20 {
            let text = break_layout("leading-zero", valid, &mut r).unwrap();
            assert!(
                ["02 3\n", "2 03\n", "010 0\n", "10 00\n"]
                    .iter()
                    .any(|changed| text.contains(changed)),
                "{text:?}"
            );
        }
    }
}
