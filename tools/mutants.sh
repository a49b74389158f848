#!/usr/bin/env bash
# Mutation testing of the solver crates with cargo-mutants (pinned below): every mutant
# of each crate's solver.rs and replay.rs is built and the crate's unit and integration
# tests run against it; a mutant the tests do not notice is "missed". Equivalent mutants
# (no test can tell them apart) are excluded, each with its reason, in the crate's own
# crates/CRATE/mutants.toml, which this script joins to .cargo/mutants.toml's settings
# (`--config`). Results go to target/mutants/CRATE/mutants.out/ (outcomes.json,
# missed.txt, caught.txt).
#
# The tests run under nextest (pinned below), profile `mutants` of .config/nextest.toml:
# each test in its own process, the quick ones first, and the first failure ends the
# run at once (--max-fail=1:immediate), so a caught mutant costs its build and seconds
# of tests, not the slowest test of its binary (the sliding-tile crate: 2 s build + 2-3 s
# test a caught mutant, where `cargo test` took 31 s + 80 s). A missed mutant still runs
# every test (from 10 s to 2-6 min, by crate). Measured on the two shared cores under a
# load of 8-10, three crates at once under nice 19: 116 to 160 mutants a crate in 47 to
# about 80 min. So not on every CI run:
#   bash tools/mutants.sh [CRATE...] [-- CARGO-MUTANTS-OPTION...]
# (CRATE: a folder of crates/; default: every solver crate), e.g. `bash tools/mutants.sh CRATE -- -F trace` to
# re-run some mutants, `-- --baseline skip --timeout 300` after a good baseline.
# MUTANTS_JOBS (default 1) mutants at once.
set -euo pipefail
cd "$(dirname "$0")/.."

version=27.1.0
if ! cargo mutants --version 2>/dev/null | grep -qx "cargo-mutants $version"; then
    cargo install cargo-mutants --version "$version" --locked
fi
# Test priorities need nextest 0.9.91; this is the version measured.
nextest=0.9.143
if ! cargo nextest --version 2>/dev/null | grep -q "^cargo-nextest "; then
    cargo install cargo-nextest --version "$nextest" --locked
fi

# The solver crates are the ones with an `oracle` feature.
default=$(grep -l '^oracle *=' crates/*/Cargo.toml | xargs -n1 dirname | xargs -n1 basename)
crates=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    crates+=("$1")
    shift
done
[ $# -gt 0 ] && shift # the `--`: the rest is cargo-mutants'
[ ${#crates[@]} -gt 0 ] || mapfile -t crates <<<"$default"
jobs=${MUTANTS_JOBS:-1}

status=0
for crate in "${crates[@]}"; do
    files=()
    for file in solver.rs replay.rs; do
        [ -f "crates/$crate/src/$file" ] && files+=(-f "crates/$crate/src/$file")
    done
    # The package's name is its manifest's (`gridsolve-NAME`), not the folder's.
    package=$(awk -F'"' '/^\[package\]/ { on = 1; next } /^\[/ { on = 0 }
        on && /^name *=/ { print $2 }' "crates/$crate/Cargo.toml")
    [ -n "$package" ] || { echo "no package name in crates/$crate/Cargo.toml"; exit 2; }
    echo "== cargo mutants -p $package ${files[*]}"
    mkdir -p "target/mutants/$crate"
    # The settings and this crate's exclusions, one config file.
    config="$PWD/target/mutants/$crate/mutants.toml"
    cat .cargo/mutants.toml > "$config"
    if [ -f "crates/$crate/mutants.toml" ]; then
        cat "crates/$crate/mutants.toml" >> "$config"
    fi
    # Doctests are left out (nextest does not run them; each compiles on its own,
    # slowly); unit and integration tests run, the slow #[ignore]d ones too (README's
    # test command leaves them out; a mutant they catch is caught), and are all that is built.
    NEXTEST_PROFILE=mutants cargo mutants -p "$package" "${files[@]}" --jobs "$jobs" \
        --config "$config" \
        --output "target/mutants/$crate" --test-tool nextest \
        --cargo-arg=--lib --cargo-arg=--tests --cargo-test-arg=--max-fail=1:immediate \
        --cargo-test-arg=--run-ignored --cargo-test-arg=all \
        "$@" || status=$?
    outcomes="target/mutants/$crate/mutants.out/outcomes.json"
    if [ -f "$outcomes" ]; then
        python3 - "$crate" "$outcomes" <<'PY'
import json, sys
crate, path = sys.argv[1], sys.argv[2]
data = json.load(open(path))
counts = {k: data.get(k, 0) for k in ("caught", "missed", "timeout", "unviable")}
viable = counts["caught"] + counts["missed"] + counts["timeout"]
share = (counts["caught"] + counts["timeout"]) / viable if viable else 1.0
print(f"{crate}: {counts['caught']} caught, {counts['timeout']} timed out, "
      f"{counts['missed']} missed, {counts['unviable']} unviable: "
      f"{share:.1%} of {viable} viable mutants caught")
PY
    fi
done
exit $status
