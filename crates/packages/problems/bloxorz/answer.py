#!/usr/bin/env python3
"""Bloxorz answer validator: `answer.py INPUT < ANSWER`. One line per case of INPUT,
each the minimum number of rolls (a whole number, no sign, no leading zero) or
`Impossible`. Exit 42: the answer has that shape; 43: it has not (the reason on
stderr)."""
import re
import sys

rows = open(sys.argv[1]).read().split("\n")
cases, at = 0, 0
while rows[at].split() != ["0", "0"]:
    cases += 1
    at += 1 + int(rows[at].split()[0])
lines = sys.stdin.buffer.read().decode("ascii", "replace").split("\n")
if lines[-1] != "" or len(lines) - 1 != cases:
    sys.exit(print(f"expected {cases} lines, each ending with \\n", file=sys.stderr) or 43)
for number, line in enumerate(lines[:-1], 1):
    if not re.fullmatch(r"Impossible|0|[1-9][0-9]{0,6}", line):
        sys.exit(print(f"line {number}: not a number of rolls or Impossible: {line!r}", file=sys.stderr) or 43)
sys.exit(42)
