"""How far each free cell of an ``ObstacleMap`` is from a goal cell, moving between free cells:
the planner's obstacle-aware distance, and its proof that a walled-in goal cannot be reached.

A unit without a footprint moves between two cells sharing an edge when both are free; across a
corner only when the two cells beside it are free too (touching a blocked cell's corner counts as
touching it). Cells that cannot reach the goal that way cannot reach it by any path.
"""

import math

import numpy as np

_ROUNDS = 4
"""Relaxation rounds between checks of whether the distances have settled."""
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def distances_from(obstacles, cell):
    """The length of the shortest chain of cell centres from each cell to ``cell`` (col, row),
    moving to the eight neighbours as above: shape (rows, cols), ``inf`` where blocked or cut
    off. A cell's distance is within 8.3 % above the straight line between the centres where
    nothing is in the way."""
    free = ~obstacles.blocked
    rows, cols = free.shape
    distances = np.full((rows + 2, cols + 2), math.inf)  # a border of unreachable cells
    open_ = np.zeros((rows + 2, cols + 2), dtype=bool)
    open_[1:-1, 1:-1] = free
    col, row = cell
    distances[row + 1, col + 1] = 0.0
    inner = distances[1:-1, 1:-1]  # a view: relaxed in place
    moves = []
    for dc, dr in _STEPS:
        source = distances[1 + dr : rows + 1 + dr, 1 + dc : cols + 1 + dc]
        allowed = free & open_[1 + dr : rows + 1 + dr, 1 + dc : cols + 1 + dc]
        if dc and dr:  # a diagonal: the two cells beside the corner must be free too
            allowed &= open_[1 + dr : rows + 1 + dr, 1:-1] & open_[1:-1, 1 + dc : cols + 1 + dc]
        moves.append((source, np.where(allowed, math.hypot(dc, dr) * obstacles.cell_size, math.inf)))
    step = np.empty((rows, cols))
    while True:
        before = inner.copy()
        for _ in range(_ROUNDS):
            for source, cost in moves:
                np.add(source, cost, out=step)
                np.minimum(inner, step, out=inner)
        if np.array_equal(inner, before):
            return inner.copy()
