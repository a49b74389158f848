//! Every numeric option of every puzzle has a range, written once in its `OptionSpec`:
//! a value just past either end is refused before any work, naming the range, and the
//! ends themselves pass the range (a generator may still refuse a combination, such as
//! more empty cells than the board has, in words of its own).

use puzzles::{GenError, OptionSpec, Options, PUZZLES};
use std::io;

/// A sink that fails at the first byte: a generator that passes the range check stops
/// there, so even a huge value in range (four billion cases) costs nothing here.
struct Refuses;

impl io::Write for Refuses {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::other("enough"))
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Whether `spec` takes a whole number: its default is one (or the rows', for
/// `--cols`).
fn numeric(spec: &OptionSpec) -> bool {
    spec.default.parse::<u64>().is_ok() || spec.default == "as --rows"
}

#[test]
fn every_numeric_option_has_a_range_that_holds_its_default() {
    for &puzzle in PUZZLES {
        let gen_options = puzzle.generator().map_or(&[][..], |g| g.gen_options());
        for spec in puzzle.solve_options().iter().chain(gen_options) {
            let name = puzzle.about().name;
            assert_eq!(
                spec.range.is_some(),
                numeric(spec),
                "{name} --{}: a number has a range, nothing else does",
                spec.name
            );
            if let (Some((min, max)), Ok(default)) = (spec.range, spec.default.parse::<u64>()) {
                assert!(min <= default && default <= max, "{name} --{}", spec.name);
            }
        }
    }
}

#[test]
fn a_value_past_either_end_is_refused_naming_the_range_and_the_ends_pass() {
    let mut checked = 0;
    for &puzzle in PUZZLES {
        let Some(generator) = puzzle.generator() else {
            continue;
        };
        let name = puzzle.about().name;
        for spec in generator.gen_options() {
            let Some((min, max)) = spec.range else {
                continue;
            };
            let range = format!("{min} to {max}");
            let past = [min.checked_sub(1), max.checked_add(1)];
            for value in past.into_iter().flatten() {
                let options = Options::new().with(spec.name, value);
                match generator.generate(&options, &mut Refuses) {
                    Err(GenError::Usage(e)) => assert_eq!(
                        e.to_string(),
                        format!("--{} {value} is out of its range, {range}", spec.name),
                        "{name}"
                    ),
                    other => panic!("{name} --{} {value}: {other:?}", spec.name),
                }
                checked += 1;
            }
            for value in [min, max] {
                let options = Options::new().with(spec.name, value);
                if let Err(GenError::Usage(e)) = generator.generate(&options, &mut Refuses) {
                    assert!(
                        !e.to_string().contains("out of its range"),
                        "{name} --{} {value}: {e}",
                        spec.name
                    );
                }
            }
        }
    }
    // Past u64's end there is no value: the rest are all checked.
    assert!(checked >= 30, "{checked}");
}

#[test]
fn no_whole_number_is_refused_naming_the_range() {
    let generator = puzzles::find("fifteen").unwrap().generator().unwrap();
    for text in ["-1", "1e6", "", "18446744073709551616"] {
        let options = Options::new().with("steps", text);
        let e = generator.generate(&options, &mut Refuses).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "invalid value {text:?} for --steps: expected a whole number from 0 to 1000000"
            )
        );
    }
}
