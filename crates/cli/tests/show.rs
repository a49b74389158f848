//! The outputs beyond the judge's: `--path`, `--format json`, `--show`, `--svg`,
//! `--stats`. Every path printed in any of them is replayed by the puzzle's checker.

mod common;

use common::Run;
use grid_core::Moves;
use rstest::rstest;

const BLOXORZ: &str = "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n3 7\n#######\n#X.E.O#\n#######\n0 0\n";

fn input(puzzle: &str) -> &'static str {
    match puzzle {
        "huarongdao" => common::HUARONGDAO,
        "bloxorz" => BLOXORZ,
        _ => common::HOLEDOX,
    }
}

fn gridsolve(args: &[&str], stdin: &str) -> Run {
    common::gridsolve(args, stdin.as_bytes())
}

/// Replays `path` on query or case `index` (0-based) of `puzzle`'s input; the moves.
fn replay(puzzle: &str, index: usize, path: &str) -> u64 {
    let path: Moves = path.parse().unwrap();
    let text = input(puzzle).as_bytes();
    match puzzle {
        "huarongdao" => {
            let input = parsers::huarongdao::parse(text).unwrap();
            huarongdao::replay(&input.board, &input.queries[index], &path.0).unwrap()
        }
        "bloxorz" => {
            bloxorz::replay(&parsers::bloxorz::parse(text).unwrap()[index], &path.0).unwrap()
        }
        _ => holedox::replay(&parsers::holedox::parse(text).unwrap()[index], &path.0).unwrap(),
    }
}

#[rstest]
#[case::huarongdao("huarongdao", &["2", "-1"])]
#[case::bloxorz("bloxorz", &["10", "Impossible"])]
#[case::holedox("holedox", &["Case 1: 9", "Case 2: -1"])]
fn path_adds_a_replayable_path_after_each_answer(#[case] puzzle: &str, #[case] answers: &[&str]) {
    let run = gridsolve(&["--puzzle", puzzle, "--path"], input(puzzle));
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2 * answers.len(), "{}", run.stdout);
    for (i, answer) in answers.iter().enumerate() {
        assert_eq!(lines[2 * i], *answer);
        let path = lines[2 * i + 1];
        if answer.ends_with("-1") || *answer == "Impossible" {
            assert_eq!(path, "-");
        } else {
            let moves: u64 = answer.rsplit(' ').next().unwrap().parse().unwrap();
            assert_eq!(replay(puzzle, i, path), moves);
        }
    }
}

#[rstest]
#[case::huarongdao("huarongdao", 2)]
#[case::bloxorz("bloxorz", 2)]
#[case::holedox("holedox", 2)]
fn json_lines_follow_the_documented_schema(#[case] puzzle: &str, #[case] cases: usize) {
    let run = gridsolve(&["--puzzle", puzzle, "--format", "json"], input(puzzle));
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), cases);
    for (i, line) in lines.iter().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let object = value.as_object().unwrap();
        let keys: Vec<&str> = object.keys().map(String::as_str).collect();
        assert_eq!(keys.len(), 6, "{line}");
        assert_eq!(object["puzzle"], puzzle);
        assert_eq!(object["case"], i + 1);
        assert!(object["expanded"].as_u64().is_some() && object["generated"].as_u64().is_some());
        match (&object["answer"], &object["path"]) {
            (serde_json::Value::Null, serde_json::Value::Null) => {}
            (answer, path) => {
                let path = path.as_str().unwrap();
                assert_eq!(path.len() as u64, answer.as_u64().unwrap());
                assert_eq!(replay(puzzle, i, path), answer.as_u64().unwrap());
            }
        }
    }
    // The first case of each input is solvable, the second is not.
    assert!(lines[0].contains("\"answer\":") && !lines[0].contains("\"answer\":null"));
    assert!(lines[1].contains("\"answer\":null,\"path\":null"));
}

#[test]
fn json_matches_the_documented_example_shape() {
    let run = gridsolve(&["--puzzle", "bloxorz", "--format", "json"], BLOXORZ);
    let first = run.stdout.lines().next().unwrap();
    assert!(
        first.starts_with("{\"puzzle\":\"bloxorz\",\"case\":1,\"answer\":10,\"path\":\""),
        "{first}"
    );
}

#[rstest]
#[case::huarongdao("huarongdao", 3)]
#[case::bloxorz("bloxorz", 11)]
#[case::holedox("holedox", 10)]
fn show_prints_one_frame_per_move_plus_the_start(#[case] puzzle: &str, #[case] frames: usize) {
    let run = gridsolve(&["--puzzle", puzzle, "--show"], input(puzzle));
    assert_eq!(run.status, 0);
    assert_eq!(
        run.stdout.matches("step ").count(),
        frames,
        "{}",
        run.stdout
    );
    assert_eq!(run.stdout.matches("(no solution)").count(), 1);
    assert!(
        !run.stdout.contains('\x1b'),
        "no colour when stdout is not a terminal"
    );
}

#[rstest]
#[case::huarongdao("huarongdao", "query")]
#[case::bloxorz("bloxorz", "case")]
#[case::holedox("holedox", "case")]
fn stats_go_to_stderr_per_case(#[case] puzzle: &str, #[case] unit: &str) {
    let run = gridsolve(&["--puzzle", puzzle, "--stats"], input(puzzle));
    assert_eq!(run.status, 0);
    let judge = gridsolve(&["--puzzle", puzzle], input(puzzle));
    assert_eq!(run.stdout, judge.stdout, "stdout stays the judge output");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0].starts_with(&format!("{unit} 1: expanded ")),
        "{}",
        run.stderr
    );
    assert!(
        lines[1].starts_with(&format!("{unit} 2: expanded ")),
        "{}",
        run.stderr
    );
}

#[rstest]
#[case::huarongdao("huarongdao", &["huarongdao-query-0001.svg", "huarongdao-query-0002.svg"], &[2, 0])]
#[case::bloxorz("bloxorz", &["bloxorz-case-0001.svg", "bloxorz-case-0002.svg"], &[10, 0])]
#[case::holedox("holedox", &["holedox-case-0001.svg", "holedox-case-0002.svg"], &[9, 0])]
fn svg_writes_one_well_formed_picture_per_case(
    #[case] puzzle: &str,
    #[case] files: &[&str],
    #[case] steps: &[usize],
) {
    let dir = std::env::temp_dir().join(format!("gridsolve-svg-{puzzle}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = gridsolve(
        &["--puzzle", puzzle, "--svg", dir.to_str().unwrap()],
        input(puzzle),
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let judge = gridsolve(&["--puzzle", puzzle], input(puzzle));
    assert_eq!(run.stdout, judge.stdout);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, files);
    for (file, &count) in files.iter().zip(steps) {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        let marked = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("step"))
            .count();
        assert_eq!(marked, count, "{file}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn json_conflicts_with_path_and_show() {
    for flag in ["--path", "--show"] {
        let run = gridsolve(&["--puzzle", "bloxorz", "--format", "json", flag], BLOXORZ);
        assert_eq!(run.status, 2, "{flag}");
    }
}
