//! The strict judge validators: each spec's sample is valid, each rule is reported at its
//! place, every violation of an input is listed in order, junk never panics, and the
//! writers' output of generated judge-sized inputs is valid.

use grid_core::Choice;
use parsers::validate::{self, Violation};
use proptest::prelude::*;
use rstest::rstest;

type Validator = fn(&[u8]) -> Vec<Violation>;

const HUARONGDAO_SAMPLE: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";
const BLOXORZ_SAMPLE: &str =
    "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n0 0\n";
/// Level 1 of the original game, the classic spec's sample.
const CLASSIC_SAMPLE: &str =
    "6 10\n...#######\n.X....####\n.........#\n#.........\n#####..O..\n######...#\n";
/// A classic level with every kind of line.
const CLASSIC_LINES: &str = "2 6\nXo=h.s\n..==.O\nbridge 1 off 1 3 2 3\nbridge 2 on 2 4\nswitch 1 2 toggle 1\nswitch 1 4 on 2 off 1\nsplit 1 6 2 1 2 3\n";
const HOLEDOX_SAMPLE: &str = "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n\n4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n\n2 1\n2 2\n3 4\n4 2\n\n0 0 0\n";
const KLOTSKI_SAMPLE: &str = "5 4\nABBC\nABBC\nDEEF\nDGHF\nI..J\ngoal B 4 2\n";

/// The violations as `line:col: message` strings.
fn found(validate: Validator, text: &[u8]) -> Vec<String> {
    validate(text).iter().map(ToString::to_string).collect()
}

/// `head`, then `line` `count` times, then `tail`, as a `'static` input for a case.
fn repeated(head: &str, line: &str, count: usize, tail: &str) -> &'static str {
    format!("{head}{}{tail}", line.repeat(count)).leak()
}

/// A Bloxorz input of one `rows x cols` board with a `#` border, the box standing on
/// (2, 2) and the target on (rows - 1, cols - 1).
fn bloxorz_case(rows: usize, cols: usize) -> &'static str {
    let mut text = format!("{rows} {cols}\n{}\n", "#".repeat(cols));
    for r in 2..rows {
        let mut row = vec![b'.'; cols];
        (row[0], row[cols - 1]) = (b'#', b'#');
        if r == 2 {
            row[1] = b'X';
        }
        if r == rows - 1 {
            row[cols - 2] = b'O';
        }
        text.push_str(std::str::from_utf8(&row).unwrap());
        text.push('\n');
    }
    text.push_str(&"#".repeat(cols));
    text.push_str("\n0 0\n");
    text.leak()
}

/// A Holedox input of a 20 x 20 lair: a snake of 8 along the top row from the exit,
/// every other square a stone.
fn holedox_full_lair() -> &'static str {
    let mut text = String::from("20 20 8\n");
    for c in 1..=8 {
        text.push_str(&format!("1 {c}\n"));
    }
    text.push_str("392\n");
    for r in 1..=20 {
        for c in 1..=20 {
            if r > 1 || c > 8 {
                text.push_str(&format!("{r} {c}\n"));
            }
        }
    }
    text.push_str("\n0 0 0\n");
    text.leak()
}

#[rstest]
#[case::huarongdao(validate::huarongdao::validate, HUARONGDAO_SAMPLE)]
#[case::bloxorz(validate::bloxorz::validate, BLOXORZ_SAMPLE)]
#[case::holedox(validate::holedox::validate, HOLEDOX_SAMPLE)]
#[case::bloxorz_classic(validate::bloxorz_classic::validate, CLASSIC_SAMPLE)]
#[case::klotski(validate::klotski::validate, KLOTSKI_SAMPLE)]
fn samples_are_valid(#[case] validate: Validator, #[case] sample: &str) {
    assert_eq!(found(validate, sample.as_bytes()), Vec::<String>::new());
}

