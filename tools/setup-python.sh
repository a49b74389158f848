#!/usr/bin/env bash
# Creates the virtual environment .venv-tools at the top of the repository (or DIR, the
# first argument) with the pinned Python tools of tools/requirements.txt: `pyctd`
# (checktestdata) for crates/cli/tests/it/checktestdata.rs, and `bt` (BAPCtools) and
# `verifyproblem` (Kattis' problemtools) for crates/cli/tests/it/package.rs. Needs
# python3 (3.11 or newer, for problemtools; BAPCtools needs 3.10) with venv and pip, and
# access to PyPI. Running it again only installs what changed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${1:-$root/.venv-tools}"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$root/tools/requirements.txt"
echo "$venv: $("$venv/bin/pyctd" --version 2>&1 | sed 's/^/checktestdata (pyctd) /')"
echo "$venv: $("$venv/bin/bt" --version 2>&1 | head -n 1)"
echo "$venv: problemtools $("$venv/bin/verifyproblem" --version 2>&1 | head -n 1 | cut -d' ' -f1,2 | sed 's/\.$//')"
