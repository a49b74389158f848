#!/usr/bin/env python3
"""Bloxorz classic input validator (BAPCtools / Kattis convention): the level file on
stdin, exit 42 when it is valid, 43 (the reason on stderr) when it is not. Arguments are
ignored.

It accepts exactly what `gridsolve validate --puzzle bloxorz-classic` accepts
(crates/parsers/src/validate/bloxorz_classic.rs), which checktestdata cannot say (the
bridge, switch and split lines refer to cells of the rows and to each other):

- layout: no byte-order mark; every line, the last one too, ends with `\\n` (no `\\r`);
  tokens are separated by one space, none before the first or after the last; no blank
  line; integers have no sign and no leading zero;
- a line `R C`, 1 <= R, C and R * C <= 2^20;
- R rows of exactly C characters of `# . E X O o h s =`, with exactly one X and one O;
  with T tiles (cells other than `#`) the block and cubes have `3T` states per setting
  of the bridges, `3T + T(T-1)/2` with an `s`, and `2^B` times that is at most 2^26 for
  B = 0 and for the level's B bridges;
- then, to the end of the file, bridge lines, then switch lines, then split lines:
  `bridge N on|off r c [r c]...` numbered 1, 2, ... in order, each cell an `=` of no
  other bridge; `switch r c ACTION N [ACTION N]...` for an `o` or `h` with no other
  switch line, ACTION one of toggle, on, off and N a bridge listed before it;
  `split r c r1 c1 r2 c2` for an `s` with no other split line, with two distinct landing
  cells on the level;
- every `=` is in a bridge, every `o` and `h` has a switch line, every `s` a split line.
"""
import re
import sys

MAX_CELLS = 1 << 20
MAX_STATES = 1 << 26
MAX_LINE = 1 << 21
TILES = set(b"#.EXOohs=")
INT = re.compile(rb"0|[1-9][0-9]*")
PARTS = re.compile(rb"[=ohs]")
KEYWORDS = [b"bridge", b"switch", b"split"]


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


def main():
    lines = lines_of(sys.stdin.buffer.read())
    header = lines[0].split(b" ")
    if len(header) != 2:
        refuse("line 1: expected `R C`")
    rows = integer(header[0], 1, MAX_CELLS, "R")
    cols = integer(header[1], 1, MAX_CELLS, "C")
    if rows * cols > MAX_CELLS:
        refuse(f"a {rows} x {cols} level has more than {MAX_CELLS} cells")
    if len(lines) < rows + 1:
        refuse(f"expected {rows} rows, found {len(lines) - 1} lines")
    grid = lines[1 : rows + 1]
    tiles = 0
    starts = exits = 0
    split = False
    # Every `=`, `o`, `h` and `s`: its 1-based cell and character.
    parts = {}
    for r, row in enumerate(grid, 1):
        if len(row) != cols:
            refuse(f"row {r}: expected {cols} characters, found {len(row)}")
        if not set(row) <= TILES:
            refuse(f"row {r}: a character other than # . E X O o h s =")
        tiles += cols - row.count(b"#")
        starts += row.count(b"X")
        exits += row.count(b"O")
        split |= b"s" in row
        for m in PARTS.finditer(row):
            parts[(r, m.start() + 1)] = row[m.start()]
    if starts != 1 or exits != 1:
        refuse(f"expected one X and one O, found {starts} and {exits}")
    per_setting = 3 * tiles + (tiles * (tiles - 1) // 2 if split else 0)
    room = MAX_STATES // max(per_setting, 1)
    if room == 0:
        refuse(f"{per_setting} states per setting of the bridges, more than {MAX_STATES}")
    max_bridges = room.bit_length() - 1

    def cell(tokens, at, what):
        r = integer(tokens[at], 1, rows, f"the row of {what}")
        c = integer(tokens[at + 1], 1, cols, f"the column of {what}")
        return (r, c)

    def expect(pos, symbols, what):
        if grid[pos[0] - 1][pos[1] - 1] not in symbols:
            refuse(f"{pos} is not {what}")

    listed = set()
    bridges = 0
    stage = 0
    for number, line in enumerate(lines[rows + 1 :], rows + 2):
        tokens = line.split(b" ")
        if tokens[0] not in KEYWORDS:
            refuse(f"line {number}: expected bridge, switch or split")
        kind = KEYWORDS.index(tokens[0])
        if kind < stage:
            refuse(f"line {number}: bridge lines, then switch lines, then split lines")
        stage = kind
        if kind == 0:
            bridges += 1
            if bridges > max_bridges:
                refuse(f"line {number}: more than the {max_bridges} bridges the states allow")
            if len(tokens) < 5 or len(tokens) % 2 == 0:
                refuse(f"line {number}: expected `bridge N on|off r c [r c]...`")
            integer(tokens[1], bridges, bridges, "the bridge number")
            if tokens[2] not in (b"on", b"off"):
                refuse(f"line {number}: expected on or off")
            for at in range(3, len(tokens), 2):
                pos = cell(tokens, at, f"a cell of bridge {bridges}")
                expect(pos, b"=", "a bridge cell `=`")
                if pos in listed:
                    refuse(f"line {number}: {pos} is already a cell of a bridge")
                listed.add(pos)
        elif kind == 1:
            if len(tokens) < 5 or len(tokens) % 2 == 0:
                refuse(f"line {number}: expected `switch r c ACTION N [ACTION N]...`")
            pos = cell(tokens, 1, "the switch")
            expect(pos, b"oh", "a switch `o` or `h`")
            if pos in listed:
                refuse(f"line {number}: a second switch line for {pos}")
            listed.add(pos)
            for at in range(3, len(tokens), 2):
                if tokens[at] not in (b"toggle", b"on", b"off"):
                    refuse(f"line {number}: expected toggle, on or off")
                integer(tokens[at + 1], 1, bridges, "the bridge number")
        else:
            if len(tokens) != 7:
                refuse(f"line {number}: expected `split r c r1 c1 r2 c2`")
            pos = cell(tokens, 1, "the split switch")
            expect(pos, b"s", "a split switch `s`")
            if pos in listed:
                refuse(f"line {number}: a second split line for {pos}")
            listed.add(pos)
            if cell(tokens, 3, "the first landing cell") == cell(
                tokens, 5, "the second landing cell"
            ):
                refuse(f"line {number}: both landing cells are one cell")
    for pos, symbol in parts.items():
        if pos not in listed:
            refuse(f"the `{chr(symbol)}` at {pos} is unused: no line lists it")
    sys.exit(42)


main()
