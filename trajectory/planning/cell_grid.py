"""A grid of square cells, each free or blocked: the one vocabulary of the map a unit plans on
and a tower-defense board (``ObstacleMap``) and of the field a crowd walks (``FlowField``), which
shares the cells of the map it is made from: a grid tells the fields that watch it of every
change (each may refuse one first, as a field refuses to block its goal).

Cells are (column, row) everywhere; cell (0, 0) spans [0, cell_size)^2 from the grid's ``origin``
(the world point of its lower-left corner, (0, 0) by default), x grows with the column and y
with the row. ``blocked`` is indexed [row, column], as an image is. The verbs: ``block``,
``free`` and ``is_blocked`` take cells, one (col, row) or (k, 2); ``cells`` finds the cells of
world points; ``cell_centre`` the other way.

>>> grid = CellGrid(4, 3, 2.0)
>>> grid.block([(1, 0), (1, 1)])
>>> grid.is_blocked([(1, 1), (2, 1), (9, 9)]).tolist()  # off the grid counts as blocked
[True, False, True]
>>> grid.cells([[3.0, 1.0], [5.9, 4.1]]).tolist(), grid.cell_centre(1, 2).tolist()
([[1, 0], [2, 2]], [3.0, 5.0])
"""

import weakref

import numpy as np

from trajectory._numerics.checks import _shown, positive_finite, real_array

MAX_CELLS = 4096 * 4096
"""The most cells a grid has: a field or a plan keeps several arrays a cell, a few GB at this
size; a larger grid is refused before anything is allocated."""


