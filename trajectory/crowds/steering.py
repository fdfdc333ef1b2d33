"""Steering path following after Reynolds and The Nature of Code, for a whole population at once.

Each follower predicts where it will be ``lookahead`` units ahead, finds the nearest point of the
path to that prediction, and when the prediction leaves the path's radius it seeks a target further
along the path; separation pushes neighbours apart (found through a spatial grid). The nearest
point is searched only on the follower's current segment and the next, and the target is measured
along the path, so a follower cannot lock onto an earlier segment and stall at a corner, the way
the book's search over all segments can.

The simulation runs in fixed ticks of game time, so the same seed and the same game time give the
same result whatever the frame rate: ``step(dt)`` runs the ticks that ``dt`` completes.
"""

import numpy as np

from trajectory._numerics.checks import at_least_zero, positive_finite
from trajectory.crowds.avoidance import checked
from trajectory.crowds.followers import TickedPopulation, _check_path
from trajectory.crowds.game_clock import GameClock
from trajectory.crowds.neighbours import separation_push
from trajectory.plane.path_queries import nearest, tangent

TARGET_AHEAD = 0.25
"""The target lies this fraction of the lookahead beyond the predicted position's nearest path
point: far enough to pull forward, near enough not to cut the corners."""
SEPARATION_WEIGHT = 1.5
"""How much more separation counts than following the path (Reynolds' weighting)."""
CROWD = 3
"""A cell (as wide as the separation distance) holding more followers than this pushes as one body
at their centroid (see ``separation_push``), so a crowd costs a few operations a follower per tick
rather than n^2 pairs (10,000 followers on one spot once took 15 s and 3 GB a tick; capping the
pairs at 8 a cell still took 26-34 ms for 10,000 packed on the seed's path). Followers kept apart
by the separation distance hold one or two to a cell: only crowds are approximated."""


