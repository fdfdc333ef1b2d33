"""Many followers of one path, as arrays: exact, frame-rate independent waypoint following.

Each follower's state is its distance along its lane's path; a step adds speed x dt to it, clamped
at the end, so nothing overshoots and no distance is lost at waypoints (a step may pass any number
of them). Positions and headings are read from the path at that distance.

>>> from trajectory.crowds.waypoints import WaypointPath
>>> followers = Followers(WaypointPath([(0, 0), (10, 0), (10, 10)]))
>>> followers.spawn(2, speed=4.0).tolist()  # their ids
[0, 1]
>>> for dt in (1 / 30, 1 / 144, 2.5):  # any mix of frame times
...     followers.step(dt)
>>> followers.positions.round(9).tolist()  # 4 x 2.54027... = 10.1611: past the corner, nothing lost
[[10.0, 0.161111111], [10.0, 0.161111111]]
>>> followers.step(10.0)
>>> followers.arrival_times.tolist()  # exactly length / speed = 20 / 4
[5.0, 5.0]
"""

import inspect

import numpy as np

from trajectory._numerics.checks import _shown, one_each, positive_each, positive_finite
from trajectory.crowds.avoidance import checked
from trajectory.crowds.game_clock import GameClock
from trajectory.crowds.neighbours import close_pairs
from trajectory.crowds.separation import TOLERANCE
from trajectory.crowds.waypoints import WaypointPath

MAX_TICKS_PER_STEP = 100_000
"""The most ticks one ``step`` of a ticked crowd runs (833 s of game time at 1/120 s): a bigger
step is refused rather than left to run for minutes."""
MAX_PUSH_ROUNDS = 10_000
"""The most rounds lane followers that avoid are pushed back in one step (the one in front never
moves, so a round leaves fewer to push: a step that needed more would go on with the rest)."""
MAX_MEMBERS = 10**7
"""The most members a crowd holds (a few GB of arrays): a spawn past it is refused by name."""


