#!/usr/bin/env python3
"""Eight (POJ 1077) answer validator: `answer.py INPUT < ANSWER`. One line per case of
INPUT (a line each), each the blank's moves in u d l r (empty for a start that is the
goal) or `unsolvable`. Exit 42: the answer has that shape; 43: it has not (the reason on
stderr). Whether the moves solve the case is the output validator's to judge."""
import re
import sys

cases = len(open(sys.argv[1]).read().split("\n")) - 1
lines = sys.stdin.buffer.read().decode("ascii", "replace").split("\n")
if lines[-1] != "" or len(lines) - 1 != cases:
    sys.exit(print(f"expected {cases} lines, each ending with \\n", file=sys.stderr) or 43)
for number, line in enumerate(lines[:-1], 1):
    if not re.fullmatch(r"unsolvable|[udlr]*", line):
        sys.exit(print(f"line {number}: neither moves in u d l r nor unsolvable: {line!r}", file=sys.stderr) or 43)
sys.exit(42)
