//! The Huarongdao judge format: what is accepted, and every rejection with its place.

use grid_core::Pos;
use huarongdao::generate::{Family, GenParams, generate};
use parsers::huarongdao::{parse, write_answers, write_input};
use proptest::prelude::*;
use rstest::rstest;

const SAMPLE: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";

#[test]
fn sample_parses() {
    let input = parse(SAMPLE.as_bytes()).unwrap();
    assert_eq!((input.board.rows(), input.board.cols()), (3, 4));
    assert!(!input.board.is_movable(Pos::new(0, 0)));
    assert!(input.board.is_movable(Pos::new(2, 1)));
    assert_eq!(input.queries.len(), 2);
    assert_eq!(input.queries[0].blank, Pos::new(2, 1));
    assert_eq!(input.queries[1].target, Pos::new(2, 1));
}

#[rstest]
#[case::crlf("3 4 2\r\n0 1 1 1\r\n0 1 1 0\r\n0 1 0 0\r\n3 2 1 2 2 2\r\n1 2 2 2 3 2\r\n")]
#[case::tabs_and_blank_lines(
    "3\t4 2\n\n\n0 1 1 1\n0\t1 1 0\n\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n\n\n"
)]
#[case::no_final_newline("3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2")]
#[case::all_on_one_line("3 4 2 0 1 1 1 0 1 1 0 0 1 0 0 3 2 1 2 2 2 1 2 2 2 3 2")]
#[case::bom("\u{feff}3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n")]
fn tolerated_layouts(#[case] text: &str) {
    assert_eq!(parse(text.as_bytes()), parse(SAMPLE.as_bytes()));
}

#[rstest]
#[case::empty("", "1:1: expected n (an integer in 1..=4194304), found end of input")]
#[case::zero_rows("0 4 0\n", "1:1: n = 0 is out of range 1..=4194304")]
#[case::negative_cols(
    "3 -4 0\n",
    "1:3: expected m (an integer in 1..=4194304), found \"-4\""
)]
#[case::huge_product(
    "1000000 1000000 0\n",
    "1:1: a 1000000 x 1000000 board is larger than the 4194304 cells this solver handles"
)]
#[case::past_64_bits(
    "99999999999999999999 4 0\n",
    "1:1: n = 99999999999999999999 is out of range 1..=4194304"
)]
#[case::bad_cell(
    "3 4 0\n0 1 1 1\n0 1 2 0\n0 1 0 0\n",
    "3:5: cell (2, 3) = 2 is out of range 0..=1"
)]
#[case::letter_cell(
    "3 4 0\n0 1 1 1\n0 1 x 0\n0 1 0 0\n",
    "3:5: expected cell (2, 3) (an integer in 0..=1), found \"x\""
)]
#[case::truncated_board(
    "3 4 0\n0 1 1 1\n0 1",
    "3:4: expected cell (2, 3) (an integer in 0..=1), found end of input"
)]
#[case::missing_query(
    "3 4 3\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n",
    "5:12: expected EX of query 2 (an integer in 1..=3), found end of input"
)]
#[case::half_a_query(
    "3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1",
    "5:6: expected SY of query 1 (an integer in 1..=4), found end of input"
)]
#[case::trailing_token(
    "3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2 7\n",
    "5:13: expected end of input, found \"7\""
)]
#[case::row_outside(
    "3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n4 2 1 2 2 2\n",
    "5:1: EX of query 1 = 4 is out of range 1..=3"
)]
#[case::col_zero(
    "3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 0\n",
    "5:11: TY of query 1 = 0 is out of range 1..=4"
)]
#[case::blank_on_fixed(
    "3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n1 1 1 2 2 2\n",
    "5:1: query 1: blank (1, 1) is on a fixed cell"
)]
#[case::piece_on_fixed(
    "3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n1 2 3 3 2 2\n",
    "5:5: query 1: piece (3, 3) is on a fixed cell"
)]
#[case::blank_on_piece(
    "3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n1 2 1 2 2 2\n",
    "5:5: query 1: piece (1, 2) is on the blank's cell"
)]
#[case::plus_sign(
    "+3 4 0\n",
    "1:1: expected n (an integer in 1..=4194304), found \"+3\""
)]
#[case::nul_byte(
    "3 4\0 0\n",
    "1:3: expected m (an integer in 1..=4194304), found \"4\\0\""
)]
fn rejected_with_place(#[case] text: &str, #[case] message: &str) {
    assert_eq!(parse(text.as_bytes()).unwrap_err().to_string(), message);
}

#[test]
fn query_count_far_past_the_input_is_an_error_not_an_allocation() {
    let err = parse(b"1 2 4294967295\n1 1\n1 1 1 2 1 2\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "3:12: expected EX of query 2 (an integer in 1..=1), found end of input"
    );
}

#[test]
fn q_zero_and_single_cell_boards() {
    let input = parse(b"1 1 0\n1\n").unwrap();
    assert!(input.queries.is_empty());
    let err = parse(b"1 1 1\n1\n1 1 1 1 1 1\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "3:5: query 1: piece (1, 1) is on the blank's cell"
    );
}

#[test]
fn answers_are_written_one_per_line() {
    let mut out = String::new();
    write_answers(&mut out, &[Some(2), None, Some(0)]);
    assert_eq!(out, "2\n-1\n0\n");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Whatever the generator makes, writing then reading gives it back.
    #[test]
    fn generated_inputs_round_trip(rows in 1usize..=12, cols in 1usize..=12, density in 0u32..=100, seed in any::<u64>()) {
        let (board, queries) = generate(&GenParams { family: Family::Random, rows, cols, density, queries: 5, seed }).unwrap();
        let text = write_input(&board, &queries);
        let input = parse(text.as_bytes()).unwrap();
        prop_assert_eq!(input.board, board);
        prop_assert_eq!(input.queries, queries);
    }

    /// No byte string makes the parser panic.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = parse(&bytes);
    }

    /// Nor does a valid prefix followed by noise.
    #[test]
    fn mangled_samples_never_panic(cut in 0usize..SAMPLE.len(), noise in prop::collection::vec(any::<u8>(), 0..20)) {
        let mut bytes = SAMPLE.as_bytes()[..cut].to_vec();
        bytes.extend(noise);
        let _ = parse(&bytes);
    }
}
