#!/usr/bin/env bash
# The front door, timed: README's two commands on a fresh clone, and where the time goes.
#
#   usage: tools/bench-front-door.sh [--keep]
#
# Clones the committed HEAD of this checkout into a temporary folder (uncommitted changes
# are not measured), then runs, with a target folder of its own (nothing built before),
# README's two commands as README writes them (the first two `sh` blocks under "## The
# two commands"; the main job solves the Bloxorz sample and must print 10):
#   1. the main job
#   2. the test command, right after it, as a new user would
# and prints each one's wall time against its budget (30 s and 120 s on a quiet machine),
# the compile units that took longest (cargo's --timings), and the test binaries whose
# tests ran longest. It is a benchmark, not a test: it exits 0 whatever the times, and 1
# only when a command fails. The load average before and after says whether the machine
# was quiet; figures taken beside other work are not the budgets' figures, which is
# why each command's CPU time (user + system, of all the processes it ran) is printed
# beside its wall time: on a busy machine it is the figure to compare.
# The temporary folder is removed at the end (--keep leaves it, and prints where).
set -euo pipefail
keep=0
[ "${1:-}" = "--keep" ] && keep=1
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
commit=$(git -C "$repo" rev-parse --short HEAD)
work=$(mktemp -d "${TMPDIR:-/tmp}/gridsolve-front-door.XXXXXX")
cleanup() {
    if [ "$keep" = 1 ]; then echo "kept: $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
git clone -q "$repo" "$work/gridsolve"
cd "$work/gridsolve"
unset CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR
export CARGO_TERM_COLOR=never

load() { cut -d' ' -f1-3 /proc/loadavg; }
now() { date +%s.%N; }
# CPU=the user + system seconds of this shell's children so far (bash's `times`, second
# line; run in this shell, not in a $(...) subshell, whose children are its own).
cpu() {
    times >"$work/times"
    CPU=$(tail -1 "$work/times" | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); s += p[1] * 60 + p[2] } print s }')
}

echo "front door of $commit on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ); load before: $(load)"
# The machine's own speed, to set figures of different machines side by side: one core's
# time for a fixed piece of work (the best of three). The main job of one commit took
# 56.8 CPU-s on one machine of this kind and 82.6 on another (2026-12-05), so figures
# of two runs are compared through their probes, not their wall times alone.
probe=$(for _ in 1 2 3; do
    /usr/bin/time -f %U python3 -c 'sum(i * i for i in range(10**7))' 2>&1 >/dev/null
done | sort -n | head -1)
echo "machine probe: ${probe} s of CPU for python3's sum of 10^7 squares (1.11 to 1.14 s on the second machine above)"

