//! Where a long pattern-database search stands, so that it can be stopped and resumed
//! with the same answer, path and counts as a search that ran through.
//!
//! A checkpointed search splits every iteration into shares (the positions a few moves
//! deep, in the search's order, as a search on threads does) and keeps, in a
//! [`Checkpoint`], the iteration's bound, the split's depth, how many shares in order
//! are done and their counts: the positions above the split are searched again on
//! resume (the same ones, so they are counted once), the shares done are not. It is
//! handed to a [`CheckpointSink`] when the search starts, then at least every
//! [`Checkpointing::every`] (at a share's end or an iteration's start once that much
//! time has passed), and when the search halts (its
//! halt flag raised, by a signal handler say, or, for tests, once it has expanded a
//! given number of positions, counted at a share's end in order, so on any number of
//! threads at the same place). The crate does no I/O: the sink writes the checkpoint
//! where it likes ([`Checkpoint::to_text`], [`Checkpoint::parse`]).

use crate::board::Board;
use crate::fsm::Pruning;
use crate::geometry::MoveOrder;
use grid_core::SearchStats;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The first line of a checkpoint's text, with its format's version.
const HEADER: &str = "gridsolve fifteen checkpoint 1";

/// Where a checkpointed search stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The program's version (the crate's).
    pub(crate) version: String,
    /// The board: its shape, start and goal.
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) start: Vec<u8>,
    pub(crate) goal: Vec<u8>,
    /// The names of the databases' tables (see [`crate::TableStore`]).
    pub(crate) tables: Vec<String>,
    /// The order in which the search tries the blank's moves.
    pub(crate) order: MoveOrder,
    /// Which paths the search skips (a checkpoint without the line was written when
    /// the automaton was the only pruning).
    pub(crate) pruning: Pruning,
    /// The positions of the quick try before the databases, counted in the board's
    /// statistics (not tried again on resume).
    pub(crate) quick: u64,
    /// The bound of the iteration under way.
    pub(crate) bound: u32,
    /// The depth of its split, 0 when it has not begun.
    pub(crate) depth: u32,
    /// Shares done, in order, of the split's `shares`.
    pub(crate) done: usize,
    pub(crate) shares: usize,
    /// The search's counts before the iteration, and those of the shares done.
    pub(crate) before: SearchStats,
    pub(crate) in_shares: SearchStats,
    /// The least f over the bound the shares done met (`u32::MAX`: none).
    pub(crate) next_bound: u32,
}

/// Why a checkpoint's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckpointError(String);

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CheckpointError {}

impl Checkpoint {
    /// The bound of the iteration under way.
    pub fn bound(&self) -> u32 {
        self.bound
    }

    /// The shares of the iteration's split done, of how many (0 of 0 before it has
    /// begun).
    pub fn reached(&self) -> (usize, usize) {
        (self.done, self.shares)
    }

    /// The board's counts so far: the quick try's positions, the iterations before
    /// this one and the shares of this one done (not the positions above its split,
    /// searched again on resume).
    pub fn stats(&self) -> SearchStats {
        SearchStats {
            expanded: self.before.expanded + self.in_shares.expanded,
            generated: self.quick + self.before.generated + self.in_shares.generated,
        }
    }

    /// The checkpoint as text, a `key value` line each.
    pub fn to_text(&self) -> String {
        let list = |v: &[u8]| v.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        format!(
            "{HEADER}\nversion {}\nboard {} {}\nstart {}\ngoal {}\ntables {}\norder {}\npruning {}\nquick {}\nbound {}\ndepth {}\nshares {} {}\nbefore {} {}\ndone {} {}\nnext {}\n",
            self.version,
            self.rows,
            self.cols,
            list(&self.start),
            list(&self.goal),
            self.tables.join(" "),
            self.order,
            self.pruning,
            self.quick,
            self.bound,
            self.depth,
            self.done,
            self.shares,
            self.before.expanded,
            self.before.generated,
            self.in_shares.expanded,
            self.in_shares.generated,
            self.next_bound,
        )
    }

