//! Enums of named choices (a generator's family, a metric): the enum derives strum's
//! traits, and [`Choice`] gives what the tools read from them: the choices in order
//! ([`Choice::ALL`]), their names ([`Choice::NAMES`]), each one's [`Choice::name`] and
//! one-line [`Choice::summary`]. Parsing a name that is none of them gives an
//! [`UnknownChoice`], which lists the names.

use std::fmt;
use strum::{EnumMessage, VariantArray, VariantNames};

/// An enum of named choices, for every enum that derives strum's `VariantArray`,
/// `VariantNames`, `EnumMessage` and `IntoStaticStr` (and, to read and print names,
/// `EnumString` and `Display`), as the solver crates' families do:
///
/// ```ignore
/// use grid_core::{Choice, UnknownChoice};
/// use strum_macros::{Display, EnumMessage, EnumString, IntoStaticStr, VariantArray, VariantNames};
///
/// /// How a board is filled.
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// #[derive(Display, EnumMessage, EnumString, IntoStaticStr, VariantArray, VariantNames)]
/// #[strum(serialize_all = "kebab-case")]
/// #[strum(parse_err_ty = UnknownChoice, parse_err_fn = UnknownChoice::of::<Self>)]
/// enum Fill {
///     /// Every cell at random.
///     #[strum(message = "cells drawn independently")]
///     Random,
///     /// Corridors (once called `corridors`).
///     #[strum(to_string = "maze", serialize = "corridors", message = "one-cell corridors")]
///     Maze,
/// }
///
/// assert_eq!(Fill::ALL, [Fill::Random, Fill::Maze]);
/// assert_eq!(Fill::NAMES, ["random", "maze"]);
/// assert_eq!(Fill::Maze.to_string(), "maze");
/// assert_eq!(Fill::Maze.summary(), "one-cell corridors");
/// assert_eq!(Fill::summaries()[0], ("random", "cells drawn independently"));
/// assert_eq!("corridors".parse(), Ok(Fill::Maze));
/// assert_eq!(
///     "walls".parse::<Fill>().unwrap_err().to_string(),
///     "expected one of random, maze, found \"walls\""
/// );
/// ```
///
/// (Not a doctest: the derives are `strum_macros`', which grid-core leaves to the
/// crates that derive, so that it builds without waiting for a proc-macro; this
/// module's test `the_documented_example_holds` builds and checks this very enum.)
///
/// Its items have their own names, so that `ALL` and `NAMES` never meet strum's two
/// `VARIANTS` (one in `VariantArray`, one in `VariantNames`) in one call.
pub trait Choice:
    Copy + VariantArray + VariantNames + EnumMessage + Into<&'static str> + 'static
{
    /// Every choice, in the order `--help` lists them (the order of the variants).
    const ALL: &'static [Self] = <Self as VariantArray>::VARIANTS;

    /// The names of [`Self::ALL`], in its order.
    const NAMES: &'static [&'static str] = <Self as VariantNames>::VARIANTS;

    /// The name on the command line.
    fn name(self) -> &'static str {
        self.into()
    }

    /// A one-line description, for `--help` (the variant's strum `message`; empty when
    /// it has none).
    fn summary(self) -> &'static str {
        self.get_message().unwrap_or_default()
    }

    /// Each name with its summary, in the order of [`Self::ALL`].
    fn summaries() -> Vec<(&'static str, &'static str)> {
        Self::ALL.iter().map(|c| (c.name(), c.summary())).collect()
    }
}

impl<T> Choice for T where
    T: Copy + VariantArray + VariantNames + EnumMessage + Into<&'static str> + 'static
{
}

/// A name that is none of an enum's choices: `expected one of random, open, found
/// "walls"`.
///
/// ```
/// use grid_core::UnknownChoice;
///
/// let error = UnknownChoice::new("walls", &["random", "open"]);
/// assert_eq!(error.to_string(), "expected one of random, open, found \"walls\"");
/// assert_eq!((error.found(), error.names()), ("walls", &["random", "open"][..]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownChoice {
    found: String,
    names: &'static [&'static str],
}

