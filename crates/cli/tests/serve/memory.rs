//! A search that runs out of memory: under a `ulimit -v`, the server answers the
//! request with a JSON error (422, or 503 when not even its thread can start) and serves
//! the next, where the failed allocation used to abort the whole process.

use super::Server;

/// Six classes of pieces on 6 x 6 with four empty cells: millions of states, 30 bytes
/// or more each, far past the address space the server is given.
const LARGE: &str = "6 6\nAAbbcd\nAAeefg\nhijjkl\nmnoopq\nrs..tu\nv..wxy\ngoal A 4 4\n";

#[test]
fn searches_out_of_memory_are_refused_and_it_serves_on() {
    // 256 MiB: the server and a small search fit, a search of millions of states does
    // not. The budget of states and time is no stop: memory runs out first.
    let limit = format!("ulimit -v {}", 256 << 10);
    let args = ["--max-states", "1000000000", "--max-seconds", "3600"];
    let mut server = Server::start_under(Some(limit), &args);
    let large = serde_json::json!({"puzzle": "klotski", "input": LARGE});
    for round in 0..2 {
        // Two at once (the server's default of searches), as the report had them.
        let shared = &server;
        let answers: Vec<(u16, serde_json::Value)> = std::thread::scope(|scope| {
            let requests: Vec<_> = (0..2)
                .map(|_| scope.spawn(|| shared.post("/api/solve", &large)))
                .collect();
            requests.into_iter().map(|r| r.join().unwrap()).collect()
        });
        for (status, value) in answers {
            assert!(
                status == 422 || status == 503,
                "round {round}: {status} {value}"
            );
            let error = value["error"].as_str().unwrap_or_else(|| panic!("{value}"));
            if status == 422 {
                assert!(
                    error.contains("case 1: no memory for "),
                    "round {round}: {error}"
                );
            }
        }
        assert!(server.running(), "the server ended");
        // And the next request is served.
        let body = serde_json::json!({"puzzle": "klotski", "fixture": "sample"});
        let (status, value) = server.post("/api/solve", &body);
        assert_eq!(status, 200, "{value}");
        assert!(value["cases"][0]["answer"].is_u64(), "{value}");
    }
    assert!(server.running(), "the server ended");
}
