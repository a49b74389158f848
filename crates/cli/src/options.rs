//! The command line's view of the registry: `--puzzle` takes any registered name, and
//! the options puzzles declare (`OptionSpec`) become flags, one per name, whose help
//! says which puzzles take them and their defaults.

use clap::builder::{PossibleValue, PossibleValuesParser, StringValueParser, TypedValueParser};
use clap::{Arg, ArgMatches, Command, FromArgMatches, ValueHint};
use puzzles::{OptionSpec, Options, PUZZLES, Puzzle};
use std::fmt;

/// A registered puzzle, as `--puzzle` names it.
#[derive(Clone, Copy)]
pub(crate) struct PuzzleArg(pub(crate) &'static dyn Puzzle);

impl fmt::Debug for PuzzleArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.about().name)
    }
}

/// `--puzzle`'s parser: the registry's names, each with its summary in `--help`.
pub(crate) fn puzzle_parser() -> impl TypedValueParser<Value = PuzzleArg> {
    let names = PUZZLES
        .iter()
        .map(|p| PossibleValue::new(p.about().name).help(p.about().summary));
    PossibleValuesParser::new(names)
        .map(|name| PuzzleArg(puzzles::find(&name).expect("clap accepts registered names only")))
}

/// A value parser that takes any text (the puzzle named by `--puzzle` checks it, with
/// its own message) and lists the values the puzzles take, for completion scripts: the
/// union over the registry, since a completion cannot know `--puzzle`. Each value's
/// help says which puzzles take it.
#[derive(Clone, Debug)]
pub(crate) struct Listed(Vec<PossibleValue>);

impl Listed {
    /// The values `of` each puzzle lists, in registry order, each once.
    fn of(of: impl Fn(&dyn Puzzle) -> Vec<&'static str>) -> Listed {
        let mut values: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
        for &puzzle in PUZZLES {
            for value in of(puzzle) {
                match values.iter_mut().find(|(v, _)| *v == value) {
                    Some((_, takers)) => takers.push(puzzle.about().name),
                    None => values.push((value, vec![puzzle.about().name])),
                }
            }
        }
        Listed(
            values
                .into_iter()
                .map(|(value, takers)| PossibleValue::new(value).help(takers.join(", ")))
                .collect(),
        )
    }
}

impl TypedValueParser for Listed {
    type Value = String;

    fn parse_ref(
        &self,
        command: &Command,
        arg: Option<&Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(command, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().cloned()))
    }
}

/// `--family`'s values: the generator families of every puzzle.
pub(crate) fn families() -> Listed {
    Listed::of(|p| {
        p.generator()
            .map(|g| g.families().into_iter().map(|(f, _)| f).collect())
            .unwrap_or_default()
    })
}

/// `gen --invalid`'s values: every puzzle's kinds of invalid input, and `list`.
pub(crate) fn invalid_kinds() -> Listed {
    let mut listed = Listed::of(|p| {
        p.generator()
            .map(|g| g.invalid_kinds().iter().map(|k| k.name).collect())
            .unwrap_or_default()
    });
    listed
        .0
        .push(PossibleValue::new("list").help("list the puzzle's kinds"));
    listed
}

/// Which of a puzzle's option lists a set of flags comes from.
type Specs = fn(&dyn Puzzle) -> &'static [OptionSpec];

/// One flag per option name the puzzles declare, in registry order.
fn flags(specs: Specs) -> Vec<Arg> {
    let mut names: Vec<&'static str> = Vec::new();
    for &puzzle in PUZZLES {
        for spec in specs(puzzle) {
            if !names.contains(&spec.name) {
                names.push(spec.name);
            }
        }
    }
    names
        .into_iter()
        .map(|name| {
            let takers: Vec<(&str, &OptionSpec)> = PUZZLES
                .iter()
                .filter_map(|&p| {
                    let spec = specs(p).iter().find(|s| s.name == name)?;
                    Some((p.about().name, spec))
                })
                .collect();
            let first = takers[0].1;
            // No option names a file: a completion offers none, or the values the
            // puzzles list (a value the puzzle does not take is its own error).
            let arg = Arg::new(name)
                .long(name)
                .value_name(first.value_name)
                .value_hint(ValueHint::Other)
                .help(flag_help(first.help, &takers));
            let choices = Listed::of(|p| {
                specs(p)
                    .iter()
                    .filter(|s| s.name == name)
                    .flat_map(|s| s.kind.choices().iter().copied())
                    .collect()
            });
            if choices.0.is_empty() {
                arg
            } else {
                arg.value_parser(choices).hide_possible_values(true)
            }
        })
        .collect()
}

