"""A board of square cells, as in the tower-defense seed: cells (col, row) and points (x, y).

>>> grid = Grid()  # the seed's 20 x 12 cells of 40 units
>>> grid.cell_centre(0, 1).tolist()
[20.0, 60.0]
>>> grid.cell_of([[20.0, 60.0], [799.0, 0.0]]).tolist()
[[0, 1], [19, 0]]
"""

import numpy as np

from trajectory._numerics.checks import positive_finite, real_array

SEED_PATH_CELLS = ((0, 1), (16, 1), (16, 4), (6, 4), (6, 7), (16, 7), (16, 10), (19, 10))
"""The seed's path on its 20 x 12 grid. The seed gives [[0, 1], [COLS - 4, 1], [COLS - 4, 4], [6, 4],
[6, 7], ...] and leaves the rest out; it is completed here in the same zigzag, ending at the right
edge."""


class Grid:
    """``cols`` x ``rows`` square cells of ``cell_size`` units; cell (0, 0) spans [0, cell_size)^2,
    x grows with the column and y with the row."""

    def __repr__(self):
        return f"Grid({self.cols} x {self.rows} cells of {self.cell_size:g})"

    def __init__(self, cols=20, rows=12, cell_size=40.0):
        for value, name in ((cols, "cols"), (rows, "rows")):
            if not isinstance(value, (int, np.integer)) or value < 1:
                raise ValueError(f"{name} must be a positive whole number, got {value!r}")
        self.cols, self.rows = int(cols), int(rows)
        self.cell_size = positive_finite(cell_size, "cell_size")

    @property
    def size(self):
        """(width, height) of the board in units."""
        return (self.cols * self.cell_size, self.rows * self.cell_size)

    def cell_centre(self, col, row=None):
        """The centre of cell (col, row) (the seed's index2Px): shape (2,) for one cell, (n, 2) for
        cells given as arrays, or as one (n, 2) array of (col, row).

        Raises:
            ValueError: For a cell outside the board.
        """
        cells = real_array(
            col if row is None else np.stack(np.broadcast_arrays(col, row), axis=-1),
            "cells",
            "whole numbers (col, row)",
        )
        if cells.shape[-1:] != (2,) or cells.ndim > 2:
            raise ValueError(f"cells must be (col, row) pairs, got shape {cells.shape}")
        if not np.all(np.isfinite(cells)) or np.any(cells != np.round(cells)):
            raise ValueError("cells must be whole numbers (col, row)")
        cells = cells.astype(int)
        outside = (cells < 0) | (cells >= (self.cols, self.rows))
        if np.any(outside):
            bad = cells.reshape(-1, 2)[np.any(outside.reshape(-1, 2), axis=1)][0].tolist()
            raise ValueError(f"cell {bad} is outside the {self.cols} x {self.rows} board")
        return (cells + 0.5) * self.cell_size

    def cell_of(self, points):
        """The (col, row) of the cell holding each point: shape (2,) or (n, 2), integers; points
        off the board give cells outside [0, cols) x [0, rows) (see ``contains``)."""
        points = real_array(points, "points", "numbers shaped (2,) or (n, 2)")
        if not np.all(np.isfinite(points)):
            raise ValueError("points must be finite")
        return np.floor(points / self.cell_size).astype(int)

    def contains(self, cells):
        """Whether each (col, row) is on the board."""
        cells = np.asarray(cells)
        return np.all((cells >= 0) & (cells < (self.cols, self.rows)), axis=-1)
