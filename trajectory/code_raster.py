"""The code raster of an ``ObstacleMap``: the map in squares a fraction of a cell wide, each
coded by whether a point in it lies in a blocked cell, near one, or clear of them by a margin.
One look-up there decides almost every sample point of the planner's clearance tests.

The squares are never stored (a 2000 x 2000 map has a billion): a square is near a blocked cell
when the box of the margin around it meets one, and the box meets whole cells, so that the count
of blocked cells in a rectangle of cells (a summed-area table's four corners) answers it.
"""

import functools

import numpy as np

SQUARES_PER_CELL = 16
"""The code raster's squares per cell width: a sample within a square of a blocked cell's (1/16
of a cell) needs a closer look; 8 made twice as many moves need the exact test."""
BLOCKED, UNSURE, OPEN = 0, 1, 2
"""The code raster's values: a square in a blocked cell or off the map; near one; clear by a
margin."""


def code_raster(obstacles, margin):
    """The ``CodeRaster`` of ``obstacles`` for ``margin`` (kept for the next plan on the same map)."""
    blocked = obstacles.blocked
    return _code_raster_of(blocked.tobytes(), blocked.shape, obstacles.cell_size, margin)


@functools.lru_cache(maxsize=8)
def _code_raster_of(blocked_bytes, shape, cell_size, margin):
    return CodeRaster(np.frombuffer(blocked_bytes, dtype=bool).reshape(shape), cell_size, margin)


class CodeRaster:
    """The map (``blocked`` cells (rows, cols) of ``cell_size``) in squares of 1 /
    SQUARES_PER_CELL of a cell, with a border of outside cells: ``BLOCKED`` where the square lies
    in a blocked cell or outside the map, ``OPEN`` where every point of the square has its disc
    of ``margin`` clear (no blocked square within the box of ``margin`` around it), ``UNSURE``
    between.

    Attributes:
        padding: The border's width in squares: square (padding, padding) has the map's
            lower-left corner.
        shape: The raster's (rows, cols) of squares.
    """

    def __init__(self, blocked, cell_size, margin):
        fine = cell_size / SQUARES_PER_CELL
        self._reach = int(margin // fine) + 1  # squares that a box of margin around a square can touch
        border = -(-self._reach // SQUARES_PER_CELL) + 1  # whole cells of outside around the map
        blocked = np.pad(blocked, border, constant_values=True)
        self.padding = border * SQUARES_PER_CELL
        self.shape = (blocked.shape[0] * SQUARES_PER_CELL, blocked.shape[1] * SQUARES_PER_CELL)
        self._cells = blocked.reshape(-1)
        self._cols = blocked.shape[1]
        # counts[r, c]: the blocked cells below row r and left of column c, counted from ``low``
        # cells further out (a square's box reaches up to that many cells beyond the raster).
        self._low = self._reach // SQUARES_PER_CELL + 1
        counts = np.zeros((blocked.shape[0] + 1, blocked.shape[1] + 1), dtype=np.int32)
        counts[1:, 1:] = blocked.cumsum(axis=0, dtype=np.int32).cumsum(axis=1, dtype=np.int32)
        counts = np.pad(counts, self._low, mode="edge")  # (row and column 0 are zeros)
        self._counts = counts.reshape(-1)
        self._counts_width = counts.shape[1]

    def at(self, rows, cols):
        """The codes of the squares (``rows``, ``cols``: int arrays of one shape, on the raster):
        int8, that shape."""
        low, width = self._low, self._counts_width
        first_row = (rows - self._reach) // SQUARES_PER_CELL + low
        end_row = ((rows + self._reach) // SQUARES_PER_CELL + 1 + low) * width
        first_col = (cols - self._reach) // SQUARES_PER_CELL + low
        end_col = (cols + self._reach) // SQUARES_PER_CELL + 1 + low
        first_row *= width
        counts = self._counts
        near = (
            counts[end_row + end_col]
            - counts[first_row + end_col]
            - counts[end_row + first_col]
            + counts[first_row + first_col]
        ) > 0
        inside = self._cells[rows // SQUARES_PER_CELL * self._cols + cols // SQUARES_PER_CELL]
        # BLOCKED = 0 where blocked (and so near), UNSURE = 1 where only near, OPEN = 2 elsewhere.
        return OPEN - near.view(np.int8) - inside.view(np.int8)
