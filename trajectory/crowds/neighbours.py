"""Who is near whom among many points in the plane, through a grid of cells rather than all pairs:
the pairs closer than a radius, and the push that keeps neighbours apart.

>>> points = np.array([[0.0, 0.0], [1.0, 0.0], [5.0, 5.0], [0.5, 0.5]])
>>> first, second = close_pairs(points, 1.5)
>>> sorted(tuple(sorted(pair)) for pair in zip(first.tolist(), second.tolist()))
[(0, 1), (0, 3), (1, 3)]
"""

import numpy as np

from trajectory._numerics.checks import finite_points, positive_finite

_FORWARD = ((1, -1), (1, 0), (1, 1), (0, 1))
"""Neighbour cells looked at besides a point's own: half of the eight, so each pair comes once."""
_AROUND = (*_FORWARD, *((-dx, -dy) for dx, dy in _FORWARD))
"""All eight neighbour cells."""
_TABLE_PER_POINT = 64
"""A lookup table of up to this many cells per point is used; beyond, a binary search."""


class CellGrid:
    """Points binned into square cells of side ``size``, in cell order.

    Args:
        points: Shape (n, 2).
        size: The side of a cell.

    Attributes:
        order: (n,) the points' indices in cell order: rank r holds point ``order[r]``.
        starts, counts: (m + 1,) where each of the m occupied cells' points begin in that order,
            and how many; cell m is an empty one, standing for every unoccupied cell.
        cell_of: (n,) the occupied cell of each rank.
    """

    def __init__(self, points, size):
        count = len(points)
        self._size = size
        cells = np.floor(points / size).astype(np.int64)
        # Column by column: a reduction along the first axis of (n, 2) is several times slower.
        self._origin = (
            np.array([cells[:, 0].min(), cells[:, 1].min()]) - 1 if count else np.zeros(2, dtype=np.int64)
        )
        cells -= self._origin  # a free ring of cells around the occupied ones
        self._width = np.int64(cells[:, 0].max() + 2) if count else np.int64(1)
        self._height = np.int64(cells[:, 1].max() + 2) if count else np.int64(1)
        ids = cells[:, 0] * self._height + cells[:, 1]
        self.order = np.argsort(ids)
        sorted_ids = ids[self.order]
        occupied = np.flatnonzero(np.diff(sorted_ids, prepend=-1))
        self._ids = sorted_ids[occupied]
        self.starts = np.append(occupied, count)
        self.counts = np.diff(self.starts, append=count)
        self.cell_of = np.repeat(np.arange(len(occupied)), self.counts[:-1])
        span = int(self._ids[-1]) + self._height + 2 if count else 1
        self._slots = None
        if span <= _TABLE_PER_POINT * count + 4096:  # else the points spread over a huge area
            self._slots = np.full(span, len(occupied))
            self._slots[self._ids] = np.arange(len(occupied))

    def neighbours(self, steps, cells=slice(None)):
        """(m, k) the cells each of ``steps`` ((dx, dy), ... k of them: columns and rows) from each
        occupied cell (or from each of ``cells``, indices of occupied cells); m for an empty one."""
        wanted = self._ids[cells, None] + np.array([dx * self._height + dy for dx, dy in steps])
        if self._slots is not None:
            return self._slots[wanted]
        at = np.minimum(np.searchsorted(self._ids, wanted), len(self._ids) - 1)
        return np.where(self._ids[at] == wanted, at, len(self._ids))

    def around(self, places):
        """(q, 9) the occupied cells of the 3 x 3 block round the cell of each of ``places``
        (q, 2), any points of the plane; m (the empty cell) for the unoccupied ones."""
        cells = np.floor(np.asarray(places, dtype=float) / self._size).astype(np.int64) - self._origin
        x = cells[:, :1] + np.array([-1, 0, 1] * 3)
        y = cells[:, 1:] + np.repeat([-1, 0, 1], 3)
        inside = (x >= 0) & (x < self._width) & (y >= 0) & (y < self._height)
        wanted = np.where(inside, x * self._height + y, -1)
        if not len(self._ids):
            return np.zeros(wanted.shape, dtype=np.int64)
        at = np.minimum(np.searchsorted(self._ids, wanted), len(self._ids) - 1)
        return np.where(inside & (self._ids[at] == wanted), at, len(self._ids))


def close_pairs(points, radius):
    """Each unordered pair {i, j} of ``points`` (n, 2) closer than ``radius``, once.

    Points are binned into square cells of side ``radius``; a point is paired with the later
    points of its own cell and with the points of four of its eight neighbour cells (the other
    four pair with it from their side), so the work grows with the number of close pairs, not n^2.

    Returns:
        Two index arrays (first, second) of equal length.
    """
    grid = CellGrid(points, radius)
    first, second = _candidates(grid, np.ones(len(grid.counts), dtype=bool))
    z = _as_complex(points)[grid.order]
    gap = z[first] - z[second]
    close = gap.real * gap.real + gap.imag * gap.imag < radius * radius
    return grid.order[first[close]], grid.order[second[close]]


