//! The level file of the original Bloxorz: what is accepted, and every rejection with its
//! place.

use bloxorz_classic::{Action, Tile};
use grid_core::Pos;
use parsers::bloxorz_classic::{parse, write_level};
use proptest::prelude::*;
use rstest::rstest;

/// Level 2 of the original game: two bridges, a soft and a heavy switch.
const LEVEL_2: &str = "6 15
######....##...
....##..h.##.O.
..o.##....##...
....##....##...
.X..==....==...
....##....#####
bridge 1 off 5 5 5 6
bridge 2 off 5 11 5 12
switch 3 3 toggle 1
switch 2 9 toggle 2
";

/// A small level with every kind of line.
const SMALL: &str = "3 6
X.o=hs
E...=O
......
bridge 1 off 1 4
bridge 2 on 2 5
switch 1 3 toggle 1 on 2
switch 1 5 off 2
split 1 6 3 1 3 6
";

#[test]
fn level_2_reads_as_written() {
    let level = parse(LEVEL_2.as_bytes()).unwrap();
    assert_eq!((level.rows(), level.cols()), (6, 15));
    assert_eq!(level.start(), Pos::new(4, 1));
    assert_eq!(level.exit(), Pos::new(1, 13));
    assert_eq!(level.bridges().len(), 2);
    assert_eq!(level.bridges()[1].cells, [Pos::new(4, 10), Pos::new(4, 11)]);
    assert!(!level.bridges()[0].on);
    assert_eq!(level.tile(Pos::new(1, 8)), Tile::Heavy);
    let heavy = level.switch_at(Pos::new(1, 8)).unwrap();
    assert_eq!(heavy.actions, [Action::Toggle(1)]);
    let mut solver = bloxorz_classic::Solver::new();
    assert_eq!(solver.solve(&level), Ok(Some(17)));
}

#[test]
fn every_kind_of_line_reads_and_writes_back() {
    let level = parse(SMALL.as_bytes()).unwrap();
    assert_eq!(
        level.switch_at(Pos::new(0, 2)).unwrap().actions,
        [Action::Toggle(0), Action::On(1)]
    );
    assert_eq!(
        level.split_at(Pos::new(0, 5)).unwrap().landing,
        [Pos::new(2, 0), Pos::new(2, 5)]
    );
    let mut out = String::new();
    write_level(&mut out, &level);
    assert_eq!(out, SMALL);
}

#[rstest]
#[case::crlf(&SMALL.replace('\n', "\r\n"))]
#[case::no_final_newline(SMALL.trim_end())]
#[case::bom(&format!("\u{feff}{SMALL}"))]
// Any whitespace separates tokens: a line ends where the next keyword begins.
#[case::lines_joined(&SMALL.replace("\nbridge 2", " bridge 2").replace("\nsplit", "\t\tsplit"))]
#[case::blank_lines_and_leading_zeros(&SMALL.replace("3 6\n", "\n003 6\n\n").replace("1 4\n", "01 4\n\n"))]
fn tolerated_layouts(#[case] text: &str) {
    assert_eq!(parse(text.as_bytes()), parse(SMALL.as_bytes()));
}

