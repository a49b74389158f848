//! Each generator option's default is written once, in its `OptionSpec` (which
//! `gridsolve gen --help` shows): a generator given every option at the default its
//! spec states writes the very bytes it writes given none, and without `--family` it
//! makes its first family (the default the help names).

use puzzles::{Generator, Options, PUZZLES, SEED};

/// What `generator` writes for `options`.
fn generated(generator: Generator<'_>, options: &Options) -> Vec<u8> {
    let mut out = Vec::new();
    generator
        .generate(options, &mut out)
        .unwrap_or_else(|e| panic!("{options:?}: {e}"));
    out
}

/// Every option of `generator` at the default its spec states; an option whose
/// default is words (`--cols`: as --rows) gets the value the words say.
fn spelled_out(generator: Generator<'_>) -> Options {
    let mut options = Options::new();
    for spec in generator.gen_options() {
        let value = match spec.default {
            "as --rows" => options.raw("rows").expect("--rows comes first").to_string(),
            default => default.to_string(),
        };
        assert!(!value.is_empty(), "--{} has no default", spec.name);
        options.set(spec.name, value);
    }
    options
}

#[test]
fn the_defaults_the_help_states_are_the_ones_the_generators_use() {
    for &puzzle in PUZZLES {
        let Some(generator) = puzzle.generator() else {
            continue;
        };
        let name = puzzle.about().name;
        for (family, _) in generator.families() {
            let none = Options::new().with("family", family);
            let mut every = spelled_out(generator).with("family", family);
            every.set(SEED.name, SEED.default);
            assert_eq!(
                generated(generator, &none),
                generated(generator, &every),
                "{name} --family {family}: the defaults of {:?}",
                generator.gen_options()
            );
        }
    }
}

#[test]
fn without_a_family_a_generator_makes_its_first() {
    for &puzzle in PUZZLES {
        let Some(generator) = puzzle.generator() else {
            continue;
        };
        let (first, _) = generator.families()[0];
        assert_eq!(
            generated(generator, &Options::new()),
            generated(generator, &Options::new().with("family", first)),
            "{}",
            puzzle.about().name
        );
    }
}

#[test]
fn a_value_other_than_the_default_changes_the_input() {
    // Else the tests above would pass for an option the generator ignores.
    for &puzzle in PUZZLES {
        let Some(generator) = puzzle.generator() else {
            continue;
        };
        // `--rows`, or for a format of one board size (the judges' 8-puzzle) `--cases`.
        let (name, other) = match generator.gen_options().iter().find(|s| s.name == "rows") {
            Some(rows) => ("rows", rows.default.parse::<usize>().expect("a number") - 1),
            None => {
                let cases = generator
                    .gen_options()
                    .iter()
                    .find(|s| s.name == "cases")
                    .expect("a generator without --rows takes --cases");
                (
                    "cases",
                    cases.default.parse::<usize>().expect("a number") + 1,
                )
            }
        };
        assert_ne!(
            generated(generator, &Options::new()),
            generated(generator, &Options::new().with(name, other)),
            "{}",
            puzzle.about().name
        );
    }
}
