#!/usr/bin/env python3
"""Bloxorz classic answer validator: `answer.py INPUT < ANSWER`. One line: the minimum
number of moves (a whole number, no sign, no leading zero) or -1. Exit 42: the answer has
that shape; 43: it has not (the reason on stderr)."""
import re
import sys

lines = sys.stdin.buffer.read().decode("ascii", "replace").split("\n")
if lines[-1] != "" or len(lines) != 2:
    sys.exit(print("expected 1 line, ending with \\n", file=sys.stderr) or 43)
if not re.fullmatch(r"-1|0|[1-9][0-9]{0,18}", lines[0]):
    sys.exit(print(f"not a number of moves or -1: {lines[0]!r}", file=sys.stderr) or 43)
sys.exit(42)
