#!/usr/bin/env bash
# Korf and Felner's 24-puzzles, one instance at a time, in pieces that survive a stop.
#
#   usage: crates/fifteen/results/korf-felner-24.sh N [MINUTES]      (N: 1 to 50, in the corpus order)
#
# Runs instance N (crates/fifteen/tests/data/korf-felner-24.in) with the `dist` build of
# gridsolve for this machine's processor, `--stats`, the zero-aware tables (`--partition
# zero-aware`: 14 partitions in 11 tables, 249 MB, built once in about five minutes and
# kept in the cache), the blank's moves tried up, left, right, down (`--move-order
# ULRD`, the order of the published runs, as every row of the results), on every core,
# checkpointing to target/korf-felner-24/N.checkpoint;
# after MINUTES (default 55) the run is sent SIGTERM, writes where it stands and stops,
# and the next call goes on from the checkpoint (`--resume`), so a search of many hours
# is run in pieces of under an hour. The seconds of all the pieces are summed in
# target/korf-felner-24/N.seconds. When the search ends, the instance's row is added to
# crates/fifteen/results/korf-felner-24.tsv: instance, moves, expanded, generated (as
# `--stats` prints them: the same on any number of threads), seconds, threads, commit.
# The checkpoint names the version and the tables, so a piece of another commit is
# refused rather than mixed in; commit the row as it comes.
# Exit status: 0 the row was written, 3 stopped with a checkpoint to resume from,
# 1 anything else.
set -euo pipefail
cd "$(dirname "$0")/../../.."
n=${1:?usage: crates/fifteen/results/korf-felner-24.sh N [MINUTES]}
minutes=${2:-55}
[[ $n =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] && [ "$n" -le 50 ] || { echo "N is 1 to 50" >&2; exit 1; }
results=crates/fifteen/results/korf-felner-24.tsv
if [ -f "$results" ] && awk -F'\t' -v n="$n" '$1 == n { found = 1 } END { exit !found }' "$results"; then
    echo "instance $n is in $results already" >&2
    exit 1
fi
state=target/korf-felner-24
mkdir -p "$state"
input=$state/$n.in
# Each instance is 12 lines: "5 5", five rows, "goal", five rows.
sed -n "$(((n - 1) * 12 + 1)),$((n * 12))p" crates/fifteen/tests/data/korf-felner-24.in >"$input"
# Built for this machine's processor (`-C target-cpu=native`: on instances 40 and 25,
# 0.85x the CPU time of the portable build, the same counts), in a target directory of
# its own, so that the workspace's other builds are not made again.
RUSTFLAGS="-C target-cpu=native" cargo build -q --profile dist -p cli --target-dir "$state/build"
bin=$state/build/dist/gridsolve
checkpoint=$state/$n.checkpoint
# No budget: the command line's default (two billion positions generated, about a
# minute) stops all but the easiest of these (instances 13 and 37 at c1d20fd, with
# 3.7e9 and 5.3e9 generated); a budget of 10^18 is none.
args=(-p fifteen --stats --partition zero-aware --move-order ULRD --max-states 1000000000000000000 --checkpoint "$checkpoint")
[ -f "$checkpoint" ] && args+=(--resume "$checkpoint")
threads=$(nproc)
start=$(date +%s.%N)
set +e
# `--foreground`: plain `timeout` signals the run and then its process group, and a
# gridsolve before 71bdb52 (where two signals within a second are one stop) could take the
# second as "stop at once", without its checkpoint: instance 11 lost 90 s so.
timeout --foreground -s TERM -k 60 "${minutes}m" "$bin" "${args[@]}" "$input" >"$state/$n.out" 2>"$state/$n.err"
status=$?
set -e
spent=$(echo "$(date +%s.%N) - $start" | bc)
total=$(echo "$(cat "$state/$n.seconds" 2>/dev/null || echo 0) + $spent" | bc)
echo "$total" >"$state/$n.seconds"
if [ "$status" -ne 0 ]; then
    if grep -q "go on with --resume" "$state/$n.err"; then
        printf 'instance %s: stopped after %.0f s (%.0f s in all); run again to go on\n' "$n" "$spent" "$total"
        exit 3
    fi
    if grep -q "stopped before a checkpoint was written" "$state/$n.err"; then
        # Stopped in the quick try before the databases (which a run makes again):
        # no checkpoint yet. A stop while the tables are built leaves one (of the
        # search not begun), and the tables finished are in the cache.
        echo "instance $n: stopped before its first checkpoint (in the quick try); give the first piece more minutes" >&2
        exit 1
    fi
    cat "$state/$n.err" >&2
    exit 1
fi
moves=$(head -1 "$state/$n.out")
read -r expanded generated < <(sed -n 's/^case 1: expanded \([0-9]*\), generated \([0-9]*\).*/\1 \2/p' "$state/$n.err")
[ -n "$moves" ] && [ -n "${expanded:-}" ] || { cat "$state/$n.err" >&2; exit 1; }
[ -f "$results" ] || printf 'instance\tmoves\texpanded\tgenerated\tseconds\tthreads\tcommit\n' >"$results"
printf '%s\t%s\t%s\t%s\t%.0f\t%s\t%s\n' "$n" "$moves" "$expanded" "$generated" "$total" "$threads" \
    "$(git rev-parse --short=12 HEAD)" >>"$results"
rm -f "$checkpoint" "$state/$n.seconds"
echo "instance $n: $moves moves, $expanded expanded, $(printf %.0f "$total") s"
