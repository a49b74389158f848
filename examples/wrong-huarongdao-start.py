#!/usr/bin/env python3
"""A deliberately wrong Huarongdao (NOIP 2013) solution, for `gridsolve stress`: a plain
BFS over (blank, piece) per query that asks whether the piece is on its target only
after a move, so a query whose piece starts on its target is not answered 0.

    gridsolve stress --puzzle huarongdao -- python3 examples/wrong-huarongdao-start.py
"""
import sys
from collections import deque

numbers = list(map(int, sys.stdin.read().split()))
rows, cols, queries = numbers[:3]
board = [numbers[3 + r * cols:3 + (r + 1) * cols] for r in range(rows)]
at = 3 + rows * cols
for _ in range(queries):
    er, ec, sr, sc, tr, tc = numbers[at:at + 6]
    at += 6
    start = ((er - 1, ec - 1), (sr - 1, sc - 1))
    seen, queue, answer = {start: 0}, deque([start]), -1
    while queue and answer < 0:
        state = queue.popleft()
        (r, c), piece = state
        for blank in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if not (0 <= blank[0] < rows and 0 <= blank[1] < cols) or board[blank[0]][blank[1]] == 0:
                continue
            moved = (blank, (r, c) if blank == piece else piece)
            if moved in seen:
                continue
            seen[moved] = seen[state] + 1
            queue.append(moved)
            if moved[1] == (tr - 1, tc - 1):  # the bug: never asked of the start
                answer = seen[moved]
                break
    print(answer)
