//! Progress on stderr, drawn with `indicatif`, for work that can take more than a
//! second: the solvers' database builds and IDA* iterations (told through
//! [`puzzles::progress`]), `stress`'s cases and shrinking runs, `package`'s tests, a
//! long `gen`. Only on a terminal and without `--quiet` ([`init`]): otherwise nothing
//! is drawn and stderr carries only what it always did.

use indicatif::{HumanBytes, HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};
use puzzles::progress::{Progress, Watch};
use std::io::{self, IsTerminal, Write};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

/// Whether progress is drawn, decided once by [`init`].
static SHOWN: OnceLock<bool> = OnceLock::new();

/// How long work runs before its progress is drawn, by default: quicker work leaves no
/// trace.
const DELAY: Duration = Duration::from_millis(300);

/// The variable that sets another delay than [`DELAY`], in whole milliseconds (0: drawn
/// with the first news; a large one: never drawn), for a recording or a test that must
/// not depend on how fast the machine is. Any other value leaves the default.
const DELAY_VARIABLE: &str = "GRIDSOLVE_PROGRESS_DELAY_MS";

/// How long work runs before its progress is drawn: [`DELAY`], or what
/// [`DELAY_VARIABLE`] says (read once).
fn delay() -> Duration {
    static READ: OnceLock<Duration> = OnceLock::new();
    *READ.get_or_init(|| delay_of(std::env::var(DELAY_VARIABLE).ok().as_deref()))
}

/// The delay a value of [`DELAY_VARIABLE`] sets.
fn delay_of(value: Option<&str>) -> Duration {
    value
        .and_then(|v| v.trim().parse().ok())
        .map_or(DELAY, Duration::from_millis)
}

/// How often a drawn bar is redrawn without news (its spinner and elapsed time).
const TICK: Duration = Duration::from_millis(120);

/// Decides once whether progress is drawn: on a terminal (stderr), unless `quiet`.
pub(crate) fn init(quiet: bool) {
    let _ = SHOWN.set(!quiet && io::stderr().is_terminal());
}

/// Whether progress is drawn (see [`init`]; never before it).
pub(crate) fn shown() -> bool {
    SHOWN.get().copied().unwrap_or(false)
}

/// A bar of `len` steps of `unit` (`cases`, `tests`) with a message, drawn at once
/// when progress is [`shown`], hidden otherwise.
pub(crate) fn bar(len: u64, unit: &str) -> ProgressBar {
    if !shown() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit}, {{elapsed}} {{wide_msg}}");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// The bytes a writer has taken, drawn as `gen` writes them once it has run longer than
/// [`delay`] (a quick `gen` draws nothing), when stdout is not the terminal the bar
/// would be drawn over.
pub(crate) struct Counted<W> {
    inner: W,
    bytes: u64,
    started: Instant,
    bar: Option<ProgressBar>,
    drawn: bool,
}

impl<W: Write> Counted<W> {
    pub(crate) fn new(inner: W) -> Counted<W> {
        Counted {
            inner,
            bytes: 0,
            started: Instant::now(),
            bar: None,
            drawn: shown() && !io::stdout().is_terminal(),
        }
    }

