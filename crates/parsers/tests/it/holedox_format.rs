//! The Holedox judge format: what is accepted, and every rejection with its place.

use grid_core::Pos;
use parsers::InputError;
use parsers::holedox::{Cases, parse, write_answer, write_input};
use proptest::prelude::*;
use rstest::rstest;

/// Reads `text` a case at a time and solves each: the judge's output, or the first
/// input error.
fn judge(text: &[u8]) -> Result<String, InputError> {
    let mut solver = holedox::Solver::new();
    let mut out = String::new();
    for (i, case) in Cases::new(text).enumerate() {
        let (game, _) = case?;
        write_answer(&mut out, i + 1, solver.solve(&game).expect("small games"));
    }
    Ok(out)
}

const SAMPLE: &str = "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n\n4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n\n2 1\n2 2\n3 4\n4 2\n\n0 0 0\n";

#[test]
fn sample_parses_and_solves() {
    let games = parse(SAMPLE.as_bytes()).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].body()[0], Pos::new(3, 0));
    assert!(!games[0].is_free(Pos::new(1, 2)));
    assert_eq!(judge(SAMPLE.as_bytes()).unwrap(), "Case 1: 9\nCase 2: -1\n");
}

#[rstest]
#[case::no_blank_lines(
    "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n2 1\n2 2\n3 4\n4 2\n0 0 0\n"
)]
#[case::one_line(
    "5 6 4 4 1 4 2 3 2 3 1 3 2 3 3 3 3 4 4 4 4 2 3 1 3 1 4 2 4 4 2 1 2 2 3 4 4 2 0 0 0"
)]
#[case::crlf_and_tabs(
    "5\t6 4\r\n4 1\r\n4 2\r\n3 2\r\n3 1\r\n3\r\n2 3\r\n3 3\r\n3 4\r\n\r\n4 4 4\r\n2 3\r\n1 3\r\n1 4\r\n2 4\r\n4\r\n\r\n2 1\r\n2 2\r\n3 4\r\n4 2\r\n\r\n0 0 0"
)]
#[case::no_terminator(
    "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n\n4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n\n2 1\n2 2\n3 4\n4 2\n"
)]
fn tolerated_layouts(#[case] text: &str) {
    assert_eq!(parse(text.as_bytes()), parse(SAMPLE.as_bytes()));
}

#[rstest]
#[case::tail_rule("1 2 2\n1 2\n1 1\n0\n0 0 0\n", "Case 1: -1\n")]
#[case::tail_rule_with_room("2 2 2\n1 2\n1 1\n0\n0 0 0\n", "Case 1: 3\n")]
#[case::head_on_exit("3 3 2\n1 1\n1 2\n0\n0 0 0\n", "Case 1: 0\n")]
#[case::stone_on_exit("3 3 2\n2 2\n2 3\n1\n1 1\n0 0 0\n", "Case 1: -1\n")]
#[case::only_terminator("0 0 0\n", "")]
fn answers(#[case] text: &str, #[case] out: &str) {
    assert_eq!(judge(text.as_bytes()).unwrap(), out);
}

#[rstest]
#[case::empty_input(
    "",
    "1:1: expected n (an integer), or `0 0 0` for no cases, found end of input"
)]
#[case::block_outside(
    "3 3 2\n1 4\n1 3\n0\n0 0 0\n",
    "2:3: column of block 1 (case 1) = 4 is out of range 1..=3"
)]
#[case::block_row_zero(
    "3 3 2\n0 1\n1 1\n0\n0 0 0\n",
    "2:1: row of block 1 (case 1) = 0 is out of range 1..=3"
)]
#[case::blocks_overlap(
    "3 3 3\n1 1\n1 2\n1 1\n0\n0 0 0\n",
    "4:1: case 1: blocks 1 and 3 are both at (1, 1)"
)]
#[case::blocks_apart(
    "3 3 3\n1 1\n1 2\n2 1\n0\n0 0 0\n",
    "4:1: case 1: block 3 at (2, 1) does not share an edge with block 2"
)]
#[case::diagonal(
    "3 3 2\n1 1\n2 2\n0\n0 0 0\n",
    "3:1: case 1: block 2 at (2, 2) does not share an edge with block 1"
)]
#[case::stone_outside(
    "3 3 2\n1 1\n1 2\n1\n4 1\n0 0 0\n",
    "5:1: row of stone 1 (case 1) = 4 is out of range 1..=3"
)]
#[case::stone_on_body(
    "3 3 2\n1 1\n1 2\n2\n3 3\n1 2\n0 0 0\n",
    "6:1: case 1: stone 2 at (1, 2) is on block 2 of the snake"
)]
#[case::length_too_small("3 3 1\n1 1\n0\n0 0 0\n", "1:5: L = 1 is out of range 2..=16")]
#[case::length_too_large("3 3 17\n", "1:5: L = 17 is out of range 2..=16")]
#[case::lair_too_large("65 3 2\n", "1:1: n = 65 is out of range 1..=64")]
#[case::zero_side(
    "0 3 2\n",
    "1:1: case 1: a 0 x 3 lair has no squares; only `0 0 0` ends the input"
)]
#[case::too_many_stones(
    "2 2 2\n1 1\n1 2\n5\n",
    "4:1: K (stones of case 1) = 5 is out of range 0..=4"
)]
#[case::missing_stone(
    "3 3 2\n1 1\n1 2\n2\n3 3\n",
    "5:4: expected row of stone 2 (case 1) (an integer in 1..=3), found end of input"
)]
#[case::missing_k(
    "3 3 2\n1 1\n1 2\n",
    "3:4: expected K (stones of case 1) (an integer in 0..=9), found end of input"
)]
#[case::after_terminator("0 0 0\n1\n", "2:1: expected end of input, found \"1\"")]
#[case::negative("3 -3 2\n", "1:3: expected m (an integer in 1..=64), found \"-3\"")]
#[case::second_case(
    "1 2 2\n1 2\n1 1\n0\n2 2 2\n1 2\n2 1\n0\n0 0 0\n",
    "7:1: case 2: block 2 at (2, 1) does not share an edge with block 1"
)]
fn rejected_with_place(#[case] text: &str, #[case] message: &str) {
    assert_eq!(parse(text.as_bytes()).unwrap_err().to_string(), message);
    assert_eq!(judge(text.as_bytes()).unwrap_err().to_string(), message);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// No byte string makes the parser or the judge panic.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = judge(&bytes);
    }

    /// Nor does a valid prefix followed by noise.
    #[test]
    fn mangled_samples_never_panic(cut in 0usize..SAMPLE.len(), noise in prop::collection::vec(any::<u8>(), 0..20)) {
        let mut bytes = SAMPLE.as_bytes()[..cut].to_vec();
        bytes.extend(noise);
        let _ = judge(&bytes);
    }

    /// Games written by `write_input` read back the same.
    #[test]
    fn written_games_round_trip(cut in 0usize..2) {
        let games = parse(SAMPLE.as_bytes()).unwrap();
        let some = games[cut..].to_vec();
        prop_assert_eq!(parse(write_input(&some).as_bytes()).unwrap(), some);
    }
}