class Population:
    """Per-member arrays that grow at spawn and shrink at removal, all in step; no Python loop
    over members: what every crowd shares (``Followers``, ``SteeringFollowers``,
    ``FieldWalkers``). Subclasses name their arrays in ``_FIELDS`` (name, dtype, columns); a
    user's own per-member numbers (a game's health, say) are named in ``data`` and kept in step
    too."""

    _FIELDS = (
        ("ids", np.int64, 0),
        ("speeds", float, 0),
        ("multipliers", float, 0),
        ("reached", bool, 0),
        ("arrival_times", float, 0),
        ("positions", float, 2),
        ("headings", float, 0),
    )

    def __repr__(self):
        return f"{type(self).__name__}({len(self)} on a path of {self.path.length:.6g})"

    def __init__(self, seed, speed_floor, data=()):
        self.speed_floor = positive_finite(speed_floor, "speed_floor")
        self.rng = np.random.default_rng(seed)
        self._next_id = 0
        self.data_names = self._data_names(data)
        self._fields = (*self._FIELDS, *((name, float, 0) for name in self.data_names))
        for name, dtype, columns in self._fields:
            setattr(self, name, np.zeros((0, columns) if columns else 0, dtype=dtype))

    def __len__(self):
        return self.ids.size

    def _data_names(self, data):
        """The user's per-follower data names: one name, or a sequence of distinct new attribute
        names (not taken by the population's own arrays or properties)."""
        names = (data,) if isinstance(data, str) else tuple(data)
        for name in names:
            if not (isinstance(name, str) and name.isidentifier()):
                raise ValueError(f"data names must be attribute names, got {name!r}")
            if hasattr(type(self), name) or name in {field[0] for field in self._FIELDS}:
                raise ValueError(f"data name {name!r} is taken by the followers' own attributes")
            if name in inspect.signature(type(self).spawn).parameters:
                raise ValueError(f"data name {name!r} is taken by spawn's own argument of that name")
        if len(set(names)) != len(names):
            raise ValueError(f"data names must differ, got {list(names)}")
        return names

    def _append(self, data, **values):
        """Add followers, as many as ``values["speeds"]`` holds; ``values`` and the user's ``data`` (a
        dict naming ``data_names``) give arrays for some fields, the rest start at zero."""
        unknown = set(data) - set(self.data_names)
        if unknown:
            raise ValueError(f"unknown per-follower data {sorted(unknown)}; known: {list(self.data_names)}")
        count = len(values["speeds"])
        for name, value in data.items():
            values[name] = one_each(value, count, name, "a number")
        values["ids"] = np.arange(self._next_id, self._next_id + count)
        values.setdefault("multipliers", np.ones(count))
        values.setdefault("arrival_times", np.full(count, np.nan))
        self._next_id += count
        for name, dtype, columns in self._fields:
            shape = (count, columns) if columns else count
            new = np.broadcast_to(np.asarray(values.get(name, 0), dtype=dtype), shape)
            setattr(self, name, np.concatenate([getattr(self, name), new]))
        return values["ids"]

    def remove(self, which):
        """Remove the members where the boolean mask ``which`` (n,) is True; returns their ids.

        Raises:
            ValueError: Unless ``which`` is n booleans, one per member.
        """
        which = np.asarray(which)
        if which.shape != self.ids.shape or which.dtype != bool:
            raise ValueError(
                f"the mask must be {len(self)} booleans, one per member, got {which.dtype} {which.shape}"
            )
        gone = self.ids[which]
        if gone.size == 0:  # nothing to copy (the common case, once a tick)
            return gone
        for name, _, _ in self._fields:
            setattr(self, name, getattr(self, name)[~which])
        return gone

    def remove_reached(self):
        """Remove the members that reached the end (or a goal); returns their ids."""
        return self.remove(self.reached)

    def furthest(self, candidates=None):
        """Index of the member furthest along (highest ``progress``; for walkers, the least
        ``remaining``) among the boolean mask ``candidates`` (default all), or None when there is
        none: what a tower targets."""
        progress = self._ahead()
        if candidates is not None:
            progress = np.where(candidates, progress, -np.inf)
        if progress.size == 0 or not np.isfinite(progress.max()):
            return None
        return int(np.argmax(progress))

    def _ahead(self):
        """(n,) how far along each member is, for ``furthest``: higher is further."""
        return self.progress

    def _spawn_speeds(self, count, speed):
        """(count,) speeds, ``speed`` checked (one, or one each), after ``count`` is checked: a
        whole number that keeps the crowd within ``MAX_MEMBERS``, refused before anything is
        allocated."""
        if isinstance(count, (bool, np.bool_)) or not isinstance(count, (int, np.integer)) or count < 0:
            raise ValueError(f"count must be a whole number >= 0, got {count!r}")
        if len(self) + count > MAX_MEMBERS:
            raise ValueError(
                f"count must keep the crowd within {MAX_MEMBERS:,} members ({len(self):,} now), got {count:,}"
            )
        return positive_each(speed, count, "speed", "a positive finite number (units per second)")

    @staticmethod
    def _spawn_radii(count, radius):
        return positive_each(radius, count, "radius", "a positive finite number (length units)")

    @staticmethod
    def _spawn_progress(count, progress):
        progress = one_each(progress, count, "progress", "a fraction of the path in [0, 1]")
        if not np.all((progress >= 0.0) & (progress <= 1.0)):
            raise ValueError(f"progress must be a fraction of the path in [0, 1], got {_shown(progress)}")
        return progress

    @property
    def time(self):
        """Seconds of game time stepped so far (summed exactly, see ``GameClock``)."""
        return self.clock.time

    def _face_velocities(self):
        """Each member's heading the way its ``velocities`` go; a still one's kept."""
        x, y = self.velocities[:, 0], self.velocities[:, 1]
        self.headings = np.where((x != 0.0) | (y != 0.0), np.arctan2(y, x), self.headings)

    def _effective_speeds(self):
        return self.speeds * np.maximum(self.multipliers, self.speed_floor)


class TickedPopulation(Population):
    """A population stepped in fixed ticks of game time (its ``clock``, a ``GameClock`` with a
    tick), each run by the subclass's ``_tick(number)``: the same game at any frame rate."""

    @property
    def ticks(self):
        """Ticks run so far."""
        return self.clock.ticks

    def step(self, dt):
        """Advance by ``dt`` seconds of game time: run every tick it completes.

        Raises:
            ValueError: If dt is not a finite number >= 0, or (with members to move) would run
                more than ``MAX_TICKS_PER_STEP`` ticks.
        """
        first = self.clock.ticks
        due = self.clock.advance(dt, max_ticks=MAX_TICKS_PER_STEP if len(self) else None)
        if len(self):
            for number in range(first, first + due):
                self._tick(number)


