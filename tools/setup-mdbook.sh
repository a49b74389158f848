#!/usr/bin/env bash
# Installs mdbook, the one pinned version the user guide (docs/) is built with, into
# .tools/mdbook at the top of the repository (or DIR, the first argument), from crates.io
# with `cargo install --locked` (its own lock file: the same dependencies every time).
# Needs cargo and access to crates.io; the first build takes a few minutes, running it
# again with the pinned version in place does nothing. Prints the binary's path last.
#
#   bash tools/setup-mdbook.sh && .tools/mdbook/bin/mdbook serve docs --open
set -euo pipefail
version=0.5.4
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${1:-$root/.tools/mdbook}"
bin="$dir/bin/mdbook"
if [ ! -x "$bin" ] || [ "$("$bin" --version)" != "mdbook v$version" ]; then
    cargo install --quiet --locked --no-default-features --features search \
        --version "$version" --root "$dir" mdbook
fi
echo "$("$bin" --version) at $bin" >&2
echo "$bin"
