//! Junk input, one case per kind and puzzle, through the binary: each is answered or
//! rejected on purpose (README, "Input tolerance"), with stdout, stderr and exit status
//! pinned. None may panic, abort or allocate what the input does not justify.

use crate::common;

use common::{BLOXORZ, BLOXORZ_CLASSIC, HOLEDOX, HUARONGDAO, gridsolve};
use rstest::rstest;

const H_OK: &str = "2\n-1\n";
const B_OK: &str = "10\n";
const D_OK: &str = "Case 1: 9\nCase 2: -1\n";
const C_OK: &str = "17\n";

/// The kinds of junk, each made from a puzzle's sample.
#[derive(Clone, Copy, Debug)]
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

fn input(puzzle: &str, junk: Junk) -> Vec<u8> {
    let sample = match puzzle {
        "huarongdao" => HUARONGDAO,
        "bloxorz" => BLOXORZ,
        "bloxorz-classic" => BLOXORZ_CLASSIC,
        _ => HOLEDOX,
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
        (Junk::HugeDimensions, "bloxorz" | "bloxorz-classic") => {
            b"1000000000 1000000000\n".to_vec()
        }
        (Junk::HugeDimensions, _) => b"1000000000 1000000000 4\n".to_vec(),
        (Junk::CountFarLarger, "huarongdao") => with_header("3 4 4000000000"),
        (Junk::CountFarLarger, "bloxorz") => b"100000 600\n#\n".to_vec(),
        (Junk::CountFarLarger, "bloxorz-classic") => b"1000 1000\n#\n".to_vec(),
        (Junk::CountFarLarger, _) => sample
            .replacen("\n3\n2 3", "\n4000000000\n2 3", 1)
            .into_bytes(),
    }
}