class Followers(Population):
    """A population following ``path`` (a ``WaypointPath``) exactly, in one or more lanes.

    Args:
        path: The path (its centre line).
        lanes: Sideways offsets of the lanes followers spread over (left positive); each follower
            keeps the lane it spawns in, chosen at random.
        speed_floor: The least speed multiplier (a slowed follower never stops).
        seed: Seed of the random lane choice: the same seed and steps give the same game.
        data: Names of numbers of the user's to keep per follower (health, say): each becomes
            an (n,) array attribute, set at spawn and removed with its follower.
        avoidance: None, or an ``Avoidance``: then followers keep to their lanes but give way,
            as vehicles do, in fixed ticks of ``tick`` seconds: each goes as fast (up to its
            speed) as ORCA allows it behind the ones in front (``Avoidance.speeds_along``:
            slowing, never swerving); where lanes meet and discs would still overlap (by more
            than 1 % of a radius), the one behind is pushed back along its lane. Followers
            spawned where others stand queue behind the lane's start (a negative ``distance``,
            on the line of its first leg) and walk on in turn.
        tick: Seconds of game time per tick, with ``avoidance``.

    Attributes (one row per follower): ``ids``, ``distance`` (along its lane, units), ``speeds``
    (units per second), ``multipliers`` (slows, 1 = none; set freely), ``lanes`` (index),
    ``reached``, ``arrival_times`` (game time of arrival, NaN before), ``positions`` (n, 2),
    ``headings`` (radians), ``radii`` and ``velocities`` (n, 2; with ``avoidance``, its discs and
    the way each last moved); ``time`` is the game time in seconds.
    """

    _FIELDS = (
        *Population._FIELDS,
        ("distance", float, 0),
        ("lanes", np.int64, 0),
        ("radii", float, 0),
        ("velocities", float, 2),
    )

    def __init__(self, path, lanes=(0.0,), speed_floor=0.1, seed=0, data=(), avoidance=None, tick=1.0 / 60.0):
        _check_path(path)
        super().__init__(seed, speed_floor, data)
        self.avoidance = checked(avoidance)
        self.clock = GameClock(None if avoidance is None else positive_finite(tick, "tick"))
        self.path = path
        try:
            offsets = [float(offset) for offset in lanes]
        except (TypeError, ValueError, OverflowError):
            raise ValueError(f"lanes must be sideways offsets (numbers), got {lanes!r}") from None
        if not offsets:
            raise ValueError("lanes must hold at least one offset (0 for the path itself)")
        self.lane_paths = [path if offset == 0.0 else path.offset(offset) for offset in offsets]
        self.lane_lengths = np.array([lane.length for lane in self.lane_paths])

    def spawn(self, count, speed, progress=0.0, radius=None, **data):
        """Add ``count`` followers at ``speed`` (one, or one each) units per second, at the start
        or at ``progress`` (fractions of their lane, one or one each), of ``radius`` (one or one
        each; the avoidance's by default, else 0), with the ``data`` given (one value or one each
        per name; 0 for the names left out); returns their ids. With avoidance, one that would
        stand on another queues behind it."""
        speeds = self._spawn_speeds(count, speed)
        progress = self._spawn_progress(count, progress)
        if radius is None:
            radius = 0.0 if self.avoidance is None else self.avoidance.radius
        radii = one_each(radius, count, "radius", "a number >= 0 (length units)")
        if not np.all(radii >= 0.0) or (self.avoidance is not None and not np.all(radii > 0.0)):
            raise ValueError(f"radius must be a positive number (length units), got {_shown(radius)}")
        lanes = self.rng.integers(0, len(self.lane_paths), count) if len(self.lane_paths) > 1 else 0
        ids = self._append(
            data, speeds=speeds, lanes=lanes, radii=radii, distance=progress * self.lane_lengths[lanes]
        )
        self._place(slice(len(self) - count, None))
        if self.avoidance is not None:
            self._pushed_back(np.flatnonzero(~self.reached))
        return ids

    def step(self, dt):
        """Advance every follower by ``dt`` seconds of game time (any dt >= 0; with avoidance,
        the ticks it completes, at most ``MAX_TICKS_PER_STEP``).

        Raises:
            ValueError: If dt is not a finite number >= 0 (or too many ticks).
        """
        if self.avoidance is not None:
            first = self.clock.ticks
            due = self.clock.advance(dt, max_ticks=MAX_TICKS_PER_STEP if len(self) else None)
            for number in range(first, first + due if len(self) else first):
                self._give_way(number)
            return
        start = self.time
        self.clock.advance(dt)
        dt = float(dt)
        speeds = self._effective_speeds()
        remaining = self.remaining
        arriving = ~self.reached & (speeds * dt >= remaining)
        self.arrival_times[arriving] = start + remaining[arriving] / speeds[arriving]
        self.reached |= arriving
        self.distance = np.minimum(self.distance + speeds * dt, self.lane_lengths[self.lanes])
        self._place(slice(None))

    @property
    def progress(self):
        """The fraction of its lane each follower has covered, (n,)."""
        return self.distance / self.lane_lengths[self.lanes]

    @property
    def remaining(self):
        """Distance left to the end of its lane for each follower, (n,)."""
        return self.lane_lengths[self.lanes] - self.distance

    def _place(self, rows):
        """Positions and headings of the followers ``rows`` (a slice or indices) from their
        distances: before the start (queued), on the line of the lane's first leg."""
        distance, lanes = self.distance[rows], self.lanes[rows]
        positions, headings = self.positions[rows], self.headings[rows]
        for lane, lane_path in enumerate(self.lane_paths):
            here = slice(None) if len(self.lane_paths) == 1 else lanes == lane
            positions[here], headings[here] = lane_path.pose_at(distance[here])
        queued = distance < 0.0
        if queued.any():
            positions[queued] += distance[queued, None] * _ways(headings[queued])
        self.positions[rows], self.headings[rows] = positions, headings

    def _give_way(self, number):
        """Tick ``number`` with avoidance: each follower as fast along its lane as ORCA allows
        behind the ones in front (``Avoidance.speeds_along``), then pushed back where discs
        still overlap (``_pushed_back``)."""
        tick, speeds = self.clock.tick, self._effective_speeds()
        walking = np.flatnonzero(~self.reached)
        along = self.avoidance.speeds_along(
            self.positions[walking],
            self.velocities[walking],
            _ways(self.headings[walking]),
            speeds[walking],
            self.radii[walking],
            self.distance[walking],
            tick,
        )
        before = self.distance[walking]
        lengths = self.lane_lengths[self.lanes[walking]]
        self.distance[walking] = np.minimum(before + along * tick, lengths)
        self._place(walking)
        self._pushed_back(walking)
        moved = self.distance[walking] - before
        self.velocities[walking] = _ways(self.headings[walking]) * (moved / tick)[:, None]
        arriving = walking[self.distance[walking] >= lengths]
        self.arrival_times[arriving] = (number + 1) * tick
        self.reached[arriving] = True

    def _pushed_back(self, rows):
        """Push the followers ``rows`` back along their lanes (past the start if need be) until
        none overlaps another by more than ``TOLERANCE`` of the smaller radius: of each
        overlapping pair the one behind (the lower distance; the later spawned at a tie) steps
        back by the overlap, the one in front never moves."""
        if len(rows) < 2:
            return
        for _ in range(MAX_PUSH_ROUNDS):
            positions, radii = self.positions[rows], self.radii[rows]
            first, second = close_pairs(positions, 2.0 * float(radii.max()))
            gap = positions[second] - positions[first]
            overlap = radii[first] + radii[second] - np.hypot(gap[:, 0], gap[:, 1])
            allowed = TOLERANCE * np.minimum(radii[first], radii[second])
            over = overlap > allowed
            if not over.any():
                return
            first, second = rows[first[over]], rows[second[over]]
            behind_first = (self.distance[first] < self.distance[second]) | (
                (self.distance[first] == self.distance[second]) & (first > second)
            )
            behind = np.where(behind_first, first, second)
            back = np.zeros(len(self))
            np.maximum.at(back, behind, overlap[over] + allowed[over])
            moving = np.flatnonzero(back)
            self.distance[moving] -= back[moving]
            self._place(moving)


def _ways(headings):
    """Unit vectors (n, 2) of ``headings`` (n,) radians."""
    return np.column_stack([np.cos(headings), np.sin(headings)])


def _check_path(path):
    if not isinstance(path, WaypointPath):
        raise ValueError(f"path must be a WaypointPath, got {type(path).__name__}")
