//! The three conventions for what one move is.

use std::fmt;
use std::str::FromStr;

/// What one move is; each metric gives other minimum counts (横刀立马: 116 steps, 90
/// slides, 81 moves).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Metric {
    /// One piece one cell up, down, left or right.
    Step,
    /// One piece any number of cells in one straight direction.
    Slide,
    /// One piece to any cell it can reach through empty cells, turning as it likes: the
    /// convention of the published records, and the default.
    #[default]
    Move,
}

impl Metric {
    /// Every metric, in the order `--help` lists them.
    pub const ALL: [Metric; 3] = [Metric::Step, Metric::Slide, Metric::Move];

    /// The metric's name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Metric::Step => "step",
            Metric::Slide => "slide",
            Metric::Move => "move",
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Metric {
    type Err = String;

    fn from_str(s: &str) -> Result<Metric, String> {
        Metric::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| format!("expected one of step, slide, move, found {s:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_move_is_the_default() {
        for metric in Metric::ALL {
            assert_eq!(metric.name().parse::<Metric>(), Ok(metric));
        }
        assert_eq!(Metric::default(), Metric::Move);
        assert_eq!(
            "steps".parse::<Metric>(),
            Err("expected one of step, slide, move, found \"steps\"".to_string())
        );
    }
}
