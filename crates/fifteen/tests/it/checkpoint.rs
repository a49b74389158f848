//! Checkpoints: a pattern-database search halted at many places (set by counts of
//! positions expanded, never by time) and resumed from each checkpoint, again and
//! again, answers with the same path and the same counts as the search run through, on
//! one thread or two, in the letters' order of the moves or another; a checkpoint of
//! another board, other databases, another order or another version is refused.

use crate::store::Memory;
use fifteen::{
    Board, Checkpoint, CheckpointSink, Checkpointing, Method, MoveOrder, Pruning, SearchStats,
    Solution, SolveError, Solver,
};
use rstest::rstest;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// The last checkpoint handed over, and how many were.
#[derive(Debug, Default)]
struct Last(Mutex<(Option<Checkpoint>, usize)>);

impl CheckpointSink for Last {
    fn save(&self, checkpoint: &Checkpoint) {
        let mut last = self.0.lock().unwrap();
        *last = (Some(checkpoint.clone()), last.1 + 1);
    }
}

/// The tables of every test here, built once: the 15-puzzle's databases (blank first)
/// as the store is made, since most tests need them, and two tests that asked at the
/// same moment would each build them; the others as they are first asked for.
pub(crate) fn store() -> Arc<Memory> {
    static STORE: OnceLock<Arc<Memory>> = OnceLock::new();
    Arc::clone(STORE.get_or_init(|| {
        let store = Arc::new(Memory::default());
        let goal: Vec<u8> = (0..16).collect();
        let board = Board::new(4, 4, &KORF_1, &goal).unwrap();
        let mut solver = Solver::new()
            .with_method(Method::Pdb)
            .with_store(store.clone());
        assert_eq!(solver.prepare(&board), Ok(Method::Pdb));
        store
    }))
}

fn solver(method: Method, threads: usize) -> Solver {
    Solver::new()
        .with_method(method)
        .with_threads(threads)
        .with_store(store())
}

/// How a search goes: its method, the order of the blank's moves, and which paths it
/// skips.
type How = (Method, MoveOrder, Pruning);

/// `method` in the letters' order with the automaton.
fn plain(method: Method) -> How {
    (method, MoveOrder::LETTERS, Pruning::Automaton)
}

/// [`solver`] searching as `how` says.
fn solver_in((method, order, pruning): How, threads: usize) -> Solver {
    solver(method, threads)
        .with_move_order(order)
        .with_pruning(pruning)
}

type Answer = (Result<Option<Solution>, SolveError>, SearchStats);

/// `board` solved through.
fn through(board: &Board, method: Method, threads: usize) -> Answer {
    through_in(board, plain(method), threads)
}

/// `board` solved through in an order of the moves.
fn through_in(board: &Board, how: How, threads: usize) -> Answer {
    let mut solver = solver_in(how, threads);
    (solver.solve_with_path(board), solver.stats())
}

/// `board` solved in pieces: halted once it has expanded each count of `halts` in
/// turn, resumed each time from the checkpoint's text, then run to the end; the
/// answer, and the halts that happened.
fn in_pieces(board: &Board, how: How, threads: usize, halts: &[u64]) -> (Answer, usize) {
    let mut resume: Option<Checkpoint> = None;
    let mut halted = 0;
    let mut reached = (0, 0);
    for halt in halts.iter().copied().map(Some).chain([None]) {
        let last = Arc::new(Last::default());
        let mut config = Checkpointing::new(last.clone());
        if let Some(n) = halt {
            config = config.halt_after(n);
        }
        if let Some(checkpoint) = resume.take() {
            config = config.resuming(checkpoint);
        }
        let mut solver = solver_in(how, threads).with_checkpoints(config);
        let answer = solver.solve_with_path(board);
        if answer == Err(SolveError::Halted) {
            halted += 1;
            let saved = last.0.lock().unwrap().0.clone().expect("a checkpoint");
            let text = saved.to_text();
            let read = Checkpoint::parse(&text).unwrap();
            assert_eq!(read, saved);
            // Each piece goes on from where the one before stopped.
            let at = (read.bound(), read.reached().0);
            assert!(at >= reached, "{at:?} after {reached:?}");
            // It halted once it had expanded as many as it was told (at least one),
            // not at its first look.
            assert!(read.stats().expanded > 0, "{:?}", read.stats());
            // Halted within an iteration, it says where the iteration is split (and
            // resumes there, not from the iteration's start).
            let split = read.reached().1 > 0;
            assert_eq!(text.contains("\ndepth 0\n"), !split, "{text}");
            // A split is many shares, so that checkpoints fall between them (a split
            // at the root would be one share: no checkpoint until the iteration ends).
            assert!(!split || read.reached().1 > 1, "{text}");
            // And, with shares done, the least bound past this one they saw (every
            // share leaves positions past the bound: the tree has no end).
            let none = format!("\nnext {}\n", u32::MAX);
            assert_eq!(text.contains(&none), read.reached().0 == 0, "{text}");
            reached = at;
            resume = Some(read);
            continue;
        }
        return ((answer, solver.stats()), halted);
    }
    unreachable!("the last piece runs to the end")
}

