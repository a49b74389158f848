//! A judge session keeps one solver across inputs: its answers are those of judging each
//! input alone, for every puzzle of the registry, over its fixtures in turn (boards of
//! every size after one another, so a solver's kept tables and buffers are reused).

use puzzles::{Limits, Options, PUZZLES};
use std::path::Path;

/// Fixture inputs up to this size.
const SMALL: u64 = 20_000;

#[test]
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
fn a_session_answers_as_judging_each_input_alone() {
    for &puzzle in PUZZLES {
        let name = puzzle.about().name;
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures")
            .join(name);
        let mut inputs: Vec<Vec<u8>> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .filter(|p| p.metadata().is_ok_and(|m| m.len() <= SMALL))
            .map(|p| std::fs::read(p).unwrap())
            .collect();
        inputs.sort();
        inputs.push(puzzle.about().sample.as_bytes().to_vec());
        assert!(inputs.len() >= 5, "{name}: too few fixtures");
        let options = Options::new();
        let mut session = puzzle.judge_session(&options, Limits::NONE).unwrap();
        for input in &inputs {
            let alone = puzzle.judge(input.as_slice().into(), &options, Limits::NONE);
            assert_eq!(
                session.judge(input.as_slice().into()),
                alone,
                "{name}: {}",
                String::from_utf8_lossy(&input[..input.len().min(80)])
            );
        }
    }
}

#[test]
fn a_session_refuses_bad_options_at_once() {
    for &puzzle in PUZZLES {
        let Some(spec) = puzzle.solve_options().first() else {
            continue;
        };
        let options = Options::new().with(spec.name, "no such value");
        assert!(puzzle.judge_session(&options, Limits::NONE).is_err());
    }
}
