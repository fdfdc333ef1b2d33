"""How far each free cell of an ``ObstacleMap`` is from a goal cell, moving between free cells:
the planner's obstacle-aware distance, and its proof that a walled-in goal cannot be reached,
for the whole map at once (``MapDistances``; on a large map the planner asks ``goal_waves`` for
the cells it needs instead).

A unit without a footprint moves between two cells sharing an edge when both are free; across a
corner only when the two cells beside it are free too (touching a blocked cell's corner counts as
touching it). Cells that cannot reach the goal that way cannot reach it by any path.

The distances are relaxed by sweeps along whole lines of cells (rows, columns and both diagonals,
each way): along a line, a cell's distance is the least over the cells of its open stretch of
their distance plus the steps between, a running minimum. The axes take turns until a sweep along
each has changed nothing: a few rounds settle the map where relaxing one step at a time would
take as many rounds as the longest path has cells. A sweep goes only over the rows that changed
since that axis was last swept (and, along columns and diagonals, over the open stretches
through them): where the way winds through a maze, one corridor at a time. Every line is a
view of one array of the cells (a diagonal steps one cell more or less than a row's width
through it): a sweep gathers and scatters nothing. Where the ways bend round obstacles at
every few cells, the sweeps take many rounds, and a search in buckets (``bucket_search``) finds
the same distances sooner.
"""

import functools
import math

import numpy as np

from trajectory.planning.bucket_search import bucket_steps
from trajectory.planning.goal_waves import GoalDistances

SWEPT_CELLS = 2**15
"""Maps of up to this many cells are swept whole; larger ones are worked out as far as asked
(``goal_waves``): on the benchmark's maps the sweeps take 1.8 ms on 64 x 64 cells (the waves to
the start 5.8 ms), 24 ms on 192 x 192 (13.5 ms), 250 ms on 384 x 384 (46 ms)."""
BUCKETED = 0.4
"""The share of a map's cells that are free beside a blocked cell (or the map's edge) from which
``steps_to`` searches in buckets rather than sweeps: the sweeps' rounds grow with how often the
ways bend round obstacles, the search's time with the free cells alone. On 100 x 100 maps
(ms, swept / searched): open, a wall with two gaps 0.6 / 4.8, 0.9 / 4.8 (shares 0.04, 0.06);
random blocks of 1 to 4 cells over 30 % 3.0-4.1 / 3.5 (0.31-0.33); random single cells over
15 % 4.0 / 4.3 (0.43), over 30 % 7.1 / 3.3 (0.55); a serpentine maze 5.1 / 3.5 (0.50)."""
_FAR = 2**62
"""A cell not reached (yet), in the integer units of the sweeps: more than any distance plus any
offset, and twice it still an int64."""


def grid_distances(obstacles, goal, start):
    """The distances of the cells of ``obstacles`` to the cell ``goal`` (col, row) that a plan
    from the cell ``start`` asks for: ``at(col, row)`` and ``reaches(col, row)``, swept whole on a
    map of up to ``SWEPT_CELLS`` cells, else worked out as far as asked."""
    if obstacles.blocked.size <= SWEPT_CELLS:
        return MapDistances(obstacles, goal)
    return GoalDistances(obstacles, goal, start)


class MapDistances:
    """The distances of all cells of ``obstacles`` to the cell ``goal`` (col, row), by
    ``distances_from``: ``at(col, row)`` and ``reaches(col, row)``, as
    ``goal_waves.GoalDistances`` answers."""

    def __init__(self, obstacles, goal):
        self._rows = distances_from(obstacles, goal).tolist()

    def at(self, col, row):
        """The distance of cell (col, row) to the goal's (``distances_from``)."""
        return self._rows[row][col]

    def reaches(self, col, row):
        """Whether cell (col, row) can reach the goal's."""
        return math.isfinite(self._rows[row][col])


def distances_from(obstacles, cell):
    """The length of the shortest chain of cell centres from each cell to ``cell`` (col, row),
    moving to the eight neighbours as above: shape (rows, cols), ``inf`` where blocked or cut
    off. A cell's distance is within 8.3 % above the straight line between the centres where
    nothing is in the way. Worked out in whole units of a cell's width (2^-40 of it on maps up
    to 64 x 64 cells), a diagonal step rounded to the nearest unit: to 1e-12 per step."""
    return steps_to(obstacles.blocked, [cell]) * obstacles.cell_size


