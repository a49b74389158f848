#!/usr/bin/env python3
"""A deliberately wrong Holedox Moving (POJ 1324) solution, for `gridsolve stress`: a
plain BFS over whole bodies that lets the head step onto the square the tail is leaving,
where the statement says that square is still taken.

    gridsolve stress --puzzle holedox -- python3 examples/wrong-holedox-tail.py
"""
import sys
from collections import deque

numbers = list(map(int, sys.stdin.read().split()))
at, case = 0, 0
while at + 2 < len(numbers) and numbers[at:at + 3] != [0, 0, 0]:
    rows, cols, length = numbers[at:at + 3]
    body = tuple(zip(numbers[at + 3:at + 3 + 2 * length:2], numbers[at + 4:at + 4 + 2 * length:2]))
    at += 3 + 2 * length
    stones = set(zip(numbers[at + 1:at + 1 + 2 * numbers[at]:2], numbers[at + 2:at + 2 + 2 * numbers[at]:2]))
    at += 1 + 2 * numbers[at]
    seen, queue, answer = {body: 0}, deque([body]), -1
    while queue:
        body = queue.popleft()
        if body[0] == (1, 1):
            answer = seen[body]
            break
        (r, c) = body[0]
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            # The bug: body[:-1], the tail's square counted as free.
            if not (1 <= nr <= rows and 1 <= nc <= cols) or (nr, nc) in stones or (nr, nc) in body[:-1]:
                continue
            moved = ((nr, nc),) + body[:-1]
            if moved not in seen:
                seen[moved] = seen[body] + 1
                queue.append(moved)
    case += 1
    print(f"Case {case}: {answer}")