    /// Reads [`Checkpoint::to_text`]'s text.
    ///
    /// # Errors
    /// When it is not such a text (another format, a missing or malformed line).
    pub fn parse(text: &str) -> Result<Checkpoint, CheckpointError> {
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            return Err(CheckpointError(format!(
                "not a checkpoint of this program (its first line is not {HEADER:?})"
            )));
        }
        let mut fields = std::collections::HashMap::new();
        for line in lines {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            fields.insert(key, value);
        }
        let field = |key: &str| {
            fields
                .get(key)
                .copied()
                .ok_or_else(|| CheckpointError(format!("its line {key:?} is missing")))
        };
        fn numbers<T: std::str::FromStr>(
            key: &str,
            value: &str,
        ) -> Result<Vec<T>, CheckpointError> {
            value
                .split_whitespace()
                .map(|n| {
                    n.parse()
                        .map_err(|_| CheckpointError(format!("its line {key:?} is malformed")))
                })
                .collect()
        }
        let pair = |key: &str| -> Result<(u64, u64), CheckpointError> {
            match numbers::<u64>(key, field(key)?)?[..] {
                [a, b] => Ok((a, b)),
                _ => Err(CheckpointError(format!("its line {key:?} is malformed"))),
            }
        };
        let one = |key: &str| -> Result<u64, CheckpointError> {
            match numbers::<u64>(key, field(key)?)?[..] {
                [a] => Ok(a),
                _ => Err(CheckpointError(format!("its line {key:?} is malformed"))),
            }
        };
        let small = |key: &str| -> Result<u32, CheckpointError> {
            u32::try_from(one(key)?)
                .map_err(|_| CheckpointError(format!("its line {key:?} is out of range")))
        };
        let (rows, cols) = pair("board")?;
        let (done, shares) = pair("shares")?;
        let before = pair("before")?;
        let in_shares = pair("done")?;
        let checkpoint = Checkpoint {
            version: field("version")?.to_string(),
            rows: rows as usize,
            cols: cols as usize,
            start: numbers("start", field("start")?)?,
            goal: numbers("goal", field("goal")?)?,
            tables: field("tables")?
                .split_whitespace()
                .map(str::to_string)
                .collect(),
            order: field("order")?
                .parse()
                .map_err(|_| CheckpointError("its line \"order\" is malformed".to_string()))?,
            pruning: fields.get("pruning").map_or(Ok(Pruning::Automaton), |p| {
                p.parse()
                    .map_err(|_| CheckpointError("its line \"pruning\" is malformed".to_string()))
            })?,
            quick: one("quick")?,
            bound: small("bound")?,
            depth: small("depth")?,
            done: done as usize,
            shares: shares as usize,
            before: SearchStats {
                expanded: before.0,
                generated: before.1,
            },
            in_shares: SearchStats {
                expanded: in_shares.0,
                generated: in_shares.1,
            },
            next_bound: small("next")?,
        };
        if checkpoint.done > checkpoint.shares {
            return Err(CheckpointError(
                "its line \"shares\" is malformed".to_string(),
            ));
        }
        Ok(checkpoint)
    }
}

/// Takes the checkpoints of a search (writes them to a file, say). Called from the
/// search's threads, one at a time.
pub trait CheckpointSink: Send + Sync + fmt::Debug {
    /// Keeps `checkpoint` (in place of the one before).
    fn save(&self, checkpoint: &Checkpoint);
}

/// How a solver checkpoints its pattern-database search
/// ([`Solver::with_checkpoints`](crate::Solver::with_checkpoints)): where the checkpoints
/// go, how often, when the search halts, and the checkpoint it resumes from, if any. One
/// board at a time: a solver that checkpoints solves one board that uses databases.
#[derive(Clone, Debug)]
pub struct Checkpointing {
    pub(crate) sink: Arc<dyn CheckpointSink>,
    pub(crate) every: Duration,
    pub(crate) halt: Arc<AtomicBool>,
    pub(crate) halt_after: Option<u64>,
    pub(crate) resume: Option<Checkpoint>,
}

