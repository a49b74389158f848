#!/usr/bin/env python3
"""Eight (POJ 1077, HDU 1043) output validator, the judges' special judge:
`output.py INPUT ANSWER FEEDBACK_DIR < TEAM_OUTPUT`. Any solution is right: for each
case of INPUT (a line of the 9 cells, `x` the blank), the team's line must be moves of
the blank in u d l r (`u`: the blank swaps with the tile above it) that end in
`1 2 3 4 5 6 7 8 x`, or `unsolvable` exactly where the judge's ANSWER says so (no
sequence of moves reaches the goal). Spaces around a line and blank lines at the end
are forgiven; the letters' case is not (`output_validator_args: [case_sensitive]`). Exit 42:
accepted; 43: wrong answer, the reason in FEEDBACK_DIR/judgemessage.txt."""
import os
import sys

GOAL = ["1", "2", "3", "4", "5", "6", "7", "8", "x"]
STEP = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}


def wrong(message):
    with open(os.path.join(sys.argv[3], "judgemessage.txt"), "a") as feedback:
        feedback.write(message + "\n")
    sys.exit(43)


cases = [line.split() for line in open(sys.argv[1]).read().split("\n") if line.strip()]
answers = open(sys.argv[2]).read().split("\n")
team = sys.stdin.buffer.read().decode("ascii", "replace").split("\n")
while team and team[-1].strip() == "":
    team.pop()
if len(team) != len(cases):
    wrong(f"expected {len(cases)} lines, found {len(team)}")
for number, (cells, line) in enumerate(zip(cases, team), 1):
    line = line.strip()
    unsolvable = answers[number - 1].strip() == "unsolvable"
    if line == "unsolvable" or unsolvable:
        if line != "unsolvable" or not unsolvable:
            said = "unsolvable" if line == "unsolvable" else "moves"
            wrong(f"case {number}: the team says {said}, the judge {'unsolvable' if unsolvable else 'a solution'}")
        continue
    blank = cells.index("x")
    for i, move in enumerate(line, 1):
        if move not in STEP:
            wrong(f"case {number}: move {i} is {move!r}, not one of u d l r")
        dr, dc = STEP[move]
        row, col = blank // 3 + dr, blank % 3 + dc
        if not (0 <= row < 3 and 0 <= col < 3):
            wrong(f"case {number}: move {i} ({move}) takes the blank off the board")
        to = row * 3 + col
        cells[blank], cells[to] = cells[to], cells[blank]
        blank = to
    if cells != GOAL:
        wrong(f"case {number}: the moves end in {' '.join(cells)}, not in the goal")
sys.exit(42)
