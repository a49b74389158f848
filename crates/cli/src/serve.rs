//! `gridsolve serve`: the playground in the browser (crate `playground`), when the
//! binary is built with the `serve` feature; without it, a message saying how.

use crate::Failure;
use std::net::IpAddr;

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

    /// Stop every search at this many states [default: 20000000].
    #[arg(long, value_name = "N")]
    max_states: Option<u64>,

    /// Stop every search after this long [default: 10].
    #[arg(long, value_name = "SECONDS", value_parser = crate::cases::seconds)]
    max_seconds: Option<std::time::Duration>,

    /// How many searches may run at once; more requests are answered 503.
    #[arg(long, value_name = "N", default_value_t = 2)]
    solves: usize,
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
    config.solves = args.solves.max(1);
    let addr = std::net::SocketAddr::new(args.bind, args.port);
    playground::run(addr, config, |bound| {
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

/// Asks the desktop to open `url`; failing to is said, not fatal.
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
    if let Err(e) = started {
        crate::report(&format!(
            "cannot open a browser with {opener}: {e}; open {url}"
        ));
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
