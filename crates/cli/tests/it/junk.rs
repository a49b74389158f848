//! Junk input, one case per kind and puzzle of the registry, through the binary: each is
//! answered or rejected on purpose (README, "Input tolerance"), with stdout, stderr and
//! exit status pinned in [`PINNED`]. None may panic, abort or allocate what the input
//! does not justify. A registered puzzle without a pinned result for every kind fails
//! [`every_puzzle_pins_every_kind_of_junk`].

use crate::common;

use common::{BLOXORZ_CLASSIC, gridsolve};
use puzzles::PUZZLES;

const H_OK: &str = "2\n-1\n";
const B_OK: &str = "10\n";
const D_OK: &str = "Case 1: 9\nCase 2: -1\n";
const C_OK: &str = "17\n";
const K_OK: &str = "81\n";

/// The kinds of junk, each made from a puzzle's sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Junk {
    Empty,
    Whitespace,
    RandomBytes,
    Nul,
    ByteOrderMark,
    Crlf,
    NoFinalNewline,
    TrailingGarbage,
    LeadingZeros,
    PlusSign,
    Past64Bits,
    NegativeSize,
    Truncated,
    HugeDimensions,
    CountFarLarger,
}

impl Junk {
    const ALL: [Junk; 15] = [
        Junk::Empty,
        Junk::Whitespace,
        Junk::RandomBytes,
        Junk::Nul,
        Junk::ByteOrderMark,
        Junk::Crlf,
        Junk::NoFinalNewline,
        Junk::TrailingGarbage,
        Junk::LeadingZeros,
        Junk::PlusSign,
        Junk::Past64Bits,
        Junk::NegativeSize,
        Junk::Truncated,
        Junk::HugeDimensions,
        Junk::CountFarLarger,
    ];
}

/// The input of kind `junk` for `puzzle`, made from its sample (Bloxorz classic: level
/// 2, whose bridge and switch lines give the junk more to break).
fn input(puzzle: &str, junk: Junk) -> Vec<u8> {
    let sample = match puzzle {
        "bloxorz-classic" => BLOXORZ_CLASSIC,
        name => {
            puzzles::find(name)
                .expect("a registered puzzle")
                .about()
                .sample
        }
    };
    let header = sample.lines().next().unwrap();
    let with_header = |new: &str| sample.replacen(header, new, 1).into_bytes();
    match (junk, puzzle) {
        (Junk::Empty, _) => Vec::new(),
        (Junk::Whitespace, _) => b" \n\t\n  \n".to_vec(),
        (Junk::RandomBytes, _) => b"\x89PNG\r\n\x1a\n\0\0".to_vec(),
        (Junk::Nul, _) => {
            let mut bytes = sample.as_bytes()[..14].to_vec();
            bytes.insert(13, 0);
            bytes
        }
        (Junk::ByteOrderMark, _) => [b"\xEF\xBB\xBF", sample.as_bytes()].concat(),
        (Junk::Crlf, _) => sample.replace('\n', "\r\n").into_bytes(),
        (Junk::NoFinalNewline, _) => sample.trim_end().as_bytes().to_vec(),
        (Junk::TrailingGarbage, _) => format!("{sample}xyz\n").into_bytes(),
        (Junk::LeadingZeros, _) => with_header(
            &header
                .split(' ')
                .map(|t| format!("00{t}"))
                .collect::<Vec<_>>()
                .join(" "),
        ),
        (Junk::PlusSign, _) => with_header(&format!("+{header}")),
        (Junk::Past64Bits, "bloxorz") => b"7 18446744073709551616\n".to_vec(),
        (Junk::Past64Bits, _) => with_header(&header.replacen(
            header.rsplit(' ').next().unwrap(),
            "18446744073709551616",
            1,
        )),
        (Junk::NegativeSize, _) => with_header(&format!("-{header}")),
        (Junk::Truncated, _) => sample.as_bytes()[..sample.len() / 2].to_vec(),
        (Junk::HugeDimensions, "bloxorz" | "bloxorz-classic" | "klotski") => {
            b"1000000000 1000000000\n".to_vec()
        }
        (Junk::HugeDimensions, _) => b"1000000000 1000000000 4\n".to_vec(),
        (Junk::CountFarLarger, "huarongdao") => with_header("3 4 4000000000"),
        (Junk::CountFarLarger, "bloxorz") => b"100000 600\n#\n".to_vec(),
        (Junk::CountFarLarger, "bloxorz-classic") => b"1000 1000\n#\n".to_vec(),
        (Junk::CountFarLarger, "klotski") => b"8 8\nA\n".to_vec(),
        // No count to claim more: a board far past the cell limit, and a line of far
        // more cells than a case has.
        (Junk::CountFarLarger, "fifteen") => b"64 64\n1\n".to_vec(),
        (Junk::CountFarLarger, "eight") => {
            let line = "2 3 4 1 5 x 7 6 8 ".repeat(10_000);
            format!("1 2 3 4 5 6 7 8 x\n{line}\n").into_bytes()
        }
        (Junk::CountFarLarger, _) => sample
            .replacen("\n3\n2 3", "\n4000000000\n2 3", 1)
            .into_bytes(),
    }
}

