//! The Bloxorz judge format: what is accepted, and every rejection with its place.

use bloxorz::Orientation;
use grid_core::Pos;
use parsers::InputError;
use parsers::bloxorz::{Cases, parse, write_answer, write_input};
use proptest::prelude::*;
use rstest::rstest;

/// Reads `text` a case at a time and solves each: the judge's output, or the first
/// input error.
fn judge(text: &[u8]) -> Result<String, InputError> {
    let mut solver = bloxorz::Solver::new();
    let mut out = String::new();
    for board in Cases::new(text) {
        write_answer(&mut out, solver.solve(&board?).expect("no limits"));
    }
    Ok(out)
}

const SAMPLE: &str = "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n0 0\n";

#[test]
fn sample_parses_and_solves() {
    let boards = parse(SAMPLE.as_bytes()).unwrap();
    assert_eq!(boards.len(), 1);
    assert_eq!(boards[0].start().pos, Pos::new(1, 3));
    assert_eq!(boards[0].start().orientation, Orientation::Standing);
    assert_eq!(boards[0].target(), Pos::new(2, 5));
    assert_eq!(judge(SAMPLE.as_bytes()).unwrap(), "10\n");
}

#[rstest]
#[case::crlf(
    "7 7\r\n#######\r\n#..X###\r\n#..##O#\r\n#....E#\r\n#....E#\r\n#.....#\r\n#######\r\n0 0\r\n"
)]
#[case::blank_lines_and_tabs(
    "\n7\t7\n\n#######\n#..X###\n#..##O#\n\n#....E#\n#....E#\n#.....#\n#######\n\n0 0"
)]
#[case::no_terminator("7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n")]
#[case::bom("\u{feff}7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n0 0\n")]
fn tolerated_layouts(#[case] text: &str) {
    assert_eq!(parse(text.as_bytes()), parse(SAMPLE.as_bytes()));
}

#[test]
fn several_cases_both_lying_starts_and_impossible() {
    let text = "3 4\n#XX#\n#..#\n#O.#\n4 3\n###\n#X#\n#X#\n#O#\n1 4\nXX.O\n0 0\n";
    let boards = parse(text.as_bytes()).unwrap();
    let orientations: Vec<_> = boards.iter().map(|b| b.start().orientation).collect();
    assert_eq!(
        orientations,
        [
            Orientation::Horizontal,
            Orientation::Vertical,
            Orientation::Horizontal
        ]
    );
    assert_eq!(
        judge(text.as_bytes()).unwrap(),
        "Impossible\n1\nImpossible\n"
    );
}

#[rstest]
#[case::only_terminator("0 0\n", "")]
fn no_cases(#[case] text: &str, #[case] out: &str) {
    assert_eq!(judge(text.as_bytes()).unwrap(), out);
}

#[rstest]
#[case::empty_input(
    "",
    "1:1: expected R (an integer), or `0 0` for no cases, found end of input"
)]
#[case::only_whitespace(
    " \n\t\n",
    "1:1: expected R (an integer), or `0 0` for no cases, found end of input"
)]
#[case::no_target("3 3\n#X#\n#.#\n###\n0 0\n", "1:1: case 1: the board has no target O")]
#[case::two_targets("3 3\nOXO\n#.#\n###\n0 0\n", "2:3: case 1: a second target O")]
#[case::no_start("3 3\n#O#\n#.#\n###\n0 0\n", "1:1: case 1: the board has no start X")]
#[case::three_starts("3 3\nXXX\n#O#\n###\n0 0\n", "2:3: case 1: a third start X")]
#[case::starts_apart(
    "3 3\nX#X\n#O#\n###\n0 0\n",
    "2:3: case 1: the start X at (1, 1) and (1, 3) do not share an edge"
)]
#[case::starts_diagonal(
    "3 3\nX##\n#XO\n###\n0 0\n",
    "3:2: case 1: the start X at (1, 1) and (2, 2) do not share an edge"
)]
#[case::short_row(
    "3 3\n#X#\n#O\n###\n0 0\n",
    "3:1: case 1: row 2 has 2 characters, expected 3"
)]
#[case::long_row(
    "3 3\n#X#\n#O##\n###\n0 0\n",
    "3:1: case 1: row 2 has 4 characters, expected 3"
)]
#[case::space_in_row(
    "3 3\n#X#\n# O\n###\n0 0\n",
    "3:1: case 1: row 2 has 1 character, expected 3"
)]
#[case::unknown_char(
    "3 3\n#X#\n#Oa\n###\n0 0\n",
    "3:3: case 1: expected one of # . E X O, found \"a\""
)]
#[case::lower_case(
    "3 3\n#x#\n#O.\n###\n0 0\n",
    "2:2: case 1: expected one of # . E X O, found \"x\""
)]
#[case::nul(
    "3 3\n#X#\n#O\0\n###\n0 0\n",
    "3:3: case 1: expected one of # . E X O, found \"\\0\""
)]
#[case::utf8(
    "3 3\n#X#\n#Oé\n###\n0 0\n",
    "3:1: case 1: row 2 has 4 characters, expected 3"
)]
#[case::truncated(
    "3 3\n#X#\n#O.\n",
    "3:4: expected row 3 of case 1 (3 characters of # . E X O), found end of input"
)]
#[case::half_header(
    "3 3\n#X#\n#O.\n###\n4",
    "5:2: expected C (an integer in 1..=1048576), found end of input"
)]
#[case::zero_rows(
    "0 3\n",
    "1:1: R = 0 is out of range 1..=67108864 (only `0 0` ends the input)"
)]
#[case::zero_cols(
    "3 0\n",
    "1:3: C = 0 is out of range 1..=1048576 (only `0 0` ends the input)"
)]
#[case::after_terminator("0 0\n3 3\n", "2:1: expected end of input, found \"3\"")]
#[case::huge(
    "100000 100000\n",
    "1:1: a 100000 x 100000 board is larger than the 67108864 cells this solver handles"
)]
#[case::negative("-3 3\n", "1:1: expected R (an integer in 1..=67108864), found \"-3\"")]
#[case::second_case_error("1 3\nX.O\n1 3\nX.X\n0 0\n", "3:1: case 2: the board has no target O")]
fn rejected_with_place(#[case] text: &str, #[case] message: &str) {
    assert_eq!(parse(text.as_bytes()).unwrap_err().to_string(), message);
    assert_eq!(judge(text.as_bytes()).unwrap_err().to_string(), message);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// No byte string makes the parser panic.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = parse(&bytes);
    }

    /// Nor does a valid prefix followed by noise, through the whole judge.
    #[test]
    fn mangled_samples_never_panic(cut in 0usize..SAMPLE.len(), noise in prop::collection::vec(any::<u8>(), 0..20)) {
        let mut bytes = SAMPLE.as_bytes()[..cut].to_vec();
        bytes.extend(noise);
        let _ = judge(&bytes);
    }

    /// Boards written by `write_input` read back the same.
    #[test]
    fn written_boards_round_trip(seed in any::<u64>()) {
        let boards = parse(SAMPLE.as_bytes()).unwrap();
        let mut rng = grid_core::SplitMix64::new(seed);
        let mut rows: Vec<String> = (0..5).map(|_| (0..6).map(|_| ['#', '.', 'E'][rng.index(3)]).collect()).collect();
        rows[0].replace_range(0..2, "XX");
        rows[4].replace_range(5..6, "O");
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        let board = bloxorz::Board::from_rows(&refs).unwrap();
        let all = vec![boards[0].clone(), board];
        prop_assert_eq!(parse(write_input(&all).as_bytes()).unwrap(), all);
    }
}

