//! `gridsolve serve --atlas DIR`: any board of the atlas's space is answered from it
//! (`/api/atlas`: its distance, group and group size, as the atlas in memory says and
//! as the solver finds), a board outside it is said to be, the atlas's hardest
//! positions are levels of their own, and an atlas refused (foreign, truncated, none in
//! DIR) stops the server before it listens, exit 1, naming the file.
//!
//! The atlas is a small board's (4 x 3, built in a moment by the `klotski` crate and
//! written in the format `gridsolve atlas --out` writes), never the classic one.

use super::Server;
use puzzles::SplitMix64;
use puzzles::klotski::solver::Pos;
use puzzles::klotski::solver::atlas::{Atlas, AtlasBoard};
use serde_json::{Value, json};
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The atlas of the 4 x 3 board (the 2x2 solved at row 3, column 2), written into a
/// scratch directory as `klotski.atlas`.
fn small_atlas() -> (tempfile::TempDir, Atlas) {
    let scratch = tempfile::Builder::new()
        .prefix("gridsolve-serve-atlas-")
        .tempdir()
        .unwrap();
    let board = AtlasBoard {
        rows: 4,
        cols: 3,
        goal: Pos::new(2, 1),
    };
    let atlas = Atlas::build(board, 2, &Default::default()).unwrap();
    let mut bytes = Vec::new();
    atlas.write(&mut bytes).unwrap();
    std::fs::write(scratch.path().join("klotski.atlas"), bytes).unwrap();
    (scratch, atlas)
}