#[rstest]
#[case::q_zero("1 1 0\n1\n", &[])]
#[case::target_fixed_or_on_the_piece(
    "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n2 2 2 3 1 1\n2 2 2 3 2 3\n",
    &[]
)]
#[case::judge_maxima(repeated("30 30 500\n", &format!("{}1\n", "1 ".repeat(29)), 30, &"30 30 1 1 15 15\n".repeat(500)), &[])]
#[case::n_too_large(repeated("31 1 0\n", "1\n", 31, ""), &["1:1: n = 31 violates 1..=30"])]
#[case::n_zero("0 1 0\n", &["1:1: n = 0 violates 1..=30"])]
#[case::m_too_large(
    repeated("1 31 0\n", "1 ", 30, "1\n"),
    &["1:3: m = 31 violates 1..=30"]
)]
#[case::q_too_large(
    repeated("1 2 501\n1 1\n", "1 1 1 2 1 2\n", 501, ""),
    &["1:5: q = 501 violates 0..=500"]
)]
#[case::cell_two("2 2 0\n1 2\n1 1\n", &["2:3: cell (1, 2) = 2 violates 0..=1"])]
#[case::cell_letter(
    "2 2 0\n1 x\n1 1\n",
    &["2:3: expected cell (1, 2) (an integer in 0..=1), found \"x\""]
)]
#[case::row_too_short(
    "2 2 0\n1\n1 1\n",
    &["2:2: expected cell (1, 2) (an integer in 0..=1), found end of line"]
)]
#[case::row_too_long("2 2 0\n1 1 1\n1 1\n", &["2:5: expected end of line, found \"1\""])]
#[case::blank_line_in_board(
    "2 2 0\n1 1\n\n1 1\n",
    &["3:1: expected row 2 of 2 (2 cells of 0 or 1), found blank line"]
)]
#[case::missing_row(
    "2 2 0\n1 1\n",
    &["3:1: expected row 2 of 2 (2 cells of 0 or 1), found end of input"]
)]
#[case::header_too_short(
    "2 2\n1 1\n1 1\n",
    &["1:4: expected q (an integer in 0..=500), found end of line"]
)]
#[case::blank_outside(
    "2 2 1\n1 1\n1 1\n3 1 1 2 2 2\n",
    &["4:1: query 1: EX = 3 violates 1..=2"]
)]
#[case::target_col_zero(
    "2 2 1\n1 1\n1 1\n1 1 1 2 2 0\n",
    &["4:11: query 1: TY = 0 violates 1..=2"]
)]
#[case::blank_on_fixed(
    "2 2 1\n0 1\n1 1\n1 1 1 2 2 2\n",
    &["4:1: query 1: expected the blank E on a movable cell, found cell (1, 1) = 0"]
)]
#[case::piece_on_fixed(
    "2 2 1\n0 1\n1 1\n1 2 1 1 2 2\n",
    &["4:5: query 1: expected the piece S on a movable cell, found cell (1, 1) = 0"]
)]
#[case::blank_on_piece(
    "2 2 1\n1 1\n1 1\n1 2 1 2 2 2\n",
    &["4:5: query 1: expected the blank E and the piece S on different cells, found both at (1, 2)"]
)]
#[case::single_cell_query(
    "1 1 1\n1\n1 1 1 1 1 1\n",
    &["3:5: query 1: expected the blank E and the piece S on different cells, found both at (1, 1)"]
)]
#[case::query_too_short(
    "2 2 1\n1 1\n1 1\n1 1 1 2 2\n",
    &["4:10: query 1: expected TY (an integer in 1..=2), found end of line"]
)]
#[case::query_too_long(
    "2 2 1\n1 1\n1 1\n1 1 1 2 2 2 2\n",
    &["4:13: query 1: expected end of line, found \"2\""]
)]
#[case::missing_query(
    "2 2 2\n1 1\n1 1\n1 1 1 2 2 2\n",
    &["5:1: expected query 2 of 2 (EX EY SX SY TX TY), found end of input"]
)]
#[case::q_far_past_the_queries(
    "1 2 500\n1 1\n1 1 1 2 1 2\n",
    &["4:1: expected query 2 of 500 (EX EY SX SY TX TY), found end of input"]
)]
fn huarongdao_rules(#[case] text: &str, #[case] expected: &[&str]) {
    assert_eq!(
        found(validate::huarongdao::validate, text.as_bytes()),
        expected
    );
}

