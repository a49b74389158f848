//! What the tools do with a generator, written once as generic functions over the
//! contract: `gen --invalid`'s kinds (a puzzle's own and the layout rules every format
//! shares), and the shrinking of a failing input (`stress`), a case at a time through
//! [`Shrink`]. The driver's `Generator` calls them.

use crate::contract::{Format, GenError, Generate, RunError, Shrink};
use crate::invalid::{self, InvalidKind};
use crate::options::{Options, UsageError};
use parsers::Input;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::io;

/// What the test of a shrinking search says of a smaller input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tried {
    /// It still fails the same way: keep it, and shrink on from it.
    Fails,
    /// It does not: try the next candidate.
    Passes,
    /// Stop shrinking (a budget is spent): keep the smallest found so far.
    Enough,
}

/// Every kind `gridsolve gen --invalid` takes for `generate`: its own rules, then the
/// layout rules.
pub(crate) fn invalid_kinds(generate: &dyn Generate) -> Vec<InvalidKind> {
    let mut kinds = generate.own_invalid_kinds().to_vec();
    kinds.extend_from_slice(&invalid::LAYOUT);
    kinds
}

/// Writes an input of seed `seed` that breaks the rule `kind`, by `generate` (of the
/// puzzle called `name`): its own rule, or a layout rule broken on its base input.
///
/// # Errors
/// A kind the puzzle does not know (usage), or a failed write.
pub(crate) fn generate_invalid(
    generate: &dyn Generate,
    name: &str,
    kind: &str,
    seed: u64,
    out: &mut dyn io::Write,
) -> Result<(), GenError> {
    let own = generate.own_invalid_kinds().iter().any(|k| k.name == kind);
    let text = if own {
        generate.invalid(kind, seed)
    } else {
        let mut rng = invalid::rng(seed, kind);
        generate
            .invalid_base(rng.next_u64())
            .and_then(|base| invalid::break_layout(kind, &base, &mut rng))
    };
    let Some(text) = text else {
        let kinds: Vec<&str> = invalid_kinds(generate).iter().map(|k| k.name).collect();
        let known = if kinds.is_empty() {
            "it has none".to_string()
        } else {
            kinds.join(", ")
        };
        return Err(GenError::Usage(UsageError::new(format!(
            "--invalid {kind} is not a kind of invalid {name} input ({known}; --invalid list says what each breaks)"
        ))));
    };
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// The candidates of case `case` made smaller by `shrink` (none without it).
fn smaller<'a, C>(
    shrink: Option<&'a dyn Shrink<C>>,
    case: &'a C,
) -> Box<dyn Iterator<Item = C> + 'a> {
    match shrink {
        Some(shrink) => shrink.smaller(case),
        None => Box::new(std::iter::empty()),
    }
}

/// Every input one step smaller than `input` (see the driver's `Generator::candidates`).
///
/// # Errors
/// An invalid `input`.
pub(crate) fn candidates<A: Format>(
    adapter: &A,
    shrink: Option<&dyn Shrink<A::Case>>,
    input: &[u8],
    options: &Options,
) -> Result<Vec<String>, RunError> {
    let cases = adapter
        .cases(Input::bytes(input), options)
        .collect::<Result<Vec<_>, _>>()?;
    let mut all = Vec::new();
    for (start, end) in blocks(cases.len()) {
        let kept: Vec<&A::Case> = cases[..start].iter().chain(&cases[end..]).collect();
        all.extend(valid_text(adapter, &kept));
    }
    for i in 0..cases.len() {
        for candidate in smaller(shrink, &cases[i]) {
            all.extend(valid_text(adapter, &replaced(&cases, i, &candidate)));
        }
    }
    Ok(all)
}

/// What a shrinking search (`Generator::shrink`) ends with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk {
    /// The smallest failing input found, in the judge format (as
    /// [`Format::write_input`] writes it): the input itself when nothing smaller
    /// fails.
    pub input: String,
    /// Whether it is 1-minimal: every one of its candidates was tested
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
    /// The cells of its largest board (as `Puzzle::inspect` counts them).
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
fn valid_text<A: Format>(adapter: &A, cases: &[&A::Case]) -> Option<String> {
    let text = adapter.write_input(cases)?;
    let report = adapter.violations(Input::bytes(text.as_bytes()), 1).ok()?;
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

/// The shrinking of `input` (see the driver's `Generator::shrink`): rounds over every
/// candidate, biggest cut first, each kept when it still fails, until a round keeps
/// none (the input is then 1-minimal) or the test says enough.
///
/// Within a round the search does not start over after a kept candidate: it goes on
/// with the candidate at the same place in the new input's list (the next block of the
/// same size, the next row, the next cell), as ddmin goes on with the next subset, so
/// the big cuts that already failed are not tried again at every step; the round that
/// ends the search tries them all once more.
///
/// # Errors
/// An invalid `input`.
pub(crate) fn shrink_input<A: Format>(
    adapter: &A,
    shrink: Option<&dyn Shrink<A::Case>>,
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
                let (rows, cols) = adapter.board_size(case);
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
                for (k, candidate) in smaller(shrink, &cases[i]).enumerate().skip(at) {
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