class SteeringFollowers(TickedPopulation):
    """A population steering along ``path`` (a ``WaypointPath``: its lines, and its arcs if rounded).

    Args:
        path: The path to follow.
        path_radius: How far (units) a follower may stray from the path before it steers back.
        lookahead: How far ahead (units) a follower predicts its position, and seeks its target.
        max_force: The largest steering acceleration, units per second squared.
        reaction: Seconds in which a follower would reach its desired velocity unhindered: the
            steering acceleration is (desired - velocity) / reaction (Reynolds' steer = desired -
            velocity is per frame; this makes it per second).
        separation: Followers closer than this (units) push each other apart.
        spread: Followers spawn up to this far (units) to either side of the path's start.
        tick: Seconds of game time per simulation tick (counted exactly, see ``GameClock``).
        speed_floor: The least speed multiplier.
        seed: Seed of the random spawn spread.
        data: As ``Followers``.
        avoidance: None (the separation push), or an ``Avoidance``: the velocity the steering
            wants is then each follower's preferred one, ORCA's the one it takes, and no two
            (discs of its radius, or their own) overlap after a tick.

    Attributes as ``Followers`` (``distance`` is the distance along the path of each follower's
    nearest path point), plus ``velocities`` (n, 2) and ``radii``.
    """

    _FIELDS = (
        *TickedPopulation._FIELDS,
        ("distance", float, 0),
        ("velocities", float, 2),
        ("segments", np.int64, 0),
        ("radii", float, 0),
    )

    def __init__(
        self,
        path,
        path_radius=10.0,
        lookahead=15.0,
        max_force=2400.0,
        reaction=0.1,
        separation=12.0,
        spread=10.0,
        tick=1.0 / 120.0,
        speed_floor=0.1,
        seed=0,
        data=(),
        avoidance=None,
    ):
        _check_path(path)
        self.avoidance = checked(avoidance)
        super().__init__(seed, speed_floor, data)
        self.path = path
        self.path_radius = positive_finite(path_radius, "path_radius")
        self.lookahead = positive_finite(lookahead, "lookahead")
        self.max_force = positive_finite(max_force, "max_force")
        self.reaction = positive_finite(reaction, "reaction")
        self.separation = positive_finite(separation, "separation")
        self.spread = at_least_zero(spread, "spread (length units)")
        self.clock = GameClock(positive_finite(tick, "tick"))
        self.tick = self.clock.tick
        self._table = path.table
        self.length = self._table.length

    def spawn(self, count, speed, progress=0.0, radius=None, **data):
        """Add ``count`` followers at the start (or at ``progress``, fractions of the path, one or
        one each), spread sideways, moving along the path at ``speed`` (one, or one each) units
        per second, of ``radius`` (one or one each; by default the avoidance's, or half the
        separation), with the ``data`` given (as ``Followers.spawn``); returns their ids."""
        speeds = self._spawn_speeds(count, speed)
        if radius is None:
            radius = self.separation / 2.0 if self.avoidance is None else self.avoidance.radius
        radii = self._spawn_radii(count, radius)
        along = self._spawn_progress(count, progress) * self.length
        poses = self._table.pose(along)
        direction = np.column_stack([np.cos(poses[:, 2]), np.sin(poses[:, 2])])
        normal = np.column_stack([-direction[:, 1], direction[:, 0]])
        sideways = self.rng.uniform(-self.spread, self.spread, count)
        return self._append(
            data,
            speeds=speeds,
            radii=radii,
            positions=poses[:, :2] + sideways[:, None] * normal,
            velocities=speeds[:, None] * direction,
            headings=poses[:, 2],
            segments=self._table.locate(along)[0],
            distance=along,
        )

    @property
    def progress(self):
        """The fraction of the path each follower has covered (by its nearest path point)."""
        return self.distance / self.length

    @property
    def remaining(self):
        """Distance left along the path for each follower."""
        return self.length - self.distance

    def _tick(self, number):
        """Run tick ``number`` (counting from 0)."""
        # 2D vectors as complex numbers: one numpy call per vector operation.
        dt = self.tick
        speeds = self._effective_speeds()
        position = _as_complex(self.positions)
        velocity = _as_complex(self.velocities)
        moving = np.abs(velocity)
        ahead = np.where(
            moving > 1e-9, velocity / np.maximum(moving, 1e-9), tangent(self._table, self.distance)
        )
        predicted = position + ahead * self.lookahead
        near, along = self._nearest_on_path(predicted)
        off_path = np.abs(predicted - near) > self.path_radius
        target = self._table.pose(np.minimum(along + TARGET_AHEAD * self.lookahead, self.length))
        # Off the path: seek the target. On it: go on the way the path goes there, at full speed.
        towards = _as_complex(target[:, :2]) - position
        desired = np.where(
            off_path, towards / np.maximum(np.abs(towards), 1e-12), tangent(self._table, along)
        )
        force = _limit((desired * speeds - velocity) / self.reaction, self.max_force)
        if self.avoidance is None:
            force += self._separation_force(velocity, speeds)
        wanted = _limit(velocity + _limit(force, self.max_force) * dt, speeds)
        if self.avoidance is None:
            self.velocities, self.positions = _as_rows(wanted), _as_rows(position + wanted * dt)
        else:
            self.positions, self.velocities = self.avoidance.step(
                self.positions, self.velocities, _as_rows(wanted), self.radii, speeds, dt
            )
        velocity, position = _as_complex(self.velocities), _as_complex(self.positions)
        self.distance = self._along_own_segment(position)
        arrived = ~self.reached & (self.distance >= self.length - self.path_radius)
        self.arrival_times[arrived] = (number + 1) * self.tick
        self.reached |= arrived
        self.headings = np.angle(velocity)

    def _along_own_segment(self, points):
        """Distance along the path of each (complex) point's foot on its follower's segment."""
        k = self.segments
        _, local = nearest(self._table, points, k)
        return np.minimum(self._table.begins[k] + local, self.length)

    def _nearest_on_path(self, points):
        """Nearest point of the path to each (complex) point, looking at each follower's segment
        and the next. A follower moves on when its point is past the end of its own segment (a path
        that doubles back, where both are equally near), or nearer the next one while it is within
        a lookahead and a path radius of the corner: on a hairpin the legs lie side by side all
        along, and a follower must not jump to the way back before it reaches the turn."""
        table = self._table
        last = table.count - 1
        options = []
        for k in (self.segments, np.minimum(self.segments + 1, last)):
            foot, t = nearest(table, points, k)
            options.append((foot, table.begins[k] + t, np.abs(points - foot), k, t))
        (foot, along, gap, k, t), (next_foot, next_along, next_gap, next_k, _) = options
        lengths = table.lengths[k]
        near_corner = lengths - t <= self.lookahead + self.path_radius
        nearer_next = ((next_gap < gap) & near_corner) | ((t >= lengths) & (k < last))
        self.segments = np.where(nearer_next, next_k, self.segments)
        return np.where(nearer_next, next_foot, foot), np.where(nearer_next, next_along, along)

    def _separation_force(self, velocity, speeds):
        """Steering away from neighbours closer than ``separation``, weighted by 1 / distance."""
        push = separation_push(self.positions, self.separation, CROWD)
        strength = np.abs(push)
        desired = push / np.maximum(strength, 1e-12) * speeds
        steer = _limit((desired - velocity) / self.reaction, self.max_force)
        return np.where(strength > 0.0, steer, 0.0) * SEPARATION_WEIGHT


def _as_complex(rows):
    """(n, 2) floats as (n,) complex x + iy."""
    return np.ascontiguousarray(rows, dtype=float).view(np.complex128)[:, 0]


def _as_rows(values):
    """(n,) complex as (n, 2) floats."""
    return np.ascontiguousarray(values).view(np.float64).reshape(-1, 2)


def _limit(vectors, largest):
    """Complex ``vectors`` scaled down where longer than ``largest`` (a number or (n,))."""
    return vectors * np.minimum(1.0, largest / np.maximum(np.abs(vectors), 1e-12))