#[rstest]
// Tolerated on purpose: the answer, as for the clean sample.
#[case::h_bom("huarongdao", Junk::ByteOrderMark, 0, H_OK, "")]
#[case::h_crlf("huarongdao", Junk::Crlf, 0, H_OK, "")]
#[case::h_no_final_newline("huarongdao", Junk::NoFinalNewline, 0, H_OK, "")]
#[case::h_leading_zeros("huarongdao", Junk::LeadingZeros, 0, H_OK, "")]
#[case::b_bom("bloxorz", Junk::ByteOrderMark, 0, B_OK, "")]
#[case::b_crlf("bloxorz", Junk::Crlf, 0, B_OK, "")]
#[case::b_no_final_newline("bloxorz", Junk::NoFinalNewline, 0, B_OK, "")]
#[case::b_leading_zeros("bloxorz", Junk::LeadingZeros, 0, B_OK, "")]
#[case::d_bom("holedox", Junk::ByteOrderMark, 0, D_OK, "")]
#[case::d_crlf("holedox", Junk::Crlf, 0, D_OK, "")]
#[case::d_no_final_newline("holedox", Junk::NoFinalNewline, 0, D_OK, "")]
#[case::d_leading_zeros("holedox", Junk::LeadingZeros, 0, D_OK, "")]
#[case::c_bom("bloxorz-classic", Junk::ByteOrderMark, 0, C_OK, "")]
#[case::c_crlf("bloxorz-classic", Junk::Crlf, 0, C_OK, "")]
#[case::c_no_final_newline("bloxorz-classic", Junk::NoFinalNewline, 0, C_OK, "")]
#[case::c_leading_zeros("bloxorz-classic", Junk::LeadingZeros, 0, C_OK, "")]
// Rejected on purpose, naming the place.
#[case::h_empty(
    "huarongdao",
    Junk::Empty,
    1,
    "",
    "error: <stdin>:1:1: expected n (an integer in 1..=4194304), found end of input\n"
)]
#[case::h_whitespace(
    "huarongdao",
    Junk::Whitespace,
    1,
    "",
    "error: <stdin>:1:1: expected n (an integer in 1..=4194304), found end of input\n"
)]
#[case::h_random_bytes(
    "huarongdao",
    Junk::RandomBytes,
    1,
    "",
    "error: <stdin>:1:1: expected n (an integer in 1..=4194304), found \"\\x89PNG\"\n"
)]
#[case::h_nul(
    "huarongdao",
    Junk::Nul,
    1,
    "",
    "error: <stdin>:2:7: expected cell (1, 4) (an integer in 0..=1), found \"1\\0\"\n"
)]
#[case::h_trailing_garbage(
    "huarongdao",
    Junk::TrailingGarbage,
    1,
    "",
    "error: <stdin>:7:1: expected end of input, found \"xyz\"\n"
)]
#[case::h_plus_sign(
    "huarongdao",
    Junk::PlusSign,
    1,
    "",
    "error: <stdin>:1:1: expected n (an integer in 1..=4194304), found \"+3\"\n"
)]
#[case::h_past_64_bits(
    "huarongdao",
    Junk::Past64Bits,
    1,
    "",
    "error: <stdin>:1:5: q = 18446744073709551616 is out of range 0..=4294967295\n"
)]
#[case::h_negative_size(
    "huarongdao",
    Junk::NegativeSize,
    1,
    "",
    "error: <stdin>:1:1: expected n (an integer in 1..=4194304), found \"-3\"\n"
)]
#[case::h_truncated(
    "huarongdao",
    Junk::Truncated,
    1,
    "",
    "error: <stdin>:4:6: expected cell (3, 4) (an integer in 0..=1), found end of input\n"
)]
#[case::h_huge_dimensions(
    "huarongdao",
    Junk::HugeDimensions,
    1,
    "",
    "error: <stdin>:1:1: n = 1000000000 is out of range 1..=4194304\n"
)]
#[case::h_count_far_larger(
    "huarongdao",
    Junk::CountFarLarger,
    1,
    "",
    "error: <stdin>:6:12: expected EX of query 3 (an integer in 1..=3), found end of input\n"
)]
#[case::b_empty(
    "bloxorz",
    Junk::Empty,
    1,
    "",
    "error: <stdin>:1:1: expected R (an integer), or `0 0` for no cases, found end of input\n"
)]
#[case::b_whitespace(
    "bloxorz",
    Junk::Whitespace,
    1,
    "",
    "error: <stdin>:1:1: expected R (an integer), or `0 0` for no cases, found end of input\n"
)]
#[case::b_random_bytes(
    "bloxorz",
    Junk::RandomBytes,
    1,
    "",
    "error: <stdin>:1:1: expected R (an integer in 1..=67108864), found \"\\x89PNG\"\n"
)]
#[case::b_nul(
    "bloxorz",
    Junk::Nul,
    1,
    "",
    "error: <stdin>:3:1: case 1: row 2 has 3 characters, expected 7\n"
)]
#[case::b_trailing_garbage(
    "bloxorz",
    Junk::TrailingGarbage,
    1,
    "",
    "error: <stdin>:10:1: expected end of input, found \"xyz\"\n"
)]
#[case::b_plus_sign(
    "bloxorz",
    Junk::PlusSign,
    1,
    "",
    "error: <stdin>:1:1: expected R (an integer in 1..=67108864), found \"+7\"\n"
)]
#[case::b_past_64_bits(
    "bloxorz",
    Junk::Past64Bits,
    1,
    "",
    "error: <stdin>:1:3: C = 18446744073709551616 is out of range 1..=1048576\n"
)]
#[case::b_negative_size(
    "bloxorz",
    Junk::NegativeSize,
    1,
    "",
    "error: <stdin>:1:1: expected R (an integer in 1..=67108864), found \"-7\"\n"
)]
#[case::b_truncated(
    "bloxorz",
    Junk::Truncated,
    1,
    "",
    "error: <stdin>:5:1: case 1: row 4 has 4 characters, expected 7\n"
)]
#[case::b_huge_dimensions(
    "bloxorz",
    Junk::HugeDimensions,
    1,
    "",
    "error: <stdin>:1:1: R = 1000000000 is out of range 1..=67108864\n"
)]
#[case::b_count_far_larger(
    "bloxorz",
    Junk::CountFarLarger,
    1,
    "",
    "error: <stdin>:2:1: case 1: row 1 has 1 characters, expected 600\n"
)]
#[case::d_empty(
    "holedox",
    Junk::Empty,
    1,
    "",
    "error: <stdin>:1:1: expected n (an integer), or `0 0 0` for no cases, found end of input\n"
)]
#[case::d_whitespace(
    "holedox",
    Junk::Whitespace,
    1,
    "",
    "error: <stdin>:1:1: expected n (an integer), or `0 0 0` for no cases, found end of input\n"
)]
#[case::d_random_bytes(
    "holedox",
    Junk::RandomBytes,
    1,
    "",
    "error: <stdin>:1:1: expected n (an integer in 1..=64), found \"\\x89PNG\"\n"
)]
#[case::d_nul(
    "holedox",
    Junk::Nul,
    1,
    "",
    "error: <stdin>:3:3: expected column of block 2 (case 1) (an integer in 1..=6), found \"2\\0\"\n"
)]
#[case::d_trailing_garbage(
    "holedox",
    Junk::TrailingGarbage,
    1,
    "",
    "error: <stdin>:24:1: expected end of input, found \"xyz\"\n"
)]
#[case::d_plus_sign(
    "holedox",
    Junk::PlusSign,
    1,
    "",
    "error: <stdin>:1:1: expected n (an integer in 1..=64), found \"+5\"\n"
)]
#[case::d_past_64_bits(
    "holedox",
    Junk::Past64Bits,
    1,
    "",
    "error: <stdin>:1:5: L = 18446744073709551616 is out of range 2..=16\n"
)]
#[case::d_negative_size(
    "holedox",
    Junk::NegativeSize,
    1,
    "",
    "error: <stdin>:1:1: expected n (an integer in 1..=64), found \"-5\"\n"
)]
#[case::d_truncated(
    "holedox",
    Junk::Truncated,
    1,
    "",
    "error: <stdin>:11:6: expected row of block 1 (case 2) (an integer in 1..=4), found end of input\n"
)]
#[case::d_huge_dimensions(
    "holedox",
    Junk::HugeDimensions,
    1,
    "",
    "error: <stdin>:1:1: n = 1000000000 is out of range 1..=64\n"
)]
#[case::d_count_far_larger(
    "holedox",
    Junk::CountFarLarger,
    1,
    "",
    "error: <stdin>:6:1: K (stones of case 1) = 4000000000 is out of range 0..=30\n"
)]
#[case::c_empty(
    "bloxorz-classic",
    Junk::Empty,
    1,
    "",
    "error: <stdin>:1:1: expected R (an integer in 1..=1048576), found end of input\n"
)]
#[case::c_whitespace(
    "bloxorz-classic",
    Junk::Whitespace,
    1,
    "",
    "error: <stdin>:1:1: expected R (an integer in 1..=1048576), found end of input\n"
)]
#[case::c_random_bytes(
    "bloxorz-classic",
    Junk::RandomBytes,
    1,
    "",
    "error: <stdin>:1:1: expected R (an integer in 1..=1048576), found \"\\x89PNG\"\n"
)]
#[case::c_nul(
    "bloxorz-classic",
    Junk::Nul,
    1,
    "",
    "error: <stdin>:2:1: row 1 has 10 characters, expected 15\n"
)]
#[case::c_trailing_garbage(
    "bloxorz-classic",
    Junk::TrailingGarbage,
    1,
    "",
    "error: <stdin>:12:1: expected a line of `switch`, `split` or end of input, found \"xyz\"\n"
)]
#[case::c_plus_sign(
    "bloxorz-classic",
    Junk::PlusSign,
    1,
    "",
    "error: <stdin>:1:1: expected R (an integer in 1..=1048576), found \"+6\"\n"
)]
#[case::c_past_64_bits(
    "bloxorz-classic",
    Junk::Past64Bits,
    1,
    "",
    "error: <stdin>:1:3: C = 18446744073709551616 is out of range 1..=1048576\n"
)]
#[case::c_negative_size(
    "bloxorz-classic",
    Junk::NegativeSize,
    1,
    "",
    "error: <stdin>:1:1: expected R (an integer in 1..=1048576), found \"-6\"\n"
)]
#[case::c_truncated(
    "bloxorz-classic",
    Junk::Truncated,
    1,
    "",
    "error: <stdin>:7:1: row 6 has 7 characters, expected 15\n"
)]
#[case::c_huge_dimensions(
    "bloxorz-classic",
    Junk::HugeDimensions,
    1,
    "",
    "error: <stdin>:1:1: R = 1000000000 is out of range 1..=1048576\n"
)]
#[case::c_count_far_larger(
    "bloxorz-classic",
    Junk::CountFarLarger,
    1,
    "",
    "error: <stdin>:2:1: row 1 has 1 characters, expected 1000\n"
)]
fn junk_is_answered_or_rejected_on_purpose(
    #[case] puzzle: &str,
    #[case] junk: Junk,
    #[case] status: i32,
    #[case] stdout: &str,
    #[case] stderr: &str,
) {
    let run = gridsolve(&["--puzzle", puzzle], &input(puzzle, junk));
    assert_eq!(
        (run.status, run.stdout.as_str(), run.stderr.as_str()),
        (status, stdout, stderr),
        "{junk:?}"
    );
}
