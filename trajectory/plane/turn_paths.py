"""Paths of arcs and lines in the ground plane, for units with a turning radius (the seed's data
structure): one path (a view of a ``SegmentTable``), and many paths at once as arrays.

Angles are in radians, counter-clockwise from +x; headings come out in [-pi, pi).
"""

import dataclasses
import enum
import functools
import math

import numpy as np

from trajectory._numerics.angles import same_headings, wrapped
from trajectory._numerics.checks import finite_number, positive_finite, real_array, real_values
from trajectory.plane.segment_poses import advance
from trajectory.plane.segments import SegmentTable

MIRRORED = str.maketrans("LR", "RL")
"""A path's word seen in a mirror (or steered backing): left and right swapped."""


class GoalPlace(enum.Enum):
    """Where the point lay, for a path to a point: a code (the scene puts it into words)."""

    OUTSIDE = "outside"
    """Outside both turning circles: the seed's turn then straight reaches it."""
    INSIDE_LEFT = "inside left"
    """Inside the left turning circle."""
    INSIDE_RIGHT = "inside right"
    """Inside the right turning circle."""


@dataclasses.dataclass(frozen=True)
class TurnPath:
    """Arcs and lines, end to end, driven from a start pose: a view of one ``SegmentTable``
    (built when first read, so that a planner weighing candidates builds none).

    Attributes:
        start: The pose (x, y, heading) it starts at, exactly.
        radius: The turning radius of its arcs.
        turns: Each segment's turn (1 left, 0 straight, -1 right).
        segment_lengths: Each segment's length.
        word: Which kind of path: "LS"/"RS" (turn then go straight), "LR"/"RL" (turn one way, then
            the other), or a Dubins word such as "LSR".
        goal_place: For a path to a point, where the point lay (a ``GoalPlace``); None otherwise.
        end: The pose it ends at exactly, when known (a Dubins goal): ``pose`` returns it there,
            not the segments' rounding of it.
        gears: Each segment's gear (1 forwards, -1 in reverse: the unit backs along it, and
            ``pose`` gives the heading it faces); None when all go forwards.
        sharpness: For a unit that steers (its curvature changes at most this fast, per unit of
            length): that rate; None for arcs and lines only. Each turn of ``word`` is then
            three segments (a clothoid, an arc, a clothoid) and each line one.
        segment_radii: Each segment's radius where they differ from ``radius`` (a turn too
            small for full lock peaks at a larger one); its curvature at its start is
            turn / radius. None: all ``radius``.
        curvature_rates: How fast each segment's curvature changes per unit of length (its
            clothoids'); None: all 0.
    """

    start: tuple
    radius: float
    turns: tuple
    segment_lengths: tuple
    word: str
    goal_place: GoalPlace = None
    end: tuple = None
    gears: tuple = None
    sharpness: float = None
    segment_radii: tuple = None
    curvature_rates: tuple = None

    def __repr__(self):
        steering = "" if self.sharpness is None else f", sharpness {self.sharpness:g}"
        cusps = len(self.cusps)
        if cusps:
            gears = f", {cusps} change{'s' if cusps > 1 else ''} of gear"
        else:
            gears = ", in reverse" if self.gears is not None and self.gears[0] < 0 else ""
        return (
            f"TurnPath({self.word}, length {self.length:.6g}, radius {self.radius:g}{steering}{gears}, "
            f"from ({', '.join(f'{v:.4g}' for v in self.start)}))"
        )

    @functools.cached_property
    def table(self):
        """The segments, a ``SegmentTable``."""
        radii = self.radius if self.segment_radii is None else self.segment_radii
        return SegmentTable.chain(
            self.start, self.turns, self.segment_lengths, radii, self.gears, self.curvature_rates
        )

    def curvature(self, distance):
        """The curvature (1 / length; positive: steering left) at ``distance`` along the path:
        a float for a float, an array shaped like an array (clamped to [0, length]).

        Raises:
            ValueError: If a distance is NaN or not a real number.
        """
        return self.table.curvature(distance)

    @property
    def cusps(self):
        """The distances along the path where the unit stops and changes gear, ascending."""
        if self.gears is None:
            return ()
        ends = np.cumsum(self.segment_lengths).tolist()
        return tuple(ends[k] for k in range(len(self.gears) - 1) if self.gears[k] != self.gears[k + 1])

    @property
    def segments(self):
        """The segments as ``Arc`` and ``Line`` objects."""
        return self.table.views()

    @property
    def length(self):
        """The total length."""
        return float(sum(self.segment_lengths))

    def pose(self, distance):
        """(x, y, heading) at ``distance`` along the path: shape (3,) for a scalar, (n, 3) for (n,).

        Distances below 0 give the start pose, past the end the end pose.

        Raises:
            ValueError: If a distance is NaN or not a real number.
        """
        d = real_values(distance, "distance")
        if isinstance(d, float):
            return np.array(self._scalar_pose(d))
        poses = self.table.pose(d)
        poses[d <= 0.0] = self.start
        if self.end is not None:
            poses[d >= self.length] = self.end
        return poses

    def moved(self, dx, dy):
        """The same path moved by (dx, dy): from one frame of coordinates to another.

        Raises:
            ValueError: If dx or dy is not a finite number.
        """
        dx, dy = (
            finite_number(dx, "dx must be a finite number"),
            finite_number(dy, "dy must be a finite number"),
        )
        start, end = (
            None if pose is None else (pose[0] + dx, pose[1] + dy, pose[2]) for pose in (self.start, self.end)
        )
        return dataclasses.replace(self, start=start, end=end)

    def pose_at_time(self, time, speed):
        """(x, y, heading) after ``time`` seconds at ``speed`` length units per second."""
        speed = positive_finite(speed, "speed")
        return self.pose(real_values(time, "time") * speed)

    def _scalar_pose(self, distance):
        """``pose`` of one distance in plain floats: the per-frame path."""
        if distance <= 0.0:
            return self.start
        if distance >= self.length and self.end is not None:
            return self.end
        return self.table.scalar_pose(distance)