#[rstest]
#[case::lying_start("4 5\n#####\n#XXO#\n#...#\n#####\n0 0\n", &[])]
#[case::standing_start_two_cases(
    "3 4\n####\n#XO#\n####\n4 3\n###\n#X#\n#O#\n###\n0 0\n",
    &[]
)]
#[case::no_case("0 0\n", &[])]
#[case::judge_maxima(bloxorz_case(500, 500), &[])]
#[case::rows_too_many(bloxorz_case(501, 3), &["1:1: case 1: R = 501 violates 3..=500"])]
#[case::cols_too_many(bloxorz_case(3, 501), &["1:3: case 1: C = 501 violates 3..=500"])]
#[case::rows_too_few(
    "2 4\n####\n#XO#\n0 0\n",
    &["1:1: case 1: R = 2 violates 3..=500", "3:2: case 1: expected # on the border (row 2), found \"XO\""]
)]
#[case::rows_zero("0 3\n", &["1:1: case 1: R = 0 violates 3..=500"])]
#[case::row_too_short(
    "3 4\n####\n#XO\n####\n0 0\n",
    &["3:4: case 1: expected 4 cells in row 2, found 3"]
)]
#[case::row_too_long(
    "3 4\n####\n#XO##\n####\n0 0\n",
    &["3:5: case 1: expected 4 cells in row 2, found 5"]
)]
#[case::unknown_character(
    "3 5\n#####\n#XaO#\n#####\n0 0\n",
    &["3:3: case 1: expected one of # . E X O, found \"a\""]
)]
#[case::unknown_run(
    "3 6\n######\n#X\0\0O#\n######\n0 0\n",
    &["3:3: case 1: expected one of # . E X O, found \"\\0\\0\""]
)]
#[case::border_top(
    "3 4\n#.E#\n#XO#\n####\n0 0\n",
    &["2:2: case 1: expected # on the border (row 1), found \".E\""]
)]
#[case::border_bottom_runs(
    "3 6\n######\n#XO..#\n.#..##\n0 0\n",
    &["4:1: case 1: expected # on the border (row 3), found \".\"", "4:3: case 1: expected # on the border (row 3), found \"..\""]
)]
#[case::border_sides(
    "4 4\n####\n.XO#\n#..E\n####\n0 0\n",
    &["3:1: case 1: expected # on the border (column 1), found \".\"", "4:4: case 1: expected # on the border (column 4), found \"E\""]
)]
#[case::start_on_border(
    "3 4\n####\nXXO#\n####\n0 0\n",
    &["3:1: case 1: expected # on the border (column 1), found \"X\""]
)]
#[case::no_target(
    "3 4\n####\n#X.#\n####\n0 0\n",
    &["1:1: case 1: expected exactly one O, found none"]
)]
#[case::two_targets(
    "3 5\n#####\n#XOO#\n#####\n0 0\n",
    &["3:4: case 1: expected exactly one O, found another at (2, 4)"]
)]
#[case::no_start(
    "3 4\n####\n#.O#\n####\n0 0\n",
    &["1:1: case 1: expected one X or two edge-adjacent X, found none"]
)]
#[case::three_starts(
    "3 6\n######\n#XXXO#\n######\n0 0\n",
    &["3:4: case 1: expected one X or two edge-adjacent X, found a third at (2, 4)"]
)]
#[case::starts_apart(
    "4 5\n#####\n#X.O#\n#..X#\n#####\n0 0\n",
    &["4:4: case 1: expected the two X to share an edge, found (2, 2) and (3, 4)"]
)]
#[case::missing_row(
    "3 4\n####\n#XO#\n",
    &["4:1: case 1: expected row 3 of 3 (4 characters of # . E X O), found end of input"]
)]
#[case::blank_line_between_cases(
    "3 4\n####\n#XO#\n####\n\n0 0\n",
    &["5:1: expected R C or the final `0 0`, found blank line"]
)]
#[case::no_terminator(
    "3 4\n####\n#XO#\n####\n",
    &["5:1: expected R C or the final `0 0`, found end of input"]
)]
#[case::header_too_long(
    "3 4 5\n####\n#XO#\n####\n0 0\n",
    &["1:5: case 1: expected end of line, found \"5\""]
)]
#[case::terminator_with_leading_zero(
    "3 4\n####\n#XO#\n####\n00 0\n",
    &["5:1: expected R without leading zeros, found \"00\""]
)]
fn bloxorz_rules(#[case] text: &str, #[case] expected: &[&str]) {
    assert_eq!(
        found(validate::bloxorz::validate, text.as_bytes()),
        expected
    );
}

#[rstest]
#[case::exit_on_the_body("2 2 2\n1 2\n1 1\n0\n\n0 0 0\n", &[])]
#[case::no_case("0 0 0\n", &[])]
#[case::judge_maxima(holedox_full_lair(), &[])]
#[case::rows_too_many(
    "21 3 2\n2 2\n2 3\n0\n\n0 0 0\n",
    &["1:1: case 1: n = 21 violates 1..=20"]
)]
#[case::cols_too_many(
    "3 21 2\n2 2\n2 3\n0\n\n0 0 0\n",
    &["1:3: case 1: m = 21 violates 1..=20"]
)]
#[case::length_one(
    "3 3 1\n2 2\n0\n\n0 0 0\n",
    &["1:5: case 1: L = 1 violates 2..=8"]
)]
#[case::length_nine(
    "3 3 9\n1 1\n1 2\n1 3\n2 3\n2 2\n2 1\n3 1\n3 2\n3 3\n0\n\n0 0 0\n",
    &["1:5: case 1: L = 9 violates 2..=8"]
)]
#[case::block_outside(
    "3 3 2\n4 2\n3 2\n0\n\n0 0 0\n",
    &["2:1: case 1: r of block 1 = 4 violates 1..=3"]
)]
#[case::blocks_overlap(
    "3 3 3\n2 2\n2 3\n2 2\n0\n\n0 0 0\n",
    &["4:1: case 1: expected block 3 on an empty square, found block 1 at (2, 2)"]
)]
#[case::blocks_apart(
    "3 3 2\n2 2\n3 3\n0\n\n0 0 0\n",
    &["3:1: case 1: expected block 2 next to block 1 at (2, 2), found (3, 3)"]
)]
#[case::stones_too_many(
    "2 2 2\n1 2\n2 2\n3\n2 1\n2 1\n2 1\n\n0 0 0\n",
    &[
        "4:1: case 1: K = 3 violates 0..=2",
        "6:1: case 1: expected stone 2 on a square of its own, found stone 1 at (2, 1)",
        "7:1: case 1: expected stone 3 on a square of its own, found stone 1 at (2, 1)",
    ]
)]
#[case::stone_outside(
    "3 3 2\n2 2\n2 3\n1\n3 4\n\n0 0 0\n",
    &["5:3: case 1: c of stone 1 = 4 violates 1..=3"]
)]
#[case::stone_on_the_body(
    "3 3 2\n2 2\n2 3\n1\n2 3\n\n0 0 0\n",
    &["5:1: case 1: expected stone 1 off the snake, found block 2 at (2, 3)"]
)]
#[case::stone_twice(
    "3 3 2\n2 2\n2 3\n2\n3 3\n3 3\n\n0 0 0\n",
    &["6:1: case 1: expected stone 2 on a square of its own, found stone 1 at (3, 3)"]
)]
#[case::stone_on_the_exit(
    "3 3 2\n2 2\n2 3\n1\n1 1\n\n0 0 0\n",
    &["5:1: case 1: the exit (1, 1) must not be a stone"]
)]
#[case::no_blank_line_after_the_case(
    "3 3 2\n2 2\n2 3\n0\n0 0 0\n",
    &["5:1: case 1: expected a blank line after the case, found \"0\""]
)]
#[case::two_blank_lines_after_the_case(
    "3 3 2\n2 2\n2 3\n0\n\n\n0 0 0\n",
    &["6:1: expected n m L or the final `0 0 0`, found blank line"]
)]
#[case::two_blank_lines_after_k(
    "3 3 2\n2 2\n2 3\n1\n\n\n3 3\n\n0 0 0\n",
    &["6:1: case 1: expected stone 1 of 1 (r c), found blank line"]
)]
#[case::missing_block(
    "3 3 2\n2 2\n",
    &["3:1: case 1: expected block 2 of 2 (r c), found end of input"]
)]
#[case::missing_stone(
    "3 3 2\n2 2\n2 3\n2\n3 3\n\n0 0 0\n",
    &["6:1: case 1: expected stone 2 of 2 (r c), found blank line", "7:1: case 1: r of stone 2 = 0 violates 1..=3", "7:3: case 1: c of stone 2 = 0 violates 1..=3", "7:5: case 1: expected end of line, found \"0\"", "8:1: case 1: expected a blank line after the case, found end of input"]
)]
#[case::no_terminator(
    "3 3 2\n2 2\n2 3\n0\n\n",
    &["6:1: expected n m L or the final `0 0 0`, found end of input"]
)]
#[case::header_too_short(
    "3 3\n2 2\n2 3\n0\n\n0 0 0\n",
    &["1:4: case 1: expected L (an integer in 2..=8), found end of line"]
)]
fn holedox_rules(#[case] text: &str, #[case] expected: &[&str]) {
    assert_eq!(
        found(validate::holedox::validate, text.as_bytes()),
        expected
    );
}

