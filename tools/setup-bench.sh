#!/usr/bin/env bash
# Installs what `cargo xtask bench` needs beyond the Rust toolchain: the shared libraries
# the Klotski peer (../shared/reference/bin/klotski-peer, built with clang's libc++)
# loads, from Debian's packages (apt-get, when missing). The other reference programs
# need only the C library, and fifteen-peer Python 3.
set -euo pipefail
cd "$(dirname "$0")/.."

peer=../shared/reference/bin/klotski-peer
if [ -x "$peer" ] && ldd "$peer" | grep -q 'not found'; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq libc++1-19 libc++abi1-19 libunwind-19
fi
if [ -x "$peer" ] && ldd "$peer" | grep 'not found'; then
    echo "error: $peer still misses the libraries above" >&2
    exit 1
fi
echo "bench set-up done"
