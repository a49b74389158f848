//! `gridsolve atlas`: a query prints what solving prints, a layout outside the atlas
//! is an error naming it (exit 1), a foreign, truncated or damaged atlas file is
//! refused (exit 1), and a puzzle without an atlas is bad usage (exit 2).
//!
//! The atlas these tests ask is a small board's (4 x 3, built in a moment by the
//! Klotski solver crate, reached through its adapter, and written in the same
//! format `gridsolve atlas --out` writes): the query reads whatever board its file holds. The classic board's atlas, whose build
//! takes a minute, is checked by the ignored tests of `gridsolve-klotski`, and this
//! command's build of it by the ignored test at the end (both run by `.ci/run`).

use crate::common::{Scratch, gridsolve};
use puzzles::SplitMix64;
use puzzles::klotski::solver::atlas::{Atlas, AtlasBoard, classic_hardest};
use puzzles::klotski::solver::{Layout, Pos};

/// Builds the atlas of the 4 x 3 board (the 2x2 solved at row 3, column 2) into a
/// scratch directory as `klotski.atlas`.
fn small_atlas(name: &str) -> (Scratch, Atlas) {
    let scratch = Scratch::new(name);
    let board = AtlasBoard {
        rows: 4,
        cols: 3,
        goal: Pos::new(2, 1),
    };
    let atlas = Atlas::build(board, 2, &Default::default()).unwrap();
    let mut bytes = Vec::new();
    atlas.write(&mut bytes).unwrap();
    std::fs::write(scratch.join("klotski.atlas"), bytes).unwrap();
    (scratch, atlas)
}

/// The layout of `rank` as a layout file.
fn layout_text(atlas: &Atlas, rank: u32) -> String {
    text_of(&atlas.layout(rank))
}

/// `layout` as a layout file.
fn text_of(layout: &Layout) -> String {
    let mut text = format!("{} {}\n", layout.rows(), layout.cols());
    for r in 0..layout.rows() {
        text.push_str(layout.board().row(r));
        text.push('\n');
    }
    let goal = layout.goal();
    text.push_str(&format!(
        "goal {} {} {}\n",
        goal.label,
        goal.pos.row + 1,
        goal.pos.col + 1
    ));
    text
}

#[test]
fn a_query_prints_what_solving_prints_and_json_adds_the_group() {
    let (scratch, atlas) = small_atlas("atlas-query");
    let dir = scratch.path().to_str().unwrap().to_string();
    let mut rng = SplitMix64::new(43);
    let mut files = Vec::new();
    let mut ranks = Vec::new();
    for n in 0..40 {
        let rank = rng.below(atlas.len() as u64) as u32;
        let file = scratch.join(format!("{n}.in"));
        std::fs::write(&file, layout_text(&atlas, rank)).unwrap();
        files.push(file.to_str().unwrap().to_string());
        ranks.push(rank);
    }
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    let mut args = vec!["atlas", "-p", "klotski", "--query", &dir];
    args.extend(&names);
    let asked = gridsolve(&args, b"");
    assert_eq!(asked.status, 0, "{}", asked.stderr);
    let mut solve = vec!["-p", "klotski"];
    solve.extend(&names);
    let solved = gridsolve(&solve, b"");
    assert_eq!(solved.status, 0, "{}", solved.stderr);
    assert_eq!(asked.stdout, solved.stdout);
    let lines: Vec<&str> = asked.stdout.lines().collect();
    assert_eq!(lines.len(), 40);
    // Both kinds of answer are asked.
    assert!(lines.contains(&"-1"), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.parse::<u32>().is_ok_and(|n| n >= 3)),
        "{lines:?}"
    );

    // One file from stdin, the same line.
    let one = gridsolve(
        &["atlas", "-p", "klotski", "--query", &dir],
        layout_text(&atlas, ranks[0]).as_bytes(),
    );
    assert_eq!(one.stdout, format!("{}\n", lines[0]));

    args.splice(1..1, ["--format", "json"]);
    let json = gridsolve(&args, b"");
    assert_eq!(json.status, 0, "{}", json.stderr);
    for (n, (line, &rank)) in json.stdout.lines().zip(&ranks).enumerate() {
        let entry = atlas.entry_at(rank);
        let answer = entry.distance.map_or("null".to_string(), |d| d.to_string());
        assert_eq!(
            line,
            format!(
                "{{\"puzzle\":\"klotski\",\"case\":1,\"file\":{},\"answer\":{answer},\"group\":{},\"group_size\":{}}}",
                n + 1,
                entry.group,
                entry.group_size
            )
        );
    }
}