/// What each puzzle does with each kind of junk: (puzzle, kind, exit status, stdout,
/// stderr). Tolerated on purpose (a byte-order mark, `\\r\\n`, no final newline,
/// leading zeros): the answer, as for the clean sample; rejected on purpose: exit
/// status 1 and the place.
const PINNED: &[(&str, Junk, i32, &str, &str)] = &[
    ("huarongdao", Junk::ByteOrderMark, 0, H_OK, ""),
    ("huarongdao", Junk::Crlf, 0, H_OK, ""),
    ("huarongdao", Junk::NoFinalNewline, 0, H_OK, ""),
    ("huarongdao", Junk::LeadingZeros, 0, H_OK, ""),
    ("bloxorz", Junk::ByteOrderMark, 0, B_OK, ""),
    ("bloxorz", Junk::Crlf, 0, B_OK, ""),
    ("bloxorz", Junk::NoFinalNewline, 0, B_OK, ""),
    ("bloxorz", Junk::LeadingZeros, 0, B_OK, ""),
    ("holedox", Junk::ByteOrderMark, 0, D_OK, ""),
    ("holedox", Junk::Crlf, 0, D_OK, ""),
    ("holedox", Junk::NoFinalNewline, 0, D_OK, ""),
    ("holedox", Junk::LeadingZeros, 0, D_OK, ""),
    ("bloxorz-classic", Junk::ByteOrderMark, 0, C_OK, ""),
    ("bloxorz-classic", Junk::Crlf, 0, C_OK, ""),
    ("bloxorz-classic", Junk::NoFinalNewline, 0, C_OK, ""),
    ("bloxorz-classic", Junk::LeadingZeros, 0, C_OK, ""),
    (
        "huarongdao",
        Junk::Empty,
        1,
        "",
        "error: <stdin>:1:1: expected n (an integer in 1..=4194304), found end of input\n",
    ),
    (
        "huarongdao",
        Junk::Whitespace,
        1,
        "",
        "error: <stdin>:1:1: expected n (an integer in 1..=4194304), found end of input\n",
    ),
    (
        "huarongdao",
        Junk::RandomBytes,
        1,
        "",
        "error: <stdin>:1:1: expected n (an integer in 1..=4194304), found \"\\x89PNG\"\n",
    ),
    (
        "huarongdao",
        Junk::Nul,
        1,
        "",
        "error: <stdin>:2:7: expected cell (1, 4) (an integer in 0..=1), found \"1\\0\"\n",
    ),
    (
        "huarongdao",
        Junk::TrailingGarbage,
        1,
        "",
        "error: <stdin>:7:1: expected end of input, found \"xyz\"\n",
    ),
    (
        "huarongdao",
        Junk::PlusSign,
        1,
        "",
        "error: <stdin>:1:1: expected n (an integer in 1..=4194304), found \"+3\"\n",
    ),
    (
        "huarongdao",
        Junk::Past64Bits,
        1,
        "",
        "error: <stdin>:1:5: q = 18446744073709551616 is out of range 0..=4294967295\n",
    ),
    (
        "huarongdao",
        Junk::NegativeSize,
        1,
        "",
        "error: <stdin>:1:1: expected n (an integer in 1..=4194304), found \"-3\"\n",
    ),
    (
        "huarongdao",
        Junk::Truncated,
        1,
        "",
        "error: <stdin>:4:6: expected cell (3, 4) (an integer in 0..=1), found end of input\n",
    ),
    (
        "huarongdao",
        Junk::HugeDimensions,
        1,
        "",
        "error: <stdin>:1:1: n = 1000000000 is out of range 1..=4194304\n",
    ),
    (
        "huarongdao",
        Junk::CountFarLarger,
        1,
        "",
        "error: <stdin>:6:12: expected EX of query 3 (an integer in 1..=3), found end of input\n",
    ),
    (
        "bloxorz",
        Junk::Empty,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer), or `0 0` for no cases, found end of input\n",
    ),
    (
        "bloxorz",
        Junk::Whitespace,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer), or `0 0` for no cases, found end of input\n",
    ),
    (
        "bloxorz",
        Junk::RandomBytes,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=67108864), found \"\\x89PNG\"\n",
    ),
    (
        "bloxorz",
        Junk::Nul,
        1,
        "",
        "error: <stdin>:3:1: case 1: row 2 has 3 characters, expected 7\n",
    ),
    (
        "bloxorz",
        Junk::TrailingGarbage,
        1,
        "",
        "error: <stdin>:10:1: expected end of input, found \"xyz\"\n",
    ),
    (
        "bloxorz",
        Junk::PlusSign,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=67108864), found \"+7\"\n",
    ),
    (
        "bloxorz",
        Junk::Past64Bits,
        1,
        "",
        "error: <stdin>:1:3: C = 18446744073709551616 is out of range 1..=1048576\n",
    ),
    (
        "bloxorz",
        Junk::NegativeSize,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=67108864), found \"-7\"\n",
    ),
    (
        "bloxorz",
        Junk::Truncated,
        1,
        "",
        "error: <stdin>:5:1: case 1: row 4 has 4 characters, expected 7\n",
    ),
    (
        "bloxorz",
        Junk::HugeDimensions,
        1,
        "",
        "error: <stdin>:1:1: R = 1000000000 is out of range 1..=67108864\n",
    ),
    (
        "bloxorz",
        Junk::CountFarLarger,
        1,
        "",
        "error: <stdin>:2:1: case 1: row 1 has 1 character, expected 600\n",
    ),
    (
        "holedox",
        Junk::Empty,
        1,
        "",
        "error: <stdin>:1:1: expected n (an integer), or `0 0 0` for no cases, found end of input\n",
    ),
    (
        "holedox",
        Junk::Whitespace,
        1,
        "",
        "error: <stdin>:1:1: expected n (an integer), or `0 0 0` for no cases, found end of input\n",
    ),
    (
        "holedox",
        Junk::RandomBytes,
        1,
        "",
        "error: <stdin>:1:1: expected n (an integer in 1..=64), found \"\\x89PNG\"\n",
    ),
    (
        "holedox",
        Junk::Nul,
        1,
        "",
        "error: <stdin>:3:3: expected column of block 2 (case 1) (an integer in 1..=6), found \"2\\0\"\n",
    ),
    (
        "holedox",
        Junk::TrailingGarbage,
        1,
        "",
        "error: <stdin>:24:1: expected end of input, found \"xyz\"\n",
    ),
    (
        "holedox",
        Junk::PlusSign,
        1,
        "",
        "error: <stdin>:1:1: expected n (an integer in 1..=64), found \"+5\"\n",
    ),
    (
        "holedox",
        Junk::Past64Bits,
        1,
        "",
        "error: <stdin>:1:5: L = 18446744073709551616 is out of range 2..=16\n",
    ),
    (
        "holedox",
        Junk::NegativeSize,
        1,
        "",
        "error: <stdin>:1:1: expected n (an integer in 1..=64), found \"-5\"\n",
    ),
    (
        "holedox",
        Junk::Truncated,
        1,
        "",
        "error: <stdin>:11:6: expected row of block 1 (case 2) (an integer in 1..=4), found end of input\n",
    ),
    (
        "holedox",
        Junk::HugeDimensions,
        1,
        "",
        "error: <stdin>:1:1: n = 1000000000 is out of range 1..=64\n",
    ),
    (
        "holedox",
        Junk::CountFarLarger,
        1,
        "",
        "error: <stdin>:6:1: K (stones of case 1) = 4000000000 is out of range 0..=30\n",
    ),
    (
        "bloxorz-classic",
        Junk::Empty,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=1048576), found end of input\n",
    ),
    (
        "bloxorz-classic",
        Junk::Whitespace,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=1048576), found end of input\n",
    ),
    (
        "bloxorz-classic",
        Junk::RandomBytes,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=1048576), found \"\\x89PNG\"\n",
    ),
    (
        "bloxorz-classic",
        Junk::Nul,
        1,
        "",
        "error: <stdin>:2:1: row 1 has 10 characters, expected 15\n",
    ),
    (
        "bloxorz-classic",
        Junk::TrailingGarbage,
        1,
        "",
        "error: <stdin>:12:1: expected a line of `switch`, `split` or end of input, found \"xyz\"\n",
    ),
    (
        "bloxorz-classic",
        Junk::PlusSign,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=1048576), found \"+6\"\n",
    ),
    (
        "bloxorz-classic",
        Junk::Past64Bits,
        1,
        "",
        "error: <stdin>:1:3: C = 18446744073709551616 is out of range 1..=1048576\n",
    ),
    (
        "bloxorz-classic",
        Junk::NegativeSize,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=1048576), found \"-6\"\n",
    ),
    (
        "bloxorz-classic",
        Junk::Truncated,
        1,
        "",
        "error: <stdin>:7:1: row 6 has 7 characters, expected 15\n",
    ),
    (
        "bloxorz-classic",
        Junk::HugeDimensions,
        1,
        "",
        "error: <stdin>:1:1: R = 1000000000 is out of range 1..=1048576\n",
    ),
    (
        "bloxorz-classic",
        Junk::CountFarLarger,
        1,
        "",
        "error: <stdin>:2:1: row 1 has 1 character, expected 1000\n",
    ),
    (
        "klotski",
        Junk::Empty,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=64), found end of input\n",
    ),
    (
        "klotski",
        Junk::Whitespace,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=64), found end of input\n",
    ),
    (
        "klotski",
        Junk::RandomBytes,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=64), found \"\\x89PNG\"\n",
    ),
    (
        "klotski",
        Junk::Nul,
        1,
        "",
        "error: <stdin>:3:5: expected `.` or labels A-Z a-z 0-9, found \"\\0\"\n",
    ),
    ("klotski", Junk::ByteOrderMark, 0, K_OK, ""),
    ("klotski", Junk::Crlf, 0, K_OK, ""),
    ("klotski", Junk::NoFinalNewline, 0, K_OK, ""),
    (
        "klotski",
        Junk::TrailingGarbage,
        1,
        "",
        "error: <stdin>:8:1: expected end of input, found \"xyz\"\n",
    ),
    ("klotski", Junk::LeadingZeros, 0, K_OK, ""),
    (
        "klotski",
        Junk::PlusSign,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=64), found \"+5\"\n",
    ),
    (
        "klotski",
        Junk::Past64Bits,
        1,
        "",
        "error: <stdin>:1:3: C = 18446744073709551616 is out of range 1..=64\n",
    ),
    (
        "klotski",
        Junk::NegativeSize,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=64), found \"-5\"\n",
    ),
    (
        "klotski",
        Junk::Truncated,
        1,
        "",
        "error: <stdin>:5:1: row 4 has 1 character, expected 4\n",
    ),
    (
        "klotski",
        Junk::HugeDimensions,
        1,
        "",
        "error: <stdin>:1:1: R = 1000000000 is out of range 1..=64\n",
    ),
    (
        "klotski",
        Junk::CountFarLarger,
        1,
        "",
        "error: <stdin>:2:1: row 1 has 1 character, expected 8\n",
    ),
    (
        "eight",
        Junk::Empty,
        1,
        "",
        "error: <stdin>:1:1: expected a case (9 cells of 1-8 and x on a line), found end of input\n",
    ),
    (
        "eight",
        Junk::Whitespace,
        1,
        "",
        "error: <stdin>:1:1: expected a case (9 cells of 1-8 and x on a line), found end of input\n",
    ),
    (
        "eight",
        Junk::RandomBytes,
        1,
        "",
        "error: <stdin>:1:1: expected cell 1 of case 1 (a cell (1-8 or x)), found \"\\x89PNG\"\n",
    ),
    (
        "eight",
        Junk::Nul,
        1,
        "",
        "error: <stdin>:1:13: expected cell 7 of case 1 (a cell (1-8 or x)), found \"7\\0\"\n",
    ),
    ("eight", Junk::ByteOrderMark, 0, "dlurullddrurdllurdr\n", ""),
    ("eight", Junk::Crlf, 0, "dlurullddrurdllurdr\n", ""),
    (
        "eight",
        Junk::NoFinalNewline,
        0,
        "dlurullddrurdllurdr\n",
        "",
    ),
    (
        "eight",
        Junk::TrailingGarbage,
        1,
        "",
        "error: <stdin>:2:1: expected cell 1 of case 2 (a cell (1-8 or x)), found \"xyz\"\n",
    ),
    (
        "eight",
        Junk::LeadingZeros,
        1,
        "",
        "error: <stdin>:1:1: expected cell 1 of case 1 (a cell (1-8 or x)), found \"002\"\n",
    ),
    (
        "eight",
        Junk::PlusSign,
        1,
        "",
        "error: <stdin>:1:1: expected cell 1 of case 1 (a cell (1-8 or x)), found \"+2\"\n",
    ),
    (
        "eight",
        Junk::Past64Bits,
        1,
        "",
        "error: <stdin>:1:17: expected cell 9 of case 1 (a cell (1-8 or x)), found \"18446744073709551616\"\n",
    ),
    (
        "eight",
        Junk::NegativeSize,
        1,
        "",
        "error: <stdin>:1:1: expected cell 1 of case 1 (a cell (1-8 or x)), found \"-2\"\n",
    ),
    (
        "eight",
        Junk::Truncated,
        1,
        "",
        "error: <stdin>:1:10: expected cell 6 of case 1 (a cell (1-8 or x)), found end of line\n",
    ),
    (
        "eight",
        Junk::HugeDimensions,
        1,
        "",
        "error: <stdin>:1:1: expected cell 1 of case 1 (a cell (1-8 or x)), found \"1000000000\"\n",
    ),
    (
        "eight",
        Junk::CountFarLarger,
        1,
        "",
        "error: <stdin>:2:19: expected the end of case 2 after 9 cells, found \"2\"\n",
    ),
    (
        "fifteen",
        Junk::Empty,
        1,
        "",
        "error: <stdin>:1:1: expected R (the rows of a board), found end of input\n",
    ),
    (
        "fifteen",
        Junk::Whitespace,
        1,
        "",
        "error: <stdin>:1:1: expected R (the rows of a board), found end of input\n",
    ),
    (
        "fifteen",
        Junk::RandomBytes,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=64), found \"\\x89PNG\"\n",
    ),
    (
        "fifteen",
        Junk::Nul,
        1,
        "",
        "error: <stdin>:3:3: expected cell (2, 2) of the start (case 1) (an integer in 0..=8), found \"5\\0\"\n",
    ),
    ("fifteen", Junk::ByteOrderMark, 0, "19\n-1\n", ""),
    ("fifteen", Junk::Crlf, 0, "19\n-1\n", ""),
    ("fifteen", Junk::NoFinalNewline, 0, "19\n-1\n", ""),
    (
        "fifteen",
        Junk::TrailingGarbage,
        1,
        "",
        "error: <stdin>:10:1: expected R (an integer in 1..=64), found \"xyz\"\n",
    ),
    ("fifteen", Junk::LeadingZeros, 0, "19\n-1\n", ""),
    (
        "fifteen",
        Junk::PlusSign,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=64), found \"+3\"\n",
    ),
    (
        "fifteen",
        Junk::Past64Bits,
        1,
        "",
        "error: <stdin>:1:1: R = 18446744073709551616 is out of range 1..=64\n",
    ),
    (
        "fifteen",
        Junk::NegativeSize,
        1,
        "",
        "error: <stdin>:1:1: expected R (an integer in 1..=64), found \"-3\"\n",
    ),
    (
        "fifteen",
        Junk::Truncated,
        1,
        "",
        "error: <stdin>:6:6: expected cell (1, 4) of the start (case 2) (an integer in 0..=15), found end of input\n",
    ),
    (
        "fifteen",
        Junk::HugeDimensions,
        1,
        "",
        "error: <stdin>:1:1: R = 1000000000 is out of range 1..=64\n",
    ),
    (
        "fifteen",
        Junk::CountFarLarger,
        1,
        "",
        "error: <stdin>:1:1: a 64 x 64 board is larger than the 64 cells this solver handles\n",
    ),
];

#[test]
fn every_puzzle_pins_every_kind_of_junk() {
    for puzzle in PUZZLES {
        let name = puzzle.about().name;
        for junk in Junk::ALL {
            let pinned = PINNED
                .iter()
                .filter(|(p, j, ..)| *p == name && *j == junk)
                .count();
            assert_eq!(pinned, 1, "{name}: pin what {junk:?} does, once, in PINNED");
        }
    }
    for (name, ..) in PINNED {
        assert!(puzzles::find(name).is_some(), "{name} is not registered");
    }
}

#[test]
fn junk_is_answered_or_rejected_on_purpose() {
    let mut wrong = Vec::new();
    for &(puzzle, junk, status, stdout, stderr) in PINNED {
        let run = gridsolve(&["--puzzle", puzzle], &input(puzzle, junk));
        let found = (run.status, run.stdout.as_str(), run.stderr.as_str());
        if found != (status, stdout, stderr) {
            wrong.push(format!(
                "{puzzle} {junk:?}: expected {:?}, found {found:?}",
                (status, stdout, stderr)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
