#!/usr/bin/env bash
# Installs what `cargo xtask bench` needs beyond the Rust toolchain: the shared libraries
# that the reference programs of xtask/catalog.txt (in ../shared/reference/bin) load,
# where one misses some: clang's libc++, from Debian's packages (apt-get, when missing),
# which the one built with it needs. The others need only the C library or Python 3.
# The programs are read from the catalogue: this script names none.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=../shared/reference/bin
programs=$(awk -F'|' '{ gsub(/ /, "", $1); gsub(/ /, "", $3) }
    ($1 == "reference" || $1 == "program") && $3 != "" { print $3 }' xtask/catalog.txt | sort -u)
# The programs of the catalogue that are there and miss a shared library.
missing() {
    for program in $programs; do
        if [ -x "$bin/$program" ] && ldd "$bin/$program" 2>/dev/null | grep -q 'not found'; then
            echo "$bin/$program"
        fi
    done
}
if [ -n "$(missing)" ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq libc++1-19 libc++abi1-19 libunwind-19
fi
still=$(missing)
if [ -n "$still" ]; then
    echo "error: $still still misses shared libraries:" >&2
    for program in $still; do ldd "$program" | grep 'not found' >&2; done
    exit 1
fi
echo "bench set-up done"
