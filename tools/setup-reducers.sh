#!/usr/bin/env bash
# Creates the virtual environment .venv-reducers at the top of the repository (or DIR,
# the first argument) with the pinned reducers of tools/requirements-reducers.txt,
# shrinkray and picire, which `cargo xtask bench stress` runs beside gridsolve's own
# shrinking. shrinkray needs Python 3.12 or newer: the first of python3.13, python3.12,
# python3 (when new enough) and pyenv's 3.12+ versions is used. Needs access to PyPI.
# It installs the list as it is, pinned, with --no-deps and --only-binary: wheels only,
# nothing compiled, no package the list does not name (so not shrinkray's optional
# llama-cpp-python and huggingface-hub, see the list); about 100 MB, under half a minute
# with a warm pip cache. Running it again only installs what changed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${1:-$root/.venv-reducers}"
new_enough() { "$1" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; }
python=""
candidates=(python3.13 python3.12 python3)
if command -v pyenv >/dev/null 2>&1; then
    for dir in "$(pyenv root)"/versions/3.1[2-9]*; do
        [ -x "$dir/bin/python3" ] && candidates+=("$dir/bin/python3")
    done
fi
for candidate in "${candidates[@]}"; do
    if command -v "$candidate" >/dev/null 2>&1 && new_enough "$candidate"; then
        python="$candidate"
        break
    fi
done
if [ -z "$python" ]; then
    echo "setup-reducers: no Python 3.12 or newer found (shrinkray needs one)" >&2
    exit 1
fi
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps --only-binary :all: \
    -r "$root/tools/requirements-reducers.txt"
echo "$venv: $("$venv/bin/python" -m pip show shrinkray 2>/dev/null | sed -n 's/^Version: /shrinkray /p'), $("$venv/bin/python" -m pip show picire 2>/dev/null | sed -n 's/^Version: /picire /p')"
