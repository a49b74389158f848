#!/usr/bin/env python3
"""A deliberately wrong Bloxorz (POJ 3322) solution, for `gridsolve stress`: a plain BFS
over (cell, orientation) that ignores fragile cells: it lets the box stand on an `E` as
on a rigid cell.

    gridsolve stress --puzzle bloxorz -- python3 examples/wrong-bloxorz-fragile.py
"""
import sys
from collections import deque

tokens = sys.stdin.read().split()
at, out = 0, []
while at + 1 < len(tokens) and tokens[at:at + 2] != ["0", "0"]:
    rows, cols = int(tokens[at]), int(tokens[at + 1])
    board = tokens[at + 2:at + 2 + rows]
    at += 2 + rows
    cell = lambda r, c: board[r][c] if 0 <= r < rows and 0 <= c < cols else "#"
    xs = [(r, c) for r in range(rows) for c in range(cols) if board[r][c] == "X"]
    # A state: the top-left cell and 0 standing, 1 lying across, 2 lying down.
    start = (*xs[0], 0 if len(xs) == 1 else 1 if xs[1][0] == xs[0][0] else 2)
    rolls = {0: [(-2, 0, 2), (1, 0, 2), (0, -2, 1), (0, 1, 1)],
             1: [(-1, 0, 1), (1, 0, 1), (0, -1, 0), (0, 2, 0)],
             2: [(-1, 0, 0), (2, 0, 0), (0, -1, 2), (0, 1, 2)]}
    covers = lambda r, c, o: [(r, c)] + ([(r, c + 1)] if o == 1 else [(r + 1, c)] if o == 2 else [])
    seen, queue, answer = {start: 0}, deque([start]), "Impossible"
    while queue:
        r, c, o = state = queue.popleft()
        if o == 0 and cell(r, c) == "O":
            answer = str(seen[state])
            break
        for dr, dc, no in rolls[o]:
            nr, nc = r + dr, c + dc
            under = [cell(*p) for p in covers(nr, nc, no)]
            if "#" in under or (nr, nc, no) in seen:  # the bug: a standing box on E is fine
                continue
            seen[(nr, nc, no)] = seen[state] + 1
            queue.append((nr, nc, no))
    out.append(answer)
print("\n".join(out))