#[rstest]
#[case::empty("", "1:1: expected R (an integer in 1..=1048576), found end of input")]
#[case::zero_rows("0 4\n", "1:1: R = 0 is out of range 1..=1048576")]
#[case::huge(
    "2000 2000\n",
    "1:1: a 2000 x 2000 board is larger than the 1048576 cells this solver handles"
)]
#[case::short_row("1 4\nX.O\n", "2:1: row 1 has 3 characters, expected 4")]
#[case::missing_row(
    "2 3\nX.O\n",
    "2:4: expected row 2 (3 characters of # . E X O o h s =), found end of input"
)]
#[case::bad_character("1 4\nX.;O\n", "2:3: expected one of # . E X O o h s =, found \";\"")]
#[case::no_start("1 3\n..O\n", "1:1: the level has no start X")]
#[case::second_exit("1 4\nXO.O\n", "2:4: a second exit O")]
#[case::second_start("2 2\nXO\nX.\n", "3:1: a second start X")]
#[case::bridge_out_of_order(
    "1 4\nX.=O\nbridge 2 off 1 3\n",
    "3:8: expected bridge 1 (bridges are numbered 1, 2, ... in order), found bridge 2"
)]
#[case::bridge_state(
    "1 4\nX.=O\nbridge 1 up 1 3\n",
    "3:10: expected on or off, found \"up\""
)]
#[case::bridge_without_cells(
    "1 4\nX.=O\nbridge 1 on\n",
    "3:12: expected the row of a cell of bridge 1 (an integer in 1..=1), found end of input"
)]
#[case::bridge_cell_off_the_level(
    "1 4\nX.=O\nbridge 1 on 1 5\n",
    "3:15: the column of a cell of bridge 1 = 5 is out of range 1..=4"
)]
#[case::bridge_on_another_tile(
    "1 4\nX.=O\nbridge 1 on 1 2\n",
    "3:13: bridge 1 lists (1, 2), which is `.`, not a bridge cell `=`"
)]
#[case::bridge_cell_twice(
    "1 5\nX.==O\nbridge 1 on 1 3 1 4\nbridge 2 on 1 3\n",
    "4:13: (1, 3) is already a cell of bridge 1"
)]
#[case::bridge_cell_twice_in_one_bridge(
    "1 5\nX.==O\nbridge 1 on 1 3 1 3\n",
    "3:17: (1, 3) is already a cell of bridge 1"
)]
#[case::half_a_cell(
    "1 5\nX.==O\nbridge 1 on 1 3 1\nbridge 2 on 1 4\n",
    "4:1: expected the column of a cell of bridge 1 (an integer in 1..=5), found \"bridge\""
)]
#[case::unlisted_bridge_cell(
    "1 5\nX.==O\nbridge 1 on 1 3\n",
    "2:4: the `=` at (1, 4) is unused: no bridge line lists it"
)]
#[case::switch_on_floor(
    "1 4\nXo=O\nbridge 1 on 1 3\nswitch 1 1 on 1\n",
    "4:8: the switch line lists (1, 1), which is `.`, not a switch `o` or `h`"
)]
#[case::switch_twice(
    "1 4\nXo=O\nbridge 1 on 1 3\nswitch 1 2 on 1\nswitch 1 2 off 1\n",
    "5:8: a second switch line for (1, 2)"
)]
#[case::switch_without_actions(
    "1 4\nXo=O\nbridge 1 on 1 3\nswitch 1 2\n",
    "4:11: expected an action (toggle, on or off), found end of input"
)]
#[case::switch_bad_action(
    "1 4\nXo=O\nbridge 1 on 1 3\nswitch 1 2 flip 1\n",
    "4:12: expected an action (toggle, on or off), found \"flip\""
)]
#[case::switch_unknown_bridge(
    "1 4\nXo=O\nbridge 1 on 1 3\nswitch 1 2 on 1 toggle 2\n",
    "4:24: unknown bridge 2: the level has 1 bridge"
)]
#[case::bridge_zero(
    "1 4\nX.=O\nbridge 0 on 1 3\n",
    "3:8: expected bridge 1 (bridges are numbered 1, 2, ... in order), found bridge 0"
)]
#[case::switch_on_bridge_zero(
    "1 4\nXo=O\nbridge 1 on 1 3\nswitch 1 2 on 0\n",
    "4:15: unknown bridge 0: the level has 1 bridge"
)]
#[case::switch_without_bridges(
    "1 3\nXoO\nswitch 1 2 on 1\n",
    "3:15: unknown bridge 1: the level has 0 bridges"
)]
#[case::unlisted_switch(
    "1 4\nXh=O\nbridge 1 on 1 3\n",
    "2:2: the `h` at (1, 2) is unused: it has no switch line"
)]
#[case::split_on_floor(
    "1 5\nXs..O\nsplit 1 3 1 4 1 5\n",
    "3:7: the split line lists (1, 3), which is `.`, not a split switch `s`"
)]
#[case::split_twice(
    "1 5\nXs..O\nsplit 1 2 1 4 1 5\nsplit 1 2 1 3 1 5\n",
    "4:7: a second split line for (1, 2)"
)]
#[case::split_same_landing(
    "1 5\nXs..O\nsplit 1 2 1 4 1 4\n",
    "3:15: both landing cells are (1, 4): the cubes need two"
)]
#[case::split_landing_off_the_level(
    "1 5\nXs..O\nsplit 1 2 1 4 2 4\n",
    "3:15: the row of the second landing cell = 2 is out of range 1..=1"
)]
#[case::unlisted_split(
    "1 5\nXs..O\n",
    "2:2: the `s` at (1, 2) is unused: it has no split line"
)]
#[case::bridge_after_switch(
    "1 5\nXo==O\nbridge 1 on 1 3\nswitch 1 2 on 1\nbridge 2 on 1 4\n",
    "5:1: expected a line of `switch`, `split` or end of input (bridge lines come first, then switch lines, then split lines), found \"bridge\""
)]
#[case::unknown_line(
    "1 4\nX.=O\nbridge 1 on 1 3\nteleport 1 1\n",
    "4:1: expected a line of `bridge`, `switch`, `split` or end of input, found \"teleport\""
)]
fn rejected_with_place(#[case] text: &str, #[case] message: &str) {
    assert_eq!(parse(text.as_bytes()).unwrap_err().to_string(), message);
}

