"""The turning mode's ground: an ``ObstacleMap`` that is the board (its origin at the board's
lower-left corner, so that the board's centre is (0, 0)), the buildings and the loading bay it
starts with, and planning on it.

A unit plans around the blocked cells and around where the other units will stand (their goals,
or where they wait), by ``plan_path``: the direct path (the seed's, the shortest, Dubins or
Reeds-Shepp) where it is clear, otherwise the way around.
"""

import dataclasses
import math
import time

import numpy as np

from trajectory import ObstacleMap, PlanStatus, plan_path

BUILDINGS = (
    # (first col, first row, last col, last row), cells of the 24 x 24 map, row 0 at the bottom
    (19, 14, 21, 16),
    (9, 20, 10, 22),
    (2, 17, 4, 19),
    (13, 4, 14, 5),
)
BAY = ((19, 0, 19, 3), (22, 0, 22, 3))
"""The loading bay's two walls, bottom right: the truck backs in between them, against the
board's edge."""


MAX_EXPANSIONS = 2000
"""A search in the scene gives up after this many poses (about half a second): the window must
not freeze on a goal that cannot be reached."""


@dataclasses.dataclass(frozen=True)
class Planned:
    """What planning a unit's way found: the path (a ``TurnPath`` in board coordinates) or None,
    the ``PlanStatus``, the poses the search expanded (board coordinates, (k, 3)), how long
    planning took (ms), and whether a unit that steers had to snap to full lock instead (no
    room there to ease into its turns)."""

    path: object
    status: PlanStatus
    explored: np.ndarray
    milliseconds: float
    snapped: bool = False


class Ground:
    """The board from -``half_size`` to ``half_size`` in x and y, in cells ``cell`` wide."""

    def __init__(self, half_size, cell):
        count = round(2.0 * half_size / cell)
        self.half_size = half_size
        self.map = ObstacleMap(count, count, cell, origin=(-half_size, -half_size))
        self.reset()

    def reset(self):
        """The buildings and the bay of the start, nothing else."""
        self.map.blocked[:] = False
        for first_col, first_row, last_col, last_row in BUILDINGS + BAY:
            self.map.blocked[first_row : last_row + 1, first_col : last_col + 1] = True

    def cell_at(self, point):
        """The (col, row) of the cell under the board point (x, y), or None off the board."""
        cell = tuple(self.map.cells(point[:2]).tolist())
        return cell if self.map.contains(cell) else None

    def centre_of(self, cell):
        """The board point (x, y) at the centre of the cell (col, row)."""
        return tuple(self.map.cell_centre(*cell).tolist())

    def blocked(self, cell):
        return bool(self.map.blocked[cell[1], cell[0]])

    def paint(self, cell, blocked):
        """Block (``blocked``) or free one cell."""
        (self.map.block if blocked else self.map.free)([cell])

    def squares(self):
        """The blocked cells as squares (x0, y0, x1, y1) in board coordinates, (k, 4)."""
        rows, cols = np.nonzero(self.map.blocked)
        low = np.column_stack([cols, rows]) * self.map.cell_size + self.map.origin
        return np.hstack([low, low + self.map.cell_size])

    def leaves(self, point, footprint):
        """Whether a disc of ``footprint`` at the board point touches the board's edge or lies
        beyond it."""
        return max(abs(point[0]), abs(point[1])) + footprint >= self.half_size

    def touches(self, point, footprint):
        """Whether a disc of ``footprint`` at the board point touches a blocked cell or the edge."""
        return self.map.point_hits(point[:2], footprint)

    def plan(self, start, goal, radius, *, heading, reverse, sharpness, footprint, direct, others=()):
        """Plan from pose ``start`` to ``goal`` (x, y), arriving at ``heading`` when given: the
        ``direct`` path (a ``TurnPath`` from ``start``) where it is clear, else around (steering
        with ``sharpness`` when not None). ``others`` are discs (x, y, radius) where other units
        will stand."""
        began = time.perf_counter()
        obstacles = self._with_others(start, goal, footprint, others)
        plan = plan_path(
            start,
            goal,
            radius,
            obstacles=obstacles,
            heading=heading,
            reverse=reverse,
            footprint=footprint,
            max_expansions=MAX_EXPANSIONS,
            sharpness=sharpness,
            direct=direct,
        )
        return Planned(plan.path, plan.status, plan.explored, 1e3 * (time.perf_counter() - began))

    def _with_others(self, start, goal, footprint, others):
        """The map with the cells under the other units' discs blocked too, except cells that
        our own start or goal touch (a unit that stands close may still leave, or be reached)."""
        obstacles = ObstacleMap(
            self.map.cols, self.map.rows, self.map.cell_size, self.map.blocked, self.map.origin
        )
        ours = self.cells_touching([(start[0], start[1], footprint), (goal[0], goal[1], footprint)])
        theirs = self.cells_touching(others) - ours
        if theirs:
            obstacles.block(sorted(theirs))
        return obstacles

    def cells_touching(self, discs):
        """The cells (col, row) that discs (x, y, radius) on the board touch."""
        size, cells = self.map.cell_size, set()
        for x, y, radius in discs:
            px, py = x - self.map.origin[0], y - self.map.origin[1]
            for col in range(math.floor((px - radius) / size) - 1, math.floor((px + radius) / size) + 1):
                for row in range(math.floor((py - radius) / size) - 1, math.floor((py + radius) / size) + 1):
                    inside = 0 <= col < self.map.cols and 0 <= row < self.map.rows
                    gap = math.hypot(
                        max(col * size - px, px - (col + 1) * size, 0.0),
                        max(row * size - py, py - (row + 1) * size, 0.0),
                    )
                    if inside and gap <= radius:
                        cells.add((col, row))
        return cells

    def keeps_clear(self, path, footprint, since=0.0):
        """Whether ``path`` (board coordinates) keeps ``footprint`` clear of the buildings: the whole
        of it, or from ``since`` (a distance along it) on, at samples a quarter of a cell apart (a
        cell cannot hide between two)."""
        if since <= 0.0:
            return not self.map.path_hits(path.segments, footprint)
        samples = max(2, math.ceil(4.0 * (path.length - since) / self.map.cell_size) + 1)
        points = path.pose(np.linspace(since, path.length, samples))[:, :2]
        return bool(self.map.discs_clear(points, footprint).all())