# README's two commands, each the first line of a `sh` block under "## The two commands".
mapfile -t commands < <(awk '/^## The two commands/ { on = 1; next } /^## / { on = 0 }
    on && /^```sh/ { take = 1; next } take { print; take = 0 }' README.md)
[ ${#commands[@]} -ge 2 ] || { echo "README has no two commands under '## The two commands'" >&2; exit 1; }
main_job=${commands[0]}
test_command=${commands[1]}
case "$main_job" in "cargo run "*) ;; *) echo "not a cargo run: $main_job" >&2; exit 1 ;; esac
case "$test_command" in "cargo test"*) ;; *) echo "not a cargo test: $test_command" >&2; exit 1 ;; esac
echo "main job:     $main_job"
echo "test command: $test_command"

# --timings goes right after the cargo subcommand; -q keeps cargo's lines off stderr.
start=$(now)
cpu
start_cpu=$CPU
answer=$(eval "${main_job/cargo run /cargo run -q --timings }" 2>"$work/main.err") || {
    cat "$work/main.err" >&2
    echo "the main job failed" >&2
    exit 1
}
main_s=$(echo "$(now) - $start" | bc)
cpu
main_cpu=$(echo "$CPU - $start_cpu" | bc)
mkdir -p "$work/timings-main" && mv target/cargo-timings/* "$work/timings-main/"
[ "$answer" = 10 ] || { echo "the main job printed '$answer', not 10" >&2; exit 1; }

start=$(now)
cpu
start_cpu=$CPU
status=0
eval "${test_command/cargo test/cargo test --timings}" >"$work/test.log" 2>&1 || status=$?
test_s=$(echo "$(now) - $start" | bc)
cpu
test_cpu=$(echo "$CPU - $start_cpu" | bc)
[ "$status" = 0 ] || { tail -40 "$work/test.log" >&2; echo "the test command failed" >&2; exit 1; }

echo "load after: $(load)"
# Which package each test binary is (cargo's "Running" lines name the file and the hashed
# executable only): the test build is done, so this compiles nothing.
cargo test --workspace --no-run --message-format=json 2>/dev/null >"$work/artifacts.json" || true
python3 - "$work" "$main_s" "$test_s" "$answer" "$main_cpu" "$test_cpu" <<'EOF'
import glob, json, re, sys
work, main_s, test_s, answer = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
main_cpu, test_cpu = float(sys.argv[5]), float(sys.argv[6])

def units(folder):
    """Compile units of one cargo --timings report: (seconds, name, target)."""
    html = sorted(glob.glob(f"{folder}/cargo-timing-*.html"))[-1]
    data = re.search(r"const UNIT_DATA = (\[.*?\]);\n", open(html).read(), re.S)
    return [(u["duration"], u["name"], u.get("target", "").strip()) for u in json.loads(data.group(1))]

def verdict(seconds, budget):
    return f"{seconds:6.1f} s  (budget {budget} s: {'within' if seconds <= budget else 'OVER'})"

log = open(f"{work}/test.log").read()
# cargo writes "in 0.52s", "in 48.10s" or "in 1m 23s".
finished = re.search(r"Finished `test` profile .* in (?:(\d+)m )?([0-9.]+)s", log)
build_s = 60 * int(finished.group(1) or 0) + float(finished.group(2)) if finished else 0.0
# Each test binary: its "Running" line, then libtest's summary with "finished in X s".
runs = re.findall(r"(?:Running ([^\n]+)|Doc-tests ([^\n]+))\n.*?test result: \w+\. (\d+) passed.*?finished in ([0-9.]+)s", log, re.S)
packages = {}
for line in open(f"{work}/artifacts.json"):
    try:
        artifact = json.loads(line)
    except ValueError:
        continue
    if artifact.get("reason") == "compiler-artifact" and artifact.get("executable"):
        # "path+file:///.../crates/DIR#gridsolve-DIR@0.1.0", or ".../DIR#0.1.0"
        # where the package is named as its folder.
        where, _, fragment = artifact["package_id"].partition("#")
        package = fragment.split("@")[0] if "@" in fragment else where.rstrip("/").split("/")[-1]
        packages[artifact["executable"].split("/")[-1]] = f'{package} {artifact["target"]["name"]}'

def label(running):
    """A Running line's binary by its package and target: "cli it (tests/it/main.rs)"."""
    executable = re.search(r"\(([^)]*)\)", running)
    name = packages.get(executable.group(1).split("/")[-1]) if executable else None
    return f"{name} ({running.split(' (')[0]})" if name else running

ran = sorted(((float(t), label(a) if a else f"doc-tests {d}", int(n)) for a, d, n, t in runs), reverse=True)
ran_s = sum(t for t, _, _ in ran)

print(f"main job      {verdict(main_s, 30)}  CPU {main_cpu:.1f} s, answer {answer!r} (expected '10')")
print(f"test command  {verdict(test_s, 120)}  CPU {test_cpu:.1f} s, of which compiling {build_s:.1f} s, running tests {ran_s:.1f} s, "
      f"{sum(n for _, _, n in ran)} tests in {len(ran)} binaries")
for title, folder in (("main job", f"{work}/timings-main"), ("test command", "target/cargo-timings")):
    top = sorted(units(folder), reverse=True)[:8]
    print(f"longest compile units of the {title} (seconds, units overlap on the cores):")
    print("  " + ", ".join(f"{name}{' ' + target if target else ''} {s:.1f}" for s, name, target in top))
print("longest-running test binaries (seconds, tests):")
for t, name, n in ran[:8]:
    print(f"  {t:6.1f}  {n:4}  {name}")
EOF