/// The start, a split switch and `bridges` bridge cells of one cell each in a row, and
/// a row of floor below: `2 * bridges + 6` tiles.
fn many_bridges(bridges: usize) -> String {
    let mut text = format!(
        "2 {}\nXs{}.\n..{}O\n",
        bridges + 3,
        "=".repeat(bridges),
        ".".repeat(bridges)
    );
    for b in 1..=bridges {
        text.push_str(&format!("bridge {b} on 1 {}\n", b + 2));
    }
    text.push_str(&format!("split 1 2 2 1 2 {}\n", bridges + 3));
    text
}

#[test]
fn too_many_bridges_are_refused_with_the_limit() {
    // 38 tiles: 3 * 38 + 38 * 37 / 2 = 817 states per setting, and 817 * 2^16 <= 2^26.
    // 40 tiles: 900 states per setting, and 900 * 2^17 > 2^26.
    assert!(parse(many_bridges(16).as_bytes()).is_ok());
    let error = parse(many_bridges(17).as_bytes()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "20:1: 17 bridges make 2^17 x 900 states, more than the limit of 67108864: this \
         level's tiles allow at most 16 bridges"
    );
}

#[test]
fn every_original_level_reads_and_writes_back() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/bloxorz-classic");
    for i in 1..=33 {
        let path = dir.join(format!("level{i:02}.in"));
        let text = std::fs::read_to_string(&path).unwrap();
        let level = parse(text.as_bytes()).unwrap_or_else(|e| panic!("{}:{e}", path.display()));
        let mut out = String::new();
        write_level(&mut out, &level);
        assert_eq!(out, text, "{}", path.display());
        assert!(parsers::validate::bloxorz_classic::validate(text.as_bytes()).is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// No byte string makes the reader panic.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = parse(&bytes);
    }

    /// Nor does a valid prefix followed by noise.
    #[test]
    fn mangled_levels_never_panic(cut in 0usize..SMALL.len(), noise in prop::collection::vec(any::<u8>(), 0..20)) {
        let mut bytes = SMALL.as_bytes()[..cut].to_vec();
        bytes.extend(noise);
        let _ = parse(&bytes);
        let _ = parsers::validate::bloxorz_classic::validate(&bytes);
    }

    /// Generated levels write, read back the same, and are valid.
    #[test]
    fn generated_levels_round_trip(seed in any::<u64>(), gates in any::<bool>()) {
        use bloxorz_classic::generate::{Family, GenParams, generate};
        let params = GenParams {
            family: if gates { Family::Gates } else { Family::Random },
            rows: 8,
            cols: 16,
            empty: 20,
            fragile: 10,
            bridges: 3,
            splits: 1,
            seed,
        };
        let level = generate(&params).unwrap();
        let mut text = String::new();
        write_level(&mut text, &level);
        prop_assert_eq!(parse(text.as_bytes()).unwrap(), level);
        prop_assert!(parsers::validate::bloxorz_classic::validate(text.as_bytes()).is_empty());
    }
}

/// A streamed input is read in pieces of 64 KiB and more, each step over the held bytes
/// run again when it looked past them. A level whose rows end just short of a piece's
/// end puts the boundary in its bridge and switch lines, where the reader looks ahead
/// for one more cell or action: shifted a byte at a time until the boundary has crossed
/// every one of those lines (the rows and the header take 65,286 bytes, the lines 115),
/// every boundary reads as the bytes in memory do.
#[test]
fn a_streamed_level_reads_as_the_bytes_in_memory() {
    let (rows, cols) = (254, 256);
    let mut grid: Vec<Vec<u8>> = vec![vec![b'.'; cols]; rows];
    grid[0][0] = b'X';
    grid[rows - 1][cols - 1] = b'O';
    grid[5][10..20].fill(b'=');
    grid[7][7] = b'o';
    let mut body = String::new();
    for row in &grid {
        body.push_str(std::str::from_utf8(row).unwrap());
        body.push('\n');
    }
    body.push_str("bridge 1 off 6 11 6 12 6 13 6 14 6 15\nbridge 2 on 6 16 6 17 6 18 6 19 6 20\n");
    body.push_str("switch 8 8 toggle 1 on 2 off 2 toggle 2\n");
    for pad in 120..260 {
        let text = format!("{}{rows} {cols}\n{body}", " ".repeat(pad));
        assert_eq!(text.len(), pad + 65_286 + 115);
        let bytes = text.as_bytes();
        let streamed = parsers::bloxorz_classic::read(parsers::Input::reader(bytes));
        let level = parse(bytes).unwrap();
        assert_eq!(streamed.as_ref().ok(), Some(&level), "padding {pad}");
        assert_eq!(level.bridges()[1].cells.len(), 5);
        assert_eq!(level.switches()[0].actions.len(), 4);
    }
}
