#!/usr/bin/env python3
"""A deliberately wrong solution of the sliding-tile puzzle in the `fifteen` format, for
`gridsolve stress`: a plain BFS of the blank's moves that first asks the parity rule
whether the goal can be reached, with the rule of odd widths (the tiles' inversions
alone) on every board, so on a board of even width it answers -1 for half the boards
that can be solved (the rule there also counts the rows between the blank and its
goal). Boards of up to 12 cells (its BFS is plain).

    gridsolve stress --puzzle fifteen -- python3 examples/wrong-fifteen-parity.py
"""
import sys
from collections import deque


def inversions(cells, order):
    tiles = [order[v] for v in cells if v]
    return sum(1 for i in range(len(tiles)) for j in range(i + 1, len(tiles))
               if tiles[i] > tiles[j])


def bfs(rows, cols, start, goal):
    seen, queue = {start: 0}, deque([start])
    while queue:
        cells = queue.popleft()
        if cells == goal:
            return seen[cells]
        blank = cells.index(0)
        r, c = divmod(blank, cols)
        for dr, dc in ((1, 0), (0, -1), (0, 1), (-1, 0)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                to = (r + dr) * cols + c + dc
                moved = list(cells)
                moved[blank], moved[to] = moved[to], 0
                moved = tuple(moved)
                if moved not in seen:
                    seen[moved] = seen[cells] + 1
                    queue.append(moved)
    return -1


tokens = sys.stdin.read().split()
at = 0
while at < len(tokens):
    rows, cols = int(tokens[at]), int(tokens[at + 1])
    at += 2
    start = tuple(int(t) for t in tokens[at:at + rows * cols])
    at += rows * cols
    goal = tuple(list(range(1, rows * cols)) + [0])
    if at < len(tokens) and tokens[at] == "goal":
        goal = tuple(int(t) for t in tokens[at + 1:at + 1 + rows * cols])
        at += 1 + rows * cols
    order = {v: i for i, v in enumerate(goal)}
    if rows * cols > 12:
        print(-1)  # beyond its BFS
    elif inversions(start, order) % 2 != inversions(goal, order) % 2:  # the bug
        print(-1)
    else:
        print(bfs(rows, cols, start, goal))