/// The layout of `rank` as a layout file.
fn layout_text(atlas: &Atlas, rank: u32) -> String {
    let layout = atlas.layout(rank);
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

fn start(dir: &Path) -> Server {
    Server::start(&["--atlas", dir.to_str().unwrap()])
}

#[test]
fn any_board_of_the_space_is_answered_as_the_atlas_and_the_solver_say() {
    let (scratch, atlas) = small_atlas();
    let server = start(scratch.path());
    let mut rng = SplitMix64::new(43);
    let (mut reached, mut never) = (0, 0);
    for n in 0..60 {
        let rank = rng.below(atlas.len() as u64) as u32;
        let text = layout_text(&atlas, rank);
        let (status, said) =
            server.post("/api/atlas", &json!({"puzzle": "klotski", "input": text}));
        assert_eq!(status, 200, "{said}");
        let entry = atlas.entry_at(rank);
        assert_eq!(said["in_atlas"], true, "{said}");
        assert_eq!(said["group"], u64::from(entry.group), "{text}");
        assert_eq!(said["group_size"], u64::from(entry.group_size), "{text}");
        assert_eq!(said["moves"], json!(entry.distance), "{text}");
        if entry.distance.is_some() {
            reached += 1;
        } else {
            never += 1;
        }
        // The solver, which shares no search with the atlas, agrees (a few boards).
        if n < 12 {
            let (status, solved) =
                server.post("/api/solve", &json!({"puzzle": "klotski", "input": text}));
            assert_eq!(status, 200, "{solved}");
            let answer = &solved["cases"][0]["answer"];
            match entry.distance {
                Some(d) => assert_eq!(answer, &json!(d), "{text}"),
                None => assert_eq!(answer, &Value::Null, "{text}"),
            }
        }
    }
    assert!(reached > 0 && never > 0, "{reached} {never}");
    server.alive();
}

#[test]
fn a_board_outside_the_space_or_broken_is_said_and_the_server_goes_on() {
    let (scratch, _atlas) = small_atlas();
    let server = start(scratch.path());
    // The classic board: another size than the atlas's.
    let (status, said) = server.post(
        "/api/atlas",
        &json!({"puzzle": "klotski", "fixture": "sample"}),
    );
    assert_eq!(status, 200, "{said}");
    assert_eq!(said["in_atlas"], false, "{said}");
    assert!(said["why"].as_str().unwrap().contains("5 x 4"), "{said}");
    // An input with an error: its place.
    let (status, said) = server.post(
        "/api/atlas",
        &json!({"puzzle": "klotski", "input": "4 3\nAAB\n"}),
    );
    assert_eq!(status, 422, "{said}");
    assert!(said["line"].is_u64(), "{said}");
    // A case the input does not have.
    let (status, said) = server.post(
        "/api/atlas",
        &json!({"puzzle": "klotski", "input": "4 3\nAA.\nAA.\nBCD\nEFG\ngoal A 3 2\n", "case": 2}),
    );
    assert_eq!(status, 400, "{said}");
    assert!(
        said["error"].as_str().unwrap().contains("no case 2"),
        "{said}"
    );
    // A puzzle without an atlas loaded.
    let other = puzzles::PUZZLES
        .iter()
        .map(|p| p.about().name)
        .find(|name| *name != "klotski")
        .unwrap();
    let (status, said) = server.post("/api/atlas", &json!({"puzzle": other, "fixture": "sample"}));
    assert_eq!(status, 404, "{said}");
    assert!(
        said["error"].as_str().unwrap().contains("no atlas"),
        "{said}"
    );
    server.alive();
}

#[test]
fn the_hardest_positions_are_a_level_list_that_opens_and_solves() {
    let (scratch, atlas) = small_atlas();
    let server = start(scratch.path());
    let (status, text) = server.request("GET", "/api/puzzles", b"");
    assert_eq!(status, 200, "{text}");
    let list: Value = serde_json::from_str(&text).unwrap();
    for puzzle in list.as_array().unwrap() {
        let with = puzzle["name"] == "klotski";
        assert_eq!(puzzle["atlas"], with, "{}", puzzle["name"]);
        let hardest: Vec<&Value> = puzzle["levels"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|l| l["atlas"] == true)
            .collect();
        if !with {
            assert!(hardest.is_empty());
            continue;
        }
        // One a group that reaches the exit, at most HARDEST_LEVELS, farthest first.
        let solvable = atlas
            .group_table()
            .iter()
            .filter(|g| g.distance.is_some())
            .count();
        assert_eq!(hardest.len(), solvable.min(playground::HARDEST_LEVELS));
        let (farthest, _) = atlas.farthest();
        assert_eq!(hardest[0]["optimum"], u64::from(farthest));
        let optima: Vec<u64> = hardest
            .iter()
            .map(|l| l["optimum"].as_u64().unwrap())
            .collect();
        assert!(optima.windows(2).all(|w| w[0] >= w[1]), "{optima:?}");
        for level in &hardest[..3] {
            let name = level["name"].as_str().unwrap();
            let (status, text) =
                server.request("GET", &format!("/api/fixtures/klotski/{name}"), b"");
            assert_eq!(status, 200, "{text}");
            assert!(text.starts_with("4 3\n"), "{text}");
            // Solved by the solver from its name, to the optimum listed.
            let (status, solved) =
                server.post("/api/solve", &json!({"puzzle": "klotski", "fixture": name}));
            assert_eq!(status, 200, "{solved}");
            assert_eq!(solved["cases"][0]["answer"], level["optimum"], "{name}");
            let (status, said) =
                server.post("/api/atlas", &json!({"puzzle": "klotski", "fixture": name}));
            assert_eq!(status, 200, "{said}");
            assert_eq!(said["moves"], level["optimum"], "{name}");
        }
    }
    // Without --atlas: no atlas, no hardest levels, and /api/atlas says so.
    let plain = Server::start(&[]);
    let (_, text) = plain.request("GET", "/api/puzzles", b"");
    let list: Value = serde_json::from_str(&text).unwrap();
    assert!(list.as_array().unwrap().iter().all(|p| {
        p["atlas"] == false
            && p["levels"]
                .as_array()
                .unwrap()
                .iter()
                .all(|l| l.get("atlas").is_none())
    }));
    let (status, said) = plain.post(
        "/api/atlas",
        &json!({"puzzle": "klotski", "fixture": "sample"}),
    );
    assert_eq!(status, 404, "{said}");
}

/// Runs `gridsolve serve --port 0 --atlas DIR`, which must stop by itself (within a
/// generous minute) without listening: its exit status and what it wrote on stderr.
fn refused(dir: &Path) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .args(["serve", "--port", "0", "--atlas"])
        .arg(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("serve --atlas {} did not stop", dir.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(out, "", "nothing listens");
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status.code().unwrap_or(-1), err)
}

#[test]
fn an_atlas_refused_stops_the_server_before_it_starts() {
    let (scratch, _atlas) = small_atlas();
    let file = scratch.path().join("klotski.atlas");
    let whole = std::fs::read(&file).unwrap();
    // Truncated: its last records cut off.
    std::fs::write(&file, &whole[..whole.len() - 100]).unwrap();
    let (code, said) = refused(scratch.path());
    assert_eq!(code, 1, "{said}");
    assert!(said.contains(file.to_str().unwrap()), "{said}");
    // Foreign: not an atlas at all (longer than an atlas's header).
    std::fs::write(&file, "4 3\nAA.\nAA.\nBCD\nEFG\ngoal A 3 2\n".repeat(20)).unwrap();
    let (code, said) = refused(scratch.path());
    assert_eq!(code, 1, "{said}");
    assert!(said.contains(file.to_str().unwrap()), "{said}");
    assert!(said.contains("does not start as an atlas does"), "{said}");
    // None in the directory: how to build one.
    std::fs::remove_file(&file).unwrap();
    let (code, said) = refused(scratch.path());
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("no atlas"), "{said}");
    assert!(said.contains("gridsolve atlas -p klotski --out"), "{said}");
    // No such directory.
    let (code, said) = refused(&scratch.path().join("missing"));
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("missing"), "{said}");
}
