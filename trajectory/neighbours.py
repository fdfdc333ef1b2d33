"""Pairs of points closer than a radius, found through a grid of cells rather than all pairs.

>>> points = np.array([[0.0, 0.0], [1.0, 0.0], [5.0, 5.0], [0.5, 0.5]])
>>> first, second = close_pairs(points, 1.5)
>>> sorted(tuple(sorted(pair)) for pair in zip(first.tolist(), second.tolist()))
[(0, 1), (0, 3), (1, 3)]
"""

import numpy as np

_FORWARD = ((1, -1), (1, 0), (1, 1), (0, 1))
"""Neighbour cells looked at besides a point's own: half of the eight, so each pair comes once."""
_TABLE_PER_POINT = 64
"""A counting table of up to this many cells per point is used; beyond, a binary search."""


def close_pairs(points, radius, per_cell=None):
    """Each unordered pair {i, j} of ``points`` (n, 2) closer than ``radius``, once.

    Points are binned into square cells of side ``radius``; a point is paired with the later
    points of its own cell and with the points of four of its eight neighbour cells (the other
    four pair with it from their side), so the work grows with the number of close pairs, not n^2.

    Args:
        points: Shape (n, 2).
        radius: The distance below which two points are a pair.
        per_cell: If given, each point looks at no more than this many points of each cell
            (the next ones of its own, the first ones of a neighbour's): the work and memory
            are then at most 5 x per_cell pairs a point however tightly the points are packed,
            and only cells more crowded than that lose pairs.

    Returns:
        Two index arrays (first, second) of equal length.
    """
    count = len(points)
    cells = np.floor(points / radius).astype(np.int64)
    if count:
        cells -= cells.min(axis=0) - 1  # a free ring of cells around the occupied ones
    height = np.int64(cells[:, 1].max() + 2) if count else np.int64(1)
    ids = cells[:, 0] * height + cells[:, 1]
    order = np.argsort(ids, kind="stable")
    sorted_ids = ids[order]
    rank = np.arange(count)
    cell_count = int(sorted_ids[-1]) + height + 2 if count else 1
    if cell_count <= _TABLE_PER_POINT * count + 4096:
        # A counting table over the cells: where each cell's points start in the sorted order.
        counts = np.bincount(sorted_ids, minlength=cell_count)
        table_starts = np.cumsum(counts) - counts

        def cell_range(wanted):
            return table_starts[wanted], counts[wanted]
    else:  # points spread over a huge area: a table would be mostly empty, search instead

        def cell_range(wanted):
            low = np.searchsorted(sorted_ids, wanted, side="left")
            return low, np.searchsorted(sorted_ids, wanted, side="right") - low

    own_start, own_count = cell_range(sorted_ids)
    first_parts = [rank]
    second_parts = [rank + 1]  # same cell: the later points, ranks rank + 1 .. end - 1
    found_parts = [own_start + own_count - rank - 1]
    for dx, dy in _FORWARD:
        low, found = cell_range(sorted_ids + (dx * height + dy))
        first_parts.append(rank)
        second_parts.append(low)
        found_parts.append(found)
    x, y = points[order, 0], points[order, 1]  # in the sorted order the ranks index
    found = np.concatenate(found_parts)
    if per_cell is not None:
        found = np.minimum(found, per_cell)
    total = int(found.sum())
    first = np.repeat(np.concatenate(first_parts), found)
    within = np.arange(total) - np.repeat(np.cumsum(found) - found, found)
    second = np.repeat(np.concatenate(second_parts), found) + within
    gap_x, gap_y = x[first] - x[second], y[first] - y[second]
    close = gap_x * gap_x + gap_y * gap_y < radius * radius
    return order[first[close]], order[second[close]]