#[test]
fn a_layout_outside_the_atlas_is_named_and_prints_nothing() {
    let (scratch, atlas) = small_atlas("atlas-outside");
    let dir = scratch.path().to_str().unwrap();
    let good = scratch.join("good.in");
    std::fs::write(&good, layout_text(&atlas, 0)).unwrap();
    // The classic board: another size.
    let classic = scratch.join("classic.in");
    std::fs::write(&classic, "5 4\nABBC\nABBC\nDEEF\nDGHF\nI..J\ngoal B 4 2\n").unwrap();
    // An L-shaped piece.
    let bent = scratch.join("bent.in");
    std::fs::write(&bent, "4 3\nAAB\nAAB\nCBB\nD..\ngoal A 3 2\n").unwrap();
    for (file, says) in [(&classic, "5 x 4"), (&bent, "piece B")] {
        let run = gridsolve(
            &[
                "atlas",
                "-p",
                "klotski",
                "--query",
                dir,
                good.to_str().unwrap(),
                file.to_str().unwrap(),
            ],
            b"",
        );
        assert_eq!(run.status, 1, "{}", run.stderr);
        assert_eq!(run.stdout, "");
        assert!(
            run.stderr.contains(file.to_str().unwrap()),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains(says), "{}", run.stderr);
        assert!(
            run.stderr.contains("not a layout of the atlas"),
            "{}",
            run.stderr
        );
    }
    // An invalid layout file is the usual input error.
    let run = gridsolve(&["atlas", "-p", "klotski", "--query", dir], b"5 4\nAB\n");
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert!(run.stderr.contains("<stdin>"), "{}", run.stderr);
}

