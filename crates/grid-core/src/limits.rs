//! What a search may spend: a budget of states and of time, checked cheaply.

use std::fmt;
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
        }
    }
}

impl std::error::Error for LimitError {}

/// How many charged states pass between two looks at the clock.
const CLOCK_EVERY: u64 = 4096;

/// Counts what one search spends against its [`Limits`]. Charging is an addition and a
/// comparison; the clock is read once every few thousand states.
#[derive(Clone, Copy, Debug)]
pub struct Meter {
    limits: Limits,
    started: Option<Instant>,
    states: u64,
    /// The state count at which to act next: the state limit or the next clock reading.
    next_check: u64,
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
        };
        meter.next_check = meter.next_stop();
        meter
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
        let clock = match self.limits.max_time {
            Some(_) => self.states.saturating_add(CLOCK_EVERY),
            None => u64::MAX,
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
