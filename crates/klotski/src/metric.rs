//! The three conventions for what one move is.

use grid_core::UnknownChoice;
use strum_macros::{Display, EnumMessage, EnumString, IntoStaticStr, VariantArray, VariantNames};

/// What one move is; each metric gives other minimum counts (横刀立马: 116 steps, 90
/// slides, 81 moves).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Display,
    EnumMessage,
    EnumString,
    IntoStaticStr,
    VariantArray,
    VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[strum(parse_err_ty = UnknownChoice, parse_err_fn = UnknownChoice::of::<Self>)]
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

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Choice;

    #[test]
    fn names_round_trip_and_move_is_the_default() {
        for &metric in Metric::ALL {
            assert_eq!(metric.name().parse::<Metric>(), Ok(metric));
        }
        assert_eq!(Metric::default(), Metric::Move);
        assert_eq!(
            "steps".parse::<Metric>().unwrap_err().to_string(),
            "expected one of step, slide, move, found \"steps\""
        );
    }
}
