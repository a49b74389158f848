//! The `eight` format: what is accepted, the exact output, and every rejection with its
//! place; the strict validator's rules.

use fifteen::Solver;
use parsers::eight::{Cases, parse, write_answer, write_input};
use parsers::validate::eight::validate;
use parsers::{Input, InputError};
use rstest::rstest;

/// Reads `text` a case at a time and solves each: the judges' output, or the first
/// input error.
fn judge(text: &[u8]) -> Result<String, InputError> {
    let mut solver = Solver::new();
    let mut out = String::new();
    for case in Cases::new(text) {
        let (board, _) = case?;
        let solution = solver
            .solve_with_path(&board)
            .expect("the 8-puzzle is small");
        write_answer(&mut out, solution.as_ref().map(|s| &s.path[..]));
    }
    Ok(out)
}

#[test]
fn the_sample_gets_its_one_exact_answer() {
    assert_eq!(
        judge(b"2 3 4 1 5 x 7 6 8\n").unwrap(),
        "dlurullddrurdllurdr\n"
    );
}

#[rstest]
#[case::solved("1 2 3 4 5 6 7 8 x\n", "\n")]
#[case::one_move("1 2 3 4 5 6 7 x 8\n", "r\n")]
#[case::unsolvable("2 1 3 4 5 6 7 8 x\n", "unsolvable\n")]
#[case::several(
    "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n2 1 3 4 5 6 7 8 x\n",
    "dlurullddrurdllurdr\n\nunsolvable\n"
)]
#[case::farthest("8 6 7 2 5 4 3 x 1\n", "lurdrulurdlldrrululddruulddrurd\n")]
fn answers(#[case] text: &str, #[case] out: &str) {
    assert_eq!(judge(text.as_bytes()).unwrap(), out);
}

#[rstest]
#[case::tabs_and_spaces("2  3\t4 1 5 x 7 6 8")]
#[case::crlf("2 3 4 1 5 x 7 6 8\r\n")]
#[case::leading_and_trailing_blank_lines("\n\n2 3 4 1 5 x 7 6 8\n\n\n")]
#[case::bom("\u{feff}2 3 4 1 5 x 7 6 8\n")]
fn tolerated_layouts(#[case] text: &str) {
    assert_eq!(parse(text.as_bytes()), parse(b"2 3 4 1 5 x 7 6 8\n"));
}

#[rstest]
#[case::empty(
    "",
    "1:1: expected a case (9 cells of 1-8 and x on a line), found end of input"
)]
#[case::blank_only(
    "\n\n",
    "1:1: expected a case (9 cells of 1-8 and x on a line), found end of input"
)]
#[case::zero(
    "2 3 4 1 5 0 7 6 8\n",
    "1:11: expected cell 6 of case 1 (a cell (1-8 or x)), found \"0\""
)]
#[case::nine(
    "2 3 4 1 5 x 7 6 9\n",
    "1:17: expected cell 9 of case 1 (a cell (1-8 or x)), found \"9\""
)]
#[case::upper_case_x(
    "2 3 4 1 5 X 7 6 8\n",
    "1:11: expected cell 6 of case 1 (a cell (1-8 or x)), found \"X\""
)]
#[case::two_digits(
    "23 4 1 5 x 7 6 8\n",
    "1:1: expected cell 1 of case 1 (a cell (1-8 or x)), found \"23\""
)]
#[case::repeated("2 3 4 1 5 x 7 6 2\n", "1:17: case 1: 2 is cell 1 and cell 9")]
#[case::two_blanks("2 3 4 1 x x 7 6 8\n", "1:11: case 1: x is cell 5 and cell 6")]
#[case::short_line(
    "2 3 4 1 5 x 7 6\n8\n",
    "1:16: expected cell 9 of case 1 (a cell (1-8 or x)), found end of line"
)]
#[case::short_at_the_end(
    "2 3 4 1 5 x 7 6",
    "1:16: expected cell 9 of case 1 (a cell (1-8 or x)), found end of line"
)]
#[case::long_line(
    "2 3 4 1 5 x 7 6 8 1\n",
    "1:19: expected the end of case 1 after 9 cells, found \"1\""
)]
#[case::blank_line_between(
    "2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 7 8 x\n",
    "2:1: expected case 2 on the line after case 1, found a blank line"
)]
#[case::error_in_the_second_case(
    "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 8\n",
    "2:17: case 2: 8 is cell 8 and cell 9"
)]
fn rejected_with_place(#[case] text: &str, #[case] message: &str) {
    assert_eq!(parse(text.as_bytes()).unwrap_err().to_string(), message);
    assert_eq!(judge(text.as_bytes()).unwrap_err().to_string(), message);
}

#[test]
fn streamed_input_reads_as_in_memory() {
    let text = "2 3 4 1 5 x 7 6 8\n".repeat(20_000);
    let streamed: Vec<_> = Cases::new(Input::reader(text.as_bytes()))
        .map(|c| c.unwrap().0)
        .collect();
    assert_eq!(streamed, parse(text.as_bytes()).unwrap());
    assert_eq!(streamed.len(), 20_000);
}

#[test]
fn written_cases_read_back() {
    let boards = parse(b"2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n").unwrap();
    let text = write_input(&boards);
    assert_eq!(text, "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n");
    assert!(validate(text.as_bytes()).is_empty());
}

#[rstest]
#[case::valid("2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n", &[])]
#[case::empty("", &["1:1: case 1: expected a case (9 cells of 1-8 and x), found end of input"])]
#[case::double_space("2  3 4 1 5 x 7 6 8\n", &["1:2: expected one space between tokens, found \"  \""])]
#[case::crlf("2 3 4 1 5 x 7 6 8\r\n", &["1:18: expected \\n line ending, found \\r\\n"])]
#[case::no_final_newline("2 3 4 1 5 x 7 6 8", &["1:18: expected \\n at the end of the file, found end of input"])]
#[case::short("2 3 4 1 5 x 7 6\n", &["1:16: case 1: expected cell 9 (1-8 or x), found end of line"])]
#[case::long("2 3 4 1 5 x 7 6 8 9\n", &["1:19: case 1: expected end of line, found \"9\""])]
#[case::bad_cell("2 3 4 1 5 0 7 6 8\n", &["1:11: case 1: expected cell 6 (1-8 or x), found \"0\""])]
#[case::repeated("2 3 4 1 5 x 7 6 2\n", &["1:17: case 1: expected each of 1-8 and x once, found 2 again (cell 9, after cell 1)"])]
#[case::blank_between(
    "2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 7 8 x\n",
    &["2:1: expected case 2 (9 cells of 1-8 and x), found blank line"]
)]
#[case::trailing_blank("2 3 4 1 5 x 7 6 8\n\n", &["2:1: expected end of input, found blank line"])]
fn validator(#[case] text: &str, #[case] expected: &[&str]) {
    let found: Vec<String> = validate(text.as_bytes())
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(found, expected);
}
