//! What a search may spend: a budget of states and of time, checked cheaply.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What one search may spend before it gives up. The default is no limit.
///
/// ```
/// use grid_core::{LimitError, Limits, Meter};
/// use std::time::Duration;
///
/// let limits = Limits { max_states: Some(10), max_time: Some(Duration::from_secs(5)) };
/// let mut meter = Meter::start(limits);
/// assert_eq!(meter.charge(10), Ok(()));
/// assert_eq!(meter.charge(1), Err(LimitError::States(10)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The most states the search may generate.
    pub max_states: Option<u64>,
    /// The longest the search may run.
    pub max_time: Option<Duration>,
}

impl Limits {
    /// No limit at all.
    pub const NONE: Limits = Limits {
        max_states: None,
        max_time: None,
    };
}

/// A search stopped before it found the answer, at one of its limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LimitError {
    /// It had generated this many states, the most [`Limits::max_states`] allows.
    States(u64),
    /// It ran for [`Limits::max_time`], this long.
    Time(Duration),
    /// It would have needed more memory than the solver allows itself; it had stored
    /// this many states.
    Memory(u64),
    /// The system refused the memory the search asked for.
    NoMemory(crate::memory::AllocError),
    /// A [`Stop`] it watched was raised before it (a case before this one failed): its
    /// work would be thrown away.
    Stopped,
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LimitError::States(states) => {
                write!(f, "the search stopped at its limit of {states} states")
            }
            LimitError::Time(time) => write!(
                f,
                "the search stopped at its time limit of {:.3} s",
                time.as_secs_f64()
            ),
            LimitError::Memory(states) => write!(
                f,
                "the search stopped at its limit of {states} states (to stay under 1 GiB of memory)"
            ),
            LimitError::NoMemory(e) => e.fmt(f),
            LimitError::Stopped => f.write_str("the search was stopped: a case before it failed"),
        }
    }
}

impl std::error::Error for LimitError {}

/// How many charged states pass between two looks at the clock (or at a [`Stop`]).
const CLOCK_EVERY: u64 = 4096;

/// A signal that stops searches on other threads at once: searches that are solving
/// the cases of one input in order, several at a time, each watch it ([`Meter::watching`])
/// with their case's rank; when one fails, [`Stop::raise`] with its rank stops every
/// search of a later rank at its meter's next look (within a few thousand states), and
/// a search of a later rank that starts afterwards stops at its first charge. Searches
/// of an earlier rank run on: the first case that fails, in order, is the one to report.
///
/// ```
/// use grid_core::{LimitError, Limits, Meter, Stop};
///
/// let stop = Stop::new();
/// let mut second = Meter::start(Limits::NONE).watching(&stop, 2);
/// let mut first = Meter::start(Limits::NONE).watching(&stop, 1);
/// stop.raise(1); // case 1 failed
/// assert_eq!(second.charge(1), Err(LimitError::Stopped));
/// assert_eq!(first.charge(1), Ok(())); // not after it
/// assert_eq!(stop.raised(), Some(1));
/// ```
#[derive(Clone, Debug)]
pub struct Stop(Arc<AtomicU64>);

impl Default for Stop {
    fn default() -> Stop {
        Stop::new()
    }
}

impl Stop {
    /// A signal not raised yet.
    pub fn new() -> Stop {
        Stop(Arc::new(AtomicU64::new(u64::MAX)))
    }

    /// Stops every search watching with a rank greater than `rank` (the lowest rank
    /// raised counts).
    pub fn raise(&self, rank: u64) {
        self.0.fetch_min(rank, Ordering::Relaxed);
    }

    /// The lowest rank raised so far.
    pub fn raised(&self) -> Option<u64> {
        let rank = self.0.load(Ordering::Relaxed);
        (rank != u64::MAX).then_some(rank)
    }

    /// Whether a search of `rank` is to stop.
    pub fn stops(&self, rank: u64) -> bool {
        self.0.load(Ordering::Relaxed) < rank
    }
}

/// Counts what one search spends against its [`Limits`]. Charging is an addition and a
/// comparison; the clock (and a [`Stop`] the meter watches) is looked at once every few
/// thousand states.
#[derive(Clone, Debug)]
pub struct Meter {
    limits: Limits,
    started: Option<Instant>,
    states: u64,
    /// The state count at which to act next: the state limit or the next clock reading.
    next_check: u64,
    /// The signal watched, and this search's rank.
    stop: Option<(Stop, u64)>,
    /// A halt flag watched (raised from outside: by a signal handler, say).
    halt: Option<Arc<AtomicBool>>,
}

