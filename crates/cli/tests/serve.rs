//! `gridsolve serve` (built with the `serve` feature): the JSON API over real HTTP on
//! 127.0.0.1. Every puzzle's sample solves to exactly the `--format json` objects and
//! plays; bad requests (not JSON, too large, unknown puzzle or option, fixture names that
//! try to leave the bundled table, an input with an error, a search over budget) are
//! answered with a clear status and message, and the server keeps serving after each.
//! `hostile` attacks it (floods of connections, slow and abandoned requests, answers far
//! larger than their input) and checks it keeps answering in bounded memory.

#[path = "serve/atlas.rs"]
mod atlas;
#[path = "serve/hostile.rs"]
mod hostile;
#[path = "serve/memory.rs"]
mod memory;
#[path = "serve/threads.rs"]
mod threads;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A `gridsolve serve --port 0` child, killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        Server::start_with(None, args)
    }

    /// The server with at most `files` open file descriptors (`ulimit -n`), when given.
    fn start_with(files: Option<u32>, args: &[&str]) -> Server {
        Server::start_under(files.map(|n| format!("ulimit -n {n}")), args)
    }

    /// The server started by `sh -c` after the shell's `ulimit` command `limit`, when
    /// given.
    fn start_under(limit: Option<String>, args: &[&str]) -> Server {
        let mut command = match limit {
            None => Command::new(env!("CARGO_BIN_EXE_gridsolve")),
            Some(limit) => {
                let mut sh = Command::new("sh");
                sh.arg("-c")
                    .arg(format!("{limit} && exec \"$0\" \"$@\""))
                    .arg(env!("CARGO_BIN_EXE_gridsolve"));
                sh
            }
        };
        let mut child = command
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("gridsolve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .trim()
            .strip_prefix("gridsolve playground: http://")
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        let addr = url.trim_end_matches('/').parse().expect("an address");
        Server { child, addr }
    }

    /// Whether the process still runs.
    fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// A field of the process's `/proc/PID/status` in KiB (`VmRSS`, `VmHWM`).
    #[cfg(target_os = "linux")]
    fn memory_kib(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| panic!("no {field} in {status}"))
    }

    /// `GET /api/status`.
    fn status(&self) -> serde_json::Value {
        let (status, text) = self.request("GET", "/api/status", b"");
        assert_eq!(status, 200, "{text}");
        serde_json::from_str(&text).unwrap()
    }

    /// Sends `method path` with `body`; the status and the body of the answer.
    fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, String) {
        let mut stream = TcpStream::connect(self.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            self.addr,
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        // A server that refuses a large body may close before reading it all.
        let _ = stream.write_all(body);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let answer = String::from_utf8_lossy(&answer).into_owned();
        let status = answer
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {answer:?}"));
        let body = answer
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or_default();
        (status, body)
    }

    fn post(&self, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
        let (status, text) = self.request("POST", path, body.to_string().as_bytes());
        let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        (status, value)
    }

    /// The server still answers.
    fn alive(&self) {
        let (status, body) = self.request("GET", "/api/puzzles", b"");
        assert_eq!(status, 200, "{body}");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The puzzles whose playground solver is set up apart from the CLI's (see
/// `puzzles::fifteen::solver`).
const SLIDING_TILES: [&str; 2] = ["eight", "fifteen"];

fn names() -> Vec<String> {
    puzzles::PUZZLES
        .iter()
        .map(|p| p.about().name.to_string())
        .collect()
}

fn fixture(puzzle: &str, name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(puzzle)
        .join(format!("{name}.in"));
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn every_sample_solves_to_the_json_lines_of_the_cli_and_plays() {
    let server = Server::start(&[]);
    for puzzle in names() {
        let cli = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
            .args(["--puzzle", &puzzle, "--format", "json"])
            .arg(
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../../fixtures")
                    .join(&puzzle)
                    .join("sample.in"),
            )
            .output()
            .unwrap();
        let lines: Vec<String> = String::from_utf8(cli.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        for body in [
            serde_json::json!({"puzzle": puzzle, "fixture": "sample"}),
            serde_json::json!({"puzzle": puzzle, "input": fixture(&puzzle, "sample")}),
        ] {
            let (status, text) = server.request("POST", "/api/solve", body.to_string().as_bytes());
            assert_eq!(status, 200, "{puzzle}: {text}");
            let value: serde_json::Value = serde_json::from_str(&text).unwrap();
            if SLIDING_TILES.contains(&puzzle.as_str()) {
                // The playground's tile solver has a budget below the databases' (it
                // never builds them), so it searches a 3 x 3 where the CLI looks its
                // table up: the same objects but for the search's counts.
                let counted = |v: &serde_json::Value| {
                    let mut v = v.clone();
                    for key in ["expanded", "generated"] {
                        v.as_object_mut().unwrap().remove(key);
                    }
                    v
                };
                let cases = value["cases"].as_array().unwrap();
                assert_eq!(cases.len(), lines.len(), "{puzzle}: {text}");
                for (case, line) in cases.iter().zip(&lines) {
                    let line: serde_json::Value = serde_json::from_str(line).unwrap();
                    assert_eq!(counted(case), counted(&line), "{puzzle}");
                }
            } else {
                // The very objects of --format json, byte for byte.
                let expected = format!("{{\"cases\":[{}],", lines.join(","));
                assert!(text.starts_with(&expected), "{puzzle}: {text}");
            }
            let answer = value["cases"][0]["answer"].as_u64().expect("solvable");
            let frames = &value["frames"];
            assert_eq!(frames["count"].as_u64(), Some(answer + 1), "{puzzle}");
            assert_eq!(frames["changes"].as_array().unwrap().len() as u64, answer);
            assert_eq!(
                frames["headings"].as_array().unwrap().len() as u64,
                answer + 1
            );
            // Played along its path, the position is solved; at the start, the answer.
            let path = value["cases"][0]["path"].as_str().unwrap();
            let (status, start) = server.post(
                "/api/play",
                &serde_json::json!({"puzzle": puzzle, "fixture": "sample"}),
            );
            assert_eq!(status, 200, "{start}");
            assert_eq!(start["left"].as_u64(), Some(answer), "{puzzle}");
            let (status, end) = server.post(
                "/api/play",
                &serde_json::json!({"puzzle": puzzle, "fixture": "sample", "path": path}),
            );
            assert_eq!(status, 200, "{end}");
            assert_eq!(end["solved"], true, "{puzzle}: {end}");
            assert_eq!(end["moves"].as_u64(), Some(answer));
        }
    }
}

/// The answer of case `case` (from 1) of fixture `name` as its `.out` gives it (a line
/// a case), `None` for no solution: for a format whose answer is a number, the line the
/// judge writes for `optimum`; for one whose answer is a path, the moves of the `.out`'s
/// path, replayed by the puzzle's rules on the level's `text`.
fn known_answer(puzzle: &str, name: &str, case: usize, text: &str, optimum: i64) -> Option<u64> {
    let out = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures")
            .join(puzzle)
            .join(format!("{name}.out")),
    )
    .unwrap_or_else(|e| panic!("{puzzle} {name}.out: {e}"));
    let line = out
        .lines()
        .nth(case - 1)
        .unwrap_or_else(|| panic!("{puzzle} {name}.out has no case {case}"));
    let p = puzzles::find(puzzle).unwrap();
    let shown = u64::try_from(optimum).ok();
    let mut written = String::new();
    p.write_line(&mut written, case, shown);
    if written.trim_end() == line {
        return shown;
    }
    let limits = puzzles::Limits {
        max_states: Some(8_000_000),
        max_time: None,
    };
    let mut solved = p
        .solutions(
            puzzles::Input::bytes(text.as_bytes()),
            &puzzles::Options::new(),
            limits,
            puzzles::PathsFor::NONE,
        )
        .unwrap();
    let solved = solved.next().unwrap().unwrap();
    assert!(
        matches!(solved.answer_line(), puzzles::AnswerLine::Path { .. }),
        "{puzzle} {name}: case {case} is {line:?}, not {optimum}"
    );
    solved
        .check_answer(line)
        .unwrap_or_else(|e| panic!("{puzzle} {name}: {line:?}: {e}"))
}

/// Every level the page lists, of every puzzle, opens as the page opens it (its text,
/// then `/api/play` with no moves and `/api/solve` by its name) within the server's
/// default state budget, with the optimum the list shows, which is the fixture's known
/// answer. The time budget is raised so that a slow machine fails nothing.
#[test]
fn every_listed_level_opens_and_solves_to_its_fixtures_answer() {
    let server = Server::start(&["--max-seconds", "3600"]);
    let (status, text) = server.request("GET", "/api/puzzles", b"");
    assert_eq!(status, 200, "{text}");
    let list: serde_json::Value = serde_json::from_str(&text).unwrap();
    for entry in list.as_array().unwrap() {
        let puzzle = entry["name"].as_str().unwrap();
        let levels = entry["levels"].as_array().unwrap();
        let has_game = entry["capabilities"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c == "play");
        assert_eq!(levels.is_empty(), !has_game, "{puzzle} lists levels");
        for level in levels {
            let name = level["name"].as_str().unwrap();
            let optimum = level["optimum"]
                .as_i64()
                .unwrap_or_else(|| panic!("{puzzle} {name} shows no optimum: {level}"));
            let (status, text) = server.request(
                "GET",
                &format!("/api/fixtures/{puzzle}/{}", name.replace(':', "%3A")),
                b"",
            );
            assert_eq!(status, 200, "{puzzle} {name}: {text}");
            let (fixture, case) = name.split_once(':').map_or((name, 1), |(f, n)| {
                (f, n.parse().expect("FIXTURE:N names case N"))
            });
            assert_eq!(
                known_answer(puzzle, fixture, case, &text, optimum),
                u64::try_from(optimum).ok(),
                "{puzzle} {name}: the optimum shown is not the fixture's answer"
            );
            let body =
                serde_json::json!({"puzzle": puzzle, "fixture": name, "options": {}, "case": 1});
            let (status, played) = server.post("/api/play", &body);
            assert_eq!(status, 200, "{puzzle} {name}: {played}");
            assert_eq!(played["cases"], 1, "{puzzle} {name}: a level is one case");
            assert_eq!(
                played["left"].as_i64().unwrap_or(-1),
                optimum,
                "{puzzle} {name}"
            );
            let (status, solved) = server.post("/api/solve", &body);
            assert_eq!(status, 200, "{puzzle} {name}: {solved}");
            assert_eq!(
                solved["cases"][0]["answer"].as_i64().unwrap_or(-1),
                optimum,
                "{puzzle} {name}"
            );
        }
    }
}

#[test]
fn bad_requests_are_answered_and_the_server_serves_on() {
    let server = Server::start(&[]);
    // Not JSON, not the fields expected, or JSON of the wrong shape.
    for body in [
        &b"{not json"[..],
        b"[]",
        b"{\"puzzle\": 3}",
        b"",
        b"\xff\xfe",
    ] {
        let (status, text) = server.request("POST", "/api/solve", body);
        assert_eq!(status, 400, "{text}");
        assert!(text.contains("\"error\""), "{text}");
        server.alive();
    }
    let refused = [
        serde_json::json!({"puzzle": "chess", "input": ""}),
        serde_json::json!({"puzzle": names()[0]}),
        serde_json::json!({"puzzle": names()[0], "input": "", "fixture": "sample"}),
        serde_json::json!({"puzzle": names()[0], "fixture": "sample", "options": {"speed": "1"}}),
        serde_json::json!({"puzzle": names()[0], "fixture": "sample", "extra": 1}),
        serde_json::json!({"puzzle": names()[0], "fixture": "sample", "key": {"dir": "X"}}),
        serde_json::json!({"puzzle": names()[0], "fixture": "sample", "case": 99}),
        serde_json::json!({"puzzle": names()[0], "fixture": "sample", "path": "not a path!"}),
        serde_json::json!({"puzzle": names()[0], "fixture": "sample", "key": {"dir": "U", "picked": [1000, 0]}}),
        serde_json::json!({"puzzle": names()[0], "fixture": "sample", "max_seconds": -1.0}),
        serde_json::json!({"puzzle": names()[0], "fixture": "sample", "options": 7}),
    ];
    for body in &refused {
        for endpoint in ["/api/solve", "/api/play"] {
            let (status, value) = server.post(endpoint, body);
            assert!(
                status == 400 || (endpoint == "/api/solve" && status == 200),
                "{endpoint} {body}: {status} {value}"
            );
            if status == 400 {
                assert!(value["error"].as_str().is_some_and(|e| !e.is_empty()));
            }
            server.alive();
        }
    }
    // A piece picked off the board, for every puzzle.
    for puzzle in names() {
        let body = serde_json::json!({
            "puzzle": puzzle, "fixture": "sample", "key": {"dir": "L", "picked": [0, usize::MAX]},
        });
        let (status, value) = server.post("/api/play", &body);
        assert_eq!(status, 400, "{puzzle}: {value}");
        server.alive();
    }
    // No such page.
    let (status, _) = server.request("GET", "/etc/passwd", b"");
    assert_eq!(status, 404);
    server.alive();
}

#[test]
fn a_body_over_one_mib_is_refused_with_413() {
    let server = Server::start(&[]);
    let text = "#".repeat((1 << 20) + 10);
    let body = serde_json::json!({"puzzle": names()[1], "input": text}).to_string();
    let (status, _) = server.request("POST", "/api/solve", body.as_bytes());
    assert_eq!(status, 413);
    server.alive();
    // Just under the cap is read (and refused as an input, with its place).
    let text = "#".repeat((1 << 20) - 100);
    let body = serde_json::json!({"puzzle": names()[1], "input": text}).to_string();
    let (status, value) = server.request("POST", "/api/solve", body.as_bytes());
    assert_eq!(status, 422, "{value}");
    server.alive();
}

#[test]
fn fixture_names_never_reach_a_file() {
    let server = Server::start(&[]);
    let puzzle = &names()[1];
    for name in [
        "../../Cargo.toml",
        "..%2F..%2FCargo.toml",
        "/etc/passwd",
        "%2Fetc%2Fpasswd",
        "sample.in",
        "../sample",
        "..",
        "sample%00",
    ] {
        let (status, _) = server.request("GET", &format!("/api/fixtures/{puzzle}/{name}"), b"");
        assert_eq!(status, 404, "{name}");
        let (status, value) = server.post(
            "/api/solve",
            &serde_json::json!({"puzzle": puzzle, "fixture": name}),
        );
        assert_eq!(status, 404, "{name}: {value}");
        server.alive();
    }
    let (status, _) = server.request("GET", &format!("/api/fixtures/..%2F{puzzle}/sample"), b"");
    assert_eq!(status, 404);
    // The bundled ones are there, the same bytes as the files.
    let (status, text) = server.request("GET", &format!("/api/fixtures/{puzzle}/sample"), b"");
    assert_eq!(status, 200);
    assert_eq!(text, fixture(puzzle, "sample"));
}

#[test]
fn parser_errors_come_with_line_and_column() {
    let server = Server::start(&[]);
    for puzzle in names() {
        // The sample with a byte that no format takes on its second line.
        let sample = fixture(&puzzle, "sample");
        let mut lines: Vec<&str> = sample.lines().collect();
        // (A sample of one line, as the judges' Eight, gets a second.)
        if lines.len() > 1 {
            lines[1] = "\u{7}";
        } else {
            lines.push("\u{7}");
        }
        let input = lines.join("\n") + "\n";
        let (status, value) = server.post(
            "/api/solve",
            &serde_json::json!({"puzzle": puzzle, "input": input}),
        );
        assert_eq!(status, 422, "{puzzle}: {value}");
        assert_eq!(value["line"].as_u64(), Some(2), "{puzzle}: {value}");
        assert!(value["column"].as_u64().is_some(), "{value}");
        assert!(
            value["error"].as_str().unwrap().starts_with("input:2:"),
            "{value}"
        );
        server.alive();
    }
}

#[test]
fn searches_stop_at_the_budget_with_a_message() {
    // The server's budget holds whatever the request asks.
    let server = Server::start(&["--max-states", "50"]);
    let mut stopped = 0;
    for puzzle in names() {
        let body = serde_json::json!({
            "puzzle": puzzle, "fixture": "sample", "max_states": 1_000_000_000u64,
        });
        let (status, value) = server.post("/api/solve", &body);
        if status == 200 {
            // A sample this small needs no more (every case within 50 states).
            continue;
        }
        assert_eq!(status, 422, "{puzzle}: {value}");
        assert!(value["error"].as_str().unwrap().contains("50"), "{value}");
        stopped += 1;
        server.alive();
    }
    assert!(stopped > 0, "no sample needs more than 50 states");
    // A request may lower it.
    let server = Server::start(&[]);
    let largest = names()
        .into_iter()
        .map(|p| {
            let body = serde_json::json!({"puzzle": p, "fixture": "sample"});
            let (_, value) = server.post("/api/solve", &body);
            (value["cases"][0]["generated"].as_u64().unwrap_or(0), p)
        })
        .max()
        .unwrap();
    let body = serde_json::json!({"puzzle": largest.1, "fixture": "sample", "max_states": 5});
    let (status, value) = server.post("/api/solve", &body);
    assert_eq!(status, 422, "{value}");
    assert!(value["error"].as_str().unwrap().contains('5'), "{value}");
    let (status, value) = server.post("/api/play", &body);
    assert_eq!(status, 422, "{value}");
    server.alive();
}

#[test]
fn an_edit_gives_an_input_that_solves() {
    let server = Server::start(&[]);
    for puzzle in names() {
        let (_, start) = server.post(
            "/api/play",
            &serde_json::json!({"puzzle": puzzle, "fixture": "sample"}),
        );
        let kinds = start["kinds"].as_array().unwrap();
        let symbols = start["picture"]["symbols"].as_array().unwrap();
        let mut edited = 0;
        for (row, line) in symbols.iter().enumerate() {
            for (col, symbol) in line.as_str().unwrap().chars().enumerate() {
                for kind in kinds {
                    let kind = kind[0].as_str().unwrap();
                    if kind.starts_with(symbol) {
                        continue;
                    }
                    let body = serde_json::json!({
                        "puzzle": puzzle, "fixture": "sample", "cell": [row, col], "kind": kind,
                    });
                    let (status, value) = server.post("/api/edit", &body);
                    if status != 200 {
                        assert_eq!(status, 400, "{value}");
                        continue;
                    }
                    let input = value["input"].as_str().unwrap();
                    let (status, value) = server.post(
                        "/api/solve",
                        &serde_json::json!({"puzzle": puzzle, "input": input}),
                    );
                    assert_eq!(status, 200, "{puzzle} {row} {col} {kind}: {value}");
                    edited += 1;
                    if edited >= 5 {
                        break;
                    }
                }
            }
        }
        assert!(edited > 0, "{puzzle}");
        let kind = kinds[0][0].as_str().unwrap();
        for cell in [[usize::MAX, 0], [0, usize::MAX], [symbols.len(), 0]] {
            let body = serde_json::json!({
                "puzzle": puzzle, "fixture": "sample", "cell": cell, "kind": kind,
            });
            let (status, value) = server.post("/api/edit", &body);
            assert_eq!(status, 400, "{value}");
        }
        server.alive();
    }
}

#[test]
fn searches_beyond_the_allowed_number_at_once_are_told_to_wait() {
    let server = std::sync::Arc::new(Server::start(&["--solves", "1"]));
    // The largest bundled fixture, solved six times at once.
    // (Rounds until two overlap: a thread may start after another has finished.)
    let (puzzle, name) = playground_largest();
    let mut seen = Vec::new();
    for _ in 0..10 {
        let threads: Vec<_> = (0..6)
            .map(|_| {
                let server = std::sync::Arc::clone(&server);
                let body = serde_json::json!({"puzzle": puzzle, "fixture": name});
                std::thread::spawn(move || server.post("/api/solve", &body))
            })
            .collect();
        seen.extend(threads.into_iter().map(|t| t.join().unwrap().0));
        if seen.contains(&200) && seen.contains(&503) {
            break;
        }
    }
    assert!(seen.contains(&200), "{seen:?}");
    assert!(seen.contains(&503), "{seen:?}");
    assert!(seen.iter().all(|s| [200, 503].contains(s)), "{seen:?}");
    server.alive();
}

/// The bundled fixture with the most bytes: a search long enough to overlap others.
fn playground_largest() -> (String, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let mut best = (0, String::new(), String::new());
    for puzzle in names() {
        for entry in std::fs::read_dir(root.join(&puzzle)).unwrap().flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "in") {
                let len = entry.metadata().unwrap().len();
                if len > best.0 {
                    let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
                    best = (len, puzzle.clone(), stem);
                }
            }
        }
    }
    (best.1, best.2)
}

/// The server with `--open`, its opener found on `path` only; the first line it says
/// on stderr, and whether it left a child of its own a zombie by then.
fn open_with_path(path: &std::path::Path) -> (String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .args(["serve", "--port", "0", "--open"])
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gridsolve starts");
    let mut said = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut said)
        .unwrap();
    let pid = child.id().to_string();
    let zombie = std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
        std::fs::read_to_string(entry.path().join("stat")).is_ok_and(|stat| {
            // pid (comm) state ppid ...: comm may hold spaces, so read after its `)`.
            let rest = stat.rsplit_once(") ").map_or("", |(_, r)| r);
            let mut fields = rest.split_whitespace();
            fields.next() == Some("Z") && fields.next() == Some(pid.as_str())
        })
    });
    let _ = child.kill();
    let _ = child.wait();
    (said, zombie)
}

#[test]
fn open_says_when_no_browser_opens_and_leaves_no_zombie() {
    // Removed when dropped, also when the test panics.
    let scratch = tempfile::Builder::new()
        .prefix("gridsolve-open-")
        .tempdir()
        .unwrap();
    let dir = scratch.path().to_path_buf();
    // No opener at all.
    let (said, _) = open_with_path(&dir);
    assert!(
        said.starts_with("warning: cannot open a browser with xdg-open: ")
            && said.contains("; open http://127.0.0.1:"),
        "{said}"
    );
    // An opener that fails, as xdg-open does on a machine without a browser.
    let opener = dir.join("xdg-open");
    std::fs::write(&opener, "#!/bin/sh\nexit 3\n").unwrap();
    std::process::Command::new("chmod")
        .args(["+x"])
        .arg(&opener)
        .status()
        .unwrap();
    let path = format!("{}:/usr/bin:/bin", dir.display());
    let (said, zombie) = open_with_path(std::path::Path::new(&path));
    assert!(
        said.starts_with(
            "warning: cannot open a browser with xdg-open (exit status: 3); open http://"
        ),
        "{said}"
    );
    assert!(!zombie, "the failed opener is waited for");
}
