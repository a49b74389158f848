//! `--case`: which queries or cases get the extra outputs; and the `--max-seconds` value.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// Case numbers from `first` to `last` (inclusive; `None`: to the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Selection {
    first: usize,
    last: Option<usize>,
}

impl Selection {
    /// The cases whose paths are wanted.
    pub(crate) fn paths(self) -> puzzles::PathsFor {
        puzzles::PathsFor::cases(self.first, self.last.unwrap_or(usize::MAX))
    }

    /// Whether case `number` (from 1) is selected.
    pub(crate) fn contains(self, number: usize) -> bool {
        number >= self.first && self.last.is_none_or(|last| number <= last)
    }
}

impl fmt::Display for Selection {
    /// As it is written: `3`, `2-5`, `7-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.last {
            Some(last) if last == self.first => write!(f, "{last}"),
            Some(last) => write!(f, "{}-{last}", self.first),
            None => write!(f, "{}-", self.first),
        }
    }
}

impl FromStr for Selection {
    type Err = String;

    /// `3`, `2-5` or `7-`.
    fn from_str(text: &str) -> Result<Selection, String> {
        let number = |t: &str| -> Result<usize, String> {
            match t.parse::<usize>() {
                Ok(n) if n >= 1 => Ok(n),
                _ => Err(format!("expected a case number from 1, found {t:?}")),
            }
        };
        let selection = match text.split_once('-') {
            None => {
                let n = number(text)?;
                Selection {
                    first: n,
                    last: Some(n),
                }
            }
            Some((first, "")) => Selection {
                first: number(first)?,
                last: None,
            },
            Some((first, last)) => Selection {
                first: number(first)?,
                last: Some(number(last)?),
            },
        };
        if selection.last.is_some_and(|last| last < selection.first) {
            return Err(format!("expected a range A-B with A <= B, found {text:?}"));
        }
        Ok(selection)
    }
}

/// A positive number of seconds (`2`, `0.5`).
pub(crate) fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s < 1e9 => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!(
            "expected a positive number of seconds, found {text:?}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("3", &[3], &[2, 4])]
    #[case("2-5", &[2, 3, 5], &[1, 6])]
    #[case("7-", &[7, 1000], &[6])]
    fn selections_pick_their_cases(
        #[case] text: &str,
        #[case] yes: &[usize],
        #[case] no: &[usize],
    ) {
        let selection: Selection = text.parse().unwrap();
        assert!(yes.iter().all(|&n| selection.contains(n)));
        assert!(no.iter().all(|&n| !selection.contains(n)));
    }

    #[rstest]
    #[case("3")]
    #[case("2-5")]
    #[case("7-")]
    fn selections_are_shown_as_written(#[case] text: &str) {
        assert_eq!(text.parse::<Selection>().unwrap().to_string(), text);
    }

    #[rstest]
    #[case("0")]
    #[case("5-2")]
    #[case("x")]
    #[case("-3")]
    fn bad_selections_are_refused(#[case] text: &str) {
        assert!(text.parse::<Selection>().is_err());
    }

    #[test]
    fn seconds_are_positive() {
        assert_eq!(seconds("0.5"), Ok(Duration::from_millis(500)));
        assert!(seconds("0").is_err() && seconds("-1").is_err() && seconds("inf").is_err());
    }
}
