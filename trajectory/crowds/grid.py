"""A board of square cells, as in the tower-defense seed: cells (col, row) and points (x, y).

>>> grid = Grid()  # the seed's 20 x 12 cells of 40 units
>>> grid.cell_centre(0, 1).tolist()
[20.0, 60.0]
>>> grid.cells([[20.0, 60.0], [799.0, 0.0]]).tolist()
[[0, 1], [19, 0]]
"""

from trajectory.planning.cell_grid import CellGrid

SEED_PATH_CELLS = ((0, 1), (16, 1), (16, 4), (6, 4), (6, 7), (16, 7), (16, 10), (19, 10))
"""The seed's path on its 20 x 12 grid. The seed gives [[0, 1], [COLS - 4, 1], [COLS - 4, 4], [6, 4],
[6, 7], ...] and leaves the rest out; it is completed here in the same zigzag, ending at the right
edge."""


class Grid(CellGrid):
    """A tower-defense board: a ``CellGrid`` of ``cols`` x ``rows`` square cells of
    ``cell_size`` units (by default the seed's 20 x 12 of 40), none blocked until towers are
    placed (``block``)."""

    def __init__(self, cols=20, rows=12, cell_size=40.0, blocked=None):
        super().__init__(cols, rows, cell_size, blocked)
