//! Enums of named choices (a generator's family, a metric): [`choices!`](crate::choices)
//! defines the enum with its names, `ALL`, `Display` and `FromStr`, whose error,
//! [`UnknownChoice`], lists the names.

use std::fmt;

/// A name that is none of an enum's choices: `expected one of random, open, found
/// "walls"`.
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

/// Defines an enum of named choices: each variant's name (and any old names it still
/// answers to, after `|`), optionally a one-line summary (after `=>`, for every variant
/// or for none), and
/// - `ALL`, every variant in the order given (the order `--help` lists them);
/// - `NAMES`, their names in that order;
/// - `name()` (and, when given, `summary()` and `SUMMARIES`, each name with its
///   summary);
/// - `Display`, the name, and `FromStr`, from a name or an old name, with an
///   [`UnknownChoice`] that lists the names.
///
/// Attributes and doc comments pass through to the enum and its variants.
///
/// ```
/// grid_core::choices! {
///     /// How a board is filled.
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub enum Fill {
///         /// Every cell at random.
///         Random = "random" => "cells drawn independently",
///         /// Corridors (once called `corridors`).
///         Maze = "maze" | "corridors" => "one-cell corridors",
///     }
/// }
///
/// assert_eq!(Fill::ALL, [Fill::Random, Fill::Maze]);
/// assert_eq!(Fill::Maze.to_string(), "maze");
/// assert_eq!(Fill::Maze.summary(), "one-cell corridors");
/// assert_eq!(Fill::SUMMARIES[0], ("random", "cells drawn independently"));
/// assert_eq!("corridors".parse(), Ok(Fill::Maze));
/// assert_eq!(
///     "walls".parse::<Fill>().unwrap_err().to_string(),
///     "expected one of random, maze, found \"walls\""
/// );
/// ```
#[macro_export]
macro_rules! choices {
    // The enum, its names, `Display` and `FromStr`.
    (@enum
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident = $text:literal $(| $alias:literal)*),+
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            /// Every choice, in the order `--help` lists them.
            pub const ALL: [$name; [$($text),+].len()] = [$($name::$variant),+];

            /// The names of [`Self::ALL`], in its order.
            pub const NAMES: [&'static str; [$($text),+].len()] = [$($text),+];

            /// The name on the command line.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::core::str::FromStr for $name {
            type Err = $crate::UnknownChoice;

            /// The choice of a name or of an old name.
            fn from_str(s: &str) -> ::core::result::Result<$name, $crate::UnknownChoice> {
                match s {
                    $($text $(| $alias)* => Ok($name::$variant),)+
                    _ => Err($crate::UnknownChoice::new(s, &$name::NAMES)),
                }
            }
        }
    };
    // Every variant with a summary.
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident = $text:literal $(| $alias:literal)* => $summary:literal
            ),+ $(,)?
        }
    ) => {
        $crate::choices! { @enum
            $(#[$meta])*
            $vis enum $name {
                $($(#[$vmeta])* $variant = $text $(| $alias)*),+
            }
        }

        impl $name {
            /// Each name with its summary, in the order of [`Self::ALL`].
            pub const SUMMARIES: [(&'static str, &'static str); [$($text),+].len()] =
                [$(($text, $summary)),+];

            /// A one-line description, for `--help`.
            pub const fn summary(self) -> &'static str {
                match self {
                    $($name::$variant => $summary,)+
                }
            }
        }
    };
    // No summaries.
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident = $text:literal $(| $alias:literal)*),+ $(,)?
        }
    ) => {
        $crate::choices! { @enum
            $(#[$meta])*
            $vis enum $name {
                $($(#[$vmeta])* $variant = $text $(| $alias)*),+
            }
        }
    };
}

#[cfg(test)]
mod tests {
    crate::choices! {
        /// A test enum without summaries, with a default.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        enum Speed {
            Slow = "slow",
            #[default]
            Fast = "fast" | "quick",
        }
    }

    #[test]
    fn names_round_trip_in_order() {
        assert_eq!(Speed::ALL, [Speed::Slow, Speed::Fast]);
        assert_eq!(Speed::NAMES, ["slow", "fast"]);
        for speed in Speed::ALL {
            assert_eq!(speed.name().parse(), Ok(speed));
            assert_eq!(speed.to_string(), speed.name());
        }
        assert_eq!(Speed::default(), Speed::Fast);
    }

    #[test]
    fn old_names_parse_and_unknown_ones_list_the_names() {
        assert_eq!("quick".parse(), Ok(Speed::Fast));
        let error = "quickly".parse::<Speed>().unwrap_err();
        assert_eq!(error.found(), "quickly");
        assert_eq!(error.names(), ["slow", "fast"]);
        assert_eq!(
            error.to_string(),
            "expected one of slow, fast, found \"quickly\""
        );
        assert!("Slow".parse::<Speed>().is_err(), "names are case-sensitive");
    }
}