/// `CLASSIC_LINES` with its lines after the rows replaced by `lines`.
fn classic(lines: &str) -> &'static str {
    format!("2 6\nXo=h.s\n..==.O\n{lines}").leak()
}

#[rstest]
#[case::every_kind_of_line(CLASSIC_LINES, &[])]
#[case::one_by_two("1 2\nXO\n", &[])]
#[case::zero_rows("0 3\n", &["1:1: R = 0 violates 1..=1048576"])]
#[case::too_many_cells("2000 2000\n", &["1:1: a 2000 x 2000 level has more than 1048576 cells"])]
#[case::short_and_long_rows(
    "2 3\nXO\n....\n",
    &["2:3: expected 3 characters in row 1, found 2", "3:4: expected 3 characters in row 2, found 4"]
)]
#[case::unknown_character("1 4\nX;O.\n", &["2:2: expected one of # . E X O o h s =, found \";\""])]
#[case::no_start_two_exits(
    "1 3\nO.O\n",
    &["1:1: expected one X, found none", "2:3: expected one O, found another at (1, 3)"]
)]
#[case::bridge_numbers(
    classic("bridge 2 off 1 3\nbridge 2 on 2 4\nswitch 1 2 toggle 1\nswitch 1 4 on 2\nsplit 1 6 2 1 2 3\n"),
    &[
        "3:3: the `=` at (2, 3) is unused: no bridge line lists it",
        "4:8: expected bridge 1 (bridges are numbered 1, 2, ... in order), found 2",
    ]
)]
#[case::bridge_cells(
    classic("bridge 1 maybe 1 3 1 1 3 4 1 3\nbridge 2 on 2 4 2\nswitch 1 2 toggle 1\nswitch 1 4 on 2\nsplit 1 6 2 1 2 3\n"),
    &[
        "3:3: the `=` at (2, 3) is unused: no bridge line lists it",
        "4:10: expected on or off, found \"maybe\"",
        "4:20: (1, 1) is `X`, not a bridge cell `=`",
        "4:24: the row of a cell of bridge 1 = 3 violates 1..=2",
        "4:28: (1, 3) is already a cell of bridge 1",
        "5:18: expected the column of a cell of bridge 2, found end of line",
    ]
)]
#[case::unlisted_parts(
    classic("bridge 1 off 1 3 2 3\n"),
    &[
        "2:2: the `o` at (1, 2) is unused: it has no switch line",
        "2:4: the `h` at (1, 4) is unused: it has no switch line",
        "2:6: the `s` at (1, 6) is unused: it has no split line",
        "3:4: the `=` at (2, 4) is unused: no bridge line lists it",
    ]
)]
#[case::switch_lines(
    classic("bridge 1 off 1 3 2 3\nbridge 2 on 2 4\nswitch 1 2 toggle 3 flip 1\nswitch 1 2 on 1\nswitch 1 5 on 1\nswitch 1 4\nsplit 1 6 2 1 2 3\n"),
    &[
        "6:19: unknown bridge 3: the level has 2 bridges",
        "6:21: expected toggle, on or off, found \"flip\"",
        "7:8: a second switch line for (1, 2)",
        "8:8: (1, 5) is `.`, not a switch `o` or `h`",
        "9:11: expected an action (toggle, on or off), found end of line",
    ]
)]
#[case::split_lines(
    classic("bridge 1 off 1 3 2 3\nbridge 2 on 2 4\nswitch 1 2 on 1\nswitch 1 4 on 1\nsplit 1 6 2 1 2 1\nsplit 1 6 2 9 2 1 7\nsplit 1 5\n"),
    &[
        "8:15: both landing cells are (2, 1): the cubes need two",
        "9:7: a second split line for (1, 6)",
        "9:13: the column of the first landing cell = 9 violates 1..=6",
        "9:19: expected end of line, found \"7\"",
        "10:7: (1, 5) is `.`, not a split switch `s`",
        "10:10: expected the row of the first landing cell, found end of line",
    ]
)]
#[case::lines_out_of_order(
    classic("switch 1 2 on 1\nbridge 1 off 1 3 2 3\nbridge 2 on 2 4\nswitch 1 4 on 1\nsplit 1 6 2 1 2 3\nteleport 1 1\n\n"),
    &[
        "4:15: unknown bridge 1: the level has 0 bridges",
        "5:1: expected bridge lines, then switch lines, then split lines, found \"bridge\" after a switch line",
        "6:1: expected bridge lines, then switch lines, then split lines, found \"bridge\" after a switch line",
        "9:1: expected bridge, switch or split, found \"teleport\"",
        "10:1: expected a bridge, switch or split line, found blank line",
    ]
)]
fn bloxorz_classic_rules(#[case] text: &str, #[case] expected: &[&str]) {
    assert_eq!(
        found(validate::bloxorz_classic::validate, text.as_bytes()),
        expected
    );
}

