//! [`Generator`]: the object-safe face of [`Generate`], what `gridsolve gen`, `stress`
//! and `package` use: generated inputs, inputs that break one rule, and the shrinking
//! of a failing input.

use crate::contract::{GenError, Generate};
use crate::driver::{RunError, Tried};
use crate::invalid::{self, InvalidKind};
use crate::options::{OptionSpec, Options, UsageError};
use parsers::Input;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
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

    /// Writes a generated input (see [`Generate::generate`]), once every option given
    /// is in its range ([`Options::check`]).
    ///
    /// # Errors
    /// A value out of its range, options that describe no input, or a failed write.
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
    /// fails, to a 1-minimal input (in the sense of delta debugging): one on which no
    /// single candidate of [`Generator::candidates`] still fails. Candidates are tried
    /// biggest cut first (half the cases, down to one case at a time, then each case
    /// made smaller by [`Generate::shrink`]); a candidate that fails is kept and the
    /// search goes on from where it was, and a whole round in which none fails ends it.
    /// Candidates that break the judge's strict rules are never tested, nor is one text
    /// twice. When `test` says [`Tried::Enough`] the search stops with the smallest
    /// failing input found, which may then not be minimal ([`Shrunk::minimal`]).
    ///
    /// # Errors
    /// An invalid `input`.
    fn shrink(
        &self,
        input: &[u8],
        options: &Options,
        test: &mut dyn FnMut(&str) -> Tried,
    ) -> Result<Shrunk, RunError>;

    /// Every input one step smaller than `input` (read under the solve `options`) that
    /// keeps the judge's strict rules, in the order [`Generator::shrink`] tries them:
    /// a block of cases fewer (halves down to single cases), then each case replaced by
    /// one of its [`Generate::shrink`] candidates. An input is 1-minimal for a test
    /// when the test passes on every one of these.
    ///
    /// # Errors
    /// An invalid `input`.
    fn candidates(&self, input: &[u8], options: &Options) -> Result<Vec<String>, RunError>;
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
        // Every value in its range before any work.
        options.check(Generate::gen_options(self))?;
        Generate::generate(self, options, out)
    }

    fn invalid_kinds(&self) -> Vec<InvalidKind> {
        let mut kinds = Generate::invalid_kinds(self).to_vec();
        kinds.extend_from_slice(&invalid::LAYOUT);
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
    ) -> Result<Shrunk, RunError> {
        shrink_input(self, input, options, test)
    }

    fn candidates(&self, input: &[u8], options: &Options) -> Result<Vec<String>, RunError> {
        let cases = self
            .cases(Input::bytes(input), options)
            .collect::<Result<Vec<_>, _>>()?;
        let mut all = Vec::new();
        for (start, end) in blocks(cases.len()) {
            let kept: Vec<&A::Case> = cases[..start].iter().chain(&cases[end..]).collect();
            all.extend(valid_text(self, &kept));
        }
        for i in 0..cases.len() {
            for candidate in Generate::shrink(self, &cases[i]) {
                all.extend(valid_text(self, &replaced(&cases, i, &candidate)));
            }
        }
        Ok(all)
    }
}

/// What [`Generator::shrink`] ends with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk {
    /// The smallest failing input found, in the judge format (as
    /// [`crate::Format::write_input`] writes it): the input itself when nothing smaller
    /// fails.
    pub input: String,
    /// Whether it is 1-minimal: every one of its [`Generator::candidates`] was tested
    /// and passes. `false` when the test said [`Tried::Enough`] first.
    pub minimal: bool,
    /// How many times the test was called (the last call may have said
    /// [`Tried::Enough`]).
    pub tests: u64,
    /// The failing inputs the search went through, in order: first the input itself
    /// (test 0), then every smaller one it kept, the last being [`Shrunk::input`]. The
    /// tests after the last one's only confirmed that nothing smaller fails.
    pub trace: Vec<ShrinkStep>,
}

impl Shrunk {
    /// How many tests the search took to reach an input that `small_enough` accepts
    /// (0: the input itself): `None` when none of [`Shrunk::trace`] is.
    pub fn tests_to(&self, small_enough: impl Fn(&ShrinkStep) -> bool) -> Option<u64> {
        self.trace.iter().find(|s| small_enough(s)).map(|s| s.test)
    }

    /// How many tests came after the last smaller input was found: the ones that only
    /// confirmed it (all of them 1-minimal's, when [`Shrunk::minimal`]).
    pub fn confirming(&self) -> u64 {
        self.tests - self.trace.last().map_or(0, |s| s.test)
    }
}

/// One failing input of a shrinking search ([`Shrunk::trace`]), measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShrinkStep {
    /// The call of the test that found it failing (0: the input the search began with).
    pub test: u64,
    /// Its length in the judge format, in bytes.
    pub bytes: usize,
    /// The cells of its largest board (as [`crate::Puzzle::inspect`] counts them).
    pub cells: usize,
}

