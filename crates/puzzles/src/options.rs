//! Puzzle-specific options as data: each puzzle declares what it takes
//! ([`OptionSpec`]), the command line gathers the values by name ([`Options`]), and the
//! puzzle reads them with the types it wants.

use std::fmt;
use std::str::FromStr;

/// One option a puzzle takes (`--name VALUE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The long name, without `--`.
    pub name: &'static str,
    /// What the value is, for `--help`: `N`, `PERCENT`, `HOW`.
    pub value_name: &'static str,
    /// One line for `--help`, the same for every puzzle that takes the option.
    pub help: &'static str,
    /// The default for this puzzle, in words (`30`, `as --rows`); empty when none.
    pub default: &'static str,
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

    /// The value of `--name` as a `T`, or `default`.
    ///
    /// # Errors
    /// As [`Options::get`].
    pub fn get_or<T>(&self, name: &str, default: T) -> Result<T, UsageError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        Ok(self.get(name)?.unwrap_or(default))
    }

    /// A percentage, 0 to 100, or `default`.
    ///
    /// # Errors
    /// A value that is not a whole number, or over 100.
    pub fn percent(&self, name: &str, default: u32) -> Result<u32, UsageError> {
        let value = self.get_or(name, default)?;
        if value > 100 {
            return Err(UsageError::new(format!(
                "--{name} {value} is over 100 percent"
            )));
        }
        Ok(value)
    }

    /// A named choice (a family, a start kind) whose `FromStr` lists the choices in its
    /// error, or `default`.
    ///
    /// # Errors
    /// The choice's own message for a value it does not know.
    pub fn choice<T>(&self, name: &str, default: T) -> Result<T, UsageError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        match self.raw(name) {
            None => Ok(default),
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
        assert_eq!(options.get_or::<usize>("cols", 7), Ok(7));
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
            options.percent("empty", 20).unwrap_err().to_string(),
            "--empty 101 is over 100 percent"
        );
    }

    #[test]
    fn a_later_value_replaces_an_earlier_one() {
        let options = Options::new().with("seed", 1).with("seed", 2);
        assert_eq!(options.get::<u64>("seed"), Ok(Some(2)));
    }
}