#[test]
fn classic_bridges_past_the_state_limit_are_reported() {
    // A 3 x 40 level with a split: 120 tiles, 360 + 7140 states per setting, so at most
    // 13 bridges (7500 * 2^13 <= 2^26).
    let mut text = format!(
        "3 40\nXs{}{}\n{}\n{}O\n",
        "=".repeat(14),
        ".".repeat(24),
        ".".repeat(40),
        ".".repeat(39)
    );
    for b in 1..=14 {
        text.push_str(&format!("bridge {b} on 1 {}\n", b + 2));
    }
    text.push_str("split 1 2 2 1 2 3\n");
    assert_eq!(
        found(validate::bloxorz_classic::validate, text.as_bytes()),
        [
            "18:1: a level of these tiles has at most 13 bridges (2^B states each, at most 67108864 in all)"
        ]
    );
}

/// Layout rules, the same in every format: shown on a valid Huarongdao input.
#[rstest]
#[case::crlf("1 2 0\r\n1 1\n", &["1:6: expected \\n line ending, found \\r\\n"])]
#[case::no_final_newline("1 2 0\n1 1", &["2:4: expected \\n at the end of the file, found end of input"])]
#[case::blank_line_at_the_end("1 2 0\n1 1\n\n", &["3:1: expected end of input, found blank line"])]
#[case::trailing_garbage("1 2 0\n1 1\nx\n", &["3:1: expected end of input, found \"x\""])]
#[case::bom("\u{feff}1 2 0\n1 1\n", &["1:1: expected no byte-order mark, found \"\\u{feff}\""])]
#[case::tab("1\t2 0\n1 1\n", &["1:2: expected one space between tokens, found \"\\t\""])]
#[case::two_spaces("1 2  0\n1 1\n", &["1:4: expected one space between tokens, found \"  \""])]
#[case::leading_space(" 1 2 0\n1 1\n", &["1:1: expected a token at the start of the line, found \" \""])]
#[case::trailing_tab("1 2 0\n1 1\t\n", &["2:4: expected the end of the line after the last token, found \"\\t\""])]
#[case::spaces_on_a_blank_line(
    "1 2 0\n1 1\n \n",
    &["3:1: expected an empty line, found \" \"", "3:1: expected end of input, found blank line"]
)]
#[case::leading_zero("01 2 0\n1 1\n", &["1:1: expected n without leading zeros, found \"01\""])]
#[case::plus_sign("1 +2 0\n1 1\n", &["1:3: expected m without a sign, found \"+2\""])]
#[case::minus_sign("1 -2 0\n1 1\n", &["1:3: expected m (an integer in 1..=30), found \"-2\""])]
#[case::past_64_bits(
    "1 2 18446744073709551616\n1 1\n",
    &["1:5: q = 18446744073709551616 violates 0..=500"]
)]
fn layout_rules(#[case] text: &str, #[case] expected: &[&str]) {
    assert_eq!(
        found(validate::huarongdao::validate, text.as_bytes()),
        expected
    );
}