/// Halts at ten places spread over the whole search, and a few early ones.
fn places(total: u64) -> Vec<u64> {
    let mut places: Vec<u64> = vec![1, 10, 100];
    places.extend((1..10).map(|k| total * k / 10));
    places.sort();
    places.dedup();
    places
}

fn check(board: &Board, how: How) {
    for threads in [1, 2] {
        let whole = through_in(board, how, threads);
        assert!(matches!(whole.0, Ok(Some(_))), "{whole:?}");
        let (pieces, halted) = in_pieces(board, how, threads, &places(whole.1.expanded));
        assert_eq!(pieces, whole, "{threads} threads");
        assert!(
            halted >= 5,
            "{halted} halts of {:?}",
            places(whole.1.expanded)
        );
    }
}

#[test]
fn three_by_four_searches_resume_to_the_same_path_and_counts() {
    for seed in [4, 36, 13] {
        check(&crate::random(3, 4, seed), plain(Method::Pdb));
    }
    // And in another order of the blank's moves, and skipping only the undoing of a
    // move, in both orders.
    let ulrd = "ULRD".parse().unwrap();
    check(
        &crate::random(3, 4, 4),
        (Method::Pdb, ulrd, Pruning::Automaton),
    );
    check(
        &crate::random(3, 4, 36),
        (Method::Pdb, MoveOrder::LETTERS, Pruning::Parent),
    );
    check(
        &crate::random(3, 4, 13),
        (Method::Pdb, ulrd, Pruning::Parent),
    );
}

/// Korf's first and third 15-puzzles over the databases, and his 82nd under the
/// solver's own choice: the quick try (which it does not settle), then the databases
/// (the quick try is not made again on resume: the checkpoint counts its positions).
/// Each board a case of its own, so that the test threads share them.
#[rstest]
#[case(KORF_1, Method::Pdb)]
#[case([14, 7, 8, 2, 13, 11, 10, 4, 9, 12, 5, 0, 3, 6, 1, 15], Method::Pdb)]
#[case(KORF_82, Method::Auto)]
fn four_by_four_searches_resume_to_the_same_path_and_counts(
    #[case] start: [u8; 16],
    #[case] method: Method,
) {
    let goal: Vec<u8> = (0..16).collect();
    check(&Board::new(4, 4, &start, &goal).unwrap(), plain(method));
}