def steps_to(blocked, goals):
    """``distances_from`` in cell widths, to the nearest of several ``goals`` ((k, 2) cells (col,
    row)) of the map ``blocked`` (rows, cols): shape (rows, cols). Swept, or where obstacles are
    everywhere (``BUCKETED``) searched in buckets (``bucket_search``): the same distances to the
    last bit."""
    rows, cols = blocked.shape
    free = np.pad(~blocked, 1)
    beside_blocked = free[1:-1, 1:-1] & ~(free[:-2, 1:-1] & free[2:, 1:-1] & free[1:-1, :-2] & free[1:-1, 2:])
    if beside_blocked.mean() >= BUCKETED:
        unit = step_unit(rows, cols)
        steps = bucket_steps(blocked, goals, unit, _diagonal_units(unit), _FAR)
        return np.where(steps < _FAR, steps / unit, math.inf)
    return _swept(blocked, goals)


def _swept(blocked, goals):
    """``steps_to`` by the sweeps."""
    rows, cols = blocked.shape
    layouts, apart, unit = _sweeps(blocked.tobytes(), (rows, cols))
    # The bordered map's cells, row by row, and blocked cells after them for the lines' layouts.
    cells = np.full(max(layout[0] for layout in layouts), _FAR, dtype=np.int64)
    inner = cells[: (rows + 2) * (cols + 2)].reshape(rows + 2, cols + 2)[1:-1, 1:-1]
    for col, row in goals:
        inner[row, col] = 0
    sweeps = [
        (_lines_of(cells, length, width, transposed), offsets, transposed, reach, width, cols + 2)
        for length, width, transposed, offsets, reach in layouts
    ]
    buffer = np.empty((2, cells.size), dtype=np.int64)
    # The rows (of the bordered map) changed since each axis was last swept: (first, last), or None.
    dirty = [(0, rows + 1)] * len(sweeps)
    settled, axis = 0, 0  # sweeps in a row that changed nothing, and the next one's axis
    while settled < len(sweeps):  # a sweep along every axis changed nothing: done
        changed = None if dirty[axis] is None else _sweep(*sweeps[axis], dirty[axis], apart, buffer)
        dirty[axis] = None
        if changed is None:
            settled += 1
        else:
            settled = 0
            first, last = changed
            dirty = [
                band
                if k == axis
                else (first, last)
                if band is None
                else (min(band[0], first), max(band[1], last))
                for k, band in enumerate(dirty)
            ]
        axis = (axis + 1) % len(sweeps)
    return np.where(inner < apart, inner / unit, math.inf)


