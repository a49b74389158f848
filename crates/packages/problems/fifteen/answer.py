#!/usr/bin/env python3
"""Sliding-tile (`fifteen`) answer validator: `answer.py INPUT < ANSWER`. One line per
case of INPUT, each the minimum number of moves (a whole number, no sign, no leading
zero) or -1. Exit 42: the answer has that shape; 43: it has not (the reason on
stderr)."""
import re
import sys

tokens = open(sys.argv[1]).read().split()
cases, at = 0, 0
while at < len(tokens):
    cases += 1
    cells = int(tokens[at]) * int(tokens[at + 1])
    at += 2 + cells
    if at < len(tokens) and tokens[at] == "goal":
        at += 1 + cells
lines = sys.stdin.buffer.read().decode("ascii", "replace").split("\n")
if lines[-1] != "" or len(lines) - 1 != cases:
    sys.exit(print(f"expected {cases} lines, each ending with \\n", file=sys.stderr) or 43)
for number, line in enumerate(lines[:-1], 1):
    if not re.fullmatch(r"-1|0|[1-9][0-9]{0,6}", line):
        sys.exit(print(f"line {number}: not a number of moves or -1: {line!r}", file=sys.stderr) or 43)
sys.exit(42)