impl Meter {
    /// A meter for one search under `limits`, starting now.
    pub fn start(limits: Limits) -> Meter {
        let started = limits.max_time.map(|_| Instant::now());
        let mut meter = Meter {
            limits,
            started,
            states: 0,
            next_check: 0,
            stop: None,
            halt: None,
        };
        meter.next_check = meter.next_stop();
        meter
    }

    /// This meter, also stopping its search ([`LimitError::Stopped`]) once `stop` is
    /// raised for a rank before `rank`; the next charge looks at it first, so a search
    /// started after the raise does not run.
    #[must_use]
    pub fn watching(mut self, stop: &Stop, rank: u64) -> Meter {
        self.stop = Some((stop.clone(), rank));
        self.next_check = self.states;
        self
    }

    /// This meter, also stopping its search ([`LimitError::Stopped`]) once `flag` is
    /// raised (looked at as a [`Stop`] is: at the next charge, then with the clock).
    ///
    /// ```
    /// use grid_core::{LimitError, Limits, Meter};
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicBool, Ordering};
    ///
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let mut meter = Meter::start(Limits::NONE).halting_on(&flag);
    /// assert_eq!(meter.charge(1), Ok(()));
    /// flag.store(true, Ordering::Relaxed); // a signal handler, say
    /// let stopped = (0..1_000_000).map(|_| meter.charge(1)).find(Result::is_err);
    /// assert_eq!(stopped, Some(Err(LimitError::Stopped)));
    /// assert!(meter.stopped());
    /// ```
    #[must_use]
    pub fn halting_on(mut self, flag: &Arc<AtomicBool>) -> Meter {
        self.halt = Some(Arc::clone(flag));
        self.next_check = self.states;
        self
    }

    /// A meter for a part of the search that counts on a meter of its own (a thread's
    /// share) under `limits` (see [`Meter::remaining`]), starting now and watching
    /// what this one watches.
    pub fn part(&self, limits: Limits) -> Meter {
        let mut meter = Meter::start(limits);
        if let Some((stop, rank)) = &self.stop {
            meter = meter.watching(stop, *rank);
        }
        if let Some(flag) = &self.halt {
            meter = meter.halting_on(flag);
        }
        meter
    }

    /// Whether the [`Stop`] or the halt flag this meter watches (if any) has stopped
    /// its search.
    pub fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|(stop, rank)| stop.stops(*rank))
            || self
                .halt
                .as_ref()
                .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Counts `states` more generated states.
    ///
    /// # Errors
    /// When the search has gone past one of its limits.
    #[inline]
    pub fn charge(&mut self, states: u64) -> Result<(), LimitError> {
        self.states += states;
        if self.states > self.next_check {
            self.check()
        } else {
            Ok(())
        }
    }

    /// States charged so far.
    pub fn states(&self) -> u64 {
        self.states
    }

    /// The limits this meter was started with.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// What is left of the limits: the states not charged yet and the time not run yet,
    /// for a part of the search that counts on a meter of its own (a thread's share).
    ///
    /// ```
    /// use grid_core::{Limits, Meter};
    ///
    /// let mut meter = Meter::start(Limits { max_states: Some(10), max_time: None });
    /// meter.charge(4)?;
    /// assert_eq!(meter.remaining(), Limits { max_states: Some(6), max_time: None });
    /// # Ok::<(), grid_core::LimitError>(())
    /// ```
    pub fn remaining(&self) -> Limits {
        Limits {
            max_states: self
                .limits
                .max_states
                .map(|max| max.saturating_sub(self.states)),
            max_time: match (self.limits.max_time, self.started) {
                (Some(max), Some(started)) => Some(max.saturating_sub(started.elapsed())),
                _ => None,
            },
        }
    }

    #[cold]
    fn check(&mut self) -> Result<(), LimitError> {
        if self.stopped() {
            return Err(LimitError::Stopped);
        }
        if let Some(max) = self.limits.max_states
            && self.states > max
        {
            return Err(LimitError::States(max));
        }
        if let (Some(max), Some(started)) = (self.limits.max_time, self.started)
            && started.elapsed() > max
        {
            return Err(LimitError::Time(max));
        }
        self.next_check = self.next_stop();
        Ok(())
    }

    /// The count past which [`Meter::charge`] must look again.
    fn next_stop(&self) -> u64 {
        let clock = match (self.limits.max_time, &self.stop, &self.halt) {
            (None, None, None) => u64::MAX,
            _ => self.states.saturating_add(CLOCK_EVERY),
        };
        clock.min(self.limits.max_states.unwrap_or(u64::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_limits_never_stop() {
        let mut meter = Meter::start(Limits::NONE);
        for _ in 0..1000 {
            assert_eq!(meter.charge(1 << 40), Ok(()));
        }
    }

    #[test]
    fn the_state_limit_is_exact() {
        let mut meter = Meter::start(Limits {
            max_states: Some(5),
            max_time: None,
        });
        assert_eq!(meter.charge(3), Ok(()));
        assert_eq!(meter.charge(2), Ok(()));
        assert_eq!(meter.charge(1), Err(LimitError::States(5)));
    }

    #[test]
    fn the_time_limit_stops_a_long_search() {
        let mut meter = Meter::start(Limits {
            max_states: None,
            max_time: Some(Duration::from_millis(1)),
        });
        std::thread::sleep(Duration::from_millis(5));
        let stopped = (0..2 * CLOCK_EVERY)
            .map(|_| meter.charge(1))
            .find(Result::is_err);
        assert_eq!(
            stopped,
            Some(Err(LimitError::Time(Duration::from_millis(1))))
        );
    }

    #[test]
    fn what_remains_is_the_limits_less_what_was_spent() {
        let limits = Limits {
            max_states: Some(5),
            max_time: Some(Duration::from_secs(3600)),
        };
        let mut meter = Meter::start(limits);
        assert_eq!(meter.limits(), limits);
        assert_eq!(meter.charge(3), Ok(()));
        let left = meter.remaining();
        assert_eq!(left.max_states, Some(2));
        let time = left.max_time.expect("a time limit");
        assert!(time <= Duration::from_secs(3600) && time > Duration::from_secs(3000));
        assert_eq!(meter.charge(3), Err(LimitError::States(5)));
        assert_eq!(meter.remaining().max_states, Some(0));
        assert_eq!(Meter::start(Limits::NONE).remaining(), Limits::NONE);
    }

    #[test]
    fn a_raised_stop_ends_the_later_searches_within_a_look() {
        let stop = Stop::new();
        let mut later = Meter::start(Limits::NONE).watching(&stop, 5);
        let mut same = Meter::start(Limits::NONE).watching(&stop, 3);
        assert_eq!(later.charge(100), Ok(()));
        stop.raise(4);
        stop.raise(3);
        stop.raise(7); // the lowest counts
        assert_eq!(stop.raised(), Some(3));
        let charged = (1..=2 * CLOCK_EVERY).find(|_| later.charge(1).is_err());
        assert!(charged.is_some_and(|n| n <= CLOCK_EVERY + 1), "{charged:?}");
        assert!(later.stopped() && !same.stopped());
        assert_eq!(same.charge(10 * CLOCK_EVERY), Ok(()));
        // Started after the raise: stopped at its first charge, and its parts too.
        let fresh = Meter::start(Limits::NONE).watching(&stop, 4);
        let mut part = fresh.part(Limits::NONE);
        assert_eq!(part.charge(1), Err(LimitError::Stopped));
        // The state limit still holds beside the stop.
        let mut small = Meter::start(Limits {
            max_states: Some(3),
            max_time: None,
        })
        .watching(&Stop::new(), 1);
        assert_eq!(small.charge(3), Ok(()));
        assert_eq!(small.charge(1), Err(LimitError::States(3)));
        assert_eq!(Stop::new().raised(), None);
    }

    /// A raised halt flag ends the search within a look at the clock, and at once a
    /// search (or a part of one) started after it; a flag not raised ends nothing,
    /// and the state limit holds beside it.
    #[test]
    fn a_raised_halt_flag_ends_the_search_within_a_look() {
        let flag = Arc::new(AtomicBool::new(false));
        let mut meter = Meter::start(Limits::NONE).halting_on(&flag);
        assert_eq!(meter.charge(10 * CLOCK_EVERY), Ok(()));
        assert!(!meter.stopped());
        flag.store(true, Ordering::Relaxed);
        let charged = (1..=2 * CLOCK_EVERY).find(|_| meter.charge(1).is_err());
        assert!(charged.is_some_and(|n| n <= CLOCK_EVERY + 1), "{charged:?}");
        assert!(meter.stopped());
        let fresh = Meter::start(Limits::NONE).halting_on(&flag);
        assert_eq!(fresh.part(Limits::NONE).charge(1), Err(LimitError::Stopped));
        let lowered = Arc::new(AtomicBool::new(false));
        let mut small = Meter::start(Limits {
            max_states: Some(3),
            max_time: None,
        })
        .halting_on(&lowered);
        assert_eq!(small.charge(3), Ok(()));
        assert_eq!(small.charge(1), Err(LimitError::States(3)));
        assert!(!small.stopped());
    }

    #[test]
    fn messages_say_the_limit() {
        assert_eq!(
            LimitError::States(1000).to_string(),
            "the search stopped at its limit of 1000 states"
        );
        assert_eq!(
            LimitError::Time(Duration::from_millis(1500)).to_string(),
            "the search stopped at its time limit of 1.500 s"
        );
    }
}
