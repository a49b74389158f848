#!/usr/bin/env python3
"""A deliberately wrong solution of the judges' 8-puzzle (POJ 1077, HDU 1043), for
`gridsolve stress`: a right A* with the Manhattan distance, and the parity rule for the
cases with no solution, that writes the moves of the tile that slides instead of the
blank's (`r` where the blank moves left), so every path it writes breaks the rules or
ends elsewhere.

    gridsolve stress --puzzle eight -- python3 examples/wrong-eight-tiles.py
"""
import heapq
import sys

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
STEPS = (("d", 3), ("l", -1), ("r", 1), ("u", -3))
TILE = {"d": "u", "u": "d", "l": "r", "r": "l"}  # the bug


def distance(cells):
    return sum(abs(i // 3 - (v - 1) // 3) + abs(i % 3 - (v - 1) % 3)
               for i, v in enumerate(cells) if v)


def solvable(cells):
    tiles = [v for v in cells if v]
    inversions = sum(1 for i in range(8) for j in range(i + 1, 8) if tiles[i] > tiles[j])
    return inversions % 2 == 0


def solve(start):
    seen = {start: ""}
    queue = [(distance(start), "", start)]
    while queue:
        _, path, cells = heapq.heappop(queue)
        if cells == GOAL:
            return path
        if seen[cells] != path:
            continue
        blank = cells.index(0)
        for letter, step in STEPS:
            to = blank + step
            if not 0 <= to < 9 or (step in (-1, 1) and to // 3 != blank // 3):
                continue
            moved = list(cells)
            moved[blank], moved[to] = moved[to], 0
            moved = tuple(moved)
            longer = path + letter
            if moved not in seen or len(seen[moved]) > len(longer):
                seen[moved] = longer
                heapq.heappush(queue, (len(longer) + distance(moved), longer, moved))
    return None


for line in sys.stdin:
    tokens = line.split()
    if len(tokens) != 9:
        continue
    start = tuple(0 if t == "x" else int(t) for t in tokens)
    path = solve(start) if solvable(start) else None
    print("unsolvable" if path is None else "".join(TILE[c] for c in path))
