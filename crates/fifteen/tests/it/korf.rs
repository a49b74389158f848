//! Korf's 100 random 15-puzzle instances (1985), the first ten, against their published
//! optimal lengths (the whole set is the benchmark: `examples/korf.rs`).

use fifteen::{Board, replay};

/// The optimal lengths of Korf's instances 1 to 100 (Korf 1985; the peer prints the
/// same, and they sum to 5305).
const LENGTHS: [u64; 100] = [
    57, 55, 59, 56, 56, 52, 52, 50, 46, 59, 57, 45, 46, 59, 62, 42, 66, 55, 46, 52, 54, 59, 49, 54,
    52, 58, 53, 52, 54, 47, 50, 59, 60, 52, 55, 52, 58, 53, 49, 54, 54, 42, 64, 50, 51, 49, 47, 49,
    59, 53, 56, 56, 64, 56, 41, 55, 50, 51, 57, 66, 45, 57, 56, 51, 47, 61, 50, 51, 53, 52, 44, 56,
    49, 56, 48, 57, 54, 53, 42, 57, 53, 62, 49, 55, 44, 45, 52, 65, 54, 50, 57, 57, 46, 53, 50, 49,
    44, 54, 57, 54,
];

/// The instances of `tests/data/korf100.in`, read leniently.
fn instances() -> Vec<Board> {
    let text = include_str!("../data/korf100.in");
    let numbers: Vec<u8> = text
        .split_ascii_whitespace()
        .filter(|t| *t != "goal")
        .map(|t| t.parse().unwrap())
        .collect();
    numbers
        .chunks(2 + 16 + 16)
        .map(|case| {
            assert_eq!(&case[..2], [4, 4]);
            Board::new(4, 4, &case[2..18], &case[18..34]).unwrap()
        })
        .collect()
}

#[test]
fn the_published_lengths_sum_to_5305() {
    assert_eq!(LENGTHS.iter().sum::<u64>(), 5305);
    assert_eq!(instances().len(), 100);
}

#[test]
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
fn the_first_ten_instances_have_their_published_lengths() {
    let boards: Vec<Board> = instances().into_iter().take(10).collect();
    let outcomes = crate::databases().solve_all(&boards);
    for (i, (board, outcome)) in boards.iter().zip(&outcomes).enumerate() {
        let solution = outcome.answer.clone().unwrap().expect("solvable");
        assert_eq!(solution.moves(), LENGTHS[i], "instance {}", i + 1);
        assert_eq!(replay(board, &solution.path), Ok(LENGTHS[i]));
        assert_eq!(outcome.method, fifteen::Method::Pdb);
    }
}