/// A streamed input is read in pieces, a row of a board per step, the held bytes topped
/// up to 64 KiB ahead before each; a step that looked past them runs again over more.
/// A row that ends exactly where the held bytes end has been read whole when the step
/// finds it must run again: it is written to the board twice. Boards of one row of
/// 131,000 to 131,100 cells (the first step over a row holds 128 KiB), and boards of
/// short rows shifted a byte at a time past a piece's end, with the start, the target
/// and then a third `X` near it: each reads as the bytes in memory do, board or error.
#[test]
fn a_streamed_board_reads_as_the_bytes_in_memory() {
    let mut boards = Vec::new();
    for cols in 131_000..131_100 {
        let row = format!("XX{}O", ".".repeat(cols - 3));
        boards.push(((1, cols), format!("1 {cols}\n{row}\n0 0\n"), 0));
        let row = format!("XXX{}O", ".".repeat(cols - 4));
        boards.push(((1, cols), format!("1 {cols}\n{row}\n0 0\n"), 2));
    }
    let (rows, cols) = (300, 250);
    let mut grid = vec![vec![b'.'; cols]; rows];
    // A piece ends in rows 258 to 261 when the input is shifted by up to three rows.
    grid[259][245..247].copy_from_slice(b"XX");
    grid[260][3] = b'O';
    grid[260][240] = b'E';
    let board_text = |grid: &[Vec<u8>]| {
        let mut text = format!("{rows} {cols}\n");
        for row in grid {
            text.push_str(std::str::from_utf8(row).unwrap());
            text.push('\n');
        }
        text + "0 0\n"
    };
    let good = board_text(&grid);
    grid[260][245] = b'X';
    let bad = board_text(&grid);
    for pad in 0..3 * 251 {
        let shifted = |text: &str| format!("{}{text}", " ".repeat(pad));
        boards.push(((rows, cols), shifted(&good), 0));
        boards.push(((rows, cols), shifted(&bad), 262));
    }
    for ((rows, cols), text, third_x_line) in boards {
        let bytes = text.as_bytes();
        let streamed: Result<Vec<_>, _> = Cases::new(parsers::Input::reader(bytes)).collect();
        let in_memory = parse(bytes);
        let place = format!("{rows} x {cols}, {} bytes", text.len());
        match (streamed, in_memory) {
            (Ok(streamed), Ok(in_memory)) => {
                assert_eq!(third_x_line, 0, "{place}");
                assert!(streamed == in_memory, "{place}: the boards differ");
            }
            (Err(streamed), Err(in_memory)) => {
                assert_eq!(streamed.to_string(), in_memory.to_string(), "{place}");
                let column = if rows == 1 { 3 } else { 246 };
                let third = format!("{third_x_line}:{column}: case 1: a third start X");
                assert_eq!(in_memory.to_string(), third, "{place}");
            }
            (streamed, in_memory) => {
                panic!("{place}: {:?} but {:?}", streamed.err(), in_memory.err())
            }
        }
    }
}
