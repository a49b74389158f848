//! `gridsolve serve`: the playground in the browser (crate `playground`), when the
//! binary is built with the `serve` feature; without it, a message saying how.

use crate::Failure;
use std::net::IpAddr;
use std::time::Duration;

/// Arguments of `gridsolve serve`.
#[derive(Debug, clap::Args)]
pub(crate) struct ServeArgs {
    /// The port to listen on; 0 takes any free port (the address is printed).
    #[arg(long, value_name = "N", default_value_t = 8080)]
    port: u16,

    /// The address to listen on. The default, 127.0.0.1, serves this machine only;
    /// another (0.0.0.0) lets other machines in.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    bind: IpAddr,

    /// Open the page in the default browser (`xdg-open`, `open`) once listening.
    #[arg(long)]
    open: bool,

    /// Stop every search at this many states, 1 to 10^12 [default: 8000000].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_STATES))]
    max_states: Option<u64>,

    /// Stop every search after this long, up to an hour [default: 10].
    #[arg(long, value_name = "SECONDS", value_parser = up_to_an_hour)]
    max_seconds: Option<Duration>,

    /// How many searches may run at once, 1 to 1024; more requests are answered 503.
    /// A search keeps its place until it stops and its answer is sent, even when its
    /// client has left.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=1024))]
    solves: u16,

    /// How many connections may be open at once, 1 to 65536. At the cap the oldest
    /// idle connection is closed to make room (or the new one refused with 503 when
    /// every one has a request in hand).
    #[arg(long, value_name = "N", default_value_t = 128, value_parser = clap::value_parser!(u32).range(1..=65536))]
    connections: u32,

    /// How long a connection may stay idle, take to send a request's head or body, or
    /// leave its answer unread, up to an hour.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = up_to_an_hour)]
    timeout: Duration,

    /// Answer positions from the atlases in DIR (PUZZLE.atlas, as `gridsolve atlas -p
    /// PUZZLE --out DIR` writes them): the page shows any board's distance and group at
    /// once, and lists the atlas's hardest positions among the levels. A file refused,
    /// or none in DIR, stops the server before it starts.
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    atlas: Option<std::path::PathBuf>,
}

/// The largest `--max-states`: far more than any search holds in memory.
const MAX_STATES: u64 = 1_000_000_000_000;

/// A positive number of seconds, at most an hour (`2`, `0.5`).
fn up_to_an_hour(text: &str) -> Result<Duration, String> {
    match crate::cases::seconds(text) {
        Ok(time) if time <= Duration::from_secs(3600) => Ok(time),
        Ok(_) => Err(format!("{text} s is more than an hour")),
        Err(e) => Err(e),
    }
}

/// Builds without the `serve` feature say how to get it.
#[cfg(not(feature = "serve"))]
pub(crate) fn run(_args: &ServeArgs) -> Result<(), Failure> {
    Err(Failure::Usage(
        "this gridsolve was built without the playground (the `serve` feature, off by \
         default to keep the first build quick): run it with `cargo run --release -p cli \
         --features serve -- serve`, or install it with `cargo install --path crates/cli \
         --features serve`"
            .to_string(),
    ))
}

/// Serves the playground until the process is stopped.
#[cfg(feature = "serve")]
pub(crate) fn run(args: &ServeArgs) -> Result<(), Failure> {
    use std::io::Write;
    let mut config = playground::Config::default();
    if let Some(n) = args.max_states {
        config.limits.max_states = Some(n);
    }
    if let Some(t) = args.max_seconds {
        config.limits.max_time = Some(t);
    }
    config.solves = usize::from(args.solves);
    config.connections = usize::try_from(args.connections).unwrap_or(usize::MAX);
    config.timeout = args.timeout;
    let atlases = match &args.atlas {
        None => playground::Atlases::none(),
        Some(dir) => playground::Atlases::load(dir)
            .map_err(|why| Failure::Input(format!("--atlas {why}")))?,
    };
    let addr = std::net::SocketAddr::new(args.bind, args.port);
    playground::run(addr, config, atlases, |bound| {
        let url = format!("http://{bound}/");
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "gridsolve playground: {url}");
        let _ = out.flush();
        if args.open {
            open_browser(&url);
        }
    })
    .map_err(|e| Failure::io(format_args!("serve on {addr}"), &e))
}

