"""How far each free cell of an ``ObstacleMap`` is from a goal cell, moving between free cells:
the planner's obstacle-aware distance, and its proof that a walled-in goal cannot be reached.

A unit without a footprint moves between two cells sharing an edge when both are free; across a
corner only when the two cells beside it are free too (touching a blocked cell's corner counts as
touching it). Cells that cannot reach the goal that way cannot reach it by any path.

The distances are relaxed by sweeps along whole lines of cells (rows, columns and both diagonals,
each way): along a line, a cell's distance is the least over the cells of its open stretch of
their distance plus the steps between, a running minimum. The axes take turns until a sweep along
each has changed nothing: a few rounds settle the map where relaxing one step at a time would
take as many rounds as the longest path has cells.
"""

import functools
import math

import numpy as np

_AXES = ((0, 1), (1, 0), (1, 1), (1, -1))
"""The directions of the lines swept, as (row step, column step): each is swept both ways."""


def distances_from(obstacles, cell):
    """The length of the shortest chain of cell centres from each cell to ``cell`` (col, row),
    moving to the eight neighbours as above: shape (rows, cols), ``inf`` where blocked or cut
    off. A cell's distance is within 8.3 % above the straight line between the centres where
    nothing is in the way."""
    rows, cols = obstacles.blocked.shape
    sweeps, apart = _sweeps(obstacles.blocked.tobytes(), (rows, cols), obstacles.cell_size)
    distances = np.full((rows + 2) * (cols + 2), math.inf)  # a border of blocked cells around the map
    col, row = cell
    distances[(row + 1) * (cols + 2) + col + 1] = 0.0
    settled, axis = 0, 0  # sweeps in a row that changed nothing, and the next one's axis
    while settled < len(sweeps):  # a sweep along every axis changed nothing: done
        line, offsets = sweeps[axis]
        along = distances[line]
        forwards = np.minimum.accumulate(along - offsets, axis=0) + offsets
        backwards = np.minimum.accumulate((along + offsets)[::-1], axis=0)[::-1] - offsets
        nearest = np.minimum(forwards, backwards)
        nearest[nearest >= apart] = math.inf  # reached only across a closed step: not at all
        # Changed, but for the rounding of the offsets?
        settled = 0 if np.any(nearest < along - 1e-9 * apart) else settled + 1
        distances[line] = nearest
        axis = (axis + 1) % len(sweeps)
    return distances.reshape(rows + 2, cols + 2)[1:-1, 1:-1].copy()


@functools.lru_cache(maxsize=8)
def _sweeps(blocked_bytes, shape, cell_size):
    """For each axis: the lines of the bordered map's cells along it (flat indices, (k, n): n
    lines of k cells) and each cell's offset along its line: its steps from
    the line's start, plus ``apart`` per closed step before it (into or out of a blocked cell, or
    a diagonal past one), so that a running minimum never reaches across one. ``apart`` is more
    than any distance on the map: a path visits each cell at most once, sqrt(2) cells a step."""
    rows, cols = shape
    free = np.zeros((rows + 2, cols + 2), dtype=bool)
    free[1:-1, 1:-1] = ~np.frombuffer(blocked_bytes, dtype=bool).reshape(shape)
    index = np.arange(free.size).reshape(free.shape)
    apart = 2.0 * rows * cols * cell_size
    sweeps = []
    for dr, dc in _AXES:
        line = _lines(index, dr, dc)
        open_step = free.copy()  # the step into each cell from the one before it on its line
        open_step[1:-1, 1:-1] &= free[1 - dr : rows + 1 - dr, 1 - dc : cols + 1 - dc]
        if dr and dc:  # a diagonal: the two cells beside the corner it crosses must be free too
            open_step[1:-1, 1:-1] &= free[1 - dr : rows + 1 - dr, 1:-1] & free[1:-1, 1 - dc : cols + 1 - dc]
        closed = ~open_step.reshape(-1)[line]
        closed[0] = True
        step = math.hypot(dr, dc) * cell_size
        offsets = np.arange(line.shape[0])[:, None] * step + np.cumsum(closed, axis=0) * apart
        sweeps.append((line, offsets))
    return tuple(sweeps), apart


def _lines(index, dr, dc):
    """The cells of ``index`` on lines along (dr, dc): shape (k, n), n lines of k cells, each cell
    once. A diagonal line runs on from the map's last column into its first, both of them
    border cells: no step leads across."""
    rows, cols = index.shape
    if (dr, dc) == (0, 1):
        return index.T.copy()
    if (dr, dc) == (1, 0):
        return index
    along, start = np.arange(rows)[:, None], np.arange(cols)[None, :]
    return index[along, (start + dc * along) % cols]
