//! The five original game levels (fixtures/bloxorz/original-level*.in, converted by
//! ../shared/corpus/bloxorz-original) must give their published, machine-proven optimal
//! move counts. These numbers are written here, not regenerated, so `cargo xtask regen`
//! cannot silently change what counts as right.

use rstest::rstest;

#[rstest]
#[case("original-level01", 7)]
#[case("original-level03", 19)]
#[case("original-level04", 28)]
#[case("original-level06", 35)]
#[case("original-level13", 46)]
fn original_levels_have_their_proven_optimum(#[case] name: &str, #[case] moves: u64) {
    let path = format!(
        "{}/../../fixtures/bloxorz/{name}.in",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read(&path).unwrap();
    let boards = parsers::bloxorz::parse(&text).unwrap();
    assert_eq!(boards.len(), 1);
    let solution = bloxorz::Solver::new()
        .solve_with_path(&boards[0])
        .unwrap()
        .expect("solvable");
    assert_eq!(solution.moves(), moves);
    assert_eq!(bloxorz::replay(&boards[0], &solution.path), Ok(moves));
}