#[test]
fn several_violations_are_listed_in_order() {
    let text = "\u{feff}03 +4 2 \r\n0  1\t1 1 1\n 0 1 1 0\r\n0 1 0 0\n\n3 2 1 2 2 2 7\n1 2 2 2 3 9\n1 1 1 1 1 1\n\n  \nxyz";
    assert_eq!(
        found(validate::huarongdao::validate, text.as_bytes()),
        [
            "1:1: expected no byte-order mark, found \"\\u{feff}\"",
            "1:4: expected n without leading zeros, found \"03\"",
            "1:7: expected m without a sign, found \"+4\"",
            "1:11: expected the end of the line after the last token, found \" \"",
            "1:12: expected \\n line ending, found \\r\\n (and 1 more like it)",
            "2:2: expected one space between tokens, found \"  \"",
            "2:5: expected one space between tokens, found \"\\t\"",
            "2:10: expected end of line, found \"1\"",
            "3:1: expected a token at the start of the line, found \" \"",
            "5:1: expected query 1 of 2 (EX EY SX SY TX TY), found blank line",
            "6:13: query 1: expected end of line, found \"7\"",
            "7:11: query 2: TY = 9 violates 1..=4",
            "8:1: expected end of input, found \"1\"",
            "10:1: expected an empty line, found \"  \"",
            "11:4: expected \\n at the end of the file, found end of input",
        ]
    );

    let text = "3 4\n#..X\n#.X#\n####\n4 5\n#####\n#XOX#\n#.O.#\n##.##\n0 0\n";
    assert_eq!(
        found(validate::bloxorz::validate, text.as_bytes()),
        [
            "1:1: case 1: expected exactly one O, found none",
            "2:2: case 1: expected # on the border (row 1), found \"..X\"",
            "3:3: case 1: expected the two X to share an edge, found (1, 4) and (2, 3)",
            "7:4: case 2: expected the two X to share an edge, found (2, 2) and (2, 4)",
            "8:3: case 2: expected exactly one O, found another at (3, 3)",
            "9:3: case 2: expected # on the border (row 4), found \".\"",
        ]
    );

    let text = "3 3 3\n1 1\n1 1\n3 3\n7\n4 1\n1 1\n2 2\n2 2\n\n0 0 0\n";
    assert_eq!(
        found(validate::holedox::validate, text.as_bytes()),
        [
            "3:1: case 1: expected block 2 on an empty square, found block 1 at (1, 1)",
            "4:1: case 1: expected block 3 next to block 2 at (1, 1), found (3, 3)",
            "5:1: case 1: K = 7 violates 0..=6",
            "6:1: case 1: r of stone 1 = 4 violates 1..=3",
            "7:1: case 1: the exit (1, 1) must not be a stone",
            "7:1: case 1: expected stone 2 off the snake, found block 1 at (1, 1)",
            "9:1: case 1: expected stone 4 on a square of its own, found stone 3 at (2, 2)",
            "10:1: case 1: expected stone 5 of 7 (r c), found blank line",
            "11:1: case 1: r of stone 5 = 0 violates 1..=3",
            "11:3: case 1: c of stone 5 = 0 violates 1..=3",
            "11:5: case 1: expected end of line, found \"0\"",
            "12:1: case 1: expected stone 6 of 7 (r c), found end of input",
        ]
    );
}

#[test]
fn a_crlf_file_is_one_message_with_a_count() {
    for (validate, sample) in [
        (
            validate::huarongdao::validate as Validator,
            HUARONGDAO_SAMPLE,
        ),
        (validate::bloxorz::validate, BLOXORZ_SAMPLE),
        (validate::holedox::validate, HOLEDOX_SAMPLE),
        (validate::bloxorz_classic::validate, CLASSIC_SAMPLE),
        (validate::bloxorz_classic::validate, CLASSIC_LINES),
    ] {
        let lines = sample.lines().count();
        let violations = validate(sample.replace('\n', "\r\n").as_bytes());
        assert_eq!(violations.len(), 1, "{violations:?}");
        assert_eq!(
            violations[0].message,
            format!(
                "expected \\n line ending, found \\r\\n (and {} more like it)",
                lines - 1
            )
        );
    }
}

#[test]
fn doubled_spaces_are_one_message_with_a_count() {
    let doubled = HUARONGDAO_SAMPLE.replace(' ', "  ");
    let violations = validate::huarongdao::validate(doubled.as_bytes());
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(
        violations[0]
            .message
            .starts_with("expected one space between tokens, found \"  \" (and ")
    );
}

#[rstest]
fn junk_is_rejected_without_panic(
    #[values(
        validate::huarongdao::validate,
        validate::bloxorz::validate,
        validate::holedox::validate,
        validate::bloxorz_classic::validate,
        validate::klotski::validate
    )]
    validate: Validator,
    #[values(
        b"".as_slice(),
        b"\x9f\x00\xffR\x13\xc3(\n\xfe\xfe\x01",
        b"\0",
        b"\0\n",
        b"\xEF\xBB\xBF",
        b"\r\n",
        b"\n",
        b"\n\n\n",
        b" ",
        b"0 0 0",
        b"007 005 003\n",
        b"+3 3 3\n",
        b"-3 -3 -3\n",
        b"99999999999999999999999 3 3\n",
        b"3 99999999999999999999999 3\n",
        b"1000000000 1000000000\n",
        b"1000000000 1000000000 1000000000\n",
        b"4294967295 1 4294967295\n1\n",
        b"3 3 3\n1 1 1\n",
        b"\xEF\xBB\xBF\xEF\xBB\xBF0 0 0\n",
    )]
    text: &[u8],
) {
    assert!(
        !validate(text).is_empty(),
        "{:?}",
        String::from_utf8_lossy(text)
    );
}