    /// Clears what was drawn.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl<W: Write> Write for Counted<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        match &self.bar {
            Some(bar) => bar.set_position(self.bytes),
            None if self.drawn && self.started.elapsed() >= delay() => {
                let bar = ProgressBar::new_spinner();
                if let Ok(style) =
                    ProgressStyle::with_template("{spinner} gen: {msg} written, {elapsed}")
                {
                    bar.set_style(style);
                }
                bar.enable_steady_tick(TICK);
                self.bar = Some(bar);
            }
            None => {}
        }
        if let Some(bar) = &self.bar {
            bar.set_message(HumanBytes(self.bytes).to_string());
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// What a solver was last told to be doing, for the line drawn.
#[derive(Debug, Default)]
struct State {
    /// When the first news of the work under way came, and when its search began.
    since: Option<Instant>,
    search_began: Option<Instant>,
    bound: u64,
    bar: Option<ProgressBar>,
}

/// The solvers' watcher: a line on stderr, `building pattern databases: 12,582,912 of
/// 255,024,000 entries` or `IDA*: bound 52, 31,457,280 positions, 4,213,004/s`, drawn
/// once the work has run longer than [`delay`] and cleared when it ends.
#[derive(Debug, Default)]
pub(crate) struct Solving(Mutex<State>);

impl Solving {
    /// The watcher to hand to [`puzzles::progress::watching`]: this one when progress
    /// is [`shown`], nobody otherwise.
    pub(crate) fn watch() -> Watch {
        if shown() {
            Watch::new(Arc::new(Solving::default()))
        } else {
            Watch::NONE
        }
    }

    /// Runs `draw` on the bar, made (and begun to be drawn) once the work under way
    /// has run longer than [`delay`].
    fn draw(&self, draw: impl FnOnce(&mut State, &ProgressBar)) {
        let mut state = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let since = *state.since.get_or_insert_with(Instant::now);
        if state.bar.is_none() {
            if since.elapsed() < delay() {
                return;
            }
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
                .with_style(style("{spinner} {msg}, {elapsed}"));
            bar.enable_steady_tick(TICK);
            state.bar = Some(bar);
        }
        let bar = state.bar.clone().expect("made above");
        draw(&mut state, &bar);
    }
}

/// A style from a template known to be good.
fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

/// The text of a search's news: its bound, positions and their rate.
fn searching(bound: u64, positions: u64, began: Option<Instant>) -> String {
    let seconds = began.map_or(0.0, |t| t.elapsed().as_secs_f64());
    let rate = if seconds > 0.0 {
        format!(", {}/s", HumanCount((positions as f64 / seconds) as u64))
    } else {
        String::new()
    };
    format!(
        "IDA*: bound {bound}, {} positions{rate}",
        HumanCount(positions)
    )
}

impl Progress for Solving {
    fn building(&self, done: u64, total: u64) {
        self.draw(|_, bar| {
            if bar.length() != Some(total) {
                bar.set_style(style(
                    "{spinner} databases {bar:12} {human_pos} of {human_len} entries, {elapsed}",
                ));
                bar.set_length(total);
            }
            bar.set_position(done);
        });
    }

    fn iteration(&self, bound: u64, positions: u64) {
        {
            let mut state = self.0.lock().unwrap_or_else(PoisonError::into_inner);
            state.since.get_or_insert_with(Instant::now);
            if positions == 0 {
                state.search_began = Some(Instant::now());
            }
            state.bound = bound;
        }
        self.draw(|state, bar| {
            bar.set_style(style("{spinner} {msg}, {elapsed}"));
            bar.set_message(searching(bound, positions, state.search_began));
        });
    }

    fn searched(&self, positions: u64) {
        self.draw(|state, bar| {
            bar.set_message(searching(state.bound, positions, state.search_began));
        });
    }

    fn finished(&self) {
        let mut state = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(bar) = state.bar.take() {
            bar.finish_and_clear();
        }
        *state = State::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_line_says_its_bound_positions_and_rate() {
        assert_eq!(
            searching(52, 31_457_280, None),
            "IDA*: bound 52, 31,457,280 positions"
        );
        let began = Instant::now() - Duration::from_secs(10);
        let line = searching(52, 31_457_280, Some(began));
        assert!(
            line.starts_with("IDA*: bound 52, 31,457,280 positions, "),
            "{line}"
        );
        assert!(line.ends_with("/s"), "{line}");
    }

    #[test]
    fn the_delay_is_the_variable_s_milliseconds_or_the_default() {
        assert_eq!(delay_of(None), DELAY);
        assert_eq!(delay_of(Some("0")), Duration::ZERO);
        assert_eq!(delay_of(Some(" 2500\n")), Duration::from_millis(2500));
        for other in ["", "-1", "0.5", "1s", "many"] {
            assert_eq!(delay_of(Some(other)), DELAY, "{other:?}");
        }
    }
}