impl Checkpointing {
    /// Checkpoints handed to `sink`, every minute at least, no halt asked for.
    pub fn new(sink: Arc<dyn CheckpointSink>) -> Checkpointing {
        Checkpointing {
            sink,
            every: Duration::from_secs(60),
            halt: Arc::new(AtomicBool::new(false)),
            halt_after: None,
            resume: None,
        }
    }

    /// Hands a checkpoint to the sink once `every` has passed since the last, at the
    /// next share's end or iteration's start.
    #[must_use]
    pub fn every(mut self, every: Duration) -> Checkpointing {
        self.every = every;
        self
    }

    /// The flag that halts the search when raised (from a signal handler, say): the
    /// search stops, hands its checkpoint to the sink and answers
    /// [`SolveError::Halted`](crate::SolveError::Halted).
    pub fn halt_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.halt)
    }

    /// This configuration, halted by `flag` (in place of a flag of its own).
    #[must_use]
    pub fn halting_on(mut self, flag: Arc<AtomicBool>) -> Checkpointing {
        self.halt = flag;
        self
    }

    /// Halts the search at the end of the first share (in order) by which it has
    /// expanded at least `expanded` positions, or at the start of the iteration after
    /// it: a stop at a place set by counts, the same on any number of threads.
    #[must_use]
    pub fn halt_after(mut self, expanded: u64) -> Checkpointing {
        self.halt_after = Some(expanded);
        self
    }

    /// Resumes the search from `checkpoint`, refused (with
    /// [`SolveError::Mismatch`](crate::SolveError::Mismatch)) unless it was written
    /// for the same board, databases, order of the moves and program version.
    #[must_use]
    pub fn resuming(mut self, checkpoint: Checkpoint) -> Checkpointing {
        self.resume = Some(checkpoint);
        self
    }
}

/// A board's checkpointed search under way: its [`Checkpointing`], what every
/// checkpoint of it repeats, and when the last one was handed over.
#[derive(Debug)]
pub(crate) struct Session {
    pub(crate) config: Checkpointing,
    /// A checkpoint with the board's fingerprint and quick try, the rest to be filled.
    pub(crate) template: Checkpoint,
    /// When the last checkpoint was handed over (none yet: the first is due at once,
    /// at the search's start).
    last: Mutex<Option<Instant>>,
}

impl Session {
    /// The session of `config` for `board` searched in `order`, whose databases'
    /// tables are `tables`, after a quick try of `quick` positions.
    pub(crate) fn new(
        config: Checkpointing,
        (board, order, pruning): (&Board, MoveOrder, Pruning),
        tables: Vec<String>,
        quick: u64,
    ) -> Session {
        Session {
            config,
            template: Checkpoint {
                version: env!("CARGO_PKG_VERSION").to_string(),
                rows: board.rows(),
                cols: board.cols(),
                start: board.start().to_vec(),
                goal: board.goal().to_vec(),
                tables,
                order,
                pruning,
                quick,
                bound: 0,
                depth: 0,
                done: 0,
                shares: 0,
                before: SearchStats::default(),
                in_shares: SearchStats::default(),
                next_bound: u32::MAX,
            },
            last: Mutex::new(None),
        }
    }