/// A flag raised from outside (by a signal handler, say) halts the search, which hands
/// over a checkpoint to resume from: the configuration's own flag or one it is given.
#[test]
fn a_raised_halt_flag_halts_the_search_with_a_checkpoint_to_resume_from() {
    let board = crate::random(3, 4, 4);
    let whole = through(&board, Method::Pdb, 1);
    assert!(whole.1.expanded > 0);
    let last = Arc::new(Last::default());
    let config = Checkpointing::new(last.clone());
    config.halt_flag().store(true, Ordering::Relaxed);
    let mut halted = solver(Method::Pdb, 1).with_checkpoints(config);
    assert_eq!(halted.solve_with_path(&board), Err(SolveError::Halted));
    let saved = last.0.lock().unwrap().0.clone().expect("a checkpoint");
    let config = Checkpointing::new(Arc::new(Last::default())).resuming(saved);
    let mut resumed = solver(Method::Pdb, 1).with_checkpoints(config);
    assert_eq!((resumed.solve_with_path(&board), resumed.stats()), whole);
    let flag = Arc::new(AtomicBool::new(true));
    let config = Checkpointing::new(Arc::new(Last::default())).halting_on(flag);
    let mut halted = solver(Method::Pdb, 1).with_checkpoints(config);
    assert_eq!(halted.solve_with_path(&board), Err(SolveError::Halted));
    // Not raised, the search runs through, handing over its first checkpoint at once
    // and the next ones as often as asked (never again, or at every chance).
    for (every, least, most) in [(Duration::MAX, 1, 1), (Duration::ZERO, 2, usize::MAX)] {
        let sink = Arc::new(Last::default());
        let config = Checkpointing::new(sink.clone()).every(every);
        let mut free = solver(Method::Pdb, 1).with_checkpoints(config);
        assert_eq!((free.solve_with_path(&board), free.stats()), whole);
        let handed = sink.0.lock().unwrap().1;
        assert!((least..=most).contains(&handed), "{handed} every {every:?}");
    }
}

/// A flag raised while the databases are built halts the build as it would the search
/// (it is looked at from the first placement, so here before any table is done): the
/// checkpoint handed over is of a search not begun (bound 0, no share reached, no
/// counts), and a run resumed from it answers as the run through, counts included. A
/// resumed run halted in its build again hands over the checkpoint it resumed from,
/// unchanged (its progress is not lost); one whose checkpoint is of other databases is
/// refused, as when it is not halted.
#[test]
fn a_halt_while_the_databases_are_built_checkpoints_a_search_not_begun() {
    let board = crate::random(3, 4, 36);
    let whole = through(&board, Method::Pdb, 1);
    // Solvers of their own, without the tests' store: their builds are real.
    let fresh = |config: Checkpointing| {
        Solver::new()
            .with_method(Method::Pdb)
            .with_checkpoints(config)
    };
    let halted_build = |resume: Option<Checkpoint>| {
        let last = Arc::new(Last::default());
        let mut config = Checkpointing::new(last.clone());
        if let Some(checkpoint) = resume {
            config = config.resuming(checkpoint);
        }
        config.halt_flag().store(true, Ordering::Relaxed);
        let mut solver = fresh(config);
        let answer = solver.solve_with_path(&board);
        assert_eq!(solver.databases_built(), 0);
        let (saved, handed) = last.0.lock().unwrap().clone();
        (answer, saved, handed)
    };
    let (answer, saved, handed) = halted_build(None);
    assert_eq!(answer, Err(SolveError::Halted));
    assert_eq!(handed, 1);
    let saved = saved.expect("a checkpoint");
    assert_eq!((saved.bound(), saved.reached()), (0, (0, 0)));
    assert_eq!(saved.stats(), SearchStats::default());
    let read = Checkpoint::parse(&saved.to_text()).unwrap();
    assert_eq!(read, saved);
    let resumed = |checkpoint: Checkpoint| {
        let config = Checkpointing::new(Arc::new(Last::default())).resuming(checkpoint);
        let mut solver = fresh(config);
        (solver.solve_with_path(&board), solver.stats())
    };
    assert_eq!(resumed(read.clone()), whole);
    // Halted in the search, then in the build of the run that resumes it.
    let last = Arc::new(Last::default());
    let config = Checkpointing::new(last.clone()).halt_after(whole.1.expanded / 2);
    let mut halting = solver(Method::Pdb, 1).with_checkpoints(config);
    assert_eq!(halting.solve_with_path(&board), Err(SolveError::Halted));
    let midway = last.0.lock().unwrap().0.clone().expect("a checkpoint");
    assert!(
        midway.bound() > 0 && midway.stats().expanded > 0,
        "{midway:?}"
    );
    let (answer, again, handed) = halted_build(Some(midway.clone()));
    assert_eq!(answer, Err(SolveError::Halted));
    assert_eq!((again, handed), (Some(midway.clone()), 1));
    assert_eq!(resumed(midway.clone()), whole);
    let other = Checkpoint::parse(&midway.to_text().replace("-v", "-w")).unwrap();
    let (answer, none, handed) = halted_build(Some(other));
    assert_eq!(
        answer,
        Err(SolveError::Mismatch {
            what: "other databases"
        })
    );
    assert_eq!((none, handed), (None, 0));
}

