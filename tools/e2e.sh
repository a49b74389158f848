#!/usr/bin/env bash
# Runs the playground's browser tests: builds gridsolve with the `serve` feature,
# starts `gridsolve serve` on a free port, and a second one with `--atlas DIR` over a
# small Klotski board's atlas (written in a moment by `cargo run --example small_atlas`,
# an example of the solver crate), runs e2e/ (node --test, playwright-core driving
# /usr/bin/chromium), and stops the servers. tools/setup-e2e.sh installs what they
# need. The screenshots go to docs/playground-PUZZLE.png (GRIDSOLVE_SCREENSHOTS names
# another directory). GRIDSOLVE_BIN skips the build and uses that binary;
# GRIDSOLVE_ATLAS=DIR serves the atlases of DIR instead of building the small one.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${GRIDSOLVE_BIN:-}
if [ -z "$bin" ]; then
    cargo build --release -p cli --features serve
    bin=target/release/gridsolve
fi
atlas=${GRIDSOLVE_ATLAS:-}
scratch=$(mktemp -d)
servers=()
trap 'for s in "${servers[@]}"; do kill "$s" 2>/dev/null || true; done; rm -rf "$scratch"' EXIT
if [ -z "$atlas" ]; then
    atlas=$scratch/atlas
    cargo run -q --example small_atlas -- "$atlas" >/dev/null
fi

# Starts `gridsolve serve --port 0 ARGS...` logging to $scratch/NAME.log, and sets
# $url to where it listens.
start() {
    local name=$1
    shift
    local log=$scratch/$name.log
    "$bin" serve --port 0 "$@" >"$log" 2>&1 &
    local server=$!
    servers+=("$server")
    url=
    for _ in $(seq 1 100); do
        url=$(sed -n 's/^gridsolve playground: \(http[^ ]*\)\/$/\1/p' "$log")
        [ -n "$url" ] && return 0
        if ! kill -0 "$server" 2>/dev/null; then
            cat "$log" >&2
            echo "error: gridsolve serve $* stopped" >&2
            exit 1
        fi
        sleep 0.1
    done
    echo "error: gridsolve serve $* did not say where it listens" >&2
    exit 1
}

start plain
plain=$url
start atlas --atlas "$atlas"
with_atlas=$url
echo "== browser tests against $plain (and $with_atlas with --atlas $atlas)"
(cd e2e && GRIDSOLVE_URL="$plain" GRIDSOLVE_ATLAS_URL="$with_atlas" node --test tests/)