#[rstest]
fn broken_samples_are_rejected(
    #[values(
        (validate::huarongdao::validate as Validator, HUARONGDAO_SAMPLE),
        (validate::bloxorz::validate as Validator, BLOXORZ_SAMPLE),
        (validate::holedox::validate as Validator, HOLEDOX_SAMPLE),
        (validate::bloxorz_classic::validate as Validator, CLASSIC_LINES),
        (validate::klotski::validate as Validator, KLOTSKI_SAMPLE),
    )]
    puzzle: (Validator, &str),
    #[values(
        |s: &str| s.replace('\n', "\r\n"),
        |s: &str| s.trim_end().to_string(),
        |s: &str| format!("{s}x\n"),
        |s: &str| format!("{s}\n"),
        |s: &str| format!("\u{feff}{s}"),
        |s: &str| format!("0{s}"),
        |s: &str| format!("+{s}"),
        |s: &str| s[..s.len() / 2].to_string(),
        |s: &str| s[..s.len() - 4].to_string(),
        |s: &str| s.replacen(' ', "\t", 1),
        |s: &str| s.replacen('\n', " \n", 1),
        |s: &str| s.replacen('\n', "\n\n", 1),
    )]
    mutate: fn(&str) -> String,
) {
    let (validate, sample) = puzzle;
    let text = mutate(sample);
    assert!(!validate(text.as_bytes()).is_empty(), "{text:?}");
}

/// Bytes the formats give meaning to; arbitrary inputs favour them to get past the header.
const FORMAT_BYTES: &[u8] = b"0123456789 \t\r\n#.EXO+-ABgoal";

/// Arbitrary bytes, or a sample with arbitrary bytes spliced in (to get past the header).
fn junk() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![any::<u8>(), proptest::sample::select(FORMAT_BYTES)];
    let bytes = proptest::collection::vec(byte, 0..400);
    let sample = proptest::sample::select(vec![
        HUARONGDAO_SAMPLE,
        BLOXORZ_SAMPLE,
        HOLEDOX_SAMPLE,
        KLOTSKI_SAMPLE,
    ]);
    prop_oneof![
        bytes.clone(),
        (sample, any::<proptest::sample::Index>(), 0usize..8, bytes).prop_map(
            |(sample, at, cut, bytes)| {
                let at = at.index(sample.len() + 1);
                let rest = sample.as_bytes().get(at + cut..).unwrap_or_default();
                [&sample.as_bytes()[..at], &bytes[..bytes.len().min(8)], rest].concat()
            }
        ),
    ]
}

