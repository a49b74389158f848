#!/usr/bin/env bash
# Race `gridsolve atlas -p klotski --out DIR` against another all-layouts engine, on the
# same machine, the runs alternated (ours, the peer's, ours, ...), and print every run and
# the medians: wall time, CPU time (user + system), peak memory (all from /usr/bin/time -v),
# the share of a core each got and the load average just before each run. On a shared
# machine the CPU time moves less with the load than the wall time does.
#
#   crates/klotski/bench/race-atlas.sh [--runs N] [--gridsolve PATH] [--keep-logs DIR] -- PEER_COMMAND [ARG]...
#
# PEER_COMMAND is a program you built yourself from the peer's source (this script builds
# nothing of it): it is run as given, in a fresh scratch folder (its working directory), and
# its output is shown after the table (its last lines, where an engine prints its counts),
# so the counts can be checked against gridsolve's summary. --gridsolve defaults to
# target/release/gridsolve (build it first: cargo build --release -p cli). A benchmark,
# not a test: CI does not run it.
#
# Exit status: 0 done, 1 a run failed (its log is shown), 2 bad usage, 3 a missing tool.
set -u

runs=3
gridsolve=target/release/gridsolve
keep=
usage() {
    echo "usage: $0 [--runs N] [--gridsolve PATH] [--keep-logs DIR] -- PEER_COMMAND [ARG]..." >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) [ $# -ge 2 ] || usage; runs=$2; shift 2 ;;
        --gridsolve) [ $# -ge 2 ] || usage; gridsolve=$2; shift 2 ;;
        --keep-logs) [ $# -ge 2 ] || usage; keep=$2; shift 2 ;;
        --) shift; break ;;
        -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
        *) echo "$0: unknown argument '$1'" >&2; usage ;;
    esac
done
[ $# -ge 1 ] || { echo "$0: no peer command after --" >&2; usage; }
case "$runs" in
    ''|*[!0-9]*|0) echo "$0: --runs takes a positive whole number, not '$runs'" >&2; exit 2 ;;
esac
[ -x /usr/bin/time ] || { echo "$0: /usr/bin/time is missing (Debian: apt-get install time)" >&2; exit 3; }
[ -x "$gridsolve" ] || { echo "$0: no gridsolve binary at '$gridsolve' (cargo build --release -p cli, or pass --gridsolve PATH)" >&2; exit 3; }
gridsolve=$(cd "$(dirname "$gridsolve")" && pwd)/$(basename "$gridsolve")
peer=("$@")
command -v "${peer[0]}" >/dev/null 2>&1 || { echo "$0: the peer command '${peer[0]}' is not found or not executable" >&2; exit 3; }
case "${peer[0]}" in */*) peer[0]=$(cd "$(dirname "${peer[0]}")" && pwd)/$(basename "${peer[0]}") ;; esac

scratch=$(mktemp -d "${TMPDIR:-/tmp}/race-atlas.XXXXXX") || { echo "$0: cannot make a scratch folder" >&2; exit 3; }
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM

# run NAME I COMMAND...: one timed run in a fresh folder; appends
# "NAME wall_s rss_mib cpu% load cpu_s" to the table.
run() {
    local name=$1 i=$2
    shift 2
    local dir="$scratch/$name-$i" load
    mkdir -p "$dir"
    load=$(cut -d' ' -f1 /proc/loadavg)
    if ! (cd "$dir" && /usr/bin/time -v -o "$scratch/$name-$i.time" "$@" >"$scratch/$name-$i.out" 2>&1); then
        echo "$0: the $name run $i failed: $*" >&2
        tail -n 20 "$scratch/$name-$i.out" "$scratch/$name-$i.time" >&2
        exit 1
    fi
    [ -z "$keep" ] || { mkdir -p "$keep" && cp "$scratch/$name-$i.out" "$scratch/$name-$i.time" "$keep/"; }
    local wall rss cpu cpu_s
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (k = 1; k <= n; k++) s = s * 60 + p[k]; print s }' "$scratch/$name-$i.time")
    rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$scratch/$name-$i.time")
    cpu=$(awk -F': ' '/Percent of CPU/ { print $2 }' "$scratch/$name-$i.time")
    cpu_s=$(awk -F': ' '/(User|System) time \(seconds\)/ { s += $2 } END { print s }' "$scratch/$name-$i.time")
    printf '%s %s %s %s %s %s\n' "$name" "$wall" "$rss" "$cpu" "$load" "$cpu_s" >>"$scratch/table"
    rm -rf "$dir"
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(free -h | awk '/^Mem:/ { print $2 }') RAM; $(date -u '+%Y-%m-%d %H:%M UTC')"
for i in $(seq 1 "$runs"); do
    run gridsolve "$i" "$gridsolve" atlas -p klotski --quiet --out "$scratch/gridsolve-$i"
    run peer "$i" "${peer[@]}"
done

printf '\n%-10s %4s %10s %10s %10s %6s %6s\n' engine run "wall (s)" "CPU (s)" "peak MiB" cpu load
awk '{ r[$1]++; printf "%-10s %4d %10.2f %10.2f %10d %6s %6s\n", $1, r[$1], $2, $6, $3, $4, $5 }' "$scratch/table"
echo
# median NAME COLUMN: the median of that column over NAME's runs.
median() {
    awk -v n="$1" -v c="$2" '$1 == n { print $c }' "$scratch/table" | sort -g |
        awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}
for name in gridsolve peer; do
    printf 'median %-10s wall %.2f s, CPU %.2f s, peak %s MiB\n' "$name" "$(median "$name" 2)" "$(median "$name" 6)" "$(median "$name" 3)"
done
echo
echo "gridsolve's summary (last run):"
head -n 7 "$scratch/gridsolve-$runs.out"
echo
echo "the peer's output (last run):"
tail -n 12 "$scratch/peer-$runs.out"
