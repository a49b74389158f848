#!/usr/bin/env python3
"""Eight (POJ 1077, HDU 1043) output validator, the judges' special judge:
`output.py INPUT ANSWER FEEDBACK_DIR [FLAGS] < TEAM_OUTPUT`. Any solution is right: for
each case of INPUT (a line of the 9 cells, `x` the blank), line N of the team's output
must be moves of the blank in u d l r (`u`: the blank swaps with the tile above it) that
end in `1 2 3 4 5 6 7 8 x` (none for a start that is the goal: an empty line), or
`unsolvable` exactly where the judge's ANSWER says so (no sequence of moves reaches the
goal).

This is `gridsolve check`'s definition of right, line for line: white space (C's
isspace: space, tab, CR, VT, FF) around a line is forgiven, inside it is not; the letters'
case always counts; lines after the last case must be blank, and a line the output does
not have is an empty one (so the empty line of a last case that starts solved may be
missing). With the flag `space_change_sensitive` a line must be exactly its moves and end
with a newline, and nothing may follow the last. The output is read in chunks and the
moves played as they come, so a line of any length costs the board, not its length.
Exit 42: accepted; 43: wrong answer, the reason in FEEDBACK_DIR/judgemessage.txt."""
import os
import sys

GOAL = b"12345678x"
SPACE = b" \t\n\r\x0b\x0c"
# How many bytes of a line are held before it is taken for moves (as gridsolve's
# ANSWER_HELD): `unsolvable` is far shorter.
HELD = 4096
CHUNK = 64 << 10
# For each move and blank cell, the cell the blank goes to (-1: off the board).
TO = {
    ord("u"): [c - 3 if c >= 3 else -1 for c in range(9)],
    ord("d"): [c + 3 if c < 6 else -1 for c in range(9)],
    ord("l"): [c - 1 if c % 3 else -1 for c in range(9)],
    ord("r"): [c + 1 if c % 3 != 2 else -1 for c in range(9)],
}
STRICT = "space_change_sensitive" in sys.argv[4:]


def wrong(message):
    with open(os.path.join(sys.argv[3], "judgemessage.txt"), "a") as feedback:
        feedback.write(message + "\n")
    sys.exit(43)


class Line:
    """The answer line of one case, judged as its bytes come."""

    def __init__(self, number, cells, unsolvable):
        self.number = number
        self.cells = bytearray(cells)
        self.blank = self.cells.index(b"x")
        self.unsolvable = unsolvable
        self.held = bytearray()  # the first bytes, while they may be `unsolvable`
        self.moves = 0  # moves played
        self.started = False  # a byte that is no white space came
        self.space = False  # white space came since the last such byte

    def feed(self, data):
        if STRICT and any(space in data for space in SPACE):
            wrong(f"case {self.number}: white space in the line (space changes count)")
        if not self.started:
            data = data.lstrip(SPACE)
            if not data:
                return
            self.started = True
        if self.space:
            data = b" " + data
            self.space = False
        token = data.rstrip(SPACE)
        if len(token) < len(data):
            self.space = True
        if self.held is not None:
            self.held += token
            if len(self.held) <= HELD:
                return
            if self.unsolvable:
                wrong(f"case {self.number}: the team gives moves, the judge says unsolvable")
            token, self.held = bytes(self.held), None
        self.play(token)

    def play(self, moves):
        cells, blank = self.cells, self.blank
        for i, move in enumerate(moves, self.moves + 1):
            step = TO.get(move)
            if step is None:
                wrong(f"case {self.number}: move {i} is {chr(move)!r}, not one of u d l r")
            to = step[blank]
            if to < 0:
                wrong(f"case {self.number}: move {i} ({chr(move)}) takes the blank off the board")
            cells[blank], cells[to] = cells[to], cells[blank]
            blank = to
        self.blank = blank
        self.moves += len(moves)

    def end(self):
        if self.held is not None:
            said = self.held == b"unsolvable"
            if said or self.unsolvable:
                if not (said and self.unsolvable):
                    team = "unsolvable" if said else "moves"
                    judge = "unsolvable" if self.unsolvable else "a solution"
                    wrong(f"case {self.number}: the team says {team}, the judge {judge}")
                return
            self.play(bytes(self.held))
        if self.cells != GOAL:
            shown = " ".join(chr(c) for c in self.cells)
            wrong(f"case {self.number}: the moves end in {shown}, not in the goal")


cases = [line.split() for line in open(sys.argv[1], "rb").read().split(b"\n") if line.strip()]
answers = open(sys.argv[2], "rb").read().split(b"\n")
lines = [
    Line(n, b"".join(cells), n <= len(answers) and answers[n - 1].strip() == b"unsolvable")
    for n, cells in enumerate(cases, 1)
]
at = 0  # the line being read: lines[at], or past the last case
read = sys.stdin.buffer.read1
while True:
    chunk = read(CHUNK)
    if not chunk:
        break
    while chunk:
        end = chunk.find(b"\n")
        part = chunk if end < 0 else chunk[:end]
        chunk = b"" if end < 0 else chunk[end + 1 :]
        if at < len(lines):
            lines[at].feed(part)
        elif STRICT or part.strip(SPACE):
            wrong(f"line {at + 1}: output after the last case")
        if end >= 0:
            if at < len(lines):
                lines[at].end()
            at += 1
if STRICT and at < len(lines):
    wrong(f"expected {len(lines)} lines, each ending with a newline; found {at}")
for line in lines[at:]:
    line.end()
sys.exit(42)
