//! The `fifteen` format: what is accepted, the output, and every rejection with its
//! place; the strict validator's rules.

use fifteen::Solver;
use parsers::fifteen::{Cases, parse, write_answer, write_input, write_path};
use parsers::validate::fifteen::validate;
use parsers::{Input, InputError};
use rstest::rstest;

/// Reads `text` a case at a time and solves each: the output with paths, or the first
/// input error.
fn judge(text: &[u8]) -> Result<String, InputError> {
    let mut solver = Solver::new();
    let mut out = String::new();
    for case in Cases::new(text) {
        let (board, _) = case?;
        let solution = solver.solve_with_path(&board).expect("small boards");
        write_answer(&mut out, solution.as_ref().map(|s| s.moves()));
        if let Some(solution) = solution {
            write_path(&mut out, &solution.path);
        }
    }
    Ok(out)
}

const KORF_1: &str = "4 4\n14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 10 3\ngoal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n";

#[test]
fn korf_s_first_instance_reads_with_its_goal() {
    let boards = parse(KORF_1.as_bytes()).unwrap();
    assert_eq!(boards.len(), 1);
    assert_eq!(boards[0].goal()[..4], [0, 1, 2, 3]);
    assert_eq!(boards[0].start()[9], 0);
    assert!(validate(KORF_1.as_bytes()).is_empty());
}

#[rstest]
#[case::default_goal("2 2\n1 2\n0 3\n", "1\nR\n")]
#[case::solved("2 2\n1 2\n3 0\n", "0\n\n")]
#[case::unreachable("2 2\n2 1\n3 0\n", "-1\n")]
#[case::a_line("1 4\n0 1 2 3\n", "3\nRRR\n")]
#[case::one_cell("1 1\n0\n", "0\n\n")]
#[case::goal_block("2 2\n1 2\n3 0\ngoal\n0 1\n2 3\n", "-1\n")]
#[case::two_cases("2 2\n1 2\n0 3\n2 3\n1 2 3\n4 0 5\n", "1\nR\n1\nR\n")]
#[case::eight_sample("3 3\n2 3 4\n1 5 0\n7 6 8\n", "19\nDLURULLDDRURDLLURDR\n")]
fn answers(#[case] text: &str, #[case] out: &str) {
    assert_eq!(judge(text.as_bytes()).unwrap(), out);
}

#[rstest]
#[case::tabs_crlf_blank_lines("2\t2\r\n\r\n1  2\r\n0\t3\r\n\n")]
#[case::no_final_newline("2 2\n1 2\n0 3")]
#[case::leading_zeros("2 2\n01 2\n0 03\n")]
fn tolerated_layouts(#[case] text: &str) {
    assert_eq!(parse(text.as_bytes()), parse(b"2 2\n1 2\n0 3\n"));
}

#[rstest]
#[case::empty("", "1:1: expected R (the rows of a board), found end of input")]
#[case::zero_rows("0 2\n", "1:1: R = 0 is out of range 1..=64")]
#[case::too_many_columns("1 65\n", "1:3: C = 65 is out of range 1..=64")]
#[case::too_large(
    "9 8\n",
    "1:1: a 9 x 8 board is larger than the 64 cells this solver handles"
)]
#[case::c_on_its_own_line("2\n2\n1 2\n0 3\n", "2:1: case 1: expected C on the line of R")]
#[case::value_out_of_range(
    "2 2\n1 2\n0 4\n",
    "3:3: cell (2, 2) of the start (case 1) = 4 is out of range 0..=3"
)]
#[case::not_a_number(
    "2 2\n1 2\n0 x\n",
    "3:3: expected cell (2, 2) of the start (case 1) (an integer in 0..=3), found \"x\""
)]
#[case::negative(
    "2 2\n1 -2\n0 3\n",
    "2:3: expected cell (1, 2) of the start (case 1) (an integer in 0..=3), found \"-2\""
)]
#[case::repeated_tile(
    "2 2\n1 2\n2 0\n",
    "3:1: case 1: tile 2 of the start is on (1, 2) and (2, 1)"
)]
#[case::two_blanks(
    "2 2\n0 2\n1 0\n",
    "3:3: case 1: the blank 0 of the start is on (1, 1) and (2, 2)"
)]
#[case::short_row(
    "2 2\n1\n2 0 3\n",
    "2:2: case 1: row 1 of the start has 1 cell, expected 2"
)]
#[case::long_row(
    "2 2\n1 2 0\n3\n",
    "2:5: case 1: row 1 of the start has more than 2 cells"
)]
#[case::long_last_row(
    "2 2\n1 2\n0 3 4\n",
    "3:5: case 1: row 2 of the start has more than 2 cells"
)]
#[case::row_on_the_size_line(
    "2 2 1 2\n0 3\n",
    "1:5: case 1: expected row 1 of the start on a line after `R C`, found \"1\""
)]
#[case::missing_row(
    "2 2\n1 2\n",
    "2:4: expected cell (2, 1) of the start (case 1) (an integer in 0..=3), found end of input"
)]
#[case::goal_not_a_permutation(
    "2 2\n1 2\n0 3\ngoal\n1 2\n3 3\n",
    "6:3: case 1: tile 3 of the goal is on (2, 1) and (2, 2)"
)]
#[case::goal_short(
    "2 2\n1 2\n0 3\ngoal\n1 2\n",
    "5:4: expected cell (2, 1) of the goal (case 1) (an integer in 0..=3), found end of input"
)]
#[case::goal_on_a_row_line(
    "2 2\n1 2\n0 3 goal\n1 2\n3 0\n",
    "3:5: case 1: expected `goal` on a line of its own, found it after row 2 of the start"
)]
#[case::goal_row_on_the_goal_line(
    "2 2\n1 2\n0 3\ngoal 1 2\n3 0\n",
    "4:6: case 1: expected row 1 of the goal on a line after `goal`, found \"1\""
)]
#[case::long_goal_row(
    "2 2\n1 2\n0 3\ngoal\n1 2\n3 0 0\n",
    "6:5: case 1: row 2 of the goal has more than 2 cells"
)]
#[case::next_case_on_a_row_line(
    "2 2\n1 2\n0 3 1 1\n0\n",
    "3:5: case 1: row 2 of the start has more than 2 cells"
)]
#[case::second_case(
    "2 2\n1 2\n0 3\n1 2\n1 1\n",
    "5:3: case 2: tile 1 of the start is on (1, 1) and (1, 2)"
)]
fn rejected_with_place(#[case] text: &str, #[case] message: &str) {
    assert_eq!(parse(text.as_bytes()).unwrap_err().to_string(), message);
    assert_eq!(judge(text.as_bytes()).unwrap_err().to_string(), message);
}