def pairs_within(points, centres, radius):
    """Each (centre k, point i) with ``points[i]`` (n, 2) no further than ``radius`` from
    ``centres[k]`` (q, 2): two index arrays, the centres' ascending. The points are binned
    into cells of side ``radius``, so only the 3 x 3 cells round each centre are looked at.

    >>> owner, point = pairs_within(np.array([[0.0, 0.0], [3.0, 0.0]]), np.array([[2.0, 0.0]]), 1.0)
    >>> owner.tolist(), point.tolist()
    ([0], [1])

    Raises:
        ValueError: On points or centres that are not finite (n, 2) numbers, or a radius that
            is not positive.
    """
    points = finite_points(points, "points", min_count=0, dims=2)
    centres = finite_points(centres, "centres", min_count=0, dims=2)
    radius = positive_finite(radius, "radius")
    grid = CellGrid(points, radius)
    cells = grid.around(centres)  # (q, 9)
    found = grid.counts[cells].ravel()
    owner = np.repeat(np.repeat(np.arange(len(centres)), cells.shape[1]), found)
    shift = grid.starts[cells].ravel() - (np.cumsum(found) - found)  # a rank less its place
    point = grid.order[np.arange(len(owner)) + np.repeat(shift, found)]
    gap = points[point] - centres[owner]
    near = gap[:, 0] * gap[:, 0] + gap[:, 1] * gap[:, 1] <= radius * radius
    return owner[near], point[near]


def separation_push(points, radius, crowd):
    """Σ (p_i - p_j) / |p_i - p_j|² over the neighbours j closer than ``radius`` to each point:
    the way (and, in 1 / distance, how hard) Reynolds' separation pushes each point, (n,) complex.

    A cell (of side ``radius``) holding more than ``crowd`` points acts on its neighbours, and its
    points on everyone, as one body: as many points as it holds, at their centroid (the others',
    in a point's own cell), pushing when that is closer than ``radius``. Uncrowded cells push
    point by point, so the work is at most about 4.5 ``crowd`` pairs a point, however tightly
    the points are packed: a crowd pushes its edge outwards as a whole.

    Args:
        points: Shape (n, 2).
        radius: The distance below which points push each other apart.
        crowd: The most points a cell holds and still pushes point by point.
    """
    count = len(points)
    grid = CellGrid(points, radius)
    z = _as_complex(points)[grid.order]
    crowded = grid.counts > crowd
    first, second = _candidates(grid, ~crowded)
    gap = z[first] - z[second]
    square = gap.real * gap.real + gap.imag * gap.imag
    close = np.flatnonzero(square < radius * radius)  # about a quarter of the candidates
    first, second = first[close], second[close]
    away = _pushes(gap[close], 1.0, radius)
    real, imag = np.ascontiguousarray(away.real), np.ascontiguousarray(away.imag)
    push = np.bincount(first, real, count) - np.bincount(second, real, count)
    push = push + 1j * (np.bincount(first, imag, count) - np.bincount(second, imag, count))
    if crowded.any():
        push += _body_pushes(grid, z, crowded, radius)
    result = np.empty(count, dtype=complex)
    result[grid.order] = push
    return result


def _candidates(grid, open_cells):
    """Ranks (first, second) of the pairs to test: within each open cell and between neighbouring
    open cells, each pair once. ``open_cells`` is (m + 1,) like ``grid.counts``."""
    rank = np.flatnonzero(open_cells[grid.cell_of])
    own = grid.cell_of[rank]
    forward = grid.neighbours(_FORWARD)  # (m, 4)
    # Each row's candidates run up from a low rank: the later points of its own cell, then the
    # points of each open forward neighbour. (Rows are gathered by take: indexing them is slower.)
    lows = np.empty((len(rank), 1 + len(_FORWARD)), dtype=np.int64)
    lows[:, 0] = rank + 1
    lows[:, 1:] = np.take(grid.starts[forward], own, axis=0)
    found = np.empty_like(lows)
    found[:, 0] = grid.starts[own] + grid.counts[own] - rank - 1
    found[:, 1:] = np.take((grid.counts * open_cells)[forward], own, axis=0)
    first = np.repeat(rank, found @ np.ones(found.shape[1], dtype=np.int64))  # sum(axis=1) is 3 x slower
    found = found.ravel()
    shift = lows.ravel() - (np.cumsum(found) - found)  # a candidate's rank less its place
    return first, np.arange(len(first)) + np.repeat(shift, found)


def _body_pushes(grid, z, crowded, radius):
    """(n,) the pushes on each rank of the cells acting as bodies: the crowded cells around it,
    and every cell around it when its own is crowded."""
    crowds = np.flatnonzero(crowded)
    near_crowd = np.zeros_like(crowded)
    near_crowd[grid.neighbours(_AROUND, crowds)] = True  # cells are neighbours both ways
    near_crowd[crowds] = True
    near_crowd[-1] = False
    rank = np.flatnonzero(near_crowd[grid.cell_of])  # only these feel a body
    own = grid.cell_of[rank]
    own_crowded = crowded[own]
    around = grid.neighbours(_AROUND, own)
    at = z[rank]
    sums = np.append(np.add.reduceat(z, grid.starts[:-1]), 0.0)
    others = np.maximum(grid.counts[own] - 1, 0)  # in a point's own cell, not counting itself
    centre = (sums[own] - at) / np.maximum(others, 1)
    push = _pushes(at - centre, others * own_crowded, radius)
    centres = sums / np.maximum(grid.counts, 1)
    for cell in around.T:
        weight = grid.counts[cell] * (own_crowded | crowded[cell])
        push += _pushes(at - centres[cell], weight, radius)
    result = np.zeros(len(z), dtype=complex)
    result[rank] = push
    return result


def _pushes(gap, weight, radius):
    """weight · gap / |gap|² where |gap| < radius, else 0 (complex); |gap|² counts as at least
    1e-12, so that points all but on top of each other push hard but finitely."""
    square = gap.real * gap.real + gap.imag * gap.imag
    return gap * (weight * (square < radius * radius) / np.maximum(square, 1e-12))


def _as_complex(points):
    """(n, 2) floats as (n,) complex x + iy."""
    return np.ascontiguousarray(points, dtype=float).view(np.complex128).reshape(-1)
