//! Puzzle-specific options as data: each puzzle declares what it takes
//! ([`OptionSpec`]), the command line gathers the values by name ([`Options`]), and the
//! puzzle reads them with the types it wants.

use std::fmt;
use std::str::FromStr;

/// What an option's value is, which the tools read to offer and draw values: `stress`
/// grows sizes and counts with its cases, the completions offer a choice's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionKind {
    /// A board dimension (`--rows`, `--cols`); a default in words (`as --rows`) follows
    /// the size before it.
    Size,
    /// A number that grows with the board (queries, steps, spaces, bridges, a length).
    Count,
    /// How many cases an input holds (`--cases`).
    Cases,
    /// A percentage, 0 to 100.
    Percent,
    /// A seed.
    Seed,
    /// One of a fixed list of names (a metric, a start kind).
    Choice(&'static [&'static str]),
    /// Any other value (words, a goal).
    Text,
}

impl OptionKind {
    /// The values a [`OptionKind::Choice`] takes; empty for any other kind.
    pub fn choices(self) -> &'static [&'static str] {
        match self {
            OptionKind::Choice(choices) => choices,
            _ => &[],
        }
    }
}

/// One option a puzzle takes (`--name VALUE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// What its value is.
    pub kind: OptionKind,
    /// The long name, without `--`.
    pub name: &'static str,
    /// What the value is, for `--help`: `N`, `PERCENT`, `HOW`.
    pub value_name: &'static str,
    /// One line for `--help`, the same for every puzzle that takes the option.
    pub help: &'static str,
    /// The default for this puzzle, as `--help` shows it and as the puzzle reads it
    /// ([`Options::value`]): a value (`30`, `move`), words (`as --rows`) where the
    /// puzzle works it out, or empty when there is none.
    pub default: &'static str,
    /// For a whole number, the least and the most it may be, both included: `--help`
    /// shows them, and a value outside them (or no whole number) is refused before any
    /// work ([`Options::check`], [`Options::value`]). `None` for any other value.
    pub range: Option<(u64, u64)>,
}

impl OptionSpec {
    /// `--name VALUE_NAME` of `kind`, with its help and its default (see the fields).
    pub const fn new(
        kind: OptionKind,
        name: &'static str,
        value_name: &'static str,
        help: &'static str,
        default: &'static str,
    ) -> OptionSpec {
        OptionSpec {
            kind,
            name,
            value_name,
            help,
            default,
            range: None,
        }
    }

    /// The same option, a whole number from `min` to `max` (see [`OptionSpec::range`]).
    pub const fn with_range(self, min: u64, max: u64) -> OptionSpec {
        OptionSpec {
            range: Some((min, max)),
            ..self
        }
    }

    /// Checks `text` as a value of this option: a whole number in its range, when it
    /// has one.
    ///
    /// # Errors
    /// A value that is no whole number or lies outside the range, naming the range.
    pub fn check(&self, text: &str) -> Result<(), UsageError> {
        let Some((min, max)) = self.range else {
            return Ok(());
        };
        let name = self.name;
        match text.parse::<u64>() {
            Ok(value) if (min..=max).contains(&value) => Ok(()),
            Ok(_) => Err(UsageError::new(format!(
                "--{name} {text} is out of its range, {min} to {max}"
            ))),
            Err(_) => Err(UsageError::new(format!(
                "invalid value {text:?} for --{name}: expected a whole number from {min} to {max}"
            ))),
        }
    }

    /// The default read as a `T`.
    ///
    /// # Errors
    /// A default that is not a `T` (none, or words): a puzzle that reads such an option
    /// without a value given works the default out itself.
    pub fn default_value<T>(&self) -> Result<T, UsageError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        self.default.parse().map_err(|e: T::Err| {
            UsageError::new(format!(
                "--{} has no default value ({:?}: {e}); give one",
                self.name, self.default
            ))
        })
    }
}

/// The options given on a command line, by name, as text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    values: Vec<(String, String)>,
}

impl Options {
    /// No options.
    pub fn new() -> Options {
        Options::default()
    }

    /// These options and `--name value` (replacing an earlier value).
    #[must_use]
    pub fn with(mut self, name: &str, value: impl fmt::Display) -> Options {
        self.set(name, value);
        self
    }