def path_from_turns(start, radius, turns, parts, word, goal_place=None, end=None, gears=None):
    """A ``TurnPath`` from pose ``start``: per segment a turn (1 left, 0 straight, -1 right), a
    length ``parts`` and a gear (1 forwards, -1 reverse; all forwards when None); ``end`` is the
    pose it ends at exactly, when known."""
    start = (float(start[0]), float(start[1]), wrapped(float(start[2])))
    end = None if end is None else (float(end[0]), float(end[1]), wrapped(float(end[2])))
    turns, parts = tuple(float(t) for t in turns), tuple(float(p) for p in parts)
    if gears is not None:
        gears = tuple(float(g) for g in gears)
    return TurnPath(start, float(radius), turns, parts, word, goal_place, end, gears)


@dataclasses.dataclass(frozen=True)
class TurnPaths:
    """Many paths at once, one per unit, as arrays: from each start pose, segments that turn left
    (1), go straight (0) or turn right (-1) for a length.

    Attributes:
        starts: Start poses (x, y, heading), shape (n, 3).
        radii: Turning radii, shape (n,).
        turns: Each segment's turn, shape (n, k).
        segment_lengths: Each segment's length, shape (n, k).
        words: Each path's word ("LS", "RLR", ...), shape (n,).
        goal_places: For paths to points, where each point lay (``GoalPlace``), shape (n,).
        ends: The poses the paths end at exactly, when known (Dubins goals), shape (n, 3).
        gears: Each segment's gear (1 forwards, -1 in reverse), shape (n, k); None when all go
            forwards. A path has as many segments as its word has letters (three per turn for
            a unit that steers); any after those have no length.
        segment_radii: Each segment's radius, shape (n, k), where they differ from ``radii``.
        curvature_rates: Each segment's change of curvature per unit of length, shape (n, k).
        sharpness: As for ``TurnPath``: the steering units' rate, or None.
    """

    starts: np.ndarray
    radii: np.ndarray
    turns: np.ndarray
    segment_lengths: np.ndarray
    words: np.ndarray
    goal_places: np.ndarray = None
    ends: np.ndarray = None
    gears: np.ndarray = None
    segment_radii: np.ndarray = None
    curvature_rates: np.ndarray = None
    sharpness: float = None

    def __repr__(self):
        lengths = self.lengths
        spread = f", lengths {lengths.min():.6g} to {lengths.max():.6g}" if len(lengths) else ""
        return f"TurnPaths({len(self)} paths{spread})"

    def __len__(self):
        return self.radii.size

    @property
    def lengths(self):
        """Each path's length, shape (n,)."""
        return self.segment_lengths.sum(axis=1)

    def pose(self, distances):
        """(x, y, heading) of each unit at its own distance along its path, shape (n, 3).

        Distances (one, or one per unit) are clamped to [0, length].

        Raises:
            ValueError: If a distance is NaN or not a real number.
        """
        lengths = self.lengths
        wanted = np.clip(np.broadcast_to(real_values(distances, "distances"), self.radii.shape), 0.0, lengths)
        left = wanted
        x, y, heading = (self.starts[:, k].copy() for k in range(3))
        for k in range(self.segment_lengths.shape[1]):
            step = np.minimum(left, self.segment_lengths[:, k])
            left = left - step
            if self.gears is not None:
                step = step * self.gears[:, k]
            radii = self.radii if self.segment_radii is None else self.segment_radii[:, k]
            rates = None if self.curvature_rates is None else self.curvature_rates[:, k]
            x, y, heading = advance(x, y, heading, self.turns[:, k], step, radii, None, rates)
        poses = np.stack([x, y, wrapped(heading)], axis=1)
        if self.ends is not None:
            at_end = wanted >= lengths
            poses[at_end] = self.ends[at_end]
        return poses

    def pose_at_time(self, times, speeds):
        """(x, y, heading) of each unit after its time (s) at its speed (units/s), shape (n, 3)."""
        speeds = np.asarray(speeds, dtype=float)
        if not np.all(np.isfinite(speeds) & (speeds > 0.0)):
            raise ValueError("speed must be a positive finite number for every unit")
        return self.pose(np.asarray(times, dtype=float) * speeds)

    def path(self, index):
        """Unit ``index``'s path as a ``TurnPath`` of arcs and lines."""
        goal_place = None if self.goal_places is None else self.goal_places[index]
        word = str(self.words[index])
        count = len(word) if self.sharpness is None else steering_rows(word)
        path = path_from_turns(
            self.starts[index].tolist(),
            float(self.radii[index]),
            self.turns[index, :count].tolist(),
            self.segment_lengths[index, :count].tolist(),
            word,
            goal_place,
            None if self.ends is None else self.ends[index].tolist(),
            None if self.gears is None else self.gears[index, :count].tolist(),
        )
        if self.sharpness is None:
            return path
        return dataclasses.replace(
            path,
            sharpness=float(self.sharpness),
            segment_radii=tuple(self.segment_radii[index, :count].tolist()),
            curvature_rates=tuple(self.curvature_rates[index, :count].tolist()),
        )