#[test]
fn streamed_input_reads_as_in_memory() {
    let text = KORF_1.repeat(5_000);
    let streamed: Vec<_> = Cases::new(Input::reader(text.as_bytes()))
        .map(|c| c.unwrap().0)
        .collect();
    assert_eq!(streamed, parse(text.as_bytes()).unwrap());
    assert_eq!(streamed.len(), 5_000);
}

#[test]
fn written_cases_read_back() {
    let text = format!("{KORF_1}3 3\n1 2 3\n4 5 6\n7 0 8\n");
    let boards = parse(text.as_bytes()).unwrap();
    assert_eq!(write_input(&boards), text);
    assert!(validate(text.as_bytes()).is_empty());
}

#[rstest]
#[case::valid("2 2\n1 2\n0 3\ngoal\n0 1\n2 3\n1 3\n0 1 2\n", &[])]
#[case::empty("", &["1:1: case 1: expected R C, found end of input"])]
#[case::too_large("9 8\n", &["1:1: case 1: expected R * C <= 64, found 9 x 8 = 72"])]
#[case::side_out_of_range("0 2\n", &["1:1: case 1: R = 0 violates 1..=64"])]
#[case::leading_zero("2 2\n01 2\n0 3\n", &["2:1: case 1: expected cell (1, 1) of the start without leading zeros, found \"01\""])]
#[case::value_out_of_range("2 2\n1 2\n0 4\n", &["3:3: case 1: cell (2, 2) of the start = 4 violates 0..=3"])]
#[case::repeated("2 2\n1 2\n3 3\n", &["3:3: case 1: expected each of 0..=3 once in the start, found 3 again at (2, 2), first at (2, 1)"])]
#[case::short_row("2 2\n1\n2 0\n", &["2:2: case 1: expected cell (1, 2) of the start (an integer in 0..=3), found end of line"])]
#[case::long_row("2 2\n1 2 0\n3 0\n", &["2:5: case 1: expected end of line, found \"0\""])]
#[case::goal_with_more("2 2\n1 2\n0 3\ngoal x\n0 1\n2 3\n", &["4:6: case 1: expected end of line, found \"x\""])]
#[case::goal_repeated("2 2\n1 2\n0 3\ngoal\n0 1\n1 3\n", &["6:1: case 1: expected each of 0..=3 once in the goal, found 1 again at (2, 1), first at (1, 2)"])]
#[case::blank_between("2 2\n1 2\n0 3\n\n1 1\n0\n", &["4:1: expected case 2 (`R C`), found blank line"])]
#[case::trailing_blank("1 1\n0\n\n", &["3:1: expected end of input, found blank line"])]
#[case::tab("2\t2\n1 2\n0 3\n", &["1:2: expected one space between tokens, found \"\\t\""])]
fn validator(#[case] text: &str, #[case] expected: &[&str]) {
    let found: Vec<String> = validate(text.as_bytes())
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(found, expected);
}
