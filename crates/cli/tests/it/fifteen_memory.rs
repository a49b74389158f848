//! The sliding-tile puzzle under a small address space and a ladder of budgets: an
//! allocation that fails ends the run with a message and exit status 1 (never an abort),
//! and one input under one `--max-states` has one outcome whatever the output options,
//! a larger budget never failing where a smaller one answers.

use crate::common::{Run, gridsolve_fed_within};

/// Korf's 82nd 15-puzzle (62 moves): the quick try leaves it to the databases, whose
/// build needs more than 100 MB.
const KORF_82: &str = "4 4\n14 10 2 1\n13 9 8 11\n7 3 6 12\n15 5 4 0\ngoal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n";

/// A random 24-puzzle (`gen --family random --rows 5 --cols 5 --seed 1`): its databases
/// take 750 MB.
const RANDOM_24: &str =
    "5 5\n4 3 24 8 1\n14 11 12 20 2\n19 0 6 9 7\n13 5 21 17 16\n22 10 23 18 15\n";

/// A walk of 80 moves on the 24-puzzle (`gen --family walk --rows 5 --cols 5 --steps
/// 80 --seed 2`), 70 moves from its goal: IDA* with the Manhattan distance answers it
/// within 2,542,906 positions, without databases.
const WALK_24: &str = "5 5\n7 3 14 10 15\n2 4 9 19 20\n13 18 5 8 24\n1 17 11 23 22\n12 16 0 6 21\n";

fn run_within(mib: u64, args: &[&str], input: &str) -> Run {
    let input = input.as_bytes().to_vec();
    gridsolve_fed_within(mib, args, move |w| w.write_all(&input)).0
}

/// Under 64 MiB of address space a 15-puzzle's databases, and under 100 MiB a
/// 24-puzzle's, cannot be allocated: exit status 1 and a message naming the case and the
/// bytes, in every output mode, never an abort (134) or a panic (101). With 100 and 120
/// MiB (where a thread could not start) the 15-puzzle either answers or says the same.
#[test]
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
fn an_allocation_that_fails_is_a_message_and_exit_status_1() {
    for (mib, input, args) in [
        (64, KORF_82, &["--puzzle", "fifteen"][..]),
        (
            64,
            KORF_82,
            &["--puzzle", "fifteen", "--path", "--stats"][..],
        ),
        (100, RANDOM_24, &["--puzzle", "fifteen"][..]),
    ] {
        let run = run_within(mib, args, input);
        assert_eq!(run.status, 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("case 1"), "{}", run.stderr);
        assert!(run.stderr.contains("out of memory"), "{}", run.stderr);
        assert!(run.stderr.contains(" bytes"), "{}", run.stderr);
    }
    for mib in [100, 120] {
        let run = run_within(mib, &["--puzzle", "fifteen"], KORF_82);
        match run.status {
            0 => assert_eq!(run.stdout, "62\n"),
            1 => assert!(run.stderr.contains("out of memory"), "{}", run.stderr),
            other => panic!("exit status {other}: {}", run.stderr),
        }
    }
}

/// One budget, one outcome: the 24-puzzle walk under a ladder of `--max-states`, in
/// every output mode (plain, `--path`, `--stats`, `--format json`): each mode answers
/// 70 or stops at the budget exactly where the others do, and once a budget answers,
/// every larger one does. (The address space is capped so that a run which built the
/// 24-puzzle's databases, 750 MB and minutes, would fail at once instead.)
#[test]
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
fn a_budget_has_one_outcome_in_every_output_mode() {
    let ladder = ["1000000", "3000000", "49999999", "100000000", "400000000"];
    let modes: [&[&str]; 4] = [&[], &["--path"], &["--stats"], &["--format", "json"]];
    let mut answered = false;
    for budget in ladder {
        let mut outcomes = Vec::new();
        for mode in modes {
            let mut args = vec!["--puzzle", "fifteen", "--max-states", budget];
            args.extend_from_slice(mode);
            let run = run_within(400, &args, WALK_24);
            let outcome = match run.status {
                0 => {
                    let answer = if mode == ["--format", "json"] {
                        run.stdout.contains("\"answer\":70,")
                    } else {
                        run.stdout.lines().last().is_some_and(|l| l == "70")
                            || run.stdout.lines().next() == Some("70")
                    };
                    assert!(answer, "{args:?}: {}", run.stdout);
                    "70"
                }
                1 => {
                    assert!(
                        run.stderr.contains(&format!("limit of {budget} states")),
                        "{args:?}: {}",
                        run.stderr
                    );
                    "stopped"
                }
                other => panic!("{args:?}: exit status {other}: {}", run.stderr),
            };
            outcomes.push(outcome);
        }
        assert!(
            outcomes.iter().all(|o| *o == outcomes[0]),
            "--max-states {budget}: {outcomes:?} in modes {modes:?}"
        );
        if answered {
            assert_eq!(
                outcomes[0], "70",
                "--max-states {budget} fails, a smaller answers"
            );
        }
        answered |= outcomes[0] == "70";
        if budget == "1000000" {
            assert_eq!(outcomes[0], "stopped", "the ladder starts below the answer");
        }
    }
    assert!(answered);
}
