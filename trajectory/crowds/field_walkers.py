"""A crowd walking a flow field: each walker heads the way the field points at its place, pushed
apart from its neighbours (Reynolds' separation, through ``neighbours.separation_push``), and
never steps into a blocked cell or off the grid: a step that would is taken along one axis only,
or not at all. Thousands queue through a gap instead of passing through each other.

>>> import numpy as np
>>> from trajectory import FlowField
>>> field = FlowField(np.zeros((10, 10), dtype=bool), [(9, 5)])
>>> crowd = FieldWalkers(field)
>>> crowd.spawn([[0.5, 5.5], [0.5, 4.5]], speed=2.0)
>>> for _ in range(600):
...     crowd.step(1 / 60)
>>> crowd.arrived.tolist()
[True, True]
"""

import math

import numpy as np

from trajectory._numerics.checks import positive_finite, real_array
from trajectory._numerics.grid_steps import free_with_border, step_open
from trajectory.crowds.neighbours import separation_push

CROWD = 6
"""A cell of neighbours holding more than this many walkers pushes as one body."""
MAX_SUBSTEPS = 10_000
"""A ``dt`` in which the fastest walker would cross more cells than this is refused."""


class FieldWalkers:
    """Walkers on ``field`` (a ``FlowField``, or anything with ``directions(points)``,
    ``distances``, ``blocked`` and ``cell_size``).

    Args:
        field: Where they walk, and which way.
        spacing: How far apart (world units) walkers keep: closer, they push each other away.
        push: How hard (world units per second, at the spacing) a neighbour pushes.

    Attributes:
        positions: (n, 2) world points. speeds: (n,) world units per second.
        velocities: (n, 2) how each moved in the last step (world units per second).
        arrived: (n,) whether each stands on a goal cell (it stops there, out of the crowd's
            pushing; ``remove_arrived`` takes them out).
    """

    def __repr__(self):
        return f"FieldWalkers({len(self.positions)} walkers, {int(self.arrived.sum())} arrived)"

    def __init__(self, field, spacing=0.4, push=1.5):
        self.field = field
        self.spacing = positive_finite(spacing, "spacing")
        self.push = positive_finite(push, "push")
        self.positions, self.speeds, self.velocities = np.empty((0, 2)), np.empty(0), np.empty((0, 2))
        self.arrived = np.empty(0, dtype=bool)

    def spawn(self, points, speed):
        """Walkers at world ``points`` (k, 2), each on a free cell, walking at ``speed``.

        Raises:
            ValueError: On points that are not finite (k, 2) numbers, or on a blocked cell or off
                the grid, or a speed that is not positive.
        """
        points = real_array(points, "points", "numbers shaped (k, 2)").reshape(-1, 2)
        if not np.all(np.isfinite(points)):
            raise ValueError("points must be finite")
        if not self._walkable(points).all():
            raise ValueError("walkers can only start on free cells of the grid")
        speed = positive_finite(speed, "speed")
        self.positions = np.concatenate([self.positions, points])
        self.speeds = np.concatenate([self.speeds, np.full(len(points), speed)])
        self.velocities = np.concatenate([self.velocities, np.zeros((len(points), 2))])
        self.arrived = np.concatenate([self.arrived, self._on_goal(self._cells(points))])

    def step(self, dt):
        """Walk ``dt`` seconds: the field's way at the speed, plus the neighbours' push, kept on
        free cells; in equal parts of at most a cell's walk for the fastest (a longer step
        could pass a wall).

        Raises:
            ValueError: If ``dt`` is not positive, or so long that the fastest walker would cross
                more than ``MAX_SUBSTEPS`` cells.
        """
        dt = positive_finite(dt, "dt")
        if not len(self.positions):
            return
        cells = 1.5 * float(self.speeds.max()) * dt / self.field.cell_size  # pushed: half again the speed
        if not cells <= MAX_SUBSTEPS:
            raise ValueError(
                f"dt = {dt:g} s would take the fastest walker {cells:.3g} cells at once; "
                f"step at most {MAX_SUBSTEPS * dt / cells:.3g} s at a time"
            )
        parts = max(1, math.ceil(cells))
        before = self.positions
        for _ in range(parts):
            self._walk(dt / parts)
        self.velocities = (self.positions - before) / dt

    def _walk(self, dt):
        """One step of at most a cell's walk."""
        walking = ~self.arrived  # those at a goal are home: they no longer push or get pushed
        all_walk = walking.all()
        points = self.positions if all_walk else self.positions[walking]
        speeds = self.speeds if all_walk else self.speeds[walking]
        moving = self.field.directions(points) * speeds[:, None]
        away = separation_push(points, self.spacing, CROWD) * (self.push * self.spacing)
        moving[:, 0] += away.real
        moving[:, 1] += away.imag
        if all_walk:
            velocity = moving
        else:
            velocity = np.zeros_like(self.positions)
            velocity[walking] = moving
        fastest = 1.5 * self.speeds  # a push hurries a walker, but not past half again its speed
        pace = np.abs(velocity.view(complex).ravel())  # hypot of the strided columns is 5 x slower
        too_fast = np.flatnonzero(pace > fastest)
        velocity[too_fast] *= (fastest[too_fast] / pace[too_fast])[:, None]
        before = self.positions
        self.positions, cells = self._kept_walkable(before, before + velocity * dt)
        self.arrived |= self._on_goal(cells)

    def remove(self, mask):
        """Take out the walkers where ``mask`` (n,) is True (killed, or home).

        Raises:
            ValueError: Unless ``mask`` is n booleans, one per walker.
        """
        mask = np.asarray(mask)
        if mask.shape != (len(self.positions),) or mask.dtype != bool:
            raise ValueError(
                f"mask must be {len(self.positions)} booleans, one per walker, got {mask.dtype} {mask.shape}"
            )
        keep = ~mask
        self.positions, self.speeds = self.positions[keep], self.speeds[keep]
        self.velocities, self.arrived = self.velocities[keep], self.arrived[keep]

    def remove_arrived(self):
        """Take out the walkers standing on a goal (they reached the base); how many."""
        count = int(self.arrived.sum())
        self.remove(self.arrived)
        return count

    def _cells(self, points):
        return np.floor(points / self.field.cell_size).astype(int)

    def _walkable(self, points):
        """Whether each point lies on a free cell of the grid."""
        rows, cols = self.field.blocked.shape
        col, row = self._cells(points).T
        inside = (col >= 0) & (col < cols) & (row >= 0) & (row < rows)
        walkable = np.zeros(len(points), dtype=bool)
        walkable[inside] = ~self.field.blocked[row[inside], col[inside]]
        return walkable

    def _on_goal(self, cells):
        """Whether each of ``cells`` (n, 2) (col, row) is a goal."""
        rows, cols = self.field.blocked.shape
        col, row = np.clip(cells[:, 0], 0, cols - 1), np.clip(cells[:, 1], 0, rows - 1)
        return self.field.distances[row, col] == 0.0

    def _kept_walkable(self, before, after):
        """``after``, except that a point whose step ends on a blocked cell, off the grid or
        diagonally past a blocked corner moves along one axis only (the one that keeps it
        walkable, x first), or stays; and the cells (n, 2) of the points it returns."""
        rows, cols = self.field.blocked.shape
        free = free_with_border(self.field.blocked)
        start, end = self._cells(before), self._cells(after)
        end_col, end_row = np.clip(end[:, 0], -1, cols), np.clip(end[:, 1], -1, rows)
        bad = np.flatnonzero(~step_open(free, start[:, 0], start[:, 1], end_col, end_row))
        if not len(bad):
            return after, end
        result = after.copy()
        was, wanted = before[bad], after[bad]
        along_x = np.column_stack([wanted[:, 0], was[:, 1]])
        along_y = np.column_stack([was[:, 0], wanted[:, 1]])
        use_x, use_y = self._walkable(along_x), self._walkable(along_y)
        result[bad] = np.where(use_x[:, None], along_x, np.where(use_y[:, None], along_y, was))
        end[bad] = self._cells(result[bad])
        return result, end
