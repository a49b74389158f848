#!/usr/bin/env python3
"""A right Bloxorz (POJ 3322) solution: a plain BFS over (cell, orientation), a few lines
of Python 3 and nothing else. The wrong-*.py programs beside it are plain searches with one bug each;
this one is a reference to try `gridsolve check` on an output that is right:

    python3 examples/bloxorz-bfs.py < fixtures/bloxorz/sample.in > mine.out
    gridsolve check --puzzle bloxorz fixtures/bloxorz/sample.in mine.out
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
        if o == 0 and cell(r, c) == "O":  # standing on the target
            answer = str(seen[state])
            break
        for dr, dc, no in rolls[o]:
            nr, nc = r + dr, c + dc
            under = [cell(*p) for p in covers(nr, nc, no)]
            if "#" in under or (no == 0 and under[0] == "E") or (nr, nc, no) in seen:
                continue
            seen[(nr, nc, no)] = seen[state] + 1
            queue.append((nr, nc, no))
    out.append(answer)
print("\n".join(out))