def _sweep(along, offsets, transposed, reach, step, width, band, apart, buffer):
    """One sweep along one axis, each way, in place, of the lines through the rows ``band``
    (first, last) of the bordered map (``width`` cells a row; a line steps ``step`` cells):
    the rows it changed (first, last), or None. A value reached only across a closed step is
    ``apart`` or more: not reached (the sweeps carry it, but never count it)."""
    first, last = band
    if transposed:  # the lines are the map's rows
        part = (slice(None), slice(first, last + 1))
    else:  # place p of a line holds cells p * step to p * step + step - 1 in the map's order
        top = along.shape[0] - 1
        low = min(max((first * width - step + 1) // step, 0), top)
        high = min(((last + 1) * width - 1) // step, top)
        # The open stretches through those places reach these.
        part = (
            slice(int(reach[0][low : high + 1].min()), int(reach[1][low : high + 1].max()) + 1),
            slice(None),
        )
    along, offsets = along[part], offsets[part]
    forwards = buffer[0, : along.size].reshape(along.shape)
    backwards = buffer[1, : along.size].reshape(along.shape)
    np.subtract(along, offsets, out=forwards)
    np.minimum.accumulate(forwards, axis=0, out=forwards)
    forwards += offsets
    np.add(along, offsets, out=backwards)
    np.minimum.accumulate(backwards[::-1], axis=0, out=backwards[::-1])
    backwards -= offsets
    np.minimum(forwards, backwards, out=forwards)
    lower = forwards < along
    moved = np.flatnonzero(lower.any(axis=0 if transposed else 1))
    if not len(moved):
        return None
    along[...] = forwards
    if transposed:
        return int(moved[0]) + first, int(moved[-1]) + first
    start = part[0].start
    return (int(moved[0]) + start) * step // width, ((int(moved[-1]) + start) * step + step - 1) // width


def step_unit(rows, cols):
    """The sweeps' whole units per cell width on a map of ``rows`` x ``cols`` cells: a power of
    two, as fine as int64 allows for the offsets along a line, at most 2^40."""
    line = max(rows, cols) + 2
    return 2 ** min(40, math.floor(math.log2(_FAR / 2 / (line * (2 * rows * cols + 2)))))


def diagonal_step(rows, cols):
    """A diagonal step's length as the sweeps add it (sqrt(2) to the nearest unit), so that
    sums of steps elsewhere are the sweeps' to the last bit."""
    unit = step_unit(rows, cols)
    return _diagonal_units(unit) / unit


def _diagonal_units(unit):
    """A diagonal step in whole ``unit`` per cell width: sqrt(2) to the nearest unit."""
    return round(math.sqrt(2.0) * unit)


def _lines_of(cells, length, width, transposed):
    """The lines of one axis as a view of ``cells`` (k, n): n lines of k cells, along axis 0."""
    lines = cells[:length].reshape(-1, width)
    return lines.T if transposed else lines


@functools.lru_cache(maxsize=8)
def _sweeps(blocked_bytes, shape):
    """For each axis: how its lines lie in the bordered map's cells taken row by row (then
    blocked cells), as ``_lines_of`` takes it: (how many cells, how many a row of the layout,
    transposed), each cell's offset along its line and (but for rows) the reach of the open
    stretches through each place along the lines (``_stretches``). An offset is its steps from
    the line's start, plus ``apart`` per closed step before it (into or out of a blocked cell,
    or a diagonal past one), so that a running minimum never reaches across one. ``apart`` is
    more than any distance on the map: a path visits each cell at most once, sqrt(2) cells a
    step. Offsets and ``apart`` are whole numbers of ``unit`` per cell width (also returned): a
    power of two, as fine as int64 allows for the map's offsets, at most 2^40.

    A line steps by a fixed number of cells in that order: 1 along a row, a row's width up a
    column, one more or one less along a diagonal, which so runs on from the map's last column
    into its first, both of them border cells: no step leads across."""
    rows, cols = shape
    width = cols + 2
    free = np.zeros((rows + 2, width), dtype=bool)
    free[1:-1, 1:-1] = ~np.frombuffer(blocked_bytes, dtype=bool).reshape(shape)
    size = free.size
    # Per axis: the step between cells in the flat order, the layout's row, and the steps to the
    # two cells beside the corner a diagonal crosses.
    axes = ((1, width, True, None), (width, width, False, None))
    axes += ((width + 1, width + 1, False, (width, 1)), (width - 1, width - 1, False, (width, -1)))
    longest = max(-(-size // row) * row for _, row, _, _ in axes)
    # An offset is at most (a diagonal step + apart) per cell of its line: below _FAR / 2.
    unit = step_unit(rows, cols)
    apart = 2 * rows * cols * unit
    flat = np.zeros(longest + width + 1, dtype=bool)  # with room for a diagonal's neighbours
    flat[:size] = free.reshape(-1)
    layouts = []
    for step, row, transposed, beside in axes:
        length = -(-size // row) * row
        index = _lines_of(np.arange(length), length, row, transposed)
        before = index - step  # the cell before each on its line
        open_step = flat[index] & flat[np.maximum(before, 0)] & (before >= 0)
        if beside is not None:
            open_step &= flat[before + beside[0]] & flat[np.maximum(before + beside[1], 0)]
        closed = ~open_step
        closed[0] = True
        reach = _diagonal_units(unit) if beside else unit
        offsets = (
            np.arange(index.shape[0], dtype=np.int64)[:, None] * reach + np.cumsum(closed, axis=0) * apart
        )
        layouts.append((length, row, transposed, offsets, None if transposed else _stretches(closed)))
    return tuple(layouts), apart, unit


def _stretches(closed):
    """For each place along the lines of a layout whose ``closed`` steps (k, n) are known: the
    first and the last place of the open stretches through it, over all lines ((k,), (k,))."""
    places = np.arange(closed.shape[0])[:, None]
    starts = np.maximum.accumulate(np.where(closed, places, 0), axis=0)
    ahead = np.vstack([closed[1:], np.ones((1, closed.shape[1]), dtype=bool)])  # the next step closed
    ends = np.minimum.accumulate(np.where(ahead, places, closed.shape[0])[::-1], axis=0)[::-1]
    return starts.min(axis=1), ends.max(axis=1)
