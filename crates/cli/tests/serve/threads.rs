//! No thread can start: every new thread asks for a stack (`RUST_MIN_STACK`, 2 GiB)
//! past the address space the server has (`ulimit -v`, 1 GiB), the system's own
//! refusal, no knob of gridsolve. The server runs on one thread and each search on one
//! of its own: a search is answered 503 with a message, and the server serves on.

use super::Server;

#[test]
fn a_search_whose_thread_cannot_start_is_a_503_and_it_serves_on() {
    let limit = "ulimit -v 1048576 && export RUST_MIN_STACK=2147483648".to_string();
    let server = Server::start_under(Some(limit), &[]);
    let sample = serde_json::json!({"puzzle": "klotski", "fixture": "sample"});
    for _ in 0..3 {
        let (status, value) = server.post("/api/solve", &sample);
        assert_eq!(status, 503, "{value}");
        let error = value["error"].as_str().unwrap_or_else(|| panic!("{value}"));
        assert!(error.contains("no thread for the work"), "{error}");
        server.alive();
        // What needs no search thread is served.
        let status = server.status();
        assert!(status.is_object(), "{status}");
    }
}