/// Checks what holds of any list of violations: in file order, at real places.
fn assert_well_formed(text: &[u8], violations: &[Violation]) {
    let lines = text.iter().filter(|&&b| b == b'\n').count() + 1;
    for v in violations {
        assert!(v.line >= 1 && v.line <= lines && v.col >= 1, "{v}");
        assert!(!v.message.is_empty() && !v.message.ends_with('.'), "{v}");
    }
    assert!(violations.is_sorted_by_key(|v| (v.line, v.col)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_bytes_never_panic(text in junk()) {
        for validate in [
            validate::huarongdao::validate as Validator,
            validate::bloxorz::validate,
            validate::holedox::validate,
            validate::klotski::validate,
        ] {
            assert_well_formed(&text, &validate(&text));
        }
    }

    #[test]
    fn written_huarongdao_inputs_are_valid(
        family in proptest::sample::select(huarongdao::generate::Family::ALL.to_vec()),
        rows in 1usize..=30,
        cols in 1usize..=30,
        density in 0u32..=100,
        queries in prop_oneof![0usize..=20, 480usize..=500],
        seed in any::<u64>(),
    ) {
        let params = huarongdao::generate::GenParams { family, rows, cols, density, queries, seed };
        let (board, queries) = huarongdao::generate::generate(&params).unwrap();
        let text = parsers::huarongdao::write_input(&board, &queries);
        prop_assert_eq!(found(validate::huarongdao::validate, text.as_bytes()), Vec::<String>::new());
    }

    #[test]
    fn written_holedox_inputs_are_valid(
        games in proptest::collection::vec(
            (
                proptest::sample::select(holedox::generate::Family::ALL.to_vec()),
                1usize..=20,
                1usize..=20,
                2usize..=8,
                0u32..=100,
                any::<u64>(),
            ),
            1..=4,
        ),
    ) {
        let games: Vec<holedox::Game> = games
            .into_iter()
            .map(|(family, rows, cols, length, stones, seed)| {
                // A lair smaller than the snake grows rows until it holds it.
                let rows = rows.max(length.div_ceil(cols));
                holedox::generate::generate(&holedox::generate::GenParams {
                    family, rows, cols, length, stones, seed,
                })
                .unwrap()
            })
            .collect();
        let text = parsers::holedox::write_input(&games);
        prop_assert_eq!(found(validate::holedox::validate, text.as_bytes()), Vec::<String>::new());
    }

    #[test]
    fn written_bloxorz_inputs_are_valid(
        boards in proptest::collection::vec(
            (
                proptest::sample::select(bloxorz::generate::Family::ALL.to_vec()),
                prop_oneof![3usize..=12, 3usize..=500],
                prop_oneof![3usize..=12, 3usize..=500],
                0u32..=100,
                0u32..=100,
                proptest::sample::select(bloxorz::generate::StartKind::ALL.to_vec()),
                any::<u64>(),
            ),
            1..=3,
        ),
    ) {
        let boards: Vec<bloxorz::Board> = boards
            .into_iter()
            .filter_map(|(family, rows, cols, empty, fragile, start, seed)| {
                let params = bloxorz::generate::GenParams {
                    family, rows, cols, empty, fragile, start, border: true, seed,
                };
                bloxorz::generate::generate(&params).ok()
            })
            .collect();
        let text = parsers::bloxorz::write_input(&boards);
        prop_assert_eq!(found(validate::bloxorz::validate, text.as_bytes()), Vec::<String>::new());
    }

    #[test]
    fn written_klotski_inputs_are_valid(
        family in proptest::sample::select(klotski::generate::Family::ALL.to_vec()),
        shapes in proptest::sample::select(klotski::generate::Shapes::ALL.to_vec()),
        (rows, cols) in (1usize..=5, 1usize..=4),
        empty in 1usize..=3,
        seed in any::<u64>(),
    ) {
        let params = klotski::generate::GenParams {
            family, rows, cols, empty, shapes, steps: 30, tries: 2,
            metric: klotski::Metric::Move, seed,
        };
        let Ok(layout) = klotski::generate::generate(&params) else {
            return Ok(()); // a board too small for the empty cells, or too large a group
        };
        let mut text = String::new();
        parsers::klotski::write_layout(&mut text, &layout);
        prop_assert_eq!(found(validate::klotski::validate, text.as_bytes()), Vec::<String>::new());
        prop_assert_eq!(parsers::klotski::parse(text.as_bytes()).unwrap(), layout);
    }
}

/// The Klotski rules, each at its place.
#[rstest]
#[case::sample(KLOTSKI_SAMPLE, &[])]
#[case::one_cell("1 1\nA\ngoal A 1 1\n", &[])]
#[case::eight_by_eight(repeated("8 8\n", "AAAAAAAA\n", 1, &format!("{}goal A 1 1\n", "........\n".repeat(7))), &[])]
#[case::over_64_cells("9 8\n", &["1:1: R x C = 9 x 8 violates at most 64 cells", "2:1: expected row 1 of 9 (8 characters of . or labels A-Z a-z 0-9), found end of input"])]
#[case::zero_columns("1 0\n", &["1:3: C = 0 violates 1..=64"])]
#[case::row_too_short("2 2\nAB\nA\ngoal A 1 1\n", &["3:2: expected 2 cells in row 2, found 1"])]
#[case::one_column_counted_in_the_singular("2 1\nA\nAA\ngoal A 1 1\n", &["3:2: expected 1 cell in row 2, found 2"])]
#[case::a_missing_row_of_one_character("2 1\nA\n", &["3:1: expected row 2 of 2 (1 character of . or labels A-Z a-z 0-9), found end of input"])]
#[case::unknown_characters("1 4\nA#$.\ngoal A 1 1\n", &["2:2: expected . or labels A-Z a-z 0-9, found \"#$\""])]
#[case::disconnected("1 3\nA.A\ngoal A 1 1\n", &["2:3: the cells of piece A are not connected: (1, 3) is apart from its first cell (1, 1)"])]
#[case::diagonal_is_not_connected("2 2\nA.\n.A\ngoal A 1 1\n", &["3:2: the cells of piece A are not connected: (2, 2) is apart from its first cell (1, 1)"])]
#[case::no_goal_line("1 2\nA.\n", &["3:1: expected the goal line `goal L r c`, found end of input"])]
#[case::goal_misspelt("1 2\nA.\nGOAL A 1 1\n", &["3:1: expected `goal`, found \"GOAL\""])]
#[case::goal_label_absent("1 2\nA.\ngoal B 1 1\n", &["3:6: expected the label of a piece on the board, found \"B\""])]
#[case::goal_label_not_a_label("1 2\nA.\ngoal . 1 1\n", &["3:6: expected a label A-Z a-z 0-9, found \".\""])]
#[case::goal_too_few_tokens("1 2\nA.\ngoal A 1\n", &["3:9: expected c, found end of line"])]
#[case::goal_outside("2 2\nAA\n..\ngoal A 1 2\n", &["4:8: the goal puts piece A (1 x 2) at (1, 2), outside the 2 x 2 board"])]
#[case::goal_row_zero("1 2\nA.\ngoal A 0 1\n", &["3:8: r = 0 violates 1..=1"])]
// Its states need a 66-bit code: no rule of the format (the solver takes them in 128 bits).
#[case::many_shapes_on_a_crowded_board(
    "8 8\nABCDEFGH\nABCDEFGH\nIIJJKKLL\nMNOPQRST\nMNOPQRST\nMNOPQRST\nUUUVVVWW\nXYZabc..\ngoal A 1 1\n",
    &[]
)]
#[case::trailing_line("1 2\nA.\ngoal A 1 1\nx\n", &["4:1: expected end of input, found \"x\""])]
fn klotski_rules(#[case] text: &str, #[case] expected: &[&str]) {
    assert_eq!(
        found(validate::klotski::validate, text.as_bytes()),
        expected
    );
}
