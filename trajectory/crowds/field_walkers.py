"""A crowd walking a flow field: each walker heads the way the field points at its place, pushed
apart from its neighbours (Reynolds' separation, through ``neighbours.separation_push``), and
never steps into a blocked cell or off the grid: a step that would is taken along one axis only,
or not at all. Thousands queue through a gap instead of passing through each other.

A crowd like the others (``Followers``, ``SteeringFollowers``: see ``followers.Population``):
``spawn`` returns ids, ``data=`` columns go with their walkers, ``reached`` and
``remove_reached``, ``headings``, ``multipliers``.

>>> from trajectory import FlowField, ObstacleMap
>>> field = FlowField(ObstacleMap(10, 10, 1.0), goals=[(9, 5)])
>>> crowd = FieldWalkers(field, spawns=[(0, 4), (0, 5)], data="health")
>>> crowd.spawn(2, speed=2.0, health=100.0).tolist()  # their ids
[0, 1]
>>> for _ in range(600):
...     crowd.step(1 / 60)
>>> crowd.reached.tolist(), crowd.remove_reached().tolist(), len(crowd)
([True, True], [0, 1], 0)
"""

import math

import numpy as np

from trajectory._numerics.checks import finite_points, positive_finite
from trajectory._numerics.grid_steps import free_with_border, step_open
from trajectory.crowds.avoidance import checked
from trajectory.crowds.followers import Population
from trajectory.crowds.game_clock import GameClock
from trajectory.crowds.neighbours import separation_push
from trajectory.planning.flow_field import FlowField

CROWD = 6
"""A cell of neighbours holding more than this many walkers pushes as one body."""
MAX_SUBSTEPS = 10_000
"""A ``dt`` in which the fastest walker would cross more cells than this is refused."""
SPAWN_MARGIN = 0.2
"""Walkers spawned by count stand at random places inside their cell, this fraction of a cell
away from its sides."""