#[test]
fn a_foreign_truncated_or_damaged_atlas_is_refused() {
    let (scratch, atlas) = small_atlas("atlas-refused");
    let dir = scratch.path().to_str().unwrap();
    let path = scratch.join("klotski.atlas");
    let whole = std::fs::read(&path).unwrap();
    let layout = layout_text(&atlas, 7);
    let ask = || {
        gridsolve(
            &["atlas", "-p", "klotski", "--query", dir],
            layout.as_bytes(),
        )
    };
    assert_eq!(ask().status, 0);

    let cases: [(Vec<u8>, &str); 4] = [
        (whole[..whole.len() - 3].to_vec(), "truncated"),
        (whole[..10].to_vec(), "truncated"),
        (
            b"5 4\nABBC\nABBC\nDEEF\nDGHF\nI..J\ngoal B 4 2\n".repeat(4),
            "not start",
        ),
        (
            {
                let mut damaged = whole.clone();
                let last = damaged.len() - 1;
                damaged[last] ^= 0x40;
                damaged
            },
            "checksum",
        ),
    ];
    for (bytes, says) in cases {
        std::fs::write(&path, &bytes).unwrap();
        let run = ask();
        assert_eq!(run.status, 1, "{says}: {}", run.stderr);
        assert_eq!(run.stdout, "");
        assert!(
            run.stderr.contains("not a usable atlas file"),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains(says), "{says}: {}", run.stderr);
        assert!(run.stderr.contains("klotski.atlas"), "{}", run.stderr);
    }
    // No atlas at all: an I/O failure that says how to build one.
    std::fs::remove_file(&path).unwrap();
    let run = ask();
    assert_eq!(run.status, 3, "{}", run.stderr);
    assert!(
        run.stderr.contains("gridsolve atlas -p klotski --out"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_puzzle_without_an_atlas_is_bad_usage() {
    let scratch = Scratch::new("atlas-none");
    let dir = scratch.path().to_str().unwrap();
    for puzzle in puzzles::PUZZLES {
        if puzzle.has(puzzles::Capability::Atlas) {
            continue;
        }
        let name = puzzle.about().name;
        let run = gridsolve(&["atlas", "-p", name, "--out", dir], b"");
        assert_eq!(run.status, 2, "{name}: {}", run.stderr);
        assert!(run.stderr.contains("has no atlas"), "{}", run.stderr);
    }
    // Nothing was written.
    assert_eq!(std::fs::read_dir(scratch.path()).unwrap().count(), 0);
}

#[test]
fn the_hardest_layouts_are_listed_farthest_first() {
    let (scratch, atlas) = small_atlas("atlas-hardest");
    let dir = scratch.path().to_str().unwrap();
    let run = gridsolve(
        &["atlas", "-p", "klotski", "--query", dir, "--hardest", "3"],
        b"",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let (far, _) = atlas.farthest();
    assert!(
        run.stdout.starts_with(&format!("{far} moves:\n4 3\n")),
        "{}",
        run.stdout
    );
    assert_eq!(run.stdout.matches(" moves:\n").count(), 3, "{}", run.stdout);
}

/// `gen --family hardest` draws one of the classic board's hardest layouts that the
/// solver crate keeps, by the seed, with no atlas at hand: solving what it writes gives
/// the distance the list records; another board, shapes, metric or a number of empty
/// cells none of them has is bad usage (exit 2). (That the list is the atlas's, the
/// ignored tests check against the whole atlas.)
#[test]
fn gen_draws_the_classic_boards_hardest_layouts_by_seed() {
    let listed = classic_hardest();
    let mut drawn = std::collections::BTreeSet::new();
    for (seed, spaces) in (1..=9).zip([2, 2, 2, 2, 2, 3, 3, 3, 4]) {
        let (seed, spaces) = (seed.to_string(), spaces.to_string());
        let args = [
            "gen", "-p", "klotski", "--family", "hardest", "--seed", &seed, "--spaces", &spaces,
        ];
        let run = gridsolve(&args, b"");
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert_eq!(gridsolve(&args, b"").stdout, run.stdout, "seed {seed}");
        let (moves, _) = listed
            .iter()
            .find(|(_, layout)| text_of(layout) == run.stdout)
            .unwrap_or_else(|| panic!("not a kept layout:\n{}", run.stdout));
        let solved = gridsolve(&["-p", "klotski"], run.stdout.as_bytes());
        assert_eq!(solved.status, 0, "{}", solved.stderr);
        assert_eq!(solved.stdout, format!("{moves}\n"), "{}", run.stdout);
        let empty = run.stdout.lines().skip(1).take(5).flat_map(str::chars);
        assert_eq!(empty.filter(|&c| c == '.').count().to_string(), spaces);
        drawn.insert(run.stdout);
    }
    assert!(drawn.len() >= 5, "{drawn:?}");
    // The default is two empty cells.
    let plain = gridsolve(&["gen", "-p", "klotski", "--family", "hardest"], b"");
    assert_eq!(plain.status, 0, "{}", plain.stderr);
    assert!(listed.iter().any(|(_, l)| text_of(l) == plain.stdout));
    for (options, why) in [
        (&["--rows", "6"][..], "found a 6 x 4 board"),
        (
            &["--shapes", "mixed", "--metric", "step"][..],
            "found the mixed shapes, the step metric",
        ),
        (
            &["--spaces", "5"][..],
            "none of the classic board's hardest layouts has 5 empty cells (they have 2, 3, 4)",
        ),
    ] {
        let mut args = vec!["gen", "-p", "klotski", "--family", "hardest"];
        args.extend(options);
        let run = gridsolve(&args, b"");
        assert_eq!(run.status, 2, "{options:?}: {}", run.stderr);
        assert!(run.stderr.contains(why), "{options:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{}", run.stdout);
    }
}

/// A build stopped by a signal leaves no file behind, not even its temporary one.
#[cfg(unix)]
#[test]
fn a_build_stopped_by_a_signal_leaves_nothing() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let scratch = Scratch::new("atlas-stopped");
    let dir = scratch.join("atlas");
    let child = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .args(["atlas", "-p", "klotski", "--quiet", "--out"])
        .arg(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The temporary file appears as the build begins (which takes most of a minute).
    let deadline = Instant::now() + Duration::from_secs(60);
    while std::fs::read_dir(&dir).map_or(0, |d| d.count()) == 0 {
        assert!(Instant::now() < deadline, "no temporary file");
        std::thread::sleep(Duration::from_millis(20));
    }
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("stopped by a signal"), "{stderr}");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

/// The whole classic atlas through the command (about 50 s of CPU: the solver crate
/// is optimised in the test profile too); `.ci/run` runs the CLI's ignored tests.
#[test]
#[ignore = "builds the whole classic atlas (a minute or two)"]
fn the_classic_atlas_is_built_with_the_published_counts() {
    let scratch = Scratch::new("atlas-classic");
    let dir = scratch.path().to_str().unwrap();
    let run = gridsolve(&["atlas", "-p", "klotski", "--out", dir], b"");
    assert_eq!(run.status, 0, "{}", run.stderr);
    for line in [
        "layouts: 29334498\n",
        "groups: 25422\n",
        "largest group: 964656\n",
        "farthest from the exit: 138 moves",
    ] {
        assert!(run.stdout.contains(line), "{line}: {}", run.stdout);
    }
    // Its hardest layouts are the ones `gen --family hardest` draws from.
    let kept = classic_hardest();
    let count = kept.len().to_string();
    let hardest = gridsolve(
        &[
            "atlas",
            "-p",
            "klotski",
            "--query",
            dir,
            "--hardest",
            &count,
        ],
        b"",
    );
    assert_eq!(hardest.status, 0, "{}", hardest.stderr);
    let expected: String = kept
        .iter()
        .map(|(moves, layout)| format!("{moves} moves:\n{}\n", text_of(layout)))
        .collect();
    assert_eq!(hardest.stdout, expected);
    let heng = "5 4\nABBC\nABBC\nDEEF\nDGHF\nI..J\ngoal B 4 2\n";
    let json = gridsolve(
        &["atlas", "-p", "klotski", "--query", dir, "--format", "json"],
        heng.as_bytes(),
    );
    assert!(json.stdout.contains("\"answer\":81,"), "{}", json.stdout);
    assert!(
        json.stdout.contains("\"group_size\":25955}"),
        "{}",
        json.stdout
    );
}
