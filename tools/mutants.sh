#!/usr/bin/env bash
# Mutation testing of the solver crates with cargo-mutants (pinned below): every mutant
# of every file of each crate's src/ is built and the crate's unit and integration tests
# run against it; a mutant the tests do not notice is "missed". Equivalent mutants
# (no test can tell them apart) are excluded, each with its reason, in the crate's own
# crates/CRATE/mutants.toml, which this script joins to .cargo/mutants.toml's settings
# (`--config`). Results go to target/mutants/CRATE/mutants.out/ (outcomes.json,
# missed.txt, caught.txt, timeout.txt), and each run's figures are added to the record
# kept in git: a line of tools/mutants-results.tsv (crate, shard, commit, the counts,
# the test timeout cargo-mutants set from the unmutated run, the date, the minutes) and
# the run's missed and timed-out mutants in tools/mutants-results/CRATE.SHARD.txt, so a
# later session sees which crates and shards are done and what they missed.
#
# The tests run under nextest (pinned below), profile `mutants` of .config/nextest.toml:
# each test in its own process, the quick ones first, and the first failure ends the
# run at once (--max-fail=1:immediate), so a caught mutant costs its build and seconds
# of tests, not the slowest test of its binary. A missed mutant still runs every test
# (the unmutated runs' tests: klotski 22 s, fifteen 70 s, 2026-12-06), and a shard of
# 250 mutants takes 30-55 minutes on one core. So not on every CI run, and a crate in
# pieces:
#   bash tools/mutants.sh [CRATE...] [-- CARGO-MUTANTS-OPTION...]
# (CRATE: a folder of crates/; default: every solver crate), e.g.
#   bash tools/mutants.sh bloxorz -- --shard 0/3     (a third of the crate's mutants)
#   bash tools/mutants.sh CRATE -- --list            (the mutants, not run)
#   bash tools/mutants.sh CRATE -- -F trace          (re-run some mutants)
#   MUTANTS_RECORD_AS=rerun-1 bash tools/mutants.sh CRATE -- --baseline skip \
#       --timeout 83 -F '^NAME$' ...                  (chosen mutants, recorded by name)
# python3 tools/mutants-coverage.py CRATE --missing F says which of today's mutants no
# recorded run covered (the seams between shards run at different commits). Do not edit
# this script while a run of it goes on (bash reads it as it runs): run from a worktree.
# The test timeout is cargo-mutants' own, set from the unmutated (baseline) run's test
# time (--timeout-multiplier of .cargo/mutants.toml); a run with `--baseline skip` must
# give `--timeout`, taken from a baseline's recorded figure, not raised to survive load.
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
    # Every file of the crate's src/ (cargo-mutants mutates the package's sources).
    files=(-f "crates/$crate/src/**/*.rs")
    # The package's name is its manifest's (`gridsolve-NAME`), not the folder's.
    package=$(awk -F'"' '/^\[package\]/ { on = 1; next } /^\[/ { on = 0 }
        on && /^name *=/ { print $2 }' "crates/$crate/Cargo.toml")
    [ -n "$package" ] || { echo "no package name in crates/$crate/Cargo.toml"; exit 2; }
    # Its exclusions are checked first: each names a function (`in FUNCTION$`, or the
    # function a `replace FUNCTION -> TYPE with VALUE` mutant replaces); a position is
    # any line (`.*`) or one exact line (and a column only on it), never a column alone
    # or a range of lines; and an exact line has the comment `# line N: TEXT` above it,
    # TEXT being line N of the file as it is now, so an edit that moves or changes the
    # line stops the run here rather than letting the pattern hide another mutant.
    # (`cargo xtask mutants-exclusions`, xtask/src/mutants.rs, whose test checks every
    # crate's on each `cargo test`).
    cargo run -q -p xtask -- mutants-exclusions "$crate" || exit 2
    echo "== cargo mutants -p $package ${files[*]}"
    mkdir -p "target/mutants/$crate"
    # The settings and this crate's exclusions, one config file.
    config="$PWD/target/mutants/$crate/mutants.toml"
    cat .cargo/mutants.toml > "$config"
    if [ -f "crates/$crate/mutants.toml" ]; then
        cat "crates/$crate/mutants.toml" >> "$config"
    fi
    # Doctests are left out (nextest does not run them; each compiles on its own,
    # slowly); unit and integration tests run, as README's test command runs them, and
    # are all that is built. The slow #[ignore]d ones (.ci/run's benchmark-sized checks:
    # the whole classic Klotski atlas, Korf's first ten, the 8-puzzle's space) are left
    # out too: each missed mutant runs every test, and they made that 2-4 minutes (the
    # unmutated runs: klotski 126 s, fifteen 213 s, 2026-12-06); a mutant only they
    # would catch wants a quicker test. (Records up to 2a4f4b2 ran them.)
    # A shard (`--shard k/n`) is recorded as `k-of-n`, the whole crate as `all`.
    shard=all
    record=1
    given_timeout=
    previous=
    for arg in "$@"; do
        case "$previous:$arg" in
        --shard:*) shard=${arg/\//-of-} ;;
        *:--shard=*) shard=${arg#--shard=} && shard=${shard/\//-of-} ;;
        # A listing is no run, and a run of chosen mutants or tests is no figure of
        # the crate or of a shard of it.
        *:--list | *:--list-files | *:-F | *:--re | *:--re=* | *:-E | *:--exclude-re | \
            *:--exclude-re=* | *:-f | *:--file | *:--file=* | *:-e | *:--exclude | \
            *:--exclude=* | *:--in-diff* | *:--cargo-test-arg=-E | *:--baseline=skip) record= ;;
        --baseline:skip) record= ;;
        # A run given its test timeout (with --baseline skip) records that one.
        --timeout:*) given_timeout=${arg}s ;;
        *:--timeout=*) given_timeout=${arg#--timeout=}s ;;
        esac
        previous=$arg
    done
    # A run of chosen mutants (by name, `-F`) is recorded when it is given a name,
    # `MUTANTS_RECORD_AS=NAME` (a seam, a rerun, the part of a shard a stopped run left
    # undone): its file then lists every mutant it ran, the caught ones too, so that
    # tools/mutants-coverage.py credits them.
    if [ -n "${MUTANTS_RECORD_AS:-}" ]; then
        shard=$MUTANTS_RECORD_AS
        record=1
    fi
    # The commit is the tree's when the run starts (cargo-mutants copies it then).
    commit=$(git describe --always --dirty --abbrev=12)
    started=$(date +%s)
    stamp="target/mutants/$crate/started"
    touch "$stamp"
    crate_status=0
    # The crate under test in 256 codegen units, not the dev profile's one: a mutant
    # changes one function, and with many units (and cargo's incremental cache, which
    # each build folder of cargo-mutants keeps from one mutant to the next) rustc
    # optimises again only the units that changed. A mutant of the fifteen crate's
    # manhattan.rs rebuilt its lib and tests in 2.0 CPU-s against 24.9-26.6 in one
    # unit, and the crate's tests took the same CPU either way (55.5 against 53.7 s)
    # (2026-12-05). The baseline is built the same way, so its test time, from which
    # the timeout is set, is that of the code the mutants are.
    units="--config=profile.dev.package.$package.codegen-units=256"
    # The dev profile builds without an incremental cache (a cold build is quicker so);
    # a mutant is a rebuild after an edit, where the cache is the gain.
    export CARGO_INCREMENTAL=1
    NEXTEST_PROFILE=mutants cargo mutants -p "$package" "${files[@]}" --jobs "$jobs" \
        --config "$config" \
        --output "target/mutants/$crate" --test-tool nextest --cargo-arg="$units" \
        --cargo-arg=--lib --cargo-arg=--tests --cargo-test-arg=--max-fail=1:immediate \
        "$@" 2>&1 | tee "target/mutants/$crate/run.log" || crate_status=${PIPESTATUS[0]}
    [ "$crate_status" -eq 0 ] || status=$crate_status
    outcomes="target/mutants/$crate/mutants.out/outcomes.json"
    if [ -n "$record" ] && [ "$outcomes" -nt "$stamp" ]; then
        minutes=$((($(date +%s) - started + 30) / 60))
        python3 - "$crate" "$shard" "$commit" "$minutes" "$outcomes" \
            "target/mutants/$crate/run.log" "$given_timeout" <<'PY'
import datetime, json, os, re, sys

crate, shard, commit, minutes, path, run_log, given_timeout = sys.argv[1:]
data = json.load(open(path))
out = os.path.dirname(path)
counts = {k: data.get(k, 0) for k in ("caught", "missed", "timeout", "unviable")}
viable = counts["caught"] + counts["missed"] + counts["timeout"]
# The test timeout cargo-mutants set from the unmutated run (or was given), as its
# log says it.
timeout = ""
logs = [os.path.join(out, "debug.log"), run_log]
for line in (l for log in logs if os.path.exists(log) for l in open(log, errors="replace")):
    found = re.search(r"(?:Auto-set test timeout to|test timeout) ([0-9hms. ]+)", line)
    if found and found.group(1).strip() and not timeout:
        timeout = found.group(1).strip()
# A caught mutant whose failing test nextest ended at its slow-timeout (the
# `mutants` profile: twenty times an unmutated test's time) was caught by the wall
# clock, not by an assertion: listed apart, to be judged a loop that never ends or not,
# and counted as caught only when judged so, like cargo-mutants' own timeouts.
test_timeouts = []
missed, timed_out, caught, unviable = [], [], [], []
for outcome in data.get("outcomes", []):
    scenario = outcome.get("scenario")
    if not isinstance(scenario, dict) or "Mutant" not in scenario:
        continue
    mutant = scenario["Mutant"]
    name = mutant.get("name") or "{}:{}: {}".format(
        mutant.get("file"), mutant.get("span", {}).get("start", {}).get("line"),
        mutant.get("replacement"))
    summary = outcome.get("summary")
    if summary == "MissedMutant":
        missed.append(name)
    elif summary == "Timeout":
        timed_out.append(name)
    elif summary == "Unviable":
        unviable.append(name)
    elif summary == "CaughtMutant":
        log = os.path.join(out, outcome.get("log_path") or "")
        if (outcome.get("log_path") and os.path.exists(log)
                and re.search(r"^\s*TIMEOUT \[", open(log, errors="replace").read(), re.M)):
            test_timeouts.append(name)
        else:
            caught.append(name)
if not missed and not timed_out:
    missed = [l.rstrip("\n") for l in open(os.path.join(out, "missed.txt"))] if os.path.exists(os.path.join(out, "missed.txt")) else []
# The timeouts judged loops that never end, each with its reason, are kept by hand in
# the crate's crates/CRATE/mutants-loops.txt (a mutant's name, a tab, why): those count
# as caught.
loops = {}
import glob
for path in glob.glob("crates/*/mutants-loops.txt"):
    for line in open(path):
        if line.strip() and not line.startswith("#"):
            name, _, why = line.rstrip("\n").partition("\t")
            loops[name] = why
judged = [n for n in timed_out if n in loops]
unjudged = [n for n in test_timeouts if n not in loops]
share = (counts["caught"] - len(unjudged) + len(judged)) / viable if viable else 1.0
print(f"{crate} ({shard}): {counts['caught']} caught ({len(test_timeouts)} of them by a "
      f"test's timeout, {len(test_timeouts) - len(unjudged)} judged loops), "
      f"{counts['timeout']} timed out ({len(judged)} judged loops), "
      f"{counts['missed']} missed, {counts['unviable']} unviable: {share:.1%} of "
      f"{viable} viable mutants caught, only the judged loops of the timeouts counted")
table = "tools/mutants-results.tsv"
header = ("crate\tshard\tcommit\tcaught\tmissed\ttimeout\tunviable\t"
          "caught_by_test_timeout\ttest_timeout\tdate\tminutes\n")
if not os.path.exists(table):
    open(table, "w").write(header)
date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%MZ")
with open(table, "a") as f:
    f.write("\t".join([crate, shard, commit] + [str(counts[k]) for k in
            ("caught", "missed", "timeout", "unviable")] +
            [str(len(test_timeouts)), timeout or given_timeout or "-", date, minutes]) + "\n")
os.makedirs("tools/mutants-results", exist_ok=True)
with open(f"tools/mutants-results/{crate}.{shard}.txt", "w") as f:
    f.write(f"# {crate}, shard {shard}, commit {commit}, {date}\n")
    sections = [("missed", missed), ("timeout", timed_out),
                ("caught by a test's timeout", test_timeouts)]
    # A named run lists all it ran (a shard's list is cargo-mutants' --shard slice).
    if not re.fullmatch(r"\d+-of-\d+|all", shard):
        sections += [("caught by an assertion", caught), ("unviable", unviable)]
    for title, names in sections:
        f.write(f"\n## {title} ({len(names)})\n")
        for n in sorted(names):
            f.write(n + ("\t# a loop that never ends: mutants-loops.txt" if n in loops else "") + "\n")
PY
    fi
done
exit $status