    /// Sets `--name value`, replacing an earlier value.
    pub fn set(&mut self, name: &str, value: impl fmt::Display) {
        let value = value.to_string();
        match self.values.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.values.push((name.to_string(), value)),
        }
    }

    /// The names given, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.values.iter().map(|(n, _)| n.as_str())
    }

    /// The text of `--name`, if given.
    pub fn raw(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of `--name` read as a `T`, if given.
    ///
    /// # Errors
    /// A value that is not a `T`, with the reason.
    pub fn get<T>(&self, name: &str) -> Result<Option<T>, UsageError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        self.raw(name)
            .map(|text| {
                text.parse().map_err(|e: T::Err| {
                    UsageError::new(format!("invalid value {text:?} for --{name}: {e}"))
                })
            })
            .transpose()
    }

    /// Checks every value given for an option of `specs` against its range
    /// ([`OptionSpec::check`]): what a tool does before any work. A name `specs` do not
    /// have is not checked here.
    ///
    /// # Errors
    /// The first value out of its range, naming the range.
    pub fn check(&self, specs: &[OptionSpec]) -> Result<(), UsageError> {
        for (name, text) in &self.values {
            if let Some(spec) = specs.iter().find(|s| s.name == name) {
                spec.check(text)?;
            }
        }
        Ok(())
    }

    /// The value of `spec`'s option as a `T`, or its default (the one `--help` shows):
    /// the default is written once, in the spec. A value given must lie in the spec's
    /// range, when it has one.
    ///
    /// # Errors
    /// As [`Options::get`]; a value out of the spec's range; a default that is not a
    /// `T` (words, such as `as --rows`).
    pub fn value<T>(&self, spec: &OptionSpec) -> Result<T, UsageError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        if let Some(text) = self.raw(spec.name) {
            spec.check(text)?;
        }
        match self.get(spec.name)? {
            Some(value) => Ok(value),
            None => spec.default_value(),
        }
    }

    /// A percentage, 0 to 100: `spec`'s option or its default.
    ///
    /// # Errors
    /// A value that is not a whole number, or over 100.
    pub fn percent(&self, spec: &OptionSpec) -> Result<u32, UsageError> {
        let value = self.value(spec)?;
        if value > 100 {
            return Err(UsageError::new(format!(
                "--{} {value} is over 100 percent",
                spec.name
            )));
        }
        Ok(value)
    }

    /// A named choice (a start kind, a metric) whose `FromStr` lists the choices in its
    /// error: `spec`'s option or its default.
    ///
    /// # Errors
    /// The choice's own message for a value it does not know.
    pub fn choice<T>(&self, spec: &OptionSpec) -> Result<T, UsageError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        match self.raw(spec.name) {
            None => spec.default_value(),
            Some(text) => text.parse().map_err(|e: T::Err| UsageError::new(e)),
        }
    }

    /// The generator family (`--family`), or `first`, the first of the puzzle's
    /// families (the default, as `gridsolve gen --help` says).
    ///
    /// # Errors
    /// The family's own message for a name it does not know.
    pub fn family<T>(&self, first: T) -> Result<T, UsageError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        match self.raw("family") {
            None => Ok(first),
            Some(text) => text.parse().map_err(|e: T::Err| UsageError::new(e)),
        }
    }
}

/// Options that make no sense (bad usage: exit status 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError {
    /// What is wrong with the options, as the user reads it.
    pub message: String,
}

impl UsageError {
    /// Bad usage explained by `message` (an option's parse error, say).
    pub fn new(message: impl fmt::Display) -> UsageError {
        UsageError {
            message: message.to_string(),
        }
    }
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for UsageError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_by_name_with_their_types() {
        let options = Options::new().with("rows", 12).with("start", "lying");
        assert_eq!(options.get::<usize>("rows"), Ok(Some(12)));
        assert_eq!(options.get::<usize>("cols"), Ok(None));
        assert_eq!(options.value::<usize>(&spec("cols", "7")), Ok(7));
        assert_eq!(options.value::<usize>(&spec("rows", "7")), Ok(12));
        assert_eq!(options.raw("start"), Some("lying"));
        assert_eq!(options.names().collect::<Vec<_>>(), ["rows", "start"]);
    }

    #[test]
    fn bad_values_say_which_option() {
        let options = Options::new().with("queries", "1e8").with("empty", 101);
        assert_eq!(
            options.get::<usize>("queries").unwrap_err().to_string(),
            "invalid value \"1e8\" for --queries: invalid digit found in string"
        );
        assert_eq!(
            options
                .percent(&spec("empty", "20"))
                .unwrap_err()
                .to_string(),
            "--empty 101 is over 100 percent"
        );
    }

    #[test]
    fn defaults_are_read_from_the_spec() {
        let none = Options::new();
        assert_eq!(none.percent(&spec("density", "15")), Ok(15));
        assert_eq!(none.value::<u64>(&spec("steps", "200")), Ok(200));
        assert_eq!(
            none.value::<usize>(&spec("cols", "as --rows"))
                .unwrap_err()
                .to_string(),
            "--cols has no default value (\"as --rows\": invalid digit found in string); give one"
        );
        assert_eq!(none.family(7_u8), Ok(7));
        assert_eq!(Options::new().with("family", 3).family(7_u8), Ok(3));
    }

    fn spec(name: &'static str, default: &'static str) -> OptionSpec {
        OptionSpec::new(OptionKind::Count, name, "N", "", default)
    }

    #[test]
    fn a_later_value_replaces_an_earlier_one() {
        let options = Options::new().with("seed", 1).with("seed", 2);
        assert_eq!(options.get::<u64>("seed"), Ok(Some(2)));
    }
}