/// The blocks of `n` cases a candidate leaves out, as `start..end`, biggest first:
/// halves, quarters, and so on down to single cases (none when there is one case).
fn blocks(n: usize) -> Vec<(usize, usize)> {
    let mut all = Vec::new();
    let mut len = n / 2;
    while len >= 1 {
        all.extend(
            (0..n)
                .step_by(len)
                .map(|start| (start, (start + len).min(n))),
        );
        len /= 2;
    }
    all
}

/// `cases` with case `i` replaced by `candidate`.
fn replaced<'a, T>(cases: &'a [T], i: usize, candidate: &'a T) -> Vec<&'a T> {
    (0..cases.len())
        .map(|j| if j == i { candidate } else { &cases[j] })
        .collect()
}

/// The text of `cases` when it is an input the judge's strict rules accept.
fn valid_text<A: Generate>(adapter: &A, cases: &[&A::Case]) -> Option<String> {
    let text = adapter.write_input(cases)?;
    let report = adapter.validate(Input::bytes(text.as_bytes()), 1).ok()?;
    (report.total == 0).then_some(text)
}

/// The state of one shrinking search: what `test` was asked, and whether it said stop.
struct Search<'t> {
    test: &'t mut dyn FnMut(&str) -> Tried,
    /// The hashes of the texts already tested (each passed: a failing one is kept, and
    /// the search never comes back to an input it has left, every step being smaller).
    passed: HashSet<u64>,
    tests: u64,
    stopped: bool,
}

impl Search<'_> {
    /// Whether `text` (valid) still fails; `false` once the test has said enough.
    fn fails(&mut self, text: &str) -> bool {
        if self.stopped {
            return false;
        }
        let mut hasher = std::hash::DefaultHasher::new();
        text.hash(&mut hasher);
        let key = hasher.finish();
        if self.passed.contains(&key) {
            return false;
        }
        self.tests += 1;
        match (self.test)(text) {
            Tried::Fails => true,
            Tried::Passes => {
                self.passed.insert(key);
                false
            }
            Tried::Enough => {
                self.stopped = true;
                false
            }
        }
    }
}

/// [`Generator::shrink`]: rounds over every candidate, biggest cut first, each kept
/// when it still fails, until a round keeps none (the input is then 1-minimal) or the
/// test says enough.
///
/// Within a round the search does not start over after a kept candidate: it goes on
/// with the candidate at the same place in the new input's list (the next block of the
/// same size, the next row, the next cell), as ddmin goes on with the next subset, so
/// the big cuts that already failed are not tried again at every step; the round that
/// ends the search tries them all once more.
fn shrink_input<A: Generate>(
    adapter: &A,
    input: &[u8],
    options: &Options,
    test: &mut dyn FnMut(&str) -> Tried,
) -> Result<Shrunk, RunError> {
    let mut cases = adapter
        .cases(Input::bytes(input), options)
        .collect::<Result<Vec<_>, _>>()?;
    let mut best = adapter
        .write_input(&cases.iter().collect::<Vec<_>>())
        .unwrap_or_else(|| String::from_utf8_lossy(input).into_owned());
    let mut search = Search {
        test,
        passed: HashSet::new(),
        tests: 0,
        stopped: false,
    };
    let step = |search: &Search<'_>, cases: &[A::Case], text: &str| ShrinkStep {
        test: search.tests,
        bytes: text.len(),
        cells: cases
            .iter()
            .map(|case| {
                let (rows, cols) = adapter.size(case);
                rows.saturating_mul(cols)
            })
            .max()
            .unwrap_or(0),
    };
    let mut trace = vec![step(&search, &cases, &best)];
    loop {
        let mut kept_any = false;
        // Fewer cases: halves first, down to one case at a time; after a block is
        // dropped the next block of the same size is tried.
        let mut len = cases.len() / 2;
        while len >= 1 && !search.stopped {
            let mut start = 0;
            while start < cases.len() && cases.len() > 1 {
                let end = (start + len).min(cases.len());
                let kept: Vec<&A::Case> = cases[..start].iter().chain(&cases[end..]).collect();
                if let Some(text) = valid_text(adapter, &kept).filter(|t| search.fails(t)) {
                    cases.drain(start..end);
                    trace.push(step(&search, &cases, &text));
                    best = text;
                    kept_any = true;
                } else {
                    start += len;
                }
            }
            len /= 2;
        }
        // Each case smaller, through its candidates in order.
        for i in 0..cases.len() {
            let mut at = 0;
            while !search.stopped {
                let mut found = None;
                for (k, candidate) in Generate::shrink(adapter, &cases[i]).enumerate().skip(at) {
                    let text = valid_text(adapter, &replaced(&cases, i, &candidate));
                    if let Some(text) = text.filter(|t| search.fails(t)) {
                        found = Some((k, candidate, text));
                        break;
                    }
                    if search.stopped {
                        break;
                    }
                }
                let Some((k, candidate, text)) = found else {
                    break;
                };
                cases[i] = candidate;
                trace.push(step(&search, &cases, &text));
                best = text;
                kept_any = true;
                at = k;
            }
        }
        if search.stopped || !kept_any {
            break;
        }
    }
    Ok(Shrunk {
        input: best,
        minimal: !search.stopped,
        tests: search.tests,
        trace,
    })
}
