#!/usr/bin/env python3
"""Klotski input validator (BAPCtools / Kattis convention): the layout on stdin, exit 42
when it is valid, 43 (the reason on stderr) when it is not. Arguments are ignored.

It accepts exactly what `gridsolve validate --puzzle klotski` accepts
(crates/parsers/src/validate/klotski.rs), which checktestdata cannot say (the cells of a
label must be 4-connected):

- layout: no byte-order mark; every line, the last one too, ends with `\\n` (no `\\r`);
  tokens are separated by one space, none before the first or after the last; no blank
  line; integers have no sign and no leading zero; nothing follows the goal line;
- a line `R C`, 1 <= R, C and R * C <= 64;
- R rows of exactly C characters from `.` and `A-Z a-z 0-9`; the cells of each label
  4-connected;
- a line `goal L r c`: L labels a piece on the board, 1 <= r <= R, 1 <= c <= C, and the
  piece's bounding box put at (r, c) lies inside the board.

Any such layout is valid, however many pieces and shapes crowd its board: the spec has
no rule on how many bits the solver's state code takes.
"""
import re
import sys

MAX_CELLS = 64
MAX_LINE = 1 << 21
LABELS = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
INT = re.compile(rb"0|[1-9][0-9]*")


def refuse(why):
    print(why, file=sys.stderr)
    sys.exit(43)


def lines_of(data):
    """The lines of a file of strict layout, or a refusal."""
    if data.startswith(b"\xef\xbb\xbf"):
        refuse("a byte-order mark")
    if not data.endswith(b"\n"):
        refuse("the file does not end with \\n")
    lines = data[:-1].split(b"\n")
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            refuse(f"line {number}: longer than {MAX_LINE} bytes")
        if b"\r" in line or b"\t" in line:
            refuse(f"line {number}: \\r or tab")
        if not line:
            refuse(f"line {number}: blank line")
        if line.startswith(b" ") or line.endswith(b" ") or b"  " in line:
            refuse(f"line {number}: not single spaces between tokens")
    return lines


def integer(token, low, high, what):
    if not INT.fullmatch(token):
        refuse(f"{what}: not an integer without sign and leading zeros: {token!r}")
    value = int(token)
    if not low <= value <= high:
        refuse(f"{what} = {value} is not in {low}..={high}")
    return value


def pieces(rows, cols, cells):
    """The pieces in reading order of their first cells: (label, sorted cells), or a
    refusal for a label whose cells are not 4-connected."""
    seen = [False] * (rows * cols)
    found = []
    labels = set()
    for start in range(rows * cols):
        label = cells[start]
        if label == ord(".") or seen[start]:
            continue
        if label in labels:
            refuse(f"the cells of piece {chr(label)} are not connected")
        labels.add(label)
        group, seen[start] = [start], True
        i = 0
        while i < len(group):
            cell = group[i]
            i += 1
            r, c = divmod(cell, cols)
            near = []
            if r > 0:
                near.append(cell - cols)
            if r + 1 < rows:
                near.append(cell + cols)
            if c > 0:
                near.append(cell - 1)
            if c + 1 < cols:
                near.append(cell + 1)
            for n in near:
                if not seen[n] and cells[n] == label:
                    seen[n] = True
                    group.append(n)
        found.append((label, sorted(divmod(cell, cols) for cell in group)))
    return found


def main():
    lines = lines_of(sys.stdin.buffer.read())
    header = lines[0].split(b" ")
    if len(header) != 2:
        refuse("line 1: expected `R C`")
    rows = integer(header[0], 1, MAX_CELLS, "R")
    cols = integer(header[1], 1, MAX_CELLS, "C")
    if rows * cols > MAX_CELLS:
        refuse(f"R x C = {rows} x {cols}: more than {MAX_CELLS} cells")
    if len(lines) != rows + 2:
        refuse(f"expected {rows + 2} lines (R C, {rows} rows, goal), found {len(lines)}")
    cells = b""
    for r, row in enumerate(lines[1 : rows + 1], 1):
        if len(row) != cols:
            refuse(f"row {r}: expected {cols} characters, found {len(row)}")
        if any(b != ord(".") and b not in LABELS for b in row):
            refuse(f"row {r}: a character other than . and A-Z a-z 0-9")
        cells += row
    found = pieces(rows, cols, cells)
    goal = lines[rows + 1].split(b" ")
    if len(goal) != 4 or goal[0] != b"goal":
        refuse("expected the goal line `goal L r c`")
    label = goal[1]
    if len(label) != 1 or label[0] not in LABELS:
        refuse(f"goal: {label!r} is not a label A-Z a-z 0-9")
    r = integer(goal[2], 1, rows, "r")
    c = integer(goal[3], 1, cols, "c")
    piece = [piece_cells for l, piece_cells in found if l == label[0]]
    if not piece:
        refuse(f"goal: no piece {label.decode()} on the board")
    height = max(pr for pr, _ in piece[0]) - min(pr for pr, _ in piece[0]) + 1
    width = max(pc for _, pc in piece[0]) - min(pc for _, pc in piece[0]) + 1
    if r - 1 + height > rows or c - 1 + width > cols:
        refuse("the goal puts its piece outside the board")
    sys.exit(42)


main()
