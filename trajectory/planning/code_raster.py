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


STORED_SQUARES = 2**27
"""A raster of up to this many squares (128 MB: a map of some 700 x 700 cells) is worked out whole,
a sample's code then one look-up; a larger one's codes are worked out for the samples asked for
(some thirty array operations a look-up)."""
_BAND = 256
"""Rows of squares worked out at a time when the whole raster is."""


class CodeRaster:
    """The map (``blocked`` cells (rows, cols) of ``cell_size``) in squares of 1 /
    SQUARES_PER_CELL of a cell, with a border of outside cells: ``BLOCKED`` where the square lies
    in a blocked cell or outside the map, ``OPEN`` where every point of the square has its disc
    of ``margin`` clear (no blocked square within the box of ``margin`` around it), ``UNSURE``
    between. ``stored``: whether to work out all the squares at once (default: up to
    ``STORED_SQUARES``).

    Attributes:
        padding: The border's width in squares: square (padding, padding) has the map's
            lower-left corner.
        shape: The raster's (rows, cols) of squares.
    """

    def __init__(self, blocked, cell_size, margin, stored=None):
        fine = cell_size / SQUARES_PER_CELL
        self._reach = int(margin // fine) + 1  # squares that a box of margin around a square can touch
        border = -(-self._reach // SQUARES_PER_CELL) + 1  # whole cells of outside around the map
        self._blocked = np.pad(blocked, border, constant_values=True)
        self.padding = border * SQUARES_PER_CELL
        self.shape = (self._blocked.shape[0] * SQUARES_PER_CELL, self._blocked.shape[1] * SQUARES_PER_CELL)
        # by_row[r, c]: the blocked cells of row r left of column c.
        self._by_row = np.zeros((self._blocked.shape[0], self._blocked.shape[1] + 1), dtype=np.int32)
        self._by_row[:, 1:] = self._blocked.cumsum(axis=1, dtype=np.int32)
        self._codes = None
        if stored if stored is not None else self.shape[0] * self.shape[1] <= STORED_SQUARES:
            self._codes = self._all()
        else:  # counts[r, c]: the blocked cells below row r and left of column c
            self._counts = _counted_down(self._by_row)

    def at(self, rows, cols):
        """The codes of the squares (``rows``, ``cols``: int arrays of one shape, on the raster):
        int8, that shape."""
        if self._codes is not None:
            return self._codes[rows, cols]
        first_row, end_row = self._stretch(rows, 0)
        first_col, end_col = self._stretch(cols, 1)
        counts = self._counts
        near = (
            counts[end_row, end_col]
            - counts[first_row, end_col]
            - counts[end_row, first_col]
            + counts[first_row, first_col]
        ) > 0
        return self._coded(near, self._blocked[rows // SQUARES_PER_CELL, cols // SQUARES_PER_CELL])

    def _all(self):
        """The codes of all the squares: (rows, cols) int8, worked out a band of rows at a time."""
        rows, cols = np.arange(self.shape[0]), np.arange(self.shape[1])
        (first_row, end_row), (first_col, end_col) = self._stretch(rows, 0), self._stretch(cols, 1)
        across = self._by_row[:, end_col] > self._by_row[:, first_col]  # (cell rows, square cols)
        down = _counted_down(across)
        inside = self._blocked[:, cols // SQUARES_PER_CELL]  # (cell rows, square cols)
        codes = np.empty(self.shape, dtype=np.int8)
        for band in range(0, self.shape[0], _BAND):
            part = slice(band, band + _BAND)
            near = down[end_row[part]] > down[first_row[part]]
            codes[part] = self._coded(near, inside[rows[part] // SQUARES_PER_CELL])
        return codes

    def _stretch(self, squares, axis):
        """The cells that the margin's box around each of ``squares`` (their indices along
        ``axis``) meets along it: [first, end). Cut at the raster's edge: a square whose box
        reaches past it lies in the outside, blocked, and meets a blocked cell either way."""
        cells = self._blocked.shape[axis]
        first = np.maximum((squares - self._reach) // SQUARES_PER_CELL, 0)
        end = np.minimum((squares + self._reach) // SQUARES_PER_CELL + 1, cells)
        return first, end

    @staticmethod
    def _coded(near, blocked):
        """BLOCKED = 0 where ``blocked`` (and so near), UNSURE = 1 where only ``near``, OPEN = 2
        elsewhere."""
        return OPEN - near.view(np.int8) - blocked.view(np.int8)


def _counted_down(values):
    """Running sums of ``values`` (rows, cols) down its columns, from a row of zeros: (rows + 1,
    cols) int32, row r the sum of the rows before it. Added row by row: numpy's cumsum down
    columns is 8 x slower."""
    counts = np.zeros((values.shape[0] + 1, values.shape[1]), dtype=np.int32)
    counts[1:] = values
    for row in range(2, counts.shape[0]):
        counts[row] += counts[row - 1]
    return counts
