//! The server against a hostile client, on 127.0.0.1 and in bounded loops: options that
//! would panic, more connections than it has file descriptors, heads and bodies sent
//! slowly or never, answers left unread, requests whose answers are far larger than the
//! requests (a one-wide loop whose piece needs 256 million moves; a bridge toggled by
//! every roll), clients that hang up mid-search, and a storm of malformed and abandoned
//! requests. After each it still answers, within the memory the board needs.

use super::{Server, fixture, names};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The most memory the server may ever have held, in KiB.
const MAX_PEAK_KIB: u64 = 1 << 20;

/// A one-wide loop through a whole `side x side` Huarongdao board (`side` = 4k + 3):
/// down a serpentine in columns 2.., back up column 0 (as `it/edges.rs` builds it).
/// A piece moved along it needs the blank to go round the whole loop for every step.
fn winding_loop(side: usize, queries: &[&str]) -> String {
    assert_eq!(side % 4, 3);
    let open = |r: usize, c: usize| match c {
        0 => true,
        1 => r == 0 || r == side - 1,
        _ => r % 2 == 0 || (r % 4 == 1 && c == side - 1) || (r % 4 == 3 && c == 2),
    };
    let mut text = format!("{side} {side} {}\n", queries.len());
    for r in 0..side {
        let row: Vec<&str> = (0..side)
            .map(|c| if open(r, c) { "1" } else { "0" })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    for q in queries {
        text.push_str(q);
        text.push('\n');
    }
    text
}

/// A Bloxorz classic level: a corridor `length` cells long on row 1 whose every roll
/// presses one soft switch, each toggling bridge 1 of `bridge` cells (rows 3 on, out of
/// reach), so every frame of the solution changes every cell of the bridge.
fn bridge_level(length: usize, bridge: usize) -> String {
    let cols = length;
    let rows = 2 + bridge.div_ceil(cols);
    let mut corridor = vec![b'#'; cols];
    corridor[0] = b'X';
    let mut switches = Vec::new();
    let mut c = 0;
    // Standing on c, the block rolls right onto c+1 and c+2 lying, then stands on c+3:
    // a switch under one half of it lying and under it standing.
    while c + 3 < cols {
        corridor[c + 1] = b'o';
        corridor[c + 2] = b'.';
        corridor[c + 3] = b'o';
        switches.extend([c + 1, c + 3]);
        c += 3;
    }
    corridor[c] = b'O';
    switches.retain(|&s| s != c);
    let mut text = format!(
        "{rows} {cols}\n{}\n{}\n",
        String::from_utf8(corridor).unwrap(),
        "#".repeat(cols)
    );
    let mut cells = Vec::new();
    for r in 2..rows {
        let line: String = (0..cols)
            .map(|c| {
                if cells.len() < bridge {
                    cells.push(format!("{} {}", r + 1, c + 1));
                    '='
                } else {
                    '#'
                }
            })
            .collect();
        text.push_str(&line);
        text.push('\n');
    }
    text.push_str(&format!("bridge 1 on {}\n", cells.join(" ")));
    for s in switches {
        text.push_str(&format!("switch 1 {} toggle 1\n", s + 1));
    }
    text
}

/// The judge answer of the CLI for `input`.
fn cli_answer(puzzle: &str, input: &str) -> u64 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .args(["--puzzle", puzzle])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

/// An HTTP request for `path` with a JSON `body`, as bytes.
fn post(addr: SocketAddr, path: &str, body: &serde_json::Value) -> Vec<u8> {
    let body = body.to_string();
    let mut bytes = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    bytes.extend_from_slice(body.as_bytes());
    bytes
}

/// Sends `bytes` on a new connection and reads until the server closes it or `limit`
/// passes; whatever happens on the way (a reset, a refused write) ends the exchange.
fn exchange(addr: SocketAddr, bytes: &[u8], limit: Duration) -> Vec<u8> {
    let Ok(mut stream) = TcpStream::connect(addr) else {
        return Vec::new();
    };
    let _ = stream.set_read_timeout(Some(limit));
    let _ = stream.set_write_timeout(Some(limit));
    let _ = stream.write_all(bytes);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    answer
}

/// The status of an HTTP answer, if it has one.
fn status_of(answer: &[u8]) -> Option<u16> {
    let text = std::str::from_utf8(answer.get(..12)?).ok()?;
    text.strip_prefix("HTTP/1.1 ")?.get(..3)?.parse().ok()
}

/// Whether the server closes `stream` (end of file or a reset) within `limit`.
fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    stream.set_read_timeout(Some(limit)).unwrap();
    let mut sink = [0u8; 4096];
    loop {
        match stream.read(&mut sink) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) => {
                return !matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                );
            }
        }
    }
}

