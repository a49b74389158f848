#!/usr/bin/env bash
# Runs the playground's browser tests: builds gridsolve with the `serve` feature,
# starts `gridsolve serve` on a free port, runs e2e/ (node --test, playwright-core
# driving /usr/bin/chromium), and stops the server. tools/setup-e2e.sh installs what
# they need. The screenshots go to docs/playground-PUZZLE.png (GRIDSOLVE_SCREENSHOTS
# names another directory). GRIDSOLVE_BIN skips the build and uses that binary.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${GRIDSOLVE_BIN:-}
if [ -z "$bin" ]; then
    cargo build --release -p cli --features serve
    bin=target/release/gridsolve
fi
log=$(mktemp)
"$bin" serve --port 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
url=
for _ in $(seq 1 100); do
    url=$(sed -n 's/^gridsolve playground: \(http[^ ]*\)\/$/\1/p' "$log")
    [ -n "$url" ] && break
    if ! kill -0 "$server" 2>/dev/null; then
        cat "$log" >&2
        echo "error: gridsolve serve stopped" >&2
        exit 1
    fi
    sleep 0.1
done
if [ -z "$url" ]; then
    echo "error: gridsolve serve did not say where it listens" >&2
    exit 1
fi
echo "== browser tests against $url"
(cd e2e && GRIDSOLVE_URL="$url" node --test tests/)