def steering_rows(word):
    """How many segments a unit that steers drives for ``word``: three per turn (clothoid, arc,
    clothoid), one per line; a "|" (a change of gear) none."""
    return sum(3 if letter in "LR" else 1 if letter == "S" else 0 for letter in word)


def point(value, name):
    """``value`` as two finite floats (x, y), or a ValueError naming ``name``."""
    x, y = _finite_row(value, name, "two finite numbers (x, y)", 2)
    return x, y


def angle(value, name):
    """``value`` as a finite float reduced to [-pi, pi), or a ValueError naming ``name``."""
    if type(value) is float and math.isfinite(value):  # the common case, first
        return wrapped(value)
    (number,) = _finite_row([value], name, "a finite angle in radians", 1)
    return wrapped(number)


def pose(value, name):
    """``value`` as three finite floats (x, y, heading as given), or a ValueError naming ``name``."""
    return _finite_row(value, name, "three finite numbers (x, y, heading)", 3)


_FLOAT = {float}


def _finite_row(value, name, what, size):
    """``value`` as a list of ``size`` finite floats: a tuple or list of Python floats on a fast
    path, anything else through numpy (so that text, None and complex numbers are refused alike)."""
    plain = type(value) in (tuple, list) and len(value) == size and set(map(type, value)) == _FLOAT
    if plain and math.isfinite(sum(value)):  # a NaN or an infinity (or a sum that overflows): the long way
        return list(value)
    array = real_array(value, name, what)
    if array.shape != (size,) or not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must be {what}, got {value!r}")
    return array.tolist()


def rows(value, name, columns):
    """``value`` as a finite float array shaped (n, columns), or a ValueError naming ``name``."""
    array = real_array(value, name, f"numbers shaped (n, {columns})")
    if array.ndim != 2 or array.shape[1] != columns or not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must be finite numbers shaped (n, {columns}), got shape {array.shape}")
    return array


def pose_pairs(starts, goals, headings, radius):
    """Many start poses (n, 3), goal points (n, 2) with the headings to arrive at them (n,), and
    one radius or one per unit, checked: the starts and the goal poses as float arrays (n, 3)
    with headings in [-pi, pi), a goal heading the same as its start's (to rounding) made exactly
    that, and the radii (n,). Raises a ValueError naming what is wrong."""
    starts, points = rows(starts, "starts", 3), rows(goals, "goals", 2)
    headings = real_array(headings, "headings", "angles shaped (n,)")
    if points.shape[0] != starts.shape[0] or headings.shape != starts.shape[:1]:
        raise ValueError(
            f"starts (n, 3), goals (n, 2) and headings (n,) must be as many, got shapes {starts.shape}, "
            f"{points.shape} and {headings.shape}"
        )
    if not np.all(np.isfinite(headings)):
        raise ValueError("headings must be finite angles")
    goals = np.column_stack([points, headings])
    starts[:, 2], goals[:, 2] = wrapped(starts[:, 2]), wrapped(goals[:, 2])
    goals[:, 2] = np.where(same_headings(starts[:, 2], goals[:, 2]), starts[:, 2], goals[:, 2])
    return starts, goals, radii_for(radius, len(starts))


def radii_for(radius, count):
    """One radius or one per unit as an array shaped (count,), or a ValueError."""
    try:
        radii = np.broadcast_to(real_array(radius, "radius", "positive numbers"), (count,)).copy()
    except ValueError:
        raise ValueError(f"radius must be one number or one per unit ({count}), got {radius!r}") from None
    if not np.all(np.isfinite(radii) & (radii > 0.0)):
        raise ValueError("radius must be a positive finite number for every unit")
    return radii