    /// What in `resume` differs from this board, databases, order, pruning and
    /// version, if anything.
    pub(crate) fn mismatch(&self, resume: &Checkpoint) -> Option<&'static str> {
        let t = &self.template;
        if resume.version != t.version {
            Some("another version of the program")
        } else if (resume.rows, resume.cols, &resume.start, &resume.goal)
            != (t.rows, t.cols, &t.start, &t.goal)
        {
            Some("another board")
        } else if resume.tables != t.tables {
            Some("other databases")
        } else if resume.order != t.order {
            Some("another order of the moves")
        } else if resume.pruning != t.pruning {
            Some("another pruning of duplicate paths")
        } else {
            None
        }
    }

    /// Whether the search is to halt now.
    pub(crate) fn halting(&self) -> bool {
        self.config.halt.load(Ordering::Relaxed)
    }

    /// Raises the halt flag.
    pub(crate) fn halt(&self) {
        self.config.halt.store(true, Ordering::Relaxed);
    }

    /// Whether `expanded` positions reach the count the search halts after.
    pub(crate) fn enough(&self, expanded: u64) -> bool {
        self.config.halt_after.is_some_and(|n| expanded >= n)
    }

    /// The checkpoint of the iteration to `bound` split at `depth` into `shares`,
    /// `done` of them done with `in_shares` counts and `next_bound`, the search having
    /// counted `before` before the iteration.
    pub(crate) fn at(
        &self,
        (bound, depth): (u32, u32),
        (done, shares): (usize, usize),
        before: SearchStats,
        (in_shares, next_bound): (SearchStats, u32),
    ) -> Checkpoint {
        Checkpoint {
            bound,
            depth,
            done,
            shares,
            before,
            in_shares,
            next_bound,
            ..self.template.clone()
        }
    }

    /// Hands `checkpoint` to the sink.
    pub(crate) fn save(&self, checkpoint: &Checkpoint) {
        *self
            .last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Instant::now());
        self.config.sink.save(checkpoint);
    }

    /// Whether a checkpoint is due (the time since the last one).
    pub(crate) fn due(&self) -> bool {
        self.last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .is_none_or(|last| last.elapsed() >= self.config.every)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_reads_back_from_its_text_and_other_texts_are_refused() {
        let checkpoint = Checkpoint {
            version: "1.2.3".to_string(),
            rows: 3,
            cols: 4,
            start: (0..12).rev().collect(),
            goal: (0..12).collect(),
            tables: vec!["a.pdb".to_string(), "b.pdb".to_string()],
            order: "ULRD".parse().unwrap(),
            pruning: Pruning::Parent,
            quick: 7,
            bound: 40,
            depth: 5,
            done: 3,
            shares: 70,
            before: SearchStats {
                expanded: 10,
                generated: 30,
            },
            in_shares: SearchStats {
                expanded: 4,
                generated: 9,
            },
            next_bound: u32::MAX,
        };
        // What it says: the iteration, the shares done, and the counts so far (the
        // quick try's, the iterations' before, and the shares' done).
        assert_eq!(checkpoint.bound(), 40);
        assert_eq!(checkpoint.reached(), (3, 70));
        assert_eq!(
            checkpoint.stats(),
            SearchStats {
                expanded: 14,
                generated: 46
            }
        );
        let text = checkpoint.to_text();
        assert!(text.contains("\norder ULRD\npruning parent\n"), "{text}");
        assert_eq!(Checkpoint::parse(&text), Ok(checkpoint.clone()));
        // Written before there was a choice: the automaton's.
        let automaton = Checkpoint::parse(&text.replace("pruning parent\n", "")).unwrap();
        assert_eq!(automaton.pruning, Pruning::Automaton);
        assert_eq!(
            Checkpoint::parse(&text.replace("pruning parent", "pruning none"))
                .unwrap_err()
                .to_string(),
            "its line \"pruning\" is malformed"
        );
        for order in ["ULR", "ULRDD", "ULRR", "XLRD", ""] {
            assert_eq!(
                Checkpoint::parse(&text.replace("order ULRD", &format!("order {order}")))
                    .unwrap_err()
                    .to_string(),
                "its line \"order\" is malformed",
                "{order}"
            );
        }
        assert_eq!(
            Checkpoint::parse("hello\n").unwrap_err().to_string(),
            format!("not a checkpoint of this program (its first line is not {HEADER:?})")
        );
        assert_eq!(
            Checkpoint::parse(&text.replace("quick 7\n", ""))
                .unwrap_err()
                .to_string(),
            "its line \"quick\" is missing"
        );
        assert!(Checkpoint::parse(&text.replace("bound 40", "bound x")).is_err());
        assert!(Checkpoint::parse(&text.replace("shares 3 70", "shares 71 70")).is_err());
        assert!(Checkpoint::parse(&text.replace("quick 7\n", "")).is_err());
    }
}
