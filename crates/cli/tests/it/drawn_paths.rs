//! A path that is only drawn (`--show`, `--svg`, without `--path` or JSON) is built only
//! when a drawing of it fits: the move count comes first, so refusing the frames or the
//! picture of an answer of a quarter of a billion moves costs the memory of the board,
//! not of the path (hundreds of megabytes, which aborted under `ulimit -v`).

use crate::common::{HUARONGDAO, Scratch, gridsolve, winding_loop};
use std::process::Command;

/// `gridsolve ARGS` under `ulimit -v KIB`: (status, stdout, stderr).
fn limited(kib: u64, args: &str) -> (i32, String, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$G\" {args}"))
        .env("G", env!("CARGO_BIN_EXE_gridsolve"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The 977 KB loop board whose answer is 256,513,954 moves: the plain judge answers it
/// in about 107 MB; its path alone would be 256 MB. Under 200 MB of address space
/// `--show`, `--svg` and both refuse their drawings with exit 3 and the answer line
/// written, where building the path first aborted (134).
#[test]
fn drawings_of_a_huge_answer_are_refused_without_building_its_path() {
    let dir = Scratch::new("drawn-paths");
    let input = dir.join("loop.in");
    std::fs::write(&input, winding_loop(699, "1 1 1 2 699 350")).unwrap();
    let input = input.display();
    let pictures = dir.join("pictures");
    let pictures = pictures.display();
    let (status, stdout, stderr) = limited(200_000, &format!("-p huarongdao {input}"));
    assert_eq!(
        (status, stdout.as_str(), stderr.as_str()),
        (0, "256513954\n", "")
    );
    for (args, refused) in [
        (
            "--show",
            "the frames of 1 query were refused as larger than 67108864 bytes",
        ),
        ("--show=full", "the frames of 1 query were refused"),
        (
            &format!("--svg {pictures}"),
            "1 picture was refused as larger than 67108864 bytes",
        ),
        (
            &format!("--show --svg {pictures}"),
            "the frames of 1 query were refused as larger than 67108864 bytes; 1 picture was \
             refused",
        ),
    ] {
        let (status, stdout, stderr) = limited(200_000, &format!("-p huarongdao {args} {input}"));
        assert_eq!(status, 3, "{args}: {stderr}");
        assert!(
            stdout.ends_with("\n256513954\n") || stdout == "256513954\n",
            "{args}: {stdout}"
        );
        assert!(!stdout.contains("step 0"), "{args}");
        assert!(stderr.contains(refused), "{args}: {stderr}");
        assert!(!stderr.contains("memory allocation"), "{args}: {stderr}");
    }
}

/// `--path` of that answer builds its path (256,513,954 moves), asked for at once: under
/// 200 MB the refusal is the query's error, exit 1, where it aborted.
#[test]
fn a_path_past_the_memory_is_an_error() {
    let dir = Scratch::new("path-memory");
    let input = dir.join("loop.in");
    std::fs::write(&input, winding_loop(699, "1 1 1 2 699 350")).unwrap();
    let (status, stdout, stderr) = limited(
        200_000,
        &format!("-p huarongdao --path {}", input.display()),
    );
    assert_eq!((status, stdout.as_str()), (1, ""), "{stderr}");
    assert!(
        stderr.ends_with(": query 1: no memory for the path of 256.5 MB\n"),
        "{stderr}"
    );
}

/// A drawing that fits still gets its path: the frames and the picture of the sample,
/// and `--path` beside `--show` prints the path whatever the frames' fate.
#[test]
fn drawings_that_fit_are_drawn() {
    let dir = Scratch::new("drawn-fit");
    let pictures = dir.join("pictures");
    let run = gridsolve(
        &[
            "-p",
            "huarongdao",
            "--show",
            "--svg",
            pictures.to_str().unwrap(),
            "-",
        ],
        HUARONGDAO.as_bytes(),
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("step 1: "), "{}", run.stdout);
    assert_eq!(std::fs::read_dir(&pictures).unwrap().count(), 2);
    let run = gridsolve(
        &["-p", "huarongdao", "--path", "--show", "-"],
        HUARONGDAO.as_bytes(),
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("step 1: "), "{}", run.stdout);
}

/// With room for the path (256.5 MB) but not for its text beside it, `--path` of that
/// answer writes the path as it goes, a piece at a time: under 450 MB it answers, where
/// building the whole line as one string first aborted (134 at 450, 600 and 800 MB).
#[test]
#[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
fn a_path_is_written_as_it_goes() {
    let dir = Scratch::new("path-streamed");
    let input = dir.join("loop.in");
    std::fs::write(&input, winding_loop(699, "1 1 1 2 699 350")).unwrap();
    let output = dir.join("loop.out");
    let run = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 450000 && exec \"$G\" -p huarongdao --path \"$1\" > \"$2\"")
        .arg("sh")
        .arg(&input)
        .arg(&output)
        .env("G", env!("CARGO_BIN_EXE_gridsolve"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{stderr}");
    let moves: u64 = 256_513_954;
    let head = "256513954\n";
    let written = std::fs::read(&output).unwrap();
    assert_eq!(written.len() as u64, head.len() as u64 + moves + 1);
    assert!(written.starts_with(head.as_bytes()));
    assert_eq!(written.last(), Some(&b'\n'));
    let path = &written[head.len()..written.len() - 1];
    // Replayed by the rules alone, on the case read back without its path.
    let puzzle = puzzles::find("huarongdao").unwrap();
    let text = std::fs::read_to_string(&input).unwrap();
    let solved = puzzle
        .solutions(
            text.as_str().into(),
            &puzzles::Options::new(),
            puzzles::Limits::NONE,
            puzzles::PathsFor::NONE,
        )
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    let path = std::str::from_utf8(path).expect("a path of letters");
    assert_eq!(solved.replay(path), Ok(moves));
}
