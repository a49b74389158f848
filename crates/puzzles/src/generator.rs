//! [`Generator`]: the object-safe face of [`Generate`], what `gridsolve gen`, `stress`
//! and `package` use: generated inputs, inputs that break one rule, and the shrinking
//! of a failing input.

use crate::contract::{GenError, Generate};
use crate::driver::{RunError, Tried};
use crate::invalid::{self, InvalidKind};
use crate::options::{OptionSpec, Options, UsageError};
use parsers::Input;
use std::io;

/// A puzzle's generator, as the tools use it (see [`Generate`]).
pub trait Generator: Sync {
    /// The options of `gridsolve gen` besides `--family` and `--seed`.
    fn gen_options(&self) -> &'static [OptionSpec];

    /// The generator families: name and one-line summary, the default first.
    fn families(&self) -> Vec<(&'static str, &'static str)>;

    /// The playground's difficulties of a new puzzle (see [`Generate::presets`]).
    fn presets(&self) -> &'static [crate::contract::Preset];

    /// The judge's default board size for `gridsolve gen`, in words (for `--help`).
    fn gen_size(&self) -> String;

    /// Writes a generated input (see [`Generate::generate`]).
    ///
    /// # Errors
    /// Options that describe no input, or a failed write.
    fn generate(&self, options: &Options, out: &mut dyn io::Write) -> Result<(), GenError>;

    /// Every kind `gridsolve gen --invalid` takes for this puzzle: its own rules, then
    /// the layout rules (when it gives a valid input to break them on).
    fn invalid_kinds(&self) -> Vec<InvalidKind>;

    /// Writes an input of seed `seed` that breaks the rule `kind` (one of
    /// [`Generator::invalid_kinds`]).
    ///
    /// # Errors
    /// A kind the puzzle does not know (usage), or a failed write.
    fn generate_invalid(
        &self,
        kind: &str,
        seed: u64,
        out: &mut dyn io::Write,
    ) -> Result<(), GenError>;

    /// Shrinks `input`, read under the solve `options`, while `test` says it still
    /// fails: repeatedly the first smaller input that does (fewer cases first, then
    /// each case made smaller by [`Generate::shrink`]), until none does or `test` says
    /// [`Tried::Enough`]. Candidates that break the judge's strict rules are never
    /// tested. Returns the smallest failing input, in the judge format (as
    /// [`crate::Format::write_input`] writes it).
    ///
    /// # Errors
    /// An invalid `input`.
    fn shrink(
        &self,
        input: &[u8],
        options: &Options,
        test: &mut dyn FnMut(&str) -> Tried,
    ) -> Result<String, RunError>;
}

impl<A: Generate> Generator for A {
    fn gen_options(&self) -> &'static [OptionSpec] {
        Generate::gen_options(self)
    }

    fn families(&self) -> Vec<(&'static str, &'static str)> {
        Generate::families(self)
    }

    fn presets(&self) -> &'static [crate::contract::Preset] {
        Generate::presets(self)
    }

    fn gen_size(&self) -> String {
        Generate::gen_size(self)
    }

    fn generate(&self, options: &Options, out: &mut dyn io::Write) -> Result<(), GenError> {
        Generate::generate(self, options, out)
    }

    fn invalid_kinds(&self) -> Vec<InvalidKind> {
        let mut kinds = Generate::invalid_kinds(self).to_vec();
        if Generate::invalid_base(self, 1).is_some() {
            kinds.extend_from_slice(&invalid::LAYOUT);
        }
        kinds
    }

    fn generate_invalid(
        &self,
        kind: &str,
        seed: u64,
        out: &mut dyn io::Write,
    ) -> Result<(), GenError> {
        let own = Generate::invalid_kinds(self).iter().any(|k| k.name == kind);
        let text = if own {
            Generate::invalid(self, kind, seed)
        } else {
            let mut rng = invalid::rng(seed, kind);
            Generate::invalid_base(self, rng.next_u64())
                .and_then(|base| invalid::break_layout(kind, &base, &mut rng))
        };
        let Some(text) = text else {
            let kinds: Vec<&str> = Generator::invalid_kinds(self)
                .iter()
                .map(|k| k.name)
                .collect();
            let known = if kinds.is_empty() {
                "it has none".to_string()
            } else {
                kinds.join(", ")
            };
            return Err(GenError::Usage(UsageError::new(format!(
                "--invalid {kind} is not a kind of invalid {} input ({known}; --invalid list says what each breaks)",
                self.about().name
            ))));
        };
        out.write_all(text.as_bytes())?;
        Ok(())
    }

    fn shrink(
        &self,
        input: &[u8],
        options: &Options,
        test: &mut dyn FnMut(&str) -> Tried,
    ) -> Result<String, RunError> {
        shrink_input(self, input, options, test)
    }
}

/// [`Generator::shrink`]: a greedy search that keeps the first smaller input that still
/// fails, until no candidate does.
fn shrink_input<A: Generate>(
    adapter: &A,
    input: &[u8],
    options: &Options,
    test: &mut dyn FnMut(&str) -> Tried,
) -> Result<String, RunError> {
    let mut cases = adapter
        .cases(Input::bytes(input), options)
        .collect::<Result<Vec<_>, _>>()?;
    let mut best = adapter
        .write_input(&cases.iter().collect::<Vec<_>>())
        .unwrap_or_else(|| String::from_utf8_lossy(input).into_owned());
    let mut stop = false;
    // The text of `cases` when it is a valid input that still fails.
    let mut attempt = |cases: &[&A::Case], stop: &mut bool| -> Option<String> {
        if *stop {
            return None;
        }
        let text = adapter.write_input(cases)?;
        let report = adapter.validate(Input::bytes(text.as_bytes()), 1).ok()?;
        if report.total > 0 {
            return None;
        }
        match test(&text) {
            Tried::Fails => Some(text),
            Tried::Passes => None,
            Tried::Enough => {
                *stop = true;
                None
            }
        }
    };
    'search: while !stop {
        // Fewer cases: halves first, down to one case at a time.
        let n = cases.len();
        let mut len = n / 2;
        while len >= 1 {
            for start in (0..n).step_by(len) {
                let end = (start + len).min(n);
                let kept: Vec<&A::Case> = cases[..start].iter().chain(&cases[end..]).collect();
                if let Some(text) = attempt(&kept, &mut stop) {
                    cases.drain(start..end);
                    best = text;
                    continue 'search;
                }
            }
            len /= 2;
        }
        // Each case smaller.
        for i in 0..cases.len() {
            let mut found = None;
            for candidate in Generate::shrink(adapter, &cases[i]) {
                let text = {
                    let refs: Vec<&A::Case> = (0..cases.len())
                        .map(|j| if j == i { &candidate } else { &cases[j] })
                        .collect();
                    attempt(&refs, &mut stop)
                };
                if let Some(text) = text {
                    found = Some((candidate, text));
                    break;
                }
                if stop {
                    break;
                }
            }
            if let Some((candidate, text)) = found {
                cases[i] = candidate;
                best = text;
                continue 'search;
            }
        }
        break;
    }
    Ok(best)
}