/// An option's help: what it is, which puzzles take it (when not all), each one's
/// range (for a number) and default.
fn flag_help(help: &str, takers: &[(&str, &OptionSpec)]) -> String {
    let mut text = help.to_string();
    if takers.len() < PUZZLES.len() {
        let names: Vec<&str> = takers.iter().map(|(name, _)| *name).collect();
        text.push_str(&format!(" ({})", names.join(", ")));
    }
    let ranges: Vec<(&str, (u64, u64))> = takers
        .iter()
        .filter_map(|(name, s)| Some((*name, s.range?)))
        .collect();
    let range = |(min, max): (u64, u64)| format!("{min} to {max}");
    if let Some(&(_, first)) = ranges.first() {
        if ranges.iter().all(|(_, r)| *r == first) {
            text.push_str(&format!(" [range: {}]", range(first)));
        } else {
            let each: Vec<String> = ranges
                .iter()
                .map(|(name, r)| format!("{} {name}", range(*r)))
                .collect();
            text.push_str(&format!(" [range: {}]", each.join(", ")));
        }
    }
    let defaults: Vec<&str> = takers.iter().map(|(_, s)| s.default).collect();
    if defaults.iter().all(|d| d.is_empty()) {
        return text;
    }
    if defaults.iter().all(|d| *d == defaults[0]) {
        text.push_str(&format!(" [default: {}]", defaults[0]));
    } else {
        let each: Vec<String> = takers
            .iter()
            .map(|(name, s)| format!("{} {name}", s.default))
            .collect();
        text.push_str(&format!(" [default: {}]", each.join(", ")));
    }
    text
}

/// The values given for the flags of `specs`.
fn gather(matches: &ArgMatches, specs: Specs) -> Options {
    let mut options = Options::new();
    for &puzzle in PUZZLES {
        for spec in specs(puzzle) {
            if let Ok(Some(value)) = matches.try_get_one::<String>(spec.name) {
                options.set(spec.name, value);
            }
        }
    }
    options
}

/// Checks that every option given is one `puzzle` takes, and that each value is in
/// its range.
///
/// # Errors
/// `--density is for huarongdao, not bloxorz`; `--steps 5000000 is out of its range, 0
/// to 1000000`.
pub(crate) fn check_options(
    puzzle: &dyn Puzzle,
    options: &Options,
    specs: Specs,
) -> Result<(), String> {
    for name in options.names() {
        if specs(puzzle).iter().any(|s| s.name == name) {
            continue;
        }
        let takers: Vec<&str> = PUZZLES
            .iter()
            .filter(|&&p| specs(p).iter().any(|s| s.name == name))
            .map(|p| p.about().name)
            .collect();
        let takers = match takers.split_last() {
            Some((last, [])) => (*last).to_string(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => "no puzzle".to_string(),
        };
        return Err(format!(
            "--{name} is for {takers}, not {}",
            puzzle.about().name
        ));
    }
    options.check(specs(puzzle)).map_err(|e| e.to_string())
}

/// Declares the flags of one kind of option list as a clap `Args` type.
macro_rules! option_flags {
    ($(#[$doc:meta])* $name:ident, $specs:expr) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default)]
        pub(crate) struct $name(pub(crate) Options);

        impl $name {
            pub(crate) const SPECS: Specs = $specs;
        }

        impl FromArgMatches for $name {
            fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
                Ok($name(gather(matches, Self::SPECS)))
            }

            fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
                *self = Self::from_arg_matches(matches)?;
                Ok(())
            }
        }

        impl clap::Args for $name {
            fn augment_args(command: Command) -> Command {
                command.args(flags(Self::SPECS))
            }

            fn augment_args_for_update(command: Command) -> Command {
                Self::augment_args(command)
            }
        }
    };
}

option_flags!(
    /// The solve options the puzzles declare.
    SolveOptions,
    |p| p.solve_options()
);

option_flags!(
    /// The generator options the puzzles declare.
    GenOptions,
    |p| p.generator().map_or(&[], |g| g.gen_options())
);