#[rstest::rstest]
#[case(&["--solves", "2305843009213693952"], "--solves")]
#[case(&["--solves", "0"], "--solves")]
#[case(&["--max-seconds", "0"], "--max-seconds")]
#[case(&["--max-seconds", "1e300"], "--max-seconds")]
#[case(&["--max-states", "0"], "--max-states")]
#[case(&["--connections", "0"], "--connections")]
#[case(&["--timeout", "99999"], "--timeout")]
fn options_out_of_range_are_refused_before_it_listens(#[case] args: &[&str], #[case] named: &str) {
    let out = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(
        out.stdout.is_empty(),
        "it listened: {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(named), "{stderr}");
}

/// Opens up to `n` connections that each send half a request head; the ones opened.
fn half_heads(addr: SocketAddr, n: usize) -> Vec<TcpStream> {
    let mut open = Vec::new();
    for _ in 0..n {
        let Ok(mut stream) = TcpStream::connect(addr) else {
            break;
        };
        let _ = stream.write_all(b"GET /api/puzzles HTTP/1.1\r\nHost: x\r\n");
        open.push(stream);
    }
    open
}

#[test]
fn a_flood_of_idle_connections_past_the_file_limit_neither_kills_nor_locks_it_out() {
    // 1024 file descriptors, as by default; 1,100 connections that send half a head.
    let mut server = Server::start_with(Some(1024), &[]);
    let flood = half_heads(server.addr, 1100);
    assert!(flood.len() > 300, "only {} connections opened", flood.len());
    server.alive();
    let (status, text) = server.request(
        "POST",
        "/api/solve",
        serde_json::json!({"puzzle": names()[0], "fixture": "sample"})
            .to_string()
            .as_bytes(),
    );
    assert_eq!(status, 200, "{text}");
    let open = server.status()["connections"].as_u64().unwrap();
    assert!(open <= 128, "{open} connections open, over the cap");
    assert!(server.running());
    drop(flood);
    server.alive();
}

#[test]
fn out_of_file_descriptors_it_closes_an_idle_connection_and_serves_on() {
    // Fewer file descriptors than the cap on connections: accepting fails (EMFILE).
    let mut server = Server::start_with(Some(40), &["--connections", "1000"]);
    let flood = half_heads(server.addr, 300);
    assert_eq!(flood.len(), 300);
    server.alive();
    assert!(server.running());
    drop(flood);
    server.alive();
}

#[test]
fn slow_heads_slow_bodies_and_idle_connections_are_closed() {
    let server = Server::start(&["--timeout", "1"]);
    // Half a head, and nothing more.
    let mut half = TcpStream::connect(server.addr).unwrap();
    half.write_all(b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-")
        .unwrap();
    assert!(closed_within(&mut half, Duration::from_secs(30)));
    // A whole head, a tenth of the body.
    let mut slow = TcpStream::connect(server.addr).unwrap();
    slow.write_all(
        b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"puzzle\":",
    )
    .unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut answer = Vec::new();
    let _ = slow.read_to_end(&mut answer);
    assert_eq!(
        status_of(&answer),
        Some(408),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    // A request answered, then the connection kept open and idle.
    let mut idle = TcpStream::connect(server.addr).unwrap();
    idle.write_all(b"GET /api/status HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    assert!(closed_within(&mut idle, Duration::from_secs(30)));
    server.alive();
}

#[test]
fn an_answer_left_unread_frees_its_search_after_the_timeout() {
    let server = Server::start(&["--timeout", "1", "--solves", "1"]);
    // About a million changed cells of frames: an answer of some 14 MB, more than the
    // sockets' buffers hold.
    let level = bridge_level(375, 3871);
    let body = serde_json::json!({"puzzle": "bloxorz-classic", "input": level});
    let mut unread = TcpStream::connect(server.addr).unwrap();
    unread
        .write_all(&post(server.addr, "/api/solve", &body))
        .unwrap();
    // Its search ends and its answer waits; the one place to search is held meanwhile,
    // and given back once the send has stalled for the timeout.
    let started = Instant::now();
    let sample = serde_json::json!({"puzzle": names()[0], "fixture": "sample"});
    loop {
        let (status, value) = server.post("/api/solve", &sample);
        if status == 200 {
            break;
        }
        assert_eq!(status, 503, "{value}");
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the unread answer still holds the search"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(closed_within(&mut unread, Duration::from_secs(30)));
}

#[test]
fn answers_follow_the_board_not_the_move_count() {
    let server = Server::start(&[]);
    // 979 KB: the piece goes half way round a loop of 699 x 699, 256 million moves.
    for (side, query) in [(699, "1 1 1 2 699 350"), (511, "1 1 1 2 511 256")] {
        let input = winding_loop(side, &[query]);
        let answer = cli_answer("huarongdao", &input);
        assert!(answer > 10_000_000, "{answer}");
        let (status, value) = server.post(
            "/api/solve",
            &serde_json::json!({"puzzle": "huarongdao", "input": input}),
        );
        assert_eq!(status, 200, "{value}");
        let case = &value["cases"][0];
        assert_eq!(case["answer"].as_u64(), Some(answer));
        assert!(case["path"].is_null(), "a path of {answer} moves was sent");
        let frames = &value["frames"];
        assert_eq!(frames["too_long"], true);
        assert_eq!(frames["count"].as_u64(), Some(answer + 1));
        assert!(
            frames["message"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{answer} moves: too long to animate")),
            "{}",
            frames["message"]
        );
        assert_eq!(frames["start"]["rows"].as_u64(), Some(side as u64));
        assert!(
            value["message"].as_str().unwrap().contains("no path"),
            "{}",
            value["message"]
        );
        // Playing it: the start, and a long walk of the blank refused before any replay.
        let quick = winding_loop(side, &["1 1 1 2 1 3"]);
        let (status, value) = server.post(
            "/api/play",
            &serde_json::json!({"puzzle": "huarongdao", "input": quick}),
        );
        assert_eq!(status, 200, "{value}");
        let (status, value) = server.post(
            "/api/play",
            &serde_json::json!({"puzzle": "huarongdao", "input": quick, "path": "D".repeat(40_000)}),
        );
        assert_eq!(status, 422, "{value}");
        assert!(
            value["error"]
                .as_str()
                .unwrap()
                .contains("too long to replay"),
            "{value}"
        );
        server.alive();
    }
    // Every roll toggles a bridge of 3,871 cells: a path of 1,998 moves, drawn until the
    // frames have a million changed cells.
    let level = bridge_level(3000, 3871);
    let (status, value) = server.post(
        "/api/solve",
        &serde_json::json!({"puzzle": "bloxorz-classic", "input": level}),
    );
    assert_eq!(status, 200, "{value}");
    let answer = value["cases"][0]["answer"].as_u64().unwrap();
    assert_eq!(answer, cli_answer("bloxorz-classic", &level));
    assert_eq!(
        value["cases"][0]["path"].as_str().map(str::len),
        Some(answer as usize)
    );
    let frames = &value["frames"];
    assert_eq!(frames["too_long"], true, "{}", frames["message"]);
    assert!(
        frames["message"]
            .as_str()
            .unwrap()
            .contains("changed cells")
    );
    assert!(frames["start"]["symbols"].is_array());
    // A smaller bridge is animated, every roll but the last (onto the exit) changing the
    // whole bridge.
    let small = bridge_level(30, 20);
    let (status, value) = server.post(
        "/api/solve",
        &serde_json::json!({"puzzle": "bloxorz-classic", "input": small}),
    );
    assert_eq!(status, 200, "{value}");
    let changes = value["frames"]["changes"].as_array().unwrap();
    assert_eq!(
        changes.len() as u64,
        value["cases"][0]["answer"].as_u64().unwrap()
    );
    let rolls = &changes[..changes.len() - 1];
    assert!(
        rolls.iter().all(|c| c.as_array().unwrap().len() >= 20),
        "{changes:?}"
    );
    server.alive();
    #[cfg(target_os = "linux")]
    {
        let peak = server.memory_kib("VmHWM");
        assert!(peak < MAX_PEAK_KIB, "the server held {peak} KiB");
    }
}

#[test]
fn clients_that_hang_up_leave_no_more_searches_than_allowed() {
    let server = Arc::new(Server::start(&["--solves", "2", "--max-seconds", "2"]));
    // The loop with one more open cell: no longer a cycle, every detour a search round
    // it; the time budget stops the query.
    let mut rows: Vec<String> = winding_loop(511, &["1 1 1 2 511 256"])
        .lines()
        .map(str::to_owned)
        .collect();
    rows[2].replace_range(2..3, "1");
    let slow = serde_json::json!({"puzzle": "huarongdao", "input": rows.join("\n") + "\n"});
    let request = post(server.addr, "/api/solve", &slow);
    let done = Arc::new(AtomicBool::new(false));
    let watcher = {
        let (server, done) = (Arc::clone(&server), Arc::clone(&done));
        std::thread::spawn(move || {
            let mut most = 0;
            while !done.load(Ordering::SeqCst) {
                most = most.max(server.status()["searches"].as_u64().unwrap());
                std::thread::sleep(Duration::from_millis(20));
            }
            most
        })
    };
    // Three waves of four clients that send the search and hang up at once.
    for _ in 0..3 {
        for _ in 0..4 {
            let mut stream = TcpStream::connect(server.addr).unwrap();
            stream.write_all(&request).unwrap();
        }
        std::thread::sleep(Duration::from_millis(300));
    }
    // Until every search they started has stopped.
    let started = Instant::now();
    while server.status()["searches"].as_u64() != Some(0) {
        assert!(started.elapsed() < Duration::from_secs(120));
        std::thread::sleep(Duration::from_millis(50));
    }
    done.store(true, Ordering::SeqCst);
    let seen = watcher.join().unwrap();
    let most = server.status()["most_searches"].as_u64().unwrap();
    assert!(most >= 1, "no search ever started");
    assert!(
        most <= 2 && seen <= 2,
        "{most} searches ran at once (seen {seen})"
    );
    let (status, value) = server.post(
        "/api/solve",
        &serde_json::json!({"puzzle": names()[0], "fixture": "sample"}),
    );
    assert_eq!(status, 200, "{value}");
}

/// A small xorshift generator, so the storm is the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

/// One malformed, abandoned or oversized request of the storm, by `kind`.
fn storm_request(rng: &mut Rng, addr: SocketAddr, kind: usize) -> (Vec<u8>, bool) {
    let puzzle = names()[rng.below(names().len())].clone();
    let sample = fixture(&puzzle, "sample");
    // (bytes, whether to hang up without reading)
    match kind {
        0 => {
            let n = 1 + rng.below(2000);
            (rng.bytes(n), false)
        }
        1 => (
            b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX: \x01\x02\r\n\r\n".to_vec(),
            false,
        ),
        2 => (
            format!("POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{{", ["abc", "-1", "99999999999999999999"][rng.below(3)]).into_bytes(),
            false,
        ),
        3 => (
            b"POST /api/solve HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n".to_vec(),
            false,
        ),
        4 => {
            // A head larger than the connection's buffer.
            let mut head = b"GET /api/puzzles HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: ".to_vec();
            head.extend(std::iter::repeat_n(b'a', 200_000));
            head.extend_from_slice(b"\r\n\r\n");
            (head, false)
        }
        5 => {
            let n = rng.below(3000);
            let input = String::from_utf8_lossy(&rng.bytes(n)).into_owned();
            let endpoint = ["/api/solve", "/api/play", "/api/edit"][rng.below(3)];
            let body = serde_json::json!({"puzzle": puzzle, "input": input});
            (post(addr, endpoint, &body), false)
        }
        6 => {
            // The sample with a random byte changed: valid or not, it is answered.
            let mut text = sample.into_bytes();
            let at = rng.below(text.len());
            text[at] = b" .#0123456789XOoh=-\n"[rng.below(20)];
            let path = ["", "UDLR", "RRRR", "x"][rng.below(4)];
            let dir = ["U", "D", "L", "R", "Q"][rng.below(5)];
            let body = serde_json::json!({
                "puzzle": puzzle, "input": String::from_utf8_lossy(&text),
                "case": rng.below(3), "path": path, "key": {"dir": dir},
            });
            (post(addr, ["/api/solve", "/api/play"][rng.below(2)], &body), false)
        }
        7 => (
            format!("{} /api/solve HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n", ["GET", "PUT", "DELETE", "FOO"][rng.below(4)]).into_bytes(),
            false,
        ),
        8 => {
            // Abandoned: half a head, or a head and half a body, or a whole solve.
            let whole = post(addr, "/api/solve", &serde_json::json!({"puzzle": puzzle, "fixture": "sample"}));
            let cut = 1 + rng.below(whole.len());
            (whole[..cut].to_vec(), true)
        }
        9 => (
            // Several requests pipelined, the last one broken.
            b"GET /api/status HTTP/1.1\r\nHost: x\r\n\r\nGET /style.css HTTP/1.1\r\nHost: x\r\n\r\nGET /\x00 HTTP/1.1\r\n\r\n".to_vec(),
            false,
        ),
        _ => {
            // Huge: a body of almost 1 MiB, or over it.
            let size = if rng.below(2) == 0 { 1_000_000 } else { 1_100_000 };
            let junk: String = (0..size).map(|i| if i % 80 == 79 { '\n' } else { '1' }).collect();
            (post(addr, "/api/solve", &serde_json::json!({"puzzle": puzzle, "input": junk})), rng.below(2) == 0)
        }
    }
}

#[test]
fn a_storm_of_bad_requests_leaves_it_answering_in_the_memory_it_started_with() {
    let mut server = Server::start(&["--timeout", "1"]);
    let addr = server.addr;
    // Warm: a request of each endpoint, then the memory to come back to.
    for puzzle in names() {
        let (status, _) = server.post(
            "/api/solve",
            &serde_json::json!({"puzzle": puzzle, "fixture": "sample"}),
        );
        assert_eq!(status, 200);
        let (status, _) = server.post(
            "/api/play",
            &serde_json::json!({"puzzle": puzzle, "fixture": "sample"}),
        );
        assert_eq!(status, 200);
    }
    #[cfg(target_os = "linux")]
    let before = server.memory_kib("VmRSS");
    let started = Instant::now();
    let threads: Vec<_> = (0..4u64)
        .map(|t| {
            std::thread::spawn(move || {
                let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (t + 1));
                let mut statuses = Vec::new();
                for i in 0..600 {
                    // Mostly small faults; one in fifty huge.
                    let kind = if i % 50 == 49 { 10 } else { rng.below(10) };
                    let (bytes, hang_up) = storm_request(&mut rng, addr, kind);
                    if hang_up {
                        if let Ok(mut stream) = TcpStream::connect(addr) {
                            let _ = stream.write_all(&bytes);
                        }
                    } else {
                        let answer = exchange(addr, &bytes, Duration::from_secs(20));
                        statuses.push((kind, status_of(&answer)));
                    }
                }
                statuses
            })
        })
        .collect();
    let statuses: Vec<(usize, Option<u16>)> = threads
        .into_iter()
        .flat_map(|t| t.join().unwrap())
        .collect();
    let elapsed = started.elapsed();
    assert!(server.running(), "the server died");
    let failed: Vec<_> = statuses.iter().filter(|(_, s)| *s == Some(500)).collect();
    assert!(failed.is_empty(), "{failed:?}");
    let mut tally = std::collections::BTreeMap::new();
    for (kind, status) in &statuses {
        *tally.entry((*kind, *status)).or_insert(0) += 1;
    }
    // Every kind of fault was answered (by its status) at least once.
    for kind in (0..=10).filter(|k| *k != 8) {
        assert!(
            tally.keys().any(|(k, s)| *k == kind && s.is_some()),
            "no answer to kind {kind}: (kind, status) {tally:?}"
        );
    }
    assert!(
        statuses.len() > 2000,
        "{} answered in {elapsed:?}",
        statuses.len()
    );
    server.alive();
    let (status, value) = server.post(
        "/api/solve",
        &serde_json::json!({"puzzle": names()[0], "fixture": "sample"}),
    );
    assert_eq!(status, 200, "{value}");
    #[cfg(target_os = "linux")]
    {
        // The abandoned connections time out (1 s), then the memory is back.
        std::thread::sleep(Duration::from_secs(2));
        let after = server.memory_kib("VmRSS");
        let peak = server.memory_kib("VmHWM");
        assert!(peak < MAX_PEAK_KIB, "the server held {peak} KiB");
        assert!(
            after < before + 64 * 1024,
            "VmRSS {before} KiB before, {after} KiB after"
        );
    }
}
