#!/usr/bin/env python3
"""Holedox answer validator: `answer.py INPUT < ANSWER`. One line per case of INPUT,
`Case k: N` with k counting from 1 and N the fewest steps (a whole number, no sign, no
leading zero) or -1. Exit 42: the answer has that shape; 43: it has not (the reason on
stderr)."""
import re
import sys

tokens = open(sys.argv[1]).read().split()
cases, at = 0, 0
while tokens[at : at + 3] != ["0", "0", "0"]:
    cases += 1
    length = int(tokens[at + 2])
    stones = int(tokens[at + 3 + 2 * length])
    at += 3 + 2 * length + 1 + 2 * stones
lines = sys.stdin.buffer.read().decode("ascii", "replace").split("\n")
if lines[-1] != "" or len(lines) - 1 != cases:
    sys.exit(print(f"expected {cases} lines, each ending with \\n", file=sys.stderr) or 43)
for number, line in enumerate(lines[:-1], 1):
    if not re.fullmatch(rf"Case {number}: (-1|0|[1-9][0-9]{{0,6}})", line):
        sys.exit(print(f"line {number}: not `Case {number}: N`: {line!r}", file=sys.stderr) or 43)
sys.exit(42)