/// Korf's first 15-puzzle (57 moves).
pub(crate) const KORF_1: [u8; 16] = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];

/// Korf's 82nd, which IDA* with the Manhattan distance does not answer within what the
/// databases' build costs.
pub(crate) const KORF_82: [u8; 16] = [14, 10, 2, 1, 13, 9, 8, 11, 7, 3, 6, 12, 15, 5, 4, 0];

/// A checkpoint is for its board, databases, order, pruning and version only: any other is refused,
/// saying which.
#[test]
fn a_checkpoint_of_another_board_databases_order_pruning_or_version_is_refused() {
    let board = crate::random(3, 4, 1);
    let last = Arc::new(Last::default());
    let config = Checkpointing::new(last.clone()).halt_after(50);
    let mut halting = solver(Method::Pdb, 1).with_checkpoints(config);
    assert_eq!(halting.solve(&board), Err(SolveError::Halted));
    let text = last.0.lock().unwrap().0.clone().unwrap().to_text();
    let resume = |board: &Board, text: &str| {
        let checkpoint = Checkpoint::parse(text).unwrap();
        let config = Checkpointing::new(last.clone()).resuming(checkpoint);
        solver(Method::Pdb, 1).with_checkpoints(config).solve(board)
    };
    assert!(resume(&board, &text).is_ok());
    let other = crate::random(3, 4, 2);
    assert_eq!(
        resume(&other, &text),
        Err(SolveError::Mismatch {
            what: "another board"
        })
    );
    // Refused before anything else is done with the board: by the solver's own
    // choice, a board of the databases' kind whose quick try would answer it, and a
    // board that another method would answer.
    let goal: Vec<u8> = (0..16).collect();
    let near = Board::new(
        4,
        4,
        &[1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        &goal,
    )
    .unwrap();
    let small = Board::with_default_goal(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).unwrap();
    for other in [near, small] {
        let config = Checkpointing::new(last.clone()).resuming(Checkpoint::parse(&text).unwrap());
        let mut solver = solver(Method::Auto, 1).with_checkpoints(config);
        assert_eq!(
            solver.solve(&other),
            Err(SolveError::Mismatch {
                what: "another board"
            }),
            "{other:?}"
        );
    }
    let version = text
        .lines()
        .map(|l| {
            if l.starts_with("version ") {
                "version 0.0.0-other"
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(
        resume(&board, &version),
        Err(SolveError::Mismatch {
            what: "another version of the program"
        })
    );
    let tables = text.replace("-v", "-w");
    assert_eq!(
        resume(&board, &tables),
        Err(SolveError::Mismatch {
            what: "other databases"
        })
    );
    // A checkpoint of a search in another order of the moves: refused by a search in
    // the letters' order, taken by one in its own.
    let ulrd = (Method::Pdb, "ULRD".parse().unwrap(), Pruning::Automaton);
    let config = Checkpointing::new(last.clone()).halt_after(50);
    let mut halting = solver_in(ulrd, 1).with_checkpoints(config);
    assert_eq!(halting.solve(&board), Err(SolveError::Halted));
    let text = last.0.lock().unwrap().0.clone().unwrap().to_text();
    assert!(text.contains("\norder ULRD\n"), "{text}");
    assert_eq!(
        resume(&board, &text),
        Err(SolveError::Mismatch {
            what: "another order of the moves"
        })
    );
    let config = Checkpointing::new(last.clone()).resuming(Checkpoint::parse(&text).unwrap());
    let mut resumed = solver_in(ulrd, 1).with_checkpoints(config);
    assert_eq!(
        resumed.solve_with_path(&board),
        through_in(&board, ulrd, 1).0
    );
    // And one that skipped only the undoing of a move: refused by a search with the
    // automaton, taken by one like it, whose answer and counts are a whole run's (on
    // two threads, then one).
    let parent = |threads| solver(Method::Pdb, threads).with_pruning(Pruning::Parent);
    let config = Checkpointing::new(last.clone()).halt_after(50);
    assert_eq!(
        parent(2).with_checkpoints(config).solve(&board),
        Err(SolveError::Halted)
    );
    let text = last.0.lock().unwrap().0.clone().unwrap().to_text();
    assert!(text.contains("\npruning parent\n"), "{text}");
    assert_eq!(
        resume(&board, &text),
        Err(SolveError::Mismatch {
            what: "another pruning of duplicate paths"
        })
    );
    let config = Checkpointing::new(last.clone()).resuming(Checkpoint::parse(&text).unwrap());
    let mut resumed = parent(2).with_checkpoints(config);
    let mut whole = parent(1);
    assert_eq!(
        resumed.solve_with_path(&board),
        whole.solve_with_path(&board)
    );
    assert_eq!(resumed.stats(), whole.stats());
    // Skipping fewer paths, it searched more positions than the automaton.
    let mut automaton = solver(Method::Pdb, 1);
    automaton.solve(&board).unwrap();
    assert!(
        automaton.stats().expanded < whole.stats().expanded,
        "{:?} against {:?}",
        automaton.stats(),
        whole.stats()
    );
}

/// The first of the halts at tenths of `board`'s search on `threads` threads that falls
/// within an iteration, past its first share (a halt comes at the end of the first
/// share by which the search has expanded the count asked; a halt past the last share
/// is no halt: the search answers): its checkpoint.
fn midway(board: &Board, threads: usize) -> Checkpoint {
    let whole = through(board, Method::Pdb, threads);
    (1..10)
        .map(|k| {
            let last = Arc::new(Last::default());
            let config = Checkpointing::new(last.clone()).halt_after(whole.1.expanded * k / 10);
            let mut halting = solver(Method::Pdb, threads).with_checkpoints(config);
            let halted = halting.solve_with_path(board) == Err(SolveError::Halted);
            let saved = last.0.lock().unwrap().0.clone();
            saved.filter(|_| halted)
        })
        .find(|c| c.as_ref().is_some_and(|c| c.reached().0 > 1))
        .flatten()
        .expect("a halt within an iteration")
}

/// A search resumed from a checkpoint within an iteration, with the flag raised before
/// it starts, hands over that checkpoint again, unchanged: it goes on from the share
/// the checkpoint reached, so a halt before the next share loses nothing (it does not
/// start the iteration again, nor save a checkpoint of its start).
#[test]
fn a_resumed_search_halted_at_once_hands_over_what_it_resumed_from() {
    let goal: Vec<u8> = (0..16).collect();
    let board = Board::new(4, 4, &KORF_1, &goal).unwrap();
    let midway = midway(&board, 1);
    let last = Arc::new(Last::default());
    let config = Checkpointing::new(last.clone()).resuming(midway.clone());
    config.halt_flag().store(true, Ordering::Relaxed);
    let mut again = solver(Method::Pdb, 1).with_checkpoints(config);
    assert_eq!(again.solve_with_path(&board), Err(SolveError::Halted));
    assert_eq!(last.0.lock().unwrap().clone(), (Some(midway), 1));
}

/// A checkpointed iteration is split into at least 1,024 shares, so that checkpoints
/// fall between them often enough, or into 64 a thread where that is more (20 threads
/// here: 1,280; Korf's first has 1,244 positions at the depth where it first has 1,024).
#[test]
fn a_checkpointed_iteration_is_split_into_enough_shares() {
    let goal: Vec<u8> = (0..16).collect();
    let board = Board::new(4, 4, &KORF_1, &goal).unwrap();
    for threads in [1, 20] {
        let shares = midway(&board, threads).reached().1;
        let least = (64 * threads).max(1024);
        // At the first depth with that many (a position has at most three children).
        assert!(
            (least..3 * least).contains(&shares),
            "{threads} threads: {shares} shares"
        );
    }
}

/// A checkpoint is not tied to the threads that wrote it: one written on one thread
/// (its iteration split into 1,024 shares and more) resumes on twenty (which would
/// split it into 1,280 and more) at its own split, to the run through's answer and
/// counts; and the other way round.
#[test]
fn a_checkpoint_resumes_on_another_number_of_threads() {
    let goal: Vec<u8> = (0..16).collect();
    let board = Board::new(4, 4, &KORF_1, &goal).unwrap();
    let whole = through(&board, Method::Pdb, 1);
    for (wrote, resumes) in [(1, 20), (20, 1)] {
        let config = Checkpointing::new(Arc::new(Last::default())).resuming(midway(&board, wrote));
        let mut resumed = solver(Method::Pdb, resumes).with_checkpoints(config);
        let answer = (resumed.solve_with_path(&board), resumed.stats());
        assert_eq!(answer, whole, "written on {wrote}, resumed on {resumes}");
    }
}

/// Where a halt set by a count falls: at the end of the first share (in order) by which
/// the search has expanded that many positions, the positions above the iteration's
/// split counted; or, past an iteration's last share, at the start of the next. The
/// same places on any number of threads, both for a search halted from its start and
/// for one resumed from a checkpoint within an iteration and halted again. The places
/// are pinned for one board: a change to what the count takes in (the split's
/// positions, those of the shares done before a resume) moves them.
#[test]
fn halts_fall_where_the_counts_say_on_any_number_of_threads() {
    let goal: Vec<u8> = (0..16).collect();
    let board = Board::new(4, 4, &KORF_1, &goal).unwrap();
    let whole = through(&board, Method::Pdb, 1);
    let halt = |threads: usize, n: u64, resume: Option<&Checkpoint>| {
        let last = Arc::new(Last::default());
        let mut config = Checkpointing::new(last.clone()).halt_after(n);
        if let Some(checkpoint) = resume {
            config = config.resuming(checkpoint.clone());
        }
        let mut halting = solver(Method::Pdb, threads).with_checkpoints(config);
        // (A count past where the last iteration meets the goal is no halt.)
        match halting.solve_with_path(&board) {
            Err(SolveError::Halted) => last.0.lock().unwrap().0.clone(),
            answer => {
                assert_eq!((answer, halting.stats()), whole, "{n}");
                None
            }
        }
    };
    let place = |c: &Option<Checkpoint>| {
        c.as_ref()
            .map(|c| (c.bound(), c.reached(), c.stats().expanded))
    };
    let counts: Vec<u64> = (1..10).map(|k| whole.1.expanded * k / 10).collect();
    let mut places = Vec::new();
    for &n in &counts {
        let fresh = halt(1, n, None);
        let Some(from) = &fresh else {
            places.push((None, None));
            continue;
        };
        // Resumed from the halt at n and halted again a twentieth later.
        let again = halt(1, n + whole.1.expanded / 20, Some(from));
        for threads in [2, 3] {
            assert_eq!(place(&halt(threads, n, None)), place(&fresh), "{n}");
            let resumed = halt(threads, n + whole.1.expanded / 20, Some(from));
            assert_eq!(place(&resumed), place(&again), "{n}");
        }
        places.push((place(&fresh), place(&again)));
    }
    let s = Some;
    assert_eq!(
        places,
        [
            (s((55, (113, 1244), 4415)), s((55, (593, 1244), 8136))),
            (s((55, (708, 1244), 11659)), s((55, (1064, 1244), 15252))),
            (s((57, (1, 1216), 21099)), s((57, (185, 1216), 24071))),
            (s((57, (202, 1216), 27568)), s((57, (211, 1216), 31392))),
            (s((57, (278, 1216), 34804)), s((57, (360, 1216), 38433))),
            (s((57, (510, 1216), 42030)), s((57, (632, 1216), 45662))),
            (s((57, (740, 1216), 51058)), s((57, (772, 1216), 52909))),
            (s((57, (781, 1216), 56601)), s((57, (784, 1216), 60653))),
            (s((57, (786, 1216), 63839)), s((57, (788, 1216), 70035))),
        ]
    );
}