class FieldWalkers(Population):
    """Walkers on ``field`` (a ``FlowField``).

    Args:
        field: Where they walk, and which way.
        spawns: The cells (col, row), (k, 2), where ``spawn(count)`` puts walkers; free cells.
        spacing: How far apart (world units) walkers keep: closer, they push each other away.
        push: How hard (world units per second, at the spacing) a neighbour pushes.
        avoidance: None (the push), or an ``Avoidance`` (without obstacles of its own: the
            field's blocked cells and edge are its obstacles): walkers then keep clear of each
            other and of the walls by it, as discs of its radius that never overlap.
        speed_floor: The least speed multiplier (a slowed walker never stops).
        seed: Seed of the random spawn places.
        data: Names of numbers of the user's to keep per walker (health, say), as ``Followers``.

    Attributes (one row per walker): ``ids``, ``positions`` (n, 2) world points, ``speeds``
    (world units per second), ``multipliers`` (slows, 1 = none; set freely), ``velocities``
    (n, 2) how each moved in the last step, ``radii`` (world units: with ``avoidance``, the
    discs that never overlap), ``headings`` (radians: the way it last moved),
    ``reached`` (whether it stands on a goal cell: it stops there, out of the crowd's pushing),
    ``arrival_times`` (game time of the step it reached a goal in, NaN before); ``time`` is the
    game time in seconds.
    """

    _FIELDS = (*Population._FIELDS, ("velocities", float, 2), ("radii", float, 0))

    def __repr__(self):
        return f"FieldWalkers({len(self)} walkers, {int(self.reached.sum())} reached, on {self.field!r})"

    def __init__(
        self, field, spawns=(), spacing=0.4, push=1.5, speed_floor=0.1, seed=0, data=(), avoidance=None
    ):
        if not isinstance(field, FlowField):
            raise ValueError(f"field must be a FlowField, got {type(field).__name__}")
        super().__init__(seed, speed_floor, data)
        self.field = field
        self.avoidance = avoidance
        self.spawns = field.checked_cells(spawns, "spawns")
        taken = field.is_blocked(self.spawns)
        if taken.any():
            raise ValueError(f"spawns must be free cells: {self.spawns[taken][0].tolist()} is blocked")
        self.spacing = positive_finite(spacing, "spacing")
        self.push = positive_finite(push, "push")
        self.clock = GameClock()

    @property
    def avoidance(self):
        """None (walkers push each other apart), or the ``Avoidance`` they keep clear by, among
        the field's cells; settable at any time (to one without obstacles of its own)."""
        return self._avoidance

    @avoidance.setter
    def avoidance(self, avoidance):
        self._avoidance = _on_field(avoidance, self.field)

    def spawn(self, count_or_points, speed, radius=None, **data):
        """Add walkers: ``count_or_points`` of them at random places in random ``spawns`` cells,
        or one at each world point of ``count_or_points`` (k, 2) (on free cells), walking at
        ``speed`` (one, or one each) world units per second, of ``radius`` (one or one each; by
        default the avoidance's, or half the spacing), with the ``data`` given (one value or one
        each per name); returns their ids.

        Raises:
            ValueError: On a count that is not a whole number >= 0 (or with no ``spawns``),
                points that are not finite (k, 2) numbers or not on free cells, or a speed or
                radius that is not positive.
        """
        if radius is None:
            radius = self.spacing / 2.0 if self.avoidance is None else self.avoidance.radius
        if np.ndim(count_or_points) == 0:  # a count (checked as every crowd checks one)
            speeds = self._spawn_speeds(count_or_points, speed)
            points = self._spawn_points(len(speeds))
        else:
            points = finite_points(count_or_points, "count_or_points", min_count=0, dims=2)
            if not self._walkable(points).all():
                raise ValueError("walkers can only start on free cells of the grid")
            speeds = self._spawn_speeds(len(points), speed)
        ways, home = self.field.directions(points), self._on_goal(self._cells(points))
        return self._append(
            data,
            speeds=speeds,
            radii=self._spawn_radii(len(speeds), radius),
            positions=points,
            headings=np.arctan2(ways[:, 1], ways[:, 0]),
            reached=home,
            arrival_times=np.where(home, self.time, np.nan),
        )

    def _spawn_points(self, count):
        """``count`` (checked) random places in random ``spawns`` cells, (count, 2)."""
        if count and not len(self.spawns):
            raise ValueError("spawning by count needs spawns: FieldWalkers(field, spawns=cells)")
        cells = self.spawns[self.rng.integers(0, len(self.spawns), count)] if count else np.zeros((0, 2))
        inside = self.rng.uniform(SPAWN_MARGIN, 1.0 - SPAWN_MARGIN, (count, 2))
        return (cells + inside) * self.field.cell_size + self.field.origin

    @property
    def remaining(self):
        """(n,) world units each walker has left to the nearest goal, by the field's distance
        of its cell (inf where cut off)."""
        col, row = self._cells(self.positions).T
        return self.field.distances[row, col] * self.field.cell_size

    def _ahead(self):
        return -self.remaining

    def step(self, dt):
        """Walk ``dt`` seconds of game time (any dt >= 0): the field's way at the speed, plus the
        neighbours' push, kept on free cells; in equal parts of at most a cell's walk for the
        fastest (a longer step could pass a wall). First, a walker where no way leads (a cell
        blocked under it since, or walled off from every goal) steps to the nearest cell that
        leads to a goal, so no tower strands it.

        Raises:
            ValueError: If ``dt`` is not a finite number >= 0, or so long that the fastest
                walker would cross more than ``MAX_SUBSTEPS`` cells.
        """
        start = self.time
        self.clock.advance(dt)
        dt = float(dt)
        if not len(self) or dt == 0.0:
            return
        speeds = self._effective_speeds()
        cells = 1.5 * float(speeds.max()) * dt / self.field.cell_size  # pushed: half again the speed
        if not cells <= MAX_SUBSTEPS:
            raise ValueError(
                f"dt = {dt:g} s would take the fastest walker {cells:.3g} cells at once; "
                f"step at most {MAX_SUBSTEPS * dt / cells:.3g} s at a time"
            )
        parts = max(1, math.ceil(cells))
        self._step_off_dead_ends(start)
        before = self.positions
        walk = self._walk if self.avoidance is None else self._walk_avoiding
        for part in range(parts):
            arriving = walk(dt / parts, speeds)
            self.arrival_times[arriving] = start + dt * (part + 1) / parts
        self.velocities = (self.positions - before) / dt
        self._face_velocities()

    def _step_off_dead_ends(self, now):
        """Walkers standing where no way leads (a cell blocked under them, or cut off from
        every goal) step to the nearest point of the nearest cell that leads to a goal
        (``FlowField.nearest_leading``); one that lands on a goal has reached it at ``now``."""
        col, row = self._cells(self.positions).T
        stranded = np.flatnonzero(~self.reached & ~np.isfinite(self.field.distances[row, col]))
        if not len(stranded):
            return
        moved = self.field.nearest_leading(self.positions[stranded], SPAWN_MARGIN)
        self.positions[stranded] = moved
        home = stranded[self._on_goal(self._cells(moved))]
        self.reached[home], self.arrival_times[home] = True, now

    def _walk(self, dt, speeds):
        """One step of at most a cell's walk, at ``speeds`` (n,); the walkers that reach a goal
        in it, as a mask."""
        walking = ~self.reached  # those at a goal are home: they no longer push or get pushed
        all_walk = walking.all()
        points = self.positions if all_walk else self.positions[walking]
        fastest = 1.5 * speeds  # a push hurries a walker, but not past half again its speed
        speeds = speeds if all_walk else speeds[walking]
        moving = self.field.directions(points) * speeds[:, None]
        away = separation_push(points, self.spacing, CROWD) * (self.push * self.spacing)
        moving[:, 0] += away.real
        moving[:, 1] += away.imag
        if all_walk:
            velocity = moving
        else:
            velocity = np.zeros_like(self.positions)
            velocity[walking] = moving
        pace = np.abs(velocity.view(complex).ravel())  # hypot of the strided columns is 5 x slower
        too_fast = np.flatnonzero(pace > fastest)
        velocity[too_fast] *= (fastest[too_fast] / pace[too_fast])[:, None]
        before = self.positions
        self.positions, cells = self._kept_walkable(before, before + velocity * dt)
        arriving = walking & self._on_goal(cells)
        self.reached |= arriving
        return arriving

    def _walk_avoiding(self, dt, speeds):
        """``_walk`` by the avoidance: the field's way is the one each walker wants, ORCA's the
        one it takes; then no disc overlaps another or a wall."""
        walking = np.flatnonzero(~self.reached)
        points, radii, speeds = self.positions[walking], self.radii[walking], speeds[walking]
        wanted = self.field.directions(points) * speeds[:, None]
        velocity = self.avoidance.velocities(points, self.velocities[walking], wanted, radii, speeds, dt)
        moved, _ = self._kept_walkable(points, points + velocity * dt)
        positions = self.positions.copy()
        parted = self.avoidance.separated(moved, radii)
        # Never into a tower: a crowd packed tighter than it fits is parted only as far as a
        # step's rounds get it, which may leave a push across a wall half made; there, not at all.
        into_wall = ~self._walkable(parted)
        parted[into_wall] = moved[into_wall]
        positions[walking] = parted
        self.positions = positions
        arriving = np.zeros(len(self), dtype=bool)
        arriving[walking] = self._on_goal(self._cells(positions[walking]))
        self.reached |= arriving
        return arriving

    def _cells(self, points):
        return np.floor(self.field.local(points) / self.field.cell_size).astype(int)

    def _walkable(self, points):
        """Whether each point lies on a free cell of the grid."""
        return ~self.field.is_blocked(self.field.cells(points))

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


def _on_field(avoidance, field):
    """``avoidance`` (None, or an ``Avoidance`` with no obstacles of its own) among the
    ``field``'s blocked cells and edge."""
    if checked(avoidance) is None:
        return None
    if avoidance.obstacles is not field and len(avoidance.edges):
        raise ValueError("avoidance must have no obstacles of its own: the field's cells are its walls")
    return avoidance.on(field)