/// Asks the desktop to open `url`; failing to is said, not fatal. The opener is waited
/// for on a thread of its own (so it leaves no zombie), and an opener that fails (no
/// browser, no desktop) is said with its exit status.
#[cfg(feature = "serve")]
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let started = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    match started {
        Err(e) => crate::warn(&format!(
            "cannot open a browser with {opener}: {e}; open {url}"
        )),
        Ok(mut child) => {
            let url = url.to_string();
            // A thread that cannot start leaves the opener unwaited for (a zombie until
            // the server ends), not the server stopped.
            let _ = std::thread::Builder::new().spawn(move || match child.wait() {
                Ok(status) if status.success() => {}
                Ok(status) => crate::warn(&format!(
                    "cannot open a browser with {opener} ({status}); open {url}"
                )),
                Err(e) => crate::warn(&format!(
                    "cannot open a browser with {opener}: {e}; open {url}"
                )),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Wrapper {
        #[command(flatten)]
        args: ServeArgs,
    }

    #[test]
    fn the_defaults_serve_this_machine_only() {
        let parsed = Wrapper::parse_from(["serve"]).args;
        assert!(parsed.bind.is_loopback());
        assert_eq!(parsed.port, 8080);
        assert!(!parsed.open);
        assert_eq!(parsed.solves, 2);
        assert_eq!(parsed.connections, 128);
        assert_eq!(parsed.timeout, Duration::from_secs(10));
    }

    #[rstest::rstest]
    #[case(&["--solves", "0"])]
    #[case(&["--solves", "1025"])]
    #[case(&["--solves", "2305843009213693952"])]
    #[case(&["--solves", "-1"])]
    #[case(&["--max-states", "0"])]
    #[case(&["--max-states", "1000000000001"])]
    #[case(&["--max-seconds", "0"])]
    #[case(&["--max-seconds", "3601"])]
    #[case(&["--max-seconds", "nan"])]
    #[case(&["--connections", "0"])]
    #[case(&["--connections", "65537"])]
    #[case(&["--timeout", "0"])]
    #[case(&["--timeout", "1e9"])]
    fn options_out_of_range_are_usage_errors(#[case] args: &[&str]) {
        let error = Wrapper::try_parse_from(std::iter::once("serve").chain(args.iter().copied()))
            .unwrap_err();
        assert_eq!(error.exit_code(), 2, "{args:?}: {error}");
    }

    #[rstest::rstest]
    #[case(&["--solves", "1"])]
    #[case(&["--solves", "1024"])]
    #[case(&["--max-seconds", "3600"])]
    #[case(&["--max-seconds", "0.25"])]
    #[case(&["--max-states", "1"])]
    #[case(&["--connections", "1"])]
    #[case(&["--timeout", "0.5"])]
    fn options_in_range_are_taken(#[case] args: &[&str]) {
        assert!(
            Wrapper::try_parse_from(std::iter::once("serve").chain(args.iter().copied())).is_ok()
        );
    }

    #[cfg(not(feature = "serve"))]
    #[test]
    fn without_the_feature_serve_says_how_to_build_it() {
        let parsed = Wrapper::parse_from(["serve", "--port", "0", "--open"]).args;
        match run(&parsed) {
            Err(Failure::Usage(message)) => {
                assert!(message.contains("cargo run --release -p cli --features serve -- serve"));
                assert!(message.contains("cargo install --path crates/cli --features serve"));
            }
            other => panic!("{other:?}"),
        }
    }
}
