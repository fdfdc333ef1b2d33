"""A crowd of members walking to goals of their own (set anew whenever a user's own steering
likes), keeping clear of each other and of obstacles by ``Avoidance``: RVO2's ORCA, a right-hand
rule that unwinds jams, and no two discs overlapping after any tick. Fixed ticks of game time,
so the same spawns and goals give the same crowd at any frame rate.

>>> crowd = Crowd(Avoidance(radius=0.5))
>>> crowd.spawn([[-5.0, 0.0], [5.0, 0.0]], goals=[[5.0, 0.0], [-5.0, 0.0]], speed=1.0).tolist()
[0, 1]
>>> crowd.step(20.0)  # head on: they pass right of each other, and both arrive
>>> crowd.reached.tolist(), bool(crowd.arrival_times.max() < 20.0)
([True, True], True)
"""

import numpy as np

from trajectory._numerics.checks import finite_points, positive_finite
from trajectory.crowds.avoidance import Avoidance, Others, checked
from trajectory.crowds.followers import TickedPopulation
from trajectory.crowds.game_clock import GameClock

ARRIVAL = 0.5
"""A member has reached its goal once its centre comes this share of its radius from it."""


class Crowd(TickedPopulation):
    """Members walking straight to their ``goals`` round each other and the obstacles.

    Args:
        avoidance: How they keep clear (an ``Avoidance``; its radius is the one they spawn with).
        tick: Seconds of game time per tick.
        speed_floor: The least speed multiplier (a slowed member never stops).
        data: Names of numbers of the user's to keep per member, as ``Followers``.

    Attributes (one row per member): ``ids``, ``positions``, ``velocities`` and ``goals``
    (n, 2; set ``goals`` freely), ``speeds`` (top speed, units per second), ``multipliers``,
    ``radii``, ``headings`` (radians, the way each last moved), ``reached`` (it came within
    ``ARRIVAL`` of a radius of its goal; it stays on, walking back to its goal if pushed),
    ``arrival_times``; ``time`` is the game time in seconds; ``others``: movers the members keep
    clear of that do not keep clear of them (an ``Others``: vehicles, a player), set freely (as
    they are when ``step`` is called, going on at their velocities through its ticks), or None.
    """

    _FIELDS = (
        *TickedPopulation._FIELDS,
        ("velocities", float, 2),
        ("goals", float, 2),
        ("radii", float, 0),
    )

    def __repr__(self):
        return f"Crowd({len(self)} members, {int(self.reached.sum())} reached)"

    def __init__(self, avoidance=None, tick=1.0 / 20.0, speed_floor=0.1, data=()):
        super().__init__(0, speed_floor, data)
        self.avoidance = checked(avoidance) or Avoidance()
        self.clock = GameClock(positive_finite(tick, "tick"))
        self.others = None
        self._stepped_from = 0.0

    def spawn(self, positions, goals, speed, radius=None, **data):
        """Add a member at each of ``positions`` (k, 2), bound for ``goals`` (k, 2), walking at
        up to ``speed`` units per second and of ``radius`` (one or one each; the avoidance's by
        default), with the ``data`` given (as ``Followers.spawn``); returns their ids. They may
        overlap at first: the next tick parts them.

        Raises:
            ValueError: On points that are not finite (k, 2) numbers, or as many goals, or a
                speed or radius that is not positive.
        """
        positions = finite_points(positions, "positions", min_count=0, dims=2)
        goals = finite_points(goals, "goals", count=len(positions), min_count=0, dims=2)
        speeds = self._spawn_speeds(len(positions), speed)
        radii = self._spawn_radii(len(positions), self.avoidance.radius if radius is None else radius)
        return self._append(data, speeds=speeds, positions=positions, goals=goals, radii=radii)

    @property
    def remaining(self):
        """(n,) how far each member's centre is from its goal."""
        gap = self.goals - self.positions
        return np.hypot(gap[:, 0], gap[:, 1])

    def _ahead(self):
        return -self.remaining

    def step(self, dt):
        self._stepped_from = self.clock.time
        super().step(dt)

    step.__doc__ = TickedPopulation.step.__doc__

    def _others_at(self, time):
        """``others`` where they will be at ``time`` (seconds of game time), or None."""
        others = self.others
        if others is None:
            return None
        if not isinstance(others, Others):
            raise ValueError(f"others must be None or an Others, got {type(others).__name__}")
        ahead = max(time - self._stepped_from, 0.0)
        return Others(others.positions + others.velocities * ahead, others.velocities, others.radii)

    def _tick(self, number):
        tick, speeds = self.clock.tick, self._effective_speeds()
        gap = self.goals - self.positions
        distance = np.hypot(gap[:, 0], gap[:, 1])
        with np.errstate(divide="ignore", invalid="ignore"):  # at the goal: nothing wanted
            scale = np.where(distance > 0.0, np.minimum(speeds, distance / tick) / distance, 0.0)
        self.positions, self.velocities = self.avoidance.step(
            self.positions,
            self.velocities,
            gap * scale[:, None],
            self.radii,
            speeds,
            tick,
            self._others_at(number * tick),
        )
        self._face_velocities()
        arrived = ~self.reached & (self.remaining <= ARRIVAL * self.radii)
        self.arrival_times[arrived] = (number + 1) * tick
        self.reached |= arrived