class CellGrid:
    """``cols`` x ``rows`` square cells ``cell_size`` wide, none blocked unless ``blocked``
    ((rows, cols) booleans, copied) says so, the lower-left corner at the world point
    ``origin`` (x, y).

    Raises:
        ValueError: On sizes that are not positive, more than ``MAX_CELLS`` cells, ``blocked``
            of another shape or kind, or an origin that is not a finite (x, y).
    """

    def __repr__(self):
        at = "" if self.origin == (0.0, 0.0) else f" from ({self.origin[0]:g}, {self.origin[1]:g})"
        return (
            f"{type(self).__name__}({self.cols} x {self.rows} cells of {self.cell_size:g}{at}, "
            f"{int(self.blocked.sum())} blocked)"
        )

    def __init__(self, cols, rows, cell_size, blocked=None, origin=(0.0, 0.0)):
        for value, name in ((cols, "cols"), (rows, "rows")):
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or value < 1:
                raise ValueError(f"{name} must be a positive whole number, got {value!r}")
        self.cols, self.rows = int(cols), int(rows)
        if self.cols * self.rows > MAX_CELLS:
            raise ValueError(
                f"cols x rows must be at most {MAX_CELLS:,} cells, got {self.cols:,} x {self.rows:,}"
            )
        self.cell_size = positive_finite(cell_size, "cell_size")
        corner = real_array(origin, "origin", "a finite (x, y) point")
        if corner.shape != (2,) or not np.all(np.isfinite(corner)):
            raise ValueError(f"origin must be a finite (x, y) point, got {_shown(origin)}")
        self.origin = (float(corner[0]), float(corner[1]))
        """The world point (x, y) of the grid's lower-left corner: cell (0, 0)'s."""
        self.blocked = np.zeros((self.rows, self.cols), dtype=bool)
        """(rows, cols): True where blocked (read it; change it with ``block`` and ``free``)."""
        if blocked is not None:
            blocked = np.asarray(blocked)
            if blocked.shape != self.blocked.shape or blocked.dtype != bool:
                raise ValueError(
                    f"blocked must be (rows, cols) = {self.blocked.shape} booleans, "
                    f"got {blocked.dtype} {blocked.shape}"
                )
            self.blocked[:] = blocked
        self._watchers = []
        """Weak references to the fields that keep what depends on these cells."""

    @property
    def size(self):
        """(width, height) of the grid in world units."""
        return (self.cols * self.cell_size, self.rows * self.cell_size)

    def local(self, points):
        """World ``points`` (..., 2), an array, as seen from the grid's lower-left corner: the
        points themselves at origin (0, 0)."""
        return points if self.origin == (0.0, 0.0) else points - np.array(self.origin)

    def block(self, cells):
        """Block ``cells``: one (col, row), or (k, 2).

        Raises:
            ValueError: On cells that are not whole numbers on the grid.
        """
        self._change(self.checked_cells(cells), True)

    def free(self, cells):
        """Free ``cells``: one (col, row), or (k, 2).

        Raises:
            ValueError: On cells that are not whole numbers on the grid.
        """
        self._change(self.checked_cells(cells), False)

    def watch(self, watcher):
        """Tell ``watcher`` of every change to the cells from now on (kept by a weak reference:
        a field that is dropped stops watching): its ``refuse(cells, value)`` may raise a
        ValueError before anything changes, its ``changed(cells, value)`` hears the cells
        (k, 2) that did change."""
        self._watchers.append(weakref.ref(watcher))

    def _change(self, cells, value):
        """Block (``value`` True) or free ``cells`` (k, 2), checked: every watcher may refuse
        first; then the cells whose state changes are set and every watcher told of them."""
        watchers = [watcher for watcher in (ref() for ref in self._watchers) if watcher is not None]
        if len(watchers) < len(self._watchers):
            self._watchers = [weakref.ref(watcher) for watcher in watchers]
        for watcher in watchers:
            watcher.refuse(cells, value)
        changing = np.unique(cells[self.blocked[cells[:, 1], cells[:, 0]] != value], axis=0)
        if not len(changing):
            return
        self.blocked[changing[:, 1], changing[:, 0]] = value
        for watcher in watchers:
            watcher.changed(changing, value)

    def is_blocked(self, cells):
        """Whether each of ``cells`` (one (col, row): a bool; (k, 2): (k,)) is blocked; a cell
        off the grid counts as blocked."""
        array = self._whole_cells(cells)
        flat = array.reshape(-1, 2)
        inside = np.all((flat >= 0) & (flat < (self.cols, self.rows)), axis=1)
        answer = np.ones(len(flat), dtype=bool)
        answer[inside] = self.blocked[flat[inside, 1], flat[inside, 0]]
        return bool(answer[0]) if array.ndim == 1 else answer

    def contains(self, cells):
        """Whether each (col, row) is on the grid: a bool for one, (k,) for (k, 2)."""
        cells = self._whole_cells(cells)
        inside = np.all((cells >= 0) & (cells < (self.cols, self.rows)), axis=-1)
        return bool(inside) if cells.ndim == 1 else inside

    def cells(self, points):
        """The (col, row) of the cell holding each world point: (2,) ints for one (x, y), (n, 2)
        for (n, 2); points off the grid give cells off it (see ``contains``).

        Raises:
            ValueError: On points that are not finite (x, y) numbers.
        """
        points = real_array(points, "points", "finite numbers shaped (2,) or (n, 2)")
        if points.shape[-1:] != (2,) or points.ndim > 2 or not np.all(np.isfinite(points)):
            raise ValueError(f"points must be finite numbers shaped (2,) or (n, 2), got {_shown(points)}")
        return np.floor((points - self.origin) / self.cell_size).astype(np.int64)

    def cell_centre(self, col, row=None):
        """The centre of cell (col, row) in world units: (2,) for one cell, (n, 2) for cells given
        as arrays of columns and rows, or as one (n, 2) array of (col, row).

        Raises:
            ValueError: For a cell that is not whole numbers on the grid.
        """
        cells = col if row is None else np.stack(np.broadcast_arrays(col, row), axis=-1)
        return (self.checked_cells(cells, keep_shape=True) + 0.5) * self.cell_size + self.origin

    def checked_cells(self, cells, name="cells", keep_shape=False):
        """``cells`` as (k, 2) int64 (col, row) (or shaped as given, with ``keep_shape``), or a
        ValueError naming ``name`` unless they are whole numbers on the grid."""
        array = self._whole_cells(cells, name)
        outside = ~np.all((array >= 0) & (array < (self.cols, self.rows)), axis=-1)
        if np.any(outside):
            bad = array.reshape(-1, 2)[outside.reshape(-1)][0].tolist()
            raise ValueError(f"{name}: cell {bad} is off the {self.cols} x {self.rows} grid")
        return array if keep_shape else array.reshape(-1, 2)

    @staticmethod
    def _whole_cells(cells, name="cells"):
        """``cells`` as int64 shaped (2,) or (k, 2), or a ValueError naming ``name``."""
        array = real_array(cells, name, "whole numbers (col, row), one pair or (k, 2)")
        if array.size == 0:
            return np.zeros((0, 2), dtype=np.int64)
        if array.shape[-1:] != (2,) or array.ndim > 2:
            raise ValueError(f"{name} must be (col, row) pairs, one or (k, 2), got shape {array.shape}")
        if not np.all(np.isfinite(array)) or np.any(array != np.round(array)):
            raise ValueError(f"{name} must be whole numbers (col, row), got {_shown(cells)}")
        return array.astype(np.int64)
