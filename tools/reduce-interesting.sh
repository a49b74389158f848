#!/bin/sh
# The interestingness test of `cargo xtask bench stress` for the general reducers
# (shrinkray, picire): exit 0 ("interesting") when FILE is a valid input of $PUZZLE
# (`gridsolve validate`) on which the wrong program $WRONG (a python3 file) writes
# another output than gridsolve's judge, the predicate `gridsolve stress` shrinks with
# (there it is "the same kind of failure": a wrong answer). A crash or a time out of
# $WRONG is not interesting. Each call appends a line to $REDUCE_CALLS, and each run of
# $WRONG one to $REDUCE_RUNS, when they are set.
#
#   GRIDSOLVE=target/release/gridsolve PUZZLE=bloxorz WRONG=examples/wrong-bloxorz-goal.py \
#       tools/reduce-interesting.sh FILE
file="$1"
[ -n "${REDUCE_CALLS:-}" ] && echo >> "$REDUCE_CALLS"
"$GRIDSOLVE" validate --puzzle "$PUZZLE" "$file" > /dev/null 2>&1 || exit 1
right=$("$GRIDSOLVE" --puzzle "$PUZZLE" "$file" 2> /dev/null) || exit 1
[ -n "${REDUCE_RUNS:-}" ] && echo >> "$REDUCE_RUNS"
wrong=$(timeout "${REDUCE_TIME_LIMIT:-20}" python3 "$WRONG" < "$file" 2> /dev/null) || exit 1
[ "$right" != "$wrong" ]
