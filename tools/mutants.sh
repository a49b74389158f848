#!/usr/bin/env bash
# Mutation testing of the solver crates with cargo-mutants (pinned below): every mutant
# of each crate's solver.rs and replay.rs is built and the crate's unit and integration
# tests run against it; a mutant the tests do not notice is "missed". Equivalent mutants
# (no test can tell them apart) are excluded, each with its reason, in
# .cargo/mutants.toml. Results go to target/mutants/CRATE/mutants.out/ (outcomes.json,
# missed.txt, caught.txt). Slow (hours for all five on two cores), so not on every CI
# run:   bash tools/mutants.sh [CRATE...]   (default: every solver crate)
set -euo pipefail
cd "$(dirname "$0")/.."

version=27.1.0
if ! cargo mutants --version 2>/dev/null | grep -qx "cargo-mutants $version"; then
    cargo install cargo-mutants --version "$version" --locked
fi

# The solver crates are the ones with an `oracle` feature.
default=$(grep -l '^oracle *=' crates/*/Cargo.toml | xargs -n1 dirname | xargs -n1 basename)
crates=${*:-$default}
jobs=${MUTANTS_JOBS:-2}

status=0
for crate in $crates; do
    files=()
    for file in solver.rs replay.rs; do
        [ -f "crates/$crate/src/$file" ] && files+=(-f "crates/$crate/src/$file")
    done
    echo "== cargo mutants -p $crate ${files[*]}"
    mkdir -p "target/mutants/$crate"
    # Doctests are left out (each compiles on its own, slowly); unit and integration
    # tests run.
    cargo mutants -p "$crate" "${files[@]}" --jobs "$jobs" \
        --output "target/mutants/$crate" \
        --cargo-test-arg=--lib --cargo-test-arg=--tests || status=$?
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