impl UnknownChoice {
    /// `found` is none of `names`.
    pub fn new(found: &str, names: &'static [&'static str]) -> UnknownChoice {
        UnknownChoice {
            found: found.to_string(),
            names,
        }
    }

    /// `found` is none of the names of `C`: strum's `parse_err_fn` for an enum of choices
    /// (`#[strum(parse_err_ty = UnknownChoice, parse_err_fn = UnknownChoice::of::<Self>)]`).
    pub fn of<C: VariantNames>(found: &str) -> UnknownChoice {
        UnknownChoice::new(found, C::VARIANTS)
    }

    /// The name that was given.
    pub fn found(&self) -> &str {
        &self.found
    }

    /// The names that would have been taken, in their order.
    pub fn names(&self) -> &'static [&'static str] {
        self.names
    }
}

impl fmt::Display for UnknownChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected one of ")?;
        for (i, name) in self.names.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(name)?;
        }
        write!(f, ", found {:?}", self.found)
    }
}

impl std::error::Error for UnknownChoice {}

#[cfg(test)]
mod tests {
    use super::{Choice, UnknownChoice};
    use strum_macros::{
        Display, EnumMessage, EnumString, IntoStaticStr, VariantArray, VariantNames,
    };

    /// A test enum without summaries, with a default and an old name.
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
    enum Speed {
        Slow,
        #[default]
        #[strum(to_string = "fast", serialize = "quick")]
        Fast,
        /// Two words: the name is kebab-case.
        #[strum(message = "as fast as it goes")]
        FullTilt,
    }

    /// How a board is filled: the enum of [`Choice`]'s documentation, word for word.
    #[derive(
        Clone,
        Copy,
        Debug,
        PartialEq,
        Eq,
        Display,
        EnumMessage,
        EnumString,
        IntoStaticStr,
        VariantArray,
        VariantNames,
    )]
    #[strum(serialize_all = "kebab-case")]
    #[strum(parse_err_ty = UnknownChoice, parse_err_fn = UnknownChoice::of::<Self>)]
    enum Fill {
        /// Every cell at random.
        #[strum(message = "cells drawn independently")]
        Random,
        /// Corridors (once called `corridors`).
        #[strum(
            to_string = "maze",
            serialize = "corridors",
            message = "one-cell corridors"
        )]
        Maze,
    }

    #[test]
    fn the_documented_example_holds() {
        assert_eq!(Fill::ALL, [Fill::Random, Fill::Maze]);
        assert_eq!(Fill::NAMES, ["random", "maze"]);
        assert_eq!(Fill::Maze.to_string(), "maze");
        assert_eq!(Fill::Maze.summary(), "one-cell corridors");
        assert_eq!(
            Fill::summaries()[0],
            ("random", "cells drawn independently")
        );
        assert_eq!("corridors".parse(), Ok(Fill::Maze));
        assert_eq!(
            "walls".parse::<Fill>().unwrap_err().to_string(),
            "expected one of random, maze, found \"walls\""
        );
    }

    #[test]
    fn names_round_trip_in_order() {
        assert_eq!(Speed::ALL, [Speed::Slow, Speed::Fast, Speed::FullTilt]);
        assert_eq!(Speed::NAMES, ["slow", "fast", "full-tilt"]);
        for &speed in Speed::ALL {
            assert_eq!(speed.name().parse(), Ok(speed));
            assert_eq!(speed.to_string(), speed.name());
        }
        assert_eq!(Speed::default(), Speed::Fast);
    }

    #[test]
    fn summaries_are_the_messages_or_empty() {
        assert_eq!(Speed::FullTilt.summary(), "as fast as it goes");
        assert_eq!(Speed::Slow.summary(), "");
        assert_eq!(
            Speed::summaries(),
            [
                ("slow", ""),
                ("fast", ""),
                ("full-tilt", "as fast as it goes")
            ]
        );
    }

    #[test]
    fn old_names_parse_and_unknown_ones_list_the_names() {
        assert_eq!("quick".parse(), Ok(Speed::Fast));
        let error = "quickly".parse::<Speed>().unwrap_err();
        assert_eq!(error.found(), "quickly");
        assert_eq!(error.names(), ["slow", "fast", "full-tilt"]);
        assert_eq!(
            error.to_string(),
            "expected one of slow, fast, full-tilt, found \"quickly\""
        );
        assert!("Slow".parse::<Speed>().is_err(), "names are case-sensitive");
        assert!(
            "full_tilt".parse::<Speed>().is_err(),
            "only the kebab-case name"
        );
    }
}
